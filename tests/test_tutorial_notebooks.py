"""The rule tutorials are committed executed and tidy and cover the rules (strict nbval runs them:
``--nbval`` is in the pytest options, with ``tutorials/`` among the test paths)."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

TUTORIALS = Path(__file__).resolve().parents[1] / "tutorials"
NOTEBOOKS = sorted(TUTORIALS.glob("[0-9][0-9]-*.ipynb"))


def test_there_are_eight_tutorials() -> None:
    assert [p.name[:2] for p in NOTEBOOKS] == ["01", "02", "03", "04", "05", "06", "07", "08"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_is_executed_and_tidy(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    assert nb.metadata.kernelspec.name == "python3"
    assert "widgets" not in nb.metadata
    code = [c for c in nb.cells if c.cell_type == "code"]
    for cell in code:
        assert "execution" not in cell.metadata
        assert cell.execution_count is not None, cell.source[:60]
        assert not any(o.output_type == "error" for o in cell.outputs), cell.source[:60]
        live = re.search(r"^(PlayableExample|Exercise|TurnStepper|play)\(", cell.source, re.M)
        if live:
            assert cell.source.startswith("# NBVAL_IGNORE_OUTPUT"), cell.source[:60]
    sources = "\n".join(c.source for c in code)
    assert sources.count("PlayableExample(") >= 2, "at least two playable examples"
    assert "Exercise(" in sources, "at least one exercise"
    assert not re.search(r"Round\.deal\((?![^)]*seed=)", sources), "every deal has an explicit seed"


def test_every_rule_r1_to_r13_is_taught_and_mapped() -> None:
    text = "\n".join(c.source for p in NOTEBOOKS for c in nbformat.read(p, as_version=4).cells
                     if c.cell_type == "markdown")
    readme = (TUTORIALS / "README.md").read_text()
    for rule in range(1, 14):
        assert re.search(rf"\bR{rule}(\.\d+)?\b", text), f"R{rule} is not cited in any tutorial"
        assert f"| R{rule} |" in readme, f"R{rule} is missing from tutorials/README.md"
