"""Declared utilities: what a game's outcome scores and hand results mean.

``Outcome.scores`` always counts higher as better, so that programs (bots, the lab's
arena, searches) can compare seats without knowing the game. What the numbers *are* is
the game's to declare with ``Game.utility(options)``: chips won or lost, hands won, or a
lowest-wins count such as card points, negated. The terminal's final table, the lab and
the ledger read the declaration instead of guessing from the numbers, and the
conformance kit checks every outcome against it (its sum and range, and that the winners
hold the best score).

A plugin that declares nothing gets :func:`default_utility`: chips when ``Game.zero_sum``
(scores that add up to zero), otherwise a plain "score", higher better, any range.
"""

from __future__ import annotations

from typing import Any, Literal

from attrs import frozen

Sum = Literal["zero", "constant", "general"]


@frozen
class Utility:
    """What ``Outcome.scores`` and ``HandResult`` winners and losers mean in one game (under its options)."""

    measure: str = "score"
    """What a score counts, in words for a table's column ("chips", "hands won", "card points")."""
    negated: bool = False
    """The scores are the measure negated (fewer is better): tables show ``-score`` of the measure."""
    chips: bool = False
    """The scores are chips won (+) or lost (-), so that a ledger may settle them."""
    sum: Sum = "general"
    """"zero": the scores add up to 0; "constant": to ``total``; "general": to anything."""
    total: int = 0
    """What the scores add up to when ``sum`` is "zero" (0) or "constant"."""
    low: int | None = None
    """The lowest score a seat can have (None: no bound)."""
    high: int | None = None
    """The highest score a seat can have (None: no bound)."""
    winners_best: bool = True
    """The outcome's winners are exactly the seats with the highest score."""
    hand_winners: str = "the seats that won the hand"
    """What ``HandResult.winners`` are, in words."""
    hand_losers: str = "the seats that lost the hand"
    """What ``HandResult.losers`` are, in words."""

    def shown(self, score: int) -> int:
        """A score as the measure counts it (the card points, not their negation)."""
        return -score if self.negated else score

    def text(self, score: int) -> str:
        """A score for a table: chips signed (+3, -2), other measures plain."""
        return f"{score:+d}" if self.chips else str(self.shown(score))

    def problem(self, scores: tuple[int, ...], winners: tuple[int, ...]) -> str | None:
        """Why an outcome breaks this declaration, or None."""
        if self.sum != "general" and sum(scores) != self.total:
            return f"the scores {list(scores)} add up to {sum(scores)}, not the declared {self.total}"
        for s in scores:
            if (self.low is not None and s < self.low) or (self.high is not None and s > self.high):
                return f"the score {s} is outside the declared range {self.low}..{self.high}"
        best = max(scores, default=0)
        if self.winners_best and set(winners) != {p for p, s in enumerate(scores) if s == best}:
            return f"the winners {list(winners)} are not the seats with the highest score in {list(scores)}"
        return None


def default_utility(game: Any) -> Utility:
    """The declaration of a game that makes none: chips if ``zero_sum``, else a plain score."""
    if getattr(game, "zero_sum", True):
        return Utility(measure="chips", chips=True, sum="zero", winners_best=False)
    return Utility(winners_best=False)


def utility_of(game: Any, options: Any) -> Utility:
    """The game's declared utility under ``options`` (the default for a plugin that declares none)."""
    declared = getattr(game, "utility", None)
    found = declared(options) if callable(declared) else None
    return found if isinstance(found, Utility) else default_utility(game)
