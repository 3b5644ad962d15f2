"""The PHH / PHHS reader: variants, seats and button, forced bets, amounts, actions, and the
errors a malformed file gives (file, line, hand section, field or action index)."""

from __future__ import annotations

import tomllib
from decimal import Decimal
from pathlib import Path

import pytest

from floorman import phh
from floorman.errors import InputFileError
from floorman.model.events import EVENT_ADAPTER, Action, DealHole, Draw, Muck, Post, Show
from floorman.model.table import BettingStructure, GameFormat, Variant
from floorman.phh import actions as phh_actions
from floorman.phh import table_setup as phh_setup
from floorman.phh.toml_subset import read_toml

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "phh"


def hand_text(**fields: str) -> str:
    base = {
        "variant": "'NT'",
        "antes": "[0, 0, 0]",
        "blinds_or_straddles": "[1, 2, 0]",
        "min_bet": "2",
        "starting_stacks": "[100, 100, 100]",
        "actions": "['d dh p1 AsKs', 'd dh p2 QdQc', 'd dh p3 7h2c', 'p3 f', 'p1 cbr 6', 'p2 cc', "
                   "'d db 2d3d4d', 'p1 cc', 'p2 cc', 'd db 9s', 'p1 cc', 'p2 cc', 'd db Td', 'p1 cc', "
                   "'p2 cc', 'p1 sm AsKs', 'p2 sm QdQc']",
    }
    base.update(fields)
    return "\n".join(f"{key} = {value}" for key, value in base.items() if value is not None) + "\n"


def one(text: str, source: str = "hand.phh") -> phh.PhhHand:
    return phh.parse_phh(text, source=source)


def posts(hand: phh.PhhHand) -> list[tuple[int, str, int]]:
    return [(e.seat, e.kind, e.amount) for e in hand.events if isinstance(e, Post)]


# ------------------------------------------------------------------------------------- variants
GAMES = {
    "NT": (Variant.HOLDEM, BettingStructure.NO_LIMIT),
    "NS": (Variant.SHORT_DECK, BettingStructure.NO_LIMIT),
    "PO": (Variant.OMAHA, BettingStructure.POT_LIMIT),
    "FT": (Variant.HOLDEM, BettingStructure.FIXED_LIMIT),
    "FO/8": (Variant.OMAHA_HI_LO, BettingStructure.FIXED_LIMIT),
    "F7S": (Variant.STUD, BettingStructure.FIXED_LIMIT),
    "F7S/8": (Variant.STUD_HI_LO, BettingStructure.FIXED_LIMIT),
    "FR": (Variant.RAZZ, BettingStructure.FIXED_LIMIT),
    "N2L1D": (Variant.DEUCE_SEVEN_SINGLE_DRAW, BettingStructure.NO_LIMIT),
    "F2L3D": (Variant.DEUCE_SEVEN_TRIPLE_DRAW, BettingStructure.FIXED_LIMIT),
}


@pytest.mark.parametrize("code", sorted(GAMES))
def test_every_variant_code_maps_to_a_floorman_game(code):
    variant, betting = GAMES[code]
    fields = {"variant": f"'{code}'", "actions": "[]"}
    if variant.family == "stud":
        fields.update(blinds_or_straddles=None, min_bet=None, bring_in="1", small_bet="2", big_bet="4")
    elif betting is BettingStructure.FIXED_LIMIT:
        fields.update(min_bet=None, small_bet="2", big_bet="4")
    hand = one(hand_text(**fields))
    assert phh.VARIANTS[code] == (variant, betting)
    assert hand.table.variant is variant and hand.table.structure.betting is betting
    assert (hand.table.button is None) == (variant.family == "stud")
    if betting is BettingStructure.FIXED_LIMIT:
        assert (hand.table.structure.small_bet, hand.table.structure.big_bet) == (2, 4)
    if variant.family == "stud":
        assert hand.table.forced_bets.bring_in == 1


def test_badugi_and_unknown_codes_are_refused_by_name():
    with pytest.raises(InputFileError, match=r"variant: 'FB' is not a game floorman plays"):
        one(hand_text(variant="'FB'"))


# ------------------------------------------------------------------------------------- seats and button
def test_players_sit_clockwise_and_the_last_player_has_the_button():
    hand = one(hand_text())
    assert [s.number for s in hand.table.seats] == [1, 2, 3] and hand.table.button == 3
    assert posts(hand) == [(1, "small-blind", 1), (2, "big-blind", 2)]
    assert hand.seats == (1, 2, 3) and hand.seat_of(3) == 3 and hand.player_of(2) == 2


