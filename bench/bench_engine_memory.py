"""Show that DurableBackend's memory stays flat over many runs (default: one million).

One job: run a small chained ruleset (action -> facing_bet -> full_raise -> reopened, plus one
ruling rule) N times through `DurableBackend.run`, and report runs/s and the resident set size
(VmRSS from /proc/self/status) at the start, after a warm-up baseline (the first 100,000 runs,
or a fifth of N if that is smaller) and at the end. Exits 1 if RSS grew by more than
--max-growth-mb after the baseline: a leaked session costs ~90-700 KB (docs/durable-rules.md §2.1), so a leak
of one session per run would show up as gigabytes.

    .venv/bin/python bench/bench_engine_memory.py              # 1,000,000 runs (~2-3 min)
    .venv/bin/python bench/bench_engine_memory.py --quick      # 20,000 runs (~3 s)
    .venv/bin/python bench/bench_engine_memory.py --count 300000

Runtime: about 7-8 k runs/s on the 2-core dev box (5 activations per run), so the default
million takes roughly 2-3 minutes.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from floorman.engine.backend_durable import DurableBackend  # noqa: E402

DEFAULT_COUNT = 1_000_000
QUICK_COUNT = 20_000
BASELINE = 100_000

RULES = [
    {"id": "D.facing_bet", "priority": 0,
     "when": [{"as": "a", "fact": "action", "where": [["to_call", ">", 0]]}],
     "derive": {"fact": "derived", "name": "facing_bet", "seat": "@a.seat", "action_id": "@a.id"}},
    {"id": "D.full_raise", "priority": 1,
     "when": [{"as": "a", "fact": "action",
               "where": [["kind", "==", "raise"], ["raise_by", ">=", "@self.min_raise"]]},
              {"as": "f", "fact": "derived",
               "where": [["name", "==", "facing_bet"], ["action_id", "==", "@a.id"]]}],
     "derive": {"fact": "derived", "name": "full_raise", "seat": "@a.seat", "action_id": "@a.id"}},
    {"id": "D.reopened", "priority": 2,
     "when": [{"as": "r", "fact": "derived", "where": [["name", "==", "full_raise"]]}],
     "derive": {"fact": "derived", "name": "action_reopened", "after": "@r.action_id"}},
    {"id": "BET-OVERSIZED-CHIP", "priority": 10,
     "when": [{"as": "a", "fact": "action",
               "where": [["chip_count", "==", 1], ["declared", "in", ["none", "unclear"]],
                         ["to_call", ">", 0], ["chips_total", ">", "@self.to_call"]]}]},
]


def facts_for(i: int) -> list[dict]:
    """Three actions; amounts vary with i so the engine sees changing values."""
    bump = i % 7
    common = {"min_raise": 100, "declared": "none", "chip_count": 2, "chips_total": 0}
    return [
        {"type": "action", "id": "action:1", "seat": 2, "kind": "bet", "to_call": 0,
         "raise_by": 0, **common},
        {"type": "action", "id": "action:2", "seat": 5, "kind": "raise", "to_call": 100 + bump,
         "raise_by": 100 + bump, **common},
        {"type": "action", "id": "action:3", "seat": 7, "kind": "call", "to_call": 200,
         "raise_by": 0, **dict(common, chip_count=1, chips_total=1000 + bump)},
    ]


def rss_mb() -> float:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS in /proc/self/status")


def measure(count: int, *, baseline: int | None = None, progress=None) -> dict:
    """Run `count` queries; return the figures (MB, runs/s) as a dict."""
    baseline = baseline if baseline is not None else min(BASELINE, max(1, count // 5))
    backend = DurableBackend(RULES, name="bench_memory")
    try:
        start_rss = rss_mb()
        activations = len(backend.run(facts_for(0)).activations)
        t0 = time.perf_counter()
        c0 = time.process_time()
        base_rss = None
        for i in range(count):
            result = backend.run(facts_for(i))
            if len(result.activations) != activations:
                raise AssertionError(f"run {i}: {len(result.activations)} activations")
            if i + 1 == baseline:
                base_rss = rss_mb()
            if progress and (i + 1) % progress == 0:
                print(f"  {i + 1:>9,} runs  {(i + 1) / (time.perf_counter() - t0):8.0f}/s  "
                      f"RSS {rss_mb():.1f} MB", flush=True)
        elapsed = time.perf_counter() - t0
        cpu = time.process_time() - c0
        end_rss = rss_mb()
    finally:
        backend.close()
    return {
        "runs": count,
        "activations_per_run": activations,
        "seconds": round(elapsed, 2),
        "runs_per_s": round(count / elapsed),
        "cpu_seconds": round(cpu, 2),
        "runs_per_cpu_s": round(count / cpu) if cpu else None,   # robust to a busy machine
        "rss_start_mb": round(start_rss, 1),
        "baseline_runs": baseline,
        "rss_baseline_mb": round(base_rss if base_rss is not None else end_rss, 1),
        "rss_end_mb": round(end_rss, 1),
        "growth_after_baseline_mb": round(end_rss - (base_rss if base_rss is not None else end_rss), 2),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=DEFAULT_COUNT, help="runs (default 1,000,000)")
    parser.add_argument("--quick", action="store_true", help=f"{QUICK_COUNT:,} runs")
    parser.add_argument("--max-growth-mb", type=float, default=20.0,
                        help="fail if RSS grows more than this after the baseline (default 20)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON only")
    args = parser.parse_args(argv)
    count = QUICK_COUNT if args.quick else args.count
    report = measure(count, progress=None if args.json else max(count // 10, 1))
    ok = report["growth_after_baseline_mb"] <= args.max_growth_mb
    if args.json:
        print(json.dumps(dict(report, ok=ok)))
    else:
        print(f"runs: {report['runs']:,} ({report['activations_per_run']} activations each) in "
              f"{report['seconds']} s = {report['runs_per_s']:,} runs/s "
              f"({report['runs_per_cpu_s']:,} per CPU-second)")
        print(f"RSS start {report['rss_start_mb']} MB, after {report['baseline_runs']:,} runs "
              f"{report['rss_baseline_mb']} MB, end {report['rss_end_mb']} MB "
              f"(growth after baseline {report['growth_after_baseline_mb']} MB, "
              f"limit {args.max_growth_mb} MB): {'OK' if ok else 'FAIL'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
