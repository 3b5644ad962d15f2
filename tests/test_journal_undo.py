"""Issue 15 item 4: a ruling taken back by `undo` at the table is marked undone by a new row that
names it (the journal stays append-only), and `journal list` / `journal show` say which ruling
stood."""

from __future__ import annotations

import sqlite3

from typer.testing import CliRunner

from floorman.cli.app import app
from floorman.engine.floor import Floor
from floorman.journal import Journal, close_all, record_ruling, record_undo
from floorman.session import TableSession

runner = CliRunner(env={"COLUMNS": "200", "NO_COLOR": "1"})


def _session(path) -> TableSession:
    def recorder(report_json, situation, command):
        return record_ruling(report_json, command=command, situation=situation, journal_path=path)

    session = TableSession(floor=Floor(), recorder=recorder,
                           undo_recorder=lambda ids: record_undo(ids, journal_path=path))
    assert session.start("nl 2/5 cash 6 seats 500 button 6").ok
    return session


def test_an_undone_ruling_is_marked_by_a_new_row_and_the_one_that_stood_is_not(tmp_path):
    path = tmp_path / "journal.sqlite3"
    session = _session(path)
    assert session.enter("s3 raise 25").ok
    first = session.enter("s4 chips 100 silent")
    [undone_id] = first.journal_ids
    undo = session.enter("undo")
    assert f"ruling #{undone_id} taken back" in " ".join(undo.notes) and undo.journal_warning is None
    second = session.enter("s4 chips 25 25 silent")
    [stood_id] = second.journal_ids
    close_all()

    with Journal.open(path, create=False) as journal:
        rows = {entry.id: entry for entry in journal.all()}
        undone = journal.undone()
    assert len(rows) == 3                         # the ruling, its undo, the ruling that stood
    [undo_row] = [entry for entry in rows.values() if entry.undoes is not None]
    assert undo_row.undoes == undone_id and undo_row.command == "table (undo)" and undo_row.rulings == []
    assert undone == {undone_id: undo_row.id} and stood_id not in undone
    assert rows[undone_id].rulings             # the original row is as it was written (append-only)
    with sqlite3.connect(path) as raw:
        try:
            raw.execute("UPDATE ruling SET undoes = 1 WHERE id = ?", (stood_id,))
            raise AssertionError("an UPDATE went through")
        except sqlite3.DatabaseError as error:
            assert "append-only" in str(error)

    listing = runner.invoke(app, ["journal", "list", "--journal", str(path)])
    assert listing.exit_code == 0, listing.output
    lines = {line.split("│")[1].strip(): line for line in listing.output.splitlines() if line.count("│") > 3
             and line.split("│")[1].strip().isdigit()}
    assert f"UNDONE (#{undo_row.id})" in lines[str(undone_id)]
    assert "UNDONE" not in lines[str(stood_id)] and f"ruling #{undone_id} taken back" in lines[str(undo_row.id)]
    shown = runner.invoke(app, ["journal", "show", str(undone_id), "--journal", str(path)])
    assert shown.exit_code == 0 and "did not stand" in shown.output and f"#{undo_row.id}" in shown.output
    stood = runner.invoke(app, ["journal", "show", str(stood_id), "--journal", str(path)])
    assert stood.exit_code == 0 and "UNDONE" not in stood.output


def test_undo_of_a_line_without_a_ruling_records_nothing(tmp_path):
    path = tmp_path / "journal.sqlite3"
    session = _session(path)
    assert session.enter("s3 raise 25").ok
    undo = session.enter("undo")
    assert undo.ok and not any("journal" in note for note in undo.notes)
    close_all()
    assert not path.exists() or not Journal.open(path, create=False).all()
