"""The lessons' teacher notes: every note has its sections, and the numbers it states are the exact ones."""

from __future__ import annotations

from math import comb
from pathlib import Path

import pytest

from dos_lab import probability as P
from dos_lab.simulate import wilson_interval

TEACHER = Path(__file__).resolve().parent.parent / "docs" / "teacher"
SECTIONS = ("**Learning goal**", "**Age**", "**Time**", "**Prerequisites**", "## The model and the key numbers",
            "## Common mistakes", "## Answers")


@pytest.mark.parametrize("number", range(1, 6))
def test_every_lesson_note_has_its_sections_and_is_indexed(number: int) -> None:
    note = TEACHER / f"lesson-{number:02d}.md"
    text = note.read_text()
    for section in SECTIONS:
        assert section in text, f"{note.name} lacks {section}"
    assert f"(lesson-{number:02d}.md)" in (TEACHER / "README.md").read_text()


def percent(x: float) -> str:
    return f"{100 * x:.1f} %"


def test_lesson_1_numbers_are_the_stated_model() -> None:
    text = (TEACHER / "lesson-01.md").read_text()
    assert percent(float(P.p_single_match(7, exclude_target=True))) == "66.4 %" and "66.4 %" in text
    assert percent(1 - comb(92, 7) / comb(107, 7)) == "66.4 %"
    assert percent(15 / 107) in text and percent(92 / 107 * 91 / 106) in text


def test_lesson_5_interval_is_wilson() -> None:
    text = (TEACHER / "lesson-05.md").read_text()
    low, high = wilson_interval(71, 150)
    assert f"{percent(low)[:-2]} %–{percent(high)}" in text
    assert percent(wilson_interval(8, 10)[0]) in text


@pytest.mark.parametrize(("number", "name"), [(1, "lesson-01-hits"), (2, "lesson-02-any-match"), (3, "lesson-03-both"),
                                              (4, "lesson-04-100-points")])
def test_the_class_experiment_section_states_the_experiment_s_numbers(number: int, name: str) -> None:
    from dos_lab.classroom.experiments import experiment

    text = (TEACHER / f"lesson-{number:02d}.md").read_text()
    section = text[text.index("## Class experiment"):text.index("## To talk about")]
    e = experiment(name)
    p = float(e.exact)
    assert f"**{percent(p)}**" in section
    for n in (e.size, 30 * e.size):  # the half-width of a 95 % interval for one student, and for a class of 30
        assert f"±{1.959964 * (p * (1 - p) / n) ** 0.5 * 100:.1f}" in section
