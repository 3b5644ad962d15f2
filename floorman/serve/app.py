"""The web app: the trainees' pages, the trainer's pages and the JSON API, on Starlette.

    trainees   GET /  POST /join  GET /c/CODE  GET /c/CODE/q  POST /c/CODE/answer
               GET /c/CODE/feedback/N  GET /c/CODE/summary
    trainer    GET /trainer[?token=T]  POST /trainer/classes  GET /trainer/c/CODE[/live]
               POST /trainer/c/CODE/close  GET /trainer/c/CODE/results.csv|json  /sheet.html|md
    API        POST /api/rule   (only with --api; Authorization: Bearer T)

Every page works as plain HTML forms (post, then redirect to the next page); class.js only adds
keys and the dashboard's live refresh. Each POST is checked in this order: its CSRF token, who
sends it, then each field (floorman.classroom.checks); a refusal is a 4xx page that says why and
changes nothing. An answer is committed before the page that marks it is sent.
"""

from __future__ import annotations

import io
from datetime import UTC, datetime
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from floorman.classroom import checks
from floorman.classroom.checks import BadInput
from floorman.classroom.lessons import mark
from floorman.classroom.results import by_topic, class_results, write_csv, write_json
from floorman.classroom.store import ClassBook, ClassConflict, Trainee, UnknownClass, not_taken
from floorman.errors import FloormanError
from floorman.serve import guard
from floorman.serve.drawing import bar_chart
from floorman.serve.pages import render
from floorman.serve.room import Room

NO_STORE = {"cache-control": "no-store"}


# ----------------------------------------------------------------------------- responses
def _session(request: Request) -> tuple[str, bool]:
    """The browser's session id for CSRF tokens, and whether it is new (to be set as a cookie)."""
    session = request.cookies.get(guard.SESSION_COOKIE, "")
    if 20 <= len(session) <= 64 and session.replace("-", "").replace("_", "").isalnum():
        return session, False
    return guard.new_token(), True


def page(request: Request, template: str, status: int = 200, **context: Any) -> HTMLResponse:
    room: Room = request.app.state.room
    session, new = _session(request)
    response = HTMLResponse(render(template, csrf=guard.form_token(room.secret, session), **context),
                            status_code=status, headers=NO_STORE)
    if new:
        response.set_cookie(guard.SESSION_COOKIE, session, max_age=guard.COOKIE_DAYS * 86400, httponly=True,
                            samesite="lax")
    return response


def refuse(request: Request, status: int, title: str, message: str, link: tuple[str, str] | None = None,
           side: str = "trainee") -> HTMLResponse:
    return page(request, "message.html", status, title=title, message=message, link=link, side=side)


def go(path: str) -> RedirectResponse:
    return RedirectResponse(path, status_code=303, headers=NO_STORE)


def said(error: FloormanError) -> str:
    """An error as a page says it: the message, and what was expected."""
    return error.message + (f" (expected {error.expected})" if error.expected else "")


async def posted(request: Request) -> dict[str, Any] | None:
    """The form's fields, or None when its CSRF token does not match the browser's session."""
    room: Room = request.app.state.room
    try:
        form = await request.form(max_files=0, max_fields=40)
    except Exception:  # noqa: BLE001 - a body that is no form: refused as a forged one
        return None
    fields: dict[str, Any] = {key: form.getlist(key) if key == "topics" else form.get(key) for key in form}
    if any(not isinstance(v, str) for k, v in fields.items() if k != "topics"):
        return None
    if not guard.form_token_ok(room.secret, request.cookies.get(guard.SESSION_COOKIE), fields.get("csrf")):
        return None
    return fields


def forged(request: Request, side: str = "trainee") -> HTMLResponse:
    return refuse(request, 403, "This form has expired",
                  "The form did not come from this page, or it is too old. Go back, reload the page and try again.",
                  ("/" if side == "trainee" else "/trainer", "Start again"), side)


