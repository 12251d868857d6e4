"""Dernier move notation: what a player types, and how actions are written back."""

from __future__ import annotations

from typing import Any

from cardgames.games.dernier.actions import (
    DECLINE,
    DRAW,
    PASS,
    SLOW,
    Anticipo,
    Decline,
    Draw,
    Pass,
    Play,
    SlowPlay,
)
from cardgames.games.dernier.view import DernierView
from cardgames.primitives.cards import (
    JOKER,
    Card,
    Rank,
    Suit,
    format_card,
    hand_number,
    is_suit,
    parse_card,
    parse_rank,
    parse_suit,
)
from cardgames.primitives.cardwords import LINK_WORDS, NAMING_SUIT_WORDS, suit_letters
from cardgames.primitives.errors import IncompleteAction, ParseError
from cardgames.primitives.language import catalog, language, reading_language

_ = catalog("cardgames.games.dernier").gettext
ngettext = catalog("cardgames.games.dernier").ngettext

# The words of a move in every language; a single letter only in the language that means it (in
# Italian d is the donna and p picche, so draw and pass are written out: pesca, passo).
_DRAW_WORDS = {"en": {"d"}, "it": set(), "ru": {"б"}}
_PASS_WORDS = {"en": {"p"}, "it": set(), "ru": {"п"}}
_ANY_DRAW = {"draw", "take", "pesca", "pescare", "беру", "взять", "тяну"}
_ANY_PASS = {"pass", "passo", "пас", "пропуск"}
_YES_WORDS = {"anticipo", "yes", "y", "si", "sì", "claim", "да"}
_NO_WORDS = {"no", "n", "decline", "нет"}
_CALL_WORDS = {"dernier", "call", "дернье"}
_AS_WORDS = {"as", "for", "come", "per", "как", "за"}


def forms() -> str:
    """What a player may type, in the language in force."""
    return _(
        "write a card (7h, 10♠, k when you hold one king), its number in your hand, 'draw' or 'pass'; "
        "add '!' or 'dernier' to call Dernier!, a suit after a jack (jh s), 'joker as 7h' for a wild joker; "
        "'anticipo' or 'no' when offered an anticipo"
    )


def suit_question() -> IncompleteAction:
    """The question after a jack or a joker that names no suit, with the language's suit letters."""
    c, d, h, s = letters = suit_letters(reading_language())
    return IncompleteAction(
        _("Name the suit in force ({c}, {d}, {h} or {s})").format(c=c, d=d, h=h, s=s), letters
    )


def _draw_words() -> set[str]:
    return _ANY_DRAW | _DRAW_WORDS.get(reading_language(), set())


def _pass_words() -> set[str]:
    return _ANY_PASS | _PASS_WORDS.get(reading_language(), set())


def _fail(text: str) -> ParseError:
    return ParseError(_("cannot read {text}: {forms}").format(text=repr(text.strip()), forms=forms()))


def _split(text: str) -> tuple[list[str], bool]:
    """Lower-case tokens with the Dernier call removed, and whether it was made."""
    called = False
    tokens = []
    for raw in text.replace(",", " ").replace("=", " ").casefold().split():
        word = raw
        while word.endswith("!"):
            word = word[:-1]
            called = True
        if word in _CALL_WORDS:
            called = True
        elif word:
            tokens.append(word)
    return tokens, called


