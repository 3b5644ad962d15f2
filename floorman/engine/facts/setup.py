"""Facts for set-up, the button and forced bets (floorman/model/incidents/setup.py).

Every seat and amount a ruling names is computed here: the button draw's winner, where the
button and blinds go next hand (floorman/model/button.py), what a new or returning player posts,
the straddle's minimum raise, the dead money of the antes, the big blind's split between blind
and ante, and the numbers of a dealing procedure. Rules only compare. No field is ever None.
"""

from __future__ import annotations

from typing import NamedTuple

from floorman.engine.facts import (
    ANTE_POSTS,
    Fact,
    Situation,
    builds,
    deal_order,
    dealt_in_seats,
    incident_fact,
    table_button,
    table_seat_number,
)
from floorman.errors import FloormanError, InvalidEvent
from floorman.model import button as buttons
from floorman.model.cards import RANKS
from floorman.model.events import Post
from floorman.model.incidents.setup import (
    BigBlindAnteShort,
    ButtonDraw,
    ForcedBetQuestion,
    MissedBlinds,
    NewPlayer,
    NextHandButton,
    ProcedureQuestion,
    Straddle,
)
from floorman.model.state import HandState

_RANK_NAMES = dict(zip(RANKS, ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack",
                               "queen", "king", "ace")))
_SUIT_NAMES = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}


def _base(situation: Situation, kind: str, index: int) -> Fact:
    return {**incident_fact(situation, kind, index), "family": situation.table.variant.family}


def _seats(numbers: list[int] | tuple[int, ...]) -> str:
    return ", ".join(f"seat {n}" for n in numbers) if numbers else "none"


def _current_blinds(situation: Situation, where: str) -> tuple[int | None, int]:
    """This hand's small and big blind seats: the posts if made, else where the button puts them."""
    small = big = None
    for event in situation.events:
        if isinstance(event, Post):
            if event.kind == "small-blind" and small is None:
                small = event.seat
            elif event.kind == "big-blind" and big is None:
                big = event.seat
    if big is None:
        expected_small, expected_big = situation.state.expected_blind_seats()
        small, big = (small or expected_small), expected_big
    if big is None:
        raise InvalidEvent("the table has no button or fewer than two players dealt in: no blinds to move",
                           field=f"{where}.type")
    return small, big


# ---------------------------------------------------------------------------- the button draw
@builds("button-draw")
def button_draw_facts(situation: Situation, draw: ButtonDraw, index: int) -> list[Fact]:
    where = f"incidents[{index}]"
    table = situation.table
    cards: dict[int, str] = {}
    in_order = [seat.number for seat in sorted(table.seats, key=lambda s: s.number) if not seat.sitting_out]
    if draw.cards[0].startswith("0:") and len(draw.cards) != len(in_order):
        raise InvalidEvent(f"{len(draw.cards)} cards for {len(in_order)} players: give one card per player in "
                           "seat order, or each card with its seat (4:Ks)", field=f"{where}.cards")
    for position, item in enumerate(draw.cards):
        seat_text, card = item.split(":")
        seat = int(seat_text) or in_order[position]
        if table.seat(seat) is None:
            raise InvalidEvent(f"seat {seat} has no player: the draw deals a card to each player",
                               field=f"{where}.cards")
        if seat in cards:
            raise InvalidEvent(f"seat {seat} is given two cards", field=f"{where}.cards")
        cards[seat] = card
    try:
        result = buttons.button_draw(cards)
    except ValueError as error:
        raise InvalidEvent(str(error), field=f"{where}.cards") from None
    fact = _base(situation, "button_draw", index)
    fact.update({
        "button": result.seat, "card": result.card, "players": len(cards),
        "rank_tie": bool(result.tied), "tied_seats": _seats(result.tied),
        "high_rank": _RANK_NAMES[result.card[0]], "suit": _SUIT_NAMES[result.card[1]],
        "cards": ", ".join(f"seat {seat} {card}" for seat, card in sorted(cards.items())),
    })
    return [fact]


# ---------------------------------------------------------------------------- next hand's button
def _procedure(situation: Situation) -> str:
    """Tournaments always use the dead button (TDA 2024 32 / 2026 34); a cash room chooses."""
    moving = situation.table.format.value == "cash" and situation.option("button_rule", "dead") == "moving"
    if moving:
        return "moving-button"
    return "tda-2026-dead-button" if situation.option_flag("button_jumps_empty_seats", True) else "dead-button"


