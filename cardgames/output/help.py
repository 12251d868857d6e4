"""The commands' help in the language in force: their texts, their options' and click's own words.

Help texts are marked with :func:`~cardgames.primitives.language.N_` where a command is defined
and translated here when the help is shown, so one process can show it in any language. The
words of click's layout (``Usage:``, the headings, ``--help``'s own help, ``[default: …]``) are
written here too: typer's copy of click writes them in English only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import typer
from typer.core import TyperCommand, TyperGroup

from cardgames.primitives.language import FRAMEWORK, N_

_ = FRAMEWORK.gettext

HEADINGS = frozenset({N_("Arguments"), N_("Options"), N_("Commands")})
USAGE = N_("Usage:")
N_("Show this message and exit.")  # click's help of --help, translated with the options' help
DEFAULT = N_("default: {default}")
REQUIRED = N_("required")
ENV_VAR = N_("env var: {var}")


def spoken(text: str | None) -> str | None:
    """A help text marked with N_, in the language in force (an empty one stays empty)."""
    return _(text) if text else text


Command = TypeVar("Command", bound=Callable[..., Any])
_Formatter: Any = typer.Context.formatter_class  # click's, or the copy typer vendors


class SpokenFormatter(_Formatter):  # type: ignore[misc]
    """click's help layout with its own words in the language in force."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        """The usage line, after "Usage:" in the language in force."""
        super().write_usage(prog, args, f"{_(USAGE)} " if prefix is None else prefix)

    def write_heading(self, heading: str) -> None:
        """A heading of click's (Options, Arguments, Commands) in the language in force."""
        super().write_heading(_(heading) if heading in HEADINGS else heading)


class SpokenContext(typer.Context):
    """A command's context whose help is written by :class:`SpokenFormatter`."""

    formatter_class = SpokenFormatter


def _extra(bracket: str) -> str:
    """click's ``[default: 5; required]`` after an option's help, in the language in force."""
    said = []
    for item in bracket.strip()[1:-1].split("; "):
        key, sep, value = item.partition(": ")
        if item == "required":
            said.append(_(REQUIRED))
        elif sep and key == "default":
            said.append(_(DEFAULT).format(default=value))
        elif sep and key == "env var":
            said.append(_(ENV_VAR).format(var=value))
        else:
            said.append(item)
    return f"[{'; '.join(said)}]"


def help_record(param: Any, ctx: Any) -> tuple[str, str] | None:
    """A parameter's line of help (its flags or metavar, its help) in the language in force."""
    record = param.get_help_record(ctx)
    if record is None:
        return None
    term, text = record
    english = param.help or ""
    extra = text[len(english) :].strip() if text.startswith(english) else ""
    said = [part for part in (spoken(english), _extra(extra) if extra else "") if part]
    return term, "  ".join(said)


class SpokenHelp:
    """A command whose help (its own, its parameters') is read in the language in force when shown."""

    context_class: type[Any] = SpokenContext
    _english_help: str | None = None

    @property
    def help(self) -> str | None:
        """The command's help in the language in force."""
        return spoken(self._english_help)

    @help.setter
    def help(self, text: str | None) -> None:
        self._english_help = text

    def format_options(self, ctx: Any, formatter: Any) -> None:
        """The arguments, then the options, each with its help in the language in force."""
        records = [(p, help_record(p, ctx)) for p in self.get_params(ctx)]  # type: ignore[attr-defined]
        for kind, heading in (("argument", "Arguments"), ("option", "Options")):
            rows = [r for p, r in records if r is not None and p.param_type_name == kind]
            if rows:
                with formatter.section(heading):
                    formatter.write_dl(rows)


class SpokenCommand(SpokenHelp, TyperCommand):
    """A typer command whose help is read in the language in force."""


class WholeHelpGroup(SpokenHelp, TyperGroup):
    """A typer group whose help lists each command with its whole one-line help, wrapped."""

    def format_options(self, ctx: Any, formatter: Any) -> None:
        """The group's own arguments and options, then its commands."""
        super().format_options(ctx, formatter)
        self.format_commands(ctx, formatter)

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        """The commands with their whole one-line help, wrapped (click would cut it at the width)."""
        commands = [(name, self.get_command(ctx, name)) for name in self.list_commands(ctx)]
        rows = [(name, c.get_short_help_str(limit=1000)) for name, c in commands if c and not c.hidden]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


class SpokenTyper(typer.Typer):
    """A typer app whose commands are :class:`SpokenCommand` and whose group is a :class:`WholeHelpGroup`."""

    def __init__(self, **settings: Any) -> None:
        settings.setdefault("cls", WholeHelpGroup)
        settings.setdefault("rich_markup_mode", None)  # plain help, as the main app's (see cardgames.cli.app)
        super().__init__(**settings)

    def command(
        self, name: str | None = None, *, cls: Any = None, **settings: Any
    ) -> Callable[[Command], Command]:
        """A command of this app (a :class:`SpokenCommand` unless ``cls`` says otherwise)."""
        return super().command(name, cls=cls or SpokenCommand, **settings)
