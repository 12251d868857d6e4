"""``cardgames verify FILE``: check a finished game's fair deal (docs/fair-deal.md).

Two things are checked. The commitment shown at the start must be the SHA-256 of the
revealed seed and salt (given with ``--commitment``; without it the command prints the
commitment the file's seed and salt make, to compare by eye). And the recorded moves must
replay from that seed, every one legal, to the game's end, so the record is a game those
shuffles really give. At a browser table the seats' values count too: each must be the one
its seat committed to, and the game is dealt from the seed with them. An unfinished game is
refused: its seed is still secret.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated, Any

import typer
from attrs import frozen

from cardgames.output.commands import COMMANDS
from cardgames.primitives.errors import CardgamesError, OptionError, ReplayError, SaveFileError
from cardgames.primitives.files import shown_path
from cardgames.primitives.language import FRAMEWORK, N_

_ = FRAMEWORK.gettext
ngettext = FRAMEWORK.ngettext

_HEX64 = re.compile(r"[0-9a-fA-F]{64}")


class UnverifiableError(CardgamesError):
    """The file cannot be checked (unfinished, or saved before commitments): one line, exit code 2."""


@frozen
class Verdict:
    """What ``verify`` found: fair or not, and the one line that says so."""

    fair: bool
    line: str


def check_file(path: Path, claimed: str | None = None) -> Verdict:
    """Check the deal of the saved game at ``path`` against the commitment ``claimed`` (if given).

    Raises UnverifiableError for an unfinished game or a file without a salt, SaveFileError for a
    file that is damaged or invalid whatever its seed (not a save file, options or seats no game
    has); a file whose moves do not replay from its seed (ReplayError) is a Verdict that is not fair.
    """
    from cardgames.core.fairdeal import verify as matches
    from cardgames.core.record import load_record, replay
    from cardgames.plugins.registry import find_game

    if claimed is not None and not _HEX64.fullmatch(claimed.strip()):
        raise OptionError(_("--commitment takes the 64 hexadecimal digits shown at the start of the game"))
    game, record = load_record(path, find_game)
    deal = record.deal
    if deal is None:
        raise UnverifiableError(
            _("{file} was saved before deals had commitments: there is none to check").format(
                file=shown_path(path)
            )
        )
    broken = [i + 1 for i, c in enumerate(record.contributions) if not c.keeps_its_word]
    if broken:
        return Verdict(
            False,
            _(
                "NOT fair: contribution {number}'s value is not the one committed to (its SHA-256 differs)"
            ).format(number=broken[0]),
        )
    try:
        state: Any = replay(game, record)
    except ReplayError as exc:
        said = _("NOT a fair record: with its seed, {error} (the seed or the moves were changed)")
        return Verdict(False, said.format(error=exc))
    except SaveFileError as exc:  # options, seats or a position no game has: whatever the seed
        said = _("cannot check {file}: {reason} (the file is damaged or invalid, whatever its seed)")
        raise SaveFileError(said.format(file=shown_path(path), reason=exc)) from None
    if not state.is_over():
        raise UnverifiableError(
            ngettext(
                "the game in {file} is not finished ({count} move): its seed is still secret, "
                "so its deal can be checked only after the last move",
                "the game in {file} is not finished ({count} moves): its seed is still secret, "
                "so its deal can be checked only after the last move",
                len(record.actions),
            ).format(file=shown_path(path), count=len(record.actions))
        )
    moves = ngettext(
        "all {count} move replays from seed {seed} to the game's end",
        "all {count} moves replay from seed {seed} to the game's end",
        len(record.actions),
    ).format(count=len(record.actions), seed=deal.seed)
    if record.contributions:
        count = len(record.contributions)
        moves += ngettext(
            ", dealt with the {count} value the seats committed to and added",
            ", dealt with the {count} values the seats committed to and added",
            count,
        ).format(count=count)
    if claimed is None:
        said = _(
            "consistent: {moves}; the commitment of its seed and salt is {commitment}: "
            "compare it with the one shown at the start (or give it with --commitment)"
        )
        return Verdict(True, said.format(moves=moves, commitment=deal.commitment))
    if not matches(record.game, deal.seed, deal.salt, claimed):
        said = _(
            "NOT fair: the commitment {claimed} is not the SHA-256 of this file's seed "
            "and salt ({commitment}): the deal was changed after it was committed to"
        )
        return Verdict(False, said.format(claimed=claimed.strip().lower(), commitment=deal.commitment))
    said = _("fair: the commitment is the SHA-256 of seed {seed} and its salt, and {moves}")
    return Verdict(True, said.format(seed=deal.seed, moves=moves))


def verify(
    path: Annotated[Path, typer.Argument(metavar="FILE", help=N_("A saved game (--save) that is over."))],
    commitment: Annotated[
        str | None,
        typer.Option(help=N_("The deal commitment (64 hex digits) shown at the start of the game.")),
    ] = None,
) -> None:
    """Check a finished game's fair deal: the commitment against its seed and salt, and its moves."""
    from cardgames.output.console import console, fail

    try:
        verdict = check_file(path, commitment)
    except CardgamesError as exc:
        raise fail(str(exc)) from None
    console.print(verdict.line, highlight=False, markup=False, soft_wrap=True)
    if not verdict.fair:
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    """Mount the command on the main app."""
    app.command("verify", help=COMMANDS["verify"])(verify)
