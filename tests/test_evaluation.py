"""Hand reading: seed rulings, names, lows, showing order, and phevaluator held to pokerkit."""

from __future__ import annotations

import random
import subprocess
import sys
import warnings

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from floorman.evaluation import (
    GAME_NAMES,
    HandReading,
    InvalidHand,
    bring_in_seat_key,
    card_by_suit_key,
    high_card_by_suit,
    high_strength,
    read_hands,
    read_high,
    read_low,
    showing_strength,
    splits_pot,
)
from floorman.model.cards import deck

DECK = deck()
SHORT_DECK = deck(short=True)


def cards(text: str) -> list[str]:
    return text.split()


def five(text: str) -> HandReading:
    """A five-card high hand, read as hold'em: two hole cards, a three-card board."""
    c = cards(text)
    return read_high("holdem", c[:2], c[2:])


def ranks(hand: HandReading) -> str:
    return "".join(card[0] for card in hand.best_five)


# --- import cost -------------------------------------------------------------------------


def test_importing_the_package_loads_no_evaluator():
    code = "import floorman.evaluation, sys; print('pokerkit' in sys.modules, 'phevaluator' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]


def test_holdem_reading_never_imports_pokerkit():
    code = ("import sys; from floorman.evaluation import read_high, high_strength; "
            "read_high('omaha', ['Ah','Kh','7c','2d'], ['3h','8h','Jh','Qs','9h']); "
            "read_high('stud', ['As','Kd','Qc','Jh','9s','8s','2d']); "
            "high_strength('holdem', ['Ah','Kh'], ['3h','8h','Jh']); print('pokerkit' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# --- seed rulings: high hands ------------------------------------------------------------------


def test_board_two_pair_plays_for_both_and_splits():
    board = cards("As Ad Kc Kh Qs")
    p1 = read_high("holdem", cards("Jc Jd"), board)
    p2 = read_high("holdem", cards("Th 9h"), board)
    assert ranks(p1) == ranks(p2) == "AAKKQ"
    assert set(p1.best_five) == set(p2.best_five) == set(board)
    assert p1.strength == p2.strength
    assert p1.name == "two pair, aces and kings, queen kicker"


@pytest.mark.parametrize(("better", "worse"), [
    ("As Ad Kc 7h 3s", "Ah Ac Qd Js 9c"),      # pair of aces: king kicker beats queen
    ("Ks Kd Kc 2h 2s", "Qh Qc Qd Ah As"),      # full house: higher trips win, the pair is irrelevant
    ("Ah Jh 9h 6h 3h", "Ac Jc 9c 5c 4c"),      # flush: the fourth card decides
    ("7s 7d 7c Ah 4s", "7h 7c 7d Kh Qs"),      # trips: ace kicker beats king
    ("As Ad 3c 3h 5s", "Kh Kc Qd Qs Jc"),      # two pair: top pair first
    ("Qs Qd 8c 8h As", "Qh Qc 8d 8s Kc"),      # two pair, same pairs: the kicker
    ("Ks Kd Qc 9h 4s", "Kh Kc Jd Ts 9c"),      # one pair: the first kicker
    ("As Qd 8c 6h 2s", "Ah Qc 8d 5s 4c"),      # high card: fourth card decides
    ("5s 4d 3c 2h As", "Ah Kc Qd Js 9c"),      # the wheel is a straight
    ("6s 5d 4c 3h 2s", "5h 4c 3d 2s Ac"),      # ...the lowest one
])
def test_better_hand_has_greater_strength(better, worse):
    assert five(better).strength > five(worse).strength


def test_quads_on_board_kicker_decides():
    board = cards("8s 8d 8c 8h 3s")
    king = read_high("holdem", cards("Kd 2c"), board)
    queen = read_high("holdem", cards("Qd Jc"), board)
    assert king.strength > queen.strength
    assert king.name == "four of a kind, eights, king kicker"
    assert queen.name == "four of a kind, eights, queen kicker"


def test_wheel_is_the_five_high_straight_ace_read_last():
    wheel = five("As 2d 3c 4h 5s")
    assert wheel.category == "straight"
    assert wheel.best_five[-1] == "As" and ranks(wheel) == "5432A"
    assert wheel.name == "straight, five high (wheel)"
    assert wheel.strength < five("2s 3d 4c 5h 6s").strength
    assert wheel.strength > five("As Ad Ac Kh Qs").strength   # still beats trips


def test_straights_do_not_wrap_around_the_ace():
    hand = five("Qs Kd As 2h 3c")
    assert hand.category == "high card"
    assert hand.name == "ace high (A-K-Q-3-2)"


def test_only_five_cards_count_a_sixth_never_breaks_a_tie():
    seven = read_high("stud", cards("As Kd Qc Jh 9s 8d 7c"))
    other = read_high("stud", cards("Ac Kh Qd Js 9h 3d 2c"))
    assert seven.strength == other.strength
    assert ranks(seven) == ranks(other) == "AKQJ9"


def test_broadway_board_plays_for_everyone():
    board = cards("As Kd Qc Jh Ts")
    readings = [read_high("holdem", hole, board) for hole in (cards("2c 3d"), cards("Kh Ks"), cards("9h 8h"))]
    assert {r.strength for r in readings} == {readings[0].strength}
    assert all(set(r.best_five) == set(board) for r in readings)
    assert readings[0].name == "straight, ace high"


# --- Omaha -------------------------------------------------------------------------------------


def test_omaha_nut_flush_uses_two_hearts():
    hand = read_high("omaha", cards("Ah Kh 7c 2d"), cards("3h 8h Jh Qs 9h"))
    assert hand.category == "flush"
    assert hand.name.startswith("ace-high flush")
    assert {"Ah", "Kh"} <= set(hand.best_five)


def test_omaha_one_heart_in_hand_makes_no_flush():
    hand = read_high("omaha", cards("Ah Ks 7c 2d"), cards("3h 8h Jh Qh 9s"))
    assert hand.category != "flush"
    assert hand.category == "high card"


def test_omaha_four_to_a_straight_on_board_needs_two_hole_cards():
    board = cards("9s Tc Jd Qh 2c")
    # K or 8 alone would fill the straight in hold'em; in Omaha each needs a second hole card.
    one_each = read_high("omaha", cards("Kd 8c 4h 4s"), board)
    assert one_each.category == "one pair"
    two_cards = read_high("omaha", cards("Ad Kc 4h 4s"), board)
    assert two_cards.category == "straight" and two_cards.name == "straight, ace high"
    assert {"Ad", "Kc"} <= set(two_cards.best_five)


def test_omaha_board_cannot_play_by_itself():
    hand = read_high("omaha", cards("2c 3d 7h 8s"), cards("As Ks Qs Js Ts"))
    assert hand.category != "straight flush"
    assert sum(card in ("2c", "3d", "7h", "8s") for card in hand.best_five) == 2


def test_five_card_omaha():
    hand = read_high("omaha", cards("Ah Kh 7c 2d 2s"), cards("2h 8h Jh Qs 9c"))
    assert hand.category == "flush"
    assert read_high("omaha", cards("Ac Kd 7c 2d 2s"), cards("2h 8h Jh Qs 9c")).category == "three of a kind"


# --- short deck ---------------------------------------------------------------------------------


def test_short_deck_flush_beats_full_house():
    flush = read_high("short-deck", cards("Ah 7h"), cards("9h Th Jh Kc Kd"))
    boat = read_high("short-deck", cards("Ks 9s"), cards("9h Th Jh Kc Kd"))
    assert flush.category == "flush" and boat.category == "full house"
    assert flush.strength > boat.strength


def test_short_deck_lowest_straight_is_ace_six_to_nine():
    low = read_high("short-deck", cards("Ah 6d"), cards("7c 8s 9h Kd Qc"))
    assert low.category == "straight"
    assert ranks(low) == "9876A" and low.name == "straight, nine high"
    assert low.strength < read_high("short-deck", cards("6d Tc"), cards("7c 8s 9h Kd Qc")).strength
    # pokerkit ranks a straight above trips in short deck (some rooms play trips over straights)
    trips = read_high("short-deck", cards("Kh Ks"), cards("7c 8s 9h Kd Qc"))
    assert trips.category == "three of a kind" and low.strength > trips.strength


def test_short_deck_has_no_small_cards():
    with pytest.raises(InvalidHand):
        read_high("short-deck", cards("Ah 5d"), cards("7c 8s 9h"))


# --- lows ---------------------------------------------------------------------------------------


def razz(text: str) -> HandReading:
    reading = read_low("razz", cards(text))
    assert reading is not None
    return reading


def deuce(text: str) -> HandReading:
    reading = read_low("2-7-single-draw", cards(text))
    assert reading is not None
    return reading


def test_razz_wheel_is_best_even_suited():
    wheel = razz("As 2s 3s 4s 5s Kd Kc")
    assert wheel.kind == "low" and wheel.category == "five-low"
    assert wheel.name == "5-4-3-2-A low (wheel)"
    assert ranks(wheel) == "5432A"
    assert wheel.strength > razz("As 2s 3d 4c 6h Kd Kc").strength


def test_razz_compares_from_the_top_card_down():
    assert razz("8s 6d 4c 3h 2s").strength > razz("8h 7d 2c 3c Ac").strength
    assert razz("7s 6d 5c 4h 3s").strength > razz("8h 2d 3c 4s Ad").strength   # a straight is just a 7-low
    assert razz("8s 6d 4c 3h 2s").name == "8-6-4-3-2 low"


def test_razz_pairs_are_bad():
    unpaired = razz("Ks Qd Jc Th 9s")
    paired = razz("As Ad 2c 3h 4s")
    assert paired.category == "one pair"
    assert unpaired.strength > paired.strength
    # from seven cards, the lowest five: pair of aces with 4-3-2 beats pair of deuces
    best = razz("As Ad 2c 2h 3c 3d 4c")
    assert ranks(best) == "AA432" and best.name == "pair of aces, four-trey-deuce kickers"


def test_deuce_to_seven_number_one_is_best():
    best = deuce("7s 5d 4c 3h 2c")
    assert best.category == "seven-low"
    assert best.name == "seven-five low (7-5-4-3-2)"
    for worse in ("7s 6d 4c 3h 2c", "8s 5d 4c 3h 2c", "As 5d 4c 3h 2c", "6s 5d 4c 3h 2c",
                  "7s 5s 4s 3s 2s", "2s 2d 4c 3h 5c"):
        assert best.strength > deuce(worse).strength, worse


def test_deuce_to_seven_aces_are_high_and_straights_flushes_count_against():
    ace = deuce("As 5d 4c 3h 2c")          # not a wheel: ace-high
    assert ace.category == "ace-high" and ace.name == "ace-five high (A-5-4-3-2)"
    assert ace.strength < deuce("Ks Qd Jc 9h 8c").strength
    straight = deuce("6s 5d 4c 3h 2c")
    assert straight.category == "straight" and straight.strength < ace.strength
    flush = deuce("9s 7s 5s 4s 2s")
    assert flush.category == "flush"
    assert flush.strength < deuce("2s 2d 4c 3h 5c").strength   # any pair beats a flush


def test_eight_or_better_qualifies_only_with_five_low_cards():
    assert read_low("stud-hi-lo", cards("As 2d 3c 4h 9s Kd Kc")) is None
    assert read_low("stud-hi-lo", cards("As Ad 2c 3h 4s 9d Tc")) is None        # pairs do not help
    low = read_low("stud-hi-lo", cards("As 2d 3c 4h 8s Kd Kc"))
    assert low is not None and low.category == "eight-low" and low.name == "8-4-3-2-A low"


def test_omaha_low_needs_two_low_hole_cards():
    board = cards("2c 3d 4h Kc Qd")
    assert read_low("omaha-hi-lo", cards("As Ks Qs Js"), board) is None       # one low card in hand
    assert read_low("omaha-hi-lo", cards("As 2s Qs Js"), cards("3c 4d 9h Kc Qd")) is None   # two on board
    wheel = read_low("omaha-hi-lo", cards("As 5s Qs Js"), board)
    assert wheel is not None and wheel.name == "5-4-3-2-A low (wheel)"
    nut = read_low("omaha-hi-lo", cards("As 2s Qs Js"), cards("3c 4d 8h Kc Qd"))
    assert nut is not None and ranks(nut) == "8432A"


def test_read_hands_shapes_by_game():
    high, low = read_hands("omaha-hi-lo", cards("As 2s Ks Js"), cards("3c 4d 8h Kc Qs"))
    assert high is not None and high.kind == "high" and low is not None and low.kind == "low"
    assert read_hands("omaha-hi-lo", cards("As Ts Ks Js"), cards("3c 4d 8h Kc Qs"))[1] is None
    assert read_hands("razz", cards("As 2s 3d 4c 6h Kd Kc"))[0] is None
    assert read_hands("2-7-triple-draw", cards("7s 5d 4c 3h 2c"))[0] is None
    assert read_hands("holdem", cards("As Kd"), cards("2c 3d 4h"))[1] is None
    assert [g for g in GAME_NAMES if splits_pot(g)] == ["omaha-hi-lo", "stud-hi-lo"]


# --- names --------------------------------------------------------------------------------------


@pytest.mark.parametrize(("hand", "category", "name"), [
    ("As Ah Kc Kd Qs", "two pair", "two pair, aces and kings, queen kicker"),
    ("Jd Js Jc 4h 4s", "full house", "full house, jacks full of fours"),
    ("Ah Jh 9h 6h 3h", "flush", "ace-high flush (A-J-9-6-3)"),
    ("4s 5d 6c 7h 8s", "straight", "straight, eight high"),
    ("7s 7d 7c Ah 4s", "three of a kind", "three of a kind, sevens, ace-four kickers"),
    ("9s 9d 9c 9h Ks", "four of a kind", "four of a kind, nines, king kicker"),
    ("6s 6d Ac Th 3s", "one pair", "pair of sixes, ace-ten-trey kickers"),
    ("As Td 8c 5h 2s", "high card", "ace high (A-10-8-5-2)"),
    ("5h 6h 7h 8h 9h", "straight flush", "straight flush, nine high"),
    ("As 2s 3s 4s 5s", "straight flush", "straight flush, five high (steel wheel)"),
    ("Ts Js Qs Ks As", "straight flush", "royal flush"),
])
def test_readable_names(hand, category, name):
    reading = five(hand)
    assert (reading.category, reading.name, str(reading)) == (category, name, name)


def test_best_five_reads_strongest_first():
    assert ranks(five("4s Jd Jc 4h Js")) == "JJJ44"
    assert ranks(five("3s Kd Ac Kh 3h")) == "KK33A"
    assert ranks(five("Td 2s Ah 9c 5d")) == "AT952"


# --- bad input ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "hole", "board"), [
    ("texas", ["As", "Kd"], ["2c", "3d", "4h"]),                  # unknown game
    ("holdem", ["As", "??"], ["2c", "3d", "4h"]),                 # a card nobody saw
    ("holdem", ["As", "1d"], ["2c", "3d", "4h"]),                 # not a card
    ("holdem", ["As", "As"], ["2c", "3d", "4h"]),                 # the same card twice
    ("holdem", ["As", "Kd"], ["2c", "3d"]),                       # too few cards for a hand
    ("holdem", ["As", "Kd", "Qh"], ["2c", "3d", "4h"]),           # three hole cards
    ("omaha", ["As", "Kd", "Qh"], ["2c", "3d", "4h"]),            # three Omaha hole cards
    ("stud", ["As", "Kd", "Qh", "Jc", "Tc", "9c", "8c", "7c"], []),  # eight stud cards
    ("2-7-single-draw", ["As", "Kd", "Qh", "Jc"], []),            # four-card draw hand
    ("holdem", "AsKd", ["2c", "3d", "4h"]),                        # one string, not a sequence
])
def test_unreadable_hands_are_refused(game, hole, board):
    with pytest.raises(InvalidHand):
        read_hands(game, hole, board)


