"""How a lab run is going and how it went: the progress bar on the terminal, the report's footer."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskProgressColumn,
    TextColumn,
    TimeRemainingColumn,
)

from cardgames.lab.backends import where
from cardgames.lab.runner import Run
from cardgames.primitives.language import FRAMEWORK

_ = FRAMEWORK.gettext
ngettext = FRAMEWORK.ngettext


@contextmanager
def progress_bar(total: int, already: int, quiet: bool) -> Iterator[Callable[[int], None] | None]:
    """A progress bar on the terminal (games, games/s, time left), or nothing when not a terminal."""
    console = Console(stderr=True)
    if quiet or not console.is_terminal:
        yield None
        return
    bar = Progress(
        TextColumn(f"[bold]{escape(_('games'))}"),
        BarColumn(),
        MofNCompleteColumn(),
        TaskProgressColumn(),
        TextColumn("{task.fields[rate]}"),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    )
    task = bar.add_task("games", total=total, completed=already, rate="")
    start = time.perf_counter()
    played = [0]  # games played in this run (not those resumed from the file)

    def advance(k: int) -> None:
        played[0] += k
        elapsed = time.perf_counter() - start
        rate = _("{rate} games/s").format(rate=f"{played[0] / elapsed:,.1f}") if elapsed > 0 else ""
        bar.update(task, advance=k, rate=rate)

    with bar:
        yield advance


def footer(console: Console, result: Run, meta: dict[str, Any]) -> None:
    """How the run went: games finished and played now, speed, where they ran; an interruption said."""
    finished = sum(len(r) for r in result.results)
    rate = meta["games_per_second"]
    speed = " (" + _("{rate} games/s").format(rate=f"{rate:,.1f}") + ")" if rate else ""
    said = ngettext(
        "{finished} of {planned} game; {now} played now in {seconds} s{speed} {where}, batches of {batch}",
        "{finished} of {planned} games; {now} played now in {seconds} s{speed} {where}, batches of {batch}",
        result.planned,
    ).format(
        finished=finished,
        planned=result.planned,
        now=meta["games_played_now"],
        seconds=f"{meta['seconds']:.1f}",
        speed=speed,
        where=where(meta["backend"], meta["workers"]),
        batch=meta["batch"],
    )
    if meta["resumed"]:
        said += "; " + _("{count} from the --out file").format(count=meta["resumed"])
    console.print(said, highlight=False, style="dim")
    if result.interrupted:
        said = ngettext(
            "the report covers the {count} game that finished (continue with --resume if you gave --out)",
            "the report covers the {count} games that finished (continue with --resume if you gave --out)",
            finished,
        ).format(count=finished)
        console.print(f"[bold yellow]{escape(_('interrupted:'))}[/] {escape(said)}", highlight=False)
