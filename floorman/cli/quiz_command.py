"""`floorman quiz` and `floorman quiz stats`: dealer and floor training, a thin loop over
floorman.training (the questions, the grading) and floorman.training.progress (the history).

Each question shows the table as `floorman table` draws it, the question and its choices (or a
number to type); the answer is graded at once, then the engine's ruling is shown with its
explanation and citation. At the end, a summary by topic. With --trainee the answers are kept in
the journal's file and the topics the trainee misses most come up more often. When stdin is not
a terminal (or with --answers FILE|-) the answers are read one a line, for scripting.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import typer

from floorman.cli.errors import guarded
from floorman.cli.options import JournalOption, JsonOption, ProfileOption

DEFAULT_COUNT = 10
LETTERS = "abcdefgh"
QUIT_WORDS = ("quit", "exit")
MAX_DIGITS = 15          # a number answer is chips: below 2**53
MAX_TRIES = 20           # answers from a file that are not answers, in a row, before the quiz stops

# the help is the callback's docstring (the quiz itself); `stats` is its one subcommand
quiz_app = typer.Typer(invoke_without_command=True, no_args_is_help=False)


# ----------------------------------------------------------------------------- answers (pure)

def letter_of(index: int) -> str:
    return LETTERS[index]


def answer_problem(question: Any, text: str) -> str | None:
    """Why `text` is not an answer to `question` (to ask again), or None when it is one."""
    from floorman.notation.lexer import quoted

    text = text.strip().lower()
    if question.kind == "choice":
        letters = LETTERS[:len(question.choices)]
        if len(text) == 1 and text in letters:
            return None
        return f"{quoted(text)} is not a choice: answer with one letter, {', '.join(letters[:-1])} or {letters[-1]}"
    cleaned = text.replace(",", "").replace("$", "")
    # decimal digits of any script (int() reads them), not all that isdigit() takes (² is not a number)
    if cleaned.isdecimal() and len(cleaned) <= MAX_DIGITS:
        return None
    label = getattr(question, "number_label", None) or "amount"
    if cleaned.isdecimal():
        return f"{quoted(text)} is too large: answer the {label} in chips, at most {MAX_DIGITS} digits"
    return f"{quoted(text)} is not a number: answer the {label} in chips, e.g. 125"


def normal_answer(question: Any, text: str) -> str:
    """The answer as grade() takes it: a lower-case letter, or the number's digits."""
    text = text.strip().lower()
    return text if question.kind == "choice" else text.replace(",", "").replace("$", "")


def right_answer(question: Any, grade: Any) -> str:
    """The right answer as the trainee saw it offered: `b) It is a call (25 in all)`, or the number."""
    if question.kind == "choice":
        for index, choice in enumerate(question.choices):
            if choice.correct:
                return f"{letter_of(index)}) {choice.text}"
    return str(grade.expected)


# grade()'s feedback opens with the verdict and closes with the ruling and its source, which the
# screen shows already (the line above, the ruling panel below); what is left is the mistake made
_SHOWN_ALREADY = ("Right", "Wrong", "Ruling:", "Source:")


def extra_feedback(feedback: str) -> list[str]:
    return [line for line in (feedback or "").splitlines() if line.strip() and not line.startswith(_SHOWN_ALREADY)]


@dataclass
class Tally:
    """Right answers per topic, in the order the topics came up."""

    asked: dict[str, int] = field(default_factory=dict)
    right: dict[str, int] = field(default_factory=dict)

    def add(self, topic: str, correct: bool) -> None:
        self.asked[topic] = self.asked.get(topic, 0) + 1
        self.right[topic] = self.right.get(topic, 0) + int(correct)

    @property
    def total(self) -> tuple[int, int]:
        return sum(self.right.values()), sum(self.asked.values())


# ----------------------------------------------------------------------------- showing

