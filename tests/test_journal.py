"""The ruling journal (floorman/journal/): the file, its schema and migrations, recording a ruling,
reading it back, and the CLI (`rule` records before it shows; `journal list | show | export`)."""

from __future__ import annotations

import csv
import io
import json
import os
import random
import sqlite3
import time
from datetime import UTC, datetime
from pathlib import Path

import pytest
from typer.testing import CliRunner

from floorman.cli.app import app
from floorman.journal import (
    COLUMNS,
    JSON_COLUMNS,
    SCHEMA_VERSION,
    WARNING,
    Journal,
    JournalError,
    JournalMissing,
    close_all,
    record_ruling,
    resolve_path,
    store,
)
from floorman.journal import schema as journal_schema

ROOT = Path(__file__).resolve().parents[1]
BETTING = ROOT / "scenarios" / "betting" / "ymtc-1-silent-big-chip.yaml"
SHOWDOWN = ROOT / "scenarios" / "showdown" / "ymtc-5-board-plays.yaml"
runner = CliRunner(env={"COLUMNS": "200", "NO_COLOR": "1"})


@pytest.fixture(autouse=True)
def _closed_after():
    yield
    close_all()        # the process-wide open journals must not leak between tests


@pytest.fixture(scope="module")
def ruled():
    """A real ruling: (situation, report) for the silent oversized chip at 2/5."""
    from floorman.engine.floor import Floor
    from floorman.rulebook.loader import load_rulebook
    from floorman.scenarios import load_scenario, rules_for

    scenario = load_scenario(BETTING)
    floor = Floor(load_rulebook())
    chosen, options = rules_for(scenario, floor.rulebook, profile=None, house=None)
    situation = scenario.situation(chosen, options)
    return situation, floor.rule(situation)


def _record(journal: Journal, **changes) -> int:
    values = dict(command="rule", profile="cash", table={"seats": []}, events=[{"type": "post"}],
                  incidents=[{"type": "wager"}], rulings=[{"rule": "R", "decision": "call"}])
    values.update(changes)
    return journal.record(**values)


