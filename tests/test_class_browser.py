"""A lesson's class experiment in Chromium on ``dos-lab`` (issue "The class learns together"): five students, each in
their own browser, lock in a guess, type a first name and send their share of lesson 1; every page's class panel
shows the pooled n = 5 × 100 hands and the class's frequency as the store has it. Screenshots go to
``test-artifacts/``."""

from __future__ import annotations

import base64
import csv
import io
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from page_waits import FIRST
from playwright.sync_api import Browser, Page, expect

from dos_lab.classroom import ClassStore
from dos_lab.classroom.experiments import experiment, pool
from dos_lab.i18n import percent

from conftest import Site, running_site

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

NAMES = ["Ala", "Ola", "Ela", "Jan", "Kuba"]
LESSON = "/voila/render/lessons/01-one-row-card.ipynb"


TEACHER = "T3ACHERKEY"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    # a known teacher token: dos-lab would make and print a new one
    yield from running_site(tmp_path_factory.mktemp("experiments") / "class.db", f"--teacher-token={TEACHER}")


def student(browser: Browser, site: Site, query: str = "") -> Page:
    page = browser.new_context(viewport={"width": 1100, "height": 1300}).new_page()
    page.set_default_timeout(20_000)
    page.goto(f"{site.base}{LESSON}{query}", timeout=FIRST)
    expect(page.locator(".dos-class-send")).to_be_visible(timeout=FIRST)
    return page


def test_five_students_pool_their_hands_and_every_page_shows_the_class(browser: Browser, site: Site,
                                                                       artifacts: Path) -> None:
    pages = [student(browser, site) for _ in NAMES]
    first = pages[0]
    first.locator(".dos-class-send").click()  # no name yet: told, nothing sent
    expect(first.locator(".dos-class-status")).to_contain_text("type your first name")
    locked: list[float] = []
    for number, (page, name) in enumerate(zip(pages, NAMES, strict=True)):
        handle, readout = page.locator(".dos-guess-1 .noUi-handle"), page.locator(".dos-guess-1 .widget-readout")
        wanted = str(49 - number)  # guesses below the middle: 49 %, 48 %, …
        for _ in range(20):  # a key pressed while the page is still busy may be lost: press until it shows
            if readout.inner_text().strip() == wanted:
                break
            handle.focus()
            page.keyboard.press("ArrowLeft" if int(readout.inner_text().strip()) > int(wanted) else "ArrowRight")
        expect(readout).to_have_text(wanted)
        page.locator(".dos-guess-1 .dos-lock").click()
        # the slider's last value may reach a busy kernel after the click: what counts is what the page locked in
        status = page.locator(".dos-guess-1 .dos-guess-status")
        expect(status).to_contain_text("locked in")
        locked.append(float(re.search(r"locked in: (\d+) %", status.inner_text()).group(1)))  # type: ignore[union-attr]
        page.locator(".dos-class-name input").fill(name)
        page.locator(".dos-class-name input").press("Enter")
        page.locator(".dos-class-send").click()
        expect(page.locator(".dos-class-status")).to_contain_text("Sent:")
        expect(page).to_have_url(re.compile(rf"\?name={name}$"))

    store = ClassStore(str(site.store))
    e = experiment("lesson-01-hits")
    p = pool(e, store.results(e.name))
    assert (p.students, p.trials, p.refused) == (5, 500, 0)
    for page in pages:
        reading = page.locator(".dos-class-reading")
        expect(reading).to_contain_text("The class has sent 5 results.")
        expect(reading).to_contain_text(f"{p.hits} of 500 hands could match: {percent(p.frequency)}")
        expect(reading).to_contain_text(f"95 % Wilson interval {percent(p.interval[0], 2)} to "
                                        f"{percent(p.interval[1], 2)}")
        expect(page.locator(".dos-class-shares circle")).to_have_count(5)
        expect(page.locator(".dos-class-guesses circle")).to_have_count(5)
        assert page.locator(".dos-class-panel").inner_text().count("Traceback") == 0
    assert [g for _, g in store.results(e.name + "/guess")] == [{"chance": value} for value in locked]
    first.locator(".dos-class-panel").screenshot(path=str(artifacts / "class-experiment.png"))

    again = student(browser, site, "?name=Ola")  # a reload keeps the student's own dot
    expect(again.locator(".dos-class-name input")).to_have_value("Ola")
    expect(again.locator(".dos-class-reading")).to_contain_text("The class has sent 5 results.")
    expect(again.locator(".dos-class-shares circle[fill='#e65100']")).to_have_count(1)

    teacher = first.context.new_page()
    teacher.goto(f"{site.base}/voila/render/teacher.ipynb", timeout=FIRST)
    expect(teacher.locator(".dos-teacher-enter")).to_be_visible(timeout=FIRST)
    teacher.locator(".dos-teacher-token input").fill("Ala")  # a wrong token: refused, nothing shown
    teacher.locator(".dos-teacher-enter").click()
    expect(teacher.locator(".dos-teacher-status")).to_contain_text("not the teacher token")
    expect(teacher.locator(".dos-teacher-lesson-01-hits")).to_have_count(0)
    teacher.locator(".dos-teacher-token input").fill(TEACHER)
    teacher.locator(".dos-teacher-enter").click()
    board = teacher.locator(".dos-teacher-lesson-01-hits")
    expect(board).to_contain_text("The class has sent 5 results.")
    expect(board).to_contain_text(f"{p.hits} of 500 hands could match")
    for name in NAMES:
        expect(board.locator("td", has_text=re.compile(rf"^{name}$"))).to_have_count(1)
    href = teacher.locator(".dos-teacher-csv a").get_attribute("href")
    assert href is not None and href.startswith("data:text/csv;base64,")
    rows = list(csv.DictReader(io.StringIO(base64.b64decode(href.split(",", 1)[1]).decode())))
    assert sorted(r["student"] for r in rows) == sorted(NAMES) and {r["counted"] for r in rows} == {"yes"}
    teacher.screenshot(path=str(artifacts / "teacher-page.png"), full_page=True)
    assert "T3ACHERKEY" not in first.content()  # students' pages never show the token

    # the teacher closes the experiment and lets students see first names: every open lesson page follows
    teacher.locator(".dos-teacher-switch-lesson-01-hits").click()
    expect(teacher.locator(".dos-teacher-switch-lesson-01-hits")).to_contain_text("Open lesson 1")
    teacher.locator(".dos-teacher-names input").check()
    expect(again.locator(".dos-class-send")).to_be_disabled()
    expect(again.locator(".dos-class-notice")).to_contain_text("closed this class experiment")
    for name in NAMES:
        expect(again.locator(".dos-class-names")).to_contain_text(name)
    again.locator(".dos-class-panel").screenshot(path=str(artifacts / "class-experiment-closed.png"))
    assert store.settings().closed == {e.name} and store.settings().first_names
    teacher.locator(".dos-teacher-switch-lesson-01-hits").click()
    expect(again.locator(".dos-class-send")).to_be_enabled()

    # a tutorial's closing check: the student types a first name once, and the teacher sees each answer by rule
    tutorial = again.context.new_page()
    tutorial.goto(f"{site.base}/voila/render/tutorials/01-setup.ipynb", timeout=FIRST)
    quiz = tutorial.locator(".dos-tut-quiz")
    expect(quiz.locator(".dos-report-name input")).to_be_visible(timeout=FIRST)
    quiz.locator(".dos-report-name input").fill("Ola")
    quiz.locator(".dos-report-name input").press("Enter")
    expect(quiz.locator(".dos-report-status")).to_contain_text("Your teacher sees your answers as Ola.")
    deck = quiz.locator(".dos-q-t1-deck")
    for option in ("96", "108"):
        deck.locator(".widget-toggle-button").filter(has_text=re.compile(f"^{option}$")).click()
    expect(deck.locator(".dos-feedback")).to_contain_text("Right!")
    shown = teacher.locator(".dos-teacher-tutorials")
    expect(shown).to_contain_text("Tutorial 1")
    expect(shown).to_contain_text(f"1 of {quiz.locator('.dos-question').count()} right (0 at the first try)")
    expect(shown).to_contain_text("R1.1: 1 of 1")
    quiz.screenshot(path=str(artifacts / "tutorial-closing-check-reported.png"))
    teacher.screenshot(path=str(artifacts / "teacher-page-tutorials.png"), full_page=True)
    (who, progress), = store.results("tutorial-01")
    assert who == "Ola" and (progress["answers"][0]["tries"], progress["answers"][0]["right"]) == (2, True)
    store.close()


