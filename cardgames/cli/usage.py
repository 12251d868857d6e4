"""Click-level usage mistakes (unknown option, missing argument, bad value) as one line, exit code 2.

Typer prints such mistakes in a multi-line box. The program instead runs its command group
with ``standalone_mode=False`` (see :class:`cardgames.cli.lazy.LazyCommands`) and writes the
mistake here as one line with a hint, in the language in force. The exception classes are found
through ``typer.BadParameter``, the one click exception typer exports, so this works whether typer
uses click itself or the copy it vendors.
"""

from __future__ import annotations

import difflib
import re
from typing import Any

import typer

from cardgames.primitives.language import FRAMEWORK, N_

_ = FRAMEWORK.gettext


def _base(name: str) -> type[Exception]:
    """The click exception class called ``name`` among typer.BadParameter's bases."""
    for cls in typer.BadParameter.__mro__:
        if cls.__name__ == name:
            return cls
    raise RuntimeError(f"typer.BadParameter has no base class {name}")  # pragma: no cover


UsageError = _base("UsageError")
ClickException = _base("ClickException")

_NUMBER = re.compile(r"-\d")

# click's (and typer's) English messages, which its copy in typer does not translate, each with
# its words in the catalog; a {reason} is itself one of these messages
CLICK_MESSAGES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern, re.DOTALL), text)
    for pattern, text in (
        (r"No such option: (?P<option>\S+)", N_("No such option: {option}")),
        (r"Missing argument (?P<name>.+)\.", N_("Missing argument {name}.")),
        (r"Missing option (?P<name>.+)\.", N_("Missing option {name}.")),
        (r"Missing command\.", N_("Missing command.")),
        (r"No such command (?P<name>'.*')\.", N_("No such command {name}.")),
        (
            r"Got unexpected extra argument\(s\) \((?P<extra>.*)\)",
            N_("Got unexpected extra argument(s) ({extra})"),
        ),
        (r"Option (?P<option>'.+') requires an argument\.", N_("Option {option} requires an argument.")),
        (r"Option (?P<option>'.+') does not take a value\.", N_("Option {option} does not take a value.")),
        (r"Invalid value for (?P<name>.+?): (?P<reason>.+)", N_("Invalid value for {name}: {reason}")),
        (r"Invalid value: (?P<reason>.+)", N_("Invalid value: {reason}")),
        (r"(?P<value>.+) is not a valid int\.", N_("{value} is not a valid int.")),
        (r"(?P<value>.+) is not a valid float\.", N_("{value} is not a valid float.")),
        (r"(?P<value>.+) is not a valid boolean\..*", N_("{value} is not a valid boolean.")),
        (r"(?P<value>.+) is not one of (?P<choices>.+)\.", N_("{value} is not one of {choices}.")),
        (r"(?P<value>.+) is not in the range (?P<range>.+)\.", N_("{value} is not in the range {range}.")),
    )
)


def spoken_message(message: str) -> str:
    """One of click's messages in the language in force (as it is, if it is not one of them)."""
    for pattern, text in CLICK_MESSAGES:
        found = pattern.fullmatch(message.strip())
        if found:
            values = found.groupdict()
            if "reason" in values:
                values["reason"] = spoken_message(values["reason"])
            return _(text).format(**values)
    return message


def one_line(exc: Exception) -> str:
    """The mistake as one line: click's message, a suggestion where one helps, where to find help."""
    message = getattr(exc, "format_message", lambda: str(exc))()
    option = getattr(exc, "option_name", None)
    ctx: Any = getattr(exc, "ctx", None)
    if isinstance(option, str) and ctx is not None:
        message = spoken_message(getattr(exc, "message", message))
        if _NUMBER.match(option):
            message += " " + _("(a value that starts with '-' is read as an option; write -- before it)")
        else:
            close = difflib.get_close_matches(option, _option_names(ctx.command, ctx), n=1, cutoff=0.8)
            if close:
                message += _("; did you mean {option}?").format(option=close[0])
    else:
        message = spoken_message(" ".join(message.split()))  # click's choice lists span lines
    message = " ".join(message.split())
    if ctx is not None:
        message += " " + _("(see '{command} --help')").format(command=ctx.command_path)
    return message


def _option_names(command: Any, ctx: Any) -> list[str]:
    """The command's options, --help included (click adds it outside ``params``)."""
    names: list[str] = []
    for param in command.get_params(ctx) if hasattr(command, "get_params") else []:
        names += [*getattr(param, "opts", []), *getattr(param, "secondary_opts", [])]
    return [n for n in names if n.startswith("-")]
