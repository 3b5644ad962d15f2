"""Facts for irregularities of the deal, the deck and the board, and dead hands outside showdown.

Every number and yes/no the rules compare is computed here; the rules only compare.

The misdeal cut-off is chosen by the profile option `misdeal_cutoff`:
* `substantial-action` (TDA 2024 36 / 2026 38): two actions in turn of which at least one puts
  chips in (so not two checks or two folds), or any three actions in turn. Posted blinds do not
  count, and neither does a stud bring-in (a forced bet; see `cutoff_fields`).
* `two-players-acted` (Robert's Rules, Misdeals): action has begun once two players after the
  blinds (stud: after the forced bet) have acted on their hands, whatever they did.

Every fact carries `substantial_action`, `players_acted`, `cutoff`, `past_cutoff` and
`before_cutoff`, so a rule says "before the cut-off" without knowing which profile is in force.
Every field has a value (never None).
"""

from __future__ import annotations

from floorman.engine.facts import Fact, Situation, builds, incident_seat
from floorman.errors import InvalidEvent
from floorman.model.events import Post
from floorman.model.incidents.irregularities import (
    BoxedCard,
    ClockExpired,
    DealError,
    DuplicateCard,
    ExposedCard,
    FlopWithoutBurn,
    FourCardFlop,
    NotAtSeat,
    PrematureBoard,
    WrongBlindLevel,
    WrongButton,
)

CUTOFFS = ("substantial-action", "two-players-acted")


# ---------------------------------------------------------------------------- shared pieces
def cutoff_fields(situation: Situation) -> Fact:
    """Where the hand stands against the misdeal cut-off of the profile in force."""
    state = situation.state
    # posts are not actions in turn; the stud bring-in is a forced bet as well (RRoP counts
    # "two players after the forced bet"), so it is left out of both tests
    taken = [a for a in state.actions_taken if a.action != "bring-in"]
    substantial = len(taken) >= 3 or (len(taken) >= 2 and any(a.put_in_chips for a in taken))
    players = len({a.seat for a in taken})
    cutoff = str(situation.option("misdeal_cutoff", "substantial-action"))
    if cutoff not in CUTOFFS:
        raise InvalidEvent(f"the profile's misdeal_cutoff is {cutoff!r}; expected one of {', '.join(CUTOFFS)}",
                           field="profile.misdeal_cutoff")
    past = substantial if cutoff == "substantial-action" else players >= 2
    return {
        "actions_in_turn": len(taken), "substantial_action": substantial, "players_acted": players,
        "cutoff": cutoff, "past_cutoff": past, "before_cutoff": not past,
        "cutoff_words": "substantial action" if cutoff == "substantial-action"
        else "two players acting after the blinds",
    }


def posted_by_seat(situation: Situation) -> dict[int, int]:
    """Chips each seat posted before the deal (blinds, antes, straddles)."""
    posted: dict[int, int] = {}
    for event in situation.events:
        if isinstance(event, Post):
            posted[event.seat] = posted.get(event.seat, 0) + event.amount
    return posted


def _listing(amounts: dict[int, int]) -> str:
    shown = [f"seat {seat} {chips:,}" for seat, chips in sorted(amounts.items()) if chips]
    return ", ".join(shown) if shown else "none"


def misdeal_fields(situation: Situation) -> Fact:
    """What a re-deal needs: the button, the blinds, and the bets made in turn that go back
    (the posted blinds and antes stay: the re-deal is the same hand)."""
    state = situation.state
    posted = posted_by_seat(situation)
    bets = {n: s.total - posted.get(n, 0) for n, s in state.seats.items()}
    blinds = situation.table.forced_bets
    return {
        "button": situation.table.button or 0,
        "small_blind": blinds.small_blind, "big_blind": blinds.big_blind, "ante": blinds.ante,
        "posted_total": sum(posted.values()), "posted": _listing(posted),
        "returned": _listing(bets), "returned_total": sum(bets.values()),
    }


def _seat(situation: Situation, number: int | None, where: str, *, dealt_in: bool = True) -> int:
    state = situation.state
    if number is None:
        return 0
    incident_seat(situation, number, f"{where}.seat")
    if dealt_in and not state.seats[number].dealt_in:
        raise InvalidEvent(f"seat {number} is sitting out and was not dealt in", field=f"{where}.seat")
    return number


