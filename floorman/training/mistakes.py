"""The common mistakes a dealer or floor person makes: the quiz's distractors.

Each mistake derives the WRONG answer it leads to from the situation (the hand before the
dispute, the incident, the facts it was ruled on), never by copying the engine's ruling. The quiz
offers it only where its answer differs from the ruling and answers the same question (kinds.py),
so a mistake that happens to give the right answer in a hand (doubling the last bet when nobody
has raised yet) is never offered there. Besides the named mistakes below and in the families,
`as-if:<RULE-ID>` is the mistake of ruling by another rule on the same question whose
circumstance the trainee misjudged (kinds.near_rules). A number question also uses a mistake's
number for the number asked (`asks`), to name the slip in feedback.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from floorman.training.question import Answer


@dataclass
class Case:
    """What a mistake sees: the hand before the dispute and the incident in dispute. `ruling` and
    `facts` (the facts the dispute was ruled on) tell which question the ruling answers (its
    subject, what is stated): a mistake's answer never copies the ruling. `asked`: the ruling
    param a number question asks for."""

    situation: Any
    state: Any                       # HandState before the incident
    incident: Any
    ruling: Any = None
    facts: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    asked: str | None = None

    @property
    def seat(self) -> Any:
        number = getattr(self.incident, "seat", None)
        return self.state.seats.get(number) if number is not None else None

    @property
    def profile(self) -> str:
        return self.situation.profile

    @cached_property
    def near(self) -> dict[str, Any]:
        """The other rules on the question's subject that a misjudged circumstance would apply."""
        from floorman.training.kinds import near_rules

        return near_rules(self) if self.ruling is not None and self.facts else {}

    @cached_property
    def kinds(self) -> frozenset[str]:
        """The decisions of the same kind as the ruling (kinds.kind_decisions)."""
        from floorman.training.kinds import kind_decisions

        return kind_decisions(self)


@dataclass(frozen=True)
class Mistake:
    name: str
    description: str                 # the mistake as the feedback names it: specific, in cardroom words
    derive: Callable[[Case], Answer | None]
    number: Callable[[Case], int | None] | None = None   # the wrong number, for number questions
    asks: tuple[str, ...] = ()       # the ruling params `number` is a wrong value of
    answers: tuple[str, ...] = ()    # the subjects its answer decides, where the rulebook gives it on another

    def wrong_number(self, case: Case) -> int | None:
        """The number this mistake gives for the number asked (None: it gives none for that)."""
        if self.number is None or case.asked not in self.asks:
            return None
        return self.number(case)

    def feedback(self, case: Case) -> str:
        return self.description


@dataclass(frozen=True)
class AsIf(Mistake):
    """Ruling by another rule on the same question, one whose circumstance the trainee misjudged."""

    rule_id: str = ""
    title: str = ""

    def wrong_number(self, case: Case) -> int | None:
        near = case.near.get(self.rule_id)
        value = near.params.get(case.asked) if near is not None and case.asked else None
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    def feedback(self, case: Case) -> str:
        """The rule applied by mistake, and for which case it is: another room's rule, the rule of
        the other kind of game, or the rule for another circumstance."""
        from floorman.training.kinds import room_options

        near = case.near.get(self.rule_id)
        fields = set(near.misjudged) if near is not None else set()
        if fields & {"format", "tournament", "cash_game", "cash"}:
            other = "a cash game" if case.situation.table.format.value == "tournament" else "a tournament"
            why = f"the rule for {other}"
        elif fields and fields <= room_options():
            why = "the rule of a room whose house rule is the other way"
        elif near is not None and not fields:
            why = "a rule this one takes precedence over"
        else:
            why = "the rule for another circumstance"
        return f"{self.description}, {why}"


