"""A ruling: what happens now, with the numbers, the procedure, the citations and the reasons.

These are the objects the CLI renders and `--json` prints. Their JSON shape is documented in
docs/json-output.md and kept stable: rooms script against it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from floorman.rulebook.schema import Citation

JSON_VERSION = 1


@dataclass(frozen=True)
class Ruling:
    rule_id: str
    rule_name: str
    title: str
    category: str
    decision: str
    params: dict[str, Any]
    citations: tuple[Citation, ...]
    explanation: str
    steps: tuple[str, ...]
    subject: str
    priority: int
    matched: dict[str, str]                 # alias -> fact id
    overridden: tuple[str, ...] = ()        # rule ids this ruling won over
    dead_seat: int | None = None            # the seat whose hand this ruling kills
    incident: int | None = None             # index in situation.incidents of the incident ruled on
    effect: tuple[dict[str, Any], ...] = ()  # what the ruling did to the hand, expressions worked out
    effect_error: str | None = None         # why the effect could not be applied, if it could not
    profile: str | None = None              # the profile ruled under (set by RulingReport)
    # the room options the ruling rests on, as (name, value): those its `when:` tests on the
    # profile fact or its conclusion reads, and ("profile", ...) for a rule listed for some
    # profiles only; e.g. (("four_card_flop", "redeal"),) under cash
    options_applied: tuple[tuple[str, Any], ...] = ()
    caveats: tuple[str, ...] = ()           # e.g. "2026 text not verified: ..." (a 2026 change)
    from_house: tuple[str, ...] = ()        # of options_applied, those a house file set over the profile
    edition: str | None = None              # the TDA edition of the profile ruled under: its numbers lead
    # incident fields the ruling rests on that nobody gave, with the value assumed (see
    # floorman/engine/assumed.py); `assumed_leads`: the answer turns on them, so they are said first
    assumed: dict[str, Any] = field(default_factory=dict)
    assumed_words: str = ""
    assumed_leads: bool = False

    @property
    def profile_line(self) -> str:
        """Which profile ruled and the options that changed the ruling: "cash: four_card_flop = redeal"."""
        shown = "; ".join(f"{name} = {option_text(value)}" + (" (house)" if name in self.from_house else "")
                          for name, value in self.options_applied)
        return f"{self.profile or '-'}: {shown}" if shown else (self.profile or "-")

    @property
    def quote(self) -> str:
        """The one citation to read out under the ruling's profile (see `quote_for`)."""
        return quote_for(self.citations, self.profile, self.edition)

    @property
    def departures(self) -> list[str]:
        """Where this ruling departs from a text it cites (see `departures`)."""
        return departures(self.citations)

    def to_json(self) -> dict[str, Any]:
        return {
            "rule": self.rule_id, "name": self.rule_name, "title": self.title, "category": self.category,
            "incident": self.incident,
            "decision": self.decision, "params": dict(self.params), "subject": self.subject,
            "quote": self.quote,
            "citations": [citation_json(c) for c in self.citations],
            "explanation": self.explanation, "steps": list(self.steps),
            "overridden": list(self.overridden),
            "effect": [dict(e) for e in self.effect],
            "profile": self.profile,
            "options_applied": [{"option": name, "value": value, **({"house": True} if name in self.from_house else {})}
                                for name, value in self.options_applied],
            **({"caveats": list(self.caveats)} if self.caveats else {}),
            **({"departs": self.departures} if self.departures else {}),
            **({"assumed": dict(self.assumed)} if self.assumed else {}),
            **({"dead_seat": self.dead_seat} if self.dead_seat is not None else {}),
            **({"effect_error": self.effect_error} if self.effect_error else {}),
        }


def option_text(value: Any) -> str:
    """An option's value as a room writes it: true/false, numbers and words as they are."""
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def citation_json(citation: Citation) -> dict[str, Any]:
    data = {"source": citation.source, "edition": citation.edition, "rule": citation.rule,
            "section": citation.section, "confidence": citation.confidence, "label": citation.label,
            "role": citation.role}
    return {key: value for key, value in data.items() if value is not None}


HOUSE_PRACTICE = "house practice"


def is_tda_profile(profile: str | None) -> bool:
    """The TDA profiles rule tournaments by the TDA's numbers; any other (cash, a room's own)
    rests first on Robert's Rules. No profile given: the TDA, floorman's default."""
    return profile is None or profile.startswith("tda")


