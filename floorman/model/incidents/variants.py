"""Variant incidents: what the floor is asked about games other than hold'em.

* `ranking-question`: which of the hands at showdown wins, in the game being dealt (the
  32-card deck's flush over full house and its suit tie-breaks, short deck, razz, 2-7);
* `stud-question`: in a stud game, who brings it in, who acts first, or whether the big bet
  may be made on fourth street with an open pair (TDA 2024 RP-10 / 2026 RP-10; Robert's Rules);
* `stud-irregularity`: upcards picked up facing action (TDA 2024 66 / 2026 68), a card dealt
  before the betting round was over (RP-5-D), a card the dealer exposes on seventh street
  (RP-10-B), the stub running short for seventh street (RP-10-H);
* `draw-question`: in a draw game before the draw, may a player just call the big blind (TDA
  RP-17: limping is allowed in every single-draw game).

The events before the incident replay normally; the fact builders
(`floorman/engine/facts/variants.py`) read the up-cards and hands from the replayed hand.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field

from floorman.model.incidents import Incident, incident


@incident
class RankingQuestion(Incident):
    """The floor is asked which hand wins: the hands are tabled and the players disagree on
    how the game ranks them."""

    type: Literal["ranking-question"] = "ranking-question"
    ordinary: ClassVar[frozenset[str]] = frozenset({"commentary", "seats"})
    seats: tuple[int, ...] = Field((), description="the seats whose hands are compared (default: every live hand)")


@incident
class StudQuestion(Incident):
    """In a stud game: who must bring it in (`asks: bring-in`, third street), who acts first
    (`asks: first-to-act`, fourth street on), or may the big bet be made now (`asks: bet-size`,
    fourth street with an open pair showing)."""

    type: Literal["stud-question"] = "stud-question"
    ordinary: ClassVar[frozenset[str]] = frozenset({"commentary", "seat"})
    asks: Literal["bring-in", "first-to-act", "bet-size"]
    seat: int | None = Field(None, description="who asks (for the record)")


@incident
class StudIrregularity(Incident):
    """A stud dealing or mucking irregularity.

    `kind`: `upcards-picked-up` (seat `seat` turned down or picked up its upcards),
    `premature-card` (the next street's card was dealt to seat `seat` before the betting round
    was over), `seventh-street-exposed` (the dealer turned seat `seat`'s seventh-street card
    face up), `short-stub` (before seventh street the stub holds `stub_cards` cards), `extra-card`
    (on a later street seat `seat` was dealt two cards instead of one; `extra_identified`: the
    extra card can still be told apart from the player's own cards).
    """

    type: Literal["stud-irregularity"] = "stud-irregularity"
    ordinary: ClassVar[frozenset[str]] = frozenset({"commentary", "seat", "stub_cards"})
    kind: Literal["upcards-picked-up", "premature-card", "seventh-street-exposed", "short-stub", "extra-card"]
    seat: int | None = Field(None, description="the seat whose cards are concerned")
    stub_cards: int | None = Field(None, ge=0, le=52, description="short-stub: cards left in the stub")
    extra_identified: bool = Field(True, description="extra-card: the extra card can be told apart (face up, or "
                                                     "still apart from the player's downcards)")


@incident
class DrawQuestion(Incident):
    """In a draw game: may the player in turn before the draw just call the big blind (limp)?"""

    type: Literal["draw-question"] = "draw-question"
    ordinary: ClassVar[frozenset[str]] = frozenset({"commentary", "asks", "seat"})
    asks: Literal["limp"] = "limp"
    seat: int | None = Field(None, description="who asks (default: the seat in turn)")
