"""`floorman journal list | show ID | export`: read the ruling journal (floorman/journal/).

A thin layer: each command opens the journal, asks the library and renders. Reading never
creates a journal: a missing file is reported, not made.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import typer

from floorman.cli.errors import guarded
from floorman.cli.options import JournalOption, JsonOption

journal_app = typer.Typer(help="The ruling journal: every ruling given by rule, table and ask, on record."
                          "\n\nExample:\n\n    floorman journal list --limit 5",
                          no_args_is_help=True)


def _open(journal: Path | None):
    from floorman.journal import Journal

    return Journal.open(journal, create=False)


def _print_json(document: Any) -> None:
    import json

    typer.echo(json.dumps(document, indent=2, ensure_ascii=False))


def _when(recorded_at: str, *, zone: bool = True) -> str:
    """'2026-11-30T19:37:10.162+00:00' -> '2026-11-30 19:37:10 UTC'."""
    return recorded_at[:19].replace("T", " ") + (" UTC" if zone else "")


@journal_app.command("list")
@guarded
def list_rulings(
    limit: int = typer.Option(20, "--limit", "-n", min=1, help="Show at most N rulings, newest first."),
    since: str | None = typer.Option(None, "--since", help="Only rulings from this date or date-time "
                                        "(UTC), e.g. 2026-11-30 or 2026-11-30T18:00."),
    staff: str | None = typer.Option(None, "--staff", help="Only the rulings given by this staff name."),
    journal: JournalOption = None,
    json_output: JsonOption = False,
) -> None:
    """List the recorded rulings, newest first.

    A table of the rulings: number, time, command, staff, table, profile and the decisions.

    With --json: {"journal", "total", "rulings": [...]}, newest first, each ruling
    {"id", "recorded_at", "command", "staff", "table", "profile", "decisions", "undone_by"}.

    Example:

        floorman journal list --since 2026-11-30 --staff Ann
        floorman journal list --limit 5 --json
    """
    from rich.console import Console
    from rich.table import Table as RichTable
    from rich.text import Text

    from floorman.journal import JournalMissing

    try:
        book = _open(journal)
    except JournalMissing as missing:
        if json_output:
            _print_json({"journal": str(missing.file), "total": 0, "rulings": []})
        else:
            typer.echo(f"no rulings recorded yet ({missing.file})")
        return
    with book:
        entries = book.entries(limit=limit, since=since, staff=staff)
        total = book.count()
        undone = book.undone()
    if json_output:
        _print_json({"journal": str(book.path), "total": total,
                     "rulings": [{"id": e.id, "recorded_at": e.recorded_at, "command": e.command, "staff": e.staff,
                                  "table": e.table_name, "profile": e.profile, "decisions": e.decisions,
                                  "undone_by": undone.get(e.id)} for e in entries]})
        return
    if not entries:
        typer.echo(f"no rulings match in {book.path} ({total} recorded)")
        return
    view = RichTable(title=f"Ruling journal: {len(entries)} shown of {total}, newest first",
                     caption=Text(f"{book.path}; times in UTC; `floorman journal show #` for the whole ruling"),
                     title_justify="left", caption_justify="left")
    # staff and table only when some ruling has them: the ruling column needs the width at 80 columns
    columns = {"#": lambda e: str(e.id), "time (UTC)": lambda e: _when(e.recorded_at, zone=False)[:16],
               "command": lambda e: e.command}
    if any(entry.staff for entry in entries):
        columns["staff"] = lambda e: e.staff or "-"
    if any(entry.table_name for entry in entries):
        columns["table"] = lambda e: e.table_name or "-"
    # a ruling taken back by `undo` at the table says so: a reviewer sees which rulings stood
    columns.update({"profile": lambda e: e.profile,
                    "ruling": lambda e: (f"UNDONE (#{undone[e.id]}): " if e.id in undone else "") + e.decisions})
    for column in columns:
        view.add_column(column, justify="right" if column == "#" else "left",
                        no_wrap=column in ("#", "time (UTC)", "command"), overflow="fold")
    for entry in entries:      # Text, not markup: a staff name such as `[/dim]` is shown as typed
        view.add_row(*(Text(cell(entry)) for cell in columns.values()))
    Console(highlight=False).print(view)


def _event_line(number: int, event: dict[str, Any]) -> str:
    """One recorded event or incident in a line: 'action seat=3 action=raise amount=15'."""
    parts = [str(event.get("type", "?"))]
    for key, value in event.items():
        if key == "type" or value is None or value == [] or value == {}:
            continue
        shown = " ".join(map(str, value)) if isinstance(value, list) else str(value)
        parts.append(f"{key}={shown}")
    return f"{number:>3}. " + " ".join(parts)


@journal_app.command("show")
@guarded
def show(
    entry_id: int = typer.Argument(..., metavar="ID", help="The ruling's number (as `journal list` shows it)."),
    trace: bool = typer.Option(False, "--trace", help="Every citation of each ruling, with its role."),
    journal: JournalOption = None,
    json_output: JsonOption = False,
) -> None:
    """Show one recorded ruling, as it was given.

    The table, the events and incidents, the rulings with their numbers and citations, the
    pots, the profile, the time and the staff.

    With --json: the ruling as `journal export --format json` writes it (every column),
    and "undone_by": the undo that took it back, or null.

    Example:

        floorman journal show 12
        floorman journal show 12 --json
    """
    import json

    from rich.console import Console
    from rich.panel import Panel
    from rich.text import Text

    from floorman.errors import FloormanError
    from floorman.journal.revive import report_of, situation_of

    with _open(journal) as book:
        entry = book.entry(entry_id)
        undone_by = book.undone().get(entry.id)
    if json_output:
        _print_json({**entry.to_json(), "undone_by": undone_by})
        return
    console = Console(highlight=False)
    header = (f"Ruling #{entry.id}, {_when(entry.recorded_at)}, by `floorman {entry.command}`"
              + (f", staff {entry.staff}" if entry.staff else "") + (f", table {entry.table_name}" if entry.table_name
                                                                     else "") + f"; profile {entry.profile}")
    console.print(Text(header, style="bold"))
    if undone_by is not None:
        console.print(Text(f"UNDONE: taken back at the table by `undo` (#{undone_by}); this ruling did not stand",
                           style="bold red"))
    if entry.undoes is not None:
        console.print(Text(f"An undo: ruling #{entry.undoes} was taken back at the table and did not stand "
                           "(the hand below is the one it was given on)", style="bold"))
    from floorman.cli import ruling_view

    try:
        situation = situation_of(entry)
        try:
            from floorman.cli.table_view import table_picture

            console.print(Text("The table, as the hand stood", style="bold underline"))
            console.print(table_picture(situation.state, width=min(console.width, 100), profile=entry.profile))
        except ImportError:
            console.print(ruling_view.situation_table(situation, "The table, as the hand stood"))
    except FloormanError as error:
        console.print(Text(f"(the table cannot be drawn: {error})", style="dim"))
    console.print(Text("Events", style="bold underline"))
    for number, event in enumerate(entry.events, 1):
        console.print(Text(_event_line(number, event)))
    if entry.incidents:
        console.print(Text("Incidents", style="bold underline"))
        for number, incident in enumerate(entry.incidents, 1):
            console.print(Text(_event_line(number, incident)))
    try:
        report = report_of(entry)
    except FloormanError as error:
        console.print(Text(f"(shown as recorded: {error})", style="dim"))
        console.print(Panel(Text(json.dumps(entry.rulings, indent=2, ensure_ascii=False)), title="Rulings (JSON)"))
        return
    if not report.rulings:
        console.print(Panel("No rule in the rulebook applied: the floor decided under the best interest of the "
                            "game.", title="No ruling", border_style="yellow"))
    for ruling in report.rulings:
        console.print(_panel(ruling_view, ruling, entry.profile, trace))
    for view in (ruling_view.hands_table(report), ruling_view.pots_table(report)):
        if view is not None:
            console.print(view)
    if entry.options:
        console.print(Text("room options: " + ", ".join(f"{key}={value}" for key, value in entry.options.items()),
                           style="dim"))


def _panel(ruling_view: Any, ruling: Any, profile: str, trace: bool) -> Any:
    """ruling_view.ruling_panel, passing the profile and trace where the panel takes them."""
    import inspect

    takes = inspect.signature(ruling_view.ruling_panel).parameters
    options = {"profile": profile, "trace": trace}
    return ruling_view.ruling_panel(ruling, **{name: value for name, value in options.items() if name in takes})


@journal_app.command("export")
@guarded
def export(
    format: str = typer.Option("csv", "--format", "-f", help="csv or json."),
    output: Path | None = typer.Option(None, "--output", "-o", help="Write to this file (default: "
                                          "standard output). A new file, unless --force."),
    force: bool = typer.Option(False, "--force", help="Replace the --output file if it exists (never a "
                               "database: the journal is safe)."),
    journal: JournalOption = None,
) -> None:
    """Export every recorded ruling, as CSV or JSON.

    Oldest first, every column: CSV (the JSON columns as JSON text in their cells) or a JSON list.

    Example:

        floorman journal export --format csv --output rulings.csv
    """
    from floorman.errors import FloormanError
    from floorman.journal import JournalMissing, resolve_path
    from floorman.journal.export import FORMATS
    from floorman.journal.export import export as write
    from floorman.writing import check_target, write_file

    if format not in FORMATS:
        raise FloormanError(f"unknown format {format!r}", field="--format", expected=" or ".join(FORMATS))
    protect = (resolve_path(journal)[0],)
    if output is not None:       # refused before the journal is even opened
        check_target(output, force=force, flag="--force", protect=protect)
    try:
        book = _open(journal)
    except JournalMissing as missing:
        entries: Any = []
        typer.echo(f"no rulings recorded yet ({missing.file})", err=True)
        book = None
    else:
        entries = book.all()
    try:
        if output is None:
            try:
                write(entries, sys.stdout, format)
                sys.stdout.flush()
            except BrokenPipeError:     # `| head`: the reader has seen enough; not an error
                import os

                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        else:        # a temporary file renamed over the output once complete (floorman/writing.py)
            count = write_file(output, lambda stream: write(entries, stream, format), force=force, protect=protect)
            typer.echo(f"wrote {count} ruling{'s' if count != 1 else ''} to {output}", err=True)
    finally:
        if book is not None:
            book.close()


def register(app: typer.Typer) -> None:
    """Add `floorman journal ...` to the main app."""
    app.add_typer(journal_app, name="journal")
