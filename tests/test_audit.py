"""`floorman audit`: strict replay of hand histories, one class per hand.

The whole shared dataset (1,055 real hands) is audited and its findings asserted one by one;
small crafted hands cover each kind of finding."""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from floorman import phh
from floorman.audit import audit_files, audit_hand, summary
from floorman.cli.app import app
from shared_hands import DATA, shared_files

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()


@pytest.fixture(scope="module")
def shared_audit():
    return audit_files(shared_files())


# ---------------------------------------------------------------------------------- the real hands
def test_the_1055_real_hands_audit_to_these_classes(shared_audit):
    assert len(shared_audit) == 1055
    # 7 Pluribus hands share a split pot's odd chip out in halves: departures (see test_odd_chip...)
    assert summary(shared_audit)["total"] == {"irregular": 2, "unreadable": 0, "incomplete": 3, "departure": 26,
                                              "clean": 1024}
    # every hand that is not clean says why; every clean hand has nothing to say
    assert all(bool(a.findings) == (a.cls != "clean") for a in shared_audit)


def test_the_four_findings_the_replay_already_made(shared_audit):
    by_hand = {(Path(a.file).name, a.section): a for a in shared_audit}
    wsop = by_hand[("wsop-2019-42.phhs", "1")]
    assert wsop.cls == "irregular"
    [finding] = wsop.findings
    assert (finding.kind, finding.action_index, finding.action) == ("out-of-turn", 13, "p1 cc")
    assert finding.message == "seat 1 acted out of turn: seat 8 is to act"
    assert finding.rule == "ACT-OOT-BACK-UP" and finding.citation.startswith("TDA") and finding.ruling
    for section in ("12", "14", "15"):
        audit = by_hand[("handhq-ipn.phhs", section)]
        assert audit.cls == "incomplete"
        [finding] = audit.findings
        assert finding.kind == "cards-unknown" and "as ????" in finding.message
    # the iPoker hands are in dollars, read in tenths (blinds 0.50/1): the pot is said in dollars
    assert by_hand[("handhq-ipn.phhs", "12")].findings[0].message.startswith(
        "the main pot (14.00) is contested by seats 1, 3 but none of their hands was tabled")


def test_odd_chip_shared_out_in_halves_is_a_departure_online(shared_audit):
    """pluribus.phhs [12]: seats 3 and 6 tie for a 20,775 pot; the record gives each 10,387.5,
    where TDA 2024 20-A gives the odd chip whole to the first winner left of the button (p6 is the
    button, so seat 3). Pluribus' software splits it in halves: a site departure, as for the rake."""
    odd = {a.section: a for a in shared_audit if any(f.kind == "odd-chip" for f in a.findings)}
    assert sorted(odd, key=int) == ["12", "72", "179", "284", "370", "403", "524"]
    assert {Path(a.file).name for a in odd.values()} == {"pluribus.phhs"}
    [finding] = odd["12"].findings
    assert (odd["12"].cls, finding.cls, finding.rule) == ("departure", "departure", "SD-ODD-CHIP-LEFT-OF-BUTTON")
    assert finding.citation == "TDA 2024 Rule 20-A"
    assert "split 20,775 pot" in finding.message and "seat 3 -0.5, seat 6 +0.5" in finding.message
    assert "gives it whole to seat 3, the first winner left of the button" in finding.message
    hand = next(h for h in phh.load(DATA / "pluribus.phhs") if h.section == "12")
    award, = phh.replay_hand(hand).result.awards
    assert award.shares == {3: 10388, 6: 10387} and award.odd_chips == {3: 1}


def test_ongame_rake_is_a_departure_and_one_hand_disagrees_with_its_own_stacks(shared_audit):
    ongame = [a for a in shared_audit if a.file.endswith("handhq-ong.phhs")]
    kinds = Counter(f.kind for a in ongame for f in a.findings)
    assert kinds == {"rake": 19, "wrong-award": 1}
    [wrong] = [a for a in ongame if a.cls == "irregular"]
    # the site kept 3 in rake and took the new player's 5-chip post as dead money; the history
    # records that post as live (as pokerkit replays it too), so its stacks and actions disagree
    assert wrong.section == "2" and "seat 2 +2, seat 4 -5" in wrong.findings[0].message
    # every other difference from the recorded finishing stacks is the rake, from the winner only
    assert all(a.cls in ("clean", "departure") for a in ongame if a is not wrong)


