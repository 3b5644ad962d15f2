"""The penalty ladder's arithmetic (floorman/model/penalty.py): a missed round is one hand per player
seated times the rounds, warnings and penalties add up, the room's options shape the ladder,
disqualification removes the chips, cash games warn then remove, and the blinds a seat posts while
away follow the big blind around the table."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from floorman.model.penalty import (
    AtTable,
    Ladder,
    assess,
    chosen_penalty,
    compared,
    forced_bets_per_round,
    ladder_level,
    ladder_rows,
    missed_round_hands,
    penalty_of,
    posts_while_away,
)

DISQUALIFY = Ladder().disqualify


def _assess(**kw):
    args = dict(severity="minor", prior_warnings=0, prior_penalties=0, tournament=True,
                penalty_type="missed-rounds", seats_at_table=8, forced_per_round=500, penalty_hands=3,
                stack=12_000)
    args.update(kw)
    return assess(**args)


def test_tda_example_one_round_at_eight_players_is_eight_hands():
    # TDA 2024 71-A / 2026 74-A: 8 players at the table, a one-round penalty = 8 hands
    assert missed_round_hands(1, 8) == 8
    p = _assess(prior_warnings=1)
    assert (p.step, p.rounds, p.hands_missed) == ("missed-rounds", 1, 8)
    assert p.forced_bets_while_away == 500
    assert "8 hands" in p.text and "8 players seated" in p.text


@given(st.integers(0, 5), st.integers(1, 10))
def test_missed_rounds_scale_with_players_seated(rounds, seats):
    assert missed_round_hands(rounds, seats) == rounds * seats


def test_short_table_counts_the_players_there_now():
    assert _assess(prior_warnings=1, seats_at_table=5).hands_missed == 5
    assert _assess(prior_penalties=1, seats_at_table=5).hands_missed == 10


def test_warnings_add_up_and_penalties_climb_to_disqualification():
    assert ladder_level("minor", 0, 0) == 0
    assert ladder_level("minor", 1, 0) == 1          # warned once: a one-step penalty
    assert ladder_level("minor", 2, 0) == 2          # warned twice: two steps (was one: warnings did not add up)
    assert ladder_level("minor", 4, 0) == 2          # warnings alone stop at the last penalty step
    assert ladder_level("minor", 1, 1) == 2          # warned, then one penalty served: the next step
    assert ladder_level("minor", 0, 2) == DISQUALIFY
    assert ladder_level("serious", 0, 0) == 1        # abuse, soft play: a penalty at once (71-B)
    assert ladder_level("cheating", 0, 0) == DISQUALIFY
    assert ladder_level("minor", 9, 9) == DISQUALIFY


def test_the_room_options_shape_the_ladder():
    strict = Ladder(first_offence="penalty")
    assert strict.level("minor", 0, 0) == 1          # no warning first
    long = Ladder(penalty_steps=4)
    assert long.disqualify == 5 and long.level("minor", 4, 0) == 4 and long.level("minor", 0, 3) == 4
    three = Ladder(warnings_to_disqualify=3)
    assert three.level("minor", 3, 0, same_offence=True) == three.disqualify
    assert three.level("minor", 3, 0, same_offence=False) == three.penalty_steps
    assert three.level("minor", 2, 0, same_offence=True) == 2
    with pytest.raises(ValueError):
        Ladder(first_offence="caution")
    with pytest.raises(ValueError):
        Ladder(penalty_steps=0)


@given(st.sampled_from(["minor", "serious", "cheating"]), st.integers(0, 20), st.integers(0, 20),
       st.sampled_from(["warning", "penalty"]), st.integers(1, 6), st.integers(0, 10), st.booleans())
def test_a_repeat_never_lands_lower(severity, warnings, penalties, first, steps, to_dq, same):
    ladder = Ladder(first, steps, to_dq)
    level = ladder.level(severity, warnings, penalties, same)
    assert ladder.level(severity, warnings + 1, penalties, same) >= level
    assert ladder.level(severity, warnings, penalties + 1, same) >= level
    assert 0 <= level <= ladder.disqualify
    if penalties:       # a penalty served: the next offence is above it
        assert level >= min(penalties + 1, ladder.disqualify)


def test_warning_and_disqualification():
    warning = _assess()
    assert (warning.step, warning.hands_missed, warning.chips_forfeited) == ("warning", 0, 0)
    assert "1-round" in warning.next_step
    dq = _assess(severity="cheating")
    assert dq.step == "disqualification" and dq.chips_forfeited == 12_000


def test_missed_hands_and_chip_penalties():
    hands = _assess(prior_warnings=1, penalty_type="missed-hands", penalty_hands=4)
    assert (hands.step, hands.hands_missed, hands.rounds) == ("missed-hands", 4, 0)
    chips = _assess(prior_penalties=1, penalty_type="chip-penalty")
    assert (chips.step, chips.chips_forfeited, chips.hands_missed) == ("chip-penalty", 1000, 0)
    assert _assess(prior_penalties=1, penalty_type="chip-penalty", stack=700).chips_forfeited == 700


def test_forced_bets_per_round_by_ante_style():
    assert forced_bets_per_round(100, 200, 0, "none", 9) == 300
    assert forced_bets_per_round(100, 200, 25, "every-player", 9) == 525
    assert forced_bets_per_round(100, 200, 200, "big-blind", 9) == 500
    assert forced_bets_per_round(100, 200, 200, "button", 9) == 500


def test_posts_while_away_follow_the_big_blind():
    seats = [1, 2, 3, 4, 5, 6, 7, 8]
    blinds = dict(small_blind=100, big_blind=200, ante=200, ante_style="big-blind")
    # the next hand's big blind is seat 3: five hands cost seat 3 the big blind, its ante and the small blind
    five = posts_while_away(3, seats, 3, 5, **blinds)
    assert (five.big_blinds, five.small_blinds, five.antes, five.chips) == (1, 1, 1, 500)
    # two hands that never reach seat 7 cost nothing
    assert posts_while_away(7, seats, 3, 2, **blinds).chips == 0
    # every-player antes are due every hand; with no blinds (stud) only they are
    assert posts_while_away(7, seats, 3, 2, small_blind=100, big_blind=200, ante=25,
                            ante_style="every-player").chips == 50
    assert posts_while_away(7, seats, None, 4, small_blind=0, big_blind=0, ante=25,
                            ante_style="every-player").chips == 100


@given(st.integers(2, 10), st.integers(1, 4), st.data())
def test_a_round_of_posts_is_one_round_of_blinds_and_antes(players, rounds, data):
    seats = list(range(1, players + 1))
    seat = data.draw(st.sampled_from(seats))
    first = data.draw(st.sampled_from(seats))
    style = data.draw(st.sampled_from(["none", "every-player", "big-blind", "button"]))
    posts = posts_while_away(seat, seats, first, rounds * players, small_blind=100, big_blind=200, ante=50,
                             ante_style=style)
    assert posts.chips == rounds * forced_bets_per_round(100, 200, 50, style, players)


def test_a_directors_choice_against_the_ladder():
    table = AtTable(True, "missed-rounds", 8, 500, 3, 12_000)
    ladder = Ladder()
    warning = _assess()
    one_round = penalty_of("missed-rounds", 0, table, ladder, level=0, count=1)
    assert compared(one_round, warning, table, ladder) == "heavier"
    assert compared(warning, one_round, table, ladder) == "lighter"
    eight_hands = penalty_of("missed-hands", 0, table, ladder, level=0, count=8)
    assert compared(eight_hands, one_round, table, ladder) == "as-ladder"   # 8 hands at 8 players = 1 round
    chips = penalty_of("chip-penalty", 0, table, ladder, level=0, count=1000)
    assert compared(chips, one_round, table, ladder) == "heavier"          # 2 rounds' blinds and antes


def test_a_directors_choice_worked_out_for_the_table():
    table = AtTable(True, "missed-rounds", 6, 500, 3, 12_000)
    ladder = Ladder()
    rounds = chosen_penalty("missed-rounds", 2, table, ladder)
    assert (rounds.step, rounds.rounds, rounds.hands_missed, rounds.level) == ("missed-rounds", 2, 12, 2)
    hands = chosen_penalty("missed-hands", 4, table, ladder)
    assert (hands.hands_missed, hands.level) == (4, 1)                 # 4 hands at 6 players: under a round
    assert chosen_penalty("chip-penalty", 20_000, table, ladder).chips_forfeited == 12_000   # never more than the stack
    assert chosen_penalty("disqualification", 0, table, ladder).chips_forfeited == 12_000
    cash = AtTable(False, "missed-rounds", 6, 500, 3, 12_000)
    assert chosen_penalty("disqualification", 0, cash, ladder).step == "removal"
    assert chosen_penalty("warning", 0, cash, ladder).step == "warning"
    with pytest.raises(ValueError, match="cash game has no missed-rounds"):
        chosen_penalty("missed-rounds", 1, cash, ladder)


def test_cash_games_warn_then_remove():
    assert _assess(tournament=False).step == "warning"
    assert _assess(tournament=False, severity="serious").step == "warning"
    removed = _assess(tournament=False, prior_warnings=1)
    assert (removed.step, removed.hands_missed) == ("removal", 0)
    assert "ban" in _assess(tournament=False, severity="cheating").text


def test_the_ladder_rows_for_the_docs():
    rows = ladder_rows(Ladder(), tournament=True, penalty_type="missed-rounds", penalty_hands=3)
    by_record = {record: words for record, words, _ in rows}
    assert by_record["minor, 0 warnings, 0 penalties"] == "warning"
    assert by_record["minor, 1 warning, 0 penalties"] == "1 round missed"
    assert by_record["minor, 2 warnings, 0 penalties"] == "2 rounds missed"
    assert by_record["minor, 0 warnings, 2 penalties"] == "disqualification"
    cash = ladder_rows(Ladder(), tournament=False, penalty_type="missed-rounds", penalty_hands=3)
    assert {kind for _, _, kind in cash} == {"warning", "removal"}


@pytest.mark.parametrize("kw", [{"severity": "awful"}, {"penalty_type": "timeout"}, {"prior_warnings": -1}])
def test_bad_input_is_refused(kw):
    with pytest.raises(ValueError):
        _assess(**kw)
