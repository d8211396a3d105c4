"""The rule tutorials as Voila pages in headless Chromium: play their examples by clicking, step through a
turn, answer every exercise and every closing-check question wrong and then right, as a student would.
One Voila server serves the whole ``tutorials/`` folder for the module. Screenshots go to ``test-artifacts/``
(look at them: what a reader sees is part of the test). Uses ``browser_type_launch_args`` and ``artifacts``
from ``tests/conftest.py``."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from page_waits import FIRST
from playwright.sync_api import Locator, Page, expect

from dos_lab.rules import RULE_OPTIONS

from conftest import free_port, serving

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

TUTORIALS = Path(__file__).resolve().parents[1] / "tutorials"
NOTEBOOKS = sorted(p.name for p in TUTORIALS.glob("[0-9][0-9]-*.ipynb"))


@pytest.fixture(scope="module")
def tutorials_url() -> Iterator[str]:
    """One Voila server for every tutorial page (``<url>/voila/render/<notebook>``)."""
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "voila", str(TUTORIALS), "--no-browser", f"--port={port}",
                             "--Voila.ip=127.0.0.1"])
    yield from serving(proc, f"http://127.0.0.1:{port}", "voila/render")


def tutorial(base: str, number: int) -> str:
    return f"{base}/{NOTEBOOKS[number - 1]}"


def open_page(page: Page, url: str) -> None:
    page.set_viewport_size({"width": 1100, "height": 1000})
    page.goto(url)
    expect(page.locator(".dos-tut-quiz").first).to_be_visible(timeout=FIRST)


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


def test_matching_examples_and_exercise(page: Page, tutorials_url: str, artifacts: Path) -> None:
    open_page(page, tutorial(tutorials_url, 2))
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
    # the stages E1 … E6 are taught in tutorial 5: here the end of the turn is said in words
    expect(double.locator(".dos-tut-log")).to_contain_text("End of turn: only 1 card was left in the Center Row")
    expect(double.locator(".dos-tut-log")).not_to_contain_text("E2 refill")
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


def test_wild_card_declarations(page: Page, tutorials_url: str, artifacts: Path) -> None:
    open_page(page, tutorial(tutorials_url, 3))
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


def test_turn_stepper_bonus_order_and_colour_match(page: Page, tutorials_url: str, artifacts: Path) -> None:
    open_page(page, tutorial(tutorials_url, 5))
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


def test_dos_buttons_follow_the_rules(page: Page, tutorials_url: str, artifacts: Path) -> None:
    open_page(page, tutorial(tutorials_url, 6))
    call = page.locator(".dos-tut-example").nth(0)
    # P2 catches by itself here, so no button plays P2's part (it could never be pressed)
    expect(call.locator(".dos-tut-dos-help")).to_contain_text("Here P2 plays for real")
    expect(call.locator(".dos-tut-caught-by-P2")).to_have_count(0)
    expect(call.locator(".dos-tut-call")).to_have_text("DOS!")
    # three cards, and R7 on B7 would leave two: DOS! is enabled, to ride on that match (R11.4)
    expect(call.locator(".dos-tut-call")).to_be_enabled()
    click_cards(call, "R7", row=0)
    call.locator(".dos-tut-match").click()
    expect(call.locator(".dos-tut-call")).to_be_enabled()
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


# --- every exercise and every closing-check question, wrong then right ---------------------------------------------

#: per tutorial, its exercises in page order: (wrong answer, what the feedback says, right answer).
#: An answer is typed into a text box, or clicked among the options.
EXERCISES: dict[int, list[tuple[str, str, str]]] = {
    1: [("P1", "A Wild # counts 0 when you draw for dealer", "P4"),
        ("80", "Start with 108 cards", "78")],
    2: [("G3 B4", "G3+B4 adds up to 7, but Y10 needs 10 (R4.2)", "Y9 + R1"),
        ("Yes: 1 + 3 + 3 = 7", "a match uses exactly one or two cards",
         "No: a match uses one or two cards, never three")],
    3: [("5", "B3+Y# (played as 5) adds up to 8, but R7 needs 7", "4"),
        ("red", "the colours are not all the same", "blue")],
    4: [("Play R3 on Y3", "must use the drawn card (Y10); R3 does not (R7.2, rule option D2)",
         "Put Y10 into the Center Row")],
    5: [("2", "the refill comes before the bonus cards", "4"),
        ("E3 bonus cards, then E2 refill", "Refill first", "E2 refill, then E3 bonus cards")],
    6: [("At once", "find the step where P1 draws", "At the end of P1's turn (stage E5)"),
        ("P1 draws 2 penalty cards", "Only a call with exactly two cards counts", "Nothing happens")],
    7: [("80", "Add up the cards of P2 and P3", "82"),
        ("70", "Add up each hand on its own", "72")],
    8: [("E4 others draw", "Which cards join the row after that?", "E3 bonus cards")],
}

#: (tutorial, exercise index) → a second wrong option and what its own feedback says
OTHER_WRONG: dict[tuple[int, int], tuple[str, str]] = {
    (2, 1): ("No: the colours are wrong", "not because of the colours"),
}

#: per tutorial, its closing-check questions: (name, wrong answer, right answer)
QUIZ: dict[int, list[tuple[str, str, str]]] = {
    1: [("t1-deck", "96", "108"), ("t1-pile", "94", "92"), ("t1-dealer", "P1", "P2"), ("t1-first", "P1", "P4"),
        ("t1-turn", "Pass", "Draw a card")],
    2: [("t2-single", "B7", "R8"), ("t2-double", "Y4 + Y4", "R3 + B6"), ("t2-once", "Yes", "No"),
        ("t2-draw", "Yes", "No")],
    3: [("t3-wild-dos", "1", "2"), ("t3-wild-number", "3", "4"), ("t3-who", "The next player", "P1, who plays it"),
        ("t3-range", "10", "11")],
    4: [("t4-choose", "No", "Yes"), ("t4-how-many", "2", "1"),
        ("t4-place", "Draw another card", "Put one card into the Center Row"), ("t4-out", "Yes", "No")],
    5: [("t5-double", "One bonus card", "One bonus card, and every other player draws one"),
        ("t5-mixed", "One bonus card", "Nothing extra"), ("t5-two", "1", "2"), ("t5-order", "2", "3")],
    6: [("t6-two", "3", "2"), ("t6-penalty", "1", "2"), ("t6-when", "At once", "At the end of my turn (stage E5)"),
        ("t6-again", "Nothing: nobody can catch you twice in a round", "Call DOS again")],
    7: [("t7-points", "40", "45"), ("t7-wild-dos", "40", "20"), ("t7-target", "100 points", "200 points or more"),
        ("t7-over", "No: the game goes on", "Yes: P1 wins the game")],
    8: [("t8-never", "Drawing although you could match", "A match with three cards"), ("t8-once", "2", "1"),
        ("t8-called", "Yes", "No"), ("t8-wild", "20", "40")],
}

OPTION_IDENTIFIERS = sorted({name for name in RULE_OPTIONS if "_" in name} | {
    value for option in RULE_OPTIONS.values() for value in option.value_labels if "_" in value})
PYTHON_ON_PAGE = re.compile(r"[\[\]{}]|\bTrue\b|\bFalse\b|\bNone\b(?! of\b)|\bnp\.|Traceback|<Round |0x[0-9a-f]{6}")


def answer_exercise(exercise: Locator, answer: str) -> None:
    text_box = exercise.locator(".dos-tut-answer input[type=text]")
    if text_box.count():
        text_box.fill(answer)
    else:
        exercise.locator(".dos-tut-answer label").filter(has_text=re.compile(f"^{re.escape(answer)}$")).click()
    exercise.locator(".dos-tut-check").click()


def answer_question(question: Locator, answer: str) -> None:
    box = question.locator(".dos-answer-input input")
    if box.count():
        box.fill(answer)
        question.locator(".dos-check").click()
    else:
        question.locator(".widget-toggle-button").filter(has_text=re.compile(f"^{re.escape(answer)}$")).click()


@pytest.mark.parametrize("number", range(1, 9))
def test_every_exercise_and_the_closing_check_wrong_then_right(page: Page, tutorials_url: str, artifacts: Path,
                                                               number: int) -> None:
    open_page(page, tutorial(tutorials_url, number))
    exercises = page.locator(".dos-tut-exercise")
    expect(exercises).to_have_count(len(EXERCISES[number]))
    for index, (wrong, says, right) in enumerate(EXERCISES[number]):
        exercise = exercises.nth(index)
        exercise.scroll_into_view_if_needed()
        feedback = exercise.locator(".dos-tut-feedback")
        answer_exercise(exercise, wrong)
        expect(feedback).to_contain_text("Not yet.")
        expect(feedback).to_contain_text(says)
        if (number, index) in OTHER_WRONG:
            other, other_says = OTHER_WRONG[number, index]
            answer_exercise(exercise, other)
            expect(feedback).to_contain_text(other_says)
        if len(right) > 2:
            expect(feedback).not_to_contain_text(right)  # a wrong try does not give the answer away
        answer_exercise(exercise, right)
        expect(feedback).to_contain_text("Right!")
        expect(exercise.locator(".dos-tut-solution")).to_be_empty()  # the solution only on request
    shot(exercises.last, artifacts, f"tutorial-{number:02d}-last-exercise.png")

    quiz = page.locator(".dos-tut-quiz")
    expect(quiz).to_have_count(1)
    questions = quiz.locator(".dos-question")
    expect(questions).to_have_count(len(QUIZ[number]))
    score = quiz.locator(".dos-quiz-score")
    total = len(QUIZ[number])
    expect(score).to_contain_text(f"Score: 0 of {total} right")
    for done, (name, wrong, right) in enumerate(QUIZ[number]):
        question = quiz.locator(f".dos-q-{name}")
        feedback = question.locator(".dos-feedback")
        answer_question(question, wrong)
        expect(feedback).to_contain_text("Not")
        expect(feedback).not_to_contain_text("Right!")
        answer_question(question, right)
        expect(feedback).to_contain_text("Right!")
        expect(score).to_contain_text(f"Score: {done + 1} of {total} right (0 at the first try)")
    expect(score).to_contain_text(f"Well done — you have finished tutorial {number}!")
    rule_link = quiz.locator(".dos-feedback a[href^='../docs/rules.md#r']")  # rule numbers are links
    expect(rule_link.first).to_be_visible()
    shot(quiz, artifacts, f"tutorial-{number:02d}-closing-check.png")

    text = page.locator("body").inner_text()
    found = PYTHON_ON_PAGE.search(text)
    assert found is None, text[max(0, found.start() - 120):found.end() + 60]
    for identifier in OPTION_IDENTIFIERS:
        assert identifier not in text, identifier
    if number < 5:  # the stages E1 … E6 are taught in tutorial 5
        for line in text.splitlines():
            assert not re.search(r"\bE[1-6]\b", line) or "tutorial 5" in line, line
