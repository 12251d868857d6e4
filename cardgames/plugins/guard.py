"""The one boundary around a game plugin's code: whatever it raises becomes one clear line.

The registry hands out every game wrapped by :func:`guarded`: a subclass of the plugin's
own class (so its names, options and bots are its own) whose methods call the plugin's
and turn any exception that is not one of the framework's own errors into a
:class:`~cardgames.primitives.errors.PluginFailedError` ("the plugin X failed: …"), and whose states
check what the protocol promises: ``to_act`` is a seat or None, a seat that must act has
at least one legal action, a bot picks one of the legal actions. The framework's errors
(an illegal move, an unreadable one, a bad option) pass through unchanged.
"""

from __future__ import annotations

import contextlib
import functools
import inspect
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Self, TypeVar

from cardgames.bots.kinds import memoryless, reusable
from cardgames.core.game import Bot, Game
from cardgames.core.state import GameState, HandResult, Outcome, StateWrapper
from cardgames.primitives.cards import Card
from cardgames.primitives.errors import CardgamesError, PluginFailedError
from cardgames.primitives.text import inert

T = TypeVar("T")

_GUARDED_CLASSES: dict[type, type] = {}


def failure(plugin: str, where: str, exc: BaseException) -> PluginFailedError:
    """The one line said when a plugin's code fails."""
    return PluginFailedError(f"the plugin {plugin} failed in {where}: {_reason(exc)}")


def _reason(exc: BaseException) -> str:
    detail = " ".join(str(exc).split())[:300]
    return f"{type(exc).__name__}: {detail}" if detail else type(exc).__name__


