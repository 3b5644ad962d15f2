"""Does a ruling's text agree with its own numbers and with the table?

A rule's explanation and steps are templates filled from the facts; a template written for one
case can read wrongly in another ("short by 0", "goes back to seat 0", "no pot" beside a pot
of 364). `contradictions` reads every ruling of a report, as the floor would read it out, and
lists each place where the words or the params disagree with the numbers or the table:

- the words name seat 0 (no seat has that number), a shortfall of nothing, or "no pot" while
  the hand has chips in the pot; they speak of board cards in a game with no board; they say
  the cards are "mixed with the discards" when the incident says where they are and it is not
  the muck; a warning is read as a penalty "starting now";
- the params: a pot of 0 while the hand has chips in the pot, chips returned to no seat, a seat
  param that is not a seat at the table, `cards_not_dealt: 0` in a hand that stopped before
  its last card, a param named for the low card in razz (where the high card brings in) or
  for the high card in stud; a ruling that says who gets the pot (an `award` effect, or a
  `winner` param) while the pot table gives it to someone else.

tests/test_ruling_wording.py runs it over every bundled scenario.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Any, TypeGuard

from floorman.ruling import Ruling, RulingReport

SEAT_ZERO = re.compile(r"\bseats? 0\b")
SHORT_BY_ZERO = re.compile(r"\bshort by 0\b|\b0 short\b")
NO_POT = re.compile(r"\bno pot\b(?! count| limit)")
BOARD = re.compile(r"\bboard cards?\b")
IN_THE_MUCK = re.compile(r"mixed (in)?to the discards|mixed with the discards")
STARTS_NOW = re.compile(r"\bstart(s|ing) now\b")
# params that hold a seat number (0 where a fact has none)
SEAT_PARAMS = re.compile(r"^(seat|returned_to|awarded_to|winner|first_to_act|caller|claimant|partner|to_seat|"
                         r"button|[a-z_]*_seat)$")
POT_PARAMS = ("main_pot", "pot")


def contradictions(report: RulingReport, table: Any, incidents: Sequence[Any] = ()) -> list[str]:
    """Every disagreement in the report's rulings, each as 'RULE-ID: what disagrees'."""
    return [f"{ruling.rule_id}: {why}" for ruling in report.rulings
            for why in ruling_contradictions(ruling, report, table, incidents)]


def ruling_contradictions(ruling: Ruling, report: RulingReport, table: Any,
                          incidents: Sequence[Any] = ()) -> Iterator[str]:
    words = " ".join([ruling.explanation, *ruling.steps])
    params = ruling.params
    state = report.state
    pot = state.pot if state is not None else sum(p.get("amount", 0) for p in report.pots)
    variant = table.variant
    incident = incidents[ruling.incident] if ruling.incident is not None and ruling.incident < len(incidents) else None

    # the words
    for pattern, why in ((SEAT_ZERO, "no seat is numbered 0"), (SHORT_BY_ZERO, "a shortfall of nothing")):
        found = pattern.search(words)
        if found:
            yield f"says {_around(words, found)!r}: {why}"
    found = NO_POT.search(words)
    if found and pot > 0:
        yield f"says {_around(words, found)!r} while the pot holds {pot:,}"
    found = BOARD.search(words)
    if found and variant.family != "flop":
        yield f"says {_around(words, found)!r}, but {variant.value} has no board"
    found = IN_THE_MUCK.search(words)
    where = getattr(incident, "where", None)
    if found and isinstance(where, str) and where != "in-muck":
        yield f"says {_around(words, found)!r}, but the incident says the cards are {where}"
    if _warning(ruling):
        found = STARTS_NOW.search(words)
        if found:
            yield f"a warning, yet it says {_around(words, found)!r} as if a penalty were served"

    # the params
    for name in POT_PARAMS:
        if _int(params.get(name)) and params[name] == 0 and pot > 0:
            yield f"{name}: 0 while the pot holds {pot:,}"
    if "returned_to" in params and _int(params.get("returned")) and params["returned"] > 0 \
            and not _seat(params["returned_to"], table):
        yield f"returns {params['returned']:,} to seat {params.get('returned_to')!r}, which is no seat"
    for name, value in params.items():
        if SEAT_PARAMS.match(name) and _int(value) and value != 0 and not _seat(value, table):
            yield f"{name}: {value} is not a seat at this table (1-{table.seat_count})"
    if params.get("cards_not_dealt") == 0 and state is not None and not _all_dealt(state):
        yield "cards_not_dealt: 0, but the hand stopped before its last card"
    wrong = "low_card" if variant.value == "razz" else "high_card" if variant.family == "stud" else None
    for name in params:
        if wrong and wrong in name:
            yield f"param {name!r}: in {variant.value} the {'high' if wrong == 'low_card' else 'low'} card brings in"
    for seat in _pot_goes_to(ruling):
        awarded = [p for p in report.pots if "winners" in p and "returned_to" not in p]
        for entry in awarded:
            if entry["winners"] != [seat]:
                yield (f"gives the pot to seat {seat}, but the pot table gives the {entry.get('name', 'pot')} "
                       f"to {', '.join(f'seat {w}' for w in entry['winners'])}")


def _pot_goes_to(ruling: Ruling) -> list[int]:
    """The seat a ruling gives the pot to: its `award` effect; else its `awarded_to` param when
    it lets the award stand, or its `winner` param."""
    seats = [e["seat"] for e in ruling.effect if e.get("kind") == "award" and _int(e.get("seat"))]
    named = ruling.params.get("awarded_to") if ruling.decision == "award-stands" else ruling.params.get("winner")
    if not seats and _int(named) and named > 0:
        seats = [named]
    return seats


def _warning(ruling: Ruling) -> bool:
    """The ladder's step, else the decision, says the ruling is a warning."""
    step = ruling.params.get("step")
    return step == "warning" if step is not None else ruling.decision in ("warning", "verbal-warning")


def _all_dealt(state: Any) -> bool:
    """Every card of the hand is out: the whole board, or (stud, draw) a full hand somewhere."""
    variant = state.table.variant
    if variant.family == "flop":
        return len(state.board) >= sum(variant.board_cards)
    return any(len(seat.hole) >= variant.hole_cards for seat in state.seats.values())


def _int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _seat(value: Any, table: Any) -> bool:
    return _int(value) and 1 <= value <= table.seat_count


def _around(words: str, found: re.Match[str], width: int = 30) -> str:
    """The words around a match, to say where it is."""
    start, end = max(0, found.start() - width), min(len(words), found.end() + width)
    return ("..." if start else "") + words[start:end] + ("..." if end < len(words) else "")
