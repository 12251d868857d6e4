"""A plugin translates as the framework does: its own catalogs, found from its package."""

from __future__ import annotations

import random
from typing import Any, ClassVar

import pytest
from framework_highcard import HighCard, HighCardOptions
from framework_speaking import SpeakingHighCard
from registry_with import installed_plus_plugin
from typer.testing import CliRunner

from cardgames.bots.lookup import describe_bots, make_bot, own_bot_line
from cardgames.cli.app import app
from cardgames.play.rulesview import summary_of
from cardgames.plugins.guard import GuardedBot, guarded
from cardgames.plugins.registry import find_game
from cardgames.primitives.language import catalog, catalog_of, speaking

GAME = SpeakingHighCard()


def test_a_plugin_finds_its_catalog_in_its_own_package() -> None:
    found = catalog_of(SpeakingHighCard)
    assert found == catalog("framework_speaking")
    assert found.domain == "framework_speaking" and found.has("it") and found.has("ru")
    assert catalog_of(HighCard) is None  # a lone module has no folder of its own: it reads in English


def test_the_framework_shows_a_plugins_summary_in_the_language_in_force() -> None:
    assert summary_of(GAME).startswith("A trick game")
    with speaking("it"):
        assert summary_of(GAME).startswith("Un gioco di prese")
    with speaking("ru"):
        assert summary_of(GAME).startswith("Взяточная игра")
    with speaking("ru"):
        assert summary_of(HighCard()) == HighCard.summary


@pytest.mark.parametrize(("n", "word"), [(1, "карту"), (2, "карты"), (5, "карт")])
def test_a_plugins_plural_forms_follow_the_language(n: int, word: str) -> None:
    options = HighCardOptions(hand_size=n)
    with speaking("ru"):
        assert GAME.rules_card(options).goal.startswith(f"Каждому сдают {n} {word};")
    with speaking("it"):
        assert GAME.rules_card(options).goal.startswith(
            f"A ogni giocatore si d{'à' if n == 1 else 'anno'} {n}"
        )


def test_the_rules_command_shows_a_plugins_card_in_the_language_asked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    installed_plus_plugin(monkeypatch, "speaking", "framework_speaking:SpeakingHighCard")
    with speaking("ru"):
        result = CliRunner().invoke(app, ["rules", "speaking"])
    assert result.exit_code == 0, result.output
    assert "Взяточная игра" in result.output and "Памятка правил" in result.output
    assert "Вместо хода можно взять ещё одну карту" in result.output


@pytest.mark.parametrize(
    ("code", "first"),
    [
        ("en", "plays the first legal move it is offered"),
        ("it", "gioca la prima mossa consentita che gli viene offerta"),
        ("ru", "делает первый из предложенных ему допустимых ходов"),
    ],
)
def test_a_plugins_own_bots_say_what_they_are_past_the_guard(
    monkeypatch: pytest.MonkeyPatch, code: str, first: str
) -> None:
    """The guard wraps each bot factory, yet keeps what it says of itself: its ``summary``, said through
    the plugin's catalog, or else its docstring's first line as written (it used to read "the game's
    own bot" for every game loaded through the registry)."""
    installed_plus_plugin(monkeypatch, "speaking", "framework_speaking:SpeakingHighCard")
    game = find_game("speaking")
    assert type(game).guarded_plugin is SpeakingHighCard  # type: ignore[attr-defined]
    assert isinstance(make_bot(game, "first", random.Random(1)), GuardedBot)
    with speaking(code):
        lines = describe_bots(game)
        result = CliRunner().invoke(app, ["rules", "speaking"])
    assert lines["first"] == first and lines["last"] == "Plays the last of its legal moves"
    assert result.exit_code == 0, result.output
    assert first in " ".join(result.output.split())


def test_a_bot_factory_that_fails_when_read_says_nothing_of_itself() -> None:
    """Reading a plugin's factory is the plugin's code too: a failure there leaves the generic line."""

    class Loud(type):
        @property
        def summary(cls) -> str:
            raise RuntimeError("no summary here")

    class Shy(metaclass=Loud):
        def __init__(self, rng: random.Random) -> None:
            self.rng = rng

    class ShyGame(SpeakingHighCard):
        id = "shy"
        bots: ClassVar[dict[str, Any]] = {"shy": Shy}

    assert own_bot_line(Shy) == "the game's own bot"
    with speaking("it"):
        assert describe_bots(guarded(ShyGame()))["shy"] == "il bot proprio del gioco"
