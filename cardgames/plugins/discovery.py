"""The installed plugins' entry points, remembered between runs while nothing installed changes.

``importlib.metadata`` finds them, but importing it (with the ``email`` package it parses
metadata with) and reading every installed distribution costs a start of the program about
half as much as the game it then plays. So the entry points of a group are kept in a small
JSON file in the user's cache folder (one for each Python environment), with a fingerprint
of what Python would read to find them: ``sys.path``, the modification time of each of its
folders (a distribution installed or removed changes it), and of each distribution's
``entry_points.txt`` (a plugin reinstalled in place rewrites it). A run whose fingerprint
matches uses the file; any other run asks ``importlib.metadata`` and writes the file again.
The file keeps the last few fingerprints' entry points (:data:`KEPT`): the installed
``cardgames`` command and ``python -m cardgames`` see different ``sys.path`` (the script's
folder, the current folder), and with one fingerprint they would take turns rewriting it.
When ``importlib.metadata`` is already imported (inside a test, say) there is nothing to
save and it is always asked.
"""

from __future__ import annotations

import functools
import importlib
import json
import os
import re
import sys
from pathlib import Path
from typing import Any, Protocol

CACHE_NAME = "entry-points.json"
FORMAT = 1
KEPT = 8  # fingerprints remembered: the newest at the top level, the others under "older"

# importlib.metadata.EntryPoint's own pattern for "module:attribute.path [extras]"
_VALUE = re.compile(r"(?P<module>[\w.]+)\s*(:\s*(?P<attr>[\w.]+)\s*)?((?P<extras>\[.*\])\s*)?$")


class PluginEntryPoint(Protocol):
    """What the registry uses of an entry point (``importlib.metadata.EntryPoint`` has it all)."""

    name: str
    value: str
    group: str

    @property
    def dist(self) -> Any:
        """The distribution that declares it (with its ``name``), or None."""

    def load(self) -> Any:
        """Import the module and return the object the entry point names."""


class _Distribution:
    """The one thing the registry asks of an entry point's distribution: its name."""

    def __init__(self, name: str) -> None:
        self.name = name


class RememberedEntryPoint:
    """An entry point read from the cache file; ``load`` does what importlib.metadata's does."""

    def __init__(self, name: str, value: str, group: str, dist_name: str | None) -> None:
        self.name, self.value, self.group = name, value, group
        self._dist = _Distribution(dist_name) if dist_name is not None else None

    @property
    def dist(self) -> _Distribution | None:
        """The distribution that declared it, by name."""
        return self._dist

    def load(self) -> Any:
        """Import the module and walk the attribute path (``importlib.metadata.EntryPoint.load``)."""
        match = _VALUE.match(self.value)
        if match is None:  # never remembered (see _write); importlib.metadata's would fail too
            raise ValueError(f"not an entry point: {self.value!r}")
        module = importlib.import_module(match.group("module"))
        return functools.reduce(getattr, filter(None, (match.group("attr") or "").split(".")), module)

    def __repr__(self) -> str:
        return f"RememberedEntryPoint(name={self.name!r}, value={self.value!r}, group={self.group!r})"


def entry_points(group: str, cache: Path | None = None) -> list[PluginEntryPoint]:
    """The entry points of ``group``, from the cache file when nothing installed has changed."""
    if "importlib.metadata" in sys.modules:  # already paid for: ask it (and let tests fake it)
        return _found(group)
    path = cache if cache is not None else _cache_file()
    key = fingerprint()
    if path is None or key is None:
        return _found(group)
    remembered = _read(path, key, group)
    if remembered is not None:
        return list(remembered)
    found = _found(group)
    _write(path, key, group, found)
    return found


def _found(group: str) -> list[PluginEntryPoint]:
    import importlib.metadata

    return list(importlib.metadata.entry_points(group=group))


