"""The 1,055 shared real hands beside the repository (../shared/data/phh), for the audit tests:
skipped when absent, except under CI=true, where they must be there."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "phh"


def shared_files() -> list[str]:
    files = sorted(str(p) for p in DATA.glob("*.phhs")) if DATA.is_dir() else []
    if not files:
        if os.environ.get("CI") == "true":
            pytest.fail(f"the shared PHH hands are not at {DATA} (CI=true: this test must run)")
        pytest.skip(f"the shared PHH hands are not at {DATA}")
    return files
