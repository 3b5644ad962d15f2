"""Rich rendering of situations, rulings and check results for the terminal at the podium."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from rich.columns import Columns
from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table as RichTable
from rich.text import Text

from floorman.cli.table_view import table_picture, whats_next
from floorman.engine.facts import Situation
from floorman.ruling import Ruling, RulingReport, public_label, quote_for

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


# A standalone zero amount ("adds 0", "back 0", "(0 = not counted)"), not 10, 0.5, 50% or a
# count ("shown 0 of 2 hole cards").
_ZERO = r"(?<![\d,.\w-])0(?![\d%\w]|[.,]\d| of )"
_ZERO_RE = re.compile(_ZERO)
_ZERO_BRACKETS = re.compile(r"\s*\([^()]*?" + _ZERO + r"[^()]*\)")
_ZERO_TAIL = re.compile(r",? (?:or|and|with) (?:[\w-]+ ){0,3}" + _ZERO + r"[^,.;:()]*?(?=\s*[,.;:()]|\s*$)")
_ZERO_CALL = re.compile(r"\b(?:\w+ ){0,2}" + _ZERO + r" makes it [\d,]+, and ")
_ZERO_PLUS = re.compile(_ZERO + r" \+ ")
_CLAUSES = re.compile(r"(?<=[;:])\s+")
_SENTENCES = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")
_SEAT = re.compile(r"\bseat \d+")


def readable(text: str) -> str | None:
    """A step without its zero amounts: "(give back 0 if ...)", "; it adds 0 if ...",
    "or gets back 0 ..." are dropped, "0 to call" is "nothing to call". Returns None when the
    whole line is about a zero amount ("Give seat 2 back 0."), so that it is left out."""
    if not _ZERO_RE.search(text):
        return text
    text = re.sub(r"\b" + _ZERO + r" to call\b", "nothing to call", text)
    for pattern in (_ZERO_PLUS, _ZERO_CALL, _ZERO_BRACKETS, _ZERO_TAIL):
        text = pattern.sub("", text)
    if not _ZERO_RE.search(text):
        return text
    kept: list[str] = []
    subject = None
    for clause in _CLAUSES.split(text):
        if _ZERO_RE.search(clause):
            named = _SEAT.search(clause)
            subject = subject or (named.group(0) if named else None)
            continue
        if not kept and subject and clause.lower().startswith("it "):
            clause = subject + clause[2:]     # "it adds 30" after "Give seat 2 back 0" was dropped
        kept.append(clause)
    if not kept:
        return None
    line = " ".join(kept).strip().rstrip(";:,")
    line = line[:1].upper() + line[1:]
    return line if line.endswith((".", "!", "?")) else line + "."


def readable_text(text: str) -> str:
    """An explanation without its zero amounts, sentence by sentence (never emptied)."""
    if not _ZERO_RE.search(text):
        return text
    sentences = [readable(sentence) for sentence in _SENTENCES.split(text)]
    return " ".join(s for s in sentences if s) or text


def _value(value: Any) -> str:
    """A number in words for the table: yes/no, 1,000, none."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return f"{value:,}" if value else "none"
    if value is None:
        return "-"
    if isinstance(value, (list, tuple)):
        return ", ".join(_value(item) for item in value) or "none"
    return str(value)


def decision_line(ruling: Ruling) -> str:
    """The ruling in one line a floor person can read out."""
    return f"{ruling.decision.replace('-', ' ').upper()}: {ruling.title}"


def _heading(text: str) -> Text:
    return Text(text, style="bold underline")


