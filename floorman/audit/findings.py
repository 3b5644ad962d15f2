"""Audit one hand history: replay it strictly and sort what the replay found into classes.

Classes (one per hand, the worst finding decides):
- `irregular`: a TDA violation by the people at the table (an action out of turn, a duplicate card,
  a wrong award, a pot awarded without a showdown, a betting departure in a live game);
- `incomplete`: the history cannot be checked to the end (hands shown as `????`, a history that
  stops mid-street, finishing stacks that cannot be compared);
- `departure`: what an online site's software allowed and the TDA does not (a raise of the wrong
  size, a raise when betting was not reopened, a raise after the cap, the rake, an odd chip cut in
  two): reported, tolerated;
- `clean`.
A hand or file that cannot be read at all is a result of its own class, `unreadable`
(`unreadable()`, made by floorman.audit.run).

Nothing is repaired: the replay (floorman.phh.replay_hand) stops at the first action the state
refuses, and each tolerated departure is a finding of its own.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from decimal import Decimal
from functools import lru_cache
from typing import Any

from floorman.errors import FloormanError
from floorman.model.cards import UNKNOWN
from floorman.model.events import Muck, Show
from floorman.model.pots import pot_name
from floorman.model.table import BettingStructure
from floorman.phh import SITE_DEPARTURES, PhhHand, replay_hand

CLEAN, IRREGULAR, DEPARTURE, INCOMPLETE = "clean", "irregular", "departure", "incomplete"
UNREADABLE = "unreadable"
#: The classes, worst first: a hand takes the worst class among its findings (an unreadable
#: result has no other finding).
CLASSES = (IRREGULAR, UNREADABLE, INCOMPLETE, DEPARTURE, CLEAN)

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
    "odd-chip": "SD-ODD-CHIP-LEFT-OF-BUTTON",
    "odd-chip-stud": "SD-ODD-CHIP-HIGH-CARD-BY-SUIT",
}


@dataclass(frozen=True, slots=True)
class Finding:
    kind: str                     # out-of-turn, raise-size, not-reopened, cap, duplicate-card, ...
    cls: str                      # irregular, departure, incomplete or unreadable
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
    variant: str                  # "" when unreadable
    cls: str
    findings: list[Finding] = field(default_factory=list)
    line: int | None = None       # the hand's first line in the file (unreadable: where it went wrong)

    def to_json(self) -> dict[str, Any]:
        return {"hand": self.hand, "file": self.file, "section": self.section, "line": self.line,
                "variant": self.variant, "class": self.cls,
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


def unreadable(source: str, section: str | None, line: int | None, reason: str) -> HandAudit:
    """The result for a file or hand that cannot be read: where, and why."""
    label = f"{source}[{section}]" if section is not None else source
    return HandAudit(label, source, section, "", UNREADABLE, [Finding("unreadable", UNREADABLE, reason)], line)


def reason(error: FloormanError) -> str:
    """An error as an unreadable result's reason: the field and the message (file and line are
    the result's own)."""
    text = f"{error.field}: {error.message}" if error.field else error.message
    return text + (f" (expected {error.expected})" if error.expected else "")


def audit_hand(hand: PhhHand, line: int | None = None) -> HandAudit:
    """Replay one hand strictly and classify it (`line`: where the hand starts in its file)."""
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
                findings.append(_finding("cards-unknown", INCOMPLETE, f"{_unawarded(hand, state)}: the history "
                                         f"shows seat{'s' if len(unknown) > 1 else ''} "
                                         f"{', '.join(map(str, unknown))} as ????"))
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
        findings.extend(_check_stacks(hand, dict(report.result.final_stacks), report.result.awards, live))

    cls = next((c for c in CLASSES[:-1] if any(f.cls == c for f in findings)), CLEAN)
    return HandAudit(hand.label, hand.source, hand.section, hand.variant_code, cls, findings, line)


def _unawarded(hand: PhhHand, state: Any) -> str:
    """The contested pots no shown hand can win, in the file's units (a dollar hand read in cents
    says $14.00 as 14.00, never 1,400)."""
    pots = [(index, pot) for index, pot in enumerate(state.pots()) if len(pot.eligible) > 1]
    return "; ".join(f"the {pot_name(index)} ({hand.format_amount(pot.amount)}) is contested by seats "
                     f"{', '.join(map(str, pot.eligible))} but none of their hands was tabled: nobody can be "
                     "awarded it" for index, pot in pots)


