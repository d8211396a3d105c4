"""DESIGN.md §1: the engine imports one way and never pulls in the notebook stack; the table model
(``dos_lab/play``) decides nothing the engine answers, and the views (``dos_lab/widgets``, ``dos_lab/app``)
only show: they neither decide legality, nor parse action text, nor replay events."""

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

#: the engine's modules, in dos_lab/engine/, in the order they may import each other
ENGINE_MODULES = ["listeners", "cards", "save", "rules", "matching", "events", "moves", "state", "saved_round",
                  "dos_call", "match_options", "guards", "turns", "dealing", "round_view", "log_replay", "round",
                  "game"]
#: engine modules born inside dos_lab/engine/, with no old path
NEW_IN_ENGINE = ("listeners", "save", "saved_round", "dos_call", "match_options", "guards", "turns", "dealing",
                 "round_view", "log_replay")
#: those that lived in dos_lab/ before the engine had a folder: their old path dos_lab/<name>.py is a re-export
OLD_PATHS = [m for m in ENGINE_MODULES if m not in NEW_IN_ENGINE]
#: the analysis floor's modules, in dos_lab/analysis/ (``simulate`` and ``probability`` are their old paths)
ANALYSIS_MODULES = ["chances", "sampling", "simulate"]
ENGINE = ["errors", "engine", *(f"engine.{m}" for m in ENGINE_MODULES), *OLD_PATHS, "bots", "analysis",
          *(f"analysis.{m}" for m in ANALYSIS_MODULES), "simulate", "probability", "render"]
ORDER = {name: i for i, name in enumerate(
    ["errors", "i18n", "engine", "cards", "rules", "matching", "events", "moves", "state", "round", "game", "bots",
     "analysis", "simulate", "probability", "render", "play", "classroom", "widgets", "lessons", "tutorials", "app"])}
#: what the package's own entry points may import: everything
ENTRY_POINTS = {"__init__", "__main__"}
PACKAGE = Path(__file__).resolve().parents[1] / "dos_lab"
VIEWS = sorted([*(PACKAGE / "widgets").glob("*.py"), *(PACKAGE / "app").glob("*.py")])


def _exists(module: str) -> bool:
    path = PACKAGE / module.replace(".", "/")
    return path.with_suffix(".py").exists() or path.is_dir()


@pytest.mark.parametrize("module", [m for m in ENGINE if _exists(m)])
def test_engine_module_does_not_import_the_notebook_stack(module: str) -> None:
    code = (f"import sys, dos_lab.{module}; bad = [m for m in ('ipywidgets', 'traitlets', 'IPython') "
            f"if m in sys.modules]; print(','.join(bad))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == "", f"dos_lab.{module} imported {out}"


def test_importing_the_widgets_package_does_not_load_the_views() -> None:
    code = "import sys, dos_lab.widgets; print('dos_lab.widgets.table' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == "False"


def _floor(path: Path) -> str:
    relative = path.relative_to(PACKAGE)
    return relative.parts[0] if len(relative.parts) > 1 else path.stem


#: the documented exceptions (docs/architecture.md): a picture of itself, drawn by the renderer on demand
PICTURE_HOOKS = {"_repr_html_", "__str__"}
NOTEBOOK_STACK = ("ipywidgets", "traitlets", "IPython")


def _imports(path: Path) -> list[tuple[int, str, str | None]]:
    """Every import of the file at any depth: (line, module, the function it sits in), leaving out imports under
    ``if TYPE_CHECKING:`` (type hints only)."""
    found: list[tuple[int, str, str | None]] = []

    def visit(node: ast.AST, function: str | None) -> None:
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            for child in node.orelse:
                visit(child, function)
            return
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            function = node.name
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module, function))
        elif isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name, function) for alias in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child, function)

    visit(ast.parse(path.read_text()), None)
    return found


