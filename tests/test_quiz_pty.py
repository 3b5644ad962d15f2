"""`floorman quiz` through a real pseudo-terminal, answered as a trainee would answer it.

The test spawns `.venv/bin/floorman quiz` (TERM=xterm, 40x100) with its own journal and XDG
folders. Which answer is right is not read off the screen: the test asks the library for the
same questions (same seed) and answers the first right and the second wrong, after a slip that
must be asked again. Then `floorman quiz stats` shows the trainee's results.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

from pty_support import FLOORMAN, clean, terminal_environment  # noqa: E402

TIMEOUT = 90          # generous: the machine is shared; the test itself is quick
# prompt-toolkit turns bracketed paste on as a prompt starts and off as it ends
PROMPT_ENDS, PROMPT_STARTS = "\x1b[?2004l", "\x1b[?2004h"


def flat(text: str) -> str:
    """The screen without escape codes, on one line (rich wraps long lines at spaces)."""
    return " ".join(clean(text).split())


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    return terminal_environment(tmp_path)


def answer(question, *, right: bool) -> str:
    """What a trainee types to answer `question` right (or wrong), from the question itself."""
    if question.kind == "choice":
        index = next(i for i, choice in enumerate(question.choices) if choice.correct == right)
        return "abcdefgh"[index]
    return str(question.number_answer if right else question.number_answer + 1)


def test_a_trainee_answers_one_right_one_wrong_sees_the_rulings_then_the_stats(env, tmp_path):
    from floorman.training import generate

    # a seed whose two questions are one of each kind (a number to type, a choice), found as the
    # generator stands today rather than remembered
    seed, first, second = next((seed, *pair) for seed in range(1, 500)
                               for pair in [list(generate(seed=seed, count=2))]
                               if {question.kind for question in pair} == {"number", "choice"})
    child = pexpect.spawn(str(FLOORMAN), ["quiz", "--count", "2", "--seed", str(seed), "--trainee", "Tia"],
                          env=env, cwd=str(tmp_path), dimensions=(40, 100), encoding="utf-8", timeout=TIMEOUT)

    def enter(keys: str) -> str:
        """Type a line and Enter: the screen up to the next prompt."""
        child.send(keys + "\r")
        child.expect_exact(PROMPT_ENDS)
        child.expect_exact(PROMPT_STARTS)
        return flat(child.before)

    child.expect_exact(PROMPT_STARTS)
    opening = flat(child.before)
    assert "Question 1 of 2" in opening and first.topic in opening
    assert " ".join(first.prompt.split()) in opening
    slip = enter("zz")                                      # neither a letter nor a number
    assert "'zz' is not a" in slip and "Question 2" not in slip
    shown = enter(answer(first, right=True))
    assert "✓ Right." in shown and "Wrong" not in shown
    assert first.ruling.rule_id in shown and "Rests on:" in shown
    second_screen = enter("")                               # Enter: the next question
    assert "Question 2 of 2" in second_screen and " ".join(second.prompt.split()) in second_screen
    child.send(answer(second, right=False) + "\r")
    child.expect(pexpect.EOF)
    child.close()
    end = flat(child.before)
    assert child.exitstatus == 0, end
    assert f"✗ Wrong. Right answer: {answer(second, right=True)}" in end and second.ruling.rule_id in end
    summary = end[end.index("Summary by topic"):]
    for topic in {first.topic, second.topic}:
        assert topic in summary
    assert re.search(r"all\s*│\s*2\s*│\s*1\s*│\s*50%", summary), summary

    stats = subprocess.run([str(FLOORMAN), "quiz", "stats", "--trainee", "Tia"], capture_output=True, text=True,
                           env=env, timeout=TIMEOUT, cwd=str(tmp_path))
    assert stats.returncode == 0, stats.stderr
    out = flat(stats.stdout)
    assert "Tia" in out and first.topic in out and second.topic in out and "Score per topic" in out
    rows = re.findall(r"Tia\s*│\s*([\w-]+)\s*│\s*[\d-]+\s*│\s*(\d+)\s*│\s*(\d+)", clean(stats.stdout))
    assert {topic for topic, _, _ in rows} == {first.topic, second.topic}
    assert (sum(int(a) for _, a, _ in rows), sum(int(r) for _, _, r in rows)) == (2, 1), stats.stdout
