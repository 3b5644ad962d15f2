"""How the command line reports an error: one line on stderr and exit status 1, never a traceback.

Shared by the typer commands and the fast path of `floorman rule` (floorman/cli/launch.py), so
nothing here imports typer at module level: the fast path never loads it.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from typing import Any, NoReturn, TypeVar

from floorman.errors import FloormanError

F = TypeVar("F", bound=Callable[..., Any])


def internal_error_line(error: BaseException) -> str:
    """What an error floorman did not foresee says: its kind, its first line, and a request."""
    detail = str(error).splitlines()[0][:300] if str(error) else ""
    return (f"internal error: {type(error).__name__}{': ' + detail if detail else ''}; please report "
            "it with the file and command that caused it")


def echo_error(line: str) -> None:
    """One line on stderr, after whatever is already on stdout."""
    sys.stdout.flush()
    print(line, file=sys.stderr, flush=True)


def fail(error: FloormanError, code: int = 1) -> NoReturn:
    """Report a FloormanError (`Error: <file>:<line>: <field>: <message>`) and end the command."""
    import typer

    echo_error(f"Error: {error}")
    raise typer.Exit(code=code)


def guarded(command: F) -> F:
    """The last line of defence around a typer command: an error floorman did not foresee is one
    line asking for a report, exit 1, never a traceback. Every error a user can cause is a
    FloormanError and is reported, located, before it gets here."""
    @functools.wraps(command)
    def run(*args: Any, **kwargs: Any) -> Any:
        import typer
        from typer.exceptions import TyperException

        try:
            return command(*args, **kwargs)
        except (typer.Exit, typer.Abort, TyperException):
            raise
        except FloormanError as error:
            fail(error)
        except Exception as error:  # noqa: BLE001 - deliberately the catch-all
            echo_error(internal_error_line(error))
            raise typer.Exit(code=1) from None
    return run  # type: ignore[return-value]
