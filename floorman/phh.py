"""PHH / PHHS hand histories -> a floorman `Table` and its events, and a compact replay.

The Poker Hand History format (spec `uoftcprg/phh-std`, reference implementation
`pokerkit.notation`) is TOML: one hand per `.phh` file, or many hands under section headers
`[1]`, `[2]`, ... in a `.phhs` file. This reader does not use pokerkit (~270 ms to import): a
fast path reads the one-line TOML that PHH writers produce, the standard library's `tomllib`
reads anything else (and reports TOML errors), and floorman events are built directly.

How PHH maps onto floorman
- Players p1..pN sit clockwise. In flop and draw games p1 is the first seat left of the button
  and pN is the button; heads-up pN (p2) is the button and posts the small blind while p1 posts
  the big blind (pokerkit reverses `blinds_or_straddles` and `antes` heads-up: p1 pays entry
  [1], p2 entry [0]). Seat numbers come from the `seats` field when it lists the players
  clockwise; otherwise p1..pN sit in seats 1..N.
- Amounts: chips are integers in floorman. When a hand has decimal amounts (online cash games
  in dollars), every amount is multiplied by the same power of ten (`PhhHand.scale`, e.g. 100:
  one chip = one cent). `inf` starting stacks (iPoker records no stacks) become
  `UNKNOWN_STACK` chips and are listed in `PhhHand.unknown_stacks`.
- Forced bets: `antes` become ante posts (a "big-blind-ante" when only the big blind antes, a
  "button-ante" when only the button does); `blinds_or_straddles` entry 0 is the small blind,
  entry 1 the big blind, later entries straddles, a lone positive entry is the big blind (e.g.
  a button blind), and a negative entry is a live post by a player who has just sat down
  ("new-player"). A post is capped at the stack, as pokerkit does.
- Actions: `d dh pN cards` deals hole cards (stud: the usual down/up pattern), `d db cards` the
  board, `pN f` fold, `pN cc` check or call, `pN cbr X` bet/raise/complete to X, `pN pb` the
  bring-in, `pN sd [cards]` stand pat or discard (the replacement `d dh` that follows makes one
  floorman Draw event), `pN sm cards` shows, `pN sm` mucks, `pN sm -` shows whatever is held,
  and `pN sm ????` keeps the cards face down (the hand cannot win a contested pot). `????` is
  an unknown card. Text after `#` is commentary (a `# ...` action on its own is a note).
- `cc` becomes a check or a call, and `cbr` a bet, raise or (stud) completion, from the
  reader's own count of the bets: the state then checks every action.

`ante_trimming_status` is read and kept (`PhhHand.ante_trimming`) but floorman settles antes as
the TDA does whatever it says: a big-blind or button ante is dead money, and an all-in player
wins from each player only as much ante as it put in. pokerkit with `ante_trimming_status =
true` returns the part of an ante nobody matched, which gives a big-blind ante back to the big
blind (WSOP 2019 Event #42 in the shared data shows the difference).

`replay_hand(hand)` replays the events through `HandState` and settles the hand: it never
repairs a history (pokerkit's replay folds a skipped player, for instance); what is irregular
is reported, and site-rule departures from the TDA are followed with a warning.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from floorman.errors import ActionOutOfTurn, FloormanError, InputFileError, InvalidTable
from floorman.model.cards import UNKNOWN, parse_cards
from floorman.model.events import Action, Board, DealHole, Draw, Event, Muck, Post, Show
from floorman.model.table import (CHIP_LIMIT, BettingStructure, ForcedBets, GameFormat, Seat, Structure, Table,
                                  Variant)

if TYPE_CHECKING:  # pragma: no cover
    from floorman.model.state import HandResult, HandState, StateWarning

__all__ = [
    "SITE_DEPARTURES",
    "UNKNOWN_STACK",
    "VARIANTS",
    "Irregularity",
    "PhhHand",
    "ReplayReport",
    "Step",
    "load",
    "parse_phh",
    "parse_phhs",
    "read_hands",
    "replay_hand",
    "select_hand",
]

#: PHH variant code -> (floorman variant, betting structure). Badugi ('FB') is not a floorman game.
VARIANTS: dict[str, tuple[Variant, BettingStructure]] = {
    "NT": (Variant.HOLDEM, BettingStructure.NO_LIMIT),
    "NS": (Variant.SHORT_DECK, BettingStructure.NO_LIMIT),
    "PO": (Variant.OMAHA, BettingStructure.POT_LIMIT),
    "FT": (Variant.HOLDEM, BettingStructure.FIXED_LIMIT),
    "FO/8": (Variant.OMAHA_HI_LO, BettingStructure.FIXED_LIMIT),
    "F7S": (Variant.STUD, BettingStructure.FIXED_LIMIT),
    "F7S/8": (Variant.STUD_HI_LO, BettingStructure.FIXED_LIMIT),
    "FR": (Variant.RAZZ, BettingStructure.FIXED_LIMIT),
    "N2L1D": (Variant.DEUCE_SEVEN_SINGLE_DRAW, BettingStructure.NO_LIMIT),
    "F2L3D": (Variant.DEUCE_SEVEN_TRIPLE_DRAW, BettingStructure.FIXED_LIMIT),
}

#: Chips given to a seat whose PHH starting stack is `inf` (unknown): more than any real table.
UNKNOWN_STACK = 10 ** 15

_MAX_DECIMALS = 6
_HEADER = re.compile(r"^\s*\[\s*([^\]\s]+)\s*\]\s*(?:#.*)?$")
_TOML_LINE = re.compile(r"at line (\d+)")
_PLAYER = re.compile(r"p([1-9][0-9]?)")

_Number = int | Decimal


# ---------------------------------------------------------------------------------------------- events
_set = object.__setattr__


def _defaults(cls: type) -> dict[str, Any]:
    out = {}
    for name, info in cls.model_fields.items():
        out[name] = None if info.is_required() else info.get_default(call_default_factory=True)
    return out


_EVENT_DEFAULTS = {cls: _defaults(cls) for cls in (Post, DealHole, Board, Draw, Action, Show, Muck, Seat, Table)}


def _event(cls: type, **values: Any) -> Any:
    """A model (an event, a seat) built without validation, as `model_construct` does but
    several times faster.

    Safe only because the reader has already checked every value (cards parsed, seats known,
    amounts integers); tests compare these models with validated ones.
    """
    obj = cls.__new__(cls)
    _set(obj, "__dict__", {**_EVENT_DEFAULTS[cls], **values})
    _set(obj, "__pydantic_fields_set__", set(values))
    _set(obj, "__pydantic_extra__", None)
    _set(obj, "__pydantic_private__", None)
    return obj


def _interned(cache: dict[tuple[Any, ...], Any], cls: type, key: tuple[Any, ...], **values: Any) -> Any:
    """`_event(cls, **values)`, kept in `cache` under `key` for the file's next hands (call it as
    `cache.get(key) or _interned(...)`: a hit then builds no keyword arguments).

    Events are frozen, and a file repeats the same few thousand ('p3 f', 'd dh p1 ????'): one
    object each, per `read_hands` call."""
    event = cls.__new__(cls)          # _event(cls, **values), inline: this runs for every new event
    _set(event, "__dict__", {**_EVENT_DEFAULTS[cls], **values})
    _set(event, "__pydantic_fields_set__", set(values))
    _set(event, "__pydantic_extra__", None)
    _set(event, "__pydantic_private__", None)
    cache[key] = event
    return event


_DEAL_DEFAULTS = _EVENT_DEFAULTS[DealHole]


def _deal_hole(seat: int, cards: tuple[str, ...]) -> DealHole:
    """`_event(DealHole, seat=seat, cards=cards)`, without the keyword arguments."""
    event = DealHole.__new__(DealHole)
    _set(event, "__dict__", {**_DEAL_DEFAULTS, "seat": seat, "cards": cards})
    _set(event, "__pydantic_fields_set__", {"seat", "cards"})
    _set(event, "__pydantic_extra__", None)
    _set(event, "__pydantic_private__", None)
    return event


# ---------------------------------------------------------------------------------------------- hands
@dataclass(slots=True)
class PhhHand:
    """One hand read from a PHH file: the table, the events, and how they map back to the file.

    Chip amounts in `table` and `events` are integers: the file's amounts times `scale`.
    `event_actions[k]` is the index in `actions` of the PHH action that produced event k
    (None for the forced bets the reader posts itself).
    """

    table: Table
    events: list[Event]
    source: str
    section: str | None
    variant_code: str
    scale: int
    seats: tuple[int, ...]                 # seat number of p1..pN
    unknown_stacks: frozenset[int]         # seats whose starting stack the file gives as inf
    ante_trimming: bool
    actions: tuple[str, ...]
    event_actions: list[int | None]
    fields: Mapping[str, Any]
    notes: tuple[str, ...] = ()            # commentary-only actions ("# ...")
    _text: str | None = field(default=None, repr=False)
    _line_offset: int = 0                  # lines of the file before `_text` (a hand read on its own)

    # ---------------------------------------------------------------------------- naming
    @property
    def label(self) -> str:
        """`file[section]`, or the file for a single-hand .phh."""
        return f"{self.source}[{self.section}]" if self.section is not None else self.source

    @property
    def players(self) -> tuple[str, ...]:
        names = self.fields.get("players")
        if isinstance(names, list) and len(names) == len(self.seats):
            return tuple(str(name) for name in names)
        return tuple(f"p{i}" for i in range(1, len(self.seats) + 1))

    def seat_of(self, player: int) -> int:
        """The seat of PHH player pN (1-based)."""
        return self.seats[player - 1]

    def player_of(self, seat: int) -> int:
        """The PHH player number (1-based) in a seat."""
        return self.seats.index(seat) + 1

    def to_units(self, chips: int) -> Decimal | int:
        """Chips back to the file's units (dollars, tournament chips)."""
        if self.scale == 1:
            return chips
        return Decimal(chips) / self.scale

    def format_amount(self, chips: int) -> str:
        """An amount as the file would write it: '2.50', '1,000,000'."""
        if self.scale == 1:
            return f"{chips:,}"
        places = max(2, len(str(self.scale)) - 1)    # money: at least cents
        return f"{Decimal(chips) / self.scale:,.{places}f}"

    @property
    def finishing_stacks(self) -> dict[int, int] | None:
        """The recorded finishing stacks, by seat, in chips (None when not recorded or not whole chips)."""
        raw = self.fields.get("finishing_stacks")
        if not isinstance(raw, list) or len(raw) != len(self.seats):
            return None
        out: dict[int, int] = {}
        for seat, value in zip(self.seats, raw):
            if isinstance(value, bool) or not isinstance(value, (int, Decimal)):
                return None
            if isinstance(value, Decimal):
                if not value.is_finite() or value * self.scale != (value * self.scale).to_integral_value():
                    return None
            out[seat] = int(value * self.scale)
        return out

    # ---------------------------------------------------------------------------- locating errors
    def line_of(self, field_name: str | None = None, action_index: int | None = None) -> int | None:
        """The line in the file of the section header, of a field, or of action `action_index`."""
        if self._text is None:
            return None
        line = _locate(self._text, self.section, field_name, action_index)
        return line + self._line_offset if line is not None else None

    def error(self, message: str, *, field_name: str | None = None,
              action_index: int | None = None) -> InputFileError:
        """An InputFileError naming the file, the line, the section and the field or action."""
        return _error(self._text, self.source, self.section, message, field_name, action_index,
                      self.actions[action_index] if action_index is not None
                      and action_index < len(self.actions) else None, self._line_offset)


