"""The live table session without a terminal: lines in, outcomes out. Provisional rulings ruled
again on the next action, bad input that changes nothing, undo, what if, save, new hand, and
every ruling recorded before it is shown."""

from __future__ import annotations

from pathlib import Path

import pytest

from floorman.checks.runner import run_checks
from floorman.engine.floor import Floor
from floorman.session import TableSession


@pytest.fixture(scope="module")
def floor() -> Floor:
    return Floor()


@pytest.fixture
def recorded() -> list[tuple[str, str]]:
    return []


def session_with(floor, recorded, setup: str) -> TableSession:
    def recorder(report_json, situation, command):
        recorded.append((command, report_json["rulings"][-1]["rule"]))
        return len(recorded), None

    session = TableSession(floor=floor, recorder=recorder)
    outcome = session.start(setup)
    assert outcome.ok, outcome.error
    return session


def enter_all(session: TableSession, lines: list[str]):
    outcomes = [session.enter(line) for line in lines]
    for outcome in outcomes:
        assert outcome.ok, (outcome.line, outcome.error)
    return outcomes


def test_set_up_posts_the_blinds_and_names_the_profile(floor, recorded):
    session = session_with(floor, recorded, "nl 2/5 cash 6 seats 500 button 6")
    assert session.profile == "cash"
    assert session.state.pot == 7 and session.state.actor == 3
    tournament = session_with(floor, recorded, "nl 100/200 tournament 3 seats")
    assert tournament.profile == "tda-2026"
    named = TableSession(floor=floor, profile="cash")
    named.start("nl 100/200 tournament 3 seats")
    assert named.profile == "cash"


def test_a_bad_set_up_line_is_one_line_and_the_session_waits_for_another(floor, recorded):
    session = TableSession(floor=floor)
    bad = session.enter("nl 2/5 csh")
    assert not bad.ok and "column 8" in bad.error and session.builder is None
    assert session.enter("nl 2/5 cash").ok and session.builder is not None


def test_a_dispute_is_ruled_as_entered_and_recorded_first(floor, recorded):
    session = session_with(floor, recorded, "nl 2/5 cash 6 seats 500 button 6")
    raise_, chips = enter_all(session, ["s3 raise 25", "s4 chips 100 silent"])
    assert raise_.changed and not raise_.rulings
    [shown] = chips.rulings
    assert (shown.ruling.rule_id, shown.ruling.params["call_amount"], shown.ruling.params["change"]) == \
        ("BET-OVERSIZED-CHIP-CALL", 25, 75)
    assert shown.provisional is None
    assert recorded == [("table", "BET-OVERSIZED-CHIP-CALL")] and chips.journal_ids == [1]
    assert session.state.actor == 5          # the table goes on from the call


def test_journal_failure_is_a_warning_and_the_ruling_is_still_given(floor):
    session = TableSession(floor=floor, recorder=lambda *args: (None, "not recorded in the journal: locked"))
    session.start("nl 2/5 cash 6 seats 500 button 6")
    session.enter("s3 raise 25")
    outcome = session.enter("s4 chips 100 silent")
    assert outcome.rulings and outcome.journal_warning == "not recorded in the journal: locked"


def test_out_of_turn_is_provisional_until_the_skipped_seat_acts(floor, recorded):
    session = session_with(floor, recorded, "nl 100/200 tournament 3 seats button 3")
    enter_all(session, ["s3 call", "s1 call", "s2 check", "flop Kh Td 6c"])
    oot = session.enter("s2 bet 500")
    [first] = oot.rulings
    assert first.ruling.rule_id == "ACT-OOT-BACK-UP"
    assert first.provisional and "binds unless seat 1 bets or raises" in first.provisional
    assert session.state.actor == 1            # the action backed up
    check = session.enter("s1 check")
    [again] = check.rulings
    assert again.rerule and again.provisional is None
    assert (again.ruling.rule_id, again.ruling.params["amount_to"]) == ("ACT-OOT-BINDS", 500)
    assert session.state.actor == 3 and session.state.current_bet == 500   # the bet stands
    assert [rule for _, rule in recorded] == ["ACT-OOT-BACK-UP", "ACT-OOT-BINDS"]


def test_the_skipped_seat_betting_frees_the_out_of_turn_bet(floor, recorded):
    session = session_with(floor, recorded, "nl 100/200 tournament 3 seats button 3")
    enter_all(session, ["s3 call", "s1 call", "s2 check", "flop Kh Td 6c", "s2 bet 500"])
    [changed] = session.enter("s1 bet 300").rulings
    assert changed.ruling.rule_id == "ACT-OOT-ACTION-CHANGED" and changed.rerule
    assert session.state.actor == 2 and session.state.current_bet == 300
    # undo goes back to the provisional ruling, not past it
    undo = session.enter("undo")
    assert "provisional again" in undo.notes[0] and session.state.actor == 1
    [bound] = session.enter("s1 check").rulings
    assert bound.ruling.rule_id == "ACT-OOT-BINDS"


