"""Generate the rule catalogue (docs/rules.md) from the rulebook, ruff-style.

The catalogue is never edited by hand: `floorman rulebook docs` writes it, and a test fails
when the committed file differs from what the rulebook generates.
"""

from __future__ import annotations

from pathlib import Path

from floorman.rulebook.loader import Rulebook
from floorman.scenarios import Scenario

_CONFIDENCE = {"verified": "verified in the text", "corroborated": "corroborated, 2026 text not read",
               "renumbering-map": "from the renumbering map, not settled",
               "unverified": "excerpt, unverified", "house": "common practice / origin"}
CATEGORY_ORDER = ("betting", "conduct", "procedure", "irregularity", "showdown", "derivation")


def _shown(value: object) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def render_catalogue(book: Rulebook, scenarios: list[Scenario]) -> str:
    firing: dict[str, list[Scenario]] = {}
    near: dict[str, list[Scenario]] = {}
    for scenario in scenarios:
        if scenario.expect.rule:
            firing.setdefault(scenario.expect.rule, []).append(scenario)
        for rule_id in scenario.expect.not_fires:
            near.setdefault(rule_id, []).append(scenario)
    rules = sorted(book.rules.values(), key=lambda r: (CATEGORY_ORDER.index(r.category), r.id))
    lines = ["# Rule catalogue", "",
             "Generated from `rulebook/` by `floorman rulebook docs`; do not edit by hand.", "",
             f"{len(rules)} rules, {len(book.profiles)} profiles "
             f"({', '.join(sorted(book.profiles))}).", "",
             "| id | name | category | decides | TDA 2026 | TDA 2024 | profiles |",
             "|---|---|---|---|---|---|---|"]
    for rule in rules:
        tda: dict[str, str | None] = {}
        for citation in rule.citations:     # the first citation of each edition is the main one
            if citation.source == "TDA":
                tda.setdefault(citation.edition, citation.rule)
        decision = rule.ruling.decision if rule.ruling else f"derives {rule.derive.name}"  # type: ignore[union-attr]
        lines.append(f"| [{rule.id}](#{rule.id.lower()}) | {rule.name} | {rule.category} | {decision} | "
                     f"{tda.get('2026', '-')} | {tda.get('2024', '-')} | {', '.join(rule.profiles)} |")
    lines.append("")
    lines.append("## Room options")
    lines.append("")
    lines.append("Declared in `rulebook/options.yaml`; a profile or a house file sets them, and a rule reads "
                 "them as fields of the `profile` fact. A 2026 change is known only from a paraphrase of the "
                 "2026 text: its default is the 2026 value, and a ruling resting on it says the text was not "
                 "verified. `floorman rules --profile A --diff B` lists what two profiles do differently.")
    lines.append("")
    lines.append("| option | values | default | " + " | ".join(sorted(book.profiles)) + " | source | what it means |")
    lines.append("|---|---|---|" + "---|" * len(book.profiles) + "---|---|")
    for spec in book.option_specs.values():
        values = {"bool": "true, false", "int": f"{spec.min} to {spec.max}"}.get(spec.kind, ", ".join(spec.values or ()))
        per_profile = " | ".join(_shown(book.options(p)[spec.name]) for p in sorted(book.profiles))
        change = " (2026 change, text not verified)" if spec.tda_2026_change else ""
        lines.append(f"| `{spec.name}`{change} | {values} | {_shown(spec.default)} | {per_profile} | "
                     f"{spec.source.label} | {spec.description} |")
    lines.append("")
    lines += render_ladder(book)
    lines.append("## Profiles")
    lines.append("")
    for profile in sorted(book.profiles.values(), key=lambda p: p.id):
        lines.append(f"### {profile.id}")
        lines.append("")
        lines.append(f"{profile.title}. {profile.description}".strip())
        lines.append("")
        base = f"extends `{profile.extends}`; " if profile.extends else ""
        lines.append(f"{base}TDA edition {profile.tda_edition}"
                     + ("; each 2026 change takes its 2024 value unless set here" if profile.tda_edition == "2024"
                        else "") + ".")
        lines.append("")
        for key, value in profile.options.items():
            lines.append(f"- `{key}`: `{_shown(value)}`")
        lines.append("")
    for rule in rules:
        lines.append(f"## {rule.id}")
        lines.append("")
        lines.append(f"**{rule.title}** (`{rule.name}`, {rule.category}, {rule.status}; "
                     f"file `{Path(book.folder).name}/{book.files[rule.id]}`)")
        lines.append("")
        lines.append("### What it does")
        lines.append("")
        lines.append(rule.summary.strip())
        lines.append("")
        if rule.why:
            lines.append("### Why it exists")
            lines.append("")
            lines.append(rule.why.strip())
            lines.append("")
        if rule.ruling:
            steps = "; ".join(rule.ruling.steps)
            lines.append("### Ruling")
            lines.append("")
            lines.append(f"Decision `{rule.ruling.decision}` on subject `{rule.subject}`, priority "
                         f"{rule.priority}" + (f", overrides {', '.join(rule.overrides)}" if rule.overrides else "")
                         + (f". Numbers: {', '.join(rule.ruling.params)}" if rule.ruling.params else "")
                         + (f". Procedure: {steps}" if steps else "") + ".")
            lines.append("")
        examples = firing.get(rule.id, [])
        misses = near.get(rule.id, [])
        if examples or misses:
            lines.append("### Examples")
            lines.append("")
            for scenario in examples:
                lines.append(f"- fires: {scenario.title} (`{scenario.path}`)")
            for scenario in misses:
                lines.append(f"- near miss: {scenario.title} (`{scenario.path}`)")
            lines.append("")
        lines.append("### References")
        lines.append("")
        for citation in rule.citations:
            note = f"; {citation.note}" if citation.note else ""
            title = f" ({citation.title})" if citation.title else ""
            lines.append(f"- {citation.label}{title}: {_CONFIDENCE[citation.confidence]}{note}")
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def ladder_tables(book: Rulebook) -> dict[str, list[tuple[str, str, str]]]:
    """Per profile, the penalty ladder's rows (offence and record, step, step kind) as the
    profile's options make it: a TDA profile rules tournaments, any other a cash game."""
    from floorman.model.penalty import Ladder, ladder_rows
    from floorman.ruling import is_tda_profile

    tables = {}
    for profile in sorted(book.profiles):
        options = book.options(profile)
        ladder = Ladder(str(options["first_offence"]), int(options["penalty_steps"]),
                        int(options["warnings_to_disqualify"]))
        tables[profile] = ladder_rows(ladder, tournament=is_tda_profile(profile),
                                      penalty_type=str(options["penalty_type"]),
                                      penalty_hands=int(options["penalty_hands"]))
    return tables


