"""`generate` and `grade`: quiz questions drawn from the templates, the shipped real hands and the
bundled rulings, each answered by the engine (Floor.rule) and offered with the common mistakes
that are wrong in that hand.

Sources rotate (template, real hand, bundled ruling) and each source walks its families in a
seeded, shuffled round-robin, so a run of a few thousand questions reaches every family, and the
same seed gives the same questions.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterator

from floorman.errors import FloormanError
from floorman.resources import bundled
from floorman.training.families import MISTAKES
from floorman.training.mistakes import Case
from floorman.training.question import Answer, Choice, Grade, Question, answer_of

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
SCENARIOS = bundled("scenarios")
BUNDLED_SETS = {"you-make-the-call": ("ymtc", "quick-check")}


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


# ----------------------------------------------------------------------------- bundled rulings
@dataclass(frozen=True)
class _Bundled:
    name: str
    scenario: Any
    profile: str
    options: dict[str, Any]


@lru_cache(maxsize=1)
def _bundled() -> tuple[_Bundled, ...]:
    """Every bundled scenario with one incident and a ruling expected (house files applied)."""
    from floorman.rulebook.loader import load_rulebook
    from floorman.scenarios import load_scenario, rules_for, scenario_files

    if not SCENARIOS.is_dir():
        return ()
    book = load_rulebook()
    found = []
    for path in scenario_files([SCENARIOS]):
        try:
            scenario = load_scenario(path)
            profile, options = rules_for(scenario, book)
        except FloormanError:
            continue
        if len(scenario.incidents) != 1 or not scenario.expect.rule:
            continue
        found.append(_Bundled(path.stem, scenario, profile, options))
    return tuple(found)


# ----------------------------------------------------------------------------- building questions
def _question(*, qid: str, topic: str | None, source: str, situation: Any, report: Any, prompt: str,
              number: str | None, rng: random.Random, template: str, difficulty: str | None) -> Question | None:
    """The question on the last incident of `situation`, answered by the engine's `report`."""
    index = len(situation.incidents) - 1
    rulings = report.rulings_on(index)
    if not rulings or report.rulings[-1].effect_error:
        return None
    ruling = rulings[0]
    before = _state_before(report, situation, index)
    case = Case(situation, before, situation.incidents[index])
    right = answer_of(ruling)
    topic = topic or topic_of_rule(ruling.rule_id, ruling.subject)
    difficulty = difficulty or difficulty_of(before)
    value = ruling.params.get(number) if number else None
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        traps = {}
        for mistake in MISTAKES.values():
            wrong = mistake.number(case) if mistake.number else None
            if wrong is not None and wrong != value and wrong not in traps:
                traps[wrong] = mistake.name
        return Question(qid, topic, difficulty, source, situation, before, prompt, "number", [], value,
                        number.replace("_", " "), ruling, report, template, traps)
    choices = [Choice(right.text, True)]
    for name, wrong in distractors(case, right):
        choices.append(Choice(wrong.text, False, name))
    if len(choices) < 2:
        return None
    first, rest = choices[0], choices[1:]
    rng.shuffle(rest)
    choices = [first, *rest[:MAX_CHOICES - 1]]
    rng.shuffle(choices)
    return Question(qid, topic, difficulty, source, situation, before, prompt, "choice", choices, None, None,
                    ruling, report, template)


def distractors(case: Case, right: Answer) -> list[tuple[str, Answer]]:
    """The mistakes that are wrong here: each with its answer, no two alike, none the ruling."""
    out: list[tuple[str, Answer]] = []
    for name, mistake in MISTAKES.items():
        wrong = mistake.derive(case)
        if wrong is None or wrong.same_as(right) or wrong.text == right.text:
            continue
        if any(wrong.same_as(o) or wrong.text == o.text for _, o in out):
            continue
        out.append((name, wrong))
    return out


def _state_before(report: Any, situation: Any, index: int) -> Any:
    """The hand just before the disputed incident: the replayed events (earlier rulings applied)."""
    from floorman.model.state import HandState

    if index == 0:
        return HandState.replay(situation.table, situation.events,
                                room=situation.room)
    return situation.state


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
                     template=template.name, difficulty=level)


def _from_real(kind: str, rng: random.Random, floor: Any, profile: str | None, qid: str) -> Question | None:
    from floorman.training.real_hands import TOPIC_OF, inject, source_name

    try:
        builder, prompt, hand, number = inject(kind, rng, floor, profile)
    except (FloormanError, ValueError, StopIteration):
        return None
    return _question(qid=qid, topic=TOPIC_OF[kind], source=source_name(hand), situation=builder.situation(),
                     report=builder.rule(), prompt=prompt, number=number, rng=rng, template=kind,
                     difficulty=None)