def test_asking_for_a_missing_half_is_an_error():
    with pytest.raises(InvalidHand):
        read_high("razz", cards("As 2s 3d 4c 6h"))
    with pytest.raises(InvalidHand):
        read_low("holdem", cards("As Kd"), cards("2c 3d 4h"))
    assert isinstance(InvalidHand("x"), ValueError)


# --- phevaluator held to pokerkit -----------------------------------------------------------------


def _pokerkit(hand_type, hole, board=()):
    return hand_type.from_game("".join(hole), "".join(board))


def _check_against_pokerkit(game, hand_type, hole, board):
    ours = read_high(game, hole, board)
    theirs = _pokerkit(hand_type, hole, board)
    # Same index on the same 7462-class scale, so the order of any two hands agrees too.
    assert ours.strength == theirs.entry.index, (hole, board)
    assert ours.category == theirs.entry.label.value.lower()
    assert sorted(ranks(ours)) == sorted(repr(c)[0] for c in theirs.cards)
    assert high_strength(game, hole, board) == ours.strength
    return ours.strength, theirs


def test_phevaluator_matches_pokerkit_on_random_holdem_and_stud():
    from pokerkit import StandardHighHand

    rng = random.Random(20240601)
    results = []
    for i in range(3000):
        dealt = rng.sample(DECK, 7 if i % 3 else rng.choice((5, 6, 7)))
        if i % 2:
            results.append(_check_against_pokerkit("holdem", StandardHighHand, dealt[:2], dealt[2:]))
        else:
            results.append(_check_against_pokerkit("stud", StandardHighHand, dealt, ()))
    # The order explicitly: sorting by our strength leaves pokerkit's hands in order.
    results.sort(key=lambda pair: pair[0])
    assert all(a[1] <= b[1] for a, b in zip(results, results[1:]))


