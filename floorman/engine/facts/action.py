"""Facts for the action family: turn order, questions to the floor, limits, reopening, table
stakes and counts.

Every number a rule compares is computed here, from the hand as the events left it:

* `question:<n>`  what the asking seat faces: to_call, min_raise_to, whether it may raise
  (reopened, capped, chips beyond the call), the pot-limit maximum and how it is counted, a
  count of another seat's all-in, the uncalled bet and the pots;
* `oot:<n>`       an action out of turn: the seats it skipped, what they did when the action
  backed up (did a bet or raise change the action?), whether substantial action came out of
  turn behind the skipped seat;
* `stakes:<n>`    chips or cash brought from the pocket (table stakes), with the all-in call
  the seat can make and what would come back to the bettor;
* `visibility:<n>`, `cash:<n>`, `count:<n>`  hidden chips, cash on the table, a wrong count;
* the `wager` fact gets `act_*` fields: the amount the wager bets to, whether it is under the
  minimum bet, a raise the seat may not make (not reopened, capped), over the pot-limit
  maximum, an undercall and how the undercall rule treats it.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass

from floorman.engine.facts import Fact, Situation, builds, extends, incident_seat, round_log
from floorman.errors import InvalidEvent
from floorman.model.events import Action
from floorman.model.incidents.action import (
    BETTING_KINDS,
    CashOnTable,
    ChipsAdded,
    ChipsHidden,
    FollowingAction,
    OutOfTurn,
    Question,
    WrongCount,
)
from floorman.model.incidents.betting import Wager
from floorman.model.state import HandState
from floorman.model.table import BettingStructure, GameFormat

CHIP_ACTIONS = ("bet", "raise", "call", "all-in")


# ---------------------------------------------------------------------- shared arithmetic


def _between_streets(state: HandState) -> bool:
    """The last betting round is over and the next street's cards were not given: the amounts
    of the finished round (current bet, raise sizes) no longer apply."""
    return state.awaiting_cards and not state.hand_over


def _require_open_round(state: HandState, where: str) -> None:
    if _between_streets(state):
        following = state.streets[min(state.street_index + 1, len(state.streets) - 1)]
        raise InvalidEvent(f"the {state.street} betting is over and the {following} cards were not given: "
                           f"add them (a board, deal or draw event) before this incident", field=where)


def _preflop(state: HandState) -> bool:
    return state.street_index == 0 and state.variant.family != "stud"


@dataclass(frozen=True)
class PotLimitCount:
    """How the pot-limit maximum is counted for one seat: call first, then raise by the pot."""

    pot: int            # the pot as counted (pre-flop: with full blinds), bets in front included
    call: int           # the call counted (pre-flop: against at least the full big blind)
    current: int        # the bet counted as faced
    max_to: int         # the most the seat may bet or raise to, ignoring its stack

    @property
    def pot_after_call(self) -> int:
        return self.pot + self.call


def pot_limit_count(state: HandState, seat: int) -> PotLimitCount:
    s = state.seats[seat]
    pot = state.pot
    current = state.current_bet
    if _preflop(state):
        blinds = state.table.forced_bets
        pot += max(0, blinds.small_blind + blinds.big_blind - state.posted_blinds)
        current = max(current, blinds.big_blind)
    call = current - s.street_bet
    max_to = state.pot_limit_max_to(seat)           # HandState is the authority on the maximum
    if max_to != current + pot + call:              # keep the shown count adding up to it
        pot = max_to - current - call
    return PotLimitCount(pot=pot, call=call, current=current, max_to=max_to)


def raise_size(state: HandState) -> int:
    """The size of a full bet or raise this round (fixed-limit: the bet)."""
    if state.betting is BettingStructure.FIXED_LIMIT:
        return state.bet_size
    return max(state.last_full_raise, state.min_bet)


def seat_view(situation: Situation, seat: int) -> Fact:
    """What one seat faces right now: amounts, whether it may raise and why not, the maxima."""
    state = situation.state
    s = state.seats[seat]
    fixed = state.betting is BettingStructure.FIXED_LIMIT
    to_call = state.to_call(seat)
    owed = max(0, state.current_bet - s.street_bet)          # before the stack caps it
    all_in_to = s.street_bet + s.stack
    others = any(t.can_act for t in state.seats.values() if t.number != seat)
    reopened = state.reopened_for(seat)
    acted = s.acted_level is not None
    faced_since = state.current_bet - s.acted_level if s.acted_level is not None else 0
    cap_reached = state.cap_reached
    structure = state.table.structure
    cap_count_reached = fixed and structure.raise_cap is not None and state.bets_and_raises >= structure.raise_cap
    chips_beyond = all_in_to > state.current_bet
    raise_allowed = reopened and not cap_reached and chips_beyond and others
    size = raise_size(state)
    min_raise_to = state.min_raise_to()
    if state.betting is BettingStructure.POT_LIMIT:
        count = pot_limit_count(state, seat)
        structure_max = count.max_to
    else:
        count = None
        structure_max = min_raise_to if fixed else all_in_to
    actor = state.actor
    if not fixed or not cap_count_reached:
        cap_reason = "no cap applies" if not fixed else "the cap is not reached"
    elif state.table.format is GameFormat.TOURNAMENT:
        left = state.table.players_left_in_event
        cap_reason = ("the tournament is down to its last two players" if not cap_reached else
                      f"the tournament still has {left} players (the cap holds until two are left)" if left else
                      "the tournament is not down to two players (the cap holds until then)")
    elif not cap_reached:
        cap_reason = ("the room lifts the cap when only two players not all-in are left in the hand, and two "
                      "are")
    elif state.cap_lifted_heads_up and state.capped_multiway:
        cap_reason = "the room lifts the cap only if the action was heads-up before the cap, and it was not"
    elif state.cap_lifted_heads_up:
        cap_reason = (f"the room lifts the cap only heads-up, and {len(state.contesting_seats)} players "
                      f"not all-in are in the hand")
    else:
        cap_reason = "the room keeps the cap even heads-up"
    return {
        "seat": seat, "in_turn": actor == seat, "to_act": actor or 0,
        "betting": state.betting.value, "format": state.table.format.value,
        "big_bet_game": not fixed, "fixed_limit": fixed,
        "pot_limit": state.betting is BettingStructure.POT_LIMIT,
        "street": state.street, "preflop": _preflop(state),
        "players_in_hand": len(state.active_seats), "heads_up": len(state.active_seats) == 2,
        "current_bet": state.current_bet, "bet_open": state.current_bet > 0,
        "street_bet": s.street_bet, "stack": s.stack, "all_in_to": all_in_to,
        "to_call": to_call, "owed": owed, "facing_bet": to_call > 0, "call_to": s.street_bet + to_call,
        "short_of_call": owed > s.stack,
        "acted": acted, "faced_since_acted": faced_since, "reopened": reopened,
        "reopen_needed": (size + 1) // 2 if fixed else size,
        "cap_reached": cap_reached, "cap_count_reached": bool(cap_count_reached),
        "cap_lifted": bool(cap_count_reached) and not cap_reached, "cap_reason": cap_reason,
        "raise_cap": structure.raise_cap or 0, "bets_and_raises": state.bets_and_raises,
        "players_left_in_event": state.table.players_left_in_event or 0,
        "chips_beyond_call": chips_beyond, "others_can_act": others, "raise_allowed": raise_allowed,
        # open by the betting rules, but no raise is possible: no chips beyond the call, or nobody
        # left with chips to call a raise
        "raise_impossible": reopened and not cap_reached and not raise_allowed,
        "raise_impossible_why": ("it has no chips beyond the call" if not chips_beyond else
                                 "nobody else has chips left to call a raise"),
        "min_bet": state.min_bet, "bet_size": state.bet_size if fixed else 0,
        "last_full_raise": size, "min_raise_to": min_raise_to,
        "raise_by": min_raise_to - state.current_bet,
        "min_raise_all_in": all_in_to < min_raise_to,
        "max_to": min(structure_max, all_in_to),
        "pot": state.pot,
        "pl_pot": count.pot if count else 0, "pl_call": count.call if count else 0,
        "pl_pot_after_call": count.pot_after_call if count else 0,
        "pl_max_to": count.max_to if count else 0,
        "pl_raise_by": count.pot_after_call if count else 0,
    }


def pots_text(state: HandState) -> tuple[int, int, int, str]:
    """(main pot, number of side pots, side pots total, the pots in words)."""
    from floorman.model.pots import pot_name

    pots = state.pots() if state.pot else []
    if not pots:
        return 0, 0, 0, "no pot"
    words = "; ".join(f"{pot_name(i)} {p.amount:,} (seats {', '.join(map(str, p.eligible))})"
                      for i, p in enumerate(pots))
    return pots[0].amount, len(pots) - 1, sum(p.amount for p in pots[1:]), words


def _replay(situation: Situation, extra: list[Action], where: str) -> HandState:
    """The hand with `extra` actions applied after the events (each must be legal, in turn)."""
    state = HandState.replay(situation.table, situation.events, room=situation.room,
                             tolerate=situation.state.tolerate)   # a bet a ruling let stand as made
    for i, action in enumerate(extra):
        try:
            state.apply(action)
        except InvalidEvent as error:
            raise InvalidEvent(f"{error.message}", field=f"{where}[{i}]") from None
    return state


def _options(situation: Situation) -> dict[str, object]:
    return {"exact_count_only_facing_all_in": bool(situation.option("exact_count_only_facing_all_in", True)),
            "cash_plays": bool(situation.option("cash_plays", False))}


# ---------------------------------------------------------------------- question
@builds("question")
def question_facts(situation: Situation, question: Question, index: int) -> list[Fact]:
    state = situation.state
    where = f"incidents[{index}]"
    seat = question.seat if question.seat is not None else state.actor
    if seat is None:
        raise InvalidEvent("nobody is to act: say which seat asks (`seat`)", field=f"{where}.seat")
    incident_seat(situation, seat, f"{where}.seat", live=True)
    if question.asks != "uncalled":
        _require_open_round(state, f"{where}.asks")
    fact: Fact = {"type": "question", "id": f"question:{index}", "asks": question.asks, "by": question.by,
                  **seat_view(situation, seat), **_options(situation)}
    # count-stack: the seat counted, and whether the asker faces its all-in, in turn
    about = question.about
    if about is not None:
        if about not in state.seats or not state.seats[about].dealt_in:
            raise InvalidEvent(f"seat {about} is not in the hand", field=f"{where}.about")
        if about == seat:
            raise InvalidEvent("a seat asks for a count of another seat's chips", field=f"{where}.about")
    other = state.seats[about] if about is not None else None
    about_all_in = bool(other and other.all_in)
    facing_all_in = bool(other and about_all_in and other.street_bet > state.seats[seat].street_bet
                         and fact["facing_bet"])
    fact.update({
        "about": about or 0, "exact": question.exact,
        "about_stack": other.stack if other else 0,
        "about_all_in": about_all_in,
        "about_bet_to": other.street_bet if other else 0,
        "facing_all_in": facing_all_in,
        "exact_count_allowed": facing_all_in and fact["in_turn"],
    })
    # uncalled bet and pots, as the hand stands
    uncalled = state.uncalled_bet()
    main, sides, side_total, words = pots_text(state)
    fact.update({
        "uncalled": bool(uncalled), "returned": uncalled[1] if uncalled else 0,
        "returned_to": uncalled[0] if uncalled else 0,
        "main_pot": main, "side_pot_count": sides, "side_pots_total": side_total, "pots_text": words,
    })
    return [fact]


# ---------------------------------------------------------------------- out of turn
def _substantial(actions: list[tuple[int, str]]) -> bool:
    """TDA: two actions of which one puts chips in, or any three actions."""
    chips = any(kind in CHIP_ACTIONS for _, kind in actions)
    return len(actions) >= 3 or (len(actions) >= 2 and chips)


def _as_event(action: FollowingAction) -> Action:
    return Action(seat=action.seat, action=action.action, amount=action.amount)


@builds("out-of-turn")
def out_of_turn_facts(situation: Situation, oot: OutOfTurn, index: int) -> list[Fact]:
    state = situation.state
    where = f"incidents[{index}]"
    actor = state.actor
    if actor is None:
        raise InvalidEvent("no betting action is pending, so nobody can act out of turn", field=f"{where}.seat")
    incident_seat(situation, oot.seat, f"{where}.seat", live=True)
    if oot.seat == actor:
        raise InvalidEvent(f"seat {oot.seat} is the seat to act: its action is in turn", field=f"{where}.seat")
    if state.seats[oot.seat].stack == 0:
        raise InvalidEvent(f"seat {oot.seat} is all-in and has no action", field=f"{where}.seat")
    oot_seat = state.seats[oot.seat]
    if oot.amount is not None and oot.amount > oot_seat.street_bet + oot_seat.stack:
        raise InvalidEvent(f"seat {oot.seat} bets to {oot.amount:,} but has only "
                           f"{oot_seat.street_bet + oot_seat.stack:,} (table stakes)", field=f"{where}.amount")
    s = state.seats[oot.seat]
    if oot.action in ("bet", "raise", "all-in"):
        put_out = (oot.amount if oot.amount is not None else s.street_bet + s.stack) - s.street_bet
    elif oot.action == "call":
        put_out = state.to_call(oot.seat)
    else:
        put_out = 0
    amount_to = s.street_bet + put_out
    oot_text = {"check": "a check", "fold": "a fold", "call": f"a call of {put_out:,}",
                "bet": f"a bet of {amount_to:,}", "raise": f"a raise to {amount_to:,}",
                "all-in": f"all-in to {amount_to:,}"}[oot.action]
    return [oot_fact(situation, index, OotAct(oot.seat, oot.action, put_out, oot_text), oot.skipped, oot.then,
                     oot.spoke_up)]


@dataclass(frozen=True)
class OotAct:
    """What a seat did out of turn: the action (or "wager": chips or an amount whose meaning the
    chip rules give in turn), the chips it put out and the words for it."""

    seat: int
    action: str
    put_out: int
    text: str


def oot_fact(situation: Situation, index: int, act: OotAct, skipped: int | None,
             then: tuple[FollowingAction, ...], spoke_up: bool) -> Fact:
    """The `oot` fact: who was skipped, the seats in between, what followed (the action backed up
    to them, or play that carried on out of turn behind the skipped seat) and whether it changed
    the action to the out-of-turn seat (TDA 2024 53 / 2026 55)."""
    state = situation.state
    where = f"incidents[{index}]"
    actor = state.actor
    skipped = skipped if skipped is not None else actor
    if skipped != actor:
        raise InvalidEvent(f"seat {actor} is to act, not seat {skipped}", field=f"{where}.skipped")
    if skipped is None:        # the round is over: acting now skips nobody
        raise InvalidEvent("nobody is to act now, so no seat was skipped", field=f"{where}.skipped")
    # the seats due to act before the out-of-turn seat, clockwise from the skipped seat
    order = state.order
    start = order.index(skipped)
    rotation = order[start:] + order[:start]
    between: list[int] = []
    for n in rotation:
        if n == act.seat:
            break
        if n in state.seats_to_act:
            between.append(n)
    between_set = set(between)
    # what followed: play that carried on out of turn (behind the skipped seat), then the
    # action backing up to the seats in between
    behind: list[tuple[int, str]] = [(act.seat, act.action)]
    backed: list[FollowingAction] = []
    for i, follow in enumerate(then):
        if follow.seat == act.seat:
            break                       # the out-of-turn seat's own turn came: the ruling is before it
        if follow.seat in between_set:
            backed.append(follow)
        elif not backed:
            if follow.seat not in state.seats or not state.seats[follow.seat].live:
                raise InvalidEvent(f"seat {follow.seat} is not live in this hand", field=f"{where}.then[{i}]")
            behind.append((follow.seat, follow.action))
    sa = _substantial(behind) and not spoke_up
    after = _replay(situation, [_as_event(a) for a in backed], f"{where}.then") if backed and not sa else state
    acted_between = {a.seat for a in backed}
    changed = after.current_bet > state.current_bet
    changed_by = next((a.seat for a in backed if a.action in BETTING_KINDS), 0) if changed else 0
    # a seat that already acted, with no bet since, has no turn left unless someone bets; and the
    # round may close before the action comes back to it: then the out-of-turn action is no action
    due = act.seat in state.seats_to_act
    no_turn = not changed and not sa and (not due or (between_set <= acted_between and after.actor != act.seat))
    resolved = not no_turn and not changed and (between_set <= acted_between or after.actor == act.seat)
    return {
        "type": "oot", "id": f"oot:{index}", "seat": act.seat, "oot_action": act.action,
        "oot_amount": state.seats[act.seat].street_bet + act.put_out, "oot_chips": act.put_out,
        "oot_text": act.text, "oot_puts_chips": act.action in CHIP_ACTIONS or act.put_out > 0,
        "oot_fold": act.action == "fold", "oot_check": act.action == "check",
        "oot_wager": act.action == "wager",
        "skipped": skipped, "seats_between": len(between), "between_seats": ", ".join(map(str, between)),
        "backed_up_actions": len(backed), "resolved": resolved and not sa,
        "pending": not resolved and not changed and not sa and not no_turn, "no_turn_left": no_turn,
        "action_changed": changed and not sa, "changed_by": changed_by,
        "facing_before": state.current_bet, "to_call_before": state.to_call(act.seat),
        "facing_before_text": f"a bet of {state.current_bet:,}" if state.current_bet else "no bet",
        "facing_after_text": f"a bet of {after.current_bet:,}" if after.current_bet else "no bet",
        "facing_after": after.current_bet, "to_call_after": after.to_call(act.seat),
        "min_raise_after": after.min_raise_to(),
        "actions_out_of_turn": len(behind), "sa_out_of_turn": sa, "spoke_up": spoke_up,
        "heads_up": len(state.active_seats) == 2, "players_in_hand": len(state.active_seats),
        "street": state.street, "betting": state.betting.value,
    }


def wager_oot_act(wager: Wager, fact: Fact) -> OotAct:
    """Chips or words put out by a seat not due to act, as an out-of-turn action: a standard word
    that decides the wager is that action; chips (or an amount said) are a wager whose meaning the
    chip and declaration rules give once the action reaches the seat in turn."""
    chips = fact["new_chips_total"]
    action = wager.action
    if action == "wager":
        said = f"\"{wager.amount_said:,}\" said" if wager.amount_said is not None else ""
        pushed = f"{chips:,} in chips" if chips else ""
        return OotAct(wager.seat, "wager", chips, " with ".join(p for p in (pushed, said) if p) or "a wager")
    words = {"all-in": "\"all-in\""}.get(action, f"\"{action}\"")
    return OotAct(wager.seat, action, chips, f"{words} said" + (f" with {chips:,} in chips" if chips else ""))


# ---------------------------------------------------------------------- table stakes
@builds("chips-added")
def chips_added_facts(situation: Situation, added: ChipsAdded, index: int) -> list[Fact]:
    state = situation.state
    where = f"incidents[{index}]"
    s = incident_seat(situation, added.seat, f"{where}.seat")
    mid_hand = added.when == "mid-hand"
    if mid_hand:
        incident_seat(situation, added.seat, f"{where}.seat", live=True)
        _require_open_round(state, f"{where}.when")
    owed = max(0, state.current_bet - s.street_bet)
    short = mid_hand and owed > s.stack and s.stack > 0
    returned, returned_to, main, sides, side_total, words = 0, 0, 0, 0, 0, "no pot"
    if short and state.actor == added.seat:
        # the all-in call the seat can make with what was on the table, and what comes back
        called = _replay(situation, [Action(seat=added.seat, action="call")], f"{where}")
        uncalled = called.uncalled_bet()
        if uncalled:
            returned_to, returned = uncalled
        main, sides, side_total, words = pots_text(called)
    # table stakes: a top-up between hands goes only up to the table maximum (buy_in_max_big_blinds)
    table_max = state.big_blind * int(situation.option("buy_in_max_big_blinds", 100))
    after = s.stack + added.amount
    fact: Fact = {
        "type": "stakes", "id": f"stakes:{index}", "seat": added.seat, "added": added.amount,
        "mid_hand": mid_hand, "format": situation.table.format.value,
        "cash_game": situation.table.format is GameFormat.CASH,
        "table_chips": s.stack, "street_bet": s.street_bet, "all_in_to": s.street_bet + s.stack,
        "owed": owed, "short_of_call": short, "shortfall": max(0, owed - s.stack),
        "in_turn": state.actor == added.seat,
        "returned": returned, "returned_to": returned_to, "main_pot": main,
        "side_pot_count": sides, "side_pots_total": side_total, "pots_text": words,
        "starting_stack": s.starting_stack,
        "table_max": table_max, "over_table_max": after > table_max,
        "may_add": max(0, table_max - s.stack), "excess": max(0, after - max(table_max, s.stack)),
    }
    return [fact]


@builds("chips-hidden")
def chips_hidden_facts(situation: Situation, hidden: ChipsHidden, index: int) -> list[Fact]:
    state = situation.state
    incident_seat(situation, hidden.seat, f"incidents[{index}].seat")
    return [{
        "type": "visibility", "id": f"visibility:{index}", "seat": hidden.seat, "where": hidden.where,
        "at_table": hidden.where != "off-table", "amount": hidden.amount,
        "large_denomination": hidden.large_denomination,
        "format": situation.table.format.value, "cash_game": situation.table.format is GameFormat.CASH,
        "stack": state.seats[hidden.seat].stack,
    }]


@builds("cash-on-table")
def cash_facts(situation: Situation, cash: CashOnTable, index: int) -> list[Fact]:
    state = situation.state
    incident_seat(situation, cash.seat, f"incidents[{index}].seat")
    options = _options(situation)
    cash_game = situation.table.format is GameFormat.CASH
    plays = bool(options["cash_plays"]) and cash.visible and cash_game
    stack = state.seats[cash.seat].stack
    return [{
        "type": "cash", "id": f"cash:{index}", "seat": cash.seat, "amount": cash.amount,
        "visible": cash.visible, "cash_game": cash_game, "room_allows_cash": bool(options["cash_plays"]),
        "cash_plays": plays, "stack": stack, "in_play": stack + (cash.amount if plays else 0),
        "format": situation.table.format.value,
    }]


@builds("wrong-count")
def wrong_count_facts(situation: Situation, wrong: WrongCount, index: int) -> list[Fact]:
    state = situation.state
    where = f"incidents[{index}]"
    incident_seat(situation, wrong.seat, f"{where}.seat", live=True)
    _require_open_round(state, f"{where}.seat")
    real = state.to_call(wrong.seat)
    s = state.seats[wrong.seat]
    return [{
        "type": "count", "id": f"count:{index}", "seat": wrong.seat, "told": wrong.told, "by": wrong.by,
        "acted": wrong.acted, "real": real, "count_wrong": wrong.told != real,
        "count_too_low": wrong.told < real, "count_too_high": wrong.told > real,
        "chips_to_add": max(0, real - wrong.told), "change": max(0, wrong.told - real),
        "call_to": s.street_bet + real, "all_in": real == s.stack and real > 0,
        "stack": s.stack,
    }]


# ---------------------------------------------------------------------- wager extension
def _street_levels(situation: Situation) -> tuple[list[int], list[int]]:
    """The bet levels of the current betting round, in order, in two runs: the blinds' (pre-flop,
    from the big blind on; a straddle is a raise over it) and the bets' and raises'. Read from
    the hand's round log, never by replaying the hand, and never copied: a wager's facts cost
    the same however long the hand (or the list of incidents) is. Only asked while a betting
    round is open (a wager is refused otherwise)."""
    state = situation.state
    log = round_log(state)
    if not log.aligned:
        return [], _street_levels_by_replay(situation)
    bets = log.bet_levels(state) if log.street == state.street else []
    if not _preflop(state):
        return [], bets
    big = situation.table.forced_bets.big_blind
    return [level for level in _blind_levels(situation) if level >= big], bets


def _most_within(runs: tuple[list[int], ...], low: int, high: int) -> int | None:
    """The largest level above `low` and at most `high` in increasing runs (None: none)."""
    best = None
    for run in runs:
        at = bisect_right(run, high)
        if at and run[at - 1] > low:
            best = run[at - 1] if best is None else max(best, run[at - 1])
    return best


def _blind_levels(situation: Situation) -> list[int]:
    """The bet levels the live posts make before anyone acts (the big blind, straddles)."""
    from floorman.model.events import Post

    big = situation.table.forced_bets.big_blind
    in_front: dict[int, int] = {}
    current, levels = 0, []
    for event in situation.state.events:
        if isinstance(event, Action):
            break
        if not isinstance(event, Post) or not event.live:
            continue
        in_front[event.seat] = in_front.get(event.seat, 0) + event.amount
        level = max(current, in_front[event.seat], big if event.kind == "big-blind" else 0)
        if level > current:
            levels.append(level)
            current = level
    return levels


def _street_levels_by_replay(situation: Situation) -> list[int]:
    state = HandState(situation.table, room=situation.room)
    levels: list[int] = []
    for event in situation.state.events:
        street_before = state.street_index
        bet_before = state.current_bet
        state.apply(event)
        if state.street_index != street_before:
            levels, bet_before = [], 0
        if state.current_bet > bet_before:
            levels.append(state.current_bet)
    if _preflop(state):
        big = situation.table.forced_bets.big_blind
        levels = [level for level in levels if level >= big]
    return levels


def _bet_to(wager: Wager, fact: Fact, situation: Situation, pl_max_to: int) -> int:
    """The street total the wager bets or raises to (0 = it is not a bet or raise)."""
    decided = fact["decided_by"]
    all_in_to = int(fact["street_bet"]) + int(fact["stack"])
    if decided == "words":
        declared = wager.declared
        if declared in ("bet", "raise"):
            if wager.amount_said is not None:
                # "raise BY N": the increment over the bet faced; otherwise the amount is the total
                return int(fact["current_bet"]) + wager.amount_said if wager.raise_by else wager.amount_said
            return int(fact["push_to"]) if wager.chips else 0
        if declared == "amount-only":
            return wager.amount_said or 0
        if declared == "all-in":
            return all_in_to
        if declared == "pot" and situation.state.betting is BettingStructure.POT_LIMIT:
            return min(pl_max_to, all_in_to)
        return 0
    if decided == "chips":
        if fact["single_chip"] and fact["facing_bet"]:
            return 0
        return int(fact["push_to"])
    return 0


def _word_binds_as(wager: Wager, fact: Fact, state: HandState, may_raise: bool, short: bool) -> str:
    """The action a standard word commits the seat to, in words: "a call of 500, all in
    (raising is not open to it)", "a raise to at least 2,000", "a fold"..."""
    word, call, facing = wager.declared, fact["call_amount"], fact["facing_bet"]
    all_in_to = fact["street_bet"] + fact["stack"]
    calling = f"a call of {call:,}" + (", all in" if short else "")
    if word == "fold":
        return "a fold"
    if word in ("check", "tap"):
        return f"a call of {call:,} or a fold (no check facing a bet)" if facing else "a check"
    if word == "call":
        return calling if facing else "a check (there is nothing to call)"
    if facing and not may_raise:
        return f"{calling} (raising is not open to it)"
    if word == "all-in":
        return f"all in for {all_in_to:,}"
    fixed = state.betting is BettingStructure.FIXED_LIMIT
    top = min(fact["min_raise_to"] if fixed else fact["max_raise_to"], all_in_to)
    least = min(fact["min_raise_to"] if facing else fact["min_bet"], top)
    return f"a {'raise' if facing else 'bet'} to at least {least:,}"


