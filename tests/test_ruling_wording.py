"""A ruling's words agree with its own numbers and with the table (issue 20).

Every bundled scenario is ruled and each ruling read by floorman/checks/wording.py: no "seat
0", no "short by 0", no "no pot" beside a pot, no board cards in stud, no "mixed with the
discards" for cards released apart from them, no warning "starting now"; no pot param of 0
beside a pot, no chips returned to no seat, no seat param off the table, no
`cards_not_dealt: 0` before the last card, no low-card param in razz, and a ruling that says who
gets the pot agrees with the pot table. Then each check is shown to fire on the fault it is for.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from floorman.checks.wording import contradictions
from floorman.engine.floor import pots_and_hands
from floorman.scenarios import find_scenarios, load_scenario, rules_for

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = find_scenarios([ROOT / "scenarios"])


def ruled(floor, name: str):
    scenario = load_scenario(ROOT / "scenarios" / name)
    profile, options = rules_for(scenario, floor.rulebook)
    return scenario, floor.rule(scenario.situation(profile, options))


def test_every_bundled_ruling_agrees_with_its_numbers(floor):
    checked, found = 0, []
    for path in SCENARIOS:
        scenario = load_scenario(path)
        profile, options = rules_for(scenario, floor.rulebook)
        report = floor.rule(scenario.situation(profile, options))
        checked += len(report.rulings)
        found += [f"{path.relative_to(ROOT)}: {why}" for why in contradictions(report, scenario.table,
                                                                                scenario.incidents)]
    print(f"\n{checked} rulings checked in {len(SCENARIOS)} scenarios, {len(found)} contradictions")
    assert checked > len(SCENARIOS) * 0.9          # nearly every scenario rules on something
    assert found == []


def with_ruling(report, **changes):
    """The report with its first ruling changed."""
    first = dataclasses.replace(report.rulings[0], **changes)
    return dataclasses.replace(report, rulings=[first, *report.rulings[1:]])


@pytest.fixture(scope="module")
def covered(floor):
    """The all-in that covers the call: a pot of 154, seats 1 and 2 at a 9-seat table."""
    return ruled(floor, "action/pocket-chips-cover-the-call.yaml")


@pytest.mark.parametrize("words, fault", [
    ("0 of the bet goes back to seat 0 (0 = nothing).", "no seat is numbered 0"),
    ("facing 150 it is all-in for 170 at most (short by 0).", "a shortfall of nothing"),
    ("If seat 1 calls all-in, the pots are: no pot.", "while the pot holds 154"),
    ("The dealer does not show the 5 board cards.", None),       # a board game: board cards are fine
])
def test_the_words_are_checked(covered, words, fault):
    scenario, report = covered
    found = contradictions(with_ruling(report, explanation=words), scenario.table)
    assert [fault in why for why in found] == ([True] if fault else [])


@pytest.mark.parametrize("params, fault", [
    ({"main_pot": 0}, "main_pot: 0 while the pot holds 154"),
    ({"returned": 30, "returned_to": 0}, "returns 30 to seat 0, which is no seat"),
    ({"returned_to": 12}, "returned_to: 12 is not a seat at this table (1-9)"),
    ({"cards_not_dealt": 0}, "cards_not_dealt: 0, but the hand stopped before its last card"),
    ({"winner": 2}, "gives the pot to seat 2, but the pot table gives the main pot to seat 1"),
    ({"returned": 0, "returned_to": 0, "partner": 0}, None),      # 0 where a fact has no seat, nothing returned
])
def test_the_params_are_checked(floor, covered, params, fault):
    scenario, report = covered
    if "winner" in params:            # a showdown whose pot table names seat 1
        scenario, report = ruled(floor, "showdown/award-misread-before-next-hand.yaml")
    found = contradictions(with_ruling(report, params={**report.rulings[0].params, **params}), scenario.table)
    assert found == ([f"{report.rulings[0].rule_id}: {fault}"] if fault else [])


def test_stud_has_no_board_and_counts_its_streets(floor):
    scenario, report = ruled(floor, "cash_game/rabbit-hunt-stud-fifth-street.yaml")
    assert report.rulings[0].params["cards_not_dealt"] == 2      # sixth and seventh street
    said = with_ruling(report, steps=("The dealer does not show the 2 board cards still undealt.",))
    assert ["stud has no board" in why for why in contradictions(said, scenario.table)] == [True]
    zero = with_ruling(report, params={**report.rulings[0].params, "cards_not_dealt": 0})
    assert contradictions(zero, scenario.table) == [
        "CASH-RABBIT-HUNT-REFUSED: cards_not_dealt: 0, but the hand stopped before its last card"]


def test_razz_names_the_bring_in_seat_not_the_low_card(floor):
    scenario, report = ruled(floor, "variants/tda-razz-high-card-all-in-for-ante.yaml")
    assert report.rulings[0].params["bring_in_seat"] == 1          # Kh, the high card, brings in razz
    old = {"low_card_seat" if name == "bring_in_seat" else name: value
           for name, value in report.rulings[0].params.items()}
    assert contradictions(with_ruling(report, params=old), scenario.table) == [
        "VAR-STUD-BRING-IN-ALL-IN-ANTE: param 'low_card_seat': in razz the high card brings in"]


def test_released_cards_are_not_mixed_with_the_discards(floor):
    scenario, report = ruled(floor, "showdown/muck-released-not-identifiable.yaml")
    assert contradictions(report, scenario.table, scenario.incidents) == []
    said = with_ruling(report, explanation="Seat 3 mucked and the cards are now mixed with the discards.")
    [why] = contradictions(said, scenario.table, scenario.incidents)
    assert "the incident says the cards are released" in why


def test_a_warning_reads_as_a_warning(floor):
    scenario, report = ruled(floor, "conduct/tda-26-70-exposed-first-offence-warning.yaml")
    ruling = report.rulings[0]
    assert ruling.params["step"] == "warning" and "there is nothing to serve" in ruling.explanation
    said = with_ruling(report, explanation="The ladder gives a verbal warning, starting now.")
    assert ["a warning, yet it says" in why for why in contradictions(said, scenario.table)] == [True]
    # the same words on a penalty that is served are right
    penalty = with_ruling(said, params={**ruling.params, "step": "missed-rounds"})
    assert contradictions(penalty, scenario.table) == []


def test_an_award_that_stands_is_the_award_in_the_pot_table(floor):
    scenario, report = ruled(floor, "showdown/award-misread-after-next-hand-began.yaml")
    [pot] = report.pots
    assert (pot["winners"], pot["shares"], pot["winners_by_cards"], pot["ruled_by"]) == \
        ([2], {"2": 2800}, [1], "SD-AWARD-ERROR-STANDS")
    assert contradictions(report, scenario.table) == []
    # the pot table as the cards read it (before issue 20) contradicts the ruling
    by_cards, _ = pots_and_hands(report.state)
    assert contradictions(dataclasses.replace(report, pots=by_cards), scenario.table) == [
        "SD-AWARD-ERROR-STANDS: gives the pot to seat 2, but the pot table gives the main pot to seat 1"]
