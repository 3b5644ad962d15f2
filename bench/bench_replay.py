"""Replay throughput: every real hand in shared/data/phh through floorman and through pokerkit.

    .venv/bin/python bench/bench_replay.py [--runs 7] [--json]
    .venv/bin/python bench/bench_replay.py --against /tmp/old_phh/old_phh.py [--runs 11]

Two figures for each library, hands per second, over the same 1,055 hands:

* end to end: from the .phhs text to the final stacks (floorman: `floorman.phh.read_hands` +
  `replay_hand`, pots awarded; pokerkit: `HandHistory.loads_all` + iterating every state);
* replay only: the hands already parsed (floorman `PhhHand`s, pokerkit `HandHistory`s).

Runs alternate floorman / pokerkit so that both see the same machine load; the figures quoted
are medians over the runs, and the ratio is the median of the per-run ratios. As `timeit` does,
garbage collection is off inside each timed run. Target (issue 9): floorman at least 5x pokerkit
end to end. The spread of the per-run ratios is printed too (the machine may be shared).

`--against FILE` compares this checkout's reader with another version of it (a copy of an
older `floorman/phh.py`, or of a module of the package that exports `read_hands` and
`replay_hand`), end to end: each run times the other version, this one and pokerkit, the first
two in alternating order, so that a change is measured against its predecessor under the same load.
These runs count CPU time (`time.process_time`): on a shared machine, wall time mostly measures
the other processes.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import statistics
import sys
import time
import warnings
from collections.abc import Callable
from typing import Any

from peer import DATA, pokerkit_end_to_end, timed

TARGET = 5.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="timed runs of each library (default 7, at least 5)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--against", metavar="FILE",
                        help="another version of the reader to compare with, end to end (a .py file)")
    args = parser.parse_args(argv)
    args.runs = max(args.runs, 5)
    files = sorted(DATA.glob("*.phhs"))
    if not files:
        print(f"no hand histories in {DATA}: nothing to benchmark")
        return 0
    texts = [(str(path), path.read_text(encoding="utf-8")) for path in files]
    if args.against:
        return compare(args.against, texts, args.runs, args.json)

    import pokerkit

    from floorman import phh

    warnings.simplefilter("ignore")   # pokerkit warns about unknown fields and needless folds

    floorman_end_to_end = reader_end_to_end(phh, texts)

    def pokerkit_texts_end_to_end() -> int:
        return pokerkit_end_to_end(text for _, text in texts)

    floorman_hands = [hand for source, text in texts for hand in phh.read_hands(text, source=source)]
    pokerkit_histories = [history for _, text in texts for history in pokerkit.HandHistory.loads_all(text)]

    def floorman_replay() -> int:
        for hand in floorman_hands:
            phh.replay_hand(hand)
        return len(floorman_hands)

    def pokerkit_replay() -> int:
        for history in pokerkit_histories:
            for _state in history:
                pass
        return len(pokerkit_histories)


    # warm up: imports, lookup tables, evaluator caches
    floorman_end_to_end()
    pokerkit_texts_end_to_end()

    figures: dict[str, dict[str, list[float]]] = {}
    for label, pair in (("end to end", (floorman_end_to_end, pokerkit_texts_end_to_end)),
                        ("replay only", (floorman_replay, pokerkit_replay))):
        rates: dict[str, list[float]] = {"floorman": [], "pokerkit": [], "ratio": []}
        for _ in range(args.runs):
            n_f, t_f = timed(pair[0])
            n_p, t_p = timed(pair[1])
            rates["floorman"].append(n_f / t_f)
            rates["pokerkit"].append(n_p / t_p)
            rates["ratio"].append((n_f / t_f) / (n_p / t_p))
        figures[label] = rates

    hands = len(floorman_hands)
    summary = {label: {name: statistics.median(values) for name, values in rates.items()}
               for label, rates in figures.items()}
    if args.json:
        print(json.dumps({"hands": hands, "runs": args.runs, "median": summary,
                          "runs_detail": figures}, indent=2))
    else:
        print(f"replay benchmark: {hands} real hands from {DATA}, {args.runs} alternating runs, medians")
        for label, values in summary.items():
            ratios = figures[label]["ratio"]
            print(f"  {label:12s} floorman {values['floorman']:8.0f} hands/s   "
                  f"pokerkit {values['pokerkit']:8.0f} hands/s   ratio {values['ratio']:.2f}x "
                  f"(runs {min(ratios):.2f}x-{max(ratios):.2f}x)")
        verdict = "meets" if summary["end to end"]["ratio"] >= TARGET else "MISSES"
        print(f"  end-to-end ratio {summary['end to end']['ratio']:.2f}x {verdict} the {TARGET:.0f}x target")
    return 0


def reader_end_to_end(reader: Any, texts: list[tuple[str, str]]) -> Callable[[], int]:
    """A run of a version of the reader (a module with `read_hands` and `replay_hand`) over the
    texts, from the text to the final stacks; it returns the number of hands."""
    def run() -> int:
        count = 0
        for source, text in texts:
            for hand in reader.read_hands(text, source=source):
                reader.replay_hand(hand)
                count += 1
        return count
    return run


def compare(other_file: str, texts: list[tuple[str, str]], runs: int, as_json: bool) -> int:
    """End to end, interleaved: the other version of the reader, this one, and pokerkit."""
    from floorman import phh

    spec = importlib.util.spec_from_file_location("phh_other_version", other_file)
    if spec is None or spec.loader is None:
        print(f"cannot load {other_file}")
        return 2
    other = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = other       # (dataclasses look their module up while it runs)
    spec.loader.exec_module(other)
    warnings.simplefilter("ignore")

    versions = {"before": reader_end_to_end(other, texts), "after": reader_end_to_end(phh, texts)}
    for run in versions.values():      # warm up
        run()
    pokerkit_end_to_end(text for _, text in texts)
    rates: dict[str, list[float]] = {"before": [], "after": [], "pokerkit": []}
    for i in range(runs):
        order = ("before", "after") if i % 2 == 0 else ("after", "before")
        for name in order:
            n, t = timed(versions[name], time.process_time)
            rates[name].append(n / t)
        n, t = timed(lambda: pokerkit_end_to_end(text for _, text in texts), time.process_time)
        rates["pokerkit"].append(n / t)
    ratios = {name: [r / p for r, p in zip(rates[name], rates["pokerkit"])] for name in ("before", "after")}
    after_vs_before = [a / b for a, b in zip(rates["after"], rates["before"])]
    median = statistics.median
    if as_json:
        print(json.dumps({"runs": runs, "rates": rates, "ratio_vs_pokerkit": ratios,
                          "after_vs_before": after_vs_before}, indent=2))
        return 0
    print(f"end to end, CPU time, {runs} interleaved runs, medians (before: {other_file})")
    for name in ("before", "after"):
        print(f"  {name:8s} {median(rates[name]):8.0f} hands/s   ratio vs pokerkit {median(ratios[name]):.2f}x "
              f"(runs {min(ratios[name]):.2f}x-{max(ratios[name]):.2f}x)")
    print(f"  pokerkit {median(rates['pokerkit']):8.0f} hands/s")
    print(f"  after / before {median(after_vs_before):.3f} "
          f"(runs {min(after_vs_before):.3f}-{max(after_vs_before):.3f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
