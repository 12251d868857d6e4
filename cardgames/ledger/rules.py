"""What a deal or a game's end means in points and chips: pure functions over seats.

The games' own scoring modules decide (RULES.md D-21, P-8, P-9, P-10); this module only
reads a game's options into a :class:`GameSpec` and gathers one deal's effect.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

from attrs import frozen

from cardgames.ledger.errors import LedgerError
from cardgames.scoring import Transfer, settle_penalties

GameKind = Literal["posledniy", "dernier"]
GAMES: dict[str, GameKind] = {
    "posledniy": "posledniy",
    "последний": "posledniy",
    "poslednij": "posledniy",
    "dernier": "dernier",
}
PLAYERS: dict[GameKind, tuple[int, int]] = {"posledniy": (3, 4), "dernier": (2, 8)}
# Each game's scoring modes, with the spellings the ledger accepts for them.
SCORING: dict[GameKind, dict[str, str]] = {
    "posledniy": {"chips": "chips", "points": "points", "penalty": "points", "penalty_points": "points"},
    "dernier": {"hands": "hands", "wins": "hands", "cards": "cards", "points": "cards"},
}
DEFAULT_SCORING: dict[GameKind, str] = {"posledniy": "points", "dernier": "hands"}
# The options each game reads, with their defaults (RULES.md; the seed's 5 chips a point).
NUMBERS: dict[GameKind, dict[str, int]] = {
    "posledniy": {"stake": 5, "target": 5, "unit": 5, "rounds": 2},
    "dernier": {"hands_to_win": 3, "target_points": 50, "joker_points": 1},
}
MINIMUM = {
    "stake": 0,
    "target": 1,
    "unit": 0,
    "rounds": 0,
    "hands_to_win": 1,
    "target_points": 1,
    "joker_points": 0,
}


@frozen
class GameSpec:
    """A game's kind, player count and the scoring options the ledger needs."""

    game: GameKind
    players: int
    scoring: str
    stake: int = 5
    target: int = 5
    unit: int = 5
    rounds: int = 2
    hands_to_win: int = 3
    target_points: int = 50
    joker_points: int = 1

    def counts_points(self) -> bool:
        """Whether deals score points (Последний penalty points, Dernier cards left)."""
        return (self.game, self.scoring) in {("posledniy", "points"), ("dernier", "cards")}

    def describe(self) -> str:
        """The scoring in words, for tables and logs."""
        if self.game == "posledniy":
            if self.scoring == "chips":
                length = f"{self.rounds} rounds" if self.rounds else "until closed"
                return f"Последний, chips: {self.stake} a deal, {length}"
            return f"Последний, penalty points to {self.target}, {self.unit} chips a point"
        if self.scoring == "hands":
            return f"Dernier, first to {self.hands_to_win} hands"
        return f"Dernier, cards left to {self.target_points} points, a joker {self.joker_points}"

    def options(self) -> dict[str, Any]:
        """The options that matter for this game, as plain data."""
        return {"scoring": self.scoring} | {k: getattr(self, k) for k in NUMBERS[self.game]}


def game_kind(name: str) -> GameKind:
    """The game a name means; LedgerError for another game."""
    kind = GAMES.get(name.strip().casefold())
    if kind is None:
        raise LedgerError(f"the ledger keeps Dernier and Последний (posledniy) games, not {name!r}")
    return kind


def _whole(name: str, value: Any) -> int:
    if isinstance(value, bool):
        raise LedgerError(f"option {name} takes a whole number, not {value!r}")
    try:
        number = int(str(value).strip()) if not isinstance(value, int) else value
    except ValueError:
        raise LedgerError(f"option {name} takes a whole number, not {value!r}") from None
    if number < MINIMUM[name]:
        raise LedgerError(f"option {name} must be at least {MINIMUM[name]}, not {number}")
    return number


def make_spec(game: str, players: int, options: Mapping[str, Any], *, strict: bool = True) -> GameSpec:
    """Read a game's scoring options; with ``strict`` an option the ledger does not know is refused.

    A game played in the program passes all its options (``strict=False``): the ledger keeps
    them and reads the ones it needs.
    """
    kind = game_kind(game)
    low, high = PLAYERS[kind]
    if not low <= players <= high:
        name = "Последний" if kind == "posledniy" else "Dernier"
        raise LedgerError(f"{name} is played by {low} to {high} players, not {players}")
    values = {k.strip().replace("-", "_"): v for k, v in options.items()}
    known = {"scoring", *NUMBERS[kind]}
    unknown = sorted(set(values) - known)
    if strict and unknown:
        raise LedgerError(
            f"unknown option {unknown[0]!r} for {kind}; the ledger reads {', '.join(sorted(known))}"
        )
    raw_scoring = str(values.get("scoring", DEFAULT_SCORING[kind])).strip().casefold()
    scoring = SCORING[kind].get(raw_scoring)
    if scoring is None:
        modes = sorted(set(SCORING[kind].values()))
        raise LedgerError(f"scoring for {kind} is one of {', '.join(modes)}, not {raw_scoring!r}")
    numbers = {k: _whole(k, values[k]) for k in NUMBERS[kind] if k in values}
    return GameSpec(kind, players, scoring, **numbers)


