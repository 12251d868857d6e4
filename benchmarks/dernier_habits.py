"""What the Dernier heuristic's plays say about its hand: how often each hint the search's worlds use holds.

Seeded heuristic games, one hand each; at every play made with a choice and no penalty
pending (not the card just drawn), the hand it was played from is compared with what the
worlds (games/dernier/beliefs.py) suppose:

- a special played (by rank, or a joker): how often a plain card that followed was held
  anyway (the worlds believe none was for jacks, kings and jokers);
- a jack: whether the suit it named is the one the rest of the hand holds most of, and
  that suit's share of the rest;
- a plain card of the rank in force that changes the suit: how often no plain card of the
  old suit is left, and the new and old suits' shares of the rest;
- a play that leaves one card ("Dernier!"): how often that last card follows the card just
  played (its suit or rank, or a joker), against the share of the stock that would;
- what a hand keeps: each special rank's share of the hands at their plays with a choice,
  against its share of the stock then (the cards nobody holds)::

    python benchmarks/dernier_habits.py -p 2 -n 200
"""

from __future__ import annotations

import argparse
import random
from collections import Counter

from cardgames.bots.lookup import decide, make_bot
from cardgames.games.dernier.actions import JACK, JOKER_INDEX, RANK_OF, SUIT_OF, Play, play_info
from cardgames.games.dernier.checks import matches
from cardgames.games.dernier.tables import PLAY_PHASE, SPECIAL_RANKS
from cardgames.play.start import build_options
from cardgames.plugins.registry import find_game

GAME = find_game("dernier")
NAMES = {7: "seven", 11: "jack", 12: "queen", 13: "king", 14: "ace"}


def _plain(c: int) -> bool:
    return c != JOKER_INDEX and RANK_OF[c] not in SPECIAL_RANKS


def _kind(c: int) -> str:
    return "joker" if c == JOKER_INDEX else NAMES.get(RANK_OF[c], "plain")


def _follows(c: int, named: int) -> int:
    """The cards (bit mask of indices, jokers too) that may follow ``c`` played (its suit named, if any)."""
    suit = named if named >= 0 else SUIT_OF[c] if c != JOKER_INDEX else -1
    rank = RANK_OF[c] if c != JOKER_INDEX else 0
    return sum(1 << x for x in range(52) if suit >= 0 and matches(x, suit, rank)) | 1 << JOKER_INDEX


def tally(players: int, deals: int, seed: int) -> Counter[str]:
    """The counts behind every figure, over ``deals`` seeded one-hand games."""
    options = build_options(GAME, None, ["hands_to_win=1"])
    n: Counter[str] = Counter()
    for deal in range(seed, seed + deals):
        state = GAME.new_game(options, players, deal)
        bots = [make_bot(GAME, "heuristic", random.Random(deal * 10 + s)) for s in range(players)]
        while not state.is_over():
            seat = state.to_act()
            assert seat is not None
            legal = state.legal_actions()
            action = decide(bots[seat], state, seat)
            if (
                type(action) is Play
                and len(legal) > 1
                and state.phase == PLAY_PHASE
                and not state.penalty.pending
            ):
                _, c, _, named, _ = play_info(action)
                hand = state.hand(seat)
                stock = state.stock
                for x in hand:
                    n[f"held {_kind(x)}"] += 1
                n["held"] += len(hand)
                for x in stock:
                    n[f"stock {_kind(x)}"] += 1
                n["stock"] += len(stock)
                if len(hand) == 2:
                    (last,) = [x for x in hand if x != c] or [c]
                    follows = _follows(c, named)
                    n["last card left"] += 1
                    n["last card: follows the card played"] += bool(follows >> last & 1)
                    n["last card: stock that follows"] += sum(follows >> x & 1 for x in stock)
                    n["last card: stock"] += len(stock)
                    if any(type(a) is Play and play_info(a)[1] == last for a in legal):
                        n["last card: either could be played"] += 1
                        n["last card: either, follows"] += bool(follows >> last & 1)
                suit, rank = state.suit, state.top_rank
                rest = list(hand)
                rest.remove(c)
                kind = "joker" if c == JOKER_INDEX else NAMES.get(RANK_OF[c], "plain")
                if kind != "plain":
                    n[f"{kind} played"] += 1
                    n[f"{kind}: a plain card followed"] += any(
                        _plain(x) and matches(x, suit, rank) for x in hand
                    )
                if kind == "jack":
                    counts = Counter(SUIT_OF[x] for x in rest if x != JOKER_INDEX and RANK_OF[x] != JACK)
                    n["jack: named the suit most held"] += counts.get(named, 0) == max(
                        counts.values(), default=0
                    )
                    n["jack: cards of the named suit left"] += counts.get(named, 0)
                    n["jack: cards left"] += len(rest)
                if kind == "plain":  # the rest's cards of the rank and suit played, and the stock's
                    n["plain: cards left"] += len(rest)
                    n["plain: same rank left"] += sum(
                        x != JOKER_INDEX and RANK_OF[x] == RANK_OF[c] for x in rest
                    )
                    n["plain: same suit left"] += sum(
                        x != JOKER_INDEX and SUIT_OF[x] == SUIT_OF[c] for x in rest
                    )
                    n["plain: stock"] += len(stock)
                    n["plain: stock of the rank"] += sum(
                        x != JOKER_INDEX and RANK_OF[x] == RANK_OF[c] for x in stock
                    )
                    n["plain: stock of the suit"] += sum(
                        x != JOKER_INDEX and SUIT_OF[x] == SUIT_OF[c] for x in stock
                    )
                if kind == "plain" and SUIT_OF[c] != suit:
                    n["suit changed"] += 1
                    n["suit changed: no plain card of the old suit left"] += not any(
                        _plain(x) and SUIT_OF[x] == suit for x in rest
                    )
                    n["suit changed: cards of the new suit left"] += sum(
                        x != JOKER_INDEX and SUIT_OF[x] == SUIT_OF[c] for x in rest
                    )
                    n["suit changed: cards of the old suit left"] += sum(
                        x != JOKER_INDEX and SUIT_OF[x] == suit for x in rest
                    )
                    n["suit changed: cards left"] += len(rest)
            state.apply(action)
    return n


