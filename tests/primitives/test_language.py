"""The language in force: chosen by --lang, the settings, the locale; held per context."""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextvars

import pytest

from cardgames.primitives.errors import OptionError
from cardgames.primitives.language import (
    FRAMEWORK,
    accepted_language,
    catalog,
    choose_language,
    language,
    language_code,
    locale_language,
    set_language,
    speaking,
)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("ru_RU.UTF-8", "ru"),
        ("it_IT@euro", "it"),
        ("it-IT", "it"),
        ("RU", "ru"),
        ("en_GB", "en"),
        ("C", None),
        ("POSIX", None),
        ("de_DE.UTF-8", None),
        ("", None),
    ],
)
def test_a_locale_name_or_a_language_tag_names_its_language(text: str, code: str | None) -> None:
    assert language_code(text) == code


def test_the_flag_wins_then_the_setting_then_the_locale_then_english() -> None:
    env = {"LC_ALL": "", "LC_MESSAGES": "it_IT.UTF-8", "LANG": "ru_RU.UTF-8"}
    assert choose_language("ru", "it", env) == "ru"
    assert choose_language(None, "it", {"LANG": "ru_RU.UTF-8"}) == "it"
    assert choose_language(None, None, env) == "it"  # LC_MESSAGES before LANG; an empty LC_ALL is unset
    assert choose_language(None, None, {"LANG": "ru_RU.UTF-8"}) == "ru"
    assert choose_language(None, None, {"LC_ALL": "ru_RU.UTF-8", "LANG": "it_IT"}) == "ru"
    assert choose_language(None, None, {}) == "en"


def test_the_first_locale_variable_set_decides_even_for_a_language_not_spoken() -> None:
    """LC_ALL=C means English, whatever LANG says: as for every POSIX program."""
    assert locale_language({"LC_ALL": "C", "LANG": "ru_RU.UTF-8"}) is None
    assert choose_language(None, None, {"LC_ALL": "de_DE", "LANG": "it_IT"}) == "en"


def test_an_unknown_language_is_one_clear_error_naming_the_ones_there_are() -> None:
    with pytest.raises(OptionError, match=r"unknown language 'xx' \(--lang\); the languages are en"):
        choose_language("xx", None, {})
    with pytest.raises(OptionError, match="settings file"):
        choose_language(None, "klingon", {})


def test_speaking_sets_the_language_for_a_block_only() -> None:
    assert language() == "en"
    with speaking("ru"):
        assert language() == "ru"
        with speaking("it"):
            assert language() == "it"
        assert language() == "ru"
    assert language() == "en"


def test_two_seats_served_at_once_each_read_their_own_language() -> None:
    """The server answers two connections in one process: each task keeps its own language."""

    async def seat(code: str, out: list[str]) -> None:
        set_language(code)
        await asyncio.sleep(0)  # the other seat runs here and sets its own
        out.append(FRAMEWORK.gettext("{text} is not a card; write {forms}"))

    async def both() -> tuple[list[str], list[str]]:
        it: list[str] = []
        ru: list[str] = []
        await asyncio.gather(seat("it", it), seat("ru", ru))
        return it, ru

    # in a thread of its own: a test before this one may leave an event loop running in this one
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        it, ru = pool.submit(contextvars.copy_context().run, asyncio.run, both()).result()
    assert it != ru
    assert it == [FRAMEWORK.translations("it").gettext("{text} is not a card; write {forms}")]
    assert ru == [FRAMEWORK.translations("ru").gettext("{text} is not a card; write {forms}")]
    assert language() == "en"


def test_a_package_finds_its_catalogs_in_its_own_folder() -> None:
    dernier = catalog("cardgames.games.dernier")
    assert dernier.domain == "dernier"
    assert dernier.folder.name == "locale" and dernier.folder.parent.name == "dernier"
    assert dernier.has("it") and dernier.has("ru") and dernier.has("en")
    assert not dernier.has("de")
    with pytest.raises(ValueError, match="not a package"):
        catalog("cardgames.primitives.cards")


@pytest.mark.parametrize(
    ("header", "code"),
    [
        ("ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7", "ru"),
        ("de-DE,de;q=0.9,it;q=0.8,en;q=0.5", "it"),
        ("en;q=0.5, it;q=0.9", "it"),
        ("it;q=0, ru", "ru"),
        ("it, ru", "it"),
        ("fr-FR, de", None),
        ("", None),
        ("ru;q=banana, it;q=0.1", "it"),
    ],
)
def test_a_browser_connection_gets_the_language_it_prefers_among_ours(header: str, code: str | None) -> None:
    assert accepted_language(header) == code
