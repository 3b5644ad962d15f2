"""The ruling journal: every ruling floorman gives (rule, table, ask), on record in an embedded
SQLite file, committed before the ruling is shown. See docs/journal.md.

    Journal.open(path=None) -> Journal     record(...) -> id    entries() / entry(id) / all()
    record_ruling(report_json, command=..., situation=...) -> (id, None) | (None, warning)
    record_undo([id, ...]) -> None | warning     (a ruling taken back: a new row naming it)
"""

from __future__ import annotations

from floorman.journal.recording import WARNING, close_all, record_ruling, record_undo, shared_journal
from floorman.journal.schema import COLUMNS, JSON_COLUMNS, SCHEMA_VERSION, JournalError
from floorman.journal.store import Entry, Journal, JournalMissing, default_path, resolve_path

__all__ = ["COLUMNS", "JSON_COLUMNS", "SCHEMA_VERSION", "WARNING", "Entry", "Journal", "JournalError",
           "JournalMissing", "close_all", "default_path", "record_ruling", "record_undo", "resolve_path",
           "shared_journal"]
