"""The person at the keyboard reads what they did in the second person, everyone else by name (finding 3).

"You play A♠", "Giochi A♠", "Вы сносите 3 карты налево" — never "P1 (you) plays" — and no seat
number (P1) in what a person reads: the log, the announcements, the seat list and the score tables.
"""

from __future__ import annotations

import re

import crazyeights.rules as eights
import pytest
from rich.console import Console

from cardgames.core.record import Seat
from cardgames.core.state import HandResult, LogEntry
from cardgames.games.dernier import log as dernier_log
from cardgames.games.dernier.announce import ACE as ACE_LINE
from cardgames.games.dernier.announce import QUEEN, SEVEN, _line
from cardgames.games.posledniy import log as posledniy_log
from cardgames.play.logs import entry_text, named, seat_legend
from cardgames.play.report import hand_table
from cardgames.primitives.cards import CARDS, parse_card
from cardgames.primitives.language import speaking
from cardgames.primitives.seating import SeatNumber

SEATS = [Seat("You"), Seat("Bot 1 (heuristic)", "heuristic"), Seat("Bot 2 (heuristic)", "heuristic")]
ACE = parse_card("AS").index


def play(seat: int, called: bool = False) -> LogEntry:
    entry = dernier_log.log_entry(("play", seat, ACE, -1, -1, called))
    assert isinstance(entry, LogEntry)
    return entry


@pytest.mark.parametrize(
    ("code", "yours", "theirs"),
    [
        ("en", "You play A♠", "Bot 1 plays A♠"),
        ("it", "Giochi A♠", "Bot 1 gioca A♠"),
        ("ru", "Вы ходите A♠", "Бот 1 ходит A♠"),
    ],
)
def test_the_reader_reads_their_own_play_in_the_second_person(code: str, yours: str, theirs: str) -> None:
    with speaking(code):
        assert entry_text(SEATS, play(0), reader=0) == yours
        assert entry_text(SEATS, play(1), reader=0) == theirs


def test_every_dernier_entry_about_the_reader_reads_in_the_second_person() -> None:
    penalty = dernier_log.log_entry(("take", 0, 4, 4))
    called = play(0, called=True)
    with speaking("ru"):
        assert entry_text(SEATS, penalty, reader=0) == "Вы принимаете штраф 4 и берёте 4"
        assert entry_text(SEATS, called, reader=0) == "Вы ходите A♠ и объявляете Dernier!"
    with speaking("it"):
        assert entry_text(SEATS, called, reader=0) == "Giochi A♠ e dichiari Dernier!"
    assert entry_text(SEATS, called, reader=0) == "You play A♠ and call Dernier!"
    assert entry_text(SEATS, dernier_log.log_entry(("deal", 0, 1)), reader=0) == "hand 1: you deal"


def test_a_posledniy_pass_is_said_to_its_giver_and_names_the_others() -> None:
    passed = posledniy_log.entry((posledniy_log.PASSED, 0, 3, tuple(c.index for c in CARDS[:3]), 1))
    mine = passed.entry_for(0)  # type: ignore[union-attr]
    with speaking("ru"):
        assert entry_text(SEATS, mine, reader=0) == "Вы сносите 2♣ 3♣ 4♣ налево"
        assert entry_text(SEATS, mine, public=True, reader=0) == "Вы сносите 3 карты налево"
        theirs = posledniy_log.entry((posledniy_log.PASSED, 1, 2, (5, 6), 2)).entry_for(0)  # type: ignore[union-attr]
        assert entry_text(SEATS, theirs, reader=0) == "Бот 1 сносит 2 карты налево"
    with speaking("it"):
        assert entry_text(SEATS, mine, public=True, reader=0) == "Passi 3 carte coperte a sinistra"


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("en", "A: you draw 2 unless you answer with an ace."),
        ("it", "A: peschi 2 carte, a meno che tu risponda con un asso."),
        ("ru", "Т: вы берёте 2, если не ответите тузом."),
    ],
)
def test_an_announcement_that_names_the_reader_is_said_to_them(code: str, said: str) -> None:
    line = _line(ACE_LINE, n=2, next=0)
    with speaking(code):
        assert named(SEATS, line, reader=0) == said
    assert named(SEATS, _line(QUEEN, skipped=1, next=0), reader=0) == "Q: Bot 1 is skipped; you play next."
    assert named(SEATS, _line(SEVEN, before=1, player=0), reader=0) == "7: Bot 1, seated before you, draws 1."


def test_the_seat_list_and_the_score_tables_name_every_seat_and_no_seat_number() -> None:
    with speaking("ru"):
        assert seat_legend(SEATS) == "Вы, Бот 1 (эвристический) и Бот 2 (эвристический)"
        console = Console(width=100, record=True, color_system=None)
        console.print(hand_table(SEATS, [lost := HandResult(1, 0, (), (0,), (1, 0, 0), (0, 0, 0), "")], lost))
        table = console.export_text()
    assert re.search(r"│ Вы +│ проигравший │", table) and "Бот 2 (эвристический)" in table
    assert not re.search(r"\bP\d", table)


def test_a_plugin_says_its_entries_to_the_reader_and_one_without_a_form_reads_as_before() -> None:
    plays = LogEntry(0, eights.say(eights.PLAYS, who=SeatNumber(0), card=parse_card("8S")))
    with speaking("ru"):
        assert entry_text(SEATS, plays, reader=0) == "Вы ходите 8♠"
    # a plain text has no second-person form: the reader's seat keeps its name before the verb
    assert entry_text(SEATS, LogEntry(0, "draws a card"), reader=0) == "P1 (you) draws a card"
    assert entry_text([Seat("Ann"), *SEATS[1:]], LogEntry(0, "draws a card"), reader=0) == "Ann draws a card"
