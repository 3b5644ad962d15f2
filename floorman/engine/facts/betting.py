"""Facts for a disputed wager: every number the betting rulings compare.

All amounts are computed for the seat at the moment it put the chips out: what it had to
call, what the chips come to, whether every chip was needed, whether the extra reaches half
a raise, whether these were its last chips.

The frame of reference. Amounts are street totals ("to"). `street_bet` is what the seat
already had in front that the judged chips add to, `chips` the chips being judged, and
`push_to = street_bet + chips_total` the bet they make. Usually `street_bet` is the seat's
live bet this round and the judged chips are the ones pushed now. With prior-bet chips in
front (TDA 2024 46 / 2026 48) and a silent push, the frame follows the chips on the table:

* prior chips that don't cover the call, left alone or fully pulled back: the new chips are
  judged on their own, against what the chips still in front leave owing;
* prior chips that cover the call, or prior chips partly pulled back: all the chips in front
  are judged together as one multiple-chip bet (`judged_together`, `street_bet` = 0).

When words decide (`decided_by` = words) the frame is the seat's live bet (or what is left of
it in front after a pull-back) and the chips pushed now, so the declarations rules see the
plain numbers. With nothing to call, a live bet stays in whether its chips are pulled back or not.
"""

from __future__ import annotations

from floorman.engine.facts import Fact, Situation, builds, incident_seat
from floorman.errors import InvalidEvent
from floorman.model.incidents.betting import Wager
from floorman.model.table import BettingStructure

# A silent push is "relatively tiny" against the bet (TDA 2024 41 / 2026 43) when it is at most
# the room option `tiny_push_percent` of the call. The TDA gives no number, only its example
# (1,000 into 50,000 = 2%); the default (rulebook/options.yaml) is on the example's scale (a push
# of 300 into 4,800, 6%, is an undercall: a full call of the opening bet under TDA 2024 51-B).


