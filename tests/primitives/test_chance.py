"""Chance: a fork draws exactly what an eager copy of the generator would, and copies only when it draws."""

from __future__ import annotations

import random

from cardgames.primitives.chance import Chance, copy_random, legacy_deals
from cardgames.primitives.dealstream import DealStream


def _draws(rng: random.Random) -> list[float]:
    return [rng.random() for _ in range(5)]


def test_a_chance_draws_the_keyed_stream_of_a_whole_number_seed() -> None:
    assert _draws(Chance(42).rng()) == _draws(DealStream(42))
    assert _draws(Chance(42).rng()) != _draws(random.Random(42))
    assert Chance("bot:1:2").getstate() == random.Random("bot:1:2").getstate()


def test_within_legacy_deals_a_chance_draws_as_random_random_did_for_old_records() -> None:
    with legacy_deals():
        old = Chance(42)
    assert _draws(old.rng()) == _draws(random.Random(42))
    assert type(Chance(42).rng()) is DealStream  # only chances made inside are legacy


def test_forks_are_independent_and_each_sees_the_stream_an_eager_copy_would() -> None:
    parent = Chance(7)
    parent.rng().random()
    eager = copy_random(parent.rng())
    child = parent.fork()
    assert child == parent
    expected = _draws(copy_random(eager))
    assert _draws(child.rng()) == expected  # the child drew first: it took its own copy
    assert child != parent
    assert _draws(parent.rng()) == expected  # the parent's stream did not move
    assert child == parent


def test_a_fork_shares_the_generator_until_someone_draws() -> None:
    parent = Chance(3)
    child = parent.fork()
    assert child._shared is parent._shared and parent._shared.owners == 2
    grandchild = child.fork()
    assert parent._shared.owners == 3
    parent.rng()
    assert parent._shared is not child._shared and child._shared is grandchild._shared
    assert child._shared.owners == 2 and parent._shared.owners == 1


def test_a_dropped_fork_gives_the_generator_back() -> None:
    parent = Chance(5)
    fork = parent.fork()
    assert parent._shared.owners == 2
    del fork
    assert parent._shared.owners == 1
    shared = parent._shared
    parent.rng()
    assert parent._shared is shared  # the only owner draws without copying


def test_copy_random_is_independent() -> None:
    a = random.Random(9)
    b = copy_random(a)
    assert _draws(a) == _draws(b)
    b.random()
    assert a.getstate() != b.getstate()
