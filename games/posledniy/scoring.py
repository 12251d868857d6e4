"""Последний scoring (rules P-8, P-9, P-10): pure functions for the game, and its ledger scoresheet."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cardgames.core.scoresheet import (
    DealScore,
    EndScore,
    EntryError,
    Field,
    Scoresheet,
    SeatField,
    Totals,
    Units,
    Value,
    best_and_worst,
)
from cardgames.core.state import HandResult, Outcome
from cardgames.games.posledniy.options import PosledniyOptions
from cardgames.primitives.language import N_, catalog
from cardgames.primitives.scoring import Transfer, collect_from_each, pay_each, settle_penalties

_ = catalog("cardgames.games.posledniy").gettext
ngettext = catalog("cardgames.games.posledniy").ngettext


def _check(players: int, seat: int, what: str) -> None:
    if not 0 <= seat < players:
        raise ValueError(f"the {what} must be one of the {players} seats, not {seat}")


def deal_chips(players: int, stake: int, last_trick: int, all_tricks: int | None) -> list[Transfer]:
    """Chips for one deal (P-9): the last-trick taker pays everyone the stake.

    A player who took all eight tricks instead collects the stake from everyone (P-8).
    """
    if all_tricks is not None:
        _check(players, all_tricks, "all-tricks taker")
        return collect_from_each(all_tricks, players, stake, "all eight tricks")
    _check(players, last_trick, "last-trick taker")
    return pay_each(last_trick, players, stake, "last trick")


def deal_points(players: int, dealer: int, last_trick: int, all_tricks: int | None) -> tuple[int, ...]:
    """Penalty points for one deal (P-10).

    The last-trick taker scores 1, or 2 when that player dealt. After an all-tricks
    deal every other player scores 1, the dealer too (a decision of docs/posledniy.md).
    """
    _check(players, dealer, "dealer")
    if all_tricks is not None:
        _check(players, all_tricks, "all-tricks taker")
        return tuple(0 if p == all_tricks else 1 for p in range(players))
    _check(players, last_trick, "last-trick taker")
    return tuple((2 if p == dealer else 1) if p == last_trick else 0 for p in range(players))


class PosledniySheet(Scoresheet):
    """How the ledger keeps Последний: who took the last trick (or all eight) of each deal."""

    def mode(self, options: PosledniyOptions) -> str:
        """Chips games and penalty-point games are ranked apart."""
        return str(options.scoring)

    def describe(self, options: PosledniyOptions) -> str:
        """The scoring in words."""
        if options.scoring == "chips":
            said = ngettext(
                "Последний, chips: {stake} a deal, {count} round",
                "Последний, chips: {stake} a deal, {count} rounds",
                options.rounds,
            )
            return said.format(stake=options.stake, count=options.rounds)
        return _("Последний, penalty points to {target}, {unit} chips a point").format(
            target=options.target, unit=options.unit
        )

    def units(self, options: PosledniyOptions) -> Units:
        """Penalty points (fewest win) with a settlement in chips, or chips alone."""
        if options.scoring == "chips":
            return Units(points=None, chips=True, rank_by="chips")
        return Units(points=N_("penalty points"), low_points_win=True, chips=True, rank_by="points")

    def fields(self, options: PosledniyOptions, players: int) -> tuple[Field, ...]:
        """Who took the last (8th) trick, or who took all eight."""
        return (
            SeatField(
                "last", _("who took the last (8th) trick, unless one player took all eight"), required=False
            ),
            SeatField("all_tricks", _("who took all eight tricks, if one player did"), required=False),
        )

    def score_deal(
        self, options: PosledniyOptions, dealer: int, values: Mapping[str, Value], names: Sequence[str]
    ) -> DealScore:
        """P-8 to P-10: the last-trick taker loses the deal; an all-tricks taker wins it."""
        last, all_tricks = values.get("last"), values.get("all_tricks")
        if (last is None) == (all_tricks is None):
            raise EntryError("last", _("give who took the last trick, or --all-tricks NAME (all eight)"))
        assert isinstance(last, int | None) and isinstance(all_tricks, int | None)
        n = len(names)
        taker = all_tricks if all_tricks is not None else last
        assert taker is not None
        transfers: tuple[Transfer, ...] = ()
        if options.scoring == "points":
            points = deal_points(n, dealer, taker, all_tricks)
        else:
            points = (0,) * n
            transfers = tuple(t for t in deal_chips(n, options.stake, taker, all_tricks) if t.amount)
        others = tuple(s for s in range(n) if s != taker)
        if all_tricks is not None:
            text = _("{name} took all eight tricks").format(name=names[all_tricks])
            return DealScore(points, transfers, (all_tricks,), others, text)
        return DealScore(
            points, transfers, (), (taker,), _("{name} took the last trick").format(name=names[taker])
        )

    def game_end(self, options: PosledniyOptions, totals: Totals) -> EndScore | None:
        """Points: someone reached the target, and P-10 settles; chips: the rounds are played."""
        n = len(totals.points)
        if options.scoring == "chips":
            if totals.deals < options.rounds * n:
                return None
            won, lost = best_and_worst(totals.chips, low=False)
            return EndScore((), won, lost)
        if max(totals.points) < options.target:
            return None
        settlement = tuple(settle_penalties(totals.points, options.target, options.unit))
        lost = tuple(s for s, p in enumerate(totals.points) if p >= options.target)
        below = [p for p in totals.points if p < options.target]
        won = tuple(s for s, p in enumerate(totals.points) if below and p == min(below))
        return EndScore(settlement, won, lost)

    def played_deal(self, options: PosledniyOptions, hand: HandResult, names: Sequence[str]) -> str:
        """A deal played in the program, as an organiser would have entered it."""
        if hand.winners:
            return _("{name} took all eight tricks").format(name=names[hand.winners[0]])
        return (
            _("{name} took the last trick").format(name=names[hand.losers[0]])
            if hand.losers
            else _("no last trick")
        )

    def played_end(self, options: PosledniyOptions, totals: Totals, outcome: Outcome) -> EndScore | None:
        """The program's winners, with the same losers and settlement as a game recorded by hand."""
        end = self.game_end(options, totals)
        return None if end is None else EndScore(end.transfers, tuple(outcome.winners), end.lost)
