"""The rule tutorials as Voila pages in headless Chromium: play their examples by clicking, step through a
turn, answer an exercise. Screenshots go to ``test-artifacts/`` (look at them: what a reader sees is part
of the test). Uses ``browser_type_launch_args`` and ``artifacts`` from ``tests/conftest.py``."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from conftest import serve_notebook

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

TUTORIALS = Path(__file__).resolve().parents[1] / "tutorials"
FIRST = 30_000  # the first render starts a kernel (TOOLCHAIN.md)


def _serve(notebook: str) -> Iterator[str]:
    yield from serve_notebook(TUTORIALS / notebook)


@pytest.fixture(scope="module")
def matching_url() -> Iterator[str]:
    yield from _serve("02-matching.ipynb")


@pytest.fixture(scope="module")
def wild_url() -> Iterator[str]:
    yield from _serve("03-wild-cards.ipynb")


@pytest.fixture(scope="module")
def bonus_url() -> Iterator[str]:
    yield from _serve("05-bonuses-and-turn-order.ipynb")


@pytest.fixture(scope="module")
def dos_url() -> Iterator[str]:
    yield from _serve("06-the-dos-call.ipynb")


def open_page(page: Page, url: str) -> None:
    page.set_viewport_size({"width": 1100, "height": 1000})
    page.goto(url)
    expect(page.locator(".dos-tut-example").first).to_be_visible(timeout=FIRST)


def click_cards(example: Locator, *codes: str, row: int | None = None) -> None:
    """Select hand cards (waiting for each click to register, so two equal cards both get selected)."""
    for code in codes:
        card = f".dos-tut-hand-card.dos-tut-card-{code.replace('#', 'wild')}"
        chosen = example.locator(card + ".dos-tut-selected")
        before = chosen.count()
        example.locator(card + ":not(.dos-tut-selected)").first.click()
        expect(chosen).to_have_count(before + 1)
    if row is not None:
        example.locator(f".dos-tut-row-{row}").click()
        expect(example.locator(f".dos-tut-row-{row}")).to_have_class(re.compile("dos-targeted"))


def shot(locator: Locator, artifacts: Path, name: str) -> None:
    locator.scroll_into_view_if_needed()
    locator.screenshot(path=str(artifacts / name))


def test_matching_examples_and_exercise(page: Page, matching_url: str, artifacts: Path) -> None:
    open_page(page, matching_url)
    double, both = page.locator(".dos-tut-example").nth(0), page.locator(".dos-tut-example").nth(1)

    # a wrong sum is refused with its rule, then the right pair is accepted
    click_cards(double, "G3", "Y9", row=0)
    expect(double.locator(".dos-tut-card-G3")).to_have_class(re.compile("dos-tut-selected"))
    double.locator(".dos-tut-match").click()
    expect(double.locator(".dos-tut-status")).to_contain_text("G3+Y9 adds up to 12, but R7 needs 7 (R4.2)")
    expect(double.locator(".dos-tut-selected")).to_have_count(0)  # a refused choice is cleared
    shot(double, artifacts, "tutorial-02-refused.png")
    double.locator(".dos-tut-reset").click()
    expect(double.locator(".dos-tut-status")).to_contain_text("Back to the start")
    expect(double.locator(".dos-tut-selected")).to_have_count(0)
    click_cards(double, "G3", "B4", row=0)
    double.locator(".dos-tut-match").click()
    expect(double.locator(".dos-tut-status")).to_contain_text("P1 plays G3 + B4 on R7: a double match")
    # legal, but the goal also asks to end the turn: no green tick yet
    expect(double.locator(".dos-tut-status-info")).to_contain_text("Not there yet. The goal:")
    expect(double.locator(".dos-tut-goal-done")).to_have_count(0)
    double.locator(".dos-tut-end-turn").click()
    expect(double.locator(".dos-tut-goal-done")).to_be_visible()
    expect(double.locator(".dos-tut-log")).to_contain_text("E2 refill")
    shot(double, artifacts, "tutorial-02-double-match.png")

    # the same row card twice is refused (R4.3); two different row cards are fine (R4.4)
    click_cards(both, "Y8", row=0)
    both.locator(".dos-tut-match").click()
    expect(both.locator(".dos-tut-row-0")).to_have_class(re.compile("dos-matched"))
    expect(both.locator(".dos-pile-0")).to_contain_text("played on it")
    click_cards(both, "G3", "B5", row=0)
    both.locator(".dos-tut-match").click()
    expect(both.locator(".dos-tut-status")).to_contain_text("each row card can be matched once per turn (R4.3)")
    shot(both, artifacts, "tutorial-02-twice-refused.png")
    click_cards(both, "G3")
    both.locator(".dos-tut-card-G3").click()  # a second click unselects a card
    expect(both.locator(".dos-tut-card-G3")).not_to_have_class(re.compile("dos-tut-selected"))
    click_cards(both, "R1", "B5", row=1)
    both.locator(".dos-tut-match").click()
    expect(both.locator(".dos-tut-status")).to_contain_text("R1 + B5 on B6")
    both.locator(".dos-tut-end-turn").click()
    expect(both.locator(".dos-tut-goal-done")).to_be_visible()

    # the exercise: the engine checks the typed answer
    exercise = page.locator(".dos-tut-exercise").first
    exercise.locator(".dos-tut-answer input").fill("G3 B4")
    exercise.locator(".dos-tut-check").click()
    expect(exercise.locator(".dos-tut-feedback")).to_contain_text("G3+B4 adds up to 7, but Y10 needs 10 (R4.2)")
    exercise.locator(".dos-tut-answer input").fill("y9+r1")  # the tutorial's own notation, any case
    exercise.locator(".dos-tut-check").click()
    expect(exercise.locator(".dos-tut-feedback")).to_contain_text("Right!")
    exercise.locator(".dos-tut-show").click()
    expect(exercise.locator(".dos-tut-solution")).to_contain_text("B4 + B6 = 10")
    shot(exercise, artifacts, "tutorial-02-exercise.png")


def test_wild_card_declarations(page: Page, wild_url: str, artifacts: Path) -> None:
    open_page(page, wild_url)
    example = page.locator(".dos-tut-example").nth(0)
    click_cards(example, "Y#", row=0)
    example.locator(".dos-tut-match").click()  # the reader announces the number: the engine does not choose
    expect(example.locator(".dos-tut-status")).to_contain_text("First say what your Y# stands for")
    example.locator(".dos-declare-hand-number select").select_option(label="6")
    example.locator(".dos-tut-match").click()
    expect(example.locator(".dos-tut-status")).to_contain_text("Y# (played as 6) is 6, but Y7 needs 7 (R4.1)")
    click_cards(example, "Y#", row=0)
    example.locator(".dos-declare-hand-number select").select_option(label="7")
    example.locator(".dos-tut-match").click()
    expect(example.locator(".dos-tut-status")).to_contain_text("single colour match")
    expect(example.locator(".dos-tut-goal-done")).to_be_visible()
    shot(example, artifacts, "tutorial-03-wild-number.png")

    row_wild = page.locator(".dos-tut-example").nth(1)
    click_cards(row_wild, "B1", "B1", row=0)
    row_wild.locator(".dos-declare-row-colour select").select_option(label="blue ■")
    row_wild.locator(".dos-tut-match").click()
    expect(row_wild.locator(".dos-tut-status")).to_contain_text("double colour match")
    shot(row_wild, artifacts, "tutorial-03-row-wild.png")

    # an answer that is not a number gets a plain message, never Python's
    exercise = page.locator(".dos-tut-exercise").first
    exercise.locator(".dos-tut-answer input").fill("four")
    exercise.locator(".dos-tut-check").click()
    expect(exercise.locator(".dos-tut-feedback")).to_contain_text("“four” is not a whole number")
    expect(exercise.locator(".dos-tut-feedback")).not_to_contain_text("invalid literal")
    exercise.locator(".dos-tut-answer input").fill("4")
    exercise.locator(".dos-tut-check").click()
    expect(exercise.locator(".dos-tut-feedback")).to_contain_text("Right!")
    shot(exercise, artifacts, "tutorial-03-exercise.png")
    expect(page.locator("body")).not_to_contain_text("Traceback")


def test_turn_stepper_bonus_order_and_colour_match(page: Page, bonus_url: str, artifacts: Path) -> None:
    open_page(page, bonus_url)
    stepper = page.locator(".dos-tut-stepper").first
    stepper.scroll_into_view_if_needed()
    seen: list[str] = []
    next_button = stepper.locator(".dos-tut-step-next")
    while next_button.is_enabled():
        next_button.click()
        expect(stepper.locator(".dos-tut-step-text")).to_contain_text(f"Step {len(seen) + 2} of")
        seen.append(stepper.locator(".dos-tut-stage-now").inner_text().lstrip("▶ ").split(" ")[0])
        if seen[-1] == "E2":
            expect(stepper.locator(".dos-tut-step-board")).to_contain_text("Center Row (2 cards)")
            shot(stepper, artifacts, "tutorial-05-stepper-E2.png")
    stages = [s for s in seen if s.startswith("E")]
    assert [s for i, s in enumerate(stages) if s not in stages[:i]] == ["E1", "E2", "E3", "E4", "E5", "E6"]
    expect(stepper.locator(".dos-tut-step-board")).to_contain_text("Center Row (4 cards)")
    shot(stepper, artifacts, "tutorial-05-stepper-E6.png")

    compare = page.locator(".dos-tut-compare")
    expect(compare.locator(".dos-tut-order-right")).to_contain_text("4 cards in the Center Row")
    expect(compare.locator(".dos-tut-order-wrong")).to_contain_text("2 cards in the Center Row")
    shot(compare, artifacts, "tutorial-05-bonus-order.png")

    example = page.locator(".dos-tut-example").first
    click_cards(example, "R7", row=0)
    example.locator(".dos-tut-match").click()
    example.locator(".dos-tut-end-turn").click()
    expect(example.locator(".dos-tut-status")).to_contain_text("E2 refill")
    click_cards(example, "G9")
    example.locator(".dos-tut-place").click()
    expect(example.locator(".dos-tut-goal-done")).to_be_visible()
    expect(example.locator(".dos-tut-status")).to_contain_text("E3 bonus: P1 puts G9 into the Center Row.")
    shot(example, artifacts, "tutorial-05-single-colour-match.png")


def test_dos_buttons_follow_the_rules(page: Page, dos_url: str, artifacts: Path) -> None:
    open_page(page, dos_url)
    call = page.locator(".dos-tut-example").nth(0)
    expect(call.locator(".dos-tut-dos-help")).to_contain_text("play the part of P2")
    expect(call.locator(".dos-tut-call")).to_have_text("DOS!")
    # three cards, and R7 on B7 would leave two: DOS! is enabled, to ride on that match (R11.4)
    expect(call.locator(".dos-tut-call")).to_be_enabled()
    click_cards(call, "R7", row=0)
    call.locator(".dos-tut-match").click()
    expect(call.locator(".dos-tut-call")).to_be_enabled()
    expect(call.locator(".dos-tut-caught-by-P2")).to_be_disabled()  # not exposed in the middle of the turn
    call.locator(".dos-tut-call").click()
    expect(call.locator(".dos-tut-call")).to_be_disabled()
    call.locator(".dos-tut-end-turn").click()
    expect(call.locator(".dos-tut-goal-done")).to_be_visible()
    shot(call, artifacts, "tutorial-06-called.png")

    catch = page.locator(".dos-tut-example").nth(1)
    expect(catch.locator(".dos-tut-catch-P2")).to_be_enabled()
    catch.locator(".dos-tut-catch-P2").click()
    expect(catch.locator(".dos-tut-goal-done")).to_be_visible()
    expect(catch.locator(".dos-tut-catch-P2")).to_be_disabled()  # P2 holds four cards now
    shot(catch, artifacts, "tutorial-06-caught.png")
    expect(page.locator("body")).not_to_contain_text("Traceback")
