"""The real ``dos-lab`` app in headless Chromium: play a turn by clicking, watch the bot answer,
provoke a refused move and read its explanation. Screenshots go to ``test-artifacts/``;
``DOS_LAB_UPDATE_SCREENSHOT=1`` also refreshes ``docs/screenshot.png``."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from page_waits import FIRST
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

DOCS_SCREENSHOT = Path(__file__).resolve().parents[1] / "docs" / "screenshot.png"


def open_table(page: Page, url: str, query: str, width: int = 1280) -> None:
    page.set_viewport_size({"width": width, "height": 1000})
    page.goto(f"{url}?{query}")
    expect(page.locator(".dos-hand-0")).to_be_visible(timeout=FIRST)


def status(page: Page) -> str:
    return page.locator(".dos-status").inner_text()


def prompt(page: Page) -> str:
    return page.locator(".dos-prompt").inner_text()


def test_play_a_turn_and_watch_the_bot(page: Page, app_url: str, artifacts: Path) -> None:
    open_table(page, app_url, "position=colour-match&bots=greedy")
    expect(page.locator(".dos-prompt")).to_contain_text("Your turn: select one or two cards and a row card")
    expect(page.locator(".dos-hand-0")).to_have_text("R ●\n7")
    # a double colour match: Y1 + Y4 on Y5
    page.locator(".dos-hand-1").click()
    page.locator(".dos-hand-2").click()
    expect(page.locator(".dos-hand-2")).to_have_class(re.compile("dos-selected"))
    page.locator(".dos-row-1").click()
    page.locator(".dos-match").click()
    expect(page.locator(".dos-status")).to_contain_text("You played Y1+Y4 on Y5: double colour match")
    expect(page.locator(".dos-pile-1")).to_contain_text("played on it")
    # then a single colour match: the card by mouse, the row card and Match by keyboard
    page.locator(".dos-hand-0").click()
    page.locator(".dos-row-0").focus()
    page.keyboard.press("Space")
    expect(page.locator(".dos-row-0")).to_have_class(re.compile("dos-targeted"))
    page.set_viewport_size({"width": 1280, "height": 1600})
    page.locator(".dos-table").screenshot(path=str(artifacts / "table-mid-turn.png"))
    if os.environ.get("DOS_LAB_UPDATE_SCREENSHOT"):
        DOCS_SCREENSHOT.parent.mkdir(exist_ok=True)
        page.locator(".dos-table").screenshot(path=str(DOCS_SCREENSHOT))
    page.locator(".dos-match").focus()
    page.keyboard.press("Enter")
    expect(page.locator(".dos-status")).to_contain_text("You played R7 on R7: single colour match")
    page.locator(".dos-end-turn").click()
    expect(page.locator(".dos-prompt")).to_contain_text("Colour bonus!")
    expect(page.locator(".dos-log-box")).to_contain_text("E2 refill")
    # two bonus cards to place: B3, then G9
    page.locator(".dos-hand-0").click()
    page.locator(".dos-place").click()
    expect(page.locator(".dos-status")).to_contain_text("as a bonus card")
    page.locator(".dos-hand-0").click()
    page.locator(".dos-place").click()
    # the bot answers, one step at a time
    expect(page.locator(".dos-prompt")).to_contain_text("is playing")
    expect(page.locator(".dos-next")).to_be_enabled()
    expect(page.locator(".dos-draw")).to_be_disabled()
    page.locator(".dos-next").click()
    expect(page.locator(".dos-status")).to_contain_text("P2")
    page.locator(".dos-table").screenshot(path=str(artifacts / "table-bot-step.png"))
    for _ in range(60):  # step through the rest, waiting for each step to show before the next click
        steps = re.search(r"— (\d+) steps? to watch", prompt(page))
        if steps is None:
            break
        page.locator(".dos-next").click()
        expect(page.locator(".dos-prompt")).not_to_contain_text(f"— {steps.group(1)} step")
    expect(page.locator(".dos-prompt")).to_contain_text("Your turn", timeout=10_000)
    expect(page.locator(".dos-log-box")).to_contain_text("Turn 2: P2 to play.")
    page.locator(".dos-table").screenshot(path=str(artifacts / "table-your-turn-again.png"))


def test_refused_move_is_explained(page: Page, app_url: str, artifacts: Path) -> None:
    open_table(page, app_url, "position=colour-match", width=800)
    page.locator(".dos-hand-0").click()
    page.locator(".dos-row-1").click()
    page.locator(".dos-match").click()
    expect(page.locator(".dos-status")).to_have_text("Not allowed: R7 is 7, but Y5 needs 5 (R4.1)")
    page.locator(".dos-hand-1").click()
    page.locator(".dos-hand-2").click()
    page.locator(".dos-match").click()
    expect(page.locator(".dos-status")).to_contain_text("(R4.2)")
    expect(page.locator(".dos-pile-1")).not_to_contain_text("played on it")  # nothing changed
    page.set_viewport_size({"width": 800, "height": 1800})
    page.screenshot(path=str(artifacts / "table-refused-800.png"))
    expect(page.locator(".dos-skip")).to_be_disabled()
    expect(page.locator(".dos-place")).to_be_disabled()
    page.locator(".dos-hint").click()
    expect(page.locator(".dos-status")).to_contain_text("Hint: Y1+Y4 on Y5")


def test_setup_panel_starts_a_seeded_game(page: Page, app_url: str) -> None:
    open_table(page, app_url, "seed=11&bots=random,greedy")
    expect(page.locator(".dos-header")).to_contain_text("P3 (greedy bot)")
    page.locator(".dos-setup-toggle").click()
    page.locator(".dos-setup-opponents select").select_option("1")
    page.locator(".dos-setup-seed input").fill("4")
    page.locator(".dos-setup-seed input").press("Enter")
    page.locator(".dos-start").click()
    expect(page.locator(".dos-status")).to_contain_text("New game: you against P2")
    expect(page.locator(".dos-header")).not_to_contain_text("P3")


def test_course_and_rules_are_linked(page: Page, app_url: str, artifacts: Path) -> None:
    open_table(page, app_url, "")
    expect(page.locator(".dos-howto").first).to_contain_text("Play DOS against the computer")
    course = page.locator(".dos-course")
    expect(course.locator("a.dos-rules-link")).to_have_attribute("href", "rules.html")
    expect(course.locator("li a").first).to_have_attribute("href", "tutorials/01-setup.ipynb")
    course.scroll_into_view_if_needed()
    course.screenshot(path=str(artifacts / "home-course.png"))
    course.locator("li a", has_text="Lesson 2").click()
    expect(page.locator("h1").first).to_contain_text("Lesson 2", timeout=120_000)
    expect(page.locator("nav.dos-site-nav a.dos-nav-rules")).to_have_attribute("href", "/voila/files/rules.html")


def test_a_computer_tournament_from_the_setup_panel(page: Page, app_url: str, artifacts: Path) -> None:
    open_table(page, app_url, "seed=3&bots=tactician")
    page.locator(".dos-setup-toggle").click()
    panel = page.locator(".dos-tournament")
    expect(panel).to_contain_text("A computer tournament with these rules")
    page.locator(".dos-rule-after-draw-matching select").select_option(label="any matches")
    page.locator(".dos-tournament-first select").select_option(label="random")
    page.locator(".dos-tournament-play").click()
    expect(panel).to_contain_text("100 of 100 games played", timeout=120_000)
    expect(panel).to_contain_text("Finished.")
    results = page.locator(".dos-tournament-results")
    expect(results).to_contain_text("P1 (random)")
    expect(results).to_contain_text("P2 (tactician)")
    expect(results).to_contain_text("95 % Wilson interval")
    expect(results).to_contain_text("about 95 tournaments out of 100")
    assert re.search(r"P2 \(tactician\)\s+\d+\s+100\s+\d+\.\d %\s+\d+\.\d % to \d+\.\d %", results.inner_text())
    expect(page.locator(".dos-tournament-play")).to_be_enabled()
    assert page.get_by_text("Traceback").count() == 0
    panel.scroll_into_view_if_needed()
    panel.screenshot(path=str(artifacts / "setup-tournament.png"))
    # a second, longer tournament, stopped by the student: the games played so far are kept
    page.locator(".dos-tournament-games select").select_option(label="1,000")
    page.locator(".dos-tournament-play").click()
    expect(panel).to_contain_text("of 1,000 games played", timeout=60_000)
    panel.get_by_role("button", name="Stop").click()
    expect(panel).to_contain_text("Stopped.", timeout=60_000)
    expect(page.locator(".dos-tournament-play")).to_be_enabled()
    panel.screenshot(path=str(artifacts / "setup-tournament-stopped.png"))
