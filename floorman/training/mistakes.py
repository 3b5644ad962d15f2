"""The common mistakes a dealer or floor person makes: the quiz's distractors.

Each mistake derives the WRONG answer it leads to from the situation alone (the hand before
the dispute and the incident), never from the engine's ruling. The quiz offers it only where
its answer differs from the engine's ruling, so a mistake that happens to give the right answer
in a hand (doubling the last bet when nobody has raised yet) is never offered there.
A number question also uses a mistake's number, where it has one, to name the slip in feedback.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from floorman.training.question import Answer


@dataclass(frozen=True)
class Case:
    """What a mistake sees: the hand before the dispute and the incident in dispute."""

    situation: Any
    state: Any                       # HandState before the incident
    incident: Any

    @property
    def seat(self) -> Any:
        number = getattr(self.incident, "seat", None)
        return self.state.seats.get(number) if number is not None else None


@dataclass(frozen=True)
class Mistake:
    name: str
    description: str
    derive: Callable[[Case], Answer | None]
    number: Callable[[Case], int | None] | None = None   # the wrong number, for number questions


def _type(case: Case) -> str:
    return case.incident.type


def _facing(case: Case) -> int:
    """The street total the seat faces (0: no bet)."""
    return case.state.current_bet


def _pushed_to(case: Case) -> int | None:
    """The street total the seat's chips would make, counted at face value."""
    seat = case.seat
    chips = getattr(case.incident, "chips", ())
    if seat is None or not chips:
        return None
    return seat.street_bet + sum(chips)


def _wager(case: Case) -> bool:
    return _type(case) == "wager" and case.seat is not None


def _double_last_bet(case: Case) -> Answer | None:
    if _type(case) == "question" and case.incident.asks == "min-raise" and _facing(case):
        return Answer("may-raise", 2 * _facing(case))
    return None


def _reraise_after_short_all_in(case: Case) -> Answer | None:
    if _type(case) == "question" and case.incident.asks == "may-raise" and _facing(case):
        return Answer("may-raise", case.state.min_raise_to())
    return None


def _no_raise_ever(case: Case) -> Answer | None:
    if _type(case) == "question" and case.incident.asks == "may-raise" and _facing(case):
        return Answer("call-or-fold")
    return None


def _silent_chip_is_raise(case: Case) -> Answer | None:
    chips = getattr(case.incident, "chips", ())
    if _wager(case) and len(chips) == 1 and case.incident.declared == "none" and _facing(case):
        return Answer("raise", _pushed_to(case))
    return None


def _chips_at_face_value(case: Case) -> Answer | None:
    """Whatever chips went out are the bet or raise, with no thought for the 50% rule."""
    total = _pushed_to(case) if _wager(case) else None
    if total is None or len(case.incident.chips) < 2:
        return None
    if _facing(case) == 0:
        return Answer("bet", total)
    return Answer("raise", total) if total > _facing(case) else None


def _extra_chips_are_a_call(case: Case) -> Answer | None:
    """Facing a bet, any chips pushed are just a call."""
    if _wager(case) and _facing(case) and case.incident.chips:
        return Answer("call", _facing(case))
    return None


def _string_bet_counts_all(case: Case) -> Answer | None:
    if _wager(case) and case.incident.motions > 1 and case.incident.chips:
        total = _pushed_to(case)
        if _facing(case) == 0:
            return Answer("bet", total)
        return Answer("raise", total) if total > _facing(case) else None
    return None


def _chips_over_words(case: Case) -> Answer | None:
    """The chips decide, whatever was said first."""
    if _wager(case) and case.incident.declared not in ("none",) and case.incident.chips:
        total = _pushed_to(case)
        if _facing(case) == 0:
            return Answer("bet", total)
        return Answer("raise", total) if total > _facing(case) else Answer("call", _facing(case))
    return None


def _undercall_as_pushed(case: Case) -> Answer | None:
    total = _pushed_to(case) if _wager(case) else None
    if total is not None and _facing(case) and total < _facing(case) and case.incident.declared == "none":
        return Answer("call", total)
    return None


