"""Everything about one rule, as data: `floorman explain BET-OVERSIZED-CHIP-CALL`.

The statement and why, the citations in every edition (and which one is quoted under each
profile), what it needs to fire (its `when:` patterns in words), the room options it tests
with their value in each bundled profile, its precedence and effect, and an example: a bundled
scenario whose `expect` names the rule, ruled on. The CLI renders this; `--json` prints it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from floorman.authoring.search import CATEGORIES, first_sentence, holds, profiles_of
from floorman.errors import FloormanError
from floorman.rulebook.loader import Rulebook
from floorman.rulebook.schema import Citation, Condition, Effect, Pattern, Rule

CONFIDENCE_WORDS = {"verified": "read in the text", "corroborated": "corroborated, 2026 text not read",
                    "renumbering-map": "from the renumbering map, not settled",
                    "unverified": "excerpt, unverified", "house": "common practice"}
_OPS = {"==": "is", "!=": "is not", "<": "<", "<=": "<=", ">": ">", ">=": ">="}
_SOURCE_ORDER = {"TDA": 0, "RRoP": 1, "seed": 2, "house": 3}


class UnknownRule(FloormanError):
    """No rule has this id (or name)."""


# ----------------------------------------------------------------------------- finding the rule

def find_rule(book: Rulebook, wanted: str) -> Rule:
    """The rule with this id (any case) or name; else an error with the nearest ids."""
    key = wanted.strip()
    by_id = {rule.id.lower(): rule for rule in book.rules.values()}
    by_name = {rule.name: rule for rule in book.rules.values()}
    rule = by_id.get(key.lower()) or by_name.get(key.lower())
    if rule is not None:
        return rule
    suggestion = _suggestions(book, key)
    raise UnknownRule(f"no rule {wanted!r}{suggestion}", field="RULE_ID",
                      expected=None if suggestion else "a rule id such as BET-OVERSIZED-CHIP-CALL; "
                      "`floorman rules WORDS` finds one")


def _suggestions(book: Rulebook, key: str) -> str:
    import difflib

    upper = key.upper()
    ids = sorted(book.rules)
    starting = [rule_id for rule_id in ids if len(upper) >= 3 and rule_id.startswith(upper)]
    close = starting[:4]
    if not close:       # near misses, keeping only those about as near as the nearest
        ratios = sorted(((difflib.SequenceMatcher(None, upper, rule_id).ratio(), rule_id) for rule_id in ids),
                        reverse=True)
        close = [rule_id for ratio, rule_id in ratios[:3] if ratio >= 0.6 and ratio >= ratios[0][0] - 0.05]
    if not close:      # a word or two of the id, in any order ("oversized call")
        parts = [p for p in re.split(r"[\s_-]+", upper) if len(p) > 2]
        close = [rule_id for rule_id in ids if parts and all(p in rule_id for p in parts)][:4]
    if not close:
        return ""
    return f" (did you mean {close[0]}?)" if len(close) == 1 else f" (did you mean one of: {', '.join(close)}?)"


# ----------------------------------------------------------------------------- when: in words

def _value_words(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, (list, tuple)):
        shown = [_value_words(v) for v in value]
        return ", ".join(shown[:-1]) + f" or {shown[-1]}" if len(shown) > 1 else "".join(shown)
    return str(value)


def _reference_words(value: str, aliases: dict[str, str]) -> str:
    """'@self.call_amount' -> 'its call_amount'; '@w.seat' -> 'the wager's seat'."""
    owner, _, name = value[1:].partition(".")
    if owner == "self":
        return f"its {name}"
    fact = aliases.get(owner, owner)
    return f"the {FACT_WORDS.get(fact, fact.replace('_', ' '))}'s {name}"


