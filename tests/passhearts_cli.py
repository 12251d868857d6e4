"""The cardgames program with Pass Hearts installed beside the built-in games, as a third-party plugin is.

The end-to-end tests run it in a pseudo-terminal (``python passhearts_cli.py play passhearts …``):
everything after start-up is the real command line, registry lookup included.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from framework_passing import PassHearts

from cardgames.cli.app import main
from cardgames.plugins import registry

if __name__ == "__main__":
    registry.default_registry().register(PassHearts(), source="tests")
    main()
