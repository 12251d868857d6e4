"""Pass On: a test plugin (not shipped) whose seats each pass to a seat of their own, face up.

3 to 5 players get four cards each of a 24-card deck (A-9). At the deal every seat is given
the seat it passes to, the same number of seats to its left for all (``passes_to``, a public
seat field mapping each seat to another). In turn, twice round, each seat gives one card face
up to that seat, so everyone knows where it went (the hands zone's ``known``). Then the
highest count of pips (ace 11, picture 10) wins.
"""

from __future__ import annotations

from typing import Any

from attrs import frozen

import cardgames.api as cg

ROUNDS = 2


@frozen
class Give:
    """Give a card face up to the seat you pass to."""

    card: cg.Card


def pips(card: cg.Card) -> int:
    assert card.rank is not None
    return 11 if card.rank == cg.Rank.ACE else min(int(card.rank), 10)


class PassOnState(cg.GameState):
    """A game of Pass On in progress."""

    zones = (cg.Zone("hands", cg.ZoneKind.HAND, cg.Visibility.OWNER, per_seat=True, known="given"),)
    public_seats = ("passes_to",)
    fields = cg.Fields(hands=cg.NESTED, given=cg.NESTED, passes_to=cg.SHARED, moves=cg.SHARED, log=cg.SHALLOW)

    def __init__(self, players: int, seed: int) -> None:
        rng = cg.new_rng(seed)
        self.hands, _ = cg.deal(cg.shuffled(cg.deck_24(), rng), players, 4)
        self.given: list[list[cg.Card]] = [[] for _ in range(players)]  # cards everyone saw go in
        shift = rng.randrange(1, players)
        self.passes_to = {s: (s + shift) % players for s in range(players)}  # never replaced in place
        self.moves = 0
        self.log: list[cg.LogEntry] = []

    def to_act(self) -> int | None:
        return None if self.moves == ROUNDS * self.players else self.moves % self.players

    def legal_actions(self) -> list[Any]:
        seat = self.to_act()
        return [] if seat is None else [Give(c) for c in sorted(set(self.hands[seat]), key=cg.sort_key)]

    def apply(self, action: Any) -> None:
        seat = self.to_act()
        if seat is None or action not in self.legal_actions():
            raise cg.IllegalActionError("you cannot give that card now")
        to = self.passes_to[seat]
        self.hands[seat].remove(action.card)
        if action.card in self.given[seat]:
            self.given[seat].remove(action.card)
        self.hands[to].append(action.card)
        self.given[to].append(action.card)
        self.log.append(cg.LogEntry(seat, f"P{seat + 1} gives {cg.format_card(action.card)} to P{to + 1}"))
        self.moves += 1

    def outcome(self) -> cg.Outcome | None:
        if self.to_act() is not None:
            return None
        counts = tuple(sum(map(pips, h)) for h in self.hands)
        winners = tuple(s for s, n in enumerate(counts) if n == max(counts))
        return cg.Outcome(winners, counts, f"the highest count wins ({max(counts)})")


class PassOn(cg.Game[Any, PassOnState]):
    """Pass On: give cards on face up to your own seat; the highest count wins."""

    id = "passon"
    min_players = 3
    max_players = 5
    action_types = (Give,)
    zero_sum = False

    def new_game(self, options: Any, players: int, seed: int) -> PassOnState:
        return PassOnState(players, seed)