def _undercall_is_fold(case: Case) -> Answer | None:
    total = _pushed_to(case) if _wager(case) else None
    if total is not None and _facing(case) and total < _facing(case):
        return Answer("fold")
    return None


def _misdeal_after_action(case: Case) -> Answer | None:
    if _type(case) in ("exposed-card", "deal-error", "boxed-card", "premature-board", "four-card-flop",
                       "flop-without-burn", "wrong-button"):
        return Answer("misdeal")
    return None


def _ignore_the_irregularity(case: Case) -> Answer | None:
    if _type(case) in ("exposed-card", "deal-error", "boxed-card", "wrong-button", "wrong-blind-level"):
        return Answer("play-on")
    if _type(case) in ("premature-board", "four-card-flop", "flop-without-burn"):
        return Answer("cards-stand")
    return None


def _kill_the_hand(case: Case) -> Answer | None:
    if _type(case) in ("exposed-card", "not-at-seat", "clock-expired", "muck-at-showdown", "deal-error",
                       "hand-fouled", "shown-to-one", "verbal-at-showdown"):
        return Answer("dead-hand")
    return None


def _oot_never_binds(case: Case) -> Answer | None:
    return Answer("not-binding") if _type(case) == "out-of-turn" else None


def _oot_always_binds(case: Case) -> Answer | None:
    return Answer("binding") if _type(case) == "out-of-turn" else None


def _forget_uncalled_bet(case: Case) -> Answer | None:
    if _type(case) == "question" and case.incident.asks == "uncalled":
        return Answer("nothing-returned")
    return None


def _caller_shows_first(case: Case) -> Answer | None:
    if _type(case) == "showdown-question" and case.incident.asks == "order":
        return Answer("first-to-act-shows-first")
    return None


def _aggressor_always_first(case: Case) -> Answer | None:
    if _type(case) == "showdown-question" and case.incident.asks == "order":
        return Answer("last-aggressor-shows-first")
    return None


def _mucked_hand_retrieved(case: Case) -> Answer | None:
    return Answer("hand-live") if _type(case) == "muck-at-showdown" else None


def _min_raise_adds_big_blind(case: Case) -> Answer | None:
    if _type(case) == "question" and case.incident.asks in ("min-raise", "may-raise") and _facing(case):
        return Answer("may-raise", _facing(case) + case.state.big_blind)
    return None


# the wrong numbers for number questions
def _n_double(case: Case) -> int | None:
    return 2 * _facing(case) if _facing(case) else None


def _n_add_big_blind(case: Case) -> int | None:
    return _facing(case) + case.state.big_blind if _facing(case) else None


def _n_change_from_chip(case: Case) -> int | None:
    """The change counted from the whole bet, not from what the player owed."""
    chips = getattr(case.incident, "chips", ()) if _type(case) == "wager" else ()
    return sum(chips) - _facing(case) if chips and _facing(case) and sum(chips) > _facing(case) else None


def _n_short_chips_as_call(case: Case) -> int | None:
    chips = getattr(case.incident, "chips", ()) if _type(case) == "wager" else ()
    return sum(chips) if chips else None


