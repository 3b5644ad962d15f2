"""A live table session, terminal-free: the set-up line, then one typed line at a time.

`TableSession.start(setup_line)` seats the table and posts the forced bets; `enter(line)` reads a
line with the notation and returns an `Outcome`: events added, a dispute ruled (with its
numbers and citation), a provisional ruling re-ruled, a session command answered, or a
one-line error with nothing changed. The terminal loop (floorman/cli/table_command.py) only
prints outcomes.

Rulings that depend on what happens next (an action out of turn whose ruling backs the action
up) are shown as provisional; the next action by a seat the action backed up to is added to the
incident's `then` and the incident is ruled again.
"""

from __future__ import annotations

import dataclasses
import datetime as _dt
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from floorman.builder import HandBuilder
from floorman.errors import ActionOutOfTurn, FloormanError, InvalidEvent
from floorman.notation.errors import NotationError, user_text
from floorman.notation.lexer import shortened
from floorman.notation.parser import Context, Parsed, parse_line
from floorman.notation.setup import Setup, parse_setup
from floorman.ruling import Trace
from floorman.session.refusals import dispute_for
from floorman.writing import write_file

#: records a ruling before it is shown: (report_json, situation, command) -> (id, warning)
Recorder = Callable[[dict[str, Any], Any, str], tuple[int | None, str | None]]
#: records that rulings were taken back by `undo`: (their journal ids) -> warning or None
UndoRecorder = Callable[[list[int]], str | None]
FOLLOWING = ("check", "bet", "call", "raise", "fold", "all-in")
STREETS = ("flop", "turn", "river")
#: disputes about a bet on the street being played: the street starts first if its cards are due
BETTING_DISPUTES = ("out-of-turn", "wager", "under-raise-found", "call-before-amount", "conditional-statement")
MAX_ERROR = 600          # characters of an error line: what it repeats of the input is cut shorter still


@dataclass
class ShownRuling:
    """One ruling as the session shows it."""

    ruling: Any                          # floorman.ruling.Ruling
    provisional: str | None = None       # "binds unless seat 1 bets or raises": ruled again later
    rerule: bool = False                 # a provisional ruling ruled again on the next action


@dataclass
class Outcome:
    """What one typed line did."""

    line: str
    command: str = ""
    error: str | None = None             # one line: what was wrong and what was expected
    column: int | None = None
    notes: list[str] = field(default_factory=list)
    rulings: list[ShownRuling] = field(default_factory=list)
    report: Any = None                   # the RulingReport the rulings come from
    journal_ids: list[int] = field(default_factory=list)
    journal_warning: str | None = None   # the ruling was shown but not recorded
    changed: bool = False                # the table changed: draw it again
    text: str | None = None              # help text
    pots: list[dict[str, Any]] | None = None
    saved: str | None = None
    what_if: bool = False
    quit: bool = False

    @property
    def ok(self) -> bool:
        return self.error is None


@dataclass
class _Pending:
    """A provisional ruling: the incident (last in the builder's timeline) and who it waits on."""

    incident: Any
    waits_on: int


