"""Play seeded games and print a digest of every state along the way (run by test_compiled_build.py).

Run once with the compiled build importable and once with the pure-Python sources: the two
outputs must be identical. Each step's digest covers what the protocol shows: to_act, the
legal actions, every seat's view (log included), the outcome, the hand results, every card
and the generator's state; every 9th step also a clone and two determinized copies (the
second made from what the engine remembers of the first, as a search's repeated calls are).
Then the search: the move, every root candidate's worlds and mean reward, and the margin of
``hard`` and of three variants of it (``SEARCHES``) from the first decisions of seat 0 in
heuristic games (the search, its playout bots and the views are compiled in the compiled build).
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from typing import Any

from cardgames.bots.ismcts import Search
from cardgames.bots.levels import SEARCH, parse_search
from cardgames.bots.lookup import decide, make_bot
from cardgames.bots.worlds import Worlds
from cardgames.core.game import Game
from cardgames.core.options import make_options
from cardgames.core.state import GameState
from cardgames.games.dernier import Dernier
from cardgames.games.dernier.options import PRESETS, DernierOptions
from cardgames.games.posledniy import Posledniy
from cardgames.games.posledniy.options import PosledniyOptions


def state_text(state: GameState) -> str:
    """Everything the protocol shows of a state, as text."""
    seats = range(state.players)
    parts = [
        repr(state.to_act()),
        repr(list(state.legal_actions())) if state.to_act() is not None else "",
        *(repr(state.view(s)) for s in seats),
        repr(state.outcome()),
        repr(list(state.hand_results())),
        repr(sorted(map(str, state.all_cards()))),
        repr(state.rng.getstate()),  # type: ignore[attr-defined]
    ]
    return "\n".join(parts)


def play(game: Game[Any, Any], options: Any, players: int, seed: int, limit: int) -> list[str]:
    """Digests of every state of one seeded game (random seats, one heuristic seat)."""
    state = game.new_game(options, players, seed)
    rng = random.Random(seed)
    heuristic = make_bot(game, "heuristic", random.Random(seed))
    out = []
    step = 0
    while state.to_act() is not None and step < limit:
        seat = state.to_act()
        legal = state.legal_actions()
        bot_move = heuristic.choose(state.view(seat), legal) if seat == 0 else None
        action = legal[rng.randrange(len(legal))] if bot_move is None else bot_move
        state.apply(action)
        step += 1
        text = state_text(state)
        if step % 9 == 0 and state.to_act() is not None:
            copy = state.clone()
            assert copy == state
            other = state.determinize(state.to_act(), random.Random(step))  # type: ignore[arg-type]
            again = state.determinize(state.to_act(), random.Random(step + 1))  # type: ignore[arg-type]
            text += "\n" + state_text(other) + "\n" + state_text(again)  # again: what the engine remembers
        out.append(hashlib.sha256(text.encode()).hexdigest()[:16])
    return out


# The searches compared: ``hard`` as each game sets it, then the same search with random playouts and
# uniform worlds (search_peers.py's like-for-like settings), weighed worlds, and no tree below the root.
SEARCHES = (SEARCH, f"{SEARCH}:rollout=random:beliefs=0", f"{SEARCH}:weigh=3", f"{SEARCH}:widen=0:horizon=12")


def searches(game: Game[Any, Any], options: Any, players: int, seed: int, positions: int) -> list[str]:
    """Digests of each search's move, root statistics and margin at seat 0's first decisions in a game."""
    state = game.new_game(options, players, seed)
    bots = [make_bot(game, "heuristic", random.Random(seed * 8 + s)) for s in range(players)]
    kinds = [parse_search(game, name, players) for name in SEARCHES]
    out: list[str] = []
    decisions = 0
    while state.to_act() is not None and not state.hand_results() and decisions < positions:
        seat = state.to_act()
        assert seat is not None
        legal = list(state.legal_actions())
        if seat == 0 and len(legal) > 1:
            for settings, policy in kinds:
                search = Search(settings, random.Random(decisions), policy)
                move = search.run(Worlds(state, 0), state.view(0), legal)
                text = repr((move, search.report().actions, search.margin(), search.iterations))
                out.append(hashlib.sha256(text.encode()).hexdigest()[:16])
            decisions += 1
        state.apply(decide(bots[seat], state, seat))
    return out


def main() -> None:
    """Print {game label: [digest, ...]} as JSON."""
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    dernier, posledniy = Dernier(), Posledniy()
    configs: list[tuple[str, Game[Any, Any], Any, int]] = []
    for preset, extra in (
        ("quick", {}),
        ("classic", {"anticipo": True}),
        ("scala40", {"play_after_draw": True, "starter_effects": True}),
        ("quick", {"scoring": "cards", "target_points": 20, "misplay": "forgiving"}),
    ):
        options = make_options(DernierOptions, PRESETS, preset, {"hands_to_win": 2, **extra})
        for players in (2, 4):
            configs.append((f"dernier {preset} {extra} {players}p", dernier, options, players))
    for options in (PosledniyOptions(), PosledniyOptions(scoring="chips", rounds=2)):
        for players in (3, 4):
            configs.append((f"posledniy {options.scoring} {players}p", posledniy, options, players))
    result = {
        f"{label} seed {seed}": play(game, options, players, seed, 3000)
        for label, game, options, players in configs
        for seed in range(games)
    }
    for game, options, players in (
        (dernier, make_options(DernierOptions, PRESETS, "quick", {"hands_to_win": 1}), 2),
        (dernier, make_options(DernierOptions, PRESETS, "quick", {"hands_to_win": 1}), 4),
        (dernier, make_options(DernierOptions, PRESETS, "scala40", {"hands_to_win": 1}), 3),  # draw5 jokers
        (posledniy, PosledniyOptions(), 3),
        (posledniy, PosledniyOptions(scoring="chips", rounds=1), 4),
    ):
        for seed in range(games):
            result[f"search {game.id} {players}p seed {seed}"] = searches(game, options, players, seed, 3)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
