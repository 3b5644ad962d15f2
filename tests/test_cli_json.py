"""--json on `journal list`, `journal show`, `quiz stats` and `rulebook lint` (issue 21 item 6):
the documented keys (docs/cli.md), parsed back as JSON and checked against what was recorded."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from typer.testing import CliRunner

from floorman.cli.app import app
from floorman.journal import Journal, close_all
from floorman.training import progress

runner = CliRunner(env={"COLUMNS": "100", "NO_COLOR": "1"})
ROOT = Path(__file__).resolve().parents[1]
BETTING = ROOT / "scenarios" / "betting" / "ymtc-1-silent-big-chip.yaml"


def invoke_json(*args: str, code: int = 0):
    result = runner.invoke(app, list(args))
    assert result.exit_code == code, result.output
    return json.loads(result.stdout)


def test_journal_list_and_show_as_json(tmp_path):
    path = tmp_path / "j.sqlite3"
    for staff in ("Ann", "Bo"):
        assert runner.invoke(app, ["rule", str(BETTING), "--journal", str(path), "--staff", staff]).exit_code == 0
    close_all()
    listed = invoke_json("journal", "list", "--journal", str(path), "--json", "--limit", "1")
    assert set(listed) == {"journal", "total", "rulings"} and listed["total"] == 2
    (newest,) = listed["rulings"]
    assert set(newest) == {"id", "recorded_at", "command", "staff", "table", "profile", "decisions", "undone_by"}
    assert (newest["id"], newest["staff"], newest["command"], newest["undone_by"]) == (2, "Bo", "rule", None)
    assert "BET-OVERSIZED-CHIP-CALL" in newest["decisions"]
    shown = invoke_json("journal", "show", "2", "--journal", str(path), "--json")
    with Journal.open(path, create=False) as book:
        entry = book.entry(2)
    assert shown == {**json.loads(json.dumps(entry.to_json())), "undone_by": None}
    assert shown["rulings"][0]["rule"] == "BET-OVERSIZED-CHIP-CALL" and shown["rulings"][0]["params"]["call_amount"] == 15


def test_journal_list_json_with_no_journal_yet(tmp_path):
    listed = invoke_json("journal", "list", "--journal", str(tmp_path / "none.sqlite3"), "--json")
    assert listed["total"] == 0 and listed["rulings"] == []
    assert not (tmp_path / "none.sqlite3").exists()


def test_quiz_stats_as_json(private_journal):
    for day, correct in (("2026-11-20T10:00", False), ("2026-11-20T11:00", True), ("2026-11-27T10:00", True)):
        progress.record_answer(trainee="Jo", topic="change", question_id="q", correct=correct, at=day)
    stats = invoke_json("quiz", "stats", "--trainee", "Jo", "--json")
    assert (stats["by"], stats["trainee"]) == ("day", "Jo")
    assert [(r["period"], r["asked"], r["right"], r["score"]) for r in stats["rows"]] == [
        ("2026-11-20", 2, 1, 0.5), ("2026-11-27", 1, 1, 1.0)]
    assert all(set(row) == {"trainee", "topic", "period", "asked", "right", "score"} for row in stats["rows"])


def test_rulebook_lint_as_json_clean_and_with_a_problem(tmp_path, monkeypatch):
    from floorman.authoring import lint

    # the rule checks and the scenario pass (~10 s) are lint's own tests (test_rulebook_lint.py); here
    # the document is checked, with what they found passed on
    monkeypatch.setattr(lint, "lint_rules", lambda book: [])
    monkeypatch.setattr(lint, "lint_scenarios", lambda book, folders: ([], 7))
    clean = invoke_json("rulebook", "lint", "--json")
    assert clean["clean"] is True and clean["problems"] == [] and clean["scenarios_checked"] == 7
    assert clean["rules"] > 100 and clean["profiles"] >= 2
    folder = tmp_path / "rulebook"
    shutil.copytree(ROOT / "rulebook", folder)
    victim = next(folder.glob("betting/*.yaml"))
    victim.write_text(victim.read_text(encoding="utf-8").replace("id:", "idd:", 1), encoding="utf-8")
    broken = invoke_json("rulebook", "lint", "--rulebook", str(folder), "--json", code=1)
    assert broken["clean"] is False and broken["rules"] is None
    assert any(victim.name in p["where"] for p in broken["problems"])
    assert all(set(p) == {"code", "where", "message"} for p in broken["problems"])
