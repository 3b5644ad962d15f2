"""Profiles (issue 10): the bundled profiles, the 2026 changes as named options, the profile that
follows the table, the profile and options each ruling names, and `rules --profile A --diff B`."""

from __future__ import annotations

import json
import shutil
from collections import defaultdict
from pathlib import Path

import pytest
from typer.testing import CliRunner

from floorman.authoring.diff import diff_profiles
from floorman.cli.app import app
from floorman.engine.floor import Floor
from floorman.errors import InputFileError
from floorman.rulebook.house import load_house
from floorman.rulebook.loader import DEFAULT_RULEBOOK, DEFAULT_SCENARIOS, load_rulebook
from floorman.rulebook.profiles import default_profile
from floorman.scenarios import load_scenario, rules_for, scenario_files

PAIRS = DEFAULT_SCENARIOS / "profiles"
runner = CliRunner()


@pytest.fixture(scope="module")
def book():
    return load_rulebook()


@pytest.fixture(scope="module")
def floor(book):
    return Floor(book)


def changes(book) -> dict[str, object]:
    return {name: spec for name, spec in book.option_specs.items() if spec.tda_2026_change}


def rule(floor, path: Path, *, profile: str | None = None, house: Path | None = None):
    scenario = load_scenario(path)
    chosen, options = rules_for(scenario, floor.rulebook, profile=profile, house=house)
    return floor.rule(scenario.situation(chosen, options))


# ----------------------------------------------------------------------------- the bundled profiles

def test_the_four_bundled_profiles(book):
    assert {"tda-2024", "tda-2026", "cash", "home"} <= set(book.profiles)
    assert book.profiles["tda-2024"].tda_edition == "2024" and book.profiles["tda-2026"].tda_edition == "2026"
    assert book.profile_chain("home") == ["home", "cash"]        # cardroom rules, with agreed exceptions
    home, cash = book.options("home"), book.options("cash")
    assert (home["string_bets_enforced"], cash["string_bets_enforced"]) == (False, True)
    assert {k for k in home if home[k] != cash[k]} == {"string_bets_enforced"}


def test_tda_2024_differs_from_tda_2026_in_the_2026_changes_only(book):
    old, new = book.options("tda-2024"), book.options("tda-2026")
    differing = {name for name in old if old[name] != new[name]}
    assert differing == set(changes(book)) and len(differing) >= 4
    for name, spec in changes(book).items():
        assert new[name] == spec.default and old[name] == spec.tda_2024 != spec.default
        assert spec.source.source == "TDA" and spec.source.edition == "2026"
    for name in ("heads_up_oot_check_call_or_fold", "non_standard_card_fouls_deck", "words_in_question_may_bind",
                 "tabled_losers_kept_apart"):
        assert name in differing


def test_a_2024_edition_profile_starts_from_the_2024_values(tmp_path):
    folder = tmp_path / "book"
    shutil.copytree(DEFAULT_RULEBOOK, folder)
    (folder / "profiles" / "old-room.yaml").write_text(
        "id: old-room\ntitle: A room on the 2024 text\ntda_edition: '2024'\n"
        "options: {words_in_question_may_bind: true}\n", encoding="utf-8")
    copy = load_rulebook(folder)
    options = copy.options("old-room")
    assert options["non_standard_card_fouls_deck"] is False          # the 2024 value, not set by the file
    assert options["words_in_question_may_bind"] is True             # what the file sets wins
    assert copy.options("tda-2026")["non_standard_card_fouls_deck"] is True


# ----------------------------------------------------------------------------- the profile follows the table

@pytest.mark.parametrize("fmt, expected", [("cash", "cash"), ("tournament", "tda-2026")])
def test_with_no_profile_named_the_table_format_decides(tmp_path, fmt, expected):
    assert default_profile(fmt) == expected
    path = tmp_path / "s.yaml"
    path.write_text(f"title: t\ntable:\n  format: {fmt}\n  button: 2\n  forced_bets: {{small_blind: 1, big_blind: 2}}\n"
                    "  seats:\n    - {number: 1, stack: 100}\n    - {number: 2, stack: 100}\n", encoding="utf-8")
    assert load_scenario(path).header.profile == expected
    path.write_text(path.read_text().replace("title: t\n", "title: t\nprofile: tda-2024\n"), encoding="utf-8")
    assert load_scenario(path).header.profile == "tda-2024"          # named: it wins


