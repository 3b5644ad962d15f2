"""Reading hand histories: a .phh or .phhs file, or its text, into `PhhHand`s.

A hand is read in steps: its game (the variant code), its table setup (shared by the file's
hands that have the same amounts, see table_setup), its seats and table, then its actions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from floorman.errors import InputFileError
from floorman.model.events import Event
from floorman.model.table import GameFormat, Seat, Table
from floorman.phh import actions as _actions
from floorman.phh import table_setup as _table_setup
from floorman.phh.hand import GAMES, Game, HandText, PhhHand, located_error
from floorman.phh.table_setup import TableSetup
from floorman.phh.toml_subset import read_toml
from floorman.phh.unvalidated import interned, unvalidated

__all__ = ["load", "parse_phh", "parse_phhs", "read_hands", "select_hand"]

_STR_TYPE = frozenset({str})
_NO_SEATS: frozenset[int] = frozenset()


def load(path: str | Path) -> list[PhhHand]:
    """Read a .phh (one hand) or .phhs (many sections) file."""
    from floorman.source import MAX_BYTES, decode_text, read_data

    path = Path(path)
    if not path.exists():
        raise InputFileError("no such file", file=str(path))
    # a device (/dev/zero) is refused and a pipe read up to a cap (source.read_data); a history
    # file may hold tens of thousands of hands, so its cap is eight data files'
    return read_hands(decode_text(read_data(path, limit=8 * MAX_BYTES), str(path)), source=str(path))


def read_hands(text: str, *, source: str = "<string>", first_line: int = 1,
               cache: dict[Any, Any] | None = None) -> list[PhhHand]:
    """Every hand in a PHH text: a single hand (fields at the top level) or sections.
    `first_line`: the text's first line in the file, when it is a part of one (errors and
    `PhhHand.line_of` then give the file's lines); `cache`: shared by the parts of one file
    read one by one (setups, action shapes and events: see unvalidated.interned)."""
    offset = first_line - 1
    raw = read_toml(text, source, offset)
    shared = {} if cache is None else cache
    if "variant" in raw or "actions" in raw:
        return [read_hand(HandText(raw, text, source, None, shared, offset))]
    hands = []
    for name, body in raw.items():
        if not isinstance(body, dict):
            raise located_error(text, source, None, f"expected a hand section such as [1], found a field {name!r}",
                                name, None, line_offset=offset)
        hands.append(read_hand(HandText(body, text, source, name, shared, offset)))
    if not hands:
        raise InputFileError("no hands in the file", file=source)
    return hands


def parse_phh(text: str, *, source: str = "<string>") -> PhhHand:
    """One hand from the text of a .phh file."""
    hands = read_hands(text, source=source)
    if len(hands) != 1:
        raise InputFileError(f"expected one hand, found {len(hands)} sections", file=source)
    return hands[0]


def parse_phhs(text: str, *, source: str = "<string>") -> list[PhhHand]:
    """Every hand from the text of a .phhs file."""
    return read_hands(text, source=source)


def select_hand(hands: Sequence[PhhHand], number: int | None) -> PhhHand:
    """Hand `number` of a file: the section named `number` ([12]), else the number-th hand."""
    if number is None:
        return hands[0]
    for hand in hands:
        if hand.section == str(number):
            return hand
    if 1 <= number <= len(hands):
        return hands[number - 1]
    first = hands[0]
    names = f"[{first.section}]..[{hands[-1].section}]" if first.section is not None else "one hand"
    raise InputFileError(f"no hand {number} in the file (it has {len(hands)}: {names})", file=first.source,
                         field="--hand")


# ---------------------------------------------------------------------------------------------- one hand
def read_hand(hand: HandText) -> PhhHand:
    """One hand's table and events, every field checked (an error names the field or action)."""
    game = _game(hand)
    setup = _setup(hand, game)
    table = _table(hand, setup, game)
    actions = hand.fields["actions"]           # (checked by read_setup, or vouched for by setup_key)
    events: list[Event] = list(setup.posts)
    event_actions: list[int | None] = [None] * len(setup.posts)
    notes = _actions.read_actions(hand, actions, setup, game, events, event_actions)
    seats = setup.seats
    return PhhHand(table=table, events=events, source=hand.source, section=hand.section,
                   variant_code=game.code, scale=setup.scale, seats=seats,
                   unknown_stacks=frozenset(seat for seat, unknown in zip(seats, setup.unknown, strict=True) if unknown)
                   if any(setup.unknown) else _NO_SEATS,
                   ante_trimming=hand.fields.get("ante_trimming_status", False), actions=tuple(actions),
                   event_actions=event_actions, fields=hand.fields, notes=tuple(notes), _text=hand.text,
                   _line_offset=hand.line_offset)


