"""Issue 19, item 3: every instruction a tutorial gives for a playable example can be followed.

Each playable example lists what its text asks the reader to try (``instructions=[("end turn", "R3.1"), …]``:
a script line and the rule the engine's refusal must cite, or None when the engine takes the move). This test
runs every tutorial in every language, keeps each example it builds, and plays the instructions through the
example's buttons, as a student clicks: it fails when the button an instruction needs cannot be pressed at that
moment (the report found nine such instructions, "press End turn first" among them), or when the engine's answer
differs from what the text says it will be.
"""

from __future__ import annotations

import contextlib
import io
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import nbformat
import pytest

import dos_lab.tutorials as tutorial_helpers
import dos_lab.widgets.tutorial as tutorial_widgets
from dos_lab.i18n import language

ROOT = Path(__file__).resolve().parents[1]
LANGUAGES = ("en", "pl", "cs", "ru", "af")
SOURCES = sorted((ROOT / "tutorials").glob("[0-9][0-9]-*.ipynb"))


def notebook(lang: str, source: Path) -> Path:
    return source if lang == "en" else source.parent / lang / source.name


@contextlib.contextmanager
def recorded_examples() -> Iterator[list[Any]]:
    """Every PlayableExample the cells build, in order."""
    made: list[Any] = []
    original = tutorial_widgets.PlayableExample

    class Recorded(original):  # type: ignore[misc, valid-type]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            made.append(self)

    # the pages take it from dos_lab.tutorials, which has it from the widgets
    tutorial_widgets.PlayableExample = tutorial_helpers.PlayableExample = Recorded  # type: ignore[misc]
    try:
        yield made
    finally:
        tutorial_widgets.PlayableExample = tutorial_helpers.PlayableExample = original  # type: ignore[misc]


def examples_of(path: Path) -> list[Any]:
    """Run the notebook's code cells in its folder (which sets its language) and return its examples."""
    nb = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
    here = os.getcwd()
    with recorded_examples() as made, contextlib.redirect_stdout(io.StringIO()):
        os.chdir(path.parent)
        try:
            scope: dict[str, Any] = {"__name__": "__main__"}
            for cell in nb.cells:
                if cell.cell_type == "code":
                    exec(compile(cell.source, f"{path.name}", "exec"), scope)
        finally:
            os.chdir(here)
    return made


def follow(example: Any) -> list[str]:
    """Play the example's instructions from its start; what went wrong, one line each."""
    wrong: list[str] = []
    example.reset()
    for step in example.model.instructions:
        if not example.press(step.line):
            wrong.append(f"{step.line!r}: its button cannot be pressed now ({example.status_text!r})")
            break
        kind = example.model.status[0]
        said = example.status_text
        if step.refused is not None and (kind != "bad" or step.refused not in said):
            wrong.append(f"{step.line!r}: expected a refusal citing {step.refused}, the page says {said!r}")
        if step.refused is None and kind == "bad":
            wrong.append(f"{step.line!r}: expected the move to be taken, the page refuses: {said!r}")
    return wrong


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.name[:2])
def test_every_instruction_of_every_example_can_be_followed(source: Path, lang: str) -> None:
    path = notebook(lang, source)
    with language(lang):
        examples = examples_of(path)
        assert examples, f"{path.name} builds no playable example"
        problems = {f"example {n} ({ex.model.goal[:50]!r})": follow(ex) for n, ex in enumerate(examples, 1)}
    assert {where: wrong for where, wrong in problems.items() if wrong} == {}


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.name[:2])
def test_every_example_lists_what_its_text_asks_for(source: Path) -> None:
    with language("en"):
        examples = examples_of(source)
    assert [n for n, ex in enumerate(examples, 1) if not ex.model.instructions] == []


def test_an_instruction_to_press_a_greyed_out_button_is_caught() -> None:
    """The check can fail: after a draw whose card cannot match, Draw is greyed out (R7.1)."""
    from dos_lab import Round

    example = tutorial_widgets.PlayableExample(
        Round.from_position(hands=["G1 B3 Y3 R10", "Y1 Y5 B8"], center_row="R7 B9", draw_pile="Y5 G4 R1"),
        goal="", instructions=[("draw", None), ("draw", "R7.1")])
    assert follow(example) and "cannot be pressed" in follow(example)[0]


def test_an_answer_other_than_the_text_says_is_caught() -> None:
    from dos_lab import Round

    example = tutorial_widgets.PlayableExample(
        Round.from_position(hands=["G1 B3 Y3 R10", "Y1 Y5 B8"], center_row="R7 B9", draw_pile="Y5 G4 R1"),
        goal="", instructions=[("end turn", "R4.2")])
    assert "expected a refusal citing R4.2" in follow(example)[0]


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.name[:2])
def test_show_me_reaches_every_goal(source: Path) -> None:
    """"Show me" plays the example's solution: it must be a way to the goal, as the page promises."""
    with language("en"):
        examples = examples_of(source)
        missed = []
        for n, ex in enumerate(examples, 1):
            model = ex.model
            if model.solution is None or model._check is None:
                continue
            model.show_solution()
            if not model.reached:
                missed.append(f"example {n} ({model.goal[:50]!r}): {model.status[1][:200]!r}")
    assert missed == []
