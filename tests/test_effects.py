"""Every ruling declares its effect on the hand, and the effects apply to the hands they rule on.

A ruling's `effect` (rulebook/*/*.yaml, `ruling.effect`) is what the floor's decision does at
the table: the call made, the raise, a hand killed, the action backed up, the hand void. The
floor applies it before the next incident is ruled (issue 7 item 8).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from floorman.engine.facts import Situation
from floorman.engine.floor import Floor
from floorman.errors import FloormanError
from floorman.model.events import Action, Board, Burn, DealHole, Post
from floorman.model.incidents.betting import Wager
from floorman.model.incidents.irregularities import FlopWithoutBurn
from floorman.model.incidents.showdown import MuckAtShowdown
from floorman.model.table import Table
from floorman.rulebook.loader import load_rulebook
from floorman.rulebook.schema import EFFECT_KINDS, Conclusion
from floorman.scenarios import find_scenarios, load_scenario

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def floor():
    floor = Floor()
    yield floor
    floor.close()


# ---------------------------------------------------------------------- the schema
def test_every_ruling_rule_declares_an_effect_of_a_known_kind(floor):
    rulings = [rule for rule in floor.rulebook.rules.values() if rule.ruling is not None]
    assert len(rulings) > 150
    for rule in rulings:
        assert rule.ruling.effect, rule.id
        assert {effect.kind for effect in rule.ruling.effect} <= set(EFFECT_KINDS), rule.id
    # the vocabulary is used, not just declared
    used = {effect.kind for rule in rulings for effect in rule.ruling.effect}
    assert used == set(EFFECT_KINDS)


def test_a_dead_hand_ruling_kills_the_seat_it_names(floor):
    for rule in floor.rulebook.rules.values():
        if rule.ruling is not None and rule.ruling.decision == "dead-hand":
            assert [e.seat for e in rule.ruling.effect if e.kind == "kill-hand"] == [rule.ruling.dead_hand]


RULING = {"decision": "call", "explanation": "x"}


def test_a_ruling_without_an_effect_is_refused():
    with pytest.raises(ValueError, match="effect"):
        Conclusion.model_validate(RULING)


def test_an_unknown_effect_kind_is_refused_with_the_valid_names():
    with pytest.raises(ValueError) as error:
        Conclusion.model_validate({**RULING, "effect": {"kind": "refund"}})
    assert "unknown effect kind 'refund'" in str(error.value)
    assert "kill-hand" in str(error.value) and "void-hand" in str(error.value)


@pytest.mark.parametrize("effect, message", [
    ({"kind": "action", "seat": "w.seat"}, "names the action"),
    ({"kind": "action", "seat": "w.seat", "action": "raise"}, "street total"),
    ({"kind": "action", "seat": "w.seat", "action": "call", "to": "w.call_amount"}, "takes no `to`"),
    ({"kind": "kill-hand"}, "names the seat"),
    ({"kind": "none", "seat": "w.seat"}, "takes no seat"),
    ({"kind": "action", "seat": "w.seat", "action": "check", "binding": True}, "takes no binding"),
])
def test_an_effect_missing_or_misplacing_a_field_is_refused(effect, message):
    with pytest.raises(ValueError, match=message):
        Conclusion.model_validate({**RULING, "effect": effect})


def test_a_rule_file_without_an_effect_names_the_file_and_field(tmp_path):
    folder = tmp_path / "book"
    (folder / "profiles").mkdir(parents=True)
    (folder / "profiles" / "tda-2026.yaml").write_text("id: tda-2026\ntitle: t\n")
    (folder / "r.yaml").write_text(
        "id: T-ONE\nname: one\ntitle: t\ncategory: betting\nsummary: t\nsubject: wager\n"
        "citations: [{source: TDA, edition: '2024', rule: '44', confidence: verified}]\n"
        "when: [{as: w, fact: wager}]\nruling:\n  decision: call\n  explanation: x\n")
    with pytest.raises(FloormanError) as error:
        load_rulebook(folder)
    assert "r.yaml" in str(error.value) and "ruling.effect" in str(error.value)


# ---------------------------------------------------------------------- every bundled scenario
def test_every_bundled_scenarios_effects_apply_cleanly(floor):
    """Rule every bundled scenario; no ruling's effect may be refused by the hand."""
    refused, ruled = [], 0
    for path in find_scenarios([ROOT / "scenarios"]):
        scenario = load_scenario(path)
        report = floor.rule(scenario.situation(None, floor.situation_options(scenario.header.profile)))
        for ruling in report.rulings:
            ruled += 1
            assert ruling.incident is not None and 0 <= ruling.incident < len(scenario.incidents)
            if ruling.effect_error:
                refused.append(f"{scenario.path}: {ruling.rule_id}: {ruling.effect_error}")
    assert ruled > 250
    assert refused == []


