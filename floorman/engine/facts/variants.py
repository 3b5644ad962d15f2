"""Facts for the variants family: hand rankings in other games, stud order and stud irregularities.

* `ranking_question:<n>`  the hands compared, who wins and what decided it (the category, the
  ranks, a suit in the 32-card deck, or an exact tie that splits), and the odd chip of a split;
* `stud_question:<n>`  the bring-in (seat, card, amount), the first to act from fourth street,
  how a tie between showing hands is broken, an open pair on fourth street and the bet allowed;
* `stud_irregularity:<n>`  upcards picked up facing action, a premature card, a seventh-street
  card exposed, a short stub before seventh street (the numbers of RP-10-H);
* `draw_question:<n>`  before the draw: whether the seat faces only the big blind, and the call.

The stud order is worked out here from the up-cards, not taken from HandState's turn order,
because the rooms differ on a tie between showing hands (TDA RP-10-D: the high card by suit;
Robert's Rules: position) and the state follows one convention.
"""

from __future__ import annotations

from collections.abc import Sequence

from floorman.engine.facts import Fact, Situation, builds, incident_seat
from floorman.errors import InvalidEvent
from floorman.model.cards import UNKNOWN
from floorman.model.incidents.variants import DrawQuestion, RankingQuestion, StudIrregularity, StudQuestion
from floorman.model.table import Variant

LOW_GAMES = (Variant.RAZZ, Variant.DEUCE_SEVEN_SINGLE_DRAW, Variant.DEUCE_SEVEN_TRIPLE_DRAW)


def _seats_text(seats: Sequence[int]) -> str:
    return ", ".join(str(n) for n in seats) or "none"


# ---------------------------------------------------------------------------- hand rankings
def _ace_low_straight(variant: Variant) -> frozenset[str]:
    """The ranks of the lowest straight of a deck whose ace plays under its lowest rank."""
    if variant is Variant.SHORT_DECK:
        return frozenset("A6789")
    if variant in (Variant.PIQUET, Variant.PIQUET_BRIDGE_SUITS):
        return frozenset("A789T")
    return frozenset()


@builds("ranking-question")
def ranking_facts(situation: Situation, question: RankingQuestion, index: int) -> list[Fact]:
    from floorman.evaluation import piquet, read_hands

    state = situation.state
    where = f"incidents[{index}]"
    variant = situation.table.variant
    seats = list(question.seats) or state.active_seats
    if len(seats) < 2:
        raise InvalidEvent("a ranking question compares at least two hands", field=f"{where}.seats")
    low_game = variant in LOW_GAMES
    readings = {}
    for n in seats:
        s = incident_seat(situation, n, f"{where}.seats", live=True)
        if not s.hole or UNKNOWN in s.hole or UNKNOWN in state.board:
            raise InvalidEvent(f"seat {n}'s cards are not all known: a hand must be read to be ranked",
                               field=f"{where}.seats")
        high, low = read_hands(variant.value, s.hole, state.board)
        reading = low if low_game else high
        if reading is None:
            raise InvalidEvent(f"{variant.value} is a split game: ask the floor for the award instead",
                               field=f"{where}.type")
        readings[n] = reading
    ordered = sorted(seats, key=lambda n: readings[n].strength, reverse=True)
    best = readings[ordered[0]]
    winners = [n for n in ordered if readings[n].strength == best.strength]
    losers = [n for n in ordered if n not in winners]
    beaten = readings[losers[0]] if losers else best
    suited = variant in (Variant.PIQUET, Variant.PIQUET_BRIDGE_SUITS)
    if len(winners) > 1:
        decided_by = "split"
    elif best.category != beaten.category:
        decided_by = "category"
    elif suited and best.strength // 4 == beaten.strength // 4:
        decided_by = "suit"
    else:
        decided_by = "ranks"
    deciding = beaten_card = ""
    if suited:
        order = piquet.SUIT_ORDERS[variant.value]
        deciding = piquet.evaluate_five(best.best_five, order)[2]
        beaten_card = piquet.evaluate_five(beaten.best_five, order)[2]
    low_straight = _ace_low_straight(variant)
    beaten_ranks = {card[0] for card in beaten.best_five}
    # the odd chip of a split: the award as the hand settles it (TDA), and Robert's Rules' razz
    # convention (the lowest card by suit) worked out beside it
    result = state.result() if state.betting_complete and len(state.active_seats) > 1 else None
    odd_chip, odd_chip_seat = 0, 0
    if result is not None:
        for award in result.awards:
            for seat, chips in award.odd_chips.items():
                odd_chip, odd_chip_seat = odd_chip + chips, seat
    lowest_card = ""
    lowest_card_seat = 0
    if variant is Variant.RAZZ and len(winners) > 1:
        from floorman.evaluation import low_card_by_suit_key, lowest_card_by_suit

        # Robert's Rules, Ties: all the player's cards count, not only the five that play
        cards = {n: lowest_card_by_suit(state.seats[n].hole) for n in winners}
        lowest_card_seat = min(winners, key=lambda n: low_card_by_suit_key(cards[n]))
        lowest_card = cards[lowest_card_seat]
    fact: Fact = {
        "type": "ranking_question", "id": f"ranking_question:{index}",
        "variant": variant.value, "family": variant.family, "low_game": low_game,
        "deck_cards": {"short-deck": 36, "piquet": 32, "piquet-bridge-suits": 32}.get(variant.value, 52),
        "seats": _seats_text(seats), "players": len(seats),
        "winners": _seats_text(winners), "winner": winners[0] if len(winners) == 1 else 0,
        "split": len(winners) > 1, "decided_by": decided_by,
        "best_hand": best.name, "best_category": best.category,
        "beaten_seat": losers[0] if losers else 0,
        "beaten_hand": beaten.name if losers else "none", "beaten_category": beaten.category if losers else "none",
        "suits_break_ties": suited,
        "suit_order": piquet.suit_order_words(variant.value) if suited else "none",
        "deciding_card": deciding or "none", "beaten_card": beaten_card or "none",
        "flush_beats_full": best.category == "flush" and beaten.category == "full house" and bool(losers),
        "lowest_straight_beaten": (bool(low_straight) and decided_by == "ranks" and best.category == "straight"
                                   and beaten.category == "straight" and beaten_ranks == low_straight),
        "odd_chip": odd_chip, "odd_chip_seat": odd_chip_seat,
        "odd_chip_text": (f"the {odd_chip:,} left over goes to seat {odd_chip_seat} by the game's odd-chip rule"
                          if odd_chip else "none, the pot divides evenly"),
        "lowest_card": lowest_card or "none", "lowest_card_seat": lowest_card_seat,
    }
    return [fact]