def test_a_cash_scenario_meaning_the_tda_answer_is_pinned(floor):
    """The three bundled cash-table scenarios whose TDA answer differs under cash name their profile."""
    for name in ("action/cash-on-table-tda-profile.yaml", "action/tda-chip-count-no-all-in.yaml",
                 "declarations/near-miss-ymtc-3-chips-first-tda.yaml"):
        scenario = load_scenario(DEFAULT_SCENARIOS / name)
        assert scenario.table.format.value == "cash" and scenario.header.profile == "tda-2026"
        cash = floor.rule(scenario.situation("cash", floor.rulebook.options("cash")))
        expected = scenario.expect.rule
        assert expected not in [r.rule_id for r in cash.rulings]     # under cash the answer differs


# ----------------------------------------------------------------------------- every ruling names its profile

def test_a_ruling_names_its_profile_and_the_option_that_changed_it(floor):
    report = rule(floor, PAIRS / "four-card-flop-under-cash.yaml")
    [ruling] = report.rulings
    assert ruling.profile == "cash" and ruling.options_applied == (("four_card_flop", "redeal"),)
    assert ruling.profile_line == "cash: four_card_flop = redeal" and ruling.caveats == ()
    data = report.to_json()["rulings"][0]
    assert data["profile"] == "cash" and data["options_applied"] == [{"option": "four_card_flop", "value": "redeal"}]
    tda = rule(floor, PAIRS / "four-card-flop-under-tda-2026.yaml").rulings[0]
    assert tda.profile_line == "tda-2026: four_card_flop = random-burn"


def test_a_ruling_with_no_option_names_only_its_profile(floor):
    [ruling] = rule(floor, DEFAULT_SCENARIOS / "declarations" / "tda-51a-raise-said-alone.yaml").rulings
    assert ruling.options_applied == () and ruling.profile_line == "tda-2026"
    assert "options_applied" in ruling.to_json() and "caveats" not in ruling.to_json()


def test_a_ruling_on_a_2026_change_says_the_text_is_not_verified(floor):
    for name in ("tda-26-55b-oot-check-under-tda-2026.yaml", "tda-26-37e-joker-before-sa-under-tda-2026.yaml",
                 "seed003-tda-26-3b-question-under-tda-2026.yaml", "tda-26-16c-tabled-losers-under-tda-2026.yaml"):
        report = rule(floor, PAIRS / name)
        marked = [r for r in report.rulings if r.caveats]
        assert marked, name
        assert all(c.startswith("2026 text not verified") for r in marked for c in r.caveats)
    for name in ("tda-24-53a-oot-check-under-tda-2024.yaml", "tda-24-35a-joker-before-sa-under-tda-2024.yaml",
                 "seed003-tda-24-3-question-under-tda-2024.yaml"):
        assert not any(r.caveats for r in rule(floor, PAIRS / name).rulings), name


def test_a_profile_gated_rule_names_the_profile_it_is_listed_for(book):
    from floorman.engine.floor import options_applied

    gated = book.rules["BOARD-FOUR-CARD-FLOP-REDEAL"].model_copy(update={"profiles": ("cash",)})
    applied = options_applied(gated, {"four_card_flop": "redeal"}, book)
    assert applied == (("profile", "cash"), ("four_card_flop", "redeal"))


def test_an_option_read_in_the_conclusion_is_named(floor):
    report = rule(floor, PAIRS / "clock-room-sixty-seconds.yaml")
    [ruling] = report.rulings
    assert ruling.params["seconds"] == 60 and ("clock_seconds", 60) in ruling.options_applied


def test_the_ruling_panel_shows_the_profile_line_and_the_caveat(floor):
    from rich.console import Console

    from floorman.cli.ruling_view import ruling_panel

    report = rule(floor, PAIRS / "tda-26-37e-joker-before-sa-under-tda-2026.yaml")
    console = Console(width=200, record=True)
    console.print(ruling_panel(report.rulings[0], report.profile))
    text = console.export_text()
    assert "Profile: tda-2026: non_standard_card_fouls_deck = true" in text
    assert "2026 text not verified" in text


