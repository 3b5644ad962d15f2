"""Trainee progress (floorman/training/progress.py): answers kept in the journal's file, progress
by topic over time, and the topics a trainee misses most weighted to come up more often."""

from __future__ import annotations

import sqlite3
from collections import Counter

import pytest

from floorman.journal import Journal, JournalError
from floorman.journal import schema as journal_schema
from floorman.training import progress


def test_answers_go_into_the_journal_file_beside_the_rulings(tmp_path):
    path = tmp_path / "j.sqlite3"
    first = progress.record_answer(trainee="Ann", topic="short-all-in", question_id="q1", correct=True, seed=3,
                                   journal=path)
    second = progress.record_answer(trainee=" Ann ", topic="short-all-in", question_id="q2", correct=False,
                                    journal=path)
    assert second == first + 1
    raw = sqlite3.connect(path)
    assert raw.execute("PRAGMA user_version").fetchone()[0] == journal_schema.SCHEMA_VERSION
    assert raw.execute("SELECT trainee, question_id, correct, seed FROM quiz_answer ORDER BY id").fetchall() == \
        [("Ann", "q1", 1, 3), ("Ann", "q2", 0, None)]
    with Journal.open(path) as journal:           # the same file is still a ruling journal
        assert journal.count() == 0


def test_the_environment_journal_is_used_when_none_is_named(private_journal):
    progress.record_answer(trainee="Env", topic="change", question_id="q", correct=True)
    assert sqlite3.connect(private_journal).execute(
        "SELECT count(*) FROM quiz_answer WHERE trainee = 'Env'").fetchone()[0] == 1


def test_a_version_1_journal_gains_the_quiz_table_and_keeps_its_rulings(tmp_path):
    """A journal written by a floorman of schema v1 (made here from v1's own statements, as that
    floorman left it) is migrated on first use by the quiz, and its rulings stay."""
    path = tmp_path / "old.sqlite3"
    raw = sqlite3.connect(path)
    for statement in journal_schema.MIGRATIONS[0]:
        raw.execute(statement)
    raw.execute("INSERT INTO ruling (recorded_at, command, staff, profile, options, table_setup, events, "
                "incidents, rulings, pots, hands, floorman_version) "
                "VALUES ('2026-01-01T00:00:00.000Z', 'rule', 'Ann', 'cash', '{}', '{}', '[]', '[]', '[]', "
                "'[]', '{}', '0.1')")
    raw.execute(f"PRAGMA application_id = {journal_schema.APPLICATION_ID}")
    raw.execute("PRAGMA user_version = 1")
    raw.commit()
    raw.close()
    progress.record_answer(trainee="Ann", topic="change", question_id="q", correct=True, journal=path)
    raw = sqlite3.connect(path)
    assert raw.execute("PRAGMA user_version").fetchone()[0] == journal_schema.SCHEMA_VERSION
    assert raw.execute("SELECT staff, undoes FROM ruling").fetchall() == [("Ann", None)]
    assert raw.execute("SELECT trainee FROM quiz_answer").fetchall() == [("Ann",)]


def test_a_blank_trainee_and_another_programs_file_are_refused(tmp_path):
    with pytest.raises(JournalError, match="a trainee needs a name"):
        progress.record_answer(trainee="  ", topic="change", question_id="q", correct=True, journal=tmp_path / "j")
    shop = tmp_path / "shop.db"
    raw = sqlite3.connect(shop)
    raw.execute("CREATE TABLE customers (name TEXT)")
    raw.commit()
    with pytest.raises(JournalError, match="not a floorman journal"):
        progress.record_answer(trainee="Ann", topic="change", question_id="q", correct=True, journal=shop)


def test_reading_a_journal_that_is_not_there_yet_is_no_answers(tmp_path):
    path = tmp_path / "none.sqlite3"
    assert progress.stats("Ann", journal=path) == [] and progress.answers(journal=path) == []
    assert not path.exists()


