"""Rule look-up: `floorman rules` (ranked word search) and `floorman explain` (one rule in full).

The search and the explanation are tested on the library (floorman/authoring/search.py and
explain.py); a few CliRunner tests cover the commands, their exit statuses and the 80-column fit.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from floorman import __version__
from floorman.authoring.explain import UnknownRule, explain, find_rule, pattern_words
from floorman.authoring.search import CATEGORIES, RuleIndex, applies_under, search, words
from floorman.cli.app import app
from floorman.errors import FloormanError
from floorman.rulebook.loader import load_rulebook
from floorman.scenarios import load_scenario

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner(env={"COLUMNS": "80", "NO_COLOR": "1"})


@pytest.fixture(scope="module")
def book():
    return load_rulebook()


@pytest.fixture(scope="module")
def index(book):
    return RuleIndex(book)


def top(book, index, text, n=3, **filters):
    return [hit.rule.id for hit in search(book, text, index=index, **filters)[:n]]


# ----------------------------------------------------------------------------- search: ranking

def test_oversized_chip_ranks_the_oversized_chip_rules_first(book, index):
    oversized = sorted(rule_id for rule_id in book.rules if rule_id.startswith("BET-OVERSIZED-CHIP-"))
    assert len(oversized) == 4
    assert sorted(top(book, index, "oversized chip", n=len(oversized))) == oversized


@pytest.mark.parametrize("query, wanted", [
    ("four card flop", {"BOARD-FOUR-CARD-FLOP-RANDOM-BURN", "BOARD-FOUR-CARD-FLOP-REDEAL"}),
    ("short all-in", {"ACT-RAISE-NOT-REOPENED", "BET-NOT-REOPENED-CALL"}),
    ("exposed card", {"PLAYER-EXPOSED-CARD-LIVE", "DEAL-EXPOSED-CARD-REPLACED-AS-BURN"}),
    ("string bet", {"DECL-STRING-BET-CALL", "DECL-STRING-BET-OPENING", "DECL-STRING-BET-FIRST-MOTION-RAISE"}),
    ("out of turn", {"ACT-OOT-BINDS", "ACT-OOT-BACK-UP"}),
])
def test_everyday_disputes_find_their_rules_in_the_top_three(book, index, query, wanted):
    found = top(book, index, query)
    assert wanted & set(found), f"{query!r}: top 3 {found}, none of {sorted(wanted)}"


def test_a_phrase_outranks_its_words_scattered(book, index):
    """Every one of the top three for these phrases is about the phrase, not one word of it."""
    assert all(rule_id.startswith("DECL-STRING-BET-") for rule_id in top(book, index, "string bet"))
    assert all(rule_id.startswith("ACT-OOT-") for rule_id in top(book, index, "out of turn"))
    assert all(rule_id.startswith("BOARD-FOUR-CARD-FLOP-") for rule_id in top(book, index, "four card flop", n=2))


def test_exposed_card_on_the_deal_puts_the_dealing_rule_first(book, index):
    assert top(book, index, "exposed card on the deal", n=1) == ["DEAL-EXPOSED-CARD-REPLACED-AS-BURN"]


@pytest.mark.parametrize("spellings", [
    ("all-in", "all in", "allin", "ALL-IN"),
    ("out of turn", "oot", "out-of-turn"),
    ("chip", "chips"),
    ("four card flop", "4-card flop", "4 card flop"),
])
def test_cardroom_spellings_rank_alike(book, index, spellings):
    rankings = {spelling: top(book, index, spelling, n=5) for spelling in spellings}
    first = rankings[spellings[0]]
    assert first, spellings
    assert all(ranking == first for ranking in rankings.values()), rankings


def test_words_fold_cardroom_phrases_and_stem():
    assert words("All-in out of turn chips") == ["allin", "oot", "chip"]
    assert words("exposed card") == words("exposes cards")
    assert words("the dealer") == ["dealer"]           # stop words dropped


def _cites(rule, number: str) -> bool:
    return any((c.rule or "").upper() == number for c in rule.citations)


def test_a_tda_rule_number_finds_the_rules_citing_it(book, index):
    hits = search(book, "45-B", index=index)
    assert hits and all(_cites(hit.rule, "45-B") for hit in hits[:5])
    assert "BET-OVERSIZED-CHIP-CALL" in top(book, index, "rule 44", n=5)
    # an edition named: the rules citing 44 in the 2024 text come first
    for rule_id in top(book, index, "2024 rule 44", n=3):
        assert any(c.edition == "2024" and c.rule == "44" for c in book.rules[rule_id].citations), rule_id


def test_an_id_typed_whole_comes_first(book, index):
    assert top(book, index, "bet-oversized-chip-call", n=1) == ["BET-OVERSIZED-CHIP-CALL"]
    assert top(book, index, "silent-oversized-chip", n=1) == ["BET-OVERSIZED-CHIP-CALL"]   # the rule's name


def test_nonsense_finds_nothing(book, index):
    assert search(book, "zzyzx qqq", index=index) == []


def test_a_word_search_drops_rules_that_share_only_a_common_word(book, index):
    hits = search(book, "four card flop", index=index)
    assert len(hits) < len(book.rules) / 4
    assert all(hit.score >= 0.25 * hits[0].score for hit in hits)


# ----------------------------------------------------------------------------- search: filters

def test_no_words_lists_every_rule_by_category(book):
    hits = search(book)
    assert len(hits) == len(book.rules)
    order = [CATEGORIES.index(hit.rule.category) for hit in hits]
    assert order == sorted(order)


@pytest.mark.parametrize("category", CATEGORIES)
def test_category_keeps_only_that_category(book, category):
    hits = search(book, category=category)
    assert len(hits) == sum(rule.category == category for rule in book.rules.values()) > 0
    assert all(hit.rule.category == category for hit in search(book, "chip", category=category))


def test_an_unknown_category_is_named_with_the_valid_ones(book):
    with pytest.raises(FloormanError, match=r"unknown category 'showdwn' \(did you mean showdown\?\)"):
        search(book, category="showdwn")


def test_profile_keeps_the_rules_whose_room_options_it_satisfies(book, index):
    cash = top(book, index, "four card flop", n=5, profile="cash")
    tda = top(book, index, "four card flop", n=5, profile="tda-2026")
    assert "BOARD-FOUR-CARD-FLOP-REDEAL" in cash and "BOARD-FOUR-CARD-FLOP-RANDOM-BURN" not in cash
    assert "BOARD-FOUR-CARD-FLOP-RANDOM-BURN" in tda and "BOARD-FOUR-CARD-FLOP-REDEAL" not in tda
    # a rule listed for one profile only (the bundled rules gate on options now: list one so)
    import dataclasses

    gated = book.rules["BOARD-FOUR-CARD-FLOP-RANDOM-BURN"].model_copy(update={"profiles": ("tda-2026",)})
    copy = dataclasses.replace(book, rules={**book.rules, gated.id: gated})
    assert gated.id in {hit.rule.id for hit in search(copy, profile="tda-2026")}
    assert gated.id not in {hit.rule.id for hit in search(copy, profile="tda-2024")}


def test_profile_filter_agrees_with_the_options_per_profile(book):
    """Each profile's listing holds exactly the rules whose profile patterns its options pass."""
    for profile in book.profiles:
        options = {**book.options(profile), "name": profile}
        listed = {hit.rule.id for hit in search(book, profile=profile)}
        for rule in book.rules.values():
            tests = [c for p in rule.when if p.fact == "profile" for c in p.where]
            passes = all(options.get(c.field) == c.value for c in tests if c.op == "==")
            assert (rule.id in listed) == (rule.applies_to(profile) and passes), (profile, rule.id)


