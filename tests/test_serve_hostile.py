"""Hostile input to `floorman serve`: each request gets a clear 4xx, says why, and changes nothing
in the class file (every row of every table compared before and after).

The class: Ann has joined and answered question 1; Bo (another browser) has joined and answered
nothing. Each case is one request from one of them, or from a stranger or a forger.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the serve extra is not installed")

from starlette.testclient import TestClient  # noqa: E402

from floorman.classroom.store import ClassBook  # noqa: E402
from floorman.serve.app import build_app  # noqa: E402
from test_serve_support import Trainee, field, make_class, questions, right_letter  # noqa: E402

TOKEN = "the-trainers-token"


class Scene:
    def __init__(self, tmp_path: Path) -> None:
        self.book = ClassBook.open(tmp_path / "classes.sqlite3")
        self.code = make_class(self.book)
        self.other = make_class(self.book, seed=2)
        self.app = build_app(self.book, token=TOKEN, api=True)
        self.ann = Trainee(self.client(), self.code)
        self.ann.join("Ann")
        self.ann.answer(right_letter(questions()[0]))
        self.bo = Trainee(self.client(), self.code)
        self.bo.join("Bo")
        self.stranger = self.client()
        self.stranger.get("/")                       # a session cookie, and a form token for it
        self.trainer = self.client()
        self.trainer.get(f"/trainer?token={TOKEN}")

    def client(self) -> TestClient:
        return TestClient(self.app, base_url="http://testserver")

    def csrf(self, c: TestClient, path: str = "/") -> str:
        return field(c.get(path).text, "csrf")

    def page(self, who: Trainee) -> Any:
        return who.question()

    def answer(self, who: Trainee, **changes: Any) -> Any:
        page = who.question()
        form = {"csrf": field(page.text, "csrf"), "position": field(page.text, "position"), "answer": "a"}
        form.update(changes)
        form = {k: v for k, v in form.items() if v is not None}
        return who.client.post(f"/c/{self.code}/answer", data=form, follow_redirects=False)

    def join(self, c: TestClient, name: str, code: str | None = None, csrf: str | None = "fresh") -> Any:
        form = {"code": self.code if code is None else code, "name": name}
        if csrf == "fresh":
            form["csrf"] = self.csrf(c)
        elif csrf is not None:
            form["csrf"] = csrf
        return c.post("/join", data=form, follow_redirects=False)

    def snapshot(self) -> dict[str, list[tuple]]:
        with sqlite3.connect(self.book.path) as connection:
            return {table: connection.execute(f"SELECT * FROM {table} ORDER BY 1, 2").fetchall()
                    for table in ("class", "question", "trainee", "answer", "setting")}


def _number_position() -> int:
    return next(n for n, q in enumerate(questions(), 1) if q["kind"] == "number")


def _replayed_answer(s: Scene) -> Any:
    page = s.ann.question()
    form = {"csrf": field(page.text, "csrf"), "position": field(page.text, "position"), "answer": "a"}
    assert s.ann.client.post(f"/c/{s.code}/answer", data=form, follow_redirects=False).status_code == 303
    s.before = s.snapshot()                    # the first one counts; the replay must change nothing
    return s.ann.client.post(f"/c/{s.code}/answer", data=form, follow_redirects=False)


def _replayed_join(s: Scene) -> Any:
    c = s.client()
    form = {"csrf": s.csrf(c), "code": s.code, "name": "Cy"}
    assert c.post("/join", data=form, follow_redirects=False).status_code == 303
    s.before = s.snapshot()
    return c.post("/join", data=form, follow_redirects=False)


def _other_session_token(s: Scene) -> Any:
    page = s.bo.question()
    token = field(page.text, "csrf")           # Bo's form token, sent with Ann's cookies
    return s.ann.client.post(f"/c/{s.code}/answer", data={"csrf": token, "position": "2", "answer": "a"},
                             follow_redirects=False)


def _forged_trainee(s: Scene) -> Any:
    c = s.client()
    token = s.csrf(c)
    c.cookies.set(f"fm_t_{s.code}", "not-a-trainee-key")
    return c.post(f"/c/{s.code}/answer", data={"csrf": token, "position": "1", "answer": "a"}, follow_redirects=False)


def _other_class_cookie(s: Scene) -> Any:
    c = s.client()
    token = s.csrf(c)
    key = s.ann.client.cookies.get(f"fm_t_{s.code}")
    c.cookies.set(f"fm_t_{s.other}", key)     # Ann's key, offered to another class
    return c.post(f"/c/{s.other}/answer", data={"csrf": token, "position": "1", "answer": "a"},
                  follow_redirects=False)


def _closed(s: Scene) -> Any:
    page = s.bo.question()                     # the question was open when the trainer closed the class
    s.book.close_class(s.code)
    s.before = s.snapshot()
    form = {"csrf": field(page.text, "csrf"), "position": field(page.text, "position"), "answer": "a"}
    return s.bo.client.post(f"/c/{s.code}/answer", data=form, follow_redirects=False)


def _closed_join(s: Scene) -> Any:
    s.book.close_class(s.code)
    s.before = s.snapshot()
    return s.join(s.client(), "Dee")


def _create(s: Scene, c: TestClient, **form: Any) -> Any:
    data = {"csrf": s.csrf(c, "/trainer" if c is s.trainer else "/"), "count": "5", **form}
    return c.post("/trainer/classes", data={k: v for k, v in data.items() if v is not None}, follow_redirects=False)


def _multipart(s: Scene) -> Any:
    page = s.bo.question()
    return s.bo.client.post(f"/c/{s.code}/answer", data={"csrf": field(page.text, "csrf"), "position": "1"},
                            files={"answer": ("a.txt", b"a")}, follow_redirects=False)


def _api(s: Scene, body: Any, token: str | None) -> Any:
    headers = {"content-type": "application/json"}
    if token:
        headers["authorization"] = f"Bearer {token}"
    return s.client().post("/api/rule", content=body, headers=headers)


SCRIPT = "<script>alert('x')</script>"
Case = tuple[str, int, Callable[[Scene], Any], str]
CASES: list[Case] = [
    # class codes
    ("unknown class code", 404, lambda s: s.join(s.client(), "Dee", code="ZZZZZ"), "no class is open"),
    ("malformed class code", 422, lambda s: s.join(s.client(), "Dee", code="<b>X</b>"), "not a class code"),
    ("10,000-character class code", 422, lambda s: s.join(s.client(), "Dee", code="A" * 10_000), "not a class code"),
    ("unknown code in the address", 404, lambda s: s.stranger.get("/c/ZZZZZ/q"), "No class is open"),
    ("malformed code in the address", 404, lambda s: s.stranger.get("/c/..%2Fetc/q"), ""),
    # names
    ("10,000-character name", 422, lambda s: s.join(s.client(), "x" * 10_000), "10,000 characters long"),
    ("script in the name", 422, lambda s: s.join(s.client(), SCRIPT), "&lt;script&gt;"),
    ("HTML in the name", 422, lambda s: s.join(s.client(), "<b>Ann</b>"), "&lt;b&gt;Ann&lt;/b&gt;"),
    ("quote-breaking name", 422, lambda s: s.join(s.client(), '"><img src=x onerror=alert(1)>'), "&#34;&gt;&lt;img"),
    ("control character in the name", 422, lambda s: s.join(s.client(), "Ann\x07"), "letters, digits"),
    ("right-to-left override in the name", 422, lambda s: s.join(s.client(), "Ann\u202egnp.exe"), "letters"),
    ("formula as a name", 422, lambda s: s.join(s.client(), "=HYPERLINK(1)"), "letters"),
    ("empty name", 422, lambda s: s.join(s.client(), "   "), "needs a name"),
    ("a name taken (other case)", 409, lambda s: s.join(s.client(), "ANN"), "has this name already"),
    # answers
    ("answer outside the choices", 422, lambda s: s.answer(s.bo, answer="e"), "not one of the choices"),
    ("answer of two letters", 422, lambda s: s.answer(s.bo, answer="ab"), "not one of the choices"),
    ("answer as a choice's text", 422, lambda s: s.answer(s.bo, answer=questions()[0]["choices"][0]["text"]),
     "not one of the choices"),
    ("empty answer", 422, lambda s: s.answer(s.bo, answer=""), "not one of the choices"),
    ("no answer field", 422, lambda s: s.answer(s.bo, answer=None), "not one of the choices"),
    ("10,000-character answer", 422, lambda s: s.answer(s.bo, answer="a" * 10_000), "not one of the choices"),
    ("question 0", 422, lambda s: s.answer(s.bo, position="0"), "questions 1 to"),
    ("question 999", 422, lambda s: s.answer(s.bo, position="999"), "questions 1 to"),
    ("question 'x'", 422, lambda s: s.answer(s.bo, position="x"), "questions 1 to"),
    ("a question not yet asked", 409, lambda s: s.answer(s.bo, position="3"), "not the one being asked"),
    ("a question answered already", 409, lambda s: s.answer(s.ann, position="1"), "answered already"),
    ("a letter for an amount", 422, lambda s: _amount(s, "a"), "not an amount"),
    ("an amount with letters", 422, lambda s: _amount(s, "12abc"), "not an amount"),
    ("a negative amount", 422, lambda s: _amount(s, "-5"), "not an amount"),
    ("an amount of 16 digits", 422, lambda s: _amount(s, "1" * 16), "not an amount"),
    ("an amount in other digits", 422, lambda s: _amount(s, "١٢٣"), "not an amount"),
    # replays
    ("replayed answer", 409, _replayed_answer, "answered already"),
    ("replayed join", 409, _replayed_join, "has this name already"),
    ("answer to a closed class", 409, _closed, "closed"),
    ("join a closed class", 409, _closed_join, "closed"),
    # CSRF and who sends it
    ("answer with no CSRF token", 403, lambda s: s.answer(s.bo, csrf=None), "expired"),
    ("answer with a forged CSRF token", 403, lambda s: s.answer(s.bo, csrf="0" * 32), "expired"),
    ("answer with another session's token", 403, _other_session_token, "expired"),
    ("join with no CSRF token", 403, lambda s: s.join(s.client(), "Dee", csrf=None), "expired"),
    ("join with no session cookie", 403,
     lambda s: TestClient(s.app).post("/join", data={"csrf": "x" * 32, "code": s.code, "name": "Dee"}), "expired"),
    ("answer from a stranger", 403,
     lambda s: s.stranger.post(f"/c/{s.code}/answer", data={"csrf": s.csrf(s.stranger), "position": "1",
                                                              "answer": "a"}, follow_redirects=False), "Join"),
    ("forged trainee cookie", 403, _forged_trainee, "Join"),
    ("a trainee's cookie for another class", 403, _other_class_cookie, "Join"),
    ("an uploaded file as the answer", 403, _multipart, "expired"),
    # other trainees' answers
    ("another trainee's feedback", 404, lambda s: s.bo.client.get(f"/c/{s.code}/feedback/1"), "no answer from you"),
    ("feedback of a question not answered", 404, lambda s: s.ann.client.get(f"/c/{s.code}/feedback/4"), ""),
    # the trainer's pages
    ("trainer page with no token", 401, lambda s: s.stranger.get("/trainer"), "needs the trainer"),
    ("trainer page with a forged token", 403, lambda s: s.stranger.get("/trainer?token=guess"), "not the one"),
    ("dashboard with a forged cookie", 403,
     lambda s: TestClient(s.app, cookies={"fm_trainer": "guess"}).get(f"/trainer/c/{s.code}"), "not the one"),
    ("results with no token", 401, lambda s: s.stranger.get(f"/trainer/c/{s.code}/results.csv"), "needs the trainer"),
    ("sheet (answer key) with no token", 401, lambda s: s.stranger.get(f"/trainer/c/{s.code}/sheet.html"), ""),
    ("make a class with no token", 401, lambda s: _create(s, s.stranger), "needs the trainer"),
    ("make a class with a forged CSRF token", 403, lambda s: _create(s, s.trainer, csrf="f" * 32), "expired"),
    ("make a class of 0 questions", 422, lambda s: _create(s, s.trainer, count="0"), "1 to 100"),
    ("make a class of 10,000 questions", 422, lambda s: _create(s, s.trainer, count="10000"), "1 to 100"),
    ("make a class of an unknown topic", 422, lambda s: _create(s, s.trainer, topics="<script>"), "unknown topic"),
    ("make a class of an unknown set", 422, lambda s: _create(s, s.trainer, set="../../etc"), "unknown question set"),
    ("close a class with no token", 401,
     lambda s: s.stranger.post(f"/trainer/c/{s.code}/close", data={"csrf": s.csrf(s.stranger)}), "needs the trainer"),
    ("close a class with a forged CSRF token", 403,
     lambda s: s.trainer.post(f"/trainer/c/{s.code}/close", data={"csrf": "f" * 32}), "expired"),
    # the API
    ("API with no token", 401, lambda s: _api(s, b"{}", None), "Bearer"),
    ("API with a forged token", 403, lambda s: _api(s, b"{}", "guess"), "Bearer"),
    ("API naming a server file", 422, lambda s: _api(s, b'{"title": "t", "house": "/etc/passwd", "table": {}}', TOKEN),
     "names no file"),
    ("API body that is no JSON", 400, lambda s: _api(s, b"\xff\xfe", TOKEN), "not UTF-8"),
    ("API nested 100,000 deep", 400, lambda s: _api(s, b"[" * 100_000 + b"]" * 100_000, TOKEN), "nested too deep"),
    # sizes and methods
    ("form body over the cap", 413, lambda s: s.join(s.client(), "x" * 100_000), "too large"),
    ("declared body over the cap", 413,
     lambda s: s.stranger.post("/join", content=b"x", headers={"content-length": "99999999",
                                                                 "content-type": "text/plain"}), "too large"),
    ("API body over the cap", 413, lambda s: _api(s, b" " * 300_000, TOKEN), "too large"),
    ("GET where a form posts", 405, lambda s: s.stranger.get("/join"), "not allowed"),
]


def _amount_page(s: Scene) -> Any:
    """Bo answers up to the first amount question; its page."""
    n = _number_position()
    for q in questions()[:n - 1]:
        assert s.bo.answer(right_letter(q)).status_code == 303
    s.before = s.snapshot()
    return s.bo.question()


def _amount(s: Scene, text: str) -> Any:
    page = _amount_page(s)
    form = {"csrf": field(page.text, "csrf"), "position": field(page.text, "position"), "answer": text}
    return s.bo.client.post(f"/c/{s.code}/answer", data=form, follow_redirects=False)


@pytest.mark.parametrize("name,status,send,says", CASES, ids=[case[0] for case in CASES])
def test_hostile_input_is_refused_and_changes_nothing(tmp_path, name, status, send, says):
    scene = Scene(tmp_path)
    try:
        scene.before = scene.snapshot()
        refused = send(scene)
        assert refused.status_code == status, (name, refused.status_code, refused.text[:500])
        assert says in refused.text, (name, refused.text[:800])
        assert "Traceback" not in refused.text and "<script>alert" not in refused.text
        assert scene.snapshot() == scene.before, f"{name} changed the class file"
    finally:
        scene.book.close()


def test_the_count_of_hostile_inputs():
    assert len(CASES) >= 60 and len({case[0] for case in CASES}) == len(CASES)
