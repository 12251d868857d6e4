"""The installed plugins' entry points, as ``importlib.metadata`` finds them."""

from __future__ import annotations

from typing import Any, Protocol


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


def entry_points(group: str) -> list[PluginEntryPoint]:
    """The entry points of ``group`` of every installed distribution."""
    import importlib.metadata

    return list(importlib.metadata.entry_points(group=group))
