"""`floorman check` for a cardroom's CI: --junit, --json under --house, the side-by-side failure
view and the progress bar (in a pseudo-terminal)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pexpect
from typer.testing import CliRunner

from floorman.checks.comparison import comparison_rows
from floorman.cli.app import app

ROOT = Path(__file__).resolve().parents[1]
FIFTY_CALL = ROOT / "scenarios" / "betting" / "seed000-fifty-percent-28-call.yaml"
FIFTY_RAISE = ROOT / "scenarios" / "betting" / "seed000-fifty-percent-30-must-raise.yaml"
SEED_002 = ROOT / "scenarios" / "showdown" / "seed002-touching-muck-cash.yaml"
SEED_002_HOUSE = ROOT / "scenarios" / "house" / "seed-002-muck-touch-kills.yaml"
FLOORMAN = ROOT / ".venv" / "bin" / "floorman"
if not FLOORMAN.exists():
    FLOORMAN = Path(sys.executable).with_name("floorman")
runner = CliRunner()


def _room(tmp_path: Path) -> Path:
    """A room's scenario folder: one passing scenario, one whose expectation is wrong."""
    room = tmp_path / "room"
    room.mkdir()
    shutil.copy(FIFTY_RAISE, room / "must-raise.yaml")
    (room / "wrong.yaml").write_text(FIFTY_CALL.read_text().replace("decision: call", "decision: raise")
                                     .replace("call_amount: 20", "call_amount: 25"))
    return room


def _check_junit_structure(root: ET.Element) -> list[ET.Element]:
    """What JUnit readers (Jenkins, GitLab, the junit-xml schema) require: <testsuites> of
    <testsuite> with consistent counts, each <testcase> with name and classname, a failure
    with a message. Returns the testcases."""
    assert root.tag == "testsuites"
    suites = root.findall("testsuite")
    assert len(suites) == 1
    suite = suites[0]
    cases = suite.findall("testcase")
    assert int(suite.get("tests")) == len(cases) == int(root.get("tests"))
    failed = [c for c in cases if c.find("failure") is not None]
    assert int(suite.get("failures")) == len(failed) == int(root.get("failures"))
    assert int(suite.get("errors")) == 0 and float(suite.get("time")) >= 0
    for case in cases:
        assert case.get("name") and case.get("classname")
        assert set(child.tag for child in case) <= {"failure", "error", "skipped", "system-out", "system-err"}
        for failure in case.findall("failure"):
            assert failure.get("message")
    return cases


def _scenario_file(case: ET.Element) -> str:
    """The scenario's path, the first line of the testcase's <system-out>."""
    return case.find("system-out").text.splitlines()[0].removeprefix("scenario: ")


def test_junit_file_one_testcase_per_scenario_with_side_by_side_failure(tmp_path):
    room = _room(tmp_path)
    out = tmp_path / "results.xml"
    result = runner.invoke(app, ["check", str(room), "--junit", str(out)])
    assert result.exit_code == 1, result.output
    cases = _check_junit_structure(ET.parse(out).getroot())
    by_file = {Path(_scenario_file(case)).name: case for case in cases}
    assert set(by_file) == {"must-raise.yaml", "wrong.yaml"}
    assert by_file["must-raise.yaml"].find("failure") is None
    failure = by_file["wrong.yaml"].find("failure")
    assert "decision: expected raise, got call" in failure.get("message")
    body = failure.text.splitlines()
    # the body lines the expected and the actual ruling up, marking each difference with '!'
    assert any(line.startswith("!") and "decision" in line and "raise" in line and "call" in line for line in body)
    assert any(line.startswith("!") and "params.call_amount" in line and "25" in line and "20" in line
               for line in body)
    assert any(line.startswith(" ") and "params.change" in line for line in body)


def test_junit_all_passing_has_no_failures(tmp_path):
    out = tmp_path / "ok.xml"
    result = runner.invoke(app, ["check", str(FIFTY_RAISE), str(FIFTY_CALL), "--junit", str(out)])
    assert result.exit_code == 0, result.output
    cases = _check_junit_structure(ET.parse(out).getroot())
    assert len(cases) == 2 and all(case.find("failure") is None for case in cases)


