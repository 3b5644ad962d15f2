"""`floorman table`: a live table session at the podium.

A thin loop over floorman.session.TableSession: a prompt-toolkit prompt with history and tab
completion from the notation's grammar, the table drawn after each change, each ruling recorded
in the journal before it is shown. When stdin is not a terminal the lines are read from stdin
and the results printed, for scripting.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import typer

from floorman.cli.options import HouseOption, JournalOption, ProfileOption

SETUP_HINT = "set-up, e.g. `nl 2/5 cash 6 seats 500 button 6` (Enter: nl 1/2 cash, 9 seats, 100 big blinds)"
DEFAULT_SETUP = "nl 1/2 cash"
ECHOED = 300            # characters of a piped line echoed after `floor>` (the whole line is still read)


def table(
    setup: list[str] | None = typer.Argument(None, help="The set-up line, e.g. nl 2/5 cash 6 seats 500 button "
                                                "6 (asked for when left out).", show_default=False),
    profile: ProfileOption = None,
    house: HouseOption = None,
    journal: JournalOption = None,
    staff: str | None = typer.Option(None, "--staff", help="Who gives the rulings, for the journal."),
    no_journal: bool = typer.Option(False, "--no-journal", help="Do not record the rulings in the journal."),
) -> None:
    """A live table: set it up in one line, type what happens, get each dispute ruled as it is entered.

    Type `help` at the prompt for the notation (docs/notation.md). Every ruling is recorded in the ruling journal before it is shown.
    Without --profile: the set-up's (a cash game: cash; a tournament: tda-2026).

    Example:

        floorman table nl 2/5 cash 6 seats 500 button 6
        floor> s3 raise 25
        floor> s4 chips 100 silent
    """
    from floorman.session import TableSession

    def recorder(report_json: dict[str, Any], situation: Any, command: str) -> tuple[int | None, str | None]:
        from floorman.journal import record_ruling

        return record_ruling(report_json, command=command, situation=situation, staff=staff, journal_path=journal)

    def undo_recorder(entry_ids: list[int]) -> str | None:
        from floorman.journal import record_undo

        return record_undo(entry_ids, staff=staff, journal_path=journal)

    session = TableSession(profile=profile, house=house, recorder=None if no_journal else recorder,
                           undo_recorder=None if no_journal else undo_recorder)
    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    first = " ".join(setup) if setup else None
    if interactive:
        failed = _interactive(session, first)
    else:
        failed = _scripted(session, first)
    if failed:
        raise typer.Exit(code=1)


# ----------------------------------------------------------------------------- showing outcomes

class _Screen:
    """Prints outcomes: the table after a change, rulings (provisional marked), errors in one line."""

    def __init__(self, session: Any, *, interactive: bool) -> None:
        from rich.console import Console

        self.session = session
        self.console = Console(highlight=False, soft_wrap=False) if interactive else \
            Console(highlight=False, color_system=None, width=_width())

    def show(self, outcome: Any) -> None:
        console = self.console
        if outcome.error:
            console.print(f"[red]✗[/red] {_escape(outcome.error)}")
            return
        if outcome.changed and self.session.builder is not None:
            self.picture(next_line=not outcome.rulings)
        for note in outcome.notes:
            console.print(f"[dim]·[/dim] {_escape(note)}")
        if outcome.journal_warning:     # recorded before shown; if it was not, say so above the ruling
            console.print(f"[yellow]! {_escape(outcome.journal_warning)}[/yellow]")
        from floorman.cli.ruling_view import ruling_panel

        for shown in outcome.rulings:
            if shown.provisional:
                console.print(f"[bold yellow]PROVISIONAL[/bold yellow] {_escape(shown.provisional)}")
            elif shown.rerule:
                console.print("[bold green]RULED AGAIN[/bold green] on the action that followed")
            if outcome.what_if:
                console.print("[bold]WHAT IF[/bold] (the table is unchanged)")
            console.print(ruling_panel(shown.ruling, self.session.profile))
        if outcome.rulings and not outcome.what_if and self.session.builder is not None:
            from floorman.cli.table_view import whats_next

            void = self.session.builder.void
            after = f"the hand is void ({void}): `new hand` deals again" if void else \
                whats_next(self.session.state)
            console.print(f"[bold]Next:[/bold] {_escape(after)}")
        if outcome.pots is not None:
            self.pots(outcome.pots)
        if outcome.text:
            console.print(outcome.text, markup=False)

    def picture(self, *, next_line: bool = True) -> None:
        from floorman.cli.table_view import table_picture

        width = max(40, min(self.console.width, 100))
        self.console.print(table_picture(self.session.state, width=width, profile=self.session.profile,
                                         next_line=next_line))

    def pots(self, rows: list[dict[str, Any]]) -> None:
        from rich.table import Table

        grid = Table(title="Pots", title_justify="left")
        grid.add_column("pot")
        grid.add_column("amount", justify="right")
        grid.add_column("eligible seats")
        for row in rows:
            grid.add_row(row["name"], f"{row['amount']:,}", ", ".join(str(s) for s in row["eligible"]))
        if not rows:
            grid.add_row("(none yet)", "0", "")
        self.console.print(grid)


def _escape(text: str) -> str:
    from rich.markup import escape

    return escape(text)


def _width() -> int:
    try:
        return max(60, min(int(os.environ.get("COLUMNS", "100")), 200))
    except ValueError:
        return 100


# ----------------------------------------------------------------------------- the two loops

def _scripted(session: Any, first: str | None) -> bool:
    """Lines from stdin (the first is the set-up unless given); results printed. True if any line failed."""
    from floorman.notation.lexer import shortened

    screen = _Screen(session, interactive=False)
    failed = False
    from floorman.errors import FloormanError
    from floorman.source import read_input

    try:
        text = read_input(sys.stdin)
    except FloormanError as error:
        screen.console.print(f"✗ {error}", markup=False)
        return True
    lines = [raw.strip() for raw in text.splitlines()]
    lines = [line for line in lines if line and not line.startswith("#")]
    if first is None and lines:
        first = lines.pop(0)
    if first is None:
        screen.console.print("✗ no set-up line: give it as arguments or as the first line", markup=False)
        return True
    outcome = session.start(first)
    screen.show(outcome)
    if not outcome.ok:          # nothing after it can be read without a table
        return True
    for line in lines:
        screen.console.print(f"floor> {shortened(line, ECHOED)}", markup=False)
        outcome = session.enter(line)
        screen.show(outcome)
        failed |= not outcome.ok
        if outcome.quit:
            break
    return failed


def _interactive(session: Any, first: str | None) -> bool:
    from prompt_toolkit import PromptSession

    screen = _Screen(session, interactive=True)
    prompt: PromptSession[str] = PromptSession(history=_history(), completer=_completer(session), complete_while_typing=False)
    console = screen.console
    console.print("[bold]floorman table[/bold]: type what happens; `help` shows the notation, `quit` ends.")
    if first is not None:
        screen.show(session.start(first))
    while True:
        try:
            if session.builder is None:
                console.print(f"[dim]{_escape(SETUP_HINT)}[/dim]")
                line = prompt.prompt("set-up> ").strip() or DEFAULT_SETUP
            else:
                line = prompt.prompt("floor> ").strip()
        except KeyboardInterrupt:
            continue                       # Ctrl-C clears the line
        except EOFError:
            break                          # Ctrl-D ends the session
        if not line:
            continue
        if session.builder is None and line.lower() in ("quit", "exit", "q"):
            break
        outcome = session.enter(line)
        screen.show(outcome)
        if outcome.quit:
            break
    console.print("session ended")
    return False


def _history() -> Any:
    """Lines typed at the table, kept across sessions in the user's data folder
    (FLOORMAN_HISTORY=off keeps them in memory only)."""
    from prompt_toolkit.history import FileHistory, InMemoryHistory

    if os.environ.get("FLOORMAN_HISTORY", "").lower() in ("off", "0", "no", "false"):
        return InMemoryHistory()
    try:
        import platformdirs

        folder = Path(platformdirs.user_data_dir("floorman"))
        folder.mkdir(parents=True, exist_ok=True)
        return FileHistory(str(folder / "table_history"))
    except OSError:
        return InMemoryHistory()


def _completer(session: Any) -> Any:
    """Tab completion from the notation's grammar: commands, the table's seats, cards, choices."""
    from prompt_toolkit.completion import Completer, Completion

    from floorman.notation.lexer import words
    from floorman.notation.parser import Context, complete

    class NotationCompleter(Completer):
        def get_completions(self, document: Any, complete_event: Any) -> Any:
            text = document.text_before_cursor
            if session.builder is None:
                return
            found = words(text)
            partial = "" if not found or text[-1] in " ," else found[-1].text
            try:
                ctx = session.context()
            except Exception:   # noqa: BLE001 - completion must never break the prompt
                ctx = Context()
            for word in complete(text, ctx):
                yield Completion(word, start_position=-len(partial))

    return NotationCompleter()


def register(app: typer.Typer) -> None:
    from floorman.cli.errors import guarded

    app.command("table")(guarded(table))
