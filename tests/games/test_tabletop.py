"""The table model of both built-in games, for every seat along whole played games (issue 27).

No seat's table holds a card it cannot know, every text names seats by name (never P1 or
an index) and no engine field; and the moments people asked for are there: the trick with
who played each card, the last trick of a deal with its result by name until the next
lead, the exchange in words (how many cards, to whom), a Dernier hand's end.
"""

from __future__ import annotations

import itertools
import random
import re
from typing import Any

import attrs
import pytest

from cardgames.conformance.texts import cards_in
from cardgames.core.game import Game
from cardgames.core.tabletop import Mark, Tabletop, ZoneKind
from cardgames.games.dernier.game import Dernier
from cardgames.games.posledniy.game import Posledniy
from cardgames.play.tabletext import seat_lines
from cardgames.primitives.cards import cards_named

NAMES = ("Anna", "Boris", "Clara", "Dmitri")
ENGINE = re.compile(r"\bP\d\b|\bseat \d|to_act|pending_penalty|phase|direction -?1|\bNone\b")


def tables_along(
    game: Game[Any, Any], players: int, seed: int, moves: int, bot: str | None = None
) -> list[tuple[Any, list[Tabletop]]]:
    """Every seat's table before each move of a game played at random (or by the game's ``bot``)."""
    state = game.new_game(game.options_type(), players, seed)
    rng = random.Random(seed)
    player = game.bots[bot](rng) if bot else None
    out = []
    for _ in range(moves):
        if state.outcome() is not None:
            break
        names = NAMES[:players]
        out.append((state.clone(), [game.tabletop(state.view(s), names) for s in range(players)]))
        legal = list(state.legal_actions())
        seat = state.to_act()
        state.apply(player.choose(state.view(seat), legal) if player else rng.choice(legal))
    return out


def known(view: Any) -> set[Any]:
    """The cards a seat may know: those its view holds and those its log names."""
    return cards_in(view) | {c for e in view.log for c in cards_named(e.text)}


@pytest.mark.parametrize(
    ("game", "players", "seed"), [(Dernier(), 3, 4), (Posledniy(), 4, 5), (Posledniy(), 3, 2)]
)
def test_no_seat_sees_a_hidden_card_and_every_text_names_people(
    game: Game[Any, Any], players: int, seed: int
) -> None:
    for state, tables in tables_along(game, players, seed, 400):
        for seat, table in enumerate(tables):
            view = state.view(seat)
            mine = known(view)
            now = {c for z in table.centre for c in (p.card for p in z.cards)} | set(table.hand)
            now = {c for c in now if c.rank is not None}  # a joker has no identity to hide
            assert now <= cards_in(view), f"{game.name}: seat {seat} is shown {now - cards_in(view)}"
            last = {p.card for p in table.last.cards} if table.last is not None else set()
            assert {c for c in last if c.rank is not None} <= mine  # the last trick: named in its log
            assert table.hand == view.hand and table.viewer == seat
            for text in table.texts():
                assert not ENGINE.search(text), text
                assert cards_named(text) <= mine, text
            assert [p.name for p in table.seats] == list(NAMES[:players])


