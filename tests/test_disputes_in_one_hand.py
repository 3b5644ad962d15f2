"""Many disputes in one hand at a live table (reliability audit 3, N14) and a hand that can always
go on (N15).

N14: a new dispute is ruled on the running hand; the disputes before it are not ruled again and
not recorded again. What the earlier disputes feed the later rules (ACT-UNDERCALL-SEQUENCE) and
the provisional re-rulings keep working. The time per dispute is bench/bench_disputes.py's.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_support import floorman

from floorman.engine.facts import Situation
from floorman.engine.floor import Floor
from floorman.journal import Journal, close_all, record_ruling
from floorman.scenarios import load_scenario, rules_for, scenario_files
from floorman.session import TableSession

ROOT = Path(__file__).resolve().parents[1]
UNDERCALLS = ROOT / "scenarios" / "action" / "tda-undercalls-in-sequence.yaml"


@pytest.fixture(scope="module")
def floor() -> Floor:
    return Floor()


@pytest.fixture
def ruled(monkeypatch) -> list:
    """The incident index of every incident the floor rules (each run of the engine)."""
    seen: list = []
    original = Floor._rule_facts

    def counting(self, situation, facts, index):
        seen.append(index)
        return original(self, situation, facts, index)

    monkeypatch.setattr(Floor, "_rule_facts", counting)
    return seen


@pytest.fixture
def journal(tmp_path: Path):
    yield tmp_path / "journal.sqlite3"
    close_all()


def recording_session(floor: Floor, journal: Path, setup: str) -> TableSession:
    def recorder(report_json, situation, command):
        return record_ruling(report_json, command=command, situation=situation, journal_path=journal)

    session = TableSession(floor=floor, recorder=recorder)
    assert session.start(setup).ok
    return session


def test_n14_a_new_dispute_rules_and_records_only_the_new_incident(floor, ruled, journal):
    session = recording_session(floor, journal, "nl 2/5 cash 6 seats 500")
    first = None
    for number in range(40):
        ruled.clear()
        outcome = session.enter("s1 asks count-pot")
        assert outcome.ok and outcome.journal_ids, outcome.error or outcome.journal_warning
        assert ruled == [number], f"dispute {number + 1} ruled incidents {ruled}"
        decision = [(shown.ruling.rule_id, shown.ruling.decision) for shown in outcome.rulings]
        first = first or decision
        assert decision == first               # the same question, the same answer, every time
    with Journal.open(journal, create=False) as book:
        rows = list(book.all())
    assert len(rows) == 40
    for row in rows:
        assert [incident["type"] for incident in row.incidents] == ["question"]
        assert {ruling["incident"] for ruling in row.rulings} == {0}
    size = [len(json.dumps(row.incidents)) + len(json.dumps(row.rulings)) + len(json.dumps(row.events))
            for row in rows]
    assert size[-1] == size[1], "the 40th dispute's record holds more than its own ruling"


def test_n14_undo_and_what_if_after_many_disputes_rule_nothing_again(floor, ruled, journal):
    session = recording_session(floor, journal, "nl 2/5 cash 6 seats 500")
    for _ in range(30):
        assert session.enter("s1 asks count-pot").ok
    ruled.clear()
    assert session.enter("what if s1 asks count-pot").ok
    assert ruled == [30]                      # the what-if incident alone; the hand goes back for free
    ruled.clear()
    assert session.enter("undo").ok
    assert ruled == [] and len(session.builder.incidents) == 29
    assert session.enter("s1 asks count-pot").ok and ruled == [29]


def test_n14_earlier_disputes_still_feed_later_rules_and_the_record_replays(floor, journal):
    """Two undercalls in a row at the table: the second is ruled on the hand the first ruling
    left, with the first's facts (ACT-UNDERCALL-SEQUENCE), as `floorman rule` rules the scenario."""
    session = recording_session(floor, journal, "nl 1000/2000 cash 4 seats 100000 button 4 chips 500/1000/5000")
    for line in ("s3 call", "s4 call", "s1 call", "s2 check", "flop Qc Jc 4d", "s1 bet 8000",
                 "s2 chips 1000 1000"):
        assert session.enter(line).ok, line
    outcome = session.enter("s3 chips 1000 1000")
    assert outcome.ok, outcome.error
    at_table = {(s.ruling.rule_id, json.dumps(s.ruling.params, sort_keys=True)) for s in outcome.rulings}
    scenario = load_scenario(UNDERCALLS)
    chosen, options = rules_for(scenario, floor.rulebook)
    situation = scenario.situation(chosen, options)
    expected = floor.rule(Situation(situation.table, situation.events, situation.incidents, chosen, options))
    from_file = {(r.rule_id, json.dumps(r.params, sort_keys=True)) for r in expected.rulings_on(1)}
    assert "ACT-UNDERCALL-SEQUENCE" in {rule for rule, _ in at_table}
    assert at_table == from_file
    with Journal.open(journal, create=False) as book:
        last = book.entries(limit=1)[0]
    # the record is the hand as the second undercall was ruled on it: seat 2's call is in the events
    from floorman.journal.revive import situation_of

    replayed = situation_of(last).state
    assert replayed.seats[2].street_bet == 8000 and replayed.actor == 3
    assert [incident["seat"] for incident in last.incidents] == [3]