def _game(hand: HandText) -> Game:
    """The game the variant code names."""
    code = hand.fields.get("variant")
    if not isinstance(code, str):
        raise hand.fail("missing (a variant code such as 'NT')" if code is None
                        else f"expected a variant code such as 'NT', got {code!r}", "variant")
    game = GAMES.get(code)
    if game is None:
        known = ", ".join(GAMES)
        raise hand.fail(f"{code!r} is not a game floorman plays (known: {known})", "variant")
    hand.variant_code = code
    return game


def _setup(hand: HandText, game: Game) -> TableSetup:
    """The hand's table setup: worked out once per file for the hands that share it (whole-chip
    amounts only, compared exactly; see table_setup.setup_key)."""
    key = _table_setup.setup_key(hand.fields, game.code)     # (looked up per hand: tests replace it)
    setup: TableSetup | None = hand.shared.get(key) if key is not None else None
    if setup is None:
        setup = _table_setup.read_setup(hand, game)
        if key is not None:
            hand.shared[key] = setup
    return setup


def _table(hand: HandText, setup: TableSetup, game: Game) -> Table:
    """The seats (the players' names where the file gives them) and the table.

    Both are built without validation: the reader has checked all that the models check.
    Seats: distinct numbers 1-10, string names, integer stacks 0 to CHIP_LIMIT; 2 to 10 of
    them. Table: seat_count from 2 to 10 and not below the highest seat, the button (pN, the
    last seat) a seat at the table, no button only in stud. tests/test_phh.py validates the
    tables of every shared hand again."""
    n, seats, stacks, shared = setup.players, setup.seats, setup.stacks, hand.shared
    names = hand.fields.get("players")
    if not (isinstance(names, list) and len(names) == n and _STR_TYPE.issuperset(map(type, names))):
        names = [f"p{i + 1}" for i in range(n)]
    seat_models = []
    for i in range(n):
        key = ("seat", seats[i], names[i], stacks[i])
        seat_models.append(shared.get(key) or interned(shared, Seat, key, number=seats[i], name=names[i],
                                                       stack=stacks[i]))
    event_name = hand.fields.get("event")
    if event_name is None or type(event_name) is str:    # the file's hands share one event
        format_key = ("format", event_name, hand.fields.get("level") is not None)
        game_format = shared.get(format_key)
        if game_format is None:
            game_format = shared[format_key] = _game_format(hand.fields)
    else:
        game_format = _game_format(hand.fields)
    return unvalidated(Table, seats=tuple(seat_models), seat_count=setup.seat_count,
                       button=None if game.family == "stud" else seats[-1], variant=game.variant,
                       structure=setup.structure, forced_bets=setup.forced_bets, format=game_format)


def _game_format(fields: Mapping[str, Any]) -> GameFormat:
    """Tournament when the event says so (a WSOP event, a championship); otherwise a cash game."""
    event = str(fields.get("event", "")).lower()
    if any(word in event for word in ("tournament", "championship", "series of poker", "event #")):
        return GameFormat.TOURNAMENT
    if fields.get("level") is not None:
        return GameFormat.TOURNAMENT
    return GameFormat.CASH
