"""The table notation: one typed line at the podium becomes events or incidents.

A pure parser, no terminal: `parse_line(text, context)` returns what the line means or raises
a NotationError naming the column and what was expected. The grammar is data
(floorman/notation/grammar.py): the parser, the `help` text, docs/notation.md and the
completer are all derived from it.
"""

from floorman.notation.errors import NotationError

__all__ = ["NotationError"]
