"""Dernier search worlds believe what draws suggest (games/dernier/beliefs.py), and see only a view."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from dernier_helpers import GAME, act, idx, opts, position

from cardgames.bots.ismcts import Search
from cardgames.bots.levels import parse_search
from cardgames.bots.lookup import decide, make_bot
from cardgames.bots.worlds import Worlds
from cardgames.games.dernier import beliefs, plausible
from cardgames.games.dernier.actions import JACK, JOKER_INDEX, RANK_OF, SUIT_OF, SlowPlay
from cardgames.games.dernier.beliefs import (
    DOUBT,
    DOUBT_CHANGED,
    LEAN_CHANGED,
    LEAN_KEPT,
    LEAN_NAMED,
    hints,
    read_hand,
)
from cardgames.games.dernier.checks import matches
from cardgames.games.dernier.hidden import shown_cards
from cardgames.games.dernier.likelihood import weigh, weigh_plays
from cardgames.games.dernier.state import AFTER_DRAW, DernierState
from cardgames.plugins.registry import find_game
from cardgames.primitives.errors import OptionError

STOCK = "2c 3c 4c 5c 6c 8c 10c 2d 3d 4d 5d 6d 7d 8d 10d qd kd"


def _clubs_or_nines(hand: list[int]) -> int:
    return sum(c == JOKER_INDEX or SUIT_OF[c] == 0 or RANK_OF[c] == 9 for c in hand)


def _drew_on_clubs(hand: str, stock: str = STOCK) -> DernierState:
    """Seat 0 plays the 9C; seat 1, holding ``hand`` (no club, no nine), draws (D-7)."""
    state = position(["9c 2s 3s", hand], "9h", direction=1, stock=stock)
    act(state, "9c")
    act(state, "draw")
    assert state.to_act() == 0
    return state


def test_a_voluntary_draw_suggests_the_drawers_older_cards_did_not_match() -> None:
    """D-7: anyone may draw, so a draw is a hint, weighted, never a rule."""
    state = _drew_on_clubs("4h 5h 6d")
    (hint,) = hints(state.log.records(), state.sizes, state.jmode)[1]
    since, lacked, _ = hint
    assert since == 1  # the card it drew may be anything
    assert all(bool(lacked >> c & 1) == (SUIT_OF[c] == 0 or RANK_OF[c] == 9) for c in range(52))
    assert lacked >> JOKER_INDEX & 1  # with three cards a joker would have played too (D-16)
    rng = random.Random(3)
    plausible = [_clubs_or_nines(state.plausible_world(0, rng).hand(1)) for _ in range(400)]
    uniform = [_clubs_or_nines(state.determinize(0, rng).hand(1)) for _ in range(400)]
    # 7 of the 20 hidden cards are clubs: uniform worlds often give it two; believed ones
    # (1 - DOUBT of them) never give its three older cards any
    assert sum(k >= 2 for k in uniform) / 400 > 0.25
    assert sum(k >= 2 for k in plausible) / 400 < DOUBT
    assert sum(k >= 1 for k in plausible) < sum(k >= 1 for k in uniform)


def test_a_penalty_taken_suggests_no_ace_and_a_last_card_joker_cannot_play() -> None:
    """D-13: taking the ace penalty suggests nothing to answer it; a joker is never the last card (D-16)."""
    state = position(["ac 2s 3s", "4h"], "9c", direction=1, stock=STOCK)
    act(state, "ac")
    act(state, "draw")  # seat 1 takes the penalty of 2
    (hint,) = hints(state.log.records(), state.sizes, state.jmode)[1]
    since, lacked, _ = hint
    assert since == 2
    assert lacked == sum(1 << c for c in range(52) if RANK_OF[c] == 14)  # with one card no joker plays
    state = position(["9c 2s 3s", "4h"], "9h", direction=1, stock=STOCK)
    act(state, "9c")
    act(state, "draw")
    (hint,) = hints(state.log.records(), state.sizes, state.jmode)[1]
    assert not hint[1] >> JOKER_INDEX & 1


PLAIN = frozenset((2, 3, 4, 5, 6, 8, 9, 10))


def _plain_clubs_or_nines(hand: list[int]) -> int:
    return sum(
        c != JOKER_INDEX and RANK_OF[c] in PLAIN and (SUIT_OF[c] == 0 or RANK_OF[c] == 9) for c in hand
    )


def _jack_on_clubs(hand: str = "jc 4h 5h 6h", stock: str = STOCK + " jd js jh") -> DernierState:
    """Seat 0 plays the 9C; seat 1 answers with the JC naming hearts (it holds no plain club or nine)."""
    state = position(["9c 2s 3s", hand], "9h", direction=1, stock=stock)
    act(state, "9c")
    act(state, "jc h")
    assert state.to_act() == 0
    return state


def test_a_jack_played_suggests_no_plain_card_followed() -> None:
    """D-6: plain cards go before specials, so a jack (or king, or joker) played says none of them matched."""
    state = _jack_on_clubs()
    (hint,) = hints(state.log.records(), state.sizes, state.jmode)[1]
    since, lacked, doubt = hint
    assert since == 0 and doubt == DOUBT
    assert all(
        bool(lacked >> c & 1) == (RANK_OF[c] in PLAIN and (SUIT_OF[c] == 0 or RANK_OF[c] == 9))
        for c in range(53)
    )
    rng = random.Random(5)
    plausible = [_plain_clubs_or_nines(state.plausible_world(0, rng).hand(1)) for _ in range(300)]
    uniform = [_plain_clubs_or_nines(state.determinize(0, rng).hand(1)) for _ in range(300)]
    assert sum(uniform) > 3 * sum(plausible) + 20


def test_a_named_suit_leans_the_older_cards_towards_it_and_jacks_are_kept() -> None:
    """D-10: a jack names the suit its player holds most of; the heuristic keeps its jacks."""
    state = _jack_on_clubs()
    leans = read_hand(state.log.records(), state.sizes, state.jmode)[1][1]
    hearts = sum(1 << c for c in range(52) if SUIT_OF[c] == 2)
    jacks = sum(1 << c for c in range(52) if RANK_OF[c] == JACK)
    assert sorted(leans) == sorted([(0, hearts, LEAN_NAMED), (0, jacks, LEAN_KEPT)])
    rng = random.Random(6)
    plausible = [state.plausible_world(0, rng).hand(1) for _ in range(300)]
    uniform = [state.determinize(0, rng).hand(1) for _ in range(300)]

    def share(hands: list[list[int]], test: Any) -> float:
        return float(sum(test(c) for h in hands for c in h)) / sum(len(h) for h in hands)

    in_hearts = lambda c: c != JOKER_INDEX and SUIT_OF[c] == 2  # noqa: E731
    a_jack = lambda c: c != JOKER_INDEX and RANK_OF[c] == JACK  # noqa: E731
    assert share(plausible, in_hearts) > share(uniform, in_hearts) + 0.25
    assert share(plausible, a_jack) > share(uniform, a_jack) + LEAN_KEPT / 2


def test_a_plain_card_changing_the_suit_suggests_none_of_the_old_suit_was_left() -> None:
    """D-6: a plain card of the rank in force changing the suit: likely no plain card of the old suit."""
    state = position(["9c 2s 3s", "9d 4h 5h 6h"], "9h", direction=1, stock=STOCK)
    act(state, "9c")
    act(state, "9d")
    suggested, leans, _ = read_hand(state.log.records(), state.sizes, state.jmode)
    plain_clubs = sum(1 << c for c in range(52) if SUIT_OF[c] == 0 and RANK_OF[c] in PLAIN)
    assert suggested[1] == [(0, plain_clubs, DOUBT_CHANGED)] and DOUBT_CHANGED > DOUBT
    diamonds = sum(1 << c for c in range(52) if SUIT_OF[c] == 1)
    assert (0, diamonds, LEAN_CHANGED) in leans[1]


def test_the_last_play_weighs_the_worlds_by_the_heuristics_own_scores() -> None:
    """A world where the play made was the heuristic's best weighs 1; where a plain scored more, little."""
    state = _jack_on_clubs()
    last = read_hand(state.log.records(), state.sizes, state.jmode)[2][1]
    assert last is not None and last.card == idx1("jc") and last.named == 2 and last.suit == 0
    mode = state.options.joker_mode
    fits = weigh(idx("4h 5h 6h"), last, 1, state.sizes, state.direction, mode)
    a_plain_club = weigh(idx("4c 5h 6h"), last, 1, state.sizes, state.direction, mode)
    named_the_wrong_suit = weigh(idx("4s 5s 6h"), last, 1, state.sizes, state.direction, mode)
    assert fits == pytest.approx(1.0)
    assert a_plain_club < 0.05 and named_the_wrong_suit < 0.5
    # nothing was weighed after a draw: the drawer's last play is older than its draw
    drew = _drew_on_clubs("4h 5h 6d")
    assert read_hand(drew.log.records(), drew.sizes, drew.jmode)[2][1] is None