def test_applies_under_reads_a_house_files_options(book):
    redeal = book.rules["BOARD-FOUR-CARD-FLOP-REDEAL"]
    assert not applies_under(book, redeal, "tda-2026")
    house = {**book.options("tda-2026"), "four_card_flop": "redeal"}
    assert applies_under(book, redeal, "tda-2026", options=house)


def test_an_unknown_profile_is_an_error(book):
    with pytest.raises(FloormanError, match="unknown profile 'tda'"):
        search(book, "chip", profile="tda")


# ----------------------------------------------------------------------------- explain

def test_find_rule_by_id_in_any_case_or_by_name(book):
    assert find_rule(book, "bet-oversized-chip-call").id == "BET-OVERSIZED-CHIP-CALL"
    assert find_rule(book, "silent-oversized-chip").id == "BET-OVERSIZED-CHIP-CALL"


@pytest.mark.parametrize("typo, suggested", [
    ("BET-OVERSIZD-CHIP-CALL", "BET-OVERSIZED-CHIP-CALL"),
    ("BET-OVERSIZED-CHIP", "BET-OVERSIZED-CHIP-RAISE"),          # a prefix: every rule it starts
    ("act-oot-bind", "ACT-OOT-BINDS"),
])
def test_a_typo_gets_did_you_mean(book, typo, suggested):
    with pytest.raises(UnknownRule, match="did you mean") as caught:
        find_rule(book, typo)
    assert suggested in str(caught.value)


