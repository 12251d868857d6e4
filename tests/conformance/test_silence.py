"""The kit's silence checks (rules I-1 to I-3) catch leaks of hidden holdings and hidden moves.

Each broken variant below puts back one leak that the built-in games once had: an
anticipo question put only to the holders of the card, a turn after drawing that ends at
once when the card drawn does not match, a log that names the cards passed face down, and
a game that does not declare its face-down passes hidden (so a replay shown for a third
seat would name them). The kit must fail every one of them, and pass the real games.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardgames.conformance import ConformanceError, check_random_game
from cardgames.core.game import Game
from cardgames.core.state import LogEntry
from cardgames.games.dernier import Dernier
from cardgames.games.dernier.actions import RANK_OF, SUIT_OF
from cardgames.games.dernier.options import DernierOptions
from cardgames.games.dernier.state import AFTER_DRAW, DernierState
from cardgames.games.posledniy import Posledniy
from cardgames.games.posledniy.options import PosledniyOptions
from cardgames.games.posledniy.state import PosledniyState, card_text


class HoldersOnlyState(DernierState):
    """Asks about an anticipo only the players who hold the card (the leak of D-20 fixed in issue 10)."""

    __slots__ = ()

    def _window(self) -> list[int]:
        return [p for p in super()._window() if self.held(p)[self.offer_card]]


class EndsAtOnceState(DernierState):
    """After drawing, asks the player only when the card drawn matches (the leak of D-7)."""

    __slots__ = ()

    def _draw_turn(self) -> None:
        super()._draw_turn()
        c = self.drawn
        if self.phase == AFTER_DRAW and c != 52 and SUIT_OF[c] != self.suit and RANK_OF[c] != self.top_rank:
            self._end_turn(self.current)


class NamedPassState(PosledniyState):
    """Writes the cards of every pass into the public log (the leak of P-5 and I-1)."""

    def _pass(self, action: Any) -> None:
        giver, done = self.chain[self.step].giver, len(self.passes)
        super()._pass(action)
        if len(self.passes) > done:  # the pick that completes the pass
            cards = " ".join(card_text(c) for c in self.passes[-1])
            self.events.append(LogEntry(giver, f"passes {cards}"))


class LeakyDernier(Dernier):
    """Dernier with one of the leaks above."""

    def __init__(self, state_type: type[DernierState]) -> None:
        self.state_type = state_type

    def new_game(self, options: DernierOptions, players: int, seed: int) -> DernierState:
        """Deal with the leaky engine."""
        self.check(options, players)
        return self.state_type(options, players, seed)


class NamedPassPosledniy(Posledniy):
    """Последний whose log names the cards passed."""

    def new_game(self, options: PosledniyOptions, players: int, seed: int) -> PosledniyState:
        """Deal with the leaky engine."""
        self.check(options, players)
        return NamedPassState(options, players, seed)


class PublicPassPosledniy(Posledniy):
    """Последний that says every pass is seen by everyone: a replay for a third seat would name it."""

    def action_seen_by(self, action: Any, actor: int, view: Any) -> Any:
        """Every action public (the framework's default), which is wrong for a pass."""
        return Game.action_seen_by(self, action, actor, view)


DERNIER = DernierOptions(anticipo=True, play_after_draw=True, hands_to_win=1, turn_limit=120)


def _fails(game: Game[Any, Any], options: Any, players: int, fragment: str, seeds: range) -> None:
    for seed in seeds:  # the silence checks on their own (the text check may catch a leak first)
        with pytest.raises(ConformanceError, match=fragment):
            check_random_game(game, options, players, seed, random.Random(seed), texts=False)


def test_i2_the_kit_catches_an_anticipo_question_put_only_to_holders() -> None:
    """D-20, I-2: asking only the holders shows everyone who holds the card."""
    _fails(LeakyDernier(HoldersOnlyState), DERNIER, 4, "who acts next .* depends on cards", range(3))


def test_i2_the_kit_catches_a_turn_that_ends_at_once_when_the_drawn_card_does_not_match() -> None:
    """D-7, I-2: an after-draw question only for a matching card shows everyone that it matched."""
    options = DernierOptions(play_after_draw=True, hands_to_win=1, turn_limit=120)
    _fails(LeakyDernier(EndsAtOnceState), options, 3, "depends on cards seat . cannot see", range(3))


def test_i1_the_kit_catches_a_log_that_names_the_cards_passed() -> None:
    """P-5, I-1: the log names cards passed face down between two other players."""
    options = PosledniyOptions(target=1)
    # the pass is chosen card by card: the silence check sees the completing pick name other cards in
    # a re-dealt world (where the giver's earlier picks were other cards), before the hidden-moves check
    leak = "(its view tells them apart: it leaks a hidden move|depends on cards it cannot see)"
    _fails(NamedPassPosledniy(), options, 4, leak, range(3))
    with pytest.raises(ConformanceError, match="a hidden card leaks"):  # and the text check, first
        check_random_game(NamedPassPosledniy(), options, 4, 0, random.Random(0))


def test_i1_the_kit_catches_a_game_that_would_name_face_down_passes_in_a_replay() -> None:
    """P-5, I-1: passes declared public although no third seat's view shows them."""
    options = PosledniyOptions(target=1)
    _fails(PublicPassPosledniy(), options, 3, "would name a move it never saw", range(3))


@pytest.mark.parametrize("preset", sorted(Dernier.presets))
def test_i3_the_silence_checks_pass_dernier_with_anticipo_and_play_after_draw(preset: str) -> None:
    """I-3: every Dernier preset, with both options where silence matters, passes the checks."""
    options = DernierOptions(**{**Dernier.presets[preset], **vars_of(DERNIER)})
    playout = check_random_game(Dernier(), options, 4, 11, random.Random(11), view_every=2)
    assert playout.state.is_over()


@pytest.mark.parametrize("preset", sorted(Posledniy.presets))
def test_i3_the_silence_checks_pass_every_posledniy_preset(preset: str) -> None:
    """I-3: every Последний preset passes the checks, with 3 and 4 players."""
    options = PosledniyOptions(**{**Posledniy.presets[preset], "target": 1, "rounds": 1})
    for players in (3, 4):
        check_random_game(Posledniy(), options, players, 5, random.Random(5), view_every=3)


def vars_of(options: DernierOptions) -> dict[str, Any]:
    """The switches of a Dernier options value that these tests set."""
    return {
        "anticipo": options.anticipo,
        "play_after_draw": options.play_after_draw,
        "hands_to_win": options.hands_to_win,
        "turn_limit": options.turn_limit,
    }


@pytest.mark.parametrize(
    ("game", "options", "players"),
    [
        (LeakyDernier(HoldersOnlyState), DERNIER, 4),
        (LeakyDernier(EndsAtOnceState), DERNIER, 3),
        (NamedPassPosledniy(), PosledniyOptions(target=1), 4),
        (PublicPassPosledniy(), PosledniyOptions(target=1), 3),
    ],
    ids=["holders_only", "ends_at_once", "named_pass", "public_pass"],
)
def test_the_view_checks_alone_miss_these_leaks(game: Game[Any, Any], options: Any, players: int) -> None:
    """A re-deal of what a seat cannot see keeps its view in every variant: only silence catches them."""
    playout = check_random_game(game, options, players, 0, random.Random(0), silence=False, texts=False)
    assert playout.state.is_over()