class TableSession:
    """One table: the set-up, the hand being entered, and the lines typed so far."""

    def __init__(self, *, profile: str | None = None, house: str | Path | None = None, floor: Any = None,
                 recorder: Recorder | None = None, undo_recorder: UndoRecorder | None = None) -> None:
        self.profile_override = profile
        self.house = str(house) if house else None
        self._floor = floor
        self.recorder = recorder
        self.undo_recorder = undo_recorder
        # the journal rows of the rulings each incident entered gave (the incident itself, kept
        # through undo and restore), so that `undo` can record that they did not stand
        self._recorded: list[tuple[Any, list[int]]] = []
        self.setup: Setup | None = None
        self.builder: HandBuilder | None = None
        self.lines: list[str] = []            # the lines that changed the hand, for `save`
        self.setup_line = ""
        self.hand_number = 0
        self._dealt = 0                       # the timeline entries the deal made (the forced bets)
        self._pending: _Pending | None = None
        # a jump (the hand before it, its dealt count, the jump): `undo` goes back to before it
        self._jumped: tuple[HandBuilder, int, Any] | None = None
        # a provisional ruling ruled again: `undo` goes back to the provisional one
        self._reruled: list[tuple[int, tuple[list[Any], _Pending | None]]] = []

    # --------------------------------------------------------------- set-up
    @property
    def profile(self) -> str:
        return self.builder.profile if self.builder else (self.profile_override or "")

    @property
    def state(self) -> Any:
        return self.builder.state if self.builder else None

    def start(self, line: str) -> Outcome:
        """Read a set-up line and seat the table; the forced bets are posted. A jump may follow
        the set-up words (`... button 5 river pot 2400 live 2 5`): the hand starts on that street."""
        setup_words, jump = split_jump(line)
        if jump:
            outcome = self.start(setup_words)
            if outcome.ok:
                following = self.enter(jump)
                outcome.notes += following.notes
                outcome.error, outcome.column = following.error, following.column
                if not following.ok:             # the table is set up; the jump is said wrong
                    outcome.error = f"the table is set up, but the jump: {following.error}"
            return outcome
        outcome = Outcome(line, command="set-up")
        try:
            setup = parse_setup(line)
        except NotationError as error:
            return self._error(outcome, error)
        house = setup.house or self.house
        profile = self.profile_override or (setup.profile if setup.profile_named or not house else None)
        try:
            if profile is None:            # a house file without a profile named: the house's profile
                from floorman.rulebook.house import load_house

                profile = load_house(Path(house), self.floor.rulebook).extends   # type: ignore[arg-type]
            builder = HandBuilder(setup.table, profile, house=house, floor=self.floor)
            builder.post_forced_bets()
        except FloormanError as error:
            return self._error(outcome, error)
        self.setup, self.builder, self.setup_line = setup, builder, line
        self._dealt = len(builder.timeline)
        self.lines, self._pending, self._reruled, self._jumped, self._recorded = [], None, [], None, []
        self.hand_number += 1
        outcome.changed = True
        outcome.notes.append(f"profile {profile}" + (f" with house rules {house}" if house else "")
                             + ("" if setup.profile_named or self.profile_override else
                                f" (a {setup.table.format.value} game)"))
        return outcome

    @property
    def floor(self) -> Any:
        if self._floor is None:
            from floorman.engine.floor import Floor

            self._floor = Floor()
        return self._floor

    def context(self) -> Context:
        """What the parser may know of the hand as it stands."""
        if self.builder is None:
            return Context()
        state = self.builder.state
        table = self.builder.table
        seats = frozenset(seat.number for seat in table.seats)
        live = state.active_seats
        showdown = state.betting_complete and len(live) >= 2 and not state.hand_over
        order: tuple[int, ...] = ()
        if table.button is not None:
            order = tuple(n for n in table.clockwise_from(table.button)
                          if (seat := table.seat(n)) is not None and not seat.sitting_out)
        return Context(seats=seats, actor=None if state.betting_complete else state.actor, showdown=showdown,
                       deal_order=order, denominations=tuple(table.chip_denominations or ()))

    # --------------------------------------------------------------- one line
    def enter(self, line: str) -> Outcome:
        """Read and carry out one typed line. Bad input: an Outcome with `error` and nothing changed."""
        outcome = Outcome(line)
        if self.builder is None:
            return self.start(line)
        try:
            parsed = parse_line(line, self.context())
        except NotationError as error:
            dealt = self._dealt_to_an_empty_seat(line)
            if dealt is None:
                return self._error(outcome, error)
            parsed = dealt
        outcome.command = parsed.command
        handler = getattr(self, "_cmd_" + parsed.command.replace("-", "_"), None)
        try:
            if handler is not None:
                handler(parsed, outcome)
            else:
                self._hand(parsed, outcome)
        except NotationError as error:
            return self._error(outcome, error)
        except FloormanError as error:
            return self._error(outcome, error)
        if outcome.changed and not outcome.what_if and parsed.command not in ("undo", "new-hand"):
            self.lines.append(line)
        outcome.notes = [user_text(note) for note in outcome.notes]
        return outcome

    def _dealt_to_an_empty_seat(self, line: str) -> Parsed | None:
        """`s7 dealt As Kd` where seat 7 is an empty seat of the table: cards dealt to a seat not
        entitled to a hand, a deal error to rule (the notation knows only the seats taken)."""
        from floorman.model.incidents import parse_incident

        assert self.builder is not None
        table = self.builder.table
        match = re.fullmatch(r"\s*s(?:eat)?(\d{1,2})\s+(?:dealt|has)\b.*", line, re.IGNORECASE)
        if match is None:
            return None
        seat = int(match.group(1))
        if table.seat(seat) is not None or not 1 <= seat <= table.seat_count:
            return None
        incident = parse_incident({"type": "deal-error", "error": "dealt-not-entitled", "seat": seat})
        return Parsed("dealt", incidents=(incident,))

    def _error(self, outcome: Outcome, error: FloormanError) -> Outcome:
        text = str(error) if isinstance(error, NotationError) else _one_line(error)
        outcome.error = shortened(user_text(text), MAX_ERROR)
        outcome.column = getattr(error, "column", None)
        outcome.changed = False
        return outcome

    # --------------------------------------------------------------- the hand
    def _hand(self, parsed: Parsed, outcome: Outcome) -> None:
        """Events and incidents: all of the line or none of it."""
        builder = self.builder
        assert builder is not None
        snapshot, reruled = self._snapshot(), list(self._reruled)
        try:
            if parsed.command in STREETS:
                self._street(parsed, outcome)
            else:
                for event in parsed.events:
                    self._event(event, outcome)
            for incident in parsed.incidents:
                self._start_street(incident, outcome)
                self._incident(incident, outcome)
        except FloormanError:
            self._restore(snapshot)
            self._reruled = reruled
            outcome.rulings.clear()
            outcome.notes.clear()
            raise
        outcome.changed = True
        self._record(outcome)

    def _event(self, event: Any, outcome: Outcome) -> None:
        builder = self.builder
        assert builder is not None
        pending = self._pending
        if pending is not None and getattr(event, "type", "") == "action" and event.seat == pending.waits_on \
                and event.action in FOLLOWING:
            self._follow(pending, event, outcome)
            return
        short = self._under_raise(event)
        if short is not None:
            outcome.notes.append(f"seat {event.seat}'s {event.action} to {event.amount:,} is below the minimum of "
                                 f"{short:,}: a dispute")
            from floorman.model.incidents import incident_class

            cls = incident_class("under-raise-found")
            assert cls is not None
            self._incident(cls.model_validate({"type": "under-raise-found", "seat": event.seat,
                                               "to": event.amount}), outcome)
            return
        self._start_street(event, outcome)
        before = builder.state
        try:
            builder.add_event(event)
            self._pending = None
        except ActionOutOfTurn as error:
            if getattr(event, "type", "") != "action" or event.action not in FOLLOWING:
                raise
            reading = dispute_for(before, event)
            if reading is not None and reading.hint:      # out of turn, and more than that (a bet beyond the stack)
                raise FloormanError(f"{reading.note}; {reading.hint}") from None
            from floorman.model.incidents import incident_class

            cls = incident_class("out-of-turn")
            assert cls is not None
            data: dict[str, Any] = {"type": "out-of-turn", "seat": event.seat, "action": event.action}
            if event.amount is not None and event.action in ("bet", "raise", "all-in"):
                data["amount"] = event.amount
            elif event.action in ("bet", "raise"):
                raise
            outcome.notes.append(f"seat {event.seat} acted out of turn (seat {error.expected_seat} was due "
                                 "to act): a dispute")
            self._incident(cls.model_validate(data), outcome)
        except InvalidEvent:
            reading = dispute_for(before, event)
            if reading is None:
                raise
            if reading.incident is None:
                raise FloormanError(f"{reading.note}; {reading.hint}") from None
            from floorman.model.incidents import parse_incident

            outcome.notes.append(reading.note)
            self._incident(parse_incident(reading.incident), outcome)

    def _start_street(self, item: Any, outcome: Outcome) -> None:
        """An action (or a betting dispute) when the next street's cards are not entered yet: the
        street starts with its cards unknown (`river 9c` names them later), so that the action is
        read on the street it was made on."""
        builder = self.builder
        assert builder is not None
        state = builder.state
        betting = getattr(item, "type", "") == "action" or getattr(item, "type", "") in BETTING_DISPUTES
        if not betting or not state.awaiting_cards or state.betting_complete or state.family != "flop":
            return
        from floorman.model.events import Board

        street = state.streets[state.street_index + 1]
        count = builder.table.variant.board_cards[state.street_index + 1]
        builder.add_event(Board(cards=("??",) * count))
        outcome.notes.append(f"the {street} was not entered: dealt as unknown (`{street} CARD` names it)")

    def _street(self, parsed: Parsed, outcome: Outcome) -> None:
        """A street's cards as the dealer put them out: dealt when they are due; named when the
        street was dealt unknown; a dispute (premature-board) when the betting before it is not over."""
        builder = self.builder
        assert builder is not None
        if parsed.values.get("jump") is not None:
            self._jump(parsed, outcome)
            return
        state = builder.state
        street, cards = parsed.values["street"], list(parsed.values["cards"])
        streets = builder.table.variant.streets
        if state.family != "flop" or street not in streets:
            raise NotationError(f"{builder.table.variant} has no {street}", column=1,
                                expected="the streets of the game (see `table`)")
        target = streets.index(street)
        counts = builder.table.variant.board_cards
        due = next((i for i in range(1, len(counts)) if len(state.board) < sum(counts[:i + 1])), len(counts))
        if target < due:
            self._name_cards(street, target, cards, outcome)
            return
        if target > due:
            first = streets[due]
            unknown = " ".join(["??"] * counts[due])
            raise NotationError(f"the {first} is not out yet", column=1,
                                expected=f"deal the {first} first (`{first} CARDS` or `{first} {unknown}`)")
        if state.awaiting_cards or state.betting_complete:
            self._event(parsed.events[0], outcome)      # a card seen already is still a dispute here
            return
        known = [card for card in cards if card != "??"]
        outcome.notes.append(f"the {street} came before the {state.street} betting was over: a dispute")
        from floorman.model.incidents import parse_incident

        self._incident(parse_incident({"type": "premature-board", "street": street, "cards": known}), outcome)

    def _jump(self, parsed: Parsed, outcome: Outcome) -> None:
        """Start the hand on the jump's street: a new hand laid out from the pot, the board, the
        live seats and the stacks (floorman/session/jump.py); `undo` takes the jump back."""
        from floorman.session.jump import lay_out

        builder = self.builder
        assert builder is not None
        if len(builder.timeline) > self._dealt or self._jumped is not None:
            raise NotationError("a jump starts the hand: this hand has lines entered already", column=1,
                                expected="`new hand`, then the jump")
        jump = parsed.values["jump"]
        table, events = lay_out(builder.table, jump, room=builder._room)
        fresh = HandBuilder(table, builder.profile, house=builder.house_rules, floor=self.floor)
        for event in events:
            fresh.add_event(event)
        self._jumped = (builder, self._dealt, jump)
        self.builder, self._dealt = fresh, len(fresh.timeline)
        self._pending = None
        state = fresh.state
        live = ", ".join(str(n) for n in state.active_seats)
        bets = sum(seat.street_bet for seat in state.seats.values())
        outcome.notes.append(f"jumped to the {jump.street}: pot {state.pot - bets:,}"
                             + (f" and a bet of {bets:,}" if bets else "") + f", seats {live} live"
                             + ("" if jump.aggressor is None else f", seat {jump.aggressor} the last aggressor"))

    def _name_cards(self, street: str, target: int, cards: list[str], outcome: Outcome) -> None:
        """`river 9c` after the river was dealt unknown: the card is named where it was dealt."""
        from floorman.model.events import Board

        builder = self.builder
        assert builder is not None
        counts = builder.table.variant.board_cards
        start, end = sum(counts[:target]), sum(counts[:target + 1])
        shown = builder.state.board[start:end]
        entry = next((e for e in builder.timeline if e.kind == "event" and getattr(e.item, "type", "") == "board"
                      and list(e.item.cards) == ["??"] * len(shown)
                      and _board_before(builder, e) == start), None)
        if "??" in cards or entry is None or any(card != "??" for card in shown):
            raise NotationError(f"the {street} is out already ({' '.join(shown)})", column=1,
                                expected="the next street's cards, or `undo` to take the card back")
        builder.replace_event(entry.item, Board(cards=tuple(cards)))
        outcome.notes.append(f"the {street} named: {' '.join(cards)}")

    def _under_raise(self, event: Any) -> int | None:
        """The minimum, when this is a bet or raise in turn below it and not all in (an under-raise
        the dealer let stand is the floor's question, TDA 2024 52-A); else None."""
        if getattr(event, "type", "") != "action" or event.action not in ("bet", "raise") or event.amount is None:
            return None
        state = self.builder.state if self.builder else None
        if state is None or state.betting_complete or state.actor != event.seat or \
                state.table.structure.betting.value == "fixed-limit":
            return None
        seat = state.seats[event.seat]
        minimum = state.min_raise_to()
        if state.current_bet < event.amount < minimum and event.amount < seat.street_bet + seat.stack:
            return minimum
        return None

    def _follow(self, pending: _Pending, event: Any, outcome: Outcome) -> None:
        """The seat a provisional ruling waits on acts: the incident is ruled again with it."""
        builder = self.builder
        assert builder is not None
        follow: dict[str, Any] = {"seat": event.seat, "action": event.action}
        if event.amount is not None and event.action in ("bet", "raise", "all-in"):
            follow["amount"] = event.amount
        elif event.action == "all-in":
            pass
        incident = pending.incident
        data = incident.model_dump(mode="json", exclude_defaults=True)
        data["type"] = incident.type
        data["then"] = [*data.get("then", []), follow]
        updated = type(incident).model_validate(data)
        before = self._snapshot()
        builder.undo()
        self._pending = None
        outcome.notes.append(f"seat {event.seat} acted: the provisional ruling is ruled again")
        self._incident(updated, outcome, rerule=True)
        self._reruled.append((len(builder.timeline), before))

    def _incident(self, incident: Any, outcome: Outcome, *, rerule: bool = False) -> None:
        builder = self.builder
        assert builder is not None
        try:
            report = builder.add_incident(incident)
        except FloormanError as error:
            unknown = re.search(r"seat (\d+)'s cards are not all known", str(error))
            if unknown is None:
                raise
            # history a jump (or the lines so far) did not give: say the line that gives it
            seat = unknown.group(1)
            raise FloormanError(f"seat {seat}'s cards are not known, and this ruling reads them: enter them "
                                f"first (`s{seat} dealt CARDS` or `s{seat} shows CARDS`)") from None
        index = len(builder.incidents) - 1
        outcome.report = report
        provisional = self._provisional(incident, report, index)
        for ruling in report.rulings_on(index):
            outcome.rulings.append(ShownRuling(ruling, provisional, rerule))
        if not report.rulings_on(index):
            outcome.notes.append(report.why_no_ruling(index))
        self._pending = _Pending(incident, report.state.actor) if provisional and report.state is not None \
            else None
        if report.void:
            outcome.notes.append(f"the hand is void ({report.void}): type `new hand` to deal again")

    def _provisional(self, incident: Any, report: Any, index: int) -> str | None:
        """Why a ruling is provisional: it backs the action up to a seat whose action decides
        whether the out-of-turn action binds."""
        if not hasattr(incident, "then") or report.state is None:
            return None
        backed_up = [e for r in report.rulings_on(index) for e in r.effect
                     if e.get("kind") == "back-up" and not e.get("binding")]
        actor = report.state.actor
        seat = getattr(incident, "seat", None)
        if not backed_up or actor is None or actor == seat or report.state.betting_complete:
            return None
        if any(f.seat == actor for f in getattr(incident, "then", ())):
            return None
        action = getattr(incident, "action", "")
        unless = {"check": "bets", "call": "raises", "fold": "acts"}.get(action, "bets or raises")
        return f"seat {seat}'s {action} binds unless seat {actor} {unless}; ruled again when " \
               f"seat {actor} acts"

    def _record(self, outcome: Outcome) -> None:
        """Every ruling on record before it is shown (the loop shows it after this returns): the
        rulings this line gave, on the hand as they were given (a dispute's record does not hold
        again the disputes ruled before it in the hand: they are on record already)."""
        if not outcome.rulings or self.recorder is None or outcome.report is None:
            return
        builder = self.builder
        assert builder is not None
        first = min(shown.ruling.incident for shown in outcome.rulings)
        given = dataclasses.replace(outcome.report, trace=Trace([], [], []), rulings=[
            dataclasses.replace(shown.ruling, incident=shown.ruling.incident - first) for shown in outcome.rulings])
        command = "table (what if)" if outcome.what_if else "table"
        entry_id, warning = self.recorder(given.to_json(), builder.situation(first), command)
        if entry_id is not None:
            outcome.journal_ids.append(entry_id)
            if not outcome.what_if and builder.timeline:
                self._recorded.append((builder.timeline[-1].item, [entry_id]))
        outcome.journal_warning = warning

    # --------------------------------------------------------------- snapshots (what if, failed lines)
    def _snapshot(self) -> tuple[list[Any], _Pending | None]:
        assert self.builder is not None
        return list(self.builder.timeline), self._pending

    def _restore(self, snapshot: tuple[list[Any], _Pending | None]) -> None:
        assert self.builder is not None
        timeline, pending = snapshot
        if self.builder.timeline != timeline:
            self.builder.restore(timeline)
        self._pending = pending

    # --------------------------------------------------------------- session commands
    def _cmd_checked_to(self, parsed: Parsed, outcome: Outcome) -> None:
        """Every seat checks until the street named; its cards (and those before) are left unknown."""
        from floorman.model.events import Action, Board

        builder = self.builder
        assert builder is not None
        streets = builder.table.variant.streets
        target = parsed.values["street"]
        if target not in streets:
            raise NotationError(f"{builder.table.variant} has no {target}", column=len("checked to ") + 1,
                                expected=" or ".join(streets[1:]))
        goal = streets.index(target)
        snapshot = self._snapshot()
        try:
            for _ in range(200):
                state = builder.state
                if state.street_index >= goal or (state.awaiting_cards and state.street_index == goal - 1):
                    break
                if state.hand_over:
                    raise NotationError("the hand is over", column=1, expected="new hand")
                if state.awaiting_cards:
                    count = builder.table.variant.board_cards[state.street_index + 1]
                    builder.add_event(Board(cards=("??",) * count))
                    continue
                actor = state.actor
                if actor is None:
                    raise NotationError("nobody is due to act", column=1, expected="the next action")
                if state.to_call(actor):
                    raise NotationError(f"seat {actor} faces a bet of {state.to_call(actor):,}: it cannot check",
                                        column=1, expected=f"seat {actor}'s action, e.g. s{actor} call")
                builder.add_event(Action(seat=actor, action="check"))
        except FloormanError:
            self._restore(snapshot)
            raise
        self._pending = None
        outcome.changed = True

    def _cmd_undo(self, parsed: Parsed, outcome: Outcome) -> None:
        builder = self.builder
        assert builder is not None
        last = builder.timeline[-1] if builder.timeline else None
        if self._reruled and self._reruled[-1][0] == len(builder.timeline):
            _, snapshot = self._reruled.pop()
            self._restore(snapshot)
            if self.lines:
                self.lines.pop()
            outcome.notes.append("taken back: the action the provisional ruling waited on; it is provisional "
                                 "again")
            self._taken_back(last, outcome)
            outcome.changed = True
            return
        if len(builder.timeline) <= self._dealt and self._jumped is not None:
            self.builder, self._dealt, jump = self._jumped
            self._jumped, self._pending = None, None
            if self.lines:
                self.lines.pop()
            outcome.notes.append(f"taken back: the jump to the {jump.street}")
            outcome.changed = True
            return
        if len(builder.timeline) <= self._dealt:
            # the forced bets were posted by the set-up, and no line posts them again: they stay
            outcome.notes.append("nothing to undo: the hand is as it was dealt (the forced bets stay; "
                                 "`new hand` deals the next one)")
            return
        taken = builder.undo()
        self._pending = None
        if self.lines:
            self.lines.pop()
        outcome.notes.append(f"taken back: {_describe(taken)}")
        self._taken_back(last, outcome)
        outcome.changed = True

    def _taken_back(self, entry: Any, outcome: Outcome) -> None:
        """The rulings a timeline entry gave are taken back: the journal records it in a new row."""
        ids = [n for item, numbers in self._recorded if item is entry.item for n in numbers]
        self._recorded = [(item, numbers) for item, numbers in self._recorded if item is not entry.item]
        if not ids:
            return
        outcome.notes.append("ruling " + ", ".join(f"#{n}" for n in ids) + " taken back: the journal marks it undone")
        if self.undo_recorder is not None:
            outcome.journal_warning = self.undo_recorder(ids)

    def _cmd_what_if(self, parsed: Parsed, outcome: Outcome) -> None:
        assert parsed.inner is not None
        snapshot, reruled = self._snapshot(), list(self._reruled)
        outcome.what_if = True
        try:
            self._hand(parsed.inner, outcome)
        finally:
            self._restore(snapshot)
            self._reruled = reruled
        outcome.changed = False
        outcome.notes.append("what if: the table is unchanged")

    def _cmd_pots(self, parsed: Parsed, outcome: Outcome) -> None:
        outcome.pots = pot_table(self.builder.state) if self.builder else []

    def _cmd_table(self, parsed: Parsed, outcome: Outcome) -> None:
        outcome.changed = True

    def _cmd_help(self, parsed: Parsed, outcome: Outcome) -> None:
        from floorman.notation.grammar import help_text
        from floorman.notation.incident_help import help_for

        kind = parsed.values.get("type")
        outcome.text = help_for(kind) if kind else help_text()

    def _cmd_quit(self, parsed: Parsed, outcome: Outcome) -> None:
        outcome.quit = True

    def _cmd_save(self, parsed: Parsed, outcome: Outcome) -> None:
        builder = self.builder
        assert builder is not None
        name, _, last = parsed.values["file"].rpartition(" ")
        force = bool(name.strip()) and last.lower() == "force"     # `save FILE force` replaces FILE
        path = Path(name.strip() if force else parsed.values["file"]).expanduser()
        if path.suffix not in (".yaml", ".yml"):
            raise NotationError(f"{path.name!r}: a scenario file ends in .yaml", column=6,
                                expected="a file name such as dispute.yaml")
        first = next((r for r in (builder.rule().rulings if builder.incidents else [])), None)
        if first is None and builder.earlier_reports:
            first = next((r for rep in reversed(builder.earlier_reports) for r in rep.rulings), None)
        title = f"Table session {_dt.date.today().isoformat()}" + (f": {first.title}" if first else "")
        question = "\n".join([self.setup_line, *self.lines])
        document = builder.to_scenario(title, question)
        if document.get("house"):
            house = Path(document["house"]).resolve()
            try:
                document["house"] = str(house.relative_to(path.resolve().parent))
            except ValueError:
                document["house"] = str(house)
        # never over a file that exists unless asked, never into a folder that is not there
        write_file(path, lambda stream: stream.write(_yaml(document)), force=force, flag=f"`save {path} force`")
        outcome.saved = str(path)
        outcome.notes.append(f"saved {path}: `floorman check {path}` checks it")

    def _cmd_new_hand(self, parsed: Parsed, outcome: Outcome) -> None:
        builder = self.builder
        assert builder is not None and self.setup is not None
        table = next_table(builder)
        fresh = HandBuilder(table, builder.profile, house=builder.house_rules, floor=self.floor)
        fresh.post_forced_bets()
        self.builder, self._dealt = fresh, len(fresh.timeline)
        self.lines, self._pending, self._reruled, self._jumped, self._recorded = [], None, [], None, []
        self.hand_number += 1
        outcome.changed = True
        outcome.notes.append(f"hand {self.hand_number}: button on seat {table.button}")


