"""The result of one simulated game: small, plain and the same on every backend."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from attrs import field, frozen


def _floats(value: Mapping[str, float]) -> dict[str, float]:
    return {str(k): float(v) for k, v in value.items()}


def _ints(value: Iterable[int]) -> tuple[int, ...]:
    return tuple(int(v) for v in value)


def _numbers(value: Iterable[float]) -> tuple[float, ...]:
    return tuple(float(v) for v in value)


def _names(value: Iterable[str]) -> tuple[str, ...]:
    return tuple(str(v) for v in value)


def _hands(value: Iterable[HandOutcome]) -> tuple[HandOutcome, ...]:
    return tuple(value)


@frozen
class HandOutcome:
    """One finished hand: its dealer, who won it and who lost it."""

    dealer: int
    winners: tuple[int, ...] = field(converter=_ints)
    losers: tuple[int, ...] = field(converter=_ints)


@frozen
class GameResult:
    """What the lab keeps of one game (never the state: only counts and public outcomes)."""

    index: int
    seed: int
    lineup: tuple[str, ...] = field(converter=_names)
    winners: tuple[int, ...] = field(converter=_ints)
    scores: tuple[float, ...] = field(converter=_numbers)
    decisions: int
    first: int  # the seat that made the game's first decision
    hands: tuple[HandOutcome, ...] = field(converter=_hands)
    stats: dict[str, float] = field(converter=_floats)
    lead_changes: int | None
    decisiveness: float | None
    drama: float | None
    capped: bool = False  # stopped by the lab's decision cap: no winner

    def to_data(self) -> dict[str, Any]:
        """JSON-ready data (one line of an ``--out`` file)."""
        return {
            "index": self.index,
            "seed": self.seed,
            "lineup": list(self.lineup),
            "winners": list(self.winners),
            "scores": list(self.scores),
            "decisions": self.decisions,
            "first": self.first,
            "hands": [[h.dealer, list(h.winners), list(h.losers)] for h in self.hands],
            "stats": dict(self.stats),
            "lead_changes": self.lead_changes,
            "decisiveness": self.decisiveness,
            "drama": self.drama,
            "capped": self.capped,
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> GameResult:
        """Read what :meth:`to_data` wrote; KeyError, TypeError or ValueError if damaged."""
        return cls(
            index=int(data["index"]),
            seed=int(data["seed"]),
            lineup=data["lineup"],
            winners=data["winners"],
            scores=data["scores"],
            decisions=int(data["decisions"]),
            first=int(data["first"]),
            hands=[HandOutcome(int(d), w, lo) for d, w, lo in data["hands"]],
            stats=dict(data["stats"]),
            lead_changes=None if data["lead_changes"] is None else int(data["lead_changes"]),
            decisiveness=None if data["decisiveness"] is None else float(data["decisiveness"]),
            drama=None if data["drama"] is None else float(data["drama"]),
            capped=bool(data["capped"]),
        )
