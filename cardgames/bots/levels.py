"""Bots for people to play against: easy, medium, hard, and ``ismcts`` with its settings.

Every game gets them, built from what the game has: its heuristic bot if it names one
``heuristic``, else the random bot, and the generic search on top.

- ``easy``: the heuristic's move two times in three, a random legal move otherwise
  (random if the game has no heuristic);
- ``medium``: the game's heuristic (a small search if it has none);
- ``hard``: ISMCTS with a fixed iteration budget (so a seed replays the same game on any
  machine), playing out with the heuristic when there is one;
- ``ismcts:SETTING=VALUE:…``: the search with settings of one's own, such as
  ``ismcts:time=0.5`` or ``ismcts:iterations=400:rollout=random``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from cardgames.core.game import Bot, Game
from cardgames.primitives.errors import OptionError
from cardgames.primitives.language import FRAMEWORK, N_, grouped

_ = FRAMEWORK.gettext
ngettext = FRAMEWORK.ngettext

if TYPE_CHECKING:  # the search itself is imported when a bot that searches is built (start-up)
    from cardgames.bots.ismcts import Policy, Settings

LEVELS = ("easy", "medium", "hard")
SEARCH = "ismcts"
HEURISTIC = "heuristic"
HARD_ITERATIONS = 120
MEDIUM_ITERATIONS = 40  # for a game without a heuristic
MISTAKES = 1 / 3  # easy: the share of random moves
KEYS = frozenset(
    ("time", "iterations", "rollout", "c", "horizon", "bias", "width", "widen", "beliefs", "weigh")
)
GAME_KEYS = KEYS - {"time", "rollout"}
# the keys are typed as they are; their metavars are said in the language in force where shown (_)
SETTINGS_HELP = N_(
    "time=SECONDS, iterations=N, rollout=random|heuristic, c=EXPLORATION, horizon=MOVES, bias=B, width=N, "
    "widen=W, beliefs=0|1, weigh=N"
)


class Blundering:
    """Plays ``base``'s move, except for a random legal move with probability ``chance``."""

    def __init__(self, base: Bot, chance: float, rng: random.Random) -> None:
        self.base = base
        self.chance = chance
        self.rng = rng

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        """A random legal move now and then, else the base bot's."""
        if self.rng.random() < self.chance:
            return legal[self.rng.randrange(len(legal))]
        return self.base.choose(view, legal)


def _random(rng: random.Random) -> Bot:
    from cardgames.bots.lookup import RandomBot

    return RandomBot(rng)


def _heuristic(game: Game[Any, Any]) -> Callable[[random.Random], Bot] | None:
    return game.bots.get(HEURISTIC)


def describe(game: Game[Any, Any]) -> dict[str, str]:
    """The levels and the search, a line each in the language in force, for ``cardgames rules`` and help."""
    has = _heuristic(game) is not None
    small = ngettext(
        "a small search ({count} iteration)", "a small search ({count} iterations)", MEDIUM_ITERATIONS
    )
    if has:
        hard = _("information-set tree search, {budget}, played out by the heuristic")
    else:
        hard = _("information-set tree search, {budget}")
    return {
        "easy": _("the heuristic, with a random move one time in three") if has else _("random moves"),
        "medium": _("the game's heuristic") if has else small.format(count=grouped(MEDIUM_ITERATIONS)),
        "hard": hard.format(budget=_hard_budget(game)),
        SEARCH: _(
            "the same search with settings of your own, ismcts:KEY=VALUE:…, such as ismcts:time=0.5; "
            "the keys: {keys}"
        ).format(keys=_(SETTINGS_HELP)),
    }


def is_search_name(name: str) -> bool:
    """Whether ``name`` is a level or the search (with or without settings)."""
    key = name.strip().casefold()
    return key in LEVELS or key == SEARCH or key.startswith(SEARCH + ":")


