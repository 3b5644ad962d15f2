"""The ruling as a floor person reads it: fits 80 columns, yes/no, no zero-amount steps, one
citation to quote (never a contrast, never a seed file name), and what happens next."""

from __future__ import annotations

import io
import json
import re
from functools import lru_cache
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from floorman.cli.app import app
from floorman.cli.ruling_view import decision_line, print_report, readable, readable_text, ruling_panel
from floorman.engine.floor import Floor
from floorman.errors import FloormanError
from floorman.rulebook.loader import DEFAULT_SCENARIOS, load_rulebook
from floorman.rulebook.schema import Citation
from floorman.ruling import HOUSE_PRACTICE, quote_for
from floorman.scenarios import load_scenario, rules_for

ROOT = Path(__file__).resolve().parents[1]
SILENT_CHIP = ROOT / "scenarios" / "betting" / "ymtc-1-silent-big-chip.yaml"
SHORT_ALL_IN = ROOT / "scenarios" / "action" / "seed000-ymtc-2-short-all-in.yaml"
# what a floor person must never read in a panel: Python's booleans, zero amounts, seed files
FORBIDDEN = re.compile(r"\bTrue\b|\bFalse\b|adds 0\b|back 0\b|\b0 back\b|\b0 burn\b|\(0\b|\b0 =|"
                       r"[0-9a-f]{16}\.txt|\.txt\b|seed guide")
ZERO_AMOUNT = re.compile(r"(?<![\d,.\w-])0(?![\d%\w]|[.,]\d| of )")


def _tda(edition: str, rule: str, title: str, role: str = "basis") -> Citation:
    return Citation(source="TDA", edition=edition, rule=rule, title=title, role=role,
                    confidence="verified" if edition == "2024" else "corroborated")


RROP = Citation(source="RRoP", edition="v11", section="Showdown", confidence="unverified")
SEED = Citation(source="seed", edition="000_31aeb64916a6d0d6.txt", section="Exposed cards", confidence="house")


@lru_cache(maxsize=1)
def _floor() -> Floor:
    return Floor(load_rulebook())


@lru_cache(maxsize=1)
def _all_ruled() -> tuple:
    """Every bundled scenario, ruled under its own profile (house files are skipped)."""
    floor = _floor()
    ruled = []
    for path in sorted(Path(DEFAULT_SCENARIOS).rglob("*.yaml")):
        try:
            scenario = load_scenario(path)
        except FloormanError:
            continue                      # a house file beside the scenarios
        chosen, options = rules_for(scenario, floor.rulebook)
        situation = scenario.situation(chosen, options)
        ruled.append((path, scenario, situation, floor.rule(situation)))
    return tuple(ruled)


def _render(renderable=None, *, width: int = 80, report=None) -> str:
    console = Console(width=width, record=True, file=io.StringIO(), color_system=None)
    if report is not None:
        path, scenario, situation, ruling_report, trace = report
        print_report(console, situation, ruling_report, title=scenario.title, question=scenario.header.question,
                     trace=trace)
    else:
        console.print(renderable)
    return console.export_text()


# ------------------------------------------------------------------------------ the quote
def test_a_tda_profile_quotes_its_own_editions_number_first():
    """Issue 15: under a 2026 profile "Rests on" leads with the 2026 number where one is known;
    under tda-2024 with the 2024 number, read in the text."""
    citations = (_tda("2026", "46", "Oversized Chip Betting"), _tda("2024", "44", "Oversized Chip Betting"))
    assert quote_for(citations, "tda-2024") == "TDA 2024 Rule 44 (2026: 46)"
    assert quote_for(citations, "tda-2026") == "TDA 2026 Rule 46 (2024: 44)"
    assert quote_for(citations, "my-room", "2024") == "TDA 2024 Rule 44 (2026: 46)"
    assert quote_for((_tda("2024", "44", "Oversized Chip Betting"),), "tda-2026") == "TDA 2024 Rule 44"


def test_the_2026_twin_is_found_by_title():
    citations = (_tda("2026", "55", "Action Out of Turn"), _tda("2026", "38", "Substantial Action"),
                 _tda("2024", "36", "Substantial Action"), _tda("2024", "53-A", "Action Out of Turn"))
    assert quote_for(citations, "tda-2024") == "TDA 2024 Rule 36 (2026: 38)"


def test_cash_quotes_roberts_rules_and_tda_quotes_the_tda():
    citations = (_tda("2024", "18", "Asking to See a Hand"), _tda("2026", "19", "Asking to See a Hand"), RROP)
    assert quote_for(citations, "cash") == "Robert's Rules of Poker, Showdown"
    assert quote_for(citations, "tda-2026") == "TDA 2026 Rule 19 (2024: 18)"


