"""The notation's one error: where in the typed line it went wrong, and what was expected there."""

from __future__ import annotations

import re

from floorman.errors import FloormanError

# where a value sits in a scenario document (`incidents[0].seat`, `events[3]`): the engine's
# words, never a podium user's, who typed a line and not a document
_INTERNAL = re.compile(r"\b(?:incidents|events|rulings|hands)\[\d+\](?:\.|: |\b)")


_INCIDENT_NUMBER = re.compile(r" on incident \d+(?=[:)])")


def user_text(text: str) -> str:
    """A message as a table or ask user reads it: no internal path to a field of a document, no
    incident counted from 0."""
    return _INCIDENT_NUMBER.sub("", _INTERNAL.sub("", text))


class NotationError(FloormanError):
    """A typed line the notation cannot read: `column` (1-based) points at the word that is
    wrong, `expected` says what would have been read there."""

    def __init__(self, message: str, *, column: int = 1, expected: str | None = None,
                 line_text: str | None = None) -> None:
        super().__init__(message, expected=expected)
        self.column = column
        self.line_text = line_text

    def __str__(self) -> str:
        expected = f" (expected {self.expected})" if self.expected else ""
        return f"column {self.column}: {self.message}{expected}"
