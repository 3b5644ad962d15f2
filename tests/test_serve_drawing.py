"""The table of a question drawn as SVG from the quiz's plain-data table picture: the seats with
names and stacks, the chips in front, the button and blinds, the cards and board with coloured
suit symbols, the pots; and every name escaped."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("jinja2", reason="the serve extra is not installed")

from floorman.serve.drawing import CX, CY, HEIGHT, SEAT_BOX, WIDTH, bar_chart, table_drawing  # noqa: E402
from floorman.serve.pages import environment  # noqa: E402


def seat(number, name="", stack=1000, bet=0, status="in", button=False, blind="", to_act=False, upcards=()):
    return {"number": number, "name": name, "stack": stack, "bet": bet, "status": status, "button": button,
            "blind": blind, "to_act": to_act, "upcards": list(upcards)}


TABLE = {"game": "No-limit hold'em 50/100 tournament, 4 players, button seat 4.", "seat_count": 9, "street": "flop",
         "seats": [seat(1, "Ann <b>", 4_950, 0, blind="SB"), seat(2, "Bo", 0, 900, "all-in", blind="BB"),
                   seat(3, "Cy & Dee Longname", 2_000, 900, to_act=False), seat(4, "", 5_000, 0, "folded", button=True)],
         "board": ["Ah", "Td", "7s", "2c"][:3], "pots": [300, 1_800], "bets": 1_800, "to_act": 1, "to_call": 900}


def svg(table):
    return environment.get_template("_svg.html").module.table(table_drawing(table))


def test_the_table_is_drawn_with_every_part():
    drawn = svg(TABLE)
    assert drawn.count('class="seat ') == 4 and 'class="seat all-in"' in drawn and 'class="seat folded"' in drawn
    assert "Ann &lt;b&gt;" in drawn and "<b>" not in drawn                   # names escaped
    assert "Cy &amp; Dee…" in drawn                                           # shortened to fit its box
    assert re.search(r'class="card red[^"]*".*?>A</text><text[^>]*class="suit">♥', drawn)
    assert re.search(r'class="card red[^"]*".*?>10</text><text[^>]*class="suit">♦', drawn)
    assert re.search(r'class="card black[^"]*".*?>7</text><text[^>]*class="suit">♠', drawn)
    assert drawn.count('class="card back small"') == 6                       # Ann, Bo, Cy hold cards; 4 folded
    assert ">Main 300<" in drawn and ">Side 1 1,800<" in drawn and ">Seat 1 to act<" in drawn
    assert ">900 to call<" in drawn and ">FLOP<" not in drawn and ">Flop<" in drawn
    assert drawn.count('<g class="bet">') == 2 and drawn.count(">900</text>") == 2
    assert '<g class="button">' in drawn and ">SB<" in drawn and ">BB<" in drawn
    assert "4,950" in drawn and ">all-in<" in drawn


def test_everything_stays_inside_the_picture():
    for count in range(2, 11):
        table = {**TABLE, "seats": [seat(n, f"P{n}", bet=100 * n, button=n == 1) for n in range(1, count + 1)],
                 "board": ["Ah", "Td", "7s", "2c", "9h"]}
        drawing = table_drawing(table)
        for s in drawing.seats:
            assert SEAT_BOX[0] / 2 <= s.x <= WIDTH - SEAT_BOX[0] / 2 and SEAT_BOX[1] / 2 <= s.y <= HEIGHT - SEAT_BOX[1] / 2
        for c in drawing.cards:
            assert 0 < c.x < WIDTH and 0 < c.y < HEIGHT
        assert all(0 < x < WIDTH and 0 < y < HEIGHT for x, y, _, _ in drawing.bets)
        assert len(drawing.bets) == count
        seats = sorted(drawing.seats, key=lambda s: s.number)    # clockwise from the dealer's left
        assert seats[0].x < CX < seats[-1].x                     # seat 1 on the left, the last on the right
        assert count < 4 or (seats[0].y > CY and seats[-1].y > CY)     # both beside the dealer, at the bottom


def test_the_words_for_a_screen_reader():
    drawing = table_drawing(TABLE)
    assert drawing.summary.startswith(TABLE["game"])
    assert "seat 2 Bo, 0 behind, all-in, 900 in front, BB" in drawing.summary and "board Ah Td 7s" in drawing.summary


def test_bars_are_as_long_as_the_share_right():
    class S:
        def __init__(self, label, asked, right):
            self.label, self.asked, self.right, self.percent = label, asked, right, 100 * right // asked

    chart = bar_chart([S("raises", 4, 4), S("pots", 4, 1), S("a very long topic name here", 2, 1)], "t")
    full, quarter, half = (b.length for b in chart.bars)
    assert full == chart.track and quarter == pytest.approx(chart.track / 4, abs=0.1) and half == pytest.approx(full / 2, abs=0.1)
    assert [b.tone for b in chart.bars] == ["good", "poor", "fair"] and chart.bars[2].label.endswith("…")
