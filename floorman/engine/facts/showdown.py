"""Facts for showdown incidents: show order, awards, and hands mucked, killed or fouled.

Every number and yes/no the showdown rules compare is worked out here from the replayed hand
(`HandState`): who was the last aggressor of the final round, who shows first, the pots and
who wins each, the odd chip and why, whether a seat is part of an all-in showdown, what its
cards make and whether they win, who takes the pot if the hand is dead, what the asker of a
"show me" request did with their own cards. Every field has a value (never None): 0 for "no
seat", "" for "nothing to say".

Fact types: `showdown` (showdown-question), `showdown_hand` (muck-at-showdown,
hand-killed-by-dealer, hand-fouled), `showdown_verbal`, `show_request`, `shown_cards`,
`partial_table`, `award_dispute`.
"""

from __future__ import annotations

from floorman.engine.facts import Fact, Situation, builds, incident_seat
from floorman.errors import FloormanError, InvalidEvent
from floorman.model.cards import UNKNOWN
from floorman.model.events import Muck
from floorman.model.incidents.showdown import (
    AwardDispute,
    HandFouled,
    HandKilledByDealer,
    MuckAtShowdown,
    PartialTable,
    ShowdownQuestion,
    ShownToOne,
    ShowRequest,
    VerbalAtShowdown,
)
from floorman.model.state import HandResult, HandState
from floorman.model.table import Variant

HI_LO = (Variant.OMAHA_HI_LO, Variant.STUD_HI_LO)


# ---------------------------------------------------------------------------- the hand
def seats_text(seats: list[int] | tuple[int, ...]) -> str:
    """'seat 3', 'seats 3 and 5', 'seats 1, 3 and 5'."""
    seats = list(seats)
    if not seats:
        return ""
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return "seats " + ", ".join(map(str, seats[:-1])) + f" and {seats[-1]}"


def final_round_aggressor(state: HandState, *, live: bool = True) -> int:
    """The last seat to bet or raise on the final betting round; else 0. With `live`, only if it
    is still in the hand (who shows first); without, as the betting went, even if the hand was
    killed or mucked since (who paid to see whose hand: a muck never rewrites the betting)."""
    aggressor = state.round_aggressor.get(len(state.streets) - 1)
    if aggressor is None or (live and aggressor not in state.active_seats):
        return 0
    return aggressor


def betting_over(state: HandState) -> bool:
    """No more betting is possible in this hand.

    Works around HandState.betting_complete, which stays False between streets after an all-in
    is called while one other seat still has chips: the closed round zeroes the street bets but
    keeps `current_bet` until the next street's cards come, so the remaining seat looks as if
    it still had a bet to call (reported to the state's owner).
    """
    if state.betting_complete:
        return True
    able = [n for n in state.order if state.seats[n].can_act]
    return (state.round_done or state.awaiting_cards) and len(able) <= 1 and not state.pending


def at_showdown(state: HandState) -> bool:
    """Two or more hands left, no betting left, every card dealt."""
    return len(state.active_seats) >= 2 and state.unfinished() is None


def hands_known(state: HandState) -> bool:
    return UNKNOWN not in state.board and all(
        state.seats[n].hole and UNKNOWN not in state.seats[n].hole for n in state.active_seats)


def result_of(state: HandState) -> HandResult | None:
    """The awards, once the hand is at showdown with every live hand known; else None."""
    if len(state.active_seats) == 1 and state.hand_over:
        try:
            return state.result()
        except (FloormanError, ValueError):
            return None
    if not (at_showdown(state) and hands_known(state)):
        return None
    try:
        return state.result()
    except (FloormanError, ValueError):
        return None


def winners_of(result: HandResult | None) -> list[int]:
    if result is None:
        return []
    seats: set[int] = set()
    for award in result.awards:
        seats.update(award.shares)
    return sorted(seats)


def award_text(result: HandResult | None) -> str:
    """Each pot in the order it is pushed (side pots first): amount, winners and shares."""
    from floorman.model.pots import pot_name

    if result is None:
        return ""
    parts = []
    for award in result.awards:
        name = pot_name(award.pot_index)
        shares = sorted(award.shares.items())
        if len(shares) == 1:
            parts.append(f"{name} ({award.amount:,}) to seat {shares[0][0]}")
        else:
            split = ", ".join(f"seat {seat} {chips:,}" for seat, chips in shares)
            parts.append(f"{name} ({award.amount:,}) split: {split}")
    return "; then ".join(parts)


