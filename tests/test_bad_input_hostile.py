"""Hostile input to the live surfaces (reliability audit 3, §3): a live table, `ask` and `quiz` never
die on a line, an answer or a file; errors repeat only a bounded part of the input and never a
file's content; devices are refused and every read is capped by the bytes actually read.

Each test is named after the audit finding it covers (N6 ... N24) and failed before the fix.
The commands are run as a user runs them: lines piped into the real `floorman` (tests/cli_support.py).
"""

from __future__ import annotations

import os
import threading
from decimal import Decimal
from pathlib import Path

import pytest
from cli_support import floorman
from hypothesis import given, settings
from hypothesis import strategies as st

from floorman.errors import FloormanError, InputFileError
from floorman.notation.errors import NotationError
from floorman.notation.lexer import MAX_CHIPS, Word, amount
from floorman.notation.parser import parse_line
from floorman.session import TableSession
from floorman.source import MAX_BYTES, load_yaml

ROOT = Path(__file__).resolve().parents[1]
SCENARIO = ROOT / "scenarios" / "betting" / "ymtc-1-silent-big-chip.yaml"
SETUP = ("nl", "2/5", "cash", "6", "seats", "5000", "button", "6")


@pytest.fixture(scope="module")
def session_floor():
    from floorman.engine.floor import Floor

    return Floor()


def table_session(floor) -> TableSession:
    session = TableSession(floor=floor)
    assert session.start(" ".join(SETUP)).ok
    return session


# --- N6 / N18: amounts ---------------------------------------------------------------------------

@pytest.mark.parametrize("digits", [309, 400, 5_000])
def test_n6_an_amount_of_hundreds_of_digits_is_too_large_not_a_crash(digits):
    with pytest.raises(NotationError, match="too large"):
        amount(Word("9" * digits, 1))
    with pytest.raises(NotationError, match="too large"):
        amount(Word("9" * digits + ".5k", 1))


def test_n6_the_live_table_refuses_the_line_and_reads_the_next(tmp_path):
    run = floorman("table", "--no-journal", *SETUP, tmp=tmp_path,
                   input=f"s3 raise 1.1k\ns4 call\ns5 bet {'9' * 400}\ns5 call\n")
    assert "internal error" not in run.stdout + run.stderr and "Traceback" not in run.stderr
    assert "is too large" in run.stdout
    after = run.stdout.split("floor> s5 call", 1)[1]          # the line after the refused one is read
    assert "✗" not in after and "Seat 6 to act" in after


@pytest.mark.parametrize("text, chips", [("1.005k", 1_005), ("2.5k", 2_500), ("0.001m", 1_000), ("1,000", 1_000),
                                         ("9007199254.740991m", MAX_CHIPS - 1), ("4.35K", 4_350)])
def test_n18_amounts_are_worked_out_in_exact_decimals(text, chips):
    assert amount(Word(text, 1)) == chips


@pytest.mark.parametrize("text, problem", [("1.0005k", "not a whole number"), ("2.5", "not a whole number"),
                                           ("9007199254.740992m", "too large")])
def test_n18_what_is_not_whole_chips_or_too_large_is_still_refused(text, problem):
    with pytest.raises(NotationError, match=problem):
        amount(Word(text, 1))


@settings(max_examples=300, deadline=None, derandomize=True)
@given(chips=st.integers(min_value=1, max_value=MAX_CHIPS - 1), scale=st.sampled_from([("k", 1_000),
                                                                                        ("m", 1_000_000)]))
def test_n18_any_whole_amount_written_in_thousands_or_millions_reads_back(chips, scale):
    suffix, size = scale
    written = format(Decimal(chips).scaleb(-(len(str(size)) - 1)), "f")       # 1005 -> 1.005 (exact)
    text = (written.rstrip("0").rstrip(".") if "." in written else written) + suffix
    assert amount(Word(text, 1)) == chips


# --- N7: nested what if --------------------------------------------------------------------------

@pytest.mark.parametrize("depth", [2, 500, 5_000])
def test_n7_what_if_inside_what_if_is_refused_at_once(depth):
    line = "what if " * depth + "s3 check"
    with pytest.raises(NotationError, match="`what if` is given once") as caught:
        parse_line(line)
    assert caught.value.column == len("what if ") + 1


def test_n7_the_table_goes_on_after_a_deeply_nested_what_if(tmp_path):
    run = floorman("table", "--no-journal", *SETUP, tmp=tmp_path, input="what if " * 500 + "s3 call\ns3 call\n")
    assert "internal error" not in run.stdout + run.stderr
    assert "`what if` is given once" in run.stdout and "Seat 4 to act" in run.stdout.split("floor> s3 call")[-1]