def condition_words(condition: Condition, aliases: dict[str, str]) -> str:
    """One test in words: 'single_chip is yes', 'to_call > 0', 'street is one of flop or turn'."""
    name, op, value = condition.field, condition.op, condition.value
    if op == "exists":
        return f"it has {name}"
    if op == "absent":
        return f"it has no {name}"
    shown = _reference_words(value, aliases) if isinstance(value, str) and value.startswith("@") \
        else _value_words(value)
    if op == "in":
        return f"{name} is one of {shown}"
    return f"{name} {_OPS[op]} {shown}"


# Fact types whose names read badly in a sentence; the others read as they are ("a wager").
FACT_WORDS = {"oot": "out-of-turn action", "cash": "cash-on-the-table fact", "call_before_amount":
              "call made before the amount was known", "partial_table": "partly tabled hand",
              "stakes": "stakes fact", "visibility": "chips-in-view fact", "not_at_seat": "player not at the seat",
              "showdown_verbal": "verbal declaration at showdown", "count": "chip count"}


def _article(noun: str) -> str:
    return f"an {noun}" if noun[:1] in "aeiou" else f"a {noun}"


def pattern_words(pattern: Pattern, aliases: dict[str, str], derived_by: dict[str, str]) -> str:
    """A pattern in words: 'a wager where single_chip is yes and to_call > 0'."""
    tests = list(pattern.where)
    if pattern.fact == "profile":
        parts = [condition_words(c, aliases) for c in tests]
        return "the room option " + _joined(parts) if parts else "any profile"
    if pattern.fact == "derived":
        named = next((c for c in tests if c.field == "name" and c.op == "=="), None)
        if named is not None:
            tests.remove(named)
            source = derived_by.get(str(named.value))
            head = f"the derived fact {named.value}" + (f" (from {source})" if source else "")
        else:
            head = "a derived fact"
    elif pattern.fact == "hand":
        head = "the hand"
    else:
        head = _article(FACT_WORDS.get(pattern.fact, pattern.fact.replace("_", " ")))
    if not tests:
        return head
    return f"{head} where " + _joined([condition_words(c, aliases) for c in tests])


def _joined(parts: list[str]) -> str:
    return ", ".join(parts[:-1]) + f" and {parts[-1]}" if len(parts) > 1 else "".join(parts)


def field_meanings(book: Rulebook, rule: Rule) -> dict[str, str]:
    """'fact.field' -> what it means, where the rulebook says (room options aside: they are
    described with the options): descriptions declared beside the fact fields (`FIELD_DESCRIPTIONS` in
    floorman/engine/fact_fields.py, if present); else the questions a person answers to give
    the field (rulebook/questions.yaml, the consultation's map of fields to inputs)."""
    from floorman.engine import fact_fields

    declared: dict[str, dict[str, str]] = getattr(fact_fields, "FIELD_DESCRIPTIONS", {}) or {}
    asked = _question_map(book)
    meanings: dict[str, str] = {}
    for pattern in rule.when:
        for condition in pattern.where:
            key = f"{pattern.fact}.{condition.field}"
            if pattern.fact == "profile":
                continue              # a room option: its description is with the options
            if condition.field in declared.get(pattern.fact, {}):
                meanings[key] = declared[pattern.fact][condition.field]
            elif key in asked:
                meanings[key] = asked[key]
    return meanings


def _question_map(book: Rulebook) -> dict[str, str]:
    """'fact.field' -> 'worked out from: <the questions>' from rulebook/questions.yaml. The
    file belongs to the consultation; anything unexpected in it just leaves the field unexplained."""
    path = Path(book.folder) / "questions.yaml"
    if not path.is_file():
        return {}
    try:
        import yaml

        document = yaml.safe_load(path.read_text(encoding="utf-8"))
        inputs, fields = document.get("inputs", {}), document.get("fields", {})
        found: dict[str, str] = {}
        for fact, table in fields.items():
            if not isinstance(table, dict) or "from" in table:
                continue
            for name, sources in table.items():
                asks = [str(inputs[s]["ask"]).rstrip("?") for s in sources or ()
                        if isinstance(inputs.get(s), dict) and inputs[s].get("ask")]
                if asks:
                    found[f"{fact}.{name}"] = "worked out from: " + "; ".join(asks)
        return found
    except Exception:  # noqa: BLE001 - an explanation never fails on the consultation's file
        return {}


