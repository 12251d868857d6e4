"""Последний options and presets (RULES.md P-9, P-10, and the game-length decision)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from attrs import field, frozen

from cardgames.options import in_range, one_of


def _doc(text: str) -> dict[str, Any]:
    return {"doc": text}


@frozen
class PosledniyOptions:
    """How a game of Последний is scored and how long it lasts."""

    scoring: Literal["chips", "points"] = field(
        default="points",
        validator=one_of("chips", "points"),
        metadata=_doc(
            "chips: the stake is paid after every deal (P-9); points: penalty points to target (P-10)"
        ),
    )
    stake: int = field(
        default=5,
        validator=in_range(1, 1_000_000),
        metadata=_doc("chips the last-trick taker pays each player, or an all-tricks taker collects (P-9)"),
    )
    target: int = field(
        default=5,
        validator=in_range(1, 100),
        metadata=_doc("penalty points that end a points game (P-10)"),
    )
    unit: int = field(
        default=5,
        validator=in_range(1, 1_000_000),
        metadata=_doc("chips per penalty point of difference in the final settlement (P-10)"),
    )
    rounds: int = field(
        default=2,
        validator=in_range(1, 100),
        metadata=_doc("chips games last this many rounds; in a round every player deals once (decision)"),
    )


PRESETS: Mapping[str, Mapping[str, Any]] = {
    "points": {"scoring": "points", "target": 5, "unit": 5},
    "chips": {"scoring": "chips", "stake": 5, "rounds": 2},
    "quick": {"scoring": "points", "target": 3, "unit": 5},
}
