"""The shared options (--profile, --rulebook, --house, --journal, --json) are declared once, in
floorman/cli/options.py, and every command that takes one takes it from there: one help text.
Every command's --help ends with an example (issue 21 item 6).
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from floorman.cli.app import app
from floorman.cli.options import SHARED

CLI = Path(__file__).resolve().parents[1] / "floorman" / "cli"


def commands(group: Any, path: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], Any]]:
    """Every command and group of the app (typer's click objects), with the words that reach it."""
    found = [(path, group)]
    if hasattr(group, "commands"):
        for name, command in sorted(group.commands.items()):
            found += commands(command, (*path, name))
    return found


ALL = commands(typer.main.get_command(app))


def shared_help(flag: str) -> str:
    return SHARED[flag].__metadata__[0].help


@pytest.mark.parametrize("flag", sorted(SHARED))
def test_every_command_with_a_shared_option_has_its_one_help_text(flag):
    users = [(words, param) for words, command in ALL for param in command.params if flag in param.opts]
    assert len(users) >= 2, f"{flag} is shared by fewer than two commands"
    for words, param in users:
        assert param.help == shared_help(flag), f"floorman {' '.join(words)} {flag}: its own help text"


def test_no_cli_module_declares_a_shared_option_itself():
    """`typer.Option(..., "--profile", ...)` anywhere but options.py is a second declaration."""
    for path in sorted(CLI.glob("*.py")):
        if path.name == "options.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and ast.unparse(node.func).endswith("Option"):
                flags = {arg.value for arg in node.args if isinstance(arg, ast.Constant)}
                assert not flags & set(SHARED), f"{path.name}:{node.lineno} declares {flags & set(SHARED)}"


def test_the_fast_path_reads_the_rule_command_s_shared_flags():
    from floorman.cli.launch import RULE_OPTIONS

    rule = dict(ALL)[("rule",)]
    for param in rule.params:
        for flag in param.opts:
            if flag in SHARED:
                assert RULE_OPTIONS[flag][0] == param.name


@pytest.mark.parametrize("words", [words for words, _ in ALL], ids=lambda words: " ".join(words) or "floorman")
def test_every_command_s_help_has_an_example(words):
    result = CliRunner().invoke(app, [*words, "--help"], env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    example = result.output.split("Example:", 1)
    assert len(example) == 2, f"`floorman {' '.join(words)} --help` has no Example"
    assert "floorman " + " ".join(words) in example[1], example[1]


def test_ask_can_leave_the_journal_alone():
    ask = dict(ALL)[("ask",)]
    assert any("--no-journal" in param.opts for param in ask.params)