# ----------------------------------------------------------------------------- effect in words

def expression_words(text: str, aliases: dict[str, str]) -> str:
    """An expression or template with its fact references in words: 'w.seat' -> "the wager's
    seat", 'ruling.call_to' -> 'call_to'; a template's '{change}' -> '<change>'."""
    def named(match: re.Match[str]) -> str:
        owner, name = match.group(1), match.group(2)
        if owner == "ruling":
            return name
        if owner not in aliases:
            return match.group(0)
        return f"the {FACT_WORDS.get(aliases[owner], aliases[owner].replace('_', ' '))}'s {name}"

    text = re.sub(r"\b([a-z][a-z0-9_]*)\.([a-z_][a-z0-9_]*)\b", named, text)
    return re.sub(r"\{([^{}]+)\}", r"<\1>", text)


def effect_words(effect: Effect, aliases: dict[str, str] | None = None) -> str:
    words = _effect_words(effect)
    return expression_words(words, aliases or {})


def _effect_words(effect: Effect) -> str:
    # a seat is a number or an expression ('w.seat', worked out into "the wager's seat")
    who = f"seat {effect.seat}" if (effect.seat or "").isdigit() else str(effect.seat)
    if effect.kind == "action":
        to = f" to {effect.to}" if effect.to else ""
        extra = (", then the actions that followed are replayed" if effect.then else "") + \
                (", standing as made" if effect.as_made else "")
        return f"{who} {effect.action}s{to}{extra}"
    if effect.kind == "post":
        return f"{who} posts a {effect.post} of {effect.to}"
    if effect.kind == "kill-hand":
        return f"the hand of {who} is dead"
    if effect.kind == "award":
        return f"the pots stay with {who}, whatever the cards say"
    if effect.kind == "void-hand":
        return "the hand is void: every bet goes back"
    if effect.kind == "back-up":
        binding = {True: "stands once the action reaches it", False: "does not stand",
                   None: "is decided later"}.get(effect.binding, f"stands when {effect.binding}")  # type: ignore[arg-type]
        return f"the action backs up to the skipped seat; the out-of-turn action {binding}"
    if effect.kind == "replace-board":
        return "board cards are taken back and dealt again" + \
               (" (the last cards dealt are taken out of the hand)" if effect.recorded else "")
    if effect.kind == "restrict":
        at_least = f", to at least {effect.at_least}" if effect.at_least else ""
        scope = "until the betting round ends" if effect.until == "round" else "on its next action"
        return f"{who} may only {' or '.join(effect.only)}{at_least}, {scope}"
    if effect.kind == "correct-blinds":
        ante = f", ante {effect.ante}" if effect.ante else ""
        return f"the blinds are corrected to {effect.small_blind}/{effect.big_blind}{ante} and the hand goes on at them"
    if effect.kind == "add-chips":
        return f"{effect.amount} more chips of {who} play in this hand"
    return "nothing changes on the table" + (f": {effect.why}" if effect.why else "")


# ----------------------------------------------------------------------------- citations

def _public_label(citation: Citation) -> str:
    try:
        from floorman.ruling import public_label  # the VIEW helper's: seed guides are "house practice"

        return public_label(citation)
    except ImportError:       # pragma: no cover - before the citation roles land
        if citation.source in ("seed", "house"):
            return f"house practice: {citation.section}" if citation.section else "house practice"
        return citation.label


def citation_entry(citation: Citation) -> dict[str, Any]:
    """A citation as data; a seed guide is 'house practice' and its file name is never shown."""
    entry = {"source": "house" if citation.source == "seed" else citation.source,
             "edition": None if citation.source == "seed" else citation.edition,
             "rule": citation.rule, "section": citation.section, "title": citation.title,
             "label": _public_label(citation), "confidence": citation.confidence,
             "confidence_words": CONFIDENCE_WORDS[citation.confidence],
             "role": getattr(citation, "role", "basis"), "note": citation.note, "departs": citation.departs}
    return {key: value for key, value in entry.items() if value is not None}


