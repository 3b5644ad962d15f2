"""The notation parser: one typed line -> events, incidents or a session command.

Pure: it reads the line and a small `Context` (the seats at the table, who is due to act,
whether the hand is at its showdown, the dealing order), never a terminal or the hand itself.
A line it cannot read raises a NotationError naming the column and what was expected there.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, get_args

from floorman.notation import lexer
from floorman.notation.errors import NotationError
from floorman.notation.grammar import COMMANDS, Command, Slot
from floorman.notation.lexer import Word

if TYPE_CHECKING:                   # a type only: the events module is imported where a command is built
    from floorman.model.events import ActionKind

_NOT_CARDS = frozenset({"to", "tie", "in"})
ALL_CARDS = tuple(rank + suit for rank in "AKQJT98765432" for suit in "shdc")


@dataclass(frozen=True)
class Context:
    """What the parser may know of the hand: enough to read a line, nothing it could change."""

    seats: frozenset[int] | None = None          # the table's seats; None: any seat 1-10
    actor: int | None = None                     # the seat due to act, if any
    showdown: bool = False                       # the betting is over with two or more hands live
    deal_order: tuple[int, ...] = ()             # seats in the order the deal reaches them
    denominations: tuple[int, ...] = ()          # the chip values in play, when the set-up gave them


@dataclass(frozen=True)
class Parsed:
    """What a line means: events to add, incidents to rule on, or a session command (`values`)."""

    command: str
    events: tuple[Any, ...] = ()
    incidents: tuple[Any, ...] = ()
    values: dict[str, Any] = field(default_factory=dict)
    inner: "Parsed | None" = None                # `what if LINE`: the alternative line, parsed


class _Fail(Exception):
    def __init__(self, position: int, column: int, message: str, expected: str, literal: bool = False,
                 specific: bool = False) -> None:
        super().__init__(message)
        self.position, self.column, self.message, self.expected = position, column, message, expected
        self.literal = literal          # failed on a literal word (its expectation merges with others')
        self.specific = specific        # the word had the right shape but a wrong value (no seat 12)


# ----------------------------------------------------------------------------- matching

def _match(command: Command, items: list[Word], line: str, ctx: Context) -> dict[str, Any]:
    """The slot values of `command` read from `items`, or _Fail at the first word that does not fit."""
    values: dict[str, Any] = {}
    i = 0
    skipped_group = 0
    end_column = len(line) + 1
    for slot in command.slots:
        if slot.group and slot.group == skipped_group:
            continue
        if i >= len(items):
            if slot.optional:
                skipped_group = slot.group
                continue
            raise _Fail(i, end_column, "the line ends too soon", _describe(slot, ctx), slot.kind == "literal")
        try:
            i = _read(slot, items, i, line, ctx, values)
        except _Fail as fail:
            if slot.optional and slot.opens and not fail.specific:
                skipped_group = slot.group
                continue
            raise
    if i < len(items):
        raise _Fail(i, items[i].column, f"{lexer.quoted(items[i].text)} is not expected here", "the end of the line")
    return values


def _read(slot: Slot, items: list[Word], i: int, line: str, ctx: Context, values: dict[str, Any]) -> int:
    word = items[i]
    kind = slot.kind
    if kind == "literal":
        if word.lower not in slot.words:
            raise _Fail(i, word.column, f"{lexer.quoted(word.text)} is not understood here", slot.words[0],
                        literal=True)
        return i + 1
    if kind == "choice":
        if word.lower not in slot.words:
            close = difflib.get_close_matches(word.lower, slot.words, n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise _Fail(i, word.column, f"{lexer.quoted(word.text)} is not understood here{hint}",
                        "one of " + ", ".join(slot.words), specific=bool(close) and not slot.optional)
        values[slot.name] = word.lower
        return i + 1
    if kind == "SEAT":
        if not re.match(r"^(?:s|seat)\d{1,2}$", word.lower):
            raise _Fail(i, word.column, f"{lexer.quoted(word.text)} is not a seat", "a seat such as s3")
        try:
            values[slot.name] = lexer.seat(word, ctx.seats)
        except NotationError as error:
            raise _Fail(i, error.column, error.message, error.expected or "", specific=True) from None
        return i + 1
    if kind == "AMOUNT":
        if not lexer.is_amount(word):
            raise _Fail(i, word.column, f"{lexer.quoted(word.text)} is not an amount", "an amount, e.g. 500 or 1,000")
        try:
            values[slot.name] = lexer.amount(word)
        except NotationError as error:
            raise _Fail(i, error.column, error.message, error.expected or "", specific=True) from None
        return i + 1
    if kind == "CHIPS":
        chips: list[int] = []
        while i < len(items) and lexer.is_chips(items[i]):
            try:
                found = lexer.chips(items[i], ctx.denominations)
            except NotationError as error:
                raise _Fail(i, error.column, error.message, error.expected or "", specific=True) from None
            if 0 in found:
                raise _Fail(i, items[i].column, "a chip is worth more than 0", "a chip value", specific=True)
            chips += found
            i += 1
        if not chips:
            raise _Fail(i, word.column, f"{lexer.quoted(word.text)} is not a chip value",
                        "the chips, e.g. 100, 500 500 100 or 4x500")
        values[slot.name] = chips
        return i
    if kind in ("CARD", "CARDS"):
        cards: list[str] = []
        # a card-shaped word (a rank and a letter) is read as cards, so a wrong suit is named
        while i < len(items) and re.match(r"^(?:[2-9TJQKAtjqka][a-zA-Z]|\?\?)+$", items[i].text) \
                and items[i].lower not in _NOT_CARDS:
            try:
                cards.extend(lexer.cards_in(items[i]))
            except NotationError as error:
                raise _Fail(i, error.column, error.message, error.expected or "", specific=True) from None
            i += 1
            if kind == "CARD":
                break
        if not cards:
            raise _Fail(i, word.column, f"{lexer.quoted(word.text)} is not a card",
                        "a card: rank 2-9 T J Q K A and suit c d h s, e.g. As")
        if kind == "CARD" and len(cards) != 1:
            raise _Fail(i - 1, word.column, f"{len(cards)} cards where one is dealt", "one card", specific=True)
        values[slot.name] = cards
        return i
    if kind == "WORDS":
        said = []
        while i < len(items) and items[i].text != ",":
            said.append(items[i])
            i += 1
        if not said:
            raise _Fail(i, word.column, "nothing said", "the words said, e.g. raise or call")
        values[slot.name] = said
        return i
    if kind in ("LINE", "TEXT"):
        values[slot.name] = (line[word.column - 1:].strip(), word.column)
        return len(items)
    if kind == "FIELDS":
        values[slot.name] = [(m.group(0), m.start() + 1) for m in re.finditer(r"\S+", line)
                             if m.start() + 1 >= word.column]
        return len(items)
    if kind == "JUMP":
        from floorman.notation.jump import is_jump_word

        if not is_jump_word(word):
            raise _Fail(i, word.column, f"{lexer.quoted(word.text)} is not understood here",
                        "pot, live, stacks, aggressor or in (a jump, e.g. river pot 2400 live 2 5)")
        values[slot.name] = items[i:]
        return len(items)
    if kind == "TYPE":
        from floorman.model.incidents import INCIDENT_TYPES, _load_families

        _load_families()
        starting = [kind for kind in INCIDENT_TYPES if kind.startswith(word.lower)]
        if word.lower not in INCIDENT_TYPES and len(starting) == 1 and len(word.lower) >= 3:
            values[slot.name] = starting[0]          # shorthand: a prefix of one type only (`incident prem`)
            return i + 1
        if word.lower not in INCIDENT_TYPES:
            close = difflib.get_close_matches(word.lower, INCIDENT_TYPES, n=3)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            # the close ones, not all 70-odd types: the list is in the docs and behind Tab
            every = f"the {len(INCIDENT_TYPES)} incident types (docs/incidents.md lists them; Tab completes them)"
            raise _Fail(i, word.column, f"unknown incident type {lexer.quoted(word.text)}{hint}",
                        f"{', '.join(close)} or another of {every}" if close else f"one of {every}", specific=True)
        values[slot.name] = word.lower
        return i + 1
    raise AssertionError(f"grammar slot kind {kind!r} has no reader")


def _describe(slot: Slot, ctx: Context) -> str:
    return {"SEAT": "a seat such as s3", "AMOUNT": "an amount, e.g. 500", "CHIPS": "the chips, e.g. 100 100",
            "CARD": "a card such as As", "CARDS": "cards such as As Kd 7c", "WORDS": "the words said",
            "LINE": "a line to rule on, e.g. s5 chips 100 100", "TEXT": "a file name",
            "TYPE": "an incident type (see docs/incidents.md)", "FIELDS": "field=value pairs",
            "JUMP": "pot, live, stacks, aggressor or in",
            "choice": "one of " + ", ".join(slot.words), "literal": slot.words[0] if slot.words else ""}[slot.kind]


# ----------------------------------------------------------------------------- the parser

def parse_line(line: str, ctx: Context | None = None) -> Parsed:
    """Read one typed line. Raises NotationError (column, expected) when it cannot."""
    ctx = ctx or Context()
    items = lexer.words(line)
    if not items:
        raise NotationError("an empty line", column=1, expected="a command; type help to see them")
    failures: list[_Fail] = []
    for command in COMMANDS:
        try:
            values = _match(command, items, line, ctx)
        except _Fail as fail:
            failures.append(fail)
            continue
        return _build(command, values, items, line, ctx)
    raise _best(failures, items, line)


def _best(failures: list[_Fail], items: list[Word], line: str) -> NotationError:
    """The error of the reading that got furthest; literal words expected there are merged."""
    specific = [f for f in failures if f.specific]
    furthest = max(f.position for f in failures)
    if specific and max(f.position for f in specific) >= furthest:
        top = max(specific, key=lambda f: f.position)
        return NotationError(top.message, column=top.column, expected=top.expected, line_text=line)
    if furthest == 0:
        first = items[0]
        starters = sorted({c.slots[0].shown for c in COMMANDS if c.slots[0].kind == "literal"})
        return NotationError(f"{lexer.quoted(first.text)} is not a command", column=first.column, line_text=line,
                             expected="a seat (s3 raise 15) or one of " + ", ".join(starters))
    at = [f for f in failures if f.position == furthest]
    literals = list(dict.fromkeys(f.expected for f in at if f.literal))
    others = [f for f in at if not f.literal]
    if len(literals) > 1 or (literals and not others):
        expected = "one of " + ", ".join(literals) if len(literals) > 1 else literals[0]
        extra = [f.expected for f in others]
        if extra:
            expected += " or " + " or ".join(dict.fromkeys(extra))
        top = at[0]
        word = items[top.position].text if top.position < len(items) else ""
        synonyms = {w: f.expected for f in at if f.literal for w in _literal_words(f.expected) if len(w) > 1}
        close = difflib.get_close_matches(word.lower(), synonyms, n=1)
        hint = f"; did you mean {synonyms[close[0]]!r}?" if close else ""
        message = f"{lexer.quoted(word)} is not understood here{hint}" if word else "the line ends too soon"
        return NotationError(message, column=top.column, expected=expected, line_text=line)
    top = others[0]
    return NotationError(top.message, column=top.column, expected=top.expected, line_text=line)


def _literal_words(canonical: str) -> tuple[str, ...]:
    for command in COMMANDS:
        for slot in command.slots:
            if slot.kind == "literal" and slot.words[0] == canonical:
                return slot.words
    return (canonical,)


# ----------------------------------------------------------------------------- what each command means

def _build(command: Command, values: dict[str, Any], items: list[Word], line: str, ctx: Context) -> Parsed:
    from floorman.model.events import Action, Burn, DealHole, Muck, Show

    name = command.name
    seat = values.get("seat")       # None for the commands with no SEAT slot (streets, burn, notes)
    # an event's seat is values["seat"]: every command that makes one has a SEAT slot, so it is filled
    if name in _PLAIN_ACTIONS:
        return Parsed(name, events=(Action(seat=values["seat"], action=_PLAIN_ACTIONS[name]),))
    if name in _SIZED_ACTIONS:
        return Parsed(name, events=(Action(seat=values["seat"], action=_SIZED_ACTIONS[name],
                                           amount=values["amount"]),))
    if name == "all-in":
        return Parsed(name, events=(Action(seat=values["seat"], action="all-in", amount=values.get("amount")),))
    if name == "out-of-turn":
        action = values["choice"]
        amount = values.get("amount")
        if action in ("bet", "raise") and amount is None:
            raise NotationError(f"a {action} needs an amount", column=len(line) + 1, expected="an amount, e.g. 500",
                                line_text=line)
        data: dict[str, Any] = {"type": "out-of-turn", "seat": seat, "action": action,
                **({"amount": amount} if amount is not None and action not in ("check", "call", "fold") else {})}
        return Parsed(name, incidents=(_incident(data, line, items),))
    if name == "checked-to":
        return Parsed(name, values={"street": values["choice"]})
    if name in ("flop", "turn", "river"):
        return _street(name, values, items, line)
    if name == "burn":
        card = values.get("card")
        return Parsed(name, events=(Burn(card=card[0] if card else None),))
    if name == "dealt":
        return Parsed(name, events=(DealHole(seat=values["seat"], cards=tuple(values["cards"])),))
    if name == "shows":
        return Parsed(name, events=(Show(seat=values["seat"], cards=tuple(values["cards"])),))
    if name == "mucks":
        where = values.get("choice")
        identifiable = values.get("choice2")
        if ctx.showdown or where or identifiable:
            # at a podium "mucks" means into the muck: `released` or `touching-muck` says otherwise
            where = where or "in-muck"
            data = {"type": "muck-at-showdown", "seat": seat, "where": where}
            if identifiable or where == "in-muck":
                data["identifiable"] = identifiable == "identifiable"
            return Parsed(name, incidents=(_incident(data, line, items),))
        if ctx.actor == seat:
            return Parsed(name, events=(Action(seat=values["seat"], action="fold"),))
        return Parsed(name, events=(Muck(seat=values["seat"]),))
    if name in ("chips", "says"):
        return Parsed(name, incidents=(_wager(name, values, line, items, ctx),))
    if name == "exposes":
        by = "folding" if any(w.lower == "folding" for w in items) else "player"
        return Parsed(name, incidents=(_incident({"type": "exposed-card", "by": by, "seat": seat,
                                                  "cards": values["cards"]}, line, items),))
    if name == "dealer-exposes":
        place = values.get("choice")
        data = {"type": "exposed-card", "by": "dealer", "seat": seat}
        if values.get("cards"):
            data["cards"] = values["cards"]
        if place == "card":
            if values.get("amount") is None:
                raise NotationError("`card` needs its place off the deck", column=len(line) + 1,
                                    expected="a number, e.g. dealer exposes s3 card 4", line_text=line)
            data["deal_positions"] = [values["amount"]]
        elif place in ("first", "second"):
            order = ctx.deal_order or tuple(sorted(ctx.seats or ())) or (seat,)
            if seat in order:
                rank = order.index(seat) + 1
                data["deal_positions"] = [rank if place == "first" else rank + len(order)]
        return Parsed(name, incidents=(_incident(data, line, items),))
    if name == "asks":
        data = {"type": "question", "seat": seat, "asks": values["choice"]}
        if values.get("seat2") is not None:
            data["about"] = values["seat2"]
        return Parsed(name, incidents=(_incident(data, line, items),))
    if name == "clock":
        return Parsed(name, incidents=(_incident({"type": "clock-expired", "seat": seat,
                                                  "tie": any(w.lower == "tie" for w in items)}, line, items),))
    if name == "away":
        return Parsed(name, incidents=(_incident({"type": "not-at-seat", "seat": seat, "within_reach":
                                                  any(w.lower == "reach" for w in items)}, line, items),))
    if name == "incident":
        return Parsed(name, incidents=(_generic(values["type"], values.get("fields", []), line),))
    if name == "what-if":
        text, column = values["line"]
        inner_words = lexer.words(text[:20])
        if [w.lower for w in inner_words[:2]] == ["what", "if"]:
            # one alternative at a time; and a line of a thousand `what if`s is refused at once,
            # not read one level deeper each time
            raise NotationError("`what if` is given once", column=column, line_text=line,
                                expected="the alternative line, e.g. what if s5 chips 100 100")
        try:
            inner = parse_line(text, ctx)
        except NotationError as error:
            raise NotationError(error.message, column=error.column + column - 1, expected=error.expected,
                                line_text=line) from None
        if not (inner.events or inner.incidents):
            raise NotationError("`what if` rules on something that happens at the table", column=column,
                                expected="an action or a dispute, e.g. what if s5 chips 100 100", line_text=line)
        return Parsed(name, inner=inner)
    if name == "save":
        return Parsed(name, values={"file": values["text"][0]})
    if name == "help" and values.get("type"):
        return Parsed(name, values={"type": values["type"]})
    return Parsed(name)


def _street(name: str, values: dict[str, Any], items: list[Word], line: str) -> Parsed:
    """A street's cards (`turn 8s`), or a jump to the start of the street (`river pot 2400 live 2 5`).
    Which it is, and whether the card comes too soon, is the session's to say: it knows the hand."""
    from floorman.model.events import Board
    from floorman.notation.jump import read_jump

    cards = values.get("cards") or []
    due = 3 if name == "flop" else 1
    if values.get("jump"):
        jump = read_jump(name, cards, values["jump"], line)
        whole = {"flop": 3, "turn": 4, "river": 5}[name]
        if len(cards) not in (0, due, whole):
            raise NotationError(f"{len(cards)} cards in a jump to the {name}", column=items[1].column,
                                line_text=line, expected=f"the {name}'s own card{'s' if due > 1 else ''} "
                                                         f"or the whole board ({whole})")
        return Parsed(name, values={"street": name, "cards": cards, "jump": jump})
    if cards and len(cards) != due:
        expected = "three cards, e.g. flop As Kd 7c (four? `incident four-card-flop`)" if name == "flop" \
            else f"one card, e.g. {name} 9c"
        raise NotationError(f"{len(cards)} cards: a {name} is {'three' if due == 3 else 'one'}",
                            column=items[1].column, expected=expected, line_text=line)
    cards = cards or ["??"] * due
    return Parsed(name, events=(Board(cards=tuple(cards)),), values={"street": name, "cards": cards})