def _where(section: str | None, field_name: str | None, action_index: int | None) -> str | None:
    parts = []
    if section is not None:
        parts.append(f"[{section}]")
    if action_index is not None:
        parts.append(f"actions[{action_index}]")
    elif field_name:
        parts.append(field_name)
    return " ".join(parts) or None


def _error(text: str | None, source: str, section: str | None, message: str, field_name: str | None,
           action_index: int | None, action: str | None = None, line_offset: int = 0) -> InputFileError:
    line = _locate(text, section, field_name if action_index is None else "actions", action_index) \
        if text is not None else None
    if line is not None:
        line += line_offset
    if action is not None:
        message = f"{action!r}: {message}"
    return InputFileError(message, file=source, line=line, field=_where(section, field_name, action_index))


def _section_lines(lines: list[str], section: str | None) -> tuple[int, int]:
    """(first, end) line indexes of a section's body (the whole file for a single hand)."""
    if section is None:
        return 0, len(lines)
    start = None
    for i, line in enumerate(lines):
        match = _HEADER.match(line)
        if match:
            name = match.group(1).strip("'\"")
            if start is not None:
                return start, i
            if name == section:
                start = i
    return (start, len(lines)) if start is not None else (0, len(lines))


def _locate(text: str, section: str | None, field_name: str | None, action_index: int | None) -> int | None:
    lines = text.splitlines()
    start, end = _section_lines(lines, section)
    if field_name is None:
        return start + 1 if section is not None else None
    key = re.compile(rf"^\s*{re.escape(field_name)}\s*=")
    for i in range(start, end):
        if key.match(lines[i]):
            if action_index is None:
                return i + 1
            return _string_line(lines, i, end, action_index) or i + 1
    return start + 1 if section is not None else None


