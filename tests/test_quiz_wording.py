"""What a trainee reads: every decision the rulebook can give reads as a cardroom answer (never its
keyword, never a '?'), pushes are real chips with their sum, games are named as a dealer names them,
real hands carry real stacks, a question that refers back always comes after the one it refers to,
and docs/quiz.md has every topic with an example."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from floorman.model.table import Table
from floorman.training import TOPICS, generate
from floorman.training.bundled import FOLLOWS, bundled, near_misses
from floorman.training.chipset import make_push, stakes_chips, table_chips
from floorman.training.phrases import AMOUNTLESS, PHRASES
from floorman.training.question import Answer
from floorman.training.validate import BACK_REFERENCE
from floorman.training.wording import ENGINE_WORDS, chip_groups, chips_phrase, game_line

DOCS = Path(__file__).resolve().parents[1] / "docs" / "quiz.md"


def test_every_rulebook_decision_reads_as_an_answer():
    from floorman.rulebook.loader import load_rulebook

    decisions = {r.ruling.decision for r in load_rulebook().rules.values() if r.ruling is not None}
    assert decisions <= set(PHRASES), sorted(decisions - set(PHRASES))
    for decision, phrase in PHRASES.items():
        texts = [Answer(decision).text] + ([Answer(decision, 1250).text] if "{n}" in phrase else [])
        for text in texts:
            assert "?" not in text and not ENGINE_WORDS.search(text), (decision, text)
        if "{n}" in phrase:
            assert decision in AMOUNTLESS and "1,250" in texts[1], decision


def test_a_push_is_real_chips_and_says_its_sum():
    assert chips_phrase((500,)) == "a 500 chip"
    assert chips_phrase((100, 25, 100, 25, 25)) == "two 100 chips and three 25 chips (275 in all)"
    for chips in ((1000, 100, 100), (25,), (5000, 1000, 500, 100, 25, 5)):
        assert chip_groups(f"Seat 3 silently pushes out {chips_phrase(chips)}.") == \
            [(sorted(chips, reverse=True), sum(chips) if len(chips) > 1 else None)]
    assert make_push(275, (25, 100, 500)) == (100, 100, 25, 25, 25)
    assert make_push(21, (25, 100)) is None and make_push(21 * 25, (25,)) is None      # 21 chips: too many
    assert stakes_chips(100, 200) == (100, 500, 1000, 5000, 25000, 100000)
    assert stakes_chips(2, 5)[0] == 1 and stakes_chips(25, 50)[0] == 25


def test_games_are_named_as_a_dealer_names_them():
    table = Table.from_data({"format": "cash", "button": 3, "structure": {"betting": "fixed-limit", "small_bet": 4,
                                                                          "big_bet": 8},
                             "forced_bets": {"small_blind": 2, "big_blind": 4},
                             "seats": [{"number": n, "stack": 400} for n in (1, 3, 5)]})
    assert game_line(table) == "Fixed-limit hold'em 4/8 cash game, 3 players, button seat 3."
    no_small = Table.from_data({"format": "tournament", "button": 1, "seats": [{"number": 1, "stack": 90000},
                                                                               {"number": 2, "stack": 90000}],
                                "forced_bets": {"small_blind": 0, "big_blind": 3000}})
    assert game_line(no_small) == ("No-limit hold'em (big blind 3,000, no small blind) tournament, 2 players, "
                                   "button seat 1.")


def test_real_hands_have_real_stacks_and_their_own_chips():
    from floorman.phh import UNKNOWN_STACK
    from floorman.training.real_hands import UNKNOWN_STACK_BIG_BLINDS, hands

    shipped = hands()
    if not shipped:
        pytest.skip("no shipped real hands")
    made = 0
    for hand in shipped:
        table = hand.table
        assert table.chip_denominations == table_chips(table.model_copy(update={"chip_denominations": None}),
                                                       hand.events)
        big = table.forced_bets.big_blind or table.structure.small_bet
        for seat in table.seats:
            assert seat.stack < UNKNOWN_STACK and seat.stack <= 10_000 * big, (hand.label, seat)
            made += seat.stack % table.chip_denominations[0] == 0 and seat.stack >= UNKNOWN_STACK_BIG_BLINDS * big
    assert made > 0


def test_every_question_that_refers_back_follows_what_it_refers_to():
    items = {b.name: b for b in bundled()}
    referring = {name for name, b in items.items() if BACK_REFERENCE.search(b.prompt)}
    assert referring <= set(FOLLOWS), sorted(referring - set(FOLLOWS))
    for twin, base in FOLLOWS.items():
        if twin in items:
            assert base in items and not BACK_REFERENCE.search(items[base].prompt) or base in FOLLOWS, (twin, base)
    previous = None
    for q in generate(seed=2, count=300, source="scenario"):
        if q.follows:
            assert previous is not None and previous.key == q.follows, q.prompt
        previous = q


def test_near_misses_come_from_the_scenarios_both_ways():
    pairs = near_misses()
    assert "BET-OVERSIZED-CHIP-RAISE" in pairs["BET-OVERSIZED-CHIP-CALL"]
    assert all(rule in pairs[other] for rule, others in pairs.items() for other in others)


def test_docs_list_every_topic_with_an_example():
    text = DOCS.read_text(encoding="utf-8")
    section = text.split("## Topics", 1)[1].split("\n## ", 1)[0]
    for topic in TOPICS:
        row = re.search(rf"^\| `{re.escape(topic)}` \|[^|]+\|(.+)\|$", section, re.MULTILINE)
        assert row and len(row.group(1).strip()) > 20, topic
    assert "--export" in text
