"""The floor: the one small interface between floorman and its rule engine.

`Floor.rule(situation)` turns a situation into cited rulings. It builds the facts, runs the
rulebook's compiled rules (durable-rules, behind `backend_durable`), computes each ruling's
numbers from the matched facts, and settles conflicts by a documented precedence:

1. rulings conflict only when they decide the same `subject`;
2. a rule that `overrides` another wins over it;
3. otherwise the higher `priority` (the more specific rule) wins;
4. words against chips is settled inside the facts (`speech`: which came first), so the
   rules for each order are mutually exclusive rather than in conflict;
5. rules declared `compatible_with` the winner stand beside it.

`floorman rulebook lint` (L014) refuses a pair that would be left to the order of their ids.

The trace lists the rules that were overridden and by which.

Incidents are ruled one after another, in the order given. Each ruling declares its `effect`
on the hand (an action taken, a hand killed, the action backed up, the hand void...); the
floor applies it to one running `HandState` before it builds the next incident's facts, so a
second dispute in the hand is ruled on the hand as the first ruling left it.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from floorman.engine.assumed import with_assumptions
from floorman.engine.expressions import evaluate
from floorman.engine.facts import Fact, Situation
from floorman.errors import FloormanError, InvalidEvent
from floorman.model.events import Action, Board, Burn, Event, Muck, Post
from floorman.model.incidents import Incident
from floorman.model.room import RoomRules
from floorman.model.state import HandState, Restriction
from floorman.model.table import Table
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
        self._backends: dict[tuple[str, frozenset[str] | None], Any] = {}

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

    def rule(self, situation: Situation, *, after: RulingReport | None = None) -> RulingReport:
        """Rule on each incident in order, applying each ruling's effect to the hand before the
        next incident's facts are built. One HandState runs through the whole hand (no replay
        per incident).

        `after` is this floor's report on the same events and the situation's first incidents:
        those are not ruled again, only the ones after them, on the hand as that report left it
        (a live table rules each new dispute once, however many came before it in the hand)."""
        if not isinstance(situation, Situation):
            raise FloormanError(f"Floor.rule takes a Situation, not {type(situation).__name__}")
        facts_seen: list[Fact] = []
        firings: list[Firing] = []
        rulings: list[Ruling] = []
        conflicts: list[str] = []
        void_by: str | None = None            # the ruling that voided the hand
        unruled: dict[int, str] = {}          # incidents about a hand already void: no ruling, and why
        failed: str | None = None             # an effect that could not be applied
        indexes: list[int | None] = list(range(len(situation.incidents))) or [None]
        earlier: dict[int, list[Fact]] = {}   # each incident's facts as built when it was ruled
        conclusion: list[str] = []
        if after is not None and (after.earlier or after.unruled):
            done = len(after.earlier) + len(after.unruled)
            if done >= len(situation.incidents):
                raise FloormanError("Floor.rule(after=...): the report already rules every incident")
            # a copy of the hand `after` left (the report keeps its own), and what it found
            state = _fresh_state(after.state.table, after.state.events, after.state.tolerate,
                                 after.state.restriction_log, situation.room)
            facts_seen, firings = list(after.trace.facts), list(after.trace.fired)
            rulings, conflicts, earlier = list(after.rulings), list(after.conflicts), dict(after.earlier)
            unruled = dict(after.unruled)
            conclusion = list(after.trace.conclusion)
            void_by = after.void
            failed = next((_failure(r) for r in rulings if r.effect_error), None)
            indexes = indexes[done:]
        else:
            state = _fresh_state(situation.table, situation.events, room=situation.room)
        for index in indexes:
            where = f"incidents[{index}]"
            if void_by is not None and index is not None and situation.incidents[index].about_the_hand:
                # a misdeal or fouled deck ended the hand: a later dispute about it has nothing to rule
                # on (a player's conduct is still ruled)
                unruled[index] = f"the hand is void ({void_by})"
                continue
            if failed is not None:
                raise InvalidEvent(f"incident {index} cannot be ruled: {failed}", field=where)
            if index is not None:
                for event in turn_came_back(state, situation.incidents[index]):
                    state.apply(event)
            current = _at(situation, state, index, earlier)
            facts = incident_facts(current, index)
            if index is not None:
                earlier[index] = facts
            kept, fired, clashes, derived = self._rule_facts(current, facts, index)
            if index is not None:
                # what the rulings rest on that nobody gave is said back (issue 15 item 2)
                kept = with_assumptions(kept, fired, situation.incidents[index], self.rulebook)
            facts_seen.extend(_for_trace(facts, derived, index, first=not facts_seen))
            firings.extend(fired)
            conflicts.extend(clashes)
            for ruling in kept:
                # the hand before this ruling, to go back to if its effect is refused half applied
                table, events, tolerated = state.table, list(state.events), state.tolerate
                restrictions = list(state.restriction_log)
                try:
                    state, void = apply_effect(state, ruling, situation.incidents[index] if index is not None
                                               else None, situation)
                except (FloormanError, ValueError) as error:   # a refused event; a bad amount
                    if state.table is not table or state.events != events or state.restriction_log != restrictions:
                        state = _fresh_state(table, events, tolerated, restrictions, situation.room)
                    state.tolerate = tolerated
                    why = getattr(error, "message", "") or str(error)
                    ruling = Ruling(**{**ruling.__dict__, "effect_error": why})
                    failed = _failure(ruling)
                    void = False
                if void:
                    void_by = f"{ruling.rule_id} on incident {index}: {ruling.decision}"
                rulings.append(ruling)
        conclusion += [f"{r.rule_id}: {r.decision} - {r.explanation}" for r in rulings[len(conclusion):]]
        pots, hands = ([], {}) if void_by is not None else pots_and_hands(state, rulings)
        trace = Trace(facts_seen, firings, conclusion)
        return RulingReport(situation.profile, rulings, trace, pots, conflicts, hands, state=state, void=void_by,
                            unruled=unruled, earlier=earlier)

    def _rule_facts(self, situation: Situation, facts: list[Fact], index: int | None) \
            -> tuple[list[Ruling], list[Firing], list[str], list[Fact]]:
        """Run the engine on one incident's facts; the settled rulings, the firings, undeclared
        conflicts and the derived facts."""
        fact_types = frozenset(fact["type"] for fact in facts) | {"derived"}
        result = self.backend(situation.profile, fact_types).run(facts)
        by_id = {fact["id"]: fact for fact in facts}
        by_id.update({fact["id"]: fact for fact in result.derived_facts})
        edition = self.rulebook.profiles[situation.profile].tda_edition
        firings: list[Firing] = []
        candidates: list[Ruling] = []
        seen: set[tuple[str, tuple[tuple[str, str], ...]]] = set()
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
            ruling = make_ruling(rule, scope, matched_ids, edition, index)
            applied = options_applied(rule, by_id["profile"], self.rulebook)
            caveats = caveats_of(applied, self.rulebook, situation.profile) or new_in_2026(rule, situation.profile)
            if applied or caveats:
                own = self.rulebook.options(situation.profile) if applied else {}
                house = tuple(name for name, value in applied if name in own and own[name] != value)
                ruling = replace(ruling, options_applied=applied, caveats=caveats, from_house=house)
            candidates.append(ruling)
            firings.append(Firing(rule.id, "ruling", matched_ids))
        rulings, beaten, conflicts = settle(candidates, self.rulebook)
        firings = [f if f.rule_id not in beaten else
                   Firing(f.rule_id, f.kind, f.matched, f.derived, f"overridden by {beaten[f.rule_id]}")
                   for f in firings]
        return rulings, firings, conflicts, list(result.derived_facts)


def _failure(ruling: Ruling) -> str:
    """Why no incident after this ruling can be ruled: its effect could not be applied."""
    return f"the effect of {ruling.rule_id} on incident {ruling.incident} could not be applied: {ruling.effect_error}"


def _fresh_state(table: Table, events: list[Event], tolerate: frozenset[str] = frozenset(),
                 restrictions: list[Restriction] | tuple[()] = (), room: RoomRules | None = None) -> HandState:
    """The hand on `table` (the situation's, or as a ruling corrected it) replayed from
    `events`, with the room's options, the departures the rulings have accepted so far (a bet
    that stands as made) and the restrictions they made."""
    return HandState.replay(table, list(events), tolerate=tolerate,
                            room=room, restrictions=restrictions)


def _at(situation: Situation, state: HandState, index: int | None,
        earlier: dict[int, list[Fact]]) -> Situation:
    """The situation as the hand stands when incident `index` is ruled: the recorded events plus
    the effects applied so far, with `state` set (Situation.state is a cached_property: the
    instance dict holds it). Later incidents have not happened yet; earlier ones keep the facts
    they were ruled on."""
    incidents = situation.incidents if index is None else situation.incidents[:index + 1]
    if index is not None:
        incidents = [*incidents[:index], held_to_declaration(incidents[index], state)]
    current = Situation(state.table, state.events, incidents, situation.profile, situation.options,
                        earlier=earlier)
    current.__dict__["state"] = state
    return current


def turn_came_back(state: HandState, incident: Incident) -> list[Action]:
    """Chips or words out of turn whose `then` brings the action back to the seat with no bet or
    raise in between (TDA 2024 53-A / 2026 55: the action to it did not change, so they bind):
    the actions of the seats in between, which are played before the wager is ruled, now in its
    turn, by the chip and declaration rules. Anything else ([]) is ruled as out-of-turn action."""
    from floorman.model.incidents.betting import Wager

    if not isinstance(incident, Wager) or not incident.then or state.actor in (None, incident.seat):
        return []
    scratch = HandState.replay(state.table, state.events, tolerate=state.tolerate, room=state.room,
                               restrictions=state.restriction_log)
    played: list[Action] = []
    for follow in incident.then:
        if scratch.actor == incident.seat:
            break
        if follow.seat != scratch.actor:
            return []                       # play carried on out of turn: the out-of-turn rules
        event = Action(seat=follow.seat, action=follow.action, amount=follow.amount)
        try:
            scratch.apply(event)
        except FloormanError:
            return []                       # the out-of-turn facts locate the bad action
        played.append(event)
    if scratch.actor != incident.seat or scratch.current_bet != state.current_bet:
        return []
    return played


def held_to_declaration(incident: Incident, state: HandState) -> Incident:
    """A seat an earlier ruling holds to a bet or raise whose amount was still to come ("raise"
    said alone: a `restrict` to bet or raise) has declared: its next wager is read with that
    word said first. Chips pushed silently are the declared raise (TDA 2024 40-B: the words came
    first); an amount alone names its total; a call, check or fold said afterwards does not undo
    the declaration (TDA 2024 51-A / 2026 53-A: a declaration in turn binds)."""
    from floorman.model.incidents.betting import Wager

    restriction = state.restrictions.get(getattr(incident, "seat", 0))
    if not isinstance(incident, Wager) or restriction is None or not restriction.only <= {"bet", "raise", "all-in"}:
        return incident
    if incident.declared in ("bet", "raise", "all-in", "pot"):
        return incident
    word = "raise" if state.current_bet > 0 else "bet"
    amount = incident.amount_said if incident.declared == "amount-only" else None
    return incident.model_copy(update={"declared": word, "amount_said": amount, "raise_by": False,
                                       "in_question": False, "unclear": False,
                                       "speech": "before" if incident.chips else None})


def incident_facts(situation: Situation, index: int | None) -> list[Fact]:
    """The profile and hand facts, then the facts of incident `index` alone (None: none)."""
    from floorman.engine.facts import _load_builders, hand_fact, one_incident_facts, profile_fact

    facts = [profile_fact(situation), hand_fact(situation)]
    if index is None:
        return facts
    _load_builders({situation.incidents[index].type})
    return facts + one_incident_facts(situation, index)


def _for_trace(facts: list[Fact], derived: list[Fact], index: int | None, *, first: bool) -> list[Fact]:
    """The facts of one incident's run for the trace: the profile once, and the hand as it stood
    at each later incident under its own id (`hand@1`), so every id in the trace is unique
    (incident and derived fact ids already carry the incident's index)."""
    out: list[Fact] = []
    for fact in facts:
        if fact["type"] == "profile" and not first:
            continue
        if fact["type"] == "hand" and not first:
            fact = {**fact, "id": f"hand@{index}"}
        out.append(fact)
    return out + derived


# ---------------------------------------------------------------------- effects
def apply_effect(state: HandState, ruling: Ruling, incident: Incident | None,
                 situation: Situation) -> tuple[HandState, bool]:
    """Apply a ruling's effect to the hand; the state (a new one only when board cards are
    taken back) and whether the hand is now void. Raises the state's refusal as is."""
    void = False
    for effect in ruling.effect:
        kind = effect["kind"]
        if kind == "action":
            _apply_action(state, effect)
            if effect.get("then"):
                for follow in getattr(incident, "then", ()):
                    state.apply(Action(seat=follow.seat, action=follow.action,
                                       amount=getattr(follow, "amount", None)))
        elif kind == "post":
            state.apply(Post(seat=effect["seat"], kind=effect["post"], amount=effect["to"]))
        elif kind == "kill-hand":
            _kill(state, effect["seat"])
        elif kind == "void-hand":
            void = True
        elif kind == "back-up":
            _back_up(state, incident, effect["binding"])
        elif kind == "replace-board" and effect.get("recorded"):
            state = _take_back_board(state)
        elif kind == "restrict":
            state.restrict(Restriction(seat=effect["seat"], only=frozenset(effect["only"]), rule=ruling.rule_id,
                                       until=effect["until"], at_least=effect.get("at_least")))
        elif kind == "correct-blinds":
            state = _correct_blinds(state, effect)
        elif kind == "add-chips":
            state = _add_chips(state, effect["seat"], effect["amount"])
    return state, void


_ANTES = ("ante", "big-blind-ante", "button-ante")


def _correct_blinds(state: HandState, effect: dict[str, Any]) -> HandState:
    """The hand dealt at the wrong level, on the level in force: the forced bets become the
    corrected ones (each post as far as the seat's chips go) and the hand is replayed on them,
    so that a call already made is a call of the corrected big blind (TDA 2024 23)."""
    corrected = {"small-blind": effect["small_blind"], "big-blind": effect["big_blind"],
                 **dict.fromkeys(_ANTES, effect.get("ante", state.table.forced_bets.ante))}
    forced = state.table.forced_bets.model_copy(update={
        "small_blind": effect["small_blind"], "big_blind": effect["big_blind"],
        "ante": effect.get("ante", state.table.forced_bets.ante)})
    table = state.table.model_copy(update={"forced_bets": forced})
    stacks = {seat.number: seat.stack for seat in table.seats}
    events = []
    for event in state.events:
        if isinstance(event, Post) and event.kind in corrected:
            event = event.model_copy(update={"amount": min(corrected[event.kind], stacks[event.seat])})
        events.append(event)
    return _fresh_state(table, events, state.tolerate, state.restriction_log, state.room)


def _add_chips(state: HandState, seat: int, amount: int) -> HandState:
    """`amount` more chips of `seat` play in this hand (cash in view that plays): the hand on
    the seat's corrected stack."""
    if amount <= 0 or seat not in state.seats:
        raise InvalidEvent(f"{amount} chips cannot be added to seat {seat}", field="seat")
    seats = tuple(s.model_copy(update={"stack": s.stack + amount}) if s.number == seat else s
                  for s in state.table.seats)
    table = state.table.model_copy(update={"seats": seats})
    return _fresh_state(table, state.events, state.tolerate, state.restriction_log, state.room)


def _apply_action(state: HandState, effect: dict[str, Any]) -> None:
    action = effect["action"]
    if action in ("bet", "raise"):
        # one event kind for both: the state knows whether a bet is already out
        action = "bet" if state.current_bet == 0 else "raise"
    event = Action(seat=effect["seat"], action=action, amount=effect.get("to"))
    if effect.get("as_made") and "raise-size" not in state.tolerate:
        # accepted action: the bet stands as made, below the minimum or above the pot. The hand
        # keeps tolerating it from here on, so that a replay of its events (with the state's
        # `tolerate`) accepts it too; the state lists it in `warnings`.
        state.tolerate = state.tolerate | {"raise-size"}
    state.apply(event)


def _kill(state: HandState, seat: int) -> None:
    """A dead hand: folded if it is the seat to act (the action moves on), else mucked."""
    s = state.seats.get(seat)
    if s is None or not s.live:
        return                                      # already out of the hand
    if not state.betting_complete and state.actor == seat:
        state.apply(Action(seat=seat, action="fold"))
    else:
        state.apply(Muck(seat=seat))


def _back_up(state: HandState, incident: Incident | None, binding: bool) -> None:
    """The out-of-turn action waits: the seats it skipped act as the incident says, in turn;
    then the out-of-turn action is applied in its turn if it binds (a fold binds at once)."""
    seat = getattr(incident, "seat", None)
    for follow in getattr(incident, "then", ()):
        if follow.seat == seat or state.actor != follow.seat:
            break
        state.apply(Action(seat=follow.seat, action=follow.action, amount=follow.amount))
    if not binding or seat is None:
        return
    action = incident.action                       # type: ignore[union-attr]
    if getattr(incident, "type", "") == "wager" and action != "fold":
        # chips or words out of turn that bind are ruled in the seat's turn (`turn_came_back`)
        raise InvalidEvent(f"seat {seat}'s wager out of turn binds: rule it in its turn (list the actions "
                           "before it in `then`)", field="then")
    if state.actor == seat:
        state.apply(Action(seat=seat, action=action, amount=getattr(incident, "amount", None)))
    elif action == "fold":
        _kill(state, seat)


def _take_back_board(state: HandState) -> HandState:
    """Board cards the events hold, to be dealt again (a flop dealt without a burn): the last
    board event, and a burn just before it, are taken out of the hand. (Cards the events never
    held, a premature or four-card flop, need nothing taken back.)"""
    events = list(state.events)
    if not events or not isinstance(events[-1], Board):
        raise InvalidEvent("the board cards to deal again are not the last cards dealt in the events",
                           field="events")
    events.pop()
    if events and isinstance(events[-1], Burn):
        events.pop()
    return _fresh_state(state.table, events, state.tolerate, state.restriction_log, state.room)


def pots_and_hands(state: HandState, rulings: list[Ruling] | tuple[Ruling, ...] = ()) \
        -> tuple[list[dict[str, Any]], dict[int, dict[str, Any]]]:
    """The pots as they stand; once the hand has reached a showdown with every live hand known,
    each pot's winners and shares, and each hand's best five cards and name. Hands the rulings
    killed were mucked by their effect and take no part in the award; a ruling's `award` effect
    gives the pots to its seat (see `_as_ruled`)."""
    from floorman.model.pots import pot_name

    if not state.pot:
        return [], {}
    live = state.active_seats
    known = all(state.seats[n].hole and "??" not in state.seats[n].hole for n in live) and "??" not in state.board
    finished = state.betting_complete and (len(live) == 1 or (known and _board_complete(state)))
    if not finished:
        return _as_ruled([{"name": pot_name(i), "amount": pot.amount, "eligible": list(pot.eligible)}
                          for i, pot in enumerate(state.pots())], rulings), {}
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
    return _as_ruled(pots, rulings), hands


def _as_ruled(pots: list[dict[str, Any]], rulings: list[Ruling] | tuple[Ruling, ...]) -> list[dict[str, Any]]:
    """The pots as the rulings leave them: a ruling's `award` effect (an award disputed too late
    stands) gives every pot to its seat, whatever the cards say. The pot table then agrees with
    the ruling, and keeps the cards' winners (`winners_by_cards`) and the rule (`ruled_by`)."""
    award = next(((r.rule_id, e["seat"]) for r in rulings for e in r.effect if e.get("kind") == "award"), None)
    if award is None:
        return pots
    rule_id, seat = award
    ruled = []
    for pot in pots:
        if "returned_to" in pot:           # an uncalled bet goes back to its bettor all the same
            ruled.append(pot)
            continue
        entry = {key: value for key, value in pot.items() if key not in ("winners_high", "winners_low")}
        if "winners" in pot:
            entry["winners_by_cards"] = pot["winners"]
        entry.update(winners=[seat], shares={str(seat): pot["amount"]}, ruled_by=rule_id)
        ruled.append(entry)
    return ruled


def _board_complete(state: HandState) -> bool:
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


def make_ruling(rule: Rule, scope: dict[str, dict[str, Any]], matched: dict[str, str], edition: str,
                incident: int | None = None) -> Ruling:
    conclusion = rule.ruling
    assert conclusion is not None
    params: dict[str, Any] = {}
    for name, expression in conclusion.params.items():
        params[name] = evaluate(expression, {**scope, "ruling": params})
    effect = tuple(resolve_effect(e, {**scope, "ruling": params}) for e in conclusion.effect)
    return Ruling(incident=incident, effect=effect, edition=edition,
        rule_id=rule.id, rule_name=rule.name, title=rule.title, category=rule.category,
        decision=conclusion.decision, params=params, citations=tuple(rule.citations_for(edition)),
        # a seat number by the rule's expression (evaluate's type is any of int, str and bool)
        dead_seat=evaluate(conclusion.dead_hand, {**scope, "ruling": params}) if conclusion.dead_hand else None,  # type: ignore[arg-type]
        explanation=render(conclusion.explanation, scope, params),
        steps=tuple(render(step, scope, params) for step in conclusion.steps),
        subject=rule.subject or rule.id, priority=rule.priority, matched=matched)


_PROFILE_READ = re.compile(r"\bprofile\.([a-z_][a-z0-9_]*)")


def options_applied(rule: Rule, profile: dict[str, Any], rulebook: Rulebook) -> tuple[tuple[str, Any], ...]:
    """The room options a ruling rests on, as (name, value) under the profile ruled: the options
    its `when:` tests on the profile fact and those its conclusion reads (`profile.X`), in the
    order written; first ("profile", ...) when the rule is listed for some profiles only."""
    names: list[str] = [c.field for p in rule.when if p.fact == "profile" for c in p.where]
    conclusion = rule.ruling
    if conclusion is not None:
        texts = [*conclusion.params.values(), conclusion.explanation, *conclusion.steps,
                 conclusion.dead_hand or ""]
        texts += [text for effect in conclusion.effect for text in effect.expressions().values()]
        names += [name for text in texts for name in _PROFILE_READ.findall(str(text))]
    applied: list[tuple[str, Any]] = []
    if "all" not in rule.profiles:
        applied.append(("profile", ", ".join(rule.profiles)))
    for name in dict.fromkeys(names):          # once each, in order
        if name in rulebook.option_specs and name in profile:
            applied.append((name, profile[name]))
    return tuple(applied)


def caveats_of(applied: tuple[tuple[str, Any], ...], rulebook: Rulebook, profile: str) -> tuple[str, ...]:
    """"2026 text not verified" for each 2026 change a TDA-profile ruling rests on (the change is
    known from a paraphrase of the 2026 text only)."""
    from floorman.ruling import is_tda_profile

    if not is_tda_profile(profile):
        return ()
    out = []
    for name, value in applied:
        spec = rulebook.option_specs.get(name)
        if spec is not None and spec.unverified(value):
            out.append(f"2026 text not verified: {name} rests on TDA 2026 {spec.source.rule}, known only "
                       "from a paraphrase of the 2026 rules")
    return tuple(out)


def new_in_2026(rule: Rule, profile: str) -> tuple[str, ...]:
    """A TDA-profile ruling resting on a 2026 rule known only from the paraphrase, with no 2024
    rule under it (new 2026 rules such as 7, 22 and 73): "2026 text not verified"."""
    from floorman.ruling import is_tda_profile

    basis = [c for c in rule.citations if c.source == "TDA" and c.role == "basis"]
    if not is_tda_profile(profile) or any(c.edition == "2024" for c in basis):
        return ()
    unread = [c.rule for c in basis if c.edition == "2026"]       # never read in the original
    if not unread:
        return ()
    return (f"2026 text not verified: rests on TDA 2026 {', '.join(str(r) for r in unread)}, known from others' "
            "reading of the 2026 rules, with no 2024 rule under it",)


def resolve_effect(effect: Any, scope: dict[str, Any]) -> dict[str, Any]:
    """The effect with its expressions worked out: seat and amount as ints, binding as a bool."""
    resolved: dict[str, Any] = {"kind": effect.kind}
    if effect.seat is not None:
        resolved["seat"] = evaluate(effect.seat, scope)
    if effect.action is not None:
        resolved["action"] = effect.action
    if effect.post is not None:
        resolved["post"] = effect.post
    if effect.to is not None:
        resolved["to"] = evaluate(effect.to, scope)
    if effect.then:
        resolved["then"] = True
    if effect.as_made:
        resolved["as_made"] = True
    if effect.recorded:
        resolved["recorded"] = True
    if effect.kind == "back-up":
        binding = effect.binding
        resolved["binding"] = bool(evaluate(binding, scope) if isinstance(binding, str) else binding)
    for name in ("small_blind", "big_blind", "ante", "amount"):
        if getattr(effect, name) is not None:
            resolved[name] = evaluate(getattr(effect, name), scope)
    if effect.why is not None:
        resolved["why"] = effect.why
    if effect.kind == "restrict":
        resolved["only"] = list(effect.only)
        resolved["until"] = effect.until
        if effect.at_least is not None:
            resolved["at_least"] = evaluate(effect.at_least, scope)
    return resolved


def render(template: str, scope: dict[str, dict[str, Any]], params: dict[str, Any]) -> str:
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


def _compatible(rulebook: Rulebook, first: str, second: str) -> bool:
    return second in rulebook.rules[first].compatible_with or first in rulebook.rules[second].compatible_with


def settle(candidates: list[Ruling], rulebook: Rulebook) -> tuple[list[Ruling], dict[str, str], list[str]]:
    """Keep one ruling per subject by the precedence above; say who beat whom, and name any
    conflict the rulebook left undeclared (same priority, no override, different decisions)."""
    by_subject: dict[tuple[str, tuple[str, ...]], list[Ruling]] = {}
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
        # rules declared compatible with the winner rule too: both rulings stand
        agreeing = [r for r in contenders[1:] if _compatible(rulebook, winner.rule_id, r.rule_id)]
        for other in contenders[1:]:
            if other in agreeing:
                continue
            if other.priority == winner.priority and (other.decision, other.params) != (winner.decision,
                                                                                      winner.params):
                conflicts.append(f"{winner.rule_id} and {other.rule_id} both decide {winner.subject!r} "
                                 f"at priority {winner.priority} with no override between them")
        standing = {winner.rule_id} | {r.rule_id for r in agreeing}
        losers = tuple(r.rule_id for r in group if r.rule_id not in standing)
        for loser in losers:
            beaten[loser] = winner.rule_id
        kept.append(Ruling(**{**winner.__dict__, "overridden": losers}))
        kept += agreeing
    order = [c.rule_id for c in candidates]
    kept.sort(key=lambda r: order.index(r.rule_id))
    return kept, beaten, conflicts