def _string_line(lines: list[str], first: int, end: int, index: int) -> int | None:
    """The line of the index-th string literal of the array that starts on line `first`."""
    count = -1
    depth = 0
    for i in range(first, end):
        line = lines[i]
        j = line.index("=") + 1 if i == first else 0
        while j < len(line):
            char = line[j]
            if char == "#":
                break
            if char == "[":
                depth += 1
            elif char == "]":
                depth -= 1
                if depth == 0:
                    return None
            elif char in "'\"":
                count += 1
                if count == index:
                    return i + 1
                close = line.find(char, j + 1)
                while char == '"' and close > 0 and line[close - 1] == "\\":
                    close = line.find(char, close + 1)
                j = close if close >= 0 else len(line)
            j += 1
    return None


# ---------------------------------------------------------------------------------------------- reading
def load(path: str | Path) -> list[PhhHand]:
    """Read a .phh (one hand) or .phhs (many sections) file."""
    from floorman.source import MAX_BYTES, decode_text, read_data

    path = Path(path)
    if not path.exists():
        raise InputFileError("no such file", file=str(path))
    # a device (/dev/zero) is refused and a pipe read up to a cap (source.read_data); a history
    # file may hold tens of thousands of hands, so its cap is eight data files'
    return read_hands(decode_text(read_data(path, limit=8 * MAX_BYTES), str(path)), source=str(path))


def read_hands(text: str, *, source: str = "<string>", first_line: int = 1,
               cache: dict[tuple[Any, ...], Any] | None = None) -> list[PhhHand]:
    """Every hand in a PHH text: a single hand (fields at the top level) or sections.
    `first_line`: the text's first line in the file, when it is a part of one (errors and
    `PhhHand.line_of` then give the file's lines); `cache`: shared by the parts of one file
    read one by one (see _interned)."""
    offset = first_line - 1
    raw = _toml(text, source, offset)
    cache = {} if cache is None else cache
    if "variant" in raw or "actions" in raw:
        return [_hand(raw, text, source, None, cache, offset)]
    hands = []
    for name, body in raw.items():
        if not isinstance(body, dict):
            raise _error(text, source, None, f"expected a hand section such as [1], found a field {name!r}",
                         name, None, line_offset=offset)
        hands.append(_hand(body, text, source, name, cache, offset))
    if not hands:
        raise InputFileError("no hands in the file", file=source)
    return hands


def parse_phh(text: str, *, source: str = "<string>") -> PhhHand:
    """One hand from the text of a .phh file."""
    hands = read_hands(text, source=source)
    if len(hands) != 1:
        raise InputFileError(f"expected one hand, found {len(hands)} sections", file=source)
    return hands[0]


def parse_phhs(text: str, *, source: str = "<string>") -> list[PhhHand]:
    """Every hand from the text of a .phhs file."""
    return read_hands(text, source=source)


def _toml(text: str, source: str, line_offset: int = 0) -> dict[str, Any]:
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


_MAX_NESTING = 100
_QUOTED_OR_COMMENT = re.compile(r"#.*|'[^'\n]*'|" + r'"(?:[^"\\\n]|\\.)*"')


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
)""", re.X)


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
    text = match.group(kind)  # type: ignore[arg-type]
    if kind == "lit" or kind == "basic":
        return text
    if kind == "num":
        return _number(text)
    if kind == "bool":
        return text == "true"
    if kind == "time":
        import datetime

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
            header = _HEADER.match(stripped)
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


_PLAYERS = {f"p{i}": i - 1 for i in range(1, 100)}
_CARD_CACHE: dict[str, tuple[str, ...]] = {}
_VERBS = frozenset({"f", "cc", "cbr", "pb", "sd", "sm"})
_STR_TYPE = frozenset({str})
_DECIMAL_TYPE = frozenset({Decimal})
_NO_SEATS: frozenset[int] = frozenset()
_INT_TYPE = frozenset({int})
_INT_OR_NONE = frozenset({int, type(None)})
_NO_EXTRA: dict[str, Any] = {}

# The shapes of nearly every action, without commentary: read once per file (see _action_shape)
_FOLD, _CHECK_CALL, _BET_RAISE, _DEAL, _BOARD = range(5)


def _parsed_cards(word: str) -> tuple[str, ...] | None:
    """`_Reader.cards` without the error: None when the word is not cards."""
    cards = _CARD_CACHE.get(word)
    if cards is None:
        try:
            cards = tuple(parse_cards(word))
        except ValueError:
            return None
        if len(_CARD_CACHE) < 8192:
            _CARD_CACHE[word] = cards
    return cards


def _parsed_amount(word: str) -> _Number | None:
    """`_Reader.amount` without the error: None when the word is not an amount above 0."""
    text = word.replace(",", "")
    try:
        amount: _Number = int(text)
    except ValueError:
        try:
            amount = Decimal(text)
        except InvalidOperation:
            return None
        if not amount.is_finite():
            return None
    return amount if amount > 0 else None


def _action_shape(action: str) -> tuple[int, int, Any] | None:
    """(shape, player index, cards or amount) of 'pN f', 'pN cc', 'pN cbr X', 'd dh pN cards'
    and 'd db cards' without commentary; None for anything else, or anything the general code
    must refuse (it is read there, and the error names the action). The player may still be
    beyond the hand's players: the reader checks that."""
    if "#" in action:
        return None
    words = action.split()
    count = len(words)
    if count == 2:
        player = _PLAYERS.get(words[0])
        if player is not None:
            if words[1] == "f":
                return _FOLD, player, None
            if words[1] == "cc":
                return _CHECK_CALL, player, None
    elif count == 3:
        if words[0] == "d":
            if words[1] == "db":
                cards = _parsed_cards(words[2])
                if cards is not None:
                    return _BOARD, -1, cards
        elif words[1] == "cbr":
            player = _PLAYERS.get(words[0])
            amount = _parsed_amount(words[2])
            if player is not None and amount is not None:
                return _BET_RAISE, player, amount
    elif count == 4 and words[0] == "d" and words[1] == "dh":
        player = _PLAYERS.get(words[2])
        cards = _parsed_cards(words[3])
        if player is not None and cards is not None:
            return _DEAL, player, cards
    return None


def _places(text: str) -> int:
    """Decimal places an amount needs: '47.50' -> 1, '3' -> 0."""
    if "." not in text:
        return 0
    return len(text.split(".", 1)[1].rstrip("0"))


