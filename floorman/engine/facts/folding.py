"""Facts for folding incidents (floorman/model/incidents/folding.py).

* `fold_words:<n>`: the seat, whether it is its turn and it faces a bet, what it said
  (`said_fold`, `conditional`), what its cards did (`released`), and `acted_on`: the cards were
  let go, or pushed forward and the next player acted on them as a fold.
"""

from __future__ import annotations

from floorman.engine.facts import Fact, Situation, builds, incident_fact, incident_seat
from floorman.errors import InvalidEvent
from floorman.model.incidents.folding import FoldWords


@builds("fold-words")
def fold_words_facts(situation: Situation, fold: FoldWords, index: int) -> list[Fact]:
    where = f"incidents[{index}]"
    state = situation.state
    incident_seat(situation, fold.seat, f"{where}.seat", live=True)
    if state.actor != fold.seat:
        raise InvalidEvent(f"seat {fold.seat} is not the player to act (seat {state.actor or 'nobody'} is): an "
                           "action out of turn is an `out-of-turn` incident", field=f"{where}.seat")
    to_call = state.to_call(fold.seat)
    fact = incident_fact(situation, "fold_words", index)
    fact.update({
        "seat": fold.seat, "said": fold.said, "said_fold": fold.said == "fold", "conditional": fold.said == "if-i-fold",
        "cards": fold.cards, "released": fold.cards == "released", "next_acted": fold.next_acted,
        "acted_on": fold.cards == "released" or (fold.cards == "forward" and fold.next_acted),
        "to_call": to_call, "facing_bet": to_call > 0,
        "no_bet_note": ("it faced a bet" if to_call else
                        "it faced no bet: a fold with nothing to call is still binding and may be penalised"),
    })
    return [fact]
