"""The table of a question as plain data: what the terminal's picture, a printed sheet or a web page
draws (seats, stacks, bets, button and blinds, pots, board, whose turn it is), with no rendering
in it. `picture(state)` reads it off the hand just before the dispute; `to_dict()` is its JSON.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

_BLIND_MARKS = {"small-blind": "SB", "big-blind": "BB", "straddle": "STR"}


@dataclass(frozen=True)
class SeatPicture:
    number: int
    name: str
    stack: int                 # chips behind
    bet: int                   # chips in front this betting round
    status: str                # 'in', 'folded', 'all-in', 'away', 'out' (not dealt in)
    button: bool
    blind: str                 # 'SB', 'BB', 'STR' or ''
    to_act: bool
    upcards: tuple[str, ...]   # cards face up in front of the seat (stud upcards, a tabled hand)


@dataclass(frozen=True)
class TablePicture:
    game: str                  # 'No-limit hold'em 100/200 tournament, 6 players, button seat 3.'
    seat_count: int
    seats: tuple[SeatPicture, ...]
    board: tuple[str, ...]
    street: str
    pots: tuple[int, ...]      # main pot first, then the side pots (chips already in the middle)
    bets: int                  # chips in front of the seats this round
    to_act: int | None
    to_call: int               # what the seat to act faces

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def picture(state: Any) -> TablePicture:
    from floorman.errors import FloormanError
    from floorman.model.events import Post
    from floorman.training.wording import game_line

    marks: dict[int, str] = {}
    for event in state.events:
        if isinstance(event, Post) and event.kind in _BLIND_MARKS:
            marks.setdefault(event.seat, _BLIND_MARKS[event.kind])
    seats = []
    for number, seat in sorted(state.seats.items()):
        status = ("out" if not seat.dealt_in else "folded" if seat.folded else "all-in" if seat.all_in
                  else "away" if not seat.present else "in")
        shown = tuple(card for card, up in zip(seat.hole, seat.face_up) if up) if seat.hole else ()
        seats.append(SeatPicture(number, seat.name, seat.stack, seat.street_bet, status,
                                 number == state.table.button, marks.get(number, ""), number == state.actor, shown))
    in_front = sum(s.street_bet for s in state.seats.values())
    try:
        pots = tuple(p.amount for p in state.pots()) if state.pot else ()
    except FloormanError:              # pots of a half-settled hand: the total only
        pots = (state.pot - in_front,)
    return TablePicture(game_line(state.table), state.table.seat_count, tuple(seats), tuple(state.board), state.street,
                        pots, in_front, state.actor, state.to_call() if state.actor is not None else 0)
