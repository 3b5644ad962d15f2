"""The room options the hand model itself must know to replay a hand the room's way.

Most room options are read by the rules (as fields of the `profile` fact). These few change
what `HandState` answers — who acts next, whether a raise is still possible, who gets an odd
chip — so the state must follow them, or "what happens next" would contradict the ruling.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

StudShowingTie = Literal["position", "high-card-by-suit"]
RazzOddChip = Literal["high-card-by-suit", "lowest-card-by-suit"]


@dataclass(frozen=True, slots=True)
class RoomRules:
    """The options `HandState` reads; the defaults are a bare replay's (a hand history)."""

    #: fixed limit: the cap is lifted once the action became heads-up before it was reached
    #: (option `limit_cap_lifted_heads_up`, Robert's Rules)
    cap_lifted_heads_up: bool = False
    #: stud from fourth street: equal showing hands go by position (the first dealt acts first;
    #: a hand history's convention) or by the high card by suit among the up-cards
    #: (option `stud_showing_tie`)
    stud_showing_tie: StudShowingTie = "position"
    #: razz: the odd chip of a split pot goes to the high card by suit (TDA) or to the lowest
    #: card by suit (option `razz_odd_chip`, Robert's Rules)
    razz_odd_chip: RazzOddChip = "high-card-by-suit"

    def __post_init__(self) -> None:
        # the option schema (rulebook/options.yaml) has checked the values; this guards the API
        if self.stud_showing_tie not in ("position", "high-card-by-suit"):
            raise ValueError(f"stud_showing_tie is position or high-card-by-suit, not {self.stud_showing_tie!r}")
        if self.razz_odd_chip not in ("high-card-by-suit", "lowest-card-by-suit"):
            raise ValueError(f"razz_odd_chip is high-card-by-suit or lowest-card-by-suit, not {self.razz_odd_chip!r}")

    @classmethod
    def from_options(cls, options: Mapping[str, object]) -> "RoomRules":
        """The hand model's part of a profile's (or house file's) resolved options."""
        base = cls()
        return cls(
            cap_lifted_heads_up=bool(options.get("limit_cap_lifted_heads_up", base.cap_lifted_heads_up)),
            stud_showing_tie=options.get("stud_showing_tie", base.stud_showing_tie),  # type: ignore[arg-type]
            razz_odd_chip=options.get("razz_odd_chip", base.razz_odd_chip),  # type: ignore[arg-type]
        )
