"""Cards: suits, ranks, jokers and their notation."""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable

from attrs import frozen

from cardgames.primitives.errors import ParseError


class Suit(enum.IntEnum):
    """A French suit."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """The ASCII letter: C, D, H or S."""
        return "CDHS"[self]

    @property
    def glyph(self) -> str:
        """The suit symbol: ♣ ♦ ♥ ♠."""
        return "♣♦♥♠"[self]

    @property
    def is_red(self) -> bool:
        """Diamonds and hearts are red."""
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @property
    def english(self) -> str:
        """The suit's name in English, plural: "hearts"."""
        return self.name.lower()

    def __str__(self) -> str:
        return self.letter


class Rank(enum.IntEnum):
    """A rank; the value orders them with the ace high."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def symbol(self) -> str:
        """The short symbol: 2 … 10, J, Q, K, A."""
        return _RANK_SYMBOLS[self]

    @property
    def english(self) -> str:
        """The rank's name in English: "queen", "7"."""
        return self.name.lower() if self >= Rank.JACK else str(int(self))

    def __str__(self) -> str:
        return self.symbol


def with_article(word: str) -> str:
    """'a queen', 'an ace', 'an 8' (English reads the digit: eight)."""
    return ("an " if word[:1].casefold() in ("a", "e", "i", "o", "u", "8") or word == "11" else "a ") + word


_RANK_SYMBOLS = {r: (str(int(r)) if r <= Rank.TEN else r.name[0]) for r in Rank}


@frozen(order=False, cache_hash=True)
class Card:
    """One playing card; a joker has neither rank nor suit."""

    rank: Rank | None
    suit: Suit | None

    def __attrs_post_init__(self) -> None:
        if (self.rank is None) != (self.suit is None):
            raise ValueError("a card has both a rank and a suit, or neither (a joker)")

    @property
    def is_joker(self) -> bool:
        """Whether this card is a joker."""
        return self.rank is None

    @property
    def index(self) -> int:
        """A small integer per distinct card: 0-51 by suit then rank, 52 for the joker."""
        if self.rank is None or self.suit is None:
            return 52
        return self.suit * 13 + (self.rank - 2)

    def __str__(self) -> str:
        return format_card(self)

    def __repr__(self) -> str:
        return f"Card({format_card(self)})"


JOKER = Card(None, None)

# Every distinct card, interned: CARDS[index] is the card with that index.
CARDS: tuple[Card, ...] = (
    *(Card(rank, suit) for suit in Suit for rank in Rank),
    JOKER,
)


def card(rank: Rank, suit: Suit) -> Card:
    """The interned card of this rank and suit."""
    return CARDS[suit * 13 + (rank - 2)]


def sort_key(c: Card) -> tuple[int, int]:
    """Sort by suit, then rank, jokers last."""
    if c.rank is None or c.suit is None:
        return (4, 0)
    return (int(c.suit), int(c.rank))


def format_card(c: Card, *, glyphs: bool = False) -> str:
    """Write a card as 'QH', '10S', 'JOKER' (or 'Q♥' with glyphs; the joker is 'JOKER' either way)."""
    if c.rank is None or c.suit is None:
        return "JOKER"
    return c.rank.symbol + (c.suit.glyph if glyphs else c.suit.letter)


def card_markup(c: Card, *, ascii_only: bool = False) -> str:
    """Rich console markup for a card: red or default colour, glyph or letter."""
    if c.rank is None or c.suit is None:
        return "[bold magenta]JOKER[/]"
    text = format_card(c, glyphs=not ascii_only)
    return f"[bold red]{text}[/]" if c.suit.is_red else f"[bold]{text}[/]"


def format_cards(cards: Iterable[Card], *, glyphs: bool = False) -> str:
    """Space-separated card notation."""
    return " ".join(format_card(c, glyphs=glyphs) for c in cards)


_SUIT_WORDS: dict[str, Suit] = {
    "c": Suit.CLUBS,
    "♣": Suit.CLUBS,
    "♧": Suit.CLUBS,
    "clubs": Suit.CLUBS,
    "club": Suit.CLUBS,
    "d": Suit.DIAMONDS,
    "♦": Suit.DIAMONDS,
    "♢": Suit.DIAMONDS,
    "diamonds": Suit.DIAMONDS,
    "diamond": Suit.DIAMONDS,
    "h": Suit.HEARTS,
    "♥": Suit.HEARTS,
    "♡": Suit.HEARTS,
    "hearts": Suit.HEARTS,
    "heart": Suit.HEARTS,
    "s": Suit.SPADES,
    "♠": Suit.SPADES,
    "♤": Suit.SPADES,
    "spades": Suit.SPADES,
    "spade": Suit.SPADES,
}