def test_explain_the_oversized_chip_call(book):
    explanation = explain(book, "BET-OVERSIZED-CHIP-CALL")
    data = json.loads(json.dumps(explanation.to_json()))
    assert data["statement"].startswith("Facing a bet or a blind")
    assert "no intent to raise" in data["why"]
    cited = {(c["source"], c.get("edition"), c.get("rule")): c for c in data["citations"]}
    assert cited[("TDA", "2024", "44")]["confidence"] == "verified"
    assert cited[("TDA", "2026", "46")]["confidence"] == "corroborated"
    assert any(c["source"] == "RRoP" for c in data["citations"])
    assert all(c["role"] in ("basis", "contrast") for c in data["citations"])
    # a seed guide is house practice, never its file name
    assert not re.search(r"\d{3}_[0-9a-f]{6,}", json.dumps(data["citations"]))
    words_needed = data["needs"][0]["words"]
    assert words_needed.startswith("a wager where ")
    assert "single_chip is yes" in words_needed and "chip_value > its call_amount" in words_needed
    assert data["decision"] == "call" and data["numbers"] == ["call_amount", "call_to", "change"]
    assert data["precedence"] == {"subject": "wager", "priority": 60, "overrides": [], "overridden_by": []}
    assert data["effect"] == ["the wager's seat calls"]
    assert data["profiles"] == ["cash", "home", "tda-2024", "tda-2026"]


def test_the_example_is_a_scenario_that_names_the_rule_ruled_on(book):
    explanation = explain(book, "BET-OVERSIZED-CHIP-CALL")
    example = explanation.example
    assert example is not None and example.error is None
    scenario = load_scenario(ROOT / example.path)
    assert any(expect.rule == "BET-OVERSIZED-CHIP-CALL" for expect in scenario.expects)
    assert example.ruling.rule_id == "BET-OVERSIZED-CHIP-CALL" and example.ruling.decision == "call"
    expected = next(e for e in scenario.expects if e.rule == "BET-OVERSIZED-CHIP-CALL")
    for name, value in expected.params.items():
        assert example.ruling.params[name] == value


def test_explain_a_room_option_rule(book):
    data = explain(book, "board-four-card-flop-redeal", example=False).to_json()
    assert data["needs"][0]["words"] == "the room option four_card_flop is redeal"
    assert data["needs"][1]["words"] == "a four card flop"
    [option] = data["options"]
    assert option["option"] == "four_card_flop"
    assert option["values"] == {profile: book.options(profile)["four_card_flop"] for profile in book.profiles}
    assert option["holds"] == {"cash": True, "home": True, "tda-2024": False, "tda-2026": False}
    assert data["profiles"] == ["cash", "home"]
    assert set(data["quoted_as"]) == {"cash", "home"}


