"""A game in progress: the state a game plugin's ``new_game`` returns, and the values it hands out.

:class:`GameState` is one game in progress (mutable, owned by whoever plays it); the frozen
values around it say who decides (:class:`Choice`), how a game or a hand ended
(:class:`Outcome`, :class:`HandResult`) and what the log says (:class:`LogEntry`,
:class:`PrivateText`). The rules that make a state are in :mod:`cardgames.core.game`.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any, ClassVar, Self

from attrs import field, frozen
from attrs.converters import optional

from cardgames.primitives.cards import Card
from cardgames.primitives.language import Texts
from cardgames.primitives.said import Said, as_said, said_data, said_from_data

if TYPE_CHECKING:
    import cattrs

    from cardgames.core.zones import Zone
    from cardgames.primitives.copying import Fields
    from cardgames.primitives.seating import SeatDraw


@frozen
class Choice:
    """One seat's answer where several seats are asked (``GameState.simultaneous``, ``GameState.race``).

    At a simultaneous decision the state keeps it hidden from the other seats until every
    seat of the decision has chosen; in a race a claim is public and a pass is silence.
    Records keep it with its seat.
    """

    seat: int
    action: Any


@frozen
class Outcome:
    """How a finished game ended: who won and the final chip change of every seat."""

    winners: tuple[int, ...]
    """The seats that won the game: at least one, several on a tie."""
    scores: tuple[int, ...]
    """One number per seat, higher is better: the chips each seat won (+) or lost (-), or,
    in a game without chips, its own match score (where low totals win, negated, so that
    higher is still better). ``Game.utility`` declares which, their sum and range (the kit
    checks outcomes against it); with ``Game.zero_sum`` they add up to zero."""
    summary: Said = field(converter=as_said)
    """The ending, said in the reader's language (``cardgames.primitives.said``; a string is said as is)."""


@frozen
class LogEntry:
    """One event of the log, as the seat whose view holds it may read it: who (seat, or None) and what.

    What happened is data (:class:`cardgames.primitives.said.Said`: a catalog's message and its
    values), put into words in the reader's language when ``text`` is read; a plain string is
    said as it is. Most events read the same for everyone. An event some seats see in more
    detail (the cards of a face-down pass, for its giver and receiver; the card a player drew,
    for that player) carries in ``said`` what the view's own seat reads and in ``public_said``
    what every other seat and a spectator reads. A view never holds another seat's ``said``.
    """

    seat: int | None
    """The seat the event is about (who played, who drew), or None for the table (a deal)."""
    said: Said = field(converter=as_said)
    """The event as the view's seat may read it: it names no card that seat cannot know."""
    public_said: Said | None = field(default=None, converter=optional(as_said), alias="public")
    """What everyone else reads, where the view's seat reads more (None: ``said`` is public)."""

    @property
    def text(self) -> str:
        """The event in words, in the language in force, as the view's seat may read it."""
        return self.said.words()

    @property
    def public(self) -> str | None:
        """What everyone else reads, in words, where the view's seat reads more (else None)."""
        return None if self.public_said is None else self.public_said.words()

    @property
    def public_text(self) -> str:
        """The event as every player and a spectator may read it, in words: it names no hidden card."""
        return (self.said if self.public_said is None else self.public_said).words()

    @property
    def public_entry(self) -> LogEntry:
        """The entry as a spectator reads it."""
        return self if self.public_said is None else LogEntry(self.seat, self.public_said)


def _private(texts: Iterable[tuple[int, str | Said]]) -> tuple[tuple[int, Said], ...]:
    return tuple((seat, as_said(text)) for seat, text in texts)


