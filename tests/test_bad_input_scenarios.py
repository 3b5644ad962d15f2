"""Bad input: scenario files, house files and the Python API never give a traceback or hang.

Every case asserts the exit code (or the exception type), that no traceback and no
"internal error" appears, and that the message names the file, line and field where they
exist. The cases follow the reliability audit's appendix (their ids are kept: 03-binary,
16-utf16, 23-wrongtype-events, 61-key-is-list, 09b alias bomb in expect.pots ...). Most run
in-process through the CLI; a few run a real `floorman` subprocess.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import CliRunner

from floorman.cli.app import app
from floorman.errors import FloormanError

ROOT = Path(__file__).resolve().parents[1]
SILENT_CHIP = str(ROOT / "scenarios" / "betting" / "ymtc-1-silent-big-chip.yaml")
runner = CliRunner(env={"COLUMNS": "120", "NO_COLOR": "1"})

GOOD = """\
title: test
table:
  button: 3
  forced_bets: {small_blind: 5, big_blind: 10}
  seats:
    - {number: 1, stack: 1000}
    - {number: 2, stack: 1000}
    - {number: 3, stack: 1000}
events:
  - {type: post, seat: 1, kind: small-blind, amount: 5}
  - {type: post, seat: 2, kind: big-blind, amount: 10}
incidents:
  - {type: wager, seat: 3, chips: [100]}
