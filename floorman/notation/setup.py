"""The set-up line: `nl 2/5 cash 6 seats 500 button 6` becomes a table and the profile to rule
under. `floorman table`, the quiz templates and `floorman ask` read it; the hand built on it is
floorman/builder.py. A NotationError names the column and what was expected.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from floorman.errors import FloormanError
from floorman.model.table import BettingStructure, GameFormat, Table, Variant
from floorman.notation.errors import NotationError
from floorman.notation.lexer import Word, amount, quoted, words
from floorman.rulebook.profiles import default_profile

#: game word -> (variant, betting structure)
GAMES: dict[str, tuple[Variant, BettingStructure]] = {
    "nl": (Variant.HOLDEM, BettingStructure.NO_LIMIT),
    "nlh": (Variant.HOLDEM, BettingStructure.NO_LIMIT),
    "nlhe": (Variant.HOLDEM, BettingStructure.NO_LIMIT),
    "holdem": (Variant.HOLDEM, BettingStructure.NO_LIMIT),
    "pl": (Variant.HOLDEM, BettingStructure.POT_LIMIT),
    "plh": (Variant.HOLDEM, BettingStructure.POT_LIMIT),
    "fl": (Variant.HOLDEM, BettingStructure.FIXED_LIMIT),
    "limit": (Variant.HOLDEM, BettingStructure.FIXED_LIMIT),
    "lhe": (Variant.HOLDEM, BettingStructure.FIXED_LIMIT),
    "plo": (Variant.OMAHA, BettingStructure.POT_LIMIT),
    "omaha": (Variant.OMAHA, BettingStructure.POT_LIMIT),
    "nlo": (Variant.OMAHA, BettingStructure.NO_LIMIT),
    "plo8": (Variant.OMAHA_HI_LO, BettingStructure.POT_LIMIT),
    "o8": (Variant.OMAHA_HI_LO, BettingStructure.FIXED_LIMIT),
    "short-deck": (Variant.SHORT_DECK, BettingStructure.NO_LIMIT),
    "piquet": (Variant.PIQUET, BettingStructure.NO_LIMIT),
    "piquet-bridge-suits": (Variant.PIQUET_BRIDGE_SUITS, BettingStructure.NO_LIMIT),
    "stud": (Variant.STUD, BettingStructure.FIXED_LIMIT),
    "stud8": (Variant.STUD_HI_LO, BettingStructure.FIXED_LIMIT),
    "razz": (Variant.RAZZ, BettingStructure.FIXED_LIMIT),
    "2-7": (Variant.DEUCE_SEVEN_TRIPLE_DRAW, BettingStructure.FIXED_LIMIT),
    "27td": (Variant.DEUCE_SEVEN_TRIPLE_DRAW, BettingStructure.FIXED_LIMIT),
    "27sd": (Variant.DEUCE_SEVEN_SINGLE_DRAW, BettingStructure.NO_LIMIT),
}
FORMATS = {"cash": GameFormat.CASH, "tournament": GameFormat.TOURNAMENT, "tourney": GameFormat.TOURNAMENT}
#: the profile a format rules under unless the set-up names one (floorman/rulebook/profiles.py)
DEFAULT_PROFILE = {fmt: default_profile(fmt) for fmt in GameFormat}
DEFAULT_SEATS = 9
DEFAULT_STACK_BBS = 100

#: the set-up words, with what follows each: for `help`, the docs and the completer
SETUP_WORDS: tuple[tuple[str, str, str], ...] = (
    ("GAME", "", "nl, pl, fl, plo, nlo, plo8, o8, short-deck, piquet (the 32-card deck), stud, stud8, razz, "
                 "2-7 (triple draw), 27sd (single draw) (default nl: no-limit hold'em)"),
    ("SB/BB", "", "the blinds, e.g. 2/5 or 1000/2000 (fixed-limit: the small/big bet, blinds half of "
                  "each); SB/BB/STRADDLE adds a straddle (default 1/2)"),
    ("cash", "", "a cash game: rules under the `cash` profile (the default)"),
    ("tournament", "", "a tournament: rules under `tda-2026`"),
    ("N seats", "[STACK]", "N players in seats 1..N at an N-seat table, each with STACK (default 9 seats at "
                           "100 big blinds)"),
    ("seats", "N:STACK[:NAME] ...", "the players seat by seat, e.g. seats 1:50000 3:42000:Ann"),
    ("stack", "N", "the stack of every seat not given one"),
    ("max", "N", "seats at the table, occupied or not (default: N for `N seats`, else 9)"),
    ("button", "N", "the button's seat (default 1)"),
    ("ante", "N", "an ante from every player (stud games: default a quarter of the small bet)"),
    ("bring-in", "N", "stud games: the bring-in (default half the small bet)"),
    ("bba", "[N]", "a big blind ante (default: the big blind)"),
    ("straddle", "N", "a straddle by the seat after the big blind"),
    ("chips", "A/B/C...", "the chip values in play, e.g. chips 1/5/25/100"),
    ("left", "N", "tournaments: players still in the event"),
    ("profile", "NAME", "rule under this profile (cash, tda-2026) instead of the format's"),
    ("house", "FILE", "a house-rules file (extends: PROFILE, options: {...})"),
)


@dataclass(frozen=True)
class Setup:
    """What a set-up line says: the table, the profile to rule under, and whether it was named."""

    table: Table
    profile: str
    profile_named: bool
    house: str | None = None


def parse_setup(line: str) -> Setup:
    """Read a set-up line such as `nl 2/5 cash 6 seats 500 button 6`; a NotationError names the
    column and what was expected."""
    items = words(line)
    game: tuple[Variant, BettingStructure] | None = None
    stakes: list[int] | None = None
    fmt: GameFormat | None = None
    count: int | None = None
    listed: dict[int, tuple[int | None, str]] = {}
    stack: int | None = None
    seat_count: int | None = None
    button = 1
    ante = 0
    ante_style = "none"
    straddle: int | None = None
    bring_in: int | None = None
    chips: tuple[int, ...] | None = None
    left: int | None = None
    profile: str | None = None
    house: str | None = None
    i = 0

    def take(what: str) -> Word:
        nonlocal i
        if i + 1 >= len(items):
            end = items[i].column + len(items[i].text) if items else 1
            raise NotationError(f"{items[i].text} needs {what}", column=end, expected=what)
        i += 1
        return items[i]

    def number(what: str) -> int:
        return amount(take(what), what)

    while i < len(items):
        word = items[i]
        low = word.lower
        if low == ",":
            pass
        elif low in GAMES:
            game = GAMES[low]
        elif "/" in low and low.replace("/", "").replace(",", "").replace(".", "").replace("k", "").isdigit():
            parts = low.split("/")
            if len(parts) not in (2, 3) or not all(parts):
                raise NotationError(f"{quoted(word.text)} is not a pair of blinds", column=word.column,
                                    expected="SB/BB such as 2/5, or SB/BB/STRADDLE")
            stakes = [amount(Word(p, word.column), "the blinds") for p in parts]
        elif low in FORMATS:
            fmt = FORMATS[low]
        elif low.isdigit() and i + 1 < len(items) and items[i + 1].lower in ("seats", "players", "handed"):
            count = int(low)
            i += 1
            if i + 1 < len(items) and items[i + 1].text[:1].isdigit() and ":" not in items[i + 1].text \
                    and "/" not in items[i + 1].text \
                    and not (i + 2 < len(items) and items[i + 2].lower in ("seats", "players", "handed")):
                stack = amount(take("a stack"), "a stack")
        elif low in ("seats", "players"):
            if i + 1 >= len(items) or ":" not in items[i + 1].text:
                raise NotationError("seats takes each seat as SEAT:STACK", column=word.column,
                                    expected="e.g. seats 1:50000 3:42000 (or `6 seats 500`)")
            while i + 1 < len(items) and ":" in items[i + 1].text:
                i += 1
                number_, stack_, name = _seat_item(items[i])
                listed[number_] = (stack_, name)
        elif low in ("stack", "stacks"):
            stack = number("a stack")
        elif low in ("max", "table"):
            seat_count = number("the number of seats at the table")
        elif low.endswith("-max") and low[:-4].isdigit():
            seat_count = int(low[:-4])
        elif low in ("button", "btn", "bu"):
            button = number("the button's seat")
        elif low == "ante":
            ante, ante_style = number("the ante"), "every-player"
        elif low == "bba":
            ante_style = "big-blind"
            if i + 1 < len(items) and items[i + 1].text[:1].isdigit() and "/" not in items[i + 1].text \
                    and ":" not in items[i + 1].text and (i + 2 >= len(items) or items[i + 2].lower
                                                           not in ("seats", "players", "handed")):
                ante = number("the big blind ante")
            else:
                ante = -1            # the big blind, once it is known
        elif low == "straddle":
            straddle = number("the straddle")
        elif low in ("bring-in", "bringin"):
            bring_in = number("the bring-in")
        elif low == "chips":
            chip_word = take("the chip values, e.g. 1/5/25/100")
            chips = tuple(amount(Word(p, chip_word.column), "a chip value")
                          for p in chip_word.text.split("/") if p)
        elif low == "left":
            left = number("the players left in the event")
        elif low == "profile":
            profile = take("a profile name (cash, tda-2026)").text
        elif low == "house":
            house = take("a house file").text
        else:
            raise NotationError(f"{quoted(word.text)} is not part of a set-up", column=word.column,
                                expected="a game (nl, plo...), blinds (2/5), cash or tournament, `N seats "
                                         "STACK`, `seats 1:STACK ...`, button N, ante N, bba, straddle N, "
                                         "profile NAME, house FILE")
        i += 1

    variant, betting = game or GAMES["nl"]
    small, big, *more = stakes or [1, 2]
    if straddle is None and more:
        straddle = more[0]
    structure: dict[str, Any] = {"betting": betting}
    forced: dict[str, Any] = {"small_blind": small, "big_blind": big}
    stud = variant.family == "stud"
    if betting is BettingStructure.FIXED_LIMIT:
        structure.update(small_bet=small, big_bet=big)
        forced = {"small_blind": small // 2, "big_blind": small}
        big = small
    if stud:
        # no blinds and no button: antes from every player and a bring-in from the low card (razz: high)
        forced = {"bring_in": bring_in or max(1, small // 2)}
        ante, ante_style = (ante or max(1, small // 4)), "every-player"
    elif bring_in is not None:
        raise NotationError("a bring-in is made only in stud games", column=1, expected="stud, stud8 or razz")
    if ante_style != "none":
        forced.update(ante=big if ante < 0 else ante, ante_style=ante_style)
    if straddle:
        forced["straddles"] = (straddle,)
    if fmt is None:
        fmt = GameFormat.CASH
    default_stack = stack if stack is not None else DEFAULT_STACK_BBS * big
    seats: list[dict[str, Any]]         # number, stack and name: the Table model validates them
    if listed:
        seats = [{"number": n, "stack": default_stack if s is None else s, **({"name": name} if name else {})}
                 for n, (s, name) in sorted(listed.items())]
    else:
        seats = [{"number": n, "stack": default_stack} for n in range(1, (count or DEFAULT_SEATS) + 1)]
    highest = max(seat["number"] for seat in seats)
    if seat_count is None:
        seat_count = count if count and not listed else max(DEFAULT_SEATS if listed else 0, highest, 2)
    data: dict[str, Any] = {"seats": seats, "seat_count": seat_count, "variant": variant,
                            "structure": structure, "forced_bets": forced, "format": fmt}
    if not stud:
        data["button"] = button
    if chips:
        data["chip_denominations"] = chips
    if left is not None:
        data["players_left_in_event"] = left
    try:
        table = Table.from_data(data)
    except FloormanError as error:
        raise NotationError(f"the table cannot be set up: {error.message}", column=1,
                            expected=error.expected) from None
    return Setup(table, profile or DEFAULT_PROFILE[fmt], profile is not None, house)


def _seat_item(word: Word) -> tuple[int, int | None, str]:
    parts = word.text.split(":")
    if len(parts) > 3 or not parts[0].lstrip("sS").isdigit():
        raise NotationError(f"{quoted(word.text)} is not SEAT:STACK", column=word.column,
                            expected="SEAT:STACK or SEAT:STACK:NAME, e.g. 3:42000")
    number = int(parts[0].lstrip("sS"))
    stack = amount(Word(parts[1], word.column + len(parts[0]) + 1), "a stack") if len(parts) > 1 and parts[1] \
        else None
    return number, stack, parts[2] if len(parts) > 2 else ""