def test_phevaluator_matches_pokerkit_on_random_omaha():
    from pokerkit import OmahaHoldemHand

    rng = random.Random(8)
    results = []
    for i in range(1200):
        hole_count = 5 if i % 4 == 0 else 4
        board_count = 5 if i % 3 else rng.choice((3, 4))
        dealt = rng.sample(DECK, hole_count + board_count)
        game = "omaha-hi-lo" if i % 5 == 0 else "omaha"
        results.append(_check_against_pokerkit(game, OmahaHoldemHand, dealt[:hole_count], dealt[hole_count:]))
    results.sort(key=lambda pair: pair[0])
    assert all(a[1] <= b[1] for a, b in zip(results, results[1:]))


def test_every_category_is_reached_in_the_differential_sample():
    # The random sample rarely deals quads or straight flushes: check each class boundary directly.
    from pokerkit import StandardHighHand

    for hand in ("7s 5d 4c 3h 2s", "As Kd Qc Jh 9s", "2s 2d 4c 3h 5s", "As Ad Kc Kh Qs", "2s 3d 4c 2h 2c",
                 "As Ad Ac Kh Qs", "5s 4d 3c 2h As", "As Kd Qc Jh Ts", "2s 3s 4s 5s 7s", "As Ks Qs Js 9s",
                 "2s 2d 2c 3h 3s", "As Ad Ac Kh Ks", "2s 2d 2c 2h 3s", "As Ad Ac Ah Ks", "As 2s 3s 4s 5s",
                 "Ts Js Qs Ks As"):
        _check_against_pokerkit("stud", StandardHighHand, cards(hand), ())