def test_stats_count_per_trainee_topic_and_day_or_week(tmp_path):
    path = tmp_path / "j.sqlite3"
    for at, trainee, topic, correct in [
            ("2026-11-23T09:00", "Ann", "change", False), ("2026-11-23T23:30", "Ann", "change", True),
            ("2026-11-24T08:00", "Ann", "change", True), ("2026-11-30T10:00", "Ann", "change", True),
            ("2026-11-24T08:00", "Ann", "short-all-in", False), ("2026-11-24T09:00", "Bo", "change", False)]:
        progress.record_answer(trainee=trainee, topic=topic, question_id="q", correct=correct, at=at, journal=path)
    daily = progress.stats("Ann", journal=path)
    assert [(p.topic, p.period, p.asked, p.right) for p in daily] == [
        ("change", "2026-11-23", 2, 1), ("change", "2026-11-24", 1, 1), ("change", "2026-11-30", 1, 1),
        ("short-all-in", "2026-11-24", 1, 0)]
    weekly = progress.stats("Ann", by="week", journal=path)
    assert [(p.topic, p.period, p.asked, p.right) for p in weekly] == [
        ("change", "2026-W48", 3, 2), ("change", "2026-W49", 1, 1), ("short-all-in", "2026-W48", 1, 0)]
    everyone = progress.stats(journal=path)
    assert {p.trainee for p in everyone} == {"Ann", "Bo"}
    with pytest.raises(JournalError, match="day or week"):
        progress.stats("Ann", by="month", journal=path)


def test_the_topics_missed_most_weigh_most(tmp_path):
    path = tmp_path / "j.sqlite3"
    for _ in range(10):
        progress.record_answer(trainee="Ann", topic="short-all-in", question_id="q", correct=False, journal=path)
        progress.record_answer(trainee="Ann", topic="change", question_id="q", correct=True, journal=path)
    progress.record_answer(trainee="Bo", topic="change", question_id="q", correct=False, journal=path)
    weights = progress.topic_weights("Ann", ["short-all-in", "change", "exposed-card"], journal=path)
    assert weights["exposed-card"] == pytest.approx(1.0)                 # never asked: the even weight
    assert weights["short-all-in"] > 1.6 and weights["change"] < 0.4    # Bo's miss is not Ann's
    assert progress.topic_weights(None, ["change"], journal=path) == {}
    assert progress.topic_weights("Newcomer", ["change"], journal=path) == {}


def test_a_topic_learnt_stops_being_pushed():
    """Only the latest answers count: 50 misses then 50 right answers weigh like 50 right answers."""
    old = [progress.Answer(f"2026-11-{1 + i // 10:02d}T00:00", "Ann", "change", "q", False, None) for i in range(50)]
    new = [progress.Answer("2026-11-20T00:00", "Ann", "change", "q", True, None) for _ in range(50)]
    assert progress.weights_from(old + new)["change"] == pytest.approx(progress.weights_from(new)["change"])
    assert progress.weights_from(old)["change"] > 5 * progress.weights_from(new)["change"]


def test_the_weighting_shifts_the_generated_topic_mix(tmp_path):
    """A trainee with many misses in one topic gets measurably more questions in it from the
    real generator: at least half as many again as without the weighting, same seed."""
    from floorman.training import TOPICS, generate

    count = 200
    plain = Counter(question.topic for question in generate(seed=11, count=count))
    # the missed topic: the rarest one that still comes up in 5% of the questions unweighted
    missed = min((topic for topic, seen in plain.items() if seen >= count // 20), key=lambda t: (plain[t], t))
    path = tmp_path / "j.sqlite3"
    for topic in TOPICS:
        for _ in range(20):
            progress.record_answer(trainee="Ann", topic=topic, question_id="q", correct=topic != missed, journal=path)
    weights = progress.topic_weights("Ann", TOPICS, journal=path)
    weighted = Counter(question.topic for question in generate(seed=11, count=count, weights=weights))
    assert sum(weighted.values()) == count
    assert weighted[missed] >= 1.5 * plain[missed], (missed, plain, weighted)
    assert weighted.most_common(1)[0][0] == missed, (missed, plain, weighted)
