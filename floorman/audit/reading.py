"""The audit's input: files, folders and globs, cut into pieces of whole hands carried as bytes.

A piece is what one task audits, in this process, in another process or on a Dask worker: the
bytes of a run of whole hands of one file and the line they start on. A task carries bytes, never
a path, so a worker needs no access to the client's disk. A file is read in blocks and cut at its
section headers (`[1]`, `[2]`, ...), so memory does not grow with the size of a file or with the
number of files; a piece is parsed one section at a time, so one bad hand never rejects the
others (floorman.audit.run).

What cannot be read at all (no such file, an empty or binary file, a section named twice) is a
piece with a `problem`: the task turns it into one `unreadable` result.
"""

from __future__ import annotations

import codecs
import glob
import os
import re
import stat
from array import array
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path
from typing import BinaryIO

#: Hands per piece: enough to amortise the hop to another process or worker (a hand audits in
#: about 1 ms), few enough to spread one file over 2-8 workers.
HANDS_PER_PIECE = 64
MAX_PIECE_BYTES = 4 << 20          # a piece of few but huge hands is cut earlier
BLOCK = 1 << 20                    # bytes read from a file at a time
SUFFIXES = (".phh", ".phhs")       # what a folder is searched for (recursively)

_HEADER = re.compile(rb"^[ \t]*\[[ \t]*([^\]\s]+)[ \t]*\][ \t]*(?:#[^\n]*)?\r?$", re.M)
_SINGLE_HAND = re.compile(rb"^[ \t]*(?:variant|actions)[ \t]*=", re.M)     # fields at the top: one hand
_CONTENT = re.compile(rb"^[ \t]*[^\s#]", re.M)                             # a line that is not blank or a comment
_GLOB = re.compile(r"[*?[]")


@dataclass(frozen=True, slots=True)
class Piece:
    source: str                    # the file as the user named it: used in the results only
    first_line: int                # the line of the file `text` starts on
    text: bytes                    # whole sections (or one single-hand file)
    problem: str | None = None     # why nothing here can be read (text is then empty)
    section: str | None = None     # the section the problem is in, if one


@dataclass(frozen=True, slots=True)
class Section:
    name: str | None               # None: a single-hand file, or text before the first header
    first_line: int
    text: bytes


# ------------------------------------------------------------------------------------ inputs
def input_files(inputs: Iterable[str]) -> Iterator[tuple[str, str | None]]:
    """(file, problem) for each file named, found in a folder (recursively, .phh and .phhs, in
    path order) or matched by a glob (sorted), in the order given; problem is None for a file
    to read."""
    for given in inputs:
        path = Path(given)
        if path.is_dir():
            found = False
            for name in _walk(given):
                found = True
                yield name, None
            if not found:
                yield given, f"no {' or '.join(SUFFIXES)} file in this folder"
        elif path.exists() or not _GLOB.search(given):
            yield given, None       # a file (or a missing one: reading it says so)
        else:
            matched = sorted(glob.glob(given, recursive=True))
            if not matched:
                yield given, "no file matches this pattern"
            for name in matched:
                if Path(name).is_dir():
                    yield from input_files([name])
                else:
                    yield name, None


def _walk(folder: str) -> Iterator[str]:
    """The hand-history files under a folder in path order, one folder's listing at a time."""
    for top, folders, files in os.walk(folder):
        folders.sort()
        # a folder's files come before its subfolders' (os.walk's order), each list sorted
        yield from (os.path.join(top, name) for name in sorted(files) if name.endswith(SUFFIXES))


def pieces(inputs: Iterable[str], hands: int = HANDS_PER_PIECE) -> Iterator[Piece]:
    """Every input file cut into pieces of at most `hands` hands, in order."""
    for name, problem in input_files(inputs):
        if problem is not None:
            yield Piece(name, 1, b"", problem)
            continue
        try:
            mode = os.stat(name).st_mode
            if not (stat.S_ISREG(mode) or stat.S_ISFIFO(mode)):
                # a device never ends (/dev/zero) or is no hand history: refused like every data path
                yield Piece(name, 1, b"", "this is a device, not a file (floorman reads files and pipes only)")
                continue
            stream = open(name, "rb")  # noqa: SIM115 - opened here to tell open errors apart; `with stream` below closes it
        except FileNotFoundError:
            yield Piece(name, 1, b"", "no such file")
            continue
        except OSError as error:
            yield Piece(name, 1, b"", f"cannot read the file: {error.strerror or error}")
            continue
        with stream:
            try:
                yield from file_pieces(stream, name, hands)
            except OSError as error:        # a read error part way (a folder, a device, a lost mount)
                yield Piece(name, 1, b"", f"cannot read the file: {error.strerror or error}")


def batches(work: Iterable[Piece], size: int) -> Iterator[tuple[Piece, ...]]:
    """Consecutive pieces together up to about `size` bytes: one task for many small files (a
    folder of single-hand .phh files), one for each piece of a large file."""
    batch: list[Piece] = []
    total = 0
    for piece in work:
        batch.append(piece)
        total += len(piece.text) + 64          # a problem piece still costs a result
        if total >= size:
            yield tuple(batch)
            batch, total = [], 0
    if batch:
        yield tuple(batch)


