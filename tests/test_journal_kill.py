"""A ruling shown is a ruling on record: the process is killed (SIGKILL) in the middle of a session,
and every ruling it had shown is found in the journal, intact, in a database that passes
`PRAGMA integrity_check`. A corrupt or locked journal gives one clear line, and the ruling is
still shown (through the real command line, in real processes)."""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from floorman.journal import COLUMNS, JSON_COLUMNS, WARNING
from floorman.journal.recording import FINAL_WAIT_SECONDS, KEPT_NOTE

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = [ROOT / "scenarios" / "betting" / "ymtc-1-silent-big-chip.yaml",
             ROOT / "scenarios" / "showdown" / "ymtc-5-board-plays.yaml"]
SCENARIOS += sorted((ROOT / "scenarios" / "irregularities").glob("*.yaml"))[:3]

# A table session in miniature: rule, record (committed before it is shown), then show.
# It runs until it is killed. It shows each ruling as one line: SHOWN {"id":..., "rulings": [...]}.
DRIVER = textwrap.dedent("""
    import json, sys
    from floorman.engine.floor import Floor
    from floorman.journal import record_ruling
    from floorman.rulebook.loader import load_rulebook
    from floorman.scenarios import load_scenario, rules_for

    journal, paths = sys.argv[1], sys.argv[2:]
    floor = Floor(load_rulebook())
    situations = []
    for path in paths:
        scenario = load_scenario(path)
        chosen, options = rules_for(scenario, floor.rulebook, profile=None, house=None)
        situations.append(scenario.situation(chosen, options))
    print("READY", flush=True)
    while True:
        for situation in situations:
            report = floor.rule(situation).to_json()
            entry_id, warning = record_ruling(report, command="table", situation=situation, staff="kill-test",
                                              journal_path=journal)
            if warning:
                print("WARNING " + warning, flush=True)
                sys.exit(3)
            shown = [[r["rule"], r["decision"], r["params"]] for r in report["rulings"]]
            print("SHOWN " + json.dumps({"id": entry_id, "profile": report["profile"], "rulings": shown}), flush=True)
""")


