"""Find rules by words, ranked: `floorman rules oversized chip`.

A small BM25 over each rule's id, name, title, summary, why, decision and citations (the
rule numbers, so "rule 44" or "45-B" finds the rule), with field weights. Cardroom spellings
are folded together before anything is counted ("all in", "all-in", "allin"; "oot", "out of
turn"), words are cut to a crude stem (chips -> chip, exposed -> expos), and adjacent words
are also indexed as pairs so that a phrase ("string bet") outranks the same words scattered.

`applies_under` says whether a rule can fire under a profile: the profile (or one it extends)
is among the rule's `profiles:`, and the rule's `profile` patterns (room options, e.g.
`[four_card_flop, '==', redeal]`) hold for the profile's options.
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections import Counter, defaultdict
from dataclasses import dataclass
from typing import Any

from floorman.errors import FloormanError
from floorman.rulebook.loader import Rulebook
from floorman.rulebook.options import did_you_mean
from floorman.rulebook.schema import Condition, Rule

CATEGORIES = ("betting", "conduct", "procedure", "irregularity", "showdown", "derivation")

# Weight of a word in each field: the id and title say what the rule is about; the summary
# and why are long and repeat common words.
FIELD_WEIGHTS = {"id": 3.0, "name": 2.0, "title": 3.0, "decision": 2.0, "summary": 1.0,
                 "why": 0.5, "citations": 2.0, "sections": 0.5}
PAIR_WEIGHT = 1.5       # an adjacent pair counts this much more than its words alone
K1, B = 1.2, 0.75       # BM25's usual constants

# Cardroom phrases written several ways, folded to one word before tokenising (order matters:
# longer phrases first). Applied to the rules and to the query alike.
PHRASES: tuple[tuple[str, str], ...] = (
    (r"\ball[\s_-]*in\b", "allin"),
    (r"\bout[\s_-]+of[\s_-]+turn\b", "oot"),
    (r"\b(?:4|four)[\s_-]*cards?\b", "four card"),
    (r"\b(?:50|fifty)[\s_-]*(?:%|percent|per cent)", "fifty percent"),
    (r"\bmis[\s_-]+deal", "misdeal"),
    (r"\bre[\s_-]*raise", "raise"),
    (r"\bover[\s_-]*siz", "oversiz"),
    (r"\bface[\s_-]*up\b", "faceup"),
    (r"\bheads[\s_-]*up\b", "headsup"),
    (r"\bshow[\s_-]*down\b", "showdown"),
    (r"\bstring[\s_-]*(?:bet|raise)s?\b", "string bet"),
    (r"\bbb\b", "big blind"),
    (r"\bsb\b", "small blind"),
)
# Words that mean the same at the table, after stemming: the query word -> words also looked for.
SYNONYMS: dict[str, tuple[str, ...]] = {
    "dealt": ("deal",), "flash": ("expos",), "flashed": ("expos",), "show": ("shown", "expos"),
    "big": ("oversiz",), "larg": ("oversiz",), "shove": ("allin",), "push": ("allin", "chip"),
    "tank": ("clock",), "verbal": ("word", "declar"), "say": ("declar", "word"), "said": ("declar", "word"),
    "kill": ("dead",), "killed": ("dead",), "burned": ("burn",), "extra": ("four", "too", "many"),
}
STOP_WORDS = frozenset(["a", "an", "and", "are", "as", "at", "be", "by", "for", "from", "has", "have", "if", "is", "it", "its", "of", "on", "or", "that", "the", "their", "then", "there", "this", "to", "was", "when", "where", "which", "who", "with", "without"])
_TOKEN = re.compile(r"rp-\d+(?:-[a-z])?|\d+-[a-z]\b|[a-z0-9]+")
_EDITION_NUMBER = re.compile(r"\b(2024|2026)\s*(?:rule\s*)?((?:rp-)?\d+(?:-[a-z])?)\b")
_NUMBER = re.compile(r"(?:rp-)?\d+(?:-[a-z])?")


def stem(word: str) -> str:
    """A crude stem, enough for the cardroom's plurals and tenses: chips -> chip, exposed ->
    expos, raising -> rais. Rule numbers are left alone."""
    if _NUMBER.fullmatch(word) or len(word) <= 3:
        return word
    for suffix in ("ing", "ed", "es", "s", "e"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3 and not word.endswith("ss"):
            return word[: -len(suffix)]
    return word


def words(text: str) -> list[str]:
    """The text as stemmed words, cardroom phrases folded, stop words dropped."""
    text = text.lower()
    for pattern, replacement in PHRASES:
        text = re.sub(pattern, replacement, text)
    return [stem(token) for token in _TOKEN.findall(text) if token not in STOP_WORDS]


def terms(text: str) -> list[str]:
    """The words and each adjacent pair ("string bet" also gives "string_bet")."""
    found = words(text)
    return found + [f"{a}_{b}" for a, b in zip(found, found[1:])]


def _citation_terms(rule: Rule) -> list[str]:
    """Each cited rule number (TDA, both editions) as a word, with and without its letter
    ('45-b' and '45') and after the word 'rule', so "rule 44" and "45-B" find it."""
    found: list[str] = []
    for citation in rule.citations:
        if citation.rule:
            number = citation.rule.lower()
            variants = {number, number.split("-")[0] if not number.startswith("rp") else number}
            if number.startswith("rp"):
                variants.add("-".join(number.split("-")[:2]))
            for variant in sorted(variants):
                found += [variant, f"rule_{variant}", f"tda_{variant}", f"{citation.edition}_{variant}"]
    return found


def _section_text(rule: Rule) -> str:
    return " ".join(" ".join(filter(None, (c.title, c.section))) for c in rule.citations)


@dataclass(frozen=True)
class Hit:
    """A rule found, with its score (0 when listing without words) and the profiles it applies to."""

    rule: Rule
    score: float
    profiles: tuple[str, ...]

    @property
    def line(self) -> str:
        """The summary's first sentence: the rule in one line."""
        return first_sentence(self.rule.summary)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.rule.id, "name": self.rule.name, "title": self.rule.title,
                "category": self.rule.category, "profiles": list(self.profiles), "summary": self.line,
                "score": round(self.score, 3)}


