"""The table notation as data: every command with its argument slots, its meaning and an example.

The parser (floorman/notation/parser.py), the session's `help`, docs/notation.md and the
completer are all derived from COMMANDS, so they cannot disagree.

A syntax is a line of slots separated by spaces:
  `raise|raises|r`   a literal word and its synonyms (the first is the one shown and completed)
  `SEAT`             a seat: s3 (or seat3)
  `AMOUNT`           chips: 500, 1,000, 2.5k
  `CHIPS`            one or more chip values: 100 100 25
  `CARD` / `CARDS`   one card / one or more cards: As Kd 7c (or AsKd7c)
  `{a|b|c}`          one of these words, kept as the value
  `[x]`              the slot may be left out
  `WORDS`            words up to a comma or the end (what was said)
  `FIELDS`           field=value pairs (the generic incident)
  `LINE`             the rest of the line, read as another notation line
  `TEXT`             the rest of the line, as typed (a file name)
  `TYPE`             an incident type (see docs/incidents.md)
  `JUMP`             a jump to the start of the street: pot, live seats, stacks... (notation/jump.py)
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Slot:
    kind: str                       # 'literal', 'SEAT', 'AMOUNT', 'CHIPS', 'CARD', 'CARDS', 'choice', ...
    words: tuple[str, ...] = ()     # literal synonyms or choice words
    optional: bool = False
    name: str = ""                  # the value's key for the command's builder
    group: int = 0                  # slots in one [...] group: all or none (0: no group)
    opens: bool = False             # the first slot of its group

    @property
    def shown(self) -> str:
        if self.kind == "literal":
            return self.words[0]
        if self.kind == "choice":
            return "{" + "|".join(self.words) + "}"
        return self.kind


@dataclass(frozen=True)
class Command:
    name: str                       # what the parser reports it read
    syntax: str
    help: str
    example: str
    group: str                      # 'action', 'cards', 'dispute', 'session'
    slots: tuple[Slot, ...] = field(default=(), compare=False)


def _slots(syntax: str) -> tuple[Slot, ...]:
    slots = []
    counts: dict[str, int] = {}
    group = 0
    inside = False
    for token in syntax.split():
        opens = token.startswith("[")
        if opens:
            group, inside = group + 1, True
            token = token[1:]
        closes = token.endswith("]")
        if closes:
            token = token[:-1]
        if token.startswith("{"):
            words, kind, name = tuple(token[1:-1].split("|")), "choice", "choice"
        elif token.isupper():
            kind, words, name = token, (), token.lower()
        else:
            kind, words, name = "literal", tuple(token.split("|")), ""
        if kind != "literal":
            counts[name] = counts.get(name, 0) + 1
            if counts[name] > 1:
                name = f"{name}{counts[name]}"
        slots.append(Slot(kind, words, inside, name, group if inside else 0, opens))
        if closes:
            inside = False
    return tuple(slots)


def _command(name: str, syntax: str, help: str, example: str, group: str) -> Command:
    return Command(name, syntax, help, example, group, _slots(syntax))


ACTION_WORDS = ("check", "call", "fold", "bet", "raise", "all-in")
SAID_WORDS = ("check", "call", "fold", "bet", "raise", "all-in", "allin", "pot", "complete")

COMMANDS: tuple[Command, ...] = (
    # --- betting actions: events, checked against the hand (an action out of turn becomes a dispute)
    _command("check", "SEAT check|checks|x", "the seat checks", "s2 check", "action"),
    _command("call", "SEAT call|calls|c", "the seat calls", "s3 call", "action"),
    _command("fold", "SEAT fold|folds|f", "the seat folds", "s2 folds", "action"),
    _command("bet", "SEAT bet|bets|b AMOUNT", "the seat bets AMOUNT", "s1 bet 500", "action"),
    _command("raise", "SEAT raise|raises|r [to] AMOUNT", "the seat raises to AMOUNT (the total for the street)",
             "s3 raise 15", "action"),
    _command("all-in", "SEAT allin|all-in|shove|jam [AMOUNT]", "the seat moves all in (its whole stack)",
             "s6 allin", "action"),
    _command("out-of-turn", "SEAT oot {check|call|fold|bet|raise|all-in} [AMOUNT]",
             "the seat acts out of turn (typing an action by a seat not due to act says the same)",
             "s6 oot bet 500", "action"),
    _command("checked-to", "checked to {flop|turn|river}",
             "every seat checks until that street (the cards are left unknown)", "checked to river", "action"),
    # --- cards: events
    _command("flop", "flop [CARDS] [JUMP]", "the flop (three cards; left out: unknown); a card that comes before "
             "the betting is over is a dispute (premature-board)", "flop As Kd 7c", "cards"),
    _command("turn", "turn [CARDS] [JUMP]", "the turn card (left out: unknown)", "turn 2h", "cards"),
    _command("river", "river [CARDS] [JUMP]", "the river card (left out: unknown)", "river 9c", "cards"),
    _command("burn", "burn [CARD]", "a burn card", "burn", "cards"),
    _command("dealt", "SEAT dealt|has CARDS", "the seat's hole cards", "s3 dealt As Ad", "cards"),
    _command("shows", "SEAT shows|tables CARDS", "the seat tables its hand at showdown", "s3 shows As Ad",
             "cards"),
    _command("mucks", "SEAT mucks [{released|touching-muck|in-muck}] [{identifiable|unidentifiable}]",
             "the seat throws its hand away; at the showdown, untabled, it is a dispute (muck-at-showdown): "
             "into the muck unless `released` or `touching-muck` is said",
             "s3 mucks in-muck", "cards"),
    # --- disputes: incidents, ruled the moment they are entered
    _command("chips", "SEAT chips CHIPS [silent] [, says WORDS]",
             "the seat puts out these chips (silent: nothing said); words after them came after the chips",
             "s5 chips 100 silent", "dispute"),
    _command("says", "SEAT says WORDS [, chips CHIPS]",
             "the seat says a word (raise, call, bet, all-in, pot, an amount...), then pushes the chips",
             "s5 says raise, chips 100", "dispute"),
    _command("exposes", "SEAT exposes CARDS [folding]", "the seat exposes its own card(s)", "s4 exposes Qh",
             "dispute"),
    _command("dealer-exposes", "dealer exposes SEAT [{first|second|card}] [AMOUNT] [CARDS]",
             "the dealer exposes a card dealt to the seat (first, second: its place off the deck)",
             "dealer exposes s3 first", "dispute"),
    _command("asks", "SEAT asks {min-bet|min-raise|may-raise|max-bet|count-pot|count-stack|uncalled} [SEAT]",
             "the seat asks the floor a question the rules answer", "s1 asks may-raise", "dispute"),
    _command("clock", "SEAT clock [tie]", "the seat's time ran out on the clock", "s4 clock", "dispute"),
    _command("away", "SEAT away [reach]", "the seat was not at its seat when the deal finished",
             "s5 away", "dispute"),
    _command("incident", "incident TYPE [FIELDS]",
             "any incident of docs/incidents.md, by its fields (values: numbers, yes/no, cards, a,b lists; "
             "then=5:check,6:bet:500)", "incident boxed-card count=2", "dispute"),
    # --- the session
    _command("undo", "undo", "take back the last event or dispute", "undo", "session"),
    _command("what-if", "what if LINE", "rule on an alternative without changing the table",
             "what if s5 chips 100 100", "session"),
    _command("pots", "pots", "show the pot table", "pots", "session"),
    _command("table", "table", "draw the table again", "table", "session"),
    _command("save", "save TEXT", "write the hand as a scenario file that `floorman check` passes",
             "save dispute.yaml", "session"),
    _command("new-hand", "new hand", "the next hand: the button moves, stacks as they end", "new hand",
             "session"),
    _command("help", "help|? [TYPE]", "show this help; `help TYPE`: an incident type's fields and an example",
             "help premature-board", "session"),
    _command("quit", "quit|exit|q", "end the session", "quit", "session"),
)

BY_NAME = {command.name: command for command in COMMANDS}
GROUPS = (("action", "Betting actions"), ("cards", "Cards"), ("dispute", "Disputes (ruled at once)"),
          ("session", "Session"))


def help_text() -> str:
    """The `help` shown in the session: each command's syntax, meaning and an example."""
    lines = []
    for group, title in GROUPS:
        lines.append(f"{title}:")
        for command in COMMANDS:
            if command.group == group:
                lines.append(f"  {command.syntax:<44} {command.help}  e.g. `{command.example}`")
    lines.append("Seats are s1..s10; amounts 500, 1,000 or 2.5k; cards As Kd 7c. `help` again shows this.")
    return "\n".join(lines)
