"""The variants family's numbers: the 32-card deck's award through the normal showdown path, the
stud order (bring-in, first to act, ties by suit or position), the open-pair bet, and the
seventh-street short-stub plan (TDA RP-10-H), each checked against the hand as dealt."""

from __future__ import annotations

import pytest

from floorman.builder import HandBuilder
from floorman.engine.facts import Situation, situation_facts
from floorman.engine.floor import Floor
from floorman.errors import FloormanError
from floorman.model.events import Action, Board, DealHole, Post
from floorman.model.incidents.variants import RankingQuestion, StudIrregularity, StudQuestion
from floorman.model.state import HandState
from floorman.model.table import Table


@pytest.fixture(scope="module")
def floor():
    return Floor()


def _stud_table(variant: str, stacks: dict[int, int], fmt: str = "tournament") -> Table:
    return Table.from_data({"format": fmt, "variant": variant,
                            "structure": {"betting": "fixed-limit", "small_bet": 20, "big_bet": 40},
                            "forced_bets": {"ante": 5, "ante_style": "every-player", "bring_in": 10},
                            "seats": [{"number": n, "stack": s} for n, s in stacks.items()]})


def _stud(variant: str, cards: dict[int, list[str]], *, streets: int = 1, stacks=None, fmt="tournament"):
    stacks = stacks or {n: 500 for n in cards}
    table = _stud_table(variant, stacks, fmt)
    events = [Post(seat=n, kind="ante", amount=min(5, stacks[n])) for n in cards]
    events += [DealHole(seat=n, cards=tuple(cards[n][:3])) for n in cards]
    state = HandState.replay(table, events)
    if streets > 1:
        events.append(Action(seat=state.actor, action="bring-in", amount=10))
        state = HandState.replay(table, events)
        while state.actor is not None:
            events.append(Action(seat=state.actor, action="call" if state.to_call() else "check"))
            state = HandState.replay(table, events)
        events += [DealHole(seat=n, cards=(cards[n][3],)) for n in cards]
    return table, events


def _fact(table, events, incident, profile="tda-2026", options=None):
    book = Floor().rulebook
    situation = Situation(table, events, [incident], profile, options or book.options(profile))
    return next(f for f in situation_facts(situation) if f["id"].endswith(":0"))


def _ruling(floor, table, events, incident, profile="tda-2026"):
    situation = Situation(table, events, [incident], profile, floor.rulebook.options(profile))
    report = floor.rule(situation)
    assert report.rulings, "expected a ruling"
    return report.rulings[0]


UPCARDS = {1: ["9s", "8s", "Kh", "9c"], 2: ["Ts", "Js", "2c", "2s"], 3: ["Qs", "As", "2d", "Ac"]}


def test_stud_bring_in_is_the_lowest_upcard_clubs_lowest_and_razz_the_highest():
    table, events = _stud("stud", UPCARDS)
    fact = _fact(table, events, StudQuestion(asks="bring-in"))
    assert (fact["bring_in_seat"], fact["bring_in_card"], fact["bring_in_amount"]) == (2, "2c", 10)
    table, events = _stud("razz", UPCARDS)
    fact = _fact(table, events, StudQuestion(asks="bring-in"))
    assert (fact["bring_in_seat"], fact["bring_in_card"]) == (1, "Kh")


def test_low_card_all_in_for_the_ante_moves_the_start_to_its_left(floor):
    table, events = _stud("stud", UPCARDS, stacks={1: 500, 2: 5, 3: 500})
    ruling = _ruling(floor, table, events, StudQuestion(asks="bring-in"))
    assert ruling.rule_id == "VAR-STUD-BRING-IN-ALL-IN-ANTE"
    assert (ruling.params["bring_in_seat"], ruling.params["first_to_act"], ruling.params["minimum"]) == (2, 3, 10)


def test_fourth_street_order_matches_the_hand_engine_when_no_tie():
    for variant, first in (("stud", 2), ("razz", 3)):
        table, events = _stud(variant, UPCARDS, streets=2)
        fact = _fact(table, events, StudQuestion(asks="first-to-act"))
        assert fact["first_to_act"] == first == HandState.replay(table, events).actor


def test_tied_boards_by_suit_under_the_tda_and_by_position_in_cash(floor):
    tie = {1: ["9s", "8s", "Kc", "9d"], 2: ["Ts", "Js", "2c", "3s"], 3: ["Qs", "As", "Kh", "9h"]}
    table, events = _stud("stud", tie, streets=2)
    tda = _ruling(floor, table, events, StudQuestion(asks="first-to-act"), "tda-2026")
    cash = _ruling(floor, table, events, StudQuestion(asks="first-to-act"), "cash")
    assert (tda.rule_id, tda.params["first_to_act"]) == ("VAR-STUD-SHOWING-TIE-BY-SUIT", 3)
    assert (cash.rule_id, cash.params["first_to_act"]) == ("VAR-STUD-SHOWING-TIE-BY-POSITION", 1)