def _environment(tmp_path: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONUNBUFFERED": "1", "COLUMNS": "120", "NO_COLOR": "1"}


def _rows(path: Path) -> dict[int, dict]:
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        assert connection.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        rows = connection.execute(f"SELECT {', '.join(COLUMNS)} FROM ruling ORDER BY id").fetchall()
    finally:
        connection.close()
    return {row[0]: dict(zip(COLUMNS, row)) for row in rows}


def _kill_mid_session(journal: Path, tmp_path: Path, shown_before_kill: int, rng: random.Random) -> list[dict]:
    """Run the driver, SIGKILL it after about `shown_before_kill` rulings (plus a random few
    milliseconds, so the kill lands anywhere: mid-rule, mid-commit, mid-print); return what it showed."""
    driver = tmp_path / "driver.py"
    driver.write_text(DRIVER, encoding="utf-8")
    process = subprocess.Popen([sys.executable, str(driver), str(journal), *map(str, SCENARIOS)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT, env=_environment(tmp_path))
    lines: list[bytes] = []
    try:
        assert process.stdout is not None
        first = process.stdout.readline()
        assert first == b"READY\n", first + process.stderr.read()
        while len(lines) < shown_before_kill:
            line = process.stdout.readline()
            assert line.startswith(b"SHOWN "), line + process.stderr.read()
            lines.append(line)
        time.sleep(rng.uniform(0, 0.004))
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=30)
        lines += process.stdout.read().splitlines(keepends=True)   # what it printed before it died
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == -signal.SIGKILL
    # a line cut short by the kill was never wholly shown
    return [json.loads(line[len(b"SHOWN "):]) for line in lines if line.endswith(b"\n")]


def test_every_ruling_shown_before_a_sigkill_is_in_the_journal_intact(tmp_path):
    journal = tmp_path / "journal.sqlite3"
    rng = random.Random(8)
    shown: list[dict] = []
    for round_number in range(4):       # the journal is reopened after each kill (WAL recovery) and goes on
        shown += _kill_mid_session(journal, tmp_path, rng.randint(15, 60), rng)
        rows = _rows(journal)
        assert len(rows) >= len(shown)
        assert sorted(rows) == list(range(1, len(rows) + 1))     # no gap: nothing lost in the middle
        for ruling in shown:
            row = rows.get(ruling["id"])
            assert row is not None, f"round {round_number}: ruling #{ruling['id']} was shown but is not recorded"
            for name in COLUMNS:
                if name not in ("staff", "table_name", "undoes"):     # undoes: set only on an undo row
                    assert row[name] is not None, name
            parsed = {name: json.loads(row[name]) for name in JSON_COLUMNS}
            assert row["staff"] == "kill-test" and row["command"] == "table"
            assert row["profile"] == ruling["profile"]
            assert [[r["rule"], r["decision"], r["params"]] for r in parsed["rulings"]] == ruling["rulings"]
            assert parsed["events"] and parsed["table_setup"]["seats"]
    assert len(shown) >= 60


def test_a_floorman_rule_killed_mid_run_leaves_every_shown_ruling_and_a_sound_file(tmp_path):
    """Real `floorman rule` processes: some run to the end, the last is killed at a random moment."""
    journal = tmp_path / "journal.sqlite3"
    rng = random.Random(80)
    command = [sys.executable, "-m", "floorman", "rule", str(SCENARIOS[0]), "--journal", str(journal)]
    shown = 0
    for _ in range(5):
        result = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, env=_environment(tmp_path),
                                timeout=60)
        assert result.returncode == 0 and "CALL" in result.stdout and WARNING not in result.stderr, result.stderr
        shown += 1
    started = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, env=_environment(tmp_path), timeout=60)
    full_run = time.perf_counter() - started
    shown += 1
    for _ in range(4):
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT,
                                   env=_environment(tmp_path))
        time.sleep(rng.uniform(0.5, 1.0) * full_run)
        process.send_signal(signal.SIGKILL)
        out, _ = process.communicate(timeout=30)
        if process.returncode == 0 or b"CALL" in out:
            shown += 1
        rows = _rows(journal)
        assert shown <= len(rows)
    for row in rows.values():
        assert json.loads(row["rulings"])[0]["rule"] == "BET-OVERSIZED-CHIP-CALL"


def _rule(journal: Path, tmp_path: Path, *extra: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "floorman", "rule", str(SCENARIOS[0]), "--journal", str(journal),
                           *extra], capture_output=True, text=True, cwd=ROOT, env=_environment(tmp_path), timeout=60)


def test_a_corrupt_journal_gives_one_clear_line_and_the_ruling_is_still_shown(tmp_path):
    journal = tmp_path / "journal.sqlite3"
    journal.write_bytes(os.urandom(16384))
    before = journal.read_bytes()
    result = _rule(journal, tmp_path)
    assert result.returncode == 0
    assert "CALL" in result.stdout and "85" in result.stdout   # the ruling, with its change
    assert result.stderr.splitlines() == [f"{WARNING}{journal}: the file is corrupt or not an SQLite database "
                                          "(file is not a database); move it aside and floorman starts a new "
                                          "journal there"]
    assert journal.read_bytes() == before          # a damaged record is left for a person to look at
    as_json = _rule(journal, tmp_path, "--json")
    assert json.loads(as_json.stdout)["rulings"][0]["decision"] == "call"
    assert as_json.stderr.startswith(WARNING) and len(as_json.stderr.splitlines()) == 1


HOLDER = textwrap.dedent("""
    import sqlite3, sys, time
    connection = sqlite3.connect(sys.argv[1], isolation_level=None)
    connection.execute("BEGIN EXCLUSIVE")
    connection.execute("INSERT INTO ruling (recorded_at, command, profile, options, table_setup, events, incidents, "
                       "rulings, pots, hands, floorman_version) VALUES ('x', 'other', 'cash', '{}', '{}', '[]', "
                       "'[]', '[]', '[]', '{}', '0')")
    print("HOLDING", flush=True)
    time.sleep(float(sys.argv[2]) if len(sys.argv) > 2 else 60)
""")


