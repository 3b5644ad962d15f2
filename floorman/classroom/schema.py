"""The class file's SQLite schema and its migrations, in the journal's style (floorman/journal/schema.py).

A class file is its own SQLite file beside the ruling journal (classes.sqlite3 in the journal's
folder), so a class of thirty trainees answering at once never holds the journal's lock. Its
`PRAGMA application_id` is "FLMC", not the journal's "FLMN": neither file is ever taken for the
other. `PRAGMA user_version` N means the first N steps of MIGRATIONS are applied; a new version
is a new entry appended to MIGRATIONS, never an edit of an old one. The identity is checked
before anything is written.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from floorman.errors import FloormanError
from floorman.journal.schema import APPLICATION_ID as JOURNAL_APPLICATION_ID
from floorman.journal.schema import apply_migrations

if TYPE_CHECKING:
    import sqlite3

APPLICATION_ID = 0x464C4D43        # "FLMC"

MIGRATIONS: list[list[str]] = [
    # v1: classes, their questions (frozen when the class is made), trainees and their answers
    [
        """CREATE TABLE setting (
            name  TEXT PRIMARY KEY,
            value TEXT NOT NULL                 -- 'form_secret': signs the forms' CSRF tokens across restarts
        )""",
        """CREATE TABLE class (
            code       TEXT PRIMARY KEY,        -- what trainees type to join: 5 letters and digits
            created_at TEXT NOT NULL,           -- UTC, ISO 8601 with milliseconds
            status     TEXT NOT NULL CHECK (status IN ('preparing', 'open', 'closed', 'failed')),
            options    TEXT NOT NULL CHECK (json_valid(options)),   -- topics, count, difficulty, seed, set
            problem    TEXT,                    -- why the questions could not be made (status 'failed')
            closed_at  TEXT
        )""",
        """CREATE TABLE question (
            class_code  TEXT NOT NULL REFERENCES class (code),
            position    INTEGER NOT NULL CHECK (position >= 1),     -- the order every trainee gets
            question_id TEXT NOT NULL,
            topic       TEXT NOT NULL,
            body        TEXT NOT NULL CHECK (json_valid(body)),     -- the quiz export's question JSON
            PRIMARY KEY (class_code, position)
        )""",
        """CREATE TABLE trainee (
            id         INTEGER PRIMARY KEY AUTOINCREMENT,
            class_code TEXT NOT NULL REFERENCES class (code),
            name       TEXT NOT NULL,
            name_key   TEXT NOT NULL,           -- the name casefolded: Ann and ANN are one trainee
            key        TEXT NOT NULL UNIQUE,    -- the trainee's cookie: who answers
            joined_at  TEXT NOT NULL,
            UNIQUE (class_code, name_key)
        )""",
        """CREATE TABLE answer (
            id          INTEGER PRIMARY KEY AUTOINCREMENT,
            trainee_id  INTEGER NOT NULL REFERENCES trainee (id),
            position    INTEGER NOT NULL,
            given       TEXT NOT NULL,          -- a letter, or the number's digits
            correct     INTEGER NOT NULL CHECK (correct IN (0, 1)),
            answered_at TEXT NOT NULL,
            UNIQUE (trainee_id, position)       -- an answer is recorded once: a replayed form changes nothing
        )""",
        "CREATE INDEX trainee_class ON trainee (class_code)",
    ],
]

SCHEMA_VERSION = len(MIGRATIONS)


class ClassFileError(FloormanError):
    """The class file cannot be opened, read or written: corrupt, locked, read-only, made by a
    newer floorman, or not a floorman class file at all (the journal given by mistake, say)."""


def check_identity(connection: "sqlite3.Connection", where: str) -> int:
    """The file's schema version, after checking it is a class file this floorman can use."""
    version = int(connection.execute("PRAGMA user_version").fetchone()[0])
    application = int(connection.execute("PRAGMA application_id").fetchone()[0])
    if application not in (0, APPLICATION_ID) or (application == 0 and version > 0):
        what = "the floor's ruling journal" if application == JOURNAL_APPLICATION_ID else "another program's SQLite database"
        raise ClassFileError(f"not a floorman class file ({what}, application id {application:#x})", file=where)
    if version > SCHEMA_VERSION:
        raise ClassFileError(f"written by a newer floorman (class file version {version}; this floorman reads up "
                             f"to {SCHEMA_VERSION}): upgrade floorman", file=where)
    return version


def migrate(connection: "sqlite3.Connection", where: str) -> None:
    """Bring the class file up to SCHEMA_VERSION in one transaction (autocommit connection)."""
    apply_migrations(connection, where, MIGRATIONS, APPLICATION_ID, check_identity,
                     foreign=lambda tables: ClassFileError("not a floorman class file (an SQLite database "
                                                           f"holding {', '.join(tables[:5])})", file=where))
