"""Every answer comes from the engine: over 5,000 generated questions the validator (the code the
generator runs before showing a question) finds nothing when run again here: the situation ruled
again from scratch gives the marked answer, each wrong choice is what its named mistake gives on
that hand and answers the same question, none is the answer in other words. The feedback for a
wrong choice names its mistake and the rule it breaks, in words no other mistake uses."""

from __future__ import annotations

import collections
import os

import pytest

from floorman.training import MISTAKES, generate
from floorman.training.generator import mistake_feedback
from floorman.training.real_hands import hands
from floorman.training.validate import case_of, other_kind, problems

COUNT = 5000


@pytest.fixture(scope="module")
def floor():
    from floorman.engine.floor import Floor

    return Floor()


@pytest.fixture(scope="module")
def questions(floor):
    if not hands():
        if os.environ.get("CI") == "true":
            pytest.fail("the shipped real hands (floorman/data/phh) are missing")
        pytest.skip("no shipped real hands")
    return list(generate(seed=20260, count=COUNT, floor=floor))


def test_count(questions):
    assert len(questions) == COUNT


def test_the_validator_finds_nothing(questions, floor):
    """Ruled again, derived again, of the same kind: every question, with the one shown before it."""
    previous = None
    for q in questions:
        found = problems(q, floor=floor, previous=previous, checks=("answer", "distractors", "kind",
                                                                    "self-contained"))
        assert found == [], (q.prompt, found)
        previous = q


def test_no_distractor_of_another_kind(questions):
    wrong = sum(1 for q in questions for c in q.choices if not c.correct)
    assert wrong > COUNT
    assert sum(len(other_kind(q, case_of(q))) for q in questions if q.kind == "choice") == 0


def test_number_traps_are_wrong_and_named(questions):
    traps = 0
    for q in questions:
        if q.kind == "number":
            case = case_of(q)
            for value, name in q.traps.items():
                assert value != q.number_answer
                assert MISTAKES[name].wrong_number(case) == value
                traps += 1
    assert traps > 100


def test_feedback_names_the_mistake_and_the_rule_it_breaks(questions):
    """No mistake shares its words with another (none is a generic 'common mistake'), and the
    feedback names the rule the mistake breaks, with its citation."""
    said = collections.defaultdict(set)
    for q in questions[:1500]:
        case = case_of(q)
        for choice in q.choices:
            if choice.correct:
                continue
            text = mistake_feedback(q, choice.mistake, case)
            assert q.ruling.rule_id in text and q.ruling.quote in text, text
            said[MISTAKES[choice.mistake].description].add(choice.mistake)
    shared = {words: names for words, names in said.items() if len(names) > 1}
    assert not shared, shared
