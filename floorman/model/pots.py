"""Pots and payouts: uncalled bets, main and side pots, pot awards with odd chips, net results.

This module only does the chip arithmetic of the end of a hand. It reads no cards: the caller
passes hand strengths (any comparable values, larger = better) and, for stud-style odd chips,
each winner's high card. It follows the TDA (2024 rule 20 odd chips / 21 side pots; 2026 rules
21 / 23):

* an uncalled bet goes back to its owner before any pot is made;
* an all-in player is eligible only for the part of each bet that they matched; folded players'
  chips stay in the pots as dead money;
* side pots are awarded first, then the main pot, each among its own eligible hands;
* a split pot is broken down to the smallest chip in play; the odd chips go to the first winner
  left of the button (flop games) or to the high card by suit (stud, razz); in a high-low split
  the odd chip of the whole pot goes to the high half.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .cards import RANKS, SUITS

__all__ = [
    "ODD_CHIP_RULES",
    "Pot",
    "PotAward",
    "award_pots",
    "build_pots",
    "net_results",
    "pot_name",
    "uncalled_bet",
]

ODD_CHIP_RULES = ("left-of-button", "high-card-by-suit", "low-card-by-suit")


def pot_name(index: int) -> str:
    """What the dealer calls pot number `index`: "main pot", "side pot 1", "side pot 2", ..."""
    if index < 0:
        raise ValueError(f"pot index {index} is negative")
    return "main pot" if index == 0 else f"side pot {index}"


@dataclass(frozen=True, slots=True)
class Pot:
    """One pot: its chips and the live seats that can win it (in seat order).

    In a list of pots, index 0 is the main pot and index k is side pot k (see `pot_name`).
    """

    amount: int
    eligible: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PotAward:
    """Who won how much of one pot, and why the split came out the way it did."""

    pot_index: int
    amount: int
    shares: dict[int, int]          # seat -> chips won from this pot
    winners_high: tuple[int, ...]   # winners of the whole pot, or of its high half when split hi-lo
                                    # (in a low-only game such as razz or 2-7: the best low hands)
    winners_low: tuple[int, ...]    # winners of the low half; empty unless the pot was split hi-lo
    odd_chips: dict[int, int]       # seat -> odd chips received (explanation only; already in shares)

    @property
    def name(self) -> str:
        return pot_name(self.pot_index)


def _check_chips(contributions: Mapping[int, int], what: str = "contribution") -> None:
    if not contributions or min(contributions.values()) >= 0:
        return      # (the common case, without a Python loop)
    for seat, chips in contributions.items():
        if chips < 0:
            raise ValueError(f"seat {seat} has a negative {what} ({chips})")


def _live_part(contributions: Mapping[int, int], dead_money: Mapping[int, int] | None) -> dict[int, int]:
    """Each seat's chips that other players had to match: its contribution minus its dead money."""
    _check_chips(contributions)
    if not dead_money:
        return dict(contributions)
    _check_chips(dead_money, "dead money")
    live_part = dict(contributions)
    for seat, dead in dead_money.items():
        if dead > contributions.get(seat, 0):
            raise ValueError(f"seat {seat} has more dead money ({dead}) than chips put in "
                             f"({contributions.get(seat, 0)})")
        live_part[seat] = contributions.get(seat, 0) - dead
    return live_part


def uncalled_bet(contributions: Mapping[int, int], *,
                 dead_money: Mapping[int, int] | None = None) -> tuple[int, int] | None:
    """The uncalled part of the largest bet: (seat, chips to return), or None if every chip was matched.

    `contributions` is the total each seat put in this hand, folded players included. Nobody
    matched the largest contributor's excess over the second-largest contribution, so it goes
    back to them. `dead_money` (optional) is the part of a seat's contribution that was never a
    bet to be matched (a big blind ante, a dead small blind): it is left out of the comparison.
    """
    live_part = _live_part(contributions, dead_money)
    if not live_part:
        return None
    # the largest (the first seat with it, as a stable sort gives) and the next largest (0 alone)
    seat, largest, second = None, 0, 0
    for number, chips in live_part.items():
        if seat is None or chips > largest:
            if seat is not None:
                second = largest
            seat, largest = number, chips
        elif chips > second:
            second = chips
    excess = largest - second
    return (seat, excess) if excess > 0 and seat is not None else None