def test_the_seats_field_gives_the_table_seat_numbers_when_it_runs_clockwise():
    hand = one(hand_text(seats="[5, 7, 2]", seat_count="9"))
    assert [s.number for s in hand.table.seats] == [5, 7, 2]
    assert hand.table.button == 2 and hand.table.seat_count == 9
    assert posts(hand) == [(5, "small-blind", 1), (7, "big-blind", 2)]
    # not clockwise from p1: the reader falls back to seats 1..N
    assert one(hand_text(seats="[5, 2, 7]")).seats == (1, 2, 3)


def test_heads_up_the_button_posts_the_small_blind_as_pokerkit_reverses_the_blinds():
    """pokerkit heads-up: p1 pays blinds_or_straddles[1] and antes[1]; p2 (the button) entry [0]."""
    hand = one(hand_text(antes="[1, 2]", blinds_or_straddles="[5, 10]", starting_stacks="[100, 100]",
                         actions="['d dh p1 AsKs', 'd dh p2 QdQc', 'p2 cc', 'p1 cc']"))
    assert hand.table.button == 2
    assert posts(hand) == [(1, "ante", 2), (2, "ante", 1), (1, "big-blind", 10), (2, "small-blind", 5)]
    from floorman.model.state import HandState

    state = HandState(hand.table)
    for event in hand.events[:6]:
        state.apply(event)
    assert state.actor == 2          # the button acts first pre-flop heads-up


def test_antes_big_blind_ante_and_button_ante():
    every = one(hand_text(antes="[1, 1, 1]"))
    assert every.table.forced_bets.ante_style == "every-player" and every.table.forced_bets.ante == 1
    assert [p for p in posts(every) if p[1] == "ante"] == [(1, "ante", 1), (2, "ante", 1), (3, "ante", 1)]
    bba = one(hand_text(antes="[0, 2, 0]"))
    assert bba.table.forced_bets.ante_style == "big-blind"
    assert (2, "big-blind-ante", 2) in posts(bba)
    button = one(hand_text(antes="[0, 0, 3]"))
    assert button.table.forced_bets.ante_style == "button" and (3, "button-ante", 3) in posts(button)


def test_a_big_blind_ante_is_dead_money_that_stays_in_the_pot():
    """Folded to the big blind: only the small blind's unmatched part of the big blind goes back."""
    hand = one(hand_text(antes="[0, 2, 0]", actions="['p3 f', 'p1 f']"))
    report = phh.replay_hand(hand)
    assert report.result is not None and report.result.uncalled == (2, 1)
    assert report.result.final_stacks == {1: 99, 2: 101, 3: 100}


def test_straddles_and_negative_entries_posted_by_new_players():
    hand = one(hand_text(blinds_or_straddles="[1, 2, 4, -2]", antes="[0, 0, 0, 0]",
                         starting_stacks="[100, 100, 100, 100]", actions="[]"))
    assert posts(hand) == [(1, "small-blind", 1), (2, "big-blind", 2), (3, "straddle", 4),
                           (4, "new-player", 2)]
    assert hand.table.forced_bets.straddles == (4,)
    from floorman.model.state import HandState

    state = HandState.replay(hand.table, hand.events)
    assert state.actor == 4 and state.to_call(4) == 2    # the new player's post is live


def test_a_lone_blind_is_the_big_blind_for_example_a_button_blind():
    hand = one(hand_text(blinds_or_straddles="[0, 0, 3]", actions="[]"))
    assert posts(hand) == [(3, "big-blind", 3)] and hand.table.forced_bets.big_blind == 3


# ------------------------------------------------------------------------------------- amounts
def test_decimal_amounts_become_whole_chips_with_one_scale_for_the_hand():
    hand = one(hand_text(antes="[0.25, 0.25, 0.25]", blinds_or_straddles="[0.50, 1, 0]", min_bet="1",
                         starting_stacks="[100, 99.75, 50]",
                         actions="['p3 cbr 3.5', 'p1 f', 'p2 f']"))
    assert hand.scale == 100
    assert [s.stack for s in hand.table.seats] == [10000, 9975, 5000]
    assert posts(hand)[:1] == [(1, "ante", 25)]
    raise_ = next(e for e in hand.events if isinstance(e, Action))
    assert raise_.action == "raise" and raise_.amount == 350
    assert hand.format_amount(350) == "3.50" and hand.to_units(350) == Decimal("3.5")
    report = phh.replay_hand(hand)
    assert report.result.final_stacks == {1: 9925, 2: 9850, 3: 5200}


