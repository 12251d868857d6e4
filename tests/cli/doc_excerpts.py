"""The screen excerpts in the docs, and the commands that produce them.

An excerpt is a ```` ```text ```` block that says where it comes from, in one of three ways:

- its lines starting with ``$ `` are commands and the lines after each are that command's output
  (stdout and stderr as a terminal shows them); a plain ```` ``` ```` block of such lines is
  one too;
- the paragraph just before it says ``from `COMMAND` `` (case does not matter), or a ```` ```sh ````
  block of one line just before it is the command: the block is a part of that command's output;
- that paragraph also gives a terminal size (``80x24``) and what is typed (``typing `1⏎` ``, ``⏎``
  is Enter): the block is the screen the program drew in a pseudo-terminal of that size.

A line that is exactly ``…`` cuts the excerpt: each part between cuts must appear, whole and in
order, in the output. Commands run in bash, 80 columns wide (or as wide as the page says: "in a
terminal 60 columns wide"), with no settings file, all the excerpts of one page in order in one
directory (a later excerpt may replay a file an earlier one saved). An ``export NAME=PATH`` in
a ```` ```sh ```` block sets NAME for the page's later commands; an absolute PATH (a folder of
the reader's own, ``/home/olga/club/friday.sqlite3``) is put in the run directory instead,
which then has a name just as long (``/tmp/dd…``, see :func:`run_directory`), so that the
output, with the page's folder written back, wraps where the page's does.
``python tests/cli/doc_excerpts.py 'COMMAND'`` prints a command's output as the check sees it,
to capture an excerpt from; ``python tests/cli/doc_excerpts.py --write PAGE`` captures every
excerpt of a page again after the program's output changed on purpose (each part between cuts
from the line it starts with to the line it ends with; read the diff before committing it).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

CUT = "…"
COLUMNS = 80
_FROM = re.compile(r"\bfrom\s+`([^`]+)`", re.IGNORECASE)
_SIZE = re.compile(r"\b(\d{2,3})x(\d{2,3})\b")
_TYPING = re.compile(r"\btyping\s+((?:`[^`]*`(?:,\s*|\s+and\s+|\s+then\s+)?)+)", re.IGNORECASE)


@dataclass(frozen=True)
class Excerpt:
    """One block of a page: the command, what is typed at a terminal (if a screen), the lines shown."""

    page: str
    line: int
    command: str
    lines: tuple[str, ...]
    size: tuple[int, int] | None = None
    keys: tuple[str, ...] = ()
    columns: int = COLUMNS
    exports: tuple[tuple[str, str], ...] = ()

    def parts(self) -> list[list[str]]:
        """The runs of lines between cuts."""
        parts: list[list[str]] = [[]]
        for line in self.lines:
            if line.strip() == CUT:
                parts.append([])
            else:
                parts[-1].append(line.rstrip())
        return [part for part in parts if part]


def _blocks(text: str) -> Iterator[tuple[int, str, list[str], list[str]]]:
    """Every fenced block: its first line number, its language, its lines, and the lines before it."""
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        fence = re.match(r"^```(\w*)\s*$", lines[i])
        if fence:
            end = i + 1
            while end < len(lines) and lines[end] != "```":
                end += 1
            yield i + 1, fence.group(1), lines[i + 1 : end], lines[:i]
            i = end + 1
        else:
            i += 1


def _paragraph_before(before: list[str]) -> str:
    """The paragraph that ends just above a block."""
    end = len(before)
    while end > 0 and not before[end - 1].strip():
        end -= 1
    start = end
    while start > 0 and before[start - 1].strip():
        start -= 1
    return " ".join(line.strip() for line in before[start:end])


def excerpts(path: Path) -> tuple[list[Excerpt], list[int]]:
    """The excerpts of a page, and the line numbers of text blocks that say no source."""
    found: list[Excerpt] = []
    unsourced: list[int] = []
    previous_sh: tuple[int, list[str]] | None = None
    text = path.read_text(encoding="utf-8")
    wide = re.search(r"in a terminal (\d+) columns wide", text)
    columns = int(wide.group(1)) if wide else COLUMNS
    exports: tuple[tuple[str, str], ...] = ()
    for number, language, body, before in _blocks(text):
        if language == "sh":
            previous_sh = (number + len(body) + 1, body)
            found_exports = [re.match(r"^export (\w+)=(\S+)$", line.strip()) for line in body]
            exports += tuple((m.group(1), m.group(2)) for m in found_exports if m)
            continue
        transcript = bool(body) and body[0].startswith("$ ")
        if language != "text" and not (language == "" and transcript):
            previous_sh = None
            continue
        just_after_sh = previous_sh is not None and all(not line.strip() for line in before[previous_sh[0] :])
        if transcript:
            commands = _transcript(path.name, number, body)
            found.extend(replace(e, columns=columns, exports=exports) for e in commands)
        else:
            paragraph = _paragraph_before(before)
            source = _FROM.findall(paragraph)
            if source:
                command = source[-1]
            elif just_after_sh and previous_sh is not None and len(previous_sh[1]) == 1:
                command, paragraph = previous_sh[1][0], ""
            else:
                unsourced.append(number)
                previous_sh = None
                continue
            size = _SIZE.search(paragraph)
            typing = _TYPING.search(paragraph)
            keys = tuple(re.findall(r"`([^`]*)`", typing.group(1))) if typing else ()
            found.append(
                Excerpt(
                    path.name,
                    number,
                    command,
                    tuple(body),
                    (int(size.group(1)), int(size.group(2))) if size else None,
                    keys,
                    columns,
                    exports,
                )
            )
        previous_sh = None
    return found, unsourced


def _transcript(page: str, number: int, body: list[str]) -> Iterator[Excerpt]:
    command: str | None = None
    shown: list[str] = []
    start = number
    for offset, line in enumerate([*body, "$ "]):
        if line.startswith("$ "):
            while shown and not shown[-1].strip():
                shown.pop()  # the blank line between two commands
            if command is not None:
                yield Excerpt(page, start, command, tuple(shown))
            command, shown, start = line[2:], [], number + offset + 1
        else:
            shown.append(line)


def run_directory(found: list[Excerpt], fallback: Path) -> Path:
    """Where a page's commands run: ``fallback``, or a new folder named as long as the page's own one."""
    folders = {str(Path(value).parent) for e in found for _, value in e.exports if Path(value).is_absolute()}
    if len(folders) != 1:
        return fallback
    pad = len(folders.pop()) - len(tempfile.gettempdir()) - 1 - 8  # mkdtemp adds 8 characters
    return Path(tempfile.mkdtemp(prefix="d" * pad)) if pad > 0 else fallback


def _placed(excerpt: Excerpt, where: Path) -> tuple[dict[str, str], dict[str, str]]:
    """The page's exports, an absolute path put in ``where``; and the paths moved."""
    env: dict[str, str] = {}
    moved: dict[str, str] = {}
    for name, value in excerpt.exports:
        path = Path(value)
        if path.is_absolute():
            env[name] = str(where / path.name)
            moved[str(where / path.name)] = value
        else:
            env[name] = value
    return env, moved


