"""A failed scenario's expected and actual ruling side by side: every key the scenario checks,
the params the ruling gave, and every other ruling made (floorman/checks/comparison.py)."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from floorman.checks.comparison import comparison_rows


def side_by_side(result: Any) -> Panel:
    table = Table(show_lines=False, expand=False)
    table.add_column("")
    table.add_column("expected")
    table.add_column("actual")
    rows = comparison_rows(result)
    for row in rows:
        table.add_row(Text(row.field), Text(row.expected), Text(row.actual or "-", style="red" if row.differs else ""))
    if not rows:
        table.add_row("-", "", Text("not checked (see the problem above)", style="red"))
    body = Group(Text("\n".join(result.problems), style="red"), table)
    title = "ERROR" if result.error is not None else "FAIL"
    return Panel(body, title=Text(f"{title} {result.path}"), border_style="red", title_align="left")
