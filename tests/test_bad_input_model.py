"""Bad input through the model's Python API (Table, events, HandState.apply, PHH reading).

Each case is one test id. Each asserts that the error is floorman's own (a FloormanError
subclass, never a raw ValueError, TypeError or KeyError), that it names the field, and that an
event refused by HandState carries its index.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest

from floorman import phh
from floorman.errors import FloormanError, InputFileError, InvalidEvent, InvalidTable
from floorman.model.events import Action, Board, DealHole, Draw, Muck, Post, ShowOne, parse_event
from floorman.model.state import HandState
from floorman.model.table import Seat, Table

BIG = 2**53


def table_data(**changes) -> dict:
    raw = {"seats": [{"number": 1, "stack": 1000}, {"number": 2, "stack": 1000}, {"number": 3, "stack": 8800}],
           "button": 3, "forced_bets": {"small_blind": 5, "big_blind": 10}}
    raw.update(changes)
    return raw


TABLE = Table.from_data(table_data())
BLINDS = [Post(seat=1, kind="small-blind", amount=5), Post(seat=2, kind="big-blind", amount=10)]


def replay(*events, table: Table = TABLE, **options) -> HandState:
    """Apply `events` in turn; the last one is the bad one."""
    state = HandState(table, **options)
    for event in events:
        state.apply(event)
    return state


@dataclass(frozen=True)
class Case:
    id: str
    call: Callable[[], object]
    error: type[FloormanError]
    field: str | None             # the field the error must name (None: no field exists)
    words: str = ""               # words the message must contain
    event_index: int | None = None


def stud_table() -> Table:
    return Table.from_data({"seats": [{"number": 1, "stack": 100}, {"number": 2, "stack": 100}], "variant": "stud",
                            "structure": {"betting": "fixed-limit", "small_bet": 2, "big_bet": 4},
                            "forced_bets": {"ante": 1, "ante_style": "every-player", "bring_in": 1}})


def phh_text(**fields: str) -> str:
    base = {"variant": "'NT'", "antes": "[0, 0]", "blinds_or_straddles": "[1, 2]", "min_bet": "2",
            "starting_stacks": "[100, 100]", "actions": "['d dh p1 AsKs', 'd dh p2 QdQc', 'p2 f']"}
    base.update(fields)
    return "\n".join(f"{key} = {value}" for key, value in base.items() if value is not None) + "\n"


HOLDEM_26 = ["As", "Ks", "Qs", "Js", "Ts", "9s", "8s", "7s", "6s", "5s", "4s", "3s", "2s",
             "Ah", "Kh", "Qh", "Jh", "Th", "9h", "8h", "7h", "6h", "5h", "4h", "3h", "2h"]

CASES = [
    # ------------------------------------------------------------------ the table
    Case("table-negative-stack", lambda: Table.from_data(table_data(seats=[{"number": 1, "stack": -5},
                                                                           {"number": 2, "stack": 10}])),
         InvalidTable, "seats[0].stack", "greater than or equal to 0"),
    Case("table-stack-2**53", lambda: Table.from_data(table_data(seats=[{"number": 1, "stack": BIG},
                                                                        {"number": 2, "stack": 10}])),
         InvalidTable, "seats[0].stack", "less than"),
    Case("table-stack-10**100", lambda: Table(seats=(Seat(number=1, stack=10**100), Seat(number=2, stack=1)),
                                              button=1), InvalidTable, "stack", "less than"),
    Case("table-stack-as-text", lambda: Table.from_data(table_data(seats=[{"number": 1, "stack": "100"},
                                                                          {"number": 2, "stack": 10}])),
         InvalidTable, "seats[0].stack", "integer"),
    Case("table-seat-number-11", lambda: Table.from_data(table_data(seats=[{"number": 11, "stack": 5},
                                                                           {"number": 2, "stack": 10}])),
         InvalidTable, "seats[0].number"),
    Case("table-one-seat", lambda: Table.from_data(table_data(seats=[{"number": 1, "stack": 5}])),
         InvalidTable, "seats", "at least 2"),
    Case("table-duplicate-seat", lambda: Table.from_data(table_data(seats=[{"number": 2, "stack": 5},
                                                                           {"number": 2, "stack": 10}])),
         InvalidTable, None, "seat 2 appears twice"),
    Case("table-button-off-the-table", lambda: Table.from_data(table_data(button=12)), InvalidTable, None,
         "button 12"),
    Case("table-unknown-variant", lambda: Table.from_data(table_data(variant="texas")), InvalidTable, "variant"),
    Case("table-old-cap-field", lambda: Table.from_data(table_data(structure={"betting": "fixed-limit",
                                                                              "small_bet": 4, "big_bet": 8,
                                                                              "cap_lifted_heads_up": True})),
         InvalidTable, "structure.cap_lifted_heads_up", "unknown field"),
    Case("table-fixed-limit-without-sizes", lambda: Table.from_data(table_data(structure={"betting": "fixed-limit"})),
         InvalidTable, None, "small_bet and big_bet"),
    Case("table-big-blind-2**60", lambda: Table.from_data(table_data(forced_bets={"big_blind": 2**60})),
         InvalidTable, "forced_bets.big_blind", "less than"),
    Case("table-straddle-2**53", lambda: Table.from_data(table_data(forced_bets={"straddles": [BIG]})),
         InvalidTable, "forced_bets.straddles[0]", "less than"),
    Case("table-chip-denomination-0", lambda: Table.from_data(table_data(chip_denominations=[0, 25])),
         InvalidTable, "chip_denominations[0]", "greater than 0"),
    Case("table-chip-denomination-2**53", lambda: Table.from_data(table_data(chip_denominations=[5, BIG])),
         InvalidTable, "chip_denominations[1]", "less than"),
    Case("table-not-a-mapping", lambda: Table.from_data([1, 2, 3]), InvalidTable, None),
    Case("hand-state-at-a-dict", lambda: HandState(table_data()), InvalidTable, "table", "not a dict"),
    Case("hand-state-tolerates-nonsense", lambda: HandState(TABLE, tolerate=["everything"]), FloormanError,
         "tolerate", "everything"),
    # ------------------------------------------------------------------ events from Python or data
    Case("post-negative", lambda: Post(seat=1, kind="ante", amount=-5), InvalidEvent, "amount"),
    Case("post-2**53", lambda: Post(seat=1, kind="big-blind", amount=BIG), InvalidEvent, "amount", "less than"),
    Case("post-unknown-kind", lambda: Post(seat=1, kind="blind", amount=5), InvalidEvent, "kind"),
    Case("action-10**30", lambda: Action(seat=1, action="bet", amount=10**30), InvalidEvent, "amount"),
    Case("action-chip-2**53", lambda: Action(seat=1, action="bet", amount=5, chips=(5, BIG)), InvalidEvent,
         "chips[1]", "less than"),
    Case("action-said-amount-2**53", lambda: Action(seat=1, action="bet", amount_said=BIG), InvalidEvent,
         "amount_said"),
    Case("action-unknown", lambda: Action(seat=1, action="shove"), InvalidEvent, "action"),
    Case("deal-not-cards", lambda: DealHole(seat=1, cards="XxYy"), InvalidEvent, "cards"),
    Case("show-one-two-cards", lambda: ShowOne(seat=1, card="AsKd"), InvalidEvent, "card", "exactly one card"),
    Case("parse-event-unknown-type", lambda: parse_event({"type": "raise", "seat": 1}, index=4), InvalidEvent,
         "type", "unknown type 'raise'", 4),
    Case("parse-event-fractional-amount", lambda: parse_event({"type": "action", "seat": 1, "action": "bet",
                                                               "amount": 10.5}, index=2),
         InvalidEvent, "amount", "integer", 2),
    Case("parse-event-unknown-field", lambda: parse_event({"type": "muck", "seat": 1, "cards": "AsKs"}, index=0),
         InvalidEvent, "cards", "unknown field", 0),
    Case("parse-event-not-a-mapping", lambda: parse_event(5, index=7), InvalidEvent, None, "", 7),
    # ------------------------------------------------------------------ HandState.apply
    Case("big-blind-posted-short-with-chips-behind",
         lambda: replay(BLINDS[0], Post(seat=2, kind="big-blind", amount=7)),
         InvalidEvent, "amount", "short post is only legal all-in", 1),
    Case("small-blind-posted-short", lambda: replay(Post(seat=1, kind="small-blind", amount=3)),
         InvalidEvent, "amount", "small blind is 5", 0),
    Case("ante-posted-short",
         lambda: replay(Post(seat=1, kind="ante", amount=1),
                        table=Table.from_data(table_data(forced_bets={"small_blind": 5, "big_blind": 10,
                                                                      "ante": 2, "ante_style": "every-player"}))),
         InvalidEvent, "amount", "ante is 2", 0),
    Case("26-hole-cards-in-holdem", lambda: replay(*BLINDS, DealHole(seat=1, cards=HOLDEM_26)),
         InvalidEvent, "cards", "26 hole cards", 2),
    Case("third-hole-card-in-holdem",
         lambda: replay(*BLINDS, DealHole(seat=1, cards="AsKs"), DealHole(seat=1, cards="Qs")),
         InvalidEvent, "cards", "3 hole cards", 3),
    Case("small-blind-from-the-wrong-seat", lambda: replay(Post(seat=2, kind="small-blind", amount=5)),
         InvalidEvent, "seat", "small blind is seat 1", 0),
    Case("big-blind-from-the-wrong-seat", lambda: replay(BLINDS[0], Post(seat=3, kind="big-blind", amount=10)),
         InvalidEvent, "seat", "big blind is seat 2", 1),
    Case("action-before-the-blinds", lambda: replay(Action(seat=3, action="call")),
         InvalidEvent, "seat", "blinds are missing: seat 1 the small blind (5) and seat 2 the big blind (10)", 0),
    Case("action-before-the-big-blind", lambda: replay(BLINDS[0], Action(seat=3, action="call")),
         InvalidEvent, "seat", "blinds are missing: seat 2 the big blind (10)", 1),
    Case("bet-beyond-the-stack", lambda: replay(*BLINDS, Action(seat=3, action="raise", amount=50_000)),
         InvalidEvent, "amount", "has only 8800", 2),
    Case("seat-not-at-the-table", lambda: replay(*BLINDS, Action(seat=7, action="fold")),
         InvalidEvent, "seat", "not at this table", 2),
    Case("card-dealt-twice", lambda: replay(*BLINDS, DealHole(seat=1, cards="AsKs"), DealHole(seat=2, cards="AsQd")),
         InvalidEvent, "cards", "dealt twice", 3),
    Case("premature-flop", lambda: replay(*BLINDS, Board(cards="2c3d4h")), InvalidEvent, "cards", "premature", 2),
    Case("muck-by-a-folded-seat", lambda: replay(*BLINDS, Action(seat=3, action="fold"), Muck(seat=3)),
         InvalidEvent, "seat", "no live hand", 3),
    Case("negative-post-from-model-construct", lambda: replay(Post.model_construct(seat=1, kind="missed-big-blind",
                                                                                   amount=-100)),
         InvalidEvent, "amount", "never negative", 0),
    Case("negative-bring-in-from-model-construct",
         lambda: replay(Post(seat=1, kind="ante", amount=1), Post(seat=2, kind="ante", amount=1),
                        DealHole(seat=1, cards=["??", "??", "2c"]), DealHole(seat=2, cards=["??", "??", "Kc"]),
                        Action.model_construct(seat=1, action="bring-in", amount=-50, in_turn=None),
                        table=stud_table()),
         InvalidEvent, "amount", "never negative", 4),
    Case("board-in-stud", lambda: replay(Board(cards="2c3d4h"), table=stud_table()), InvalidEvent, "cards",
         "no community cards", 0),
    Case("draw-in-holdem", lambda: replay(*BLINDS, Draw(seat=1, discards=("As",), replacements=("Kd",))),
         InvalidEvent, "type", "has no draw", 2),
    Case("apply-a-dict", lambda: replay({"type": "post", "seat": 1}), InvalidEvent, "type", "parse_event", 0),
    # ------------------------------------------------------------------ PHH
    Case("phh-not-toml", lambda: phh.parse_phh("variant = = 'NT'\n", source="x.phh"), InputFileError, None),
    Case("phh-unknown-variant", lambda: phh.parse_phh(phh_text(variant="'XX'"), source="x.phh"),
         InputFileError, "variant"),
    Case("phh-negative-stack", lambda: phh.parse_phh(phh_text(starting_stacks="[100, -5]"), source="x.phh"),
         InputFileError, "starting_stacks"),
    Case("phh-stack-2**53", lambda: phh.parse_phh(phh_text(starting_stacks=f"[100, {BIG}]"), source="x.phh"),
         InputFileError, "starting_stacks"),
    Case("phh-unknown-player", lambda: phh.parse_phh(phh_text(actions="['d dh p1 AsKs', 'd dh p9 QdQc']"),
                                                     source="x.phh"), InputFileError, "actions"),
    Case("phh-missing-file", lambda: phh.load("/nonexistent/hand.phh"), InputFileError, None, "no such file"),
]


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_bad_input_is_refused_with_the_field_named(case: Case):
    with pytest.raises(FloormanError) as caught:
        case.call()
    error = caught.value
    assert isinstance(error, case.error), f"{type(error).__name__}: {error}"
    assert not isinstance(error, (KeyError, TypeError, AttributeError))
    if case.field is not None:
        assert error.field is not None and case.field in error.field, f"field {error.field!r}: {error}"
        assert case.field in str(error)
    assert case.words in str(error), str(error)
    if case.event_index is not None:
        assert error.event_index == case.event_index, f"event_index {error.event_index}: {error}"


def test_there_are_at_least_35_cases():
    assert len(CASES) >= 35 and len({case.id for case in CASES}) == len(CASES)


# ------------------------------------------------------------------ what the dead button explains
def test_a_dead_small_blind_under_the_dead_button_is_accepted():
    """TDA 2024 32 / 2026 34: the small blind's seat is empty, so there is no small blind and the
    big blind is the first seat after the button."""
    table = Table.from_data({"seats": [{"number": 1, "stack": 100}, {"number": 2, "stack": 100},
                                       {"number": 4, "stack": 100}, {"number": 5, "stack": 100}],
                             "button": 2, "forced_bets": {"small_blind": 5, "big_blind": 10}})
    state = replay(Post(seat=4, kind="big-blind", amount=10), table=table)
    assert state.actor == 5


def test_the_button_on_an_empty_seat_is_accepted():
    table = Table.from_data({"seats": [{"number": 1, "stack": 100}, {"number": 4, "stack": 100},
                                       {"number": 5, "stack": 100}],
                             "button": 3, "forced_bets": {"small_blind": 5, "big_blind": 10}})
    state = replay(Post(seat=4, kind="small-blind", amount=5), Post(seat=5, kind="big-blind", amount=10), table=table)
    assert state.actor == 1


def test_a_short_blind_all_in_is_accepted():
    table = Table.from_data(table_data(seats=[{"number": 1, "stack": 1000}, {"number": 2, "stack": 7},
                                              {"number": 3, "stack": 8800}]))
    state = replay(*BLINDS[:1], Post(seat=2, kind="big-blind", amount=7), table=table)
    assert state.to_call(3) == 10    # the short big blind is still the opening bet
