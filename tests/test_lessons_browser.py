"""The probability lessons as Voila pages in headless Chromium: they render every cell with no error
output, with their interactive controls and plots. Screenshots go to ``test-artifacts/``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from conftest import serve_notebook

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

LESSONS = Path(__file__).resolve().parents[1] / "notebooks"
FIRST = 120_000  # the first render starts a kernel and runs every cell (a simulation included)


@pytest.fixture(scope="module", params=["01-one-row-card.ipynb", "05-greedy-vs-random.ipynb"])
def lesson_url(request: pytest.FixtureRequest) -> Iterator[str]:
    yield from serve_notebook(LESSONS / request.param)


def test_lesson_renders_with_controls_and_plots_and_no_errors(page: Page, lesson_url: str,
                                                             artifacts: Path) -> None:
    page.set_viewport_size({"width": 1100, "height": 1000})
    page.goto(lesson_url, wait_until="commit", timeout=FIRST)  # Voila runs every cell before "load"
    expect(page.locator("h1").first).to_be_visible(timeout=FIRST)
    slider = page.locator(".widget-slider, .widget-dropdown").first
    expect(slider).to_be_visible(timeout=FIRST)
    name = page.locator("h1").first.inner_text().split("—")[0].strip().replace(" ", "-").lower()
    page.screenshot(path=str(artifacts / f"{name}.png"), full_page=True)
    assert page.locator("[data-mime-type='application/vnd.jupyter.stderr']").count() == 0
    assert page.get_by_text("Traceback").count() == 0
    assert page.locator("img").count() >= 1  # the convergence plot
