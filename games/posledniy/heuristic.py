"""A heuristic player for Последний: shed high cards, keep a low one for the last trick.

It sees only its view and the legal actions (never the state), so it cannot cheat.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from itertools import chain
from operator import attrgetter, is_
from typing import Any

from cardgames.core.choosing import Pick
from cardgames.games.posledniy.actions import PICK, PLAY
from cardgames.games.posledniy.view import PosledniyView
from cardgames.primitives.cards import CARDS, Card
from cardgames.primitives.decks import deck_24, deck_32
from cardgames.primitives.language import N_
from cardgames.primitives.tricks import winning_position

_DECKS = {4: frozenset(deck_32()), 3: frozenset(deck_24())}
# The bot works on card indices (suit * 13 + rank - 2) and sets of them as bit masks (bit i
# for card i): a decision compares cards hundreds of times, and a Card's rank, suit and even
# its hash are Python calls, an int's are not. So the same suit is the same ``i // 13`` and,
# within a suit, a higher rank a higher index; the cards of a suit above ``i`` are the bits
# between ``i`` and the suit's end.
_INDEX: dict[Card, int] = {c: i for i, c in enumerate(CARDS)}
_BY_ID: dict[int, int] = {id(c): i for i, c in enumerate(CARDS)}  # views hold the interned cards
_BIT_BY_ID: dict[int, int] = {id(c): 1 << i for i, c in enumerate(CARDS)}
_DECK_MASKS = {n: sum(1 << _INDEX[c] for c in deck) for n, deck in _DECKS.items()}
# From this many cards in hand (the last four tricks) the bot ducks a trick it follows when it
# can: measured on duplicate deals, ducking only trick 7 took the last trick more often.
DUCK_FROM = 4
_ABOVE = tuple(((1 << (12 - i % 13)) - 1) << (i + 1) for i in range(52))  # its suit's cards above card i
_CARDS_OF = attrgetter("cards")
_ACTION_INDEX = {id(a): i for table in (PLAY, PICK) for i, a in enumerate(table)}
_BIT = tuple(1 << i for i in range(52))
_ACTION_BIT = {id(a): 1 << i for table in (PLAY, PICK) for i, a in enumerate(table[:52])}
_SUITS = tuple(0x1FFF << (13 * s) for s in range(4))  # the cards of each suit, a mask


def rank(i: int) -> int:
    """The rank of card index ``i`` as a number (ace 14)."""
    return i % 13 + 2


def indices(cards: Sequence[Card]) -> list[int]:
    """The indices of these cards, in their order."""
    try:  # the interned cards, found by identity (no attrs hash)
        return list(map(_BY_ID.__getitem__, map(id, cards)))
    except KeyError:
        return [_INDEX[c] for c in cards]


def mask(cards: Iterable[Card]) -> int:
    """These (distinct) cards as a bit mask."""
    cards = tuple(cards)
    try:
        return sum(map(_BIT_BY_ID.__getitem__, map(id, cards)))
    except KeyError:
        return sum(1 << _INDEX[c] for c in set(cards))


def unseen(view: PosledniyView) -> int:
    """The cards this seat has not seen (neither in its hand nor played in this deal), a mask."""
    played = tuple(chain.from_iterable(map(_CARDS_OF, view.tricks)))
    try:  # the cards of a deal are distinct, so their bits add up to their mask
        seen = sum(map(_BIT_BY_ID.__getitem__, map(id, chain(view.hand, view.trick, played))))
    except KeyError:
        seen = mask(chain(view.hand, view.trick, played))
    return _DECK_MASKS[view.players] & ~seen


def higher_unseen(i: int, hidden: int) -> int:
    """How many unseen cards of the suit of card ``i`` beat it (``hidden``: a mask)."""
    return (hidden & _ABOVE[i]).bit_count()


def is_top(i: int, hidden: int) -> bool:
    """Whether no unseen card of its suit beats card ``i``."""
    return not hidden & _ABOVE[i]


def trick_best(trick: Sequence[int]) -> int | None:
    """The card winning the trick so far (no trumps: highest of the led suit)."""
    return trick[winning_position(trick)] if trick else None


def _raw(view: Any, name: str) -> Sequence[int]:
    """The card field ``name`` of a view as card indices.

    ``build_view`` keeps a view's card fields as the index tuples it got (``"_" + name``)
    until they are first read; the bot reads those and skips making and unmaking the
    cards. A view made from its fields (attrs' ``__init__``, ``evolve``) has none: its cards
    are read as cards.
    """
    raw: Sequence[int] | None = view.__dict__.get("_" + name)
    return raw if raw is not None else indices(getattr(view, name))


def _played(tricks: Sequence[Any]) -> int:
    """The cards of these finished tricks, a mask (the sum of their bits: a deal's cards are distinct)."""
    try:
        played = 0
        for trick in tricks:
            played += sum(map(_BIT_BY_ID.__getitem__, map(id, trick.cards)))
        return played
    except KeyError:
        return sum(map(_BIT.__getitem__, indices(tuple(chain.from_iterable(map(_CARDS_OF, tricks))))))


class HeuristicBot:
    """Passes high cards (no sure winners to the first leader, nor to anyone with four players),
    sheds high cards early, ducks the last tricks it follows, keeps a low card last."""

    # its line in ``cardgames rules``, said through Последний's catalog (docs/plugin-guide.md#bots)
    summary = N_(
        "passes and sheds high cards early, ducks the last tricks it follows, keeps a low card for the last"
    )
    reusable = True  # it never draws; what it keeps are caches of the views, checked at each use (bots.kinds)

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self._last_pass: tuple[tuple[Any, ...], int] = ((), 0)  # a pass's key and its cards (a mask)
        # the finished tricks of the last view and their cards: the next view of the same
        # deal has the same tricks, or these and more
        self._tricks: tuple[Sequence[Any], int] = ((), 0)

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        """Pick one of ``legal`` from what the view shows."""
        if not legal:
            raise ValueError("no legal action to choose from")
        if isinstance(legal[0], Pick):
            return self._pass(view, legal)
        return self._play(view, legal)

    # -- the exchange (P-5) --------------------------------------------------------------

    def _pass(self, view: PosledniyView, legal: Sequence[Any]) -> Any:
        """The next card of the pass it would make from the whole hand (picks, one card at a time)."""
        k = view.must_pass + len(_raw(view, "chosen"))
        hand = tuple(_raw(view, "hand"))
        # a pass is picked card by card from the same hand: the bot remembers its last pass
        key = (hand, k, view.players, view.seat, view.dealer)
        if self._last_pass[0] == key:
            chosen = self._last_pass[1]
        else:
            chosen = _pass_cards(view, hand, k)
            self._last_pass = (key, chosen)
        try:
            listed = sum(map(_ACTION_BIT.__getitem__, map(id, legal)))
        except KeyError:
            listed = sum(_BIT[_INDEX[a.card]] for a in set(legal))
        first = chosen & listed
        if first:
            return PICK[(first & -first).bit_length() - 1]  # its lowest listed card (interned)
        return legal[0]  # its pass was begun otherwise (a person's hint): complete it

    # -- the play (P-7, P-8) -------------------------------------------------------------

    def _play(self, view: PosledniyView, legal: Sequence[Any]) -> Any:
        if len(legal) == 1:
            return legal[0]
        try:  # the engine's interned actions: PLAY[i] is the listed action of card i
            cards = list(map(_ACTION_INDEX.__getitem__, map(id, legal)))
            listed = True
        except KeyError:
            cards = [_INDEX[a.card] for a in legal]
            listed = False
        # Shedding the highest cards first also plays for all eight tricks when every card
        # is a winner, so play needs no separate mode for a sweep.
        raw = view.__dict__  # build_view's index tuples, when the view has them (see _raw)
        hand = raw.get("_hand")
        if hand is None:
            hand = indices(view.hand)
        trick = raw.get("_trick")
        if trick is None:
            trick = indices(view.trick)
        if len(hand) > DUCK_FROM or not trick:  # no ducking
            low, high = min(cards), max(cards)
            if low // 13 == high // 13:
                # All of one suit: the highest is played. Within a suit a higher card has the
                # higher rank and no more unseen cards above it, and the keeper (below) is the
                # lowest card of its suit in the hand, so never the highest of two or more.
                return PLAY[high] if listed else legal[cards.index(high)]
        tricks = view.tricks
        known, played = self._tricks
        if tricks is not known:
            n = len(known)
            if n and n <= len(tricks) and all(map(is_, known, tricks)):
                played += _played(tricks[n:])
            else:
                played = _played(tricks)
            self._tricks = (tricks, played)
        bit = _BIT.__getitem__  # seen: the sum of the bits of distinct cards, as in unseen()
        hidden = _DECK_MASKS[view.players] & ~(played + sum(map(bit, hand)) + sum(map(bit, trick)))
        above = _ABOVE
        # the card most likely to lose the last trick: most unseen cards above it, then the lowest
        keeper, most = hand[0], -99
        for i in hand:  # higher_unseen, inlined: this loop runs in every playout
            key = (hidden & above[i]).bit_count() * 16 - i % 13
            if key > most:
                keeper, most = i, key
        if trick and len(hand) <= DUCK_FROM:
            best = trick[winning_position(trick)]
            suit = best // 13
            duck, most = -1, -1
            for i in cards:  # the highest card that loses to the trick, never the keeper
                if i != keeper and (i // 13 != suit or i < best) and i % 13 > most:
                    duck, most = i, i % 13
            if duck >= 0:  # duck: a late trick's winner leads the next, and trick 7's the last one
                return PLAY[duck] if listed else legal[cards.index(duck)]
        # the highest card (of equal ranks, the one fewest unseen cards beat), never the keeper
        play, most = cards[0], -99
        for i in cards:
            if i != keeper:
                key = (i % 13) * 16 - (hidden & above[i]).bit_count()
                if key > most:
                    play, most = i, key
        return PLAY[play] if listed else legal[cards.index(play)]


def _pass_cards(view: PosledniyView, hand: Sequence[int], k: int) -> int:
    """The ``k`` cards to pass from ``hand`` (indices), a mask."""
    held = 0
    for i in hand:
        held |= _BIT[i]
    hidden = _DECK_MASKS[view.players] & ~held
    suit_len = [(held & s).bit_count() for s in _SUITS]
    # highest first; of equal ranks the card of the shorter suit first
    by_height = sorted(hand, key=lambda i: (i % 13) * 16 - suit_len[i // 13], reverse=True)
    keep = by_height[: len(hand) - k]
    if _can_take_all(keep, hidden):  # going for all eight tricks: give away the lowest cards
        return _mask_of(by_height[len(hand) - k :])
    if view.players == 4 or (view.seat + 1) % view.players == (view.dealer - 1) % view.players:
        # with four players every pass is made so (fewer sweeps by the player across, no
        # more last tricks); with three the dealer's too took the last trick more often
        return _to_leader(by_height, held, k, hidden)
    return _mask_of(by_height[:k])  # the seed's advice: pass high cards, keep the low ones for the last trick


def _mask_of(cards: Iterable[int]) -> int:
    """These distinct card indices as a mask."""
    return sum(map(_BIT.__getitem__, cards))


def _to_leader(by_height: list[int], held: int, k: int, hidden: int) -> int:
    """The cards to pass to the player who leads first (P-6), a mask: high ones, but none that helps a sweep.

    The receiver leads every trick it takes, so each card it is given that nobody can
    beat is one more trick towards all eight (P-8). Best are the highest cards this player
    itself still beats with a card it keeps (a stopper), then high cards some unseen card
    beats, and only when there are too few of those the lowest cards.
    """
    chosen, n, free = 0, 0, held  # free: its cards not chosen yet
    for i in by_height:
        if n == k:
            return chosen
        if free & _ABOVE[i]:  # a card it keeps (so far) beats it
            chosen |= _BIT[i]
            free ^= _BIT[i]
            n += 1
    for i in by_height:
        if n == k:
            return chosen
        if hidden & _ABOVE[i] and not chosen & _BIT[i]:
            chosen |= _BIT[i]
            n += 1
    for i in reversed(by_height):
        if n == k:
            return chosen
        if not chosen & _BIT[i]:
            chosen |= _BIT[i]
            n += 1
    return chosen


def _can_take_all(hand: list[int], hidden: int) -> bool:
    """Whether every card is unbeatable and every suit is covered, so all tricks can be won."""
    if not hand:
        return False
    beaten, held = 0, 0
    for i in hand:
        beaten |= _ABOVE[i]
        held |= _BIT[i]
    if hidden & beaten:  # some unseen card beats one of them
        return False
    return all(held & s for s in _SUITS if hidden & s)
