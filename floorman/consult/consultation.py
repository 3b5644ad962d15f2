"""A consultation: a few words -> the dispute -> only the questions its rules need -> a ruling.

Pure (no terminal): `Consultation.start(words)` or `.choose(dispute)`, then `next_question()`
and `answer(text)` until there is no next question, then `rule()`. The questions come from the
candidate rules' `when:` patterns mapped through rulebook/questions.yaml, never from a script
per rule, so a new rule that tests fields already mapped is askable with no code change.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from floorman.consult.questions import BadAnswer, Dispute, Input, Questions, load_questions
from floorman.errors import FloormanError
from floorman.notation.lexer import quoted
from floorman.rulebook.loader import Rulebook, load_rulebook
from floorman.rulebook.schema import Rule

# The set-up questions are asked first, in this order, then the incident's own.
SETUP = ("format", "variant", "betting", "stakes", "players", "stack", "street", "pot", "bet_faced", "all_in_to",
         "river_bet", "acted", "asker")
#: asked last, where a dispute has one disputed player: the seat as the real table numbers it
#: (after every other question, so that answers piped in keep their places)
SEATED_STAGES = ("betting", "showdown")
STAGE_INPUTS = {"deal": {"format", "betting", "stakes", "players", "acted"},
                "board": {"format", "betting", "stakes", "players", "acted"},
                "showdown": {"format", "betting", "stakes", "players", "river_bet", "asker"},
                "betting": {"format", "variant", "betting", "stakes", "players", "stack", "street", "bet_faced",
                            "all_in_to"},
                "stud": {"format", "variant", "stakes", "players"}}
CANDIDATE_SHARE = 0.75     # rules scoring at least 3/4 of the best rule of the dispute are candidates


@dataclass
class Match:
    """A dispute the words point to, with its candidate rules, best first."""

    dispute: Dispute
    score: float
    rules: list[Rule]


def rule_facts(rule: Rule) -> set[str]:
    return {pattern.fact for pattern in rule.when}


def tested_fields(rule: Rule) -> set[tuple[str, str]]:
    """(fact, field) pairs a rule's `when:` tests, including fields named in '@self.field' values."""
    found: set[tuple[str, str]] = set()
    for pattern in rule.when:
        for condition in pattern.where:
            found.add((pattern.fact, condition.field))
            value = condition.value
            if isinstance(value, str) and value.startswith("@self."):
                found.add((pattern.fact, value.split(".", 1)[1]))
    return found


def rules_of(book: Rulebook, dispute: Dispute) -> list[Rule]:
    """The ruling rules a dispute's facts can fire (a rule needs at least one of the dispute's
    own fact types, and no fact the dispute does not produce)."""
    allowed = set(dispute.facts) | {"profile", "hand", "derived"}
    own = set(dispute.facts) - {"hand", "derived"}
    return [rule for rule in book.rules.values()
            if rule.is_ruling and rule_facts(rule) <= allowed and rule_facts(rule) & own]


def rank(book: Rulebook, questions: Questions, text: str) -> list[Match]:
    """Disputes the words point to, best first: each dispute scores its best rule plus the words
    of its own label and description."""
    scores = _rule_scores(book, text)
    words = set(_words(text))
    matches = []
    for dispute in questions.disputes.values():
        rules = rules_of(book, dispute)
        scored = sorted(((scores.get(r.id, 0.0), r) for r in rules), key=lambda p: (-p[0], p[1].id))
        best = scored[0][0] if scored else 0.0
        own = len(words & set(_words(f"{dispute.type.replace('-', ' ')} {dispute.label} {dispute.doc}")))
        total = best + 2.0 * own
        if total > 0:
            candidates = [r for s, r in scored if best and s >= CANDIDATE_SHARE * best] or [r for _, r in scored]
            matches.append(Match(dispute, total, candidates))
    matches.sort(key=lambda m: (-m.score, m.dispute.type))
    return matches


def _rule_scores(book: Rulebook, text: str) -> dict[str, float]:
    """Rule id -> how well the words match it. The rule search (floorman/authoring/search.py)
    when present; else a count of shared words."""
    try:
        from floorman.authoring.search import search
    except ImportError:
        words = set(_words(text))
        return {rule.id: float(len(words & set(_words(f"{rule.title} {rule.name} {rule.summary}"))))
                for rule in book.rules.values()}
    return {hit.rule.id: hit.score for hit in search(book, text)}


def _words(text: str) -> list[str]:
    try:
        from floorman.authoring.search import words
    except ImportError:
        import re

        return [w.rstrip("s") for w in re.findall(r"[a-z0-9]+", text.lower().replace("all-in", "allin"))
                if w not in {"a", "an", "the", "of", "on", "in", "to", "is", "and", "or", "with"}]
    return words(text)


@dataclass
class Question:
    """The next thing to ask, with its default as text and the choices to complete."""

    input: Input
    default: str
    number: int

    @property
    def text(self) -> str:
        return self.input.ask

    @property
    def choices(self) -> tuple[str, ...]:
        return self.input.choices or (("yes", "no") if self.input.kind == "bool" else ())