def test_posledniy_shows_the_trick_by_player_the_last_trick_and_a_deals_result_until_the_next_lead() -> None:
    moments = tables_along(Posledniy(), 4, 5, 200)
    tricks = [
        t[0] for _, t in moments if any(z.kind is ZoneKind.TRICK and len(z.cards) == 3 for z in t[0].centre)
    ]
    trick = next(z for z in tricks[0].centre if z.kind is ZoneKind.TRICK)
    seats = [c.seat for c in trick.cards]
    assert seats == [(seats[0] + k) % 4 for k in range(3)]  # each card by the seat that played it, in order
    ended = [t[0] for _, t in moments if t[0].result]
    assert ended, "no deal ended in 200 moves"
    first = ended[0]
    assert first.last is not None and len(first.last.cards) == 4 and first.last.note.endswith("took it")
    # the viewer reads what it did in the second person ("You took it"), never its own name
    loser = "you" if first.last.note == "You took it" else first.last.note.removesuffix(" took it")
    assert loser != NAMES[first.viewer]
    assert first.result[0] == f"Deal 1: {loser} took the last trick and lost the deal."
    penalty = "Your penalty" if loser == "you" else f"Penalty for {loser}"
    assert re.fullmatch(rf"{penalty}: (1 point|2 points)\.", first.result[1])  # 2: the dealer
    # the result stays from the new deal's exchange until the first card of its first trick
    index = next(i for i, (_, t) in enumerate(moments) if t[0].result)
    following = [t[0] for _, t in moments[index:]]
    kept = list(itertools.takewhile(lambda t: t.result, following))
    lead = following[len(kept)]
    assert any(z.kind is ZoneKind.TRICK and len(z.cards) == 1 for z in lead.centre)
    assert lead.last == first.last  # the deal's last trick stays until the next trick is taken
    taken = next(t for t in following if t.last != first.last)
    assert taken.last is not None and taken.last.label == "Trick 1 of 8"


def test_the_exchange_says_how_many_cards_go_to_whom() -> None:
    state, tables = tables_along(Posledniy(), 4, 5, 1)[0]
    dealer = state.view(0).dealer
    asked = tables[dealer].decision
    assert asked is not None and asked.picks == 3 and asked.to_seat == (dealer + 1) % 4
    assert asked.text == f"pass 3 cards face down to {NAMES[(dealer + 1) % 4]}"
    other = tables[(dealer + 2) % 4].decision
    assert (
        other is not None
        and other.text == f"{NAMES[dealer]} passes 3 cards face down to {NAMES[(dealer + 1) % 4]}"
    )
    assert Mark.DEALER in tables[0].seats[dealer].marks and Mark.TO_ACT in tables[0].seats[dealer].marks


def test_dernier_names_the_suit_in_force_the_top_cards_player_and_a_hands_end() -> None:
    moments = tables_along(Dernier(), 3, 4, 600, bot="heuristic")
    table = moments[10][1][0]
    discard = next(z for z in table.centre if z.kind is ZoneKind.DISCARD)
    assert table.suit_in_force is not None and table.suit_in_force.glyph in discard.note
    assert discard.cards[0].seat is not None  # after ten moves a player's card lies on top
    stock = next(z for z in table.centre if z.kind is ZoneKind.STOCK)
    assert stock.backs == moments[10][0].view(0).stock_size
    ends = [t[0] for _, t in moments if t[0].result]
    assert ends, "no hand ended"
    # seat 0's table: Anna reads her own win as hers ("you"), the others' by their names
    assert re.fullmatch(r"Hand 1: (you|Boris|Clara) went out and won it\.", ends[0].result[0])
    winner = ends[0].result[0].split()[2]
    seat = ends[0].viewer if winner == "you" else NAMES.index(winner)
    assert ends[0].last is not None and ends[0].last.cards[0].seat == seat  # the card that went out
    marked = [p for _, t in moments for p in t[0].seats if Mark.LAST_CALL in p.marks]
    assert marked and all(p.cards == 1 for p in marked)


def test_one_card_left_reads_dernier_in_dernier_and_last_card_where_a_game_names_no_mark() -> None:
    moments = tables_along(Dernier(), 3, 4, 600, bot="heuristic")
    table = next(t[0] for _, t in moments if any(Mark.LAST_CALL in p.marks for p in t[0].seats))
    place = next(p for p in table.seats if Mark.LAST_CALL in p.marks)
    assert table.mark_word(Mark.LAST_CALL) == "Dernier!" and "Dernier!" in table.texts()
    line = " ".join(seat_lines(table, place, ascii_only=False))
    assert "Dernier!" in line and "last card!" not in line
    plain = attrs.evolve(table, mark_words=())  # a game that names no mark gets the front end's word
    assert plain.mark_word(Mark.LAST_CALL) is None
    assert "last card!" in " ".join(seat_lines(plain, place, ascii_only=False))