@builds("next-hand-button")
def next_hand_button_facts(situation: Situation, move: NextHandButton, index: int) -> list[Fact]:
    where = f"incidents[{index}]"
    table = situation.table
    button = table_button(situation, f"{where}.type")
    dealt = dealt_in_seats(situation)
    for seat in move.leaving:
        if seat not in dealt:
            raise InvalidEvent(f"seat {seat} is not a player dealt in at this table", field=f"{where}.leaving")
    occupied = [seat for seat in dealt if seat not in move.leaving]
    if len(occupied) < 2:
        raise InvalidEvent(f"only {_seats(occupied)} would be left: a hand needs two players (the event is over)",
                           field=f"{where}.leaving")
    small, big = _current_blinds(situation, where)
    procedure = _procedure(situation)
    try:
        positions = buttons.next_hand_positions(
            seat_count=table.seat_count, occupied_next_hand=occupied, button=button,
            small_blind=small, big_blind=big, procedure=procedure)
        plain = positions if procedure != "tda-2026-dead-button" else buttons.next_hand_positions(
            seat_count=table.seat_count, occupied_next_hand=occupied, button=button,
            small_blind=small, big_blind=big, procedure="dead-button")
    except ValueError as error:
        raise InvalidEvent(str(error), field=f"{where}.leaving") from None
    preflop, postflop = buttons.first_to_act(positions, table.seat_count, occupied)
    heads_up = len(occupied) == 2
    fact = _base(situation, "next_hand_button", index)
    fact.update({
        "procedure": procedure, "moving": procedure == "moving-button",
        "button": positions.button, "small_blind": positions.small_blind or 0, "big_blind": positions.big_blind,
        "small_blind_text": f"seat {positions.small_blind}" if positions.small_blind else "nobody (a dead small blind)",
        "dead_small_blind": positions.small_blind is None, "dead_button": positions.button not in occupied,
        "button_jumped": positions.button != plain.button,
        "unjumped_button": plain.button,
        "heads_up": heads_up, "becoming_heads_up": heads_up and len(dealt) > 2,
        "first_preflop": preflop, "first_postflop": postflop,
        "leaving": _seats(sorted(move.leaving)), "players_next_hand": len(occupied),
        "this_button": button, "this_small_blind": small or 0, "this_big_blind": big,
        "notes": "; ".join(positions.notes) if positions.notes else "nothing unusual",
        "small_blind_amount": table.forced_bets.small_blind, "big_blind_amount": table.forced_bets.big_blind,
    })
    return [fact]


# ---------------------------------------------------------------------------- new player
@builds("new-player")
def new_player_facts(situation: Situation, new: NewPlayer, index: int) -> list[Fact]:
    where = f"incidents[{index}]"
    table = situation.table
    button = table_button(situation, f"{where}.type")
    seat = table_seat_number(situation, new.empty_seat, f"{where}.empty_seat")
    taken = table.seat(seat)
    if taken is not None and not taken.sitting_out:
        raise InvalidEvent(f"seat {seat} is taken by a player dealt in: a new player takes an empty seat",
                           field=f"{where}.empty_seat")
    small, big = _current_blinds(situation, where)
    dead_small = small is None
    if small is None:
        # a dead small blind falls on last hand's big blind's seat: by default the seat just before
        # this hand's big blind (the incident may name another)
        small = new.small_blind_seat or (big - 2) % table.seat_count + 1
        if small not in buttons.seats_between(button, big, table.seat_count):
            raise InvalidEvent(f"seat {small} is not between the button (seat {button}) and the big blind "
                               f"(seat {big}): it cannot be the small blind's", field=f"{where}.small_blind_seat")
    elif new.small_blind_seat is not None and new.small_blind_seat != small:
        raise InvalidEvent(f"seat {small} posted the small blind", field=f"{where}.small_blind_seat")
    # TDA 2024 10-A / 2026 11-A: any seat, the blinds and the button included, except between the
    # small blind and the button; cash rooms (seed 000) seat no new player on the small blind or button
    between = seat in buttons.seats_between(button, small, table.seat_count)
    takes_small_blind = dead_small and seat == small
    tournament = table.format.value == "tournament"
    waits = between or (not tournament and (seat == button or takes_small_blind))
    occupied = dealt_in_seats(situation)
    # under the dead button the big blind moves one player a hand: the players after this hand's
    # big blind and before the new seat each take it once first
    ahead = [n for n in buttons.seats_between(big, seat, table.seat_count) if n in occupied]
    fact = _base(situation, "new_player", index)
    fact.update({
        "seat": seat, "button": button, "small_blind_seat": small,
        "big_blind_seat": big, "dead_small_blind": dead_small,
        "between_button_and_small_blind": between, "on_button": seat == button,
        "takes_small_blind": takes_small_blind, "small_blind_amount": table.forced_bets.small_blind,
        "waits": waits, "may_be_dealt_in": not waits,
        "wait_reason": (f"between the button (seat {button}) and the small blind (seat {small}"
                        f"{', dead' if dead_small else ''})" if between else
                        "on the button's seat, where a cash room seats no new player" if seat == button else
                        "on the small blind's seat, where a cash room seats no new player" if waits else "none"),
        "post_amount": table.forced_bets.big_blind, "hands_until_big_blind": len(ahead) + 1,
        "stack": new.stack,
    })
    return [fact]


