"""Typed moves: cards (``10h``, ``a♠``), hand positions (``3``) and ``pass 10h ah kd``."""

from __future__ import annotations

from cardgames.core.choosing import Pick, Picks
from cardgames.games.posledniy.actions import PassCards, PlayCard
from cardgames.games.posledniy.view import PosledniyView
from cardgames.primitives.cards import Card, format_card, hand_number, is_suit, parse_card
from cardgames.primitives.errors import IncompleteAction, ParseError

CARD_FORMS = "rank then suit, as in QH, 10s, q♥, 7♣"  # the 32-card deck has no joker
FORMS = (
    f"a card ({CARD_FORMS}) or its number in your hand as shown (1, 2, …); "
    "in the exchange the cards to pass, as in 'pass 10h ah kd' or 'pass 1 4 8' "
    "(or one at a time, as in 'pick 10h')"
)
_PASS_WORDS = frozenset({"pass", "give", "snos", "снос"})
_PICK_WORDS = frozenset({"pick"})
_PLAY_WORDS = frozenset({"play", "p"})


def _one(word: str, hand: tuple[Card, ...]) -> Card:
    number = hand_number(word)
    if number is not None:
        if not 1 <= number <= len(hand):
            raise ParseError(f"there is no card number {number}: your hand has cards 1 to {len(hand)}")
        return hand[number - 1]
    try:
        return parse_card(word)
    except ParseError:
        raise ParseError(f"{word!r} is not a card; write {FORMS}") from None


def parse(text: str, view: PosledniyView) -> Pick | Picks | PlayCard:
    """Read a typed move in the context of the player's view."""
    words = text.replace(",", " ").split()
    if not words:
        raise ParseError(f"nothing typed; write {FORMS}")
    head = words[0].casefold()
    if head in _PICK_WORDS:
        return _pick(words[1:], view)
    if head in _PASS_WORDS:
        if len(words) == 1 and not view.must_pass:
            raise ParseError(f"name the cards to pass, as in 'pass 10h ah kd'; write {FORMS}")
        return _pass(words[1:], view)
    if head in _PLAY_WORDS and len(words) > 1:
        words = words[1:]
    if view.phase == "exchange":
        return _pass(words, view)
    words = _join_of(words)
    if len(words) != 1:
        raise ParseError(f"play one card at a time; write {FORMS}")
    return PlayCard(_one(words[0], view.hand))


def _chosen(words: list[str], view: PosledniyView) -> tuple[Card, ...]:
    cards = tuple(_one(w, view.hand) for w in _join_of(words))
    if len(set(cards)) != len(cards):
        raise ParseError("a card can be passed only once")
    again = [c for c in cards if c in view.chosen]
    if again:
        raise ParseError(f"{format_card(again[0])} is set aside to pass already")
    if len(cards) > view.must_pass:
        left = f"{view.must_pass} more card{'s' * (view.must_pass != 1)}"
        raise ParseError(f"pass {left}, not {len(cards)}" if view.must_pass else "you pass no cards now")
    return cards


def _picks(cards: tuple[Card, ...]) -> Pick | Picks:
    return Pick(cards[0]) if len(cards) == 1 else Picks(tuple(Pick(c) for c in cards))


def _pick(words: list[str], view: PosledniyView) -> Pick | Picks:
    """``pick 10h``: some of the cards to pass, the rest chosen later."""
    if not words:
        raise ParseError(f"name the card to set aside, as in 'pick 10h'; write {FORMS}")
    return _picks(_chosen(words, view))


def _pass(words: list[str], view: PosledniyView) -> Pick | Picks:
    """``pass 10h ah kd``: the (rest of the) pass, chosen card by card (protocol 2's picks)."""
    cards = _chosen(words, view)
    missing = view.must_pass - len(cards)
    if missing > 0:  # ask for the rest rather than refuse a pass begun
        if cards:
            question = f"{missing} more to pass: which? (cards or their numbers)"
        else:
            count = f"{view.must_pass} card{'s' * (view.must_pass != 1)}"
            question = f"Which {count} do you pass to your left? (cards or their numbers)"
        raise IncompleteAction(question)
    return _picks(cards)


def _join_of(words: list[str]) -> list[str]:
    """Put '10 of hearts' and '10 h' back together as one card word."""
    out: list[str] = []
    i = 0
    while i < len(words):
        w = words[i]
        if i + 2 < len(words) and words[i + 1].casefold() == "of":
            out.append(f"{w} {words[i + 2]}")
            i += 3
            continue
        if hand_number(w) is None or i + 1 >= len(words) or not is_suit(words[i + 1]):
            out.append(w)
            i += 1
            continue
        out.append(w + words[i + 1])
        i += 2
    return out


def format_move(action: Pick | Picks | PassCards | PlayCard) -> str:
    """Write a move the way ``parse`` reads it (a whole PassCards of an old record as the pass it was)."""
    if isinstance(action, Pick):
        return f"pick {format_card(action.card)}"
    if isinstance(action, Picks):
        return "pass " + " ".join(format_card(p.card) for p in action.picks)
    if isinstance(action, PassCards):
        return "pass " + " ".join(format_card(c) for c in action.cards)
    return format_card(action.card)
