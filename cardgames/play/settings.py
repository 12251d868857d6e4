"""A player's own settings: a TOML file under the platform's config folder, overridden by flags.

```toml
name = "Marco"          # how "me" is called at the table
lang = "it"             # the program's language: en, it or ru (before the locale, after --lang)
ascii = false           # suits as S H D C
bot_delay = 0.5         # seconds to wait after each bot move shown
bell = true             # ring the terminal bell when it is your turn
screen = false          # plain lines instead of the full-screen table
players = "me,bot,bot"  # the default --players
reminders = false       # no reminders of calls the rules require, for experts
[GAME]                  # one game, by its id in `cardgames list`: any key above but name
preset = "NAME"         # and one of that game's presets
```
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from attrs import evolve, frozen

from cardgames.primitives.errors import OptionError
from cardgames.primitives.files import SETTINGS_LIMIT, read_text, shown_path
from cardgames.primitives.language import FRAMEWORK, N_, checked_language

_ = FRAMEWORK.gettext

ENV = "CARDGAMES_SETTINGS"  # a settings file to use instead of the usual one
_TYPES: dict[str, type | tuple[type, ...]] = {
    "name": str,
    "lang": str,
    "ascii": bool,
    "bot_delay": (int, float),
    "bell": bool,
    "screen": bool,
    "players": str,
    "preset": str,
    "reminders": bool,
}
_PER_GAME = frozenset(_TYPES) - {"name", "lang"}


@frozen
class Settings:
    """The settings in force for one game (None: not set, the program's default applies)."""

    name: str | None = None
    lang: str | None = None
    ascii: bool | None = None
    bot_delay: float | None = None
    bell: bool | None = None
    screen: bool | None = None
    players: str | None = None
    preset: str | None = None
    reminders: bool | None = None
    source: Path | None = None  # the file they came from


def settings_path() -> Path:
    """Where the settings file is: $CARDGAMES_SETTINGS, or settings.toml in the user's config folder."""
    chosen = os.environ.get(ENV)
    if chosen:
        return Path(chosen).expanduser()
    import platformdirs

    return Path(platformdirs.user_config_dir("cardgames")) / "settings.toml"


def _check(table: dict[str, Any], allowed: frozenset[str], game_id: str | None, path: Path) -> dict[str, Any]:
    out: dict[str, Any] = {}
    shown = shown_path(path)
    where = "" if game_id is None else " " + _("in [{table}]").format(table=game_id)
    for key, value in table.items():
        if key not in allowed:
            import difflib  # for a mistake only (start-up)

            close = difflib.get_close_matches(key, sorted(allowed), n=1)
            if close:
                said = _("{file}: unknown setting {key}{where}; did you mean {close}?")
                raise OptionError(said.format(file=shown, key=repr(key), where=where, close=close[0]))
            said = _("{file}: unknown setting {key}{where}; the settings are {known}")
            raise OptionError(
                said.format(file=shown, key=repr(key), where=where, known=", ".join(sorted(allowed)))
            )
        want = _TYPES[key]
        if (isinstance(value, bool) and want is not bool) or not isinstance(value, want):
            kind = _("a number") if key == "bot_delay" else _("true or false") if want is bool else _("text")
            said = _("{file}: setting {key}{where} must be {kind}, not {value}")
            raise OptionError(
                said.format(file=shown, key=repr(key), where=where, kind=kind, value=repr(value))
            )
        if key == "bot_delay" and isinstance(value, int | float) and not 0 <= value <= 10:
            said = _("{file}: setting 'bot_delay'{where} must be 0 to 10 seconds, not {value}")
            raise OptionError(said.format(file=shown, where=where, value=repr(value)))
        if key == "lang":
            checked_language(str(value), " " + _("in {file}").format(file=shown))
        out[key] = value
    return out


def load_settings(game_id: str, path: Path | None = None) -> Settings:
    """The settings for ``game_id`` (its own table over the common keys); OptionError for a bad file.

    A missing file is no settings at all; a damaged one is one clear line naming the file. It is
    read through :mod:`cardgames.primitives.files`, so a FIFO, a device, a huge file, NUL bytes or bad
    UTF-8 are refused (FileLimitError) before or while reading, like any file from outside.
    """
    path = path or settings_path()
    if not os.path.lexists(path):
        return Settings()
    text = read_text(path, limit=SETTINGS_LIMIT, what=N_("settings file"))
    import tomllib  # only when there is a file to read (start-up: every start pays for an import)

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        said = _("the settings file {file} is not valid TOML: {reason}")  # the reason as tomllib gives it
        raise OptionError(said.format(file=shown_path(path), reason=exc)) from None
    games = {k: v for k, v in data.items() if isinstance(v, dict)}
    common = _check({k: v for k, v in data.items() if k not in games}, frozenset(_TYPES), None, path)
    own = _check(games.get(game_id, {}), _PER_GAME, game_id, path)
    merged = {**common, **own}
    if "bot_delay" in merged:
        merged["bot_delay"] = float(merged["bot_delay"])
    return evolve(Settings(source=path), **merged)


def language_setting(path: Path | None = None) -> str | None:
    """The settings file's ``lang``, or None; OptionError for a value that names no language.

    Every command reads it, before its help is built, so a file that cannot be read or parsed is
    passed over here: the commands that use the settings (play, resume) say what is wrong with it.
    """
    path = path or settings_path()
    if not os.path.lexists(path):
        return None
    import tomllib

    try:
        value = tomllib.loads(read_text(path, limit=SETTINGS_LIMIT, what=N_("settings file"))).get("lang")
    except (OSError, ValueError):  # FileLimitError and TOMLDecodeError are ValueErrors
        return None
    if not isinstance(value, str):
        return (
            None
            if value is None
            else checked_language(repr(value), " " + _("in {file}").format(file=shown_path(path)))
        )
    return checked_language(value, " " + _("in {file}").format(file=shown_path(path)))
