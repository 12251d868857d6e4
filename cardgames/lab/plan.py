"""What a simulation plays: a game, its options, the bots at the seats, and the seeds.

Game ``i`` of a plan is dealt from seed ``seed + i // len(lineups)`` and seated with
``lineups[i % len(lineups)]``: a simulation has one line-up, so game ``i`` has seed
``seed + i`` and is the game ``cardgames play GAME --seed`` plays with the same bots; an
arena plays every deal once per line-up (duplicate deals). The seed of a game depends on
nothing but the plan and the index, so results are the same on any backend.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from attrs import field, frozen

from cardgames.bots.levels import is_search_name
from cardgames.bots.lookup import bot_names, check_bot, is_reference
from cardgames.core.game import Game
from cardgames.core.options import options_as_dict
from cardgames.play.seats import default_bot
from cardgames.primitives.errors import OptionError
from cardgames.primitives.language import FRAMEWORK

_ = FRAMEWORK.gettext


def _tuple_of_tuples(value: Sequence[Sequence[str]]) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(x) for x in value)


@frozen
class Plan:
    """The games of one variant: options (as plain values), line-ups, first seed and deal count."""

    game: str
    options: Mapping[str, Any] = field(converter=dict)
    lineups: tuple[tuple[str, ...], ...] = field(converter=_tuple_of_tuples)
    seed: int
    deals: int
    # how, not what: the bots that choose from their views play in child processes
    # (--isolate-bots). A game is the same either way, so the --out header leaves it out.
    isolate: bool = field(default=False, kw_only=True)

    @property
    def games(self) -> int:
        """How many games the plan plays."""
        return self.deals * len(self.lineups)

    @property
    def players(self) -> int:
        """Seats at the table."""
        return len(self.lineups[0])

    def game_at(self, index: int) -> tuple[int, tuple[str, ...]]:
        """The seed and line-up of game ``index``."""
        deal, which = divmod(index, len(self.lineups))
        return self.seed + deal, self.lineups[which]

    def describe(self) -> dict[str, Any]:
        """The plan as plain data (the header of an ``--out`` file)."""
        return {
            "game": self.game,
            "options": dict(self.options),
            "lineups": [list(x) for x in self.lineups],
            "seed": self.seed,
            "deals": self.deals,
        }


def parse_bots(
    game: Game[Any, Any], spec: str | None, *, what: str = "--players", isolate: bool = False
) -> tuple[str, ...]:
    """Bots by seat from ``heuristic,random,bot`` or a seat count; only bots play simulations.

    ``bot`` (or a count) means the game's default bot, ``bot:NAME`` and ``NAME`` a named one;
    with ``isolate`` (``--isolate-bots``) ``module:factory`` names bot code from outside the game.
    """
    if spec is None or not spec.strip():
        return (default_bot(game),) * game.default_players
    text = spec.strip()
    if text.isdigit():
        count = int(text)
        if not game.min_players <= count <= game.max_players:
            said = _("{what} {count}: {game} is played by {low} to {high} players")
            raise OptionError(
                said.format(
                    what=what, count=text, game=game.name, low=game.min_players, high=game.max_players
                )
            )
        return (default_bot(game),) * count
    names = bot_names(game)
    out = []
    for raw in text.split(","):
        token = raw.strip().casefold()
        if not token:
            said = _("{what} {spec} has an empty name; separate bots with single commas")
            raise OptionError(said.format(what=what, spec=repr(spec)))
        token = token[4:].strip() if token.startswith("bot:") else token
        token = default_bot(game) if token == "bot" else token
        given = raw.strip()[4:].strip() if raw.strip().casefold().startswith("bot:") else raw.strip()
        if is_reference(given):  # a module's name keeps its case
            check_bot(game, given, isolate=isolate)
            token = given
        elif is_search_name(token):
            check_bot(game, token)  # a level, or search settings that must read (one line if not)
        elif token not in names:
            said = _(
                "{what}: {name} is not a bot of {game}; simulations seat bots only (choose from {names})"
            )
            raise OptionError(
                said.format(what=what, name=repr(raw.strip()), game=game.name, names=", ".join(names))
            )
        out.append(token)
    return tuple(out)


def simulation_plan(game: Game[Any, Any], options: Any, bots: Sequence[str], seed: int, games: int) -> Plan:
    """The plan of ``cardgames simulate``: one line-up, ``games`` seeds from ``seed``."""
    game.check(options, len(bots))
    if games < 1:
        raise OptionError(_("--games must be at least 1, not {games}").format(games=games))
    return Plan(game.id, options_as_dict(options), (tuple(bots),), seed, games)
