"""30 trainees x 20 questions at once against a real `floorman serve` (uvicorn) on localhost, each
trainee a closed loop (it answers the moment the page arrives): no request fails, and the class
file holds every answer exactly once, as it was sent. Bounded: the class must finish within
LIMIT seconds. Times nothing: bench/bench_serve.py prints the response times."""

from __future__ import annotations

import pytest

from test_serve_support import bench_serve

pytest.importorskip("starlette", reason="the serve extra is not installed")

TRAINEES, QUESTIONS, LIMIT = 30, 20, 180.0


def test_thirty_trainees_answer_twenty_questions_each_and_every_answer_is_kept_once(tmp_path):
    bench = bench_serve()
    classes = tmp_path / "classes.sqlite3"
    code = bench.make_class_file(classes, seed=3, count=QUESTIONS)
    with bench.Served(classes) as server:
        load = bench.simulate(server.url, code, classes, trainees=TRAINEES, limit=LIMIT)
    assert load.errors == []
    assert len(load.timings["question"]) == len(load.timings["answer"]) == TRAINEES * QUESTIONS
    kept = bench.recorded(classes, code)
    assert sorted(kept) == sorted(load.sent) and len(kept) == TRAINEES
    for name, sent in load.sent.items():
        assert [position for position, _ in kept[name]] == list(range(1, QUESTIONS + 1)), name
        assert [correct for _, correct in kept[name]] == sent, name
    assert sum(len(rows) for rows in kept.values()) == TRAINEES * QUESTIONS
    assert not any("Traceback" in line for line in server.printed), server.printed
