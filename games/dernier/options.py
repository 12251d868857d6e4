"""Dernier options and presets (RULES.md D-1 to D-22)."""

from __future__ import annotations

from typing import Any, Literal

from attrs import field, frozen

from cardgames.options import in_range, one_of


def _doc(text: str) -> dict[str, Any]:
    return {"doc": text}


@frozen
class DernierOptions:
    """Every variant of Dernier; the defaults are the ``quick`` preset."""

    hand_size: int = field(
        default=5, validator=in_range(1, 60), metadata=_doc("cards dealt to each player (D-3)")
    )
    jokers: int = field(
        default=4, validator=in_range(0, 4), metadata=_doc("jokers in the 104-card double deck (D-2)")
    )
    ace_penalty: int = field(
        default=2,
        validator=in_range(1, 20),
        metadata=_doc("cards an ace makes the next player draw, chained (D-13)"),
    )
    joker_mode: Literal["wild", "draw5"] = field(
        default="wild",
        validator=one_of("wild", "draw5"),
        metadata=_doc("wild: the joker stands for a declared card; draw5: next player draws 5 (D-15)"),
    )
    joker_penalty: int = field(
        default=5,
        validator=in_range(1, 20),
        metadata=_doc("cards a joker makes the next player draw in draw5 mode (D-15)"),
    )
    starter_effects: bool = field(
        default=False, metadata=_doc("the starter card acts as if the dealer had played it (D-4)")
    )
    play_after_draw: bool = field(
        default=False, metadata=_doc("after drawing, the drawn card may be played if it matches (D-7)")
    )
    clockwise: bool = field(
        default=False, metadata=_doc("play starts clockwise instead of counter-clockwise (D-5)")
    )
    dernier_penalty: int = field(
        default=2,
        validator=in_range(0, 20),
        metadata=_doc("cards drawn for forgetting to call Dernier! (D-17)"),
    )
    misplay: Literal["strict", "forgiving"] = field(
        default="strict",
        validator=one_of("strict", "forgiving"),
        metadata=_doc(
            "strict: a misplay costs misplay_penalty cards and the turn; forgiving: refused (D-18)"
        ),
    )
    misplay_penalty: int = field(
        default=2, validator=in_range(0, 20), metadata=_doc("cards drawn for a misplay in strict mode (D-18)")
    )
    move_seconds: float | None = field(
        default=None,
        validator=in_range(1, 3600),
        metadata=_doc("seconds a person has for a move; none = no timer (D-19)"),
    )
    slow_penalty: int = field(
        default=1,
        validator=in_range(0, 20),
        metadata=_doc("cards drawn by a person who runs out of time (D-19)"),
    )
    anticipo: bool = field(
        default=False,
        metadata=_doc("a player holding a card identical to the top may play it out of turn (D-20)"),
    )
    scoring: Literal["hands", "cards"] = field(
        default="hands",
        validator=one_of("hands", "cards"),
        metadata=_doc(
            "hands: first to hands_to_win hands; cards: losers score cards left, to target_points (D-21)"
        ),
    )
    hands_to_win: int = field(
        default=3, validator=in_range(1, 50), metadata=_doc("hands a player must win to win the match (D-21)")
    )
    target_points: int = field(
        default=50,
        validator=in_range(1, 1000),
        metadata=_doc("card points that end the match, lowest wins (D-21)"),
    )
    joker_points: int = field(
        default=1, validator=in_range(1, 50), metadata=_doc("points of a joker left in hand (D-21)")
    )
    turn_limit: int = field(
        default=1000,
        validator=in_range(50, 100_000),
        metadata=_doc(
            "decisions after which a hand stops; the fewest card points wins it (a program safeguard)"
        ),
    )


PRESETS: dict[str, dict[str, Any]] = {
    "classic": {"hand_size": 9, "ace_penalty": 2, "joker_mode": "wild"},
    "scala40": {"hand_size": 5, "ace_penalty": 3, "joker_mode": "draw5"},
    "quick": {"hand_size": 5, "ace_penalty": 2, "joker_mode": "wild"},
}
