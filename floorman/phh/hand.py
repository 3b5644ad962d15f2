"""One PHH hand: the hand as read (`PhhHand`), the hand being read (`HandText`), and where in the
file a field or an action is, so that every error names the file, line, section and field."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, Literal, NamedTuple

from floorman.errors import InputFileError
from floorman.model.events import Event
from floorman.model.table import BettingStructure, Table, Variant
from floorman.phh.toml_subset import SECTION_HEADER

__all__ = ["GAMES", "UNKNOWN_STACK", "VARIANTS", "Game", "HandText", "PhhHand"]

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



class Game(NamedTuple):
    """What a variant code names: the game, its betting structure and its family (worked out
    once: `Variant.family` costs about a microsecond, and a file may hold thousands of hands)."""

    code: str
    variant: Variant
    betting: BettingStructure
    family: Literal["flop", "stud", "draw"]


GAMES: dict[str, Game] = {code: Game(code, variant, betting, variant.family)
                          for code, (variant, betting) in VARIANTS.items()}

#: Chips given to a seat whose PHH starting stack is `inf` (unknown): more than any real table.
UNKNOWN_STACK = 10 ** 15


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
        for seat, value in zip(self.seats, raw, strict=True):
            if isinstance(value, bool) or not isinstance(value, (int, Decimal)):
                return None
            if isinstance(value, Decimal) and (
                    not value.is_finite() or value * self.scale != (value * self.scale).to_integral_value()):
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
        return located_error(self._text, self.source, self.section, message, field_name, action_index,
                             self.actions[action_index] if action_index is not None
                             and action_index < len(self.actions) else None, self._line_offset)


@dataclass(slots=True)
class HandText:
    """A hand being read: its TOML table, where it is in the file, and what the file's hands
    share (`shared`: headers, action shapes and events, worked out once per file)."""

    fields: dict[str, Any]
    text: str
    source: str
    section: str | None
    shared: dict[Any, Any]
    line_offset: int = 0                   # lines of the file before `text`
    variant_code: str = ""

    def fail(self, message: str, field_name: str | None = None, action_index: int | None = None,
             action: str | None = None) -> InputFileError:
        """The error to raise, located in the file (the action quoted when there is one)."""
        return located_error(self.text, self.source, self.section, message, field_name, action_index, action,
                             self.line_offset)


def located_error(text: str | None, source: str, section: str | None, message: str, field_name: str | None,
                  action_index: int | None, action: str | None = None, line_offset: int = 0) -> InputFileError:
    """An InputFileError for a field (or action `action_index`) of a section of `text`."""
    line = _locate(text, section, field_name if action_index is None else "actions", action_index) \
        if text is not None else None
    if line is not None:
        line += line_offset
    if action is not None:
        message = f"{action!r}: {message}"
    return InputFileError(message, file=source, line=line, field=_where(section, field_name, action_index))


def _where(section: str | None, field_name: str | None, action_index: int | None) -> str | None:
    parts = []
    if section is not None:
        parts.append(f"[{section}]")
    if action_index is not None:
        parts.append(f"actions[{action_index}]")
    elif field_name:
        parts.append(field_name)
    return " ".join(parts) or None


def _section_lines(lines: list[str], section: str | None) -> tuple[int, int]:
    """(first, end) line indexes of a section's body (the whole file for a single hand)."""
    if section is None:
        return 0, len(lines)
    start = None
    for i, line in enumerate(lines):
        match = SECTION_HEADER.match(line)
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
