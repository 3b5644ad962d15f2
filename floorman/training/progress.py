"""Each trainee's quiz history: answers recorded in the ruling journal's SQLite file, progress by
topic over time, and the topics a trainee misses most weighted to come up more often.

    record_answer(trainee=..., topic=..., question_id=..., correct=..., seed=...) -> id
    stats(trainee=None, by="day") -> [Progress(trainee, topic, period, asked, right)]
    topic_weights(trainee, topics=None) -> {topic: weight}     (for generate(weights=...))

The table `quiz_answer` is the journal's migration step 2 (floorman/journal/schema.py); the file
is the journal's (--journal, else $FLOORMAN_JOURNAL, else the user data folder), so one backup
keeps both. Nothing here imports the question generator: the history is plain rows.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from floorman.journal.schema import JournalError

# How a topic's weight follows the trainee's misses in it: the smoothed miss rate p (one imagined
# miss and one imagined hit, so an unseen topic has p = 1/2) maps to FLOOR + SPAN * p. An unseen
# topic weighs 1; one always missed comes up up to 7 times as often as one always answered right,
# which still comes up (a skill not practised is forgotten).
FLOOR, SPAN = 0.25, 1.5
# Only the trainee's latest answers in a topic count, so that a topic learnt stops being pushed.
RECENT = 50
PERIODS = ("day", "week")


@dataclass(frozen=True)
class Answer:
    answered_at: str
    trainee: str
    topic: str
    question_id: str
    correct: bool
    seed: int | None


@dataclass(frozen=True)
class Progress:
    """One trainee's answers in one topic over one day or week."""

    trainee: str
    topic: str
    period: str          # 2026-11-30 (day) or 2026-W49 (ISO week)
    asked: int
    right: int

    @property
    def score(self) -> float:
        return self.right / self.asked if self.asked else 0.0


def _trainee(name: str) -> str:
    name = (name or "").strip()
    if not name:
        raise JournalError("a trainee needs a name", field="trainee", expected="a name such as Ann")
    return name


@contextmanager
def _connection(journal: str | Path | None, *, create: bool) -> Iterator[tuple[Any, Any, Path] | None]:
    """The journal's connection, its lock and the file (None when reading a journal that does not exist yet).
    Journal.open checks the file is a floorman journal and brings its schema up to date."""
    from floorman.journal.store import Journal, JournalMissing

    try:
        opened = Journal.open(journal, create=create)
    except JournalMissing:
        yield None
        return
    try:
        # the store keeps one connection per open journal; quiz rows go through the same one
        yield opened._connection, opened._lock, opened.path
    finally:
        opened.close()


def record_answer(*, trainee: str, topic: str, question_id: str, correct: bool, seed: int | None = None,
                  journal: str | Path | None = None, at: str | None = None) -> int:
    """Record one answer (committed, synced) and return its row id. `at` (UTC ISO 8601) is for
    importing or testing; by default the answer is stamped now."""
    import sqlite3

    from floorman.journal.store import explain, since_bound, utc_now

    name = _trainee(trainee)
    stamp = since_bound(at) if at else utc_now()
    with _connection(journal, create=True) as opened:
        assert opened is not None
        connection, lock, where = opened
        with lock:
            try:
                connection.execute("BEGIN IMMEDIATE")
                cursor = connection.execute(
                    "INSERT INTO quiz_answer (answered_at, trainee, topic, question_id, correct, seed) "
                    "VALUES (?, ?, ?, ?, ?, ?)", (stamp, name, topic, str(question_id), int(bool(correct)), seed))
                connection.execute("COMMIT")
            except sqlite3.Error as error:
                if connection.in_transaction:
                    connection.execute("ROLLBACK")
                raise explain(error, where) from None
    return int(cursor.lastrowid)


def answers(trainee: str | None = None, *, journal: str | Path | None = None) -> list[Answer]:
    """Every recorded answer (of one trainee, when named), oldest first."""
    import sqlite3

    from floorman.journal.store import explain

    clause, parameters = ("WHERE trainee = ?", (_trainee(trainee),)) if trainee is not None else ("", ())
    with _connection(journal, create=False) as opened:
        if opened is None:
            return []
        connection, lock, where = opened
        with lock:
            try:
                rows = connection.execute(
                    "SELECT answered_at, trainee, topic, question_id, correct, seed FROM quiz_answer "
                    f"{clause} ORDER BY answered_at, id", parameters).fetchall()
            except sqlite3.Error as error:
                raise explain(error, where) from None
    return [Answer(row[0], row[1], row[2], row[3], bool(row[4]), row[5]) for row in rows]


def period_of(answered_at: str, by: str = "day") -> str:
    """The day (2026-11-30) or ISO week (2026-W49) an answer falls in, in UTC."""
    if by not in PERIODS:
        raise JournalError(f"{by!r} is not a period", field="by", expected="day or week")
    moment = datetime.fromisoformat(answered_at)
    if by == "day":
        return moment.date().isoformat()
    year, week, _ = moment.isocalendar()
    return f"{year}-W{week:02d}"


def summarise(rows: Iterable[Answer], by: str = "day") -> list[Progress]:
    """Answers counted per trainee, topic and period, in that order."""
    counts: dict[tuple[str, str, str], list[int]] = defaultdict(lambda: [0, 0])
    for row in rows:
        tally = counts[(row.trainee, row.topic, period_of(row.answered_at, by))]
        tally[0] += 1
        tally[1] += int(row.correct)
    return [Progress(trainee, topic, period, asked, right)
            for (trainee, topic, period), (asked, right) in sorted(counts.items())]


def stats(trainee: str | None = None, *, by: str = "day", journal: str | Path | None = None) -> list[Progress]:
    """Progress by topic over time: per trainee (one, when named), topic and day or week."""
    if by not in PERIODS:
        raise JournalError(f"{by!r} is not a period", field="by", expected="day or week")
    return summarise(answers(trainee, journal=journal), by)


def weights_from(rows: Iterable[Answer], topics: Iterable[str] = ()) -> dict[str, float]:
    """The weights for a trainee's answers (pure: topic_weights reads the rows, this does the sums)."""
    recent: dict[str, list[bool]] = defaultdict(list)
    for row in rows:
        recent[row.topic].append(row.correct)
    weights = {topic: FLOOR + SPAN * 0.5 for topic in topics}
    for topic, results in recent.items():
        results = results[-RECENT:]
        misses = results.count(False)
        weights[topic] = FLOOR + SPAN * (misses + 1) / (len(results) + 2)
    return weights


def topic_weights(trainee: str | None, topics: Iterable[str] = (), *,
                  journal: str | Path | None = None) -> dict[str, float]:
    """How often each topic should come up for this trainee: more for the topics missed most.
    Topics never answered (those in `topics`) weigh 1. No trainee, or one with no answers yet, no
    weighting ({}): a new trainee's quiz is the same as anyone's with the same seed."""
    if trainee is None:
        return {}
    rows = answers(trainee, journal=journal)
    return weights_from(rows, topics) if rows else {}