# ----------------------------------------------------------------------------- trainees
def _code(request: Request) -> str | None:
    try:
        return checks.class_code(request.path_params["code"])
    except BadInput:
        return None


def _trainee(request: Request, code: str) -> Trainee | None:
    key = request.cookies.get(guard.TRAINEE_COOKIE + code)
    if not key or len(key) > 64:
        return None
    return request.app.state.room.book.trainee(code, key)


def _class_or_404(request: Request) -> tuple[str, Any] | HTMLResponse:
    code = _code(request)
    info = request.app.state.room.book.class_info(code) if code else None
    if not code or info is None or info.status in ("preparing", "failed"):
        return refuse(request, 404, "No such class", "No class is open with this code. Check the code your "
                      "trainer shows.", ("/", "Join a class"))
    return code, info


async def home(request: Request) -> Response:
    code = request.query_params.get("code", "")
    return page(request, "join.html", code=code[:12], name="", name_max=checks.NAME_MAX)


async def class_door(request: Request) -> Response:
    found = _class_or_404(request)
    if isinstance(found, Response):
        return found
    code, _ = found
    if _trainee(request, code) is not None:
        return go(f"/c/{code}/q")
    return page(request, "join.html", code=code, name="", name_max=checks.NAME_MAX)


async def join(request: Request) -> Response:
    room: Room = request.app.state.room
    fields = await posted(request)
    if fields is None:
        return forged(request)
    typed_code, typed_name = fields.get("code") or "", fields.get("name") or ""

    def again(status: int, error: FloormanError) -> Response:
        return page(request, "join.html", status, problem=said(error), code=typed_code[:12],
                    name=typed_name[:checks.NAME_MAX * 2], name_max=checks.NAME_MAX)

    try:
        code = checks.class_code(typed_code)
        name = checks.trainee_name(typed_name)
        trainee = room.book.join(code, name)
    except BadInput as error:
        return again(422, error)
    except UnknownClass as error:
        return again(404, error)
    except ClassConflict as error:
        return again(409, error)
    response = go(f"/c/{code}/q")
    response.set_cookie(guard.TRAINEE_COOKIE + code, trainee.key, max_age=guard.COOKIE_DAYS * 86400, httponly=True,
                        samesite="lax")
    return response


def _trainee_or_door(request: Request) -> tuple[str, Any, Trainee, list[dict[str, Any]]] | Response:
    found = _class_or_404(request)
    if isinstance(found, Response):
        return found
    code, info = found
    trainee = _trainee(request, code)
    if trainee is None:
        return go(f"/c/{code}")
    return code, info, trainee, request.app.state.room.questions(code)


def question_page(request: Request, code: str, trainee: Trainee, questions: list[dict[str, Any]], n: int,
                  status: int = 200, problem: str | None = None) -> Response:
    body, choices = request.app.state.room.fragments.question(code, n, questions)
    return page(request, "question.html", status, code=code, trainee=trainee.name, n=n, total=len(questions),
                body=body, choices=choices, problem=problem)


async def ask(request: Request) -> Response:
    found = _trainee_or_door(request)
    if isinstance(found, Response):
        return found
    code, info, trainee, questions = found
    answered = request.app.state.room.book.answered_count(trainee)
    if info.status == "closed" or answered >= len(questions):
        return go(f"/c/{code}/summary")
    return question_page(request, code, trainee, questions, answered + 1)


