"""Dernier options and presets (rules D-1 to D-22)."""

from __future__ import annotations

from typing import Any, Literal

from attrs import frozen

from cardgames.core.options import in_range, one_of, option
from cardgames.primitives.language import N_


@frozen
class DernierOptions:
    """Every variant of Dernier; the defaults are the ``quick`` preset."""

    hand_size: int = option(5, N_("cards dealt to each player (D-3)"), in_range(1, 60))
    jokers: int = option(4, N_("jokers in the 104-card double deck (D-2)"), in_range(0, 4))
    ace_penalty: int = option(
        2, N_("cards an ace makes the next player draw, chained (D-13)"), in_range(1, 20)
    )
    joker_mode: Literal["wild", "draw5"] = option(
        "wild",
        N_("wild: the joker stands for a declared card; draw5: next player draws 5 (D-15)"),
        one_of("wild", "draw5"),
    )
    joker_penalty: int = option(
        5, N_("cards a joker makes the next player draw in draw5 mode (D-15)"), in_range(1, 20)
    )
    starter_effects: bool = option(False, N_("the starter card acts as if the dealer had played it (D-4)"))
    play_after_draw: bool = option(
        False, N_("after drawing, the drawn card may be played if it matches (D-7)")
    )
    clockwise: bool = option(False, N_("play starts clockwise instead of counter-clockwise (D-5)"))
    dernier_penalty: int = option(
        2, N_("cards drawn for forgetting to call Dernier! (D-17)"), in_range(0, 20)
    )
    misplay: Literal["strict", "forgiving"] = option(
        "strict",
        N_("strict: a misplay costs misplay_penalty cards and the turn; forgiving: refused (D-18)"),
        one_of("strict", "forgiving"),
    )
    misplay_penalty: int = option(2, N_("cards drawn for a misplay in strict mode (D-18)"), in_range(0, 20))
    move_seconds: float | None = option(
        None, N_("seconds a person has for a move; none = no timer (D-19)"), in_range(1, 3600)
    )
    slow_penalty: int = option(1, N_("cards drawn by a person who runs out of time (D-19)"), in_range(0, 20))
    anticipo: bool = option(
        False, N_("a player holding a card identical to the top may play it out of turn (D-20)")
    )
    scoring: Literal["hands", "cards"] = option(
        "hands",
        N_("hands: first to hands_to_win hands; cards: losers score cards left, to target_points (D-21)"),
        one_of("hands", "cards"),
    )
    hands_to_win: int = option(3, N_("hands a player must win to win the match (D-21)"), in_range(1, 50))
    target_points: int = option(
        50, N_("card points that end the match, lowest wins (D-21)"), in_range(1, 1000)
    )
    joker_points: int = option(1, N_("points of a joker left in hand (D-21)"), in_range(1, 50))
    turn_limit: int = option(
        1000,
        N_("decisions after which a hand stops; the fewest card points wins it (a program safeguard)"),
        in_range(50, 100_000),
    )


PRESETS: dict[str, dict[str, Any]] = {
    "classic": {"hand_size": 9, "ace_penalty": 2, "joker_mode": "wild"},
    "scala40": {"hand_size": 5, "ace_penalty": 3, "joker_mode": "draw5"},
    "quick": {"hand_size": 5, "ace_penalty": 2, "joker_mode": "wild"},
}
