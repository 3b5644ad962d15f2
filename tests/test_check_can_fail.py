"""`floorman check` must be able to fail: a check passes only on what floorman produced.

Each test here failed before issue 7: an expectation met by no ruling passed, an empty
expectation passed, one bad file stopped the run with no JSON, an empty folder passed, and
an expectation could be met by another incident's ruling.
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
from typer.testing import CliRunner

from floorman.checks.runner import run_checks
from floorman.cli.app import app
from floorman.errors import FloormanError
from floorman.scenarios import load_scenario

runner = CliRunner(env={"COLUMNS": "120", "NO_COLOR": "1"})

TABLE = """\
table:
  button: 3
  forced_bets: {small_blind: 5, big_blind: 10}
  seats:
    - {number: 1, stack: 1000}
    - {number: 2, stack: 1000}
    - {number: 3, stack: 1000}
"""

# A hand checked down to the showdown with no dispute: the floor has nothing to rule.
SHOWDOWN = "title: checked down\n" + TABLE + """\
events:
  - {type: post, seat: 1, kind: small-blind, amount: 5}
  - {type: post, seat: 2, kind: big-blind, amount: 10}
  - {type: deal, seat: 1, cards: AsAd}
  - {type: deal, seat: 2, cards: KsKd}
  - {type: deal, seat: 3, cards: 7c2h}
  - {type: action, seat: 3, action: fold}
  - {type: action, seat: 1, action: call}
  - {type: action, seat: 2, action: check}
  - {type: board, cards: [Qc, 9h, 4d]}
  - {type: action, seat: 1, action: check}
  - {type: action, seat: 2, action: check}
  - {type: board, cards: [3s]}
  - {type: action, seat: 1, action: check}
  - {type: action, seat: 2, action: check}
  - {type: board, cards: [8c]}
  - {type: action, seat: 1, action: check}
  - {type: action, seat: 2, action: check}
  - {type: show, seat: 1, cards: AsAd}
  - {type: show, seat: 2, cards: KsKd}
"""
POTS = "  pots: [{amount: 20, eligible: [1, 2], winners: [1], shares: {1: 20}}]\n"

# Two disputes in one hand: seat 3's silent oversized chip is a call; then seat 1 says
# "raise" and puts out one oversized chip, a raise.
TWO_INCIDENTS = "title: two disputes\n" + TABLE + """\
events:
  - {type: post, seat: 1, kind: small-blind, amount: 5}
  - {type: post, seat: 2, kind: big-blind, amount: 10}
incidents:
  - {type: wager, seat: 3, chips: [100]}
  - {type: wager, seat: 1, declared: raise, speech: before, chips: [100]}
