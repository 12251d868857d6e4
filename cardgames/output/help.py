"""Help that lists every command with its whole one-line help."""

from __future__ import annotations

from typing import Any

from typer.core import TyperGroup


class WholeHelpGroup(TyperGroup):
    """A typer group whose help lists each command with its whole one-line help, wrapped."""

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        """The commands with their whole one-line help, wrapped (click would cut it at the width)."""
        commands = [(name, self.get_command(ctx, name)) for name in self.list_commands(ctx)]
        rows = [(name, c.get_short_help_str(limit=1000)) for name, c in commands if c and not c.hidden]
        with formatter.section("Commands"):
            formatter.write_dl(rows)
