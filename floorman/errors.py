"""Every error a floorman user can see.

Each class's docstring is its meaning. The CLI turns any FloormanError into one line
naming the file, line and field, never a traceback.
"""

from __future__ import annotations


class FloormanError(Exception):
    """Something the user gave floorman cannot be used as it is."""

    # class defaults, so that a subclass whose __init__ does not pass them still prints
    message = ""
    file: str | None = None
    line: int | None = None
    field: str | None = None
    expected: str | None = None

    def __init__(self, message: str, *, file: str | None = None, line: int | None = None,
                 field: str | None = None, expected: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        self.field = field
        self.expected = expected

    def located(self, *, file: str | None = None, line: int | None = None,
                field: str | None = None) -> "FloormanError":
        """Fill in where the error is, keeping anything already known."""
        self.file = self.file or file
        self.line = self.line if self.line is not None else line
        if field and self.field:
            self.field = f"{field}.{self.field}"
        else:
            self.field = self.field or field
        return self

    def __str__(self) -> str:
        where = ""
        if self.file:
            where = self.file + (f":{self.line}" if self.line is not None else "") + ": "
        field = f"{self.field}: " if self.field else ""
        expected = f" (expected {self.expected})" if self.expected else ""
        return f"{where}{field}{self.message or super().__str__()}{expected}"


class InvalidTable(FloormanError):
    """The table set-up is impossible: a duplicate seat, a button off the table, a bad structure."""


class InvalidEvent(FloormanError):
    """An event cannot happen in the hand as it stands: a card dealt twice, an action by a
    folded or absent seat, a bet beyond the stack, an unknown seat."""

    def __init__(self, message: str, *, event_index: int | None = None, **where: object) -> None:
        super().__init__(message, **where)  # type: ignore[arg-type]
        self.event_index = event_index


class ActionOutOfTurn(InvalidEvent):
    """A seat acted when another seat was due to act. Replay refuses it; the rule engine rules on it."""

    def __init__(self, message: str, *, seat: int, expected_seat: int | None, **where: object) -> None:
        super().__init__(message, **where)  # type: ignore[arg-type]
        self.seat = seat
        self.expected_seat = expected_seat


class InputFileError(FloormanError):
    """A data file (scenario, rulebook, hand history) is malformed."""


class NothingToCheck(InputFileError):
    """A check was asked of a path that holds no scenario file (missing, or an empty folder).
    The CLI exits 2: a check of nothing must not pass."""
