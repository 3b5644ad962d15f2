"""The floor: the one small interface between floorman and its rule engine.

`Floor.rule(situation)` turns a situation into cited rulings. It builds the facts, runs the
rulebook's compiled rules (durable-rules, behind `backend_durable`), computes each ruling's
numbers from the matched facts, and settles conflicts by a documented precedence:

1. rulings conflict only when they decide the same `subject`;
2. a rule that `overrides` another wins over it;
3. otherwise the higher `priority` (the more specific rule) wins;
4. words against chips is settled inside the facts (`speech`: which came first), so the
   rules for each order are mutually exclusive rather than in conflict.

The trace lists the rules that were overridden and by which.
"""

from __future__ import annotations

import re
from typing import Any

from floorman.engine.expressions import evaluate
from floorman.engine.facts import Situation, situation_facts
from floorman.rulebook.loader import Rulebook, load_rulebook
from floorman.rulebook.schema import Rule
from floorman.ruling import Firing, Ruling, RulingReport, Trace

DERIVE_PRIORITY = 0     # durable agenda: derivations fire before rulings
RULING_PRIORITY = 10
_TEMPLATE = re.compile(r"\{([a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)?)\}")


class Floor:
    """Rules on situations under a profile; holds one compiled engine per profile."""

    def __init__(self, rulebook: Rulebook | None = None) -> None:
        self.rulebook = rulebook or load_rulebook()
        self._backends: dict[str, Any] = {}

    def backend(self, profile: str, fact_types: frozenset[str] | None = None) -> Any:
        """The compiled engine for a profile, holding only the rules that can fire on these fact
        types (a rule needing a fact type the situation lacks can never match). Compiling fewer
        rules keeps a one-off `floorman rule` quick; the engines are kept for later queries."""
        key = (profile, fact_types)
        if key not in self._backends:
            from floorman.engine.backend_durable import DurableBackend

            rules = [rule for rule in self.rulebook.rules_for(profile)
                     if fact_types is None or {p.fact for p in rule.when} <= fact_types]
            self._backends[key] = DurableBackend([engine_rule(rule) for rule in rules], name=f"floor_{profile}")
        return self._backends[key]

    def close(self) -> None:
        for backend in self._backends.values():
            backend.close()
        self._backends.clear()

    def situation_options(self, profile: str) -> dict[str, bool | int | str]:
        return self.rulebook.options(profile)

    def rule(self, situation: Situation) -> RulingReport:
        facts = situation_facts(situation)
        fact_types = frozenset(fact["type"] for fact in facts) | {"derived"}
        result = self.backend(situation.profile, fact_types).run(facts)
        by_id = {fact["id"]: fact for fact in facts}
        by_id.update({fact["id"]: fact for fact in result.derived_facts})
        edition = self.rulebook.profiles[situation.profile].tda_edition
        firings: list[Firing] = []
        candidates: list[Ruling] = []
        seen: set[tuple] = set()
        for activation in result.activations:
            rule = self.rulebook.rules[activation.rule_id]
            matched_ids = {alias: fact["id"] for alias, fact in activation.matched.items()}
            key = (rule.id, tuple(sorted(matched_ids.items())))
            if key in seen:
                continue
            seen.add(key)
            if rule.ruling is None:
                derived = activation.derived["id"] if activation.derived else None
                firings.append(Firing(rule.id, "derive", matched_ids, derived))
                continue
            scope = {alias: by_id.get(fact["id"], fact) for alias, fact in activation.matched.items()}
            scope.setdefault("hand", by_id["hand"])
            scope.setdefault("profile", by_id["profile"])
            candidates.append(make_ruling(rule, scope, matched_ids, edition))
            firings.append(Firing(rule.id, "ruling", matched_ids))
        rulings, beaten, conflicts = settle(candidates, self.rulebook)
        firings = [f if f.rule_id not in beaten else
                   Firing(f.rule_id, f.kind, f.matched, f.derived, f"overridden by {beaten[f.rule_id]}")
                   for f in firings]
        conclusion = [f"{r.rule_id}: {r.decision} - {r.explanation}" for r in rulings]
        pots, hands = pots_and_hands(situation, {r.dead_seat for r in rulings if r.dead_seat is not None})
        trace = Trace(facts + result.derived_facts, firings, conclusion)
        return RulingReport(situation.profile, rulings, trace, pots, conflicts, hands)