def quotes(book: Rulebook, rule: Rule) -> dict[str, str]:
    """Bundled profile -> the citation a ruling by this rule quotes under it."""
    try:
        from floorman.ruling import quote_for
    except ImportError:       # pragma: no cover - before the citation roles land
        return {}
    return {name: quote_for(rule.citations, name, book.profiles[name].tda_edition if name in book.profiles else None)
            for name in profiles_of(book, rule)}


# ----------------------------------------------------------------------------- the example

@dataclass
class Example:
    """A bundled scenario whose expectation names the rule, ruled on."""

    path: str
    title: str
    question: str
    profile: str
    ruling: Any = None          # the rule's Ruling (or the scenario's first, for a derivation)
    report: Any = None          # the RulingReport
    situation: Any = None
    error: str | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"file": self.path, "title": self.title, "question": self.question,
                                "profile": self.profile}
        if self.ruling is not None:
            data["ruling"] = self.ruling.to_json()
        if self.error:
            data["error"] = self.error
        return data


def example_files(rule_id: str, folder: Path) -> list[Path]:
    """Scenario files that mention the rule id, simplest (shortest) first: a cheap text scan
    before any file is parsed."""
    from floorman.scenarios import find_scenarios

    if not folder.is_dir():
        return []
    pattern = re.compile(rf"\b{re.escape(rule_id)}\b")
    found = []
    for path in find_scenarios([folder]):
        text = path.read_text(encoding="utf-8", errors="replace")
        if pattern.search(text):
            found.append((len(text), str(path), path))
    return [path for _, _, path in sorted(found)]


def find_example(book: Rulebook, rule: Rule, folder: Path | None = None, *, rule_on: bool = True) \
        -> Example | None:
    """The simplest bundled scenario whose `expect` names the rule (`rule:`, else `fires:`),
    ruled on under its own profile (and house file)."""
    from floorman.rulebook.loader import DEFAULT_SCENARIOS
    from floorman.scenarios import load_scenario, rules_for

    folder = folder or DEFAULT_SCENARIOS
    candidates = []
    for path in example_files(rule.id, folder):
        try:
            scenario = load_scenario(path)
        except FloormanError:
            continue
        if any(expect.rule == rule.id for expect in scenario.expects):
            candidates.append((0, scenario))
        elif any(rule.id in expect.fires for expect in scenario.expects):
            candidates.append((1, scenario))
    if not candidates:
        return None
    scenario = min(candidates, key=lambda pair: pair[0])[1]
    try:
        shown = str(Path(scenario.path).resolve().relative_to(folder.resolve().parent))
    except ValueError:
        shown = scenario.path
    example = Example(shown, scenario.title, scenario.header.question.strip(), scenario.header.profile)
    if not rule_on:
        return example
    from floorman.engine.floor import Floor

    try:
        profile, options = rules_for(scenario, book)
        example.profile = profile
        example.situation = scenario.situation(profile, options)
        example.report = Floor(book).rule(example.situation)
    except FloormanError as error:
        example.error = str(error)
        return example
    example.ruling = example.report.ruling_for(rule.id) or (example.report.rulings[0]
                                                             if example.report.rulings else None)
    return example


# ----------------------------------------------------------------------------- the explanation

