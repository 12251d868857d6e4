"""How a search spends its budget: the settings of :class:`cardgames.bots.ismcts.Search`.

A module of their own, never compiled: in a module mypyc compiles (``cardgames/bots/ismcts.py``
is, in the optional build, setup.py's ``COMPILED``), an attrs class cannot declare its fields
with ``field(default=..., validator=...)`` (the compiled class body checks the ``field()``
object against the field's type and fails).
"""

from __future__ import annotations

from attrs import field, frozen
from attrs.validators import ge, gt, instance_of, le, optional


def _at_least_one(value: int | None) -> None:
    if value is not None and (not isinstance(value, int) or value < 1):
        raise ValueError(f"iterations must be a whole number of at least 1, not {value!r}")


@frozen
class Settings:
    """How a search spends its budget: iterations and/or seconds per move, and how it plays out."""

    iterations: int | None = field(default=150, validator=lambda _, __, v: _at_least_one(v))
    seconds: float | None = field(default=None, validator=optional(gt(0.0)))
    exploration: float = field(default=0.7, validator=ge(0.0))  # the UCB constant, rewards being 0 to 1
    horizon: int = field(default=40, validator=[instance_of(int), ge(0)])  # playout moves before a guess
    # another root candidate must beat the playout bot's move by this many standard errors: with up
    # to five others, one standard error lets noise overturn the move about half the time
    bias: float = field(default=2.0, validator=ge(0.0))
    width: int = field(default=6, validator=[instance_of(int), ge(2)])  # root candidates at most
    # progressive widening below the root: a node visited v times has at most (v + 1) ** widen children;
    # 0: no tree below the root, the playout bot plays every move after the root's
    widen: float = field(default=1.0, validator=[ge(0.0), le(1.0)])
    # worlds dealt as the others' play suggests (the game's plausible_world) rather than uniformly
    beliefs: bool = field(default=True, validator=instance_of(bool))
    # the candidate deals a plausible world is kept from, by how well each explains the others' plays
    # (the game's plausible_world; 1: no weighing)
    weigh: int = field(default=1, validator=[instance_of(int), ge(1)])

    def __attrs_post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise ValueError("a search needs a budget: iterations, seconds or both")