def test_infinite_starting_stacks_are_unknown_stacks():
    hand = one(hand_text(starting_stacks="[inf, inf, 40]"))
    assert [s.stack for s in hand.table.seats] == [phh.UNKNOWN_STACK, phh.UNKNOWN_STACK, 40]
    assert hand.unknown_stacks == frozenset({1, 2})


def test_recorded_finishing_stacks_in_chips():
    hand = one(hand_text(finishing_stacks="[106, 94, 100]"))
    assert hand.finishing_stacks == {1: 106, 2: 94, 3: 100}
    assert one(hand_text(finishing_stacks="[106.5, 93.5, 100]")).finishing_stacks is None   # half chips


# ------------------------------------------------------------------------------------- actions
def test_actions_become_floorman_events():
    hand = one(hand_text())
    kinds = [(type(e).__name__, getattr(e, "seat", None), getattr(e, "action", None)) for e in hand.events]
    assert kinds[2:] == [
        ("DealHole", 1, None), ("DealHole", 2, None), ("DealHole", 3, None),
        ("Action", 3, "fold"), ("Action", 1, "raise"), ("Action", 2, "call"),
        ("Board", None, None), ("Action", 1, "check"), ("Action", 2, "check"),
        ("Board", None, None), ("Action", 1, "check"), ("Action", 2, "check"),
        ("Board", None, None), ("Action", 1, "check"), ("Action", 2, "check"),
        ("Show", 1, None), ("Show", 2, None)]
    assert hand.event_actions[:2] == [None, None] and hand.event_actions[2:5] == [0, 1, 2]
    report = phh.replay_hand(hand)
    assert report.regular and report.result.final_stacks == {1: 94, 2: 106, 3: 100}


def test_unknown_cards_muck_show_held_and_commentary():
    hand = one(hand_text(actions="['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 f # tanks, then folds', "
                                  "'# a note', 'p1 cc', 'p2 cc', 'd db 2d3d4d', 'p1 cc', 'p2 cc', 'd db 9s', "
                                  "'p1 cc', 'p2 cc', 'd db Td', 'p1 cc', 'p2 cc', 'p1 sm -', 'p2 sm']"))
    deal = next(e for e in hand.events if isinstance(e, DealHole))
    assert deal.cards == ("??", "??")
    fold = next(e for e in hand.events if isinstance(e, Action))
    assert fold.action == "fold" and fold.commentary == "tanks, then folds"
    assert hand.notes == ("a note",)
    assert isinstance(hand.events[-2], Show) and hand.events[-2].cards == ()
    assert isinstance(hand.events[-1], Muck)


def test_stud_bring_in_completion_and_up_cards():
    hand = one(hand_text(variant="'F7S'", blinds_or_straddles=None, min_bet=None, bring_in="1", small_bet="2",
                         big_bet="4", antes="[1, 1, 1]",
                         actions="['d dh p1 5c6c7d', 'd dh p2 5h6h2s', 'd dh p3 AcAdKc', 'p2 pb', 'p3 cbr 2', "
                                 "'p1 f', 'p2 cc', 'd dh p2 8s', 'd dh p3 Kd', 'p3 cbr 2']"))
    actions = [(e.seat, e.action, e.amount) for e in hand.events if isinstance(e, Action)]
    assert actions == [(2, "bring-in", 1), (3, "complete", 2), (1, "fold", None), (2, "call", None),
                       (3, "bet", 2)]
    from floorman.model.state import HandState

    state = HandState.replay(hand.table, hand.events)
    assert state.seats[3].upcards == ["Kc", "Kd"]


def test_draws_pair_the_discard_with_the_replacement_deal():
    hand = one(hand_text(variant="'F2L3D'", min_bet=None, small_bet="2", big_bet="4",
                         actions="['d dh p1 QdJc8s7d5h', 'd dh p2 KsKd4s4c2s', 'd dh p3 QhQcJd8c3h', 'p3 f', "
                                 "'p1 cc', 'p2 cc', 'p1 sd QdJc', 'p2 sd', 'd dh p1 As6s']"))
    draws = [e for e in hand.events if isinstance(e, Draw)]
    assert [(d.seat, d.discards, d.replacements) for d in draws] == [
        (2, (), ()), (1, ("Qd", "Jc"), ("As", "6s"))]


