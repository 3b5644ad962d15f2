"""Facts for cash-game, online and deck incidents (floorman/model/incidents/cash_game.py).

Every number a ruling gives is computed here: the buy-in limits in chips from the big blind and
the room's options, what a returning player owes, who is first on a list, the pot a second run
would split, the missed blinds owed, the cards in a dropped stub. Room options that decide
whether something is allowed at all are read here too and combined with the game's format
(a cash-game option never allows anything in a tournament), so each rule tests one boolean.
"""

from __future__ import annotations

from floorman.engine.facts import Fact, Situation, builds, incident_fact, incident_seat, named_seat, table_seat_number
from floorman.engine.facts.setup import missed_blind_posts
from floorman.errors import InvalidEvent
from floorman.model.cards import deck
from floorman.model.incidents.cash_game import (
    BuyIn,
    DeckChange,
    DrawStubShort,
    LeaveGame,
    NewGameSeating,
    OnlineAccount,
    OnlineTimeout,
    PlayOver,
    RabbitHunt,
    Rake,
    RunItTwice,
    SeatChange,
    SitOut,
    StubDropped,
)
from floorman.model.table import GameFormat


def _base(situation: Situation, kind: str, index: int) -> Fact:
    fact = incident_fact(situation, kind, index)
    fact["cash_game"] = not fact["tournament"]
    return fact


def _stack_now(situation: Situation, seat: int) -> int:
    """The seat's chips for the next hand: after the hand the events played if it is over, else
    what it started this hand with (chips added during a hand play from the next one)."""
    state = situation.state
    if situation.events and state.hand_over:
        return state.result().final_stacks.get(seat, state.seats[seat].stack)
    return state.seats[seat].starting_stack


def _cash_only(situation: Situation, where: str, why: str) -> None:
    """An incident of the cash game alone: at a tournament table it is an error, `why` saying what
    the tournament does instead."""
    if situation.table.format is not GameFormat.CASH:
        raise InvalidEvent(why, field=f"{where}.type")


def _board_to_come(situation: Situation) -> int:
    """The board cards not dealt yet (none in a game without a board)."""
    state = situation.state
    return sum(state.variant.board_cards) - len(state.board) if state.family == "flop" else 0


def _cards_to_come(situation: Situation) -> tuple[int, str]:
    """The cards that would still have come, and what they are in words: the board's (flop
    games), or in stud one card a street to each hand up to seventh street (counted for the hand
    dealt furthest); a draw game deals no more cards, only the draws."""
    state = situation.state
    if state.family == "flop":
        count = _board_to_come(situation)
        return count, f"{count} board card{'s' if count != 1 else ''}"
    if state.family == "stud":
        dealt = max((len(seat.hole) for seat in state.seats.values()), default=0)
        count = max(0, state.variant.hole_cards - dealt)
        cards = f"{count} card{'s' if count != 1 else ''}"
        return count, f"{cards} to each hand: the streets not dealt, up to seventh street"
    return 0, "the cards of the draws not made"


# ------------------------------------------------------------------------------------ buy-in
@builds("buy-in")
def buy_in_facts(situation: Situation, buy: BuyIn, index: int) -> list[Fact]:
    where = f"incidents[{index}]"
    table = situation.table
    table_seat_number(situation, buy.seat, f"{where}.seat")
    big = table.forced_bets.big_blind
    if big <= 0:
        raise InvalidEvent("the buy-in limits are counted in big blinds: the table has no big blind",
                           field="table.forced_bets.big_blind")
    seated = buy.seat in {s.number for s in table.seats}
    if buy.kind == "top-up" and not seated:
        raise InvalidEvent(f"seat {buy.seat} is empty: a top-up adds to chips already on the table",
                           field=f"{where}.seat")
    # a new buy-in or a return is counted on its own: the seat only says where the player sits
    before = _stack_now(situation, buy.seat) if buy.kind == "top-up" else 0
    min_buy_in = big * situation.option_number("buy_in_min_big_blinds", 40)
    max_buy_in = big * situation.option_number("buy_in_max_big_blinds", 100)
    window = situation.option_number("rathole_return_minutes", 60)
    returning = buy.kind == "return"
    left_with = buy.left_with or 0
    minutes = buy.minutes_away or 0
    in_time = returning and minutes < window
    # a player back within the window owes the chips taken away, even above the table maximum
    required = 0 if buy.kind == "top-up" else max(min_buy_in, left_with) if in_time else min_buy_in
    max_allowed = max(max_buy_in, left_with) if in_time else max_buy_in
    after = before + buy.amount
    fact = _base(situation, "buy_in", index)
    fact.update({
        "seat": buy.seat, "kind": buy.kind, "amount": buy.amount, "big_blind": big,
        "min_buy_in": min_buy_in, "max_buy_in": max_buy_in, "min_big_blinds": min_buy_in // big,
        "max_big_blinds": max_buy_in // big, "stack_before": before, "stack_after": after,
        "required_min": required, "max_allowed": max_allowed, "may_add": max(0, max_allowed - before),
        "below_min": after < required, "above_max": after > max_allowed,
        "short_by": max(0, required - after), "excess": max(0, after - max_allowed),
        "returning": returning, "returning_in_time": in_time, "minutes_away": minutes,
        "window_minutes": window, "left_with": left_with,
        "owes_left_with": in_time and left_with > min_buy_in,
    })
    fact["within_limits"] = not fact["below_min"] and not fact["above_max"]
    return [fact]


