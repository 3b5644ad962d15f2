"""Incidents in one hand are ruled in order, each on the hand as the rulings before it left it
(issue 7 item 8: "Two disputes in one hand cannot build on each other")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from floorman.checks.runner import run_checks
from floorman.engine.facts import Situation
from floorman.engine.floor import Floor
from floorman.errors import FloormanError
from floorman.model.events import Action, Board, Post
from floorman.model.incidents.action import OutOfTurn, Question
from floorman.model.incidents.betting import Wager
from floorman.model.incidents.irregularities import DealError
from floorman.model.state import HandState
from floorman.model.table import Table
from floorman.rulebook.loader import load_rulebook

ROOT = Path(__file__).resolve().parents[1]


def flop_bet() -> tuple[Table, list]:
    """NLHE 100-200, five players, flop; seat 1 bets 1,000 and seat 2 is to act."""
    table = Table.model_validate({"seats": [{"number": n, "stack": 20000} for n in range(1, 6)], "button": 5,
                                  "forced_bets": {"small_blind": 100, "big_blind": 200}})
    events = [Post(seat=1, kind="small-blind", amount=100), Post(seat=2, kind="big-blind", amount=200),
              Action(seat=3, action="call"), Action(seat=4, action="call"), Action(seat=5, action="call"),
              Action(seat=1, action="call"), Action(seat=2, action="check"),
              Board(cards=("Jc", "7s", "2d")), Action(seat=1, action="bet", amount=1000)]
    return table, events


STRING_BET = Wager(seat=2, chips=(1000, 1000, 1000), motions=2, first_motion_chips=(1000,))


def rule(floor: Floor, incidents: list, table_events=None, profile: str = "tda-2026"):
    table, events = table_events or flop_bet()
    return floor.rule(Situation(table, events, incidents, profile, floor.situation_options(profile)))


def test_a_string_bet_ruled_a_call_then_a_raise_out_of_turn_is_ruled_on_the_new_hand(floor):
    """The issue's repro: the second incident used to be refused ("seat 2 is to act"), because
    it was ruled against the recorded actions, where seat 2 had not acted."""
    oot = OutOfTurn(seat=4, action="raise", amount=3000, then=({"seat": 3, "action": "call"},))
    report = rule(floor, [STRING_BET, oot])
    assert [(r.incident, r.rule_id) for r in report.rulings] == [(0, "DECL-STRING-BET-CALL"), (1, "ACT-OOT-BINDS")]
    facts = {fact["id"]: fact for fact in report.trace.facts}
    # the out-of-turn incident was built on the hand after the call: seat 3 was skipped, facing 1,000
    assert facts["oot:1"]["skipped"] == 3 and facts["oot:1"]["facing_before"] == 1000
    assert facts["hand@1"]["pot"] == 1000 + 1000 + 1000
    # both effects applied: seat 2 called, seat 3 called, seat 4's raise binds; seat 5 is next
    state = report.state
    assert [state.seats[n].street_bet for n in (1, 2, 3, 4)] == [1000, 1000, 1000, 3000]
    assert state.actor == 5
    assert report.pots[0]["amount"] == 1000 + 3 * 1000 + 3000


def test_the_first_incidents_ruling_changes_the_seconds(floor):
    """Same second incident, different first ruling: a call lets seat 3's push be a raise; a
    raise to 5,000 makes the same push an undercall."""
    push = Wager(seat=3, chips=(1000, 1000, 1000))
    after_call = rule(floor, [Wager(seat=2, chips=(5000,)), push])
    after_raise = rule(floor, [Wager(seat=2, declared="raise", chips=(5000,), speech="before"), push])
    assert [r.rule_id for r in after_call.rulings] == ["BET-OVERSIZED-CHIP-CALL", "BET-CHIPS-FULL-RAISE"]
    assert [r.rule_id for r in after_raise.rulings] == ["BET-OVERSIZED-CHIP-RAISE", "ACT-UNDERCALL-DISCRETION"]
    assert after_call.state.current_bet == 3000 and after_raise.state.current_bet == 5000


def test_rulings_carry_their_incident_in_order_and_in_the_json(floor):
    report = rule(floor, [STRING_BET, OutOfTurn(seat=4, action="raise", amount=3000)])
    assert [r.incident for r in report.rulings] == [0, 1]
    data = json.loads(json.dumps(report.to_json()))
    assert [r["incident"] for r in data["rulings"]] == [0, 1]
    assert data["rulings"][0]["effect"] == [{"kind": "action", "seat": 2, "action": "call"}]
    assert data["rulings"][1]["effect"] == [{"kind": "back-up", "binding": False}]
    assert [r.rule_id for r in report.rulings_on(1)] == ["ACT-OOT-BACK-UP"]
    assert report.ruling_for("ACT-OOT-BACK-UP", incident=0) is None


def test_a_later_incident_against_a_void_hand_gets_no_ruling_naming_why(floor):
    table = Table.model_validate({"seats": [{"number": n, "stack": 20000} for n in range(1, 7)], "button": 6,
                                  "format": "tournament", "forced_bets": {"small_blind": 100, "big_blind": 200}})
    events = [Post(seat=1, kind="small-blind", amount=100), Post(seat=2, kind="big-blind", amount=200)]
    misdeal = DealError(error="first-card-wrong-seat")
    only = rule(floor, [misdeal], (table, events))
    assert [r.decision for r in only.rulings] == ["misdeal"] and only.void and only.pots == [] and not only.unruled
    both = rule(floor, [misdeal, Wager(seat=3, chips=(200,))], (table, events))
    assert [r.incident for r in both.rulings] == [0] and both.void
    assert list(both.unruled) == [1]
    assert "hand is void" in both.unruled[1] and "DEAL-MISDEAL-FIRST-CARD-WRONG-SEAT" in both.unruled[1]
    assert json.loads(json.dumps(both.to_json()))["unruled"] == {"1": both.unruled[1]}


BAD_EFFECT_RULE = """\
id: T-RAISE-TOO-FAR
name: raise-too-far
title: test rule
category: betting
summary: test
citations: [{source: TDA, edition: "2024", rule: "44", confidence: verified}]
subject: wager
when:
  - {as: w, fact: wager, where: [[facing_bet, '==', true]]}
