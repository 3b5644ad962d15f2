"""The hand as it stands: replay events and answer the floor's arithmetic questions.

`HandState` takes a `Table` and events one at a time. It refuses what cannot happen (a card
dealt twice, a bet beyond the stack, an action by a folded or absent seat, an action out
of turn) and answers: whose turn it is, the amount to call, the legal options, the minimum
bet and raise, the pot-limit maximum, fixed-limit sizes and caps, whether betting was
reopened for a seat after short all-ins, actions taken in turn, uncalled bets, pots,
showdown order, awards and net results.

It holds no rule logic beyond the arithmetic of betting: rulings live in the rulebook.

Two promises to Python callers: a question (`actor`, `to_call()`, `legal_options()`, `pots()`...)
never changes the hand, and a refused event leaves the hand exactly as it was (each event is
checked before it changes anything; opening a betting round keeps a small undo record).

The last live hand mucking (everyone folded to the big blind, who throws the cards in) is
accepted and changes nothing: a hand that is the only one left has won the pot uncontested, and
mucking afterwards does not kill it, so the pot still goes to it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any, ClassVar

from floorman.errors import ActionOutOfTurn, FloormanError, InvalidEvent, InvalidTable
from floorman.model.cards import RANKS, UNKNOWN, deck_ranks
from floorman.model.events import Action, Board, Burn, DealHole, Draw, Event, Muck, Post, Show, ShowOne
from floorman.model.pots import Pot, PotAward, award_pots, build_pots, net_results, pot_name
from floorman.model.pots import uncalled_bet as _uncalled_bet
from floorman.model.room import RoomRules
from floorman.model.table import BettingStructure, GameFormat, Seat, Table, Variant


@dataclass(slots=True)
class SeatInHand:
    """One seat's position in the hand."""

    number: int
    name: str
    starting_stack: int
    stack: int                       # chips behind (not yet put in)
    present: bool
    dealt_in: bool
    street_bet: int = 0              # live chips in front of the seat this betting round
    total: int = 0                   # everything put in this hand, dead posts included
    dead: int = 0                    # the dead part of `total` (big-blind/button ante, dead small blind)
    folded: bool = False
    mucked: bool = False
    hole: list[str] = field(default_factory=list)
    face_up: list[bool] = field(default_factory=list)
    tabled: bool = False
    concealed: bool = False          # "shown" face down at showdown: cannot be read, cannot win
    acted_level: int | None = None   # the bet level the seat last acted at this round
    acted_serial: int = -1           # fixed-limit: reopen serial when the seat last acted

    @property
    def all_in(self) -> bool:
        return self.stack == 0 and self.dealt_in and not self.folded

    @property
    def live(self) -> bool:
        """Still holding a hand that can win."""
        return self.dealt_in and not self.folded

    @property
    def can_act(self) -> bool:
        """Has a live hand and chips, and is at the table (an absent seat is skipped in turn)."""
        return self.live and self.stack > 0 and self.present

    @property
    def upcards(self) -> list[str]:
        return [card for card, up in zip(self.hole, self.face_up) if up]


@dataclass(frozen=True, slots=True)
class Option:
    """One thing the seat to act may do; amounts are totals for the street ("to")."""

    action: str
    min_to: int | None = None
    max_to: int | None = None


@dataclass(frozen=True, slots=True)
class TurnAction:
    """An action taken in turn, kept for the substantial-action test."""

    seat: int
    action: str
    put_in_chips: bool
    street: str


@dataclass(frozen=True, slots=True)
class Restriction:
    """A floor ruling that limits what one seat may do (`restrict` effect): `only` the actions
    it may take (a restriction to call also allows a check when nothing is owed), and when it
    must bet or raise, to `at_least`. It holds for the seat's next action (`until` = "turn") or
    to the end of the betting round ("round"). `rule` names the ruling, for the refusal."""

    seat: int
    only: frozenset[str]
    rule: str
    until: str = "turn"
    at_least: int | None = None
    at: int = 0                      # the number of events when it was ruled: its place in the hand

    def words(self) -> str:
        """"call or fold", "raise (to at least 600)": what the seat may do."""
        names = [name for name in ("check", "call", "bet", "raise", "all-in", "fold") if name in self.only]
        text = " or ".join(names)
        if self.at_least is not None and ({"bet", "raise"} & self.only):
            text += f" (to at least {self.at_least:,})"
        return text

    @property
    def scope(self) -> str:
        return "this round" if self.until == "round" else "on its next action"


RESTRICTION_SCOPES = ("turn", "round")


@dataclass(frozen=True, slots=True)
class StateWarning:
    """An action the state accepted only because its code was tolerated (see HandState)."""

    code: str                        # one of TOLERABLE
    message: str
    event_index: int | None
    seat: int | None


_ACTED_AND_BET = attrgetter("acted_level", "street_bet")


def _seat_number(seat: Seat) -> int:
    return seat.number


# (streets, family, removed_ranks, hole_cards, board_cards)
_Figures = tuple[tuple[str, ...], str, str, int, tuple[int, ...]]
_VARIANT_FIGURES: dict[Variant, _Figures] = {}


def _variant_figures(variant: Variant) -> _Figures:
    """(streets, family, removed_ranks, hole_cards, board_cards) of a variant, worked out once;
    removed_ranks are the ranks its deck lacks (short deck: 2-5; the 32-card deck: 2-6)."""
    figures = _VARIANT_FIGURES.get(variant)
    if figures is None:
        removed = "".join(rank for rank in RANKS if rank not in deck_ranks(variant.value))
        figures = _VARIANT_FIGURES[variant] = (variant.streets, variant.family, removed,
                                               variant.hole_cards, variant.board_cards)
    return figures


# TurnActions are frozen values: one object per (seat, action, chips, street), shared by every
# hand (a few hundred at most), instead of a new one per action
_TURN_ACTIONS: dict[tuple[int, str, bool, str], TurnAction] = {}


#: Betting departures a HandState can be told to tolerate (accept with a warning) instead of
#: refusing, for replaying hands played under a site's own software rules:
#: 'not-reopened' a raise by a seat that faces less than a full raise since it acted;
#: 'raise-size' a bet or raise below the minimum, above the pot-limit maximum, or (fixed-limit)
#: not exactly one bet over the last full level; 'cap' a raise after the cap.
TOLERABLE = ("not-reopened", "raise-size", "cap")

#: the actions a floor ruling may restrict a seat to
_RESTRICTABLE = ("check", "call", "bet", "raise", "fold", "all-in")


def _restricted(options: list[Option], restriction: Restriction, *, strict: bool = False) -> list[Option]:
    """The options a restriction leaves: a call also allows a check when nothing is owed, a bet
    or raise starts at `at_least` (or the all-in below it). A restriction nothing meets leaves
    the options as they are (never no option at all), unless `strict`."""
    only = restriction.only
    kept = []
    for option in options:
        if option.action in ("bet", "raise"):
            if not {"bet", "raise"} & only:
                continue
            if restriction.at_least is not None and option.max_to is not None:
                low = min(max(option.min_to or 0, restriction.at_least), option.max_to)
                option = Option(option.action, low, option.max_to)
        elif not (option.action in only or (option.action == "check" and "call" in only)):
            continue
        kept.append(option)
    return kept if kept or strict else options


@dataclass(frozen=True, slots=True)
class HandResult:
    """How the hand ended: chips returned, pots, awards, hand reads and net results."""

    uncalled: tuple[int, int] | None
    pots: tuple[Pot, ...]
    awards: tuple[PotAward, ...]
    readings: dict[int, tuple[Any, Any]]  # seat -> (high HandReading | None, low HandReading | None)
    net: dict[int, int]
    final_stacks: dict[int, int]