# the commands that are a plain action, and the action each records
_PLAIN_ACTIONS: dict[str, ActionKind] = {"check": "check", "call": "call", "fold": "fold"}
_SIZED_ACTIONS: dict[str, ActionKind] = {"bet": "bet", "raise": "raise"}

_DECLARED = {"check": "check", "call": "call", "fold": "fold", "bet": "bet", "raise": "raise", "all-in": "all-in",
             "allin": "all-in", "all": "all-in", "pot": "pot", "complete": "complete", "tap": "tap",
             "knock": "tap", "raises": "raise", "calls": "call", "bets": "bet", "checks": "check",
             "folds": "fold"}


def _wager(name: str, values: dict[str, Any], line: str, items: list[Word], ctx: Context) -> Any:
    seat = values["seat"]
    data: dict[str, Any] = {"type": "wager", "seat": seat}
    if values.get("chips"):
        data["chips"] = values["chips"]
    said: list[Word] = values.get("words") or []
    if said:
        data.update(_declaration(said, line))
        if values.get("chips"):
            data["speech"] = "before" if name == "says" else "after"
    if ctx.actor is not None and ctx.actor != seat:
        data["in_turn"] = False
    return _incident(data, line, items)


def _declaration(said: list[Word], line: str) -> dict[str, Any]:
    """What the words amount to: a standard word (raise, call...), an amount alone, or other words."""
    text = " ".join(w.text for w in said)
    first = said[0].lower
    rest = [w for w in said[1:] if w.lower not in ("to", "in", "it")]
    if first in _DECLARED:
        declared = _DECLARED[first]
        if first == "all" and rest and rest[0].lower == "in":
            rest = rest[1:]
        out: dict[str, Any] = {"declared": declared, "words": text}
        amounts = [w for w in rest if lexer.is_amount(w)]
        if amounts:
            out["amount_said"] = lexer.amount(amounts[0])
        return out
    if lexer.is_amount(said[0]) and len(said) == 1:
        return {"declared": "amount-only", "amount_said": lexer.amount(said[0]), "words": text}
    return {"declared": "non-standard", "words": text}


