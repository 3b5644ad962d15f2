"""`floorman serve`'s routes through Starlette's TestClient: a trainee's class from joining to the
summary, the trainer's dashboard, export and sheet, a restart that loses nothing, the JSON API
ruling as `floorman rule --json` does, and what the class file gives `floorman quiz stats`."""

from __future__ import annotations

import csv
import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the serve extra is not installed")

from starlette.testclient import TestClient  # noqa: E402  (after test_serve_support: its warning filter)

from floorman.classroom.store import ClassBook  # noqa: E402
from floorman.serve.app import build_app  # noqa: E402
from test_serve_support import ROOT, Trainee, field, make_class, questions, right_letter, wrong_letter  # noqa: E402

TOKEN = "trainer-token-for-tests"
BETTING = ROOT / "scenarios" / "betting" / "ymtc-1-silent-big-chip.yaml"


@pytest.fixture()
def book(tmp_path: Path):
    opened = ClassBook.open(tmp_path / "classes.sqlite3")
    yield opened
    opened.close()


def client(book: ClassBook, **options) -> TestClient:
    return TestClient(build_app(book, token=TOKEN, **options), base_url="http://testserver")


def trainer(book: ClassBook, **options) -> TestClient:
    c = client(book, **options)
    assert c.get(f"/trainer?token={TOKEN}", follow_redirects=False).status_code == 303
    return c


def test_a_trainee_joins_answers_and_sees_the_ruling_then_a_summary_by_topic(book):
    code = make_class(book)
    qs = questions()
    with client(book) as c:
        ann = Trainee(c, code)
        joined = ann.join("Ann")
        assert joined.status_code == 303 and joined.headers["location"] == f"/c/{code}/q"
        results = []
        for n, q in enumerate(qs, 1):
            page = ann.question()
            assert page.status_code == 200 and f"Question {n} of {len(qs)}" in page.text
            assert "<svg class=\"table\"" in page.text and q["prompt"][:40].replace("'", "&#39;") in page.text
            wrong = n == 2
            sent = ann.answer(wrong_letter(q) if wrong else right_letter(q), page)
            assert sent.status_code == 303 and sent.headers["location"] == f"/c/{code}/feedback/{n}"
            shown = c.get(sent.headers["location"])
            assert shown.status_code == 200
            assert ("✗ Wrong." if wrong else "✓ Right.") in shown.text
            answer = q["answer"]
            for part in (answer["rule"], answer["explanation"][:30], answer["citation"][:30]):
                assert part.replace("'", "&#39;").replace('"', "&#34;") in shown.text
            results.append(not wrong)
        assert ann.question().headers["location"] == f"/c/{code}/summary"
        summary = c.get(f"/c/{code}/summary").text
        assert f"{sum(results)} right out of {len(qs)}" in summary
        for topic in {q["topic"] for q in qs}:
            assert f"<td>{topic}</td>" in summary
    rows = book.class_answers(code)
    assert [(r.position, r.correct) for r in rows] == [(n, ok) for n, ok in enumerate(results, 1)]


def test_a_number_question_takes_an_amount_with_commas(book):
    code = make_class(book)
    qs = questions()
    number = next(n for n, q in enumerate(qs, 1) if q["kind"] == "number")
    with client(book) as c:
        bo = Trainee(c, code)
        bo.join("Bo")
        for q in qs[:number - 1]:
            bo.answer(right_letter(q))
        page = bo.question()
        assert 'inputmode="numeric"' in page.text
        amount = f"{qs[number - 1]['number']['answer']:,}"
        assert bo.answer(amount, page).status_code == 303
    assert book.class_answers(code)[-1].correct


def test_the_dashboard_shows_each_trainee_per_topic_and_the_most_missed(book):
    code = make_class(book)
    qs = questions()
    with client(book) as c:
        for name, wrong in (("Ann", {1}), ("Bo", {1, 2})):
            t = Trainee(c, code)
            t.client.cookies.clear()
            t.join(name)
            for n, q in enumerate(qs[:3], 1):
                t.answer(wrong_letter(q) if n in wrong else right_letter(q))
    with trainer(book) as c:
        board = c.get(f"/trainer/c/{code}")
        assert board.status_code == 200
        live = c.get(f"/trainer/c/{code}/live").text
        assert "2 trainees joined · 6 answers" in live
        assert re.search(r"<td>Ann</td><td>3/6</td><td>2</td><td>66%</td>", live)
        assert re.search(r"<td>Bo</td><td>3/6</td><td>1</td><td>33%</td>", live)
        assert live.count('<svg class="bars"') == 2         # per trainee, per topic
        missed = live[live.index("Most often missed"):]
        assert missed.index("Question 1<") < missed.index("Question 2<")     # 2 of 2 wrong, then 1 of 2
        assert "2 of 2 wrong" in missed


