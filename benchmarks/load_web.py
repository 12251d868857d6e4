"""Load benchmark of ``cardgames serve``: many concurrent tables, each with a few websocket clients.

Starts the real server (the installed ``cardgames serve``, on loopback, a fresh tables
folder), opens TABLES tables of Dernier with two people and two bots each (ten a loopback
address, 127.0.1.1 and up, within the lobby's burst limit for one client), and connects
three clients to each table: the two people's seats (they answer their turn at once with
the first move offered) and a spectator. It measures, for ``--seconds`` at most:

- a person's move latency: from sending a move to receiving the state in which it was
  applied (the server parses, applies, saves the record with fsync, builds every seat's
  view and sends it);
- a bot's move overhead: the time between two states of a bot's moves beyond the bot's
  deliberate delay;
- the server's memory (resident set) before the tables and at the end.

It prints one Markdown table (``benchmarks/docs_tables.py`` writes it into docs/hosting.md).

With ``--attack`` it runs the attacks of issue 32 items 2 to 6 meanwhile, from another
loopback address (127.0.0.2, another client to the server): all-bot tables of searching bots
that ask for 30 s a move (or ten million iterations), a flood of table requests without an
Origin, requests for another Host, guesses at scoreboards, and JSON nested 1,020 deep on a
seat's websocket and in the lobby's body; it reports what the server answered to each, and
whether a lobby request from the normal client still opens a table during the flood.

Run: python benchmarks/load_web.py [--tables 100] [--seconds 40] [--attack]; the issue's
run is ``--tables 10 --seconds 30 --attack`` (10 tables, 30 seat connections). Loopback only,
bounded in time and in tables; it stops the server itself. The server is ``python -m
cardgames serve`` of the interpreter running this script (``PYTHONPATH`` picks the code).
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import http.client
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from typing import Any
from urllib.parse import urlsplit

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
    """Table ``seed``, opened from a loopback address of its own ten (the lobby lets one client
    open ten tables in a burst, so 100 tables come from ten addresses, as from ten homes)."""
    body = {
        "game": "dernier",
        "options": ["hands_to_win=3"],
        "seats": [{"name": "Ann"}, {"name": "Boris"}, {"bot": "heuristic"}, {"bot": "heuristic"}],
        "seed": seed,
    }
    parts = urlsplit(url)
    assert parts.hostname is not None and parts.port is not None
    source = f"127.0.1.{seed // 10 + 1}"
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30, source_address=(source, 0))
    try:
        headers = {"Content-Type": "application/json", "Origin": url}
        conn.request("POST", "/api/tables", json.dumps(body), headers)
        answer = conn.getresponse()
        text = answer.read()
    finally:
        conn.close()
    if answer.status != 200:
        raise SystemExit(f"the lobby refused table {seed} from {source}: {answer.status} {text[:200]!r}")
    data: dict[str, Any] = json.loads(text)
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
            top = message["tabletop"] or {"seats": []}
            turn = next((p["seat"] for p in top["seats"] if "to_act" in p["marks"]), None)
            bot_turn = turn is not None and message["seats"][turn]["bot"] is not None
            if last is not None and last[2] and message["decision"] == last[0] + 1:
                overheads.append(now - last[1] - BOT_DELAY)
            last = (message["decision"], now, bot_turn)
            if message["over"]:
                return


ATTACKER = "127.0.0.2"  # another client on loopback (Linux routes all of 127/8 to lo)
VISITOR = "127.0.0.3"  # a third client, who opens a table from the lobby during the attacks
NESTED = "[" * 1020 + "]" * 1020  # 2 KB, under the size limits


class Attacker:
    """Issue 32's attacks (items 2 to 6), from ATTACKER, with what the server answered to each."""

    def __init__(self, url: str) -> None:
        parts = urlsplit(url)
        self.url, self.host, self.port = url, parts.hostname or "127.0.0.1", parts.port or 80
        self.seen: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
        self.watch: list[tuple[str, str]] = []  # (table, spectator token) of the attacker's tables

    def request(
        self,
        method: str,
        path: str,
        body: Any = None,
        headers: dict[str, str] | None = None,
        source: str = ATTACKER,
    ) -> tuple[int, Any]:
        conn = http.client.HTTPConnection(self.host, self.port, timeout=30, source_address=(source, 0))
        try:
            data = body if isinstance(body, bytes | None) else json.dumps(body).encode()
            conn.request(
                method, path, body=data, headers={"Content-Type": "application/json", **(headers or {})}
            )
            answer = conn.getresponse()
            raw = answer.read()
            try:
                return answer.status, json.loads(raw)
            except ValueError:
                return answer.status, raw[:80]
        finally:
            conn.close()

    def note(self, what: str, status: int) -> None:
        self.seen[what][str(status)] += 1

    def stall(self) -> None:
        """Item 2: all-bot tables whose bots ask for 30 s a move, or ten million iterations."""
        for bot in ["ismcts:time=30"] * 4 + ["ismcts:iterations=10000000"] * 4:
            status, data = self.request(
                "POST", "/api/tables", {"game": "dernier", "seats": [{"bot": bot}] * 4}, {"Origin": self.url}
            )
            self.note(f"2 all-bot table of {bot}", status)
            if status == 200:
                self.watch.append((data["table"], data["watch"]))

    def flood(self, count: int, stop: float) -> None:
        """Item 3: tables opened as fast as the server answers, without an Origin."""
        body = {"game": "dernier", "seats": [{"name": "A"}, {"name": "B"}]}
        for _ in range(count):
            if time.monotonic() > stop:
                return
            self.note("3 flood of table requests", self.request("POST", "/api/tables", body)[0])

    def probes(self) -> None:
        """Items 4 to 6 over HTTP: another Host, scoreboard guesses, a deep body."""
        evil = {"Host": "evil.example", "Origin": "http://evil.example"}
        body = {"game": "dernier", "seats": [{"name": "A"}, {"name": "B"}]}
        self.note("4 table request for Host evil.example", self.request("POST", "/api/tables", body, evil)[0])
        status, data = self.request("GET", "/api/scores/anything")
        self.note("5 GET /api/scores/anything", status)
        self.seen["5 its answer"][str(data)[:90]] += 1
        status, _ = self.request("POST", "/api/tables", NESTED.encode(), {"Origin": self.url})
        self.note("6 lobby body nested 1,020 deep", status)

    async def deep_socket(self) -> None:
        """Item 6 on a websocket: the close code the server gives (none: dropped without one)."""
        if not self.watch:
            return
        table, token = self.watch[0]
        ws_url = self.url.replace("http", "ws") + f"/ws/{table}"
        try:
            async with connect(ws_url, origin=self.url, local_addr=(ATTACKER, 0)) as ws:  # type: ignore[arg-type]
                await ws.send(json.dumps({"type": "hello", "token": token}))
                await ws.send(NESTED)
                try:
                    while True:
                        await asyncio.wait_for(ws.recv(), 5)
                except Exception:
                    pass
                self.note("6 websocket message nested 1,020 deep: close code", ws.close_code or 0)
        except Exception as exc:
            self.note(f"6 websocket refused: {type(exc).__name__}", 0)

    async def run(self, stop: float, lobby: list[str]) -> None:
        """Every attack until ``stop``; meanwhile another visitor opens a table from the lobby every 5 s."""
        await asyncio.to_thread(self.stall)
        flood = asyncio.create_task(asyncio.to_thread(self.flood, 600, stop))
        visits = time.monotonic()
        while time.monotonic() < stop - 1:
            await asyncio.to_thread(self.probes)
            await self.deep_socket()
            if time.monotonic() >= visits:
                visits += 5.0
                body = {"game": "dernier", "seats": [{"name": "Ann"}, {"bot": "heuristic"}]}
                status, data = await asyncio.to_thread(
                    self.request, "POST", "/api/tables", body, {"Origin": self.url}, VISITOR
                )
                lobby.append("opened" if status == 200 else f"refused: {status} {data}")
            await asyncio.sleep(1.0)
        await flood

    def answers(self) -> list[tuple[str, str]]:
        """What the server answered each attack, and how many times."""
        return [
            (f"attack: {what}", ", ".join(f"{k} ×{v}" for k, v in sorted(counts.items())))
            for what, counts in sorted(self.seen.items())
        ]


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


