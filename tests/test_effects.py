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
from floorman.model.state import HandState
from floorman.model.table import Table
from floorman.rulebook.loader import load_rulebook
from floorman.rulebook.schema import EFFECT_KINDS, Conclusion
from floorman.scenarios import find_scenarios, load_scenario

ROOT = Path(__file__).resolve().parents[1]


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


def test_lint_names_an_unknown_fact_field_in_an_effect_and_the_loader_refuses_it(tmp_path):
    from floorman.authoring.lint import lint_files

    folder = book_with_effect(tmp_path, "[{kind: action, seat: w.sseat, action: call}]")
    problems = [str(p.message) for p in lint_files(folder)]
    assert any("ruling.effect.seat" in p and "'sseat'" in p for p in problems), problems
    with pytest.raises(FloormanError, match="'sseat'"):
        load_rulebook(folder)


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


# ---------------------------------------------------------------------- restrict (issue 15 item 1)
def heads_up_river() -> tuple[Table, list]:
    table = Table.model_validate({"format": "tournament", "button": 2,
                                  "forced_bets": {"small_blind": 100, "big_blind": 200},
                                  "seats": [{"number": 1, "stack": 10000}, {"number": 2, "stack": 10000}]})
    events = [Post(seat=2, kind="small-blind", amount=100), Post(seat=1, kind="big-blind", amount=200),
              Action(seat=2, action="call"), Action(seat=1, action="check"), Board(cards=("Ks", "9h", "4d")),
              Action(seat=1, action="check"), Action(seat=2, action="check"), Board(cards=("2c",)),
              Action(seat=1, action="check"), Action(seat=2, action="check"), Board(cards=("9c",))]
    return table, events


def test_issue15_a_call_or_fold_ruling_is_carried_into_the_hand(floor):
    """Heads-up, seat 2 checks out of turn and seat 1 bets 1,000: under tda-2026 seat 2 may only call
    or fold. The hand says so: legal_options() has no raise, and a raise is refused naming the rule."""
    from floorman.model.incidents.action import FollowingAction, OutOfTurn

    table, events = heads_up_river()
    check = OutOfTurn(seat=2, action="check", then=(FollowingAction(seat=1, action="bet", amount=1000),))
    report = floor.rule(Situation(table, events, [check], "tda-2026", floor.situation_options("tda-2026")))
    [ruling] = report.rulings
    assert ruling.rule_id == "ACT-OOT-HEADS-UP-CHECK" and ruling.effect_error is None
    state = report.state
    assert state.actor == 2 and [o.action for o in state.legal_options()] == ["fold", "call"]
    with pytest.raises(FloormanError) as refused:
        state.apply(Action(seat=2, action="raise", amount=3000))
    assert "ACT-OOT-HEADS-UP-CHECK" in str(refused.value) and "call or fold" in str(refused.value)
    assert state.seats[2].street_bet == 0            # the refused raise changed nothing
    # a replay of the hand's events keeps the restriction where it was ruled
    again = HandState.replay(table, state.events, restrictions=state.restriction_log)
    assert [o.action for o in again.legal_options()] == ["fold", "call"]
    state.apply(Action(seat=2, action="call"))
    assert state.restrictions == {}                  # the round is over: so is the restriction


def test_issue15_the_table_refuses_the_raise_and_next_names_the_ruling():
    """The issue's repro, at the live table."""
    from floorman.cli.table_view import whats_next
    from floorman.session.table import TableSession

    session = TableSession()
    session.start("nl 100/200 tournament 2 seats 10000 button 2")
    for line in ("s2 call", "s1 check", "checked to river", "river 9c", "s2 check", "s1 bet 1000"):
        assert session.enter(line).ok, line
    assert "ACT-OOT-HEADS-UP-CHECK ruled: call or fold only" in whats_next(session.state)
    assert "raise to" not in whats_next(session.state)
    raised = session.enter("s2 raise 3000")
    assert not raised.ok and "ACT-OOT-HEADS-UP-CHECK" in raised.error
    assert session.enter("s2 call").ok


