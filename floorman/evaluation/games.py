"""The games floorman reads hands for: what each is played for and which cards make a hand.

One table (GAMES) says, per game name, which evaluator reads the high hand, which reads the
low, and how many hole and board cards a readable hand has; check_hand() holds a hand to it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from floorman.errors import FloormanError
from floorman.model.cards import PIQUET_RANKS, RANKS, SHORT_DECK_RANKS, SUITS


class InvalidHand(FloormanError, ValueError):
    """Cards that cannot be read as a hand in the named game: an unknown game, a card that is
    not a card (or '??', never seen), the same card twice, or too few or too many cards."""


# Evaluator names, used by backends.py.
STANDARD = "standard"            # best five of any cards, aces high, wheel counts (hold'em, stud)
OMAHA = "omaha"                  # exactly two hole cards and three board cards
SHORT_DECK = "short-deck"        # 36 cards, flush beats full house, A-6-7-8-9 is the low straight
EIGHT_OR_BETTER = "eight-or-better"          # A-5 low, five unpaired cards 8 or lower
OMAHA_EIGHT_OR_BETTER = "omaha-eight-or-better"
ACE_TO_FIVE = "ace-to-five"      # razz: aces low, straights and flushes ignored, pairs are bad
DEUCE_TO_SEVEN = "deuce-to-seven"  # aces high, straights and flushes count against you
PIQUET = "piquet"                # 32 cards (7 to A): flush over full house, A-7-8-9-T low, suits break
                                 # ties of straights and flushes (floorman/evaluation/piquet.py)


@dataclass(frozen=True, slots=True)
class GameRules:
    """How one game is read. Counts are (fewest, most), inclusive."""

    name: str
    high: str | None              # evaluator for the high hand, None if the game has no high
    low: str | None               # evaluator for the low hand, None if there is no low
    low_qualifies: bool           # True: a low must qualify (8-or-better) and may be missing
    hole: tuple[int, int]
    board: tuple[int, int]
    total: tuple[int, int]
    short_deck: bool = False
    stud: bool = False
    ranks: str = RANKS            # the ranks in the deck (short deck: 6 to A; piquet: 7 to A)

    @property
    def splits_pot(self) -> bool:
        return self.high is not None and self.low is not None


# Stud allows one board card: when the deck runs short on seventh street the dealer turns
# one community card for everyone.
GAMES: dict[str, GameRules] = {
    rules.name: rules
    for rules in (
        GameRules("holdem", STANDARD, None, False, (2, 2), (3, 5), (5, 7)),
        GameRules("short-deck", SHORT_DECK, None, False, (2, 2), (3, 5), (5, 7), short_deck=True,
                  ranks=SHORT_DECK_RANKS),
        # the 32-card deck of seed 004, dealt as hold'em; the name carries the suit order
        GameRules("piquet", PIQUET, None, False, (2, 2), (3, 5), (5, 7), ranks=PIQUET_RANKS),
        GameRules("piquet-bridge-suits", PIQUET, None, False, (2, 2), (3, 5), (5, 7), ranks=PIQUET_RANKS),
        GameRules("omaha", OMAHA, None, False, (4, 5), (3, 5), (7, 10)),
        GameRules("omaha-hi-lo", OMAHA, OMAHA_EIGHT_OR_BETTER, True, (4, 5), (3, 5), (7, 10)),
        GameRules("stud", STANDARD, None, False, (4, 7), (0, 1), (5, 7), stud=True),
        GameRules("stud-hi-lo", STANDARD, EIGHT_OR_BETTER, True, (4, 7), (0, 1), (5, 7), stud=True),
        GameRules("razz", None, ACE_TO_FIVE, False, (4, 7), (0, 1), (5, 7), stud=True),
        GameRules("2-7-triple-draw", None, DEUCE_TO_SEVEN, False, (5, 5), (0, 0), (5, 5)),
        GameRules("2-7-single-draw", None, DEUCE_TO_SEVEN, False, (5, 5), (0, 0), (5, 5)),
    )
}

GAME_NAMES: tuple[str, ...] = tuple(GAMES)


def game_rules(game: str) -> GameRules:
    try:
        return GAMES[game]
    except KeyError:
        raise InvalidHand(f"unknown game {game!r}", field="game",
                          expected=", ".join(GAME_NAMES)) from None


def check_cards(cards: Sequence[str], *, short_deck: bool = False, field: str = "cards",
                ranks: str | None = None) -> tuple[str, ...]:
    """The cards as a tuple, each a real card of the deck in play ('??' cannot be read).
    `ranks` names the deck's ranks (default: 52 cards, or 36 with `short_deck`)."""
    if isinstance(cards, str):
        # "AsKd" would otherwise iterate as characters; say what went wrong instead.
        raise InvalidHand(f"{cards!r} is one string; give a sequence of cards",
                          field=field, expected="e.g. ('As', 'Kd')")
    if ranks is None:
        ranks = SHORT_DECK_RANKS if short_deck else RANKS
    out = tuple(cards)
    for card in out:
        if not (isinstance(card, str) and len(card) == 2 and card[0] in ranks and card[1] in SUITS):
            deck = ("short-deck card (6 to A)" if ranks == SHORT_DECK_RANKS
                    else "32-card deck card (7 to A)" if ranks == PIQUET_RANKS else "card like 'As' or 'Td'")
            raise InvalidHand(f"{card!r} is not a card that can be read", field=field, expected=deck)
    return out


def check_hand(
    game: str, hole: Sequence[str], board: Sequence[str],
) -> tuple[GameRules, tuple[str, ...], tuple[str, ...]]:
    """The game's rules and the hole and board cards, once they make a readable hand."""
    rules = game_rules(game)
    hole_cards = check_cards(hole, field="hole", ranks=rules.ranks)
    board_cards = check_cards(board, field="board", ranks=rules.ranks)
    for what, cards, (fewest, most) in (("hole", hole_cards, rules.hole),
                                        ("board", board_cards, rules.board),
                                        ("hole and board", hole_cards + board_cards, rules.total)):
        if not fewest <= len(cards) <= most:
            wanted = str(fewest) if fewest == most else f"{fewest} to {most}"
            raise InvalidHand(f"{game} needs {wanted} {what} cards, got {len(cards)}",
                              field=what.split()[0], expected=wanted)
    seen: set[str] = set()
    for card in hole_cards + board_cards:
        if card in seen:
            raise InvalidHand(f"{card} appears twice", field="cards")
        seen.add(card)
    return rules, hole_cards, board_cards


def splits_pot(game: str) -> bool:
    """True for the hi-lo games, where a qualifying low takes half the pot."""
    return game_rules(game).splits_pot