def test_junit_unwritable_path_is_one_line_error(tmp_path):
    result = runner.invoke(app, ["check", str(FIFTY_RAISE), "--junit", str(tmp_path / "no" / "such" / "x.xml")])
    assert result.exit_code == 1
    assert "--junit" in result.output and "Traceback" not in result.output


def test_house_file_with_json_and_junit(tmp_path):
    """The room's house file (seed 002: a hand touching the muck is dead) decides the check."""
    copy = tmp_path / "seed002.yaml"
    copy.write_text("".join(line for line in SEED_002.read_text().splitlines(keepends=True)
                            if not line.startswith("house:")))
    out = tmp_path / "house.xml"
    result = runner.invoke(app, ["check", str(copy), "--house", str(SEED_002_HOUSE), "--json", "--junit", str(out)])
    assert result.exit_code == 0, result.output
    assert [r["passed"] for r in json.loads(result.stdout)] == [True]
    assert ET.parse(out).getroot().get("failures") == "0"
    result = runner.invoke(app, ["check", str(copy), "--json", "--junit", str(out)])
    assert result.exit_code == 1
    [failed] = json.loads(result.stdout)
    assert not failed["passed"] and failed["expected"]["rule"] == "SD-MUCK-TOUCH-KILLS"
    assert ET.parse(out).getroot().get("failures") == "1"


def test_failure_shows_rule_decision_and_each_param_side_by_side(tmp_path):
    room = _room(tmp_path)
    result = runner.invoke(app, ["check", str(room / "wrong.yaml")], terminal_width=120)
    assert result.exit_code == 1
    rows = {}
    for line in result.output.splitlines():
        cells = [cell.strip() for cell in line.split("│")]
        if len(cells) >= 6:     # panel border, name, expected, actual, panel border
            rows[cells[2]] = cells[3:5]
    assert rows["rule"] == ["BET-FIFTY-PERCENT-CALL", "BET-FIFTY-PERCENT-CALL"]
    assert rows["decision"] == ["raise", "call"]
    assert rows["params.call_amount"] == ["25", "20"]
    assert rows["params.change"] == ["8", "8"]


def test_comparison_rows_mark_only_what_differs():
    class Result:
        expected = {"rule": "R", "decision": "call", "params": {"a": 1, "b": 2}}
        actual = {"rule": "R", "decision": "call", "params": {"a": 1, "b": 3, "c": 4}}
    rows = {name: differs for name, _, _, differs in comparison_rows(Result)}
    assert rows == {"rule": False, "decision": False, "params.a": False, "params.b": True, "params.c": False}


def _many(tmp_path: Path, count: int) -> Path:
    folder = tmp_path / "many"
    folder.mkdir()
    text = FIFTY_RAISE.read_text()
    for i in range(count):
        (folder / f"s{i:03}.yaml").write_text(text)
    return folder


def test_progress_bar_on_a_terminal_over_200_scenarios(tmp_path):
    folder = _many(tmp_path, 201)
    environment = dict(os.environ, TERM="xterm", FLOORMAN_JOURNAL=str(tmp_path / "j.sqlite3"))
    environment.pop("NO_COLOR", None)
    child = pexpect.spawn(str(FLOORMAN), ["check", str(folder)], env=environment, dimensions=(40, 120),
                          encoding="utf-8", timeout=120)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "checking" in child.before and "━" in child.before
    assert "201 passed, 0 failed" in child.before
    # not a terminal: no bar, so a CI log stays clean
    piped = subprocess.run([str(FLOORMAN), "check", str(folder)], env=environment, capture_output=True,
                           text=True, timeout=120)
    assert piped.returncode == 0 and "checking" not in piped.stderr


def test_no_progress_bar_for_a_few_scenarios(tmp_path):
    folder = _many(tmp_path, 3)
    environment = dict(os.environ, TERM="xterm", FLOORMAN_JOURNAL=str(tmp_path / "j.sqlite3"))
    child = pexpect.spawn(str(FLOORMAN), ["check", str(folder)], env=environment, dimensions=(40, 120),
                          encoding="utf-8", timeout=120)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and "checking" not in child.before and "3 passed" in child.before
