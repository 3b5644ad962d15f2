"""Set-up, the button and forced bets: the questions a floor is called for before the betting.

The table is the hand about to be dealt (or just dealt): its `button`, its seats and its forced
bets. Posts already made are events, as usual; the incident says what is asked.

* `button-draw`: one card dealt face up to each player to place the first button (seed 000,
  "Seats and the dealer button");
* `next-hand-button`: where the button and the blinds go next hand when players bust or leave
  on this one (dead button TDA 2024 32 / 2026 34, 2026 36-B; heads-up 2024 34-B / 2026 36-C;
  a cash room's moving button);
* `new-player`: a new player takes a seat (TDA 2024 8-A, 10-A / 2026 9-A, 11-A; seed 000, "New
  players and missed blinds");
* `missed-blinds`: a cash player comes back having missed blinds (seed 000);
* `straddle`: a player puts out a straddle before the deal (seed 000, "Straddles");
* `forced-bet-question`: does a posted ante, blind or straddle count toward the call;
* `big-blind-ante-short`: the big blind cannot cover both the blind and the big-blind ante
  (TDA RP-11);
* `procedure-question`: how the deck is prepared, the deal order, the burns, how blinds change.
"""

from __future__ import annotations

import re
from typing import ClassVar, Literal

from pydantic import Field, field_validator

from floorman.model.cards import parse_cards
from floorman.model.incidents import CHIP_LIMIT, Incident, incident

_SEAT_CARD = re.compile(r"^\s*(?:s|seat)?\s*(\d{1,2})\s*[:=]\s*(\S+)\s*$", re.IGNORECASE)


def _seat_cards(value: object) -> tuple[str, ...]:
    """`{seat: card}` or ["SEAT:CARD", ...] -> ("SEAT:CARD", ...) with the card checked."""
    if isinstance(value, dict):
        pairs = [(str(seat), str(card)) for seat, card in value.items()]
    elif isinstance(value, (list, tuple)):
        pairs = []
        for item in value:
            match = _SEAT_CARD.match(str(item))
            # a bare card: the cards are given in seat order, one per player ("0" = by order)
            pairs.append((match.group(1), match.group(2)) if match else ("0", str(item)))
    elif isinstance(value, str):
        return _seat_cards([part for part in re.split(r"[,\s]+", value) if part])
    else:
        raise ValueError("expected one card per seat, e.g. {1: Kh, 4: Ks}, 1:Kh,4:Ks, or Kh,Ks in seat order")
    if len({seat == "0" for seat, _ in pairs}) > 1:
        raise ValueError("give every card with its seat (4:Ks) or none of them (in seat order), not a mix")
    out = []
    for seat, card in pairs:
        if not seat.isdigit() or not 0 <= int(seat) <= 10:
            raise ValueError(f"seat {seat!r} is not a seat number 1-10")
        cards = parse_cards(card)
        if len(cards) != 1 or cards[0] == "??":
            raise ValueError(f"seat {seat}: {card!r} is not one known card such as 'Ks'")
        out.append(f"{int(seat)}:{cards[0]}")
    return tuple(out)


@incident
class ButtonDraw(Incident):
    """One card dealt face up to each player to decide who starts with the button.

    `cards` gives each seat's card: `{1: Kh, 4: Ks}` in a file, `cards=1:Kh,4:Ks` at the table, or
    just the cards in seat order (`cards=Kh,7d,Ks`), one for each player dealt in."""

    type: Literal["button-draw"] = "button-draw"
    cards: tuple[str, ...] = Field(min_length=1, description="each player's face-up card, as SEAT:CARD (4:Ks) "
                                                             "or in seat order")

    _parse = field_validator("cards", mode="before")(_seat_cards)


@incident
class NextHandButton(Incident):
    """Where the button and blinds go next hand. `leaving` are the seats that bust or leave on this
    hand (none: the ordinary move); the table's button and this hand's blind posts say where they
    are now."""

    type: Literal["next-hand-button"] = "next-hand-button"
    ordinary: ClassVar[frozenset[str]] = frozenset({"commentary", "leaving"})
    leaving: tuple[int, ...] = Field((), description="seats that bust or leave on this hand")


@incident
class NewPlayer(Incident):
    """A new player takes `empty_seat` (an empty seat, or one sitting out) while this hand is dealt.
    `stack`: the chips the player brings (0: not said)."""

    type: Literal["new-player"] = "new-player"
    ordinary: ClassVar[frozenset[str]] = frozenset({"commentary", "stack", "small_blind_seat"})
    empty_seat: int = Field(ge=1, le=10, description="the empty seat the new player takes")
    stack: int = Field(0, ge=0, lt=CHIP_LIMIT, description="the chips brought (0 = not said)")
    small_blind_seat: int | None = Field(None, ge=1, le=10, description="with a dead small blind (none posted): "
                                         "the seat where it falls, the seat of last hand's big blind (default: "
                                         "the seat just before the big blind)")


@incident
class MissedBlinds(Incident):
    """A cash player in `seat` comes back having missed `missed` (small-blind, big-blind or both)."""

    type: Literal["missed-blinds"] = "missed-blinds"
    seat: int = Field(ge=1, le=10, description="the returning player's seat")
    missed: Literal["small-blind", "big-blind", "both"] = Field("both", description="the blinds missed")


@incident
class Straddle(Incident):
    """`seat` puts out a straddle before the cards are dealt (`amount` 0: twice the big blind)."""

    type: Literal["straddle"] = "straddle"
    ordinary: ClassVar[frozenset[str]] = frozenset({"commentary", "amount"})
    seat: int = Field(ge=1, le=10, description="the straddler")
    amount: int = Field(0, ge=0, lt=CHIP_LIMIT, description="the straddle (0 = twice the big blind)")


ForcedBetKind = Literal["ante", "big-blind-ante", "button-ante", "small-blind", "big-blind", "straddle"]


@incident
class ForcedBetQuestion(Incident):
    """The player who posted `post` (an ante, a blind or a straddle) asks whether it counts toward
    the call. `poster`: that player's seat (0: whoever posted it)."""

    type: Literal["forced-bet-question"] = "forced-bet-question"
    ordinary: ClassVar[frozenset[str]] = frozenset({"commentary", "poster"})
    post: ForcedBetKind = Field(description="the forced bet the player posted")
    poster: int = Field(0, ge=0, le=10, description="the seat that posted it (0 = whoever posted it)")


@incident
class BigBlindAnteShort(Incident):
    """The player due the big blind and the big-blind ante has `stack` chips (0: the table says);
    `ante`: the big-blind ante (0: the table's)."""

    type: Literal["big-blind-ante-short"] = "big-blind-ante-short"
    ordinary: ClassVar[frozenset[str]] = frozenset({"commentary", "stack", "ante"})
    stack: int = Field(0, ge=0, lt=CHIP_LIMIT, description="the big blind's chips before posting (0 = the table's stack)")
    ante: int = Field(0, ge=0, lt=CHIP_LIMIT, description="the big-blind ante (0 = the table's ante)")


ProcedureTopic = Literal["deck-preparation", "deal-order", "burn-cards", "blind-levels"]


@incident
class ProcedureQuestion(Incident):
    """A question about a standard procedure: how the deck is prepared and who cuts, the deal
    order, the burn cards, how the blinds change. `home_game`: a home game (players deal)."""

    type: Literal["procedure-question"] = "procedure-question"
    ordinary: ClassVar[frozenset[str]] = frozenset({"commentary", "home_game"})
    topic: ProcedureTopic = Field(description="what is asked")
    home_game: bool = Field(False, description="a home game, where the players deal and cut")
