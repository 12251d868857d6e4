"""Command-line options that several commands share: ``--isolate-bots`` (play, resume, simulate, arena,
serve), and ``--create`` and ``--add-players`` (play and ledger import, recording into a tournament)."""

from __future__ import annotations

from typing import Annotated

import typer

from cardgames.primitives.language import N_

IsolateOption = Annotated[
    bool,
    typer.Option(
        "--isolate-bots",
        help=N_("Run each bot in its own process, where it gets only its view (for untrusted bots; slower)."),
    ),
]
CreateOption = Annotated[
    bool, typer.Option("--create", help=N_("Start the ledger, tournament or table if it does not exist."))
]
AddPlayersOption = Annotated[
    bool, typer.Option("--add-players", help=N_("Seat players (and bots) who are not at the table yet."))
]