def upward_imports(path: Path) -> list[str]:
    """The imports of ``path`` that run against DESIGN.md §1, at any depth, but for the documented exceptions."""
    me = _floor(path)
    if me not in ORDER:
        return []
    offences = []
    for line, module, function in _imports(path):
        parts = module.split(".")
        if parts[0] == "dos_lab" and len(parts) > 1 and parts[1] != me:
            allowed = ORDER.get(parts[1], -1) < ORDER[me] or (parts[1] == "render" and function in PICTURE_HOOKS)
            if not allowed:
                offences.append(f"line {line}: {me} imports {module}")
        inside_the_engine = me == "engine" and parts[:2] == ["dos_lab", "engine"] and len(parts) > 2
        # inside the engine the modules keep their own order: cards before rules before matching, …
        if (inside_the_engine and path.stem in ENGINE_MODULES and parts[2] in ENGINE_MODULES
                and ENGINE_MODULES.index(parts[2]) >= ENGINE_MODULES.index(path.stem)):
            offences.append(f"line {line}: engine.{path.stem} imports {module}")
        if parts[0] in NOTEBOOK_STACK and ORDER[me] < ORDER["widgets"]:
            offences.append(f"line {line}: {me} imports {module}, below the views")
    return offences


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_imports_run_one_way(path: Path) -> None:
    assert upward_imports(path) == [], "against DESIGN.md §1"


def test_every_module_stands_on_a_known_floor() -> None:
    """A new folder or top-level module must be given its floor, or the import rule would not look at it."""
    floors = {_floor(path) for path in PACKAGE.rglob("*.py")} - ENTRY_POINTS
    assert floors - set(ORDER) == set()