def odd_chip(state: HandState, result: HandResult | None) -> tuple[str, int, int]:
    """(basis, seat, chips) of the first odd chip pushed: basis 'none', 'left-of-button' (flop
    and draw games), 'high-card-by-suit' (stud, razz) or 'high-half' (the odd chip of a
    high-low split, which goes to the high hand)."""
    if result is None:
        return "none", 0, 0
    unit = state.table.smallest_chip
    family = state.table.variant.family
    for award in result.awards:
        if not award.odd_chips:
            continue
        units = award.amount // unit
        if award.winners_low and award.winners_high and units % 2 == 1:
            seat = next((s for s in award.winners_high if s in award.odd_chips), award.winners_high[0])
            return "high-half", seat, award.odd_chips.get(seat, unit)
        seat, chips = next(iter(award.odd_chips.items()))
        return ("high-card-by-suit" if family == "stud" else "left-of-button"), seat, chips
    return "none", 0, 0


_ODD_CHIP_BASIS = {"left-of-button": "the first winner left of the button",
                   "high-card-by-suit": "the high card by suit", "high-half": "the high hand"}


def _odd_chip_words(basis: str, seat: int, chips: int) -> str:
    """'no odd chip' or 'the odd 1 goes to seat 1, the first winner left of the button'."""
    if basis == "none" or not seat:
        return "it divides evenly, with no odd chip"
    return f"the odd {chips:,} goes to seat {seat}, {_ODD_CHIP_BASIS.get(basis, basis)}"


def winning_hand(result: HandResult | None) -> str:
    """The name of the winning high hand ('a pair of aces...'), once the awards are known; else ''."""
    if result is None:
        return ""
    for award in result.awards:
        for seat in (*award.winners_high, *award.winners_low):
            high, low = result.readings.get(seat, (None, None))
            if high is not None or low is not None:
                name: str = (high or low).name
                return name
    return ""


def first_to_act_basis(state: HandState) -> str:
    variant = state.table.variant
    if variant is Variant.RAZZ:
        return "the lowest hand showing"
    if variant.family == "stud":
        return "the highest hand showing"
    return "the first live seat left of the button"


def pot_depth(state: HandState) -> dict[int, int]:
    """How many pots each live seat can win (a short all-in can win fewer)."""
    depth = {n: 0 for n in state.active_seats}
    if not state.pot:
        return depth
    for pot in state.pots():
        for seat in pot.eligible:
            if seat in depth:
                depth[seat] += 1
    return depth


def show_order(state: HandState) -> list[int]:
    """The order of show: the last aggressor of the final round (else the first to act), then
    clockwise; players contesting a side pot before a player all-in for fewer pots."""
    order = state.showdown_order() if state.active_seats else []
    depth = pot_depth(state)
    return sorted(order, key=lambda n: -depth.get(n, 0))   # stable: keeps the clockwise order


def all_in_seats(state: HandState) -> list[int]:
    return [n for n in state.active_seats if state.seats[n].all_in]


def _check_seat(situation: Situation, seat: int, index: int, name: str = "seat") -> None:
    incident_seat(situation, seat, f"incidents[{index}].{name}")


