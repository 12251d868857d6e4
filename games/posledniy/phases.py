"""The phases of a deal of Последний, shared by the engine and the view (which names them)."""

from __future__ import annotations

EXCHANGE, PLAY_PHASE, OVER = 0, 1, 2
PHASE_NAMES = ("exchange", "play", "over")
