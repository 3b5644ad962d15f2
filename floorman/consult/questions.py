"""The questions a person can answer, read from `rulebook/questions.yaml`, and their answers.

An input is either a table input (the stakes, the bet faced, the street...) declared in full in
the file, or an incident input `<incident-type>.<field>` whose kind, choices and default come
from the incident model: the file gives only its words. Answers are parsed here, with no
terminal: a bad answer is a `BadAnswer` naming what was expected, and nothing is changed.
"""

from __future__ import annotations

import re
import types
import typing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from floorman.errors import FloormanError
from floorman.model.incidents import incident_class
from floorman.notation.lexer import quoted
from floorman.rulebook.loader import DEFAULT_RULEBOOK, question_fields, questions_file
from floorman.source import load_yaml

QUESTIONS_FILE = "questions.yaml"
KINDS = ("choice", "bool", "int", "amount", "blinds", "chips", "cards", "positions", "following")
_YES = {"y", "yes", "true", "1"}
_NO = {"n", "no", "false", "0"}


class BadAnswer(FloormanError):
    """An answer that does not fit its question; the message says what was expected."""


@dataclass(frozen=True)
class Input:
    """One question: its name, words, kind, choices and default (as typed text)."""

    name: str
    ask: str
    kind: str
    default: str = ""
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    skip_if: dict[str, Any] = field(default_factory=dict)

    @property
    def incident_type(self) -> str | None:
        return self.name.split(".", 1)[0] if "." in self.name else None

    @property
    def field(self) -> str:
        return self.name.split(".", 1)[1] if "." in self.name else self.name

    def expected(self) -> str:
        """What an answer to this question looks like, in words."""
        return {
            "choice": "one of " + ", ".join(self.choices) + " (or its number)",
            "bool": "yes or no",
            "int": "a whole number" + (f" from {self.minimum} to {self.maximum}"
                                       if self.minimum is not None and self.maximum is not None else ""),
            "amount": "an amount in chips, a whole number (e.g. 25, 2,000 or 2.5k)"
                      + (", or none" if self.default == "none" else ""),
            "blinds": "small/big blinds, e.g. 2/5 or 1000/2000",
            "chips": "chip values separated by spaces, e.g. 100, 25 25 or 4x500 (none for no chips)",
            "cards": "cards like Ah Kd (none for no cards)",
            "positions": "whole numbers separated by spaces, e.g. 1 or 1 2",
            "following": "an action: check, call, fold, bet N, raise N, all-in N, or none",
        }[self.kind]

    def parse(self, text: str) -> Any:
        """The typed answer as a value (empty text: the default). Raises BadAnswer."""
        raw = text.strip() or self.default
        try:
            return _PARSERS[self.kind](self, raw)
        except BadAnswer:
            raise
        except (ValueError, TypeError, IndexError):
            raise BadAnswer(f"{quoted(raw)} is not an answer to this question", expected=self.expected()) from None


def _choice(spec: Input, raw: str) -> str:
    word = raw.lower().strip()
    if word.isdigit() and 1 <= int(word) <= len(spec.choices):
        return spec.choices[int(word) - 1]
    matches = [c for c in spec.choices if c == word] or [c for c in spec.choices if c.startswith(word) and word]
    if len(matches) != 1:
        raise BadAnswer(f"{quoted(raw)} is not one of the choices", expected=spec.expected())
    return matches[0]


def _bool(spec: Input, raw: str) -> bool:
    word = raw.lower().strip()
    if word in _YES:
        return True
    if word in _NO:
        return False
    raise BadAnswer(f"{quoted(raw)} is not yes or no", expected=spec.expected())


def _number(raw: str) -> int:
    """Chips as the table notation writes them (500, 1,000, 2.5k, 1m), a $ sign allowed."""
    from floorman.notation.errors import NotationError
    from floorman.notation.lexer import Word, amount

    try:
        return amount(Word(raw.strip().replace("_", "").lstrip("$"), 1))
    except NotationError:
        raise ValueError(raw) from None


