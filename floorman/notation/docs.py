"""docs/notation.md, generated from the grammar (floorman/notation/grammar.py) and the set-up
words (floorman/builder.py), so the page cannot drift from what the parser reads.

    python -m floorman.notation.docs          # rewrite docs/notation.md
    python -m floorman.notation.docs --check  # exit 1 if it is out of date
"""

from __future__ import annotations

import sys
from pathlib import Path

from floorman.builder import GAMES, SETUP_WORDS
from floorman.notation.grammar import COMMANDS, GROUPS

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
           "Generated from `floorman/notation/grammar.py` by `python -m floorman.notation.docs`; do not edit",
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
           "9 seats at 100 big blinds, button on seat 1.",
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
            "and the table is as it was.", ""]
    for group, title in GROUPS:
        out += [f"### {title}", "", "| syntax | meaning | example |", "|---|---|---|"]
        for command in COMMANDS:
            if command.group == group:
                syntax = command.syntax.replace("|", "\\|")
                out.append(f"| `{syntax}` | {command.help} | `{command.example}` |")
        out.append("")
    out += ["## Disputes and rulings", "",
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
            "fields; an error names the field.", "",
            "| incident type | shorthand |", "|---|---|"]
    for kind in sorted(INCIDENT_TYPES):
        out.append(f"| `{kind}` | {SHORTHANDS.get(kind, '`incident ' + kind + ' ...`')} |")
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
