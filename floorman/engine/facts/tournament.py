"""Facts for tournament procedures: the chip race, simultaneous eliminations, rebuys, deals,
balancing and breaking tables, wrong seats, hand-for-hand, and the chips of absent players.

Every number the rulings give is computed here (the arithmetic itself in
`floorman/model/chip_race.py` and `floorman/model/eliminations.py`). Numbers per seat come as
`seat_N_...` fields for N = 1..10 (0 for a seat the incident does not concern), so a rule can
give each seat's number as its own param.
"""

from __future__ import annotations

from collections.abc import Iterable

from floorman.engine.facts import ANTE_POSTS, Fact, Situation, builds, deal_order, dealt_in_seats, incident_fact
from floorman.errors import InvalidEvent
from floorman.model.chip_race import ROUNDINGS, RaceSeat, chip_race
from floorman.model.eliminations import finishing_places
from floorman.model.events import Post
from floorman.model.incidents.tournament import (
    AbsentChips,
    CashOutRequest,
    ChipRace,
    DealProposal,
    HandForHandAllIn,
    RebuyRequest,
    ShotClock,
    SimultaneousEliminations,
    TableBalance,
    TableBreak,
    WrongSeat,
)

SEATS = range(1, 11)


def _stack(situation: Situation, number: int, field: str) -> int:
    seat = situation.table.seat(number)
    if seat is None:
        raise InvalidEvent(f"seat {number} has no player at this table", field=field)
    return seat.stack


def _listing(values: dict[int, int], unit: str = "") -> str:
    return ", ".join(f"seat {seat} {value:,}{unit}" for seat, value in sorted(values.items())) or "none"


def _seat_list(seats: Iterable[int]) -> str:
    seats = sorted(seats)
    if not seats:
        return "none"
    return "seat " + str(seats[0]) if len(seats) == 1 else "seats " + ", ".join(map(str, seats[:-1])) + \
        f" and {seats[-1]}"


def _per_seat(name: str, values: dict[int, int]) -> Fact:
    return {f"seat_{n}_{name}": values.get(n, 0) for n in SEATS}


# ---------------------------------------------------------------------------- the chip race
@builds("chip-race")
def chip_race_facts(situation: Situation, race: ChipRace, index: int) -> list[Fact]:
    where = f"incidents[{index}]"
    table = situation.table
    if table.chip_denominations and race.removed not in table.chip_denominations:
        raise InvalidEvent(f"{race.removed} is not a chip in play here ({', '.join(map(str, table.chip_denominations))})",
                           field=f"{where}.removed")
    rounding = situation.option_choice("chip_race_rounding", "nearest", ROUNDINGS)
    seats = [RaceSeat(seat=n, stack=_stack(situation, n, f"{where}.seats"), removed_chips=count)
             for n, count in zip(race.seats, race.removed_chips)]
    per_chip = race.next_up // race.removed
    cards = None
    if race.cards:
        # the cards are listed seat by seat, in the order of `seats`, one per odd chip
        cards, at = {}, 0
        for n, count in zip(race.seats, race.removed_chips):
            odd = count % per_chip
            if odd:
                cards[n] = list(race.cards[at:at + odd])
                at += odd
        if at != len(race.cards):
            raise InvalidEvent(f"{len(race.cards)} race cards for {at} odd chips (one card per odd chip)",
                               field=f"{where}.cards")
    try:
        result = chip_race(seats, race.removed, race.next_up, cards, rounding)
    except ValueError as error:
        raise InvalidEvent(str(error), field=f"{where}.cards" if "card" in str(error) else f"{where}.seats") from None
    after = {s.number: s.stack for s in table.seats}
    after.update({s.seat: s.stack_after for s in result.seats})
    fact = incident_fact(situation, "chip_race", index)
    fact.update({
        "removed": race.removed, "next_up": race.next_up, "rounding": rounding,
        "chips_raced": result.chips_raced, "racers": result.racers, "race_needed": result.racers > 0,
        "cards_needed": result.cards_needed, "odd_value_total": result.odd_value_total,
        "decided": result.decided, "winners": _seat_list(result.winners),
        "kept_in": _seat_list(result.kept_in), "kept_in_count": len(result.kept_in),
        "exchanged": _listing({s.seat: s.exchanged for s in result.seats if s.exchanged}, f" x {race.next_up}"),
        "odd_chips": _listing({s.seat: s.odd_chips for s in result.seats if s.odd_chips}),
        "chips_after": _listing(after),
        **_per_seat("chips_after", after),
    })
    return [fact]


