"""Quiz quality: how often the validator (floorman/training/validate.py) refuses a generated question,
per template and real-hand family, and how the distractors stand.

1. Refusals: questions generated from every source (templates, real hands, bundled rulings) over
   several seeds, with the generator's count of the questions each check refused (it draws
   again); the target is under 1% per family. A family at or above it is flagged.
2. The generator's raw output (validator off): questions with an impossible deal, an unknown chip,
   a sentinel or implausible stack, a dangling "As before", a wrong marked answer, a bad
   distractor, a distractor of another kind, engine words: what the validator would have caught.
3. Distractors over a sample of questions (default 200, mixed sources): per template, the wrong
   choices, how many answer another question than the ruling (target 0), and how many carry
   generic feedback (the same words as another mistake's, or not naming the rule broken).

    .venv/bin/python bench/bench_quiz_checks.py                 # 3 seeds, 2,000 + 700 + 300 each
    .venv/bin/python bench/bench_quiz_checks.py --seeds 1 2 --sample 200
"""

from __future__ import annotations

import argparse
import collections
import time

SOURCES = {"template": 2000, "real": 700, "scenario": 300}
TARGET = 0.01


def _refusals(floor, seeds: list[int], scale: float) -> None:
    from floorman.training.generator import Refusals, family_of, generate
    from floorman.training.validate import CHECKS

    refusals = Refusals()
    shown: collections.Counter = collections.Counter()
    start = time.perf_counter()
    for source, count in SOURCES.items():
        for seed in seeds:
            for q in generate(seed=seed, count=int(count * scale), source=source, floor=floor, refusals=refusals):
                shown[family_of(q)] += 1
    took = time.perf_counter() - start
    total = sum(shown.values())
    print(f"1. Refusals: {total:,} questions shown, {sum(refusals.checked.values()):,} checked, seeds {seeds} "
          f"({took:.0f} s)")
    width = max(len(f) for f in shown) + 2
    print(f"   {'family':{width}} {'shown':>6} {'checked':>8} " + " ".join(f"{c[:8]:>8}" for c in CHECKS) + "  refused")
    flagged = []
    for family in sorted(shown, key=lambda f: (f.startswith("real:"), f == "bundled", f)):
        counts = [refusals.refused[family, check] for check in CHECKS]
        rate = refusals.rate(family)
        mark = "  <- at or above 1%" if rate >= TARGET else ""
        if rate >= TARGET:
            flagged.append(family)
        print(f"   {family:{width}} {shown[family]:>6} {refusals.checked[family]:>8} "
              + " ".join(f"{n:>8}" for n in counts) + f"  {100 * rate:5.2f}%{mark}")
    listed = f" ({', '.join(flagged)})" if flagged else ""
    print(f"   families at or above 1%: {len(flagged)} of {len(shown)}{listed}")
    for (family, check), example in sorted(refusals.examples.items()):
        print(f"   e.g. {family} / {check}: {example}")


def _raw(floor, seeds: list[int], scale: float) -> None:
    from floorman.training.generator import generate
    from floorman.training.validate import problems

    labels = {"deal": "impossible deals", "chips": "unknown chips or wrong sums", "stacks": "sentinel or "
              "implausible stacks", "self-contained": "dangling 'As before'", "answer": "marked answer not the "
              "ruling", "distractors": "distractor not its mistake's, or the answer", "kind": "distractor of "
              "another kind", "wording": "engine words"}
    found: collections.Counter = collections.Counter()
    total = 0
    for source, count in SOURCES.items():
        for seed in seeds:
            previous = None
            for q in generate(seed=seed, count=int(count * scale), source=source, floor=floor, validate=False):
                total += 1
                for check in {p.check for p in problems(q, floor=floor, previous=previous)}:
                    found[check] += 1
                previous = q
    print(f"\n2. The generator's raw output (validator off), {total:,} questions: questions with")
    for check, label in labels.items():
        print(f"   {label:48} {found[check]:>6}")


def _distractors(floor, sample: int, seed: int) -> None:
    from floorman.training import MISTAKES, generate
    from floorman.training.generator import family_of, mistake_feedback
    from floorman.training.validate import case_of, other_kind

    rows: dict[str, list[int]] = collections.defaultdict(lambda: [0, 0, 0, 0])
    words: dict[str, set[str]] = collections.defaultdict(set)
    feedback: list[tuple[str, str, str]] = []
    for q in generate(seed=seed, count=sample, floor=floor):
        family = family_of(q)
        row = rows[family]
        row[0] += 1
        if q.kind != "choice":
            continue
        case = case_of(q)
        wrong = [c for c in q.choices if not c.correct]
        row[1] += len(wrong)
        row[2] += len(other_kind(q, case))
        for choice in wrong:
            words[MISTAKES[choice.mistake].description].add(choice.mistake)
            feedback.append((family, choice.mistake, mistake_feedback(q, choice.mistake, case)))
    for family, mistake, text in feedback:
        rows[family][3] += len(words[MISTAKES[mistake].description]) > 1 or "It breaks " not in text
    print(f"\n3. Distractors over {sample} questions (seed {seed}), per template (real hands: real:<kind>):")
    width = max(len(t) for t in rows) + 2
    print(f"   {'template':{width}} {'questions':>9} {'wrong':>6} {'other kind':>10} {'generic':>8}")
    for template in sorted(rows):
        q, wrong, other, generic = rows[template]
        print(f"   {template:{width}} {q:>9} {wrong:>6} {other:>10} {generic:>8}")
    totals = [sum(r[i] for r in rows.values()) for i in range(4)]
    print(f"   {'all':{width}} {totals[0]:>9} {totals[1]:>6} {totals[2]:>10} {totals[3]:>8}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--scale", type=float, default=1.0, help="questions per source and seed, times this")
    parser.add_argument("--sample", type=int, default=200, help="questions sampled for the distractor table")
    parser.add_argument("--skip-raw", action="store_true", help="leave out part 2")
    args = parser.parse_args()
    from floorman.engine.floor import Floor

    floor = Floor()
    _refusals(floor, args.seeds, args.scale)
    if not args.skip_raw:
        _raw(floor, args.seeds, args.scale)
    _distractors(floor, args.sample, args.seeds[0])


if __name__ == "__main__":
    main()