def _int(spec: Input, raw: str) -> int:
    value = _number(raw)
    if (spec.minimum is not None and value < spec.minimum) or (spec.maximum is not None and value > spec.maximum):
        raise BadAnswer(f"{value} is out of range", expected=spec.expected())
    return value


def _amount(spec: Input, raw: str) -> int | None:
    if raw.strip().lower() == "none" and spec.default == "none":
        return None
    return _number(raw)


def _blinds(spec: Input, raw: str) -> tuple[int, int]:
    small, big = re.split(r"\s*/\s*", raw.strip())
    small_blind, big_blind = _number(small), _number(big)
    if not 0 < small_blind <= big_blind:
        raise BadAnswer(f"{quoted(raw)}: the small blind is more than 0 and no more than the big blind",
                        expected=spec.expected())
    return small_blind, big_blind


def _list(raw: str) -> list[str]:
    text = raw.strip()
    return [] if text.lower() in ("", "none", "-") else re.split(r"[\s,]+", text)


def _chips(spec: Input, raw: str) -> list[int]:
    """Chip values separated by spaces, a multiple as at the table: `4x500 100` or `500x4`."""
    from floorman.notation.errors import NotationError
    from floorman.notation.lexer import Word
    from floorman.notation.lexer import chips as chips_in

    try:
        chips = [chip for word in _list(raw.replace(", ", " "))
                 for chip in chips_in(Word(word.replace("_", "").lstrip("$"), 1))]
    except NotationError:
        raise ValueError(raw) from None
    if any(chip == 0 for chip in chips):
        raise BadAnswer("a chip is worth more than 0", expected=spec.expected())
    return chips


def _cards(spec: Input, raw: str) -> list[str]:
    cards = [word[0].upper() + word[1:].lower() for word in _list(raw)]
    for card in cards:
        if not re.fullmatch(r"[2-9TJQKA][cdhs]", card):
            raise BadAnswer(f"{quoted(card)} is not a card", expected=spec.expected())
    return cards


def _positions(spec: Input, raw: str) -> list[int]:
    values = [_number(word) for word in _list(raw)]
    if any(value < 1 for value in values):
        raise BadAnswer("positions start at 1", expected=spec.expected())
    return values


def _following(spec: Input, raw: str) -> tuple[str, int | None] | None:
    words = raw.lower().split()
    if not words or words == ["none"]:
        return None
    action = {"allin": "all-in", "bets": "bet", "raises": "raise", "calls": "call", "checks": "check",
              "folds": "fold"}.get(words[0], words[0])
    if action in ("check", "call", "fold") and len(words) == 1:
        return action, None
    if action in ("bet", "raise", "all-in") and len(words) == 2:
        return action, _number(words[1])
    raise BadAnswer(f"{quoted(raw)} is not an action", expected=spec.expected())


_PARSERS = {"choice": _choice, "bool": _bool, "int": _int, "amount": _amount, "blinds": _blinds,
            "chips": _chips, "cards": _cards, "positions": _positions, "following": _following}


@dataclass(frozen=True)
class Dispute:
    """An incident type a person can ask about."""

    type: str
    label: str
    stage: str
    facts: tuple[str, ...]
    doc: str = ""
    defaults: dict[str, str] = field(default_factory=dict)


@dataclass
class Questions:
    """The whole declared map: inputs, disputes and fact field -> inputs."""

    inputs: dict[str, Input]
    disputes: dict[str, Dispute]
    fields: dict[str, dict[str, tuple[str, ...]]]     # fact -> field -> inputs
    sources: dict[str, str]                           # fact -> "profile" | "derive-rules"
    path: str = ""
    # input -> answer -> the inputs that answer makes matter (`betting: {pot-limit: [street, pot]}`)
    follow_ups: dict[str, dict[str, tuple[str, ...]]] = field(default_factory=dict)

    def inputs_for(self, fact: str, name: str) -> tuple[str, ...] | None:
        """The inputs a fact field is computed from; None when the field is not declared."""
        return self.fields.get(fact, {}).get(name)


