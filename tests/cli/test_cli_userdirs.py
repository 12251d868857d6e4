"""The config and cache folders written out without platformdirs are the folders platformdirs gives."""

from __future__ import annotations

import itertools
import sys

import platformdirs
import pytest

from cardgames.primitives import userdirs

XDG = [None, "", "/x/y", "/x/y/", "/", "rel", " /x", "/x y"]
HOME = [None, "", "/root", "/root/", "/", "rel", "/home/ann b"]


@pytest.mark.skipif(sys.platform != "linux", reason="the folders are written out on Linux only")
@pytest.mark.parametrize("kind", ["config", "cache"])
def test_every_folder_written_out_is_platformdirs_own(kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    plain = 0
    for xdg, home in itertools.product(XDG, HOME):
        for name, value in ((f"XDG_{kind.upper()}_HOME", xdg), ("HOME", home)):
            if value is None:
                monkeypatch.delenv(name, raising=False)
            else:
                monkeypatch.setenv(name, value)
        theirs = platformdirs.user_config_dir("cardgames") if kind == "config" else None
        theirs = theirs if theirs is not None else platformdirs.user_cache_dir("cardgames")
        mine = userdirs._plain(kind)
        if mine is not None:
            plain += 1
            assert mine == theirs, (xdg, home)
        assert userdirs.user_dir(kind) == theirs
    # the usual cases are written out: an absolute XDG folder, or none and an absolute home
    assert plain == 4 * len(HOME) + 4 * 2


def test_android_and_other_systems_are_left_to_platformdirs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", "/root")
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.setenv("ANDROID_DATA", "/data")
    monkeypatch.setenv("ANDROID_ROOT", "/system")
    assert userdirs._plain("cache") is None
    monkeypatch.delenv("ANDROID_DATA")
    monkeypatch.setattr(sys, "platform", "darwin")
    assert userdirs._plain("cache") is None
