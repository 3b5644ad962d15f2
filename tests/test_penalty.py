"""The penalty ladder's arithmetic (floorman/model/penalty.py): a missed round is one hand per player
seated times the rounds, repeats escalate, disqualification removes the chips, cash games warn then
remove."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from floorman.model.penalty import (DISQUALIFY, assess, forced_bets_per_round, ladder_level,
                                    missed_round_hands)


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


def test_ladder_escalates_and_ends_in_disqualification():
    assert ladder_level("minor", 0, 0) == 0
    assert ladder_level("minor", 2, 0) == 1          # warned: a penalty now
    assert ladder_level("minor", 1, 1) == 2          # one penalty served: two steps
    assert ladder_level("minor", 0, 2) == DISQUALIFY
    assert ladder_level("serious", 0, 0) == 1        # abuse, soft play: a penalty at once
    assert ladder_level("cheating", 0, 0) == DISQUALIFY
    assert ladder_level("minor", 9, 9) == DISQUALIFY


@given(st.sampled_from(["minor", "serious", "cheating"]), st.integers(0, 20), st.integers(0, 20))
def test_a_repeat_never_lands_lower(severity, warnings, penalties):
    level = ladder_level(severity, warnings, penalties)
    assert ladder_level(severity, warnings + 1, penalties) >= level
    assert ladder_level(severity, warnings, penalties + 1) >= level
    assert 0 <= level <= DISQUALIFY


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


def test_cash_games_warn_then_remove():
    assert _assess(tournament=False).step == "warning"
    assert _assess(tournament=False, severity="serious").step == "warning"
    removed = _assess(tournament=False, prior_warnings=1)
    assert (removed.step, removed.hands_missed) == ("removal", 0)
    assert "ban" in _assess(tournament=False, severity="cheating").text


@pytest.mark.parametrize("kw", [{"severity": "awful"}, {"penalty_type": "timeout"}, {"prior_warnings": -1}])
def test_bad_input_is_refused(kw):
    with pytest.raises(ValueError):
        _assess(**kw)