def _from_bundled(item: _Bundled, floor: Any, profile: str | None, rng: random.Random, qid: str,
                  source: str) -> Question | None:
    scenario = item.scenario
    chosen = profile or item.profile
    options = item.options if chosen == item.profile else floor.rulebook.options(chosen)
    situation = scenario.situation(chosen, options)
    try:
        report = floor.rule(situation)
    except FloormanError:
        return None
    prompt = scenario.header.question or scenario.title
    return _question(qid=qid, topic=None, source=source, situation=situation, report=report,
                     prompt=" ".join(prompt.split()), number=None, rng=rng, template=item.name,
                     difficulty=None)


def generate(*, seed: int, count: int, topic: str | None = None, difficulty: str | None = None,
             profile: str | None = None, source: str = "mixed", floor: Any = None,
             weights: dict[str, float] | None = None) -> Iterator[Question]:
    """`count` questions, reproducible from `seed`."""
    from floorman.training.real_hands import IRREGULARITIES, points
    from floorman.training.families import TEMPLATES

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
    sources = {"mixed": ["template", "real", "scenario"], "template": ["template"], "real": ["real"],
               "scenario": ["scenario"]}[source]
    if not kinds:
        sources = [s for s in sources if s != "real"] or sources
    if not bundled:
        sources = [s for s in sources if s != "scenario"] or sources
    decks: dict[str, list[Any]] = {"template": list(TEMPLATES), "real": kinds, "scenario": bundled}
    if topic is not None:
        from floorman.training.real_hands import TOPIC_OF

        decks["template"] = [t for t in TEMPLATES if t.topic == topic]
        decks["real"] = [k for k in kinds if TOPIC_OF[k] == topic]
        decks["scenario"] = [b for b in bundled if _bundled_topic(b) == topic]
        sources = [s for s in sources if decks[s]]
        if not sources:
            return
    turns: dict[str, list[Any]] = {}
    top = max(weights.values()) if weights else 0
    made = tries = 0
    while made < count and tries < count * 20 + 100:
        tries += 1
        kind = sources[tries % len(sources)]
        if not turns.get(kind):
            turns[kind] = list(decks[kind])
            rng.shuffle(turns[kind])
        item = turns[kind].pop()
        qid = f"{seed}-{made + 1}"
        if kind == "template":
            question = _from_template(item, rng, floor, profile, difficulty, qid)
        elif kind == "real":
            question = _from_real(item, rng, floor, profile, qid)
        else:
            question = _from_bundled(item, floor, profile, rng, qid, "scenario:" + item.name)
        if question is None or (topic is not None and question.topic != topic):
            continue
        if difficulty is not None and question.difficulty != difficulty and kind != "template":
            continue
        if weights and top > 0 and rng.random() * top > weights.get(question.topic, top):
            continue          # topics the trainee misses carry more weight: the others are thinned
        made += 1
        yield question


@lru_cache(maxsize=None)
def _rule_topics() -> dict[str, str]:
    return {}


def _bundled_topic(item: _Bundled) -> str:
    rule = item.scenario.expect.rule or ""
    return topic_of_rule(rule)


def bundled_set(name: str = "you-make-the-call", *, floor: Any = None) -> list[Question]:
    """The seed guides' "You make the call" rulings and quick rule checks, as questions."""
    if name not in BUNDLED_SETS:
        raise FloormanError(f"unknown question set {name!r}", field="set", expected=", ".join(BUNDLED_SETS))
    if floor is None:
        from floorman.engine.floor import Floor

        floor = Floor()
    words = BUNDLED_SETS[name]
    rng = random.Random(name)
    out = []
    for item in sorted(_bundled(), key=lambda b: b.name):
        if not any(w in item.name for w in words) or "near-miss" in item.name or "not-applicable" in item.name:
            continue
        question = _from_bundled(item, floor, None, rng, f"{name}-{len(out) + 1}", f"set:{name}")
        if question is not None:
            out.append(question)
    return out


def grade(question: Question, answer: str) -> Grade:
    """Right or wrong, then the correct ruling with its explanation and citation. `answer` is the
    number typed (number questions), or a choice's letter, number or text."""
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
        lines.append(f"That is a common mistake: {MISTAKES[slip].description}.")
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
