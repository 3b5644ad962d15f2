"""Drive one hand through pokerkit (the oracle) and floorman's HandState side by side.

Used by tests/test_oracle_pokerkit.py. The same hand, with the same cards, goes into both:

* pokerkit posts antes and blinds, collects bets, kills hands and pushes/pulls chips by itself;
  we deal hole cards, burn cards and board cards ourselves (from one shuffled deck) so that
  floorman sees exactly the same cards, and we table every hand at showdown;
* floorman gets `Post`, `DealHole`, `Burn`, `Board` and `Action` events built from what
  pokerkit did.

Seats: floorman uses the table's seat numbers. pokerkit's player 0 is the first seat left of
the button and its last player is the button (heads-up: player 0 is the big blind and player 1
the button, who posts the small blind), so `seat_of[i]` is `table.clockwise_from(button)[i]`.

Every figure floorman and pokerkit compute differently because pokerkit departs from the TDA
has a name in DEPARTURES: the comparison recognises the exact shape, checks floorman's TDA
answer there, and expects pokerkit's answer everywhere else (docs/pokerkit-departures.md).
Anything else is a mismatch and fails the test: there are no work-rounds for floorman bugs (the
four shapes once worked round are fixed, and each keeps a plain test in test_oracle_pokerkit.py).

pokerkit 0.7.7 bugs met on the way: FixedLimitOmahaHoldemHighLowSplitEightOrBetter is built on
the pot-limit mixin (FixedLimitOmahaHiLo below is the fixed-limit game; the misnamed class is
played as pot-limit Omaha hi-lo), and a hi-lo side pot whose contenders have no low is still
halved ("low-half-without-qualifying-low").
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from dataclasses import dataclass, field

import pokerkit as pk

from floorman.model.cards import deck as floorman_deck
from floorman.model.events import Action, Board, Burn, DealHole, Post
from floorman.model.state import HandState
from floorman.model.table import BettingStructure, Table, Variant

# ---------------------------------------------------------------------------------- games

AUTOMATIONS = (
    pk.Automation.ANTE_POSTING,
    pk.Automation.BET_COLLECTION,
    pk.Automation.BLIND_OR_STRADDLE_POSTING,
    pk.Automation.HAND_KILLING,
    pk.Automation.CHIPS_PUSHING,
    pk.Automation.CHIPS_PULLING,
    pk.Automation.RUNOUT_COUNT_SELECTION,
)


@dataclass(frozen=True)
class Game:
    code: str
    pokerkit: type
    variant: Variant
    betting: BettingStructure
    hole_cards: int

    @property
    def fixed_limit(self) -> bool:
        return self.betting is BettingStructure.FIXED_LIMIT

    def deck(self) -> list[str]:
        return floorman_deck(short=self.variant.short_deck)


class FixedLimitOmahaHiLo(pk.games.FixedLimitPokerMixin, pk.games.OmahaHoldemMixin, pk.games.Holdem):
    """pokerkit 0.7.7's FixedLimitOmahaHoldemHighLowSplitEightOrBetter is built on
    PotLimitPokerMixin (pot-limit betting, no cap): this is the fixed-limit game it names."""

    hand_types = pk.FixedLimitOmahaHoldemHighLowSplitEightOrBetter.hand_types
    create_state = classmethod(pk.FixedLimitOmahaHoldemHighLowSplitEightOrBetter.create_state.__func__)


GAMES: dict[str, Game] = {
    "nlhe": Game("nlhe", pk.NoLimitTexasHoldem, Variant.HOLDEM, BettingStructure.NO_LIMIT, 2),
    "plo": Game("plo", pk.PotLimitOmahaHoldem, Variant.OMAHA, BettingStructure.POT_LIMIT, 4),
    "flhe": Game("flhe", pk.FixedLimitTexasHoldem, Variant.HOLDEM, BettingStructure.FIXED_LIMIT, 2),
    "flo8": Game("flo8", FixedLimitOmahaHiLo, Variant.OMAHA_HI_LO, BettingStructure.FIXED_LIMIT, 4),
    # pokerkit's misnamed class really is pot-limit Omaha hi-lo (small bet = big bet = min bet)
    "plo8": Game("plo8", pk.FixedLimitOmahaHoldemHighLowSplitEightOrBetter, Variant.OMAHA_HI_LO,
                 BettingStructure.POT_LIMIT, 4),
}


@dataclass(frozen=True)
class Setup:
    """Everything about one generated hand before the first card."""

    game: str
    seats: tuple[int, ...]            # floorman seat numbers, ascending
    button: int
    stacks: tuple[int, ...]           # per seat, same order as `seats`
    small_blind: int
    big_blind: int
    ante: int = 0
    ante_style: str = "none"          # none | every-player | big-blind
    straddle: int = 0                 # one straddle by the seat after the big blind (3+ players)
    cash: bool = False
    deck: tuple[str, ...] = ()        # the shuffled deck: hole cards, then burn/board cards

    @property
    def g(self) -> Game:
        return GAMES[self.game]

    def table(self) -> Table:
        g = self.g
        structure: dict = {"betting": g.betting.value}
        if g.fixed_limit:
            structure.update(small_bet=self.big_blind, big_bet=2 * self.big_blind)
        forced = {"small_blind": self.small_blind, "big_blind": self.big_blind,
                  "ante": self.ante, "ante_style": self.ante_style}
        if self.straddle:
            forced["straddles"] = [self.straddle]
        return Table.model_validate({
            "seats": [{"number": n, "stack": s} for n, s in zip(self.seats, self.stacks)],
            "seat_count": 9,
            "button": self.button,
            "variant": g.variant.value,
            "structure": structure,
            "forced_bets": forced,
            "format": "cash" if self.cash else "tournament",
        })

    def order(self) -> list[int]:
        """Floorman seats in pokerkit player order (first seat left of the button first)."""
        after = [n for n in self.seats if n > self.button]
        return after + [n for n in self.seats if n <= self.button]

    def pokerkit_state(self) -> pk.State:
        g = self.g
        order = self.order()
        n = len(order)
        stack_of = dict(zip(self.seats, self.stacks))
        stacks = tuple(stack_of[s] for s in order)
        if self.ante_style == "every-player":
            antes: object = self.ante
            trimming = True            # uniform antes are ordinary contributions (layered)
        elif self.ante_style == "big-blind":
            # pokerkit reverses the ante positions heads-up (`get_effective_ante`)
            antes = {0 if n == 2 else 1: self.ante}
            trimming = False           # the big blind ante is dead money in the main pot
        else:
            antes, trimming = 0, True
        blinds: tuple[int, ...] = (self.small_blind, self.big_blind)
        if self.straddle:
            blinds += (self.straddle,)
        mode = pk.Mode.CASH_GAME if self.cash else pk.Mode.TOURNAMENT
        if g.fixed_limit:
            return g.pokerkit.create_state(AUTOMATIONS, trimming, antes, blinds, self.big_blind,
                                           2 * self.big_blind, stacks, n, mode=mode)
        if g.code == "plo8":
            return g.pokerkit.create_state(AUTOMATIONS, trimming, antes, blinds, self.big_blind,
                                           self.big_blind, stacks, n, mode=mode)
        return g.pokerkit.create_state(AUTOMATIONS, trimming, antes, blinds, self.big_blind, stacks, n,
                                       mode=mode)


# ---------------------------------------------------------------------------------- departures

DEPARTURES = {
    "preflop-limper-reopened":
        "pre-flop, a short all-in over an unraised big blind reopens the betting for limpers in "
        "pokerkit; under the TDA the big blind is the opening bet, so a limper who faces less than "
        "a full raise may only call or fold",
    "fixed-limit-half-bet-reopens":
        "fixed-limit: an all-in of at least half a bet reopens the betting and counts as a full "
        "bet (TDA); pokerkit applies the no-limit full-raise test",
    "fixed-limit-short-all-in-counts-toward-cap":
        "fixed-limit: pokerkit counts an all-in of less than half a bet as a raise toward the "
        "cap; under the TDA it is not a bet or raise",
    "fixed-limit-preflop-cap":
        "fixed-limit pre-flop: the big blind is the opening bet, so the cap of a bet and three "
        "raises is reached at four big blinds; pokerkit does not count the blind and allows a "
        "fourth raise",
    "fixed-limit-raise-after-short-all-in":
        "fixed-limit: after an all-in of less than half a bet, the next raise goes to one bet over "
        "the last full bet (the all-in is completed); pokerkit adds a full bet to the all-in amount",
    "short-all-ins-tally-restarted":
        "no-limit/pot-limit: short all-ins that add up to a full raise reopen the betting for a "
        "player who already acted, and a later short all-in does not close it again (TDA); "
        "pokerkit restarts its tally of short all-ins once it reaches a full raise, so the later "
        "short all-in alone is measured and the player may only call or fold",
    "pot-limit-short-blind":
        "pot-limit pre-flop: the TDA counts the pot as if both blinds were posted in full; "
        "pokerkit counts the chips actually posted",
    "straddle-min-raise":
        "a live straddle is the opening bet: the minimum re-raise is the straddle plus the "
        "straddle; pokerkit keeps the big blind as the raise size",
    "odd-chips-all-to-first-winner":
        "when a split leaves more than one odd chip, pokerkit gives them all to the first winner "
        "left of the button; floorman gives one chip each, in turn from the button",
    "low-half-without-qualifying-low":
        "hi-lo: pokerkit halves a side pot when any tabled hand has a low, and when none of that "
        "pot's contenders has one, they all share the low half; under the TDA the high hand "
        "scoops a pot none of whose contenders has a qualifying low",
    "side-pots-merged-before-split":
        "pokerkit kills the losing hands and then merges side pots that have the same "
        "remaining contenders before splitting them, so odd chips differ; under the TDA each side "
        "pot is split on its own",
}

# ---------------------------------------------------------------------------------- the driver

def describe(event) -> str:
    """A short line for the failure log: `Action(seat=3, action='raise', amount=60)`."""
    fields = {}
    for name in ("seat", "kind", "action", "amount", "cards", "card"):
        value = getattr(event, name, None)
        if value is not None:
            fields[name] = value
    return f"{type(event).__name__}(" + ", ".join(f"{k}={v!r}" for k, v in fields.items()) + ")"


class Mismatch(AssertionError):
    """floorman and pokerkit disagree where no departure explains it."""


@dataclass
class Hand:
    setup: Setup
    log: list[str] = field(default_factory=list)
    departures: set[str] = field(default_factory=set)
    decisions: int = 0

    def __post_init__(self) -> None:
        self.table = self.setup.table()
        self.fm = HandState(self.table)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            self.pk = self.setup.pokerkit_state()
        self.seat_of = self.setup.order()
        self.deck = list(self.setup.deck)
        self.starting_total = sum(self.setup.stacks)
        self.dead: dict[int, int] = {}            # dead posts (antes) by seat
        self.pots_at_showdown: list[tuple[int, tuple[int, ...]]] | None = None
        self.full_raises: dict[int, int] = {}     # street -> full bets/raises (TDA count)
        self.short_raises: dict[int, int] = {}    # street -> all-ins below a full (limit: half) bet
        self._post_forced_bets()

    # ------------------------------------------------------------ helpers
    def say(self, text: str) -> None:
        self.log.append(text)

    def trace(self) -> str:
        return f"  setup: {self.setup}\n  " + "\n  ".join(self.log)

    def fail(self, what: str, fm: object, pk_value: object) -> None:
        raise Mismatch(f"{what}: floorman {fm!r} != pokerkit {pk_value!r}\n{self.trace()}")

    def apply(self, event) -> None:
        self.say(describe(event))
        try:
            self.fm.apply(event)
        except Exception as error:   # floorman refused what pokerkit accepted
            raise Mismatch(f"floorman refused {describe(event)}: {type(error).__name__}: {error}\n"
                           f"{self.trace()}") from error

    def _post_forced_bets(self) -> None:
        kinds = {"every-player": "ante", "big-blind": "big-blind-ante"}
        posts: list[Post] = []
        blinds: list[tuple[int, int]] = []
        for op in self.pk.operations:
            if isinstance(op, pk.AntePosting):
                seat = self.seat_of[op.player_index]
                posts.append(Post(seat=seat, kind=kinds[self.setup.ante_style], amount=op.amount))
                self.dead[seat] = self.dead.get(seat, 0) + op.amount
            elif isinstance(op, pk.BlindOrStraddlePosting):
                blinds.append((self.seat_of[op.player_index], op.amount))
        if len(self.seat_of) == 2:     # heads-up pokerkit posts the big blind first
            names = {self.seat_of[1]: "small-blind", self.seat_of[0]: "big-blind"}
        else:
            names = {self.seat_of[0]: "small-blind", self.seat_of[1]: "big-blind",
                     self.seat_of[2]: "straddle"}
        rank = {"small-blind": 0, "big-blind": 1, "straddle": 2}
        for seat, amount in sorted(blinds, key=lambda blind: rank[names[blind[0]]]):
            posts.append(Post(seat=seat, kind=names[seat], amount=amount))
        for post in posts:
            self.apply(post)

    def _cards(self, count: int) -> list[str]:
        cards, self.deck = self.deck[:count], self.deck[count:]
        return cards

    # ------------------------------------------------------------ dealing and showdown
    def deal(self) -> bool:
        """Do the next non-decision step (deal, burn, board, showdown). False at a decision."""
        s = self.pk
        if s.can_deal_hole():
            i = s.hole_dealee_index
            cards = self._cards(self.setup.g.hole_cards)
            s.deal_hole("".join(cards))
            self.apply(DealHole(seat=self.seat_of[i], cards=cards))
            return True
        if s.can_burn_card():
            card = self._cards(1)[0]
            s.burn_card(card)
            self.apply(Burn(card=card))
            return True
        if s.can_deal_board():
            cards = self._cards(1 if s.board_cards else 3)     # the flop, then turn and river
            s.deal_board("".join(cards))
            self.apply(Board(cards=cards))
            return True
        if s.can_show_or_muck_hole_cards():
            if self.pots_at_showdown is None and not s.all_in_status:
                # a non-all-in showdown: who shows first (TDA 2024 17-A / 2026 18-A)
                first = self.fm.showdown_order()[0]
                if first != self.seat_of[s.showdown_index]:
                    self.fail("first to show", first, self.seat_of[s.showdown_index])
            if self.pots_at_showdown is None:
                self.pots_at_showdown = [(p.amount, tuple(sorted(self.seat_of[i] for i in p.player_indices)))
                                         for p in s.pots]
            s.show_or_muck_hole_cards(True)
            return True
        return False

    # ------------------------------------------------------------ whose turn
    def check_turn(self) -> None:
        """pokerkit's actor (or nobody) is floorman's actor, at every step after the deal, and
        floorman's betting_complete is pokerkit's all-in run-out."""
        s, fm = self.pk, self.fm
        if s.can_deal_hole():
            return      # floorman knows who acts first before the cards are out; pokerkit doesn't
        self._check_turn()
        if s.all_in_status and not fm.betting_complete:
            self.fail("betting complete (all-in)", False, True)
        if fm.betting_complete and s.actor_index is not None:
            self.fail("betting complete", True, False)

    def _check_turn(self) -> None:
        s, fm = self.pk, self.fm
        pk_seat = None if s.actor_index is None else self.seat_of[s.actor_index]
        fm_seat = fm.actor
        if fm_seat == pk_seat:
            return
        self.fail("seat to act", fm.actor, pk_seat)

    # ------------------------------------------------------------ decision-point comparison
    def fm_raise_option(self):
        for option in self.fm.legal_options():
            if option.action in ("bet", "raise"):
                return option
        return None

    def raise_range(self) -> tuple[int, int] | None:
        """Raise-to amounts legal in both floorman and pokerkit (None: no raise is)."""
        option = self.fm_raise_option()
        if option is None or not self.pk.can_complete_bet_or_raise_to():
            return None
        low = max(option.min_to, self.pk.min_completion_betting_or_raising_to_amount)
        high = min(option.max_to, self.pk.max_completion_betting_or_raising_to_amount)
        return (low, high) if low <= high else None

    def compare(self) -> None:
        """Every figure at a decision point; a departure is checked against the TDA answer."""
        s, fm = self.pk, self.fm
        self.decisions += 1
        pk_seat = self.seat_of[s.actor_index]
        if fm.actor != pk_seat:
            self.fail("seat to act", fm.actor, pk_seat)
        behind = sum(x.stack for x in fm.seats.values())
        if behind + fm.pot != self.starting_total:
            self.fail("chips behind + pot", behind + fm.pot, self.starting_total)
        if fm.seats[pk_seat].stack != s.stacks[s.actor_index]:
            self.fail(f"stack of seat {pk_seat}", fm.seats[pk_seat].stack, s.stacks[s.actor_index])
        if fm.to_call() != s.checking_or_calling_amount:
            self.fail("amount to call", fm.to_call(), s.checking_or_calling_amount)
        option = self.fm_raise_option()
        fm_can, pk_can = option is not None, s.can_complete_bet_or_raise_to()
        if fm_can != pk_can:
            self.departure(self.classify_raise_right(fm_can), f"may seat {pk_seat} raise", fm_can, pk_can)
            return
        if not fm_can:
            return
        pk_min = s.min_completion_betting_or_raising_to_amount
        pk_max = s.max_completion_betting_or_raising_to_amount
        if option.min_to != pk_min:
            self.departure(self.classify_raise_size(option.min_to, pk_min), "minimum raise-to",
                           option.min_to, pk_min)
        if option.max_to != pk_max:
            self.departure(self.classify_max(option.max_to, pk_max), "maximum raise-to",
                           option.max_to, pk_max)
        if self.setup.g.fixed_limit and fm.cap_reached:
            self.fail("cap reached but a raise offered", True, False)

    def departure(self, name: str | None, what: str, fm_value: object, pk_value: object) -> None:
        if name is None:
            self.fail(what, fm_value, pk_value)
        self.departures.add(name)
        self.say(f"(departure {name}: {what} floorman {fm_value!r}, pokerkit {pk_value!r})")

    # ------------------------------------------------------------ departure shapes
    def _all_in_to(self) -> int:
        seat = self.fm.seats[self.fm.actor]
        return seat.street_bet + seat.stack

    def classify_raise_right(self, fm_can: bool) -> str | None:
        fm, s = self.fm, self.pk
        number = fm.actor
        seat = fm.seats[number]
        street = fm.street_index
        limit = self.setup.g.fixed_limit
        if not fm_can:
            if limit and street == 0 and fm.cap_reached and fm.bets_and_raises == 4 \
                    and s.completion_betting_or_raising_count == 3:
                return "fixed-limit-preflop-cap"
            # TDA: no reopening for a seat that acted and faces less than a full raise
            if street == 0 and seat.acted_level is not None and not fm.reopened_for(number) \
                    and self.full_raises.get(0, 0) == 0 and self.short_raises.get(0, 0) > 0:
                return "preflop-limper-reopened"
            return None
        # NL/PL: short all-ins since the seat acted add up to a full raise (TDA: reopened), but
        # pokerkit measures only those after its tally last reached a full raise
        if not limit and seat.acted_level is not None \
                and fm.current_bet - seat.acted_level >= fm.last_full_raise \
                and s.actor_index in s.acted_player_indices and s.consecutive_short_all_in_amounts \
                and sum(s.consecutive_short_all_in_amounts) < min(s.completion_betting_or_raising_amount,
                                                                  fm.current_bet - seat.acted_level):
            return "short-all-ins-tally-restarted"
        if limit and seat.acted_level is not None and seat.acted_serial < fm.reopen_serial \
                and fm.current_bet - seat.acted_level < fm.bet_size:
            return "fixed-limit-half-bet-reopens"
        if limit and self.short_raises.get(street, 0) and fm.bets_and_raises < 4 \
                and s.completion_betting_or_raising_count >= 4:
            return "fixed-limit-short-all-in-counts-toward-cap"
        return None

    def classify_raise_size(self, fm_value: int, pk_value: int) -> str | None:
        """Minimum raise-to (and the fixed-limit maximum, which is the same figure)."""
        fm = self.fm
        all_in_to = self._all_in_to()
        if self.setup.g.fixed_limit and self.short_raises.get(fm.street_index, 0):
            if fm_value == min(all_in_to, fm.full_level + fm.bet_size) \
                    and pk_value == min(all_in_to, fm.current_bet + fm.bet_size):
                return "fixed-limit-raise-after-short-all-in"
        if self.setup.straddle and fm.street_index == 0 and fm.last_full_raise == self.setup.straddle:
            if fm_value == min(all_in_to, fm.current_bet + self.setup.straddle) and pk_value < fm_value:
                return "straddle-min-raise"
        return None

    def classify_max(self, fm_max: int, pk_max: int) -> str | None:
        fm, s = self.fm, self.pk
        g = self.setup.g
        if g.fixed_limit:
            return self.classify_raise_size(fm_max, pk_max)
        if g.betting is BettingStructure.POT_LIMIT and fm.street_index == 0:
            short = self.setup.small_blind + self.setup.big_blind - fm.posted_blinds
            i = s.actor_index
            pk_pot = 2 * max(s.bets) - s.bets[i] + s.total_pot_amount     # pokerkit's pot raise
            if short > 0 and fm_max == min(self._all_in_to(), pk_pot + short):
                return "pot-limit-short-blind"
        return None

    # ------------------------------------------------------------ actions
    def act(self, kind: str, amount: int | None = None) -> None:
        """One action, to both: 'fold', 'check-call', 'raise' (amount = to), 'all-in-call'."""
        s, fm = self.pk, self.fm
        seat = self.seat_of[s.actor_index]
        if kind == "fold":
            s.fold()
            self.apply(Action(seat=seat, action="fold"))
        elif kind in ("check-call", "all-in-call"):
            to_call = fm.to_call()
            s.check_or_call()
            if kind == "all-in-call":   # the call that puts the seat all-in, said as "all-in"
                self.apply(Action(seat=seat, action="all-in"))
            else:
                self.apply(Action(seat=seat, action="check" if to_call == 0 else "call"))
        else:
            assert amount is not None
            all_in_to = self._all_in_to()
            before = fm.current_bet
            self._count_raise(amount)
            s.complete_bet_or_raise_to(amount)
            word = "all-in" if amount == all_in_to else ("bet" if before == 0 else "raise")
            self.apply(Action(seat=seat, action=word, amount=amount))

    def _count_raise(self, amount: int) -> None:
        fm = self.fm
        increment = amount - fm.current_bet
        if self.setup.g.fixed_limit:
            full = amount >= fm.min_raise_to() or 2 * increment >= fm.bet_size
        else:
            full = amount >= fm.min_raise_to()
        counts = self.full_raises if full else self.short_raises
        counts[fm.street_index] = counts.get(fm.street_index, 0) + 1

    # ------------------------------------------------------------ the end
    def finish(self) -> None:
        """After pokerkit's hand is over: pots, awards, final stacks and chip conservation."""
        fm, s = self.fm, self.pk
        if not fm.betting_complete:
            self.fail("betting complete at the end", False, True)
        result = fm.result()
        final = {seat: result.final_stacks[seat] for seat in self.seat_of}
        pk_final = {self.seat_of[i]: s.stacks[i] for i in range(len(self.seat_of))}
        if sum(final.values()) != self.starting_total:
            self.fail("chips at the end", sum(final.values()), self.starting_total)
        if sum(result.net.values()) != 0:
            self.fail("net results add up to", sum(result.net.values()), 0)
        if self.pots_at_showdown is not None:
            fm_pots = [(p.amount, tuple(sorted(p.eligible))) for p in fm.pots()]
            if fm_pots != self.pots_at_showdown:
                self.fail("pots at showdown", fm_pots, self.pots_at_showdown)
        if final != pk_final:
            names = self._split_departures(pk_final)
            if names is None:
                self.fail("final stacks", final, pk_final)
            self.departures.update(names)

    def _pokerkit_split(self, merge: bool, remainder_to_first: bool, low_anywhere: bool) -> dict[int, int]:
        """Final stacks if floorman's pots were split the way pokerkit splits them.

        merge: pokerkit kills the losing hands, then merges adjacent pots left with the same
        contenders; remainder_to_first: all the odd chips of a split go to the first winner left
        of the button (not one each); low_anywhere: a pot is halved hi/lo when any tabled hand
        has a low, and when none of the pot's contenders has one, they all share the low half.
        """
        from floorman.model.pots import Pot

        fm, s = self.fm, self.pk
        pushed: dict[int, int] = {}
        for op in s.operations:
            if isinstance(op, pk.ChipsPushing):
                for i, amount in enumerate(op.amounts):
                    pushed[self.seat_of[i]] = pushed.get(self.seat_of[i], 0) + amount
        survivors = {seat for seat, amount in pushed.items() if amount}
        pots: list[Pot] = []
        for pot in fm.pots():
            if merge:
                eligible = tuple(n for n in pot.eligible if n in survivors) or pot.eligible
                if pots and pots[-1].eligible == eligible:
                    pots[-1] = Pot(pots[-1].amount + pot.amount, eligible)
                    continue
                pots.append(Pot(pot.amount, eligible))
            else:
                pots.append(pot)
        readings = fm.result().readings
        high = {n: hi.strength for n, (hi, lo) in readings.items() if hi is not None}
        low = {n: lo.strength for n, (hi, lo) in readings.items() if lo is not None}
        order = [n for n in self.seat_of if n in fm.active_seats]     # clockwise from the button
        final = {n: fm.seats[n].stack for n in self.seat_of}
        uncalled = fm.uncalled_bet()
        if uncalled:
            final[uncalled[0]] += uncalled[1]

        def share(amount: int, winners: list[int]) -> None:
            winners = sorted(winners, key=order.index)
            each, left = divmod(amount, len(winners))
            for k, seat in enumerate(winners):
                final[seat] += each + (left if remainder_to_first and k == 0 else 0) \
                    + (1 if not remainder_to_first and k < left else 0)

        def best(eligible, strength) -> list[int]:
            contenders = [n for n in eligible if n in strength]
            top = max((strength[n] for n in contenders), default=None)
            return [n for n in contenders if strength[n] == top]

        for pot in pots:
            if len(pot.eligible) == 1:
                final[pot.eligible[0]] += pot.amount
                continue
            has_low = [n for n in pot.eligible if n in low]
            halve = bool(low) and (bool(has_low) or (low_anywhere and any(n in survivors for n in low)))
            if not halve:
                share(pot.amount, best(pot.eligible, high) if high else best(pot.eligible, low))
                continue
            low_half = pot.amount // 2
            share(pot.amount - low_half, best(pot.eligible, high))
            share(low_half, best(pot.eligible, low) if has_low else
                  [n for n in pot.eligible if n in survivors or not merge])
        return final

    def _split_departures(self, pk_final: dict[int, int]) -> list[str] | None:
        """Which of pokerkit's ways of splitting explain its final stacks (None: none do)."""
        from itertools import product

        names = ("side-pots-merged-before-split", "odd-chips-all-to-first-winner",
                 "low-half-without-qualifying-low")
        for flags in sorted(product((False, True), repeat=3), key=sum):
            if any(flags) and self._pokerkit_split(*flags) == pk_final:
                return [name for name, flag in zip(names, flags) if flag]
        return None


