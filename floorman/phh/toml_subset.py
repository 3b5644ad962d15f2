"""The TOML of a PHH text read into a dict, as `tomllib.loads(text, parse_float=Decimal)` reads it.

A fast path reads the subset PHH writers produce (`[section]` headers and one-line `key = value`
pairs with flat arrays); anything beyond it goes to the standard library's `tomllib`, which also
reports TOML errors (turned into an InputFileError with the file's line).
"""

from __future__ import annotations

import datetime
import re
import tomllib
from decimal import Decimal
from typing import Any

from floorman.errors import InputFileError

__all__ = ["SECTION_HEADER", "read_toml"]

#: A section header line: `[12]`, with an optional comment.
SECTION_HEADER = re.compile(r"^\s*\[\s*([^\]\s]+)\s*\]\s*(?:#.*)?$")

_TOML_LINE = re.compile(r"at line (\d+)")
_MAX_NESTING = 100
_QUOTED_OR_COMMENT = re.compile(r"#.*|'[^'\n]*'|" + r'"(?:[^"\\\n]|\\.)*"')


def read_toml(text: str, source: str, line_offset: int = 0) -> dict[str, Any]:
    """The text's TOML; an InputFileError (file, line) when it is not valid TOML.
    `line_offset`: lines of the file before `text`."""
    try:
        return _fast_toml(text)
    except _NotSimple:
        pass
    try:
        return tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        match = _TOML_LINE.search(message)
        line = int(match.group(1)) if match else (len(text.splitlines()) or 1) if "end of document" in message \
            else None
        message = re.sub(r"\s*\((?:at line \d+, column \d+|at end of document)\)", "", message)
        message = (message[:1].lower() + message[1:]) if message else "invalid TOML"
        raise InputFileError(f"not valid TOML: {message}", file=source,
                             line=line + line_offset if line is not None else None) from None
    except RecursionError:
        # tomllib reads nested arrays recursively: thousands of levels exhaust the stack (no PHH
        # field nests more than one level)
        line = _too_deep(text)
        raise InputFileError(f"arrays or tables nested more than {_MAX_NESTING} deep: not a hand history",
                             file=source, line=line + line_offset if line is not None else None) from None


def _too_deep(text: str) -> int | None:
    """The line where brackets first nest more than _MAX_NESTING deep (strings and comments
    aside, roughly: only to point at the place)."""
    depth = 0
    for number, line in enumerate(text.splitlines(), 1):
        for char in _QUOTED_OR_COMMENT.sub("", line):
            if char in "[{":
                depth += 1
                if depth > _MAX_NESTING:
                    return number
            elif char in "]}":
                depth = max(depth - 1, 0)
    return None


class _NotSimple(Exception):
    """The text uses TOML beyond the one-line subset the fast path reads: use tomllib."""


_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_KEY_LINE = re.compile(r"([A-Za-z0-9_-]+)[ \t]*=[ \t]*(.*)")
_TOKEN = re.compile(r"""[ \t]*(?:
    '(?P<lit>[^'\n]*)'
  | "(?P<basic>[^"\\\n]*)"
  | (?P<time>[0-9]{2}:[0-9]{2}:[0-9]{2})(?![0-9A-Za-z:.+-])
  | (?P<num>[+-]?(?:inf|nan|(?:0|[1-9](?:_?[0-9])*)(?:\.[0-9](?:_?[0-9])*)?(?:[eE][+-]?[0-9](?:_?[0-9])*)?))
      (?![0-9A-Za-z:._+-])
  | (?P<bool>true|false)(?![0-9A-Za-z_-])
  | (?P<open>\[) | (?P<close>\]) | (?P<comma>,)
  | (?P<end>\#[^\n]*|$)
)""", re.VERBOSE)


_NUM = r"[+-]?(?:inf|nan|(?:0|[1-9](?:_?[0-9])*)(?:\.[0-9](?:_?[0-9])*)?(?:[eE][+-]?[0-9](?:_?[0-9])*)?)"
_STR = r"""(?:'[^'\n]*'|"[^"\\\n]*")"""
# flat one-line arrays of strings or of numbers, read with one regex each (the bulk of a PHH file)
_STR_ARRAY = re.compile(rf"\[[ \t]*(?:{_STR}[ \t]*,[ \t]*)*(?:{_STR}[ \t]*,?[ \t]*)?\]")
_STR_ITEM = re.compile("'([^'\\n]*)'|\"([^\"\\\\\\n]*)\"")
_NUM_ARRAY = re.compile(rf"\[[ \t]*(?:{_NUM}[ \t]*,[ \t]*)*(?:{_NUM}[ \t]*,?[ \t]*)?\]")


def _number(text: str) -> int | Decimal:
    if "." in text or "e" in text or "E" in text or "inf" in text or "nan" in text:
        return Decimal(text.replace("_", ""))
    return int(text.replace("_", ""))


