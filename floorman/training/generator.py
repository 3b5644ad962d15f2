"""`generate` and `grade`: quiz questions drawn from the templates, the shipped real hands and the
bundled rulings, each answered by the engine (Floor.rule) and offered with the common mistakes
that are wrong in that hand and answer the same question.

Sources rotate (template, real hand, bundled ruling) and each source walks its families in a
seeded, shuffled round-robin, so a run of a few thousand questions reaches every family, and the
same seed gives the same questions. Every question passes the validator (validate.py) before it
is shown; one that fails is refused and the generator draws again, counting why (`Refusals`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, TypeGuard

from floorman.errors import FloormanError
from floorman.training.bundled import Bundled, chain
from floorman.training.bundled import bundled as _bundled
from floorman.training.families import MISTAKES
from floorman.training.mistakes import Case
from floorman.training.question import Answer, Choice, Grade, Question, answer_of
from floorman.training.validate import problems
from floorman.training.wording import number_label

TOPICS: dict[str, str] = {
    "chips": "oversized chips, multiple chips and the 50% rule",
    "raises": "minimum raises, short all-ins and reopening the betting",
    "undercall": "undercalls and calls for less",
    "declarations": "string bets, multiple motions, words and chips",
    "out-of-turn": "action out of turn",
    "deal": "exposed cards, misdeals and dealing errors",
    "board": "premature, four-card and unburned flops",
    "showdown": "showdown order, mucked hands, showing and tabling",
    "pots": "pots, side pots, uncalled bets and odd chips",
    "procedure": "clocks, buttons, levels, seats, counts and conduct",
    "setup": "the button draw, blinds, straddles, antes and the move to heads-up",
    "conduct": "one player to a hand, etiquette, collusion and the penalty ladder",
    "tournament": "chip races, eliminations, rebuys, balancing and hand-for-hand",
    "cash": "buy-ins, seating, running it twice and the online game",
    "variants": "stud, razz, short deck, 2-7 and the 32-card deck",
}
DIFFICULTIES = ("easy", "medium", "hard")
SOURCES = ("mixed", "template", "real", "scenario")
MAX_CHOICES = 4
BUNDLED_SETS = {"you-make-the-call": ("ymtc", "quick-check")}
#: the family every bundled ruling is counted under in `Refusals`
BUNDLED = "bundled"


def topic_of_rule(rule_id: str, subject: str = "") -> str:
    """The quiz topic a ruling belongs to."""
    rid = rule_id.upper()
    if rid.startswith(("BET-OVERSIZED", "BET-MULTIPLE", "BET-FIFTY", "BET-CHIPS", "BET-OVERBET", "BET-TINY",
                       "BET-PRIOR", "BET-SHORT-OPENING")):
        return "chips"
    if rid.startswith(("ACT-MIN-", "ACT-RAISE", "ACT-CAP", "BET-NOT-REOPENED", "ACT-NO-LIMIT", "ACT-POT-LIMIT",
                       "BET-UNDER-RAISE", "ACT-LIMIT", "ACT-ALL-IN")):
        return "raises"
    if rid.startswith("ACT-UNDERCALL") or rid.startswith("BET-CALL") or rid.startswith("BET-PREMATURE"):
        return "undercall"
    if rid.startswith("DECL-"):
        return "declarations"
    if rid.startswith("ACT-OOT"):
        return "out-of-turn"
    if rid.startswith(("DEAL-", "DECK-", "FOLD-EXPOSED", "PLAYER-EXPOSED")):
        return "deal"
    if rid.startswith("BOARD-"):
        return "board"
    if rid.startswith(("SD-ODD", "SD-AWARD")) or rid in ("ACT-UNCALLED-BET-RETURNED", "ACT-NOTHING-UNCALLED"):
        return "pots"
    if rid.startswith("SD-"):
        return "showdown"
    if rid.startswith("VAR-"):
        return "variants"
    return "procedure"


def difficulty_of(state: Any) -> str:
    """Hard: side pots or a full table; medium: four or more players; easy otherwise."""
    seats = len(state.seats)
    pots = len(state.pots()) if state.pot else 0
    if pots > 1 or seats >= 7:
        return "hard"
    return "medium" if seats >= 4 else "easy"


# ----------------------------------------------------------------------------- what was refused
@dataclass
class Refusals:
    """Per family (a template, `real:<irregularity>`, or `bundled`): the questions the validator
    checked, those it refused, and how many each check refused (a question can fail several)."""

    checked: Counter = field(default_factory=Counter)
    rejected: Counter = field(default_factory=Counter)
    refused: Counter = field(default_factory=Counter)           # (family, check) -> count
    examples: dict[tuple[str, str], str] = field(default_factory=dict)

    def note(self, family: str, found: list[Any], prompt: str) -> None:
        self.checked[family] += 1
        self.rejected[family] += bool(found)
        for check in dict.fromkeys(p.check for p in found):
            self.refused[family, check] += 1
            self.examples.setdefault((family, check), f"{found[0]} | {prompt[:160]}")

    def rate(self, family: str) -> float:
        """The share of the family's questions refused, for any reason."""
        return self.rejected[family] / self.checked[family] if self.checked[family] else 0.0


