"""Build Dernier positions from card strings, and act on them by typed notation."""

from __future__ import annotations

from typing import Any

from cardgames.core.eventlog import EventLog
from cardgames.core.options import make_options
from cardgames.games.dernier import Dernier
from cardgames.games.dernier.options import PRESETS, DernierOptions
from cardgames.games.dernier.state import DernierState
from cardgames.primitives.cards import parse_card, parse_cards, parse_suit

GAME = Dernier()


def opts(preset: str = "quick", **overrides: Any) -> DernierOptions:
    """Options from a preset with overrides on top."""
    result: DernierOptions = make_options(DernierOptions, PRESETS, preset, overrides)
    return result


def idx(text: str) -> list[int]:
    """Card indices from card notation ('7h 9s joker')."""
    return [c.index for c in parse_cards(text)]


def position(
    hands: list[str],
    top: str,
    *,
    to_move: int = 0,
    stock: str = "2c 3c 4c 5c 6c 8c 9c 10c 2d 3d 4d 5d",
    below: str = "",
    direction: int = -1,
    suit: str | None = None,
    stands_for: str | None = None,
    penalty: int = 0,
    penalty_kind: str | None = None,
    preset: str = "quick",
    dealer: int = 1,
    **overrides: Any,
) -> DernierState:
    """A state with the given hands (seat order), discard top and stock (last card is drawn first)."""
    options = opts(preset, **overrides)
    state = DernierState(options, len(hands), seed=0)
    state.log = EventLog()
    for seat, cards in enumerate(hands):
        state.set_hand(seat, idx(cards))
    state.stock = idx(stock)
    top_i = parse_card(top).index
    state.discard = [*idx(below), top_i]
    face = parse_card(stands_for) if stands_for else parse_card(top)
    state.top_as = face.index if stands_for else -1
    state.top_rank = 0 if face.rank is None else int(face.rank)
    state.suit = int(parse_suit(suit)) if suit else int(face.suit or 0)
    state.direction = direction
    state.current = to_move
    state.dealer = dealer
    state.penalty.pending = penalty
    state.penalty.kind = penalty_kind
    return state


def written(text: str, preset: str = "quick", *, seed: int = 0, **overrides: Any) -> DernierState:
    """A state read from Dernier's position notation (``cardgames.games.dernier.position``)."""
    state: DernierState = GAME.position.read(text, opts(preset, **overrides), seed)
    return state


def act(state: DernierState, text: str) -> Any:
    """Parse ``text`` as typed by the player to act, apply it, and return the action."""
    seat = state.to_act()
    assert seat is not None
    action = GAME.parse_action(text, state.view(seat))
    state.apply(action)
    return action


def hand(state: DernierState, seat: int) -> str:
    """A seat's hand in sorted notation, for assertions."""
    from cardgames.primitives.cards import CARDS, format_card

    return " ".join(format_card(CARDS[i]) for i in state.hand(seat))


def legal_texts(state: DernierState) -> list[str]:
    """The legal actions in notation."""
    return [GAME.format_action(a) for a in state.legal_actions()]


def norm(text: str) -> str:
    """Card notation sorted the way ``hand`` sorts it."""
    from cardgames.primitives.cards import CARDS, format_card

    return " ".join(format_card(CARDS[i]) for i in sorted(idx(text)))
