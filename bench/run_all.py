"""Run every bench/bench_*.py in turn with this interpreter; each prints its own figures.

    .venv/bin/python bench/run_all.py                 # every benchmark, its own defaults
    .venv/bin/python bench/run_all.py --quick         # fewer runs each: a smoke test (~1 min)
    .venv/bin/python bench/run_all.py cold_start session   # only these (bench_NAME.py)

Each benchmark gets at most --timeout seconds (default 600: each is meant to take a few minutes
at most on 2 cores). Exit status: 0 if every benchmark exited 0, else 1 (the failures are named).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent

# Fewer runs for --quick, per benchmark (a benchmark not listed runs with its defaults).
QUICK = {
    "bench_cold_start.py": ["--runs", "7"],
    "bench_session.py": ["--rounds", "20"],
    "bench_rulings.py": ["--rounds", "5"],
    "bench_engine_memory.py": ["--quick"],
    "bench_replay.py": ["--runs", "1"],
    "bench_render.py": ["--rounds", "1"],
    "bench_journal.py": ["--rounds", "100"],
}

# Run only when named: far longer than --timeout allows (bench_audit_scale: half an hour).
ON_REQUEST = {"bench_audit_scale.py"}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="run only these benchmarks (cold_start, session, ...)")
    parser.add_argument("--quick", action="store_true", help="fewer runs each, as a smoke test")
    parser.add_argument("--timeout", type=float, default=600, help="seconds allowed per benchmark (default 600)")
    args = parser.parse_args(argv)
    benches = sorted(HERE.glob("bench_*.py"))
    if args.names:
        wanted = {name if name.startswith("bench_") else f"bench_{name}" for name in args.names}
        wanted = {name if name.endswith(".py") else f"{name}.py" for name in wanted}
        unknown = wanted - {bench.name for bench in benches}
        if unknown:
            print(f"no such benchmark: {', '.join(sorted(unknown))} "
                  f"(have: {', '.join(bench.name for bench in benches)})", file=sys.stderr)
            return 2
        benches = [bench for bench in benches if bench.name in wanted]
    else:
        benches = [bench for bench in benches if bench.name not in ON_REQUEST]
    failed, took = [], {}
    for bench in benches:
        extra = QUICK.get(bench.name, []) if args.quick else []
        print(f"== {bench.name} {' '.join(extra)}".rstrip(), flush=True)
        start = time.perf_counter()
        try:
            code = subprocess.call([sys.executable, str(bench), *extra], timeout=args.timeout)
        except subprocess.TimeoutExpired:
            print(f"{bench.name}: stopped after {args.timeout:.0f} s")
            code = -1
        took[bench.name] = time.perf_counter() - start
        print(f"== {bench.name}: exit {code} in {took[bench.name]:.1f} s\n", flush=True)
        if code:
            failed.append(bench.name)
    print("; ".join(f"{name} {seconds:.0f} s" for name, seconds in took.items()))
    if failed:
        print(f"failed: {', '.join(failed)}")
        return 1
    print(f"all {len(benches)} benchmarks ran")
    return 0


if __name__ == "__main__":
    sys.exit(main())
