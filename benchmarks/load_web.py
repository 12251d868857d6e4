"""Load benchmark of ``cardgames serve``: many concurrent tables, each with a few websocket clients.

Starts the real server (the installed ``cardgames serve``, on loopback, a fresh tables
folder), opens TABLES tables of Dernier with two people and two bots each, and connects
three clients to each table: the two people's seats (they answer their turn at once with
the first move offered) and a spectator. It measures, for ``--seconds`` at most:

- a person's move latency: from sending a move to receiving the state in which it was
  applied (the server parses, applies, saves the record with fsync, builds every seat's
  view and sends it);
- a bot's move overhead: the time between two states of a bot's moves beyond the bot's
  deliberate delay;
- the server's memory (resident set) before the tables and at the end.

Run: python benchmarks/load_web.py [--tables 100] [--seconds 40]. Loopback only, bounded
in time and in tables; it stops the server itself.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from typing import Any

from websockets.asyncio.client import connect

BOT_DELAY = 0.2


def rss_mib(pid: int) -> float:
    """A process's resident memory in MiB."""
    with open(f"/proc/{pid}/status", encoding="ascii") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def cpu_seconds(pid: int) -> float:
    """A process's CPU time (user and system) so far."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as fh:
        fields = fh.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def open_table(url: str, seed: int) -> dict[str, Any]:
    body = {
        "game": "dernier",
        "options": ["hands_to_win=3"],
        "seats": [{"name": "Ann"}, {"name": "Boris"}, {"bot": "heuristic"}, {"bot": "heuristic"}],
        "seed": seed,
    }
    request = urllib.request.Request(
        url + "/api/tables",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "Origin": url},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        data: dict[str, Any] = json.loads(answer.read())
    return data


async def person(url: str, table: str, token: str, stop: float, latencies: list[float]) -> None:
    """A person who answers every turn at once with the first move, timing each move."""
    ws_url = url.replace("http", "ws") + f"/ws/{table}"
    async with connect(ws_url, origin=url, max_size=2**20) as ws:  # type: ignore[arg-type]
        await ws.send(json.dumps({"type": "hello", "token": token}))
        sent: tuple[int, float] | None = None
        while time.monotonic() < stop:
            try:
                raw = await asyncio.wait_for(ws.recv(), max(0.1, stop - time.monotonic()))
            except TimeoutError:
                return
            message = json.loads(raw)
            if message["type"] != "state":
                continue
            if sent is not None and message["decision"] > sent[0]:
                latencies.append(time.monotonic() - sent[1])
                sent = None
            if message["over"]:
                return
            if message["yours"] and sent is None and message["actions"]:
                sent = (message["decision"], time.monotonic())
                move = {"type": "act", "i": message["actions"][0]["i"], "decision": message["decision"]}
                await ws.send(json.dumps(move))


async def spectator(url: str, table: str, token: str, stop: float, overheads: list[float]) -> None:
    """A spectator timing the gaps between bots' moves."""
    ws_url = url.replace("http", "ws") + f"/ws/{table}"
    async with connect(ws_url, origin=url, max_size=2**20) as ws:  # type: ignore[arg-type]
        await ws.send(json.dumps({"type": "hello", "token": token}))
        last: tuple[int, float, bool] | None = None
        while time.monotonic() < stop:
            try:
                raw = await asyncio.wait_for(ws.recv(), max(0.1, stop - time.monotonic()))
            except TimeoutError:
                return
            message = json.loads(raw)
            if message["type"] != "state":
                continue
            now = time.monotonic()
            turn = message["turn"]
            bot_turn = turn is not None and message["seats"][turn]["bot"] is not None
            if last is not None and last[2] and message["decision"] == last[0] + 1:
                overheads.append(now - last[1] - BOT_DELAY)
            last = (message["decision"], now, bot_turn)
            if message["over"]:
                return


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


async def run(url: str, tables: list[dict[str, Any]], seconds: float) -> tuple[list[float], list[float]]:
    stop = time.monotonic() + seconds
    latencies: list[float] = []
    overheads: list[float] = []
    tasks = []
    for data in tables:
        for seat in (0, 1):
            tasks.append(person(url, data["table"], data["seats"][seat]["token"], stop, latencies))
        tasks.append(spectator(url, data["table"], data["watch"], stop, overheads))
    results = await asyncio.gather(*tasks, return_exceptions=True)
    errors = [r for r in results if isinstance(r, BaseException)]
    if errors:
        print(f"{len(errors)} clients failed, first: {errors[0]!r}", file=sys.stderr)
    return latencies, overheads


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=40.0)
    args = parser.parse_args()
    if not 1 <= args.tables <= 500 or not 1 <= args.seconds <= 300:
        parser.error("--tables 1-500 and --seconds 1-300 keep the run bounded")
    folder = tempfile.mkdtemp(prefix="cardgames-load-")
    server = subprocess.Popen(
        ["cardgames", "serve", "--port", "0", "--tables", folder, "--bot-delay", str(BOT_DELAY)],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:\d+", line)
        if not found:
            raise SystemExit(f"the server did not start: {line!r}")
        url = found[0]
        idle = rss_mib(server.pid)
        started = time.perf_counter()
        tables = [open_table(url, seed) for seed in range(args.tables)]
        opened = time.perf_counter() - started
        cpu0, clients0, wall0 = cpu_seconds(server.pid), os.times(), time.perf_counter()
        latencies, overheads = asyncio.run(run(url, tables, args.seconds))
        loaded = rss_mib(server.pid)
        cpu1, clients1, wall = cpu_seconds(server.pid), os.times(), time.perf_counter() - wall0
    finally:
        server.terminate()
        server.wait(10)
    saved = len([n for n in os.listdir(folder) if n.endswith(".table.json")])
    moves = 0
    for name in os.listdir(folder):
        if name.endswith(".json") and not name.endswith(".table.json"):
            with open(os.path.join(folder, name), encoding="utf-8") as fh:
                moves += len(json.load(fh)["actions"])
    print(
        f"tables: {args.tables} (Dernier, 2 people + 2 bots, bot delay {BOT_DELAY} s), "
        f"clients: {3 * args.tables}"
    )
    print(
        f"opening the tables: {opened:.2f} s ({opened / args.tables * 1000:.1f} ms each); "
        f"saved tables: {saved}"
    )
    if latencies:
        print(
            f"person's move latency over {len(latencies)} moves: p50 {pct(latencies, 0.5):.1f} ms, "
            f"p99 {pct(latencies, 0.99):.1f} ms, max {max(latencies) * 1000:.1f} ms, "
            f"mean {statistics.fmean(latencies) * 1000:.1f} ms"
        )
    if overheads:
        print(
            f"bot move overhead beyond the delay over {len(overheads)} moves: "
            f"p50 {pct(overheads, 0.5):.1f} ms, p99 {pct(overheads, 0.99):.1f} ms"
        )
    print(f"server memory: {idle:.0f} MiB idle, {loaded:.0f} MiB with the tables")
    clients = clients1.user - clients0.user + clients1.system - clients0.system
    print(
        f"over {wall:.1f} s: {moves} moves applied and saved ({moves / wall:.0f}/s), server CPU "
        f"{cpu1 - cpu0:.1f} s ({(cpu1 - cpu0) / max(1, moves) * 1000:.2f} ms a move), "
        f"benchmark clients' CPU {clients:.1f} s; "
        f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    )


if __name__ == "__main__":
    main()
