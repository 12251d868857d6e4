"""Per-observer text (I-1): each seat reads moves and log entries as it may see them, and the kit
fails a game whose texts name a card to a seat that cannot know it."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from cardgames.cli.app import app
from cardgames.conformance import ConformanceError, check_random_game
from cardgames.core.choosing import Pick
from cardgames.core.eventlog import EventLog
from cardgames.core.record import load_record
from cardgames.core.state import LogEntry, PrivateText, public_log
from cardgames.games.dernier import Dernier
from cardgames.games.dernier import state as dernier_state
from cardgames.games.dernier import view as dernier_view
from cardgames.games.dernier.options import DernierOptions
from cardgames.games.posledniy import Posledniy
from cardgames.games.posledniy.options import PosledniyOptions
from cardgames.games.posledniy.phases import EXCHANGE
from cardgames.plugins.registry import find_game
from cardgames.primitives.cards import CARDS, Card, Rank, Suit, cards_named, format_card

RUNNER = CliRunner()


def test_cards_named_reads_both_notations_and_not_rule_ids_or_seats() -> None:
    h7, s10 = Card(Rank.SEVEN, Suit.HEARTS), Card(Rank.TEN, Suit.SPADES)
    assert cards_named("P1 plays 7H, then 10♠ (P-10, D-6); P2 draws 2") == {h7, s10}
    assert cards_named("a JOKER as 2C") == {Card(Rank.TWO, Suit.CLUBS)}


def test_a_log_shows_each_seat_its_own_private_text_and_a_spectator_the_public_one() -> None:
    log: EventLog[str] = EventLog(["deal", "pass"])

    def write(record: str) -> LogEntry | PrivateText:
        if record == "pass":
            return PrivateText(0, "passes 3 cards", ((0, "passes 7♥ 8♥ 9♥"), (1, "passes 7♥ 8♥ 9♥")))
        return LogEntry(None, "deals")

    giver, third, spectator = log.words(write, 0), log.words(write, 2), log.words(write, None)
    assert giver[1] == LogEntry(0, "passes 7♥ 8♥ 9♥", "passes 3 cards")
    assert giver[1].public_text == "passes 3 cards" and log.words(write, 1)[1].text == "passes 7♥ 8♥ 9♥"
    assert third[1] == LogEntry(0, "passes 3 cards") and list(spectator) == list(third)
    assert public_log(giver) == tuple(third) and giver != third
    world = log.copy()
    world.conceal(2, 3)  # a world dealt again for seat 2: seat 0 no longer reads its old private text
    assert world.words(write, 0)[1] == LogEntry(0, "passes 3 cards")
    assert world.words(write, 2) == third


def test_i1_posledniy_passes_are_named_to_giver_and_receiver_only() -> None:
    game = Posledniy()
    state = game.new_game(PosledniyOptions(), 4, 3)
    giver = state.to_act()
    assert giver is not None
    picks = []  # the pass is chosen card by card (protocol 2 picks), then made at once
    while state.to_act() == giver and state.phase == EXCHANGE and len(state.passes) == 0:
        action = state.legal_actions()[0]
        assert isinstance(action, Pick)
        picks.append((action, [state.view(s) for s in range(4)]))
        state.apply(action)
    names = [f"{p.card.rank}{p.card.suit.glyph}" for p, _ in picks]
    assert len(names) == 3
    for seat in range(4):
        entry = state.view(seat).log[-1]
        sees = seat in (giver, (giver + 1) % 4)
        assert all(name in entry.text for name in names) is sees, (seat, entry)
        assert not any(name in entry.public_text for name in names)
        for number, (pick, before) in enumerate(picks, 1):
            # the receiver sees the pick that completes the pass, when the cards come to it
            seen = seat == giver or (seat == (giver + 1) % 4 and number == len(picks))
            described = game.describe_action(pick, giver, before[seat])
            assert (described == game.typed_action(pick)) is seen, (seat, number, described)
    assert game.describe_action(picks[0][0], giver, None) == "choose a card to pass, face down"


def test_i1_a_dernier_draw_is_named_to_the_drawer_only() -> None:
    state = Dernier().new_game(DernierOptions(), 3, 11)
    for _ in range(200):
        seat = state.to_act()
        assert seat is not None
        draws = [a for a in state.legal_actions() if type(a).__name__ == "Draw"]
        if draws and not state.penalty.pending:
            hand = list(state.view(seat).hand)
            state.apply(draws[0])
            new = list(state.view(seat).hand)
            for c in hand:
                new.remove(c)
            entry = state.view(seat).log[-1]
            assert entry.public_text.endswith("draws a card")
            assert entry.text.endswith(f"draws {format_card(new[0], glyphs=True)}")
            other = state.view((seat + 1) % 3).log[-1]
            assert other.text == entry.public_text
            return
        state.apply(state.legal_actions()[0])
    pytest.fail("nobody drew")


class _LoudPasses(Posledniy):
    """Broken: every seat (and a spectator) reads the cards of every pass."""

    def describe_action(self, action: Any, actor: int, view: Any | None) -> str:
        return self.format_action(action)


def test_i1_the_kit_catches_a_move_text_that_names_a_pass_to_everyone() -> None:
    # the silence and hidden-move checks are off: the text check alone must see it
    with pytest.raises(ConformanceError, match=r"the move as described shown to .* names .* cannot know"):
        check_random_game(_LoudPasses(), PosledniyOptions(), 4, 1, random.Random(1), silence=False)


def test_i1_the_kit_catches_a_log_that_names_a_drawn_card_to_everyone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    write = dernier_state.log_entry

    def loud(raw: tuple[Any, ...]) -> LogEntry | PrivateText:
        if raw[0] == "draw":  # broken: the drawn card in the public text
            return LogEntry(raw[1], f"P{raw[1] + 1} draws {CARDS[raw[2]]}")
        return write(raw)

    monkeypatch.setattr(dernier_state, "log_entry", loud)  # the state's public_log
    monkeypatch.setattr(dernier_view, "log_entry", loud)  # and the view's log
    with pytest.raises(ConformanceError, match=r"a log entry shown to seat \d names .* cannot know"):
        check_random_game(Dernier(), DernierOptions(), 3, 2, random.Random(2), silence=False)


def test_i1_the_kit_catches_a_private_text_given_to_the_wrong_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    from cardgames.games.posledniy import state as posledniy_state

    write = posledniy_state._entry

    def wrong(event: Any) -> LogEntry | PrivateText:
        entry = write(event)
        if isinstance(entry, PrivateText):  # broken: the giver's right-hand neighbour reads the pass too
            (giver, text), _ = entry.private
            return PrivateText(entry.seat, entry.public, (*entry.private, ((giver - 1) % 4, text)))
        return entry

    monkeypatch.setattr(posledniy_state, "_entry", wrong)
    with pytest.raises(ConformanceError, match=r"a log entry shown to seat \d names .* cannot know"):
        check_random_game(Posledniy(), PosledniyOptions(), 4, 1, random.Random(1), silence=False)


def _bot_game(tmp_path: Path, game: str, seed: int) -> Path:
    path = tmp_path / f"{game}.json"
    args = ["play", game, "--players", "bot,bot,bot,bot", "--seed", str(seed), "--save", str(path)]
    assert RUNNER.invoke(app, [*args, "-o", "hands_to_win=1"] if game == "dernier" else args).exit_code == 0
    return path


def test_i1_replay_for_one_seat_shows_its_own_draws_and_not_the_others(tmp_path: Path) -> None:
    path = _bot_game(tmp_path, "dernier", 5)
    out = RUNNER.invoke(app, ["replay", str(path), "--seat", "P2", "--brief", "--ascii"]).output
    _, record = load_record(path, find_game)
    names = [s.name.removesuffix(" (heuristic)") for s in record.seats]
    lines = [line.strip() for line in out.splitlines()]
    assert any(line.startswith(f"{names[1]} draws ") and not line.endswith("a card") for line in lines)
    for other in (0, 2, 3):
        drew = [line for line in lines if line.startswith(f"{names[other]} draws ")]
        assert drew and all(line.endswith(("draws a card",)) or "draws 1" in line for line in drew)


def test_i1_a_public_replay_of_an_unfinished_game_shows_no_private_text(tmp_path: Path) -> None:
    path = tmp_path / "open.json"
    args = ["play", "posledniy", "--players", "bot,bot,bot,bot", "--seed", "7", "--save", str(path)]
    RUNNER.invoke(app, args, input="")
    data = json.loads(path.read_text(encoding="utf-8"))
    # the first two passes of the first deal, chosen card by card (the dealer 3, P2 2): the game is open
    data["actions"] = data["actions"][:5]
    path.write_text(json.dumps(data), encoding="utf-8")
    _, record = load_record(path, find_game)
    game = find_game("posledniy")
    out = RUNNER.invoke(app, ["replay", str(path), "--ascii"]).output
    for action in record.actions:
        assert game.format_action(action) not in out
    assert out.count("choose a card to pass, face down") == 5
    assert "passes 3 cards face down" in out and "passes 2 cards face down" in out


def test_json_holds_the_public_log_with_names(tmp_path: Path) -> None:
    result = RUNNER.invoke(app, ["play", "dernier", "--players", "bot,bot,bot", "--seed", "4", "--json"])
    data = json.loads(result.stdout)
    texts = [e["text"] for e in data["log"]]
    assert texts and any(t.startswith("Bot 1 ") for t in texts) and not any("P1 " in t for t in texts)
    assert not [t for t in texts if " draws " in t and cards_named(t)]  # a draw names no card to everyone


def test_json_summaries_name_the_players_as_the_log_does() -> None:
    result = RUNNER.invoke(app, ["play", "posledniy", "--players", "bot,bot,bot", "--seed", "4", "--json"])
    data = json.loads(result.stdout)
    summaries = [h["summary"] for h in data["hands"]] + [data["final"]["summary"]]
    assert any("Bot " in s for s in summaries)
    assert not [s for s in summaries if re.search(r"\bP\d\b", s)]
