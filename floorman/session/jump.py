"""A jump laid out as a hand: the table's stacks as they started and the events that bring the
hand to the start of the jump's street (the words are read by floorman/notation/jump.py).

`lay_out(table, jump)` returns the table (each starting stack = the stack behind + the chips put
in) and the events:

* the forced bets as the set-up posts them;
* before the flop, in turn: a seat not live folds at its first action (its forced bets are the
  dead money); the live seats put in their shares, the highest by a raise (the aggressor's, when
  one is named), the others calling it, or all in for less;
* each street before the jump's dealt (the cards given, else `??`) and checked through;
* the jump's street dealt.

So the pot, the board, the live seats and the stacks are exactly as said; what the jump does not
say (who bet what on which earlier street) is laid out the simplest way, and a ruling that reads
it is flagged by the session, never guessed.
"""

from __future__ import annotations

from typing import Any

from floorman.errors import FloormanError
from floorman.notation.errors import NotationError
from floorman.notation.jump import Jump


def lay_out(table: Any, jump: Jump, *, room: Any = None, column: int = 1) -> tuple[Any, list[Any]]:
    """(the table with each stack as it started, the events up to the start of the jump's street).
    NotationError when the jump cannot be a hand at this table."""
    from floorman.model.events import Action, Board, DealHole
    from floorman.model.state import HandState
    from floorman.model.table import Table

    def refuse(message: str, expected: str) -> NotationError:
        return NotationError(message, column=column, expected=expected)

    variant = table.variant
    if variant.family != "flop":
        raise refuse(f"a jump starts a street with board cards; {variant} has none",
                     "the hand entered from the deal")
    streets = variant.streets
    target = streets.index(jump.street)
    dealt = [seat.number for seat in table.seats if not seat.sitting_out]
    live = jump.live or dealt
    for number in [*live, *jump.stacks, *jump.shares, *([jump.aggressor] if jump.aggressor else [])]:
        if number not in dealt:
            raise refuse(f"seat {number} is not dealt in at this table",
                         "one of " + ", ".join(f"s{n}" for n in dealt))
    if len(live) < 2:
        raise refuse("a jump needs two live seats at least", "live SEAT SEAT ..., e.g. live 2 5")
    if jump.aggressor is not None and jump.aggressor not in live:
        raise refuse(f"the aggressor, seat {jump.aggressor}, is not live", "a live seat")
    posts = _forced(table)
    dead = [n for n in dealt if n not in live]
    shares = _shares(jump, posts, live, dead, table, refuse)
    starting = {seat.number: seat.stack for seat in table.seats}
    for number in dealt:
        if number in jump.stacks:
            starting[number] = jump.stacks[number] + shares[number]
        elif starting[number] < shares[number]:
            raise refuse(f"seat {number} has {starting[number]:,} and cannot have put {shares[number]:,} in the pot",
                         f"its stack: stacks {number}:AMOUNT")
    top = max(shares[n] for n in live)
    for number in live:             # a live seat that put in less than the top is all in for it
        if shares[number] < top:
            if number in jump.stacks and jump.stacks[number]:
                raise refuse(f"seat {number} put in {shares[number]:,}, less than {top:,}, with chips behind",
                             f"seat {number} all in (stacks {number}:0), or its share {top:,}")
            starting[number] = shares[number]
    seats = [seat.model_dump() | {"stack": starting[seat.number]} for seat in table.seats]
    laid = Table.from_data({**table.model_dump(), "seats": seats})
    state = HandState(laid, room=room)
    events: list[Any] = []

    def add(event: Any) -> None:
        state.apply(event)
        events.append(event)

    for event in _post_events(laid):
        add(event)
    # a seat that called and folded later put in a level the live seats passed: that level before
    # the flop, the rest on the flop (so such a seat has a round to fold in)
    called = [shares[n] for n in dead if shares[n] > posts.get(n, 0)]
    cap = max(called) if called and max(called) < top else None
    if cap is not None and target < 2:
        raise refuse(f"a seat not live put in {cap:,}, more than its forced bets and less than the live "
                     f"seats, before the {jump.street}", "its share its forced bets, or a jump to a later street")
    raiser = jump.aggressor if jump.aggressor is not None and shares[jump.aggressor] == top else None
    for index in range(target):
        goal = {n: min(share, cap) for n, share in shares.items()} if index == 0 and cap is not None else shares
        _put_in(state, add, goal, dead, raiser, refuse)
        if index + 1 == target and any(not state.seats[n].folded for n in dead):
            raise refuse("a seat not live put in more than its forced bets but had no turn to fold before the "
                         f"{jump.street}", "that seat live, or its share its forced bets")
        per = variant.board_cards[index + 1]
        before = sum(variant.board_cards[1:index + 1])
        add(Board(cards=tuple(_street_cards(jump, index + 1, per, before, variant))))
    for number, cards in jump.hands.items():
        add(DealHole(seat=number, cards=tuple(cards)))
    if jump.bet is not None:            # the street's action so far: checks to the bettor, then the bet
        bettor, to = jump.bet
        if bettor not in live:
            raise refuse(f"seat {bettor} bets, but it is not live", "a live seat's bet, e.g. bet 2:1000")
        for _ in range(len(live)):
            if state.actor in (None, bettor):
                break
            add(Action(seat=state.actor, action="check"))
        if state.actor != bettor:
            raise refuse(f"seat {bettor} is not to act on the {jump.street}", "the bet of a seat in the hand")
        try:
            add(Action(seat=bettor, action="all-in" if to == state.seats[bettor].stack else "bet", amount=to))
        except FloormanError as error:
            raise refuse(f"seat {bettor}'s bet: {error.message}", "a bet the seat can make") from None
    return laid, events


