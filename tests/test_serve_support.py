"""What the `floorman serve` tests share (this module holds no test): a class made fast, a trainee
driven through Starlette's TestClient, a real `floorman serve` (uvicorn) started on a free port
of localhost (bench/bench_serve.py's), and Debian's headless Chromium driven by Selenium.

A test class's questions come from the templates only (`source="template"`: a few hundredths
of a second each, where the real hands and bundled rulings take a few tenths), made once per
seed and count for the whole session.
"""

from __future__ import annotations

import functools
import os
import re
import shutil
import warnings
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
# Chromium as root, with no network: no sandbox (root), no GPU, nothing that calls home
CHROMIUM_FLAGS = ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                  "--disable-dev-shm-usage", "--disable-extensions", "--disable-default-apps",
                  "--no-default-browser-check", "--metrics-recording-only", "--password-store=basic")

warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient` is deprecated")


@functools.cache
def questions(seed: int = 1, count: int = 6) -> tuple[dict[str, Any], ...]:
    from floorman.training import generate
    from floorman.training.export import question_json

    return tuple(question_json(q) for q in generate(seed=seed, count=count, source="template"))


def make_class(book: Any, *, seed: int = 1, count: int = 6, **options: Any) -> str:
    """An open class of `count` template questions in `book`; its code."""
    from floorman.classroom.checks import ClassOptions

    made = [dict(q) for q in questions(seed, count)]
    code = book.create_class(ClassOptions(count=count, seed=seed, **options))
    book.store_questions(code, made)
    return code


def field(html: str, name: str) -> str:
    found = re.search(rf'name="{name}" value="([^"]*)"', html)
    assert found, f"no {name} field in the page"
    return found.group(1)


def right_letter(question: dict[str, Any]) -> str:
    if question["kind"] == "choice":
        return next(c["letter"] for c in question["choices"] if c["correct"])
    return str(question["number"]["answer"])


def wrong_letter(question: dict[str, Any]) -> str:
    if question["kind"] == "choice":
        return next(c["letter"] for c in question["choices"] if not c["correct"])
    return str(question["number"]["answer"] + 1)


class Trainee:
    """A trainee's browser, as forms and redirects: a TestClient (or any httpx-like client)."""

    def __init__(self, client: Any, code: str) -> None:
        self.client = client
        self.code = code

    def join(self, name: str) -> Any:
        page = self.client.get("/")
        return self.client.post("/join", data={"csrf": field(page.text, "csrf"), "code": self.code, "name": name},
                                follow_redirects=False)

    def question(self) -> Any:
        return self.client.get(f"/c/{self.code}/q", follow_redirects=False)

    def answer(self, text: str, page: Any = None) -> Any:
        page = page or self.question()
        form = {"csrf": field(page.text, "csrf"), "position": field(page.text, "position"), "answer": text}
        return self.client.post(f"/c/{self.code}/answer", data=form, follow_redirects=False)


# ----------------------------------------------------------------------------- a real server
@functools.cache
def bench_serve() -> Any:
    """bench/bench_serve.py, whose real server (Served) and simulated class the tests use too."""
    import importlib.util
    import sys

    spec = importlib.util.spec_from_file_location("bench_serve", ROOT / "bench" / "bench_serve.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_serve"] = module          # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


Served = bench_serve().Served


# ----------------------------------------------------------------------------- the browser
def chromium_or_skip() -> None:
    """Debian's Chromium and its driver, installed by .ci/run: missing under CI is a failure, never a skip."""
    missing = [path for path in (CHROMIUM, CHROMEDRIVER) if not shutil.which(path)]
    try:
        import selenium  # noqa: F401
    except ImportError:
        missing.append("selenium (the dev extra)")
    if missing:
        message = f"the browser tests need {', '.join(missing)} (apt-get install chromium chromium-driver)"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)


def browser(profile: Path, *, width: int = 1100, height: int = 900, javascript: bool = True) -> Any:
    """A headless Chromium of its own (a fresh profile folder), driven by Debian's chromedriver:
    Selenium is told where both are, so it never looks for (or downloads) a driver."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    os.environ["SE_OFFLINE"] = "true"             # Selenium Manager: never reach for the network
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (*CHROMIUM_FLAGS, f"--user-data-dir={profile}", f"--window-size={width},{height}"):
        options.add_argument(flag)
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(60)
    return driver
