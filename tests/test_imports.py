"""DESIGN.md §1: the engine imports one way and never pulls in the notebook stack."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ENGINE = ["errors", "cards", "rules", "matching", "events", "state", "round", "game", "bots", "simulate",
          "probability", "render"]
ORDER = {name: i for i, name in enumerate(
    ["errors", "cards", "rules", "matching", "events", "state", "round", "game", "bots", "simulate", "probability",
     "render", "widgets", "lessons", "app"])}
PACKAGE = Path(__file__).resolve().parents[1] / "dos_lab"


@pytest.mark.parametrize("module", [m for m in ENGINE if (PACKAGE / f"{m}.py").exists()])
def test_engine_module_does_not_import_the_notebook_stack(module: str) -> None:
    code = (f"import sys, dos_lab.{module}; bad = [m for m in ('ipywidgets', 'traitlets', 'IPython') "
            f"if m in sys.modules]; print(','.join(bad))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == "", f"dos_lab.{module} imported {out}"


def _top_level_imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    names = set()
    for node in tree.body:  # top level only: imports inside functions are the documented lazy hooks
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("dos_lab."):
            names.add(node.module.split(".")[1])
    return names


@pytest.mark.parametrize("path", sorted(PACKAGE.glob("*.py")), ids=lambda p: p.name)
def test_imports_run_one_way(path: Path) -> None:
    me = path.stem
    if me not in ORDER:
        return
    for imported in _top_level_imports(path):
        assert ORDER.get(imported, -1) < ORDER[me], f"{me} imports {imported}, against DESIGN.md §1"
