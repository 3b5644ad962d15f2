"""The journal file: open it (creating and migrating it), record a ruling, read rulings back.

SQLite in WAL mode with synchronous=NORMAL: a ruling is committed to the write-ahead log when
`record` returns, so a ruling that was shown survives the process being killed, and readers never
block the writer. (NORMAL, not FULL: an fsync per ruling cost up to 15 ms p99 on a busy disk,
over the 5 ms budget of a ruling at the podium; what NORMAL gives up is the last rulings before a
power cut or an OS crash, never a kill of floorman itself.)
sqlite3 and platformdirs are imported when a journal is opened, not when floorman starts.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from floorman.journal.schema import COLUMNS, JSON_COLUMNS, JournalError, check_identity, migrate

if TYPE_CHECKING:
    import sqlite3

ENVIRONMENT = "FLOORMAN_JOURNAL"
FILE_NAME = "journal.sqlite3"
# How long a write waits for another process's transaction before giving up. Other floorman
# processes hold the lock for about a millisecond; a longer wait is something holding the file,
# and the ruling must still be shown promptly, with the line saying it was not recorded.
BUSY_TIMEOUT_MS = 1000


class JournalMissing(JournalError):
    """No journal file exists at the path asked to be read: no ruling has been recorded there."""


def default_path() -> Path:
    """Where the journal lives when neither --journal nor FLOORMAN_JOURNAL says otherwise."""
    import platformdirs

    return Path(platformdirs.user_data_dir("floorman")) / FILE_NAME


def resolve_path(path: str | Path | None) -> tuple[Path, bool]:
    """The journal path and whether it is the default one (whose folder floorman may create)."""
    if path is not None and str(path) != "":
        return Path(path).expanduser(), False
    if os.environ.get(ENVIRONMENT):
        return Path(os.environ[ENVIRONMENT]).expanduser(), False
    return default_path(), True


def utc_now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def since_bound(text: str) -> str:
    """`--since` as a recorded_at bound: a date (2026-11-30) or a date and time, taken as UTC
    unless it names its offset. Raises JournalError naming the expected form."""
    try:
        moment = datetime.fromisoformat(text.strip())
    except ValueError:
        raise JournalError(f"{text!r} is not a date", field="since",
                           expected="a date such as 2026-11-30 or 2026-11-30T18:00 (UTC)") from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).isoformat(timespec="milliseconds")


def _cannot_write(error: Exception) -> bool:
    """SQLite could not write the file or make its log beside it (a read-only file or folder)."""
    text = str(error).lower()
    return "readonly" in text or "read-only" in text or "unable to open" in text


def explain(error: Exception, path: Path) -> JournalError:
    """An sqlite3 or OS error as one line a floor person can act on."""
    text = str(error).splitlines()[0] if str(error) else type(error).__name__
    lowered = text.lower()
    if "file is not a database" in lowered or "malformed" in lowered:
        message = (f"the file is corrupt or not an SQLite database ({text}); move it aside and floorman "
                   "starts a new journal there")
    elif "locked" in lowered or "busy" in lowered:
        message = (f"the journal is locked by another program (waited {BUSY_TIMEOUT_MS / 1000:g} s; {text})")
    elif "readonly" in lowered or "read-only" in lowered:
        message = f"the journal cannot be written: the file or its folder is read-only ({text})"
    elif "unable to open" in lowered:
        message = f"cannot open or create the journal file: is its folder there and writable? ({text})"
    elif isinstance(error, OSError):
        message = f"cannot create the journal's folder ({error.strerror or text})"
    else:
        message = text
    return JournalError(message, file=str(path))


@dataclass(frozen=True)
class Entry:
    """One ruling as recorded; the JSON columns parsed."""

    id: int
    recorded_at: str
    command: str
    staff: str | None
    table_name: str | None
    profile: str
    options: dict[str, Any]
    table_setup: dict[str, Any]
    events: list[dict[str, Any]]
    incidents: list[dict[str, Any]]
    rulings: list[dict[str, Any]]
    pots: list[dict[str, Any]]
    hands: dict[str, Any]
    floorman_version: str
    undoes: int | None = None        # this row takes ruling #undoes back (an `undo` at the table)

    @classmethod
    def from_row(cls, row: tuple[Any, ...]) -> "Entry":
        values = {name: (json.loads(value) if name in JSON_COLUMNS else value)
                  for name, value in zip(COLUMNS, row)}
        return cls(**values)

    def to_json(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in COLUMNS}

    @property
    def decisions(self) -> str:
        """The rulings in a few words: 'call 25 (rule-id); ...'."""
        if self.undoes is not None:
            return f"undo: ruling #{self.undoes} taken back"
        if not self.rulings:
            return "no rule applied"
        return "; ".join(f"{ruling.get('decision', '?')} ({ruling.get('rule', '?')})" for ruling in self.rulings)


class Journal:
    """An open ruling journal. Use Journal.open(); close() when done."""

    def __init__(self, connection: "sqlite3.Connection", path: Path) -> None:
        self._connection = connection
        self.path = path
        self._lock = threading.Lock()     # one connection, possibly used from a UI thread and a worker

    @classmethod
    def open(cls, path: str | Path | None = None, *, create: bool = True) -> "Journal":
        """Open the journal at `path` (None: $FLOORMAN_JOURNAL, else the user's data folder),
        creating it and bringing its schema up to date. With create=False a missing file is
        JournalMissing rather than a new journal (for commands that only read)."""
        import sqlite3

        where, is_default = resolve_path(path)
        if where.is_dir():
            raise JournalError("this is a folder: the journal is a file (e.g. journal.sqlite3)", file=str(where))
        if not where.exists():
            if not create:
                raise JournalMissing("no journal here yet: no ruling has been recorded in it", file=str(where))
            try:
                if is_default:
                    where.parent.mkdir(parents=True, exist_ok=True)
            except OSError as error:
                raise explain(error, where) from None
            if not where.parent.is_dir():
                problem = "is not a folder" if where.parent.exists() else "does not exist"
                raise JournalError(f"{where.parent} {problem}", file=str(where))
        try:
            connection = sqlite3.connect(str(where), timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None,
                                         check_same_thread=False)
        except sqlite3.Error as error:
            raise explain(error, where) from None
        try:
            connection.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS:d}")
            migrate(connection, str(where))    # reads the header first: a corrupt file fails here
            mode = connection.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if str(mode).lower() != "wal":
                raise JournalError(f"the journal needs SQLite's WAL mode, and this file system gave {mode!r}",
                                   file=str(where))
            # NORMAL in WAL mode: a commit is in the log before record() returns, so a ruling shown
            # survives a kill of the process; the log is synced at checkpoints (see the module doc)
            connection.execute("PRAGMA synchronous = NORMAL")
        except JournalError:
            connection.close()
            raise
        except sqlite3.Error as error:
            connection.close()
            if not create and _cannot_write(error):
                # a journal kept where nothing may be written (an archive, a read-only mount): a
                # reading command reads it as it is
                return cls._open_read_only(where, error)
            raise explain(error, where) from None
        return cls(connection, where)

    @classmethod
    def _open_read_only(cls, where: Path, first: Exception) -> "Journal":
        """The journal opened for reading only, writing nothing beside it: read-only, else (when
        SQLite cannot make the write-ahead log's index in the folder) as an immutable file."""
        import sqlite3

        for query in ("mode=ro", "mode=ro&immutable=1"):
            try:
                connection = sqlite3.connect(f"{where.resolve().as_uri()}?{query}", uri=True, isolation_level=None,
                                             timeout=BUSY_TIMEOUT_MS / 1000, check_same_thread=False)
            except sqlite3.Error:
                continue
            try:
                check_identity(connection, str(where))
                connection.execute("SELECT count(*) FROM ruling").fetchone()
            except JournalError:
                connection.close()
                raise
            except sqlite3.Error:
                connection.close()
                continue
            return cls(connection, where)
        raise explain(first, where)

    def close(self) -> None:
        with self._lock:
            self._connection.close()

    def wait_for_lock(self, seconds: float) -> None:
        """How long a write waits for another program's lock from now on (BUSY_TIMEOUT_MS at first)."""
        with self._lock:
            self._connection.execute(f"PRAGMA busy_timeout = {int(seconds * 1000):d}")

    def __enter__(self) -> "Journal":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def record(self, *, command: str, profile: str, table: dict[str, Any], events: list[dict[str, Any]],
               incidents: list[dict[str, Any]], rulings: list[dict[str, Any]], staff: str | None = None,
               table_name: str | None = None, options: dict[str, Any] | None = None,
               pots: list[dict[str, Any]] | None = None, hands: dict[str, Any] | None = None,
               recorded_at: str | None = None, undoes: int | None = None) -> int:
        """Record one ruling and commit it (synced to disk) before returning its id. `recorded_at`
        is when the ruling was given, if not now (one kept while the journal was locked)."""
        import sqlite3

        from floorman import __version__

        row = {"recorded_at": recorded_at or utc_now(), "command": command, "staff": staff or None,
               "table_name": table_name or None, "profile": profile, "options": options or {},
               "table_setup": table, "events": events, "incidents": incidents, "rulings": rulings,
               "pots": pots or [], "hands": hands or {}, "floorman_version": __version__, "undoes": undoes}
        names = [name for name in COLUMNS if name != "id"]
        values = [json.dumps(row[name], ensure_ascii=False, separators=(",", ":")) if name in JSON_COLUMNS
                  else row[name] for name in names]
        statement = f"INSERT INTO ruling ({', '.join(names)}) VALUES ({', '.join('?' * len(names))})"
        with self._lock:
            try:
                self._connection.execute("BEGIN IMMEDIATE")
                cursor = self._connection.execute(statement, values)
                self._connection.execute("COMMIT")
            except sqlite3.Error as error:
                if self._connection.in_transaction:
                    try:
                        self._connection.execute("ROLLBACK")
                    except sqlite3.Error:
                        pass
                raise explain(error, self.path) from None
        row_id = cursor.lastrowid
        assert row_id is not None          # an INSERT always sets it
        return row_id

    def _select(self, where: str = "", parameters: tuple[Any, ...] = (), order: str = "id DESC",
                limit: int | None = None) -> Iterator[Entry]:
        import sqlite3

        statement = f"SELECT {', '.join(COLUMNS)} FROM ruling {where} ORDER BY {order}"
        if limit is not None:
            statement += f" LIMIT {int(limit):d}"
        with self._lock:
            try:
                rows = self._connection.execute(statement, parameters).fetchall()
            except sqlite3.Error as error:
                raise explain(error, self.path) from None
        for row in rows:
            try:
                yield Entry.from_row(row)
            except (ValueError, TypeError) as error:
                raise JournalError(f"ruling #{row[0]} cannot be read back ({error})", file=str(self.path)) from None

    def entries(self, *, limit: int | None = 20, since: str | None = None, staff: str | None = None) -> list[Entry]:
        """Rulings newest first; `since` is a date or date-time (UTC), `staff` a name (exact)."""
        clauses, parameters = [], []
        if since:
            clauses.append("recorded_at >= ?")
            parameters.append(since_bound(since))
        if staff:
            clauses.append("staff = ?")
            parameters.append(staff)
        where = ("WHERE " + " AND ".join(clauses)) if clauses else ""
        return list(self._select(where, tuple(parameters), limit=limit))

    def undone(self) -> dict[int, int]:
        """Ruling id -> the id of the row that took it back (an `undo` at the table)."""
        import sqlite3

        with self._lock:
            try:
                rows = self._connection.execute("SELECT undoes, id FROM ruling WHERE undoes IS NOT NULL").fetchall()
            except sqlite3.Error as error:
                raise explain(error, self.path) from None
        return {int(undoes): int(row_id) for undoes, row_id in rows}

    def record_undo(self, entry_id: int, *, command: str = "table (undo)", staff: str | None = None,
                    recorded_at: str | None = None) -> int:
        """Record that ruling `entry_id` was taken back: a new row, holding the same hand, that
        names it (no row is ever changed)."""
        taken = self.entry(entry_id)
        return self.record(command=command, profile=taken.profile, table=taken.table_setup, events=taken.events,
                           incidents=taken.incidents, rulings=[], staff=staff or taken.staff,
                           table_name=taken.table_name, options=taken.options, recorded_at=recorded_at,
                           undoes=entry_id)

    def entry(self, entry_id: int) -> Entry:
        """One ruling by its id; JournalError if there is none."""
        found = list(self._select("WHERE id = ?", (entry_id,)))
        if not found:
            raise JournalError(f"no ruling #{entry_id} in the journal", file=str(self.path))
        return found[0]

    def all(self) -> Iterator[Entry]:
        """Every ruling, oldest first (for export)."""
        return self._select(order="id ASC")

    def count(self) -> int:
        with self._lock:
            return int(self._connection.execute("SELECT count(*) FROM ruling").fetchone()[0])
