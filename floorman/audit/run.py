"""Audit many hand-history files, in this process or spread over processes hand by hand.

`--jobs N` spreads HANDS, not files (one file holds 735 of the 1,055 shared hands): each worker
is given (file, first hand, last hand) slices and reads the file itself, once per process, so
that no parsed hand (which carries its file's text) crosses a process boundary.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache

from floorman.audit.findings import CLASSES, HandAudit, audit_hand
from floorman.phh import PhhHand, load

CHUNK = 64     # hands per task: big enough to amortise the hop, small enough to balance 2-8 workers


@lru_cache(maxsize=32)
def _hands(path: str) -> list[PhhHand]:
    return load(path)


def _audit_slice(path: str, start: int, stop: int) -> list[HandAudit]:
    return [audit_hand(hand) for hand in _hands(path)[start:stop]]


def audit_files(paths: Sequence[str], *, jobs: int = 1,
                progress: Callable[[int, int], None] | None = None) -> list[HandAudit]:
    """Every hand of every file, audited, in file order. `progress(done, total)` after each slice.

    Files are read (and their errors raised, as InputFileError) before any hand is audited."""
    if jobs <= 1:
        # one process: each file read once, its hands audited in slices (for the progress bar)
        parsed = [load(str(path)) for path in paths]
        total = sum(len(hands) for hands in parsed)
        out: list[HandAudit] = []
        for hands in parsed:
            for start in range(0, len(hands), CHUNK):
                out.extend(audit_hand(hand) for hand in hands[start:start + CHUNK])
                if progress:
                    progress(len(out), total)
        return out
    counts = [(str(path), len(_hands(str(path)))) for path in paths]
    total = sum(n for _, n in counts)
    slices = [(path, start, min(start + CHUNK, n)) for path, n in counts for start in range(0, n, CHUNK)]
    results: list[list[HandAudit]] = [[] for _ in slices]
    done = 0
    # several processes: slices of hands; on Linux the workers are forked with the parsed files
    from concurrent.futures import ProcessPoolExecutor, as_completed

    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = {pool.submit(_audit_slice, *piece): i for i, piece in enumerate(slices)}
        for future in as_completed(futures):
            i = futures[future]
            results[i] = future.result()
            done += slices[i][2] - slices[i][1]
            if progress:
                progress(done, total)
    return [audit for chunk in results for audit in chunk]


def summary(audits: Iterable[HandAudit]) -> dict[str, dict[str, int]]:
    """file -> class -> hands, plus 'total'."""
    out: dict[str, Counter] = {}
    for audit in audits:
        for key in (audit.file, "total"):
            out.setdefault(key, Counter())[audit.cls] += 1
    return {key: {cls: counter.get(cls, 0) for cls in CLASSES} for key, counter in out.items()}
