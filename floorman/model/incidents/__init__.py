"""Incidents: the disputed moment a floor person is called over for.

The events before it replay normally through `HandState`; an incident describes what is in
dispute (chips pushed with or without words, an action out of turn, a card exposed...).
Each family of incidents lives in its own module and registers its types here, so the
vocabulary grows without touching the others.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Annotated, Any, ClassVar, TypeVar

from pydantic import Field, ValidationError

from floorman.model.table import CHIP_LIMIT, _Strict

INCIDENT_TYPES: dict[str, type["Incident"]] = {}

#: One chip, by its value. Chip amounts and values in incidents stay below CHIP_LIMIT (2**53):
#: the rule engine's numbers are doubles, exact only below it, so a larger amount is refused with
#: its field named before any fact is built.
Chip = Annotated[int, Field(gt=0, lt=CHIP_LIMIT)]


@dataclass(frozen=True)
class AssumedAs:
    """How a default is said back to the floor when a ruling rests on it ("Assumed: into the
    muck (say `released` or `touching-muck` otherwise)"): `words` for a value, `say` what to type
    or write to give another value, `otherwise` when the other values cannot be listed."""

    words: Mapping[Any, str] = field(default_factory=dict)
    say: Mapping[Any, str] = field(default_factory=dict)
    otherwise: str | None = None


class Incident(_Strict):
    """Base of every incident type; `type` names it in data files.

    A field left out takes its default, chosen as a floor person reads the words ("mucks": into
    the muck). A ruling that rests on a field nobody gave says so ("Assumed: ..."; see
    floorman/engine/assumed.py), except for the `ordinary` fields, whose default is the ordinary
    course of play, said only when something unusual happened (nothing said, one motion, the
    amount clear), and the fields `settled` by what was given."""

    type: str
    commentary: str | None = None
    #: a dispute about the hand itself, which a misdeal or fouled deck leaves nothing to rule on
    #: (a player's conduct is ruled all the same)
    about_the_hand: ClassVar[bool] = True
    #: defaults that are the ordinary course of play: never said back as assumed
    ordinary: ClassVar[frozenset[str]] = frozenset({"commentary"})
    #: the words for a default said back as assumed, by field (see AssumedAs; plain words otherwise)
    assumed_as: ClassVar[dict[str, AssumedAs]] = {}

    @property
    def given(self) -> frozenset[str]:
        """The fields the user gave (in the file, the line or the answers), not defaulted."""
        return frozenset(self.model_fields_set)

    def settled(self) -> frozenset[str]:
        """Fields left out whose value follows from those given (cards mixed into the muck cannot
        be identified), or that do not matter to what was given: never assumed."""
        return frozenset()


IncidentT = TypeVar("IncidentT", bound="Incident")


def incident(cls: type[IncidentT]) -> type[IncidentT]:
    """Class decorator: register an incident type under its `type` default."""
    name = cls.model_fields["type"].default
    if name in INCIDENT_TYPES:
        raise RuntimeError(f"incident type {name!r} registered twice")
    INCIDENT_TYPES[name] = cls
    return cls


# Which family module defines each incident type, so that a file with one incident imports one
# family instead of all of them (start-up time at the podium). A test keeps this in step with
# the @incident registrations.
FAMILY_OF = {
    "wager": "betting", "conditional-statement": "declarations", "fold-words": "folding",
    "under-raise-found": "addendum", "pot-count-error": "addendum", "call-before-amount": "addendum",
    **dict.fromkeys(("out-of-turn", "question", "chips-added", "chips-hidden", "cash-on-table",
                     "wrong-count"), "action"),
    **dict.fromkeys(("deal-error", "boxed-card", "exposed-card", "duplicate-card", "premature-board",
                     "four-card-flop", "flop-without-burn", "not-at-seat", "clock-expired", "wrong-button",
                     "wrong-blind-level"), "irregularities"),
    **dict.fromkeys(("showdown-question", "muck-at-showdown", "hand-killed-by-dealer", "hand-fouled",
                     "verbal-at-showdown", "show-request", "shown-to-one", "partial-table",
                     "award-dispute"), "showdown"),
    **dict.fromkeys(("conduct", "penalty", "complaint", "chips-found-behind", "lost-chips", "token-bet"),
                    "conduct"),
    **dict.fromkeys(("button-draw", "next-hand-button", "new-player", "missed-blinds", "straddle",
                     "forced-bet-question", "big-blind-ante-short", "procedure-question"), "setup"),
    **dict.fromkeys(("chip-race", "simultaneous-eliminations", "cash-out-request", "rebuy-request",
                     "deal-proposal", "table-balance", "table-break", "wrong-seat", "hand-for-hand-all-in",
                     "absent-chips", "shot-clock"), "tournament"),
    **dict.fromkeys(("buy-in", "seat-change", "new-game-seating", "play-over", "rabbit-hunt", "run-it-twice", "leave-game", "sit-out",
                     "online-timeout", "online-account", "rake", "deck-change", "stub-dropped",
                     "draw-stub-short"), "cash_game"),
    **dict.fromkeys(("ranking-question", "stud-question", "stud-irregularity", "draw-question"), "variants"),
}


def incident_class(name: str) -> type[Incident] | None:
    """The model of an incident type, importing only its family when it is indexed."""
    if name not in INCIDENT_TYPES:
        family = FAMILY_OF.get(name)
        if family is not None:
            import importlib

            importlib.import_module(f"{__name__}.{family}")
        else:
            _load_families()
    return INCIDENT_TYPES.get(name)


def parse_incident(raw: Any) -> Incident:
    """Validate one incident from plain data; an unknown type lists the known ones."""
    if not isinstance(raw, dict) or "type" not in raw:
        raise ValueError("an incident is a mapping with a `type`")
    cls = incident_class(raw["type"])
    if cls is None:
        known = ", ".join(sorted(INCIDENT_TYPES))
        raise ValueError(f"unknown incident type {raw['type']!r} (known: {known})")
    return cls.model_validate(raw)


def _load_families() -> None:
    """Import every family module in this package: importing one registers its types."""
    import importlib
    import pkgutil

    for module in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{module.name}")


__all__ = ["CHIP_LIMIT", "AssumedAs", "Chip", "INCIDENT_TYPES", "Incident", "incident", "parse_incident",
           "ValidationError"]
