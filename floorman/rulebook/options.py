"""Room options: each declared once in `rulebook/options.yaml`, and every value checked against it.

A profile or a house file may set only declared options, each to a value of its kind:
`bool`, `int` within `min`..`max`, or `choice` among `values`. An unknown name or a bad value
is refused with the file, line and field, and a "did you mean" for a near-miss name.
"""

from __future__ import annotations

import difflib
import functools
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from floorman.errors import InputFileError
from floorman.resources import bundled
from floorman.source import line_of, load_yaml, relative, validate

BUNDLED_OPTIONS = bundled("rulebook") / "options.yaml"
INT_BOUND = 2**53          # the engine compares ints exactly only below this
OptionValue = bool | int | str


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class OptionSource(_Strict):
    """Where the convention comes from: a TDA rule, a Robert's Rules section, a seed guide, or house."""

    source: Literal["TDA", "RRoP", "seed", "house"]
    edition: str | None = None
    rule: str | None = None
    section: str | None = None

    @model_validator(mode="after")
    def _complete(self) -> "OptionSource":
        if self.source == "TDA" and (self.edition not in ("2024", "2026") or not self.rule):
            raise ValueError("a TDA source names its edition ('2024' or '2026') and rule")
        if self.source in ("RRoP", "seed") and not (self.edition and self.section):
            raise ValueError(f"a {self.source} source names its edition and section")
        return self

    @property
    def label(self) -> str:
        if self.source == "TDA":
            return f"TDA {self.edition} {'' if (self.rule or '').startswith('RP') else 'Rule '}{self.rule}"
        if self.source == "RRoP":
            return f"Robert's Rules of Poker {self.edition}, {self.section}"
        if self.source == "seed":
            return f"seed guide {self.edition}, \"{self.section}\""
        return f"house practice{': ' + self.section if self.section else ''}"


class OptionSpec(_Strict):
    """One room option: its kind, allowed values, default, source and what it means."""

    name: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    kind: Literal["bool", "int", "choice"]
    default: Any
    values: tuple[str, ...] | None = None
    min: int | None = None
    max: int | None = None
    source: OptionSource
    description: str = Field(min_length=1)
    tda_2026_change: bool = Field(False, description="a 2026 TDA change known only from a paraphrase of the "
                                  "2026 text: the default is the 2026 value, a 2024-edition profile gets the "
                                  "`tda_2024` value, and a ruling resting on the 2026 value says the text is not "
                                  "verified")
    tda_2024: Any = Field(None, description="with tda_2026_change: the value under the 2024 text (a bool option "
                          "defaults to the opposite of its default)")

    @model_validator(mode="before")
    @classmethod
    def _bool_change_2024(cls, raw: Any) -> Any:
        # a true/false 2026 change was the other way in 2024 unless the declaration says otherwise
        if isinstance(raw, dict) and raw.get("tda_2026_change") is True and raw.get("kind") == "bool" \
                and raw.get("tda_2024") is None and isinstance(raw.get("default"), bool):
            raw = {**raw, "tda_2024": not raw["default"]}
        return raw

    @model_validator(mode="after")
    def _consistent(self) -> "OptionSpec":
        if self.kind == "choice" and (not self.values or len(self.values) < 2):
            raise ValueError("a choice option lists at least two `values`")
        if self.kind != "choice" and self.values is not None:
            raise ValueError("only a choice option has `values`")
        if self.kind == "int":
            if self.min is None or self.max is None or not -INT_BOUND < self.min <= self.max < INT_BOUND:
                raise ValueError("an int option has `min` <= `max`, both below 2**53")
        elif self.min is not None or self.max is not None:
            raise ValueError("only an int option has `min` and `max`")
        problem = self.refuse(self.default)
        if problem:
            raise ValueError(f"default: {problem}")
        if self.tda_2026_change:
            if self.source.source != "TDA" or self.source.edition != "2026":
                raise ValueError("a 2026 change cites its TDA 2026 rule as its source")
            if self.tda_2024 is None:
                raise ValueError("a 2026 change names its value under the 2024 text (tda_2024)")
            problem = self.refuse(self.tda_2024)
            if problem:
                raise ValueError(f"tda_2024: {problem}")
            if self.tda_2024 == self.default:
                raise ValueError("a 2026 change has a 2024 value (tda_2024) other than its default")
        elif self.tda_2024 is not None:
            raise ValueError("only a 2026 change (tda_2026_change: true) has a tda_2024 value")
        return self

    def unverified(self, value: object) -> bool:
        """The value is the 2026 text's, known only from a paraphrase (never read in the original)."""
        return self.tda_2026_change and value == self.default

    @property
    def allowed(self) -> str:
        if self.kind == "bool":
            return "true or false"
        if self.kind == "int":
            return f"a whole number from {self.min} to {self.max}"
        return "one of " + ", ".join(self.values or ())

    def refuse(self, value: object) -> str | None:
        """Why `value` is not a value of this option, or None when it is."""
        if self.kind == "bool":
            return None if isinstance(value, bool) else f"{_shown(value)} is not true or false"
        if self.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                return f"{_shown(value)} is not a whole number"
            assert self.min is not None and self.max is not None
            if not self.min <= value <= self.max:
                return f"{_shown(value)} is out of range ({self.min} to {self.max})"
            return None
        if isinstance(value, str) and value in (self.values or ()):
            return None
        hint = did_you_mean(value, self.values or ()) if isinstance(value, str) else ""
        return f"{_shown(value)} is not {self.allowed}{hint}"