# --- properties ----------------------------------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(st.permutations(DECK).map(lambda d: d[:10]),
       st.sampled_from([("omaha", 4), ("omaha-hi-lo", 4), ("omaha", 5), ("omaha-hi-lo", 5)]))
def test_omaha_best_five_uses_exactly_two_hole_cards(dealt, game_and_hole):
    game, hole_count = game_and_hole
    hole, board = dealt[:hole_count], dealt[hole_count:hole_count + 5]
    high, low = read_hands(game, hole, board)
    for reading in (high, low):
        if reading is not None:
            assert len(reading.best_five) == 5
            assert sum(card in hole for card in reading.best_five) == 2
            assert sum(card in board for card in reading.best_five) == 3


@settings(max_examples=150, deadline=None)
@given(st.permutations(DECK).map(lambda d: d[:7]), st.sampled_from(["stud", "stud-hi-lo", "razz"]))
def test_the_best_five_alone_read_the_same(dealt, game):
    high, low = read_hands(game, dealt)
    for reading, read in ((high, read_high), (low, read_low)):
        if reading is None:
            continue
        assert set(reading.best_five) <= set(dealt) and len(set(reading.best_five)) == 5
        again = read(game, list(reading.best_five))
        assert again == reading
    if low is not None and game == "stud-hi-lo":
        assert all(card[0] in "A2345678" for card in low.best_five)