def call(plugin: str, where: str, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``fn(*args)``, a plugin's code: the framework's errors pass, anything else is a PluginFailedError."""
    try:
        return fn(*args, **kwargs)
    except CardgamesError:
        raise
    except (Exception, SystemExit) as exc:  # a plugin's bug, not the player's mistake
        raise failure(plugin, where, exc) from exc


class GuardedState(StateWrapper):
    """A plugin's game state whose every call is guarded and checked against the protocol."""

    def __init__(self, plugin: str, inner: GameState) -> None:
        self._plugin = plugin
        self._inner = inner
        self._players = call(plugin, "players", lambda: inner.players)  # fixed for a game's life

    @property
    def inner(self) -> GameState:
        """The plugin's own state."""
        return self._inner

    @contextlib.contextmanager
    def guarding(self) -> Iterator[None]:
        """A search's worlds, the plugin's own states, played in one guard: a failure is one line.

        It cannot tell the plugin's code from the search's own, so the line names the search.
        """
        try:
            yield
        except CardgamesError:
            raise
        except (Exception, SystemExit) as exc:
            raise PluginFailedError(
                f"a search in the plugin {self._plugin}'s game failed: {_reason(exc)}"
            ) from exc

    def _call(self, where: str, fn: Callable[..., T], *args: Any) -> T:
        return call(self._plugin, where, fn, *args)

    # The calls made at every decision catch in line (a try costs nothing until it raises).

    @property
    def players(self) -> int:
        """How many seats there are."""
        return self._players

    def to_act(self) -> int | None:
        """The seat to act, checked to be a seat of this game."""
        try:
            seat = self._inner.to_act()
        except CardgamesError:
            raise
        except (Exception, SystemExit) as exc:
            raise failure(self._plugin, "to_act", exc) from exc
        if seat is None or (type(seat) is int and 0 <= seat < self._players):
            return seat
        raise PluginFailedError(
            f"the plugin {self._plugin} failed: "
            f"to_act gave {inert(repr(seat), 40)}, not a seat of {self._players}"
        )

    def legal_actions(self) -> Sequence[Any]:
        """The legal actions, checked to be some when a seat must act."""
        try:
            legal = self._inner.legal_actions()
        except CardgamesError:
            raise
        except (Exception, SystemExit) as exc:
            raise failure(self._plugin, "legal_actions", exc) from exc
        if not legal and self.to_act() is not None:
            raise PluginFailedError(
                f"the plugin {self._plugin} failed: no legal action for the seat to act ({self.to_act()})"
            )
        return legal

    def to_decide(self) -> tuple[int, ...]:
        """The seats whose decision is awaited, checked to be seats of this game."""
        seats = self._call("to_decide", self._inner.to_decide)
        if not isinstance(seats, tuple) or not all(type(s) is int and 0 <= s < self._players for s in seats):
            raise PluginFailedError(
                f"the plugin {self._plugin} failed: to_decide gave {inert(repr(seats), 40)}, "
                f"not a tuple of seats of {self._players}"
            )
        return seats

    def simultaneous(self) -> bool:
        """Whether the seats of to_decide decide together now."""
        return bool(self._call("simultaneous", self._inner.simultaneous))

    def race(self) -> bool:
        """Whether the decision now is a race among the seats of to_decide."""
        return bool(self._call("race", self._inner.race))

    def race_pass(self, seat: int) -> Any:
        """The seat's pass in a race."""
        return self._call("race_pass", self._inner.race_pass, seat)

    def legal_actions_for(self, seat: int) -> Sequence[Any]:
        """The legal actions of one seat, checked to be some when that seat must decide."""
        if type(self._inner).legal_actions_for is GameState.legal_actions_for:  # protocol 1's meaning
            return self.legal_actions() if seat == self.to_act() else ()
        legal = self._call("legal_actions_for", self._inner.legal_actions_for, seat)
        if not legal and seat in self.to_decide():
            raise PluginFailedError(
                f"the plugin {self._plugin} failed: no legal action for seat {seat}, who decides"
            )
        return legal

    def apply(self, action: Any) -> None:
        """Apply an action (an IllegalActionError passes through unchanged)."""
        try:
            self._inner.apply(action)
        except CardgamesError:
            raise
        except (Exception, SystemExit) as exc:
            raise failure(self._plugin, "apply", exc) from exc

    def view(self, seat: int) -> Any:
        """What ``seat`` may know."""
        try:
            return self._inner.view(seat)
        except CardgamesError:
            raise
        except (Exception, SystemExit) as exc:
            raise failure(self._plugin, "view", exc) from exc

    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.to_act() is None

    def outcome(self) -> Outcome | None:
        """The outcome once the game is over."""
        return self._call("outcome", self._inner.outcome)

    def clone(self) -> Self:
        """An independent (guarded) copy."""
        return type(self)(self._plugin, self._call("clone", self._inner.clone))

    def all_cards(self) -> list[Card]:
        """Every card in every zone."""
        return self._call("all_cards", self._inner.all_cards)

    def determinize(self, seat: int, rng: random.Random) -> Self:
        """A (guarded) copy with the hidden cards dealt again."""
        return type(self)(self._plugin, self._call("determinize", self._inner.determinize, seat, rng))

    def hand_results(self) -> Sequence[HandResult]:
        """Results of the hands finished so far."""
        try:  # (in line, as to_act: a search asks at every move of a playout)
            return self._inner.hand_results()
        except CardgamesError:
            raise
        except (Exception, SystemExit) as exc:
            raise failure(self._plugin, "hand_results", exc) from exc

    def __eq__(self, other: object) -> bool:
        """Equality of the plugin's states."""
        return bool(self._inner == (other._inner if isinstance(other, GuardedState) else other))

    __hash__ = None  # type: ignore[assignment]

    def __getattr__(self, name: str) -> Any:
        # a game's own attributes (its hands, its piles) for code that knows the game
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self._inner, name)

    def __repr__(self) -> str:
        return f"guarded({self._inner!r})"


def _delegate(name: str) -> Callable[..., Any]:
    def method(self: GuardedState, *args: Any, **kwargs: Any) -> Any:
        return call(self._plugin, name, getattr(self._inner, name), *args, **kwargs)

    method.__name__ = name
    method.__doc__ = getattr(GameState, name).__doc__
    return method


# the protocol's other methods (with defaults in GameState, such as seat_draw) are the plugin's too
for _name, _value in list(vars(GameState).items()):
    if not _name.startswith("_") and inspect.isfunction(_value) and _name not in vars(GuardedState):
        setattr(GuardedState, _name, _delegate(_name))
GuardedState.__abstractmethods__ = frozenset()  # every method is now defined, delegated if not above


class GuardedBot:
    """A plugin's bot, guarded: an exception or a choice that is not legal is a PluginFailedError."""

    def __init__(self, plugin: str, name: str, inner: Bot) -> None:
        self.plugin = plugin
        self.name = name
        self.inner = inner
        # what the bot says of itself (reading it is the plugin's code too): a playout bot a search
        # may build once (bots.kinds), a bot a resumed game need not replay (bots.worlds.catch_up)
        self.reusable = call(plugin, f"its bot {name}", reusable, inner)
        self.memoryless = call(plugin, f"its bot {name}", memoryless, inner)

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        """The inner bot's choice, checked to be one of ``legal``."""
        action = call(self.plugin, f"its bot {self.name}", self.inner.choose, view, legal)
        if not _listed(action, legal):
            raise PluginFailedError(
                f"the plugin {self.plugin} failed: its bot {self.name} chose {action!r}, not a legal move"
            )
        return action