def test_an_anticipo_claim_suggests_nothing_about_the_plain_cards_held() -> None:
    """D-20: a claim is out of turn and can only be the twin of the card played: no choice of a plain card."""
    state = position(["jh 2c 3c", "5c 6c 7c", "4c 7c 9d", "jh 9s 9d"], "9h", direction=1, anticipo=True)
    act(state, "jh s")
    act(state, "no")  # seat 2 holds none
    act(state, "anticipo d")  # seat 3 claims, holding the 9S, a plain spade
    suggested, _, lasts = read_hand(state.log.records(), state.sizes, state.jmode)
    assert suggested[3] == [] and lasts[3] is None


def test_plausible_worlds_depend_on_the_view_alone() -> None:
    """I-1: two deals that look alike to seat 0 give it the same worlds, card for card."""
    one = _drew_on_clubs("4h 5h 6d", stock=STOCK)
    other = _drew_on_clubs("4d 5h 6d", stock=STOCK.replace("4d", "4h"))
    assert one.hand(1) != other.hand(1) and one.view(0) == other.view(0)
    for k in range(20):
        a, b = one.plausible_world(0, random.Random(k)), other.plausible_world(0, random.Random(k))
        assert a.hand(1) == b.hand(1) and a.stock == b.stock


def test_worlds_weighed_by_the_last_plays_depend_on_the_view_alone() -> None:
    """I-1 with the weighing on (``weigh`` 4): seat 1's last play weighs alike deals' worlds alike."""
    one = _jack_on_clubs("jc 4h 5h 6h")
    other = _jack_on_clubs("jc 4h 5h 6d", stock=STOCK.replace("6d", "6h") + " jd js jh")
    assert one.hand(1) != other.hand(1) and one.view(0) == other.view(0)
    for k in range(20):
        a, b = one.plausible_world(0, random.Random(k), 4), other.plausible_world(0, random.Random(k), 4)
        assert a.hand(1) == b.hand(1) and a.stock == b.stock


