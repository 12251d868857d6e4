"""The heuristic's fast paths (card indices, bit masks, remembered tricks) choose as its plain path did."""

from __future__ import annotations

import hashlib
import random

import attrs

from cardgames.games.posledniy import Posledniy
from cardgames.games.posledniy.heuristic import HeuristicBot
from cardgames.games.posledniy.options import PosledniyOptions
from cardgames.games.posledniy.state import PosledniyState
from cardgames.games.posledniy.view import PosledniyView
from cardgames.primitives.cards import Card
from cardgames.primitives.chance import legacy_deals
from cardgames.primitives.tricks import Trick

GAME = Posledniy()
SETTINGS = [(p, s) for p in (3, 4) for s in ("points", "chips")]
# sha256 of every decision of decisions(); made by the heuristic at commit 819321e, before it
# read card indices and masks: the moves are the same (in games dealt as records of schema 2
# were, by random.Random; LEGACY_DIGEST). DIGEST: the same games dealt from the keyed stream.
LEGACY_DIGEST = "a2f39867c3ab9bd9"
DIGEST = "95db1b7ea09cd2cb"


def fresh(value: object) -> object:
    """The same value made of new (not interned) cards."""
    if isinstance(value, tuple) and value and isinstance(value[0], Card):
        return tuple(Card(c.rank, c.suit) for c in value)
    if isinstance(value, tuple) and value and isinstance(value[0], Trick):
        return tuple(Trick(t.leader, fresh(t.cards), t.winner) for t in value)  # type: ignore[arg-type]
    return value


def plain(view: PosledniyView) -> PosledniyView:
    """The view made by attrs' ``__init__`` from new cards: no index tuples, nothing interned."""
    return PosledniyView(**{f.name: fresh(getattr(view, f.name)) for f in attrs.fields(PosledniyView)})


def games(seeds: int) -> list[PosledniyState]:
    return [
        GAME.new_game(PosledniyOptions(scoring=scoring, rounds=1), players, seed)
        for players, scoring in SETTINGS
        for seed in range(seeds)
    ]


def decisions(seeds: int) -> list[str]:
    """Every decision of one bot through seeded one-round games, seven moves in ten its own."""
    out = []
    for state in games(seeds):
        bot, rng = HeuristicBot(random.Random(1)), random.Random(len(out))
        while not state.is_over():
            seat = state.to_act()
            assert seat is not None
            legal = state.legal_actions()
            move = bot.choose(state.view(seat), legal)
            out.append(repr(move))
            state.apply(move if rng.random() < 0.7 else rng.choice(legal))
    return out


def test_a_view_made_from_its_fields_gets_the_same_moves() -> None:
    """Built views (index tuples, interned cards and actions) and plain ones are answered alike."""
    asked = 0
    for k, state in enumerate(games(6)):
        fast, slow, rng = HeuristicBot(random.Random(1)), HeuristicBot(random.Random(1)), random.Random(k)
        while not state.is_over():
            seat = state.to_act()
            assert seat is not None
            legal = state.legal_actions()
            move = fast.choose(state.view(seat), legal)
            copies = [type(a)(Card(a.card.rank, a.card.suit)) for a in legal]
            assert slow.choose(plain(state.view(seat)), copies) == move
            asked += 1
            state.apply(move if rng.random() < 0.7 else rng.choice(legal))
    assert asked > 1000


def test_one_bot_at_several_tables_at_once_chooses_as_one_bot_each() -> None:
    """The tricks it remembers from its last view are checked, not trusted: interleaved games agree."""
    states = games(3)
    shared = HeuristicBot(random.Random(1))
    own = [HeuristicBot(random.Random(1)) for _ in states]
    while any(not s.is_over() for s in states):
        for state, bot in zip(states, own, strict=True):
            if not state.is_over():
                seat = state.to_act()
                assert seat is not None
                legal = state.legal_actions()
                move = bot.choose(state.view(seat), legal)
                assert shared.choose(state.view(seat), legal) == move
                state.apply(move)


def test_the_heuristic_moves_are_those_it_made_before_it_was_made_faster() -> None:
    """The same decisions, move for move, as at commit 819321e (seeded games keep their moves)."""
    with legacy_deals():
        legacy = "\n".join(decisions(8))
    assert hashlib.sha256(legacy.encode()).hexdigest()[:16] == LEGACY_DIGEST
    text = "\n".join(decisions(8))
    assert hashlib.sha256(text.encode()).hexdigest()[:16] == DIGEST
