"""The web app's safety: the trainer's token, the forms' CSRF tokens, capped request bodies and
the headers every response carries. No Starlette import here: plain functions and one ASGI
middleware, so each can be tested on its own.

- The trainer's token is printed when the server starts. The trainer's browser trades it once
  for an HttpOnly cookie (the address bar then drops it); the API takes it as a Bearer token.
- Every page that holds a form gives its browser a session cookie (random); each form carries
  HMAC(secret, session). A POST whose token does not match its cookie is refused: a page on
  another site cannot post into a class. The secret is kept in the class file, so a question
  page opened before a restart can still be answered after it.
- A request body over its cap is refused with 413 before it is read to the end.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

SESSION_COOKIE = "fm_session"
TRAINER_COOKIE = "fm_trainer"
TRAINEE_COOKIE = "fm_t_"          # + the class code: a browser can be in one class at a time per code
FORM_LIMIT = 16 * 1024            # a form: a name, a code, an answer, a class's options
API_LIMIT = 256 * 1024            # a scenario as JSON: hundreds of events
COOKIE_DAYS = 2

CONTENT_SECURITY = ("default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self'; connect-src 'self'; "
                    "form-action 'self'; frame-ancestors 'none'; base-uri 'none'")
HEADERS = [(b"content-security-policy", CONTENT_SECURITY.encode()), (b"x-content-type-options", b"nosniff"),
           (b"referrer-policy", b"no-referrer"), (b"x-frame-options", b"DENY")]


def new_token() -> str:
    return secrets.token_urlsafe(18)


def same(given: str | None, expected: str) -> bool:
    """A constant-time comparison: a forged token takes as long to refuse as a nearly right one."""
    return given is not None and hmac.compare_digest(given.encode("utf-8", "replace"), expected.encode())


def form_token(secret: bytes, session: str) -> str:
    return hmac.new(secret, session.encode(), hashlib.sha256).hexdigest()[:32]


def form_token_ok(secret: bytes, session: str | None, token: str | None) -> bool:
    return bool(session) and same(token, form_token(secret, session or ""))


Message = MutableMapping[str, Any]      # an ASGI scope or message, as Starlette types it
ASGIApp = Callable[[Message, Callable[[], Awaitable[Message]], Callable[[Message], Awaitable[None]]], Awaitable[None]]


class Guard:
    """ASGI middleware: caps every request body (API_LIMIT under /api/, FORM_LIMIT elsewhere) and
    adds the safety headers to every response. The body is read here, up to its cap, before the
    app sees the request: one over the cap is refused (413) without the app running at all."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = API_LIMIT if scope["path"].startswith("/api/") else FORM_LIMIT
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > limit):
            await _too_large(send, limit)
            return
        chunks: list[bytes] = []
        seen = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return                          # the client went away
            chunk = message.get("body", b"")
            seen += len(chunk)
            if seen > limit:
                await _too_large(send, limit)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        given = False

        async def replay() -> dict[str, Any]:
            nonlocal given
            if given:
                return await receive()          # after the body: only a disconnect can come
            given = True
            return {"type": "http.request", "body": body, "more_body": False}

        async def headed(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *HEADERS]}
            await send(message)

        await self.app(scope, replay, headed)


async def _too_large(send: Any, limit: int) -> None:
    body = f"Request body too large: at most {limit // 1024} KiB.\n".encode()
    await send({"type": "http.response.start", "status": 413,
                "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                            (b"content-length", str(len(body)).encode()), (b"connection", b"close"), *HEADERS]})
    await send({"type": "http.response.body", "body": body})