def test_jobs_spread_hands_and_give_the_same_results(shared_audit):
    files = shared_files()
    pluribus = [f for f in files if f.endswith("pluribus.phhs")]
    spread = audit_files(pluribus, jobs=2)
    assert [a.to_json() for a in spread] == [a.to_json() for a in shared_audit if a.file in pluribus]
    assert len(spread) == 735


# ---------------------------------------------------------------------------------- crafted hands
def hand(actions: str, **fields: str):
    base = {"variant": "'NT'", "antes": "[0, 0, 0]", "blinds_or_straddles": "[1, 2, 0]", "min_bet": "2",
            "starting_stacks": "[100, 100, 100]", "actions": actions}
    base.update(fields)
    text = "\n".join(f"{k} = {v}" for k, v in base.items()) + "\n"
    return audit_hand(phh.parse_phh(text, source="crafted.phh"))


SHOWDOWN = "'d db 2c3c4h', 'p1 cc', 'p2 cc', 'd db 7d', 'p1 cc', 'p2 cc', 'd db 9s', 'p1 cc', 'p2 cc'"
CLEAN = f"['d dh p1 AsAd', 'd dh p2 KsKd', 'd dh p3 QsQd', 'p3 f', 'p1 cc', 'p2 cc', {SHOWDOWN}, " \
        "'p1 sm AsAd', 'p2 sm KsKd']"


def test_a_clean_hand_reports_clean():
    audit = hand(CLEAN, finishing_stacks="[102, 98, 100]")
    assert audit.cls == "clean" and audit.findings == []


def test_out_of_turn_is_irregular_with_ruling_and_citation():
    audit = hand("['d dh p1 AsAd', 'd dh p2 KsKd', 'd dh p3 QsQd', 'p1 cc', 'p3 f', 'p2 cc']")
    assert audit.cls == "irregular"
    [finding] = audit.findings
    assert finding.kind == "out-of-turn" and finding.action_index == 3 and finding.rule == "ACT-OOT-BACK-UP"
    assert "TDA" in finding.citation


def test_duplicate_card_is_irregular():
    audit = hand("['d dh p1 AsAd', 'd dh p2 KsKd', 'd dh p3 AsQd', 'p3 f', 'p1 cc', 'p2 cc']")
    assert audit.cls == "irregular"
    assert [(f.kind, f.rule) for f in audit.findings] == [("duplicate-card", "DECK-FOULED-BETS-RETURNED")]


SHOWDOWN_23 = SHOWDOWN.replace("p2", "p3").replace("p1", "p2")
UNDER_RAISE = f"['d dh p1 AsAd', 'd dh p2 KsKd', 'd dh p3 QsQd', 'p3 cbr 3', 'p1 f', 'p2 cc', {SHOWDOWN_23}, " \
              "'p2 sm KsKd', 'p3 sm QsQd']"


def test_illegal_raise_size_online_is_a_site_departure():
    audit = hand(UNDER_RAISE)
    assert audit.cls == "departure"
    [finding] = audit.findings
    assert (finding.kind, finding.action_index, finding.rule) == ("raise-size", 3, "ACT-MIN-RAISE-ANSWER")
    assert finding.message.startswith("a raise to 3 is below the minimum of 4")
    assert "site's software" in finding.message


def test_illegal_raise_size_in_a_live_event_is_irregular():
    audit = hand(UNDER_RAISE, event="'A live tournament, Day 1'")
    assert audit.cls == "irregular" and audit.findings[0].kind == "raise-size"
    assert "dealer allowed it" in audit.findings[0].message


