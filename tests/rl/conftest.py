"""The adapters' tests play the built-in games and the framework's test plugins (tests/)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
