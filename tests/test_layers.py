"""The house keeps its layers: a package per layer, no import up a layer, few top-level modules, none long."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def _import_map() -> ModuleType:
    spec = importlib.util.spec_from_file_location("import_map", ROOT / ".ci" / "import_map.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["import_map"] = module
    spec.loader.exec_module(module)
    return module


def test_no_import_runs_up_a_layer_few_modules_lie_at_the_top_and_none_is_over_400_lines() -> None:
    _graph, problems = _import_map().check()
    assert problems == []


def test_a_relative_import_is_read_as_the_module_it_names(tmp_path: Path) -> None:
    """``from ..core import game`` in a primitive is an import of cardgames.core.game, seen as such."""
    module = tmp_path / "cards.py"
    module.write_text("from ..core import game\nfrom . import decks\n", encoding="utf-8")
    found = _import_map().imports(module, "cardgames.primitives.cards")
    assert {"cardgames.core.game", "cardgames.primitives.decks"} <= found


def test_every_package_of_the_framework_has_a_layer() -> None:
    import_map = _import_map()
    packages = {p.name for p in (ROOT / "cardgames").iterdir() if (p / "__init__.py").exists()}
    assert packages == set().union(*import_map.LAYERS)


def test_the_map_sees_an_upward_import() -> None:
    """The check is not vacuous: a primitive that imported the protocol would be reported."""
    import_map = _import_map()
    cards = ROOT / "cardgames" / "primitives" / "cards.py"
    original = import_map.imports
    import_map.imports = lambda p, m="": original(p, m) | ({"cardgames.core.game"} if p == cards else set())
    try:
        _graph, problems = import_map.check()
    finally:
        import_map.imports = original
    assert any(p.startswith("primitives imports core (up a layer)") for p in problems), problems


def test_the_map_sees_a_long_module() -> None:
    """The length check is not vacuous: with a lower limit, the engines would be reported."""
    import_map = _import_map()
    original = import_map.MODULE_LINES
    import_map.MODULE_LINES = 300
    try:
        _graph, problems = import_map.check()
    finally:
        import_map.MODULE_LINES = original
    assert any(p.startswith("cardgames/games/dernier/state.py has ") for p in problems), problems
