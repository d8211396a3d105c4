"""Lesson 5's class experiment in Chromium on ``dos-lab`` (issue 22): three students, each in their own browser, type a
first name and play and send their share of games; every page's class panel and the teacher's page show the pooled
n = 3 × 50 games; a Polish page shows the same pool in Polish. Screenshots go to ``test-artifacts/``."""

from __future__ import annotations

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

NAMES = ["Ala", "Jan", "Kuba"]
LESSON = "/voila/render/lessons/05-greedy-vs-random.ipynb"
POLISH = "/voila/render/pl/lessons/05-greedy-vs-random.ipynb"
TEACHER = "T3ACHERKEY"
NAME = "lesson-05-greedy-wins"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    yield from running_site(tmp_path_factory.mktemp("lesson5") / "class.db", f"--teacher-token={TEACHER}")


def student(browser: Browser, site: Site, path: str = LESSON) -> Page:
    page = browser.new_context(viewport={"width": 1100, "height": 1300}).new_page()
    page.set_default_timeout(20_000)
    page.goto(f"{site.base}{path}", timeout=FIRST)
    expect(page.locator(".dos-class-send")).to_be_visible(timeout=FIRST)
    return page


def test_three_students_pool_their_games_and_every_page_shows_the_class(browser: Browser, site: Site,
                                                                        artifacts: Path) -> None:
    pages = [student(browser, site) for _ in NAMES]
    expect(pages[0].locator(".dos-class-send")).to_have_text("Play and send to the class")
    for page, name in zip(pages, NAMES, strict=True):
        page.locator(".dos-class-name input").fill(name)
        page.locator(".dos-class-name input").press("Enter")
        page.locator(".dos-class-send").click()
        expect(page.locator(".dos-class-status")).to_contain_text("Sent:", timeout=30_000)
        expect(page.locator(".dos-class-status")).to_contain_text("tournament games were won by GreedyBot")
        expect(page).to_have_url(re.compile(rf"\?name={name}$"))

    store = ClassStore(str(site.store))
    e = experiment(NAME)
    p = pool(e, store.results(NAME))
    assert (p.students, p.trials, p.refused) == (3, 150, 0)
    for page in pages:
        reading = page.locator(".dos-class-reading")
        expect(reading).to_contain_text("The class has sent 3 results.")
        expect(reading).to_contain_text(f"{p.hits} of 150 tournament games were won by GreedyBot: "
                                        f"{percent(p.frequency)}")
        expect(reading).to_contain_text(f"95 % Wilson interval {percent(p.interval[0])} to "
                                        f"{percent(p.interval[1])}")
        expect(reading).to_contain_text("estimate of GreedyBot's long-run win rate")
        expect(page.locator(".dos-class-shares circle")).to_have_count(3)
        expect(page.locator(".dos-class-shares circle[fill='#e65100']")).to_have_count(1)
        assert "exact chance" not in page.locator(".dos-class-panel").inner_text()
        assert page.locator(".dos-class-panel").inner_text().count("Traceback") == 0
    pages[0].locator(".dos-class-panel").screenshot(path=str(artifacts / "lesson5-class-experiment.png"))

    polish = student(browser, site, POLISH)
    expect(polish.locator(".dos-class-send")).to_have_text("Zagraj i wyślij klasie")
    expect(polish.locator(".dos-class-reading")).to_contain_text(f"{p.hits} z 150")
    expect(polish.locator(".dos-class-shares circle")).to_have_count(3)
    polish.locator(".dos-class-panel").screenshot(path=str(artifacts / "lesson5-class-experiment-pl.png"))

    teacher = pages[0].context.new_page()
    teacher.goto(f"{site.base}/voila/render/teacher.ipynb", timeout=FIRST)
    expect(teacher.locator(".dos-teacher-enter")).to_be_visible(timeout=FIRST)
    teacher.locator(".dos-teacher-token input").fill(TEACHER)
    teacher.locator(".dos-teacher-enter").click()
    board = teacher.locator(f".dos-teacher-{NAME}")
    expect(board).to_contain_text("Lesson 5")
    expect(board).to_contain_text("The class has sent 3 results.")
    expect(board).to_contain_text(f"{p.hits} of 150 tournament games were won by GreedyBot")
    for name in NAMES:
        expect(board.locator("td", has_text=re.compile(rf"^{name}$"))).to_have_count(1)
    board.screenshot(path=str(artifacts / "lesson5-teacher.png"))

    # the teacher closes lesson 5's experiment: the students' pages follow
    teacher.locator(f".dos-teacher-switch-{NAME}").click()
    expect(teacher.locator(f".dos-teacher-switch-{NAME}")).to_contain_text("Open lesson 5")
    expect(pages[1].locator(".dos-class-send")).to_be_disabled()
    expect(pages[1].locator(".dos-class-notice")).to_contain_text("closed this class experiment")
    assert store.settings().closed == {NAME}
    store.close()