# ----------------------------------------------------------------------------- profile pairs

def pair_key(path: Path) -> str:
    scenario = load_scenario(path)
    data = {"table": scenario.document["table"], "events": scenario.document.get("events"),
            "incidents": scenario.document.get("incidents"), "house": scenario.header.house}
    return json.dumps(data, sort_keys=True, default=str)


def test_profile_pairs_rule_the_same_situation_differently(floor):
    groups: dict[str, list[Path]] = defaultdict(list)
    for path in scenario_files([PAIRS]):
        if "profile-pair" in load_scenario(path).header.tags:
            groups[pair_key(path)].append(path)
    pairs = [paths for paths in groups.values() if len(paths) == 2]
    assert len(pairs) >= 6
    assert all(len(paths) == 2 for paths in groups.values()), [p for p in groups.values() if len(p) != 2]
    for first, second in pairs:
        a, b = load_scenario(first), load_scenario(second)
        assert a.header.profile != b.header.profile
        ruled = [tuple((r.rule_id, r.decision) for r in rule(floor, p).rulings) for p in (first, second)]
        assert ruled[0] != ruled[1], (first.name, second.name)


def test_the_pairs_cover_the_2026_changes_and_the_room_options(book):
    tags = {tag for path in scenario_files([PAIRS]) for tag in load_scenario(path).header.tags}
    for name in ("four_card_flop", "premature_board", "misdeal_cutoff", "words_vs_chips", "show_one_show_all",
                 "string_bets_enforced", "S003-08"):
        assert name in tags
    for name in ("heads_up_oot_check_call_or_fold", "non_standard_card_fouls_deck", "words_in_question_may_bind",
                 "tabled_losers_kept_apart"):
        assert name in tags


# ----------------------------------------------------------------------------- rules --profile A --diff B

def test_diff_of_the_two_tda_profiles(book):
    found = diff_profiles(book, "tda-2024", "tda-2026")
    assert {o.name for o in found.options} == set(changes(book))
    assert all(o.tda_2026_change for o in found.options)
    assert "ACT-OOT-HEADS-UP-CHECK" in found.only_right and "DECK-FOULED-NON-STANDARD-CARD" in found.only_right
    assert "DEAL-NON-STANDARD-CARD-BLANK" in found.only_left and "DECL-QUESTION-NOT-A-DECLARATION" in found.only_left
    back = diff_profiles(book, "tda-2026", "tda-2024")
    assert (back.only_left, back.only_right) == (found.only_right, found.only_left)


def test_diff_of_a_profile_with_itself_and_with_a_house_file(tmp_path, book):
    assert diff_profiles(book, "cash", "cash").same
    home = diff_profiles(book, "cash", "home")
    assert [(o.name, o.left, o.right) for o in home.options] == [("string_bets_enforced", True, False)]
    assert "DECL-STRING-BET-NOT-ENFORCED" in home.only_right and "DECL-STRING-BET-CALL" in home.only_left
    path = tmp_path / "house.yaml"
    path.write_text("extends: cash\noptions: {string_bets_enforced: false}\n", encoding="utf-8")
    house = load_house(path, book)
    assert diff_profiles(book, "cash", "home", left_options=book.options("cash", house)).same


def test_cli_rules_diff():
    result = runner.invoke(app, ["rules", "--profile", "cash", "--diff", "home"])
    assert result.exit_code == 0, result.output
    assert "string_bets_enforced" in result.output and "DECL-STRING-BET-NOT-ENFORCED" in result.output
    result = runner.invoke(app, ["rules", "--profile", "tda-2024", "--diff", "tda-2026", "--json"])
    data = json.loads(result.output)
    assert data["left"] == "tda-2024" and "ACT-OOT-HEADS-UP-CHECK" in data["rules_only_right"]
    assert all(o["tda_2026_change"] for o in data["options"])
    result = runner.invoke(app, ["rules", "--profile", "cash", "--diff", "hom"])
    assert result.exit_code != 0 and "did you mean home" in result.output


# ----------------------------------------------------------------------------- room settings live in profiles

def test_room_settings_are_profile_options_not_table_fields(book):
    from floorman.model.table import Table

    for name in ("limit_cap_lifted_heads_up", "tiny_push_percent", "clock_seconds"):
        assert name in book.option_specs and name not in Table.model_fields
        assert name in book.profiles["tda-2026"].options or name in book.profiles["cash"].options


