"""House rules: a small YAML file that takes a profile and changes some of its room options.

    extends: cash                 # the profile the house starts from
    title: Our Thursday game      # optional
    options: {muck_touch_kills: true}

Each option must be declared in the rulebook's options.yaml and take a value of its kind;
anything else is refused with the file, line and field.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from floorman.errors import InputFileError
from floorman.rulebook.options import OptionValue, check_options, did_you_mean
from floorman.source import line_of, load_yaml, relative

if TYPE_CHECKING:
    from floorman.rulebook.loader import Rulebook

_KEYS = ("extends", "title", "options")


@dataclass(frozen=True)
class HouseRules:
    """A house file, checked: the profile it extends and the options it sets."""

    path: str
    extends: str
    options: dict[str, OptionValue] = field(default_factory=dict)
    title: str | None = None


def load_house(path: Path | str, rulebook: "Rulebook") -> HouseRules:
    """Read and check a house file against the rulebook's profiles and option declarations."""
    path = Path(path)
    name = relative(path)
    if path.is_dir():
        raise InputFileError("is a folder, not a house file", file=name)
    return house_of(load_yaml(path), name, rulebook)


def house_of(document: Any, name: str, rulebook: "Rulebook") -> HouseRules:
    """House rules from their loaded document (a file's, or inline in a JSON request); errors name `name`."""
    if not isinstance(document, dict):
        raise InputFileError("a house file is a mapping: extends: PROFILE, options: {name: value}",
                             file=name, line=getattr(document, "line", None) or 1)
    for key in document:
        if key not in _KEYS:
            _refuse_unknown(key, _KEYS, name, line_of(document, (key,)))
    extends = document.get("extends")
    if not isinstance(extends, str) or not extends:
        raise InputFileError("a house file names the profile it extends", file=name,
                             line=line_of(document, ("extends",)) if "extends" in document else 1,
                             field="extends", expected="one of " + ", ".join(sorted(rulebook.profiles)))
    if extends not in rulebook.profiles:
        raise InputFileError(f"unknown profile {extends!r}{did_you_mean(extends, rulebook.profiles)}", file=name,
                             line=line_of(document, ("extends",)), field="extends",
                             expected="one of " + ", ".join(sorted(rulebook.profiles)))
    title: Any = document.get("title")
    if title is not None and not isinstance(title, str):
        raise InputFileError("a title is text", file=name, line=line_of(document, ("title",)), field="title")
    given = document.get("options")
    for key in given if isinstance(given, dict) else ():
        if not _looks_like_a_name(key):
            _refuse_unknown(key, rulebook.option_specs, name, line_of(document, ("options", key)), field="options")
    options = check_options(given, rulebook.option_specs, file=name, document=document)
    return HouseRules(path=name, extends=extends, options=options, title=title)


_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_-]{0,60}")


def _looks_like_a_name(key: Any) -> bool:
    return isinstance(key, str) and bool(_NAME.fullmatch(key))


def _refuse_unknown(key: Any, known: Any, name: str, line: int | None, field: str | None = None) -> None:
    """An unknown field is named back only when it looks like a field name: a file that is not a
    house file at all (`--house /etc/shadow`) must not have its lines repeated in the error."""
    if _looks_like_a_name(key):
        raise InputFileError(f"unknown field{did_you_mean(key, known)}", file=name, line=line,
                             field=f"{field}.{key}" if field else str(key), expected=", ".join(known))
    if field == "options":
        raise InputFileError("this key is not an option name", file=name, line=line, field=field,
                             expected='option names such as muck_touch_kills (docs/scenario-format.md, "House files")')
    raise InputFileError("this line is not a field of a house file (is this a house file?)", file=name, line=line,
                         expected="a house file: extends: PROFILE, title: ..., options: {name: value}")
