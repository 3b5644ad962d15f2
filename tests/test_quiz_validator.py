"""The quiz's validator (floorman/training/validate.py, the code the generator runs on every
question) can fail: each check is fed a question broken on purpose and refuses it, and passes the
same question unbroken. The broken questions are real generated ones with one thing changed."""

from __future__ import annotations

import dataclasses
import re

import pytest

from floorman.engine.facts import Situation
from floorman.training import MISTAKES, generate
from floorman.training.mistakes import Mistake
from floorman.training.question import Answer, Choice, answer_of
from floorman.training.validate import CHECKS, problems


@pytest.fixture(scope="module")
def floor():
    from floorman.engine.floor import Floor

    return Floor()


@pytest.fixture(scope="module")
def pool(floor):
    """Questions of every source, by template."""
    found: dict[str, list] = {}
    for source in ("template", "real", "scenario"):
        for q in generate(seed=41, count=400, source=source, floor=floor):
            found.setdefault(q.template if source != "scenario" else "bundled", []).append(q)
    return found


def _first(pool, template, test=lambda q: True):
    return next(q for q in pool[template] if test(q))


def _checks(question, floor, previous=None):
    return {p.check for p in problems(question, floor=floor, previous=previous)}


def _with_situation(question, **changes):
    s = question.situation
    parts = {"table": s.table, "events": list(s.events), "incidents": list(s.incidents), "profile": s.profile,
             "options": dict(s.options)}
    parts.update(changes)
    return dataclasses.replace(question, situation=Situation(**parts))


def test_generated_questions_pass_every_check(pool, floor):
    for template, questions in pool.items():
        for q in questions[:3]:
            before = dataclasses.replace(q, key=q.follows) if q.follows else None    # what it refers back to
            assert problems(q, floor=floor, previous=before) == [], (template, q.prompt)
    assert set(CHECKS) == {"deal", "chips", "stacks", "self-contained", "answer", "distractors", "kind", "wording"}


def test_an_impossible_deal_is_refused(pool, floor):
    q = _first(pool, "exposed-card", lambda q: q.source.startswith("real:"))
    assert "deal" not in _checks(q, floor)
    exposed = q.situation.incidents[-1]
    others = [s.number for s in q.situation.table.seats if s.number != exposed.seat]
    # the card the question names, given to another seat: card N cannot reach that seat
    moved = exposed.model_copy(update={"seat": others[0]})
    assert "deal" in _checks(_with_situation(q, incidents=[*q.situation.incidents[:-1], moved]), floor)
    # the words alone wrong: the prompt gives the card to a seat the deal does not reach with it
    said = re.sub(r"card off the deck, seat (\d+)'s", lambda m: f"card off the deck, seat {others[0]}'s", q.prompt)
    assert said != q.prompt and "deal" in _checks(dataclasses.replace(q, prompt=said), floor)
    # a card beyond the deal
    beyond = exposed.model_copy(update={"deal_positions": (len(q.situation.table.seats) * 2 + 1,)})
    assert "deal" in _checks(_with_situation(q, incidents=[*q.situation.incidents[:-1], beyond]), floor)


def test_an_unknown_chip_and_a_wrong_sum_are_refused(pool, floor):
    q = _first(pool, "multiple-chips")
    assert "chips" not in _checks(q, floor)
    wager = q.situation.incidents[-1]
    odd = wager.model_copy(update={"chips": (21, 21, 21)})          # "three chips of 21": no such chip
    assert "chips" in _checks(_with_situation(q, incidents=[odd]), floor)
    assert "chips" in _checks(dataclasses.replace(q, prompt=q.prompt + " Seat 1 pushes out three 21 chips."),
                              floor)
    total = re.search(r"\(([\d,]+) in all\)", q.prompt)
    wrong = q.prompt.replace(total.group(0), f"({int(total.group(1).replace(',', '')) + 5:,} in all)")
    assert "chips" in _checks(dataclasses.replace(q, prompt=wrong), floor)


