"""The room's CI job (docs/room-ci.md) on the sample room folder (docs/examples/room/).

The command is taken from the GitHub Actions workflow (the GitLab job must run the same one)
and run as the CI would, in a copy of the folder: it exits 1, and its JUnit file is valid
against junit-10.xsd and holds the three scenarios with exactly the one deliberate failure.
The doc shows both jobs and the failure's body as they are.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import junitparser
import pytest
import xmlschema
import yaml

ROOT = Path(__file__).resolve().parents[1]
ROOM = ROOT / "docs" / "examples" / "room"
DOC = ROOT / "docs" / "room-ci.md"
GITHUB = ROOM / ".github" / "workflows" / "floorman.yml"
GITLAB = ROOM / ".gitlab-ci.yml"
FLOORMAN = ROOT / ".venv" / "bin" / "floorman"
if not FLOORMAN.exists():
    FLOORMAN = Path(sys.executable).with_name("floorman")
WRONG = "scenarios/silent-big-chip-deliberately-wrong.yaml"


def job_command() -> str:
    steps = yaml.safe_load(GITHUB.read_text())["jobs"]["floorman-check"]["steps"]
    [command] = [step["run"] for step in steps if step.get("run", "").startswith("floorman check")]
    [gitlab] = [line for line in yaml.safe_load(GITLAB.read_text())["floorman-check"]["script"]
                if line.startswith("floorman check")]
    assert gitlab == command
    return command


def run_job(room: Path) -> subprocess.CompletedProcess:
    argv = shlex.split(job_command())
    environment = dict(os.environ, FLOORMAN_JOURNAL=str(room / "journal.sqlite3"), CI="true")
    return subprocess.run([str(FLOORMAN), *argv[1:]], cwd=room, env=environment, capture_output=True,
                          text=True, timeout=120)


@pytest.fixture(scope="module")
def ran(tmp_path_factory):
    room = tmp_path_factory.mktemp("ci") / "room"
    shutil.copytree(ROOM, room)
    return room, run_job(room)


def test_the_command_is_the_rooms_ci_command():
    assert job_command() == "floorman check --house house/room.yaml scenarios --junit check-results.xml"


def test_the_job_fails_on_the_one_deliberate_failure(ran):
    room, done = ran
    assert done.returncode == 1, done.stdout + done.stderr
    assert "2 passed, 1 failed" in done.stdout and "Traceback" not in done.stderr
    results = room / "check-results.xml"
    xmlschema.XMLSchema(str(ROOT / "tests" / "schemas" / "junit-10.xsd")).validate(str(results))
    [suite] = list(junitparser.JUnitXml.fromfile(str(results)))
    assert (suite.tests, suite.failures, suite.errors) == (3, 1, 0)
    failed = [case for case in suite if not case.is_passed]
    assert [case.classname for case in failed] == ["scenarios.silent-big-chip-deliberately-wrong"]
    assert failed[0].system_out.splitlines()[0] == f"scenario: {WRONG}"
    assert failed[0].result[0].type == "RulingMismatch"


def test_the_room_goes_green_once_the_expectation_is_fixed(tmp_path):
    room = tmp_path / "room"
    shutil.copytree(ROOM, room)
    wrong = room / WRONG
    wrong.write_text(wrong.read_text().replace("rule: BET-OVERSIZED-CHIP-RAISE\n  decision: raise\n"
                                               "  params: {raise_to: 100}",
                                               "rule: BET-OVERSIZED-CHIP-CALL\n  decision: call\n"
                                               "  params: {call_amount: 25, change: 75}"))
    done = run_job(room)
    assert done.returncode == 0, done.stdout + done.stderr
    [suite] = list(junitparser.JUnitXml.fromfile(str(room / "check-results.xml")))
    assert (suite.tests, suite.failures, suite.errors) == (3, 0, 0)


def test_the_doc_shows_the_jobs_and_the_failure_as_they_are(ran):
    doc = DOC.read_text()
    assert f"```yaml\n{GITHUB.read_text()}```" in doc and f"```yaml\n{GITLAB.read_text()}```" in doc
    room, _ = ran
    [suite] = list(junitparser.JUnitXml.fromfile(str(room / "check-results.xml")))
    [body] = [case.result[0].text for case in suite if not case.is_passed]
    assert f"```text\n{body.rstrip()}\n```" in doc
