"""A person's decision: read a line, answer the CLI's own words, ask follow-up questions, parse the move."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rich.markup import escape

from cardgames.core.game import Game
from cardgames.output.asking import YES_WORDS
from cardgames.play.lines import TIMED, LineSource
from cardgames.play.logs import shown
from cardgames.play.timer import Clock
from cardgames.play.words import (
    AMBIGUOUS,
    CANCEL_WORDS,
    COMMAND_WORDS,
    HAND_WORDS,
    HELP_WORDS,
    HINT_WORDS,
    POSITION_WORDS,
    QUIT_WORDS,
    RULES_WORDS,
    ambiguity,
    group_moves,
    hand_of,
    moved_numbers,
    suggestion,
)
from cardgames.primitives.cards import Card, shown_card
from cardgames.primitives.errors import CardgamesError, IncompleteAction, ParseError
from cardgames.primitives.language import ENGLISH, FRAMEWORK, language, typed_by_player

if TYPE_CHECKING:
    from rich.console import Console

_ = FRAMEWORK.gettext
MAX_QUESTIONS = 6


class QuitRequested(Exception):  # noqa: N818  (a request, not a failure)
    """The person typed ``quit``."""


def accepted_forms(game: Game[Any, Any], view: Any) -> str:
    """The game's own description of what it reads, taken from its answer to an empty move."""
    try:
        with typed_by_player():  # the forms a person may type, in their language
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
        # the complaint about nothing typed: '' or "nothing …" in English, a short head in other languages
        other = language() != ENGLISH and len(rest) > 2 * len(head)
        if found and len(head) < 40 and ("''" in head or "nothing" in head.casefold() or other):
            return rest[:1].upper() + rest[1:]
    return message


def _or(words: tuple[str, ...]) -> str:
    """'a, b or c'."""
    if len(words) == 1:
        return words[0]
    return _("{some} or {last}").format(some=", ".join(words[:-1]), last=words[-1])


def _asking(question: str) -> str:
    """A follow-up question as a prompt: ending with a separator before what is typed, as every prompt."""
    question = question.rstrip()
    return question + (" " if question.endswith(("?", ":")) else ": ")


