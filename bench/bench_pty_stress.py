"""The pseudo-terminal tests under load: run them N times in a row (default 20) with two busy loops
beside them, and count the runs that fail.

Issue 15: `test_tab_completes_commands_and_history_is_kept` failed once in a full `./dev test` on
a loaded 2-core machine, because it waited for one write where the terminal got two. The pty
tests now read the screen through a terminal emulator (tests/pty_support.py); this script shows
that they pass when the machine is busy. Not part of the test suite (it takes many minutes).

Usage: python bench/bench_pty_stress.py [--runs 20] [--busy 2] [tests ...]
       (default tests: tests/test_table_pty.py tests/test_ask_pty.py)
Prints each run's result and seconds, then the runs passed, the median and the longest run.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_TESTS = ["tests/test_table_pty.py", "tests/test_ask_pty.py"]
BUSY_LOOP = "while True:\n    pass\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--busy", type=int, default=2, help="busy loops beside the tests (default 2)")
    parser.add_argument("tests", nargs="*", default=DEFAULT_TESTS)
    options = parser.parse_args()
    busy = [subprocess.Popen([sys.executable, "-c", BUSY_LOOP]) for _ in range(options.busy)]
    seconds: list[float] = []
    failed: list[int] = []
    try:
        for run in range(1, options.runs + 1):
            start = time.perf_counter()
            done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *options.tests],
                                  cwd=ROOT, capture_output=True, text=True)
            seconds.append(time.perf_counter() - start)
            last = (done.stdout.strip().splitlines() or ["(no output)"])[-1]
            print(f"run {run:>2}: {'pass' if done.returncode == 0 else 'FAIL'} in {seconds[-1]:.1f} s  {last}",
                  flush=True)
            if done.returncode != 0:
                failed.append(run)
                print(done.stdout[-3000:], flush=True)
    finally:
        for loop in busy:        # only the loops this script started, by their own handles
            loop.kill()
            loop.wait()
    print(f"{options.runs - len(failed)} of {options.runs} runs passed with {options.busy} busy loops beside them; "
          f"median {statistics.median(seconds):.1f} s, longest {max(seconds):.1f} s a run"
          + (f"; failed runs: {failed}" if failed else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