def first_sentence(text: str) -> str:
    text = " ".join(text.split())
    match = re.search(r"(?<=[a-z0-9)\"'])[.;:](?=\s+[A-Z(\"])", text)
    return text[: match.start() + 1] if match else text


class RuleIndex:
    """The rulebook's rules as weighted bags of terms, ready to rank against a query."""

    def __init__(self, book: Rulebook) -> None:
        self.book = book
        self.docs: dict[str, dict[str, float]] = {}     # rule id -> term -> weight
        for rule in book.rules.values():
            bag: defaultdict[str, float] = defaultdict(float)   # weights are fractional: not a Counter
            fields = {"id": rule.id.replace("-", " "), "name": rule.name.replace("-", " "), "title": rule.title,
                      "decision": (rule.ruling.decision.replace("-", " ") if rule.ruling
                                   else f"derives {rule.derive.name.replace('_', ' ')}"),  # type: ignore[union-attr]
                      "summary": rule.summary, "why": rule.why, "sections": _section_text(rule)}
            for name, text in fields.items():
                for term in terms(text):
                    bag[term] += FIELD_WEIGHTS[name] * (PAIR_WEIGHT if "_" in term else 1.0)
            for term in _citation_terms(rule):
                bag[term] += FIELD_WEIGHTS["citations"]
            self.docs[rule.id] = bag
        self.lengths = {rule_id: sum(bag.values()) for rule_id, bag in self.docs.items()}
        self.average = sum(self.lengths.values()) / max(len(self.lengths), 1)
        document_frequency: Counter[str] = Counter()
        for weights in self.docs.values():
            document_frequency.update(weights.keys())
        count = len(self.docs)
        self.idf = {term: math.log(1 + (count - df + 0.5) / (df + 0.5)) for term, df in document_frequency.items()}

    def query_terms(self, query: str) -> dict[str, float]:
        """Query term -> weight: its words and pairs, a rule number also after 'rule', and the
        cardroom synonyms at half weight."""
        found = words(query)
        weighted: dict[str, float] = {}
        for word in found:
            weighted[word] = weighted.get(word, 0) + 1.0
            for synonym in SYNONYMS.get(word, ()):
                weighted.setdefault(synonym, 0.5)
        for a, b in zip(found, found[1:]):
            weighted[f"{a}_{b}"] = weighted.get(f"{a}_{b}", 0) + 1.0
        # "2024 rule 44", "TDA 2026 46-B": the number in that edition
        for edition, number in _EDITION_NUMBER.findall(query.lower()):
            weighted[f"{edition}_{number}"] = weighted.get(f"{edition}_{number}", 0) + 2.0
        return weighted

    def score(self, rule_id: str, query: dict[str, float]) -> float:
        bag, length = self.docs[rule_id], self.lengths[rule_id]
        total = 0.0
        for term, weight in query.items():
            tf = bag.get(term, 0.0)
            if tf:
                total += weight * self.idf[term] * tf * (K1 + 1) / (tf + K1 * (1 - B + B * length / self.average))
        return total