def test_raise_when_betting_was_not_reopened():
    audit = hand("['d dh p1 ????', 'd dh p2 ????', 'd dh p3 AsAh', 'd dh p4 KsKh', 'p3 cc', 'p4 cbr 150', "
                 "'p1 f', 'p2 cc', 'p3 cbr 500', 'p2 f', 'd db 2c7d9h', 'd db Js', 'd db 3c', 'p3 sm AsAh', "
                 "'p4 sm KsKh']", antes="[0, 0, 0, 0]", blinds_or_straddles="[50, 100, 0, 0]", min_bet="100",
                 starting_stacks="[1000, 1000, 1000, 150]")
    assert audit.cls == "departure"
    assert [(f.kind, f.action_index, f.rule) for f in audit.findings] == \
        [("not-reopened", 8, "ACT-RAISE-NOT-REOPENED")]


def test_raise_after_the_cap():
    audit = hand("['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 cbr 20', 'p1 cbr 30', 'p2 cbr 40', "
                 "'p3 cbr 50', 'p1 f', 'p2 f']", variant="'FT'", blinds_or_straddles="[5, 10, 0]",
                 small_bet="10", big_bet="20", starting_stacks="[1000, 1000, 1000]", min_bet="10")
    assert audit.cls == "departure"
    assert [(f.kind, f.action_index, f.rule) for f in audit.findings] == [("cap", 6, "ACT-CAP-REACHED")]


def test_rake_is_a_departure_and_a_wrong_award_is_irregular():
    raked = hand(CLEAN, finishing_stacks="[101, 98, 100]")
    assert raked.cls == "departure" and raked.findings[0].kind == "rake"
    assert "took 1 in rake" in raked.findings[0].message
    wrong = hand(CLEAN, finishing_stacks="[98, 102, 100]")     # the pot pushed to the loser
    assert wrong.cls == "irregular"
    assert [(f.kind, f.rule) for f in wrong.findings] == [("wrong-award", "SD-AWARD-ERROR-CORRECTED")]


NO_SHOW = f"['d dh p1 AsAd', 'd dh p2 KsKd', 'd dh p3 QsQd', 'p3 f', 'p1 cc', 'p2 cc', {SHOWDOWN}]"


def test_a_hand_awarded_without_a_showdown_is_irregular():
    audit = hand(NO_SHOW, finishing_stacks="[102, 98, 100]")
    assert audit.cls == "irregular"
    assert [(f.kind, f.rule) for f in audit.findings] == [("no-showdown", "SD-TABLE-ALL-CARDS")]


def test_a_history_that_stops_is_incomplete():
    assert hand(NO_SHOW).findings[0].kind == "stops-before-showdown"
    stops = hand("['d dh p1 AsAd', 'd dh p2 KsKd', 'd dh p3 QsQd', 'p3 f', 'p1 cc', 'p2 cc', 'd db 2c3c4h', "
                 "'p1 cc']")
    assert stops.cls == "incomplete"
    [finding] = stops.findings
    assert finding.kind == "stops-mid-hand" and "seat 2 is to act" in finding.message


ODD_CHIP = "['d dh p1 7s8s', 'd dh p2 2c3d', 'd dh p3 2d3c', 'p3 cbr 4', 'p1 f', 'p2 cc', 'd db AhKdQc', 'p2 cc', " \
           "'p3 cc', 'd db Js', 'p2 cc', 'p3 cc', 'd db Th', 'p2 cc', 'p3 cc', 'p2 sm 2c3d', 'p3 sm 2d3c']"


def test_an_odd_chip_cut_in_halves_is_a_departure_online_and_irregular_live():
    """Seats 2 and 3 both play the board's straight for a pot of 9 (seat 1's small blind is dead);
    the TDA gives the odd chip to seat 2, the first winner left of the button (seat 3)."""
    right = hand(ODD_CHIP, finishing_stacks="[99, 101, 100]")
    assert right.cls == "clean"
    online = hand(ODD_CHIP, finishing_stacks="[99, 100.5, 100.5]")
    assert online.cls == "departure"
    [finding] = online.findings
    assert (finding.kind, finding.rule) == ("odd-chip", "SD-ODD-CHIP-LEFT-OF-BUTTON")
    assert "split 9 pot" in finding.message and "gives it whole to seat 2" in finding.message
    live = hand(ODD_CHIP, finishing_stacks="[99, 100.5, 100.5]", event="'A live tournament, Day 1'")
    assert live.cls == "irregular" and live.findings[0].message.startswith("the dealer shared the odd chip")
    # the chip given whole, but to the wrong winner, is a wrong award
    assert hand(ODD_CHIP, finishing_stacks="[99, 100, 101]").findings[0].kind == "wrong-award"