# --- N19: errors repeat a bounded part of the input -----------------------------------------------

@pytest.mark.parametrize("line", ["9" * 50_000, "s3 raise " + "9" * 50_000, "s3 chips 5 " + "x" * 100_000,
                                  "incident misdeal", "incident wager " + "f=1 " * 5_000, "x" * 100_000,
                                  "s3 chips " + "5 " * 20_000 + "zz"])
def test_n19_an_error_line_repeats_only_a_bounded_part_of_the_input(session_floor, line):
    outcome = table_session(session_floor).enter(line)
    assert not outcome.ok and len(outcome.error) <= 700, len(outcome.error)


def test_n19_a_piped_50000_digit_line_is_a_few_lines_of_output(tmp_path):
    run = floorman("table", "--no-journal", "nl", "1/2", tmp=tmp_path, input="9" * 50_000 + "\n")
    assert "is not a command" in run.stdout and len(run.stdout) < 6_000


def test_n19_a_file_that_is_not_a_house_file_is_not_repeated(tmp_path):
    secret = tmp_path / "shadow"
    secret.write_text("root:*:20228:0:99999:7:::\ndaemon:*:20228:0:99999:7:::\n", encoding="utf-8")
    options = tmp_path / "options.yaml"
    options.write_text("extends: cash\noptions: {\"root:x:0:0:secret\": 1}\n", encoding="utf-8")
    for house in (secret, options):
        run = floorman("rule", "--no-journal", str(SCENARIO), "--house", str(house), tmp=tmp_path)
        assert run.returncode == 1 and run.stderr.startswith("Error: ")
        assert "20228" not in run.stderr and "secret" not in run.stderr.replace(str(tmp_path), "")
    misspelt = tmp_path / "typo.yaml"
    misspelt.write_text("extnds: cash\n", encoding="utf-8")
    run = floorman("rule", "--no-journal", str(SCENARIO), "--house", str(misspelt), tmp=tmp_path)
    assert "extnds: unknown field (did you mean extends?)" in run.stderr     # a field name is still named


# --- N20: devices and pipes -----------------------------------------------------------------------

def test_n20_a_device_is_refused_for_every_data_path(tmp_path):
    from floorman.phh import load as load_phh
    from floorman.rulebook.house import load_house
    from floorman.rulebook.loader import load_rulebook

    for reader in (load_yaml, load_phh, lambda path: load_house(path, load_rulebook())):
        with pytest.raises(InputFileError, match="device"):
            reader("/dev/zero")
    for args in (("rule", "--no-journal", str(SCENARIO), "--house", "/dev/urandom"), ("rule", "/dev/zero"),
                 ("quiz", "--seed", "7", "--count", "1", "--answers", "/dev/zero")):
        run = floorman(*args, tmp=tmp_path)
        assert run.returncode == 1 and "device" in run.stderr and "internal error" not in run.stderr, args
    # the audit reports an input it cannot read as an unreadable result (exit 3) and goes on
    run = floorman("audit", "/dev/zero", tmp=tmp_path)
    assert run.returncode == 3 and "device" in run.stdout and "internal error" not in run.stderr
    run = floorman("table", "--no-journal", tmp=tmp_path, input="nl 2/5 house /dev/zero\n")
    assert "device" in run.stdout and "internal error" not in run.stdout + run.stderr


@pytest.mark.parametrize("command", [("ask", "--no-journal"), ("table", "--no-journal"), ("quiz", "--count", "1")])
def test_n20_standard_input_from_a_device_is_read_with_a_cap(tmp_path, command):
    run = floorman(*command, tmp=tmp_path, stdin="/dev/zero", timeout=60)
    assert run.returncode == 1 and "internal error" not in run.stdout + run.stderr
    assert "more than" in run.stdout + run.stderr and len(run.stdout + run.stderr) < 20_000


def _feed(fifo: Path, data: bytes) -> threading.Thread:
    def write() -> None:
        try:
            with open(fifo, "wb") as stream:
                stream.write(data)
        except BrokenPipeError:        # the reader stopped at the cap: that is the point
            pass

    writer = threading.Thread(target=write, daemon=True)
    writer.start()
    return writer


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_n20_a_fifo_is_read_with_the_same_cap(tmp_path):
    from floorman.rulebook.house import load_house
    from floorman.rulebook.loader import load_rulebook

    fifo = tmp_path / "house.fifo"
    os.mkfifo(fifo)
    writer = _feed(fifo, b"extends: cash\noptions: {muck_touch_kills: true}\n")
    house = load_house(fifo, load_rulebook())
    writer.join(5)
    assert house.extends == "cash" and house.options["muck_touch_kills"] is True
    writer = _feed(fifo, b"#" * (MAX_BYTES + 10))
    with pytest.raises(InputFileError, match="more than 16,777,216 bytes"):
        load_yaml(fifo)
    writer.join(5)


