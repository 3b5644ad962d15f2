"""The journal's SQLite schema and its migrations.

The schema version is the file's `PRAGMA user_version`: 0 is a new (empty) file, N means the
first N steps of MIGRATIONS have been applied. A new version is a new entry appended to
MIGRATIONS (never an edit of an old one), so any older journal is brought up to date in order.
`PRAGMA application_id` marks the file as a floorman journal, so another program's database
given by mistake is refused rather than written into.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from floorman.errors import FloormanError

if TYPE_CHECKING:
    import sqlite3

APPLICATION_ID = 0x464C4D4E        # "FLMN"

# The columns of one ruling, in order: what `export` writes and docs/journal.md describes.
# JSON columns hold JSON text (the pydantic model_dump(mode="json") of the table, events and
# incidents; the rulings' JSON as `floorman rule --json` prints them).
COLUMNS = ("id", "recorded_at", "command", "staff", "table_name", "profile", "options", "table_setup", "events",
           "incidents", "rulings", "pots", "hands", "floorman_version", "undoes")
JSON_COLUMNS = frozenset({"options", "table_setup", "events", "incidents", "rulings", "pots", "hands"})

MIGRATIONS: list[list[str]] = [
    # v1: one row per ruling given, append-only (a record is never changed once written).
    [
        """CREATE TABLE ruling (
            id               INTEGER PRIMARY KEY AUTOINCREMENT,  -- never reused, even after a row is pruned
            recorded_at      TEXT NOT NULL,                      -- UTC, ISO 8601 with milliseconds
            command          TEXT NOT NULL,                      -- 'rule', 'table' or 'ask'
            staff            TEXT,
            table_name       TEXT,
            profile          TEXT NOT NULL,
            options          TEXT NOT NULL CHECK (json_valid(options)),
            table_setup      TEXT NOT NULL CHECK (json_valid(table_setup)),
            events           TEXT NOT NULL CHECK (json_valid(events)),
            incidents        TEXT NOT NULL CHECK (json_valid(incidents)),
            rulings          TEXT NOT NULL CHECK (json_valid(rulings)),
            pots             TEXT NOT NULL CHECK (json_valid(pots)),
            hands            TEXT NOT NULL CHECK (json_valid(hands)),
            floorman_version TEXT NOT NULL
        )""",
        "CREATE INDEX ruling_recorded_at ON ruling (recorded_at)",
        "CREATE INDEX ruling_staff ON ruling (staff)",
        """CREATE TRIGGER ruling_append_only BEFORE UPDATE ON ruling
           BEGIN SELECT RAISE(ABORT, 'the ruling journal is append-only'); END""",
    ],
    # v2: one row per quiz answer, for each trainee's progress (floorman/training/progress.py)
    [
        """CREATE TABLE quiz_answer (
            id          INTEGER PRIMARY KEY AUTOINCREMENT,
            answered_at TEXT NOT NULL,                      -- UTC, ISO 8601 with milliseconds
            trainee     TEXT NOT NULL,
            topic       TEXT NOT NULL,
            question_id TEXT NOT NULL,
            correct     INTEGER NOT NULL CHECK (correct IN (0, 1)),
            seed        INTEGER                             -- the quiz's --seed (NULL for a bundled set)
        )""",
        "CREATE INDEX quiz_answer_trainee ON quiz_answer (trainee, answered_at)",
    ],
    # v3: `undo` at the table takes a ruling back by a new row that names it (the journal stays
    # append-only): a row whose `undoes` is N says ruling #N did not stand
    [
        "ALTER TABLE ruling ADD COLUMN undoes INTEGER REFERENCES ruling (id)",
        "CREATE INDEX ruling_undoes ON ruling (undoes)",
    ],
]

SCHEMA_VERSION = len(MIGRATIONS)


class JournalError(FloormanError):
    """The ruling journal cannot be opened, read or written: the file is missing, corrupt, locked,
    read-only, made by a newer floorman, or not a floorman journal at all."""


def version_of(connection: "sqlite3.Connection") -> int:
    return int(connection.execute("PRAGMA user_version").fetchone()[0])


def check_identity(connection: "sqlite3.Connection", where: str) -> int:
    """The file's schema version, after checking it is a journal this floorman can use.
    Reading the header is also what finds a corrupt file ("file is not a database")."""
    version = version_of(connection)
    application = int(connection.execute("PRAGMA application_id").fetchone()[0])
    if application not in (0, APPLICATION_ID):
        raise JournalError(f"not a floorman journal (another program's SQLite database, application id "
                           f"{application:#x})", file=where)
    if application == 0 and version > 0:
        # floorman stamps its id with the first schema version, in one transaction: a file at a
        # version with no id is another program's, whatever its user_version says
        raise JournalError(f"not a floorman journal (an SQLite database at user_version {version} without "
                           "floorman's application id)", file=where)
    if version > SCHEMA_VERSION:
        raise JournalError(f"written by a newer floorman (journal schema version {version}; this floorman "
                           f"reads up to {SCHEMA_VERSION}): upgrade floorman", file=where)
    return version


def migrate(connection: "sqlite3.Connection", where: str) -> list[int]:
    """Bring the journal up to SCHEMA_VERSION in one transaction; return the versions applied.
    The connection is in autocommit mode (isolation_level=None): transactions are explicit."""
    return apply_migrations(
        connection, where, MIGRATIONS, APPLICATION_ID, check_identity,
        foreign=lambda tables: JournalError("not a floorman journal (an SQLite database holding "
                                            f"{', '.join(tables[:5])})", file=where))


def apply_migrations(connection: "sqlite3.Connection", where: str, migrations: Sequence[Sequence[str]],
                     application_id: int, check_identity: Callable[["sqlite3.Connection", str], int], *,
                     foreign: Callable[[list[str]], Exception]) -> list[int]:
    """Bring a floorman SQLite file (the journal, a class file) up to `len(migrations)` in one
    transaction and mark it as ours; return the versions applied. `check_identity` gives the
    file's version after refusing a file that is not of this kind; a file at version 0 that
    already holds tables (their names, sorted) is another program's: `foreign` says so.
    The connection is in autocommit mode: the transaction is explicit, and another process
    that migrated meanwhile is seen once the write lock is held."""
    target = len(migrations)
    if check_identity(connection, where) == target:
        return []
    connection.execute("BEGIN IMMEDIATE")
    try:
        version = check_identity(connection, where)   # another process may have migrated meanwhile
        if version == 0:
            tables = sorted(row[0] for row in connection.execute(
                "SELECT name FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%'"))
            if tables:
                raise foreign(tables)
        applied = []
        for number in range(version, target):
            for step in migrations[number]:
                connection.execute(step)
            applied.append(number + 1)
        # the pragmas take no parameters; both values are integers given by the schema modules
        connection.execute(f"PRAGMA user_version = {target:d}")
        connection.execute(f"PRAGMA application_id = {application_id:d}")
        connection.execute("COMMIT")
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise
    return applied
