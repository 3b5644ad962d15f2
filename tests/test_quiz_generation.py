"""Quiz generation: rule coverage over 5,000 questions, every injected irregularity on real hands,
reproducible seeds, options, the bundled set, grading."""

from __future__ import annotations

import collections
import os

import pytest

from floorman.errors import FloormanError
from floorman.training import TOPICS, bundled_set, generate, grade
from floorman.training.real_hands import IRREGULARITIES, data_files, hands

COUNT = 5000


@pytest.fixture(scope="module")
def floor():
    from floorman.engine.floor import Floor

    return Floor()


@pytest.fixture(scope="module")
def run(floor):
    if not hands():
        if os.environ.get("CI") == "true":
            pytest.fail("the shipped real hands (floorman/data/phh) are missing")
        pytest.skip("no shipped real hands")
    return list(generate(seed=9, count=COUNT, floor=floor))


def test_shipped_hands_and_licence():
    files = data_files()
    assert len(files) >= 5
    folder = files[0].parent
    assert "MIT" in (folder / "LICENSE").read_text()
    assert 200 <= len(hands()) <= 1055


def test_every_ruling_rule_is_quizzed_or_explained(run, floor):
    """The rules no generated question rules on are exactly those the rulebook exempts, each with
    its reason (`quiz: {exempt: ...}` on the rule). The nine rules once exempt (undercalls in a
    row, the opening bet under the minimum, the count caught in time, the pot counts and the
    under-raise found too late, the early call, the home game's string bet, the tabled losing
    hands) have templates or rule-by-rule distractors of their own (floorman/training/families/
    disputes.py, kinds.py)."""
    book = floor.rulebook
    exempt = {rid: rule.quiz.exempt for rid, rule in book.rules.items() if rule.quiz is not None}
    assert exempt and all(reason.strip() for reason in exempt.values())
    ruling_rules = {rid for rid, rule in book.rules.items() if rule.ruling is not None}
    correct = collections.Counter(q.ruling.rule_id for q in run)
    uncovered = ruling_rules - set(correct)
    assert uncovered == set(exempt), ("quizzed but exempt", sorted(set(exempt) - uncovered),
                                      "never quizzed, no `quiz: {exempt: why}`", sorted(uncovered - set(exempt)))


def test_each_irregularity_on_real_hands_at_least_50(run):
    real = collections.Counter(q.template for q in run if q.source.startswith("real:"))
    for kind in IRREGULARITIES:
        assert real[kind] >= 50, (kind, real)


def test_every_template_is_asked(run):
    from floorman.training.families import TEMPLATES

    asked = collections.Counter(q.template for q in run if q.source == "template")
    assert {t.name for t in TEMPLATES} <= set(asked), sorted({t.name for t in TEMPLATES} - set(asked))


def test_odd_chips_and_side_pots_have_templates_of_their_own(run):
    rules = collections.Counter(q.ruling.rule_id for q in run if q.template in ("odd-chip", "side-pot"))
    assert rules["SD-ODD-CHIP-LEFT-OF-BUTTON"] > 10 and rules["SD-AWARD-SIDE-POTS-FIRST"] > 10, rules


def test_same_seed_same_questions(floor):
    one = [(q.id, q.prompt, [c.text for c in q.choices], q.number_answer) for q in generate(seed=5, count=60,
                                                                                              floor=floor)]
    two = [(q.id, q.prompt, [c.text for c in q.choices], q.number_answer) for q in generate(seed=5, count=60,
                                                                                              floor=floor)]
    other = [q.prompt for q in generate(seed=6, count=60, floor=floor)]
    assert one == two
    assert [p for _, p, _, _ in one] != other


def test_options_topic_difficulty_profile_weights(floor):
    for topic in TOPICS:
        got = list(generate(seed=3, count=5, topic=topic, floor=floor))
        assert all(q.topic == topic for q in got)
    hard = list(generate(seed=3, count=20, difficulty="hard", source="template", floor=floor))
    assert hard and all(q.difficulty == "hard" for q in hard)
    cash = list(generate(seed=3, count=20, profile="cash", floor=floor))
    assert all(q.report.profile == "cash" for q in cash)
    weighted = collections.Counter(q.topic for q in generate(seed=3, count=300, source="template", floor=floor,
                                                           weights={"chips": 1.0, **{t: 0.1 for t in TOPICS
                                                                                     if t != "chips"}}))
    plain = collections.Counter(q.topic for q in generate(seed=3, count=300, source="template", floor=floor))
    assert weighted["chips"] > plain["chips"]
    with pytest.raises(FloormanError):
        list(generate(seed=1, count=1, topic="nonsense", floor=floor))


def test_bundled_set(floor):
    questions = bundled_set("you-make-the-call", floor=floor)
    rules = {q.ruling.rule_id for q in questions}
    assert len(questions) >= 10
    assert {"ACT-RAISE-NOT-REOPENED", "BOARD-PREMATURE-FLOP", "SD-ORDER-FIRST-TO-ACT"} <= rules
    assert all(q.source == "set:you-make-the-call" for q in questions)


def test_grade_right_wrong_and_citation(floor):
    for q in generate(seed=11, count=40, floor=floor):
        if q.kind == "number":
            right = grade(q, str(q.number_answer))
            wrong = grade(q, str(q.number_answer + 1))
        else:
            index = next(i for i, c in enumerate(q.choices) if c.correct)
            right = grade(q, "abcd"[index])
            wrong_index = next(i for i, c in enumerate(q.choices) if not c.correct)
            wrong = grade(q, str(wrong_index + 1))
            assert "common mistake" in wrong.feedback
        assert right.correct and not wrong.correct
        assert q.ruling.quote in right.feedback and q.ruling.rule_id in wrong.feedback
