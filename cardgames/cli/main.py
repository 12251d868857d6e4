"""The ``cardgames`` program's entry point: the root's help, version and usage mistakes without typer.

Every start of the program pays for what it imports, and typer with click alone costs more
than the interpreter's own start. ``cardgames --help``, ``--version``, no arguments and a
mistyped command or root option are answered here from :data:`COMMANDS` (the one table of the
root's commands, which :mod:`cardgames.cli.app` declares them from), laid out as click lays out
help, without importing typer, click, rich or attrs. ``cardgames list`` (and ``list --json``)
runs here too, without typer: it needs rich for its table and the plugins it lists (which
import attrs); so do ``cardgames play``, ``resume`` and ``replay`` whenever
:func:`cardgames.play.flags.parse` reads the command line (an unattended game should not wait
for typer). Everything else goes to the typer
program in :mod:`cardgames.cli.app`. A test runs
both on the same arguments at every width and checks they print the same bytes, so the two
cannot drift apart.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import sys

from cardgames import __version__
from cardgames.output.commands import COMMANDS, OPTIONS, ROOT_HELP
from cardgames.output.console import error

# Arguments simple enough to answer here: what click would print for them is known exactly (compiled
# by the re module when first used: a known command does not need them).
_WORD = r"[A-Za-z0-9][A-Za-z0-9_-]*\Z"
_LONG = r"--[A-Za-z0-9][A-Za-z0-9_-]*\Z"
_SHORT = r"-[A-Za-z]\Z"


# errno values of an output that cannot take more (a full disk or quota, a file too large, a
# device error): the program says so in one line rather than with a traceback
_CANNOT_WRITE = frozenset(
    getattr(errno, name) for name in ("ENOSPC", "EDQUOT", "EFBIG", "EIO") if hasattr(errno, name)
)


def main() -> None:
    """Entry point: answer the root's help, version and mistakes here, hand the rest to typer."""
    try:
        try:
            _answer(sys.argv[1:])
        except BrokenPipeError:  # the reader went away (``cardgames list | head -1``): as click, exit 1
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            sys.exit(1)
        from cardgames.cli.app import main as typer_main

        typer_main()
    except OSError as exc:
        if exc.errno not in _CANNOT_WRITE:
            raise
        _cannot_write(exc)


def _cannot_write(exc: OSError) -> None:
    """Exit 1 with one line on stderr for an output that could not be written (``> /dev/full``)."""
    with contextlib.suppress(OSError, ValueError):
        what = f"'{exc.filename}'" if exc.filename else "the output"  # a file's own error names it
        os.write(2, f"error: cannot write {what}: {exc.strerror or exc}\n".encode(errors="replace"))
    for stream in (sys.stdout, sys.stderr):  # what is still buffered would fail again at exit
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), stream.fileno())
    sys.exit(1)


def _answer(args: list[str]) -> None:
    """Answer (and exit) when the arguments are the root's own; return to hand them to typer."""
    if not args:  # the help, on stderr without a final newline, exit 2 (as click's no_args_is_help)
        sys.stderr.write(root_help(program_name()))
        sys.exit(2)
    if args == ["--help"]:
        sys.stdout.write(root_help(program_name()) + "\n")
        sys.exit(0)
    if args == ["--version"]:
        sys.stdout.write(f"cardgames {__version__}\n")
        sys.exit(0)
    if args in (["list"], ["list", "--json"]):
        _list_games(as_json=len(args) == 2)
        sys.exit(0)
    mistake = root_mistake(args[0])
    if mistake is not None:
        error(f"{mistake} (see '{program_name()} --help')")
        sys.exit(2)
    if args[0] in ("play", "resume", "replay"):
        _play(args[0], args[1:])


def _play(command: str, args: list[str]) -> None:
    """``play``, ``resume`` or ``replay`` without typer, when :func:`cardgames.play.flags.parse` reads it."""
    from cardgames.play import flags

    values = flags.parse(args, command)
    if values is None:  # help, a mistake or a rare option: typer's
        return
    from cardgames.play.playing import fail
    from cardgames.play.resuming import body
    from cardgames.primitives.errors import CardgamesError

    try:
        body(command)(**values)
    except CardgamesError as exc:  # as the typer command reports it
        raise fail(str(exc)) from None
    except EOFError:  # as typer: a new line, then "aborted" (cardgames.cli.lazy)
        sys.stderr.write("\n")
        error("aborted")
        sys.exit(1)
    except KeyboardInterrupt:  # as typer: exit code 130, nothing said
        sys.exit(130)
    sys.exit(0)


