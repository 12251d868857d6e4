"""Reading the command line of ``simulate`` and ``arena`` into plans (no I/O, easy to test)."""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from typing import Any

from attrs import frozen

from cardgames.core.game import Game
from cardgames.lab.plan import Plan, parse_bots, simulation_plan
from cardgames.play.start import build_options
from cardgames.primitives.errors import OptionError
from cardgames.primitives.language import FRAMEWORK

_ = FRAMEWORK.gettext


@frozen
class Variant:
    """One side of a simulation: its name for people, its plan, and its options object."""

    label: str
    plan: Plan
    options: Any


def describe(preset: str | None, pairs: Sequence[str], bots: Sequence[str], game: Game[Any, Any]) -> str:
    """A short name for a variant: its preset, options and bots."""
    parts = [preset or game.default_preset or "defaults", *pairs]
    kinds = sorted(set(bots))
    parts.append(",".join(bots) if len(kinds) > 1 else f"{len(bots)}x {kinds[0]}")
    return " ".join(parts)


def simulation_variants(
    game: Game[Any, Any],
    players: str | None,
    preset: str | None,
    pairs: Sequence[str],
    seed: int,
    games: int,
    vs: str | None,
    *,
    isolate: bool = False,
) -> list[Variant]:
    """Variant A from the options, and B from ``--vs`` (A's settings with the changes it names)."""
    bots = parse_bots(game, players, isolate=isolate)
    options = build_options(game, preset, pairs)
    a = Variant(
        describe(preset, pairs, bots, game), simulation_plan(game, options, bots, seed, games), options
    )
    if vs is None:
        return [a]
    b_preset, b_pairs, b_bots = preset, list(pairs), bots
    try:
        tokens = shlex.split(vs)
    except ValueError as exc:
        raise OptionError(_("--vs {vs!r} cannot be read: {error}").format(vs=vs, error=exc)) from None
    if not tokens:
        raise OptionError(
            _("--vs needs what changes, as in --vs OPTION=VALUE or --vs players=heuristic,random")
        )
    for token in tokens:
        key, eq, value = token.partition("=")
        if not eq or not key.strip():
            said = _("--vs {token!r} must be written OPTION=VALUE")
            raise OptionError(said.format(token=token))
        key = key.strip().casefold()
        if key == "preset":
            b_preset = value.strip()
        elif key == "players":
            b_bots = parse_bots(game, value, what="--vs players", isolate=isolate)
        else:
            b_pairs.append(token)
    b_options = build_options(game, b_preset, b_pairs)
    b = Variant(
        describe(b_preset, b_pairs, b_bots, game),
        simulation_plan(game, b_options, b_bots, seed, games),
        b_options,
    )
    if b.plan == a.plan:
        said = _("--vs {vs!r} changes nothing: both variants would play the same games")
        raise OptionError(said.format(vs=vs))
    return [a, b]
