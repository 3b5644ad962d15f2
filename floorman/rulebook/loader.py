"""Load the rulebook folder: every rule file and profile, checked, with errors that say where.

Layout: `rulebook/<category>/<rule-name>.yaml` holds one rule; `rulebook/profiles/*.yaml`
holds the profiles. A house can point floorman at its own copy of the folder.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from floorman.errors import InputFileError
from floorman.rulebook.schema import Profile, Rule
from floorman.source import load_yaml, relative, validate

DEFAULT_RULEBOOK = Path(__file__).resolve().parents[2] / "rulebook"


@dataclass
class Rulebook:
    """All rules and profiles, indexed, with the file each came from."""

    rules: dict[str, Rule]
    profiles: dict[str, Profile]
    files: dict[str, str] = field(default_factory=dict)      # rule or profile id -> file
    lines: dict[str, int] = field(default_factory=dict)      # rule id -> line of the rule

    def rules_for(self, profile: str) -> list[Rule]:
        chain = self.profile_chain(profile)
        return [rule for rule in self.rules.values() if any(rule.applies_to(p) for p in chain)]

    def profile_chain(self, profile: str) -> list[str]:
        """The profile and the ones it extends, nearest first."""
        chain: list[str] = []
        current: str | None = profile
        while current is not None:
            if current not in self.profiles:
                known = ", ".join(sorted(self.profiles))
                raise InputFileError(f"unknown profile {current!r} (known: {known})", field="profile")
            if current in chain:
                raise InputFileError(f"profile {current!r} extends itself", file=self.files.get(current))
            chain.append(current)
            current = self.profiles[current].extends
        return chain

    def options(self, profile: str) -> dict[str, bool | int | str]:
        """Room options of the profile, inherited ones first, then overridden."""
        merged: dict[str, bool | int | str] = {}
        for name in reversed(self.profile_chain(profile)):
            merged.update(self.profiles[name].options)
        return merged


def load_rulebook(folder: Path | str | None = None) -> Rulebook:
    """Load and check every rule and profile in the folder (default: the bundled rulebook)."""
    return _load(str(Path(folder).resolve()) if folder else str(DEFAULT_RULEBOOK))


@lru_cache(maxsize=8)
def _load(folder_name: str) -> Rulebook:
    folder = Path(folder_name)
    if not folder.is_dir():
        raise InputFileError("no rulebook folder here", file=folder_name)
    rules: dict[str, Rule] = {}
    profiles: dict[str, Profile] = {}
    files: dict[str, str] = {}
    lines: dict[str, int] = {}
    for path in sorted(folder.rglob("*.yaml")):
        name = relative(path)
        document = load_yaml(path)
        if path.parent.name == "profiles":
            profile = validate(Profile, document, filename=name)
            if profile.id in profiles:
                raise InputFileError(f"profile id {profile.id!r} is also in {files[profile.id]}",
                                     file=name, field="id")
            profiles[profile.id] = profile
            files[profile.id] = name
            continue
        rule = validate(Rule, document, filename=name)
        if rule.id in rules:
            raise InputFileError(f"rule id {rule.id} is also used in {files[rule.id]}", file=name,
                                 line=getattr(document, "line", None), field="id")
        rules[rule.id] = rule
        files[rule.id] = name
        lines[rule.id] = getattr(document, "line", 1) or 1
    book = Rulebook(rules=rules, profiles=profiles, files=files, lines=lines)
    _check_references(book)
    return book


def _check_references(book: Rulebook) -> None:
    for rule in book.rules.values():
        for other in rule.overrides:
            if other not in book.rules:
                raise InputFileError(f"overrides unknown rule {other}", file=book.files[rule.id],
                                     field="overrides")
        for profile in rule.profiles:
            if profile != "all" and profile not in book.profiles:
                raise InputFileError(f"unknown profile {profile!r}", file=book.files[rule.id], field="profiles")
    for profile in book.profiles.values():
        if profile.extends and profile.extends not in book.profiles:
            raise InputFileError(f"extends unknown profile {profile.extends!r}", file=book.files[profile.id],
                                 field="extends")
