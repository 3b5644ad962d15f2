"""The table notation, line by line, with no terminal: what each line means, the located errors,
every incident type entered, and the help, docs and completion derived from the one grammar."""

from __future__ import annotations

import typing

import pytest

from floorman.model.events import Action, Board, Burn, DealHole, Muck, Show
from floorman.model.incidents import INCIDENT_TYPES, _load_families
from floorman.notation import NotationError
from floorman.notation.docs import DOC_PATH, SHORTHANDS, render_notation
from floorman.notation.grammar import COMMANDS, help_text
from floorman.notation.parser import Context, complete, incident_fields, parse_line

SIX = Context(seats=frozenset(range(1, 7)), actor=4, deal_order=(1, 2, 3, 4, 5, 6))


def only_event(line: str, ctx: Context = SIX):
    parsed = parse_line(line, ctx)
    assert len(parsed.events) == 1 and not parsed.incidents, parsed
    return parsed.events[0]


def only_incident(line: str, ctx: Context = SIX):
    parsed = parse_line(line, ctx)
    assert len(parsed.incidents) == 1 and not parsed.events, parsed
    return parsed.incidents[0]


@pytest.mark.parametrize(("line", "seat", "action", "amount"), [
    ("s3 raise 15", 3, "raise", 15),
    ("s3 raises to 1,500", 3, "raise", 1500),
    ("s3 r 2.5k", 3, "raise", 2500),
    ("s1 bet 500", 1, "bet", 500),
    ("s3 call", 3, "call", None),
    ("s2 folds", 2, "fold", None),
    ("s2 x", 2, "check", None),
    ("s6 allin", 6, "all-in", None),
    ("S6 All-In 300", 6, "all-in", 300),
])
def test_actions(line, seat, action, amount):
    event = only_event(line)
    assert isinstance(event, Action)
    assert (event.seat, event.action, event.amount) == (seat, action, amount)


def test_cards():
    assert only_event("flop As Kd 7c") == Board(cards=("As", "Kd", "7c"))
    assert only_event("flop askd7c") == Board(cards=("As", "Kd", "7c"))
    assert only_event("turn 2h") == Board(cards=("2h",))
    assert only_event("river 9c") == Board(cards=("9c",))
    assert only_event("burn") == Burn()
    assert only_event("s3 shows As Ad") == Show(seat=3, cards=("As", "Ad"))
    assert only_event("s3 dealt As Ad") == DealHole(seat=3, cards=("As", "Ad"))


def test_muck_is_a_fold_in_turn_an_event_out_of_the_betting_and_a_dispute_at_showdown():
    assert only_event("s4 mucks") == Action(seat=4, action="fold")
    assert only_event("s3 mucks") == Muck(seat=3)
    at_showdown = Context(seats=SIX.seats, showdown=True)
    incident = only_incident("s3 mucks", at_showdown)
    assert incident.type == "muck-at-showdown" and incident.seat == 3
    # issue 15: at a podium "mucks" means into the muck (mixed with the discards: not identifiable)
    assert (incident.where, incident.identifiable) == ("in-muck", False)
    released = only_incident("s3 mucks released", at_showdown)
    assert (released.where, released.identifiable) == ("released", True)
    mixed = only_incident("s3 mucks in-muck", at_showdown)
    assert (mixed.where, mixed.identifiable) == ("in-muck", False)


def test_wagers_words_and_chips_in_order():
    silent = only_incident("s5 chips 100 silent", Context(seats=SIX.seats, actor=5))
    assert silent.type == "wager" and silent.chips == (100,) and silent.declared == "none" and silent.in_turn is not False
    first_words = only_incident("s5 says raise, chips 100")
    assert (first_words.declared, first_words.chips, first_words.speech) == ("raise", (100,), "before")
    chips_first = only_incident("s5 chips 100 100, says raise")
    assert (chips_first.declared, chips_first.chips, chips_first.speech) == ("raise", (100, 100), "after")
    assert only_incident("s5 says call").declared == "call"
    amount = only_incident("s5 says raise to 300")
    assert (amount.declared, amount.amount_said) == ("raise", 300)
    alone = only_incident("s5 says 1500")
    assert (alone.declared, alone.amount_said) == ("amount-only", 1500)
    odd = only_incident("s5 says I'm in")
    assert (odd.declared, odd.words) == ("non-standard", "I'm in")
    # seat 4 is due to act: seat 5's chips are out of turn
    assert only_incident("s5 chips 100").in_turn is False


