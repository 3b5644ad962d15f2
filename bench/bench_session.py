"""A ruling inside a `table` session: Floor.rule plus the journal commit, in one warm process.

Every bundled betting scenario is loaded once and ruled once (the warm-up: rulebook loaded, rule
engine built, journal open, as in a session after its first ruling); then the scenarios are ruled
round after round, interleaved, each ruling recorded with journal.record_ruling in a temporary
journal (committed in WAL mode, as `table` does). Prints p50/p99 of rule + journal, and of each
part on its own.

Budget (issue 8): rule + journal commit at most 5 ms p99.
Usage: python bench/bench_session.py [--rounds N]
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

BUDGET_P99_MS = 5.0


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=100, help="rounds over the scenarios (default 100)")
    args = parser.parse_args()

    from floorman.engine.floor import Floor
    from floorman.rulebook.loader import load_rulebook
    from floorman.scenarios import load_scenario, rules_for

    try:
        from floorman.journal import close_all, record_ruling
    except ImportError:             # the journal package not there yet: rule only, and say so
        record_ruling = None  # type: ignore[assignment]
        close_all = None  # type: ignore[assignment]

    floor = Floor(load_rulebook())
    situations = []
    for path in sorted((ROOT / "scenarios" / "betting").glob("*.yaml")):
        scenario = load_scenario(path)
        chosen, options = rules_for(scenario, floor.rulebook)
        situations.append((path.name, scenario.situation(chosen, options)))
    journal = Path(tempfile.mkdtemp(prefix="floorman-bench-")) / "journal.sqlite3"

    def rule_and_record(situation) -> tuple[float, float]:
        started = time.perf_counter()
        # a fresh Situation each time, as each new line at the table makes one: nothing cached
        # from the last ruling (the hand is replayed)
        situation = dataclasses.replace(situation)
        report = floor.rule(situation)
        ruled = time.perf_counter()
        if record_ruling is not None:
            entry, warning = record_ruling(report.to_json(), command="table", situation=situation,
                                           journal_path=journal)
            if entry is None:
                raise SystemExit(f"the journal refused the ruling: {warning}")
        return (ruled - started) * 1000, (time.perf_counter() - ruled) * 1000

    for _, situation in situations:          # warm-up: the engine built, the journal open
        rule_and_record(situation)
    rule_ms, journal_ms, total_ms = [], [], []
    for _ in range(args.rounds):
        for _, situation in situations:
            ruling, recording = rule_and_record(situation)
            rule_ms.append(ruling)
            journal_ms.append(recording)
            total_ms.append(ruling + recording)
    if close_all is not None:
        close_all()

    print(f"{len(situations)} betting scenarios x {args.rounds} rounds = {len(total_ms)} rulings, interleaved")
    for name, samples in (("rule", rule_ms), ("journal commit", journal_ms), ("rule + journal", total_ms)):
        if name == "journal commit" and record_ruling is None:
            print("journal commit: floorman.journal not present, not measured")
            continue
        print(f"{name:16} p50 {statistics.median(samples):6.2f} ms   p99 {percentile(samples, 0.99):6.2f} ms   "
              f"max {max(samples):6.2f} ms")
    p99 = percentile(total_ms, 0.99)
    print(f"budget: rule + journal commit at most {BUDGET_P99_MS:.0f} ms p99: "
          f"{'met' if p99 <= BUDGET_P99_MS else 'NOT met'} ({p99:.2f} ms)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