async def answer(request: Request) -> Response:
    room: Room = request.app.state.room
    fields = await posted(request)
    if fields is None:
        return forged(request)
    found = _trainee_or_door(request)
    if isinstance(found, Response):
        return found if found.status_code != 303 else refuse(
            request, 403, "Join the class first", "Answers are taken from trainees who joined the class.",
            (f"/c/{request.path_params['code']}", "Join"))
    code, info, trainee, questions = found
    position = fields.get("position") or ""
    if not (position.isascii() and position.isdigit() and 1 <= int(position) <= len(questions)):
        return refuse(request, 422, "No such question", f"This class has questions 1 to {len(questions)}.",
                      (f"/c/{code}/q", "Back to the questions"))
    n = int(position)
    problem = not_taken(info.status, n, room.book.answered_count(trainee))   # record checks again, in its transaction
    if problem is not None:
        return refuse(request, 409, "Answer not taken", problem, (f"/c/{code}/q", "Go on"))
    try:
        given = checks.answer(questions[n - 1], fields.get("answer"))
    except BadInput as error:
        return question_page(request, code, trainee, questions, n, 422, said(error))
    try:
        room.book.record(trainee, n, given, mark(questions[n - 1], given).correct)
    except ClassConflict as error:
        return refuse(request, 409, "Answer not taken", error.message, (f"/c/{code}/q", "Go on"))
    return go(f"/c/{code}/feedback/{n}")


async def feedback(request: Request) -> Response:
    found = _trainee_or_door(request)
    if isinstance(found, Response):
        return found
    code, info, trainee, questions = found
    n = request.path_params["n"]
    given = next((a for a in request.app.state.room.book.answers_of(trainee) if a.position == n), None)
    if given is None:
        return refuse(request, 404, "Not answered yet", f"Question {n} has no answer from you yet.",
                      (f"/c/{code}/q", "Back to the questions"))
    q = questions[n - 1]
    return page(request, "feedback.html", code=code, trainee=trainee.name, n=n, total=len(questions), q=q,
                mark=mark(q, given.given))


async def summary(request: Request) -> Response:
    found = _trainee_or_door(request)
    if isinstance(found, Response):
        return found
    code, info, trainee, questions = found
    answers = request.app.state.room.book.answers_of(trainee)
    topics = by_topic(questions, answers)
    return page(request, "summary.html", code=code, trainee=trainee.name, total=len(questions),
                answered=len(answers), right=sum(a.correct for a in answers), topics=topics,
                chart=bar_chart(topics, "Your score by topic"), closed=info.status == "closed")


# ----------------------------------------------------------------------------- the trainer
def trainer_says(request: Request) -> str:
    """'ok', 'missing' or 'forged': the trainer's cookie, or a Bearer token, against the token."""
    token = request.app.state.room.token
    given = request.cookies.get(guard.TRAINER_COOKIE)
    header = request.headers.get("authorization", "")
    if header.lower().startswith("bearer "):
        given = header[7:].strip()
    if not given:
        return "missing"
    return "ok" if guard.same(given, token) else "forged"


def trainer_refusal(request: Request, says: str) -> Response:
    if says == "missing":
        return refuse(request, 401, "Trainer's page", "This page needs the trainer's link that `floorman serve` "
                      "printed when it started.", side="trainer")
    return refuse(request, 403, "Trainer's page", "This trainer token is not the one `floorman serve` printed "
                  "at this start. Use the link it printed.", side="trainer")


def _trainer_class(request: Request) -> Any:
    """The class the trainer's URL names, or the refusal (token, then an unknown code)."""
    says = trainer_says(request)
    if says != "ok":
        return trainer_refusal(request, says)
    code = _code(request)
    info = request.app.state.room.book.class_info(code) if code else None
    if info is None:
        return refuse(request, 404, "No such class", "No class has this code.", ("/trainer", "All classes"),
                      "trainer")
    return info