class _Screen:
    def __init__(self, *, interactive: bool) -> None:
        from rich.console import Console

        self.console = Console(highlight=False) if interactive else \
            Console(highlight=False, color_system=None, width=_width())

    def question(self, number: int, total: int, question: Any) -> None:
        from rich.markup import escape
        from rich.rule import Rule

        from floorman.cli.table_view import table_picture

        console = self.console
        console.print(Rule(f"Question {number} of {total} · {question.topic} · {question.difficulty}",
                           align="left"))
        state = getattr(question, "state", None)
        if state is not None:
            width = max(40, min(console.width, 100))
            console.print(table_picture(state, width=width, profile=_profile(question), next_line=True))
        console.print(f"[bold]{escape(question.prompt)}[/bold]")
        if question.kind == "choice":
            for index, choice in enumerate(question.choices):
                console.print(f"  [bold]{letter_of(index)})[/bold] {escape(choice.text)}")

    def feedback(self, question: Any, grade: Any) -> None:
        from rich.markup import escape

        from floorman.cli.ruling_view import ruling_panel

        console = self.console
        if grade.correct:
            console.print("[bold green]✓ Right.[/bold green]")
        else:
            console.print(f"[bold red]✗ Wrong.[/bold red] Right answer: {escape(right_answer(question, grade))}.")
        for line in extra_feedback(grade.feedback):
            console.print(escape(line))
        console.print(ruling_panel(question.ruling, _profile(question)))

    def problem(self, text: str) -> None:
        from rich.markup import escape

        self.console.print(f"[red]✗[/red] {escape(text)}")

    def summary(self, tally: Tally, *, seed: int | None, recorded_for: str | None) -> None:
        from rich.markup import escape
        from rich.table import Table

        grid = Table(title="Summary by topic", title_justify="left")
        grid.add_column("topic")
        grid.add_column("asked", justify="right")
        grid.add_column("right", justify="right")
        grid.add_column("score", justify="right")
        for topic, asked in tally.asked.items():
            right = tally.right[topic]
            grid.add_row(escape(topic), str(asked), str(right), f"{100 * right // asked}%")
        right, asked = tally.total
        grid.add_row("[bold]all[/bold]", str(asked), str(right), f"{100 * right // asked}%" if asked else "-")
        self.console.print(grid)
        if seed is not None:
            self.console.print(f"[dim]--seed {seed} asks the same questions again.[/dim]")
        if recorded_for:
            self.console.print(f"[dim]Answers recorded for {escape(recorded_for)}: floorman quiz stats --trainee "
                               f"{escape(recorded_for)}[/dim]")


def _profile(question: Any) -> str | None:
    report = getattr(question, "report", None)
    return getattr(report, "profile", None)


def _width() -> int:
    try:
        return max(60, min(int(os.environ.get("COLUMNS", "100")), 200))
    except ValueError:
        return 100


# ----------------------------------------------------------------------------- the loop

def run_quiz(questions: Iterable[Any], total: int, read: Callable[[Any], str | None], screen: _Screen,
             grade: Callable[[Any, str], Any], record: Callable[[Any, bool], None] | None,
             pause: Callable[[], bool] | None = None) -> tuple[Tally, bool]:
    """Ask each question, reading answers with `read(question)` (None: no more answers) until one
    is valid, and show the feedback. `pause()` (at a terminal) waits before the next question so
    that the ruling can be read; False ends the quiz. Returns the tally and whether every
    question was answered."""
    tally = Tally()
    for number, question in enumerate(questions, 1):
        if number > 1 and pause is not None and not pause():
            return tally, False
        screen.question(number, total, question)
        while True:
            text = read(question)
            if text is None or text.strip().lower() in QUIT_WORDS:
                return tally, False
            if not text.strip():
                continue                   # Enter on an empty line: nothing to grade
            problem = answer_problem(question, text)
            if problem is None:
                break
            screen.problem(problem)        # asked again: a slip costs nothing
        result = grade(question, normal_answer(question, text))
        if record is not None:
            record(question, bool(result.correct))
        tally.add(question.topic, bool(result.correct))
        screen.feedback(question, result)
    return tally, True