async def run(
    url: str, tables: list[dict[str, Any]], seconds: float, attacker: Attacker | None, lobby: list[str]
) -> tuple[list[float], list[float]]:
    stop = time.monotonic() + seconds
    latencies: list[float] = []
    overheads: list[float] = []
    tasks = []
    for data in tables:
        for seat in (0, 1):
            tasks.append(person(url, data["table"], data["seats"][seat]["token"], stop, latencies))
        tasks.append(spectator(url, data["table"], data["watch"], stop, overheads))
    if attacker is not None:
        tasks.append(attacker.run(stop, lobby))
    results = await asyncio.gather(*tasks, return_exceptions=True)
    errors = [r for r in results if isinstance(r, BaseException)]
    if errors:
        print(f"{len(errors)} clients failed, first: {errors[0]!r}", file=sys.stderr)
    return latencies, overheads


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=40.0)
    parser.add_argument("--attack", action="store_true", help="run issue 32's attacks meanwhile")
    args = parser.parse_args()
    if not 1 <= args.tables <= 500 or not 1 <= args.seconds <= 300:
        parser.error("--tables 1-500 and --seconds 1-300 keep the run bounded")
    folder = tempfile.mkdtemp(prefix="cardgames-load-")
    ledger = os.path.join(folder, "ledger.sqlite3")  # with a tournament, for item 5 to find
    subprocess.run(
        [sys.executable, "-m", "cardgames", "ledger", "new", "Private night", "--ledger", ledger],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "cardgames",
            "serve",
            "--port",
            "0",
            "--tables",
            folder,
            "--ledger",
            ledger,
            "--bot-delay",
            str(BOT_DELAY),
        ],
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
        attacker = Attacker(url) if args.attack else None
        lobby: list[str] = []
        latencies, overheads = asyncio.run(run(url, tables, args.seconds, attacker, lobby))
        loaded = rss_mib(server.pid)
        cpu1, clients1, wall = cpu_seconds(server.pid), os.times(), time.perf_counter() - wall0
    finally:
        server.terminate()
        server.wait(10)
    saved = len([n for n in os.listdir(folder) if n.endswith(".table.json")])
    moves = 0
    for data in tables:  # the normal tables' moves (not the attacker's)
        with open(os.path.join(folder, data["table"] + ".json"), encoding="utf-8") as fh:
            moves += len(json.load(fh)["actions"])
    clients = clients1.user - clients0.user + clients1.system - clients0.system
    rows = [
        (
            "tables",
            f"{args.tables} of Dernier (2 people + 2 bots, bot delay {BOT_DELAY} s), "
            f"{3 * args.tables} clients",
        ),
        ("opening the tables", f"{opened:.2f} s ({opened / args.tables * 1000:.1f} ms each); {saved} saved"),
    ]
    if attacker is not None:
        rows += [(what, answers) for what, answers in attacker.answers()]
        refused = [r for r in lobby if r != "opened"]
        first = f" (first refusal: {refused[0]})" if refused else ""
        rows.append(
            ("another visitor's lobby requests", f"{len(lobby) - len(refused)} of {len(lobby)} opened{first}")
        )
    if not latencies:
        rows.append(("person's move latency", "no person had a turn (the normal tables stalled)"))
    else:
        rows += [
            (f"person's move latency, {name} (of {len(latencies)} moves)", f"{value:.1f} ms")
            for name, value in (
                ("p50", pct(latencies, 0.5)),
                ("p99", pct(latencies, 0.99)),
                ("max", max(latencies) * 1000),
            )
        ]
    if overheads:
        rows.append(
            (
                "bots' overhead beyond their delay, p50 / p99",
                f"{pct(overheads, 0.5):.1f} / {pct(overheads, 0.99):.1f} ms",
            )
        )
    rows += [
        (
            "moves applied and saved at the normal tables",
            f"{moves} in {wall:.1f} s ({moves / wall:.0f} a second)",
        ),
        (
            "server processor time, divided by those moves",
            f"{(cpu1 - cpu0) / max(1, moves) * 1000:.2f} ms",
        ),
        ("server memory, idle → with the tables", f"{idle:.0f} → {loaded:.0f} MiB"),
        ("benchmark clients' processor time", f"{clients:.1f} s"),
    ]
    print("| figure | measured |\n|---|---|")
    for what, value in rows:
        print(f"| {what} | {value.replace('|', '/')} |")


if __name__ == "__main__":
    main()
