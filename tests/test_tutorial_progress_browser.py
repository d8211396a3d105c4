"""Every exercise, playable example and closing-check question of a tutorial reaches the teacher (issue 22), in
Chromium on ``dos-lab``: a student answers a body exercise of tutorial 2 wrong then right, reaches a playable
example's goal, types a first name in the closing check, then answers another exercise; the class store, the
teacher's page and its CSV show each item with its kind. Screenshots go to ``test-artifacts/``."""

from __future__ import annotations

import base64
import csv
import io
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from page_waits import FIRST
from playwright.sync_api import Browser, Locator, expect

from dos_lab.classroom import ClassStore
from dos_lab.classroom.progress import answers_of

from conftest import Site, running_site

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

TEACHER = "T3ACHERKEY"
TUTORIAL = "/voila/render/tutorials/02-matching.ipynb"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    yield from running_site(tmp_path_factory.mktemp("progress") / "class.db", f"--teacher-token={TEACHER}")


def answer(exercise: Locator, option: str) -> None:
    exercise.locator(".dos-tut-answer label").filter(has_text=re.compile(f"^{re.escape(option)}$")).click()
    exercise.locator(".dos-tut-check").click()


def click_cards(example: Locator, *codes: str, row: int) -> None:
    for code in codes:
        chosen = example.locator(f".dos-tut-hand-card.dos-tut-card-{code}.dos-tut-selected")
        example.locator(f".dos-tut-hand-card.dos-tut-card-{code}").click()
        expect(chosen).to_have_count(1)
    example.locator(f".dos-tut-row-{row}").click()
    expect(example.locator(f".dos-tut-row-{row}")).to_have_class(re.compile("dos-targeted"))


def test_a_students_exercises_examples_and_closing_check_reach_the_teacher(browser: Browser, site: Site,
                                                                           artifacts: Path) -> None:
    page = browser.new_context(viewport={"width": 1100, "height": 1300}).new_page()
    page.set_default_timeout(20_000)
    page.goto(f"{site.base}{TUTORIAL}", timeout=FIRST)
    name = page.locator(".dos-tut-quiz .dos-report-name input")
    expect(name).to_be_visible(timeout=FIRST)

    # before the name: a body exercise wrong, then right; a playable example's goal reached by the student's moves
    three = page.locator(".dos-tut-exercise").nth(1)
    answer(three, "Yes: 1 + 3 + 3 = 7")
    expect(three.locator(".dos-tut-wrong")).to_be_visible()
    answer(three, "No: a match uses one or two cards, never three")
    expect(three.locator(".dos-tut-right")).to_be_visible()
    both = page.locator(".dos-tut-example").nth(1)
    click_cards(both, "Y8", row=0)
    both.locator(".dos-tut-match").click()
    expect(both.locator(".dos-tut-row-0")).to_have_class(re.compile("dos-matched"))
    click_cards(both, "R1", "B5", row=1)
    both.locator(".dos-tut-match").click()
    both.locator(".dos-tut-end-turn").click()
    expect(both.locator(".dos-tut-goal-done")).to_be_visible()
    store = ClassStore(str(site.store))
    assert store.results("tutorial-02") == []  # nothing is kept before a first name

    # the first name, once, in the closing check: everything done so far is sent with the questions
    name.fill("Ola")
    name.press("Enter")
    expect(page.locator(".dos-tut-quiz .dos-report-status")).to_contain_text("Your teacher sees your answers as Ola.")
    (who, kept), = store.results("tutorial-02")
    got = [(a.kind, a.right, a.first_try, a.tries, a.rules) for a in answers_of(kept)]
    questions = page.locator(".dos-tut-quiz .dos-question").count()
    assert who == "Ola" and got[questions:] == [  # the page's examples and exercises, in page order, follow
        ("example", False, False, 0, ()), ("example", True, True, 1, ("R4.4",)),
        ("exercise", False, False, 0, ()), ("exercise", True, False, 2, ("R4.2",))]
    assert [(kind, tries) for kind, _, _, tries, _ in got[:questions]] == [("question", 0)] * questions

    # after the name: another exercise, right at the first try, updates the record
    double = page.locator(".dos-tut-exercise").nth(0)
    double.locator(".dos-tut-answer input[type=text]").fill("Y9 + R1")
    double.locator(".dos-tut-check").click()
    expect(double.locator(".dos-tut-right")).to_be_visible()
    # (the feedback is shown after the answer was sent: the record is up to date)

    teacher = page.context.new_page()
    teacher.goto(f"{site.base}/voila/render/teacher.ipynb?teacher={TEACHER}", timeout=FIRST)
    shown = teacher.locator(".dos-teacher-tutorials")
    expect(shown).to_contain_text("Tutorial 2", timeout=FIRST)
    expect(shown).to_contain_text("Exercises: 2 of 2 right (1 at the first try)")
    expect(shown).to_contain_text("Examples: 1 of 2 done")
    expect(shown).to_contain_text(f"Closing check: 0 of {questions} right (0 at the first try)")
    expect(shown).to_contain_text("in exercises, examples and closing checks")
    expect(shown).to_contain_text("R4.2: 1 of 1")
    shown.screenshot(path=str(artifacts / "teacher-tutorial-progress.png"))
    teacher.screenshot(path=str(artifacts / "teacher-page-tutorial-progress.png"), full_page=True)
    page.locator(".dos-tut-quiz").screenshot(path=str(artifacts / "tutorial-progress-closing-check.png"))

    href = teacher.locator(".dos-teacher-csv a").get_attribute("href")
    assert href is not None and href.startswith("data:text/csv;base64,")
    rows = [r for r in csv.DictReader(io.StringIO(base64.b64decode(href.split(",", 1)[1]).decode()))
            if r["experiment"] == "tutorial-02"]
    items = [(r["kind"], r["question"], r["rules"], r["answer"], r["tries"]) for r in rows if r["kind"] != "question"]
    assert items == [
        ("example", "1", "", "not_answered", "0"), ("example", "2", "R4.4", "first_try", "1"),
        ("exercise", "1", "", "first_try", "1"), ("exercise", "2", "R4.2", "right", "2")]
    assert [r["question"] for r in rows if r["kind"] == "question"] == [str(n) for n in range(1, questions + 1)]
    assert {r["student"] for r in rows} == {"Ola"} and {r["counted"] for r in rows} == {"yes"}
    store.close()
