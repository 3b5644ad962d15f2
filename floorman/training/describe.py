"""Events and incidents in words, for the prompts of generated questions."""

from __future__ import annotations

from typing import Any


def describe_event(event: Any) -> str:
    kind = getattr(event, "type", "")
    if kind == "board":
        return "board " + " ".join(event.cards)
    if kind != "action":
        return ""
    verb = {"check": "checks", "call": "calls", "fold": "folds", "bet": "bets", "raise": "raises to",
            "all-in": "is all in for", "bring-in": "brings in", "complete": "completes to"}.get(event.action,
                                                                                               event.action)
    amount = f" {event.amount:,}" if event.amount is not None and event.action in ("bet", "raise", "all-in",
                                                                                  "complete") else ""
    if event.action == "all-in" and not amount:
        verb = "is all in"
    return f"seat {event.seat} {verb}{amount}"


def describe_incident(incident: Any) -> str:
    kind = incident.type
    if kind == "wager":
        chips = ", ".join(f"{c:,}" for c in incident.chips)
        how = f" in {incident.motions} motions" if incident.motions > 1 else ""
        said = f" saying '{incident.declared}'" if incident.declared not in ("none",) else " without a word"
        return f"seat {incident.seat} puts out {chips}{how}{said}"
    if kind == "question":
        return f"seat {incident.seat} asks the floor ({incident.asks})" if incident.seat else \
            f"the dealer asks the floor ({incident.asks})"
    if kind == "out-of-turn":
        amount = f" {incident.amount:,}" if incident.amount else ""
        return f"seat {incident.seat} acts out of turn: {incident.action}{amount}"
    if kind == "exposed-card":
        return f"the {incident.by} exposes a card of seat {incident.seat}"
    if kind == "premature-board":
        return f"the dealer deals the {incident.street} before the betting is over"
    return kind.replace("-", " ")
