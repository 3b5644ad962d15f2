"""The chip race at a scheduled colour-up: pure arithmetic, no rule logic.

When the smallest chips (`removed`) leave play, each player's removed chips that make whole
chips of the next denomination up (`next_up`) are exchanged at face value. What is left over
(the odd chips, each worth less than one `next_up` chip in all) is raced off: the player gets
one card per odd chip, the highest card wins a `next_up` chip, then the next highest, and so
on, with at most one chip per player (TDA 2024 24-A / 2026 26-A). Cards rank by rank, then by
suit: spades, hearts, diamonds, clubs (the order the seed guides use for the button draw).

How many chips are raced: the total value of the odd chips in `next_up` chips, a half or more
rounding up (`rounding="nearest"`, the usual practice), or only whole chips (`"down"`).

Nobody is raced out: a player whose last chips were odd chips and who wins nothing in the race
keeps one chip of the lowest denomination still in play (`next_up`), on top of the race.
"""

from __future__ import annotations

from dataclasses import dataclass

from floorman.model.cards import RANKS

SUIT_ORDER = "cdhs"          # clubs lowest, spades highest
ROUNDINGS = ("nearest", "down")


def card_strength(card: str) -> tuple[int, int]:
    """A card's place in the race: rank first, then suit (spades > hearts > diamonds > clubs)."""
    if len(card) != 2 or card[0] not in RANKS or card[1] not in SUIT_ORDER:
        raise ValueError(f"{card!r} is not a card such as 'As'")
    return RANKS.index(card[0]), SUIT_ORDER.index(card[1])


@dataclass(frozen=True)
class RaceSeat:
    """One seat before the race: its whole stack and how many chips of the removed denomination
    it holds (the rest of the stack is in other chips)."""

    seat: int
    stack: int
    removed_chips: int


@dataclass(frozen=True)
class SeatResult:
    seat: int
    stack_before: int
    exchanged: int            # next_up chips got by exchanging whole amounts
    odd_chips: int            # removed chips left over, raced off (one card each)
    odd_value: int
    won: bool                 # won a next_up chip in the race
    kept_in: bool             # given one chip so as not to be raced out
    stack_after: int

    @property
    def next_up_chips_added(self) -> int:
        return self.exchanged + int(self.won) + int(self.kept_in)


@dataclass(frozen=True)
class RaceResult:
    removed: int
    next_up: int
    seats: tuple[SeatResult, ...]
    odd_value_total: int
    chips_raced: int          # next_up chips the race gives away
    racers: int               # players holding odd chips (each dealt cards)
    cards_needed: int         # one per odd chip
    decided: bool             # the cards were given, so the winners are known
    winners: tuple[int, ...]  # seats, in the order their cards won
    kept_in: tuple[int, ...]  # seats given a chip so as not to be raced out

    def seat(self, number: int) -> SeatResult:
        return next(s for s in self.seats if s.seat == number)


def _check(seats: list[RaceSeat], removed: int, next_up: int, rounding: str) -> None:
    if removed <= 0 or next_up <= removed:
        raise ValueError(f"the next denomination up ({next_up}) must be above the one removed ({removed})")
    if next_up % removed:
        raise ValueError(f"{next_up} is not a whole number of {removed} chips")
    if rounding not in ROUNDINGS:
        raise ValueError(f"rounding is one of {', '.join(ROUNDINGS)}, not {rounding!r}")
    numbers = [s.seat for s in seats]
    if len(set(numbers)) != len(numbers):
        raise ValueError("a seat appears twice")
    for s in seats:
        if s.removed_chips < 0 or s.stack < 0:
            raise ValueError(f"seat {s.seat}: chips cannot be negative")
        if s.removed_chips * removed > s.stack:
            raise ValueError(f"seat {s.seat}: {s.removed_chips} chips of {removed} come to more than "
                             f"the stack of {s.stack}")


def chips_raced(odd_value_total: int, next_up: int, rounding: str = "nearest") -> int:
    """next_up chips to race off for odd chips worth `odd_value_total` in all."""
    whole, rest = divmod(odd_value_total, next_up)
    return whole + (1 if rounding == "nearest" and rest * 2 >= next_up else 0)


def chip_race(seats: list[RaceSeat], removed: int, next_up: int,
              cards: dict[int, list[str]] | None = None, rounding: str = "nearest") -> RaceResult:
    """Colour up and race. `cards`: each racing seat's cards (one per odd chip); None when the
    cards are not known yet (the result then gives the exchange and the race to run, and every
    seat's stack after counts no race chip)."""
    _check(seats, removed, next_up, rounding)
    ordered = sorted(seats, key=lambda s: s.seat)
    per_chip = next_up // removed
    exchanged = {s.seat: s.removed_chips // per_chip for s in ordered}
    odd = {s.seat: s.removed_chips % per_chip for s in ordered}
    racers = [s.seat for s in ordered if odd[s.seat]]
    odd_total = sum(odd.values()) * removed
    raced = chips_raced(odd_total, next_up, rounding)
    # the odd chips are worth less than one next_up chip per player, so the race never has more
    # chips than players (with rounding up as well: the total is below racers * next_up)
    assert raced <= len(racers)

    winners: list[int] = []
    decided = cards is not None
    if cards is not None:
        if set(cards) != set(racers):
            raise ValueError(f"cards are dealt to the seats with odd chips ({_seats(racers)}), "
                             f"not to {_seats(sorted(cards))}")
        seen: set[str] = set()
        for seat in racers:
            if len(cards[seat]) != odd[seat]:
                raise ValueError(f"seat {seat} has {odd[seat]} odd chip(s), so {odd[seat]} card(s), "
                                 f"not {len(cards[seat])}")
            for card in cards[seat]:
                card_strength(card)
                if card in seen:
                    raise ValueError(f"{card} is dealt twice")
                seen.add(card)
        dealt = sorted(((card_strength(c), seat) for seat in racers for c in cards[seat]), reverse=True)
        for _, seat in dealt:
            if len(winners) == raced:
                break
            if seat not in winners:          # at most one chip per player
                winners.append(seat)

    results: list[SeatResult] = []
    kept: list[int] = []
    for s in ordered:
        other = s.stack - s.removed_chips * removed
        won = s.seat in winners
        # raced out: nothing left but odd chips, and the race gave nothing back
        kept_in = decided and not won and other == 0 and exchanged[s.seat] == 0 and odd[s.seat] > 0
        if kept_in:
            kept.append(s.seat)
        after = other + (exchanged[s.seat] + int(won) + int(kept_in)) * next_up
        results.append(SeatResult(seat=s.seat, stack_before=s.stack, exchanged=exchanged[s.seat],
                                  odd_chips=odd[s.seat], odd_value=odd[s.seat] * removed, won=won,
                                  kept_in=kept_in, stack_after=after))
    return RaceResult(removed=removed, next_up=next_up, seats=tuple(results), odd_value_total=odd_total,
                      chips_raced=raced, racers=len(racers), cards_needed=sum(odd.values()),
                      decided=decided, winners=tuple(winners), kept_in=tuple(kept))


def _seats(numbers: list[int]) -> str:
    return ", ".join(str(n) for n in numbers) or "none"