def file_pieces(stream: BinaryIO, source: str, hands: int = HANDS_PER_PIECE) -> Iterator[Piece]:
    """One file's sections grouped into pieces; a section named twice is a piece of its own,
    unreadable (the first one is audited)."""
    seen = _SeenNames()
    group: list[Section] = []
    size = 0

    def flush() -> Iterator[Piece]:
        nonlocal group, size
        if group:
            yield Piece(source, group[0].first_line, b"".join(s.text for s in group))
        group, size = [], 0

    problems: list[str] = []
    count = 0
    for count, section in enumerate(sections(stream, problems), 1):  # noqa: B007 - read after the loop
        if section.name is not None:
            first = seen.add(section.name, section.first_line)
            if first is not None:
                yield from flush()
                yield Piece(source, section.first_line, b"",
                            f"section [{section.name}] appears twice (first at line {first})", section.name)
                continue
        group.append(section)
        size += len(section.text)
        if len(group) >= hands or size >= MAX_PIECE_BYTES:
            yield from flush()
    yield from flush()
    if not count and not problems:
        problems.append("no hand in the file (only comments and blank lines)")
    for problem in problems:
        yield Piece(source, 1, b"", problem)


def sections(stream: BinaryIO, problems: list[str] | None = None) -> Iterator[Section]:
    """The sections of a PHH/PHHS file read in blocks: each header line with what follows it up
    to the next header. A file with fields before its first header (`variant = ...`) is one
    hand; other text before the first header is a section of its own (it cannot be read), blank
    lines and comments there are skipped. An empty or binary file has no section: its problem
    is appended to `problems`."""
    blocks = _Blocks(stream)
    problem = _not_text(blocks.buffer)
    if problem is not None:
        if problems is not None:
            problems.append(problem)
        return
    match = blocks.next_header(0)
    preamble = blocks.buffer[:match.start() if match else len(blocks.buffer)]
    if _SINGLE_HAND.search(preamble):
        while blocks.fill():
            pass
        yield Section(None, 1, blocks.buffer)
        return
    if _CONTENT.search(preamble):
        yield Section(None, 1, preamble)
    line = 1 + blocks.take(len(preamble)).count(b"\n")
    while blocks.buffer:
        header = _HEADER.match(blocks.buffer)
        assert header is not None       # the buffer starts where a header was found
        match = blocks.next_header(header.end())
        text = blocks.take(match.start() if match else len(blocks.buffer))
        yield Section(header.group(1).decode("utf-8", "replace").strip("'\""), line, text)
        line += text.count(b"\n")


class _Blocks:
    """A file's bytes from the current section on, read a block at a time as needed."""

    def __init__(self, stream: BinaryIO) -> None:
        self.stream = stream
        self.buffer = stream.read(BLOCK)
        self.eof = len(self.buffer) < BLOCK

    def fill(self) -> bool:
        if self.eof:
            return False
        more = self.stream.read(BLOCK)
        self.eof = len(more) < BLOCK
        self.buffer += more
        return True

    def next_header(self, start: int) -> re.Match[bytes] | None:
        """The next complete header line at or after `start` (reading on until one or the end)."""
        while True:
            match = _HEADER.search(self.buffer, start)
            # a header line must be whole: one cut by the block's end may go on ("[1] = x")
            if match is not None and (match.end() < len(self.buffer) or self.eof):
                return match
            if not self.fill():
                return match

    def take(self, end: int) -> bytes:
        text, self.buffer = self.buffer[:end], self.buffer[end:]
        return text


def piece_sections(piece: Piece) -> Iterator[Section]:
    """A piece's sections again, with the file's line numbers (a worker's side of `sections`)."""
    for section in sections(BytesIO(piece.text)):
        yield Section(section.name, section.first_line + piece.first_line - 1, section.text)


def _not_text(head: bytes) -> str | None:
    """Why the start of a file shows it is not a hand history text, or None."""
    if not head.strip():
        return "the file is empty" if not head else "the file holds no hand (only blank lines)"
    if b"\0" in head:
        return "not a text file (it holds NUL bytes): a hand history is UTF-8 text"
    try:
        codecs.getincrementaldecoder("utf-8")().decode(head, final=False)
    except UnicodeDecodeError as error:
        line = head.count(b"\n", 0, error.start) + 1
        return f"not UTF-8 text (line {line}, byte {error.start}): a hand history is UTF-8 text"
    return None


class _SeenNames:
    """The section names seen in one file, to refuse a second section of the same name. Names
    that are whole numbers (nearly all) cost 4 bytes each (their first line, in an array), so a
    file of millions of hands keeps the client's memory small; others are kept in a dict."""

    _MAX_NUMBER = 1 << 22

    def __init__(self) -> None:
        self.numbers = array("I")
        self.others: dict[str, int] = {}

    def add(self, name: str, line: int) -> int | None:
        """Record a name; the line it was first seen on when seen before (None the first time)."""
        line = min(line, 0xFFFFFFFF)
        if name.isdigit() and len(name) < 8 and str(int(name)) == name and int(name) < self._MAX_NUMBER:
            number = int(name)
            if number >= len(self.numbers):
                self.numbers.extend(array("I", bytes(4 * (number + 1 - len(self.numbers)))))
            first: int | None = self.numbers[number]
            if first:
                return first
            self.numbers[number] = line
            return None
        first = self.others.get(name)
        if first is None:
            self.others[name] = line
        return first
