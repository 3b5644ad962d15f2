"""Bad input, rulebooks: a copy of the bundled rulebook with one thing corrupted per case.

Each case asserts the error class (a FloormanError), that it names the corrupted file, and the
line and field where there is one; lint reports it without raising. A few run through the real
CLI and check the exit code and that no traceback is printed.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from floorman.authoring import lint
from floorman.errors import FloormanError, InputFileError
from floorman.rulebook.loader import DEFAULT_SCENARIOS, RuleCheckError, load_rulebook

ROOT = Path(__file__).resolve().parents[1]
FLOORMAN = str(Path(sys.executable).with_name("floorman"))
CALL = "betting/silent-oversized-chip.yaml"           # BET-OVERSIZED-CHIP-CALL
OPENS = "betting/oversized-chip-no-bet-faced.yaml"    # BET-OVERSIZED-CHIP-OPENS
REOPENED = "derivations/betting-reopened.yaml"        # DERIVE-BETTING-REOPENED
CASH = "profiles/cash.yaml"
TDA = "profiles/tda-2026.yaml"


@dataclass
class Case:
    """One corruption: `make(book)` changes the copy and returns the line it expects (or None)."""

    name: str
    file: str
    make: Callable
    field: str | None
    message: str
    error: type = InputFileError
    at_load: bool = True            # False: the rulebook loads, and `lint_rules` names the problem


def edit(name: str, old: str, new: str, shift: int = 0) -> Callable:
    return lambda book: book.edit(name, old, new) + shift


def write(name: str, content: bytes | str, line: int | None = 1) -> Callable:
    def make(book):
        path = book.path(name)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
        return line
    return make


def both(first: Callable, second: Callable) -> Callable:
    def make(book):
        first(book)
        return second(book)
    return make


CASES = [
    # ---------------------------------------------------------------- a rule file as data
    Case("yaml-syntax", CALL, edit(CALL, "priority: 60", "priority: [60"), None, "not valid YAML"),
    Case("tab-indent", CALL, edit(CALL, "  - as: w", "\t- as: w"), None, "not valid YAML"),
    Case("binary", CALL, write(CALL, b"\x00\xff\xfe\x01 binary junk"), None, "not UTF-8"),
    Case("utf16", CALL, write(CALL, "id: X\n".encode("utf-16")), None, "not UTF-8"),
    Case("invalid-utf8-in-comment", CALL, write(CALL, b"# caf\xe9\nid: BET-X\n"), None, "not UTF-8"),
    Case("empty-file", CALL, write(CALL, ""), None, "a rule file is a mapping"),
    Case("a-list", CALL, write(CALL, "- id: BET-X\n"), None, "a rule file is a mapping"),
    Case("unknown-key", CALL, edit(CALL, "priority: 60", "priorty: 60"), "priorty", "unknown field"),
    Case("missing-title", CALL, edit(CALL, "title: One oversized chip", "titel: One oversized chip"), "titel",
         "unknown field"),
    Case("bad-id-shape", CALL, edit(CALL, "id: BET-OVERSIZED-CHIP-CALL", "id: bet-oversized"), "id", "upper-case"),
    Case("id-with-tda-number", CALL, edit(CALL, "id: BET-OVERSIZED-CHIP-CALL", "id: BET-RULE-44"), "id",
         "TDA number"),
    Case("duplicate-id", CALL, edit(OPENS, "id: BET-OVERSIZED-CHIP-OPENS", "id: BET-OVERSIZED-CHIP-CALL"), "id",
         "also used in"),
    Case("no-citation", CALL, both(edit(CALL, "  - {source: TDA, edition: \"2024\", rule: \"44\"", "  # "),
                                   edit(CALL, "citations:\n", "citations: []\nold_citations:\n", 1)),
         "old_citations", "unknown field"),
    Case("citations-empty", CALL, lambda b: _drop_citations(b, CALL), None, "cites at least one source"),
    Case("tda-citation-without-rule", CALL, edit(CALL, 'edition: "2024", rule: "44", title: Oversized Chip',
                                                 'edition: "2024", title: Oversized Chip'),
         "citations[0]", "rule number"),
    Case("tda-2026-verified", CALL, edit(CALL, "rule: \"46\", title: Oversized Chip Betting, confidence: corroborated",
                                         "rule: \"46\", title: Oversized Chip Betting, confidence: verified"),
         "citations[1]", "never verified"),
    Case("bad-category", CALL, edit(CALL, "category: betting", "category: bettin"), "category", "betting"),
    Case("priority-text", CALL, edit(CALL, "priority: 60", "priority: lots"), "priority", "whole number"),
    Case("priority-huge", CALL, edit(CALL, "priority: 60", "priority: 5000"), "priority", "1000"),
    Case("decision-shape", CALL, edit(CALL, "decision: call", "decision: Call It"), "ruling.decision", "pattern"),
    Case("ruling-and-derive", CALL, edit(CALL, "\nruling:", "\nderive: {name: x}\nruling:"), None,
         "not both"),
    Case("no-effect", CALL, both(edit(CALL, "  effect: {kind: action, seat: w.seat, action: call}\n", ""),
                                 lambda b: line_in(b, CALL, "ruling:")),
         "ruling.effect", "missing"),
    # ---------------------------------------------------------------- `when:` the engine cannot run
    Case("unknown-operator", CALL, edit(CALL, "[single_chip, '==', true]", "[single_chip, '=~', true]"),
         "when[0].where[1].op", "unknown operator"),
    Case("or-key-in-pattern", CALL, edit(CALL, "    fact: wager\n", "    fact: wager\n    or: []\n", 1),
         "when[0].or", "unknown field"),
    Case("float-literal", CALL, edit(CALL, "[single_chip, '==', true]", "[single_chip, '==', 1.5]"),
         "when[0].where[1]", "no floats", RuleCheckError),
    Case("null-literal", CALL, edit(CALL, "[single_chip, '==', true]", "[single_chip, '==', null]"),
         "when[0].where[1]", "None", RuleCheckError),
    Case("huge-literal", CALL, edit(CALL, "[single_chip, '==', true]",
                                    "[chip_value, '==', 1000000000000000000000000000000]"),
         "when[0].where[1]", "too large", RuleCheckError),
    Case("ordering-on-text", CALL, edit(CALL, "[single_chip, '==', true]", "[decided_by, '>', chips]"),
         "when[0].where[1]", "needs an int", RuleCheckError),
    Case("arithmetic-in-condition", CALL, edit(CALL, "'@self.call_amount'", "'@self.call_amount + 1'"),
         "when[0].where[3]", "arithmetic", RuleCheckError),
    Case("reference-to-unbound-alias", CALL, edit(CALL, "'@self.call_amount'", "'@x.call_amount'"),
         "when[0].where[3]", "no pattern binds", RuleCheckError),
    Case("alias-self", REOPENED, edit(REOPENED, "{as: f, fact: derived", "{as: self, fact: derived"), "when[0].as",
         "not 'self'", RuleCheckError),
    Case("no-patterns", CALL, lambda b: _no_patterns(b), "when", "at least 1"),
    Case("type-conflict-across-rules", CALL, edit(CALL, "[single_chip, '==', true]", "[single_chip, '==', 'yes']"),
         "when[0].where[1]", "type conflict", RuleCheckError),
    Case("derive-of-id", REOPENED, edit(REOPENED, "derive: {name: betting_reopened,",
                                        "derive: {name: betting_reopened, id: '@f.seat',"),
         "derive.id", "not a settable field", RuleCheckError),
    Case("derive-from-self", REOPENED, edit(REOPENED, "seat: '@f.seat'", "seat: '@self.seat'"),
         "derive.seat", "@self", RuleCheckError),
    Case("derive-not-a-mapping", REOPENED, edit(REOPENED, "derive: {name: betting_reopened, seat: '@f.seat', "
                                                          "wager: '@f.wager'}", "derive: 5"),
         "derive", "dictionary"),
    # ---------------------------------------------------------------- conclusions
    Case("params-syntax", CALL, edit(CALL, "call_amount: w.call_amount\n", "call_amount: w.call_amount +\n"),
         "ruling.params.call_amount", "syntax error", RuleCheckError),
    Case("params-unknown-alias", CALL, edit(CALL, "change: w.chip_value - w.call_amount",
                                            "change: w.chip_value - q.call_amount"),
         "ruling.params.change", "unknown alias 'q'", RuleCheckError),
    Case("params-call", CALL, edit(CALL, "call_amount: w.call_amount\n", "call_amount: __import__('os')\n"),
         "ruling.params.call_amount", "only min, max and abs", RuleCheckError),
    Case("params-lambda", CALL, edit(CALL, "call_amount: w.call_amount\n", "call_amount: '(lambda: 1)()'\n"),
         "ruling.params.call_amount", "only min, max and abs", RuleCheckError),
    Case("params-float", CALL, edit(CALL, "call_amount: w.call_amount\n", "call_amount: w.call_amount * 1.5\n"),
         "ruling.params.call_amount", "float", RuleCheckError),
    Case("template-unknown-param", CALL, edit(CALL, "Give seat {w.seat} {change} in change.",
                                              "Give seat {w.seat} {chang} in change."),
         "ruling.steps[1]", "did you mean change", RuleCheckError),
    Case("template-unknown-alias", CALL, edit(CALL, "Give seat {w.seat} {change}", "Give seat {x.seat} {change}"),
         "ruling.steps[1]", "names no alias", RuleCheckError),
    Case("effect-unknown-alias", CALL, edit(CALL, "effect: {kind: action, seat: w.seat, action: call}",
                                            "effect: {kind: action, seat: z.seat, action: call}"),
         "ruling.effect.seat", "unknown alias 'z'", RuleCheckError),
    # ---------------------------------------------------------------- references between files
    Case("overrides-unknown-rule", OPENS, edit(OPENS, "\nwhen:", "\noverrides: [BET-OVERSIZED-CHIP-CAL]\nwhen:", 1),
         "overrides", "did you mean BET-OVERSIZED-CHIP-CALL"),
    Case("overrides-cycle", OPENS, edit(OPENS, "\nwhen:", "\noverrides: [BET-OVERSIZED-CHIP-OPENS]\nwhen:", 1),
         "overrides", "cycle"),
    Case("unknown-profile-in-rule", CALL, edit(CALL, "profiles: [all]", "profiles: [csh]"), "profiles",
         "did you mean cash"),
    # ---------------------------------------------------------------- fact fields: lint names them, load refuses
    Case("typo-in-when-field", CALL, edit(CALL, "[single_chip, '==', true]", "[singel_chip, '==', true]"),
         None, "did you mean single_chip", at_load=False),
    Case("derive-from-missing-field", REOPENED, edit(REOPENED, "seat: '@f.seat'", "seat: '@f.seats'"),
         None, "no field 'seats'", at_load=False),
    Case("undeclared-option-tested", "irregularities/four-card-flop-redeal.yaml",
         edit("irregularities/four-card-flop-redeal.yaml", "[[four_card_flop, '==', redeal]]",
              "[[four_card_flops, '==', redeal]]"), None, "did you mean four_card_flop", at_load=False),
    Case("impossible-option-value-tested", "irregularities/four-card-flop-redeal.yaml",
         edit("irregularities/four-card-flop-redeal.yaml", "[[four_card_flop, '==', redeal]]",
              "[[four_card_flop, '==', redael]]"), None, "did you mean redeal", at_load=False),
    # ---------------------------------------------------------------- profiles
    Case("profile-unknown-option", CASH, edit(CASH, "cash_plays: true", "cash_play: true"), "options.cash_play",
         "did you mean cash_plays"),
    Case("profile-bad-choice", TDA, edit(TDA, "premature_board: tda-reshuffle", "premature_board: reshufle"),
         "options.premature_board", "did you mean tda-reshuffle"),
    Case("profile-null-option", CASH, edit(CASH, "cash_plays: true", "cash_plays: null"), "options.cash_plays",
         "null is not true or false"),
    Case("profile-float-option", CASH, edit(CASH, "cash_plays: true", "tiny_push_percent: 2.5"),
         "options.tiny_push_percent", "not a whole number"),
    Case("profile-huge-option", CASH, edit(CASH, "cash_plays: true", "tiny_push_percent: 1000000000000000000000000000000"),
         "options.tiny_push_percent", "out of range"),
    Case("profile-text-for-bool", CASH, edit(CASH, "cash_plays: true", "cash_plays: sometimes"), "options.cash_plays",
         "not true or false"),
    Case("profile-options-a-list", CASH, edit(CASH, "options:\n", "options: []\nold_options:\n", 1), "old_options",
         "unknown field"),
    Case("profile-extends-unknown", CASH, edit(CASH, "tda_edition:", "extends: tda-2062\ntda_edition:"), "extends",
         "did you mean tda-2026"),
    Case("profile-extends-cycle", CASH, both(edit(TDA, "tda_edition:", "extends: cash\ntda_edition:"),
                                             edit(CASH, "tda_edition:", "extends: tda-2026\ntda_edition:")),
         "extends", "extends itself"),
    Case("profile-duplicate-id", CASH, lambda b: _copy(b, CASH, "profiles/cash-copy.yaml"),
         "id", "also in"),
    Case("profile-bad-edition", CASH, edit(CASH, 'tda_edition: "2026"', 'tda_edition: "2025"'), "tda_edition",
         "2024"),
    Case("profile-bad-id", CASH, edit(CASH, "id: cash", "id: Cash Games"), "id", "pattern"),
    # ---------------------------------------------------------------- the option declarations
    Case("options-missing-description", "options.yaml",
         edit("options.yaml", "    description: A player who shows a hand to one player",
              "    descripton: A player who shows a hand to one player"),
         "options.show_one_show_all.descripton", "unknown field"),
    Case("options-default-not-allowed", "options.yaml",
         edit("options.yaml", "    default: first-action", "    default: words-first"),
         "options.words_vs_chips.default", "'words-first' is not one of first-action, verbal"),
    Case("options-not-a-mapping", "options.yaml", write("options.yaml", "- words_vs_chips\n"), "options",
         "an options file is a mapping"),
    Case("option-used-but-undeclared", CASH,
         both(edit("options.yaml", "  cash_plays:\n", "  cash_plays_removed:\n"), lambda b: line_in(b, CASH, "cash_plays:")),
         "options.cash_plays",
         "unknown option"),
]


def line_in(book, name: str, text: str) -> int:
    content = book.path(name).read_text()
    return content[:content.index(text)].count("\n") + 1


def _drop_citations(book, name: str) -> int:
    text = book.path(name).read_text()
    start = text.index("citations:\n")
    end = text.index("profiles:")
    book.path(name).write_text(text[:start] + "citations: []\n" + text[end:])
    return text[:start].count("\n") + 1


def _no_patterns(book) -> int:
    text = book.path(CALL).read_text()
    start, end = text.index("when:\n"), text.index("ruling:")
    book.path(CALL).write_text(text[:start] + "when: []\n" + text[end:])
    return text[:start].count("\n") + 1


def _copy(book, source: str, target: str) -> int:
    book.path(target).write_text(book.path(source).read_text())
    return 1


def test_the_corpus_is_large_enough():
    assert len(CASES) >= 40 and len({case.name for case in CASES}) == len(CASES)


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_a_corrupted_rulebook_is_refused_with_file_line_and_field(book_copy, case):
    line = case.make(book_copy)
    corrupted = str(book_copy.path(case.file))
    if not case.at_load:
        # a fact field the facts lack (L010): lint lists it, and the loader refuses the book with
        # the same words (audit N25: it used to load, and the rule silently never fired)
        problems = [p for p in lint.lint_files(book_copy.folder) if case.message in p.message]
        assert len(problems) == 1, [str(p) for p in lint.lint_files(book_copy.folder)]
        assert problems[0].code == "L010" and problems[0].where.startswith(corrupted + ":")
        with pytest.raises(RuleCheckError) as refused:
            load_rulebook(book_copy.folder)
        assert str(refused.value) == str(problems[0])
        return
    with pytest.raises(FloormanError) as caught:
        load_rulebook(book_copy.folder)
    error = caught.value
    assert isinstance(error, case.error), f"{type(error).__name__}: {error}"
    assert case.message in str(error), str(error)
    if case.name != "overrides-cycle":       # a cycle is reported at whichever of its rules
        assert error.file == corrupted, str(error)
    if case.field is not None:
        assert error.field == case.field, str(error)
    if line is not None and case.field is not None:
        assert error.line == line, str(error)
    assert "Traceback" not in str(error)
    # lint reports file by file and never raises
    problems = lint.lint_files(book_copy.folder)
    assert all(p.code.startswith("L0") for p in problems)


@pytest.mark.parametrize("case", [c for c in CASES if c.name in ("params-syntax", "float-literal",
                                                                   "profile-bad-choice", "binary")],
                         ids=lambda case: case.name)
def test_lint_lists_the_problem_of_a_bad_file_with_its_place(book_copy, case):
    line = case.make(book_copy)
    problems = lint.lint_files(book_copy.folder)
    assert len(problems) == 1, [str(p) for p in problems]
    problem = problems[0]
    assert problem.where.startswith(str(book_copy.path(case.file))) and case.message in problem.message
    if case.field:
        assert problem.where.endswith(f":{line}") and case.field in problem.message


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([FLOORMAN, *args], capture_output=True, text=True, timeout=120, cwd=ROOT,
                          env={**os.environ})


@pytest.mark.parametrize("name", ["params-syntax", "profile-null-option", "overrides-cycle", "binary",
                                  "typo-in-when-field"])
def test_the_cli_lint_exits_1_with_the_problem_and_no_traceback(book_copy, name):
    case = next(c for c in CASES if c.name == name)
    case.make(book_copy)
    result = _cli("rulebook", "lint", "--rulebook", str(book_copy.folder))
    output = result.stdout + result.stderr
    assert result.returncode == 1 and "Traceback" not in output
    assert case.message in output and str(book_copy.folder) in output


@pytest.mark.parametrize("command", ["rule", "check"])
def test_rule_and_check_on_a_corrupted_rulebook_exit_1_with_the_place(book_copy, command):
    line = book_copy.edit(TDA, "premature_board: tda-reshuffle", "premature_board: reshufle")
    scenario = str(DEFAULT_SCENARIOS / "betting" / "ymtc-1-silent-big-chip.yaml")
    result = _cli(command, scenario, "--rulebook", str(book_copy.folder))
    assert result.returncode == 1 and "Traceback" not in result.stdout + result.stderr
    assert f"{book_copy.path(TDA)}:{line}: options.premature_board:" in result.stderr


# ----------------------------------------------------------------------------- house files

HOUSE_CASES = [
    ("unknown-option", "extends: cash\noptions: {show_one_show_al: false}\n", 2, "options.show_one_show_al",
     "did you mean show_one_show_all"),
    ("bad-value", "extends: cash\noptions:\n  four_card_flop: burn\n", 3, "options.four_card_flop", "not one of"),
    ("null-value", "extends: cash\noptions:\n  all_in_face_up: ~\n", 3, "options.all_in_face_up", "null"),
    ("float-value", "extends: cash\noptions:\n  tiny_push_percent: 0.05\n", 3, "options.tiny_push_percent",
     "not a whole number"),
    ("unknown-profile", "extends: tda-2025\n", 1, "extends", "did you mean tda-2026"),
    ("unknown-key", "extends: cash\nextra: 1\n", 2, "extra", "unknown field"),
    ("yaml-error", "extends: cash\noptions: {a: [}\n", 2, None, "not valid YAML"),
    ("python-tag", "extends: !!python/object/apply:os.system [echo hi]\n", 1, None, "not valid YAML"),
]


@pytest.mark.parametrize("name, text, line, field, message", HOUSE_CASES, ids=[c[0] for c in HOUSE_CASES])
def test_a_bad_house_file_is_refused_with_its_place(tmp_path, name, text, line, field, message):
    from floorman.rulebook.house import load_house

    path = tmp_path / "our-room.yaml"
    path.write_text(text)
    with pytest.raises(InputFileError) as caught:
        load_house(path, load_rulebook())
    error = caught.value
    assert message in str(error) and Path(error.file).resolve() == path.resolve()
    assert error.line == line and error.field == field
