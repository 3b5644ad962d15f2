"""Load the rulebook folder: every rule file and profile, checked, with errors that say where.

Layout: `rulebook/<category>/<rule-name>.yaml` holds one rule; `rulebook/profiles/*.yaml`
holds the profiles; `rulebook/options.yaml` declares the room options (a copy of the folder
without one uses the bundled declarations). A house can point floorman at its own copy.

A rulebook that loads can run: each rule's `when:`/`derive:` is compiled and its expressions
parsed here, so a bad rule is refused at load with its file, line and field, never at a ruling.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import floorman
from floorman.errors import InputFileError
from floorman.resources import bundled
from floorman.rulebook.options import (
    BUNDLED_OPTIONS,
    OptionSpec,
    OptionValue,
    check_options,
    did_you_mean,
    load_option_specs,
)
from floorman.rulebook.schema import Profile, Rule
from floorman.source import line_of, load_yaml, relative, validate

DEFAULT_RULEBOOK = bundled("rulebook")        # in the installed package, else the checkout's (resources.py)
DEFAULT_SCENARIOS = bundled("scenarios")
OPTIONS_FILE = "options.yaml"
QUESTIONS_FILE = "questions.yaml"       # what `floorman ask` may ask (floorman/consult/), not a rule
ALWAYS_IN_SCOPE = ("hand", "profile", "ruling")     # names every conclusion expression may read


class RuleCheckError(InputFileError):
    """A rule file that validates but cannot run: a bad expression (L004) or `when:`/`derive:` (L005)."""

    def __init__(self, message: str, *, code: str, **where: Any) -> None:
        super().__init__(message, **where)
        self.code = code


@dataclass
class Rulebook:
    """All rules, profiles and option declarations, indexed, with the file each came from."""

    rules: dict[str, Rule]
    profiles: dict[str, Profile]
    files: dict[str, str] = field(default_factory=dict)      # id -> file, relative to the folder
    lines: dict[str, int] = field(default_factory=dict)      # id -> line of the rule or profile
    option_specs: dict[str, OptionSpec] = field(default_factory=dict)
    folder: str = str(DEFAULT_RULEBOOK)
    field_lines: dict[str, dict[str, int]] = field(default_factory=dict)   # id -> top-level key -> line
    # questions.yaml's fact -> field -> the inputs it is computed from, read (and cached) with the
    # rules: a ruling's assumptions read it (floorman/engine/assumed.py). None: not read here.
    fact_inputs: dict[str, dict[str, tuple[str, ...]]] | None = None

    def path_of(self, item_id: str) -> str:
        """The real file of a rule or profile, as the user would type it."""
        return relative(Path(self.folder) / self.files[item_id]) if item_id in self.files else self.folder

    def where(self, item_id: str, key: str | None = None) -> dict[str, Any]:
        """file, line and field of a rule or profile (and one of its top-level keys)."""
        line = self.field_lines.get(item_id, {}).get(key) if key else None
        return {"file": self.path_of(item_id), "line": line or self.lines.get(item_id), "field": key}

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
                origin = self.where(chain[-1], "extends") if chain else {"field": "profile"}
                raise InputFileError(f"unknown profile {current!r}{did_you_mean(current, self.profiles)}",
                                     expected=f"one of {known}", **origin)
            if current in chain:
                raise InputFileError(f"profile {current!r} extends itself (through "
                                     f"{' -> '.join(chain + [current])})", **self.where(current, "extends"))
            chain.append(current)
            current = self.profiles[current].extends
        return chain

    def options(self, profile: str, house: Any = None) -> dict[str, OptionValue]:
        """Every declared room option for the profile: the defaults, then the profiles it extends,
        the profile itself, and last a house file's options (`HouseRules`) over them."""
        merged: dict[str, OptionValue] = {name: spec.default for name, spec in self.option_specs.items()}
        before_2026 = {name: spec.tda_2024 for name, spec in self.option_specs.items() if spec.tda_2026_change}
        for name in reversed(self.profile_chain(profile)):
            if self.profiles[name].tda_edition == "2024":
                merged.update(before_2026)      # a 2024-edition profile (and any built on it): the 2024 values
            merged.update(self.profiles[name].options)
        if house is not None:
            if house.extends != profile:
                raise InputFileError(f"the house file extends {house.extends!r}, but the profile asked for is "
                                     f"{profile!r}", file=house.path, field="extends")
            merged.update(house.options)
        return merged


