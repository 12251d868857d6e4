"""The card table as a player meets it (issue 12), through scripted input: what is typed, what is shown.

Each test names the item of the issue it guards; the pseudo-terminal ones are in test_table_e2e.py.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from cli_mirror import Mirror
from typer.testing import CliRunner

from cardgames.cli.app import app
from cardgames.core.record import load_record
from cardgames.games.dernier.actions import Play
from cardgames.plugins.registry import find_game
from cardgames.primitives.cards import JOKER, Rank, format_card

DOCS = Path(__file__).resolve().parents[2] / "docs"


def run(runner: CliRunner, args: list[str], lines: list[str]) -> str:
    result = runner.invoke(app, args, input="".join(f"{line}\n" for line in lines))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.output


def flat(text: str) -> str:
    """The output with rich's line wrapping undone."""
    return " ".join(text.split())


def first_seed(game: str, wanted: Callable[[Mirror, int], bool], pairs: tuple[str, ...] = ()) -> int:
    """The first seed whose first decision of the person (seat P1) satisfies ``wanted``."""
    for seed in range(300):
        mirror = Mirror(game, "me,bot,bot,bot", seed, pairs)
        seat = mirror.to_human()
        if seat is not None and wanted(mirror, seat):
            return seed
    raise AssertionError("no such seed in 300")


# -- bugs ---------------------------------------------------------------------------------