# ---------------------------------------------------------------------------- eliminations
@builds("simultaneous-eliminations")
def eliminations_facts(situation: Situation, busts: SimultaneousEliminations, index: int) -> list[Fact]:
    where = f"incidents[{index}]"
    table = situation.table
    players_left = busts.players_left or table.players_left_in_event
    if players_left is None:
        raise InvalidEvent("how many players were left in the event before the hand? (players_left, or the "
                           "table's players_left_in_event)", field=f"{where}.players_left")
    after_ante = situation.option_flag("eliminations_count_after_ante", True)
    share_prize = situation.option_flag("equal_stacks_share_prize", True)
    antes: dict[int, int] = {}
    for event in situation.events:
        if isinstance(event, Post) and event.kind in ANTE_POSTS:
            antes[event.seat] = antes.get(event.seat, 0) + event.amount
    started = {n: _stack(situation, n, f"{where}.seats") for n in busts.seats}
    started.update(zip(busts.seats, busts.stacks))
    for n in busts.seats:
        if antes.get(n, 0) > started[n]:
            raise InvalidEvent(f"seat {n} posted an ante of {antes[n]:,}, more than its {started[n]:,}",
                               field=f"{where}.stacks")
    counted = {n: started[n] - (antes.get(n, 0) if after_ante else 0) for n in busts.seats}
    try:
        finishes = finishing_places(counted, players_left, list(busts.prizes) or None,
                                    share_prize=share_prize, share_all=busts.announcement_hand)
    except ValueError as error:
        raise InvalidEvent(str(error), field=f"{where}.seats") from None
    order = "; ".join(
        f"seat {f.seat} ({f.counted_stack:,}) " + (f"shares places {f.places[0]}-{f.places[-1]}" if f.shared
                                                   else f"place {f.place}")
        for f in finishes)
    prizes_known = bool(busts.prizes) and all(f.prize is not None for f in finishes)
    fact = incident_fact(situation, "simultaneous_eliminations", index)
    fact.update({
        "busted": len(finishes), "players_left": players_left,
        "best_place": min(f.place for f in finishes), "worst_place": players_left,
        "announcement_hand": busts.announcement_hand,
        "any_tie": any(f.shared for f in finishes) and not busts.announcement_hand,
        "counted_after_ante": after_ante, "ante_paid": sum(antes.get(n, 0) for n in busts.seats),
        "share_prize": share_prize, "prizes_known": prizes_known,
        "prize_remainder": max((f.prize_remainder for f in finishes), default=0),
        "order": order,
        **_per_seat("place", {f.seat: f.place for f in finishes}),
        **_per_seat("prize", {f.seat: f.prize or 0 for f in finishes} if prizes_known else {}),
    })
    return [fact]


# ---------------------------------------------------------------------------- chips and money
@builds("cash-out-request")
def cash_out_facts(situation: Situation, request: CashOutRequest, index: int) -> list[Fact]:
    fact = incident_fact(situation, "cash_out_request", index)
    fact.update({"seat": request.seat, "stack": _stack(situation, request.seat, f"incidents[{index}].seat"),
                 "wants": request.wants})
    return [fact]


