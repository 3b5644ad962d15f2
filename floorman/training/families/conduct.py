"""Quiz templates and common mistakes for the conduct family (see families/__init__.py): one player to
a hand, collusion, devices, abuse and etiquette; the penalty ladder at the table as it is;
complaints the floor answers by its authority; chips found behind an all-in, lost chips, token bets."""

from __future__ import annotations

from floorman.model.incidents.conduct import (
    OFFENCES,
    ChipsFoundBehind,
    Complaint,
    Conduct,
    LostChips,
    Penalty,
    TokenBet,
)
from floorman.training.families._shared import always, fold_around
from floorman.training.mistakes import Mistake
from floorman.training.question import Answer
from floorman.training.templates import Draft, Template, act, actor, chips_of, deal, open_action, story, to_flop
from floorman.training.wording import plural

#: how each offence reads in a question
_SAID = {
    "disclosure": "says which cards it folded", "advice": "whispers advice to seat {other}",
    "reading-hand": "reads seat {other}'s untabled hand aloud",
    "collusion": "is found sharing hole cards with seat {other}",
    "chip-dumping": "is found losing chips on purpose to seat {other}", "bot": "is found letting software play",
    "soft-play": "is found not betting into its friend in seat {other}", "device": "reads a text message",
    "strategy-aid": "studies a push-fold chart at the table", "language": "talks with seat {other} in another language",
    "identity": "plays with a hood up and the face covered", "abuse": "swears at seat {other}",
    "throwing": "throws its cards at the dealer", "stalling": "takes several minutes over every decision",
    "splashing": "splashes its chips into the pot", "false-claim": "announces a hand it does not have",
    "angle-shot": "reaches as if to call to watch seat {other}'s reaction", "slow-roll": "slow-rolls a winner",
    "exposing-cards": "turns its cards up toward seat {other}", "left-table": "walks away from the table",
    "dodging-blinds": "is found to have stayed away to miss its big blind",
    "cards-hidden": "holds its cards in its lap",
}


def _history(warnings: int, penalties: int) -> str:
    if not warnings and not penalties:
        return "It is the player's first offence today."
    return (f"The player has had {plural(warnings, 'warning')} and served {plural(penalties, 'penalty', 'penalties')} "
            "today.")


def _conduct(rng, difficulty, floor, profile):
    b = deal(rng, difficulty, floor, profile)
    open_action(b, rng, difficulty)
    state = b.state
    live = sorted(state.active_seats)
    actor = state.actor
    offence = rng.choice(sorted(OFFENCES))
    folded = [n for n in state.seats if n not in live]
    seat = rng.choice(folded) if offence in ("disclosure", "advice", "reading-hand") and folded else rng.choice(live)
    others = [n for n in live if n != seat] or [n for n in state.seats if n != seat]
    other = actor if actor in others else rng.choice(others)
    warnings = rng.choice((0, 0, 1, 2))
    penalties = rng.choice((0, 0, 0, 1))
    online = offence in ("bot", "collusion", "chip-dumping", "strategy-aid") and rng.random() < 0.2
    nuts = offence == "soft-play" and rng.random() < 0.3
    b.add_incident(Conduct(seat=seat, offence=offence, other_seat=other, prior_warnings=warnings,
                           prior_penalties=penalties, online=online, nuts_last_to_act=nuts))
    did = _SAID[offence].format(other=other)
    extra = (" The game is online." if online else "") + \
            (" It was a river check behind with the exclusive nuts, last to act." if nuts else "")
    return Draft(b, f"{story(b)} Seat {seat} {did}.{extra} {_history(warnings, penalties)} What is the ruling?")


def _penalty(rng, difficulty, floor, profile):
    b = deal(rng, difficulty, floor, profile)
    seat = rng.choice(sorted(b.state.seats))
    severity = rng.choice(("minor", "minor", "serious", "cheating"))
    warnings, penalties = rng.choice((0, 1, 1, 2)), rng.choice((0, 0, 1, 2))
    b.add_incident(Penalty(seat=seat, severity=severity, prior_warnings=warnings, prior_penalties=penalties))
    ask_hands = severity != "cheating" and rng.random() < 0.5
    question = "How many hands does the player miss?" if ask_hands else "What is the penalty?"
    return Draft(b, f"{story(b)} Seat {seat} commits a {severity} offence. {_history(warnings, penalties)} "
                    f"{question}", "hands_missed" if ask_hands else None)


_TOPICS = {"legal-strategy": "complains that an opponent check-raised and bluffed",
           "house-rule": "objects that the room's posted rule differs from the TDA",
           "not-covered": "raises a situation no written rule covers",
           "decision-final": "asks the floor to change a ruling already made"}


