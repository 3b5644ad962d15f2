"""What the replay benchmarks share: a timed run, and pokerkit's end-to-end replay as the peer."""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Iterable


def timed(function: Callable[[], int]) -> tuple[int, float]:
    """(hands, seconds) of one run; as timeit does, no garbage collection inside the timed run
    (both libraries alike)."""
    gc.collect()
    gc.disable()
    try:
        start = time.perf_counter()
        count = function()
        return count, time.perf_counter() - start
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