# ------------------------------------------------------------------------------ seat lists
@builds("seat-change")
def seat_change_facts(situation: Situation, change: SeatChange, index: int) -> list[Fact]:
    where = f"incidents[{index}]"
    table = situation.table
    occupied = {s.number for s in table.seats}
    table_seat_number(situation, change.open_seat, f"{where}.open_seat")
    if change.open_seat in occupied:
        raise InvalidEvent(f"seat {change.open_seat} is taken: list it out of `table.seats` to open it",
                           field=f"{where}.open_seat")
    if change.kind == "seat":
        for i, n in enumerate(change.waiting):
            if n not in occupied:
                raise InvalidEvent(f"seat {n} is not a player at this table (a seat change is asked from this "
                                   f"table; players elsewhere are kind: table)", field=f"{where}.waiting[{i}]")
    claimant = change.claimed_by or 0
    position = change.waiting.index(claimant) + 1 if claimant in change.waiting else 0
    fact = _base(situation, "seat_change", index)
    fact.update({
        "kind": change.kind, "open_seat": change.open_seat, "first_waiting": change.waiting[0],
        "list_length": len(change.waiting), "claimed": change.claimed_by is not None, "claimant": claimant,
        "claimant_position": position, "claimant_first": change.claimed_by is None or position == 1,
        "must_move": change.kind == "must-move",
    })
    return [fact]


@builds("play-over")
def play_over_facts(situation: Situation, over: PlayOver, index: int) -> list[Fact]:
    where = f"incidents[{index}]"
    incident_seat(situation, over.seat, f"{where}.seat")
    fact = _base(situation, "play_over", index)
    option = situation.option_flag("playing_over")
    fact.update({"seat": over.seat, "chips": _stack_now(situation, over.seat), "room_allows": option,
                 "allowed": option and fact["cash_game"]})
    return [fact]


# --------------------------------------------------------------------------- after the hand
@builds("rabbit-hunt")
def rabbit_hunt_facts(situation: Situation, hunt: RabbitHunt, index: int) -> list[Fact]:
    where = f"incidents[{index}]"
    incident_seat(situation, hunt.seat, f"{where}.seat")
    state = situation.state
    # asked during the hand, it is a request to see the next card before its turn: never allowed
    over = bool(situation.events) and state.hand_over
    to_come, words = _cards_to_come(situation)
    if over and state.family != "draw" and to_come == 0:
        raise InvalidEvent(f"the {'board' if state.family == 'flop' else 'hands'} were dealt out: no card is left "
                           "that would have come", field=f"{where}.type")
    option = situation.option_flag("rabbit_hunting")
    fact = _base(situation, "rabbit_hunt", index)
    fact.update({"seat": hunt.seat, "cards_not_dealt": to_come, "cards_to_come": words, "room_allows": option,
                 "hand_over": over, "allowed": option and fact["cash_game"] and over})
    return [fact]


@builds("run-it-twice")
def run_it_twice_facts(situation: Situation, run: RunItTwice, index: int) -> list[Fact]:
    where = f"incidents[{index}]"
    state = situation.state
    if state.family != "flop":
        raise InvalidEvent(f"running it twice deals a second board: {state.variant} has none", field=f"{where}.type")
    live = [n for n in state.order if state.seats[n].live]
    # players may agree before the betting ends ("run it twice if you call?"); it applies to the run-out
    if state.hand_over or len(live) < 2:
        raise InvalidEvent("the hand is over: there is no board left to run", field=f"{where}.type")
    to_come = _board_to_come(situation)
    if to_come <= 0:
        raise InvalidEvent("the board is complete: there is nothing left to run", field=f"{where}.type")
    for i, n in enumerate(run.agreed):
        if n not in live:
            raise InvalidEvent(f"seat {n} has no live hand in this pot", field=f"{where}.agreed[{i}]")
    holdouts = [n for n in live if n not in run.agreed]
    option = situation.option_flag("run_it_twice")
    fact = _base(situation, "run_it_twice", index)
    pot = sum(p.amount for p in state.pots())
    fact.update({
        "involved": len(live), "agreed_count": len(run.agreed), "all_agree": not holdouts,
        "holdout": holdouts[0] if holdouts else 0, "pot": pot, "each_run": pot // 2, "odd_chips": pot % 2,
        "cards_to_come": to_come, "room_allows": option,
        "permitted": option and fact["cash_game"],
    })
    return [fact]


