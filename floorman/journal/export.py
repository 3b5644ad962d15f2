"""Export the journal: every column of every ruling, oldest first, as CSV or JSON.

In CSV the JSON columns (table_setup, events, rulings...) are JSON text in their cell, so a
spreadsheet shows them and a script can parse them back; in JSON they are nested values. A CSV
cell that a spreadsheet would take for a formula gets a leading apostrophe (FORMULA_STARTS).
"""

from __future__ import annotations

import csv
import json
from collections.abc import Iterable
from typing import IO

from floorman.journal.schema import COLUMNS, JSON_COLUMNS
from floorman.journal.store import Entry

FORMATS = ("csv", "json")


# A cell a spreadsheet would read as a formula (=, +, -, @) or that a tab or carriage return
# opens; a staff name is typed by anyone, so such a cell is written with a leading apostrophe.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(cell: object) -> object:
    """The cell as a spreadsheet shows it, never run: `=cmd|...` becomes `'=cmd|...`."""
    if isinstance(cell, str) and cell.startswith(FORMULA_STARTS):
        return "'" + cell
    return cell


def write_csv(entries: Iterable[Entry], stream: IO[str]) -> int:
    writer = csv.writer(stream)
    writer.writerow(COLUMNS)
    count = 0
    for entry in entries:
        writer.writerow([spreadsheet_safe(json.dumps(getattr(entry, name), ensure_ascii=False)
                                          if name in JSON_COLUMNS else
                                          ("" if getattr(entry, name) is None else getattr(entry, name)))
                         for name in COLUMNS])
        count += 1
    return count


def write_json(entries: Iterable[Entry], stream: IO[str]) -> int:
    """A JSON list, one object per ruling; written as it is read, so a long journal is not held whole."""
    count = 0
    stream.write("[")
    for entry in entries:
        stream.write(",\n  " if count else "\n  ")
        stream.write(json.dumps(entry.to_json(), ensure_ascii=False))
        count += 1
    stream.write("\n]\n" if count else "]\n")
    return count


def export(entries: Iterable[Entry], stream: IO[str], format: str) -> int:
    """Write the entries in `format` ('csv' or 'json'); return how many were written."""
    if format == "csv":
        return write_csv(entries, stream)
    if format == "json":
        return write_json(entries, stream)
    raise ValueError(f"unknown export format {format!r} (expected one of {', '.join(FORMATS)})")
