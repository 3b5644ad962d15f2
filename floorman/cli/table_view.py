"""The table as a floor person sees it: the seats around an oval, and what happens next.

`table_picture(state)` draws a hand as it stands: each seat with its name or number and its
stack, the button and the blinds, the bet in front of each seat, the pot or pots and the
board, and below the oval whose turn it is and what they face. `whats_next(state)` says the
same in one line of words (who acts, to call, the minimum raise-to, the pot-limit maximum,
the options; after the betting, the next card or the showdown order).

The picture is a character canvas with a style per cell, turned into one rich Text: cheap to
draw (it is redrawn after every line typed at the table) and never wider than `width`.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.text import Text

_BLIND_MARKS = {"small-blind": "SB", "big-blind": "BB", "straddle": "STR"}
_NEXT_CARDS = {"flop": "burn and deal the flop", "turn": "burn and deal the turn",
               "river": "burn and deal the river", "fourth": "deal fourth street",
               "fifth": "deal fifth street", "sixth": "deal sixth street", "seventh": "deal seventh street",
               "after-draw": "the draw", "first-draw": "the first draw", "second-draw": "the second draw",
               "third-draw": "the third draw"}


def _chips(amount: int) -> str:
    return f"{amount:,}"


def _who(state: Any, number: int) -> str:
    name = state.seats[number].name
    return f"seat {number} ({name})" if name else f"seat {number}"


def _blind_marks(state: Any) -> dict[int, str]:
    """The seats that posted a blind or straddle this hand: SB, BB, STR."""
    from floorman.model.events import Post

    marks: dict[int, str] = {}
    for event in state.events:
        if isinstance(event, Post) and event.kind in _BLIND_MARKS:
            marks.setdefault(event.seat, _BLIND_MARKS[event.kind])
    return marks


# ------------------------------------------------------------------------------------ in words
def _options_text(state: Any, seat: int) -> str:
    words = []
    for option in state.legal_options(seat):
        if option.action in ("fold", "check"):
            words.append(option.action)
        elif option.action == "bring-in":
            words.append(f"bring it in for {_chips(option.min_to)}")
        elif option.action == "call":
            s = state.seats[seat]
            words.append(f"call {_chips(state.to_call(seat))}" + (" (all-in)" if state.to_call(seat) >= s.stack
                                                                     else ""))
        else:
            low, high = option.min_to, option.max_to
            verb = f"{option.action} to"
            words.append(f"{verb} {_chips(low)}" if low == high else
                         f"{verb} between {_chips(low)} and {_chips(high)}")
    if not words:
        return ""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def facing(state: Any, seat: int) -> str:
    """What the seat to act faces: to call, the minimum raise-to, the pot-limit maximum."""
    from floorman.model.table import BettingStructure

    parts = []
    to_call = state.to_call(seat)
    parts.append(f"{_chips(to_call)} to call" if to_call else "nothing to call")
    raising = [o for o in state.legal_options(seat) if o.action in ("bet", "raise")]
    if raising:
        option = raising[0]
        word = "bet" if option.action == "bet" else "raise to"
        parts.append(f"minimum {word} {_chips(option.min_to)}")
        if state.betting is BettingStructure.POT_LIMIT:
            parts.append(f"pot-limit maximum {_chips(option.max_to)}")
        elif state.betting is BettingStructure.NO_LIMIT:
            parts.append(f"all-in to {_chips(option.max_to)}")
    elif to_call and seat not in state.restrictions:
        parts.append("no raise possible")
    restriction = state.restrictions.get(seat)
    if restriction is not None:
        # a ruling limits this seat: say which, so the table follows the ruling it was given
        parts.append(f"{restriction.rule} ruled: {restriction.words()} only, {restriction.scope}")
    return "; ".join(parts)


def whats_next(state: Any) -> str:
    """Who acts and what they face and may do; after the betting, what comes next."""
    if state is None:
        return ""
    try:
        return _whats_next(state)
    except Exception:  # noqa: BLE001 - a half-built hand must never stop the screen being drawn
        return "The floor decides what comes next."


def _whats_next(state: Any) -> str:
    live = state.active_seats
    if state.hand_over or (state.events and len(live) == 1):
        if len(live) == 1:
            return f"The hand is over: {_who(state, live[0])} wins the pot."
        return "The hand is over."
    if not state.events:
        return "Post the forced bets and deal."
    actor = state.actor
    if actor is not None:
        options = _options_text(state, actor)
        who = _who(state, actor)
        who = who[0].upper() + who[1:]
        return f"{who} to act: {facing(state, actor)}. May {options}." if options else f"{who} to act."
    last = len(state.streets) - 1
    if state.betting_complete:
        if state.street_index >= last or state.unfinished() is None:
            if all(state.seats[n].tabled for n in live):
                return "The hands are shown: award the pot."
            order = ", ".join(map(str, state.showdown_order()))
            return f"The betting is over: showdown. Hands are shown in the order: seat {order}."
        following = state.streets[min(state.street_index + 1, last)]
        return (f"The betting is over (all-in): the hands are turned face up, then "
                f"{_NEXT_CARDS.get(following, 'deal the ' + following)}.")
    if state.street_index < last:
        following = state.streets[state.street_index + 1]
        return f"The {state.street} betting is over: {_NEXT_CARDS.get(following, 'deal the ' + following)}."
    return "Deal the cards."


# ------------------------------------------------------------------------------------ the picture
class _Canvas:
    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.cells = [[" "] * width for _ in range(height)]
        self.styles: list[list[str | None]] = [[None] * width for _ in range(height)]

    def put(self, x: int, y: int, text: str, style: str | None = None) -> None:
        if not 0 <= y < self.height:
            return
        for offset, char in enumerate(text):
            column = x + offset
            if 0 <= column < self.width:
                self.cells[y][column] = char
                self.styles[y][column] = style

    def centred(self, cx: int, y: int, text: str, style: str | None = None) -> None:
        text = text[: self.width]
        x = max(0, min(self.width - len(text), cx - len(text) // 2))
        self.put(x, y, text, style)

    def free(self, x: int, y: int, length: int) -> bool:
        """Blank from two cells before to two cells after: nothing drawn there yet."""
        if not 0 <= y < self.height or x < 2 or x + length + 2 > self.width:
            return False
        return all(char == " " for char in self.cells[y][x - 2:x + length + 2])

    def place(self, cx: int, y: int, text: str, style: str | None, moves: list[tuple[int, int]]) -> None:
        """Centre `text` at (cx, y), or at the first of the moves from there that is free (two
        bets never drawn over each other); if none is free, at (cx, y) anyway."""
        for dx, dy in [(0, 0), *moves]:
            x = cx + dx - len(text) // 2
            if self.free(x, y + dy, len(text)):
                self.put(x, y + dy, text, style)
                return
        self.centred(cx, y, text, style)

    def text(self) -> Text:
        out = Text(no_wrap=True, overflow="crop")
        rows = [i for i, cells in enumerate(self.cells) if "".join(cells).strip()]
        height = rows[-1] + 1 if rows else 0
        for row, (cells, styles) in enumerate(zip(self.cells[:height], self.styles)):
            last = len("".join(cells).rstrip())
            start = 0
            while start < last:
                end = start
                while end < last and styles[end] == styles[start]:
                    end += 1
                out.append("".join(cells[start:end]), style=styles[start] or "")
                start = end
            if row < height - 1:
                out.append("\n")
        return out


def _seat_lines(state: Any, number: int, marks: dict[int, str], width: int) -> list[tuple[str, str | None]]:
    seat = state.seats[number]
    tags = []
    if number == state.table.button:
        tags.append("BTN")
    if number in marks:
        tags.append(marks[number])
    tag = (" " + "/".join(tags)) if tags else ""
    arrow = "▶" if number == state.actor else ""
    name = seat.name or ""
    head = f"{arrow}{number}"
    room = width - len(head) - len(tag) - 1
    if name and room >= 3:
        head += " " + (name if len(name) <= room else name[: room - 1] + "…")
    head += tag
    if not seat.dealt_in:
        status = "out"
    elif seat.folded:
        status = "folded"
    elif seat.all_in:
        status = "all-in"
    elif not seat.present:
        status = f"away {_chips(seat.stack)}"
    else:
        status = _chips(seat.stack)
    style = "bold reverse" if number == state.actor else ("dim" if seat.folded or not seat.dealt_in else "bold")
    lines = [(head[:width], style), (status[:width], "dim" if style == "dim" else None)]
    if state.family == "stud" and seat.dealt_in:
        up = " ".join(seat.upcards)
        if up:
            lines.append((up[:width], "cyan"))
    return lines


def _centre_lines(state: Any, limit: int) -> list[str]:
    lines = []
    if state.board:
        lines.append(" ".join(state.board))
    in_front = sum(s.street_bet for s in state.seats.values())
    middle = state.pot - in_front
    pots = []
    try:
        pots = state.pots()
    except Exception:  # noqa: BLE001 - pots of a half-built hand: show the total only
        pots = []
    if len(pots) > 1:
        names = ["main"] + [f"side {i}" for i in range(1, len(pots))]
        text = " · ".join(f"{name} {_chips(p.amount)}" for name, p in zip(names, pots))
        lines.append(text if len(text) <= limit else f"{len(pots)} pots, {_chips(state.pot)} in all")
    else:
        if in_front and middle:
            lines.append(f"pot {_chips(middle)}, bets {_chips(in_front)}")
        else:
            lines.append(f"bets {_chips(in_front)}" if in_front else f"pot {_chips(middle)}")
    lines.append(state.street)
    return [line[:limit] for line in lines]


def _perimeter_slots(slots: int, *, cx: int, left: float, right: float, top: float,
                     bottom: float) -> list[tuple[float, float]]:
    """`slots` points evenly spaced clockwise (on screen) around a rectangle, the first at the
    middle of the bottom side (the dealer)."""
    aspect = 2.5
    legs = [((cx, bottom), (left, bottom)), ((left, bottom), (left, top)), ((left, top), (right, top)),
            ((right, top), (right, bottom)), ((right, bottom), (cx, bottom))]
    lengths = [abs(x2 - x1) + abs(y2 - y1) * aspect for (x1, y1), (x2, y2) in legs]
    total = sum(lengths)
    points = []
    for k in range(slots):
        along = total * k / slots
        for ((x1, y1), (x2, y2)), length in zip(legs, lengths):
            if along <= length or length == lengths[-1] and (x1, y1) == legs[-1][0]:
                share = along / length if length else 0.0
                points.append((x1 + (x2 - x1) * share, y1 + (y2 - y1) * share))
                break
            along -= length
    return points


def table_picture(state: Any, *, width: int = 80, profile: str | None = None, next_line: bool = True) -> Group:
    """The seats around an oval, the bets, the pots, the board, and what comes next (wraps to width)."""
    width = max(40, width)
    numbers = list(state.seats)
    count = len(numbers)
    stud = state.family == "stud"
    label_w = max(9, min(18, (width - 4) // 5))
    label_h = 3 if stud else 2
    oval_w = width - 2 * label_w - 6
    oval_h = 9
    top = label_h + 1
    height = top + oval_h + label_h + 1
    cx = width // 2
    cy = top + oval_h // 2
    canvas = _Canvas(width, height)

    # the oval: a rounded table, its ends bent in one column
    left, right = cx - oval_w // 2, cx + oval_w // 2
    line = "─" * (right - left - 4)
    canvas.put(left + 2, top, line, "green")
    canvas.put(left + 2, top + oval_h - 1, line, "green")
    for row in range(top + 1, top + oval_h - 1):
        if row == top + 1:
            ends, inset = ("╱", "╲"), 1
        elif row == top + oval_h - 2:
            ends, inset = ("╲", "╱"), 1
        else:
            ends, inset = ("│", "│"), 0
        canvas.put(left + inset, row, ends[0], "green")
        canvas.put(right - 1 - inset, row, ends[1], "green")
    centre = _centre_lines(state, max(10, oval_w - 20))
    start = cy - len(centre) // 2
    for offset, line in enumerate(centre):
        canvas.centred(cx, start + offset, line, "bold yellow" if line.startswith(("pot", "main", "bets")) else
                       ("bold" if offset == 0 and state.board else "dim"))
    canvas.centred(cx, top + oval_h, "dealer", "dim")

    # the seats, clockwise from the dealer's left, evenly along a path around the oval: the
    # bottom row, the left side, the top row, the right side (a row counts as 2.5 columns)
    marks = _blind_marks(state)
    slots = _perimeter_slots(count + 1, cx=cx, left=label_w // 2 + 1, right=width - label_w // 2 - 2,
                             top=(label_h - 1) / 2, bottom=top + oval_h + (label_h - 1) / 2 + 1)
    for number, (sx, sy) in zip(numbers, slots[1:]):
        lines = _seat_lines(state, number, marks, label_w)
        first_row = max(0, min(height - len(lines), round(sy - (len(lines) - 1) / 2)))
        for offset, (line, style) in enumerate(lines):
            canvas.centred(round(sx), first_row + offset, line, style)
        bet = state.seats[number].street_bet
        if bet:
            # the bet goes on the felt in front of the seat: just inside the rail nearest it
            chips = _chips(bet)
            beside = top <= sy <= top + oval_h - 1
            if not beside:                     # a seat above or below the table
                bx = min(max(sx, left + 4 + len(chips) / 2), right - 4 - len(chips) / 2)
                by: float = top + 1 if sy < cy else top + oval_h - 2
            else:                              # a seat at either end
                bx = left + 2 + len(chips) / 2 if sx < cx else right - 3 - len(chips) / 2
                by = min(max(sy, top + 2), top + oval_h - 3)
            canvas.place(round(bx), round(by), chips, "bold yellow",
                         [(0, 1), (0, -1), (0, 2), (0, -2)] if beside else
                         [(len(chips) + 1, 0), (-len(chips) - 1, 0), (0, 1 if sy < cy else -1)])

    parts: list[Any] = [canvas.text()]
    if next_line:
        parts.append(Text(whats_next(state)))
    if profile:
        parts.append(Text(f"profile: {profile}", style="dim"))
    return Group(*parts)