def as_if(rule: Any) -> AsIf:
    def derive(case: Case) -> Answer | None:
        near = case.near.get(rule.id)
        return near.answer if near is not None else None

    title = rule.title[:1].lower() + rule.title[1:] if not rule.title[:2].isupper() else rule.title
    return AsIf(f"as-if:{rule.id}", f"ruling it by {rule.id} ({title})", derive,
                rule_id=rule.id, title=rule.title)


class Catalogue(dict):
    """Mistake name -> Mistake: the named mistakes, and `as-if:<RULE-ID>` for any rule of the rulebook
    (made when first asked for)."""

    def __missing__(self, name: str) -> Mistake:
        from floorman.rulebook.loader import load_rulebook

        rule = load_rulebook().rules.get(name[len("as-if:"):]) if str(name).startswith("as-if:") else None
        if rule is None or rule.ruling is None:
            raise KeyError(name)
        self[name] = mistake = as_if(rule)
        return mistake

    def __contains__(self, name: object) -> bool:
        if dict.__contains__(self, name):
            return True
        try:
            self[name]
        except KeyError:
            return False
        return True

    def __setitem__(self, name: str, mistake: Mistake) -> None:
        super().__setitem__(name, mistake)
        self.__dict__.pop("_named", None)

    def __delitem__(self, name: str) -> None:
        super().__delitem__(name)
        self.__dict__.pop("_named", None)

    def for_case(self, case: Case) -> list[Mistake]:
        """The named mistakes, then a rule-by-rule mistake for each near rule of the case."""
        if "_named" not in self.__dict__:
            self.__dict__["_named"] = [m for m in self.values() if not isinstance(m, AsIf)]
        return self.__dict__["_named"] + [self[f"as-if:{rule_id}"] for rule_id in case.near]


def _type(case: Case) -> str:
    return case.incident.type


def _facing(case: Case) -> int:
    """The street total the seat faces (0: no bet)."""
    return case.state.current_bet


def _pushed_to(case: Case) -> int | None:
    """The street total the seat's chips would make, counted at face value."""
    seat = case.seat
    chips = getattr(case.incident, "chips", ())
    if seat is None or not chips:
        return None
    return seat.street_bet + sum(chips)


def _wager(case: Case) -> bool:
    return _type(case) == "wager" and case.seat is not None


def _double_last_bet(case: Case) -> Answer | None:
    if _type(case) == "question" and case.incident.asks == "min-raise" and _facing(case):
        return Answer("may-raise", 2 * _facing(case))
    return None


def _reraise_after_short_all_in(case: Case) -> Answer | None:
    if _type(case) == "question" and case.incident.asks == "may-raise" and _facing(case):
        return Answer("may-raise", case.state.min_raise_to())
    return None


def _no_raise_ever(case: Case) -> Answer | None:
    if _type(case) == "question" and case.incident.asks == "may-raise" and _facing(case):
        return Answer("call-or-fold")
    return None


def _silent_chip_is_raise(case: Case) -> Answer | None:
    chips = getattr(case.incident, "chips", ())
    if _wager(case) and len(chips) == 1 and case.incident.declared == "none" and _facing(case):
        return Answer("raise", _pushed_to(case))
    return None


def _chips_at_face_value(case: Case) -> Answer | None:
    """Whatever chips went out are the bet or raise, with no thought for the 50% rule."""
    total = _pushed_to(case) if _wager(case) else None
    if total is None or len(case.incident.chips) < 2:
        return None
    if _facing(case) == 0:
        return Answer("bet", total)
    return Answer("raise", total) if total > _facing(case) else None


def _extra_chips_are_a_call(case: Case) -> Answer | None:
    """Facing a bet, any chips pushed are just a call."""
    if _wager(case) and _facing(case) and case.incident.chips:
        return Answer("call", _facing(case))
    return None


def _string_bet_counts_all(case: Case) -> Answer | None:
    if _wager(case) and case.incident.motions > 1 and case.incident.chips:
        total = _pushed_to(case)
        if total is None:            # no seat: nothing was pushed by anyone
            return None
        if _facing(case) == 0:
            return Answer("bet", total)
        return Answer("raise", total) if total > _facing(case) else None
    return None


