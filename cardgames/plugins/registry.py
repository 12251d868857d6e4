"""The plugin registry: games found through the ``cardgames.games`` entry-point group."""

from __future__ import annotations

import os
import unicodedata
from collections.abc import Iterable
from typing import TYPE_CHECKING

from attrs import define, field, frozen

from cardgames.core.game import PROTOCOL_VERSIONS, Game
from cardgames.plugins.guard import guarded
from cardgames.plugins.importing import import_quietly
from cardgames.primitives.errors import PluginError
from cardgames.primitives.language import FRAMEWORK
from cardgames.primitives.text import hidden_character, inert

if TYPE_CHECKING:
    from cardgames.plugins.discovery import PluginEntryPoint

_ = FRAMEWORK.gettext

GROUP = "cardgames.games"
# The distribution whose games are kept when a plugin claims one of their names.
HOME = "cardgames"
# Entry-point names (comma-separated) the user keeps when plugins claim the same game name.
PREFER_VARIABLE = "CARDGAMES_PREFER"


@frozen
class BrokenPlugin:
    """A plugin that could not be loaded, and why."""

    name: str
    target: str
    reason: str


def normalise(name: str) -> str:
    """Case- and accent-insensitive form of a game name (a Cyrillic name stays Cyrillic)."""
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
    version = getattr(obj, "protocol", 1)
    if type(version) is not int or version not in PROTOCOL_VERSIONS:
        known = " and ".join(map(str, PROTOCOL_VERSIONS))
        raise PluginError(
            f"it is written for game protocol version {inert(repr(version), 20)}; "
            f"this cardgames reads versions {known}"
        )
    for text in (obj.id, obj.name, *obj.aliases):  # names shown in every list: plain text only
        if not isinstance(text, str) or not 0 < len(text) <= 100 or hidden_character(text) is not None:
            raise PluginError(f"its id, name or alias {inert(repr(text), 60)} is not a plain name")
    return obj


@define
class Registry:
    """Games by id and alias, plus the plugins that failed to load."""

    _games: dict[str, Game] = field(factory=dict)  # type: ignore[type-arg]
    _names: dict[str, str] = field(factory=dict)
    _broken: list[BrokenPlugin] = field(factory=list)
    # entry points found but not imported yet, by normalised name (see ``add_entry_points``);
    # a list, so that two plugins under one name are loaded together and their conflict is seen
    _pending: dict[str, list[PluginEntryPoint]] = field(factory=dict)

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
        plugin = guarded(plugin)  # from here on every call into the plugin's code is guarded
        self._games[plugin.id] = plugin
        for key in keys:
            self._names[key] = plugin.id
        return plugin

    def names(self) -> list[str]:
        """The ids of the games registered and the names of entry points not imported yet, sorted.

        For help texts and errors that list the games: it imports no plugin (an entry point's
        name is its game's id by convention; a plugin that breaks it is still found by name).
        """
        pending = (ep.name for eps in self._pending.values() for ep in eps)
        return sorted({*self._games, *pending})

    def games(self) -> list[Game]:  # type: ignore[type-arg]
        """The registered games, sorted by id."""
        self.load_pending()
        return [self._games[k] for k in sorted(self._games)]

    def find(self, name: str) -> Game:  # type: ignore[type-arg]
        """The game called ``name`` (its id, name or an alias); PluginError if none."""
        key = normalise(name)
        if key not in self._names and key in self._pending:  # asked by its entry point's name
            self.load_entry_points(self._pending.pop(key))
        if key not in self._names:  # an alias, a typo or a broken plugin: every plugin is needed
            self.load_pending()
        if key in self._names:
            return self._games[self._names[key]]
        for bad in self._broken:
            if normalise(bad.name) == key:
                said = _(
                    "the game {name} is installed but broken: {reason}"
                )  # the reason as the plugin failed
                raise PluginError(said.format(name=repr(name), reason=bad.reason))
        import difflib  # for a mistake only (start-up)

        close = difflib.get_close_matches(key, list(self._names), n=1)
        known = ", ".join(sorted(self._games)) or _("none")
        if close:
            said = _("no game called {name}; did you mean {close}? (installed: {known})")
            raise PluginError(said.format(name=repr(name), close=repr(self._names[close[0]]), known=known))
        raise PluginError(
            _("no game called {name} (installed: {known})").format(name=repr(name), known=known)
        )

    def load_entry_points(self, entry_points: Iterable[PluginEntryPoint]) -> None:
        """Load plugins; one that fails is recorded in ``broken`` and breaks nothing else.

        Plugins that claim the same id, name or alias never replace one another silently:
        the game installed with cardgames itself is kept, or the one the user names in
        ``CARDGAMES_PREFER``; otherwise none of them is loaded. Each refusal is listed.
        """
        loaded: list[tuple[PluginEntryPoint, Game]] = []  # type: ignore[type-arg]
        for ep in sorted(entry_points, key=lambda e: e.name):
            try:
                loaded.append((ep, _check_plugin(import_quietly(ep))))
            except (Exception, SystemExit) as exc:  # a broken plugin must never break the others
                self._break(ep, exc)
        refused = _conflicts(loaded, _preferred())
        for ep, plugin in loaded:
            try:
                if (ep.name, ep.value) in refused:
                    raise PluginError(refused[ep.name, ep.value])
                self.register(plugin, source=ep.value)
            except (Exception, SystemExit) as exc:
                self._break(ep, exc)

    def add_entry_points(self, entry_points: Iterable[PluginEntryPoint]) -> None:
        """Note plugins without importing them: one is loaded when asked for by its entry point's name
        (a game's id, for the built-in games), all of them for anything else (a list, an alias).

        Starting the program then imports only the game it plays, not every installed plugin.
        """
        for ep in entry_points:
            self._pending.setdefault(normalise(ep.name), []).append(ep)

    def load_pending(self) -> None:
        """Load every plugin noted but not loaded yet (together, so that conflicts between them show)."""
        if self._pending:
            pending = [ep for eps in self._pending.values() for ep in eps]
            self._pending.clear()
            self.load_entry_points(pending)

    def _break(self, ep: PluginEntryPoint, exc: BaseException) -> None:
        reason = inert(" ".join(str(exc).split()) or type(exc).__name__, 300)
        self._broken.append(BrokenPlugin(inert(ep.name), inert(ep.value), f"{type(exc).__name__}: {reason}"))


