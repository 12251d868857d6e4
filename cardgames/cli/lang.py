"""Choosing the program's language before anything is said: ``--lang``, the settings, the locale.

The language must be known before the commands' help is built (typer reads it when the
command modules are imported), so ``--lang`` is taken out of the arguments before the
program parses them, wherever it stands (``cardgames rules GAME --lang it``).
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence

from cardgames.primitives.errors import OptionError
from cardgames.primitives.language import (
    ENGLISH,
    FRAMEWORK,
    choose_language,
    locale_language,
    speaking,
)

FLAG = "--lang"


def lang_flag(args: Sequence[str]) -> tuple[str | None, list[str]]:
    """The value of ``--lang X`` or ``--lang=X`` (the last one given) and the other arguments, in order."""
    value: str | None = None
    rest: list[str] = []
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--":  # what follows is an argument, never an option
            rest.extend(args[i:])
            break
        if arg == FLAG:
            if i + 1 >= len(args):
                raise OptionError(
                    FRAMEWORK.gettext("{flag} needs a language: en, it or ru").format(flag=FLAG)
                )
            value = args[i + 1]
            i += 2
            continue
        if arg.startswith(FLAG + "="):
            value = arg[len(FLAG) + 1 :]
        else:
            rest.append(arg)
        i += 1
    return value, rest


def language_from(args: Sequence[str], environ: Mapping[str, str] = os.environ) -> tuple[str, list[str]]:
    """The language to speak and the arguments left for the program; OptionError for an unknown one.

    A bad ``--lang`` is refused in :func:`unflagged_language`; a bad ``lang`` in the settings file,
    in the locale's.
    """
    from cardgames.play.settings import language_setting

    try:
        flag, rest = lang_flag(args)
        if flag is not None:
            return choose_language(flag, None, environ), rest
    except OptionError:  # said again below, in the language the program speaks without --lang
        pass
    else:
        with speaking(locale_language(environ) or ENGLISH):
            return choose_language(None, language_setting(), environ), rest
    with speaking(unflagged_language(environ)):
        flag, rest = lang_flag(args)
        return choose_language(flag, None, environ), rest


def unflagged_language(environ: Mapping[str, str] = os.environ) -> str:
    """The language the program speaks without ``--lang``: the settings file's, else the locale's.

    A settings file that names no language is passed over here (the locale's language then).
    """
    from cardgames.play.settings import language_setting

    locale = locale_language(environ) or ENGLISH
    try:
        with speaking(locale):
            setting = language_setting()
    except OptionError:
        setting = None
    return setting or locale