# ---------------------------------------------------------------------------- missed blinds
class MissedPosts(NamedTuple):
    """What a player back from missing blinds posts before being dealt in: the big blind live, the
    small blind dead unless the room plays it live (option missed_small_blind)."""

    rule: str              # the room's missed_small_blind: dead or live
    big_live: int
    small_live: int
    small_dead: int

    @property
    def live(self) -> int:
        return self.big_live + self.small_live

    @property
    def total(self) -> int:
        return self.big_live + self.small_live + self.small_dead


def missed_blind_posts(situation: Situation, *, small: bool, big: bool) -> MissedPosts:
    """The posts owed for the blinds missed (`small`, `big`: whether each was missed); also read
    by the cash family's sit-out, which owes the same."""
    blinds = situation.table.forced_bets
    rule = str(situation.option("missed_small_blind", "dead"))
    small_amount = blinds.small_blind if small else 0
    small_live = small_amount if rule == "live" else 0
    return MissedPosts(rule, blinds.big_blind if big else 0, small_live, small_amount - small_live)


@builds("missed-blinds")
def missed_blinds_facts(situation: Situation, missed: MissedBlinds, index: int) -> list[Fact]:
    where = f"incidents[{index}]"
    table = situation.table
    if table.seat(missed.seat) is None:
        raise InvalidEvent(f"seat {missed.seat} has no player", field=f"{where}.seat")
    small_missed = missed.missed in ("small-blind", "both")
    big_missed = missed.missed in ("big-blind", "both")
    posts = missed_blind_posts(situation, small=small_missed, big=big_missed)
    fact = _base(situation, "missed_blinds", index)
    fact.update({
        "seat": missed.seat, "missed": missed.missed, "small_blind_missed": small_missed,
        "big_blind_missed": big_missed, "missed_small_blind": posts.rule,
        "big_blind_live": posts.big_live, "small_blind_dead": posts.small_dead,
        "small_blind_live": posts.small_live, "live_total": posts.live, "total_posted": posts.total,
    })
    return [fact]


# ---------------------------------------------------------------------------- straddle
@builds("straddle")
def straddle_facts(situation: Situation, straddle: Straddle, index: int) -> list[Fact]:
    where = f"incidents[{index}]"
    table = situation.table
    state = situation.state
    if table.button is None:
        raise InvalidEvent(f"{table.variant} has no blinds to straddle", field=f"{where}.type")
    if state.actions_taken or state.street_index != 0:
        raise InvalidEvent("a straddle is posted before the cards are dealt, before anyone acts",
                           field=f"{where}.type")
    if "big-blind" not in state.posted_kinds:
        raise InvalidEvent("post the blinds first (post events): a straddle follows the big blind",
                           field=f"{where}.type")
    big = table.forced_bets.big_blind
    under_the_gun = state.actor
    if straddle.seat != under_the_gun:
        raise InvalidEvent(f"seat {straddle.seat} is not under the gun (seat {under_the_gun} is): only the "
                           "standard under-the-gun straddle is ruled here", field=f"{where}.seat")
    amount = straddle.amount or 2 * big
    if amount < 2 * big:
        raise InvalidEvent(f"a straddle of {amount} is less than twice the big blind ({2 * big})",
                           field=f"{where}.amount")
    try:
        after = HandState.replay(table, [*situation.events, Post(seat=straddle.seat, kind="straddle", amount=amount)],
                                 room=situation.room)
    except FloormanError as error:
        raise InvalidEvent(f"the straddle cannot be posted: {error}", field=f"{where}.amount") from None
    fact = _base(situation, "straddle", index)
    fact.update({
        "seat": straddle.seat, "straddle": amount, "big_blind": big,
        "min_raise_to": after.min_raise_to(), "first_to_act": after.actor or 0,
        "allowed_by_room": situation.option_flag("straddles_allowed"),
    })
    return [fact]


