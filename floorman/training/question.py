"""A quiz question and its answers: what the trainee sees, what the engine ruled, how it is graded.

An answer to a ruling question is an `Answer`: the decision (the engine's decision word) and,
where the decision carries one, its key amount (raise to, bet, call to...). The engine's ruling
and every common mistake are put in this one shape, so that "is this distractor also correct?"
is a comparison, not a judgement.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from floorman.training.phrases import AMOUNTLESS, PHRASES

#: decision -> the ruling param that is its number: the amount a dealer would announce, or the
#: seat the decision names (who acts first, where the big blind goes)
AMOUNT_OF: dict[str, str] = {
    "raise": "raise_to", "bet": "bet_to", "call": "call_to", "all-in": "all_in_to", "may-raise": "min_raise_to",
    "correct-to-minimum": "corrected_to", "min-bet": "min_bet", "return-uncalled": "returned",
    "count-pot": "pot", "fixed-amount": "amount_to", "pot-limit-max": "max_to", "no-limit-max": "max_to",
    "raise-to-max": "raise_to", "reduce-to-pot": "bet_to", "correct-to-pot": "bet_to",
    "first-to-act": "first_to_act", "bring-in": "bring_in", "button-to-high-card": "button",
    "button-to-high-card-by-suit": "button", "dead-button": "button", "moving-button": "button",
    "dead-button-jumps": "button", "heads-up-button-small-blind": "button",
    "odd-chip-left-of-button": "odd_chip_seat", "odd-chip-high-card-by-suit": "odd_chip_seat",
    "odd-chip-to-high": "odd_chip_seat",
}
#: decisions whose number is the same thing (a street total; a seat): two answers of one group
#: with the same number say the same
_SAME_NUMBER = ({"raise", "bet", "all-in", "raise-to-max", "reduce-to-pot", "correct-to-pot", "correct-to-minimum",
                 "fixed-amount", "pot-limit-max", "no-limit-max"},
                {"first-to-act", "bring-in"}, {"button-to-high-card", "button-to-high-card-by-suit"},
                {"dead-button", "moving-button", "dead-button-jumps", "heads-up-button-small-blind"},
                {"odd-chip-left-of-button", "odd-chip-high-card-by-suit", "odd-chip-to-high", "odd-chip-to-seat"})


#: decisions that say the same thing in other words: a distractor with one is the answer itself
SAME_MEANING: dict[str, str] = {"hand-live": "live-hand", "td-discretion": "floor-discretion",
                                "management-discretion": "floor-discretion", "floor-decides": "floor-discretion"}


@dataclass(frozen=True)
class Answer:
    decision: str
    amount: int | None = None

    @property
    def text(self) -> str:
        phrase = PHRASES.get(self.decision)
        if phrase is None:
            phrase = self.decision.replace("-", " ").capitalize() + (": {n}" if self.amount is not None else "")
        if "{n}" in phrase and self.amount is None:
            return AMOUNTLESS[self.decision]
        return phrase.format(n=f"{self.amount:,}") if "{n}" in phrase else phrase

    @property
    def meaning(self) -> str:
        return SAME_MEANING.get(self.decision, self.decision)

    def same_as(self, other: "Answer") -> bool:
        """The same ruling: the same decision (or one that means the same) and, when both name
        one, the same amount; or the same words."""
        if self.text == other.text:
            return True
        if self.amount is not None and self.amount == other.amount and any(
                {self.decision, other.decision} <= group for group in _SAME_NUMBER):
            return True
        return self.meaning == other.meaning and (self.amount is None or other.amount is None
                                                  or self.amount == other.amount)


def answer_of(ruling: Any) -> Answer:
    """The engine's ruling as an answer."""
    key = AMOUNT_OF.get(ruling.decision)
    amount = ruling.params.get(key) if key else None
    if not isinstance(amount, int) or isinstance(amount, bool):
        amount = None
    return Answer(ruling.decision, amount)


@dataclass(frozen=True)
class Choice:
    text: str
    correct: bool
    mistake: str | None = None       # the MISTAKES entry this distractor comes from


@dataclass
class Question:
    id: str
    topic: str
    difficulty: str
    source: str                      # 'template', 'real:<file>#<hand>', 'scenario:<name>', 'set:<name>'
    situation: Any                   # floorman Situation (the incident in dispute last)
    state: Any                       # HandState before the dispute
    prompt: str
    kind: str                        # 'choice' or 'number'
    choices: list[Choice]
    number_answer: int | None
    number_label: str | None         # the number asked, in words ("the change given back")
    ruling: Any                      # the engine's Ruling on the dispute
    report: Any                      # the RulingReport
    template: str = ""               # the template or irregularity it was drawn from
    traps: dict[int, str] = field(default_factory=dict)   # number questions: a mistake's number -> its name
    number_param: str | None = None  # number questions: the ruling param asked for
    key: str = ""                    # what it was drawn from: 'template:<name>', 'real:<kind>', 'scenario:<name>'
    follows: str | None = None       # the key of the question it refers back to, shown just before it
    case: Any = field(default=None, repr=False, compare=False)    # the mistakes' view of it (validate.case_of)

    @property
    def answer(self) -> Answer:
        return answer_of(self.ruling)

    @property
    def expected(self) -> str:
        if self.kind == "number":
            return f"{self.number_answer:,}"
        return next(c.text for c in self.choices if c.correct)


@dataclass(frozen=True)
class Grade:
    correct: bool
    expected: str
    feedback: str
