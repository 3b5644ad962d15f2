"""The penalty ladder: what a conduct ruling costs the player, worked out for the table as it is.

TDA 2024 71 / 2026 74: enforcement runs from a verbal warning through missed hands or missed
rounds (2026 also chip penalties, RP-26) to disqualification, and repeat offences escalate. A
missed round is one hand for every player seated at the table when the penalty is given (the
offender included), times the number of rounds. A player on penalty stays away from the table:
the seat is dealt in, its blinds and antes are posted, and its hand is killed after the deal
(2024 71-C / 2026 74-C), so the player can be blinded out. A disqualified player's chips are
taken out of play (2024 71-D / 2026 74-D, RP-23-A). Cash games have no missed-hand penalties:
a warning, then (on a repeat) removal from the game; cheats are removed and barred at once.

The TDA leaves the steps to the TD. Which steps a room uses is its `Ladder` (room options):
level 0 a warning, levels 1 to `penalty_steps` a penalty of that many units (a unit is one
round, the room's number of hands, or one round's blinds and antes in chips), then
disqualification. A minor offence starts at a warning (or at a penalty: `first_offence`), a
serious one (abuse, soft play, dodging blinds: 2024 71-B "penalties will be given") at one unit,
cheating (collusion, chip dumping) at disqualification.

Warnings add up. Every earlier warning or penalty is a step already climbed: after w warnings
the next offence is a penalty of w units; after penalties, one step above the highest served
(p penalties after w warnings: p + max(w, 1)). Warnings alone stop at the last penalty step,
unless the room disqualifies after a number of warnings for the same offence.

A TD may choose the step (`chosen`): floorman works out what it means at this table (hands,
the blinds and antes still posted while away, when it starts, the chips of a disqualified
player) and says how it compares with the room's ladder; the choice stands either way
(71-A: "not limited to"; 68: an exposure "may result in a penalty").

Pure arithmetic, no rule logic: the conduct fact builder calls it and the rules compare.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

SEVERITIES = ("minor", "serious", "cheating")
PENALTY_TYPES = ("missed-rounds", "missed-hands", "chip-penalty")
CHOSEN_STEPS = ("ladder", "warning", *PENALTY_TYPES, "disqualification")
FIRST_OFFENCE = ("warning", "penalty")

#: where each step comes from: the ladder table in the docs cites these
STEP_SOURCES = {
    "warning": "TDA 2024 71-A / 2026 74-A (verbal warnings)",
    "missed-rounds": "TDA 2024 71-A / 2026 74-A (one hand per player seated, per round)",
    "missed-hands": "TDA 2024 71-A / 2026 74-A (missed-hand penalties; the hands per step are the house's)",
    "chip-penalty": "TDA 2026 74-A, RP-26 (chip penalties; new in 2026)",
    "disqualification": "TDA 2024 71-A / 2026 74-A (repeat infractions escalate), 71-D / 74-D (the chips removed)",
    "removal": "seed 000, Cash Game Rules (cash penalties: warnings, removal from the game)",
}


@dataclass(frozen=True)
class Ladder:
    """The steps a room's penalties climb (room options `first_offence`, `penalty_steps`,
    `warnings_to_disqualify`)."""

    first_offence: str = "warning"     # a first minor offence gets a warning, or a one-unit penalty
    penalty_steps: int = 2             # penalty steps before disqualification (1 unit, 2 units, ...)
    warnings_to_disqualify: int = 0    # disqualify after this many warnings for the same offence (0: never)

    def __post_init__(self) -> None:
        if self.first_offence not in FIRST_OFFENCE:
            raise ValueError(f"first_offence {self.first_offence!r}: expected warning or penalty")
        if self.penalty_steps < 1 or self.warnings_to_disqualify < 0:
            raise ValueError("at least one penalty step; warnings to disqualify counted from 0 (never)")

    @property
    def disqualify(self) -> int:
        """The level of disqualification: one above the last penalty step."""
        return self.penalty_steps + 1

    def level(self, severity: str, prior_warnings: int, prior_penalties: int, same_offence: bool = False) -> int:
        """Where an offence lands (0 warning, 1..penalty_steps a penalty of that many units,
        `disqualify`), from its seriousness and the player's record in this event."""
        if severity not in SEVERITIES:
            raise ValueError(f"severity {severity!r}: expected one of {', '.join(SEVERITIES)}")
        if prior_warnings < 0 or prior_penalties < 0:
            raise ValueError("earlier warnings and penalties are counted from 0")
        if severity == "cheating":
            return self.disqualify
        start = 1 if severity == "serious" or self.first_offence == "penalty" else 0
        # each earlier warning or penalty is a step climbed; a penalty served puts the next one above it
        record = prior_penalties + max(prior_warnings, 1) if prior_penalties else prior_warnings
        level = max(start, record)
        if not prior_penalties:
            level = min(level, self.penalty_steps)        # warnings alone do not disqualify...
        if self.warnings_to_disqualify and same_offence and prior_warnings >= self.warnings_to_disqualify:
            level = self.disqualify                       # ...unless the room says after N for the same offence
        return min(level, self.disqualify)


