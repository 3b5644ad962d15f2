"""Issue 15 item 3: the table takes the dispute as it is said, and never shows an internal path.

* a card entered before the betting is over is ruled (premature-board), a street entered too
  soon says which to deal first, a street's card entered after the street began names it;
* an action at the start of a street whose card is not entered yet starts the street;
* a refusal that is really a dispute is ruled (a duplicate card, a card not in the deck, cards to
  a seat not dealt in, a third hole card, a pot-limit overbet) or names the line to type (an
  action by a folded seat, chips from an all-in seat, a bet beyond the stack, a check facing a bet);
* every refusal path reachable from `table` (and `ask`'s "answers that make no hand") is fed,
  and none shows `incidents[0]...` or `events[3]...`.
"""

from __future__ import annotations

import re

import pytest

from floorman.engine.floor import Floor
from floorman.model.incidents import INCIDENT_TYPES, _load_families
from floorman.notation.errors import user_text
from floorman.notation.incident_help import _made_example, example
from floorman.session import TableSession

INTERNAL = re.compile(r"\b(?:incidents|events|rulings)\[\d+\]")
HEADS_UP = "nl 100/200 tournament 2 seats 10000 button 2"
THREE = "nl 100/200 tournament 3 seats 10000 button 3"


@pytest.fixture(scope="module")
def floor() -> Floor:
    return Floor()


def table(floor: Floor, setup: str, *lines: str) -> TableSession:
    session = TableSession(floor=floor)
    assert session.start(setup).ok
    for line in lines:
        outcome = session.enter(line)
        assert outcome.ok, (line, outcome.error)
    return session


def shown(outcome) -> str:
    """Everything a line printed in words: the error, the notes, the rulings' texts."""
    parts = [outcome.error or "", *outcome.notes]
    for ruling in outcome.rulings:
        ruling = ruling.ruling
        parts += [ruling.rule_id, ruling.title, ruling.decision, *map(str, ruling.steps), *map(str, ruling.params.values())]
    return "\n".join(parts)


# ----------------------------------------------------------------------------- cards as they are said

def test_a_premature_turn_entered_as_a_card_is_ruled(floor):
    session = table(floor, HEADS_UP, "s2 call", "s1 check", "flop ?? ?? ??", "s1 check")
    outcome = session.enter("turn 8s")
    assert outcome.ok and "came before the flop betting was over" in outcome.notes[0]
    ruling = outcome.rulings[0].ruling
    assert ruling.rule_id.startswith("BOARD-PREMATURE-TURN") and ruling.params["street"] == "turn"
    assert session.builder.incidents[-1].cards == ("8s",)


def test_a_street_entered_too_soon_says_which_to_deal_first(floor):
    session = table(floor, HEADS_UP, "s2 call", "s1 check")
    outcome = session.enter("turn 8s")
    assert not outcome.ok and "deal the flop first (`flop CARDS` or `flop ?? ?? ??`)" in outcome.error


def test_an_out_of_turn_check_before_the_river_is_entered_starts_the_river(floor):
    """Issue 15 repro: `checked to river` then `s2 check` printed `incidents[0].seat: ...`."""
    session = table(floor, HEADS_UP, "s2 call", "s1 check", "checked to river")
    outcome = session.enter("s2 check")
    assert outcome.ok, outcome.error
    assert "the river was not entered: dealt as unknown (`river CARD` names it)" in outcome.notes
    assert outcome.rulings[0].ruling.rule_id == "ACT-OOT-BACK-UP"
    assert not INTERNAL.search(shown(outcome))
    named = session.enter("river 9c")
    assert named.ok and "the river named: 9c" in named.notes and session.state.board[-1] == "9c"
    assert session.state.actor == 1          # the out-of-turn ruling still stands on the named river