@settings(max_examples=100, deadline=None)
@given(st.permutations(DECK).map(lambda d: d[:5]))
def test_deuce_to_seven_strength_is_the_reverse_of_high(dealt):
    # Deuce-to-seven is exactly the high ranking turned upside down (the wheel is not a straight
    # in 2-7 though, so leave out hands that differ only there).
    other = [c for c in DECK if c not in dealt][:5]
    a, b = deuce(" ".join(dealt)), deuce(" ".join(other))
    ha, hb = read_high("stud", dealt), read_high("stud", other)
    wheelish = {"straight", "straight flush"} & {ha.category, hb.category}
    if not wheelish:
        assert (a.strength > b.strength) == (ha.strength < hb.strength)
        assert (a.strength == b.strength) == (ha.strength == hb.strength)


# --- showing hands, bring-in, odd chip -------------------------------------------------------------


def test_showing_strength_stud_examples():
    assert showing_strength("stud", cards("2c 2d")) > showing_strength("stud", cards("As Kd"))
    assert showing_strength("stud", cards("As Kd")) > showing_strength("stud", cards("As Qd"))
    assert showing_strength("stud", cards("3c 3d 2h 2s")) > showing_strength("stud", cards("Ac Ad Kh Qs"))
    assert showing_strength("stud", cards("5c 5d 5h")) > showing_strength("stud", cards("Ac Ad Kh"))
    # a four-flush or four-straight showing counts for nothing
    assert showing_strength("stud", cards("2h 5h 9h Jh")) < showing_strength("stud", cards("2c 2d 3h 4s"))
    assert showing_strength("stud", cards("9c Td Jh Qs")) < showing_strength("stud", cards("Ac 2d 3h 5s"))
    # suits never break a showing tie: the caller breaks it by seat
    assert showing_strength("stud-hi-lo", cards("As Kd")) == showing_strength("stud-hi-lo", cards("Ac Kh"))


