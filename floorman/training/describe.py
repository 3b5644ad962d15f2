"""A hand's events in words, for the prompts of generated questions: street by street, as a dealer
would tell the floor what happened ("Before the flop: seat 5 raises to 600, seats 6 and 1 fold.")."""

from __future__ import annotations

from typing import Any

from floorman.training.wording import game_line, seats_list, sentence

_VERBS = {"check": "checks", "call": "calls", "fold": "folds", "bet": "bets", "raise": "raises to",
          "all-in": "is all in for", "bring-in": "brings it in for", "complete": "completes to"}
_PLURAL = {"checks": "check", "calls": "call", "folds": "fold"}
_STREETS = ("Flop", "Turn", "River")


def describe_event(event: Any) -> str:
    """One action in words ('seat 3 raises to 600'); '' for an event that is not an action."""
    if getattr(event, "type", "") != "action":
        return ""
    verb = _VERBS.get(event.action, event.action)
    sized = event.amount is not None and event.action in ("bet", "raise", "all-in", "complete", "bring-in")
    if event.action == "all-in" and not sized:
        return f"seat {event.seat} is all in"
    return f"seat {event.seat} {verb}" + (f" {event.amount:,}" if sized else "")


def _grouped(actions: list[Any]) -> list[str]:
    """Actions in words, a run of seats doing the same (fold, check, call) said once."""
    out: list[tuple[list[int], str]] = []
    for event in actions:
        words = describe_event(event)
        if not words:
            continue
        verb = words.split(" ", 2)[2]
        if out and verb in _PLURAL and out[-1][1] == verb:
            out[-1][0].append(event.seat)
        else:
            out.append(([event.seat], verb))
    return [f"{seats_list(seats)} {_PLURAL[verb] if len(seats) > 1 else verb}" for seats, verb in out]


def story(table: Any, events: list[Any]) -> str:
    """The game, then the hand so far street by street (the posts are the table picture's)."""
    head = game_line(table)
    streets: list[tuple[str, list[Any]]] = [("Before the flop", [])]
    boards = 0
    for event in events:
        kind = getattr(event, "type", "")
        if kind == "board":
            name = _STREETS[min(boards, 2)]
            boards += 1
            streets.append((f"{name} {' '.join(event.cards)}", []))
        elif kind == "action":
            streets[-1][1].append(event)
    parts = []
    for name, actions in streets:
        said = _grouped(actions)
        if said or name != "Before the flop":
            parts.append(f"{name}: {', '.join(said)}." if said else f"{name}.")
    if not parts:
        return f"{head} The blinds are posted."
    return f"{head} {' '.join(sentence(p) for p in parts)}"
