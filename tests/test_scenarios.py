"""Every bundled scenario rules as its `expect` block says ("you make the call" checks)."""

from __future__ import annotations

from pathlib import Path

import pytest

from floorman.checks.runner import run_checks
from floorman.scenarios import find_scenarios

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = find_scenarios([ROOT / "scenarios"])


@pytest.mark.parametrize("path", SCENARIOS, ids=[str(p.relative_to(ROOT / "scenarios")) for p in SCENARIOS])
def test_scenario_rules_as_expected(path, floor):
    [result] = run_checks([path], floor=floor)
    assert result.passed, "\n".join(result.problems)


def test_there_are_scenarios_for_every_profile():
    profiles = {p.stem for p in (ROOT / "rulebook" / "profiles").glob("*.yaml")}
    assert {"tda-2026", "cash"} <= profiles
    assert len(SCENARIOS) >= 5
