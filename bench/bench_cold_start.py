"""Cold start of one `floorman rule` process, measured against `python -c pass` on this machine.

The runs are interleaved (python -c pass, floorman rule betting, floorman rule showdown, again...)
so that a busy moment on a shared machine slows both sides alike; the figures are medians.
The journal write is included: each command records its rulings in its own temporary journal
(created by the warm-up run, as a podium's journal exists after its first ruling).

Budget (issue 8): `floorman rule` on a betting scenario at most 8x `python -c pass` (goal),
10x (acceptance). Usage: python bench/bench_cold_start.py [--runs N] [--before CHECKOUT]

The line "libraries alone" is the floor under any ruling: a process that only imports what a
shown ruling cannot do without (pydantic's BaseModel for the hand's model, PyYAML for the file,
durable-rules for the engine, sqlite3 for the journal, rich for the panel) and rules nothing.

--before CHECKOUT also times the betting ruling of another checkout of floorman (e.g. a
`git worktree add --detach /tmp/before main`), interleaved in the same loop, both through the
same interpreter and launcher (PYTHONPATH), so that a change is measured before and after
under the same load.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CASES = {
    "betting": ROOT / "scenarios" / "betting" / "ymtc-1-silent-big-chip.yaml",
    "showdown": ROOT / "scenarios" / "showdown" / "ymtc-5-board-plays.yaml",
}
GOAL, ACCEPTANCE = 8.0, 10.0
LIBRARIES = "from pydantic import BaseModel; import yaml, durable.engine, sqlite3, rich.console"


def floorman_command() -> list[str]:
    """The installed console script when there is one (what a user runs), else -m floorman."""
    script = Path(sys.executable).with_name("floorman")
    return [str(script)] if script.exists() else [sys.executable, "-m", "floorman"]


def run_once(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall-clock and CPU (user + system) milliseconds of one process. The CPU figure is what a
    shared, busy machine disturbs least."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, cwd=env.get("BENCH_CWD", ROOT), env=env)
    wall = (time.perf_counter() - started) * 1000
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000
    return wall, cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21, help="runs of each command (default 21)")
    parser.add_argument("--compare-typer", action="store_true",
                        help="also time the same ruling through the typer app (what the fast path skips)")
    parser.add_argument("--rulebook", help="rule with this rulebook folder instead of the bundled one")
    parser.add_argument("--before", type=Path, metavar="CHECKOUT",
                        help="also time the betting ruling of this other checkout of floorman, interleaved")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="floorman-bench-"))
    env = dict(os.environ, XDG_CACHE_HOME=str(work / "cache"))
    # as after ./dev: floorman byte-compiled, and byte code written as a user's Python does
    # (an environment with PYTHONDONTWRITEBYTECODE would recompile every changed module each run)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "floorman")], check=True,
                   stdout=subprocess.DEVNULL)
    commands = {"python -c pass": [sys.executable, "-c", "pass"], "libraries alone": [sys.executable, "-c", LIBRARIES]}
    for name, path in CASES.items():
        if path.exists():
            extra = ["--rulebook", args.rulebook] if args.rulebook else []
            commands[f"floorman rule ({name})"] = [*floorman_command(), "rule", str(path), *extra]
    if args.compare_typer and CASES["betting"].exists():
        typer_app = "import sys; from floorman.cli.app import app; app(args=sys.argv[1:], prog_name='floorman')"
        commands["rule via typer (betting)"] = [sys.executable, "-c", typer_app, "rule", str(CASES["betting"]),
                                                *(["--rulebook", args.rulebook] if args.rulebook else [])]
    settings = {name: {} for name in commands}      # each command's own environment
    if args.before is not None:
        launcher = "from floorman.cli.launch import main; main()"     # what the console script runs
        betting = str(CASES["betting"].relative_to(ROOT))
        for label, checkout in (("this checkout", ROOT), ("before", args.before.resolve())):
            name = f"rule (betting), {label}"
            commands[name] = [sys.executable, "-c", launcher, "rule", betting]
            # its own cache folder: the two checkouts' rulebook caches have different keys
            settings[name] = {"PYTHONPATH": str(checkout), "BENCH_CWD": str(checkout),
                              "XDG_CACHE_HOME": str(work / f"cache-{label.replace(' ', '-')}")}
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(args.before.resolve() / "floorman")],
                       check=True, stdout=subprocess.DEVNULL)

    def environment(number: int, name: str) -> dict[str, str]:
        # one journal per command, as at a podium: the file is there after the first ruling
        return dict(env, FLOORMAN_JOURNAL=str(work / f"j{number}.sqlite3"), **settings[name])

    for number, (name, command) in enumerate(commands.items()):   # the rulebook cache and the journal first
        run_once(command, environment(number, name))
    samples: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
    for _ in range(args.runs):
        for number, (name, command) in enumerate(commands.items()):
            samples[name].append(run_once(command, environment(number, name)))
    baseline = [statistics.median(run[kind] for run in samples["python -c pass"]) for kind in (0, 1)]
    print(f"{args.runs} interleaved runs each; medians of wall-clock time (and of CPU time)")
    print(f"libraries alone: {LIBRARIES}")
    for name, runs in samples.items():
        wall = [run[0] for run in runs]
        median, cpu = statistics.median(wall), statistics.median(run[1] for run in runs)
        line = f"{name:30} {median:6.1f} ms (cpu {cpu:6.1f})  min {min(wall):.1f}, max {max(wall):.1f}"
        if name != "python -c pass":
            ratio = median / baseline[0]
            verdict = ("goal met" if ratio <= GOAL else "acceptance met" if ratio <= ACCEPTANCE
                       else "NOT met") if name == "floorman rule (betting)" else "for comparison"
            line += f"  = {ratio:.1f}x python -c pass (cpu {cpu / baseline[1]:.1f}x): {verdict}"
        print(line)
    if args.before is not None:
        now, then = (statistics.median(run[0] for run in samples[f"rule (betting), {label}"])
                     for label in ("this checkout", "before"))
        print(f"this checkout / before: {now / then:.2f} (wall-clock medians, same launcher)")
    print(f"budget for the betting scenario: goal {GOAL:.0f}x, acceptance {ACCEPTANCE:.0f}x (wall-clock medians)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
