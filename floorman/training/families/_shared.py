"""What several family quiz modules share: the tables their questions are dealt at and the shape
of their simplest common mistakes. Not a family itself (FAMILIES in __init__.py lists those)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from floorman.builder import HandBuilder
from floorman.model.table import Table
from floorman.notation.setup import parse_setup
from floorman.rulebook.house import HouseRules
from floorman.training.chipset import stakes_chips
from floorman.training.mistakes import Case
from floorman.training.question import Answer
from floorman.training.templates import act

#: how a prompt names the game's format
KIND_WORDS = {"cash": "cash game", "tournament": "tournament"}


def default_profile(profile: str | None, fmt: str) -> str:
    """The profile asked for, else the one a table of this format plays under."""
    return profile or ("cash" if fmt == "cash" else "tda-2026")


def holdem_table(small: int, big: int, fmt: str, stacks: dict[int, int], button: int, profile: str | None,
                 floor: Any, *, extra: str = "", options: dict[str, Any] | None = None,
                 post: bool = True) -> HandBuilder:
    """A nine-seat no-limit hold'em table in the table notation: `stacks` by seat, `extra` more of
    the notation (an ante...), `options` the room's (a house file made on the spot)."""
    seats = " ".join(f"{n}:{stack}" for n, stack in stacks.items())
    chips = "/".join(map(str, stakes_chips(small, big)))
    setup = parse_setup(f"nl {small}/{big} {fmt} seats {seats} max 9 button {button} chips {chips} {extra}")
    chosen = profile or setup.profile
    house = HouseRules(path="quiz", extends=chosen, options=options) if options else None
    builder = HandBuilder(setup.table, chosen, house=house, floor=floor)
    if post:
        builder.post_forced_bets()
    return builder


def blinds_table(variant: str, fmt: str, small: int, big: int, stacks: dict[int, int], button: int,
                 profile: str | None, floor: Any) -> HandBuilder:
    """A table of another game dealt with a button and blinds (the 32-card deck, short deck, 2-7
    draw...), the blinds posted."""
    table = Table.from_data({"format": fmt, "button": button, "variant": variant,
                             "chip_denominations": list(stakes_chips(small, big)),
                             "forced_bets": {"small_blind": small, "big_blind": big},
                             "seats": [{"number": n, "stack": stack} for n, stack in stacks.items()]})
    builder = HandBuilder(table, default_profile(profile, fmt), floor=floor)
    builder.post_forced_bets()
    return builder


def fold_around(builder: HandBuilder, until: int | None = None) -> None:
    """Everyone in turn folds, until the betting is over or the action is back on seat `until`."""
    while builder.state.actor not in (None, until):
        act(builder, "fold")


def always(kind: str, answer: Answer) -> Callable[[Case], Answer | None]:
    """A mistake's derive that gives `answer` to every incident of type `kind`, whatever the
    circumstances: the mistake is not looking at them."""
    def derive(case: Case) -> Answer | None:
        return answer if case.incident.type == kind else None
    return derive
