"""The commands the Italian and Russian pages tell players to type are the program's (issue 29).

The guides (docs/it/guida.md, docs/ru/rukovodstvo.md) and the rules pages give most commands
in ``sh`` blocks, without their output (their screens are checked by test_doc_excerpts). A
command, an option or a game that the program no longer has fails here, and so does a preset
or a rule option (``-o name=value``) that the game refuses: ``cardgames rules GAME`` is asked
with the same ones."""

from __future__ import annotations

import re
import shlex
from pathlib import Path
from typing import Any

import pytest
import typer.main
from typer.testing import CliRunner

from cardgames.cli.app import app
from cardgames.cli.lang import lang_flag
from cardgames.cli.lazy import LAZY
from cardgames.primitives.errors import OptionError
from cardgames.primitives.language import checked_language

ROOT = Path(__file__).resolve().parents[2]
GUIDES = [ROOT / "docs" / "it" / "guida.md", ROOT / "docs" / "ru" / "rukovodstvo.md"]
PAGES = [*GUIDES, ROOT / "docs" / "it" / "dernier.md", ROOT / "docs" / "ru" / "posledniy.md"]
_SH_BLOCK = re.compile(r"^```sh\n(.*?)^```$", re.MULTILINE | re.DOTALL)
_GAME_OPTIONS = ("--preset", "--option", "-o")


def commands_shown(text: str) -> list[list[str]]:
    """The ``cardgames …`` commands of a page's ``sh`` blocks, each as its words (comments left out)."""
    shown = []
    for block in _SH_BLOCK.findall(text):
        for line in block.splitlines():
            words = shlex.split(line, comments=True)
            if words[:1] == ["cardgames"]:
                shown.append(words[1:])
    return shown


def _command(words: list[str]) -> tuple[Any, list[str]]:
    """The click command the words name, and the words after its name."""
    command: Any = typer.main.get_command(app)
    for name in LAZY:
        command.load(name)
    while words and words[0] in getattr(command, "commands", {}):
        command, words = command.commands[words[0]], words[1:]
    return command, words


def _options_of(command: Any) -> set[str]:
    return {opt for param in command.params for opt in (*param.opts, *param.secondary_opts)}


def unknown_options(words: list[str]) -> set[str] | None:
    """The options in ``words`` that the command they name does not take; None if they name no command.

    ``--lang`` is every command's (the program takes it out before the command reads the rest).
    """
    language, words = lang_flag(words)
    if language is not None:
        checked_language(language)
    command, rest = _command(words)
    if hasattr(command, "commands"):
        return None
    return {word.split("=")[0] for word in rest if word.startswith("-")} - _options_of(command)


def _id(value: Path | list[str]) -> str:
    return value.name if isinstance(value, Path) else " ".join(value)


SHOWN = [(page, words) for page in PAGES for words in commands_shown(page.read_text(encoding="utf-8"))]


def test_each_guide_shows_the_commands_of_its_first_steps() -> None:
    for guide in GUIDES:
        named = {words[0] for words in commands_shown(guide.read_text(encoding="utf-8"))}
        assert {"play", "resume", "replay", "serve"} <= named, guide.name


@pytest.mark.parametrize(
    ("guide", "words"), SHOWN, ids=lambda x: x.name if isinstance(x, Path) else " ".join(x)
)
def test_every_option_a_guide_gives_is_one_the_command_takes(guide: Path, words: list[str]) -> None:
    assert unknown_options(words) == set(), f"{guide.name}: `cardgames {' '.join(words)}`"


@pytest.mark.parametrize(("guide", "words"), [s for s in SHOWN if s[1][0] == "play"], ids=_id)
def test_the_games_presets_and_rule_options_a_guide_gives_are_accepted(guide: Path, words: list[str]) -> None:
    game, rest = words[1], words[2:]
    pairs = [rest[i : i + 2] for i, word in enumerate(rest) if word in _GAME_OPTIONS]
    result = CliRunner().invoke(app, ["rules", game, *(word for pair in pairs for word in pair)])
    assert result.exit_code == 0, f"{guide.name}: `cardgames {' '.join(words)}`: {result.output}"


def test_the_check_finds_an_option_the_command_does_not_take() -> None:
    (words,) = commands_shown("```sh\ncardgames play dernier --seed 3 --sede 3   # a comment\n```\n")
    assert words == ["play", "dernier", "--seed", "3", "--sede", "3"]
    assert unknown_options(words) == {"--sede"}
    assert unknown_options(["rules", "dernier", "--lang", "it"]) == set()
    with pytest.raises(OptionError):
        unknown_options(["rules", "dernier", "--lang", "fr"])
    assert unknown_options(["ledger"]) is None
