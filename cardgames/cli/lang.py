"""Choosing the program's language before anything is said: ``--lang``, the settings, the locale.

The language must be known before the commands' help is built (typer reads it when the
command modules are imported), so ``--lang`` is taken out of the arguments before the
program parses them, wherever it stands (``cardgames rules GAME --lang it``).
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence

from cardgames.primitives.errors import OptionError
from cardgames.primitives.language import choose_language

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
                raise OptionError(f"{FLAG} needs a language: en, it or ru")
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
    """The language to speak and the arguments left for the program; OptionError for an unknown one."""
    flag, rest = lang_flag(args)
    setting = None
    if flag is None:
        from cardgames.play.settings import language_setting

        setting = language_setting()
    return choose_language(flag, setting, environ), rest