def environment(where: Path, columns: int = COLUMNS) -> dict[str, str]:
    """What the commands run with: 80 columns, no settings file, no colour, unbuffered output, and no
    locale, so that a page's command speaks English unless it says otherwise (``--lang it``)."""
    dropped = ("CARDGAMES_SETTINGS", "LINES", "FORCE_COLOR", "LC_ALL", "LC_MESSAGES", "LANG")
    env = {k: v for k, v in os.environ.items() if k not in dropped}
    (where / ".no-config").mkdir(exist_ok=True)
    env.update(
        COLUMNS=str(columns),
        XDG_CONFIG_HOME=str(where / ".no-config"),
        PYTHONUNBUFFERED="1",
        NO_COLOR="1",
        PYTHONIOENCODING="utf-8",
        # the cardgames installed beside this interpreter, before any other on the PATH
        PATH=os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")]),
    )
    return env


def _simple(command: str) -> tuple[dict[str, str], str, list[str]] | None:
    """(env, input, args) of ``[printf '%s\\n' LINE … |] [NAME=VALUE …] cardgames ARGS``, else None.

    ``echo WORD |`` may feed the input too; any other shell (a redirection, two commands) is None.
    """
    lexer = shlex.shlex(command, posix=True, punctuation_chars=True)
    lexer.whitespace_split = True
    words = list(lexer)
    if any(w in (";", "&&", "||", ">", "<", ">>", "&", "(", ")") for w in words):
        return None
    typed = ""
    if "|" in words:
        if words.count("|") != 1:
            return None
        feed, words = words[: words.index("|")], words[words.index("|") + 1 :]
        if feed[:2] == ["printf", "%s\\n"]:
            typed = "".join(f"{line}\n" for line in feed[2:])
        elif feed[:1] == ["echo"]:
            typed = " ".join(feed[1:]) + "\n"
        else:
            return None
    env: dict[str, str] = {}
    while words and re.match(r"^\w+=", words[0]):
        name, _, value = words.pop(0).partition("=")
        env[name] = value
    if words[:1] != ["cardgames"]:
        return None
    return env, typed, words[1:]