def ladder_level(severity: str, prior_warnings: int, prior_penalties: int, ladder: Ladder | None = None,
                 same_offence: bool = False) -> int:
    """Where an offence lands on the ladder (the default ladder: 0 warning .. 3 disqualification)."""
    return (ladder or Ladder()).level(severity, prior_warnings, prior_penalties, same_offence)


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
class Posts:
    """The forced bets a seat posts over some hands while away from the table."""

    small_blinds: int = 0
    big_blinds: int = 0
    antes: int = 0          # ante posts (every-player: each hand; big-blind or button ante: when due)
    chips: int = 0          # all of them, in chips


def posts_while_away(seat: int, players: Sequence[int], first_big_blind: int | None, hands: int, *,
                     small_blind: int, big_blind: int, ante: int, ante_style: str) -> Posts:
    """The blinds and antes `seat` posts over `hands` hands, the first of which has its big blind
    on `first_big_blind` (None: a game with no blinds, where only an every-player ante is due).

    Under the dead button the big blind moves one player a hand (2024 32 / 2026 34): in hand k the
    big blind is the k-th player after the first one, the small blind the previous hand's big
    blind, the button the one before that. `players` are the seats at the table, the offender
    included, all of them staying for those hands."""
    order = sorted(players)
    if seat not in order:
        raise ValueError(f"seat {seat} is not among the players at the table")
    if first_big_blind is None:
        antes = hands if ante_style == "every-player" and ante else 0
        return Posts(antes=antes, chips=antes * ante)
    if first_big_blind not in order:
        raise ValueError(f"the big blind seat {first_big_blind} is not among the players at the table")
    n, start = len(order), order.index(first_big_blind)
    big = [order[(start + k) % n] for k in range(-2, hands)]          # the big blind from two hands before
    bb = sum(1 for k in range(hands) if big[k + 2] == seat)
    sb = sum(1 for k in range(hands) if big[k + 1] == seat)
    if ante_style == "every-player":
        antes = hands
    elif ante_style == "big-blind":
        antes = bb
    elif ante_style == "button":
        antes = sum(1 for k in range(hands) if big[k] == seat)
    else:
        antes = 0
    antes = antes if ante else 0
    return Posts(sb, bb, antes, sb * small_blind + bb * big_blind + antes * ante)


@dataclass(frozen=True)
class Penalty:
    level: int                  # 0 warning, 1..steps penalty units, steps + 1 disqualification (cash: 1+ removal)
    step: str                   # warning | missed-rounds | missed-hands | chip-penalty | disqualification | removal
    units: int                  # penalty units given (0 for a warning, disqualification or removal)
    rounds: int                 # missed rounds (missed-rounds only)
    hands_missed: int           # hands the player sits out
    chips_forfeited: int        # chip penalty, or the chips removed on disqualification
    forced_bets_while_away: int  # blinds and antes posted from the stack while the player is away
    text: str                   # the penalty in words
    next_step: str              # what the next offence would bring
    while_away: str = ""        # what happens to the seat, its blinds and antes meanwhile


@dataclass(frozen=True)
class AtTable:
    """What a penalty is measured against at this table."""

    tournament: bool
    penalty_type: str           # the room's: missed-rounds | missed-hands | chip-penalty
    seats_at_table: int
    forced_per_round: int
    penalty_hands: int          # hands in one missed-hand step (the room's)
    stack: int                  # the player's chips behind


