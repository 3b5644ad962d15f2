"""The shape of a rule file and a profile file in `rulebook/`.

A rule is written once, here, and everything else is generated from it: the durable-rules
patterns, the ruling with its numbers and steps, the catalogue in docs/. Rule text is our own
paraphrase; citations say where it comes from as (source, edition, rule).
"""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

RULE_ID = re.compile(r"[A-Z]+(-[A-Z0-9]+)+")
NAME = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
OPS = ("==", "!=", "<", "<=", ">", ">=", "in", "exists", "absent")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


Confidence = Literal["verified", "corroborated", "renumbering-map", "unverified", "house"]


class Citation(_Strict):
    """Where a rule comes from. Never a bare "Rule N": editions number rules differently."""

    source: Literal["TDA", "RRoP", "seed", "house"]
    edition: str = Field(description="TDA: '2024' or '2026'; RRoP: 'v11'; seed: the seed file name")
    rule: str | None = Field(None, description="TDA rule and sub-rule, e.g. '43-A' or 'RP-5-B'")
    section: str | None = Field(None, description="RRoP or seed section title")
    title: str | None = None
    confidence: Confidence = Field(
        description="verified = read in the text (TDA 2024); corroborated = several independent "
                    "sources agree (2026 [C]); renumbering-map = one paraphrase + the renumbering pattern "
                    "(2026 [N]); unverified; house = common practice, no rulebook text")
    note: str | None = None
    departs: str | None = Field(None, description="contrast: what the cited text says where the ruling departs "
                                "from it, in a few words ('gave every option'); the panel says so")
    role: Literal["basis", "contrast"] = Field(
        "basis", description="basis = the ruling rests on it; contrast = cited only to show where the "
                             "room differs (never quoted as the ruling's source)")

    @model_validator(mode="after")
    def _complete(self) -> "Citation":
        if self.source == "TDA" and not self.rule:
            raise ValueError("a TDA citation needs its rule number for that edition")
        if self.source == "TDA" and self.edition not in ("2024", "2026"):
            raise ValueError("TDA editions are '2024' and '2026'")
        if self.source in ("RRoP", "seed") and not self.section:
            raise ValueError(f"a {self.source} citation names its section")
        if self.departs is not None and self.role != "contrast":
            raise ValueError("`departs` says where the ruling departs from a contrast citation (role: contrast)")
        if self.source == "TDA" and self.edition == "2026" and self.confidence == "verified":
            raise ValueError("TDA 2026 numbers were not read in the text: use corroborated or "
                             "renumbering-map, never verified")
        return self

    @property
    def label(self) -> str:
        """(source, edition, rule) in words, e.g. 'TDA 2026 Rule 46'."""
        if self.source == "TDA":
            rule = self.rule or ""
            return f"TDA {self.edition} {'' if rule.startswith('RP') else 'Rule '}{rule}".replace("  ", " ")
        if self.source == "RRoP":
            return f"Robert's Rules of Poker {self.edition}, {self.section}"
        if self.source == "seed":
            return f"seed guide {self.edition}, \"{self.section}\""
        return f"house practice{': ' + self.section if self.section else ''}"


class Condition(BaseModel):
    """One test in a pattern: [field, op, value]. Values may reference '@alias.field' / '@self.field'."""

    model_config = ConfigDict(frozen=True)
    field: str
    op: str
    value: Any = None

    @model_validator(mode="before")
    @classmethod
    def _from_list(cls, raw: Any) -> Any:
        if isinstance(raw, (list, tuple)):
            if len(raw) == 2 and raw[1] in ("exists", "absent"):
                return {"field": raw[0], "op": raw[1]}
            if len(raw) != 3:
                raise ValueError("a condition is [field, op, value], e.g. [to_call, '>', 0]")
            return {"field": raw[0], "op": raw[1], "value": raw[2]}
        return raw

    @field_validator("op")
    @classmethod
    def _known_op(cls, op: str) -> str:
        if op not in OPS:
            raise ValueError(f"unknown operator {op!r} (expected one of {', '.join(OPS)})")
        return op

    def as_list(self) -> list[Any]:
        return [self.field, self.op] if self.op in ("exists", "absent") else [self.field, self.op, self.value]


