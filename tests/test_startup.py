"""Start-up: the console script's fast path for `floorman rule FILE` and `--version` (no typer),
typer for everything else, and typer's shell completion switched on only when asked for.

The fast path must be invisible: for the same arguments it prints the same lines, on the same
streams, exits the same way and records the same journal entry as the typer command.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from floorman.cli import launch

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ROOT / "scenarios"
BETTING = SCENARIOS / "betting" / "ymtc-1-silent-big-chip.yaml"

# The fast path as the console script runs it, asserting on the way out that typer was never
# imported (an AssertionError traceback would make the comparison fail).
FAST = ("import sys; from floorman.cli import launch; code = launch.main(sys.argv[1:]); sys.stdout.flush(); "
        "assert 'typer' not in sys.modules, 'the fast path imported typer'; sys.exit(code)")
# The typer app, as `floorman` ran before the fast path existed.
TYPER = "import sys; from floorman.cli.app import app; app(args=sys.argv[1:], prog_name='floorman')"


def run(code: str, args: list[str], journal: Path, **env: str) -> subprocess.CompletedProcess[str]:
    environment = dict(os.environ, FLOORMAN_JOURNAL=str(journal), COLUMNS="100", **env)
    environment.pop("_FLOORMAN_COMPLETE", None)
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=ROOT,
                          env=environment, timeout=120)


def both(args: list[str], tmp_path: Path) -> tuple[subprocess.CompletedProcess[str], subprocess.CompletedProcess[str]]:
    fast = run(FAST, args, tmp_path / "fast.sqlite3")
    slow = run(TYPER, args, tmp_path / "typer.sqlite3")
    return fast, slow


def assert_same(fast: subprocess.CompletedProcess[str], slow: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in fast.stderr, fast.stderr
    assert (fast.returncode, fast.stdout, fast.stderr) == (slow.returncode, slow.stdout, slow.stderr)


CASES = [
    pytest.param([str(BETTING)], id="betting"),
    pytest.param([str(SCENARIOS / "showdown" / "all-in-showdown-muck-cash.yaml"), "--trace"], id="showdown-trace"),
    pytest.param([str(SCENARIOS / "irregularities" / "boxed-cards-found-on-the-turn-blank.yaml"), "--json"],
                 id="irregularity-json"),
    pytest.param([str(BETTING), "--profile", "cash", "--staff", "Ann"], id="profile-staff"),
    pytest.param(["-p", "tda-2026", str(BETTING), "--no-journal"], id="options-first-no-journal"),
    pytest.param([str(BETTING), "--profile=cash", "--json"], id="equals-form"),
]


@pytest.mark.parametrize("args", CASES)
def test_fast_path_prints_what_typer_prints(args: list[str], tmp_path: Path) -> None:
    assert launch.parse_rule(args) is not None, "this case should take the fast path"
    fast, slow = both(["rule", *args], tmp_path)
    assert fast.returncode == 0, fast.stderr
    assert fast.stdout.strip()
    assert_same(fast, slow)


def test_fast_path_records_the_same_journal_entry(tmp_path: Path) -> None:
    from floorman.journal import Journal

    fast, slow = both(["rule", str(BETTING), "--staff", "Ann"], tmp_path)
    assert fast.returncode == slow.returncode == 0
    entries = []
    for name in ("fast", "typer"):
        journal = Journal.open(tmp_path / f"{name}.sqlite3", create=False)
        try:
            (entry,) = journal.entries()
        finally:
            journal.close()
        entries.append({key: value for key, value in entry.to_json().items() if key not in ("id", "recorded_at")})
    assert entries[0] == entries[1]
    assert entries[0]["command"] == "rule" and entries[0]["staff"] == "Ann" and entries[0]["rulings"]


def test_no_journal_records_nothing(tmp_path: Path) -> None:
    fast = run(FAST, ["rule", str(BETTING), "--no-journal"], tmp_path / "j.sqlite3")
    assert fast.returncode == 0, fast.stderr
    assert not (tmp_path / "j.sqlite3").exists()


def bad_scenarios(tmp_path: Path) -> dict[str, list[str]]:
    broken = tmp_path / "broken.yaml"
    broken.write_text("title: broken\ntable: [\n", encoding="utf-8")
    unknown = tmp_path / "unknown-field.yaml"
    unknown.write_text(BETTING.read_text(encoding="utf-8") + "\nnonsense_field: 1\n", encoding="utf-8")
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the journal's folder should be", encoding="utf-8")
    return {
        "missing file": ["rule", str(tmp_path / "nowhere.yaml")],
        "a folder": ["rule", str(SCENARIOS / "betting")],
        "broken YAML": ["rule", str(broken)],
        "unknown field": ["rule", str(unknown)],
        "unknown profile": ["rule", str(BETTING), "--profile", "no-such-profile"],
        "missing house file": ["rule", str(BETTING), "--house", str(tmp_path / "no-house.yaml")],
        "missing rulebook": ["rule", str(BETTING), "--rulebook", str(tmp_path / "no-rulebook")],
        "journal not writable": ["rule", str(BETTING), "--journal", str(blocked / "j.sqlite3")],
    }


def test_error_cases_match(tmp_path: Path) -> None:
    for name, args in bad_scenarios(tmp_path).items():
        assert launch.parse_rule(args[1:]) is not None, name
        fast, slow = both(args, tmp_path)
        assert_same(fast, slow)
        if name == "journal not writable":      # the ruling is still shown, with one line saying so
            assert fast.returncode == 0 and fast.stdout.strip(), name
            assert fast.stderr.startswith("not recorded in the journal: "), fast.stderr
        else:
            assert fast.returncode == 1, (name, fast.stderr)
            assert fast.stderr.startswith("Error: ") and fast.stderr.count("\n") == 1, (name, fast.stderr)


@pytest.mark.parametrize("args", [
    [], ["--help"], ["-h"], ["a.yaml", "--help"], ["a.yaml", "--bogus"], ["a.yaml", "b.yaml"],
    ["a.yaml", "--profile"], ["a.yaml", "--profile", "cash", "--profile", "tda-2024"], ["--", "a.yaml"],
    ["a.yaml", "--json=yes"], ["-p=cash", "a.yaml"], ["a.yaml", "--profile", "--json"], ["a.yaml", "--staff", ""],
])
def test_anything_unusual_goes_to_typer(args: list[str]) -> None:
    assert launch.parse_rule(args) is None


def test_parse_rule_reads_every_option() -> None:
    parsed = launch.parse_rule(["f.yaml", "-p", "cash", "--json", "--trace", "--rulebook", "rb", "--house=h.yaml",
                                "--journal", "j.sqlite3", "--staff", "Ann", "--no-journal"])
    assert parsed == {"file": "f.yaml", "profile": "cash", "json_output": True, "trace": True, "rulebook": "rb",
                      "house": "h.yaml", "journal": "j.sqlite3", "staff": "Ann", "no_journal": True}


def test_fast_path_knows_exactly_the_typer_rule_options() -> None:
    """A new option on the typer `rule` command must be added to the fast path too (until it is,
    a command line using it would still work, through typer, but this test says so)."""
    import typer.main

    from floorman.cli.app import app

    rule = typer.main.get_command(app).commands["rule"]   # type: ignore[attr-defined]
    typer_options = {}
    for parameter in rule.params:
        if parameter.param_type_name != "option" or parameter.name == "help":
            continue
        for flag in (*parameter.opts, *parameter.secondary_opts):
            typer_options[flag] = (parameter.name, not parameter.is_flag)
    assert typer_options == launch.RULE_OPTIONS
    assert [p.name for p in rule.params if p.param_type_name == "argument"] == ["file"]


def test_typer_still_reads_what_the_fast_path_refuses(tmp_path: Path) -> None:
    env = dict(os.environ, FLOORMAN_JOURNAL=str(tmp_path / "j.sqlite3"))
    bogus = subprocess.run([sys.executable, "-m", "floorman", "rule", str(BETTING), "--bogus"], capture_output=True,
                           text=True, cwd=ROOT, env=env, timeout=120)
    assert bogus.returncode == 2 and "--bogus" in bogus.stderr and "Traceback" not in bogus.stderr
    helped = subprocess.run([sys.executable, "-m", "floorman", "rule", "--help"], capture_output=True, text=True,
                            cwd=ROOT, env=env, timeout=120)
    assert helped.returncode == 0 and "--no-journal" in helped.stdout


def test_the_console_script_takes_the_fast_path(tmp_path: Path) -> None:
    """`python -m floorman rule FILE` (what the console script runs) never imports typer or
    importlib.metadata (pydantic's plugin search)."""
    env = dict(os.environ, FLOORMAN_JOURNAL=str(tmp_path / "j.sqlite3"))
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "floorman", "rule", str(BETTING)],
                          capture_output=True, text=True, cwd=ROOT, env=env, timeout=120)
    assert done.returncode == 0
    imported = {line.split("|")[-1].strip() for line in done.stderr.splitlines() if line.startswith("import time")}
    assert "floorman.engine.floor" in imported     # the measurement works
    assert not {"typer", "click", "importlib.metadata"} & imported


