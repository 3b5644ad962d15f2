"""Conduct incidents: how players behave, the penalties the floor gives, and chip oddities.

* `conduct`: a player's conduct the floor is called about: one player to a hand, collusion and
  soft play, devices, the table language, identity, abuse and etiquette, exposing cards with
  action pending, leaving the table with a live hand, dodging blinds, cards out of view. The
  ruling works out the penalty on the ladder (floorman/model/penalty.py) for this table. The
  offence is judged by when it happened (`during_hand`, `live_hand`); reported once the hand is
  over, the pot stands and only the penalty remains.
* `penalty`: the floor gives a penalty, the ladder's or one the director chose (`chosen`,
  `count`), and asks what it comes to at this table.
* `complaint`: a player asks for a ruling that the rules answer with the floor's authority
  (legal strategy, a posted house rule, a case the rules do not cover, a final decision).
* `chips-found-behind`: chips found behind a player's stack after its all-in was called.
* `lost-chips`: chips found at or near the table whose owner is not known.
* `token-bet`: a bounty chip or a clock token pushed out as a bet.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field, model_validator

from floorman.model.incidents import CHIP_LIMIT, AssumedAs, Incident, incident

#: the player's record, said back when a ruling rests on it being clean
_RECORD = {"prior_warnings": AssumedAs(words={0: "no earlier warning"}),
           "prior_penalties": AssumedAs(words={0: "no earlier penalty"})}

#: the offences a `conduct` incident names, and how serious each is on the ladder: minor ones
#: start with a warning; serious ones with a penalty (TDA 2024 71-B: penalties "will be given"
#: for soft play, abuse, disruptive behaviour, dodging blinds); cheating with disqualification.
OFFENCES: dict[str, str] = {
    "disclosure": "minor",        # talking about a live or folded hand ("I folded a king")
    "advice": "minor",            # advising a player who is in the hand
    "reading-hand": "minor",      # reading aloud a hand that was not tabled
    "collusion": "cheating",      # players sharing information or playing as a team
    "chip-dumping": "cheating",   # losing chips on purpose to another player
    "bot": "cheating",            # online: software playing the account
    "soft-play": "serious",       # not betting against a friend as one would against anyone else
    "device": "minor",            # a phone or other device used with a live hand
    "strategy-aid": "minor",      # a chart, an app or outside help used at the table
    "language": "minor",          # table talk in a language other than the posted one
    "identity": "minor",          # sunglasses, hood or covering that hides who the player is
    "abuse": "serious",           # abusive words, threats, harassment
    "throwing": "serious",        # throwing cards or chips
    "stalling": "minor",          # persistent delay of the game
    "splashing": "minor",         # splashing chips into the pot
    "false-claim": "minor",       # false words or acts meant to mislead (a fake call motion...)
    "angle-shot": "minor",        # within the letter of the rules but against their spirit
    "slow-roll": "minor",         # a winner shown slowly on purpose (etiquette)
    "exposing-cards": "minor",    # cards exposed while action is pending
    "left-table": "minor",        # away from the table with a live hand
    "dodging-blinds": "serious",  # moving or staying away so as not to post a blind
    "cards-hidden": "minor",      # a live hand kept out of plain view
}

Offence = Literal[
    "disclosure", "advice", "reading-hand", "collusion", "chip-dumping", "bot", "soft-play", "device",
    "strategy-aid", "language", "identity", "abuse", "throwing", "stalling", "splashing", "false-claim",
    "angle-shot", "slow-roll", "exposing-cards", "left-table", "dodging-blinds", "cards-hidden",
]

# the player's record in this event, which escalates a repeat offence (Conduct and Penalty alike)
PriorWarnings = Annotated[int, Field(ge=0, le=20, description="warnings the player has already had")]
PriorPenalties = Annotated[int, Field(ge=0, le=20, description="penalties the player has already served")]
SameOffence = Annotated[bool, Field(description="the earlier warnings were for this same offence (a room may "
                                                "disqualify after a number of them: warnings_to_disqualify)")]


@incident
class Conduct(Incident):
    """Seat `seat` is reported for `offence`. `other_seat` is the other player involved (the player
    advised, the partner in collusion or soft play). `prior_warnings` and `prior_penalties` count
    the player's earlier warnings and penalties in this event (repeat offences escalate)."""

    about_the_hand: ClassVar[bool] = False
    type: Literal["conduct"] = "conduct"
    ordinary: ClassVar[frozenset[str]] = frozenset({
        "commentary", "other_seat", "same_offence", "online", "live_hand", "other_in_hand", "nuts_last_to_act"})
    assumed_as: ClassVar[dict[str, AssumedAs]] = {
        **_RECORD, "during_hand": AssumedAs(words={True: "during a hand", False: "between hands"}),
        "action_pending": AssumedAs(words={True: "with action still to come", False: "with no action to come"})}
    seat: int
    offence: Offence
    other_seat: int | None = Field(None, description="the other player involved (advised, partner), if any")
    prior_warnings: PriorWarnings = 0
    prior_penalties: PriorPenalties = 0
    same_offence: SameOffence = False
    online: bool = Field(False, description="an online game (security team, accounts)")
    during_hand: bool = Field(True, description="it happened while a hand was being played (the hand may be "
                                                "over by the time it is reported)")
    live_hand: bool | None = Field(None, description="the offender held a live hand when it happened (default: "
                                                     "as the events show: dealt in and not folded)")
    other_in_hand: bool | None = Field(None, description="the other player was in the hand when it happened "
                                                         "(default: as the events show)")
    action_pending: bool = Field(True, description="exposing-cards: betting action was still to come")
    nuts_last_to_act: bool = Field(False, description="soft-play: the player checked the exclusive nuts, "
                                                      "last to act on the river")

    @model_validator(mode="after")
    def _other(self) -> "Conduct":
        if self.other_seat is not None and self.other_seat == self.seat:
            raise ValueError("other_seat is the same seat as the offender")
        if not self.during_hand and self.live_hand:
            raise ValueError("live_hand: the offence did not happen during a hand (during_hand: false)")
        return self


