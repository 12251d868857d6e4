"""What a search counts as winning: rewards from 0 to 1 per seat, from a hand, a match or a guess.

A search looks no further than the end of the current hand (deal): the next hand is a
fresh deal, and the hand's result says who did well. So a playout ends when a hand ends
(scored by :func:`hand_rewards`), when the game ends (:func:`outcome_rewards`), or when it
has run long enough and the game's own ``GameState.evaluate`` guesses.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardgames.core.state import GameState, HandResult, Outcome


def spread(values: Sequence[float]) -> tuple[float, ...]:
    """Values scaled to 0 (the lowest) to 1 (the highest); all equal gives 0.5 each."""
    low, high = min(values), max(values)
    if high == low:
        return (0.5,) * len(values)
    return tuple((v - low) / (high - low) for v in values)


def hand_rewards(result: HandResult, players: int) -> tuple[float, ...]:
    """A finished hand: by the chips it moved if it moved any, else winners 1 and losers 0.

    The others count as winners when the hand names only losers (whoever took the last
    trick), as losers when it names only winners, and halfway when it names both.
    """
    if any(result.chips):
        return spread(result.chips)
    rest = 0.5 if result.winners and result.losers else 0.0 if result.winners else 1.0
    if not result.winners and not result.losers:
        rest = 0.5
    return tuple(
        1.0 if seat in result.winners else 0.0 if seat in result.losers else rest for seat in range(players)
    )


def outcome_rewards(outcome: Outcome, players: int) -> tuple[float, ...]:
    """A finished game: the winners 1, everyone else 0 (0.5 each if nobody won)."""
    if not outcome.winners:
        return (0.5,) * players
    return tuple(1.0 if seat in outcome.winners else 0.0 for seat in range(players))


def rewards(state: GameState, hands_before: int) -> tuple[float, ...]:
    """The rewards of a playout that stopped in ``state`` (``hands_before`` hands were over at its root)."""
    results = state.hand_results()
    if len(results) > hands_before:
        return hand_rewards(results[hands_before], state.players)
    outcome = state.outcome()
    if outcome is not None:
        return outcome_rewards(outcome, state.players)
    guess = tuple(float(v) for v in state.evaluate())
    if len(guess) != state.players or not all(0.0 <= v <= 1.0 for v in guess):
        raise ValueError(f"evaluate() must give one value from 0 to 1 per seat, not {guess}")
    return guess
