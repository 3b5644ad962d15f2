"""Many disputes in one hand (reliability audit 3, N14): the time per dispute and the journal size.

A `floorman table` session (nl 2/5 cash, 6 seats) where seat 1 asks for a count of the pot again and
again in one hand, each dispute ruled and recorded in a fresh journal, as the table does. Prints
the time per dispute around the 10th and around the last (the median of 9 disputes each), their
ratio, the total time and the journal's size on disk.

Budget (issue 14): the last dispute's time within 2x the 10th's, and 600 disputes under 5 MB of
journal. `--cli` pipes the same lines through the real `floorman table` command instead (one
run: the total time and the journal size; the per-dispute times are the in-process run's).

Usage: python bench/bench_disputes.py [--disputes N] [--cli]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

SETUP = "nl 2/5 cash 6 seats 500"
DISPUTE = "s1 asks count-pot"
BUDGET_RATIO = 2.0
BUDGET_BYTES = 5 * 2**20


def journal_bytes(journal: Path) -> int:
    """The journal with its write-ahead log: what the disk holds."""
    return sum(path.stat().st_size for path in journal.parent.glob(journal.name + "*"))


def in_process(disputes: int, journal: Path) -> tuple[list[float], float]:
    from floorman.journal import close_all, record_ruling
    from floorman.session import TableSession

    def recorder(report_json, situation, command):
        return record_ruling(report_json, command=command, situation=situation, journal_path=journal)

    session = TableSession(recorder=recorder)
    session.start(SETUP)
    times = []
    started = time.perf_counter()
    for number in range(disputes):
        before = time.perf_counter()
        outcome = session.enter(DISPUTE)
        times.append((time.perf_counter() - before) * 1000)
        if not outcome.ok or not outcome.journal_ids:
            why = outcome.error or outcome.journal_warning
            raise SystemExit(f"dispute {number + 1} was not ruled and recorded: {why}")
    total = time.perf_counter() - started
    close_all()
    return times, total


def through_cli(disputes: int, journal: Path) -> float:
    floorman = Path(sys.executable).with_name("floorman")
    lines = "\n".join([SETUP] + [DISPUTE] * disputes) + "\n"
    env = {**os.environ, "FLOORMAN_HISTORY": "off", "COLUMNS": "100"}
    started = time.perf_counter()
    done = subprocess.run([str(floorman), "table", "--journal", str(journal)], input=lines, text=True,
                          capture_output=True, env=env)
    took = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"floorman table failed (exit {done.returncode}): {done.stdout[-500:]}{done.stderr[-500:]}")
    return took


WINDOW = 9      # disputes 6-14 around the 10th: the first few build the rule engine


def window(times: list[float], around: int) -> float:
    """The median time of the WINDOW disputes around dispute `around` (1-based)."""
    start = max(0, min(len(times) - WINDOW, around - 1 - WINDOW // 2))
    return statistics.median(times[start:start + WINDOW])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--disputes", type=int, default=600, help="disputes in the hand (default 600)")
    parser.add_argument("--cli", action="store_true", help="also pipe the lines through `floorman table`")
    args = parser.parse_args()
    if args.disputes < 20:
        parser.error("--disputes: at least 20")
    folder = Path(tempfile.mkdtemp(prefix="floorman-bench-disputes-"))

    journal = folder / "in-process.sqlite3"
    times, total = in_process(args.disputes, journal)
    early, late = window(times, 10), window(times, args.disputes)
    size = journal_bytes(journal)
    print(f"{args.disputes} disputes in one hand (`{DISPUTE}`), in process, each recorded in the journal")
    print(f"  per dispute: {early:7.2f} ms around the 10th, {late:7.2f} ms around the {args.disputes}th "
          f"(ratio {late / early:.2f}; budget {BUDGET_RATIO:g}x: "
          f"{'met' if late <= BUDGET_RATIO * early else 'NOT met'})")
    print(f"  total {total:.1f} s; journal {size / 2**20:.2f} MB "
          f"(budget {BUDGET_BYTES / 2**20:g} MB: {'met' if size <= BUDGET_BYTES else 'NOT met'})")
    if args.cli:
        journal = folder / "cli.sqlite3"
        took = through_cli(args.disputes, journal)
        print(f"through `floorman table`: {took:.1f} s in all; journal {journal_bytes(journal) / 2**20:.2f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