async def trainer_home(request: Request, problem: str | None = None, form: dict[str, Any] | None = None,
                       status: int = 200) -> Response:
    room: Room = request.app.state.room
    token = request.query_params.get("token")
    if token is not None:          # the printed link: trade the token for a cookie, drop it from the address
        if not guard.same(token, room.token):
            return trainer_refusal(request, "forged")
        response = go("/trainer")
        response.set_cookie(guard.TRAINER_COOKIE, room.token, max_age=guard.COOKIE_DAYS * 86400, httponly=True,
                            samesite="strict")
        return response
    says = trainer_says(request)
    if says != "ok":
        return trainer_refusal(request, says)
    from floorman.training.generator import BUNDLED_SETS, DIFFICULTIES, TOPICS

    classes = [(info, len(room.book.trainees(info.code))) for info in room.book.classes()]
    return page(request, "trainer.html", status, classes=classes, topics=TOPICS, difficulties=DIFFICULTIES,
                sets=list(BUNDLED_SETS), profiles=room.profiles(), problem=problem, form=form or {})


async def create_class(request: Request) -> Response:
    room: Room = request.app.state.room
    fields = await posted(request)
    if fields is None:
        return forged(request, "trainer")
    says = trainer_says(request)
    if says != "ok":
        return trainer_refusal(request, says)
    from floorman.training.generator import BUNDLED_SETS, DIFFICULTIES, TOPICS

    try:
        options = checks.class_options(fields, topics=TOPICS, difficulties=DIFFICULTIES, sets=BUNDLED_SETS,
                                       profiles=room.profiles())
    except BadInput as error:
        return await trainer_home(request, problem=said(error), form=fields, status=422)
    code = room.book.create_class(options)
    room.prepare(code)
    return go(f"/trainer/c/{code}")


def _live_context(request: Request, info: Any) -> dict[str, Any]:
    room: Room = request.app.state.room
    questions = room.questions(info.code)
    results = class_results(questions, room.book.trainees(info.code), room.book.class_answers(info.code))
    answered = [(t, s) for t, s in results.trainees if s.asked]
    return {"info": info, "results": results, "made": room.made.get(info.code, 0),
            "answered_trainees": answered,
            "trainee_chart": bar_chart([s for _, s in answered], "Score per trainee"),
            "topic_chart": bar_chart(results.topics, "The class's score per topic"),
            "updated": datetime.now(UTC).astimezone().strftime("%H:%M:%S")}


async def dashboard(request: Request) -> Response:
    info = _trainer_class(request)
    if isinstance(info, Response):
        return info
    room: Room = request.app.state.room
    return page(request, "dashboard.html", join_address=(room.shared or [str(request.base_url)])[0].rstrip("/"),
                **_live_context(request, info))


async def live(request: Request) -> Response:
    info = _trainer_class(request)
    if isinstance(info, Response):
        return info
    return HTMLResponse(render("_live.html", **_live_context(request, info)), headers=NO_STORE)


async def close_class(request: Request) -> Response:
    fields = await posted(request)
    if fields is None:
        return forged(request, "trainer")
    info = _trainer_class(request)
    if isinstance(info, Response):
        return info
    if not request.app.state.room.book.close_class(info.code):
        return refuse(request, 409, "Already closed", f"Class {info.code} was closed already.",
                      (f"/trainer/c/{info.code}", "Back to the class"), "trainer")
    return go(f"/trainer/c/{info.code}")


async def _download(request: Request, kinds: tuple[str, ...]) -> Any:
    """The class and the kind of file the trainer's URL asks for, or the refusal."""
    info = _trainer_class(request)
    if isinstance(info, Response):
        return info
    if request.path_params["kind"] not in kinds:
        return await not_found(request, LookupError(request.path_params["kind"]))
    return info, request.path_params["kind"]


async def export(request: Request) -> Response:
    asked = await _download(request, ("csv", "json"))
    if isinstance(asked, Response):
        return asked
    info, kind = asked
    room: Room = request.app.state.room
    parts = (info, room.questions(info.code), room.book.trainees(info.code), room.book.class_answers(info.code))
    out = io.StringIO()
    if kind == "csv":
        write_csv(out, *parts)
        media = "text/csv; charset=utf-8"
    else:
        write_json(out, *parts)
        media = "application/json"
    return Response(out.getvalue(), media_type=media, headers={
        **NO_STORE, "content-disposition": f'attachment; filename="class-{info.code}.{kind}"'})


