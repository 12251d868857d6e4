"""A person's decision: read a line, answer the CLI's own words, ask follow-up questions, parse the move."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.markup import escape

from cardgames.errors import CardgamesError, IncompleteAction, ParseError
from cardgames.game import Game
from cardgames.play.lines import LEFT, LineSource
from cardgames.play.logs import plain
from cardgames.play.timer import Clock

HELP_WORDS = ("help", "?")
HAND_WORDS = ("hand", "table", "show")
RULES_WORDS = ("rules",)
QUIT_WORDS = ("quit", "exit", "q!")
MAX_QUESTIONS = 6
MAX_LISTED = 16  # legal moves listed by help (an exchange can have hundreds)


class QuitRequested(Exception):  # noqa: N818  (a request, not a failure)
    """The person typed ``quit``."""


def accepted_forms(game: Game[Any, Any], view: Any) -> str:
    """The game's own description of what it reads, taken from its answer to an empty move."""
    try:
        game.parse_action("", view)
    except IncompleteAction:
        return ""
    except CardgamesError as exc:
        return _without_complaint(str(exc))
    except Exception:  # a game's parser must not break the help screen
        return ""
    return ""


def _without_complaint(message: str) -> str:
    """The accepted forms without the parser's opening complaint about the empty text."""
    for sep in (": ", "; "):
        head, found, rest = message.partition(sep)
        if found and len(head) < 40 and ("''" in head or "nothing" in head.casefold()):
            return rest[:1].upper() + rest[1:]
    return message


def _or(words: tuple[str, ...]) -> str:
    """'a, b or c'."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def legal_words(game: Game[Any, Any], legal: Any) -> list[str]:
    """The legal moves, written the way the game reads them (each once, in order)."""
    words: list[str] = []
    for action in legal:
        text = game.format_action(action)
        if text not in words:
            words.append(text)
    return words


class MoveReader:
    """Reads one move of one seat: the CLI's words are answered here, the rest goes to the game's parser."""

    def __init__(
        self,
        game: Game[Any, Any],
        console: Console,
        source: LineSource,
        show_table: Callable[[], None],
        show_rules: Callable[[], None],
        *,
        ascii_only: bool = False,
        clock: Clock = time.monotonic,
    ) -> None:
        self.game = game
        self.console = console
        self.source = source
        self.show_table = show_table
        self.show_rules = show_rules
        self.ascii_only = ascii_only
        self.clock = clock  # the move timer's clock, for the seconds left shown in the prompt

    def _text(self, text: str) -> str:
        """A game's message, with suit glyphs in ASCII when the terminal needs it."""
        return plain(text) if self.ascii_only else text

    def read(self, name: str, view: Any, legal: Any, deadline: float | None) -> Any:
        """An action parsed from the person's input. Raises QuitRequested, TimedOut, EOFError."""
        while True:
            left = "" if deadline is None else f" ({LEFT} s left)"
            text = self.source.read(f"{name}, {self.game.prompt(view)}{left}: ", deadline).strip()
            word = text.casefold()
            if not word:
                self.console.print("Type a move, or help.", highlight=False)
            elif word in HELP_WORDS:
                self.show_help(view, legal)
            elif word in HAND_WORDS:
                self.show_table()
            elif word in RULES_WORDS:
                self.show_rules()
            elif word in QUIT_WORDS:
                raise QuitRequested()
            else:
                action = self._parse(text, view, deadline)
                if action is not None:
                    return action

    def _parse(self, text: str, view: Any, deadline: float | None) -> Any:
        """The action for ``text``, asking the game's follow-up questions; None if refused or cancelled."""
        question: IncompleteAction | None = None
        base = attempt = text
        for _ in range(MAX_QUESTIONS):
            try:
                return self.game.parse_action(attempt, view)
            except IncompleteAction as exc:
                question, base = exc, attempt
            except ParseError as exc:
                if question is None:
                    self.console.print(
                        f"[yellow]Not understood:[/] {escape(self._text(str(exc)))}", highlight=False
                    )
                    self.console.print("Type help for the moves you can make now.", highlight=False)
                    return None
                # a wrong answer to a follow-up question: say what answers it, not every form of a move
                said = attempt[len(base) :].strip()
                if question.choices:
                    wanted = f"{said!r}: answer {_or(question.choices)}"
                else:
                    wanted = self._text(str(exc))
                self.console.print(
                    f"[yellow]Not understood:[/] {escape(wanted)}; or press Enter to take the move back.",
                    highlight=False,
                )
            listed = all(c in question.question for c in question.choices)
            choices = f" ({', '.join(question.choices)})" if question.choices and not listed else ""
            answer = self.source.read(self._text(f"{question.question}{choices} "), deadline).strip()
            if answer.casefold() in QUIT_WORDS:
                raise QuitRequested()
            if not answer or answer.casefold() in ("cancel", "back"):
                self.console.print("Move cancelled.", highlight=False)
                return None
            attempt = f"{base} {answer}"
        self.console.print(
            "[yellow]Not understood:[/] too many answers; type the move again.", highlight=False
        )
        return None

    def show_help(self, view: Any, legal: Any) -> None:
        """The accepted forms, the moves legal now and the CLI's own words."""
        forms = accepted_forms(self.game, view)
        if forms:
            self.console.print(self._text(forms), highlight=False, markup=False)
        words = legal_words(self.game, legal)
        if len(words) > MAX_LISTED:
            words = [*words[:MAX_LISTED], f"… ({len(words)} in all)"]
        if words:
            moves = self._text(", ".join(words))
            self.console.print(f"Moves you can make now: {moves}", highlight=False, markup=False)
        self.console.print(
            "Also: hand (show the table again), rules (the options of this game), "
            "help, quit (offers to save).",
            highlight=False,
        )