def _card_from(tokens: list[str], view: DernierView, text: str) -> tuple[Card, list[str]]:
    """The card the tokens start with (by name, by number or by rank alone) and the rest."""
    first = tokens[0]
    hand = view.hand
    pos = hand_number(first)
    written = _rank_and_suit(tokens)
    if written is not None and pos is not None:
        # "10 h", "9 of diamonds": a card, unless the number is a jack's place and the suit the one it names
        card, rest = written
        place = hand[pos - 1] if 1 <= pos <= len(hand) else None
        if card in hand or place is None or place.rank is not Rank.JACK or tokens[1] in LINK_WORDS:
            return card, rest
    if pos is not None:
        if not 1 <= pos <= len(hand):
            message = ngettext(
                "there is no card number {pos}: your hand has {n} card",
                "there is no card number {pos}: your hand has {n} cards",
                len(hand),
            )
            raise ParseError(message.format(pos=pos, n=len(hand)))
        return hand[pos - 1], tokens[1:]
    try:
        return parse_card(first), tokens[1:]
    except ParseError:
        pass
    try:
        rank = parse_rank(first)
    except ParseError:
        raise _fail(text) from None
    # "fante di picche", "jack of spades", "валет пик" name a card in full; "j s" is also the only
    # jack with the suit it names (the answer to the suit question follows the rank typed)
    full = (len(tokens) > 2 and tokens[1] in LINK_WORDS) or (
        len(tokens) > 1 and tokens[1] in NAMING_SUIT_WORDS
    )
    if len(tokens) > 2 and tokens[1] in LINK_WORDS:  # "fante di picche c", "jack of spades h"
        tokens = [first, *tokens[2:]]
    if len(tokens) > 1 and is_suit(tokens[1]):
        named = parse_card(f"{first} {tokens[1]}")
        held = {c for c in hand if c.rank == rank}
        if full and named not in held:  # never another card of that rank in its place
            raise ParseError(_("you have no {card}").format(card=format_card(named, glyphs=True)))
        if named in held or len(held) != 1:
            return named, tokens[2:]
    held_cards = sorted({c for c in hand if c.rank == rank}, key=lambda c: c.index)
    if len(held_cards) == 1:
        return held_cards[0], tokens[1:]
    if not held_cards:
        raise ParseError(_("you hold no {rank}; {forms}").format(rank=rank.spoken, forms=forms()))
    choices = ", ".join(format_card(c).casefold() for c in held_cards)
    raise ParseError(
        _("you hold more than one {rank}: write one of {cards}").format(rank=rank.spoken, cards=choices)
    )


def _rank_and_suit(tokens: list[str]) -> tuple[Card, list[str]] | None:
    """A card written as a number and a suit ("10 h", "9 of diamonds") and the rest, or None."""
    if len(tokens) >= 3 and tokens[1] in LINK_WORDS:
        text, rest = f"{tokens[0]} {tokens[2]}", tokens[3:]
    elif len(tokens) >= 2:
        text, rest = f"{tokens[0]} {tokens[1]}", tokens[2:]
    else:
        return None
    try:
        return parse_card(text), rest
    except ParseError:
        return None


def _suit_from(tokens: list[str], text: str) -> tuple[Suit | None, list[str]]:
    if tokens and is_suit(tokens[0]):
        return parse_suit(tokens[0]), tokens[1:]
    return None, tokens