def _header_key(raw: Mapping[str, Any], code: str) -> tuple | None:
    """What `_Reader._header` reads, as a key: None unless every amount is a plain int (ints
    compare exactly, unlike True == 1 == Decimal(1)), the actions are strings without a '.'
    (no decimal bet) and ante_trimming_status a bool. Two hands with the same key have the same
    header, checked once."""
    stacks, antes, blinds = raw.get("starting_stacks"), raw.get("antes"), raw.get("blinds_or_straddles")
    actions, seats = raw.get("actions"), raw.get("seats")
    if type(stacks) is not list or type(antes) is not list or type(actions) is not list \
            or not _INT_TYPE.issuperset(map(type, stacks)) or not _INT_TYPE.issuperset(map(type, antes)):
        return None
    if blinds is not None:
        if type(blinds) is not list or not _INT_TYPE.issuperset(map(type, blinds)):
            return None
        blinds = tuple(blinds)
    if seats is not None:
        if type(seats) is not list or not _INT_TYPE.issuperset(map(type, seats)):
            return None
        seats = tuple(seats)
    scalars = (raw.get("bring_in"), raw.get("small_bet"), raw.get("big_bet"), raw.get("min_bet"),
               raw.get("seat_count"))
    if not _INT_OR_NONE.issuperset(map(type, scalars)) \
            or type(raw.get("ante_trimming_status", False)) is not bool \
            or not _STR_TYPE.issuperset(map(type, actions)) or "." in "".join(actions):
        return None
    return "header", code, tuple(stacks), tuple(antes), blinds, seats, scalars


