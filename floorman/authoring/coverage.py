"""The two coverage maps, read from their markdown tables and checked against the rulebook.

docs/tda-coverage.md: one row per TDA 2026 rule (1-74) and recommended procedure (RP-1 to
RP-29), with its 2024 number, and either the floorman rules that encode it or "not a floor
ruling: <why>". The check: every row is there once, the 2024 number follows the renumbering,
every rule listed exists and cites that TDA rule, and every rule citing a TDA rule is listed
in its row (a rule's citation counts under its 2026 number, or its 2024 number renumbered).

docs/seed-coverage.md: one row per seed item of coverage-gaps.md section 1, with the scenario
files that reproduce it (each carries the item id in its `tags:`), or "not a floor ruling".

The markdown table is the data: a reader sees the table, the check parses it, so the two
never drift apart. `floorman rulebook lint` reports the findings as L013.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

TDA_MAP = Path("docs") / "tda-coverage.md"
SEED_MAP = Path("docs") / "seed-coverage.md"
GAPS_FILE = Path("..") / "shared" / "reference" / "coverage-gaps.md"   # from the repository root

TDA_COLUMNS = ("TDA 2026", "TDA 2024", "Topic", "floorman rules", "Not a floor ruling / note")
SEED_COLUMNS = ("Item", "Situation", "Scenarios", "Not a floor ruling / note")
NOT_A_RULING = "not a floor ruling"
MIN_REASON_WORDS = 3          # "not a floor ruling: registration desk" is a reason; ": n/a" is not

RULE_COUNT_2026 = 74
RP_COUNT_2026 = 29
NO_2024 = ("new", "—", "-", "")   # how a row says the 2026 item has no 2024 number

_RULE_ID = re.compile(r"`([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+)`")
_SCENARIO = re.compile(r"`([^`]+\.yaml)`")
_SEED_ID = re.compile(r"^S\d{3}-\d+$")
_TDA_KEY = re.compile(r"^\s*(RP-)?(\d+)")


@dataclass(frozen=True)
class Finding:
    """One disagreement: where to look (file:line) and what is wrong."""

    where: str
    message: str


# ----------------------------------------------------------------------------- numbering

def tda_key(rule: str) -> str | None:
    """The rule or RP a citation's rule string points at: '43-A' -> '43', 'RP-5-B' -> 'RP-5'."""
    match = _TDA_KEY.match(rule or "")
    if not match:
        return None
    return f"{match.group(1) or ''}{int(match.group(2))}"


def renumber_2024(key: str) -> str | None:
    """The 2026 number of a 2024 rule (tda-citation-map.md section 2): 1-6 keep their number, 2026
    adds 7, 22 and 73, so 2024 7-20 are +1, 21-70 are +2 and 71 is 74; RP-1..22 keep theirs."""
    if key.startswith("RP-"):
        return key if 1 <= int(key[3:]) <= 22 else None
    number = int(key)
    if 1 <= number <= 6:
        return key
    if 7 <= number <= 20:
        return str(number + 1)
    if 21 <= number <= 70:
        return str(number + 2)
    return "74" if number == 71 else None


def number_2024(key_2026: str) -> str | None:
    """The 2024 number of a 2026 rule or RP, or None for the items new in 2026."""
    for key in expected_2024_keys():
        if renumber_2024(key) == key_2026:
            return key
    return None


def expected_2024_keys() -> list[str]:
    return [str(n) for n in range(1, 72)] + [f"RP-{n}" for n in range(1, 23)]


def expected_2026_keys() -> list[str]:
    return [str(n) for n in range(1, RULE_COUNT_2026 + 1)] + [f"RP-{n}" for n in range(1, RP_COUNT_2026 + 1)]


def cited_2026_keys(citations: Iterable[Any]) -> set[str]:
    """The 2026 rules and RPs a rule rests on: its TDA citations of role `basis` (a `contrast`
    citation only shows where a room differs, so it does not encode the TDA rule)."""
    keys: set[str] = set()
    for citation in citations:
        if citation.source != "TDA" or getattr(citation, "role", "basis") != "basis":
            continue
        key = tda_key(citation.rule)
        if key is None:
            continue
        key = key if citation.edition == "2026" else renumber_2024(key)
        if key is not None:
            keys.add(key)
    return keys


# ----------------------------------------------------------------------------- markdown tables

@dataclass
class Row:
    line: int
    cells: dict[str, str]


@dataclass
class Table:
    path: Path
    rows: list[Row] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)


def _split(line: str) -> list[str]:
    body = line.strip()
    body = body[1:] if body.startswith("|") else body
    body = body[:-1] if body.endswith("|") and not body.endswith("\\|") else body
    return [cell.strip().replace("\\|", "|") for cell in re.split(r"(?<!\\)\|", body)]


