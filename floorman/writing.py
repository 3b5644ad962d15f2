"""Writing a file the user named (`journal export --output`, the table's `save`), without losing
anything that was there.

A file that exists is replaced only when the user says so (`--force`); a database (the journal,
or any SQLite file and its write-ahead log), a folder or a device is never written over; a
missing folder is not made up. The new file is written beside the old one under a temporary
name and renamed over it once complete, so a failure (a full disk, an error while the content
is made) leaves what was there as it was.
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import IO, TypeVar

from floorman.errors import FloormanError

T = TypeVar("T")

SQLITE_HEADER = b"SQLite format 3\x00"
_SQLITE_SIDE_FILES = ("-wal", "-shm", "-journal")


def is_database(path: Path) -> bool:
    """An SQLite database, or one of the files SQLite keeps beside one (its log, its index)."""
    for suffix in _SQLITE_SIDE_FILES:
        if path.name.endswith(suffix):
            return is_database(path.with_name(path.name[:-len(suffix)]))
    try:
        with path.open("rb") as stream:
            return stream.read(len(SQLITE_HEADER)) == SQLITE_HEADER
    except OSError:
        return False


def check_target(path: Path, *, force: bool, flag: str, protect: tuple[Path, ...] = ()) -> None:
    """Refuse a target that must not be written: a protected file (the journal being read), a
    database, a folder, a device, a missing folder, or a file that exists without `force`."""
    where = str(path)
    for kept in protect:
        try:
            same = path.exists() and kept.exists() and os.path.samefile(path, kept)
        except OSError:
            same = False
        if same or path.resolve() == kept.resolve():
            raise FloormanError("this is the journal being read: write the export to another file", file=where)
    if path.is_dir():
        raise FloormanError("this is a folder: give a file name", file=where)
    if not path.parent.is_dir():
        raise FloormanError(f"the folder {path.parent} does not exist (floorman does not make it)", file=where)
    if is_database(path):
        raise FloormanError("this is an SQLite database or its log (a journal?): floorman never writes over one",
                            file=where)
    try:
        status = path.stat()
    except FileNotFoundError:
        return
    except OSError as error:
        raise FloormanError(f"cannot use this file ({error.strerror})", file=where) from None
    if not stat.S_ISREG(status.st_mode):
        raise FloormanError("this is not a plain file (a device or a pipe): give a file name", file=where)
    if not force:
        raise FloormanError(f"the file exists ({flag} replaces it)", file=where)


def write_file(path: Path, write: Callable[[IO[str]], T], *, force: bool = False, flag: str = "--force",
               protect: tuple[Path, ...] = ()) -> T:
    """Check the target (check_target), then write it: `write(stream)` fills a temporary file
    beside it, which is synced and renamed over the target. Returns what `write` returns."""
    check_target(path, force=force, flag=flag, protect=protect)
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    except OSError as error:
        raise FloormanError(f"cannot write here ({error.strerror})", file=str(path)) from None
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as stream:
            result = write(stream)
            stream.flush()
            os.fsync(stream.fileno())
        if path.exists():         # the new file keeps the old one's permissions
            os.chmod(temporary, stat.S_IMODE(path.stat().st_mode))
        else:
            os.chmod(temporary, 0o666 & ~_umask())
        os.replace(temporary, path)
    except OSError as error:
        _remove(temporary)
        raise FloormanError(f"cannot write the file ({error.strerror or error})", file=str(path)) from None
    except BaseException:
        _remove(temporary)
        raise
    return result


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _remove(temporary: str) -> None:
    try:
        os.unlink(temporary)
    except OSError:
        pass