def _declared_raise(wager: Wager, fact: Fact, bet_to: int) -> bool:
    """Facing a bet, the words try to put in more than a call ("raise", "pot", "all-in" with
    chips beyond the call, or an amount above the current bet)."""
    if not fact["facing_bet"] or fact["decided_by"] != "words":
        return False
    if fact["declared"] in ("raise", "pot"):
        return True
    return bet_to > int(fact["current_bet"])


def _is_undercall(fact: Fact) -> bool:
    """Less than the call, put out silently, with chips left behind (a tiny push against a big
    bet is left to the non-standard-call rule, TDA 2024 41 / 2026 43)."""
    return (fact["decided_by"] == "chips" and fact["facing_bet"] and fact["under_call"]
            and fact["chips_behind"] and not fact.get("tiny_push", False))


def _previous_wager_fact(situation: Situation, index: int) -> Fact | None:
    """The wager fact of the nearest wager incident before `index`, as it was built when that
    incident was ruled (None: no wager before it)."""
    for earlier_index in range(index - 1, -1, -1):
        if not isinstance(situation.incidents[earlier_index], Wager):
            continue
        built = situation.earlier.get(earlier_index, ())
        return next((f for f in built if f["type"] == "wager"), None)
    return None


@extends("wager")
def wager_action_fields(situation: Situation, wager: Wager, index: int, built: list[Fact]) -> None:
    state = situation.state
    fact = next(f for f in built if f["type"] == "wager")
    seat = wager.seat
    fixed = state.betting is BettingStructure.FIXED_LIMIT
    pot_limit = state.betting is BettingStructure.POT_LIMIT
    all_in_to = fact["street_bet"] + fact["stack"]
    pl_max = min(pot_limit_count(state, seat).max_to, all_in_to) if pot_limit else 0
    bet_to = _bet_to(wager, fact, situation, pl_max)
    declared_raise = _declared_raise(wager, fact, bet_to)
    may_raise = bool(fact.get("may_raise", fact["reopened"] and not state.cap_reached))
    s = state.seats[seat]
    # undercalls: the opening bet of the round, the levels, and the order of several undercalls
    undercall = _is_undercall(fact)
    blind_levels, bet_levels = _street_levels(situation)
    first_levels = blind_levels or bet_levels
    opening = first_levels[0] if first_levels else 0
    facing_opening = bool(first_levels) and state.current_bet == opening
    heads_up = len(state.active_seats) == 2
    street_bet = fact["street_bet"]
    chips_total = fact["chips_total"]
    # the undercall forfeits the largest bet level its chips could have been meant to call
    intended = _most_within((blind_levels, bet_levels), street_bet, street_bet + chips_total)
    forfeit = intended - street_bet if intended is not None else chips_total
    # undercalls in sequence (TDA 2024 51-C): the nearest wager ruled before this one carries the
    # count of undercalls so far and the first undercaller, so no other wager is rebuilt
    previous = _previous_wager_fact(situation, index)
    undercalls_before = int(previous["act_undercall_count"]) if previous else 0
    first_undercaller = int(previous["act_first_undercaller"]) if previous and undercalls_before else seat
    faced_since = state.current_bet - s.acted_level if s.acted_level is not None else 0
    reopen_needed = (state.bet_size + 1) // 2 if fixed else raise_size(state)
    short = all_in_to <= fact["current_bet"]
    closed_reason = {"all-in-for-less": f"its {all_in_to:,} in all does not reach past the bet of "
                                        f"{fact['current_bet']:,}: it can only call all in for {all_in_to:,}, or fold",
                     "not-reopened": f"the betting was not reopened for it (since it acted it has faced "
                                     f"{faced_since:,} more; a full raise is {reopen_needed:,})",
                     "capped": "the betting is capped",
                     "nobody-left-to-raise": "nobody left has chips to call a raise",
                     "restricted": f"{fact.get('restricted_by') or 'an earlier ruling'} left it only call or fold"}
    fields: Fact = {
        "act_bet_to": bet_to,
        # a raise declared in words when raising is closed to the seat
        "act_raise_declared": declared_raise,
        "act_raise_closed_declared": declared_raise and not may_raise,
        "act_closed_why": closed_reason.get(str(fact.get("raise_closed_reason", "")),
                                            "raising is not open to it"),
        # what the word said would bind the seat to if it were a declaration in turn (a question
        # that the floor holds to be an action: TDA 2024 3 / 57, 2026 3-B)
        "act_word_binds_as": _word_binds_as(wager, fact, state, may_raise, short),
        "act_call_chips_to_add": max(0, fact["call_amount"] - chips_total),
        "act_call_change": max(0, chips_total - fact["call_amount"]),
        "act_faced_since_acted": faced_since,
        "act_reopen_needed": reopen_needed,
        # the call takes every chip the seat has: it is all in for less than (or just) the bet
        "act_call_all_in": short,
        # all-in is a raise only when the seat may raise; otherwise only an all-in call is possible
        "act_all_in_allowed": may_raise or (short and fact["facing_bet"]),
        # pot-limit: a bet or raise over the maximum
        "act_pot_limit": pot_limit, "act_pl_max_to": pl_max,
        # only a bet or raise the seat may make can be cut to the maximum (a seat that may not
        # raise has called, whatever amount it named)
        "act_over_pot_max": pot_limit and bet_to > pl_max and bet_to > fact["current_bet"] and may_raise,
        "act_pl_change": max(0, fact["push_to"] - pl_max) if pot_limit else 0,
        "act_pl_chips_to_add": max(0, pl_max - fact["push_to"]) if pot_limit else 0,
        # undercalls (TDA 2024 51 / 2026 53)
        "act_undercall": undercall,
        "act_heads_up": heads_up, "act_opening_bet": opening, "act_facing_opening_bet": facing_opening,
        "act_undercall_full_call": undercall and (heads_up or facing_opening),
        "act_undercall_discretion": undercall and not (heads_up or facing_opening),
        "act_first_undercall": undercall and undercalls_before == 0,
        "act_later_undercall": undercall and undercalls_before > 0,
        "act_first_undercaller": first_undercaller,
        "act_undercall_count": undercalls_before + int(undercall),
        "act_undercall_forfeit": forfeit if undercall else 0,
        "act_undercall_change": chips_total - forfeit if undercall else 0,
        # table stakes: the last chips, less than the call
        "act_all_in_call_short": (fact["decided_by"] == "chips" and fact["facing_bet"] and fact["last_chips"]
                                  and chips_total < fact["to_call"]),
    }
    clash = sorted(set(fields) & set(fact))
    if clash:
        raise RuntimeError(f"wager fields {clash} are set twice (facts/action.py and another family)")
    fact.update(fields)
    if not fact["in_turn"] and not wager.in_question:
        # chips or words out of turn are an out-of-turn action (TDA 2024 53 / 2026 55): the `oot`
        # fact, ruled by the out-of-turn rules; the chip rules wait for the seat's turn
        built.append(oot_fact(situation, index, wager_oot_act(wager, fact), None, wager.then, False))
