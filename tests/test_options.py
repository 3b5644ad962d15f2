"""Room options: declared once in rulebook/options.yaml, checked wherever a profile or a house sets one."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from floorman.authoring import lint
from floorman.errors import FloormanError, InputFileError
from floorman.rulebook.house import HouseRules, load_house
from floorman.rulebook.loader import DEFAULT_RULEBOOK, load_rulebook
from floorman.rulebook.options import OptionSpec, load_option_specs

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def book():
    return load_rulebook()


def copy_book(tmp_path: Path) -> Path:
    folder = tmp_path / "book"
    shutil.copytree(DEFAULT_RULEBOOK, folder)
    return folder


def set_line(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} is not once in {path}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_every_option_a_profile_sets_is_declared_with_kind_default_source_and_description(book):
    import yaml

    for path in (DEFAULT_RULEBOOK / "profiles").glob("*.yaml"):
        for name, value in yaml.safe_load(path.read_text())["options"].items():
            spec = book.option_specs[name]
            assert spec.refuse(value) is None, (path.name, name, value)
    for spec in book.option_specs.values():
        assert spec.description and spec.source.label
        assert spec.refuse(spec.default) is None


def test_the_issue_7_options_have_the_agreed_values(book):
    cash, tda = book.options("cash"), book.options("tda-2026")
    assert (cash["muck_touch_kills"], cash["show_one_show_all"], cash["limit_cap_lifted_heads_up"]) == (False, True, True)
    assert (tda["muck_touch_kills"], tda["show_one_show_all"], tda["limit_cap_lifted_heads_up"]) == (False, False, False)
    spec = book.option_specs["tiny_push_percent"]
    assert (spec.kind, spec.min, spec.max, spec.default) == ("int", 1, 50, 5)
    assert tda["tiny_push_percent"] == cash["tiny_push_percent"] == 5
    # a room setting, written in the TDA profiles themselves (issue 10), the TDA's example's 5
    assert book.profiles["tda-2026"].options["tiny_push_percent"] == book.profiles["tda-2024"].options["tiny_push_percent"] == 5
    assert spec.source.label == "TDA 2026 Rule 43" and "2%" in spec.description


def test_options_of_a_profile_hold_every_declared_option(book):
    for profile in book.profiles:
        assert set(book.options(profile)) == set(book.option_specs)


def test_the_profile_fact_has_one_field_per_declared_option(book):
    from floorman.engine.facts import Situation, profile_fact
    from floorman.model.table import Table

    table = Table.model_validate({"seats": [{"number": 1, "stack": 100}, {"number": 2, "stack": 100}],
                                  "button": 1, "forced_bets": {"small_blind": 1, "big_blind": 2}})
    fact = profile_fact(Situation(table, [], [], "cash", book.options("cash")))
    assert set(fact) - {"type", "id", "name"} == set(book.option_specs)


@pytest.mark.parametrize("old, new, field, message", [
    ("premature_board: common-set-aside", "premature_board: common-set-asid", "options.premature_board",
     "did you mean common-set-aside"),
    ("premature_board: common-set-aside", "premature_board: null", "options.premature_board", "null"),
    ("cash_plays: true", "cash_plays: 1.5", "options.cash_plays", "1.5 is not true or false"),
    ("cash_plays: true", "cash_plays: 1", "options.cash_plays", "not true or false"),
    ("cash_plays: true", "cash_plays: yes please", "options.cash_plays", "not true or false"),
    ("cash_plays: true", "tiny_push_percent: 1000000000000000000000000000000", "options.tiny_push_percent",
     "out of range"),
    ("cash_plays: true", "tiny_push_percent: 2.5", "options.tiny_push_percent", "not a whole number"),
    ("cash_plays: true", "tiny_push_percent: true", "options.tiny_push_percent", "not a whole number"),
    ("cash_plays: true", "tiny_push_percent: 0", "options.tiny_push_percent", "out of range (1 to 50)"),
    ("cash_plays: true", "cash_play: true", "options.cash_play", "did you mean cash_plays"),
    ("cash_plays: true", "no_such_option: true", "options.no_such_option", "unknown option"),
])
def test_a_bad_profile_option_is_refused_with_file_line_and_field(tmp_path, old, new, field, message):
    folder = copy_book(tmp_path)
    profile = folder / "profiles" / "cash.yaml"
    set_line(profile, old, new)
    line = next(i for i, text in enumerate(profile.read_text().splitlines(), 1) if text.strip().startswith(new))
    with pytest.raises(InputFileError) as caught:
        load_rulebook(folder)
    error = caught.value
    assert error.file.endswith("profiles/cash.yaml") and str(tmp_path) in str(Path(error.file).resolve())
    assert (error.line, error.field) == (line, field)
    assert message in str(error)
    problems = lint.lint_files(folder)           # lint reports the same, as a problem, not a crash
    assert [p.code for p in problems] == ["L001"] and field in problems[0].message


def test_premature_board_reshufle_no_longer_lints_clean(tmp_path):
    """Issue 7: `premature_board: reshufle` linted clean and ruled "no ruling"."""
    folder = copy_book(tmp_path)
    set_line(folder / "profiles" / "tda-2026.yaml", "premature_board: tda-reshuffle", "premature_board: reshufle")
    [problem] = lint.lint_files(folder)
    assert "reshufle" in problem.message and "did you mean tda-reshuffle" in problem.message


def test_a_rule_testing_an_undeclared_option_is_a_lint_error(tmp_path):
    folder = copy_book(tmp_path)
    set_line(folder / "irregularities" / "four-card-flop-redeal.yaml", "[[four_card_flop, '==', redeal]]",
             "[[four_card_flops, '==', redeal]]")
    before = {str(p) for p in lint.lint_files(DEFAULT_RULEBOOK)}
    problems = [p for p in lint.lint_files(folder) if str(p).split(": ", 1)[1] not in
                {b.split(": ", 1)[1] for b in before}]
    assert [p.code for p in problems] == ["L010"]
    assert "profile facts have no field 'four_card_flops'" in problems[0].message
    assert "did you mean four_card_flop" in problems[0].message
    assert problems[0].where.endswith("four-card-flop-redeal.yaml:20")


def test_a_rule_comparing_an_option_with_a_value_it_cannot_take_is_a_lint_error(tmp_path):
    folder = copy_book(tmp_path)
    set_line(folder / "irregularities" / "four-card-flop-redeal.yaml", "[[four_card_flop, '==', redeal]]",
             "[[four_card_flop, '==', re-deal]]")
    [problem] = [p for p in lint.lint_files(folder) if "re-deal" in p.message]
    assert problem.code == "L010" and "'re-deal' is not one of random-burn, redeal (did you mean redeal?)" \
        in problem.message


def test_the_bundled_rulebook_has_no_field_or_option_problem(book):
    assert [p for p in lint.lint_rules(book) if p.code in ("L010", "L011", "L012")] == []


# ----------------------------------------------------------------------------- declarations

@pytest.mark.parametrize("entry, message", [
    ("{kind: choice, values: [a], default: a, source: {source: house}, description: x}", "at least two"),
    ("{kind: choice, values: [a, b], default: c, source: {source: house}, description: x}", "default"),
    ("{kind: int, min: 1, default: 1, source: {source: house}, description: x}", "min"),
    ("{kind: bool, default: 1, source: {source: house}, description: x}", "default"),
    ("{kind: bool, default: true, source: {source: TDA}, description: x}", "TDA source"),
    ("{kind: bool, default: true, source: {source: house}}", "description"),
    ("{kind: flag, default: true, source: {source: house}, description: x}", "kind"),
    ("[1, 2]", "an option is a mapping"),
    # a 2026 change cites its TDA 2026 rule and names a 2024 value other than its default
    ("{kind: bool, default: true, tda_2026_change: true, source: {source: house}, description: x}",
     "cites its TDA 2026 rule"),
    ("{kind: choice, values: [a, b], default: a, tda_2026_change: true, source: {source: TDA, edition: '2026', "
     "rule: '3'}, description: x}", "tda_2024"),
    ("{kind: choice, values: [a, b], default: a, tda_2026_change: true, tda_2024: a, source: {source: TDA, "
     "edition: '2026', rule: '3'}, description: x}", "other than its default"),
    ("{kind: choice, values: [a, b], default: a, tda_2026_change: true, tda_2024: c, source: {source: TDA, "
     "edition: '2026', rule: '3'}, description: x}", "tda_2024"),
    ("{kind: bool, default: true, tda_2024: false, source: {source: house}, description: x}", "only a 2026 change"),
    ("{kind: bool, default: true, tda_2026_change: maybe, source: {source: house}, description: x}",
     "tda_2026_change"),
])
def test_a_bad_option_declaration_is_refused_with_its_place(tmp_path, entry, message):
    path = tmp_path / "options.yaml"
    path.write_text(f"options:\n  good: {{kind: bool, default: true, source: {{source: house}}, description: x}}\n"
                    f"  bad_one: {entry}\n")
    with pytest.raises(InputFileError) as caught:
        load_option_specs(path)
    assert caught.value.line == 3 and caught.value.field.startswith("options.bad_one")
    assert message in str(caught.value)


def test_an_option_spec_refuses_values_of_the_wrong_kind():
    spec = OptionSpec(name="n", kind="int", min=1, max=9, default=5, source={"source": "house"}, description="x")
    assert [spec.refuse(v) is None for v in (1, 9, 0, 10, True, 5.0, "5", None)] == \
        [True, True, False, False, False, False, False, False]


# ----------------------------------------------------------------------------- house files

def write(tmp_path: Path, text: str, name: str = "house.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_house_file_changes_the_options_of_the_profile_it_extends(tmp_path, book):
    house = load_house(write(tmp_path, "extends: cash\ntitle: Thursday game\noptions: {muck_touch_kills: true}\n"),
                       book)
    assert isinstance(house, HouseRules) and (house.extends, house.title) == ("cash", "Thursday game")
    assert house.options == {"muck_touch_kills": True} and house.path.endswith("house.yaml")
    merged = book.options("cash", house)
    assert merged["muck_touch_kills"] is True
    assert {k: v for k, v in merged.items() if k != "muck_touch_kills"} == \
        {k: v for k, v in book.options("cash").items() if k != "muck_touch_kills"}
    assert book.options("cash")["muck_touch_kills"] is False        # the profile itself is unchanged


def test_a_house_file_with_no_options_is_the_profile(tmp_path, book):
    house = load_house(write(tmp_path, "extends: tda-2026\n"), book)
    assert book.options("tda-2026", house) == book.options("tda-2026")


def test_house_options_for_another_profile_are_refused(tmp_path, book):
    house = load_house(write(tmp_path, "extends: cash\n"), book)
    with pytest.raises(InputFileError, match="extends 'cash'"):
        book.options("tda-2026", house)


@pytest.mark.parametrize("text, line, field, message", [
    ("extends: cash\noptions: {muck_touch_kill: true}\n", 2, "options.muck_touch_kill",
     "did you mean muck_touch_kills"),
    ("extends: cash\noptions:\n  muck_touch_kills: maybe\n", 3, "options.muck_touch_kills", "not true or false"),
    ("extends: cash\noptions:\n  tiny_push_percent: 51\n", 3, "options.tiny_push_percent", "out of range"),
    ("extends: cash\noptions:\n  tiny_push_percent: null\n", 3, "options.tiny_push_percent", "null"),
    ("extends: cash\noptions:\n  words_vs_chips: verbl\n", 3, "options.words_vs_chips", "did you mean verbal"),
    ("extends: cash\noptions: [muck_touch_kills]\n", 2, "options", "a mapping"),
    ("extends: cahs\n", 1, "extends", "did you mean cash"),
    ("options: {muck_touch_kills: true}\n", 1, "extends", "names the profile"),
    ("extends: [cash]\n", 1, "extends", "names the profile"),
    ("extends: cash\ntitle: [a]\n", 2, "title", "text"),
    ("extends: cash\noption: {muck_touch_kills: true}\n", 2, "option", "did you mean options"),
    # the options issue 10 added
    ("extends: tda-2026\noptions:\n  clock_seconds: 3\n", 3, "options.clock_seconds", "out of range (5 to 600)"),
    ("extends: tda-2026\noptions:\n  clock_seconds: one minute\n", 3, "options.clock_seconds", "not a whole number"),
    ("extends: home\noptions:\n  string_bets_enforced: no way\n", 3, "options.string_bets_enforced",
     "not true or false"),
    ("extends: tda-2024\noptions:\n  words_in_questions_may_bind: true\n", 3, "options.words_in_questions_may_bind",
     "did you mean words_in_question_may_bind"),
    ("extends: tda-2025\n", 1, "extends", "did you mean"),
])
def test_a_bad_house_file_is_refused_with_file_line_and_field(tmp_path, book, text, line, field, message):
    with pytest.raises(InputFileError) as caught:
        load_house(write(tmp_path, text), book)
    error = caught.value
    assert (error.line, error.field) == (line, field) and error.file.endswith("house.yaml")
    assert message in str(error)


@pytest.mark.parametrize("content, message", [
    (b"extends: cash\noptions: {a: [}\n", "not valid YAML"),
    (b"- just\n- a list\n", "a mapping"),
    (b"", "a mapping"),
])
def test_a_house_file_that_is_not_a_mapping_is_refused(tmp_path, book, content, message):
    path = tmp_path / "house.yaml"
    path.write_bytes(content)
    with pytest.raises(FloormanError, match=message):
        load_house(path, book)


def test_a_missing_house_file_is_refused(tmp_path, book):
    with pytest.raises(FloormanError, match="cannot read"):
        load_house(tmp_path / "nope.yaml", book)


# ----------------------------------------------------------------------------- thresholds are data

def _rule_with_house(book, scenario: Path, house_text: str | None, tmp_path: Path):
    from floorman.engine.floor import Floor
    from floorman.scenarios import load_scenario, rules_for

    loaded = load_scenario(scenario)
    house = None
    if house_text is not None:
        house = tmp_path / "house.yaml"
        house.write_text(house_text, encoding="utf-8")
    profile, options = rules_for(loaded, book, house=house)
    floor = Floor(book)
    try:
        return floor.rule(loaded.situation(profile, options))
    finally:
        floor.close()


@pytest.mark.parametrize("percent, rule, decision", [(50, "BET-FIFTY-PERCENT-RAISE", "raise"),
                                                      (78, "BET-FIFTY-PERCENT-RAISE", "raise"),
                                                      (79, "BET-FIFTY-PERCENT-CALL", "call"),
                                                      (100, "BET-FIFTY-PERCENT-CALL", "call")])
def test_the_raise_standard_is_a_room_option_a_house_file_sets(tmp_path, book, percent, rule, decision):
    """TDA addendum 45 Ex 4-A: 2,500 against a 1,400 bet is 1,100 over the call, 78% of the 1,400
    raise. A house file that sets the standard above that flips the bundled ruling to a call,
    with no change to the code."""
    scenario = ROOT / "scenarios" / "addendum" / "t45-4a-chips-behind-must-raise.yaml"
    house = f"extends: tda-2026\noptions: {{raise_standard_percent: {percent}}}\n"
    report = _rule_with_house(book, scenario, house, tmp_path)
    ruling = next(r for r in report.rulings if r.subject == "wager")
    assert (ruling.rule_id, ruling.decision) == (rule, decision)
    assert ruling.params["standard_percent"] == percent
    assert ("raise_standard_percent", percent) in ruling.options_applied


def test_the_raise_standard_is_compared_by_the_rules_not_in_python(book):
    """The wager fact carries the raw percent; the three rules that apply the standard compare it
    with the profile's option ('@p.raise_standard_percent')."""
    for rule_id in ("BET-FIFTY-PERCENT-RAISE", "BET-FIFTY-PERCENT-CALL", "BET-OVERBET-FOR-CHANGE"):
        rule = book.rules[rule_id]
        tests = [(c.field, c.op, c.value) for p in rule.when for c in p.where]
        assert any(field == "raise_percent" and value == "@p.raise_standard_percent" for field, _, value in tests)
