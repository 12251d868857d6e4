"""``cardgames arena --field BOT``: each bot alone at one seat against the same field.

With two bots at four seats, each holds two seats, and in a game with one loser both
bots nearly always have a seat among the winners: the comparison says little. Against a
field, each bot of ``--bots`` plays every deal once from every seat with ``BOT`` at all
the other seats; the field bot may itself be one of ``--bots`` (the baseline). So on
the same cards, at the same seat, against the same opponents, only the bot at the tested
seat differs, and the tested seat's place is compared bot against bot, deal by deal and
seat by seat (a paired comparison, as in duplicate bridge).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from openskill.models import PlackettLuce

from cardgames.core.game import Game
from cardgames.core.options import options_as_dict
from cardgames.lab.arena import BotRow, Pair, check_compared, ranks, tables
from cardgames.lab.plan import Plan
from cardgames.lab.result import GameResult
from cardgames.primitives.errors import OptionError
from cardgames.primitives.language import FRAMEWORK

_ = FRAMEWORK.gettext


def field_lineups(bots: Sequence[str], players: int, field: str) -> tuple[tuple[str, ...], ...]:
    """Line-up ``k``: bot ``bots[k // players]`` at seat ``k % players``, ``field`` at every other seat."""
    return tuple(
        tuple(bot if s == seat else field for s in range(players)) for bot in bots for seat in range(players)
    )


def field_plan(
    game: Game[Any, Any],
    options: Any,
    bots: Sequence[str],
    players: int,
    seed: int,
    deals: int,
    field: str,
) -> Plan:
    """The plan of an arena against a field: ``deals`` seeds, each played by every bot from every seat."""
    check_compared(bots, deals, "hard,heuristic")
    if players < 2:
        raise OptionError(_("--field needs at least two seats, not {players}").format(players=players))
    game.check(options, players)
    return Plan(game.id, options_as_dict(options), field_lineups(bots, players, field), seed, deals)


def seat_under_test(result: GameResult, bots: Sequence[str]) -> tuple[int, str, int]:
    """The deal number, the tested bot and its seat of a game of a field plan (from its index)."""
    players = len(result.lineup)
    deal, k = divmod(result.index, len(bots) * players)
    return deal, bots[k // players], k % players


def field_standings(results: Sequence[GameResult], bots: Sequence[str]) -> tuple[list[BotRow], list[Pair]]:
    """Each bot's results at its tested seat, and every pair compared on the same deal and seat.

    A bot wins a game when its tested seat is among the winners (fair share: winners per
    seat). Two bots are compared where both played the same deal from the same seat: the
    one whose seat placed better is ahead. The ratings rate each such deal and seat as one
    match between the bots, ranked by their seats' places.
    """
    model = PlackettLuce()
    rating = {b: model.rating(name=b) for b in bots}
    wins = dict.fromkeys(bots, 0)
    played = dict.fromkeys(bots, 0)
    fair = dict.fromkeys(bots, 0.0)
    places: dict[tuple[int, int], dict[str, int]] = {}  # by deal and seat
    for g in sorted(results, key=lambda r: r.index):
        if g.capped:
            continue
        deal, bot, seat = seat_under_test(g, bots)
        played[bot] += 1
        wins[bot] += seat in g.winners
        fair[bot] += len(g.winners) / len(g.lineup)
        places.setdefault((deal, seat), {})[bot] = ranks(g)[seat]
    ahead: dict[tuple[str, str], list[int]] = {pair: [0, 0, 0] for pair in itertools.combinations(bots, 2)}
    for at in places.values():
        present = [b for b in bots if b in at]
        if len(present) > 1:
            new = model.rate([[rating[b]] for b in present], ranks=[at[b] for b in present])
            for b, team in zip(present, new, strict=True):
                rating[b] = team[0]
        for (a, b), tally in ahead.items():
            if a in at and b in at:
                tally[0 if at[a] < at[b] else 1 if at[b] < at[a] else 2] += 1
    return tables(bots, wins, played, fair, rating, {k: t for k, t in ahead.items() if sum(t)})