def test_the_trainer_makes_a_class_from_the_form_and_closes_it(book):
    with trainer(book) as c:
        home = c.get("/trainer")
        made = c.post("/trainer/classes", data={"csrf": field(home.text, "csrf"), "set": "you-make-the-call",
                                                "count": "2", "seed": ""}, follow_redirects=False)
        assert made.status_code == 303
        code = made.headers["location"].rsplit("/", 1)[1]
        for _ in range(600):                              # made on the engine's thread
            if book.class_info(code).status != "preparing":
                break
            import time
            time.sleep(0.05)
        assert book.class_info(code).status == "open" and len(book.questions(code)) == 2
        board = c.get(f"/trainer/c/{code}")
        assert "Nobody has joined yet" in board.text
        closed = c.post(f"/trainer/c/{code}/close", data={"csrf": field(board.text, "csrf")}, follow_redirects=False)
        assert closed.status_code == 303 and book.class_info(code).status == "closed"
        ann = Trainee(client(book), code)
        refused = ann.join("Ann")
        assert refused.status_code == 409 and "closed" in refused.text


def test_export_csv_json_and_the_sheet_with_its_answer_key(book):
    code = make_class(book)
    qs = questions()
    with client(book) as c:
        ann = Trainee(c, code)
        ann.join("Ann")
        ann.answer(right_letter(qs[0]))
        ann.answer(wrong_letter(qs[1]))
    with trainer(book) as c:
        table = list(csv.DictReader(io.StringIO(c.get(f"/trainer/c/{code}/results.csv").text)))
        assert [(r["trainee"], r["position"], r["correct"]) for r in table] == [("Ann", "1", "true"),
                                                                               ("Ann", "2", "false")]
        assert table[0]["rule"] == qs[0]["answer"]["rule"]
        doc = c.get(f"/trainer/c/{code}/results.json").json()
        assert doc["trainees"][0]["name"] == "Ann" and doc["trainees"][0]["right"] == 1
        assert len(doc["questions"]) == len(qs)
        sheet = c.get(f"/trainer/c/{code}/sheet.html")
        assert sheet.status_code == 200 and "Answer key" in sheet.text
        assert c.get(f"/trainer/c/{code}/sheet.md").text.startswith("# Floor rulings quiz")
        assert c.get(f"/trainer/c/{code}/results.xml").status_code == 404


def test_the_csv_export_escapes_what_a_spreadsheet_would_run(book):
    from floorman.classroom.results import write_csv
    from floorman.classroom.store import AnswerRow
    from floorman.classroom.store import Trainee as Row

    code = make_class(book)
    info = book.class_info(code)
    out = io.StringIO()
    write_csv(out, info, list(questions()), [Row(1, code, "=HYPERLINK(\"http://x\")", "k", "+1")],
              [AnswerRow(1, 1, right_letter(questions()[0]), True, "@now")])
    row = list(csv.reader(io.StringIO(out.getvalue())))[1]
    assert row[1].startswith("'=") and row[2] == "'+1" and row[-1] == "'@now"


def test_a_restart_loses_nothing_and_a_page_opened_before_it_can_be_answered_after(tmp_path):
    path = tmp_path / "classes.sqlite3"
    first = ClassBook.open(path)
    code = make_class(first)
    qs = questions()
    c = client(first)
    ann = Trainee(c, code)
    ann.join("Ann")
    ann.answer(right_letter(qs[0]))
    open_page = ann.question()                     # question 2 shown, then the server stops
    cookies = dict(c.cookies)
    first.close()

    second = ClassBook.open(path)
    try:
        again = client(second)
        again.cookies.update(cookies)
        sent = Trainee(again, code).answer(right_letter(qs[1]), open_page)
        assert sent.status_code == 303 and sent.headers["location"] == f"/c/{code}/feedback/2"
        assert "Question 3 of" in Trainee(again, code).question().text
        assert [a.position for a in second.class_answers(code)] == [1, 2]
    finally:
        second.close()


def test_the_trainer_pages_need_the_token(book):
    code = make_class(book)
    c = client(book)
    assert c.get("/trainer").status_code == 401
    assert c.get(f"/trainer/c/{code}").status_code == 401
    assert c.get("/trainer?token=nope").status_code == 403
    c.cookies.set("fm_trainer", "forged")
    assert c.get(f"/trainer/c/{code}/results.csv").status_code == 403
    assert c.get(f"/trainer/c/{code}", headers={"authorization": f"Bearer {TOKEN}"}).status_code == 200


