"""`floorman ask`: a consultation at the podium. A thin loop over floorman/consult/:
read the words (or a number from the list), ask each question the candidate rules need, with
its default, record the ruling in the journal, then show it. Non-interactive when stdin is not
a terminal: the first line is the dispute (unless given as arguments), then one answer a line
(an empty line or the end of input takes the default; a bad answer stops with exit status 1)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import typer

from floorman.cli.options import HouseOption, JournalOption, ProfileOption, RulebookOption


def ask(
    words: list[str] | None = typer.Argument(None, help="A few words for the dispute (e.g. oversized chip), "
                                                "or its number in the list. Default: ask."),
    profile: ProfileOption = None,
    house: HouseOption = None,
    journal: JournalOption = None,
    staff: str | None = typer.Option(None, "--staff", help="The floor person's name, for the journal."),
    no_journal: bool = typer.Option(False, "--no-journal", help="Do not record the ruling in the journal."),
    rulebook: RulebookOption = None,
) -> None:
    """Ask the floor: say the dispute in a few words, answer a few questions, get the ruling.

    Without --profile: the house file's profile, else cash for a cash game and tda-2026 for a tournament.
    The ruling is recorded in the journal unless --no-journal.

    Example:

        floorman ask "silent big chip"
        floorman ask --house our-room.yaml --staff Ann
    """
    from floorman.cli.errors import fail
    from floorman.consult import BadAnswer, Consultation
    from floorman.engine.floor import Floor
    from floorman.errors import FloormanError
    from floorman.rulebook.loader import load_rulebook

    try:
        book = load_rulebook(rulebook)
        floor = Floor(book)
        rules = None
        if house is not None:        # the house's profile, unless --profile names another
            from floorman.rulebook.house import load_house

            rules = load_house(house, book)
            profile = profile or rules.extends
        if profile is not None:
            book.profile_chain(profile)          # an unknown profile is named now, not after the questions
        consultation = Consultation(book, profile=profile, house=rules, floor=floor)
    except FloormanError as error:
        fail(error)
    interactive = sys.stdin.isatty()
    reader = _Prompter() if interactive else _Lines()
    out = _console()
    try:
        _choose(consultation, " ".join(words or []), reader, out, BadAnswer)
        while True:
            question = consultation.next_question()
            if question is None:
                try:
                    scene, report = consultation.rule()
                    if consultation.unasked(report):
                        continue          # a rule that fired tests a field nobody was asked: ask it
                    break
                except FloormanError as error:
                    # these answers make no hand: say why, and ask again the answer it names (else the last)
                    if not interactive or not consultation.asked:
                        fail(FloormanError(f"these answers make no hand: {_one_line(error)}"))
                    consultation.take_back(error)
                    out.print(f"[red]✗[/red] these answers make no hand: {_escape(_one_line(error))}",
                              highlight=False)
                    continue
            text = reader.read(f"{question.number}. {question.text}", question.default, question.choices)
            if text is None:
                text = ""
            try:
                consultation.answer(text)
            except BadAnswer as error:
                if not interactive:      # answers from a pipe go by position: one bad answer stops the run
                    fail(FloormanError(f"answer {question.number} ({question.text}): {_one_line(error)}"))
                out.print(f"[red]✗[/red] {_escape(_one_line(error))}", highlight=False)
    except (EOFError, KeyboardInterrupt):
        out.print("no ruling: the consultation was left", highlight=False)
        raise typer.Exit(1) from None
    _show(consultation, scene, report, out, journal=journal, staff=staff, record=not no_journal)


def _choose(consultation: Any, words: str, reader: Any, out: Any, bad_answer: type[Exception]) -> None:
    """The dispute: from the words given, else asked (a few words or a number from the list)."""
    while True:
        if not words:
            out.print("What is the dispute? A few words (e.g. oversized chip, four card flop), or a number:",
                      highlight=False)
            for number, dispute in enumerate(consultation.disputes(), 1):
                out.print(f"  {number:>2}. {_escape(dispute.label)}", highlight=False)
            words = reader.read("dispute", "", tuple(d.type for d in consultation.disputes())) or ""
        try:
            match = consultation.start(words)
        except bad_answer as error:
            if isinstance(reader, _Lines):      # from a pipe the next line is an answer, not a dispute
                raise typer.Exit(_stop(f"the dispute: {_one_line(error)}")) from None
            out.print(f"[red]✗[/red] {_escape(_one_line(error))}", highlight=False)
            words = ""
            continue
        rules = ", ".join(rule.id for rule in match.rules[:4]) + (" ..." if len(match.rules) > 4 else "")
        out.print(f"Dispute: [bold]{_escape(match.dispute.label)}[/bold]", highlight=False)
        out.print(f"[dim]rules in question: {_escape(rules)}[/dim]", highlight=False)
        return


def _show(consultation: Any, scene: Any, report: Any, out: Any, *, journal: Path | None,
          staff: str | None, record: bool = True) -> None:
    """Record the ruling (committed before it is shown), then show the table and the ruling."""
    from floorman.cli.ruling_view import print_report

    situation = scene.builder.situation()
    not_recorded = None
    if record:
        try:
            from floorman.journal import record_ruling
        except ImportError:      # a floorman without the journal still rules
            pass
        else:
            _, not_recorded = record_ruling(report.to_json(), command="ask", situation=situation, staff=staff,
                                            journal_path=journal)
    print_report(out, situation, report, title=consultation.dispute.label)
    if not_recorded:
        typer.echo(not_recorded, err=True)


class _Prompter:
    """prompt-toolkit prompts: the default shown and pre-filled-free (Enter takes it), Tab completes
    the choices, history across the questions."""

    done = False

    def __init__(self) -> None:
        from prompt_toolkit import PromptSession
        from prompt_toolkit.history import InMemoryHistory

        self.session: Any = PromptSession(history=InMemoryHistory())

    def read(self, text: str, default: str, choices: tuple[str, ...]) -> str | None:
        from prompt_toolkit.completion import WordCompleter

        shown = f" [{default}]" if default else ""
        completer = WordCompleter(list(choices), ignore_case=True) if choices else None
        return self.session.prompt(f"{text}{shown} ", completer=completer, complete_while_typing=bool(choices))


MAX_ANSWER = 10_000        # characters of one piped answer (a dispute in words needs far fewer)


class _Lines:
    """Answers one a line from a pipe; each question and answer echoed so the output reads as a
    session. At the end of input every question left takes its default."""

    def __init__(self) -> None:
        self.done = False

    def read(self, text: str, default: str, choices: tuple[str, ...]) -> str | None:
        from floorman.errors import FloormanError
        from floorman.notation.lexer import shortened

        line = "" if self.done else sys.stdin.readline(MAX_ANSWER + 1)
        if len(line) > MAX_ANSWER:       # /dev/zero, or a file with no line breaks: not read on
            raise FloormanError(f"an answer of more than {MAX_ANSWER:,} characters", field=text,
                                expected="one answer a line")
        if not line:
            self.done = True
        answer = line.rstrip("\n")
        shown = f" [{default}]" if default else ""
        typer.echo(f"{text}{shown} {shortened(answer, 200)}")
        return answer


def _stop(message: str) -> int:
    typer.echo(f"Error: {message}", err=True)
    return 1


def _console() -> Any:
    from rich.console import Console

    return Console(highlight=False)


def _escape(text: str) -> str:
    """Text shown through rich as typed: `[/]` in an answer is not markup."""
    from rich.markup import escape

    return escape(text)


def _one_line(error: Exception) -> str:
    """The error in one line as an ask user reads it (no internal path such as `incidents[0].amount`)."""
    from floorman.notation.errors import user_text

    message = getattr(error, "message", "") or str(error)
    expected = getattr(error, "expected", None)
    text = " ".join(f"{message} (expected {expected})".split()) if expected else " ".join(message.split())
    return user_text(text)


def register(app: typer.Typer) -> None:
    from floorman.cli.errors import guarded

    app.command("ask")(guarded(ask))