def test_fast_built_events_equal_validated_ones():
    hand = one(hand_text(antes="[1, 1, 1]", actions="['d dh p1 ????', 'd dh p2 QdQc', 'd dh p3 7h2c', "
                                                    "'p3 f # x', 'p1 cbr 6', 'p2 cc', 'd db 2d3d4d', 'p1 sm -']"))
    for event in hand.events:
        again = EVENT_ADAPTER.validate_python(event.model_dump())
        assert again == event and type(again) is type(event)
    for seat in hand.table.seats:
        assert type(seat).model_validate(seat.model_dump()) == seat


def test_the_game_format_follows_the_event():
    assert one(hand_text()).table.format is GameFormat.CASH
    wsop = one(hand_text(event="'2023 World Series of Poker Event #43'"))
    assert wsop.table.format is GameFormat.TOURNAMENT


# ------------------------------------------------------------------------------------- files
def test_sections_and_hand_selection():
    text = f"[1]\n{hand_text()}\n[2]\n{hand_text(starting_stacks='[200, 200, 200]')}"
    hands = phh.parse_phhs(text, source="two.phhs")
    assert [h.section for h in hands] == ["1", "2"] and hands[1].label == "two.phhs[2]"
    assert phh.select_hand(hands, 2) is hands[1] and phh.select_hand(hands, None) is hands[0]
    with pytest.raises(InputFileError, match=r"no hand 3 in the file \(it has 2: \[1\]..\[2\]\)"):
        phh.select_hand(hands, 3)


def test_load_reads_a_file_and_names_it(tmp_path):
    path = tmp_path / "x.phh"
    path.write_text(hand_text())
    [hand] = phh.load(path)
    assert hand.source == str(path) and hand.section is None and hand.label == str(path)
    with pytest.raises(InputFileError, match="no such file"):
        phh.load(tmp_path / "missing.phh")


TRICKY_TOML = [
    "a = 'x' # comment\nb = [1, 2.50, inf, -3, +4]  # c\nc = \"dq 'x'\"\nd = true\ne = 00:01:12\n",
    "[1]\nx = []\ny = ['p1 f', \"p2 cc # yes\"]\n\n# comment\n[2]\nx = [ 'a' , 'b' , ]\n",
    "x = [\n  'a',  # multi-line: tomllib\n  'b',\n]\n",
    "x = 'a'\nx = 'b'\n",        # duplicate key: tomllib reports it
    "x = 1979-05-27\n",          # a date: tomllib
    "x = \"esc\\tape\"\n",
    "x = 1_000\ny = 0.1e3\n",
    # near misses of the shapes PHH writers produce (read exactly, or handed to tomllib)
    "a = ['p1 f', 'p2 cc' , 'p3 f']\nb = ['x']\nc = ['']\nd = ['a\tb', 'c']\ne = ['a\x01']\n",
    "a = ['a', 'b'] # ['c']\nb = [1, 2] # [3]\nc = 'x' # 'y'\nd = 'it''s'\ne = ['it', 's'']\n",
    "a = [01, 2]\nb = 007\nc = [1,2]\nd = [1, 2,]\ne = [1, , 2]\nf = 0\ng = [0, 10]\nh = [ ]\n",
    "a = '\x7f'\nb = 'a\u00a0b'\nc = ['\u00e9', '\u200b']\nd = [1, -2]\ne = -0\n",
    "a = 1\na  = 2\n", "a = 1\nb =  2\nc\t= 3\nd.e = 4\n",
    # booleans and plain integers, read without a regex: near misses go to tomllib
    "a = true\nb = false\nc = 0\nd = 10\ne = 1_0\n", "a = True\n", "a = \u0661\u0662\n", "a = \u00b2\n",
    "a = 00\n", "a = truee\n", "a = 'true'\nb = ['false']\n",
]


@pytest.mark.parametrize("text", TRICKY_TOML)
def test_the_fast_toml_path_reads_exactly_what_tomllib_reads(text):
    try:
        expected = tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError:
        with pytest.raises(InputFileError, match="not valid TOML"):
            read_toml(text, "t.phh")
        return
    got = read_toml(text, "t.phh")
    assert got == expected and repr(got) == repr(expected)