# ----------------------------------------------------------------------------- helpers

def next_table(builder: HandBuilder) -> Any:
    """The table for the next hand: the stacks as the hand ended (as they started if it was void
    or is unfinished), busted players gone, the button moved (it stays for a misdeal)."""
    from floorman.model.button import next_hand_positions

    table = builder.table
    state = builder.state
    if builder.void:
        return table
    stacks = {seat.number: seat.stack for seat in table.seats}
    finished = state.betting_complete and (state.hand_over or len(state.active_seats) <= 1 or
                                           (state.board and "??" not in state.board and
                                            all(state.seats[n].hole for n in state.active_seats)))
    if finished:
        try:
            stacks = dict(state.result().final_stacks)
        except FloormanError:
            pass
    seats = [seat.model_copy(update={"stack": stacks.get(seat.number, seat.stack)}) for seat in table.seats
             if stacks.get(seat.number, seat.stack) > 0]
    if len(seats) < 2 or table.button is None:
        return table
    small, big = state.expected_blind_seats()
    procedure = "moving-button" if table.format.value == "cash" else "dead-button"
    try:
        positions = next_hand_positions(seat_count=table.seat_count, occupied_next_hand=[s.number for s in seats],
                                        button=table.button, small_blind=small, big_blind=big or table.button,
                                        procedure=procedure)
        button = positions.button
    except ValueError:
        button = table.clockwise_from(table.button)[0]
    from floorman.model.table import Table

    return Table.from_data({**table.model_dump(), "seats": [s.model_dump() for s in seats], "button": button})


