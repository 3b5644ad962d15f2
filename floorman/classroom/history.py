"""`floorman quiz stats` over both histories: the answers of `floorman quiz --trainee` (in the
journal's file) and those given in classes (`floorman serve`, in the class file beside it)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from floorman.classroom.store import ClassBook


def stats(trainee: str | None = None, *, by: str = "day", journal: str | Path | None = None,
          classes: str | Path | None = None) -> list[Any]:
    """Progress by trainee, topic and day or week (training.progress.Progress rows), counting the
    journal's quiz answers and the class file's together; a trainee is one name in both."""
    from floorman.journal.store import utc_now
    from floorman.training.progress import Answer, answers, period_of, summarise

    period_of(utc_now(), by)           # an unknown period is refused before any file is read
    rows = answers(trainee, journal=journal)
    book = ClassBook.open(classes, journal=journal, create=False)
    if book is not None:
        try:
            rows += [Answer(*row) for row in book.history(trainee)]
        finally:
            book.close()
    return summarise(rows, by)