expect: {rule: BET-OVERSIZED-CHIP-CALL, decision: call, params: {call_amount: 10, change: 90}}
"""
INCIDENT = "  - {type: wager, seat: 3, chips: [100]}\n"
BIG_BLIND = "  - {type: post, seat: 2, kind: big-blind, amount: 10}\n"
CHECKED_DOWN = "".join(f"  - {row}\n" for row in (
    "{type: deal, seat: 1, cards: AsAd}", "{type: deal, seat: 2, cards: KsKd}", "{type: deal, seat: 3, cards: 7c2h}",
    "{type: action, seat: 3, action: fold}", "{type: action, seat: 1, action: call}",
    "{type: action, seat: 2, action: check}", "{type: board, cards: [Qc, 9h, 4d]}",
    "{type: action, seat: 1, action: check}", "{type: action, seat: 2, action: check}", "{type: board, cards: [3s]}",
    "{type: action, seat: 1, action: check}", "{type: action, seat: 2, action: check}", "{type: board, cards: [8c]}",
    "{type: action, seat: 1, action: check}", "{type: action, seat: 2, action: check}"))
EXPECT = "expect: {rule: BET-OVERSIZED-CHIP-CALL, decision: call, params: {call_amount: 10, change: 90}}\n"


def sub(old: str, new: str, text: str = GOOD) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


def bomb(name: str, indent: str) -> str:
    """Nine levels of ten aliases each: 10**9 leaves once expanded."""
    rows = [f"{indent}{name}0: &{name}0 [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]"]
    rows += [f"{indent}{name}{i}: &{name}{i} [{', '.join([f'*{name}{i - 1}'] * 10)}]" for i in range(1, 9)]
    return "\n".join(rows) + "\n"


def deep(depth: int, opener: str = "[", closer: str = "]") -> str:
    if opener == "{":
        return "{a: " * depth + "1" + "}" * depth
    return opener * depth + closer * depth


@dataclass
class Case:
    id: str
    data: str | bytes
    message: str                       # a fragment of the message
    line: int | str | None = None      # a line number, or a fragment that appears on that line
    field: str | None = None
    commands: tuple[str, ...] = ("rule", "check")

    def expected_line(self) -> int | None:
        if self.line is None or isinstance(self.line, int):
            return self.line
        text = self.data if isinstance(self.data, str) else self.data.decode("utf-8", "replace")
        return next(n for n, row in enumerate(text.splitlines(), 1) if self.line in row)


# ----------------------------------------------------------------------------- the corpus

BINARY = bytes(range(256)) * 4
CASES = [
    # encodings
    Case("03-binary", BINARY, "not UTF-8 text", BINARY[:0x80].count(b"\n") + 1),
    Case("03b-png", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "not UTF-8 text: byte 0x89", 1),
    Case("16-utf16", GOOD.encode("utf-16"), "not UTF-8 text: it is UTF-16", 1),
    Case("16b-utf16-be", b"\xfe\xff" + GOOD.encode("utf-16-be"), "it is UTF-16", 1),
    Case("16c-utf32", GOOD.encode("utf-32"), "it is UTF-32", 1),
    Case("64-invalid-utf8-tail", GOOD.encode() + b"# a note \xff\xfe\n", "not UTF-8 text: byte 0xff",
         GOOD.count("\n") + 1),
    Case("64b-latin1-title", sub("title: test", "title: caf\u00e9").encode("latin-1"), "not UTF-8 text: byte 0xe9", 1),
    Case("19-nul-bytes", sub("title: test", "title: te\x00st"), "is not allowed", 1),
    # YAML structure
    Case("01-empty", "", "a scenario file is a mapping", 1),
    Case("01b-comment-only", "# nothing here\n", "a scenario file is a mapping", 1),
    Case("01c-a-list", "- a\n- b\n", "a scenario file is a mapping", 1),
    Case("01d-a-scalar", "just some text\n", "a scenario file is a mapping", 1),
    Case("02-yaml-syntax", sub("  seats:\n", "  seats: [\n"), "not valid YAML", "{number: 1"),
    Case("04-deep-list", "title: x\ntable: " + deep(5000) + "\n", "not valid YAML", 2),
    Case("05-deep-map", "title: x\nnotes: " + deep(5000, "{") + "\n", "not valid YAML", 2),
    Case("06-deep-in-events", sub("events:\n", "events:\n  - " + deep(5000) + "\n"), "not valid YAML", "- [[["),
    Case("06b-deep-950", "title: x\nnotes: " + deep(950) + "\n", "nested more than 100 levels deep", 2, "notes[0]"),
    Case("06c-deep-150-map", "title: x\nnotes: " + deep(150, "{") + "\n", "nested more than 100 levels deep", 2),
    Case("07-alias-bomb", "title: x\n" + bomb("a", ""), "aliases expand to more than 10,000 nodes", "a7:", "a7"),
    Case("09-alias-bomb-in-params", sub(EXPECT, "expect:\n  params:\n" + bomb("p", "    ")),
         "aliases expand to more than 10,000 nodes", "p7:", "expect.params.p7"),
    Case("09b-alias-bomb-in-expect-pots", sub(EXPECT, "expect:\n  pots:\n    - amount: 1\n" + bomb("x", "      ")),
         "aliases expand to more than 10,000 nodes", "x7:", "expect.pots[0].x7"),
    Case("63-anchor-self", "title: &t [1, *t]\n", "an alias refers to the node that holds it", 1, "title[1]"),
    Case("63b-undefined-alias", sub("title: test", "title: *nothing"), "not valid YAML", 1),
    Case("18-python-tag", sub("title: test", "title: !!python/object/apply:os.system ['echo hi']"),
         "not valid YAML", 1),
    Case("49-multi-doc", GOOD + "---\ntitle: again\n", "not valid YAML", "---"),
    Case("54-merge-key", sub("  button: 3\n", "  button: 3\n  <<: {button: 2}\n"), "not valid YAML", "<<:"),
    Case("61-key-is-list", sub("title: test\n", "title: test\n? [a, b]\n: 1\n"), "a key must be a name or a number, "
         "not a list", "? [a, b]"),
    Case("61b-key-is-mapping", sub("title: test\n", "title: test\n? {a: 1}\n: 1\n"), "not a mapping", "? {a: 1}"),
    Case("61c-key-is-list-in-table", sub("  button: 3\n", "  button: 3\n  [1, 2]: x\n"), "not a list", "[1, 2]: x"),
    Case("65-tab-indent", sub("  button: 3", "\tbutton: 3"), "not valid YAML", "button: 3"),
    Case("65b-duplicate-key", sub("title: test", "title: test\ntitle: again"), "duplicate key", "title: again"),
    # wrong types at the top level
    Case("23-wrongtype-title", sub("title: test", "title: [1, 2]"), "", 1, "title"),
    Case("23-wrongtype-question", sub("title: test", "title: test\nquestion: {a: 1}"), "", "question:", "question"),
    Case("23-wrongtype-source", sub("title: test", "title: test\nsource: 5"), "", "source:", "source"),
    Case("23-wrongtype-notes", sub("title: test", "title: test\nnotes: [x]"), "", "notes:", "notes"),
    Case("23-wrongtype-profile", sub("title: test", "title: test\nprofile: 7"), "", "profile:", "profile"),
    Case("23-wrongtype-tags", sub("title: test", "title: test\ntags: just-a-string"), "", "tags:", "tags"),
    Case("23-wrongtype-house", sub("title: test", "title: test\nhouse: [a]"), "", "house:", "house"),
    Case("23-wrongtype-table", sub(GOOD[GOOD.index("table:"):GOOD.index("events:")], 'table: "a table"\n'),
         "", "table:", "table"),
    Case("23-wrongtype-events", sub(GOOD[GOOD.index("events:"):GOOD.index("incidents:")], "events: 5\n"),
         "events is a list", "events:", "events"),
    Case("23-wrongtype-incidents", sub("incidents:\n" + INCIDENT, "incidents: 5\n"), "incidents is a list",
         "incidents:", "incidents"),
    Case("23-wrongtype-expect", sub(EXPECT, "expect: 5\n"), "expect is a mapping", "expect:", "expect"),
    Case("24-events-mapping", sub(GOOD[GOOD.index("events:"):GOOD.index("incidents:")],
                                  "events:\n  first: {type: burn}\n"), "events is a list", "events:", "events"),
    Case("25-incidents-string", sub("incidents:\n" + INCIDENT, "incidents: a wager\n"), "incidents is a list",
         "incidents:", "incidents"),
    Case("25b-event-is-a-number", sub("  - {type: post, seat: 1, kind: small-blind, amount: 5}\n", "  - 5\n"),
         "", "  - 5", "events[0]"),
    Case("25c-incident-is-a-number", sub(INCIDENT, "  - 5\n"), "unknown incident type", "  - 5", "incidents[0]"),
    Case("25d-incident-without-type", sub(INCIDENT, "  - {seat: 3, chips: [100]}\n"), "unknown incident type None",
         "seat: 3, chips", "incidents[0].type"),
    Case("25e-expect-list-too-long", sub(EXPECT, "expect:\n  - {rule: A}\n  - {rule: B}\n"),
         "2 given for 1 incident", "expect:", "expect"),
    Case("25f-expect-entry-not-mapping", sub(EXPECT, "expect:\n  - BET-OVERSIZED-CHIP-CALL\n"),
         "each expect is a mapping", "- BET-OVERSIZED", "expect[0]"),
    # names that do not exist, with a "did you mean"
    Case("48-unknown-section", GOOD + "expects: {}\n", "did you mean 'expect'", "expects:", "expects"),
    Case("48b-unknown-event-field", sub("kind: big-blind, amount: 10", "kind: big-blind, amont: 10"),
         "did you mean 'amount'", "amont", "events[1].amont"),
    Case("48c-unknown-seat-field", sub("{number: 2, stack: 1000}", "{number: 2, stak: 1000}"),
         "did you mean 'stack'", "stak", "table.seats[1].stak"),
    Case("48d-unknown-incident-field", sub("chips: [100]}", "chipz: [100]}"), "did you mean 'chips'", "chipz",
         "incidents[0].chipz"),
    Case("48e-unknown-expect-field", sub("expect: {rule:", "expect: {rules:"), "did you mean 'rule'", "expect:",
         "expect.rules"),
    Case("48f-unknown-pot-field", sub(EXPECT, "expect:\n  no_ruling: true\n  pots: [{amont: 10}]\n"),
         "did you mean 'amount'", "amont", "expect.pots[0].amont"),
    Case("48g-several-problems", sub("{number: 1, stack: 1000}", "{number: 1, stack: lots, colour: red}"),
         "; also table.seats[0].stack (line 6)", "colour", "table.seats[0].colour"),
    Case("26-incident-unknown-type", sub("type: wager", "type: wagr"), "did you mean 'wager'", "wagr",
         "incidents[0].type"),
    Case("26b-event-unknown-type", sub("{type: post, seat: 1,", "{type: pots, seat: 1,"),
         "unknown type 'pots'; did you mean 'post'?", "type: pots", "events[0].type"),
    # values the table or the hand cannot hold
    Case("12-stack-negative", sub("{number: 1, stack: 1000}", "{number: 1, stack: -5}"), "", "stack: -5",
         "table.seats[0].stack"),
    Case("13-stack-nan", sub("{number: 1, stack: 1000}", "{number: 1, stack: .nan}"), "", ".nan",
         "table.seats[0].stack"),
    Case("14-stack-inf", sub("{number: 1, stack: 1000}", "{number: 1, stack: .inf}"), "", ".inf",
         "table.seats[0].stack"),
    Case("15-stack-float", sub("{number: 1, stack: 1000}", "{number: 1, stack: 10.5}"), "", "10.5",
         "table.seats[0].stack"),
    Case("52-bool-as-int", sub("{number: 1, stack: 1000}", "{number: 1, stack: true}"), "", "stack: true",
         "table.seats[0].stack"),
    Case("53-int-as-string", sub("{number: 1, stack: 1000}", '{number: 1, stack: "1000"}'), "", '"1000"',
         "table.seats[0].stack"),
    Case("10-stack-huge", sub("{number: 1, stack: 1000}", "{number: 1, stack: " + str(10**100) + "}"), "",
         "number: 1", "table.seats[0].stack"),
    Case("11-stack-2p53", sub("{number: 3, stack: 1000}", "{number: 3, stack: " + str(2**53) + "}"), "",
         "number: 3", "table.seats[2].stack"),
    Case("50-huge-amount-said", sub("chips: [100]}", "chips: [100], declared: amount-only, amount_said: "
                                    + str(10**30) + "}"), "", "amount_said", "incidents[0].amount_said"),
    Case("51-huge-chip", sub("chips: [100]}", "chips: [" + str(10**20) + "]}"), "", "type: wager",
         "incidents[0].chips[0]"),
    Case("27-incident-unknown-seat", sub("{type: wager, seat: 3,", "{type: wager, seat: 7,"),
         "seat 7 is not at this table", "type: wager", "incidents[0].seat"),
    Case("28-event-unknown-seat", sub("{type: post, seat: 2,", "{type: post, seat: 7,"),
         "seat 7 is not at this table", "seat: 7", "events[1].seat"),
    Case("29-seat-duplicated", sub("{number: 2, stack: 1000}", "{number: 1, stack: 1000}"), "", None, "table"),
    Case("31-seat-zero", sub("{number: 1, stack: 1000}", "{number: 0, stack: 1000}"), "", "number: 0",
         "table.seats[0].number"),
    Case("36-bad-card", sub("events:\n", "events:\n  - {type: deal, seat: 1, cards: [Zz, 2c]}\n"), "", "Zz",
         "events[0].cards"),
    Case("35-26-hole-cards", sub("events:\n", "events:\n  - {type: deal, seat: 1, cards: [" + ", ".join(
        r + s for s in "cd" for r in "23456789TJQKA") + "]}\n"), "26 hole cards", "type: deal", "events[0].cards"),
    Case("32-dup-card-hands", sub("events:\n", "events:\n  - {type: deal, seat: 1, cards: [As, Kd]}\n"
                                  "  - {type: deal, seat: 2, cards: [As, Qd]}\n"), "dealt twice", "Qd", "events[1].cards"),
    Case("38-bet-over-stack", sub(BIG_BLIND, BIG_BLIND + "  - {type: action, seat: 3, action: raise, amount: 5000}\n"),
         "table stakes", "amount: 5000", "events[2].amount"),
    Case("39-wager-over-stack", sub("chips: [100]}", "chips: [5000]}"), "table stakes", "type: wager",
         "incidents[0].chips"),
    Case("40-fractional-chips", sub("chips: [100]}", "chips: [2.5]}"), "", "type: wager", "incidents[0].chips[0]"),
    Case("41-fractional-amount", sub("kind: big-blind, amount: 10", "kind: big-blind, amount: 10.5"), "", "10.5",
         "events[1].amount"),
    Case("43-negative-blinds", sub("big_blind: 10}", "big_blind: -10}"), "", "big_blind: -10",
         "table.forced_bets.big_blind"),
    Case("44-negative-chip", sub("chips: [100]}", "chips: [-100]}"), "", "type: wager", "incidents[0].chips[0]"),
    Case("45-post-over-stack", sub("kind: big-blind, amount: 10", "kind: big-blind, amount: 5000"), "",
         "amount: 5000", "events[1].amount"),
    Case("46-blind-not-matching-structure", sub("kind: big-blind, amount: 10", "kind: big-blind, amount: 7"),
         "big blind is 10", "amount: 7", "events[1].amount"),
    Case("42-denominations-cannot-make", sub("  button: 3\n", "  button: 3\n  chip_denominations: [5, 25, 100]\n")
         .replace("chips: [100]}", "chips: [30, 7]}"), "no 30 chip", "type: wager", "incidents[0].chips[0]"),
    Case("67-hand-over-show-wager", sub(INCIDENT, "  - {type: wager, seat: 1, chips: [100]}\n",
                                        sub(BIG_BLIND, BIG_BLIND + CHECKED_DOWN)), "the betting is over",
         "type: wager", "incidents[0]"),
    Case("57-seat-count-small", sub("  button: 3\n", "  button: 3\n  seat_count: 2\n"), "", None, "table"),
    Case("58-action-by-sitting-out", sub("{number: 3, stack: 1000}", "{number: 3, stack: 1000, sitting_out: true}"),
         "", "type: wager", "incidents[0].seat"),
    Case("59-zero-denomination", sub("  button: 3\n", "  button: 3\n  chip_denominations: [0, 5]\n"), "",
         "chip_denominations", "table.chip_denominations[0]"),
    Case("60-fold-then-wager", sub(BIG_BLIND, BIG_BLIND + "  - {type: action, seat: 3, action: fold}\n"), "",
         "type: wager", "incidents[0].seat"),
    Case("62-numeric-keys", sub("  button: 3\n", "  button: 3\n  7: seven\n"), "", "7: seven", "table[7]"),
    Case("47-unknown-profile", sub("title: test", "title: test\nprofile: nope"), "unknown profile 'nope'",
         "profile: nope", "profile"),
    Case("47b-expect-rule-unknown", sub("rule: BET-OVERSIZED-CHIP-CALL,", "rule: BET-OVERSIZED-CHIP-CAL,"),
         "did you mean 'BET-OVERSIZED-CHIP-CALL'", "expect:", "expect.rule", ("check",)),
    Case("47c-params-value-a-list", sub("change: 90}", "change: [90]}"), "a param is a whole number", "expect:",
         "expect.params.change"),
    Case("47d-pot-amount-text", sub(EXPECT, "expect:\n  no_ruling: true\n  pots: [{amount: lots}]\n"), "",
         "amount: lots", "expect.pots[0].amount"),
    Case("47e-hands-seat-text", sub(EXPECT, "expect:\n  no_ruling: true\n  hands: {one: pair}\n"), "",
         "hands:", "expect.hands.one"),
    # size bounds
    Case("55-10001-events", sub(GOOD[GOOD.index("events:"):GOOD.index("incidents:")],
                                "events:\n" + "  - {type: burn}\n" * 10_001), "10,001 events: a scenario holds at "
         "most 10,000", "events:", "events"),
    Case("56-2000-incidents", sub("incidents:\n" + INCIDENT, "incidents:\n" + INCIDENT * 2000),
         "2,000 incidents: a scenario holds at most 200", "incidents:", "incidents"),
    Case("56b-201-incidents", sub("incidents:\n" + INCIDENT, "incidents:\n" + INCIDENT * 201),
         "at most 200", "incidents:", "incidents"),
    Case("66b-1001-params", sub(EXPECT, "expect:\n  params: {" + ", ".join(f"k{i}: {i}" for i in range(1001)) + "}\n"),
         "at most 1000 items", "params:", "expect.params"),
]


def _write(tmp_path: Path, case: Case) -> Path:
    path = tmp_path / f"{case.id}.yaml"
    if isinstance(case.data, bytes):
        path.write_bytes(case.data)
    else:
        path.write_text(case.data, encoding="utf-8")
    return path


def assert_located(message: str, path: Path, case: Case) -> None:
    """The message names the file, then the line and the field where they exist (a case that
    pins no line accepts any)."""
    line = case.expected_line()
    pattern = re.escape(str(path)) + (f":{line}" if line is not None else r"(:\d+)?") + ": "
    pattern += re.escape(case.field + ":") if case.field else ""
    assert re.search(pattern, message), f"expected {pattern!r} in {message!r}"
    assert case.message in message, message


def assert_clean(output: str) -> None:
    assert "Traceback" not in output and "internal error" not in output, output


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_a_bad_scenario_is_refused_with_its_location(tmp_path, case):
    path = _write(tmp_path, case)
    if "rule" in case.commands:
        result = runner.invoke(app, ["rule", str(path)])
        assert_clean(result.output)
        assert result.exit_code == 1 and result.exception is None or isinstance(result.exception, SystemExit), \
            result.output
        assert result.exit_code == 1, result.output
        assert result.output.startswith("Error: "), result.output
        assert_located(result.output, path, case)
    if "check" in case.commands:
        result = runner.invoke(app, ["check", str(path), "--json"])
        assert_clean(result.output)
        assert result.exit_code == 1, result.output
        [outcome] = json.loads(result.stdout)
        assert outcome["passed"] is False
        assert_located(outcome["problems"][0], path, case)


def test_the_corpus_is_big_enough():
    assert len(CASES) >= 80


def test_the_controls_are_accepted(tmp_path):
    """Valid files the corpus bends but does not break: a BOM, a long title, a dead button."""
    controls = {
        "17-utf8-bom": b"\xef\xbb\xbf" + GOOD.encode(),
        "20-long-title": sub("title: test", "title: " + "x" * 500_000).encode(),
        "30-button-empty-seat": sub("  button: 3\n", "  button: 6\n").replace(
            "small-blind, amount: 5}", "small-blind, amount: 5}").encode(),
        "anchors-within-the-limit": (GOOD + "notes: &n some text\nquestion: *n\ntags: &t [a, b]\n").encode(),
    }
    for name, data in controls.items():
        path = tmp_path / f"{name}.yaml"
        path.write_bytes(data)
        result = runner.invoke(app, ["rule", str(path), "--json"])
        assert_clean(result.output)
        if name == "30-button-empty-seat":   # the dead button: blinds may not match it; either way, clean
            assert result.exit_code in (0, 1)
            continue
        assert result.exit_code == 0, result.output


def test_70_the_winner_mucking_after_everyone_folds_is_ruled_cleanly(tmp_path):
    """H2: the last live hand mucks; the pot is still its own and nothing crashes."""
    path = tmp_path / "70.yaml"
    path.write_text(sub("incidents:\n" + INCIDENT + EXPECT, "incidents:\n  - {type: showdown-question, asks: award}\n"
                        "expect: {no_ruling: true, pots: [{amount: 10, winners: [2]}]}\n",
                        sub(BIG_BLIND, BIG_BLIND + "  - {type: action, seat: 3, action: fold}\n"
                            "  - {type: action, seat: 1, action: fold}\n  - {type: muck, seat: 2}\n")))
    for command in (["rule", str(path)], ["check", str(path), "--json"]):
        result = runner.invoke(app, command)
        assert_clean(result.output)
        assert result.exit_code == 0, result.output


def test_09b_an_alias_bomb_in_expect_pots_is_refused_fast(tmp_path):
    case = next(c for c in CASES if c.id.startswith("09b"))
    path = _write(tmp_path, case)
    start = time.perf_counter()
    result = runner.invoke(app, ["check", str(path), "--json"])
    assert time.perf_counter() - start < 5
    assert result.exit_code == 1 and "alias" in result.stdout


def test_66_200k_keys_in_expect_params_is_refused_before_parsing(tmp_path):
    path = tmp_path / "params.yaml"
    path.write_text(sub(EXPECT, "expect:\n  params:\n" + "".join(f"    k{i}: {i}\n" for i in range(200_000))))
    start = time.perf_counter()
    for command in (["rule", str(path)], ["check", str(path), "--json"]):
        result = runner.invoke(app, command)
        assert_clean(result.output)
        assert result.exit_code == 1 and "lines: a data file holds at most 100,000" in result.output
        assert f"{path}:100001:" in result.output
    assert time.perf_counter() - start < 5


def test_56_2000_incidents_finish_fast(tmp_path):
    case = next(c for c in CASES if c.id == "56-2000-incidents")
    path = _write(tmp_path, case)
    start = time.perf_counter()
    result = runner.invoke(app, ["check", str(path), "--json"])
    assert result.exit_code == 1 and time.perf_counter() - start < 5


# ----------------------------------------------------------------------------- paths and options

def test_21_a_directory_is_not_a_scenario(tmp_path):
    result = runner.invoke(app, ["rule", str(tmp_path)])
    assert_clean(result.output)
    assert result.exit_code == 1 and f"Error: {tmp_path}: this is a folder" in result.output
    result = runner.invoke(app, ["check", str(tmp_path)])
    assert_clean(result.output)
    assert result.exit_code == 2 and f"Error: {tmp_path}: no scenario files" in result.output


def test_22_a_missing_file(tmp_path):
    result = runner.invoke(app, ["rule", str(tmp_path / "nope.yaml")])
    assert_clean(result.output)
    assert result.exit_code == 1 and f"{tmp_path / 'nope.yaml'}: cannot read the file" in result.output
    result = runner.invoke(app, ["check", str(tmp_path / "nope.yaml")])
    assert result.exit_code == 2 and "no such file or folder" in result.output


def test_an_unknown_profile_option(tmp_path):
    result = runner.invoke(app, ["rule", SILENT_CHIP, "--profile", "nope"])
    assert_clean(result.output)
    assert result.exit_code == 1 and "unknown profile 'nope'" in result.output


def test_a_missing_rulebook_folder(tmp_path):
    result = runner.invoke(app, ["check", SILENT_CHIP, "--rulebook", str(tmp_path / "none")])
    assert_clean(result.output)
    assert result.exit_code == 1 and "no rulebook folder" in result.output


# ----------------------------------------------------------------------------- house files

HOUSES = [
    ("house-not-a-mapping", "- cash\n", "a house file is a mapping", 1, None),
    ("house-empty", "", "a house file is a mapping", 1, None),
    ("house-unknown-key", "extends: cash\noption: {}\n", "did you mean options", 2, "option"),
    ("house-missing-extends", "options: {muck_touch_kills: true}\n", "names the profile it extends", 1, "extends"),
    ("house-extends-a-list", "extends: [cash]\n", "names the profile it extends", 1, "extends"),
    ("house-unknown-profile", "extends: cahs\n", "did you mean cash", 1, "extends"),
    ("house-unknown-option", "extends: cash\noptions:\n  muck_touch_kils: true\n", "muck_touch_kills", 3, None),
    ("house-bool-given-a-number", "extends: cash\noptions:\n  muck_touch_kills: 5\n", "", 3, None),
    ("house-int-out-of-range", "extends: cash\noptions:\n  tiny_push_percent: 80\n", "", 3, None),
    ("house-option-null", "extends: cash\noptions:\n  tiny_push_percent: null\n", "", 3, None),
    ("house-option-float", "extends: cash\noptions:\n  tiny_push_percent: 2.5\n", "", 3, None),
    ("house-option-huge", f"extends: cash\noptions:\n  tiny_push_percent: {10**30}\n", "", 3, None),
    ("house-options-a-list", "extends: cash\noptions: [muck_touch_kills]\n", "", 2, None),
    ("house-binary", BINARY, "not UTF-8 text", BINARY[:0x80].count(b"\n") + 1, None),
    ("house-utf16", "extends: cash\n".encode("utf-16"), "it is UTF-16", 1, None),
    ("house-alias-bomb", "extends: cash\n" + bomb("h", ""), "aliases expand", "h7:", "h7"),
    ("house-yaml-syntax", "extends: [cash\n", "not valid YAML", None, None),
]


@pytest.mark.parametrize("name, data, message, line, field", HOUSES, ids=[h[0] for h in HOUSES])
def test_a_bad_house_file_is_refused_with_its_location(tmp_path, name, data, message, line, field):
    house = tmp_path / f"{name}.yaml"
    house.write_bytes(data if isinstance(data, bytes) else data.encode())
    case = Case(name, data, message, line, field)
    for command in (["rule", SILENT_CHIP, "--house", str(house)], ["check", SILENT_CHIP, "--house", str(house)]):
        result = runner.invoke(app, command)
        assert_clean(result.output)
        assert result.exit_code == 1, result.output
        assert_located(result.output, house, case)


def test_a_house_file_that_is_a_folder_or_missing(tmp_path):
    for where, message in ((tmp_path, "folder"), (tmp_path / "none.yaml", "cannot read the file")):
        result = runner.invoke(app, ["rule", SILENT_CHIP, "--house", str(where)])
        assert_clean(result.output)
        assert result.exit_code == 1 and f"{where}:" in result.output and message in result.output


# ----------------------------------------------------------------------------- the Python API

@pytest.fixture(scope="module")
def api():
    from floorman.engine.facts import Situation
    from floorman.engine.floor import Floor
    from floorman.model.events import Post
    from floorman.model.incidents import parse_incident
    from floorman.model.table import Table

    table = Table.model_validate({"button": 3, "forced_bets": {"small_blind": 5, "big_blind": 10},
                                  "seats": [{"number": n, "stack": 1000} for n in (1, 2, 3)]})
    events = [Post(seat=1, kind="small-blind", amount=5), Post(seat=2, kind="big-blind", amount=10)]
    floor = Floor()
    options = floor.rulebook.options("tda-2026")

    def situation(**changes):
        fields = {"table": table, "events": events, "incidents": [parse_incident(
            {"type": "wager", "seat": 3, "chips": [100]})], "profile": "tda-2026", "options": options}
        fields.update(changes)
        return Situation(**fields)
    yield floor, situation, options
    floor.close()


API_CASES = {
    "incident-a-dict": ({"incidents": [{"type": "wager", "seat": 3, "chips": [100]}]}, "incidents[0]"),
    "incident-a-string": ({"incidents": ["wager"]}, "incidents[0]"),
    "incidents-none": ({"incidents": None}, "incidents"),
    "events-none": ({"events": None}, "events"),
    "event-a-dict": ({"events": [{"type": "post"}]}, None),
    "options-a-list": ({"options": ["muck_touch_kills"]}, "options"),
    "table-none": ({"table": None}, "table"),
    "profile-unknown": ({"profile": "nope"}, "profile"),
    "option-none": ({"options": "tiny_push_percent=None"}, None),
    "option-float": ({"options": "tiny_push_percent=2.5"}, None),
    "option-2p60": ({"options": f"tiny_push_percent={2**60}"}, None),
    "post-constructed-negative": ({"events": "negative post"}, None),
    "seat-not-at-table": ({"incidents": "seat 9"}, "incidents[0].seat"),
}


@pytest.mark.parametrize("name", API_CASES)
def test_a_bad_situation_raises_a_floorman_error(api, name):
    from floorman.model.events import Post
    from floorman.model.incidents import parse_incident

    floor, situation, options = api
    changes, field = API_CASES[name]
    changes = dict(changes)
    if isinstance(changes.get("options"), str) and "=" in changes["options"]:
        key, value = changes["options"].split("=")
        changes["options"] = {**options, key: None if value == "None" else float(value) if "." in value
                              else int(value)}
    if changes.get("events") == "negative post":
        changes["events"] = [Post.model_construct(seat=1, kind="small-blind", amount=-100, dead=None,
                                                  commentary=None)]
    if changes.get("incidents") == "seat 9":
        changes["incidents"] = [parse_incident({"type": "wager", "seat": 9, "chips": [100]})]
    with pytest.raises(FloormanError) as caught:
        floor.rule(situation(**changes))
    if field:
        assert caught.value.field == field, str(caught.value)
    assert str(caught.value)


def test_floor_rule_without_a_situation(api):
    floor, _, _ = api
    with pytest.raises(FloormanError, match="takes a Situation"):
        floor.rule(None)


def test_engine_errors_are_floorman_errors_with_their_old_bases():
    from floorman.engine.backend_durable import EngineError, FactError, RuleActionError
    from floorman.engine.compiler import RuleCompileError
    from floorman.engine.expressions import ExpressionError

    for cls, base in ((FactError, ValueError), (RuleActionError, RuntimeError), (EngineError, RuntimeError),
                      (ExpressionError, ValueError), (RuleCompileError, ValueError)):
        assert issubclass(cls, FloormanError) and issubclass(cls, base)
    assert str(ExpressionError("a +", "not an expression")) == "expression 'a +': not an expression"
    assert str(RuleCompileError("R-1", "when[0]", "bad")) == "rule R-1: when[0]: bad"


def test_an_unforeseen_error_is_one_line_asking_for_a_report(monkeypatch):
    """The last line of defence only; the cases above show user errors never reach it."""
    import floorman.scenarios

    def broken(path):
        raise KeyError("boom")
    monkeypatch.setattr(floorman.scenarios, "load_scenario", broken)
    result = runner.invoke(app, ["rule", SILENT_CHIP])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert result.output.startswith("internal error: KeyError: 'boom'; please report")


# ----------------------------------------------------------------------------- real subprocesses

FLOORMAN = Path(sys.executable).parent / "floorman"
SUBPROCESS_CASES = ["03-binary", "16-utf16", "23-wrongtype-events", "61-key-is-list", "09b-alias-bomb-in-expect-pots",
                    "56-2000-incidents"]


@pytest.mark.parametrize("case_id", SUBPROCESS_CASES)
def test_a_real_floorman_process_refuses_it_cleanly(tmp_path, case_id):
    case = next(c for c in CASES if c.id == case_id)
    path = _write(tmp_path, case)
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache"), "NO_COLOR": "1"}
    for command in (["rule"], ["check", "--json"]):
        done = subprocess.run([str(FLOORMAN), *command, str(path)], capture_output=True, text=True, timeout=60,
                              env=env)
        assert "Traceback" not in done.stderr + done.stdout and "internal error" not in done.stderr
        assert done.returncode == 1, done.stderr
        output = done.stderr if command == ["rule"] else json.loads(done.stdout)[0]["problems"][0]
        assert_located(output, path, case)


def test_a_real_floorman_process_exits_2_on_an_empty_folder(tmp_path):
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    done = subprocess.run([str(FLOORMAN), "check", str(tmp_path)], capture_output=True, text=True, timeout=60,
                          env=env)
    assert done.returncode == 2 and "no scenario files" in done.stderr and "Traceback" not in done.stderr
