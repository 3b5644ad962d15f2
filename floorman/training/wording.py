"""How a quiz question says things, in cardroom words: the game, a push of chips, a card's place
in the deal, the number asked for. The validator reads the same phrases back (CHIP_GROUP), so a
question that names a chip the table does not have, or a total that is not the chips' sum, is
caught whatever template wrote it.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from typing import Any

_COUNTS = ("no", "a", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")
_COUNT_OF = {word: n for n, word in enumerate(_COUNTS)} | {"one": 1, "an": 1, "a single": 1}

#: one kind of chip in a push: "a 500 chip", "three 25 chips", "a single 5,000 chip"
_ITEM = r"(?:a single|an|a|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve) (?:[\d,]+) chips?\b"
#: a push: its kinds of chip, and the total when it states one
CHIP_GROUP = re.compile(rf"(?P<items>{_ITEM}(?:(?:, | and ){_ITEM})*)(?: \((?P<total>[\d,]+) in all\))?")
_ITEM_PARTS = re.compile(r"(a single|an|a|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve) "
                         r"([\d,]+) chips?\b")


def amount(n: int) -> str:
    return f"{n:,}"


def chips_phrase(chips: Iterable[int]) -> str:
    """A push as a dealer says it: 'a 500 chip', 'two 100 chips and a 25 chip (225 in all)'."""
    counted = sorted(Counter(chips).items(), reverse=True)
    parts = [f"{_COUNTS[n] if n < len(_COUNTS) else n} {amount(value)} chip{'s' if n > 1 else ''}"
             for value, n in counted]
    words = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    total = sum(value * n for value, n in counted)
    return words if sum(n for _, n in counted) == 1 else f"{words} ({amount(total)} in all)"


def chip_groups(text: str) -> list[tuple[list[int], int | None]]:
    """Every push the text describes: its chips, and the total it states (None: none stated)."""
    found = []
    for match in CHIP_GROUP.finditer(text):
        chips: list[int] = []
        for count, value in _ITEM_PARTS.findall(match["items"]):
            chips += [int(value.replace(",", ""))] * _COUNT_OF[count]
        total = int(match["total"].replace(",", "")) if match["total"] else None
        found.append((chips, total))
    return found


ORDINAL_WORDS = ("", "first", "second", "third", "fourth", "fifth")


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def sentence(text: str) -> str:
    """`text` with its first letter a capital (a sentence that starts 'seat 3 calls')."""
    return text[:1].upper() + text[1:] if text else text


def plural(n: int, word: str, many: str | None = None) -> str:
    """'1 warning', '2 warnings', '1 penalty', '3 penalties' (`many`: the plural when not word+s)."""
    return f"{n} {word if n == 1 else many or word + 's'}"


def article(word: str) -> str:
    """'a straddle', 'an ante', 'an add-on'."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def seats_list(numbers: Iterable[int]) -> str:
    listed = [str(n) for n in numbers]
    if len(listed) <= 1:
        return f"seat {''.join(listed)}"
    return "seats " + ", ".join(listed[:-1]) + " and " + listed[-1]


_GAMES = {"holdem": "hold'em", "omaha": "Omaha", "omaha-hi-lo": "Omaha hi-lo", "short-deck": "short-deck hold'em",
          "piquet": "32-card hold'em", "piquet-bridge-suits": "32-card hold'em", "stud": "seven-card stud",
          "stud-hi-lo": "stud high-low", "razz": "razz", "2-7-triple-draw": "2-7 triple draw",
          "2-7-single-draw": "2-7 single draw"}
_BETTING = {"no-limit": "No-limit", "pot-limit": "Pot-limit", "fixed-limit": "Fixed-limit"}
FORMAT_WORDS = {"cash": "cash game", "tournament": "tournament"}


def game_line(table: Any, *, players: bool = True) -> str:
    """The game as a dealer names it: 'No-limit hold'em 100/200 tournament, 6 players, button
    seat 3.' (fixed-limit: the bets; a game without a small blind says so; stud: no button)."""
    structure = table.structure
    fb = table.forced_bets
    game = f"{_BETTING[structure.betting.value]} {_GAMES[table.variant.value]}"
    if structure.betting.value == "fixed-limit":
        stakes = f"{amount(structure.small_bet)}/{amount(structure.big_bet)}"
    elif fb.small_blind:
        stakes = f"{amount(fb.small_blind)}/{amount(fb.big_blind)}"
    else:
        stakes = f"(big blind {amount(fb.big_blind)}, no small blind)"
    line = f"{game} {stakes} {FORMAT_WORDS[table.format.value]}"
    if fb.ante and fb.ante_style == "every-player":
        line += f", ante {amount(fb.ante)}"
    elif fb.ante and fb.ante_style == "big-blind":
        line += f", big-blind ante {amount(fb.ante)}"
    if players:
        line += f", {len(table.seats)} players"
    if table.button is not None:
        line += f", button seat {table.button}"
    return line + "."


#: the number a question asks for, in words (the ruling param -> its label); a param not listed
#: here is asked as 'the amount'
NUMBER_LABELS: dict[str, str] = {
    "change": "the change given back", "call_amount": "the amount to call (chips owed)",
    "min_raise_to": "the minimum raise-to",
    "returned": "the chips returned", "to_call": "the amount to call", "total_posted": "the total posted",
    "ante_posted": "the ante posted", "blind_posted": "the big blind posted", "may_add": "the most that may be added",
    "hands_missed": "the hands missed", "hands_until_big_blind": "the hands before the big blind",
    "button": "the button's seat", "big_blind": "the big blind's seat", "moves": "the seat of the player who moves",
    "refund": "the rake refunded", "new_stub_cards": "the cards in the new stub", "chips_raced": "the chips raced off",
    "seat_to_move": "the seat that moves", "cards_dealt": "the cards dealt", "burns": "the burn cards",
    "cutter_seat": "the seat that cuts", "bring_in": "the seat that brings it in",
    "first_to_act": "the seat that acts first", "bet_allowed": "the bet allowed", "bet_to": "the bet (total)",
    "raise_to": "the raise-to", "odd_chip_seat": "the seat that gets the odd chip", "side_pot": "the side pot",
    "main_pot": "the main pot", "chips_to_add": "the chips to add", "pot": "the pot",
}
_SEAT_PARAM = re.compile(r"seat_(\d+)_(chips_after|place)")


def number_label(param: str) -> str:
    seat = _SEAT_PARAM.fullmatch(param)
    if seat:
        return f"seat {seat[1]}'s {'chips after the race' if seat[2] == 'chips_after' else 'finishing place'}"
    return NUMBER_LABELS.get(param, "the amount")


#: text a trainee must never see: an engine field name, an unfilled template, a Python value
ENGINE_WORDS = re.compile(r"\b[a-z]+_[a-z_]+\b|[{}]|\bNone\b|\bTrue\b|\bFalse\b")
