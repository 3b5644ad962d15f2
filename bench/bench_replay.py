"""Replay throughput: every real hand in shared/data/phh through floorman and through pokerkit.

    .venv/bin/python bench/bench_replay.py [--runs 7] [--json]

Two figures for each library, hands per second, over the same 1,055 hands:

* end to end: from the .phhs text to the final stacks (floorman: `floorman.phh.read_hands` +
  `replay_hand`, pots awarded; pokerkit: `HandHistory.loads_all` + iterating every state);
* replay only: the hands already parsed (floorman `PhhHand`s, pokerkit `HandHistory`s).

Runs alternate floorman / pokerkit so that both see the same machine load; the figures quoted
are medians over the runs, and the ratio is the median of the per-run ratios. As `timeit` does,
garbage collection is off inside each timed run. Target (issue 9): floorman at least 5x pokerkit
end to end. The spread of the per-run ratios is printed too (the machine may be shared).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import warnings

from peer import DATA, pokerkit_end_to_end, timed

TARGET = 5.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="timed runs of each library (default 7, at least 5)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    args.runs = max(args.runs, 5)
    files = sorted(DATA.glob("*.phhs"))
    if not files:
        print(f"no hand histories in {DATA}: nothing to benchmark")
        return 0
    texts = [(str(path), path.read_text(encoding="utf-8")) for path in files]

    import pokerkit

    from floorman import phh

    warnings.simplefilter("ignore")   # pokerkit warns about unknown fields and needless folds

    def floorman_end_to_end() -> int:
        count = 0
        for source, text in texts:
            for hand in phh.read_hands(text, source=source):
                phh.replay_hand(hand)
                count += 1
        return count

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


if __name__ == "__main__":
    sys.exit(main())
