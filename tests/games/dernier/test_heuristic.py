"""The Dernier heuristic bot: each behaviour on a hand-set position, legality in whole games, strength."""

from __future__ import annotations

import ast
import hashlib
import importlib.util
import inspect
import math
import random
from pathlib import Path
from typing import Any

import cattrs
import pytest
from attrs import evolve as attrs_evolve

from cardgames.bots.lookup import RandomBot, bot_rng, make_bot
from cardgames.core.eventlog import EventLog
from cardgames.core.options import make_options
from cardgames.core.state import log_hooks
from cardgames.games.dernier import Dernier, heuristic, reading
from cardgames.games.dernier.actions import DRAW, Anticipo, Decline, Draw, Pass, Play
from cardgames.games.dernier.heuristic import HeuristicBot
from cardgames.games.dernier.options import PRESETS, DernierOptions
from cardgames.games.dernier.state import DernierState
from cardgames.games.dernier.tables import twice_bits
from cardgames.games.dernier.view import HAND_BITS, DernierView
from cardgames.primitives.cards import Suit, parse_card, parse_cards, parse_suit

GAME = Dernier()
STOCK = "2c 3c 4c 5c 6c 8c 9c 10c 2d 3d 4d 5d"


def options(preset: str = "quick", **overrides: Any) -> DernierOptions:
    result: DernierOptions = make_options(DernierOptions, PRESETS, preset, overrides)
    return result


def position(
    hands: list[str],
    top: str,
    *,
    to_move: int = 0,
    stock: str = STOCK,
    suit: str | None = None,
    stands_for: str | None = None,
    penalty: int = 0,
    penalty_kind: str | None = None,
    direction: int = -1,
    preset: str = "quick",
    **overrides: Any,
) -> DernierState:
    """A state with the given hands in seat order, discard top and stock (last card drawn first)."""
    state = DernierState(options(preset, **overrides), len(hands), seed=0)
    state.log = EventLog()
    state.hands = [[c.index for c in parse_cards(h)] for h in hands]
    state.stock = [c.index for c in parse_cards(stock)]
    state.discard = [parse_card(top).index]
    face = parse_card(stands_for or top)
    state.top_as = face.index if stands_for else -1
    state.top_rank = 0 if face.rank is None else int(face.rank)
    state.suit = int(parse_suit(suit)) if suit else int(face.suit or 0)
    state.direction = direction
    state.current = to_move
    state.penalty.pending = penalty
    state.penalty.kind = penalty_kind
    return state


def choice(state: DernierState, seed: int = 0) -> Any:
    """What the heuristic bot chooses for the seat to act; it must be one of the legal actions."""
    seat = state.to_act()
    assert seat is not None
    legal = state.legal_actions()
    action = HeuristicBot(random.Random(seed)).choose(state.view(seat), legal)
    assert action in legal
    return action


def is_play(action: Any, card: str) -> bool:
    return type(action) is Play and action.card == parse_card(card)


MANY = "2s 3s 4s 6s 8s 9s"  # an opponent far from going out


# --- penalties --------------------------------------------------------------------------


def test_answers_a_pending_ace_with_an_ace() -> None:
    state = position(["ah 5c 9d 3h", MANY, MANY, MANY], "as", penalty=2, penalty_kind="ace")
    assert is_play(choice(state), "ah")


def test_answers_a_pending_ace_with_the_ace_of_its_longest_suit() -> None:
    state = position(["ah ad 5d 9d 3c", MANY, MANY, MANY], "as", penalty=2, penalty_kind="ace")
    assert is_play(choice(state), "ad")


def test_takes_the_penalty_when_it_holds_no_ace_and_a_wild_joker_cannot_answer() -> None:
    state = position(["joker 5c 9d", MANY, MANY, MANY], "as", penalty=2, penalty_kind="ace")
    assert choice(state) == DRAW