def _scripted_reader(lines: list[str], screen: _Screen) -> Callable[[Any], str | None]:
    from floorman.errors import FloormanError
    from floorman.notation.lexer import shortened

    pending = iter([line for line in (line.strip() for line in lines) if line and not line.startswith("#")])
    tries: dict[int, int] = {}

    def read(question: Any) -> str | None:
        line = next(pending, None)
        if line is None:
            return None
        tries[id(question)] = tries.get(id(question), 0) + 1
        if tries[id(question)] > MAX_TRIES:     # a file of a million bad answers is not read to its end
            raise FloormanError(f"{MAX_TRIES} answers in a row were not answers to this question: are these the "
                                "answers to this quiz?", field="answers", expected="one answer a line: a letter or a "
                                "number")
        screen.console.print(f"answer> {shortened(line, 100)}", markup=False)
        return line

    return read


def _interactive_reader(screen: _Screen) -> Callable[[Any], str | None]:
    from prompt_toolkit import PromptSession
    from prompt_toolkit.completion import WordCompleter
    from prompt_toolkit.history import InMemoryHistory

    prompt: PromptSession[str] = PromptSession(history=InMemoryHistory(), complete_while_typing=True)

    def read(question: Any) -> str | None:
        if question.kind == "choice":
            letters = list(LETTERS[:len(question.choices)])
            completer = WordCompleter(letters + list(QUIT_WORDS))
            label = f"answer ({', '.join(letters)})> "
        else:
            completer = None
            label = f"{getattr(question, 'number_label', None) or 'amount'}> "
        while True:
            try:
                return prompt.prompt(label, completer=completer)
            except KeyboardInterrupt:
                continue                 # Ctrl-C clears the line
            except EOFError:
                return None              # Ctrl-D ends the quiz, with its summary

    return read


def _pause() -> bool:
    """Enter: the next question; Ctrl-D (or quit): the summary."""
    from prompt_toolkit import prompt

    try:
        return prompt("Enter: next question (quit: summary) ").strip().lower() not in QUIT_WORDS
    except KeyboardInterrupt:
        return True
    except EOFError:
        return False


def _training() -> Any:
    """The question generator and grader (floorman.training), imported when a quiz starts."""
    from floorman import training

    return training


def _questions(*, set_name: str | None, topic: str | None, count: int | None, difficulty: str | None,
               profile: str | None, seed: int, trainee: str | None, journal: Path | None) -> tuple[list[Any], int]:
    from floorman.errors import FloormanError

    training = _training()
    if set_name is not None:
        questions = list(training.bundled_set(set_name))
        if count is not None:
            questions = questions[:count]
        return questions, len(questions)
    if topic is not None and topic not in training.TOPICS:
        raise FloormanError(f"{topic!r} is not a quiz topic", field="topic",
                            expected=", ".join(sorted(training.TOPICS)))
    weights = None
    if trainee is not None and topic is None:
        from floorman.training.progress import topic_weights

        weights = topic_weights(trainee, training.TOPICS, journal=journal) or None
    wanted = DEFAULT_COUNT if count is None else count
    questions = list(training.generate(seed=seed, count=wanted, topic=topic, difficulty=difficulty,
                                       profile=profile, weights=weights))
    return questions, len(questions)


