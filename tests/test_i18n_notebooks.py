"""The course notebooks' code cells speak the page's language (issue 11).

Every language version of a tutorial or lesson has the same code cells as its English source, so the code
itself must say everything through the catalogs: ``tr(...)``/``ntr(...)`` for each text a student sees, and
``notebook_language()`` first, which picks the language from the notebook's folder."""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
COURSE = sorted([*ROOT.glob("tutorials/[0-9][0-9]-*.ipynb"), *ROOT.glob("notebooks/[0-9][0-9]-*.ipynb")])

#: calls whose text arguments a student reads on the page
SHOWN = {"print", "Exercise", "ChoiceBox", "AnswerBox", "PlayableExample", "TurnStepper", "Guess", "position_html",
         "show", "table", "cards_picture", "run_simulation", "compare"}
#: keyword arguments that are Python API input (identifiers, card codes, scripts), never shown as text
API_KEYWORDS = {"name", "kind", "solution", "instructions", "row", "hand", "stage_codes", "seed", "v", "format"}
#: a text a reader would read: a word of three letters or more, and not an identifier such as "single_match"
_WORD = re.compile(r"[A-Za-z]{3,}")
_IDENTIFIER = re.compile(r"[a-z_]+|\d+\.[a-z_0-9]+")


def _code_cells(notebook: Path) -> list[str]:
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) if isinstance(c["source"], list) else c["source"]
            for c in cells if c["cell_type"] == "code"]


def _called(node: ast.Call) -> str:
    func = node.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def _bare_texts(node: ast.AST) -> Iterator[str]:
    """English text written straight into an argument: a literal, an f-string, and the literals inside lists,
    dicts, concatenations and conditionals. A call (``tr(...)``, ``card_codes(...)``) is not looked into."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        if _WORD.search(node.value) and not _IDENTIFIER.fullmatch(node.value):
            yield node.value
    elif isinstance(node, ast.JoinedStr):
        literal = "".join(v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str))
        if _WORD.search(literal):
            yield ast.unparse(node)
    elif isinstance(node, ast.List | ast.Tuple | ast.Set):
        for element in node.elts:
            yield from _bare_texts(element)
    elif isinstance(node, ast.Dict):
        for value in node.values:
            yield from _bare_texts(value)
    elif isinstance(node, ast.BinOp):
        yield from _bare_texts(node.left)
        yield from _bare_texts(node.right)
    elif isinstance(node, ast.IfExp):
        yield from _bare_texts(node.body)
        yield from _bare_texts(node.orelse)


def untranslated(source: str) -> list[str]:
    """The English texts that ``source`` (one code cell) shows without ``tr()``/``ntr()``.

    >>> untranslated('print("Draw pile:", 3)')
    ["line 1: print(...) shows 'Draw pile:'"]
    >>> untranslated('print(tr("Draw pile: {count}").format(count=3))')
    []
    """
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and _called(node) in SHOWN:
            arguments = [*node.args, *(k.value for k in node.keywords if k.arg not in API_KEYWORDS)]
            found += [f"line {node.lineno}: {_called(node)}(...) shows {text!r}"
                      for argument in arguments for text in _bare_texts(argument)]
    return found


def test_the_check_finds_english_written_straight_into_a_shown_call() -> None:
    cell = '''
PlayableExample(r, goal="Match the R7.", check=done, solution=["match 0 R7"], title=tr("A match"))
ChoiceBox(tr("Who deals?"), ["P1", "Nobody: the game picks one"], "P1", name="t1-dealer", hint=tr("Look."),
          explain=f"{right} has the highest number.")
L.table(["row card", "chance"], rows)
L.run_simulation("single_match", exact, title=tr("A title"), label="share of hands")
print(f"{player}: {cards} = {points}")
'''
    assert untranslated(cell) == [
        "line 2: PlayableExample(...) shows 'Match the R7.'",
        "line 3: ChoiceBox(...) shows 'Nobody: the game picks one'",
        "line 3: ChoiceBox(...) shows \"f'{right} has the highest number.'\"",
        "line 5: table(...) shows 'row card'",
        "line 6: run_simulation(...) shows 'share of hands'",
    ]


@pytest.mark.parametrize("notebook", COURSE, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_text_a_code_cell_shows_goes_through_the_catalog(notebook: Path) -> None:
    found = [f"cell {number}, {problem}" for number, source in enumerate(_code_cells(notebook), 1)
             for problem in untranslated(source)]
    assert not found, "wrap these in tr()/ntr() (named placeholders, formatted after translation):\n" + "\n".join(
        found)


def _language_problem(source: str) -> str | None:
    """Why ``source`` (a first code cell) does not choose the page's language properly, or None."""
    body = ast.parse(source).body
    statements = [s for s in body if not isinstance(s, ast.Import | ast.ImportFrom)]
    first = statements[0] if statements else None
    if not (isinstance(first, ast.Expr | ast.Assign) and isinstance(first.value, ast.Call)
            and _called(first.value) == "notebook_language"):
        return "notebook_language() is not the first statement after the imports"
    if isinstance(first, ast.Expr) and first is body[-1]:
        # nbval shows it even after a ';'
        return "notebook_language() is the cell's last expression: the page would show its return value"
    return None


def test_the_language_check_can_fail() -> None:
    assert _language_problem("import x\n\nprint(1)\nnotebook_language()") is not None
    assert _language_problem("from a import b\n\nnotebook_language()") is not None
    assert _language_problem("from a import b\n\nnotebook_language();") is not None
    assert _language_problem("from a import b\n\nlanguage = notebook_language()") is None
    assert _language_problem("from a import b\n\nnotebook_language()\nL.page_style()") is None


@pytest.mark.parametrize("notebook", COURSE, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_the_first_code_cell_chooses_the_page_language(notebook: Path) -> None:
    first = _code_cells(notebook)[0]
    assert _language_problem(first) is None, _language_problem(first)
    outputs = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    first_cell = next(c for c in outputs if c["cell_type"] == "code")
    assert not [o for o in first_cell.get("outputs", []) if o.get("output_type") == "execute_result"
                and "'en'" in "".join(o.get("data", {}).get("text/plain", ""))]


def test_the_course_is_all_there() -> None:
    assert len(COURSE) == 13, [p.name for p in COURSE]
