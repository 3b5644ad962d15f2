"""`floorman audit FILE...`: a thin layer over floorman.audit (strict replay, one class per hand)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Optional

import typer


def audit(
    files: list[Path] = typer.Argument(..., help="PHH (.phh) or PHHS (.phhs) hand-history files."),
    json_output: bool = typer.Option(False, "--json", help="One JSON result per hand."),
    jobs: int = typer.Option(1, "--jobs", "-j", min=1, max=64, help="Processes to spread the hands over."),
    profile: Optional[str] = typer.Option(None, "--profile", "-p", help="The rulebook profile the findings "
                                          "are ruled under (default tda-2026); named in the output."),
) -> None:
    """Replay hand histories strictly and sort every hand: clean, irregular (a TDA violation, with
    its ruling and citation), site departure (allowed by the site's software, tolerated) or
    incomplete history. Exit 1 if any hand is irregular.

    Example:

        floorman audit hands/*.phhs --jobs 2
        floorman audit session.phhs --json
    """
    from floorman.audit import CLASSES, audit_files, summary
    from floorman.errors import FloormanError

    try:
        profile_name = _profile(profile)
        bar = _progress(json_output)
        try:
            audits = audit_files([str(f) for f in files], jobs=jobs, progress=bar.update if bar else None)
        finally:
            if bar:
                bar.close()
    except FloormanError as error:
        typer.echo(f"Error: {error}", err=True)
        raise typer.Exit(code=1) from None
    if json_output:
        out = [dict(a.to_json(), profile=profile_name) for a in audits]
        sys.stdout.write(json.dumps(out, indent=1) + "\n")
    else:
        from rich.console import Console
        from rich.table import Table

        console = Console(highlight=False)
        counts = summary(audits)
        table = Table(title=f"Audit ({profile_name})")
        table.add_column("file")
        for cls in CLASSES:
            table.add_column(cls, justify="right")
        for key in [k for k in counts if k != "total"] + ["total"]:
            row = counts[key]
            table.add_row(Path(key).name if key != "total" else "total", *(str(row[c]) for c in CLASSES),
                          style="bold" if key == "total" else None)
        console.print(table)
        # per-hand detail: every hand that is not clean, with each finding, its ruling and citation
        for a in audits:
            if not a.findings:
                continue
            console.print(f"[bold]{Path(a.file).name}[{a.section}][/bold] {a.cls}")
            for f in a.findings:
                action = f" at actions[{f.action_index}] {f.action!r}" if f.action_index is not None else ""
                console.print(f"  {f.kind}{action}: {f.message}", markup=False)
                if f.rule:
                    console.print(f"    ruling {f.rule}: {f.ruling} ({f.citation})", markup=False)
    if any(a.cls == "irregular" for a in audits):
        raise typer.Exit(code=1)


def _profile(name: str | None) -> str:
    from floorman.errors import FloormanError
    from floorman.rulebook.loader import load_rulebook

    profiles = load_rulebook().profiles
    name = name or "tda-2026"
    if name not in profiles:
        raise FloormanError(f"no profile {name!r}: expected one of {', '.join(sorted(profiles))}", field="--profile")
    return name


class _Bar:
    def __init__(self) -> None:
        from rich.console import Console
        from rich.progress import Progress

        self.progress = Progress(console=Console(stderr=True), transient=True)
        self.progress.start()
        self.task = self.progress.add_task("auditing", total=None)

    def update(self, done: int, total: int) -> None:
        self.progress.update(self.task, completed=done, total=total)

    def close(self) -> None:
        self.progress.stop()


def _progress(json_output: bool) -> _Bar | None:
    """A progress bar on stderr, only when stderr is a terminal."""
    return _Bar() if sys.stderr.isatty() else None


def register(app: typer.Typer) -> None:
    from floorman.cli.floor_commands import guarded

    app.command("audit")(guarded(audit))