def _chips_over_words(case: Case) -> Answer | None:
    """The chips decide, whatever was said first."""
    if _wager(case) and case.incident.declared not in ("none",) and case.incident.chips:
        total = _pushed_to(case)
        if total is None:            # no seat: nothing was pushed by anyone
            return None
        if _facing(case) == 0:
            return Answer("bet", total)
        return Answer("raise", total) if total > _facing(case) else Answer("call", _facing(case))
    return None


def _undercall_as_pushed(case: Case) -> Answer | None:
    total = _pushed_to(case) if _wager(case) else None
    if total is not None and _facing(case) and total < _facing(case) and case.incident.declared == "none":
        return Answer("call", total)
    return None


def _undercall_is_fold(case: Case) -> Answer | None:
    total = _pushed_to(case) if _wager(case) else None
    if total is not None and _facing(case) and total < _facing(case):
        return Answer("fold")
    return None


def _misdeal_for_exposed_card(case: Case) -> Answer | None:
    if _type(case) in ("exposed-card", "deal-error", "boxed-card"):
        return Answer("misdeal")
    return None


def _misdeal_for_premature_board(case: Case) -> Answer | None:
    return Answer("misdeal") if _type(case) in ("premature-board", "four-card-flop", "flop-without-burn") else None


def _ignore_the_irregularity(case: Case) -> Answer | None:
    if _type(case) in ("exposed-card", "deal-error", "boxed-card", "wrong-button", "wrong-blind-level"):
        return Answer("play-on")
    if _type(case) in ("premature-board", "four-card-flop", "flop-without-burn"):
        return Answer("cards-stand")
    return None


def _kill_the_hand(case: Case) -> Answer | None:
    if _type(case) in ("exposed-card", "not-at-seat", "clock-expired", "muck-at-showdown", "deal-error",
                       "hand-fouled", "shown-to-one", "verbal-at-showdown"):
        return Answer("dead-hand")
    return None


def _oot_never_binds(case: Case) -> Answer | None:
    return Answer("not-binding") if _type(case) == "out-of-turn" else None


def _oot_always_binds(case: Case) -> Answer | None:
    return Answer("binding") if _type(case) == "out-of-turn" else None


def _forget_uncalled_bet(case: Case) -> Answer | None:
    if _type(case) == "question" and case.incident.asks == "uncalled":
        return Answer("nothing-returned")
    return None


def _return_whole_bet(case: Case) -> Answer | None:
    """The bettor's whole last bet given back, whoever called part or all of it."""
    if _type(case) != "question" or case.incident.asks != "uncalled":
        return None
    bets = [e.amount for e in case.situation.events if getattr(e, "type", "") == "action"
            and e.seat == case.incident.seat and e.action in ("bet", "raise", "all-in") and e.amount]
    return Answer("return-uncalled", bets[-1]) if bets else None


def _clock_left_to_the_floor(case: Case) -> Answer | None:
    if _type(case) == "clock-expired" and getattr(case.incident, "tie", False) is False:
        return Answer("floor-discretion")
    return None


def _main_pot_first(case: Case) -> Answer | None:
    return Answer("award-main-pot-first") if _type(case) == "showdown-question" and case.incident.asks == "award" \
        else None


def _split_without_low(case: Case) -> Answer | None:
    if _type(case) == "showdown-question" and case.situation.table.variant.value.endswith("hi-lo"):
        return Answer("split-pot")
    return None


def _pot_count_wrong_game(case: Case) -> Answer | None:
    if _type(case) != "question" or case.incident.asks != "count-pot":
        return None
    if case.situation.table.structure.betting.value == "pot-limit":
        return Answer("no-pot-count")
    return Answer("count-pot", case.state.pot) if case.state.pot else None