# ------------------------------------------------------------------------- leaving, sitting out
@builds("leave-game")
def leave_game_facts(situation: Situation, leave: LeaveGame, index: int) -> list[Fact]:
    where = f"incidents[{index}]"
    incident_seat(situation, leave.seat, f"{where}.seat")
    _cash_only(situation, where, "tournament chips are not taken away: a player who walks away is `absent-chips` "
               "(reason: away), one leaving a live hand is `conduct` (offence: left-table)")
    mid_hand = leave.when == "mid-hand"
    if mid_hand and (not situation.events or situation.state.hand_over):
        raise InvalidEvent("no hand is being played (no events, or the hand is over): the player leaves "
                           "between hands", field=f"{where}.when")
    state = situation.state
    live = mid_hand and state.seats[leave.seat].live
    fact = _base(situation, "leave_game", index)
    fact.update({
        "seat": leave.seat, "mid_hand": mid_hand, "live_hand": live,
        # mid-hand: the chips behind (what is in the pot stays there); between hands: the whole stack
        "chips": state.seats[leave.seat].stack if mid_hand else _stack_now(situation, leave.seat),
        "chips_in_pot": state.seats[leave.seat].total if mid_hand else 0,
        "return_minutes": situation.option_number("rathole_return_minutes", 60),
    })
    return [fact]


@builds("sit-out")
def sit_out_facts(situation: Situation, sit: SitOut, index: int) -> list[Fact]:
    where = f"incidents[{index}]"
    incident_seat(situation, sit.seat, f"{where}.seat")
    limit = situation.option_number("sit_out_removal_hands", 0)
    owes_big = sit.missed != "none"
    posts = missed_blind_posts(situation, small=sit.missed == "both", big=owes_big)
    fact = _base(situation, "sit_out", index)
    fact.update({
        "seat": sit.seat, "hands_missed": sit.hands_missed, "missed": sit.missed, "online": sit.online,
        "removal_after": limit, "over_limit": limit > 0 and sit.hands_missed >= limit,
        "owes_blinds": owes_big, "post_live": posts.live, "post_dead": posts.small_dead,
        "post_total": posts.total,
    })
    return [fact]


# ---------------------------------------------------------------------------------- online
@builds("online-timeout")
def online_timeout_facts(situation: Situation, timeout: OnlineTimeout, index: int) -> list[Fact]:
    where = f"incidents[{index}]"
    state = situation.state
    incident_seat(situation, timeout.seat, f"{where}.seat")
    if state.actor != timeout.seat:
        raise InvalidEvent(f"seat {timeout.seat} is not the player to act (seat {state.actor or 'nobody'} is): "
                           f"only the player to act is on the timer", field=f"{where}.seat")
    to_call = state.to_call(timeout.seat)
    disconnected = timeout.cause == "disconnected"
    protected = disconnected and situation.option_flag("online_disconnect_protection")
    fact = _base(situation, "online_timeout", index)
    fact.update({
        "seat": timeout.seat, "cause": timeout.cause, "disconnected": disconnected, "to_call": to_call,
        "facing_bet": to_call > 0, "time_bank_left": timeout.time_bank_left,
        "bank_left": timeout.time_bank_left > 0, "protected": protected,
        "timed_out": timeout.time_bank_left == 0 and not protected,
    })
    return [fact]


@builds("online-account")
def online_account_facts(situation: Situation, account: OnlineAccount, index: int) -> list[Fact]:
    fact = _base(situation, "online_account", index)
    fact.update({"seat": named_seat(situation, account.seat, f"incidents[{index}].seat"),
                 "violation": account.violation})
    return [fact]


