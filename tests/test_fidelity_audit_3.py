"""Fidelity audit 3 (issue 16): the fixes each checked against the rulebook as it loads, so a
regression names the rule. Conduct is judged by when it happened; 2024-edition rules point at a
2026 rule only where the 2026 rule says the same; the corrected citations; the ladder table in
the docs is the one the catalogue generates."""

from __future__ import annotations

from pathlib import Path

import pytest

from floorman.authoring.catalogue import render_ladder
from floorman.engine.facts import Situation
from floorman.engine.floor import Floor
from floorman.model.events import Action, Board, Burn, Post
from floorman.model.incidents.conduct import OFFENCES, Conduct
from floorman.model.table import Table
from floorman.rulebook.loader import load_rulebook
from floorman.ruling import quote_for

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def book():
    return load_rulebook()


@pytest.fixture(scope="module")
def floor(book):
    floor = Floor(book)
    yield floor
    floor.close()


# ----------------------------------------------------------------------------- conduct by when it happened

TABLE = Table.model_validate({
    "format": "tournament", "button": 8,
    "forced_bets": {"small_blind": 100, "big_blind": 200, "ante": 200, "ante_style": "big-blind"},
    "seats": [{"number": n, "stack": 20000} for n in range(1, 9)]})
# seat 3 raises, seat 5 calls along; everyone else folds pre-flop; on the turn seat 3 bets
MID_HAND = [Post(seat=1, kind="small-blind", amount=100), Post(seat=2, kind="big-blind", amount=200),
            Post(seat=2, kind="big-blind-ante", amount=200), Action(seat=3, action="raise", amount=600),
            Action(seat=4, action="fold"), Action(seat=5, action="call"),
            *[Action(seat=n, action="fold") for n in (6, 7, 8, 1, 2)],
            Burn(), Board(cards=("Qs", "9h", "4d")), Action(seat=3, action="bet", amount=1000),
            Action(seat=5, action="call"), Burn(), Board(cards=("2c",)), Action(seat=3, action="bet", amount=2500)]
# ... seat 5 calls, and the river is checked down: the hand is over when the offence is reported
OVER = [*MID_HAND, Action(seat=5, action="call"), Burn(), Board(cards=("7h",)), Action(seat=3, action="check"),
        Action(seat=5, action="check")]


def _ruled(floor, events, incident):
    report = floor.rule(Situation(TABLE, list(events), [incident], "tda-2026", floor.situation_options("tda-2026")))
    return {r.rule_id: r for r in report.rulings}


@pytest.mark.parametrize("offence", sorted(OFFENCES))
def test_every_conduct_offence_is_ruled_the_same_when_reported_after_the_hand(floor, offence):
    """The offence happened during the hand, by seat 5 (live) towards seat 3 (live). Reported
    mid-hand or once the hand is over, the same rules rule; the late ruling says the pot stands."""
    incident = Conduct(seat=5, offence=offence, other_seat=3, online=offence == "bot")   # a bot is an online offence
    now, late = _ruled(floor, MID_HAND, incident), _ruled(floor, OVER, incident)
    assert now and set(now) == set(late), (offence, sorted(now), sorted(late))
    for rule_id, ruling in late.items():
        assert ruling.params.get("after_hand") is True, rule_id
        assert now[rule_id].params.get("after_hand") is False, rule_id
        assert any("the pot stands" in step for step in ruling.steps), rule_id


def test_an_offence_between_hands_is_not_a_live_hand_offence(floor):
    assert _ruled(floor, OVER, Conduct(seat=5, offence="device", during_hand=False)) == {}
    assert "CONDUCT-DEVICE-LIVE-HAND" in _ruled(floor, OVER, Conduct(seat=5, offence="device"))


# ----------------------------------------------------------------------------- 2026 pointers

def test_a_2024_value_rule_points_at_no_2026_rule_that_says_otherwise(book):
    """Rules that fire only on the 2024 value of a 2026 change quote no '(2026: ...)' pointer: the
    2026 rule does not say the same thing (37-A no longer lists a non-standard card; 37-D keeps
    only 'no misdeal after substantial action')."""
    changes = {name: spec for name, spec in book.option_specs.items() if spec.tda_2026_change}
    gated = []
    for rule in book.rules.values():
        for pattern in rule.when:
            for c in pattern.where:
                spec = changes.get(c.field) if pattern.fact == "profile" else None
                if spec is not None and c.op == "==" and c.value == spec.tda_2024:
                    gated.append(rule)
    assert {"DEAL-MISDEAL-NON-STANDARD-CARD", "DEAL-NON-STANDARD-CARD-BLANK",
            "DEAL-NON-STANDARD-CARD-IN-HAND-DEAD"} <= {r.id for r in gated}
    for rule in gated:
        assert "(2026:" not in quote_for(rule.citations, "tda-2024"), rule.id


# ----------------------------------------------------------------------------- citations

def _cited(book, rule_id, role="basis"):
    return {(c.source, c.edition, c.rule or c.section) for c in book.rules[rule_id].citations if c.role == role}


def test_the_corrected_citations(book):
    assert ("TDA", "2024", "25-A") in _cited(book, "CHIPS-BEHIND-NOT-IN-ACTION")
    assert ("TDA", "2024", "25-C") not in _cited(book, "CHIPS-BEHIND-NOT-IN-ACTION")
    assert quote_for(book.rules["CONDUCT-NUTS-CHECK-DISCRETION"].citations, "tda-2024").startswith("TDA 2024 Rule 71-B")
    assert quote_for(book.rules["ACT-RAISE-REOPENED-ANSWER"].citations, "tda-2024").startswith("TDA 2024 Rule 47-A")
    assert quote_for(book.rules["ACT-RAISE-REOPENED-ANSWER"].citations, "tda-2026").endswith("(2024: 47-A)")
    assert ("RRoP", "v11", "Ties") in _cited(book, "VAR-RAZZ-ODD-CHIP-LOWEST-CARD")
    # the 32-card game is a board game (21-A): the worst-position rule is for the draw games
    worst = book.rules["VAR-ODD-CHIP-WORST-POSITION"]
    assert [c.value for p in worst.when for c in p.where if c.field == "family"] == ["draw"]
    # under a 2024-edition profile, simultaneous eliminations rest on the 2024 practice, 2026 22 a contrast
    for rule_id in ("TOURN-ELIM-LARGER-STACK-HAND-BEGAN", "TOURN-ELIM-EQUAL-STACKS-HAND-BEGAN"):
        assert ("TDA", "2026", "22") in _cited(book, rule_id, "contrast")
        assert quote_for(book.rules[rule_id].citations, "tda-2024") == "house practice"
    assert ("TDA", "2024", "31") in _cited(book, "CASH-LEAVE-MID-HAND-FORFEITS", "contrast")
    assert ("TDA", "2026", "RP-28") in _cited(book, "TOURN-SHOT-CLOCK-TIME")


# ----------------------------------------------------------------------------- the ladder in the docs

def test_the_docs_carry_the_ladder_the_catalogue_generates(book):
    section = "\n".join(render_ladder(book))
    docs = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert section in docs
    assert "| minor, 2 warnings, 0 penalties | removal from the game | removal from the game | 2 rounds missed | " \
           "2 rounds missed |" in section
    assert "- disqualification: TDA 2024 71-A" in section
