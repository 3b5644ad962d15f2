"""A PHH hand replayed through floorman's `HandState`, its pots awarded, and the report of what
was irregular: a history is never repaired (pokerkit's replay folds a skipped player, for
instance), and the site-rule departures from the TDA are followed with a warning."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from floorman.errors import ActionOutOfTurn, FloormanError
from floorman.model.events import Action, Event
from floorman.phh.hand import PhhHand

if TYPE_CHECKING:  # pragma: no cover
    from floorman.model.state import HandResult, HandState, StateWarning

__all__ = ["SITE_DEPARTURES", "Irregularity", "ReplayReport", "Step", "replay_hand"]

#: The site-rule departures a replay of a real hand tolerates (with a warning): see HandState.
SITE_DEPARTURES = ("not-reopened", "raise-size", "cap")


@dataclass(frozen=True, slots=True)
class Irregularity:
    """Something in the history that cannot happen as recorded: the replay stops there."""

    kind: str                   # 'out-of-turn', 'invalid', 'incomplete', 'unresolved'
    message: str
    action_index: int | None    # index into the hand's actions
    action: str | None          # the action text
    error: FloormanError | None = None

    def __str__(self) -> str:
        where = f"actions[{self.action_index}] {self.action!r}: " if self.action_index is not None else ""
        return f"{self.kind}: {where}{self.message}"


@dataclass(frozen=True, slots=True)
class Step:
    """One replayed event, as a renderer needs it (`replay_hand(..., trace=True)`)."""

    event_index: int
    action_index: int | None     # the PHH action (None for the forced bets)
    event: Event
    street: str                  # the betting round the event belongs to ('preflop', 'third', ...)
    put_in: int                  # chips the event moved from the seat's stack into the pot
    all_in: bool                 # the seat has no chips left after it
    to_call: int                 # what the seat faced before a betting action


@dataclass(slots=True)
class ReplayReport:
    """A hand replayed through `HandState`.

    `irregularities`: what stopped the replay (an action out of turn, an impossible action),
    left the hand unfinished, or left a pot with no hand to award it to; `result` is None then,
    unless the hand had already ended. `warnings`: actions the site allowed that the TDA would
    not (a re-raise when betting was not reopened, a fixed-limit raise of the wrong size, a raise
    after the cap); the replay follows the site.
    """

    hand: PhhHand
    state: HandState
    result: HandResult | None
    irregularities: list[Irregularity]
    warnings: list[StateWarning]
    steps: list[Step] | None = None

    @property
    def regular(self) -> bool:
        return not self.irregularities

    @property
    def final_stacks(self) -> dict[int, int] | None:
        return dict(self.result.final_stacks) if self.result is not None else None

    def warning_action(self, warning: StateWarning) -> int | None:
        """The PHH action index a warning is about."""
        k = warning.event_index
        return self.hand.event_actions[k] if k is not None and k < len(self.hand.event_actions) else None

    def warning_texts(self) -> list[str]:
        out = []
        for warning in self.warnings:
            action_index = self.warning_action(warning)
            where = f"actions[{action_index}] {self.hand.actions[action_index]!r}: " if action_index is not None else ""
            out.append(f"{warning.code}: {where}{warning.message}")
        return out

    def raise_first(self) -> None:
        """Raise the first irregularity as an InputFileError located in the file."""
        if self.irregularities:
            first = self.irregularities[0]
            raise self.hand.error(first.message, field_name="actions", action_index=first.action_index)


def replay_hand(hand: PhhHand, *, tolerate: Sequence[str] = SITE_DEPARTURES, trace: bool = False) -> ReplayReport:
    """Replay a hand through floorman's HandState and award the pots.

    An event the state refuses (out of turn, impossible) stops the replay and is reported as an
    irregularity, never repaired. Departures the sites' software allowed and the TDA does not
    (`tolerate`, see `HandState`; pass `()` to refuse them) are followed and reported as
    warnings. `trace=True` also records each step (street, chips put in) for display.
    """
    from floorman.model.state import HandState

    state = HandState(hand.table, tolerate=tolerate)
    irregularities: list[Irregularity] = []
    events = hand.events
    steps: list[Step] | None = [] if trace else None
    k = 0
    try:
        if steps is None:
            try:
                state.apply_all(events)
            finally:
                k = len(state.events)      # the event refused, if one was
        else:
            for k, event in enumerate(events):
                steps.append(_traced_step(state, hand, k, event))
    except FloormanError as exc:
        index = hand.event_actions[k] if k < len(hand.event_actions) else None
        kind = "out-of-turn" if isinstance(exc, ActionOutOfTurn) else "invalid"
        irregularities.append(Irregularity(kind, exc.message, index,
                                           hand.actions[index] if index is not None else None, exc))
    result = None
    if not irregularities:
        missing = state.unfinished()
        if missing:
            irregularities.append(Irregularity("incomplete", missing, None, None))
    if not irregularities or state.hand_over:
        try:
            result = state.result()
        except FloormanError as exc:
            irregularities.append(Irregularity("unresolved", exc.message, None, None, exc))
    return ReplayReport(hand, state, result, irregularities, list(state.warnings), steps)


def _traced_step(state: HandState, hand: PhhHand, k: int, event: Event) -> Step:
    """Apply event k, and say what it did to its seat."""
    seat_number = getattr(event, "seat", None)
    seat = state.seats.get(seat_number) if seat_number is not None else None
    before = seat.stack if seat is not None else 0
    to_call = state.to_call(seat.number) if seat is not None and isinstance(event, Action) else 0
    state.apply(event)
    put_in = before - seat.stack if seat is not None else 0
    return Step(k, hand.event_actions[k], event, state.street, put_in,
                seat is not None and put_in > 0 and seat.stack == 0, to_call)
