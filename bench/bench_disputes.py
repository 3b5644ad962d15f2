"""Many disputes in one hand (reliability audit 3, N14): the time per dispute and the journal size.

A `floorman table` session (nl 2/5 cash, 6 seats) where seat 1 asks for a count of the pot again and
again in one hand, each dispute ruled and recorded in a fresh journal, as the table does.

1. One hand of N disputes (default 600): the total time, the median time of the disputes around the
   10th and around the Nth, and the journal's size on disk.
2. The ratio the budget is about, measured fairly on a shared machine: two hands, one with 9
   disputes so far and one with N-1, take a dispute each in turn (the 10th and the Nth, then the
   11th and the N+1th...), 21 times; the ratio of their medians. Taking turns puts both under the
   same load, which a run of N disputes one after another does not.

Budget (issue 14): the Nth dispute within 2x the 10th, and 600 disputes under 5 MB of journal.
`--cli` also pipes the N lines through the real `floorman table` command (total time, journal size).

Usage: python bench/bench_disputes.py [--disputes N] [--cli]
"""

from __future__ import annotations

import argparse
import os
import shutil
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


def session_at(journal: Path, floor: object = None) -> object:
    from floorman.journal import record_ruling
    from floorman.session import TableSession

    def recorder(report_json, situation, command):
        return record_ruling(report_json, command=command, situation=situation, journal_path=journal)

    session = TableSession(recorder=recorder, floor=floor)
    session.start(SETUP)
    return session


def dispute(session: object, number: int) -> float:
    """Enter one dispute; its time in ms."""
    before = time.perf_counter()
    outcome = session.enter(DISPUTE)  # type: ignore[attr-defined]
    took = (time.perf_counter() - before) * 1000
    if not outcome.ok or not outcome.journal_ids:
        raise SystemExit(f"dispute {number} was not ruled and recorded: {outcome.error or outcome.journal_warning}")
    return took


def in_process(disputes: int, journal: Path) -> tuple[list[float], float]:
    from floorman.journal import close_all

    session = session_at(journal)
    started = time.perf_counter()
    times = [dispute(session, number + 1) for number in range(disputes)]
    total = time.perf_counter() - started
    close_all()
    return times, total


def taking_turns(disputes: int, folder: Path, rounds: int = 21) -> tuple[float, float]:
    """The median time of the 10th, 11th... dispute of one hand and of the Nth, N+1th... of another,
    entered in turn (see the module doc)."""
    from floorman.engine.floor import Floor
    from floorman.journal import close_all

    floor = Floor()
    early, late = session_at(folder / "early.sqlite3", floor), session_at(folder / "late.sqlite3", floor)
    for number in range(9):
        dispute(early, number + 1)
    for number in range(disputes - 1):
        dispute(late, number + 1)
    early_ms, late_ms = [], []
    for turn in range(rounds):
        early_ms.append(dispute(early, 10 + turn))
        late_ms.append(dispute(late, disputes + turn))
    close_all()
    return statistics.median(early_ms), statistics.median(late_ms)


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
    try:
        return run(args, folder)
    finally:
        shutil.rmtree(folder, ignore_errors=True)      # the journals (254 MB before N14 was fixed)


def run(args: argparse.Namespace, folder: Path) -> int:
    journal = folder / "in-process.sqlite3"
    times, total = in_process(args.disputes, journal)
    size = journal_bytes(journal)
    print(f"{args.disputes} disputes in one hand (`{DISPUTE}`), in process, each recorded in the journal")
    print(f"  one after another: {window(times, 10):.2f} ms around the 10th, {window(times, args.disputes):.2f} ms "
          f"around the {args.disputes}th (medians of {WINDOW}; the machine's load drifts meanwhile)")
    print(f"  total {total:.1f} s; journal {size / 2**20:.2f} MB "
          f"(budget {BUDGET_BYTES / 2**20:g} MB: {'met' if size <= BUDGET_BYTES else 'NOT met'})")
    early, late = taking_turns(args.disputes, folder)
    print(f"  taking turns: {early:.2f} ms for the 10th-30th dispute, {late:.2f} ms for the {args.disputes}th-"
          f"{args.disputes + 20}th (ratio {late / early:.2f}; budget {BUDGET_RATIO:g}x: "
          f"{'met' if late <= BUDGET_RATIO * early else 'NOT met'})")
    if args.cli:
        journal = folder / "cli.sqlite3"
        took = through_cli(args.disputes, journal)
        print(f"through `floorman table`: {took:.1f} s in all; journal {journal_bytes(journal) / 2**20:.2f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
