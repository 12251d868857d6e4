"""A tiny game for the CLI tests: every path the CLI handles (questions, refusals, penalties, hands)."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from attrs import define, field, frozen

from cardgames.core.game import Game
from cardgames.core.rulescard import RulesCard
from cardgames.core.state import GameState, HandResult, LogEntry, Outcome
from cardgames.primitives.cards import Card
from cardgames.primitives.errors import IllegalActionError, IncompleteAction, ParseError


@frozen
class ToyOptions:
    """Options of the toy game."""

    hands: int = 2
    hand_size: int = 3
    strict: bool = False
    move_seconds: float | None = None


@frozen
class Play:
    """Play a card of this value; a 9 names the value in force."""

    value: int
    named: int | None = None


@frozen
class Draw:
    """Take a card (or pass when the stock is empty)."""


@frozen
class ToyView:
    """One seat's view."""

    seat: int
    hand: tuple[int, ...]
    top: int
    counts: tuple[int, ...]
    log: tuple[LogEntry, ...]


@define(eq=False)
class ToyState(GameState):
    """The toy game in progress."""

    options: ToyOptions
    n: int
    rng: random.Random
    hands: list[list[int]] = field(factory=list)
    stock: list[int] = field(factory=list)
    top: int = 1
    turn: int = 0
    dealer: int = 0
    results: list[HandResult] = field(factory=list)
    log: list[LogEntry] = field(factory=list)

    @property
    def players(self) -> int:
        return self.n

    def deal(self) -> None:
        deck = [v for v in range(1, 10) for _ in range(4)]
        self.rng.shuffle(deck)
        self.hands = [
            sorted(deck[i * self.options.hand_size : (i + 1) * self.options.hand_size]) for i in range(self.n)
        ]
        self.stock = deck[self.n * self.options.hand_size :]
        self.top = 1
        self.turn = (self.dealer + 1) % self.n
        self.log.append(LogEntry(None, f"Hand {len(self.results) + 1} is dealt"))

    def to_act(self) -> int | None:
        return None if len(self.results) >= self.options.hands else self.turn

    def legal_actions(self) -> list[Any]:
        out: list[Any] = []
        for v in sorted(set(self.hands[self.turn])):
            if v >= self.top:
                out += [Play(v, k) for k in range(1, 10)] if v == 9 else [Play(v)]
        return [*out, Draw()]

    def apply(self, action: Any) -> None:
        seat, hand = self.turn, self.hands[self.turn]
        if isinstance(action, Draw):
            if self.stock:
                hand.append(self.stock.pop())
                hand.sort()
                self.log.append(LogEntry(seat, "draws a card"))
            else:
                self.top = 1
                self.log.append(LogEntry(seat, "passes; the value in force is 1 again"))
            self.turn = (seat + 1) % self.n
            return
        problem = None
        if action.value not in hand:
            problem = f"you have no {action.value}"
        elif action.value < self.top:
            problem = f"{action.value} is lower than {self.top}"
        elif (action.value == 9) != (action.named is not None):
            problem = "only a 9 names a value"
        if problem is not None:
            if not self.options.strict:
                raise IllegalActionError(problem)
            if self.stock:
                hand.append(self.stock.pop())
                hand.sort()
            self.log.append(LogEntry(seat, f"misplays ({problem}) and draws a penalty card"))
            self.turn = (seat + 1) % self.n
            return
        hand.remove(action.value)
        self.top = action.named if action.named is not None else action.value
        self.log.append(LogEntry(seat, f"plays {ToyGame.format_action(action)}"))
        if not hand:
            chips = tuple(self.n - 1 if s == seat else -1 for s in range(self.n))
            number = len(self.results) + 1
            self.results.append(
                HandResult(
                    number,
                    self.dealer,
                    (seat,),
                    tuple(s for s in range(self.n) if s != seat),
                    tuple(len(h) for h in self.hands),
                    chips,
                    f"seat {seat} went out",
                )
            )
            self.log.append(LogEntry(seat, "goes out and wins the hand"))
            if len(self.results) < self.options.hands:
                self.dealer = (self.dealer + 1) % self.n
                self.deal()
            return
        self.turn = (seat + 1) % self.n

    def outcome(self) -> Outcome | None:
        if self.to_act() is not None:
            return None
        scores = tuple(sum(r.chips[s] for r in self.results) for s in range(self.n))
        best = max(scores)
        return Outcome(tuple(s for s in range(self.n) if scores[s] == best), scores, "most chips wins")

    def view(self, seat: int) -> ToyView:
        return ToyView(
            seat, tuple(self.hands[seat]), self.top, tuple(len(h) for h in self.hands), tuple(self.log)
        )

    def clone(self) -> ToyState:
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        return ToyState(
            self.options,
            self.n,
            rng,
            [list(h) for h in self.hands],
            list(self.stock),
            self.top,
            self.turn,
            self.dealer,
            list(self.results),
            list(self.log),
        )

    def all_cards(self) -> list[Card]:
        return []

    def determinize(self, seat: int, rng: random.Random) -> ToyState:
        return self.clone()

    def hand_results(self) -> list[HandResult]:
        return list(self.results)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ToyState) and (
            self.hands,
            self.stock,
            self.top,
            self.turn,
            self.results,
            self.rng.getstate(),
        ) == (other.hands, other.stock, other.top, other.turn, other.results, other.rng.getstate())