def test_a_contrast_is_never_quoted():
    citations = (_tda("2024", "18", "Asking to See a Hand", "contrast"),
                 _tda("2026", "19", "Asking to See a Hand", "contrast"), RROP)
    assert quote_for(citations, "tda-2026") == "Robert's Rules of Poker, Showdown"
    only_contrast = (_tda("2024", "68", "Exposing Cards", "contrast"), SEED)
    assert quote_for(only_contrast, "cash") == HOUSE_PRACTICE
    assert quote_for(only_contrast, "tda-2026") == HOUSE_PRACTICE


def test_seed_only_support_is_house_practice():
    assert quote_for((SEED,), "cash") == HOUSE_PRACTICE
    assert quote_for((SEED,), "tda-2026") == HOUSE_PRACTICE


def test_every_ruling_rule_has_a_basis_citation_for_each_profile_it_applies_to():
    book = _floor().rulebook
    missing = []
    for rule in book.rules.values() if isinstance(book.rules, dict) else book.rules:
        if not rule.is_ruling:
            continue
        for profile in book.profiles:
            if rule.applies_to(profile) and not any(c.role == "basis" for c in rule.citations):
                missing.append(f"{rule.id} under {profile}")
    assert not missing


def test_cash_room_rules_do_not_rest_on_the_tda_rule_they_depart_from():
    """The rules that exist because the cash room differs from the TDA quote Robert's Rules or
    house practice under cash, never the TDA number they contrast with."""
    book = _floor().rulebook
    rules = {rule.id: rule for rule in (book.rules.values() if isinstance(book.rules, dict) else book.rules)}
    for rule_id in ("SD-SHOW-ANY-PLAYER", "SD-SHOW-ONE-SHOW-ALL", "SD-MUCK-TOUCH-KILLS",
                    "SD-MUCK-RETRIEVAL-DISCRETION", "BOARD-FOUR-CARD-FLOP-REDEAL",
                    "BOARD-PREMATURE-TURN-SET-ASIDE", "FOLD-EXPOSED-CARD-SHOWN", "ACT-STACK-COUNT-ON-REQUEST"):
        rule = rules[rule_id]
        assert any(c.role == "contrast" for c in rule.citations), rule_id
        for profile in ("cash", "tda-2026"):
            assert not quote_for(rule.citations, profile).startswith("TDA"), (rule_id, profile)


# ------------------------------------------------------------------------------ zero amounts
@pytest.mark.parametrize("step, shown", [
    ("Give seat 2 back 0 (0 unless the chips pass the most that may be bet).", None),
    ("Seat 1 adds 0 if short of the minimum bet (give back 0 if over the limit).", None),
    ("Seat 2 puts in 2,000 (give back 0 if more chips are out).", "Seat 2 puts in 2,000."),
    ("Give seat 2 back 170 (the chips over the call); it adds 0 if its chips out are short of the call.",
     "Give seat 2 back 170 (the chips over the call)."),
    ("Give seat 2 back 0 (the chips over the call); it adds 30 if its chips out are short of the call.",
     "Seat 2 adds 30 if its chips out are short of the call."),
    ("Seat 2 adds 1,000, or gets back 0 if it put out more than the real call.", "Seat 2 adds 1,000."),
    ("Tell seat 2: 0 to call; the minimum raise is to 4.", "Tell seat 2: nothing to call; the minimum raise is to 4."),
    ("Deal the river with 0 burn before it.", "Deal the river."),
    ("Give seat 4 85 in change.", "Give seat 4 85 in change."),
    ("Call 10 of the 100; 0.5 is not a chip; 50% of 20.", "Call 10 of the 100; 0.5 is not a chip; 50% of 20."),
])
def test_zero_amounts_leave_the_steps(step, shown):
    assert readable(step) == shown


def test_an_explanation_keeps_its_other_sentences():
    text = 'Seat 3 said "call" facing 8,000 and put out 0. A call of 8,000, with 0 back.'
    assert readable_text(text) == 'Seat 3 said "call" facing 8,000. A call of 8,000.'
    counted = "Seat 2 has shown 0 of 2 hole cards."
    assert readable_text(counted) == counted


