"""What the pseudo-terminal tests share: the floorman command, a private environment, and the
screen with the terminal's escape codes taken out."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FLOORMAN = ROOT / ".venv" / "bin" / "floorman"
if not FLOORMAN.exists():
    FLOORMAN = Path(sys.executable).with_name("floorman")

PTY_TIMEOUT = 90      # generous: the machine is shared; the tests themselves are quick
PROMPT = "floor>"
# prompt-toolkit turns bracketed paste on as a prompt starts and off as it ends: what lies
# between an end and the next start is what the line printed
PROMPT_ENDS, PROMPT_STARTS = "\x1b[?2004l", "\x1b[?2004h"

_ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][A-Za-z0-9]|\x1b[=>]|\r")


def clean(text: str) -> str:
    """The screen without escape codes."""
    return _ANSI.sub("", text)


def terminal_environment(tmp_path: Path, *, lines: int = 40) -> dict[str, str]:
    """A 100-column xterm with its own journal and XDG folders (the test cache is kept)."""
    environment = dict(os.environ)
    environment.update(TERM="xterm", FLOORMAN_JOURNAL=str(tmp_path / "journal.sqlite3"),
                       XDG_DATA_HOME=str(tmp_path / "data"), XDG_CONFIG_HOME=str(tmp_path / "config"),
                       XDG_CACHE_HOME=environment.get("XDG_CACHE_HOME", str(tmp_path / "cache")),
                       PROMPT_TOOLKIT_NO_CPR="1", COLUMNS="100", LINES=str(lines))
    environment.pop("NO_COLOR", None)
    return environment


class Terminal:
    """A command in a pseudo-terminal, read as a user reads it: every byte it writes goes to a
    terminal emulator (pyte), and a test waits for what it expects to be on the screen, or for
    the screen to settle, never for one write (under load a word can reach the terminal in two
    writes, with escape codes between them: issue 15).

    `transcript` is everything written, escape codes taken out; `wait_for(pattern)` reads until the
    pattern is in the transcript since the last wait and returns that part; `wait_for_line(text)`
    reads until the cursor's line on the screen shows `text`; `settle()` reads until nothing new
    came for a moment."""

    def __init__(self, child, *, columns: int = 100, lines: int = 40) -> None:
        import pyte

        self.child = child
        self.screen = pyte.Screen(columns, lines)
        self.stream = pyte.Stream(self.screen)
        self.raw = ""             # everything written, as written
        self.mark = 0             # where the last wait ended, in `raw`

    @property
    def transcript(self) -> str:
        return clean(self.raw)

    def _read(self, timeout: float) -> bool:
        """Read what is there (waiting at most `timeout`); False when nothing came."""
        import pexpect

        try:
            chunk = self.child.read_nonblocking(65536, timeout=timeout)
        except pexpect.TIMEOUT:
            return False
        except pexpect.EOF:
            raise
        self.raw += chunk
        self.stream.feed(chunk)
        return True

    def wait_for(self, pattern: str, *, timeout: float = 90.0, raw: bool = False) -> str:
        """Read until the regular expression is in the text written since the last wait; returns
        that text (escape codes out), up to the end of the match. `raw`: the pattern is matched
        against what was written, escape codes and all (a prompt's start is one)."""
        import time

        found = re.compile(pattern)
        deadline = time.monotonic() + timeout
        while True:
            written = self.raw[self.mark:]
            if raw:
                match = found.search(written)
                if match:
                    self.mark += match.end()
                    return clean(written[:match.start()])
            text = clean(written)
            match = None if raw else found.search(text)
            if match:
                self._advance_past(match.end())
                return text[:match.end()]
            if time.monotonic() > deadline:
                raise AssertionError(f"expected {pattern!r}; the screen was:\n{self.display()}")
            try:
                self._read(0.2)
            except Exception:  # noqa: BLE001 - the command ended: say what was on the screen
                raise AssertionError(f"expected {pattern!r}; the command ended; the screen was:\n"
                                     f"{self.display()}") from None

    def _advance_past(self, cleaned_end: int) -> None:
        """Move the mark to just after `cleaned_end` characters of cleaned text from the mark."""
        raw, position, count = self.raw, self.mark, 0
        while position < len(raw) and count < cleaned_end:
            step = 1
            escape = _ANSI.match(raw, position)
            if escape:
                step = escape.end() - position
            else:
                count += 1
            position += step
        self.mark = position

    def wait_for_line(self, text: str, *, timeout: float = 90.0) -> str:
        """Read until the line the cursor is on shows `text` (what the user sees being typed)."""
        import time

        deadline = time.monotonic() + timeout
        while text not in self.cursor_line():
            if time.monotonic() > deadline:
                raise AssertionError(f"expected the line {text!r}; the screen was:\n{self.display()}")
            self._read(0.2)
        return self.cursor_line()

    def settle(self, quiet: float = 0.3, *, timeout: float = 30.0) -> None:
        """Read until nothing new has come for `quiet` seconds."""
        import time

        deadline = time.monotonic() + timeout
        while self._read(quiet) and time.monotonic() < deadline:
            pass

    def until_end(self, *, timeout: float = 90.0) -> str:
        """Read until the command ends; returns what it wrote since the last wait (escape codes out)."""
        import time

        import pexpect

        deadline = time.monotonic() + timeout
        try:
            while time.monotonic() < deadline:
                self._read(0.2)
        except pexpect.EOF:
            pass
        rest = clean(self.raw[self.mark:])
        self.mark = len(self.raw)
        return rest

    def cursor_line(self) -> str:
        return self.screen.display[self.screen.cursor.y].rstrip()

    def display(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display).strip("\n")


class TableTerminal:
    """A `floorman table` session in a pseudo-terminal, read through a terminal emulator: each line
    typed waits for the next prompt to start (and the screen to show it), never for one write."""

    def __init__(self, env: dict[str, str], setup: str, cwd: Path) -> None:
        import pexpect

        self.child = pexpect.spawn(str(FLOORMAN), ["table", *setup.split()], env=env, cwd=str(cwd),
                                   dimensions=(40, 100), encoding="utf-8", timeout=PTY_TIMEOUT)
        self.terminal = Terminal(self.child, columns=100, lines=40)
        self.opening = self.terminal.wait_for(re.escape(PROMPT_STARTS), raw=True, timeout=PTY_TIMEOUT)
        self.terminal.wait_for_line(PROMPT, timeout=PTY_TIMEOUT)

    def type(self, line: str) -> str:
        """Type a line and Enter; the screen up to the next prompt, without escape codes."""
        return self.keys(line + "\r")

    def keys(self, keys: str) -> str:
        self.child.send(keys)
        self.terminal.wait_for(re.escape(PROMPT_ENDS), raw=True, timeout=PTY_TIMEOUT)
        screen = self.terminal.wait_for(re.escape(PROMPT_STARTS), raw=True, timeout=PTY_TIMEOUT)
        self.terminal.wait_for_line(PROMPT, timeout=PTY_TIMEOUT)
        return screen

    def quit(self) -> str:
        self.child.send("quit\r")
        rest = self.terminal.until_end(timeout=PTY_TIMEOUT)
        self.child.close()
        return rest