@pytest.mark.parametrize("samples", [1, 4])
def test_every_plausible_world_agrees_with_the_public_record(samples: int) -> None:
    """I-3: heuristic play (its draws carry hints), a misplay now and then: every world keeps every view."""
    options = opts("quick", play_after_draw=True, hands_to_win=1, turn_limit=150)
    state = GAME.new_game(options, 4, 7)
    bots = [make_bot(GAME, "heuristic", random.Random(s)) for s in range(4)]
    rng = random.Random(7)
    hinted = 0
    while not state.is_over():
        suggested = hints(state.log.records(), state.sizes, state.jmode)
        for seat in range(4):
            world = state.plausible_world(seat, rng, samples)
            hinted += any(suggested[p] for p in range(4) if p != seat)
            assert world.view(seat) == state.view(seat) and world.asking == state.asking
            shown = shown_cards(state.log, 4)
            pool = sorted(state.stock + [c for p in range(4) if p != seat for c in state.hand(p)])
            assert sorted(world.stock + [c for p in range(4) if p != seat for c in world.hand(p)]) == pool
            for p in range(4):
                assert world.sizes[p] == state.sizes[p] == sum(world.held(p))
                assert all(world.held(p)[c] >= k for c, k in shown[p].items())
            if state.phase == AFTER_DRAW:
                assert world.held(state.current)[world.drawn] > 0
        mover = state.to_act()
        assert mover is not None
        state.apply(decide(bots[mover], state, mover))
    assert hinted > 20