@pytest.mark.skipif(not DATA.is_dir(), reason=f"the shared PHH data is not at {DATA}")
def test_the_fast_toml_path_matches_tomllib_on_the_real_files():
    for path in sorted(DATA.glob("*.phhs")):
        text = path.read_text(encoding="utf-8")
        expected = tomllib.loads(text, parse_float=Decimal)
        got = read_toml(text, str(path))
        assert got == expected and repr(got) == repr(expected), path.name


@pytest.mark.skipif(not DATA.is_dir(), reason=f"the shared PHH data is not at {DATA}")
def test_the_common_action_shapes_read_as_the_general_code_reads_them(monkeypatch):
    # the reader parses 'pN f', 'pN cc', 'pN cbr X', 'd dh pN cards', 'd db cards' and 'pN sm'
    # once per file (phh_actions.common_shape): with that off, every shared hand must come out the same
    fast = {path: phh.load(path) for path in sorted(DATA.glob("*.phhs"))}
    monkeypatch.setattr(phh_actions, "common_shape", lambda action: None)
    for path, hands in fast.items():
        general = phh.load(path)
        assert len(general) == len(hands)
        for a, b in zip(hands, general):
            assert a.events == b.events and [type(e) for e in a.events] == [type(e) for e in b.events], a.label
            assert a.event_actions == b.event_actions and a.table == b.table, a.label


@pytest.mark.skipif(not DATA.is_dir(), reason=f"the shared PHH data is not at {DATA}")
def test_a_header_shared_by_a_files_hands_reads_as_each_hand_alone(monkeypatch):
    # hands with the same amounts share their setup, worked out once per file (phh_setup.setup_key):
    # with that off, every shared hand must come out the same
    cached = {path: phh.load(path) for path in sorted(DATA.glob("*.phhs"))}
    monkeypatch.setattr(phh_setup, "setup_key", lambda fields, code: None)
    for path, hands in cached.items():
        for a, b in zip(hands, phh.load(path), strict=True):
            assert (a.table, a.events, a.event_actions, a.scale, a.seats, a.unknown_stacks) == \
                (b.table, b.events, b.event_actions, b.scale, b.seats, b.unknown_stacks), a.label


def _sections(*bodies: str) -> str:
    return "".join(f"[{i}]\n{body}\n" for i, body in enumerate(bodies, 1))


@pytest.mark.parametrize("second", [
    {"ante_trimming_status": "1"},                       # not a bool: read and refused on its own
    {"starting_stacks": "[100, 100, true]"},              # true is not 1
    {"starting_stacks": "[100, 100, 100.0]"},             # a Decimal: its own header
    {"min_bet": "2.0"}, {"seat_count": "2"}, {"seats": "[3, 1, 2]"}, {"players": "['a', 'b', 'c']"},
    {"actions": "['d dh p1 AsKs', 'd dh p2 QdQc', 'd dh p3 7h2c', 'p3 cbr 2.5', 'p1 f', 'p2 f']"},
    {"blinds_or_straddles": "[1, 2, -2]"}, {"antes": "[1, 1, 1]"}, {"variant": "'FT'"},
])
def test_the_second_hand_of_a_file_is_read_as_if_alone(second):
    # the first hand's header is kept for the file's next hands: a second hand that differs in
    # any way reads (or is refused) exactly as it does on its own
    first = hand_text()
    other = hand_text(**second)

    def outcome(text):
        try:
            hands = phh.read_hands(text)
        except InputFileError as error:       # the same refusal (its line and section aside)
            return error.message, (error.field or "").split("] ")[-1]
        hand = hands[-1]
        return hand.table, hand.events, hand.event_actions, hand.scale

    assert outcome(_sections(first, other)) == outcome(_sections(other))


@pytest.mark.parametrize("actions", [
    ["p1 cbr 0"], ["p1 cbr -5"], ["p1 cbr x"], ["p1 cbr inf"], ["p9 f"], ["p1 cc # note"], ["d db AsAs"],
    ["d dh p9 AsKd"], ["d db Xx"], ["p1 f", "p1 f"],
    ["p1 sm"], ["p1 sm -"], ["p1 sm AsKs # shown"], ["p9 sm AsKs"], ["p1 sm Xx"], ["p1 sm As Ks"],
])
def test_odd_actions_read_the_same_with_and_without_the_common_shapes(actions, monkeypatch):
    # a shape the fast path does not take, or must leave to the general code for its error
    text = hand_text(actions=repr(actions))

    def outcome():
        try:
            hand = phh.parse_phh(text)
        except InputFileError as error:
            return str(error)
        return hand.events, hand.event_actions

    fast = outcome()
    monkeypatch.setattr(phh_actions, "common_shape", lambda action: None)
    assert outcome() == fast