# ---------------------------------------------------------------------------- antes and blinds
@builds("forced-bet-question")
def forced_bet_facts(situation: Situation, question: ForcedBetQuestion, index: int) -> list[Fact]:
    where = f"incidents[{index}]"
    state = situation.state
    posts = [e for e in situation.events if isinstance(e, Post)]
    of_kind = [p for p in posts if p.kind == question.post]
    if not of_kind:
        raise InvalidEvent(f"nobody posted a {question.post} (put the posts in as events)", field=f"{where}.post")
    seat = question.poster or of_kind[0].seat
    mine = [p for p in of_kind if p.seat == seat]
    if not mine:
        raise InvalidEvent(f"seat {seat} posted no {question.post} (seats that did: "
                           f"{_seats(sorted({p.seat for p in of_kind}))})", field=f"{where}.poster")
    antes = [p for p in posts if p.kind in ANTE_POSTS]
    posted = sum(p.amount for p in mine)
    live = all(p.live for p in mine)
    fact = _base(situation, "forced_bet_question", index)
    fact.update({
        "seat": seat, "post": question.post, "posted": posted, "is_ante": question.post in ANTE_POSTS,
        "live": live, "counts_toward_call": posted if live else 0,
        "dead_money_total": sum(p.amount for p in antes),
        "ante_posted_by": _seats(sorted({p.seat for p in antes})),
        "ante_posters": len({p.seat for p in antes}),
        "current_bet": state.current_bet, "to_call": state.to_call(seat),
    })
    return [fact]


@builds("big-blind-ante-short")
def big_blind_ante_facts(situation: Situation, short: BigBlindAnteShort, index: int) -> list[Fact]:
    where = f"incidents[{index}]"
    table = situation.table
    blinds = table.forced_bets
    ante = short.ante or (blinds.ante if blinds.ante_style == "big-blind" else 0)
    if ante <= 0:
        raise InvalidEvent("no big-blind ante: give the ante, or a table with ante and ante_style: big-blind",
                           field=f"{where}.ante")
    _, seat = _current_blinds(situation, where)
    stack = short.stack or table.seat(seat).stack  # type: ignore[union-attr]
    # RP-11 recommends the big blind first; many rooms took the ante first (option big_blind_ante_order)
    order = situation.option_choice("big_blind_ante_order", "blind-first", ("blind-first", "ante-first"))
    if order == "blind-first":
        blind_posted = min(stack, blinds.big_blind)
        ante_posted = min(stack - blind_posted, ante)
    else:
        ante_posted = min(stack, ante)
        blind_posted = min(stack - ante_posted, blinds.big_blind)
    fact = _base(situation, "big_blind_ante_short", index)
    fact.update({
        "seat": seat, "stack": stack, "big_blind": blinds.big_blind, "ante": ante, "order": order,
        "short": stack < blinds.big_blind + ante,
        "blind_posted": blind_posted, "ante_posted": ante_posted,
        "ante_short": ante - ante_posted, "blind_short": blinds.big_blind - blind_posted,
        "all_in": stack <= blinds.big_blind + ante,
    })
    return [fact]


# ---------------------------------------------------------------------------- procedures
@builds("procedure-question")
def procedure_facts(situation: Situation, question: ProcedureQuestion, index: int) -> list[Fact]:
    table = situation.table
    dealt = dealt_in_seats(situation)
    button = table.button or 0
    after = deal_order(dealt, button)
    before = [n for n in dealt if n < button][::-1] + [n for n in dealt if n > button][::-1]
    family = table.variant.family
    cards_each = table.variant.hole_cards if family == "flop" else 0
    fact = _base(situation, "procedure_question", index)
    fact.update({
        "topic": question.topic, "home_game": question.home_game, "variant": table.variant.value,
        "players": len(dealt), "cards_each": cards_each, "cards_dealt": cards_each * len(dealt),
        # heads-up the button is the small blind and is dealt last all the same (TDA 2024 34-B)
        "first_seat": after[0] if after else 0, "last_seat": after[-1] if after else 0,
        "burns": 3 if family == "flop" else 0, "board_cards": 5 if family == "flop" else 0,
        # a home game: the player on the dealer's right cuts (the seat before the button)
        "cutter_seat": before[0] if question.home_game and before else 0,
        "small_blind": table.forced_bets.small_blind, "big_blind": table.forced_bets.big_blind,
    })
    return [fact]
