"""floorman installed from its wheel, as a user gets it: every bundled YAML file is in the wheel,
and a fresh virtual environment outside the checkout runs the commands from an empty folder.

This is CI's install check (`./dev test` runs it; about half a minute: the venv and the
dependencies, taken from pip's cache and .venv/wheelhouse, where ./dev keeps the one wheel that
compiles, durable-rules)."""

from __future__ import annotations

import os
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BUNDLED = ("rulebook", "scenarios")       # the repository's top folders the wheel carries


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(out),
                            str(ROOT)], capture_output=True, text=True, timeout=600)
    assert built.returncode == 0, built.stderr[-3000:]
    [path] = out.glob("floorman-*.whl")
    return path


def test_every_yaml_file_of_the_rulebook_and_scenarios_is_in_the_wheel(wheel):
    with zipfile.ZipFile(wheel) as archive:
        packed = {name for name in archive.namelist() if name.endswith(".yaml")}
        names = set(archive.namelist())
    expected = {f"floorman/bundled/{path.relative_to(ROOT)}" for name in BUNDLED
                for path in (ROOT / name).rglob("*.yaml")}
    assert len(expected) > 500 and "floorman/bundled/rulebook/options.yaml" in expected
    assert {"floorman/bundled/rulebook/questions.yaml", "floorman/bundled/rulebook/profiles/tda-2026.yaml"} <= expected
    missing = sorted(expected - packed)
    assert not missing, f"{len(missing)} YAML files are not in the wheel, e.g. {missing[:5]}"
    assert packed == expected          # and nothing else: no copy of a YAML file elsewhere
    assert "floorman/data/dwan-ivey-2009.phh" in names and "floorman/resources.py" in names
    assert not any("__pycache__" in name or name.startswith(("tests/", "docs/")) for name in names)


def test_the_installed_wheel_runs_every_command_from_an_empty_folder(wheel, tmp_path):
    """A fresh venv outside the checkout, the wheel installed, and from an empty folder: rule on
    a scenario taken from the installed package, check the bundled scenarios, a scripted quiz,
    a rule look-up and an audit of one hand."""
    assert ROOT not in tmp_path.parents
    home = tmp_path / "venv"
    venv.create(home, with_pip=True)
    python = home / "bin" / "python"
    wheelhouse = ROOT / ".venv" / "wheelhouse"
    find_links = ["--find-links", str(wheelhouse)] if wheelhouse.is_dir() else []
    installed = subprocess.run([str(python), "-m", "pip", "install", "--quiet", *find_links, str(wheel)],
                               capture_output=True, text=True, timeout=900)
    assert installed.returncode == 0, installed.stderr[-3000:]

    empty = tmp_path / "empty"
    empty.mkdir()
    environment = {key: value for key, value in os.environ.items()
                   if key not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    environment.update(XDG_CACHE_HOME=str(tmp_path / "cache"), XDG_DATA_HOME=str(tmp_path / "data"),
                       FLOORMAN_JOURNAL=str(tmp_path / "journal.sqlite3"), NO_COLOR="1", COLUMNS="100")

    def run(*args: str, command: str = "floorman") -> subprocess.CompletedProcess:
        done = subprocess.run([str(home / "bin" / command), *args], cwd=empty, env=environment,
                              capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, f"{' '.join(args)}: exit {done.returncode}\n{done.stdout[-2000:]}{done.stderr}"
        return done

    where = run("-c", "from floorman.resources import CHECKOUT, bundled; from floorman.cli.app import sample_path; "
                "print(CHECKOUT); print(bundled('scenarios')); print(sample_path())", command="python")
    checkout, scenarios, sample = where.stdout.split("\n")[:3]
    assert checkout == "None" and Path(scenarios).is_relative_to(home) and Path(sample).is_file()

    ruling = run("rule", str(Path(scenarios) / "betting" / "ymtc-1-silent-big-chip.yaml"))
    assert "BET-OVERSIZED-CHIP-CALL" in ruling.stdout and "Error" not in ruling.stderr
    check = run("check")                              # no scenarios/ here: the bundled ones
    assert " passed, 0 failed" in check.stdout
    (empty / "answers.txt").write_text("a\n0\n" * 6)  # a letter or a number, whichever is asked
    quiz = run("quiz", "--count", "3", "--seed", "7", "--answers", "answers.txt")
    assert "Question 3 of 3" in quiz.stdout and "Summary by topic" in quiz.stdout
    look_up = run("rules", "oversized")
    assert "BET-OVERSIZED-CHIP-CALL" in look_up.stdout
    audit = run("audit", sample, "--jsonl")
    [hand, summary] = audit.stdout.splitlines()
    assert '"class": "clean"' in hand and '"clean": 1' in summary
    assert sorted(p.name for p in empty.iterdir()) == ["answers.txt"]       # nothing written here