def _scalar(match: re.Match[str]) -> Any:
    kind = match.lastgroup
    text = match.group(kind or 0)
    if kind == "lit" or kind == "basic":
        return text
    if kind == "num":
        return _number(text)
    if kind == "bool":
        return text == "true"
    if kind == "time":
        hour, minute, second = map(int, text.split(":"))
        try:
            return datetime.time(hour, minute, second)
        except ValueError:
            raise _NotSimple from None
    raise _NotSimple


_KEYS_SEEN: set[str] = set()    # keys _KEY_LINE has accepted (PHH files use a few dozen)


# decimal integers as PHH writes them: ASCII digits, no sign, no leading zero, no `_`
# characters TOML refuses outside comments (tab and newline aside), and the line breaks
# str.splitlines() knows and TOML does not (\r alone, \x85, \u2028...): tomllib decides
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f\x85\u2028\u2029]")
_PLAIN_INTS = re.compile(r"(?:0|[1-9][0-9]*)(?:, (?:0|[1-9][0-9]*))*")


def _fast_value(line: str) -> Any:
    """One value that starts and ends on this line: a scalar or a flat array of scalars."""
    # the shapes PHH writers produce (`['a', 'b']`, `[0, 50]`, `'NT'`, `100`), checked exactly,
    # before the general regexes below
    if line[:2] == "['" and line[-2:] == "']":
        inner = line[2:-2]
        items = inner.split("', '")
        # no quote inside an item (each separator holds two) and no control character
        if inner.count("'") == 2 * len(items) - 2 and inner.isprintable():
            return items
    elif line[:1] == "[" and line[-1:] == "]":
        if _PLAIN_INTS.fullmatch(line, 1, len(line) - 1):
            return list(map(int, line[1:-1].split(", ")))
    elif line.isdigit() and line.isascii() and (line[0] != "0" or len(line) == 1):   # 0|[1-9][0-9]*
        return int(line)
    elif line == "false" or line == "true":
        return line == "true"
    elif line[:1] == "'" and line[-1:] == "'" and len(line) > 1 and line.count("'") == 2 \
            and line.isprintable():
        return line[1:-1]
    if line.endswith("]"):
        if _STR_ARRAY.fullmatch(line):
            return [a if b is None else b for a, b in
                    ((m.group(1), m.group(2)) for m in _STR_ITEM.finditer(line))]
        if _NUM_ARRAY.fullmatch(line):
            inner = line[1:-1].strip().rstrip(",")
            return [_number(item.strip()) for item in inner.split(",")] if inner else []
    return _token_value(line)


def _token_value(line: str) -> Any:
    """`_fast_value` token by token: a scalar, or a flat array of scalars that ends on this line."""
    match = _TOKEN.match(line)
    if match is None or match.lastgroup in ("close", "comma", "end"):
        raise _NotSimple
    if match.lastgroup != "open":
        value = _scalar(match)
        end = _TOKEN.match(line, match.end())
        if end is None or end.lastgroup != "end":
            raise _NotSimple
        return value
    items: list[Any] = []
    position = match.end()
    expect_item = True
    while True:
        match = _TOKEN.match(line, position)
        if match is None:
            raise _NotSimple
        kind = match.lastgroup
        position = match.end()
        if kind == "close":
            break
        if kind == "comma" and not expect_item:
            expect_item = True
            continue
        if kind in ("open", "comma", "end") or not expect_item:
            raise _NotSimple   # nested, empty item, or an array going on to the next line
        items.append(_scalar(match))
        expect_item = False
    end = _TOKEN.match(line, position)
    if end is None or end.lastgroup != "end":
        raise _NotSimple
    return items


def _fast_toml(text: str) -> dict[str, Any]:
    """The subset of TOML that PHH writers produce: `[section]` headers and one-line
    `key = value` pairs with flat arrays. Anything else raises _NotSimple (tomllib then reads
    the text, and reports errors). Gives exactly what `tomllib.loads(parse_float=Decimal)` gives."""
    if _CONTROL.search(text):
        raise _NotSimple
    root: dict[str, Any] = {}
    table = root
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped or stripped[0] == "#":
            continue
        if stripped[0] == "[":
            header = SECTION_HEADER.match(stripped)
            if header is None or not _BARE_KEY.fullmatch(header.group(1)):
                raise _NotSimple
            name = header.group(1)
            if name in root:
                raise _NotSimple
            table = root[name] = {}
            continue
        key, equals, value = stripped.partition(" = ")
        if not equals or key not in _KEYS_SEEN or value[:1] in " \t":
            match = _KEY_LINE.fullmatch(stripped)
            if match is None:
                raise _NotSimple
            key, value = match.group(1), match.group(2)
            if len(_KEYS_SEEN) < 1024:
                _KEYS_SEEN.add(key)
        if key in table:
            raise _NotSimple
        table[key] = _fast_value(value)
    return root
