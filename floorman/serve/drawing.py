"""Where things go in the pictures the web pages draw as SVG: the table of a question (from the
quiz's plain-data table picture, floorman/training/picture.py, as the export writes it) and
the bar charts of the results. Pure geometry and words; the templates draw it (_svg.html), and
their autoescaping makes every name and label safe.

The table is laid out as the terminal's (floorman/cli/table_view.py): the dealer at the bottom,
the seats clockwise from the dealer's left around an oval, each seat's cards just in front of
its box, its chips further in, and in the middle, one block: the street, the board, the pots
and who acts. A seat's chips never cover that block: they stop short of it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

WIDTH, HEIGHT = 360, 312
CX, CY = 180, 152
FELT = (110, 92)              # the oval's half-width and half-height
SEAT_RING = (142, 128)        # where the seats' boxes are centred
SEAT_BOX = (70, 34)
CARD = (13, 18)               # a seat's cards
BOARD_CARD = (26, 36)
CHIPS_AHEAD = 26              # how far in front of its cards a seat's chips go, at most
NAME_CHARACTERS = 9
SUITS = {"s": ("♠", "black"), "h": ("♥", "red"), "d": ("♦", "red"), "c": ("♣", "black")}
STREETS = {"preflop": "Preflop", "flop": "Flop", "turn": "Turn", "river": "River", "showdown": "Showdown"}


@dataclass(frozen=True)
class Card:
    x: float                  # the centre
    y: float
    rank: str                 # '10', 'A'...; '' for a card face down
    suit: str                 # '♠'...; ''
    colour: str               # 'red', 'black' or 'back'
    small: bool = False

    @property
    def size(self) -> tuple[int, int]:
        return CARD if self.small else BOARD_CARD


@dataclass(frozen=True)
class Seat:
    x: float                  # the centre of its box
    y: float
    number: int
    name: str                 # shortened to fit the box
    full_name: str
    line: str                 # the stack, or folded / all-in / away / out
    status: str
    to_act: bool
    blind: str


@dataclass(frozen=True)
class Line:
    kind: str                 # 'street', 'pot' or 'acts': its style
    text: str
    y: float                  # its baseline


@dataclass
class TableDrawing:
    seats: list[Seat] = field(default_factory=list)
    bets: list[tuple[float, float, str, str]] = field(default_factory=list)   # chip centre, amount, 'start'/'end'

    cards: list[Card] = field(default_factory=list)                       # the seats' and the board's
    button: tuple[float, float] | None = None
    lines: list[Line] = field(default_factory=list)                       # the middle's words
    summary: str = ""                                                     # the table in words, for a screen reader
    width: int = WIDTH
    height: int = HEIGHT
    felt: tuple[int, int, int, int] = (CX, CY, *FELT)


def _chips(amount: int) -> str:
    return f"{amount:,}"


def card(text: str, x: float, y: float, *, small: bool = False) -> Card:
    if len(text) != 2 or text == "??" or text[1] not in SUITS:
        return Card(x, y, "", "", "back", small)
    symbol, colour = SUITS[text[1]]
    return Card(x, y, "10" if text[0] == "T" else text[0], symbol, colour, small)


def _middle(table: dict[str, Any], drawing: TableDrawing) -> tuple[float, float, float, float]:
    """Lay out the middle block (street, board, pots, who acts) centred on the felt; return its box."""
    words = [("pot", text) for text in pot_lines(table["pots"])]
    if table["to_act"] is not None:
        words.append(("acts", f"Seat {table['to_act']} to act"))
        words.append(("acts", f"{_chips(table['to_call'])} to call" if table["to_call"] else "nothing to call"))
    board = table["board"]
    height = 14 + (BOARD_CARD[1] + 6 if board else 0) + 14 * len(words)
    top = CY - height / 2
    drawing.lines.append(Line("street", STREETS.get(table["street"], table["street"].replace("-", " ").capitalize()),
                              round(top + 10, 1)))
    y = top + 14
    if board:
        step = BOARD_CARD[0] + 3
        start = CX - step * (len(board) - 1) / 2
        drawing.cards += [card(c, round(start + step * i, 1), round(y + 3 + BOARD_CARD[1] / 2, 1))
                          for i, c in enumerate(board)]
        y += BOARD_CARD[1] + 6
    for kind, text in words:
        y += 14
        drawing.lines.append(Line(kind, text, round(y - 3, 1)))
    half = max([step * len(board) / 2 if board else 0] + [3.3 * len(text) for _, text in words] + [30])
    return CX - half - 4, top - 2, CX + half + 4, top + height + 2


def pot_lines(pots: list[int]) -> list[str]:
    """The pots in the middle: 'Pot 150', or the main pot and each side pot named."""
    if len(pots) > 1:
        return [f"Main {_chips(pots[0])}", " · ".join(f"Side {n} {_chips(p)}" for n, p in enumerate(pots[1:], 1))]
    return [f"Pot {_chips(pots[0])}"] if pots else []


def _toward_middle(x: float, y: float) -> tuple[float, float, float]:
    """The unit step from (x, y) toward the middle, and the distance to the edge of a seat's box that way."""
    dx, dy = CX - x, CY - y
    length = math.hypot(dx, dy) or 1.0
    dx, dy = dx / length, dy / length
    edge = min(SEAT_BOX[0] / 2 / abs(dx) if dx else math.inf, SEAT_BOX[1] / 2 / abs(dy) if dy else math.inf)
    return dx, dy, edge


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> float:
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