# ----------------------------------------------------------------------------- building questions
def _question(*, qid: str, topic: str | None, source: str, situation: Any, report: Any, prompt: str,
              number: str | None, rng: random.Random, template: str, difficulty: str | None, key: str,
              follows: str | None = None, floor: Any = None, subject: str | None = None) -> Question | None:
    """The question on the last incident of `situation`, answered by the engine's `report` (its
    ruling on `subject`, when the incident has several)."""
    from floorman.training.kinds import dispute_facts

    index = len(situation.incidents) - 1
    rulings = [r for r in report.rulings_on(index) if subject is None or r.subject == subject]
    if not rulings or report.rulings[-1].effect_error:
        return None
    ruling = rulings[0]
    before = _state_before(situation, index, floor)
    value = ruling.params.get(number) if number else None
    asked = number if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None
    case = Case(situation, before, situation.incidents[index], ruling, dispute_facts(report, index), asked)
    right = answer_of(ruling)
    topic = topic or topic_of_rule(ruling.rule_id, ruling.subject)
    difficulty = difficulty or difficulty_of(before)
    common = dict(id=qid, topic=topic, difficulty=difficulty, source=source, situation=situation, state=before,
                  prompt=prompt, ruling=ruling, report=report, template=template, key=key, follows=follows,
                  case=case)
    if asked is not None:
        traps: dict[int, str] = {}
        for mistake in MISTAKES.for_case(case):
            wrong = mistake.wrong_number(case)
            if wrong is not None and wrong >= 0 and wrong != value and wrong not in traps:
                traps[wrong] = mistake.name
        return Question(kind="number", choices=[], number_answer=value, number_label=number_label(asked),
                        number_param=asked, traps=traps, **common)
    offered = distractors(case, right)
    if not offered:
        return None              # no believable wrong answer here: a question with one choice is no question
    named = [pair for pair in offered if not pair[0].startswith("as-if:")]
    near = [pair for pair in offered if pair[0].startswith("as-if:")]
    rng.shuffle(named)
    rng.shuffle(near)
    chosen = (named + near)[:MAX_CHOICES - 1]
    choices = [Choice(right.text, True)] + [Choice(wrong.text, False, name) for name, wrong in chosen]
    rng.shuffle(choices)
    return Question(kind="choice", choices=choices, number_answer=None, number_label=None, **common)


def distractors(case: Case, right: Answer) -> list[tuple[str, Answer]]:
    """The mistakes that are wrong here and answer the same question: each with its answer, no two
    alike, none the ruling in other words."""
    decisions = case.kinds
    out: list[tuple[str, Answer]] = []
    for mistake in MISTAKES.for_case(case):
        wrong = mistake.derive(case)
        if wrong is None or wrong.same_as(right) or any(wrong.same_as(o) for _, o in out):
            continue
        if wrong.decision in decisions or case.ruling.subject in mistake.answers:
            out.append((mistake.name, wrong))
    return out


def _state_before(situation: Any, index: int, floor: Any) -> Any:
    """The hand just before the disputed incident: the events replayed, and the rulings on the
    incidents before it applied."""
    if index == 0:
        return situation.state
    from floorman.engine.facts import Situation

    earlier = Situation(situation.table, list(situation.events), list(situation.incidents[:index]),
                        situation.profile, dict(situation.options))
    return floor.rule(earlier).state


def _from_template(template: Any, rng: random.Random, floor: Any, profile: str | None, difficulty: str | None,
                   qid: str) -> Question | None:
    level = difficulty or rng.choice(DIFFICULTIES)
    try:
        draft = template.build(rng, level, floor, profile)
    except (FloormanError, ValueError, StopIteration):
        return None
    b = draft.builder
    return _question(qid=qid, topic=template.topic, source="template", situation=b.situation(),
                     report=b.rule(), prompt=draft.prompt, number=draft.number, rng=rng,
                     template=template.name, difficulty=level, key=f"template:{template.name}", floor=floor,
                     subject=draft.subject)


def _from_real(kind: str, rng: random.Random, floor: Any, profile: str | None, qid: str) -> Question | None:
    from floorman.training.real_hands import TOPIC_OF, inject, source_name

    try:
        builder, prompt, hand, number = inject(kind, rng, floor, profile)
    except (FloormanError, ValueError, StopIteration):
        return None
    return _question(qid=qid, topic=TOPIC_OF[kind], source=source_name(hand), situation=builder.situation(),
                     report=builder.rule(), prompt=prompt, number=number, rng=rng, template=kind,
                     difficulty=None, key=f"real:{kind}", floor=floor)