def load_rulebook(folder: Path | str | None = None) -> Rulebook:
    """Load and check every rule and profile in the folder (default: the bundled rulebook)."""
    return _load(str(Path(folder).resolve()) if folder else str(DEFAULT_RULEBOOK))


@lru_cache(maxsize=8)
def _load(folder_name: str) -> Rulebook:
    folder = Path(folder_name)
    if not folder.is_dir():
        raise InputFileError("no rulebook folder here", file=relative(folder))
    paths = sorted(folder.rglob("*.yaml"))
    # the bundled declarations stand in for a copy without its own: they are part of the key then
    key_paths = paths + [path for path in (options_file(folder), questions_file(folder)) if path not in paths]
    cached = _read_cache(folder, key_paths)
    if cached is not None:
        return cached
    book = _load_files(paths, folder)
    path = questions_file(folder)
    document = load_yaml(path)
    book.fact_inputs = question_fields(document, document.get("inputs") or {}, path)[0]
    _write_cache(folder, key_paths, book)
    return book


def options_file(folder: Path) -> Path:
    """The folder's option declarations, or the bundled ones for a copy that has none."""
    own = folder / OPTIONS_FILE
    return own if own.is_file() else BUNDLED_OPTIONS


def questions_file(folder: Path) -> Path:
    """The folder's questions.yaml (what `floorman ask` may ask), or the bundled one for a copy that has none."""
    own = folder / QUESTIONS_FILE
    return own if own.is_file() else DEFAULT_RULEBOOK / QUESTIONS_FILE


def question_fields(document: Mapping[str, Any], inputs: Any,
                    path: Path) -> tuple[dict[str, dict[str, tuple[str, ...]]], dict[str, str]]:
    """questions.yaml's `fields:` as fact -> field -> inputs, each one of `inputs` (else an error
    naming it), and the facts computed elsewhere (`from: profile`, `from: derive-rules`)."""
    fields: dict[str, dict[str, tuple[str, ...]]] = {}
    sources: dict[str, str] = {}
    for fact, raw in (document.get("fields") or {}).items():
        if isinstance(raw, dict) and set(raw) == {"from"}:
            sources[fact] = raw["from"]
            continue
        fields[fact] = {}
        for name, used in (raw or {}).items():
            unknown = [u for u in used if u not in inputs]
            if unknown:
                raise InputFileError(f"{fact}.{name} is computed from {unknown[0]!r}, which is not an input",
                                     file=relative(path), field=f"fields.{fact}.{name}")
            fields[fact][name] = tuple(used)
    return fields, sources


def item_paths(paths: list[Path], folder: Path) -> list[Path]:
    """The rule and profile files among the folder's YAML files."""
    return [path for path in paths if path not in (folder / OPTIONS_FILE, folder / QUESTIONS_FILE)]


# ----------------------------------------------------------------------------- one file

def load_profile(path: Path, specs: Mapping[str, OptionSpec]) -> tuple[Profile, Any]:
    """One profile file, its options checked against the declarations."""
    name = relative(path)
    document = _mapping(load_yaml(path), name, "a profile file is a mapping: id, title, options (see "
                        "docs/rulebook-format.md)")
    profile = validate(Profile, document, filename=name)
    check_options(profile.options, specs, file=name, document=document)
    return profile, document


def load_rule(path: Path) -> tuple[Rule, Any]:
    """One rule file: the schema, then its expressions and its compiled `when:`/`derive:`."""
    name = relative(path)
    document = _mapping(load_yaml(path), name, "a rule file is a mapping: id, name, title, category, summary, "
                        "citations, when, and a ruling or a derive (see docs/rulebook-format.md)")
    rule = validate(Rule, document, filename=name)
    check_rule(rule, document, name)
    return rule, document


def _mapping(document: Any, name: str, message: str) -> Any:
    if not isinstance(document, dict):
        raise InputFileError(message, file=name, line=getattr(document, "line", None) or 1)
    return document