@builds("rebuy-request")
def rebuy_facts(situation: Situation, request: RebuyRequest, index: int) -> list[Fact]:
    fact = incident_fact(situation, "rebuy_request", index)
    stack = _stack(situation, request.seat, f"incidents[{index}].seat")
    re_entry = request.kind == "re-entry"
    # TDA 2024 8 / 2026 9: a re-entry is a new entry for a player who is out; where the event lets a
    # player with chips re-enter early, the old stack is forfeited and leaves play (8-B / 9-B)
    early = re_entry and stack > 0
    if re_entry:
        timing = ("a re-entry is a new entry: a full stack, and a seat drawn at random (dealt in at once except "
                  "between the small blind and the button)")
    elif request.declared_before_hand:
        timing = "it was declared before the hand, so its chips play in this hand as if behind and the purchase must be made"
    else:
        timing = "the chips are added between hands"
    fact.update({
        "seat": request.seat, "kind": request.kind, "offered": request.offered, "period_open": request.period_open,
        "allowed": request.offered and request.period_open, "declared_before_hand": request.declared_before_hand,
        "chips": request.chips, "stack": stack,
        "stack_after": request.chips if re_entry else stack + request.chips,
        "re_entry_with_chips": early, "chips_forfeited": stack if early else 0,
        "timing": timing,
    })
    return [fact]


@builds("deal-proposal")
def deal_facts(situation: Situation, deal: DealProposal, index: int) -> list[Fact]:
    for n in deal.agreeing + deal.declining:
        _stack(situation, n, f"incidents[{index}].agreeing")
    fact = incident_fact(situation, "deal_proposal", index)
    fact.update({
        "agreeing": _seat_list(deal.agreeing), "declining": _seat_list(deal.declining),
        "declined": bool(deal.declining), "all_agree": not deal.declining,
        "director_approved": deal.director_approved, "players": len(deal.agreeing) + len(deal.declining),
    })
    return [fact]


# ---------------------------------------------------------------------------- seating
def _next_big_blind(situation: Situation, players: list[int]) -> int:
    """The player due to post the big blind on the next hand: under the dead button, the big blind
    moves forward exactly one player from this hand's big blind (a posted big blind in the events,
    else the second player after the button)."""
    table = situation.table
    posted = [e.seat for e in situation.events if isinstance(e, Post) and e.kind == "big-blind"]
    if posted:
        last = posted[-1]
    else:
        button = table.button or 0
        after = deal_order(players, button)
        last = after[1 % len(after)]
    later = [n for n in players if n > last]
    return later[0] if later else players[0]


@builds("table-balance")
def balance_facts(situation: Situation, balance: TableBalance, index: int) -> list[Fact]:
    players = dealt_in_seats(situation)
    if len(players) < balance.short_table_players:
        raise InvalidEvent(f"this table has {len(players)} players, fewer than the shortest table's "
                           f"{balance.short_table_players}", field=f"incidents[{index}].short_table_players")
    gap = len(players) - balance.short_table_players
    fact = incident_fact(situation, "table_balance", index)
    fact.update({
        "players_here": len(players), "short_table_players": balance.short_table_players, "gap": gap,
        "move_needed": gap >= 2, "halt_short_table": gap >= 3,
        "seat_to_move": _next_big_blind(situation, players) if len(players) >= 2 else 0,
    })
    return [fact]


@builds("table-break")
def break_facts(situation: Situation, breaking: TableBreak, index: int) -> list[Fact]:
    for n in breaking.absent:
        _stack(situation, n, f"incidents[{index}].absent")
    fact = incident_fact(situation, "table_break", index)
    fact.update({"players": len(dealt_in_seats(situation)), "absent": _seat_list(breaking.absent),
                 "absent_count": len(breaking.absent)})
    return [fact]


