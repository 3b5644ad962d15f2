"""The table before the first action: a PHH hand's amounts checked and turned into whole chips,
its seats, betting structure and forced bets, and the forced bets posted.

A file's hands often share all of this (pluribus: all 735 of them, but for the players' names):
`setup_key` says when two hands must have the same setup, so that it is worked out once per file.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache
from typing import Any, NamedTuple

from floorman.errors import InvalidTable
from floorman.model.events import Post
from floorman.model.table import CHIP_LIMIT, BettingStructure, ForcedBets, Structure
from floorman.phh.hand import UNKNOWN_STACK, Game, HandText
from floorman.phh.unvalidated import interned

__all__ = ["MAX_DECIMALS", "Amount", "TableSetup", "in_chips", "read_setup", "setup_key"]

#: An amount as the file gives it: whole, or decimal (dollars and cents).
Amount = int | Decimal

MAX_DECIMALS = 6

_INT_TYPE = frozenset({int})
_INT_OR_NONE = frozenset({int, type(None)})
_STR_TYPE = frozenset({str})
_DECIMAL_TYPE = frozenset({Decimal})


class TableSetup(NamedTuple):
    """A hand's table before its first action (tuples only: one setup serves a file's hands)."""

    players: int
    scale: int                       # chips per unit of the file's amounts (a power of ten)
    unknown: tuple[bool, ...]        # by player: the starting stack is inf
    stacks: tuple[int, ...]          # starting stacks, by player
    seats: tuple[int, ...]           # seat number of p1..pN
    seat_count: int
    structure: Structure
    forced_bets: ForcedBets
    posts: tuple[Post, ...]
    stacks_after_posts: tuple[int, ...]
    bets_after_posts: tuple[int, ...]
    bet_to_call: int                 # the highest bet after the posts (a short big blind's full amount)


@dataclass(slots=True)
class _FileAmounts:
    """The hand's amounts as the file gives them, checked (`blinds` None in stud)."""

    stacks: list[Amount]
    antes: list[Amount]
    blinds: list[Amount] | None
    bring_in: Amount | None
    small_bet: Amount | None
    big_bet: Amount | None
    min_bet: Amount | None


def in_chips(value: Amount, scale: int) -> int:
    """An amount of the file in whole chips."""
    if isinstance(value, Decimal):
        return int((value * scale).to_integral_value())
    return value * scale


def setup_key(fields: Mapping[str, Any], code: str) -> tuple[Any, ...] | None:
    """What `read_setup` reads, as a key: None unless every amount is a plain int (ints compare
    exactly, unlike True == 1 == Decimal(1)), the actions are strings without a '.' (no decimal
    bet) and ante_trimming_status a bool. Two hands with the same key have the same setup,
    checked once."""
    stacks, antes, blinds = fields.get("starting_stacks"), fields.get("antes"), fields.get("blinds_or_straddles")
    actions, seats = fields.get("actions"), fields.get("seats")
    if type(stacks) is not list or type(antes) is not list or type(actions) is not list \
            or not _INT_TYPE.issuperset(map(type, stacks)) or not _INT_TYPE.issuperset(map(type, antes)):
        return None
    if blinds is not None:
        if type(blinds) is not list or not _INT_TYPE.issuperset(map(type, blinds)):
            return None
        blinds = tuple(blinds)
    if seats is not None:
        if type(seats) is not list or not _INT_TYPE.issuperset(map(type, seats)):
            return None
        seats = tuple(seats)
    scalars = (fields.get("bring_in"), fields.get("small_bet"), fields.get("big_bet"), fields.get("min_bet"),
               fields.get("seat_count"))
    if not _INT_OR_NONE.issuperset(map(type, scalars)) \
            or type(fields.get("ante_trimming_status", False)) is not bool \
            or not _STR_TYPE.issuperset(map(type, actions)) or "." in "".join(actions):
        return None
    return "setup", code, tuple(stacks), tuple(antes), blinds, seats, scalars


