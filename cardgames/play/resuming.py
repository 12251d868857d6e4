"""The ``resume`` and ``replay`` commands' bodies.

:mod:`cardgames.play.commands` declares the typer commands that run them.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path

from rich.console import Console

from cardgames.play import autosave
from cardgames.play.playing import move_source, needs_ascii, pick, play, run_table, safe_streams
from cardgames.play.saving import load_table, saved_language
from cardgames.play.settings import load_settings
from cardgames.primitives.errors import SaveFileError
from cardgames.primitives.language import FRAMEWORK, language_asked, speaking

_ = FRAMEWORK.gettext
ngettext = FRAMEWORK.ngettext


def resume(
    file: Path | None = None,
    ascii_only: bool | None = None,
    save: Path | None = None,
    overwrite: bool = False,
    as_json: bool = False,
    moves: Path | None = None,
    bot_delay: float | None = None,
    bell: bool | None = None,
    screen: bool | None = None,
    isolate_bots: bool = False,
) -> None:
    """Continue a saved game (``cardgames resume``; its options: :func:`cardgames.play.commands.resume`)."""
    safe_streams()
    if file is None:
        file = autosave.latest()
        if file is None:
            said = _(
                "no game was kept at the end of input: name a saved game, as in cardgames resume game.json"
            )
            raise SaveFileError(said)
    table = load_table(file)
    kept = saved_language(file)
    # the game goes on in the language it was played in, unless --lang asks for another
    with speaking(kept) if kept is not None and not language_asked() else contextlib.nullcontext():
        mine = load_settings(table.game.id)
        ascii_only = pick(ascii_only, mine.ascii, False)
        console = Console(stderr=as_json, highlight=False, emoji=False)  # names are shown as typed
        name = table.game.name
        if (ascii_only or needs_ascii(console)) and not name.isascii():
            name = table.game.id.title()
        deal = table.record.deal  # the seed stays secret until the end; old files have no commitment
        made = len(table.record.actions)
        said = (
            ngettext(
                "Resuming {game} (deal commitment {commitment}) after {count} move.",
                "Resuming {game} (deal commitment {commitment}) after {count} moves.",
                made,
            )
            if deal is not None
            else ngettext("Resuming {game} after {count} move.", "Resuming {game} after {count} moves.", made)
        )
        console.print(
            said.format(game=name, commitment=deal.commitment if deal else "", count=made),
            highlight=False,
            markup=False,
            soft_wrap=True,
        )
        run_table(
            table,
            ascii_only=ascii_only,
            save=save or file,
            as_json=as_json,
            moves=moves,
            introduce=False,
            keep=file,
            overwrite=overwrite,
            bot_delay=pick(bot_delay, mine.bot_delay, 0.0),
            bell=pick(bell, mine.bell, False),
            isolate_bots=isolate_bots,
            screen=pick(screen, mine.screen, None),
            reminders=pick(None, mine.reminders, True),
        )


def replay(
    file: Path,
    step: bool = False,
    seat: str | None = None,
    brief: bool = False,
    ascii_only: bool | None = None,
    position: bool = False,
) -> None:
    """Show a saved game move by move (``cardgames replay``; :func:`cardgames.play.commands.replay`)."""
    from cardgames.play.replaying import replay_file

    safe_streams()
    console = Console(highlight=False, emoji=False)
    source = move_source(console, None) if step else None
    replay_file(
        console,
        file,
        source=source,
        seat=seat,
        ascii_only=bool(ascii_only) or needs_ascii(console),
        brief=brief,
        positions=position,
    )


def body(command: str) -> Callable[..., None]:
    """What ``command`` (``play``, ``resume`` or ``replay``) runs once its line is read."""
    if command == "resume":
        return resume
    return replay if command == "replay" else play