_RANK_WORDS: dict[str, Rank] = {
    **{str(int(r)): r for r in Rank if r <= Rank.TEN},
    "t": Rank.TEN,
    "j": Rank.JACK,
    "jack": Rank.JACK,
    "q": Rank.QUEEN,
    "queen": Rank.QUEEN,
    "k": Rank.KING,
    "king": Rank.KING,
    "a": Rank.ACE,
    "ace": Rank.ACE,
    "1": Rank.ACE,
}

_JOKER_WORDS = frozenset({"joker", "jkr", "jk", "jolly", "🃏", "*"})

SUIT_FORMS = "C D H S, ♣ ♦ ♥ ♠, or clubs/diamonds/hearts/spades"
CARD_FORMS = "rank then suit, as in QH, 10s, q♥, 7♣, or 'joker'"


# Emoji keyboards add a variation selector after a suit glyph (♥️); it carries no meaning.
_INVISIBLE = str.maketrans("", "", "\ufe0e\ufe0f")


def parse_suit(text: str) -> Suit:
    """Read a suit from a letter, glyph or English word."""
    word = text.strip().casefold().translate(_INVISIBLE)
    try:
        return _SUIT_WORDS[word]
    except KeyError:
        raise ParseError(f"{text.strip()!r} is not a suit; write {SUIT_FORMS}") from None


def is_suit(text: str) -> bool:
    """Whether ``text`` names a suit (as :func:`parse_suit` reads it)."""
    try:
        parse_suit(text)
    except ParseError:
        return False
    return True


def parse_rank(text: str) -> Rank:
    """Read a rank: 2-10, J, Q, K, A (or T for ten)."""
    word = text.strip().casefold()
    try:
        return _RANK_WORDS[word]
    except KeyError:
        raise ParseError(f"{text.strip()!r} is not a rank; write 2-10, J, Q, K or A") from None


def parse_card(text: str) -> Card:
    """Read a card such as 'QH', '10s', 'q♥', '10 of spades' or 'joker'."""
    raw = text.strip()
    word = " ".join(raw.casefold().translate(_INVISIBLE).replace("-", " ").split()).replace(" of ", " ")
    if word in _JOKER_WORDS:
        return JOKER
    parts = word.split()
    if len(parts) == 2:
        rank_text, suit_text = parts
    elif len(parts) == 1 and len(word) >= 2:
        rank_text, suit_text = word[:-1], word[-1]
    else:
        raise ParseError(f"{raw!r} is not a card; write {CARD_FORMS}")
    if rank_text not in _RANK_WORDS or suit_text not in _SUIT_WORDS:
        raise ParseError(f"{raw!r} is not a card; write {CARD_FORMS}")
    return card(_RANK_WORDS[rank_text], _SUIT_WORDS[suit_text])


def hand_number(word: str) -> int | None:
    """The number written in ``word`` in ASCII digits (a card's place in a hand), or None.

    Other digits (``⑦``, ``²``, ``٣``) are no number here: ``str.isdigit`` accepts them but ``int``
    refuses some, and nobody types them for a place in a hand. Nor are more than 18 digits (``int``
    refuses over 4,300).
    """
    return int(word) if word.isascii() and word.isdigit() and len(word) <= 18 else None


def parse_cards(text: str) -> list[Card]:
    """Read cards separated by spaces or commas."""
    return [parse_card(t) for t in text.replace(",", " ").split()]


# A card in a text: a rank and a suit, as a letter (7H, 10S) or a glyph (7♥, 10♠).
_CARD = re.compile(r"(?<![\w-])(10|[2-9JQKA])([CDHS♣♦♥♠])(?![\w-])")
_RANKS = {r.symbol: r for r in Rank}
_SUITS = {**{s.letter: s for s in Suit}, **{s.glyph: s for s in Suit}}


def cards_named(text: str) -> set[Card]:
    """The cards (not jokers) a text names in the framework's notations."""
    out = set()
    for m in _CARD.finditer(text):
        rank = _RANKS.get(m[1])
        if rank is not None:
            out.add(Card(rank, _SUITS[m[2]]))
    return out