class _Reader:
    """Builds one hand. Tracks just enough of the betting to tell a check from a call."""

    def __init__(self, raw: dict[str, Any], text: str, source: str, section: str | None,
                 cache: dict[tuple[Any, ...], Any], line_offset: int = 0) -> None:
        self.raw = raw
        self.cache = cache       # events shared by the file's hands (see _interned)
        self.text = text
        self.line_offset = line_offset
        self.source = source
        self.section = section
        self.variant_code = ""

    def fail(self, message: str, field_name: str | None = None, action_index: int | None = None,
             action: str | None = None) -> InputFileError:
        return _error(self.text, self.source, self.section, message, field_name, action_index, action,
                      self.line_offset)

    # ------------------------------------------------------------------------ fields
    def numbers(self, name: str, count: int, *, allow_inf: bool = False,
                allow_negative: bool = False) -> list[_Number]:
        value = self.raw.get(name)
        if value is None:
            raise self.fail("missing (a list of amounts, one per player)", name)
        if not isinstance(value, list):
            raise self.fail(f"expected a list of amounts, got {value!r}", name)
        if len(value) != count:
            raise self.fail(f"has {len(value)} entries for {count} players", name)
        if _INT_TYPE.issuperset(map(type, value)) and (not value or min(value) >= 0):
            return value         # whole amounts of 0 or more (the usual case): nothing to check
        for i, item in enumerate(value):
            if type(item) is int and item >= 0:
                continue
            self.check_number(item, f"{name}[{i}]", allow_inf=allow_inf, allow_negative=allow_negative)
        return value

    def number(self, name: str, required: bool) -> _Number | None:
        value = self.raw.get(name)
        if value is None:
            if required:
                raise self.fail(f"missing (the {self.variant_code} game needs it)", name)
            return None
        self.check_number(value, name)
        return value

    def check_number(self, value: object, name: str, *, allow_inf: bool = False,
                     allow_negative: bool = False) -> None:
        if isinstance(value, bool) or not isinstance(value, (int, Decimal)):
            raise self.fail(f"expected an amount, got {value!r}", name)
        if isinstance(value, Decimal):
            if value.is_nan():
                raise self.fail("expected an amount, got nan", name)
            if value.is_infinite():
                if not (allow_inf and value > 0):
                    raise self.fail("an infinite amount is only allowed for an unknown starting stack", name)
                return
        if value < 0 and not allow_negative:
            raise self.fail(f"expected an amount of 0 or more, got {value}", name)

    def seat_numbers(self, n: int) -> list[int]:
        """The `seats` field when it lists p1..pN clockwise on a table of at most 10; else 1..N."""
        seats = self.raw.get("seats")
        if isinstance(seats, list) and len(seats) == n and all(
                type(s) is int and 1 <= s <= 10 for s in seats) and len(set(seats)) == n:
            low = seats.index(min(seats))
            if seats[low:] + seats[:low] == sorted(seats):
                return list(seats)
        return list(range(1, n + 1))

    def cards(self, word: str, index: int, action: str) -> tuple[str, ...]:
        cards = _CARD_CACHE.get(word)
        if cards is None:
            try:
                cards = tuple(parse_cards(word))
            except ValueError:
                raise self.fail(f"{word!r} is not a list of cards (expected e.g. 'AsKd' or '????')",
                                "actions", index, action) from None
            if len(_CARD_CACHE) < 8192:
                _CARD_CACHE[word] = cards
        return cards

    def player(self, word: str, n: int, index: int, action: str) -> int:
        player = _PLAYERS.get(word)
        if player is None:
            raise self.fail(f"{word!r} is not a player (expected p1, p2, ...)", "actions", index, action)
        if player >= n:
            raise self.fail(f"there is no player {word} (the hand has {n} players)", "actions", index, action)
        return player

    def amount(self, word: str, index: int, action: str) -> _Number:
        text = word.replace(",", "")
        try:
            amount: _Number = int(text)
        except ValueError:
            try:
                amount = Decimal(text)
            except InvalidOperation:
                raise self.fail(f"{word!r} is not an amount", "actions", index, action) from None
            if not amount.is_finite():
                raise self.fail(f"{word!r} is not an amount", "actions", index, action)
        if amount <= 0:
            raise self.fail("a bet or raise is to an amount above 0", "actions", index, action)
        return amount

    def bad_action(self, index: int, action: str) -> InputFileError:
        return self.fail("expected an action such as 'd dh p1 AsKd', 'd db 7c8d9h', 'p1 f', 'p1 cc', "
                         "'p1 cbr 100', 'p1 pb', 'p1 sd Kh', 'p1 sm AsKd'", "actions", index, action)

    # ------------------------------------------------------------------------ the hand
    def _header(self, code: str, variant: Variant, betting: BettingStructure, stud: bool,
                fixed: bool) -> tuple:
        """The hand's amounts checked and in chips, its seats, structure, forced bets and posts:
        (n, scale, unknown, stacks, seats, seat_count, structure, forced_bets, posts, stacks
        after the posts, bets after the posts, the bet to call)."""
        raw = self.raw

        stacks_raw = raw.get("starting_stacks")
        if not isinstance(stacks_raw, list):
            raise self.fail("missing (a list of stacks, one per player)" if stacks_raw is None
                            else f"expected a list of stacks, got {stacks_raw!r}", "starting_stacks")
        n = len(stacks_raw)
        if not 2 <= n <= 10:
            raise self.fail(f"{n} players: floorman seats 2 to 10", "starting_stacks")
        self.numbers("starting_stacks", n, allow_inf=True)
        antes_raw = self.numbers("antes", n)
        if stud:
            blinds_raw = None
            if raw.get("blinds_or_straddles") not in (None, [0] * n):
                raise self.fail("a stud game has no blinds", "blinds_or_straddles")
        else:
            blinds_raw = self.numbers("blinds_or_straddles", n, allow_negative=True)
        bring_in_raw = self.number("bring_in", stud)
        small_raw = self.number("small_bet", fixed)
        big_raw = self.number("big_bet", fixed)
        min_bet_raw = self.number("min_bet", not fixed)
        actions = raw.get("actions")
        if not isinstance(actions, list):
            raise self.fail("missing (a list of actions)" if actions is None
                            else f"expected a list of actions, got {actions!r}", "actions")
        trimming = raw.get("ante_trimming_status", False)
        if not isinstance(trimming, bool):
            raise self.fail(f"expected true or false, got {trimming!r}", "ante_trimming_status")

        # one scale (a power of ten) turns every amount of the hand into whole chips
        places = 0
        for values in (stacks_raw, antes_raw, blinds_raw or (),
                       (bring_in_raw, small_raw, big_raw, min_bet_raw)):
            if _DECIMAL_TYPE.isdisjoint(map(type, values)):
                continue         # whole numbers only (the usual case)
            for value in values:
                if type(value) is Decimal and value.is_finite():
                    exponent = value.normalize().as_tuple().exponent
                    if isinstance(exponent, int) and -exponent > places:
                        places = -exponent
        if not set(map(type, actions)) <= _STR_TYPE:
            for index, action in enumerate(actions):
                if type(action) is not str:
                    raise self.fail(f"expected an action string, got {action!r}", "actions", index)
        if "." in "".join(actions):       # (no '.' anywhere, no decimal places in a bet)
            for action in actions:
                if " cbr " in action and "." in action:
                    words = action.split("#", 1)[0].split()
                    if len(words) == 3:
                        places = max(places, _places(words[2]))
        if places > _MAX_DECIMALS:
            raise self.fail(f"amounts with more than {_MAX_DECIMALS} decimal places", "actions")
        scale = 10 ** places

        def chips(value: _Number) -> int:
            return value * scale if type(value) is int else int((value * scale).to_integral_value())

        if scale == 1 and _INT_TYPE.issuperset(map(type, stacks_raw)) \
                and _INT_TYPE.issuperset(map(type, antes_raw)) \
                and (blinds_raw is None or _INT_TYPE.issuperset(map(type, blinds_raw))):
            # whole chips already (the usual case): chips(v) is v, and no stack is inf
            unknown = [False] * n
            stacks = list(stacks_raw)
            antes = list(antes_raw)
            blinds = list(blinds_raw) if blinds_raw is not None else [0] * n
        else:
            unknown = [type(v) is Decimal and v.is_infinite() for v in stacks_raw]
            stacks = [UNKNOWN_STACK if unk else chips(v) for v, unk in zip(stacks_raw, unknown)]
            antes = [chips(v) for v in antes_raw]
            blinds = [chips(v) if v >= 0 else -chips(-v) for v in blinds_raw] if blinds_raw is not None \
                else [0] * n
        for name, amounts in (("starting_stacks", stacks), ("antes", antes), ("blinds_or_straddles", blinds)):
            if max(map(abs, amounts), default=0) < CHIP_LIMIT:
                continue         # (the usual case, without a Python loop)
            for i, amount in enumerate(amounts):
                if abs(amount) >= CHIP_LIMIT:
                    raise self.fail(f"{amount} chips is beyond floorman's limit (below 2**53)", f"{name}[{i}]")
        heads_up = n == 2
        if heads_up and not stud:
            # pokerkit heads-up: p1 (the big blind) pays entry [1], p2 (the button) entry [0]
            antes = antes[::-1]
            blinds = blinds[::-1]

        seats = self.seat_numbers(n)
        seat_count = max(n, max(seats))
        seat_count_raw = raw.get("seat_count")
        if type(seat_count_raw) is int and seat_count <= seat_count_raw <= 10:
            seat_count = seat_count_raw
        # the forced bets as the table states them (by position: entry 0 small blind, 1 big blind)
        sb_amount = bb_amount = 0
        straddles: tuple[int, ...] = ()
        if blinds_raw is not None:
            positive = [i for i, b in enumerate(blinds_raw) if b > 0]
            if len(positive) == 1:
                bb_amount = chips(blinds_raw[positive[0]])
            elif positive:
                sb_amount = chips(blinds_raw[0]) if blinds_raw[0] > 0 else 0
                bb_amount = chips(blinds_raw[1]) if blinds_raw[1] > 0 else 0
                straddles = tuple(chips(blinds_raw[i]) for i in positive if i >= 2)
        nonzero_antes = [i for i, a in enumerate(antes) if a > 0]     # by player, heads-up corrected
        if not nonzero_antes:
            ante_style, ante_amount = "none", 0
        elif not stud and nonzero_antes == [0 if heads_up else 1]:
            ante_style, ante_amount = "big-blind", antes[nonzero_antes[0]]
        elif not stud and not heads_up and nonzero_antes == [n - 1]:
            ante_style, ante_amount = "button", antes[n - 1]
        else:
            # the structure's ante is the smallest one asked: a history may record unequal antes,
            # and a post below the structure's ante is refused unless all-in
            ante_style, ante_amount = "every-player", min(antes[i] for i in nonzero_antes)
        ante_kind = {"big-blind": "big-blind-ante", "button": "button-ante"}.get(ante_style, "ante")
        min_bet = chips(min_bet_raw) if min_bet_raw is not None else 0
        try:
            # validated (and cached): amounts the reader has not bounded, fixed-limit sizes
            structure = _structure(betting, chips(small_raw) if small_raw is not None else 0,
                                   chips(big_raw) if big_raw is not None else 0, min_bet)
            forced_bets = _forced_bets(sb_amount, bb_amount or (0 if stud else min_bet), ante_amount,
                                       ante_style, straddles,
                                       chips(bring_in_raw) if bring_in_raw is not None else 0)
        except InvalidTable as exc:   # the models' own checks (they name the field)
            raise self.fail(exc.message, "variant") from None
        cache = self.cache
        # ---------------------------------------------------------------- posts
        post_events: list[Event] = []
        stack = list(stacks)
        bet = [0] * n
        for i in (range(n) if any(antes) else ()):
            amount = min(antes[i], stack[i])
            if amount:
                key = ("post", seats[i], ante_kind, amount)
                post_events.append(cache.get(key) or _interned(cache, Post, key, seat=seats[i], kind=ante_kind,
                                                          amount=amount))
                stack[i] -= amount
        big_blind_posted = False
        if not stud:
            live_posters = sum(1 for b in blinds if b > 0)
            for i in range(n):
                if not blinds[i]:
                    continue
                if blinds[i] < 0:
                    kind = "new-player"
                elif live_posters == 1:
                    kind = "big-blind"
                elif heads_up:
                    kind = "big-blind" if i == 0 else "small-blind"
                else:
                    kind = ("small-blind", "big-blind")[i] if i < 2 else "straddle"
                amount = min(abs(blinds[i]), stack[i])
                if amount:
                    key = ("post", seats[i], kind, amount)
                    post_events.append(cache.get(key) or _interned(cache, Post, key, seat=seats[i], kind=kind,
                                                              amount=amount))
                    stack[i] -= amount
                    bet[i] += amount
                    big_blind_posted = big_blind_posted or kind == "big-blind"
        current = max(bet)
        if big_blind_posted:
            current = max(current, forced_bets.big_blind)   # a short big blind still sets the bet

        # tuples: a header is shared by the file's hands that have the same one
        return (n, scale, tuple(unknown), tuple(stacks), tuple(seats), seat_count, structure, forced_bets,
                tuple(post_events), tuple(stack), tuple(bet), current)

    def build(self) -> PhhHand:
        raw = self.raw
        code = raw.get("variant")
        if not isinstance(code, str):
            raise self.fail("missing (a variant code such as 'NT')" if code is None
                            else f"expected a variant code such as 'NT', got {code!r}", "variant")
        if code not in VARIANTS:
            known = ", ".join(VARIANTS)
            raise self.fail(f"{code!r} is not a game floorman plays (known: {known})", "variant")
        self.variant_code = code
        variant, betting = VARIANTS[code]
        family = variant.family
        stud = family == "stud"
        fixed = betting is BettingStructure.FIXED_LIMIT
        cache = self.cache
        # A file's hands often share their amounts (pluribus: all 735 of them): what comes before
        # the first action, but for the players' names, is worked out once per file for each such
        # header (whole-chip headers only, compared exactly; see _header_key)
        header_key = _header_key(raw, code)
        header = cache.get(header_key) if header_key is not None else None
        if header is None:
            header = self._header(code, variant, betting, stud, fixed)
            if header_key is not None:
                cache[header_key] = header
        (n, scale, unknown, stacks, seats, seat_count, structure, forced_bets, post_events, post_stack,
         post_bet, current) = header
        actions = raw["actions"]                               # (checked by _header or _header_key)
        trimming = raw.get("ante_trimming_status", False)

        def chips(value: _Number) -> int:
            return value * scale if type(value) is int else int((value * scale).to_integral_value())

        names = raw.get("players")
        if not (isinstance(names, list) and len(names) == n and _STR_TYPE.issuperset(map(type, names))):
            names = [f"p{i + 1}" for i in range(n)]

        # The seats and the table are built without validation: the reader has checked all that
        # the models check. Seats: distinct numbers 1-10 (seat_numbers), string names, integer
        # stacks 0 to CHIP_LIMIT; 2 to 10 of them. Table: seat_count from 2 to 10 and not below
        # the highest seat, the button (pN, the last seat) a seat at the table, no button only in
        # stud. tests/test_phh.py validates the tables of every shared hand again.
        seat_models = []
        for i in range(n):
            key = ("seat", seats[i], names[i], stacks[i])
            seat_models.append(cache.get(key) or _interned(cache, Seat, key, number=seats[i], name=names[i],
                                                           stack=stacks[i]))
        event_name = raw.get("event")
        if event_name is None or type(event_name) is str:    # the file's hands share one event
            key = ("format", event_name, raw.get("level") is not None)
            game_format = cache.get(key)
            if game_format is None:
                game_format = cache[key] = _game_format(raw)
        else:
            game_format = _game_format(raw)
        table = _event(Table, seats=tuple(seat_models),
                       seat_count=seat_count, button=None if stud else seats[-1], variant=variant,
                       structure=structure, forced_bets=forced_bets, format=game_format)

        # ---------------------------------------------------------------- posts (of the header)
        events: list[Event] = list(post_events)
        event_actions: list[int | None] = [None] * len(post_events)
        stack = list(post_stack)
        bet = list(post_bet)

        # ---------------------------------------------------------------- actions
        acted_since_cards = False       # a betting action since the last cards: new cards start a street
        street = 0
        pending_draw: dict[int, tuple[str, ...]] = {}
        notes: list[str] = []
        bring_in = table.forced_bets.bring_in
        append_event = events.append
        append_index = event_actions.append

        for index, action in enumerate(actions):
            # the common shapes first, parsed once per file (the same events as the general
            # code below, which reads everything else and every error)
            shape = cache.get(action, False)
            if shape is False:
                shape = cache[action] = _action_shape(action)
            if shape is not None:
                what, p, value = shape
                if what == _BOARD:
                    if family == "flop":
                        if acted_since_cards or street == 0:
                            for k in range(n):
                                bet[k] = 0
                            current = 0
                            acted_since_cards = False
                            street += 1
                        key = ("board", value, None)
                        append_event(cache.get(key) or _interned(cache, Board, key, cards=value))
                        append_index(index)
                        continue
                elif p < n:
                    if what == _DEAL:
                        if p not in pending_draw:
                            if stud and acted_since_cards:
                                for k in range(n):
                                    bet[k] = 0
                                current = 0
                                acted_since_cards = False
                                street += 1
                            if UNKNOWN in value:      # '????': the same event in many hands
                                key = ("deal", seats[p], value, None)
                                append_event(cache.get(key) or _interned(cache, DealHole, key, seat=seats[p],
                                                                         cards=value))
                            else:                     # known cards: seldom twice in a file
                                append_event(_deal_hole(seats[p], value))
                            append_index(index)
                            continue
                    elif not pending_draw:
                        acted_since_cards = True
                        if what == _FOLD:
                            key = (seats[p], "fold", None, None)
                            event = cache.get(key) or _interned(cache, Action, key, seat=seats[p], action="fold")
                        elif what == _CHECK_CALL:
                            to_call = current - bet[p]
                            if to_call > stack[p]:
                                to_call = stack[p]
                            if to_call > 0:
                                stack[p] -= to_call
                                bet[p] += to_call
                                key = (seats[p], "call", None, None)
                                event = cache.get(key) or _interned(cache, Action, key, seat=seats[p],
                                                                    action="call")
                            else:
                                key = (seats[p], "check", None, None)
                                event = cache.get(key) or _interned(cache, Action, key, seat=seats[p],
                                                                    action="check")
                        else:   # _BET_RAISE
                            to = chips(value)
                            if stud and street == 0 and current <= bring_in:
                                kind = "complete"
                            else:
                                kind = "raise" if current else "bet"
                            put = to - bet[p]
                            if 0 < put <= stack[p]:
                                stack[p] -= put
                                bet[p] = to
                                if to > current:
                                    current = to
                            key = (seats[p], kind, to, None)
                            event = cache.get(key) or _interned(cache, Action, key, seat=seats[p], action=kind,
                                                                amount=to)
                        append_event(event)
                        append_index(index)
                        continue

            commentary = None
            body = action
            if "#" in action:
                body, _, comment = action.partition("#")
                commentary = comment.strip() or None
            words = body.split()
            if not words:
                if commentary:
                    notes.append(commentary)
                continue
            extra = {"commentary": commentary} if commentary else _NO_EXTRA
            first = words[0]
            count = len(words)
            if first == "d":
                what = words[1] if count > 1 else ""
                if what == "db" and count == 3:
                    if family != "flop":
                        raise self.fail(f"{variant} has no board cards", "actions", index, action)
                    if acted_since_cards or street == 0:
                        for k in range(n):
                            bet[k] = 0
                        current = 0
                        acted_since_cards = False
                        street += 1
                    cards = _CARD_CACHE.get(words[2]) or self.cards(words[2], index, action)
                    key = ("board", cards, commentary)
                    append_event(cache.get(key) or _interned(cache, Board, key, cards=cards, **extra))
                    append_index(index)
                    continue
                if what == "dh" and count == 4:
                    player = _PLAYERS.get(words[2], n)
                    if player >= n:
                        player = self.player(words[2], n, index, action)   # raises, naming the player
                    cards = _CARD_CACHE.get(words[3]) or self.cards(words[3], index, action)
                    if player in pending_draw:
                        append_event(_event(Draw, seat=seats[player], discards=pending_draw.pop(player),
                                            replacements=cards, **extra))
                    else:
                        if stud and acted_since_cards:
                            for k in range(n):
                                bet[k] = 0
                            current = 0
                            acted_since_cards = False
                            street += 1
                        key = ("deal", seats[player], cards, commentary)
                        append_event(cache.get(key) or _interned(cache, DealHole, key,
                                               seat=seats[player], cards=cards, **extra))
                    append_index(index)
                    continue
                raise self.fail("expected 'd dh pN cards' or 'd db cards'", "actions", index, action)
            p = _PLAYERS.get(first, n)
            if p >= n:
                p = self.player(first, n, index, action)   # raises, naming the player
            verb = words[1] if count > 1 else ""
            if verb not in _VERBS:
                raise self.bad_action(index, action)
            if verb == "sm":
                if count == 2:
                    append_event(_event(Muck, seat=seats[p], **extra))
                elif count == 3:
                    cards = () if words[2] == "-" else self.cards(words[2], index, action)
                    append_event(_event(Show, seat=seats[p], cards=cards, **extra))
                else:
                    raise self.bad_action(index, action)
                append_index(index)
                continue
            if verb == "sd":
                if family != "draw":
                    raise self.fail(f"{variant} has no draw", "actions", index, action)
                if count > 3:
                    raise self.bad_action(index, action)
                if acted_since_cards:
                    for k in range(n):
                        bet[k] = 0
                    current = 0
                    acted_since_cards = False
                    street += 1
                if count == 3:
                    pending_draw[p] = self.cards(words[2], index, action)
                else:
                    append_event(_event(Draw, seat=seats[p], **extra))
                    append_index(index)
                continue
            # betting: f, cc, cbr, pb
            if (count != 3) if verb == "cbr" else (count != 2):
                raise self.bad_action(index, action)
            if pending_draw:
                # discards whose replacements were never dealt: unknown cards
                for q, discards in sorted(pending_draw.items()):
                    append_event(_event(Draw, seat=seats[q], discards=discards,
                                        replacements=(UNKNOWN,) * len(discards)))
                    append_index(index)
                pending_draw.clear()
            acted_since_cards = True
            if verb == "f":
                key = (seats[p], "fold", None, commentary)
                event = cache.get(key) or _interned(cache, Action, key,
                                  seat=seats[p], action="fold", **extra)
            elif verb == "cc":
                to_call = current - bet[p]
                if to_call > stack[p]:
                    to_call = stack[p]
                if to_call > 0:
                    stack[p] -= to_call
                    bet[p] += to_call
                    key = (seats[p], "call", None, commentary)
                    event = cache.get(key) or _interned(cache, Action, key,
                                      seat=seats[p], action="call", **extra)
                else:
                    key = (seats[p], "check", None, commentary)
                    event = cache.get(key) or _interned(cache, Action, key,
                                      seat=seats[p], action="check", **extra)
            elif verb == "pb":
                if not stud:
                    raise self.fail(f"{variant} has no bring-in", "actions", index, action)
                put = min(bring_in, stack[p] + bet[p]) - bet[p]
                stack[p] -= put
                bet[p] += put
                current = max(current, bet[p])
                event = _event(Action, seat=seats[p], action="bring-in", amount=bet[p], **extra)
            else:  # cbr
                to = chips(self.amount(words[2], index, action))
                if stud and street == 0 and current <= bring_in:
                    kind = "complete"
                else:
                    kind = "raise" if current else "bet"
                put = to - bet[p]
                if 0 < put <= stack[p]:
                    stack[p] -= put
                    bet[p] = to
                    if to > current:
                        current = to
                key = (seats[p], kind, to, commentary)
                event = cache.get(key) or _interned(cache, Action, key,
                                  seat=seats[p], action=kind, amount=to, **extra)
            append_event(event)
            append_index(index)
        if pending_draw:
            for q, discards in sorted(pending_draw.items()):
                append_event(_event(Draw, seat=seats[q], discards=discards,
                                    replacements=(UNKNOWN,) * len(discards)))
                append_index(len(actions) - 1)

        return PhhHand(table=table, events=events, source=self.source, section=self.section,
                       variant_code=code, scale=scale, seats=tuple(seats),
                       unknown_stacks=frozenset(seats[i] for i in range(n) if unknown[i]) if any(unknown)
                       else _NO_SEATS,
                       ante_trimming=trimming, actions=tuple(actions), event_actions=event_actions,
                       fields=raw, notes=tuple(notes), _text=self.text, _line_offset=self.line_offset)


