"""A quiz question and its answers: what the trainee sees, what the engine ruled, how it is graded.

An answer to a ruling question is an `Answer`: the decision (the engine's decision word) and,
where the decision carries one, its key amount (raise to, bet, call to...). The engine's ruling
and every common mistake are put in this one shape, so that "is this distractor also correct?"
is a comparison, not a judgement.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

#: decision -> the ruling param that is its amount (the number a dealer would announce)
AMOUNT_OF: dict[str, str] = {
    "raise": "raise_to", "bet": "bet_to", "call": "call_to", "all-in": "all_in_to", "may-raise": "min_raise_to",
    "correct-to-minimum": "corrected_to", "min-bet": "min_bet", "return-uncalled": "returned",
    "count-pot": "pot", "fixed-amount": "amount_to", "pot-limit-max": "max_to", "no-limit-max": "max_to",
    "raise-to-max": "raise_to", "reduce-to-pot": "bet_to", "correct-to-pot": "bet_to",
}

#: decision -> how it reads as an answer ({n}: the amount)
PHRASES: dict[str, str] = {
    "raise": "It is a raise, to {n}", "bet": "It is a bet of {n}", "call": "It is a call ({n} in all)",
    "all-in": "All in, to {n}", "may-raise": "The player may raise: the minimum is to {n}",
    "call-or-fold": "Call or fold only: betting is not open to this player",
    "check": "It is a check", "fold": "It is a fold", "misdeal": "Misdeal: reshuffle and deal again",
    "play-on": "Play on: the hand stands as dealt", "dead-hand": "The hand is dead",
    "live-hand": "The hand is live", "hand-live": "The hand is live", "binding": "The action binds",
    "not-binding": "Not binding: the player may change the action", "fold-binds": "The fold binds",
    "back-up": "Back up: the skipped player acts first", "cards-stand": "The cards stand: play on",
    "redeal-street": "Take the cards back and deal that street again",
    "nothing-returned": "Nothing is returned: every bet was called",
    "return-uncalled": "Return the uncalled bet: {n}", "floor-discretion": "The floor decides (discretion)",
    "floor-decides": "The floor decides", "stands": "The bet stands as made",
    "first-to-act-shows-first": "The first player to act shows first",
    "last-aggressor-shows-first": "The last aggressor shows first",
    "replace-card": "Replace the card; play on", "keep-hands-face-down": "Hands stay face down",
    "table-all-hands-now": "All hands are tabled now",
    # decisions whose word alone reads badly as an answer ("Count", "No pot count")
    "count": "The dealer counts the stack", "estimate-only": "Only an estimate of the stack is given",
    "no-pot-count": "The dealer does not count the pot", "count-pot": "The dealer counts the pot: {n}",
    "pot-limit-max": "The pot-limit maximum: to {n}", "no-limit-max": "No limit: all in, to {n}",
    "card-becomes-upcard": "The exposed card becomes the upcard", "cards-speak": "Cards speak: the hand is read as it is",
    "cash-plays": "The cash on the table plays", "cash-does-not-play": "The cash on the table does not play",
    "do-not-play": "The chips brought out do not play", "forfeit": "The chips are forfeited",
    "correct-award": "Correct the award", "award-stands": "The award stands", "action-stands": "The action stands",
    "judge-all-chips": "Judge all the chips together", "judge-new-chips": "Judge the new chips on their own",
    "must-show": "The hand must be shown", "show-on-request": "Show the hand on request",
    "show-to-all": "Show the cards to the whole table", "request-refused": "The request is refused",
    "table-all-cards": "Table all the cards to win", "table-the-hand": "The dealer turns the hand up",
    "void-hand": "The hand is void: every chip goes back", "random-burn": "One of the cards becomes the burn",
    "warning": "Nothing binds yet; a warning", "penalty-possible": "A penalty is possible; the hand stays live",
    "make-visible": "The chips must be made visible", "correct-blinds": "Correct the blinds to the new level",
}


@dataclass(frozen=True)
class Answer:
    decision: str
    amount: int | None = None

    @property
    def text(self) -> str:
        phrase = PHRASES.get(self.decision)
        if phrase is None:
            phrase = self.decision.replace("-", " ").capitalize() + (": {n}" if self.amount is not None else "")
        if "{n}" in phrase:
            return phrase.format(n=f"{self.amount:,}" if self.amount is not None else "?")
        return phrase

    def same_as(self, other: "Answer") -> bool:
        """The same ruling: same decision and, when both name one, the same amount."""
        return self.decision == other.decision and (self.amount is None or other.amount is None
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
    source: str                      # 'template', 'real:<file>#<hand>', 'set:<name>'
    situation: Any                   # floorman Situation (the incident in dispute last)
    state: Any                       # HandState before the dispute
    prompt: str
    kind: str                        # 'choice' or 'number'
    choices: list[Choice]
    number_answer: int | None
    number_label: str | None
    ruling: Any                      # the engine's Ruling on the dispute
    report: Any                      # the RulingReport
    template: str = ""               # the template or irregularity it was drawn from
    traps: dict[int, str] = field(default_factory=dict)   # number questions: a mistake's number -> its name

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