@builds("wager")
def wager_facts(situation: Situation, wager: Wager, index: int) -> list[Fact]:
    state = situation.state
    where = f"incidents[{index}]"
    seat = incident_seat(situation, wager.seat, f"{where}.seat", live=True)
    if state.awaiting_cards and not state.betting_complete:
        following = state.streets[min(state.street_index + 1, len(state.streets) - 1)]
        raise InvalidEvent(f"the {state.street} betting is over and the {following} cards were not given: "
                           f"add them (a board, deal or draw event) before this incident", field=where)
    if state.betting_complete or state.actor is None:
        raise InvalidEvent("the betting is over: no wager can be made", field=where)
    _check_denominations(situation, wager, where)
    in_turn = wager.seat == state.actor
    if wager.in_turn is True and not in_turn:
        raise InvalidEvent(f"seat {wager.seat} is not the seat to act (seat {state.actor} is): chips or words "
                           "out of turn have in_turn: false (or leave it out)", field=f"{where}.in_turn")
    if wager.in_turn is False and in_turn and not wager.then:
        raise InvalidEvent(f"seat {wager.seat} is the seat to act: its wager is in turn (leave in_turn out)",
                           field=f"{where}.in_turn")
    new = list(wager.chips)
    prior = list(wager.prior_chips)
    remaining_prior = list(prior)
    for chip in wager.pulled_back:
        if chip not in remaining_prior:
            raise InvalidEvent(f"a {chip} chip is pulled back but was not among the prior chips",
                               field=f"{where}.pulled_back")
        remaining_prior.remove(chip)
    live_bet = seat.street_bet                       # counted toward the call this round
    prior_total = sum(prior)
    pulled_total = prior_total - sum(remaining_prior)
    has_prior = bool(prior)
    if has_prior and prior_total < live_bet:
        raise InvalidEvent(f"the prior chips come to {prior_total} but seat {wager.seat} has {live_bet} "
                           f"in front this round: list every chip of its bet or blind",
                           field=f"{where}.prior_chips")
    all_in_to = live_bet + seat.stack                # everything the seat has for this street
    if prior_total > all_in_to:
        raise InvalidEvent(f"the prior chips come to {prior_total} but seat {wager.seat} has only {all_in_to} "
                           f"for this round (table stakes)", field=f"{where}.prior_chips")
    current = state.current_bet
    facing = current > live_bet
    in_front = prior_total - pulled_total if has_prior else live_bet   # chips left out before the push
    if not facing:
        # nothing to call: the seat's live bet stays in, chips pulled back or not (the prior-chip
        # cases, TDA 2024 46 / 2026 48, are about facing a raise)
        in_front = max(in_front, live_bet)
    behind = all_in_to - in_front                    # chips behind, pulled-back chips included
    new_total = sum(new)
    if new_total > behind:
        raise InvalidEvent(f"seat {wager.seat} puts out {new_total} but has only {behind} behind "
                           f"(table stakes)", field=f"{where}.chips")
    fixed = state.betting is BettingStructure.FIXED_LIMIT
    decided_by = words_or_chips(wager, situation)
    prior_covers_call = has_prior and facing and prior_total >= current
    partly_pulled = 0 < pulled_total < prior_total
    fully_pulled = has_prior and pulled_total == prior_total
    together = decided_by == "chips" and has_prior and facing and (partly_pulled or prior_covers_call)
    if together:
        chips, frame = remaining_prior + new, 0
    elif decided_by == "chips":
        chips, frame = new, in_front
    else:
        # words: the chips pushed now add to the live bet; after a pull-back, to what is left of it
        # in front (the pushed chips may include the pulled-back ones)
        chips, frame = new, min(live_bet, in_front) if new else live_bet
    to_call = max(0, current - frame)
    stack = all_in_to - frame                        # what the seat can still add to `frame`
    chips_total = sum(chips)
    smallest = min(chips) if chips else 0
    extra = max(0, chips_total - to_call)
    raise_size = state.bet_size if fixed else max(state.last_full_raise, state.min_bet)
    first_motion = sum(wager.first_motion_chips) if wager.first_motion_chips is not None else chips_total
    min_raise_to = state.min_raise_to()
    max_raise_to = state.max_raise_to(wager.seat)
    push_to = frame + chips_total
    last_chips = new_total > 0 and new_total >= behind
    reopened = state.reopened_for(wager.seat)
    # the same tests as HandState.legal_options: a raise needs chips beyond the bet, the betting
    # reopened and not capped, and an opponent who could put in more than the current bet
    others_can_act = any(other.can_act and other.street_bet + other.stack > current
                         for number, other in state.seats.items() if number != wager.seat)
    # a floor ruling earlier in the hand left the seat only call or fold (`restrict` effect)
    restriction = state.restrictions.get(wager.seat)
    held = restriction is not None and not {"bet", "raise", "all-in"} & restriction.only
    closed = ("all-in-for-less" if all_in_to <= current else "not-reopened" if not reopened
              else "capped" if state.cap_reached
              else "nobody-left-to-raise" if not others_can_act
              else "restricted" if held else "open")
    silent = wager.declared == "none"
    tiny_percent = int(situation.room_option("tiny_push_percent"))
    fact: Fact = {
        "type": "wager", "id": f"wager:{index}", "seat": wager.seat,
        # "bet" once a bet (or a blind) is out can only mean a raise: that is how the rules read it
        # (the word said is kept in `said_word`; TDA 2024 3: a term used out of place is at the
        # player's risk)
        "declared": "raise" if wager.declared == "bet" and current > 0 else wager.declared,
        "said_word": wager.declared, "said_amount": wager.amount_said is not None,
        "amount_said": wager.amount_said if wager.amount_said is not None else 0,
        "speech": wager.speech or "none", "decided_by": decided_by,
        "silent": silent, "motions": wager.motions, "in_turn": in_turn,
        # out of turn, the action came back to it unchanged: it is ruled now, in its turn (TDA 2024 53-A)
        "came_back_in_turn": in_turn and bool(wager.then),
        "skipped_seat": wager.then[0].seat if in_turn and wager.then else 0,
        "unclear": wager.unclear,
        "chips_total": chips_total, "chip_count": len(chips), "single_chip": len(chips) == 1,
        "chip_value": chips[0] if len(chips) == 1 else 0, "smallest_chip": smallest,
        "stack": stack, "street_bet": frame, "stack_after": behind - new_total,
        "last_chips": last_chips, "chips_behind": new_total < behind,
        "all_in_to": all_in_to, "behind": behind,
        "to_call": to_call, "facing_bet": to_call > 0, "no_bet_yet": current == 0,
        "call_amount": min(to_call, stack), "current_bet": current,
        "min_bet": state.min_bet, "min_raise_to": min_raise_to,
        "last_full_raise": raise_size,
        "max_raise_to": max_raise_to,
        "push_to": push_to,
        "over_call": chips_total > to_call, "covers_call": chips_total >= to_call,
        "under_call": 0 < chips_total < to_call,
        # the chips beyond the call as a whole percent of a full raise, rounded down (so `>= N` reads
        # "at least N%"): rules compare it with the room's raise_standard_percent (TDA 43-A: 50)
        "extra": extra, "raise_percent": 100 * max(0, extra) // max(raise_size, 1),
        "full_raise_met": push_to >= min_raise_to,
        # every chip is needed when taking away one of the smallest leaves less than the call
        "every_chip_needed": bool(chips) and chips_total - smallest < to_call,
        "reopened": reopened, "cap_reached": state.cap_reached, "others_can_act": others_can_act,
        "may_raise": closed == "open", "raise_closed_reason": closed,
        "restricted_by": restriction.rule if restriction is not None else "",
        "restricted_words": restriction.words() if restriction is not None else "",
        # a fold or check said that the earlier ruling does not leave the seat (it may only call or raise)
        "breaks_restriction": restriction is not None and decided_by == "words" and (
            (wager.declared == "fold" and "fold" not in restriction.only)
            or (wager.declared in ("check", "tap") and "check" not in restriction.only
                and not ("call" in restriction.only and current <= live_bet))),
        # no bet yet: chips that reach the minimum bet, or are the last chips (short: TDA 52-A)
        "opening_legal": current == 0 and push_to > 0 and (push_to >= state.min_bet or last_chips),
        "over_max": push_to > max_raise_to,
        "tiny_push": chips_total > 0 and 100 * chips_total <= tiny_percent * to_call,
        "tiny_push_percent": tiny_percent,
        "first_motion_total": first_motion, "first_motion_to": frame + first_motion,
        "first_motion_calls": first_motion >= to_call,
        # prior-bet chips (TDA 2024 46 / 2026 48)
        "has_prior_chips": has_prior, "prior_chips_total": prior_total, "pulled_back_total": pulled_total,
        "prior_in_front": prior_total - pulled_total, "prior_covers_call": prior_covers_call,
        "prior_left_alone": has_prior and pulled_total == 0, "prior_fully_pulled": fully_pulled,
        "prior_partly_pulled": partly_pulled, "judged_together": together,
        "new_chips_total": new_total, "new_chip_count": len(new), "live_bet": live_bet,
        "wanted_change": wager.wanted_change,
        "in_question": wager.in_question, "raise_by": wager.raise_by,
        "pot": state.pot,
        "amount_said_to": (0 if wager.amount_said is None
                           else current + wager.amount_said if wager.raise_by else wager.amount_said),
    }
    return [fact]


