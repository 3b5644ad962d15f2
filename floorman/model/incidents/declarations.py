"""Declaration incidents: statements about action that is not yet the player's to take.

Words said in turn, with or without chips, are `wager` incidents (see `betting`); this family
adds the statements that are not a wager at all. A conditional statement ("if you bet, I
raise") names an action that depends on what someone else does first.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field

from floorman.model.incidents import CHIP_LIMIT, Incident, incident

ActionWord = Literal["check", "bet", "call", "raise", "fold", "all-in"]


@incident
class ConditionalStatement(Incident):
    """A seat announces what it will do if another seat does something first.

    `condition` is the other seat's action the statement waits on (`any` for "whatever you
    do"), `promised` the action the speaker said it would then take, and `condition_met`
    whether that action has since happened, so the statement has come due.
    """

    type: Literal["conditional-statement"] = "conditional-statement"
    ordinary: ClassVar[frozenset[str]] = frozenset({"commentary", "words", "condition_seat", "amount_said"})
    seat: int
    words: str | None = Field(None, description="what was said, as said (for the record)")
    condition_seat: int | None = Field(None, description="the seat whose action the statement waits on")
    condition: Literal["check", "bet", "call", "raise", "fold", "all-in", "any"]
    promised: ActionWord
    amount_said: int | None = Field(None, ge=0, lt=CHIP_LIMIT, description="an amount named with the promised action")
    condition_met: bool = Field(description="the condition has happened: the statement has come due")