@pytest.mark.parametrize("stacks", ["[99]", "[99, 101, 100, 0]", "['x', 101, 100]", "[99, 101, inf]", "99"])
def test_finishing_stacks_that_cannot_be_compared_are_a_finding_not_clean(stacks):
    """N26 (reliability audit 3): one finishing stack for three players was ignored: clean."""
    audit = hand(ODD_CHIP, finishing_stacks=stacks)
    assert audit.cls == "incomplete"
    [finding] = audit.findings
    assert finding.kind == "bad-finishing-stacks" and "expected 3 amounts, one per player" in finding.message


def test_hands_shown_as_unknown_are_incomplete():
    audit = hand(f"['d dh p1 ????', 'd dh p2 ????', 'd dh p3 QsQd', 'p3 f', 'p1 cc', 'p2 cc', {SHOWDOWN}, "
                 "'p1 sm ????', 'p2 sm ????']")
    assert audit.cls == "incomplete" and audit.findings[0].kind == "cards-unknown"


# ---------------------------------------------------------------------------------- the command
def _write(tmp_path: Path, name: str, actions: str, **extra: str) -> Path:
    fields = {"variant": "'NT'", "antes": "[0, 0, 0]", "blinds_or_straddles": "[1, 2, 0]", "min_bet": "2",
              "starting_stacks": "[100, 100, 100]", "actions": actions, **extra}
    path = tmp_path / name
    path.write_text("\n".join(f"{k} = {v}" for k, v in fields.items()) + "\n")
    return path


def test_audit_command_json_one_result_per_hand(tmp_path):
    clean = _write(tmp_path, "clean.phh", CLEAN)
    raked = _write(tmp_path, "raked.phh", CLEAN, finishing_stacks="[101, 98, 100]")
    result = runner.invoke(app, ["audit", str(clean), str(raked), "--json"])
    assert result.exit_code == 0, result.output
    results = json.loads(result.stdout)
    assert [(Path(r["file"]).name, r["class"]) for r in results] == [("clean.phh", "clean"),
                                                                     ("raked.phh", "departure")]
    assert results[1]["findings"][0]["kind"] == "rake" and results[0]["profile"] == "tda-2026"


def test_audit_command_table_and_exit_1_on_an_irregular_hand(tmp_path):
    bad = _write(tmp_path, "oot.phh", "['d dh p1 AsAd', 'd dh p2 KsKd', 'd dh p3 QsQd', 'p1 cc', 'p3 f']")
    result = runner.invoke(app, ["audit", str(bad)], terminal_width=160)
    assert result.exit_code == 1
    assert "oot.phh" in result.output and "irregular" in result.output
    assert "out-of-turn at actions[3] 'p1 cc'" in result.output and "ACT-OOT-BACK-UP" in result.output


def test_file_names_that_look_like_markup_are_shown_as_named(tmp_path):
    """A folder or file named like rich markup ("[bold]x", a "[" folder with "]x.phh" in it) is
    text in the audit's table and its lines: never styled away, never a markup error."""
    (tmp_path / "[").mkdir()
    clean = tmp_path / "[" / "]x.phh"
    clean.write_text((ROOT / "floorman" / "data" / "dwan-ivey-2009.phh").read_text(encoding="utf-8"), encoding="utf-8")
    styled = tmp_path / "[bold]x"
    styled.mkdir()
    result = runner.invoke(app, ["audit", str(tmp_path / "[/]x.phh"), str(styled)], terminal_width=160)
    assert result.exit_code == 3, result.output           # the empty folder is unreadable
    assert "Traceback" not in result.output and "│ ]x.phh" in result.output
    assert "│ [bold]x" in result.output


