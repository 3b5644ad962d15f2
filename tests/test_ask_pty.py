"""`floorman ask` driven through a real pseudo-terminal, as a new user would: typing at the
prompts, reading the screen. On a timeout the failure shows the expected text and the screen so
far with the colour codes stripped (pgcli's manner)."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from floorman.consult import load_questions  # noqa: E402

pexpect = pytest.importorskip("pexpect")
pytest.importorskip("pyte")

from pty_support import Terminal  # noqa: E402

FLOORMAN = Path(sys.executable).with_name("floorman")
@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    return {**os.environ, "TERM": "xterm", "FLOORMAN_JOURNAL": str(tmp_path / "journal.sqlite3"),
            "XDG_CACHE_HOME": str(tmp_path / "cache"), "XDG_DATA_HOME": str(tmp_path / "data"),
            "XDG_CONFIG_HOME": str(tmp_path / "config"), "COLUMNS": "100", "LINES": "50"}


class Session:
    """One `floorman ask` in a pseudo-terminal, read through a terminal emulator (tests/pty_support.py):
    each wait is for text on the screen, however many writes it took to get there."""

    def __init__(self, env: dict[str, str], *args: str) -> None:
        self.child = pexpect.spawn(str(FLOORMAN), ["ask", *args], env=env, encoding="utf-8", timeout=30,
                                   dimensions=(50, 100))
        self.terminal = Terminal(self.child, columns=100, lines=50)

    @property
    def seen(self) -> str:
        return self.terminal.transcript

    def expect(self, text: str) -> str:
        """Wait for the text (a regular expression) on the screen; returns the screen since the last wait."""
        return self.terminal.wait_for(text, timeout=60)

    def answer(self, question: str, text: str) -> None:
        self.expect(question)
        self.terminal.settle(0.05)          # the prompt is drawn whole before the answer is typed
        self.child.sendline(text)

    def finish(self) -> str:
        """The rest of the screen; the command must end with status 0."""
        rest = self.terminal.until_end(timeout=60)
        self.child.close()
        assert self.child.exitstatus == 0, f"exit {self.child.exitstatus}:\n{self.seen}"
        return " ".join(rest.split())


def journal_rows(env: dict[str, str]) -> list[tuple]:
    with sqlite3.connect(env["FLOORMAN_JOURNAL"]) as db:
        return db.execute("SELECT command, profile FROM ruling ORDER BY id").fetchall()


def test_oversized_chip_from_the_list_prompt_with_a_bad_answer_asked_again(env):
    session = Session(env)
    listing = session.expect(r"A pot pushed to the wrong player")
    assert "Four cards on the flop" in listing          # the numbered list of dispute types
    session.answer(r"dispute", "oversized chip")
    session.expect("Chips or words in a bet")
    session.answer(r"Cash game or tournament\? \[cash\]", "")
    session.answer(r"Blinds, small/big \(e\.g\. 2/5\)\? \[2/5\]", "two and five")
    error = session.expect(r"expected small/big blinds, e\.g\. 2/5")
    assert "'two and five' is not an answer" in error
    session.answer(r"Blinds, small/big \(e\.g\. 2/5\)\? \[2/5\]", "2/5")     # the same question again
    session.answer(r"On which street\? \[preflop\]", "")
    session.answer(r"faced, as a street total \(0 = no bet yet\)\? \[5\]", "25")
    session.answer(r"all-in by the next player.*\[0\]", "")
    session.answer(r"What did the player say\? \[none\]", "")
    session.answer(r"chips pushed out.*\[100\]", "100")
    session.answer(r"seat, as the table numbers it\? \[4\]", "")         # issue 15: the seat as numbered
    screen = session.finish()
    assert "One oversized chip, put out without a word facing a bet, is a call" in screen
    assert "call amount: 25" in screen and "change: 75" in screen
    assert "Give seat 4 75 in change" in screen
    assert journal_rows(env) == [("ask", "cash")]              # recorded before it was shown


def test_short_all_in_words_on_the_command_line_tournament(env):
    session = Session(env, "short", "all-in", "--staff", "Ana")
    session.expect("A question the rules answer")
    session.expect(r"Cash game or tournament\?")
    session.child.send("tourn\t")                   # Tab completes the choice
    session.terminal.wait_for_line("tournament")    # as the screen shows the line, however it was written
    session.child.sendline("")
    session.answer(r"Betting structure\? \[no-limit\]", "")
    session.answer(r"Blinds", "1000/2000")
    session.answer(r"On which street\?", "flop")
    session.answer(r"bet the player faced.*\[0\]", "2,000")
    session.answer(r"all-in by the next player", "3100")
    session.answer(r"What is the floor asked\?", "may-raise")
    session.answer(r"seat, as the table numbers it\?", "")
    screen = session.finish()
    assert "call-or-fold" in screen.lower() or "CALL-OR-FOLD" in screen
    assert "1,100" in screen or "1100" in screen
    assert journal_rows(env) == [("ask", "tda-2026")]
    with sqlite3.connect(env["FLOORMAN_JOURNAL"]) as db:
        assert db.execute("SELECT staff FROM ruling").fetchone() == ("Ana",)


def test_dispute_picked_by_number_and_a_bad_number_asked_again(env):
    session = Session(env)
    listing = session.expect(r"A pot pushed to the wrong player")
    number = next(line.split(".")[0].strip() for line in listing.splitlines() if "Four cards on the flop" in line)
    session.answer(r"dispute", "99")
    session.expect(r"there is no dispute 99")
    session.answer(r"dispute", number)
    session.expect("Four cards on the flop")
    session.answer(r"Cash game or tournament\?", "")
    session.answer(r"Blinds", "")
    screen = session.finish()
    assert "BOARD-FOUR-CARD-FLOP-REDEAL" in screen.replace(" ", "")


def test_answers_from_a_pipe_one_a_line(env, tmp_path):
    answers = "exposed card on the deal\ntournament\n\ndealer\n1\n"
    done = subprocess.run([str(FLOORMAN), "ask"], input=answers, env=env, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    out = " ".join(done.stdout.split())
    assert "Who exposed the card? [dealer] dealer" in out
    assert "DEAL-MISDEAL-DEALER-EXPOSED" in out.replace(" ", "") or "misdeal" in out.lower()
    assert journal_rows(env) == [("ask", "tda-2026")]


def test_a_house_file_rules_under_its_profile_and_options(env):
    house = Path(__file__).resolve().parents[1] / "scenarios" / "house" / "seed-002-muck-touch-kills.yaml"
    done = subprocess.run([str(FLOORMAN), "ask", "--house", str(house), "muck", "at", "showdown"],
                          input="\n\ntouching-muck\n\n", env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    out = " ".join(done.stdout.split())
    assert "Where did the cards go? [in-muck] touching-muck" in out      # "mucks": into the muck (issue 15)
    assert "SD-MUCK-TOUCH-KILLS" in out.replace(" ", "")          # the house kills a hand touching the muck
    assert "seat 1: 30" in out                                     # and the pot goes to the bettor
    assert journal_rows(env) == [("ask", "cash")]


def test_a_bad_answer_from_a_pipe_with_nothing_after_it_fails_in_one_line(env):
    done = subprocess.run([str(FLOORMAN), "ask", "four", "card", "flop"], input="poker night\n", env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert "Traceback" not in done.stderr + done.stdout
    assert "answer 1 (Cash game or tournament?): 'poker night' is not one of the choices (expected one of " \
           "cash, tournament" in done.stderr
    assert not Path(env["FLOORMAN_JOURNAL"]).exists() or journal_rows(env) == []


def test_answers_that_make_no_hand_are_said_in_one_line_and_the_answer_at_fault_asked_again(env):
    session = Session(env, "bet", "out", "of", "turn")
    session.expect("An action out of turn")
    for question in (r"Cash game", r"Blinds", r"How many players", r"stack at the start"):
        session.answer(question, "")                 # 2/5, six players, 500 each
    session.answer(r"On which street\?", "flop")
    session.answer(r"bet the player faced", "0")
    session.answer(r"What did the out-of-turn player do\?", "bet")
    session.answer(r"Its amount", "5000")            # more than the seat has
    session.answer(r"what did the skipped player do", "check")
    session.answer(r"claim the turn", "")
    session.answer(r"seat, as the table numbers it\?", "")
    session.expect(r"these answers make no hand: .*table stakes")
    session.answer(r"Its amount", "300")             # only that answer is asked again
    screen = session.finish()
    assert "ACT-OOT-BINDS" in screen.replace(" ", "")
    assert journal_rows(env) == [("ask", "cash")]


def test_a_dispute_that_matches_nothing_from_a_pipe_fails_in_one_line(env):
    done = subprocess.run([str(FLOORMAN), "ask"], input="zebra xylophone\ncash\n", env=env, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 1
    assert done.stderr.strip().splitlines() == ["Error: the dispute: no dispute matches 'zebra xylophone' (expected a "
                                                "few words such as oversized chip, string bet or four card flop, or a "
                                                f"number from the list (1 to {len(load_questions().disputes)}))"]


def test_journal_option_names_the_file(env, tmp_path):
    chosen = tmp_path / "podium.sqlite3"
    done = subprocess.run([str(FLOORMAN), "ask", "four", "card", "flop", "--journal", str(chosen)], input="",
                          env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert not Path(env["FLOORMAN_JOURNAL"]).exists()
    with sqlite3.connect(chosen) as db:
        assert db.execute("SELECT command, profile FROM ruling").fetchall() == [("ask", "cash")]


def test_n8_answers_that_make_no_hand_are_asked_again_at_a_terminal_never_a_traceback(env):
    """No chips and no words: the last answer is asked again, with the reason in markup-safe text."""
    session = Session(env, "oversized", "chip", "--no-journal")
    session.answer(r"Cash game or tournament\? \[cash\]", "")
    session.answer(r"Blinds", "")
    session.answer(r"On which street\?", "")
    session.answer(r"faced, as a street total.*\[5\]", "0.025k")             # the notation's amounts (N24)
    session.answer(r"all-in by the next player.*\[0\]", "")
    session.answer(r"What did the player say\? \[none\]", "none")
    session.answer(r"chips pushed out.*\[100\]", "none")
    session.answer(r"seat, as the table numbers it\?", "")
    reason = session.expect(r"a wager puts out chips, says something, or both")
    assert "these answers make no hand" in reason and "Traceback" not in reason
    session.answer(r"chips pushed out.*\[100\]", "[/]")                       # asked again; markup is no crash
    session.expect(r"'\[/\]' is not an answer")
    session.answer(r"chips pushed out.*\[100\]", "100")
    screen = session.finish()
    assert "change: 75" in screen
    assert not Path(env["FLOORMAN_JOURNAL"]).exists()                         # --no-journal
