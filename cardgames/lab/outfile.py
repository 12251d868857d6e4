"""``--out FILE``: results as JSON lines as they arrive, and ``--resume`` to continue a run.

The first line describes the run (what is played); every other line is one game's result,
tagged with its variant. A run is resumed only with the same description, so a resumed
run is exactly the run that was interrupted. A line cut short by a crash is dropped.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import IO, Any

from cardgames.core.game import Game
from cardgames.lab.plan import Plan
from cardgames.lab.result import GameResult
from cardgames.lab.resume import FORMAT, read_run
from cardgames.primitives.errors import OptionError
from cardgames.primitives.language import FRAMEWORK

_ = FRAMEWORK.gettext

SCHEMA = 2  # 2: games dealt from the keyed stream (docs/fair-deal.md); a file of 1 is another run


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
        cls, path: Path, head: Mapping[str, Any], *, resume: bool, game: Game[Any, Any], plans: Sequence[Plan]
    ) -> tuple[OutFile, dict[tuple[int, int], GameResult]]:
        """Start the file (refusing to overwrite one) or, with ``resume``, read what it holds.

        A resumed file is checked whole against the run before anything is written to it.
        """
        done: dict[tuple[int, int], GameResult] = {}
        if path.exists() and not resume:
            said = _("{path!r} exists; add --resume to continue that run, or choose another file")
            raise OptionError(said.format(path=str(path)))
        try:
            if resume and path.exists():
                done, good = read_run(path, head, game, plans)
                with path.open("r+b") as raw:  # drop a line cut short by a crash
                    raw.truncate(good)
                stream = path.open("a", encoding="utf-8")
            else:
                stream = path.open("x", encoding="utf-8")
                stream.write(json.dumps(dict(head), ensure_ascii=False) + "\n")
                stream.flush()
        except OSError as exc:
            said = _("cannot write {path!r}: {error}")  # the system's own words (strerror) as it gives them
            raise OptionError(said.format(path=str(path), error=exc.strerror or exc)) from None
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