def test_a_journal_locked_by_another_process_gives_one_clear_line_and_the_ruling_is_still_shown(tmp_path):
    journal = tmp_path / "journal.sqlite3"
    assert _rule(journal, tmp_path).returncode == 0            # a real journal, with one ruling
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(journal)], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "HOLDING\n"
        started = time.perf_counter()
        result = _rule(journal, tmp_path)
        elapsed = time.perf_counter() - started
    finally:
        holder.kill()
        holder.wait()
    assert result.returncode == 0 and "CALL" in result.stdout
    line, last = result.stderr.splitlines()
    assert line.startswith(f"{WARNING}{journal}: the journal is locked by another program") and line.endswith(KEPT_NOTE)
    assert "could not be recorded: it stayed locked" in last     # kept, waited for at the end, lost: said
    assert elapsed < 1 + FINAL_WAIT_SECONDS + 10
    assert len(_rows(journal)) == 1          # the holder's uncommitted row died with it; ours was not written
    assert _rule(journal, tmp_path).stderr == ""    # unlocked: recorded again
    assert len(_rows(journal)) == 2


def test_n22_a_ruling_shown_while_another_process_held_the_journal_is_recorded_once_it_lets_go(tmp_path):
    journal = tmp_path / "journal.sqlite3"
    assert _rule(journal, tmp_path).returncode == 0
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(journal), "6"], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "HOLDING\n"
        result = _rule(journal, tmp_path)
    finally:
        holder.wait(30)
    assert result.returncode == 0 and "CALL" in result.stdout
    # shown at once with the warning (unless this machine was slower than the lock), recorded at the end
    assert all(line.endswith(KEPT_NOTE) for line in result.stderr.splitlines()), result.stderr
    assert len(_rows(journal)) == 2



def test_a_floorman_table_session_killed_mid_run_has_every_ruling_it_showed(tmp_path):
    """The real thing: `floorman table` fed a session on stdin (scripted mode), ruling the same
    dispute again and again (`what if`), SIGKILLed part-way; every ruling panel it printed is in
    the journal, intact."""
    journal = tmp_path / "journal.sqlite3"
    script = "s3 raise 15\n" + "what if s4 chips 100 silent\n" * 400
    process = subprocess.Popen([sys.executable, "-m", "floorman", "table", "nl", "2/5", "cash", "6", "seats", "500",
                                "button", "6", "--journal", str(journal), "--staff", "Ann"],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT,
                               env=_environment(tmp_path))
    end_of_panel = b"BET-OVERSIZED-CHIP-CALL \xe2\x94\x80\xe2\x95\xaf"      # the panel's last line: "... ─╯"
    target = random.Random(88).randint(15, 30)
    output = []
    try:
        assert process.stdin is not None and process.stdout is not None
        process.stdin.write(script.encode())
        process.stdin.close()
        panels = 0
        while panels < target:
            line = process.stdout.readline()
            assert line, b"".join(output) + process.stderr.read()
            output.append(line)
            panels += end_of_panel in line
        time.sleep(random.Random(89).uniform(0, 0.02))
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=30)
        output += process.stdout.read().splitlines(keepends=True)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == -signal.SIGKILL, "the session ended before it was killed: make the script longer"
    text = b"".join(output).decode("utf-8", errors="replace")
    assert WARNING not in text
    shown = sum(end_of_panel in line and line.endswith(b"\n") for line in output)
    rows = _rows(journal)
    assert shown >= target and len(rows) >= shown
    assert sorted(rows) == list(range(1, len(rows) + 1))
    for row in rows.values():
        assert row["command"].startswith("table") and row["staff"] == "Ann" and row["profile"] == "cash"
        (ruling,) = json.loads(row["rulings"])
        assert ruling["rule"] == "BET-OVERSIZED-CHIP-CALL" and ruling["params"]["change"] == 85
        assert json.loads(row["incidents"])[0]["chips"] == [100]
        assert [e["type"] for e in json.loads(row["events"])][-1] == "action"
