"""Facts for conduct incidents: the offence, where the player stands in the hand, and the penalty
the ladder gives at this table (floorman/model/penalty.py); the chips found behind an all-in,
lost chips and token bets.

* `conduct:<n>`             the offence judged by when it happened (`live_hand`, `other_in_hand`
  then; `reported_after_hand` and `hand_note`: a hand over by the report keeps its result), the
  other player, and the penalty the room's ladder gives: `level`, `step`, `penalty` (words),
  `rounds`, `hands_missed`, `chips_forfeited`, the blinds and antes posted while away
  (`forced_bets_while_away` and the counts), `seats_at_table`, `next_step`, `starts`, `served` (a warning is given, not served);
* `penalty:<n>`             the same numbers for a penalty the floor gives: the ladder's, or the
  director's chosen step with `against_ladder` (as-ladder, heavier, lighter);
* `complaint:<n>`           what the player complains about;
* `chips_found_behind:<n>`  the all-in, the caller, and what the chips found would change;
* `lost_chips:<n>`, `token_bet:<n>`.

Every field has a value (never None): a missing seat is 0.
"""

from __future__ import annotations

from dataclasses import replace

from floorman.engine.facts import Fact, Situation, builds, incident_fact, incident_seat, named_seat
from floorman.errors import InvalidEvent
from floorman.model.events import Post
from floorman.model.incidents.conduct import OFFENCES, ChipsFoundBehind, Complaint, Conduct, LostChips, TokenBet
from floorman.model.incidents.conduct import Penalty as IncidentPenalty
from floorman.model.penalty import (
    FIRST_OFFENCE,
    PENALTY_TYPES,
    AtTable,
    Ladder,
    Penalty,
    Posts,
    assess,
    at_level,
    chosen_penalty,
    compared,
    forced_bets_per_round,
    posts_while_away,
)
from floorman.model.table import GameFormat

#: offences that are cheating online: the security team closes the account (seed 000, online play)
ONLINE_CHEATING = ("collusion", "chip-dumping", "bot", "strategy-aid")


def room_ladder(situation: Situation) -> Ladder:
    """The room's penalty ladder, from its options."""
    return Ladder(first_offence=situation.option_choice("first_offence", str(situation.room_option("first_offence")),
                                                        FIRST_OFFENCE),
                  penalty_steps=int(situation.room_option("penalty_steps")),
                  warnings_to_disqualify=int(situation.room_option("warnings_to_disqualify")))


def _measure(situation: Situation, seat: int) -> AtTable:
    table = situation.table
    fb = table.forced_bets
    seats_at_table = len(table.seats)
    return AtTable(tournament=table.format is GameFormat.TOURNAMENT,
                   penalty_type=situation.option_choice("penalty_type", "missed-rounds", PENALTY_TYPES),
                   seats_at_table=seats_at_table,
                   forced_per_round=forced_bets_per_round(fb.small_blind, fb.big_blind, fb.ante, fb.ante_style,
                                                          seats_at_table),
                   penalty_hands=situation.option_number("penalty_hands", 3),
                   stack=situation.state.seats[seat].stack)     # chips behind: what a disqualification removes


def ladder_fields(situation: Situation, seat: int, severity: str, prior_warnings: int, prior_penalties: int,
                  same_offence: bool, live_now: bool, chosen: Penalty | None = None) -> Fact:
    """The penalty at this table, as fact fields: the ladder's, or the director's `chosen` one set
    against it (`against_ladder`), with the blinds and antes the seat posts while away and when
    the penalty starts."""
    ladder = room_ladder(situation)
    measure = _measure(situation, seat)
    gives = assess(severity=severity, prior_warnings=prior_warnings, prior_penalties=prior_penalties,
                   tournament=measure.tournament, penalty_type=measure.penalty_type,
                   seats_at_table=measure.seats_at_table, forced_per_round=measure.forced_per_round,
                   penalty_hands=measure.penalty_hands, stack=measure.stack, ladder=ladder,
                   same_offence=same_offence)
    p = chosen or gives
    if chosen is not None:
        # what a repeat brings: the ladder's step once this penalty is on the record
        again = ladder.level(severity, prior_warnings + (p.step == "warning"),
                             prior_penalties + (p.step != "warning"), same_offence)
        p = replace(p, next_step=at_level(again, ladder, measure).text)
    starts = _starts(p.step, live_now)
    posts = _posts(situation, seat, p)
    fact: Fact = {
        "severity": severity, "prior_warnings": prior_warnings, "prior_penalties": prior_penalties,
        "repeat": prior_warnings + prior_penalties > 0, "same_offence": same_offence,
        "level": p.level, "step": p.step, "penalty": p.text, "next_step": p.next_step, "units": p.units,
        "while_away": p.while_away,
        "rounds": p.rounds, "hands_missed": p.hands_missed, "chips_forfeited": p.chips_forfeited,
        "forced_bets_while_away": posts.chips if p.hands_missed else p.forced_bets_while_away,
        "forced_bets_per_round": measure.forced_per_round,
        "small_blinds_while_away": posts.small_blinds, "big_blinds_while_away": posts.big_blinds,
        "antes_while_away": posts.antes,
        "may_be_blinded_out": bool(p.hands_missed) and posts.chips >= measure.stack,
        "seats_at_table": measure.seats_at_table, "penalty_type": measure.penalty_type, "stack": measure.stack,
        "tournament": measure.tournament, "cash_game": not measure.tournament,
        "format": situation.table.format.value, "starts": starts,
        "first_offence": ladder.first_offence, "penalty_steps": ladder.penalty_steps,
        # why the ladder starts at a warning here: a cash game warns first whatever the offence
        "warning_reason": ("a cash game warns first, whatever the offence" if not measure.tournament
                           else "the offence is minor"),
        "chosen_by_floor": chosen is not None,
        "ladder_step": gives.step, "ladder_penalty": gives.text,
        "against_ladder": compared(p, gives, measure, ladder) if chosen is not None else "as-ladder",
    }
    return fact


