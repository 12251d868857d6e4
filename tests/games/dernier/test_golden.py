"""Golden transcript: one seeded Dernier match written out move by move, compared on every run.

Any change to dealing, legal actions, effects, notation or log wording shows up as a diff.
When a change is intended, regenerate the file and review the diff::

    python tests/games/dernier/test_golden.py
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from dernier_helpers import GAME, opts

from cardgames.primitives.cards import format_cards

GOLDEN = Path(__file__).with_name("golden_dernier.txt")
SEED = 2069
PLAYERS = 3
OPTIONS = {"hands_to_win": 2, "anticipo": True, "play_after_draw": True, "turn_limit": 120}


def transcript() -> str:
    """Play the seeded match with seeded uniform random choices and write every step."""
    options = opts("quick", **OPTIONS)
    state = GAME.new_game(options, PLAYERS, SEED)
    choices = random.Random(SEED)
    lines = [f"# Dernier golden transcript: quick preset with {OPTIONS}, {PLAYERS} players, seed {SEED}"]
    shown = 0
    step = 0
    while True:
        log = state.view(0).log  # the public text of each entry: what every seat reads
        lines.extend(f"    | {entry.public_text}" for entry in log[shown:])
        shown = len(log)
        seat = state.to_act()
        if seat is None:
            break
        view = state.view(seat)
        legal = state.legal_actions()
        action = legal[choices.randrange(len(legal))]
        step += 1
        lines.append(
            f"{step:4d} P{seat + 1} [{format_cards(view.hand)}] top {view.top} "
            f"suit {view.suit_in_force} pending {view.pending_penalty} "
            f"counts {list(view.card_counts)} ({len(legal)} legal): {GAME.format_action(action)}"
        )
        state.apply(action)
    outcome = state.outcome()
    assert outcome is not None
    lines.append(f"outcome: winners {list(outcome.winners)} scores {list(outcome.scores)}: {outcome.summary}")
    lines.extend(f"result: {r.summary}" for r in state.hand_results())
    return "\n".join(lines) + "\n"


def test_golden_transcript_is_unchanged() -> None:
    expected = GOLDEN.read_text(encoding="utf-8")
    actual = transcript()
    assert actual == expected, (
        "the seeded match changed; if intended, run: python tests/games/dernier/test_golden.py"
    )


if __name__ == "__main__":
    GOLDEN.write_text(transcript(), encoding="utf-8")
    print(f"wrote {GOLDEN}", file=sys.stderr)