@frozen
class PrivateText:
    """An event of a game's log that some seats read in more detail than the rest.

    A game whose log is an :class:`cardgames.core.eventlog.EventLog` may put a record into
    words as one of these: the log shown to seat s (``EventLog.words(write, s)``) then
    holds ``entry_for(s)``, and no seat ever sees another's private text.
    """

    seat: int | None
    """The seat the event is about, as in ``LogEntry.seat``."""
    public: Said = field(converter=as_said)
    """The event as everyone reads it (a pass of "3 cards face down")."""
    private: tuple[tuple[int, Said], ...] = field(converter=_private)
    """(seat, what) for every seat that reads more ("passes 7♥ 8♥ 9♥ to the left")."""

    def entry_for(self, observer: int | None) -> LogEntry:
        """The entry seat ``observer`` reads (None: a spectator, who reads the public text)."""
        for seat, text in self.private:
            if seat == observer:
                return LogEntry(self.seat, text, self.public)
        return LogEntry(self.seat, self.public)


def log_hooks(converter: cattrs.Converter) -> cattrs.Converter:
    """``converter`` taught the log's entries as data (``said_data``): views then serialise and come back."""
    converter.register_unstructure_hook(Said, said_data)
    converter.register_structure_hook(Said, lambda data, _: said_from_data(data))
    return converter


def public_log(log: Iterable[LogEntry]) -> tuple[LogEntry, ...]:
    """A view's log as a spectator may read it: every entry's public text (for a public observer)."""
    return tuple(e.public_entry for e in log)


@frozen
class HandResult:
    """The result of one hand (deal) of a match, for scoreboards and the ledger."""

    number: int
    """The hand's number in the match, from 1."""
    dealer: int
    """The seat that dealt it."""
    winners: tuple[int, ...]
    """The seats that won the hand by the game's rules; may be empty (a deal nobody wins).
    ``Game.utility(options).hand_winners`` says who they are in words."""
    losers: tuple[int, ...]
    """The seats that lost it; may be empty (``Game.utility(options).hand_losers`` says who).
    Where no chips change hands, ``Game.standings`` counts +1 for each hand won and -1 for
    each hand lost."""
    points: tuple[int, ...]
    """The points each seat scored in the hand, in the game's own unit (card points left,
    penalty points); the game's ``scoresheet`` says what they are and which way they count."""
    chips: tuple[int, ...]
    """The chips each seat won (+) or paid (-) in the hand; zeros in a game without chips.
    With ``Game.zero_sum`` they add up to zero."""
    summary: Said = field(converter=as_said)
    """The hand, said in the reader's language ("P2 wins; points left: …"; a string is said as is)."""