def _raw(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(str(path))


# --- the file ----------------------------------------------------------------------------------

def test_a_new_journal_is_wal_synchronous_normal_and_at_the_current_schema(tmp_path):
    path = tmp_path / "j.sqlite3"
    with Journal.open(path) as journal:
        connection = journal._connection
        assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert connection.execute("PRAGMA synchronous").fetchone()[0] == 1            # NORMAL
        assert connection.execute("PRAGMA busy_timeout").fetchone()[0] == store.BUSY_TIMEOUT_MS
    raw = _raw(path)
    assert raw.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == len(journal_schema.MIGRATIONS)
    assert raw.execute("PRAGMA application_id").fetchone()[0] == journal_schema.APPLICATION_ID
    columns = [row[1] for row in raw.execute("PRAGMA table_info(ruling)")]
    assert tuple(columns) == COLUMNS


@pytest.mark.parametrize("make", ["zero-byte file", "empty SQLite database"])
def test_a_version_0_file_is_migrated_to_version_1(tmp_path, make):
    path = tmp_path / "old.sqlite3"
    if make == "zero-byte file":
        path.write_bytes(b"")
    else:
        raw = _raw(path)
        raw.execute("PRAGMA user_version = 0")
        raw.execute("VACUUM")    # writes the header: a real, empty SQLite file
        raw.close()
        assert path.stat().st_size > 0
    with Journal.open(path) as journal:
        assert journal.count() == 0
        assert _record(journal) == 1
    assert _raw(path).execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_a_version_1_file_is_opened_as_it_is_and_keeps_its_rulings(tmp_path):
    path = tmp_path / "j.sqlite3"
    with Journal.open(path) as journal:
        _record(journal, staff="Ann")
    connection = _raw(path)
    assert journal_schema.migrate(connection, str(path)) == []       # nothing to apply at v1
    connection.close()
    with Journal.open(path) as journal:
        assert [entry.staff for entry in journal.entries()] == ["Ann"]


def test_the_migration_path_runs_each_later_step_in_order_and_keeps_the_data(tmp_path, monkeypatch):
    """A v1 journal meets a floorman with a v2 step: the step runs once, the rulings stay."""
    path = tmp_path / "j.sqlite3"
    with Journal.open(path) as journal:
        _record(journal, staff="Ann")
    v2 = ["CREATE TABLE note (id INTEGER PRIMARY KEY, ruling_id INTEGER REFERENCES ruling(id), text TEXT)"]
    current = journal_schema.SCHEMA_VERSION
    monkeypatch.setattr(journal_schema, "MIGRATIONS", [*journal_schema.MIGRATIONS, v2])
    monkeypatch.setattr(journal_schema, "SCHEMA_VERSION", current + 1)
    connection = sqlite3.connect(str(path), isolation_level=None)
    assert journal_schema.migrate(connection, str(path)) == [current + 1]
    assert journal_schema.migrate(connection, str(path)) == []
    assert connection.execute("PRAGMA user_version").fetchone()[0] == current + 1
    assert connection.execute("SELECT staff FROM ruling").fetchall() == [("Ann",)]
    assert connection.execute("SELECT count(*) FROM note").fetchone()[0] == 0
    # and from an empty file, every step in order
    fresh = sqlite3.connect(str(tmp_path / "new.sqlite3"), isolation_level=None)
    assert journal_schema.migrate(fresh, "new") == list(range(1, current + 2))


def test_a_failed_migration_leaves_the_file_as_it_was(tmp_path, monkeypatch):
    path = tmp_path / "j.sqlite3"
    with Journal.open(path) as journal:
        _record(journal)
    monkeypatch.setattr(journal_schema, "MIGRATIONS", [*journal_schema.MIGRATIONS, ["CREATE TABLE x (a)",
                                                                                   "THIS IS NOT SQL"]])
    monkeypatch.setattr(journal_schema, "SCHEMA_VERSION", len(journal_schema.MIGRATIONS))
    with pytest.raises(JournalError):
        Journal.open(path)
    raw = _raw(path)
    assert raw.execute("PRAGMA user_version").fetchone()[0] == len(journal_schema.MIGRATIONS) - 1
    assert raw.execute("SELECT count(*) FROM sqlite_schema WHERE name = 'x'").fetchone()[0] == 0


def test_a_journal_from_a_newer_floorman_is_refused_not_touched(tmp_path):
    path = tmp_path / "j.sqlite3"
    raw = _raw(path)
    raw.execute(f"PRAGMA application_id = {journal_schema.APPLICATION_ID:d}")    # floorman's, at a later version
    raw.execute("PRAGMA user_version = 7")
    raw.close()
    with pytest.raises(JournalError, match="newer floorman .*schema version 7"):
        Journal.open(path)
    assert _raw(path).execute("PRAGMA user_version").fetchone()[0] == 7


def test_another_programs_database_is_refused_not_written_into(tmp_path):
    path = tmp_path / "shop.db"
    raw = _raw(path)
    raw.execute("CREATE TABLE customers (name TEXT)")
    raw.commit()
    raw.close()
    with pytest.raises(JournalError, match="not a floorman journal .*customers"):
        Journal.open(path)
    raw = _raw(path)
    assert raw.execute("PRAGMA user_version").fetchone()[0] == 0
    assert [row[0] for row in raw.execute("SELECT name FROM sqlite_schema")] == ["customers"]
    other = tmp_path / "other.db"
    raw = _raw(other)
    raw.execute("PRAGMA application_id = 1234")
    raw.close()
    with pytest.raises(JournalError, match="not a floorman journal"):
        Journal.open(other)


def test_a_corrupt_file_is_a_clear_error(tmp_path):
    path = tmp_path / "j.sqlite3"
    path.write_bytes(os.urandom(8192))
    with pytest.raises(JournalError) as caught:
        Journal.open(path)
    message = str(caught.value)
    assert message.startswith(str(path)) and "corrupt or not an SQLite database" in message
    assert "move it aside" in message


def test_a_damaged_journal_is_a_clear_error(tmp_path):
    """A real journal whose pages were overwritten: found when it is read, named, never a traceback."""
    path = tmp_path / "j.sqlite3"
    with Journal.open(path) as journal:
        for _ in range(50):
            _record(journal, rulings=[{"rule": "R", "decision": "call", "padding": "x" * 2000}])
    data = bytearray(path.read_bytes())
    data[4096:] = random.Random(4096).randbytes(len(data) - 4096)       # keep the header page, wreck the rest
    path.write_bytes(bytes(data))
    for suffix in ("-wal", "-shm"):
        Path(str(path) + suffix).unlink(missing_ok=True)
    with pytest.raises(JournalError, match="corrupt|malformed"), Journal.open(path) as journal:
        journal.entries(limit=None)
        _record(journal)


# --- where it lives ------------------------------------------------------------------------------

def test_the_default_location_is_the_users_data_folder(tmp_path, monkeypatch):
    import platformdirs

    monkeypatch.delenv("FLOORMAN_JOURNAL", raising=False)
    monkeypatch.setattr(platformdirs, "user_data_dir", lambda name: str(tmp_path / "data" / name))
    path, is_default = resolve_path(None)
    assert (path, is_default) == (tmp_path / "data" / "floorman" / "journal.sqlite3", True)
    with Journal.open() as journal:          # the folder is made for the default location
        assert journal.path == path and path.exists()


def test_the_environment_and_the_option_override_the_default(tmp_path, monkeypatch):
    monkeypatch.setenv("FLOORMAN_JOURNAL", str(tmp_path / "env.sqlite3"))
    assert resolve_path(None) == (tmp_path / "env.sqlite3", False)
    assert resolve_path(tmp_path / "option.sqlite3") == (tmp_path / "option.sqlite3", False)


def test_a_path_given_in_a_missing_folder_is_not_made_up(tmp_path):
    with pytest.raises(JournalError, match="does not exist"):
        Journal.open(tmp_path / "typo" / "j.sqlite3")
    assert not (tmp_path / "typo").exists()
    with pytest.raises(JournalError, match="is a folder"):
        Journal.open(tmp_path)


def test_reading_never_creates_a_journal(tmp_path):
    with pytest.raises(JournalMissing):
        Journal.open(tmp_path / "none.sqlite3", create=False)
    assert not (tmp_path / "none.sqlite3").exists()


# --- recording and reading back -----------------------------------------------------------------

def test_record_commits_before_it_returns_and_every_column_reads_back(tmp_path):
    path = tmp_path / "j.sqlite3"
    before = datetime.now(UTC)
    with Journal.open(path) as journal:
        first = _record(journal, staff="Ann", table_name="T7", options={"cash_plays": True},
                        pots=[{"name": "main pot", "amount": 37}], hands={"1": {"cards": ["As", "Kd"]}})
        # another connection sees it at once: it was committed, not left in a transaction
        other = _raw(path)
        row = other.execute(f"SELECT {', '.join(COLUMNS)} FROM ruling WHERE id = ?", (first,)).fetchone()
        second = _record(journal)
    assert second == first + 1
    values = dict(zip(COLUMNS, row))
    assert values["staff"] == "Ann" and values["table_name"] == "T7" and values["command"] == "rule"
    for name in JSON_COLUMNS:
        json.loads(values[name])
    assert json.loads(values["pots"]) == [{"name": "main pot", "amount": 37}]
    recorded = datetime.fromisoformat(values["recorded_at"])
    assert recorded.utcoffset().total_seconds() == 0 and before <= recorded <= datetime.now(UTC)


def test_the_journal_is_append_only(tmp_path):
    path = tmp_path / "j.sqlite3"
    with Journal.open(path) as journal:
        _record(journal)
    raw = _raw(path)
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        raw.execute("UPDATE ruling SET staff = 'someone else'")


def test_record_ruling_keeps_what_the_floor_saw(tmp_path, ruled):
    situation, report = ruled
    report_json = report.to_json()
    entry_id, warning = record_ruling(report_json, command="table", situation=situation, staff="Ann",
                                      journal_path=tmp_path / "j.sqlite3", table_name="T3")
    assert warning is None and entry_id == 1
    with Journal.open(tmp_path / "j.sqlite3") as journal:
        entry = journal.entry(entry_id)
    assert entry.command == "table" and entry.staff == "Ann" and entry.table_name == "T3"
    assert entry.profile == report.profile
    assert entry.rulings == json.loads(json.dumps(report_json["rulings"]))
    assert entry.rulings[0]["rule"] == "BET-OVERSIZED-CHIP-CALL"
    assert entry.table_setup == situation.table.model_dump(mode="json")
    assert entry.events == [event.model_dump(mode="json") for event in situation.events]
    assert entry.incidents == [incident.model_dump(mode="json") for incident in situation.incidents]
    assert entry.options == dict(situation.options)
    assert entry.pots == report_json["pots"]


def test_a_recorded_ruling_revives_as_it_was_shown(tmp_path, ruled):
    from floorman.journal.revive import report_of, situation_of

    situation, report = ruled
    entry_id, _ = record_ruling(report.to_json(), command="rule", situation=situation,
                                journal_path=tmp_path / "j.sqlite3")
    with Journal.open(tmp_path / "j.sqlite3") as journal:
        entry = journal.entry(entry_id)
    again = situation_of(entry)
    assert again.state.pot == situation.state.pot and again.events == situation.events
    revived = report_of(entry)
    assert [r.to_json() for r in revived.rulings] == [
        {**r.to_json()} for r in report.rulings]


@pytest.mark.parametrize("case", ["corrupt", "missing folder", "a folder", "newer floorman", "not a situation"])
def test_record_ruling_never_raises_and_says_why_in_one_line(tmp_path, ruled, case):
    situation, report = ruled
    path = tmp_path / "j.sqlite3"
    if case == "corrupt":
        path.write_bytes(os.urandom(4096))
    elif case == "missing folder":
        path = tmp_path / "nowhere" / "j.sqlite3"
    elif case == "a folder":
        path = tmp_path
    elif case == "newer floorman":
        raw = _raw(path)
        raw.execute("PRAGMA user_version = 99")
        raw.close()
    if case == "not a situation":
        situation = object()
    entry_id, warning = record_ruling(report.to_json(), command="rule", situation=situation, journal_path=path)
    assert entry_id is None
    assert warning.startswith(WARNING) and "\n" not in warning and len(warning) > len(WARNING) + 10


def test_a_locked_journal_is_reported_after_the_busy_timeout(tmp_path, ruled):
    situation, report = ruled
    path = tmp_path / "j.sqlite3"
    Journal.open(path).close()
    holder = sqlite3.connect(str(path), isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        started = time.perf_counter()
        entry_id, warning = record_ruling(report.to_json(), command="rule", situation=situation, journal_path=path)
        waited = time.perf_counter() - started
    finally:
        holder.execute("ROLLBACK")
    assert entry_id is None and "locked" in warning and "kept" in warning
    assert store.BUSY_TIMEOUT_MS / 1000 * 0.8 <= waited < store.BUSY_TIMEOUT_MS / 1000 + 2
    # once the lock is gone the same process records again: the ruling kept first (N22)
    entry_id, warning = record_ruling(report.to_json(), command="rule", situation=situation, journal_path=path)
    assert warning is None and entry_id == 2


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0, reason="root writes into read-only folders")
def test_a_read_only_folder_is_reported(tmp_path, ruled):
    situation, report = ruled
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        entry_id, warning = record_ruling(report.to_json(), command="rule", situation=situation,
                                          journal_path=folder / "j.sqlite3")
    finally:
        folder.chmod(0o755)
    assert entry_id is None and warning.startswith(WARNING)


def _immutable(path: Path, on: bool) -> bool:
    """chattr +i/-i: read-only even for root (the tests may run as root). False if unavailable."""
    import shutil
    import subprocess

    if shutil.which("chattr") is None:
        return False
    return subprocess.run(["chattr", "+i" if on else "-i", str(path)], capture_output=True).returncode == 0


@pytest.mark.parametrize("what", ["folder", "file"])
def test_a_read_only_folder_or_file_is_reported_even_for_root(tmp_path, ruled, what):
    situation, report = ruled
    folder = tmp_path / "ro"
    folder.mkdir()
    path = folder / "j.sqlite3"
    if what == "file":
        Journal.open(path).close()
        count_before = sqlite3.connect(str(path)).execute("SELECT count(*) FROM ruling").fetchone()[0]
    target = folder if what == "folder" else path
    if not _immutable(target, True):
        pytest.skip("chattr +i is not available here")
    try:
        entry_id, warning = record_ruling(report.to_json(), command="rule", situation=situation, journal_path=path)
    finally:
        close_all()
        _immutable(target, False)
    assert entry_id is None and warning.startswith(WARNING + str(path))
    assert "writable" in warning or "read-only" in warning, warning
    if what == "file":
        assert sqlite3.connect(str(path)).execute("SELECT count(*) FROM ruling").fetchone()[0] == count_before


def test_a_journal_moved_aside_during_a_session_is_started_again(tmp_path, ruled):
    situation, report = ruled
    path = tmp_path / "j.sqlite3"
    assert record_ruling(report.to_json(), command="table", situation=situation, journal_path=path)[0] == 1
    path.rename(tmp_path / "old.sqlite3")
    for suffix in ("-wal", "-shm"):
        if Path(str(path) + suffix).exists():
            Path(str(path) + suffix).rename(tmp_path / f"old.sqlite3{suffix}")
    assert record_ruling(report.to_json(), command="table", situation=situation, journal_path=path)[0] == 1
    with Journal.open(path) as journal:
        assert journal.count() == 1


def test_list_filters_by_staff_date_and_limit(tmp_path):
    with Journal.open(tmp_path / "j.sqlite3") as journal:
        for staff in ("Ann", "Bo", "Ann", None):
            _record(journal, staff=staff)
        assert [e.id for e in journal.entries()] == [4, 3, 2, 1]
        assert [e.id for e in journal.entries(staff="Ann")] == [3, 1]
        assert [e.id for e in journal.entries(limit=2)] == [4, 3]
        assert len(journal.entries(since=datetime.now(UTC).date().isoformat())) == 4
        assert journal.entries(since="2999-01-01") == []
        with pytest.raises(JournalError, match="expected a date such as"):
            journal.entries(since="last tuesday")
        with pytest.raises(JournalError, match="no ruling #9"):
            journal.entry(9)


# --- the command line -----------------------------------------------------------------------------

def _run(*args: str):
    return runner.invoke(app, list(args), catch_exceptions=False)


def test_rule_records_before_it_shows_with_the_staff_name(tmp_path):
    path = tmp_path / "j.sqlite3"
    result = _run("rule", str(BETTING), "--journal", str(path), "--staff", "Ann")
    assert result.exit_code == 0 and "CALL" in result.output
    assert WARNING not in result.output
    with Journal.open(path) as journal:
        (entry,) = journal.entries()
    assert entry.command == "rule" and entry.staff == "Ann"
    assert entry.rulings[0]["rule"] == "BET-OVERSIZED-CHIP-CALL"
    assert entry.rulings[0]["params"]["call_amount"] == 15


def test_rule_json_output_is_recorded_and_stays_valid_json(tmp_path):
    path = tmp_path / "j.sqlite3"
    result = runner.invoke(app, ["rule", str(SHOWDOWN), "--json", "--journal", str(path)])
    assert result.exit_code == 0
    document = json.loads(result.stdout)
    with Journal.open(path) as journal:
        (entry,) = journal.entries()
    assert entry.rulings == document["rulings"] and entry.pots == document["pots"]
    assert entry.hands == document["hands"]


def test_rule_uses_floorman_journal_from_the_environment_and_no_journal_records_nothing(tmp_path, monkeypatch):
    path = tmp_path / "env.sqlite3"
    monkeypatch.setenv("FLOORMAN_JOURNAL", str(path))
    assert _run("rule", str(BETTING), "--no-journal").exit_code == 0
    assert not path.exists()
    assert _run("rule", str(BETTING)).exit_code == 0
    with Journal.open(path) as journal:
        assert journal.count() == 1


def test_rule_with_a_journal_that_cannot_be_written_still_shows_the_ruling(tmp_path):
    path = tmp_path / "j.sqlite3"
    path.write_bytes(os.urandom(4096))
    result = runner.invoke(app, ["rule", str(BETTING), "--journal", str(path)])
    assert result.exit_code == 0
    assert "CALL" in result.stdout
    lines = [line for line in result.stderr.splitlines() if line.startswith(WARNING)]
    assert len(lines) == 1 and "corrupt" in lines[0]
    result = runner.invoke(app, ["rule", str(BETTING), "--json", "--journal", str(path)])
    assert json.loads(result.stdout)["rulings"][0]["decision"] == "call"
    assert WARNING in result.stderr


def test_journal_list_and_show(tmp_path):
    path = tmp_path / "j.sqlite3"
    _run("rule", str(BETTING), "--journal", str(path), "--staff", "Ann")
    _run("rule", str(SHOWDOWN), "--journal", str(path))
    listed = _run("journal", "list", "--journal", str(path))
    assert listed.exit_code == 0
    assert "2 shown of 2" in listed.output and "Ann" in listed.output and "BET-OVERSIZED" in listed.output
    assert listed.output.index("│ 2 ") < listed.output.index("│ 1 ")          # newest first
    only_ann = _run("journal", "list", "--journal", str(path), "--staff", "Ann", "--limit", "5")
    assert "1 shown of 2" in only_ann.output
    shown = _run("journal", "show", "1", "--journal", str(path))
    assert shown.exit_code == 0
    for text in ("Ruling #1", "staff Ann", "CALL", "Events", "action seat=3 action=raise amount=15",
                 "Incidents", "wager seat=4", "profile tda-2026"):
        assert text in shown.output, text
    traced = _run("journal", "show", "1", "--trace", "--journal", str(path))
    assert traced.output.count("TDA 2024 Rule") > shown.output.count("TDA 2024 Rule")   # every citation
    showdown = _run("journal", "show", "2", "--journal", str(path))
    assert "Hands at showdown" in showdown.output and "main pot" in showdown.output


def test_journal_show_of_an_unknown_number_is_one_line(tmp_path):
    path = tmp_path / "j.sqlite3"
    _run("rule", str(BETTING), "--journal", str(path))
    result = runner.invoke(app, ["journal", "show", "42", "--journal", str(path)])
    assert result.exit_code == 1
    assert result.stderr.strip().splitlines() == [f"Error: {path}: no ruling #42 in the journal"]


def test_journal_list_of_a_missing_journal_creates_nothing(tmp_path):
    path = tmp_path / "none.sqlite3"
    result = _run("journal", "list", "--journal", str(path))
    assert result.exit_code == 0 and "no rulings recorded yet" in result.output
    assert not path.exists()


def test_export_csv_has_every_column_with_json_text(tmp_path):
    path = tmp_path / "j.sqlite3"
    _run("rule", str(BETTING), "--journal", str(path), "--staff", "Ann")
    _run("rule", str(SHOWDOWN), "--journal", str(path))
    output = tmp_path / "out.csv"
    result = runner.invoke(app, ["journal", "export", "--format", "csv", "--output", str(output),
                                 "--journal", str(path)])
    assert result.exit_code == 0 and "wrote 2 rulings" in result.stderr
    rows = list(csv.DictReader(io.StringIO(output.read_text(encoding="utf-8"))))
    assert [int(row["id"]) for row in rows] == [1, 2]
    assert tuple(rows[0]) == COLUMNS
    for row in rows:
        for name in JSON_COLUMNS:
            json.loads(row[name])
    assert json.loads(rows[0]["rulings"])[0]["rule"] == "BET-OVERSIZED-CHIP-CALL"
    assert rows[0]["staff"] == "Ann" and rows[1]["staff"] == ""


def test_export_json_to_stdout_is_the_whole_journal(tmp_path):
    path = tmp_path / "j.sqlite3"
    _run("rule", str(BETTING), "--journal", str(path))
    result = runner.invoke(app, ["journal", "export", "--format", "json", "--journal", str(path)])
    assert result.exit_code == 0
    (document,) = json.loads(result.stdout)
    assert tuple(document) == COLUMNS
    assert document["events"][0]["type"] == "post"
    empty = runner.invoke(app, ["journal", "export", "-f", "json", "--journal", str(tmp_path / "none.sqlite3")])
    assert json.loads(empty.stdout) == []


def test_export_of_an_unknown_format_names_the_formats(tmp_path):
    result = runner.invoke(app, ["journal", "export", "--format", "xml", "--journal", str(tmp_path / "j.sqlite3")])
    assert result.exit_code == 1
    assert result.stderr.strip() == "Error: --format: unknown format 'xml' (expected csv or json)"


WRITER = """
import sys
from floorman.journal import Journal
journal = Journal.open(sys.argv[1])
for number in range(int(sys.argv[3])):
    journal.record(command="table", profile="cash", table={"seats": []}, events=[], incidents=[],
                   rulings=[{"rule": "R", "decision": "call", "n": number}], staff=sys.argv[2])
journal.close()
"""


def test_several_terminals_share_one_journal(tmp_path):
    """Four processes recording at once: every ruling lands, none waits out the busy timeout."""
    import subprocess
    import sys

    path = tmp_path / "j.sqlite3"
    Journal.open(path).close()
    writers = [subprocess.Popen([sys.executable, "-c", WRITER, str(path), f"podium {n}", "60"],
                                stderr=subprocess.PIPE, text=True) for n in range(4)]
    for writer in writers:
        _, errors = writer.communicate(timeout=120)
        assert writer.returncode == 0, errors
    with Journal.open(path) as journal:
        entries = journal.entries(limit=None)
    assert len(entries) == 240 and len({e.id for e in entries}) == 240
    for n in range(4):
        assert sorted(e.rulings[0]["n"] for e in entries if e.staff == f"podium {n}") == list(range(60))
