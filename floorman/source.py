"""Reading data files safely: YAML with line numbers, and validation errors that say where.

YAML is loaded with PyYAML's safe loader only, so nothing in a data file is ever executed.
Every mapping remembers the line of each key, so a pydantic error at
`events[3].amount` becomes `scenarios/x.yaml:14: events[3].amount: ...`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from floorman.errors import FloormanError, InputFileError

try:  # libyaml is much faster; fall back to the pure-Python safe loader
    _BaseLoader: type = yaml.CSafeLoader  # type: ignore[attr-defined]
except AttributeError:  # pragma: no cover
    _BaseLoader = yaml.SafeLoader


class LinedDict(dict):
    """A mapping that knows the line (1-based) where each key, and itself, starts."""

    __slots__ = ("lines", "line")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lines: dict[Any, int] = {}
        self.line = 0


class LinedList(list):
    __slots__ = ("lines", "line")

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.lines: list[int] = []
        self.line = 0


class _Loader(_BaseLoader):  # type: ignore[misc, valid-type]
    pass


def _construct_mapping(loader: Any, node: yaml.MappingNode) -> LinedDict:
    mapping = LinedDict()
    mapping.line = node.start_mark.line + 1
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if key in mapping:
            raise yaml.constructor.ConstructorError(
                None, None, f"duplicate key {key!r}", key_node.start_mark)
        mapping[key] = loader.construct_object(value_node, deep=True)
        mapping.lines[key] = key_node.start_mark.line + 1
    return mapping


def _construct_sequence(loader: Any, node: yaml.SequenceNode) -> LinedList:
    items = LinedList(loader.construct_object(child, deep=True) for child in node.value)
    items.line = node.start_mark.line + 1
    items.lines = [child.start_mark.line + 1 for child in node.value]
    return items


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)


def load_yaml(path: Path | str) -> Any:
    """Load one YAML document safely; syntax errors name the file and line."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise InputFileError(f"cannot read the file ({error.strerror})", file=str(path)) from None
    return load_yaml_text(text, str(path))


def load_yaml_text(text: str, filename: str) -> Any:
    try:
        return yaml.load(text, Loader=_Loader)  # noqa: S506 - _Loader derives from the safe loader
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line = mark.line + 1 if mark else None
        problem = error.problem or error.context or "not valid YAML"
        raise InputFileError(f"not valid YAML: {problem}", file=filename, line=line) from None
    except yaml.YAMLError as error:
        raise InputFileError(f"not valid YAML: {error}", file=filename) from None


def line_of(document: Any, location: tuple[Any, ...]) -> int | None:
    """The line of the deepest part of `location` found in the loaded document."""
    line = getattr(document, "line", None) or None
    node = document
    for part in location:
        if isinstance(node, LinedDict) and part in node:
            line = node.lines.get(part, line)
            node = node[part]
        elif isinstance(node, LinedList) and isinstance(part, int) and 0 <= part < len(node):
            line = node.lines[part]
            node = node[part]
        else:
            break
    return line


def field_path(location: tuple[Any, ...]) -> str:
    """('events', 3, 'amount') -> 'events[3].amount'."""
    text = ""
    for part in location:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += ("." if text else "") + str(part)
    return text


_EXPECTATIONS = {
    "int_type": "a whole number", "int_parsing": "a whole number", "bool_type": "true or false",
    "string_type": "text", "missing": "this field", "extra_forbidden": "no such field here",
    "literal_error": None, "enum": None, "greater_than_equal": None, "less_than_equal": None,
}


def _clean_location(location: tuple[Any, ...]) -> tuple[Any, ...]:
    # pydantic adds union-member tags ("action", "function-after[...]") to the location
    return tuple(part for part in location
                 if not (isinstance(part, str) and ("[" in part or part in _TAGS)))


_TAGS: set[str] = set()


def register_union_tags(*tags: str) -> None:
    """Discriminator values pydantic puts into error locations; they are not real fields."""
    _TAGS.update(tags)


M = TypeVar("M", bound=BaseModel)


def validate(model: type[M], raw: Any, *, filename: str, document: Any = None,
             prefix: tuple[Any, ...] = ()) -> M:
    """Validate `raw` as `model`; the first error names the file, line and field."""
    try:
        return model.model_validate(raw)
    except ValidationError as error:
        raise translate(error, filename=filename, document=document if document is not None else raw,
                        prefix=prefix) from None


def translate(error: ValidationError, *, filename: str, document: Any, prefix: tuple[Any, ...] = ()) \
        -> FloormanError:
    errors = error.errors(include_url=False)
    # an unknown (often misspelt) field explains the "missing" error that comes with it
    first = min(errors, key=lambda e: e["type"] != "extra_forbidden")
    location = prefix + _clean_location(tuple(first["loc"]))
    message = first["msg"]
    if message.startswith("Value error, "):
        message = message[len("Value error, "):]
    expected = _EXPECTATIONS.get(first["type"])
    if first["type"] == "extra_forbidden":
        message = "unknown field"
        expected = None
    more = error.error_count() - 1
    if more:
        message += f" (and {more} more problem{'s' if more > 1 else ''})"
    return InputFileError(message, file=filename, line=line_of(document, location),
                          field=field_path(location) or None, expected=expected)


def relative(path: Path) -> str:
    """A path as the user would type it: relative to the working folder when possible."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)
