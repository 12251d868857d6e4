"""The words for cards in each language the program speaks: to write them, and to read them.

Ranks are numbered as :class:`cardgames.primitives.cards.Rank` (2 … 10, 11 jack … 14 ace) and
suits as :class:`~cardgames.primitives.cards.Suit` (0 clubs, 1 diamonds, 2 hearts, 3 spades);
this module holds only words, so that the card module reads it without a circle.

What is read: the universal forms in every language (``QS``, ``Q♠``, ``10h``, ``queen of
spades``), every language's full words (``picche``, ``пики``, ``fante``, ``дама``: no word means
two things across the three), and the current language's own letters (Italian ``Fp``, Russian
``дп``, ``Т♦``). Where the current language's letter and an English one differ, the player's
language wins: in Italian ``c`` is cuori (hearts), and clubs are ``f`` (fiori) or ``♣``.
"""

from __future__ import annotations

import functools

JACK, QUEEN, KING, ACE = 11, 12, 13, 14
CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3

# The names of the face cards and of the suits, as they are written in a sentence.
_RANK_NAMES: dict[str, dict[int, str]] = {
    "en": {JACK: "jack", QUEEN: "queen", KING: "king", ACE: "ace"},
    "it": {JACK: "fante", QUEEN: "donna", KING: "re", ACE: "asso"},
    "ru": {JACK: "валет", QUEEN: "дама", KING: "король", ACE: "туз"},
}
_SUIT_NAMES: dict[str, tuple[str, str, str, str]] = {
    "en": ("clubs", "diamonds", "hearts", "spades"),
    "it": ("fiori", "quadri", "cuori", "picche"),
    "ru": ("трефы", "бубны", "черви", "пики"),
}
# Russian names a card with the suit in the genitive plural: дама пик, туз бубен, валет червей.
_RUSSIAN_GENITIVE = ("треф", "бубен", "червей", "пик")
# Suit words said only inside a card's name (дама пик): a rank before one names a card in full.
NAMING_SUIT_WORDS = frozenset(_RUSSIAN_GENITIVE)
JOKER_NAMES = {"en": "joker", "it": "jolly", "ru": "джокер"}

# Every language's words, read in every language (none means two things).
_RANK_WORDS: dict[str, int] = {
    "jack": JACK,
    "queen": QUEEN,
    "king": KING,
    "ace": ACE,
    "fante": JACK,
    "donna": QUEEN,
    "regina": QUEEN,
    "re": KING,
    "asso": ACE,
    "валет": JACK,
    "дама": QUEEN,
    "король": KING,
    "туз": ACE,
}
_SUIT_WORDS: dict[str, int] = {
    **dict.fromkeys(("clubs", "club", "fiori", "fiore", "трефы", "треф", "трефа", "крести"), CLUBS),
    **dict.fromkeys(("diamonds", "diamond", "quadri", "quadro", "бубны", "бубен", "бубна"), DIAMONDS),
    **dict.fromkeys(("hearts", "heart", "cuori", "cuore", "черви", "червы", "червей", "черва"), HEARTS),
    **dict.fromkeys(("spades", "spade", "picche", "picca", "пики", "пик", "пика"), SPADES),
}
JOKER_WORDS = frozenset({"joker", "jkr", "jk", "jolly", "джокер", "🃏", "*"})
# "queen of spades", "fante di picche" (Russian needs none: дама пик)
LINK_WORDS = frozenset({"of", "di"})

# Letters: the universal (English) ones, then each language's own on top of them.
_UNIVERSAL_RANKS = {"t": 10, "j": JACK, "q": QUEEN, "k": KING, "a": ACE, "1": ACE}
_UNIVERSAL_SUITS = {"c": CLUBS, "d": DIAMONDS, "h": HEARTS, "s": SPADES}
_GLYPHS = {
    **dict.fromkeys("♣♧", CLUBS),
    **dict.fromkeys("♦♢", DIAMONDS),
    **dict.fromkeys("♥♡", HEARTS),
    **dict.fromkeys("♠♤", SPADES),
}
_OWN_RANKS: dict[str, dict[str, int]] = {
    "en": {},
    "it": {"f": JACK, "d": QUEEN, "r": KING},
    "ru": {"в": JACK, "д": QUEEN, "к": KING, "т": ACE},
}
_OWN_SUITS: dict[str, dict[str, int]] = {
    "en": {},
    "it": {"f": CLUBS, "q": DIAMONDS, "c": HEARTS, "p": SPADES},
    "ru": {"т": CLUBS, "б": DIAMONDS, "ч": HEARTS, "п": SPADES},
}
# How each language writes a card in the help: its own letters first, then the universal ones.
EXAMPLES = {
    "en": "QH, 10s, q♥, 7♣, queen of spades",
    "it": "Dc, Fp, 10q, 7 quadri, fante di picche, Q♥",
    "ru": "дп, Д♠, 10ч, Т♦, дама пик, Q♥",
}


@functools.cache
def rank_words(code: str) -> dict[str, int]:
    """Every word or letter read as a rank in language ``code`` (case-folded)."""
    numbers = {str(n): n for n in range(2, 11)}
    return {**numbers, **_RANK_WORDS, **_UNIVERSAL_RANKS, **_OWN_RANKS.get(code, {})}


@functools.cache
def suit_words(code: str) -> dict[str, int]:
    """Every word, letter or glyph read as a suit in language ``code`` (case-folded)."""
    return {**_SUIT_WORDS, **_GLYPHS, **_UNIVERSAL_SUITS, **_OWN_SUITS.get(code, {})}


def suit_letters(code: str) -> tuple[str, str, str, str]:
    """The letters of clubs, diamonds, hearts and spades in language ``code`` ("c d h s", "f q c p")."""
    words = suit_words(code)
    return tuple(  # type: ignore[return-value]
        next(w for w in (*_OWN_SUITS.get(code, {}), *_UNIVERSAL_SUITS) if words[w] == s) for s in range(4)
    )


def rank_name(rank: int, code: str) -> str:
    """A rank as a word of ``code``: "donna", "туз", "7"."""
    return _RANK_NAMES.get(code, _RANK_NAMES["en"]).get(rank, str(rank))


def suit_name(suit: int, code: str) -> str:
    """A suit's name in ``code``, plural as it is said: "hearts", "cuori", "черви"."""
    return _SUIT_NAMES.get(code, _SUIT_NAMES["en"])[suit]


def card_name(rank: int | None, suit: int | None, code: str) -> str:
    """A card in words: "queen of hearts", "donna di cuori", "дама червей", "jolly"."""
    if rank is None or suit is None:
        return JOKER_NAMES.get(code, JOKER_NAMES["en"])
    if code == "ru":
        return f"{rank_name(rank, code)} {_RUSSIAN_GENITIVE[suit]}"
    link = "di" if code == "it" else "of"
    return f"{rank_name(rank, code)} {link} {suit_name(suit, code)}"