def test_a_common_shape_the_game_does_not_allow_is_refused_as_the_general_code_refuses_it(monkeypatch):
    # 'd db cards' is read once per file whatever the game: a stud hand must still refuse it
    text = hand_text(variant="'F7S'", blinds_or_straddles=None, min_bet=None, antes="[1, 1, 1]", bring_in="1",
                     small_bet="2", big_bet="4", actions="['d dh p1 AsKs7c', 'd db 2d3d4d']")
    with pytest.raises(InputFileError) as fast:
        phh.parse_phh(text)
    monkeypatch.setattr(phh_actions, "common_shape", lambda action: None)
    with pytest.raises(InputFileError) as general:
        phh.parse_phh(text)
    assert str(fast.value) == str(general.value) and "has no board cards" in fast.value.message
    assert fast.value.field == "actions[1]"


@pytest.mark.skipif(not DATA.is_dir(), reason=f"the shared PHH data is not at {DATA}")
def test_the_unvalidated_tables_and_events_of_every_shared_hand_validate():
    # the reader builds seats, tables and events without validation (and shares equal events
    # between a file's hands): validated again, each must come out the same
    from floorman.model.table import Table

    for path in sorted(DATA.glob("*.phhs")):
        for hand in phh.load(path):
            assert Table.model_validate(hand.table.model_dump()) == hand.table, hand.label
            for event in hand.events:
                again = EVENT_ADAPTER.validate_python(event.model_dump())
                assert again == event and type(again) is type(event), hand.label


# ------------------------------------------------------------------------------------- errors
def error_of(text: str, source: str = "bad.phhs") -> InputFileError:
    with pytest.raises(InputFileError) as info:
        phh.read_hands(text, source=source)
    return info.value


def test_an_error_names_the_file_line_section_and_action():
    text = "[1]\n" + hand_text() + "\n[2]\n" + hand_text(actions="['d dh p1 AsKs', 'p2 cbr lots']")
    error = error_of(text)
    assert error.file == "bad.phhs" and error.field == "[2] actions[1]"
    assert error.line == text.splitlines().index("actions = ['d dh p1 AsKs', 'p2 cbr lots']") + 1
    assert str(error) == f"bad.phhs:{error.line}: [2] actions[1]: 'p2 cbr lots': 'lots' is not an amount"


def test_an_action_on_its_own_line_is_located_exactly():
    text = hand_text(actions="[\n  'd dh p1 AsKs',  # p1\n  'd dh p2 QdQc',\n  'p9 f',\n]")
    error = error_of(text, "one.phh")
    assert error.field == "actions[2]" and error.line == text.splitlines().index("  'p9 f',") + 1
    assert "there is no player p9 (the hand has 3 players)" in error.message


@pytest.mark.parametrize("change, field, message", [
    ({"variant": None}, "variant", "missing"),
    ({"starting_stacks": "[100]"}, "starting_stacks", "1 players: floorman seats 2 to 10"),
    ({"antes": "[0, 0]"}, "antes", "has 2 entries for 3 players"),
    ({"antes": "[0, -1, 0]"}, "antes[1]", "expected an amount of 0 or more, got -1"),
    ({"antes": "[0, 'x', 0]"}, "antes[1]", "expected an amount, got 'x'"),
    ({"starting_stacks": "[100, nan, 100]"}, "starting_stacks[1]", "expected an amount, got nan"),
    ({"blinds_or_straddles": "[1, inf, 0]"}, "blinds_or_straddles[1]", "only allowed for an unknown"),
    ({"min_bet": None}, "min_bet", "missing (the NT game needs it)"),
    ({"actions": "'p1 f'"}, "actions", "expected a list of actions"),
    ({"actions": "[1]"}, "actions[0]", "expected an action string"),
    ({"actions": "['p1 jumps']"}, "actions[0]", "expected an action such as"),
    ({"actions": "['d dh p1 AsKx']"}, "actions[0]", "'AsKx' is not a list of cards"),
    ({"actions": "['q1 f']"}, "actions[0]", "'q1' is not a player"),
    ({"actions": "['d dx p1 As']"}, "actions[0]", "expected 'd dh pN cards' or 'd db cards'"),
    ({"actions": "['p1 cbr 0']"}, "actions[0]", "a bet or raise is to an amount above 0"),
    ({"actions": "['p1 sd']"}, "actions[0]", "has no draw"),
    ({"actions": "['p1 pb']"}, "actions[0]", "has no bring-in"),
    ({"ante_trimming_status": "'yes'"}, "ante_trimming_status", "expected true or false"),
])
def test_malformed_fields_are_named(change, field, message):
    error = error_of("[7]\n" + hand_text(**change))
    assert error.field == f"[7] {field}", str(error)
    assert message in error.message, str(error)
    assert error.line is not None and str(error).startswith(f"bad.phhs:{error.line}: [7] {field}: ")