def pots_and_hands(situation: Situation, dead_seats: set[int] = frozenset()) \
        -> tuple[list[dict[str, Any]], dict[int, dict[str, Any]]]:
    """The pots as they stand; once the hand has reached a showdown with every live hand known,
    each pot's winners and shares, and each hand's best five cards and name. Hands the rulings
    killed take no part in the award."""
    from floorman.model.events import Muck
    from floorman.model.pots import pot_name
    from floorman.model.state import HandState

    state = situation.state
    killed = [seat for seat in sorted(dead_seats) if seat in state.seats and state.seats[seat].live]
    if killed:
        state = HandState.replay(situation.table, [*situation.events, *(Muck(seat=seat) for seat in killed)])
    if not state.pot:
        return [], {}
    live = state.active_seats
    known = all(state.seats[n].hole and "??" not in state.seats[n].hole for n in live) and "??" not in state.board
    finished = state.betting_complete and (len(live) == 1 or (known and _board_complete(state)))
    if not finished:
        return [{"name": pot_name(i), "amount": pot.amount, "eligible": list(pot.eligible)}
                for i, pot in enumerate(state.pots())], {}
    result = state.result()
    pots = []
    for i, pot in enumerate(result.pots):
        entry: dict[str, Any] = {"name": pot_name(i), "amount": pot.amount, "eligible": list(pot.eligible)}
        award = next((a for a in result.awards if a.pot_index == i), None)
        if award is not None:
            entry["winners"] = sorted(set(award.winners_high) | set(award.winners_low))
            if award.winners_low:
                entry["winners_high"], entry["winners_low"] = list(award.winners_high), list(award.winners_low)
            entry["shares"] = {str(seat): chips for seat, chips in sorted(award.shares.items())}
        pots.append(entry)
    hands: dict[int, dict[str, Any]] = {}
    for seat, (high, low) in sorted(result.readings.items()):
        hand: dict[str, Any] = {"cards": list(state.seats[seat].hole)}
        if high is not None:
            hand.update(best_five=list(high.best_five), name=high.name)
        if low is not None:
            hand.update(low_five=list(low.best_five), low_name=low.name)
        hands[seat] = hand
    if result.uncalled:
        pots.append({"name": "uncalled bet returned", "amount": result.uncalled[1],
                     "eligible": [result.uncalled[0]], "returned_to": result.uncalled[0]})
    return pots, hands


def _board_complete(state: Any) -> bool:
    if state.table.variant.family != "flop":
        return True
    return len(state.board) == sum(state.table.variant.board_cards)


def engine_rule(rule: Rule) -> dict[str, Any]:
    """The rule's matching part in the shape the engine backend compiles."""
    spec: dict[str, Any] = {
        "id": rule.id,
        "priority": DERIVE_PRIORITY if rule.derive is not None else RULING_PRIORITY,
        "when": [{"as": p.alias, "fact": p.fact, "where": [c.as_list() for c in p.where]} for p in rule.when],
    }
    if rule.derive is not None:
        spec["derive"] = rule.derive.model_dump()
    return spec


def make_ruling(rule: Rule, scope: dict[str, dict], matched: dict[str, str], edition: str) -> Ruling:
    conclusion = rule.ruling
    assert conclusion is not None
    params: dict[str, Any] = {}
    for name, expression in conclusion.params.items():
        params[name] = evaluate(expression, {**scope, "ruling": params})
    return Ruling(
        rule_id=rule.id, rule_name=rule.name, title=rule.title, category=rule.category,
        decision=conclusion.decision, params=params, citations=tuple(rule.citations_for(edition)),
        dead_seat=evaluate(conclusion.dead_hand, {**scope, "ruling": params}) if conclusion.dead_hand else None,
        explanation=render(conclusion.explanation, scope, params),
        steps=tuple(render(step, scope, params) for step in conclusion.steps),
        subject=rule.subject or rule.id, priority=rule.priority, matched=matched)


def render(template: str, scope: dict[str, dict], params: dict[str, Any]) -> str:
    """Fill {param} and {alias.field} placeholders; chip amounts get thousands separators."""
    def value(match: re.Match[str]) -> str:
        name = match.group(1)
        if "." in name:
            alias, field = name.split(".", 1)
            found = scope.get(alias, {}).get(field, match.group(0))
        else:
            found = params.get(name, match.group(0))
        if isinstance(found, bool):
            return "yes" if found else "no"
        if isinstance(found, int):
            return f"{found:,}"
        return str(found)
    return _TEMPLATE.sub(value, template)


def incident_of(ruling: Ruling) -> tuple[str, ...]:
    """The incident facts a ruling is about: two rulings conflict only on the same incident."""
    return tuple(sorted(fact for fact in ruling.matched.values()
                        if ":" in fact and not fact.startswith("derived:")))


def settle(candidates: list[Ruling], rulebook: Rulebook) -> tuple[list[Ruling], dict[str, str], list[str]]:
    """Keep one ruling per subject by the precedence above; say who beat whom, and name any
    conflict the rulebook left undeclared (same priority, no override, different decisions)."""
    by_subject: dict[tuple, list[Ruling]] = {}
    for ruling in candidates:
        by_subject.setdefault((ruling.subject, incident_of(ruling)), []).append(ruling)
    kept: list[Ruling] = []
    beaten: dict[str, str] = {}
    conflicts: list[str] = []
    for group in by_subject.values():
        ids = {r.rule_id for r in group}
        overridden = {o for r in group for o in rulebook.rules[r.rule_id].overrides if o in ids}
        contenders = [r for r in group if r.rule_id not in overridden] or group
        contenders.sort(key=lambda r: (-r.priority, r.rule_id))
        winner = contenders[0]
        for other in contenders[1:]:
            if other.priority == winner.priority and (other.decision, other.params) != (winner.decision,
                                                                                      winner.params):
                conflicts.append(f"{winner.rule_id} and {other.rule_id} both decide {winner.subject!r} "
                                 f"at priority {winner.priority} with no override between them")
        losers = tuple(r.rule_id for r in group if r.rule_id != winner.rule_id)
        for loser in losers:
            beaten[loser] = winner.rule_id
        kept.append(Ruling(**{**winner.__dict__, "overridden": losers}))
    order = [c.rule_id for c in candidates]
    kept.sort(key=lambda r: order.index(r.rule_id))
    return kept, beaten, conflicts
