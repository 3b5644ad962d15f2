"""A recorded ruling brought back as floorman's own objects, so that `journal show` renders it
the way the ruling was shown. What was recorded is what is shown: nothing is ruled again.

Each function raises FloormanError when the record no longer fits today's models (a journal
written by an older floorman, say); the caller then shows the recorded JSON as it is.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from floorman.errors import FloormanError

if TYPE_CHECKING:
    from floorman.engine.facts import Situation
    from floorman.journal.store import Entry
    from floorman.ruling import Ruling, RulingReport


def situation_of(entry: "Entry") -> "Situation":
    """The table, events and incidents as recorded (the hand replays from them)."""
    from floorman.engine.facts import Situation
    from floorman.model.events import parse_event
    from floorman.model.incidents import parse_incident
    from floorman.model.table import Table

    try:
        situation = Situation(Table.from_data(entry.table_setup),
                              [parse_event(raw, index=index) for index, raw in enumerate(entry.events)],
                              [parse_incident(raw) for raw in entry.incidents], entry.profile, dict(entry.options))
        situation.state  # noqa: B018 - replay now, so a hand that no longer replays is found here
    except FloormanError:
        raise
    except (ValueError, TypeError) as error:
        raise FloormanError(f"ruling #{entry.id}: the recorded hand does not fit this floorman ({error})") from None
    return situation


def ruling_of(data: dict[str, Any], profile: str) -> "Ruling":
    """A Ruling from its recorded JSON (RulingReport.to_json()['rulings'][i])."""
    from floorman.rulebook.schema import Citation
    from floorman.ruling import Ruling

    try:
        known = set(Citation.model_fields)
        citations = tuple(Citation.model_validate({key: value for key, value in citation.items() if key in known})
                          for citation in data.get("citations", []))
        values = {"rule_id": data["rule"], "rule_name": data.get("name", data["rule"]),
                  "title": data.get("title", ""), "category": data.get("category", ""),
                  "decision": data["decision"], "params": dict(data.get("params", {})), "citations": citations,
                  "explanation": data.get("explanation", ""), "steps": tuple(data.get("steps", ())),
                  "subject": data.get("subject", ""), "priority": 0, "matched": {},
                  "overridden": tuple(data.get("overridden", ())), "dead_seat": data.get("dead_seat"),
                  "incident": data.get("incident"), "effect": tuple(data.get("effect", ())),
                  "effect_error": data.get("effect_error"), "profile": profile,
                  "options_applied": tuple((o["option"], o["value"]) for o in data.get("options_applied", ())),
                  "caveats": tuple(data.get("caveats", ())),
                  "from_house": tuple(o["option"] for o in data.get("options_applied", ()) if o.get("house"))}
        fields = {field.name for field in dataclasses.fields(Ruling)}
        return Ruling(**{key: value for key, value in values.items() if key in fields})
    except (KeyError, ValueError, TypeError) as error:
        raise FloormanError(f"a recorded ruling does not fit this floorman ({type(error).__name__}: {error})") \
            from None


def report_of(entry: "Entry") -> "RulingReport":
    """The recorded rulings, pots and hands as a RulingReport (with no trace: it is not kept)."""
    from floorman.ruling import RulingReport, Trace

    hands: dict[int, dict[str, Any]] = {}
    for seat, hand in entry.hands.items():
        try:
            hands[int(seat)] = hand
        except ValueError:
            raise FloormanError(f"ruling #{entry.id}: a recorded hand's seat is {seat!r}") from None
    return RulingReport(profile=entry.profile, rulings=[ruling_of(data, entry.profile) for data in entry.rulings],
                        trace=Trace(facts=[], fired=[], conclusion=[]), pots=list(entry.pots), hands=hands)
