"""Quiz generation throughput: questions per second, each with the engine's ruling, one process.

Medians of interleaved runs (different seeds each run, the floor and the hands loaded once)."""

from __future__ import annotations

import argparse
import statistics
import time


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    from floorman.engine.floor import Floor
    from floorman.training import generate

    floor = Floor()
    list(generate(seed=0, count=300, floor=floor))        # warm: compile the engines, read the hands
    rates: dict[str, list[float]] = {"mixed": [], "template": [], "real": []}
    for run in range(args.runs):
        for source in rates:             # interleaved: each run measures every source in turn
            start = time.perf_counter()
            made = sum(1 for q in generate(seed=1000 + run, count=args.count, floor=floor, source=source)
                       if q.ruling is not None)
            rates[source].append(made / (time.perf_counter() - start))
    for source, values in rates.items():
        print(f"quiz generation ({source}): {statistics.median(values):,.0f} questions/s "
              f"(median of {len(values)}, {args.count} each)")
    mixed = statistics.median(rates["mixed"])
    print(f"target 1,000/s: {'met' if mixed >= 1000 else 'NOT met'}")


if __name__ == "__main__":
    main()
