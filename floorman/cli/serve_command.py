"""`floorman serve`: a dealer-school class in the browser (floorman/serve/, docs/serve.md).

A thin layer: the options, then floorman.serve.server.run. The web packages are the `serve`
extra, imported only when the server starts.
"""

from __future__ import annotations

from pathlib import Path

import typer

from floorman.cli.errors import guarded
from floorman.cli.options import JournalOption


@guarded
def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="The address to listen on: 127.0.0.1 (this machine "
                             "only), or 0.0.0.0 for trainees on the classroom's network."),
    port: int = typer.Option(8000, "--port", min=0, max=65535, help="The port (0: any free one)."),
    classes: Path | None = typer.Option(None, "--classes", help="The class file (default: $FLOORMAN_CLASSES, "
                                           "else classes.sqlite3 beside the journal)."),
    journal: JournalOption = None,
    api: bool = typer.Option(False, "--api", help="Also answer POST /api/rule: a scenario as JSON, ruled as "
                             "`floorman rule --json` rules it (the trainer's token as a Bearer token)."),
) -> None:
    """Run a class in the browser: trainees join with a code on their phones, the trainer follows live.

    Prints the address for trainees and the trainer's link, with its token. Needs floorman's serve extra.
    --journal names the journal whose folder holds the class file; the server never opens the journal itself.

    See docs/serve.md.

    Example:

        floorman serve
        floorman serve --host 0.0.0.0 --port 8080
    """
    from floorman.serve.server import run

    run(host=host, port=port, classes=classes, journal=journal, api=api, echo=lambda line: print(line, flush=True))


def register(app: typer.Typer) -> None:
    app.command("serve")(serve)
