"""Audit many hand histories, streaming: in this process, or spread over processes piece by piece.

The input is cut into pieces of whole hands, carried as bytes (floorman.audit.reading);
`audit_piece` audits one. In this process (`--jobs 1`) the pieces are audited in turn; in a
process pool (`--jobs N`) and on a Dask cluster (floorman.audit.cluster) the task is
`audit_batch`: one piece, or several small files together. Results stream out in input order
while later pieces are still being read, and at most a few tasks per process are in flight, so
memory stays flat whatever the number of hands. Nothing stops the run: what cannot be
read is an `unreadable` result, and every other hand is still audited.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Iterable, Iterator, Sequence

from floorman.audit.findings import CLASSES, HandAudit, audit_hand, reason, unreadable
from floorman.audit.reading import HANDS_PER_PIECE, Piece, batches, piece_sections, pieces
from floorman.errors import FloormanError
from floorman.phh import read_hands

IN_FLIGHT_PER_PROCESS = 4        # tasks queued per process: keeps every process busy, memory bounded
TASK_BYTES = 16 << 10            # a task: a piece of 64 hands, or small files together up to this


def audit_piece(piece: Piece) -> list[HandAudit]:
    """Every hand of a piece, audited, in order; a section that cannot be read is one
    `unreadable` result and the piece's other sections are still audited."""
    if piece.problem is not None:
        return [unreadable(piece.source, piece.section, piece.first_line, piece.problem)]
    out: list[HandAudit] = []
    cache: dict = {}        # what the hands of one file share (floorman.phh.unvalidated.interned)
    for section in piece_sections(piece):
        try:
            text = section.text.decode("utf-8")
        except UnicodeDecodeError as error:
            line = section.first_line + section.text.count(b"\n", 0, error.start)
            out.append(unreadable(piece.source, section.name, line, "not UTF-8 text: a hand history is UTF-8 text"))
            continue
        try:
            hands = read_hands(text, source=piece.source, first_line=section.first_line, cache=cache)
        except FloormanError as error:
            out.append(unreadable(piece.source, section.name, error.line or section.first_line, reason(error)))
            continue
        except Exception as error:  # noqa: BLE001 - a file floorman cannot handle stops nothing else
            out.append(unreadable(piece.source, section.name, section.first_line, _internal(error)))
            continue
        for hand in hands:
            try:
                out.append(audit_hand(hand, section.first_line))
            except Exception as error:  # noqa: BLE001 - nor does a hand
                out.append(unreadable(piece.source, section.name, section.first_line, _internal(error)))
    return out


def audit_batch(batch: tuple[Piece, ...]) -> list[HandAudit]:
    """The task: a few pieces (one, or several small files), audited in order."""
    return [audit for piece in batch for audit in audit_piece(piece)]


def _internal(error: Exception) -> str:
    detail = str(error).splitlines()[0][:200] if str(error) else ""
    return f"internal error: {type(error).__name__}{': ' + detail if detail else ''} (please report it with the hand)"


def audit_pieces(work: Iterable[Piece], *, jobs: int = 1) -> Iterator[HandAudit]:
    """The results of every piece, in order, as they are ready."""
    if jobs <= 1:
        for piece in work:
            yield from audit_piece(piece)
        return
    from concurrent.futures import ProcessPoolExecutor

    pool = ProcessPoolExecutor(max_workers=jobs)
    try:
        waiting: deque = deque()
        for batch in batches(work, TASK_BYTES):
            waiting.append(pool.submit(audit_batch, batch))
            if len(waiting) >= jobs * IN_FLIGHT_PER_PROCESS:
                yield from waiting.popleft().result()
        while waiting:
            yield from waiting.popleft().result()
    finally:
        pool.shutdown(cancel_futures=True)


def audit_inputs(inputs: Sequence[str], *, jobs: int = 1, hands: int = HANDS_PER_PIECE) -> Iterator[HandAudit]:
    """Every hand of the files, folders and globs given, audited, in input order."""
    return audit_pieces(pieces(inputs, hands), jobs=jobs)


def audit_files(paths: Sequence[str], *, jobs: int = 1) -> list[HandAudit]:
    """Every hand of every file, audited, in file order (a list: for a few files)."""
    return list(audit_inputs([str(path) for path in paths], jobs=jobs))


class Tally:
    """Hands per class, per file and in total, counted as results stream by. Only the first
    `max_files` files get a row of their own; the rest share one ("other files"), so a run over
    a million single-hand files keeps a small summary."""

    def __init__(self, max_files: int = 100) -> None:
        self.max_files = max_files
        self.files: dict[str, Counter] = {}
        self.others: Counter = Counter()
        self.total: Counter = Counter()

    def add(self, audit: HandAudit) -> None:
        self.total[audit.cls] += 1
        counter = self.files.get(audit.file)
        if counter is None:
            counter = self.others if len(self.files) >= self.max_files else self.files.setdefault(audit.file, Counter())
        counter[audit.cls] += 1

    def rows(self) -> dict[str, dict[str, int]]:
        """file (and 'other files') -> class -> hands, then 'total'."""
        out = {name: _by_class(counter) for name, counter in self.files.items()}
        if self.others:
            out["other files"] = _by_class(self.others)
        out["total"] = _by_class(self.total)
        return out

    @property
    def hands(self) -> int:
        return sum(self.total.values())


def _by_class(counter: Counter) -> dict[str, int]:
    return {cls: counter.get(cls, 0) for cls in CLASSES}


def summary(audits: Iterable[HandAudit]) -> dict[str, dict[str, int]]:
    """file -> class -> hands, plus 'total'."""
    tally = Tally(max_files=10 ** 9)
    for audit in audits:
        tally.add(audit)
    return tally.rows()


#: Exit status of `floorman audit` (docs/audit.md): the worst thing found.
EXIT_CLEAN, EXIT_IRREGULAR, EXIT_USAGE, EXIT_UNREADABLE = 0, 1, 2, 3


def exit_status(total: dict[str, int]) -> int:
    """1 when any hand is irregular; else 3 when some input could not be read; else 0 (clean
    hands, site departures and incomplete histories)."""
    if total.get("irregular"):
        return EXIT_IRREGULAR
    if total.get("unreadable"):
        return EXIT_UNREADABLE
    return EXIT_CLEAN
