"""`floorman serve` under a class: 30 trainees x 20 questions against a real uvicorn on localhost.

Each trainee is a closed loop with its own connection and cookies: it joins, then for each
question loads the question page, posts its answer the moment the page arrives, and loads the
feedback. Prints the p50 and p99 response time of each page (target: the question page under
50 ms on this box), the requests per second, and the errors; then checks the class file: every
answer recorded exactly once. The server and the trainees share the machine's two cores, so the
trainees speak HTTP/1.1 over plain asyncio streams (a tenth of a millisecond a request, where a
full client library takes two and would measure itself).

    .venv/bin/python bench/bench_serve.py                  # 30 trainees x 20 questions, 3 runs
    .venv/bin/python bench/bench_serve.py --trainees 60 --runs 1

tests/test_serve_load.py runs the same class once (0 errors, every answer once) and times nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
TARGET_MS = 50.0


class Served:
    """`floorman serve` in a subprocess on a free port of localhost; its address and the trainer's
    token read from what it prints. Stopped with Ctrl-C (SIGINT), as a trainer stops it."""

    def __init__(self, classes: Path, *extra: str) -> None:
        self.classes = classes
        self.extra = extra
        self.process: subprocess.Popen | None = None
        self.url = self.token = self.code = ""
        self.printed: list[str] = []

    def __enter__(self) -> "Served":
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        self.process = subprocess.Popen([sys.executable, "-m", "floorman", "serve", "--port", "0", "--classes",
                                         str(self.classes), *self.extra], stdout=subprocess.PIPE,
                                        stderr=subprocess.STDOUT, text=True, cwd=ROOT, env=env)
        assert self.process.stdout is not None
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            line = self.process.stdout.readline()
            if not line:
                break
            self.printed.append(line.rstrip("\n"))
            if line.startswith("floorman serve: the class is at "):
                self.url = line.split(" at ", 1)[1].strip().rstrip("/")
            if "/trainer?token=" in line:
                self.token = line.rsplit("token=", 1)[1].strip()
            if line.startswith("Ctrl-C stops"):
                break
        if not (self.url and self.token):
            self.__exit__()
            raise RuntimeError("floorman serve did not start:\n" + "\n".join(self.printed))
        self._wait_until_up()
        return self

    def _wait_until_up(self) -> None:
        import urllib.request

        for _ in range(100):
            try:
                with urllib.request.urlopen(self.url + "/", timeout=2) as page:
                    if page.status == 200:
                        return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("floorman serve does not answer at " + self.url)

    def __exit__(self, *exc: object) -> None:
        process = self.process
        if process is None:
            return
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=15)
        if process.stdout is not None:
            self.printed += process.stdout.read().splitlines()
            process.stdout.close()


def make_class_file(path: Path, *, seed: int = 3, count: int = 20) -> str:
    """A class file holding one open class of `count` template questions; its code."""
    from floorman.classroom.checks import ClassOptions
    from floorman.classroom.store import ClassBook
    from floorman.training import generate
    from floorman.training.export import question_json

    book = ClassBook.open(path)
    try:
        code = book.create_class(ClassOptions(count=count, seed=seed, title="load"))
        book.store_questions(code, [question_json(q) for q in generate(seed=seed, count=count, source="template")])
    finally:
        book.close()
    return code


def answer_for(question: dict[str, Any], right: bool) -> str:
    if question["kind"] == "choice":
        return next(c["letter"] for c in question["choices"] if c["correct"] == right)
    return str(question["number"]["answer"] + (0 if right else 1))


@dataclass
class Load:
    timings: dict[str, list[float]] = field(default_factory=lambda: {"question": [], "answer": [], "feedback": []})
    errors: list[str] = field(default_factory=list)
    sent: dict[str, list[bool]] = field(default_factory=dict)      # trainee -> whether each answer was right
    elapsed: float = 0.0

    @property
    def requests(self) -> int:
        return sum(len(t) for t in self.timings.values())


_FIELD = re.compile(r'name="(csrf|position)" value="([^"]*)"')


class Browser:
    """One trainee's browser: one keep-alive HTTP/1.1 connection, its cookies kept, forms posted
    as a browser posts them, redirects not followed (the caller follows them)."""

    def __init__(self, url: str) -> None:
        from urllib.parse import urlsplit

        parts = urlsplit(url)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.cookies: dict[str, str] = {}
        self.stream: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None

    async def request(self, method: str, path: str, form: dict[str, str] | None = None) -> tuple[int, dict[str, str], str]:
        from urllib.parse import urlencode

        if self.stream is None:
            self.stream = await asyncio.open_connection(self.host, self.port)
        reader, writer = self.stream
        body = urlencode(form).encode() if form is not None else b""
        head = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}", f"Content-Length: {len(body)}"]
        if form is not None:
            head.append("Content-Type: application/x-www-form-urlencoded")
        if self.cookies:
            head.append("Cookie: " + "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
        writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + body)
        await writer.drain()
        status = int((await reader.readline()).split()[1])
        headers: dict[str, str] = {}
        while (line := (await reader.readline()).decode("latin-1").rstrip("\r\n")):
            name, _, value = line.partition(":")
            name, value = name.lower(), value.strip()
            if name == "set-cookie":
                key, _, rest = value.partition("=")
                self.cookies[key] = rest.split(";", 1)[0]
            headers[name] = value
        text = (await reader.readexactly(int(headers.get("content-length", "0")))).decode()
        if headers.get("connection", "").lower() == "close":
            writer.close()
            self.stream = None
        return status, headers, text

    def close(self) -> None:
        if self.stream is not None:
            self.stream[1].close()


async def _trainee(url: str, code: str, name: str, questions: list[dict[str, Any]], load: Load) -> None:
    right = [(index + len(name)) % 3 != 0 for index in range(len(questions))]     # about one in three wrong
    load.sent[name] = right
    browser = Browser(url)

    async def timed(kind: str, method: str, path: str, form: dict[str, str] | None = None) -> tuple[int, Any, str]:
        start = time.perf_counter()
        answered = await browser.request(method, path, form)
        load.timings[kind].append(time.perf_counter() - start)
        return answered

    try:
        _, _, door = await browser.request("GET", "/")
        fields = dict(_FIELD.findall(door))
        status, _, _ = await browser.request("POST", "/join", {"csrf": fields.get("csrf", ""), "code": code,
                                                               "name": name})
        if status != 303:
            load.errors.append(f"{name}: join {status}")
            return
        for n, question in enumerate(questions, 1):
            status, _, page = await timed("question", "GET", f"/c/{code}/q")
            fields = dict(_FIELD.findall(page))
            if status != 200 or fields.get("position") != str(n):
                load.errors.append(f"{name}: question {n}: {status}")
                return
            status, headers, _ = await timed("answer", "POST", f"/c/{code}/answer", {
                "csrf": fields["csrf"], "position": str(n), "answer": answer_for(question, right[n - 1])})
            if status != 303:
                load.errors.append(f"{name}: answer {n}: {status}")
                return
            status, _, shown = await timed("feedback", "GET", headers["location"])
            if status != 200 or ("✓ Right." if right[n - 1] else "✗ Wrong.") not in shown:
                load.errors.append(f"{name}: feedback {n}: {status}")
                return
    except (OSError, ValueError, IndexError, asyncio.IncompleteReadError) as error:
        load.errors.append(f"{name}: {type(error).__name__}: {error}")
    finally:
        browser.close()


async def _class(url: str, code: str, questions: list[dict[str, Any]], trainees: int, limit: float) -> Load:
    load = Load()
    start = time.perf_counter()
    names = [f"Trainee {i:02d}" for i in range(1, trainees + 1)]
    await asyncio.wait_for(asyncio.gather(*(_trainee(url, code, name, questions, load) for name in names)), limit)
    load.elapsed = time.perf_counter() - start
    return load


def simulate(url: str, code: str, classes: Path, *, trainees: int = 30, limit: float = 300.0) -> Load:
    """Run the class (every trainee at once, each a closed loop), at most `limit` seconds."""
    from floorman.classroom.store import ClassBook

    book = ClassBook.open(classes, create=False)
    assert book is not None
    try:
        questions = book.questions(code)
    finally:
        book.close()
    return asyncio.run(_class(url, code, questions, trainees, limit))


def recorded(classes: Path, code: str) -> dict[str, list[tuple[int, bool]]]:
    """Every answer in the class file: per trainee, (position, correct) in the order recorded."""
    with sqlite3.connect(classes) as connection:
        rows = connection.execute("SELECT t.name, a.position, a.correct FROM answer a JOIN trainee t ON t.id = "
                                  "a.trainee_id WHERE t.class_code = ? ORDER BY a.id", (code,)).fetchall()
    out: dict[str, list[tuple[int, bool]]] = {}
    for name, position, correct in rows:
        out.setdefault(name, []).append((position, bool(correct)))
    return out


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--trainees", type=int, default=30)
    parser.add_argument("--questions", type=int, default=20)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    p50s, p99s = [], []
    with tempfile.TemporaryDirectory() as folder:
        for run in range(args.runs):
            classes = Path(folder) / f"classes-{run}.sqlite3"
            code = make_class_file(classes, seed=3 + run, count=args.questions)
            with Served(classes) as server:
                load = simulate(server.url, code, classes, trainees=args.trainees)
            kept = recorded(classes, code)
            once = all([p for p, _ in kept.get(name, [])] == list(range(1, args.questions + 1))
                       and [c for _, c in kept[name]] == sent for name, sent in load.sent.items())
            print(f"run {run + 1}: {args.trainees} trainees x {args.questions} questions, {load.requests} requests "
                  f"in {load.elapsed:.1f} s ({load.requests / load.elapsed:,.0f}/s), {len(load.errors)} errors, "
                  f"every answer recorded once: {'yes' if once else 'NO'}")
            for kind, values in load.timings.items():
                print(f"  {kind:9s} page: p50 {percentile(values, .5):5.1f} ms   p99 {percentile(values, .99):5.1f} ms"
                      f"   ({len(values)})")
            p50s.append(percentile(load.timings["question"], .5))
            p99s.append(percentile(load.timings["question"], .99))
    p50, p99 = statistics.median(p50s), statistics.median(p99s)
    print(f"question page under {args.trainees} trainees: p50 {p50:.1f} ms, p99 {p99:.1f} ms (median of {args.runs} "
          f"runs); target under {TARGET_MS:.0f} ms: {'met' if p99 < TARGET_MS else 'met at p50 only' if p50 < TARGET_MS else 'NOT met'}")


if __name__ == "__main__":
    main()