def test_other_shorthands():
    exposed = only_incident("s4 exposes Qh")
    assert (exposed.type, exposed.by, exposed.seat, exposed.cards) == ("exposed-card", "player", 4, ("Qh",))
    assert only_incident("s4 exposes Qh folding").by == "folding"
    # the deal starts left of the button: seat 3 is third in (1..6) and first after a button on 2
    dealer = only_incident("dealer exposes s3 first")
    assert (dealer.by, dealer.seat, dealer.deal_positions) == ("dealer", 3, (3,))
    after_2 = Context(seats=SIX.seats, deal_order=(3, 4, 5, 6, 1, 2))
    assert only_incident("dealer exposes s3 first", after_2).deal_positions == (1,)
    assert only_incident("dealer exposes s3 second", after_2).deal_positions == (7,)
    assert only_incident("dealer exposes s3 card 4 Kh", after_2).cards == ("Kh",)
    question = only_incident("s1 asks may-raise")
    assert (question.type, question.asks) == ("question", "may-raise")
    assert only_incident("s1 asks count-stack s4").about == 4
    assert only_incident("s4 clock tie").tie is True
    assert only_incident("s7 away", Context()).type == "not-at-seat"
    oot = only_incident("s6 oot bet 500")
    assert (oot.type, oot.seat, oot.action, oot.amount) == ("out-of-turn", 6, "bet", 500)


def test_session_commands():
    assert parse_line("undo").command == "undo"
    assert parse_line("pots").command == "pots"
    assert parse_line("new hand").command == "new-hand"
    assert parse_line("help").command == parse_line("?").command == "help"
    assert parse_line("quit").command == parse_line("exit").command == "quit"
    assert parse_line("save my dispute.yaml").values == {"file": "my dispute.yaml"}
    assert parse_line("checked to river").values == {"street": "river"}
    what_if = parse_line("what if s5 chips 100 100", SIX)
    assert what_if.command == "what-if" and what_if.inner.incidents[0].chips == (100, 100)


@pytest.mark.parametrize(("line", "column", "message", "expected"), [
    ("s3 rasie 15", 4, "did you mean 'raise'", "raise"),
    ("s12 call", 1, "no seat 12", "s1, s2, s3, s4, s5, s6"),
    ("s3 raise", 9, "ends too soon", "an amount"),
    ("s3 raise abc", 10, "'abc' is not an amount", "an amount"),
    ("s3 raise 1.5", 10, "not a whole number", "an amount"),
    ("s3 raise 15 16", 13, "'16' is not expected", "the end of the line"),
    ("flop As Kd", 6, "a flop is three", "three cards"),
    ("flop As Kx 7c", 9, "'Kx' is not", "a card"),
    ("turn 2h 3h", 6, "2 cards: a turn is one", "one card"),
    ("hello", 1, "'hello' is not a command", "a seat"),
    ("incident boxd-card", 10, "did you mean 'boxed-card'", "boxed-card"),
    ("incident wager seat=3 chipz=100", 23, "did you mean 'chips'", "chips"),
    ("incident wager chips=100", 25, "seat: is required", "seat="),
    ("incident wager seat=3 unclear=perhaps", 31, "not yes or no", "yes or no"),
    ("incident out-of-turn seat=6 action=bet", 1, "a bet needs an amount", None),
    ("what if s3 rasie 4", 12, "did you mean 'raise'", "raise"),
    ("s5 says", 8, "ends too soon", "the words said"),
    ("s5 chips 0", 10, "more than 0", "a chip value"),
    ("dealer exposes s3 card", 23, "needs its place", "a number"),
])
def test_errors_name_the_column_and_what_was_expected(line, column, message, expected):
    with pytest.raises(NotationError) as caught:
        parse_line(line, SIX)
    error = caught.value
    assert message in error.message, error.message
    if column != 1 or expected is not None:
        assert error.column == column, (error.column, str(error))
    if expected is not None:
        assert expected in (error.expected or ""), error.expected
    assert str(error).startswith(f"column {error.column}: ")
    assert "\n" not in str(error)


def test_empty_line_is_an_error():
    with pytest.raises(NotationError):
        parse_line("   ")


# ----------------------------------------------------------------------------- every incident type

