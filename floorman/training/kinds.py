"""What a ruling answers, read from the rulebook, so that every distractor answers the same question.

Rulings on one `subject` decide the same thing (the rulebook's precedence works on subjects). A
rule's patterns, tested against the facts the dispute was ruled on, fail (if they fail) on
conditions of three sorts:

- ASKED: what the question asks (`asks` of a question to the floor, the procedure asked about).
  A rule that needs another question answers another question: its decision is of another KIND;
- SHOWN: what the question shows plainly: the game, the street, the room's options, whether
  there is a bet, one chip or several (`_SHOWN`), what was done at the table (the fields of a
  push, an action out of turn, a card turned up: `_SEEN`). A rule that needs another of these is
  about another situation: no trainee reading the question would take it;
- JUDGED: everything else: what the floor must work out or know (substantial action, a half
  raise, whether the action changed, which rule goes with the circumstance stated, the room's
  own rule where rooms differ...).

So `kind_decisions` are the decisions of the rules on the ruling's subject that fail on nothing
asked: the answers of the same kind. `near_rules` are those that fail only on judged conditions
(or lost to the ruling on precedence): ruling by one of them is the mistake of judging that
circumstance wrong, and its answer worked out on this hand is a distractor a trainee could
believe (mistake id `as-if:<RULE-ID>`); the near misses the scenarios document come first.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from floorman.errors import FloormanError
from floorman.training.question import AMOUNT_OF, Answer

#: incident fields that say what is asked (incident type -> field; '*': any incident)
_ASKED = {"*": "asks", "procedure-question": "topic"}
#: fields of the hand a question shows: the street, the game, who is in the hand
_HAND_SHOWN = frozenset({"street", "street_index", "preflop", "betting", "variant", "family", "heads_up",
                         "players_in_hand", "big_blind", "min_bet", "players_left_in_event"})
#: fields of an incident's facts a question shows plainly: the game (a cash game or a tournament is
#: not here: which rule goes with which is what a trainee must know), online or live, the street,
#: whether there is a bet, one chip or several, the chips a stack has left, words or chips, the cap
_SHOWN = frozenset({"online", "online_cheating", "family", "variant", "betting", "flop_game", "home_game",
                    "stud", "razz", "fixed_limit", "pot_limit", "no_limit", "big_bet_game", "deck_cards", "low_game",
                    "heads_up", "street", "cap_reached",
                    "bet_open", "facing_bet", "no_bet_yet", "opening_legal", "current_bet", "single_chip",
                    "chip_count", "silent", "multi_motion", "has_chips", "said_amount", "last_chips", "tiny_push",
                    "act_undercall_discretion", "act_first_undercall", "act_all_in_call_short",
                    "stud_single_downcard", "oot_fold", "oot_check", "tabled", "all_in_showdown",
                    "button_short", "mid_hand", "at_table", "must_move"})
#: incidents that are something seen at the table (chips pushed, words said, a card turned up):
#: their own fields are shown. The others (a complaint, a buy-in, a rebuy request...) state the
#: circumstance whose rule the trainee must know, so a rule for another circumstance is a mistake
#: a trainee could make.
_SEEN = frozenset({"wager", "out-of-turn", "question", "premature-board", "four-card-flop", "flop-without-burn",
                   "exposed-card", "deal-error", "boxed-card", "stud-irregularity", "muck-at-showdown",
                   "showdown-question", "hand-fouled", "hand-killed-by-dealer", "shown-to-one",
                   "duplicate-card", "wrong-button", "wrong-blind-level", "clock-expired", "cash-on-table",
                   "chips-hidden", "chips-added", "stud-question", "draw-question", "ranking-question",
                   "partial-table", "show-request"})
_OPS = {"==": lambda a, b: a == b, "!=": lambda a, b: a != b, "<": lambda a, b: a < b,
        "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b,
        "in": lambda a, b: a in b}


@dataclass(frozen=True)
class NearRule:
    """Another rule's answer to the same question, worked out on this hand."""

    rule: Any                          # the rulebook Rule
    answer: Answer
    params: dict[str, Any]
    misjudged: tuple[str, ...]         # the judged fields it would need otherwise (none: it lost on precedence)


