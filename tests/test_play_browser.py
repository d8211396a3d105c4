"""The table on the real ``dos-lab`` page, played as a new student would: the DOS! button follows the
rules (off with five cards, on when a move leaves two), the call rides on the placement, the log names
each stage once, and the deal's seed is on show. Screenshots go to ``test-artifacts/``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from page_waits import FIRST
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")



def test_dos_button_and_the_call_with_the_placement(page: Page, app_url: str, artifacts: Path) -> None:
    page.set_viewport_size({"width": 1280, "height": 1400})
    page.goto(f"{app_url}?position=dos-call&bots=greedy,greedy&seed=12", wait_until="commit", timeout=FIRST)
    expect(page.locator(".dos-hand-0")).to_be_visible(timeout=FIRST)
    expect(page.locator(".dos-header")).to_contain_text("deal number (seed) 12")
    expect(page.locator(".dos-dos")).to_be_disabled()  # five cards: a call would not count
    for card, row in (("dos-hand-0", "dos-row-0"), ("dos-hand-1", "dos-row-1")):  # R5 on R5, then G6 on Y6
        page.locator(f".{card}").click()
        page.locator(f".{row}").click()
        page.locator(".dos-match").click()
        expect(page.locator(".dos-status")).to_contain_text("You played")
    page.locator(".dos-end-turn").click()
    expect(page.locator(".dos-prompt")).to_contain_text("press DOS! first to call it with that move (R11.4)")
    expect(page.locator(".dos-dos")).to_be_enabled()
    page.locator(".dos-table").screenshot(path=str(artifacts / "table-dos-before-placement.png"))
    page.locator(".dos-dos").click()
    expect(page.locator(".dos-status")).to_contain_text("DOS! will be called with your move")
    expect(page.locator(".dos-dos")).to_be_disabled()
    page.locator(".dos-hand-0").click()
    page.locator(".dos-place").click()
    expect(page.locator(".dos-status")).to_contain_text("as a bonus card and called DOS!")
    page.locator(".dos-skip").click()
    expect(page.locator(".dos-log-box")).to_contain_text('P1 calls "DOS!"')
    expect(page.locator(".dos-log-box")).not_to_contain_text('calls "DOS!" on P1')
    log = page.locator(".dos-log-box").inner_text()
    assert not re.search(r"\bE([1-6])\W*E\1\b", log), log  # each stage named once
    page.locator(".dos-table").screenshot(path=str(artifacts / "table-dos-called.png"))
    expect(page.locator("body")).not_to_contain_text("Traceback")
