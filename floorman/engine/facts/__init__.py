"""Facts: the hand as it stands, flattened for the rule engine.

A `Situation` is a table, the events that happened, the incident in dispute and the profile.
Facts are flat dicts with a `type`, a unique `id` and plain values (int, str, bool; never
None, which durable-rules mishandles). The arithmetic (to_call, min_raise_to, whether every
chip was needed...) is computed here in Python; rules only compare.
Each incident family registers a builder for its incident types.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, TypeVar, cast
from weakref import WeakKeyDictionary

from floorman.errors import InvalidEvent
from floorman.model.events import Action, Event
from floorman.model.incidents import Incident
from floorman.model.room import RoomRules
from floorman.model.state import HandState, SeatInHand
from floorman.model.table import Table

Fact = dict[str, Any]
FactBuilder = Callable[["Situation", Incident, int], list[Fact]]
FactExtender = Callable[["Situation", Incident, int, list[Fact]], None]
BUILDERS: dict[str, FactBuilder] = {}
EXTENDERS: dict[str, list[FactExtender]] = {}

# A family's builder takes its own incident class (a `Wager`, a `ShowdownQuestion`), not any
# `Incident`: the decorators keep that signature for the function they return, and file it
# under the general one, which is sound because the floor looks it up by the incident's type.
IncidentT = TypeVar("IncidentT", bound=Incident)
BuilderOf = Callable[["Situation", IncidentT, int], list[Fact]]
ExtenderOf = Callable[["Situation", IncidentT, int, list[Fact]], None]


def builds(*incident_types: str) -> Callable[[BuilderOf[IncidentT]], BuilderOf[IncidentT]]:
    """Decorator: register the fact builder of one or more incident types."""
    def register(builder: BuilderOf[IncidentT]) -> BuilderOf[IncidentT]:
        for name in incident_types:
            if name in BUILDERS:
                raise RuntimeError(f"two fact builders for incident type {name!r}")
            BUILDERS[name] = cast(FactBuilder, builder)
        return builder
    return register


def extends(*incident_types: str) -> Callable[[ExtenderOf[IncidentT]], ExtenderOf[IncidentT]]:
    """Decorator: add fields or facts to what another family's builder made for an incident
    type (e.g. a declarations module adding its own numbers to the `wager` fact)."""
    def register(extender: ExtenderOf[IncidentT]) -> ExtenderOf[IncidentT]:
        for name in incident_types:
            EXTENDERS.setdefault(name, []).append(cast(FactExtender, extender))
        return extender
    return register


@dataclass
class Situation:
    """What the floor is asked about: the table, what happened, and what is in dispute."""

    table: Table
    events: list[Event]
    incidents: list[Incident]
    profile: str
    options: dict[str, bool | int | str] = field(default_factory=dict)
    # Set by the floor, which rules incidents in order: the facts of each incident already ruled
    # (by index), as they were built then; the hand has since moved on by the rulings' effects.
    earlier: dict[int, list[Fact]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # The Python API's front door: a wrong kind is the caller's error, named here, rather
        # than an AttributeError deep in a fact builder.
        for name in ("events", "incidents"):
            if not isinstance(getattr(self, name), (list, tuple)):
                raise InvalidEvent(f"{name} is a list, not {type(getattr(self, name)).__name__}", field=name)
        for index, incident in enumerate(self.incidents):
            if not isinstance(incident, Incident):
                raise InvalidEvent(f"an incident, not {type(incident).__name__} (parse it first: "
                                   "floorman.model.incidents.parse_incident)", field=f"incidents[{index}]")
        if not isinstance(self.options, dict):
            raise InvalidEvent(f"options is a mapping, not {type(self.options).__name__}", field="options")
        for key, value in self.options.items():
            if not isinstance(value, (bool, int, str)) or (isinstance(value, int) and abs(value) >= 2**53):
                raise InvalidEvent(f"{value!r}: a room option is true/false, a whole number below 2**53 or text",
                                   field=f"options.{key}")

    @cached_property
    def state(self) -> HandState:
        """The hand just before the incident (events replayed in order)."""
        return HandState.replay(self.table, self.events, room=self.room)

    @cached_property
    def room(self) -> RoomRules:
        """The room options the hand itself is replayed by (the cap heads-up, stud order, razz odd chip)."""
        return RoomRules.from_options(self.options)

    def option(self, name: str, default: bool | int | str) -> bool | int | str:
        return self.options.get(name, default)

    def room_option(self, name: str) -> bool | int | str:
        """A declared room option, else its bundled default: options.yaml is read only for a
        situation built without the option (the Python API), never on a ruling's cold path."""
        if name in self.options:
            return self.options[name]
        from floorman.rulebook.options import bundled_default

        return bundled_default(name)

    def option_flag(self, name: str, default: bool = False) -> bool:
        """A yes/no room option (playing over, rabbit hunting, straddles...)."""
        return bool(self.options.get(name, default))

    def option_number(self, name: str, default: int) -> int:
        """A whole-number room option (big blinds of a buy-in, minutes, hands...)."""
        return int(self.options.get(name, default))

    def option_choice(self, name: str, default: str, choices: Sequence[str]) -> str:
        """A room option naming one of `choices`: any other value is the profile's error, named."""
        value = str(self.options.get(name, default))
        if value not in choices:
            raise InvalidEvent(f"the profile's {name} is {value!r}; expected one of {', '.join(choices)}",
                               field=f"profile.{name}")
        return value


