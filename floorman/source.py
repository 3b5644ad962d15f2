"""Reading data files safely: YAML with line numbers, and validation errors that say where.

YAML is loaded with PyYAML's safe loader only, so nothing in a data file is ever executed.
Every mapping remembers the line of each key, so a pydantic error at
`events[3].amount` becomes `scenarios/x.yaml:14: events[3].amount: ...`.

Files must be UTF-8 (a byte-order mark is allowed). Limits keep a hostile file from hanging
floorman: a file holds at most MAX_LINES lines and MAX_BYTES bytes (counted as they are read,
before parsing; a device such as /dev/zero is refused, a pipe is read with the same cap);
aliases may expand to at most MAX_ALIAS_NODES nodes in all (an "alias bomb" of nine nested
aliases would otherwise expand to 10**9), and data may nest at most MAX_DEPTH levels deep.
The last two are checked on the parsed node graph, before anything is built.
"""

from __future__ import annotations

import difflib
import stat
import typing
from pathlib import Path
from typing import Any, BinaryIO, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from floorman.errors import FloormanError, InputFileError

try:  # libyaml is much faster; fall back to the pure-Python safe loader
    _BaseLoader: type = yaml.CSafeLoader
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


MAX_ALIAS_NODES = 10_000   # nodes that aliases may add when expanded, in the whole document
MAX_DEPTH = 100            # levels of nesting; a scenario needs fewer than 10
MAX_LINES = 100_000        # a scenario of 10,000 events written one key a line is about 60,000
MAX_BYTES = 16 * 2**20


class _TooBig(Exception):
    """The node graph breaks a limit; carries the line and field found while walking it."""

    def __init__(self, message: str, line: int, path: tuple[Any, ...]) -> None:
        super().__init__(message)
        self.message, self.line, self.path = message, line, path


def _children(node: yaml.Node) -> list[tuple[Any, yaml.Node]]:
    """(path part, child) for each child: keys are kept when they are plain scalars."""
    if isinstance(node, yaml.MappingNode):
        out: list[tuple[Any, yaml.Node]] = []
        for key_node, value_node in node.value:
            part = key_node.value if isinstance(key_node, yaml.ScalarNode) else "?"
            out += [(part, key_node), (part, value_node)]
        return out
    if isinstance(node, yaml.SequenceNode):
        return list(enumerate(node.value))
    return []


def check_node_graph(root: yaml.Node) -> None:
    """Refuse a document whose aliases expand to more than MAX_ALIAS_NODES nodes, that nests
    deeper than MAX_DEPTH, or whose alias refers to itself. Iterative, and linear in the number
    of distinct nodes whatever the aliases would expand to."""
    size: dict[int, int] = {}          # id(node) -> its node count once aliases are expanded
    first: dict[int, tuple[yaml.Node, tuple[Any, ...]]] = {}   # where each node is first met
    uses: dict[int, int] = {}
    in_progress: set[int] = set()
    stack: list[tuple[yaml.Node, bool, tuple[Any, ...]]] = [(root, False, ())]
    while stack:
        node, done, path = stack.pop()
        key = id(node)
        if done:
            in_progress.discard(key)
            size[key] = 1 + sum(size[id(child)] for _, child in _children(node))
            continue
        uses[key] = uses.get(key, 0) + 1
        if key in size:                # an alias to a node already walked
            continue
        if key in in_progress:
            raise _TooBig("an alias refers to the node that holds it", node.start_mark.line + 1, path)
        if len(path) > MAX_DEPTH:
            raise _TooBig(f"nested more than {MAX_DEPTH} levels deep", node.start_mark.line + 1, path[:2])
        first[key] = (node, path)
        in_progress.add(key)
        stack.append((node, True, path))
        stack.extend((child, False, path + (part,)) for part, child in reversed(_children(node)))
    expansion = size[id(root)] - len(size)
    if expansion > MAX_ALIAS_NODES:
        worst = max((k for k in uses if uses[k] > 1), key=lambda k: size[k] * (uses[k] - 1))
        node, path = first[worst]
        raise _TooBig(f"aliases expand to more than {MAX_ALIAS_NODES:,} nodes (an alias bomb?)",
                      node.start_mark.line + 1, path)


class _Loader(_BaseLoader):
    def get_single_data(self) -> Any:
        node = self.get_single_node()
        if node is None:
            return None
        check_node_graph(node)
        return self.construct_document(node)


def _construct_mapping(loader: Any, node: yaml.MappingNode) -> LinedDict:
    mapping = LinedDict()
    mapping.line = node.start_mark.line + 1
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if isinstance(key, (list, dict)):
            raise yaml.constructor.ConstructorError(
                None, None, f"a key must be a name or a number, not a {'list' if isinstance(key, list) else 'mapping'}",
                key_node.start_mark)
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