def read_setup(hand: HandText, game: Game) -> TableSetup:
    """The hand's setup, every field it uses checked (an error names the field). The actions are
    checked to be strings here too, as `setup_key` vouches for them when the setup is shared."""
    stud = game.family == "stud"
    amounts = _file_amounts(hand, stud, game.betting is BettingStructure.FIXED_LIMIT)
    actions = _action_texts(hand)
    scale = _scale(hand, amounts, actions)
    n = len(amounts.stacks)
    unknown, stacks, antes, blinds = _chip_amounts(hand, amounts, scale, stud)
    seats = _seat_numbers(hand.fields.get("seats"), n)
    seat_count = max(n, max(seats))
    seat_count_raw = hand.fields.get("seat_count")
    if type(seat_count_raw) is int and seat_count <= seat_count_raw <= 10:
        seat_count = seat_count_raw
    structure, forced_bets, ante_kind = _forced_bets_of(hand, amounts, antes, scale, game.betting, stud)
    posts, stack, bet, big_blind_posted = _posts(hand.shared, seats, stacks, antes, blinds, ante_kind, stud)
    bet_to_call = max(bet)
    if big_blind_posted:
        bet_to_call = max(bet_to_call, forced_bets.big_blind)   # a short big blind still sets the bet
    return TableSetup(n, scale, tuple(unknown), tuple(stacks), tuple(seats), seat_count, structure, forced_bets,
                      tuple(posts), tuple(stack), tuple(bet), bet_to_call)


# ---------------------------------------------------------------------------------------------- fields
def _file_amounts(hand: HandText, stud: bool, fixed: bool) -> _FileAmounts:
    stacks = hand.fields.get("starting_stacks")
    if not isinstance(stacks, list):
        raise hand.fail("missing (a list of stacks, one per player)" if stacks is None
                        else f"expected a list of stacks, got {stacks!r}", "starting_stacks")
    n = len(stacks)
    if not 2 <= n <= 10:
        raise hand.fail(f"{n} players: floorman seats 2 to 10", "starting_stacks")
    _amounts(hand, "starting_stacks", n, allow_inf=True)
    antes = _amounts(hand, "antes", n)
    if stud:
        blinds = None
        if hand.fields.get("blinds_or_straddles") not in (None, [0] * n):
            raise hand.fail("a stud game has no blinds", "blinds_or_straddles")
    else:
        blinds = _amounts(hand, "blinds_or_straddles", n, allow_negative=True)
    return _FileAmounts(stacks, antes, blinds, bring_in=_amount(hand, "bring_in", stud),
                        small_bet=_amount(hand, "small_bet", fixed), big_bet=_amount(hand, "big_bet", fixed),
                        min_bet=_amount(hand, "min_bet", not fixed))


def _action_texts(hand: HandText) -> list[str]:
    actions = hand.fields.get("actions")
    if not isinstance(actions, list):
        raise hand.fail("missing (a list of actions)" if actions is None
                        else f"expected a list of actions, got {actions!r}", "actions")
    trimming = hand.fields.get("ante_trimming_status", False)
    if not isinstance(trimming, bool):
        raise hand.fail(f"expected true or false, got {trimming!r}", "ante_trimming_status")
    if not set(map(type, actions)) <= _STR_TYPE:
        for index, action in enumerate(actions):
            if type(action) is not str:
                raise hand.fail(f"expected an action string, got {action!r}", "actions", index)
    return actions


def _amounts(hand: HandText, name: str, count: int, *, allow_inf: bool = False,
             allow_negative: bool = False) -> list[Amount]:
    value = hand.fields.get(name)
    if value is None:
        raise hand.fail("missing (a list of amounts, one per player)", name)
    if not isinstance(value, list):
        raise hand.fail(f"expected a list of amounts, got {value!r}", name)
    if len(value) != count:
        raise hand.fail(f"has {len(value)} entries for {count} players", name)
    if _INT_TYPE.issuperset(map(type, value)) and (not value or min(value) >= 0):
        return value         # whole amounts of 0 or more (the usual case): nothing to check
    for i, item in enumerate(value):
        if type(item) is int and item >= 0:
            continue
        _check_amount(hand, item, f"{name}[{i}]", allow_inf=allow_inf, allow_negative=allow_negative)
    return value


def _amount(hand: HandText, name: str, required: bool) -> Amount | None:
    value: Amount | None = hand.fields.get(name)     # (checked below)
    if value is None:
        if required:
            raise hand.fail(f"missing (the {hand.variant_code} game needs it)", name)
        return None
    _check_amount(hand, value, name)
    return value


def _check_amount(hand: HandText, value: object, name: str, *, allow_inf: bool = False,
                  allow_negative: bool = False) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, Decimal)):
        raise hand.fail(f"expected an amount, got {value!r}", name)
    if isinstance(value, Decimal):
        if value.is_nan():
            raise hand.fail("expected an amount, got nan", name)
        if value.is_infinite():
            if not (allow_inf and value > 0):
                raise hand.fail("an infinite amount is only allowed for an unknown starting stack", name)
            return
    if value < 0 and not allow_negative:
        raise hand.fail(f"expected an amount of 0 or more, got {value}", name)