def _tda_number(citation: Citation) -> str:
    rule = citation.rule or ""
    return rule if rule.startswith("RP") else f"Rule {rule}"


def tda_quote(citations: tuple[Citation, ...] | list[Citation], edition: str | None = "2024") -> str | None:
    """The TDA number to quote, the profile's edition first: 'TDA 2026 Rule 46 (2024: 44)' under a
    2026 profile, 'TDA 2024 Rule 44 (2026: 46)' under 2024 (the 2026 numbers come from the
    renumbering map, not settled). The 2024 rule leads the pairing: its 2026 twin is found by
    title, else the first 2026 basis citation that is not the twin of another 2024 citation; none
    left, no pointer (a 2024 rule whose 2026 text says otherwise cites that 2026 rule as a
    contrast). A rule with only a 2026 number quotes it; with only a 2024 number, that."""
    basis = [c for c in citations if c.source == "TDA" and c.role == "basis"]
    old = [c for c in basis if c.edition == "2024"]
    new = [c for c in basis if c.edition == "2026"]
    if not old:
        return f"TDA 2026 {_tda_number(new[0])}" if new else None
    first = old[0]
    twin = next((c for c in new if first.title and c.title == first.title), None)
    if twin is None:
        paired = {c.title for c in old[1:] if c.title}
        twin = next((c for c in new if c.title not in paired), None)
    if twin is None:
        return f"TDA 2024 {_tda_number(first)}"
    if edition == "2026":
        return f"TDA 2026 {_tda_number(twin)} (2024: {'same' if twin.rule == first.rule else first.rule})"
    return f"TDA 2024 {_tda_number(first)} (2026: {twin.rule})"


def edition_of(profile: str | None) -> str:
    """The TDA edition of a bundled profile by its name, when the profile itself is not at hand
    (tda-2024: 2024; the others, and none: 2026)."""
    return "2024" if profile is not None and profile.endswith("2024") else "2026"


def quote_for(citations: tuple[Citation, ...] | list[Citation], profile: str | None,
              edition: str | None = None) -> str:
    """The one source a floor person quotes for a ruling under `profile`: never a contrast.

    TDA profiles: the TDA (the profile's edition first, `edition`, by default from the profile's
    name), else Robert's Rules; cash and other room profiles: Robert's Rules, else the TDA.
    Support resting only on a seed guide or house practice is "house practice": seed file names
    are internal and never shown."""
    basis = [c for c in citations if c.role == "basis"]
    rrop = next((c for c in basis if c.source == "RRoP"), None)
    rrop_text = f"Robert's Rules of Poker, {rrop.section}" if rrop is not None else None
    tda = tda_quote(basis, edition or edition_of(profile))
    first, second = (tda, rrop_text) if is_tda_profile(profile) else (rrop_text, tda)
    return first or second or HOUSE_PRACTICE


def departures(citations: tuple[Citation, ...] | list[Citation]) -> list[str]:
    """Where the ruling departs from a text it cites as a contrast, in a few words: "2026 change;
    2024 53-A gave every option" (a 2026 rule over the 2024 text), "2026 change ahead: 2026 3-B
    ..." (a 2024 answer the 2026 text reverses), "Departs from Robert's Rules of Poker, ...: ..."."""
    basis_editions = {c.edition for c in citations if c.source == "TDA" and c.role == "basis"}
    lines = []
    for c in citations:
        if c.role != "contrast" or not c.departs:
            continue
        if c.source == "TDA" and c.edition == "2024" and "2026" in basis_editions:
            lines.append(f"2026 change; 2024 {c.rule} {c.departs}")
        elif c.source == "TDA" and c.edition == "2026":
            lines.append(f"2026 change ahead: 2026 {c.rule} {c.departs}")
        else:
            lines.append(f"Departs from {public_label(c)}: {c.departs}")
    return lines


def public_label(citation: Citation) -> str:
    """A citation as shown to the table: a seed guide is "house practice", never its file name."""
    if citation.source in ("seed", "house"):
        return f"{HOUSE_PRACTICE}: {citation.section}" if citation.section else HOUSE_PRACTICE
    if citation.source == "RRoP":
        return f"Robert's Rules of Poker, {citation.section}"
    return citation.label