def read_data(path: Path | str, *, limit: int = MAX_BYTES) -> bytes:
    """The bytes of a data file: a regular file, or a pipe (a FIFO, `<(...)`, /dev/stdin piped),
    read up to `limit` bytes. A folder, a device (/dev/zero, /dev/urandom) or a socket is
    refused. The limit counts the bytes read, not the size the file claims (0 for a pipe, for
    /dev/zero and for /proc files)."""
    path = Path(path)
    try:
        status = path.stat()
    except OSError as error:
        raise InputFileError(f"cannot read the file ({error.strerror})", file=str(path)) from None
    if stat.S_ISDIR(status.st_mode):
        raise InputFileError("this is a folder, not a file", file=str(path))
    if not (stat.S_ISREG(status.st_mode) or stat.S_ISFIFO(status.st_mode)):
        raise InputFileError("this is a device, not a file (floorman reads files and pipes only)", file=str(path))
    if status.st_size > limit:
        raise InputFileError(f"{status.st_size:,} bytes: a data file holds at most {limit:,}", file=str(path))
    try:
        with path.open("rb") as stream:
            return read_stream(stream, str(path), limit=limit)
    except OSError as error:
        raise InputFileError(f"cannot read the file ({error.strerror})", file=str(path)) from None


def read_stream(stream: BinaryIO, name: str, *, limit: int = MAX_BYTES) -> bytes:
    """At most `limit` bytes from an open binary stream (a file, a pipe, standard input); more
    is refused naming `name`, without reading on."""
    data = stream.read(limit + 1)
    if len(data) > limit:
        raise InputFileError(f"more than {limit:,} bytes: floorman reads at most {limit:,} from one file or pipe",
                             file=name)
    return data


def read_input(stream: Any, name: str = "standard input", *, limit: int = MAX_BYTES) -> str:
    """The text piped into a command (its lines, answers...): at most `limit` bytes, UTF-8."""
    binary = getattr(stream, "buffer", None)
    if binary is None:                      # a text stream only (a test's StringIO)
        text = stream.read(limit + 1)
        if len(text) > limit:
            raise InputFileError(f"more than {limit:,} characters: floorman reads at most {limit:,}", file=name)
        return text
    return decode_text(read_stream(binary, name, limit=limit), name)


def load_yaml(path: Path | str) -> Any:
    """Load one YAML document safely; syntax errors name the file and line."""
    path = Path(path)
    data = read_data(path)
    lines = data.count(b"\n")
    if lines > MAX_LINES:   # refused before parsing: parsing a huge file is what takes the time
        raise InputFileError(f"{lines:,} lines: a data file holds at most {MAX_LINES:,}", file=str(path),
                             line=MAX_LINES + 1)
    return load_yaml_text(decode_text(data, str(path)), str(path))


_UTF8_BOM = b"\xef\xbb\xbf"
_OTHER_BOMS = {b"\xff\xfe\x00\x00": "UTF-32", b"\x00\x00\xfe\xff": "UTF-32",
               b"\xff\xfe": "UTF-16", b"\xfe\xff": "UTF-16"}


def decode_text(data: bytes, filename: str) -> str:
    """UTF-8 text (a byte-order mark is allowed); anything else is refused naming the file."""
    if data.startswith(_UTF8_BOM):
        data = data[len(_UTF8_BOM):]
    for bom, encoding in _OTHER_BOMS.items():
        if data.startswith(bom):
            raise InputFileError(f"not UTF-8 text: it is {encoding}; save it as UTF-8", file=filename, line=1)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise InputFileError(f"not UTF-8 text: byte 0x{data[error.start]:02x} cannot be read "
                             "(is this a binary file?)", file=filename, line=line) from None


def load_yaml_text(text: str, filename: str) -> Any:
    try:
        return yaml.load(text, Loader=_Loader)  # noqa: S506 - _Loader derives from the safe loader
    except _TooBig as error:
        raise InputFileError(error.message, file=filename, line=error.line,
                             field=field_path(error.path) or None) from None
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line = mark.line + 1 if mark else None
        problem = error.problem or error.context or "not valid YAML"
        raise InputFileError(f"not valid YAML: {problem}", file=filename, line=line) from None
    except yaml.reader.ReaderError as error:   # a control character such as NUL
        line = text.count("\n", 0, error.position) + 1 if isinstance(error.position, int) else None
        character = chr(error.character) if isinstance(error.character, int) else error.character
        raise InputFileError(f"not valid YAML: character {character!r} is not allowed in a data file",
                             file=filename, line=line) from None
    except yaml.YAMLError as error:
        raise InputFileError(f"not valid YAML: {error}", file=filename) from None
    except RecursionError:  # pragma: no cover - MAX_DEPTH refuses deep nesting before this
        raise InputFileError(f"nested more than {MAX_DEPTH} levels deep", file=filename) from None


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
                        prefix=prefix, model=model) from None


MAX_PROBLEMS_SHOWN = 3


