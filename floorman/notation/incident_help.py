"""`help TYPE` at the table: an incident type's fields (kind, choices, default, meaning) and one
example line; and an incident written back as the line that enters it (`incident_line`).

The example is a bundled scenario's incident of that type when one exists (a real dispute), else
a line made from the required fields; either way it is read back through the notation before it
is shown, so an example always works when typed.
"""

from __future__ import annotations

import re
import typing
from functools import cache, lru_cache
from typing import Any

from floorman.notation.errors import NotationError


def field_values(annotation: Any) -> tuple[str, ...]:
    """The values a field takes, for completion: its choices, yes/no; () for numbers, seats, text."""
    args = [a for a in typing.get_args(annotation) if a is not type(None)]
    origin = typing.get_origin(annotation)
    if origin in (typing.Union,) or type(annotation).__name__ == "UnionType":
        values: tuple[str, ...] = ()
        for arg in args:
            values += field_values(arg)
        return values
    if origin is typing.Literal:
        return tuple(str(a) for a in typing.get_args(annotation))
    if annotation is bool:
        return ("yes", "no")
    return ()


def describe_kind(annotation: Any) -> str:
    """A field's kind in words: `flop | turn | river`, `yes | no`, `a number`, `cards, e.g. As,Kd`."""
    choices = field_values(annotation)
    if choices:
        return " | ".join(choices)
    text = str(annotation)
    if "FollowingAction" in text:
        return "actions, e.g. 5:check,6:bet:500"
    if "tuple" in text or "list" in text:
        return "numbers, e.g. 1,2" if "int" in text else "cards, e.g. As,Kd"
    if "int" in text:
        return "a number (a seat: 3)"
    return "text"


def incident_line(incident: Any) -> str:
    """The `incident TYPE field=value ...` line that enters this incident."""
    data = incident.model_dump(mode="json", exclude_defaults=True)
    data.pop("type", None)
    data.pop("commentary", None)
    parts = [f"incident {incident.type}"]
    for name, value in data.items():
        parts.append(f"{name}={_value_text(value)}")
    return " ".join(parts)


def _value_text(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        if value and isinstance(value[0], dict):       # following actions: seat:action[:amount]
            return ",".join(":".join(str(v) for v in (a["seat"], a["action"], a.get("amount")) if v is not None)
                            for a in value)
        return ",".join(str(v) for v in value) or "none"
    return str(value)


@cache
def example(kind: str) -> str:
    """One line that enters an incident of this type, read back through the notation."""
    from floorman.notation.parser import parse_line

    for line in (_bundled_example(kind), _made_example(kind)):
        if not line or len(line) > 160:
            continue
        try:
            parse_line(line)
        except NotationError:
            continue
        return line
    return f"incident {kind} FIELD=VALUE ..."


def _bundled_example(kind: str) -> str | None:
    """The first bundled scenario's incident of this type, as a line."""
    from floorman.model.incidents import parse_incident
    from floorman.source import load_yaml

    for path in _files_naming().get(kind, ()):
        try:
            document = load_yaml(path)
            for raw in document.get("incidents") or []:
                if isinstance(raw, dict) and raw.get("type") == kind:
                    return incident_line(parse_incident(raw))
        except Exception:  # noqa: BLE001 - a file that does not load gives no example, the next may
            continue
    return None


@lru_cache(maxsize=1)
def _files_naming() -> dict[str, list[Any]]:
    """type -> the bundled scenario files whose text names it (one pass over the folder)."""
    from floorman.resources import bundled

    found: dict[str, list[Any]] = {}
    for path in sorted(bundled("scenarios").rglob("*.yaml")):
        try:
            text = path.read_text(encoding="utf-8")
        except OSError:
            continue
        for kind in dict.fromkeys(re.findall(r"type:\s*([a-z0-9-]+)", text)):
            found.setdefault(kind, []).append(path)
    return found


def _made_example(kind: str) -> str:
    from floorman.notation.parser import incident_fields

    parts = [f"incident {kind}"]
    for name, info in incident_fields(kind).items():
        if not info.is_required():
            continue
        choices = field_values(info.annotation)
        text = str(info.annotation)
        if choices:
            value = choices[0]
        elif "tuple" in text or "list" in text:
            value = "1,2" if "int" in text else "As"
        elif "int" in text:
            value = "3" if "seat" in name or name in ("target", "bettor", "claimant", "seated") else "100"
        else:
            value = "As" if name == "card" else "x"
        parts.append(f"{name}={value}")
    return " ".join(parts)


def help_for(kind: str) -> str:
    """`help TYPE`: what the incident is, its fields and one example."""
    from floorman.model.incidents import incident_class
    from floorman.notation.parser import incident_fields

    cls = incident_class(kind)
    assert cls is not None, kind
    doc = " ".join((cls.__doc__ or "").split())
    lines = [f"{kind}: {doc}" if doc else kind, "fields:"]
    for name, info in incident_fields(kind).items():
        if info.is_required():
            default = "required"
        elif info.default in (None, (), []):
            default = "default: none"
        else:
            value = list(info.default) if isinstance(info.default, tuple) else info.default
            default = f"default: {_value_text(value)}"
        meaning = f"  {info.description}" if info.description else ""
        lines.append(f"  {name:<22} {describe_kind(info.annotation):<34} {default}{meaning}")
    lines.append(f"e.g. {example(kind)}")
    return "\n".join(lines)
