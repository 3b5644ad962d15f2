"""House rules: a small YAML file that takes a profile and changes some of its room options.

    extends: cash                 # the profile the house starts from
    title: Our Thursday game      # optional
    options: {muck_touch_kills: true}

Each option must be declared in the rulebook's options.yaml and take a value of its kind;
anything else is refused with the file, line and field.
"""

from __future__ import annotations

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
    document = load_yaml(path)
    if not isinstance(document, dict):
        raise InputFileError("a house file is a mapping: extends: PROFILE, options: {name: value}",
                             file=name, line=getattr(document, "line", None) or 1)
    for key in document:
        if key not in _KEYS:
            raise InputFileError(f"unknown field{did_you_mean(key, _KEYS)}", file=name,
                                 line=line_of(document, (key,)), field=str(key), expected=", ".join(_KEYS))
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
    options = check_options(document.get("options"), rulebook.option_specs, file=name, document=document)
    return HouseRules(path=name, extends=extends, options=options, title=title)