def test_showing_strength_razz_examples():
    assert showing_strength("razz", cards("Ac 2d")) > showing_strength("razz", cards("2c 3d"))
    assert showing_strength("razz", cards("5c 4d")) > showing_strength("razz", cards("6c 2d"))
    assert showing_strength("razz", cards("Kc Qd")) > showing_strength("razz", cards("Ac Ad"))   # pairs are bad
    assert showing_strength("razz", cards("Ac Ad")) > showing_strength("razz", cards("2c 2d"))   # aces are low
    with pytest.raises(InvalidHand):
        showing_strength("holdem", cards("As"))
    with pytest.raises(InvalidHand):
        showing_strength("stud", cards("As Kd Qh Jc Tc"))


def test_bring_in_examples():
    stud = lambda c: bring_in_seat_key("stud", c)  # noqa: E731
    assert stud("2c") > stud("2d") > stud("2h") > stud("2s") > stud("3c")
    assert stud("Kc") > stud("As")                      # ace is high for the bring-in
    assert bring_in_seat_key("stud-hi-lo", "2c") == stud("2c")
    razz_key = lambda c: bring_in_seat_key("razz", c)  # noqa: E731
    assert razz_key("Ks") > razz_key("Kh") > razz_key("Kd") > razz_key("Kc") > razz_key("Qs")
    assert razz_key("2c") > razz_key("As")              # ace is low: never brings in over a deuce
    with pytest.raises(InvalidHand):
        bring_in_seat_key("omaha", "2c")


def test_showing_order_matches_pokerkit_opening_lookups():
    from pokerkit.state import _HighHandOpeningLookup, _LowHandOpeningLookup

    high, low = _HighHandOpeningLookup(), _LowHandOpeningLookup()
    rng = random.Random(3)
    for _ in range(3000):
        a = rng.sample(DECK, rng.randint(1, 4))
        b = rng.sample(DECK, rng.randint(1, 4))
        ea, eb = high.get_entry("".join(a)), high.get_entry("".join(b))
        ka, kb = showing_strength("stud", a), showing_strength("stud", b)
        assert (ka > kb, ka == kb) == (ea > eb, ea == eb), (a, b)
        # razz: pokerkit opens with the smallest entry; ours opens with the largest key
        ea, eb = low.get_entry("".join(a)), low.get_entry("".join(b))
        ka, kb = showing_strength("razz", a), showing_strength("razz", b)
        assert (ka > kb, ka == kb) == (ea < eb, ea == eb), (a, b)