def test_pages_carry_the_safety_headers_and_no_outside_address(book):
    code = make_class(book)
    with client(book) as c:
        ann = Trainee(c, code)
        ann.join("Ann")
        page = ann.question()
        assert "frame-ancestors 'none'" in page.headers["content-security-policy"]
        assert page.headers["x-content-type-options"] == "nosniff" and page.headers["cache-control"] == "no-store"
        for asset in ("/static/class.css", "/static/class.js"):
            assert c.get(asset).status_code == 200
        assert not re.search(r'(src|href)="(https?:)?//', page.text)       # no CDN: everything from this server


# ----------------------------------------------------------------------------- the API
def api(book: ClassBook, body: object, *, token: str | None = TOKEN, content_type: str = "application/json"):
    c = client(book, api=True)
    headers = {"content-type": content_type}
    if token is not None:
        headers["authorization"] = f"Bearer {token}"
    content = body if isinstance(body, (bytes, str)) else json.dumps(body)
    return c.post("/api/rule", content=content, headers=headers)


def scenario() -> dict:
    import yaml

    return yaml.safe_load(BETTING.read_text(encoding="utf-8"))


def test_the_api_rules_as_floorman_rule_json_does(book, tmp_path):
    answered = api(book, scenario())
    assert answered.status_code == 200
    cli = subprocess.run([sys.executable, "-m", "floorman", "rule", str(BETTING), "--json", "--no-journal"],
                         capture_output=True, text=True, cwd=ROOT, timeout=120)
    expected = json.loads(cli.stdout)
    got = answered.json()
    assert got.pop("file") == "request" and expected.pop("file").endswith(BETTING.name)
    assert got == expected and got["rulings"][0]["rule"] == "BET-OVERSIZED-CHIP-CALL"


def test_the_api_is_off_unless_asked_for_and_needs_the_token(book):
    assert client(book).post("/api/rule", json=scenario()).status_code == 404
    assert api(book, scenario(), token=None).status_code == 401
    assert api(book, scenario(), token="forged").status_code == 403
    assert api(book, json.dumps(scenario()), content_type="text/plain").status_code == 415


def test_the_api_gives_the_clis_messages_and_names_no_server_file(book, tmp_path):
    broken = api(book, b'{"title": "x", "table": ')
    assert broken.status_code == 400 and broken.json()["error"].startswith("request:1: not valid JSON")
    bad = scenario()
    bad["nonsense_field"] = 1
    unknown = api(book, bad)
    assert unknown.status_code == 422 and "unknown section 'nonsense_field'" in unknown.json()["error"]
    house_file = tmp_path / "house.yaml"
    house_file.write_text("extends: cash\n", encoding="utf-8")
    for path in (str(house_file), "../../etc/passwd", "house.yaml"):
        refused = api(book, {**scenario(), "house": path})
        assert refused.status_code == 422 and refused.json()["field"] == "house"
        assert "names no file on the server" in refused.json()["error"]
    clash = api(book, {**scenario(), "house": "cash"})         # the scenario says tda-2026
    assert clash.status_code == 422 and "but its house extends 'cash'" in clash.json()["error"]
    unprofiled = {k: v for k, v in scenario().items() if k != "profile"}
    inline = api(book, {**unprofiled, "house": {"extends": "cash", "options": {"muck_touch_kills": True}}})
    assert inline.status_code == 200 and inline.json()["profile"] == "cash"
    named = api(book, {**unprofiled, "house": "cash"})
    assert named.status_code == 200 and named.json()["profile"] == "cash"
    wrong_option = api(book, {**unprofiled, "house": {"extends": "cash", "options": {"no_such_option": 1}}})
    assert wrong_option.status_code == 422 and wrong_option.json()["file"] == "request.house"
    huge = api(book, b'{"title": "' + b"x" * 300_000 + b'"}')
    assert huge.status_code == 413


def test_floorman_rule_does_not_import_the_web_packages(tmp_path):
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "floorman", "rule", str(BETTING), "--no-journal"],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0
    imported = {line.split("|")[-1].strip().split(".")[0] for line in done.stderr.splitlines()
                if line.startswith("import time")}
    assert "floorman" in imported and not {"starlette", "uvicorn", "jinja2", "multipart"} & imported
    helped = subprocess.run([sys.executable, "-X", "importtime", "-m", "floorman", "--help"], capture_output=True,
                            text=True, cwd=ROOT, timeout=120)
    assert helped.returncode == 0 and "serve" in helped.stdout
    assert "starlette" not in helped.stderr and "uvicorn" not in helped.stderr