@quiz_app.callback()
@guarded
def quiz(
    ctx: typer.Context,
    topic: str | None = typer.Option(None, "--topic", "-t", help="Only this topic: chips, raises, "
                                        "out-of-turn... (docs/quiz.md; a wrong one lists them all)."),
    count: int | None = typer.Option(None, "--count", "-n", min=1, max=500,
                                        help=f"How many questions (default {DEFAULT_COUNT}; a set: all of it)."),
    difficulty: str | None = typer.Option(None, "--difficulty", "-d", help="easy, medium or hard."),
    profile: ProfileOption = None,
    trainee: str | None = typer.Option(None, "--trainee", help="Whose answers these are: kept in the journal; "
                                          "the topics they miss most come up more often."),
    seed: int | None = typer.Option(None, "--seed", help="The same seed asks the same questions."),
    set_name: str | None = typer.Option(None, "--set", help="A bundled set instead of generated questions: "
                                           "you-make-the-call."),
    answers: str | None = typer.Option(None, "--answers", help="Read the answers from FILE (or - for "
                                          "stdin), one a line: a letter or a number."),
    journal: JournalOption = None,
    export: Path | None = typer.Option(None, "--export", help="Write the quiz to FILE and stop, asking "
                                          "nothing: .json (every question with its situation, choices, answer, "
                                          "rule and mistakes), .md or .html (a printable sheet with an answer key)."),
    force: bool = typer.Option(False, "--force", help="With --export: replace FILE if it exists."),
) -> None:
    """A quiz on floor rulings: the table, the question, your answer, then the engine's ruling.

    Questions are generated from templates and real hands (--seed repeats a quiz), or a bundled set.
    --profile rules them under that profile.

    With --trainee the answers are kept in the journal file, and the topics missed most come up more often.

    With stdin not a terminal (or --answers FILE|-) the answers are read one a line. See docs/quiz.md.

    Example:

        floorman quiz --topic raises --count 5 --trainee Ann
        floorman quiz --set you-make-the-call
        floorman quiz --seed 7 --count 3 --answers answers.txt
        floorman quiz --seed 7 --count 20 --export class.html
        floorman quiz stats --trainee Ann
    """
    if ctx.invoked_subcommand is not None:
        return
    from floorman.errors import FloormanError

    if trainee is not None and not trainee.strip():
        raise FloormanError("a trainee needs a name", field="trainee", expected="a name such as Ann")
    trainee = trainee.strip() if trainee else None
    import random

    seed_used = seed if seed is not None else random.SystemRandom().randrange(1, 1_000_000)
    if export is not None:
        _export(export, force=force, set_name=set_name, topic=topic, count=count, difficulty=difficulty,
                profile=profile, seed=seed_used)
        return
    lines: list[str] | None = None
    from floorman.source import decode_text, read_data, read_input

    if answers is not None:
        try:       # a file or a pipe, read up to the data-file cap; a device (/dev/zero) is refused
            lines = (read_input(sys.stdin) if answers == "-" else decode_text(read_data(answers), answers)).splitlines()
        except FloormanError as error:
            raise FloormanError(f"cannot read the answers ({error.message})", file=answers, line=error.line) from None
    elif not (sys.stdin.isatty() and sys.stdout.isatty()):
        lines = read_input(sys.stdin).splitlines()
    screen = _Screen(interactive=lines is None)
    questions, total = _questions(set_name=set_name, topic=topic, count=count, difficulty=difficulty,
                                  profile=profile, seed=seed_used, trainee=trainee, journal=journal)
    if not questions:
        raise FloormanError("no question fits these options", field="topic",
                            expected="another --topic, --difficulty or --profile")
    training = _training()
    record = None
    if trainee is not None:
        from floorman.training.progress import record_answer

        def record(question: Any, correct: bool) -> None:
            from floorman.journal import JournalError

            try:
                record_answer(trainee=trainee, topic=question.topic, question_id=question.id, correct=correct,
                              seed=None if set_name else seed_used, journal=journal)
            except JournalError as error:      # the quiz goes on; the trainee is told this answer is not kept
                screen.problem(f"answer not recorded: {error}")

    read = _interactive_reader(screen) if lines is None else _scripted_reader(lines, screen)
    if lines is None:
        screen.console.print(f"[bold]floorman quiz[/bold]: {total} question{'s' if total != 1 else ''}; "
                             "answer with a letter (Tab completes) or a number; Ctrl-D ends.")
    tally, finished = run_quiz(questions, total, read, screen, training.grade, record,
                               pause=_pause if lines is None else None)
    screen.summary(tally, seed=None if set_name else seed_used, recorded_for=trainee)
    if not finished and lines is not None:
        answered = tally.total[1]
        print(f"Error: the answers ran out after {answered} of {total} questions", file=sys.stderr)
        raise typer.Exit(code=1)