def test_the_command_ends_at_once_and_loses_nothing(tmp_path: Path) -> None:
    """Run as the command, a one-shot ruling skips Python's teardown (os._exit): the output is
    all there, the exit status is kept, and the journal entry is committed and readable."""
    from floorman.journal import Journal

    journal = tmp_path / "command.sqlite3"
    env = dict(os.environ, FLOORMAN_JOURNAL=str(journal), COLUMNS="100")
    command = subprocess.run([sys.executable, "-m", "floorman", "rule", str(BETTING), "--json", "--staff", "Bo"],
                             capture_output=True, text=True, cwd=ROOT, env=env, timeout=120)
    returned = run(FAST, ["rule", str(BETTING), "--json", "--staff", "Bo"], tmp_path / "returned.sqlite3")
    assert command.returncode == 0 and command.stderr == ""
    assert command.stdout == returned.stdout and command.stdout.rstrip().endswith("}")
    opened = Journal.open(journal, create=False)
    try:
        (entry,) = opened.entries()
    finally:
        opened.close()
    assert entry.staff == "Bo" and entry.rulings
    failed = subprocess.run([sys.executable, "-m", "floorman", "rule", str(tmp_path / "nowhere.yaml")],
                            capture_output=True, text=True, cwd=ROOT, env=env, timeout=120)
    assert failed.returncode == 1 and failed.stderr.startswith("Error: ") and failed.stdout == ""