def _bet(text: str, seat: tuple[float, float], cards: tuple[float, float], way: tuple[float, float],
         middle: tuple[float, float, float, float]) -> tuple[float, float, str, str]:
    """A seat's chips, in front of its cards on the way to the middle, with the amount written
    beside them (to the right, or toward the middle for a seat at either end of the table). Where
    that covers the middle block or the seat's own box, the place that covers least: nearer the
    cards, off to the side, the amount on the other side."""
    (sx, sy), (cx, cy), (dx, dy) = seat, cards, way
    width = 7 * len(text) + 12
    own = (sx - SEAT_BOX[0] / 2, sy - SEAT_BOX[1] / 2, sx + SEAT_BOX[0] / 2, sy + SEAT_BOX[1] / 2)
    preferred = "start" if dx > 0.5 or (abs(dx) <= 0.5 and cx <= CX + 40) else "end"
    other = "end" if preferred == "start" else "start"
    away = 1 if cy > CY else -1
    tries = [(ahead, 0, preferred) for ahead in range(CHIPS_AHEAD, 11, -2)]
    tries += [(12, away * shift, anchor) for shift in (16, 26) for anchor in (preferred, other)]
    best: tuple[float, tuple[float, float, str, str]] | None = None
    for ahead, shift, anchor in tries:
        x, y = cx + dx * ahead, cy + dy * ahead + shift
        box = (x - 8, y - 8, x + width, y + 8) if anchor == "start" else (x - width, y - 8, x + 8, y + 8)
        cost = _overlap(box, (middle[0] - 3, middle[1] - 3, middle[2] + 3, middle[3] + 3)) + 2 * _overlap(box, own)
        if best is None or cost < best[0]:
            best = cost, (round(x, 1), round(y, 1), text, anchor)
        if cost == 0:
            break
    assert best is not None
    return best[1]


