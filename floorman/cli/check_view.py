"""A failed scenario's expected and actual ruling side by side (rule id, decision, each param)."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from floorman.checks.junit import comparison_rows


def side_by_side(result: Any) -> Panel:
    table = Table(show_lines=False, expand=False)
    table.add_column("")
    table.add_column("expected")
    table.add_column("actual")
    for name, want, have, differs in comparison_rows(result):
        style = "red" if differs else None
        table.add_row(Text(name), Text(want), Text(have or "-", style=style or ""), style=None)
    if not result.actual:
        table.add_row("-", "", Text("not ruled (see the problem above)", style="red"))
    body = Group(Text("\n".join(result.problems), style="red"), table)
    return Panel(body, title=Text(f"FAIL {result.path}"), border_style="red", title_align="left")