# ------------------------------------------------------------------------------ every scenario
def test_every_bundled_panel_reads_cleanly_at_80_columns():
    ruled = _all_ruled()
    assert len(ruled) > 200
    problems = []
    for path, scenario, situation, report in ruled:
        for trace in (False, True):
            text = _render(report=(path, scenario, situation, report, trace))
            for match in FORBIDDEN.finditer(text):
                problems.append(f"{path.name}: {text[max(0, match.start() - 40):match.end() + 10]!r}")
            assert max(map(len, text.splitlines())) <= 80
        for ruling in report.rulings:
            panel = _render(ruling_panel(ruling, report.profile))
            for match in ZERO_AMOUNT.finditer(panel):
                problems.append(f"{path.name} {ruling.rule_id}: {panel[max(0, match.start() - 40):match.end() + 10]!r}")
            # nothing cut: every word of the decision line is on the screen
            words = set(re.findall(r"[\w'-]+", panel))
            assert set(re.findall(r"[\w'-]+", decision_line(ruling))) <= words, (path.name, ruling.rule_id)
            assert ruling.quote in " ".join(panel.split()) or ruling.quote in panel, (path.name, ruling.rule_id)
    assert not problems, "\n".join(problems[:20])


def test_the_panel_leads_with_the_decision_and_quotes_one_citation():
    [(path, scenario, situation, report)] = [r for r in _all_ruled() if r[0] == SILENT_CHIP]
    text = _render(report=(path, scenario, situation, report, False))
    flat = " ".join(text.split())
    assert "CALL: One oversized chip, put out without a word facing a bet, is a call" in flat
    assert "Rests on: TDA 2026 Rule 46 (2024: 44)" in flat
    assert "TDA 2024 Rule 44" not in flat                  # the others wait for --trace
    assert "change: 85" in flat and "call amount: 15" in flat
    # what happens next: the seat after the caller, facing the same bet
    assert "What happens next: Seat 5 to act: 15 to call; minimum raise to 25" in flat
    traced = " ".join(_render(report=(path, scenario, situation, report, True)).split())
    assert "TDA 2024 Rule 44" in traced and "All citations:" in traced


def test_booleans_are_yes_and_no():
    for _path, _scenario, _situation, report in _all_ruled():
        for ruling in report.rulings:
            flags = {name: value for name, value in ruling.params.items() if isinstance(value, bool)}
            if flags:
                text = " ".join(_render(ruling_panel(ruling, report.profile)).split())
                for name, value in flags.items():
                    assert f"{name.replace('_', ' ')}: {'yes' if value else 'no'}" in text
                return
    pytest.fail("no bundled ruling has a yes/no number")


def test_what_happens_next_follows_the_ruling():
    [(path, scenario, situation, report)] = [r for r in _all_ruled() if r[0] == SHORT_ALL_IN]
    flat = " ".join(_render(report=(path, scenario, situation, report, False)).split())
    assert "What happens next: Seat 2 to act: 30 to call; no raise possible. May fold or call 30." in flat


def test_a_void_hand_says_so():
    voided = [r for r in _all_ruled() if r[3].void]
    assert voided
    path, scenario, situation, report = voided[0]
    flat = " ".join(_render(report=(path, scenario, situation, report, False)).split())
    assert "What happens next: The hand is void" in flat


# ------------------------------------------------------------------------------ JSON
def test_rule_json_carries_the_quote_and_each_citation_role():
    runner = CliRunner(env={"COLUMNS": "120", "NO_COLOR": "1"})
    result = runner.invoke(app, ["rule", str(SILENT_CHIP), "--json"])
    assert result.exit_code == 0, result.output
    [ruling] = json.loads(result.stdout)["rulings"]
    assert ruling["quote"] == "TDA 2026 Rule 46 (2024: 44)"
    assert {c["role"] for c in ruling["citations"]} == {"basis"}
    cash = ROOT / "scenarios" / "action" / "cash-chip-count-on-request.yaml"
    result = runner.invoke(app, ["rule", str(cash), "--json"])
    [ruling] = json.loads(result.stdout)["rulings"]
    assert ruling["quote"].startswith("Robert's Rules of Poker")
    assert {c["label"] for c in ruling["citations"] if c["role"] == "contrast"} == \
        {"TDA 2024 Rule 60", "TDA 2026 Rule 62"}


def test_after_an_award_the_pots_are_pushed():
    award = ROOT / "scenarios" / "sequences" / "dead-hand-then-award.yaml"
    [(path, scenario, situation, report)] = [r for r in _all_ruled() if r[0] == award]
    flat = " ".join(_render(report=(path, scenario, situation, report, False)).split())
    assert "What happens next: Push the pots as awarded, side pots first." in flat
