"""docs/tutorial.md quotes examples/crazyeights as it is, all of it, and each step's "try it" runs.

A quote is a code block after ``<!-- quote: PATH -->``: it must be a run of whole lines of that
file, and the quotes of a module together must hold every line of it, so that the tutorial and
the example cannot drift apart. A block after ``<!-- run -->`` is run in a fresh interpreter on
the package made of the quotes before it (each module's quotes in the file's order), so each step
is a state of the code that runs.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TUTORIAL = ROOT / "docs" / "tutorial.md"
PACKAGE = "examples/crazyeights/crazyeights/"
BLOCK = re.compile(r"<!-- (quote: (\S+)|run) -->\n```\w*\n(.*?)\n```", re.S)


def _blocks() -> list[tuple[str | None, str]]:
    """(quoted path, or None for a block to run; the code), in the order of the page."""
    return [(m[2], m[3]) for m in BLOCK.finditer(TUTORIAL.read_text(encoding="utf-8"))]


def _place(path: str, code: str) -> tuple[int, int]:
    """Where the quote lies in its file: (first line, line after the last), or an assertion error."""
    lines, quoted = (ROOT / path).read_text(encoding="utf-8").splitlines(), code.splitlines()
    for i in range(len(lines) - len(quoted) + 1):
        if lines[i : i + len(quoted)] == quoted:
            return i, i + len(quoted)
    raise AssertionError(f"docs/tutorial.md quotes lines that {path} does not hold:\n{code}")


def test_every_quote_is_in_the_file_it_names() -> None:
    quotes = [(path, code) for path, code in _blocks() if path is not None]
    assert len(quotes) >= 10
    for path, code in quotes:
        _place(path, code)


def test_the_quotes_hold_every_line_of_the_examples_modules() -> None:
    modules = sorted((ROOT / PACKAGE).glob("*.py"))
    assert modules
    for module in modules:
        path = module.relative_to(ROOT).as_posix()
        covered: set[int] = set()
        for quoted, code in _blocks():
            if quoted == path:
                start, end = _place(path, code)
                covered.update(range(start, end))
        lines = module.read_text(encoding="utf-8").splitlines()
        missing = [f"{n + 1}: {text}" for n, text in enumerate(lines) if text.strip() and n not in covered]
        assert not missing, f"docs/tutorial.md does not show these lines of {path}:\n" + "\n".join(missing)


def _steps() -> list[tuple[int, dict[str, str], str]]:
    """For each block to run: its number, the package's modules as quoted so far, the code."""
    out, quoted = [], {}
    for path, code in _blocks():
        if path is None:
            modules = {}
            for name, quotes in quoted.items():
                ordered = sorted(quotes, key=lambda q: _place(name, q)[0])
                modules[Path(name).name] = "\n".join(ordered) + "\n"
            out.append((len(out) + 1, modules, code))
        elif path.startswith(PACKAGE) and path.endswith(".py"):
            quoted.setdefault(path, []).append(code)
    return out


# Only the package made of the quotes: the installed example (an editable install may put a
# finder of its own in sys.meta_path) must not stand in for it.
_ISOLATE = """import sys
sys.meta_path[:] = [f for f in sys.meta_path if "crazyeights" not in repr(f) + getattr(f, "__module__", "")]
"""


@pytest.mark.parametrize(
    ("step", "modules", "code"), [pytest.param(*step, id=f"step {step[0]}") for step in _steps()]
)
def test_each_step_runs_on_the_code_quoted_so_far(
    step: int, modules: dict[str, str], code: str, tmp_path: Path
) -> None:
    package = tmp_path / "crazyeights"
    package.mkdir()
    (package / "__init__.py").write_text(modules.get("__init__.py", ""), encoding="utf-8")
    for name, text in modules.items():
        (package / name).write_text(text, encoding="utf-8")
    paths = [str(tmp_path), str(ROOT)]
    run = subprocess.run(
        [sys.executable, "-c", f"import sys; sys.path[:0] = {paths!r}\n{_ISOLATE}{code}"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode == 0, f"step {step}'s try-it fails on the code quoted so far:\n{run.stderr}"
    assert run.stdout.strip(), f"step {step}'s try-it prints nothing"