@frozen
class Effect:
    """What one deal, or a game's end, does to every seat."""

    points: tuple[int, ...]
    transfers: tuple[Transfer, ...]
    won: tuple[int, ...]
    lost: tuple[int, ...]


def posledniy_deal(spec: GameSpec, dealer: int, last: int | None, all_tricks: int | None) -> Effect:
    """One deal of Последний from the dealer and the last-trick (or all-eight) taker (P-8 to P-10)."""
    # Imported here so that a game plugin being broken never stops the ledger (or the CLI) loading.
    from games.posledniy.scoring import deal_chips, deal_points

    if (last is None) == (all_tricks is None):
        raise LedgerError("give either who took the last trick or who took all eight tricks")
    n = spec.players
    taker = all_tricks if all_tricks is not None else last
    assert taker is not None
    if spec.scoring == "points":
        points = deal_points(n, dealer, taker, all_tricks)
        transfers: tuple[Transfer, ...] = ()
    else:
        points = (0,) * n
        transfers = tuple(t for t in deal_chips(n, spec.stake, taker, all_tricks) if t.amount)
    if all_tricks is not None:
        return Effect(points, transfers, (all_tricks,), tuple(s for s in range(n) if s != all_tricks))
    return Effect(points, transfers, (), (taker,))


def dernier_hand(spec: GameSpec, winner: int, cards: Sequence[int], jokers: Sequence[int]) -> Effect:
    """One hand of Dernier from its winner and the cards (and jokers) left in each hand (D-21)."""
    from games.dernier.scoring import points_from_counts

    try:
        counted = points_from_counts(cards, jokers, winner, spec.joker_points)
    except ValueError as exc:
        raise LedgerError(str(exc)) from None
    points = counted if spec.counts_points() else (0,) * spec.players
    return Effect(points, (), (winner,), tuple(s for s in range(spec.players) if s != winner))


@frozen
class Totals:
    """A game's running totals per seat."""

    points: tuple[int, ...]
    chips: tuple[int, ...]
    hands_won: tuple[int, ...]
    deals: int = 0


def _best(values: Sequence[int], *, low: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Seats with the best and the worst value (none when everyone is equal)."""
    if not values or min(values) == max(values):
        return (), ()
    best, worst = (min(values), max(values)) if low else (max(values), min(values))
    return (
        tuple(s for s, v in enumerate(values) if v == best),
        tuple(s for s, v in enumerate(values) if v == worst),
    )


def game_end(spec: GameSpec, totals: Totals) -> Effect | None:
    """The end of the game once a player reaches the target, with its settlement; else None."""
    n = spec.players
    if spec.game == "posledniy" and spec.scoring == "points":
        if max(totals.points) < spec.target:
            return None
        settlement = tuple(settle_penalties(totals.points, spec.target, spec.unit))
        lost = tuple(s for s, p in enumerate(totals.points) if p >= spec.target)
        below = [p for p in totals.points if p < spec.target]
        won = tuple(s for s, p in enumerate(totals.points) if below and p == min(below))
        return Effect((0,) * n, settlement, won, lost)
    if spec.game == "posledniy" and spec.scoring == "chips":
        # The game's decision: a chips game lasts `rounds` rounds, each player dealing once a round.
        if not spec.rounds or totals.deals < spec.rounds * n:
            return None
        return close_game(spec, totals)
    if spec.game == "dernier" and spec.scoring == "hands":
        if max(totals.hands_won) < spec.hands_to_win:
            return None
        won = tuple(s for s, h in enumerate(totals.hands_won) if h >= spec.hands_to_win)
        return Effect((0,) * n, (), won, tuple(s for s in range(n) if s not in won))
    if spec.game == "dernier" and spec.scoring == "cards":
        if max(totals.points) < spec.target_points:
            return None
        low = min(totals.points)
        won = tuple(s for s, p in enumerate(totals.points) if p == low)
        return Effect((0,) * n, (), won, tuple(s for s in range(n) if s not in won))
    return None


def close_game(spec: GameSpec, totals: Totals) -> Effect:
    """Closing a game that has no target (or stops early): best and worst by the game's measure."""
    if spec.game == "posledniy" and spec.scoring == "chips":
        won, lost = _best(totals.chips, low=False)
    elif spec.game == "dernier" and spec.scoring == "hands":
        won, lost = _best(totals.hands_won, low=False)
    else:
        won, lost = _best(totals.points, low=True)
    return Effect((0,) * spec.players, (), won, lost)


def transfers_from_balances(net: Sequence[int], note: str) -> tuple[Transfer, ...]:
    """Transfers that produce the given net chips (which must sum to zero), debtors paying in seat order."""
    if sum(net) != 0:
        raise LedgerError(f"chips must sum to zero, and {list(net)} does not")
    debts = [[s, -v] for s, v in enumerate(net) if v < 0]
    credits = [[s, v] for s, v in enumerate(net) if v > 0]
    out: list[Transfer] = []
    i = j = 0
    while i < len(debts) and j < len(credits):
        amount = min(debts[i][1], credits[j][1])
        out.append(Transfer(debts[i][0], credits[j][0], amount, note))
        debts[i][1] -= amount
        credits[j][1] -= amount
        i += debts[i][1] == 0
        j += credits[j][1] == 0
    return tuple(out)
