"""Shared test set-up: the tests never read or write the user's rulebook cache.

XDG_CACHE_HOME is pointed at a private folder before any test module is imported (some build
their parameters from the rulebook at collection), and subprocesses the tests start inherit it.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

_SAVED: dict[str, str | None] = {}


def pytest_configure(config: pytest.Config) -> None:
    _SAVED["XDG_CACHE_HOME"] = os.environ.get("XDG_CACHE_HOME")
    _SAVED["folder"] = tempfile.mkdtemp(prefix="floorman-test-cache-")
    os.environ["XDG_CACHE_HOME"] = _SAVED["folder"]


def pytest_unconfigure(config: pytest.Config) -> None:
    folder = _SAVED.pop("folder", None)
    if folder:
        shutil.rmtree(folder, ignore_errors=True)
    old = _SAVED.pop("XDG_CACHE_HOME", None)
    if old is None:
        os.environ.pop("XDG_CACHE_HOME", None)
    else:
        os.environ["XDG_CACHE_HOME"] = old


@pytest.fixture(autouse=True, scope="session")
def private_cache() -> Path:
    """The test session's cache folder (XDG_CACHE_HOME), never the user's."""
    folder = Path(os.environ["XDG_CACHE_HOME"])
    assert _SAVED.get("folder") == str(folder), "XDG_CACHE_HOME was changed under the tests"
    return folder