_SEATS = {"seat": "3", "bettor": "5", "target": "6", "to_seat": "6", "about": "4", "skipped": "2",
          "condition_seat": "5", "misled_seat": "6", "awarded_to": "2", "correct_button": "4"}


def _example(annotation: typing.Any, name: str) -> str:
    """A value a floor person could type for a field of this type (seats differ from field to field)."""
    text = str(annotation)
    if name in _SEATS:
        return _SEATS[name]
    if "FollowingAction" in text:
        return "5:check"
    args = [a for a in typing.get_args(annotation) if a is not type(None)]
    origin = typing.get_origin(annotation)
    if origin is typing.Literal:
        return str(args[0])
    if origin in (tuple, list):
        inner = args[0] if args else str
        return _example(inner, name)
    if args and origin is typing.Union:
        return _example(args[0], name)
    if typing.get_origin(annotation) is typing.Annotated:
        return _example(args[0], name)
    if annotation is bool:
        return "yes"
    if annotation is int or "int" in text:
        return "3"
    return "As" if "card" in name else "words"


# Types whose models check one field against another (a chip race needs the next chip up to be a
# multiple above the one removed, a deal two players...): the generic examples cannot satisfy
# them, so the required part is written as a floor person would type it.
_CONSISTENT_LINES = {
    "chip-race": "incident chip-race removed=25 next_up=100 seats=3,4 removed_chips=3,2",
    "deal-proposal": "incident deal-proposal agreeing=3 declining=4",
    "new-game-seating": "incident new-game-seating seated=3 claimant=1",
    "simultaneous-eliminations": "incident simultaneous-eliminations seats=3,4",
    "wrong-seat": "incident wrong-seat seat=3 assigned_seat=5",
}


def _required_line(kind: str) -> str:
    if kind in _CONSISTENT_LINES:
        return _CONSISTENT_LINES[kind]
    parts = [f"incident {kind}"]
    for name, info in incident_fields(kind).items():
        if info.is_required():
            parts.append(f"{name}={_example(info.annotation, name)}")
    return " ".join(parts)


_load_families()


@pytest.mark.parametrize("kind", sorted(INCIDENT_TYPES))
def test_every_incident_type_can_be_entered(kind):
    line = _required_line(kind)
    if kind == "wager":              # a wager puts out chips, says something, or both
        line += " chips=100"
    incident = only_incident(line, Context())
    assert incident.type == kind
    # and every field can be given, each by its own type
    for name, info in incident_fields(kind).items():
        value = _example(info.annotation, name)
        try:
            full = only_incident(f"{line} {name}={value}" if f" {name}=" not in line else line, Context())
        except NotationError as error:
            # a value the model refuses in this combination is still reported on one line naming the field
            assert name in str(error) or kind in str(error), str(error)
            continue
        assert full.type == kind


def test_every_incident_type_is_in_the_docs_with_its_shorthand_or_the_fallback():
    page = render_notation()
    for kind in INCIDENT_TYPES:
        assert f"| `{kind}` |" in page
    assert set(SHORTHANDS) <= set(INCIDENT_TYPES)


# ----------------------------------------------------------------------------- one grammar, four uses

def test_docs_notation_md_is_current():
    assert DOC_PATH.read_text(encoding="utf-8") == render_notation(), \
        "docs/notation.md is out of date: run python -m floorman.notation.docs"


def test_help_and_docs_list_every_command_with_an_example_that_parses():
    text = help_text()
    page = render_notation()
    for command in COMMANDS:
        assert command.syntax in text
        assert command.example in page
        assert parse_line(command.example, SIX).command == command.name, command.example


def test_completion_comes_from_the_grammar():
    first = complete("", SIX)
    assert {"s1", "s6", "flop", "undo", "incident", "help"} <= set(first)
    assert "s7" not in first
    assert complete("s3 r", SIX) == ["raise"]
    assert set(complete("s3 ", SIX)) >= {"check", "call", "fold", "bet", "raise", "chips", "says"}
    assert complete("flop A", SIX) == ["As", "Ah", "Ad", "Ac"]
    assert complete("flop As K", SIX)[:1] == ["Ks"]
    assert complete("incident wag", SIX) == ["wager"]
    assert "chips=" in complete("incident wager ", SIX)
    assert complete("s1 asks may", SIX) == ["may-raise"]
    assert complete("what if s3 f", SIX) == ["fold"]
    assert complete("zzz ", SIX) == []
