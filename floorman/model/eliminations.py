"""Finishing places when two or more players are eliminated on the same hand: pure arithmetic.

With `players_left` in the event before the hand and k players busting on it, the busted
players take places players_left - k + 1 (the best) down to players_left. The one who started
the hand with more chips finishes higher; players with equal counted stacks share their places
(and, where the event says so, the combined prize money of those places, split equally).
Which chips count (before or after a big-blind ante is posted) is the caller's choice: the
stacks given here are the stacks as counted.

On the hand during which hand-for-hand is announced (TDA 2024 / 2026 RP-8-A), the tables are
not yet in step, so every player busting on it shares the places at stake, whatever the stacks:
`share_all=True`.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Finish:
    seat: int
    counted_stack: int
    place: int                 # the best place of the seat's group (1 = winner)
    places: tuple[int, ...]    # the places the group shares (one place when alone)
    prize: int | None          # the seat's prize (its share of the group's combined prize), if known
    prize_remainder: int       # what an equal split of the group's prizes leaves over (0 if exact)

    @property
    def shared(self) -> bool:
        return len(self.places) > 1


def finishing_places(stacks: dict[int, int], players_left: int, prizes: list[int] | None = None,
                     *, share_prize: bool = True, share_all: bool = False) -> list[Finish]:
    """Each busted seat's finish, best first. `stacks`: seat -> counted starting stack.
    `prizes`: the prize of each place at stake, best place first (one per busted player).
    `share_prize`: tied players split their places' combined prize equally; when the event does
    not say so, a tied player's prize is left to the event's rules (`prize=None`)."""
    busted = len(stacks)
    if busted < 1:
        raise ValueError("no player busted")
    if players_left < busted:
        raise ValueError(f"{busted} players cannot bust with only {players_left} left in the event")
    if players_left == busted:
        raise ValueError(f"{busted} players busting with {players_left} left would leave nobody to win")
    if any(stack < 0 for stack in stacks.values()):
        raise ValueError("a starting stack cannot be negative")
    if prizes is not None and len(prizes) != busted:
        raise ValueError(f"{len(prizes)} prizes for {busted} places at stake")
    best = players_left - busted + 1
    # groups of equal counted stacks, largest first (all in one group under share_all)
    if share_all:
        groups = [sorted(stacks)]
    else:
        by_stack: dict[int, list[int]] = {}
        for seat, stack in stacks.items():
            by_stack.setdefault(stack, []).append(seat)
        groups = [sorted(by_stack[s]) for s in sorted(by_stack, reverse=True)]
    finishes: list[Finish] = []
    place = best
    for group in groups:
        places = tuple(range(place, place + len(group)))
        prize: int | None = None
        remainder = 0
        if prizes is not None and (share_prize or len(group) == 1):
            combined = sum(prizes[p - best] for p in places)
            prize, remainder = divmod(combined, len(group))
        for seat in group:
            finishes.append(Finish(seat=seat, counted_stack=stacks[seat], place=place, places=places,
                                   prize=prize, prize_remainder=remainder))
        place += len(group)
    return finishes