def test_open_pair_big_bet_only_where_the_room_allows_it_and_only_in_stud(floor):
    pair = {1: ["9s", "8s", "Kh", "Qc"], 2: ["Ts", "Js", "3c", "3d"], 3: ["Qs", "As", "2d", "Ac"]}
    for variant, profile, bet in (("stud", "tda-2026", 20), ("stud", "cash", 40), ("stud-hi-lo", "cash", 20)):
        table, events = _stud(variant, pair, streets=2)
        ruling = _ruling(floor, table, events, StudQuestion(asks="bet-size"), profile)
        assert ruling.params["bet_allowed"] == bet, (variant, profile)


@pytest.mark.parametrize(("players", "stub", "plan"), [
    (6, 12, "enough"), (7, 6, "reshuffle-burns"), (5, 3, "community-card"), (8, 0, "community-card-with-burns"),
    (8, 10, "enough"), (8, 7, "reshuffle-burns"), (8, 6, "community-card"),
])
def test_short_stub_plan_follows_rp_10_h(players, stub, plan):
    deck = [r + s for r in "23456789TJQKA" for s in "cdhs"]
    cards = {n: deck[(n - 1) * 6:(n - 1) * 6 + 6] for n in range(1, players + 1)}
    table, events = _stud("stud", cards, streets=2)
    state = HandState.replay(table, events)
    for street in (5, 6):
        while state.actor is not None:
            events.append(Action(seat=state.actor, action="check"))
            state = HandState.replay(table, events)
        events += [DealHole(seat=n, cards=(cards[n][street - 1],)) for n in cards]
        state = HandState.replay(table, events)
    fact = _fact(table, events, StudIrregularity(kind="short-stub", stub_cards=stub))
    assert fact["required_cards"] == players + 2
    assert fact["stub_plan"] == plan


def test_a_short_stub_before_sixth_street_is_refused():
    table, events = _stud("stud", UPCARDS, streets=2)
    with pytest.raises(FloormanError, match="seventh street"):
        _fact(table, events, StudIrregularity(kind="short-stub", stub_cards=2))


def test_a_stud_question_in_a_flop_game_is_refused():
    table = Table.from_data({"button": 1, "forced_bets": {"small_blind": 1, "big_blind": 2},
                             "seats": [{"number": 1, "stack": 100}, {"number": 2, "stack": 100}]})
    with pytest.raises(FloormanError, match="not a stud game"):
        _fact(table, [], StudQuestion(asks="bring-in"))


def _checked_down(variant: str, one: str, two: str, board: str, floor) -> HandBuilder:
    table = Table.from_data({"button": 1, "variant": variant, "forced_bets": {"small_blind": 1, "big_blind": 2},
                             "format": "cash", "seats": [{"number": 1, "stack": 100}, {"number": 2, "stack": 100}]})
    b = HandBuilder(table, "tda-2026", floor=floor)
    b.post_forced_bets()
    b.add_event(DealHole(seat=1, cards=tuple(one.split())))
    b.add_event(DealHole(seat=2, cards=tuple(two.split())))
    cards = board.split()
    for street in (cards[:3], cards[3:4], cards[4:]):
        while b.state.actor is not None:
            b.add_event(Action(seat=b.state.actor, action="call" if b.state.to_call() else "check"))
        b.add_event(Board(cards=tuple(street)))
    while b.state.actor is not None:
        b.add_event(Action(seat=b.state.actor, action="check"))
    return b


@pytest.mark.parametrize(("variant", "winners", "rule"), [
    ("piquet", [1], "VAR-PIQUET-SUIT-BREAKS-TIE"),                 # Kd over Ks (seed 004)
    ("piquet-bridge-suits", [2], "VAR-PIQUET-SUIT-BREAKS-TIE"),    # spades highest
    ("holdem", [1, 2], "VAR-RANKING-EXACT-TIE-SPLITS"),            # suits never break ties
])
def test_the_award_and_the_ruling_agree_on_the_suit_tie_break(floor, variant, winners, rule):
    b = _checked_down(variant, "Kd 9c", "Ks 9h", "Qh Jh Tc 7s 7d", floor)
    awards = b.state.result().awards
    assert sorted(awards[0].shares) == winners
    report = b.add_incident(RankingQuestion())
    assert report.rulings[0].rule_id == rule
    if len(winners) == 1:
        assert report.rulings[0].params["winner"] == winners[0]


@pytest.mark.parametrize("variant, card", [("piquet", "6h"), ("piquet", "2c"), ("short-deck", "5s")])
def test_a_card_not_in_the_variants_deck_is_refused_when_dealt(variant, card):
    table = Table.from_data({"format": "cash", "variant": variant, "button": 1,
                             "forced_bets": {"small_blind": 1, "big_blind": 2},
                             "seats": [{"number": 1, "stack": 100}, {"number": 2, "stack": 100}]})
    events = [Post(seat=1, kind="small-blind", amount=1), Post(seat=2, kind="big-blind", amount=2)]
    HandState.replay(table, [*events, DealHole(seat=1, cards=("As", "Kd"))])   # in every deck
    with pytest.raises(FloormanError, match=f"{card} is not in the {variant} deck"):
        HandState.replay(table, [*events, DealHole(seat=1, cards=("As", card))])
    with pytest.raises(FloormanError, match=f"{card} is not in the {variant} deck"):
        HandState.replay(table, [*events, Action(seat=1, action="call"), Action(seat=2, action="check"),
                                 Board(cards=("Ac", "Kc", card))])
