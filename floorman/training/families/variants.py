"""Quiz templates and common mistakes for the variants family (see families/__init__.py).

* `variant-ranking`: a hand checked down in the 32-card deck, short deck or hold'em, shaped so
  that the game's own ranking decides (a suit tie-break, a flush against a full house, the
  ace-low straight) or left to chance; the question is who wins;
* `stud-order`: who brings it in, who acts first from fourth street, or the bet on an open pair,
  in stud, stud high-low or razz;
* `stud-irregularity`: upcards picked up, a premature card, seventh street exposed or short, an extra card;
* `draw-limp`: may a player limp before the draw in 2-7 (TDA RP-17: yes in single draw).
"""

from __future__ import annotations

import random
from typing import Any

from floorman.builder import HandBuilder
from floorman.model.cards import SUITS, deck, deck_ranks
from floorman.model.events import Board, DealHole
from floorman.model.incidents.variants import DrawQuestion, RankingQuestion, StudIrregularity, StudQuestion
from floorman.model.table import Table
from floorman.training.families._shared import always, blinds_table, default_profile
from floorman.training.mistakes import Case, Mistake
from floorman.training.question import Answer
from floorman.training.templates import Draft, Template, act, limp_around

FLOP_GAMES = ("piquet", "piquet-bridge-suits", "short-deck", "holdem")
STUD_GAMES = ("stud", "stud-hi-lo", "razz")
GAME_WORDS = {"piquet": "32-card hold'em (7s to aces)", "piquet-bridge-suits":
              "32-card hold'em (7s to aces, suits ranked spades, hearts, diamonds, clubs)",
              "short-deck": "short-deck hold'em", "holdem": "hold'em",
              "stud": "seven-card stud", "stud-hi-lo": "stud high-low", "razz": "razz"}


# ----------------------------------------------------------------------------- rankings
def _shaped(rng: random.Random, game: str) -> tuple[list[str], list[str], list[str]]:
    """(seat 1's cards, seat 2's cards, board): a shape where the game's ranking matters, with the
    suits shuffled, or five random cards when the shape does not fit the deck."""
    suits = list(SUITS)
    rng.shuffle(suits)
    a, b, c, d = suits
    ranks = deck_ranks(game)
    shape = rng.choice(("straight-tie", "flush-full", "low-straight", "random"))
    if shape == "straight-tie":
        return [f"K{a}", f"9{b}"], [f"K{c}", f"9{d}"], [f"Q{a}", f"J{b}", f"T{c}", f"7{d}", f"7{a}"]
    if shape == "flush-full":
        return [f"A{a}", f"K{a}"], [f"Q{b}", f"Q{c}"], [f"Q{a}", f"9{a}", f"7{a}", f"9{b}", f"T{d}"]
    if shape == "low-straight":
        low = ranks[0]          # the ace plays under the deck's lowest rank
        run = ranks[:4]
        if ranks[0] == "2":
            run = "2345"
        top = ranks[ranks.index(run[-1]) + 1]
        return [f"A{a}", f"Q{b}"], [f"{top}{c}", f"Q{d}"], [f"{run[0]}{b}", f"{run[1]}{c}", f"{run[2]}{d}",
                                                             f"{run[3]}{a}", f"K{c}" if low != "2" else f"K{d}"]
    cards = rng.sample(deck(ranks=ranks), 9)
    return cards[:2], cards[2:4], cards[4:]


def _variant_ranking(rng, difficulty, floor, profile):
    game = rng.choice(FLOP_GAMES)
    one, two, board = _shaped(rng, game)
    fmt = rng.choice(("cash", "tournament"))
    small, big = rng.choice(((1, 2), (5, 10), (100, 200)))
    b = blinds_table(game, fmt, small, big, {1: 100 * big, 2: 100 * big}, 1, profile, floor)
    b.add_event(DealHole(seat=1, cards=tuple(one)))
    b.add_event(DealHole(seat=2, cards=tuple(two)))
    limp_around(b)
    for cards in (board[:3], board[3:4], board[4:]):
        b.add_event(Board(cards=tuple(cards)))
        limp_around(b)
    b.add_incident(RankingQuestion())
    return Draft(b, f"{GAME_WORDS[game].capitalize()}, checked down. Seat 1 holds {' '.join(one)}, seat 2 "
                    f"{' '.join(two)}; the board is {' '.join(board)}. Who wins the pot?")