def _listed(action: Any, legal: Sequence[Any]) -> bool:
    """Whether ``action`` is one of ``legal``: by identity first (a bot mostly returns one of the list's
    own objects, and an equality test of actions is a Python call per action before it)."""
    for a in legal:
        if a is action:
            return True
    return action in legal


# What a bot's factory says of itself, kept on its guarded factory: ``cardgames rules`` shows its
# ``summary`` (said through the catalog of the module's package) or its docstring's first line
# (cardgames.bots.lookup.own_bot_line)
SAID_OF_ITSELF = ("__module__", "__name__", "__qualname__", "__doc__", "summary")


def _guarded_bots(plugin: str, bots: Mapping[str, Callable[[random.Random], Bot]]) -> dict[str, Any]:
    def factory(name: str, make: Callable[[random.Random], Bot]) -> Callable[[random.Random], Bot]:
        def made(rng: random.Random) -> Bot:
            return GuardedBot(plugin, name, call(plugin, f"making its bot {name}", make, rng))

        with contextlib.suppress(Exception):  # a factory that cannot be read says nothing of itself
            functools.update_wrapper(made, make, assigned=SAID_OF_ITSELF, updated=())
        return made

    return {name: factory(name, make) for name, make in bots.items()}


def _guarded_class(cls: type[Game[Any, Any]]) -> type[Game[Any, Any]]:
    """A subclass of the plugin's class whose methods are guarded calls of the plugin's."""
    made = _GUARDED_CLASSES.get(cls)
    if made is not None:
        return made
    plugin = str(getattr(cls, "id", cls.__name__))

    holder: list[type] = []  # the class made below, for super() in its methods

    def own(self: Game[Any, Any], name: str) -> Any:
        return getattr(super(holder[0], self), name)  # the plugin's (static, class or plain) method

    def wrap(name: str) -> Callable[..., Any]:
        def method(self: Game[Any, Any], *args: Any, **kwargs: Any) -> Any:
            return call(plugin, name, own(self, name), *args, **kwargs)

        method.__name__ = name
        method.__doc__ = getattr(cls, name).__doc__
        method.__wrapped__ = getattr(cls, name)  # type: ignore[attr-defined]  # its signature is the plugin's
        return method

    # every method of the protocol (check, parse_action, render, timeout_action, …), whatever it grows
    names = [n for n, v in vars(Game).items() if not n.startswith("_") and inspect.isfunction(v)]
    body: dict[str, Any] = {name: wrap(name) for name in names if name != "new_game"}

    def new_game(self: Game[Any, Any], options: Any, players: int, seed: int) -> GameState:
        return GuardedState(plugin, call(plugin, "new_game", own(self, "new_game"), options, players, seed))

    def reduce(self: Game[Any, Any]) -> Any:
        # pickled as the plugin's own game, guarded again when loaded (the class made here has no import path)
        plain = object.__new__(cls)
        plain.__dict__.update(self.__dict__)
        return (guarded, (plain,))

    def guard_state(self: Game[Any, Any], state: GameState) -> GameState:
        return GuardedState(plugin, state)

    body.update(
        __reduce__=reduce,
        new_game=new_game,
        guard_state=guard_state,
        bots=_guarded_bots(plugin, cls.bots),
        __module__=cls.__module__,
        __qualname__=cls.__qualname__,
        __doc__=cls.__doc__,
        guarded_plugin=cls,
    )
    made = type(cls.__name__, (cls,), body)
    holder.append(made)
    _GUARDED_CLASSES[cls] = made
    return made


def guarded(game: Game[Any, Any]) -> Game[Any, Any]:
    """``game`` with every call into the plugin's code guarded (the same object if it already is)."""
    if getattr(type(game), "guarded_plugin", None) is not None:
        return game
    try:
        cls = _guarded_class(type(game))
        copy = object.__new__(cls)
        copy.__dict__.update(getattr(game, "__dict__", {}))
    except (TypeError, AttributeError):  # a class that cannot be subclassed this way (slots, final)
        return game
    return copy