def test_quiz_stats_counts_the_class_answers(book, tmp_path):
    code = make_class(book)
    qs = questions()
    with client(book) as c:
        ann = Trainee(c, code)
        ann.join("Ann")
        for n, q in enumerate(qs[:3], 1):
            ann.answer(right_letter(q) if n != 3 else wrong_letter(q))
    from floorman.classroom.history import stats

    rows = stats("ann", journal=tmp_path / "journal.sqlite3", classes=book.path)
    assert sum(r.asked for r in rows) == 3 and sum(r.right for r in rows) == 2
    assert {r.trainee for r in rows} == {"Ann"}
    shown = subprocess.run([sys.executable, "-m", "floorman", "quiz", "stats", "--classes", str(book.path),
                            "--journal", str(tmp_path / "journal.sqlite3")], capture_output=True, text=True,
                           cwd=ROOT, timeout=120, env={**__import__("os").environ, "COLUMNS": "120"})
    assert shown.returncode == 0 and "Ann" in shown.stdout and qs[0]["topic"] in shown.stdout


def test_the_class_file_is_never_the_journal(tmp_path):
    from floorman.classroom import ClassFileError
    from floorman.journal import Journal

    journal = Journal.open(tmp_path / "journal.sqlite3")
    journal.close()
    with pytest.raises(ClassFileError, match="ruling journal"):
        ClassBook.open(tmp_path / "journal.sqlite3")
    from floorman.classroom.store import classes_path

    assert classes_path(journal=tmp_path / "journal.sqlite3")[0] == tmp_path / "classes.sqlite3"


def test_another_programs_database_is_never_made_a_class_file(tmp_path):
    """The class file migrates through the journal's apply_migrations: an SQLite file with
    tables of its own (and no floorman mark) is refused and left exactly as it was."""
    import sqlite3

    from floorman.classroom import ClassFileError

    foreign = tmp_path / "customers.sqlite3"
    with sqlite3.connect(foreign) as connection:
        connection.execute("CREATE TABLE customer (name TEXT)")
    connection.close()
    before = foreign.read_bytes()
    with pytest.raises(ClassFileError, match="not a floorman class file .*customer"):
        ClassBook.open(foreign)
    assert foreign.read_bytes() == before


def test_serve_says_where_to_go_and_warns_on_the_network(tmp_path, monkeypatch):
    from floorman.serve import server

    lines: list[str] = []
    server.announce("127.0.0.1", 8000, "tok", classes=tmp_path / "c.sqlite3", api=False, echo=lines.append)
    assert lines[0] == "floorman serve: the class is at http://127.0.0.1:8000/"
    assert not any("Warning" in line for line in lines) and any("/trainer?token=tok" in line for line in lines)
    monkeypatch.setattr(server, "lan_addresses", lambda: ["192.0.2.7"])
    lines.clear()
    server.announce("0.0.0.0", 8000, "tok", classes=tmp_path / "c.sqlite3", api=True, echo=lines.append)
    assert "  Trainees on this network open: http://192.0.2.7:8000/" in lines
    assert any(line.startswith("Warning: the class is open to every machine on this network") for line in lines)
    assert any(line.startswith("API: POST http://127.0.0.1:8000/api/rule") for line in lines)


def test_a_port_in_use_is_one_clear_error(tmp_path):
    from floorman.errors import FloormanError
    from floorman.serve.server import bind

    first = bind("127.0.0.1", 0)
    try:
        with pytest.raises(FloormanError, match="cannot listen on 127.0.0.1 port"):
            bind("127.0.0.1", first.getsockname()[1])
    finally:
        first.close()


def test_the_server_never_opens_the_floors_journal(book, monkeypatch):
    """A class, the trainer's pages and the API run without touching the ruling journal."""
    from floorman.journal.store import Journal

    def refuse(*args, **kwargs):
        raise AssertionError("the server opened the ruling journal")

    monkeypatch.setattr(Journal, "open", refuse)
    code = make_class(book)
    qs = questions()
    with client(book) as c:
        ann = Trainee(c, code)
        ann.join("Ann")
        assert ann.answer(right_letter(qs[0])).status_code == 303
    with trainer(book) as c:
        for path in (f"/trainer/c/{code}", f"/trainer/c/{code}/results.json", f"/trainer/c/{code}/sheet.html"):
            assert c.get(path).status_code == 200
    assert api(book, scenario()).status_code == 200