# ----------------------------------------------------------------------------- stud
def _stud_table(rng: random.Random, game: str, players: int, fmt: str, short: int | None = None) -> Table:
    small = rng.choice((2, 10, 100))
    stacks = {n: small * rng.randint(40, 200) for n in range(1, players + 1)}
    if short is not None:
        stacks[short] = small // 2           # all-in for the ante
    return Table.from_data({"format": fmt, "variant": game,
                            "structure": {"betting": "fixed-limit", "small_bet": 2 * small, "big_bet": 4 * small},
                            "forced_bets": {"ante": small // 2, "ante_style": "every-player", "bring_in": small},
                            "seats": [{"number": n, "stack": s} for n, s in stacks.items()]})


def _stud_hand(rng: random.Random, floor: Any, profile: str | None, *, game: str | None = None,
               players: int | None = None, short: int | None = None,
               pair_on_fourth: bool = False) -> tuple[HandBuilder, dict[int, list[str]]]:
    game = game or rng.choice(STUD_GAMES)
    players = players or rng.randint(3, 7)
    fmt = rng.choice(("cash", "tournament"))
    b = HandBuilder(_stud_table(rng, game, players, fmt, short), default_profile(profile, fmt), floor=floor)
    b.post_forced_bets()
    cards = deck()
    rng.shuffle(cards)
    hands = {n: cards[(n - 1) * 6:(n - 1) * 6 + 6] for n in range(1, players + 1)}
    if pair_on_fourth:
        seat = rng.randint(1, players)
        upcard = hands[seat][2]
        mate = next((h for n, hand in hands.items() for h in hand if h[0] == upcard[0] and h != upcard), None)
        if mate is not None:                 # swap the matching card into the seat's fourth street
            holder = next(n for n, hand in hands.items() if mate in hand)
            i = hands[holder].index(mate)
            hands[holder][i], hands[seat][3] = hands[seat][3], mate
    for n in range(1, players + 1):
        b.add_event(DealHole(seat=n, cards=tuple(hands[n][:3])))
    return b, hands


def _deal_street(b: HandBuilder, hands: dict[int, list[str]], street: int) -> None:
    for n, hand in hands.items():
        if b.state.seats[n].live:
            b.add_event(DealHole(seat=n, cards=(hand[street - 1],)))


def _bring_in_and_call(b: HandBuilder) -> None:
    act(b, "bring-in", b.table.forced_bets.bring_in)
    limp_around(b)


def _upcards(b: HandBuilder) -> str:
    return "; ".join(f"seat {n} {' '.join(s.upcards[:4])}" for n, s in b.state.seats.items() if s.live)


def _stud_order(rng, difficulty, floor, profile):
    asks = rng.choice(("bring-in", "first-to-act", "bet-size"))
    short = rng.randint(1, 3) if asks == "bring-in" and rng.random() < 0.3 else None
    b, hands = _stud_hand(rng, floor, profile, short=short, pair_on_fourth=asks == "bet-size",
                          game="stud" if asks == "bet-size" and rng.random() < 0.7 else None)
    if asks != "bring-in":
        _bring_in_and_call(b)
        _deal_street(b, hands, 4)
    b.add_incident(StudQuestion(asks=asks))
    game = GAME_WORDS[b.table.variant.value]
    question = {"bring-in": "Who brings it in?", "first-to-act": "Who acts first?",
                "bet-size": "What may a player bet on this street?"}[asks]
    street = "Third" if asks == "bring-in" else "Fourth"
    all_in = f" Seat {short} is all-in for the ante." if short is not None else ""
    # asked as a number: the seat (bring-in, first to act) or the bet allowed
    number = {"bring-in": "bring_in", "first-to-act": "first_to_act", "bet-size": "bet_allowed"}[asks]
    return Draft(b, f"{game.capitalize()}, {b.table.format.value}. {street} street, upcards: {_upcards(b)}.{all_in} "
                    f"{question}", number)


def _stud_irregularity(rng, difficulty, floor, profile):
    kind = rng.choice(("upcards-picked-up", "premature-card", "seventh-street-exposed", "short-stub", "extra-card"))
    players = rng.randint(7, 8) if kind == "short-stub" else None      # six or fewer never run short
    b, hands = _stud_hand(rng, floor, profile, players=players)
    _bring_in_and_call(b)
    last = 6 if kind in ("seventh-street-exposed", "short-stub") else 4
    for street in range(4, last + 1):
        _deal_street(b, hands, street)
        if street < last or last == 6:
            limp_around(b)
    stub, identified = None, True
    if kind == "extra-card":
        seat = rng.choice(b.state.active_seats)
        identified = rng.random() < 0.5
        where = ("it lies face down, apart from the player's own cards" if identified else
                 f"seat {seat} picks it up with its hole cards before anyone notices, and nobody can tell which "
                 "card it was")
        words = (f"dealing fourth street, the dealer gives seat {seat} its upcard and, stuck to it, a second card; "
                 f"{where}")
    elif kind == "upcards-picked-up":
        act(b, "bet", b.table.structure.small_bet)        # the rule is for a player facing a bet
        seat = b.state.actor
        words = f"seat {seat} picks up its upcards facing the bet"
    elif kind == "premature-card":
        seat = b.state.actor
        act(b, "check")
        words = f"seat {seat} checks and the dealer deals seat {seat}'s fifth-street card"
    elif kind == "seventh-street-exposed":
        seat = rng.choice(b.state.active_seats)
        words = f"dealing seventh street, the dealer turns seat {seat}'s card face up"
    else:
        seat = None
        live = len(b.state.active_seats)
        stub = 52 - 6 * live - 4 - 6 * (len(hands) - live)     # folded hands' cards are out too
        stub = max(0, stub)
        words = f"{live} players reach seventh street and the stub holds {stub} cards"
    b.add_incident(StudIrregularity(kind=kind, seat=seat, stub_cards=stub, extra_identified=identified))
    game = GAME_WORDS[b.table.variant.value]
    return Draft(b, f"{game.capitalize()}, {b.table.format.value}; upcards: {_upcards(b)}. Then {words}. "
                    "What is the ruling?")


def _draw_limp(rng, difficulty, floor, profile):
    # TDA RP-17 answers the first player in, facing only the blind, in single draw
    small, big = rng.choice(((1, 2), (50, 100), (100, 200)))
    players = rng.randint(3, 6)
    fmt = rng.choice(("cash", "tournament"))
    b = blinds_table("2-7-single-draw", fmt, small, big, dict.fromkeys(range(1, players + 1), 100 * big), players,
                     profile, floor)
    seat = b.state.actor
    b.add_incident(DrawQuestion(seat=seat))
    return Draft(b, f"No-limit 2-7 single draw {fmt}, blinds {small:,}/{big:,}, {players} players. Seat {seat}, "
                    "first to act before the draw, asks whether it may just call the big blind. What is the answer?")


TEMPLATES: tuple[Template, ...] = (
    Template("variant-ranking", "variants", _variant_ranking),
    Template("stud-order", "variants", _stud_order),
    Template("stud-irregularity", "variants", _stud_irregularity),
    Template("draw-limp", "variants", _draw_limp),
)


# ----------------------------------------------------------------------------- common mistakes
def _suits_break_ties(case: Case) -> Answer | None:
    """Thinking the higher suit wins a tie in any game (only the 32-card deck's straights and
    flushes are separated by suit)."""
    if case.incident.type == "ranking-question" and not case.situation.table.variant.value.startswith("piquet"):
        return Answer("higher-suit-wins")
    return None


def _upcards_picked_up_live(case: Case) -> Answer | None:
    """Letting a stud player who picked up the upcards facing a bet carry on."""
    if case.incident.type == "stud-irregularity" and case.incident.kind == "upcards-picked-up":
        return Answer("play-on")
    return None


def _stud_stub_with_muck(case: Case) -> Answer | None:
    if case.incident.type == "stud-irregularity" and case.incident.kind == "short-stub":
        return Answer("reshuffle-with-muck")
    return None


def _stud_premature_card_plays(case: Case) -> Answer | None:
    if case.incident.type == "stud-irregularity" and case.incident.kind == "premature-card":
        return Answer("card-plays")
    return None


def _extra_stud_card(case: Case) -> Answer | None:
    """An extra stud card judged the wrong way round: one that can be told apart is thought to
    kill the hand; one mixed into the player's cards is thought simply taken out again."""
    if case.incident.type == "stud-irregularity" and case.incident.kind == "extra-card":
        return Answer("dead-hand" if case.incident.extra_identified else "extra-card-removed")
    return None


def _tie_broken_the_other_way(case: Case) -> Answer | None:
    """Equal upcards: the other tied seat acts first (by position where suits decide, or the reverse)."""
    fact = next(iter(case.facts.get("stud_question") or ()), None)
    if fact is None or fact["asks"] != "first-to-act" or not fact["showing_tie"]:
        return None
    tied = [int(n) for n in fact["tied_seats"].split(",") if n.strip()]
    others = [n for n in tied if n != fact["first_to_act"]]
    return Answer("first-to-act", others[0]) if others else None


_HIGH = "23456789TJQKA"


def _razz_high_hand_first(case: Case) -> Answer | None:
    """In razz, the highest showing hand (as in stud) made to act first, not the lowest."""
    fact = next(iter(case.facts.get("stud_question") or ()), None)
    if fact is None or fact["asks"] != "first-to-act" or not fact["razz"]:
        return None

    def high(cards: list[str]) -> tuple:
        ranks = sorted((_HIGH.index(c[0]) for c in cards), reverse=True)
        pairs = sorted({r for r in ranks if ranks.count(r) > 1}, reverse=True)
        return (len(pairs), pairs, ranks)

    showing = {int(part.split(":")[0].split()[1]): part.split(":")[1].split()
               for part in fact["upcards"].split(";") if ":" in part}
    if not showing:
        return None
    seat = max(showing, key=lambda n: high(showing[n]))
    return Answer("first-to-act", seat)


MISTAKES: tuple[Mistake, ...] = (
    Mistake("razz-high-hand-first", "letting the highest showing hand act first in razz, as in stud: in razz the "
            "lowest hand showing acts first", _razz_high_hand_first),
    Mistake("tie-broken-the-other-way", "breaking a tie of equal upcards the other way round: the TDA goes by the "
            "suit of the highest card, a room on Robert's Rules by position (the first tied seat left of the "
            "dealer)", _tie_broken_the_other_way),
    Mistake("short-stub-from-the-muck", "making a new stub from the discards when seventh street runs short: in "
            "stud only the burns go back in, and if that is not enough one common card is dealt",
            _stud_stub_with_muck, answers=("deal",)),
    Mistake("premature-stud-card-plays", "letting a stud card dealt before the betting was over play: the round "
            "is finished first and the street dealt again", _stud_premature_card_plays, answers=("deal",)),
    Mistake("extra-stud-card-misjudged", "judging an extra stud card by its arrival rather than by whether it can "
            "be told apart: a card kept apart becomes the next burn and the hand plays; one mixed into the "
            "player's cards kills the hand", _extra_stud_card, answers=("stud-irregularity",)),
    Mistake("suits-break-ties", "letting the higher suit win a tie (suits never rank hands, except the 32-card "
            "deck's straights and flushes)", _suits_break_ties),
    Mistake("picked-up-upcards-live", "letting a stud hand play on after its upcards were picked up facing a bet: "
            "a player who hides the upcards facing action has a dead hand", _upcards_picked_up_live, answers=("hand",)),
    Mistake("no-limping-in-draw", "making the first player in a draw game raise or fold (TDA RP-17: limping is "
            "allowed in single-draw games)", always("draw-question", Answer("raise-or-fold")), answers=("draw-bet",)),
)
