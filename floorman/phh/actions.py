"""A PHH hand's actions turned into floorman events, with just enough of the betting counted to
tell a check from a call and a bet from a raise or a completion (the state checks every action).

Each action is first read into a shape, `(kind, player, cards or amount, commentary)`:
`common_shape` reads the shapes nearly every action has, once per file and without error
messages; `_ActionReader.shape` reads everything else and names every error. One loop,
`read_actions`, then turns the shapes of either kind into events.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any

from floorman.errors import InputFileError
from floorman.model.cards import UNKNOWN, parse_cards
from floorman.model.events import Action, Board, DealHole, Draw, Event, Muck, Show
from floorman.phh.hand import Game, HandText
from floorman.phh.table_setup import Amount, TableSetup
from floorman.phh.unvalidated import deal_hole, interned, unvalidated

__all__ = ["ActionShape", "common_shape", "read_actions"]

#: (kind, player index (-1 for the board), the cards or the amount, the commentary after '#')
ActionShape = tuple[int, int, Any, str | None]

# Shape kinds. Betting first (up to BRING_IN), then cards (up to STAND_PAT), then the rest.
FOLD, CHECK_CALL, BET_RAISE, BRING_IN, DEAL, BOARD, DISCARD, STAND_PAT, SHOW, MUCK, NOTE = range(11)

#: The kinds of cards that start a new betting round when a betting action came before them.
_STREET_CARDS = {"flop": frozenset({BOARD}), "stud": frozenset({DEAL}), "draw": frozenset({DISCARD, STAND_PAT})}

_PLAYERS = {f"p{i}": i - 1 for i in range(1, 100)}
_VERBS = frozenset({"f", "cc", "cbr", "pb", "sd", "sm"})
_CARD_CACHE: dict[str, tuple[str, ...]] = {}
_NO_EXTRA: dict[str, Any] = {}
_NO_CARDS: tuple[str, ...] = ()


def _parsed_cards(word: str) -> tuple[str, ...] | None:
    """The cards a word holds ('AsKd', '????'); None when it is not cards."""
    cards = _CARD_CACHE.get(word)
    if cards is None:
        try:
            cards = tuple(parse_cards(word))
        except ValueError:
            return None
        if len(_CARD_CACHE) < 8192:
            _CARD_CACHE[word] = cards
    return cards


def _number(word: str) -> Amount | None:
    """The number a word holds ('100', '2.50', '1,000', '-5'); None when it holds none."""
    text = word.replace(",", "")
    try:
        return int(text)
    except ValueError:
        try:
            amount = Decimal(text)
        except InvalidOperation:
            return None
        return amount if amount.is_finite() else None


def common_shape(action: str) -> ActionShape | None:
    """The shape of 'pN f', 'pN cc', 'pN cbr X', 'd dh pN cards', 'd db cards', 'pN sm' and
    'pN sm cards' without commentary; None for anything else, or anything `_ActionReader.shape`
    must refuse (it is read there, and the error names the action). The player may still be
    beyond the hand's players, and the board may be in a game without one: `read_actions`
    checks that."""
    if "#" in action:
        return None
    words = action.split()
    count = len(words)
    if count == 2:
        player = _PLAYERS.get(words[0])
        if player is not None:
            verb = words[1]
            if verb == "f":
                return FOLD, player, None, None
            if verb == "cc":
                return CHECK_CALL, player, None, None
            if verb == "sm":
                return MUCK, player, None, None
    elif count == 3:
        if words[0] == "d":
            if words[1] == "db":
                cards = _parsed_cards(words[2])
                if cards is not None:
                    return BOARD, -1, cards, None
        elif words[1] == "cbr":
            player = _PLAYERS.get(words[0])
            amount = _number(words[2])
            if player is not None and amount is not None and amount > 0:
                return BET_RAISE, player, amount, None
        elif words[1] == "sm":
            player = _PLAYERS.get(words[0])
            cards = _NO_CARDS if words[2] == "-" else _parsed_cards(words[2])
            if player is not None and cards is not None:
                return SHOW, player, cards, None
    elif count == 4 and words[0] == "d" and words[1] == "dh":
        player = _PLAYERS.get(words[2])
        cards = _parsed_cards(words[3])
        if player is not None and cards is not None:
            return DEAL, player, cards, None
    return None


class _ActionReader:
    """Reads any action of one hand into its shape, or refuses it with an error that names the
    action, its index and what was expected."""

    def __init__(self, hand: HandText, players: int, game: Game) -> None:
        self.hand = hand
        self.players = players
        self.variant = game.variant
        self.family = game.family

    def shape(self, action: str, index: int) -> ActionShape:
        commentary = None
        body = action
        if "#" in action:
            body, _, comment = action.partition("#")
            commentary = comment.strip() or None
        words = body.split()
        if not words:
            return NOTE, -1, None, commentary
        count = len(words)
        family = self.family
        if words[0] == "d":
            dealt = words[1] if count > 1 else ""
            if dealt == "db" and count == 3:
                if family != "flop":
                    raise self.fail(f"{self.variant} has no board cards", index, action)
                return BOARD, -1, self.cards(words[2], index, action), commentary
            if dealt == "dh" and count == 4:
                player = self.player(words[2], index, action)
                return DEAL, player, self.cards(words[3], index, action), commentary
            raise self.fail("expected 'd dh pN cards' or 'd db cards'", index, action)
        player = self.player(words[0], index, action)
        verb = words[1] if count > 1 else ""
        if verb not in _VERBS:
            raise self.bad_action(index, action)
        if verb == "sm":
            if count == 2:
                return MUCK, player, None, commentary
            if count == 3:
                return SHOW, player, _NO_CARDS if words[2] == "-" else self.cards(words[2], index, action), commentary
            raise self.bad_action(index, action)
        if verb == "sd":
            if family != "draw":
                raise self.fail(f"{self.variant} has no draw", index, action)
            if count > 3:
                raise self.bad_action(index, action)
            if count == 3:
                return DISCARD, player, self.cards(words[2], index, action), commentary
            return STAND_PAT, player, None, commentary
        if (count != 3) if verb == "cbr" else (count != 2):
            raise self.bad_action(index, action)
        if verb == "f":
            return FOLD, player, None, commentary
        if verb == "cc":
            return CHECK_CALL, player, None, commentary
        if verb == "pb":
            if family != "stud":
                raise self.fail(f"{self.variant} has no bring-in", index, action)
            return BRING_IN, player, None, commentary
        return BET_RAISE, player, self.amount(words[2], index, action), commentary

    def fail(self, message: str, index: int, action: str) -> InputFileError:
        return self.hand.fail(message, "actions", index, action)

    def cards(self, word: str, index: int, action: str) -> tuple[str, ...]:
        cards = _parsed_cards(word)
        if cards is None:
            raise self.fail(f"{word!r} is not a list of cards (expected e.g. 'AsKd' or '????')", index, action)
        return cards

    def player(self, word: str, index: int, action: str) -> int:
        player = _PLAYERS.get(word)
        if player is None:
            raise self.fail(f"{word!r} is not a player (expected p1, p2, ...)", index, action)
        if player >= self.players:
            raise self.fail(f"there is no player {word} (the hand has {self.players} players)", index, action)
        return player

    def amount(self, word: str, index: int, action: str) -> Amount:
        amount = _number(word)
        if amount is None:
            raise self.fail(f"{word!r} is not an amount", index, action)
        if amount <= 0:
            raise self.fail("a bet or raise is to an amount above 0", index, action)
        return amount

    def bad_action(self, index: int, action: str) -> InputFileError:
        return self.fail("expected an action such as 'd dh p1 AsKd', 'd db 7c8d9h', 'p1 f', 'p1 cc', "
                         "'p1 cbr 100', 'p1 pb', 'p1 sd Kh', 'p1 sm AsKd'", index, action)


def read_actions(hand: HandText, actions: list[str], setup: TableSetup, game: Game,
                 events: list[Event], event_actions: list[int | None]) -> list[str]:
    """Append the events of the hand's actions (after the posts already in `events`), with the
    index of the action of each in `event_actions`; the commentary-only actions' notes.

    The one action handler, for the shapes of both readers. Its branches are written inline, in
    one loop, and the betting is counted in local variables: this runs for every action of every
    hand, and reading is about half of the replay benchmark."""
    shared = hand.shared
    common = common_shape               # (looked up per hand: tests replace it)
    general: _ActionReader | None = None     # (made when an action needs it: seldom)
    n = setup.players
    scale = setup.scale
    seats = setup.seats
    stack = list(setup.stacks_after_posts)
    bet = list(setup.bets_after_posts)
    current = setup.bet_to_call
    bring_in = setup.forced_bets.bring_in
    family = game.family
    flop = family == "flop"
    stud = family == "stud"
    street_cards = _STREET_CARDS[family]
    acted_since_cards = False       # a betting action since the last cards: new cards start a street
    street = 0
    pending_draw: dict[int, tuple[str, ...]] = {}     # discards whose replacements are not dealt yet
    notes: list[str] = []
    append_event = events.append
    append_index = event_actions.append

    for index, action in enumerate(actions):
        shape = shared.get(action, False)
        if shape is False:
            shape = shared[action] = common(action)
        if shape is None:
            if general is None:
                general = _ActionReader(hand, n, game)
            shape = general.shape(action, index)       # the rest, and every error
        kind, p, value, commentary = shape
        if p >= n or (kind == BOARD and not flop):     # a common shape this hand does not allow
            kind, p, value, commentary = _ActionReader(hand, n, game).shape(action, index)   # (raises)
        event: Event

        if kind <= BRING_IN:                            # betting
            if pending_draw:
                # discards whose replacements were never dealt: unknown cards
                for q, discards in sorted(pending_draw.items()):
                    append_event(unvalidated(Draw, seat=seats[q], discards=discards,
                                             replacements=(UNKNOWN,) * len(discards)))
                    append_index(index)
                pending_draw.clear()
            acted_since_cards = True
            if kind == FOLD:
                key: tuple[Any, ...] = (seats[p], "fold", None, commentary)
                event = shared.get(key) or interned(shared, Action, key, seat=seats[p], action="fold",
                                                    **_extra(commentary))
            elif kind == CHECK_CALL:
                to_call = current - bet[p]
                if to_call > stack[p]:              # (an if, not min(): this runs for most actions)
                    to_call = stack[p]
                if to_call > 0:
                    stack[p] -= to_call
                    bet[p] += to_call
                    key = (seats[p], "call", None, commentary)
                    event = shared.get(key) or interned(shared, Action, key, seat=seats[p], action="call",
                                                        **_extra(commentary))
                else:
                    key = (seats[p], "check", None, commentary)
                    event = shared.get(key) or interned(shared, Action, key, seat=seats[p], action="check",
                                                        **_extra(commentary))
            elif kind == BET_RAISE:
                to = value * scale if type(value) is int else int((value * scale).to_integral_value())
                if stud and street == 0 and current <= bring_in:
                    what = "complete"
                else:
                    what = "raise" if current else "bet"
                put = to - bet[p]
                if 0 < put <= stack[p]:
                    stack[p] -= put
                    bet[p] = to
                    if to > current:
                        current = to
                key = (seats[p], what, to, commentary)
                event = shared.get(key) or interned(shared, Action, key, seat=seats[p], action=what, amount=to,
                                                    **_extra(commentary))
            else:                                       # BRING_IN
                put = min(bring_in, stack[p] + bet[p]) - bet[p]
                stack[p] -= put
                bet[p] += put
                current = max(current, bet[p])
                event = unvalidated(Action, seat=seats[p], action="bring-in", amount=bet[p], **_extra(commentary))

        elif kind <= STAND_PAT:                         # cards
            if (acted_since_cards and kind in street_cards) or (kind == BOARD and street == 0):
                # a new betting round (the flop always starts one)
                bet = [0] * n
                current = 0
                acted_since_cards = False
                street += 1
            if kind == DEAL:
                if p in pending_draw:
                    event = unvalidated(Draw, seat=seats[p], discards=pending_draw.pop(p), replacements=value,
                                        **_extra(commentary))
                elif commentary is None and UNKNOWN not in value:
                    event = deal_hole(seats[p], value)      # known cards: seldom twice in a file
                else:                                       # '????': the same event in many hands
                    key = ("deal", seats[p], value, commentary)
                    event = shared.get(key) or interned(shared, DealHole, key, seat=seats[p], cards=value,
                                                        **_extra(commentary))
            elif kind == BOARD:
                key = ("board", value, commentary)
                event = shared.get(key) or interned(shared, Board, key, cards=value, **_extra(commentary))
            elif kind == DISCARD:
                pending_draw[p] = value                     # one Draw event when the replacements come
                continue
            else:                                           # STAND_PAT
                event = unvalidated(Draw, seat=seats[p], **_extra(commentary))

        elif kind == SHOW:
            event = unvalidated(Show, seat=seats[p], cards=value, **_extra(commentary))
        elif kind == MUCK:
            event = unvalidated(Muck, seat=seats[p], **_extra(commentary))
        else:                                               # NOTE: commentary only
            if commentary:
                notes.append(commentary)
            continue
        append_event(event)
        append_index(index)

    if pending_draw:
        for q, discards in sorted(pending_draw.items()):
            append_event(unvalidated(Draw, seat=seats[q], discards=discards, replacements=(UNKNOWN,) * len(discards)))
            append_index(len(actions) - 1)
    return notes


def _extra(commentary: str | None) -> dict[str, Any]:
    """The commentary field of an event, when it has one."""
    return {"commentary": commentary} if commentary else _NO_EXTRA
