"""Commands of the ``cardgames`` program whose modules are imported only when one of them runs.

``cardgames --help`` and ``cardgames list`` should not import the terminal table, the
ledger and everything below them: start-up time is what every user waits for first. A
:class:`LazyCommands` group lists such commands by name and one-line help, and imports
the module that defines them when one is invoked (or asked for its own help). A test
checks that each one-line help here is the real command's.
"""

from __future__ import annotations

import difflib
import sys
from collections.abc import Callable, Sequence
from typing import Any

import typer
import typer.main

from cardgames.output.help import SpokenCommand, SpokenTyper, WholeHelpGroup
from cardgames.primitives.language import FRAMEWORK

_ = FRAMEWORK.gettext

Loader = Callable[[], dict[str, Any]]  # imports a module, returns its click commands by name

# command name -> (one-line help, the loader that builds it and its module's other commands)
LAZY: dict[str, tuple[str, Loader]] = {}


def lazy(names_and_help: dict[str, str], loader: Loader) -> None:
    """Declare commands (name -> one-line help) that ``loader`` builds when one of them runs."""
    for name, short in names_and_help.items():
        LAZY[name] = (short, loader)


def typer_commands(register: Callable[[typer.Typer], None]) -> dict[str, Any]:
    """The click commands that ``register`` adds to a Typer app, by name (for loaders)."""
    sub = SpokenTyper()
    register(sub)
    return dict(typer.main.get_group(sub).commands)


class LazyCommands(WholeHelpGroup):
    """A typer group that lists its lazy commands from LAZY and imports them when they run."""

    def list_commands(self, ctx: Any) -> list[str]:
        """The eager commands, then the lazy ones, in the order they were declared."""
        names = super().list_commands(ctx)
        return [*names, *(n for n in LAZY if n not in names)]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        """A loaded command, or for a lazy one not yet loaded a stand-in that only lists it."""
        found = super().get_command(ctx, cmd_name)
        if found is None and cmd_name in LAZY:
            return SpokenCommand(cmd_name, help=LAZY[cmd_name][0])
        return found

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        """Import a lazy command's module before it runs; an unknown name gets "did you mean"."""
        if args and args[0] in LAZY and args[0] not in self.commands:
            self.load(args[0])
        elif args and args[0] not in self.list_commands(ctx):
            close = difflib.get_close_matches(args[0], self.list_commands(ctx), n=1)
            if close:
                ctx.fail(
                    _("No such command '{name}'; did you mean {close}?").format(name=args[0], close=close[0])
                )
        return super().resolve_command(ctx, args)

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        """Run the program; a click-level usage mistake is one line on stderr and exit code 2."""
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, windows_expand_args, **extra)
        from cardgames.cli.usage import ClickException, one_line

        try:
            code = super().main(args, prog_name, complete_var, False, windows_expand_args, **extra)
        except ClickException as exc:
            if type(exc).__name__ == "NoArgsIsHelpError":  # the help, already shown (as typer tests it)
                print(getattr(exc, "message", ""), file=sys.stderr, end="")
            else:
                _error(one_line(exc))
            sys.exit(getattr(exc, "exit_code", 2))
        except typer.Abort:
            _error(_("aborted"))
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)

    def load(self, name: str) -> Any:
        """Import and add the command ``name`` (and the others its module defines)."""
        for cmd_name, command in LAZY[name][1]().items():
            self.add_command(command, cmd_name)
        return self.commands[name]


def _error(message: str) -> None:
    from cardgames.output.console import error

    error(message)
