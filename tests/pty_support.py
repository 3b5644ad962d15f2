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
