"""A heuristic Dernier player: shed plain cards, keep specials for the moment they hurt.

It sees only its view and the legal actions (never the state), so it cannot cheat. Every
legal action gets a score, roughly in cards gained for itself, and the best one is played:

- shedding a card is worth one card, drawing costs one (or the whole pending penalty);
- playing a special gives up what holding it is worth (``Weights``: a joker most, then a
  jack, an ace, a queen, a king or seven; plain cards nothing), so plain cards go first
  and a jack only when no plain card matches;
- an effect is worth what it costs the player it hits (an ace or a draw5 joker: the
  penalty times the chance it is not answered; a queen: the skipped turn; a seven: one
  card to the previous player; a king: the threat moved away), weighted by how close
  that player is to going out, so aces, queens and sevens wait for a player under
  Dernier or close to it;
- the suit left in force should suit the rest of the hand (a jack or a draw5 joker names
  the suit it holds most of; a wild joker stands for whatever scores best);
- the last card must be playable: never keep only a joker (D-16), prefer leaving a card
  that matches what was just played, and with two players a queen followed by a
  matching last card goes out at once.

Decisions (the brief left them open): under a pending ace the bot always answers with an
ace if it has one (a draw5 joker otherwise), under a joker penalty with a joker; it
calls "Dernier!" exactly with its second-to-last card; it claims every anticipo unless
the claim would leave it holding only jokers; the ace penalty it expects is 3 in draw5
mode (the scala40 preset) and 2 otherwise, since the view does not carry the options; a
wild joker is worth two cards in hand, so it is played only when it hurts, saves the
last card or nothing else plays (head-to-head games measured that it pays to keep it).
The chance that an ace or joker is answered is estimated from the deck's share of aces
or jokers and the target's card count; the log is not read.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from typing import Any

from cardgames.games.dernier.reading import Table, Weights, follow_bonus, shed_by_rank
from cardgames.primitives.language import N_

DEFAULT = Weights()


@functools.cache
def weight_tables(weights: Weights) -> tuple[dict[int, float], tuple[float, ...], tuple[float, ...]]:
    """What holding and shedding a card is worth by rank, and the follow bonus: set by the weights alone."""
    keep = weights.keep_by_rank()
    return keep, shed_by_rank(keep), follow_bonus(weights)


class HeuristicBot:
    """Scores every legal action from the view alone and plays the best one."""

    # its line in ``cardgames rules``, said through Dernier's catalog (docs/plugin-guide.md#bots)
    summary = N_(
        "scores every move from what it sees and plays the best: plain cards first, "
        "specials kept for when they hurt"
    )
    reusable = True  # it draws only to break ties, never at a lone action; keeps nothing else (bots.kinds)

    def __init__(self, rng: random.Random, weights: Weights = DEFAULT) -> None:
        self.rng = rng
        self.weights = weights
        self._keep, self._shed, self._follow = weight_tables(weights)  # (shared: never written to)
        # one Table, re-read at each decision (what stays the same for the bot set once); a bot
        # decides one thing at a time, as its generator's draws already require
        self._table = Table(None, weights, self._keep, self._shed, self._follow)

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        """The best-scoring legal action (ties broken by the bot's own generator)."""
        if len(legal) == 1:
            return legal[0]
        table = self._table.read(view)
        if table.pending:  # (forced's first test, made here: most decisions have no penalty pending)
            forced = table.forced(legal)
            if forced is not None:
                return forced
        # a draw for every action, pruned or not (the same draws as ever); the first best wins
        scores = table.scores(legal, prune=True, noise=self.rng.random)
        return legal[scores.index(max(scores))]

    def shortlist(self, view: Any, legal: Sequence[Any], k: int) -> list[Any]:
        """The ``k`` best-scoring legal actions, best first (a search's root candidates)."""
        table = self._table.read(view)
        return sorted(legal, key=table.score, reverse=True)[:k]