def _incident(data: dict[str, Any], line: str, items: list[Word]) -> Any:
    """The incident's own model checks it; its error is one line naming the field."""
    from pydantic import ValidationError

    from floorman.model.incidents import incident_class

    cls = incident_class(data["type"])
    assert cls is not None, data["type"]
    try:
        return cls.model_validate(data)
    except ValidationError as error:
        first = error.errors(include_url=False)[0]
        where = ".".join(str(p) for p in first["loc"])
        message = first["msg"].removeprefix("Value error, ")
        raise NotationError(f"{data['type']}: {where + ': ' if where else ''}{message}", column=1,
                            expected=f"a valid {where or data['type']}", line_text=line) from None


# ----------------------------------------------------------------------------- the generic incident

_TRUE = {"yes", "true", "y", "on", "1"}
_FALSE = {"no", "false", "n", "off", "0"}


def incident_fields(kind: str) -> dict[str, Any]:
    """An incident type's fields (name -> pydantic FieldInfo), `type` and `commentary` left out."""
    from floorman.model.incidents import incident_class

    cls = incident_class(kind)
    assert cls is not None
    return {name: info for name, info in cls.model_fields.items() if name not in ("type", "commentary")}


def _generic(kind: str, pairs: list[tuple[str, int]], line: str) -> Any:
    from pydantic import ValidationError

    from floorman.model.incidents import incident_class

    cls = incident_class(kind)
    assert cls is not None
    fields = incident_fields(kind)
    data: dict[str, Any] = {"type": kind}
    columns: dict[str, int] = {}
    for text, column in pairs:
        key, sep, raw = text.partition("=")
        if not sep or not key:
            raise NotationError(f"{lexer.quoted(text)} is not field=value", column=column, line_text=line,
                                expected="field=value, e.g. seat=3; the fields of " + kind + ": "
                                         + ", ".join(fields))
        key = key.replace("-", "_")
        starting = [name for name in fields if name.startswith(key)]
        if key not in fields and len(starting) == 1:
            key = starting[0]                        # shorthand: a prefix of one field only (`str=turn`)
        if key not in fields:
            close = difflib.get_close_matches(key, fields, n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise NotationError(f"{kind} has no field {lexer.quoted(key)}{hint}", column=column, line_text=line,
                                expected="one of " + ", ".join(fields))
        columns[key] = column
        try:
            data[key] = _value(raw, fields[key].annotation, Word(raw, column + len(key) + 1))
        except NotationError as error:
            raise NotationError(f"{key}: {error.message}", column=error.column, expected=error.expected,
                                line_text=line) from None
    try:
        return cls.model_validate(data)
    except ValidationError as error:
        first = error.errors(include_url=False)[0]
        loc = [str(p) for p in first["loc"]]
        name = loc[0] if loc else kind
        message = first["msg"].removeprefix("Value error, ")
        if first["type"] == "missing":
            message = "is required"
        return_column = columns.get(name, len(line) + 1)
        raise NotationError(f"{kind}: {'.'.join(loc) + ': ' if loc else ''}{message}", column=return_column,
                            line_text=line,
                            expected=f"{name}=..." if first["type"] == "missing" else f"a valid {name}") from None


def _value(raw: str, annotation: Any, word: Word) -> Any:
    """A typed value for a field, read by the field's type: numbers, yes/no, lists, seats, cards."""
    text = str(annotation)
    if raw.lower() in ("none", "null", "-") and "None" in text:
        return None
    if "tuple" in text or "list" in text:
        parts = [p for p in re.split(r"[,\[\]]", raw) if p]
        if "FollowingAction" in text:
            return [_following(p, word) for p in parts]
        inner = get_args(annotation)
        element = inner[0] if inner else str
        if "int" in str(element) and any(lexer.is_chips(Word(p, word.column)) and not lexer.is_amount(
                Word(p, word.column)) for p in parts):
            return [chip for p in parts for chip in lexer.chips(Word(p, word.column))]     # chips=4x500,100
        return [_value(p, element, Word(p, word.column)) for p in parts]
    if annotation is bool or text == "<class 'bool'>":
        if raw.lower() in _TRUE:
            return True
        if raw.lower() in _FALSE:
            return False
        raise NotationError(f"{lexer.quoted(raw)} is not yes or no", column=word.column, expected="yes or no")
    if "int" in text and "Literal" not in text:
        if re.match(r"^(?:s|seat)\d{1,2}$", raw.lower()):
            return int(re.sub(r"\D", "", raw))
        return lexer.amount(word)
    if lexer.is_card(word):
        return lexer.card(word)
    return raw.lower() if "Literal" in text else raw


def _following(text: str, word: Word) -> dict[str, Any]:
    parts = text.split(":")
    if len(parts) not in (2, 3) or not re.match(r"^(?:s|seat)?\d{1,2}$", parts[0].lower()):
        raise NotationError(f"{lexer.quoted(text)} is not SEAT:ACTION[:AMOUNT]", column=word.column,
                            expected="e.g. then=5:check,6:bet:500")
    out: dict[str, Any] = {"seat": int(re.sub(r"\D", "", parts[0])), "action": parts[1].lower()}
    if len(parts) == 3:
        out["amount"] = lexer.amount(Word(parts[2], word.column))
    return out


# ----------------------------------------------------------------------------- completion

def complete(text: str, ctx: Context | None = None) -> list[str]:
    """The words that may come next after `text` (the line up to the cursor), for the completer:
    commands, seats s1..sN, cards, choices, incident types and their fields."""
    ctx = ctx or Context()
    for command in COMMANDS:        # `what if LINE`: complete the line after the prefix
        if command.slots and command.slots[-1].kind == "LINE":
            prefix = [slot.words for slot in command.slots[:-1]]
            typed = text.split()
            if len(typed) > len(prefix) and all(w.lower() in words for w, words in zip(typed, prefix)):
                start = [m.start() for m in re.finditer(r"\S+", text)][len(prefix)]
                return complete(text[start:], ctx)
    items = lexer.words(text)
    partial = ""
    if items and not text.endswith((" ", ",")):
        partial = items[-1].text
        items = items[:-1]
    found: list[str] = []
    for command in COMMANDS:
        for slot in _candidates(command, items, text, ctx):
            if slot.kind == "FIELDS":
                found.extend(_field_words(items, partial, ctx))
            else:
                found.extend(_slot_words(slot, ctx, items))
    low = partial.lower()
    return [w for w in dict.fromkeys(found) if w.lower().startswith(low)]


def _field_words(items: list[Word], partial: str, ctx: Context) -> list[str]:
    """After `incident TYPE`: the field names not given yet (`street=`); after `name=`, its values."""
    from floorman.notation.incident_help import field_values

    kind = next((w.lower for w in items[1:2]), None)
    try:
        fields = incident_fields(kind) if kind else {}
    except (AssertionError, KeyError):
        return []
    name, sep, _ = partial.partition("=")
    if sep:
        info = fields.get(name.replace("-", "_"))
        if info is None:
            return []
        values = list(field_values(info.annotation))
        text = str(info.annotation)
        if not values and "int" in text and ("seat" in name or name in ("target", "bettor", "about", "owner")):
            values = [str(n) for n in sorted(ctx.seats or range(1, 11))]
        elif not values and ("str" in text and ("card" in name or name == "cards")):
            values = list(ALL_CARDS)
        return [f"{name}={value}" for value in values]
    given = {w.text.partition("=")[0].replace("-", "_") for w in items[2:]}
    return [f"{field}=" for field in fields if field not in given]


def _candidates(command: Command, items: list[Word], line: str, ctx: Context) -> list[Slot]:
    """The slots that could read the next word, given that `items` are already typed."""
    slots = command.slots
    i = 0
    k = 0
    skipped = 0
    while k < len(slots):
        slot = slots[k]
        if slot.group and slot.group == skipped:
            k += 1
            continue
        if i >= len(items):
            out = [slot]
            j = k + 1
            if slot.optional:       # the group may be left out: what follows it may come next
                while j < len(slots):
                    nxt = slots[j]
                    if nxt.group and nxt.group == slot.group:
                        j += 1
                        continue
                    out.append(nxt)
                    if not nxt.optional:
                        break
                    j += 1
            return out
        if slot.kind in ("LINE", "TEXT", "FIELDS", "WORDS", "CHIPS"):    # these read to the end of the line
            return [slot] if slot.kind == "FIELDS" else []
        try:
            i = _read(slot, items, i, line, ctx, {})
        except _Fail:
            if slot.optional and slot.opens:
                skipped = slot.group
                k += 1
                continue
            return []
        if slot.kind == "CARDS" and i >= len(items):      # another card may follow, or the next slot
            return [slot] + list(slots[k + 1:k + 2])
        k += 1
    return []


def _slot_words(slot: Slot, ctx: Context, items: list[Word]) -> list[str]:
    if slot.kind == "literal":
        return [slot.words[0]]
    if slot.kind == "choice":
        return list(slot.words)
    if slot.kind == "SEAT":
        return [f"s{n}" for n in sorted(ctx.seats or range(1, 11))]
    if slot.kind in ("CARD", "CARDS"):
        return list(ALL_CARDS)
    if slot.kind == "TYPE":
        from floorman.model.incidents import INCIDENT_TYPES, _load_families

        _load_families()
        return sorted(INCIDENT_TYPES)
    return []
