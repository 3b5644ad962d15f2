"""Showdown incidents: who shows first, who wins which pot, and hands mucked or killed.

The events before the incident replay normally (bets, board, `show` and `muck` events); the
incident is the moment the floor is called to:

* `showdown-question`: who shows first (`asks: order`) or who wins which pot (`asks: award`);
* `muck-at-showdown`: a seat throws its cards away face down at showdown (`where` they ended
  up: released short of the muck, touching the discards, or mixed into them);
* `hand-killed-by-dealer`: the dealer pulls a seat's cards into the muck by mistake;
* `hand-fouled`: another player's discard (or the muck) lands on or touches a seat's cards;
* `verbal-at-showdown`: "fold", "you win", or a hand called wrongly at showdown;
* `show-request`: a seat asks to see another seat's hand;
* `shown-to-one`: a seat shows its cards to one other player;
* `partial-table`: a seat shows only some of its cards, or claims to play the board;
* `award-dispute`: a pot pushed to the wrong player, and when that was found.

The seat named by a muck, kill or foul incident is still live in the replay: the incident is
what happened to it. The fact builders (`floorman/engine/facts/showdown.py`) read the hands.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field, field_validator, model_validator

from floorman.model.cards import parse_cards
from floorman.model.incidents import CHIP_LIMIT, AssumedAs, Incident, incident

#: the notation's words for where the cards went and whether they can be told apart
_WHERE = AssumedAs(words={"released": "released short of the muck", "touching-muck": "touching the muck",
                          "in-muck": "into the muck"},
                   say={"released": "released", "touching-muck": "touching-muck", "in-muck": "in-muck"})
_IDENTIFIABLE = AssumedAs(words={True: "identifiable", False: "not identifiable"},
                          say={True: "identifiable", False: "unidentifiable"})


@incident
class ShowdownQuestion(Incident):
    """The floor is asked who must show first, or who wins which pot and in what order."""

    type: Literal["showdown-question"] = "showdown-question"
    asks: Literal["order", "award"]
    seat: int | None = Field(None, description="who asks (for the record)")
    ordinary: ClassVar[frozenset[str]] = frozenset({"commentary", "seat"})


@incident
class MuckAtShowdown(Incident):
    """A seat discards its cards face down at showdown without tabling them.

    `where`: `released` (pushed away face down, not yet touching the discards), `touching-muck`
    (on or against the discard pile but not mixed into it), `in-muck` (mixed with the discards).
    `identifiable`: the floor can still say, with 100% certainty, which cards are this seat's
    and take them back (never true once they are mixed into the muck).

    Left out, `where` is `in-muck`, as a floor person hears "mucks" (into the muck), and
    `identifiable` follows it: not identifiable in the muck, identifiable short of it.
    """

    type: Literal["muck-at-showdown"] = "muck-at-showdown"
    seat: int
    where: Literal["released", "touching-muck", "in-muck"] = "in-muck"
    identifiable: bool = True
    tabled_first: bool = Field(False, description="the hand had been tabled and read before the muck")
    assumed_as: ClassVar[dict[str, AssumedAs]] = {
        "where": _WHERE, "identifiable": _IDENTIFIABLE,
        "tabled_first": AssumedAs(words={False: "not tabled first", True: "tabled and read first"})}

    @model_validator(mode="after")
    def _consistent(self) -> "MuckAtShowdown":
        if self.where == "in-muck" and self.identifiable:
            if "identifiable" in self.model_fields_set:
                raise ValueError("cards mixed into the muck cannot be identified to 100% certainty: "
                                 "say identifiable: false, or where: touching-muck")
            # left out, it follows where the cards went (the model is frozen: set it as built)
            object.__setattr__(self, "identifiable", False)
        return self

    def settled(self) -> frozenset[str]:
        return frozenset({"identifiable"}) if self.where == "in-muck" else frozenset()


@incident
class HandKilledByDealer(Incident):
    """The dealer takes a seat's cards into the muck by mistake.

    `tabled`: the cards had been properly tabled (all face up, read) before the dealer took
    them. `identifiable`: they can still be told apart and retrieved with 100% certainty.
    """

    type: Literal["hand-killed-by-dealer"] = "hand-killed-by-dealer"
    seat: int
    tabled: bool = False
    identifiable: bool = False
    assumed_as: ClassVar[dict[str, AssumedAs]] = {
        "identifiable": _IDENTIFIABLE, "tabled": AssumedAs(words={False: "not tabled", True: "tabled"})}


@incident
class HandFouled(Incident):
    """A seat's cards are touched by the discards: another player's discard lands on them, or
    they slide into the muck. `identifiable`: the seat's own cards can still be picked out with
    100% certainty."""

    type: Literal["hand-fouled"] = "hand-fouled"
    seat: int
    by: Literal["discard", "muck"] = "discard"
    identifiable: bool = True
    assumed_as: ClassVar[dict[str, AssumedAs]] = {
        "identifiable": _IDENTIFIABLE, "by": AssumedAs(words={"discard": "touched by a discard",
                                                               "muck": "slid into the muck"})}


@incident
class VerbalAtShowdown(Incident):
    """Words at showdown: "fold", "you win", or a hand called as something it is not.

    `deliberate`: the floor finds the words were said on purpose to get another player to throw
    a better hand away. `misled_seat`: a seat that mucked because of the words (its `muck` event
    may be in the events).
    """

    type: Literal["verbal-at-showdown"] = "verbal-at-showdown"
    seat: int
    said: Literal["fold", "you-win", "hand-claim"]
    claimed: str | None = Field(None, description="the hand claimed, as said (e.g. 'a flush')")
    deliberate: bool = False
    misled_seat: int | None = None
    ordinary: ClassVar[frozenset[str]] = frozenset({"commentary", "claimed", "misled_seat"})
    assumed_as: ClassVar[dict[str, AssumedAs]] = {
        "deliberate": AssumedAs(words={False: "not said on purpose", True: "said on purpose to mislead"})}


@incident
class ShowRequest(Incident):
    """`seat` asks to see the hand of `target` at showdown."""

    type: Literal["show-request"] = "show-request"
    seat: int
    target: int

    @model_validator(mode="after")
    def _two_seats(self) -> "ShowRequest":
        if self.seat == self.target:
            raise ValueError("a seat does not ask to see its own hand")
        return self


@incident
class ShownToOne(Incident):
    """A seat shows its cards to one other person instead of to the table.

    `to_seat`: the player shown (None: someone who is not playing, e.g. a spectator).
    `audience: table` means the cards were in fact shown to everyone (nothing to even out).
    """

    type: Literal["shown-to-one"] = "shown-to-one"
    seat: int
    to_seat: int | None = None
    audience: Literal["one-player", "table"] = "one-player"
    when: Literal["during-hand", "after-hand"] = "after-hand"
    ordinary: ClassVar[frozenset[str]] = frozenset({"commentary", "to_seat"})
    assumed_as: ClassVar[dict[str, AssumedAs]] = {
        "audience": AssumedAs(words={"one-player": "shown to one player", "table": "shown to the table"}),
        "when": AssumedAs(words={"after-hand": "after the hand", "during-hand": "during the hand"})}


@incident
class PartialTable(Incident):
    """At showdown a seat turns up only some of its cards (`shown`), perhaps claiming to play
    the board (`claim: board`) or to hold the winner (`claim: best-hand`)."""

    type: Literal["partial-table"] = "partial-table"
    seat: int
    shown: tuple[str, ...] = ()
    claim: Literal["none", "best-hand", "board"] = "none"
    ordinary: ClassVar[frozenset[str]] = frozenset({"commentary", "claim"})
    assumed_as: ClassVar[dict[str, AssumedAs]] = {"shown": AssumedAs(words={(): "no card shown"},
                                                                     otherwise="the cards shown, e.g. `shown=9c`")}

    @field_validator("shown", mode="before")
    @classmethod
    def _cards(cls, value: object) -> tuple[str, ...]:
        if isinstance(value, (str, list, tuple)):
            return tuple(parse_cards(value))
        raise ValueError("expected cards such as 'As' or ['As']")


@incident
class AwardDispute(Incident):
    """A pot was pushed to the wrong player, and someone says so.

    `kind`: `misread` (a tabled hand was read wrongly) or `accounting` (the pot was counted,
    split or pushed wrongly). `found`: when the error was raised: `before-next-hand` (before
    the next hand began: first riffle, shuffler button, or dealer push), `next-hand-started`
    (the next hand had begun but without substantial action), `after-substantial-action` (on
    the next hand). `during_break`: the hand ended as a break began, and `seconds_after_award`
    is how long after the push the dispute was raised.
    """

    type: Literal["award-dispute"] = "award-dispute"
    kind: Literal["misread", "accounting"]
    awarded_to: int
    found: Literal["before-next-hand", "next-hand-started", "after-substantial-action"] = "before-next-hand"
    during_break: bool = False
    seconds_after_award: int = Field(0, ge=0, lt=CHIP_LIMIT)
    ordinary: ClassVar[frozenset[str]] = frozenset({"commentary", "during_break", "seconds_after_award"})
    assumed_as: ClassVar[dict[str, AssumedAs]] = {
        "found": AssumedAs(words={"before-next-hand": "raised before the next hand began",
                                  "next-hand-started": "raised once the next hand had begun",
                                  "after-substantial-action": "raised after substantial action on the next hand"})}
