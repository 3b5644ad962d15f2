"""The consultation with no terminal: words -> dispute -> only the questions the candidate rules
need -> a ruling with the right numbers; the declared map covers every field a rule tests (lint
L016 says which it does not); a rule added to a copy of the rulebook is askable with no code change."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from floorman.authoring import lint
from floorman.cli.app import app
from floorman.consult import BadAnswer, Consultation, load_questions
from floorman.consult.consultation import rules_of
from floorman.engine.fact_fields import FACT_FIELDS
from floorman.errors import InputFileError
from floorman.rulebook.loader import DEFAULT_RULEBOOK, load_rulebook


def consult(words: str, answers: dict[str, str], **options) -> tuple[Consultation, object, list[str]]:
    """Run a consultation, answering by input name (anything not given takes its default);
    returns the consultation, the report and the names asked, in order."""
    consultation = Consultation(**options)
    consultation.start(words)
    asked: list[str] = []
    while True:
        while (question := consultation.next_question()) is not None:
            asked.append(question.input.name)
            consultation.answer(answers.get(question.input.name, ""))
        _, report = consultation.rule()
        if not consultation.unasked(report):        # a rule that fired tests a field not asked: ask it
            break
    unused = set(answers) - set(asked)
    assert not unused, f"answers given for questions never asked: {unused}"
    return consultation, report, asked


def standing(report) -> list:
    """The rulings that stand (the floor keeps only the winners of each subject)."""
    assert report.rulings, "no ruling"
    return list(report.rulings)


def test_oversized_chip_silently_facing_25_at_2_5_is_a_call_of_25_with_75_change():
    consultation, report, asked = consult("oversized chip", {"stakes": "2/5", "bet_faced": "25", "wager.chips": "100"})
    assert consultation.dispute.type == "wager"
    assert {r.id for r in consultation.candidates} >= {"BET-OVERSIZED-CHIP-CALL", "BET-OVERSIZED-CHIP-RAISE"}
    ruling = standing(report)[0]
    assert ruling.rule_id == "BET-OVERSIZED-CHIP-CALL"
    assert (ruling.params["call_amount"], ruling.params["change"]) == (25, 75)
    # only what the oversized-chip rules test: nothing about motions, prior chips or out of turn
    assert not {"wager.motions", "wager.prior_chips", "players", "acted"} & set(asked)
    assert report.profile == "cash"


def test_oversized_chip_with_raise_said_first_is_a_raise():
    _, report, asked = consult("oversized chip", {"bet_faced": "25", "wager.chips": "100", "wager.declared": "raise",
                                                  "wager.speech": "before"})
    assert "wager.speech" in asked            # asked because a word was said
    assert standing(report)[0].rule_id == "BET-OVERSIZED-CHIP-RAISE"


def test_silent_chip_skips_the_timing_of_words():
    _, _, asked = consult("oversized chip", {"bet_faced": "25"})
    assert "wager.declared" in asked and "wager.speech" not in asked


def test_four_card_flop_asks_only_the_set_up_and_rules_by_the_profile():
    consultation, report, asked = consult("four card flop", {})
    assert consultation.dispute.type == "four-card-flop"
    assert asked == ["format", "stakes"]
    assert standing(report)[0].rule_id == "BOARD-FOUR-CARD-FLOP-REDEAL"         # cash: Robert's Rules
    _, report, _ = consult("four card flop", {"format": "tournament"})
    assert report.profile == "tda-2026"
    assert standing(report)[0].rule_id == "BOARD-FOUR-CARD-FLOP-RANDOM-BURN"


def test_short_all_in_over_2000_at_1000_2000_the_bettor_may_only_call_1100_or_fold():
    consultation, report, _ = consult("short all-in", {"stakes": "1000/2000", "street": "flop", "bet_faced": "2000",
                                                       "all_in_to": "3100", "question.asks": "may-raise"})
    assert consultation.dispute.type == "question"
    ruling = standing(report)[0]
    assert ruling.rule_id == "ACT-RAISE-NOT-REOPENED"
    assert ruling.decision == "call-or-fold"
    assert ruling.params["to_call"] == 1100


def test_exposed_card_on_the_deal_first_card_is_a_misdeal_third_is_replaced():
    consultation, report, asked = consult("exposed card on the deal", {"format": "tournament",
                                                                       "exposed-card.deal_positions": "1"})
    assert consultation.dispute.type == "exposed-card"
    assert standing(report)[0].rule_id == "DEAL-MISDEAL-DEALER-EXPOSED"
    assert standing(report)[0].decision == "misdeal"
    _, report, _ = consult("exposed card on the deal", {"format": "tournament", "exposed-card.deal_positions": "3"})
    assert standing(report)[0].rule_id == "DEAL-EXPOSED-CARD-REPLACED-AS-BURN"


def test_out_of_turn_bet_then_a_check_binds():
    _, report, _ = consult("bet out of turn", {"stack": "5000", "street": "flop", "bet_faced": "0",
                                               "out-of-turn.action": "bet", "out-of-turn.amount": "500",
                                               "out-of-turn.then": "check"})
    ruling = standing(report)[0]
    assert ruling.rule_id == "ACT-OOT-BINDS"
    assert ruling.params["amount_to"] == 500


def test_a_dispute_picked_by_number_from_the_list():
    consultation = Consultation()
    number = [d.type for d in consultation.disputes()].index("four-card-flop") + 1
    match = consultation.start(str(number))
    assert match.dispute.type == "four-card-flop"
    with pytest.raises(BadAnswer, match="no dispute 99"):
        consultation.start("99")


def test_a_bad_answer_names_what_was_expected_and_changes_nothing():
    consultation = Consultation()
    consultation.start("oversized chip")
    first = consultation.next_question()
    consultation.answer("")                       # format: cash
    question = consultation.next_question()
    assert question.input.name == "stakes"
    with pytest.raises(BadAnswer) as error:
        consultation.answer("two and five")
    assert "2/5" in str(error.value.expected)
    assert consultation.next_question().input.name == "stakes"
    assert consultation.answers == {"format": "cash"} and first.input.name == "format"
    consultation.answer("1/3")
    assert consultation.answers["stakes"] == (1, 3)


def test_words_that_match_nothing_are_refused():
    with pytest.raises(BadAnswer, match="no dispute matches"):
        Consultation().start("zebra xylophone")


def test_every_dispute_rules_on_its_defaults():
    """Each dispute type in questions.yaml lays out a hand and rules with every default."""
    consultation = Consultation()
    for dispute in consultation.disputes():
        consultation.choose(dispute.type)
        while consultation.next_question() is not None:
            consultation.answer("")
        scene, report = consultation.rule()
        assert scene.incident()["type"] == dispute.type
        # the profile follows the table: a cash table is ruled under cash, a tournament under the TDA
        tournament = consultation.answers.get("format") == "tournament" or dispute.defaults.get("format") == "tournament"
        assert report.profile == ("tda-2026" if tournament else "cash"), dispute.type


# ----------------------------------------------------------------------------- the declared map

def test_every_field_a_rule_tests_is_mapped_to_questions_or_computed():
    assert [str(p) for p in lint.question_problems(load_rulebook())] == []


def test_lint_names_a_rule_testing_a_field_no_question_feeds(tmp_path: Path):
    folder = tmp_path / "rulebook"
    shutil.copytree(DEFAULT_RULEBOOK, folder)
    rule = NEW_RULE.replace("      - [chip_value, '>=', 500]", "      - [chip_value, '>=', 500]\n"
                            "      - [stack_after, '>', 0]")
    (folder / "betting" / "house-purple-chip-call.yaml").write_text(rule)
    book = load_rulebook(folder)
    [problem] = [p for p in lint.lint_rules(book) if p.code == "L016"]
    assert problem.where == f"{book.path_of('HOUSE-PURPLE-CHIP-CALL')}:{NEW_RULE.splitlines().index('when:') + 1}"
    assert problem.message.startswith("HOUSE-PURPLE-CHIP-CALL tests wager.stack_after, which no question feeds")
    # without the unmapped field the same rule passes
    other = tmp_path / "other"
    shutil.copytree(DEFAULT_RULEBOOK, other)
    (other / "betting" / "house-purple-chip-call.yaml").write_text(NEW_RULE)
    assert [p for p in lint.lint_rules(load_rulebook(other)) if p.code == "L016"] == []


def test_lint_reports_a_questions_file_that_does_not_load(tmp_path: Path):
    folder = tmp_path / "rulebook"
    shutil.copytree(DEFAULT_RULEBOOK, folder)
    (folder / "questions.yaml").write_text("fields:\n  wager:\n    chip_value: [no_such_input]\n")
    # the rulebook reads questions.yaml with its rules (its cache keeps the fields map), so a bad
    # file stops the load with the file and field named, and `rulebook lint` says so and fails
    with pytest.raises(InputFileError) as refused:
        load_rulebook(folder)
    assert refused.value.file.endswith("questions.yaml") and refused.value.field == "fields.wager.chip_value"
    result = CliRunner().invoke(app, ["rulebook", "lint", "--rulebook", str(folder)])
    assert result.exit_code == 1 and "no_such_input" in result.output and "Traceback" not in result.output


def test_the_map_names_only_real_fact_fields_and_every_ruling_rule_has_a_dispute():
    questions = load_questions()
    for fact, fields in questions.fields.items():
        assert fact in FACT_FIELDS, fact
        assert set(fields) <= set(FACT_FIELDS[fact]) | {"id"}, (fact, set(fields) - set(FACT_FIELDS[fact]))
    book = load_rulebook()
    reachable = {rule.id for dispute in questions.disputes.values() for rule in rules_of(book, dispute)}
    stray = {r.id for r in book.rules.values() if r.is_ruling} - reachable
    assert not stray, f"rules no dispute can reach: {sorted(stray)}"


NEW_RULE = """\
id: HOUSE-PURPLE-CHIP-CALL
name: house-purple-chip-call
title: A lone purple chip facing a bet is a call
category: betting
summary: >-
  House rule: one purple (500) or bigger chip put out facing a bet is a call, whatever was said.
