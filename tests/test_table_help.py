"""Issue 15 item 4: shorthand and completion for every incident type, its fields and their values,
`help TYPE` with the fields and one example, and chip multiples."""

from __future__ import annotations

import pytest

from floorman.engine.floor import Floor
from floorman.model.incidents import INCIDENT_TYPES, _load_families
from floorman.notation.errors import NotationError
from floorman.notation.incident_help import example, field_values, help_for, incident_line
from floorman.notation.parser import Context, complete, incident_fields, parse_line
from floorman.session import TableSession

_load_families()
TYPES = sorted(INCIDENT_TYPES)
CTX = Context(seats=frozenset({1, 2, 3, 4, 5, 6}))


@pytest.mark.parametrize("kind", TYPES)
def test_every_incident_type_completes_shortens_and_has_help_with_a_working_example(kind):
    # Tab: a prefix of the type completes to it; the type's fields complete after it
    assert kind in complete(f"incident {kind[:3]}", CTX)
    fields = incident_fields(kind)
    assert complete(f"incident {kind} ", CTX) == [f"{name}=" for name in fields]
    for name, info in fields.items():
        values = field_values(info.annotation)
        if values:          # a choice or yes/no: its values complete after `name=`
            assert complete(f"incident {kind} {name}=", CTX) == [f"{name}={value}" for value in values]
    # help TYPE: every field named, and one example that the notation reads as this type
    text = help_for(kind)
    assert all(f"  {name} " in text for name in fields), text
    line = example(kind)
    assert text.endswith(f"e.g. {line}")
    [incident] = parse_line(line).incidents
    assert incident.type == kind
    assert parse_line(incident_line(incident)).incidents[0] == incident     # a line and its incident agree


def test_a_prefix_that_only_one_type_or_field_has_is_read_as_it():
    [incident] = parse_line("incident prem str=turn cards=8s").incidents
    assert (incident.type, incident.street, incident.cards) == ("premature-board", "turn", ("8s",))
    with pytest.raises(NotationError):
        parse_line("incident s seat=3")        # too short: many types start with s
    assert parse_line("help prem").values == {"type": "premature-board"}


def test_completion_gives_the_tables_seats_for_a_seat_field_and_skips_fields_given():
    assert complete("incident show-request seat=", CTX) == [f"seat={n}" for n in range(1, 7)]
    assert "street=" not in complete("incident premature-board street=turn ", CTX)
    assert complete("incident premature-board street=t", CTX) == ["street=turn"]


def test_help_type_at_the_table():
    session = TableSession(floor=Floor())
    assert session.start("nl 100/200 3 seats").ok
    shown = session.enter("help premature-board")
    assert shown.ok and "street" in shown.text and "flop | turn | river" in shown.text and "e.g. incident" in shown.text
    wrong = session.enter("help premature-bored")
    assert not wrong.ok and "did you mean 'premature-board'" in wrong.error


@pytest.mark.parametrize(("line", "chips"), [
    ("s5 chips 4x500 4x100", [500] * 4 + [100] * 4),
    ("s5 chips 500x4", [500] * 4),
    ("s5 chips 100 2x25 silent", [100, 25, 25]),
    ("s5 says raise, chips 3x1k", [1000] * 3),
])
def test_chip_multiples(line, chips):
    [wager] = parse_line(line, Context(seats=CTX.seats, actor=5)).incidents
    assert list(wager.chips) == chips


def test_a_multiple_reads_the_tables_chip_values_first():
    """`25x100` is 25 chips of 100 (the count is the smaller), unless the table's chips say 25 is a value."""
    plain = parse_line("s5 chips 25x100", Context(seats=CTX.seats)).incidents[0]
    assert list(plain.chips) == [100] * 25
    valued = parse_line("s5 chips 100x25", Context(seats=CTX.seats, denominations=(25, 500))).incidents[0]
    assert list(valued.chips) == [25] * 100


@pytest.mark.parametrize("line", ["s5 chips 0x5", "s5 chips 2000x2000", "s5 chips 4x0"])
def test_a_multiple_that_is_not_a_push_is_refused_in_one_line(line):
    with pytest.raises(NotationError) as error:
        parse_line(line, CTX)
    assert "\n" not in str(error.value)