class LowBot:
    """Plays its lowest playable card, naming 1 for a 9."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: Any, legal: Any) -> Any:
        plays = [a for a in legal if isinstance(a, Play) and a.named in (None, 1)]
        return plays[0] if plays else legal[-1]


class ToyGame(Game[ToyOptions, ToyState]):
    """The toy game."""

    id = "toy"
    name = "Toy"
    summary = "play a card at least as high as the value in force; a 9 names the value"
    min_players = 2
    max_players = 4
    default_players = 3
    options_type = ToyOptions
    presets: ClassVar[dict[str, dict[str, Any]]] = {"long": {"hands": 3}}
    action_types = (Play, Draw)
    bots: ClassVar[dict[str, Any]] = {"heuristic": LowBot}

    def new_game(self, options: ToyOptions, players: int, seed: int) -> ToyState:
        state = ToyState(options, players, random.Random(seed))
        state.deal()
        return state

    def max_decisions(self, options: ToyOptions, players: int) -> int:
        return 10_000

    def parse_action(self, text: str, view: Any) -> Any:
        words = text.strip().casefold().split()
        if words == ["draw"]:
            return Draw()
        if not words or not all(w.isdigit() for w in words) or len(words) > 2:
            raise ParseError("type a value 1-9 (a 9 with the value it names, as in 9 4) or draw")
        value = int(words[0])
        if value == 9 and len(words) == 1:
            raise IncompleteAction("Which value does the 9 name?", tuple(str(k) for k in range(1, 10)))
        if value == 9 and not 1 <= int(words[1]) <= 9:
            raise ParseError("a 9 names a value from 1 to 9")
        return Play(value, int(words[1]) if len(words) == 2 else None)

    @staticmethod
    def format_action(action: Any) -> str:
        if isinstance(action, Draw):
            return "draw"
        return f"{action.value} {action.named}" if action.named is not None else str(action.value)

    def rules_card(self, options: ToyOptions) -> RulesCard:
        # a third-party game provides its card through the same hook as the built-in games
        return RulesCard(
            goal=f"Win {options.hands} hands by going out first.",
            cards=(("1-8", "at least the value in force"), ("9", "a 9 names the value in force")),
        )

    # an older plugin's render, without the names and playable keywords: it must keep working
    def render(self, view: Any, *, ascii_only: bool = False) -> Any:
        return f"In force: {view.top}   your hand: {' '.join(map(str, view.hand))}   cards: {view.counts}"

    def move_seconds(self, options: ToyOptions) -> float | None:
        return options.move_seconds

    def timeout_action(self, view: Any) -> Any:
        return Draw()