def build_pots(contributions: Mapping[int, int], live: Collection[int], *,
               dead_money: Mapping[int, int] | None = None) -> list[Pot]:
    """The main pot and side pots, main pot first.

    `contributions` are the totals each seat put in this hand AFTER the uncalled bet was given
    back; `live` are the seats that have not folded. The pots are layered at each distinct
    contribution of a live player (an all-in level): a layer holds every seat's chips up to that
    level, folded players' chips included as dead money, and only live players who reached the
    level can win it. `dead_money` (optional, e.g. a big blind ante) goes into the main pot
    without being matched, so every live player can win it.

    Because layers are cut only at live players' levels, adjacent layers always have different
    eligible sets: there is nothing left to merge. A pot with a single eligible seat is kept
    (dead money can make one); an empty pot is dropped.
    """
    live_part = _live_part(contributions, dead_money)
    live_seats = sorted(set(live))
    if not live_seats:
        raise ValueError("no live seat: somebody has to be left in the hand to win the pot")
    dead_total = sum(dead_money.values()) if dead_money else 0
    # A live seat that put nothing in (all in for the ante only) still competes for dead money.
    levels = sorted({live_part.get(seat, 0) for seat in live_seats})
    pots: list[Pot] = []
    previous = 0
    for i, level in enumerate(levels):
        top = i == len(levels) - 1
        amount = 0
        for chips in live_part.values():
            # Folded chips above the highest live level cannot occur after the uncalled bet is
            # returned, but if they do they belong to the top pot rather than to nobody.
            amount += (chips if top else min(chips, level)) - min(chips, previous)
        if i == 0:
            amount += dead_total
        eligible = tuple(seat for seat in live_seats if live_part.get(seat, 0) >= level)
        if amount > 0:
            pots.append(Pot(amount, eligible))
        previous = level
    return pots


def _low_card_key(card: str) -> tuple[int, int]:
    """Rank then suit, smaller first, for the razz odd chip by the lowest card: ace low, clubs lowest."""
    rank, suit = _card_key(card)
    return (-1 if card[0] == "A" else rank), suit


def _card_key(card: str) -> tuple[int, int]:
    """Rank then suit, for the stud odd chip: ace high, spades > hearts > diamonds > clubs."""
    if len(card) != 2 or card[0] not in RANKS or card[1] not in SUITS:
        raise ValueError(f"{card!r} is not a card (expected e.g. 'As')")
    return RANKS.index(card[0]), SUITS.index(card[1])


def _odd_chip_order(winners: Collection[int], *, rule: str, seat_order_from_button: Sequence[int],
                    card_by_seat: Mapping[int, str] | None) -> list[int]:
    """The winners in the order they receive odd chips, one unit each in turn."""
    if rule == "left-of-button":
        position = {seat: i for i, seat in enumerate(seat_order_from_button)}
        missing = [seat for seat in winners if seat not in position]
        if missing:
            raise ValueError(f"seat(s) {missing} won a split pot but are not in seat_order_from_button")
        return sorted(winners, key=position.__getitem__)
    # high-card-by-suit (stud, razz under the TDA) or low-card-by-suit (razz, Robert's Rules)
    if card_by_seat is None or any(seat not in card_by_seat for seat in winners):
        raise ValueError(f"the {rule} odd chip rule needs the card of every winner "
                         f"(winners {sorted(winners)}, cards given {dict(card_by_seat or {})})")
    if rule == "low-card-by-suit":
        return sorted(winners, key=lambda seat: _low_card_key(card_by_seat[seat]))
    return sorted(winners, key=lambda seat: _card_key(card_by_seat[seat]), reverse=True)


def _split(amount: int, winners_in_order: Sequence[int], unit: int) -> tuple[dict[int, int], dict[int, int]]:
    """Split `amount` among the winners in units of the smallest chip.

    Each winner gets the same number of units; the leftover units go out one at a time in the
    given order. A remainder smaller than one unit (only possible if `smallest_chip` does not
    divide the pot) goes to the next winner in that order. Returns (shares, odd_chips).
    """
    units, below_unit = divmod(amount, unit)
    each, leftover = divmod(units, len(winners_in_order))
    shares = {seat: each * unit for seat in winners_in_order}
    odd: dict[int, int] = {}
    for seat in winners_in_order[:leftover]:
        shares[seat] += unit
        odd[seat] = unit
    if below_unit:
        seat = winners_in_order[leftover % len(winners_in_order)]
        shares[seat] += below_unit
        odd[seat] = odd.get(seat, 0) + below_unit
    # A tied winner of a pot smaller than one unit each gets nothing: leave them out of the shares.
    return {seat: chips for seat, chips in shares.items() if chips}, odd


def _best(eligible: Sequence[int], strength: Mapping[int, Any]) -> tuple[int, ...]:
    """The eligible seats holding the best hand (ties included); seats with no hand are ignored."""
    contenders = [seat for seat in eligible if strength.get(seat) is not None]
    if not contenders:
        return ()
    best = max(strength[seat] for seat in contenders)
    return tuple(seat for seat in contenders if strength[seat] == best)


def _merge(into: dict[int, int], more: Mapping[int, int]) -> None:
    for seat, chips in more.items():
        into[seat] = into.get(seat, 0) + chips


