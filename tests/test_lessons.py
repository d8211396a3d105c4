"""The lessons' widgets without a browser: answer boxes read what students type, hints never show Python,
guesses are locked before the reveal, quizzes keep score, explorers and simulations answer."""

from __future__ import annotations

import re
from fractions import Fraction

import numpy as np
import pytest

from dos_lab import lessons as L
from dos_lab import probability as P
from dos_lab.widgets.answers import AnswerBox, ChoiceBox, Guess, Quiz, read_number

PYTHON = re.compile(r"\bnp\.|int64|\bTrue\b|\bFalse\b|\bNone\b|Traceback|invalid literal|\[|\{")


@pytest.mark.parametrize(("typed", "value"), [
    ("16", 16), (" 1 6 ", 16), ("3/4", Fraction(3, 4)), ("3 / 4", Fraction(3, 4)), ("66.4 %", Fraction(664, 1000)),
    ("66,4%", Fraction(664, 1000)), ("0,664", Fraction(664, 1000)), (".5", Fraction(1, 2)), ("\u22122", -2),
    ("1.5/3", Fraction(1, 2)),
])
def test_read_number_reads_what_students_type(typed: str, value: Fraction | int) -> None:
    assert read_number(typed) == value


@pytest.mark.parametrize("typed", ["", "abc", "1/0", "3/4/5", "1.2.3", "%", "2^3", "1e5", "True"])
def test_read_number_refuses_what_is_not_a_number(typed: str) -> None:
    with pytest.raises(ValueError):
        read_number(typed)


def test_a_chance_typed_as_a_plain_percentage_is_read_as_one() -> None:
    assert read_number("66.4", chance=True) == read_number("0.664")
    assert read_number("0.664", chance=True) == Fraction(83, 125)


def _chance_box() -> AnswerBox:
    return AnswerBox("q", Fraction(15, 107), kind="chance", hint="How many cards work?", explain="15/107.")


@pytest.mark.parametrize("typed", ["15/107", "0.140", "14.0 %", "14,0%", "14.02", "0,1402"])
def test_a_chance_is_right_in_every_spelling(typed: str) -> None:
    box = _chance_box()
    box.submit(typed)
    assert box.right and box.feedback_text().startswith("Right!")


def test_wrong_tries_get_a_hint_and_rounded_tries_are_asked_for_precision() -> None:
    box = _chance_box()
    box.submit("0.5")
    assert box.feedback_text() == "Not yet. How many cards work?" and not box.right
    box.submit("14 %")  # 14.02 % to the precision asked for
    assert box.right
    both_miss = AnswerBox("q", Fraction(92 * 91, 107 * 106), kind="chance", hint="h", explain="e")
    both_miss.submit("74 %")
    assert both_miss.feedback_text().startswith("Close, but not precise enough. Type a chance as a fraction")
    both_miss.submit("0.739")  # (92/107) squared, the classic mistake, is wrong, not "close"
    assert both_miss.feedback_text() == "Not yet. h"
    mean = AnswerBox("q", P.expected_hand_points(7), kind="number", decimals=1, hint="h", explain="e")
    mean.submit("67")
    assert "1 decimal place" in mean.feedback_text()
    mean.submit("67.1")
    assert mean.right


def test_feedback_never_shows_python() -> None:
    box = _chance_box()
    for typed in ["abc", "", "np.int64(16)", "[1]", "True"]:
        box.submit(typed)
        assert not PYTHON.search(box.feedback_text().replace(typed, "")), box.feedback_text()
    assert "could not read" in box.feedback_text()


def test_show_me_only_on_request_and_it_does_not_count_as_right() -> None:
    box = _chance_box()
    assert box.feedback_text() == ""
    box.show_button.click()
    assert box.feedback_text() == "The answer: 15/107."
    box.submit("15/107")
    assert not box.right  # shown first: not scored


