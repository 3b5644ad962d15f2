"""Where the button and the blinds go next hand, after players bust or leave.

Three procedures:

* 'dead-button' (tournaments, TDA 2024 rule 32 / 2026 rule 34): the big blind moves forward
  exactly one player, and the small blind and the button fall in behind it. The button may
  sit on an empty seat (a dead button) and there may be no small blind (a dead small blind),
  but nobody skips the big blind or posts it twice in a row.
* 'tda-2026-dead-button' (2026 rule 36-B): the same blinds, but a button that would be dead
  jumps forward over empty seats to the seat just right of the small blind, so that new
  players can be seated in as many seats as possible.
* 'moving-button' (many cash games): the button moves to the next player; the small and big
  blinds are the next two players after it. Someone may miss the big blind.

In every procedure, heads-up play puts the small blind on the button (TDA 2024 34-B /
2026 36-C), and on the hand that play becomes heads-up the button is placed so that nobody
posts the big blind twice in a row.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

__all__ = ["BUTTON_DRAW_SUITS", "PROCEDURES", "BlindPositions", "DrawResult", "button_draw", "first_to_act",
           "next_hand_positions", "seats_between"]

PROCEDURES = ("dead-button", "tda-2026-dead-button", "moving-button")


@dataclass(frozen=True, slots=True)
class BlindPositions:
    """The button and blinds for one hand, by seat number."""

    button: int                 # under a dead button this seat may be empty
    small_blind: int | None     # None: no small blind this hand (dead small blind)
    big_blind: int
    notes: tuple[str, ...]      # plain words about anything unusual


def _seat_after(seat: int, seat_count: int) -> int:
    """The seat to the left (clockwise) of `seat`."""
    return seat % seat_count + 1


def _seat_before(seat: int, seat_count: int) -> int:
    """The seat to the right (counter-clockwise) of `seat`."""
    return (seat - 2) % seat_count + 1


def _next_occupied(seat: int, seat_count: int, occupied: Collection[int]) -> int:
    """The first occupied seat to the left of `seat` (never `seat` itself unless it is the only one)."""
    candidate = seat
    for _ in range(seat_count):
        candidate = _seat_after(candidate, seat_count)
        if candidate in occupied:
            return candidate
    raise ValueError("no occupied seat")


def _check_seat(name: str, seat: int | None, seat_count: int) -> None:
    if seat is not None and not 1 <= seat <= seat_count:
        raise ValueError(f"{name} seat {seat} is not a seat of a {seat_count}-seat table")


def _heads_up(seat_count: int, occupied: set[int], big_blind: int) -> BlindPositions:
    """Heads-up: the button posts the small blind; the other player posts the big blind.

    Whoever was just the big blind takes the button, so nobody posts the big blind twice in a
    row. If the big blind has just left, the big blind goes to the next player after it, as it
    would under the dead button.
    """
    if big_blind in occupied:
        button = big_blind
        new_big_blind = next(seat for seat in occupied if seat != big_blind)
    else:
        new_big_blind = _next_occupied(big_blind, seat_count, occupied)
        button = next(seat for seat in occupied if seat != new_big_blind)
    return BlindPositions(button, button, new_big_blind,
                          (f"heads-up: the button (seat {button}) posts the small blind and seat "
                           f"{new_big_blind} the big blind",))


def _dead_button(seat_count: int, occupied: set[int], button: int, small_blind: int | None,
                 big_blind: int, *, jump_empty_seats: bool) -> BlindPositions:
    notes: list[str] = []
    new_big_blind = _next_occupied(big_blind, seat_count, occupied)
    # The small blind is whoever posted the big blind this hand, if still there.
    new_small_blind = big_blind if big_blind in occupied else None
    if new_small_blind is None:
        notes.append(f"no small blind this hand (dead small blind): seat {big_blind}, "
                     "who would post it, has left")
    if small_blind is not None:
        new_button = small_blind
    else:
        # This hand's small blind was dead, so nobody sat where it was due; the inputs do not
        # say which empty seat that was. Use the first seat left of the button: the button
        # still moves forward, and no player's blinds depend on which empty seat it marks.
        new_button = _seat_after(button, seat_count)
    if jump_empty_seats and new_button not in occupied:
        # 2026 36-B: the button jumps empty seats up to the seat just right of the small blind
        # (the small blind's position even when it is dead), never over a player.
        small_blind_position = big_blind
        while True:
            following = _seat_after(new_button, seat_count)
            if following == small_blind_position or following in occupied:
                break
            new_button = following
    if new_button not in occupied:
        notes.append(f"the button is dead on seat {new_button} (empty seat)")
    return BlindPositions(new_button, new_small_blind, new_big_blind, tuple(notes))


def _moving_button(seat_count: int, occupied: set[int], button: int, big_blind: int) -> BlindPositions:
    notes: list[str] = []
    new_button = _next_occupied(button, seat_count, occupied)
    new_small_blind = _next_occupied(new_button, seat_count, occupied)
    new_big_blind = _next_occupied(new_small_blind, seat_count, occupied)

    def clockwise_from_big_blind(seat: int) -> int:
        return (seat - big_blind) % seat_count

    # The dead button would give the big blind to the next player after this hand's big blind;
    # any player the moving button's big blind lands beyond skips it this round.
    if new_big_blind == big_blind:  # only when new players sat in between
        notes.append(f"moving button: seat {big_blind} posts the big blind twice in a row")
    else:
        skipped = sorted((seat for seat in occupied
                          if 0 < clockwise_from_big_blind(seat) < clockwise_from_big_blind(new_big_blind)),
                         key=clockwise_from_big_blind)
        if skipped:
            who = " and ".join(f"seat {seat}" for seat in skipped)
            notes.append(f"moving button: {who} {'misses' if len(skipped) == 1 else 'miss'} "
                         "the big blind this round")
    return BlindPositions(new_button, new_small_blind, new_big_blind, tuple(notes))


def next_hand_positions(*, seat_count: int, occupied_next_hand: Collection[int], button: int,
                        small_blind: int | None, big_blind: int,
                        procedure: str = "dead-button") -> BlindPositions:
    """The button, small blind and big blind for the next hand.

    Seats are numbered 1..seat_count clockwise. `button`, `small_blind` (None if it was dead)
    and `big_blind` are this hand's positions; `occupied_next_hand` are the seats with a player
    who will be dealt in next hand. `procedure` is one of PROCEDURES.
    """
    if procedure not in PROCEDURES:
        raise ValueError(f"procedure must be one of {PROCEDURES}, not {procedure!r}")
    if seat_count < 2:
        raise ValueError(f"a table needs at least 2 seats, not {seat_count}")
    for name, seat in (("button", button), ("small blind", small_blind), ("big blind", big_blind)):
        _check_seat(name, seat, seat_count)
    occupied = set(occupied_next_hand)
    for seat in occupied:
        _check_seat("occupied", seat, seat_count)
    if len(occupied) < 2:
        raise ValueError(f"a hand needs at least two players; seats occupied next hand: {sorted(occupied)}")

    if len(occupied) == 2:
        return _heads_up(seat_count, occupied, big_blind)
    if procedure == "moving-button":
        return _moving_button(seat_count, occupied, button, big_blind)
    return _dead_button(seat_count, occupied, button, small_blind, big_blind,
                        jump_empty_seats=procedure == "tda-2026-dead-button")


# --- the button draw and the order of action --------------------------------------------------

#: Suits for the button draw, lowest first: clubs, diamonds, hearts, spades (seed 000, "Seats and
#: the dealer button"; the same order breaks the stud bring-in and odd-chip ties).
BUTTON_DRAW_SUITS = "cdhs"
_RANKS = "23456789TJQKA"


@dataclass(frozen=True, slots=True)
class DrawResult:
    """Who wins the button draw: `seat` with `card`; `tied` are the seats whose cards matched the
    winner's rank (the suit decided between them; empty when the rank alone decided)."""

    seat: int
    card: str
    tied: tuple[int, ...]


