"""The program imports a command's module only when that command runs, and lists it all the same."""

from __future__ import annotations

import subprocess
import sys

from typer.testing import CliRunner

from cardgames.cli.app import app
from cardgames.cli.lazy import LAZY


def _help() -> str:
    result = CliRunner().invoke(app, ["--help"], terminal_width=100)
    assert result.exit_code == 0
    return result.output


def test_help_lists_lazy_commands_exactly_as_the_loaded_commands() -> None:
    import typer.main

    group = typer.main.get_command(app)
    ctx = group.make_context("cardgames", ["list"])
    assert "--help" in _help()
    for name, (short, _) in LAZY.items():
        stand_in = group.get_command(ctx, name)  # type: ignore[attr-defined]
        real = group.load(name)  # type: ignore[attr-defined]
        assert real.help.split("\n\n")[0].strip() == short, name  # the one-line help is the command's
        assert stand_in.get_short_help_str(200) == real.get_short_help_str(200)


def test_help_and_list_import_neither_the_table_nor_the_ledger() -> None:
    code = (
        "import sys\n"
        "from cardgames.cli.app import main\n"
        "sys.argv = ['cardgames', '--help']\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print(sorted(m for m in sys.modules"
        " if m.startswith(('cardgames.play', 'cardgames.ledger', 'cardgames.lab', 'cardgames.web',"
        " 'games.'))))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip().splitlines()[-1] == "[]"


def test_a_lazy_command_runs_and_shows_its_own_help() -> None:
    result = CliRunner().invoke(app, ["play", "--help"], terminal_width=100)
    assert result.exit_code == 0 and "--players" in result.output