# ---------------------------------------------------------------------------- showdown-question
@builds("showdown-question")
def showdown_facts(situation: Situation, question: ShowdownQuestion, index: int) -> list[Fact]:
    state = situation.state
    live = state.active_seats
    all_in = all_in_seats(state)
    complete = betting_over(state)
    aggressor = final_round_aggressor(state)
    order = show_order(state) if len(live) >= 2 else list(live)
    pots = state.pots() if state.pot else []
    result = result_of(state)
    basis, odd_seat, odd_chips = odd_chip(state, result)
    hi_lo = state.table.variant in HI_LO
    contested = [a for a in result.awards if len(result.pots[a.pot_index].eligible) > 1] if result else []
    low_qualified = any(a.winners_low for a in contested)
    from floorman.model.pots import pot_name

    award_order = ", then ".join(
        f"{pot_name(i)} ({pots[i].amount:,}: {seats_text(pots[i].eligible)})" for i in reversed(range(len(pots))))
    fact: Fact = {
        "type": "showdown", "id": f"showdown:{index}", "asks": question.asks,
        "at_showdown": at_showdown(state), "betting_complete": complete,
        "players": len(live), "live_seats": seats_text(live),
        "all_in": bool(all_in), "all_in_seats": seats_text(all_in),
        "all_in_face_up_now": bool(all_in) and complete and len(live) >= 2,
        "all_in_betting_open": bool(all_in) and not complete and len(live) >= 2,
        "final_round_bet": aggressor != 0, "last_aggressor": aggressor,
        "first_to_show": order[0] if order else 0, "show_order": seats_text(order),
        "first_to_act_basis": first_to_act_basis(state),
        "pots": len(pots), "side_pots": max(0, len(pots) - 1),
        "pots_note": (f"the {len(pots) - 1} side pot(s) are pushed before the main pot" if len(pots) > 1
                      else "there is a single pot"),
        "main_pot": pots[0].amount if pots else 0, "pot_total": sum(p.amount for p in pots),
        "award_order": award_order,
        "awards_known": result is not None, "award_text": award_text(result),
        "award_plan": award_text(result) or award_order,
        "winners": seats_text(winners_of(result)),
        # live hands that win no part of any pot (the tabled losers, TDA 2026 16-C)
        "losing_hands": len(set(live) - set(winners_of(result))) if result is not None else 0,
        "split": any(len(a.shares) > 1 for a in (result.awards if result else ())),
        "odd_chip_basis": basis, "odd_chip_seat": odd_seat, "odd_chip": odd_chips,
        "odd_chip_words": _odd_chip_words(basis, odd_seat, odd_chips),
        "winning_hand": winning_hand(result),
        "hi_lo": hi_lo, "low_qualified": low_qualified,
        "no_low_scoop": hi_lo and any(not a.winners_low for a in contested),
        "variant": state.table.variant.value, "family": state.table.variant.family,
        "street": state.street,
    }
    return [fact]


# ---------------------------------------------------------------------------- a hand at showdown
def _hand_name(state: HandState, seat: int) -> str:
    """What the seat's cards make, if they and the board are all known; else ''."""
    from floorman.evaluation import read_hands

    s = state.seats[seat]
    if not s.hole or UNKNOWN in s.hole or UNKNOWN in state.board:
        return ""
    try:
        high, low = read_hands(state.table.variant.value, s.hole, state.board)
    except (FloormanError, ValueError):
        return ""
    names = [reading.name for reading in (high, low) if reading is not None]
    return " / ".join(names)


def _without(situation: Situation, seat: int) -> HandState | None:
    """The hand replayed with `seat`'s cards gone (mucked), to see who takes the pot instead."""
    try:
        return HandState.replay(situation.table, [*situation.events, Muck(seat=seat)],
                                room=situation.room,
                                tolerate=situation.state.tolerate)   # a bet a ruling let stand as made
    except FloormanError:
        return None


def _hand_fact(situation: Situation, index: int, seat: int, *, incident: str, cause: str, where: str,
               touched: bool, retrievable: bool, tabled: bool) -> Fact:
    state = situation.state
    _check_seat(situation, seat, index)
    s = state.seats[seat]
    if not s.live:
        raise InvalidEvent(f"seat {seat} has no live hand (it folded or mucked already)",
                           field=f"incidents[{index}].seat")
    result = result_of(state)
    would_win = seat in winners_of(result)
    others = _without(situation, seat)
    other_result = result_of(others) if others is not None else None
    goes_to = seats_text(winners_of(other_result))
    uncalled = state.uncalled_bet()
    returned = uncalled[1] if uncalled and uncalled[0] == seat else 0
    all_in = all_in_seats(state)
    return {
        "type": "showdown_hand", "id": f"showdown_hand:{index}", "incident": incident, "seat": seat,
        "cause": cause, "where": where, "touched_muck": touched, "retrievable": retrievable,
        "tabled": tabled or s.tabled, "would_win": would_win, "hand_name": _hand_name(state, seat) or "unread",
        "would_win_note": "The hand would have won, but only a tabled hand can." if would_win else "",
        "cards_known": bool(s.hole) and UNKNOWN not in s.hole,
        "all_in_showdown": bool(all_in) and betting_over(state) and len(state.active_seats) >= 2,
        "seat_all_in": s.all_in,
        "betting_complete": betting_over(state), "at_showdown": at_showdown(state),
        "pot_goes_to": goes_to or "the best remaining hand",
        "uncalled_return": returned, "chips_in_pot": s.total - returned,
        "uncalled_step": (f"Give back the {returned:,} that nobody called to seat {seat}." if returned
                          else f"Seat {seat} has no uncalled bet to take back."),
        "pot": state.pot,
    }