@pytest.mark.parametrize(("hand", "card"), [("ah joker 5c 9d", "ah"), ("joker 5c 9d", "joker")])
def test_draw5_answers_an_ace_with_an_ace_and_failing_that_with_a_joker(hand: str, card: str) -> None:
    state = position([hand, MANY, MANY, MANY], "as", penalty=3, penalty_kind="ace", preset="scala40")
    assert is_play(choice(state), card)


def test_draw5_joker_answers_a_joker_penalty() -> None:
    state = position(
        ["joker 5c 9d", MANY, MANY, MANY],
        "joker",
        suit="h",
        penalty=5,
        penalty_kind="joker",
        preset="scala40",
    )
    action = choice(state)
    assert is_play(action, "joker")
    assert action.suit is not None


# --- naming suits and joker cards -------------------------------------------------------


def test_a_jack_names_the_suit_it_holds_most_of() -> None:
    state = position(["jc 2h 5h 9h 3s", MANY, MANY, MANY], "7c")
    action = choice(state)
    assert is_play(action, "jc")
    assert action.suit == Suit.HEARTS


def test_a_draw5_joker_names_the_suit_it_holds_most_of() -> None:
    state = position(["joker 2s 5s 9s 3h", MANY, MANY, MANY], "7d", preset="scala40")
    action = choice(state)
    assert is_play(action, "joker")
    assert action.suit == Suit.SPADES


def test_a_wild_joker_stands_for_a_card_its_last_card_can_follow() -> None:
    state = position(["joker 4h", MANY, MANY, MANY], "9c")
    action = choice(state)
    assert is_play(action, "joker") and action.dernier
    assert action.as_card.suit == Suit.HEARTS or action.as_card.rank == parse_card("4h").rank


def test_two_players_a_wild_joker_becomes_the_queen_that_lets_the_last_card_go_out() -> None:
    state = position(["joker 4h", MANY], "9c")
    action = choice(state)
    assert is_play(action, "joker") and action.dernier
    assert action.as_card == parse_card("qh")
    state.apply(action)
    assert state.to_act() == 0  # the opponent is skipped
    state.apply(choice(state))
    assert state.hand_results()[-1].winners == (0,)


def test_a_wild_joker_becomes_an_ace_against_a_player_under_dernier() -> None:
    state = position(["joker 2c 5c 9c", MANY, MANY, "4d"], "9h")
    action = choice(state)
    assert is_play(action, "joker")
    assert action.as_card.rank == parse_card("ac").rank and action.as_card.suit == Suit.CLUBS


# --- Dernier and the last card ----------------------------------------------------------


def test_calls_dernier_with_its_second_to_last_card() -> None:
    state = position(["5h 9h", MANY, MANY, MANY], "7h")
    action = choice(state)
    assert type(action) is Play and action.dernier
    state.apply(action)
    assert len(state.hands[0]) == 1  # no forgotten-call penalty drawn


def test_never_calls_dernier_on_another_play() -> None:
    state = position(["5h 9h 2s", MANY, MANY, MANY], "7h")
    action = choice(state)
    assert type(action) is Play and not action.dernier


def test_plays_the_joker_first_rather_than_keep_it_as_its_last_card() -> None:
    state = position(["joker 5h", MANY, MANY, MANY], "7h")
    assert Play(parse_card("5h"), True) in state.legal_actions()
    assert is_play(choice(state), "joker")


def test_plays_its_last_card_to_win() -> None:
    state = position(["5h", MANY, MANY, MANY], "7h")
    assert is_play(choice(state), "5h")


def test_a_jack_before_the_last_card_names_the_last_cards_suit() -> None:
    state = position(["js 4h", MANY, MANY, MANY], "9s")
    action = choice(state)
    assert is_play(action, "js") and action.dernier and action.suit == Suit.HEARTS


# --- keeping specials for the right moment ----------------------------------------------


def test_dumps_a_plain_card_before_its_specials() -> None:
    state = position(["ah qh 7h kh jh 5h", MANY, MANY, MANY], "9h")
    assert is_play(choice(state), "5h")


