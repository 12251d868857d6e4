"""The session's small parts: reading --players, following a log, the timer's deadline."""

from __future__ import annotations

import io
import os

import pytest
from cli_toy_game import ToyGame
from dernier_helpers_for_play import anticipo_view
from rich.console import Console

from cardgames.core.record import Seat
from cardgames.core.state import HandResult, LogEntry
from cardgames.games.dernier import Dernier
from cardgames.play.lines import ScriptSource
from cardgames.play.logs import entry_text, glyphs, new_entries, plain, seat_legend, shown
from cardgames.play.report import hand_table
from cardgames.play.seats import default_seats, humans, parse_players
from cardgames.play.timer import MoveTimer, wait_readable
from cardgames.play.turn import MoveReader, _without_complaint
from cardgames.primitives.errors import OptionError

GAME = ToyGame()


def test_players_are_read_as_people_and_bots_in_seat_order() -> None:
    seats = parse_players(GAME, "Ann, bot:random ,Boris")
    assert seats == [Seat("Ann"), Seat("Bot 1 (random)", "random"), Seat("Boris")]
    assert humans(seats) == [0, 2]
    # "bot" is the game's heuristic bot when it has one; "me" is you
    assert parse_players(GAME, "me,bot") == [Seat("You"), Seat("Bot 1 (heuristic)", "heuristic")]
    assert parse_players(GAME, "3") == default_seats(GAME) == parse_players(GAME, None)
    assert len(default_seats(GAME)) == GAME.default_players


@pytest.mark.parametrize("spec", ["me,bot:deep", "ann,ANN", "0", "me,,bot"])
def test_bad_player_lists_are_refused(spec: str) -> None:
    with pytest.raises(OptionError):
        parse_players(GAME, spec)


def e(text: str, seat: int | None = None) -> LogEntry:
    return LogEntry(seat, text)


def test_new_entries_of_a_growing_log_are_its_tail() -> None:
    seen = (e("a"), e("b"))
    assert new_entries(seen, (*seen, e("c"), e("d"))) == [e("c"), e("d")]
    assert new_entries(seen, seen) == []
    assert new_entries((), seen) == list(seen)


def test_new_entries_of_a_window_or_a_fresh_log_skip_only_what_was_seen() -> None:
    # a game that keeps the last three events
    assert new_entries((e("a"), e("b"), e("c")), (e("c"), e("d"), e("e"))) == [e("d"), e("e")]
    # a game that starts a new log each hand
    assert new_entries((e("a"), e("b")), (e("x"),)) == [e("x")]


def test_an_entry_is_led_by_its_players_name_and_names_replace_seat_labels() -> None:
    seats = [Seat("You"), Seat("Bot 1 (random)", "random")]
    assert entry_text(seats, e("draws a card", 1)) == "Bot 1 draws a card"
    assert entry_text(seats, e("Bot 1 (random) draws a card", 1)) == "Bot 1 (random) draws a card"
    assert entry_text(seats, e("P2 draws a card", 1)) == "Bot 1 draws a card"
    assert entry_text(seats, e("hand 2: P2 deals", 1)) == "hand 2: Bot 1 deals"
    assert entry_text(seats, e("P12 draws", 1)) == "Bot 1 P12 draws"  # no seat 12: not a label here
    assert entry_text(seats, e("P1 draws; P2 pays (P-10)", 0)) == "P1 (you) draws; Bot 1 pays (P-10)"
    assert entry_text(seats, e("the stock is shuffled")) == "the stock is shuffled"
    assert seat_legend(seats) == "You and Bot 1 (random)"  # by name, never by seat number
    assert plain("P1 plays 10♠ on J♥ …") == "P1 plays 10S on JH ..."


def test_cards_a_game_wrote_in_ascii_are_shown_with_glyphs_unless_the_terminal_needs_ascii() -> None:
    text = "P1 misplays 10C (10C does not match: play hearts or a 6, or draw (D-6)) P-10 AS"
    assert glyphs(text) == "P1 misplays 10♣ (10♣ does not match: play hearts or a 6, or draw (D-6)) P-10 A♠"
    assert glyphs("P2 plays JOKER as QH, naming clubs") == "P2 plays JOKER as Q♥, naming clubs"
    assert glyphs("hand 2: P3 deals; P1 draws 2") == "hand 2: P3 deals; P1 draws 2"  # seat labels stay
    assert shown("P4 plays 4D and A♣", ascii_only=False) == "P4 plays 4♦ and A♣"
    assert shown("P4 plays 4D and A♣", ascii_only=True) == "P4 plays 4D and AC"


def test_the_timer_deadline_passes_without_input_and_not_with_it() -> None:
    now = [100.0]
    timer = MoveTimer(5, clock=lambda: now[0])
    assert timer.deadline() == 105.0
    read, write = os.pipe()
    try:
        assert not wait_readable(read, 0.0, clock=lambda: 0.05)  # already past
        os.write(write, b"draw\n")
        assert wait_readable(read, 1e9, clock=lambda: 0.0)
    finally:
        os.close(read)
        os.close(write)


def test_help_shows_the_accepted_forms_without_the_complaint_about_empty_text() -> None:
    assert _without_complaint("cannot read '': write a card or draw") == "Write a card or draw"
    assert _without_complaint("nothing typed; write a card") == "Write a card"
    assert _without_complaint("type a value 1-9: or draw") == "type a value 1-9: or draw"


def test_a_hand_table_has_a_hands_won_column_only_once_someone_has_won_a_hand() -> None:
    seats = [Seat("You"), Seat("Bot 1 (heuristic)", "heuristic"), Seat("Bot 2 (heuristic)", "heuristic")]
    lost = HandResult(1, 0, (), (1,), (0, 1, 0), (0, 0, 0), "P2 took the last trick")
    swept = HandResult(2, 1, (2,), (0, 1), (1, 1, 0), (0, 0, 0), "P3 took all eight tricks")

    def text(results: list[HandResult], hand: HandResult) -> str:
        console = Console(width=120, record=True, color_system=None)
        console.print(hand_table(seats, results, hand))
        return console.export_text()

    first = text([lost], lost)
    assert "hands won" not in first and "│ Bot 1 (heuristic) │ loser  │" in first
    second = text([lost, swept], swept)
    assert "hands won" in second and "│ Bot 2 (heuristic) │ winner │" in second
    assert "P1" not in second and "P3" not in second  # by name, never by seat number


def test_the_prompt_asks_what_the_game_says_is_asked() -> None:
    """An anticipo offer (D-20) is asked as a yes-or-no question, not as 'your move'."""
    out = io.StringIO()
    console = Console(file=out, width=100)
    source = ScriptSource(console, io.StringIO("anticipo\n"))
    game = Dernier()
    view, legal = anticipo_view()
    reader = MoveReader(game, console, source, show_table=lambda: None, show_rules=lambda: None)
    asked = game.tabletop(view, ["Ann", "Bob", "Cy"]).decision
    assert asked is not None and asked.text == "anticipo or no"
    action = reader.read("Ann", view, legal, None, asked=asked.text)
    assert action in legal
    assert "Ann, anticipo or no: anticipo" in out.getvalue()
