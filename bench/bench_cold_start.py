"""Cold start of one `floorman rule` process, side by side with `python -c pass`.

Medians of several runs each. Targets: 200 ms or less on a betting scenario, 250 ms or less
on a hold'em showdown scenario. Usage: python bench/bench_cold_start.py [--runs N]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CASES = {
    "betting": (ROOT / "scenarios" / "betting" / "ymtc-1-silent-big-chip.yaml", 200),
    "showdown": (ROOT / "scenarios" / "showdown" / "ymtc-5-board-plays.yaml", 250),
}


def timed(command: list[str], runs: int) -> list[float]:
    samples = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, cwd=ROOT)
        samples.append((time.perf_counter() - started) * 1000)
    return samples


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    python = sys.executable
    baseline = statistics.median(timed([python, "-c", "pass"], args.runs))
    print(f"python -c pass: median {baseline:.0f} ms over {args.runs} runs")
    for name, (path, target) in CASES.items():
        if not path.exists():
            print(f"{name}: {path.relative_to(ROOT)} not present yet, skipped")
            continue
        samples = timed([python, "-m", "floorman", "rule", str(path)], args.runs)
        median = statistics.median(samples)
        verdict = "met" if median <= target else "NOT met"
        print(f"floorman rule ({name}): median {median:.0f} ms (min {min(samples):.0f}, max {max(samples):.0f}); "
              f"{median - baseline:.0f} ms above python -c pass; target {target} ms: {verdict}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
