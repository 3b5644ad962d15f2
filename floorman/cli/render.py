"""Rendering a replayed hand: rich tables for the terminal, and a plain JSON document.

`print_replay(report)` shows the table (seats, stacks, button, blinds), the action street by
street with the board, the showdown (each shown hand's best five and its name), the pots
(amount, eligible seats, winners, award), the net results, and anything irregular.
`replay_json(report)` gives the same as plain data. Amounts are in the file's units (dollars,
tournament chips): floorman's integer chips divided by the hand's scale.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from floorman.model.cards import UNKNOWN
from floorman.model.events import Action, Board, DealHole, Draw, Muck, Post, Show, ShowOne
from floorman.phh import ReplayReport, Step

GAMES = {
    "NT": "No-limit Texas hold'em",
    "NS": "No-limit short-deck hold'em",
    "PO": "Pot-limit Omaha",
    "FT": "Fixed-limit Texas hold'em",
    "FO/8": "Fixed-limit Omaha hi-lo (8 or better)",
    "F7S": "Fixed-limit seven-card stud",
    "F7S/8": "Fixed-limit seven-card stud hi-lo (8 or better)",
    "FR": "Fixed-limit razz",
    "N2L1D": "No-limit 2-7 single draw",
    "F2L3D": "Fixed-limit 2-7 triple draw",
}

STREETS = {
    "preflop": "Pre-flop", "flop": "Flop", "turn": "Turn", "river": "River",
    "third": "Third street", "fourth": "Fourth street", "fifth": "Fifth street", "sixth": "Sixth street",
    "seventh": "Seventh street", "predraw": "Before the draw", "after-draw": "After the draw",
    "first-draw": "After the first draw", "second-draw": "After the second draw",
    "third-draw": "After the third draw", "showdown": "Showdown",
}

_POST_WORDS = {
    "small-blind": "posts the small blind", "big-blind": "posts the big blind", "straddle": "straddles",
    "ante": "antes", "big-blind-ante": "posts the big-blind ante", "button-ante": "posts the button ante",
    "bring-in": "brings in", "missed-small-blind": "posts a missed small blind (dead)",
    "missed-big-blind": "posts a missed big blind", "new-player": "posts to come in (new player)",
}
_POSITION = {"small-blind": "SB", "big-blind": "BB", "straddle": "STR", "new-player": "post"}


# ------------------------------------------------------------------------------------------- shared
def _amount(report: ReplayReport, chips: int) -> str:
    return report.hand.format_amount(chips)


def _units(report: ReplayReport, chips: int) -> int | float:
    value = report.hand.to_units(chips)
    return float(value) if isinstance(value, Decimal) else value


def _name(report: ReplayReport, seat: int) -> str:
    table_seat = report.hand.table.seat(seat)
    return table_seat.name if table_seat is not None and table_seat.name else f"seat {seat}"


def _cards(cards: tuple[str, ...] | list[str]) -> str:
    return " ".join(cards)


def _positions(report: ReplayReport) -> dict[int, str]:
    table = report.hand.table
    marks: dict[int, list[str]] = {}
    if table.button is not None:
        marks.setdefault(table.button, []).append("BTN")
    for event in report.hand.events:
        if isinstance(event, Post) and event.kind in _POSITION:
            marks.setdefault(event.seat, []).append(_POSITION[event.kind])
    return {seat: "/".join(labels) for seat, labels in marks.items()}


def describe(report: ReplayReport, step: Step) -> str:
    """One step in words: 'raises to 232,600 (all-in)'."""
    event = step.event
    amount = lambda chips: _amount(report, chips)  # noqa: E731
    all_in = " (all-in)" if step.all_in else ""
    if isinstance(event, Post):
        return f"{_POST_WORDS.get(event.kind, 'posts')} {amount(event.amount)}{all_in}"
    if isinstance(event, DealHole):
        if all(card == UNKNOWN for card in event.cards):
            return f"is dealt {len(event.cards)} card{'s' if len(event.cards) != 1 else ''}"
        return "is dealt " + _cards(event.cards)
    if isinstance(event, Draw):
        if not event.discards:
            return "stands pat"
        drawn = (f", draws {_cards(event.replacements)}"
                 if any(card != UNKNOWN for card in event.replacements) else "")
        return f"discards {len(event.discards)} ({_cards(event.discards)}){drawn}"
    if isinstance(event, Show):
        if event.cards and all(card == UNKNOWN for card in event.cards):
            return "does not show"
        return "shows " + (_cards(event.cards) if event.cards else "the hand")
    if isinstance(event, Muck):
        return "mucks"
    if isinstance(event, ShowOne):
        return f"shows one card, {event.card}"
    if isinstance(event, Action):
        kind = event.action
        if kind == "fold":
            return "folds"
        if kind == "check":
            return "checks"
        if kind == "call":
            return f"calls {amount(step.put_in)}{all_in}"
        if kind == "bring-in":
            return f"brings in for {amount(event.amount or step.put_in)}{all_in}"
        target = event.amount if event.amount is not None else step.put_in
        if kind == "complete":
            return f"completes to {amount(target)}{all_in}"
        if kind == "bet":
            return f"bets {amount(target)}{all_in}"
        if step.put_in and step.put_in == step.to_call and not step.all_in:
            return f"calls {amount(step.put_in)}"
        return f"raises to {amount(target)}{all_in}"
    return type(event).__name__


def _phase(step: Step) -> str:
    if isinstance(step.event, (Show, Muck, ShowOne)):
        return "showdown"
    return step.street


def _hand_readings(report: ReplayReport) -> list[tuple[int, Any, Any]]:
    if report.result is None:
        return []
    return [(seat, high, low) for seat, (high, low) in sorted(report.result.readings.items())]


# ------------------------------------------------------------------------------------------- JSON
def replay_json(report: ReplayReport, *, hands: int = 1) -> dict[str, Any]:
    """The replay as plain data (amounts in the file's units)."""
    hand = report.hand
    table = hand.table
    units = lambda chips: _units(report, chips)  # noqa: E731
    positions = _positions(report)
    result = report.result
    seats = []
    for table_seat in sorted(table.seats, key=lambda seat: seat.number):
        unknown = table_seat.number in hand.unknown_stacks
        seats.append({
            "seat": table_seat.number, "player": table_seat.name, "position": positions.get(table_seat.number, ""),
            "stack": None if unknown else units(table_seat.stack),
            "final_stack": None if result is None or unknown else units(result.final_stacks[table_seat.number]),
        })
    steps = []
    for step in report.steps or ():
        event = step.event
        entry: dict[str, Any] = {"street": _phase(step), "type": event.type, "text": describe(report, step)}
        seat = getattr(event, "seat", None)
        if seat is not None:
            entry["seat"] = seat
            entry["player"] = _name(report, seat)
        if isinstance(event, Action):
            entry["action"] = event.action
            if step.put_in:
                entry["put_in"] = units(step.put_in)
            if event.amount is not None:
                entry["to"] = units(event.amount)
            if step.all_in:
                entry["all_in"] = True
        if isinstance(event, Post):
            entry["kind"] = event.kind
            entry["amount"] = units(event.amount)
        if isinstance(event, (Board, DealHole, Show)):
            entry["cards"] = list(event.cards)
        if isinstance(event, Draw):
            entry["discards"] = list(event.discards)
            entry["replacements"] = list(event.replacements)
        if event.commentary:
            entry["commentary"] = event.commentary
        if step.action_index is not None:
            entry["action_index"] = step.action_index
        steps.append(entry)
    pots = []
    if result is not None:
        awards = {award.pot_index: award for award in result.awards}
        for index, pot in enumerate(result.pots):
            award = awards.get(index)
            pots.append({
                "name": award.name if award else ("main pot" if index == 0 else f"side pot {index}"),
                "amount": units(pot.amount), "eligible": list(pot.eligible),
                "winners": list(award.winners_high) if award else [],
                "winners_low": list(award.winners_low) if award else [],
                "shares": {str(s): units(c) for s, c in award.shares.items()} if award else {},
            })
    readings = []
    for seat, high, low in _hand_readings(report):
        entry = {"seat": seat, "player": _name(report, seat), "cards": list(report.state.seats[seat].hole)}
        for label, reading in (("high", high), ("low", low)):
            if reading is not None:
                entry[label] = {"name": reading.name, "category": reading.category,
                                "best_five": list(reading.best_five)}
        readings.append(entry)
    return {
        "file": hand.source,
        "section": hand.section,
        "hands_in_file": hands,
        "variant": hand.variant_code,
        "game": GAMES.get(hand.variant_code, hand.variant_code),
        "chip_scale": hand.scale,
        "table": {
            "button": table.button,
            "seats": seats,
            "small_blind": units(table.forced_bets.small_blind),
            "big_blind": units(table.forced_bets.big_blind),
            "straddles": [units(x) for x in table.forced_bets.straddles],
            "ante": units(table.forced_bets.ante), "ante_style": table.forced_bets.ante_style,
            "bring_in": units(table.forced_bets.bring_in),
            "small_bet": units(table.structure.small_bet), "big_bet": units(table.structure.big_bet),
            "min_bet": units(table.structure.min_bet),
        },
        "actions": steps,
        "board": list(report.state.board),
        "uncalled": None if result is None or result.uncalled is None else
        {"seat": result.uncalled[0], "amount": units(result.uncalled[1])},
        "pots": pots,
        "hands": readings,
        "net": None if result is None else {str(s): units(c) for s, c in result.net.items()},
        "irregularities": [{"kind": i.kind, "message": i.message, "action_index": i.action_index,
                            "action": i.action} for i in report.irregularities],
        "warnings": [{"code": w.code, "message": w.message, "action_index": report.warning_action(w)}
                     for w in report.warnings],
    }


# ------------------------------------------------------------------------------------------- rich
def print_replay(report: ReplayReport, *, hands: int = 1, console: Any = None) -> None:
    """Print the replay with rich."""
    from rich.console import Console
    from rich.table import Table as RichTable
    from rich.text import Text

    console = console or Console(highlight=False)
    hand = report.hand
    table = hand.table
    amount = lambda chips: _amount(report, chips)  # noqa: E731
    result = report.result

    # -- heading
    title = GAMES.get(hand.variant_code, hand.variant_code)
    where = hand.label + (f" (hand {hand.section} of {hands})" if hands > 1 and hand.section else "")
    # the file's own words (names, event, venue) are Text, never markup: `[/]` in a name is shown as written
    console.print(Text(title, style="bold"))
    console.print(Text(where))
    about = [str(hand.fields[key]) for key in ("event", "venue", "table") if hand.fields.get(key)]
    if about:
        console.print(Text(" · ".join(about)))
    forced = table.forced_bets
    rules = []
    if forced.small_blind or forced.big_blind:
        rules.append(f"blinds {amount(forced.small_blind)}/{amount(forced.big_blind)}")
    if forced.straddles:
        rules.append("straddles " + ", ".join(amount(x) for x in forced.straddles))
    if forced.ante:
        style = {"big-blind": " (big-blind ante)", "button": " (button ante)"}.get(forced.ante_style, "")
        rules.append(f"ante {amount(forced.ante)}{style}")
    if forced.bring_in:
        rules.append(f"bring-in {amount(forced.bring_in)}")
    if table.structure.small_bet:
        rules.append(f"limits {amount(table.structure.small_bet)}/{amount(table.structure.big_bet)}")
    elif table.structure.min_bet:
        rules.append(f"minimum bet {amount(table.structure.min_bet)}")
    if table.button is not None:
        rules.append(f"button seat {table.button}")
    console.print(", ".join(rules))

    # -- seats
    positions = _positions(report)
    seats_view = RichTable(title="Table", title_justify="left")
    for column, justify in (("seat", "right"), ("player", "left"), ("position", "left"), ("stack", "right"),
                            ("cards", "left")):
        seats_view.add_column(column, justify=justify)  # type: ignore[arg-type]
    for table_seat in sorted(table.seats, key=lambda seat: seat.number):
        held = report.state.seats[table_seat.number].hole
        stack = "unknown" if table_seat.number in hand.unknown_stacks else amount(table_seat.stack)
        seats_view.add_row(str(table_seat.number), Text(table_seat.name), positions.get(table_seat.number, ""), stack,
                           _cards(held) if held and any(c != UNKNOWN for c in held) else "")
    console.print(seats_view)

    # -- action, street by street
    console.print(Text("Action", style="bold"))
    phase = None
    board: list[str] = []
    for step in report.steps or ():
        event = step.event
        if isinstance(event, Board):
            board.extend(event.cards)
            console.print(Text(f"{STREETS.get(step.street, step.street)}  {_cards(event.cards)}"
                               f"   (board {_cards(board)})", style="bold cyan"))
            phase = step.street
            continue
        current = _phase(step)
        if current != phase:
            console.print(Text(STREETS.get(current, current), style="bold cyan"))
            phase = current
        seat = getattr(event, "seat", None)
        who = f"seat {seat} {_name(report, seat)}" if seat is not None else ""
        line = Text(f"  {who} {describe(report, step)}")
        if event.commentary:
            line.append(f"  # {event.commentary}", style="dim")
        console.print(line)
    if report.state.board:
        console.print(Text(f"Board  {_cards(report.state.board)}", style="bold"))

    # -- shown hands
    readings = _hand_readings(report)
    if readings:
        hands_view = RichTable(title="Hands", title_justify="left")
        for column in ("seat", "player", "cards", "best five", "hand"):
            hands_view.add_column(column, justify="right" if column == "seat" else "left")
        for seat, high, low in readings:
            names = []
            fives = []
            for label, reading in (("high", high), ("low", low)):
                if reading is not None:
                    prefix = f"{label}: " if high is not None and low is not None else ""
                    names.append(prefix + reading.name)
                    fives.append(prefix + _cards(reading.best_five))
            if high is not None and low is None and hand.table.variant.value.endswith("hi-lo"):
                names.append("no low")
            hands_view.add_row(str(seat), Text(_name(report, seat)), _cards(report.state.seats[seat].hole),
                               "\n".join(fives), "\n".join(names))
        console.print(hands_view)

    # -- pots
    if result is not None:
        if result.uncalled:
            seat, chips = result.uncalled
            console.print(Text(f"Uncalled bet of {amount(chips)} returned to seat {seat} {_name(report, seat)}"))
        awards = {award.pot_index: award for award in result.awards}
        pots_view = RichTable(title="Pots", title_justify="left")
        for column, justify in (("pot", "left"), ("amount", "right"), ("eligible", "left"),
                                ("winner", "left"), ("award", "left")):
            pots_view.add_column(column, justify=justify)  # type: ignore[arg-type]
        for index, pot in enumerate(result.pots):
            award = awards.get(index)
            if award is None:
                continue
            winners = [f"seat {s} {_name(report, s)}" for s in award.winners_high]
            if award.winners_low:
                winners = ["high: " + ", ".join(winners),
                           "low: " + ", ".join(f"seat {s} {_name(report, s)}" for s in award.winners_low)]
            shares = [f"seat {s}: {amount(c)}" + (f" (odd chip {amount(award.odd_chips[s])})"
                                                   if award.odd_chips.get(s) else "")
                      for s, c in sorted(award.shares.items())]
            pots_view.add_row(award.name, amount(pot.amount), ", ".join(map(str, pot.eligible)),
                              Text("\n".join(winners)), "\n".join(shares))
        console.print(pots_view)

        net_view = RichTable(title="Net results", title_justify="left")
        for column in ("seat", "player", "start", "end", "net"):
            net_view.add_column(column, justify="left" if column == "player" else "right")
        for table_seat in sorted(table.seats, key=lambda seat: seat.number):
            net = result.net.get(table_seat.number, 0)
            unknown = table_seat.number in hand.unknown_stacks
            style = "green" if net > 0 else "red" if net < 0 else ""
            sign = "+" if net > 0 else "-" if net < 0 else ""
            net_view.add_row(str(table_seat.number), Text(table_seat.name), "unknown" if unknown else amount(table_seat.stack),
                             "unknown" if unknown else amount(result.final_stacks[table_seat.number]),
                             Text(f"{sign}{amount(abs(net))}", style=style))
        console.print(net_view)

    # -- what is not regular
    for irregularity in report.irregularities:
        where = (f"actions[{irregularity.action_index}] {irregularity.action!r}: "
                 if irregularity.action_index is not None else "")
        console.print(Text(f"Irregular ({irregularity.kind}): {where}{irregularity.message}", style="bold red"))
    for text in report.warning_texts():
        console.print(Text(f"Site rule, not TDA: {text}", style="yellow"))
