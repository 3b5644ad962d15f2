"""The audit on a Dask cluster: `floorman audit --scheduler ADDRESS` (the extra floorman[cluster]).

The task is the one a single machine runs (floorman.audit.run.audit_batch: a piece of a large
file, or several small files; `audit_task` wraps it), and each task carries its pieces' bytes
(floorman.audit.reading), never a path: a worker needs floorman installed, not the client's
disk. The client reads and cuts the input as it goes, keeps a few tasks per worker thread
submitted, and streams the results back as they finish (`distributed.as_completed`), so neither
side's memory grows with the number of hands.

A worker that dies mid-task: the scheduler runs its tasks again on another worker (up to
`distributed.scheduler.allowed-failures` deaths per task); a task that raises is retried
(`RETRIES`). Each future's result is taken exactly once, so no hand is lost or counted twice.
Results come in the order the pieces finish, not in input order.
"""

from __future__ import annotations

import ctypes
import functools
import uuid
from collections.abc import Iterable, Iterator
from itertools import islice
from typing import Any

import floorman
from floorman.audit.findings import HandAudit
from floorman.audit.reading import Piece, batches
from floorman.audit.run import audit_batch
from floorman.errors import FloormanError

#: Hands per piece on a cluster, and small files put together up to TASK_BYTES: a task's round
#: trip costs a few ms, a hand about 0.3 ms.
HANDS_PER_TASK = 256
TASK_BYTES = 96 << 10
IN_FLIGHT_PER_THREAD = 3         # tasks submitted per worker thread: no worker waits, memory bounded
RETRIES = 2                      # a task that raises (not a dead worker: the scheduler handles that)
CONNECT_TIMEOUT = "20s"
#: Messages each Dask connection keeps for debugging (default 1,000): every task message carries
#: a piece's bytes, so the default holds about 150 MB in the client and in the scheduler.
MESSAGE_LOG_LENGTH = 20


def limit_message_logs() -> None:
    """Keep few sent messages per connection in this process; before its clients (or a local
    cluster) are made. A `dask scheduler` is told by its environment (docs/audit.md)."""
    import dask

    dask.config.set({"distributed.admin.low-level-log-length": MESSAGE_LOG_LENGTH})


def connect(address: str) -> Any:
    """A client of the scheduler, once the workers are known to run this floorman."""
    try:
        from distributed import Client
    except ImportError:
        raise FloormanError("--scheduler needs Dask: pip install 'floorman[cluster]'", field="--scheduler") from None
    limit_message_logs()
    try:
        client = Client(address, timeout=CONNECT_TIMEOUT)
    except (OSError, TimeoutError, ValueError) as error:
        raise FloormanError(f"cannot reach the Dask scheduler at {address}: {error}", field="--scheduler") from None
    try:
        versions = client.run(worker_floorman)
    except Exception as error:  # noqa: BLE001 - whatever a worker raises on import: said, then stop
        client.close()
        raise FloormanError(f"the workers cannot run floorman ({type(error).__name__}: {error}); install "
                            "floorman[cluster] where the workers run", field="--scheduler") from None
    wrong = {worker: version for worker, version in versions.items() if version != floorman.__version__}
    if wrong:
        client.close()
        raise FloormanError(f"workers run another floorman than this {floorman.__version__}: "
                            + ", ".join(f"{worker} {version}" for worker, version in sorted(wrong.items())),
                            field="--scheduler")
    return client


def worker_floorman() -> str:
    """Run on each worker at connection: the floorman it imports."""
    return floorman.__version__


def audit_task(batch: tuple[Piece, ...]) -> list[HandAudit]:
    """The task as a worker runs it."""
    _default_trim_threshold()
    return audit_batch(batch)


@functools.cache
def _default_trim_threshold() -> None:
    """Once per worker process. Dask's nanny starts a worker with MALLOC_TRIM_THRESHOLD_=65536 so
    that glibc hands freed memory back at once; the audit allocates and frees small objects by the
    million, and that costs it 10-20% of its time (bench/bench_audit_scale.py). Its memory stays
    under 100 MB, so the threshold goes up to 128 MiB (mallopt's M_TRIM_THRESHOLD is -1)."""
    try:
        ctypes.CDLL(None).mallopt(-1, 128 << 20)
    except (OSError, AttributeError):
        pass               # not glibc: nothing to undo


def audit_on_cluster(work: Iterable[Piece], scheduler: str | Any) -> Iterator[HandAudit]:
    """Every piece audited on the cluster (an address, or a `distributed.Client` to use), results
    as they finish. Connects at once, so a scheduler that cannot be reached is an error here."""
    owned = isinstance(scheduler, str)
    client = connect(scheduler) if owned else scheduler
    return _stream(client, batches(work, TASK_BYTES), close=owned)


def _stream(client: Any, work: Iterator[tuple[Piece, ...]], *, close: bool) -> Iterator[HandAudit]:
    from distributed import as_completed

    run = uuid.uuid4().hex[:12]
    submitted = 0

    def submit(count: int) -> None:
        nonlocal submitted
        for batch in islice(work, count):
            # a key of our own: hashing the bytes to name the task would cost more than the hop
            finished.add(client.submit(audit_task, batch, key=f"floorman-audit-{run}-{submitted}",
                                       retries=RETRIES, pure=False))
            submitted += 1

    try:
        threads = max(1, sum(client.nthreads().values()))
        finished = as_completed()
        submit(threads * IN_FLIGHT_PER_THREAD)
        for future in finished:
            try:
                results = future.result()
            except Exception as error:  # noqa: BLE001 - KilledWorker, a lost scheduler: the run cannot finish
                raise FloormanError(f"the cluster could not audit a task ({type(error).__name__}: {error})",
                                    field="--scheduler") from None
            future.release()
            submit(1)
            yield from results
    finally:
        if close:
            client.close()
