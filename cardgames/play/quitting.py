"""The quit dialog, and the question before a file is overwritten.

One rule for every dialog here: an empty answer (Enter) never loses anything. In the quit
dialog it goes back to the game; at "overwrite?" it keeps the file.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from cardgames.bots.lookup import is_reference
from cardgames.core.record import load_record
from cardgames.core.table import Table
from cardgames.output.asking import YES_WORDS
from cardgames.play.lines import LineSource
from cardgames.play.saving import save_quietly
from cardgames.play.words import (
    AMBIGUOUS,
    CANCEL_WORDS,
    HAND_WORDS,
    HELP_WORDS,
    HINT_WORDS,
    POSITION_WORDS,
    QUIT_WORDS,
    RULES_WORDS,
)
from cardgames.plugins.registry import find_game
from cardgames.primitives.errors import CardgamesError
from cardgames.primitives.language import catalog
from cardgames.primitives.text import hidden_character, inert

if TYPE_CHECKING:
    from rich.console import Console

_ = catalog("cardgames").gettext
ngettext = catalog("cardgames").ngettext

# The dialogs' answers, read in every language the program speaks (as the prompt's words are).
YES = frozenset(YES_WORDS)
BACK = frozenset({"", "n", "no", "нет", "н", *CANCEL_WORDS})
QUIT = frozenset({*QUIT_WORDS, *AMBIGUOUS})
# answers that mean "yes" or "save" and are never taken for a file name
NOT_NAMES = YES | frozenset({"save", "salva", "salvare", "сохранить", "ok", "oui", "ja", "da"})
# the program's other words: a file of that name is saved only when the person confirms it
COMMANDS = frozenset({*HELP_WORDS, *HAND_WORDS, *RULES_WORDS, *HINT_WORDS, *POSITION_WORDS})


NAME_BYTES = 255  # the longest file or folder name most file systems take


def name_problem(text: str) -> str | None:
    """Why ``text`` cannot be a file name (one line), or None: checked before the name is used."""
    hidden = hidden_character(text)
    if hidden is not None:
        return _("a file name cannot hold the hidden character {hidden}: type another name").format(
            hidden=hidden
        )
    for part in Path(text).parts:
        if len(os.fsencode(part)) > NAME_BYTES:
            return _("a file or folder name is at most {n} bytes long: type a shorter name").format(
                n=NAME_BYTES
            )
    return None


def resume_command(path: Path, ascii_only: bool, isolate: bool = False) -> str:
    """The command that continues a saved game with the same display (and bots from outside the game)."""
    return (
        f"cardgames resume {inert(path)}"
        + (" --ascii" if ascii_only else "")
        + (" --isolate-bots" if isolate else "")
    )


def describe_file(path: Path) -> str:
    """What an existing file holds, in a few words, so that nobody overwrites a game blindly."""
    try:
        game, record = load_record(path, find_game)
    except CardgamesError:
        return _("a file that is not a saved game")
    except Exception:  # a plugin that cannot load its own record: still a file worth keeping
        return _("a file that is not a saved game")
    moves = len(record.actions)
    return ngettext("a saved game of {game} ({n} move)", "a saved game of {game} ({n} moves)", moves).format(
        game=game.name, n=moves
    )


def confirm_overwrite(console: Console, source: LineSource, path: Path) -> bool:
    """Ask before writing over ``path``; True to overwrite. Enter keeps the file."""
    what = describe_file(path)
    while True:
        answer = source.read(
            _("{path} exists ({what}). Overwrite it? Type y to overwrite, Enter to keep it: ").format(
                path=inert(path), what=what
            )
        )
        word = answer.strip().casefold()
        if word in YES:
            return True
        if word in BACK:
            return False
        console.print(_("Type y to overwrite the file, or press Enter to keep it."), highlight=False)


class QuitDialog:
    """Asks before quitting; saves when asked to. ``run`` returns True to quit, False to play on."""

    def __init__(
        self, console: Console, source: LineSource, table: Table, save_path: Path | None, ascii_only: bool
    ) -> None:
        self.console = console
        self.source = source
        self.table = table
        self.save_path = save_path
        self.ascii_only = ascii_only
        self.saved_to: Path | None = None  # where the game was saved by this dialog
        # bot code from outside the game (module:factory) resumes only with --isolate-bots
        self.foreign_bots = any(s.bot is not None and is_reference(s.bot) for s in table.seats)

    def resume(self, path: Path) -> str:
        """The command that continues the game saved in ``path``, as it was played."""
        return resume_command(path, self.ascii_only, self.foreign_bots)

    def _say(self, text: str, soft_wrap: bool = False) -> None:
        # file names typed or given come from outside: shown inert
        self.console.print(inert(text, 1000), highlight=False, markup=False, soft_wrap=soft_wrap)

    def run(self, saved: bool) -> bool:
        """``saved``: the game is saved in ``save_path`` up to this move (with --save)."""
        if self.save_path is not None and saved:
            return self._saved_already(self.save_path)
        return self._offer_save()

    def _saved_already(self, path: Path) -> bool:
        while True:
            answer = self.source.read(
                _(
                    "Quit? The game is saved in {path}. "
                    "Type y to quit, or press Enter to go back to the game: "
                ).format(path=inert(path))
            )
            word = answer.strip().casefold()
            if word in YES or word in QUIT:
                self._say(_("Quit. Continue later with: {command}").format(command=self.resume(path)))
                return True
            if word in BACK:
                return False
            self._say(_("Type y to quit, or press Enter to go back to the game."))

    def _offer_save(self) -> bool:
        while True:
            answer = self.source.read(
                _(
                    "Quit? Type a file name to save the game, 'quit' to quit without saving, "
                    "or press Enter to go back to the game: "
                )
            ).strip()
            word = answer.casefold()
            if word in BACK:
                return False
            if word in QUIT:
                self._say(_("Quit without saving."))
                return True
            if word in NOT_NAMES or len(answer) < 2:
                self._say(
                    _(
                        "{answer} is not taken as a file name: type a name such as game.json to save, "
                        "'quit' to quit without saving, or press Enter to go back."
                    ).format(answer=repr(answer))
                )
                continue
            problem = name_problem(answer)
            if problem is not None:
                self._say(problem[:1].upper() + problem[1:] + ".")
                continue
            if word in COMMANDS and not self._name_confirmed(answer):
                continue
            path = Path(answer).expanduser()
            try:
                if path.is_dir():
                    example = path / "game.json"
                    self._say(
                        _("{path} is a folder: type a file name, such as {example}.").format(
                            path=path, example=example
                        )
                    )
                    continue
                exists = path.exists()
            except OSError as exc:  # a name the system refuses (too long a path, …): ask again
                self._say(
                    _("{path} cannot be used: {why}; type another name.").format(
                        path=path, why=exc.strerror or exc
                    )
                )
                continue
            if exists and not confirm_overwrite(self.console, self.source, path):
                continue
            if save_quietly(self.console, path, self.table):
                self.saved_to = path
                self._say(
                    _("Saved in {path}. Continue later with: {command}").format(
                        path=path, command=self.resume(path)
                    )
                )
                return True

    def _name_confirmed(self, answer: str) -> bool:
        """Whether a name that is also one of the program's words is meant as a file name."""
        reply = self.source.read(
            _(
                "Save the game in a file named {name}? Type y to save it, Enter to type something else: "
            ).format(name=repr(answer))
        )
        return reply.strip().casefold() in YES

    def interrupted(self, saved: bool, ended: bool = False) -> None:
        """Ctrl-C or (``ended``) the end of input in the dialog: say truthfully whether the game is kept.

        At the end of input a game not saved yet is kept in the data folder (an autosave).
        """
        from cardgames.play import autosave

        self.console.print()  # the question was left unanswered on its line
        path = self.saved_to or (self.save_path if saved else None)
        if path is not None:
            self._say(_("Quit. The game is saved: {command}").format(command=self.resume(path)))
        elif ended and (path := autosave.keep(self.console, self.table)) is not None:
            command = self.resume(path)
            self._say(
                _("End of input: the game is kept in {path}. Continue with: {command}").format(
                    path=path, command=command
                ),
                soft_wrap=True,
            )
        else:
            self._say(_("Quit without saving."))
