"""The set-up family: the button draw, the next hand's button and blinds, new and returning players,
straddles, antes and the big-blind ante, dealing procedures (rulebook/setup/).

The numbers are worked out by hand from the rule (seed 000, TDA 2024 8/10/32/34-B, RP-11), not
read back from the fact builder.
"""

from __future__ import annotations

import functools
import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from floorman.engine.facts import Situation
from floorman.engine.floor import Floor
from floorman.errors import InvalidEvent
from floorman.model.button import button_draw, first_to_act, next_hand_positions, seats_between
from floorman.model.events import Action, Post
from floorman.model.incidents import parse_incident
from floorman.model.table import Table
from floorman.notation.parser import Context, parse_line


def table(fmt="tournament", button=1, small=100, big=200, seats=range(1, 10), stack=20000, **forced):
    return Table.model_validate({
        "format": fmt, "button": button, "seat_count": 9,
        "forced_bets": {"small_blind": small, "big_blind": big, **forced},
        "seats": [{"number": n, "stack": stack} for n in seats]})


def rule(floor, tbl, events, incident, profile="tda-2026", **options):
    opts = {**floor.situation_options(profile), **options}
    report = floor.rule(Situation(tbl, list(events), [parse_incident(incident)], profile, opts))
    assert len(report.rulings) == 1, [r.rule_id for r in report.rulings]
    return report.rulings[0]


def blinds(small_seat, big_seat, small=100, big=200):
    return [Post(seat=small_seat, kind="small-blind", amount=small), Post(seat=big_seat, kind="big-blind", amount=big)]


# --- the button draw (seed 000; S000-10) ------------------------------------------------------------

def test_button_draw_suit_order_spades_hearts_diamonds_clubs():
    # every pair of suits on the same rank: the higher suit in s > h > d > c wins
    order = "shdc"
    for high, low in itertools.combinations(order, 2):
        result = button_draw({2: f"K{low}", 7: f"K{high}"})
        assert (result.seat, result.tied) == (7, (2, 7))
    # a higher rank beats any suit
    assert button_draw({1: "Ks", 2: "Ac", 3: "Kh"}) == button_draw({2: "Ac", 1: "Ks", 3: "Kh"})
    assert button_draw({1: "Ks", 2: "Ac", 3: "Kh"}).seat == 2
    assert button_draw({1: "Ks", 2: "Ac", 3: "Kh"}).tied == ()


def test_button_draw_refuses_a_card_twice_and_one_player():
    with pytest.raises(ValueError, match="two seats"):
        button_draw({1: "Ks", 2: "Ks"})
    with pytest.raises(ValueError, match="two players"):
        button_draw({1: "Ks"})


def test_button_draw_cards_in_seat_order_at_the_table(floor):
    # seats 1, 3 and 5 are dealt in; the cards are given in seat order, no seat numbers
    tbl = table("cash", seats=(1, 3, 5), small=1, big=2)
    ruling = rule(floor, tbl, [], {"type": "button-draw", "cards": "Qd Qs 9c"}, "cash")
    assert ruling.rule_id == "SETUP-BUTTON-DRAW-SUIT-TIE"
    assert (ruling.params["button"], ruling.params["card"]) == (3, "Qs")
    with pytest.raises(InvalidEvent, match="2 cards for 3 players") as error:
        rule(floor, tbl, [], {"type": "button-draw", "cards": "Qd Qs"}, "cash")
    assert error.value.field == "incidents[0].cards"
    with pytest.raises(InvalidEvent, match="seat 2 has no player"):
        rule(floor, tbl, [], {"type": "button-draw", "cards": {1: "Ah", 2: "Kh"}}, "cash")


# --- the next hand's button (TDA 2024 32, 34-B / 2026 34, 36-B, 36-C) --------------------------------

@pytest.mark.parametrize(("leaving", "expected"), [
    ((), (2, 3, 4)),            # the ordinary move
    ((2,), (2, 3, 4)),          # the small blind busts: the button is dead on seat 2
    ((3,), (2, 0, 4)),          # the big blind busts: no small blind next hand
    ((2, 3), (2, 0, 4)),        # both blinds bust on the same hand
    ((4,), (2, 3, 5)),          # the player due the big blind busts: the next player takes it
])
def test_dead_button_positions(floor, leaving, expected):
    ruling = rule(floor, table(), blinds(2, 3), {"type": "next-hand-button", "leaving": list(leaving)})
    assert ruling.rule_id == "SETUP-DEAD-BUTTON"
    assert (ruling.params["button"], ruling.params["small_blind"], ruling.params["big_blind"]) == expected


