"""What the probability lessons state, checked against the exact functions, the sampler and the rules.

Each test reads the committed notebooks (their prose and their stored outputs) and recomputes the claim."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from dos_lab import lessons as L
from dos_lab import probability as P
from dos_lab.bots import GreedyBot, TacticianBot
from dos_lab.cards import Kind, full_deck
from dos_lab.simulate import SerialExecutor, play_games, wilson_interval

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
LESSONS = sorted(NOTEBOOKS.glob("0[1-5]-*.ipynb"))


def _cells(notebook: Path) -> list[dict[str, Any]]:
    cells: list[dict[str, Any]] = json.loads(notebook.read_text())["cells"]
    return cells


def _prose(notebook: Path) -> str:
    return "\n".join("".join(c["source"]) for c in _cells(notebook) if c["cell_type"] == "markdown")


def _shown(notebook: Path) -> str:
    """Every HTML output the page shows, as text."""
    parts = []
    for cell in _cells(notebook):
        for output in cell.get("outputs", []):
            if "text/html" in output.get("data", {}):
                parts.append(re.sub(r"<[^>]+>", " ", "".join(output["data"]["text/html"])))
    return re.sub(r"\s+", " ", " ".join(parts))


def _lesson(n: int) -> Path:
    return LESSONS[n - 1]


def test_there_are_five_lessons() -> None:
    assert [p.name[:2] for p in LESSONS] == ["01", "02", "03", "04", "05"]


# --- lesson 1: one model, stated, and every number from it -----------------------------------------------------


def test_lesson_1_states_its_model_and_its_headline_number_is_that_model() -> None:
    prose, shown = _prose(_lesson(1)), _shown(_lesson(1))
    assert "other 107 cards" in prose
    model = P.p_single_match(7, exclude_target=True)
    assert L.percent(model) == "66.4 %"
    assert f"At least one hits: {L.percent(model)}" in shown
    assert f"single match on the 7: {L.percent(model)} — the same as the complement rule" in shown
    # the other model appears only in the table that compares the two
    assert shown.count(L.percent(P.p_single_match(7))) == 1


def test_lesson_1_counts_the_hits_from_the_deck() -> None:
    deck = full_deck()
    can_be_7 = [c for c in deck if c.number == 7 or c.kind is Kind.WILD_NUMBER]
    hits = len(can_be_7) - 1  # the row's 7 is not in the deck the hand comes from
    assert hits == 15 and len(deck) - 1 - hits == 92
    prose = _prose(_lesson(1))
    assert "7 + 8 = **15** hit and **92** miss" in prose
    assert L.EXERCISES["1.hits_on_a_7"].answer == hits


def test_lesson_1_checkers_and_simulation_use_the_stated_model() -> None:
    assert L.EXERCISES["1.one_card_hits_a_7"].answer == P.p_single_match(7, 1, exclude_target=True)
    assert L.EXERCISES["1.two_cards_miss_a_7"].answer == 1 - P.p_single_match(7, 2, exclude_target=True)
    sources = "".join("".join(c["source"]) for c in _cells(_lesson(1)) if c["cell_type"] == "code")
    assert 'run_simulation("single_match", exact, v=7, exclude_target=True' in sources
    outcomes = L.simulate_chance("single_match", 20_000, 1, v=7, exclude_target=True)
    low, high = wilson_interval(int(outcomes.sum()), len(outcomes))
    assert low <= float(P.p_single_match(7, exclude_target=True)) <= high
    assert not low <= float(P.p_single_match(7)) <= high  # the other model is told apart by the simulation


def test_lesson_1_with_and_without_putting_back() -> None:
    shown = _shown(_lesson(1))
    assert f"putting each card back {L.percent(1 - Fraction(92, 107) ** 7)}" in shown
    assert 1 - Fraction(92, 107) ** 7 < P.p_single_match(7, exclude_target=True)  # "a little more likely to hit"


# --- lesson 2 -------------------------------------------------------------------------------------------------


def test_lesson_2_table_and_exercises_use_the_same_model() -> None:
    shown = _shown(_lesson(2))
    for label, single, double, anything in L.row_card_table():
        assert f"{label} {single} {double} {anything}" in shown
    assert L.EXERCISES["2.double_on_w_two_cards"].answer == P.p_double_match("W", 2, exclude_target=True)
    assert P.p_any_match("#", exclude_target=True) == 1  # "every card in your hand can match a Wild #"


@pytest.mark.parametrize("value", [5, 6])
def test_lesson_2_pair_counts_and_their_worked_lists(value: int) -> None:
    pairs = P.pair_combinations(value)
    exercise = L.EXERCISES[f"2.pairs_for_{value}"]
    assert exercise.answer == len(pairs)
    listed = exercise.explain.split(" — ")[0].replace("and with a Wild #: ", "")
    assert len(listed.split(", ")) == len(pairs)
    assert f"{len(pairs)} kinds" in exercise.explain


def test_lesson_2_single_match_drops_from_5_to_6_as_the_deck_says() -> None:
    per_colour = {n: sum(1 for c in full_deck() if c.number == n and c.color is not None) // 4 for n in range(1, 11)}
    assert [per_colour[n] for n in (1, 3, 4, 5)] == [3, 3, 3, 3]
    assert [per_colour[n] for n in range(6, 11)] == [2] * 5
    assert P.p_single_match(5, exclude_target=True) > P.p_single_match(6, exclude_target=True)


# --- lesson 3: the two effects, with numbers from the exact functions ------------------------------------------


def test_lesson_3_separates_the_two_effects() -> None:
    p_one = L.one_row_card_chance()
    independent_both, reusing_both, real_both = p_one ** 2, 2 * p_one - P.p_can_match(), P.p_match_both()
    assert (round(float(independent_both), 4), round(float(reusing_both), 4), round(float(real_both), 4)) == (
        0.803, 0.8238, 0.7431)
    assert independent_both < reusing_both  # sharing the hand alone raises "both"
    assert real_both < reusing_both  # using each card once lowers it
    prose, shown = _prose(_lesson(3)), _shown(_lesson(3))
    for number in (independent_both, reusing_both, real_both, 1 - (1 - p_one) ** 2, P.p_can_match()):
        assert L.percent(number, 2) in prose and L.percent(number, 2) in shown
    assert "up** (80.30 % → 82.38 %)" in prose and "from 82.38 % to **74.31 %**" in prose


def test_lesson_3_one_row_card_chance_weights_every_card_once() -> None:
    weights = {v: c.count for v, c in zip(L.ROW_VALUES, P.VALUE_CLASSES, strict=True)}
    assert sum(weights.values()) == 108 and weights["W"] == 12 and weights["#"] == 8
    assert L.one_row_card_chance() == sum((Fraction(n, 108) * P.p_any_match(v, exclude_target=True)
                                          for v, n in weights.items()), Fraction(0))


def test_lesson_3_explorer_table_equals_the_exact_functions() -> None:
    for hand, (one, both, scm, dcm) in L.TWO_ROW_CHANCES.items():
        assert one == float(P.p_can_match(hand)) and both == float(P.p_match_both(hand))
        assert scm == float(P.p_single_colour_match(hand)) and dcm == float(P.p_double_colour_match(hand))
    assert sorted(L.TWO_ROW_CHANCES) == list(range(1, P.MAX_BOTH_HAND + 1))


# --- lesson 4: the bumps, the mean and median, the bell curve --------------------------------------------------


def _share(total: int, key: tuple[int, int]) -> Fraction:
    return L.hand_points_by_wilds(7)[key].get(total, Fraction(0)) / P.hand_points_pmf(7)[total]


def test_lesson_4_split_by_wild_cards_adds_up_to_the_distribution() -> None:
    for n in (1, 3, 7):
        added: dict[int, Fraction] = {}
        for group in L.hand_points_by_wilds(n).values():
            for points, chance in group.items():
                added[points] = added.get(points, Fraction(0)) + chance
        assert added == P.hand_points_pmf(n)


def test_lesson_4_bumps_are_what_the_lesson_says() -> None:
    pmf, split = P.hand_points_pmf(7), L.hand_points_by_wilds(7)
    peaks = [p for p in pmf if pmf[p] >= pmf.get(p - 1, 0) and pmf[p] >= pmf.get(p + 1, 0) and pmf[p] > 0.01]
    assert peaks == [50, 70]
    no_wild = split[0, 0]
    assert max(no_wild, key=no_wild.__getitem__) == 38
    assert max(split, key=lambda k: _share(50, k)) == (1, 0)
    assert max(split, key=lambda k: _share(70, k)) == (0, 1)
    prose = _prose(_lesson(4))
    assert f"about {L.percent(sum(no_wild.values()), 0)} of hands) centre near **38**" in prose
    assert f"mostly ({L.percent(_share(50, (1, 0)), 0)}) hands with **exactly one Wild DOS**" in prose
    assert f"**one Wild #** ({L.percent(_share(70, (0, 1)), 0)})" in prose
    assert f"**two Wild DOS** ({L.percent(_share(70, (2, 0)), 0)})" in prose
    assert "first bump is hands with no wild card" not in prose


def test_lesson_4_mean_median_and_normal_approximation() -> None:
    pmf, mean = P.hand_points_pmf(7), P.expected_hand_points(7)
    prose = _prose(_lesson(4))
    assert f"**average** ({float(mean):.1f})" in prose and f"**median** ({L.median(pmf)})" in prose
    assert "continuity correction" in prose and "k − ½" in prose
    sd = float(sum(q * (p - mean) ** 2 for p, q in pmf.items())) ** 0.5

    def both(limit: int) -> tuple[str, str]:
        exact = sum((q for p, q in pmf.items() if p >= limit), Fraction(0))
        return L.percent(exact), L.percent(L.normal_tail(float(mean), sd, limit))

    assert both(60) == ("56.0 %", "61.6 %")
    assert "it says 61.6 % where the exact chance is 56.0 %" in prose
    assert f"close ({both(40)[1]} against {both(40)[0]})" in prose
    assert "good picture near the middle" not in prose
    tail = sum((q for p, q in pmf.items() if p >= 180), Fraction(0))
    assert f"{float(tail) / L.normal_tail(float(mean), sd, 180):.0f} times" in prose


# --- lesson 5: a close contest and what "95 %" means -----------------------------------------------------------


def test_lesson_5_tournament_is_close_and_its_numbers_are_the_games() -> None:
    records = play_games([GreedyBot, TacticianBot], 150, seed=2024, executor=SerialExecutor())
    wins = sum(1 for r in records if r.winner == 0)
    low, high = wilson_interval(wins, 150)
    assert low < 0.5 < high  # an even contest fits: the interval demonstration is not degenerate
    prose, shown = _prose(_lesson(5)), _shown(_lesson(5))
    assert f"({L.percent(low)} to {L.percent(high)}) contains **50 %**" in prose
    assert f"GreedyBot {wins} 150 {L.percent(wins / 150)} {L.percent(low)} to {L.percent(high)}" in shown
    assert L.EXERCISES["5.greedy_rate"].answer == Fraction(wins, 150)
    assert "95 in every 100 of those intervals would contain the true win rate" in prose


# --- every lesson: the page a student reads ------------------------------------------------------------------

PYTHON_IN_PROSE = re.compile(r"`|\b[a-z]+_[a-z_]+\b|\bTrue\b|\bFalse\b|\bNone\b")


@pytest.mark.parametrize("notebook", LESSONS, ids=lambda p: p.stem)
def test_each_lesson_has_goal_guidance_navigation_and_a_closing_quiz(notebook: Path) -> None:
    n = int(notebook.name[:2])
    first = "".join(_cells(notebook)[0]["source"])
    assert first.startswith(f"# Lesson {n} — ")
    assert f"**Lesson {n} of 5**" in first and "**Learning goal:**" in first and "How to use this page" in first
    lab = _cells(notebook)[1]  # the note for JupyterLab readers: a cell of its own, which the site leaves out
    assert "Run All Cells" in "".join(lab["source"]) and lab["metadata"].get("tags") == ["jupyterlab-only"]
    links = re.findall(r"\]\(([^)]+\.ipynb)\)", first)
    expected = [LESSONS[i].name for i in (n - 2, n) if 0 <= i < len(LESSONS)]
    assert links == expected
    assert all((NOTEBOOKS / link).exists() for link in links)
    code = [c for c in _cells(notebook) if c["cell_type"] == "code"]
    assert "Quiz([" in "".join(code[-1]["source"])


@pytest.mark.parametrize("notebook", LESSONS, ids=lambda p: p.stem)
def test_no_python_on_the_page(notebook: Path) -> None:
    assert not PYTHON_IN_PROSE.findall(_prose(notebook))
    for cell in _cells(notebook):
        source = "".join(cell["source"])
        if cell["cell_type"] == "code" and source.startswith(("# page setup", "# NBVAL_IGNORE_OUTPUT\n# page setup")):
            assert cell["metadata"].get("jupyter", {}).get("source_hidden") is True
        for output in cell.get("outputs", []):
            assert output["output_type"] in ("display_data", "execute_result"), source  # no prints, no errors
            assert set(output["data"]) & {"text/html", "image/png", "application/vnd.jupyter.widget-view+json"}
            if "text/html" in output["data"]:
                html_text = re.sub(r"<style>.*?</style>", "", "".join(output["data"]["text/html"]), flags=re.S)
                assert not re.search(r"\b(True|False|None)\b|np\.|\[|\{", re.sub(r"<[^>]+>", "", html_text))


@pytest.mark.parametrize("name", sorted(L.EXERCISES))
def test_hints_do_not_give_the_answer_away(name: str) -> None:
    exercise = L.EXERCISES[name]
    answer = exercise.answer
    spelled = {L.percent(answer), f"{answer.numerator}/{answer.denominator}", f"{float(answer):.3f}"}
    if answer.denominator == 1:
        spelled.add(f" {answer.numerator} ")
    assert not [s for s in spelled if s in f" {exercise.hint} "]