def test_the_beliefs_setting_and_games_without_plausible_worlds() -> None:
    assert parse_search(GAME, "ismcts")[0].beliefs is True
    assert parse_search(GAME, "ismcts:beliefs=0")[0].beliefs is False
    with pytest.raises(OptionError, match="beliefs must be from 0 to 1"):
        parse_search(GAME, "ismcts:beliefs=2")
    posledniy = find_game("posledniy")
    state = posledniy.new_game(posledniy.options_type(), 3, 1)
    worlds = Worlds(state, 0)
    a, b = worlds.plausible(random.Random(4)), worlds.sample(random.Random(4))
    assert all(a.view(p) == b.view(p) for p in range(3))  # its own default: determinize


def idx1(text: str) -> int:
    (c,) = idx(text)
    return c


class _Counting(Worlds):
    """Worlds that count which kind the search asked for."""

    def __init__(self, state: DernierState, seat: int) -> None:
        super().__init__(state, seat)
        self.asked = {"uniform": 0, "plausible": 0}

    def sample(self, rng: random.Random) -> Any:
        self.asked["uniform"] += 1
        return super().sample(rng)

    def plausible(self, rng: random.Random) -> Any:
        self.asked["plausible"] += 1
        return super().plausible(rng)


@pytest.mark.parametrize(
    ("text", "kind"), [("ismcts:iterations=12", "plausible"), ("ismcts:iterations=12:beliefs=0", "uniform")]
)
def test_the_search_deals_the_worlds_its_setting_names(text: str, kind: str) -> None:
    state = _drew_on_clubs("4h 5h 6d")
    settings, policy = parse_search(GAME, text)
    worlds = _Counting(state, 0)
    Search(settings, random.Random(1), policy).run(worlds, state.view(0), list(state.legal_actions()))
    assert worlds.asked[kind] > 0 and sum(worlds.asked.values()) == worlds.asked[kind]


def _ace_starter_deal() -> DernierState:
    """A real four-player deal with ``starter_effects`` whose starter is an ace (D-4); seat 3 has no ace."""
    state = GAME.new_game(opts("quick", starter_effects=True, hands_to_win=1), 4, 16)
    (starter,) = [r for r in state.log.records() if r[0] == "starter"]
    assert RANK_OF[starter[2]] == 14 and state.penalty.pending == 2 and state.to_act() == 3
    assert not any(c != JOKER_INDEX and RANK_OF[c] == 14 for c in state.hand(3))
    return state


def test_an_ace_starter_with_its_effects_starts_a_chain_that_a_take_answers() -> None:
    """D-4: with ``starter_effects`` the ace turned acts as played; taking its penalty suggests no ace."""
    state = _ace_starter_deal()
    act(state, "draw")  # takes the starter's penalty
    aces = sum(1 << c for c in range(52) if RANK_OF[c] == 14)
    records = state.log.records()
    (hint,) = read_hand(records, state.sizes, state.jmode, starter_effects=True)[0][3]
    assert hint[:2] == (2, aces)
    # without the option the same starter is only a card in force: a take (impossible there) says nothing
    assert read_hand(records, state.sizes, state.jmode)[0][3] == []
    # the state's own worlds read the option: seat 0's worlds give seat 3's older cards no ace
    rng = random.Random(2)
    older_aces = [
        sum(c != JOKER_INDEX and RANK_OF[c] == 14 for c in state.plausible_world(0, rng).hand(3))
        for _ in range(200)
    ]
    assert sum(k > 0 for k in older_aces) < sum(
        any(c != JOKER_INDEX and RANK_OF[c] == 14 for c in state.determinize(0, rng).hand(3))
        for _ in range(200)
    )