def test_a_card_already_out_is_not_dealt_again(floor):
    session = table(floor, HEADS_UP, "s2 call", "s1 check", "flop Ah Kd 7c")
    outcome = session.enter("flop 2c 3c 4c")
    assert not outcome.ok and "the flop is out already (Ah Kd 7c)" in outcome.error


@pytest.mark.parametrize(("setup", "lines", "line", "rule_or_words"), [
    (THREE, ["s1 dealt As Kd"], "s2 dealt As Qd", "duplicate card"),
    ("short-deck 100/200 3 seats 10000 button 3", [], "s1 dealt 2c As", "not in the short-deck deck"),
    (THREE, ["s1 dealt As Kd"], "s1 dealt Qh", "would hold 3 cards"),
    ("nl 100/200 seats 1:10000 2:10000 3:10000 button 1", [], "s7 dealt As Kd", "DEAL-MISDEAL-SEAT-NOT-ENTITLED"),
    ("nl 100/200 seats 1:10000 2:10000 3:10000 4:10000 button 3", [], "s3 raise 100000", "has 10,000 in all"),
    ("pl 100/200 3 seats 10000 button 3", [], "s3 raise 5000", "above the pot-limit maximum of 700"),
])
def test_a_refusal_that_is_a_dispute_is_ruled_or_named(floor, setup, lines, line, rule_or_words):
    session = table(floor, setup, *lines)
    outcome = session.enter(line)
    assert rule_or_words in shown(outcome), shown(outcome)
    assert not INTERNAL.search(shown(outcome))


def test_the_refusals_that_name_the_line_to_type(floor):
    session = table(floor, "nl 100/200 3 seats 1000 button 3", "s3 allin", "s1 call", "s2 fold")
    chips = session.enter("s3 bet 500")
    assert "`incident chips-found-behind seat=1 all_in_seat=3 amount=500`" in chips.error
    folded = table(floor, THREE, "s3 fold")
    acted = folded.enter("s3 call")
    assert "seat 3 folded earlier" in acted.error and "`incident fold-words seat=3" in acted.error
    check = table(floor, THREE, "s3 raise 600").enter("s1 check")
    assert "`s1 says check`" in check.error
    beyond = table(floor, THREE).enter("s3 raise 20000")
    assert "`s3 allin`" in beyond.error and "`incident chips-hidden seat=3 where=behind-stack`" in beyond.error


def test_every_named_line_is_a_line_the_table_reads(floor):
    """The incident lines a refusal names are typed as they are shown and read."""
    session = table(floor, "nl 100/200 3 seats 1000 button 3", "s3 allin", "s1 call", "s2 fold")
    named = re.search(r"`(incident [^`]+)`", session.enter("s3 bet 500").error).group(1)
    assert session.enter(named).ok
    folded = table(floor, THREE, "s3 fold")
    named = re.search(r"`(incident [^`]+)`", folded.enter("s3 call").error).group(1)
    outcome = folded.enter(named)
    assert outcome.error is None or not INTERNAL.search(outcome.error)


# ----------------------------------------------------------------------------- every refusal path, fed

NOTATION = ["s3 rasie 25", "s9 call", "hello", "flop As Kd", "flop As Kx 7c", "turn 2h 3h", "s3 raise",
            "s3 chips", "s3 chips 0", "s3 chips 0x5", "incident boxd-card", "incident wager seat=3 chipz=100",
            "incident wager", "incident wager seat=x", "incident out-of-turn seat=3", "what if what if s3 call",
            "what if pots", "save nothing.txt", "s3 oot bet", "dealer exposes s3 card", "s3 raise " + "9" * 60,
            "river pot", "river pot 10 live 1", "flop pot 61 live 1 2", "help no-such-type", "s3 asks nothing",
            "incident premature-board street=fourth", "incident exposed-card by=dealer seat=3 deal_positions=0"]
