"""The user's config and cache folders: platformdirs' answer, without importing it where the answer is plain.

Importing platformdirs, with the tempfile, shutil and compression modules it brings, was about 5%
of an unattended game's instructions (start-up), to join two words. On Linux, when ``$XDG_CONFIG_HOME``
(``$XDG_CACHE_HOME``) is an absolute path, or is unset or empty and ``$HOME`` is absolute, every
platformdirs 4 gives that folder (or ``$HOME/.config``, ``$HOME/.cache``) followed by the
application's name: :func:`user_dir` writes it out. Anything else (another system, a relative
or padded value, no home) is platformdirs' to answer. A test compares the two over such
environments, so they cannot drift apart (start-up).
"""

from __future__ import annotations

import os
import sys

APP = "cardgames"
_HOMES = {"config": ".config", "cache": ".cache"}


def user_dir(kind: str) -> str:
    """The user's ``kind`` folder (``"config"`` or ``"cache"``) of cardgames, as platformdirs names it."""
    plain = _plain(kind)
    if plain is not None:
        return plain
    import platformdirs

    return str(platformdirs.user_config_dir(APP) if kind == "config" else platformdirs.user_cache_dir(APP))


def _plain(kind: str) -> str | None:
    """The folder when the environment makes it plain (see the module's docstring); None otherwise."""
    environ = os.environ
    android = environ.get("ANDROID_DATA") == "/data" and environ.get("ANDROID_ROOT") == "/system"
    if sys.platform != "linux" or android or hasattr(sys, "getandroidapilevel"):
        return None
    chosen = environ.get(f"XDG_{kind.upper()}_HOME", "")
    if chosen:
        return os.path.join(chosen, APP) if chosen.startswith("/") and chosen == chosen.strip() else None
    home = environ.get("HOME", "")
    if not home.startswith("/") or home != home.strip():
        return None
    return os.path.join(home.rstrip("/") + "/" + _HOMES[kind], APP)
