"""Facts for conduct incidents: the offence, where the player stands in the hand, and the penalty
the ladder gives at this table (floorman/model/penalty.py); the chips found behind an all-in,
lost chips and token bets.

* `conduct:<n>`             the offence, the player's hand (live, folded), the other player, and
  the penalty: `level`, `step`, `penalty` (words), `rounds`, `hands_missed`, `chips_forfeited`,
  `forced_bets_while_away`, `seats_at_table`, `next_step`, `starts`, `served`;
* `penalty:<n>`             the same ladder numbers for a penalty the floor gives;
* `complaint:<n>`           what the player complains about;
* `chips_found_behind:<n>`  the all-in, the caller, and what the chips found would change;
* `lost_chips:<n>`, `token_bet:<n>`.

Every field has a value (never None): a missing seat is 0.
"""

from __future__ import annotations

from floorman.engine.facts import Fact, Situation, builds, incident_fact, incident_seat, named_seat
from floorman.errors import InvalidEvent
from floorman.model.incidents.conduct import (OFFENCES, ChipsFoundBehind, Complaint, Conduct, LostChips,
                                              Penalty, TokenBet)
from floorman.model.penalty import PENALTY_TYPES, assess, forced_bets_per_round
from floorman.model.table import GameFormat

#: offences that are cheating online: the security team closes the account (seed 000, online play)
ONLINE_CHEATING = ("collusion", "chip-dumping", "bot", "strategy-aid")


def ladder_fields(situation: Situation, seat: int, severity: str, prior_warnings: int,
                  prior_penalties: int) -> Fact:
    """The penalty this offence brings at this table, as fact fields."""
    table = situation.table
    state = situation.state
    tournament = table.format is GameFormat.TOURNAMENT
    penalty_type = situation.option_choice("penalty_type", "missed-rounds", PENALTY_TYPES)
    seats_at_table = len(table.seats)
    fb = table.forced_bets
    per_round = forced_bets_per_round(fb.small_blind, fb.big_blind, fb.ante, fb.ante_style, seats_at_table)
    stack = state.seats[seat].stack          # chips behind: what a disqualification takes out of play
    p = assess(severity=severity, prior_warnings=prior_warnings, prior_penalties=prior_penalties,
               tournament=tournament, penalty_type=penalty_type, seats_at_table=seats_at_table,
               forced_per_round=per_round, penalty_hands=situation.option_number("penalty_hands", 3), stack=stack)
    return {
        "severity": severity, "prior_warnings": prior_warnings, "prior_penalties": prior_penalties,
        "repeat": prior_warnings + prior_penalties > 0,
        "level": p.level, "step": p.step, "penalty": p.text, "next_step": p.next_step, "units": p.units,
        "while_away": p.while_away,
        "rounds": p.rounds, "hands_missed": p.hands_missed, "chips_forfeited": p.chips_forfeited,
        "forced_bets_while_away": p.forced_bets_while_away, "forced_bets_per_round": per_round,
        "seats_at_table": seats_at_table, "penalty_type": penalty_type, "stack": stack,
        "tournament": tournament, "cash_game": not tournament,
        "format": table.format.value,
        # why the ladder starts at a warning here: a cash game warns first whatever the offence
        "warning_reason": ("a cash game warns first, whatever the offence" if not tournament
                           else "the offence is minor"),
    }


def _hand_of(situation: Situation, number: int) -> tuple[bool, bool]:
    """(dealt in, live): whether the seat was dealt into this hand and still holds a live hand."""
    seat = situation.state.seats[number]
    live = seat.dealt_in and not seat.folded and not seat.mucked and not situation.state.hand_over
    return seat.dealt_in, live


@builds("conduct")
def conduct_facts(situation: Situation, conduct: Conduct, index: int) -> list[Fact]:
    where = f"incidents[{index}]"
    incident_seat(situation, conduct.seat, f"{where}.seat")
    other = conduct.other_seat or 0
    if other:
        incident_seat(situation, other, f"{where}.other_seat")
    in_hand, live = _hand_of(situation, conduct.seat)
    other_live = _hand_of(situation, other)[1] if other else False
    during = conduct.during_hand
    fact: Fact = {
        "type": "conduct", "id": f"conduct:{index}", "seat": conduct.seat, "offence": conduct.offence,
        "other_seat": other, "other_seat_text": seat_text(other), "other_in_hand": other_live, "in_hand": in_hand,
        "live_hand": live and during,
        "folded": in_hand and not live, "during_hand": during, "online": conduct.online,
        "online_cheating": conduct.online and conduct.offence in ONLINE_CHEATING,
        "action_pending": conduct.action_pending, "nuts_last_to_act": conduct.nuts_last_to_act,
    }
    fact.update(ladder_fields(situation, conduct.seat, OFFENCES[conduct.offence], conduct.prior_warnings,
                              conduct.prior_penalties))
    fact["starts"] = _starts(fact["step"], live and during)
    fact["served"] = _served(fact["step"], fact["starts"])
    return [fact]