def test_tournament_ignores_a_moving_button_option(floor):
    """Tournaments use the dead button whatever the room's cash-game option (TDA 2024 32)."""
    tournament = rule(floor, table(), blinds(2, 3), {"type": "next-hand-button", "leaving": [2]},
                      button_rule="moving")
    assert tournament.rule_id == "SETUP-DEAD-BUTTON"
    cash = rule(floor, table("cash", small=1, big=2), blinds(2, 3, 1, 2),
                {"type": "next-hand-button", "leaving": [2]}, "cash", button_rule="moving")
    assert cash.rule_id == "SETUP-MOVING-BUTTON"
    assert (cash.params["button"], cash.params["small_blind"], cash.params["big_blind"]) == (3, 4, 5)


def test_2026_jump_is_an_option(floor):
    """T36-B: button 9, small blind 1, seats 2 and 3 empty, big blind 4; seat 1 busts."""
    tbl = table(button=9, seats=(1, 4, 5, 6, 7, 8, 9))
    jump = rule(floor, tbl, blinds(1, 4), {"type": "next-hand-button", "leaving": [1]})
    assert (jump.rule_id, jump.params["button"], jump.params["button_without_jump"]) == \
        ("SETUP-DEAD-BUTTON-JUMPS", 3, 1)
    stay = rule(floor, tbl, blinds(1, 4), {"type": "next-hand-button", "leaving": [1]},
                button_jumps_empty_seats=False)
    assert (stay.rule_id, stay.params["button"]) == ("SETUP-DEAD-BUTTON", 1)
    # the blinds are the same either way
    assert (jump.params["small_blind"], jump.params["big_blind"]) == (4, 5)
    assert (stay.params["small_blind"], stay.params["big_blind"]) == (4, 5)


@pytest.mark.parametrize(("leaving", "button", "big_blind"), [((1,), 7, 4), ((4,), 7, 1), ((7,), 4, 1)])
def test_becoming_heads_up(floor, leaving, button, big_blind):
    """Button 1, small blind 4, big blind 7: seat 7 never posts the big blind twice in a row, and the
    button posts the small blind, acts first before the flop and last after it."""
    ruling = rule(floor, table(seats=(1, 4, 7)), blinds(4, 7), {"type": "next-hand-button", "leaving": list(leaving)})
    assert ruling.rule_id == "SETUP-HEADS-UP-BLINDS"
    p = ruling.params
    assert (p["button"], p["small_blind"], p["big_blind"]) == (button, button, big_blind)
    assert (p["first_preflop"], p["first_postflop"]) == (button, big_blind)
    assert p["big_blind"] != 7 and p["becoming_heads_up"] is True


def test_first_to_act_multiway_and_heads_up():
    positions = next_hand_positions(seat_count=9, occupied_next_hand={1, 3, 4, 6}, button=1, small_blind=3,
                                    big_blind=4)
    assert (positions.button, positions.small_blind, positions.big_blind) == (3, 4, 6)
    assert first_to_act(positions, 9, {1, 3, 4, 6}) == (1, 4)   # after the big blind; after the button
    heads_up = next_hand_positions(seat_count=9, occupied_next_hand={3, 8}, button=3, small_blind=3, big_blind=8)
    assert first_to_act(heads_up, 9, {3, 8}) == (8, 3)


def test_next_hand_bad_input_names_the_field(floor):
    with pytest.raises(InvalidEvent, match="seat 2 is not a player") as error:
        rule(floor, table(seats=(1, 3, 4)), blinds(3, 4), {"type": "next-hand-button", "leaving": [2]})
    assert error.value.field == "incidents[0].leaving"
    with pytest.raises(InvalidEvent, match="two players"):
        rule(floor, table(seats=(1, 3, 4)), blinds(3, 4), {"type": "next-hand-button", "leaving": [1, 3]})


# --- new players (TDA 2024 8-A, 10-A / 2026 9-A, 11-A; seed 000 S000-24) -----------------------------

def test_seats_between():
    assert seats_between(9, 3, 9) == (1, 2)
    assert seats_between(3, 4, 9) == ()
    assert seats_between(8, 1, 9) == (9,)