def _not_shown(hand: PhhHand, pots: Any) -> list[int]:
    """Seats contesting a pot at the end that neither showed nor mucked."""
    contesting = {seat for pot in pots if len(pot.eligible) > 1 for seat in pot.eligible}
    if not contesting:
        return []
    shown = {event.seat for event in hand.events if isinstance(event, (Show, Muck))}
    return sorted(contesting - shown)


def _recorded_award(hand: PhhHand) -> bool:
    winnings = hand.fields.get("winnings")
    return hand.fields.get("finishing_stacks") is not None or (isinstance(winnings, list) and any(winnings))


def _check_stacks(hand: PhhHand, replayed: dict[int, int], awards: Any, live: bool) -> list[Finding]:
    """The recorded finishing stacks against the replay's: the rake, an odd chip cut in two, or a
    wrong pot or award. Stacks recorded in a shape that cannot be compared are a finding too."""
    raw = hand.fields.get("finishing_stacks")
    if raw is None or hand.unknown_stacks:
        return []
    recorded = _recorded_chips(hand, raw)
    if recorded is None:
        return [_finding("bad-finishing-stacks", INCOMPLETE, "the recorded finishing stacks cannot be "
                         f"compared with the replay: expected {len(hand.seats)} amounts, one per player, got "
                         f"{_shown(raw)}")]
    diff = {seat: recorded[seat] - replayed.get(seat, 0) for seat in recorded
            if recorded[seat] != replayed.get(seat, 0)}
    if not diff:
        return []
    winners = {seat for award in awards for seat, share in award.shares.items() if share > 0}
    money = ", ".join(f"seat {seat} {'+' if d > 0 else ''}{_amount(hand, d)}" for seat, d in sorted(diff.items()))
    odd = _odd_chip_cut(hand, diff, awards, live)
    if odd is not None:
        return [odd]
    if all(d < 0 for d in diff.values()) and set(diff) <= winners:
        # the site kept part of the pot: the winners' recorded stacks are short by the rake
        rake = -sum(diff.values())
        return [_finding("rake", DEPARTURE, f"the site took {_amount(hand, rake)} in rake from the pot "
                         f"(recorded finishing stacks: {money})")]
    return [_finding("wrong-award", IRREGULAR, f"the recorded finishing stacks differ from the replay's: {money}")]


def _recorded_chips(hand: PhhHand, raw: Any) -> dict[int, Decimal | int] | None:
    """The recorded finishing stacks by seat, in chips (a fraction of a chip kept), or None when
    they are not one finite amount per player."""
    if not isinstance(raw, list) or len(raw) != len(hand.seats):
        return None
    out: dict[int, Decimal | int] = {}
    for seat, value in zip(hand.seats, raw):
        if isinstance(value, bool) or not isinstance(value, (int, Decimal)) or \
                (isinstance(value, Decimal) and not value.is_finite()):
            return None
        chips = value * hand.scale
        out[seat] = int(chips) if chips == int(chips) else chips
    return out


def _odd_chip_cut(hand: PhhHand, diff: dict[int, Any], awards: Any, live: bool) -> Finding | None:
    """A split pot whose odd chip the record shares out in fractions among the winners, where the
    TDA (2024 20-A, 2026 21-A) gives the whole chip to one of them: the site's own rule when its
    software dealt the hand (Pluribus splits it in halves), the dealer's error in a live game."""
    if sum(diff.values()) != 0 or all(d == int(d) for d in diff.values()):
        return None
    for award in awards:
        if not award.odd_chips or not set(diff) <= set(award.shares):
            continue
        given = ", ".join(f"seat {seat}" for seat in sorted(award.odd_chips))
        stud = hand.table.variant.family == "stud"
        basis = "the best high card by suit" if stud else "the first winner left of the button"
        who = "the dealer" if live else "the site's software"
        shares = ", ".join(f"seat {seat} {_amount(hand, d, signed=True)}" for seat, d in sorted(diff.items()))
        return _finding("odd-chip", IRREGULAR if live else DEPARTURE,
                        f"{who} shared the odd chip of the split {hand.format_amount(award.amount)} pot out in "
                        f"fractions (against the replay: {shares}); the TDA gives it whole to {given}, {basis}",
                        rule_kind="odd-chip-stud" if stud else "odd-chip")
    return None


def _amount(hand: PhhHand, chips: Any, *, signed: bool = False) -> str:
    """Chips (perhaps a fraction of one) in the file's units."""
    sign = "+" if signed and chips > 0 else ""
    if chips == int(chips):
        return sign + hand.format_amount(int(chips))
    return sign + f"{Decimal(chips) / hand.scale:,f}"


def _shown(raw: Any) -> str:
    text = repr(raw)
    return text if len(text) <= 80 else text[:77] + "..."