class HandState:
    """Replays a hand's events and answers questions about the hand as it stands."""

    def __init__(self, table: Table, *, enforce_turn: bool = True, tolerate: Iterable[str] = (),
                 room: RoomRules | None = None) -> None:
        if not isinstance(table, Table):
            raise InvalidTable(f"a hand is played at a Table, not a {type(table).__name__}", field="table")
        self.table = table
        self.tolerate = frozenset(tolerate)
        unknown = self.tolerate.difference(TOLERABLE)
        if unknown:
            raise FloormanError(f"cannot tolerate {sorted(unknown)}: known departures are {TOLERABLE}",
                                field="tolerate")
        # the room options the replay itself follows (floorman/model/room.py)
        self.room = room if room is not None else RoomRules()
        self.cap_lifted_heads_up = self.room.cap_lifted_heads_up
        self.warnings: list[StateWarning] = []
        self.variant: Variant = table.variant
        self.betting: BettingStructure = table.structure.betting
        # no-limit and pot-limit: the smallest opening bet (the table is frozen: worked out once)
        self._big_bet_min = table.structure.min_bet or table.forced_bets.big_blind or 1
        self.enforce_turn = enforce_turn
        # (positional: number, name, starting_stack, stack, present, dealt_in)
        self.seats: dict[int, SeatInHand] = {
            seat.number: SeatInHand(seat.number, seat.name, seat.stack, seat.stack, seat.present,
                                    not seat.sitting_out)
            for seat in sorted(table.seats, key=_seat_number)}
        self.order: list[int] = list(self.seats)          # seat numbers clockwise from seat 1
        self.events: list[Event] = []
        self._result_cache: tuple[int, HandResult] | None = None
        self.board: list[str] = []
        self.burns: list[str | None] = []
        self.seen_cards: set[str] = set()
        self.street_index = 0
        # 'flop', 'stud' or 'draw' (cached: asked often), and the variant's other fixed figures
        (self.streets, self.family, self._removed_ranks, self._hole_cards,
         self._board_cards) = _variant_figures(self.variant)
        # betting round
        self.round_open = False           # the round's first action has set up `pending`
        self.round_done = False           # betting finished for this street
        self.awaiting_cards = False       # between rounds, before the next street's cards
        self.pending: set[int] = set()
        self.current_bet = 0
        self.last_full_raise = 0          # the largest full bet or raise increment this round
        self.full_level = 0               # fixed-limit: bet level of the last full bet/raise
        self.reopen_serial = 0            # fixed-limit: bumps on each full (or half-counted) raise
        self.bets_and_raises = 0          # fixed-limit: toward the cap
        self.capped_multiway = False      # fixed-limit: this round was capped with 3+ players in the hand
        self.last_aggressor: int | None = None
        self.round_aggressor: dict[int, int | None] = {}
        self.last_actor: int | None = None
        self.big_blind_seat: int | None = None
        self.last_live_blind_seat: int | None = None
        self.bring_in_done = False
        self.posted_blinds = 0            # small and big blind actually posted (pot-limit count)
        self.posted_kinds: set[str] = set()   # the kinds of forced bet posted so far
        self.actions_taken: list[TurnAction] = []
        self.hand_over = False
        self._dealt_order: tuple[int, ...] | None = None
        # floor rulings that limit a seat's options (`restrict`): those in force, by seat, and
        # every one made this hand, in order (a replay puts them back at their place)
        self.restrictions: dict[int, Restriction] = {}
        self.restriction_log: list[Restriction] = []

    # ------------------------------------------------------------------ construction
    @classmethod
    def replay(cls, table: Table, events: Iterable[Event], *, enforce_turn: bool = True,
               tolerate: Iterable[str] = (), room: RoomRules | None = None,
               restrictions: Iterable[Restriction] = ()) -> "HandState":
        """The hand after `events`; `restrictions` (a state's `restriction_log`) are put back at
        the place in the events where they were ruled (those ruled after the last event are dropped)."""
        state = cls(table, enforce_turn=enforce_turn, tolerate=tolerate, room=room)
        if not restrictions:
            state.apply_all(events)
            return state
        events = list(events)
        done = 0
        for restriction in sorted(restrictions, key=attrgetter("at")):
            if restriction.at > len(events):
                break
            state.apply_all(events[done:restriction.at])
            done = restriction.at
            state._impose(restriction)
        state.apply_all(events[done:])
        return state

    # ------------------------------------------------------------------ basic figures
    @property
    def street(self) -> str:
        return self.streets[min(self.street_index, len(self.streets) - 1)]

    @property
    def big_blind(self) -> int:
        return self.table.forced_bets.big_blind

    @property
    def min_bet(self) -> int:
        """The smallest opening bet: the big blind in big-bet games, the bet size in limit."""
        if self.betting is BettingStructure.FIXED_LIMIT:
            return self.bet_size
        return self._big_bet_min      # table.structure.min_bet or the big blind or 1

    @property
    def bet_size(self) -> int:
        """Fixed-limit: the bet and raise size of this round (small bet early, big bet late)."""
        structure = self.table.structure
        # flop games from the turn, stud from fifth street, draw games from the second draw
        return structure.big_bet if self.street_index >= 2 else structure.small_bet

    @property
    def pot(self) -> int:
        """Every chip in the middle, the bets of this round included."""
        return sum(seat.total for seat in self.seats.values())

    def _seat(self, number: int, event_index: int | None = None) -> SeatInHand:
        try:
            return self.seats[number]
        except KeyError:
            raise InvalidEvent(f"seat {number} is not at this table (seats: "
                               f"{', '.join(map(str, self.order))})", event_index=event_index,
                               field="seat") from None

    def to_call(self, seat: int | None = None) -> int:
        """Chips the seat still needs to put in to call (capped by its stack)."""
        number = self.actor if seat is None else seat
        if number is None:
            return 0
        s = self._seat(number)
        return max(0, min(self.current_bet - s.street_bet, s.stack))

    @property
    def active_seats(self) -> list[int]:
        """Seats still in the hand (not folded), clockwise from seat 1."""
        # self.seats is built in seat order and never changes: its order is self.order
        return [n for n, s in self.seats.items() if s.dealt_in and not s.folded]

    def _one_live_hand(self) -> bool:
        """Exactly one seat still holds a live hand (`len(self.active_seats) == 1`, stopping
        at the second live hand: asked after every fold)."""
        live = 0
        for s in self.seats.values():
            if s.dealt_in and not s.folded:
                live += 1
                if live > 1:
                    return False
        return live == 1

    # ------------------------------------------------------------------ turn order
    def _clockwise_after(self, start: int | None) -> list[int]:
        if start is None:
            return list(self.order)
        after = [n for n in self.order if n > start]
        return after + [n for n in self.order if n <= start]

    def _round_start_point(self) -> int | None:
        """The seat just before the first to act this round."""
        family = self.family
        if family == "stud":
            return self._stud_first_actor_predecessor()
        if self.street_index == 0:
            return self.last_live_blind_seat if self.last_live_blind_seat is not None else self.table.button
        return self.table.button

    def _stud_first_actor_predecessor(self) -> int | None:
        from floorman.evaluation import bring_in_seat_key, showing_strength

        # an unknown up-card ("??") cannot be ranked: only seats whose up-cards are known compete
        candidates = [n for n in self.order if self.seats[n].live and self._known_upcards(n)]
        if not candidates:
            return None
        if self.street_index == 0:
            # third street: the bring-in acts first; razz and stud differ in which card brings it in
            first = max(candidates, key=lambda n: (bring_in_seat_key(self.variant.value,
                                                                     self.seats[n].upcards[0]), -n))
        else:
            able = [n for n in candidates if self.seats[n].can_act] or candidates
            first = max(able, key=lambda n: (showing_strength(self.variant.value, self._known_upcards(n)),
                                             self._showing_tie_key(n)))
        index = self.order.index(first)
        return self.order[index - 1]

    def _showing_tie_key(self, number: int) -> tuple[int, ...]:
        """Among equal showing hands, larger acts first: the first dealt (position), or the
        highest up-card by suit (the room option `stud_showing_tie`)."""
        if self.room.stud_showing_tie == "high-card-by-suit":
            from floorman.evaluation import card_by_suit_key, high_card_by_suit

            razz = self.variant is Variant.RAZZ     # aces low (RP-10-D: the low hands of razz)
            return card_by_suit_key(high_card_by_suit(self._known_upcards(number), aces_low=razz), aces_low=razz)
        return (-number,)

    def _known_upcards(self, number: int) -> list[str]:
        """The seat's up-cards if they are all known, else []."""
        upcards = self.seats[number].upcards
        # the board of a stud hand is at most four up-cards (fourth to sixth street's; a card
        # dealt up on seventh street, or a tabled hand, is not part of the showing hand)
        return [] if UNKNOWN in upcards else upcards[:4]

    def _round_pending(self) -> set[int]:
        # a seat whose chips in front already cover every opponent's whole stack has nothing to
        # decide (heads-up, the big blind when the small blind is all-in for less): not pending.
        # That is `_can_lose_more` for each seat that can act, from the two largest live reaches
        # (chips in front + behind) instead of a scan of the others per seat.
        top_seat, top, second = None, -1, -1
        for t in self.seats.values():
            if t.dealt_in and not t.folded:
                reach = t.street_bet + t.stack
                if reach > top:
                    top_seat, top, second = t.number, reach, top
                elif reach > second:
                    second = reach
        pending = set()
        for n, t in self.seats.items():
            if t.stack > 0 and t.present and t.dealt_in and not t.folded \
                    and (second if n == top_seat else top) > t.street_bet:
                pending.add(n)
        return pending

    def _round_view(self) -> tuple[set[int], int | None, bool]:
        """Who must act this round, the seat before the first of them, and whether the round
        closes as it opens (nobody left to bet against): as the round stands, or would open,
        without opening it. A question about the hand never changes the hand."""
        if self.round_open or self.round_done or self.hand_over:
            return self.pending, self.last_actor, False
        pending = self._round_pending()
        if self._nobody_left_to_bet(pending):
            return set(), None, True
        return pending, self._round_start_point(), False

    def _open_round(self) -> None:
        """Set up who must act this round (done by the event that needs it, which restores the
        round if it is refused: stud order needs the up-cards, and the blinds must be in)."""
        if self.round_open or self.round_done or self.hand_over:
            return
        self.round_open = True
        self.pending = self._round_pending()
        self.last_actor = self._round_start_point()
        if self._nobody_left_to_bet(self.pending):
            # nobody left to bet against: the round is over before it starts
            self.pending.clear()
            self._close_round()

    @property
    def seats_to_act(self) -> frozenset[int]:
        """The seats that still have to act this betting round (empty between rounds)."""
        if self.hand_over or self.round_done or self.awaiting_cards:
            return frozenset()
        return frozenset(self._round_view()[0])

    @property
    def actor(self) -> int | None:
        """The seat whose turn it is, or None between rounds and after the hand."""
        if self.hand_over or self.round_done or self.awaiting_cards:
            return None
        pending, start, _ = self._round_view()
        if not pending:
            return None
        if start is None:
            start = -1
        wrapped = None
        for number in self.order:          # clockwise after `start`, without building a list
            if number in pending:
                if number > start:
                    return number
                if wrapped is None:
                    wrapped = number
        return wrapped

    # ------------------------------------------------------------------ raise arithmetic
    def min_raise_to(self) -> int:
        """The smallest legal full bet or raise, as a total for the street.

        No-limit and pot-limit: the current bet plus the largest full bet or raise increment of
        the round (short all-ins don't change it). Fixed-limit: one bet over the last full level.
        """
        if self.betting is BettingStructure.FIXED_LIMIT:
            return self.full_level + self.bet_size
        if self.current_bet == 0:
            return self.min_bet
        return self.current_bet + max(self.last_full_raise, self.min_bet)

    def max_raise_to(self, seat: int | None = None) -> int:
        """The largest bet or raise the seat may make, as a street total (its stack caps it).

        Pot-limit: call first, then raise by the whole pot after the call. Pre-flop the pot is
        counted with full blinds even if a blind is dead or short.
        """
        number = self.actor if seat is None else seat
        if number is None:
            return 0
        s = self._seat(number)
        all_in_to = s.street_bet + s.stack
        if self.betting is BettingStructure.NO_LIMIT:
            return all_in_to
        if self.betting is BettingStructure.FIXED_LIMIT:
            return min(all_in_to, self.min_raise_to())
        return min(all_in_to, self.pot_limit_max_to(number))

    def pot_limit_max_to(self, seat: int) -> int:
        """Pot-limit: the current bet + the pot + the call, ignoring the seat's stack."""
        s = self._seat(seat)
        pot = self.pot
        current = self.current_bet
        if self.street_index == 0 and self.family != "stud":
            # TDA: pre-flop the pot is counted as if both blinds were posted in full
            blinds = self.table.forced_bets
            pot += max(0, blinds.small_blind + blinds.big_blind - self.posted_blinds)
            current = max(current, blinds.big_blind)
        return current + pot + (current - s.street_bet)

    def reopened_for(self, seat: int) -> bool:
        """May this seat raise? Yes if it has not acted this round, or if what it faces since
        it last acted adds up to at least a full raise (fixed-limit: a half-bet all-in counts)."""
        s = self._seat(seat)
        if s.acted_level is None:
            return True
        if self.current_bet - s.acted_level >= max(self.last_full_raise, 1):
            return True
        return self.betting is BettingStructure.FIXED_LIMIT and s.acted_serial < self.reopen_serial

    @property
    def cap_reached(self) -> bool:
        """Fixed-limit: no more raises this round. The TDA keeps the cap heads-up until the event
        is down to two players; a cash room may lift it when the action became heads-up before
        the cap (Robert's Rules, Betting and Raising): a fold after a three-way cap does not lift it."""
        structure = self.table.structure
        if self.betting is not BettingStructure.FIXED_LIMIT or structure.raise_cap is None:
            return False
        if self.bets_and_raises < structure.raise_cap:
            return False
        return not self.cap_lifted

    @property
    def cap_lifted(self) -> bool:
        if self.table.format is GameFormat.TOURNAMENT:
            return self.table.players_left_in_event == 2
        return self.cap_lifted_heads_up and len(self.contesting_seats) == 2 and not self.capped_multiway

    @property
    def contesting_seats(self) -> list[int]:
        """Seats in the hand that are not all-in: the players a fixed-limit cap counts (Robert's
        Rules, Betting and Raising: the cap is for "three or more players who are not all-in")."""
        return [n for n in self.active_seats if not self.seats[n].all_in]

    def _count_toward_cap(self) -> None:
        """Fixed-limit: one more bet or raise; note a cap reached with three or more players in the
        hand who are not all-in."""
        self.bets_and_raises += 1
        cap = self.table.structure.raise_cap
        if cap is not None and self.bets_and_raises >= cap and len(self.contesting_seats) >= 3:
            self.capped_multiway = True

    def legal_options(self, seat: int | None = None) -> list[Option]:
        """What the seat to act may do now, with the bet/raise range (a floor ruling's
        restriction on the seat applied: see `restrict`)."""
        number = self.actor if seat is None else seat
        if number is None:
            return []
        options = self._legal_options(number)
        restriction = self.restrictions.get(number)
        return options if restriction is None else _restricted(options, restriction)

    def _legal_options(self, number: int) -> list[Option]:
        s = self._seat(number)
        if self._bring_in_due():
            # stud, third street: the low card (razz: the high card) must bring it in or complete
            bring_in = min(self.table.forced_bets.bring_in, s.stack)
            complete = min(self.table.structure.small_bet or bring_in, s.stack)
            return [Option("bring-in", bring_in, bring_in)] + \
                ([Option("complete", complete, complete)] if complete > bring_in else [])
        to_call = self.to_call(number)
        options: list[Option] = []
        if to_call == 0:
            options.append(Option("check"))
        else:
            options.append(Option("fold"))
            options.append(Option("call", s.street_bet + to_call, s.street_bet + to_call))
        all_in_to = s.street_bet + s.stack
        # a raise needs an opponent who could put in more than the current bet
        others_with_chips = any(t.can_act and t.street_bet + t.stack > self.current_bet
                                for t in self.seats.values() if t.number != number)
        if all_in_to > self.current_bet and self.reopened_for(number) and not self.cap_reached \
                and others_with_chips:
            low = min(self.min_raise_to(), all_in_to)
            high = max(low, self.max_raise_to(number))
            options.append(Option("bet" if self.current_bet == 0 else "raise", low, high))
        return options

    # ------------------------------------------------------------------ floor restrictions
    def restrict(self, restriction: Restriction) -> None:
        """A ruling limits what a seat may do (`Restriction`), from now on. Refused when the seat
        cannot act this round or the restriction would leave it nothing it may do."""
        s = self._seat(restriction.seat)
        if not s.can_act or self.betting_complete or self.awaiting_cards or self.round_done:
            raise InvalidEvent(f"seat {s.number} has no action left this round: {restriction.rule} cannot "
                               f"limit it to {restriction.words()}", field="seat")
        unknown = restriction.only - set(_RESTRICTABLE)
        if unknown or not restriction.only or restriction.until not in RESTRICTION_SCOPES:
            raise InvalidEvent(f"a restriction allows some of {', '.join(_RESTRICTABLE)}, until the seat's "
                               f"turn or the round ends; not {sorted(restriction.only)} until {restriction.until}",
                               field="only")
        placed = Restriction(restriction.seat, frozenset(restriction.only), restriction.rule, restriction.until,
                             restriction.at_least, len(self.events))
        if not _restricted(self._legal_options(s.number), placed, strict=True) and s.number == self.actor:
            raise InvalidEvent(f"seat {s.number} cannot {placed.words()} here ({restriction.rule})", field="only")
        self._impose(placed)

    def _impose(self, restriction: Restriction) -> None:
        self.restrictions[restriction.seat] = restriction
        self.restriction_log.append(restriction)

    def _check_restriction(self, restriction: Restriction, s: SeatInHand, event: Action, index: int) -> None:
        """Refuse an action a floor ruling does not allow this seat (the ruling named)."""
        kind = event.action
        to_call = max(0, min(self.current_bet - s.street_bet, s.stack))
        only = restriction.only
        all_in_to = s.street_bet + s.stack
        allowed = kind in only or (kind == "check" and to_call == 0 and "call" in only)
        if kind in ("bet", "raise", "complete"):
            allowed = bool({"bet", "raise"} & only)
        elif kind == "all-in":
            allowed = ("all-in" in only or ("call" in only and all_in_to <= self.current_bet)
                       or bool({"bet", "raise"} & only))
        if allowed and kind in ("bet", "raise", "complete", "all-in") and restriction.at_least is not None:
            amount = all_in_to if event.amount is None or kind == "all-in" else event.amount
            allowed = amount >= restriction.at_least or amount >= all_in_to or all_in_to <= self.current_bet
        if not allowed:
            raise InvalidEvent(f"seat {s.number} may only {restriction.words()} {restriction.scope}: "
                               f"{restriction.rule} ruled so", event_index=index, field="action")

    # ------------------------------------------------------------------ applying events
    def apply(self, event: Event) -> None:
        self.apply_all((event,))

    def apply_all(self, events: Iterable[Event]) -> None:
        """`apply` each event in turn (one loop for a whole replay); a refused event stops it, the
        events before it applied (`len(self.events)` of them in all)."""
        handlers = self._HANDLERS
        applied = self.events
        for event in events:
            index = len(applied)
            handler = handlers.get(type(event))
            if handler is None:
                raise InvalidEvent(f"floorman cannot replay a {type(event).__name__} event: build events with "
                                   f"the event classes or parse_event()", event_index=index, field="type")
            if self.hand_over and not isinstance(event, (Show, Muck, ShowOne, Board, Burn)):
                raise InvalidEvent("the hand is over: everyone else folded", event_index=index)
            # each handler checks everything before it changes anything, so a refused event leaves
            # the hand as it was (an event that opens a betting round keeps a small undo record)
            handler(self, event, index)
            applied.append(event)

    def _post(self, event: Post, index: int) -> None:
        s = self.seats.get(event.seat) or self._seat(event.seat, index)
        kind, amount, live = event.kind, event.amount, event.live
        if not s.dealt_in:
            raise InvalidEvent(f"seat {s.number} is sitting out and cannot post", event_index=index, field="seat")
        if amount > s.stack:
            raise InvalidEvent(f"seat {s.number} posts {amount} but has only {s.stack} (table stakes)",
                               event_index=index, field="amount")
        if amount < 0:
            raise InvalidEvent(f"seat {s.number} posts {amount}: a post is never negative",
                               event_index=index, field="amount")
        self._check_post_size(s, event, index)
        blind = kind == "small-blind" or kind == "big-blind"
        if blind:     # (the check's own first test)
            self._check_blind_seat(s, event, index)
        self.posted_kinds.add(kind)
        s.stack -= amount
        s.total += amount
        if not live and kind != "ante":
            # a big-blind or button ante, a dead small blind: money for the pot that nobody has to
            # match. Every-player antes are matched money: a seat all-in for part of its ante wins
            # from each seat only what it put in (side pots), so they are no dead money here.
            s.dead += amount
        if blind:
            self.posted_blinds += amount
        if live:
            s.street_bet += amount
            self.current_bet = max(self.current_bet, s.street_bet)
            if event.kind in ("big-blind", "straddle", "missed-big-blind", "new-player"):
                if event.kind in ("big-blind", "straddle"):
                    self.last_live_blind_seat = s.number
                if event.kind == "big-blind":
                    self.big_blind_seat = s.number
                    # the big blind is the opening bet even when short-posted all-in
                    self.current_bet = max(self.current_bet, self.big_blind)
                self.last_full_raise = max(self.last_full_raise, self.current_bet)
                if self.betting is BettingStructure.FIXED_LIMIT:
                    self.full_level = max(self.full_level, self.current_bet)
                    # the big blind is the round's opening bet toward the cap (bet + 3 raises:
                    # 4-8-12-16 pre-flop at $4/$8); a straddle is a raise
                    if event.kind == "big-blind":
                        if self.bets_and_raises == 0:
                            self._count_toward_cap()
                    elif event.kind == "straddle":
                        self._count_toward_cap()

    _FORCED_SIZE = {"small-blind": "small_blind", "big-blind": "big_blind", "ante": "ante",
                    "big-blind-ante": "ante", "button-ante": "ante"}

    def _check_post_size(self, s: SeatInHand, event: Post, index: int) -> None:
        """A blind or ante posted for less than the structure says is legal only all-in."""
        name = self._FORCED_SIZE.get(event.kind)
        if name is None:
            return
        due = getattr(self.table.forced_bets, name)
        if event.amount < due and event.amount < s.stack:
            raise InvalidEvent(f"seat {s.number} posts a {event.kind} of {event.amount} but the "
                               f"{name.replace('_', ' ')} is {due}; a short post is only legal all-in "
                               f"(seat {s.number} has {s.stack})", event_index=index, field="amount")

    def expected_blind_seats(self) -> tuple[int | None, int | None]:
        """The seats that post the small and big blind by the button: (small, big).

        The small blind is the first seat dealt in after the button (heads-up: the button), the
        big blind the next. The button may sit on an empty seat (dead button, TDA 2024 32 /
        2026 34); None when the table has no button."""
        button = self.table.button
        dealt = self._dealt_after_button()
        if button is None or len(dealt) < 2:
            return None, None
        if len(dealt) == 2 and button in dealt:
            return button, dealt[0]
        return dealt[0], dealt[1]

    def _dealt_after_button(self) -> tuple[int, ...]:
        """Seats dealt in, clockwise from the first after the button (fixed for the hand)."""
        dealt = self._dealt_order
        if dealt is None:
            button = self.table.button
            dealt = () if button is None else \
                tuple(n for n in self._clockwise_after(button) if self.seats[n].dealt_in)
            self._dealt_order = dealt
        return dealt

    def _check_blind_seat(self, s: SeatInHand, event: Post, index: int) -> None:
        """Blinds come from the seats the button says; the dead-button rule explains a dead small
        blind (its seat empty: the big blind is then the first seat after the button) and a
        heads-up button on an empty seat. Only the first small and big blind are checked: later
        ones are a new player's or a returning player's posts."""
        if event.kind not in ("small-blind", "big-blind") or event.kind in self.posted_kinds \
                or self.family == "stud" or self.table.button is None:
            return
        dealt = self._dealt_after_button()
        if len(dealt) < 2 or (len(dealt) == 2 and self.table.button not in dealt):
            return   # heads-up with the button on an empty seat: either seat may post first
        small, big = self.expected_blind_seats()
        heads_up = len(dealt) == 2
        if event.kind == "small-blind":
            if self.big_blind_seat is not None and self.big_blind_seat != big:
                return   # the big blind came first from the small blind's seat: this one is dead
            allowed: tuple[int | None, ...] = (small,)
        elif self.table.forced_bets.small_blind == 0:
            # one blind only: the seat left of the button, or the button itself (a "button
            # blind", as in short-deck ante games)
            allowed = (small, self.table.button)
        elif "small-blind" in self.posted_kinds or heads_up:
            allowed = (big,)
        else:
            # no small blind: under the dead button the big blind may be the first seat after it
            allowed = (small, big)
        if s.number not in allowed:
            name = event.kind.replace("-", " ")
            raise InvalidEvent(f"seat {s.number} posts the {name}, but with the button on seat "
                               f"{self.table.button} the {name} is seat "
                               f"{' or '.join(map(str, allowed))}'s", event_index=index, field="seat")

    def _deal(self, event: DealHole, index: int) -> None:
        s = self.seats.get(event.seat) or self._seat(event.seat, index)
        if not s.dealt_in:
            raise InvalidEvent(f"seat {s.number} is sitting out and was not dealt in", event_index=index,
                               field="seat")
        held = len(s.hole) + len(event.cards)
        if held > self._hole_cards:
            raise InvalidEvent(f"seat {s.number} would hold {held} hole cards: {self.variant} deals "
                               f"{self.variant.hole_cards}", event_index=index, field="cards")
        cards = event.cards
        seen = self.seen_cards
        if self._removed_ranks or not seen.isdisjoint(cards) or len(set(cards)) != len(cards):
            self._check_new_cards(cards, index, "cards")     # (its own first test, inline)
        faces = event.face_up
        if faces is None:         # the default faces always fit the cards
            faces = (False,) * len(cards) if self.family != "stud" else self._default_faces(s, len(cards))
        elif len(faces) != len(cards):
            raise InvalidEvent(f"face_up lists {len(faces)} flags for {len(cards)} cards",
                               event_index=index, field="face_up")
        seen.update(cards)         # _mark_seen: every known card
        seen.discard(UNKNOWN)
        s.hole.extend(cards)
        s.face_up.extend(faces)
        if self.awaiting_cards and self.family == "stud":
            self._start_next_street()

    def _default_faces(self, s: SeatInHand, count: int) -> tuple[bool, ...]:
        if self.family != "stud":
            return (False,) * count
        # stud: two down and one up on third street, up on 4th-6th, down on 7th
        pattern = (False, False, True, True, True, True, False)
        start = len(s.hole)
        return tuple(pattern[i] if i < len(pattern) else False for i in range(start, start + count))

    def _check_new_cards(self, cards: Sequence[str], index: int, field_name: str) -> None:
        """Refuse a card already seen (or twice in `cards`) or not in the deck; marks nothing."""
        seen = self.seen_cards
        removed = self._removed_ranks
        if not removed and seen.isdisjoint(cards) and len(set(cards)) == len(cards):
            return    # nothing below can refuse them (the seen cards never hold UNKNOWN)
        for i, card in enumerate(cards):
            if card == UNKNOWN:
                continue
            if removed and card[0] in removed:
                raise InvalidEvent(f"{card} is not in the {self.variant.value} deck ({removed[0]}s to "
                                   f"{removed[-1]}s are removed)", event_index=index, field=field_name)
            if card in seen or (i and card in cards[:i]):
                raise InvalidEvent(f"{card} was dealt twice (a duplicate card means a fouled deck)",
                                   event_index=index, field=field_name)

    def _mark_seen(self, cards: Iterable[str]) -> None:
        seen = self.seen_cards
        for card in cards:
            if card != UNKNOWN:
                seen.add(card)

    def _burn(self, event: Burn, index: int) -> None:
        if event.card is not None:
            self._check_new_cards([event.card], index, "card")
            self._mark_seen([event.card])
        self.burns.append(event.card)

    def _board(self, event: Board, index: int) -> None:
        if self.family != "flop":
            raise InvalidEvent(f"{self.variant} has no community cards", event_index=index, field="cards")
        self._check_new_cards(event.cards, index, "cards")
        needed = sum(self._board_cards[: self._next_board_street() + 1])
        if len(self.board) + len(event.cards) > max(needed, len(self.board)) or needed == 0:
            raise InvalidEvent(f"{len(event.cards)} board cards dealt where {needed - len(self.board)} "
                               f"were due", event_index=index, field="cards")
        # (no undo record when _open_round has nothing to open)
        undo = None if (self.round_open or self.round_done or self.hand_over) else self._round_record()
        self._open_round()    # a round nobody can act in (all-in on the blinds) closes as it opens
        if not self.awaiting_cards and not self.hand_over and not self._betting_closed:
            if undo is not None:
                self._restore_round(undo)
            raise InvalidEvent(f"board card dealt before {self.street} betting finished (premature)",
                               event_index=index, field="cards")
        self._mark_seen(event.cards)
        self.board.extend(event.cards)
        if len(self.board) == needed and self.awaiting_cards:
            self._start_next_street()

    def _next_board_street(self) -> int:
        """Which street the next board cards belong to."""
        dealt = len(self.board)
        total = 0
        for street, count in enumerate(self._board_cards):
            total += count
            if dealt < total:
                return street
        return len(self._board_cards)

    def _draw(self, event: Draw, index: int) -> None:
        s = self._seat(event.seat, index)
        if self.family != "draw":
            raise InvalidEvent(f"{self.variant} has no draw", event_index=index, field="type")
        if not s.live:
            raise InvalidEvent(f"seat {s.number} has folded and cannot draw", event_index=index, field="seat")
        if len(event.discards) != len(event.replacements):
            raise InvalidEvent(f"seat {s.number} discards {len(event.discards)} but gets "
                               f"{len(event.replacements)} cards", event_index=index, field="replacements")
        for card in event.discards:
            if card != UNKNOWN and card not in s.hole and UNKNOWN not in s.hole:
                raise InvalidEvent(f"seat {s.number} discards {card}, which it does not hold",
                                   event_index=index, field="discards")
        if event.discards.count(UNKNOWN) > s.hole.count(UNKNOWN):
            raise InvalidEvent(f"seat {s.number} discards unknown cards but holds "
                               f"{' '.join(s.hole) or 'no cards'}: say which cards", event_index=index,
                               field="discards")
        self._check_new_cards(event.replacements, index, "replacements")
        self._open_round()    # a round nobody can act in (all-in on the blinds) closes as it opens
        self._mark_seen(event.replacements)
        for card in event.discards:
            position = s.hole.index(card) if card in s.hole else s.hole.index(UNKNOWN)
            del s.hole[position]
            del s.face_up[position]
        s.hole.extend(event.replacements)
        s.face_up.extend([False] * len(event.replacements))
        if self.awaiting_cards:
            self._start_next_street()

    def _show(self, event: Show, index: int) -> None:
        s = self._seat(event.seat, index)
        if not s.live:
            raise InvalidEvent(f"seat {s.number} has no live hand to show", event_index=index, field="seat")
        if event.cards and all(card == UNKNOWN for card in event.cards):
            # the cards stay face down ("sm ????" in a hand history): nothing is tabled, and an
            # untabled hand cannot win a contested pot
            s.tabled = False
            s.concealed = True
            return
        if event.cards:
            unknown_held = [c for c in s.hole if c == UNKNOWN]
            new = [c for c in event.cards if c not in s.hole]
            if s.hole and len(new) > len(unknown_held):
                raise InvalidEvent(f"seat {s.number} shows {' '.join(event.cards)} but holds "
                                   f"{' '.join(s.hole)}", event_index=index, field="cards")
            if not s.hole and len(event.cards) > self.variant.hole_cards:
                raise InvalidEvent(f"seat {s.number} shows {len(event.cards)} cards: {self.variant} deals "
                                   f"{self.variant.hole_cards}", event_index=index, field="cards")
            self._check_new_cards(new, index, "cards")
            self._mark_seen(new)
            s.concealed = False
            # `face_up` keeps how the cards were dealt (stud: which were up-cards); `tabled` says
            # the whole hand is face up now
            if not s.hole:
                s.hole = list(event.cards)
                s.face_up = list(self._default_faces(s, len(s.hole)))
            elif unknown_held:
                # the tabled cards replace the unknown ones, where they were
                fresh = iter(new)
                s.hole = [next(fresh, UNKNOWN) if c == UNKNOWN else c for c in s.hole]
        s.tabled = True

    def _muck(self, event: Muck, index: int) -> None:
        s = self._seat(event.seat, index)
        if not s.live:
            raise InvalidEvent(f"seat {s.number} has no live hand to muck", event_index=index, field="seat")
        s.mucked = True
        if self.active_seats == [s.number]:
            # the only live hand: everyone else folded, so it wins the pot uncontested. Throwing
            # the cards away afterwards does not kill it (nothing is left to muck against)
            self.hand_over = True
            self.round_done = True
            self.pending.clear()
            return
        s.folded = True
        self.pending.discard(s.number)
        if len(self.active_seats) == 1 and not self.hand_over:
            self.hand_over = True

    def _show_one(self, event: ShowOne, index: int) -> None:
        s = self._seat(event.seat, index)
        if event.card not in s.hole and UNKNOWN not in s.hole:
            raise InvalidEvent(f"seat {s.number} does not hold {event.card}", event_index=index, field="card")

    # ------------------------------------------------------------------ actions
    @property
    def _betting_closed(self) -> bool:
        """No more betting this hand: fewer than two seats can still put chips in."""
        return self._betting_closed_with(self.pending)

    def _betting_closed_with(self, pending: set[int]) -> bool:
        able = [n for n, t in self.seats.items()          # (seat order; t.can_act)
                if t.dealt_in and not t.folded and t.stack > 0 and t.present]
        return len(able) == 0 or (len(able) == 1 and self.to_call(able[0]) == 0 and not pending)

    def _action(self, event: Action, index: int) -> None:
        s = self.seats.get(event.seat) or self._seat(event.seat, index)
        if not s.dealt_in:
            raise InvalidEvent(f"seat {s.number} is not in the hand", event_index=index, field="seat")
        if s.folded:
            raise InvalidEvent(f"seat {s.number} has folded and cannot act", event_index=index, field="seat")
        if not s.present:
            raise InvalidEvent(f"seat {s.number} is away from the table and cannot act", event_index=index,
                               field="seat")
        if event.amount is not None and event.amount < 0:   # only a model_construct()ed event
            raise InvalidEvent(f"seat {s.number} bets {event.amount}: an amount is never negative",
                               event_index=index, field="amount")
        if "big-blind" not in self.posted_kinds:
            self._check_blinds_in(s, index)
        if self.round_open and not self.awaiting_cards:
            self._take_action(s, event, index)
            return
        # starting a street (or opening its round) comes before the action's own checks: keep
        # what it changes, to put back if the action is refused
        undo = self._round_record()
        try:
            self._take_action(s, event, index)
        except FloormanError:
            self._restore_round(undo)
            raise

    def _check_blinds_in(self, s: SeatInHand, index: int) -> None:
        """Pre-flop in a blind game nobody acts before the big blind is posted."""
        if self.family == "stud" or self.street_index != 0 or self.big_blind <= 0:
            return
        small, big = self.expected_blind_seats()
        forced = self.table.forced_bets
        due = [] if small is None or "small-blind" in self.posted_kinds or forced.small_blind <= 0 \
            else [f"seat {small} the small blind ({forced.small_blind})"]
        due.append(f"seat {big} the big blind ({forced.big_blind})" if big is not None
                   else f"the big blind ({forced.big_blind})")
        raise InvalidEvent(f"the blinds are missing: {' and '.join(due)} must be posted before seat "
                           f"{s.number} acts", event_index=index, field="seat")

    def _round_record(self) -> tuple[Any, ...]:
        """What starting a street and opening its betting round change (see `_restore_round`)."""
        return (self.awaiting_cards, self.street_index, self.round_done, self.round_open, self.current_bet,
                self.last_full_raise, self.full_level, self.bets_and_raises, self.capped_multiway,
                set(self.pending), self.last_actor,
                list(map(_ACTED_AND_BET, self.seats.values())))      # [(acted_level, street_bet)]

    def _restore_round(self, record: tuple[Any, ...]) -> None:
        (self.awaiting_cards, self.street_index, self.round_done, self.round_open, self.current_bet,
         self.last_full_raise, self.full_level, self.bets_and_raises, self.capped_multiway,
         self.pending, self.last_actor, seats) = record
        for t, (acted_level, street_bet) in zip(self.seats.values(), seats):
            t.acted_level, t.street_bet = acted_level, street_bet

    def _take_action(self, s: SeatInHand, event: Action, index: int) -> None:
        if self.awaiting_cards:
            # the next street's cards were not given: the street begins with unknown cards
            self._start_next_street()
        if self.round_done:
            raise InvalidEvent(f"betting is over for this hand; seat {s.number} cannot act",
                               event_index=index, field="seat")
        if s.stack == 0:
            raise InvalidEvent(f"seat {s.number} is all-in and has no further action", event_index=index,
                               field="seat")
        if not (self.round_open or self.round_done or self.hand_over):
            self._open_round()    # restored by `_action` if this action is refused
        if self.round_open and not (self.hand_over or self.round_done or self.awaiting_cards):
            # `self.actor` of an open round: the first pending seat clockwise after the last actor
            expected = None
            pending = self.pending
            if pending:
                start = self.last_actor
                if start is None:
                    start = -1
                for number in self.order:
                    if number in pending:
                        if number > start:
                            expected = number
                            break
                        if expected is None:
                            expected = number      # the first one, if none comes after `start`
        else:
            expected = self.actor
        if self.enforce_turn and expected != s.number and event.in_turn is not False:
            raise ActionOutOfTurn(f"seat {s.number} acted out of turn: seat {expected} is to act",
                                  seat=s.number, expected_seat=expected, event_index=index, field="seat")
        restriction = self.restrictions.get(s.number)
        if restriction is not None:
            self._check_restriction(restriction, s, event, index)
        kind = event.action
        if kind in ("fold", "check") and self._bring_in_due():
            raise InvalidEvent(f"seat {s.number} must bring it in ({self.table.forced_bets.bring_in}) or complete: "
                               f"the first to act on third street cannot {kind}", event_index=index, field="action")
        if kind == "fold":
            s.folded = True
            self._record(s, "fold", False)
        elif kind == "check":
            to_call = max(0, min(self.current_bet - s.street_bet, s.stack))     # to_call(s.number)
            if to_call > 0:
                raise InvalidEvent(f"seat {s.number} cannot check: {to_call} to call",
                                   event_index=index, field="action")
            self._record(s, "check", False)
        elif kind == "call":
            to_call = max(0, min(self.current_bet - s.street_bet, s.stack))     # to_call(s.number)
            if to_call == 0:
                raise InvalidEvent(f"seat {s.number} has nothing to call (a call here is a check)",
                                   event_index=index, field="action")
            s.stack -= to_call        # _put_in
            s.street_bet += to_call
            s.total += to_call
            self._record(s, "call", True)
        elif kind == "bring-in":
            self._bring_in(s, event, index)
        else:  # bet, raise, complete, all-in
            self._bet_or_raise(s, event, index)
        self.last_actor = s.number
        # _after_action(kind == "fold"): only a fold can leave a single live hand
        if kind == "fold" and self._one_live_hand():
            self.restrictions.clear()
            self.hand_over = True
            self.round_done = True
            self.pending.clear()
        elif not self.pending:
            self._close_round()

    def _record(self, s: SeatInHand, action: str, chips: bool) -> None:
        if s.number in self.restrictions and self.restrictions[s.number].until == "turn":
            del self.restrictions[s.number]
        s.acted_level = self.current_bet
        s.acted_serial = self.reopen_serial
        self.pending.discard(s.number)
        streets = self.streets
        key = (s.number, action, chips, streets[min(self.street_index, len(streets) - 1)])
        taken = _TURN_ACTIONS.get(key)
        if taken is None:
            taken = _TURN_ACTIONS[key] = TurnAction(*key)
        self.actions_taken.append(taken)

    def _put_in(self, s: SeatInHand, chips: int) -> None:
        s.stack -= chips
        s.street_bet += chips
        s.total += chips

    def _bring_in_due(self) -> bool:
        """Stud, third street: nobody has brought it in or completed yet (the bring-in is forced)."""
        return (self.family == "stud" and self.street_index == 0 and not self.bring_in_done
                and self.current_bet == 0 and self.table.forced_bets.bring_in > 0)

    def _bring_in(self, s: SeatInHand, event: Action, index: int) -> None:
        bring_in = self.table.forced_bets.bring_in
        amount = event.amount if event.amount is not None else bring_in
        if self.family != "stud" or self.street_index != 0 or self.bring_in_done:
            raise InvalidEvent("a bring-in is only made once, on third street of a stud game",
                               event_index=index, field="action")
        amount = min(amount, s.stack + s.street_bet)
        self._put_in(s, amount - s.street_bet)
        self.current_bet = max(self.current_bet, amount)
        self.bring_in_done = True
        self._record(s, "bring-in", True)

    def _bet_or_raise(self, s: SeatInHand, event: Action, index: int) -> None:
        warned = len(self.warnings)
        try:
            self._bet_or_raise_checked(s, event, index)
        except FloormanError:
            del self.warnings[warned:]     # a refused raise leaves no warning behind
            raise

    def _bet_or_raise_checked(self, s: SeatInHand, event: Action, index: int) -> None:
        all_in_to = s.street_bet + s.stack
        if event.action == "all-in":
            amount = all_in_to if event.amount is None else event.amount
            if amount != all_in_to:
                raise InvalidEvent(f"seat {s.number} is all-in for {all_in_to}, not {amount}",
                                   event_index=index, field="amount")
        else:
            if event.amount is None:
                raise InvalidEvent(f"a {event.action} needs an amount (the total for the street)",
                                   event_index=index, field="amount")
            amount = event.amount
        if amount > all_in_to:
            raise InvalidEvent(f"seat {s.number} bets to {amount} but has only {all_in_to} "
                               f"(table stakes)", event_index=index, field="amount")
        if amount <= self.current_bet:
            if amount == all_in_to:   # an all-in that is only a call
                self._put_in(s, amount - s.street_bet)
                self._record(s, "call", True)
                return
            raise InvalidEvent(f"a bet to {amount} does not exceed the current bet of {self.current_bet}",
                               event_index=index, field="amount")
        acted = s.acted_level         # reopened_for(s.number), without the seat lookup
        if acted is not None and self.current_bet - acted < max(self.last_full_raise, 1) \
                and not (self.betting is BettingStructure.FIXED_LIMIT and s.acted_serial < self.reopen_serial):
            self._refuse("not-reopened", f"seat {s.number} may only call or fold: betting was not reopened "
                         f"(it faces less than a full raise since it acted)", index, s.number, "action")
        limit = self.betting is BettingStructure.FIXED_LIMIT
        if limit and self.cap_reached:       # (only fixed-limit has a cap)
            self._refuse("cap", "the betting is capped for this round", index, s.number, "action")
        is_all_in = amount == all_in_to
        if limit:
            minimum = self.min_raise_to()
        else:                               # min_raise_to(), no-limit and pot-limit
            current, least = self.current_bet, self._big_bet_min
            minimum = least if current == 0 else current + max(self.last_full_raise, least)
        if amount < minimum and not is_all_in:
            self._refuse("raise-size", f"a {'bet' if self.current_bet == 0 else 'raise'} to {amount} is below "
                         f"the minimum of {minimum}", index, s.number, "amount")
        if self.betting is BettingStructure.POT_LIMIT and amount > self.pot_limit_max_to(s.number):
            self._refuse("raise-size", f"a raise to {amount} is above the pot-limit maximum of "
                         f"{self.pot_limit_max_to(s.number)}", index, s.number, "amount")
        if self.betting is BettingStructure.FIXED_LIMIT and amount > minimum:
            self._refuse("raise-size", f"fixed-limit: the bet or raise is to exactly {minimum}, not {amount}",
                         index, s.number, "amount")
        increment = amount - self.current_bet
        if self.betting is BettingStructure.FIXED_LIMIT:
            # a full bet/raise, or an all-in of at least half a bet, counts as a full one (reopens)
            full = amount >= minimum or 2 * increment >= self.bet_size
            if full:
                self.full_level = amount
                self._count_toward_cap()
                self.reopen_serial += 1
                self.last_full_raise = self.bet_size
        else:
            full = amount >= minimum
            if full:           # (min_bet: self._big_bet_min in no-limit and pot-limit)
                self.last_full_raise = max(increment, self._big_bet_min) if self.current_bet == 0 \
                    else increment
        self._put_in(s, amount - s.street_bet)
        self.current_bet = amount
        self.last_aggressor = s.number
        self.round_aggressor[self.street_index] = s.number
        # everyone else who can still act must respond to the new bet
        self.pending = {n for n, t in self.seats.items()             # (seat order; t.can_act)
                        if n != s.number and t.dealt_in and not t.folded and t.stack > 0 and t.present}
        self._record(s, "bet" if increment == amount else "raise", True)

    def _refuse(self, code: str, message: str, index: int, seat: int, field_name: str) -> None:
        """Refuse a betting departure, or accept it with a warning when `code` is tolerated."""
        if code in self.tolerate:
            self.warnings.append(StateWarning(code, message, index, seat))
            return
        raise InvalidEvent(message, event_index=index, field=field_name)

    def _can_lose_more(self, number: int) -> bool:
        """Some other live seat has more in total (in front + behind) than this seat has in front."""
        bet = self.seats[number].street_bet
        return any(t.street_bet + t.stack > bet for t in self.seats.values() if t.number != number and t.live)

    def _nobody_left_to_bet(self, pending: set[int]) -> bool:
        """At most one seat can still put chips in and no seat owes a call: nobody is left to
        bet against, so the seats still pending need not act (they could only check)."""
        able = 0
        for s in self.seats.values():
            if s.dealt_in and not s.folded and s.stack > 0 and s.present:     # s.can_act
                able += 1
                if able > 1:
                    return False
        return all(self.to_call(n) == 0 for n in pending)

    def _close_round(self) -> None:
        self.restrictions.clear()        # a ruling's restriction lasts the betting round at most
        self.round_done = True
        self.round_open = False
        self.current_bet = 0          # nothing is owed once the round is over
        for s in self.seats.values():
            s.street_bet = 0
        if self.street_index + 1 < len(self.streets):
            self.awaiting_cards = True
        # the round is closed; the next street's cards (or the first action) begin the next

    def _start_next_street(self) -> None:
        if not self.awaiting_cards:
            return
        self.awaiting_cards = False
        self.street_index += 1
        self.round_done = False
        self.round_open = False
        self.current_bet = 0
        self.last_full_raise = 0
        self.full_level = 0
        self.bets_and_raises = 0
        self.capped_multiway = False
        for s in self.seats.values():
            s.acted_level = None
        if self._betting_closed:
            # all-in: no betting on this street; move on as cards arrive
            self.round_done = True
            if self.street_index + 1 < len(self.streets):
                self.awaiting_cards = True

    # each event class's handler: (state, event, index of the event)
    _HANDLERS: ClassVar[dict[type, Callable[[HandState, Any, int], None]]] = {
        Post: _post, DealHole: _deal, Burn: _burn, Board: _board, Draw: _draw, Action: _action,
        Show: _show, Muck: _muck, ShowOne: _show_one}

    # ------------------------------------------------------------------ substantial action
    @property
    def actions_in_turn(self) -> int:
        """Actions taken in turn this hand (posted blinds don't count)."""
        return len(self.actions_taken)

    @property
    def substantial_action(self) -> bool:
        """TDA: two actions in turn of which one puts chips in, or any three actions in turn."""
        taken = self.actions_taken
        return len(taken) >= 3 or (len(taken) == 2 and any(a.put_in_chips for a in taken))

    # ------------------------------------------------------------------ end of hand
    @property
    def betting_complete(self) -> bool:
        """No betting is left in the hand: folded to one, the last round is over, or fewer than
        two seats can still bet (an all-in run-out)."""
        if self.hand_over:
            return True
        if self.round_done and self.street_index >= len(self.streets) - 1:
            return True
        if not self.round_open and not self.round_done and self._round_view()[2]:
            return True    # the round closes as soon as it opens: nobody is left to bet against
        return (self.round_done or self.awaiting_cards) and self._betting_closed

    def unfinished(self) -> str | None:
        """Why the hand cannot be settled yet (betting still open, cards not dealt), or None."""
        if self.hand_over:
            return None
        if not self.betting_complete:
            actor = self.actor
            if actor is not None:
                return f"the {self.street} betting is not over: seat {actor} is to act"
            return f"the cards for the {self.streets[min(self.street_index + 1, len(self.streets) - 1)]} " \
                   f"were not dealt"
        family = self.family
        if family == "flop":
            needed = sum(self.variant.board_cards)
            if len(self.board) < needed:
                return f"the board has {len(self.board)} of its {needed} cards"
        elif family == "stud":
            for n in self.active_seats:
                held = len(self.seats[n].hole)
                if held < self.variant.hole_cards:
                    return f"seat {n} has {held} of its {self.variant.hole_cards} cards"
        elif self.street_index < len(self.streets) - 1:
            return f"the hand stopped before the {self.streets[self.street_index + 1]}"
        return None

    def uncalled_bet(self) -> tuple[int, int] | None:
        """The uncalled part of the largest bet: (seat, chips going back), or None."""
        return _uncalled_bet({n: s.total for n, s in self.seats.items() if s.total},
                             dead_money=self._dead_money())

    def _dead_money(self) -> dict[int, int] | None:
        """Chips posted dead (antes, a dead small blind): in the pot, but never a bet to match."""
        return {n: s.dead for n, s in self.seats.items() if s.dead} or None

    def pots(self) -> list[Pot]:
        """Main and side pots with their eligible seats (the uncalled excess left out).

        While betting is still open, only all-in players cap a pot: a player with chips behind
        can still match any bet, so no uncalled bet is returned and no side pot is cut at their
        level yet (the pots "as they stand").
        """
        if not self.betting_complete:
            return self._open_pots()
        return self._pots(self.uncalled_bet())

    def _open_pots(self) -> list[Pot]:
        dead = self._dead_money() or {}
        matched = {n: s.total - dead.get(n, 0) for n, s in self.seats.items() if s.total}
        live = [n for n in self.order if self.seats[n].live]
        caps = sorted({matched.get(n, 0) for n in live if self.seats[n].all_in})
        pots: list[Pot] = []
        previous = 0
        for level in caps + [None]:
            amount = sum((chips if level is None else min(chips, level)) - min(chips, previous)
                         for chips in matched.values())
            if not pots:
                amount += sum(dead.values())
            eligible = tuple(n for n in live if not self.seats[n].all_in
                             or (level is not None and matched.get(n, 0) >= level))
            if amount > 0 and not eligible:
                # folded chips above every live seat's level (all of them all-in): they belong
                # to the top pot the live seats can win, never to nobody
                if pots:
                    top = pots.pop()
                    amount, eligible = amount + top.amount, top.eligible
                else:
                    eligible = tuple(live)
            if amount > 0 and eligible:
                pots.append(Pot(amount, eligible))
            if level is not None:
                previous = level
        return pots

    def _pots(self, uncalled: tuple[int, int] | None) -> list[Pot]:
        contributions = {n: s.total for n, s in self.seats.items() if s.total}
        if uncalled:
            contributions[uncalled[0]] -= uncalled[1]
        return build_pots(contributions, [n for n in self.order if self.seats[n].live],
                          dead_money=self._dead_money())

    def showdown_order(self) -> list[int]:
        """Who shows first when the last round is over: the last aggressor of the final round,
        otherwise the first to act (flop and draw games: first seat left of the button; stud: the
        high hand showing; razz: the low hand showing), then clockwise."""
        live = self.active_seats
        final_round = len(self.streets) - 1
        aggressor = self.round_aggressor.get(final_round)
        if aggressor in live:
            start = aggressor
        elif self.family == "stud":
            from floorman.evaluation import showing_strength

            known = [n for n in live if self._known_upcards(n)] or live[:1]
            start = max(known, key=lambda n: (showing_strength(self.variant.value, self._known_upcards(n))
                                              if self._known_upcards(n) else (), -n))
        else:
            start = next(n for n in self._clockwise_after(self.table.button) if n in live)
        index = live.index(start)
        return live[index:] + live[:index]

    def result(self) -> HandResult:
        """Award the pots and give each seat's net result (call when the hand is over).

        Reading hands is the costly part (pokerkit for low hands), and a ruling asks more than
        once (facts, then the pot table): the answer is kept until another event is applied.
        """
        cached = self._result_cache
        if cached is not None and cached[0] == len(self.events):
            return cached[1]
        result = self._settle()
        self._result_cache = (len(self.events), result)
        return result

    def _settle(self) -> HandResult:
        # uncalled_bet() and _pots(), sharing the contributions and the dead money
        contributions = {n: s.total for n, s in self.seats.items() if s.total}
        dead = self._dead_money()
        uncalled = _uncalled_bet(contributions, dead_money=dead)
        live = self.active_seats
        in_pots = dict(contributions)
        if uncalled:
            in_pots[uncalled[0]] -= uncalled[1]
        pots = build_pots(in_pots, live, dead_money=dead)
        readings: dict[int, tuple[Any, Any]] = {}
        contested = len(live) > 1
        high: dict[int, object] = {}
        low: dict[int, object] = {}
        high_card: dict[int, str] = {}
        low_card: dict[int, str] = {}
        lowest_card_odd_chip = self.variant is Variant.RAZZ and self.room.razz_odd_chip == "lowest-card-by-suit"
        if contested:
            from floorman.evaluation import high_card_by_suit, lowest_card_by_suit, read_hands

            for n in live:
                cards = self.seats[n].hole
                if not cards or UNKNOWN in cards or UNKNOWN in self.board or self.seats[n].concealed:
                    continue   # an unread hand cannot win a contested pot
                reading = read_hands(self.variant.value, cards, self.board)
                readings[n] = reading
                hi, lo = reading
                if hi is not None:
                    high[n] = hi.strength
                    high_card[n] = high_card_by_suit(hi.best_five)
                if lo is not None:
                    low[n] = lo.strength
                    if lowest_card_odd_chip:
                        # Robert's Rules, Ties: the lowest card by suit, all the cards counting
                        low_card[n] = lowest_card_by_suit(cards)
                    else:
                        # TDA 2024 20-B / 2026 21-B: the high card by suit of the five-card hand
                        # that won that half (a low five: aces low)
                        low_card[n] = high_card_by_suit(lo.best_five, aces_low=True)
                    high_card.setdefault(n, low_card[n])   # a low-only game decides by this card
        if contested:
            for index, pot in enumerate(pots):
                if len(pot.eligible) > 1 and not any(n in high or n in low for n in pot.eligible):
                    raise InvalidEvent(f"the {pot_name(index)} ({pot.amount}) is contested by seats "
                                       f"{', '.join(map(str, pot.eligible))} but none of their hands was "
                                       f"tabled: nobody can be awarded it", field="showdown")
        if contested:
            order = self._clockwise_after(self.table.button) if self.table.button else list(self.order)
            seat_order = [n for n in order if n in live]
        else:
            seat_order = live     # one live hand: no pot is split, the odd-chip order is never asked
        awards = award_pots(
            pots,
            strength_high=high if (high or not low) else None,
            strength_low=low or None,
            seat_order_from_button=seat_order,
            smallest_chip=self.table.smallest_chip,
            odd_chip_rule=("low-card-by-suit" if lowest_card_odd_chip
                           else "high-card-by-suit" if self.family == "stud" else "left-of-button"),
            high_card_by_suit=high_card or None,
            low_card_by_suit=low_card or None,
        )
        net = net_results(contributions, uncalled, awards)
        final = {n: s.stack for n, s in self.seats.items()}
        if uncalled:
            final[uncalled[0]] += uncalled[1]
        for award in awards:
            for seat, chips in award.shares.items():
                final[seat] += chips
        return HandResult(uncalled=uncalled, pots=tuple(pots), awards=tuple(awards), readings=readings,
                          net=net, final_stacks=final)
