"""The audit at scale: N hands (default 1,000,000) generated as a stream, audited with --jobs 1,
--jobs 2 and on a 2-worker local Dask cluster; hands/s, the ratio to --jobs 1, and the peak
memory (RSS) of each process. Not in CI, not in run_all.py by default: at --jobs 1 a million
hands take about half an hour on a loaded 2-core box.

    .venv/bin/python bench/bench_audit_scale.py [--hands 1000000] [--runs 1] [--modes jobs1 jobs2 dask] [--json]

The stream: the 1,055 shared hands (../shared/data/phh) over and over, each section renamed so
every hand has a name of its own, cut into "files" of 10,000 hands and pieces as the audit cuts
a real file (floorman.audit.reading): nothing is written to disk (a million hands are about
600 MB of text). Each mode runs in a fresh process, so each peak is its own: the process that
reads and reports (the client), and the largest of its worker processes (--jobs 2's pool, the
Dask workers). With --runs R the modes take turns R times and the figures are medians. Besides
the wall clock, the CPU time of every process (client and workers) per hand: on a box shared
with other work the wall clock says as much about the neighbours as about the audit, the CPU
time does not. Targets: under 200 MB per process at any number of hands; Dask within 15% of
--jobs 2 on the same 2 cores.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator

from peer import DATA

HANDS_PER_FILE = 10_000
MODES = ("jobs1", "jobs2", "dask")
MEMORY_TARGET_MB = 200
DASK_OVERHEAD_TARGET = 0.15


def shared_sections() -> list[bytes]:
    """The body (fields, without the header) of every shared hand."""
    from floorman.audit.reading import sections

    bodies = []
    for path in sorted(DATA.glob("*.phhs")):
        with open(path, "rb") as stream:
            for section in sections(stream):
                bodies.append(section.text[section.text.index(b"\n") + 1:])
    return bodies


def stream(hands: int, per_piece: int) -> Iterator:
    """`hands` hands as pieces of `per_piece`, each section named after its place in its file."""
    from floorman.audit.reading import Piece

    bodies = shared_sections()
    made, line = 0, 1
    while made < hands:
        file_number, first = divmod(made, HANDS_PER_FILE)
        if first == 0:
            line = 1
        count = min(per_piece, hands - made, HANDS_PER_FILE - first)
        parts = [b"[%d]\n" % (n % HANDS_PER_FILE + 1) + bodies[n % len(bodies)] for n in range(made, made + count)]
        text = b"".join(parts)
        yield Piece(f"stream-{file_number:05d}.phhs", line, text)
        line += text.count(b"\n")
        made += count


def peak_mb(who: int) -> float:
    return resource.getrusage(who).ru_maxrss / 1024      # Linux: KiB


def cpu_seconds(who: int = resource.RUSAGE_SELF) -> float:
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime


def run_mode(mode: str, hands: int) -> dict:
    """One mode in this process: (hands, seconds, peak MB of this process and of its largest child)."""
    from floorman.audit import audit_pieces
    from floorman.audit.reading import HANDS_PER_PIECE

    done = 0
    classes: dict[str, int] = {}
    if mode == "dask":
        import dask
        from distributed import Client, LocalCluster

        from floorman.audit.cluster import HANDS_PER_TASK, audit_on_cluster, limit_message_logs

        limit_message_logs()         # the scheduler runs in this process, as the client does
        dask.config.set({"distributed.worker.profile.enabled": False})    # as docs/audit.md starts workers
        with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
                Client(cluster) as client:
            before = cpu_seconds() + sum(client.run(cpu_seconds).values())
            start = time.perf_counter()
            for result in audit_on_cluster(stream(hands, HANDS_PER_TASK), client):
                done += 1
                classes[result.cls] = classes.get(result.cls, 0) + 1
            seconds = time.perf_counter() - start
            cpu = cpu_seconds() + sum(client.run(cpu_seconds).values()) - before
            child = max(client.run(peak_mb, resource.RUSAGE_SELF).values())
    else:
        jobs = 1 if mode == "jobs1" else 2
        before = cpu_seconds()
        start = time.perf_counter()
        for result in audit_pieces(stream(hands, HANDS_PER_PIECE), jobs=jobs):
            done += 1
            classes[result.cls] = classes.get(result.cls, 0) + 1
        seconds = time.perf_counter() - start
        cpu = cpu_seconds() + cpu_seconds(resource.RUSAGE_CHILDREN) - before    # the pool is shut down: reaped
        child = peak_mb(resource.RUSAGE_CHILDREN) if jobs > 1 else None
    return {"mode": mode, "hands": done, "seconds": seconds, "hands_per_s": done / seconds,
            "cpu_ms_per_hand": 1000 * cpu / done, "peak_mb_client": peak_mb(resource.RUSAGE_SELF),
            "peak_mb_worker": child, "classes": classes}


def median_run(mode_runs: list[dict]) -> dict:
    """The run of median speed, with the median of each figure (peaks: the highest)."""
    out = dict(sorted(mode_runs, key=lambda run: run["hands_per_s"])[len(mode_runs) // 2])
    for name in ("hands_per_s", "seconds", "cpu_ms_per_hand"):
        out[name] = statistics.median(run[name] for run in mode_runs)
    for name in ("peak_mb_client", "peak_mb_worker"):
        values = [run[name] for run in mode_runs if run[name] is not None]
        out[name] = max(values) if values else None
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000, help="hands to audit (default 1,000,000)")
    parser.add_argument("--runs", type=int, default=1, help="rounds of the modes taking turns (medians)")
    parser.add_argument("--modes", nargs="+", choices=MODES, default=list(MODES))
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--one", choices=MODES, help=argparse.SUPPRESS)    # run one mode here (a child)
    args = parser.parse_args(argv)
    if not any(DATA.glob("*.phhs")):
        print(f"no hand histories in {DATA}: nothing to benchmark")
        return 0
    if args.one:
        print(json.dumps(run_mode(args.one, args.hands)))
        return 0
    runs: dict[str, list[dict]] = {mode: [] for mode in args.modes}
    for _ in range(max(args.runs, 1)):
        for mode in args.modes:      # each in a fresh process: its peak memory is its own
            child = subprocess.run([sys.executable, __file__, "--hands", str(args.hands), "--one", mode],
                                   capture_output=True, text=True)
            if child.returncode != 0:
                print(f"{mode} failed:\n{child.stderr[-3000:]}", file=sys.stderr)
                return 1
            runs[mode].append(json.loads(child.stdout.splitlines()[-1]))
    figures = [median_run(mode_runs) for mode_runs in runs.values()]
    by_mode = {f["mode"]: f for f in figures}
    base = by_mode.get("jobs1", {}).get("hands_per_s")
    for f in figures:
        f["ratio_to_jobs1"] = f["hands_per_s"] / base if base else None
    if "dask" in by_mode and "jobs2" in by_mode:
        overhead = 1 - by_mode["dask"]["hands_per_s"] / by_mode["jobs2"]["hands_per_s"]
        cpu_overhead = by_mode["dask"]["cpu_ms_per_hand"] / by_mode["jobs2"]["cpu_ms_per_hand"] - 1
    else:
        overhead = cpu_overhead = None
    if args.json:
        print(json.dumps({"hands": args.hands, "runs": args.runs, "modes": figures, "dask_overhead_vs_jobs2": overhead,
                          "dask_cpu_overhead_vs_jobs2": cpu_overhead}, indent=2))
        return 0
    print(f"audit at scale: {args.hands:,} hands (the shared hands repeated, renamed), generated as a stream; "
          f"{args.runs} run{'s' if args.runs != 1 else ''} of each mode, medians")
    print(f"  {'mode':<8}{'hands/s':>10}{'vs jobs1':>10}{'seconds':>10}{'CPU ms/hand':>13}{'client MB':>11}"
          f"{'worker MB':>11}")
    for f in figures:
        ratio = f"{f['ratio_to_jobs1']:.2f}x" if f["ratio_to_jobs1"] else "-"
        worker = f"{f['peak_mb_worker']:.0f}" if f["peak_mb_worker"] else "-"
        print(f"  {f['mode']:<8}{f['hands_per_s']:>10,.0f}{ratio:>10}{f['seconds']:>10.1f}{f['cpu_ms_per_hand']:>13.3f}"
              f"{f['peak_mb_client']:>11.0f}{worker:>11}")
    peaks = [p for f in figures for p in (f["peak_mb_client"], f["peak_mb_worker"]) if p]
    verdict = "meets" if max(peaks) < MEMORY_TARGET_MB else "MISSES"
    print(f"  peak memory {max(peaks):.0f} MB per process: {verdict} the {MEMORY_TARGET_MB} MB target")
    if overhead is not None:
        verdict = "meets" if overhead < DASK_OVERHEAD_TARGET else "MISSES"
        print(f"  Dask overhead against --jobs 2: {overhead:.1%} of the wall clock ({verdict} the "
              f"{DASK_OVERHEAD_TARGET:.0%} target), {cpu_overhead:+.1%} CPU time per hand")
    classes = {f["mode"]: f["classes"] for f in figures}
    if len({json.dumps(c, sort_keys=True) for c in classes.values()}) > 1:
        print(f"  the modes disagree on the classes: {classes}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
