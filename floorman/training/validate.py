"""The quiz's validator: every generated question is checked before it is shown, and refused (the
generator draws again) when any check fails. The tests use the same code.

Checks, each named as the generator's refusal counts name them:

- `deal`: a card's place in the deal goes to the seat the question says (the deal starts left of
  the button, one card a seat, the button last);
- `chips`: every chip is one the table plays with (its listed chips, else the usual set for the
  hand's amounts), a push states the sum of its chips, and the first motion is part of the push;
- `stacks`: every stack and amount is a whole, finite number a table could hold (no history's
  `inf` sentinel, nothing beyond 10,000 big blinds);
- `self-contained`: a question that refers to an earlier one ("As before...") comes just after it;
- `answer`: the situation, ruled again from scratch, gives the marked answer (or the number);
- `distractors`: each wrong choice is what its named mistake gives on this hand, none is the
  answer in other words (an amount of the same value, a decision of the same meaning), no two
  are alike; each number trap is what its mistake gives;
- `kind`: each wrong choice answers the same question as the answer (kinds.py);
- `wording`: nothing the trainee reads holds an engine name (`decided_by`), a template's braces
  or a Python value.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from floorman.training.chipset import table_chips
from floorman.training.wording import ENGINE_WORDS, chip_groups

CHECKS = ("deal", "chips", "stacks", "self-contained", "answer", "distractors", "kind", "wording")
#: the most a stack or amount may be, in big blinds (the shipped histories stay under 1,300)
PLAUSIBLE_BIG_BLINDS = 10_000
#: words that refer to another question
BACK_REFERENCE = re.compile(r"(?:^|[.!?]\s+)(?:as before|as in|(?:the\s+)?same)\b|\bthe (?:previous|last) question\b",
                            re.IGNORECASE)
_NUMBER = re.compile(r"\d{1,3}(?:,\d{3})+|\d+")


@dataclass(frozen=True)
class Problem:
    check: str
    detail: str

    def __str__(self) -> str:
        return f"{self.check}: {self.detail}"


def case_of(question: Any) -> Any:
    """The mistakes' view of a question: the hand before the dispute, the incident, and what the
    dispute was ruled on (the one the generator made, else made here)."""
    from floorman.training.kinds import dispute_facts
    from floorman.training.mistakes import Case

    made = getattr(question, "case", None)
    if made is not None:
        return made
    index = len(question.situation.incidents) - 1
    return Case(question.situation, question.state, question.situation.incidents[index], question.ruling,
                dispute_facts(question.report, index), getattr(question, "number_param", None))


def problems(question: Any, *, floor: Any, previous: Any = None, checks: Iterable[str] = CHECKS) -> list[Problem]:
    """What is wrong with `question` (asked just after `previous`): nothing, or one Problem per failure."""
    found: list[Problem] = []
    case = None
    for check in checks:
        if check in ("distractors", "kind") and case is None:
            case = case_of(question)
        if check == "deal":
            details = deal_problems(question.situation, question.prompt)
        elif check == "chips":
            details = chip_problems(question)
        elif check == "stacks":
            details = stack_problems(question)
        elif check == "self-contained":
            details = reference_problems(question, previous)
        elif check == "answer":
            details = answer_problems(question, floor)
        elif check == "distractors":
            details = distractor_problems(question, case)
        elif check == "kind":
            details = kind_problems(question, case)
        elif check == "wording":
            details = wording_problems(question)
        else:
            raise ValueError(f"unknown check {check!r} (one of {', '.join(CHECKS)})")
        found += [Problem(check, detail) for detail in details]
    return found


# ----------------------------------------------------------------------------- the checks
def deal_problems(situation: Any, prompt: str = "") -> list[str]:
    """Each card the dealer exposed during the deal is, by its place off the deck, one the seat named
    was dealt; and each card the question places ('the 4th card off the deck, seat 8's') goes there."""
    out = []
    table = situation.table
    order = deal_sequence(table)
    dealt = len(order) * table.variant.hole_cards
    for incident in situation.incidents:
        positions = getattr(incident, "deal_positions", ()) or ()
        if not positions:
            continue
        out += [f"card {place} of the deal: only {dealt} cards are dealt to {len(order)} players"
                for place in positions if place > dealt]
        seats = {order[(place - 1) % len(order)] for place in positions}
        if incident.seat not in seats:
            out.append(f"card {positions[0]} of the deal goes to seat {order[(positions[0] - 1) % len(order)]}"
                       f"{_button(table)}, not to seat {incident.seat}")
    for match in DEAL_PLACE.finditer(prompt):
        place, seat = (int(g) for g in match.groups() if g)
        if place > dealt or order[(place - 1) % len(order)] != seat:
            out.append(f"the question gives card {place} of the deal to seat {seat}{_button(table)}")
    return out


#: how a question places a card in the deal: 'the 4th card off the deck, seat 8's first card',
#: 'the 5th card off the deck (to seat 5)', 'card 1 of the deal, to seat 6'
DEAL_PLACE = re.compile(r"(\d+)(?:st|nd|rd|th) card off the deck(?:, | \(to )seat (\d+)|card (\d+) of the deal, to "
                        r"seat (\d+)|dealt (\d+)(?:st|nd|rd|th) off the deck, to seat (\d+)")


def deal_sequence(table: Any) -> list[int]:
    """The seats dealt in, in the order the deal reaches them: from the button's left, the button
    last (a game without a button, stud, from seat 1)."""
    from floorman.engine.facts import deal_order

    seats = sorted(seat.number for seat in table.seats if not seat.sitting_out)
    return deal_order(seats, table.button) if table.button is not None else seats


def _button(table: Any) -> str:
    return f" (button seat {table.button})" if table.button is not None else ""


def chip_problems(question: Any) -> list[str]:
    situation = question.situation
    chips = table_chips(situation.table, situation.events)
    shown = ", ".join(f"{c:,}" for c in chips)
    out = []
    for incident in situation.incidents:
        for name in ("chips", "prior_chips", "first_motion_chips", "pulled_back"):
            pushed = getattr(incident, name, None)
            for chip in pushed if isinstance(pushed, tuple) else ():
                if chip not in chips:
                    out.append(f"a {chip:,} chip: the table plays with {shown}")
        first = getattr(incident, "first_motion_chips", None)
        if first and Counter(first) - Counter(getattr(incident, "chips", ()) or ()):
            out.append(f"the first motion's chips {list(first)} are not among the chips pushed")
    for values, total in chip_groups(question.prompt):
        out += [f"the question names a {value:,} chip: the table plays with {shown}" for value in values
                if value not in chips]
        if total is not None and total != sum(values):
            out.append(f"the question says {total:,} in all for chips that make {sum(values):,}")
    for value in re.findall(r"chips of ([\d,]+)", question.prompt):
        if int(value.replace(",", "")) not in chips:
            out.append(f"the question names chips of {value}: the table plays with {shown}")
    if situation.table.chip_denominations:
        unit = min(chips)
        amounts = [getattr(e, "amount", None) for e in situation.events if getattr(e, "type", "") == "action"]
        amounts += [getattr(i, name, None) for i in situation.incidents if i.type != "cash-on-table"
                    for name in _CHIP_AMOUNTS]
        out += [f"{amount:,} cannot be made of chips of {unit:,} and up" for amount in amounts
                if isinstance(amount, int) and not isinstance(amount, bool) and amount % unit]
    return out


#: incident fields that are amounts of chips (cash on the table is money, not chips)
_CHIP_AMOUNTS = ("amount", "stack", "left_with", "taken", "pot", "cap")


def stack_problems(question: Any) -> list[str]:
    from floorman.phh import UNKNOWN_STACK

    table = question.situation.table
    big = table.forced_bets.big_blind or table.structure.small_bet or table.forced_bets.bring_in or 1
    most = min(UNKNOWN_STACK - 1, PLAUSIBLE_BIG_BLINDS * big)
    out = []
    for seat in table.seats:
        if not isinstance(seat.stack, int) or not 0 <= seat.stack <= most:
            out.append(f"seat {seat.number}'s stack of {seat.stack:,} is not one a table holds (most "
                       f"{most:,}: {PLAUSIBLE_BIG_BLINDS:,} big blinds)")
    amounts = [question.number_answer] if question.number_answer is not None else []
    amounts += [int(n.replace(",", "")) for text in visible_text(question) for n in _NUMBER.findall(text)]
    out += [f"the amount {n:,} is beyond what a table holds (most {most:,})" for n in amounts if n > most]
    return out


def reference_problems(question: Any, previous: Any) -> list[str]:
    match = BACK_REFERENCE.search(question.prompt)
    if match is None:
        return []
    follows = getattr(question, "follows", None)
    if follows is None:
        return [f"'{match.group(0)}' refers to an earlier question the question does not name"]
    if previous is None or getattr(previous, "key", None) != follows:
        return [f"'{match.group(0)}' refers to {follows}, which is not the question just before"]
    return []


def answer_problems(question: Any, floor: Any) -> list[str]:
    """Rule the situation again, from a copy, and compare with what the question marks."""
    from floorman.engine.facts import Situation
    from floorman.errors import FloormanError
    from floorman.training.question import answer_of

    s = question.situation
    # a situation asked again (a bundled ruling) is ruled again once: its ruling cannot change
    again_by = floor.__dict__.setdefault("_quiz_ruled_again", {})
    cached = again_by.get(id(s))
    if cached is not None and cached[0] is s:
        report = cached[1]
    else:
        try:
            report = floor.rule(Situation(s.table, list(s.events), list(s.incidents), s.profile, dict(s.options)))
        except FloormanError as error:
            return [f"the situation cannot be ruled again: {error}"]
        if question.source.startswith(("scenario:", "set:")):
            again_by[id(s)] = (s, report)
    rulings = [r for r in report.rulings_on(len(s.incidents) - 1) if r.subject == question.ruling.subject]
    if not rulings:
        return [f"ruled again, the situation gives no ruling on {question.ruling.subject}"]
    again = rulings[0]
    out = []
    if (again.rule_id, again.decision, again.params) != (question.ruling.rule_id, question.ruling.decision,
                                                        question.ruling.params):
        out.append(f"ruled again: {again.rule_id} {again.decision}, not {question.ruling.rule_id} "
                   f"{question.ruling.decision}")
    if question.kind == "number":
        param = getattr(question, "number_param", None) or (question.number_label or "").replace(" ", "_")
        if again.params.get(param) != question.number_answer:
            out.append(f"ruled again, {param} is {again.params.get(param)!r}, not {question.number_answer}")
        return out
    marked = [c for c in question.choices if c.correct]
    right = answer_of(again)
    if len(marked) != 1 or marked[0].text != right.text:
        out.append(f"the choice marked right is not the ruling ({right.text})")
    return out


def distractor_problems(question: Any, case: Any) -> list[str]:
    from floorman.training.families import MISTAKES
    from floorman.training.question import answer_of

    right = answer_of(question.ruling)
    out = []
    if question.kind == "number":
        for value, name in question.traps.items():
            if name not in MISTAKES:
                out.append(f"the trap {value:,} names no known mistake ({name})")
            elif MISTAKES[name].wrong_number(case) != value or value == question.number_answer:
                out.append(f"the trap {value:,} is not what '{name}' gives here, or is the answer")
        return out
    seen: list[Any] = []
    for choice in question.choices:
        if choice.correct:
            continue
        if choice.mistake not in MISTAKES:
            out.append(f"'{choice.text}' names no known mistake ({choice.mistake})")
            continue
        derived = MISTAKES[choice.mistake].derive(case)
        if derived is None or derived.text != choice.text:
            out.append(f"'{choice.text}' is not what '{choice.mistake}' gives on this hand "
                       f"({derived.text if derived else 'nothing'})")
            continue
        if derived.same_as(right):
            out.append(f"'{choice.text}' ({choice.mistake}) is the answer in other words")
        if any(derived.same_as(other) for other in seen):
            out.append(f"'{choice.text}' says what another choice says")
        seen.append(derived)
    return out


def kind_problems(question: Any, case: Any) -> list[str]:
    return [f"'{choice.text}' ({choice.mistake}) answers another question" for choice in other_kind(question, case)]


def other_kind(question: Any, case: Any) -> list[Any]:
    """The wrong choices that answer another question than the ruling does (kinds.py)."""
    from floorman.training.families import MISTAKES

    if question.kind != "choice":
        return []
    decisions = case.kinds
    out = []
    for choice in question.choices:
        if choice.correct:
            continue
        # not .get(): the catalogue makes `as-if:` mistakes on first lookup (__missing__), which .get skips
        mistake = MISTAKES[choice.mistake] if choice.mistake in MISTAKES else None  # noqa: SIM401
        derived = mistake.derive(case) if mistake is not None else None
        answers = getattr(mistake, "answers", ())
        if derived is None or not (derived.decision in decisions or question.ruling.subject in answers):
            out.append(choice)
    return out


def visible_text(question: Any) -> list[str]:
    """Everything a trainee reads before answering: the question, the choices, the number's label."""
    return [question.prompt, *(c.text for c in question.choices), question.number_label or ""]


def wording_problems(question: Any) -> list[str]:
    from floorman.training.families import MISTAKES

    texts = visible_text(question)
    case = None
    for choice in question.choices:
        if choice.mistake in MISTAKES:
            case = case or case_of(question)
            texts.append(MISTAKES[choice.mistake].feedback(case))
    return [f"{match.group(0)!r} in {text[:60]!r}" for text in texts for match in ENGINE_WORDS.finditer(text)]