def test_explain_a_derivation_names_the_rule_it_chains_from(book):
    data = explain(book, "DERIVE-BETTING-REOPENED").to_json()
    assert data["derives"] == "betting_reopened" and "decision" not in data
    assert data["needs"][0]["words"] == "the derived fact full_raise (from DERIVE-FULL-RAISE)"
    assert data["example"] is not None        # a scenario whose `fires` lists it


def test_overridden_by_is_the_reverse_of_overrides(book):
    for rule in book.rules.values():
        for loser in rule.overrides:
            if loser in book.rules:
                assert rule.id in explain(book, loser, example=False).overridden_by


def test_every_rule_explains_as_json_without_a_seed_file_name(book):
    for rule in book.rules.values():
        data = explain(book, rule.id, example=False).to_json()
        text = json.dumps(data)
        assert not re.search(r"\d{3}_[0-9a-f]{6,}\.txt", text), rule.id
        assert len(data["needs"]) == len(rule.when)
        assert all(need["words"] for need in data["needs"])


def test_pattern_words_for_every_operator(book):
    from floorman.rulebook.schema import Pattern

    pattern = Pattern.model_validate({"as": "c", "fact": "wager", "where": [
        ["told", "!=", 5], ["street", "in", ["flop", "turn"]], ["real", ">=", 1000], ["seat", "exists"],
        ["by", "absent"], ["acted", "==", False], ["stack", "<", "@h.pot"]]})
    assert pattern_words(pattern, {"c": "wager", "h": "hand"}, {}) == (
        "a wager where told is not 5, street is one of flop or turn, real >= 1,000, it has seat, "
        "it has no by, acted is no and stack < the hand's pot")
    oot = Pattern.model_validate({"as": "o", "fact": "oot", "where": [["oot_fold", "==", True]]})
    assert pattern_words(oot, {"o": "oot"}, {}) == "an out-of-turn action where oot_fold is yes"


# ----------------------------------------------------------------------------- the commands

def _lines_fit(text: str, width: int = 80) -> bool:
    return all(len(line) <= width for line in text.splitlines())


def test_cli_rules_shows_id_title_category_profiles_and_summary():
    result = runner.invoke(app, ["rules", "oversized", "chip"])
    assert result.exit_code == 0, result.output
    first = result.output.splitlines()[0]
    assert first.startswith("BET-OVERSIZED-CHIP-") and "betting" in first and "cash, home, tda-2024, tda-2026" in first
    assert "One oversized chip, put out without a word facing a bet, is a call" in result.output
    assert "Facing a bet or a blind" in result.output
    assert _lines_fit(result.output)


def test_cli_rules_json_with_filters():
    result = runner.invoke(app, ["rules", "four", "card", "flop", "--profile", "cash", "--json"])
    assert result.exit_code == 0, result.output
    found = json.loads(result.output)["rules"]
    assert found[0]["id"] == "BOARD-FOUR-CARD-FLOP-REDEAL"
    assert all("cash" in rule["profiles"] for rule in found)
    result = runner.invoke(app, ["rules", "--category", "showdown", "--json"])
    assert {rule["category"] for rule in json.loads(result.output)["rules"]} == {"showdown"}


def test_cli_rules_nothing_found_and_bad_filters_exit_1():
    result = runner.invoke(app, ["rules", "zzyzx"])
    assert result.exit_code == 1 and "no rule matches 'zzyzx'" in result.output
    result = runner.invoke(app, ["rules", "--category", "bogus"])
    assert result.exit_code == 1 and "unknown category 'bogus'" in result.output
    assert "Traceback" not in result.output