@pytest.mark.parametrize("lose", ["misplay", "slow"])
def test_a_misplay_or_a_slow_move_draws_the_chain_and_ends_it(lose: str) -> None:
    """D-18, D-19: the pending penalty is drawn with a misplay's (or slow move's): later plays are chosen."""
    state = position(["ac 2s 3s", "8s 4h 5h", "kc 4d 5d 6d"], "9c", direction=1, stock=STOCK)
    act(state, "ac")
    if lose == "misplay":
        act(state, "8s")  # neither an ace nor a joker: a misplay, which draws the chain too
    else:
        state.apply(SlowPlay())
    assert state.penalty.pending == 0 and state.to_act() == 2
    act(state, "kc")  # with no chain the king was chosen: no plain club nor ace was held
    (hint,) = hints(state.log.records(), state.sizes, state.jmode)[2]
    assert hint[1] == sum(
        1 << c for c in range(52) if RANK_OF[c] in PLAIN and (SUIT_OF[c] == 0 or RANK_OF[c] == 14)
    )


def test_the_hints_follow_the_engines_own_matching_table() -> None:
    """One rule, one place: a draw's lacked cards are turn.MATCHING's (no joker), for every suit and rank."""
    for suit in range(4):
        for rank in range(15):
            want = sum(1 << c for c in range(52) if matches(c, suit, rank))
            assert beliefs._matching(suit, rank) == want
    assert beliefs._matching(-1, -1) == 0  # nothing in force yet: nothing to lack


@pytest.mark.parametrize(
    ("card", "players", "doubt"),
    [
        ("qc", 2, beliefs.DOUBT_QUEEN_2P),
        ("qc", 4, beliefs.DOUBT_QUEEN),
        ("ac", 2, beliefs.DOUBT_ACE),
        ("ac", 4, beliefs.DOUBT_ACE),
        ("7c", 2, beliefs.DOUBT_SEVEN_2P),
        ("7c", 4, beliefs.DOUBT_SEVEN),
        ("kc", 2, DOUBT),
        ("kc", 4, beliefs.DOUBT_KING),
    ],
)
def test_a_queen_ace_seven_or_king_played_suggests_no_plain_card_followed(
    card: str, players: int, doubt: float
) -> None:
    """Plain cards go first, but an effect that hurts may come sooner: a hint, its doubt measured by rank."""
    others = ["2h 3h 4h 5h", "2s 3s 4s 5s", "6h 8h 10h 6s"][: players - 1]
    hands = ["9c 2s 3s", *others]
    hands[1] = f"{card} 4h 5h 6h"
    state = position(hands, "9h", direction=1, stock=STOCK)
    act(state, "9c")
    act(state, card)
    (hint,) = hints(state.log.records(), state.sizes, state.jmode)[1]
    since, lacked, believed_doubt = hint
    assert since == 0 and believed_doubt == doubt < 1
    followed = [c for c in range(52) if SUIT_OF[c] == 0 or RANK_OF[c] == 9]
    assert lacked == sum(1 << c for c in followed if RANK_OF[c] in PLAIN)


def test_a_queen_played_deals_fewer_plain_cards_that_followed() -> None:
    """The queen's hint, believed in half the two-player worlds, about halves the plain clubs and nines."""
    state = position(["9c 2s 3s", "qc 4h 5h 6h"], "9h", direction=1, stock=STOCK)
    act(state, "9c")
    act(state, "qc")
    rng = random.Random(8)
    plausible = [_plain_clubs_or_nines(state.plausible_world(0, rng).hand(1)) for _ in range(400)]
    uniform = [_plain_clubs_or_nines(state.determinize(0, rng).hand(1)) for _ in range(400)]
    assert sum(plausible) < 0.75 * sum(uniform)
    assert sum(plausible) > 0.25 * sum(uniform)  # a doubt of a half: many worlds do not believe it