def read_table(path: Path, columns: tuple[str, ...], shown_as: str) -> Table:
    """The rows of the first table in `path` whose header is `columns` (in that order). Rows of
    other tables, and the text around, are prose for the reader."""
    table = Table(path)
    lines = path.read_text(encoding="utf-8").splitlines()
    start = None
    for number, line in enumerate(lines, 1):
        if line.lstrip().startswith("|") and tuple(_split(line)) == columns:
            start = number
            break
    if start is None:
        table.findings.append(Finding(f"{shown_as}:1", "no table with the header | " + " | ".join(columns) + " |"))
        return table
    for number in range(start + 2, len(lines) + 1):     # past the header and its |---| line
        line = lines[number - 1]
        if not line.lstrip().startswith("|"):
            break
        cells = _split(line)
        if len(cells) != len(columns):
            table.findings.append(Finding(f"{shown_as}:{number}", f"{len(cells)} cells, the header has "
                                                                  f"{len(columns)}: {' | '.join(columns)}"))
            continue
        table.rows.append(Row(number, dict(zip(columns, cells))))
    return table


def _reason_problem(note: str, what: str = "floorman rule") -> str | None:
    """None if `note` says "not a floor ruling" and why; else what is missing."""
    text = note.strip().strip("*_ ")
    if not text.lower().startswith(NOT_A_RULING):
        return f"names no {what} and does not say \"{NOT_A_RULING}: <why>\""
    reason = text[len(NOT_A_RULING):].lstrip(" :;,-—*_")
    if len(reason.split()) < MIN_REASON_WORDS:
        return f"says \"{NOT_A_RULING}\" without a reason (at least {MIN_REASON_WORDS} words)"
    return None


# ----------------------------------------------------------------------------- the TDA map

def tda_findings(book: Any, map_path: Path, shown_as: str | None = None) -> list[Finding]:
    """Every disagreement between docs/tda-coverage.md and the rulebook's TDA citations."""
    shown = shown_as or str(map_path)
    table = read_table(map_path, TDA_COLUMNS, shown)
    findings = list(table.findings)
    if not table.rows and table.findings:
        return findings
    expected = expected_2026_keys()
    row_of: dict[str, Row] = {}
    ids_of: dict[str, list[str]] = {}
    for row in table.rows:
        where = f"{shown}:{row.line}"
        key = tda_key(row.cells["TDA 2026"])
        label = row.cells["TDA 2026"]
        if key is None or key not in expected or key != label.replace(" ", ""):
            findings.append(Finding(where, f"{label!r} is not a TDA 2026 rule (1-{RULE_COUNT_2026}) or "
                                           f"recommended procedure (RP-1 to RP-{RP_COUNT_2026})"))
            continue
        if key in row_of:
            findings.append(Finding(where, f"TDA 2026 {key} has a row already, at line {row_of[key].line}"))
            continue
        row_of[key] = row
        old = number_2024(key)
        given = row.cells["TDA 2024"].strip()
        if (old or "new") != given and not (old is None and given in NO_2024):
            findings.append(Finding(where, f"TDA 2026 {key}: the 2024 number is {old or 'none (new in 2026)'}, "
                                           f"not {given or 'empty'} (tda-citation-map.md, section 2)"))
        ids = _RULE_ID.findall(row.cells["floorman rules"])
        ids_of[key] = ids
        if not ids:
            problem = _reason_problem(row.cells["Not a floor ruling / note"])
            if problem:
                findings.append(Finding(where, f"TDA 2026 {key}{_old_text(key)} \"{row.cells['Topic']}\" is unmapped: "
                                               f"it {problem}; list the floorman rules that encode it"))
        for rule_id in ids:
            rule = book.rules.get(rule_id)
            if rule is None:
                findings.append(Finding(where, f"TDA 2026 {key}: no rule {rule_id} in the rulebook"
                                               f"{_close(rule_id, book.rules)}"))
            elif key not in cited_2026_keys(rule.citations):
                findings.append(Finding(where, f"TDA 2026 {key}: {rule_id} is listed but does not cite TDA 2026 "
                                               f"{key}{_old_text(key)} ({book.path_of(rule_id)})"))
    for key in expected:
        if key not in row_of:
            findings.append(Finding(f"{shown}:{table.rows[-1].line if table.rows else 1}",
                                    f"TDA 2026 {key}{_old_text(key)} has no row"))
    for rule_id in sorted(book.rules):
        rule = book.rules[rule_id]
        for key in sorted(cited_2026_keys(rule.citations), key=_order):
            if key in row_of and rule_id not in ids_of.get(key, []):
                row = row_of[key]
                findings.append(Finding(f"{book.path_of(rule_id)}:{book.lines.get(rule_id, 1)}",
                                        f"{rule_id} cites TDA 2026 {key}{_old_text(key)}: add it to row {key} "
                                        f"of {shown} (line {row.line}, \"{row.cells['Topic']}\")"))
    return findings