def search(book: Rulebook, text: str = "", *, category: str | None = None, profile: str | None = None,
           limit: int | None = None, index: RuleIndex | None = None, min_share: float = 0.25,
           house: Any = None) -> list[Hit]:
    """Rules matching the words, best first (no words: every rule, by category and id), kept to
    a category and to the rules that apply under a profile when asked (with a house file's
    options over the profile's; its profile when none is named). A rule scoring under
    `min_share` of the best one is left out: it shares only a common word with the query."""
    if category is not None and category not in CATEGORIES:
        raise FloormanError(f"unknown category {category!r}{did_you_mean(category, CATEGORIES)}",
                            expected=f"one of {', '.join(CATEGORIES)}", field="--category")
    options = None
    if house is not None:
        profile = profile or house.extends
        options = book.options(profile, house=dataclasses.replace(house, extends=profile))
    elif profile is not None:
        book.profile_chain(profile)           # an unknown profile is named, with a "did you mean"
    rules = [rule for rule in book.rules.values()
             if (category is None or rule.category == category)
             and (profile is None or applies_under(book, rule, profile, options))]
    if not text.strip():
        rules.sort(key=lambda r: (CATEGORIES.index(r.category), r.id))
        hits = [Hit(rule, 0.0, profiles_of(book, rule)) for rule in rules]
        return hits[:limit] if limit else hits
    index = index or RuleIndex(book)
    query = index.query_terms(text)
    whole_id = text.strip().upper()
    scored = []
    for rule in rules:
        value = index.score(rule.id, query)
        if whole_id == rule.id or whole_id == rule.name.upper():
            value += 100.0            # an id or name typed whole is what the user meant
        elif len(whole_id) > 3 and "-" in whole_id and rule.id.startswith(whole_id):
            value += 20.0
        if value > 0:
            scored.append((value, rule))
    scored.sort(key=lambda pair: (-pair[0], pair[1].id))
    if scored:
        scored = [pair for pair in scored if pair[0] >= min_share * scored[0][0]]
    hits = [Hit(rule, value, profiles_of(book, rule)) for value, rule in scored]
    return hits[:limit] if limit else hits


# ----------------------------------------------------------------------------- profiles

def profile_conditions(rule: Rule) -> list[Condition]:
    """The room-option tests of a rule: the conditions of its `profile` patterns."""
    return [condition for pattern in rule.when if pattern.fact == "profile" for condition in pattern.where]


def holds(condition: Condition, fields: dict[str, Any]) -> bool | None:
    """Whether one condition holds on a fact's fields; None when it compares with another fact
    (an '@alias.field' reference), which only the engine can say."""
    value = condition.value
    if isinstance(value, str) and value.startswith("@"):
        return None
    if condition.op == "exists":
        return condition.field in fields
    if condition.op == "absent":
        return condition.field not in fields
    if condition.field not in fields:
        return False
    have = fields[condition.field]
    try:
        return {"==": lambda: have == value, "!=": lambda: have != value, "<": lambda: have < value,
                "<=": lambda: have <= value, ">": lambda: have > value, ">=": lambda: have >= value,
                "in": lambda: have in (value or ())}[condition.op]()
    except TypeError:
        return False


def applies_under(book: Rulebook, rule: Rule, profile: str, options: dict[str, Any] | None = None) -> bool:
    """The rule can fire under the profile: listed for it (or a profile it extends), and its
    room-option tests hold for the profile's options (or the ones given, e.g. a house file's)."""
    if not any(rule.applies_to(name) for name in book.profile_chain(profile)):
        return False
    fields = {**(options if options is not None else book.options(profile)), "name": profile}
    return all(holds(condition, fields) is not False for condition in profile_conditions(rule))


def profiles_of(book: Rulebook, rule: Rule) -> tuple[str, ...]:
    """The bundled profiles under which the rule can fire."""
    return tuple(name for name in sorted(book.profiles) if applies_under(book, rule, name))
