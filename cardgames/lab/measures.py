"""CardStock-style measures of one game, read from the standings after each hand.

Definitions (also in docs/simulation.md). ``standings[h][s]`` is seat ``s``'s match
score after hand ``h + 1`` (higher is better, see ``Game.standings``); ``H`` is the number
of hands; the *leader* after a hand is the one seat with the highest score (none on a tie).

- **lead changes**: how many times the leader is a different seat from the previous leader
  (hands with a tie at the top do not count, and the first leader is not a change);
- **decisiveness**: if the winner leads from hand ``k`` to the end, ``(H - k + 1) / H``:
  1 when the winner led from the first hand, ``1/H`` when the last hand decided it;
- **drama**: the most seats that were ever ahead of the eventual winner, divided by
  ``players - 1``: 0 when the winner was never behind, 1 when it was once last.

Measures need a single winner and at least two hands; otherwise they are None.
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import frozen


@frozen
class Measures:
    """The three measures of one game (None where not meaningful)."""

    lead_changes: int | None
    decisiveness: float | None
    drama: float | None


NONE = Measures(None, None, None)


def leader(scores: Sequence[float]) -> int | None:
    """The one seat with the highest score, or None on a tie."""
    best = max(scores)
    top = [s for s, v in enumerate(scores) if v == best]
    return top[0] if len(top) == 1 else None


def measures(standings: Sequence[Sequence[float]], winners: Sequence[int]) -> Measures:
    """Lead changes, decisiveness and drama of a game with these standings and winners."""
    hands = len(standings)
    if hands < 2 or len(winners) != 1:
        return NONE
    winner = winners[0]
    leaders = [leader(s) for s in standings]
    changes = 0
    last: int | None = None
    for who in leaders:
        if who is None:
            continue
        if last is not None and who != last:
            changes += 1
        last = who
    decisiveness: float | None = None
    if leaders[-1] == winner:
        k = hands
        while k > 1 and leaders[k - 2] == winner:
            k -= 1
        decisiveness = (hands - k + 1) / hands
    players = len(standings[0])
    ahead = max(sum(1 for v in s if v > s[winner]) for s in standings)
    drama = ahead / (players - 1) if players > 1 else 0.0
    return Measures(changes, decisiveness, drama)
