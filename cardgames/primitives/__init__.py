"""Primitives: cards, decks, shuffles, tricks, piles and scores, with no game protocol."""