citations:
  - {source: house, edition: "2026", section: Purple chips, confidence: house}
profiles: [all]
priority: 900
subject: wager
when:
  - as: w
    fact: wager
    where:
      - [single_chip, '==', true]
      - [facing_bet, '==', true]
      - [chip_value, '>=', 500]
ruling:
  decision: purple-call
  effect: {kind: action, seat: w.seat, action: call}
  params:
    chip: w.chip_value
  steps:
    - "Seat {w.seat} calls; the {chip} chip is change."
  explanation: A lone purple chip is a call in this house.
"""


def test_a_rule_added_to_the_rulebook_is_askable_with_no_code_change(tmp_path: Path):
    folder = tmp_path / "rulebook"
    shutil.copytree(DEFAULT_RULEBOOK, folder)
    (folder / "betting" / "house-purple-chip-call.yaml").write_text(NEW_RULE)
    book = load_rulebook(folder)
    assert "HOUSE-PURPLE-CHIP-CALL" in book.rules
    from floorman.engine.floor import Floor

    consultation, report, asked = consult("purple chip", {"bet_faced": "25", "wager.chips": "500"},
                                          rulebook=book, floor=Floor(book))
    assert consultation.dispute.type == "wager"
    assert [r.id for r in consultation.candidates][0] == "HOUSE-PURPLE-CHIP-CALL"
    # its fields single_chip, facing_bet, chip_value come from the chips, the bet and the street
    assert {"wager.chips", "bet_faced", "street"} <= set(asked)
    ruling = standing(report)[0]
    assert (ruling.rule_id, ruling.decision, ruling.params["chip"]) == ("HOUSE-PURPLE-CHIP-CALL", "purple-call", 500)
    # the bundled rulebook does not know it
    assert "HOUSE-PURPLE-CHIP-CALL" not in load_rulebook().rules


def _rule_file(path: Path):
    from floorman.engine.floor import Floor
    from floorman.scenarios import load_scenario, rules_for

    scenario = load_scenario(path)
    floor = Floor()
    profile, options = rules_for(scenario, floor.rulebook, profile="cash")
    return floor.rule(scenario.situation(profile, options))


@pytest.mark.parametrize("file, words, answers", [
    ("scenarios/betting/ymtc-1-silent-big-chip.yaml", "oversized chip", {"bet_faced": "15", "wager.chips": "100"}),
    ("scenarios/action/seed000-short-all-in-example-a-may-not-raise.yaml", "short all-in",
     {"stakes": "5/10", "street": "flop", "bet_faced": "100", "all_in_to": "140", "question.asks": "may-raise"}),
])
def test_the_consultation_rules_as_floorman_rule_does_on_the_scenario_file(file, words, answers):
    """The same dispute as a bundled scenario, asked instead of written: the same ruling and numbers."""
    expected = _rule_file(DEFAULT_RULEBOOK.parent / file)
    _, report, _ = consult(words, answers)
    got, want = standing(report)[0], standing(expected)[0]
    assert (got.rule_id, got.decision) == (want.rule_id, want.decision)
    shared = {k for k in want.params if k not in ("seat",)}
    assert {k: got.params[k] for k in shared} == {k: want.params[k] for k in shared}


# ----------------------------------------------------------------------------- issue 15 (item 4, item 2)

def test_a_pot_limit_bet_asks_the_street_and_the_pot_and_rules_on_that_pot():
    """Pot 90 on the flop, a bet of 40, a raise said to 1,000: the maximum is 40 + (90 + 40 + 40) = 210."""
    consultation, report, asked = consult("pot limit bet over the maximum", {
        "betting": "pot-limit", "street": "flop", "pot": "90", "bet_faced": "40", "wager.declared": "raise",
        "wager.amount_said": "1000", "wager.chips": "100 100"})
    assert asked.index("street") < asked.index("pot") < asked.index("bet_faced")
    ruling = standing(report)[0]
    assert ruling.rule_id == "ACT-POT-LIMIT-OVER-MAX" and ruling.params["raise_to"] == 210
    assert report.state.street == "flop" and report.state.board == ["Jc", "8d", "3s"]


def test_no_limit_asks_no_pot_and_preflop_skips_it():
    _, _, asked = consult("oversized chip", {"bet_faced": "25"})
    assert "pot" not in asked
    _, _, asked = consult("pot limit bet over the maximum", {"betting": "pot-limit", "street": "preflop",
                                                            "bet_faced": "5"})
    assert "street" in asked and "pot" not in asked


def test_an_all_in_said_asks_the_stack():
    _, report, asked = consult("oversized chip", {"bet_faced": "25", "wager.declared": "all-in", "stack": "300",
                                                  "wager.chips": "100"})
    assert "stack" in asked and asked.index("stack") > asked.index("wager.declared")
    assert report.state is not None


def test_the_seat_is_numbered_as_the_real_table_numbers_it():
    """Seat 5 is seat 5: the disputed player, the bettor and the button keep their places around it."""
    _, natural, asked = consult("oversized chip", {"bet_faced": "25", "wager.chips": "100"})
    assert asked[-1] == "seat"
    consultation, report, _ = consult("oversized chip", {"bet_faced": "25", "wager.chips": "100", "seat": "8"})
    ruling, first = standing(report)[0], standing(natural)[0]
    assert (ruling.rule_id, ruling.params["call_amount"], ruling.params["change"]) == \
        (first.rule_id, first.params["call_amount"], first.params["change"])
    scene, _ = consultation.rule()
    assert scene.builder.incidents[0].seat == 8 and 8 in report.state.seats
    assert any("seat 8" in str(step) for step in ruling.steps)


@pytest.mark.parametrize(("words", "field"), [
    ("Where the house rule says so, a hand that touches the muck is dead", "hand-fouled.identifiable"),
    ("A player who exposes their own card keeps a live hand", "exposed-card.deal_positions"),
    ("Time runs out on the clock while facing a bet; the hand is dead", "shot-clock.expired"),
])
def test_a_field_a_ruling_rule_tests_is_asked_not_silently_assumed(words, field):
    """The candidate rules did not test it, the rule that fired does: it is asked (with its
    default), and the dispute ruled again."""
    consultation = Consultation()
    consultation.start(words)
    assert field not in consultation.plan
    _, _, asked = consult(words, {})
    assert field in asked
