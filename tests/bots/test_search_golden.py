"""The search's moves and statistics from fixed seeds, against a golden record.

A change made for speed (bots built once per search, tables cached, a compiled build)
must not change what the search plays: the same seed gives the same move, and every root
candidate the same worlds and the same mean reward, float for float. The record was
written by the code before such changes; after a change that is meant to alter play,
write it again with ``python tests/bots/test_search_golden.py`` and say why in the commit.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from cardgames.bots.ismcts import Search
from cardgames.bots.levels import parse_search
from cardgames.bots.lookup import decide, make_bot
from cardgames.bots.worlds import Worlds
from cardgames.play.start import build_options
from cardgames.plugins.registry import find_game

GOLDEN = Path(__file__).with_name("search_golden.json")
# (game, players, preset, bot, positions): hard as the game sets it, and a tree below the root
CASES = [
    ("dernier", 2, None, "ismcts", 4),
    ("dernier", 4, None, "ismcts", 4),
    ("dernier", 3, None, "ismcts:iterations=60:widen=1:horizon=20", 3),
    ("dernier", 2, None, "ismcts:iterations=40:rollout=random:beliefs=0", 2),
    ("posledniy", 3, "points", "ismcts", 3),
    ("posledniy", 4, "chips", "ismcts:iterations=60:widen=1", 3),
    ("posledniy", 4, "points", "ismcts:iterations=40:rollout=random", 2),
]


def searches(game_id: str, players: int, preset: str | None, bot: str, positions: int) -> list[Any]:
    """Each searched position's move and its candidates' (action, worlds, mean reward)."""
    game = find_game(game_id)
    options = build_options(game, preset, [])
    settings, policy = parse_search(game, bot, players)
    out: list[Any] = []
    seed = 0
    while len(out) < positions:
        seed += 1
        state = game.new_game(options, players, seed)
        bots = [make_bot(game, "heuristic", random.Random(s)) for s in range(players)]
        while not state.hand_results() and len(out) < positions:
            seat = state.to_act()
            assert seat is not None
            legal = list(state.legal_actions())
            if seat == 0 and len(legal) > 1:
                search = Search(settings, random.Random(len(out)), policy)
                move = search.run(Worlds(state, 0), state.view(0), legal)
                rows = [[repr(a), n, mean] for a, n, mean in search.report().actions]
                out.append({"move": repr(move), "candidates": rows})
            state.apply(decide(bots[seat], state, seat))
    return out


def _key(case: tuple[Any, ...]) -> str:
    return " ".join(map(str, case))


@pytest.mark.parametrize("case", CASES, ids=_key)
def test_the_same_seed_gives_the_same_moves_as_the_golden_record(case: tuple[Any, ...]) -> None:
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))[_key(case)]
    assert searches(*case) == golden


if __name__ == "__main__":  # write the record again (only for a change meant to alter play)
    record = {_key(case): searches(*case) for case in CASES}
    GOLDEN.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {GOLDEN} ({len(record)} cases)", file=sys.stderr)