def test_invalid_toml_gives_the_line():
    error = error_of("[1]\nvariant = 'NT'\nantes = [0, 0\n")
    assert str(error).startswith("bad.phhs:") and "not valid TOML" in str(error)


def test_a_field_outside_any_section_in_a_phhs_is_refused():
    with pytest.raises(InputFileError, match="expected a hand section"):
        phh.read_hands("x = 1\n[1]\n" + hand_text(), source="bad.phhs")


def test_replay_irregularity_points_at_the_action_in_the_file():
    text = "[3]\n" + hand_text(actions="['d dh p1 AsKs', 'd dh p2 QdQc', 'd dh p3 7h2c', 'p1 cc']")
    [hand] = phh.read_hands(text, source="turn.phhs")
    report = phh.replay_hand(hand)
    [irregular] = report.irregularities
    assert irregular.kind == "out-of-turn" and irregular.action_index == 3 and irregular.action == "p1 cc"
    with pytest.raises(InputFileError) as info:
        report.raise_first()
    assert str(info.value) == ("turn.phhs:7: [3] actions[3]: 'p1 cc': seat 1 acted out of turn: "
                               "seat 3 is to act")


def test_a_history_that_stops_early_is_incomplete():
    hand = one(hand_text(actions="['d dh p1 AsKs', 'd dh p2 QdQc', 'd dh p3 7h2c', 'p3 f', 'p1 cc']"))
    [irregular] = phh.replay_hand(hand).irregularities
    assert irregular.kind == "incomplete" and irregular.message == "the preflop betting is not over: seat 2 is to act"
    hand = one(hand_text(actions="['p3 f', 'p1 cc', 'p2 cc', 'd db 2d3d4d', 'p1 cc', 'p2 cc']"))
    report = phh.replay_hand(hand)
    assert [i.message for i in report.irregularities] == ["the cards for the turn were not dealt"]
    assert report.result is None


def test_a_part_of_a_file_read_alone_gives_the_files_lines():
    """The audit reads each section on its own (floorman.audit.reading): `first_line` keeps the
    errors and `line_of` on the file's lines."""
    text = "[3]\n" + hand_text(actions="['d dh p1 AsKs', 'd dh p2 QdQc', 'd dh p3 7h2c', 'p1 cc']")
    [alone] = phh.read_hands(text, source="turn.phhs")
    [part] = phh.read_hands(text, source="turn.phhs", first_line=41)
    assert part.line_of("actions", 3) == alone.line_of("actions", 3) + 40 == 47
    with pytest.raises(InputFileError) as info:
        phh.replay_hand(part).raise_first()
    assert str(info.value).startswith("turn.phhs:47: [3] actions[3]")
    bad = text.replace("'p1 cc'", "'p1 zz'")
    with pytest.raises(InputFileError) as info:
        phh.read_hands(bad, source="turn.phhs", first_line=41)
    assert info.value.line == 47
    with pytest.raises(InputFileError) as info:
        phh.read_hands("[3]\nvariant = 'NT'\nantes = [0, 0\n", source="cut.phhs", first_line=11)
    assert info.value.line == 13 and "not valid TOML" in info.value.message


def test_arrays_nested_thousands_deep_are_a_located_error_not_a_recursion_error():
    """N12 (reliability audit 3): tomllib recursed until RecursionError."""
    deep = hand_text() + "_notes = " + "[" * 3000 + "]" * 3000 + "\n"
    with pytest.raises(InputFileError) as info:
        phh.read_hands(deep, source="deep.phh", first_line=5)
    lines = deep.splitlines()
    assert "nested more than 100 deep" in info.value.message
    assert lines[info.value.line - 5].startswith("_notes = ")
