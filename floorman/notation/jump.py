"""The words of a jump: start a hand on the street of the dispute, in one line.

`flop Ah Kd 7c pot 60 live 1 2 4` or `river pot 2400 live 2 5 stacks 2:9000 5:9000` says what
the floor person knows when called over: the board, the pot, who is still in, the stacks behind,
and where it matters the last aggressor (`aggressor 5`) and each seat's share of the pot
(`in 2:3000 5:9000`, for side pots). This module reads the words; floorman/session/jump.py lays
the hand out from them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from floorman.notation import lexer
from floorman.notation.errors import NotationError
from floorman.notation.lexer import Word

#: the jump's words, with their aliases: each takes what follows it up to the next jump word
WORDS = {"pot": "pot", "live": "live", "in-hand": "live", "stacks": "stacks", "stack": "stacks",
         "behind": "stacks", "aggressor": "aggressor", "last": "aggressor", "raiser": "aggressor",
         "in": "in", "put": "in", "bet": "bet", "bets": "bet", "hands": "hands", "holds": "hands"}


@dataclass
class Jump:
    """What a jump line says; None / empty: not said."""

    street: str
    cards: list[str] = field(default_factory=list)
    pot: int | None = None
    live: list[int] = field(default_factory=list)
    stacks: dict[int, int] = field(default_factory=dict)
    aggressor: int | None = None
    shares: dict[int, int] = field(default_factory=dict)
    bet: tuple[int, int] | None = None                 # the bet made on the street so far: (seat, to)
    hands: dict[int, list[str]] = field(default_factory=dict)     # hole cards known, by seat

    def line(self) -> str:
        """The jump as it would be typed."""
        parts = [self.street, *self.cards]
        if self.pot is not None:
            parts += ["pot", str(self.pot)]
        if self.live:
            parts += ["live", *map(str, self.live)]
        if self.stacks:
            parts += ["stacks", *(f"{n}:{s}" for n, s in sorted(self.stacks.items()))]
        if self.aggressor is not None:
            parts += ["aggressor", str(self.aggressor)]
        if self.shares:
            parts += ["in", *(f"{n}:{s}" for n, s in sorted(self.shares.items()))]
        if self.bet:
            parts += ["bet", f"{self.bet[0]}:{self.bet[1]}"]
        if self.hands:
            parts += ["hands", *(f"{n}:{''.join(c)}" for n, c in sorted(self.hands.items()))]
        return " ".join(parts)


def is_jump_word(word: Word) -> bool:
    return word.lower in WORDS


def read_jump(street: str, cards: list[str], items: list[Word], line: str) -> Jump:
    """The jump words after the street and its cards. NotationError names the column."""
    jump = Jump(street, list(cards))
    i = 0
    while i < len(items):
        word = items[i]
        key = WORDS.get(word.lower)
        if key is None:
            raise NotationError(f"{lexer.quoted(word.text)} is not understood in a jump", column=word.column,
                                line_text=line, expected="pot, live, stacks, aggressor, in, bet or hands, e.g. "
                                                         f"{street} pot 2400 live 2 5")
        i += 1
        values = []
        while i < len(items) and not is_jump_word(items[i]):
            values.append(items[i])
            i += 1
        if not values:
            raise NotationError(f"`{word.text}` needs what follows it", column=word.column + len(word.text),
                                line_text=line, expected=_wants(key))
        if key == "pot":
            if len(values) != 1:
                raise NotationError("one pot amount", column=values[1].column, line_text=line,
                                    expected="pot AMOUNT, e.g. pot 2400")
            jump.pot = lexer.amount(values[0], "the pot")
        elif key == "live":
            jump.live = sorted({lexer.seat(v) for v in values})
        elif key == "aggressor":
            if len(values) != 1:
                raise NotationError("one aggressor", column=values[-1].column, line_text=line,
                                    expected="aggressor SEAT, e.g. aggressor 5")
            jump.aggressor = lexer.seat(values[0])
        elif key == "hands":
            for value in values:
                number, sep, hole = value.text.partition(":")
                if not sep or not hole:
                    raise NotationError(f"{lexer.quoted(value.text)} is not SEAT:CARDS", column=value.column,
                                        line_text=line, expected=_wants(key))
                seat = lexer.seat(Word(number, value.column))
                jump.hands[seat] = lexer.cards_in(Word(hole, value.column + len(number) + 1))
        else:
            target: dict[int, int] = {} if key == "bet" else jump.stacks if key == "stacks" else jump.shares
            if key == "bet" and len(values) != 1:
                raise NotationError("one bet", column=values[-1].column, line_text=line, expected=_wants(key))
            for value in values:
                number, sep, chips = value.text.partition(":")
                if not sep:
                    raise NotationError(f"{lexer.quoted(value.text)} is not SEAT:AMOUNT", column=value.column,
                                        line_text=line, expected=_wants(key))
                seat = lexer.seat(Word(number, value.column))
                target[seat] = lexer.amount(Word(chips, value.column + len(number) + 1), "chips")
            if key == "bet":
                jump.bet = next(iter(target.items()))
    return jump


def _wants(key: str) -> str:
    return {"pot": "pot AMOUNT, e.g. pot 2400", "live": "the seats still in, e.g. live 2 5",
            "stacks": "each seat's chips behind, e.g. stacks 2:9000 5:9000",
            "aggressor": "the seat that bet or raised last, e.g. aggressor 5",
            "in": "each seat's chips in the pot, e.g. in 2:3000 5:9000",
            "bet": "the bet made on this street so far, e.g. bet 2:1000 (seat 2 bet 1,000)",
            "hands": "hole cards known, e.g. hands 1:AhKh 2:QsQd"}[key]