# ----------------------------------------------------------------------------- the facts of a dispute
def dispute_facts(report: Any, index: int) -> dict[str, list[dict[str, Any]]]:
    """The facts incident `index` was ruled on, by type: the profile, the hand as it stood, the
    incident's facts and what was derived from them."""
    by_type: dict[str, list[dict[str, Any]]] = {}
    hand_id = "hand" if index == 0 else f"hand@{index}"
    own = re.compile(rf"^[a-z_]+:{index}$")
    for fact in report.trace.facts:
        fid, kind = fact["id"], fact["type"]
        if kind == "profile" or fid == hand_id:
            pass
        elif kind == "hand":
            continue
        elif kind == "derived":
            refs = re.findall(r"[a-z_]+:(\d+)(?=,|$)", fid)
            if not refs or any(int(r) != index for r in refs):
                continue
        elif not own.match(fid):
            continue
        by_type.setdefault(kind, []).append(fact)
    return by_type


def _value(raw: Any, fact: dict[str, Any], scope: dict[str, dict[str, Any]]) -> tuple[bool, Any]:
    """A condition's value: a literal, or '@self.f' / '@alias.f' (False: not known here)."""
    if isinstance(raw, str) and raw.startswith("@"):
        alias, _, name = raw[1:].partition(".")
        source = fact if alias == "self" else scope.get(alias)
        if source is None or name not in source:
            return False, None
        return True, source[name]
    return True, raw


@lru_cache(maxsize=1)
def room_options() -> frozenset[str]:
    """The names of the room options (rulebook/options.yaml)."""
    from floorman.rulebook.loader import load_rulebook

    return frozenset(load_rulebook().option_specs)


def _sort(pattern: Any, field: str, fact: dict[str, Any], incident: Any) -> str:
    """'asked', 'shown' or 'judged': what a failed condition on `field` means (module docstring)."""
    if pattern.fact == "profile" or field in room_options():
        return "judged"            # the room's rule: the trainee must know it
    if pattern.fact == "hand":
        return "shown" if field in _HAND_SHOWN else "judged"
    if field == _ASKED.get(incident.type, _ASKED["*"]) and hasattr(incident, field):
        return "asked"
    if field in _SHOWN:
        return "shown"
    if field == "decided_by" and pattern.fact == "wager":
        return "shown"             # words said or chips pushed: what the player did
    stated = hasattr(incident, field) and fact.get(field) == getattr(getattr(incident, field), "value",
                                                                      getattr(incident, field))
    return "shown" if stated and incident.type in _SEEN else "judged"


def _failures(pattern: Any, fact: dict[str, Any], scope: dict[str, dict[str, Any]], incident: Any,
              judged_only: bool = False) -> list[tuple[str, str]] | None:
    """The conditions of `pattern` that `fact` fails: (field, 'asked' | 'shown' | 'judged'); with
    `judged_only`, None at the first failure that is not judged."""
    out = []
    for condition in pattern.where:
        have = fact.get(condition.field)
        if condition.op == "exists":
            ok = condition.field in fact
        elif condition.op == "absent":
            ok = condition.field not in fact
        else:
            known, want = _value(condition.value, fact, scope)
            if not known or have is None:
                continue
            try:
                ok = _OPS[condition.op](have, want)
            except TypeError:
                ok = False
        if not ok:
            why = _sort(pattern, condition.field, fact, incident)
            if judged_only and why != "judged":
                return None
            out.append((condition.field, why))
    return out


_RANK = {"judged": 0, "shown": 1, "asked": 2}


