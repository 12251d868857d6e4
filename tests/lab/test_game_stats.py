"""The built-in games' statistics, checked against other public data than the one they read.

Dernier's counts come from the compact log; here they are recounted from the log in words
that players see. Последний's come from the tricks and the record; here they are recounted
from each seat's views as the game went on.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from cardgames.bots.lookup import bot_rng, make_bot
from cardgames.core.game import SAFEGUARD_ENDINGS
from cardgames.games.dernier import stats as dstats
from cardgames.games.posledniy import stats as pstats
from cardgames.play.start import build_options
from cardgames.plugins.registry import find_game

DERNIER = find_game("dernier")
POSLEDNIY = find_game("posledniy")


def play(game: Any, options: Any, bots: list[str], seed: int, watch: Any = None) -> tuple[Any, list[Any]]:
    state = game.new_game(options, len(bots), seed)
    seated = [make_bot(game, b, bot_rng(seed, s)) for s, b in enumerate(bots)]
    actions = []
    while (seat := state.to_act()) is not None:
        action = seated[seat].choose(state.view(seat), state.legal_actions())
        if watch is not None:
            watch(state, action)
        state.apply(action)
        actions.append(action)
    return state, actions


ACE = re.compile(r" plays (A[♣♦♥♠]|JOKER as A[♣♦♥♠])")  # the log writes cards with suit glyphs


def words_count(state: Any) -> dict[str, int]:
    """The Dernier counts, from the log in words."""
    texts = [e.text for e in state.public_log()]
    chains: list[int] = []
    aces = 0
    for text in texts:
        if ACE.search(text):
            aces += 1
        elif aces and ("takes the penalty of" in text or " wins hand " in text or "hand stops" in text):
            if "takes the penalty of" in text:  # wild jokers: each ace adds ace_penalty (2)
                assert int(text.split("takes the penalty of ")[1].split()[0]) == 2 * aces
            chains.append(aces)
            aces = 0
    return {
        dstats.ACE_CHAINS: len(chains),
        dstats.ACE_CHAINS_2: sum(1 for c in chains if c >= 2),
        dstats.ACE_CHAINS_3: sum(1 for c in chains if c >= 3),
        dstats.ACES_CHAINED: sum(chains),
        dstats.JOKERS: sum(" plays JOKER" in t for t in texts),
        dstats.FORGOTTEN: sum("forgot to call Dernier!" in t for t in texts),
        dstats.ANTICIPOS: sum("calls Anticipo!" in t for t in texts),
        SAFEGUARD_ENDINGS: sum("the hand stops after" in t for t in texts),
    }


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_dernier_statistics_agree_with_the_log_in_words(seed: int) -> None:
    options = build_options(DERNIER, None, ["anticipo=on", "turn_limit=60", "hands_to_win=2"])
    state, actions = play(DERNIER, options, ["random", "heuristic", "random"], seed)
    counted = DERNIER.statistics(state, actions)
    assert counted == words_count(state)
    assert counted[dstats.ACE_CHAINS] > 0 and counted[dstats.JOKERS] > 0


def test_dernier_statistics_see_safeguards_forgotten_calls_and_anticipos() -> None:
    options = build_options(DERNIER, None, ["anticipo=on", "turn_limit=50", "hands_to_win=3"])
    totals: dict[str, float] = {}
    for seed in range(6):
        state, actions = play(DERNIER, options, ["random"] * 4, seed)
        for k, v in DERNIER.statistics(state, actions).items():
            totals[k] = totals.get(k, 0) + v
    assert totals[SAFEGUARD_ENDINGS] > 0 and totals[dstats.FORGOTTEN] > 0 and totals[dstats.ANTICIPOS] > 0
    assert totals[dstats.ACE_CHAINS] >= totals[dstats.ACE_CHAINS_2] >= totals[dstats.ACE_CHAINS_3]


def test_dernier_standings_follow_the_scoring() -> None:
    state, _ = play(DERNIER, build_options(DERNIER, None, ["hands_to_win=2"]), ["random"] * 3, 4)
    final = DERNIER.standings(state)[-1]
    assert tuple(int(x) for x in final) == tuple(state.outcome().scores)
    cards, _ = play(
        DERNIER, build_options(DERNIER, None, ["scoring=cards", "target_points=30"]), ["random"] * 3, 4
    )
    assert tuple(int(x) for x in DERNIER.standings(cards)[-1]) == tuple(cards.outcome().scores)


@pytest.mark.parametrize(("players", "seed"), [(4, 1), (3, 2), (4, 3)])
def test_posledniy_statistics_agree_with_what_the_seats_saw(players: int, seed: int) -> None:
    seen: dict[str, int] = {}
    last_views: dict[int, Any] = {}
    final_trick: list[Any] = []

    def watch(state: Any, action: Any) -> None:
        view = state.view(state.to_act())
        if view.phase == "play" and len(view.tricks) == 7 and len(view.trick) == players - 1:
            last_views.clear()
            last_views.update({s: state.view(s) for s in range(players)})
            final_trick[:] = [view.leader, (*view.trick, action.card)]

    def after_deal(state: Any) -> None:
        result = state.hand_results()[-1]
        taker = result.winners[0] if result.winners else result.losers[0]
        position = (taker - result.dealer) % players
        name = pstats.last_trick_name(position, players)
        seen[name] = seen.get(name, 0) + 1
        leader, cards = final_trick
        card = cards[(taker - leader) % players]
        seen[pstats.WITH_RECEIVED] = seen.get(pstats.WITH_RECEIVED, 0) + (card in last_views[taker].received)
        dealer_passed = card in last_views[result.dealer].passed
        seen[pstats.WITH_DEALERS] = seen.get(pstats.WITH_DEALERS, 0) + dealer_passed
        seen[pstats.ALL_TRICKS] = seen.get(pstats.ALL_TRICKS, 0) + bool(result.winners)

    deals = [0]

    def watch_all(state: Any, action: Any) -> None:
        if len(state.hand_results()) > deals[0]:
            deals[0] += 1
            after_deal(state)
        watch(state, action)

    state, actions = play(
        POSLEDNIY, build_options(POSLEDNIY, None, []), ["random"] * players, seed, watch_all
    )
    after_deal(state)  # the last deal ends the game
    counted = POSLEDNIY.statistics(state, actions)
    for name in {*seen, *counted}:
        assert counted.get(name, 0) == seen.get(name, 0), name
    assert sum(v for k, v in counted.items() if k.startswith("last trick taken")) == len(state.hand_results())


def test_posledniy_standings_are_minus_the_penalty_points() -> None:
    state, _ = play(POSLEDNIY, build_options(POSLEDNIY, None, []), ["heuristic"] * 4, 5)
    assert POSLEDNIY.standings(state)[-1] == tuple(-p for p in state.sheet.points)