def _old_text(key: str) -> str:
    old = number_2024(key)
    return f" (2024 {old})" if old else " (new in 2026)"


def _order(key: str) -> tuple[int, int]:
    return (1, int(key[3:])) if key.startswith("RP-") else (0, int(key))


def _close(name: str, known: Iterable[str]) -> str:
    import difflib

    close = difflib.get_close_matches(name, list(known), n=1)
    return f"; did you mean {close[0]}?" if close else ""


# ----------------------------------------------------------------------------- the seed map

def gap_ids(gaps_path: Path) -> list[str]:
    """The item ids of section 1 of coverage-gaps.md ('S000-11 (rule only)' -> 'S000-11')."""
    ids: list[str] = []
    for line in gaps_path.read_text(encoding="utf-8").splitlines():
        if line.startswith("## 2"):
            break
        cells = _split(line) if line.lstrip().startswith("|") else []
        if cells:
            first = cells[0].split()[0] if cells[0].split() else ""
            if _SEED_ID.match(first):
                ids.append(first)
    return ids


def scenario_tags(scenarios: Path, root: Path) -> dict[str, tuple[str, ...]]:
    """Each scenario file's `tags:` (path relative to `root` -> tags), read from the header only."""
    from floorman.scenarios import find_scenarios
    from floorman.source import load_yaml

    tags: dict[str, tuple[str, ...]] = {}
    for path in find_scenarios([scenarios]):
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
        except OSError:         # gone since the listing (renamed meanwhile): nothing to read
            continue
        if not re.search(r"^tags\s*:", text, re.MULTILINE):
            continue
        try:
            document = load_yaml(path)
        except Exception:       # noqa: BLE001 - a scenario that does not load is L009's to report
            continue
        raw = document.get("tags") if isinstance(document, Mapping) else None
        if isinstance(raw, (list, tuple)):
            tags[path.relative_to(root).as_posix()] = tuple(str(tag) for tag in raw)
    return tags


@dataclass
class SeedMap:
    rows: dict[str, Row]
    scenarios: dict[str, list[str]]           # item id -> scenario paths listed
    findings: list[Finding]


def read_seed_map(map_path: Path, shown_as: str | None = None) -> SeedMap:
    shown = shown_as or str(map_path)
    table = read_table(map_path, SEED_COLUMNS, shown)
    rows: dict[str, Row] = {}
    scenarios: dict[str, list[str]] = {}
    findings = list(table.findings)
    for row in table.rows:
        where = f"{shown}:{row.line}"
        item = row.cells["Item"].strip("` ")
        if not _SEED_ID.match(item):
            findings.append(Finding(where, f"{item!r} is not a seed item id (S000-175)"))
            continue
        if item in rows:
            findings.append(Finding(where, f"{item} has a row already, at line {rows[item].line}"))
            continue
        rows[item] = row
        scenarios[item] = _SCENARIO.findall(row.cells["Scenarios"])
        if not scenarios[item]:
            problem = _reason_problem(row.cells["Not a floor ruling / note"], "scenario")
            if problem:
                findings.append(Finding(where, f"{item} \"{row.cells['Situation']}\" is unmapped: it {problem}; "
                                               f"name the scenarios that reproduce it (tagged {item})"))
    return SeedMap(rows, scenarios, findings)


def seed_findings(map_path: Path, root: Path, gaps_path: Path | None = None,
                  shown_as: str | None = None) -> list[Finding]:
    """docs/seed-coverage.md against the scenarios' tags (and coverage-gaps.md when given): every
    scenario named exists and carries the row's tag; every tagged scenario is named in its row;
    every gap item has a row. Whether the scenarios pass is `floorman check`'s (and lint L009's)."""
    shown = shown_as or str(map_path)
    seed = read_seed_map(map_path, shown)
    findings = list(seed.findings)
    tags = scenario_tags(root / "scenarios", root)
    for item, paths in seed.scenarios.items():
        where = f"{shown}:{seed.rows[item].line}"
        for name in paths:
            if not (root / name).is_file():
                findings.append(Finding(where, f"{item}: no scenario file {name}"))
            elif item not in tags.get(name, ()):
                findings.append(Finding(where, f"{item}: {name} does not carry the tag (add `tags: [{item}]`)"))
    for name, items in sorted(tags.items()):
        for item in items:
            if not _SEED_ID.match(item):
                continue
            if item not in seed.rows:
                findings.append(Finding(f"{name}:1", f"tagged {item}, which has no row in {shown}"))
            elif name not in seed.scenarios[item]:
                findings.append(Finding(f"{shown}:{seed.rows[item].line}",
                                        f"{item}: {name} is tagged {item}: name it in the row"))
    if gaps_path is not None:
        for item in gap_ids(gaps_path):
            if item not in seed.rows:
                findings.append(Finding(f"{shown}:1", f"{item} (coverage-gaps.md section 1) has no row"))
    return findings


