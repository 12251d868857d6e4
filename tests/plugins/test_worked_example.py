"""The worked example in docs/architecture.md is a real, conforming plugin."""

from __future__ import annotations

import importlib
import importlib.metadata
import random
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from cardgames.conformance import check_deterministic, check_random_game
from cardgames.core.state import Choice
from cardgames.plugins.registry import GROUP, Registry
from cardgames.primitives.cards import format_card
from cardgames.primitives.errors import IncompleteAction

DOC = Path(__file__).resolve().parents[2] / "docs" / "architecture.md"


def _plugin_source() -> str:
    text = DOC.read_text(encoding="utf-8")
    block = re.search(r"<!-- plugin:start -->\s*```python\n(.*?)```\s*<!-- plugin:end -->", text, re.S)
    assert block, "docs/architecture.md lost its plugin example"
    return block.group(1)


@pytest.fixture(scope="module")
def hightrick(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    """The example written to hightrick/__init__.py and imported, as the page says."""
    root = tmp_path_factory.mktemp("plugin")
    (root / "hightrick").mkdir()
    (root / "hightrick" / "__init__.py").write_text(_plugin_source(), encoding="utf-8")
    sys.path.insert(0, str(root))
    try:
        yield importlib.import_module("hightrick")
    finally:
        sys.path.remove(str(root))
        sys.modules.pop("hightrick", None)


def test_the_example_is_found_through_its_entry_point(hightrick: ModuleType) -> None:
    text = DOC.read_text(encoding="utf-8")
    assert 'hightrick = "hightrick:HighTrick"' in text
    reg = Registry()
    reg.load_entry_points([importlib.metadata.EntryPoint("hightrick", "hightrick:HighTrick", GROUP)])
    assert reg.broken == []
    assert reg.find("ВЗЯТКИ").id == "hightrick"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_example_passes_the_conformance_kit(hightrick: ModuleType, players: int) -> None:
    game: Any = hightrick.HighTrick()
    for seed in range(4):
        for hand_size in (1, 4, 6):
            options = hightrick.HighTrickOptions(hand_size=hand_size)
            check_random_game(game, options, players, seed, random.Random(seed))
    check_deterministic(game, hightrick.HighTrickOptions(), players, 3)


def test_the_example_asks_which_card(hightrick: ModuleType) -> None:
    game: Any = hightrick.HighTrick()
    view = game.new_game(hightrick.HighTrickOptions(pass_cards=0), 3, 1).view(0)
    with pytest.raises(IncompleteAction) as info:
        game.parse_action("play", view)
    assert game.parse_action("play " + info.value.choices[0], view).card == view.hand[0]


def test_the_example_passes_at_once_card_by_card_and_hides_the_pass_until_all_are_in(
    hightrick: ModuleType,
) -> None:
    from cardgames.core.choosing import Pick, Picks
    from cardgames.core.table import decide

    game: Any = hightrick.HighTrick()
    state = game.new_game(hightrick.HighTrickOptions(hand_size=4, pass_cards=2), 3, 1)
    assert state.simultaneous() and state.to_decide() == (0, 1, 2)
    hand = state.view(2).hand
    typed = game.parse_action(f"pass {game.format_action(Pick(hand[0]))[5:]} {hand[1]}", state.view(2))
    assert typed == Picks((Pick(hand[0]), Pick(hand[1])))
    assert len(state.legal_actions_for(2)) == 4  # one pick per card, not the 6 pairs
    for pick in typed.picks:  # P3 first, out of turn; P1 and P2 see only how far it is
        decide(state, pick, 2)
    assert state.view(0).chosen == () and state.view(0).setting_aside == (0, 0, 2)
    while state.simultaneous():
        seat = state.to_decide()[-1]
        decide(state, state.legal_actions_for(seat)[0], seat)
    assert set(hand[:2]) <= set(state.view(0).hand)  # P3's pass went left, to P1


def test_the_example_declares_what_its_scores_mean(hightrick: ModuleType) -> None:
    from cardgames.core.utility import utility_of

    game: Any = hightrick.HighTrick()
    declared = utility_of(game, hightrick.HighTrickOptions(stake=2))
    assert (declared.measure, declared.chips, declared.sum, declared.winners_best) == (
        "chips",
        True,
        "zero",
        True,
    )
    assert utility_of(game, hightrick.HighTrickOptions(stake=0)).winners_best is False
    # the kit holds every outcome to the declaration (sum, range, winners)
    for seed in range(3):
        check_random_game(game, hightrick.HighTrickOptions(stake=2), 3, seed, random.Random(seed))


def test_the_example_writes_its_position_down_and_the_kit_reads_it_back(hightrick: ModuleType) -> None:
    from cardgames.conformance import ConformanceError
    from cardgames.core.position import PositionError, notation_of, position_mismatch

    game: Any = hightrick.HighTrick()
    notation = notation_of(game)
    assert isinstance(notation, hightrick.HighTrickPosition)
    options = hightrick.HighTrickOptions(hand_size=3, pass_cards=1)
    state = game.new_game(options, 3, 5)
    steps = 0
    while not state.is_over():  # along a whole game, the pass included, every position reads back
        assert position_mismatch(notation, state, options, 9) is None
        seat = state.to_decide()[-1]
        state.apply(Choice(seat, state.legal_actions_for(seat)[0]))
        steps += 1
    assert position_mismatch(notation, state, options, 9) is None and steps == 3 + 9
    text = notation.write(game.new_game(options, 3, 5))
    again = notation.read(text, options, 1)
    assert notation.write(again) == text and again.to_decide() == (0, 1, 2)
    hands = text.split(";")[0]
    twice = text.replace(hands, hands.replace(hands.split()[1], hands.split()[2]), 1)  # a card twice
    with pytest.raises(PositionError, match="each card once"):
        notation.read(twice, options, 1)

    class Sorted(hightrick.HighTrickPosition):  # a broken notation: the undealt cards come back sorted
        def read(self, text: str, options: Any, seed: int) -> Any:
            state = super().read(text, options, seed)
            state.undealt.sort(key=str)
            return state

    class Broken(hightrick.HighTrick):
        position = Sorted()

    with pytest.raises(ConformanceError, match="position read back"):
        check_random_game(Broken(), options, 3, 1, random.Random(1))


def test_the_example_tells_each_seat_only_the_passes_it_saw(hightrick: ModuleType) -> None:
    from cardgames.conformance import ConformanceError
    from cardgames.core.choosing import Pick

    game: Any = hightrick.HighTrick()
    state = game.new_game(hightrick.HighTrickOptions(hand_size=3, pass_cards=1), 3, 2)
    first = state.view(0).hand[0]
    before = [state.view(s) for s in range(3)]
    assert game.describe_action(Pick(first), 0, before[0]) == f"pass {format_card(first)}"
    assert game.describe_action(Pick(first), 0, before[2]) == "passes a card face down"
    assert game.describe_action(Pick(first), 0, None) == "passes a card face down"
    state.apply(Choice(0, Pick(first)))
    for seat in (1, 2):
        state.apply(Choice(seat, state.legal_actions_for(seat)[0]))
    name = f"P1 passes {format_card(first)} to P2"
    logs = [[e.text for e in state.view(s).log] for s in range(3)]
    assert name in logs[0] and name in logs[1]  # the giver and the receiver read the card
    assert "P1 passes 1 face down to P2" in logs[2] and not any(format_card(first) in t for t in logs[2])
    for seed in range(20):  # a world dealt again for P1 keeps its pass where P1 saw it go, and P1's text
        world = state.determinize(0, random.Random(seed))
        assert first in world.hands[1] and [e.text for e in world.view(0).log] == logs[0]
        assert not any(format_card(first) in e.text for e in world.view(2).log)

    class Leaky(hightrick.HighTrick):  # a broken text: every pick named to every reader
        def describe_action(self, action: Any, actor: int, view: Any | None) -> str:
            return str(self.format_action(action))

    with pytest.raises(ConformanceError, match="names"):
        check_random_game(Leaky(), hightrick.HighTrickOptions(pass_cards=2), 3, 1, random.Random(1))


def test_the_position_shown_on_the_page_is_the_example_s_own(hightrick: ModuleType) -> None:
    game: Any = hightrick.HighTrick()
    options = hightrick.HighTrickOptions(hand_size=2, pass_cards=1)
    state = game.new_game(options, 3, 4)
    for _ in range(7):  # the three picks of the pass, a whole trick, and P3's lead
        seat = state.to_decide()[-1]
        state.apply(Choice(seat, state.legal_actions_for(seat)[0]))
    written = game.position.write(state)
    assert f"  {written}\n" in DOC.read_text(encoding="utf-8")
    assert game.position.read(written, options, 0).to_decide() == (0,)


def test_the_example_gets_its_table_with_no_drawing_code(hightrick: ModuleType) -> None:
    """The framework reads the example's table from its view: seats by name, the trick by who played."""
    from cardgames.core.tabletop import Mark, ZoneKind

    game: Any = hightrick.HighTrick()
    assert "render" not in vars(hightrick.HighTrick) and "tabletop" not in vars(hightrick.HighTrick)
    state = game.new_game(hightrick.HighTrickOptions(pass_cards=0), 3, 2)
    leader = state.to_act()
    state.apply(state.legal_actions()[0])
    table = game.tabletop(state.view(0), ("Anna", "Boris", "Clara"))
    trick = next(z for z in table.centre if z.kind is ZoneKind.TRICK)
    assert [p.seat for p in trick.cards] == [leader]  # the card by the seat that played it
    assert [p.name for p in table.seats] == ["Anna", "Boris", "Clara"]
    assert Mark.TO_ACT in table.seats[state.to_act()].marks and table.hand == state.view(0).hand
    assert [p.cards for p in table.seats] == list(state.view(0).hand_sizes)