ChooseFn = Callable[[Hand], tuple[str, int | None]]


def play(setup: Setup, choose: ChooseFn, *, max_steps: int = 500) -> Hand:
    """Play the hand to the end through both, comparing at every step."""
    hand = Hand(setup)
    for _ in range(max_steps):
        if not hand.pk.status:
            break
        hand.check_turn()
        if hand.deal():
            continue
        if hand.pk.actor_index is None:
            raise Mismatch(f"pokerkit has nothing to do: {hand.pk.operations[-1:]}\n{hand.trace()}")
        hand.compare()
        kind, amount = choose(hand)
        hand.act(kind, amount)
    else:  # pragma: no cover
        raise Mismatch(f"the hand did not finish\n{hand.trace()}")
    hand.finish()
    return hand


# ---------------------------------------------------------------------------------- generation

class RandomSource:
    """Choices from a seeded random.Random (the hypothesis tests use a source drawing from `data`)."""

    def __init__(self, rng) -> None:
        self.rng = rng

    def integer(self, low: int, high: int) -> int:
        return self.rng.randint(low, high)

    def choice(self, options):
        return options[self.rng.randrange(len(options))]

    def permutation(self, items) -> list:
        items = list(items)
        self.rng.shuffle(items)
        return items


def generate_setup(src, games: tuple[str, ...]) -> Setup:
    """A hand set-up: 2-9 players in random seats, varied (often short) stacks, antes sometimes.

    The first option of each choice is the simplest, so hypothesis shrinks toward deep stacks,
    no antes and no straddle. The big blind (and a straddler) always covers the post: a short
    big blind is a departure of its own, tested on its own."""
    game = src.choice(games)
    g = GAMES[game]
    n = src.integer(2, 9)
    pool = list(range(1, 10))
    seats = tuple(sorted(pool.pop(src.integer(0, len(pool) - 1)) for _ in range(n)))
    button = src.choice(seats)
    big_blind = src.choice((2, 10, 100, 4, 20))
    small_blind = src.choice((big_blind // 2, big_blind // 2, max(1, 2 * big_blind // 5)))
    style = src.choice(("none", "none", "every-player", "big-blind"))
    ante = {"none": 0, "every-player": max(1, big_blind // 4), "big-blind": big_blind}[style]
    straddle = 2 * big_blind if n >= 4 and not g.fixed_limit and src.integer(0, 5) == 5 else 0
    cash = src.integer(0, 2) == 2

    def stack() -> int:
        kind = src.integer(0, 9)
        if kind <= 3:
            return src.integer(50 * big_blind, 300 * big_blind)    # deep
        if kind <= 6:
            return src.integer(10 * big_blind, 50 * big_blind)     # medium
        if kind <= 8:
            return src.integer(big_blind, 10 * big_blind)          # short: all-ins, side pots
        return src.integer(1, big_blind)                           # all-in on the blinds or ante

    stacks = [stack() for _ in seats]
    order = [s for s in seats if s > button] + [s for s in seats if s <= button]
    big_blind_seat = order[0] if n == 2 else order[1]
    i = seats.index(big_blind_seat)
    stacks[i] = max(stacks[i], big_blind + ante + 1)
    if straddle:
        i = seats.index(order[2])
        stacks[i] = max(stacks[i], straddle + ante + 1)
    deck = tuple(src.permutation(g.deck()))
    return Setup(game, seats, button, tuple(stacks), small_blind, big_blind, ante, style, straddle, cash, deck)


def make_chooser(src) -> ChooseFn:
    """Each action at random among those legal in both pokerkit and floorman."""

    def choose(hand: Hand) -> tuple[str, int | None]:
        k = src.integer(0, 9)
        to_call = hand.pk.checking_or_calling_amount
        span = hand.raise_range()
        if k >= 7 and span is not None:
            low, high = span
            how = src.integer(0, 3)
            if how == 0:
                return "raise", low
            if how == 1:
                return "raise", high
            return "raise", src.integer(low, high)
        if k >= 5 and to_call:
            return "fold", None
        if to_call and to_call == hand.pk.stacks[hand.pk.actor_index] and src.integer(0, 1):
            return "all-in-call", None
        return "check-call", None

    return choose


# ---------------------------------------------------------------------------------- scripted hands

def stacked_deck(game: str, order: list[int], holes: dict[int, str], board: str = "") -> tuple[str, ...]:
    """A deck that deals `holes` (seat -> cards) in pokerkit's order, then burn, flop, burn,
    turn, burn, river from `board`; every other card follows in deck order."""
    from floorman.model.cards import parse_cards

    hole_cards = [parse_cards(holes[seat]) for seat in order]
    board_cards = parse_cards(board)
    used = {card for cards in hole_cards for card in cards} | set(board_cards)
    spare = [card for card in GAMES[game].deck() if card not in used]
    deck = [card for cards in hole_cards for card in cards]
    flop, turn, river = board_cards[:3], board_cards[3:4], board_cards[4:5]
    for street in (flop, turn, river):
        if street:
            deck.append(spare.pop())          # the burn
            deck.extend(street)
    return tuple(deck + spare)


def scripted(game: str = "nlhe", *, stacks: dict[int, int], button: int, small_blind: int = 1,
             big_blind: int = 2, ante: int = 0, ante_style: str = "none", straddle: int = 0,
             cash: bool = False, holes: dict[int, str] | None = None, board: str = "") -> Hand:
    """A hand set up for a unit test, dealt up to the first decision."""
    seats = tuple(sorted(stacks))
    setup = Setup(game, seats, button, tuple(stacks[s] for s in seats), small_blind, big_blind, ante,
                  ante_style, straddle, cash)
    order = setup.order()
    deck = stacked_deck(game, order, holes, board) if holes else tuple(GAMES[game].deck())
    hand = Hand(Setup(game, seats, button, setup.stacks, small_blind, big_blind, ante, ante_style, straddle,
                      cash, deck))
    advance(hand)
    return hand


def advance(hand: Hand) -> None:
    """Deal whatever is due until a decision or the end, checking whose turn it is."""
    while hand.pk.status:
        hand.check_turn()
        if not hand.deal():
            return