@builds("wrong-seat")
def wrong_seat_facts(situation: Situation, wrong: WrongSeat, index: int) -> list[Fact]:
    where = f"incidents[{index}]"
    stack = _stack(situation, wrong.seat, f"{where}.seat")
    if not wrong.assigned_elsewhere and wrong.assigned_seat > situation.table.seat_count:
        raise InvalidEvent(f"seat {wrong.assigned_seat} is not a seat at this table (1-{situation.table.seat_count}); "
                           f"say assigned_elsewhere if it is at another table", field=f"{where}.assigned_seat")
    if not wrong.assigned_elsewhere and situation.table.seat(wrong.assigned_seat) is not None:
        raise InvalidEvent(f"seat {wrong.assigned_seat} is taken at this table; say assigned_elsewhere if it "
                           f"is at another table", field=f"{where}.assigned_seat")
    fact = incident_fact(situation, "wrong_seat", index)
    fact.update({"seat": wrong.seat, "assigned_seat": wrong.assigned_seat, "assigned_elsewhere": wrong.assigned_elsewhere,
                 "stack": stack})
    return [fact]


# ---------------------------------------------------------------------------- hand-for-hand, absent chips
@builds("hand-for-hand-all-in")
def hand_for_hand_facts(situation: Situation, all_in: HandForHandAllIn, index: int) -> list[Fact]:
    state = situation.state
    # an all-in is called once a live player is all in and the betting is over (nobody left to act)
    called = any(state.seats[n].all_in for n in state.active_seats) and state.actor is None \
        and len(state.active_seats) >= 2
    fact = incident_fact(situation, "hand_for_hand_all_in", index)
    fact.update({"instructed": all_in.instructed, "players_in_hand": len(state.active_seats), "all_in_called": called})
    return [fact]


@builds("absent-chips")
def absent_chips_facts(situation: Situation, absent: AbsentChips, index: int) -> list[Fact]:
    fact = incident_fact(situation, "absent_chips", index)
    blinds = situation.table.forced_bets
    fact.update({"seat": absent.seat, "reason": absent.reason,
                 "returning": absent.returning, "money_chance": absent.money_chance,
                 # RP-23-B: chips come out only when the player surely will not return and cannot
                 # reach the money; otherwise they stay and are blinded off
                 "remove_chips": not absent.returning and not absent.money_chance,
                 "stack": _stack(situation, absent.seat, f"incidents[{index}].seat"),
                 "big_blind": blinds.big_blind, "small_blind": blinds.small_blind, "ante": blinds.ante})
    return [fact]


@builds("shot-clock")
def shot_clock_facts(situation: Situation, clock: ShotClock, index: int) -> list[Fact]:
    """The seconds allowed (2026 RP-28: a room may time the first action shorter) and a time-bank
    extension used when the clock runs out. With none left, time is up as on a called clock:
    a `clock` fact lets those rules rule (2024 29 / 2026 31: a dead hand facing a bet, else a check)."""
    where = f"incidents[{index}]"
    state = situation.state
    if state.actor != clock.seat:
        raise InvalidEvent(f"seat {clock.seat} is not the player to act (seat {state.actor or 'nobody'} is): the "
                           "shot clock runs for the player to act", field=f"{where}.seat")
    later = situation.option_number("shot_clock_seconds", 30)
    first = situation.option_number("shot_clock_first_action_seconds", 20)
    extension_used = clock.expired and clock.extensions > 0
    fact = incident_fact(situation, "shot_clock", index)
    fact.update({
        "seat": clock.seat, "first_action": clock.first_action, "expired": clock.expired,
        "seconds": first if clock.first_action else later, "first_action_seconds": first, "later_seconds": later,
        "extensions": clock.extensions, "extension_seconds": clock.extension_seconds,
        "extension_used": extension_used, "extensions_after": clock.extensions - extension_used,
        "time_up": clock.expired and not clock.extensions,
        "to_call": state.to_call(clock.seat),
    })
    facts = [fact]
    if fact["time_up"]:
        from floorman.engine.facts.irregularities import clock_facts
        from floorman.model.incidents.irregularities import ClockExpired

        facts += clock_facts(situation, ClockExpired(seat=clock.seat), index)
    return facts