@lru_cache(maxsize=256)
def _structure(betting: BettingStructure, small_bet: int, big_bet: int, min_bet: int) -> Structure:
    return Structure(betting=betting, small_bet=small_bet, big_bet=big_bet, min_bet=min_bet)


@lru_cache(maxsize=256)
def _forced_bets(small_blind: int, big_blind: int, ante: int, ante_style: str, straddles: tuple[int, ...],
                 bring_in: int) -> ForcedBets:
    return ForcedBets(small_blind=small_blind, big_blind=big_blind, ante=ante, ante_style=ante_style,
                      straddles=straddles, bring_in=bring_in)


def _hand(raw: dict[str, Any], text: str, source: str, section: str | None,
          cache: dict[tuple[Any, ...], Any] | None = None, line_offset: int = 0) -> PhhHand:
    return _Reader(raw, text, source, section, {} if cache is None else cache, line_offset).build()


def _game_format(raw: Mapping[str, Any]) -> GameFormat:
    """Tournament when the event says so (a WSOP event, a championship); otherwise a cash game."""
    event = str(raw.get("event", "")).lower()
    if any(word in event for word in ("tournament", "championship", "series of poker", "event #")):
        return GameFormat.TOURNAMENT
    if raw.get("level") is not None:
        return GameFormat.TOURNAMENT
    return GameFormat.CASH