class Pattern(_Strict):
    """Bind one fact of a type to an alias when all its conditions hold."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)
    alias: str = Field(alias="as", pattern=r"^[a-z][a-z0-9_]*$")
    fact: str
    where: tuple[Condition, ...] = ()


EFFECT_KINDS = ("action", "post", "kill-hand", "void-hand", "back-up", "replace-board", "award", "restrict",
                "correct-blinds", "add-chips", "none")
EFFECT_POSTS = ("straddle",)
_NUMBERS = ("small_blind", "big_blind", "ante", "amount")     # correct-blinds, add-chips: expressions
EFFECT_ACTIONS = ("check", "call", "bet", "raise", "fold", "all-in")


class Effect(_Strict):
    """What the ruling does to the hand, so that a later incident is ruled on the hand as it
    now stands. Seat and amount are safe expressions, like params (`ruling.<param>` reads a
    param). The kinds:

    * `action`: `seat` takes `action`; `to` is the street total of a bet or raise. `then: true`
      replays the actions the incident lists as following it (under-raise, pot-count error);
      `as_made: true` lets the bet stand below the minimum or above the pot (accepted action).
    * `post`: `seat` posts the forced bet `post` (a straddle) of `to` chips, as the ruling allows.
    * `kill-hand`: `seat`'s hand is dead (a fold if it is the seat to act, else mucked).
    * `void-hand`: the hand is void (misdeal, fouled deck, redeal): every bet goes back.
    * `back-up`: an out-of-turn action is held; the seats it skipped act as the incident says
      (`then`), and the out-of-turn action is applied in its turn when `binding` is true.
    * `replace-board`: board cards are taken back and dealt again (burns and cards put right);
      `recorded: true` when the events already hold them as the last cards dealt (a flop dealt
      without a burn), which are then taken out of the hand.
    * `award`: the pots go to `seat` whatever the cards say (an award disputed too late
      stands); the pot table shows them so, with the cards' winners noted.
    * `restrict`: `seat` may `only` take the actions listed (`[call, fold]`: no raise; `[call]`:
      must call; `[raise]` with `at_least`: must raise to at least that total), for its next
      action (`until: turn`, the default) or to the end of the betting round (`until: round`).
      The hand refuses any other action by the seat, naming the ruling; `legal_options()` and the
      table's "Next:" show only what is left.
    * `correct-blinds`: the hand was dealt at the wrong level and is corrected: the forced bets
      become `small_blind`, `big_blind` and `ante` (expressions) and the hand is replayed on them,
      so a call already made becomes a call of the corrected blind.
    * `add-chips`: `amount` more chips of `seat` play in this hand (cash in view that plays):
      its stack is corrected and the hand replayed.
    * `none`: nothing changes on the table (an answer the hand already shows, a warning, the
      floor's discretion, a card replaced, something settled between hands); `why` says which,
      in one line (`floorman rulebook lint` L015 refuses a `none` without it).
    """

    kind: str
    seat: str | None = Field(None, description="action, post, kill-hand, award: expression for the seat")
    action: Literal["check", "call", "bet", "raise", "fold", "all-in"] | None = None
    post: Literal["straddle"] | None = Field(None, description="post: the forced bet posted")
    to: str | None = Field(None, description="bet, raise: expression for the street total")
    then: bool = Field(False, description="action: the incident's following actions are replayed after it")
    as_made: bool = Field(False, description="action: the bet stands as made, even if below the minimum")
    recorded: bool = Field(False, description="replace-board: the cards are the last board event")
    binding: bool | str | None = Field(None, description="back-up: true, false or an expression: the "
                                                         "out-of-turn action stands once the action reaches it")
    only: tuple[Literal["check", "call", "bet", "raise", "fold", "all-in"], ...] = Field(
        (), description="restrict: the actions the seat may still take")
    at_least: str | None = Field(None, description="restrict: expression for the smallest bet or raise-to allowed")
    until: Literal["turn", "round"] = Field("turn", description="restrict: the seat's next action, or the "
                                                                 "betting round")
    small_blind: str | None = Field(None, description="correct-blinds: expression for the small blind")
    big_blind: str | None = Field(None, description="correct-blinds: expression for the big blind")
    ante: str | None = Field(None, description="correct-blinds: expression for the ante")
    amount: str | None = Field(None, description="add-chips: expression for the chips added to the seat's stack")
    why: str | None = Field(None, description="none: why nothing changes on the table, in one line")

    @field_validator("kind")
    @classmethod
    def _known_kind(cls, kind: str) -> str:
        if kind not in EFFECT_KINDS:
            raise ValueError(f"unknown effect kind {kind!r} (expected one of: {', '.join(EFFECT_KINDS)})")
        return kind

    @model_validator(mode="after")
    def _fields_for_kind(self) -> "Effect":
        allowed = {"action": {"seat", "action", "to", "then", "as_made"}, "post": {"seat", "post", "to"},
                   "kill-hand": {"seat"}, "award": {"seat"}, "restrict": {"seat", "only", "at_least", "until"},
                   "back-up": {"binding"}, "replace-board": {"recorded"},
                   "correct-blinds": {"small_blind", "big_blind", "ante"}, "add-chips": {"seat", "amount"},
                   "none": {"why"}}.get(self.kind, set())
        given = {name for name in ("seat", "action", "to", "binding", "post", "at_least", *_NUMBERS, "why")
                 if getattr(self, name) is not None}
        given |= {name for name in ("then", "as_made", "recorded", "only") if getattr(self, name)}
        if self.until != "turn":
            given.add("until")
        extra = sorted(given - allowed)
        if extra:
            raise ValueError(f"a {self.kind} effect takes no {', '.join(extra)}")
        if self.kind == "post" and (self.post is None or self.to is None):
            raise ValueError(f"a post effect names the forced bet (`post:` one of {', '.join(EFFECT_POSTS)}) "
                             "and its amount (`to: <expression>`)")
        if self.kind == "restrict" and not self.only:
            raise ValueError("a restrict effect lists the actions the seat may still take (`only: [call, fold]`)")
        if self.at_least is not None and not {"bet", "raise"} & set(self.only):
            raise ValueError("`at_least` is for a restriction to bet or raise")
        if self.kind == "correct-blinds" and (self.small_blind is None or self.big_blind is None):
            raise ValueError("a correct-blinds effect gives the corrected `small_blind` and `big_blind` "
                             "(and `ante`, when there is one)")
        if self.kind == "add-chips" and self.amount is None:
            raise ValueError("an add-chips effect says how many chips are added (`amount: <expression>`)")
        if self.why is not None and not self.why.strip():
            raise ValueError("`why` says in one line why nothing changes on the table")
        if self.kind in ("action", "post", "kill-hand", "award", "restrict", "add-chips") and self.seat is None:
            raise ValueError(f"a {self.kind} effect names the seat (`seat: <expression>`)")
        if self.kind == "action":
            if self.action is None:
                raise ValueError(f"an action effect names the action (one of: {', '.join(EFFECT_ACTIONS)})")
            if self.action in ("bet", "raise") and self.to is None:
                raise ValueError(f"a {self.action} effect says the street total (`to: <expression>`)")
            if self.action in ("check", "call", "fold") and self.to is not None:
                raise ValueError(f"a {self.action} effect takes no `to`")
        return self

    def expressions(self) -> dict[str, str]:
        """Every expression in the effect, by field name (for the lint)."""
        return {name: value for name in ("seat", "to", "binding", "at_least", *_NUMBERS)
                if isinstance(value := getattr(self, name), str)}


class Conclusion(_Strict):
    """What the rule decides: a keyword, the numbers, the procedure and the explanation."""

    decision: str = Field(pattern=r"^[a-z][a-z0-9-]*$")
    params: dict[str, str] = Field(default_factory=dict,
                                   description="name -> safe expression over matched facts and earlier params")
    steps: tuple[str, ...] = Field((), description="ordered procedure, templates with {param} or {alias.field}")
    explanation: str
    dead_hand: str | None = Field(None, description="expression for the seat whose hand this ruling kills; "
                                                    "the pots are then awarded without it")
    effect: tuple[Effect, ...] = Field(min_length=1, description="what the ruling does to the hand (see "
                                       "Effect), one effect or a list applied in order; required, "
                                       "`{kind: none}` when nothing changes")

    @field_validator("effect", mode="before")
    @classmethod
    def _one_or_list(cls, value: Any) -> Any:
        return (value,) if isinstance(value, dict) else value

    @model_validator(mode="after")
    def _dead_hand_named(self) -> "Conclusion":
        if self.decision == "dead-hand" and self.dead_hand is None:
            raise ValueError("a dead-hand ruling names the seat it kills in `dead_hand`")
        kills = [e.seat for e in self.effect if e.kind == "kill-hand"]
        if self.dead_hand is not None and self.dead_hand not in kills:
            raise ValueError("a ruling with `dead_hand` has the effect "
                             f"{{kind: kill-hand, seat: {self.dead_hand}}}")
        return self


class Derivation(_Strict):
    """A fact this rule adds, chaining forward to other rules."""

    model_config = ConfigDict(extra="allow", frozen=True)
    fact: str = "derived"
    name: str


class QuizNote(_Strict):
    """What the dealer-school quiz does with the rule. Every ruling rule is the answer to some
    generated question, except the rules exempt here, each with the reason (checked both ways by
    tests/test_quiz_generation.py: no rule is missed silently, and none exempt is in fact asked)."""

    exempt: str = Field(min_length=1, description="why no generated quiz question rules on this rule")


class Rule(_Strict):
    id: str
    name: str
    title: str
    category: Literal["betting", "irregularity", "showdown", "derivation", "conduct", "procedure"]
    status: Literal["stable", "preview", "deprecated"] = "stable"
    summary: str = Field(description="the rule in plain words, our own paraphrase")
    why: str = ""
    citations: tuple[Citation, ...] = ()
    profiles: tuple[str, ...] = Field(("all",), description="profiles the rule applies to, or 'all'")
    priority: int = Field(50, ge=0, le=1000, description="precedence: of two rulings on one subject, the "
                                                          "higher priority wins")
    subject: str | None = Field(None, description="what the ruling decides; rulings on one subject conflict")
    overrides: tuple[str, ...] = ()
    compatible_with: dict[str, str] = Field(
        default_factory=dict, description="rule id -> why this rule and that one, though they can fire on the same "
                                          "facts at the same priority with different decisions, never contradict "
                                          "each other (both rulings stand); lint L014 asks for it or `overrides`")
    when: tuple[Pattern, ...] = Field(min_length=1)
    derive: Derivation | None = None
    ruling: Conclusion | None = None
    quiz: QuizNote | None = None

    @field_validator("id")
    @classmethod
    def _id_shape(cls, value: str) -> str:
        if not RULE_ID.fullmatch(value):
            raise ValueError("a rule id is upper-case words joined by '-', e.g. BET-OVERSIZED-CHIP")
        if re.search(r"\d{2}", value):
            raise ValueError("a rule id never carries a TDA number (editions renumber rules)")
        return value

    @field_validator("name")
    @classmethod
    def _name_shape(cls, value: str) -> str:
        if not NAME.fullmatch(value):
            raise ValueError("a rule name is lower-case words joined by '-'")
        return value

    @model_validator(mode="after")
    def _one_conclusion(self) -> "Rule":
        if (self.derive is None) == (self.ruling is None):
            raise ValueError("a rule has either a `ruling` or a `derive`, not both and not neither")
        if self.ruling is not None and not self.citations:
            raise ValueError("a ruling rule cites at least one source")
        if self.ruling is not None and self.subject is None:
            raise ValueError("a ruling rule names the subject it decides")
        if self.quiz is not None and self.ruling is None:
            raise ValueError("only a ruling rule is a quiz answer: `quiz` goes on a rule with a `ruling`")
        return self

    @property
    def is_ruling(self) -> bool:
        return self.ruling is not None

    def applies_to(self, profile: str) -> bool:
        return "all" in self.profiles or profile in self.profiles

    def citations_for(self, edition: str) -> list[Citation]:
        """Citations with the profile's TDA edition first."""
        return sorted(self.citations, key=lambda c: (c.source != "TDA", c.edition != edition, c.source))


class Profile(_Strict):
    """A set of conventions: which rules apply and the room options rules may test."""

    id: str = Field(pattern=r"^[a-z0-9-]+$")
    title: str
    description: str = ""
    tda_edition: Literal["2024", "2026"] = "2026"
    extends: str | None = None
    options: dict[str, Any] = Field(default_factory=dict, description="room options, each declared in "
                                    "rulebook/options.yaml; the loader checks names and values against it")