def _min_bet_small_blind(case: Case) -> Answer | None:
    if _type(case) == "question" and case.incident.asks == "min-bet" and not _facing(case):
        small = case.situation.table.forced_bets.small_blind
        return Answer("min-bet", small) if small else None
    return None


def _hidden_chips_forfeited(case: Case) -> Answer | None:
    if _type(case) == "chips-hidden" and case.incident.where != "off-table":
        return Answer("forfeit")
    return None


def _caller_shows_first(case: Case) -> Answer | None:
    if _type(case) == "showdown-question" and case.incident.asks == "order":
        return Answer("first-to-act-shows-first")
    return None


def _aggressor_always_first(case: Case) -> Answer | None:
    if _type(case) == "showdown-question" and case.incident.asks == "order":
        return Answer("last-aggressor-shows-first")
    return None


def _mucked_hand_retrieved(case: Case) -> Answer | None:
    return Answer("hand-live") if _type(case) == "muck-at-showdown" else None


def _min_raise_adds_big_blind(case: Case) -> Answer | None:
    if _type(case) == "question" and case.incident.asks in ("min-raise", "may-raise") and _facing(case):
        return Answer("may-raise", _facing(case) + case.state.big_blind)
    return None


# the wrong numbers for number questions
def _n_double(case: Case) -> int | None:
    return 2 * _facing(case) if _facing(case) else None


def _n_add_big_blind(case: Case) -> int | None:
    return _facing(case) + case.state.big_blind if _facing(case) else None


def _n_change_from_chip(case: Case) -> int | None:
    """The change counted from the whole bet, not from what the player owed."""
    chips = getattr(case.incident, "chips", ()) if _type(case) == "wager" else ()
    return sum(chips) - _facing(case) if chips and _facing(case) and sum(chips) > _facing(case) else None


def _n_short_chips_as_call(case: Case) -> int | None:
    chips = getattr(case.incident, "chips", ()) if _type(case) == "wager" else ()
    return sum(chips) if chips else None


