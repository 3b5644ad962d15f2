"""The `floorman` command line: a thin typer app over the library.

    floorman replay [FILE] [--hand N] [--sample] [--json] [--strict]
    floorman rule | check | rulebook ...   (floorman/cli/floor_commands.py)

Startup time matters at the podium: only typer is imported here; the hand-history reader,
the hand state, rich and pokerkit are imported inside the command that needs them.
Any FloormanError becomes one line, `Error: <file>:<line>: <field>: <message>`, and exit
status 1, never a traceback.
"""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from floorman.cli import (
    ask_command,
    floor_commands,
    journal_commands,
    lookup_commands,
    quiz_command,
    serve_command,
    table_command,
)
from floorman.cli.errors import fail, guarded
from floorman.cli.options import JsonOption
from floorman.errors import FloormanError

app = typer.Typer(
    name="floorman",
    help="Poker floor rulings with the rule they rest on, and hand-history replays.\n\nExample:\n\n"
         "    floorman rule scenarios/betting/ymtc-1-silent-big-chip.yaml",
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)


def _print_version(value: bool) -> None:
    if value:
        from floorman import __version__

        print(f"floorman {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(False, "--version", callback=_print_version, is_eager=True,
                                 help="Print floorman's version and exit."),
) -> None:
    """floorman: an expert system for poker cardroom floor rulings."""


SAMPLE = "dwan-ivey-2009.phh"


def sample_path() -> Path:
    """The bundled sample hand (package data)."""
    from importlib.resources import files

    return Path(str(files("floorman") / "data" / SAMPLE))


@app.command()
@guarded
def replay(
    file: Path | None = typer.Argument(None, help="A PHH (.phh) or PHHS (.phhs) hand history.",
                                          show_default=False),
    hand: int | None = typer.Option(None, "--hand", "-n", help="Which hand of a .phhs file: the section "
                                       "[N], else the N-th hand (default: the first)."),
    sample: bool = typer.Option(False, "--sample", help="Replay the bundled sample hand (Dwan vs. Ivey, 2009)."),
    json_output: JsonOption = False,
    strict: bool = typer.Option(False, "--strict", help="Hold the hand to the TDA: refuse the site's "
                                "departures and make any irregularity an error."),
) -> None:
    """Replay a PHH hand history: table, action, board, pots, hands and net results.

    Shows the table (seats, stacks, button, blinds), the action street by street, the board,
    the pots (amount, eligible seats, winner, award), each shown hand's best five and its name,
    and the net results. An action the hand could not have (out of turn, impossible) stops the
    replay and is reported; a raise the site allowed but the TDA would not is flagged.

    Example:

        floorman replay --sample
        floorman replay hands.phhs --hand 12
    """
    if sample == (file is not None):
        print("Error: give a hand-history FILE or --sample (one of them)", file=sys.stderr)
        raise typer.Exit(code=2)
    from floorman import phh

    path = sample_path() if sample else file
    assert path is not None
    try:
        hands = phh.load(path)
        chosen = phh.select_hand(hands, hand)
        report = phh.replay_hand(chosen, tolerate=() if strict else phh.SITE_DEPARTURES, trace=True)
        if strict:
            report.raise_first()
    except FloormanError as error:
        fail(error)
    from floorman.cli import render

    if json_output:
        import json

        print(json.dumps(render.replay_json(report, hands=len(hands)), indent=2, ensure_ascii=False))
        return
    render.print_replay(report, hands=len(hands))


floor_commands.register(app)
from floorman.cli import audit_command  # noqa: E402

audit_command.register(app)
ask_command.register(app)
journal_commands.register(app)
lookup_commands.register(app)
table_command.register(app)
quiz_command.register(app)
serve_command.register(app)

# The `floorman` command is floorman.cli.launch:main, which rules a `rule FILE` without
# importing this module and hands everything else to `app`.