def _put_in(state: Any, add: Any, goal: dict[int, int], dead: list[int], raiser: int | None, refuse: Any) -> None:
    """One betting round in turn: each seat brings its chips in the pot up to `goal` (the first
    seat short of it bets or raises, the aggressor when named; the others call, or go all in for
    less); a seat not live folds once it owes nothing more."""
    from floorman.model.events import Action

    raised = False
    for _ in range(200):
        actor = state.actor
        if actor is None or state.betting_complete or state.awaiting_cards:
            return
        seat = state.seats[actor]
        owed = goal[actor] - seat.total
        to_call = state.to_call(actor)
        if actor in dead and owed == 0:
            add(Action(seat=actor, action="fold"))
        elif actor in dead and owed != to_call and (raised or owed < to_call):
            raise refuse(f"seat {actor}, not live, put in {goal[actor]:,}: not a level it could have called "
                         "and then folded", "a folded seat's share: its forced bets or the live seats' share")
        elif owed > to_call and (actor == raiser or (raiser is None and not raised)
                                 or (raiser is not None and goal[raiser] - state.seats[raiser].total <= 0)
                                 or state.betting.value != "no-limit"):
            # pot-limit and fixed-limit cap each raise: the seats raise in turn until the share is in
            options = [o for o in state.legal_options(actor) if o.action in ("bet", "raise")]
            to = seat.street_bet + owed
            if options and state.betting.value != "no-limit":
                to = min(to, options[0].max_to)
            if options and to < options[0].min_to and to - seat.street_bet != seat.stack:
                raise refuse(f"seat {actor}'s share cannot be made: a raise to {to:,} is below the minimum of "
                             f"{options[0].min_to:,}", "shares the betting allows")
            try:
                add(Action(seat=actor, action="all-in" if to - seat.street_bet == seat.stack else
                           ("bet" if state.current_bet == 0 else "raise"), amount=to))
            except FloormanError as error:
                raise refuse(f"the shares cannot be put in this way: {error.message}",
                             "shares the blinds allow, e.g. a raise of at least the big blind") from None
            raised = True
        elif owed >= to_call and to_call:
            add(Action(seat=actor, action="call" if owed > to_call or to_call < seat.stack else "all-in"))
        elif owed and owed < to_call:
            if owed != seat.stack:
                raise refuse(f"seat {actor} would put in {owed:,} facing {to_call:,} with chips behind",
                             "shares the betting allows")
            add(Action(seat=actor, action="all-in"))
        elif to_call:
            raise refuse(f"seat {actor} faces {to_call:,} with its share already in", "consistent shares")
        else:
            add(Action(seat=actor, action="check"))


def _street_cards(jump: Jump, index: int, per: int, before: int, variant: Any) -> list[str]:
    """The cards of street `index`: from the whole board given, or the street's own, else unknown."""
    cards = jump.cards
    whole = sum(variant.board_cards[1:variant.streets.index(jump.street) + 1])
    if len(cards) == whole:
        return cards[before:before + per]
    if index == variant.streets.index(jump.street) and len(cards) == per:
        return cards
    return ["??"] * per


def _forced(table: Any) -> dict[int, int]:
    """Each seat's forced bets (antes, blinds, straddles) as the set-up posts them."""
    from floorman.model.state import HandState

    state = HandState(table)
    for event in _post_events(table):
        state.apply(event)
    return {number: seat.total for number, seat in state.seats.items()}


def _post_events(table: Any) -> list[Any]:
    from floorman.builder import HandBuilder

    return HandBuilder.forced_posts(table)


def _shares(jump: Jump, posts: dict[int, int], live: list[int], dead: list[int], table: Any,
            refuse: Any) -> dict[int, int]:
    """Each dealt seat's chips in the pot before the jump's street."""
    # a seat not live put in its forced bets and folded, unless `in` says it called first
    shares = {n: jump.shares.get(n, posts.get(n, 0)) for n in dead}
    if jump.shares:
        missing = [n for n in live if n not in jump.shares]
        if missing:
            raise refuse(f"`in` gives some live seats' shares but not seat {missing[0]}'s",
                         "every live seat's share, e.g. in 2:3000 5:9000")
        shares.update({n: jump.shares[n] for n in live})
        total = sum(shares.values())
        if jump.pot is not None and jump.pot != total:
            raise refuse(f"pot {jump.pot:,}, but the shares and the dead forced bets add up to {total:,}",
                         f"pot {total:,}, or shares that add up to {jump.pot:,}")
    else:
        antes = _antes(table)
        dead_money = sum(shares.values())
        big = max(table.forced_bets.big_blind, max((posts.get(n, 0) - antes.get(n, 0) for n in live), default=0))
        pot = jump.pot if jump.pot is not None else dead_money + sum(antes.get(n, 0) for n in live) + big * len(live)
        level, odd = divmod(pot - dead_money - sum(antes.get(n, 0) for n in live), len(live))
        if odd or level < big:
            reason = "is less than the forced bets" if level < big else \
                f"is not {len(live)} equal shares after the dead money ({dead_money:,})"
            raise refuse(f"a pot of {pot:,} {reason}",
                         "the pot the live seats could have made, or each seat's share with `in`")
        shares.update({n: level + antes.get(n, 0) for n in live})
    for number in live:
        if shares[number] < posts.get(number, 0):
            raise refuse(f"seat {number}'s share {shares[number]:,} is less than its forced bets",
                         f"at least {posts.get(number, 0):,}")
    return shares


def _antes(table: Any) -> dict[int, int]:
    """The chips each seat put in as antes (dead money that does not count toward a call)."""
    from floorman.model.events import Post

    return {event.seat: event.amount for event in _post_events(table)
            if isinstance(event, Post) and "ante" in event.kind}