def gaps_file(root: Path) -> Path:
    return (root / GAPS_FILE).resolve()


def gaps_required() -> bool:
    """Under CI the scope file must be there: a missing file fails instead of skipping."""
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


# ----------------------------------------------------------------------------- lint

def lint_findings(book: Any, folder: Path, required: bool) -> list[Finding]:
    """L013: both maps of the repository the rulebook folder sits in (docs/ next to it). The
    bundled rulebook must have them (`required`); a copy elsewhere is checked if it has them."""
    root = Path(folder).resolve().parent
    found: list[Finding] = []
    for name in (TDA_MAP, SEED_MAP):
        path = root / name
        if not path.is_file():
            if required:
                found.append(Finding(str(name), "the coverage map is missing"))
            continue
        if name == TDA_MAP:
            found += tda_findings(book, path, str(name))
        else:
            gaps = gaps_file(root)
            found += seed_findings(path, root, gaps if gaps.is_file() else None, str(name))
    return found


def coverage_counts(book: Any, map_path: Path) -> Mapping[str, int]:
    """How many rows are encoded, judged not a floor ruling, or still open (for the report)."""
    table = read_table(map_path, TDA_COLUMNS, str(map_path))
    counts = {"encoded": 0, "not a floor ruling": 0, "open": 0}
    for row in table.rows:
        if _RULE_ID.findall(row.cells["floorman rules"]):
            counts["encoded"] += 1
        elif _reason_problem(row.cells["Not a floor ruling / note"]) is None:
            counts["not a floor ruling"] += 1
        else:
            counts["open"] += 1
    return counts


# ----------------------------------------------------------------------------- filling the maps

def _rewrite(path: Path, columns: tuple[str, ...], fill: Any) -> int:
    """Rewrite the table rows of `path` in place, each through `fill(cells) -> cells`; the prose,
    the header and the row order stay. Returns how many rows changed."""
    lines = path.read_text(encoding="utf-8").splitlines()
    table = read_table(path, columns, str(path))
    changed = 0
    for row in table.rows:
        cells = fill(dict(row.cells))
        text = "| " + " | ".join(cells[c].replace("|", "\\|") for c in columns) + " |"
        if text != lines[row.line - 1]:
            lines[row.line - 1] = text
            changed += 1
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return changed


def fill_tda_map(book: Any, map_path: Path) -> int:
    """Set each row's rules to those citing it (a maintainer's aid; lint still checks the result).
    A "not a floor ruling" reason is kept only while no rule cites the row; notes stay."""
    cited: dict[str, list[str]] = {}
    for rule_id, rule in book.rules.items():
        for key in cited_2026_keys(rule.citations):
            cited.setdefault(key, []).append(rule_id)

    def fill(cells: dict[str, str]) -> dict[str, str]:
        ids = sorted(cited.get(tda_key(cells["TDA 2026"]) or "", []))
        cells["floorman rules"] = ", ".join(f"`{rule_id}`" for rule_id in ids)
        note = cells["Not a floor ruling / note"]
        if ids and note.lower().startswith(NOT_A_RULING):
            cells["Not a floor ruling / note"] = ""
        return cells

    return _rewrite(map_path, TDA_COLUMNS, fill)


def fill_seed_map(map_path: Path, root: Path) -> int:
    """Set each row's scenarios to the scenario files tagged with its item id."""
    tagged: dict[str, list[str]] = {}
    for name, items in scenario_tags(root / "scenarios", root).items():
        for item in items:
            tagged.setdefault(item, []).append(name)

    def fill(cells: dict[str, str]) -> dict[str, str]:
        names = sorted(tagged.get(cells["Item"].strip("` "), []))
        cells["Scenarios"] = ", ".join(f"`{name}`" for name in names)
        if names and cells["Not a floor ruling / note"].lower().startswith(NOT_A_RULING):
            cells["Not a floor ruling / note"] = ""
        return cells

    return _rewrite(map_path, SEED_COLUMNS, fill)


if __name__ == "__main__":          # python -m floorman.authoring.coverage fill
    import sys

    from floorman.rulebook.loader import DEFAULT_RULEBOOK, load_rulebook

    if sys.argv[1:] != ["fill"]:
        sys.exit("usage: python -m floorman.authoring.coverage fill   (fills both maps' rule and scenario "
                 "columns from the citations and tags; lint L013 then checks the rest)")
    repo = DEFAULT_RULEBOOK.parent
    print(f"{TDA_MAP}: {fill_tda_map(load_rulebook(), repo / TDA_MAP)} rows changed")
    print(f"{SEED_MAP}: {fill_seed_map(repo / SEED_MAP, repo)} rows changed")
