"""Action incidents: turn order, questions to the floor, table stakes and counts.

* `out-of-turn`: a seat acts before its turn; `then` lists what happened next, in order (the
  skipped seat and the seats in between when the action backs up, or play that carried on
  past the skipped seat).
* `question`: a player (or the dealer) asks the floor something the rules answer with a
  number or a yes/no: the minimum bet or raise, whether a raise is allowed, the pot-limit
  maximum, a pot count, a count of an opponent's chips, how much comes back.
* `chips-added`: chips or cash brought from the pocket (table stakes).
* `chips-hidden`: chips kept out of view (large denominations hidden, chips taken off the table).
* `cash-on-table`: cash played beside the chips.
* `wrong-count`: a seat called on an amount someone announced wrongly (accepted action).

Amounts are street totals ("to") unless the name says otherwise, as everywhere in floorman.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field, model_validator

from floorman.model.incidents import CHIP_LIMIT, Incident, incident
from floorman.model.table import _Strict

OotActionKind = Literal["check", "bet", "call", "raise", "fold", "all-in"]
BETTING_KINDS = ("bet", "raise", "all-in")


class FollowingAction(_Strict):
    """One action taken after an out-of-turn action, in the order it happened."""

    seat: int
    action: OotActionKind
    amount: int | None = Field(None, ge=0, lt=CHIP_LIMIT, description="bet/raise/all-in: the total for the street")

    @model_validator(mode="after")
    def _amount(self) -> "FollowingAction":
        if self.action in ("bet", "raise") and self.amount is None:
            raise ValueError(f"a {self.action} needs an amount (the total for the street)")
        if self.action in ("check", "call", "fold") and self.amount is not None:
            raise ValueError(f"a {self.action} takes no amount")
        return self


@incident
class OutOfTurn(Incident):
    """A seat acts while another seat is due to act.

    `skipped` is the seat whose turn it was (default: the seat to act as the hand stands).
    `then` holds the actions that followed, in order: when the action backs up, the skipped
    seat and the seats between it and the out-of-turn seat act in turn; when nobody spoke up,
    the seats after the out-of-turn seat may have carried on, out of turn as well.
    """

    type: Literal["out-of-turn"] = "out-of-turn"
    ordinary: ClassVar[frozenset[str]] = frozenset({"commentary", "amount", "skipped", "then"})
    seat: int
    action: OotActionKind
    amount: int | None = Field(None, ge=0, lt=CHIP_LIMIT, description="bet/raise/all-in: the total for the street")
    skipped: int | None = Field(None, description="the seat due to act; None = as the replay finds it")
    then: tuple[FollowingAction, ...] = ()
    spoke_up: bool = Field(False, description="the skipped player claimed the turn before more "
                                              "action came out of turn behind them")

    @model_validator(mode="after")
    def _amount(self) -> "OutOfTurn":
        if self.action in ("bet", "raise") and self.amount is None:
            raise ValueError(f"a {self.action} needs an amount (the total for the street)")
        if self.action in ("check", "call", "fold") and self.amount is not None:
            raise ValueError(f"a {self.action} takes no amount")
        return self


Asks = Literal["min-bet", "min-raise", "may-raise", "max-bet", "count-pot", "count-stack", "uncalled"]


@incident
class Question(Incident):
    """Someone asks the floor a question the rules answer.

    asks: `min-bet` / `min-raise` ("what is the least I can bet / raise to?"), `may-raise`
    ("may I raise?"), `max-bet` ("what is the most I can bet?", the pot-limit maximum),
    `count-pot` ("count the pot"), `count-stack` ("how much does seat N have?"; `about` names
    the seat, `exact` asks for a precise count rather than an estimate), `uncalled` ("how much
    comes back, and what are the pots?").
    """

    type: Literal["question"] = "question"
    ordinary: ClassVar[frozenset[str]] = frozenset({"commentary", "seat", "by", "about", "exact"})
    seat: int | None = Field(None, description="the seat asking; None = the seat to act (or the dealer)")
    by: Literal["player", "dealer"] = "player"
    asks: Asks
    about: int | None = Field(None, description="count-stack: the seat whose chips are counted")
    exact: bool = Field(True, description="count-stack: a precise count (False: an estimate)")

    @model_validator(mode="after")
    def _about(self) -> "Question":
        if self.asks == "count-stack" and self.about is None:
            raise ValueError("a count-stack question names the seat counted in `about`")
        if self.asks != "count-stack" and self.about is not None:
            raise ValueError("`about` is only for count-stack questions")
        return self


@incident
class ChipsAdded(Incident):
    """Chips or cash brought to the table by a seat: mid-hand (from the pocket) or between hands."""

    type: Literal["chips-added"] = "chips-added"
    seat: int
    amount: int = Field(gt=0, lt=CHIP_LIMIT, description="the value brought out")
    when: Literal["mid-hand", "between-hands"] = "mid-hand"


@incident
class ChipsHidden(Incident):
    """A seat's chips are out of view: large chips behind smaller stacks or in a hand, or
    carried away from the table."""

    type: Literal["chips-hidden"] = "chips-hidden"
    ordinary: ClassVar[frozenset[str]] = frozenset({"commentary", "amount"})
    seat: int
    where: Literal["behind-stack", "in-hand", "off-table"]
    amount: int = Field(0, ge=0, lt=CHIP_LIMIT, description="the value of the chips out of view, if known")
    large_denomination: bool = Field(True, description="the hidden chips are the high denominations")


@incident
class CashOnTable(Incident):
    """A seat has cash on the table beside its chips."""

    type: Literal["cash-on-table"] = "cash-on-table"
    seat: int
    amount: int = Field(gt=0, lt=CHIP_LIMIT)
    visible: bool = True


@incident
class WrongCount(Incident):
    """A seat asked how much it was to call, was told a wrong amount, and (acted) called on it."""

    type: Literal["wrong-count"] = "wrong-count"
    ordinary: ClassVar[frozenset[str]] = frozenset({"commentary", "by"})
    seat: int
    told: int = Field(ge=0, lt=CHIP_LIMIT, description="the amount to call announced (chips still to put in)")
    by: Literal["dealer", "player"] = "dealer"
    acted: bool = Field(True, description="the seat called (pushed the amount or said call) on it")