def _check_denominations(situation: Situation, wager: Wager, where: str) -> None:
    """Every chip is one the table plays with (when the table lists its chips; else any value)."""
    in_play = situation.table.chip_denominations
    if not in_play:
        return
    for name in ("chips", "prior_chips", "first_motion_chips", "pulled_back"):
        for i, chip in enumerate(getattr(wager, name) or ()):
            if chip not in in_play:
                raise InvalidEvent(f"there is no {chip:,} chip at this table (chips in play: "
                                   f"{', '.join(f'{c:,}' for c in sorted(in_play))})", field=f"{where}.{name}[{i}]")


def words_or_chips(wager: Wager, situation: Situation) -> str:
    """Which decides the wager: 'words', 'chips', 'floor' (unclear, contradictory: Rule 1), or
    'question' (an action word asked, not declared: only the profile's question rules read it).

    TDA: whichever came first stands; said together, a clear declaration stands. Robert's
    Rules (the `cash` profile's `words_vs_chips: verbal`): the bet is corrected to the words.
    """
    if wager.in_question:
        return "question"
    if wager.declared == "none":
        return "chips"
    if not wager.chips:
        return "words"
    if wager.unclear:
        return "floor"
    if situation.option("words_vs_chips", "first-action") == "verbal":
        return "words"
    return "chips" if wager.speech == "after" else "words"
