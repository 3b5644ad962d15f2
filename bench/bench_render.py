"""Drawing the screen: medians of rendering a ruling panel and the table picture to a string.

The rulings are every ruling of the bundled scenarios; the pictures are the hands of those
scenarios as they stood at the dispute (2 to 9 seats, stud and flop games). Each round times
every (what, width) pair once, interleaved, so that a slow patch of the machine falls on all of
them alike. Rendering goes to a string through a terminal-like rich Console (ANSI colours on),
as at the podium. Target: a median of a few ms (the panel took about 10 ms before issue 8).

Usage: python bench/bench_render.py [--rounds N]
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rich.console import Console  # noqa: E402

from floorman.cli.ruling_view import print_report, ruling_panel  # noqa: E402
from floorman.cli.table_view import table_picture  # noqa: E402
from floorman.engine.floor import Floor  # noqa: E402
from floorman.errors import FloormanError  # noqa: E402
from floorman.scenarios import find_scenarios, load_scenario, rules_for  # noqa: E402

WIDTHS = (80, 120)
TARGET_MS = 3.0


def _console(width: int) -> Console:
    return Console(width=width, file=io.StringIO(), force_terminal=True, color_system="standard",
                   highlight=False)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    floor = Floor()
    cases = []
    for path in find_scenarios([ROOT / "scenarios"]):
        try:
            scenario = load_scenario(path)
        except FloormanError:
            continue
        chosen, options = rules_for(scenario, floor.rulebook)
        situation = scenario.situation(chosen, options)
        cases.append((scenario, situation, floor.rule(situation)))
    rulings = [(ruling, report.profile) for _, _, report in cases for ruling in report.rulings]
    states = [situation.state for _, situation, _ in cases]

    def panel(width: int, index: int) -> None:
        ruling, profile = rulings[index % len(rulings)]
        _console(width).print(ruling_panel(ruling, profile))

    def picture(width: int, index: int) -> None:
        _console(width).print(table_picture(states[index % len(states)], width=width))

    def report(width: int, index: int) -> None:
        scenario, situation, ruled = cases[index % len(cases)]
        print_report(_console(width), situation, ruled, title=scenario.title, question=scenario.header.question)

    jobs = {(name, width): job for name, job in (("ruling panel", panel), ("table picture", picture),
                                                 ("whole `rule` report", report)) for width in WIDTHS}
    for (_name, width), job in jobs.items():   # warm up: imports, rich's caches
        for index in range(20):
            job(width, index)
    timings: dict[tuple[str, int], list[float]] = {key: [] for key in jobs}
    count = max(len(rulings), len(states))
    for _ in range(args.rounds):
        for index in range(count):
            for key, job in jobs.items():      # interleaved: every job once per step
                started = time.perf_counter()
                job(key[1], index)
                timings[key].append((time.perf_counter() - started) * 1000)
    print(f"rendering to a string: {len(rulings)} rulings, {len(states)} hands, {args.rounds} rounds, interleaved")
    worst = 0.0
    for (name, width), values in timings.items():
        median = statistics.median(values)
        if name != "whole `rule` report":
            worst = max(worst, median)
        print(f"  {name:20} {width:3} columns: median {median:6.2f} ms   "
              f"p90 {sorted(values)[int(0.9 * (len(values) - 1))]:6.2f} ms   n={len(values)}")
    print(f"  target: panel and picture medians <= {TARGET_MS:g} ms: {'met' if worst <= TARGET_MS else 'NOT met'}")
    floor.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
