"""The table before the hand starts: seats, button, game, betting structure and forced bets.

Strict pydantic models: chips are integers, unknown fields are refused, and impossible
set-ups (a duplicate seat, a button off the table) fail with the field named.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from floorman.errors import FloormanError, InvalidTable

#: Chip amounts stay below 2**53: the rule engine holds numbers as doubles, and no real stack or
#: bet comes near it. Every chip field is bounded, so a huge number is refused with its field named.
CHIP_LIMIT = 2**53
Chips = Annotated[int, Field(ge=0, lt=CHIP_LIMIT)]


class Variant(StrEnum):
    """The game being dealt."""

    HOLDEM = "holdem"
    OMAHA = "omaha"
    OMAHA_HI_LO = "omaha-hi-lo"
    SHORT_DECK = "short-deck"
    STUD = "stud"
    STUD_HI_LO = "stud-hi-lo"
    RAZZ = "razz"
    DEUCE_SEVEN_TRIPLE_DRAW = "2-7-triple-draw"
    DEUCE_SEVEN_SINGLE_DRAW = "2-7-single-draw"
    # the 32-card deck (seed 004) dealt as hold'em; the suffix names the suit order that breaks
    # ties of straights and flushes (floorman/evaluation/piquet.py)
    PIQUET = "piquet"
    PIQUET_BRIDGE_SUITS = "piquet-bridge-suits"

    @property
    def family(self) -> Literal["flop", "stud", "draw"]:
        if self in (Variant.STUD, Variant.STUD_HI_LO, Variant.RAZZ):
            return "stud"
        if self in (Variant.DEUCE_SEVEN_TRIPLE_DRAW, Variant.DEUCE_SEVEN_SINGLE_DRAW):
            return "draw"
        return "flop"

    @property
    def streets(self) -> tuple[str, ...]:
        """The betting rounds, in order."""
        if self.family == "stud":
            return ("third", "fourth", "fifth", "sixth", "seventh")
        if self is Variant.DEUCE_SEVEN_TRIPLE_DRAW:
            return ("predraw", "first-draw", "second-draw", "third-draw")
        if self is Variant.DEUCE_SEVEN_SINGLE_DRAW:
            return ("predraw", "after-draw")
        return ("preflop", "flop", "turn", "river")

    @property
    def board_cards(self) -> tuple[int, ...]:
        """Community cards dealt before each betting round (flop games only)."""
        return (0, 3, 1, 1) if self.family == "flop" else (0,) * len(self.streets)

    @property
    def hole_cards(self) -> int:
        """Cards each player holds at the end of the deal (stud: all seven)."""
        if self.family == "flop":
            return 4 if self in (Variant.OMAHA, Variant.OMAHA_HI_LO) else 2
        return 7 if self.family == "stud" else 5

    @property
    def short_deck(self) -> bool:
        return self is Variant.SHORT_DECK


class BettingStructure(StrEnum):
    NO_LIMIT = "no-limit"
    POT_LIMIT = "pot-limit"
    FIXED_LIMIT = "fixed-limit"


class GameFormat(StrEnum):
    CASH = "cash"
    TOURNAMENT = "tournament"


class _Strict(BaseModel):
    """Strict, frozen, no unknown fields; lists from YAML/JSON become tuples."""

    # defer_build: a model's validator is built when first used, not when its module is imported
    # (a one-shot ruling uses a few of the ~150 event and incident models)
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, defer_build=True)

    @model_validator(mode="before")
    @classmethod
    def _lists_to_tuples(cls, raw: object) -> object:
        # strict mode refuses a list for a tuple field; data files only have lists
        if isinstance(raw, dict):
            return {key: tuple(value) if isinstance(value, list) else value for key, value in raw.items()}
        return raw


def refusal(error_class: type[FloormanError], model: object, error: ValidationError, data: object,
            **extra: Any) -> FloormanError:
    """A pydantic error as floorman's own error, with the field named (e.g. `seats[0].stack`)."""
    from floorman.source import field_path, translate

    located = translate(error, filename="", document=data, model=model)
    field = located.field
    if isinstance(model, type):
        # one model, no union: every part of the location is a field (an Action's `action` too)
        first = min(error.errors(include_url=False), key=lambda e: e["type"] != "extra_forbidden")
        field = field_path(tuple(first["loc"])) or field
    return error_class(located.message, field=field, expected=located.expected, **extra)


class _TableModel(_Strict):
    """Built directly from Python (`Table(...)`, `Seat(...)`): bad values are an InvalidTable
    naming the field. (`model_validate` keeps pydantic's error for the file loaders, which add
    the file and line.)"""

    def __init__(self, **data: object) -> None:
        try:
            super().__init__(**data)
        except ValidationError as error:
            raise refusal(InvalidTable, type(self), error, data) from None