def check_rule(rule: Rule, document: Any, name: str) -> None:
    """Parse every conclusion expression and compile the matching part, or raise with the place."""
    from floorman.engine.compiler import RuleCompileError, compile_rule
    from floorman.engine.expressions import ExpressionError
    from floorman.engine.expressions import validate as validate_expression

    def fail(code: str, message: str, location: tuple[Any, ...]) -> RuleCheckError:
        return RuleCheckError(message, code=code, file=name, line=line_of(document, location),
                              field=_dotted(location))

    aliases = {p.alias for p in rule.when}
    if rule.ruling is not None:
        scope = aliases | set(ALWAYS_IN_SCOPE)
        # (the field's path in the file, its text): paths of any length, list indexes among the keys
        expressions: list[tuple[tuple[str | int, ...], str]] = [
            (("ruling", "params", key), text) for key, text in rule.ruling.params.items()]
        if rule.ruling.dead_hand is not None:
            expressions.append((("ruling", "dead_hand"), rule.ruling.dead_hand))
        effects = rule.ruling.effect        # one effect (a mapping in the file) or a list
        for i, effect in enumerate(effects):
            at: tuple[str | int, ...] = ("ruling", "effect") if len(effects) == 1 else ("ruling", "effect", i)
            expressions += [((*at, key), text) for key, text in effect.expressions().items()]
        for location, text in expressions:
            try:
                validate_expression(text, scope)
            except ExpressionError as error:
                raise fail("L004", str(error), location) from None
        templates: list[tuple[tuple[str | int, ...], str]] = [(("ruling", "explanation"), rule.ruling.explanation)]
        templates += [(("ruling", "steps", i), step) for i, step in enumerate(rule.ruling.steps)]
        for location, text in templates:
            problem = template_problem(text, scope, rule.ruling.params)
            if problem:
                raise fail("L004", problem, location)
    try:
        compile_rule(engine_spec(rule))
    except RuleCompileError as error:
        raise fail("L005", error.message, _compile_location(error.path)) from None


def template_problem(text: str, scope: set[str], params: Mapping[str, str]) -> str | None:
    """A {placeholder} that names no alias or param, or None."""
    import re

    for placeholder in re.findall(r"\{([a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)?)\}", text):
        head = placeholder.split(".")[0]
        if "." in placeholder and head not in scope:
            return f"{{{placeholder}}} names no alias (the rule binds: {', '.join(sorted(scope))})"
        if "." not in placeholder and placeholder not in params:
            return f"{{{placeholder}}} is not a param{did_you_mean(placeholder, params)}"
    return None


def engine_spec(rule: Rule) -> dict[str, Any]:
    """The rule's matching part as the engine compiles it (priority aside)."""
    spec: dict[str, Any] = {
        "id": rule.id,
        "when": [{"as": p.alias, "fact": p.fact, "where": [c.as_list() for c in p.where]} for p in rule.when],
    }
    if rule.derive is not None:
        spec["derive"] = rule.derive.model_dump()
    return spec


def _compile_location(path: str) -> tuple[Any, ...]:
    """'when[0].where[2]' -> ('when', 0, 'where', 2)."""
    import re

    location: list[Any] = []
    for name, index in re.findall(r"([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]", path or ""):
        location.append(int(index) if index else name)
    return tuple(location)


def _dotted(location: tuple[Any, ...]) -> str:
    text = ""
    for part in location:
        text += f"[{part}]" if isinstance(part, int) else ("." if text else "") + str(part)
    return text


# ----------------------------------------------------------------------------- the folder

def _load_files(paths: list[Path], folder: Path) -> Rulebook:
    specs = load_option_specs(options_file(folder))
    book = Rulebook(rules={}, profiles={}, option_specs=specs, folder=str(folder))
    for path in item_paths(paths, folder):
        name = relative(path)
        inside = str(path.relative_to(folder))
        if path.parent.name == "profiles":
            profile, document = load_profile(path, specs)
            if profile.id in book.profiles:
                raise InputFileError(f"profile id {profile.id!r} is also in {book.path_of(profile.id)}",
                                     file=name, line=line_of(document, ("id",)), field="id")
            book.profiles[profile.id] = profile
            item_id = profile.id
        else:
            rule, document = load_rule(path)
            if rule.id in book.rules:
                raise InputFileError(f"rule id {rule.id} is also used in {book.path_of(rule.id)}", file=name,
                                     line=line_of(document, ("id",)), field="id")
            book.rules[rule.id] = rule
            item_id = rule.id
        book.files[item_id] = inside
        book.lines[item_id] = getattr(document, "line", 1) or 1
        book.field_lines[item_id] = {str(k): v for k, v in getattr(document, "lines", {}).items()}
    check_references(book)
    check_fact_fields(book)
    _compile_together(book)
    return book


