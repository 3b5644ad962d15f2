"""A class's results: per trainee, per topic, the questions most often missed, one trainee's
summary by topic, and the export (CSV, formula-escaped as the journal's; JSON).

Everything here is sums over rows the class file gave; nothing is read or written.
"""

from __future__ import annotations

import csv
import json
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import IO, Any

from floorman.classroom.store import AnswerRow, ClassInfo, Trainee

MOST_MISSED = 5


@dataclass
class Score:
    """Answers counted under one label: a trainee, a topic or a question."""

    label: str
    asked: int = 0
    right: int = 0

    @property
    def wrong(self) -> int:
        return self.asked - self.right

    @property
    def percent(self) -> int:
        return 100 * self.right // self.asked if self.asked else 0

    def add(self, correct: bool) -> None:
        self.asked += 1
        self.right += int(correct)


@dataclass
class Missed:
    """A question and how the class answered it: the wrong answers given, most common first."""

    position: int
    question: dict[str, Any]
    score: Score
    wrong_answers: list[tuple[str, int]] = field(default_factory=list)


@dataclass
class ClassResults:
    questions: int
    trainees: list[tuple[Trainee, Score]]
    topics: list[Score]
    missed: list[Missed]
    grid: dict[tuple[int, str], Score] = field(default_factory=dict)    # (trainee id, topic): who misses what

    @property
    def answers(self) -> int:
        return sum(score.asked for _, score in self.trainees)


def by_topic(questions: list[dict[str, Any]], answers: Iterable[AnswerRow]) -> list[Score]:
    """Answers per topic, in the order the topics first come up in the class."""
    scores = {q["topic"]: Score(q["topic"]) for q in questions}
    for row in answers:
        scores[questions[row.position - 1]["topic"]].add(row.correct)
    return [score for score in scores.values() if score.asked]


def class_results(questions: list[dict[str, Any]], trainees: list[Trainee], answers: list[AnswerRow]) -> ClassResults:
    by_trainee = {t.id: (t, Score(t.name)) for t in trainees}
    per_question = [Score(str(n)) for n in range(1, len(questions) + 1)]
    wrong: dict[int, Counter] = defaultdict(Counter)
    grid: dict[tuple[int, str], Score] = {}
    for row in answers:
        by_trainee[row.trainee_id][1].add(row.correct)
        topic = questions[row.position - 1]["topic"]
        grid.setdefault((row.trainee_id, topic), Score(topic)).add(row.correct)
        per_question[row.position - 1].add(row.correct)
        if not row.correct:
            wrong[row.position][row.given] += 1
    missed = [Missed(n, questions[n - 1], score, [(shown_answer(questions[n - 1], given), times)
                                                   for given, times in wrong[n].most_common(3)])
              for n, score in enumerate(per_question, 1) if score.wrong]
    missed.sort(key=lambda m: (-m.score.wrong / m.score.asked, -m.score.wrong, m.position))
    return ClassResults(len(questions), list(by_trainee.values()), by_topic(questions, answers), missed[:MOST_MISSED],
                        grid)


def shown_answer(question: dict[str, Any], given: str) -> str:
    """An answer as recorded (a letter, digits) as the trainee saw it: 'b) Call 25', '1,250'."""
    if question["kind"] == "choice":
        choice = question["choices"]["abcdefgh".index(given)]
        return f"{given}) {choice['text']}"
    return f"{int(given):,}"


def expected_answer(question: dict[str, Any]) -> str:
    if question["kind"] == "choice":
        return next(f"{c['letter']}) {c['text']}" for c in question["choices"] if c["correct"])
    return f"{question['number']['answer']:,}"


# ----------------------------------------------------------------------------- export
CSV_COLUMNS = ("class", "trainee", "joined_at", "position", "question_id", "topic", "difficulty", "rule", "answer",
               "expected", "correct", "answered_at")


def _answer_rows(info: ClassInfo, questions: list[dict[str, Any]], trainees: list[Trainee],
                 answers: list[AnswerRow]) -> list[dict[str, Any]]:
    names = {t.id: t for t in trainees}
    rows = []
    for row in sorted(answers, key=lambda a: (a.trainee_id, a.position)):
        question = questions[row.position - 1]
        trainee = names[row.trainee_id]
        rows.append({"class": info.code, "trainee": trainee.name, "joined_at": trainee.joined_at,
                     "position": row.position, "question_id": question["id"], "topic": question["topic"],
                     "difficulty": question["difficulty"], "rule": question["answer"]["rule"],
                     "answer": shown_answer(question, row.given), "expected": expected_answer(question),
                     "correct": row.correct, "answered_at": row.answered_at})
    return rows


def write_csv(stream: IO[str], info: ClassInfo, questions: list[dict[str, Any]], trainees: list[Trainee],
              answers: list[AnswerRow]) -> int:
    """One row per answer; a cell a spreadsheet would run as a formula gets a leading apostrophe."""
    from floorman.journal.export import spreadsheet_safe

    writer = csv.writer(stream)
    writer.writerow(CSV_COLUMNS)
    rows = _answer_rows(info, questions, trainees, answers)
    for row in rows:
        writer.writerow([spreadsheet_safe(str(row[name]).lower() if isinstance(row[name], bool) else row[name])
                         for name in CSV_COLUMNS])
    return len(rows)


def results_json(info: ClassInfo, questions: list[dict[str, Any]], trainees: list[Trainee],
                 answers: list[AnswerRow]) -> dict[str, Any]:
    """The class, its questions (with the right answer and rule), its trainees and their answers."""
    results = class_results(questions, trainees, answers)
    answers_of: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in _answer_rows(info, questions, trainees, answers):
        answers_of[row["trainee"]].append({k: row[k] for k in ("position", "answer", "correct", "answered_at")})
    return {
        "format": "floorman-class-results", "version": 1,
        "class": {"code": info.code, "status": info.status, "created_at": info.created_at,
                  "closed_at": info.closed_at, "options": info.options.to_json()},
        "questions": [{"position": n, "id": q["id"], "topic": q["topic"], "difficulty": q["difficulty"],
                       "prompt": q["prompt"], "expected": expected_answer(q), "rule": q["answer"]["rule"],
                       "citation": q["answer"]["citation"]} for n, q in enumerate(questions, 1)],
        "trainees": [{"name": t.name, "joined_at": t.joined_at, "asked": s.asked, "right": s.right,
                      "answers": answers_of[t.name]} for t, s in results.trainees],
        "topics": [{"topic": s.label, "asked": s.asked, "right": s.right} for s in results.topics],
    }


def write_json(stream: IO[str], *parts: Any) -> None:
    stream.write(json.dumps(results_json(*parts), indent=2, ensure_ascii=False) + "\n")
