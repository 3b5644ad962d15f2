"""A snapshot of a HandState as plain values, taken by the tests themselves, to show that a
question or a refused event leaves the hand exactly as it was."""

from __future__ import annotations

from floorman.model.state import HandState


def dump(state: HandState) -> tuple:
    """Everything a later event or question depends on, as plain values."""
    seats = tuple((n, s.stack, s.street_bet, s.total, s.dead, s.folded, s.mucked, tuple(s.hole),
                   tuple(s.face_up), s.tabled, s.concealed, s.acted_level, s.acted_serial)
                  for n, s in state.seats.items())
    return (seats, tuple(state.board), tuple(state.burns), frozenset(state.seen_cards), state.street_index,
            state.round_open, state.round_done, state.awaiting_cards, frozenset(state.pending),
            state.current_bet, state.last_full_raise, state.full_level, state.reopen_serial,
            state.bets_and_raises, state.capped_multiway, state.last_aggressor, dict(state.round_aggressor),
            state.last_actor, state.big_blind_seat, state.last_live_blind_seat, state.bring_in_done,
            state.posted_blinds, frozenset(state.posted_kinds), tuple(state.actions_taken), state.hand_over,
            len(state.events), tuple(state.warnings))
