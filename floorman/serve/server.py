"""`floorman serve`: open the class file, bind the address, say where to go, run uvicorn.

The web dependencies (the `serve` extra) are imported here, when the server starts, never when
floorman starts: `floorman rule` does not load them.
"""

from __future__ import annotations

import socket
from collections.abc import Callable
from pathlib import Path

from floorman.errors import FloormanError

EXTRA = ("starlette", "uvicorn", "jinja2", "multipart")
LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1")


def needs_extra() -> None:
    """Refuse, naming the install command, when the serve extra is missing."""
    import importlib.util

    missing = [name for name in EXTRA if importlib.util.find_spec(name) is None]
    if missing:
        raise FloormanError(f"floorman serve needs the web packages ({', '.join(missing)} missing)",
                            expected="pip install 'floorman[serve]'")


def bind(host: str, port: int) -> socket.socket:
    """The listening socket, bound before anything is printed: a port in use is one clear error."""
    try:
        family, kind, protocol, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM,
                                                                flags=socket.AI_PASSIVE)[0]
        listener = socket.socket(family, kind, protocol)
    except (OSError, UnicodeError) as error:
        raise FloormanError(f"cannot listen on {host!r} ({error})", field="host",
                            expected="an address of this machine: 127.0.0.1, or 0.0.0.0 for the classroom's network"
                            ) from None
    try:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(address)
        listener.listen(128)
    except OSError as error:
        listener.close()
        raise FloormanError(f"cannot listen on {host} port {port} ({error.strerror or error})", field="port",
                            expected="a free port, e.g. --port 8080") from None
    return listener


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback, as the classroom's network may see them."""
    try:
        found = {str(info[4][0]) for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)}
    except OSError:
        return []
    return sorted(a for a in found if not a.startswith("127."))


def url(host: str, port: int) -> str:
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}"


def shared_addresses(host: str, port: int) -> list[str]:
    """The addresses trainees on the network open (none when the server listens on this machine only)."""
    if host in LOCAL_HOSTS:
        return []
    return [url(a, port) for a in lan_addresses()] if host in ("0.0.0.0", "::", "") else [url(host, port)]


def announce(host: str, port: int, token: str, *, classes: Path, api: bool, echo: Callable[[str], None]) -> None:
    """What the trainer reads at start: where the class is, the trainer's link, the class file."""
    local = url("127.0.0.1" if host in ("0.0.0.0", "::", "") else host, port)
    echo(f"floorman serve: the class is at {local}/")
    if host not in LOCAL_HOSTS:
        shared = shared_addresses(host, port)
        for address in shared:
            echo(f"  Trainees on this network open: {address}/")
        if not shared:
            echo(f"  Trainees open http://THIS-MACHINE'S-ADDRESS:{port}/ (find it with `ip addr`)")
        echo("Warning: the class is open to every machine on this network. Trainees need only the class code; keep "
             "the trainer's link below to yourself, and stop the server (Ctrl-C) after class.")
    echo(f"Trainer's page (keep this link to yourself): {local}/trainer?token={token}")
    if api:
        echo(f"API: POST {local}/api/rule with Authorization: Bearer {token}")
    echo(f"Class file: {classes}")
    echo("Ctrl-C stops the server; every answer given is already saved.")


def run(*, host: str = "127.0.0.1", port: int = 8000, classes: str | Path | None = None,
        journal: str | Path | None = None, api: bool = False, echo: Callable[[str], None] = print) -> None:
    needs_extra()
    import uvicorn

    from floorman.classroom.store import ClassBook
    from floorman.serve.app import build_app
    from floorman.serve.guard import new_token

    book = ClassBook.open(classes, journal=journal)
    assert book is not None
    listener = None
    try:
        listener = bind(host, port)
        token = new_token()
        port = listener.getsockname()[1]
        app = build_app(book, token=token, api=api, shared=shared_addresses(host, port))
        announce(host, port, token, classes=book.path, api=api, echo=echo)
        config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="on", server_header=False,
                                limit_concurrency=500, timeout_keep_alive=30, timeout_graceful_shutdown=3)
        uvicorn.Server(config).run(sockets=[listener])
    finally:
        if listener is not None:
            listener.close()
        book.close()