@pytest.mark.parametrize("card", ["ah", "qh"])
def test_hits_the_next_player_under_dernier_with_an_ace_or_a_queen(card: str) -> None:
    state = position([f"{card} 5h 9s 3d", MANY, MANY, "4d"], "9h")  # seat 3 is next (direction -1)
    assert is_play(choice(state), card)


def test_hits_the_previous_player_under_dernier_with_a_seven() -> None:
    state = position(["7h 5h 9s 3d", "4d", MANY, MANY], "9h")  # seat 1 is previous (direction -1)
    assert is_play(choice(state), "7h")


def test_turns_play_away_from_a_next_player_under_dernier_with_a_king() -> None:
    state = position(["kh 5h 9s 3d", MANY, MANY, "4d"], "9h")
    assert is_play(choice(state), "kh")


def test_uses_a_jack_only_without_a_matching_plain_card() -> None:
    with_plain = position(["js 4s 5c 6c", MANY, MANY, MANY], "9s")
    assert is_play(choice(with_plain), "4s")
    without = position(["js 4c 5c 6d", MANY, MANY, MANY], "9s")
    action = choice(without)
    assert is_play(action, "js") and action.suit == Suit.CLUBS


def test_draws_only_without_a_play() -> None:
    stuck = position(["4c 5c 6d", MANY, MANY, MANY], "9h")
    assert choice(stuck) == DRAW
    for hand in ("ah 4c 5c", "qh 4c 5c", "7h 4c", "kh 4c", "9s 4c", "joker 4c 5c"):
        state = position([hand, MANY, MANY, MANY], "9h")
        assert type(choice(state)) is Play, hand


# --- options: play_after_draw and anticipo ----------------------------------------------


def test_plays_a_matching_card_just_drawn() -> None:
    state = position(["4c 5c", MANY, MANY, MANY], "9h", stock="2c 6h", play_after_draw=True)
    state.apply(DRAW)
    assert state.view(0).phase == "after_draw"
    assert is_play(choice(state), "6h")


def test_sheds_a_joker_just_drawn_from_a_hand_of_only_jokers() -> None:
    state = position(["joker", MANY], "9h", stock="2c joker", play_after_draw=True)
    state.apply(DRAW)
    assert state.view(0).phase == "after_draw"
    assert Pass() in state.legal_actions()
    action = choice(state)
    assert is_play(action, "joker") and action.dernier  # two jokers: one now, the other later


def anticipo_offer(asked_hand: str) -> DernierState:
    """Seat 0 plays 5h; seat 1, holding ``asked_hand``, is offered the anticipo."""
    state = position(["5h 2c 3c", asked_hand, MANY], "9h", anticipo=True)
    state.apply(Play(parse_card("5h")))
    assert state.to_act() == 1 and state.view(1).phase == "anticipo"
    return state


def test_claims_a_useful_anticipo() -> None:
    state = anticipo_offer("5h 8c 9d")
    assert choice(state) == Anticipo()
    assert choice(anticipo_offer("5h 8c")) == Anticipo(dernier=True)


def test_declines_an_anticipo_that_would_leave_only_a_joker() -> None:
    assert type(choice(anticipo_offer("5h joker"))) is Decline


def test_names_its_longest_suit_when_anticipating_a_jack() -> None:
    state = position(["jh 2c 3c", "jh 8s 9s 2d", MANY], "9h", anticipo=True)
    state.apply(Play(parse_card("jh"), suit=Suit.HEARTS))
    assert state.to_act() == 1
    assert choice(state) == Anticipo(suit=Suit.SPADES)


# --- the bot sees only the view ---------------------------------------------------------


def test_the_bot_module_never_imports_the_state() -> None:
    tree = ast.parse(inspect.getsource(heuristic))
    imported = {
        node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module is not None
    }
    imported |= {a.name for node in ast.walk(tree) if isinstance(node, ast.Import) for a in node.names}
    assert "cardgames.games.dernier.state" not in imported
    assert not any("state" in name for name in imported)


