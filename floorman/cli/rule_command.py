"""`floorman rule FILE`: rule on one scenario and show (or print as JSON) the ruling.

One implementation for both ways in: the typer command (floorman/cli/floor_commands.py) and
the console script's fast path (floorman/cli/launch.py), which calls it without importing typer.
So nothing here imports typer, and the library is imported inside the function.
"""

from __future__ import annotations

import sys

from floorman.cli.errors import echo_error, internal_error_line


def run_rule(file: str, profile: str | None = None, json_output: bool = False, trace: bool = False,
             rulebook: str | None = None, house: str | None = None, journal: str | None = None,
             staff: str | None = None, no_journal: bool = False) -> int:
    """`floorman rule`: the library calls and the output. Returns the exit status."""
    from pathlib import Path

    from floorman.errors import FloormanError

    try:
        path = Path(file)
        if path.is_dir():
            raise FloormanError("this is a folder: `floorman rule` takes one scenario file "
                                "(`floorman check FOLDER` checks every scenario in a folder)", file=str(path))
        from floorman.engine.floor import Floor
        from floorman.rulebook.loader import load_rulebook
        from floorman.scenarios import load_scenario, locate_replay_error, rules_for

        scenario = load_scenario(path)
        floor = Floor(load_rulebook(Path(rulebook) if rulebook is not None else None))
        chosen, options = rules_for(scenario, floor.rulebook, profile=profile,
                                    house=Path(house) if house is not None else None)
        situation = scenario.situation(chosen, options)
        try:
            report = floor.rule(situation)
        except FloormanError as error:
            raise locate_replay_error(error, scenario) from None
        report_json = report.to_json()
        not_recorded = None
        if not no_journal:      # committed before it is shown; a journal that fails never hides the ruling
            from floorman.journal import record_ruling

            _, not_recorded = record_ruling(report_json, command="rule", situation=situation, staff=staff,
                                            journal_path=Path(journal) if journal is not None else None)
        if json_output:
            import json

            document = {"file": scenario.path, "title": scenario.title, **report_json}
            sys.stdout.write(json.dumps(document, indent=2) + "\n")
        else:
            from rich.console import Console

            from floorman.cli.ruling_view import print_report

            print_report(Console(stderr=False, highlight=False), situation, report, title=scenario.title,
                         question=scenario.header.question, trace=trace)
        if not_recorded:
            echo_error(not_recorded)
    except FloormanError as error:
        echo_error(f"Error: {error}")
        return 1
    except Exception as error:  # noqa: BLE001 - the same last line of defence as errors.guarded
        echo_error(internal_error_line(error))
        return 1
    return 0
