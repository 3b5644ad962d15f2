"""The class file: classes, their questions, the trainees who joined and every answer they gave.

SQLite in WAL mode with synchronous=NORMAL, as the journal: an answer is committed to the
write-ahead log before the page that follows it is sent, so a server killed and restarted loses
no answer a trainee saw marked. One connection, guarded by a lock, serves the whole web app (the
writes are a millisecond; WAL readers such as `floorman quiz stats` never block them).

The file lives beside the ruling journal (FILE_NAME in the journal's folder) unless --classes or
$FLOORMAN_CLASSES names another; it is never the journal itself, whose lock a class never holds.
"""

from __future__ import annotations

import json
import os
import secrets
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from floorman.classroom.checks import ClassOptions, name_key, new_code
from floorman.classroom.schema import ClassFileError, check_identity, migrate
from floorman.errors import FloormanError

if TYPE_CHECKING:
    import sqlite3

ENVIRONMENT = "FLOORMAN_CLASSES"
FILE_NAME = "classes.sqlite3"
BUSY_TIMEOUT_MS = 2000


class UnknownClass(FloormanError):
    """No class has this code (or it is not open to trainees yet)."""


class ClassConflict(FloormanError):
    """The request does not fit the class as it stands: the class is closed, the name is taken,
    the question was answered already or is not the one being asked."""


def classes_path(classes: str | Path | None = None, *, journal: str | Path | None = None) -> tuple[Path, bool]:
    """The class file and whether it is the default one (beside the journal, whose folder may be made)."""
    from floorman.journal.store import resolve_path

    if classes is not None and str(classes) != "":
        return Path(classes).expanduser(), False
    if os.environ.get(ENVIRONMENT):
        return Path(os.environ[ENVIRONMENT]).expanduser(), False
    where, is_default = resolve_path(journal)
    return where.parent / FILE_NAME, is_default


def not_taken(status: str, position: int, answered: int) -> str | None:
    """Why an answer to question `position` is not taken from a trainee who answered `answered`
    (a replayed form, a skipped question, a closed class), or None when it is."""
    if status != "open":
        return "this class is closed: no more answers are taken"
    if position <= answered:
        return f"question {position} is answered already: an answer is given once"
    if position != answered + 1:
        return f"question {position} is not the one being asked (question {answered + 1} is)"
    return None


@dataclass(frozen=True)
class ClassInfo:
    code: str
    created_at: str
    status: str            # preparing, open, closed, failed
    options: ClassOptions
    problem: str | None
    closed_at: str | None


@dataclass(frozen=True)
class Trainee:
    id: int
    class_code: str
    name: str
    key: str
    joined_at: str


@dataclass(frozen=True)
class AnswerRow:
    trainee_id: int
    position: int
    given: str
    correct: bool
    answered_at: str


def _explain(error: Exception, where: Path) -> ClassFileError:
    from floorman.journal.store import explain

    return ClassFileError(explain(error, where).message.replace("journal", "class file"), file=str(where))