def test_a_bad_option_in_a_house_scenario_names_the_house_file(tmp_path, book):
    house = tmp_path / "house.yaml"
    house.write_text("extends: tda-2026\noptions:\n  clock_seconds: 1\n", encoding="utf-8")
    with pytest.raises(InputFileError) as caught:
        load_house(house, book)
    assert (caught.value.line, caught.value.field) == (3, "options.clock_seconds")


def test_a_journal_ruling_keeps_its_options_and_caveats(floor):
    from floorman.journal.revive import ruling_of

    report = rule(floor, PAIRS / "tda-26-55b-oot-check-under-tda-2026.yaml")
    [ruling] = report.rulings
    again = ruling_of(json.loads(json.dumps(report.to_json()))["rulings"][0], report.profile)
    assert again.options_applied == ruling.options_applied == (("heads_up_oot_check_call_or_fold", True),)
    assert again.caveats == ruling.caveats and again.profile_line == "tda-2026: heads_up_oot_check_call_or_fold = true"


def test_no_room_setting_is_a_constant_in_code(book):
    """The numbers of room settings live in rulebook/options.yaml; a situation with no options
    (the Python API) reads the declared default."""
    from floorman.rulebook.options import bundled_default

    assert bundled_default("tiny_push_percent") == book.option_specs["tiny_push_percent"].default
    assert bundled_default("clock_seconds") == book.option_specs["clock_seconds"].default == 25
    source = (Path(__file__).resolve().parents[1] / "floorman" / "engine" / "facts" / "betting.py").read_text()
    assert "DEFAULT_TINY_PUSH_PERCENT" not in source


def test_an_option_a_house_file_set_is_marked(floor):
    [ruling] = rule(floor, PAIRS / "clock-room-sixty-seconds.yaml").rulings
    assert ruling.from_house == ("clock_seconds",) and ruling.profile_line == "tda-2026: clock_seconds = 60 (house)"
    assert {"option": "clock_seconds", "value": 60, "house": True} in ruling.to_json()["options_applied"]
    [plain] = rule(floor, DEFAULT_SCENARIOS / "irregularities" / "seed000-clock-expires-no-bet-check.yaml").rulings
    assert plain.from_house == () and plain.profile_line == "tda-2026: clock_seconds = 25"


def test_a_ruling_resting_only_on_a_2026_rule_says_so(floor, book):
    """A rule whose TDA basis is 2026 only (a rule new in 2026) carries the caveat under the TDA
    profiles, never under cash; a rule with a 2024 basis never does."""
    from floorman.engine.floor import new_in_2026

    only_2026 = [r for r in book.rules.values() if r.ruling is not None
                 and [c for c in r.citations if c.source == "TDA" and c.role == "basis"]
                 and not any(c.edition == "2024" for c in r.citations if c.source == "TDA" and c.role == "basis")]
    assert only_2026
    for found in only_2026:
        assert new_in_2026(found, "tda-2026") and new_in_2026(found, "tda-2024") and not new_in_2026(found, "cash")
    assert new_in_2026(book.rules["BET-OVERSIZED-CHIP-CALL"], "tda-2026") == ()


def test_a_room_built_on_tda_2024_keeps_the_2024_values(tmp_path, book):
    folder = tmp_path / "book"
    shutil.copytree(DEFAULT_RULEBOOK, folder)
    (folder / "profiles" / "our-room.yaml").write_text(
        "id: our-room\ntitle: A room on the 2024 text\nextends: tda-2024\noptions: {clock_seconds: 40}\n",
        encoding="utf-8")
    copy = load_rulebook(folder)
    room, old = copy.options("our-room"), copy.options("tda-2024")
    assert {name: room[name] for name in changes(copy)} == {name: old[name] for name in changes(copy)}
    assert room["clock_seconds"] == 40
    house = tmp_path / "house.yaml"
    house.write_text("extends: tda-2024\noptions: {clock_seconds: 40}\n", encoding="utf-8")
    merged = book.options("tda-2024", load_house(house, book))
    assert merged["non_standard_card_fouls_deck"] is False and merged["clock_seconds"] == 40
