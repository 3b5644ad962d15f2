"""The chips a quiz table plays with, and pushes made of them.

A table lists its chips (`chip_denominations`); a table that does not (a real hand history, a
bundled ruling) plays with the usual cardroom set from the largest usual chip that every amount
of the hand is a multiple of: a 1/2 game with 1, 5, 25... chips, a 100/200 tournament with 100,
500, 1,000... So "three chips of 21" can never be asked: 21 is not a chip anywhere.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

#: the usual chip values of a cardroom, smallest first (cash and tournament sets are runs of it)
LADDER = (1, 5, 25, 100, 500, 1_000, 5_000, 25_000, 100_000, 500_000, 1_000_000, 5_000_000, 25_000_000)
#: how many chip values a table plays with, from its smallest
SET_SIZE = 6


def unit_of(amounts: Iterable[int]) -> int:
    """The largest usual chip that every amount is a multiple of (1 when none is)."""
    values = [a for a in amounts if a]
    return max(v for v in LADDER if all(a % v == 0 for a in values))


def chips_from(unit: int) -> tuple[int, ...]:
    """The usual set of chips whose smallest is `unit`."""
    start = LADDER.index(unit) if unit in LADDER else 0
    return LADDER[start:start + SET_SIZE]


def stakes_chips(*forced: int) -> tuple[int, ...]:
    """The set a table with these forced bets plays with: its smallest chip pays every one of them."""
    return chips_from(unit_of(forced))


def hand_amounts(table: Any, events: Iterable[Any] = ()) -> list[int]:
    """Every amount a hand states: the forced bets, the stacks, the posts and the bets."""
    fb = table.forced_bets
    amounts = [fb.small_blind, fb.big_blind, fb.ante, fb.bring_in, *fb.straddles, *(s.stack for s in table.seats)]
    for event in events:
        amount = getattr(event, "amount", None)
        if isinstance(amount, int):
            amounts.append(amount)
    return amounts


def table_chips(table: Any, events: Iterable[Any] = ()) -> tuple[int, ...]:
    """The table's chips: those it lists, else the usual set for the amounts of the hand."""
    if table.chip_denominations:
        return tuple(sorted(table.chip_denominations))
    return chips_from(unit_of(hand_amounts(table, events)))


def make_push(total: int, chips: Iterable[int], *, most: int = 6) -> tuple[int, ...] | None:
    """`total` in as few of these chips as a player would push (largest first), or None when it
    takes more than `most` chips or cannot be made exactly."""
    push: list[int] = []
    left = total
    for value in sorted(chips, reverse=True):
        count, left = divmod(left, value)
        push += [value] * count
    if left or not push or len(push) > most:
        return None
    return tuple(push)


def round_to(amount: int, unit: int, *, up: bool = False) -> int:
    """`amount` as a whole number of `unit` chips (down, or up)."""
    whole = -(-amount // unit) if up else amount // unit
    return whole * unit