def assess(*, severity: str, prior_warnings: int, prior_penalties: int, tournament: bool, penalty_type: str,
           seats_at_table: int, forced_per_round: int, penalty_hands: int, stack: int,
           ladder: Ladder | None = None, same_offence: bool = False) -> Penalty:
    """The penalty the room's ladder gives for this offence at this table. `stack` is the
    player's chips (removed on a disqualification; a chip penalty never takes more than the player has)."""
    if penalty_type not in PENALTY_TYPES:
        raise ValueError(f"penalty type {penalty_type!r}: expected one of {', '.join(PENALTY_TYPES)}")
    ladder = ladder or Ladder()
    table = AtTable(tournament, penalty_type, seats_at_table, forced_per_round, penalty_hands, stack)
    level = ladder.level(severity, prior_warnings, prior_penalties, same_offence)
    if not tournament:
        return _cash(level, severity, prior_warnings + prior_penalties > 0)
    return at_level(level, ladder, table)


def at_level(level: int, ladder: Ladder, table: AtTable) -> Penalty:
    """The ladder's step at `level`, worked out for this table."""
    if level <= 0:
        return Penalty(0, "warning", 0, 0, 0, 0, 0, "a verbal warning", _next(1, ladder, table),
                       "the player stays in the game; no hand is missed")
    if level >= ladder.disqualify:
        return disqualification(ladder, table)
    return penalty_of(table.penalty_type, level, table, ladder, level=level)


def disqualification(ladder: Ladder, table: AtTable) -> Penalty:
    return Penalty(ladder.disqualify, "disqualification", 0, 0, 0, table.stack, 0,
                   f"disqualification: the {table.stack:,} in chips are taken out of play",
                   "nothing further: the player is out of the event",
                   "the chips are taken out of play; a player already in the money is paid as the house "
                   "and gaming rules say")


def penalty_of(kind: str, units: int, table: AtTable, ladder: Ladder, *, level: int, count: int = 0) -> Penalty:
    """A penalty of `units` ladder units of `kind` (or of `count` hands, rounds or chips, when a
    TD chose it), worked out for this table."""
    if kind == "missed-rounds":
        rounds = count or units
        hands, away, chips = missed_round_hands(rounds, table.seats_at_table), rounds * table.forced_per_round, 0
    elif kind == "missed-hands":
        rounds, hands, away, chips = 0, count or units * table.penalty_hands, 0, 0   # away: where the blinds fall
    else:
        rounds = hands = away = 0
        chips = min(table.stack, count or units * table.forced_per_round)
    if kind == "chip-penalty":
        meanwhile = "the player stays at the table; the chips forfeited go out of play"
    else:
        posted = f" ({away:,} in all at this level)" if away else ""
        meanwhile = (f"the player is away from the table; the seat is dealt in for those {hands} hands, its "
                     f"blinds and antes are posted{posted}, and each hand is killed after the deal (stud: "
                     "the bring-in is posted when due)")
    return Penalty(level, kind, units, rounds, hands, chips, away, describe(kind, hands, rounds, chips, table),
                   _next(level + 1, ladder, table), meanwhile)


def describe(kind: str, hands: int, rounds: int, chips: int, table: AtTable) -> str:
    if kind == "missed-rounds":
        return (f"a {rounds}-round penalty: {hands} hands away from the table ({table.seats_at_table} players "
                f"seated x {rounds})")
    if kind == "missed-hands":
        return f"a missed-hand penalty of {hands} hands"
    rounds_worth = Fraction(chips, table.forced_per_round) if table.forced_per_round else Fraction(0)
    worth = f" (the blinds and antes of {_rounds(rounds_worth)})" if rounds_worth else ""
    return f"a chip penalty of {chips:,}{worth}"


def _rounds(amount: Fraction) -> str:
    if amount.denominator == 1:
        return f"{amount.numerator} round{'s' if amount != 1 else ''}"
    return f"{float(amount):.1f} rounds"


def _next(level: int, ladder: Ladder, table: AtTable) -> str:
    if level >= ladder.disqualify:
        return "disqualification"
    return penalty_of(table.penalty_type, level, table, ladder, level=level).text


def weight(step: str, count: int, table: AtTable, ladder: Ladder) -> Fraction:
    """A step measured in rounds (a warning 0, disqualification above every penalty), so that a
    TD's choice can be set against the ladder whatever kind of penalty each is."""
    if step == "warning":
        return Fraction(0)
    if step == "disqualification":
        return Fraction(10**9)
    if step == "missed-rounds":
        return Fraction(count)
    if step == "missed-hands":
        return Fraction(count, max(table.seats_at_table, 1))
    return Fraction(count, max(table.forced_per_round, 1))