def _pokerkit_stud_openers(game_class, up_and_down, players):
    """Deal a stud hand in pokerkit, everyone calling, and return the opener each street."""
    from pokerkit import Automation

    automations = (Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
                   Automation.CARD_BURNING, Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
                   Automation.HAND_KILLING, Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING)
    state = game_class.create_state(automations, True, 1, 2, 4, 8, 1000, players)
    openers = []
    street_cards = [3, 1, 1, 1]
    dealt = iter(up_and_down)
    for count in street_cards:
        for _ in range(count * players):
            with warnings.catch_warnings():
                # pokerkit warns when a chosen card is not the one its own shuffled deck would deal
                warnings.simplefilter("ignore", UserWarning)
                state.deal_hole(next(dealt))
        openers.append(state.actor_index)
        if state.can_post_bring_in():
            state.post_bring_in()
        while state.actor_index is not None:
            state.check_or_call()
    return state, openers


@pytest.mark.parametrize(("game", "class_name"), [
    ("stud", "FixedLimitSevenCardStud"),
    ("stud-hi-lo", "FixedLimitSevenCardStudHighLowSplitEightOrBetter"),
    ("razz", "FixedLimitRazz"),
])
def test_bring_in_and_first_actor_match_pokerkit_states(game, class_name):
    import pokerkit

    game_class = getattr(pokerkit, class_name)
    rng = random.Random(game)
    for _ in range(40):
        players = rng.randint(2, 7)
        dealt = rng.sample(DECK, 6 * players)
        state, openers = _pokerkit_stud_openers(game_class, dealt, players)
        up = [[repr(c) for c in state.get_up_cards(i)] for i in range(players)]
        # third street: the one up-card (the third card dealt to each player)
        bring_in = max(range(players), key=lambda i: bring_in_seat_key(game, up[i][0]))
        assert openers[0] == bring_in
        for street, opener in enumerate(openers[1:], start=2):
            keys = [showing_strength(game, up[i][:street]) for i in range(players)]
            best = max(keys)
            # tied showing hands: the first in seat order acts, as pokerkit does
            assert opener == keys.index(best), (game, up, street)


def test_high_card_by_suit():
    assert high_card_by_suit(cards("Ah As Kd")) == "As"
    assert high_card_by_suit(cards("Kc Kd 2s")) == "Kd"
    assert high_card_by_suit(cards("Ac 2s 3s")) == "Ac"       # aces high for the odd chip, razz too
    assert card_by_suit_key("2s") > card_by_suit_key("2h") > card_by_suit_key("2d") > card_by_suit_key("2c")
    with pytest.raises(InvalidHand):
        high_card_by_suit([])


def test_eight_or_better_low_from_the_low_cards_alone_equals_pokerkit_on_all_cards():
    """read_low gives pokerkit only the cards eight or lower (a higher card can never be in an
    8-or-better low): the answer must equal pokerkit's read of every card."""
    import random

    from pokerkit import EightOrBetterLowHand, OmahaEightOrBetterLowHand

    from floorman.evaluation import read_low
    from floorman.model.cards import deck

    rng = random.Random(20261129)
    cards = deck()
    for _ in range(1500):
        dealt = rng.sample(cards, 9)
        hole, board = dealt[:4], dealt[4:]
        mine = read_low("omaha-hi-lo", hole, board)
        theirs = OmahaEightOrBetterLowHand.from_game_or_none("".join(hole), "".join(board))
        assert (mine is None) == (theirs is None), (hole, board)
        if mine is not None:
            assert mine.strength == -theirs.entry.index
        seven = dealt[:7]
        mine = read_low("stud-hi-lo", seven)
        theirs = EightOrBetterLowHand.from_game_or_none("".join(seven), "")
        assert (mine is None) == (theirs is None), seven
        if mine is not None:
            assert mine.strength == -theirs.entry.index