def test_the_bot_decides_from_a_view_rebuilt_from_its_public_data_alone() -> None:
    conv = log_hooks(cattrs.Converter())  # the log's words travel as data (cardgames.core.state.log_hooks)
    for seed in range(4):
        state = GAME.new_game(options(anticipo=True, play_after_draw=True), 3, seed)
        for _ in range(40):
            seat = state.to_act()
            if seat is None:
                break
            view = state.view(seat)
            copy = conv.structure(conv.unstructure(view), DernierView)
            legal = state.legal_actions()
            a = HeuristicBot(random.Random(seed)).choose(view, legal)
            b = HeuristicBot(random.Random(seed)).choose(copy, legal)
            assert a == b
            state.apply(a)


def test_registered_as_the_games_heuristic_bot() -> None:
    assert isinstance(make_bot(GAME, "heuristic", random.Random(1)), HeuristicBot)


# --- whole games ------------------------------------------------------------------------


def play_game(opts: DernierOptions, players: int, seed: int, heuristic_seats: set[int]) -> tuple[int, ...]:
    """Play to the end; every heuristic choice must be legal. The winners."""
    bots: list[Any] = [
        HeuristicBot(bot_rng(seed, s)) if s in heuristic_seats else RandomBot(bot_rng(seed, s))
        for s in range(players)
    ]
    state = GAME.new_game(opts, players, seed)
    while (seat := state.to_act()) is not None:
        legal = state.legal_actions()
        action = bots[seat].choose(state.view(seat), legal)
        assert action in legal, (seed, seat, action)
        state.apply(action)
    outcome = state.outcome()
    assert outcome is not None
    return tuple(outcome.winners)


@pytest.mark.parametrize("preset", ["quick", "classic", "scala40"])
@pytest.mark.parametrize("players", range(2, 9))
def test_always_legal_across_presets_and_player_counts(preset: str, players: int) -> None:
    variants: list[dict[str, Any]] = [
        {},
        {"anticipo": True, "play_after_draw": True},
        {"jokers": 0, "starter_effects": True, "scoring": "cards", "target_points": 15},
    ]
    for k, extra in enumerate(variants):
        seed = players * 10 + k
        opts = options(preset, hands_to_win=1, turn_limit=400, **extra)
        winners = play_game(opts, players, seed, heuristic_seats=set(range(0, players, 2)))
        assert winners and all(0 <= w < players for w in winners)


def test_heuristic_choices_are_the_only_kinds_of_action_it_uses() -> None:
    kinds: set[type] = set()
    opts = options(hands_to_win=1, anticipo=True, play_after_draw=True)
    for seed in range(6):
        bots = [HeuristicBot(random.Random(seed * 8 + s)) for s in range(4)]
        state = GAME.new_game(opts, 4, seed)
        while (seat := state.to_act()) is not None:
            action = bots[seat].choose(state.view(seat), state.legal_actions())
            kinds.add(type(action))
            state.apply(action)
    assert kinds <= {Play, Draw, Pass, Anticipo, Decline}
    assert {Play, Draw} <= kinds


@pytest.mark.slow
@pytest.mark.parametrize(("preset", "players"), [("quick", 2), ("quick", 4), ("classic", 4), ("scala40", 3)])
def test_beats_random(preset: str, players: int) -> None:
    games = 300
    opts = options(preset, hands_to_win=1)
    wins = sum(1 for g in range(games) if g % players in play_game(opts, players, 5000 + g, {g % players}))
    assert wins / games > 1.5 / players  # random play would win about 1 / players


