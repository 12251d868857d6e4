"""Plugins that misbehave on purpose: a small game with hidden cards that can fail on request, and a spy bot.

Secret Card: every seat gets one card face down; in turn each seat passes or shows its
card, twice round; the highest card shown wins. ``fault`` makes one protocol call fail at
move ``at`` (an exception, an empty legal list, a seat out of range).
"""

from __future__ import annotations

import gc
import random
import sys
from collections.abc import Sequence
from typing import Any, ClassVar

from attrs import define, field, frozen

from cardgames.core.game import Game
from cardgames.core.options import one_of, option
from cardgames.core.state import GameState, LogEntry, Outcome
from cardgames.primitives.cards import Card, format_card
from cardgames.primitives.decks import deck_52
from cardgames.primitives.errors import IllegalActionError, ParseError

FAULTS = ("none", "apply", "legal", "view", "new_game", "empty", "to_act", "bot")


@frozen
class SecretOptions:
    """Which call fails, and at which move."""

    fault: str = option("none", "which protocol call fails", one_of(*FAULTS))
    at: int = option(0, "the move at which it fails")


@frozen
class Pass:
    """Keep the card hidden."""


@frozen
class Show:
    """Turn the card face up."""


@frozen
class SecretView:
    """One seat's view: its own card, the cards shown, the log."""

    seat: int
    card: Card
    shown: tuple[Card | None, ...]
    log: tuple[LogEntry, ...]


@define(eq=False)
class SecretState(GameState):
    """Secret Card in progress."""

    options: SecretOptions
    n: int
    cards: list[Card]
    shown: list[Card | None] = field(factory=list)
    moves: int = 0
    log: list[LogEntry] = field(factory=list)

    def _fails(self, call: str) -> bool:
        return self.options.fault == call and self.moves >= self.options.at

    @property
    def players(self) -> int:
        return self.n

    def to_act(self) -> int | None:
        if self._fails("to_act"):
            return self.n + 3
        return None if self.moves >= 2 * self.n else self.moves % self.n

    def legal_actions(self) -> Sequence[Any]:
        if self._fails("legal"):
            raise KeyError("the legal moves went missing")
        if self._fails("empty"):
            return []
        if self.to_act() is None:
            return []
        return [Pass()] if self.shown[self.moves % self.n] is not None else [Pass(), Show()]

    def apply(self, action: Any) -> None:
        if self._fails("apply"):
            raise ZeroDivisionError("division by zero in apply")
        seat = self.to_act()
        if seat is None or action not in self.legal_actions():
            raise IllegalActionError("not now")
        if isinstance(action, Show):
            self.shown[seat] = self.cards[seat]
            self.log.append(LogEntry(seat, f"P{seat + 1} shows {format_card(self.cards[seat])}"))
        else:
            self.log.append(LogEntry(seat, f"P{seat + 1} passes"))
        self.moves += 1

    def outcome(self) -> Outcome | None:
        if self.to_act() is not None:
            return None
        ranks = [c.rank if c is not None else -1 for c in self.shown]
        best = max(ranks)
        winners = tuple(i for i, r in enumerate(ranks) if r == best and best >= 0)
        scores = tuple((self.n - len(winners)) if i in winners else -len(winners) for i in range(self.n))
        return Outcome(winners, scores if winners else (0,) * self.n, "highest card shown wins")

    def view(self, seat: int) -> SecretView:
        if self._fails("view"):
            raise RuntimeError("the view broke")
        return SecretView(seat, self.cards[seat], tuple(self.shown), tuple(self.log))

    def clone(self) -> SecretState:
        return SecretState(
            self.options, self.n, list(self.cards), list(self.shown), self.moves, list(self.log)
        )

    def all_cards(self) -> list[Card]:
        return list(self.cards)

    def determinize(self, seat: int, rng: random.Random) -> SecretState:
        return self.clone()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SecretState) and (self.cards, self.shown, self.moves) == (
            other.cards,
            other.shown,
            other.moves,
        )


class SpyBot:
    """A bot that looks for the game state in its process: it refuses to play once it has seen one."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        caller = sys._getframe(1).f_locals
        states = [o for o in gc.get_objects() if isinstance(o, GameState)]
        in_frames = [k for k, v in caller.items() if isinstance(v, GameState)]
        if states or in_frames:
            raise RuntimeError(f"I saw {len(states)} game states in my process")
        return legal[-1]


class FaultyBot:
    """A bot that fails on request (the fault "bot") and otherwise passes."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        raise ValueError("the bot's own bug")


def spy_bot(rng: random.Random) -> SpyBot:
    """Factory of the spy bot, by module:name for the out-of-process runner."""
    return SpyBot(rng)


class SecretCard(Game[SecretOptions, SecretState]):
    """The Secret Card game."""

    id: ClassVar[str] = "secret"
    name: ClassVar[str] = "Secret Card"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    default_players: ClassVar[int] = 2
    options_type: ClassVar[type[Any]] = SecretOptions
    action_types: ClassVar[tuple[type[Any], ...]] = (Pass, Show)
    bots: ClassVar[Any] = {"spy": SpyBot, "faulty": FaultyBot}

    def new_game(self, options: SecretOptions, players: int, seed: int) -> SecretState:
        if options.fault == "new_game":
            raise MemoryError("no memory for a new game")
        deck = deck_52()
        random.Random(seed).shuffle(deck)
        return SecretState(options, players, deck[:players], [None] * players)

    def max_decisions(self, options: SecretOptions, players: int) -> int:
        return 2 * players

    def parse_action(self, text: str, view: Any) -> Any:
        word = text.strip().casefold()
        if word == "pass":
            return Pass()
        if word == "show":
            return Show()
        raise ParseError("type pass or show")

    def format_action(self, action: Any) -> str:
        return "show" if isinstance(action, Show) else "pass"


class Impostor(SecretCard):
    """A plugin that claims the id of an installed game."""

    id: ClassVar[str] = "dernier"
    name: ClassVar[str] = "Dernier (the real one, honestly)"


class Rival(SecretCard):
    """Another plugin claiming Secret Card's id."""

    name: ClassVar[str] = "Secret Card, the rival"


__all__ = ["Impostor", "Rival", "SecretCard", "spy_bot"]


class ProbeBot:
    """A bot that looks at what its process may do and says it (as its error) instead of playing."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        import json
        import os
        import resource

        seen: dict[str, Any] = {
            "env": sorted(os.environ),
            "cwd": os.getcwd(),
            "fds": sorted(int(fd) for fd in os.listdir("/proc/self/fd")),
            "cpu": resource.getrlimit(resource.RLIMIT_CPU)[0],
            "as": resource.getrlimit(resource.RLIMIT_AS)[0],
        }
        try:
            with open("written.txt", "w") as out:
                out.write("x" * 10)
            seen["write"] = "written"
        except OSError as exc:
            seen["write"] = exc.errno
        try:
            bytearray(3 << 30)
            seen["memory"] = "allocated"
        except MemoryError:
            seen["memory"] = "refused"
        raise RuntimeError("PROBE" + json.dumps(seen, separators=(",", ":")))


def probe_bot(rng: random.Random) -> ProbeBot:
    """Factory of the probe bot, by module:name for the out-of-process runner."""
    return ProbeBot(rng)
