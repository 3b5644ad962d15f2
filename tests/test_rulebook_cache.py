"""The rulebook cache: keyed by version and schema, never trusted when wrong, cleaned up after itself.

Audit item L4 (reliability-audit.md §6).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

import floorman
from floorman.rulebook import loader
from floorman.rulebook.loader import load_rulebook


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "xdg"
    monkeypatch.setenv("XDG_CACHE_HOME", str(folder))
    loader._load.cache_clear()
    yield folder / "floorman"
    loader._load.cache_clear()


def cache_files(root: Path) -> list[Path]:
    return sorted(root.glob("rulebook-*.json"))


def test_the_tests_never_touch_the_users_cache(private_cache):
    home = Path.home() / ".cache"
    assert Path(os.environ["XDG_CACHE_HOME"]) == private_cache
    assert home not in private_cache.parents and private_cache != home
    seen = subprocess.run([sys.executable, "-c", "import os; print(os.environ['XDG_CACHE_HOME'])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    assert seen == str(private_cache)            # subprocesses inherit it


def test_the_version_constant_matches_the_package_metadata():
    from importlib.metadata import version

    assert floorman.__version__ == version("floorman")


def test_the_cache_key_holds_the_floorman_version_and_the_schema(monkeypatch, book_copy, cache):
    paths = sorted(book_copy.folder.rglob("*.yaml"))
    real = floorman.__version__
    loader._schema_digest.cache_clear()
    first = loader._cache_file(book_copy.folder, paths).name
    monkeypatch.setattr(floorman, "__version__", "99.0.0")
    loader._schema_digest.cache_clear()
    assert loader._cache_file(book_copy.folder, paths).name != first
    monkeypatch.setattr(floorman, "__version__", real)
    monkeypatch.setattr(loader, "_SCHEMA_SOURCES", ("schema.py",))     # a different schema source
    loader._schema_digest.cache_clear()
    assert loader._cache_file(book_copy.folder, paths).name != first
    monkeypatch.setattr(loader, "_SCHEMA_SOURCES", ("schema.py", "options.py", "loader.py"))
    loader._schema_digest.cache_clear()
    assert loader._cache_file(book_copy.folder, paths).name == first


def test_a_second_load_reads_the_cache(book_copy, cache, monkeypatch):
    book = load_rulebook(book_copy.folder)
    [written] = cache_files(cache)
    loader._load.cache_clear()
    monkeypatch.setattr(loader, "_load_files", lambda *a: pytest.fail("the YAML was read again"))
    again = load_rulebook(book_copy.folder)
    assert again.rules == book.rules and again.profiles == book.profiles
    assert again.option_specs == book.option_specs and again.files == book.files
    assert cache_files(cache) == [written]


def cached_json(target: Path) -> dict:
    """The cache's JSON, after its seal line."""
    return json.loads(target.read_text().partition("\n")[2])


def _damage(raw: dict, how: str) -> object:
    if how == "profiles: []":
        raw["profiles"] = []
    elif how == "rules: []":
        raw["rules"] = []
    elif how == "one rule fewer":
        raw["rules"] = raw["rules"][1:]
    elif how == "files: {}":
        raw["files"] = {}
    elif how == "a file named twice":
        first, second = list(raw["files"])[:2]
        raw["files"][second] = raw["files"][first]
    elif how == "options: []":
        raw["options"] = []
    elif how == "an option value out of range":
        raw["profiles"][0]["options"]["tiny_push_percent"] = 1000
    elif how == "an override that resolves to nothing":
        raw["rules"][0]["overrides"] = ["NO-SUCH-RULE"]
    elif how == "a profile extending nothing":
        raw["profiles"][0]["extends"] = "nowhere"
    elif how == "lines missing":
        raw.pop("lines")
    elif how == "a JSON list":
        return [1, 2]
    return raw


@pytest.mark.parametrize("how", ["profiles: []", "rules: []", "one rule fewer", "files: {}", "a file named twice",
                                 "options: []", "an option value out of range", "an override that resolves to nothing",
                                 "a profile extending nothing", "lines missing", "a JSON list"])
def test_a_cache_that_loads_but_is_wrong_is_discarded_and_rebuilt(book_copy, cache, how):
    """Audit §6: `profiles: []` in the cache made every later run fail, and it was never rewritten."""
    book = load_rulebook(book_copy.folder)
    [target] = cache_files(cache)
    seal = target.read_text().partition("\n")[0]       # the old seal over the changed JSON
    target.write_text(f"{seal}\n{json.dumps(_damage(cached_json(target), how))}")
    loader._load.cache_clear()
    again = load_rulebook(book_copy.folder)
    assert again.rules == book.rules and again.profiles == book.profiles and again.files == book.files
    rewritten = cached_json(target)           # rebuilt: the next run is right too
    assert len(rewritten["rules"]) == len(book.rules) and len(rewritten["profiles"]) == len(book.profiles)


