"""The commands on the real games: unattended JSON runs, the ledger, resume and replay."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_mirror import Mirror
from typer.testing import CliRunner

from cardgames.cli.app import app
from cardgames.core.record import load_record
from cardgames.games.dernier.actions import Play
from cardgames.ledger import Ledger
from cardgames.ledger.views import standings
from cardgames.play.logs import glyphs
from cardgames.play.seats import parse_players
from cardgames.play.start import start_table
from cardgames.plugins.registry import find_game
from cardgames.primitives.cards import format_card

BOTS = "bot,bot,bot,bot"


@pytest.mark.parametrize("game", ["dernier", "posledniy"])
def test_bots_alone_play_to_the_end_and_the_same_seed_gives_the_same_json(
    runner: CliRunner, game: str
) -> None:
    args = ["play", game, "--players", BOTS, "--json"]
    first = runner.invoke(app, [*args, "--seed", "7"])
    again = runner.invoke(app, [*args, "--seed", "7"])
    other = runner.invoke(app, [*args, "--seed", "8"])
    assert first.exit_code == 0, first.output
    assert first.stdout == again.stdout
    data = json.loads(first.stdout)
    assert data["game"] == game and data["seed"] == 7 and data["finished"]
    assert len(data["players"]) == 4 and all(p["bot"] for p in data["players"])
    assert data["hands"] and data["final"]["winners"]
    assert data["options"] == {**data["options"], **json.loads(other.stdout)["options"]}
    assert json.loads(other.stdout)["hands"] != data["hands"]


def test_posledniy_scores_add_up_from_hands_to_the_settlement(runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", "posledniy", "--players", BOTS, "--seed", "7", "--json"])
    data = json.loads(result.stdout)
    assert sum(data["final"]["scores"]) == 0
    points = [sum(h["points"][s] for h in data["hands"]) for s in range(4)]
    # the game ends when a player reaches the target (5 points by default)
    assert max(points) >= data["options"]["target"]


def test_a_finished_game_goes_to_the_ledger_once(runner: CliRunner, tmp_path: Path) -> None:
    ledger = tmp_path / "club.db"
    args = [
        "play",
        "posledniy",
        "--players",
        BOTS,
        "--seed",
        "7",
        "--ledger",
        str(ledger),
        "--tournament",
        "Club",
        "--create",  # nothing is created silently (issue 11)
    ]
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    scores = json.loads(result.stdout)["final"]["scores"]
    assert "Recorded as game 1 of tournament Club" in result.stderr
    again = runner.invoke(app, args)
    assert "Already recorded as game 1 of tournament Club" in again.output
    with Ledger.open(ledger) as book:
        rows = {r.player: r for r in standings(book, "Club").overall}
    names = [p["name"] for p in json.loads(result.stdout)["players"]]
    assert [rows[n].chips for n in names] == scores
    assert all(rows[n].games == 1 for n in names)


def drawn_seats(players: str, seed: int) -> list[str]:
    """The names at each seat of a Последний table after its seat draw (P-3)."""
    game = find_game("posledniy")
    return [s.name for s in start_table(game, parse_players(game, players), seed, None, []).seats]


def test_a_spectated_bot_game_shows_the_moves_and_the_scores(runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", "posledniy", "--players", BOTS, "--seed", "7", "--ascii"])
    assert result.exit_code == 0
    assert result.output.startswith("Posledniy\n")  # --ascii: the name in Latin letters too
    assert "The deal: seed 7," in result.output  # the seed only once the game is over
    seats = drawn_seats(BOTS, 7)  # the seat draw (P-3) decides who sits where
    assert f"Seats: {seats[0]}, {seats[1]}, " in result.output  # by name, in seat order
    assert "Seat draw, in the order the players drew: Bot " in result.output
    assert seats[:2] == ["Bot 1 (heuristic)", "Bot 2 (heuristic)"]  # numbered in seat order after the draw
    # Последний calls a hand a deal, and says "game over" once, above the final table
    assert "Deal 1:" in result.output and result.output.count("ame over with penalty points") == 1
    assert "game over: game over" not in result.output.casefold()
    assert "♠" not in result.output.split("Seats:")[1]
    final = result.output.split("Game over")[-1]
    assert "chips" in final and f"| {seats[0]} " in final and "P1" not in final  # chips, seats by name


def test_dernier_final_scores_are_hands_won_not_chips(runner: CliRunner) -> None:
    args = ["play", "dernier", "--players", "bot,bot,bot", "--seed", "3", "-o", "hands_to_win=1"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0
    heading, _, table = result.output.partition("Game over: ")[2].partition("\n")
    assert heading.startswith("Bot 1 won the match")  # one line, not wrapped at the table's width
    assert "hands won" in table and "chips" not in table  # the measure Dernier declares (Game.utility)
    assert "│ Bot 1 (heuristic) │ winner │         1 │" in table


def test_dernier_card_points_are_shown_as_counted_not_negated(runner: CliRunner) -> None:
    args = [
        "play",
        "dernier",
        "--players",
        "bot,bot",
        "--seed",
        "4",
        "-o",
        "scoring=cards",
        "-o",
        "target_points=20",
    ]
    table = runner.invoke(app, args).output.partition("Game over: ")[2]
    assert "card points (fewest best)" in table
    assert "│ Bot 1 (heuristic) │ winner │                        12 │" in table
    assert "│ Bot 2 (heuristic) │        │                        20 │" in table
    assert "-20" not in table


@pytest.mark.parametrize("game", ["dernier", "posledniy"])
def test_replay_shows_each_move_of_a_saved_game(runner: CliRunner, tmp_path: Path, game: str) -> None:
    path = tmp_path / "g.json"
    runner.invoke(app, ["play", game, "--players", BOTS, "--seed", "5", "--save", str(path), "--json"])
    _, record = load_record(path, find_game)
    total = len(record.actions)
    result = runner.invoke(app, ["replay", str(path), "--brief"])
    assert result.exit_code == 0, result.output
    assert f"move {total}/{total}:" in result.output and "Game over" in result.output
    # step by step, each move rendered from the chosen seat's view, until q
    stepped = runner.invoke(app, ["replay", str(path), "--step", "--seat", "P2", "--ascii"], input="\n\nq\n")
    assert stepped.exit_code == 0
    assert "move 3/" in stepped.output and "move 4/" not in stepped.output
    # who sits there (the seat draw's), never called "you": it is a bot's table
    assert stepped.output.count(f"The table as {record.seats[1].name} sees it:") == 3
    assert "(you)" not in stepped.output


def test_resume_of_a_finished_game_shows_its_end(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    runner.invoke(app, ["play", "dernier", "--players", BOTS, "--seed", "5", "--save", str(path), "--json"])
    result = runner.invoke(app, ["resume", str(path)])
    assert result.exit_code == 0
    assert "Game over" in result.output


def test_a_record_of_an_unplayable_move_is_refused_by_number(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    runner.invoke(app, ["play", "posledniy", "--players", BOTS, "--seed", "5", "--save", str(path), "--json"])
    data = json.loads(path.read_text(encoding="utf-8"))
    data["actions"][40] = data["actions"][41]
    path.write_text(json.dumps(data), encoding="utf-8")
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2
    assert "action 41" in result.output and "does not replay" in result.output


@pytest.mark.parametrize("game", ["dernier", "posledniy"])
def test_the_wrong_player_count_for_a_game_is_one_line(runner: CliRunner, game: str) -> None:
    result = runner.invoke(app, ["play", game, "--players", "me," + ",".join(["bot"] * 8)])
    assert result.exit_code == 2
    assert "players, not 9" in result.output


def test_a_wild_joker_asks_for_the_card_it_stands_for(runner: CliRunner, tmp_path: Path) -> None:
    # a mirror of the session finds a first hand where you can play a wild joker, and plays it
    for seed in range(1, 300):
        mirror, lines = Mirror("dernier", "me,bot,bot,bot", seed), []
        while mirror.to_human(hands=1) is not None:
            legal = list(mirror.state.legal_actions())
            jokers = [a for a in legal if isinstance(a, Play) and a.card.is_joker and a.as_card is not None]
            text = mirror.game.format_action(jokers[0] if jokers else legal[0])
            assert mirror.type(text)
            if jokers:
                lines += ["joker", text.split(" as ", 1)[1]]
                break
            lines.append(text)
        if jokers:
            break
    save = tmp_path / "joker.json"
    result = runner.invoke(
        app,
        ["play", "dernier", "--seed", str(seed), "--save", str(save)],
        input="\n".join([*lines, "quit", "y"]) + "\n",
    )
    assert result.exit_code == 0, result.output
    assert "What card does the joker stand for?" in result.output
    assert glyphs(f"You play JOKER as {lines[-1].split()[0]}") in result.output  # log cards in glyphs
    _, record = load_record(save, find_game)
    mirror.to_human()  # the bots' moves up to the prompt where you quit
    assert record.actions == mirror.table.record.actions


@pytest.mark.parametrize("mode", ["strict", "forgiving"])
def test_a_dernier_misplay_is_penalised_in_strict_mode_and_refused_in_forgiving_mode(
    runner: CliRunner, mode: str
) -> None:
    pairs = [f"misplay={mode}"]
    for seed in range(1, 100):
        mirror = Mirror("dernier", "me,bot,bot,bot", seed, pairs)
        seat = mirror.to_human()
        assert seat is not None
        legal = mirror.state.legal_actions()
        hand = mirror.state.view(seat).hand
        wrong = [c for c in hand if not c.is_joker and c.rank.name != "JACK" and Play(c) not in legal]
        if wrong:
            break
    text = mirror.game.format_action(Play(wrong[0]))
    args = ["play", "dernier", "--seed", str(seed), "-o", pairs[0]]
    # strict: the person is asked first, with what it costs, and confirms (y)
    result = runner.invoke(app, args, input=f"{text}\ny\nquit\nquit\n")
    assert result.exit_code == 0
    after = " ".join(result.output.split(f"your move: {text}")[1].split())  # lines are wrapped at 80
    if mode == "strict":
        assert after.startswith(glyphs(f"That move is not allowed and costs a penalty: You misplay {text}"))
        assert "That move was not allowed, and it costs a penalty." in after
        assert glyphs(f"You misplay {text}") in after and "you draw 2 and lose the turn" in after
    else:
        assert after.startswith(glyphs(f"Not allowed: {text} does not match"))
        assert "misplay" not in after


@pytest.mark.parametrize("game", ["dernier", "posledniy"])
def test_the_log_is_shown_once_above_the_table_with_glyphs_or_ascii(runner: CliRunner, game: str) -> None:
    result = runner.invoke(app, ["play", game, "--seed", "1"], input="quit\nquit\n")
    assert result.exit_code == 0, result.output
    before, _, _ = result.output.partition("You, your move:")
    log_lines = [line.strip() for line in before.split("So far:")[1].splitlines() if line.startswith("  ")]
    assert log_lines
    for line in log_lines:  # each event once: the table under the list does not repeat it
        assert before.count(line) == 1, line
    if game == "dernier":
        assert "the starter is 4♣" in before and "Bot 3 plays 8♣" in before
    result = runner.invoke(app, ["play", game, "--seed", "1", "--ascii"], input="quit\nquit\n")
    before = result.output.partition("You, your move:")[0]
    assert before.isascii(), before


def test_a_person_is_told_which_cards_came_into_their_hand(runner: CliRunner) -> None:
    # the log says only "draws a card"; the person who drew may see which card it was
    mirror = Mirror("dernier", "me,bot,bot,bot", 5)
    seat = mirror.to_human()
    assert seat is not None
    before = list(mirror.state.view(seat).hand)
    assert mirror.type("draw")
    after = list(mirror.state.view(seat).hand)
    for c in before:
        after.remove(c)
    result = runner.invoke(app, ["play", "dernier", "--seed", "5"], input="draw\nquit\nquit\n")
    drawn = " ".join(format_card(c, glyphs=True) for c in after)
    assert f"You draw {drawn}\n  New in your hand: {drawn}\n" in result.output
    first = result.output.partition("your move: draw")[0]
    assert "New in your hand" not in first  # the dealt hand is not news


def test_the_options_that_differ_from_the_usual_ones_are_named_at_the_start(runner: CliRunner) -> None:
    args = ["play", "dernier", "--seed", "11", "--preset", "scala40", "-o", "anticipo=on"]
    out = " ".join(runner.invoke(app, args, input="quit\nquit\n").output.split())
    assert "Options: ace_penalty=3, joker_mode=draw5, anticipo=on (cardgames rules dernier" in out
    plain_game = runner.invoke(app, ["play", "dernier", "--seed", "11"], input="quit\nquit\n").output
    assert "Options:" not in plain_game


def test_a_wrong_answer_to_the_jack_question_names_the_suits_and_asks_again(runner: CliRunner) -> None:
    for seed in range(1, 300):
        mirror = Mirror("dernier", "me,bot,bot,bot", seed)
        seat = mirror.to_human()
        assert seat is not None
        jacks = [c for c in mirror.state.view(seat).hand if c.rank is not None and c.rank.name == "JACK"]
        if jacks:
            break
    jack = format_card(jacks[0])
    result = runner.invoke(app, ["play", "dernier", "--seed", str(seed)], input=f"{jack}\nx\n\nquit\nquit\n")
    out = " ".join(result.output.split())
    assert "Not understood: 'x': answer c, d, h or s; or press Enter to take the move back." in out
    assert out.count("Name the suit in force") == 2 and "Move cancelled." in out
    assert "write a card" not in out  # not every form of a move, just the answers to the question


def test_a_resumed_game_names_the_seats_options_and_save_file(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    args = ["play", "posledniy", "--seed", "4", "--preset", "chips", "--save", str(path)]
    assert runner.invoke(app, args, input="quit\ny\n").exit_code == 0
    out = runner.invoke(app, ["resume", str(path), "--ascii"], input="quit\ny\n").output
    assert out.startswith("Resuming Posledniy (deal commitment ")  # --ascii: Latin letters
    assert ") after " in out and "seed 4" not in out
    seats = drawn_seats("me,bot,bot,bot", 4)  # where the seat draw (P-3) put everyone, kept in the file
    assert f"Seats: {seats[0]}, {seats[1]}, " in out and "Options: scoring=chips" in out
    assert "Saving every move in" in out


def test_replay_says_whose_table_it_shows_and_writes_cards_with_glyphs(
    runner: CliRunner, tmp_path: Path
) -> None:
    path = tmp_path / "g.json"
    args = ["play", "dernier", "--players", BOTS, "--seed", "5", "-o", "hands_to_win=1", "--json"]
    runner.invoke(app, [*args, "--save", str(path)])
    _, record = load_record(path, find_game)
    game = find_game("dernier")
    first = game.format_action(record.actions[0])
    out = runner.invoke(app, ["replay", str(path), "--step"], input="q\n").output  # the first move only
    assert f"move 1/{len(record.actions)}: Bot 4: {glyphs(first)} " in out
    assert "The table as Bot 4 (heuristic) sees it:" in out  # whose table it is: a bot's, not "you"
    out = runner.invoke(app, ["replay", str(path), "--seat", "P2", "--step"], input="q\n").output
    assert "The table as Bot 2 (heuristic) sees it:" in out and "Bot 4 (heuristic) sees" not in out


def test_ascii_means_ascii_to_the_end_of_the_game_and_in_replay(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    args = ["play", "dernier", "--players", "bot,bot", "--seed", "2", "-o", "hands_to_win=1", "--ascii"]
    out = runner.invoke(app, [*args, "--save", str(path)]).output
    assert "Game over" in out and out.isascii()  # the score tables too
    out = runner.invoke(app, ["replay", str(path), "--ascii", "--brief"]).output
    assert "move 1/" in out and out.isascii()


def test_hot_seat_names_the_seats_again_after_clearing_the_screen(runner: CliRunner) -> None:
    args = ["play", "dernier", "--seed", "5", "--players", "Ann,Boris,bot"]
    out = runner.invoke(app, args, input="\nquit\nquit\n").output
    after = out.split("press Enter when you are at the screen")[1]
    assert "Seats: Ann, Boris and Bot 1 (heuristic)" in after


def test_rules_lists_the_options_the_way_they_are_typed(runner: CliRunner) -> None:
    out = runner.invoke(app, ["play", "dernier", "--seed", "5"], input="rules\nquit\nquit\n").output
    listed = " ".join(out.partition("Options in force: ")[2].partition("All the rules")[0].split())
    assert "anticipo=off" in listed and "move_seconds=none" in listed  # as typed with -o, not False/None
    assert "False" not in listed and "None" not in listed


@pytest.mark.parametrize("players", ["bot,bot,bot", "me,bot,bot"])
def test_the_scores_of_a_hand_come_before_the_next_hands_deal(runner: CliRunner, players: str) -> None:
    args = ["play", "dernier", "--players", players, "--seed", "4", "-o", "hands_to_win=2"]
    moves = ""
    if players.startswith("me"):  # play the first card that the rules allow, calling Dernier! in time
        mirror, lines = Mirror("dernier", players, 4, ["hands_to_win=2"]), []
        while (seat := mirror.to_human(hands=1)) is not None:
            legal = mirror.state.legal_actions()
            hand = mirror.state.view(seat).hand
            plays = [a for a in legal if isinstance(a, Play) and (a.dernier or len(hand) != 2)]
            lines.append(mirror.game.format_action(plays[0] if plays else legal[0]))
            assert mirror.type(lines[-1])
        moves = "\n".join([*lines, "quit", "quit", ""])
    out = runner.invoke(app, args, input=moves).output
    won, scores, deal = out.index(" wins hand 1\n"), out.index("Hand 1: "), out.index("hand 2: ")
    assert won < scores < deal  # the end of hand 1, its scores, and only then hand 2's deal
    assert out.count("hand 2: ") == 1


def test_a_person_is_told_once_what_the_prompt_takes(runner: CliRunner) -> None:
    out = runner.invoke(app, ["play", "posledniy", "--seed", "3"], input="quit\nquit\n").output
    said = " ".join(out.split())
    assert said.count("At 'your move:' type a card or its number in your hand; help lists") == 1
    args = ["play", "posledniy", "--players", BOTS, "--seed", "3", "-o", "target=1"]
    bots = runner.invoke(app, args).output
    assert "your move:' type" not in bots  # nobody to tell


def test_a_person_without_the_card_is_not_asked_about_an_anticipo(runner: CliRunner) -> None:
    """D-20, I-2: the game asks everyone, but the terminal answers 'no' for the one person at the
    screen when 'no' is all they could say, instead of asking after every card the bots play."""
    args = ["play", "dernier", "--players", "me,bot,bot,bot", "--seed", "8", "-o", "anticipo=on"]
    out = runner.invoke(app, args, input="draw\n" * 12 + "quit\nquit\n").output
    assert out.count(" plays ") >= 3  # the bots played cards, and after each one everyone was asked
    assert "You hold none" not in out
    assert "Not understood" not in out and "Not allowed" not in out  # every 'draw' was a move


def test_a_tournament_game_stopped_before_its_end_says_how_it_gets_into_the_ledger(
    runner: CliRunner, tmp_path: Path
) -> None:
    """The ledger takes finished games: an unfinished one is not dropped silently; the command given works."""
    save, book = tmp_path / "t.json", tmp_path / "L.sqlite3"
    args = ["play", "dernier", "-p", "me,bot,bot", "--seed", "5", "--save", str(save)]
    args += ["--ledger", str(book), "--tournament", "Cup", "--create"]
    result = runner.invoke(app, args, input="draw\n")
    assert "The game is not recorded in tournament Cup yet" in result.stderr
    command = result.stderr.split("record it with: ")[1].split()
    assert command[:4] == ["cardgames", "ledger", "import", str(save)] and "--create" in command
    assert runner.invoke(app, ["resume", str(save)], input="draw\n" * 3000).exit_code == 0
    done = runner.invoke(app, command[1:])
    assert done.exit_code == 0 and "Recorded" in done.output, done.output
