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
