"""Audit throughput: every real hand in shared/data/phh through `floorman audit`'s library and
through pokerkit's replay, in one process (no --jobs).

    .venv/bin/python bench/bench_audit.py [--runs 7] [--json]

floorman: `floorman.audit.audit_files` on the .phhs files (read, parse, strict replay, pots
awarded, recorded finishing stacks compared, each hand classified). pokerkit: from the same files'
text, `HandHistory.loads_all` + iterating every state (parsing included, end to end). Runs
alternate floorman / pokerkit so both see the same machine load; the figures are medians and the
ratio is the median of the per-run ratios; garbage collection is off inside each timed run, as
`timeit` does. Target: the audit at least 3x pokerkit's replay.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import warnings
from pathlib import Path

from peer import DATA, pokerkit_end_to_end, timed

TARGET = 3.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="timed runs of each library (default 7, at least 5)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    args.runs = max(args.runs, 5)
    files = sorted(str(path) for path in DATA.glob("*.phhs"))
    if not files:
        print(f"no hand histories in {DATA}: nothing to benchmark")
        return 0

    from floorman.audit import audit_files

    warnings.simplefilter("ignore")   # pokerkit warns about unknown fields and needless folds

    def floorman_audit() -> int:
        return len(audit_files(files))     # read and parse the files in every run: end to end

    def pokerkit_replay() -> int:     # the files read in every run, as the audit reads them
        return pokerkit_end_to_end(Path(path).read_text(encoding="utf-8") for path in files)

    floorman_audit()      # warm up: imports, the rulebook's citations, evaluator caches
    pokerkit_replay()
    rates: dict[str, list[float]] = {"floorman audit": [], "pokerkit replay": [], "ratio": []}
    hands = 0
    for _ in range(args.runs):
        hands, t_f = timed(floorman_audit)
        n_p, t_p = timed(pokerkit_replay)
        rates["floorman audit"].append(hands / t_f)
        rates["pokerkit replay"].append(n_p / t_p)
        rates["ratio"].append((hands / t_f) / (n_p / t_p))
    median = {name: statistics.median(values) for name, values in rates.items()}
    if args.json:
        print(json.dumps({"hands": hands, "runs": args.runs, "median": median, "runs_detail": rates}, indent=2))
    else:
        print(f"audit benchmark: {hands} real hands from {DATA}, {args.runs} alternating runs, medians")
        print(f"  floorman audit {median['floorman audit']:8.0f} hands/s   "
              f"pokerkit replay {median['pokerkit replay']:8.0f} hands/s   ratio {median['ratio']:.2f}x "
              f"(runs {min(rates['ratio']):.2f}x-{max(rates['ratio']):.2f}x)")
        verdict = "meets" if median["ratio"] >= TARGET else "MISSES"
        print(f"  audit ratio {median['ratio']:.2f}x {verdict} the {TARGET:.0f}x target")
    return 0


if __name__ == "__main__":
    sys.exit(main())
