"""`floorman table` through a real pseudo-terminal, typed as a floor person would type it.

Each test spawns `.venv/bin/floorman table` (TERM=xterm, 40x100) with its own journal and XDG
folders, types lines at the prompt and reads the screen. The five disputes of issue 8 are each
entered in at most six lines after the set-up and must come out as `floorman rule` rules the
equivalent scenario file in scenarios/table/.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")
pytest.importorskip("pyte")

from pty_support import FLOORMAN, ROOT, TableTerminal, terminal_environment  # noqa: E402

TIMEOUT = 90          # generous: the machine is shared; the tests themselves are quick


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    return terminal_environment(tmp_path)


def rule_json(path: Path, env: dict[str, str]) -> dict:
    run = subprocess.run([str(FLOORMAN), "rule", "--json", "--no-journal", str(path)], capture_output=True,
                         text=True, env=env, timeout=TIMEOUT, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def shown_values(value: object) -> tuple[str, ...]:
    """A ruling number as the panel may show it (yes/no, thousands separators, none for 0)."""
    if isinstance(value, bool):
        return ("yes", "True") if value else ("no", "False")
    if isinstance(value, int):
        return (f"{value:,}", str(value)) + (("none",) if not value else ())
    return (str(value),)


def assert_same_ruling(screen: str, expected: dict, key_params: tuple[str, ...]) -> None:
    flat = " ".join(screen.split())
    assert expected["rule"] in flat, f"{expected['rule']} not on the screen:\n{screen}"
    assert expected["decision"].replace("-", " ").upper() in flat
    for name in key_params:
        lines = [f"{name.replace('_', ' ')}: {shown}" for shown in shown_values(expected["params"][name])]
        assert any(line in flat for line in lines), f"{lines[0]!r} not on the screen:\n{screen}"


# ----------------------------------------------------------------------------- the five disputes

DISPUTES = [
    pytest.param("nl 2/5 cash 6 seats 500 button 6", ["s3 raise 25", "s4 chips 100 silent"],
                 "1-silent-single-chip.yaml", ("call_amount", "change"), id="silent-single-chip"),
    pytest.param("nl 1000/2000 tournament seats 1:50000 2:5100 3:50000 button 3",
                 ["s3 fold", "s1 call", "s2 check", "s1 bet 2000", "s2 allin", "s1 asks may-raise"],
                 "2-short-all-in-not-reopened.yaml", ("to_call", "call_to", "full_raise"), id="short-all-in"),
    pytest.param("nl 100/200 tournament 9 seats button 2", ["dealer exposes s3 first"],
                 "3-dealer-exposes-first-card.yaml", ("exposed", "first_or_second_card"), id="misdeal"),
    pytest.param("nl 100/200 tournament 2 seats 10000 button 1",
                 ["s1 call", "s2 check", "checked to river", "s2 bet 1000", "s1 call", "s1 mucks in-muck"],
                 "4-caller-mucks-before-bettor-tables.yaml", ("seat", "chips_forfeited"), id="muck-before-tabled"),
    pytest.param("nl 100/200 tournament 3 seats button 3",
                 ["s3 call", "s1 call", "s2 check", "flop Kh Td 6c", "s2 bet 500", "s1 check"],
                 "5-out-of-turn-bet-then-check.yaml", ("oot_action", "amount_to"), id="out-of-turn-bet"),
]


@pytest.mark.parametrize(("setup", "lines", "scenario", "key_params"), DISPUTES)
def test_five_disputes_rule_as_the_scenario_file(env, tmp_path, setup, lines, scenario, key_params):
    assert len(lines) <= 6
    expected_report = rule_json(ROOT / "scenarios" / "table" / scenario, env)
    expected = expected_report["rulings"][-1]
    table = TableTerminal(env, setup, tmp_path)
    screens = [table.type(line) for line in lines]
    last = screens[-1]
    assert_same_ruling(last, expected, key_params)
    if scenario.startswith("5-"):
        # the out-of-turn bet is shown provisionally until the skipped seat's check
        assert "PROVISIONAL" in screens[-2] and "binds unless seat 1 bets or raises" in " ".join(screens[-2].split())
        assert "ACT-OOT-BACK-UP" in screens[-2]
        assert "PROVISIONAL" not in last and "RULED AGAIN" in last
    if scenario.startswith("4-"):
        pots = table.type("pots")
        amount = expected_report["pots"][0]["amount"]
        assert f"{amount:,}" in pots and "main pot" in pots
    table.quit()


# ----------------------------------------------------------------------------- the session as a user meets it

def test_a_dispute_from_set_up_to_ruling_is_recorded(env, tmp_path):
    table = TableTerminal(env, "nl 2/5 cash 6 seats 500 button 6", tmp_path)
    assert "profile: cash" in table.opening or "profile cash" in table.opening
    assert "Seat 3 to act" in table.opening
    table.type("s3 raise 25")
    screen = table.type("s4 chips 100 silent")
    assert "BET-OVERSIZED-CHIP-CALL" in screen and "change: 75" in screen
    assert "not recorded" not in screen
    table.quit()
    listing = subprocess.run([str(FLOORMAN), "journal", "export", "--format", "json"], capture_output=True,
                             text=True, env=env, timeout=TIMEOUT)
    assert listing.returncode == 0, listing.stderr
    assert "BET-OVERSIZED-CHIP-CALL" in listing.stdout


def test_bad_input_gets_one_line_and_the_session_goes_on(env, tmp_path):
    table = TableTerminal(env, "nl 2/5 cash 6 seats 500 button 6", tmp_path)
    typo = table.type("s3 rasie 25")
    assert "column 4" in typo and "did you mean 'raise'" in typo
    seat = table.type("s9 call")
    assert "no seat 9" in seat and "s1, s2, s3, s4, s5, s6" in seat
    too_much = table.type("s3 raise 25000")
    assert "has only 500" in too_much or "500" in too_much
    assert "Traceback" not in typo + seat + too_much
    # the bad line is kept: arrow up brings it back to correct (25000 -> 25)
    fixed = table.keys("\x1b[A" + "\x7f" * 3 + "\r")
    assert "Seat 4 to act" in fixed and "25 to call" in fixed
    table.quit()


def test_undo_and_what_if(env, tmp_path):
    table = TableTerminal(env, "nl 2/5 cash 6 seats 500 button 6", tmp_path)
    table.type("s3 raise 25")
    what_if = table.type("what if s4 chips 100 silent")
    assert "WHAT IF" in what_if and "BET-OVERSIZED-CHIP-CALL" in what_if
    assert "the table is unchanged" in what_if
    still = table.type("table")
    assert "Seat 4 to act" in still              # the what-if call was not made
    undone = table.type("undo")
    assert "taken back" in undone and "Seat 3 to act" in undone
    table.quit()


def test_save_writes_a_scenario_that_check_passes(env, tmp_path):
    table = TableTerminal(env, "nl 2/5 cash 6 seats 500 button 6", tmp_path)
    table.type("s3 raise 25")
    table.type("s4 chips 100 silent")
    saved = table.type("save dispute.yaml")
    assert "saved" in saved
    table.quit()
    path = tmp_path / "dispute.yaml"
    assert path.exists()
    check = subprocess.run([str(FLOORMAN), "check", str(path)], capture_output=True, text=True, env=env,
                           timeout=TIMEOUT)
    assert check.returncode == 0, check.stdout + check.stderr
    assert "1 passed, 0 failed" in check.stdout


def test_tab_completes_commands_and_history_is_kept(env, tmp_path):
    table = TableTerminal(env, "nl 2/5 cash 6 seats 500 button 6", tmp_path)
    # Tab completes the command from the grammar: `s3 ra` -> `s3 raise`
    table.child.send("s3 ra\t")
    # completion runs in the background and may reach the terminal in several writes: wait until the
    # line as the screen shows it reads `s3 raise` (issue 15: one write was not enough under load)
    assert "floor> s3 raise" in table.terminal.wait_for_line("floor> s3 raise", timeout=TIMEOUT)
    screen = table.keys(" 25\r")
    assert "Seat 4 to act" in screen and "25 to call" in screen
    table.type("s4 rasie 100")
    # issue 15: an incident type, then its field, then the field's value, each from a prefix
    table.child.send("incident pre\t")
    table.terminal.wait_for_line("floor> incident premature-board", timeout=TIMEOUT)
    table.child.send(" str\t")
    table.terminal.wait_for_line("incident premature-board street=", timeout=TIMEOUT)
    table.child.send("tu\t")
    table.terminal.wait_for_line("incident premature-board street=turn", timeout=TIMEOUT)
    table.child.send("\x15")            # Ctrl-U: the line is cleared, nothing entered
    table.terminal.wait_for_line("floor>", timeout=TIMEOUT)
    table.quit()
    history = tmp_path / "data" / "floorman" / "table_history"
    assert history.exists()
    kept = history.read_text(encoding="utf-8")
    assert "s3 raise 25" in kept and "s4 rasie 100" in kept   # the bad line is kept too


def test_scripted_mode_reads_stdin(env, tmp_path):
    run = subprocess.run([str(FLOORMAN), "table", "nl", "2/5", "cash", "6", "seats", "500", "button", "6"],
                         input="s3 raise 25\ns4 chips 100 silent\n", capture_output=True, text=True, env=env,
                         timeout=TIMEOUT, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert "BET-OVERSIZED-CHIP-CALL" in run.stdout and "change: 75" in run.stdout
    bad = subprocess.run([str(FLOORMAN), "table"], input="nl 2/5 cash\ns3 rasie 25\n", capture_output=True,
                         text=True, env=env, timeout=TIMEOUT, cwd=tmp_path)
    assert bad.returncode == 1 and "did you mean 'raise'" in bad.stdout and "Traceback" not in bad.stderr


def test_n6_n7_n15_a_live_table_at_a_terminal_survives_hostile_lines(env, tmp_path):
    """A 400-digit amount, a `what if` 300 deep and undo past the blinds: each refused or kept in one
    line, and the session goes on."""
    table = TableTerminal(env, "nl 2/5 cash 6 seats 500 button 6", tmp_path)
    undone = table.type("undo")
    assert "nothing to undo" in undone and "the forced bets stay" in undone
    huge = table.type("s3 raise " + "9" * 400)
    assert "is too large" in huge and "(400 characters)" in huge and "internal error" not in huge
    nested = table.type("what if " * 300 + "s3 call")
    assert "`what if` is given once" in nested
    going_on = table.type("s3 call")
    assert "Seat 4 to act" in going_on
    table.quit()
