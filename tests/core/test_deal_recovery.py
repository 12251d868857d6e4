"""The seed recovery of a seated player (docs/fair-deal.md#threat-model), mounted against old and new deals.

A seat sees its own hand and the starter. With the old deal (``random.Random(seed)``, a
seed below 2^31) that singles the seed out, and with it every other hand and the stock: the
attack below finds it by searching seeds. Against a drawn seed of today's deal (a 256-bit
secret keying an HMAC-SHA256 stream) the same search finds nothing, and there is no
smaller space to search.
"""

from __future__ import annotations

import hashlib
import hmac
import math
import random
from collections import Counter
from typing import Any

import pytest

from cardgames.core.fairdeal import new_salt
from cardgames.core.record import Seat
from cardgames.play.start import new_seed, start_table
from cardgames.plugins.registry import find_game
from cardgames.primitives.chance import legacy_deals
from cardgames.primitives.dealstream import DOMAIN, DealStream
from cardgames.primitives.limits import SEED_MAX

GAME = find_game("dernier")
SEATS = [Seat("Ann"), Seat("Bot", "easy"), Seat("Cleo", "easy")]
SEARCHED = 3000  # seeds the test's attacker tries (the real one tries all 2^31, at 133,000 a second)
OLD_SEED = 2026  # a seed the old program could have drawn, inside the test's search


def _seen(state: Any) -> tuple[Any, ...]:
    """What seat 0 sees at the start: its hand and the starter."""
    view = state.view(0)
    return tuple(view.hand), view.top


def _everything(state: Any) -> tuple[Any, ...]:
    """Every hand and the stock: what the attacker wants."""
    return tuple(tuple(state.view(s).hand) for s in range(state.players)), tuple(state.stock)


def _attack(seen: tuple[Any, ...], options: Any, legacy: bool) -> list[int]:
    """Every seed below SEARCHED whose deal shows seat 0 what it saw."""
    found = []
    for candidate in range(SEARCHED):
        if legacy:
            with legacy_deals():
                state = GAME.new_game(options, len(SEATS), candidate)
        else:
            state = GAME.new_game(options, len(SEATS), candidate)
        if _seen(state) == seen:
            found.append(candidate)
    return found


def test_the_search_recovers_an_old_deal_and_with_it_every_hand_and_the_stock() -> None:
    """The attack is real: against the old deal it finds the seed, and the rest of the deck follows."""
    with legacy_deals():
        table = start_table(GAME, SEATS, OLD_SEED, "quick", [], new_salt())
    found = _attack(_seen(table.state), table.options, legacy=True)
    assert found == [OLD_SEED]
    with legacy_deals():
        predicted = GAME.new_game(table.options, len(SEATS), found[0])
    assert _everything(predicted) == _everything(table.state)


def test_the_same_search_finds_nothing_against_a_drawn_seed() -> None:
    """A drawn seed is a 256-bit key: no seed the search tries deals what seat 0 sees, old way or new."""
    seed = new_seed()
    table = start_table(GAME, SEATS, seed, None, [], new_salt())
    assert table.record.schema == 3 and not table.record.legacy_deal
    seen = _seen(table.state)
    assert _attack(seen, table.options, legacy=False) == []
    assert _attack(seen, table.options, legacy=True) == []
    # nothing smaller to search: the seed is drawn from 2^256 values, and those are what the key takes
    assert SEED_MAX == 2**256 - 1
    draws = [new_seed() for _ in range(64)]
    assert all(0 <= d <= SEED_MAX for d in draws) and max(d.bit_length() for d in draws) == 256
    assert len(set(draws)) == 64


def test_a_typed_seed_is_no_secret_the_same_search_finds_it() -> None:
    """The search works against the new deal too: a typed seed (--seed 2026) is found, as documented."""
    table = start_table(GAME, SEATS, OLD_SEED, "quick", [], None)
    assert _attack(_seen(table.state), table.options, legacy=False) == [OLD_SEED]


def test_the_stream_is_the_documented_hmac_sha256_construction() -> None:
    """Anyone can re-derive a deal from the seed: block i is HMAC-SHA256(SHA-256(domain + seed), i)."""
    seed = 12345678901234567890123456789
    key = hashlib.sha256(DOMAIN + str(seed).encode()).digest()
    blocks = [hmac.new(key, i.to_bytes(8, "big"), hashlib.sha256).digest() for i in range(3)]
    stream = int.from_bytes(blocks[0], "little") | int.from_bytes(blocks[1], "little") << 256
    rng = DealStream(seed)
    assert rng.getrandbits(100) == stream & (2**100 - 1)
    assert rng.getrandbits(300) == (stream >> 100) & (2**300 - 1)
    assert rng.getrandbits(200) == (stream >> 400 | int.from_bytes(blocks[2], "little") << 112) & (2**200 - 1)


@pytest.mark.parametrize("n", [10, 54, 108])  # one word of digits; Последний's and Dernier's decks, several
def test_the_streams_shuffle_is_fisher_yates_from_one_unbiased_draw(n: int) -> None:
    """The swaps are the mixed-radix digits of one draw below n!, drawn again while too large."""
    for seed in (7, 8, 9):
        cards = list(range(n))
        rng, twin = DealStream(seed), DealStream(seed)
        rng.shuffle(cards)
        total = math.factorial(n)
        r = twin.getrandbits(total.bit_length())
        while r >= total:
            r = twin.getrandbits(total.bit_length())
        expected = list(range(n))
        for i in range(n - 1, 0, -1):
            r, j = divmod(r, i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        assert cards == expected and rng.getstate() == twin.getstate()


def test_three_cards_are_shuffled_uniformly() -> None:
    counts = Counter(tuple(_shuffled(seed)) for seed in range(6000))
    assert len(counts) == 6 and all(850 < n < 1150 for n in counts.values())  # 1000 each, 5 sigma


def _shuffled(seed: int) -> list[int]:
    cards = [0, 1, 2]
    DealStream(seed).shuffle(cards)
    return cards


def test_a_copy_draws_what_the_original_draws() -> None:
    rng = DealStream(3)
    rng.getrandbits(77)
    copy = rng.copy()
    assert [copy.random() for _ in range(9)] == [rng.random() for _ in range(9)]
    assert random.Random(3).random() != DealStream(3).random()


def test_a_stream_pickles_and_draws_on_alike() -> None:
    import pickle

    rng = DealStream(99)
    rng.getrandbits(5)
    again = pickle.loads(pickle.dumps(rng))
    assert again.getstate() == rng.getstate() and again.random() == rng.random()