def check_fact_fields(book: Rulebook) -> None:
    """A rule naming a fact type or field the facts do not have would never fire, silently (a typo
    in `when:`): refuse the rulebook at load, with the message `floorman rulebook lint` gives (L010)."""
    from floorman.rulebook.field_check import fact_field_problems

    problems = fact_field_problems(book)
    if problems:
        first = problems[0]
        more = f" (and {len(problems) - 1} more: floorman rulebook lint lists them)" if len(problems) > 1 else ""
        file, _, line = first.where.rpartition(":")
        raise RuleCheckError(f"{first.code} {first.message}{more}", code=first.code, file=file,
                             line=int(line) if line.isdigit() else None)


def _compile_together(book: Rulebook) -> None:
    """Field kinds must agree across rules (a field compared as int in one rule, str in another)."""
    from floorman.engine.compiler import RuleCompileError, compile_rulebook

    try:
        compile_rulebook(engine_spec(rule) for rule in book.rules.values())
    except RuleCompileError as error:
        rule_id = error.rule_id if error.rule_id in book.rules else None
        if rule_id is None:
            raise RuleCheckError(error.message, code="L005", file=relative(Path(book.folder))) from None
        path = Path(book.folder) / book.files[rule_id]
        line = line_of(load_yaml(path), _compile_location(error.path))    # the error path only: read it again
        raise RuleCheckError(error.message, code="L005", file=book.path_of(rule_id), line=line,
                             field=error.path or None) from None


def check_references(book: Rulebook) -> None:
    """Every rule and profile named exists; no profile extends itself; no `overrides` cycle."""
    for rule in book.rules.values():
        for other in rule.overrides:
            if other not in book.rules:
                raise InputFileError(f"overrides unknown rule {other}{did_you_mean(other, book.rules)}",
                                     **book.where(rule.id, "overrides"))
        for other in rule.compatible_with:
            if other not in book.rules:
                raise InputFileError(f"compatible with unknown rule {other}{did_you_mean(other, book.rules)}",
                                     **book.where(rule.id, "compatible_with"))
        for profile_id in rule.profiles:
            if profile_id != "all" and profile_id not in book.profiles:
                raise InputFileError(f"unknown profile {profile_id!r}{did_you_mean(profile_id, book.profiles)}",
                                     **book.where(rule.id, "profiles"))
    for profile in book.profiles.values():
        if profile.extends and profile.extends not in book.profiles:
            raise InputFileError(f"extends unknown profile {profile.extends!r}"
                                 f"{did_you_mean(profile.extends, book.profiles)}",
                                 **book.where(profile.id, "extends"))
        book.profile_chain(profile.id)          # refuses an `extends` cycle
    cycle = override_cycle(book)
    if cycle:
        raise InputFileError(f"overrides go round in a cycle: {' -> '.join(cycle)} (which rule wins is then "
                             "undefined)", **book.where(cycle[0], "overrides"))


def override_cycle(book: Rulebook) -> list[str] | None:
    """The rules of one `overrides` cycle, first rule repeated at the end, or None."""
    state: dict[str, int] = {}        # 1 = on the current path, 2 = done
    for start in book.rules:
        if state.get(start):
            continue
        path: list[str] = []
        stack = [(start, iter(book.rules[start].overrides))]
        state[start] = 1
        path.append(start)
        while stack:
            node, children = stack[-1]
            child = next(children, None)
            if child is None:
                stack.pop()
                path.pop()
                state[node] = 2
                continue
            if child not in book.rules:
                continue
            if state.get(child) == 1:
                return path[path.index(child):] + [child]
            if not state.get(child):
                state[child] = 1
                path.append(child)
                stack.append((child, iter(book.rules[child].overrides)))
    return None


# ----------------------------------------------------------------------------- the cache
# Parsing ~160 YAML files and compiling the rules costs ~100 ms at every start; a JSON copy of
# the checked rulebook, keyed by each file's path, size and modification time, is read in a few
# ms instead. JSON only (never pickle): the cache is data, read by the same schema as the files.
# Its first line seals the rest (a SHA-1 of it): a sealed cache is exactly what a load that
# checked every file wrote, so its cross-checks (one file per rule, references, option values)
# are not run again at each start; a cache whose seal does not match is thrown away and rebuilt.
_CACHE_VERSION = 4
_CACHE_KEEP = 4                    # cache files kept; older ones are pruned at each write
_STALE_SECONDS = 60                # a temporary file this old is from a write that was killed
_SCHEMA_SOURCES = ("schema.py", "options.py", "loader.py")