@pytest.mark.parametrize(("seat", "rule_id", "hands"), [
    (6, "SETUP-NEW-PLAYER-POST-OR-WAIT", 3),   # the big blind (3) reaches seat 6 after seats 4 and 5
    (4, "SETUP-NEW-PLAYER-POST-OR-WAIT", 1),   # right after the big blind: next hand
])
def test_new_cash_player_post_or_wait(floor, seat, rule_id, hands):
    occupied = [n for n in range(1, 10) if n != seat]
    ruling = rule(floor, table("cash", small=1, big=2, seats=occupied), blinds(2, 3, 1, 2),
                  {"type": "new-player", "empty_seat": seat}, "cash")
    assert ruling.rule_id == rule_id
    assert (ruling.params["post_amount"], ruling.params["hands_until_big_blind"]) == (2, hands)


def test_new_player_on_a_dead_button_seat(floor):
    """The button is dead on the empty seat 2. A cash room seats no new player on the button (seed
    000); a tournament player may take any seat, the button included, and is dealt in (TDA 2024
    10-A / 2026 11-A: only the seats between the small blind and the button wait)."""
    seats = [1, 3, 4, 5, 6, 7, 8, 9]
    cash = rule(floor, table("cash", button=2, seats=seats), blinds(3, 4), {"type": "new-player", "empty_seat": 2},
                "cash")
    assert cash.rule_id == "SETUP-NEW-PLAYER-NOT-BETWEEN"
    assert cash.params["button"] == 2 and cash.params["small_blind"] == 3
    tournament = rule(floor, table("tournament", button=2, seats=seats), blinds(3, 4),
                      {"type": "new-player", "empty_seat": 2}, "tda-2026")
    assert tournament.rule_id == "SETUP-NEW-PLAYER-TOURNAMENT"


def test_new_player_on_the_dead_small_blind_seat(floor):
    """Last hand's big blind busted: seat 3 is the small blind's seat, dead; seat 4 posts the big blind.
    A tournament player seated on 3 posts the small blind and is dealt in; a cash player waits."""
    seats = [1, 2, 4, 5, 6, 7, 8, 9]
    events = [Post(seat=4, kind="big-blind", amount=200)]
    tournament = rule(floor, table("tournament", button=2, seats=seats), events,
                      {"type": "new-player", "empty_seat": 3}, "tda-2026")
    assert (tournament.rule_id, tournament.params["small_blind"]) == ("SETUP-NEW-PLAYER-TAKES-SMALL-BLIND", 100)
    cash = rule(floor, table("cash", button=2, seats=seats), events, {"type": "new-player", "empty_seat": 3}, "cash")
    assert cash.rule_id == "SETUP-NEW-PLAYER-NOT-BETWEEN"


def test_new_player_in_a_taken_seat_is_refused(floor):
    with pytest.raises(InvalidEvent, match="taken") as error:
        rule(floor, table(), blinds(2, 3), {"type": "new-player", "empty_seat": 5})
    assert error.value.field == "incidents[0].empty_seat"


# --- missed blinds (seed 000 S000-25) -----------------------------------------------------------------

@pytest.mark.parametrize(("small", "big", "missed", "total", "plays_dead", "plays_live"), [
    (1, 2, "both", 3, 2, 3),
    (2, 5, "both", 7, 5, 7),
    (2, 5, "big-blind", 5, 5, 5),
    (2, 5, "small-blind", 2, 0, 2),
])
def test_missed_blinds_amounts(floor, small, big, missed, total, plays_dead, plays_live):
    tbl = table("cash", small=small, big=big, seats=range(1, 7))
    incident = {"type": "missed-blinds", "seat": 5, "missed": missed}
    dead = rule(floor, tbl, blinds(2, 3, small, big), incident, "cash")
    live = rule(floor, tbl, blinds(2, 3, small, big), incident, "cash", missed_small_blind="live")
    assert (dead.rule_id, live.rule_id) == ("SETUP-MISSED-BLINDS-SMALL-DEAD", "SETUP-MISSED-BLINDS-SMALL-LIVE")
    assert dead.params["total_posted"] == live.params["total_posted"] == total
    assert (dead.params["counts_toward_call"], live.params["counts_toward_call"]) == (plays_dead, plays_live)


# --- straddles (seed 000) -----------------------------------------------------------------------------

@pytest.mark.parametrize(("small", "big", "amount", "min_raise_to"), [
    (1, 2, 4, 8), (2, 5, 0, 20), (1, 2, 5, 10),
])
def test_straddle_minimum_raise(floor, small, big, amount, min_raise_to):
    tbl = table("cash", small=small, big=big, seats=range(1, 7), stack=1000)
    ruling = rule(floor, tbl, blinds(2, 3, small, big), {"type": "straddle", "seat": 4, "amount": amount}, "cash")
    assert ruling.rule_id == "SETUP-STRADDLE-CASH"
    assert ruling.params["min_raise_to"] == min_raise_to
    assert ruling.params["straddle"] == (amount or 2 * big)
    assert ruling.params["first_to_act"] == 5


