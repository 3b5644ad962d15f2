"""A fuzz of event sequences through HandState.apply (issue 7: "no traceback, no hang").

Hypothesis draws the table (game, seats, stacks, button, blinds, antes) and a seed; the seed
drives a mix of legal events (posts, deals, boards, actions from `legal_options()`, showdown)
and random ones (any seat, kind, amount, cards). Before every event the test takes its own
structural dump of the hand. After every event it asserts:

* only the project's own errors (FloormanError) are raised;
* a refused event leaves the dump unchanged;
* chips are conserved (stacks + chips put in = the starting chips) and nothing is negative;
* the pots (plus an uncalled bet) hold every chip put in, and every pot has a seat to win it;
* when the hand is settled, the awards hold every pot chip and the net results sum to zero.

Four tests of 5,000 examples each: 20,000 per run, derandomized with no example database so CI
runs the same hands every time.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from floorman.errors import FloormanError
from floorman.model.cards import RANKS, SUITS
from floorman.model.events import Action, Board, Burn, DealHole, Draw, Muck, Post, Show, ShowOne
from floorman.model.room import RoomRules
from floorman.model.state import HandState
from floorman.model.table import Table
from state_snapshot import dump

EXAMPLES = int(__import__("os").environ.get("FUZZ_EXAMPLES", "5000"))
DECK = tuple(rank + suit for rank in RANKS for suit in SUITS)


def fuzz(examples: int = EXAMPLES):
    return settings(max_examples=examples, deadline=None, derandomize=True, database=None,
                    suppress_health_check=list(HealthCheck))


# ---------------------------------------------------------------------------------- tables
@st.composite
def tables(draw, game: str) -> Table:
    count = draw(st.integers(2, 7))
    numbers = sorted(draw(st.lists(st.integers(1, 9), min_size=count, max_size=count, unique=True)))
    big = draw(st.sampled_from([2, 10, 100]))
    stacks = [draw(st.one_of(st.integers(0, 3 * big), st.integers(big, 60 * big))) for _ in numbers]
    seats = [{"number": n, "stack": s, "sitting_out": draw(st.booleans()) and draw(st.booleans()) and i > 1}
             for i, (n, s) in enumerate(zip(numbers, stacks))]
    raw: dict = {"seats": seats, "seat_count": 9}
    ante = draw(st.sampled_from([0, 0, big // 2 or 1]))
    if game == "stud":
        raw.update(variant="stud", structure={"betting": "fixed-limit", "small_bet": big, "big_bet": 2 * big},
                   forced_bets={"ante": ante or 1, "ante_style": "every-player", "bring_in": big // 2 or 1})
    else:
        # the button on a seat, or on an empty seat (dead button)
        raw["button"] = draw(st.one_of(st.sampled_from(numbers), st.integers(1, 9)))
        raw["variant"] = "omaha" if game == "plo" else "holdem"
        betting = {"nlhe": "no-limit", "plo": "pot-limit", "flhe": "fixed-limit"}[game]
        raw["structure"] = {"betting": betting, "small_bet": big, "big_bet": 2 * big} \
            if betting == "fixed-limit" else {"betting": betting}
        raw["forced_bets"] = {"small_blind": big // 2, "big_blind": big, "ante": ante,
                              "ante_style": "every-player" if ante else "none"}
    raw["format"] = draw(st.sampled_from(["cash", "tournament"]))
    if raw["format"] == "tournament":
        raw["players_left_in_event"] = draw(st.integers(2, 50))
    return Table.model_validate(raw)


# ---------------------------------------------------------------------------------- the dealer
class Dealer:
    """Proposes the next legal event of the hand (or None when it is settled)."""

    def __init__(self, state: HandState, rng: random.Random) -> None:
        self.state = state
        self.rng = rng
        self.deck = list(DECK)
        rng.shuffle(self.deck)
        self.shown: set[int] = set()

    def card(self) -> str:
        unseen = [c for c in self.deck if c not in self.state.seen_cards]
        return unseen[0] if unseen else "??"

    def cards(self, count: int) -> list[str]:
        unseen = [c for c in self.deck if c not in self.state.seen_cards]
        return (unseen + ["??"] * count)[:count]

    def next_event(self):
        state = self.state
        forced = state.table.forced_bets
        dealt_in = [n for n, s in state.seats.items() if s.dealt_in]
        posted = {(type(e).__name__, getattr(e, "seat", None), getattr(e, "kind", None)) for e in state.events}
        for n in dealt_in:
            if forced.ante and ("Post", n, "ante") not in posted:
                return Post(seat=n, kind="ante", amount=min(forced.ante, state.seats[n].stack))
        if state.family != "stud":
            small, big = self.blind_seats()
            kinds = {e.kind for e in state.events if isinstance(e, Post)}
            if forced.small_blind and small is not None and "small-blind" not in kinds:
                return Post(seat=small, kind="small-blind", amount=min(forced.small_blind, state.seats[small].stack))
            if big is not None and "big-blind" not in kinds:
                return Post(seat=big, kind="big-blind", amount=min(forced.big_blind, state.seats[big].stack))
        first = 3 if state.family == "stud" else state.variant.hole_cards
        for n in dealt_in:
            if not state.seats[n].hole:
                return DealHole(seat=n, cards=self.cards(first))
        actor = state.actor
        if actor is not None:
            return self.action(actor)
        if state.hand_over or (state.betting_complete and state.unfinished() is None):
            for n in state.showdown_order() if not state.hand_over else []:
                if n not in self.shown:
                    self.shown.add(n)
                    return Show(seat=n)
            return None
        if state.family == "stud":
            held = {n: len(state.seats[n].hole) for n in state.active_seats}
            fewest = min(held.values())
            for n, count in held.items():
                if count == fewest and count < 7:
                    return DealHole(seat=n, cards=self.cards(1))
            return None
        due = state.variant.board_cards
        dealt = len(state.board)
        total = 0
        for count in due:
            total += count
            if dealt < total:
                return Board(cards=self.cards(total - dealt if dealt else count))
        return None

    def blind_seats(self) -> tuple[int | None, int | None]:
        """Small and big blind: the first two seats dealt in after the button (heads-up: the
        button posts the small blind); the button may be on an empty seat."""
        table = self.state.table
        dealt = [n for n in table.clockwise_from(table.button) if self.state.seats[n].dealt_in]
        if len(dealt) < 2:
            return None, None
        if len(dealt) == 2 and table.button in dealt:
            return table.button, dealt[0]
        return dealt[0], dealt[1]

    def action(self, seat: int) -> Action:
        rng = self.rng
        state = self.state
        if state.family == "stud" and state.street_index == 0 and not state.bring_in_done and rng.random() < 0.7:
            return Action(seat=seat, action="bring-in")
        options = state.legal_options(seat)
        option = rng.choice(options)
        if option.action in ("bet", "raise"):
            amount = rng.choice([option.min_to, option.max_to, rng.randint(option.min_to, option.max_to)])
            all_in = state.seats[seat].street_bet + state.seats[seat].stack
            return Action(seat=seat, action="all-in" if amount == all_in and rng.random() < 0.5 else option.action,
                          amount=amount)
        return Action(seat=seat, action=option.action)


def random_event(state: HandState, rng: random.Random):
    """Anything at all, legal or not."""
    seat = rng.choice(list(state.seats) + [rng.randint(1, 10)])
    card = rng.choice(DECK)
    kind = rng.randrange(9)
    amount = rng.choice([0, 1, 2, 5, 10, 50, 100, 999, 10**9, rng.randint(0, 500)])
    if kind == 0:
        return Post(seat=seat, kind=rng.choice(["small-blind", "big-blind", "ante", "straddle", "big-blind-ante",
                                                "missed-big-blind", "new-player"]), amount=amount)
    if kind == 1:
        return DealHole(seat=seat, cards=rng.sample(DECK, rng.randint(1, 3)))
    if kind == 2:
        return Board(cards=rng.sample(DECK, rng.randint(1, 3)))
    if kind == 3:
        return Burn(card=rng.choice([card, None]))
    if kind == 4:
        return Draw(seat=seat, discards=(card,), replacements=(rng.choice(DECK),))
    if kind == 5:
        return Show(seat=seat, cards=rng.choice([(), tuple(rng.sample(DECK, 2)), ("??", "??")]))
    if kind == 6:
        return Muck(seat=seat)
    if kind == 7:
        return ShowOne(seat=seat, card=card)
    action = rng.choice(["check", "bet", "call", "raise", "fold", "all-in", "complete", "bring-in"])
    return Action(seat=seat, action=action, amount=amount if action in ("bet", "raise", "complete") or
                  rng.random() < 0.2 else None, in_turn=rng.choice([None, None, None, False]))


# ---------------------------------------------------------------------------------- the checks
def check_chips(state: HandState, start: int) -> None:
    assert all(s.stack >= 0 and s.total >= 0 and s.street_bet >= 0 for s in state.seats.values())
    assert sum(s.stack + s.total for s in state.seats.values()) == start, "chips appeared or vanished"
    pots = state.pots()
    in_pots = sum(p.amount for p in pots)
    if state.betting_complete:
        uncalled = state.uncalled_bet()
        in_pots += uncalled[1] if uncalled else 0
    assert in_pots == state.pot, f"pots {pots} do not hold the {state.pot} chips put in"
    assert all(p.eligible and p.amount > 0 for p in pots)


def check_settled(state: HandState, start: int) -> None:
    try:
        result = state.result()
    except FloormanError:
        return   # a hand that cannot be read (a seat dealt the wrong number of cards): refused, not settled
    assert sum(result.net.values()) == 0
    assert sum(result.final_stacks.values()) == start
    assert sum(a.amount for a in result.awards) == sum(p.amount for p in result.pots)
    assert all(sum(a.shares.values()) == a.amount for a in result.awards)


def play(table: Table, seed: int, illegal: float) -> None:
    rng = random.Random(seed)
    state = HandState(table, room=RoomRules(cap_lifted_heads_up=rng.random() < 0.5))
    start = sum(s.stack for s in table.seats)
    dealer = Dealer(state, rng)
    for _ in range(120):
        # questions are asked freely between events: they must never change the hand
        if rng.random() < 0.3:
            before = dump(state)
            state.actor, state.to_call(), state.legal_options(), state.max_raise_to(), state.betting_complete
            assert dump(state) == before, "a question changed the hand"
        event = random_event(state, rng) if rng.random() < illegal else dealer.next_event()
        if event is None:
            break
        before = dump(state)
        try:
            state.apply(event)
        except FloormanError:
            assert dump(state) == before, f"the refused {event!r} changed the hand"
        except Exception as error:  # noqa: BLE001 - the point: nothing else may escape
            raise AssertionError(f"{event!r} raised {type(error).__name__}: {error}") from error
        check_chips(state, start)
    if state.hand_over or (state.betting_complete and state.unfinished() is None):
        live = state.active_seats
        if len(live) == 1 or all(state.seats[n].tabled and "??" not in state.seats[n].hole for n in live):
            check_settled(state, start)


@fuzz()
@given(tables("nlhe"), st.integers(0, 2**32), st.sampled_from([0.0, 0.1, 0.3]))
def test_fuzz_no_limit_holdem(table, seed, illegal):
    play(table, seed, illegal)


@fuzz()
@given(tables("plo"), st.integers(0, 2**32), st.sampled_from([0.0, 0.1, 0.3]))
def test_fuzz_pot_limit_omaha(table, seed, illegal):
    play(table, seed, illegal)


@fuzz()
@given(tables("flhe"), st.integers(0, 2**32), st.sampled_from([0.0, 0.1, 0.3]))
def test_fuzz_fixed_limit_holdem(table, seed, illegal):
    play(table, seed, illegal)


@fuzz()
@given(tables("stud"), st.integers(0, 2**32), st.sampled_from([0.0, 0.1, 0.3]))
def test_fuzz_seven_card_stud(table, seed, illegal):
    play(table, seed, illegal)
