"""Последний scoring as pure functions (RULES.md P-8, P-9, P-10), shared by the game and the ledger."""

from __future__ import annotations

from cardgames.scoring import Transfer, collect_from_each, pay_each


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
    deal every other player scores 1, the dealer too (a decision of RULES.md).
    """
    _check(players, dealer, "dealer")
    if all_tricks is not None:
        _check(players, all_tricks, "all-tricks taker")
        return tuple(0 if p == all_tricks else 1 for p in range(players))
    _check(players, last_trick, "last-trick taker")
    return tuple((2 if p == dealer else 1) if p == last_trick else 0 for p in range(players))
