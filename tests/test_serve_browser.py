"""`floorman serve` in a real browser: Debian's headless Chromium, driven by Selenium and Debian's
chromedriver, against a real `floorman serve` (uvicorn) on localhost.

A trainee joins, answers three questions (one wrong: by key, by tap, and an amount typed), reads
each ruling and the summary; the trainer's dashboard shows them and refreshes itself when
another trainee answers; every page fits 360 px with no sideways scroll; the class works with
JavaScript off; a question page is saved as a screenshot. Under CI (CI=true) a missing browser
fails these tests: they never skip there.

With FLOORMAN_SCREENSHOTS=docs the run also writes docs/serve-trainee.png and
docs/serve-dashboard.png (the README's pictures).
"""

from __future__ import annotations

import os
import time

import pytest

from test_serve_support import ROOT, Served, Trainee, browser, chromium_or_skip, make_class, questions, right_letter

pytest.importorskip("starlette", reason="the serve extra is not installed")

COUNT = 3            # template questions of seed 1: two choices, then an amount
PHONE = {"width": 360, "height": 740, "deviceScaleFactor": 2, "mobile": True}


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    chromium_or_skip()
    from floorman.classroom.store import ClassBook

    folder = tmp_path_factory.mktemp("serve")
    book = ClassBook.open(folder / "classes.sqlite3")
    code = make_class(book, count=COUNT, title="Thursday dealers")
    book.close()
    with Served(folder / "classes.sqlite3") as server:
        server.code = code
        yield server


@pytest.fixture(scope="module")
def chrome(served, tmp_path_factory):
    driver = browser(tmp_path_factory.mktemp("chromium-profile"))
    yield driver
    driver.quit()


def by_css(driver, selector: str):
    from selenium.webdriver.common.by import By

    return driver.find_element(By.CSS_SELECTOR, selector)


def all_css(driver, selector: str):
    from selenium.webdriver.common.by import By

    return driver.find_elements(By.CSS_SELECTOR, selector)


def wait_for(condition, seconds: float = 20.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = condition()
        if found:
            return found
        time.sleep(0.1)
    raise AssertionError("the page did not get there in time")


def no_sideways_scroll(driver) -> tuple[int, int]:
    return driver.execute_script("var e = document.documentElement; return [e.scrollWidth, e.clientWidth];")


def as_phone(driver) -> None:
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)


def as_laptop(driver) -> None:
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def docs_screenshot(driver, name: str) -> None:
    if os.environ.get("FLOORMAN_SCREENSHOTS") == "docs":
        height = driver.execute_script("return document.documentElement.scrollHeight")
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {**PHONE, "height": min(height, 2400)}
                               if name == "serve-trainee.png" else
                               {"width": 1100, "height": min(height, 2400), "deviceScaleFactor": 1, "mobile": False})
        driver.save_screenshot(str(ROOT / "docs" / name))