def test_straddle_profiles_and_format(floor):
    cash_table = table("cash", small=1, big=2, seats=range(1, 7))
    assert rule(floor, cash_table, blinds(2, 3, 1, 2), {"type": "straddle", "seat": 4}, "tda-2026").rule_id \
        == "SETUP-STRADDLE-NOT-ALLOWED"
    # a tournament refuses it even where the room option would allow one
    assert rule(floor, table(seats=range(1, 7)), blinds(2, 3), {"type": "straddle", "seat": 4}, "tda-2026",
                straddles_allowed=True).rule_id == "SETUP-STRADDLE-TOURNAMENT"


def test_straddle_bad_input(floor):
    tbl = table("cash", small=1, big=2, seats=range(1, 7))
    with pytest.raises(InvalidEvent, match="not under the gun") as error:
        rule(floor, tbl, blinds(2, 3, 1, 2), {"type": "straddle", "seat": 5}, "cash")
    assert error.value.field == "incidents[0].seat"
    with pytest.raises(InvalidEvent, match="less than twice"):
        rule(floor, tbl, blinds(2, 3, 1, 2), {"type": "straddle", "seat": 4, "amount": 3}, "cash")
    with pytest.raises(InvalidEvent, match="before anyone acts"):
        rule(floor, tbl, [*blinds(2, 3, 1, 2), Action(seat=4, action="call")], {"type": "straddle", "seat": 5}, "cash")


# --- antes and blinds (seed 000 forced-bets table; TDA RP-11) -----------------------------------------

def test_every_player_ante_is_dead_money(floor):
    tbl = table(seats=range(1, 7), ante=25, ante_style="every-player")
    events = [Post(seat=n, kind="ante", amount=25) for n in range(1, 7)] + blinds(2, 3) + [
        Action(seat=4, action="raise", amount=600), Action(seat=5, action="fold"), Action(seat=6, action="fold"),
        Action(seat=1, action="fold")]
    ante = rule(floor, tbl, events, {"type": "forced-bet-question", "poster": 2, "post": "ante"})
    blind = rule(floor, tbl, events, {"type": "forced-bet-question", "poster": 2, "post": "small-blind"})
    assert (ante.rule_id, blind.rule_id) == ("SETUP-ANTE-DEAD-MONEY", "SETUP-BLIND-LIVE")
    assert ante.params["dead_money_total"] == 150 and ante.params["counts_toward_call"] == 0
    assert ante.params["to_call"] == blind.params["to_call"] == 500   # 600 less the live 100
    with pytest.raises(InvalidEvent, match="nobody posted a straddle"):
        rule(floor, tbl, events, {"type": "forced-bet-question", "post": "straddle"})
    with pytest.raises(InvalidEvent, match="seat 4 posted no small-blind") as error:
        rule(floor, tbl, events, {"type": "forced-bet-question", "poster": 4, "post": "small-blind"})
    assert error.value.field == "incidents[0].poster"
    # no poster named: whoever posted it (the small blind, seat 2)
    assert rule(floor, tbl, events, {"type": "forced-bet-question", "post": "small-blind"}).params["seat"] == 2


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 9000))
def test_big_blind_ante_blind_first(stack):
    """RP-11: the big blind is covered first, the ante gets the rest (blinds 1000-2000, ante 2000)."""
    floor = _shared_floor()
    seats = {n: 50000 for n in range(1, 7)}
    seats[3] = stack
    tbl = Table.model_validate({"format": "tournament", "button": 1,
                                "forced_bets": {"small_blind": 1000, "big_blind": 2000, "ante": 2000,
                                                "ante_style": "big-blind"},
                                "seats": [{"number": n, "stack": s} for n, s in seats.items()]})
    ruling = rule(floor, tbl, [], {"type": "big-blind-ante-short"})
    p = ruling.params
    assert p["blind_posted"] == min(stack, 2000)
    assert p["blind_posted"] + p["ante_posted"] == min(stack, 4000)
    assert p["ante_posted"] + p["ante_short"] == 2000
    assert ruling.rule_id == ("SETUP-BBA-SHORT-BLIND-FIRST" if stack < 4000 else "SETUP-BBA-FULL")


@functools.cache
def _shared_floor() -> Floor:
    """One floor for the property test (hypothesis runs it many times; a fixture would be reset)."""
    return Floor()