STATE = [[THREE, "s1 call"], [THREE, "s3 call", "s1 call", "s2 check", "s2 bet 100"],
         [THREE, "s3 fold", "s3 call"], [THREE, "s3 call", "s1 call", "s2 check", "river 9c"],
         [THREE, "s3 call", "s3 call"], [THREE, "s3 call", "s1 call", "s2 call"],
         [THREE, "s1 dealt As Kd Qh"], [THREE, "s3 show As"], [THREE, "s3 mucks"], [THREE, "s3 shows As Kd"],
         ["nl 100/200 3 seats 1000 button 3", "s3 allin", "s1 call", "s2 fold", "s1 check"],
         [THREE, "s3 raise 300"], [THREE, "s3 call", "s1 call", "s2 check", "flop Ah Kd 7c", "flop 2c 3c 4c"],
         ["stud 100/200 3 seats 10000", "flop Ah Kd 7c"], ["stud 100/200 3 seats 10000", "river pot 100 live 1 2"],
         [THREE, "undo", "undo"], [THREE, "new hand", "s9 fold"], ["fl 100/200 3 seats 10000 button 3", "s3 raise 500"]]


def test_every_refusal_path_reachable_from_the_table_shows_no_internal_path(floor):
    """Each generic incident (a bundled example and one made from its required fields) at three
    points of a hand, the notation's refusals and the hand's: counted, and none shows a path."""
    _load_families()
    refusals: dict[str, str] = {}

    def feed(setup: str, lines: list[str]) -> None:
        session = TableSession(floor=floor)
        assert session.start(setup).ok
        for line in lines:
            outcome = session.enter(line)
            text = shown(outcome)
            assert not INTERNAL.search(text), (line, text)
            if outcome.error:
                assert "\n" not in outcome.error and "Traceback" not in outcome.error
                refusals.setdefault(re.sub(r"\d[\d,]*", "N", outcome.error.split(" (expected")[0]), line)

    stages = [[], ["s3 call", "s1 call", "s2 check", "flop Ah Kd 7c"],
              ["s3 call", "s1 call", "s2 check", "checked to river", "s1 check", "s2 check", "s3 check"]]
    for stage in stages:
        for kind in sorted(INCIDENT_TYPES):
            for line in sorted({example(kind), _made_example(kind)}):
                feed(THREE, [*stage, line])
    for line in NOTATION:
        feed(THREE, [line])
    for setup, *lines in STATE:
        feed(setup, lines)
    assert len(refusals) >= 95, len(refusals)
    print(f"\n{len(refusals)} distinct refusal paths fed, none with an internal path")


def test_ask_never_shows_an_internal_path():
    from floorman.cli.ask_command import _one_line
    from floorman.errors import InvalidEvent

    error = InvalidEvent("no chips and no words", field="incidents[0].chips")
    assert _one_line(error) == "no chips and no words"
    assert user_text("the hand is void (DECK-FOULED on incident 0: void-hand)") == \
        "the hand is void (DECK-FOULED: void-hand)"


def test_every_ask_dispute_with_its_defaults_shows_no_internal_path():
    """Each dispute of `ask` answered with every default, and with answers that make no hand
    (no chips and no words; a bet above the stack): whatever is refused is said without a path."""
    from floorman.cli.ask_command import _one_line
    from floorman.consult import BadAnswer, Consultation
    from floorman.errors import FloormanError

    base = Consultation()
    said = 0
    for dispute in base.disputes():
        for answers in ({}, {"wager.chips": "none", "wager.declared": "none"}, {"out-of-turn.amount": "50000",
                                                                                "out-of-turn.action": "bet"}):
            consultation = Consultation(rulebook=base.rulebook, questions=base.questions)
            consultation.choose(dispute.type)
            try:
                while (question := consultation.next_question()) is not None:
                    consultation.answer(answers.get(question.input.name, ""))
                consultation.rule()
            except (BadAnswer, FloormanError) as error:
                said += 1
                assert not INTERNAL.search(_one_line(error)), (dispute.type, _one_line(error))
    assert said >= 2