def main() -> None:
    """Count, then print each hint's figure."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-p", "--players", type=int, default=2)
    parser.add_argument("-n", "--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    n = tally(args.players, args.deals, args.seed)
    print(f"{args.players} players, {args.deals} deals")
    for kind in ("jack", "king", "joker", "queen", "ace", "seven"):
        print(
            f"{kind} played {n[f'{kind} played']}: "
            f"a plain card followed in {n[f'{kind}: a plain card followed']}"
        )
    print(
        f"jack: named the suit the rest holds most of in {n['jack: named the suit most held']}"
        f" of {n['jack played']}; that suit is {n['jack: cards of the named suit left']}"
        f" of {n['jack: cards left']} cards left"
    )
    print(
        f"suit changed by a plain card {n['suit changed']}: no plain card of the old suit left in "
        f"{n['suit changed: no plain card of the old suit left']}; "
        f"of {n['suit changed: cards left']} cards left, "
        f"{n['suit changed: cards of the new suit left']} of the new suit, "
        f"{n['suit changed: cards of the old suit left']} of the old"
    )
    print(
        f"last card left {n['last card left']}: follows the card played in "
        f"{n['last card: follows the card played']} "
        f"({_pct(n, 'last card: follows the card played', 'last card left')}"
        f"; the stock then: {_pct(n, 'last card: stock that follows', 'last card: stock')}); "
        f"either could be played in {n['last card: either could be played']}, of which the last follows in "
        f"{n['last card: either, follows']}"
    )
    rank, suit = (
        _pct(n, "plain: same rank left", "plain: cards left"),
        _pct(n, "plain: same suit left", "plain: cards left"),
    )
    stock_rank, stock_suit = (
        _pct(n, "plain: stock of the rank", "plain: stock"),
        _pct(n, "plain: stock of the suit", "plain: stock"),
    )
    print(
        f"a plain card played: the rest holds its rank in {rank} (the stock {stock_rank}), "
        f"its suit in {suit} (the stock {stock_suit})"
    )
    for kind in ("plain", "seven", "jack", "queen", "king", "ace", "joker"):
        print(
            f"{kind}: {_pct(n, f'held {kind}', 'held')} of the hands at a choice, "
            f"{_pct(n, f'stock {kind}', 'stock')} of the stock then"
        )


def _pct(n: Counter[str], part: str, whole: str) -> str:
    return f"{100 * n[part] / max(1, n[whole]):.1f}%"


if __name__ == "__main__":
    main()