# ---------------------------------------------------------------------- key effects, precisely
def flop(stacks=(20000,) * 5) -> tuple[Table, list]:
    table = Table.model_validate({"seats": [{"number": n, "stack": s} for n, s in enumerate(stacks, 1)],
                                  "button": len(stacks), "forced_bets": {"small_blind": 100, "big_blind": 200}})
    events = [Post(seat=1, kind="small-blind", amount=100), Post(seat=2, kind="big-blind", amount=200),
              *(Action(seat=n, action="call") for n in range(3, len(stacks) + 1)),
              Action(seat=1, action="call"), Action(seat=2, action="check"),
              Board(cards=("Jc", "7s", "2d")), Action(seat=1, action="bet", amount=1000)]
    return table, events


def test_oversized_chip_call_puts_in_the_call_keeps_the_change_and_moves_the_action(floor):
    table, events = flop()
    report = floor.rule(Situation(table, events, [Wager(seat=2, chips=(5000,))], "tda-2026",
                                  floor.situation_options("tda-2026")))
    [ruling] = report.rulings
    assert ruling.rule_id == "BET-OVERSIZED-CHIP-CALL" and ruling.params["change"] == 4000
    assert ruling.effect == ({"kind": "action", "seat": 2, "action": "call"},)
    seat = report.state.seats[2]
    assert seat.street_bet == 1000                   # the call, not the 5,000 chip
    assert seat.stack == 20000 - 200 - 1000          # the 4,000 change is back behind
    assert report.state.actor == 3
    assert report.pots[0]["amount"] == 1000 + 1000 + 1000


def test_a_string_bet_call_then_the_next_seat_is_to_act(floor):
    table, events = flop()
    wager = Wager(seat=2, chips=(1000, 1000, 1000), motions=2, first_motion_chips=(1000,))
    report = floor.rule(Situation(table, events, [wager], "tda-2026", floor.situation_options("tda-2026")))
    assert [r.rule_id for r in report.rulings] == ["DECL-STRING-BET-CALL"]
    assert report.state.seats[2].street_bet == 1000 and report.state.current_bet == 1000
    assert report.state.actor == 3


def test_a_dead_hand_at_showdown_is_mucked_and_out_of_the_award(floor):
    table = Table.model_validate({"seats": [{"number": n, "stack": 1000} for n in (1, 2)], "button": 1,
                                  "forced_bets": {"small_blind": 50, "big_blind": 100}})
    events = [Post(seat=1, kind="small-blind", amount=50), Post(seat=2, kind="big-blind", amount=100),
              DealHole(seat=1, cards=("Kh", "Qh")), DealHole(seat=2, cards=("Ac", "Ad")),
              Action(seat=1, action="call"), Action(seat=2, action="check"),
              Board(cards=("2c", "7d", "9s")), Action(seat=2, action="check"), Action(seat=1, action="check"),
              Board(cards=("3h",)), Action(seat=2, action="check"), Action(seat=1, action="check"),
              Board(cards=("4s",)), Action(seat=2, action="check"), Action(seat=1, action="check")]
    muck = MuckAtShowdown(seat=2, where="in-muck", identifiable=False)
    report = floor.rule(Situation(table, events, [muck], "tda-2026", floor.situation_options("tda-2026")))
    assert [r.rule_id for r in report.rulings] == ["SD-MUCKED-HAND-DEAD"]
    assert report.rulings[0].effect == ({"kind": "kill-hand", "seat": 2},)
    assert report.state.seats[2].mucked and report.state.active_seats == [1]
    assert report.pots[0]["winners"] == [1]


def test_a_flop_redrawn_for_a_missing_burn_is_taken_back(floor):
    table, events = flop()
    events = events[:-2] + [Board(cards=("Jc", "7s", "2d"))]      # no burn, no flop action yet
    assert not any(isinstance(e, Burn) for e in events)
    report = floor.rule(Situation(table, events, [FlopWithoutBurn()], "tda-2026",
                                  floor.situation_options("tda-2026")))
    [ruling] = report.rulings
    assert ruling.rule_id == "BOARD-FLOP-NO-BURN-REDRAW"
    assert ruling.effect == ({"kind": "replace-board", "recorded": True},)
    assert report.state.board == []                  # the flop goes back to be dealt again
    assert report.state.pot == 1000


