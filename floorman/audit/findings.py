"""Audit one hand history: replay it strictly and sort what the replay found into four classes.

Classes (one per hand, the worst finding decides):
- `irregular`: a TDA violation by the people at the table (an action out of turn, a duplicate card,
  a wrong award, a pot awarded without a showdown, a betting departure in a live game);
- `incomplete`: the history cannot be checked to the end (hands shown as `????`, a history that
  stops mid-street);
- `departure`: what an online site's software allowed and the TDA does not (a raise of the wrong
  size, a raise when betting was not reopened, a raise after the cap, the rake): reported, tolerated;
- `clean`.

Nothing is repaired: the replay (floorman.phh.replay_hand) stops at the first action the state
refuses, and each tolerated departure is a finding of its own.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from functools import lru_cache
from typing import Any

from floorman.model.cards import UNKNOWN
from floorman.model.events import Muck, Show
from floorman.model.table import BettingStructure
from floorman.phh import SITE_DEPARTURES, PhhHand, replay_hand

CLEAN, IRREGULAR, DEPARTURE, INCOMPLETE = "clean", "irregular", "departure", "incomplete"
#: The classes, worst first: a hand takes the worst class among its findings.
CLASSES = (IRREGULAR, INCOMPLETE, DEPARTURE, CLEAN)

#: Finding kind -> the rule that rules on it (its title and first citation are reported).
RULES: dict[str, str] = {
    "out-of-turn": "ACT-OOT-BACK-UP",
    "raise-size": "ACT-MIN-RAISE-ANSWER",
    "raise-size-limit": "ACT-LIMIT-BET-SIZE",
    "raise-size-pot-limit": "ACT-POT-LIMIT-MAX-ANSWER",
    "not-reopened": "ACT-RAISE-NOT-REOPENED",
    "cap": "ACT-CAP-REACHED",
    "duplicate-card": "DECK-FOULED-BETS-RETURNED",
    "wrong-award": "SD-AWARD-ERROR-CORRECTED",
    "no-showdown": "SD-TABLE-ALL-CARDS",
}


@dataclass(frozen=True, slots=True)
class Finding:
    kind: str                     # out-of-turn, raise-size, not-reopened, cap, duplicate-card, ...
    cls: str                      # irregular, departure or incomplete
    message: str
    action_index: int | None = None
    action: str | None = None
    rule: str | None = None       # the ruling's rule id
    ruling: str | None = None     # the rule's title: what the floor rules
    citation: str | None = None   # e.g. "TDA 2024 Rule 43-A"


@dataclass(slots=True)
class HandAudit:
    hand: str                     # file[section]
    file: str
    section: str | None
    variant: str
    cls: str
    findings: list[Finding] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"hand": self.hand, "file": self.file, "section": self.section, "variant": self.variant,
                "class": self.cls,
                "findings": [{("class" if k == "cls" else k): v for k, v in asdict(f).items()}
                             for f in self.findings]}


@lru_cache(maxsize=1)
def _rule_texts() -> dict[str, tuple[str, str]]:
    """rule id -> (title, first citation), read once per process from the bundled rulebook."""
    from floorman.rulebook.loader import load_rulebook

    rules = load_rulebook().rules
    out = {}
    for rule_id in set(RULES.values()):
        rule = rules.get(rule_id)
        if rule is None:
            continue
        cite = ""
        if rule.citations:
            c = rule.citations[0]
            where = f"Rule {c.rule}" if c.rule else (c.section or "")
            cite = " ".join(part for part in (c.source, c.edition, where) if part)
        out[rule_id] = (rule.title, cite)
    return out


def _finding(kind: str, cls: str, message: str, hand: PhhHand | None = None, action_index: int | None = None,
             rule_kind: str | None = None) -> Finding:
    rule_id = RULES.get(rule_kind or kind)
    title, cite = _rule_texts().get(rule_id, (None, None)) if rule_id else (None, None)
    action = hand.actions[action_index] if hand is not None and action_index is not None \
        and action_index < len(hand.actions) else None
    return Finding(kind, cls, message, action_index, action, rule_id, title, cite)


def is_live(hand: PhhHand) -> bool:
    """A hand dealt by a dealer (a named event: WSOP, a televised game) rather than by a site's
    software: there a betting departure is the table's error, not the site's rule."""
    return bool(hand.fields.get("event")) and not hand.fields.get("online")


def audit_hand(hand: PhhHand) -> HandAudit:
    """Replay one hand strictly and classify it."""
    report = replay_hand(hand, tolerate=SITE_DEPARTURES)
    state = report.state
    findings: list[Finding] = []
    live = is_live(hand)
    betting = hand.table.structure.betting

    for warning in report.warnings:
        index = report.warning_action(warning)
        rule_kind = warning.code
        if warning.code == "raise-size":
            if betting is BettingStructure.FIXED_LIMIT:
                rule_kind = "raise-size-limit"
            elif betting is BettingStructure.POT_LIMIT:
                rule_kind = "raise-size-pot-limit"
        where = "the dealer allowed it" if live else "the site's software allowed it"
        findings.append(_finding(warning.code, IRREGULAR if live else DEPARTURE,
                                 f"{warning.message} ({where})", hand, index, rule_kind))

    for irregularity in report.irregularities:
        index = irregularity.action_index
        if irregularity.kind == "out-of-turn":
            findings.append(_finding("out-of-turn", IRREGULAR, irregularity.message, hand, index))
        elif irregularity.kind == "invalid":
            kind = "duplicate-card" if "dealt twice" in irregularity.message else "invalid-action"
            findings.append(_finding(kind, IRREGULAR, irregularity.message, hand, index))
        elif irregularity.kind == "incomplete":
            findings.append(_finding("stops-mid-hand", INCOMPLETE, f"the history stops: {irregularity.message}"))
        else:   # unresolved: a contested pot nobody can be awarded
            shown_unknown = {hand.seat_of(int(a.split()[0][1:])) for a in hand.actions
                             if a.split()[1:] == ["sm", "????"]}
            unknown = sorted(n for n in state.active_seats if UNKNOWN in state.seats[n].hole or n in shown_unknown)
            if unknown:
                findings.append(_finding("cards-unknown", INCOMPLETE, f"{irregularity.message}: the history shows "
                                         f"seat{'s' if len(unknown) > 1 else ''} {', '.join(map(str, unknown))} "
                                         f"as ????"))
            elif _recorded_award(hand):
                findings.append(_finding("no-showdown", IRREGULAR, f"{irregularity.message}, yet the history "
                                         "records it awarded"))
            else:
                findings.append(_finding("stops-before-showdown", INCOMPLETE, irregularity.message))

    unshown: list[int] = []
    if report.result is not None and not report.irregularities:
        unshown = _not_shown(hand, report.result.pots)
        if unshown:
            # the replay can read the hole cards, but no one tabled them: nothing was shown down
            seats = ", ".join(map(str, unshown))
            if _recorded_award(hand):
                findings.append(_finding("no-showdown", IRREGULAR, f"a contested pot was awarded, yet seat"
                                         f"{'s' if len(unshown) > 1 else ''} {seats} never tabled a hand"))
            else:
                findings.append(_finding("stops-before-showdown", INCOMPLETE, f"the history stops before the "
                                         f"showdown: seat{'s' if len(unshown) > 1 else ''} {seats} never "
                                         "showed or mucked"))
    if report.result is not None and not report.irregularities and not unshown:
        findings.extend(_check_stacks(hand, dict(report.result.final_stacks), report.result.awards))

    cls = next((c for c in CLASSES[:-1] if any(f.cls == c for f in findings)), CLEAN)
    return HandAudit(hand.label, hand.source, hand.section, hand.variant_code, cls, findings)


def _not_shown(hand: PhhHand, pots: Any) -> list[int]:
    """Seats contesting a pot at the end that neither showed nor mucked."""
    contesting = {seat for pot in pots if len(pot.eligible) > 1 for seat in pot.eligible}
    if not contesting:
        return []
    shown = {event.seat for event in hand.events if isinstance(event, (Show, Muck))}
    return sorted(contesting - shown)


def _recorded_award(hand: PhhHand) -> bool:
    winnings = hand.fields.get("winnings")
    return hand.finishing_stacks is not None or (isinstance(winnings, list) and any(winnings))


def _check_stacks(hand: PhhHand, replayed: dict[int, int], awards: Any) -> list[Finding]:
    """The recorded finishing stacks against the replay's: the rake, or a wrong pot or award."""
    recorded = hand.finishing_stacks
    if recorded is None or hand.unknown_stacks:
        return []
    diff = {seat: recorded[seat] - replayed.get(seat, 0) for seat in recorded if recorded[seat] != replayed.get(seat, 0)}
    if not diff:
        return []
    winners = {seat for award in awards for seat, share in award.shares.items() if share > 0}
    money = ", ".join(f"seat {seat} {'+' if d > 0 else ''}{hand.format_amount(d)}" for seat, d in sorted(diff.items()))
    if all(d < 0 for d in diff.values()) and set(diff) <= winners:
        # the site kept part of the pot: the winners' recorded stacks are short by the rake
        rake = -sum(diff.values())
        return [_finding("rake", DEPARTURE, f"the site took {hand.format_amount(rake)} in rake from the pot "
                         f"(recorded finishing stacks: {money})")]
    return [_finding("wrong-award", IRREGULAR, f"the recorded finishing stacks differ from the replay's: {money}")]
