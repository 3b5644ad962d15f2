"""The cash-game family: buy-in limits and returns, seat lists, playing over, rabbit hunting,
running it twice, leaving, sitting out, online time-outs and accounts, deck changes, a dropped
stub (rulebook/cash_game/).

The expected numbers are worked out by hand from the rule (seed 000 "Cash Game Rules" and
"Online Poker Rules", seed 003, TDA 2024 26/28/RP-4), not read back from the fact builder.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from floorman.engine.facts import Situation
from floorman.errors import InvalidEvent
from floorman.model.events import Action, Board, Post
from floorman.model.incidents import parse_incident
from floorman.model.table import Table
from floorman.notation.parser import Context, parse_line


def table(fmt="cash", small=1, big=2, seats=(1, 2, 3, 5, 6), stacks=None, **seat_extra):
    stacks = stacks or {}
    return Table.model_validate({
        "format": fmt, "button": seats[0], "seat_count": 9,
        "forced_bets": {"small_blind": small, "big_blind": big},
        "seats": [{"number": n, "stack": stacks.get(n, 100 * big), **seat_extra.get(f"s{n}", {})} for n in seats]})


def rule(floor, tbl, events, incident, profile="tda-2026", **options):
    opts = {**floor.situation_options(profile), **options}
    report = floor.rule(Situation(tbl, list(events), [parse_incident(incident)], profile, opts))
    return report.rulings


def one(floor, *args, **kwargs):
    rulings = rule(floor, *args, **kwargs)
    assert len(rulings) == 1, [r.rule_id for r in rulings]
    return rulings[0]


def blinds(small_seat=2, big_seat=3, small=1, big=2):
    return [Post(seat=small_seat, kind="small-blind", amount=small), Post(seat=big_seat, kind="big-blind", amount=big)]


# --- buy-ins (S000-164) ----------------------------------------------------------------------------

@pytest.mark.parametrize(("big", "amount", "rule_id", "param", "value"), [
    (2, 80, "CASH-BUY-IN-WITHIN-LIMITS", "min_buy_in", 80),        # exactly 40 big blinds
    (2, 79, "CASH-BUY-IN-BELOW-MINIMUM", "short_by", 1),
    (2, 200, "CASH-BUY-IN-WITHIN-LIMITS", "max_buy_in", 200),      # exactly 100 big blinds
    (2, 201, "CASH-BUY-IN-ABOVE-MAXIMUM", "excess", 1),
    (5, 1000, "CASH-BUY-IN-ABOVE-MAXIMUM", "may_add", 500),        # $2/$5: 200 to 500
    (5, 199, "CASH-BUY-IN-BELOW-MINIMUM", "min_buy_in", 200),
])
def test_buy_in_limits_are_40_to_100_big_blinds_by_default(floor, big, amount, rule_id, param, value):
    ruling = one(floor, table(small=1, big=big), [], {"type": "buy-in", "seat": 4, "amount": amount})
    assert (ruling.rule_id, ruling.params[param]) == (rule_id, value)


def test_the_room_sets_the_limits(floor):
    ruling = one(floor, table(), [], {"type": "buy-in", "seat": 4, "amount": 100},
                 buy_in_min_big_blinds=100, buy_in_max_big_blinds=300)
    assert (ruling.rule_id, ruling.params["min_buy_in"], ruling.params["short_by"]) == \
        ("CASH-BUY-IN-BELOW-MINIMUM", 200, 100)


@settings(max_examples=40, deadline=None)
@given(stack=st.integers(1, 400), amount=st.integers(1, 400))
def test_a_top_up_never_takes_a_stack_past_the_maximum(floor, stack, amount):
    ruling = one(floor, table(stacks={1: stack}), [], {"type": "buy-in", "seat": 1, "amount": amount, "kind": "top-up"})
    after = stack + amount
    if after <= 200:
        assert (ruling.rule_id, ruling.params["chips_after"]) == ("CASH-BUY-IN-WITHIN-LIMITS", after)
    else:
        assert ruling.rule_id == "CASH-BUY-IN-ABOVE-MAXIMUM"
        assert ruling.params["chips_after"] == max(stack, 200)
        assert ruling.params["may_add"] == max(0, 200 - stack)


@pytest.mark.parametrize(("minutes", "left_with", "amount", "rule_id", "required"), [
    (59, 500, 200, "CASH-RETURN-BUYS-IN-FOR-CHIPS-TAKEN", 500),
    (60, 500, 200, "CASH-BUY-IN-WITHIN-LIMITS", None),             # the hour is over
    (10, 50, 60, "CASH-BUY-IN-BELOW-MINIMUM", None),               # took less than the minimum: the minimum applies
    (10, 500, 500, "CASH-BUY-IN-WITHIN-LIMITS", None),             # brings it all back, above the maximum
])
def test_coming_back_within_the_hour(floor, minutes, left_with, amount, rule_id, required):
    ruling = one(floor, table(), [], {"type": "buy-in", "seat": 4, "amount": amount, "kind": "return",
                                      "minutes_away": minutes, "left_with": left_with})
    assert ruling.rule_id == rule_id
    if required is not None:
        assert (ruling.params["required"], ruling.params["short_by"]) == (required, required - amount)


def test_no_buy_in_ruling_in_a_tournament(floor):
    assert rule(floor, table("tournament"), [], {"type": "buy-in", "seat": 4, "amount": 150}) == []


def test_a_top_up_needs_chips_on_the_table(floor):
    with pytest.raises(InvalidEvent, match="seat 4 is empty"):
        rule(floor, table(), [], {"type": "buy-in", "seat": 4, "amount": 50, "kind": "top-up"})


def test_a_new_buy_in_is_counted_on_its_own(floor):
    # seat 1 lost a stack and rebuys: what the table lists for the seat plays no part
    ruling = one(floor, table(stacks={1: 150}), [], {"type": "buy-in", "seat": 1, "amount": 100})
    assert (ruling.rule_id, ruling.params["chips_after"]) == ("CASH-BUY-IN-WITHIN-LIMITS", 100)


def test_a_return_needs_the_time_and_the_chips():
    with pytest.raises(ValueError, match="minutes_away"):
        parse_incident({"type": "buy-in", "seat": 4, "amount": 200, "kind": "return"})


# --- seat lists (S000-167, S000-168) ---------------------------------------------------------------

@pytest.mark.parametrize(("kind", "waiting", "claimed", "rule_id", "moves"), [
    ("seat", (6, 2), None, "CASH-SEAT-CHANGE-LIST-ORDER", 6),
    ("seat", (6, 2), 6, "CASH-SEAT-CHANGE-LIST-ORDER", 6),
    ("seat", (6, 2), 2, "CASH-SEAT-LIST-CLAIM-REFUSED", 6),
    ("table", (8, 3), 1, "CASH-SEAT-LIST-CLAIM-REFUSED", 8),        # not on the list at all
    ("must-move", (3, 9, 1), None, "CASH-MUST-MOVE-ORDER", 3),
])
def test_the_open_seat_goes_in_list_order(floor, kind, waiting, claimed, rule_id, moves):
    incident = {"type": "seat-change", "kind": kind, "open_seat": 4, "waiting": list(waiting)}
    if claimed is not None:
        incident["claimed_by"] = claimed
    ruling = one(floor, table(), [], incident)
    assert (ruling.rule_id, ruling.params["moves"]) == (rule_id, moves)


@pytest.mark.parametrize(("incident", "message"), [
    ({"type": "seat-change", "open_seat": 3, "waiting": [6]}, "seat 3 is taken"),
    ({"type": "seat-change", "open_seat": 4, "waiting": [7]}, "seat 7 is not a player"),
])
def test_seat_change_bad_input(floor, incident, message):
    with pytest.raises(InvalidEvent, match=message):
        rule(floor, table(), [], incident)


def test_a_player_is_on_the_list_once():
    with pytest.raises(ValueError, match="once"):
        parse_incident({"type": "seat-change", "open_seat": 4, "waiting": [6, 6]})


# --- playing over, rabbit hunting, running it twice ----------------------------------------------

@pytest.mark.parametrize(("fmt", "option", "rule_id"), [
    ("cash", True, "CASH-PLAY-OVER-ALLOWED"), ("cash", False, "CASH-PLAY-OVER-REFUSED"),
    ("tournament", True, "CASH-PLAY-OVER-REFUSED"),
])
def test_playing_over_needs_a_cash_room_that_allows_it(floor, fmt, option, rule_id):
    ruling = one(floor, table(fmt, stacks={2: 350}), [], {"type": "play-over", "seat": 2}, playing_over=option)
    assert ruling.rule_id == rule_id
    assert ruling.params.get("chips_set_aside", ruling.params.get("chips")) == 350


FOLDED_OUT = blinds() + [Action(seat=5, action="raise", amount=6), Action(seat=6, action="fold"),
                         Action(seat=1, action="fold"), Action(seat=2, action="fold"), Action(seat=3, action="fold")]


@pytest.mark.parametrize(("fmt", "option", "events", "rule_id"), [
    ("cash", False, FOLDED_OUT, "CASH-RABBIT-HUNT-REFUSED"),
    ("cash", True, FOLDED_OUT, "CASH-RABBIT-HUNT-HOUSE-ALLOWS"),
    ("tournament", True, FOLDED_OUT, "CASH-RABBIT-HUNT-REFUSED"),          # TDA 2026 30
    ("cash", True, FOLDED_OUT[:3], "CASH-RABBIT-HUNT-REFUSED"),            # mid-hand: the next card, early
])
def test_rabbit_hunting(floor, fmt, option, events, rule_id):
    ruling = one(floor, table(fmt), events, {"type": "rabbit-hunt", "seat": 3}, rabbit_hunting=option)
    assert (ruling.rule_id, ruling.params["cards_not_dealt"]) == (rule_id, 5)


def test_rabbit_hunting_after_the_river_has_nothing_to_show(floor):
    events = blinds() + [Action(seat=5, action="call"), Action(seat=6, action="fold"), Action(seat=1, action="fold"),
                         Action(seat=2, action="fold"), Action(seat=3, action="check"), Board(cards=("Kh", "7d", "2c")),
                         Action(seat=3, action="check"), Action(seat=5, action="check"), Board(cards=("9s",)),
                         Action(seat=3, action="check"), Action(seat=5, action="check"), Board(cards=("4h",)),
                         Action(seat=3, action="bet", amount=4), Action(seat=5, action="fold")]
    with pytest.raises(InvalidEvent, match="dealt out"):
        rule(floor, table(), events, {"type": "rabbit-hunt", "seat": 5})


ALL_IN = blinds() + [Action(seat=5, action="raise", amount=10), Action(seat=6, action="all-in", amount=50),
                     Action(seat=1, action="fold"), Action(seat=2, action="fold"), Action(seat=3, action="fold"),
                     Action(seat=5, action="call")]


@pytest.mark.parametrize(("profile", "agreed", "rule_id"), [
    ("cash", [5, 6], "CASH-RUN-IT-TWICE-AGREED"),
    ("cash", [6], "CASH-RUN-IT-TWICE-NO-AGREEMENT"),
    ("tda-2026", [5, 6], "CASH-RUN-IT-TWICE-NOT-OFFERED"),
])
def test_running_it_twice_needs_everyone_and_the_room(floor, profile, agreed, rule_id):
    ruling = one(floor, table(stacks={6: 50}), ALL_IN, {"type": "run-it-twice", "agreed": agreed}, profile=profile)
    assert ruling.rule_id == rule_id
    if rule_id == "CASH-RUN-IT-TWICE-AGREED":
        # pot: 50 + 50 + the folded blinds 1 + 2 = 103: 51 on each run and one odd chip
        assert (ruling.params["pot"], ruling.params["each_run"], ruling.params["odd_chips"]) == (103, 51, 1)
    if rule_id == "CASH-RUN-IT-TWICE-NO-AGREEMENT":
        assert ruling.params["holdout"] == 5


def test_only_live_seats_agree(floor):
    with pytest.raises(InvalidEvent, match="seat 1 has no live hand"):
        rule(floor, table(stacks={6: 50}), ALL_IN, {"type": "run-it-twice", "agreed": [1, 5, 6]}, profile="cash")


# --- leaving, sitting out (S003-07, S000-182, S000-185) -----------------------------------------

def test_leaving_mid_hand_kills_the_hand_and_the_pot_keeps_its_chips(floor):
    events = blinds() + [Action(seat=5, action="raise", amount=6), Action(seat=6, action="call")]
    ruling = one(floor, table(), events, {"type": "leave-game", "seat": 6, "when": "mid-hand"})
    assert (ruling.rule_id, ruling.params["chips_in_pot"], ruling.params["chips"]) == \
        ("CASH-LEAVE-MID-HAND-FORFEITS", 6, 194)


def test_leaving_between_hands_takes_every_chip(floor):
    ruling = one(floor, table(stacks={2: 333}), [], {"type": "leave-game", "seat": 2})
    assert (ruling.rule_id, ruling.params["chips"], ruling.params["return_minutes"]) == \
        ("CASH-LEAVE-WITH-CHIPS", 333, 60)


def test_a_tournament_player_walking_away_is_another_incident(floor):
    with pytest.raises(InvalidEvent, match="absent-chips"):
        rule(floor, table("tournament"), [], {"type": "leave-game", "seat": 2})


def test_leaving_mid_hand_with_no_hand_being_played_is_refused(floor):
    with pytest.raises(InvalidEvent, match="between hands"):
        rule(floor, table(), [], {"type": "leave-game", "seat": 2, "when": "mid-hand"})


@pytest.mark.parametrize(("missed", "small_blind_option", "live", "dead"), [
    ("both", "dead", 2, 1), ("both", "live", 3, 0), ("big-blind", "dead", 2, 0),
])
def test_sitting_out_in_a_cash_game_owes_the_missed_blinds(floor, missed, small_blind_option, live, dead):
    ruling = one(floor, table(), [], {"type": "sit-out", "seat": 3, "hands_missed": 4, "missed": missed},
                 profile="cash", missed_small_blind=small_blind_option)
    assert (ruling.params["post_live"], ruling.params["post_dead"]) == (live, dead)


@pytest.mark.parametrize(("limit", "hands", "rule_id"), [
    (10, 9, "CASH-SIT-OUT-POST-MISSED-BLINDS"), (10, 10, "CASH-SIT-OUT-REMOVED"), (0, 500, "CASH-SIT-OUT-POST-MISSED-BLINDS"),
])
def test_removal_after_the_rooms_number_of_hands(floor, limit, hands, rule_id):
    ruling = one(floor, table(), [], {"type": "sit-out", "seat": 3, "hands_missed": hands, "online": True},
                 profile="cash", sit_out_removal_hands=limit)
    assert ruling.rule_id == rule_id


def test_sitting_out_a_tournament_posts_and_folds(floor):
    ruling = one(floor, table("tournament"), [], {"type": "sit-out", "seat": 3, "hands_missed": 4, "online": True},
                 sit_out_removal_hands=3)
    assert (ruling.rule_id, ruling.params["owed_on_return"]) == ("CASH-SIT-OUT-TOURNAMENT-BLINDED", 0)


# --- online (S000-184, S000-186, S000-187) --------------------------------------------------------

FLOP = blinds() + [Action(seat=5, action="call"), Action(seat=6, action="fold"), Action(seat=1, action="fold"),
                   Action(seat=2, action="call"), Action(seat=3, action="check"), Board(cards=("Kh", "7d", "2c"))]


@pytest.mark.parametrize(("bet", "incident", "protection", "rule_id", "action"), [
    (False, {"seat": 2}, False, "ONLINE-TIMEOUT-CHECK", "check"),
    (True, {"seat": 3}, False, "ONLINE-TIMEOUT-FOLD", "fold"),
    (True, {"seat": 3, "time_bank_left": 20}, False, "ONLINE-TIME-BANK-RUNS", None),
    (True, {"seat": 3, "cause": "disconnected"}, True, "ONLINE-DISCONNECT-PROTECTED", None),
    (True, {"seat": 3, "cause": "disconnected"}, False, "ONLINE-TIMEOUT-FOLD", "fold"),
])
def test_online_timer(floor, bet, incident, protection, rule_id, action):
    events = FLOP + ([Action(seat=2, action="bet", amount=4)] if bet else [])
    report = floor.rule(Situation(table(), events, [parse_incident({"type": "online-timeout", **incident})], "cash",
                                  {**floor.situation_options("cash"), "online_disconnect_protection": protection}))
    assert [r.rule_id for r in report.rulings] == [rule_id]
    if action == "fold":
        assert report.state.seats[3].folded
    if action == "check":
        assert report.state.actor == 3          # seat 2 checked; the action moved on


def test_only_the_player_to_act_times_out(floor):
    with pytest.raises(InvalidEvent, match="not the player to act"):
        rule(floor, table(), FLOP, {"type": "online-timeout", "seat": 5})


@pytest.mark.parametrize("violation", ["multi-accounting", "account-sharing", "ghosting"])
def test_one_account_per_person(floor, violation):
    ruling = one(floor, table("tournament"), [], {"type": "online-account", "violation": violation})
    assert (ruling.rule_id, ruling.params["violation"]) == ("ONLINE-ONE-ACCOUNT-PER-PERSON", violation)


def test_online_cheating_is_a_conduct_offence_not_an_account_type():
    with pytest.raises(ValueError, match="violation"):
        parse_incident({"type": "online-account", "violation": "collusion"})


# --- rake (S000-166) --------------------------------------------------------------------------------

@pytest.mark.parametrize(("pot", "taken", "percent", "cap", "rule_id", "allowed"), [
    (120, 8, 10, 5, "CASH-RAKE-OVER-POSTED-RATE", 5),      # the cap
    (38, 3, 10, 5, "CASH-RAKE-AS-POSTED", 3),              # 10% of 38 is 3.8: 3, rounded down to the chip
    (39, 4, 10, 0, "CASH-RAKE-OVER-POSTED-RATE", 3),
    (1000, 100, 10, 0, "CASH-RAKE-AS-POSTED", 100),        # no cap
])
def test_rake_against_the_posted_rate(floor, pot, taken, percent, cap, rule_id, allowed):
    ruling = one(floor, table(), [], {"type": "rake", "seat": 2, "pot": pot, "taken": taken, "percent": percent,
                                      "cap": cap})
    assert (ruling.rule_id, ruling.params["allowed"]) == (rule_id, allowed)
    if rule_id == "CASH-RAKE-OVER-POSTED-RATE":
        assert ruling.params["refund"] == taken - allowed


def test_no_rake_in_a_tournament(floor):
    with pytest.raises(InvalidEvent, match="not raked"):
        rule(floor, table("tournament"), [], {"type": "rake", "seat": 2, "pot": 100, "taken": 5, "percent": 5})


# --- the deck (TDA 2024 26 / 2026 28, RP-4) -------------------------------------------------------

@pytest.mark.parametrize(("option", "rule_id"), [(False, "DECK-CHANGE-NOT-ON-REQUEST"), (True, "DECK-CHANGE-HOUSE-ALLOWS")])
def test_deck_change(floor, option, rule_id):
    assert one(floor, table(), [], {"type": "deck-change", "seat": 2}, player_deck_change=option).rule_id == rule_id


@pytest.mark.parametrize(("dropped", "rule_id", "new_stub"), [
    ({"reconstructable": True}, "STUB-DROPPED-REBUILT", None),
    ({}, "STUB-DROPPED-RESHUFFLED", 38),
    # 52 - 10 hole cards - 3 flop - 1 burn = 38 in the stub; seats 6 and 1 folded: 4 cards + 1 burn
    ({"mixed_with_discards": True}, "STUB-DROPPED-MIXED-WITH-DISCARDS", 43),
])
def test_dropped_stub(floor, dropped, rule_id, new_stub):
    ruling = one(floor, table(), FLOP, {"type": "stub-dropped", **dropped})
    assert ruling.rule_id == rule_id
    if new_stub is not None:
        assert ruling.params["new_stub_cards"] == new_stub


DRAW = Table.model_validate({
    "format": "tournament", "button": 4, "variant": "2-7-triple-draw",
    "structure": {"betting": "fixed-limit", "small_bet": 200, "big_bet": 400},
    "forced_bets": {"small_blind": 100, "big_blind": 200}, "seats": [{"number": n, "stack": 10000} for n in range(1, 5)]})


@pytest.mark.parametrize(("needed", "stub", "burns", "seen", "rule_id", "new_stub"), [
    (4, 4, 3, False, "DRAW-STUB-LAST-CARD-DEALT", None),
    (5, 3, 3, False, "DRAW-STUB-WITH-BURNS", 6),
    (6, 3, 3, False, "DRAW-STUB-WITH-BURNS", 6),        # every card needed: dealt without a burn
    (7, 3, 3, False, "DRAW-STUB-WITH-MUCK", None),
    (5, 3, 3, True, "DRAW-STUB-WITH-MUCK", None),       # a burn was seen
])
def test_a_short_draw_stub(floor, needed, stub, burns, seen, rule_id, new_stub):
    ruling = one(floor, DRAW, [], {"type": "draw-stub-short", "cards_needed": needed, "stub_cards": stub,
                                   "burn_cards": burns, "burn_exposed": seen})
    assert ruling.rule_id == rule_id
    if new_stub is not None:
        assert ruling.params["new_stub_cards"] == new_stub
        assert ruling.params["burn_first"] is (stub + burns > needed)


def test_a_draw_stub_that_covers_the_draws_is_not_short():
    with pytest.raises(ValueError, match="not short"):
        parse_incident({"type": "draw-stub-short", "cards_needed": 3, "stub_cards": 4})


def test_a_short_stub_in_hold_em_is_not_a_draw_stub(floor):
    with pytest.raises(InvalidEvent, match="not a draw game"):
        rule(floor, table(), [], {"type": "draw-stub-short", "cards_needed": 3, "stub_cards": 2})


def test_a_stub_mixed_with_the_muck_cannot_be_rebuilt():
    with pytest.raises(ValueError, match="cannot be put back"):
        parse_incident({"type": "stub-dropped", "reconstructable": True, "mixed_with_discards": True})


# --- the table notation --------------------------------------------------------------------------

@pytest.mark.parametrize(("line", "field", "value"), [
    ("incident buy-in seat=4 amount=150", "amount", 150),
    ("incident buy-in seat=4 amount=200 kind=return minutes_away=30 left_with=500", "left_with", 500),
    ("incident seat-change kind=must-move open_seat=4 waiting=3,9,1", "waiting", (3, 9, 1)),
    ("incident run-it-twice agreed=5,6", "agreed", (5, 6)),
    ("incident leave-game seat=6 when=mid-hand", "when", "mid-hand"),
    ("incident sit-out seat=3 hands_missed=12 online=yes", "online", True),
    ("incident online-timeout seat=2 cause=disconnected", "cause", "disconnected"),
    ("incident online-account violation=ghosting", "violation", "ghosting"),
    ("incident stub-dropped mixed_with_discards=yes", "mixed_with_discards", True),
    ("incident rabbit-hunt seat=3", "seat", 3),
    ("incident rake seat=2 pot=120 taken=8 percent=10 cap=5", "cap", 5),
])
def test_cash_game_incidents_in_table_notation(line, field, value):
    parsed = parse_line(line, Context())
    assert getattr(parsed.incidents[0], field) == value