def _export(path: Path, *, force: bool, set_name: str | None, topic: str | None, count: int | None,
            difficulty: str | None, profile: str | None, seed: int) -> None:
    """Write the quiz to `path` and say where: nothing is read, nothing is asked."""
    from floorman.errors import FloormanError
    from floorman.training.export import SUFFIXES, quiz_json, write_export

    if path.suffix.lower() not in SUFFIXES:
        raise FloormanError(f"cannot export a quiz as {path.suffix or 'a file without a suffix'}", file=str(path),
                            field="export", expected="a file ending .json, .md or .html")
    questions, total = _questions(set_name=set_name, topic=topic, count=count, difficulty=difficulty,
                                  profile=profile, seed=seed, trainee=None, journal=None)
    if not questions:
        raise FloormanError("no question fits these options", field="topic",
                            expected="another --topic, --difficulty or --profile")
    options = {"set": set_name, "topic": topic, "count": count, "difficulty": difficulty, "profile": profile}
    doc = quiz_json(questions, seed=None if set_name else seed, options={k: v for k, v in options.items() if v})
    write_export(path, doc, force=force)
    print(f"Wrote {total} question{'s' if total != 1 else ''} to {path}"
          + (f" (--seed {seed} makes the same quiz)." if not set_name else "."))


# ----------------------------------------------------------------------------- stats

SPARKS = "▁▂▃▄▅▆▇█"


def sparkline(scores: list[float]) -> str:
    """One character per period, its height the share answered right (0 to 1)."""
    return "".join(SPARKS[min(len(SPARKS) - 1, int(score * len(SPARKS)))] for score in scores)


@quiz_app.command("stats")
@guarded
def quiz_stats(
    trainee: str | None = typer.Option(None, "--trainee", help="Only this trainee (default: everyone)."),
    by: str = typer.Option("day", "--by", help="Group the answers by day or week."),
    journal: JournalOption = None,
    classes: Path | None = typer.Option(None, "--classes", help="The class file of `floorman serve`, counted "
                                           "too (default: $FLOORMAN_CLASSES, else beside the journal)."),
    json_output: JsonOption = False,
) -> None:
    """Each trainee's progress by topic over time: a table, and a chart of the score per topic.

    Counts the answers of `floorman quiz --trainee` and those given in classes (`floorman serve`).

    With --json: {"by", "trainee", "rows": [{"trainee", "topic", "period", "asked", "right", "score"}]},
    the score a share from 0 to 1.

    Example:

        floorman quiz stats --trainee Ann --by week
        floorman quiz stats --json
    """
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    from floorman.classroom.history import stats

    rows = stats(trainee, by=by, journal=journal, classes=classes)
    if json_output:
        import json

        shown = [{"trainee": row.trainee, "topic": row.topic, "period": row.period, "asked": row.asked,
                  "right": row.right, "score": round(row.score, 4)} for row in rows]
        print(json.dumps({"by": by, "trainee": trainee, "rows": shown}, indent=2, ensure_ascii=False))
        return
    interactive = sys.stdout.isatty()
    console = Console(highlight=False) if interactive else \
        Console(highlight=False, color_system=None, width=_width())
    if not rows:
        who = f"for {trainee}" if trainee else "yet"
        console.print(f"No quiz answers recorded {escape(who)}: floorman quiz --trainee NAME records them.")
        return
    grid = Table(title=f"Quiz progress by topic and {by}", title_justify="left")
    for name, justify in (("trainee", "left"), ("topic", "left"), (by, "left"), ("asked", "right"),
                          ("right", "right"), ("score", "right")):
        grid.add_column(name, justify=justify)  # type: ignore[arg-type]
    for row in rows:
        grid.add_row(escape(row.trainee), escape(row.topic), row.period, str(row.asked), str(row.right),
                     f"{100 * row.score:.0f}%")
    console.print(grid)
    chart = Table(title=f"Score per topic, one mark a {by} (▁ none right … █ all right)", title_justify="left")
    chart.add_column("trainee")
    chart.add_column("topic")
    chart.add_column(f"by {by}", no_wrap=True)
    chart.add_column("overall", no_wrap=True)
    series: dict[tuple[str, str], list[Any]] = {}
    for row in rows:
        series.setdefault((row.trainee, row.topic), []).append(row)
    for (name, topic), periods in series.items():
        asked = sum(p.asked for p in periods)
        right = sum(p.right for p in periods)
        filled = round(20 * right / asked)
        bar = "█" * filled + "░" * (20 - filled)
        chart.add_row(escape(name), escape(topic), sparkline([p.score for p in periods]),
                      f"{bar} {100 * right // asked}%")
    console.print(chart)


def register(app: typer.Typer) -> None:
    app.add_typer(quiz_app, name="quiz")