def _seat_numbers(seats: object, n: int) -> list[int]:
    """The `seats` field when it lists p1..pN clockwise on a table of at most 10; else 1..N."""
    if isinstance(seats, list) and len(seats) == n and all(
            type(s) is int and 1 <= s <= 10 for s in seats) and len(set(seats)) == n:
        low = seats.index(min(seats))
        if seats[low:] + seats[:low] == sorted(seats):
            return list(seats)
    return list(range(1, n + 1))


# ---------------------------------------------------------------------------------------------- chips
def _places(text: str) -> int:
    """Decimal places an amount needs: '47.50' -> 1, '3' -> 0."""
    if "." not in text:
        return 0
    return len(text.split(".", 1)[1].rstrip("0"))


def _scale(hand: HandText, amounts: _FileAmounts, actions: list[str]) -> int:
    """One scale (a power of ten) that turns every amount of the hand into whole chips."""
    places = 0
    for values in (amounts.stacks, amounts.antes, amounts.blinds or (),
                   (amounts.bring_in, amounts.small_bet, amounts.big_bet, amounts.min_bet)):
        if _DECIMAL_TYPE.isdisjoint(map(type, values)):
            continue         # whole numbers only (the usual case)
        for value in values:
            if type(value) is Decimal and value.is_finite():
                exponent = value.normalize().as_tuple().exponent
                if isinstance(exponent, int) and -exponent > places:
                    places = -exponent
    if "." in "".join(actions):       # (no '.' anywhere, no decimal places in a bet)
        for action in actions:
            if " cbr " in action and "." in action:
                words = action.split("#", 1)[0].split()
                if len(words) == 3:
                    places = max(places, _places(words[2]))
    if places > MAX_DECIMALS:
        raise hand.fail(f"amounts with more than {MAX_DECIMALS} decimal places", "actions")
    scale: int = 10 ** places
    return scale


def _chip_amounts(hand: HandText, amounts: _FileAmounts, scale: int,
                  stud: bool) -> tuple[list[bool], list[int], list[int], list[int]]:
    """(unknown, stacks, antes, blinds) by player, in chips; antes and blinds as each player
    pays them (heads-up corrected)."""
    n = len(amounts.stacks)
    if scale == 1 and _INT_TYPE.issuperset(map(type, amounts.stacks)) \
            and _INT_TYPE.issuperset(map(type, amounts.antes)) \
            and (amounts.blinds is None or _INT_TYPE.issuperset(map(type, amounts.blinds))):
        # whole chips already (the usual case): in_chips(v) is v, and no stack is inf
        unknown = [False] * n
        stacks: list[int] = list(amounts.stacks)      # type: ignore[arg-type]
        antes: list[int] = list(amounts.antes)        # type: ignore[arg-type]
        blinds: list[int] = list(amounts.blinds) if amounts.blinds is not None else [0] * n   # type: ignore[arg-type]
    else:
        unknown = [type(v) is Decimal and v.is_infinite() for v in amounts.stacks]
        stacks = [UNKNOWN_STACK if unk else in_chips(v, scale) for v, unk in zip(amounts.stacks, unknown, strict=True)]
        antes = [in_chips(v, scale) for v in amounts.antes]
        blinds = [in_chips(v, scale) if v >= 0 else -in_chips(-v, scale) for v in amounts.blinds] \
            if amounts.blinds is not None else [0] * n
    for name, chips in (("starting_stacks", stacks), ("antes", antes), ("blinds_or_straddles", blinds)):
        if max(map(abs, chips), default=0) < CHIP_LIMIT:
            continue         # (the usual case, without a Python loop)
        for i, amount in enumerate(chips):
            if abs(amount) >= CHIP_LIMIT:
                raise hand.fail(f"{amount} chips is beyond floorman's limit (below 2**53)", f"{name}[{i}]")
    if n == 2 and not stud:
        # pokerkit heads-up: p1 (the big blind) pays entry [1], p2 (the button) entry [0]
        antes = antes[::-1]
        blinds = blinds[::-1]
    return unknown, stacks, antes, blinds


