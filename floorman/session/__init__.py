"""The live table session (`floorman table`), without a terminal: set-up, lines, rulings, undo,
what if, save. See floorman/session/table.py."""

from floorman.session.table import Outcome, ShownRuling, TableSession

__all__ = ["Outcome", "ShownRuling", "TableSession"]