def test_a_hands_history_gives_its_places_ages_as_chance_would() -> None:
    """A card played at once after its draw is the drawn one (D-7); other plays take any card held."""
    records = [("deal", 0, 1), ("draw", 1, 9), ("play", 1, 9, -1, -1, False)]
    (history,) = beliefs.histories(records, 2)[1:]
    assert history == [1, beliefs.PLAYED_DRAWN]
    assert plausible._ages(history, 3, 3, random.Random(1)) == [1, 1, 1]  # all dealt: the draw came after
    rng = random.Random(2)
    # four dealt, one drawn, four played at random: the last card is an older one four times in five
    old = sum(plausible._ages([1, -1, -1, -1, -1], 1, 1, rng) == [1] for _ in range(2000))
    assert 1500 < old < 1700
    assert plausible._ages([2, -1], 5, 5, rng) in ([0, 1, 2, 2, 2], [0, 2, 2, 2, 2], [1, 2, 2, 2, 2])


def test_the_weigh_setting_and_its_errors() -> None:
    assert parse_search(GAME, "ismcts")[0].weigh == 1
    assert parse_search(GAME, "ismcts:weigh=8")[0].weigh == 8
    for bad in ("0", "1001"):
        with pytest.raises(OptionError, match="weigh must be from 1 to 1000"):
            parse_search(GAME, f"ismcts:weigh={bad}")
    with pytest.raises(OptionError, match="weigh must be a whole number"):
        parse_search(GAME, "ismcts:weigh=2.5")


def test_the_weigh_setting_reaches_the_worlds_and_replays() -> None:
    """``weigh=N`` deals the worlds of N candidates (other worlds than one), the same for the same seed."""
    state = _jack_on_clubs("jc 4h 5h 6h")
    asked: list[int] = []

    class Asking(Worlds):
        def plausible(self, rng: random.Random, weigh: int = 1) -> Any:
            asked.append(weigh)
            return super().plausible(rng, weigh)

    legal = list(state.legal_actions())
    moves = []
    for _ in range(2):
        settings, policy = parse_search(GAME, "ismcts:iterations=24:weigh=6")
        moves.append(Search(settings, random.Random(3), policy).run(Asking(state, 0), state.view(0), legal))
    assert asked and set(asked) == {6} and moves[0] == moves[1]
    one = [state.plausible_world(0, random.Random(k), 6).hand(1) for k in range(30)]
    assert one == [state.plausible_world(0, random.Random(k), 6).hand(1) for k in range(30)]
    assert one != [state.plausible_world(0, random.Random(k)).hand(1) for k in range(30)]


def _heuristic_decisions(players: int, deals: int) -> Any:
    """Every decision of seeded heuristic games (one hand each): the state before the move."""
    options = opts("quick", hands_to_win=1)
    for deal in range(1, deals + 1):
        state = GAME.new_game(options, players, deal)
        bots = [make_bot(GAME, "heuristic", random.Random(deal * 16 + s)) for s in range(players)]
        while not state.is_over():
            yield state
            seat = state.to_act()
            assert seat is not None
            state.apply(decide(bots[seat], state, seat))


def test_every_play_since_the_last_draw_weighs_the_true_hands_of_heuristic_players_fully() -> None:
    """Each play since a player drew is weighed in the hand it came from, with the sizes and direction then.

    Heuristic players always make the heuristic's best play, so their true hands weigh 1; the
    sizes of now (the player close to going out may have changed) or the direction of now (a
    king played since, D-12) would weigh some of them down.
    """
    exact = sizes_now = direction_now = weighed = several = 0
    for state in _heuristic_decisions(4, 8):
        since = beliefs._read(state.log.records(), state.sizes, state.jmode, False)[4]
        mode = state.options.joker_mode
        for p, plays in enumerate(since):
            if p == state.to_act() or not state.sizes[p] or not any(last for _, last in plays):
                continue
            weighed += 1
            several += sum(last is not None for _, last in plays) > 1
            hand = state.hand(p)
            exact += weigh_plays(hand, plays, p, state.sizes, state.direction, mode) < 0.99
            now = [(c, last and attrs.evolve(last, sizes=())) for c, last in plays]
            sizes_now += weigh_plays(hand, now, p, state.sizes, state.direction, mode) < 0.99
            turned = [(c, last and attrs.evolve(last, turned=False)) for c, last in plays]
            direction_now += weigh_plays(hand, turned, p, state.sizes, state.direction, mode) < 0.99
    assert weighed > 500 and several > 200
    assert exact == 0
    assert sizes_now > 20 and direction_now > 3


