"""What the replay benchmarks share: the hands, a timed run, and pokerkit's end-to-end replay as the peer."""

from __future__ import annotations

import gc
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
#: the 1,055 real hands beside the repository (../shared/data/phh)
DATA = REPO.parent / "shared" / "data" / "phh"
sys.path.insert(0, str(REPO))        # the benchmarks run from a checkout, floorman installed or not


def timed(function: Callable[[], int], clock: Callable[[], float] = time.perf_counter) -> tuple[int, float]:
    """(hands, seconds) of one run; as timeit does, no garbage collection inside the timed run
    (both libraries alike). `clock=time.process_time` counts this process's CPU time only."""
    gc.collect()
    gc.disable()
    try:
        start = clock()
        count = function()
        return count, clock() - start
    finally:
        gc.enable()


def pokerkit_end_to_end(texts: Iterable[str]) -> int:
    """pokerkit parses each PHHS text and walks every state of every hand; the number of hands."""
    import pokerkit

    count = 0
    for text in texts:
        for history in pokerkit.HandHistory.loads_all(text):
            for _state in history:
                pass
            count += 1
    return count