def _from_bundled(item: Bundled, floor: Any, profile: str | None, rng: random.Random, qid: str,
                  source: str) -> Question | None:
    ruled = _ruled(item, floor, profile)
    if ruled is None:
        return None
    situation, report = ruled
    # the answer is the ruling the scenario is about (an odd-chip scenario's, not the award's beside it)
    expected = floor.rulebook.rules.get(item.scenario.expect.rule or "")
    return _question(qid=qid, topic=None, source=source, situation=situation, report=report, prompt=item.prompt,
                     number=None, rng=rng, template=item.name, difficulty=None, key=f"scenario:{item.name}",
                     follows=f"scenario:{item.follows}" if item.follows else None, floor=floor,
                     subject=expected.subject if expected is not None else None)


def _ruled(item: Bundled, floor: Any, profile: str | None) -> tuple[Any, Any] | None:
    """A bundled ruling's situation and the engine's report on it, ruled once per floor and profile
    (the same scenario is asked again and again; its ruling does not change)."""
    cache = floor.__dict__.setdefault("_quiz_bundled", {})
    key = (item.name, profile)
    if key not in cache:
        chosen = profile or item.profile
        options = item.options if chosen == item.profile else floor.rulebook.options(chosen)
        situation = item.scenario.situation(chosen, options)
        try:
            cache[key] = (situation, floor.rule(situation))
        except FloormanError:
            cache[key] = None
    return cache[key]


def family_of(question: Question) -> str:
    """The family a question is counted under: its template, `real:<irregularity>`, or `bundled`."""
    if question.source.startswith("real:"):
        return f"real:{question.template}"
    if question.source == "template":
        return question.template
    return BUNDLED


def generate(*, seed: int, count: int, topic: str | None = None, difficulty: str | None = None,
             profile: str | None = None, source: str = "mixed", floor: Any = None,
             weights: dict[str, float] | None = None, refusals: Refusals | None = None,
             validate: bool = True) -> Iterator[Question]:
    """`count` questions, reproducible from `seed`, each one the validator passed (`refusals`, when
    given, counts the ones it refused; `validate=False` shows the generator's raw output)."""
    from floorman.training.families import TEMPLATES
    from floorman.training.real_hands import IRREGULARITIES, TOPIC_OF, points

    if topic is not None and topic not in TOPICS:
        raise FloormanError(f"unknown topic {topic!r}", field="topic", expected="one of " + ", ".join(TOPICS))
    if difficulty is not None and difficulty not in DIFFICULTIES:
        raise FloormanError(f"unknown difficulty {difficulty!r}", field="difficulty",
                            expected="easy, medium or hard")
    if source not in SOURCES:
        raise FloormanError(f"unknown source {source!r}", field="source", expected=", ".join(SOURCES))
    if floor is None:
        from floorman.engine.floor import Floor

        floor = Floor()
    if profile is not None:
        floor.rulebook.options(profile)        # an unknown profile fails here, named
    rng = random.Random(seed)
    kinds = [k for k in IRREGULARITIES if points()[k]]
    bundled = list(_bundled())
    by_name = {b.name: b for b in bundled}
    sources = {"mixed": ["template", "real", "scenario"], "template": ["template"], "real": ["real"],
               "scenario": ["scenario"]}[source]
    if not kinds:
        sources = [s for s in sources if s != "real"] or sources
    if not bundled:
        sources = [s for s in sources if s != "scenario"] or sources
    decks: dict[str, list[Any]] = {"template": list(TEMPLATES), "real": kinds, "scenario": bundled}
    if topic is not None:
        decks["template"] = [t for t in TEMPLATES if t.topic == topic]
        decks["real"] = [k for k in kinds if TOPIC_OF[k] == topic]
        decks["scenario"] = [b for b in bundled if _bundled_topic(b) == topic]
        sources = [s for s in sources if decks[s]]
        if not sources:
            return
    turns: dict[str, list[Any]] = {}
    top = max(weights.values()) if weights else 0
    made = tries = 0
    previous: Question | None = None
    while made < count and tries < count * 20 + 100:
        tries += 1
        kind = sources[tries % len(sources)]
        if not turns.get(kind):
            turns[kind] = list(decks[kind])
            rng.shuffle(turns[kind])
        item = turns[kind].pop()
        if kind == "template":
            drawn = [_from_template(item, rng, floor, profile, difficulty, f"{seed}-{made + 1}")]
        elif kind == "real":
            drawn = [_from_real(item, rng, floor, profile, f"{seed}-{made + 1}")]
        else:
            # a ruling that refers back comes right after the one it refers to
            group = chain(item, by_name)
            if made + len(group) > count:
                continue
            drawn = [_from_bundled(b, floor, profile, rng, f"{seed}-{made + 1 + i}", "scenario:" + b.name)
                     for i, b in enumerate(group)]
        if not _all_made(drawn) or any(topic is not None and q.topic != topic for q in drawn):
            continue
        if difficulty is not None and kind != "template" and any(q.difficulty != difficulty for q in drawn):
            continue
        if weights and top > 0 and rng.random() * top > weights.get(drawn[-1].topic, top):
            continue          # topics the trainee misses carry more weight: the others are thinned
        if validate and not _passes(drawn, previous, floor, refusals):
            continue
        for question in drawn:
            made += 1
            previous = question
            yield question