def _in_process(env: dict[str, str], typed: str, args: list[str], where: Path) -> str:
    """The program's ``main`` run here, as its console script runs it: what it printed, both streams."""
    from click.testing import CliRunner

    from cardgames.cli.main import main  # the console script, which takes --lang out first

    runner = CliRunner()
    before, argv = Path.cwd(), sys.argv
    unset: dict[str, str | None] = {name: None for name in os.environ if name not in env}
    os.chdir(where)
    try:
        with runner.isolation(input=typed, env={**unset, **env}) as streams:
            sys.argv = ["cardgames", *args]
            try:
                main()
            except SystemExit:
                pass
            finally:
                sys.stdout.flush()
                sys.stderr.flush()
            shown = streams[-1].getvalue()  # stdout and stderr, in the order written
    finally:
        sys.argv = argv
        os.chdir(before)
    return shown.decode("utf-8") if isinstance(shown, bytes) else shown


def run_lines(command: str, where: Path, excerpt: Excerpt | None = None) -> list[str]:
    """What a command prints to a pipe, stdout and stderr together, lines without trailing spaces.

    A plain ``cardgames …`` command, with piped answers or not, runs the program's entry point in
    this process (much faster than starting it); anything else runs in bash.
    """
    exports, moved = _placed(excerpt, where) if excerpt else ({}, {})
    env = environment(where, excerpt.columns if excerpt else COLUMNS) | exports
    simple = _simple(command)
    if simple is not None:
        own, typed, args = simple
        shown = _in_process(env | own, typed, args, where)
    else:
        shown = subprocess.run(
            ["bash", "-c", command],
            cwd=where,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            encoding="utf-8",
            timeout=120,
        ).stdout
    for here, written in moved.items():
        shown = shown.replace(here, written)
    return [line.rstrip() for line in shown.rstrip("\n").split("\n")]


def run_screen(excerpt: Excerpt, where: Path, deadline: float = 15.0) -> list[str]:
    """The screen a command drew in a pseudo-terminal once it shows the excerpt (or the deadline passes)."""
    import termios

    import pexpect
    import pyte

    assert excerpt.size is not None
    columns, rows = excerpt.size
    env = environment(where)
    env.pop("COLUMNS")
    env.pop("NO_COLOR")
    env["TERM"] = "xterm"
    child = pexpect.spawn(
        "bash", ["-c", excerpt.command], env=env, cwd=str(where), encoding="utf-8", dimensions=(rows, columns)
    )
    child.delaybeforesend = None
    screen = pyte.Screen(columns, rows)
    stream = pyte.Stream(screen)

    def pump(quiet: float = 0.3) -> bool:
        while True:
            try:
                stream.feed(child.read_nonblocking(100_000, timeout=quiet))
            except pexpect.TIMEOUT:
                return True
            except pexpect.EOF:
                return False

    def shown() -> list[str]:
        return [line.rstrip() for line in screen.display]

    def asking() -> bool:
        """The cursor stands after a question (``your move:``) and the program reads keys one by one.

        Keys sent while the terminal is still in line mode would be thrown away when the full
        screen switches it to reading keys, so the keys wait for that switch (no line mode
        prompt switches it: there the question is enough).
        """
        row = screen.display[screen.cursor.y][: screen.cursor.x].rstrip()
        if not row.endswith((":", "?", ")")):
            return False
        try:
            flags = termios.tcgetattr(child.child_fd)[3]
        except termios.error:
            return True
        return not flags & termios.ICANON or "--lines" in excerpt.command

    try:
        for key in excerpt.keys:
            end = time.monotonic() + deadline
            while (pump() and not asking()) and time.monotonic() < end:
                pass
            before = shown()
            child.send(key.replace("⏎", "\r"))
            end = time.monotonic() + 2
            while shown() == before and pump(0.05) and time.monotonic() < end:
                pass  # the program has read the keys once it drew them (keys are not echoed)
        end = time.monotonic() + deadline
        while True:
            alive = pump()
            if not missing(excerpt, shown()) or not alive or time.monotonic() > end:
                return shown()
    finally:
        if child.isalive():
            child.terminate(force=True)


