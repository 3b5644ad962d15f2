"""Words of a typed line, each with its column, and the small readers the grammars share
(amounts, seats, cards). Pure functions: no terminal, no state."""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, localcontext

from floorman.notation.errors import NotationError

# a number with thousands separators ("1,000") is one word; any other comma is its own word
# (it separates the words said from the chips: `s5 says raise, chips 100`)
_WORD = re.compile(r"\d{1,3}(?:,\d{3})+(?![\d,])|[^\s,]+|,")
_AMOUNT = re.compile(r"^(\d+(?:\.\d+)?|\d{1,3}(?:,\d{3})+)([kKmM]?)$")
_SEAT = re.compile(r"^(?:s|seat)?(\d{1,2})$", re.IGNORECASE)
_CARD = re.compile(r"^([2-9TJQKA])([cdhs])$", re.IGNORECASE)
MAX_CHIPS = 2**53
SHOWN = 40             # characters of a typed word an error message repeats


def quoted(text: str, limit: int = SHOWN) -> str:
    """A typed word as an error message repeats it: quoted, and cut short when it is long (a
    50,000-digit word must not make a 50,000-character message)."""
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}… ({len(text):,} characters)"


def shortened(text: str, limit: int) -> str:
    """A line cut at `limit` characters, saying how long it was."""
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text):,} characters)"


@dataclass(frozen=True)
class Word:
    text: str
    column: int          # 1-based, where the word starts in the line

    @property
    def lower(self) -> str:
        return self.text.lower()


def words(line: str) -> list[Word]:
    return [Word(m.group(0), m.start() + 1) for m in _WORD.finditer(line)]


def amount(word: Word, what: str = "an amount") -> int:
    """Chips: `500`, `1,000`, `2.5k`, `1m`. Whole chips only, below 2**53. Worked out in exact
    decimals (never a float: `1.005k` is 1,005, and 400 digits are too large, not infinity)."""
    match = _AMOUNT.match(word.text)
    if not match:
        raise NotationError(f"{quoted(word.text)} is not an amount", column=word.column,
                            expected=f"{what}, e.g. 500, 1,000 or 2.5k")
    number, suffix = match.groups()
    number = number.replace(",", "")
    whole_digits = len(number.partition(".")[0].lstrip("0"))
    if whole_digits > len(str(MAX_CHIPS)):      # too large whatever follows: no need to work it out
        raise NotationError(f"{quoted(word.text)} is too large", column=word.column, expected=f"{what} below 2**53")
    scale = {"": 1, "k": 1_000, "m": 1_000_000}[suffix.lower()]
    with localcontext() as exact:
        exact.prec = len(number) + 8            # enough digits that nothing is rounded
        chips = Decimal(number) * scale
    if chips != chips.to_integral_value():
        raise NotationError(f"{quoted(word.text)} is not a whole number of chips", column=word.column,
                            expected=what)
    if chips >= MAX_CHIPS:
        raise NotationError(f"{quoted(word.text)} is too large", column=word.column, expected=f"{what} below 2**53")
    return int(chips)


def is_amount(word: Word) -> bool:
    return bool(_AMOUNT.match(word.text))


_MULTIPLE = re.compile(r"^([^xX*×]+)[xX*×]([^xX*×]+)$")
MAX_CHIP_COUNT = 1000      # chips in one push: more is a typing slip, not a bet


def is_chips(word: Word) -> bool:
    """A chip value (`500`) or a multiple of one (`4x500`, `500x4`)."""
    match = _MULTIPLE.match(word.text)
    return is_amount(word) or bool(match and all(_AMOUNT.match(part) for part in match.groups()))


def chips(word: Word, denominations: tuple[int, ...] = ()) -> list[int]:
    """The chips one word stands for: `500` one chip, `4x500` or `500x4` four chips of 500. Of the
    two numbers the count is the smaller, unless only the other is one of the table's chip values."""
    match = _MULTIPLE.match(word.text)
    if not match:
        return [amount(word, "a chip value")]
    first, second = match.groups()
    a = amount(Word(first, word.column), "a chip count or value")
    b = amount(Word(second, word.column + len(first) + 1), "a chip count or value")
    count, value = (a, b) if a <= b else (b, a)
    if denominations and (value not in denominations) and (count in denominations):
        count, value = value, count
    if not 1 <= count <= MAX_CHIP_COUNT:
        raise NotationError(f"{quoted(word.text)}: {count:,} chips in one push", column=word.column,
                            expected=f"a count from 1 to {MAX_CHIP_COUNT:,}, e.g. 4x500")
    return [value] * count


def seat(word: Word, seats: range | frozenset[int] | None = None) -> int:
    """A seat: `s3`, `seat3` or `3`; checked against the table's seats when given."""
    match = _SEAT.match(word.text)
    if not match:
        raise NotationError(f"{quoted(word.text)} is not a seat", column=word.column, expected="a seat such as s3")
    number = int(match.group(1))
    if seats is not None and number not in seats:
        listed = ", ".join(f"s{n}" for n in sorted(seats))
        raise NotationError(f"there is no seat {number} at this table", column=word.column,
                            expected=f"one of {listed}")
    return number


def is_seat(word: Word) -> bool:
    return bool(_SEAT.match(word.text)) and word.lower[:1] == "s"


def card(word: Word) -> str:
    """A card: rank 23456789TJQKA and suit cdhs (`As`, `td` -> `Td`); `??` an unknown card."""
    if word.text == "??":
        return "??"
    match = _CARD.match(word.text)
    if not match:
        raise NotationError(f"{quoted(word.text)} is not a card", column=word.column,
                            expected="a card: rank 2-9 T J Q K A and suit c d h s, e.g. As or Td")
    return match.group(1).upper() + match.group(2).lower()


def is_card(word: Word) -> bool:
    return word.text == "??" or bool(_CARD.match(word.text))


def cards_in(word: Word) -> list[str]:
    """One word of cards: `As`, or several run together (`AsKd7c`)."""
    text = word.text
    if len(text) > 2 and len(text) % 2 == 0:
        return [card(Word(text[i:i + 2], word.column + i)) for i in range(0, len(text), 2)]
    return [card(word)]
