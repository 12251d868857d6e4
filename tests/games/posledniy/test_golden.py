"""A golden transcript: one seeded game of Последний written out move by move.

Any change to the rules, the deal, the notation or the log shows up as a diff. After an
intended change, regenerate the file and review the diff before committing:

    python tests/games/posledniy/test_golden.py --regenerate
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from cardgames.games.posledniy import Posledniy
from cardgames.games.posledniy.options import PosledniyOptions

GOLDEN = Path(__file__).parent / "golden" / "posledniy_seed2026.txt"
SEED = 2026


def transcript() -> str:
    """Play the seeded game with seeded uniform choices and write every step."""
    game = Posledniy()
    options = PosledniyOptions(scoring="points", target=5, unit=5)
    state = game.new_game(options, 4, SEED)
    choices = random.Random(SEED)
    lines = [f"Последний, 4 players, seed {SEED}, options {options}"]
    shown = 0
    step = 0
    while True:
        log = state.view(0).log  # the public text of each entry: what every seat reads
        for entry in log[shown:]:
            who = "--" if entry.seat is None else f"P{entry.seat + 1}"
            lines.append(f"    {who} {entry.public_text}")
        shown = len(log)
        if state.is_over():
            break
        seat = state.to_act()
        assert seat is not None
        legal = state.legal_actions()
        action = legal[choices.randrange(len(legal))]
        step += 1
        hand = " ".join(str(c) for c in state.view(seat).hand)
        lines.append(f"{step:04d} P{seat + 1} [{len(legal)} legal] hand {hand}: {game.format_action(action)}")
        state.apply(action)
    for r in state.hand_results():
        head = f"deal {r.number}: dealer P{r.dealer + 1}, {r.summary}"
        lines.append(f"{head}, points {r.points}, chips {r.chips}")
    outcome = state.outcome()
    assert outcome is not None
    lines.append(f"outcome: winners {outcome.winners}, scores {outcome.scores}")
    return "\n".join(lines) + "\n"


def test_golden_transcript() -> None:
    """The seeded game plays exactly as recorded (regenerate: see the module docstring)."""
    expected = GOLDEN.read_text(encoding="utf-8")
    actual = transcript()
    if actual != expected:
        for i, (a, b) in enumerate(zip(actual.splitlines(), expected.splitlines(), strict=False)):
            assert a == b, f"line {i + 1} differs from {GOLDEN.name}"
    assert actual == expected


if __name__ == "__main__":
    if "--regenerate" in sys.argv:
        GOLDEN.write_text(transcript(), encoding="utf-8")
        print(f"wrote {GOLDEN}")
    else:
        print(transcript(), end="")