# ---------------------------------------------------------------------------------------------- forced bets
def _forced_bets_of(hand: HandText, amounts: _FileAmounts, antes: Sequence[int], scale: int,
                    betting: BettingStructure, stud: bool) -> tuple[Structure, ForcedBets, str]:
    """The structure and the forced bets as the table states them (by position: entry 0 small
    blind, 1 big blind), and the kind of post an ante is."""
    n = len(antes)
    sb_amount = bb_amount = 0
    straddles: tuple[int, ...] = ()
    blinds_raw = amounts.blinds
    if blinds_raw is not None:
        positive = [i for i, b in enumerate(blinds_raw) if b > 0]
        if len(positive) == 1:
            bb_amount = in_chips(blinds_raw[positive[0]], scale)
        elif positive:
            sb_amount = in_chips(blinds_raw[0], scale) if blinds_raw[0] > 0 else 0
            bb_amount = in_chips(blinds_raw[1], scale) if blinds_raw[1] > 0 else 0
            straddles = tuple(in_chips(blinds_raw[i], scale) for i in positive if i >= 2)
    heads_up = n == 2
    nonzero_antes = [i for i, a in enumerate(antes) if a > 0]     # by player, heads-up corrected
    if not nonzero_antes:
        ante_style, ante_amount = "none", 0
    elif not stud and nonzero_antes == [0 if heads_up else 1]:
        ante_style, ante_amount = "big-blind", antes[nonzero_antes[0]]
    elif not stud and not heads_up and nonzero_antes == [n - 1]:
        ante_style, ante_amount = "button", antes[n - 1]
    else:
        # the structure's ante is the smallest one asked: a history may record unequal antes,
        # and a post below the structure's ante is refused unless all-in
        ante_style, ante_amount = "every-player", min(antes[i] for i in nonzero_antes)
    ante_kind = {"big-blind": "big-blind-ante", "button": "button-ante"}.get(ante_style, "ante")

    def chips_or_0(value: Amount | None) -> int:
        return in_chips(value, scale) if value is not None else 0

    min_bet = chips_or_0(amounts.min_bet)
    try:
        # validated (and cached): amounts the reader has not bounded, fixed-limit sizes
        structure = _structure(betting, chips_or_0(amounts.small_bet), chips_or_0(amounts.big_bet), min_bet)
        forced_bets = _forced_bets(sb_amount, bb_amount or (0 if stud else min_bet), ante_amount,
                                   ante_style, straddles, chips_or_0(amounts.bring_in))
    except InvalidTable as exc:   # the models' own checks (they name the field)
        raise hand.fail(exc.message, "variant") from None
    return structure, forced_bets, ante_kind


@lru_cache(maxsize=256)
def _structure(betting: BettingStructure, small_bet: int, big_bet: int, min_bet: int) -> Structure:
    return Structure(betting=betting, small_bet=small_bet, big_bet=big_bet, min_bet=min_bet)


@lru_cache(maxsize=256)
def _forced_bets(small_blind: int, big_blind: int, ante: int, ante_style: str, straddles: tuple[int, ...],
                 bring_in: int) -> ForcedBets:
    return ForcedBets(small_blind=small_blind, big_blind=big_blind, ante=ante,
                      ante_style=ante_style,  # type: ignore[arg-type]   # (one of the styles above)
                      straddles=straddles, bring_in=bring_in)


def _posts(shared: dict[Any, Any], seats: Sequence[int], stacks: Sequence[int], antes: Sequence[int],
           blinds: Sequence[int], ante_kind: str, stud: bool) -> tuple[list[Post], list[int], list[int], bool]:
    """The antes, then the blinds, straddles and new players' posts, each capped at the stack:
    (posts, stacks after them, bets after them, whether a big blind was posted)."""
    n = len(seats)
    posts: list[Post] = []
    stack = list(stacks)
    bet = [0] * n
    for i in (range(n) if any(antes) else ()):
        amount = min(antes[i], stack[i])
        if amount:
            key = ("post", seats[i], ante_kind, amount)
            posts.append(shared.get(key) or interned(shared, Post, key, seat=seats[i], kind=ante_kind, amount=amount))
            stack[i] -= amount
    big_blind_posted = False
    if stud:
        return posts, stack, bet, big_blind_posted
    live_posters = sum(1 for b in blinds if b > 0)
    for i in range(n):
        if not blinds[i]:
            continue
        if blinds[i] < 0:
            kind = "new-player"
        elif live_posters == 1:
            kind = "big-blind"
        elif n == 2:
            kind = "big-blind" if i == 0 else "small-blind"
        else:
            kind = ("small-blind", "big-blind")[i] if i < 2 else "straddle"
        amount = min(abs(blinds[i]), stack[i])
        if amount:
            key = ("post", seats[i], kind, amount)
            posts.append(shared.get(key) or interned(shared, Post, key, seat=seats[i], kind=kind, amount=amount))
            stack[i] -= amount
            bet[i] += amount
            big_blind_posted = big_blind_posted or kind == "big-blind"
    return posts, stack, bet, big_blind_posted