def _offences_with_a_function_added(module: Path, floor: str, body: str, tmp_path: Path,
                                    monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The upward imports of a copy of ``module`` with ``def _added():`` and ``body`` appended, read as a module
    of ``floor`` (the copy lives outside the package, so its floor is given)."""
    bad = tmp_path / module.name
    bad.write_text(module.read_text() + "\n\ndef _added():\n" + body)
    monkeypatch.setitem(globals(), "_floor", lambda path: floor)
    return [o.split(": ", 1)[1] for o in upward_imports(bad)]


def test_an_upward_import_inside_a_function_is_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    offences = _offences_with_a_function_added(
        PACKAGE / "analysis" / "simulate.py", "analysis", "    from dos_lab.widgets.progress import progress_bar\n"
        "    from IPython.display import display\n", tmp_path, monkeypatch)
    assert offences == ["analysis imports dos_lab.widgets.progress",
                        "analysis imports IPython.display, below the views"]


#: what only the engine or the model may do: decide legality, act, parse action text, replay events
ENGINE_ONLY_CALLS = {"legal_matches", "legal_matches_for", "can_draw", "can_place", "can_end_turn", "is_exposed",
                     "has_called_dos", "match", "draw", "place", "end_turn", "call_dos", "catch_dos", "undo",
                     "parse_played", "parse_action", "apply_action", "perform", "advance", "replay"}
#: engine modules a view may not import at run time (type hints under TYPE_CHECKING are fine)
ENGINE_ONLY_MODULES = {f"dos_lab{path}.{m}" for path in ("", ".engine") for m in ("matching", "round", "state", "game")}
ENGINE_ONLY_MODULES |= {f"dos_lab.engine.{m}" for m in NEW_IN_ENGINE if m != "listeners"}
#: from the events, a view may name the base class and ``player_name``, not the event kinds it would replay
EVENT_NAMES_ALLOWED = {"Event", "player_name"}
#: a view sends intents to its model: calls on these receivers are what a view is for
MODELS = ("controller", "model")
#: modules whose functions share a name with an action (``re.match``) and never touch a round
NOT_A_ROUND = {"re"}


def _runtime_nodes(tree: ast.Module) -> list[ast.AST]:
    """Every node except those under ``if TYPE_CHECKING:``."""
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            skipped.update(id(child) for stmt in node.body for child in ast.walk(stmt))
    return [node for node in ast.walk(tree) if id(node) not in skipped]


def view_offences(source: str) -> list[str]:
    """Where a view module decides, acts, parses action text or replays events instead of asking play/."""
    offences = []
    for node in _runtime_nodes(ast.parse(source)):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
            receiver = ast.unparse(func.value) if isinstance(func, ast.Attribute) else ""
            if name in ENGINE_ONLY_CALLS and receiver not in NOT_A_ROUND and not any(m in receiver for m in MODELS):
                offences.append(f"line {node.lineno} calls {ast.unparse(func)}()")
        elif isinstance(node, ast.ImportFrom) and node.module:
            if node.module in ENGINE_ONLY_MODULES:
                offences.append(f"line {node.lineno} imports {node.module}")
            if node.module in ("dos_lab.events", "dos_lab.engine.events"):
                extra = sorted({alias.name for alias in node.names} - EVENT_NAMES_ALLOWED)
                if extra:
                    offences.append(f"line {node.lineno} imports the event kinds {extra}")
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name in ENGINE_ONLY_CALLS:
            offences.append(f"line {node.lineno} defines {node.name}()")
    return offences


@pytest.mark.parametrize("path", VIEWS, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_views_only_show(path: Path) -> None:
    """No view decides legality, acts on the round, parses action text or replays events: it asks dos_lab.play."""
    assert view_offences(path.read_text()) == []


def test_the_views_check_finds_a_view_that_decides() -> None:
    bad = ("from dos_lab.events import Matched, player_name\nfrom dos_lab.matching import parse_played\n\n"
           "def show(r, table):\n    table.controller.match()\n    return r.legal_matches()\n\n"
           "def advance(frame, event):\n    return frame\n")
    assert view_offences(bad) == ["line 1 imports the event kinds ['Matched']", "line 2 imports dos_lab.matching",
                                  "line 8 defines advance()", "line 6 calls r.legal_matches()"]


def test_an_engine_module_importing_a_later_one_is_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    offences = _offences_with_a_function_added(
        PACKAGE / "engine" / "cards.py", "engine", "    from dos_lab.engine.round import Round\n"
        "    from dos_lab.play import controller\n", tmp_path, monkeypatch)
    assert offences == ["engine.cards imports dos_lab.engine.round", "engine imports dos_lab.play"]


def test_the_old_engine_paths_are_the_engine() -> None:
    import importlib

    for name in OLD_PATHS:
        old, new = importlib.import_module(f"dos_lab.{name}"), importlib.import_module(f"dos_lab.engine.{name}")
        public = [n for n in vars(new) if not n.startswith("_")]
        assert all(getattr(old, n) is getattr(new, n) for n in public), name


@pytest.mark.parametrize("old, new", [("simulate", ["simulate"]), ("probability", ["chances", "sampling"])])
def test_the_old_analysis_paths_are_the_analysis(old: str, new: list[str]) -> None:
    import importlib

    former = importlib.import_module(f"dos_lab.{old}")
    for name in new:
        module = importlib.import_module(f"dos_lab.analysis.{name}")
        assert all(getattr(former, n) is getattr(module, n) for n in vars(module) if not n.startswith("__")), name


#: what a rule tutorial's code cell may import from dos_lab: the public API of DESIGN.md §3 and its own helpers
TUTORIAL_IMPORTS = {"dos_lab", "dos_lab.events", "dos_lab.game", "dos_lab.i18n", "dos_lab.render", "dos_lab.bots",
                    "dos_lab.widgets", "dos_lab.tutorials"}


@pytest.mark.parametrize("notebook", sorted((PACKAGE.parent / "tutorials").glob("*.ipynb")), ids=lambda p: p.name)
def test_a_tutorial_takes_its_helpers_from_dos_lab_tutorials(notebook: Path) -> None:
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    modules = {node.module for cell in cells if cell["cell_type"] == "code"
               for node in ast.walk(ast.parse("".join(cell["source"])))
               if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("dos_lab")}
    assert modules - TUTORIAL_IMPORTS == set()
