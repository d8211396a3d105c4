"""The five probability lessons as Voila pages in headless Chromium, used as a student would: guesses are
locked in, every exercise and quiz question is answered wrong and then right by typing or clicking, a
simulation is run again, and the page shows no Python, no option identifiers and no errors.
Screenshots go to ``test-artifacts/``."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from page_waits import FIRST
from playwright.sync_api import Locator, Page, expect

from conftest import serve_notebook

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

LESSONS = Path(__file__).resolve().parents[1] / "notebooks"
expect.set_options(timeout=20_000)  # each answer is a round trip to a kernel on a shared, busy machine

# (question name, a wrong try, what the wrong feedback says, the right answer) — typed answers
TYPED = {
    "01-one-row-card.ipynb": [("1-hits_on_a_7", "8", "Count the 7s that are left", "15"),
                              ("1-one_card_hits_a_7", "1/2", "cards that work", "14,0 %"),
                              ("1-two_cards_miss_a_7", "(92/107)^2", "could not read", "8372 / 11342"),
                              ("1-wild_hash_one_card", "15/107", "Which cards can count", "100 %")],
    "02-easiest-row-card.ipynb": [("2-pairs_for_6", "5", "Go in order", " 9 "),
                                  ("2-double_on_w_two_cards", "0.5", "Which cards can be a 1", "190/5671"),
                                  ("2-pairs_for_5", "4", "pairs explorer", "7")],
    "03-two-row-cards.ipynb": [("3-naive_both", "0.5", "independent events", "0.803"),
                               ("3-expected_cleared", "1.7", "not precise enough", "1,71"),
                               ("3-exactly_one", "0.9", "split into two kinds", "22.5%")],
    "04-points-in-hand.ipynb": [("4-mean_points", "67", "not precise enough", "67.1"),
                                ("4-points_below_100", "11.9 %", "complement rule", "0.881")],
    "05-greedy-vs-random.ipynb": [("5-wilson_low_8_of_10", "0.6", "interval calculator", "49.0 %"),
                                  ("5-greedy_rate", "71", "wins ÷ games", "71/150")],
}
# (question name, a wrong option, the right option) — clicked answers
CLICKED = {
    "01-one-row-card.ipynb": [("quiz-1-1", "the deck is shuffled", "it is just one case"),
                              ("quiz-1-2", "exactly the same", "a little bigger")],
    "02-easiest-row-card.ipynb": [("2-easiest-number", "5", "10"),
                                  ("quiz-2-1", "there are too few 1s", "the smallest pair is 1 + 1 = 2"),
                                  ("quiz-2-2", "a 10", "a Wild #")],
    "03-two-row-cards.ipynb": [("quiz-3-1", "less", "more"),
                               ("quiz-3-2", "the two row cards share one hand",
                                "each card of the hand can be used in only one match")],
    "04-points-in-hand.ipynb": [("quiz-4-1", "no wild card", "exactly one Wild DOS"),
                                ("quiz-4-2", "about right", "far too small"),
                                ("quiz-4-3", "below", "above")],
    "05-greedy-vs-random.ipynb": [("5-better", "Yes: GreedyBot won fewer games", "No: 50 % is inside the interval"),
                                  ("5-games", "about 250", "about 2,400"),
                                  ("quiz-5-1", "a 95 % chance that GreedyBot wins",
                                   "the method: about 95 in 100 such intervals contain the true win rate"),
                                  ("quiz-5-2", "wider", "narrower")],
}
QUIZ_SIZE = 3
# what a student must never read: Python reprs, identifiers, errors
PYTHON = re.compile(r"[\[\]{}]|\bnp\.|\bTrue\b|\bFalse\b|\bNone\b|Traceback|Error\b|\b[a-z]+_[a-z_]+\b|0x[0-9a-f]{4,}")


@pytest.fixture(scope="module", params=sorted(TYPED))
def lesson(request: pytest.FixtureRequest) -> Iterator[tuple[str, str]]:
    for url in serve_notebook(LESSONS / request.param):
        yield request.param, url


def _question(page: Page, name: str) -> Locator:
    return page.locator(f".dos-q-{name}")


def _type(page: Page, name: str, text: str) -> Locator:
    question = _question(page, name)
    question.locator(".dos-answer-input input").fill(text)
    question.locator(".dos-check").click()
    return question.locator(".dos-feedback")


def _click(page: Page, name: str, option: str) -> Locator:
    question = _question(page, name)
    question.locator(".dos-choice").get_by_role("button", name=option, exact=True).click()
    return question.locator(".dos-feedback")


def test_a_student_can_do_every_exercise(page: Page, lesson: tuple[str, str], artifacts: Path) -> None:
    notebook, url = lesson
    stem = notebook.removesuffix(".ipynb")
    page.set_viewport_size({"width": 1100, "height": 1000})
    page.goto(url, wait_until="commit", timeout=FIRST)
    expect(page.locator(".dos-quiz-score")).to_be_visible(timeout=FIRST)
    expect(page.locator("h1").first).to_contain_text(f"Lesson {stem[1]}")
    expect(page.get_by_text(f"Lesson {stem[1]} of 5").first).to_be_visible()

    # guesses: the comparison waits for the guess, then shows it
    compare = page.locator(".dos-guess-compare").first
    expect(compare).to_contain_text("Lock in your guess")
    for guess in page.locator(".dos-guess").all():
        control = guess.locator(".dos-guess-control")
        if control.locator(".noUi-handle").count():
            control.locator(".noUi-handle").focus()
            page.keyboard.press("ArrowRight")
        else:
            control.get_by_role("button").first.click()
        guess.locator(".dos-lock").click()
        expect(guess.locator(".dos-guess-status")).to_contain_text("locked in")
    expect(compare).to_contain_text("Your guess")

    page.screenshot(path=str(artifacts / f"lesson-{stem}-top.png"))
    for name, wrong, says, right in TYPED[notebook]:
        feedback = _type(page, name, wrong)
        expect(feedback).to_contain_text(says)
        assert right.strip() not in feedback.inner_text()  # a hint never gives the answer away
        expect(_type(page, name, right)).to_contain_text("Right!")
    for name, wrong, right in CLICKED[notebook]:
        expect(_click(page, name, wrong)).to_contain_text("Not “")
        expect(_click(page, name, right)).to_contain_text("Right!")
    expect(page.locator(".dos-quiz-score")).to_contain_text(f"Score: {QUIZ_SIZE} of {QUIZ_SIZE} right")

    # "Show me" only on request: the worked answer of an unanswered box appears when asked
    first = TYPED[notebook][0][0]
    _question(page, first).locator(".dos-show").click()
    expect(_question(page, first).locator(".dos-feedback")).to_contain_text("The answer:")

    # run the simulation again with another size and seed: the progress bar fills and the result follows
    sim = page.locator(".dos-simulation").first
    size = 30 if stem.startswith("05") else 5000
    sim.locator(".dos-sim-size input").fill(str(size))
    sim.locator(".dos-sim-seed input").fill("7")
    sim.locator(".dos-sim-run").click()
    expect(sim.locator(".dos-sim-result")).to_contain_text(f"{size:,}" if size > 100 else f"{size} games",
                                                           timeout=60_000)
    expect(sim.locator(".dos-sim-run")).to_be_enabled(timeout=60_000)
    if stem.startswith("05"):
        # a long tournament plays in the background: the table fills in, and the student can stop it
        sim.locator(".dos-sim-size input").fill("2000")
        sim.locator(".dos-sim-run").click()
        expect(sim).to_contain_text("of 2,000 games played", timeout=60_000)
        expect(sim.locator(".dos-sim-run")).to_be_disabled()
        sim.get_by_role("button", name="Stop").click()
        expect(sim).to_contain_text("Stopped.", timeout=60_000)
        expect(sim.locator(".dos-sim-run")).to_be_enabled(timeout=60_000)
        caption = sim.locator(".dos-sim-result caption").inner_text()
        assert re.fullmatch(r"\d+ games?", caption) and caption != "2,000 games", caption
        sim.screenshot(path=str(artifacts / "lesson-05-stopped.png"))

    # Voila scrolls an inner panel: make the window as tall as the page to picture all of it
    tall = page.evaluate("Math.max(...Array.from(document.querySelectorAll('*'), e => e.scrollHeight))")
    page.set_viewport_size({"width": 1100, "height": min(int(tall) + 50, 16_000)})
    page.screenshot(path=str(artifacts / f"lesson-{stem}.png"))

    # printing gives the whole lesson, not the first screen of it
    page.emulate_media(media="print")
    pdf = page.pdf(format="A4")
    (artifacts / f"lesson-{stem}.pdf").write_bytes(pdf)
    assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) >= 3
    text = page.locator("body").inner_text()
    assert page.locator("[data-mime-type='application/vnd.jupyter.stderr']").count() == 0
    found = PYTHON.findall(text)
    assert not found, f"Python on the page: {found[:10]}"