def test_big_blind_ante_from_the_incident_or_the_table(floor):
    with pytest.raises(InvalidEvent, match="no big-blind ante") as error:
        rule(floor, table(seats=range(1, 7)), [], {"type": "big-blind-ante-short"})
    assert error.value.field == "incidents[0].ante"
    # the table has no ante: the incident says it, and the big blind's chips (blinds 100-200)
    ruling = rule(floor, table(seats=range(1, 7)), [], {"type": "big-blind-ante-short", "stack": 300, "ante": 200})
    p = ruling.params
    assert (ruling.rule_id, p["seat"], p["blind_posted"], p["ante_posted"], p["ante_short"]) == \
        ("SETUP-BBA-SHORT-BLIND-FIRST", 3, 200, 100, 100)


# --- procedures (S000-08, 11, 12, 173, 181) -----------------------------------------------------------

def test_home_game_cutter_is_right_of_the_dealer(floor):
    # seats 1, 4, 6, 8; the dealer (button) on seat 1: the player on the right is seat 8 (wraps round)
    tbl = table("cash", button=1, seats=(1, 4, 6, 8))
    home = {"type": "procedure-question", "topic": "deck-preparation", "home_game": True}
    ruling = rule(floor, tbl, [], home, "cash")
    assert (ruling.rule_id, ruling.params["cutter_seat"]) == ("SETUP-PROC-DECK-HOME", 8)
    tbl = table("cash", button=6, seats=(1, 4, 6, 8))
    assert rule(floor, tbl, [], {"type": "procedure-question", "topic": "deck-preparation", "home_game": True},
                "cash").params["cutter_seat"] == 4


def test_deal_order_heads_up_button_last(floor):
    # heads-up the button is the small blind but is still dealt the last card (TDA 2024 34-B)
    ruling = rule(floor, table(button=7, seats=(3, 7)), [], {"type": "procedure-question", "topic": "deal-order"})
    assert (ruling.params["first_seat"], ruling.params["last_seat"], ruling.params["cards_dealt"]) == (3, 7, 4)


def test_blind_levels_follow_the_format(floor):
    levels = {"type": "procedure-question", "topic": "blind-levels"}
    cash = rule(floor, table("cash", small=1, big=3), [], levels, "cash")
    tournament = rule(floor, table(), [], {"type": "procedure-question", "topic": "blind-levels"})
    assert (cash.rule_id, tournament.rule_id) == ("SETUP-PROC-BLINDS-CASH", "SETUP-PROC-BLINDS-TOURNAMENT")
    assert (cash.params["small_blind"], cash.params["big_blind"]) == (1, 3)


# --- the table notation -------------------------------------------------------------------------------

@pytest.mark.parametrize(("line", "field", "value"), [
    ("incident button-draw cards=1:Kh,4:Ks", "cards", ("1:Kh", "4:Ks")),
    ("incident next-hand-button leaving=2,3", "leaving", (2, 3)),
    ("incident missed-blinds seat=5 missed=big-blind", "missed", "big-blind"),
    ("incident straddle seat=s4 amount=10", "amount", 10),
    ("incident forced-bet-question poster=3 post=big-blind-ante", "post", "big-blind-ante"),
    ("incident procedure-question topic=burn-cards home_game=yes", "home_game", True),
])
def test_setup_incidents_in_table_notation(line, field, value):
    parsed = parse_line(line, Context())
    assert getattr(parsed.incidents[0], field) == value


def test_button_draw_mixed_cards_refused():
    with pytest.raises(ValueError, match="not a mix"):
        parse_incident({"type": "button-draw", "cards": ["1:Kh", "Ks"]})


def test_a_straddle_ruled_in_stands_in_the_hand_that_goes_on():
    """The ruling's numbers and the hand after it agree: the straddle is posted, the seat after it
    acts first, facing the straddle, with the minimum raise the ruling gave."""
    from pathlib import Path

    from floorman.engine.floor import Floor
    from floorman.scenarios import load_scenario

    floor = Floor()
    scenario = load_scenario(Path(__file__).resolve().parents[1] / "scenarios/setup/seed000-straddle-cash-acts-last.yaml")
    report = floor.rule(scenario.situation("cash", floor.situation_options("cash")))
    (ruling,) = report.rulings
    assert ruling.rule_id == "SETUP-STRADDLE-CASH"
    state = report.state
    assert state.actor == ruling.params["first_to_act"] == 5
    assert state.to_call() == ruling.params["straddle"] == 4
    assert state.min_raise_to() == ruling.params["min_raise_to"] == 8
    assert state.seats[4].street_bet == 4 and state.pot == 1 + 2 + 4