@lru_cache(maxsize=1)
def _schema_digest() -> str:
    """The floorman version and the source of the rulebook schema: a new release or a schema
    change never reads a cache another version wrote."""
    digest = hashlib.sha1(f"{_CACHE_VERSION}:{floorman.__version__}".encode())
    here = Path(__file__).resolve().parent
    for name in _SCHEMA_SOURCES:
        digest.update((here / name).read_bytes())
    # the fact fields a cached rulebook was checked against (a field gone: check the rules again)
    digest.update((here.parent / "engine" / "fact_fields.py").read_bytes())
    return digest.hexdigest()


def cache_root() -> Path:
    """The user's cache folder for floorman (platformdirs: $XDG_CACHE_HOME/floorman on Linux)."""
    import platformdirs

    return Path(platformdirs.user_cache_dir("floorman", appauthor=False))


def _cache_file(folder: Path, paths: list[Path]) -> Path:
    digest = hashlib.sha1(f"{_schema_digest()}:{folder}".encode())
    for path in paths:
        stat = path.stat()
        digest.update(f"{path}:{stat.st_size}:{stat.st_mtime_ns};".encode())
    return cache_root() / f"rulebook-{digest.hexdigest()[:20]}.json"


def _read_cache(folder: Path, key_paths: list[Path]) -> Rulebook | None:
    try:
        target = _cache_file(folder, key_paths)
        text = target.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None      # no cache yet
    try:
        seal, _, body = text.partition("\n")
        if seal != _seal(body):
            raise ValueError("the cache is not the one floorman wrote")
        raw = json.loads(body)
        specs = {s["name"]: OptionSpec.model_validate(s) for s in raw["options"]}
        book = Rulebook(rules={r["id"]: Rule.model_validate(r) for r in raw["rules"]},
                        profiles={p["id"]: Profile.model_validate(p) for p in raw["profiles"]},
                        files=dict(raw["files"]), lines=dict(raw["lines"]), option_specs=specs,
                        folder=str(folder), field_lines=dict(raw["field_lines"]),
                        fact_inputs={fact: {name: tuple(used) for name, used in names.items()}
                                     for fact, names in raw["fact_inputs"].items()})
        return book
    except (ValueError, KeyError, TypeError, AttributeError, InputFileError):
        _remove(target)  # damaged, or loads but does not match the files: rebuild it
        return None


def _seal(body: str) -> str:
    return hashlib.sha1(body.encode()).hexdigest()


def _write_cache(folder: Path, key_paths: list[Path], book: Rulebook) -> None:
    root = cache_root()
    payload = {"rules": [r.model_dump(mode="json", by_alias=True) for r in book.rules.values()],
               "profiles": [p.model_dump(mode="json") for p in book.profiles.values()],
               "options": [s.model_dump(mode="json") for s in book.option_specs.values()],
               "files": book.files, "lines": book.lines, "field_lines": book.field_lines,
               "fact_inputs": book.fact_inputs}
    try:
        target = _cache_file(folder, key_paths)
        root.mkdir(parents=True, exist_ok=True)
        _clean(root)
        temporary = target.with_suffix(f".{os.getpid()}.tmp")
        with open(temporary, "w", encoding="utf-8") as out:
            body = json.dumps(payload)
            out.write(f"{_seal(body)}\n{body}")
            out.flush()
            os.fsync(out.fileno())
        temporary.replace(target)
    except OSError:
        pass             # a read-only home is fine: the next start reads the YAML again


def _clean(root: Path) -> None:
    """Remove what killed writes left behind, and all but the newest few cache files."""
    now = time.time()
    for temporary in root.glob("rulebook-*.tmp"):
        pid = temporary.suffixes[-2][1:] if len(temporary.suffixes) >= 2 else ""
        try:
            old = now - temporary.stat().st_mtime > _STALE_SECONDS
        except OSError:
            continue
        if old or not (pid.isdigit() and _alive(int(pid))):
            _remove(temporary)
    caches = []
    for cache in root.glob("rulebook-*.json"):
        try:
            caches.append((cache.stat().st_mtime_ns, cache))
        except OSError:
            continue
    for _, cache in sorted(caches, reverse=True)[_CACHE_KEEP - 1:]:   # the new one makes _CACHE_KEEP
        _remove(cache)


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True      # exists, owned by someone else
    return True


def _remove(path: Path) -> None:
    try:
        path.unlink()
    except OSError:
        pass
