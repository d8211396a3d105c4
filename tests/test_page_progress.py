"""Every exercise, playable example and closing-check question of a tutorial page counts in the teacher's view of
progress (issue 22): the progress record with kinds, records kept before kinds still read, forged records refused,
the CSV's rows and the teacher's summary."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

import pytest

from dos_lab import InvalidInput, Round
from dos_lab.classroom import ClassStore
from dos_lab.classroom.export import COLUMNS, results_csv
from dos_lab.classroom.progress import Answer, answers_of, check_progress, missed_rules, tally

OLD = {"right": True, "first_try": False, "shown": False, "tries": 2, "rules": ["R4.2"]}  # kept before kinds


def item(kind: str = "exercise", **changed: Any) -> dict[str, Any]:
    return {**OLD, "kind": kind, **changed}


# ---------------------------------------------------------------- the record


def test_a_record_keeps_each_kind_and_an_old_record_still_reads() -> None:
    record = {"answers": [item("question"), item("exercise", rules=[]), item("example", right=False, tries=0)]}
    assert check_progress(record) == record
    assert [(a.kind, a.right, a.tries) for a in answers_of(record)] == [
        ("question", True, 2), ("exercise", True, 2), ("example", False, 0)]
    old = answers_of({"answers": [OLD, OLD]})
    assert old == [Answer(True, False, False, 2, ("R4.2",))] * 2 and {a.kind for a in old} == {"question"}
    assert Answer(True, False, False, 2, ("R4.2",)).to_dict() == {**OLD, "kind": "question"}


@pytest.mark.parametrize(("record", "said"), [
    ({"answers": [item("game")]}, "each item is an exercise, an example or a question"),
    ({"answers": [item()] * 61}, "a page has at most 60 exercises, examples and questions"),
    ({"answers": [item("question")] * 21}, "a page has at most 60 exercises, examples and questions"),
    ({"answers": [item(tries=True)]}, "the tries are a whole number from 0 to 1000"),
    ({"answers": [item(tries=1001)]}, "the tries are a whole number from 0 to 1000"),
    ({"answers": [item(rules=[f"R{n}" for n in range(1, 12)])]}, "an item names at most 10 rules"),
    ({"answers": [item(right=1)]}, "This is not a tutorial's closing check."),
    ({"answers": [{**item(), "points": 3}]}, "This is not a tutorial's closing check."),
    ({"answers": [item(rules=["R4.2; DROP TABLE"])]}, "This is not a tutorial's closing check."),
])
def test_a_forged_record_is_refused_with_what_is_wrong(record: dict[str, Any], said: str) -> None:
    with pytest.raises(InvalidInput, match=said):
        check_progress(record)


def test_a_page_that_would_send_a_refused_record_keeps_nothing_and_says_why(tmp_path: Path) -> None:
    from dos_lab.widgets.answers import ChoiceBox
    from dos_lab.widgets.class_report import ClassReport
    from dos_lab.widgets.page_progress import Page, PageItem

    store = ClassStore(str(tmp_path / "class.db"))
    page = Page()
    for _ in range(60):
        page.add(PageItem("exercise", ()))
    report = ClassReport(2, [ChoiceBox("?", ["a", "b"], "a", hint="R4.", explain="R4.")], store, page=page)
    report.name.value = "Ala"
    assert store.results("tutorial-02") == []
    assert "at most 60 exercises, examples and questions" in report.status.value
    store.close()


# ---------------------------------------------------------------- what the page keeps


def test_an_exercise_counts_its_tries_first_try_and_show_me() -> None:
    from dos_lab.widgets.tutorial import Exercise

    ex = Exercise("2 + 3? (R4.2)", lambda a: a == "5", "5 (R4.2, R5). P2 draws R6.", placeholder="a number")
    assert ex.progress.answer() == Answer(False, False, False, 0, ("R4.2", "R5"), "exercise")
    ex.check("five")  # not read as a number: not a try
    ex.check("6")
    ex.check("5")
    assert (ex.progress.right, ex.progress.first_try, ex.progress.tries) == (True, False, 2)
    shown = Exercise("2 + 3?", lambda a: a == "5", "5")
    shown.show()
    shown.check("5")  # right after "Show me" is not right
    assert shown.progress.answer() == Answer(False, False, True, 1, (), "exercise")


def example_round() -> Round:
    return Round.from_position(hands=["R7 B3 G9", "Y1"], center_row="B7 Y5", draw_pile="G4 Y8")


def test_an_example_counts_as_done_only_when_the_student_reaches_its_goal() -> None:
    from dos_lab.widgets.tutorial import PlayableExample

    def example() -> PlayableExample:
        return PlayableExample(example_round, goal="Play R7 on B7 (R4.1).", check=lambda r: len(r.discard_pile) == 2,
                               solution=["match 0 R7", "end turn"])

    ex = example()
    ex.press("match 0 B3")  # refused: no try yet
    assert ex.progress.tries == 0
    ex.press("match 0 R7")
    ex.reset_button.click()
    ex.press("match 0 R7")
    ex.press("end turn")
    assert ex.progress.answer() == Answer(True, False, False, 2, ("R4.1",), "example")
    first = example()
    first.press("match 0 R7")
    first.press("end turn")
    first.show_button.click()  # after the goal: still done by the student, at the first try
    assert first.progress.answer() == Answer(True, True, False, 1, ("R4.1",), "example")
    shown = example()
    shown.show_button.click()  # "Show me" reaches the goal: not the student's
    assert shown.reached and shown.progress.answer() == Answer(False, False, True, 0, ("R4.1",), "example")
    shown.reset_button.click()
    shown.press("match 0 R7")
    shown.press("end turn")
    assert shown.progress.answer() == Answer(False, False, True, 1, ("R4.1",), "example")


def test_the_closing_check_sends_what_was_done_before_the_name_and_every_change_after(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from dos_lab.classroom import site
    from dos_lab.widgets import page_progress
    from dos_lab.widgets.answers import ChoiceBox
    from dos_lab.widgets.tutorial import ClosingCheck, Exercise, PlayableExample

    off = Exercise("Off a site?", lambda a: a == "yes", "yes")
    assert page_progress.this_page().items == []  # off a site nothing joins the page
    monkeypatch.setattr(page_progress, "_PAGE", page_progress.Page())
    monkeypatch.setenv(site.SITE_ENV, str(tmp_path))
    monkeypatch.setenv(site.STORE_ENV, str(tmp_path / "class.db"))
    site.class_store.cache_clear()
    try:
        ex = Exercise("Who deals (R2.1)?", lambda a: a == "P4", "P4", options=["P1", "P4"])
        play = PlayableExample(example_round, goal="Play R7 on B7 (R4.1).", check=lambda r: len(r.discard_pile) == 2)
        ex.check("P1")
        quiz = ClosingCheck(2, [ChoiceBox("Cards in a match?", ["1 or 2", "3"], "1 or 2", hint="R4.", explain="R4.2.")])
        assert quiz.report is not None and off.progress not in page_progress.this_page().items
        store = site.class_store()
        assert store.results("tutorial-02") == []  # no name yet: nothing kept
        quiz.report.name.value = "Ala"
        (who, kept), = store.results("tutorial-02")
        assert who == "Ala" and [(a["kind"], a["tries"]) for a in kept["answers"]] == [
            ("question", 0), ("exercise", 1), ("example", 0)]
        ex.check("P4")
        play.press("match 0 R7")
        play.press("end turn")
        got = answers_of(store.results("tutorial-02")[0][1])
        assert [(a.kind, a.right, a.first_try, a.tries, a.rules) for a in got] == [
            ("question", False, False, 0, ("R4.2",)), ("exercise", True, False, 2, ("R2.1",)),
            ("example", True, True, 1, ("R4.1",))]
    finally:
        site.class_store.cache_clear()


# ---------------------------------------------------------------- what the teacher reads


def record(*answers: Answer) -> dict[str, Any]:
    return {"answers": [a.to_dict() for a in answers]}


def test_the_csv_has_a_row_per_exercise_example_and_question_with_its_kind(tmp_path: Path) -> None:
    store = ClassStore(str(tmp_path / "class.db"))
    store.submit("tutorial-04", "Ala", record(
        Answer(True, True, False, 1, ("R7.2",)), Answer(False, False, False, 0, ()),
        Answer(True, False, False, 3, ("R7.2", "R7.3"), "exercise"), Answer(False, False, True, 1, (), "example"),
        Answer(True, True, False, 1, ("R7.3",), "example")))
    store.submit("tutorial-02", "Ola", {"answers": [OLD]})  # kept before kinds
    store.submit("tutorial-03", "Ela", {"answers": [item("game")]})
    rows = list(csv.DictReader(io.StringIO(results_csv(store))))
    assert COLUMNS[-1] == "kind" and list(rows[0]) == list(COLUMNS)
    got = sorted([(r["experiment"], r["student"], r["kind"], r["question"], r["rules"], r["answer"], r["tries"])
                  for r in rows], key=lambda row: row[0])  # each student's rows in the page's order
    assert got == [
        ("tutorial-02", "Ola", "question", "1", "R4.2", "right", "2"),
        ("tutorial-03", "Ela", "", "", "", "", ""),
        ("tutorial-04", "Ala", "question", "1", "R7.2", "first_try", "1"),
        ("tutorial-04", "Ala", "question", "2", "", "not_answered", "0"),
        ("tutorial-04", "Ala", "exercise", "1", "R7.2 R7.3", "right", "3"),
        ("tutorial-04", "Ala", "example", "1", "", "shown", "1"),
        ("tutorial-04", "Ala", "example", "2", "R7.3", "first_try", "1")]
    refused = next(r for r in rows if r["student"] == "Ela")
    assert refused["counted"] == ("no: This is not a tutorial's progress: each item is an exercise, an example or a "
                                  "question.")
    store.close()


def test_the_teacher_sees_exercises_examples_and_the_quiz_and_the_rules_missed_in_all_of_them(
        tmp_path: Path) -> None:
    from dos_lab.app.teacher import TeacherPage

    ala = [Answer(True, True, False, 1, ("R7.2",)), Answer(True, False, False, 2, ("R7.3",)),
           Answer(True, False, False, 2, ("R7.2",), "exercise"), Answer(False, False, False, 0, (), "exercise"),
           Answer(True, True, False, 1, ("R7.3",), "example"), Answer(False, False, True, 0, (), "example")]
    assert tally(ala) == {"exercise": (1, 2, 0), "example": (1, 2, 1), "question": (2, 2, 1)}
    assert missed_rules([ala]) == [("R7.2", 1, 1), ("R7.3", 1, 1)]  # the exercise counts, not only the questions
    store = ClassStore(str(tmp_path / "class.db"))
    store.submit("tutorial-04", "Ala", record(*ala))
    store.submit("tutorial-02", "Ola", {"answers": [OLD]})  # kept before kinds: a quiz score only
    teacher = TeacherPage(store, "KEY", "teacher=KEY")
    try:
        shown = teacher.tutorials.value
        assert "Exercises: 1 of 2 right (0 at the first try)" in shown
        assert "Examples: 1 of 2 done" in shown
        assert "Closing check: 2 of 2 right (1 at the first try)" in shown
        assert "Closing check: 1 of 1 right (0 at the first try)" in shown
        assert "in exercises, examples and closing checks" in shown and "R7.2: 1 of 1" in shown
        assert "per tutorial exercise, example and closing-check question" in teacher.download.value
    finally:
        teacher.close()
        store.close()
