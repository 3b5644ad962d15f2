"""`floorman quiz` in scripted mode (answers one a line) and `floorman quiz stats`, in process.

The loop is tested on a small stand-in generator (two questions built with the table session,
ruled by the engine) so that what the loop does — asks again after a bad answer, grades,
shows the ruling, sums up by topic, records the trainee's answers, weights the missed topics —
is checked on questions whose answers the test knows; test_quiz_pty.py runs the real generator.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field
from typing import Any

import pytest
from typer.testing import CliRunner

from floorman.cli import quiz_command
from floorman.cli.app import app
from floorman.training import progress

runner = CliRunner()


@dataclass
class Choice:
    text: str
    correct: bool
    mistake: str | None = None


@dataclass
class Grade:
    correct: bool
    expected: str
    feedback: str


@dataclass
class Question:
    id: str
    topic: str
    difficulty: str
    prompt: str
    kind: str
    choices: list[Choice]
    number_answer: int | None
    ruling: Any
    report: Any
    state: Any
    number_label: str | None = None
    source: str = "template"
    situation: Any = None


@dataclass
class FakeTraining:
    """generate / grade / TOPICS / bundled_set as interface A has them, on two fixed questions."""

    TOPICS: dict[str, str] = field(default_factory=lambda: {"oversized-chip": "a silent oversized chip",
                                                            "change": "making change"})
    calls: list[dict[str, Any]] = field(default_factory=list)

    def _pair(self) -> list[Question]:
        from floorman.session import TableSession

        session = TableSession(recorder=None)
        session.start("nl 2/5 cash 6 seats 500 button 6")
        session.enter("s3 raise 25")
        before = session.state
        outcome = session.enter("s4 chips 100 silent")
        shown = outcome.rulings[0]
        report = type("Report", (), {"profile": session.profile})()
        choice = Question("t-1", "oversized-chip", "easy", "Seat 4 puts out a 100 chip in silence, facing 25. "
                          "What is it?", "choice",
                          [Choice("a raise to 100", False, "silent-chip-is-a-raise"), Choice("a call of 25", True),
                           Choice("a call, and seat 4 may raise later", False, "chip-call-keeps-the-raise")],
                          None, shown.ruling, report, before)
        number = Question("t-2", "change", "easy", "What change does seat 4 get?", "number", [], 75,
                          shown.ruling, report, before, number_label="change")
        return [choice, number]

    def generate(self, *, seed: int, count: int, topic: str | None = None, difficulty: str | None = None,
                 profile: str | None = None, source: str = "mixed", floor: Any = None,
                 weights: dict[str, float] | None = None):
        self.calls.append({"seed": seed, "count": count, "topic": topic, "weights": weights})
        pair = self._pair()
        for index in range(count):
            question = pair[index % 2]
            if topic is None or question.topic == topic:
                yield question

    def grade(self, question: Question, answer: str) -> Grade:
        if question.kind == "choice":
            right = next(i for i, c in enumerate(question.choices) if c.correct)
            letter = "abcd"[right]
            feedback = "Wrong: ...\nThat is a common mistake: calling it a raise.\nRuling: ...\nSource: ..."
            return Grade(answer == letter, question.choices[right].text, "Right." if answer == letter else feedback)
        return Grade(int(answer) == question.number_answer, str(question.number_answer), "")

    def bundled_set(self, name: str = "you-make-the-call") -> list[Question]:
        return self._pair()[:1]


@pytest.fixture
def fake(monkeypatch) -> FakeTraining:
    training = FakeTraining()
    monkeypatch.setattr(quiz_command, "_training", lambda: training)
    return training


def quiz(*args: str, answers: str = "") -> Any:
    return runner.invoke(app, ["quiz", *args], input=answers)


# --- pure parts ---------------------------------------------------------------------------------

@pytest.mark.parametrize("text, ok", [("a", True), (" B ", True), ("c", True), ("d", False), ("ab", False),
                                      ("1", False), ("", False)])
def test_a_choice_answer_is_one_of_the_letters_offered(fake, text, ok):
    choice, _ = fake._pair()
    problem = quiz_command.answer_problem(choice, text)
    assert (problem is None) == ok
    if not ok:
        assert "a, b or c" in problem


@pytest.mark.parametrize("text, ok", [("75", True), ("1,075", True), ("$75", True), ("seventy", False),
                                      ("-5", False), ("7.5", False)])
def test_a_number_answer_is_chips(fake, text, ok):
    _, number = fake._pair()
    problem = quiz_command.answer_problem(number, text)
    assert (problem is None) == ok
    if not ok:
        assert "the change in chips" in problem


def test_sparkline_heights_follow_the_score():
    assert quiz_command.sparkline([0.0, 0.5, 1.0]) == "▁▅█"


# --- the scripted quiz --------------------------------------------------------------------------

def test_a_scripted_quiz_grades_each_answer_shows_the_ruling_and_sums_up(fake, private_journal):
    result = quiz("--count", "2", "--seed", "5", "--trainee", "Ann", answers="z\nb\n\nseventy\n70\n")
    assert result.exit_code == 0, result.output
    out = result.output
    # the table as `floorman table` draws it, the choices, the bad answers asked again
    assert "BTN" in out and "a) a raise to 100" in out and "c) a call, and seat 4 may raise later" in out
    assert "'z' is not a choice: answer with one letter, a, b or c" in out
    assert "'seventy' is not a number" in out
    assert out.index("✓ Right.") < out.index("✗ Wrong. Right answer: 75.")
    assert out.count("BET-OVERSIZED-CHIP-CALL ─╯") == 2       # the engine's ruling after each answer
    assert "Rests on:" in out
    summary = out[out.index("Summary by topic"):]
    assert "oversized-chip" in summary and "100%" in summary and "change" in summary and "0%" in summary
    assert "--seed 5 asks the same questions again" in out
    rows = sqlite3.connect(private_journal).execute(
        "SELECT trainee, topic, question_id, correct, seed FROM quiz_answer ORDER BY id").fetchall()
    assert rows[-2:] == [("Ann", "oversized-chip", "t-1", 1, 5), ("Ann", "change", "t-2", 0, 5)]


def test_answers_from_a_file_and_the_same_seed_asks_the_same(fake, tmp_path):
    answers = tmp_path / "answers.txt"
    answers.write_text("# my answers\nb\n\n75\n", encoding="utf-8")
    result = quiz("--count", "2", "--seed", "9", "--answers", str(answers))
    assert result.exit_code == 0, result.output
    assert result.output.count("✓ Right.") == 2
    assert [call["seed"] for call in fake.calls] == [9]


def test_answers_that_run_out_end_with_the_summary_and_exit_1(fake):
    result = quiz("--count", "2", "--seed", "1", answers="b\n")
    assert result.exit_code == 1
    assert "Summary by topic" in result.output
    assert "the answers ran out after 1 of 2 questions" in result.output


def test_an_unknown_topic_is_one_line_naming_the_topics(fake):
    result = quiz("--topic", "chip-race", answers="a\n")
    assert result.exit_code == 1
    assert "'chip-race' is not a quiz topic" in result.output and "change, oversized-chip" in result.output
    assert "Traceback" not in result.output


def test_a_missing_answers_file_is_one_line(fake, tmp_path):
    result = quiz("--answers", str(tmp_path / "none.txt"))
    assert result.exit_code == 1 and "cannot read the answers" in result.output


def test_a_bundled_set_is_asked_whole_and_recorded_without_a_seed(fake, private_journal):
    result = quiz("--set", "you-make-the-call", "--trainee", "Bo", answers="a\n")
    assert result.exit_code == 0, result.output
    assert "Question 1 of 1" in result.output and "✗ Wrong. Right answer: b) a call of 25." in result.output
    assert "That is a common mistake: calling it a raise." in result.output
    assert "Ruling: ..." not in result.output and "Wrong: ..." not in result.output
    assert "--seed" not in result.output
    assert progress.answers("Bo") and progress.answers("Bo")[0].seed is None


def test_a_trainees_missed_topics_are_weighted_in_the_generator(fake):
    for _ in range(8):
        progress.record_answer(trainee="Cy", topic="change", question_id="x", correct=False)
        progress.record_answer(trainee="Cy", topic="oversized-chip", question_id="y", correct=True)
    assert quiz("--count", "2", "--trainee", "Cy", answers="b\n75\n").exit_code == 0
    weights = fake.calls[-1]["weights"]
    assert weights["change"] > 1.5 > 0.5 > weights["oversized-chip"]
    assert quiz("--count", "2", answers="b\n75\n").exit_code == 0
    assert fake.calls[-1]["weights"] is None                 # no trainee, no weighting


# --- stats --------------------------------------------------------------------------------------

def test_stats_show_each_topic_by_day_as_a_table_and_a_chart(private_journal):
    for day, correct in (("2026-11-20T10:00", False), ("2026-11-20T11:00", False), ("2026-11-27T10:00", True)):
        progress.record_answer(trainee="Di", topic="short-all-in", question_id="q", correct=correct, at=day)
    progress.record_answer(trainee="Ed", topic="change", question_id="q", correct=True)
    result = runner.invoke(app, ["quiz", "stats", "--trainee", "Di"])
    assert result.exit_code == 0, result.output
    out = result.output
    assert "2026-11-20" in out and "2026-11-27" in out and "Ed" not in out
    table = out[:out.index("Score per topic")]
    assert table.count("short-all-in") == 2 and "0%" in table and "100%" in table
    chart = out[out.index("Score per topic"):]
    assert "▁█" in chart and "33%" in chart
    weekly = runner.invoke(app, ["quiz", "stats", "--trainee", "Di", "--by", "week"])
    assert "2026-W47" in weekly.output and "2026-W48" in weekly.output


def test_stats_for_nobody_yet_and_a_bad_period_are_one_line(tmp_path):
    empty = runner.invoke(app, ["quiz", "stats", "--journal", str(tmp_path / "none.sqlite3")])
    assert empty.exit_code == 0 and "No quiz answers recorded yet" in empty.output
    bad = runner.invoke(app, ["quiz", "stats", "--by", "month"])
    assert bad.exit_code == 1 and "'month' is not a period" in bad.output and "day or week" in bad.output


def test_a_journal_that_cannot_be_written_is_a_warning_and_the_quiz_goes_on(fake, tmp_path):
    folder = tmp_path / "missing-folder"
    result = quiz("--count", "2", "--seed", "1", "--trainee", "Ann", "--journal", str(folder / "j.sqlite3"),
                  answers="b\n75\n")
    assert result.exit_code == 0, result.output
    assert result.output.count("answer not recorded:") == 2 and result.output.count("✓ Right.") == 2
    assert "Summary by topic" in result.output and not folder.exists()
