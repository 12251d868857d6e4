"""Bots every game gets: the random bot, the levels and the tree search."""
