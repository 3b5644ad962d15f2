"""The situation builder: a table from a one-line set-up, and a hand built up event by event.

`parse_setup("nl 2/5 cash 6 seats 500 button 6")` reads the set-up line; `HandBuilder` holds the
hand as it is entered (events, incidents), checks each event against the hand as it stands,
rules on the incidents and writes the whole as a scenario document. `floorman table`,
`floorman ask` and the quiz templates share it.

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
from floorman.model.table import BettingStructure, GameFormat, Table, Variant
from floorman.notation.errors import NotationError
from floorman.notation.lexer import Word, amount, quoted, words
from floorman.rulebook.profiles import default_profile

if TYPE_CHECKING:
    from floorman.engine.facts import Situation
    from floorman.engine.floor import Floor
    from floorman.model.events import Event
    from floorman.model.incidents import Incident
    from floorman.model.state import HandState
    from floorman.rulebook.house import HouseRules
    from floorman.ruling import RulingReport

# ----------------------------------------------------------------------------- the set-up line

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
    def _room(self) -> "RoomRules":
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
        posts: list[tuple[int, str, int]] = []
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
        made = []
        for seat, kind, size in posts:
            made.append(Post(seat=seat, kind=kind, amount=min(size, left[seat])))
            left[seat] -= made[-1].amount
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