@incident
class Penalty(Incident):
    """The floor penalises seat `seat` for an offence of `severity`; the ruling says what it comes
    to at this table. By default the step is the room's ladder's after `prior_warnings` and
    `prior_penalties`; `chosen` states the director's own choice (a warning, `count` hands,
    `count` rounds, a chip penalty of `count` chips, or disqualification), which the ruling works
    out for this table and sets against the ladder."""

    about_the_hand: ClassVar[bool] = False
    type: Literal["penalty"] = "penalty"
    ordinary: ClassVar[frozenset[str]] = frozenset({"commentary", "same_offence", "chosen", "count"})
    assumed_as: ClassVar[dict[str, AssumedAs]] = {**_RECORD, "severity": AssumedAs(words={"minor": "a minor offence"})}
    seat: int
    severity: Literal["minor", "serious", "cheating"] = Field(
        "minor", description="minor: etiquette, one player to a hand...; serious: abuse, soft play, dodging "
                             "blinds; cheating: collusion, chip dumping")
    prior_warnings: PriorWarnings = 0
    prior_penalties: PriorPenalties = 0
    same_offence: SameOffence = False
    chosen: Literal["ladder", "warning", "missed-hands", "missed-rounds", "chip-penalty", "disqualification"] = Field(
        "ladder", description="the step the director chose (ladder: the room's ladder decides)")
    count: int = Field(0, ge=0, lt=CHIP_LIMIT, description="with chosen missed-hands, missed-rounds or "
                                                            "chip-penalty: the hands, rounds or chips")

    @model_validator(mode="after")
    def _count(self) -> "Penalty":
        counted = self.chosen in ("missed-hands", "missed-rounds", "chip-penalty")
        if counted and self.count < 1:
            raise ValueError(f"chosen {self.chosen}: give the count (hands, rounds or chips), at least 1")
        if not counted and self.count:
            raise ValueError(f"count is for a chosen missed-hands, missed-rounds or chip-penalty, not {self.chosen}")
        if self.chosen == "missed-hands" and self.count > 500 or self.chosen == "missed-rounds" and self.count > 50:
            raise ValueError(f"{self.count} is more {self.chosen.split('-')[1]} than any penalty gives")
        return self


@incident
class Complaint(Incident):
    """A player asks the floor for a ruling: `topic` says on what. `legal-strategy`: an opponent
    bluffed, check-raised or slow-played; `house-rule`: a posted house rule differs from the TDA or
    a guide; `not-covered`: no written rule covers the case, or the strict rule would be unfair;
    `decision-final`: the player disputes a ruling already made and asks for it to be changed."""

    about_the_hand: ClassVar[bool] = False
    type: Literal["complaint"] = "complaint"
    ordinary: ClassVar[frozenset[str]] = frozenset({"commentary", "seat"})
    seat: int | None = Field(None, description="the player complaining, if one")
    topic: Literal["legal-strategy", "house-rule", "not-covered", "decision-final"]


@incident
class ChipsFoundBehind(Incident):
    """Seat `seat` called the all-in of `all_in_seat`; then chips worth `amount` were found behind
    the all-in player's stack. `part_of_action`: the TD rules they were part of the action the caller
    accepted. If the events stop with the caller facing the all-in, the call is taken as made."""

    type: Literal["chips-found-behind"] = "chips-found-behind"
    seat: int = Field(description="the caller")
    all_in_seat: int = Field(description="the player who was all-in")
    amount: int = Field(gt=0, lt=CHIP_LIMIT, description="the value of the chips found behind")
    part_of_action: bool = Field(False, description="the TD rules the chips were part of the accepted action")


@incident
class LostChips(Incident):
    """Chips worth `amount` are found at or near the table. `owner` is the seat they belong to,
    if that can be established."""

    type: Literal["lost-chips"] = "lost-chips"
    amount: int = Field(gt=0, lt=CHIP_LIMIT, description="the value of the chips found")
    owner: int | None = Field(None, description="the seat they belong to, if established")


@incident
class TokenBet(Incident):
    """Seat `seat` pushes out a bounty chip or a clock token (an item with no chip value) as a bet."""

    type: Literal["token-bet"] = "token-bet"
    seat: int
    item: Literal["bounty-chip", "clock-token"] = "bounty-chip"
    pushed_forward: bool = Field(True, description="pushed over the line as a bet (not just lying in front)")
