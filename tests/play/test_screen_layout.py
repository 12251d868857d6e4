"""The full-screen table's layout (issue 12): fixed places at 80x24 and 60x20, what gives way when short."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from rich.text import Text

from cardgames.play.screen_layout import Frame, layout, log_room
from cardgames.play.seats import parse_players
from cardgames.play.settings import load_settings
from cardgames.play.start import start_table
from cardgames.play.table import tabletop_for
from cardgames.play.tabletext import Parts, screen_parts
from cardgames.plugins.registry import find_game

SIZES = [(80, 24), (60, 20)]


def table_after(game_id: str, moves: int, seed: int = 5) -> Parts:
    """The screen table of the seat to act after ``moves`` random moves of a seeded game."""
    game = find_game(game_id)
    table = start_table(game, parse_players(game, "me,bot,bot,bot"), seed, None, [], None)
    rng = random.Random(seed)
    for _ in range(moves):
        table.act(rng.choice(list(table.state.legal_actions())))
    seat = table.state.to_act()
    assert seat is not None
    return screen_parts(tabletop_for(table, seat), False)


def frame(table: Parts | None, log: int = 30, **more: Any) -> Frame:
    lines = tuple(Text(f"  log line {i}: P2 plays 7♥ and P3 draws a card") for i in range(log))
    return Frame(table=table, log=lines, help_line="Type a card or its number · help · quit",
                 prompt=Text("You, your move: 7h"), **more)  # fmt: skip


def plain(lines: list[Text]) -> list[str]:
    return [line.plain for line in lines]


@pytest.mark.parametrize(("width", "height"), SIZES)
@pytest.mark.parametrize(("game_id", "moves"), [("dernier", 0), ("dernier", 30), ("posledniy", 20)])
def test_every_part_has_its_place_at_80x24_and_60x20(
    game_id: str, moves: int, width: int, height: int
) -> None:
    parts = table_after(game_id, moves)
    shown = plain(layout(frame(parts), width, height))
    assert len(shown) == height and all(len(line) <= width for line in shown)
    assert shown[0] == parts.heading[:width]
    assert shown[-1] == "You, your move: 7h"
    assert shown[-2].startswith("Type a card or its number")
    hand = " ".join(line for line in shown if line).split("Your hand", 1)
    last_card = Text.from_markup(parts.hand).plain.split()[-1]
    assert len(hand) == 2 and last_card in hand[1]  # the whole hand, up to its last card
    # the seats, by name, under the heading
    assert any(re.search(r"^(▶ |  )You · ", line) for line in shown[1:6])
    assert "log line 29" in " ".join(shown)  # the latest log line is kept
    assert "log line 0:" not in " ".join(shown)  # the oldest gave way


def test_the_latest_log_line_sits_just_above_the_turn() -> None:
    parts = table_after("dernier", 0)
    shown = plain(layout(frame(parts), 80, 24))
    turn = shown.index(Text.from_markup(parts.turn).plain)
    assert "log line 29" in shown[turn - 1]


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_posledniys_last_trick_stays_beside_the_log(width: int, height: int) -> None:
    parts = next(p for moves in range(20, 40) if (p := table_after("posledniy", moves)).history)
    assert len(parts.history) == 5  # four cards by name, and who took it
    shown = plain(layout(frame(parts), width, height))
    text = "\n".join(shown)
    assert re.search(r"   Trick \d of 8$", text, re.M)  # a column of its own beside the log
    assert all(Text.from_markup(h).plain in text for h in parts.history)
    assert "log line 29" in text


def test_dernier_shows_the_suit_in_force_and_a_pending_penalty_beside_the_seats() -> None:
    parts = Parts(
        heading="Dernier · hand 2",
        seats=("▶ P1 You · 4 cards · won 1", "  P2 Ann · 2 cards · won 0"),
        centre=("Discard: A♣ by P2 Ann", "Suit in force: ♣ clubs", "Penalty pending: draw 4"),
        turn="Your turn. Pending penalty: draw 4, or answer with an ace",
        hand="Your hand (* can be played now): 1:A♠*  2:7♥",
    )
    for width, height in SIZES:
        shown = plain(layout(frame(parts), width, height))
        assert "Penalty pending: draw 4" in shown[3] and "P1 You" in shown[1]
        assert "Suit in force: ♣ clubs" in shown[2]


def test_a_long_answer_takes_the_whole_screen_in_page_mode() -> None:
    parts = table_after("dernier", 0)
    normal = frame(parts)
    assert log_room(normal, 60, 20) < 15
    page = frame(parts, log=15, page=True)
    shown = plain(layout(page, 60, 20))
    assert shown[0] == parts.heading[:60]
    assert sum("log line" in line for line in shown) == 15  # all of it, not just the tail
    assert not any("Your hand" in line for line in shown)


def test_a_hidden_table_shows_only_the_notice_and_the_input() -> None:
    hidden = Frame(log=(), help_line="help", prompt=Text("Boris: press Enter when you are at the screen"),
                   notice="The table is hidden")  # fmt: skip
    shown = plain(layout(hidden, 60, 20))
    assert shown[0] == "The table is hidden" and not any("hand" in line.casefold() for line in shown[1:-1])


@pytest.mark.parametrize(("width", "height"), [(20, 5), (1, 1), (40, 8)])
def test_a_tiny_terminal_keeps_the_input_line_and_never_overflows(width: int, height: int) -> None:
    shown = plain(layout(frame(table_after("posledniy", 20)), width, height))
    assert len(shown) == height and all(len(line) <= width for line in shown)
    assert shown[-1] == "You, your move: 7h"[-width:] or "7h" in shown[-1] or width == 1


def test_the_settings_file_can_turn_the_screen_off(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_text("screen = false\n[posledniy]\nscreen = true\n", encoding="utf-8")
    assert load_settings("dernier", path).screen is False
    assert load_settings("posledniy", path).screen is True


def test_other_commands_do_not_load_the_screen() -> None:
    code = (
        "import sys; from cardgames.cli.app import app; import cardgames.play.commands; "
        "assert 'cardgames.play.screen' not in sys.modules; "
        "assert 'cardgames.play.screen_layout' not in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_asking_for_the_screen_in_a_pipe_says_why_it_is_lines(runner: Any) -> None:
    from cardgames.cli.app import app

    out = runner.invoke(app, ["play", "dernier", "--seed", "21", "--screen"], input="quit\n\n").output
    assert "No full screen: the input or the output is not a terminal; the table is shown in lines." in out
    assert "\033[?1049h" not in out and "You, your move: quit" in out


def test_a_zone_wraps_between_its_cards_never_inside_a_players_name() -> None:
    from cardgames.play.screen_layout import wrap_items

    trick = Text("Взятка 3 из 8: Бот 3 (эвристический) K♣ · Бот 1 (эвристический) J♣ · Вы 9♣")
    lines = [line.plain for line in wrap_items(trick, 50)]
    assert lines == ["Взятка 3 из 8: Бот 3 (эвристический) K♣ ·", "Бот 1 (эвристический) J♣ · Вы 9♣"]
    assert [line.plain for line in wrap_items(trick, 200)] == [trick.plain]  # what fits stays one line


def test_the_discard_pile_says_who_played_its_top_card_in_the_readers_language() -> None:
    from cardgames.core.tabletop import CentreZone, PlacedCard, SeatPlace, Tabletop, ZoneKind
    from cardgames.play.tabletext import centre_lines
    from cardgames.primitives.cards import parse_card
    from cardgames.primitives.language import speaking

    def top(seat: int) -> str:
        pile = CentreZone(ZoneKind.DISCARD, "Discard pile", (PlacedCard(parse_card("9D"), seat),))
        table = Tabletop(0, "", (SeatPlace(0, "You"), SeatPlace(1, "Bot 1")), centre=(pile,))
        return re.sub(r"\[/?[^]]*\]", "", centre_lines(table, False)[0])  # without the colours

    assert top(1) == "Discard pile: 9♦, played by Bot 1"
    assert top(0) == "Discard pile: 9♦, played by you"
    with speaking("ru"):
        assert top(1) == "Discard pile: 9♦, ход: Bot 1" and top(0) == "Discard pile: 9♦, ваш ход"
