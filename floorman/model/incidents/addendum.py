"""Incidents from the TDA Illustration Addendum that are not a single push of chips.

* `under-raise-found`: an opening bet or raise below the legal minimum, noticed after others
  acted on it (TDA 2024 52-A / 2026 54-A);
* `pot-count-error`: a pot-limit pot bet made on a wrong count of the pot (2024 52-B / 2026 54-B);
* `call-before-amount`: a call made after "bet" or "raise" was said but before the amount was
  known (2024 59-B / 2026 61-B).

The events before the incident replay normally; what happened after the disputed bet (who
called, who folded) is described in the incident, because the replay refuses an illegal bet.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field, model_validator

from floorman.model.incidents import CHIP_LIMIT, Incident, incident
from floorman.model.table import _Strict


class FollowingAction(_Strict):
    """What a later player did about the disputed bet before the error was noticed."""

    seat: int
    action: Literal["call", "fold"]


@incident
class UnderRaiseFound(Incident):
    """Seat `seat` (the player to act) bet or raised to `to`, less than the legal minimum and
    not all-in; the players in `then` acted on it, and the error was found `found`."""

    type: Literal["under-raise-found"] = "under-raise-found"
    ordinary: ClassVar[frozenset[str]] = frozenset({"commentary", "then"})
    seat: int
    to: int = Field(gt=0, lt=CHIP_LIMIT, description="the street total the seat bet or raised to")
    then: tuple[FollowingAction, ...] = Field((), description="what the next players did, in order")
    found: Literal["same-street", "next-card-dealt", "showdown-begun"] = Field(
        "same-street", description="when the error was noticed: on the street of the bet (on the river: "
                                   "before the showdown began), or too late")

    @model_validator(mode="after")
    def _followers_unique(self) -> "UnderRaiseFound":
        _check_followers(self.seat, self.then)
        return self


@incident
class PotCountError(Incident):
    """Pot-limit: seat `seat` asked for the pot, was given `count_said`, and bet `bet_to` on it."""

    type: Literal["pot-count-error"] = "pot-count-error"
    ordinary: ClassVar[frozenset[str]] = frozenset({"commentary", "bet_to", "then"})
    seat: int
    count_said: int = Field(gt=0, lt=CHIP_LIMIT, description="the pot as the dealer (or a player) counted it")
    bet_to: int | None = Field(None, gt=0, lt=CHIP_LIMIT, description="the street total bet; default: the count said "
                                                       "(an opening pot bet)")
    then: tuple[FollowingAction, ...] = Field((), description="what the next players did, in order")
    found: Literal["same-street", "next-card-dealt"] = "same-street"

    @model_validator(mode="after")
    def _followers_unique(self) -> "PotCountError":
        _check_followers(self.seat, self.then)
        return self


@incident
class CallBeforeAmount(Incident):
    """Seat `seat` called after seat `bettor` said `declared` but before the amount was known;
    the bettor then made it `amount_to` (a street total)."""

    type: Literal["call-before-amount"] = "call-before-amount"
    seat: int
    bettor: int
    declared: Literal["bet", "raise"] = "bet"
    amount_to: int = Field(gt=0, lt=CHIP_LIMIT, description="the street total the bettor then bet or raised to")
    amount_known: bool = Field(False, description="was the amount clear when the call was made?")

    @model_validator(mode="after")
    def _two_players(self) -> "CallBeforeAmount":
        if self.seat == self.bettor:
            raise ValueError("the caller and the bettor are the same seat")
        return self


def _check_followers(seat: int, then: tuple[FollowingAction, ...]) -> None:
    seats = [f.seat for f in then]
    if seat in seats:
        raise ValueError(f"seat {seat} made the bet and cannot also act on it in `then`")
    if len(set(seats)) != len(seats):
        raise ValueError("a seat appears twice in `then`")
