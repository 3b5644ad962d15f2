"""The floor's commands, run in-process: exit codes, key output, JSON shapes, clear errors."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from floorman.cli.app import app

ROOT = Path(__file__).resolve().parents[1]
SILENT_CHIP = str(ROOT / "scenarios" / "betting" / "ymtc-1-silent-big-chip.yaml")
runner = CliRunner(env={"COLUMNS": "120", "NO_COLOR": "1"})


def test_rule_shows_the_decision_numbers_procedure_and_citation():
    result = runner.invoke(app, ["rule", SILENT_CHIP])
    assert result.exit_code == 0, result.output
    assert "CALL" in result.output
    assert "BET-OVERSIZED-CHIP-CALL" in result.output
    assert "change" in result.output and "85" in result.output
    assert "TDA 2026 Rule 46 (2024: 44)" in result.output   # the one citation to quote
    assert "Procedure" in result.output


def test_rule_json_has_the_documented_shape():
    result = runner.invoke(app, ["rule", SILENT_CHIP, "--json"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert document["version"] == 1 and document["profile"] == "tda-2026"
    [ruling] = document["rulings"]
    assert ruling["rule"] == "BET-OVERSIZED-CHIP-CALL" and ruling["decision"] == "call"
    assert ruling["params"]["call_amount"] == 15 and ruling["params"]["change"] == 85
    assert {c["label"] for c in ruling["citations"]} >= {"TDA 2026 Rule 46", "TDA 2024 Rule 44"}
    assert set(document["trace"]) == {"facts", "fired", "conclusion"}
    assert document["trace"]["fired"][0]["outcome"] == "applied"


def test_rule_under_another_profile():
    result = runner.invoke(app, ["rule", SILENT_CHIP, "--profile", "cash", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["profile"] == "cash"


def test_rule_with_an_unknown_profile_is_a_one_line_error():
    result = runner.invoke(app, ["rule", SILENT_CHIP, "--profile", "nope"])
    assert result.exit_code == 1
    assert "unknown profile 'nope'" in result.output and "Traceback" not in result.output


def test_check_passes_the_bundled_scenarios():
    result = runner.invoke(app, ["check", str(ROOT / "scenarios" / "betting")])
    assert result.exit_code == 0, result.output
    assert "0 failed" in result.output


def test_check_fails_with_expected_and_actual_side_by_side(tmp_path):
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text(Path(SILENT_CHIP).read_text().replace("change: 85", "change: 80"))
    result = runner.invoke(app, ["check", str(wrong)])
    assert result.exit_code == 1
    assert "change: expected 80, got 85" in result.output
    assert "expected" in result.output and "actual" in result.output


def test_check_json_gives_one_result_per_scenario(tmp_path):
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text(Path(SILENT_CHIP).read_text().replace("decision: call", "decision: raise"))
    result = runner.invoke(app, ["check", SILENT_CHIP, str(wrong), "--json"])
    assert result.exit_code == 1
    results = json.loads(result.stdout)
    assert [r["passed"] for r in results] == [True, False]
    assert set(results[0]) == {"file", "title", "passed", "problems", "expected", "actual"}


def test_a_malformed_scenario_names_file_line_and_field(tmp_path):
    broken = tmp_path / "broken.yaml"
    text = Path(SILENT_CHIP).read_text().replace("amount: 15}", "amount: fifteen}")
    broken.write_text(text)
    line = next(n for n, row in enumerate(text.splitlines(), 1) if "fifteen" in row)
    result = runner.invoke(app, ["rule", str(broken)])
    assert result.exit_code == 1
    assert f"{broken}:{line}: events[2].amount:" in result.output
    assert "Traceback" not in result.output


def test_rulebook_lint_reports_a_broken_rule_with_its_file(tmp_path):
    book = tmp_path / "book"
    (book / "profiles").mkdir(parents=True)
    (book / "profiles" / "tda-2026.yaml").write_text("id: tda-2026\ntitle: t\n")
    (book / "bad.yaml").write_text("id: bad id\nname: x\n")
    result = runner.invoke(app, ["rulebook", "lint", "--rulebook", str(book)])
    assert result.exit_code == 1
    assert "bad.yaml" in result.output and "L001" in result.output


# ----------------------------------------------------------------------------- house files

SEED_002 = ROOT / "scenarios" / "showdown" / "seed002-touching-muck-cash.yaml"
SEED_002_HOUSE = ROOT / "scenarios" / "house" / "seed-002-muck-touch-kills.yaml"


def _ruled(args: list[str]) -> tuple[str, list[str]]:
    result = runner.invoke(app, ["rule", *args, "--json"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    return document["profile"], [ruling["rule"] for ruling in document["rulings"]]


def _without_house_line(tmp_path: Path) -> Path:
    copy = tmp_path / "seed002.yaml"
    copy.write_text("".join(line for line in SEED_002.read_text().splitlines(keepends=True)
                            if not line.startswith("house:")))
    return copy


def test_seed_002_runs_under_its_house_file(tmp_path):
    assert "house: ../house/seed-002-muck-touch-kills.yaml" in SEED_002.read_text()
    assert _ruled([str(SEED_002)]) == ("cash", ["SD-MUCK-TOUCH-KILLS"])
    # without the house file, cash keeps a hand that is plainly its owner's
    profile, rules = _ruled([str(_without_house_line(tmp_path))])
    assert profile == "cash" and "SD-MUCK-TOUCH-KILLS" not in rules


def test_house_option_on_rule_and_check(tmp_path):
    copy = _without_house_line(tmp_path)
    assert _ruled([str(copy), "--house", str(SEED_002_HOUSE)]) == ("cash", ["SD-MUCK-TOUCH-KILLS"])
    result = runner.invoke(app, ["check", str(copy), "--house", str(SEED_002_HOUSE)])
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["check", str(copy)])
    assert result.exit_code == 1 and "expected a ruling by SD-MUCK-TOUCH-KILLS" in result.output


def test_profile_overrides_the_house_files_profile(tmp_path):
    profile, rules = _ruled([str(_without_house_line(tmp_path)), "--house", str(SEED_002_HOUSE),
                             "--profile", "tda-2026"])
    assert profile == "tda-2026" and rules == ["SD-MUCK-TOUCH-KILLS"]


def test_a_bad_house_file_is_located(tmp_path):
    house = tmp_path / "house.yaml"
    house.write_text("extends: cash\noptions:\n  muck_touch_kils: true\n")
    result = runner.invoke(app, ["check", SILENT_CHIP, "--house", str(house)])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert f"{house}:3:" in result.output and "muck_touch_kils" in result.output
    assert "muck_touch_kills" in result.output        # did you mean


def test_a_scenario_house_line_that_points_nowhere_is_located(tmp_path):
    copy = tmp_path / "seed002.yaml"
    text = SEED_002.read_text().replace("../house/seed-002-muck-touch-kills.yaml", "nowhere.yaml")
    copy.write_text(text)
    line = next(n for n, row in enumerate(text.splitlines(), 1) if row.startswith("house:"))
    result = runner.invoke(app, ["rule", str(copy)])
    assert result.exit_code == 1 and f"{copy}:{line}: house: no house file" in result.output


def test_a_scenario_whose_profile_contradicts_its_house_file_is_refused(tmp_path):
    copy = tmp_path / "seed002.yaml"
    text = SEED_002.read_text().replace("profile: cash", "profile: tda-2026").replace(
        "../house/", str(SEED_002_HOUSE.parent) + "/")
    copy.write_text(text)
    line = next(n for n, row in enumerate(text.splitlines(), 1) if row.startswith("profile:"))
    result = runner.invoke(app, ["rule", str(copy)])
    assert result.exit_code == 1 and f"{copy}:{line}: profile:" in result.output and "extends 'cash'" in result.output