def test_bug1_an_answer_y_yes_or_q_to_the_quit_question_is_never_a_file_name(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    out = run(runner, ["play", "dernier", "--seed", "21"], ["quit", "y", "yes", "quit"])
    assert not any(tmp_path.iterdir()), "a file was saved"
    assert "'y' is not taken as a file name" in flat(out) and "Quit without saving." in out
    assert "cardgames resume y" not in out


def test_bug2_the_quit_dialog_asks_before_overwriting_a_file_and_enter_keeps_it(
    runner: CliRunner, tmp_path: Path
) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    out = run(runner, ["play", "dernier", "--seed", "21"], ["quit", str(notes), "", "quit"])
    assert notes.read_text() == "my notes\n"
    assert "exists (a file that is not a saved game). Overwrite it?" in flat(out)
    out = run(runner, ["play", "dernier", "--seed", "21"], ["quit", str(notes), "y"])
    assert load_record(notes, find_game)[1].seed == 21


def test_bug2_save_refuses_an_existing_file_in_a_script_and_overwrite_allows_it(
    runner: CliRunner, tmp_path: Path
) -> None:
    other = tmp_path / "other.json"
    run(runner, ["play", "posledniy", "--seed", "4", "--save", str(other)], ["quit", "y"])
    before = other.read_text()
    result = runner.invoke(app, ["play", "dernier", "--seed", "21", "--save", str(other)], input="quit\ny\n")
    assert result.exit_code == 2
    assert "a saved game of Последний" in flat(result.output) and "--overwrite" in result.output
    assert other.read_text() == before
    out = run(runner, ["play", "dernier", "--seed", "21", "--save", str(other), "--overwrite"], ["quit", "y"])
    assert load_record(other, find_game)[0].id == "dernier", out


def test_bug4_enter_goes_back_to_the_game_in_both_quit_dialogs(runner: CliRunner, tmp_path: Path) -> None:
    for extra in ([], ["--save", str(tmp_path / "g.json")]):
        out = run(runner, ["play", "dernier", "--seed", "21", *extra], ["quit", "", "quit", "quit"])
        assert out.count("your move: quit") == 2, out  # Enter went back to the game, then quit again
        assert "go back to the game" in flat(out)


def test_bug7_articles_before_an_ace_and_an_8() -> None:
    from cardgames.primitives.cards import with_article

    assert (
        with_article("ace") == "an ace" and with_article("8") == "an 8" and with_article("queen") == "a queen"
    )
    game = find_game("dernier")
    options = game.options_type()
    found = set()
    for seed in range(300):
        state = game.new_game(options, 4, seed)
        view = state.view(state.to_act())
        rank = view.rank_in_force
        if rank not in (Rank.ACE, Rank.EIGHT) or view.pending_penalty:
            continue
        wrong = [c for c in view.hand if not c.is_joker and c.rank != rank and c.suit != view.suit_in_force]
        if not wrong:
            continue
        state.apply(Play(wrong[0], False, wrong[0].suit if wrong[0].rank is Rank.JACK else None, None))
        text = state.view(0).log[-1].text
        # the rank is said by its name, with no article to get wrong (issue 29: the reason is said when read)
        assert f"or any {rank.spoken}" in text and " a ace" not in text and " a 8" not in text
        found.add(rank)
    assert found == {Rank.ACE, Rank.EIGHT}


def test_bug8_no_pointer_to_a_file_that_is_not_shipped(runner: CliRunner) -> None:
    out = run(runner, ["play", "dernier", "--seed", "5"], ["rules", "quit", "quit"])
    assert "docs/ in the project" not in out and "cardgames rules dernier" in out
    cited = [p.name for p in DOCS.glob("*.md") if "RULES.md" in p.read_text(encoding="utf-8")]
    assert cited == []


def test_bug9_the_resume_command_given_at_quit_keeps_ascii(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "a.json"
    out = run(runner, ["play", "dernier", "--seed", "5", "--ascii", "--save", str(save)], ["quit", "y"])
    assert f"cardgames resume {save} --ascii" in flat(out)
    out = run(runner, ["play", "dernier", "--seed", "5", "--ascii"], ["quit", str(tmp_path / "b.json")])
    assert "--ascii" in flat(out).split("Continue later with:")[1]


def test_bug9_resume_takes_ascii_from_the_settings_file(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save = tmp_path / "a.json"
    run(runner, ["play", "dernier", "--seed", "5", "--ascii", "--save", str(save)], ["quit", "y"])
    settings = tmp_path / "settings.toml"
    settings.write_text("ascii = true\n")
    monkeypatch.setenv("CARDGAMES_SETTINGS", str(settings))
    out = run(runner, ["resume", str(save)], ["hand", "quit", "y"])
    assert not set("♠♥♦♣") & set(out)
    out = run(runner, ["resume", str(save), "--glyphs"], ["hand", "quit", "y"])
    assert set("♠♥♦♣") & set(out)


# -- what costs players cards or turns ------------------------------------------------------


def test_cost1_q_neither_plays_a_queen_nor_quits(runner: CliRunner) -> None:
    def one_queen(m: Mirror, seat: int) -> bool:
        return sum(c.rank is Rank.QUEEN for c in m.state.view(seat).hand) == 1

    seed = first_seed("dernier", one_queen)
    out = run(runner, ["play", "dernier", "--seed", str(seed)], ["q", "quit", "quit"])
    assert "could mean quit or a queen" in flat(out)
    assert not re.search(r"P1 (mis)?plays Q", out)
    assert out.count("You, your move:") == 2  # still the same move after q


def _shifted_after_draw(m: Mirror, seat: int) -> bool:
    """After a draw that keeps the turn, the number of the last card shown before names another card."""
    before = m.state.view(seat).hand
    m.type("draw")
    after = m.to_human()
    return after == seat and m.state.view(after).hand[len(before) - 1] != before[-1]


def test_cost2_a_number_read_from_the_hand_shown_after_a_draw_is_played_at_once(runner: CliRunner) -> None:
    seed = first_seed("dernier", _shifted_after_draw)
    mirror = Mirror("dernier", "me,bot,bot,bot", seed)
    seat = mirror.to_human()
    assert seat is not None
    number = len(mirror.state.view(seat).hand)
    mirror.type("draw")
    assert mirror.to_human() == seat
    card = mirror.state.view(seat).hand[number - 1]  # the number as the hand shown again names it
    legal = Play(card) in mirror.state.legal_actions()
    lines = ["draw", str(number), *([] if legal else ["y"]), "quit", "quit"]
    out = flat(run(runner, ["play", "dernier", "--seed", str(seed)], lines))
    assert "Your hand changed since you last saw it" not in out
    after_draw = out.split("You draw", 1)[1]
    played = re.escape(format_card(card, glyphs=True))
    assert re.search(rf"You (misplay|play) {played}", after_draw), after_draw


def test_cost3_the_rules_card_says_what_each_card_does(runner: CliRunner) -> None:
    out = flat(runner.invoke(app, ["rules", "dernier"]).output)
    for said in ("skips the next player", "reverses the direction", "draws 2 unless", "names the suit"):
        assert said in out
    assert "JOKER" in out and "Match: the first to win 3 hands wins" in out
    played = flat(
        run(runner, ["play", "dernier", "--seed", "5", "-o", "ace_penalty=3"], ["rules", "quit", "quit"])
    )
    assert "draws 3 unless they answer with an ace" in played and "ace_penalty=3" in played
    scala = flat(runner.invoke(app, ["rules", "dernier", "--preset", "scala40"]).output)
    assert "draws 3 unless they answer with an ace or a joker" in scala
    last = flat(runner.invoke(app, ["rules", "posledniy"]).output)
    assert "follow the suit led" in last and "The 8th trick loses the deal" in last


def test_cost3_a_third_party_game_provides_its_rules_card(runner: CliRunner, toy_registry: Any) -> None:
    out = flat(runner.invoke(app, ["rules", "toy"]).output)
    assert "a 9 names the value in force" in out
    json_out = runner.invoke(app, ["rules", "toy", "--json"]).output
    assert '"rules_card"' in json_out and "a 9 names the value in force" in json_out


def test_cost4_skips_reverses_sevens_and_aces_are_announced(runner: CliRunner) -> None:
    out = runner.invoke(app, ["play", "dernier", "--players", "bot,bot,bot,bot", "--seed", "3"]).output
    for mark in ("» Q: ", "» K: play now goes", "» A: ", "» 7: "):
        assert mark in out, mark
    skip = re.search(r"» Q: Bot (\d) is skipped; Bot (\d) plays next\.", out)  # names, not P1-P4
    assert skip is not None


def test_cost4_a_replay_announces_the_effects_too(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "bots.json"
    args = ["play", "dernier", "--players", "bot,bot,bot,bot", "--seed", "3", "--save", str(save)]
    played = runner.invoke(app, args).output
    replayed = runner.invoke(app, ["replay", str(save), "--brief"]).output
    assert [ln for ln in played.splitlines() if "» " in ln] == [
        ln for ln in replayed.splitlines() if "» " in ln
    ]


def test_cost5_help_with_a_joker_lists_every_kind_of_move_and_draw(runner: CliRunner) -> None:
    seed = first_seed("dernier", lambda m, seat: JOKER in m.state.view(seat).hand)
    out = flat(run(runner, ["play", "dernier", "--seed", str(seed)], ["help", "quit", "quit"]))
    moves = out.split("Moves you can make now: ")[1].split(" Also:")[0]
    assert "JOKER as … (" in moves and moves.endswith("draw")
    assert moves.count("JOKER as") == 2  # the grouped entry and its example, not 16 of 66


def test_cost6_a_typo_is_one_short_line_with_did_you_mean(runner: CliRunner) -> None:
    out = run(runner, ["play", "dernier", "--seed", "21"], ["drwa", "quit", "quit"])
    assert "Not understood: 'drwa'. Did you mean draw?" in out
    assert "add '!' or 'dernier'" not in out  # not the whole list of forms


# -- what the table shows -----------------------------------------------------------------


def test_the_dernier_table_names_the_players_who_played_the_top_card_and_whose_turn(
    runner: CliRunner,
) -> None:
    out = run(runner, ["play", "dernier", "--seed", "21", "--players", "Ann,bot,bot,bot"], ["quit", "quit"])
    said = flat(out)
    assert "Ann (you) · dealer" in said and "Bot 1 (heuristic) · 5 cards" in said
    assert re.search(r"Discard pile: \S+, played by Bot \d\b", said)  # the top card, who played it
    assert re.search(r"Play a card in \w+, any \w+ or a joker; or draw\.", said)  # what Ann may do


def test_playable_cards_are_marked_in_the_hand(runner: CliRunner) -> None:
    seed = 21
    mirror = Mirror("dernier", "me,bot,bot,bot", seed)
    seat = mirror.to_human()
    assert seat is not None
    view = mirror.state.view(seat)
    playable = {a.card for a in mirror.state.legal_actions() if isinstance(a, Play)}
    out = flat(run(runner, ["play", "dernier", "--seed", str(seed), "--ascii"], ["quit", "quit"]))
    hand = out.split("Your hand (* can be played now): ")[1].split(" You, your move")[0]
    for i, c in enumerate(view.hand, 1):
        written = f"{i}:{mirror.game.format_action(Play(c, False, c.suit, None)).split()[0]}"
        assert (written + "*" in hand) == (c in playable), (written, hand)


def test_posledniy_shows_the_last_trick_and_no_chips_of_plus_zero(runner: CliRunner) -> None:
    def third_trick(m: Mirror, seat: int) -> bool:
        while len(m.state.view(seat).tricks) < 2:
            m.type(m.game.format_action(m.state.legal_actions()[0]))
            if m.to_human() is None:
                return False
        return True

    seed = first_seed("posledniy", third_trick)
    mirror = Mirror("posledniy", "me,bot,bot,bot", seed)
    seat = mirror.to_human()  # where the seat draw (P-3) put the person
    assert seat is not None
    lines = []
    while len(mirror.state.view(seat).tricks) < 2:
        move = mirror.game.format_action(mirror.state.legal_actions()[0])
        lines.append(move)
        mirror.type(move)
        mirror.to_human()
    out = run(runner, ["play", "posledniy", "--seed", str(seed)], [*lines, "quit", "quit"])
    last = out.rsplit("Your hand", 1)[0].rsplit("Последний · deal", 1)[1]  # the table shown last
    assert re.search(r"Trick 2 of 8: .* took it", flat(last)), last  # the last trick, by who played each card
    assert "+0" not in out and "┃ chips" not in out  # a points game settles in chips only at its end


def test_the_final_table_names_the_loser(runner: CliRunner) -> None:
    bots = "bot,bot,bot,bot"
    out = runner.invoke(app, ["play", "posledniy", "--players", bots, "--seed", "7", "--ascii"]).output
    final = out.split("ame over")[-1]
    assert "loser" in final and "winner" in final


def test_the_joker_is_written_one_way(runner: CliRunner) -> None:
    seed = first_seed("dernier", lambda m, seat: JOKER in m.state.view(seat).hand)
    for extra in ([], ["--ascii"]):  # in the hand, the log and help, with glyphs or without
        out = run(runner, ["play", "dernier", "--seed", str(seed), *extra], ["help", "hand", "quit", "quit"])
        assert "JOKER" in out.split("Your hand")[1] and "Jkr" not in out and "🃏" not in out
    bots = runner.invoke(app, ["play", "dernier", "--players", "bot,bot,bot,bot", "--seed", "3"]).output
    assert "JOKER" in bots and "Jkr" not in bots and "🃏" not in bots


def test_with_glyphs_help_writes_cards_with_glyphs_too(runner: CliRunner) -> None:
    def jack(m: Mirror, seat: int) -> bool:
        return any(isinstance(a, Play) and a.card.rank is Rank.JACK for a in m.state.legal_actions())

    seed = first_seed("dernier", jack)
    out = run(runner, ["play", "dernier", "--seed", str(seed)], ["help", "quit", "quit"])
    moves = out.split("Moves you can make now: ")[1].split("Also:")[0]
    assert not re.search(r"\b(10|[2-9JQKA])[CDHS]\b", moves), moves
    assert not re.search(r"J[♣♦♥♠] [CDHS]", moves), moves  # a jack's named suit is a glyph too
    assert re.search(r"J[♣♦♥♠] ♣/♦/♥/♠", moves), moves


def test_the_match_goal_is_said_and_card_points_that_decide_nothing_are_not_shown(runner: CliRunner) -> None:
    out = runner.invoke(app, ["play", "dernier", "--players", "bot,bot,bot,bot", "--seed", "3"]).output
    assert "Match: the first to win 3 hands wins" in flat(out)
    hand_table = out.split("Hand 1: ")[1].split("\n\n")[0].split("Since")[0]
    assert "total points" not in hand_table and "hands won" in hand_table
    cards = runner.invoke(
        app, ["play", "dernier", "--players", "bot,bot,bot,bot", "--seed", "3", "-o", "scoring=cards"]
    ).output
    assert "total points" in cards


# -- what to build: hint, settings, bot delay, bell --------------------------------------------


def test_hint_suggests_a_legal_move_and_changes_nothing(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "h.json"
    args = ["play", "dernier", "--seed", "21", "--save", str(save), "--ascii"]
    out = run(runner, args, ["hint", "quit", "y"])
    match = re.search(r"Hint: (.+) \(what the heuristic bot would play here\)", out)
    assert match is not None
    mirror = Mirror("dernier", "me,bot,bot,bot", 21)
    assert mirror.to_human() is not None
    legal = [mirror.game.format_action(a) for a in mirror.state.legal_actions()]
    assert match[1] in legal
    assert load_record(save, find_game)[1].actions == mirror.table.record.actions


def _settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str) -> Path:
    path = tmp_path / "settings.toml"
    path.write_text(text, encoding="utf-8")
    monkeypatch.setenv("CARDGAMES_SETTINGS", str(path))
    return path


def test_the_settings_file_gives_name_preset_ascii_and_bots_and_flags_override_it(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _settings(
        tmp_path,
        monkeypatch,
        'name = "Marco"\nascii = true\n[dernier]\npreset = "classic"\nplayers = "me,bot"\n',
    )
    out = run(runner, ["play", "dernier", "--seed", "21"], ["quit", "quit"])
    assert "Seats: Marco and Bot 1 (heuristic)\n" in out and "hand_size=9" in out
    assert not set("♠♥♦♣") & set(out)
    out = run(
        runner,
        ["play", "dernier", "--seed", "21", "--glyphs", "--preset", "quick", "-p", "me,bot,bot"],
        ["quit", "quit"],
    )
    assert (
        "Seats: Marco, Bot 1 (heuristic) and Bot 2" in out
        and "hand_size=9" not in out
        and set("♠♥♦♣") & set(out)
    )


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("name = \n", "is not valid TOML"),
        ("nmae = 'x'\n", "unknown setting 'nmae'; did you mean name?"),
        ("ascii = 'yes'\n", "setting 'ascii' must be true or false"),
        ("[dernier]\npreset = 'classik'\n", "from the settings file"),
    ],
)
def test_a_damaged_settings_file_is_one_clear_line(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str, said: str
) -> None:
    path = _settings(tmp_path, monkeypatch, text)
    result = runner.invoke(app, ["play", "dernier", "--seed", "1"], input="quit\nquit\n")
    assert result.exit_code == 2
    assert said in flat(result.output) and str(path) in flat(result.output)
    assert "Traceback" not in result.output


def test_the_settings_file_lives_in_the_platform_config_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    import platformdirs

    from cardgames.play.settings import settings_path

    monkeypatch.delenv("CARDGAMES_SETTINGS")
    assert settings_path() == Path(platformdirs.user_config_dir("cardgames")) / "settings.toml"


def test_bot_delay_shows_each_bot_move_as_it_happens(runner: CliRunner) -> None:
    out = run(runner, ["play", "dernier", "--seed", "21", "--bot-delay", "0"], ["quit", "quit"])
    assert "So far:" in out
    delayed = run(runner, ["play", "dernier", "--seed", "21", "--bot-delay", "0.01"], ["quit", "quit"])
    # the bots' moves are printed one by one, before the person's table, not as one batch
    assert "So far:" not in delayed and "Bot 3 plays" in delayed.split("Dernier ─")[0] + delayed.split("╭")[0]
    bad = runner.invoke(app, ["play", "dernier", "--bot-delay", "-1"])
    assert bad.exit_code == 2


def test_bell_rings_when_it_is_your_turn_at_a_terminal() -> None:
    from rich.console import Console

    from cardgames.core.record import Seat
    from cardgames.play.session import Session
    from cardgames.play.start import start_table

    class Person:
        interactive = True

        def read(self, prompt: str, deadline: float | None = None) -> str:
            raise EOFError

    game = find_game("posledniy")
    table = start_table(game, [Seat("You"), Seat("B", "random"), Seat("C", "random")], 1, None, [])
    console = Console(force_terminal=True, width=100, record=True)
    with console.capture() as captured:
        Session(table, console, Person(), bell=True).run()
    assert "\a" in captured.get()


# The user guide's captured sessions, and every other sample in the docs, are held to the program's
# output by test_doc_excerpts.py.
