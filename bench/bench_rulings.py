"""In-process ruling latency over every bundled scenario: p50 and p99 per ruling.

Each timed call builds the situation afresh (replaying its events), computes the facts, runs
the rule engine and settles precedence: what `floorman rule` does after start-up.
Target: p99 <= 1 ms. Usage: python bench/bench_rulings.py [--rounds N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from floorman.engine.facts import Situation  # noqa: E402
from floorman.engine.floor import Floor  # noqa: E402
from floorman.scenarios import find_scenarios, load_scenario  # noqa: E402


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=50)
    args = parser.parse_args()
    floor = Floor()
    cases = []
    for path in find_scenarios([ROOT / "scenarios"]):
        scenario = load_scenario(path)
        options = floor.situation_options(scenario.header.profile)
        cases.append((scenario, options))
    for scenario, options in cases:          # warm up: compile each profile's engine once
        floor.rule(Situation(scenario.table, scenario.events, scenario.incidents, scenario.header.profile, options))
    timings: list[float] = []
    for _ in range(args.rounds):
        for scenario, options in cases:
            started = time.perf_counter()
            floor.rule(Situation(scenario.table, scenario.events, scenario.incidents, scenario.header.profile,
                                 options))
            timings.append((time.perf_counter() - started) * 1000)
    p50, p99 = percentile(timings, 0.50), percentile(timings, 0.99)
    print(f"ruling latency over {len(cases)} scenarios x {args.rounds} rounds = {len(timings)} rulings")
    print(f"  p50 {p50:.3f} ms   p90 {percentile(timings, 0.90):.3f} ms   p99 {p99:.3f} ms   "
          f"max {max(timings):.3f} ms   mean {statistics.fmean(timings):.3f} ms")
    print(f"  target p99 <= 1 ms: {'met' if p99 <= 1.0 else 'NOT met'}")
    floor.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