def test_a_sentinel_or_implausible_stack_is_refused(pool, floor):
    from floorman.phh import UNKNOWN_STACK

    q = _first(pool, "premature-flop", lambda q: q.source.startswith("real:"))
    assert "stacks" not in _checks(q, floor)
    table = q.situation.table
    for stack in (UNKNOWN_STACK, table.forced_bets.big_blind * 20_000):
        seats = tuple(s.model_copy(update={"stack": stack}) if i == 0 else s for i, s in enumerate(table.seats))
        broken = _with_situation(q, table=table.model_copy(update={"seats": seats}))
        assert "stacks" in _checks(broken, floor), stack
    assert "stacks" in _checks(dataclasses.replace(q, prompt=q.prompt + " Seat 1 has 1,000,000,000,000,000."), floor)


def test_a_dangling_as_before_is_refused(pool, floor):
    q = _first(pool, "premature-flop")
    for said in ("As before, but the dealer burns first.", "Same hand: the river comes early.",
                 "As in ruling 2, the dealer burns first."):
        broken = dataclasses.replace(q, prompt=said)
        assert "self-contained" in _checks(broken, floor), said
        # shown right after the question it refers to, it stands
        base = dataclasses.replace(q, key="scenario:the-base")
        follows = dataclasses.replace(broken, follows="scenario:the-base")
        assert "self-contained" not in _checks(follows, floor, previous=base)
        assert "self-contained" in _checks(follows, floor, previous=q)


def test_a_distractor_equal_to_the_answer_is_refused(pool, floor, monkeypatch):
    q = _first(pool, "oversized-chip", lambda q: q.kind == "choice" and answer_of(q.ruling).amount)
    right = answer_of(q.ruling)
    assert "distractors" not in _checks(q, floor)
    # the answer in other words: the same street total under another decision of the same kind
    other = "raise-to-max" if right.decision != "raise-to-max" else "raise"
    same = Answer(other if right.decision in ("raise", "bet", "all-in") else right.decision, right.amount)
    monkeypatch.setitem(MISTAKES, "test-the-answer-again", Mistake("test-the-answer-again", "a test mistake",
                                                                   lambda case: same))
    wrong = [c for c in q.choices if not c.correct]
    choices = [c for c in q.choices if c is not wrong[0]] + [Choice(same.text, False, "test-the-answer-again")]
    assert "distractors" in _checks(dataclasses.replace(q, choices=choices), floor)
    # a wrong choice that is not what its mistake gives on this hand
    relabelled = [Choice(c.text + " (really)", c.correct, c.mistake) if c is wrong[0] else c for c in q.choices]
    assert "distractors" in _checks(dataclasses.replace(q, choices=relabelled), floor)


def test_the_answer_is_ruled_again(pool, floor):
    q = _first(pool, "multiple-chips")
    assert "answer" not in _checks(q, floor)
    swapped = [Choice(c.text, not c.correct, c.mistake) for c in q.choices]
    assert "answer" in _checks(dataclasses.replace(q, choices=swapped), floor)
    n = _first(pool, "oversized-chip", lambda q: q.kind == "number")
    assert "answer" in _checks(dataclasses.replace(n, number_answer=n.number_answer + 1), floor)


def test_a_distractor_of_another_kind_is_refused(pool, floor, monkeypatch):
    q = _first(pool, "short-all-in", lambda q: q.kind == "choice")
    assert "kind" not in _checks(q, floor)
    # "only an estimate of the stack is given" answers "may I have a count?", not "may I raise?"
    monkeypatch.setitem(MISTAKES, "test-another-question", Mistake("test-another-question", "a test mistake",
                                                                   lambda case: Answer("estimate-only")))
    choices = [*q.choices, Choice(Answer("estimate-only").text, False, "test-another-question")]
    assert "kind" in _checks(dataclasses.replace(q, choices=choices), floor)


def test_engine_words_are_refused(pool, floor):
    q = _first(pool, "string-bet")
    assert "wording" not in _checks(q, floor)
    for text in (" It is decided_by chips.", " The facing_bet is 200.", " {w.seat} pushes.", " None"):
        assert "wording" in _checks(dataclasses.replace(q, prompt=q.prompt + text), floor), text
