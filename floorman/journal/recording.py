"""record_ruling: put a ruling on record from the commands that give one (rule, table, ask).

It never raises: a journal that cannot be written must not keep a ruling from being shown.
The caller shows the ruling and then the warning line it returns. The journal stays open for
the life of the process (a table session rules many times), keyed by its path; a file moved or
replaced meanwhile is noticed and reopened.

A ruling the journal could not take because another program held it locked (past the 1 s wait)
is kept in memory and recorded, with the time it was given, as soon as the journal is free:
before the next ruling, and at the latest when the process ends (close_all, or at exit), where
it waits longer. Only if the journal stays locked until then is it lost, and that is said.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from floorman.journal.schema import JournalError
from floorman.journal.store import Journal, resolve_path, utc_now

if TYPE_CHECKING:
    from floorman.engine.facts import Situation

WARNING = "not recorded in the journal: "

_OPEN: dict[Path, tuple[Journal, int]] = {}
# rulings shown while the journal was locked, oldest first, to record once it is free
_KEPT: dict[Path, list[dict[str, Any]]] = {}
KEPT_NOTE = "; kept, and recorded as soon as the journal is free"
FINAL_WAIT_SECONDS = 5            # how long the end of the process waits for a locked journal


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
    """Record what was kept while a journal was locked (waiting up to FINAL_WAIT_SECONDS), then
    close every journal this process opened (tests; a session that ends cleanly)."""
    for where in list(_KEPT):
        _record_kept(where, wait=FINAL_WAIT_SECONDS)
        lost = _KEPT.pop(where, [])
        if lost:
            import sys

            print(f"{WARNING}{where}: {len(lost)} ruling{'s' if len(lost) != 1 else ''} shown while the journal "
                  "was locked could not be recorded: it stayed locked", file=sys.stderr)
    for where in list(_OPEN):
        _forget(where)


def _record_kept(where: Path, *, wait: float | None = None) -> None:
    """Record the rulings kept for `where`, oldest first, stopping at the first that fails."""
    kept = _KEPT.get(where, [])
    while kept:
        try:
            journal = shared_journal(where)      # open already, or opened again
            if wait is not None:
                journal.wait_for_lock(wait)
            journal.record(**kept[0])
        except Exception:  # noqa: BLE001 - still locked, or worse: kept for the next try
            return
        kept.pop(0)
    _KEPT.pop(where, None)


def _one_line(text: str) -> str:
    return " ".join(text.split())


def record_ruling(report_json: dict[str, Any], *, command: str, situation: "Situation", staff: str | None = None,
                  journal_path: str | Path | None = None, table_name: str | None = None) -> tuple[int | None, str | None]:
    """Record a ruling; return (id, None), or (None, "not recorded in the journal: <why>").

    `report_json` is RulingReport.to_json() (its profile, rulings, pots and hands are kept; the
    trace is not); `situation` gives the table, events, incidents and room options, stored as
    their model_dump(mode="json"). Never raises."""
    where: Path | None = None
    row: dict[str, Any] | None = None
    try:
        where, _ = resolve_path(journal_path)
        journal = shared_journal(journal_path)
        table = situation.table
        row = dict(
            command=command,
            profile=str(report_json.get("profile") or situation.profile),
            table=table.model_dump(mode="json"),
            events=[event.model_dump(mode="json") for event in situation.events],
            incidents=[incident.model_dump(mode="json") for incident in situation.incidents],
            rulings=list(report_json.get("rulings", [])),
            pots=list(report_json.get("pots", [])),
            hands=dict(report_json.get("hands", {})),
            options=dict(situation.options),
            staff=staff, table_name=table_name or getattr(table, "name", None) or None, recorded_at=utc_now())
        _record_kept(where)                   # the rulings kept while it was locked go first, in order
        if where in _KEPT:
            raise JournalError("the journal is still locked by another program", file=str(where))
        entry_id = journal.record(**row)
    except Exception as error:  # noqa: BLE001 - the ruling is shown whatever goes wrong here
        from floorman.errors import FloormanError

        why = str(error) if isinstance(error, FloormanError) else f"{type(error).__name__}: {error}"
        if where is not None and row is not None and "locked" in why:
            _keep(where, row)
            return None, WARNING + _one_line(why) + KEPT_NOTE
        if where is not None:
            _forget(where)        # reopen next time: the file may have been repaired or moved aside
        return None, WARNING + _one_line(why)
    return entry_id, None


def record_undo(entry_ids: list[int], *, staff: str | None = None,
                journal_path: str | Path | None = None) -> str | None:
    """Record that these rulings were taken back (`undo` at the table): one new row each, naming
    it. Returns None, or the line saying it was not recorded. Never raises."""
    try:
        where, _ = resolve_path(journal_path)
        _record_kept(where)
        journal = shared_journal(journal_path)
        for entry_id in entry_ids:
            journal.record_undo(entry_id, staff=staff, recorded_at=utc_now())
    except Exception as error:  # noqa: BLE001 - the undo is done whatever goes wrong here
        from floorman.errors import FloormanError

        why = str(error) if isinstance(error, FloormanError) else f"{type(error).__name__}: {error}"
        return WARNING + _one_line(f"the undo of ruling {', '.join(f'#{n}' for n in entry_ids)}: {why}")
    return None


def _keep(where: Path, row: dict[str, Any]) -> None:
    global _AT_EXIT
    if not _AT_EXIT:
        import atexit

        atexit.register(close_all)        # a command that ends without close_all still records them
        _AT_EXIT = True
    _KEPT.setdefault(where, []).append(row)


_AT_EXIT = False