async def sheet(request: Request) -> Response:
    """The quiz sheet with its answer key, as `floorman quiz --export` writes it."""
    asked = await _download(request, ("html", "md"))
    if isinstance(asked, Response):
        return asked
    info, kind = asked
    from floorman.training.export import FORMAT, VERSION
    from floorman.training.export import render as render_sheet

    questions = request.app.state.room.questions(info.code)
    if not questions:
        return refuse(request, 409, "No questions yet", "The class's questions are still being made.",
                      (f"/trainer/c/{info.code}", "Back to the class"), "trainer")
    options = info.options
    doc = {"format": FORMAT, "version": VERSION, "seed": None if options.set else options.seed,
           "options": options.to_json(), "questions": questions}
    text = render_sheet(doc, "." + kind)
    return Response(text, media_type="text/html" if kind == "html" else "text/markdown; charset=utf-8",
                    headers=NO_STORE)


# ----------------------------------------------------------------------------- the API
async def rule_api(request: Request) -> Response:
    from floorman.serve import ruling_api

    says = trainer_says(request) if "authorization" in request.headers else "missing"
    if says != "ok":
        status = 401 if says == "missing" else 403
        return JSONResponse(ruling_api.refusal(status, "the API needs the trainer's token: Authorization: Bearer "
                                                       "TOKEN").document, status_code=status)
    if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
        return JSONResponse(ruling_api.refusal(415, "send the scenario as JSON (Content-Type: application/json)")
                            .document, status_code=415)
    body = await request.body()
    answered = await request.app.state.room.on_engine(lambda floor: ruling_api.rule(body, floor))
    return JSONResponse(answered.document, status_code=answered.status)


async def not_found(request: Request, error: Exception) -> Response:
    if request.url.path.startswith("/api/"):
        return JSONResponse({"error": "no such API here"}, status_code=404)
    return refuse(request, 404, "Not found", "There is no page here.", ("/", "Join a class"))


async def wrong_method(request: Request, error: Exception) -> Response:
    return PlainTextResponse("Method not allowed.", status_code=405)


def build_app(book: ClassBook, *, token: str, api: bool = False, shared: list[str] | None = None) -> Any:
    """The ASGI app over an open class file (guard.Guard around Starlette); POST /api/rule with
    `api`; `shared`: the addresses the trainees open, shown on the class's page."""
    room = Room(book, token=token, shared=shared)
    routes = [
        Route("/", home),
        Route("/join", join, methods=["POST"]),
        Route("/c/{code}", class_door),
        Route("/c/{code}/q", ask),
        Route("/c/{code}/answer", answer, methods=["POST"]),
        Route("/c/{code}/feedback/{n:int}", feedback),
        Route("/c/{code}/summary", summary),
        Route("/trainer", trainer_home),
        Route("/trainer/classes", create_class, methods=["POST"]),
        Route("/trainer/c/{code}", dashboard),
        Route("/trainer/c/{code}/live", live),
        Route("/trainer/c/{code}/close", close_class, methods=["POST"]),
        Route("/trainer/c/{code}/results.{kind:str}", export),
        Route("/trainer/c/{code}/sheet.{kind:str}", sheet),
        Mount("/static", StaticFiles(packages=[("floorman.serve", "static")]), name="static"),
    ]
    if api:
        routes.append(Route("/api/rule", rule_api, methods=["POST"]))
    app = Starlette(routes=routes, exception_handlers={404: not_found, 405: wrong_method},
                    lifespan=_lifespan(room))
    app.state.room = room
    return guard.Guard(app)


def _lifespan(room: Room) -> Any:
    from contextlib import asynccontextmanager

    @asynccontextmanager
    async def lifespan(app: Any) -> Any:
        room.resume()
        yield
        room.shutdown()

    return lifespan