"""
CALL = "{rule: BET-OVERSIZED-CHIP-CALL, decision: call, params: {call_amount: 10, change: 90}}"
RAISE = "{rule: BET-OVERSIZED-CHIP-RAISE, decision: raise}"


def check(tmp_path: Path, text: str, floor, name: str = "case.yaml"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text))
    [result] = run_checks([path], floor=floor)
    return result


# ----------------------------------------------------------------------------- no ruling

@pytest.mark.parametrize("expect", [
    "expect: {decision: something-impossible}",
    "expect: {rule: BET-OVERSIZED-CHIP-CALL}",
    "expect: {params: {call_amount: 10}}",
    "expect:\n  cites: [{source: TDA, edition: '2024', rule: '44'}]",
    "expect:\n" + POTS,
    "expect:\n  hands: {1: 'pair of aces, queen-nine-eight kickers'}",
    "expect: {no_ruling: false}",
])
def test_an_expectation_met_by_no_ruling_fails(tmp_path, floor, expect):
    result = check(tmp_path, SHOWDOWN + expect + "\n", floor)
    assert not result.passed
    assert result.problems[-1].startswith("expected ") and result.problems[-1].endswith(", no ruling")
    assert result.report is not None and result.report.rulings == []


def test_no_ruling_true_is_how_to_expect_no_ruling(tmp_path, floor):
    result = check(tmp_path, SHOWDOWN + "expect:\n  no_ruling: true\n" + POTS
                   + "  hands: {1: 'pair of aces, queen-nine-eight kickers'}\n", floor)
    assert result.passed, result.problems


def test_no_ruling_true_fails_when_there_is_a_ruling(tmp_path, floor):
    text = TWO_INCIDENTS.replace("  - {type: wager, seat: 1, declared: raise, speech: before, chips: [100]}\n", "")
    result = check(tmp_path, text + "expect: {no_ruling: true}\n", floor)
    assert result.problems == ["expected no ruling, got BET-OVERSIZED-CHIP-CALL"]


@pytest.mark.parametrize("expect", ["", "expect:\n", "expect: {}\n", "expect: {params: {}}\n"])
def test_nothing_to_check_is_a_failure_not_a_pass(tmp_path, floor, expect):
    result = check(tmp_path, SHOWDOWN + expect, floor)
    assert not result.passed
    assert "nothing to check" in result.problems[0] and str(tmp_path / "case.yaml") in result.problems[0]


# ----------------------------------------------------------------------------- params and types

def test_params_are_a_subset_but_each_listed_one_must_match(tmp_path, floor):
    text = TWO_INCIDENTS.replace("  - {type: wager, seat: 1, declared: raise, speech: before, chips: [100]}\n", "")
    assert check(tmp_path, text + "expect: {params: {change: 90}}\n", floor).passed
    assert check(tmp_path, text + "expect: {params: {change: 91}}\n", floor).problems == [
        "change: expected 91, got 90"]
    missing = check(tmp_path, text + "expect: {params: {change: 90, tip: 1}}\n", floor)
    assert missing.problems == ["tip: expected 1, got 'nothing'"]


def test_true_is_not_the_number_one():
    """YAML `true` and 1 are equal in Python; a param check must not pass on that."""
    from floorman.checks.runner import _same

    assert not _same(True, 1) and not _same(1, True) and not _same(0, False) and _same(1, 1)


def test_pot_entries_are_typed(tmp_path):
    path = tmp_path / "case.yaml"
    path.write_text(SHOWDOWN + "expect:\n  no_ruling: true\n  pots: [{amount: twenty}]\n")
    with pytest.raises(FloormanError) as caught:
        load_scenario(path)
    assert caught.value.field == "expect.pots[0].amount" and caught.value.line == SHOWDOWN.count("\n") + 3
    path.write_text(SHOWDOWN + "expect:\n  no_ruling: true\n  pots: [{amont: 20}]\n")
    with pytest.raises(FloormanError) as caught:
        load_scenario(path)
    assert "did you mean 'amount'" in str(caught.value)


# ----------------------------------------------------------------------------- per incident

def test_each_incident_is_checked_against_its_own_rulings(tmp_path, floor):
    result = check(tmp_path, TWO_INCIDENTS + f"expect:\n  - {CALL}\n  - {RAISE}\n", floor)
    assert result.passed, result.problems
    assert [entry["rule"] for entry in result.actual["incidents"]] == ["BET-OVERSIZED-CHIP-CALL",
                                                                       "BET-OVERSIZED-CHIP-RAISE"]


def test_the_second_incidents_ruling_cannot_satisfy_the_first(tmp_path, floor):
    result = check(tmp_path, TWO_INCIDENTS + f"expect:\n  - {RAISE}\n  - {CALL}\n", floor)
    assert not result.passed
    assert result.problems[0].startswith("incident 0: expected a ruling by BET-OVERSIZED-CHIP-RAISE; it did not fire")
    assert result.problems[-1].startswith("incident 1: expected a ruling by BET-OVERSIZED-CHIP-CALL")


def test_a_single_expect_checks_the_hand_as_a_whole(tmp_path, floor):
    assert check(tmp_path, TWO_INCIDENTS + f"expect: {RAISE}\n", floor).passed


def test_one_expect_per_incident_or_it_is_refused(tmp_path):
    path = tmp_path / "case.yaml"
    path.write_text(TWO_INCIDENTS + f"expect:\n  - {CALL}\n")
    with pytest.raises(FloormanError) as caught:
        load_scenario(path)
    assert caught.value.field == "expect" and caught.value.line == 15 and "1 given for 2 incidents" in str(caught.value)


def test_an_empty_entry_in_a_per_incident_list_is_nothing_to_check(tmp_path, floor):
    result = check(tmp_path, TWO_INCIDENTS + f"expect:\n  - {CALL}\n  - {{}}\n", floor)
    assert not result.passed and "expect[1]: nothing to check" in result.problems[0]


def test_the_incident_of_a_ruling_comes_from_its_facts():
    from floorman.checks.runner import fact_incident

    assert fact_incident(["profile", "hand", "wager:3"]) == 3
    assert fact_incident(["wager:0", "wager:1"]) == 1          # made once both had happened
    assert fact_incident(["hand", "derived:x:1"]) is None


# ----------------------------------------------------------------------------- bad files and paths

def test_a_file_that_cannot_load_is_one_failed_result_and_the_run_goes_on(tmp_path):
    good = tmp_path / "a-good.yaml"
    good.write_text(SHOWDOWN + "expect:\n  no_ruling: true\n" + POTS)
    bad = tmp_path / "b-bad.yaml"
    bad.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00binary")
    broken = tmp_path / "c-broken.yaml"
    broken.write_text(SHOWDOWN.replace("amount: 10}", "amount: ten}") + "expect: {no_ruling: true}\n")
    result = runner.invoke(app, ["check", str(tmp_path), "--json"])
    assert result.exit_code == 1 and "Traceback" not in result.output
    results = json.loads(result.stdout)
    assert [r["passed"] for r in results] == [True, False, False]
    assert results[1]["problems"] == [f"{bad}:1: not UTF-8 text: byte 0x89 cannot be read (is this a binary file?)"]
    assert results[2]["problems"][0].startswith(f"{broken}:11: events[1].amount:")


def test_the_table_view_also_lists_every_result(tmp_path):
    (tmp_path / "bad.yaml").write_text("title: [unclosed\n")
    (tmp_path / "good.yaml").write_text(SHOWDOWN + "expect:\n  no_ruling: true\n" + POTS)
    result = runner.invoke(app, ["check", str(tmp_path)])
    assert result.exit_code == 1 and "1 passed, 1 failed" in result.output and "Traceback" not in result.output


def test_a_path_holding_no_scenario_exits_2(tmp_path):
    (tmp_path / "empty").mkdir()
    result = runner.invoke(app, ["check", str(tmp_path / "empty")])
    assert result.exit_code == 2 and "no scenario files" in result.output and "passed" not in result.output
    result = runner.invoke(app, ["check", str(tmp_path / "missing")])
    assert result.exit_code == 2 and "no such file or folder" in result.output
    from floorman.errors import NothingToCheck

    with pytest.raises(NothingToCheck):
        run_checks([tmp_path / "empty"])


def test_a_folder_given_to_rule_is_a_clear_error(tmp_path):
    result = runner.invoke(app, ["rule", str(tmp_path)])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert f"{tmp_path}: this is a folder" in result.output and "floorman check" in result.output