def legal_words(game: Game[Any, Any], legal: Any) -> list[str]:
    """The legal moves, written the way the player types them (each once, in order)."""
    words: list[str] = []
    for action in legal:
        text = game.typed_action(action)
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
        show_hint: Callable[[Any, Any], None] | None = None,
        show_position: Callable[[], None] | None = None,
        show_chosen: Callable[[], None] | None = None,
        ascii_only: bool = False,
        clock: Clock = time.monotonic,
    ) -> None:
        self.game = game
        self.console = console
        self.source = source
        self.show_table = show_table
        self.show_rules = show_rules
        self.show_hint = show_hint
        self.show_position = show_position
        self.show_chosen = show_chosen  # the hand with the cards named so far marked (line mode)
        self.chosen: frozenset[Card] = frozenset()  # cards named in a move a question is asked about
        self.ascii_only = ascii_only
        self.shown_before: tuple[Card, ...] | None = None  # the hand as numbered at the last turn
        self.clock = clock  # the move timer's clock, for the seconds left shown in the prompt

    def _text(self, text: str) -> str:
        """A game's message, with suit glyphs in ASCII when the terminal needs it."""
        return shown(text, self.ascii_only)

    def read(
        self,
        name: str,
        view: Any,
        legal: Any,
        deadline: float | None,
        shown_before: tuple[Card, ...] | None = None,
        *,
        asked: str = "your move",
    ) -> Any:
        """An action parsed from the person's input. Raises QuitRequested, TimedOut, EOFError.

        ``asked``: what the person is asked, in the game's words (``Decision.text``), for the prompt.

        ``shown_before``: the hand as it was numbered when this person last saw it, so that a
        number that now names another card is confirmed before it is played.
        """
        self.shown_before = shown_before
        while True:
            left = "" if deadline is None else TIMED
            text = self.source.read(f"{name}, {self._text(asked)}{left}: ", deadline).strip()
            word = text.casefold()
            if not word:
                self.console.print(_("Type a move, or help."), highlight=False)
            elif word in HELP_WORDS:
                self.show_help(view, legal)
            elif word in HAND_WORDS:
                self.show_table()
                self.shown_before = None  # the person has seen the numbers as they are now
            elif word in RULES_WORDS:
                self.show_rules()
            elif word in HINT_WORDS and self.show_hint is not None:
                self.show_hint(view, legal)
            elif word in POSITION_WORDS and self.show_position is not None:
                self.show_position()
            elif word in QUIT_WORDS:
                raise QuitRequested()
            elif word in AMBIGUOUS:
                self.console.print(self._text(ambiguity(text)), highlight=False, markup=False)
            else:
                action = self._parse(text, view, deadline, legal)
                if action is not None:
                    return action

    def _not_understood(self, text: str, exc: ParseError, view: Any, legal: Any) -> None:
        """One short line for a typo (with "did you mean …?"); the game's own reason when it has one."""
        message = str(exc)
        forms = accepted_forms(self.game, view)
        generic = bool(forms) and message.casefold().endswith(forms.casefold())
        # a guess only where the game has no reason of its own to give
        guess = suggestion(text, [*COMMAND_WORDS, *legal_words(self.game, legal)]) if generic else None
        said = f"{text!r}" if generic else message
        line = "[yellow]" + _("Not understood:") + f"[/] {escape(self._text(said))}."
        if guess is not None:
            line += " " + _("Did you mean {word}?").format(word=escape(self._text(guess)))
        self.console.print(line.replace("..", "."), highlight=False)
        self.console.print(
            _("Type help for what you can type and the moves you can make now."), highlight=False
        )

    def _confirm_numbers(self, text: str, view: Any, deadline: float | None) -> bool:
        """A number that names another card than when the hand was last shown is played only if confirmed."""
        now = hand_of(view)
        if now is None:
            return True
        moved = moved_numbers(text, self.shown_before, now)
        if not moved:
            return True
        glyphs = not self.ascii_only
        said = "; ".join(
            _("{n} is {new} now (it was {old})").format(
                n=n, new=shown_card(new, ascii_only=not glyphs), old=shown_card(old, ascii_only=not glyphs)
            )
            for n, old, new in moved
        )
        answer = self.source.read(
            _(
                "Your hand changed since you last saw it: {said}. Type y to go on, Enter to take it back: "
            ).format(said=said),
            deadline,
        )
        if answer.strip().casefold() in YES_WORDS:
            self.shown_before = None
            return True
        self.console.print(_("Move taken back: nothing was played."), highlight=False)
        return False

    def _parse(self, text: str, view: Any, deadline: float | None, legal: Any = ()) -> Any:
        """The action for ``text``, asking the game's follow-up questions; None if refused or cancelled."""
        question: IncompleteAction | None = None
        base = attempt = text
        for _asked in range(MAX_QUESTIONS):
            try:
                with typed_by_player():  # typed at the prompt: read in the player's language
                    action = self.game.parse_action(attempt, view)
            except IncompleteAction as exc:
                question, base = exc, attempt
            except ParseError as exc:
                if question is None:
                    self._not_understood(text, exc, view, legal)
                    return None
                # a wrong answer to a follow-up question: say what answers it, not every form of a move
                said = attempt[len(base) :].strip()
                if question.choices:
                    wanted = _("{said}: answer {choices}").format(
                        said=repr(said), choices=_or(question.choices)
                    )
                else:
                    wanted = self._text(str(exc))
                self.console.print(
                    "[yellow]"
                    + _("Not understood:")
                    + "[/] "
                    + _("{what}; or press Enter to take the move back.").format(what=escape(wanted)),
                    highlight=False,
                )
            else:
                return action if self._confirm_numbers(attempt, view, deadline) else None
            listed = all(c in question.question for c in question.choices)
            choices = f" ({', '.join(question.choices)})" if question.choices and not listed else ""
            self.chosen = frozenset(question.chosen)  # shown chosen in the hand while the question waits
            if self.chosen and self.show_chosen is not None:
                self.show_chosen()
            try:
                answer = self.source.read(
                    self._text(_asking(f"{question.question}{choices}")), deadline
                ).strip()
            finally:
                self.chosen = frozenset()
            if answer.casefold() in QUIT_WORDS:
                raise QuitRequested()
            if answer.casefold() in AMBIGUOUS:
                self.console.print(self._text(ambiguity(answer)), highlight=False, markup=False)
                continue
            if not answer or answer.casefold() in CANCEL_WORDS:
                self.console.print(_("Move cancelled."), highlight=False)
                return None
            attempt = f"{base} {answer}"
        self.console.print(
            "[yellow]" + _("Not understood:") + "[/] " + _("too many answers; type the move again."),
            highlight=False,
        )
        return None

    def show_help(self, view: Any, legal: Any) -> None:
        """The accepted forms, the moves legal now and the CLI's own words."""
        forms = accepted_forms(self.game, view)
        if forms:
            self.console.print(self._text(forms), highlight=False, markup=False)
        words = group_moves(legal_words(self.game, legal))
        if words:
            moves = self._text(", ".join(words))
            self.console.print(
                _("Moves you can make now: {moves}").format(moves=moves), highlight=False, markup=False
            )
        self.console.print(
            _(
                "Also: hint (a move the bot would make), hand (the table again), rules (what each card "
                "does, the options), position (the game as you may know it, to play on from), quit (offers "
                "to save). The numbers in your hand are the ones shown last."
            ),
            highlight=False,
        )