# ---------------------------------------------------------------------------------------------- replay
@dataclass(frozen=True, slots=True)
class Irregularity:
    """Something in the history that cannot happen as recorded: the replay stops there."""

    kind: str                   # 'out-of-turn', 'invalid', 'incomplete'
    message: str
    action_index: int | None    # index into the hand's actions
    action: str | None          # the action text
    error: FloormanError | None = None

    def __str__(self) -> str:
        where = f"actions[{self.action_index}] {self.action!r}: " if self.action_index is not None else ""
        return f"{self.kind}: {where}{self.message}"


@dataclass(frozen=True, slots=True)
class Step:
    """One replayed event, as a renderer needs it (`replay_hand(..., trace=True)`)."""

    event_index: int
    action_index: int | None     # the PHH action (None for the forced bets)
    event: Event
    street: str                  # the betting round the event belongs to ('preflop', 'third', ...)
    put_in: int                  # chips the event moved from the seat's stack into the pot
    all_in: bool                 # the seat has no chips left after it
    to_call: int                 # what the seat faced before a betting action


@dataclass(slots=True)
class ReplayReport:
    """A hand replayed through `HandState`.

    `irregularities`: what stopped the replay (an action out of turn, an impossible action),
    left the hand unfinished, or left a pot with no hand to award it to; `result` is None then,
    unless the hand had already ended. `warnings`: actions the site allowed that the TDA would
    not (a re-raise when betting was not reopened, a fixed-limit raise of the wrong size, a raise
    after the cap); the replay follows the site.
    """

    hand: PhhHand
    state: "HandState"
    result: "HandResult | None"
    irregularities: list[Irregularity]
    warnings: list["StateWarning"]
    steps: list[Step] | None = None

    @property
    def regular(self) -> bool:
        return not self.irregularities

    @property
    def final_stacks(self) -> dict[int, int] | None:
        return dict(self.result.final_stacks) if self.result is not None else None

    def warning_action(self, warning: "StateWarning") -> int | None:
        """The PHH action index a warning is about."""
        k = warning.event_index
        return self.hand.event_actions[k] if k is not None and k < len(self.hand.event_actions) else None

    def warning_texts(self) -> list[str]:
        out = []
        for warning in self.warnings:
            action_index = self.warning_action(warning)
            where = f"actions[{action_index}] {self.hand.actions[action_index]!r}: " if action_index is not None else ""
            out.append(f"{warning.code}: {where}{warning.message}")
        return out

    def raise_first(self) -> None:
        """Raise the first irregularity as an InputFileError located in the file."""
        if self.irregularities:
            first = self.irregularities[0]
            raise self.hand.error(first.message, field_name="actions", action_index=first.action_index)


