"""Running the real `floorman` command as a user would, input piped in: a private journal and
data folder, no prompt history, 100 columns (the test cache is kept)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from pty_support import FLOORMAN

TIMEOUT = 120       # generous: the machine is shared; each run itself takes a second or two


def floorman(*args: str, tmp: Path, input: str | bytes = "", stdin: str | None = None, timeout: float = TIMEOUT,
             **environment: str) -> subprocess.CompletedProcess:
    """`floorman ARGS` with `input` on stdin (or the file `stdin`, e.g. /dev/zero); stdout and
    stderr as text (bytes in, bytes out)."""
    env = dict(os.environ)
    env.update(FLOORMAN_JOURNAL=str(tmp / "journal.sqlite3"), XDG_DATA_HOME=str(tmp / "data"),
               FLOORMAN_HISTORY="off", COLUMNS="100", NO_COLOR="1")
    env.update(environment)
    if stdin is not None:
        with open(stdin, "rb") as source:
            return subprocess.run([str(FLOORMAN), *args], stdin=source, capture_output=True, text=True, env=env,
                                  timeout=timeout, cwd=tmp)
    return subprocess.run([str(FLOORMAN), *args], input=input, capture_output=True, text=isinstance(input, str),
                          env=env, timeout=timeout, cwd=tmp)