def ruling_panel(ruling: Ruling, profile: str | None = None, *, trace: bool = False) -> Panel:
    """One ruling: the decision line, the explanation, the numbers, the procedure without its
    zero amounts, and the one citation to quote (all of them, with roles, under `trace`)."""
    profile = profile if profile is not None else ruling.profile
    parts: list[Any] = [Text(decision_line(ruling), style="bold")]
    assumed = Text(f"Assumed: {ruling.assumed_words}", style="bold yellow") if ruling.assumed_words else None
    if assumed is not None and ruling.assumed_leads:
        parts.append(assumed)               # the answer turns on it: say it before the answer
    explanation = readable_text(ruling.explanation)
    if explanation:
        parts.append(Text(explanation))
    if ruling.params:
        numbers = Text()
        for name, value in ruling.params.items():
            if value in ("", [], ()):
                continue                      # nothing to say (e.g. no card named)
            if numbers:
                numbers.append("\n")
            numbers.append(f"  {name.replace('_', ' ')}: ", style="bold")
            numbers.append(_value(value))
        parts += [_heading("\nNumbers"), numbers]
    steps = [line for line in map(readable, ruling.steps) if line]
    if steps:
        parts.append(_heading("\nProcedure"))
        procedure = RichTable.grid(padding=(0, 1))      # a hanging indent for wrapped steps
        procedure.add_column(justify="right", no_wrap=True)
        procedure.add_column()
        for number, step in enumerate(steps, 1):
            procedure.add_row(f"{number}.", step)
        parts.append(procedure)
    rests = Text("\nRests on: ", style="bold")
    rests.append(quote_for(ruling.citations, profile, ruling.edition if profile == ruling.profile else None),
                 style="bold cyan")
    parts.append(rests)
    for departure in ruling.departures:
        # the profile's answer is not the cited text's: say so, never let the citation speak for it
        parts.append(Text(departure, style="yellow"))
    if assumed is not None and not ruling.assumed_leads:
        parts.append(assumed)
    parts.append(profile_text(ruling, profile))
    for caveat in ruling.caveats:
        parts.append(Text(caveat, style="yellow"))
    if trace:
        listing = RichTable.grid(padding=(0, 1))
        listing.add_column(no_wrap=True)
        listing.add_column()
        for citation in sorted(ruling.citations, key=lambda c: c.role == "contrast"):
            line = Text(public_label(citation))
            if citation.title:
                line.append(f", {citation.title}")
            line.append(f" ({_CONFIDENCE[citation.confidence]})", style="dim")
            if citation.role == "contrast":
                line.append("; contrast: where this room differs, not the basis", style="yellow")
            listing.add_row("  -", line)
        parts += [Text("All citations:", style="bold"), listing]
    elif len(ruling.citations) > 1:
        parts.append(Text(f"{len(ruling.citations) - 1} more citation"
                          f"{'s' if len(ruling.citations) > 2 else ''}: --trace or "
                          f"floorman explain {ruling.rule_id}", style="dim"))
    if ruling.overridden:
        parts.append(Text(f"Takes precedence over: {', '.join(ruling.overridden)}", style="dim"))
    if ruling.effect_error:
        # the hand could not follow the ruling: a floorman bug, never hidden (audit N16)
        parts.append(Text(f"\nThe hand cannot follow this ruling: {ruling.effect_error}. This is a fault in "
                          f"floorman's rule {ruling.rule_id}, not a ruling to apply: please report it.",
                          style="bold red"))
    return Panel(Group(*parts), title=f"[bold]{ruling.decision.upper()}[/bold]", subtitle=ruling.rule_id,
                 title_align="left", subtitle_align="right", border_style="red" if ruling.effect_error else "green")


def profile_text(ruling: Ruling, profile: str | None) -> Text:
    """"Profile: cash: four_card_flop = redeal": the profile ruled under and the room options
    that changed this ruling (none named: no option was tested)."""
    shown = ruling if profile is None or ruling.profile == profile else replace(ruling, profile=profile)
    line = Text("Profile: ", style="bold")
    line.append(shown.profile_line)
    return line


def next_line(report: RulingReport) -> Text:
    """What happens next, from the hand as the rulings left it."""
    if report.void:
        # the procedure says what goes back (a misdeal keeps the blinds, a fouled deck does not)
        words = "The hand is void: follow the procedure above before the next deal." + "".join(
            f" Incident {index} gets no ruling: the hand was void." for index in sorted(report.unruled))
    elif any("winners" in pot for pot in report.pots):
        words = "Push the pots as awarded" + (", side pots first." if len(report.pots) > 1 else ".")
    else:
        words = whats_next(report.state) or "The floor decides what comes next."
    line = Text("What happens next: ", style="bold")
    line.append(words)
    return line


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
                winners = ", ".join(f"seat {w}" for w in pot.get("winners", []))
                if "ruled_by" in pot:      # a ruling gave the pot, not the cards
                    by_cards = ", ".join(f"seat {w}" for w in pot.get("winners_by_cards", [])) or "not read"
                    winners += f" (as ruled, {pot['ruled_by']}; the cards: {by_cards})"
                row += [winners,
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
    """The hand as it stood, the question, each ruling, the pots and hands, and what happens next."""
    console.print(Text(title, style="bold"))
    console.print(table_picture(situation.state, width=console.width, next_line=False))
    if question:
        console.print(Text(question.strip(), style="italic"))
    if not report.rulings and not report.hands:
        console.print(Panel(report.why_no_ruling(), title="No ruling", border_style="yellow"))
    for ruling in report.rulings:
        console.print(ruling_panel(ruling, report.profile, trace=trace))
    for view in (hands_table(report), pots_table(report)):
        if view is not None:
            console.print(view)
    if report.rulings and report.state is not None:
        console.print(next_line(report))
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