def button_draw(cards: dict[int, str]) -> DrawResult:
    """The high card takes the button; a tie on rank goes to the higher suit (spades, hearts,
    diamonds, clubs). `cards` maps each seat to its face-up card (distinct, known cards)."""
    if len(cards) < 2:
        raise ValueError("a button draw needs at least two players")
    if len(set(cards.values())) != len(cards):
        raise ValueError("the same card was dealt to two seats")
    for seat, card in cards.items():
        if len(card) != 2 or card[0] not in _RANKS or card[1] not in BUTTON_DRAW_SUITS:
            raise ValueError(f"seat {seat}: {card!r} is not a card such as 'Ks'")

    def strength(seat: int) -> tuple[int, int]:
        card = cards[seat]
        return _RANKS.index(card[0]), BUTTON_DRAW_SUITS.index(card[1])

    winner = max(cards, key=strength)
    rank = cards[winner][0]
    same_rank = tuple(sorted(seat for seat, card in cards.items() if card[0] == rank))
    return DrawResult(winner, cards[winner], same_rank if len(same_rank) > 1 else ())


def seats_between(start: int, end: int, seat_count: int) -> tuple[int, ...]:
    """The seats strictly between `start` and `end`, clockwise (e.g. between the button and the
    small blind: where a new player may not be dealt in, TDA 2024 8-A, 10-A / 2026 9-A, 11-A)."""
    out: list[int] = []
    seat = _seat_after(start, seat_count)
    while seat != end and seat != start:
        out.append(seat)
        seat = _seat_after(seat, seat_count)
    return tuple(out)


def first_to_act(positions: BlindPositions, seat_count: int, occupied: Collection[int]) -> tuple[int, int]:
    """Who acts first before the flop and after it, for these positions.

    Heads-up the button (the small blind) acts first before the flop and the big blind first
    after it (TDA 2024 34-B / 2026 36-C); otherwise the first player after the big blind acts
    first before the flop and the first player after the button after it."""
    seats = set(occupied)
    if len(seats) == 2:
        return positions.button, positions.big_blind
    return (_next_occupied(positions.big_blind, seat_count, seats),
            _next_occupied(positions.button, seat_count, seats))