def _match(rule: Any, facts: dict[str, list[dict[str, Any]]], incident: Any, *, judged_only: bool = False) \
        -> tuple[dict[str, dict[str, Any]], list[tuple[str, str]]] | None:
    """The facts bound to the rule's patterns (each the one it fits best) and the conditions
    they fail; None when a pattern needs a fact this dispute does not have (another incident), or
    (`judged_only`) when a pattern fails on something asked or shown whatever fact it takes."""
    scope: dict[str, dict[str, Any]] = {}
    failed: list[tuple[str, str]] = []
    for pattern in rule.when:
        candidates = facts.get(pattern.fact, [])
        if not candidates:
            if pattern.fact != "derived":
                return None
            failed.append((pattern.fact, "judged"))     # the derivation (a full raise...) is not met here
            continue
        tried = [(fact, _failures(pattern, fact, scope, incident, judged_only)) for fact in candidates]
        fitting = [(fact, fails) for fact, fails in tried if fails is not None]
        if not fitting:
            return None
        best = min(fitting, key=lambda pair: (max((_RANK[why] for _, why in pair[1]), default=-1), len(pair[1])))
        scope[pattern.alias] = best[0]
        failed += best[1]
    return scope, failed


@cache
def _rules_on(profile: str, subject: str) -> tuple[Any, ...]:
    from floorman.rulebook.loader import load_rulebook

    return tuple(rule for rule in load_rulebook().rules_for(profile)
                 if rule.ruling is not None and (rule.subject or rule.id) == subject)


def kind_decisions(case: Any) -> frozenset[str]:
    """The decisions the rulebook gives, on the subject of the case's ruling, by a rule about this
    incident that needs nothing else asked: the answers of the same kind as the ruling."""
    ruling = case.ruling
    asked = _ASKED.get(case.incident.type, _ASKED["*"])
    value = getattr(getattr(case.incident, asked, None), "value", getattr(case.incident, asked, None))
    found = {ruling.decision}
    for rule in _rules_on(case.profile, ruling.subject):
        if all(p.fact in case.facts or p.fact == "derived" for p in rule.when) and all(
                _OPS[c.op](value, c.value) for p in rule.when if p.fact not in ("profile", "hand")
                for c in p.where if c.field == asked and c.op in _OPS and value is not None
                and not (isinstance(c.value, str) and c.value.startswith("@"))):
            found.add(rule.ruling.decision)
    return frozenset(found)


def near_rules(case: Any) -> dict[str, NearRule]:
    """Rule id -> its answer on this hand, for each other rule on the ruling's subject that differs
    from the hand only in judged circumstances (or lost to the ruling on precedence)."""
    from floorman.engine.expressions import evaluate
    from floorman.training.bundled import near_misses

    ruling = case.ruling
    overridden = set(getattr(ruling, "overridden", ()))
    confused = near_misses().get(ruling.rule_id, frozenset())
    out: dict[str, NearRule] = {}
    # the near misses the scenarios document come first: the confusions seen at real tables
    for rule in sorted(_rules_on(case.profile, ruling.subject), key=lambda r: r.id not in confused):
        if rule.id == ruling.rule_id:
            continue
        matched = _match(rule, case.facts, case.incident, judged_only=True)
        if matched is None:
            continue
        scope, failed = matched
        if not failed and rule.id not in overridden:
            continue
        scope = {**scope, "hand": case.facts["hand"][0], "profile": case.facts["profile"][0]}
        params: dict[str, Any] = {}
        try:                          # the rule's numbers on this hand, as the engine works them out
            for name, expression in rule.ruling.params.items():
                params[name] = evaluate(expression, {**scope, "ruling": params})
        except FloormanError:         # an expression over a fact this hand lacks: no answer to offer
            continue
        decision = rule.ruling.decision
        key = AMOUNT_OF.get(decision)
        value = params.get(key) if key else None
        amount = value if isinstance(value, int) and not isinstance(value, bool) else None
        if key in params and not amount:
            continue                  # no amount worked out on this hand ("a bet of 0"): not an answer
        out[rule.id] = NearRule(rule, Answer(decision, amount), params, tuple(field for field, _ in failed))
    return out
