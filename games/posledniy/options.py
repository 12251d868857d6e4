"""Последний options and presets (rules P-9, P-10, and the game-length decision)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from attrs import frozen

from cardgames.core.options import in_range, one_of, option
from cardgames.primitives.language import N_


@frozen
class PosledniyOptions:
    """How a game of Последний is scored and how long it lasts."""

    scoring: Literal["chips", "points"] = option(
        "points",
        N_("chips: the stake is paid after every deal (P-9); points: penalty points to target (P-10)"),
        one_of("chips", "points"),
    )
    stake: int = option(
        5,
        N_("chips the last-trick taker pays each player, or an all-tricks taker collects (P-9)"),
        in_range(1, 1_000_000),
    )
    target: int = option(5, N_("penalty points that end a points game (P-10)"), in_range(1, 100))
    unit: int = option(
        5, N_("chips per penalty point of difference in the final settlement (P-10)"), in_range(1, 1_000_000)
    )
    rounds: int = option(
        2,
        N_("chips games last this many rounds; in a round every player deals once (decision)"),
        in_range(1, 100),
    )


PRESETS: Mapping[str, Mapping[str, Any]] = {
    "points": {"scoring": "points", "target": 5, "unit": 5},
    "chips": {"scoring": "chips", "stake": 5, "rounds": 2},
    "quick": {"scoring": "points", "target": 3, "unit": 5},
}