def incident_seat(situation: Situation, number: int, field: str, *, live: bool = False) -> SeatInHand:
    """The seat an incident names. An unknown seat (or, with `live`, one not holding a live
    hand) is an error that names the incident's field, e.g. `incidents[0].seat`."""
    seat = situation.state.seats.get(number)
    if seat is None:
        raise InvalidEvent(f"seat {number} is not at this table", field=field)
    if live and not seat.dealt_in:
        raise InvalidEvent(f"seat {number} is not in the hand", field=field)
    if live and seat.folded:
        raise InvalidEvent(f"seat {number} has folded", field=field)
    return seat


def named_seat(situation: Situation, number: int | None, field: str) -> int:
    """A seat the incident may name (None: it names none), checked as `incident_seat` checks it;
    0 when none is named, as facts hold no None."""
    if number is None:
        return 0
    incident_seat(situation, number, field)
    return number


#: the post kinds that are antes: dead money, never part of a call
ANTE_POSTS = ("ante", "big-blind-ante", "button-ante")


def dealt_in_seats(situation: Situation) -> list[int]:
    """The seats of the players dealt in at this table (not sitting out), in seat order."""
    return sorted(seat.number for seat in situation.table.seats if not seat.sitting_out)


def deal_order(seats: list[int], button: int) -> list[int]:
    """`seats` (in seat order) in the order the cards go out: from the button's left, the button last."""
    return [n for n in seats if n > button] + [n for n in seats if n <= button]


def table_seat_number(situation: Situation, number: int, field: str) -> int:
    """A seat the incident names that need not hold a player (an open seat, the seat a player was
    assigned, where a buy-in sits down): one of the table's seats, 1 to its seat count."""
    count = situation.table.seat_count
    if not 1 <= number <= count:
        raise InvalidEvent(f"seat {number} is not a seat at this table (1-{count})", field=field)
    return number


def table_button(situation: Situation, field: str) -> int:
    """The table's button, for an incident that moves it or counts from it; a game dealt without
    one (stud) is an error on the incident's `field`."""
    button = situation.table.button
    if button is None:
        raise InvalidEvent(f"{situation.table.variant} is dealt without a button", field=field)
    return button


def incident_fact(situation: Situation, kind: str, index: int) -> Fact:
    """The start of incident `index`'s fact of type `kind`: its id and the game's format."""
    fmt = situation.table.format.value
    return {"type": kind, "id": f"{kind}:{index}", "format": fmt, "tournament": fmt == "tournament"}


class RoundLog:
    """The betting actions of the hand's latest street, kept per HandState and brought up to date
    with only the events added since the last look: the floor's running hand grows by one event
    per ruling, so reading the round stays linear however many incidents there are."""

    __slots__ = ("taken_seen", "events_seen", "street", "bets", "raised", "wagers", "levels", "aligned")

    def __init__(self) -> None:
        self.taken_seen = 0            # state.actions_taken read so far
        self.events_seen = 0           # state.events read so far
        self.street = ""               # the street of the last action read
        self.bets = 0                  # bets and raises on that street
        self.raised = False
        self.wagers: list[tuple[int, int | None, str]] = []   # (seat, amount, kind) of each bet level
        self.levels: list[int] = []    # the first len(levels) of them as street totals
        self.aligned = True            # one Action event per action taken, as HandState records them

    def update(self, state: HandState) -> "RoundLog":
        taken, events = state.actions_taken, state.events
        while self.taken_seen < len(taken):
            turn = taken[self.taken_seen]
            while self.events_seen < len(events) and not isinstance(events[self.events_seen], Action):
                self.events_seen += 1
            event = events[self.events_seen] if self.events_seen < len(events) else None
            if not isinstance(event, Action) or event.seat != turn.seat:
                self.aligned = False
                return self
            self.taken_seen += 1
            self.events_seen += 1
            if turn.street != self.street:
                self.street, self.bets, self.raised, self.wagers, self.levels = turn.street, 0, False, [], []
            if turn.action in ("bet", "raise"):
                self.bets += 1
                self.raised = self.raised or turn.action == "raise"
            if turn.action in ("bet", "raise", "bring-in"):
                self.wagers.append((turn.seat, event.amount, turn.action))
        return self


    def bet_levels(self, state: HandState) -> list[int]:
        """The street totals the bets and raises of the round came to, in order (so increasing).
        Asked only while the round is open: a seat's bet plus its stack is then what it had for
        the round, which is what an all-in without an amount came to."""
        for number, amount, kind in self.wagers[len(self.levels):]:
            seat = state.seats[number]
            all_in_to = seat.street_bet + seat.stack
            if amount is None:
                amount = state.table.forced_bets.bring_in if kind == "bring-in" else all_in_to
            self.levels.append(min(amount, all_in_to))
        return self.levels