def test_a_trainee_joins_answers_three_questions_and_sees_the_feedback_and_summary(served, chrome, tmp_path):
    from selenium.webdriver.common.keys import Keys

    qs = questions(1, COUNT)
    as_phone(chrome)
    chrome.get(served.url + "/")
    by_css(chrome, "#code").send_keys(served.code.lower())
    by_css(chrome, "#name").send_keys("Ann O'Neil")
    by_css(chrome, "form.join button").click()
    wait_for(lambda: "Question 1 of 3" in chrome.page_source)
    assert by_css(chrome, "svg.table") and len(all_css(chrome, "svg.table .seat")) == len(qs[0]["table"]["seats"])
    width, client_width = no_sideways_scroll(chrome)
    assert width <= client_width == 360, (width, client_width)

    shot = tmp_path / "question.png"                           # the question page, as the trainee sees it
    assert chrome.save_screenshot(str(shot))
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 20_000
    docs_screenshot(chrome, "serve-trainee.png")
    as_phone(chrome)

    # 1: right, by its letter on the keyboard
    by_css(chrome, "body").send_keys(right_letter(qs[0]))
    wait_for(lambda: "✓ Right." in chrome.page_source)
    assert qs[0]["answer"]["rule"] in by_css(chrome, ".ruling").text and "Source:" in by_css(chrome, ".ruling").text
    by_css(chrome, "[data-next]").click()

    # 2: wrong, by a tap on a wrong choice
    wait_for(lambda: "Question 2 of 3" in chrome.page_source)
    wrong = next(c for c in qs[1]["choices"] if not c["correct"])
    by_css(chrome, f'button.choice[data-key="{wrong["letter"]}"]').click()
    wait_for(lambda: "✗ Wrong." in chrome.page_source)
    verdict = by_css(chrome, ".verdict").text
    right = next(c for c in qs[1]["choices"] if c["correct"])
    assert right["text"] in verdict and wrong["text"] in verdict
    assert qs[1]["answer"]["rule"] in by_css(chrome, ".ruling").text
    assert no_sideways_scroll(chrome)[0] <= 360
    by_css(chrome, "body").send_keys("n")                       # n: the next question

    # 3: an amount, typed
    wait_for(lambda: "Question 3 of 3" in chrome.page_source)
    assert qs[2]["kind"] == "number"
    by_css(chrome, "#amount").send_keys(f"{qs[2]['number']['answer']:,}" + Keys.ENTER)
    wait_for(lambda: "✓ Right." in chrome.page_source)
    by_css(chrome, "[data-next]").click()

    wait_for(lambda: "Your summary" in chrome.page_source)
    assert "2 right out of 3" in by_css(chrome, ".total").text
    topics = [cell.text for cell in all_css(chrome, "table.scores tbody td:first-child")]
    assert sorted(topics) == sorted({q["topic"] for q in qs})
    assert by_css(chrome, "svg.bars")
    assert no_sideways_scroll(chrome)[0] <= 360


def test_the_trainers_dashboard_shows_the_trainee_and_follows_the_class_live(served, chrome):
    import httpx

    as_laptop(chrome)
    chrome.get(f"{served.url}/trainer?token={served.token}")
    assert "token=" not in chrome.current_url                   # traded for a cookie at once
    chrome.get(f"{served.url}/trainer/c/{served.code}")
    live = by_css(chrome, "#live").text
    assert "Ann O'Neil" in live and "3/3" in live and "66%" in live
    assert len(all_css(chrome, "#live svg.bars")) == 2
    assert "Most often missed" in live

    with httpx.Client(base_url=served.url, timeout=30) as other:          # Bo answers from another browser
        bo = Trainee(other, served.code)
        assert bo.join("Bo").status_code == 303
        assert bo.answer(right_letter(questions(1, COUNT)[0])).status_code == 303
    wait_for(lambda: "Bo" in by_css(chrome, "#live").text, seconds=15)   # no reload: the page polls
    assert "2 trainees joined" in by_css(chrome, "#live").text
    docs_screenshot(chrome, "serve-dashboard.png")
    as_phone(chrome)
    chrome.refresh()
    assert no_sideways_scroll(chrome)[0] <= 360


def test_every_page_fits_a_phone(served, chrome):
    as_phone(chrome)
    for path in ("/", f"/c/{served.code}", f"/c/{served.code}/summary", "/trainer", f"/trainer/c/{served.code}"):
        chrome.get(served.url + path)
        width, client_width = no_sideways_scroll(chrome)
        assert width <= client_width, (path, width, client_width)


def test_the_class_works_with_javascript_off(served, tmp_path):
    from selenium.webdriver.common.by import By

    driver = browser(tmp_path / "profile", width=800, javascript=False)
    try:
        driver.get(served.url + "/")
        driver.find_element(By.ID, "code").send_keys(served.code)
        driver.find_element(By.ID, "name").send_keys("Cy")
        driver.find_element(By.CSS_SELECTOR, "form.join button").click()
        wait_for(lambda: "Question 1 of 3" in driver.page_source)
        driver.find_element(By.CSS_SELECTOR, f'button.choice[data-key="{right_letter(questions(1, COUNT)[0])}"]').click()
        wait_for(lambda: "✓ Right." in driver.page_source)
        driver.find_element(By.CSS_SELECTOR, "[data-next]").click()
        wait_for(lambda: "Question 2 of 3" in driver.page_source)
    finally:
        driver.quit()
