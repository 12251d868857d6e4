"""Podkidnoy Durak (tests/framework_durak.py), a plugin written against the narrow protocol.

It declares its zones and writes no view, re-deal, card list, notation or decision bound:
the framework derives them. These tests hold its rules, its size, and everything the
framework derives for it (the conformance kit, typed moves, a person's game in the terminal
against search bots that re-deal what they cannot see).
"""

from __future__ import annotations

import ast
import io
import json
import random
import tokenize
from pathlib import Path
from typing import Any

import pytest
from framework_durak import Durak, DurakState, Pass, Play, Take, beats
from registry_with import installed_plus_plugin
from typer.testing import CliRunner

from cardgames.bots.lookup import decide
from cardgames.cli.app import app
from cardgames.conformance import check_random_game
from cardgames.core.game import DEFAULT_MAX_DECISIONS, Game
from cardgames.core.options import NoOptions
from cardgames.core.record import Seat
from cardgames.core.state import Choice, GameState
from cardgames.play.start import start_table
from cardgames.plugins.sandbox import seat_bot
from cardgames.primitives.cards import Card, Suit, format_card, parse_card, parse_cards
from cardgames.primitives.errors import IllegalActionError, ParseError

SOURCE = Path(__file__).parents[1] / "framework_durak.py"
SEARCH = "ismcts:iterations=30"  # the hard bot's search on a small budget: it re-deals what it cannot see


@pytest.mark.parametrize("players", range(2, 7))
@pytest.mark.parametrize("seed", range(2))
def test_durak_passes_the_conformance_kit(players: int, seed: int) -> None:
    playout = check_random_game(Durak(), NoOptions(), players, seed, random.Random(seed), view_every=2)
    assert playout.hidden_changes > 0 and playout.state.outcome() is not None


def _bout(hands: str, stock: str = "", trump: str = "6S") -> DurakState:
    """A state with the given hands (seat by seat, '/' between), P1 to attack P2."""
    state = Durak().new_game(NoOptions(), len(hands.split("/")), 0)
    state.hands = [parse_cards(h) for h in hands.split("/")]
    state.stock, state.discard = parse_cards(stock), []
    state.trump_card = parse_card(trump)
    state.trump = state.trump_card.suit
    state._start_bout(0)
    return state


def test_a_card_is_beaten_by_a_higher_one_of_its_suit_or_by_a_trump() -> None:
    assert beats(parse_card("9H"), parse_card("7H"), Suit.SPADES)
    assert not beats(parse_card("7H"), parse_card("9H"), Suit.SPADES)
    assert beats(parse_card("6S"), parse_card("AH"), Suit.SPADES)
    assert not beats(parse_card("AD"), parse_card("6H"), Suit.SPADES)
    assert not beats(parse_card("7S"), parse_card("8S"), Suit.SPADES)


def test_a_beaten_bout_is_a_throw_in_race_and_goes_to_the_discard() -> None:
    state = _bout("7H 9C/8H 10H AC/7C 9D")
    state.apply(Play(parse_card("7H")))
    assert state.to_act() == 1 and not state.race()
    assert state.legal_actions() == [Play(parse_card("8H")), Play(parse_card("10H")), Take()]
    state.apply(Play(parse_card("8H")))
    assert state.race() and state.to_decide() == (0, 2)  # both asked at once
    assert state.legal_actions_for(0) == [Pass()]  # 9C matches no rank on the table: asked all the same
    assert Play(parse_card("7C")) in state.legal_actions_for(2)  # a 7 is on the table
    state.apply(Choice(2, Play(parse_card("7C"))))  # P3 is first in: P1's question closes
    assert not state.race() and state.to_act() == 1
    state.apply(Play(parse_card("AC")))
    assert state.to_decide() == (0, 2)  # a new race: an ace is on the table now
    state.apply(Choice(2, Pass()))
    assert state.race() and state.to_decide() == (0,)
    state.apply(Choice(0, Pass()))
    assert state.discard == parse_cards("7H 7C 8H AC") and state.attacks == []
    assert (state.attacker, state.defender) == (1, 2)  # the defender who held out attacks next