class ClassBook:
    """The open class file. ClassBook.open(); close() when done."""

    def __init__(self, connection: "sqlite3.Connection", path: Path) -> None:
        self._connection = connection
        self.path = path
        self._lock = threading.Lock()

    @classmethod
    def open(cls, classes: str | Path | None = None, *, journal: str | Path | None = None,
             create: bool = True) -> "ClassBook | None":
        """The class file (made if missing and `create`; None if missing and not `create`)."""
        import sqlite3

        where, is_default = classes_path(classes, journal=journal)
        if where.is_dir():
            raise ClassFileError("this is a folder: the class file is a file (e.g. classes.sqlite3)", file=str(where))
        if not where.exists():
            if not create:
                return None
            if is_default:
                try:
                    where.parent.mkdir(parents=True, exist_ok=True)
                except OSError as error:
                    raise _explain(error, where) from None
        try:
            connection = sqlite3.connect(str(where), timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None,
                                         check_same_thread=False)
        except sqlite3.Error as error:
            raise _explain(error, where) from None
        try:
            connection.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS:d}")
            if create:          # the identity is checked first: nothing is written into another file
                migrate(connection, str(where))
                connection.execute("PRAGMA journal_mode = WAL")
                connection.execute("PRAGMA synchronous = NORMAL")
            else:
                check_identity(connection, str(where))
        except (ClassFileError, sqlite3.Error) as error:
            connection.close()
            if isinstance(error, ClassFileError):
                raise
            raise _explain(error, where) from None
        return cls(connection, where)

    def close(self) -> None:
        with self._lock:
            self._connection.close()

    # ------------------------------------------------------------------------- plumbing
    def _read(self, statement: str, parameters: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        import sqlite3

        with self._lock:
            try:
                return self._connection.execute(statement, parameters).fetchall()
            except sqlite3.OperationalError as error:
                if "no such table" in str(error):     # a class file opened to read, never written yet
                    return []
                raise _explain(error, self.path) from None
            except sqlite3.Error as error:
                raise _explain(error, self.path) from None

    def _write(self, steps: Any) -> Any:
        """Run `steps(connection)` in one transaction, committed before returning its result."""
        import sqlite3

        from floorman.journal.store import utc_now

        with self._lock:
            connection = self._connection
            try:
                connection.execute("BEGIN IMMEDIATE")
                result = steps(connection, utc_now())
                connection.execute("COMMIT")
                return result
            except BaseException as error:
                if connection.in_transaction:
                    connection.execute("ROLLBACK")
                if isinstance(error, sqlite3.Error):
                    raise _explain(error, self.path) from None
                raise

    # ------------------------------------------------------------------------- the server's secret
    def form_secret(self) -> bytes:
        """The key that signs the forms' CSRF tokens: kept in the file, so that a page opened
        before a restart can still be answered after it."""
        def steps(connection: Any, now: str) -> str:
            row = connection.execute("SELECT value FROM setting WHERE name = 'form_secret'").fetchone()
            if row is not None:
                return str(row[0])
            value = secrets.token_hex(32)
            connection.execute("INSERT INTO setting (name, value) VALUES ('form_secret', ?)", (value,))
            return value

        return bytes.fromhex(self._write(steps))

    # ------------------------------------------------------------------------- classes
    def create_class(self, options: ClassOptions) -> str:
        """A new class, 'preparing' until its questions are stored; returns its code."""
        def steps(connection: Any, now: str) -> str:
            while True:
                code = new_code()
                if connection.execute("SELECT 1 FROM class WHERE code = ?", (code,)).fetchone() is None:
                    break
            connection.execute("INSERT INTO class (code, created_at, status, options) VALUES (?, ?, 'preparing', ?)",
                               (code, now, json.dumps(options.to_json())))
            return code

        return str(self._write(steps))

    def store_questions(self, code: str, questions: list[dict[str, Any]]) -> None:
        """Freeze the class's questions and open it to trainees."""
        def steps(connection: Any, now: str) -> None:
            connection.execute("DELETE FROM question WHERE class_code = ?", (code,))
            connection.executemany(
                "INSERT INTO question (class_code, position, question_id, topic, body) VALUES (?, ?, ?, ?, ?)",
                [(code, n, q["id"], q["topic"], json.dumps(q, ensure_ascii=False, separators=(",", ":")))
                 for n, q in enumerate(questions, 1)])
            connection.execute("UPDATE class SET status = 'open' WHERE code = ? AND status = 'preparing'", (code,))

        self._write(steps)

    def fail_class(self, code: str, problem: str) -> None:
        self._write(lambda c, now: c.execute("UPDATE class SET status = 'failed', problem = ? WHERE code = ?",
                                             (problem[:500], code)))

    def close_class(self, code: str) -> bool:
        """Close an open class (no more joining or answering); False if it was not open."""
        def steps(connection: Any, now: str) -> bool:
            return connection.execute("UPDATE class SET status = 'closed', closed_at = ? WHERE code = ? AND "
                                      "status IN ('open', 'preparing')", (now, code)).rowcount == 1

        return bool(self._write(steps))

    _CLASS = "SELECT code, created_at, status, options, problem, closed_at FROM class"

    def classes(self) -> list[ClassInfo]:
        return [self._info(row) for row in self._read(self._CLASS + " ORDER BY created_at DESC")]

    def class_info(self, code: str) -> ClassInfo | None:
        rows = self._read(self._CLASS + " WHERE code = ?", (code,))
        return self._info(rows[0]) if rows else None

    @staticmethod
    def _info(row: tuple[Any, ...]) -> ClassInfo:
        return ClassInfo(row[0], row[1], row[2], ClassOptions.from_json(json.loads(row[3])), row[4], row[5])

    def questions(self, code: str) -> list[dict[str, Any]]:
        return [json.loads(row[0]) for row in
                self._read("SELECT body FROM question WHERE class_code = ? ORDER BY position", (code,))]

    # ------------------------------------------------------------------------- trainees
    def join(self, code: str, name: str) -> Trainee:
        """A trainee joins an open class under a name nobody in it has taken."""
        def steps(connection: Any, now: str) -> Trainee:
            row = connection.execute("SELECT status FROM class WHERE code = ?", (code,)).fetchone()
            if row is None or row[0] in ("preparing", "failed"):
                raise UnknownClass("no class is open with this code", field="code",
                                   expected="the code the trainer shows")
            if row[0] == "closed":
                raise ClassConflict("this class is closed: the trainer has ended it", field="code")
            if connection.execute("SELECT 1 FROM trainee WHERE class_code = ? AND name_key = ?",
                                  (code, name_key(name))).fetchone():
                raise ClassConflict("someone in this class has this name already", field="name",
                                    expected="another name, e.g. with your initial: Ann B.")
            key = secrets.token_urlsafe(24)
            cursor = connection.execute("INSERT INTO trainee (class_code, name, name_key, key, joined_at) "
                                        "VALUES (?, ?, ?, ?, ?)", (code, name, name_key(name), key, now))
            return Trainee(int(cursor.lastrowid), code, name, key, now)

        return self._write(steps)

    _TRAINEE = "SELECT id, class_code, name, key, joined_at FROM trainee"

    def trainee(self, code: str, key: str) -> Trainee | None:
        rows = self._read(self._TRAINEE + " WHERE key = ? AND class_code = ?", (key, code))
        return Trainee(*rows[0]) if rows else None

    def trainees(self, code: str) -> list[Trainee]:
        return [Trainee(*row) for row in self._read(self._TRAINEE + " WHERE class_code = ? ORDER BY id", (code,))]

    # ------------------------------------------------------------------------- answers
    def record(self, trainee: Trainee, position: int, given: str, correct: bool) -> AnswerRow:
        """Record the trainee's answer to the question at `position`, which must be the one they
        are being asked (the first unanswered); committed before this returns."""
        def steps(connection: Any, now: str) -> AnswerRow:
            status = connection.execute("SELECT status FROM class WHERE code = ?", (trainee.class_code,)).fetchone()
            answered = connection.execute("SELECT count(*) FROM answer WHERE trainee_id = ?",
                                          (trainee.id,)).fetchone()[0]
            problem = not_taken(status[0] if status else "closed", position, answered)
            if problem is not None:
                raise ClassConflict(problem, field="position")
            connection.execute("INSERT INTO answer (trainee_id, position, given, correct, answered_at) "
                               "VALUES (?, ?, ?, ?, ?)", (trainee.id, position, given, int(correct), now))
            return AnswerRow(trainee.id, position, given, correct, now)

        return self._write(steps)

    def answers_of(self, trainee: Trainee) -> list[AnswerRow]:
        rows = self._read("SELECT trainee_id, position, given, correct, answered_at FROM answer "
                          "WHERE trainee_id = ? ORDER BY position", (trainee.id,))
        return [AnswerRow(r[0], r[1], r[2], bool(r[3]), r[4]) for r in rows]

    def answered_count(self, trainee: Trainee) -> int:
        return int(self._read("SELECT count(*) FROM answer WHERE trainee_id = ?", (trainee.id,))[0][0])

    def class_answers(self, code: str) -> list[AnswerRow]:
        rows = self._read("SELECT a.trainee_id, a.position, a.given, a.correct, a.answered_at FROM answer a "
                          "JOIN trainee t ON t.id = a.trainee_id WHERE t.class_code = ? ORDER BY a.id", (code,))
        return [AnswerRow(r[0], r[1], r[2], bool(r[3]), r[4]) for r in rows]

    def history(self, trainee: str | None = None) -> Iterator[tuple[str, str, str, str, bool, int | None]]:
        """Every class answer as the quiz history's rows: (answered_at, trainee, topic,
        question_id, correct, seed), of one trainee (by name, any case) when named."""
        clause, parameters = ("WHERE t.name_key = ?", (name_key(trainee.strip()),)) if trainee else ("", ())
        rows = self._read(
            "SELECT a.answered_at, t.name, q.topic, q.question_id, a.correct, c.options FROM answer a "
            "JOIN trainee t ON t.id = a.trainee_id JOIN class c ON c.code = t.class_code "
            "JOIN question q ON q.class_code = t.class_code AND q.position = a.position "
            f"{clause} ORDER BY a.answered_at, a.id", parameters)
        for at, name, topic, question_id, correct, options in rows:
            chosen = json.loads(options)
            yield at, name, topic, question_id, bool(correct), None if chosen.get("set") else chosen.get("seed")
