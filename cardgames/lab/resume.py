"""Reading an ``--out`` file back for ``--resume``: bounded, and every line checked against the run.

The file is read only if it is a regular file no larger than the run's games can fill, one
line at a time with a bound on each line. A result line counts only if it is a game of this
run (its variant, index, seed and line-up), of the run's sizes (seats, decisions, hands),
of the run's game (the seat that decided first, the game's own statistics) and the first
line for that game. Anything else is refused, naming the line, before a game is played or
a byte written. See docs/simulation.md#resuming-a-run.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from attrs import frozen

from cardgames.core.game import SAFEGUARD_ENDINGS, Game
from cardgames.lab.plan import Plan
from cardgames.lab.play import plan_options
from cardgames.lab.result import GameResult
from cardgames.primitives.errors import OptionError
from cardgames.primitives.files import open_regular, shown_path
from cardgames.primitives.language import FRAMEWORK, N_

_ = FRAMEWORK.gettext
ngettext = FRAMEWORK.ngettext

FORMAT = "cardgames-simulation"
# The first line: the plans with their options and line-ups (a few kilobytes for the largest arena).
HEADER_LIMIT = 1 << 20
# A result line without its hands: bot names, the game's statistics and a dozen numbers.
FIXED_LIMIT = 64 * 1024
# The measures a result line may hold, each named for a message about it.
MEASURES = {"decisiveness": N_("its decisiveness"), "drama": N_("its drama")}
FIELDS = frozenset(
    ("variant", "index", "seed", "lineup", "winners", "scores", "decisions", "first", "hands", "stats")
) | {"lead_changes", "decisiveness", "drama", "capped"}


class _Refused(Exception):  # noqa: N818  (a reason, caught at once)
    """Why a line is not a result of this run (in the language in force)."""


@frozen
class _Variant:
    """What every result line of one plan must match."""

    game: Game[Any, Any]
    plan: Plan
    options: Any
    cap: int  # the game's bound on decisions, so on hands too
    stat_names: frozenset[str] | None  # None: the game cannot name them before a game ends

    @property
    def line_limit(self) -> int:
        """The longest result line a game of this plan can write."""
        return FIXED_LIMIT + self.cap * (24 + 8 * self.plan.players)

    def first_seat(self, seed: int) -> int:
        """The seat that makes the first decision of the game dealt from ``seed`` (as the lab keeps it)."""
        first = self.game.new_game(self.options, self.plan.players, seed).to_act()
        return 0 if first is None else int(first)


def _variant(game: Game[Any, Any], plan: Plan) -> _Variant:
    options = plan_options(game, plan)
    try:
        names = game.statistics(game.new_game(options, plan.players, plan.seed), ())
        stat_names: frozenset[str] | None = frozenset(names) | {SAFEGUARD_ENDINGS}
    except Exception:  # a game may read only finished states: its names are not checked then
        stat_names = None
    return _Variant(game, plan, options, max(0, game.max_decisions(options, plan.players)), stat_names)


def header_seed(path: Path) -> int:
    """The first seed of the run in an ``--out`` file (for ``--resume`` without ``--seed``)."""
    fd = open_regular(path, limit=1 << 62, what=N_("results file"))
    with os.fdopen(fd, "rb") as fh:
        first = _header(fh.readline(HEADER_LIMIT + 1), path)
    try:
        return _whole(first["plans"][0]["seed"], N_("the seed"), 0, 1 << 63)
    except (_Refused, KeyError, IndexError, TypeError):
        raise _not_results(path) from None


def _header(line: bytes, path: Path) -> dict[str, Any]:
    try:
        if not line.endswith(b"\n"):
            raise ValueError
        first = json.loads(line)
    except (ValueError, RecursionError):
        raise _not_results(path) from None
    if not isinstance(first, dict) or first.get("format") != FORMAT:
        raise _not_results(path)
    return first


def _not_results(path: Path) -> OptionError:
    return OptionError(_("{path} is not a simulation results file").format(path=shown_path(path)))


def read_run(
    path: Path, head: Mapping[str, Any], game: Game[Any, Any], plans: Sequence[Plan]
) -> tuple[dict[tuple[int, int], GameResult], int]:
    """The results in a file of this run and the length of its complete lines.

    OptionError (one line) for another run, a line that is no result of this run, or a
    file that is not a regular file or is larger than the run's games can fill.
    """
    variants = [_variant(game, p) for p in plans]
    line_limit = max(v.line_limit for v in variants)
    limit = HEADER_LIMIT + (sum(p.games for p in plans) + 1) * (line_limit + 1)
    fd = open_regular(path, limit=limit, what=N_("results file"), beyond=N_("this run can fill"))
    with os.fdopen(fd, "rb") as fh:
        first = _header(fh.readline(HEADER_LIMIT + 1), path)
        if first != dict(head):
            differs = sorted(k for k in set(first) | set(head) if first.get(k) != head.get(k))
            said = _(
                "{path} holds a different run ({keys} differ); resume it with the same game, options, "
                "bots, seed and games, or choose another file"
            )
            raise OptionError(said.format(path=shown_path(path), keys=", ".join(differs)))
        good = fh.tell()
        done: dict[tuple[int, int], GameResult] = {}
        lines: dict[tuple[int, int], int] = {}
        number = 1
        while line := fh.readline(line_limit + 1):
            number += 1
            if good + len(line) > limit:  # the file grew while it was read
                said = _("{path} is larger than any file of this run")
                raise OptionError(said.format(path=shown_path(path)))
            if not line.endswith(b"\n"):
                if len(line) > line_limit:
                    raise _refusal(path, number, _("it is longer than any result of this run"))
                break  # the last line, cut short by a crash: dropped and played again
            try:
                variant, result = _result(line, variants)
                key = (variant, result.index)
                if key in lines:
                    said = _("it repeats game {game} (line {line})")
                    raise _Refused(said.format(game=result.index + 1, line=lines[key]))
            except _Refused as exc:
                raise _refusal(path, number, str(exc)) from None
            done[key] = result
            lines[key] = number
            good += len(line)
    return done, good


def _refusal(path: Path, number: int, why: str) -> OptionError:
    said = _(
        "{path} line {number} is no result of this run: {why}; nothing was played "
        "(remove that line to play its game again, or choose another file)"
    )
    return OptionError(said.format(path=shown_path(path), number=number, why=why))


def _result(line: bytes, variants: Sequence[_Variant]) -> tuple[int, GameResult]:
    """One line checked against the run: its variant and its result."""
    try:
        item = json.loads(line)
    except (ValueError, RecursionError):
        raise _Refused(_("it is not a JSON line")) from None
    if not isinstance(item, dict) or set(item) != FIELDS:
        raise _Refused(_("it is not a result line of a simulation"))
    v = _whole(item["variant"], N_("its variant"), 0, len(variants) - 1)
    variant = variants[v]
    plan = variant.plan
    index = _whole(item["index"], N_("its game number"), 0, plan.games - 1, shift=1)
    seed, lineup = plan.game_at(index)
    if type(item["seed"]) is not int or item["seed"] != seed:
        said = _("game {game} of this run is dealt from seed {seed}, not {value}")
        raise _Refused(said.format(game=index + 1, seed=seed, value=_short(item["seed"])))
    if item["lineup"] != list(lineup):
        said = _("game {game} of this run is played by {bots}")
        raise _Refused(said.format(game=index + 1, bots=", ".join(lineup)))
    _check_sizes(item, variant)
    first = variant.first_seat(seed)
    if item["first"] != first:
        said = _("game {game} of this run starts with player {player}, not {value}")
        raise _Refused(said.format(game=index + 1, player=first + 1, value=item["first"] + 1))
    return v, GameResult.from_data(item)


def _check_sizes(item: dict[str, Any], variant: _Variant) -> None:
    seats = variant.plan.players
    capped = item["capped"]
    if not isinstance(capped, bool):
        raise _Refused(_("'capped' is not true or false"))
    winners = _seats(item["winners"], N_("its winners"), seats)
    if capped and winners:
        raise _Refused(_("a game stopped at the decision cap has no winners"))
    scores = item["scores"]
    if not isinstance(scores, list) or len(scores) != seats:
        said = ngettext(
            "its scores are not {count} number, one a player",
            "its scores are not {count} numbers, one a player",
            seats,
        )
        raise _Refused(said.format(count=seats))
    for score in scores:
        _finite(score, N_("a score"))
    _whole(item["decisions"], N_("its decision count"), 0, variant.cap)
    _whole(item["first"], N_("the first player"), 0, seats - 1, shift=1)
    hands = item["hands"]
    if not isinstance(hands, list) or len(hands) > max(variant.cap, 1):
        raise _Refused(_("its hands are not a list of at most as many hands as the game allows decisions"))
    for hand in hands:
        if not isinstance(hand, list) or len(hand) != 3:
            raise _Refused(_("a hand is not [dealer, winners, losers]"))
        _whole(hand[0], N_("a hand's dealer"), 0, seats - 1, shift=1)
        _seats(hand[1], N_("a hand's winners"), seats)
        _seats(hand[2], N_("a hand's losers"), seats)
    stats = item["stats"]
    if not isinstance(stats, dict):
        raise _Refused(_("its statistics are not named numbers"))
    for value in stats.values():
        _finite(value, N_("a statistic"))
    expected = frozenset({SAFEGUARD_ENDINGS}) if capped else variant.stat_names
    if expected is not None and set(stats) != expected:
        raise _Refused(_("its statistics are not those of {game}").format(game=variant.plan.game))
    if item["lead_changes"] is not None:
        _whole(item["lead_changes"], N_("its count of lead changes"), 0, len(hands))
    for name, what in MEASURES.items():
        if item[name] is not None:
            _finite(item[name], what)


def _whole(value: Any, what: str, low: int, high: int, *, shift: int = 0) -> int:
    """``value`` as a whole number from ``low`` to ``high``; shown ``shift`` higher (1 for people).

    ``what`` (marked with N_) names the value where the message starts with it.
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise _Refused(_("{what} is not a whole number ({value})").format(what=_(what), value=_short(value)))
    if not low <= value <= high:
        said = _("{what} {value} is outside this run's {low} to {high}")
        raise _Refused(
            said.format(what=_(what), value=_short(value + shift), low=low + shift, high=high + shift)
        )
    return value


def _finite(value: Any, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise _Refused(_("{what} is not a finite number ({value})").format(what=_(what), value=_short(value)))
    return float(value)


def _seats(value: Any, what: str, seats: int) -> list[int]:
    """``value`` as a list of seats, each once; ``what`` (marked with N_, plural) names the list."""
    if not isinstance(value, list):
        raise _Refused(_("{what} are not a list of players").format(what=_(what)))
    for seat in value:
        if type(seat) is not int:
            raise _Refused(
                _("{what} are not player numbers ({value})").format(what=_(what), value=_short(seat))
            )
        if not 0 <= seat < seats:
            said = ngettext(
                "{what} name player {player}, but this run has {count} player",
                "{what} name player {player}, but this run has {count} players",
                seats,
            )
            raise _Refused(said.format(what=_(what), player=_short(seat + 1), count=seats))
    if len(set(value)) != len(value):
        raise _Refused(_("{what} name a player twice").format(what=_(what)))
    return value


def _short(value: Any) -> str:
    """A value as a short text for a message."""
    text = json.dumps(value) if not isinstance(value, int) or abs(value) < 10**30 else _("a huge number")
    return text if len(text) <= 40 else text[:37] + "..."