# ------------------------------------------------------------------------------------- rake
@builds("rake")
def rake_facts(situation: Situation, rake: Rake, index: int) -> list[Fact]:
    where = f"incidents[{index}]"
    incident_seat(situation, rake.seat, f"{where}.seat")
    _cash_only(situation, where, "tournament pots are not raked (the house's fee is part of the entry)")
    # the percentage rounds down to the chip: the house never takes a part of a chip it cannot take
    by_rate = rake.pot * rake.percent // 100
    allowed = min(by_rate, rake.cap) if rake.cap else by_rate
    fact = _base(situation, "rake", index)
    fact.update({
        "seat": rake.seat, "pot": rake.pot, "taken": rake.taken, "percent": rake.percent, "cap": rake.cap,
        "allowed": allowed, "over_posted": rake.taken > allowed, "refund": max(0, rake.taken - allowed),
    })
    return [fact]


# ------------------------------------------------------------------------------------- deck
@builds("deck-change")
def deck_change_facts(situation: Situation, change: DeckChange, index: int) -> list[Fact]:
    incident_seat(situation, change.seat, f"incidents[{index}].seat")
    fact = _base(situation, "deck_change", index)
    fact.update({"seat": change.seat, "room_allows": situation.option_flag("player_deck_change")})
    return [fact]


@builds("stub-dropped")
def stub_dropped_facts(situation: Situation, dropped: StubDropped, index: int) -> list[Fact]:
    where = f"incidents[{index}]"
    state = situation.state
    if not situation.events or state.hand_over:
        raise InvalidEvent("the stub matters only while cards remain to be dealt in a hand", field=f"{where}.type")
    seats = [s for s in state.seats.values() if s.dealt_in]
    # in flop games every seat dealt in holds its hole cards whether or not the events name them,
    # and a street dealt without a burn event still had its burn
    per_seat = state.variant.hole_cards if state.family == "flop" else 0
    held = sum(max(len(s.hole), per_seat) for s in seats)
    folded = sum(max(len(s.hole), per_seat) for s in seats if s.folded)
    streets_dealt = sum(1 for dealt in (3, 4, 5) if len(state.board) >= dealt) if state.family == "flop" else 0
    burns = max(len(state.burns), streets_dealt)
    stub = len(deck(state.variant.short_deck)) - held - len(state.board) - burns
    if stub <= 0:
        raise InvalidEvent("no cards are left in the stub", field=f"{where}.type")
    fact = _base(situation, "stub_dropped", index)
    fact.update({
        "reconstructable": dropped.reconstructable, "mixed_with_discards": dropped.mixed_with_discards,
        "stub_cards": stub, "discards": folded + burns,
        "new_stub_cards": stub + (folded + burns if dropped.mixed_with_discards else 0),
    })
    return [fact]


@builds("draw-stub-short")
def draw_stub_facts(situation: Situation, short: DrawStubShort, index: int) -> list[Fact]:
    where = f"incidents[{index}]"
    if situation.state.family != "draw":
        raise InvalidEvent(f"{situation.state.variant} is not a draw game: a short stub there has its own "
                           f"procedure (stud: stud-irregularity)", field=f"{where}.type")
    with_burns = short.stub_cards + short.burn_cards
    last_card = short.stub_cards == short.cards_needed
    # 2026 RP-25: the last card may be dealt; then the burns join the stub, unless one was seen or
    # they are not enough, when the stub, the burns and the muck are shuffled together
    burns_do = not last_card and not short.burn_exposed and with_burns >= short.cards_needed
    fact = _base(situation, "draw_stub_short", index)
    fact.update({
        "cards_needed": short.cards_needed, "stub_cards": short.stub_cards, "burn_cards": short.burn_cards,
        "burn_exposed": short.burn_exposed, "last_card_completes": last_card,
        "burns_complete": burns_do, "with_muck": not last_card and not burns_do,
        "new_stub_cards": with_burns if burns_do else short.stub_cards,
        "burn_first": burns_do and with_burns > short.cards_needed,
    })
    return [fact]


@builds("new-game-seating")
def new_game_seating_facts(situation: Situation, seating: NewGameSeating, index: int) -> list[Fact]:
    """Who keeps a seat two players want when a new game starts: the first to arrive (Robert's
    Rules, Seating) or the first on the list (option new_game_seat_choice)."""
    if situation.table.format is GameFormat.TOURNAMENT:
        raise InvalidEvent("tournament seats are drawn at random (TDA 2024 7 / 2026 8): nobody chooses a seat",
                           field=f"incidents[{index}].type")
    rule = situation.option_choice("new_game_seat_choice", "arrival", ("arrival", "list-order"))
    keeps = seating.seated if rule == "arrival" else min(seating.seated, seating.claimant)
    fact = incident_fact(situation, "new_game_seating", index)
    fact.update({
        "seated": seating.seated, "claimant": seating.claimant, "choice_rule": rule,
        "seat_goes_to": keeps, "seated_keeps": keeps == seating.seated,
        "seated_higher_on_list": seating.seated < seating.claimant,
    })
    return [fact]
