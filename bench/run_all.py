"""Run every bench/bench_*.py in turn with this interpreter; extra arguments go to each.

    .venv/bin/python bench/run_all.py [args...]

Exit status: 0 if every benchmark exited 0, else 1 (the failures are named).
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    failed = []
    benches = sorted(HERE.glob("bench_*.py"))
    for bench in benches:
        print(f"== {bench.name}", flush=True)
        start = time.perf_counter()
        code = subprocess.call([sys.executable, str(bench), *args])
        print(f"== {bench.name}: exit {code} in {time.perf_counter() - start:.1f} s\n", flush=True)
        if code:
            failed.append(bench.name)
    if failed:
        print(f"failed: {', '.join(failed)}")
        return 1
    print(f"all {len(benches)} benchmarks ran")
    return 0


if __name__ == "__main__":
    sys.exit(main())
