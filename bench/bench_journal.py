"""The cost of putting a ruling on record, in-process, as a table session pays it.

Interleaved, one round at a time: (a) the ruling alone (floor.rule + its JSON), (b) the ruling
plus the journal commit (record_ruling: the table, events and incidents dumped, WAL commit with
synchronous=NORMAL), (c) Journal.record alone, and (d) the disk itself: an 8 KB write and fsync
in the same folder (what a FULL-sync commit would cost at least). Median and p99 of each, in ms.
Budget (issue 8): a ruling inside a table session, rule plus journal commit, at most 5 ms p99.

Usage: python bench/bench_journal.py [--rounds N] [--dir FOLDER]
(FOLDER: where the scratch journal goes; give one on the disk the real journal lives on.)
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
CASES = {
    "betting": ROOT / "scenarios" / "betting" / "ymtc-1-silent-big-chip.yaml",
    "showdown": ROOT / "scenarios" / "showdown" / "ymtc-5-board-plays.yaml",
}
BUDGET_P99_MS = 5.0


def p99(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def describe(name: str, samples: list[float]) -> str:
    return f"{name}: median {statistics.median(samples):.2f} ms, p99 {p99(samples):.2f} ms, max {max(samples):.2f} ms"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=500)
    parser.add_argument("--runs", type=int, default=None, help="(run_all.py passes --runs: ignored)")
    parser.add_argument("--dir", type=Path, default=None)
    args = parser.parse_args()

    from floorman.engine.floor import Floor
    from floorman.journal import Journal, close_all, record_ruling
    from floorman.rulebook.loader import load_rulebook
    from floorman.scenarios import load_scenario, rules_for

    folder = Path(tempfile.mkdtemp(prefix="floorman-bench-journal-", dir=args.dir))
    path = folder / "journal.sqlite3"
    print(f"scratch journal: {path}; {args.rounds} interleaved rounds per case")
    floor = Floor(load_rulebook())
    verdicts = []
    try:
        for case, file in CASES.items():
            scenario = load_scenario(file)
            chosen, options = rules_for(scenario, floor.rulebook, profile=None, house=None)
            situation = scenario.situation(chosen, options)
            ruling_only, ruling_and_commit, commit_only, disk = [], [], [], []
            probe = os.open(folder / "fsync-probe", os.O_WRONLY | os.O_CREAT, 0o600)
            report = floor.rule(situation).to_json()
            record_ruling(report, command="table", situation=situation, journal_path=path)   # warm: open
            journal = Journal.open(path)
            payload = dict(command="table", profile=report["profile"], table=situation.table.model_dump(mode="json"),
                           events=[e.model_dump(mode="json") for e in situation.events],
                           incidents=[i.model_dump(mode="json") for i in situation.incidents],
                           rulings=report["rulings"], pots=report["pots"], hands=report["hands"])
            for _ in range(args.rounds):
                started = time.perf_counter()
                floor.rule(situation).to_json()
                ruling_only.append((time.perf_counter() - started) * 1000)

                started = time.perf_counter()
                report = floor.rule(situation).to_json()
                entry_id, warning = record_ruling(report, command="table", situation=situation, journal_path=path)
                ruling_and_commit.append((time.perf_counter() - started) * 1000)
                if warning:
                    print(warning)
                    return 1

                started = time.perf_counter()
                journal.record(**payload)
                commit_only.append((time.perf_counter() - started) * 1000)

                started = time.perf_counter()
                os.pwrite(probe, b"x" * 8192, 0)
                os.fsync(probe)
                disk.append((time.perf_counter() - started) * 1000)
            journal.close()
            os.close(probe)
            print(f"[{case}] " + describe("rule alone", ruling_only))
            print(f"[{case}] " + describe("rule + journal commit", ruling_and_commit))
            print(f"[{case}] " + describe("Journal.record alone", commit_only))
            print(f"[{case}] " + describe("the disk: 8 KB write + fsync", disk))
            met = p99(ruling_and_commit) <= BUDGET_P99_MS
            verdicts.append(met)
            print(f"[{case}] budget: rule + journal commit p99 <= {BUDGET_P99_MS:g} ms: {'met' if met else 'NOT met'}")
    finally:
        close_all()
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
