"""Deck builders: one generic "ranks × suits × copies + jokers" builder and the usual decks."""

from __future__ import annotations

from collections.abc import Iterable

from cardgames.primitives.cards import JOKER, Card, Rank, Suit, card

ALL_RANKS: tuple[Rank, ...] = tuple(Rank)
PIQUET_RANKS: tuple[Rank, ...] = tuple(r for r in Rank if r >= Rank.SEVEN)  # A to 7
SHORT_RANKS: tuple[Rank, ...] = tuple(r for r in Rank if r >= Rank.NINE)  # A to 9
RUSSIAN_RANKS: tuple[Rank, ...] = tuple(r for r in Rank if r >= Rank.SIX)  # A to 6


def build_deck(
    ranks: Iterable[Rank] = ALL_RANKS,
    suits: Iterable[Suit] = tuple(Suit),
    *,
    copies: int = 1,
    jokers: int = 0,
) -> list[Card]:
    """A new, ordered deck: every rank of every suit ``copies`` times, then the jokers."""
    if copies < 1:
        raise ValueError(f"a deck needs at least one copy of its cards, not {copies}")
    if jokers < 0:
        raise ValueError(f"a deck cannot have {jokers} jokers")
    ranks, suits = tuple(ranks), tuple(suits)
    one = [card(r, s) for s in suits for r in ranks]
    return one * copies + [JOKER] * jokers


def deck_52() -> list[Card]:
    """The French 52-card deck."""
    return build_deck()


def deck_36() -> list[Card]:
    """The 36-card deck, A K Q J 10 9 8 7 6 (Durak, Jass)."""
    return build_deck(RUSSIAN_RANKS)


def deck_32() -> list[Card]:
    """The 32-card piquet deck, A K Q J 10 9 8 7."""
    return build_deck(PIQUET_RANKS)


def deck_24() -> list[Card]:
    """The 24-card deck, A K Q J 10 9."""
    return build_deck(SHORT_RANKS)
