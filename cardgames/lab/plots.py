"""``--plot FILE``: the main figures with matplotlib (the optional ``plot`` extra), PNG or SVG.

A simulation draws each seat's win rate with its 95% interval beside the fair share, and
the distribution of decisions per game; with ``--vs`` both variants side by side. An arena
draws each bot's win rate with its interval and its fair share. A figure is drawn for people:
its words and numbers are in the language in force.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cardgames.lab.arena import BotRow
from cardgames.lab.intervals import Proportion
from cardgames.lab.summary import Summary
from cardgames.primitives.errors import OptionError
from cardgames.primitives.language import FRAMEWORK, decimals, percent

_ = FRAMEWORK.gettext

FORMATS = {".png": "png", ".svg": "svg"}
COLOURS = ("#3b6ea5", "#d07a2b")


def check_plot(path: Path) -> None:
    """Refuse, before anything runs, a file type we cannot draw or a missing matplotlib."""
    if path.suffix.lower() not in FORMATS:
        raise OptionError(_("--plot {path!r}: the file must end in .png or .svg").format(path=str(path)))
    if path.exists():
        raise OptionError(
            _("--plot {path!r} exists; choose another file or remove it").format(path=str(path))
        )
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise OptionError(_("--plot needs matplotlib: pip install 'cardgames[plot]'")) from None


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _written(*axes: Any) -> None:
    """Tick labels with the decimals matplotlib chooses, written as the language in force writes them."""
    from matplotlib.ticker import ScalarFormatter

    class Written(ScalarFormatter):
        def __call__(self, x: float, pos: int | None = None) -> str:
            shown = str(super().__call__(x, pos))
            return decimals(x, len(shown.partition(".")[2])) if shown else shown

    for axis in axes:
        formatter = Written(useOffset=False)  # every tick its whole value: no offset, no exponent
        formatter.set_scientific(False)
        axis.set_major_formatter(formatter)


def _save(fig: Any, path: Path) -> None:
    """Write the figure atomically (a temporary file, then rename)."""
    fmt = FORMATS[path.suffix.lower()]
    directory = path.parent if str(path.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=path.suffix, dir=directory)
    os.close(fd)
    try:
        # a fixed date in the SVG metadata, so the same run draws the same file
        metadata = {"Date": None} if fmt == "svg" else {"Software": "cardgames"}
        fig.savefig(tmp, format=fmt, dpi=110, bbox_inches="tight", metadata=metadata)
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(tmp, 0o666 & ~mask)  # mkstemp makes the file private; give it the usual mode
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise


def plot_simulation(summaries: Sequence[Summary], path: Path, title: str) -> None:
    """Win rate per seat with intervals, and the decisions-per-game histogram."""
    plt = _pyplot()
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2))
    width = 0.8 / len(summaries)
    every = [v for s in summaries for v in s.decisions.values]
    low, high = (min(every), max(every)) if every else (0, 1)
    step = max(1.0, (high - low) / 30)
    edges = [low + i * step for i in range(int((high - low) / step) + 2)]  # the same bins for both variants
    most = 0
    for k, s in enumerate(summaries):
        seats = [r for r in s.rows if r.section == "seats" and r.label.startswith("P")]
        most = max(most, len(seats))
        colour = COLOURS[k % 2]
        xs = [i + (k - (len(summaries) - 1) / 2) * width for i in range(len(seats))]
        rates = [r.value for r in seats]
        los = [max(0.0, r.value - r.estimate.interval()[0]) for r in seats]
        his = [max(0.0, r.estimate.interval()[1] - r.value) for r in seats]
        left.bar(xs, rates, width * 0.9, yerr=[los, his], capsize=4, color=colour, label=s.label)
        fair = seats[0].expected if seats else None
        if fair is not None:
            name = (
                _("fair share {share}").format(share=percent(fair))
                if len(summaries) == 1
                else _("fair share {variant} {share}").format(variant=s.label[:1], share=percent(fair))
            )
            left.axhline(
                fair, color=colour if len(summaries) > 1 else "grey", linestyle="--", linewidth=1, label=name
            )
        if s.decisions.values:
            right.hist(s.decisions.values, bins=edges, alpha=0.6, color=colour, label=s.label)
    left.set_xticks(range(most), [f"P{i + 1}" for i in range(most)])
    left.set_ylabel(_("games won (95% interval)"))
    left.set_title(_("win rate per seat"))
    right.set_xlabel(_("decisions per game"))
    right.set_ylabel(_("games"))
    right.set_title(_("length"))
    _written(left.yaxis, right.xaxis, right.yaxis)
    # one legend under both panels, where it hides no bar
    handles, labels = left.get_legend_handles_labels()
    fig.legend(handles, labels, loc="lower center", ncol=len(labels), fontsize=8, frameon=False)
    fig.suptitle(title)
    fig.subplots_adjust(bottom=0.2)
    _save(fig, path)
    plt.close(fig)


def plot_arena(rows: Sequence[BotRow], path: Path, title: str) -> None:
    """Each bot's win rate with its 95% interval and its fair share."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(max(5, 1.4 * len(rows)), 4))
    xs = range(len(rows))
    rates = [r.wins.rate for r in rows]
    ivs = [Proportion(r.wins.hits, r.wins.n).interval() for r in rows]
    ax.bar(xs, rates, 0.6, yerr=[[r - lo for r, (lo, _) in zip(rates, ivs, strict=True)],
                                  [hi - r for r, (_, hi) in zip(rates, ivs, strict=True)]],
           capsize=4, color=COLOURS[0])  # fmt: skip
    ax.scatter(list(xs), [r.fair for r in rows], marker="_", s=600, color="black", label=_("fair share"))
    ax.set_xticks(list(xs), [r.bot for r in rows])
    ax.set_ylabel(_("games won (95% interval)"))
    ax.set_title(title)
    _written(ax.yaxis)
    ax.set_ylim(0, 1.08)
    ax.legend(fontsize=8, loc="upper right")
    _save(fig, path)
    plt.close(fig)