def _keys(plugin: Game) -> set[str]:  # type: ignore[type-arg]
    return {normalise(plugin.id), normalise(plugin.name), *map(normalise, plugin.aliases)}


def _preferred() -> set[str]:
    return {p.strip() for p in os.environ.get(PREFER_VARIABLE, "").split(",") if p.strip()}


def _home(ep: PluginEntryPoint) -> bool:
    dist = getattr(ep, "dist", None)
    name = getattr(dist, "name", None) if dist is not None else None
    return isinstance(name, str) and normalise(name) == HOME


def _conflicts(
    loaded: list[tuple[PluginEntryPoint, Game]],  # type: ignore[type-arg]
    preferred: set[str],
) -> dict[tuple[str, str], str]:
    """Entry points (by name and target) refused because another plugin claims one of their names, and why.

    An entry point's own name is a claim too (the program finds a game by it): a plugin
    whose entry point bears another game's id claims that name, whatever its own game's id.
    Entry points with the same target are one plugin listed twice, not a conflict (the
    registry then refuses the second as already registered).
    """
    claims: dict[str, dict[str, list[PluginEntryPoint]]] = {}
    for ep, plugin in loaded:
        for key in _keys(plugin) | {normalise(ep.name)}:
            claims.setdefault(key, {}).setdefault(ep.value, []).append(ep)
    refused: dict[tuple[str, str], str] = {}
    for key, by_target in sorted(claims.items()):
        if len(by_target) < 2:
            continue
        groups = list(by_target.values())
        kept = [g for g in groups if any(ep.name in preferred for ep in g)] or [
            g for g in groups if any(_home(ep) for ep in g)
        ]
        names = ", ".join(g[0].name for g in groups)
        for group in groups:
            if len(kept) == 1 and group is kept[0]:
                continue
            if len(kept) == 1:
                keeper = kept[0][0].name
                why = f"chosen in {PREFER_VARIABLE}" if keeper in preferred else "installed with cardgames"
                reason = f"it claims the game name {key!r} of {keeper} ({why}), which is kept"
            else:
                reason = (
                    f"the plugins {names} all claim the game name {key!r}, so none of them is loaded; "
                    f"uninstall one, or keep one with {PREFER_VARIABLE}=NAME"
                )
            for ep in group:
                refused.setdefault((ep.name, ep.value), reason)
    return refused


_default: Registry | None = None


def default_registry() -> Registry:
    """The registry of installed plugins, loaded once."""
    global _default
    if _default is None:
        reg = Registry()
        from cardgames.plugins.discovery import entry_points

        reg.add_entry_points(entry_points(GROUP))
        _default = reg
    return _default


def installed_names(last: str = "or") -> str:
    """The installed games' ids as words ("hearts or spades"), read without importing any plugin."""
    names = default_registry().names()
    if not names:
        return "no game (none is installed)"
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} {last} {names[-1]}"


def find_game(name: str) -> Game:  # type: ignore[type-arg]
    """Look a game up among the installed plugins."""
    return default_registry().find(name)