# ---------------------------------------------------------------------------- stud order
def _stud(situation: Situation, where: str) -> None:
    if situation.table.variant.family != "stud":
        raise InvalidEvent(f"{situation.table.variant.value} is not a stud game", field=f"{where}.type")


@builds("stud-question")
def stud_question_facts(situation: Situation, question: StudQuestion, index: int) -> list[Fact]:
    from floorman.evaluation import bring_in_seat_key, showing_strength

    state = situation.state
    where = f"incidents[{index}]"
    _stud(situation, where)
    variant = situation.table.variant
    razz = variant is Variant.RAZZ
    live = [n for n in state.order if state.seats[n].live]
    showing = {n: state.seats[n].upcards[:4] for n in live}
    if any(not cards or UNKNOWN in cards for cards in showing.values()):
        raise InvalidEvent("every live seat's upcards must be known to settle the order", field=f"{where}.type")
    third = state.street_index == 0
    if question.asks == "bring-in" and not third:
        raise InvalidEvent("the bring-in is made on third street", field=f"{where}.asks")
    if question.asks != "bring-in" and third:
        raise InvalidEvent("on third street the bring-in acts first: ask `bring-in`", field=f"{where}.asks")
    forced = situation.table.forced_bets
    # third street: the low card by suit (razz: the high card) brings it in
    by_card = max(live, key=lambda n: bring_in_seat_key(variant.value, showing[n][0]))
    low_all_in = third and state.seats[by_card].stack == 0
    bring_in_seat = by_card
    if low_all_in:
        # RP-10-E: the low card is all-in for the ante; the betting starts on its left
        able = [n for n in state._clockwise_after(by_card) if state.seats[n].stack > 0 and n in live]
        bring_in_seat = able[0] if able else 0
    # fourth street on: the best showing hand (razz: the lowest) acts first
    first, tied = 0, []
    tie_broken_by = "none"
    if not third:
        best = max(showing_strength(variant.value, showing[n]) for n in live)
        tied = [n for n in live if showing_strength(variant.value, showing[n]) == best]
        if len(tied) == 1:
            first = tied[0]
        elif situation.option("stud_showing_tie", "high-card-by-suit") == "position":
            tie_broken_by = "position"
            # the tied seat that received cards first: first clockwise from seat 1 (no button in stud)
            first = tied[0]
        else:
            tie_broken_by = "suit"
            from floorman.evaluation import card_by_suit_key, high_card_by_suit

            # razz: aces low, so the high card of A-2 is the 2 (as the razz bring-in reads them)
            first = max(tied, key=lambda n: card_by_suit_key(high_card_by_suit(showing[n], aces_low=razz),
                                                             aces_low=razz))
    fourth = state.street_index == 1
    pairs = [n for n in live if len(showing[n]) == 2 and showing[n][0][0] == showing[n][1][0]]
    structure = situation.table.structure
    open_pair = fourth and bool(pairs)
    big_bet_allowed = (open_pair and variant is Variant.STUD
                       and situation.option_flag("stud_open_pair_big_bet"))
    fact: Fact = {
        "type": "stud_question", "id": f"stud_question:{index}", "asks": question.asks,
        "variant": variant.value, "razz": razz, "street": state.street,
        "upcards": "; ".join(f"seat {n}: {' '.join(showing[n])}" for n in live),
        "bring_in_seat": bring_in_seat, "bring_in_card": showing[by_card][0],
        "bring_in_amount": min(forced.bring_in, state.seats[bring_in_seat].stack + state.seats[bring_in_seat].street_bet)
        if bring_in_seat else 0,
        "low_card_seat": by_card, "low_card_all_in": low_all_in,
        "first_to_act": first, "first_showing": " ".join(showing[first]) if first else "none",
        "showing_tie": len(tied) > 1, "tied_seats": _seats_text(tied), "tie_broken_by": tie_broken_by,
        "open_pair": open_pair, "open_pair_seat": pairs[0] if open_pair else 0,
        "small_bet": structure.small_bet, "big_bet": structure.big_bet,
        "big_bet_allowed": big_bet_allowed,
        "bet_allowed": structure.big_bet if big_bet_allowed else structure.small_bet,
    }
    return [fact]