def test_a_defender_who_takes_is_given_throw_ins_and_loses_the_turn() -> None:
    state = _bout("7H 7D 10C/8C AC 9H/9S 7S", stock="KH KD QC")  # QC on top
    state.apply(Play(parse_card("7H")))
    state.apply(Take())
    assert state.to_decide() == (0, 2) and state.legal_actions_for(0) == [Play(parse_card("7D")), Pass()]
    state.apply(Choice(2, Pass()))
    state.apply(Choice(0, Play(parse_card("7D"))))
    assert state.to_decide() == (0,)  # the race narrows: P3 passed, and a throw-in adds no rank
    state.apply(Choice(0, Pass()))  # the last pass ends the bout though P3 holds a 7
    assert sorted(state.hands[1], key=str) == sorted(parse_cards("8C AC 9H 7H 7D"), key=str)
    state = _bout("7H 7D 10C/8C AC 9H/9S 7S", stock="KH KD QC")
    state.apply(Play(parse_card("7H")))
    state.apply(Take())
    state.apply(Choice(0, Play(parse_card("7D"))))
    state.apply(Choice(2, Play(parse_card("7S"))))  # the third card: as many as the defender held
    assert sorted(state.hands[1], key=str) == sorted(parse_cards("8C AC 9H 7H 7D 7S"), key=str)
    assert state.hands[0] == parse_cards("10C QC KD KH") and state.stock == []  # the attacker drew first
    assert (state.attacker, state.defender) == (2, 0)  # the taker is passed over


def test_everyone_remembers_what_a_defender_picked_up() -> None:
    state = _bout("7H 7D 10C/8C AC 9H/9S 7S")
    state.apply(Play(parse_card("7H")))
    state.apply(Take())
    for _ in range(2):
        state.apply(Pass())
    assert state.view(2).zone("hands").faces[1] == (parse_card("7H"),)  # the others' views show it
    for n in range(10):
        assert parse_card("7H") in state.determinize(0, random.Random(n)).hands[1]  # and worlds keep it there
    state._start_bout(1)
    state.apply(Play(parse_card("7H")))
    assert state.picked_up[1] == []  # played again: no longer in the hand


def test_the_last_player_holding_cards_is_the_fool() -> None:
    state = _bout("7H/AC 8H")
    state.apply(Play(parse_card("7H")))
    state.apply(Play(parse_card("8H")))
    outcome = state.outcome()
    assert state.to_act() is None and outcome is not None
    assert outcome.winners == (0,) and outcome.scores == (1, -1) and "P2 is the fool" in str(outcome.summary)


def test_a_last_card_beaten_by_the_last_card_is_a_draw() -> None:
    state = _bout("7H/8H")
    state.apply(Play(parse_card("7H")))
    assert state.to_act() == 1  # the bout is played out, though the attacker is out of cards
    state.apply(Play(parse_card("8H")))
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0, 1) and outcome.scores == (0, 0)


def test_a_move_not_allowed_changes_nothing() -> None:
    state = _bout("7H 9C/8H")
    before = state.clone()
    with pytest.raises(IllegalActionError, match="take is not allowed now"):
        state.apply(Take())
    assert state == before


def test_typed_moves_read_cards_numbers_and_words() -> None:
    game, state = Durak(), _bout("7H 9C 10D/8H")
    view = state.view(0)
    assert view.hand == tuple(parse_cards("9C 10D 7H"))  # by suit, then by rank
    assert [game.parse_action(t, view) for t in ("3", "9c", "10♦", "take", "pass")] == [
        Play(parse_card("7H")),
        Play(parse_card("9C")),
        Play(parse_card("10D")),
        Take(),
        Pass(),
    ]
    with pytest.raises(ParseError, match="did you mean take"):
        game.parse_action("tkae", view)
    with pytest.raises(ParseError, match="there is no card number 4: your hand has 3 cards"):
        game.parse_action("4", view)


def _typed_by_a_person(game: Game, seed: int) -> list[str]:  # type: ignore[type-arg]
    """What a person who always makes the first legal move types against a search bot.

    A card by its number in the hand, or by name when cards came into the hand since the last
    move (the terminal then asks before it takes a number, as the cards have moved). In the
    throw-in race she is asked only when she has a card to throw in (alone at the screen,
    being spared it tells nobody anything), and the bot answers the same question.
    """
    table = start_table(game, [Seat("Ann"), Seat("Bot 1", SEARCH)], seed, None, [])
    bot = seat_bot(game, SEARCH, seed, 1)
    typed: list[str] = []
    before: tuple[Card, ...] = ()

    def ann() -> Any:
        nonlocal before
        action, hand = table.state.legal_actions_for(0)[0], table.state.view(0).hand
        if not isinstance(action, Play):
            typed.append(game.format_action(action))
        elif set(hand) <= set(before) or not typed:
            typed.append(str(hand.index(action.card) + 1))
        else:
            typed.append(format_card(action.card, glyphs=len(typed) % 2 == 0))
        before = tuple(c for c in hand if not isinstance(action, Play) or c != action.card)
        return action

    while (seat := table.state.to_act()) is not None:
        state = table.state
        if state.race():
            answers: dict[int, Any] = {}
            if 0 in state.to_decide():  # Ann, alone at the screen, is spared a question she can only pass
                only_pass = state.legal_actions_for(0) == [Pass()]
                answers[0] = Pass() if only_pass else ann()
            if 1 in state.to_decide():
                answers[1] = decide(bot, state, 1)
            table.settle_race([(s, answers[s]) for s in state.to_decide()])
        elif seat == 1:
            table.act(decide(bot, state, seat))
        else:
            table.act(ann())
    return typed


