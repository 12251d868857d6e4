"""Plugin entry points are remembered between runs, and forgotten as soon as anything installed changes."""

from __future__ import annotations

import importlib.metadata
import json
import os
import subprocess
import sys
import time
from pathlib import Path

from cardgames.plugins import discovery
from cardgames.plugins.registry import GROUP

# A child process (this one has importlib.metadata imported already): the group's entry points
# as (name, value, distribution name), and whether importlib.metadata had to be imported.
CHILD = """
import json, sys
from pathlib import Path
from cardgames.plugins.discovery import entry_points
found = entry_points(sys.argv[1], cache=Path(sys.argv[2]))
rows = sorted([ep.name, ep.value, getattr(ep.dist, "name", None)] for ep in found)
print(json.dumps({"rows": rows, "asked": "importlib.metadata" in sys.modules}))
"""


def _child(group: str, cache: Path, extra: Path) -> dict[str, object]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(extra), os.environ.get("PYTHONPATH", "")])}
    run = subprocess.run(
        [sys.executable, "-c", CHILD, group, str(cache)], capture_output=True, text=True, check=True, env=env
    )
    return json.loads(run.stdout)  # type: ignore[no-any-return]


def _install(folder: Path, name: str, entry_points: str) -> None:
    """A distribution as pip leaves it: a dist-info folder with METADATA and entry_points.txt."""
    info = folder / f"{name}-1.0.dist-info"
    info.mkdir(exist_ok=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(entry_points)


def _bump(path: Path) -> None:
    """Move a modification time on, as a later write would (file systems can be coarse)."""
    later = time.time() + 5
    os.utime(path, (later, later))


def test_a_remembered_entry_point_loads_what_importlib_metadata_loads() -> None:
    for ep in importlib.metadata.entry_points(group=GROUP):
        mine = discovery.RememberedEntryPoint(ep.name, ep.value, ep.group, ep.dist.name if ep.dist else None)
        assert mine.load() is ep.load()
        assert (mine.name, mine.value, mine.group) == (ep.name, ep.value, ep.group)
        assert mine.dist is not None and ep.dist is not None and mine.dist.name == ep.dist.name


def test_the_second_run_reads_the_cache_and_a_change_to_what_is_installed_is_seen(tmp_path: Path) -> None:
    site, cache = tmp_path / "site", tmp_path / "cache" / "entry-points.json"
    site.mkdir()
    _install(site, "toy-games", "[test.group]\ntoy = toy_games:Toy\n")
    first = _child("test.group", cache, site)
    assert first == {"rows": [["toy", "toy_games:Toy", "toy-games"]], "asked": True}
    assert cache.exists()
    second = _child("test.group", cache, site)
    assert second == {
        "rows": first["rows"],
        "asked": False,
    }  # nothing changed: importlib.metadata not imported

    _install(site, "more-games", "[test.group]\nmore = more_games:More\n")  # a plugin installed
    _bump(site)
    third = _child("test.group", cache, site)
    assert third["asked"] is True and ["more", "more_games:More", "more-games"] in third["rows"]  # type: ignore[operator]

    entry_points = site / "toy-games-1.0.dist-info" / "entry_points.txt"  # reinstalled in place
    entry_points.write_text("[test.group]\ntoy = toy_games.v2:Toy\n")
    _bump(entry_points)
    fourth = _child("test.group", cache, site)
    assert fourth["asked"] is True and ["toy", "toy_games.v2:Toy", "toy-games"] in fourth["rows"]  # type: ignore[operator]
    assert _child("test.group", cache, site)["asked"] is False


def test_a_damaged_cache_is_asked_again_and_rewritten(tmp_path: Path) -> None:
    site, cache = tmp_path / "site", tmp_path / "entry-points.json"
    site.mkdir()
    _install(site, "toy-games", "[test.group]\ntoy = toy_games:Toy\n")
    cache.write_text("{not json")
    assert _child("test.group", cache, site)["asked"] is True
    assert json.loads(cache.read_text())["groups"]["test.group"] == [["toy", "toy_games:Toy", "toy-games"]]
    assert _child("test.group", cache, site)["asked"] is False


def test_an_entry_point_it_could_not_load_alike_is_never_remembered(tmp_path: Path) -> None:
    site, cache = tmp_path / "site", tmp_path / "entry-points.json"
    site.mkdir()
    _install(site, "odd-games", "[test.group]\nodd = not a module path!\n")
    assert _child("test.group", cache, site)["asked"] is True
    assert not cache.exists()  # so importlib.metadata's own error is what the registry reports
    assert _child("test.group", cache, site)["asked"] is True


def test_with_importlib_metadata_imported_it_is_always_asked(tmp_path: Path) -> None:
    cache = tmp_path / "entry-points.json"
    assert [ep.name for ep in discovery.entry_points(GROUP, cache=cache)] == [
        ep.name for ep in importlib.metadata.entry_points(group=GROUP)
    ]
    assert not cache.exists()


def test_a_cache_others_could_write_is_not_believed_and_is_written_again_as_the_users_alone(
    tmp_path: Path,
) -> None:
    site, cache = tmp_path / "site", tmp_path / "entry-points.json"
    site.mkdir()
    _install(site, "toy-games", "[test.group]\ntoy = toy_games:Toy\n")
    assert _child("test.group", cache, site)["asked"] is True
    assert cache.stat().st_mode & 0o777 == 0o600
    # the distribution names decide which plugins are trusted: a cache anyone may change is asked again
    cache.chmod(0o666)
    data = json.loads(cache.read_text())
    data["groups"]["other.group"] = [["evil", "evil:Game", "cardgames"]]  # passing for a built-in
    cache.write_text(json.dumps(data))
    assert _child("test.group", cache, site)["asked"] is True
    assert cache.stat().st_mode & 0o777 == 0o600
    assert list(json.loads(cache.read_text())["groups"]) == ["test.group"]  # nothing of it kept
    assert _child("test.group", cache, site)["asked"] is False


def test_a_cache_with_the_right_key_but_damaged_groups_is_asked_again(tmp_path: Path) -> None:
    site, cache = tmp_path / "site", tmp_path / "entry-points.json"
    site.mkdir()
    _install(site, "toy-games", "[test.group]\ntoy = toy_games:Toy\n")
    _child("test.group", cache, site)
    good = json.loads(cache.read_text())
    for groups in ([], "text", {"test.group": [[1, 2, 3]]}, {"test.group": [["toy", "no such:(", None]]}):
        cache.write_text(json.dumps({"key": good["key"], "groups": groups}))
        found = _child("test.group", cache, site)
        assert found == {"rows": [["toy", "toy_games:Toy", "toy-games"]], "asked": True}, groups
        assert json.loads(cache.read_text()) == good


def test_a_folder_name_that_is_not_utf8_is_remembered_too(tmp_path: Path) -> None:
    site, cache = Path(os.fsdecode(os.fsencode(tmp_path) + b"/site\xff")), tmp_path / "entry-points.json"
    site.mkdir()
    _install(site, "toy-games", "[test.group]\ntoy = toy_games:Toy\n")
    first = _child("test.group", cache, site)
    assert first == {"rows": [["toy", "toy_games:Toy", "toy-games"]], "asked": True}
    assert _child("test.group", cache, site)["asked"] is False  # read back: the same fingerprint


def test_two_search_paths_of_one_environment_do_not_take_turns(tmp_path: Path) -> None:
    # the installed command and `python -m cardgames` see different sys.path in the same environment
    site, other, cache = tmp_path / "site", tmp_path / "other", tmp_path / "entry-points.json"
    site.mkdir()
    other.mkdir()
    _install(site, "toy-games", "[test.group]\ntoy = toy_games:Toy\n")
    both = os.pathsep.join([str(site), str(other)])
    assert _child("test.group", cache, site)["asked"] is True
    assert _child("test.group", cache, Path(both))["asked"] is True
    for _ in range(2):  # each one's entry points are remembered beside the other's
        assert _child("test.group", cache, site) == {
            "rows": [["toy", "toy_games:Toy", "toy-games"]],
            "asked": False,
        }
        assert _child("test.group", cache, Path(both))["asked"] is False


def test_only_the_last_few_search_paths_are_remembered(tmp_path: Path) -> None:
    site, cache = tmp_path / "site", tmp_path / "entry-points.json"
    site.mkdir()
    _install(site, "toy-games", "[test.group]\ntoy = toy_games:Toy\n")
    paths = [
        Path(os.pathsep.join([str(site), str(tmp_path / f"extra{i}")])) for i in range(discovery.KEPT + 1)
    ]
    for path in paths:
        assert _child("test.group", cache, path)["asked"] is True
    assert len(json.loads(cache.read_text())["older"]) == discovery.KEPT - 1
    assert _child("test.group", cache, paths[-1])["asked"] is False
    assert _child("test.group", cache, paths[1])["asked"] is False  # the oldest still kept
    assert _child("test.group", cache, paths[0])["asked"] is True  # forgotten
