"""`floorman audit INPUT...`: a thin layer over floorman.audit (strict replay, one class per hand),
streaming: each result is printed as its hand is audited, the summary at the end."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import typer

from floorman.cli.options import JsonOption, ProfileOption


def audit(
    inputs: list[str] = typer.Argument(..., help="PHH (.phh) or PHHS (.phhs) files, folders (searched "
                                       "recursively) or quoted globs such as 'hands/**/*.phhs'.",
                                       show_default=False),
    json_output: JsonOption = False,
    jsonl: bool = typer.Option(False, "--jsonl", help="One JSON result a line as each hand is audited, then "
                               "a last line with the summary."),
    jobs: int = typer.Option(1, "--jobs", "-j", min=1, max=64, help="Processes to spread the hands over."),
    scheduler: str | None = typer.Option(None, "--scheduler", help="Run on a Dask cluster: the scheduler's "
                                            "address (tcp://HOST:8786); needs floorman[cluster]."),
    profile: ProfileOption = None,
) -> None:
    """Replay hand histories strictly and sort every hand: clean, irregular (a TDA violation, with
    its ruling and citation), site departure (allowed by the site's software, tolerated),
    incomplete history, or unreadable (with the file, line and reason; the other hands are still
    audited).

    Exit status: 0 when nothing is irregular or unreadable, 1 when a hand is irregular, 2 on a
    usage error, 3 when some input could not be read and nothing is irregular.

    The findings are ruled under --profile (default tda-2026), named in the output.
    With --json: all results as one JSON array, one object per hand.

    Example:

        floorman audit hands/ --jobs 2
        floorman audit 'archive/**/*.phhs' --jsonl > results.jsonl
        floorman audit hands/ --scheduler tcp://10.0.0.5:8786
    """
    from floorman.audit import Tally, exit_status
    from floorman.audit.run import EXIT_USAGE
    from floorman.errors import FloormanError

    try:
        if json_output and jsonl:
            raise FloormanError("choose one of --json and --jsonl", field="--jsonl")
        if scheduler is not None and jobs != 1:
            raise FloormanError("--jobs is for this machine; on a cluster the workers decide", field="--jobs")
        profile_name = _profile(profile)
        results = _results(inputs, jobs, scheduler)
    except FloormanError as error:
        typer.echo(f"Error: {error}", err=True)
        raise typer.Exit(code=EXIT_USAGE) from None

    tally = Tally()
    bar = _Bar() if sys.stderr.isatty() else None
    show = _Detail() if not (json_output or jsonl) else None
    out = sys.stdout
    first = True
    try:
        if json_output:
            out.write("[")
        for result in results:
            tally.add(result)
            if bar:
                bar.update(tally.hands)
            if show is not None:
                show(result)
                continue
            line = json.dumps(dict(result.to_json(), profile=profile_name))
            if json_output:
                out.write(("\n" if first else ",\n") + line)
                first = False
            else:
                out.write(line + "\n")
                out.flush()             # a reader (tail -f, a pipe) sees each hand as it is audited
        if json_output:
            out.write("\n]\n" if not first else "]\n")
    except FloormanError as error:      # the cluster went away, or would not take the work
        typer.echo(f"Error: {error}", err=True)
        raise typer.Exit(code=EXIT_USAGE) from None
    finally:
        if bar:
            bar.close()
    rows = tally.rows()
    if jsonl:
        out.write(json.dumps({"summary": rows["total"], "files": {k: v for k, v in rows.items() if k != "total"},
                              "profile": profile_name}) + "\n")
    elif show is not None:
        show.summary(rows, profile_name)
    status = exit_status(rows["total"])
    if status:
        raise typer.Exit(code=status)


def _results(inputs: list[str], jobs: int, scheduler: str | None):
    from floorman.audit import audit_inputs

    if scheduler is None:
        return audit_inputs(inputs, jobs=jobs)
    from floorman.audit.cluster import HANDS_PER_TASK, audit_on_cluster
    from floorman.audit.reading import pieces

    return audit_on_cluster(pieces(inputs, HANDS_PER_TASK), scheduler)


def _profile(name: str | None) -> str:
    from floorman.errors import FloormanError
    from floorman.rulebook.loader import load_rulebook

    profiles = load_rulebook().profiles
    name = name or "tda-2026"
    if name not in profiles:
        raise FloormanError(f"no profile {name!r}: expected one of {', '.join(sorted(profiles))}", field="--profile")
    return name


class _Detail:
    """The table output: every hand that is not clean as it is audited (each finding, its ruling
    and citation), then the summary."""

    def __init__(self) -> None:
        from rich.console import Console

        self.console = Console(highlight=False)

    def __call__(self, result) -> None:
        if not result.findings:
            return
        print = self.console.print
        where = f"[{result.section}]" if result.section is not None else ""
        line = f" line {result.line}" if result.cls == "unreadable" and result.line else ""
        print(f"{Path(result.file).name}{where}{line} {result.cls}", markup=False, style="bold")
        for f in result.findings:
            if f.kind == "unreadable":
                print(f"  {f.message}", markup=False)
                continue
            action = f" at actions[{f.action_index}] {f.action!r}" if f.action_index is not None else ""
            print(f"  {f.kind}{action}: {f.message}", markup=False)
            if f.rule:
                print(f"    ruling {f.rule}: {f.ruling} ({f.citation})", markup=False)

    def summary(self, rows: dict[str, dict[str, int]], profile_name: str) -> None:
        from rich.table import Table
        from rich.text import Text

        from floorman.audit import CLASSES

        table = Table(title=f"Audit ({profile_name})")
        table.add_column("file")
        for cls in CLASSES:
            table.add_column(cls, justify="right")
        for key, row in rows.items():
            # a file name is text, never markup: "[bold]x.phh" is shown as it is named
            name = Text(Path(key).name) if key not in ("total", "other files") else key
            table.add_row(name, *(f"{row[c]:,}" for c in CLASSES), style="bold" if key == "total" else None)
        self.console.print(table)


class _Bar:
    """Hands audited so far, on stderr, only when stderr is a terminal (the total is not known
    until the last file is read)."""

    def __init__(self) -> None:
        from rich.console import Console
        from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

        self.progress = Progress(TextColumn("auditing"), BarColumn(), TextColumn("{task.completed:,} hands"),
                                 TimeElapsedColumn(), console=Console(stderr=True), transient=True)
        self.progress.start()
        self.task = self.progress.add_task("auditing", total=None)

    def update(self, done: int) -> None:
        self.progress.update(self.task, completed=done)

    def close(self) -> None:
        self.progress.stop()


def register(app: typer.Typer) -> None:
    from floorman.cli.errors import guarded

    app.command("audit")(guarded(audit))
