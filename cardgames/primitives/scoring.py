"""Scoring primitives: a zero-sum chips ledger and a penalty-points sheet with settlement."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from attrs import define, field, frozen


@frozen
class Transfer:
    """``payer`` pays ``amount`` chips to ``payee`` (seats)."""

    payer: int
    payee: int
    amount: int
    note: str = ""

    def __attrs_post_init__(self) -> None:
        if self.amount < 0:
            raise ValueError(f"a transfer cannot be negative ({self.amount})")
        if self.payer == self.payee:
            raise ValueError("a player cannot pay themself")


def balances(players: int, transfers: Iterable[Transfer]) -> tuple[int, ...]:
    """Each seat's net chips after the transfers; always sums to zero."""
    out = [0] * players
    for t in transfers:
        out[t.payer] -= t.amount
        out[t.payee] += t.amount
    return tuple(out)


def pay_each(payer: int, players: int, amount: int, note: str = "") -> list[Transfer]:
    """``payer`` pays ``amount`` to every other seat."""
    return [Transfer(payer, p, amount, note) for p in range(players) if p != payer]


def collect_from_each(payee: int, players: int, amount: int, note: str = "") -> list[Transfer]:
    """Every other seat pays ``amount`` to ``payee``."""
    return [Transfer(p, payee, amount, note) for p in range(players) if p != payee]


@define
class ChipLedger:
    """A record of chip transfers between seats; balances always sum to zero."""

    players: int
    transfers: list[Transfer] = field(factory=list)

    def record(self, transfers: Iterable[Transfer]) -> None:
        """Add transfers, checking that they name seats at this table."""
        new = list(transfers)
        for t in new:
            if not (0 <= t.payer < self.players and 0 <= t.payee < self.players):
                raise ValueError(f"transfer {t} names a seat outside 0..{self.players - 1}")
        self.transfers.extend(new)

    def balances(self) -> tuple[int, ...]:
        """Net chips per seat."""
        return balances(self.players, self.transfers)


def settle_penalties(points: Sequence[int], target: int, unit: int) -> list[Transfer]:
    """End-of-game settlement of penalty points (rule P-10).

    Every player at or above ``target`` pays every player below it the difference in
    points times ``unit``; players at or above the target settle nothing between them.
    """
    losers = [p for p, pts in enumerate(points) if pts >= target]
    others = [p for p, pts in enumerate(points) if pts < target]
    out = []
    for loser in losers:
        for other in others:
            amount = (points[loser] - points[other]) * unit
            if amount:
                out.append(Transfer(loser, other, amount, "settlement"))
    return out


@define
class PenaltySheet:
    """Penalty points per seat, played to a target; the lowest total is best.

    Add each deal's points with ``add``. The game is over (``finished``) as soon as some
    seat's total reaches ``target`` or passes it; ``settle(unit)`` then gives the chips
    that change hands (``settle_penalties``, rule P-10: each seat at or above the
    target pays each seat below it the difference in points times ``unit``). Pass
    ``points`` to continue a sheet (to copy one, say).
    """

    players: int
    """The number of seats."""
    target: int
    """The total at which the game ends: a seat that reaches it has lost."""
    points: list[int] = field()
    """Each seat's total so far; zeros by default."""

    @points.default
    def _zeros(self) -> list[int]:
        return [0] * self.players

    def add(self, scored: Sequence[int]) -> None:
        """Add one deal's penalty points (one entry per seat)."""
        if len(scored) != self.players:
            raise ValueError(f"expected points for {self.players} seats, got {len(scored)}")
        if any(p < 0 for p in scored):
            raise ValueError("penalty points cannot be negative")
        for seat, pts in enumerate(scored):
            self.points[seat] += pts

    def finished(self) -> bool:
        """Whether some seat has reached the target."""
        return any(p >= self.target for p in self.points)

    def settle(self, unit: int) -> list[Transfer]:
        """The settlement in chips (empty until the game is finished)."""
        return settle_penalties(self.points, self.target, unit) if self.finished() else []
