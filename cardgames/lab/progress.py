"""How a lab run is going and how it went: the progress bar on the terminal, the report's footer."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn

from cardgames.lab.backends import where
from cardgames.lab.runner import Run
from cardgames.primitives.language import FRAMEWORK, decimals, grouped, percent

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
        # the counts are written here, in the language in force (rich draws in a thread of its own)
        TextColumn("{task.fields[count]}", style="progress.download"),
        TextColumn("{task.fields[share]}", style="progress.percentage"),
        TextColumn("{task.fields[rate]}"),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    )
    count, share = counted(already, total)
    task = bar.add_task("games", total=total, completed=already, rate="", count=count, share=share)
    start = time.perf_counter()
    played = [0]  # games played in this run (not those resumed from the file)

    def advance(k: int) -> None:
        played[0] += k
        elapsed = time.perf_counter() - start
        rate = _("{rate} games/s").format(rate=decimals(played[0] / elapsed, 1)) if elapsed > 0 else ""
        count, share = counted(already + played[0], total)
        bar.update(task, advance=k, rate=rate, count=count, share=share)

    with bar:
        yield advance


def counted(done: int, total: int) -> tuple[str, str]:
    """The games done of all and their share, as the bar shows them: ``1,200/5,000``, ``24%``."""
    width, most = len(grouped(total)), len(percent(1.0, 0))  # the same width all along: the bar stays put
    return (
        f"{grouped(done):>{width}}/{grouped(total)}",
        f"{percent(done / total, 0) if total else '':>{most}}",
    )


def footer(console: Console, result: Run, meta: dict[str, Any]) -> None:
    """How the run went: games finished and played now, speed, where they ran; an interruption said."""
    finished = sum(len(r) for r in result.results)
    rate = meta["games_per_second"]
    speed = " (" + _("{rate} games/s").format(rate=decimals(rate, 1)) + ")" if rate else ""
    said = ngettext(
        "{finished} of {planned} game; {now} played now in {seconds} s{speed} {where}, batches of {batch}",
        "{finished} of {planned} games; {now} played now in {seconds} s{speed} {where}, batches of {batch}",
        result.planned,
    ).format(
        finished=grouped(finished),
        planned=grouped(result.planned),
        now=grouped(meta["games_played_now"]),
        seconds=decimals(meta["seconds"], 1),
        speed=speed,
        where=where(meta["backend"], meta["workers"]),
        batch=grouped(meta["batch"]),
    )
    if meta["resumed"]:
        said += "; " + _("{count} from the --out file").format(count=grouped(meta["resumed"]))
    console.print(said, highlight=False, style="dim")
    if result.interrupted:
        said = ngettext(
            "the report covers the {count} game that finished (continue with --resume if you gave --out)",
            "the report covers the {count} games that finished (continue with --resume if you gave --out)",
            finished,
        ).format(count=grouped(finished))
        console.print(f"[bold yellow]{escape(_('interrupted:'))}[/] {escape(said)}", highlight=False)