@dataclass
class Explanation:
    rule: Rule
    profiles: tuple[str, ...]
    needs: list[dict[str, Any]]
    meanings: dict[str, str]
    options: list[dict[str, Any]]
    citations: list[dict[str, Any]]
    quotes: dict[str, str]
    effects: list[str]
    overridden_by: list[str]
    steps: list[str] = field(default_factory=list)     # the procedure's templates, references in words
    example: Example | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def statement(self) -> str:
        return " ".join(self.rule.summary.split())

    @property
    def why(self) -> str:
        return " ".join(self.rule.why.split())

    def to_json(self) -> dict[str, Any]:
        rule = self.rule
        conclusion: dict[str, Any]
        if rule.ruling is not None:
            conclusion = {"decision": rule.ruling.decision, "numbers": list(rule.ruling.params),
                          "steps": self.steps, "effect": self.effects}
        else:
            conclusion = {"derives": rule.derive.name}   # type: ignore[union-attr]
        return {
            "id": rule.id, "name": rule.name, "title": rule.title, "category": rule.category,
            "status": rule.status, "statement": self.statement, "summary": first_sentence(rule.summary),
            "why": self.why, "profiles": list(self.profiles), "listed_for": list(rule.profiles),
            "citations": self.citations, "quoted_as": self.quotes,
            "needs": self.needs, "fields": self.meanings, "options": self.options,
            "precedence": {"subject": rule.subject, "priority": rule.priority, "overrides": list(rule.overrides),
                           "overridden_by": self.overridden_by},
            **conclusion,
            "example": self.example.to_json() if self.example else None,
        }


def explain(book: Rulebook, wanted: str, *, scenarios: Path | None = None, example: bool = True) -> Explanation:
    """Everything about one rule (by id, any case, or name). Raises UnknownRule with a
    "did you mean" for a typo."""
    rule = find_rule(book, wanted)
    aliases = {pattern.alias: pattern.fact for pattern in rule.when}
    derived_by = {r.derive.name: r.id for r in book.rules.values() if r.derive is not None}
    needs = [{"alias": p.alias, "fact": p.fact, "where": [c.as_list() for c in p.where],
              "words": pattern_words(p, aliases, derived_by)} for p in rule.when]
    ordered = sorted(rule.citations, key=lambda c: (_SOURCE_ORDER[c.source], c.edition))
    return Explanation(
        rule=rule, profiles=profiles_of(book, rule), needs=needs, meanings=field_meanings(book, rule),
        options=option_entries(book, rule), citations=[citation_entry(c) for c in ordered],
        quotes=quotes(book, rule) if rule.ruling else {},
        effects=[effect_words(e, aliases) for e in rule.ruling.effect] if rule.ruling else [],
        steps=[expression_words(step, aliases) for step in rule.ruling.steps] if rule.ruling else [],
        overridden_by=sorted(r.id for r in book.rules.values() if rule.id in r.overrides),
        example=find_example(book, rule, scenarios) if example else None,
    )


def option_entries(book: Rulebook, rule: Rule) -> list[dict[str, Any]]:
    """The room options the rule tests (its `profile` patterns) or reads (in its numbers and
    steps), with each bundled profile's value and whether the test holds there."""
    tested: dict[str, list[Condition]] = {}
    for pattern in rule.when:
        if pattern.fact == "profile":
            for condition in pattern.where:
                tested.setdefault(condition.field, []).append(condition)
    read: set[str] = set()
    if rule.ruling is not None:
        profile_aliases = {p.alias for p in rule.when if p.fact == "profile"} | {"profile"}
        text = " ".join([*rule.ruling.params.values(), *rule.ruling.steps, rule.ruling.explanation])
        for alias in profile_aliases:
            read |= set(re.findall(rf"\b{alias}\.([a-z_][a-z0-9_]*)", text))
    entries = []
    for name in [*tested, *sorted(read - set(tested))]:
        if name not in book.option_specs and name != "name":
            continue
        spec = book.option_specs.get(name)
        values = {profile: (profile if name == "name" else book.options(profile)[name])
                  for profile in sorted(book.profiles)}
        entry: dict[str, Any] = {"option": name, "description": spec.description if spec else "the profile's name",
                                 "values": values,
                                 "test": [condition_words(c, {}) for c in tested.get(name, [])]}
        if name in tested:
            entry["holds"] = {profile: all(holds(c, {name: value}) is not False for c in tested[name])
                              for profile, value in values.items()}
        entries.append(entry)
    return entries


__all__ = ["CATEGORIES", "Example", "Explanation", "UnknownRule", "explain", "find_example", "find_rule"]