_MISTAKES = (
    Mistake("double-last-bet", "doubling the last bet for a minimum raise (wrong after an earlier raise on "
            "the street: the raise is by the largest full raise, not to twice the bet)", _double_last_bet,
            _n_double),
    Mistake("min-raise-adds-big-blind", "a minimum raise of just one big blind more than the bet",
            _min_raise_adds_big_blind, _n_add_big_blind),
    Mistake("reraise-after-short-all-in", "letting a player re-raise after a short all-in (wrong for a player "
            "who has already acted: a short all-in does not reopen the betting to them)",
            _reraise_after_short_all_in),
    Mistake("never-raise-after-all-in", "thinking nobody may raise after any all-in (a player yet to act, or one "
            "facing a full raise, may)", _no_raise_ever),
    Mistake("silent-chip-is-raise", "treating a silent oversized chip as a raise", _silent_chip_is_raise,
            _n_change_from_chip),
    Mistake("chips-at-face-value", "taking every chip pushed as the bet or raise, ignoring the 50% rule",
            _chips_at_face_value),
    Mistake("extra-chips-are-a-call", "treating any chips pushed into a bet as a call", _extra_chips_are_a_call),
    Mistake("string-bet-counts-all", "counting every chip of a multi-motion (string) bet", _string_bet_counts_all),
    Mistake("chips-over-words", "letting the chips overrule what was said first", _chips_over_words),
    Mistake("undercall-as-pushed", "letting an undercall stand as the chips pushed", _undercall_as_pushed,
            _n_short_chips_as_call),
    Mistake("undercall-is-fold", "treating an undercall as a fold", _undercall_is_fold),
    Mistake("misdeal-after-action", "calling a misdeal (wrong after substantial action, or where the card is "
            "simply replaced)", _misdeal_after_action),
    Mistake("ignore-the-irregularity", "carrying on as if nothing had happened", _ignore_the_irregularity),
    Mistake("kill-the-hand", "killing a hand the rules keep live", _kill_the_hand),
    Mistake("oot-never-binds", "letting an out-of-turn action be taken back whatever happened before it",
            _oot_never_binds),
    Mistake("oot-always-binds", "binding an out-of-turn action even when the action before it changed",
            _oot_always_binds),
    Mistake("forget-uncalled-bet", "forgetting the uncalled bet: it goes back, not into the pot",
            _forget_uncalled_bet),
    Mistake("caller-shows-first", "making the caller show first after a river bet was called",
            _caller_shows_first),
    Mistake("aggressor-always-first", "making the last aggressor show first when the river was checked",
            _aggressor_always_first),
    Mistake("mucked-hand-retrieved", "retrieving a mucked hand", _mucked_hand_retrieved),
)

#: name -> Mistake (the whole catalogue, with the later families', is floorman.training.families.MISTAKES)
CORE_MISTAKES: dict[str, Mistake] = {m.name: m for m in _MISTAKES}


# ----------------------------------------------------------------------------- the other circumstance
#: the incident each rule fact comes from (fact type -> incident types)
_FACT_INCIDENTS = {
    "oot": ("out-of-turn",), "count": ("wrong-count",), "cash": ("cash-on-table",),
    "visibility": ("chips-hidden",), "stakes": ("chips-added",), "conditional": ("conditional-statement",),
    "fouled_deck": ("duplicate-card",), "clock": ("clock-expired",), "wrong_level": ("wrong-blind-level",),
    "showdown": ("showdown-question",), "showdown_hand": ("muck-at-showdown", "hand-killed-by-dealer",
                                                         "hand-fouled"),
    "showdown_verbal": ("verbal-at-showdown",), "shown_cards": ("shown-to-one",),
    "under_raise": ("under-raise-found",),
}


def _decisions_by_incident() -> dict[str, tuple[str, ...]]:
    """For each incident type, the decisions the rulebook's rules on it can give (no amount)."""
    from floorman.rulebook.loader import load_rulebook
    from floorman.training.question import AMOUNT_OF

    found: dict[str, set[str]] = {}
    for rule in load_rulebook().rules.values():
        if rule.ruling is None or rule.ruling.decision in AMOUNT_OF:
            continue
        for premise in rule.when:
            for kind in _FACT_INCIDENTS.get(premise.fact, (premise.fact.replace("_", "-"),)):
                found.setdefault(kind, set()).add(rule.ruling.decision)
    return {kind: tuple(sorted(decisions)) for kind, decisions in found.items()}


_BY_INCIDENT: dict[str, tuple[str, ...]] | None = None


def _other_circumstance(nth: int) -> Callable[[Case], Answer | None]:
    def derive(case: Case) -> Answer | None:
        global _BY_INCIDENT
        if _BY_INCIDENT is None:
            _BY_INCIDENT = _decisions_by_incident()
        decisions = _BY_INCIDENT.get(_type(case), ())
        return Answer(decisions[nth]) if nth < len(decisions) else None
    return derive


for _n in range(4):
    CORE_MISTAKES[f"other-circumstance-{_n + 1}"] = Mistake(
        f"other-circumstance-{_n + 1}", "applying the rule for another circumstance of the same incident (before "
        "or after substantial action, cash or tournament, found in time or too late)", _other_circumstance(_n))
