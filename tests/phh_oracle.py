"""pokerkit as the oracle for PHH replays: the same hand, in the same integer chips as floorman.

floorman's reader turns decimal amounts into integer chips (`PhhHand.scale`) and `inf` stacks
into `UNKNOWN_STACK`; the oracle gives pokerkit exactly those integers, so that both replays
split pots in the same chips. Used by tests/test_state_replay.py and bench/bench_replay.py.
"""

from __future__ import annotations

import re
import warnings
from decimal import Decimal

from floorman.phh import UNKNOWN_STACK, PhhHand

_CBR = re.compile(r"^(\s*p\d+\s+cbr\s+)(\S+)(.*)$", re.DOTALL)
_AMOUNT_FIELDS = ("antes", "blinds_or_straddles", "starting_stacks", "bring_in", "small_bet", "big_bet",
                  "min_bet")


def _chips(value, scale: int) -> int:
    if isinstance(value, Decimal) and value.is_infinite():
        return UNKNOWN_STACK
    return int(Decimal(value) * scale)


def pokerkit_history(hand: PhhHand):
    """A pokerkit HandHistory of the hand in floorman's integer chips."""
    import pokerkit as pk

    fields = hand.fields
    scale = hand.scale
    kwargs = {}
    for name in pk.HandHistory.required_field_names[hand.variant_code]:
        value = fields[name]
        if name in _AMOUNT_FIELDS:
            value = [_chips(v, scale) for v in value] if isinstance(value, list) else _chips(value, scale)
        kwargs[name] = value
    actions = []
    for action in kwargs["actions"]:
        match = _CBR.match(action)
        if match:
            action = f"{match.group(1)}{_chips(Decimal(match.group(2).replace(',', '')), scale)}{match.group(3)}"
        actions.append(action)
    kwargs["actions"] = actions
    kwargs["ante_trimming_status"] = fields.get("ante_trimming_status", False)
    return pk.HandHistory(**kwargs)


def pokerkit_replay(hand: PhhHand):
    """The final pokerkit state of the hand (pokerkit repairs what it can, silently)."""
    history = pokerkit_history(hand)
    state = None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for state in history:  # noqa: B007 - the last state is the answer
            pass
    return state


def pokerkit_final_stacks(hand: PhhHand) -> dict[int, int]:
    """pokerkit's final stacks, by floorman seat."""
    state = pokerkit_replay(hand)
    return {seat: int(stack) for seat, stack in zip(hand.seats, state.stacks)}


#: pokerkit operations its HandHistory replay performs by itself on every hand (automations).
_AUTOMATIC = frozenset({"AntePosting", "BetCollection", "BlindOrStraddlePosting", "CardBurning", "ChipsPushing",
                        "ChipsPulling", "HandKilling", "RunoutCountSelection"})


def pokerkit_replay_with_repairs(hand: PhhHand):
    """(final state, repairs): the operations pokerkit made up where the history's next action
    did not fit (a skipped player folded or checked, a missing showdown decided, a card dealt),
    as (operation name, player index)."""
    history = pokerkit_history(hand)
    repairs = []
    state = None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for state, action in history.state_actions:
            # each step without an action of the history is one operation pokerkit chose itself
            if action is None and state.operations:
                operation = state.operations[-1]
                name = type(operation).__name__
                if name not in _AUTOMATIC:
                    repairs.append((name, getattr(operation, "player_index", None)))
    return state, repairs