def _shown(value: object) -> str:
    if value is None:
        return "null"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def did_you_mean(word: object, known: Any) -> str:
    """' (did you mean X?)' for a near-miss of one of `known`, else ''."""
    if not isinstance(word, str):
        return ""
    close = difflib.get_close_matches(word, list(known), n=1, cutoff=0.6)
    return f" (did you mean {close[0]}?)" if close else ""


def bundled_default(name: str) -> OptionValue:
    """The default of a bundled option, for a situation built with no room options (the Python
    API): the number lives in rulebook/options.yaml only, never as a constant in code."""
    return _bundled_specs()[name].default


@functools.lru_cache(maxsize=1)
def _bundled_specs() -> dict[str, OptionSpec]:
    return load_option_specs(BUNDLED_OPTIONS)


def load_option_specs(path: Path) -> dict[str, OptionSpec]:
    """Read the option declarations: a mapping `options: {name: {kind, default, source, ...}}`."""
    name = relative(path)
    document = load_yaml(path)
    if not isinstance(document, dict) or not isinstance(document.get("options"), dict):
        raise InputFileError("an options file is a mapping `options: {name: {kind, default, source, "
                             "description}}`", file=name, line=getattr(document, "line", 1) or 1,
                             field="options")
    extra = sorted(str(key) for key in document if key != "options")
    if extra:
        raise InputFileError("unknown field", file=name, line=line_of(document, (extra[0],)), field=extra[0])
    specs: dict[str, OptionSpec] = {}
    for key, raw in document["options"].items():
        if not isinstance(raw, dict):
            raise InputFileError("an option is a mapping {kind, default, source, description}", file=name,
                                 line=line_of(document, ("options", key)), field=f"options.{key}")
        try:
            specs[str(key)] = validate(OptionSpec, {"name": key, **raw}, filename=name, document=document,
                                       prefix=("options", key))
        except InputFileError as error:
            if error.message.startswith("default: ") and "default" in raw:    # point at the default itself
                error.message = error.message[len("default: "):]
                error.line = line_of(document, ("options", key, "default"))
                error.field = f"options.{key}.default"
            raise
    return specs


def check_options(options: object, specs: Mapping[str, OptionSpec], *, file: str, document: Any,
                  prefix: tuple[Any, ...] = ("options",)) -> dict[str, OptionValue]:
    """The options as given, each name declared and each value of its kind; else a located error."""
    field = ".".join(str(p) for p in prefix)
    if options is None:
        return {}
    if not isinstance(options, Mapping):
        raise InputFileError("options are a mapping of option name to value", file=file,
                             line=line_of(document, prefix), field=field)
    checked: dict[str, OptionValue] = {}
    for key, value in options.items():
        where = prefix + (key,)
        spec = specs.get(key) if isinstance(key, str) else None
        if spec is None:
            raise InputFileError(f"unknown option {_shown(key)}{did_you_mean(key, specs)}", file=file,
                                 line=line_of(document, where), field=f"{field}.{key}",
                                 expected="one of " + ", ".join(sorted(specs)) if specs else None)
        problem = spec.refuse(value)
        if problem:
            raise InputFileError(problem, file=file, line=line_of(document, where), field=f"{field}.{key}",
                                 expected=spec.allowed)
        checked[key] = value
    return checked