def _unplayed_seat(situation: Situation, error: DealError, where: str) -> int:
    """A seat that has no hand in the replay: one not entitled to cards (an empty seat or a player
    sitting out), or an entitled seat the deal skipped (replay it as sitting out, since it was
    dealt no cards and is passed over in the betting)."""
    number = error.seat or 0
    table = situation.table
    if not 1 <= number <= table.seat_count:
        raise InvalidEvent(f"seat {number} is not a seat at this table (1-{table.seat_count})",
                           field=f"{where}.seat")
    seat = table.seat(number)
    if error.error == "dealt-not-entitled" and seat is not None and not seat.sitting_out:
        raise InvalidEvent(f"seat {number} is dealt in: a seat not entitled to a hand is empty or "
                           f"sitting out", field=f"{where}.seat")
    if error.error == "seat-skipped" and seat is None:
        raise InvalidEvent(f"seat {number} is empty: nobody there was entitled to a hand",
                           field=f"{where}.seat")
    return number


def _cards_due(situation: Situation) -> int:
    """Hole cards each player gets on the initial deal."""
    variant = situation.table.variant
    return 3 if variant.family == "stud" else variant.hole_cards


def _base(situation: Situation, kind: str, index: int) -> Fact:
    table = situation.table
    return {"type": kind, "id": f"{kind}:{index}", "family": table.variant.family,
            "format": table.format.value, "tournament": table.format.value == "tournament"}


# ---------------------------------------------------------------------------- the deal
@builds("deal-error")
def deal_error_facts(situation: Situation, error: DealError, index: int) -> list[Fact]:
    state = situation.state
    where = f"incidents[{index}]"
    if error.error in ("dealt-not-entitled", "seat-skipped"):
        seat = _unplayed_seat(situation, error, where)
    else:
        seat = _seat(situation, error.seat, where)
    fact = _base(situation, "deal_error", index)
    due = _cards_due(situation)
    held = error.cards_held if error.cards_held is not None else due
    if error.error == "wrong-count" and held == due:
        raise InvalidEvent(f"seat {seat} holds {held} cards, the right number for "
                           f"{situation.table.variant}", field=f"{where}.cards_held")
    is_button = seat != 0 and situation.table.button == seat
    acted = seat != 0 and any(a.seat == seat for a in state.actions_taken)
    wrong_count = error.error == "wrong-count"
    button_short = wrong_count and is_button and held < due
    in_seat = state.seats.get(seat)
    fact.update({
        "error": error.error, "seat": seat, "is_button": is_button,
        "cards_held": held, "cards_due": due,
        "too_few": wrong_count and held < due, "too_many": wrong_count and held > due,
        "missing_cards": max(0, due - held), "extra_cards": max(0, held - due),
        "button_short": button_short, "seat_acted": acted,
        # TDA 2024 37 / 2026 39: the button short a card is never a misdeal
        "wrong_count_misdeal_cause": wrong_count and not button_short,
        "found_in": error.found_in, "card": error.card or "a non-standard card",
        "seat_chips": in_seat.total if in_seat else 0,
        "seat_posted": posted_by_seat(situation).get(seat, 0),
    })
    fact.update(cutoff_fields(situation))
    fact.update(misdeal_fields(situation))
    return [fact]


@builds("boxed-card")
def boxed_card_facts(situation: Situation, boxed: BoxedCard, index: int) -> list[Fact]:
    fact = _base(situation, "boxed_card", index)
    fact.update(cutoff_fields(situation))
    fact.update(misdeal_fields(situation))
    two_on_deal = boxed.count >= 2 and boxed.initial_deal
    misdeal = two_on_deal and fact["before_cutoff"]
    fact.update({
        "count": boxed.count, "initial_deal": boxed.initial_deal,
        "cards": " ".join(boxed.cards) or "unknown",
        "two_or_more_on_initial_deal": two_on_deal,
        "misdeal": misdeal,
        # not a misdeal: each boxed card is set aside like a blank and replaced
        "treated_as_blank": not misdeal,
    })
    return [fact]


