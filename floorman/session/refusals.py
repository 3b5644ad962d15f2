"""A line the hand refuses that is really a dispute: ruled as the dispute it is, or answered
with the exact incident line to type.

The hand (floorman/model/state.py) refuses an event that cannot happen: a card dealt twice, a
third hole card, an action by a folded seat, a bet beyond the stack. At the podium each of these
is what the floor was called over, so the table reads it as the dispute:

* a card already seen (a hole card or a board card)  -> `duplicate-card`, ruled;
* a card not in this game's deck (a 3 in short deck)  -> `deal-error non-standard-card`, ruled;
* cards to a seat not dealt in (sitting out)          -> `deal-error dealt-not-entitled`, ruled;
* a third hole card in hold'em                        -> `deal-error wrong-count`, ruled;
* a pot-limit bet above the maximum, in turn          -> `wager` (the words said), ruled;
* an action by a folded seat, chips from an all-in seat, a bet beyond the stack, a check facing a
  bet: these turn on what happened that the line does not say (a slip of the keyboard, or what
  the player did), so the refusal names the line to type.

`dispute_for(state, event)` reads the hand as it stands (before the event) and returns a
`Reading`, or None when the refusal is not a dispute (a typing slip, said as it is).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from floorman.model.cards import UNKNOWN, deck_ranks


@dataclass(frozen=True)
class Reading:
    """What a refused line is: an incident to rule (`incident`, plain data), or the line to
    type (`hint`). `note` says in words why it is a dispute."""

    note: str
    incident: dict[str, Any] | None = None
    hint: str | None = None


def dispute_for(state: Any, event: Any) -> Reading | None:
    kind = getattr(event, "type", "")
    if kind in ("deal", "board", "burn"):
        return _cards(state, event)
    if kind == "action":
        return _action(state, event)
    return None


# ----------------------------------------------------------------------------- cards

def _cards(state: Any, event: Any) -> Reading | None:
    cards = [c for c in (event.cards if hasattr(event, "cards") else [event.card]) if c and c != UNKNOWN]
    ranks = deck_ranks(state.variant.value)
    seat = getattr(event, "seat", None)
    for card in cards:
        if card[0] not in ranks:
            where = "hand" if seat is not None else "board"
            incident = {"type": "deal-error", "error": "non-standard-card", "found_in": where, "card": card}
            if seat is not None:
                incident["seat"] = seat
            return Reading(f"{card} is not in the {state.variant.value} deck: a deal error", incident)
    for i, card in enumerate(cards):
        first = _where_seen(state, card) or ("the same line" if card in cards[:i] else None)
        if first:
            here = f"seat {seat}" if seat is not None else "board"
            return Reading(f"{card} was already seen ({first}): a duplicate card",
                           {"type": "duplicate-card", "card": card, "where": [first, here]})
    if getattr(event, "type", "") == "deal" and seat in state.seats:
        holder = state.seats[seat]
        if not holder.dealt_in:
            return Reading(f"seat {seat} is not dealt in: cards to a seat not entitled to a hand",
                           {"type": "deal-error", "error": "dealt-not-entitled", "seat": seat})
        held = len(holder.hole) + len(event.cards)
        if held > state.variant.hole_cards:
            return Reading(f"seat {seat} would hold {held} cards where {state.variant} deals "
                           f"{state.variant.hole_cards}: a deal error",
                           {"type": "deal-error", "error": "wrong-count", "seat": seat, "cards_held": held})
    return None


def _where_seen(state: Any, card: str) -> str | None:
    if card in state.board:
        return "board"
    for number, seat in state.seats.items():
        if card in seat.hole:
            return f"seat {number}"
    if card in state.burns:
        return "burn"
    return "seen" if card in state.seen_cards else None


# ----------------------------------------------------------------------------- actions

def _action(state: Any, event: Any) -> Reading | None:
    seat = state.seats.get(event.seat)
    if seat is None or not seat.dealt_in:
        return None
    action, amount, number = event.action, event.amount, event.seat
    if seat.folded:
        return Reading(f"seat {number} folded earlier: its hand is dead and it cannot act (a fold binds)",
                       hint=f"if the fold is what is in dispute, `undo` back to it, or `incident fold-words "
                            f"seat={number} said=fold cards=forward` (the words and the cards decide)")
    if seat.stack == 0 and action in ("bet", "raise", "call", "all-in"):
        caller = _caller_of(state, number)
        chips = f"amount={amount}" if amount else "amount=AMOUNT"
        line = f"incident chips-found-behind seat={caller or 'CALLER'} all_in_seat={number} {chips}"
        return Reading(f"seat {number} is all in: it has no chips behind",
                       hint=f"chips found behind its stack after its all-in was called: `{line}`")
    if action in ("bet", "raise") and amount is not None and amount > seat.street_bet + seat.stack:
        return Reading(f"seat {number} has {seat.street_bet + seat.stack:,} in all, not {amount:,}",
                       hint=f"`s{number} allin` (its whole stack), or chips out of view: "
                            f"`incident chips-hidden seat={number} where=behind-stack`")
    if state.betting_complete or state.awaiting_cards or state.actor != number:
        return None
    if action in ("bet", "raise") and amount is not None:
        options = [o for o in state.legal_options(number) if o.action in ("bet", "raise")]
        if state.betting.value == "pot-limit" and options and amount > options[0].max_to:
            return Reading(f"seat {number}'s {action} to {amount:,} is above the pot-limit maximum of "
                           f"{options[0].max_to:,}: a dispute",
                           {"type": "wager", "seat": number, "declared": action, "amount_said": amount,
                            "words": f"{action} {amount}"})
    if action == "check" and state.to_call(number) > 0:
        # a slip of the keyboard as often as a player's word: the word said is the dispute's line
        return Reading(f"seat {number} cannot check: {state.to_call(number):,} to call",
                       hint=f"if seat {number} said check facing the bet, that is a dispute: `s{number} says check`")
    return None


def _caller_of(state: Any, all_in: int) -> int | None:
    """The last seat to call (or put in chips) after `all_in`'s last action: who called its all-in."""
    from floorman.model.events import Action

    after = False
    caller = None
    for event in state.events:
        if isinstance(event, Action):
            if event.seat == all_in:
                after, caller = True, None
            elif after and event.action in ("call", "raise", "all-in", "bet"):
                caller = event.seat
    return caller