def _list_games(as_json: bool) -> None:
    """``cardgames list`` without typer (its module, :mod:`cardgames.cli.listing`, is typer's command too)."""
    from rich.console import Console

    from cardgames.cli.listing import show_games
    from cardgames.primitives.errors import CardgamesError

    try:
        show_games(Console(), as_json)
    except CardgamesError as exc:  # as cardgames.cli.app.main reports it
        error(str(exc))
        sys.exit(2)
    except KeyboardInterrupt:
        Console(stderr=True).print("interrupted")
        sys.exit(130)


def root_mistake(first: str) -> str | None:
    """The root's complaint about an unknown command or option ``first``; None if it is not one."""
    if first in COMMANDS or first in OPTIONS:
        return None
    import difflib

    if re.match(_WORD, first):
        close = difflib.get_close_matches(first, list(COMMANDS), n=1)
        return (
            f"No such command '{first}'; did you mean {close[0]}?" if close else f"No such command '{first}'."
        )
    if re.match(_LONG, first) or re.match(_SHORT, first):
        close = difflib.get_close_matches(first, list(OPTIONS), n=1, cutoff=0.8)
        return f"No such option: {first}" + (f"; did you mean {close[0]}?" if close else "")
    return None


def program_name() -> str:
    """The program's name as click shows it: the script's file name, or ``python -m cardgames``."""
    main_module = sys.modules["__main__"]
    path = sys.argv[0]
    package = getattr(main_module, "__package__", None)
    if package in {None, ""}:
        return os.path.basename(path)
    name = os.path.splitext(os.path.basename(path))[0]
    module = str(package) if name == "__main__" else f"{package}.{name}"
    return f"python -m {module.lstrip('.')}"


def root_help(program: str, columns: int | None = None) -> str:
    """The root's help as click lays it out for a terminal ``columns`` wide (default: this one's)."""
    import shutil

    if columns is None:
        columns = shutil.get_terminal_size().columns
    width = max(min(columns, 80) - 2, 50)
    prefix = f"Usage: {program} "
    usage = "[OPTIONS] COMMAND [ARGS]..."
    if width >= len(prefix) + 20:
        lines = [_wrap(usage, width, prefix, " " * len(prefix))]
    else:  # a long program name: the arguments go on the next line
        lines = [prefix, _wrap(usage, width, " " * 11, " " * 11)]
    lines += ["", _wrap(ROOT_HELP, width, "  ", "  "), "", "Options:"]
    lines += _definitions(OPTIONS, width)
    lines += [
        "",
        "Commands:",
        *_definitions({name: _first_sentence(h) for name, h in COMMANDS.items()}, width),
    ]
    return "\n".join(lines)


def _definitions(rows: dict[str, str], width: int) -> list[str]:
    """click's definition list (``HelpFormatter.write_dl``) indented by 2, one string per line."""
    first = min(max(map(len, rows)), 30) + 2
    text_width = max(width - first - 2, 10)
    out: list[str] = []
    for name, text in rows.items():
        head = (
            f"  {name}" + " " * (first - len(name))
            if len(name) <= first - 2
            else f"  {name}\n" + " " * (first + 2)
        )
        wrapped = _wrap(text, text_width, "", "").splitlines()
        out.append(head + wrapped[0])
        out += [" " * (first + 2) + line for line in wrapped[1:]]
    return out


def _first_sentence(text: str) -> str:
    """Up to the first word that ends with a full stop (click's short help, with no length limit)."""
    words = text.split()
    ends = [i for i, word in enumerate(words) if word.endswith(".")]
    return " ".join(words[: ends[0] + 1] if ends else words)


_WRAPPER: list[type] = []  # click's wrapper class, made when help is first wrapped


def _wrap(text: str, width: int, initial: str, subsequent: str) -> str:
    """click's text wrapper: a word longer than a line is cut where the line ends."""
    if not _WRAPPER:
        import textwrap  # only help is wrapped here (its class compiles regular expressions)

        class Wrapper(textwrap.TextWrapper):
            def _handle_long_word(
                self, reversed_chunks: list[str], cur_line: list[str], cur_len: int, width: int
            ) -> None:
                space_left = max(width - cur_len, 1)
                last = reversed_chunks[-1]
                cur_line.append(last[:space_left])
                reversed_chunks[-1] = last[space_left:]

        _WRAPPER.append(Wrapper)
    wrapper = _WRAPPER[0](width, initial_indent=initial, subsequent_indent=subsequent)
    wrapper.replace_whitespace = False
    return str(wrapper.fill(text.expandtabs()))