def test_the_teacher_resets_a_room_and_its_student_joins_it_again(browser: Browser, site: Site,
                                                                  artifacts: Path) -> None:
    ala = browser.new_context(viewport={"width": 1100, "height": 1100}).new_page()
    ala.set_default_timeout(20_000)
    ala.goto(f"{site.base}/voila/render/room.ipynb", timeout=FIRST)
    expect(ala.locator(".dos-create-room")).to_be_visible(timeout=FIRST)
    ala.locator(".dos-create-name input").fill("Ala")
    ala.locator(".dos-create-room").click()
    expect(ala.locator(".dos-room-code")).to_have_text(re.compile(r"^[A-Z]{4}$"))
    code = ala.locator(".dos-room-code").inner_text()
    ala.locator(".dos-start-game").click()  # the empty seat gets a computer player
    expect(ala.locator(".dos-hand button").first).to_be_visible()

    teacher = browser.new_context(viewport={"width": 1100, "height": 1300}).new_page()
    teacher.goto(f"{site.base}/voila/render/teacher.ipynb?teacher={TEACHER}", timeout=FIRST)
    expect(teacher.locator(".dos-teacher-rooms")).to_contain_text(code, timeout=FIRST)
    teacher.locator(".dos-teacher-room-choice select").select_option(code)
    teacher.locator(".dos-teacher-reset").click()  # not yet ticked: nothing happens, and the page says why
    expect(teacher.locator(".dos-teacher-status")).to_contain_text(f"resetting room {code} ends its game")
    expect(ala.locator(".dos-hand button").first).to_be_visible()
    teacher.locator(".dos-teacher-reset-sure input").check()
    teacher.locator(".dos-teacher-reset").click()
    expect(teacher.locator(".dos-teacher-status")).to_contain_text(f"Room {code} is empty again")
    expect(teacher.locator(".dos-teacher-rooms")).to_contain_text("waiting for players (0 of 2)")
    teacher.screenshot(path=str(artifacts / "teacher-room-reset.png"), full_page=True)

    status = ala.locator(".dos-room-status")
    expect(status).to_contain_text(f"The teacher has reset room {code} for a new game")
    expect(ala.locator(".dos-hand button")).to_have_count(0)
    expect(ala.locator(".dos-join-code input")).to_have_value(code)
    expect(ala).to_have_url(re.compile(rf"\?room={code}$"))
    ala.screenshot(path=str(artifacts / "room-after-reset.png"), full_page=True)
    expect(ala.locator(".dos-join-name input")).to_have_value("Ala")
    ala.locator(".dos-join-room").click()
    expect(ala.locator(".dos-room-code")).to_have_text(code)
    expect(ala.locator(".dos-start-game")).to_be_visible()  # Ala sits at P1 again: hers to start
    ala.context.close()
    teacher.context.close()