def pot_table(state: Any) -> list[dict[str, Any]]:
    """The pots as they stand: name, amount, the seats eligible."""
    from floorman.model.pots import pot_name

    rows = [{"name": pot_name(i), "amount": pot.amount, "eligible": list(pot.eligible)}
            for i, pot in enumerate(state.pots())]
    uncalled = state.uncalled_bet() if state.betting_complete else None
    if uncalled:
        rows.append({"name": "uncalled bet returned", "amount": uncalled[1], "eligible": [uncalled[0]]})
    return rows


def _yaml(document: dict[str, Any]) -> str:
    """YAML with the typed lines (the question) as a block, one line each."""
    import yaml

    class Dumper(yaml.SafeDumper):
        pass

    def text(dumper: yaml.SafeDumper, value: str) -> Any:
        style = "|" if "\n" in value else None
        return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)

    Dumper.add_representer(str, text)
    return yaml.dump(document, Dumper=Dumper, sort_keys=False, allow_unicode=True, width=100)


def _board_before(builder: HandBuilder, entry: Any) -> int:
    """The board cards dealt before a timeline entry."""
    count = 0
    for other in builder.timeline:
        if other is entry:
            return count
        if other.kind == "event" and getattr(other.item, "type", "") == "board":
            count += len(other.item.cards)
    return count


def split_jump(line: str) -> tuple[str, str]:
    """A set-up line with a jump after it (`nl 2/5 ... river pot 2400 live 2 5`): (set-up, jump)."""
    from floorman.notation.lexer import words

    for word in words(line):
        if word.lower in STREETS:
            return line[:word.column - 1].strip(), line[word.column - 1:].strip()
    return line, ""


def _describe(item: Any) -> str:
    data = item.model_dump(mode="json", exclude_defaults=True)
    data.pop("type", None)
    fields = " ".join(f"{k}={v}" for k, v in data.items())
    return f"{item.type} {fields}".strip()


def _one_line(error: FloormanError) -> str:
    text = str(error).splitlines()[0] if str(error) else type(error).__name__
    return text