def test_issue15_a_raise_said_alone_must_be_made_and_the_chips_that_follow_are_the_raise(floor):
    """"Raise" said alone facing a bet binds a raise of at least the minimum (DECL-RAISE-WORD-ONLY):
    the hand allows only that raise, and chips pushed next are read as the declared raise."""
    table, events = flop()
    said = Wager(seat=2, declared="raise")
    options = floor.situation_options("tda-2026")
    report = floor.rule(Situation(table, events, [said], "tda-2026", options))
    [ruling] = report.rulings
    assert ruling.rule_id == "DECL-RAISE-WORD-ONLY"
    assert ruling.effect == ({"kind": "restrict", "seat": 2, "only": ["raise"], "until": "turn", "at_least": 2000},)
    assert [(o.action, o.min_to) for o in report.state.legal_options()] == [("raise", 2000)]
    # a silent 2,500 next: the raise declared, to 2,500 (not the call a silent push could be)
    report = floor.rule(Situation(table, events, [said, Wager(seat=2, chips=(1000, 1000, 500))], "tda-2026", options))
    second = report.rulings_on(1)
    assert [(r.decision, r.params.get("raise_to")) for r in second] == [("raise", 2500)]
    assert second[0].effect_error is None and report.state.seats[2].street_bet == 2500


def test_a_restriction_that_leaves_nothing_is_refused():
    from floorman.model.state import Restriction

    table, events = heads_up_river()
    state = HandState.replay(table, events)
    # seat 1 first to act on the river: nothing to call, so a restriction to call alone allows a check
    state.restrict(Restriction(seat=1, only=frozenset({"call"}), rule="X-TEST"))
    assert [o.action for o in state.legal_options()] == ["check"]
    state.restrictions.clear()
    with pytest.raises(FloormanError, match="X-TEST"):
        state.restrict(Restriction(seat=1, only=frozenset({"fold"}), rule="X-TEST"))   # fold is no option here
    assert state.restrictions == {}


# ---------------------------------------------------------------------- N16: no hidden effect error
def test_n16_the_panel_shows_an_effect_that_cannot_be_applied():
    """Audit N16: only --json showed `effect_error`; the panel hid it (and so N1 and N3)."""
    from dataclasses import replace

    from rich.console import Console

    from floorman.cli.ruling_view import ruling_panel
    from floorman.ruling import Ruling

    ruling = Ruling("BET-TEST", "test", "A test ruling", "betting", "raise", {"raise_to": 300}, (),
                    "Seat 3 raises.", (), "wager", 80, {"w": "wager:0"})
    console = Console(width=100, record=True)
    console.print(ruling_panel(replace(ruling, effect_error="fixed-limit: the raise is to exactly 40, not 300")))
    text = console.export_text()
    assert "cannot follow this ruling: fixed-limit: the raise is to exactly 40, not 300" in text
    assert "BET-TEST" in text and "report it" in text
    console = Console(width=100, record=True)
    console.print(ruling_panel(ruling))
    assert "cannot follow" not in console.export_text()


def test_when_no_rule_applies_the_panel_says_what_it_read():
    """Issue 14 item 4: where "no rule applies" is right, the panel says why."""
    from rich.console import Console

    from floorman.cli.ruling_view import print_report

    table = Table.model_validate({"button": 3, "forced_bets": {"small_blind": 50, "big_blind": 100},
                                  "seats": [{"number": n, "stack": 5000} for n in (1, 2, 3)]})
    events = [Post(seat=1, kind="small-blind", amount=50), Post(seat=2, kind="big-blind", amount=100)]
    situation = Situation(table, events, [Wager(seat=3, declared="amount-only", amount_said=1, chips=(25, 25))],
                          "tda-2026", Floor().situation_options("tda-2026"))
    report = Floor().rule(situation)
    assert report.rulings == []
    console = Console(width=200, record=True)
    print_report(console, situation, report, title="t")
    text = " ".join(console.export_text().split())
    assert 'seat 3 said "1" with 50 in chips, facing 100 to call' in text and "TDA 2024 Rule 1" in text