STAGES = ("deal", "betting", "board", "showdown", "stud")   # stud: a stud hand (variants family)


def load_questions(rulebook_folder: str | Path | None = None) -> Questions:
    """Read questions.yaml from the rulebook folder (the bundled one when the folder has none)."""
    path = questions_file(Path(rulebook_folder) if rulebook_folder else DEFAULT_RULEBOOK)
    document = load_yaml(path)
    inputs = {name: _input(name, raw or {}, str(path)) for name, raw in document.get("inputs", {}).items()}
    disputes: dict[str, Dispute] = {}
    for name, raw in document.get("disputes", {}).items():
        cls = incident_class(name)
        if cls is None:
            raise FloormanError(f"{path}: dispute {name!r} is not an incident type", field=f"disputes.{name}")
        if raw.get("stage") not in STAGES:
            raise FloormanError(f"{path}: dispute {name!r} has no known stage", expected=", ".join(STAGES),
                                field=f"disputes.{name}.stage")
        disputes[name] = Dispute(name, raw["label"], raw["stage"], tuple(raw.get("facts", ())),
                                 " ".join((cls.__doc__ or "").split()),
                                 {key: str(value) for key, value in (raw.get("defaults") or {}).items()})
    fields, sources = question_fields(document, inputs, path)
    follow_ups: dict[str, dict[str, tuple[str, ...]]] = {}
    for name, by_answer in (document.get("follow_ups") or {}).items():
        for answer, used in (by_answer or {}).items():
            unknown = [u for u in [name, *used] if u not in inputs]
            if unknown:
                raise FloormanError(f"{path}: follow_ups names {unknown[0]!r}, which is not an input",
                                    field=f"follow_ups.{name}")
            follow_ups.setdefault(name, {})[str(answer)] = tuple(used)
    return Questions(inputs, disputes, fields, sources, str(path), follow_ups)


def _input(name: str, raw: dict[str, Any], path: str) -> Input:
    """An input from its declaration; an incident input's kind, choices and default come from
    the incident model unless the file says otherwise."""
    kind, choices, default = raw.get("kind"), tuple(raw.get("choices", ())), raw.get("default")
    if "." in name and kind is None:
        incident_type, field_name = name.split(".", 1)
        cls = incident_class(incident_type)
        if cls is None or field_name not in cls.model_fields:
            raise FloormanError(f"{path}: input {name!r} names no incident field", field=f"inputs.{name}")
        model_field = cls.model_fields[field_name]
        kind, model_choices = _kind_of(model_field.annotation)
        choices = choices or model_choices
        if default is None and not model_field.is_required():
            # an optional field (None) is answered "none"
            default = "none" if model_field.default is None else _as_text(model_field.default)
    if kind not in KINDS:
        raise FloormanError(f"{path}: input {name!r} has no known kind", expected=", ".join(KINDS),
                            field=f"inputs.{name}.kind")
    return Input(name, raw["ask"], kind, _as_text(default), choices, raw.get("min"), raw.get("max"),
                 dict(raw.get("skip_if") or {}))


def _kind_of(annotation: Any) -> tuple[str, tuple[str, ...]]:
    """An incident field's type as an input kind (and its choices for a Literal)."""
    args = [a for a in typing.get_args(annotation) if a is not type(None)]
    origin = typing.get_origin(annotation)
    if origin in (typing.Union, types.UnionType) and len(args) == 1:
        return _kind_of(args[0])
    if origin is typing.Literal:
        return "choice", tuple(str(a) for a in typing.get_args(annotation))
    if annotation is bool:
        return "bool", ()
    if annotation is int:
        return "amount", ()
    if origin in (tuple, list):
        inner = typing.get_args(annotation)[0]
        base = typing.get_args(inner)[0] if typing.get_origin(inner) is typing.Annotated else inner
        return ("chips" if typing.get_origin(inner) is typing.Annotated else
                "cards" if base is str else "positions" if base is int else "following"), ()
    return "amount", ()


def _as_text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return " ".join(str(v) for v in value) or "none"
    return str(value)