def chosen_penalty(step: str, count: int, table: AtTable, ladder: Ladder) -> Penalty:
    """The director's chosen step (a warning, `count` hands or rounds, a chip penalty of `count`
    chips, disqualification) worked out for this table. A cash game knows only a warning and
    removal from the game (a disqualification there is a removal)."""
    if step not in CHOSEN_STEPS[1:]:
        raise ValueError(f"chosen step {step!r}: expected one of {', '.join(CHOSEN_STEPS[1:])}")
    if not table.tournament:
        if step in PENALTY_TYPES:
            raise ValueError(f"a cash game has no {step} penalty: a warning, or removal from the game")
        return cash_warning() if step == "warning" else _cash(1, "minor", True)
    if step == "warning":
        return at_level(0, ladder, table)
    if step == "disqualification":
        return disqualification(ladder, table)
    chosen = penalty_of(step, 0, table, ladder, level=1, count=count)
    # its level: the ladder's penalty step of the same weight or the next above, within the steps
    rounds = weight(step, count, table, ladder)
    level = max(1, min(ladder.penalty_steps, -(-rounds.numerator // rounds.denominator)))
    return replace(chosen, level=level, next_step=_next(level + 1, ladder, table))


def compared(chosen: Penalty, ladder_gives: Penalty, table: AtTable, ladder: Ladder) -> str:
    """'as-ladder', 'heavier' or 'lighter': the TD's chosen step against the room's ladder."""
    def measure(p: Penalty) -> Fraction:
        count = {"missed-rounds": p.rounds, "missed-hands": p.hands_missed, "chip-penalty": p.chips_forfeited}
        return weight(p.step, count.get(p.step, 0), table, ladder)
    mine, theirs = measure(chosen), measure(ladder_gives)
    return "as-ladder" if mine == theirs else "heavier" if mine > theirs else "lighter"


def cash_warning() -> Penalty:
    return Penalty(0, "warning", 0, 0, 0, 0, 0, "a warning", "removal from the game", "the player stays in the game")


def _cash(level: int, severity: str, repeat: bool) -> Penalty:
    """Cash games: a warning first, removal from the game on a repeat; cheats are removed and barred."""
    if severity == "cheating":
        return Penalty(level, "removal", 0, 0, 0, 0, 0, "removal from the game and a ban from the room",
                       "nothing further: the player is barred", "the player leaves the game")
    if not repeat:
        return cash_warning()
    return Penalty(level, "removal", 0, 0, 0, 0, 0, "removal from the game", "a ban from the room",
                   "the player leaves the game and takes the chips (they are money)")


#: the records the ladder table in the docs shows: (earlier warnings, earlier penalties)
RECORDS = ((0, 0), (1, 0), (2, 0), (4, 0), (0, 1), (1, 1), (2, 1), (0, 2))


def ladder_rows(ladder: Ladder, *, tournament: bool, penalty_type: str, penalty_hands: int) -> list[tuple[str, str, str]]:
    """(offence and record, step in words, the step's kind) for the docs' ladder table, at a full
    table of nine; the step's kind names its source (STEP_SOURCES)."""
    table = AtTable(tournament, penalty_type, 9, 0, penalty_hands, 0)
    rows = []
    cases = [("minor", w, p) for w, p in RECORDS] + [("serious", 0, 0), ("serious", 1, 0), ("cheating", 0, 0)]
    for severity, warnings, penalties in cases:
        level = ladder.level(severity, warnings, penalties)
        p = _cash(level, severity, warnings + penalties > 0) if not tournament else at_level(level, ladder, table)
        words = {"warning": "warning", "disqualification": "disqualification", "removal": p.text,
                 "missed-rounds": f"{p.rounds} round{'s' if p.rounds != 1 else ''} missed",
                 "missed-hands": f"{p.hands_missed} hands missed",
                 "chip-penalty": f"chips worth {p.units} round{'s' if p.units != 1 else ''} of blinds and antes"}[p.step]
        record = f"{warnings} warning{'s' if warnings != 1 else ''}, {penalties} penalt{'ies' if penalties != 1 else 'y'}"
        rows.append((f"{severity}, {record}", words, p.step))
    return rows