def _starts(step: str, live: bool) -> str:
    """A penalty served away from the table (or in chips) by a player still holding a live hand
    begins once the hand is over (2024 68 / 2026 70); a warning, removal or disqualification is now."""
    return "when this hand is over" if live and step in ("missed-rounds", "missed-hands", "chip-penalty") else "now"


def _served(step: str, starts: str) -> str:
    """When the ladder's step takes effect, in words that read right after the penalty's name: a
    warning is given, not served."""
    return "at once: there is nothing to serve" if step == "warning" else f"starting {starts}"


@builds("penalty")
def penalty_facts(situation: Situation, penalty: Penalty, index: int) -> list[Fact]:
    incident_seat(situation, penalty.seat, f"incidents[{index}].seat")
    _, live = _hand_of(situation, penalty.seat)
    fact: Fact = {"type": "penalty", "id": f"penalty:{index}", "seat": penalty.seat}
    fact.update(ladder_fields(situation, penalty.seat, penalty.severity, penalty.prior_warnings,
                              penalty.prior_penalties))
    fact["starts"] = _starts(fact["step"], live)
    fact["served"] = _served(fact["step"], fact["starts"])
    return [fact]


@builds("complaint")
def complaint_facts(situation: Situation, complaint: Complaint, index: int) -> list[Fact]:
    fact = incident_fact(situation, "complaint", index)
    seat = named_seat(situation, complaint.seat, f"incidents[{index}].seat")
    fact.update({"seat": seat, "seat_text": seat_text(seat), "topic": complaint.topic})
    return [fact]


def seat_text(number: int) -> str:
    """A seat the incident may name, in words: 'seat 5', or 'not named' (the fact's 0)."""
    return f"seat {number}" if number else "not named"


@builds("chips-found-behind")
def chips_found_behind_facts(situation: Situation, found: ChipsFoundBehind, index: int) -> list[Fact]:
    where = f"incidents[{index}]"
    state = situation.state
    if found.all_in_seat == found.seat:
        raise InvalidEvent("the caller and the all-in player are the same seat", field=f"{where}.all_in_seat")
    all_in = incident_seat(situation, found.all_in_seat, f"{where}.all_in_seat", live=True)
    caller = incident_seat(situation, found.seat, f"{where}.seat", live=True)
    if not all_in.all_in:
        raise InvalidEvent(f"seat {found.all_in_seat} is not all-in (it has {all_in.stack:,} behind)",
                           field=f"{where}.all_in_seat")
    caller_total, caller_behind = caller.total, caller.stack
    if caller_total < all_in.total and caller_behind > 0:
        if state.actor != found.seat:
            raise InvalidEvent(f"seat {found.seat} has not called the all-in ({caller_total:,} in against "
                               f"{all_in.total:,}) and is not the player to act", field=f"{where}.seat")
        # the events stop with the caller facing the all-in: the incident says it called
        paid = min(caller_behind, all_in.total - caller_total)
        caller_total, caller_behind = caller_total + paid, caller_behind - paid
    # accepted action: a caller who accepted the chips as part of the all-in matches them, up to its stack
    extra = min(found.amount, caller_behind) if found.part_of_action else 0
    fact = incident_fact(situation, "chips_found_behind", index)
    fact.update({
        "seat": found.seat, "all_in_seat": found.all_in_seat, "amount": found.amount,
        "part_of_action": found.part_of_action, "all_in_total": all_in.total, "caller_total": caller_total,
        "caller_behind": caller_behind, "caller_covers": caller_behind >= found.amount, "extra_to_call": extra,
        "gap": found.amount - extra,
    })
    return [fact]


@builds("lost-chips")
def lost_chips_facts(situation: Situation, lost: LostChips, index: int) -> list[Fact]:
    fact = incident_fact(situation, "lost_chips", index)
    fact.update({"amount": lost.amount, "owner": named_seat(situation, lost.owner, f"incidents[{index}].owner"),
                 "owner_known": lost.owner is not None})
    return [fact]


@builds("token-bet")
def token_bet_facts(situation: Situation, token: TokenBet, index: int) -> list[Fact]:
    where = f"incidents[{index}]"
    state = situation.state
    seat = incident_seat(situation, token.seat, f"{where}.seat", live=True)
    all_in_to = seat.street_bet + seat.stack
    call_to = min(state.current_bet, all_in_to)
    fact = incident_fact(situation, "token_bet", index)
    fact.update({
        "seat": token.seat, "item": token.item, "pushed_forward": token.pushed_forward,
        "to_call": state.to_call(token.seat), "facing_bet": state.to_call(token.seat) > 0, "call_to": call_to,
        "all_in_to": all_in_to, "stack": seat.stack,
    })
    return [fact]
