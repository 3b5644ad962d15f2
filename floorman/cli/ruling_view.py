"""Rich rendering of situations, rulings and check results for the terminal at the podium."""

from __future__ import annotations

from typing import Any

from rich.columns import Columns
from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table as RichTable
from rich.text import Text

from floorman.engine.facts import Situation
from floorman.ruling import Ruling, RulingReport

_CONFIDENCE = {"verified": "read in the text", "corroborated": "corroborated",
               "renumbering-map": "from the renumbering map, not settled",
               "unverified": "excerpt, unverified", "house": "common practice"}


def situation_table(situation: Situation, title: str) -> RichTable:
    state = situation.state
    table = situation.table
    view = RichTable(title=title, title_justify="left", expand=False)
    for column in ("seat", "player", "stack", "in front", "in pot", "status"):
        view.add_column(column, justify="right" if column in ("stack", "in front", "in pot") else "left")
    actor = state.actor
    for number, seat in state.seats.items():
        marks = []
        if number == table.button:
            marks.append("button")
        if seat.folded:
            marks.append("folded")
        elif seat.all_in:
            marks.append("all-in")
        if not seat.present:
            marks.append("away")
        if number == actor:
            marks.append("to act")
        view.add_row(str(number), seat.name or "-", f"{seat.stack:,}", f"{seat.street_bet:,}",
                     f"{seat.total:,}", ", ".join(marks))
    blinds = table.forced_bets
    view.caption = (f"{table.variant.value} {table.structure.betting.value} {table.format.value}, "
                    f"blinds {blinds.small_blind:,}/{blinds.big_blind:,}; {state.street}; "
                    f"pot {state.pot:,}; current bet {state.current_bet:,}")
    view.caption_justify = "left"
    return view


def ruling_panel(ruling: Ruling) -> Panel:
    parts: list[Any] = [Text(ruling.explanation)]
    if ruling.params:
        numbers = RichTable(show_header=False, box=None, pad_edge=False)
        numbers.add_column(style="bold")
        numbers.add_column(justify="right")
        for name, value in ruling.params.items():
            shown = f"{value:,}" if isinstance(value, int) and not isinstance(value, bool) else str(value)
            numbers.add_row(name.replace("_", " "), shown)
        parts.append(Text("\nNumbers", style="bold underline"))
        parts.append(numbers)
    if ruling.steps:
        parts.append(Text("\nProcedure", style="bold underline"))
        for number, step in enumerate(ruling.steps, 1):
            parts.append(Text(f"{number}. {step}"))
    parts.append(Text("\nRests on", style="bold underline"))
    for citation in ruling.citations:
        parts.append(Text(f"- {citation.label} ({_CONFIDENCE[citation.confidence]})"))
    if ruling.overridden:
        parts.append(Text(f"\nTakes precedence over: {', '.join(ruling.overridden)}", style="dim"))
    title = f"[bold]{ruling.decision.upper()}[/bold]  {ruling.title}"
    return Panel(Group(*parts), title=title, subtitle=ruling.rule_id, title_align="left",
                 subtitle_align="right", border_style="green")


def pots_table(report: RulingReport) -> RichTable | None:
    """Each pot: amount, eligible seats and, once awarded, the winners and what each gets."""
    if not report.pots:
        return None
    awarded = any("winners" in pot for pot in report.pots)
    view = RichTable(title="Pots and awards" if awarded else "Pots as they stand", title_justify="left")
    view.add_column("pot")
    view.add_column("amount", justify="right")
    view.add_column("eligible seats")
    if awarded:
        view.add_column("winner")
        view.add_column("award")
    for pot in report.pots:
        row = [pot.get("name", "pot"), f"{pot['amount']:,}", ", ".join(map(str, pot["eligible"]))]
        if awarded:
            if "returned_to" in pot:
                row += ["-", f"returned to seat {pot['returned_to']}"]
            else:
                row += [", ".join(f"seat {w}" for w in pot.get("winners", [])),
                        ", ".join(f"seat {seat}: {chips:,}" for seat, chips in pot.get("shares", {}).items())]
        view.add_row(*row)
    return view


def hands_table(report: RulingReport) -> RichTable | None:
    """At showdown: each live hand's cards, best five and name."""
    if not report.hands:
        return None
    view = RichTable(title="Hands at showdown", title_justify="left")
    view.add_column("seat", justify="right")
    view.add_column("cards")
    view.add_column("best five")
    view.add_column("hand")
    for seat, hand in report.hands.items():
        name = hand.get("name", "")
        if hand.get("low_name"):
            name = f"{name}; low: {hand['low_name']}" if name else f"low: {hand['low_name']}"
        five = hand.get("best_five") or hand.get("low_five") or []
        view.add_row(str(seat), " ".join(hand["cards"]), " ".join(five), name)
    return view


def trace_table(report: RulingReport) -> RichTable:
    """The chain of reasoning: each rule fired, in order, what it matched and what came of it."""
    names = {fact["id"]: fact.get("name", fact["id"]) for fact in report.trace.facts
             if fact.get("type") == "derived"}
    view = RichTable(title="Reasoning (rules fired, in order)", title_justify="left")
    view.add_column("#", justify="right")
    view.add_column("rule", no_wrap=True)
    view.add_column("matched")
    view.add_column("outcome")
    for number, firing in enumerate(report.trace.fired, 1):
        matched = ", ".join(f"{alias}={names.get(fact, fact)}" for alias, fact in firing.matched.items())
        if firing.kind == "derive":
            outcome = f"derives {names.get(firing.derived or '', firing.derived or '-')}"
        else:
            outcome = firing.outcome
        view.add_row(str(number), firing.rule_id, matched, outcome)
    return view


def print_report(console: Console, situation: Situation, report: RulingReport, *, title: str,
                 question: str = "", trace: bool = False) -> None:
    console.print(situation_table(situation, title))
    if question:
        console.print(Text(question.strip(), style="italic"))
    if not report.rulings and not report.hands:
        console.print(Panel("No rule in the rulebook applies: the floor decides under the best interest "
                            "of the game (TDA 2024 Rule 1 / TDA 2026 Rule 1).", title="No ruling",
                            border_style="yellow"))
    for ruling in report.rulings:
        console.print(ruling_panel(ruling))
    for view in (hands_table(report), pots_table(report)):
        if view is not None:
            console.print(view)
    if trace:
        console.print(trace_table(report))
    console.print(Text(f"profile: {report.profile}", style="dim"))


def check_table(results: list) -> RichTable:
    view = RichTable(title="Scenario checks", title_justify="left")
    view.add_column("result")
    view.add_column("scenario")
    view.add_column("file")
    for result in results:
        mark = "[green]pass[/green]" if result.passed else "[red]FAIL[/red]"
        view.add_row(mark, result.title, result.path)
    return view


def failure_panel(result) -> Panel:
    expected = RichTable(show_header=False, box=None)
    actual = RichTable(show_header=False, box=None)
    for key, value in result.expected.items():
        expected.add_row(key, str(value))
    for key in ("rule", "decision", "params", "incidents", "fired"):
        if key in result.actual:
            actual.add_row(key, str(result.actual[key]))
    if not result.actual:
        actual.add_row("-", "not ruled (see the problem above)")
    body = Group(Text("\n".join(result.problems), style="red"),
                 Columns([Panel(expected, title="expected"), Panel(actual, title="actual")]))
    return Panel(body, title=f"FAIL {result.path}", border_style="red", title_align="left")