@dataclass
class Consultation:
    """One consultation, from the words to the ruling."""

    rulebook: Rulebook = field(default_factory=load_rulebook)
    questions: Questions | None = None
    profile: str | None = None         # None: cash for a cash game, tda-2026 for a tournament
    house: Any = None
    floor: Any = None
    dispute: Dispute | None = None
    candidates: list[Rule] = field(default_factory=list)
    plan: list[str] = field(default_factory=list)
    answers: dict[str, Any] = field(default_factory=dict)
    asked: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.questions is None:
            self.questions = load_questions(self.rulebook.folder)

    # ------------------------------------------------------------------ choosing the dispute
    def disputes(self) -> list[Dispute]:
        """The numbered list a person may pick from."""
        assert self.questions is not None
        return list(self.questions.disputes.values())

    def start(self, text: str) -> Match:
        """Pick the dispute from words, or from its number in `disputes()`."""
        assert self.questions is not None
        words = text.strip()
        listed = self.disputes()
        if words.isdigit():
            if not 1 <= int(words) <= len(listed):
                raise BadAnswer(f"there is no dispute {words}", expected=f"a number from 1 to {len(listed)}, "
                                "or a few words")
            return self.choose(listed[int(words) - 1].type)
        if words in self.questions.disputes:
            return self.choose(words)
        # only words count: a number or a sign alone ("-1") matches rules by their digits, not by sense
        matches = rank(self.rulebook, self.questions, words) if any(c.isalpha() for c in words) else []
        if not matches:
            raise BadAnswer(f"no dispute matches {quoted(words)}", expected="a few words such as oversized chip, "
                            f"string bet or four card flop, or a number from the list (1 to {len(listed)})")
        best = matches[0]
        self._set(best.dispute, best.rules)
        return best

    def choose(self, dispute_type: str) -> Match:
        """Pick a dispute by its incident type: every rule it can fire is a candidate."""
        assert self.questions is not None
        dispute = self.questions.disputes[dispute_type]
        rules = rules_of(self.rulebook, dispute)
        self._set(dispute, rules)
        return Match(dispute, 0.0, rules)

    def _set(self, dispute: Dispute, rules: list[Rule]) -> None:
        self.dispute, self.candidates = dispute, rules
        self.plan = self.inputs_needed(rules, dispute)
        self.answers, self.asked = {}, []

    def inputs_needed(self, rules: list[Rule], dispute: Dispute) -> list[str]:
        """The inputs the candidate rules' fields are computed from, set-up first, then the
        incident's own fields in their declared order."""
        assert self.questions is not None
        needed: set[str] = set()
        for fact, name in self.fields_tested(rules):
            for used in self.questions.inputs_for(fact, name) or ():
                needed.add(used)
        stage = STAGE_INPUTS[dispute.stage]
        # the set-up of the stage is always asked: the table it describes is the table ruled on
        needed |= {"format", "stakes"}
        order = [name for name in SETUP if name in needed and name in stage]
        order += [name for name in self.questions.inputs if name.startswith(dispute.type + ".") and name in needed]
        if dispute.stage in SEATED_STAGES and "seat" in self.questions.inputs:
            order.append("seat")
        return order

    def fields_tested(self, rules: list[Rule]) -> set[tuple[str, str]]:
        """Every (fact, field) the rules test; a derived fact stands for the fields its derive
        rules test; profile fields are the room's, never asked."""
        assert self.questions is not None
        found: set[tuple[str, str]] = set()
        seen: set[str] = set()
        todo = list(rules)
        while todo:
            rule = todo.pop()
            if rule.id in seen:
                continue
            seen.add(rule.id)
            for fact, name in tested_fields(rule):
                source = self.questions.sources.get(fact)
                if source == "profile":
                    continue
                if source == "derive-rules":
                    todo += [r for r in self.rulebook.rules.values() if r.derive is not None
                             and r.derive.fact == fact]
                    continue
                found.add((fact, name))
        return found

    # ------------------------------------------------------------------ asking
    def next_question(self) -> Question | None:
        """The next question not yet answered nor made moot by an answer; None: ready to rule."""
        assert self.questions is not None
        for name in self.plan:
            if name in self.answers:
                continue
            spec = self.questions.inputs[name]
            if self._moot(spec):
                continue
            return Question(spec, self._default(spec), len(self.asked) + 1)
        return None

    def _moot(self, spec: Input) -> bool:
        for other, values in spec.skip_if.items():
            if other not in self.answers and other in self.plan:
                continue
            given = self.answers.get(other)
            if other not in self.answers:
                assert self.questions is not None
                given = self.questions.inputs[other].parse("") if other in self.questions.inputs else None
            text = " ".join(str(v) for v in given) if isinstance(given, list) else str(given)
            options = values if isinstance(values, list) else [values]
            if text in {str(v) for v in options} or (given == [] and "" in options):
                return True
        return False

    def _default(self, spec: Input) -> str:
        from floorman.consult.scene import placeholder

        default = spec.default
        if self.dispute is not None and spec.name in self.dispute.defaults:
            default = self.dispute.defaults[spec.name]
        if not default:           # a required field: its first choice, or no
            return spec.choices[0] if spec.kind == "choice" and spec.choices else "no" if spec.kind == "bool" else ""
        if default == "$seat":    # the disputed seat as the hand is laid out from the answers so far
            return str(self._natural_seat())
        return placeholder(default, self.answers) if default.startswith("$") else default

    def _natural_seat(self) -> int:
        answers = {name: value for name, value in self._all_answers().items() if name != "seat"}
        try:
            return int(self.scene_for(answers).roles.get("seat", 1))
        except FloormanError:
            return 1

    def answer(self, text: str) -> Any:
        """Answer the current question (empty text: its default). A bad answer raises BadAnswer
        and changes nothing."""
        question = self.next_question()
        if question is None:
            raise FloormanError("there is nothing left to ask")
        spec = question.input
        value = (spec.parse(text) if text.strip() else
                 _with_default(spec, question.default))
        self.answers[spec.name] = value
        self.asked.append(spec.name)
        self._follow_up(spec.name, value)
        return value

    def _follow_up(self, name: str, value: Any) -> None:
        """An answer that makes other inputs matter (a pot-limit bet: the street and the pot; an
        all-in: the stack): they are asked too, before the seat (the last question)."""
        assert self.questions is not None
        shown = value if isinstance(value, str) else str(value)
        for used in self.questions.follow_ups.get(name, {}).get(shown, ()):
            if used in self.plan or used not in self.questions.inputs:
                continue
            self.plan.insert(self._place(used), used)

    def unasked(self, report: Any) -> list[str]:
        # (the consultation is ruled with every answer and default; a rule that fired may test an
        # incident field no candidate rule tested: that answer was a default nobody saw)
        """The incident inputs a rule that fired tests and nobody was asked: they are asked now
        (with their defaults), and the dispute ruled again, rather than silently assumed."""
        assert self.questions is not None and self.dispute is not None
        fired = [self.rulebook.rules[r.rule_id] for r in getattr(report, "rulings", ())
                 if r.rule_id in self.rulebook.rules]
        missing = []
        for fact, name in sorted(self.fields_tested(fired)):
            for used in self.questions.inputs_for(fact, name) or ():
                if used.startswith(self.dispute.type + ".") and used not in self.plan and used not in missing:
                    missing.append(used)
        for used in missing:
            self.plan.insert(self._place(used), used)
        return missing

    def _place(self, name: str) -> int:
        """Where an input joins the plan: a set-up input in its SETUP place among those not yet
        answered (the street before the bet faced), any other before the seat (the last question)."""
        if name in SETUP:
            rank = SETUP.index(name)
            for at, other in enumerate(self.plan):
                if other not in self.answers and (other not in SETUP or SETUP.index(other) > rank):
                    return at
        return self.plan.index("seat") if "seat" in self.plan else len(self.plan)

    # ------------------------------------------------------------------ ruling
    @property
    def ruling_profile(self) -> str:
        from floorman.rulebook.profiles import default_profile

        return self.profile or default_profile(self.answers.get("format") or "cash")

    def scene(self) -> Any:
        return self.scene_for(self._all_answers())

    def scene_for(self, answers: dict[str, Any]) -> Any:
        from floorman.consult.scene import Scene

        if self.dispute is None:
            raise FloormanError("no dispute chosen yet")
        return Scene(self.dispute.type, self.dispute.stage, answers, self.ruling_profile,
                     house=self.house, floor=self.floor)

    def _all_answers(self) -> dict[str, Any]:
        """The answers given, and the defaults of the incident's inputs not asked."""
        assert self.questions is not None and self.dispute is not None
        answers = dict(self.answers)
        for name, spec in self.questions.inputs.items():
            own = name.startswith(self.dispute.type + ".") or name in self.dispute.defaults
            if own and name not in answers and self._default(spec):
                answers[name] = _with_default(spec, self._default(spec))
        return answers

    def take_back(self, error: FloormanError) -> str | None:
        """After answers that make no hand: forget the answer the error names (an incident field,
        e.g. `incidents[0].amount`), else the last one, so that it is asked again. Returns the
        input forgotten (None when nothing was asked)."""
        import re

        assert self.dispute is not None
        field_name = str(getattr(error, "field", "") or "")
        named = re.fullmatch(r"incidents\[\d+\]\.([a-z_]+)", field_name)
        name = f"{self.dispute.type}.{named.group(1)}" if named else (field_name if field_name in SETUP else None)
        if name not in self.answers:         # the last answer that could make a hand impossible (not the seat)
            name = next((asked for asked in reversed(self.asked) if asked != "seat"), None)
        if name is not None:
            self.answers.pop(name)
            self.asked.remove(name)
        return name

    def rule(self) -> tuple[Any, Any]:
        """(the scene, the RulingReport). Raises FloormanError when the answers make no hand."""
        scene = self.scene()
        return scene, scene.rule()


def _with_default(spec: Input, default: str) -> Any:
    if not default:
        if spec.kind == "choice" and spec.choices:
            return spec.choices[0]
        if spec.kind == "bool":
            return False
    return spec.parse(default)