def translate(error: ValidationError, *, filename: str, document: Any, prefix: tuple[Any, ...] = (),
              model: Any = None) -> FloormanError:
    """The first problem, located; up to two more are named after it. `model` (the type that
    was validated) lets an unknown field list the valid names with a "did you mean"."""
    errors = error.errors(include_url=False)
    # an unknown (often misspelt) field explains the "missing" error that comes with it
    errors.sort(key=lambda e: e["type"] != "extra_forbidden")
    first, others = errors[0], errors[1:]
    location = prefix + _clean_location(tuple(first["loc"])) + _tag_field(first)
    message, expected = _problem(first, model)
    shown = others[:MAX_PROBLEMS_SHOWN - 1]
    if shown:
        also = []
        for other in shown:
            where = prefix + _clean_location(tuple(other["loc"])) + _tag_field(other)
            line = line_of(document, where)
            text, wanted = _problem(other, model, short=True)
            also.append(f"{field_path(where) or 'the file'}{f' (line {line})' if line else ''}: {text}"
                        + (f" (expected {wanted})" if wanted else ""))
        if expected:   # the first problem's, before the others
            message, expected = f"{message} (expected {expected})", None
        message += "; also " + "; ".join(also)
    if len(others) > len(shown):
        more = len(others) - len(shown)
        message += f" (and {more} more problem{'s' if more > 1 else ''})"
    return InputFileError(message, file=filename, line=line_of(document, location),
                          field=field_path(location) or None, expected=expected)


def _problem(error: Any, model: Any, *, short: bool = False) -> tuple[str, str | None]:
    """(message, what was expected) for one pydantic error, in floorman's words."""
    message = error["msg"]
    if message.startswith("Value error, "):
        message = message[len("Value error, "):]
    expected = _EXPECTATIONS.get(error["type"])
    if error["type"] == "missing":
        return "missing", None
    if error["type"] == "union_tag_invalid":   # an unknown `type:` of an event
        tags = [tag.strip("' ") for tag in str(error["ctx"].get("expected_tags", "")).split(",") if tag.strip()]
        tag = str(error["ctx"].get("tag"))
        close = difflib.get_close_matches(tag, tags, n=1)
        return f"unknown type {tag!r}" + (f"; did you mean {close[0]!r}?" if close else ""), "one of " + ", ".join(tags)
    if error["type"] == "extra_forbidden":
        names = _field_names(model, tuple(error["loc"])[:-1]) if model is not None else []
        unknown = str(error["loc"][-1])
        message = "unknown field"
        close = difflib.get_close_matches(unknown, names, n=1, cutoff=0.6)
        if close:
            message += f"; did you mean {close[0]!r}?"
        if names and not short:
            message += f" (valid: {', '.join(names)})"
        expected = None
    return message, expected


def _tag_field(error: Any) -> tuple[Any, ...]:
    """An unknown discriminator value is an error in the `type` field, not in the whole item."""
    if error["type"] in ("union_tag_invalid", "union_tag_not_found"):
        return (str(error.get("ctx", {}).get("discriminator", "type")).strip("'"),)
    return ()


def _field_names(model: Any, location: tuple[Any, ...]) -> list[str]:
    """The field names of the model found at `location` (a raw pydantic location, with union
    tags) inside `model`; [] when the location cannot be followed."""
    current = model
    for part in location:
        current = _unwrap(current)
        if isinstance(current, type) and issubclass(current, BaseModel):
            field = current.model_fields.get(part) if isinstance(part, str) else None
            if field is None:
                return []
            current = field.annotation
            continue
        origin, args = typing.get_origin(current), typing.get_args(current)
        if origin in (list, tuple, set, frozenset) and isinstance(part, int) and args:
            current = args[0]
        elif origin is dict and len(args) == 2:
            current = args[1]
        elif origin in (typing.Union, _UnionType):
            current = _union_member(args, part)
            if current is None:
                return []
        else:
            return []
    current = _unwrap(current)
    if isinstance(current, type) and issubclass(current, BaseModel):
        return list(current.model_fields)
    return []


_UnionType = type(int | str)


def _unwrap(annotation: Any) -> Any:
    """Annotated[X, ...] -> X; X | None -> X."""
    while True:
        if typing.get_origin(annotation) is typing.Annotated:
            annotation = typing.get_args(annotation)[0]
            continue
        if typing.get_origin(annotation) in (typing.Union, _UnionType):
            members = [a for a in typing.get_args(annotation) if a is not type(None)]
            if len(members) == 1:
                annotation = members[0]
                continue
        return annotation


def _union_member(members: tuple[Any, ...], tag: Any) -> Any:
    """The member of a discriminated union that a pydantic location tag names."""
    for member in members:
        member = _unwrap(member)
        if not (isinstance(member, type) and issubclass(member, BaseModel)):
            continue
        if member.__name__ == tag:
            return member
        for field in member.model_fields.values():
            if typing.get_origin(field.annotation) is typing.Literal and tag in typing.get_args(field.annotation):
                return member
    return None


def relative(path: Path) -> str:
    """A path as the user would type it: relative to the working folder when possible."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)
