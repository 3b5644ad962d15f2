"""Load the rulebook folder: every rule file and profile, checked, with errors that say where.

Layout: `rulebook/<category>/<rule-name>.yaml` holds one rule; `rulebook/profiles/*.yaml`
holds the profiles. A house can point floorman at its own copy of the folder.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from floorman.errors import InputFileError
from floorman.rulebook.schema import Profile, Rule
from floorman.source import load_yaml, relative, validate

DEFAULT_RULEBOOK = Path(__file__).resolve().parents[2] / "rulebook"
DEFAULT_SCENARIOS = DEFAULT_RULEBOOK.parent / "scenarios"


@dataclass
class Rulebook:
    """All rules and profiles, indexed, with the file each came from."""

    rules: dict[str, Rule]
    profiles: dict[str, Profile]
    files: dict[str, str] = field(default_factory=dict)      # id -> file, from the rulebook's parent
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
    paths = sorted(folder.rglob("*.yaml"))
    cached = _read_cache(folder, paths)
    if cached is not None:
        return cached
    book = _load_files(paths, folder)
    _write_cache(folder, paths, book)
    return book


# Parsing ~160 YAML files costs ~40 ms at every start; a JSON copy of the validated rulebook,
# keyed by each file's path, size and modification time, is re-validated in ~6 ms instead.
# JSON only (never pickle): the cache is data, checked by the same schema as the files.
_CACHE_VERSION = 2


def _cache_file(folder: Path, paths: list[Path]) -> Path:
    digest = hashlib.sha1(f"{_CACHE_VERSION}:{folder}".encode())
    for path in paths:
        stat = path.stat()
        digest.update(f"{path}:{stat.st_size}:{stat.st_mtime_ns};".encode())
    root = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "floorman"
    return root / f"rulebook-{digest.hexdigest()[:20]}.json"


def _read_cache(folder: Path, paths: list[Path]) -> Rulebook | None:
    try:
        raw = json.loads(_cache_file(folder, paths).read_text(encoding="utf-8"))
        return Rulebook(rules={r["id"]: Rule.model_validate(r) for r in raw["rules"]},
                        profiles={p["id"]: Profile.model_validate(p) for p in raw["profiles"]},
                        files=raw["files"], lines=raw["lines"])
    except (OSError, ValueError, KeyError, TypeError):
        return None      # no cache, or a stale or damaged one: read the YAML


def _write_cache(folder: Path, paths: list[Path], book: Rulebook) -> None:
    target = _cache_file(folder, paths)
    payload = {"rules": [r.model_dump(mode="json", by_alias=True) for r in book.rules.values()],
               "profiles": [p.model_dump(mode="json") for p in book.profiles.values()],
               "files": book.files, "lines": book.lines}
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        temporary = target.with_suffix(f".{os.getpid()}.tmp")
        temporary.write_text(json.dumps(payload), encoding="utf-8")
        temporary.replace(target)
    except OSError:
        pass             # a read-only home is fine: the next start reads the YAML again


def _load_files(paths: list[Path], folder: Path) -> Rulebook:
    rules: dict[str, Rule] = {}
    profiles: dict[str, Profile] = {}
    files: dict[str, str] = {}
    lines: dict[str, int] = {}
    for path in paths:
        name = relative(path)
        document = load_yaml(path)
        if path.parent.name == "profiles":
            profile = validate(Profile, document, filename=name)
            if profile.id in profiles:
                raise InputFileError(f"profile id {profile.id!r} is also in {files[profile.id]}",
                                     file=name, field="id")
            profiles[profile.id] = profile
            files[profile.id] = str(path.relative_to(folder.parent))
            continue
        rule = validate(Rule, document, filename=name)
        if rule.id in rules:
            raise InputFileError(f"rule id {rule.id} is also used in {files[rule.id]}", file=name,
                                 line=getattr(document, "line", None), field="id")
        rules[rule.id] = rule
        files[rule.id] = str(path.relative_to(folder.parent))    # e.g. rulebook/betting/x.yaml
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
