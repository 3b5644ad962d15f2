"""The situation builder: a hand built up event by event on a table.

The table usually comes from a set-up line (floorman/notation/setup.py reads `nl 2/5 cash 6
seats 500 button 6`). `HandBuilder` holds the hand as it is entered (events, incidents), checks
each event against the hand as it stands, rules on the incidents and writes the whole as a
scenario document. `floorman table`, `floorman ask` and the quiz templates share it.

A hand is a timeline of events and incidents. Incidents entered one after another are ruled
together, in order, as a scenario rules them (each on the hand the ruling before it left); an
event entered after a ruling carries on from the hand as the ruling left it (the ruling's
effect applied), and the next incident is ruled on that hand.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from floorman.errors import FloormanError, InvalidEvent
from floorman.model.table import Table
from floorman.notation.lexer import quoted

if TYPE_CHECKING:
    from floorman.engine.facts import Situation
    from floorman.engine.floor import Floor
    from floorman.model.events import Event, PostKind
    from floorman.model.incidents import Incident
    from floorman.model.room import RoomRules
    from floorman.model.state import HandState
    from floorman.rulebook.house import HouseRules
    from floorman.ruling import RulingReport


# ----------------------------------------------------------------------------- the hand

@dataclass(frozen=True)
class _Entry:
    kind: str                  # 'event' or 'incident'
    item: Any


@dataclass(frozen=True)
class _Mark:
    """The hand as it stood after one timeline entry, so that going back to it costs no ruling.
    The lists are only ever appended to (or replaced), so a list and its length are a snapshot."""

    base: tuple[list[Any], int]
    group: tuple[list[Any], int]
    reports: tuple[list[Any], int]
    earlier: tuple[list[Any], int]
    tolerate: frozenset[str]


class HandBuilder:
    """One hand as it is entered: events checked as they come, incidents ruled in order.

    `events` and `incidents` are what a scenario of the hand holds: the events before the
    incidents being ruled, and those incidents. (When events were entered after a ruling, the
    earlier rulings' effects are part of `events`: the hand carried on from them.)
    """

    def __init__(self, table: Table, profile: str, *, house: "HouseRules | Path | str | None" = None,
                 floor: "Floor | None" = None) -> None:
        if not isinstance(table, Table):
            raise InvalidEvent(f"a hand is built at a Table, not {type(table).__name__}", field="table")
        self.table = table
        self.profile = profile
        self._floor = floor
        self.house_rules = self._house(house)
        self.options: dict[str, Any] = self._options()
        self.timeline: list[_Entry] = []
        self._marks: list[_Mark] = []          # the hand after each timeline entry
        self._reset()

    # --------------------------------------------------------------- set-up
    @property
    def floor(self) -> "Floor":
        if self._floor is None:
            from floorman.engine.floor import Floor

            self._floor = Floor()
        return self._floor

    def _house(self, house: Any) -> "HouseRules | None":
        if house is None:
            return None
        from floorman.rulebook.house import HouseRules, load_house

        rules = house if isinstance(house, HouseRules) else load_house(Path(house), self.floor.rulebook)
        if rules.extends != self.profile:      # the profile named wins over the house's, as --profile does
            rules = dataclasses.replace(rules, extends=self.profile)
        return rules

    def _options(self) -> dict[str, Any]:
        book = self.floor.rulebook
        if self.profile not in book.profiles:
            from floorman.rulebook.options import did_you_mean

            raise FloormanError(f"unknown profile {quoted(self.profile)}{did_you_mean(self.profile, book.profiles)}",
                                field="profile", expected="one of " + ", ".join(sorted(book.profiles)))
        return book.options(self.profile, house=self.house_rules) if self.house_rules else book.options(self.profile)

    def _reset(self) -> None:
        from floorman.model.state import HandState

        self._base: list[Event] = []          # the events the current incidents are ruled after
        self._group: list[Incident] = []      # the incidents ruled together, in order
        # the report after each incident of the group: each new incident is ruled on the one before
        # it (Floor.rule(after=...)), so no incident is ruled twice however many follow it
        self._reports: list[RulingReport] = []
        # groups ruled before the hand carried on: (the events they were ruled after, the incidents, rulings)
        self._earlier: list[tuple[list[Event], list[Incident], RulingReport]] = []
        self._state: HandState = HandState(self.table, room=self._room)

    @property
    def _room(self) -> RoomRules:
        from floorman.model.room import RoomRules

        return RoomRules.from_options(self.options)

    # --------------------------------------------------------------- what the hand holds
    @property
    def events(self) -> list["Event"]:
        return list(self._base)

    @property
    def incidents(self) -> list["Incident"]:
        return list(self._group)

    @property
    def earlier_reports(self) -> list["RulingReport"]:
        """The rulings on incidents entered before the hand carried on (their effects are in `events`)."""
        return [report for _, _, report in self._earlier]

    @property
    def state(self) -> "HandState":
        """The hand now: the events, and the effects of every ruling so far."""
        if self._group:
            report = self.rule()
            if report.state is not None:
                return report.state
        return self._state

    @property
    def void(self) -> str | None:
        """The ruling that made the hand void, if one did (a misdeal)."""
        if self._group:
            return self.rule().void
        return next((report.void for report in self.earlier_reports if report.void), None)

    def situation(self, first: int = 0) -> "Situation":
        """The hand and the incidents in dispute; from incident `first` on, the hand as the floor
        ruled on it: the events with the earlier incidents' rulings applied, and the incidents from
        `first` (the journal records each dispute so, not the whole group again)."""
        from floorman.engine.facts import Situation

        events = self._base if first == 0 else self._reports[first - 1].state.events
        return Situation(self.table, list(events), self._group[first:], self.profile, dict(self.options))

    # --------------------------------------------------------------- entering the hand
    def post_forced_bets(self) -> list["Event"]:
        """Post the antes, blinds and straddles the structure calls for, in order; returns them.
        A short stack posts what it has (all in)."""
        made = self.forced_posts(self.table, self.state)
        for event in made:
            self.add_event(event)
        return made

    @staticmethod
    def forced_posts(table: Table, state: "HandState | None" = None) -> list["Event"]:
        """The forced bets a hand at `table` starts with, in order (a short stack posts what it has)."""
        from floorman.model.events import Post
        from floorman.model.state import HandState

        state = state if state is not None else HandState(table)
        forced = table.forced_bets
        posts: list[tuple[int, PostKind, int]] = []
        if table.variant.family != "stud":
            small, big = state.expected_blind_seats()
        else:
            small = big = None
        dealt = [n for n in ([small] if small else []) + table.clockwise_from(small or 0)
                 if state.seats[n].dealt_in]
        dealt = list(dict.fromkeys(dealt))
        if forced.ante and forced.ante_style == "every-player":
            posts += [(n, "ante", forced.ante) for n in dealt]
        if forced.ante and forced.ante_style == "button" and table.button in state.seats:
            posts.append((table.button, "button-ante", forced.ante))
        if small is not None and forced.small_blind:
            posts.append((small, "small-blind", forced.small_blind))
        if big is not None and forced.big_blind:
            posts.append((big, "big-blind", forced.big_blind))
        if big is not None and forced.ante and forced.ante_style == "big-blind":
            posts.append((big, "big-blind-ante", forced.ante))
        if big is not None:
            after = [n for n in table.clockwise_from(big) if state.seats[n].dealt_in and n != big]
            posts += [(seat, "straddle", size) for seat, size in zip(after, forced.straddles)]
        left = {number: seat.stack for number, seat in state.seats.items()}
        made: list[Event] = []
        for seat, kind, size in posts:
            post = Post(seat=seat, kind=kind, amount=min(size, left[seat]))
            made.append(post)
            left[seat] -= post.amount
        return made

    def add_event(self, event: "Event") -> None:
        """Add an event, checked against the hand as it stands (rulings' effects applied). A
        refused event raises the state's error (InvalidEvent, ActionOutOfTurn) and changes nothing."""
        if self.void:
            raise InvalidEvent(f"the hand is void ({self.void}): start a new hand")
        if self._group:
            # the hand carries on from the rulings: their effects become part of the events
            report = self.rule()
            state = report.state
            if state is None:
                raise InvalidEvent("the hand cannot carry on from the rulings")
            from floorman.model.state import HandState

            trial = HandState.replay(self.table, state.events, tolerate=state.tolerate,
                                     room=self._room, restrictions=state.restriction_log)
            trial.apply(event)                 # raises before anything here changes
            self._earlier.append((list(self._base), list(self._group), report))
            self._base = list(trial.events)
            self._group, self._reports = [], []
            self._state = trial
        else:
            self._state.apply(event)
            self._base.append(event)
        self._entered(_Entry("event", event))

    def add_incident(self, incident: "Incident") -> "RulingReport":
        """Add an incident and rule on it (with the incidents entered just before it, in order).
        An incident that cannot be ruled raises and changes nothing."""
        if self.void:
            raise InvalidEvent(f"the hand is void ({self.void}): start a new hand")
        self._group.append(incident)
        try:
            report = self.floor.rule(self.situation(), after=self._reports[-1] if self._reports else None)
        except FloormanError:
            self._group.pop()
            raise
        self._reports.append(report)
        self._entered(_Entry("incident", incident))
        return report

    def _entered(self, entry: _Entry) -> None:
        self.timeline.append(entry)
        self._marks.append(_Mark((self._base, len(self._base)), (self._group, len(self._group)),
                                 (self._reports, len(self._reports)), (self._earlier, len(self._earlier)),
                                 self._state.tolerate))

    def replace_event(self, old: "Event", new: "Event") -> None:
        """Put `new` where the event `old` was entered (a card named after it was dealt unknown);
        what was entered after it is entered again on the corrected hand."""
        entries = [_Entry("event", new) if entry.kind == "event" and entry.item is old else entry
                   for entry in self.timeline]
        self.restore(entries)

    def undo(self) -> Any:
        """Take back the last event or incident; returns it (None when there is nothing to undo)."""
        if not self.timeline:
            return None
        last = self.timeline[-1]
        self.restore(self.timeline[:-1])
        return last.item

    def restore(self, timeline: list[Any]) -> None:
        """Go back to an earlier timeline (a copy of `timeline` taken before): the hand goes back to
        where the two timelines part (nothing is ruled again), then the rest is entered again."""
        entries = list(timeline)
        kept = 0
        for mine, theirs in zip(self.timeline, entries):
            if mine is not theirs:
                break
            kept += 1
        self._back_to(kept)
        for entry in entries[kept:]:
            if entry.kind == "event":
                self.add_event(entry.item)
            else:
                self.add_incident(entry.item)

    def _back_to(self, count: int) -> None:
        """The hand as it stood after the first `count` timeline entries."""
        from floorman.model.state import HandState

        if count == 0:
            self.timeline, self._marks = [], []
            self._reset()
            return
        mark = self._marks[count - 1]
        self.timeline, self._marks = self.timeline[:count], self._marks[:count]
        (base, b), (group, g), (reports, r), (earlier, e) = mark.base, mark.group, mark.reports, mark.earlier
        self._base, self._group, self._reports, self._earlier = base[:b], group[:g], reports[:r], earlier[:e]
        self._state = HandState.replay(self.table, self._base, tolerate=mark.tolerate, room=self._room)

    # --------------------------------------------------------------- ruling
    def rule(self) -> "RulingReport":
        """The rulings on the incidents now in dispute."""
        if not self._group:
            return self.floor.rule(self.situation())
        return self._reports[-1]

    def what_if(self, incident: "Incident") -> "RulingReport":
        """The ruling on an incident entered now, leaving the hand unchanged."""
        from floorman.engine.facts import Situation

        situation = Situation(self.table, list(self._base), [*self._group, incident], self.profile, dict(self.options))
        return self.floor.rule(situation, after=self._reports[-1] if self._reports else None)

    # --------------------------------------------------------------- as a scenario
    def to_scenario(self, title: str, question: str = "") -> dict[str, Any]:
        """The hand as a scenario document (`floorman check` loads it): the table, the events,
        the incidents in dispute and an `expect` built from the rulings given. When the hand
        carried on after the last dispute, the scenario stops at that dispute: it is the check."""
        base, group, report = self._base, self._group, (self.rule() if self._group else None)
        earlier = self._earlier
        if not group and earlier:
            base, group, report = earlier[-1]
            earlier = earlier[:-1]
        document: dict[str, Any] = {"title": title}
        if question:
            document["question"] = question
        before = [f"{r.rule_id}: {r.decision}" for _, _, rep in earlier for r in rep.rulings]
        if before:
            document["notes"] = "Ruled earlier in the hand, effects included in the events: " + "; ".join(before)
        if self.house_rules is not None:
            document["house"] = self.house_rules.path
        document["profile"] = self.profile
        table = self.table.model_dump(mode="json", exclude_defaults=True)
        document["table"] = {"format": self.table.format.value, "button": self.table.button, **table}
        document["events"] = [_plain(event) for event in base]
        document["incidents"] = [_plain(incident) for incident in group]
        document["expect"] = _expect(group, report)
        return document


def _expect(group: list[Any], report: "RulingReport | None") -> Any:
    """One expectation per incident, from the rulings given: the first ruling's rule, decision
    and params (the params a check can compare: numbers, yes/no, text)."""
    if not group or report is None:
        return {"no_ruling": True}
    entries = []
    for index in range(len(group)):
        rulings = report.rulings_on(index)
        if not rulings:
            entries.append({"no_ruling": True})
            continue
        ruling = rulings[0]
        params = {k: v for k, v in ruling.params.items()
                  if isinstance(v, (bool, str)) or (isinstance(v, int) and abs(v) < 2**53)}
        entry: dict[str, Any] = {"rule": ruling.rule_id, "decision": ruling.decision}
        if params:
            entry["params"] = params
        entries.append(entry)
    return entries[0] if len(entries) == 1 else entries


def _plain(item: Any) -> dict[str, Any]:
    """An event or incident as scenario data: its type first, then the fields that differ from
    the defaults."""
    data = item.model_dump(mode="json", exclude_defaults=True)
    data.pop("type", None)
    return {"type": item.type, **data}