def render_ladder(book: Rulebook) -> list[str]:
    """The penalty ladder: the step each record of earlier warnings and penalties brings, per
    profile, and where each step comes from."""
    from floorman.model.penalty import STEP_SOURCES

    tables = ladder_tables(book)
    profiles = list(tables)
    lines = ["## Penalty ladder", "",
             ("The step an offence brings, by its seriousness and the player's earlier warnings and penalties in "
              "the event (`floorman/model/penalty.py`; room options `first_offence`, `penalty_steps`, "
              "`warnings_to_disqualify`, `penalty_type`, `penalty_hands`). A TDA profile rules a tournament "
              "(rounds at a full table of nine); any other a cash game. The director may choose another step: the "
              "ruling says how it compares with the ladder."), "",
             "| offence, record | " + " | ".join(profiles) + " |",
             "|---|" + "---|" * len(profiles)]
    kinds: list[str] = []
    for index, (record, _, _) in enumerate(tables[profiles[0]]):
        cells = []
        for profile in profiles:
            _, words, kind = tables[profile][index]
            cells.append(words)
            if kind not in kinds:
                kinds.append(kind)
        lines.append(f"| {record} | " + " | ".join(cells) + " |")
    lines += ["", "Where each step comes from:", ""]
    lines += [f"- {kind}: {STEP_SOURCES[kind]}" for kind in kinds]
    lines.append("")
    return lines


def scenarios_under(folder: Path) -> list[Scenario]:
    """The scenarios in a folder, named from the folder's parent (as the catalogue shows them)."""
    from floorman.scenarios import find_scenarios, load_scenario

    if not folder.exists():
        return []
    scenarios = []
    for path in find_scenarios([folder]):
        scenario = load_scenario(path)
        scenario.path = str(path.resolve().relative_to(folder.resolve().parent))
        scenarios.append(scenario)
    return scenarios


def render_incidents() -> str:
    """docs/incidents.md: every incident type a scenario can describe, with its fields."""
    from floorman.model.incidents import FAMILY_OF, INCIDENT_TYPES, _load_families

    _load_families()
    lines = ["# Incident types", "",
             "Generated from `floorman/model/incidents/` by `floorman rulebook docs`; do not edit by hand.",
             "An incident is the disputed moment in a scenario's `incidents:` list (see "
             "`docs/scenario-format.md`).", ""]
    families: dict[str, list[str]] = {}
    for name in sorted(INCIDENT_TYPES):
        families.setdefault(FAMILY_OF.get(name, "other"), []).append(name)
    for family in sorted(families):
        lines += [f"## {family}", ""]
        for name in families[family]:
            model = INCIDENT_TYPES[name]
            doc = " ".join((model.__doc__ or "").split())
            lines += [f"### `{name}`", "", doc, "", "| field | type | default | meaning |", "|---|---|---|---|"]
            for field_name, info in model.model_fields.items():
                if field_name in ("type", "commentary"):
                    continue
                kind = _type_words(info.annotation)
                default = "required" if info.is_required() else repr(info.default)
                meaning = " ".join((info.description or "").split())
                lines.append(f"| `{field_name}` | {kind} | {default} | {meaning} |")
            lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def _type_words(annotation: object) -> str:
    """A field's type in plain words: `one of: a, b`, `int or none`, `list of int`."""
    import types
    import typing

    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin is typing.Literal:
        return "one of: " + ", ".join(f"`{a}`" for a in args)
    if origin in (typing.Union, types.UnionType):
        return " or ".join("none" if a is type(None) else _type_words(a) for a in args)
    if origin in (tuple, list):
        return f"list of {_type_words(args[0])}" if args else "list"
    return getattr(annotation, "__name__", str(annotation))