def test_cli_explain_shows_the_rule_in_full_within_80_columns():
    result = runner.invoke(app, ["explain", "bet-oversized-chip-call"])
    assert result.exit_code == 0, result.output
    for part in ("BET-OVERSIZED-CHIP-CALL", "Why", "TDA 2024 Rule 44", "TDA 2026 Rule 46",
                 "What it needs to fire", "single_chip is yes", "Example:", "50,000"):
        assert part in result.output, part
    assert _lines_fit(result.output)


def test_cli_explain_json():
    result = runner.invoke(app, ["explain", "BOARD-FOUR-CARD-FLOP-REDEAL", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["id"] == "BOARD-FOUR-CARD-FLOP-REDEAL" and data["example"]["ruling"]["decision"] == "redeal-street"


def test_cli_explain_unknown_rule_is_one_line_with_did_you_mean():
    result = runner.invoke(app, ["explain", "BET-OVERSIZD-CHIP-CALL"])
    assert result.exit_code == 1
    assert result.output.strip() == ("Error: RULE_ID: no rule 'BET-OVERSIZD-CHIP-CALL' "
                                     "(did you mean BET-OVERSIZED-CHIP-CALL?)")
    result = runner.invoke(app, ["explain", "nothing-like-it"])
    assert result.exit_code == 1 and "floorman rules WORDS" in result.output and "Traceback" not in result.output


def test_version():
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and result.output.strip() == f"floorman {__version__}"


def test_in_a_real_terminal_at_80_columns():
    """As a user types them: a pseudo-terminal 80 columns wide, the real process."""
    import sys

    import pexpect

    child = pexpect.spawn(sys.executable, ["-m", "floorman", "rules", "out", "of", "turn", "--limit", "3"],
                          dimensions=(40, 80), encoding="utf-8", timeout=30)
    child.expect(pexpect.EOF)
    child.close()
    screen = re.sub(r"\x1b\[[0-9;]*m", "", child.before)      # the colours of a real terminal
    assert child.exitstatus == 0, screen
    assert screen.lstrip().startswith("ACT-OOT-") and "3 of " in screen
    assert _lines_fit(screen.replace("\r", ""))
    child = pexpect.spawn(sys.executable, ["-m", "floorman", "explain", "act-oot-bind"], dimensions=(40, 80),
                          encoding="utf-8", timeout=30)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1
    assert child.before.strip() == "Error: RULE_ID: no rule 'act-oot-bind' (did you mean ACT-OOT-BINDS?)"


def test_a_house_file_turns_on_a_rule_no_profile_does(book, index):
    from floorman.rulebook.house import load_house

    house = load_house(ROOT / "scenarios" / "house" / "seed-002-muck-touch-kills.yaml", book)
    assert "SD-MUCK-TOUCH-KILLS" not in {hit.rule.id for hit in search(book, "muck", profile="cash")}
    assert "SD-MUCK-TOUCH-KILLS" in top(book, index, "muck touch", n=1, house=house)
    result = runner.invoke(app, ["rules", "muck", "touch", "--house",
                                 str(ROOT / "scenarios" / "house" / "seed-002-muck-touch-kills.yaml")])
    assert result.exit_code == 0 and result.output.startswith("SD-MUCK-TOUCH-KILLS"), result.output
    assert "a house file can" in result.output


def test_cli_explain_without_an_example_and_a_rule_no_scenario_names():
    result = runner.invoke(app, ["explain", "BET-OVERSIZED-CHIP-CALL", "--no-example"])
    assert result.exit_code == 0 and "Example" not in result.output and "scenario" not in result.output
    result = runner.invoke(app, ["explain", "ACT-OOT-FOLD-BINDS"])
    assert result.exit_code == 0
    assert ("No bundled scenario names this rule" in result.output) == (
        explain(load_rulebook(), "ACT-OOT-FOLD-BINDS").example is None)
