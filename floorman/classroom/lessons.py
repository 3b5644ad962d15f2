"""A class's questions, made once when the class is created, and an answer marked against one.

The questions are the quiz's (floorman.training: generated from templates and real hands, or a
bundled set such as you-make-the-call), each frozen as the quiz export's JSON (question_json:
the table as plain data, the choices with the mistake behind each wrong one, the ruling with its
explanation and citation). Marking reads that JSON only: a class is served, and survives a
restart, without ruling anything again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from floorman.classroom.checks import ClassOptions
from floorman.errors import FloormanError


def make_questions(options: ClassOptions, *, floor: Any = None,
                   progress: Callable[[int], None] | None = None) -> list[dict[str, Any]]:
    """The class's questions as question JSON, in the order every trainee gets them. Several
    topics share the count and take turns; a question that refers back to another stays right
    after it. `progress(n)` is told how many are made so far."""
    from floorman.training import bundled_set, generate
    from floorman.training.export import question_json

    if floor is None:
        from floorman.engine.floor import Floor

        floor = Floor()
    if options.set is not None:
        made = bundled_set(options.set, floor=floor)
        return [question_json(q) for q in made[:options.count or len(made)]]
    count = options.count or 10
    topics: list[str | None] = list(options.topics) or [None]
    shares = [count // len(topics) + (i < count % len(topics)) for i in range(len(topics))]
    per_topic: list[list[list[Any]]] = []
    done = 0
    for topic, share in zip(topics, shares):
        units: list[list[Any]] = []
        for question in generate(seed=options.seed, count=share, topic=topic, difficulty=options.difficulty,
                                 profile=options.profile, floor=floor):
            if units and question.follows is not None and question.follows == units[-1][-1].key:
                units[-1].append(question)
            else:
                units.append([question])
            done += 1
            if progress is not None:
                progress(done)
        per_topic.append(units)
    ordered = [q for turn in _turns(per_topic) for unit in turn for q in unit]
    if not ordered:
        raise FloormanError("no question fits these options", field="topics",
                            expected="other topics, another difficulty or profile")
    return [question_json(q) for q in ordered]


def _turns(per_topic: list[list[list[Any]]]) -> list[list[list[Any]]]:
    """Round after round, one unit from each topic that has one left."""
    rounds = max((len(units) for units in per_topic), default=0)
    return [[units[i] for units in per_topic if i < len(units)] for i in range(rounds)]


@dataclass(frozen=True)
class Mark:
    correct: bool
    given: str            # what the trainee answered, as shown: 'b) Call 25' or '1,250'
    expected: str         # the right answer, as shown
    mistake: str | None   # the common mistake the wrong answer is, in words, with the rule it breaks


def mark(question: dict[str, Any], given: str) -> Mark:
    """Mark a checked answer (checks.answer) against a stored question."""
    if question["kind"] == "choice":
        choices = question["choices"]
        picked = choices["abcdefgh".index(given)]
        right = next(c for c in choices if c["correct"])
        return Mark(bool(picked["correct"]), _shown(picked), _shown(right),
                    None if picked["correct"] else picked.get("feedback"))
    number = question["number"]
    value = int(given)
    trap = next((t for t in number["traps"] if t["value"] == value), None)
    correct = value == number["answer"]
    return Mark(correct, f"{value:,}", f"{number['answer']:,}", None if correct or trap is None else trap["feedback"])


def _shown(choice: dict[str, Any]) -> str:
    return f"{choice['letter']}) {choice['text']}"
