"""The SHA-256 the deal's commitment and the bots' seeds use is hashlib's SHA-256."""

from __future__ import annotations

import hashlib
import importlib
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames.primitives import digests


@given(st.text())
def test_the_digest_is_hashlibs(text: str) -> None:
    assert digests.sha256_hex(text) == hashlib.sha256(text.encode()).hexdigest()


def test_without_cpythons_own_module_hashlib_gives_it(monkeypatch: pytest.MonkeyPatch) -> None:
    def missing(name: str) -> object:
        raise ImportError(name)

    monkeypatch.setattr(importlib, "import_module", missing)
    assert digests._constructor() is hashlib.sha256


def test_a_commitment_does_not_load_openssl() -> None:
    code = (
        "import sys\nfrom cardgames.core.fairdeal import commitment\n"
        "print(commitment('dernier', 1, 'ab'))\nprint('_hashlib' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    digest, loaded = out.split()
    assert digest == hashlib.sha256(b"cardgames-deal:dernier:1:ab").hexdigest()
    assert loaded == "False"