def test_a_premature_turn_takes_nothing_back_from_the_flop_before_it(floor):
    """The premature turn was never in the events: the flop just dealt (nobody has acted on it
    yet) stays on the board."""
    from floorman.model.incidents.irregularities import PrematureBoard

    table, events = flop()
    events = events[:-1]                             # the flop is the last event
    report = floor.rule(Situation(table, events, [PrematureBoard(street="turn", cards=("5h",))], "tda-2026",
                                  floor.situation_options("tda-2026")))
    assert [e["kind"] for r in report.rulings for e in r.effect] == ["replace-board"]
    assert [r.effect_error for r in report.rulings] == [None]
    assert report.state.board == ["Jc", "7s", "2d"]


RULE_FILE = ("id: T-ONE\nname: one\ntitle: t\ncategory: betting\nsummary: t\nsubject: wager\n"
             "citations: [{source: TDA, edition: '2024', rule: '44', confidence: verified}]\n"
             "when: [{as: w, fact: wager}]\nruling:\n  decision: call\n  effect: %s\n  explanation: x\n")


def book_with_effect(tmp_path: Path, effect: str) -> Path:
    folder = tmp_path / "book"
    (folder / "profiles").mkdir(parents=True)
    (folder / "profiles" / "tda-2026.yaml").write_text("id: tda-2026\ntitle: t\n")
    (folder / "r.yaml").write_text(RULE_FILE % effect)
    return folder


def test_an_effect_expression_naming_no_alias_is_refused_with_its_place(tmp_path):
    with pytest.raises(FloormanError) as error:
        load_rulebook(book_with_effect(tmp_path, "{kind: action, seat: x.seat, action: call}"))
    assert "r.yaml:11" in str(error.value) and "ruling.effect.seat" in str(error.value)
    assert "unknown alias 'x'" in str(error.value)


def test_lint_names_an_unknown_fact_field_in_an_effect(tmp_path):
    from floorman.rulebook.lint import lint_rules

    book = load_rulebook(book_with_effect(tmp_path, "[{kind: action, seat: w.sseat, action: call}]"))
    problems = [str(p.message) for p in lint_rules(book)]
    assert any("ruling.effect.seat" in p and "'sseat'" in p for p in problems), problems


# ---------------------------------------------------------------------- random spots
RANDOM_SPOTS = 1000
#: the param holding the street total each action decision comes to
TOTAL_PARAM = {"call": "call_to", "raise": "raise_to", "bet": "bet_to", "raise-to-max": "raise_to",
               "all-in": "all_in_to"}


def test_random_wagers_and_a_second_wager_on_the_hand_they_leave(floor):
    """Random spots (the generator of test_wager_legality): every wager ruling's effect applies;
    an action's effect puts the seat in for the street total its params name; and a second
    random wager by the next seat, ruled on the hand the first ruling left, applies too and
    leaves the first ruling exactly as it was alone."""
    import random

    from test_wager_legality import PROFILES, random_hand, random_table, random_wager

    rng = random.Random(11)
    options = {profile: floor.situation_options(profile) for profile in PROFILES}
    problems: list[str] = []
    spots = pairs = actions = 0
    while spots < RANDOM_SPOTS:
        table = random_table(rng)
        hand = random_hand(rng, table)
        if hand is None:
            continue
        events, state = hand
        first = random_wager(rng, state)
        profile = rng.choice(PROFILES)
        spots += 1
        try:
            alone = floor.rule(Situation(table, events, [first], profile, options[profile]))
        except FloormanError:
            continue
        for ruling in alone.rulings:
            if ruling.effect_error:
                problems.append(f"{ruling.rule_id}: {ruling.effect_error}")
            total = ruling.params.get(TOTAL_PARAM.get(ruling.decision, ""))
            if any(e["kind"] == "action" for e in ruling.effect) and isinstance(total, int):
                actions += 1
                before, now = state.seats[first.seat], alone.state.seats[first.seat]
                put_in = now.total - before.total          # (street bets reset when the round closes)
                if put_in != total - before.street_bet:
                    problems.append(f"{ruling.rule_id}: params say in for {total} from {before.street_bet}, "
                                    f"the hand took {put_in}")
        after = alone.state
        if after.hand_over or after.awaiting_cards or after.actor is None:
            continue
        second = random_wager(rng, after)
        try:
            both = floor.rule(Situation(table, events, [first, second], profile, options[profile]))
        except FloormanError:
            continue
        pairs += 1
        if [r.to_json() for r in both.rulings_on(0)] != [r.to_json() for r in alone.rulings]:
            problems.append(f"incident 0 ruled differently once a second incident follows: {first}")
        problems += [f"second {r.rule_id}: {r.effect_error}" for r in both.rulings if r.effect_error]
    assert actions > RANDOM_SPOTS // 4 and pairs > RANDOM_SPOTS // 5
    assert problems == [], f"{len(problems)} problems, e.g.:\n" + "\n".join(problems[:10])
