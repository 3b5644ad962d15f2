"""The tournament family: the chip race and simultaneous eliminations arithmetic (by example and
by property), the incident models' refusals, and the facts the rules rest on."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from floorman.model.cards import deck
from floorman.model.chip_race import RaceSeat, card_strength, chip_race, chips_raced
from floorman.model.eliminations import finishing_places
from floorman.model.incidents import parse_incident


# ---------------------------------------------------------------------------- chip race, by example
def _seed_race(cards=True, rounding="nearest"):
    seats = [RaceSeat(1, 10075, 7), RaceSeat(2, 5050, 2), RaceSeat(3, 25, 1), RaceSeat(4, 8000, 4),
             RaceSeat(5, 3025, 1)]
    dealt = {1: ["Kh", "4c", "9d"], 2: ["Ks", "2d"], 3: ["7h"], 5: ["Kc"]} if cards else None
    return chip_race(seats, 25, 100, dealt, rounding)


def test_suit_order_breaks_rank_ties_spades_highest():
    assert sorted(["Kc", "Kd", "Ks", "Kh"], key=card_strength, reverse=True) == ["Ks", "Kh", "Kd", "Kc"]
    assert card_strength("2s") < card_strength("3c")       # rank before suit


def test_seed_race_winners_one_chip_each_and_nobody_raced_out():
    result = _seed_race()
    assert result.chips_raced == 2                          # 175 in odd chips, 75 rounds up
    assert result.winners == (2, 1)                         # Ks, then Kh; Kc comes third and gets nothing
    assert result.kept_in == (3,)                           # lost its only chip: keeps one 100
    assert {s.seat: s.stack_after for s in result.seats} == {1: 10100, 2: 5100, 3: 100, 4: 8000, 5: 3000}


def test_one_chip_per_player_even_with_the_two_best_cards():
    seats = [RaceSeat(1, 1075, 3), RaceSeat(2, 1050, 2)]
    result = chip_race(seats, 25, 100, {1: ["As", "Ah", "2c"], 2: ["3c", "4c"]})
    assert result.chips_raced == 1 and result.winners == (1,)
    seats = [RaceSeat(1, 1075, 3), RaceSeat(2, 1050, 2), RaceSeat(3, 1050, 2)]
    result = chip_race(seats, 25, 100, {1: ["As", "Ah", "2c"], 2: ["3c", "4c"], 3: ["5c", "6c"]})
    assert result.chips_raced == 2 and result.winners == (1, 3)   # seat 1's Ah is passed over


def test_rounding_down_races_whole_chips_only():
    assert _seed_race(rounding="down").chips_raced == 1
    assert chips_raced(49, 100) == 0 and chips_raced(50, 100) == 1 and chips_raced(50, 100, "down") == 0


def test_without_cards_the_race_is_set_up_not_decided():
    result = _seed_race(cards=False)
    assert not result.decided and result.winners == () and result.kept_in == ()
    assert result.cards_needed == 7 and result.racers == 4


@pytest.mark.parametrize("cards, message", [
    ({1: ["Kh", "4c"], 2: ["Ks", "2d"], 3: ["7h"], 5: ["Kc"]}, "3 card"),
    ({1: ["Kh", "4c", "9d"], 2: ["Ks", "2d"], 5: ["Kc"]}, "odd chips"),
    ({1: ["Kh", "4c", "9d"], 2: ["Ks", "Kh"], 3: ["7h"], 5: ["Kc"]}, "twice"),
])
def test_bad_race_cards_are_refused(cards, message):
    seats = [RaceSeat(1, 10075, 7), RaceSeat(2, 5050, 2), RaceSeat(3, 25, 1), RaceSeat(5, 3025, 1)]
    with pytest.raises(ValueError, match=message):
        chip_race(seats, 25, 100, cards)


def test_more_removed_chips_than_the_stack_is_refused():
    with pytest.raises(ValueError, match="more than the stack"):
        chip_race([RaceSeat(1, 50, 3)], 25, 100)


# ---------------------------------------------------------------------------- chip race, by property
@st.composite
def races(draw):
    removed = draw(st.sampled_from([5, 25, 100]))
    next_up = removed * draw(st.sampled_from([2, 4, 5, 20]))
    numbers = draw(st.lists(st.integers(1, 10), min_size=1, max_size=10, unique=True))
    seats = []
    for n in numbers:
        count = draw(st.integers(1, 30))
        other = next_up * draw(st.integers(0, 50))
        seats.append(RaceSeat(n, other + count * removed, count))
    per_chip = next_up // removed
    odd = {s.seat: s.removed_chips % per_chip for s in seats}
    pool = draw(st.permutations(deck()))
    cards, at = {}, 0
    for s in sorted(seats, key=lambda s: s.seat):
        if odd[s.seat]:
            cards[s.seat] = list(pool[at:at + odd[s.seat]])
            at += odd[s.seat]
    if at > 52:
        cards = None            # more odd chips than a deck has cards: the race is not decided here
    rounding = draw(st.sampled_from(["nearest", "down"]))
    return seats, removed, next_up, cards, rounding


@settings(max_examples=300, deadline=None)
@given(races())
def test_race_properties(race):
    seats, removed, next_up, cards, rounding = race
    result = chip_race(seats, removed, next_up, cards, rounding)
    before = {s.seat: s for s in seats}
    odd_value = sum(s.odd_value for s in result.seats)
    # the race gives away the odd chips' worth, rounded to one larger chip
    assert abs(result.chips_raced * next_up - odd_value) < next_up
    if rounding == "down":
        assert result.chips_raced * next_up <= odd_value
    for s in result.seats:
        other = before[s.seat].stack - before[s.seat].removed_chips * removed
        # whole amounts are exchanged at face value; only odd chips are at stake
        assert s.exchanged * next_up + s.odd_value == before[s.seat].removed_chips * removed
        assert s.odd_value < next_up
        # no removed chips are left, and (once the race is run) nobody is raced out of the event
        assert (s.stack_after - other) % next_up == 0
        if result.decided:
            assert s.stack_after > 0
            assert s.stack_after - s.stack_before >= -s.odd_value
    if result.decided:
        assert len(set(result.winners)) == len(result.winners) == min(result.chips_raced, result.racers)
        assert all(before[w].removed_chips % (next_up // removed) for w in result.winners)
        # the winners hold the best cards: each winner's best card beats every loser's best card
        best = {seat: max(map(card_strength, c)) for seat, c in cards.items()}
        losers = [seat for seat in best if seat not in result.winners]
        for w in result.winners:
            assert all(best[w] > best[loser] for loser in losers)
        total_before = sum(s.stack for s in seats)
        total_after = sum(s.stack_after for s in result.seats)
        assert total_after - total_before == (result.chips_raced + len(result.kept_in)) * next_up - odd_value


# ---------------------------------------------------------------------------- eliminations
def test_larger_stack_finishes_higher_with_prizes():
    finishes = finishing_places({3: 12000, 5: 7500}, 8, [1100, 900])
    assert [(f.seat, f.place, f.prize) for f in finishes] == [(3, 7, 1100), (5, 8, 900)]


def test_equal_stacks_share_places_and_prize_money():
    finishes = finishing_places({4: 5000, 6: 5000, 7: 9000}, 10, [2000, 1500, 1200])
    assert [(f.seat, f.place, f.places, f.prize) for f in finishes] == [
        (7, 8, (8,), 2000), (4, 9, (9, 10), 1350), (6, 9, (9, 10), 1350)]


def test_unshared_prize_is_left_to_the_event():
    finishes = finishing_places({4: 5000, 6: 5000}, 10, [1500, 1200], share_prize=False)
    assert all(f.prize is None and f.places == (9, 10) for f in finishes)


def test_announcement_hand_shares_all_places_whatever_the_stacks():
    finishes = finishing_places({2: 14000, 4: 9000, 7: 31000}, 52, [2000, 0, 0], share_all=True)
    assert {f.seat: (f.place, f.prize) for f in finishes} == {2: (50, 666), 4: (50, 666), 7: (50, 666)}
    assert finishes[0].prize_remainder == 2


@pytest.mark.parametrize("stacks, left, message", [
    ({1: 100, 2: 200}, 2, "nobody to win"), ({1: 100, 2: 200, 3: 5}, 2, "only 2 left")])
def test_impossible_eliminations_are_refused(stacks, left, message):
    with pytest.raises(ValueError, match=message):
        finishing_places(stacks, left)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.integers(1, 10), st.integers(1, 8) .map(lambda k: k * 500), min_size=2, max_size=9),
       st.integers(0, 100), st.booleans())
def test_elimination_properties(stacks, extra, share_all):
    left = len(stacks) + 1 + extra
    prizes = [1000 * (len(stacks) - i) for i in range(len(stacks))]
    finishes = finishing_places(stacks, left, prizes, share_all=share_all)
    assert sorted(f.seat for f in finishes) == sorted(stacks)
    # the places at stake are covered exactly once, and the prize money is all paid out
    covered = sorted({p for f in finishes for p in f.places})
    assert covered == list(range(left - len(stacks) + 1, left + 1))
    paid = sum(f.prize for f in finishes) + sum({f.places: f.prize_remainder for f in finishes}.values())
    assert paid == sum(prizes)
    for a in finishes:
        for b in finishes:
            if share_all or a.counted_stack == b.counted_stack:
                assert a.place == b.place
            elif a.counted_stack > b.counted_stack:
                assert a.place < b.place


# ---------------------------------------------------------------------------- incidents and facts
@pytest.mark.parametrize("raw, message", [
    ({"type": "chip-race", "removed": 25, "next_up": 100, "seats": [1, 2], "removed_chips": [3]}, "1 chip counts"),
    ({"type": "chip-race", "removed": 25, "next_up": 110, "seats": [1], "removed_chips": [3]}, "whole number"),
    ({"type": "chip-race", "removed": 25, "next_up": 100, "seats": [1, 1], "removed_chips": [3, 3]}, "twice"),
    ({"type": "simultaneous-eliminations", "seats": [1]}, "at least 2"),
    ({"type": "simultaneous-eliminations", "seats": [1, 2], "prizes": [100]}, "1 prizes for 2"),
    ({"type": "deal-proposal", "agreeing": [1]}, "at least two players"),
    ({"type": "wrong-seat", "seat": 3, "assigned_seat": 3}, "nothing is wrong"),
])
def test_bad_incidents_are_refused_with_the_reason(raw, message):
    with pytest.raises(Exception, match=message):
        parse_incident(raw)


def _facts(table: dict, incident: dict, events=(), options=None):
    from floorman.engine.facts import Situation, situation_facts
    from floorman.model.events import parse_event
    from floorman.model.table import Table

    situation = Situation(Table.from_data(table), [parse_event(e) for e in events], [parse_incident(incident)],
                          "tda-2026", options or {})
    return situation_facts(situation)[-1]


TABLE = {"format": "tournament", "button": 1, "players_left_in_event": 20,
         "forced_bets": {"small_blind": 100, "big_blind": 200},
         "seats": [{"number": n, "stack": 5000 + 1000 * n} for n in (1, 2, 4, 6, 7, 9)]}


def test_balance_moves_the_player_due_the_big_blind_next():
    fact = _facts(TABLE, {"type": "table-balance", "short_table_players": 3})
    # button 1, so this hand's blinds were seats 2 and 4; the big blind moves on to seat 6
    assert (fact["seat_to_move"], fact["gap"], fact["move_needed"], fact["halt_short_table"]) == (6, 3, True, True)
    events = [{"type": "post", "seat": 4, "kind": "small-blind", "amount": 100},
              {"type": "post", "seat": 6, "kind": "big-blind", "amount": 200}]
    fact = _facts({**TABLE, "button": 2}, {"type": "table-balance", "short_table_players": 5}, events)
    assert (fact["seat_to_move"], fact["move_needed"], fact["halt_short_table"]) == (7, False, False)


def test_elimination_stack_counted_before_or_after_the_ante():
    table = {**TABLE, "forced_bets": {"small_blind": 100, "big_blind": 200, "ante": 200, "ante_style": "big-blind"}}
    events = [{"type": "post", "seat": 4, "kind": "big-blind-ante", "amount": 200}]
    incident = {"type": "simultaneous-eliminations", "seats": [2, 4]}   # 7,000 and 9,000 at the start
    after = _facts(table, incident, events, {"eliminations_count_after_ante": True})
    assert (after["seat_4_place"], after["seat_2_place"], after["ante_paid"]) == (19, 20, 200)
    table["seats"] = [{"number": 2, "stack": 9100}, {"number": 4, "stack": 9200}, {"number": 9, "stack": 50000}]
    after = _facts(table, incident, events, {"eliminations_count_after_ante": True})
    before = _facts(table, incident, events, {"eliminations_count_after_ante": False})
    assert (after["seat_2_place"], after["seat_4_place"]) == (19, 20)      # 9,100 against 9,000
    assert (before["seat_4_place"], before["seat_2_place"]) == (19, 20)    # 9,200 against 9,100


def test_race_cards_must_match_the_odd_chips():
    from floorman.errors import InvalidEvent

    incident = {"type": "chip-race", "removed": 25, "next_up": 100, "seats": [1, 2], "removed_chips": [3, 2],
                "cards": ["As", "Kd", "Qh"]}
    with pytest.raises(InvalidEvent, match="3 race cards for 5 odd chips"):
        _facts(TABLE, incident)


@pytest.mark.parametrize("incident, events, message", [
    ({"type": "wrong-seat", "seat": 2, "assigned_seat": 10}, [], "not a seat at this table"),
    ({"type": "wrong-seat", "seat": 2, "assigned_seat": 4}, [], "is taken"),
    ({"type": "simultaneous-eliminations", "seats": [2, 3]}, [], "no player at this table"),
    ({"type": "chip-race", "removed": 5, "next_up": 25, "seats": [1], "removed_chips": [3]}, [], "not a chip in play"),
])
def test_facts_refuse_what_the_table_contradicts(incident, events, message):
    from floorman.errors import InvalidEvent

    table = {**TABLE, "chip_denominations": [25, 100, 500]}
    with pytest.raises(InvalidEvent, match=message):
        _facts(table, incident, events)


@pytest.mark.parametrize("line, expected", [
    ("incident chip-race removed=25 next_up=100 seats=1,2,3 removed_chips=7,2,1 cards=Kh,4c,9d,Ks,2d,7h",
     {"type": "chip-race", "seats": (1, 2, 3), "removed_chips": (7, 2, 1), "cards": ("Kh", "4c", "9d", "Ks", "2d", "7h")}),
    ("incident simultaneous-eliminations seats=s2,s3 players_left=8 prizes=1100,900 announcement_hand=yes",
     {"seats": (2, 3), "players_left": 8, "prizes": (1100, 900), "announcement_hand": True}),
    ("incident rebuy-request seat=s2 kind=add-on period_open=no", {"seat": 2, "kind": "add-on", "period_open": False}),
    ("incident deal-proposal agreeing=1,2 declining=3", {"agreeing": (1, 2), "declining": (3,)}),
    ("incident table-balance short_table_players=5", {"short_table_players": 5}),
    ("incident table-break absent=s4", {"absent": (4,)}),
    ("incident wrong-seat seat=s3 assigned_seat=7 assigned_elsewhere=yes", {"assigned_seat": 7, "assigned_elsewhere": True}),
    ("incident absent-chips seat=s1 reason=disqualified", {"reason": "disqualified"}),
    ("incident cash-out-request seat=s1 wants=paid-by-chips", {"wants": "paid-by-chips"}),
    ("incident hand-for-hand-all-in instructed=no", {"instructed": False}),
])
def test_the_table_notation_enters_every_tournament_incident(line, expected):
    from floorman.notation.parser import Context, parse_line

    parsed = parse_line(line, Context())
    assert len(parsed.incidents) == 1 and not parsed.events
    got = parsed.incidents[0].model_dump()
    assert {key: got[key] for key in expected} == expected


def test_hand_for_hand_all_in_needs_an_all_in_called():
    assert _facts(TABLE, {"type": "hand-for-hand-all-in"})["all_in_called"] is False
    table = {**TABLE, "seats": TABLE["seats"][:3]}          # seats 1, 2, 4; button 1 acts first, blinds 2 and 4
    events = [{"type": "post", "seat": 2, "kind": "small-blind", "amount": 100},
              {"type": "post", "seat": 4, "kind": "big-blind", "amount": 200},
              {"type": "action", "seat": 1, "action": "all-in"}]
    assert _facts(table, {"type": "hand-for-hand-all-in"}, events)["all_in_called"] is False   # others to act
    events += [{"type": "action", "seat": 2, "action": "call"}, {"type": "action", "seat": 4, "action": "fold"}]
    assert _facts(table, {"type": "hand-for-hand-all-in"}, events)["all_in_called"] is True
