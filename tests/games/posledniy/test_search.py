"""The generic ISMCTS bot on Последний positions with a known best move (tiny budgets)."""

from __future__ import annotations

import random

from cardgames.bots.ismcts import IsmctsBot, Settings
from cardgames.bots.lookup import decide, make_bot
from cardgames.games.posledniy import Posledniy
from cardgames.games.posledniy.actions import PlayCard
from cardgames.games.posledniy.builder import position
from cardgames.games.posledniy.state import PosledniyState


def card(state: PosledniyState, action: object) -> str:
    assert isinstance(action, PlayCard)
    return str(action.card)


def test_the_search_plays_the_only_card_that_avoids_the_last_trick() -> None:
    """P-8: leading 9S lets JS win trick 7 and lead hearts into AH; leading AH is safe in every world."""
    state = position(["AH 9S", "KH 10S", "QH JS"], leader=0)
    assert state.to_act() == 0 and len(state.legal_actions()) == 2
    for seed in range(3):
        for policy in (None, Posledniy.bots["heuristic"]):
            bot = IsmctsBot(random.Random(seed), Settings(iterations=40), policy)
            assert card(state, decide(bot, state, 0)) == "AH"


def test_the_levels_play_a_whole_deal_from_their_views() -> None:
    game = Posledniy()
    state = game.new_game(game.options_type(), 3, 4)
    bots = [
        make_bot(game, name, random.Random(s))
        for s, name in enumerate(("medium", "ismcts:iterations=8", "easy"))
    ]
    while not state.hand_results():
        seat = state.to_act()
        assert seat is not None
        state.apply(decide(bots[seat], state, seat))
    assert len(state.hand_results()) == 1