@builds("muck-at-showdown")
def muck_facts(situation: Situation, muck: MuckAtShowdown, index: int) -> list[Fact]:
    retrievable = muck.identifiable and muck.where != "in-muck"
    return [_hand_fact(situation, index, muck.seat, incident=muck.type, cause="player-muck", where=muck.where,
                       touched=muck.where != "released", retrievable=retrievable, tabled=muck.tabled_first)]


@builds("hand-killed-by-dealer")
def killed_facts(situation: Situation, kill: HandKilledByDealer, index: int) -> list[Fact]:
    return [_hand_fact(situation, index, kill.seat, incident=kill.type, cause="dealer-kill",
                       where="in-muck" if not kill.identifiable else "touching-muck",
                       touched=False, retrievable=kill.identifiable, tabled=kill.tabled)]


@builds("hand-fouled")
def fouled_facts(situation: Situation, foul: HandFouled, index: int) -> list[Fact]:
    return [_hand_fact(situation, index, foul.seat, incident=foul.type, cause="fouled",
                       where="touching-muck", touched=True, retrievable=foul.identifiable, tabled=False)]


# ---------------------------------------------------------------------------- words at showdown
@builds("verbal-at-showdown")
def verbal_facts(situation: Situation, verbal: VerbalAtShowdown, index: int) -> list[Fact]:
    state = situation.state
    _check_seat(situation, verbal.seat, index)
    misled = verbal.misled_seat or 0
    if misled:
        _check_seat(situation, misled, index, "misled_seat")
    result = result_of(state)
    winners = winners_of(result)
    speaker = state.seats[verbal.seat]
    return [{
        "type": "showdown_verbal", "id": f"showdown_verbal:{index}", "seat": verbal.seat,
        "said": verbal.said, "claimed": verbal.claimed or "",
        "said_text": {"fold": '"fold"', "you-win": '"you win"'}.get(verbal.said, f'"{verbal.claimed or "a hand"}"'), "deliberate": verbal.deliberate,
        "at_showdown": state.betting_complete and state.unfinished() is None,
        "speaker_live": speaker.live, "speaker_hand": _hand_name(state, verbal.seat),
        "winner": seats_text(winners) or "the best tabled hand", "speaker_wins": verbal.seat in winners,
        "misled_seat": misled, "misled_mucked": bool(misled) and state.seats[misled].mucked,
    }]


# ---------------------------------------------------------------------------- asking to see a hand
def _status(state: HandState, seat: int) -> str:
    s = state.seats[seat]
    if not s.dealt_in:
        return "not-dealt-in"
    if s.mucked:
        return "mucked"
    if s.folded:
        return "folded"
    return "tabled" if s.tabled else "holding"


@builds("show-request")
def show_request_facts(situation: Situation, request: ShowRequest, index: int) -> list[Fact]:
    state = situation.state
    _check_seat(situation, request.seat, index)
    _check_seat(situation, request.target, index, "target")
    asker, target = _status(state, request.seat), _status(state, request.target)
    aggressor = final_round_aggressor(state, live=False)
    final = state.streets[-1]
    called_river = any(a.seat == request.seat and a.street == final and a.action == "call"
                       for a in state.actions_taken)
    retains = asker in ("tabled", "holding")
    return [{
        "type": "show_request", "id": f"show_request:{index}", "seat": request.seat,
        "target": request.target, "asker_status": asker, "target_status": target,
        "asker_retains": retains, "asker_dealt_in": asker != "not-dealt-in",
        "river_bet": aggressor != 0, "last_aggressor": aggressor,
        "target_last_aggressor": aggressor != 0 and aggressor == request.target,
        "asker_called_river": called_river,
        "paid_to_see": retains and called_river and aggressor == request.target,
        "target_called": target in ("tabled", "holding", "mucked"),
        "target_mucked": target == "mucked", "at_showdown": state.betting_complete,
    }]


