"""How often the heuristic bots' exchange hands a sweep to the leader in Последний.

All seats are heuristic bots. Per deal it records who took all eight tricks, by place
relative to the dealer: the player at the dealer's right receives the last pass and leads
the first trick (P-5, P-6), so an exchange that passes high cards down the chain hands
that player the cards to sweep. Run::

    python benchmarks/sweeps_posledniy.py                 # 3 and 4 players, 600 deals each
    python benchmarks/sweeps_posledniy.py --deals 120 --players 4
"""

from __future__ import annotations

import argparse
import time

from cardgames.bots.lookup import bot_rng, make_bot
from cardgames.games.posledniy import Posledniy
from cardgames.games.posledniy.options import PosledniyOptions

PLACES = {3: ("dealer", "left", "right"), 4: ("dealer", "left", "across", "right")}


def simulate(players: int, deals: int, seed: int) -> dict[str, int]:
    """Deals played, and all-eight sweeps per place at the table (counted from the dealer, clockwise)."""
    game = Posledniy()
    options = PosledniyOptions(scoring="chips", stake=5, rounds=1)  # one deal per seat and game
    counts = {"deals": 0, **dict.fromkeys(PLACES[players], 0)}
    g = 0
    while counts["deals"] < deals:
        game_seed = seed + g
        g += 1
        bots = [make_bot(game, "heuristic", bot_rng(game_seed, s)) for s in range(players)]
        state = game.new_game(options, players, game_seed)
        while not state.is_over():
            seat = state.to_act()
            assert seat is not None
            state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
        for result in state.hand_results():
            if counts["deals"] == deals:
                break
            counts["deals"] += 1
            for winner in result.winners:  # only an all-eight taker wins a deal (P-8)
                counts[PLACES[players][(winner - result.dealer) % players]] += 1
    return counts


def main() -> None:
    """Run the simulation for each player count and print the sweep rates."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--deals", type=int, default=600, help="deals per player count (default 600)")
    parser.add_argument("--players", type=int, choices=(3, 4), action="append", help="3 or 4 (default both)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for players in args.players or (3, 4):
        start = time.perf_counter()
        counts = simulate(players, args.deals, args.seed)
        elapsed = time.perf_counter() - start
        n = counts["deals"]
        places = ", ".join(f"{place} {counts[place]} ({counts[place] / n:.1%})" for place in PLACES[players])
        print(f"{players} players, {n} deals, all eight tricks taken by: {places}  [{elapsed:.1f} s]")


if __name__ == "__main__":
    main()
