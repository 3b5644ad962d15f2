"""`floorman quiz --export`: the quiz a trainer hands out. The JSON export is loaded back, each
situation rebuilt from it and ruled again to the marked answer, every wrong choice's mistake known
and giving that choice on the rebuilt hand; the sheets carry the table and an answer key; the same
seed writes the same quiz; an existing file is never written over without --force."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from floorman.cli.app import app
from floorman.training import MISTAKES
from floorman.training.export import situation_of
from floorman.training.kinds import dispute_facts
from floorman.training.mistakes import Case
from floorman.training.question import answer_of

runner = CliRunner()


@pytest.fixture(scope="module")
def floor():
    from floorman.engine.floor import Floor

    return Floor()


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    path = tmp_path_factory.mktemp("export") / "quiz.json"
    result = runner.invoke(app, ["quiz", "--seed", "17", "--count", "40", "--export", str(path)], input="")
    assert result.exit_code == 0, result.output
    assert "Wrote 40 questions" in result.output and "--seed 17" in result.output
    return path, json.loads(path.read_text(encoding="utf-8"))


def test_the_json_rebuilds_and_rules_again_to_the_marked_answer(exported, floor):
    _, doc = exported
    assert doc["format"] == "floorman-quiz" and doc["seed"] == 17 and len(doc["questions"]) == 40
    kinds = set()
    for q in doc["questions"]:
        situation = situation_of(q["situation"])
        index = len(situation.incidents) - 1
        report = floor.rule(situation)
        rulings = [r for r in report.rulings_on(index) if r.rule_id == q["answer"]["rule"]]
        assert rulings, (q["id"], q["answer"]["rule"])
        ruling = rulings[0]
        assert ruling.decision == q["answer"]["decision"] and ruling.quote == q["answer"]["citation"]
        kinds.add(q["kind"])
        earlier = {**q["situation"], "incidents": q["situation"]["incidents"][:-1]}
        state = situation.state if index == 0 else floor.rule(situation_of(earlier)).state
        case = Case(situation, state, situation.incidents[index], ruling, dispute_facts(report, index),
                    q["number"]["param"] if q["kind"] == "number" else None)
        if q["kind"] == "number":
            assert ruling.params[q["number"]["param"]] == q["number"]["answer"]
            for trap in q["number"]["traps"]:
                assert trap["mistake"] in MISTAKES and MISTAKES[trap["mistake"]].wrong_number(case) == trap["value"]
            continue
        marked = [c for c in q["choices"] if c["correct"]]
        assert len(marked) == 1 and marked[0]["text"] == answer_of(ruling).text == q["answer"]["text"]
        for choice in q["choices"]:
            if choice["correct"]:
                assert choice["mistake"] is None
                continue
            assert choice["mistake"] in MISTAKES, choice
            derived = MISTAKES[choice["mistake"]].derive(case)
            assert derived is not None and derived.text == choice["text"], (choice, derived)
            assert ruling.rule_id in choice["feedback"]
    assert kinds == {"choice", "number"}


def test_the_table_is_plain_data_a_page_can_draw(exported):
    _, doc = exported
    for q in doc["questions"]:
        table = q["table"]
        assert table["game"] and table["seats"] and {"number", "stack", "bet", "status", "button", "blind", "to_act",
                                                     "upcards"} <= set(table["seats"][0])
        seats = {s["number"] for s in q["situation"]["table"]["seats"]}
        assert {s["number"] for s in table["seats"]} == seats


def test_the_same_seed_writes_the_same_quiz(exported, tmp_path):
    path, doc = exported
    again = tmp_path / "again.json"
    result = runner.invoke(app, ["quiz", "--seed", "17", "--count", "40", "--export", str(again)])
    assert result.exit_code == 0, result.output
    assert again.read_text(encoding="utf-8") == path.read_text(encoding="utf-8")


def test_printable_sheets_carry_the_table_and_an_answer_key(tmp_path, exported):
    _, doc = exported
    for suffix in (".md", ".html"):
        path = tmp_path / f"sheet{suffix}"
        result = runner.invoke(app, ["quiz", "--seed", "17", "--count", "40", "--export", str(path)])
        assert result.exit_code == 0, result.output
        text = path.read_text(encoding="utf-8")
        assert "Answer key" in text
        first = doc["questions"][0]
        assert first["answer"]["rule"] in text and str(first["table"]["seats"][0]["number"]) in text
        assert (f"{first['table']['seats'][0]['stack']:,}") in text
    page = (tmp_path / "sheet.html").read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "<table>" in page and "http" not in page   # no CDN, nothing fetched


def test_an_existing_file_is_kept_unless_forced(tmp_path):
    path = tmp_path / "quiz.md"
    path.write_text("a trainer's notes\n", encoding="utf-8")
    refused = runner.invoke(app, ["quiz", "--seed", "3", "--count", "2", "--export", str(path)])
    assert refused.exit_code == 1 and "already exists" in refused.output and "--force" in refused.output
    assert path.read_text(encoding="utf-8") == "a trainer's notes\n"
    forced = runner.invoke(app, ["quiz", "--seed", "3", "--count", "2", "--export", str(path), "--force"])
    assert forced.exit_code == 0 and "Answer key" in path.read_text(encoding="utf-8")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["quiz.md"]      # no temporary file left behind


def test_a_bad_export_name_is_one_clear_line(tmp_path):
    result = runner.invoke(app, ["quiz", "--seed", "3", "--count", "2", "--export", str(tmp_path / "quiz.txt")])
    assert result.exit_code == 1 and ".json, .md or .html" in result.output and "Traceback" not in result.output
    missing = runner.invoke(app, ["quiz", "--seed", "3", "--count", "2", "--export", str(tmp_path / "no" / "q.json")])
    assert missing.exit_code == 1 and "cannot write the quiz" in missing.output