ruling:
  decision: raise
  effect: {kind: action, seat: w.seat, action: raise, to: w.all_in_to + 1}
  explanation: "seat {w.seat} raises past its stack"
"""


def test_an_effect_the_hand_refuses_is_reported_and_stops_the_next_incident(tmp_path):
    folder = tmp_path / "book"
    (folder / "profiles").mkdir(parents=True)
    (folder / "profiles" / "tda-2026.yaml").write_text("id: tda-2026\ntitle: t\n")
    (folder / "rule.yaml").write_text(BAD_EFFECT_RULE)
    floor = Floor(load_rulebook(folder))
    try:
        [ruling] = rule(floor, [Wager(seat=2, chips=(5000,))]).rulings
        assert ruling.effect_error and "table stakes" in ruling.effect_error
        with pytest.raises(FloormanError) as error:
            rule(floor, [Wager(seat=2, chips=(5000,)), Wager(seat=3, chips=(5000,))])
        assert error.value.field == "incidents[1]"
        assert "T-RAISE-TOO-FAR on incident 0 could not be applied" in str(error.value)
    finally:
        floor.close()


def test_incidents_are_ruled_on_one_running_hand_not_a_replay_each(floor, monkeypatch):
    """Linear: one replay of the recorded events for the whole hand, one engine run per incident."""
    replays = []
    original = HandState.replay.__func__

    def counting(cls, *args, **kwargs):
        replays.append(1)
        return original(cls, *args, **kwargs)

    monkeypatch.setattr(HandState, "replay", classmethod(counting))
    incidents = [Question(asks="count-pot") for _ in range(60)]
    report = rule(floor, incidents)
    assert [r.incident for r in report.rulings] == list(range(60))
    assert len(replays) == 1


def test_a_hand_with_no_incident_is_ruled_once(floor):
    report = rule(floor, [])
    assert report.rulings == [] and report.pots[0]["amount"] == 2000


def test_the_bundled_sequences_pass(floor):
    results = run_checks([ROOT / "scenarios" / "sequences"], floor=floor)
    assert len(results) >= 8
    assert [r.path for r in results if not r.passed] == []


def test_two_hundred_raises_in_a_row_each_build_on_the_last_and_each_wager_is_built_once(floor, monkeypatch):
    """Each incident's facts are built once, on the running hand; an earlier wager is read from
    the facts it was ruled on, never rebuilt (that was quadratic)."""
    from floorman.engine import facts as facts_package
    from floorman.engine.facts import betting  # noqa: F401  (registers the wager builder)

    built = []
    original = facts_package.BUILDERS["wager"]

    def counting(situation, incident, index):
        built.append(index)
        return original(situation, incident, index)

    monkeypatch.setitem(facts_package.BUILDERS, "wager", counting)
    table = Table.model_validate({"seats": [{"number": n, "stack": 10_000_000} for n in range(1, 6)],
                                  "button": 5, "forced_bets": {"small_blind": 100, "big_blind": 200}})
    _, events = flop_bet()
    raises = [Wager(seat=(i + 1) % 5 + 1, declared="raise", amount_said=1000 * (i + 2)) for i in range(200)]
    report = rule(floor, raises, (table, events))
    assert [r.rule_id for r in report.rulings] == ["DECL-RAISE-AMOUNT"] * 200
    assert [r.params["raise_to"] for r in report.rulings][-2:] == [200_000, 201_000]
    assert report.state.current_bet == 201_000 and report.state.actor == 2
    assert built == list(range(200))


def test_an_under_raise_that_stands_as_made_is_built_on_by_the_next_incident(floor):
    """TDA 2024 52-A / 2026 54-A: found after the next card, the raise to 1,000 (the minimum was
    1,200) stands. The next push is judged against 1,000, and every later replay of the hand
    accepts the short raise (it is in the state's tolerated departures)."""
    from floorman.model.incidents.addendum import UnderRaiseFound

    table, events = flop_bet()
    events = [*events[:-1], Action(seat=1, action="bet", amount=600)]
    found = UnderRaiseFound(seat=2, to=1000, found="next-card-dealt",
                            then=({"seat": 3, "action": "call"}, {"seat": 4, "action": "call"},
                                  {"seat": 5, "action": "fold"}))
    report = rule(floor, [found, Wager(seat=1, chips=(500,))], (table, events))
    assert [(r.rule_id, r.effect_error) for r in report.rulings] == [("BET-UNDER-RAISE-STANDS", None),
                                                                      ("BET-OVERSIZED-CHIP-CALL", None)]
    assert report.rulings[1].params == {"call_amount": 400, "call_to": 1000, "change": 100}
    assert [w.code for w in report.state.warnings] == ["raise-size"]
    assert report.state.actor is None and report.pots[0]["amount"] == 1000 + 4 * 1000


def test_the_trace_holds_each_incidents_facts_once_with_unique_ids(floor):
    report = rule(floor, [STRING_BET, Wager(seat=3, chips=(1000, 1000, 1000, 1000))])
    ids = [fact["id"] for fact in report.trace.facts]
    assert len(ids) == len(set(ids))
    assert ids.count("profile") == 1 and "hand" in ids and "hand@1" in ids
    facts = {fact["id"]: fact for fact in report.trace.facts}
    assert facts["hand"]["current_bet"] == 1000 and facts["hand@1"]["pot"] == 3000   # after seat 2's call
    for firing in report.trace.fired:        # every fact a firing names is in the trace
        assert set(firing.matched.values()) <= set(ids)
        assert firing.derived is None or firing.derived in ids
