"""Fact building is linear in the number of incidents (issue 7, audit M6).

Each wager used to rebuild every other wager's facts, and replayed the whole hand to find the
round's bet levels: 2,000 wager incidents took over a minute. The tests count the work (events
applied to a HandState, replays, builder calls) rather than timing it, so they cannot flake.
"""

from __future__ import annotations

import pytest

from floorman.engine.facts import (
    BUILDERS,
    Situation,
    betting,  # noqa: F401  (registers the wager builder)
    situation_facts,
)
from floorman.model.events import Action, Board, Post
from floorman.model.incidents.betting import Wager
from floorman.model.state import HandState
from floorman.model.table import Table

INCIDENTS = 2_000

TABLE = Table.model_validate({"seats": [{"number": n, "stack": 10 ** 12} for n in range(1, 6)],
                              "button": 5, "forced_bets": {"small_blind": 100, "big_blind": 200}})
EVENTS = [Post(seat=1, kind="small-blind", amount=100), Post(seat=2, kind="big-blind", amount=200),
          *(Action(seat=n, action="call") for n in (3, 4, 5, 1)), Action(seat=2, action="check"),
          Board(cards=("Ks", "9h", "4d")), Action(seat=1, action="bet", amount=1000)]


@pytest.fixture
def work(monkeypatch):
    """Counts of the work done: events applied, replays started, wager facts built."""
    counts = {"apply": 0, "replay": 0, "wager": 0}
    apply_all, replay, build = HandState.apply_all, HandState.replay.__func__, BUILDERS["wager"]

    def counting_apply_all(self, events):
        # every event applied goes through apply_all (apply is apply_all of one)
        events = list(events)
        counts["apply"] += len(events)
        return apply_all(self, events)

    def counting_replay(cls, *args, **kwargs):
        counts["replay"] += 1
        return replay(cls, *args, **kwargs)

    def counting_build(situation, incident, index):
        counts["wager"] += 1
        return build(situation, incident, index)

    monkeypatch.setattr(HandState, "apply_all", counting_apply_all)
    monkeypatch.setattr(HandState, "replay", classmethod(counting_replay))
    monkeypatch.setitem(BUILDERS, "wager", counting_build)
    return counts


def raises(count: int) -> list[Wager]:
    """Seat 2 raises, seat 3 re-raises... each in turn on the hand the last one left."""
    return [Wager(seat=(i + 1) % 5 + 1, declared="raise", amount_said=1000 * (i + 2)) for i in range(count)]


def test_two_thousand_wagers_ruled_in_turn_cost_one_pass_over_the_hand(floor, work):
    situation = Situation(TABLE, list(EVENTS), raises(INCIDENTS), "tda-2026", floor.situation_options("tda-2026"))
    report = floor.rule(situation)
    assert len(report.rulings) == INCIDENTS and {r.decision for r in report.rulings} == {"raise"}
    assert report.state.current_bet == 1000 * (INCIDENTS + 1)
    assert work["wager"] == INCIDENTS                       # each wager's facts built once
    # the recorded events once, then one event per ruling's effect: no replay per incident
    assert work["apply"] <= 2 * len(EVENTS) + INCIDENTS + 10, work
    assert work["replay"] <= 3, work


def test_two_thousand_wagers_on_one_hand_build_each_once(floor, work):
    """Every incident's facts on the same hand (situation_facts): the undercall order comes from
    the wager before, not from rebuilding every other wager."""
    undercalls = [Wager(seat=2, chips=(100, 100))] * INCIDENTS
    options = floor.situation_options("tda-2026")
    facts = situation_facts(Situation(TABLE, list(EVENTS), undercalls, "tda-2026", options))
    wagers = [f for f in facts if f["type"] == "wager"]
    assert len(wagers) == INCIDENTS and work["wager"] == INCIDENTS
    assert work["apply"] == len(EVENTS) and work["replay"] == 1
    # the undercall chain still counts every undercall before, and names the first undercaller
    assert [w["act_undercall_count"] for w in wagers[:3]] == [1, 2, 3]
    assert wagers[0]["act_first_undercall"] and not wagers[0]["act_later_undercall"]
    assert all(w["act_later_undercall"] and w["act_first_undercaller"] == 2 for w in wagers[1:])