@dataclass(frozen=True)
class Firing:
    """One rule that fired, in order: what it matched and what it derived or decided."""

    rule_id: str
    kind: str                                # 'derive' or 'ruling'
    matched: dict[str, str]
    derived: str | None = None
    outcome: str = "applied"                 # 'applied', 'overridden by X'


@dataclass(frozen=True)
class Trace:
    """The chain of reasoning: the facts, the rules fired in order, the conclusion."""

    facts: list[dict[str, Any]]
    fired: list[Firing]
    conclusion: list[str]

    def to_json(self) -> dict[str, Any]:
        return {
            "facts": self.facts,
            "fired": [{"rule": f.rule_id, "kind": f.kind, "matched": f.matched, "derived": f.derived,
                       "outcome": f.outcome} for f in self.fired],
            "conclusion": self.conclusion,
        }


@dataclass(frozen=True)
class RulingReport:
    """Every ruling on a situation under one profile, with the trace and the pots as they stand."""

    profile: str
    rulings: list[Ruling]
    trace: Trace
    pots: list[dict[str, Any]] = field(default_factory=list)
    conflicts: list[str] = field(default_factory=list)   # undeclared precedence, for the lint
    hands: dict[int, dict[str, Any]] = field(default_factory=dict)   # seat -> best five and name
    # the hand as the rulings left it (HandState, each ruling's effect applied); not in the JSON
    state: Any = field(default=None, repr=False, compare=False)
    void: str | None = None        # the ruling that made the hand void (a misdeal...), if one did
    unruled: dict[int, str] = field(default_factory=dict)   # incident -> why it got no ruling (a void hand)
    # each incident's facts as built when it was ruled (Floor.rule(after=...) goes on from them); not in the JSON
    earlier: dict[int, list[dict[str, Any]]] = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        # each ruling knows its profile, so that it can name the citation to quote under it
        self.rulings[:] = [r if r.profile == self.profile else replace(r, profile=self.profile)
                           for r in self.rulings]

    def ruling_for(self, rule_id: str, incident: int | None = None) -> Ruling | None:
        """The ruling by `rule_id` (on incident `incident`, when given)."""
        return next((r for r in self.rulings if r.rule_id == rule_id
                     and (incident is None or r.incident == incident)), None)

    def rulings_on(self, incident: int | None) -> list[Ruling]:
        """The rulings on one incident, in order."""
        return [r for r in self.rulings if r.incident == incident]

    def why_no_ruling(self, incident: int | None = None) -> str:
        """Why no rule rules on an incident (the last one by default): what the floor was asked,
        as the facts read it, and that no rule in the rulebook covers that reading."""
        suffixes = [str(f.get("id", "")).rpartition(":")[2] for f in self.trace.facts if f.get("type") != "derived"]
        index = incident if incident is not None else max((int(s) for s in suffixes if s.isdigit()), default=None)
        facts = [f for f in self.trace.facts if f.get("type") not in ("derived", "profile", "hand")
                 and str(f.get("id", "")).endswith(f":{index}")]
        wager = next((f for f in facts if f["type"] == "wager"), None)
        if wager is not None:
            said = [] if wager["said_word"] in ("none", "amount-only") else [wager["said_word"]]
            said += [f"{wager['amount_said']:,}"] if wager["said_amount"] else []
            word = f'"{" ".join(said)}"' if said else "nothing"
            chips = f"{wager['chips_total']:,} in chips" if wager["chips_total"] else "no chips"
            owed = f"{wager['to_call']:,} to call" if wager["to_call"] else "nothing to call"
            read = f"seat {wager['seat']} said {word} with {chips}, facing {owed} (decided by {wager['decided_by']})"
        elif facts:
            read = f"a {facts[0]['type'].replace('_', ' ')} incident as described"
        else:
            read = "the hand as it stands"
        return (f"No rule in the rulebook covers this reading: {read}. Nothing here is ruled; the floor "
                "decides under the best interest of the game (TDA 2024 Rule 1 / TDA 2026 Rule 1).")

    @property
    def fired_rule_ids(self) -> list[str]:
        return [f.rule_id for f in self.trace.fired]

    def to_json(self) -> dict[str, Any]:
        return {"version": JSON_VERSION, "profile": self.profile,
                "rulings": [r.to_json() for r in self.rulings], "pots": self.pots,
                "hands": {str(seat): hand for seat, hand in self.hands.items()},
                **({"unruled": {str(i): why for i, why in self.unruled.items()}} if self.unruled else {}),
                "trace": self.trace.to_json()}
