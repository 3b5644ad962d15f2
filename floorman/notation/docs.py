"""docs/notation.md, generated from the grammar (floorman/notation/grammar.py) and the set-up
words (floorman/notation/setup.py), so the page cannot drift from what the parser reads.

    python -m floorman.notation.docs          # rewrite docs/notation.md
    python -m floorman.notation.docs --check  # exit 1 if it is out of date
"""

from __future__ import annotations

import sys
from pathlib import Path

from floorman.notation.grammar import COMMANDS, GROUPS
from floorman.notation.setup import GAMES, SETUP_WORDS

DOC_PATH = Path(__file__).resolve().parents[2] / "docs" / "notation.md"

#: which incident types have a shorthand, and which command enters them
SHORTHANDS = {"wager": "chips, says", "out-of-turn": "oot (or any action typed out of turn)",
              "under-raise-found": "a bet or raise typed below the minimum",
              "exposed-card": "exposes, dealer exposes", "question": "asks", "clock-expired": "clock",
              "not-at-seat": "away", "muck-at-showdown": "mucks (at the showdown)"}


def render_notation() -> str:
    from floorman.model.incidents import INCIDENT_TYPES, _load_families

    _load_families()
    out = ["# The table notation",
           "",
           "Generated from `floorman/notation/grammar.py` by `floorman rulebook docs`; do not edit",
           "by hand. `help` in `floorman table` shows the same commands.",
           "",
           "`floorman table` reads one set-up line, then one line per thing that happens at the table.",
           "A line it cannot read gets one line back naming the column and what was expected there; the",
           "table is unchanged and the line stays in the history (arrow up) to correct.",
           "",
           "## The set-up line",
           "",
           "Words in any order, e.g. `nl 2/5 cash 6 seats 500 button 6` or",
           "`plo 1000/2000 bba tournament seats 1:50000 3:42000 button 3`. The blinds and antes are posted",
           "at once. A cash game rules under the `cash` profile, a tournament under `tda-2026`, unless",
           "`profile NAME` (or `--profile`) says otherwise. Left out: no-limit hold'em, 1/2, a cash game,",
           "9 seats at 100 big blinds, button on seat 1. A jump may end the set-up line (`nl 100/200",
           "tournament seats 2:10000 5:10000 button 5 river pot 2400 live 2 5`): the hand starts on that",
           "street (see below).",
           "",
           "| words | what follows | meaning |",
           "|---|---|---|"]
    for words, follows, meaning in SETUP_WORDS:
        out.append(f"| `{words}` | {f'`{follows}`' if follows else ''} | {meaning} |")
    out += ["", "Games: " + ", ".join(f"`{name}` ({variant.value}, {betting.value})"
                                     for name, (variant, betting) in GAMES.items()) + ".", ""]
    out += ["## Lines at the table", "",
            "Seats are `s1`..`s10`; amounts `500`, `1,000` or `2.5k` (bet and raise amounts are the total for",
            "the street: `s3 raise 15` is a raise to 15); cards `As Kd 7c` (rank 2-9 T J Q K A, suit c d h",
            "s; `??` unknown). In a syntax, `a|b` are the same word, `{a|b}` is a choice, `[...]` may be",
            "left out.", "",
            "Amounts are worked out in exact decimals: `1.005k` is 1,005 chips, `1.0005k` is not a whole",
            "number of chips, and an amount of 2**53 or more (however many digits) is too large. A line",
            "that cannot be read is refused in one line that repeats at most 40 characters of a word,",
            "and the table is as it was.", "",
            "Chips are written one by one (`100 25 25`) or as multiples: `4x500 4x100` and `500x4` are four",
            "chips of 500 (of the two numbers the count is the smaller, unless only the other is one of the",
            "table's `chips` values). The same holds in `ask` and in `chips=` fields.", ""]
    for group, title in GROUPS:
        out += [f"### {title}", "", "| syntax | meaning | example |", "|---|---|---|"]
        for command in COMMANDS:
            if command.group == group:
                syntax = command.syntax.replace("|", "\\|")
                out.append(f"| `{syntax}` | {command.help} | `{command.example}` |")
        out.append("")
    out += ["## Starting on the street of the dispute: a jump", "",
            "A floor person called to a table does not replay the hand: `flop Ah Kd 7c pot 60 live 1 2 4`",
            "or `river pot 2400 live 2 5 stacks 2:9000 5:9000` starts the hand at the start of that street,",
            "as the first line after the set-up (or at the end of the set-up line itself). The cards are",
            "the street's own or the whole board (left out: unknown, `??`). The words after them:", "",
            "| words | meaning |", "|---|---|",
            "| `pot AMOUNT` | the pot at the start of the street (left out: the live seats called the big blind) |",
            "| `live SEAT ...` | the seats still in the hand (left out: every seat dealt in) |",
            "| `stacks SEAT:AMOUNT ...` | the chips behind, by seat (left out: the set-up's stack less the share) |",
            "| `aggressor SEAT` | the seat that bet or raised last before this street |",
            "| `in SEAT:AMOUNT ...` | each seat's chips in the pot, for side pots: a live seat with less than "
            "another is all in; a folded seat's share is its dead money |",
            "| `bet SEAT:AMOUNT` | the bet made on this street so far (the seats before it checked) |",
            "| `hands SEAT:CARDS ...` | hole cards known, e.g. `hands 1:AhKh 2:QsQd` |", "",
            "Without `in`, the live seats' shares are equal after the dead money (the blinds of the seats",
            "that folded): a pot that does not split so is refused, naming `in`. The pot, the board, the",
            "live seats and the stacks are exactly as said; what the jump does not say (who bet what on an",
            "earlier street) is laid out the simplest way, and a ruling that needs more says which line to",
            "add (a hand it must read: `s5 dealt CARDS`). For every bundled scenario on the flop or later,",
            "a jump written from the hand at the start of its street rules as the full replay does",
            "(tests/test_table_jump.py). `undo` takes the jump back; a jump comes before any other line.", "",
            "## Cards and refusals as the dispute is said", "",
            "- `turn 8s` before the flop betting is over is a premature turn: ruled (`premature-board`).",
            "  A street whose street before it is not out yet says which to deal first",
            "  (`flop CARDS` or `flop ?? ?? ??`).",
            "- An action when the next street's cards are not entered starts that street with unknown",
            "  cards (`checked to river`, then `s2 check`: the river is `??` and the check is out of turn);",
            "  `river 9c` then names the card where it was dealt.",
            "- A card already seen is a duplicate card, a card not in the game's deck a deal error, cards",
            "  to a seat not dealt in or a third hole card a deal error, a pot-limit bet above the pot a",
            "  wager: each is ruled.",
            "- An action by a folded seat, chips from an all-in seat, a bet beyond the stack and a check",
            "  facing a bet turn on what the line does not say: the refusal names the line to type",
            "  (`incident chips-found-behind seat=1 all_in_seat=3 amount=500`, `s1 says check`...).",
            "- No message names an internal path (`incidents[0].seat`): a field is named as typed.", "",
            "## Disputes and rulings", "",
            "A dispute is ruled the moment it is entered, and the table goes on from the ruling (a call",
            "made, chips returned, a hand killed, the action backed up, a misdeal). A second dispute in the",
            "hand is ruled on the hand as the first ruling left it.",
            "",
            "An action typed for a seat that is not due to act is an `out-of-turn` dispute. Its ruling",
            "depends on what the skipped seat does, so it is shown as provisional (\"binds unless seat 1",
            "bets or raises\") and ruled again when that seat's action is entered. A bet or raise in turn",
            "below the minimum (and not all in) is an `under-raise-found` dispute, ruled at once.",
            "",
            "Each dispute is ruled once, on the hand as the rulings before it left it: the hundredth",
            "dispute in a hand takes as long as the first, and the journal records each in its own row.",
            "",
            "At the showdown `s2 mucks` means into the muck (mixed with the discards); `s2 mucks released`",
            "or `s2 mucks touching-muck` says otherwise. `undo` of a ruling records, in a new journal row",
            "that names it, that the ruling was taken back (docs/journal.md).",
            "",
            "`what if LINE` rules on LINE as if it were entered now and leaves the table as it was (one",
            "`what if` a line: `what if what if ...` is refused). `undo` takes back the last line but",
            "never the forced bets the deal posted (`new hand` deals the next hand).",
            "`save FILE` writes the hand as a scenario whose `expect` is the rulings given (the last",
            "dispute, when the hand went on after it), so `floorman check FILE` passes. FILE must be new",
            "and in a folder that exists: `save FILE force` replaces a file (never a database).",
            "",
            "## Every incident type", "",
            "Each incident type in `docs/incidents.md` can be entered with `incident TYPE field=value ...`:",
            "numbers as amounts, `yes`/`no`, lists comma-separated (`cards=As,Kd`), seats as `3` or `s3`,",
            "and following actions as `then=5:check,6:bet:500`. The incident's own model checks the",
            "fields; an error names the field. A type or a field may be shortened to a prefix that only it",
            "has (`incident prem str=turn`); Tab completes the type, then its field names, then a field's",
            "values (`street=` -> `flop`, `turn`, `river`; a seat field -> the table's seats).",
            "`help TYPE` shows the type's fields (kind, choices, default, meaning) and the example below,",
            "which is read back through the notation before it is shown.", "",
            "| incident type | shorthand | example |", "|---|---|---|"]
    from floorman.notation.incident_help import example

    for kind in sorted(INCIDENT_TYPES):
        out.append(f"| `{kind}` | {SHORTHANDS.get(kind, '`incident ' + kind + ' ...`')} | `{example(kind)}` |")
    return "\n".join(out) + "\n"


def main(argv: list[str]) -> int:
    text = render_notation()
    if "--check" in argv:
        current = DOC_PATH.read_text(encoding="utf-8") if DOC_PATH.exists() else ""
        if current != text:
            print(f"{DOC_PATH} is out of date: run python -m floorman.notation.docs")
            return 1
        print("docs/notation.md is up to date")
        return 0
    DOC_PATH.write_text(text, encoding="utf-8")
    print(f"wrote {DOC_PATH}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
