"""The `floorman` console script: a fast path for the podium's one-shot ruling, typer for the rest.

`floorman rule FILE [options]` and `floorman --version` are read here by hand and call the
library directly: importing typer and building its app (click, a pydantic TypeAdapter per
option) is a sixth of a one-shot ruling's start. Anything this parser does not fully understand
(--help, an unknown or repeated option, `--`, a value starting with '-') goes to the typer app in
floorman/cli/app.py, so a mistake gets typer's own message. The two paths must print the same
thing and exit the same way: tests/test_startup.py runs both on scenarios and error cases, and
checks that the options read here are exactly those of the typer `rule` command.

Shell completion is typer's, switched on only when asked for (the completion variable
`_FLOORMAN_COMPLETE`, `--install-completion`, `--show-completion`, or the top-level help).
"""

from __future__ import annotations

import errno
import gc
import os
import sys
from typing import Any, NoReturn

# The `rule` options read by hand: flag -> (parameter, takes a value). Keep equal to the typer
# command's (floorman/cli/floor_commands.py `rule`); a test compares them. Both paths rule
# through floorman/cli/rule_command.py.
RULE_OPTIONS: dict[str, tuple[str, bool]] = {
    "--profile": ("profile", True), "-p": ("profile", True),
    "--json": ("json_output", False),
    "--trace": ("trace", False),
    "--rulebook": ("rulebook", True),
    "--house": ("house", True),
    "--journal": ("journal", True),
    "--staff": ("staff", True),
    "--no-journal": ("no_journal", False),
}
COMPLETION_FLAGS = ("--install-completion", "--show-completion")
COMPLETION_VARIABLE = "_FLOORMAN_COMPLETE"


def parse_rule(args: list[str]) -> dict[str, Any] | None:
    """The arguments after `rule` as the `rule` parameters, or None when typer should read them."""
    values: dict[str, Any] = {}
    file: str | None = None
    index = 0
    while index < len(args):
        token = args[index]
        index += 1
        if token.startswith("-"):
            name, has_equals, inline = token.partition("=")
            if name not in RULE_OPTIONS or (has_equals and not name.startswith("--")):
                return None
            parameter, takes_value = RULE_OPTIONS[name]
            if parameter in values:
                return None
            if not takes_value:
                if has_equals:
                    return None
                values[parameter] = True
                continue
            if has_equals:
                value = inline
            elif index < len(args):
                value = args[index]
                index += 1
            else:
                return None
            if not value or value.startswith("-"):
                return None
            values[parameter] = value
        elif file is None and token:
            file = token
        else:
            return None
    if file is None:
        return None
    return {"file": file, **values}


def _run_rule(**parameters: Any) -> int:
    from floorman.cli.rule_command import run_rule

    return run_rule(**parameters)


def completion_wanted(args: list[str]) -> bool:
    """Whether typer's completion should be on: a shell asking for completions, the completion
    options, or the top-level help (which lists them)."""
    return (COMPLETION_VARIABLE in os.environ or any(flag in args for flag in COMPLETION_FLAGS)
            or args in ([], ["--help"]))


def main(argv: list[str] | None = None) -> int | None:
    """Console-script entry point (`floorman`). Given `argv` (tests, other callers), it returns
    the exit status; run as the command (argv None), a one-shot ruling ends the process itself."""
    args = sys.argv[1:] if argv is None else list(argv)
    if COMPLETION_VARIABLE not in os.environ:
        if args == ["--version"]:
            from floorman import __version__

            print(f"floorman {__version__}")
            return 0
        parameters = parse_rule(args[1:]) if args[:1] == ["rule"] else None
        if parameters is not None:
            if argv is not None:        # called from Python: leave the interpreter as it was
                return _guard_terminal(_run_rule, parameters)
            # The command: one short process that exits after one ruling. The cyclic garbage
            # collector would only walk the objects that importing the models creates (~6% of
            # the start), and there is nothing worth collecting before exit.
            gc.disable()
            _skip_pydantic_plugin_search()
            _exit_at_once(_guard_terminal(_run_rule, parameters))
    from floorman.cli.app import app

    if completion_wanted(args):
        app._add_completion = True     # typer reads it when it builds the click command, below
    # one name however it was started (`python -m floorman` too): the usage lines say `floorman`
    # and the completion variable is always _FLOORMAN_COMPLETE
    return app(args=args, prog_name="floorman")


def _skip_pydantic_plugin_search() -> None:
    """pydantic looks for plugins the first time it builds a model: it imports importlib.metadata
    and scans every installed package's entry points, a tenth of a one-shot ruling's time.
    floorman uses no pydantic plugin, so the one-shot `rule` answers that search with "none",
    what PYDANTIC_DISABLE_PLUGINS=1 does, without the import. (pydantic imports
    `get_plugins` from this one private module, when it builds its first validator.)"""
    name = "pydantic.plugin._loader"
    if name in sys.modules or "pydantic" in sys.modules:
        return
    import types

    loader = types.ModuleType(name, "floorman: no pydantic plugins in a one-shot ruling")
    loader.get_plugins = lambda: ()     # type: ignore[attr-defined]
    sys.modules[name] = loader


def _exit_at_once(code: int) -> NoReturn:
    """End a one-shot ruling without Python's teardown: freeing, one by one, every object the
    models, the rulebook and the rule engine made is a tenth of the run, and nothing is left to
    do once the output is flushed and the journal (already committed) is closed."""
    try:
        sys.stdout.flush()
    except OSError:            # the reader went away (`floorman rule F | head -1`): as click does
        code = 1
    try:
        sys.stderr.flush()
    except OSError:
        pass
    journal = sys.modules.get("floorman.journal")
    if journal is not None:
        journal.close_all()
    os._exit(code)


def _guard_terminal(command: Any, parameters: dict[str, Any]) -> int:
    """What click does around a command: Ctrl-C is 'Aborted!', a closed pipe ends quietly."""
    try:
        return command(**parameters)
    except KeyboardInterrupt:
        print(file=sys.stderr)
        print("Aborted!", file=sys.stderr)
        return 1
    except OSError as error:
        if error.errno != errno.EPIPE:
            raise
        try:
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115  # left open to exit: nothing more to write, no second EPIPE
        except OSError:
            pass
        return 1