def make_level(game: Game[Any, Any], name: str, rng: random.Random) -> Bot:
    """The bot a level or search name stands for; OptionError if its settings are wrong."""
    key = name.strip().casefold()
    heuristic = _heuristic(game)
    if key == "easy":
        if heuristic is None:
            return _random(rng)
        return Blundering(heuristic(random.Random(rng.getrandbits(64))), MISTAKES, rng)
    if key == "medium" and heuristic is not None:
        return heuristic(rng)
    from cardgames.bots.ismcts import IsmctsBot, Settings

    if key == "medium":
        return IsmctsBot(rng, Settings(iterations=MEDIUM_ITERATIONS))
    text = SEARCH if key == "hard" else key
    settings, policy = parse_search(game, text)
    by_players = {players: parse_search(game, text, players)[0] for players in _by_players(game)}
    return IsmctsBot(rng, settings, policy, {n: s for n, s in by_players.items() if s != settings})


def _by_players(game: Game[Any, Any]) -> Mapping[int, Mapping[str, float]]:
    own = getattr(game, "search_settings_by_players", None) or {}
    for players in own:
        if not isinstance(players, int) or isinstance(players, bool):
            raise OptionError(f"{game.name}'s search_settings_by_players: {players!r} is not a player count")
    return own


def game_defaults(game: Game[Any, Any], players: int | None = None) -> dict[str, str]:
    """The game's own search defaults (``Game.search_settings``), written as the ``ismcts:`` string's values.

    With ``players``, those of ``Game.search_settings_by_players`` for that many players win.
    Numbers only: a time budget (a seed would no longer replay ``hard``) and the rollout are not
    a game's to set.
    """
    tables = [("search_settings", dict(getattr(game, "search_settings", None) or {}))]
    if players is not None:
        tables.append(("search_settings_by_players", dict(_by_players(game).get(players, {}))))
    own: dict[str, float] = {}
    for where, table in tables:
        wrong = sorted(set(table) - GAME_KEYS)
        if wrong:
            allowed = ", ".join(sorted(GAME_KEYS))
            raise OptionError(f"{game.name}'s {where}: no setting {wrong[0]!r}; it may set {allowed}")
        own.update(table)
    return {key: str(value) for key, value in own.items()}


def _hard_budget(game: Game[Any, Any]) -> str:
    """Hard's iterations a move, as "120 iterations a move (700 with 2 players, 600 with 3)".

    A game that sets them for every table size it allows has no general figure to give:
    "700 iterations a move with 2 players, 600 with 3".
    """
    sizes = [
        (n, int(own["iterations"])) for n, own in sorted(_by_players(game).items()) if "iterations" in own
    ]

    def a_move(count: int) -> str:
        return ngettext("{count} iteration a move", "{count} iterations a move", count).format(
            count=grouped(count)
        )

    if not sizes:
        return a_move(hard_iterations(game))
    (n, first), *rest = sizes
    # TRANSLATORS: a table size's budget after the first: "750 with 3" (iterations with 3 players)
    each = _("{iterations} with {players}")
    others = "".join(", " + each.format(iterations=grouped(i), players=m) for m, i in rest)
    with_players = ngettext("{what} with {count} player", "{what} with {count} players", n)
    if {m for m, _n in sizes} >= set(range(game.min_players, game.max_players + 1)):
        return with_players.format(what=a_move(first), count=n) + others
    exceptions = with_players.format(what=grouped(first), count=n) + others
    # TRANSLATORS: the budget of most table sizes, then those of the sizes that differ: "120 iterations a
    # move (1,100 with 2 players, 850 with 3)"
    return _("{budget} ({exceptions})").format(budget=a_move(hard_iterations(game)), exceptions=exceptions)


def hard_iterations(game: Game[Any, Any]) -> int:
    """The iterations a move of ``hard`` searches in ``game``."""
    return int(game_defaults(game).get("iterations", HARD_ITERATIONS))


