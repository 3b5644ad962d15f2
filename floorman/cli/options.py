"""The options several commands share, each declared once with one help text (issue 21 item 6).

A command takes one as its parameter's type, e.g. `profile: ProfileOption = None`, and says in
its own docstring anything particular to it (what --json holds, where the default comes from).
docs/cli.md lists them; tests/test_cli_options.py checks that no command declares its own.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

ProfileOption = Annotated[str | None, typer.Option(
    "--profile", "-p", show_default=False,
    help="The profile to rule under, e.g. tda-2026 or cash; it overrides the one a scenario, set-up or "
         "house file names.")]
RulebookOption = Annotated[Path | None, typer.Option(
    "--rulebook", show_default=False, help="A rulebook folder to use instead of the bundled one.")]
HouseOption = Annotated[Path | None, typer.Option(
    "--house", show_default=False,
    help="A house-rules file (extends: PROFILE, options: {...}): its profile and room options; "
         "--profile still overrides the profile.")]
JournalOption = Annotated[Path | None, typer.Option(
    "--journal", show_default=False,
    help="The ruling journal file (default: $FLOORMAN_JOURNAL, else journal.sqlite3 in the user's data "
         "folder).")]
JsonOption = Annotated[bool, typer.Option(
    "--json", show_default=False,
    help="Print JSON instead of the view, for a script (the keys: docs/cli.md).")]

#: The shared options by flag, for the test that checks every command uses them.
SHARED = {"--profile": ProfileOption, "--rulebook": RulebookOption, "--house": HouseOption,
          "--journal": JournalOption, "--json": JsonOption}