_ROUND_LOGS: "WeakKeyDictionary[HandState, RoundLog]" = WeakKeyDictionary()


def round_log(state: HandState) -> RoundLog:
    """The state's round log, up to date (kept while the state lives)."""
    log = _ROUND_LOGS.get(state)
    if log is None:
        log = _ROUND_LOGS[state] = RoundLog()
    return log.update(state)


def hand_fact(situation: Situation) -> Fact:
    state = situation.state
    table = situation.table
    live = state.active_seats
    log = round_log(state)
    if log.aligned:
        this_street = log.street == state.street
        bets, raised = (log.bets, log.raised) if this_street else (0, False)
    else:
        aggressive = [a for a in state.actions_taken if a.street == state.street and a.action in ("bet", "raise")]
        bets, raised = len(aggressive), any(a.action == "raise" for a in aggressive)
    return {
        "type": "hand", "id": "hand",
        "street": state.street, "street_index": state.street_index,
        "preflop": state.street_index == 0 and table.variant.family != "stud",
        "betting": table.structure.betting.value, "format": table.format.value,
        "variant": table.variant.value, "family": table.variant.family,
        "players_in_hand": len(live), "heads_up": len(live) == 2,
        "pot": state.pot, "current_bet": state.current_bet,
        "raised_this_round": raised,
        "bets_this_round": bets,
        "substantial_action": state.substantial_action, "actions_in_turn": state.actions_in_turn,
        "big_blind": table.forced_bets.big_blind, "min_bet": state.min_bet,
        "players_left_in_event": table.players_left_in_event or 0,
        "cap_reached": state.cap_reached,
    }


def profile_fact(situation: Situation) -> Fact:
    fact: Fact = {"type": "profile", "id": "profile", "name": situation.profile}
    for key, value in situation.options.items():
        fact[key.replace("-", "_")] = value
    return fact


# Families whose fact modules add fields to another family's facts (@extends); with
# FAMILY_OF this says which modules a situation needs, so only those are imported.
EXTENDED_BY = {"wager": ("declarations", "action")}


def situation_facts(situation: Situation) -> list[Fact]:
    """Every fact for the engine: the profile, the hand, then each incident's facts, each built
    once, in order, on the same hand (a later incident may read an earlier one's facts from
    `earlier`, as when the floor rules them one after another)."""
    _load_builders({incident.type for incident in situation.incidents})
    view = Situation(situation.table, situation.events, situation.incidents, situation.profile,
                     situation.options, earlier={})
    view.__dict__["state"] = situation.state          # the same replay (a cached_property)
    facts = [profile_fact(view), hand_fact(view)]
    for index in range(len(view.incidents)):
        built = one_incident_facts(view, index)
        view.earlier[index] = built
        facts.extend(built)
    return facts


def one_incident_facts(situation: Situation, index: int) -> list[Fact]:
    """The facts of incident `index`: its family's builder, then any extenders."""
    incident = situation.incidents[index]
    builder = BUILDERS.get(incident.type)
    if builder is None:
        raise RuntimeError(f"no fact builder for incident type {incident.type!r}")
    built = builder(situation, incident, index)
    for extender in EXTENDERS.get(incident.type, ()):
        extender(situation, incident, index, built)
    return built


def _load_builders(incident_types: set[str] | None = None) -> None:
    """Import the fact modules these incident types need (all of them when a type is not
    indexed): importing a module registers its builders and extenders."""
    import importlib
    import pkgutil

    from floorman.model.incidents import FAMILY_OF

    if incident_types is not None and incident_types <= FAMILY_OF.keys():
        families = {FAMILY_OF[name] for name in incident_types}
        families.update(f for name in incident_types for f in EXTENDED_BY.get(name, ()))
    else:
        families = {module.name for module in pkgutil.iter_modules(__path__)}
    for family in sorted(families):
        importlib.import_module(f"{__name__}.{family}")