def parse_search(
    game: Game[Any, Any], name: str, players: int | None = None
) -> tuple[Settings, Policy | None]:
    """Read ``ismcts:time=0.5:iterations=300:rollout=random``; OptionError naming what is wrong.

    The game's own defaults fill the keys not given: with ``players``, those for that many players.
    """
    from cardgames.bots.ismcts import Settings

    head, *parts = name.strip().casefold().split(":")
    if head != SEARCH:  # a caller's mistake: only a name that reads as the search comes here
        raise OptionError(f"{name!r} is not a search bot; write {SEARCH}:{SETTINGS_HELP.split(',')[0]}")
    given: dict[str, str] = {}
    for part in parts:
        key, eq, value = (x.strip() for x in part.partition("="))
        if not eq or not key or not value:
            said = _("bot {name}: write each setting as key=value (time=0.5), not {part}")
            raise OptionError(said.format(name=repr(name), part=repr(part)))
        if key in given:
            raise OptionError(_("bot {name} sets {key} twice").format(name=repr(name), key=key))
        given[key] = value
    unknown = sorted(set(given) - KEYS)
    if unknown:
        said = _("bot {name}: no setting {key}; the settings are {settings}")
        raise OptionError(said.format(name=repr(name), key=repr(unknown[0]), settings=_(SETTINGS_HELP)))
    own = game_defaults(game, players)
    if "time" in given and "iterations" not in given:  # your own time budget: no game cap
        own.pop("iterations", None)
    given = {**own, **given}
    seconds = _number(name, "time", given, float, 0.001, 600.0)
    iterations = _number(name, "iterations", given, int, 1, 10_000_000)
    if seconds is None and iterations is None:
        iterations = HARD_ITERATIONS
    exploration = _number(name, "c", given, float, 0.0, 100.0)
    horizon = _number(name, "horizon", given, int, 0, 100_000)
    bias = _number(name, "bias", given, float, 0.0, 100.0)
    width = _number(name, "width", given, int, 2, 1000)
    widen = _number(name, "widen", given, float, 0.0, 1.0)
    beliefs = _number(name, "beliefs", given, int, 0, 1)
    weigh = _number(name, "weigh", given, int, 1, 1000)
    if weigh is not None and weigh > 1 and beliefs == 0:  # uniform worlds are never weighed
        said = _("bot {name}: weigh weighs plausible worlds; it does nothing with beliefs=0")
        raise OptionError(said.format(name=repr(name)))
    heuristic = _heuristic(game)
    rollout = given.get("rollout", HEURISTIC if heuristic is not None else "random")
    if rollout not in ("random", HEURISTIC):
        said = _("bot {name}: rollout is random or heuristic, not {rollout}")
        raise OptionError(said.format(name=repr(name), rollout=repr(rollout)))
    if rollout == HEURISTIC and heuristic is None:
        said = _("bot {name}: {game} has no heuristic bot; use rollout=random")
        raise OptionError(said.format(name=repr(name), game=game.name))
    defaults = Settings()
    settings = Settings(
        iterations=iterations,
        seconds=seconds,
        exploration=defaults.exploration if exploration is None else exploration,
        horizon=defaults.horizon if horizon is None else horizon,
        bias=defaults.bias if bias is None else bias,
        width=defaults.width if width is None else width,
        widen=defaults.widen if widen is None else widen,
        beliefs=defaults.beliefs if beliefs is None else bool(beliefs),
        weigh=defaults.weigh if weigh is None else weigh,
    )
    return settings, heuristic if rollout == HEURISTIC else None


def _number(
    name: str, key: str, given: Mapping[str, str], kind: type[int] | type[float], low: float, high: float
) -> Any:
    text = given.get(key)
    if text is None:
        return None
    try:
        value = kind(text)
    except ValueError:
        if kind is int:
            said = _("bot {name}: {key} must be a whole number, not {text}")
        else:
            said = _("bot {name}: {key} must be a number, not {text}")
        raise OptionError(said.format(name=repr(name), key=key, text=repr(text))) from None
    if not low <= value <= high:
        # TRANSLATORS: the bounds are written as the setting is typed (0.001, never 0,001)
        said = _("bot {name}: {key} must be from {low} to {high}, not {text}")
        raise OptionError(said.format(name=repr(name), key=key, low=f"{low:g}", high=f"{high:g}", text=text))
    return value