@pytest.mark.parametrize(("preset", "players"), [("quick", 2), ("classic", 4), ("scala40", 3)])
def test_the_fast_scores_are_the_scores_of_each_action(preset: str, players: int) -> None:
    """Table.scores gives Table.score of every legal action; pruned (as choose has it), the same best."""
    opts = options(preset, hands_to_win=1, anticipo=True, play_after_draw=True, turn_limit=300)
    checked = skipped = 0
    for seed in range(4):
        bots = [HeuristicBot(random.Random(seed * 8 + s)) for s in range(players)]
        state = GAME.new_game(opts, players, seed)
        while (seat := state.to_act()) is not None:
            view, legal = state.view(seat), state.legal_actions()
            table = reading.Table(view, heuristic.DEFAULT, heuristic.DEFAULT.keep_by_rank())
            scores = table.scores(legal)
            assert scores == [table.score(a) for a in legal], (seed, view, legal)
            pruned = table.scores(legal, prune=True)  # what choose uses: only plays far below the best
            top = max(scores)
            for p, v in zip(pruned, scores, strict=True):
                assert p == v or (p == -math.inf and v < top - 1e-5)
            skipped += pruned.count(-math.inf)
            checked += len(legal)
            state.apply(bots[seat].choose(view, legal))
    assert checked > 300
    assert skipped or preset == "scala40"  # wild jokers' plays were pruned (scala40's jokers are draw5)


def test_the_heuristics_decisions_are_pinned() -> None:
    """Every decision of seeded games is what the heuristic has always decided (seeded games stay the same).

    ``benchmarks/heuristic_moves.py`` lists them (the action chosen and the shortlist of three,
    at every decision of heuristic matches and of random games, six settings); it compares them
    with another checkout's in full. This pins a digest of the first seed's 5,617 decisions: a
    faster heuristic must keep it. A change of strategy changes it on purpose; then check the
    docs' samples and write the new digest here. (Re-pinned when deals came from the keyed
    stream of ``cardgames.primitives.dealstream``: new deals, the same heuristic.)
    """
    path = Path(__file__).resolve().parents[3] / "benchmarks" / "heuristic_moves.py"
    spec = importlib.util.spec_from_file_location("heuristic_moves_under_test", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    decided = module.decisions(1)
    assert len(decided) == 5617
    assert hashlib.sha256("\n".join(decided).encode()).hexdigest()[:16] == "24446dcf17ee3836"


def _counted(hand: Any) -> tuple[int, int, int]:
    """``(once, twice, jokers)`` of a hand counted card by card: bit c set if card index c is held at
    least once (``once``), at least twice (``twice``)."""
    once = twice = jokers = 0
    for card in hand:
        if card.is_joker:
            jokers += 1
            continue
        bit = 1 << card.index
        twice |= once & bit
        once |= bit
    return once, twice, jokers


def test_a_hands_bits_are_its_cards_from_build_view_or_not() -> None:
    """The masks a Table reads (build_view's, made with the hand's tuple, or from the cards) are its cards.

    Checked for every view of random games, for the view's own hand tuple (view.HAND_BITS),
    an equal tuple of other Card objects (not interned) and a list.
    """
    opts = options(hands_to_win=1, anticipo=True, play_after_draw=True, turn_limit=200)
    keep = heuristic.DEFAULT.keep_by_rank()
    seen = twice = 0
    for seed in range(4):
        state = GAME.new_game(opts, 3, seed)
        mover = random.Random(seed)
        while (seat := state.to_act()) is not None:
            view = state.view(seat)
            assert HAND_BITS[id(view.hand)][0] is view.hand
            for hand in (view.hand, tuple(attrs_evolve(c) for c in view.hand), list(view.hand)):
                table = reading.Table(attrs_evolve(view, hand=hand), heuristic.DEFAULT, keep)
                assert (table.once, table.twice, table.jokers) == _counted(hand), (seed, hand)
                seen += 1
            twice += bool(table.twice) or table.jokers > 1
            legal = state.legal_actions()
            state.apply(legal[mover.randrange(len(legal))])
    triple = tuple(parse_cards("5h 5h 5h JOKER"))  # a position text may hold a card three times
    assert reading.hand_bits(triple)[1:] == _counted(triple)
    counts = [0] * 53
    for c in triple:
        counts[c.index] += 1
    assert twice_bits(bytes(counts)) == _counted(triple)[1]  # build_view's form, from a hand's counts
    assert seen > 300 and twice > 10  # hands holding a card or a joker twice among them