def table_drawing(table: dict[str, Any]) -> TableDrawing:
    """The drawing of a table picture (TablePicture.to_dict())."""
    drawing = TableDrawing()
    middle = _middle(table, drawing)
    seats = table["seats"]
    slots = len(seats) + 1                  # slot 0 is the dealer's, at the bottom
    for index, seat in enumerate(seats, 1):
        angle = math.radians(90 + 360 * index / slots)    # clockwise on screen from the bottom: left, top, right
        x, y = round(CX + SEAT_RING[0] * math.cos(angle), 1), round(CY + SEAT_RING[1] * math.sin(angle), 1)
        name = seat["name"] or ""
        short = name if len(name) <= NAME_CHARACTERS else name[:NAME_CHARACTERS - 1] + "…"
        status = seat["status"]
        line = _chips(seat["stack"]) if status == "in" else (
            f"away {_chips(seat['stack'])}" if status == "away" else status)
        drawing.seats.append(Seat(x, y, seat["number"], short, name, line, status, seat["to_act"], seat["blind"]))
        dx, dy, edge = _toward_middle(x, y)
        reach = edge + CARD[1] / 2 + 2
        cx, cy = x + dx * reach, y + dy * reach
        held = list(seat["upcards"]) or (["??", "??"] if status in ("in", "all-in", "away") else [])
        step = CARD[0] + 1
        drawing.cards += [card(c, round(cx + step * (i - (len(held) - 1) / 2), 1), round(cy, 1), small=True)
                          for i, c in enumerate(held)]
        if seat["button"]:                  # beside the seat's cards: toward the middle line, or below them
            side = 1 if cx < CX else -1
            drawing.button = ((round(cx + side * 24, 1), round(cy + dy * 6, 1)) if abs(dy) > abs(dx)
                              else (round(cx + dx * 4, 1), round(cy + 21, 1)))
        if seat["bet"]:
            drawing.bets.append(_bet(_chips(seat["bet"]), (x, y), (cx, cy), (dx, dy), middle))
    drawing.summary = "; ".join([table["game"], drawing.lines[0].text, *(_seat_words(s) for s in seats),
                                 *(["board " + " ".join(table["board"])] if table["board"] else []),
                                 *(line.text for line in drawing.lines[1:])])
    return drawing


def _seat_words(seat: dict[str, Any]) -> str:
    marks = [m for m in ("button" if seat["button"] else "", seat["blind"], "to act" if seat["to_act"] else "") if m]
    parts = [f"seat {seat['number']}" + (f" {seat['name']}" if seat["name"] else ""),
             f"{_chips(seat['stack'])} behind" if seat["status"] != "out" else "not dealt in"]
    if seat["status"] not in ("in", "out"):
        parts.append(seat["status"])
    if seat["bet"]:
        parts.append(f"{_chips(seat['bet'])} in front")
    if seat["upcards"]:
        parts.append("showing " + " ".join(seat["upcards"]))
    return ", ".join(parts + marks)


# ----------------------------------------------------------------------------- bar charts
BAR_WIDTH = 340
BAR_LABEL = 110           # room for the label at the left
BAR_VALUE = 80            # and for '12/20 · 60%' at the right
BAR_ROW = 24


@dataclass(frozen=True)
class Bar:
    y: float
    label: str
    length: float         # the filled part of the track
    text: str             # '7/9 · 77%'
    tone: str             # 'good', 'fair', 'poor': the bar's colour


@dataclass(frozen=True)
class BarChart:
    bars: list[Bar]
    width: int
    height: int
    label_width: int
    track: float
    title: str


def bar_chart(scores: list[Any], title: str) -> BarChart:
    """One bar per score (anything with label, asked, right, percent), its length the share right."""
    track = BAR_WIDTH - BAR_LABEL - BAR_VALUE
    bars = []
    for row, score in enumerate(scores):
        share = score.right / score.asked if score.asked else 0.0
        label = score.label if len(score.label) <= 16 else score.label[:15] + "…"
        tone = "good" if share >= 0.8 else "fair" if share >= 0.5 else "poor"
        bars.append(Bar(row * BAR_ROW, label, round(track * share, 1), f"{score.right}/{score.asked} · {score.percent}%",
                        tone))
    return BarChart(bars, BAR_WIDTH, max(BAR_ROW, BAR_ROW * len(scores)), BAR_LABEL, track, title)
