"""PHH / PHHS hand histories -> a floorman `Table` and its events, and a compact replay.

The Poker Hand History format (spec `uoftcprg/phh-std`, reference implementation
`pokerkit.notation`) is TOML: one hand per `.phh` file, or many hands under section headers
`[1]`, `[2]`, ... in a `.phhs` file. This reader does not use pokerkit (~270 ms to import): a
fast path reads the one-line TOML that PHH writers produce, the standard library's `tomllib`
reads anything else (and reports TOML errors), and floorman events are built directly.

The package, one job a module:
- `toml_subset`: the TOML of a PHH text (the fast subset, else tomllib);
- `hand`: `PhhHand`, the variant codes, and errors located in the file;
- `table_setup`: the amounts in chips, the seats, structure and forced bets, and their posts;
- `actions`: the actions into events, through one action handler;
- `unvalidated`: events and tables built without validation, shared by a file's hands;
- `histories`: files and texts into hands (`load`, `read_hands`, ...);
- `replay`: a hand replayed through `HandState` (`replay_hand`, `ReplayReport`).

How PHH maps onto floorman
- Players p1..pN sit clockwise. In flop and draw games p1 is the first seat left of the button
  and pN is the button; heads-up pN (p2) is the button and posts the small blind while p1 posts
  the big blind (pokerkit reverses `blinds_or_straddles` and `antes` heads-up: p1 pays entry
  [1], p2 entry [0]). Seat numbers come from the `seats` field when it lists the players
  clockwise; otherwise p1..pN sit in seats 1..N.
- Amounts: chips are integers in floorman. When a hand has decimal amounts (online cash games
  in dollars), every amount is multiplied by the same power of ten (`PhhHand.scale`, e.g. 100:
  one chip = one cent). `inf` starting stacks (iPoker records no stacks) become
  `UNKNOWN_STACK` chips and are listed in `PhhHand.unknown_stacks`.
- Forced bets: `antes` become ante posts (a "big-blind-ante" when only the big blind antes, a
  "button-ante" when only the button does); `blinds_or_straddles` entry 0 is the small blind,
  entry 1 the big blind, later entries straddles, a lone positive entry is the big blind (e.g.
  a button blind), and a negative entry is a live post by a player who has just sat down
  ("new-player"). A post is capped at the stack, as pokerkit does.
- Actions: `d dh pN cards` deals hole cards (stud: the usual down/up pattern), `d db cards` the
  board, `pN f` fold, `pN cc` check or call, `pN cbr X` bet/raise/complete to X, `pN pb` the
  bring-in, `pN sd [cards]` stand pat or discard (the replacement `d dh` that follows makes one
  floorman Draw event), `pN sm cards` shows, `pN sm` mucks, `pN sm -` shows whatever is held,
  and `pN sm ????` keeps the cards face down (the hand cannot win a contested pot). `????` is
  an unknown card. Text after `#` is commentary (a `# ...` action on its own is a note).
- `cc` becomes a check or a call, and `cbr` a bet, raise or (stud) completion, from the
  reader's own count of the bets: the state then checks every action.

`ante_trimming_status` is read and kept (`PhhHand.ante_trimming`) but floorman settles antes as
the TDA does whatever it says: a big-blind or button ante is dead money, and an all-in player
wins from each player only as much ante as it put in. pokerkit with `ante_trimming_status =
true` returns the part of an ante nobody matched, which gives a big-blind ante back to the big
blind (WSOP 2019 Event #42 in the shared data shows the difference).

`replay_hand(hand)` replays the events through `HandState` and settles the hand: it never
repairs a history (pokerkit's replay folds a skipped player, for instance); what is irregular
is reported, and site-rule departures from the TDA are followed with a warning.
"""

from floorman.phh.hand import UNKNOWN_STACK, VARIANTS, PhhHand
from floorman.phh.histories import load, parse_phh, parse_phhs, read_hands, select_hand
from floorman.phh.replay import SITE_DEPARTURES, Irregularity, ReplayReport, Step, replay_hand

__all__ = [
    "SITE_DEPARTURES",
    "UNKNOWN_STACK",
    "VARIANTS",
    "Irregularity",
    "PhhHand",
    "ReplayReport",
    "Step",
    "load",
    "parse_phh",
    "parse_phhs",
    "read_hands",
    "replay_hand",
    "select_hand",
]
