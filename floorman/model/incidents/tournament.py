"""Tournament procedures: what happens between hands or around the hand, in an event.

The table is the table as the incident finds it (its seats' stacks are the stacks the
incident is about: at the colour-up, or at the start of the hand players busted on).

* `chip-race`: a scheduled colour-up removes the smallest chips; the odd chips are raced off
  (TDA 2024 24 / 2026 26);
* `simultaneous-eliminations`: two or more players bust on the same hand (2026 22, RP-8-A);
* `cash-out-request`: a player wants to cash in tournament chips (chips have no cash value);
* `rebuy-request`: a rebuy, re-entry or add-on is asked for (2024 27 / 2026 29);
* `deal-proposal`: players want to divide the prize money (2026 RP-27);
* `table-balance`: tables have become uneven: who moves, and whether play halts (2024 11 / 2026 12);
* `table-break`: a table is broken and its players reseated (2024 10 / 2026 11, RP-16);
* `wrong-seat`: a player has been playing in the wrong seat (2024 7 / 2026 8);
* `hand-for-hand-all-in`: an all-in is called while the event plays hand-for-hand (RP-8-F);
* `absent-chips`: the chips of a player who walked away or is disqualified (2026 7; 2024 71 /
  2026 74; RP-23);
* `shot-clock`: an event played with a shot clock and time banks: how long a player has, and an
  extension used when the clock runs out (2026 RP-28; 2024 RP-19).
"""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field, field_validator, model_validator

from floorman.model.cards import parse_cards
from floorman.model.incidents import CHIP_LIMIT, Chip, Incident, incident

SeatNumber = int


def _cards(value: object) -> tuple[str, ...]:
    if isinstance(value, (str, list, tuple)):
        cards = tuple(parse_cards(value))
        if "??" in cards:
            raise ValueError("race cards are known cards, e.g. 'As'")
        return cards
    raise ValueError("expected cards such as 'AsKd' or ['As', 'Kd']")


def _distinct_seats(value: tuple[int, ...], what: str) -> tuple[int, ...]:
    if any(not 1 <= seat <= 10 for seat in value):
        raise ValueError(f"{what}: seats are numbered 1 to 10")
    if len(set(value)) != len(value):
        raise ValueError(f"{what}: a seat is listed twice")
    return value


@incident
class ChipRace(Incident):
    """A scheduled colour-up: chips of `removed` leave play, exchanged for `next_up` chips.

    `seats` and `removed_chips` go together: each seat holding chips of the removed denomination
    and how many it holds (its whole stack is the table's). `cards`: the cards dealt for the
    race, one per odd chip, listed seat by seat in the order of `seats` (each seat's cards
    together); leave them out to have the ruling describe the deal."""

    type: Literal["chip-race"] = "chip-race"
    ordinary: ClassVar[frozenset[str]] = frozenset({"commentary", "cards"})
    removed: Chip = Field(description="the denomination taken out of play, e.g. 25")
    next_up: Chip = Field(description="the next denomination up, the lowest still in play, e.g. 100")
    seats: tuple[SeatNumber, ...] = Field(min_length=1, description="the seats holding chips of the removed "
                                                                    "denomination")
    removed_chips: tuple[int, ...] = Field(min_length=1, description="how many removed-denomination chips each "
                                                                      "of `seats` holds, in the same order")
    cards: tuple[str, ...] = Field((), description="the race cards, seat by seat in the order of `seats` "
                                                   "(one per odd chip); empty = not dealt yet")

    _parse = field_validator("cards", mode="before")(_cards)

    @model_validator(mode="after")
    def _consistent(self) -> "ChipRace":
        _distinct_seats(self.seats, "seats")
        if len(self.removed_chips) != len(self.seats):
            raise ValueError(f"{len(self.removed_chips)} chip counts for {len(self.seats)} seats")
        if any(not 0 < count < CHIP_LIMIT for count in self.removed_chips):
            raise ValueError("each seat listed holds at least one chip of the removed denomination")
        if self.next_up <= self.removed or self.next_up % self.removed:
            raise ValueError(f"next_up {self.next_up} must be a whole number of {self.removed} chips, above it")
        if len(set(self.cards)) != len(self.cards):
            raise ValueError("a race card is listed twice")
        return self


@incident
class SimultaneousEliminations(Incident):
    """Two or more players bust on the same hand. Their stacks at the start of that hand are
    `stacks` (in the order of `seats`) or else the table's; the posts in the events say who
    paid an ante."""

    type: Literal["simultaneous-eliminations"] = "simultaneous-eliminations"
    ordinary: ClassVar[frozenset[str]] = frozenset({"commentary", "stacks", "players_left", "prizes"})
    seats: tuple[SeatNumber, ...] = Field(min_length=2, description="the seats that busted on the hand")
    stacks: tuple[int, ...] = Field((), description="each busted seat's stack at the start of the hand, in the "
                                                    "order of `seats`; empty = the table's stacks")
    players_left: int | None = Field(None, ge=3, lt=CHIP_LIMIT,
                                     description="players in the event before the hand (default: the "
                                                 "table's players_left_in_event)")
    prizes: tuple[int, ...] = Field((), description="the prize of each place at stake, best place first "
                                                    "(one per busted player); empty = not known")
    announcement_hand: bool = Field(False, description="hand-for-hand was announced during this hand "
                                                       "(the tables were not yet in step)")

    @model_validator(mode="after")
    def _consistent(self) -> "SimultaneousEliminations":
        _distinct_seats(self.seats, "seats")
        if self.prizes and len(self.prizes) != len(self.seats):
            raise ValueError(f"{len(self.prizes)} prizes for {len(self.seats)} busted players (one per place)")
        if self.stacks and len(self.stacks) != len(self.seats):
            raise ValueError(f"{len(self.stacks)} stacks for {len(self.seats)} busted seats")
        if any(not 0 < stack < CHIP_LIMIT for stack in self.stacks):
            raise ValueError("a starting stack is a whole amount above 0")
        if any(not 0 <= prize < CHIP_LIMIT for prize in self.prizes):
            raise ValueError("a prize is a whole amount of 0 or more")
        return self