class GameState(ABC):
    """One game in progress. Mutable and owned by whoever plays it; views are frozen.

    Chance is drawn only from the state's own seeded generator, so the seed and the
    list of applied actions determine the state completely.

    A state may declare its fields once (``fields``, see :mod:`cardgames.primitives.copying`): it
    then gets ``clone`` and ``__eq__`` compiled from the declaration unless it writes them.
    """

    __slots__ = ()  # a subclass with __slots__ has no attribute dictionary, so no undeclared field

    fields: ClassVar[Fields | None] = None
    """The state's fields, each with how a copy gets it (``cardgames.primitives.copying.Fields``), or None."""
    zones: ClassVar[tuple[Zone, ...]] = ()
    """Where the state's cards lie and who sees them (``cardgames.core.zones``): declared, they give
    ``all_cards``, ``determinize`` and a ``view`` (with a ``log`` attribute of LogEntry/PrivateText)."""
    _seat_zone: ClassVar[tuple[str, ...]] = ()  # the path to the first zone every seat has, for players
    public_fields: ClassVar[tuple[str, ...]] = ()
    """The state's attributes that everyone may see, shown in the view derived from ``zones``."""
    public_seats: ClassVar[tuple[str, ...]] = ()
    """As ``public_fields``, attributes holding a seat (or seats): shown as players, never as numbers."""
    public_seat_words: ClassVar[Texts | None] = None
    """How the table says ``public_seats`` fields in a note on the seat ("attacker", "passes to Boris"):
    each field's text marked for the plugin's catalog, as
    ``Texts(catalog("mygame"), {"attacker": N_("attacker")})``; a field it leaves out is said by its name."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Find the zone that counts the seats; compile ``clone`` and ``__eq__`` from ``fields`` for a class
        declaring them that writes neither."""
        super().__init_subclass__(**kwargs)
        cls._seat_zone = next((tuple(z.name.split(".")) for z in cls.zones if z.per_seat), ())
        declared = cls.fields
        if declared is None:
            return
        for name in ("clone", "__eq__"):
            owner = next(k for k in cls.__mro__ if name in k.__dict__)
            if owner is GameState or getattr(owner.__dict__[name], "from_fields", False):
                made: Any = declared.clone_function(cls) if name == "clone" else declared.eq_function(cls)
                made.from_fields = True
                setattr(cls, name, made)
                if name == "__eq__":
                    cls.__hash__ = None  # type: ignore[assignment]  # mutable and compared by value

    @property
    def players(self) -> int:
        """How many seats there are (the default: how many lists the first zone every seat has holds)."""
        if not self._seat_zone:  # (found once per class: a game's rules may read this at every move)
            self._declared_zones("players")
            raise TypeError(f"{type(self).__name__} has no zone every seat has, so it must write players")
        value: Any = self
        for part in self._seat_zone:
            value = getattr(value, part)
        return len(value)

    @abstractmethod
    def to_act(self) -> int | None:
        """The seat that must decide now (also out of turn), or None when the game is over."""

    @abstractmethod
    def legal_actions(self) -> Sequence[Any]:
        """Every action the seat to act may take now, exactly."""

    @abstractmethod
    def apply(self, action: Any) -> None:
        """Apply an action of the seat to act.

        Raises IllegalActionError, leaving the state unchanged, when it is not allowed.
        A game may accept actions that legal_actions does not list (a misplay that its
        rules penalise, a timer's penalty); those are still deterministic.
        """

    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.to_act() is None

    def to_decide(self) -> tuple[int, ...]:
        """The seats whose decision is awaited now (protocol 2).

        The default is ``to_act()`` alone (none once the game is over). At a simultaneous
        decision it is every seat that has not chosen yet, ``to_act()`` among them.
        """
        seat = self.to_act()
        return () if seat is None else (seat,)

    def simultaneous(self) -> bool:
        """Whether the seats of ``to_decide()`` decide together now (protocol 2; default False).

        Then each seat's action is applied as ``apply(Choice(seat, action))``, in any order,
        and is hidden from the other seats until all are in; the order in which they arrive
        must not change the result (the kit checks both). A bare action is the choice of
        ``to_act()``, so code that knows only ``to_act`` still plays the game correctly.
        """
        return False

    def race(self) -> bool:
        """Whether the decision now is a race among the seats of ``to_decide()`` (protocol 2; default False).

        An open question: each seat asked answers as ``apply(Choice(seat, action))``. The first
        valid claim applied wins: the state moves on, and the others' questions close (or the
        race narrows to seats that may claim again). A seat's silence is its ``race_pass(seat)``,
        always legal; a pass takes the seat out of ``to_decide()`` and changes nothing any other
        seat sees (silence gives nothing away, I-2); once every seat has passed the race closes.
        ``to_act()`` stays the first seat of ``to_decide()`` and a bare action is its answer, so
        code that knows only ``to_act`` asks the seats in turn. ``cardgames.core.race`` settles
        answers gathered together; the conformance kit checks every promise here.
        """
        return False

    def race_pass(self, seat: int) -> Any:
        """``seat``'s pass in a race: the answer its silence gives (the game's own pass action)."""
        raise TypeError(f"{type(self).__name__} declares a race but writes no race_pass()")

    def legal_actions_for(self, seat: int) -> Sequence[Any]:
        """Every action ``seat`` may take now (protocol 2): its own at a simultaneous decision.

        The default is ``legal_actions()`` for the seat to act and nothing for any other.
        """
        return self.legal_actions() if seat == self.to_act() else ()

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """The outcome once the game is over, else None."""

    def view(self, seat: int) -> Any:
        """What ``seat`` may know: a frozen attrs value with no hidden information.

        It must have a field ``log: tuple[LogEntry, ...]`` of public events (the kit
        checks it). A field named exactly ``hand`` holding a tuple of cards is read as
        the seat's hand: the terminal then names the cards that came into it since the
        player's last move. Any other field is the game's own. The default, for a state
        that declares ``zones``, is the :class:`cardgames.core.zones.ZoneView` derived from them.
        """
        from cardgames.core.zones import zone_view

        zones = self._declared_zones("view")
        return zone_view(self, zones, seat, self.public_fields, self.public_seats, self.public_seat_words)

    def _declared_zones(self, member: str) -> tuple[Zone, ...]:
        if not self.zones:
            raise TypeError(f"{type(self).__name__} neither declares its zones nor writes {member}()")
        return self.zones

    def clone(self) -> Self:
        """An independent copy, generator included: compiled from ``fields``, or written by the game."""
        raise TypeError(f"{type(self).__name__} neither declares its fields nor writes clone()")

    def all_cards(self) -> list[Card]:
        """Every card in every zone (hands, piles, tricks), to check conservation; the default lists the
        declared ``zones`` in order, seat by seat."""
        from cardgames.core.zones import all_zone_cards

        return all_zone_cards(self, self._declared_zones("all_cards"))

    def determinize(self, seat: int, rng: random.Random) -> Self:
        """A copy in which everything hidden from ``seat`` is dealt again at random.

        The copy is consistent with what ``seat`` knows, so ``view(seat)`` must not
        change: the conformance kit uses this to prove that views do not leak. The default,
        for declared ``zones``, deals the cards hidden from ``seat`` again into the same places.
        """
        from cardgames.core.zones import redeal_hidden

        zones = self._declared_zones("determinize")
        other = self.clone()
        redeal_hidden(self, other, zones, seat, rng)
        return other

    def plausible_world(self, seat: int, rng: random.Random, weigh: int = 1) -> Self:
        """A ``determinize`` copy dealt as the others' play suggests (a search's worlds); here, uniformly.

        A game that can read more than hard facts from the log (a player who drew probably
        had nothing to play) deals the hidden cards by that; the copy keeps ``view(seat)``.
        ``weigh``: a game that can weigh a deal by how well it explains the others' plays keeps
        one of that many candidate deals by those weights (the search's ``weigh`` setting).
        """
        return self.determinize(seat, rng)

    def hand_results(self) -> Sequence[HandResult]:
        """Results of the hands (deals) finished so far."""
        return ()

    def last_hand(self) -> bool:
        """Make the hand in play the game's last, if the game can: True if it will end with it.

        A search's worlds look no further than the hand in play (``cardgames.bots.rewards``), so
        dealing the next hand is work thrown away. A game that can stop instead ends when the
        hand does (``to_act()`` None, the hand's result in ``hand_results()``) and says True; the
        search then need not count the hands at every move. Only a search's world is told this,
        so ``outcome()`` after such an end need not be a real one. The default cannot: False.
        """
        return False

    def evaluate(self) -> Sequence[float]:
        """How well each seat stands, from 0 to 1, for a search that stops before the hand ends.

        A guess, not a rule: the default knows nothing of the game and calls every seat
        even (0.5); a game that can tell who is ahead (fewer cards left, say) should say so.
        """
        return (0.5,) * self.players

    def seat_draw(self) -> SeatDraw | None:
        """The game's own draw for seats, when it decides where the players sit (else None).

        ``seating[s]`` is the player, counted in the order they were named, who sits at
        seat s; starting a table seats the named players so (``Table.start``).
        """
        return None

    def __eq__(self, other: object) -> bool:
        """Full equality, including the generator's state; replays are checked with it.

        Compiled from ``fields`` (every field but the derived ones), or written by the game;
        without either a state equals only itself, which the conformance kit refuses.
        """
        return self is other


class StateWrapper(GameState):
    """A state the framework wraps around a game's own (the registry's guard around a plugin's).

    ``inner`` is the game's own state; ``guarding()`` is a context in which whatever the game's
    code raises is said as the wrapper says it. A search plays its many worlds in the game's own
    states inside that context, one guard for the whole search rather than one per call.
    """

    __slots__ = ()

    @property
    @abstractmethod
    def inner(self) -> GameState:
        """The game's own state."""

    @abstractmethod
    def guarding(self) -> AbstractContextManager[None]:
        """A context that says a failure of the game's own code as the wrapper would."""