def test_the_plays_since_a_draw_are_read_with_the_hand_they_came_from() -> None:
    """The last play ``read_hand`` weighs alone is the last of them; a draw starts them again."""
    for state in _heuristic_decisions(4, 3):
        records = state.log.records()
        since = beliefs._read(records, state.sizes, state.jmode, False)[4]
        last = read_hand(records, state.sizes, state.jmode)[2]
        for p, plays in enumerate(since):
            mine = plays[-1][1] if plays else None
            if last[p] is not None:
                assert mine is not None
                assert mine == attrs.evolve(last[p], sizes=mine.sizes, turned=mine.turned)
    drew = _drew_on_clubs("4h 5h 6d")
    assert beliefs._read(drew.log.records(), drew.sizes, drew.jmode, False)[4][1] == []


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (4, {}),
        (3, {"joker_mode": "draw5"}),
        (4, {"play_after_draw": True, "starter_effects": True}),
        (3, {"anticipo": True}),
        (4, {"anticipo": True, "joker_mode": "draw5", "starter_effects": True}),
    ],
)
def test_each_play_since_a_draw_carries_the_sizes_and_direction_the_engine_had(
    players: int, options: dict[str, Any]
) -> None:
    """Checked against the engine itself, before every play of games with random moves among the
    heuristic's (so that forgotten calls, misplays, sevens, takes and kings all happen)."""
    game_options = opts("quick", hands_to_win=1, turn_limit=200, **options)
    kinds: set[str] = set()
    checked = 0
    for deal in range(1, 7):
        state = GAME.new_game(game_options, players, deal)
        bots = [make_bot(GAME, "heuristic", random.Random(deal * 16 + s)) for s in range(players)]
        rng = random.Random(deal)
        expected: list[list[tuple[int, tuple[int, ...], int]]] = [[] for _ in range(players)]
        while not state.is_over():
            records = state.log.records()
            since = beliefs._read(records, state.sizes, state.jmode, state.options.starter_effects)[4]
            for p in range(players):
                assert [c for c, _ in since[p]] == [c for c, _, _ in expected[p]]
                for (_, last), (_, sizes, direction) in zip(since[p], expected[p], strict=True):
                    if last is not None:
                        checked += 1
                        assert last.sizes == sizes
                        assert (-state.direction if last.turned else state.direction) == direction
            seat = state.to_act()
            assert seat is not None
            legal = state.legal_actions()
            before, length, direction = list(state.sizes), len(state.log), state.direction
            random_move = rng.random() < 0.3
            state.apply(legal[rng.randrange(len(legal))] if random_move else decide(bots[seat], state, seat))
            new = state.log.records()[length:]
            kinds.update(r[0] for r in new)
            if state.hand_results():
                break
            for record in new:
                if record[0] == "play":
                    expected[record[1]].append((record[2], tuple(before), direction))
            for p in range(players):  # a hand that grew drew after its plays: they are forgotten
                if state.sizes[p] > before[p] - sum(r[0] == "play" and r[1] == p for r in new):
                    expected[p] = []
    assert checked > 300
    assert {"play", "draw", "take"} <= kinds and kinds & {"forgot", "misplay"}


def test_a_joker_standing_for_a_king_turns_the_direction_the_earlier_plays_are_read_with() -> None:
    """D-12, D-16: a wild joker played as a king reverses play like a king; a draw5 joker does not."""
    for mode, turned in (("wild", True), ("draw5", False)):
        state = position(["5h 2h 2s 3s", "8h joker 7c 8c", "6h 2c 3c 4c"], "9h", direction=1, joker_mode=mode)
        for move in ("5h", "8h", "6h", "2h", "joker as kh" if mode == "wild" else "joker c"):
            act(state, move)
        since = beliefs._read(state.log.records(), state.sizes, state.jmode, False)[4]
        (first, _), (card, play) = since[0]
        assert (first, card) == (idx1("5h"), idx1("2h")) and play is not None
        assert play.sizes == (3, 3, 3) and play.turned is turned
        assert state.direction == (-1 if turned else 1)