def test_a_sealed_cache_is_not_checked_again(book_copy, cache, monkeypatch):
    """The cold path (issue 21 item 7): a cache whose seal matches was written from a checked
    load, so a start that reads it does not run the cross-checks again."""
    book = load_rulebook(book_copy.folder)
    loader._load.cache_clear()
    monkeypatch.setattr(loader, "_load_files", lambda *a: pytest.fail("the YAML was read again"))
    monkeypatch.setattr(loader, "check_references", lambda *a: pytest.fail("the cache was cross-checked"))
    monkeypatch.setattr(loader, "check_options", lambda *a, **k: pytest.fail("the cache was cross-checked"))
    assert load_rulebook(book_copy.folder).rules == book.rules


def _shape(value: object) -> object:
    """A model as nested plain values, each with its type named: a list where a tuple was
    validated, or a dict where a model was, shows up here.
    YAML's lists and mappings (which remember their lines) count as lists and dicts."""
    from pydantic import BaseModel

    if isinstance(value, BaseModel):
        fields = {name: _shape(getattr(value, name)) for name in type(value).model_fields}
        return (type(value).__name__, fields, _shape(value.__pydantic_extra__))
    if isinstance(value, (list, tuple)):
        return ("tuple" if isinstance(value, tuple) else "list", [_shape(item) for item in value])
    if isinstance(value, dict):
        return ("dict", {key: _shape(item) for key, item in value.items()})
    return (type(value).__name__, value)


def test_a_rulebook_read_from_the_cache_is_the_one_read_from_yaml(cache):
    """The cache holds each model's JSON dump and validates it back: every rule, profile and
    option must come back as the YAML gave it, down to the type of each nested value (a tuple
    dumped as a list and read back as a list would compare unequal only here)."""
    from_yaml = load_rulebook()
    loader._load.cache_clear()
    cached = load_rulebook()
    assert cached is not from_yaml and len(cache_files(cache)) == 1
    assert cached.rules.keys() == from_yaml.rules.keys()
    for rule_id, rule in cached.rules.items():
        assert _shape(rule) == _shape(from_yaml.rules[rule_id]), rule_id
    for profile_id, profile in cached.profiles.items():
        assert _shape(profile) == _shape(from_yaml.profiles[profile_id]), profile_id
    for name, spec in cached.option_specs.items():
        assert _shape(spec) == _shape(from_yaml.option_specs[name]), name
    derived = [rule for rule in cached.rules.values() if rule.derive is not None]
    assert derived and all(rule.derive == from_yaml.rules[rule.id].derive for rule in derived)   # extra="allow"


@pytest.mark.parametrize("content", [b"{\"rules\": [", b"\xff\xfe garbage", b""])
def test_a_damaged_cache_is_rebuilt(book_copy, cache, content):
    book = load_rulebook(book_copy.folder)
    [target] = cache_files(cache)
    target.write_bytes(content)
    loader._load.cache_clear()
    assert load_rulebook(book_copy.folder).rules == book.rules
    assert len(cached_json(target)["rules"]) == len(book.rules)


def test_stale_temporary_files_are_cleaned_at_the_next_write(book_copy, cache):
    """Audit §6: a write killed half-way left `rulebook-<key>.<pid>.tmp` behind for ever."""
    cache.mkdir(parents=True)
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    alive = os.getppid()
    old = time.time() - 3600
    orphan = cache / f"rulebook-aaaa.{dead.pid}.tmp"          # its writer is gone
    orphan.write_text("{half a cache")
    stale = cache / f"rulebook-bbbb.{alive}.tmp"             # an hour old: that write is long over
    stale.write_text("{half a cache")
    os.utime(stale, (old, old))
    busy = cache / f"rulebook-cccc.{alive}.tmp"              # a write going on right now: left alone
    busy.write_text("{half")
    odd = cache / "rulebook-dddd.tmp"                        # no pid at all
    odd.write_text("?")
    load_rulebook(book_copy.folder)
    assert not orphan.exists() and not stale.exists() and not odd.exists()
    assert busy.exists()
    assert len(cache_files(cache)) == 1


def test_old_cache_files_are_pruned_keeping_the_newest_few(book_copy, cache):
    """Audit §6: each rulebook edit added ~400 KB that nothing removed."""
    cache.mkdir(parents=True)
    for n in range(7):
        path = cache / f"rulebook-old{n:02d}.json"
        path.write_text("{}")
        os.utime(path, (time.time() - 1000 + n, time.time() - 1000 + n))
    load_rulebook(book_copy.folder)
    kept = cache_files(cache)
    assert len(kept) == loader._CACHE_KEEP
    assert {p.name for p in kept} >= {"rulebook-old06.json", "rulebook-old05.json", "rulebook-old04.json"}
    assert not (cache / "rulebook-old00.json").exists()


def test_an_unwritable_cache_is_not_an_error(book_copy, tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the cache folder should be")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    loader._load.cache_clear()
    assert len(load_rulebook(book_copy.folder).rules) == len(load_rulebook().rules)
    loader._load.cache_clear()
