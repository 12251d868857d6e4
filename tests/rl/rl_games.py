"""The games every adapter test runs: the built-in games and two test plugins (one passes simultaneously)."""

from __future__ import annotations

from typing import Any

from framework_highcard import HighCard
from framework_passing import PassHearts

from cardgames.core.game import Game

# (game, players, options): short setups so a bounded test reaches the end of games
GAMES: list[tuple[Game[Any, Any] | str, int, dict[str, Any]]] = [
    ("dernier", 3, {"hands_to_win": 1}),
    ("posledniy", 3, {"scoring": "chips", "rounds": 1}),
    (HighCard(), 3, {}),
    (PassHearts(), 4, {"deals": 1}),
]
IDS = ["dernier", "posledniy", "highcard", "passhearts"]
