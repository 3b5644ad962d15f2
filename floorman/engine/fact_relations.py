"""What the fact builders guarantee between the fields of one fact.

`floorman rulebook lint` (L014, floorman/authoring/conflicts.py) asks which rules can fire on the
same fact. From the conditions alone, `[facing_bet, '==', true]` and `[no_bet_yet, '==', true]`
look compatible; the wager builder makes them exclusive. Each relation here says: when a fact
has these field values, it also meets these conditions. They are claims about the builders
(floorman/engine/facts/), so tests/test_rulebook_lint.py checks every one of them on every fact
the bundled scenarios and thousands of random wager spots produce. Whoever changes how a field
is computed keeps its relations true, or the test says which one broke.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from floorman.rulebook.schema import Condition


def _same(a: Any, b: Any) -> bool:
    return type(a) is type(b) and a == b


@dataclass(frozen=True)
class Relation:
    """Given every `field == value` of `given`, the fact meets each condition of `then`."""

    given: tuple[tuple[str, Any], ...]
    then: tuple[Condition, ...]
    why: str

    def applies(self, conditions: Sequence[Condition]) -> bool:
        """The conditions of a rule pin every given field to its value."""
        return all(any(c.op == "==" and c.field == name and _same(c.value, value) for c in conditions)
                   for name, value in self.given)

    def holds(self, fact: Mapping[str, Any]) -> bool:
        """The relation is true of one built fact."""
        if not all(_same(fact.get(name), value) for name, value in self.given):
            return True
        return all(_meets(fact.get(c.field), c) for c in self.then)


def _meets(value: Any, condition: Condition) -> bool:
    op, target = condition.op, condition.value
    if op == "==":
        return _same(value, target)
    if op == "!=":
        return not _same(value, target)
    if op == "in":
        return any(_same(value, t) for t in target)
    if op in ("<", "<=", ">", ">="):
        compared: bool = {"<": value < target, "<=": value <= target, ">": value > target, ">=": value >= target}[op]
        return compared
    return (value is not None) == (op == "exists")


def when(*given: tuple[str, Any], then: Sequence[tuple[str, str, Any]], why: str) -> Relation:
    return Relation(tuple(given), tuple(Condition(field=f, op=o, value=v) for f, o, v in then), why)


def exclusive(*flags: str, why: str) -> list[Relation]:
    """At most one of these boolean fields is true."""
    return [when((flag, True), then=[(other, "==", False) for other in flags if other != flag], why=why)
            for flag in flags]


RELATIONS: dict[str, list[Relation]] = {
    "wager": [
        when(("facing_bet", True), then=[("no_bet_yet", "==", False), ("current_bet", ">", 0)],
             why="facing a bet (to_call > 0) means a bet is out (current_bet > 0)"),
        when(("under_call", True), then=[("every_chip_needed", "==", True), ("covers_call", "==", False)],
             why="chips short of the call: every one of them is needed, and they do not cover it"),
        when(("last_chips", True), then=[("chips_behind", "==", False)],
             why="the last chips leave nothing behind"),
        when(("act_undercall", True), then=[("decided_by", "==", "chips"), ("facing_bet", "==", True),
                                            ("under_call", "==", True), ("chips_behind", "==", True)],
             why="an undercall: chips short of the call, silently, with chips left behind"),
        when(("act_undercall_full_call", True), then=[("act_undercall", "==", True)], why="a kind of undercall"),
        when(("act_undercall_discretion", True), then=[("act_undercall", "==", True)], why="a kind of undercall"),
        *exclusive("act_undercall_full_call", "act_undercall_discretion",
                   why="the full-call reading and the floor's discretion split the undercalls"),
        when(("act_first_undercall", True), then=[("act_undercall", "==", True)], why="a kind of undercall"),
        when(("act_later_undercall", True), then=[("act_undercall", "==", True)], why="a kind of undercall"),
        when(("act_all_in_call_short", True), then=[("decided_by", "==", "chips"), ("facing_bet", "==", True),
                                                    ("last_chips", "==", True), ("under_call", "==", True)],
             why="the last chips, silently, short of the call"),
        when(("act_raise_declared", True), then=[("decided_by", "==", "words"), ("facing_bet", "==", True)],
             why="a raise declared in words, facing a bet"),
        when(("act_raise_closed_declared", True), then=[("act_raise_declared", "==", True), ("may_raise", "==", False)],
             why="a declared raise the seat may not make"),
        when(("in_question", True), then=[("decided_by", "==", "question"), ("has_chips", "==", False)],
             why="a word said in a question decides nothing; a question puts out no chips"),
        *exclusive("said_is_call", "said_forces_raise", "said_raises",
                   why="an amount said is a call, a raise to complete, or a raise"),
        when(("said_is_call", True), then=[("said_covers_call", "==", True)], why="a call covers the call"),
        when(("said_raises", True), then=[("said_covers_call", "==", True)], why="a raise covers the call"),
        when(("said_forces_raise", True), then=[("said_covers_call", "==", True)], why="a raise covers the call"),
        when(("no_bet_yet", True), then=[("facing_bet", "==", False), ("current_bet", "==", 0)],
             why="no bet yet: the current bet is 0"),
        when(("fm_raises", True), then=[("fm_raise_attempt", "==", True), ("may_raise", "==", True)],
             why="a first motion that raises is a raise attempt the seat may make"),
    ],
    "oot": [
        *exclusive("pending", "resolved", "action_changed", "no_turn_left", "sa_out_of_turn",
                   why="an out-of-turn action is waiting, bound, undone by a bet, without a turn, or "
                       "followed by substantial action out of turn: one of them"),
    ],
    "question": [
        when(("fixed_limit", True), then=[("big_bet_game", "==", False), ("pot_limit", "==", False),
                                          ("betting", "==", "fixed-limit")], why="one betting structure"),
        when(("pot_limit", True), then=[("fixed_limit", "==", False), ("betting", "==", "pot-limit")],
             why="one betting structure"),
        when(("betting", "no-limit"), then=[("fixed_limit", "==", False), ("pot_limit", "==", False)],
             why="one betting structure"),
        when(("raise_allowed", True), then=[("reopened", "==", True), ("cap_reached", "==", False),
                                            ("raise_impossible", "==", False)],
             why="a raise is allowed only when reopened, not capped, and possible"),
        when(("raise_impossible", True), then=[("raise_allowed", "==", False)], why="the same test, negated"),
        when(("facing_bet", True), then=[("bet_open", "==", True), ("current_bet", ">", 0)],
             why="facing a bet means a bet is out"),
    ],
    "pot_count_error": exclusive("too_high", "too_low", why="a count error is too high or too low"),
    "flop_without_burn": exclusive("action_on_flop", "no_action_on_flop", why="the same test, negated"),
    "clock": exclusive("tie", "expired", why="the clock ran out, or it was a tie"),
    "deal_proposal": exclusive("all_agree", "declined", why="everyone agreed, or someone declined"),
    "not_at_seat": exclusive("away", "within_reach", why="the same test, negated"),
    "online_timeout": [
        when(("timed_out", True), then=[("protected", "==", False), ("bank_left", "==", False)],
             why="timed out: no time bank left, and not protected by a disconnection"),
    ],
    "draw_stub_short": exclusive("last_card_completes", "burns_complete", "with_muck",
                                 why="one procedure for a short stub"),
    "exposed_card": exclusive("replace_as_burn", "stud_single_downcard",
                              why="a flop game's exposed card, or a stud downcard: one family"),
    "buy_in": exclusive("below_min", "above_max", why="the table's minimum buy-in is not above its maximum"),
    "stub_dropped": exclusive("reconstructable", "mixed_with_discards",
                              why="a stub mixed with the discards cannot be put back in order (the incident refuses both)"),
    "showdown": [
        when(("all_in_betting_open", True), then=[("betting_complete", "==", False), ("at_showdown", "==", False)],
             why="betting still open: not yet the showdown"),
        when(("at_showdown", True), then=[("betting_complete", "==", True)], why="the showdown comes after the betting"),
    ],
    "deal_error": [
        when(("button_short", True), then=[("error", "==", "wrong-count"), ("wrong_count_misdeal_cause", "==", False)],
             why="the button short a card is a wrong count that is never a misdeal (TDA 2024 37)"),
    ],
    "new_player": [
        when(("tournament", True), ("takes_small_blind", True), then=[("waits", "==", False)],
             why="a tournament player on the small blind's seat is not between the button and the blind (TDA 2024 10-A)"),
    ],
    "shot_clock": [
        when(("extension_used", True), then=[("expired", "==", True)], why="an extension is used only when the clock ran out"),
    ],
    "ranking_question": [
        when(("lowest_straight_beaten", True), then=[("decided_by", "==", "ranks")],
             why="straights of one category are decided by their ranks"),
        when(("flush_beats_full", True), then=[("decided_by", "in", ["category", "split"])],
             why="a flush over a full house: the categories decide, unless the flushes tie"),
    ],
}


def _pairs(flags: tuple[str, str], why: str) -> dict[str, list[Relation]]:
    """The pair of fields, exclusive, on every fact type that has both (fact_fields.py)."""
    from floorman.engine.fact_fields import FACT_FIELDS

    return {fact: exclusive(*flags, why=why) for fact, fields in FACT_FIELDS.items() if set(flags) <= set(fields)}


for _flags, _why in ((("before_cutoff", "past_cutoff"), "before or past the cutoff (substantial action)"),
                     (("tournament", "cash_game"), "a tournament or a cash game")):
    for _fact, _relations in _pairs(_flags, _why).items():
        RELATIONS.setdefault(_fact, []).extend(_relations)