def test_check_accepts_numpy_numbers_and_fractions() -> None:
    assert L.check("2.pairs_for_6", np.int64(len(P.pair_combinations(6))))
    assert L.check("1.one_card_hits_a_7", Fraction(15, 107))
    assert not L.check("1.hits_on_a_7", np.float64(16.0))


def test_choice_and_quiz_keep_score() -> None:
    first = ChoiceBox("q1", ["a", "b"], "a", hint="think", explain="a it is.", name="one")
    second = L.exercise("2.pairs_for_5")
    quiz = Quiz([first, second])
    assert quiz.score_text() == "Score: 0 of 2 right"
    first.buttons.value = "b"
    assert first.feedback_text() == "Not “b”. think"
    first.buttons.value = "a"
    second.submit("7")
    assert quiz.score_text().startswith("Score: 2 of 2 right (1 at the first try). Well done")


def test_a_guess_is_locked_before_the_reveal() -> None:
    guess = Guess("q")
    line = guess.compare(Fraction(2, 3), what="The exact chance")
    assert "Lock in your guess" in line.value
    guess.control.value = 50
    guess.lock.click()
    assert guess.control.disabled and guess.value == 50
    assert "Your guess: <b>50 %</b>. The exact chance: <b>66.7 %</b>. You were 16.7 percentage points too low." \
        in line.value
    choice = Guess("q", kind="choice", options=["1", "10"])
    choice.lock.click()
    assert "Pick one" in choice.status.value and choice.value is None


def test_explorers_answer_with_tables_and_pictures() -> None:
    one = L.explore_one_row_card()
    row_card, hand_size = one.children[0].children
    answer = one.children[1].children[0]
    assert "66.4 %" in answer.value and "<table" in answer.value and "dos-card" in answer.value
    hand_size.value = 1
    assert L.percent(P.p_single_match(7, 1, exclude_target=True)) in answer.value
    row_card.value = "#"
    assert "Row card Wild #" in answer.value
    pairs = L.explore_pairs()
    pairs.children[0].children[0].value = 1
    assert "No pair of cards adds up to 1" in pairs.children[1].children[0].value
    two = L.explore_two_row_cards()
    two.children[0].children[0].value = 12
    assert L.percent(L.TWO_ROW_CHANCES[12][1]) in two.children[1].children[0].value
    points = L.explore_points()
    first = bytes(points.children[1].children[0].value)
    assert first.startswith(b"\x89PNG")
    points.children[0].children[0].value = 3
    assert bytes(points.children[1].children[0].value) != first


def test_wilson_calculator_refuses_impossible_counts() -> None:
    calc = L.explore_wilson()
    wins, games = calc.children[0].children
    wins.value, games.value = 8, 10
    assert "49.0 %" in calc.children[1].children[0].value
    wins.value = 11
    assert "cannot win more games" in calc.children[1].children[0].value


def test_a_simulation_runs_again_with_size_and_seed() -> None:
    box = L.run_simulation("single_match", P.p_single_match(7, exclude_target=True), v=7, exclude_target=True,
                           n=3000, seed=1, title="t", label="share")
    size, seed, run = box.children[0].children
    bar, result = box.children[1], box.children[2]
    assert bar.value == bar.max == 3000 and "of 3,000 hands could match" in result.value
    first = result.value
    seed.value = 2
    run.click()
    assert result.value != first and "of 3,000 hands" in result.value
    size.value = 4500
    run.click()
    assert bar.value == bar.max == 4500 and "of 4,500 hands" in result.value


def test_wilson_band_equals_the_single_interval() -> None:
    from dos_lab.simulate import wilson_interval

    wins, games = np.array([0.0, 3.0, 10.0]), np.array([10.0, 10.0, 10.0])
    low, high = L.wilson_band(wins, games)
    for i in range(3):
        assert (low[i], high[i]) == pytest.approx(wilson_interval(int(wins[i]), 10))