# ---------------------------------------------------------------------------- show one, show all
@builds("shown-to-one")
def shown_facts(situation: Situation, shown: ShownToOne, index: int) -> list[Fact]:
    state = situation.state
    _check_seat(situation, shown.seat, index)
    to_seat = shown.to_seat or 0
    if to_seat:
        _check_seat(situation, to_seat, index, "to_seat")
    during = shown.when == "during-hand"
    to_live = bool(to_seat) and state.seats[to_seat].live and not state.hand_over
    show_now = not during or to_live
    return [{
        "type": "shown_cards", "id": f"shown_cards:{index}", "seat": shown.seat, "to_seat": to_seat,
        "audience": shown.audience, "when": shown.when, "during_hand": during,
        "to_player_in_hand": to_live, "show_now": show_now,
        "show_when": "now" if show_now else "as soon as the hand is over",
        "tournament": situation.table.format.value == "tournament",
        "penalty_possible": during and situation.table.format.value == "tournament",
        "penalty_note": ("In a tournament, showing a live hand breaks one player to a hand: a penalty may "
                         "follow, starting at the end of the hand; the hand itself is not killed."
                         if during and situation.table.format.value == "tournament"
                         else "No penalty is called for: the cure is to show the cards to everyone."),
    }]


# ---------------------------------------------------------------------------- partly tabled hands
def _board_plays(state: HandState, seat: int) -> bool:
    """The seat's best five are all board cards (no hole card improves on the board)."""
    from floorman.evaluation import read_hands

    s = state.seats[seat]
    if state.table.variant.family != "flop" or len(state.board) < 5 or not s.hole or UNKNOWN in s.hole \
            or UNKNOWN in state.board:
        return False
    try:
        high, _ = read_hands(state.table.variant.value, s.hole, state.board)
    except (FloormanError, ValueError):
        return False
    return high is not None and all(card in state.board for card in high.best_five)


@builds("partial-table")
def partial_facts(situation: Situation, partial: PartialTable, index: int) -> list[Fact]:
    state = situation.state
    _check_seat(situation, partial.seat, index)
    s = state.seats[partial.seat]
    if not s.live:
        raise InvalidEvent(f"seat {partial.seat} has no live hand", field=f"incidents[{index}].seat")
    known = [c for c in s.hole if c != UNKNOWN]
    wrong = [c for c in partial.shown if known and len(known) == len(s.hole) and c not in known]
    if wrong:
        raise InvalidEvent(f"seat {partial.seat} shows {' '.join(wrong)} but holds {' '.join(s.hole)}",
                           field=f"incidents[{index}].shown")
    hole = len(s.hole) or state.table.variant.hole_cards
    shown = len(set(partial.shown))
    return [{
        "type": "partial_table", "id": f"partial_table:{index}", "seat": partial.seat,
        "shown_count": shown, "hole_count": hole, "missing": max(0, hole - shown),
        "all_shown": shown >= hole, "claim": partial.claim, "claims_board": partial.claim == "board",
        "board_plays": _board_plays(state, partial.seat), "at_showdown": at_showdown(state),
    }]


# ---------------------------------------------------------------------------- pot awarded in error
BREAK_DISPUTE_SECONDS = 60


@builds("award-dispute")
def award_dispute_facts(situation: Situation, dispute: AwardDispute, index: int) -> list[Fact]:
    state = situation.state
    _check_seat(situation, dispute.awarded_to, index, "awarded_to")
    if dispute.during_break:
        in_time = dispute.seconds_after_award <= BREAK_DISPUTE_SECONDS
        deadline = "one minute after the award (the hand ended during a break)"
    elif dispute.kind == "misread":
        in_time = dispute.found == "before-next-hand"
        deadline = "the start of the next hand"
    else:
        in_time = dispute.found in ("before-next-hand", "next-hand-started")
        deadline = "substantial action on the next hand"
    result = result_of(state)
    winners = winners_of(result)
    return [{
        "type": "award_dispute", "id": f"award_dispute:{index}", "kind": dispute.kind,
        "kind_text": "a misread tabled hand" if dispute.kind == "misread" else "an accounting error",
        "awarded_to": dispute.awarded_to, "found": dispute.found, "during_break": dispute.during_break,
        "seconds_after_award": dispute.seconds_after_award, "break_limit_seconds": BREAK_DISPUTE_SECONDS,
        "in_time": in_time, "deadline": deadline,
        "rightful_known": result is not None, "rightful": seats_text(winners) or "the rightful winner",
        "award_wrong": result is not None and winners != [dispute.awarded_to],
        "award_text": award_text(result) or "as the hands read",
        "pot": state.pot - (state.uncalled_bet() or (0, 0))[1],
    }]