@builds("exposed-card")
def exposed_card_facts(situation: Situation, exposed: ExposedCard, index: int) -> list[Fact]:
    state = situation.state
    where = f"incidents[{index}]"
    seat = _seat(situation, exposed.seat, where)
    fact = _base(situation, "exposed_card", index)
    fact.update(cutoff_fields(situation))
    fact.update(misdeal_fields(situation))
    count = exposed.exposed
    first_two = any(position in (1, 2) for position in exposed.deal_positions)
    flop_game = situation.table.variant.family == "flop"
    by_dealer = exposed.by == "dealer"
    # TDA 2024 35-A-7 / 2026 37-A: in flop games, either of the first two cards off the deck,
    # or any two down cards, exposed by the dealer
    misdeal_exposure = by_dealer and flop_game and (first_two or count >= 2)
    s = state.seats[seat]
    fact.update({
        "by": exposed.by, "seat": seat, "count": count, "cards": " ".join(exposed.cards) or "unknown",
        "first_two": first_two, "flop_game": flop_game,
        "misdeal_exposure": misdeal_exposure,
        # RRoP hold'em irregularities: one other card is replaced and becomes the burn
        "replace_as_burn": by_dealer and flop_game and not misdeal_exposure,
        # TDA 2024 RP-10-A / 2026 RP-10-A: in stud one downcard exposed on the initial deal (third
        # street) becomes the upcard; a later exposure (seventh street) is a stud-irregularity
        "stud_single_downcard": (by_dealer and situation.table.variant.family == "stud" and count == 1
                                 and state.street_index == 0),
        "seat_folded": s.folded, "seat_live": s.live,
        "action_pending": not state.betting_complete,
    })
    return [fact]


# ---------------------------------------------------------------------------- the deck
@builds("duplicate-card")
def duplicate_card_facts(situation: Situation, duplicate: DuplicateCard, index: int) -> list[Fact]:
    state = situation.state
    fact = _base(situation, "fouled_deck", index)
    fact.update(cutoff_fields(situation))
    put_in = {n: s.total for n, s in state.seats.items()}
    fact.update({
        "card": duplicate.card, "where": ", ".join(duplicate.where) or "two places",
        "discovered": duplicate.discovered,
        "within_dispute_window": duplicate.discovered != "next-hand-begun",
        "hand_over": state.hand_over or state.betting_complete,
        "returned": _listing(put_in), "returned_total": sum(put_in.values()),
        "seats_refunded": sum(1 for chips in put_in.values() if chips),
        "pot": state.pot,
    })
    return [fact]


# ---------------------------------------------------------------------------- the board
def _next_street(situation: Situation) -> tuple[str, int]:
    """The street whose board cards come next, and its index (the betting street's next one)."""
    state = situation.state
    index = state.street_index + 1
    if index >= len(state.streets):
        return "none", index
    return state.streets[index], index


def _flop_game(situation: Situation, where: str) -> None:
    if situation.table.variant.family != "flop":
        raise InvalidEvent(f"{situation.table.variant} has no board cards", field=f"{where}.type")


@builds("premature-board")
def premature_board_facts(situation: Situation, premature: PrematureBoard, index: int) -> list[Fact]:
    state = situation.state
    where = f"incidents[{index}]"
    _flop_game(situation, where)
    street, street_index = _next_street(situation)
    if street != premature.street:
        raise InvalidEvent(f"the next board cards are the {street}, not the {premature.street}",
                           field=f"{where}.street")
    # the betting before those cards is still open: someone is still to act on this street
    betting_open = state.actor is not None and state.street_index == street_index - 1
    fact = _base(situation, "premature_board", index)
    fact.update({
        "street": premature.street, "betting_street": state.street,
        "cards": " ".join(premature.cards) or "unknown",
        "card_count": 3 if premature.street == "flop" else 1,
        "burned": premature.burned, "betting_open": betting_open,
        "betting_over": not betting_open,
        "to_act": state.actor or 0,
    })
    return [fact]


@builds("four-card-flop")
def four_card_flop_facts(situation: Situation, flop: FourCardFlop, index: int) -> list[Fact]:
    where = f"incidents[{index}]"
    _flop_game(situation, where)
    if situation.state.board:
        raise InvalidEvent("the flop is already on the board", field=f"{where}.type")
    fact = _base(situation, "four_card_flop", index)
    fact.update({"cards": " ".join(flop.cards) or "unknown", "exposed": flop.exposed, "card_count": 4})
    return [fact]


@builds("flop-without-burn")
def flop_without_burn_facts(situation: Situation, flop: FlopWithoutBurn, index: int) -> list[Fact]:
    state = situation.state
    where = f"incidents[{index}]"
    _flop_game(situation, where)
    if len(state.board) > 3:
        raise InvalidEvent("the turn is already out: the flop's burn can no longer be looked at",
                           field=f"{where}.type")
    flop_actions = sum(1 for a in state.actions_taken if a.street == "flop")
    fact = _base(situation, "flop_without_burn", index)
    fact.update({
        "cards": " ".join(flop.cards or tuple(state.board)) or "unknown",
        "flop_actions": flop_actions, "action_on_flop": flop_actions > 0, "no_action_on_flop": flop_actions == 0,
    })
    return [fact]


