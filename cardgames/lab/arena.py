"""``cardgames arena``: bots against each other on duplicate deals, rated and compared.

Every deal (seed) is played once per line-up. With as many bots as seats, the line-ups
are every seating of the bots (all permutations up to 24, else the rotations), so each
bot plays each deal from each seat and the luck of the cards cancels out, as in
duplicate bridge. With fewer bots than seats, the bots fill the seats in turn and every
rotation of that filling is played; with more, every group of ``players`` bots plays.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from attrs import frozen
from openskill.models import PlackettLuce

from cardgames.core.game import Game
from cardgames.core.options import options_as_dict
from cardgames.lab.intervals import Proportion, holm, sign_test
from cardgames.lab.plan import Plan
from cardgames.lab.result import GameResult
from cardgames.primitives.errors import OptionError
from cardgames.primitives.language import FRAMEWORK

_ = FRAMEWORK.gettext

MAX_PERMUTATIONS = 24
MAX_LINEUPS = 720


def seatings(group: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """The line-ups of one group of bots at ``players`` seats (no line-up twice)."""
    filled = [group[i % len(group)] for i in range(players)]
    perms = set(itertools.permutations(filled))
    if len(perms) <= MAX_PERMUTATIONS:
        return sorted(perms)
    rotations = {tuple(filled[(i + k) % players] for i in range(players)) for k in range(players)}
    return sorted(rotations)


def lineups(bots: Sequence[str], players: int) -> tuple[tuple[str, ...], ...]:
    """Every line-up an arena of ``bots`` plays on each deal."""
    groups = [tuple(bots)] if len(bots) <= players else list(itertools.combinations(bots, players))
    out: list[tuple[str, ...]] = []
    seen: set[tuple[str, ...]] = set()
    for group in groups:
        if len(bots) < players:  # every bot starts the filling in turn, so all get as many seats
            fillings = [
                tuple(group[(k + i) % len(group)] for i in range(len(group))) for k in range(len(group))
            ]
        else:
            fillings = [group]
        for filling in fillings:
            for lu in seatings(filling, players):
                if lu not in seen:
                    seen.add(lu)
                    out.append(lu)
    if len(out) > MAX_LINEUPS:
        # more line-ups than MAX_LINEUPS: always several bots, seats and line-ups
        said = _("{bots} bots at {seats} seats make {lineups} line-ups per deal; use fewer bots")
        raise OptionError(said.format(bots=len(bots), seats=players, lineups=len(out)))
    return tuple(out)


def check_compared(bots: Sequence[str], deals: int, example: str) -> None:
    """Refuse bots that cannot be compared (one bot, or a bot named twice) and no deals."""
    if len(set(bots)) != len(bots):
        raise OptionError(_("--bots names a bot twice; an arena compares different bots"))
    if len(bots) < 2:
        said = _("--bots needs at least two bots to compare, as in --bots {example}")
        raise OptionError(said.format(example=example))
    if deals < 1:
        raise OptionError(_("--deals must be at least 1, not {deals}").format(deals=deals))


def arena_plan(
    game: Game[Any, Any], options: Any, bots: Sequence[str], players: int, seed: int, deals: int
) -> Plan:
    """The plan of an arena: ``deals`` seeds from ``seed``, each played by every line-up."""
    check_compared(bots, deals, "heuristic,random")
    game.check(options, players)
    return Plan(game.id, options_as_dict(options), lineups(bots, players), seed, deals)


def ranks(result: GameResult) -> list[int]:
    """Each seat's place, 1 best: the winners first, then by score (ties share a place).

    Outcome scores count higher as better in every game, whatever they measure: a game's
    declared utility (``cardgames.core.utility``) negates a lowest-wins count such as card points.
    """
    keys = [(0 if s in result.winners else 1, -result.scores[s]) for s in range(len(result.lineup))]
    order = sorted(set(keys))
    return [order.index(k) + 1 for k in keys]


def bot_places(result: GameResult) -> dict[str, int]:
    """Each bot's best place in a game (a bot at several seats counts its best seat)."""
    out: dict[str, int] = {}
    for seat, place in enumerate(ranks(result)):
        bot = result.lineup[seat]
        out[bot] = min(place, out.get(bot, place))
    return out


@frozen
class BotRow:
    """One bot's results: games, win rate, fair share and openskill rating."""

    bot: str
    wins: Proportion
    fair: float
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The conservative rating mu - 3 sigma (openskill's, over the games in the plan's order)."""
        return self.mu - 3 * self.sigma

    @property
    def above_fair(self) -> float:
        """How far its win rate is above its fair share (negative below it): what the bots are ranked by.

        Not the rating: openskill rates the games one after another, and an arena's games have no
        order that means anything, yet another order gives other ratings (most of all where, as
        against a field, most games are level and the last ones weigh most).
        """
        return self.wins.rate - self.fair


@frozen
class Pair:
    """Two bots in the games they both played: who placed ahead how often, and the sign test."""

    a: str
    b: str
    a_ahead: int
    b_ahead: int
    even: int
    p_value: float
    significant: bool


def standings(results: Sequence[GameResult], bots: Sequence[str]) -> tuple[list[BotRow], list[Pair]]:
    """Bots ranked by wins above their fair share; every pair of bots compared (Holm-corrected at 5%)."""
    model = PlackettLuce()
    rating = {b: model.rating(name=b) for b in bots}
    wins = dict.fromkeys(bots, 0)
    played = dict.fromkeys(bots, 0)
    fair = dict.fromkeys(bots, 0.0)
    ahead: dict[tuple[str, str], list[int]] = {}
    finished = [g for g in results if not g.capped]
    for g in finished:
        places = bot_places(g)
        present = list(places)
        new = model.rate([[rating[b]] for b in present], ranks=[places[b] for b in present])
        for b, team in zip(present, new, strict=True):
            rating[b] = team[0]
            played[b] += 1
            wins[b] += any(g.lineup[s] == b for s in g.winners)
            seats = sum(1 for x in g.lineup if x == b)
            fair[b] += min(1.0, seats * len(g.winners) / len(g.lineup))
        for a, b in itertools.combinations(bots, 2):
            if a in places and b in places:
                tally = ahead.setdefault((a, b), [0, 0, 0])
                pa, pb = places[a], places[b]
                tally[0 if pa < pb else 1 if pb < pa else 2] += 1
    return tables(bots, wins, played, fair, rating, ahead)


def tables(
    bots: Sequence[str],
    wins: dict[str, int],
    played: dict[str, int],
    fair: dict[str, float],
    rating: dict[str, Any],
    ahead: dict[tuple[str, str], list[int]],
) -> tuple[list[BotRow], list[Pair]]:
    """The rows by wins above fair share and the pairs (Holm-corrected at 5%) from an arena's counts."""
    rows = [
        BotRow(b, Proportion(wins[b], played[b]), fair[b] / played[b] if played[b] else 0.0,
               float(rating[b].mu), float(rating[b].sigma))
        for b in bots
    ]  # fmt: skip
    rows.sort(key=lambda r: (-r.above_fair, r.bot))
    keys = list(ahead)
    p_values = [sign_test(ahead[k][0], ahead[k][1]) for k in keys]
    marks = holm(p_values)
    pairs = [
        Pair(a, b, ahead[a, b][0], ahead[a, b][1], ahead[a, b][2], p, sig)
        for (a, b), p, sig in zip(keys, p_values, marks, strict=True)
    ]
    return rows, pairs