@incident
class CashOutRequest(Incident):
    """A tournament player wants to cash in chips or be paid by chip count (walking away from the
    event is `absent-chips`)."""

    type: Literal["cash-out-request"] = "cash-out-request"
    seat: SeatNumber = Field(description="the player asking")
    wants: Literal["cash-chips", "paid-by-chips"] = Field(
        "cash-chips", description="cash the chips in, or be paid by chip count")


@incident
class RebuyRequest(Incident):
    """A player asks for a rebuy, a re-entry or an add-on."""

    type: Literal["rebuy-request"] = "rebuy-request"
    ordinary: ClassVar[frozenset[str]] = frozenset({"commentary", "chips"})
    seat: SeatNumber = Field(description="the player asking")
    kind: Literal["rebuy", "re-entry", "add-on"] = "rebuy"
    offered: bool = Field(True, description="the event offers this kind of purchase")
    period_open: bool = Field(True, description="its period (levels, break) is still open")
    declared_before_hand: bool = Field(False, description="the player said they would rebuy before the "
                                                          "hand was dealt")
    chips: int = Field(0, ge=0, lt=CHIP_LIMIT, description="the chips the purchase gives, if known")


@incident
class DealProposal(Incident):
    """Players still in the event propose to divide the prize money."""

    type: Literal["deal-proposal"] = "deal-proposal"
    ordinary: ClassVar[frozenset[str]] = frozenset({"commentary", "agreeing", "declining"})
    agreeing: tuple[SeatNumber, ...] = Field((), description="seats that accept the deal")
    declining: tuple[SeatNumber, ...] = Field((), description="seats that decline it")
    director_approved: bool = Field(False, description="the tournament director has approved the deal")

    @model_validator(mode="after")
    def _consistent(self) -> "DealProposal":
        _distinct_seats(self.agreeing + self.declining, "agreeing and declining")
        if len(self.agreeing) + len(self.declining) < 2:
            raise ValueError("a deal is between at least two players (agreeing and declining)")
        return self


@incident
class TableBalance(Incident):
    """Tables are uneven: this table (the scenario's: the fullest, from which a player would move;
    its button on the seat that had it last hand) against the event's shortest table."""

    type: Literal["table-balance"] = "table-balance"
    short_table_players: int = Field(ge=0, le=10, description="players at the event's shortest table")


@incident
class TableBreak(Incident):
    """This table is broken and its players go to other tables."""

    type: Literal["table-break"] = "table-break"
    ordinary: ClassVar[frozenset[str]] = frozenset({"commentary", "absent"})
    absent: tuple[SeatNumber, ...] = Field((), description="seats whose player is away while the table breaks")

    _seats = field_validator("absent")(lambda v: _distinct_seats(v, "absent"))


@incident
class WrongSeat(Incident):
    """A player has been playing in a seat other than the one assigned."""

    type: Literal["wrong-seat"] = "wrong-seat"
    seat: SeatNumber = Field(description="the seat the player is in")
    assigned_seat: SeatNumber = Field(ge=1, le=10, description="the seat the player was assigned")
    assigned_elsewhere: bool = Field(False, description="the assigned seat is at another table")

    @model_validator(mode="after")
    def _different(self) -> "WrongSeat":
        if self.seat == self.assigned_seat and not self.assigned_elsewhere:
            raise ValueError("the assigned seat is the seat the player is in: nothing is wrong")
        return self


@incident
class HandForHandAllIn(Incident):
    """An all-in is called while the event is playing hand-for-hand."""

    type: Literal["hand-for-hand-all-in"] = "hand-for-hand-all-in"
    instructed: bool = Field(False, description="the tournament staff have told the dealer to go on")


@incident
class AbsentChips(Incident):
    """What to do with the chips of a player who is not there, or has been disqualified."""

    type: Literal["absent-chips"] = "absent-chips"
    seat: SeatNumber = Field(description="the seat whose player is gone")
    reason: Literal["away", "disqualified"] = Field("away", description="away from the table (gone, or "
                                                                       "walked away), or disqualified")
    returning: bool = Field(True, description="away: the player may still come back (false: it is certain "
                                              "the player will not return)")
    money_chance: bool = Field(True, description="away: the player is in the money or could still reach it")


@incident
class ShotClock(Incident):
    """An event played with a shot clock and time banks. `seat` is the player to act: it asks how
    long it has, or its time ran out (`expired`). `first_action`: the player's first action of
    the hand, which the room may time shorter (2026 RP-28). `extensions`: the time-bank
    extensions the player still holds, each of `extension_seconds`."""

    type: Literal["shot-clock"] = "shot-clock"
    ordinary: ClassVar[frozenset[str]] = frozenset({"commentary", "extension_seconds"})
    seat: SeatNumber = Field(description="the player to act")
    first_action: bool = Field(False, description="the player's first action of the hand")
    expired: bool = Field(False, description="the shot clock ran out before the player acted")
    extensions: int = Field(0, ge=0, le=20, description="time-bank extensions the player still holds")
    extension_seconds: int = Field(30, ge=5, le=600, description="the seconds one extension gives")
