"""The docs stay honest: every command is documented and has help; the catalogue is current."""

from __future__ import annotations

from pathlib import Path

import pytest
import typer.main

from floorman.authoring.catalogue import render_catalogue, scenarios_under
from floorman.cli.app import app
from floorman.rulebook.loader import load_rulebook

ROOT = Path(__file__).resolve().parents[1]
COMMANDS = typer.main.get_command(app).commands  # type: ignore[attr-defined]


def _all_commands():
    for name, command in COMMANDS.items():
        yield name, command
        for sub_name, sub in getattr(command, "commands", {}).items():
            yield f"{name} {sub_name}", sub


@pytest.mark.parametrize("name, command", list(_all_commands()))
def test_every_command_has_help_and_is_documented(name, command):
    assert command.help, f"{name} has no help"
    assert f"floorman {name}" in (ROOT / "docs" / "cli.md").read_text(), f"{name} is not in docs/cli.md"


def test_the_rule_catalogue_is_up_to_date():
    """docs/rules.md is generated; run `floorman rulebook docs` after changing the rulebook."""
    expected = render_catalogue(load_rulebook(), scenarios_under(ROOT / "scenarios"))
    assert (ROOT / "docs" / "rules.md").read_text() == expected


def test_the_readme_names_the_two_commands():
    readme = (ROOT / "README.md").read_text()
    assert "./dev run" in readme and "./dev test" in readme
    assert "./dev test" in (ROOT / ".ci" / "run").read_text()


def test_the_incident_reference_is_up_to_date():
    """docs/incidents.md is generated from the incident models."""
    from floorman.authoring.catalogue import render_incidents

    assert (ROOT / "docs" / "incidents.md").read_text() == render_incidents()
