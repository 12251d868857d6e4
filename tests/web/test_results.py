"""One truth for results (issue 27, point 3): the table's result, the ledger and the scoreboard agree.

A table's final standings are ranked with the ledger's own key, their points are the points
the hands scored, a tournament's first game is its game 1, and the overall view never ranks a
player who won no hand above one who won a hand.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from cardgames.bots.lookup import decide
from cardgames.core.record import Seat
from cardgames.core.table import Table
from cardgames.ledger import Ledger
from cardgames.ledger.views import Standing, overall_ranking, standings
from cardgames.play.start import start_table
from cardgames.plugins.registry import find_game
from cardgames.primitives.language import speaking
from cardgames.web.ledger_link import record_table, standings_data
from cardgames.web.live import bots_for
from cardgames.web.notes import Note, note_from
from cardgames.web.results import final_data, final_rows

SEATS = [
    Seat("Ann", "heuristic"),
    Seat("Boris", "random"),
    Seat("Cleo", "heuristic"),
    Seat("Dmitri", "random"),
]


def played(game_id: str, options: list[str], seed: int) -> Table:
    """A table played to its end by bots."""
    table = start_table(find_game(game_id), SEATS, seed, None, options)
    bots = bots_for(table)
    while not table.state.is_over():
        seat = table.state.to_act()
        assert seat is not None
        table.act(decide(bots[seat], table.state, seat))
    return table


@pytest.mark.parametrize(
    ("game", "options"),
    [("posledniy", ["target=3"]), ("dernier", ["hand_size=5", "hands_to_win=2", "scoring=cards"])],
)
def test_the_tables_ranking_and_points_are_the_scoreboards(
    tmp_path: Path, game: str, options: list[str]
) -> None:
    ledger = tmp_path / "ledger.sqlite3"
    other = played("posledniy", ["target=1"], 1)  # another tournament's game comes first in the ledger
    assert "as its game 1 (game 1 of the ledger)" in record_table(ledger, "Thursday", other).text()
    table = played(game, options, 7)
    said = record_table(ledger, "Friday", table).text()
    assert said == "recorded in tournament 'Friday' as its game 1 (game 2 of the ledger)"
    state = table.state
    outcome = state.outcome()
    assert outcome is not None
    rows = final_rows(table.game, table.options, table.seats, state.hand_results(), outcome)
    with Ledger.open(ledger) as book:
        (section,) = standings(book, "Friday").sections
    assert [(r.player, r.points, r.chips, r.games_won) for r in rows] == [
        (r.player, r.points, r.chips, r.games_won) for r in section.rows
    ]
    data = final_data(table.game, table.options, table.seats, state.hand_results(), outcome)
    shown = standings_data(ledger, "Friday")["sections"][0]
    assert [r["player"] for r in data["rows"]] == [r["player"] for r in shown["rows"]]
    assert [r["points"] for r in data["rows"]] == [r["points"] for r in shown["rows"]]
    assert any(r["points"] for r in data["rows"])  # the points column holds what the table showed
    assert data["points"] == shown["points"] and all(w in data["summary"] for w in data["winners"])
    assert not any(f"P{k}" in data["summary"] for k in range(1, 5))  # names, never seat labels


def test_a_player_who_won_no_hand_never_ranks_above_one_who_won_one_overall(tmp_path: Path) -> None:
    """The tournament of issue 27: three players with no game won, one of them with no hand won either
    (and more chips): the overall view puts the two with a hand won first."""
    rows = [
        Standing("Ann", 1, 0, 1, 0, 1, 16, 5),
        Standing("Boris", 1, 0, 1, 1, 0, 11, -5),
        Standing("Cleo", 1, 0, 1, 1, 0, 11, -5),
        Standing("Dmitri", 1, 1, 0, 2, 0, 14, 5),
    ]
    assert [r.player for r in sorted(rows, key=overall_ranking)] == ["Dmitri", "Boris", "Cleo", "Ann"]
    ledger = tmp_path / "ledger.sqlite3"  # and the ledger's standings use it
    record_table(ledger, "Friday", played("dernier", ["hand_size=4", "hands_to_win=2"], 3))
    record_table(ledger, "Friday", played("posledniy", ["target=1"], 4))
    with Ledger.open(ledger) as book:
        overall = standings(book, "Friday").overall
    assert list(overall) == sorted(overall, key=overall_ranking)


def test_the_results_are_said_in_the_seat_s_language() -> None:
    seats = [Seat("Ann", "heuristic"), Seat("You", "random"), Seat("Bot 1 (heuristic)", "heuristic")]
    table = start_table(find_game("posledniy"), seats, 3, None, ["target=1"])
    bots = bots_for(table)
    while not table.state.is_over():
        seat = table.state.to_act()
        assert seat is not None
        table.act(decide(bots[seat], table.state, seat))
    outcome = table.state.outcome()
    assert outcome is not None
    with speaking("ru"):
        data = final_data(table.game, table.options, table.seats, table.state.hand_results(), outcome)
    assert data["points"] == "штрафные очки"  # the game's word for its points, not "penalty points"
    # as the table names them: a made-up bot's name in Russian, a name typed for a bot ("You") as typed
    assert {r["player"] for r in data["rows"]} == {"Ann", "You", "Бот 1 (heuristic)"}


def _said_by_each(note: Note) -> dict[str, str]:
    out = {}
    for code in ("en", "it", "ru"):
        with speaking(code):
            out[code] = note.text()
    return out


def test_a_disk_the_ledger_cannot_use_is_said_in_each_seats_language_and_kept_in_the_tables_file(
    tmp_path: Path, tmpfs: Callable[[str], Path]
) -> None:
    """The reason is the ledger's message as data (its path, the disk's figures, the system's own
    words as it gives them), so each browser reads it in its own language, after a restart too."""
    blocker = tmp_path / "a file"
    blocker.write_text("")
    table = played("posledniy", ["target=1"], 1)
    folder = record_table(blocker / "ledger.sqlite3", "Friday", table)  # a folder that cannot be made
    disk = tmpfs("2m")
    ledger = disk / "ledger.sqlite3"
    with Ledger.open(ledger, create=True) as book:
        book.new_tournament("Friday")
    with (disk / "filler").open("wb") as fh:
        info = os.statvfs(disk)
        fh.write(b"\0" * (info.f_bavail * info.f_frsize - 8 * 1024))
    full = record_table(ledger, "Friday", table)
    for note, italian, russian in (
        (folder, "non si può creare la cartella del registro", "не удаётся создать папку для журнала"),
        (full, "è pieno (8 KiB liberi, ne servono ", "заполнен (свободно 8 КиБ, нужно "),
    ):
        said = _said_by_each(note)
        assert said["en"].startswith("could not record the game in 'Friday': ")
        assert said["it"].startswith("non è stato possibile registrare la partita nel torneo 'Friday': ")
        assert said["ru"].startswith("не удалось записать партию в турнир 'Friday': ")
        assert italian in said["it"] and russian in said["ru"]
        again = note_from(json.loads(json.dumps(note.data())))  # as the table's file keeps it
        assert again is not None and _said_by_each(again) == said
    assert "File exists" in _said_by_each(folder)["ru"]  # the system's own words, as it gives them


def test_a_note_read_back_with_a_message_that_does_not_fit_its_values_is_refused() -> None:
    assert (
        note_from({"key": "not_recorded", "values": {"reason": {"said": "{path} is full", "values": {}}}})
        is None
    )
    assert note_from({"key": "not_recorded", "values": {"reason": {"said": 3, "values": {}}}}) is None