def test_version_on_both_paths(tmp_path: Path) -> None:
    from floorman import __version__

    fast, slow = both(["--version"], tmp_path)
    assert_same(fast, slow)
    assert fast.returncode == 0 and fast.stdout == f"floorman {__version__}\n"


def completion(tmp_path: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    environment = dict(os.environ, HOME=str(tmp_path), SHELL="/bin/bash", **env)
    return subprocess.run([sys.executable, "-c", "import sys; from floorman.cli.launch import main; sys.exit(main())",
                           *args], capture_output=True, text=True, cwd=ROOT, env=environment, timeout=120)


def test_shell_completion_completes_commands(tmp_path: Path) -> None:
    done = completion(tmp_path, _FLOORMAN_COMPLETE="complete_bash", COMP_WORDS="floorman ru", COMP_CWORD="1")
    assert done.returncode == 0, done.stderr
    assert {"rule", "rulebook"} <= set(done.stdout.split())
    assert "replay" not in done.stdout.split()


def test_shell_completion_reaches_the_rule_options(tmp_path: Path) -> None:
    """Completion while typing `floorman rule FILE --no-j` goes to typer, not the fast path."""
    done = completion(tmp_path, _FLOORMAN_COMPLETE="complete_bash", COMP_WORDS=f"floorman rule {BETTING} --no-j",
                      COMP_CWORD="3")
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["--no-journal"]


def test_show_and_install_completion(tmp_path: Path) -> None:
    shown = completion(tmp_path, "--show-completion", "bash")
    assert shown.returncode == 0, shown.stderr
    assert "_FLOORMAN_COMPLETE" in shown.stdout
    installed = completion(tmp_path, "--install-completion", "bash")
    assert installed.returncode == 0, installed.stderr
    script = tmp_path / ".bash_completions" / "floorman.sh"
    assert "_FLOORMAN_COMPLETE" in script.read_text(encoding="utf-8")
    assert str(script) in (tmp_path / ".bashrc").read_text(encoding="utf-8")


def test_help_lists_completion_but_a_command_does_not_build_it() -> None:
    assert launch.completion_wanted(["--help"]) and launch.completion_wanted([])
    assert launch.completion_wanted(["--show-completion", "zsh"])
    assert not launch.completion_wanted(["check", "scenarios/"])
    helped = subprocess.run([sys.executable, "-m", "floorman", "--help"], capture_output=True, text=True, cwd=ROOT,
                            timeout=120)
    assert helped.returncode == 0 and "--install-completion" in helped.stdout
