"""Every answer comes from the engine: over 5,000 generated questions, the option marked correct is
the engine's ruling (ruled again, independently), no distractor is also correct, no two
distractors say the same thing, and each distractor's wrong answer is derived again from the
mistake it names."""

from __future__ import annotations

import os

import pytest

from floorman.engine.facts import Situation
from floorman.training import MISTAKES, generate
from floorman.training.mistakes import Case
from floorman.training.question import answer_of
from floorman.training.real_hands import hands

COUNT = 5000


@pytest.fixture(scope="module")
def questions(floor):
    if not hands():
        if os.environ.get("CI") == "true":
            pytest.fail("the shipped real hands (floorman/data/phh) are missing")
        pytest.skip("no shipped real hands")
    return list(generate(seed=20260, count=COUNT, floor=floor))


@pytest.fixture(scope="module")
def floor():
    from floorman.engine.floor import Floor

    return Floor()


def test_count(questions):
    assert len(questions) == COUNT


def test_correct_option_is_the_engines_ruling(questions, floor):
    for q in questions:
        s = q.situation
        again = floor.rule(Situation(s.table, list(s.events), list(s.incidents), s.profile, dict(s.options)))
        ruling = again.rulings_on(len(s.incidents) - 1)[0]
        assert (ruling.rule_id, ruling.decision, ruling.params) == (q.ruling.rule_id, q.ruling.decision,
                                                                    q.ruling.params), q.prompt
        right = answer_of(ruling)
        if q.kind == "number":
            assert q.number_answer == ruling.params[q.number_label.replace(" ", "_")]
            assert not q.choices
            continue
        marked = [c for c in q.choices if c.correct]
        assert len(marked) == 1 and marked[0].text == right.text, q.prompt
        assert marked[0].mistake is None


def test_distractors_are_named_wrong_and_distinct(questions):
    offered = 0
    for q in questions:
        if q.kind != "choice":
            continue
        right = answer_of(q.ruling)
        case = Case(q.situation, q.state, q.situation.incidents[-1])
        wrong = [c for c in q.choices if not c.correct]
        assert wrong, q.prompt
        assert len({c.text for c in q.choices}) == len(q.choices), q.prompt
        for choice in wrong:
            assert choice.mistake in MISTAKES, choice
            derived = MISTAKES[choice.mistake].derive(case)
            assert derived is not None and derived.text == choice.text, (choice, derived)
            assert not derived.same_as(right), (q.prompt, choice)
            offered += 1
        answers = [MISTAKES[c.mistake].derive(case) for c in wrong]
        assert not any(a.same_as(b) for i, a in enumerate(answers) for b in answers[i + 1:]), q.prompt
    assert offered > COUNT


def test_number_traps_are_wrong(questions):
    for q in questions:
        if q.kind == "number":
            case = Case(q.situation, q.state, q.situation.incidents[-1])
            for value, name in q.traps.items():
                assert value != q.number_answer
                assert MISTAKES[name].number(case) == value
