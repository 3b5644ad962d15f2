"""Irregularities of the deal, the deck and the board, and hands killed away from showdown.

The events before the incident replay normally (posts, the actions taken so far, the board
cards properly dealt); the incident describes the error the floor is called for, because the
replay refuses what cannot legally happen (a duplicate card, a board card dealt before the
betting is over).

* `deal-error`: the initial deal went wrong: the first card to the wrong seat, cards to a seat
  not entitled to a hand, an entitled seat dealt out, a seat with the wrong number of cards,
  a non-standard card (a joker, a 2-5 in short deck) found (TDA 2024 35 / 2026 37);
* `boxed-card`: one or more cards found face up in the deck (TDA 2024 35-A-1 / 2026 37-A);
* `exposed-card`: a hole card exposed by the dealer during the deal, by the player who holds
  it, or while folding (TDA 2024 35-A-7, 68 / 2026 37-A, 70);
* `duplicate-card`: two cards of the same rank and suit: a fouled deck (TDA 2024 35-E / 2026 37-E);
* `premature-board`: flop, turn or river dealt before the betting round was over (TDA 2024 39-C
  and RP-5 / 2026 41-C and RP-5);
* `four-card-flop`: four cards put out on the flop (TDA 2024 39-A / 2026 41-A);
* `flop-without-burn`: the flop dealt with no burn card first (TDA 2024 39-B / 2026 41-B);
* `not-at-seat`: a player away from the seat when the last card of the initial deal went out
  (TDA 2024 30 / 2026 32);
* `clock-expired`: time ran out on a player on the clock (TDA 2024 29 / 2026 31);
* `wrong-button`: the button is on the wrong seat (TDA 2024 34-A / 2026 36-A);
* `wrong-blind-level`: the hand was started at the previous level's blinds (TDA 2024 23 / 2026 25).

Whether substantial action has happened is read from the replayed events, not told here.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field, field_validator, model_validator

from floorman.model.cards import parse_cards
from floorman.model.incidents import CHIP_LIMIT, AssumedAs, Incident, incident


def _cards(value: object) -> tuple[str, ...]:
    if isinstance(value, (str, list, tuple)):
        return tuple(parse_cards(value))
    raise ValueError("expected cards such as 'AsKd' or ['As', 'Kd']")


DealErrorKind = Literal["first-card-wrong-seat", "dealt-not-entitled", "seat-skipped", "wrong-count",
                        "non-standard-card"]


@incident
class DealError(Incident):
    """An error in the initial deal.

    `error` names it: `first-card-wrong-seat` (the deal began at the wrong seat),
    `dealt-not-entitled` (cards went to `seat`, which is not entitled to a hand: an empty seat,
    a player sitting out, a new player between the small blind and the button),
    `seat-skipped` (`seat` was entitled to a hand and dealt out), `wrong-count` (`seat` holds
    `cards_held` cards, not the number the game deals), `non-standard-card` (a card that is not
    part of this game's deck, e.g. a joker, turned up `found_in` a player's hand, the stub or
    on the board).
    """

    type: Literal["deal-error"] = "deal-error"
    ordinary: ClassVar[frozenset[str]] = frozenset({"commentary", "seat", "cards_held", "card"})
    error: DealErrorKind
    seat: int | None = Field(None, description="the seat the error concerns")
    cards_held: int | None = Field(None, ge=0, lt=CHIP_LIMIT, description="wrong-count: the cards the seat holds")
    found_in: Literal["hand", "stub", "board"] = Field(
        "hand", description="non-standard-card: where it turned up")
    card: str | None = Field(None, description="non-standard-card: what it is, e.g. 'joker'")

    @model_validator(mode="after")
    def _complete(self) -> "DealError":
        if self.error in ("dealt-not-entitled", "seat-skipped", "wrong-count") and self.seat is None:
            raise ValueError(f"a {self.error} error names the seat")
        if self.error == "wrong-count" and self.cards_held is None:
            raise ValueError("a wrong-count error says how many cards the seat holds (cards_held)")
        if self.error == "non-standard-card" and self.found_in == "hand" and self.seat is None:
            raise ValueError("a non-standard card found in a hand names the seat")
        return self


@incident
class BoxedCard(Incident):
    """`count` cards found face up in the deck (boxed), on the initial deal or later."""

    type: Literal["boxed-card"] = "boxed-card"
    ordinary: ClassVar[frozenset[str]] = frozenset({"commentary", "cards"})
    count: int = Field(1, ge=1, lt=CHIP_LIMIT, description="boxed cards found")
    initial_deal: bool = Field(True, description="found while the hole cards were being dealt")
    cards: tuple[str, ...] = Field((), description="the boxed cards, if known")

    _parse = field_validator("cards", mode="before")(_cards)

    @model_validator(mode="after")
    def _consistent(self) -> "BoxedCard":
        if self.cards and len(self.cards) != self.count:
            raise ValueError(f"{len(self.cards)} cards listed for a count of {self.count}")
        return self


@incident
class ExposedCard(Incident):
    """Hole cards of `seat` seen face up.

    `by`: the `dealer` during the initial deal (`deal_positions` gives each exposed card's place
    in the order dealt off the deck: 1 = the first card of the deal), the `player` who holds
    them, or the player `folding` them.
    """

    type: Literal["exposed-card"] = "exposed-card"
    ordinary: ClassVar[frozenset[str]] = frozenset({"commentary", "cards", "count"})
    assumed_as: ClassVar[dict[str, AssumedAs]] = {
        "deal_positions": AssumedAs(words={(): "not one of the first two cards off the deck"},
                                    otherwise="`first`, `second` or `card N`")}
    by: Literal["dealer", "player", "folding"]
    seat: int
    cards: tuple[str, ...] = Field((), description="the exposed cards, if known")
    count: int | None = Field(None, ge=1, lt=CHIP_LIMIT,
                              description="cards exposed (default: the cards or positions listed, else 1)")
    deal_positions: tuple[int, ...] = Field((), description="dealer: the order off the deck of each exposed card")

    _parse = field_validator("cards", mode="before")(_cards)

    @field_validator("deal_positions")
    @classmethod
    def _positive(cls, value: tuple[int, ...]) -> tuple[int, ...]:
        if any(position < 1 for position in value):
            raise ValueError("deal positions count from 1 (the first card off the deck)")
        return value

    @model_validator(mode="after")
    def _consistent(self) -> "ExposedCard":
        if self.deal_positions and self.by != "dealer":
            raise ValueError("deal_positions describe cards exposed by the dealer during the deal")
        listed = max(len(self.cards), len(self.deal_positions))
        if self.count is not None and listed and self.count != listed:
            raise ValueError(f"count {self.count} does not match the {listed} cards listed")
        return self

    def settled(self) -> frozenset[str]:
        # only the dealer's exposure on the deal has a place off the deck
        return frozenset() if self.by == "dealer" else frozenset({"deal_positions"})

    @property
    def exposed(self) -> int:
        return self.count or max(len(self.cards), len(self.deal_positions), 1)


@incident
class DuplicateCard(Incident):
    """Two cards of the same rank and suit turned up in one hand: the deck is fouled."""

    type: Literal["duplicate-card"] = "duplicate-card"
    ordinary: ClassVar[frozenset[str]] = frozenset({"commentary", "where"})
    card: str
    where: tuple[str, ...] = Field((), description="where each copy was, e.g. ['board', 'seat 3']")
    discovered: Literal["during-hand", "before-next-hand", "next-hand-begun"] = Field(
        "during-hand", description="when it was found: during the hand, after it ended but before the "
                                   "next hand began, or once the next hand had begun")

    @field_validator("card", mode="before")
    @classmethod
    def _one_card(cls, value: object) -> str:
        cards = _cards(value)
        if len(cards) != 1 or cards[0] == "??":
            raise ValueError("expected exactly one known card, e.g. 'As'")
        return cards[0]


@incident
class PrematureBoard(Incident):
    """The `street`'s board card(s) put out before the betting round before it was over.

    `burned`: the dealer burned a card before them, as for a normal street."""

    type: Literal["premature-board"] = "premature-board"
    ordinary: ClassVar[frozenset[str]] = frozenset({"commentary", "cards"})
    street: Literal["flop", "turn", "river"]
    cards: tuple[str, ...] = Field((), description="the premature cards, if known")
    burned: bool = True

    _parse = field_validator("cards", mode="before")(_cards)

    @model_validator(mode="after")
    def _count(self) -> "PrematureBoard":
        due = 3 if self.street == "flop" else 1
        if self.cards and len(self.cards) != due:
            raise ValueError(f"a premature {self.street} is {due} card{'s' if due > 1 else ''}, "
                             f"not {len(self.cards)}")
        return self


@incident
class FourCardFlop(Incident):
    """Four cards put out for the flop instead of three (face up or not)."""

    type: Literal["four-card-flop"] = "four-card-flop"
    ordinary: ClassVar[frozenset[str]] = frozenset({"commentary", "cards"})
    cards: tuple[str, ...] = Field((), description="the four cards, if known")
    exposed: bool = True

    _parse = field_validator("cards", mode="before")(_cards)

    @model_validator(mode="after")
    def _four(self) -> "FourCardFlop":
        if self.cards and len(self.cards) != 4:
            raise ValueError(f"a four-card flop has 4 cards, not {len(self.cards)}")
        return self


@incident
class FlopWithoutBurn(Incident):
    """The three flop cards were dealt with no burn card before them.

    Whether anyone has acted on the flop is read from the events (put the flop in as a `board`
    event, and any flop actions after it)."""

    type: Literal["flop-without-burn"] = "flop-without-burn"
    ordinary: ClassVar[frozenset[str]] = frozenset({"commentary", "cards"})
    cards: tuple[str, ...] = Field((), description="the flop, if known")

    _parse = field_validator("cards", mode="before")(_cards)


@incident
class NotAtSeat(Incident):
    """`seat` was not at the seat when the last card of the initial deal went out.

    `within_reach`: the player was within reach of the chair at that moment (that counts as at
    the seat)."""

    type: Literal["not-at-seat"] = "not-at-seat"
    seat: int
    within_reach: bool = False


@incident
class ClockExpired(Incident):
    """`seat` was on the clock and time ran out before it acted.

    `tie`: the player acted just as time ran out (the floor could not say which came first)."""

    type: Literal["clock-expired"] = "clock-expired"
    ordinary: ClassVar[frozenset[str]] = frozenset({"commentary", "tie"})
    seat: int
    tie: bool = False


@incident
class WrongButton(Incident):
    """The button was placed on the wrong seat for this hand; it belonged on `correct_button`."""

    type: Literal["wrong-button"] = "wrong-button"
    correct_button: int = Field(ge=1, le=10)


@incident
class WrongBlindLevel(Incident):
    """The hand was dealt with the previous level's forced bets; the level in force has these."""

    type: Literal["wrong-blind-level"] = "wrong-blind-level"
    ordinary: ClassVar[frozenset[str]] = frozenset({"commentary", "ante"})
    small_blind: int = Field(ge=0, lt=CHIP_LIMIT, description="the small blind of the level in force")
    big_blind: int = Field(gt=0, lt=CHIP_LIMIT, description="the big blind of the level in force")
    ante: int = Field(0, ge=0, lt=CHIP_LIMIT,
                      description="the ante of the level in force (per player, or the big blind ante)")