#: The site-rule departures a replay of a real hand tolerates (with a warning): see HandState.
SITE_DEPARTURES = ("not-reopened", "raise-size", "cap")


def replay_hand(hand: PhhHand, *, tolerate: Sequence[str] = SITE_DEPARTURES, trace: bool = False) -> ReplayReport:
    """Replay a hand through floorman's HandState and award the pots.

    An event the state refuses (out of turn, impossible) stops the replay and is reported as an
    irregularity, never repaired. Departures the sites' software allowed and the TDA does not
    (`tolerate`, see `HandState`; pass `()` to refuse them) are followed and reported as
    warnings. `trace=True` also records each step (street, chips put in) for display.
    """
    from floorman.model.state import HandState

    state = HandState(hand.table, tolerate=tolerate)
    irregularities: list[Irregularity] = []
    apply = state.apply
    events = hand.events
    steps: list[Step] | None = [] if trace else None
    k = 0
    try:
        if steps is None:
            try:
                state.apply_all(events)
            finally:
                k = len(state.events)      # the event refused, if one was
        else:
            for k, event in enumerate(events):
                seat = state.seats.get(getattr(event, "seat", None))  # type: ignore[arg-type]
                before = seat.stack if seat is not None else 0
                to_call = state.to_call(seat.number) if seat is not None and isinstance(event, Action) else 0
                apply(event)
                put_in = before - seat.stack if seat is not None else 0
                steps.append(Step(k, hand.event_actions[k], event, state.street, put_in,
                                  seat is not None and put_in > 0 and seat.stack == 0, to_call))
    except FloormanError as exc:
        index = hand.event_actions[k] if k < len(hand.event_actions) else None
        kind = "out-of-turn" if isinstance(exc, ActionOutOfTurn) else "invalid"
        irregularities.append(Irregularity(kind, exc.message, index,
                                           hand.actions[index] if index is not None else None, exc))
    result = None
    if not irregularities:
        missing = state.unfinished()
        if missing:
            irregularities.append(Irregularity("incomplete", missing, None, None))
    if not irregularities or state.hand_over:
        try:
            result = state.result()
        except FloormanError as exc:
            irregularities.append(Irregularity("unresolved", exc.message, None, None, exc))
    return ReplayReport(hand, state, result, irregularities, list(state.warnings), steps)


def select_hand(hands: Sequence[PhhHand], number: int | None) -> PhhHand:
    """Hand `number` of a file: the section named `number` ([12]), else the number-th hand."""
    if number is None:
        return hands[0]
    for hand in hands:
        if hand.section == str(number):
            return hand
    if 1 <= number <= len(hands):
        return hands[number - 1]
    first = hands[0]
    names = f"[{first.section}]..[{hands[-1].section}]" if first.section is not None else "one hand"
    raise InputFileError(f"no hand {number} in the file (it has {len(hands)}: {names})", file=first.source,
                         field="--hand")
