"""Dernier hand scoring (rule D-21): pure functions for the game, and its ledger scoresheet."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cardgames.core.scoresheet import (
    DealScore,
    EndScore,
    EntryError,
    Field,
    PlayerNumbersField,
    Scoresheet,
    SeatField,
    Totals,
    Units,
    Value,
)
from cardgames.core.state import HandResult
from cardgames.games.dernier.options import DernierOptions
from cardgames.primitives.cards import Card
from cardgames.primitives.language import N_, catalog

_ = catalog("cardgames.games.dernier").gettext
ngettext = catalog("cardgames.games.dernier").ngettext

# More cards than any hand can hold: two 52-card decks and four jokers.
HAND_LIMIT = 108


def points_left(cards: int, jokers: int, joker_points: int = 1) -> int:
    """The card points of a hand of ``cards`` cards, ``jokers`` of them jokers (D-21).

    The engine, which counts a hand's cards, asks this directly; ``card_points`` reads it.
    """
    return cards + jokers * (joker_points - 1)


def card_points(hand: Sequence[Card], joker_points: int = 1) -> int:
    """What a loser's hand left at the end of a hand scores: one per card, a joker ``joker_points``."""
    return points_left(len(hand), sum(c.is_joker for c in hand), joker_points)


def points_from_counts(
    cards_left: Sequence[int], jokers_left: Sequence[int], winner: int, joker_points: int = 1
) -> tuple[int, ...]:
    """The same points from counts, as an organiser enters them for a hand at a real table."""
    if len(cards_left) != len(jokers_left):
        raise ValueError("give the cards and the jokers left for every seat")
    if not 0 <= winner < len(cards_left):
        raise ValueError(f"the winner must be one of the {len(cards_left)} seats, not {winner}")
    if cards_left[winner] != 0:
        raise ValueError("the winner of a hand has no cards left")
    out = []
    for n, j in zip(cards_left, jokers_left, strict=True):
        if n < 0 or not 0 <= j <= n:
            raise ValueError(f"{n} cards with {j} jokers is not a hand")
        out.append(n - j + j * joker_points)
    return tuple(out)


class DernierSheet(Scoresheet):
    """How the ledger keeps Dernier: who went out, and the cards (and jokers) left in the other hands."""

    def mode(self, options: DernierOptions) -> str:
        """Matches by hands won and games by card points are ranked apart."""
        return str(options.scoring)

    def describe(self, options: DernierOptions) -> str:
        """The scoring in words."""
        if options.scoring == "hands":
            n = options.hands_to_win
            return ngettext("Dernier, first to {count} hand", "Dernier, first to {count} hands", n).format(
                count=n
            )
        return _("Dernier, cards left to {target} points, a joker {joker}").format(
            target=options.target_points, joker=options.joker_points
        )

    def units(self, options: DernierOptions) -> Units:
        """Hands won, or card points (fewest win); never chips (D-21)."""
        if options.scoring == "hands":
            return Units(points=None, rank_by="hands")
        return Units(points=N_("card points"), low_points_win=True, rank_by="points")

    def fields(self, options: DernierOptions, players: int) -> tuple[Field, ...]:
        """The winner, and the cards left in each losing hand (needed when cards are scored)."""
        needed = options.scoring == "cards"
        return (
            SeatField("winner", _("who went out")),
            PlayerNumbersField(
                "left",
                _("the cards left in a loser's hand, and how many of them are jokers; every loser's")
                if needed
                else _(
                    "the cards left in a loser's hand, and how many of them are jokers; "
                    "kept for the record in a match by hands"
                ),
                parts=("cards", "jokers"),
                high=HAND_LIMIT,
                required=needed,
                not_for="winner",
            ),
        )

    def score_deal(
        self, options: DernierOptions, dealer: int, values: Mapping[str, Value], names: Sequence[str]
    ) -> DealScore:
        """D-21: the winner scores 0, every loser the cards left, a joker ``joker_points``."""
        winner, left = values.get("winner"), values.get("left") or {}
        if not isinstance(winner, int):
            raise EntryError("winner", _("give who went out"))
        assert isinstance(left, dict)
        n = len(names)
        if winner in left:
            raise EntryError("left", _("{name} went out and has no cards left").format(name=names[winner]))
        cards = [left[s][0] if s in left else 0 for s in range(n)]
        jokers = [left[s][1] if s in left else 0 for s in range(n)]
        for s in left:
            if jokers[s] > cards[s]:
                text = _("{name}: {jokers} jokers among {cards} cards is not a hand").format(
                    name=names[s], jokers=jokers[s], cards=cards[s]
                )
                raise EntryError("left", text)
        missing = [names[s] for s in range(n) if s != winner and s not in left]
        if options.scoring == "cards" and missing:
            raise EntryError(
                "left",
                _("give the cards left in every losing hand: {names}").format(names=", ".join(missing)),
            )
        counted = points_from_counts(cards, jokers, winner, options.joker_points)
        points = counted if options.scoring == "cards" else (0,) * n
        losers = tuple(s for s in range(n) if s != winner)
        return DealScore(points, (), (winner,), losers, _("{name} went out").format(name=names[winner]))

    def game_end(self, options: DernierOptions, totals: Totals) -> EndScore | None:
        """The first to ``hands_to_win`` hands, or the fewest card points once someone reaches the target."""
        n = len(totals.points)
        if options.scoring == "hands":
            if max(totals.hands_won) < options.hands_to_win:
                return None
            won = tuple(s for s, h in enumerate(totals.hands_won) if h >= options.hands_to_win)
        else:
            if max(totals.points) < options.target_points:
                return None
            won = tuple(s for s, p in enumerate(totals.points) if p == min(totals.points))
        return EndScore((), won, tuple(s for s in range(n) if s not in won))

    def next_dealer(
        self, options: DernierOptions, players: int, dealer: int, result: HandResult | None = None
    ) -> int:
        """The deal passes in the direction of play (D-5, D-21)."""
        return (dealer + (1 if options.clockwise else -1)) % players

    def played_deal(self, options: DernierOptions, hand: HandResult, names: Sequence[str]) -> str:
        """A hand played in the program, as an organiser would have entered it."""
        return (
            _("{name} went out").format(name=names[hand.winners[0]]) if hand.winners else _("nobody went out")
        )