# ---------------------------------------------------------------------------- stud irregularities
@builds("stud-irregularity")
def stud_irregularity_facts(situation: Situation, irregularity: StudIrregularity, index: int) -> list[Fact]:
    state = situation.state
    where = f"incidents[{index}]"
    _stud(situation, where)
    kind = irregularity.kind
    seat = 0
    if kind != "short-stub":
        if irregularity.seat is None:
            raise InvalidEvent(f"a {kind} incident names the seat", field=f"{where}.seat")
        incident_seat(situation, irregularity.seat, f"{where}.seat", live=True)
        seat = irregularity.seat
    if kind in ("seventh-street-exposed", "short-stub") and state.street_index < len(state.streets) - 2:
        raise InvalidEvent(f"the {kind} incident is about seventh street; the hand is on {state.street} street",
                           field=f"{where}.kind")
    if kind == "extra-card" and state.street_index == 0:
        raise InvalidEvent("on third street a wrong number of cards is a misdeal question (a deal-error "
                           "incident); extra-card is for fourth street on", field=f"{where}.kind")
    if kind == "short-stub" and irregularity.stub_cards is None:
        raise InvalidEvent("a short-stub incident gives the cards left in the stub", field=f"{where}.stub_cards")
    live = state.active_seats
    can_bet = [n for n in live if state.seats[n].can_act]
    facing_action = bool(seat) and not state.betting_complete and state.to_call(seat) > 0
    # RP-10-H: cards needed for seventh street = one per player + the burn + the last card kept back
    players = len(live)
    required = players + 2
    stub = irregularity.stub_cards if irregularity.stub_cards is not None else 0
    prior_burns = 3
    if kind != "short-stub" or stub >= required:
        stub_plan = "enough"
    elif stub + prior_burns >= required:
        stub_plan = "reshuffle-burns"
    elif stub >= 3:
        stub_plan = "community-card"
    else:
        stub_plan = "community-card-with-burns"
    fact: Fact = {
        "type": "stud_irregularity", "id": f"stud_irregularity:{index}", "kind": kind,
        "variant": situation.table.variant.value, "street": state.street, "seat": seat,
        "facing_action": facing_action, "to_call": state.to_call(seat) if seat else 0,
        # the betting round was still open when the card came: someone still to act this street
        "betting_open": not state.betting_complete and state.actor is not None,
        "action_remains": not state.betting_complete and len(can_bet) >= 2,
        "players": players, "stub_cards": stub, "required_cards": required, "prior_burns": prior_burns,
        "stub_plan": stub_plan, "stub_short": kind == "short-stub" and stub < required,
        "burns_mixed": stub_plan in ("reshuffle-burns", "community-card-with-burns"),
        "extra_identified": kind == "extra-card" and irregularity.extra_identified,
    }
    return [fact]


# ---------------------------------------------------------------------------- draw games
@builds("draw-question")
def draw_question_facts(situation: Situation, question: DrawQuestion, index: int) -> list[Fact]:
    state = situation.state
    where = f"incidents[{index}]"
    seat = question.seat if question.seat is not None else (state.actor or 0)
    if not seat:
        raise InvalidEvent("nobody is in turn: name the seat that asks", field=f"{where}.seat")
    incident_seat(situation, seat, f"{where}.seat", live=True)
    variant = situation.table.variant
    big_blind = situation.table.forced_bets.big_blind
    fact: Fact = {
        "type": "draw_question", "id": f"draw_question:{index}", "asks": question.asks,
        "variant": variant.value, "family": variant.family,
        "single_draw": variant is Variant.DEUCE_SEVEN_SINGLE_DRAW,
        "before_draw": state.street_index == 0, "seat": seat,
        # nobody has raised: the bet to call is still the big blind
        "facing_only_blind": state.street_index == 0 and state.current_bet == big_blind,
        "to_call": state.to_call(seat), "big_blind": big_blind,
    }
    return [fact]