def output(excerpt: Excerpt, where: Path) -> list[str]:
    return run_screen(excerpt, where) if excerpt.size else run_lines(excerpt.command, where, excerpt)


def missing(excerpt: Excerpt, shown: list[str]) -> list[str] | None:
    """The first part of the excerpt that is not in the output (after the parts before it), or None."""
    at = 0
    for part in excerpt.parts():
        for start in range(at, len(shown) - len(part) + 1):
            if shown[start : start + len(part)] == part:
                at = start + len(part)
                break
        else:
            return part
    return None


def run_page(page: Path, where: Path) -> list[list[str]]:
    """What every excerpt's command of ``page`` shows, run in order in ``where``.

    The commands run in one new Python process started with the page's environment, so the
    program's consoles are made at the page's width, as in a process of its own, and nothing
    of the test process (a console made at another width, a game registered by a test) is in it.
    """
    found, _ = excerpts(page)
    env = environment(where, found[0].columns if found else COLUMNS)  # each command adds the page's exports
    done = subprocess.run(
        [sys.executable, __file__, "--page", str(page.resolve()), str(where)],
        cwd=where,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=600,
    )
    if done.returncode != 0:
        raise AssertionError(f"running the commands of {page.name} failed:\n{done.stderr}")
    shown: list[list[str]] = json.loads(done.stdout)
    return shown


def recaptured(excerpt: Excerpt, shown: list[str]) -> tuple[list[str], list[str]]:
    """The excerpt's lines taken again from ``shown``, and the parts whose first line is gone."""
    lines: list[str] = []
    lost: list[str] = []
    at = 0
    for number, part in enumerate(excerpt.parts()):
        if number or (excerpt.lines and excerpt.lines[0].strip() == CUT):
            lines.append(CUT)
        starts = [i for i in range(at, len(shown)) if shown[i] == part[0]]
        if not starts:
            lines.extend(part)
            lost.append(part[0])
            continue
        start = starts[0]
        ends = [i for i in range(start, len(shown)) if shown[i] == part[-1]]
        end = ends[0] if ends else min(start + len(part), len(shown)) - 1
        lines.extend(shown[start : end + 1])
        at = end + 1
    if excerpt.lines and excerpt.lines[-1].strip() == CUT:
        lines.append(CUT)
    return lines, lost


def rewrite(page: Path, where: Path) -> list[str]:
    """Every excerpt of ``page`` captured again from its command; what could not be placed."""
    found, _ = excerpts(page)
    text = page.read_text(encoding="utf-8").split("\n")
    problems = []
    for excerpt, shown in reversed(list(zip(found, run_page(page, where), strict=True))):
        lines, lost = recaptured(excerpt, shown)
        problems += [f"{page.name}:{excerpt.line}: no line {first!r} in the output" for first in lost]
        start = excerpt.line  # the line after the fence, or after the excerpt's own "$ " line
        text[start : start + len(excerpt.lines)] = lines
    page.write_text("\n".join(text), encoding="utf-8")
    return problems


if __name__ == "__main__":
    if sys.argv[1:2] == ["--write"]:
        run_in = run_directory(excerpts(Path(sys.argv[2]))[0], Path(tempfile.mkdtemp()))
        for problem in rewrite(Path(sys.argv[2]), run_in):
            print(problem)
    elif sys.argv[1:2] == ["--page"]:
        page_excerpts, _ = excerpts(Path(sys.argv[2]))
        with contextlib.redirect_stdout(io.StringIO()):
            outputs = [output(excerpt, Path(sys.argv[3])) for excerpt in page_excerpts]
        print(json.dumps(outputs, ensure_ascii=False))
    else:
        for line in run_lines(sys.argv[1], Path.cwd()):
            print(line)