# ---------------------------------------------------------------------------- dead hands
@builds("not-at-seat")
def not_at_seat_facts(situation: Situation, away: NotAtSeat, index: int) -> list[Fact]:
    state = situation.state
    seat = _seat(situation, away.seat, f"incidents[{index}]")
    posted = posted_by_seat(situation).get(seat, 0)
    fact = _base(situation, "not_at_seat", index)
    fact.update({
        "seat": seat, "within_reach": away.within_reach, "away": not away.within_reach,
        "posted": posted, "chips_in": state.seats[seat].total,
    })
    return [fact]


@builds("clock-expired")
def clock_facts(situation: Situation, clock: ClockExpired, index: int) -> list[Fact]:
    state = situation.state
    where = f"incidents[{index}]"
    seat = _seat(situation, clock.seat, where)
    actor = state.actor
    if actor != seat:
        raise InvalidEvent(f"seat {seat} is not the player to act (seat {actor or 'nobody'} is): only the "
                           f"player to act can be on the clock", field=f"{where}.seat")
    to_call = state.to_call(seat)
    fact = _base(situation, "clock", index)
    fact.update({
        "seat": seat, "to_call": to_call, "facing_bet": to_call > 0, "tie": clock.tie,
        "expired": not clock.tie, "chips_in": state.seats[seat].total, "street": state.street,
    })
    return [fact]


def _blind_seats(situation: Situation, button: int) -> tuple[int, int]:
    """Small and big blind seats for a button, among the seats dealt in (heads-up: the button
    is the small blind, TDA 2024 34-B / 2026 36-C)."""
    seats = [seat.number for seat in situation.table.seats if not seat.sitting_out]
    after = [n for n in sorted(seats) if n > button] + [n for n in sorted(seats) if n <= button]
    if len(seats) == 2:
        small = button if button in seats else after[0]
        big = next(n for n in after if n != small)
        return small, big
    return after[0], after[1]


@builds("wrong-button")
def wrong_button_facts(situation: Situation, wrong: WrongButton, index: int) -> list[Fact]:
    where = f"incidents[{index}]"
    table = situation.table
    if table.button is None:
        raise InvalidEvent(f"{table.variant} is dealt without a button", field=f"{where}.type")
    if wrong.correct_button == table.button:
        raise InvalidEvent(f"the button is already on seat {table.button}", field=f"{where}.correct_button")
    if wrong.correct_button > table.seat_count:
        raise InvalidEvent(f"seat {wrong.correct_button} is not a seat at this table",
                           field=f"{where}.correct_button")
    small, big = _blind_seats(situation, wrong.correct_button)
    fact = _base(situation, "wrong_button", index)
    fact.update(cutoff_fields(situation))
    fact.update(misdeal_fields(situation))
    fact.update({"correct_button": wrong.correct_button, "correct_small_blind_seat": small,
                 "correct_big_blind_seat": big})
    return [fact]


@builds("wrong-blind-level")
def wrong_level_facts(situation: Situation, level: WrongBlindLevel, index: int) -> list[Fact]:
    where = f"incidents[{index}]"
    small_seat = big_seat = 0
    small_posted = big_posted = 0
    antes = 0
    ante_posts = 0
    for event in situation.events:
        if not isinstance(event, Post):
            continue
        if event.kind == "small-blind":
            small_seat, small_posted = event.seat, event.amount
        elif event.kind == "big-blind":
            big_seat, big_posted = event.seat, event.amount
        elif event.kind in ("ante", "big-blind-ante", "button-ante"):
            antes += event.amount
            ante_posts += 1
    if not big_seat:
        raise InvalidEvent("no big blind was posted: put the posts in as events", field=f"{where}.type")
    per_ante = antes // ante_posts if ante_posts else 0
    if (small_posted, big_posted, per_ante) == (level.small_blind, level.big_blind, level.ante):
        raise InvalidEvent("the posted blinds are those of the level given", field=f"{where}.big_blind")
    fact = _base(situation, "wrong_level", index)
    fact.update(cutoff_fields(situation))
    fact.update({
        "small_blind_seat": small_seat, "small_blind_posted": small_posted,
        "big_blind_seat": big_seat, "big_blind_posted": big_posted, "ante_posted": per_ante,
        "correct_small_blind": level.small_blind, "correct_big_blind": level.big_blind,
        "correct_ante": level.ante,
        "small_blind_to_add": max(0, level.small_blind - small_posted),
        "big_blind_to_add": max(0, level.big_blind - big_posted),
        "ante_to_add": max(0, level.ante - per_ante) * ante_posts,
    })
    return [fact]
