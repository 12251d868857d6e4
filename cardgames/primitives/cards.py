"""Cards: suits, ranks, jokers and their notation."""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable

from attrs import frozen

from cardgames.primitives import cardwords
from cardgames.primitives.errors import ParseError
from cardgames.primitives.language import FRAMEWORK, language, reading_language

_ = FRAMEWORK.gettext
LINK = cardwords.LINK_WORDS


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

    @property
    def spoken(self) -> str:
        """The suit's name in the language in force: "hearts", "cuori", "черви"."""
        return cardwords.suit_name(self, language())

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

    @property
    def spoken(self) -> str:
        """The rank's name in the language in force: "queen", "donna", "дама", "7"."""
        return cardwords.rank_name(self, language())

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


def card_name(c: Card) -> str:
    """A card in words, in the language in force: "queen of hearts", "donna di cuori", "дама червей"."""
    return cardwords.card_name(c.rank, c.suit, language())


def format_card(c: Card, *, glyphs: bool = False) -> str:
    """Write a card as 'QH', '10S', 'JOKER' (or 'Q♥' with glyphs; the joker is 'JOKER' either way)."""
    if c.rank is None or c.suit is None:
        return "JOKER"
    return c.rank.symbol + (c.suit.glyph if glyphs else c.suit.letter)


def ascii_suit_letters() -> tuple[str, str, str, str]:
    """The letters of clubs, diamonds, hearts and spades a terminal without glyphs shows.

    They are the ones the player types back at the prompt in the language in force: the universal
    C D H S, unless the language reads one of them as another suit (Italian C is cuori), and then
    the language's own (Italian F Q C P: fiori, quadri, cuori, picche).
    """
    universal = ("c", "d", "h", "s")
    own = cardwords.suit_letters(language())
    clash = any(letter in universal and letter != meant for letter, meant in zip(own, universal, strict=True))
    return tuple(x.upper() for x in (own if clash else universal))  # type: ignore[return-value]


def shown_card(c: Card, *, ascii_only: bool = False) -> str:
    """A card as the terminal shows it: with its glyph, or in ASCII as the player types it (``7F``)."""
    if ascii_only and c.rank is not None and c.suit is not None:
        return c.rank.symbol + ascii_suit_letters()[c.suit]
    return format_card(c, glyphs=not ascii_only)


def card_markup(c: Card, *, ascii_only: bool = False) -> str:
    """Rich console markup for a card: red or default colour, glyph or letter (:func:`shown_card`)."""
    if c.rank is None or c.suit is None:
        return "[bold magenta]JOKER[/]"
    text = shown_card(c, ascii_only=ascii_only)
    return f"[bold red]{text}[/]" if c.suit.is_red else f"[bold]{text}[/]"


def format_cards(cards: Iterable[Card], *, glyphs: bool = False) -> str:
    """Space-separated card notation."""
    return " ".join(format_card(c, glyphs=glyphs) for c in cards)


def suit_forms() -> str:
    """How a suit is written, in the language in force."""
    c, d, h, s = cardwords.suit_letters(reading_language())
    names = "/".join(cardwords.suit_name(x, language()) for x in range(4))
    return _("{letters}, ♣ ♦ ♥ ♠, or {names}").format(letters=f"{c} {d} {h} {s}".upper(), names=names)


def card_forms() -> str:
    """How a card is written, in the language in force."""
    return _("rank then suit, as in {examples}, or 'joker'").format(
        examples=cardwords.EXAMPLES[reading_language()]
    )


# Emoji keyboards add a variation selector after a suit glyph (♥️); it carries no meaning.
_INVISIBLE = str.maketrans("", "", "\ufe0e\ufe0f")


def parse_suit(text: str) -> Suit:
    """Read a suit from a letter, glyph or word (the language in force's letters, every language's words)."""
    word = text.strip().casefold().translate(_INVISIBLE)
    try:
        return Suit(cardwords.suit_words(reading_language())[word])
    except KeyError:
        message = _("{text} is not a suit; write {forms}")
        raise ParseError(message.format(text=repr(text.strip()), forms=suit_forms())) from None


def is_suit(text: str) -> bool:
    """Whether ``text`` names a suit (as :func:`parse_suit` reads it)."""
    try:
        parse_suit(text)
    except ParseError:
        return False
    return True


def parse_rank(text: str) -> Rank:
    """Read a rank: 2-10, J, Q, K, A (or T for ten), a word, or the language in force's letters."""
    word = text.strip().casefold()
    try:
        return Rank(cardwords.rank_words(reading_language())[word])
    except KeyError:
        message = _("{text} is not a rank; write 2-10, J, Q, K or A")
        raise ParseError(message.format(text=repr(text.strip()))) from None


def parse_card(text: str) -> Card:
    """Read a card such as 'QH', '10s', 'q♥', '10 of spades', 'joker', or the language in force's forms.

    Italian: 'Fp', '7 quadri', 'fante di picche', 'jolly'; Russian: 'дп', 'Д♠', '10ч', 'Т♦', 'дама пик'
    (:mod:`cardgames.primitives.cardwords` says which words and letters are read).
    """
    raw = text.strip()
    parts = [p for p in raw.casefold().translate(_INVISIBLE).replace("-", " ").split() if p not in LINK]
    word = " ".join(parts)
    if word in cardwords.JOKER_WORDS:
        return JOKER
    if len(parts) == 1 and len(word) >= 2:
        parts = [word[:-1], word[-1]]
    ranks, suits = cardwords.rank_words(reading_language()), cardwords.suit_words(reading_language())
    if len(parts) != 2 or parts[0] not in ranks or parts[1] not in suits:
        message = _("{text} is not a card; write {forms}")
        raise ParseError(message.format(text=repr(raw), forms=card_forms()))
    return card(Rank(ranks[parts[0]]), Suit(suits[parts[1]]))


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
