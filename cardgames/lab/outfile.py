"""``--out FILE``: results as JSON lines as they arrive, and ``--resume`` to continue a run.

The first line describes the run (what is played); every other line is one game's result,
tagged with its variant. A run is resumed only with the same description, so a resumed
run is exactly the run that was interrupted. A line cut short by a crash is dropped.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import IO, Any

from cardgames.lab.result import GameResult
from cardgames.primitives.errors import OptionError

FORMAT = "cardgames-simulation"
SCHEMA = 1


def header(kind: str, rules_version: str, plans: list[dict[str, Any]]) -> dict[str, Any]:
    """The first line of an ``--out`` file."""
    return {"format": FORMAT, "schema": SCHEMA, "kind": kind, "rules_version": rules_version, "plans": plans}


class OutFile:
    """An open ``--out`` file: appends one line per result and flushes after every batch."""

    def __init__(self, path: Path, stream: IO[str]) -> None:
        self.path = path
        self.stream = stream

    @classmethod
    def open(
        cls, path: Path, head: Mapping[str, Any], *, resume: bool
    ) -> tuple[OutFile, dict[tuple[int, int], GameResult]]:
        """Start the file (refusing to overwrite one) or, with ``resume``, read what it holds."""
        done: dict[tuple[int, int], GameResult] = {}
        if path.exists() and not resume:
            raise OptionError(
                f"{str(path)!r} exists; add --resume to continue that run, or choose another file"
            )
        try:
            if resume and path.exists():
                done, good = _read(path, head)
                with path.open("r+b") as raw:  # drop a line cut short by a crash
                    raw.truncate(good)
                stream = path.open("a", encoding="utf-8")
            else:
                stream = path.open("x", encoding="utf-8")
                stream.write(json.dumps(dict(head), ensure_ascii=False) + "\n")
                stream.flush()
        except OSError as exc:
            raise OptionError(f"cannot write {str(path)!r}: {exc.strerror or exc}") from None
        return cls(path, stream), done

    def write(self, variant: int, results: list[GameResult]) -> None:
        """Append results and make them durable."""
        for r in results:
            self.stream.write(json.dumps({"variant": variant, **r.to_data()}, ensure_ascii=False) + "\n")
        self.stream.flush()
        os.fsync(self.stream.fileno())

    def close(self) -> None:
        """Close the file."""
        self.stream.close()


def _read(path: Path, head: Mapping[str, Any]) -> tuple[dict[tuple[int, int], GameResult], int]:
    """The results in a file and the length of its complete lines; OptionError if it is another run."""
    data = path.read_bytes()
    lines = data.split(b"\n")
    complete = lines[:-1]  # the part after the last newline is incomplete (or empty)
    name = str(path)
    if not complete:
        raise OptionError(f"{name!r} is not a simulation results file (it has no header line)")
    try:
        first = json.loads(complete[0])
    except ValueError:
        raise OptionError(f"{name!r} is not a simulation results file") from None
    if not isinstance(first, dict) or first.get("format") != FORMAT:
        raise OptionError(f"{name!r} is not a simulation results file")
    if first != dict(head):
        differs = sorted(k for k in set(first) | set(head) if first.get(k) != head.get(k))
        raise OptionError(
            f"{name!r} holds a different run ({', '.join(differs)} differ); "
            "resume it with the same game, options, bots, seed and games, or choose another file"
        )
    done: dict[tuple[int, int], GameResult] = {}
    good = len(complete[0]) + 1
    for number, line in enumerate(complete[1:], 2):
        try:
            item = json.loads(line)
            result = GameResult.from_data(item)
            variant = int(item["variant"])
        except (ValueError, KeyError, TypeError):
            raise OptionError(f"{name!r} line {number} is damaged; it cannot be resumed") from None
        done[(variant, result.index)] = result
        good += len(line) + 1
    return done, good