def test_audit_command_missing_input_is_unreadable_and_a_usage_error_exits_2(tmp_path):
    clean = _write(tmp_path, "clean.phh", CLEAN)
    result = runner.invoke(app, ["audit", str(tmp_path / "missing.phhs"), str(clean), "--jsonl"])
    assert result.exit_code == 3 and "Traceback" not in result.output
    missing, audited, last = map(json.loads, result.stdout.splitlines())
    assert (missing["class"], missing["findings"][0]["message"]) == ("unreadable", "no such file")
    assert audited["class"] == "clean" and last["summary"]["unreadable"] == 1
    for usage in (["--profile", "nope"], ["--json", "--jsonl"], ["--jobs", "0"]):
        result = runner.invoke(app, ["audit", str(clean), *usage])
        assert result.exit_code == 2, usage
    assert "no profile 'nope'" in runner.invoke(app, ["audit", str(clean), "--profile", "nope"]).output
    assert runner.invoke(app, ["audit"]).exit_code == 2


def test_audit_in_a_terminal_shows_a_progress_bar_and_the_summary(tmp_path):
    """As a user runs it: a pseudo-terminal, the 1,055 hands spread over two processes."""
    import sys

    import pexpect

    files = shared_files()
    floorman = ROOT / ".venv" / "bin" / "floorman"
    if not floorman.exists():
        floorman = Path(sys.executable).with_name("floorman")
    environment = dict(os.environ, TERM="xterm", FLOORMAN_JOURNAL=str(tmp_path / "j.sqlite3"))
    environment.pop("NO_COLOR", None)
    child = pexpect.spawn(str(floorman), ["audit", *files, "--jobs", "2"], env=environment,
                          dimensions=(50, 140), encoding="utf-8", timeout=120)
    child.expect(pexpect.EOF)
    child.close()
    import re

    screen = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", child.before)    # without the escape codes
    assert child.exitstatus == 1            # wsop-2019-42[1] and handhq-ong[2] are irregular
    assert "auditing" in screen and "━" in screen
    total = next(line for line in screen.splitlines() if "total" in line and "│" in line)
    assert [cell.strip() for cell in total.split("│")[2:7]] == ["2", "0", "3", "26", "1,024"]
    assert "out-of-turn at actions[13] 'p1 cc'" in screen


# ---------------------------------------------------------------------------------- bad input keeps going
HEADER = ("variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
          "starting_stacks = [100, 100]\n")


def bad_files(folder: Path) -> list[str]:
    """Five files that cannot be read, one problem each."""
    folder.mkdir()
    good = (DATA / "handhq-abs.phhs").read_bytes() if DATA.is_dir() else b""
    files = {
        "empty.phh": b"",
        "truncated.phhs": good[:3000],                   # three whole hands, the fourth cut mid-line
        "binary.phhs": bytes(range(256)) * 8,
        "bad-seat.phh": (HEADER + "actions = ['d dh p1 AsAd', 'd dh p9 KsKd']\n").encode(),
        "unknown-variant.phh": HEADER.replace("'NT'", "'XX'").encode() + b"actions = []\n",
    }
    for name, content in files.items():
        (folder / name).write_bytes(content)
    return [str(folder / name) for name in files]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_the_shared_hands_and_five_bad_files_in_either_order(tmp_path, jobs):
    """Every good hand is audited and each bad file is one `unreadable` result with its line and
    reason, before or after the good files, with or without --jobs; exit 1 (two shared hands are
    irregular, which outranks 3)."""
    shared, bad = shared_files(), bad_files(tmp_path / "bad")
    runs = {}
    for order, inputs in {"bad last": shared + bad, "bad first": list(reversed(shared + bad))}.items():
        result = runner.invoke(app, ["audit", *inputs, "--json", "--jobs", jobs])
        assert result.exit_code == 1, result.output
        runs[order] = results = json.loads(result.stdout)
        unreadable = {Path(r["file"]).name: r for r in results if r["class"] == "unreadable"}
        assert sorted(unreadable) == ["bad-seat.phh", "binary.phhs", "empty.phh", "truncated.phhs",
                                      "unknown-variant.phh"]
        reasons = {name: (r["line"], r["findings"][0]["message"]) for name, r in unreadable.items()}
        assert reasons["empty.phh"] == (1, "the file is empty")
        assert reasons["binary.phhs"][1].startswith("not a text file")
        assert reasons["bad-seat.phh"] == (6, "actions[1]: 'd dh p9 KsKd': there is no player p9 (the hand has "
                                              "2 players)")
        assert reasons["unknown-variant.phh"][0] == 1 and "'XX' is not a game floorman plays" in \
            reasons["unknown-variant.phh"][1]
        assert unreadable["truncated.phhs"]["section"] == "4" and reasons["truncated.phhs"][0] == 83
        # the truncated file's three whole hands are still audited, as is every shared hand
        good = [r for r in results if r["class"] != "unreadable"]
        assert Counter(Path(r["file"]).name for r in good)["truncated.phhs"] == 3
        assert len(good) == 1055 + 3
    key = lambda r: (r["file"], r["line"])    # noqa: E731
    assert sorted(runs["bad last"], key=key) == sorted(runs["bad first"], key=key)


