"""The bundled rulings (scenarios/) as quiz material: the single-dispute ones the quiz asks, which
of them refer back to another ("As before, but..."), and the near misses the scenarios document.

A question that refers back is only asked right after the question it refers to (FOLLOWS names
it; a test checks every such scenario is listed). The near misses (`not_fires`: the rules that
must not fire on a scenario's hand) are the rules a floor person confuses with the right one;
the quiz offers a rule-by-rule mistake only between such rules (kinds.py).
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from floorman.errors import FloormanError
from floorman.resources import bundled as bundled_folder
from floorman.training.wording import chips_phrase

SCENARIOS = bundled_folder("scenarios")

#: scenario -> the scenario its question refers back to (the twin it is a near miss of)
FOLLOWS: dict[str, str] = {
    "button-short-a-card-acted-dead": "button-short-a-card-dealt-after-sa",
    "cash-chip-count-on-request": "tda-chip-count-no-all-in",
    "cash-on-table-tda-profile": "cash-on-table-plays-cash-profile",
    "cash-stud-open-pair-big-bet": "tda-stud-open-pair-no-big-bet",
    "cash-stud-tied-boards-position": "tda-stud-tied-boards-high-card-by-suit",
    "chip-race-cards-not-dealt": "seed000-chip-race-raced-out-kept-in",
    "chip-race-round-down-house": "seed000-chip-race-raced-out-kept-in",
    "clock-room-sixty-seconds": "seed000-clock-expires-facing-a-bet",
    "clock-tie-goes-to-the-player": "seed000-clock-expires-facing-a-bet",
    "first-card-wrong-seat-after-substantial-action": "misdeal-first-card-wrong-seat",
    "flop-without-burn-after-a-check-stands": "seed000-row-four-card-flop-near-miss-no-burn",
    "fouled-deck-found-after-next-hand-began": "fouled-deck-duplicate-on-the-turn",
    "holdem-full-house-beats-flush": "seed004-piquet-flush-beats-full-house",
    "holdem-no-ace-seven-straight": "seed004-piquet-ace-low-straight",
    "limit-cap-holds-three-way-cash-room": "limit-cap-lifted-heads-up-cash-room",
    "limit-cap-lifted-event-down-to-two": "limit-cap-holds-heads-up-tournament",
    "near-miss-forty-two-thousand-clear": "tda-40a-forty-two-thousand-unclear",
    "near-miss-string-bet-call-then-action-changed": "string-bet-call-then-raise-out-of-turn",
    "non-standard-card-in-hand-after-sa-dead": "non-standard-card-in-stub-after-sa-blank",
    "odd-chip-even-split-near-miss": "odd-chip-flop-game-left-of-button",
    "piquet-bridge-suit-order": "seed004-piquet-straight-suit-of-top-card",
    "pot-limit-raise-at-max-near-miss": "pot-limit-raise-over-max-reduced",
    "razz-split-odd-chip-cash": "razz-split-odd-chip-tda",
    "seed000-clock-expires-no-bet-check": "seed000-clock-expires-facing-a-bet",
    "seed000-mistake-6-near-miss-still-identifiable": "seed000-mistake-6-winner-mucked-untabled",
    "seed000-mistake-7-near-miss-after-the-hand": "seed000-mistake-7-telling-what-you-folded",
    "seed000-mistake-9-near-miss-still-identifiable": "seed000-mistake-9-unprotected-hand-fouled",
    "seed000-mistake-all-in-declared-not-reopened": "seed000-mistake-reraise-declared",
    "seed000-mistake-silent-chips-near-miss": "seed000-mistake-reraise-declared",
    "seed000-row-dealer-skips-player-near-miss-after-sa": "seed000-row-dealer-skips-player-misdeal",
    "seed000-row-four-card-flop-near-miss-no-burn": "seed000-row-four-card-flop",
    "seed000-row-not-in-seat-near-miss-within-reach": "seed000-row-not-in-seat-when-deal-finishes",
    "seed000-row-two-boxed-near-miss-one-boxed": "seed000-row-two-boxed-cards-misdeal",
    "seed000-short-all-in-example-d-may-raise": "seed000-short-all-in-example-a-may-not-raise",
    "seed000-ymtc-2-near-miss-not-yet-acted": "seed000-ymtc-2-short-all-in",
    "seed004-piquet-split-odd-chip-nearest-dealer": "tda-26-piquet-split-odd-chip-worst-position",
    "tda-accepted-action-count-caught-first": "tda-accepted-action-wrong-count",
    "tda-addendum-t16-2-turn-all-in": "tda-addendum-t16-2-flop-checked",
    "tda-addendum-t38-1b-three-cards-dead": "tda-addendum-t38-1a-one-card-dead",
    "tda-addendum-t43-4b-one-big-raise": "tda-addendum-t43-4a-largest-raise",
    "tda-addendum-t47-1a-not-reopened": "tda-addendum-t47-1-cumulative-reopens",
    "tda-addendum-t47-1b-reopened-by-raise": "tda-addendum-t47-1-cumulative-reopens",
    "tda-addendum-t47-3a-limper-may-not-raise": "tda-addendum-t47-3a-big-blind-may-raise",
    "tda-addendum-t47-3b-limper-reopened": "tda-addendum-t47-3a-big-blind-may-raise",
    "tda-chip-count-not-in-turn": "tda-chip-count-facing-all-in",
    "wrong-button-after-sa-stands": "wrong-button-before-sa-corrected",
    "wrong-level-after-sa-stands": "wrong-level-before-sa-corrected",
    "ymtc-1-near-miss-raise-declared": "ymtc-1-silent-big-chip",
}

_CHIP_LIST = re.compile(r"\[(\d+(?:,\s*\d+)*)\]")


@dataclass(frozen=True)
class Bundled:
    name: str
    scenario: Any
    profile: str
    options: dict[str, Any]

    @property
    def follows(self) -> str | None:
        return FOLLOWS.get(self.name)

    @property
    def prompt(self) -> str:
        text = " ".join((self.scenario.header.question or self.scenario.title).split())
        # a push written as a list of chips ("puts out [500, 1000]"), in cardroom words
        return _CHIP_LIST.sub(lambda m: chips_phrase(int(c) for c in m.group(1).split(",")), text)


@lru_cache(maxsize=1)
def _scenarios() -> tuple[tuple[Path, Any], ...]:
    from floorman.scenarios import load_scenario, scenario_files

    if not SCENARIOS.is_dir():
        return ()
    found = []
    for path in scenario_files([SCENARIOS]):
        try:
            found.append((path, load_scenario(path)))
        except FloormanError:
            continue
    return tuple(found)


@lru_cache(maxsize=1)
def bundled() -> tuple[Bundled, ...]:
    """Every bundled scenario with one incident and a ruling expected (house files applied) whose
    deal is possible, by name; one that refers back is kept only when what it follows is kept."""
    from floorman.rulebook.loader import load_rulebook
    from floorman.scenarios import rules_for
    from floorman.training.validate import deal_problems

    book = load_rulebook()
    kept: dict[str, Bundled] = {}
    for path, scenario in _scenarios():
        if len(scenario.incidents) != 1 or not scenario.expect.rule:
            continue
        try:
            profile, options = rules_for(scenario, book)
        except FloormanError:
            continue
        item = Bundled(path.stem, scenario, profile, options)
        if deal_problems(scenario.situation(profile, options), item.prompt):
            continue             # a deal that cannot happen (the scenario's own error): never asked
        kept[item.name] = item
    return tuple(item for name, item in sorted(kept.items()) if not _broken_chain(name, kept))


def _broken_chain(name: str, kept: dict[str, Bundled]) -> bool:
    while name in FOLLOWS:
        name = FOLLOWS[name]
        if name not in kept:
            return True
    return False


def chain(item: Bundled, by_name: dict[str, Bundled]) -> list[Bundled]:
    """The questions to ask for `item`: those it refers back to, first, then itself."""
    out = [item]
    while out[0].follows is not None:
        out.insert(0, by_name[out[0].follows])
    return out


@lru_cache(maxsize=1)
def near_misses() -> dict[str, frozenset[str]]:
    """Rule id -> the rules the scenarios document as its near misses (either way round)."""
    pairs: dict[str, set[str]] = defaultdict(set)
    rule_of = {path.stem: scenario.expect.rule for path, scenario in _scenarios()}
    found = [(expect.rule, other) for _, scenario in _scenarios() for expect in scenario.expects if expect.rule
             for other in expect.not_fires]
    # a twin is a near miss of the scenario it follows
    found += [(rule_of[twin], rule_of[base]) for twin, base in FOLLOWS.items()
              if rule_of.get(twin) and rule_of.get(base)]
    for rule, other in found:
        if rule != other:
            pairs[rule].add(other)
            pairs[other].add(rule)
    return {rule: frozenset(others) for rule, others in pairs.items()}
