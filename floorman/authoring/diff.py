"""What differs between two profiles: the room options each sets, and the rules that can fire
under one and not the other (`floorman rules --profile A --diff B`).

A rule can fire under a profile when it is listed for it (or a profile it extends) and its
room-option tests hold for the profile's options (floorman/authoring/search.py `applies_under`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from floorman.authoring.search import applies_under
from floorman.rulebook.loader import Rulebook


@dataclass(frozen=True)
class OptionDifference:
    name: str
    left: Any
    right: Any
    description: str
    tda_2026_change: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"option": self.name, "left": self.left, "right": self.right, "description": self.description,
                "tda_2026_change": self.tda_2026_change}


@dataclass(frozen=True)
class ProfileDiff:
    """Profile `left` against profile `right`: options whose values differ, rules only one has."""

    left: str
    right: str
    options: list[OptionDifference] = field(default_factory=list)
    only_left: list[str] = field(default_factory=list)       # rule ids that can fire under left only
    only_right: list[str] = field(default_factory=list)

    @property
    def same(self) -> bool:
        return not (self.options or self.only_left or self.only_right)

    def to_json(self) -> dict[str, Any]:
        return {"left": self.left, "right": self.right, "options": [o.to_json() for o in self.options],
                "rules_only_left": self.only_left, "rules_only_right": self.only_right}


def diff_profiles(book: Rulebook, left: str, right: str, *, left_options: dict[str, Any] | None = None,
                  right_options: dict[str, Any] | None = None) -> ProfileDiff:
    """The options and rules that differ between two profiles (options given, e.g. a house
    file's, stand in for a profile's own)."""
    ours = left_options if left_options is not None else book.options(left)
    theirs = right_options if right_options is not None else book.options(right)
    options = [OptionDifference(name, ours[name], theirs[name], spec.description, spec.tda_2026_change)
               for name, spec in book.option_specs.items() if ours.get(name) != theirs.get(name)]
    only_left, only_right = [], []
    for rule_id in sorted(book.rules):
        rule = book.rules[rule_id]
        in_left = applies_under(book, rule, left, ours)
        in_right = applies_under(book, rule, right, theirs)
        if in_left and not in_right:
            only_left.append(rule_id)
        elif in_right and not in_left:
            only_right.append(rule_id)
    return ProfileDiff(left, right, options, only_left, only_right)
