"""The penalty ladder: what a conduct ruling costs the player, worked out for the table as it is.

TDA 2024 71 / 2026 74: enforcement runs from a verbal warning through missed hands or missed
rounds (2026 also chip penalties, RP-26) to disqualification, and repeat offences escalate. A
missed round is one hand for every player seated at the table when the penalty is given (the
offender included), times the number of rounds. A player on penalty stays away from the table:
the seat is dealt in, its blinds and antes are posted, and its hand is killed after the deal
(2024 71-C / 2026 74-C), so the player can be blinded out. A disqualified player's chips are
taken out of play (2024 71-D / 2026 74-D, RP-23). Cash games have no missed-hand penalties:
a warning, then (on a repeat) removal from the game; cheats are removed and barred at once.

floorman's ladder (the TDA leaves the steps to the TD; a TD may skip or repeat a step):
level 0 a verbal warning; level 1 a one-step penalty; level 2 a two-step penalty; level 3
disqualification. A minor offence starts at 0, a serious one (abuse, soft play, dodging blinds:
2024 71-B "penalties will be given") at 1, cheating (collusion, chip dumping) at 3. An earlier
warning makes the next offence at least a penalty; after N penalties served, the next is N + 1
steps (so two penalties served lead to disqualification).
A "step" is one round (missed-rounds), the room's number of hands (missed-hands), or the forced
bets of one round in chips (chip-penalty).

Pure arithmetic, no rule logic: the conduct fact builder calls it and the rules compare.
"""

from __future__ import annotations

from dataclasses import dataclass

SEVERITIES = ("minor", "serious", "cheating")
PENALTY_TYPES = ("missed-rounds", "missed-hands", "chip-penalty")
START = {"minor": 0, "serious": 1, "cheating": 3}
DISQUALIFY = 3


def ladder_level(severity: str, prior_warnings: int, prior_penalties: int) -> int:
    """Where an offence lands on the ladder (0 warning .. 3 disqualification)."""
    if severity not in START:
        raise ValueError(f"severity {severity!r}: expected one of {', '.join(SEVERITIES)}")
    if prior_warnings < 0 or prior_penalties < 0:
        raise ValueError("earlier warnings and penalties are counted from 0")
    level = START[severity]
    if prior_penalties:
        level = max(level, prior_penalties + 1)     # one step above the penalties already served
    elif prior_warnings:
        level = max(level, 1)                       # warned before: this time it is a penalty
    return min(level, DISQUALIFY)


def missed_round_hands(rounds: int, seats_at_table: int) -> int:
    """Hands missed for a missed-round penalty: one per player seated (offender included) per round."""
    if rounds < 0 or seats_at_table < 1:
        raise ValueError("rounds >= 0 and at least one player seated")
    return rounds * seats_at_table


def forced_bets_per_round(small_blind: int, big_blind: int, ante: int, ante_style: str,
                          seats_at_table: int) -> int:
    """The blinds and antes one seat posts in one full round at this level: the small blind and
    the big blind once each, an every-player ante once a hand, a big-blind or button ante once."""
    antes = {"every-player": ante * seats_at_table, "big-blind": ante, "button": ante}.get(ante_style, 0)
    return small_blind + big_blind + antes


@dataclass(frozen=True)
class Penalty:
    level: int                  # 0 warning, 1-2 penalty steps, 3 disqualification (cash: 1+ removal)
    step: str                   # warning | missed-rounds | missed-hands | chip-penalty | disqualification | removal
    units: int                  # penalty steps given (0 for a warning, disqualification or removal)
    rounds: int                 # missed rounds (missed-rounds only)
    hands_missed: int           # hands the player sits out
    chips_forfeited: int        # chip penalty, or the chips removed on disqualification
    forced_bets_while_away: int  # blinds and antes posted from the stack while the player is away
    text: str                   # the penalty in words
    next_step: str              # what the next offence would bring
    while_away: str = ""        # what happens to the seat, its blinds and antes meanwhile


