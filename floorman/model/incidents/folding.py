"""Folding incidents: a fold made, or half made, by words and the cards together.

* `fold-words`: a player says "fold", or asks a conditional such as "if I fold, will you show?",
  while the cards stay put, move forward, or are let go toward the muck. Whether the hand is
  folded turns on the words (a declaration in turn binds: TDA 2024 50-A / 2026 52-A) and on the
  cards (let go forward, or taken as a fold by the next player: Robert's Rules, Dead Hands).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from floorman.model.incidents import Incident, incident


@incident
class FoldWords(Incident):
    """Seat `seat`, in turn, says something about folding, perhaps moving its cards. `said`:
    `fold` ("fold", "I fold"), `if-i-fold` (a conditional such as "if I fold, will you show?"),
    or `nothing`. `cards`: `kept`, pushed `forward` but still held, or `released` (let go face
    down toward the muck). `next_acted`: the next player acted, taking it as a fold."""

    type: Literal["fold-words"] = "fold-words"
    seat: int
    said: Literal["fold", "if-i-fold", "nothing"] = Field("fold", description="what the player said")
    cards: Literal["kept", "forward", "released"] = Field("kept", description="what the cards did")
    next_acted: bool = Field(False, description="the next player acted, taking it as a fold")

    @model_validator(mode="after")
    def _something(self) -> "FoldWords":
        if self.said == "nothing" and self.cards == "kept":
            raise ValueError("nothing was said and the cards stayed put: there is no fold to rule on")
        return self
