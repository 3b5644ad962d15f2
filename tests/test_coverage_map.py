"""The coverage maps (docs/tda-coverage.md, docs/seed-coverage.md): readable tables that are also
data, checked against the rulebook's citations and the scenarios' tags (lint L013).

Issue 10, "TDA coverage map" and "It must show": every TDA 2026 rule and RP mapped to the rules
that encode it or "not a floor ruling"; every seed item of coverage-gaps.md section 1 reproduced
by a tagged scenario that passes, or "not a floor ruling".
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from floorman.authoring import coverage, lint
from floorman.rulebook import loader
from floorman.rulebook.loader import load_rulebook

ROOT = Path(__file__).resolve().parents[1]
TDA_MAP = ROOT / coverage.TDA_MAP
SEED_MAP = ROOT / coverage.SEED_MAP
FLOORMAN = str(Path(sys.executable).with_name("floorman"))
OVERSIZED = "betting/silent-oversized-chip.yaml"
UNMAPPED = "is unmapped"


def messages(findings) -> list[str]:
    return [f"{f.where}: {f.message}" for f in findings]


# ----------------------------------------------------------------------------- numbering

@pytest.mark.parametrize("old, new", [("1", "1"), ("6", "6"), ("7", "8"), ("20", "21"), ("21", "23"),
                                      ("62", "64"), ("70", "72"), ("71", "74"), ("RP-8", "RP-8"),
                                      ("RP-22", "RP-22")])
def test_2024_numbers_renumber_as_the_citation_map_says(old, new):
    assert coverage.renumber_2024(old) == new
    assert coverage.number_2024(new) == old


@pytest.mark.parametrize("new", ["7", "22", "73", "RP-23", "RP-29"])
def test_the_items_new_in_2026_have_no_2024_number(new):
    assert coverage.number_2024(new) is None


@pytest.mark.parametrize("text, key", [("43-A", "43"), ("RP-5-B", "RP-5"), ("36", "36"), ("17", "17"),
                                       ("x", None)])
def test_a_citation_points_at_its_rule_or_rp(text, key):
    assert coverage.tda_key(text) == key


def test_renumbering_is_one_to_one_and_leaves_exactly_the_new_items():
    mapped = [coverage.renumber_2024(key) for key in coverage.expected_2024_keys()]
    assert len(set(mapped)) == len(mapped) == 71 + 22
    assert sorted(set(coverage.expected_2026_keys()) - set(mapped)) == sorted(
        ["7", "22", "73"] + [f"RP-{n}" for n in range(23, 30)])


# ----------------------------------------------------------------------------- the bundled TDA map

def test_the_tda_map_has_every_rule_and_rp_once_with_its_2024_number():
    table = coverage.read_table(TDA_MAP, coverage.TDA_COLUMNS, "docs/tda-coverage.md")
    assert table.findings == []
    keys = [row.cells["TDA 2026"] for row in table.rows]
    assert keys == coverage.expected_2026_keys()
    assert [row.cells["TDA 2024"] for row in table.rows if row.cells["TDA 2026"] in ("8", "34", "74")] == \
        ["7", "32", "71"]


def test_the_tda_map_agrees_with_the_rulebook_citations():
    """Every rule listed exists and cites its row; every citation is listed in its row."""
    findings = coverage.tda_findings(load_rulebook(), TDA_MAP, "docs/tda-coverage.md")
    assert [m for m in messages(findings) if UNMAPPED not in m] == []


def test_no_tda_rule_or_rp_is_left_unmapped():
    """The goal of the map: each row names rules or says why it is not a floor ruling."""
    findings = coverage.tda_findings(load_rulebook(), TDA_MAP, "docs/tda-coverage.md")
    assert [m for m in messages(findings) if UNMAPPED in m] == []


# ----------------------------------------------------------------------------- the check can fail

@pytest.fixture
def committed_copy(tmp_path):
    """A copy of the rulebook as last committed (rules being written in the working tree are not
    these tests' subject), or of the working tree where there is no git."""
    from conftest import BookCopy

    folder = tmp_path / "repo" / "rulebook"
    archive = subprocess.run(["git", "archive", "HEAD", "rulebook"], cwd=ROOT, capture_output=True)
    if archive.returncode == 0:
        folder.parent.mkdir()
        subprocess.run(["tar", "-x", "-C", str(folder.parent)], input=archive.stdout, check=True)
    else:
        shutil.copytree(ROOT / "rulebook", folder)
    return BookCopy(folder)


@pytest.fixture
def mapped_copy(committed_copy):
    """A rulebook copy with the coverage maps beside it, as in the repository (docs/ next to it)."""
    docs = committed_copy.folder.parent / "docs"
    docs.mkdir()
    shutil.copy(TDA_MAP, docs / TDA_MAP.name)
    return committed_copy


def new_findings(copy, change) -> list[str]:
    """The L013 problems a change adds to the copy (the map may still have open rows)."""
    before = {str(p) for p in lint.coverage_problems(load_rulebook(copy.folder))}
    change()
    loader._load.cache_clear()          # the loader keeps a folder's book for the process
    return [str(p) for p in lint.coverage_problems(load_rulebook(copy.folder)) if str(p) not in before]


def map_line(path: Path, start: str) -> int:
    return next(n for n, line in enumerate(path.read_text().splitlines(), 1) if line.startswith(start))


def test_a_new_citation_missing_from_the_map_names_the_rule_and_the_row(mapped_copy):
    doc = mapped_copy.folder.parent / "docs" / "tda-coverage.md"
    added = new_findings(mapped_copy, lambda: mapped_copy.edit(
        OVERSIZED, "citations:\n", "citations:\n  - {source: TDA, edition: \"2026\", rule: \"30\", "
                                   "confidence: renumbering-map}\n"))
    assert len(added) == 1, added
    [problem] = added
    assert f"{OVERSIZED}:" in problem and " L013 BET-OVERSIZED-CHIP-CALL cites TDA 2026 30 (2024 28)" in problem
    assert f"add it to row 30 of docs/tda-coverage.md (line {map_line(doc, '| 30 |')}" in problem


def test_a_2024_citation_counts_under_its_2026_number(mapped_copy):
    added = new_findings(mapped_copy, lambda: mapped_copy.edit(
        OVERSIZED, "citations:\n", "citations:\n  - {source: TDA, edition: \"2024\", rule: \"28\", "
                                   "confidence: verified}\n"))
    assert len(added) == 1 and "cites TDA 2026 30 (2024 28): add it to row 30" in added[0]


def test_a_contrast_citation_need_not_be_mapped(mapped_copy):
    added = new_findings(mapped_copy, lambda: mapped_copy.edit(
        OVERSIZED, "citations:\n", "citations:\n  - {source: TDA, edition: \"2026\", rule: \"30\", "
                                   "confidence: renumbering-map, role: contrast}\n"))
    assert added == []


def _edit_row(doc: Path, key: str, rules: str | None = None, note: str | None = None,
              old: str | None = None, add: str | None = None) -> int:
    lines = doc.read_text().splitlines()
    number = map_line(doc, f"| {key} |")
    cells = [c.strip() for c in lines[number - 1].strip().strip("|").split("|")]
    if old is not None:
        cells[1] = old
    if rules is not None:
        cells[3] = rules
    if add is not None:
        cells[3] = f"{cells[3]}, {add}"
    if note is not None:
        cells[4] = note
    lines[number - 1] = "| " + " | ".join(cells) + " |"
    doc.write_text("\n".join(lines) + "\n")
    return number


def test_a_listed_rule_that_does_not_cite_the_row_is_named(mapped_copy):
    doc = mapped_copy.folder.parent / "docs" / "tda-coverage.md"
    line = map_line(doc, "| 30 |")
    added = new_findings(mapped_copy, lambda: _edit_row(doc, "30", add="`BET-OVERSIZED-CHIP-CALL`"))
    assert added == [f"docs/tda-coverage.md:{line}: L013 TDA 2026 30: BET-OVERSIZED-CHIP-CALL is listed but does "
                     f"not cite TDA 2026 30 (2024 28) ({load_rulebook(mapped_copy.folder).path_of('BET-OVERSIZED-CHIP-CALL')})"]


def test_a_listed_rule_that_does_not_exist_is_named_with_a_guess(mapped_copy):
    doc = mapped_copy.folder.parent / "docs" / "tda-coverage.md"
    added = new_findings(mapped_copy, lambda: _edit_row(doc, "46", add="`BET-OVERSIZED-CHIP-CAL`"))
    assert len(added) == 1 and "no rule BET-OVERSIZED-CHIP-CAL in the rulebook; did you mean " \
                               "BET-OVERSIZED-CHIP-CALL?" in added[0]
    # the rules the row dropped are now named from their side, so the map cannot lose one quietly
    removed = new_findings(mapped_copy, lambda: _edit_row(doc, "46", rules="`BET-OVERSIZED-CHIP-CALL`"))
    assert removed and all("add it to row 46" in m for m in removed)


@pytest.mark.parametrize("note, expected", [
    ("", 'is unmapped: it names no floorman rule and does not say "not a floor ruling: <why>"'),
    ("not a floor ruling", 'says "not a floor ruling" without a reason'),
    ("not a floor ruling: n/a", 'says "not a floor ruling" without a reason'),
])
def test_a_row_with_no_rule_and_no_reason_is_an_error(mapped_copy, note, expected):
    doc = mapped_copy.folder.parent / "docs" / "tda-coverage.md"
    line = map_line(doc, "| RP-9 |")
    added = new_findings(mapped_copy, lambda: _edit_row(doc, "RP-9", note=note))
    assert len(added) == 1 and added[0].startswith(f"docs/tda-coverage.md:{line}: L013 TDA 2026 RP-9 (2024 RP-9)")
    assert expected in added[0]


def test_a_wrong_2024_number_a_missing_row_and_a_duplicate_row_are_named(mapped_copy):
    doc = mapped_copy.folder.parent / "docs" / "tda-coverage.md"
    added = new_findings(mapped_copy, lambda: _edit_row(doc, "34", old="33"))
    assert len(added) == 1 and "TDA 2026 34: the 2024 number is 32, not 33" in added[0]
    _edit_row(doc, "34", old="32")
    text = doc.read_text()
    row = next(line for line in text.splitlines() if line.startswith("| RP-9 |"))
    added = new_findings(mapped_copy, lambda: doc.write_text(text.replace(row + "\n", "")))
    assert any("TDA 2026 RP-9 (2024 RP-9) has no row" in m for m in added)
    added = new_findings(mapped_copy, lambda: doc.write_text(text.replace(row, row + "\n" + row)))
    assert any("TDA 2026 RP-9 has a row already" in m for m in added)


def test_a_rulebook_copy_without_the_maps_is_not_required_to_have_them(committed_copy):
    assert lint.coverage_problems(load_rulebook(committed_copy.folder)) == []


def test_lint_prints_the_missing_row_with_its_place(mapped_copy):
    mapped_copy.edit(OVERSIZED, "citations:\n", "citations:\n  - {source: TDA, edition: \"2026\", rule: \"30\", "
                                                "confidence: renumbering-map}\n")
    scenario = ROOT / "scenarios" / "betting" / "ymtc-1-silent-big-chip.yaml"
    result = subprocess.run([FLOORMAN, "rulebook", "lint", "--rulebook", str(mapped_copy.folder),
                             "--scenarios", str(scenario)], capture_output=True, text=True, timeout=300,
                            cwd=ROOT, env={**os.environ})
    assert result.returncode == 1 and "Traceback" not in result.stdout + result.stderr
    assert any(" L013 BET-OVERSIZED-CHIP-CALL cites TDA 2026 30 (2024 28): add it to row 30 of "
               "docs/tda-coverage.md" in line for line in result.stdout.splitlines()), result.stdout[-2000:]


# ----------------------------------------------------------------------------- the seed map

def test_the_seed_map_agrees_with_the_scenario_tags():
    """Every scenario named exists and carries the tag; every tagged scenario is named."""
    findings = coverage.seed_findings(SEED_MAP, ROOT, None, "docs/seed-coverage.md")
    assert [m for m in messages(findings) if UNMAPPED not in m] == []


def test_every_gap_item_has_a_row_and_none_is_left_unmapped():
    gaps = coverage.gaps_file(ROOT)
    if not gaps.is_file():
        if coverage.gaps_required():
            pytest.fail(f"{gaps} is missing: the scope of issue 10 cannot be checked (CI=true)")
        pytest.skip(f"{gaps} is not here (outside CI the check is skipped)")
    ids = coverage.gap_ids(gaps)
    assert len(ids) >= 45 and "S000-175" in ids and "S004-08" in ids
    assert messages(coverage.seed_findings(SEED_MAP, ROOT, gaps, "docs/seed-coverage.md")) == []


def test_every_scenario_the_seed_map_names_passes():
    from floorman.checks.runner import run_checks

    seed = coverage.read_seed_map(SEED_MAP)
    named = sorted({ROOT / name for paths in seed.scenarios.values() for name in paths if (ROOT / name).is_file()})
    if not named:
        pytest.skip("the seed map names no scenario yet")
    failed = [f"{r.path}: {'; '.join(r.problems)}" for r in run_checks(named) if not r.passed]
    assert failed == []


def test_a_missing_gaps_file_fails_under_ci(monkeypatch):
    monkeypatch.setenv("CI", "true")
    assert coverage.gaps_required()
    monkeypatch.setenv("CI", "")
    assert not coverage.gaps_required()


@pytest.fixture
def seed_root(tmp_path):
    """A small repository: a seed map, two scenarios (one tagged), a gaps file."""
    (tmp_path / "docs").mkdir()
    folder = tmp_path / "scenarios" / "tournament"
    folder.mkdir(parents=True)
    source = (ROOT / "scenarios" / "betting" / "ymtc-1-silent-big-chip.yaml").read_text()
    (folder / "tagged.yaml").write_text("tags: [S000-175]\n" + source)
    (folder / "untagged.yaml").write_text(source)
    (tmp_path / "gaps.md").write_text("## 1. Seed items\n\n| id | seed |\n|---|---|\n| S000-175 | 000 |\n"
                                      "| S000-11 (rule only) | 000 |\n\n## 2. TDA\n\n| S999-1 | x |\n")
    return tmp_path


def write_seed_map(root: Path, rows: list[str]) -> Path:
    path = root / "docs" / "seed-coverage.md"
    path.write_text("# map\n\n| Item | Situation | Scenarios | Not a floor ruling / note |\n|---|---|---|---|\n"
                    + "".join(row + "\n" for row in rows))
    return path


def test_gap_ids_are_read_from_section_1_only(seed_root):
    assert coverage.gap_ids(seed_root / "gaps.md") == ["S000-175", "S000-11"]


def test_a_clean_seed_map(seed_root):
    path = write_seed_map(seed_root, ["| S000-175 | chip race | `scenarios/tournament/tagged.yaml` | |",
                                      "| S000-11 | deal order | | not a floor ruling: the dealing procedure itself |"])
    assert coverage.seed_findings(path, seed_root, seed_root / "gaps.md", "map") == []


def test_seed_map_problems_are_each_named(seed_root):
    path = write_seed_map(seed_root, [
        "| S000-175 | chip race | `scenarios/tournament/untagged.yaml`, `scenarios/tournament/gone.yaml` | |",
        "| S000-12 | burns | | |",
    ])
    found = messages(coverage.seed_findings(path, seed_root, seed_root / "gaps.md", "map"))
    assert found == [
        "map:6: S000-12 \"burns\" is unmapped: it names no scenario and does not say \"not a floor ruling: <why>\"; "
        "name the scenarios that reproduce it (tagged S000-12)",
        "map:5: S000-175: scenarios/tournament/untagged.yaml does not carry the tag (add `tags: [S000-175]`)",
        "map:5: S000-175: no scenario file scenarios/tournament/gone.yaml",
        "map:5: S000-175: scenarios/tournament/tagged.yaml is tagged S000-175: name it in the row",
        "map:1: S000-11 (coverage-gaps.md section 1) has no row",
    ]


def test_fill_puts_back_the_rules_a_row_lost_and_keeps_the_notes(mapped_copy):
    doc = mapped_copy.folder.parent / "docs" / "tda-coverage.md"
    book = load_rulebook(mapped_copy.folder)
    before = doc.read_text()
    _edit_row(doc, "46", rules="")
    assert any("add it to row 46" in str(p) for p in lint.coverage_problems(book))
    coverage.fill_tda_map(book, doc)
    filled = doc.read_text()
    assert not any("add it to row 46" in str(p) for p in lint.coverage_problems(book))
    row = next(line for line in filled.splitlines() if line.startswith("| 46 |"))
    assert "`BET-OVERSIZED-CHIP-CALL`" in row
    def notes(text: str) -> list[str]:
        return [line.split("|")[5] for line in text.splitlines() if line.startswith("| ") and "partly" in line]

    assert notes(filled) == notes(before) != []
