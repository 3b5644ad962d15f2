"""Cash-game, online and deck incidents: what a floor is called for away from the betting.

* `buy-in`: a buy-in, a rebuy or a top-up between hands (the table minimum and maximum, and the
  amount owed by a player coming back to the same game soon after leaving);
* `seat-change`: an open seat and the list for it (seat change, table change, must-move game);
* `new-game-seating`: a new game opens from the waiting list and two players want the same seat;
* `play-over`: a waiting player asks to play in an absent player's seat;
* `rabbit-hunt`: after the hand, a player asks to see the cards that would have come;
* `run-it-twice`: all-in players want to deal the rest of the board more than once;
* `leave-game`: a cash player gets up to leave, between hands or mid-hand (a tournament player who
  walks away is `absent-chips`; leaving with a live hand there is a `conduct` offence);
* `sit-out`: a player sits out hands (live or online) and comes back;
* `online-timeout`: the decision timer runs out online (or the player is disconnected);
* `online-account`: an account breaks the one-account-per-person rule (cheating found by a site's
  security, collusion, chip dumping, bots, is a `conduct` incident with `online: true`);
* `rake`: a player disputes the rake taken from a pot against the house's posted rate;
* `deck-change`: a player asks for a new deck;
* `stub-dropped`: the stub is dropped and may be out of order;
* `draw-stub-short`: in a draw game the stub has too few cards for the draws still to deal.

Amounts are chips (cash-game chips are money); seats are the table's seat numbers.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field, model_validator

from floorman.model.incidents import CHIP_LIMIT, Incident, incident


@incident
class BuyIn(Incident):
    """A player buys in (or rebuys, or tops up) between hands.

    `kind`: `new` (sitting down, or rebuying after losing a stack), `top-up` (adding to the
    chips already in front of the seat) or `return` (coming back to the same game after cashing
    out). For a return, `minutes_away` and `left_with` say how long ago the player left and with
    how many chips (for the other kinds they play no part). A new buy-in or a return is counted
    on its own; only a top-up adds to the chips in front of the seat.
    """

    type: Literal["buy-in"] = "buy-in"
    ordinary: ClassVar[frozenset[str]] = frozenset({"commentary", "minutes_away", "left_with"})
    seat: int
    amount: int = Field(gt=0, lt=CHIP_LIMIT, description="the chips (money) the player buys or adds")
    kind: Literal["new", "top-up", "return"] = "new"
    minutes_away: int | None = Field(None, ge=0, le=100_000,
                                     description="return: minutes since the player left the game")
    left_with: int | None = Field(None, ge=0, lt=CHIP_LIMIT,
                                  description="return: the chips the player took when leaving")

    @model_validator(mode="after")
    def _return_fields(self) -> "BuyIn":
        if self.kind == "return" and (self.minutes_away is None or self.left_with is None):
            raise ValueError("a return names `minutes_away` and `left_with` (the chips taken when leaving)")
        return self


@incident
class SeatChange(Incident):
    """A seat opens at this table; who gets it?

    `kind`: `seat` (players at this table asked to change seats), `table` (players at another
    table of the same game asked to move here) or `must-move` (this is the main game and the
    list is its must-move feeder game). `waiting` is the list in the order the players asked,
    each by the seat they hold now (at this table for `seat`, at their own table otherwise).
    `claimed_by` is the player who tries to take the seat, by the same seat numbers (None: the
    floor is only asked who gets it).
    """

    type: Literal["seat-change"] = "seat-change"
    ordinary: ClassVar[frozenset[str]] = frozenset({"commentary", "claimed_by"})
    kind: Literal["seat", "table", "must-move"] = "seat"
    open_seat: int = Field(ge=1, le=10, description="the seat that opened at this table")
    waiting: tuple[int, ...] = Field(min_length=1, max_length=30,
                                     description="the list, first asked first, by current seat number")
    claimed_by: int | None = Field(None, ge=1, le=10, description="who takes (or tries to take) the seat")

    @model_validator(mode="after")
    def _list(self) -> "SeatChange":
        if len(set(self.waiting)) != len(self.waiting):
            raise ValueError("a player is on the list once")
        if any(not 1 <= n <= 10 for n in self.waiting):
            raise ValueError("the list holds seat numbers (1-10)")
        return self


@incident
class PlayOver(Incident):
    """A waiting player asks to play in the seat of `seat`, whose player is away from the table."""

    type: Literal["play-over"] = "play-over"
    seat: int = Field(description="the absent player's seat")


@incident
class RabbitHunt(Incident):
    """After the hand is over, `seat` asks the dealer to show the cards that would have come."""

    type: Literal["rabbit-hunt"] = "rabbit-hunt"
    seat: int


@incident
class RunItTwice(Incident):
    """With betting over and players all in, the rest of the board would be dealt twice; `agreed`
    lists the seats with a live hand that agree (every other live seat has not)."""

    type: Literal["run-it-twice"] = "run-it-twice"
    agreed: tuple[int, ...] = Field(min_length=1, max_length=10, description="the live seats that agree")

    @model_validator(mode="after")
    def _unique(self) -> "RunItTwice":
        if len(set(self.agreed)) != len(self.agreed):
            raise ValueError("a seat agrees once")
        return self


@incident
class LeaveGame(Incident):
    """`seat` gets up to leave the game with its chips, between hands or during a hand."""

    type: Literal["leave-game"] = "leave-game"
    seat: int
    when: Literal["between-hands", "mid-hand"] = "between-hands"


@incident
class SitOut(Incident):
    """`seat` sat out `hands_missed` hands (live or online) and now comes back.

    `missed`: the blinds that passed the seat while it was away (`none`, `big-blind` only, or
    `both` the big and the small blind)."""

    type: Literal["sit-out"] = "sit-out"
    ordinary: ClassVar[frozenset[str]] = frozenset({"commentary", "online"})
    seat: int
    hands_missed: int = Field(ge=1, le=10_000, description="hands dealt while the player sat out")
    missed: Literal["none", "big-blind", "both"] = "both"
    online: bool = Field(False, description="an online table (the software posts and folds)")


@incident
class OnlineTimeout(Incident):
    """Online, `seat` is to act and its decision timer ran out (`cause: timer`) or it lost its
    connection (`cause: disconnected`). `time_bank_left`: seconds of time bank it still has."""

    type: Literal["online-timeout"] = "online-timeout"
    seat: int
    cause: Literal["timer", "disconnected"] = "timer"
    time_bank_left: int = Field(0, ge=0, le=3600, description="seconds left in the player's time bank")


@incident
class OnlineAccount(Incident):
    """The site finds an account breaking the one-account-per-person rule: one person playing several
    accounts (`multi-accounting`), several people sharing one (`account-sharing`), or someone else
    playing it for its owner (`ghosting`). Collusion, chip dumping and bots are `conduct` offences."""

    type: Literal["online-account"] = "online-account"
    ordinary: ClassVar[frozenset[str]] = frozenset({"commentary", "seat"})
    seat: int | None = Field(None, description="the seat of the account at this table, if any")
    violation: Literal["multi-accounting", "account-sharing", "ghosting"]


@incident
class Rake(Incident):
    """The house took `taken` as rake from a pot of `pot`; its posted rate is `percent` of the pot,
    capped at `cap` (0: no cap). A seat disputes the amount."""

    type: Literal["rake"] = "rake"
    ordinary: ClassVar[frozenset[str]] = frozenset({"commentary", "cap"})
    seat: int = Field(description="the player who disputes it (the pot's winner)")
    pot: int = Field(gt=0, lt=CHIP_LIMIT, description="the pot the rake was taken from, before the rake")
    taken: int = Field(ge=0, lt=CHIP_LIMIT, description="the rake the dealer took")
    percent: int = Field(ge=0, le=100, description="the posted rake, in percent of the pot")
    cap: int = Field(0, ge=0, lt=CHIP_LIMIT, description="the posted cap on the rake (0: none)")

    @model_validator(mode="after")
    def _within_pot(self) -> "Rake":
        if self.taken > self.pot:
            raise ValueError("the rake taken cannot be more than the pot")
        return self


@incident
class DeckChange(Incident):
    """`seat` asks for a new deck."""

    type: Literal["deck-change"] = "deck-change"
    seat: int


@incident
class StubDropped(Incident):
    """The stub was dropped with cards still to come. `reconstructable`: its order can be put
    back for certain; `mixed_with_discards`: it fell into the muck or the burn cards."""

    type: Literal["stub-dropped"] = "stub-dropped"
    reconstructable: bool = False
    mixed_with_discards: bool = False

    @model_validator(mode="after")
    def _consistent(self) -> "StubDropped":
        if self.reconstructable and self.mixed_with_discards:
            raise ValueError("a stub mixed with the discards cannot be put back in order for certain")
        return self


@incident
class DrawStubShort(Incident):
    """In a draw game the draws still to deal need `cards_needed` cards and the stub holds only
    `stub_cards`; `burn_cards` burns have been set aside this hand, and `burn_exposed` says one
    of them was seen."""

    type: Literal["draw-stub-short"] = "draw-stub-short"
    cards_needed: int = Field(ge=1, le=52, description="cards the remaining draws of this round need")
    stub_cards: int = Field(ge=0, le=52, description="cards left in the stub")
    burn_cards: int = Field(0, ge=0, le=10, description="burn cards set aside so far this hand")
    burn_exposed: bool = Field(False, description="a burn card was exposed")

    @model_validator(mode="after")
    def _short(self) -> "DrawStubShort":
        if self.stub_cards > self.cards_needed:
            raise ValueError(f"the stub ({self.stub_cards}) covers the {self.cards_needed} cards needed: it is not short")
        return self


@incident
class NewGameSeating(Incident):
    """A new cash game opens from the waiting list, and two players called for it want the same
    seat. `seated`: the list position (1 = first) of the player who reached the table first and
    sat in it; `claimant`: the list position of the player who claims it."""

    type: Literal["new-game-seating"] = "new-game-seating"
    seated: int = Field(ge=1, le=100, description="list position of the player who sat in the seat first")
    claimant: int = Field(ge=1, le=100, description="list position of the player who claims the seat")

    @model_validator(mode="after")
    def _two_players(self) -> "NewGameSeating":
        if self.seated == self.claimant:
            raise ValueError("the seated player and the claimant are the same list position")
        return self
