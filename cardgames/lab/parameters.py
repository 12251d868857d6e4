"""The parameters ``simulate`` and ``arena`` share, declared once for typer."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from cardgames.primitives.language import N_

PlayersOption = Annotated[
    str | None,
    typer.Option("--players", "-p", help=N_("Bots by seat (heuristic,random,random) or a seat count.")),
]
PresetOption = Annotated[str | None, typer.Option(help=N_("A preset of options (see cardgames rules GAME)."))]
OptionsOption = Annotated[
    list[str] | None, typer.Option("--option", "-o", help=N_("An option as key=value (repeatable)."))
]
SeedOption = Annotated[
    int | None, typer.Option(help=N_("Seed of the run: game i is dealt from seed + i (random if omitted)."))
]
WorkersOption = Annotated[
    int | None, typer.Option("--workers", "-w", help=N_("Local worker processes (default: one per core)."))
]
DaskOption = Annotated[
    str | None,
    typer.Option("--dask", metavar="ADDRESS", help=N_("Run on a Dask cluster (tcp://host:8786, or local).")),
]
RayOption = Annotated[
    str | None,
    typer.Option(
        "--ray", metavar="ADDRESS", help=N_("Run on a Ray cluster (auto, ray://host:10001, or local).")
    ),
]
BatchOption = Annotated[
    int | None, typer.Option(help=N_("Games per batch sent to a worker (default: automatic)."))
]
OutOption = Annotated[
    Path | None, typer.Option("--out", help=N_("Write every result to this file as JSON lines."))
]
ResumeOption = Annotated[
    bool, typer.Option("--resume", help=N_("Continue the interrupted run in the --out file."))
]
JsonOption = Annotated[bool, typer.Option("--json", help=N_("Print the report as JSON."))]
CsvOption = Annotated[bool, typer.Option("--csv", help=N_("Print the report as CSV."))]
PlotOption = Annotated[
    Path | None, typer.Option("--plot", help=N_("Draw the main figures to a .png or .svg file."))
]