def _all_made(drawn: list[Question | None]) -> TypeGuard[list[Question]]:
    """Whether every question drawn was made (a template or hand that does not fit makes None)."""
    return all(q is not None for q in drawn)


def _passes(drawn: list[Question], previous: Question | None, floor: Any, refusals: Refusals | None) -> bool:
    """Whether every question drawn (a pair: the second follows the first) passes the validator."""
    before = previous
    for question in drawn:
        found = problems(question, floor=floor, previous=before)
        if refusals is not None:
            refusals.note(family_of(question), found, question.prompt)
        if found:
            return False
        before = question
    return True


def _bundled_topic(item: Bundled) -> str:
    rule = item.scenario.expect.rule or ""
    return topic_of_rule(rule)


def bundled_set(name: str = "you-make-the-call", *, floor: Any = None) -> list[Question]:
    """The seed guides' "You make the call" rulings and quick rule checks, as questions (each
    validated; one that refers back comes right after the one it refers to)."""
    if name not in BUNDLED_SETS:
        raise FloormanError(f"unknown question set {name!r}", field="set", expected=", ".join(BUNDLED_SETS))
    if floor is None:
        from floorman.engine.floor import Floor

        floor = Floor()
    words = BUNDLED_SETS[name]
    rng = random.Random(name)
    by_name = {b.name: b for b in _bundled()}
    out: list[Question] = []
    for item in sorted(by_name.values(), key=lambda b: b.name):
        if not any(w in item.name for w in words) or "near-miss" in item.name or "not-applicable" in item.name:
            continue
        group = chain(item, by_name)
        if len(group) > 1 and out and out[-1].key == f"scenario:{group[-2].name}":
            group = group[-1:]      # what it refers to was just asked
        drawn = [_from_bundled(b, floor, None, rng, f"{name}-{len(out) + 1 + i}", f"set:{name}")
                 for i, b in enumerate(group)]
        if drawn and _all_made(drawn) and _passes(drawn, out[-1] if out else None, floor, None):
            out += drawn
    return out


def mistake_feedback(question: Question, mistake: str, case: Any = None) -> str:
    """What a trainee who took the mistake's answer is told: the mistake, then the rule it breaks."""
    from floorman.training.validate import case_of

    ruling = question.ruling
    said = MISTAKES[mistake].feedback(case if case is not None else case_of(question))
    return (f"That is a common mistake: {said}.\n"
            f"It breaks {ruling.rule_id} ({ruling.quote}): {ruling.title}.")


def grade(question: Question, answer: str) -> Grade:
    """Right or wrong, then the correct ruling with its explanation and citation; a wrong answer that
    is a known mistake is named, with the rule it breaks. `answer` is the number typed (number
    questions), or a choice's letter, number or text."""
    ruling = question.ruling
    expected = question.expected
    text = (answer or "").strip()
    if question.kind == "number":
        digits = text.replace(",", "").replace("$", "")
        correct = digits.isdigit() and int(digits) == question.number_answer
        slip = question.traps.get(int(digits)) if digits.isdigit() and not correct else None
    else:
        picked = _picked(question, text)
        correct = picked is not None and picked.correct
        slip = picked.mistake if picked is not None and not correct else None
    lines = ["Right." if correct else f"Wrong: the answer is {expected}."]
    if slip:
        lines += mistake_feedback(question, slip).splitlines()
    lines.append(f"Ruling: {ruling.title} ({ruling.rule_id}): {ruling.explanation}")
    lines.append(f"Source: {ruling.quote}")
    return Grade(correct, expected, "\n".join(lines))


def _picked(question: Question, text: str) -> Choice | None:
    choices = question.choices
    low = text.lower()
    if len(low) == 1 and "a" <= low <= chr(ord("a") + len(choices) - 1):
        return choices[ord(low) - ord("a")]
    if low.isdigit() and 1 <= int(low) <= len(choices):
        return choices[int(low) - 1]
    return next((c for c in choices if c.text.lower() == low), None)
