"""What happens at the table, one event at a time.

The vocabulary is open: later layers add irregularity events. Every event names its seat by
the table's seat number. Actions carry the physical detail that floor rulings depend on:
the words said, the chips pushed, the motions, whether in turn, and whether the words came
before, with or after the chips.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter, ValidationError, field_validator

from floorman.errors import InvalidEvent
from floorman.model.cards import parse_cards
from floorman.model.table import CHIP_LIMIT, Chips, _Strict, refusal
from floorman.source import register_union_tags


class _Event(_Strict):
    commentary: str | None = Field(None, description="free text: what the dealer or floor noted")

    def __init__(self, **data: object) -> None:
        # built directly from Python: bad values are an InvalidEvent naming the field
        try:
            super().__init__(**data)
        except ValidationError as error:
            raise refusal(InvalidEvent, type(self), error, data) from None


def _cards(value: object) -> tuple[str, ...]:
    if isinstance(value, (str, list, tuple)):
        return tuple(parse_cards(value))
    raise ValueError("expected cards such as 'AsKd' or ['As', 'Kd']")


PostKind = Literal["small-blind", "big-blind", "straddle", "ante", "big-blind-ante", "button-ante",
                   "bring-in", "missed-small-blind", "missed-big-blind", "new-player"]

# Posts that count toward the poster's call (live); the rest are dead money.
LIVE_POSTS = frozenset({"small-blind", "big-blind", "straddle", "bring-in", "missed-big-blind", "new-player"})


class Post(_Event):
    """A forced bet put in before the deal."""

    type: Literal["post"] = "post"
    seat: int
    kind: PostKind
    amount: int = Field(ge=0, lt=CHIP_LIMIT)
    dead: bool | None = Field(None, description="None = the usual for this kind (antes and a missed "
                                                 "small blind are dead; blinds and straddles are live)")

    @property
    def live(self) -> bool:
        return (self.kind in LIVE_POSTS) if self.dead is None else not self.dead


class DealHole(_Event):
    """Hole cards to one seat, in dealing order; stud up-cards are marked face up."""

    type: Literal["deal"] = "deal"
    seat: int
    cards: tuple[str, ...]
    face_up: tuple[bool, ...] | None = Field(None, description="per card; None = all face down")

    _parse = field_validator("cards", mode="before")(_cards)


class Burn(_Event):
    type: Literal["burn"] = "burn"
    card: str | None = None


class Board(_Event):
    """Community cards turned face up (flop, turn or river)."""

    type: Literal["board"] = "board"
    cards: tuple[str, ...]

    _parse = field_validator("cards", mode="before")(_cards)


class Draw(_Event):
    """Draw games: a seat discards and takes replacements (standing pat = no discards)."""

    type: Literal["draw"] = "draw"
    seat: int
    discards: tuple[str, ...] = ()
    replacements: tuple[str, ...] = ()

    _parse = field_validator("discards", "replacements", mode="before")(_cards)


ActionKind = Literal["check", "bet", "call", "raise", "fold", "all-in", "complete", "bring-in"]


class Action(_Event):
    """A betting action, with what the player physically did.

    `amount` is the total the seat's bet comes to on this street ("raise to"), for bet, raise,
    complete and all-in; leave it out for check, call and fold.
    """

    type: Literal["action"] = "action"
    seat: int
    action: ActionKind
    amount: int | None = Field(None, ge=0, lt=CHIP_LIMIT,
                               description="bet/raise/complete/all-in: total for the street")
    said: str | None = Field(None, description="the words spoken, if any")
    amount_said: int | None = Field(None, ge=0, lt=CHIP_LIMIT, description="the amount named aloud, if any")
    chips: tuple[Chips, ...] = Field((), description="chips pushed, by denomination, e.g. (1000, 500)")
    motions: int = Field(1, ge=1, description="forward motions used to put the chips in")
    in_turn: bool | None = Field(None, description="None = as the replay finds it")
    speech: Literal["before", "with", "after"] | None = Field(
        None, description="when the words came, relative to the chips")


class Show(_Event):
    """The seat tables its cards face up at showdown."""

    type: Literal["show"] = "show"
    seat: int
    cards: tuple[str, ...] = ()

    _parse = field_validator("cards", mode="before")(_cards)


class Muck(_Event):
    """The seat throws its hand away face down."""

    type: Literal["muck"] = "muck"
    seat: int


class ShowOne(_Event):
    """The seat shows a single card (not a tabled hand)."""

    type: Literal["show-one"] = "show-one"
    seat: int
    card: str

    @field_validator("card", mode="before")
    @classmethod
    def _one_card(cls, value: object) -> str:
        cards = _cards(value)
        if len(cards) != 1:
            raise ValueError("expected exactly one card")
        return cards[0]


# _Event.__init__ is for Python callers only: validation from data (the scenario loader, the
# adapter below) keeps pydantic's located errors
for _model in (Post, DealHole, Burn, Board, Draw, Action, Show, Muck, ShowOne):
    _model.__pydantic_custom_init__ = False
    _model.model_rebuild(force=True)

Event = Annotated[Post | DealHole | Burn | Board | Draw | Action | Show | Muck | ShowOne,
                  Field(discriminator="type")]
EVENT_ADAPTER: TypeAdapter[Event] = TypeAdapter(Event)
# pydantic puts the discriminator value into error locations; it is not a field
register_union_tags("post", "deal", "burn", "board", "draw", "action", "show", "muck", "show-one")


def parse_event(raw: object, *, index: int | None = None) -> Event:
    """Validate one event from plain data (YAML/JSON): `{'type': 'action', 'seat': 3, ...}`.

    Bad data is an InvalidEvent naming the field (and `index`, the event's place in the hand)."""
    try:
        return EVENT_ADAPTER.validate_python(raw)
    except ValidationError as error:
        raise refusal(InvalidEvent, Event, error, raw, event_index=index) from None
