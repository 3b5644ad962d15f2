"""The floor's commands: `rule`, `check` and `rulebook lint`/`docs`.

Each command parses its options, calls the library and renders; heavy modules are imported
inside the command so that `floorman --help` and other commands start fast.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import typer

from floorman.cli.errors import fail, guarded
from floorman.cli.options import HouseOption, JournalOption, JsonOption, ProfileOption, RulebookOption
from floorman.cli.rule_command import run_rule
from floorman.errors import FloormanError, NothingToCheck

rulebook_app = typer.Typer(help="Check and document the rulebook.\n\nExample:\n\n    floorman rulebook lint",
                           no_args_is_help=True)


def _default_scenarios() -> Path:
    """scenarios/ in the working folder if there is one, else the bundled scenarios."""
    from floorman.rulebook.loader import DEFAULT_SCENARIOS

    return Path("scenarios") if Path("scenarios").is_dir() else DEFAULT_SCENARIOS


def _console(json_output: bool):
    from rich.console import Console

    return Console(stderr=json_output, highlight=False)


def rule(
    file: Path = typer.Argument(..., help="A scenario file: the table, the events and the incident."),
    profile: ProfileOption = None,
    json_output: JsonOption = False,
    trace: bool = typer.Option(False, "--trace", help="Also show the rules fired, in order."),
    rulebook: RulebookOption = None,
    house: HouseOption = None,
    journal: JournalOption = None,
    staff: str | None = typer.Option(None, "--staff", help="Who gave the ruling, for the journal."),
    no_journal: bool = typer.Option(False, "--no-journal", help="Do not record the ruling in the journal."),
) -> None:
    """Rule on a situation: the decision, the numbers, the procedure and the rule it rests on.

    The ruling is recorded in the ruling journal before it is shown (`floorman journal list`).
    Without --profile it is ruled under the scenario's profile, else tda-2026.
    With --json: the file, the title and the structured rulings (`rulings`, `pots`...), as the journal keeps them.

    Example:

        floorman rule scenarios/betting/ymtc-1-silent-big-chip.yaml
        floorman rule FILE --house our-room.yaml
    """
    # one implementation of `rule`, shared with the console script's fast path (floorman/cli/launch.py)
    status = run_rule(str(file), profile=profile, json_output=json_output, trace=trace,
                      rulebook=str(rulebook) if rulebook is not None else None,
                      house=str(house) if house is not None else None,
                      journal=str(journal) if journal is not None else None, staff=staff, no_journal=no_journal)
    if status:
        raise typer.Exit(code=status)


def check(
    paths: list[Path] | None = typer.Argument(None, help="Scenario files or folders (searched "
                                                 "recursively). Default: scenarios/."),
    profile: ProfileOption = None,
    json_output: JsonOption = False,
    rulebook: RulebookOption = None,
    house: HouseOption = None,
    junit: Path | None = typer.Option(None, "--junit", help="Also write the results as JUnit XML "
                                         "(one testcase per scenario) for a CI server."),
) -> None:
    """Check "you make the call" scenarios against their expected rulings.

    Exit 1 if any scenario fails (a file that cannot be loaded is a failed scenario, and the
    others are still checked); exit 2 if a path holds no scenario file.

    --profile rules every scenario under that profile instead of its own.
    With --json: a list, one result per scenario.

    Example:

        floorman check scenarios/
        floorman check my-room/ --house my-room/house.yaml --json
        floorman check my-room/ --junit check-results.xml
    """
    import time

    from floorman.checks.runner import check_scenario
    from floorman.engine.floor import Floor
    from floorman.rulebook.loader import load_rulebook
    from floorman.scenarios import scenario_files

    try:
        floor = Floor(load_rulebook(rulebook))
        if house is not None:   # a bad house file is one error, not a failure per scenario
            from floorman.rulebook.house import load_house

            load_house(house, floor.rulebook)
        files = scenario_files(list(paths or [_default_scenarios()]))
        started = time.perf_counter()
        results = [check_scenario(path, floor, profile=profile, house=house)
                   for path in _with_progress(files, "checking")]
        if junit is not None:
            from floorman.checks.junit import write_junit

            # what the run was checked under, so a CI server's report says which set-up it judged
            run_under = {"floorman.profile": profile or "each scenario's own",
                         "floorman.house": str(house) if house is not None else "none",
                         "floorman.rulebook": str(rulebook) if rulebook is not None else "bundled"}
            write_junit(junit, results, time_taken=time.perf_counter() - started, properties=run_under)
    except NothingToCheck as error:
        fail(error, code=2)
    except FloormanError as error:
        fail(error)
    failed = [result for result in results if not result.passed]
    if json_output:
        sys.stdout.write(json.dumps([result.to_json() for result in results], indent=2) + "\n")
    else:
        from floorman.cli.check_view import side_by_side
        from floorman.cli.ruling_view import check_table

        console = _console(False)
        console.print(check_table(results))
        for result in failed:
            console.print(side_by_side(result))
        console.print(f"{len(results) - len(failed)} passed, {len(failed)} failed")
    if failed:
        raise typer.Exit(code=1)


#: More scenarios than this, with a terminal on stderr, get a progress bar.
PROGRESS_OVER = 200


def _with_progress(items: list[Any], label: str):
    """The items, with a rich progress bar on stderr when there are many and stderr is a terminal."""
    if len(items) <= PROGRESS_OVER or not sys.stderr.isatty():
        yield from items
        return
    from rich.console import Console
    from rich.progress import track

    yield from track(items, description=label, console=Console(stderr=True), transient=True)


@rulebook_app.command("lint")
@guarded
def lint(
    rulebook: RulebookOption = None,
    scenarios: list[Path] | None = typer.Option(None, "--scenarios", help="Scenario folders to check "
                                                   "the rules against (default: scenarios/)."),
    json_output: JsonOption = False,
) -> None:
    """Check the rulebook: schema, unique ids, citations, expressions, and every rule fired by a
    scenario with a near-miss twin, with no undeclared conflicts.

    Exit 1 if there is a problem.
    With --json: {"clean", "problems": [{"code", "where", "message"}], "rules", "profiles", "scenarios_checked"}
    (the counts null when the files did not load).

    Example:

        floorman rulebook lint
        floorman rulebook lint --rulebook my-room/rulebook --json
    """
    from floorman.authoring import lint as linter
    from floorman.rulebook.loader import DEFAULT_RULEBOOK, load_rulebook

    folder = rulebook or DEFAULT_RULEBOOK
    problems = linter.lint_files(Path(folder))     # each file on its own: one bad file hides none
    book, checked = None, None
    if not problems:
        try:
            book = load_rulebook(folder)
        except FloormanError as error:
            fail(error)
        problems = linter.lint_rules(book)
        more, checked = linter.lint_scenarios(book, list(scenarios or [_default_scenarios()]))
        problems += more
    if json_output:
        sys.stdout.write(json.dumps({
            "clean": not problems,
            "problems": [{"code": p.code, "where": p.where, "message": p.message} for p in problems],
            "rules": len(book.rules) if book else None, "profiles": len(book.profiles) if book else None,
            "scenarios_checked": checked}, indent=2) + "\n")
        if problems:
            raise typer.Exit(code=1)
        return
    for problem in problems:
        typer.echo(str(problem))
    if problems:
        typer.echo(f"{len(problems)} problem{'s' if len(problems) != 1 else ''} found")
        raise typer.Exit(code=1)
    assert book is not None
    typer.echo(f"rulebook clean: {len(book.rules)} rules, {len(book.profiles)} profiles, "
               f"{checked} scenarios checked")


@rulebook_app.command("docs")
@guarded
def docs(
    output: Path = typer.Option(Path("docs/rules.md"), "--output", "-o", help="Where to write the catalogue."),
    check_only: bool = typer.Option(False, "--check", help="Exit 1 if the file is not up to date."),
) -> None:
    """Generate the rule catalogue (docs/rules.md), the incident reference (docs/incidents.md) and the
    table notation reference (docs/notation.md).

    Example:

        floorman rulebook docs --check
    """
    from floorman.authoring.catalogue import render_catalogue, render_incidents, scenarios_under
    from floorman.notation.docs import render_notation
    from floorman.rulebook.loader import load_rulebook

    try:
        pages = {output: render_catalogue(load_rulebook(), scenarios_under(_default_scenarios())),
                 output.with_name("incidents.md"): render_incidents(),
                 output.with_name("notation.md"): render_notation()}
    except FloormanError as error:
        fail(error)
    stale = [path for path, text in pages.items()
             if not path.exists() or path.read_text(encoding="utf-8") != text]
    if check_only:
        for path in stale:
            typer.echo(f"{path} is out of date: run `floorman rulebook docs`")
        if stale:
            raise typer.Exit(code=1)
        typer.echo("the generated docs are up to date")
        return
    for path, text in pages.items():
        path.write_text(text, encoding="utf-8")
        typer.echo(f"wrote {path}")


def register(app: typer.Typer) -> None:
    """Add the floor's commands to the main app."""
    app.command("rule")(guarded(rule))
    app.command("check")(guarded(check))
    app.add_typer(rulebook_app, name="rulebook")
