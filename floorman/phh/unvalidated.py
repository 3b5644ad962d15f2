"""Events, seats and tables built without pydantic validation, and shared by a file's hands.

Building a model this way is several times faster than `model_construct`. It is safe only
because the reader has already checked every value (cards parsed, seats known, amounts whole
chips); tests/test_phh.py validates every shared hand's models again and compares.
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel

from floorman.model.events import Action, Board, DealHole, Draw, Muck, Post, Show
from floorman.model.table import Seat, Table

__all__ = ["deal_hole", "interned", "unvalidated"]

Model = TypeVar("Model", bound=BaseModel)

_set = object.__setattr__


def _defaults(cls: type[BaseModel]) -> dict[str, Any]:
    return {name: None if info.is_required() else info.get_default(call_default_factory=True)
            for name, info in cls.model_fields.items()}


_DEFAULTS: dict[type[BaseModel], dict[str, Any]] = {
    cls: _defaults(cls) for cls in (Post, DealHole, Board, Draw, Action, Show, Muck, Seat, Table)}
_DEAL_DEFAULTS = _DEFAULTS[DealHole]


def unvalidated(cls: type[Model], **values: Any) -> Model:
    """A model built from values the reader has checked, as `model_construct` does but faster."""
    obj = cls.__new__(cls)
    _set(obj, "__dict__", {**_DEFAULTS[cls], **values})
    _set(obj, "__pydantic_fields_set__", set(values))
    _set(obj, "__pydantic_extra__", None)
    _set(obj, "__pydantic_private__", None)
    return obj


def interned(shared: dict[Any, Any], cls: type[Model], key: tuple[Any, ...], **values: Any) -> Model:
    """`unvalidated(cls, **values)`, kept in `shared` under `key` for the file's next hands (call
    it as `shared.get(key) or interned(...)`: a hit then builds no keyword arguments).

    Events are frozen, and a file repeats the same few thousand ('p3 f', 'd dh p1 ????'): one
    object each, per `read_hands` call."""
    obj = cls.__new__(cls)          # unvalidated(cls, **values), inline: this runs for every new event
    _set(obj, "__dict__", {**_DEFAULTS[cls], **values})
    _set(obj, "__pydantic_fields_set__", set(values))
    _set(obj, "__pydantic_extra__", None)
    _set(obj, "__pydantic_private__", None)
    shared[key] = obj
    return obj


def deal_hole(seat: int, cards: tuple[str, ...]) -> DealHole:
    """`unvalidated(DealHole, seat=seat, cards=cards)`, without the keyword arguments (known hole
    cards are seldom dealt twice in a file: not worth sharing)."""
    event = DealHole.__new__(DealHole)
    _set(event, "__dict__", {**_DEAL_DEFAULTS, "seat": seat, "cards": cards})
    _set(event, "__pydantic_fields_set__", {"seat", "cards"})
    _set(event, "__pydantic_extra__", None)
    _set(event, "__pydantic_private__", None)
    return event