def _complaint(rng, difficulty, floor, profile):
    b = deal(rng, difficulty, floor, profile)
    seat = rng.choice(sorted(b.state.seats))
    topic = rng.choice(sorted(_TOPICS))
    b.add_incident(Complaint(seat=seat, topic=topic))
    return Draft(b, f"{story(b)} Seat {seat} {_TOPICS[topic]}. What does the floor say?")


def _chips_found_behind(rng, difficulty, floor, profile):
    b = deal(rng, difficulty, floor, profile)
    to_flop(b, rng)
    bettor = actor(b)
    act(b, "bet", b.state.big_blind * rng.randint(2, 6))
    all_in = actor(b)
    seat = b.state.seats[all_in]
    act(b, "all-in", seat.street_bet + seat.stack)
    fold_around(b, bettor)
    found = b.state.big_blind * rng.choice((5, 10, 25))
    accepted = rng.random() < 0.5
    b.add_incident(ChipsFoundBehind(seat=bettor, all_in_seat=all_in, amount=found, part_of_action=accepted))
    ruled = "part of the action the caller accepted" if accepted else "not part of the accepted action"
    return Draft(b, f"{story(b)} Seat {bettor} calls; then {found:,} in chips is found behind seat {all_in}'s "
                    f"cards. The TD rules them {ruled}. What happens to them?")


def _lost_chips(rng, difficulty, floor, profile):
    # a tournament: the rule is the tournament's (a cash game's lost chips are the house's business)
    b = deal(rng, difficulty, floor, profile, fmt="tournament")
    big = b.state.big_blind
    chip = rng.choice([c for c in chips_of(b) if big <= c <= 25 * big] or chips_of(b)[-1:])
    b.add_incident(LostChips(amount=chip))
    return Draft(b, f"{story(b)} A {chip:,} chip is found under the table. Nobody can show whose it is. "
                    "What happens to it?")


def _token_bet(rng, difficulty, floor, profile):
    b = deal(rng, difficulty, floor, profile)
    open_action(b, rng, difficulty)
    seat = actor(b)
    item = rng.choice(("bounty-chip", "clock-token"))
    b.add_incident(TokenBet(seat=seat, item=item, pushed_forward=True))
    return Draft(b, f"{story(b)} Seat {seat} pushes its {item.replace('-', ' ')} over the line without a word. "
                    "What is it?")


TEMPLATES: tuple[Template, ...] = (
    Template("conduct", "conduct", _conduct),
    Template("penalty", "conduct", _penalty),
    Template("complaint", "conduct", _complaint),
    Template("chips-found-behind", "conduct", _chips_found_behind),
    Template("lost-chips", "conduct", _lost_chips),
    Template("token-bet", "conduct", _token_bet),
)


# ----------------------------------------------------------------------------- common mistakes
def _full_table_round_number(case) -> int | None:
    """A missed round counted as a full table's hands (the seats of the table, not the players seated)."""
    if case.incident.type not in ("penalty", "conduct"):
        return None
    table = case.situation.table
    return table.seat_count if len(table.seats) != table.seat_count else None


def _warning_for_cheating(case) -> Answer | None:
    """Collusion or chip dumping answered with a warning, as if it were etiquette."""
    incident = case.incident
    if incident.type == "penalty" and incident.severity == "cheating":
        return Answer("verbal-warning")
    return None


def _hand_killed_for_exposure(case) -> Answer | None:
    """Killing the hand of a player who exposed cards with action pending."""
    incident = case.incident
    if incident.type == "conduct" and incident.offence == "exposing-cards":
        return Answer("dead-hand")
    return None


MISTAKES: tuple[Mistake, ...] = (
    Mistake("round-is-a-full-table", "counting a missed round as a full table of hands instead of one hand per "
            "player seated", lambda case: None, _full_table_round_number),
    Mistake("cheating-only-warned", "giving only a warning for cheating (collusion, chip dumping)",
            _warning_for_cheating),
    Mistake("exposure-kills-hand", "killing the hand of a player who exposed cards with action pending",
            _hand_killed_for_exposure, answers=("conduct",)),
    Mistake("lost-chips-to-finder", "giving chips nobody can claim to the player who found them",
            always("lost-chips", Answer("given-to-the-finder")), answers=("lost-chips",)),
    Mistake("token-is-a-chip", "counting a bounty chip or clock token as a chip of its colour",
            always("token-bet", Answer("counts-as-a-chip")), answers=("token-bet",)),
)