def test_unreadable_input_alone_exits_3_and_the_summary_counts_it(tmp_path):
    bad = bad_files(tmp_path / "bad")
    clean = _write(tmp_path, "clean.phh", CLEAN)
    result = runner.invoke(app, ["audit", str(clean), *bad], terminal_width=160)
    assert result.exit_code == 3
    total = next(line for line in result.output.splitlines() if line.startswith("│ total"))
    assert [cell.strip() for cell in total.split("│")[2:7]] == ["0", "5", "0", "0", "4"]
    assert "bad-seat.phh line 6 unreadable" in result.output


def test_one_bad_hand_does_not_reject_its_file(tmp_path):
    text = (DATA / "wsop-2023-54.phhs").read_text() if DATA.is_dir() else ""
    sections = text.split("\n[")
    # [3] loses a bracket, [6] names a player who is not there, [8] appears twice
    sections[2] = sections[2].replace("actions = [", "actions = ", 1)
    sections[5] = sections[5].replace("'p1 ", "'p9 ", 1)
    path = tmp_path / "poisoned.phhs"
    path.write_text("\n[".join(sections + [sections[7]]))
    results = audit_files([str(path)])
    assert [(a.section, a.cls) for a in results if a.cls == "unreadable"] == [("3", "unreadable"),
                                                                              ("6", "unreadable"),
                                                                              ("8", "unreadable")]
    assert [a.section for a in results] == [str(n) for n in range(1, 11)] + ["8"]
    assert "appears twice (first at line" in results[-1].findings[0].message
    lines = path.read_text().splitlines()
    assert lines[results[2].line - 1].startswith("actions = ") and "p9" in lines[results[5].line - 1]


def test_nested_arrays_thousands_deep_are_unreadable_not_an_internal_error(tmp_path):
    """N12 (reliability audit 3): tomllib's recursion ended the audit with RecursionError."""
    deep = _write(tmp_path, "deep.phh", CLEAN, _extra="[" * 3000 + "]" * 3000)
    clean = _write(tmp_path, "clean.phh", CLEAN)
    for jobs in ("1", "2"):
        result = runner.invoke(app, ["audit", str(deep), str(clean), "--jsonl", "--jobs", jobs])
        assert result.exit_code == 3 and "internal error" not in result.output
        first, second, summary_line = map(json.loads, result.stdout.splitlines())
        assert first["class"] == "unreadable" and first["line"] == 7
        assert "nested more than 100 deep" in first["findings"][0]["message"]
        assert second["class"] == "clean" and summary_line["summary"]["clean"] == 1


