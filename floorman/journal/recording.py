"""record_ruling: put a ruling on record from the commands that give one (rule, table, ask).

It never raises: a journal that cannot be written must not keep a ruling from being shown.
The caller shows the ruling and then the warning line it returns. The journal stays open for
the life of the process (a table session rules many times), keyed by its path; a file moved or
replaced meanwhile is noticed and reopened.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from floorman.journal.store import Journal, resolve_path

if TYPE_CHECKING:
    from floorman.engine.facts import Situation

WARNING = "not recorded in the journal: "

_OPEN: dict[Path, tuple[Journal, int]] = {}


def _inode(path: Path) -> int:
    try:
        return os.stat(path).st_ino
    except OSError:
        return -1


def shared_journal(path: str | Path | None = None) -> Journal:
    """The process's open journal at `path` (see Journal.open for None), opened on first use."""
    where, _ = resolve_path(path)
    held = _OPEN.get(where)
    if held is not None:
        journal, inode = held
        if inode == _inode(where):
            return journal
        _forget(where)
    journal = Journal.open(path)
    _OPEN[where] = (journal, _inode(where))
    return journal


def _forget(where: Path) -> None:
    held = _OPEN.pop(where, None)
    if held is not None:
        try:
            held[0].close()
        except Exception:  # noqa: BLE001 - closing a broken connection must not hide the first error
            pass


def close_all() -> None:
    """Close every journal this process opened (tests; a session that ends cleanly)."""
    for where in list(_OPEN):
        _forget(where)


def _one_line(text: str) -> str:
    return " ".join(text.split())


def record_ruling(report_json: dict[str, Any], *, command: str, situation: "Situation", staff: str | None = None,
                  journal_path: str | Path | None = None, table_name: str | None = None) -> tuple[int | None, str | None]:
    """Record a ruling; return (id, None), or (None, "not recorded in the journal: <why>").

    `report_json` is RulingReport.to_json() (its profile, rulings, pots and hands are kept; the
    trace is not); `situation` gives the table, events, incidents and room options, stored as
    their model_dump(mode="json"). Never raises."""
    where: Path | None = None
    try:
        where, _ = resolve_path(journal_path)
        journal = shared_journal(journal_path)
        table = situation.table
        entry_id = journal.record(
            command=command,
            profile=str(report_json.get("profile") or situation.profile),
            table=table.model_dump(mode="json"),
            events=[event.model_dump(mode="json") for event in situation.events],
            incidents=[incident.model_dump(mode="json") for incident in situation.incidents],
            rulings=list(report_json.get("rulings", [])),
            pots=list(report_json.get("pots", [])),
            hands=dict(report_json.get("hands", {})),
            options=dict(situation.options),
            staff=staff, table_name=table_name or getattr(table, "name", None) or None)
    except Exception as error:  # noqa: BLE001 - the ruling is shown whatever goes wrong here
        if where is not None:
            _forget(where)        # reopen next time: the file may have been repaired or moved aside
        from floorman.errors import FloormanError

        why = str(error) if isinstance(error, FloormanError) else f"{type(error).__name__}: {error}"
        return None, WARNING + _one_line(why)
    return entry_id, None