def test_n14_each_incident_ruled_on_the_last_report_is_the_whole_group_ruled_at_once(floor):
    """Floor.rule(after=...) on every bundled scenario of two or more incidents, one incident at a
    time: the same rulings, pots, trace and void as ruling them all at once (or the same refusal)."""
    from floorman.errors import FloormanError

    checked = 0
    for path in scenario_files([ROOT / "scenarios"]):
        scenario = load_scenario(path)
        if len(scenario.incidents) < 2:
            continue
        chosen, options = rules_for(scenario, floor.rulebook)
        situation = scenario.situation(chosen, options)
        try:
            whole = floor.rule(situation)
        except FloormanError as error:
            whole = error
        report = None
        try:
            for count in range(1, len(situation.incidents) + 1):
                report = floor.rule(Situation(situation.table, situation.events, situation.incidents[:count],
                                              chosen, options), after=report)
        except FloormanError as error:
            assert isinstance(whole, FloormanError) and str(error) == str(whole), path
            continue
        assert not isinstance(whole, FloormanError), path
        assert [r.to_json() for r in report.rulings] == [r.to_json() for r in whole.rulings], path
        assert (report.pots, report.hands, report.void, report.conflicts) == \
            (whole.pots, whole.hands, whole.void, whole.conflicts), path
        assert report.trace.to_json() == whole.trace.to_json(), path
        assert report.state.events == whole.state.events, path
        checked += 1
    assert checked >= 10, checked


# --- N15: undo never takes back the forced bets ---------------------------------------------------

def test_n15_undo_keeps_the_forced_bets_and_the_hand_goes_on(floor):
    session = TableSession(floor=floor)
    assert session.start("nl 2/5 cash 6 seats 500 button 6").ok
    posts = list(session.builder.events)
    for _ in range(3):
        outcome = session.enter("undo")
        assert outcome.ok and "nothing to undo" in " ".join(outcome.notes)
    assert session.builder.events == posts
    assert session.enter("s3 call").ok and session.state.actor == 4
    assert session.enter("undo").ok and session.state.actor == 3
    assert session.enter("undo").ok and session.builder.events == posts
    assert session.enter("new hand").ok
    assert session.enter("undo").ok and session.state.pot == 7


def test_n15_through_the_cli_undo_then_an_action_is_accepted(tmp_path):
    run = floorman("table", "--no-journal", "nl", "2/5", "cash", "6", "seats", "500", "button", "6",
                   input="undo\nundo\ns3 call\ns4 fold\n", tmp=tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "blinds are missing" not in run.stdout and "✗" not in run.stdout
    assert "nothing to undo" in run.stdout