# ---------------------------------------------------------------------------------- streaming
def test_inputs_can_be_folders_files_and_globs(tmp_path):
    folder = tmp_path / "hands" / "day1"
    folder.mkdir(parents=True)
    _write(folder, "a.phh", CLEAN)
    _write(folder.parent, "b.phh", CLEAN, finishing_stacks="[101, 98, 100]")
    (folder / "notes.txt").write_text("not a hand history: not searched")
    # a folder in path order (hands/b.phh before hands/day1/a.phh), then a file, then a glob
    single = _write(tmp_path, "c.phh", CLEAN)
    result = runner.invoke(app, ["audit", str(tmp_path / "hands"), str(single), str(tmp_path / "**" / "b.ph?"),
                                 str(tmp_path / "nothing-*.phhs"), "--jsonl"])
    assert result.exit_code == 3, result.output
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert [(Path(r["file"]).name, r["class"]) for r in lines[:-1]] == [
        ("b.phh", "departure"), ("a.phh", "clean"), ("c.phh", "clean"), ("b.phh", "departure"),
        ("nothing-*.phhs", "unreadable")]
    assert lines[-1]["summary"] == {"irregular": 0, "unreadable": 1, "incomplete": 0, "departure": 2, "clean": 2}


@pytest.mark.parametrize("jobs", [1, 2])
def test_results_stream_while_later_input_is_still_unread(jobs):
    """The first results come before the input is read to the end, and no more than a few pieces
    per process are read ahead: memory stays flat however many hands follow."""
    from floorman.audit import audit_pieces
    from floorman.audit.reading import Piece
    from floorman.audit.run import IN_FLIGHT_PER_PROCESS, TASK_BYTES

    text = (DATA / "pluribus.phhs").read_bytes() if DATA.is_dir() else b""
    one = text[:text.index(b"\n[2]") + 1]
    read = []

    def endless():
        for n in range(10 ** 9):
            read.append(n)
            yield Piece(f"stream-{n}.phhs", 1, one)

    # --jobs N: N x 4 tasks ahead, each task small files together up to TASK_BYTES
    ahead = 1 if jobs == 1 else jobs * IN_FLIGHT_PER_PROCESS * (TASK_BYTES // len(one) + 1)
    results = audit_pieces(endless(), jobs=jobs)
    first = next(results)
    assert first.cls == "clean" and first.file == "stream-0.phhs"
    assert len(read) <= ahead
    for _ in range(500):
        next(results)
    assert len(read) <= 501 + ahead
    results.close()


def test_a_hand_floorman_itself_fails_on_is_unreadable_and_the_run_goes_on(monkeypatch):
    from floorman.audit import run

    real = run.audit_hand

    def failing(hand, line=None):
        if hand.section == "2":
            raise RuntimeError("a bug, not the file's fault")
        return real(hand, line)

    monkeypatch.setattr(run, "audit_hand", failing)
    results = audit_files([str(DATA / "historical.phhs")] if DATA.is_dir() else shared_files())
    assert [a.cls for a in results] == ["clean", "unreadable", "clean"]
    assert results[1].findings[0].message == ("internal error: RuntimeError: a bug, not the file's fault (please "
                                              "report it with the hand)")


def test_many_small_files_go_together_in_a_task_and_keep_their_order(tmp_path):
    from floorman.audit.reading import batches, pieces
    from floorman.audit.run import TASK_BYTES

    for n in range(60):
        raked = n % 7 == 0
        _write(tmp_path, f"hand-{n:02d}.phh", CLEAN, finishing_stacks="[101, 98, 100]" if raked else "[102, 98, 100]")
    tasks = list(batches(pieces([str(tmp_path)]), TASK_BYTES))
    assert 1 < len(tasks) < 60 and sum(len(task) for task in tasks) == 60
    one, two = (audit_files([str(tmp_path)], jobs=jobs) for jobs in (1, 2))
    assert [a.to_json() for a in one] == [a.to_json() for a in two]
    assert [Path(a.file).name for a in two] == [f"hand-{n:02d}.phh" for n in range(60)]
    assert [a.cls for a in two].count("departure") == 9
