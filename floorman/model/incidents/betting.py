"""Betting incidents: how chips and words went into the pot when the action is in dispute."""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field, model_validator

from floorman.model.incidents import CHIP_LIMIT, AssumedAs, Chip, Incident, incident
from floorman.model.incidents.action import FollowingAction

Declaration = Literal["none", "check", "bet", "call", "raise", "fold", "all-in", "complete", "pot",
                      "amount-only", "tap", "non-standard"]
_ACTION_WORDS = ("bet", "raise", "call", "fold", "check", "all-in")


@incident
class Wager(Incident):
    """A seat puts chips out and/or says something, and the floor must say what it amounts to.

    `declared` is the standard word said (or `amount-only` when only a number was said, `tap`
    for a knock on the table, `non-standard` for words like "I'm in"). `amount_said` is the
    number spoken: with "raise" it is the total ("raise, eight thousand" = 8,000 in all).

    Prior-bet chips (TDA 2024 46 / 2026 48): `prior_chips` are the chips already in front of
    the seat from its blind or an earlier bet this round, as they lie on the table (a 1,000
    chip posted for a 100 blind is `prior_chips: [1000]`). `pulled_back` lists those the
    player drew back toward the stack before pushing; `chips` are only the chips pushed out
    now (list a pulled-back chip there too if the player pushes it out again).
    """

    type: Literal["wager"] = "wager"
    # left out, each of these is the ordinary course: nothing said, one motion, in turn, the words
    # clear and meant (only when the words came is read from the hand: see `settled`)
    ordinary: ClassVar[frozenset[str]] = frozenset({
        "commentary", "declared", "amount_said", "words", "chips", "first_motion_chips", "motions", "in_turn",
        "then", "prior_chips", "pulled_back", "unclear", "wanted_change", "raise_by", "in_question"})
    assumed_as: ClassVar[dict[str, AssumedAs]] = {
        "speech": AssumedAs(words={None: "the words came before the chips"},
                            otherwise="`speech: after` (the chips first) or `with`")}
    seat: int
    declared: Declaration = "none"
    amount_said: int | None = Field(None, ge=0, lt=CHIP_LIMIT)
    words: str | None = Field(None, description="what was said, as said (for the record)")
    chips: tuple[Chip, ...] = Field((), description="chips put out now, by denomination")
    first_motion_chips: tuple[Chip, ...] | None = Field(
        None, description="with motions > 1: the chips of the first motion")
    motions: int = Field(1, ge=1, lt=CHIP_LIMIT)
    speech: Literal["before", "with", "after"] | None = Field(
        None, description="when the words came, relative to the chips")
    in_turn: bool | None = Field(None, description="None = as the hand stands (in turn when the seat is the one to "
                                                  "act); false for chips or words out of turn (TDA 2024 53 / 2026 55)")
    then: tuple[FollowingAction, ...] = Field((), description="out of turn: the actions that followed, in order "
                                                              "(the skipped seats acting when the action backs up)")
    prior_chips: tuple[Chip, ...] = Field((), description="chips already out from an earlier bet/blind")
    pulled_back: tuple[Chip, ...] = Field((), description="of those, chips the player pulled back first "
                                                         "(they go back behind, not into this push)")
    unclear: bool = Field(False, description="the amount said is ambiguous (e.g. 'I bet five')")
    wanted_change: bool = Field(False, description="the player says the extra chips were put out only "
                                                   "to get change back (TDA 2024 61 / 2026 63)")
    raise_by: bool = Field(False, description="the player said 'raise BY N': the amount said is the increment "
                                             "over the bet faced, not the total (S001-11); without it, 'raise N' "
                                             "names the total (TDA 2024 43-B / 2026 45-B)")
    in_question: bool = Field(False, description="the action word was said inside a question or in chat "
                                                 "('did he raise?'), not as a declaration (TDA 2026 3-B)")

    def settled(self) -> frozenset[str]:
        # when the words came matters only with both words and chips
        return frozenset() if self.chips and self.declared != "none" else frozenset({"speech"})

    @model_validator(mode="after")
    def _consistent(self) -> "Wager":
        if any(chip <= 0 for chip in self.chips + self.prior_chips):
            raise ValueError("chip values must be above 0")
        if self.declared == "none" and self.amount_said is not None:
            raise ValueError("an amount was said: use declared: amount-only (or the word said)")
        if self.declared == "none" and not self.chips:
            raise ValueError("a wager puts out chips, says something, or both")
        if self.raise_by and (self.declared != "raise" or self.amount_said is None):
            raise ValueError("raise_by is for 'raise by N': declared: raise with the amount_said")
        if self.then and self.in_turn is not False:
            raise ValueError("`then` lists what followed a wager out of turn: give in_turn: false with it")
        if self.in_question and (self.declared not in _ACTION_WORDS or self.chips):
            raise ValueError("in_question is for a standard action word (" + ", ".join(_ACTION_WORDS)
                             + ") said inside a question, with no chips put out")
        return self

    @property
    def action(self) -> str:
        """The action the wager is when a standard word decides it (`fold`, `call`...), else
        "wager" (chips, or an amount, whose meaning the chip and declaration rules give)."""
        if self.declared in _ACTION_WORDS and not (self.chips and self.speech == "after"):
            return str(self.declared)
        return "check" if self.declared == "tap" and not self.chips else "wager"