def assess(*, severity: str, prior_warnings: int, prior_penalties: int, tournament: bool, penalty_type: str,
           seats_at_table: int, forced_per_round: int, penalty_hands: int, stack: int) -> Penalty:
    """The penalty for this offence at this table. `stack` is the player's chips (removed on a
    disqualification; a chip penalty never takes more than the player has)."""
    if penalty_type not in PENALTY_TYPES:
        raise ValueError(f"penalty type {penalty_type!r}: expected one of {', '.join(PENALTY_TYPES)}")
    level = ladder_level(severity, prior_warnings, prior_penalties)
    if not tournament:
        return _cash(level, severity, prior_warnings + prior_penalties > 0)
    if level == 0:
        return Penalty(0, "warning", 0, 0, 0, 0, 0, "a verbal warning",
                       _describe(1, penalty_type, seats_at_table, forced_per_round, penalty_hands),
                       "the player stays in the game; no hand is missed")
    if level >= DISQUALIFY:
        return Penalty(DISQUALIFY, "disqualification", 0, 0, 0, stack, 0,
                       f"disqualification: the {stack:,} in chips are taken out of play",
                       "nothing further: the player is out of the event",
                       "the chips are taken out of play; a player already in the money is paid as the house "
                       "and gaming rules say")
    units = level
    rounds = units if penalty_type == "missed-rounds" else 0
    if penalty_type == "missed-rounds":
        hands = missed_round_hands(rounds, seats_at_table)
        away = rounds * forced_per_round
        chips = 0
    elif penalty_type == "missed-hands":
        hands = units * penalty_hands
        away = 0                         # depends on where the blinds fall in those hands
        chips = 0
    else:
        hands = away = 0
        chips = min(stack, units * forced_per_round)
    if penalty_type == "chip-penalty":
        meanwhile = "the player stays at the table; the chips forfeited go out of play"
    else:
        posted = f" ({away:,} in all at this level)" if away else ""
        meanwhile = (f"the player is away from the table; the seat is dealt in for those {hands} hands, its "
                     f"blinds and antes are posted{posted}, and each hand is killed after the deal (stud: "
                     "the bring-in is posted when due)")
    return Penalty(level, penalty_type, units, rounds, hands, chips, away,
                   _describe(units, penalty_type, seats_at_table, forced_per_round, penalty_hands, stack),
                   _describe(units + 1, penalty_type, seats_at_table, forced_per_round, penalty_hands)
                   if level + 1 < DISQUALIFY else "disqualification", meanwhile)


def _cash(level: int, severity: str, repeat: bool) -> Penalty:
    """Cash games: a warning first, removal from the game on a repeat; cheats are removed and barred."""
    if severity == "cheating":
        return Penalty(level, "removal", 0, 0, 0, 0, 0, "removal from the game and a ban from the room",
                       "nothing further: the player is barred", "the player leaves the game")
    if not repeat:
        return Penalty(0, "warning", 0, 0, 0, 0, 0, "a warning", "removal from the game",
                       "the player stays in the game")
    return Penalty(level, "removal", 0, 0, 0, 0, 0, "removal from the game", "a ban from the room",
                   "the player leaves the game and takes the chips (they are money)")


def _describe(units: int, penalty_type: str, seats: int, forced_per_round: int, penalty_hands: int,
              stack: int | None = None) -> str:
    if penalty_type == "missed-rounds":
        hands = missed_round_hands(units, seats)
        return f"a {units}-round penalty: {hands} hands away from the table ({seats} players seated x {units})"
    if penalty_type == "missed-hands":
        return f"a missed-hand penalty of {units * penalty_hands} hands"
    chips = units * forced_per_round if stack is None else min(stack, units * forced_per_round)
    return f"a chip penalty of {chips:,} (the blinds and antes of {units} round{'s' if units > 1 else ''})"