def test_a_person_plays_durak_against_a_search_bot_by_card_numbers(monkeypatch: pytest.MonkeyPatch) -> None:
    game = installed_plus_plugin(monkeypatch, "durak", "framework_durak:Durak").find("durak")
    typed = _typed_by_a_person(game, 3)
    assert {"number" if t.isdigit() else "word" if t.isalpha() else "name" for t in typed} == {
        "number",
        "name",
        "word",
    }
    args = ["play", "durak", "-p", f"Ann,bot:{SEARCH}", "--seed", "3", "--lines", "--json"]
    mistakes = ["tkae", "99", "7X"]  # refused, each with what was wrong, and nothing played
    result = CliRunner().invoke(app, args, input="\n".join(mistakes + typed) + "\n")
    assert result.exit_code == 0, result.output
    for said in ("did you mean take?", "there is no card number 99", "'7X' is not a card"):
        assert said in result.output
    data = json.loads(result.stdout)
    assert data["finished"] and [p["bot"] for p in data["players"]] == [None, SEARCH]
    assert data["moves"] > len(typed)


# How the plugin's lines are counted. Boilerplate is what the protocol makes an author write that
# is not a rule of Durak: the imports, the state's declarations (``fields``, ``__slots__``, ``zones``,
# ``public_fields``, ``public_seats``), its ``__init__`` and the Game class's declarations (id, names,
# player range, action types). Text is blank lines, comments and docstrings. Everything else is rules.
DECLARATIONS = frozenset(
    {"fields", "__slots__", "zones", "public_fields", "public_seats"}
    | {"id", "name", "aliases", "summary", "min_players", "max_players", "action_types", "protocol"}
)


def count_lines(path: Path) -> dict[str, int]:
    """The plugin's lines as rules, boilerplate and text (see the comment above)."""
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source)
    text = {i for i, line in enumerate(source.splitlines(), 1) if not line.strip()}
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.COMMENT and not source.splitlines()[tok.start[0] - 1].split("#")[0].strip():
            text.add(tok.start[0])
    boiler: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            doc = body[0]
            if isinstance(doc.value, ast.Constant) and isinstance(doc.value.value, str):
                text |= set(range(doc.lineno, (doc.end_lineno or doc.lineno) + 1))
        if isinstance(node, ast.Import | ast.ImportFrom):
            boiler |= set(range(node.lineno, (node.end_lineno or node.lineno) + 1))
        if isinstance(node, ast.ClassDef) and any(
            isinstance(b, ast.Subscript | ast.Name) and ast.unparse(b).split("[")[0] in ("Game", "GameState")
            for b in node.bases
        ):
            for item in node.body:
                names = [t.id for t in _targets(item)]
                if any(n in DECLARATIONS for n in names) or getattr(item, "name", "") == "__init__":
                    boiler |= set(range(item.lineno, (item.end_lineno or item.lineno) + 1))
    total = len(source.splitlines())
    boiler -= text
    return {
        "total": total,
        "boilerplate": len(boiler),
        "text": len(text),
        "rules": total - len(boiler) - len(text),
    }


def _targets(item: ast.stmt) -> list[ast.Name]:
    if isinstance(item, ast.Assign):
        return [n for t in item.targets for n in ast.walk(t) if isinstance(n, ast.Name)]
    if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
        return [item.target]
    return []


def test_durak_is_at_most_500_lines_of_which_at_most_50_boilerplate() -> None:
    counts = count_lines(SOURCE)
    print(counts)  # the split, for the record (pytest -s)
    assert counts["total"] <= 500 and counts["boilerplate"] <= 50
    assert counts["rules"] > counts["boilerplate"]


def test_durak_writes_none_of_the_derived_members() -> None:
    for name in ("view", "all_cards", "determinize", "players"):
        assert getattr(DurakState, name) is getattr(GameState, name), name
    for name in ("parse_action", "format_action", "max_decisions"):
        assert getattr(Durak, name) is getattr(Game, name), name
    assert getattr(DurakState.clone, "from_fields", False) and Durak.options_type is NoOptions


def test_the_lab_simulates_durak_with_no_bound_declared(monkeypatch: pytest.MonkeyPatch) -> None:
    installed_plus_plugin(monkeypatch, "durak", "framework_durak:Durak")
    args = ["simulate", "durak", "-p", "random,random,random", "-n", "3", "--seed", "1", "-w", "1", "--json"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games_played_now"] == 3
    assert 0 < data["variants"][0]["decisions"]["max"] < DEFAULT_MAX_DECISIONS  # no game cut off by the bound