_MISTAKES = (
    Mistake("double-last-bet", "doubling the last bet for the minimum raise: after a raise on the street the "
            "raise must be at least the largest raise made, so the minimum is the bet plus that raise",
            _double_last_bet, _n_double, asks=("min_raise_to",)),
    Mistake("min-raise-adds-big-blind", "adding one big blind to the bet for the minimum raise: the raise must be "
            "at least the last full bet or raise on the street, not just one big blind",
            _min_raise_adds_big_blind, _n_add_big_blind, asks=("min_raise_to",)),
    Mistake("reraise-after-short-all-in", "letting a player who has already acted re-raise after a short all-in: "
            "an all-in for less than a full raise does not reopen the betting to those who have acted",
            _reraise_after_short_all_in),
    Mistake("never-raise-after-all-in", "thinking nobody may raise after any all-in: a player yet to act, or one "
            "facing a full raise in all, may still raise", _no_raise_ever),
    Mistake("silent-chip-is-raise", "treating a single oversized chip, put out without a word, as a raise: "
            "silently, one chip facing a bet is only a call", _silent_chip_is_raise, _n_change_from_chip,
            asks=("change",)),
    Mistake("chips-at-face-value", "taking every chip pushed as the bet or raise: facing a bet, several chips "
            "raise only when the chips beyond the call make at least half a raise (the 50% rule)",
            _chips_at_face_value),
    Mistake("extra-chips-are-a-call", "calling any push of chips a call: chips that make half a raise or more "
            "beyond the call are a raise", _extra_chips_are_a_call),
    Mistake("string-bet-counts-all", "counting every chip of a push made in two motions: without a word first, "
            "only the first motion counts (a string bet)", _string_bet_counts_all),
    Mistake("chips-over-words", "letting the chips overrule what the player said first: a clear word said "
            "before or with the chips binds", _chips_over_words),
    Mistake("undercall-as-pushed", "letting an undercall stand for the chips pushed: a player who puts out less "
            "than the call without a word is held to the full call (or, facing an opening bet, as the floor "
            "rules)", _undercall_as_pushed, _n_short_chips_as_call, asks=("call_amount",)),
    Mistake("undercall-is-fold", "treating an undercall as a fold: chips put out facing a bet are a call "
            "(corrected to the full amount), never a fold", _undercall_is_fold),
    Mistake("misdeal-for-one-exposed-card", "calling a misdeal for a card exposed by the dealer where the rules "
            "replace it (one card that is not one of the first two off the deck) or after substantial action",
            _misdeal_for_exposed_card),
    Mistake("premature-board-is-misdeal", "calling a misdeal for a board dealt too early: the hand is not void; "
            "the cards dealt too soon are taken back or set aside and the street dealt again",
            _misdeal_for_premature_board, answers=("board",)),
    Mistake("ignore-the-irregularity", "playing on as if the irregularity had not happened: a card out of its "
            "place is put right before the play goes on", _ignore_the_irregularity),
    Mistake("kill-the-hand", "killing a hand the rules keep live: a hand is dead only where a rule says so",
            _kill_the_hand, answers=("exposed-card", "shown-cards")),
    Mistake("oot-never-binds", "letting an out-of-turn action be taken back although the action before it did "
            "not change: it binds when the action comes to the player", _oot_never_binds),
    Mistake("oot-always-binds", "binding an out-of-turn action although a bet or raise came before it: once the "
            "action changes, the player may act again as they choose", _oot_always_binds),
    Mistake("forget-uncalled-bet", "leaving an uncalled bet in the pot: the part of a bet nobody called goes back "
            "to the bettor", _forget_uncalled_bet),
    Mistake("return-whole-bet", "giving the bettor back the whole bet: only the part nobody called goes back; "
            "what was called stays in the pot", _return_whole_bet),
    Mistake("clock-left-to-the-floor", "leaving an expired clock to the floor's discretion: when the count ends "
            "the player's hand is checked if it can check and dead if it faces a bet", _clock_left_to_the_floor,
            answers=("clock",)),
    Mistake("main-pot-first", "awarding the main pot before the side pots: the side pots are awarded first, the "
            "last one out first, then the main pot", _main_pot_first, answers=("award-order",)),
    Mistake("split-without-low", "splitting a high-low pot when no low qualifies: with no low of eight or better "
            "the high hand wins the whole pot", _split_without_low, answers=("low-half",)),
    Mistake("pot-count-wrong-game", "counting the pot where the game does not call for it, or refusing where it "
            "does: the dealer counts the pot in pot-limit, where it sets the largest bet, not in no-limit",
            _pot_count_wrong_game),
    Mistake("min-bet-small-blind", "taking the small blind as the smallest bet: the minimum bet is the big blind",
            _min_bet_small_blind),
    Mistake("hidden-chips-forfeited", "forfeiting chips hidden at the table: chips kept out of sight at the seat "
            "must be brought into view; only chips taken away from the table are forfeited", _hidden_chips_forfeited),
    Mistake("caller-shows-first", "making the caller show first after a bet on the river was called: the last "
            "player to bet or raise on the river shows first", _caller_shows_first),
    Mistake("aggressor-always-first", "making the last aggressor show first when the river was checked: with no "
            "bet on the river, the first player to the left of the button shows first",
            _aggressor_always_first),
    Mistake("mucked-hand-retrieved", "giving back a hand thrown into the muck: a hand that cannot be picked out "
            "with certainty is dead", _mucked_hand_retrieved),
)

#: name -> Mistake (the whole catalogue, with the later families' and the rule-by-rule ones, is
#: floorman.training.families.MISTAKES)
CORE_MISTAKES: dict[str, Mistake] = {m.name: m for m in _MISTAKES}