def _posts(situation: Situation, seat: int, penalty: Penalty) -> Posts:
    """The blinds and antes the seat posts over the hands it misses: they begin with the next hand
    (a hand in progress is finished first)."""
    if not penalty.hands_missed:
        return Posts()
    table, state = situation.table, situation.state
    fb = table.forced_bets
    players = [s.number for s in table.seats]
    first_big_blind = None
    if table.variant.family != "stud" and table.button is not None and len(players) >= 2:
        big = next((e.seat for e in situation.events if isinstance(e, Post) and e.kind == "big-blind"), None)
        if big is None:
            big = state.expected_blind_seats()[1]
        if big in players:
            # the next hand's big blind: one player on (the first penalty hand is the next hand)
            first_big_blind = players[(players.index(big) + 1) % len(players)] if situation.events else big
    return posts_while_away(seat, players, first_big_blind, penalty.hands_missed, small_blind=fb.small_blind,
                            big_blind=fb.big_blind, ante=fb.ante, ante_style=fb.ante_style)


def _hand_of(situation: Situation, number: int) -> tuple[bool, bool]:
    """(dealt in, still in): whether the seat was dealt into this hand and has not folded (it may
    have reached the showdown of a hand now over)."""
    seat = situation.state.seats[number]
    return seat.dealt_in, seat.dealt_in and not seat.folded


def hand_finished(situation: Situation) -> bool:
    """The hand the events describe is over: folded to one player, or the river's betting done."""
    state = situation.state
    return state.hand_over or (state.round_done and state.street_index >= len(state.streets) - 1)


def _timing(situation: Situation, during: bool) -> tuple[bool, str]:
    """(reported after the hand, what that changes): an offence during a hand that is over by the
    time it is reported leaves the result alone; only the penalty is given."""
    over = hand_finished(situation)
    if during and over:
        return True, "The hand is over: the pot stands as awarded; only the penalty remains"
    if during:
        return False, "The hand in progress plays on"
    return False, "It happened between hands: no hand is affected"


@builds("conduct")
def conduct_facts(situation: Situation, conduct: Conduct, index: int) -> list[Fact]:
    where = f"incidents[{index}]"
    incident_seat(situation, conduct.seat, f"{where}.seat")
    other = conduct.other_seat or 0
    if other:
        incident_seat(situation, other, f"{where}.other_seat")
    in_hand, still_in = _hand_of(situation, conduct.seat)
    during = conduct.during_hand
    # judged by when it happened: the offender's hand then (the events show it, or the incident says)
    live_then = during and (still_in if conduct.live_hand is None else conduct.live_hand)
    other_then = bool(other) and during and (_hand_of(situation, other)[1] if conduct.other_in_hand is None
                                             else conduct.other_in_hand)
    late, note = _timing(situation, during)
    live_now = live_then and not hand_finished(situation)
    fact: Fact = {
        "type": "conduct", "id": f"conduct:{index}", "seat": conduct.seat, "offence": conduct.offence,
        "other_seat": other, "other_seat_text": seat_text(other), "other_in_hand": other_then,
        "in_hand": in_hand, "live_hand": live_then,
        "folded": in_hand and not still_in, "during_hand": during, "online": conduct.online,
        "online_cheating": conduct.online and conduct.offence in ONLINE_CHEATING,
        "action_pending": conduct.action_pending, "nuts_last_to_act": conduct.nuts_last_to_act,
        "reported_after_hand": late, "hand_note": note,
    }
    fact.update(ladder_fields(situation, conduct.seat, OFFENCES[conduct.offence], conduct.prior_warnings,
                              conduct.prior_penalties, conduct.same_offence, live_now))
    fact["served"] = _served(fact["step"], fact["starts"])
    return [fact]


def _starts(step: str, live: bool) -> str:
    """A penalty served away from the table (or in chips) by a player still holding a live hand
    begins once the hand is over (2024 68 / 2026 70); a warning, removal or disqualification is now."""
    return "when this hand is over" if live and step in PENALTY_TYPES else "now"


def _served(step: str, starts: str) -> str:
    """When the ladder's step takes effect, in words that read right after the penalty's name: a
    warning is given, not served."""
    return "at once: there is nothing to serve" if step == "warning" else f"starting {starts}"


@builds("penalty")
def penalty_facts(situation: Situation, penalty: IncidentPenalty, index: int) -> list[Fact]:
    where = f"incidents[{index}]"
    incident_seat(situation, penalty.seat, f"{where}.seat")
    live_now = _hand_of(situation, penalty.seat)[1] and not hand_finished(situation)
    chosen = None
    if penalty.chosen != "ladder":
        try:
            chosen = chosen_penalty(penalty.chosen, penalty.count, _measure(situation, penalty.seat),
                                    room_ladder(situation))
        except ValueError as error:
            raise InvalidEvent(str(error), field=f"{where}.chosen") from None
    fact: Fact = {"type": "penalty", "id": f"penalty:{index}", "seat": penalty.seat}
    fact.update(ladder_fields(situation, penalty.seat, penalty.severity, penalty.prior_warnings,
                              penalty.prior_penalties, penalty.same_offence, live_now, chosen))
    fact["served"] = _served(fact["step"], fact["starts"])
    fact["count"] = penalty.count
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