class Seat(_TableModel):
    """One seat at the table and the player in it, as the hand begins."""

    number: int = Field(ge=1, le=10, description="the table's seat number")
    name: str = ""
    stack: int = Field(ge=0, lt=CHIP_LIMIT, description="chips in front of the player (table stakes)")
    present: bool = Field(True, description="at the seat (within reach of the chair)")
    sitting_out: bool = Field(False, description="not dealt in this hand")


class Structure(_TableModel):
    """How much may be bet."""

    betting: BettingStructure = Field(BettingStructure.NO_LIMIT, strict=False)
    small_bet: int = Field(0, ge=0, lt=CHIP_LIMIT, description="fixed-limit: the bet on the early rounds")
    big_bet: int = Field(0, ge=0, lt=CHIP_LIMIT, description="fixed-limit: the bet on the late rounds")
    raise_cap: int | None = Field(
        4, ge=1, lt=CHIP_LIMIT,
        description="fixed-limit: most bets and raises in one round (bet + 3 raises); None = no cap")
    # (whether a cash room lifts the cap heads-up is the profile option limit_cap_lifted_heads_up,
    # passed to HandState: it is a house rule, not part of the table)
    min_bet: int = Field(0, ge=0, lt=CHIP_LIMIT, description="no-limit/pot-limit minimum bet; 0 = the big blind")

    @model_validator(mode="after")
    def _fixed_limit_needs_sizes(self) -> "Structure":
        if self.betting is BettingStructure.FIXED_LIMIT and (self.small_bet <= 0 or self.big_bet <= 0):
            raise ValueError("fixed-limit needs small_bet and big_bet above 0")
        return self


class ForcedBets(_TableModel):
    small_blind: int = Field(0, ge=0, lt=CHIP_LIMIT)
    big_blind: int = Field(0, ge=0, lt=CHIP_LIMIT)
    ante: int = Field(0, ge=0, lt=CHIP_LIMIT)
    ante_style: Literal["none", "every-player", "big-blind", "button"] = "none"
    straddles: tuple[Chips, ...] = Field((), description="straddle amounts after the big blind, in order")
    bring_in: int = Field(0, ge=0, lt=CHIP_LIMIT, description="stud games: the forced opening bet of the low (razz: high) card")


class Table(_TableModel):
    """Everything about the table that holds before the first card is dealt."""

    seats: tuple[Seat, ...] = Field(min_length=2)
    seat_count: int = Field(9, ge=2, le=10, description="seats at the table, occupied or not")
    button: int | None = Field(None, description="the button's seat; None in stud games")
    variant: Variant = Field(Variant.HOLDEM, strict=False)  # enums come as strings from YAML
    structure: Structure = Structure()
    forced_bets: ForcedBets = ForcedBets()
    format: GameFormat = Field(GameFormat.TOURNAMENT, strict=False)
    players_left_in_event: int | None = Field(None, ge=1, description="tournaments: players still in the event")
    chip_denominations: tuple[Annotated[int, Field(gt=0, lt=CHIP_LIMIT)], ...] | None = Field(
        None, min_length=1, description="chip values in play; None (unspecified) = any chip value")

    @model_validator(mode="after")
    def _consistent(self) -> "Table":
        numbers = [seat.number for seat in self.seats]
        duplicates = sorted({n for n in numbers if numbers.count(n) > 1})
        if duplicates:
            raise ValueError(f"seat {duplicates[0]} appears twice")
        if max(numbers) > self.seat_count:
            raise ValueError(f"seat {max(numbers)} is beyond seat_count {self.seat_count}")
        if self.button is not None and not 1 <= self.button <= self.seat_count:
            raise ValueError(f"button {self.button} is not a seat at this table (1-{self.seat_count})")
        if self.button is None and self.variant.family != "stud":
            raise ValueError(f"{self.variant} needs a button seat")
        return self

    @classmethod
    def from_data(cls, raw: object) -> "Table":
        """A table from plain data (a dict as in a scenario's `table:`); InvalidTable names the field."""
        try:
            return cls.model_validate(raw)
        except ValidationError as error:
            raise refusal(InvalidTable, cls, error, raw) from None

    @property
    def smallest_chip(self) -> int:
        """The smallest chip in play (1 when the denominations are unspecified)."""
        return min(self.chip_denominations) if self.chip_denominations else 1

    def seat(self, number: int) -> Seat | None:
        for seat in self.seats:
            if seat.number == number:
                return seat
        return None

    def clockwise_from(self, start: int) -> list[int]:
        """Occupied seat numbers clockwise, beginning with the first seat after `start`."""
        numbers = sorted(seat.number for seat in self.seats)
        after = [n for n in numbers if n > start]
        return after + [n for n in numbers if n <= start]


# The __init__ above is for Python callers only: validation from data (model_validate, a nested
# seat) must not go through it, so that the file loaders still get pydantic's located errors.
for _model in (Seat, Structure, ForcedBets, Table):
    _model.__pydantic_custom_init__ = False
    _model.model_rebuild(force=True)