def test_n20_answers_from_a_pipe_and_from_standard_input_still_work(tmp_path):
    for args in (("--answers", "-"), ()):
        run = floorman("quiz", "--seed", "7", "--count", "1", *args, tmp=tmp_path, input="a\n")
        assert run.returncode == 0 and "Summary by topic" in run.stdout, run.stdout + run.stderr


# --- N8 / N24: ask ---------------------------------------------------------------------------------

def test_n8_ask_never_shows_a_traceback(tmp_path):
    run = floorman("ask", tmp=tmp_path, input="oversized chip\ncash\n2/5\npreflop\n25\n0\nnone\nnone\n")
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert run.stderr.strip().splitlines() == ["Error: these answers make no hand: a wager puts out chips, says "
                                               "something, or both"]


def test_n8_ask_is_guarded_like_every_command(monkeypatch):
    from typer.testing import CliRunner

    from floorman.cli.app import app
    from floorman.consult import consultation

    def broken(self, text):
        raise RuntimeError("an error floorman did not foresee")

    monkeypatch.setattr(consultation.Consultation, "start", broken)
    result = CliRunner().invoke(app, ["ask", "oversized", "chip"], input="")
    assert result.exit_code == 1 and "internal error: RuntimeError" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


@pytest.mark.parametrize("dispute", ["-1", "--", "0.5", "½", "42 17"])
def test_n24_a_dispute_of_no_words_is_not_ruled(tmp_path, dispute):
    run = floorman("ask", tmp=tmp_path, input=f"{dispute}\n")
    assert run.returncode == 1 and "no dispute matches" in run.stderr and "oversized chip" in run.stderr
    assert not (tmp_path / "journal.sqlite3").exists()            # nothing ruled, nothing recorded


def test_n24_ask_reads_amounts_as_the_notation_writes_them():
    from floorman.consult.questions import Input

    bet = Input("bet_faced", "The bet?", "amount")
    assert [bet.parse(text) for text in ("2.5k", "1,000", "$25", "1.005k")] == [2_500, 1_000, 25, 1_005]
    with pytest.raises(FloormanError, match="not an answer"):
        bet.parse("-5")


def test_n24_ask_no_journal_records_nothing(tmp_path):
    run = floorman("ask", "--no-journal", "four", "card", "flop", tmp=tmp_path, input="")
    assert run.returncode == 0, run.stderr
    assert "FOUR" in run.stdout.upper() and not (tmp_path / "journal.sqlite3").exists()


# --- N9 / N26 (second half): quiz answers -----------------------------------------------------------

def test_n9_odd_number_answers_are_asked_again_never_an_internal_error(tmp_path):
    from floorman.training import generate

    # a seed whose third question asks a number (the generator decides which)
    seed = next(s for s in range(1, 50) if [q.kind for q in generate(seed=s, count=3)][2] == "number")
    run = floorman("quiz", "--seed", str(seed), "--count", "3", tmp=tmp_path,
                   input="a\na\n²\n" + "9" * 5_000 + "\n١٢\n")
    assert run.returncode == 0 and "internal error" not in run.stderr, run.stdout + run.stderr
    assert "'²' is not a number" in run.stdout and "(5,000 characters) is too large" in run.stdout
    assert "Summary by topic" in run.stdout


def test_n9_a_million_bad_answers_or_a_10_mb_answer_stop_or_pass_quickly(tmp_path):
    flood = tmp_path / "flood.txt"
    flood.write_text("x\n" * 1_000_000, encoding="utf-8")
    run = floorman("quiz", "--seed", "7", "--count", "1", "--answers", str(flood), tmp=tmp_path, timeout=60)
    assert run.returncode == 1 and "20 answers in a row were not answers" in run.stderr
    assert run.stdout.count("answer> x") == 20
    wide = tmp_path / "wide.txt"
    wide.write_text("x" * 10_000_000 + "\na\n", encoding="utf-8")
    run = floorman("quiz", "--seed", "7", "--count", "1", "--answers", str(wide), tmp=tmp_path, timeout=60)
    assert run.returncode == 0 and len(run.stdout) < 20_000 and "(10,000,000 characters)" in run.stdout