@pytest.mark.parametrize("line", ["s3 rasie 25", "s9 call", "s3 raise 25000", "s3 check", "flop As Kd",
                                  "incident wager seat=3 chipz=1", "what if s3 rasie 4", "save notes.txt"])
def test_bad_input_is_one_line_and_changes_nothing(floor, recorded, line):
    session = session_with(floor, recorded, "nl 2/5 cash 6 seats 500 button 6")
    before = (list(session.builder.timeline), session.state.actor, session.state.pot, list(session.lines))
    outcome = session.enter(line)
    assert not outcome.ok and outcome.error and "\n" not in outcome.error
    assert "Traceback" not in outcome.error
    assert (list(session.builder.timeline), session.state.actor, session.state.pot, list(session.lines)) == before
    assert session.enter("s3 raise 25").ok    # and the session goes on


def test_undo_and_what_if(floor, recorded):
    session = session_with(floor, recorded, "nl 2/5 cash 6 seats 500 button 6")
    enter_all(session, ["s3 raise 25"])
    what_if = session.enter("what if s4 chips 100 silent")
    assert what_if.what_if and what_if.rulings[0].ruling.rule_id == "BET-OVERSIZED-CHIP-CALL"
    assert session.state.actor == 4 and session.builder.incidents == []
    assert recorded[-1][0] == "table (what if)"
    assert session.enter("undo").changed
    assert session.state.actor == 3 and session.lines == []
    assert "nothing to undo" in session.enter("undo").notes[0] or session.enter("undo").ok


def test_checked_to_the_river(floor, recorded):
    session = session_with(floor, recorded, "nl 100/200 tournament 2 seats 10000 button 1")
    enter_all(session, ["s1 call", "s2 check", "checked to river"])
    state = session.state
    assert state.street == "turn" and state.awaiting_cards and state.pot == 400
    enter_all(session, ["s2 bet 1000", "s1 call"])
    [muck] = session.enter("s1 mucks in-muck").rulings
    assert muck.ruling.rule_id == "SD-MUCKED-HAND-DEAD"
    facing = session_with(floor, recorded, "nl 100/200 tournament 3 seats button 3")
    stuck = facing.enter("checked to river")
    assert not stuck.ok and "cannot check" in stuck.error


def test_save_writes_a_check_that_passes(floor, recorded, tmp_path: Path):
    session = session_with(floor, recorded, "nl 100/200 tournament 3 seats button 3")
    enter_all(session, ["s3 call", "s1 call", "s2 check", "flop Kh Td 6c", "s2 bet 500", "s1 check"])
    path = tmp_path / "oot.yaml"
    saved = session.enter(f"save {path}")
    assert saved.ok and saved.saved == str(path)
    text = path.read_text(encoding="utf-8")
    assert "s2 bet 500" in text and "ACT-OOT-BINDS" in text
    [result] = run_checks([path], floor=floor)
    assert result.passed, result


def test_new_hand_moves_the_button_and_keeps_it_after_a_misdeal(floor, recorded):
    session = session_with(floor, recorded, "nl 100/200 tournament 9 seats button 2")
    [misdeal] = session.enter("dealer exposes s3 first").rulings
    assert misdeal.ruling.decision == "misdeal"
    assert not session.enter("s5 call").ok        # the hand is void
    assert session.enter("new hand").ok and session.builder.table.button == 2
    cash = session_with(floor, recorded, "nl 2/5 cash 6 seats 500 button 6")
    enter_all(cash, ["s3 raise 25", "s4 fold", "s5 fold", "s6 fold", "s1 fold", "s2 fold"])
    assert cash.enter("new hand").ok
    table = cash.builder.table
    assert table.button == 1 and table.seat(3).stack == 507 and table.seat(2).stack == 495


def test_pots_and_help(floor, recorded):
    session = session_with(floor, recorded, "nl 2/5 cash 6 seats 500 button 6")
    enter_all(session, ["s3 raise 25"])
    pots = session.enter("pots").pots
    assert pots == [{"name": "main pot", "amount": 32, "eligible": [1, 2, 3, 4, 5, 6]}]
    assert "s3 raise 15" in session.enter("help").text
    assert session.enter("quit").quit


def test_an_under_raise_in_turn_is_ruled_as_a_dispute(floor, recorded):
    session = session_with(floor, recorded, "nl 100/200 tournament 5 seats button 5")
    enter_all(session, ["s3 call", "s4 call", "s5 call", "s1 call", "s2 check", "s1 bet 600"])
    outcome = session.enter("s2 raise 1000")
    assert "below the minimum of 1,200" in outcome.notes[0]
    [shown] = outcome.rulings
    assert (shown.ruling.rule_id, shown.ruling.params["corrected_to"]) == ("BET-UNDER-RAISE-CORRECTED", 1200)
    assert session.state.current_bet == 1200 and session.state.actor == 3
    assert session.enter("undo").changed and session.state.current_bet == 600
