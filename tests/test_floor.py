"""The floor facade: facts in, cited rulings out, with a documented precedence and a trace."""

from __future__ import annotations

from pathlib import Path

import pytest

from floorman.engine.expressions import ExpressionError
from floorman.engine.facts import Situation
from floorman.engine.floor import Floor, render
from floorman.model.events import Action, Post
from floorman.model.incidents.betting import Wager
from floorman.model.table import Table
from floorman.rulebook.loader import load_rulebook

PROFILE = """\
id: tda-2026
title: test
options: {words_vs_chips: first-action}
"""

RULE = """\
id: {id}
name: {name}
title: test rule
category: betting
summary: test
citations: [{{source: TDA, edition: "2024", rule: "44", confidence: verified}}]
priority: {priority}
subject: wager
overrides: {overrides}
when:
  - {{as: w, fact: wager, where: [[single_chip, '==', true], [facing_bet, '==', true]]}}
ruling:
  decision: {decision}
  effect: {{kind: action, seat: w.seat, action: call}}
  params: {{call_amount: {param}}}
  steps: ["pay {{call_amount}}"]
  explanation: "seat {{w.seat}} owes {{call_amount}}"
"""


def write_book(tmp_path: Path, rules: list[dict]) -> Path:
    folder = tmp_path / "book"
    (folder / "profiles").mkdir(parents=True)
    (folder / "profiles" / "tda-2026.yaml").write_text(PROFILE)
    for rule in rules:
        values = {"priority": 50, "overrides": "[]", "decision": "call", "param": "w.call_amount", **rule}
        (folder / f"{rule['name']}.yaml").write_text(RULE.format(**values))
    return folder


def situation(chips=(100,)) -> Situation:
    table = Table.model_validate({"seats": [{"number": n, "stack": 1000} for n in (1, 2, 3)], "button": 3,
                                  "forced_bets": {"small_blind": 5, "big_blind": 10}})
    events = [Post(seat=1, kind="small-blind", amount=5), Post(seat=2, kind="big-blind", amount=10),
              Action(seat=3, action="raise", amount=30)]
    return Situation(table, events, [Wager(seat=1, chips=tuple(chips))], "tda-2026", {})


def test_a_single_rule_fires_with_its_numbers_and_citation(tmp_path):
    floor = Floor(load_rulebook(write_book(tmp_path, [{"id": "T-ONE", "name": "one"}])))
    report = floor.rule(situation())
    [ruling] = report.rulings
    assert ruling.rule_id == "T-ONE" and ruling.decision == "call"
    assert ruling.params == {"call_amount": 25}          # 30 to call, 5 already in as the small blind
    assert ruling.explanation == "seat 1 owes 25" and ruling.steps == ("pay 25",)
    assert [c.label for c in ruling.citations] == ["TDA 2024 Rule 44"]
    assert report.trace.fired[0].rule_id == "T-ONE"
    assert {f["type"] for f in report.trace.facts} >= {"hand", "profile", "wager"}
    floor.close()


def test_higher_priority_wins_and_the_trace_names_the_overridden_rule(tmp_path):
    book = write_book(tmp_path, [{"id": "T-GENERAL", "name": "general", "priority": 10},
                                 {"id": "T-SPECIFIC", "name": "specific", "priority": 90, "decision": "raise"}])
    floor = Floor(load_rulebook(book))
    report = floor.rule(situation())
    assert [r.rule_id for r in report.rulings] == ["T-SPECIFIC"]
    assert report.rulings[0].overridden == ("T-GENERAL",)
    outcomes = {f.rule_id: f.outcome for f in report.trace.fired}
    assert outcomes == {"T-GENERAL": "overridden by T-SPECIFIC", "T-SPECIFIC": "applied"}
    assert report.conflicts == []
    floor.close()


def test_an_override_beats_a_higher_priority(tmp_path):
    book = write_book(tmp_path, [{"id": "T-HIGH", "name": "high", "priority": 90},
                                 {"id": "T-LOW", "name": "low", "priority": 10, "decision": "raise",
                                  "overrides": "[T-HIGH]"}])
    floor = Floor(load_rulebook(book))
    assert [r.rule_id for r in floor.rule(situation()).rulings] == ["T-LOW"]
    floor.close()


def test_same_priority_different_decisions_is_reported_as_a_conflict(tmp_path):
    book = write_book(tmp_path, [{"id": "T-A", "name": "a"}, {"id": "T-B", "name": "b", "decision": "raise"}])
    floor = Floor(load_rulebook(book))
    report = floor.rule(situation())
    assert len(report.rulings) == 1
    assert report.conflicts and "no override" in report.conflicts[0]
    floor.close()


def test_an_error_in_a_conclusion_reaches_the_caller(tmp_path):
    # a conclusion that loads (every name is a fact field) but cannot be worked out on these facts
    book = write_book(tmp_path, [{"id": "T-BAD", "name": "bad", "param": "w.call_amount // (w.stack - w.stack)"}])
    floor = Floor(load_rulebook(book))
    with pytest.raises(ExpressionError):
        floor.rule(situation())
    floor.close()


def test_a_near_miss_fires_nothing(tmp_path):
    floor = Floor(load_rulebook(write_book(tmp_path, [{"id": "T-ONE", "name": "one"}])))
    report = floor.rule(situation(chips=(10, 10, 10)))
    assert report.rulings == [] and report.trace.fired == []
    floor.close()


def test_render_formats_numbers_and_leaves_unknown_placeholders():
    assert render("{a.x} and {p} and {q}", {"a": {"x": 14000}}, {"p": True}) == "14,000 and yes and {q}"


def test_many_queries_do_not_hit_the_durable_session_cap(tmp_path):
    """durable-rules holds at most 1,024 live sessions per ruleset; every query deletes its own."""
    floor = Floor(load_rulebook(write_book(tmp_path, [{"id": "T-ONE", "name": "one"}])))
    for _ in range(1500):
        assert floor.rule(situation()).rulings
    floor.close()


def test_a_dead_hand_ruling_takes_the_hand_out_of_the_award():
    """Seed 000: the aces were mucked untabled and lost in the discards; the pot goes to the
    tabled hand, not to the better hand that is dead."""
    from pathlib import Path

    from floorman.scenarios import load_scenario

    root = Path(__file__).resolve().parents[1]
    scenario = load_scenario(root / "scenarios" / "showdown" / "seed000-muck-winner-before-tabling.yaml")
    floor = Floor()
    report = floor.rule(scenario.situation(None, floor.situation_options("tda-2026")))
    [ruling] = report.rulings
    assert ruling.decision == "dead-hand" and ruling.dead_seat == 3
    assert report.pots[0]["winners"] == [1]
    assert 3 not in report.hands
    floor.close()