def award_pots(pots: Sequence[Pot], *, strength_high: Mapping[int, Any] | None,
               strength_low: Mapping[int, Any] | None, seat_order_from_button: Sequence[int],
               smallest_chip: int = 1, odd_chip_rule: str = "left-of-button",
               high_card_by_suit: Mapping[int, str] | None = None,
               low_card_by_suit: Mapping[int, str] | None = None) -> list[PotAward]:
    """Award every pot, side pots first and the main pot last (the list comes back in that order).

    Strengths are comparable values where larger is better, lows included (the caller turns a
    low into a value where a better low is larger). A seat missing from a strength mapping, or
    mapped to None, has no such hand: it mucked, or it has no qualifying low. Each pot is decided
    only among its eligible seats; a pot with one eligible seat goes to it without a hand read.

    * High only (`strength_low` None): the best high hand(s) win.
    * Low only (`strength_high` None, e.g. razz or 2-7): the best low hand(s) win everything.
    * Both (hi-lo split): if an eligible seat has a qualifying low, the pot is halved in units of
      the smallest chip, the odd unit (and any sub-unit remainder) goes to the high half, and each
      half is split among its winners; otherwise the high hand(s) scoop.

    Odd chips: `odd_chip_rule` 'left-of-button' (flop games) hands them out one unit at a time in
    `seat_order_from_button` order (live seats clockwise from the first seat left of the button);
    'high-card-by-suit' (stud, razz) hands them out by each winner's high card, rank first, then
    suit s > h > d > c; 'low-card-by-suit' (razz, Robert's Rules) by each winner's lowest card,
    aces low, clubs lowest, the lowest first (`low_card_by_suit` gives those cards). `high_card_by_suit` maps a seat to the highest card of its winning five;
    `low_card_by_suit` (optional) does the same for the low half of a stud hi-lo pot and falls
    back to `high_card_by_suit`.
    """
    if smallest_chip < 1:
        raise ValueError(f"smallest_chip must be at least 1, not {smallest_chip}")
    if odd_chip_rule not in ODD_CHIP_RULES:
        raise ValueError(f"odd_chip_rule must be one of {ODD_CHIP_RULES}, not {odd_chip_rule!r}")

    def order(winners: Collection[int], cards: Mapping[int, str] | None) -> list[int]:
        return _odd_chip_order(winners, rule=odd_chip_rule, seat_order_from_button=seat_order_from_button,
                               card_by_seat=cards)

    awards: list[PotAward] = []
    for index in reversed(range(len(pots))):  # side pots first, main pot last
        pot = pots[index]
        if not pot.eligible:
            raise ValueError(f"{pot_name(index)} ({pot.amount}) has no eligible seat")
        if len(pot.eligible) == 1:
            (seat,) = pot.eligible
            awards.append(PotAward(index, pot.amount, {seat: pot.amount}, (seat,), (), {}))
            continue
        if strength_high is None and strength_low is None:
            raise ValueError(f"{pot_name(index)} is contested by seats {pot.eligible}: hand strengths are needed")

        # Low-only games: the low is the only kind of hand, reported as the pot's winners.
        single_kind = strength_high if strength_high is not None else strength_low
        assert single_kind is not None       # one of the two is given (checked above)
        winners_high = _best(pot.eligible, single_kind)
        if not winners_high:
            raise ValueError(f"no eligible seat in {pot_name(index)} {pot.eligible} has a hand to award it to")
        winners_low = _best(pot.eligible, strength_low) if strength_high is not None and strength_low else ()

        if not winners_low:  # one kind of hand, or nobody qualified for low: the high hand(s) scoop
            shares, odd = _split(pot.amount, order(winners_high, high_card_by_suit), smallest_chip)
            awards.append(PotAward(index, pot.amount, shares, winners_high, (), odd))
            continue

        units, below_unit = divmod(pot.amount, smallest_chip)
        low_half = (units // 2) * smallest_chip
        high_half = pot.amount - low_half  # the odd unit of the whole pot goes high
        shares, odd = _split(high_half, order(winners_high, high_card_by_suit), smallest_chip)
        if len(winners_high) == 1 and high_half != low_half:
            # A lone high winner got the whole pot's odd chip: say so in the explanation.
            odd = {winners_high[0]: high_half - low_half}
        low_shares, low_odd = _split(low_half, order(winners_low, low_card_by_suit or high_card_by_suit),
                                     smallest_chip)
        _merge(shares, low_shares)
        _merge(odd, low_odd)
        awards.append(PotAward(index, pot.amount, shares, winners_high, winners_low, odd))
    return awards


def net_results(contributions: Mapping[int, int], uncalled: tuple[int, int] | None,
                awards: Sequence[PotAward]) -> dict[int, int]:
    """Each seat's result for the hand: chips won minus chips put in, plus any uncalled bet returned.

    `contributions` are the totals put in BEFORE the uncalled bet was returned. Every seat that
    put chips in or won chips appears, in seat order. With no rake, the results sum to zero.
    """
    _check_chips(contributions)
    results = {seat: -chips for seat, chips in contributions.items()}
    if uncalled is not None:
        seat, chips = uncalled
        results[seat] = results.get(seat, 0) + chips
    for award in awards:
        _merge(results, award.shares)
    return dict(sorted(results.items()))
