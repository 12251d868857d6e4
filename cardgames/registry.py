"""The plugin registry: games found through the ``cardgames.games`` entry-point group."""

from __future__ import annotations

import difflib
import importlib.metadata
import unicodedata
from collections.abc import Iterable

from attrs import define, field, frozen

from cardgames.errors import PluginError
from cardgames.game import Game

GROUP = "cardgames.games"


@frozen
class BrokenPlugin:
    """A plugin that could not be loaded, and why."""

    name: str
    target: str
    reason: str


def normalise(name: str) -> str:
    """Case- and accent-insensitive form of a game name ("Последний" stays Cyrillic)."""
    text = unicodedata.normalize("NFKC", name).strip().casefold()
    return text.replace("_", "-").replace(" ", "-")


def _check_plugin(obj: object) -> Game[object, object]:  # type: ignore[type-var]
    if isinstance(obj, type) and issubclass(obj, Game):
        obj = obj()
    if not isinstance(obj, Game):
        raise PluginError("it is not a cardgames Game subclass")
    for attr in (
        "id",
        "name",
        "min_players",
        "max_players",
        "default_players",
        "options_type",
        "action_types",
    ):
        if not hasattr(obj, attr):
            raise PluginError(f"it does not declare {attr}")
    if not 1 <= obj.min_players <= obj.default_players <= obj.max_players:
        raise PluginError("its player range is inconsistent")
    return obj


@define
class Registry:
    """Games by id and alias, plus the plugins that failed to load."""

    _games: dict[str, Game] = field(factory=dict)  # type: ignore[type-arg]
    _names: dict[str, str] = field(factory=dict)
    _broken: list[BrokenPlugin] = field(factory=list)
    # entry points found but not imported yet, by normalised name (see ``add_entry_points``)
    _pending: dict[str, importlib.metadata.EntryPoint] = field(factory=dict)

    @property
    def broken(self) -> list[BrokenPlugin]:
        """The plugins that failed to load (every noted plugin is loaded first)."""
        self.load_pending()
        return self._broken

    def register(self, game: object, *, source: str = "") -> Game:  # type: ignore[type-arg]
        """Add a game; refuse one whose id or an alias is already taken."""
        plugin = _check_plugin(game)
        keys = [normalise(plugin.id), normalise(plugin.name), *map(normalise, plugin.aliases)]
        for key in keys:
            owner = self._names.get(key)
            if owner is not None and owner != plugin.id:
                raise PluginError(f"the name {key!r} is already taken by the game {owner!r}")
        if plugin.id in self._games:
            raise PluginError(f"a game with id {plugin.id!r} is already registered")
        self._games[plugin.id] = plugin
        for key in keys:
            self._names[key] = plugin.id
        return plugin

    def games(self) -> list[Game]:  # type: ignore[type-arg]
        """The registered games, sorted by id."""
        self.load_pending()
        return [self._games[k] for k in sorted(self._games)]

    def find(self, name: str) -> Game:  # type: ignore[type-arg]
        """The game called ``name`` (its id, name or an alias); PluginError if none."""
        key = normalise(name)
        if key not in self._names and key in self._pending:  # asked by its entry point's name
            self.load_entry_points([self._pending.pop(key)])
        if key not in self._names:  # an alias, a typo or a broken plugin: every plugin is needed
            self.load_pending()
        if key in self._names:
            return self._games[self._names[key]]
        for bad in self._broken:
            if normalise(bad.name) == key:
                raise PluginError(f"the game {name!r} is installed but broken: {bad.reason}")
        close = difflib.get_close_matches(key, list(self._names), n=1)
        hint = f"; did you mean {self._names[close[0]]!r}?" if close else ""
        known = ", ".join(sorted(self._games)) or "none"
        raise PluginError(f"no game called {name!r}{hint} (installed: {known})")

    def load_entry_points(self, entry_points: Iterable[importlib.metadata.EntryPoint]) -> None:
        """Load plugins; one that fails is recorded in ``broken`` and breaks nothing else."""
        for ep in sorted(entry_points, key=lambda e: e.name):
            try:
                self.register(ep.load(), source=ep.value)
            except (Exception, SystemExit) as exc:  # a broken plugin must never break the others
                reason = " ".join(str(exc).split()) or type(exc).__name__
                self._broken.append(BrokenPlugin(ep.name, ep.value, f"{type(exc).__name__}: {reason}"))

    def add_entry_points(self, entry_points: Iterable[importlib.metadata.EntryPoint]) -> None:
        """Note plugins without importing them: one is loaded when asked for by its entry point's name
        (a game's id, for the built-in games), all of them for anything else (a list, an alias).

        Starting the program then imports only the game it plays, not every installed plugin.
        """
        for ep in entry_points:
            self._pending[normalise(ep.name)] = ep

    def load_pending(self) -> None:
        """Load every plugin noted but not loaded yet."""
        if self._pending:
            pending = list(self._pending.values())
            self._pending.clear()
            self.load_entry_points(pending)


_default: Registry | None = None


def default_registry() -> Registry:
    """The registry of installed plugins, loaded once."""
    global _default
    if _default is None:
        reg = Registry()
        reg.add_entry_points(importlib.metadata.entry_points(group=GROUP))
        _default = reg
    return _default


def find_game(name: str) -> Game:  # type: ignore[type-arg]
    """Look a game up among the installed plugins."""
    return default_registry().find(name)