def fingerprint() -> list[Any] | None:
    """What importlib.metadata would read to find distributions; None if it cannot be told cheaply."""
    for finder in sys.meta_path:  # another finder that lists distributions: not ours to fingerprint
        if hasattr(finder, "find_distributions") and getattr(finder, "__name__", "") != "PathFinder":
            return None
    key: list[Any] = [FORMAT, sys.version, sys.prefix]
    for entry in sys.path:
        folder = entry or "."
        try:
            key.append([entry, os.stat(folder).st_mtime_ns])
            if not os.path.isdir(folder):
                continue
            with os.scandir(folder) as children:
                names = sorted(c.name for c in children if c.name.endswith((".dist-info", ".egg-info")))
        except OSError:
            key.append([entry, None])
            continue
        for name in names:
            try:
                key.append([name, os.stat(os.path.join(folder, name, "entry_points.txt")).st_mtime_ns])
            except OSError:
                key.append([name, None])
    return key


def _cache_file() -> Path | None:
    """The cache file of this Python environment (one per environment, so that they do not take turns)."""
    import zlib

    try:
        import platformdirs

        folder = Path(platformdirs.user_cache_dir("cardgames"))
    except Exception:  # no home folder, say: then there is no cache
        return None
    which = zlib.crc32(f"{sys.prefix}\0{sys.executable}".encode("utf-8", "surrogateescape"))
    return folder / f"{CACHE_NAME.removesuffix('.json')}-{which:08x}.json"


def _read(path: Path, key: list[Any], group: str) -> list[RememberedEntryPoint] | None:
    try:
        groups = _groups_of(_load(path), key)
        if not isinstance(groups, dict) or group not in groups:
            return None
        rows = [(n, v, d) for n, v, d in groups[group]]
    except (OSError, ValueError, KeyError, TypeError):  # missing, damaged or another format: ask again
        return None
    if not all(isinstance(n, str) and _is_value(v) and (d is None or isinstance(d, str)) for n, v, d in rows):
        return None  # damaged rows: ask again
    return [RememberedEntryPoint(n, v, group, d) for n, v, d in rows]


def _groups_of(data: Any, key: list[Any]) -> Any:
    """The groups remembered under ``key`` in the cache file's data (None if it has none)."""
    if data["key"] == key:
        return data["groups"]
    for older_key, groups in data.get("older", []):
        if older_key == key:
            return groups
    return None


def _is_value(value: Any) -> bool:
    return isinstance(value, str) and _VALUE.match(value) is not None


def _load(path: Path) -> Any:
    """The cache file's data; ValueError for a file that is not this user's alone."""
    with open(path, "rb") as file:
        if not _own(os.fstat(file.fileno())):
            raise ValueError(f"{path} may be written by others")
        return json.loads(file.read().decode("utf-8"))


def _own(info: os.stat_result) -> bool:
    """Whether a cache file is only this user's: the registry trusts the distribution names it holds."""
    if not hasattr(os, "getuid"):  # Windows: the user's own profile folder
        return True
    return info.st_uid == os.getuid() and not info.st_mode & 0o022


def _write(path: Path, key: list[Any], group: str, found: list[PluginEntryPoint]) -> None:
    """Remember ``found`` (atomically); entry points this module could not load alike are not kept."""
    if not all(_VALUE.match(ep.value) for ep in found):
        return
    rows = [[ep.name, ep.value, getattr(ep.dist, "name", None)] for ep in found]
    try:
        old = _load(path)
        older = [[old["key"], old["groups"]], *old.get("older", [])]
        kept = [[k, g] for k, g in older if k != key and isinstance(g, dict)][: KEPT - 1]
        groups = _groups_of(old, key)
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        groups, kept = None, []
    groups = groups if isinstance(groups, dict) else {}
    groups[group] = rows
    temporary = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        # ASCII: a folder name that is not UTF-8 (a surrogate escape) is written \udcff and read back alike
        text = json.dumps({"key": key, "groups": groups, "older": kept}).encode("ascii")
        with open(os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "wb") as file:
            file.write(text)
        os.replace(temporary, path)
    except (OSError, ValueError):  # a read-only home: every run asks importlib.metadata
        temporary.unlink(missing_ok=True)