def parse_action(text: str, view: DernierView) -> Any:
    """Read a typed move in the context of the player's view."""
    tokens, called = _split(text)
    if not tokens:
        if called:
            raise ParseError(_("say which card you play with Dernier!, as in '7h!'"))
        raise _fail(text)
    first = tokens[0]
    if view.phase == "anticipo" and view.offered is not None:
        if first in _NO_WORDS or first in _pass_words():
            return DECLINE
        if first in _YES_WORDS or first == format_card(view.offered).casefold():
            named, rest = _suit_from(tokens[1:], text)
            if rest:
                raise _fail(text)
            if view.offered.rank is Rank.JACK and named is None:
                raise suit_question()
            return Anticipo(called, named)
        raise ParseError(
            _("you are offered an anticipo on {card}: answer 'anticipo' or 'no'").format(
                card=format_card(view.offered)
            )
        )
    if len(tokens) == 1 and first in _draw_words():
        return DRAW
    if len(tokens) == 1 and first in _pass_words():
        return PASS
    if len(tokens) == 1 and first == "timeout":
        return SLOW
    if first == "play" and view.drawn is not None:
        tokens = [format_card(view.drawn).casefold(), *tokens[1:]]
    card, rest = _card_from(tokens, view, text)
    as_card: Card | None = None
    suit: Suit | None = None
    if card == JOKER:
        if view.joker_mode == "wild":
            if rest and rest[0] in _AS_WORDS:
                rest = rest[1:]
            if not rest:
                raise IncompleteAction(_("What card does the joker stand for? (as in 7h)"))
            as_card, rest = _card_from_any(rest, text)
            if as_card.rank is Rank.JACK:
                suit, rest = _suit_from(rest, text)
                if suit is None and not rest:
                    raise suit_question()
        else:
            suit, rest = _suit_from(rest, text)
            if suit is None and not rest:
                raise suit_question()
    elif card.rank is Rank.JACK:
        suit, rest = _suit_from(rest, text)
        if suit is None and len(rest) == 1:
            c, d, h, s = suit_letters(reading_language())
            raise ParseError(
                _("{word} is not a suit: after a jack name {c}, {d}, {h} or {s}, as in 'jh s'").format(
                    word=repr(rest[0]), c=c, d=d, h=h, s=s
                )
            )
        if suit is None and not rest:
            if view.hand == (card,):  # going out: the suit named matters to nobody, so do not ask
                suit = card.suit
            else:
                raise suit_question()
    if rest:
        raise _fail(text)
    return Play(card, called, suit, as_card)


def _card_from_any(tokens: list[str], text: str) -> tuple[Card, list[str]]:
    """A named card (not from the hand): 'qh' or 'q h'."""
    try:
        found = parse_card(tokens[0])
        if found != JOKER:
            return found, tokens[1:]
    except ParseError:
        pass
    if len(tokens) > 1:
        try:
            found = parse_card(f"{tokens[0]} {tokens[1]}")
            if found != JOKER:
                return found, tokens[2:]
        except ParseError:
            pass
    raise ParseError(
        _("cannot read {text}: a joker stands for a card such as 7h, as in 'joker as 7h'").format(
            text=repr(text.strip())
        )
    )


def format_action(action: Any) -> str:
    """Write an action the way parse_action reads it."""
    if isinstance(action, Play):
        out = format_card(action.card)
        if action.as_card is not None:
            out += f" as {format_card(action.as_card)}"
        if action.suit is not None:
            out += f" {action.suit.letter}"
        return out + ("!" if action.dernier else "")
    if isinstance(action, Anticipo):
        out = "anticipo"
        if action.suit is not None:
            out += f" {action.suit.letter}"
        return out + ("!" if action.dernier else "")
    if isinstance(action, Draw):
        return "draw"
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, Decline):
        return "no"
    if isinstance(action, SlowPlay):
        return "timeout"
    raise TypeError(f"not a Dernier action: {action!r}")


# The words each language writes in the list of moves (each one is read back in that language).
_TYPED_WORDS = {
    "it": {"draw": "pesca", "pass": "passo", "as": "come", "JOKER": "jolly"},
    "ru": {"draw": "беру", "pass": "пас", "no": "нет", "as": "как", "JOKER": "джокер"},
}


def typed_action(action: Any) -> str:
    """An action as a player types it in the language in force: suits as glyphs, the language's own words."""
    code = language()
    words = _TYPED_WORDS.get(code, {})
    if isinstance(action, (Play, Anticipo)):
        head = "anticipo"
        if isinstance(action, Play):
            head = format_card(action.card, glyphs=True)
            head = words.get(head, head)  # the joker's own word
            if action.as_card is not None:
                head += f" {words.get('as', 'as')} {format_card(action.as_card, glyphs=True)}"
        if action.suit is not None:
            head += f" {action.suit.glyph}"  # a glyph reads the same in every language
        return head + ("!" if action.dernier else "")
    text = format_action(action)
    return words.get(text, text)
