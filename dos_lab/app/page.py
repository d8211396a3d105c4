"""The demo page: a welcome, how to play, the table, and links to the tutorials and lessons.

The page reads its settings from the URL's query string (Voila passes it to the
kernel as ``QUERY_STRING``): ``?seed=7``, ``?bots=greedy,random``,
``?position=colour-match``, ``?forget=0.5``, ``?preset=family`` and any rule
option of RULES.md §3 by name (``?after_draw_matching=any_matches``).

>>> setup, notes = setup_from_query("seed=7&bots=random,greedy&position=colour-match&bonus_placement=optional")
>>> setup.seed, setup.bots, setup.position, setup.rules
(7, ('random', 'greedy'), 'colour-match', {'bonus_placement': 'optional'})
>>> for note in setup_from_query("seed=x&colour=blue")[1]:
...     print(note)
seed='x' is not a whole number: using 0
colour is not a setting of this page: ignored
"""

from __future__ import annotations

import json
import os
from html import escape
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl

import ipywidgets as widgets  # type: ignore[import-untyped]

from dos_lab.bots import BOTS
from dos_lab.errors import DosError
from dos_lab.rules import PRESETS, RuleSet
from dos_lab.widgets.controller import TableSetup
from dos_lab.widgets.positions import POSITIONS
from dos_lab.widgets.table import TableView, play

__all__ = ["HOW_TO_PLAY", "demo_page", "find_lessons", "setup_from_query"]

#: folders of the source repository whose notebooks the page links to, with their headings
LESSON_FOLDERS = (("tutorials", "Rule tutorials, step by step"), ("notebooks", "Probability lessons"))

HOW_TO_PLAY = """
<div class="dos-howto" style="font-size:15px;line-height:1.45;max-width:1100px">
<h2 style="margin:4px 0">Play DOS against the computer</h2>
<p style="margin:4px 0">Get rid of your cards. You are <b>P1</b>; the others are computer players.
Every card shows its colour as a letter and a symbol — R ● red, B ■ blue, G ▲ green, Y ★ yellow —
so you never need to tell colours apart.</p>
<ol style="margin:4px 0 4px 0;padding-left:22px">
<li><b>Match:</b> click one card in your hand whose number equals a Center Row card, or two cards that
add up to it; click that row card; press <b>Match</b>. Match as many row cards as you can, then press
<b>End turn</b>. (R4)</li>
<li><b>Colour bonus:</b> if your card has the same colour as the row card (both cards, for two), you put
an extra card into the Center Row at the end of your turn — press <b>Place</b>. Two same-colour cards also
make every opponent draw. (R6)</li>
<li><b>No match?</b> Press <b>Draw</b>. Then match with the drawn card, or select a card and <b>Place</b>
it into the Center Row. (R7)</li>
<li><b>Wild cards:</b> WILD (Wild DOS) counts as 2 in any colour; a # card (Wild #) is any number 1–10
in its own colour. Choose what they stand for, or let the engine choose. (R9, R10)</li>
<li><b>DOS!</b> When you hold two cards, press <b>DOS!</b> before someone catches you (2 penalty cards).
If a computer player forgets, press its <b>Catch</b> button. (R11)</li>
</ol>
<p style="margin:4px 0">Stuck? Press <b>Hint</b>. The computer players' turns are shown step by step:
press <b>Next</b> (or <b>Skip</b>). Every button works from the keyboard: Tab to it, then Enter or Space.</p>
</div>
"""


def setup_from_query(query: str | None) -> tuple[TableSetup, list[str]]:
    """The table setup a query string asks for, and notes about anything ignored."""
    notes: list[str] = []
    fields: dict[str, Any] = {}
    rules: dict[str, Any] = {}
    defaults = RuleSet().to_dict()
    for key, value in parse_qsl(query or "", keep_blank_values=True):
        if key == "seed":
            try:
                fields["seed"] = int(value)
            except ValueError:
                notes.append(f"seed={value!r} is not a whole number: using 0")
        elif key == "bots":
            kinds = tuple(k.strip() for k in value.split(",") if k.strip())
            bad = [k for k in kinds if k not in BOTS]
            if bad or not 1 <= len(kinds) <= 3:
                notes.append(f"bots={value!r}: give 1 to 3 of {', '.join(BOTS)}: using greedy")
            else:
                fields["bots"] = kinds
        elif key == "position":
            if value in POSITIONS:
                fields["position"] = value
            else:
                notes.append(f"position={value!r} is not one of {', '.join(POSITIONS)}: dealing normally")
        elif key == "forget":
            try:
                fields["forget_dos"] = min(1.0, max(0.0, float(value)))
            except ValueError:
                notes.append(f"forget={value!r} is not a number from 0 to 1: ignored")
        elif key == "preset":
            if value in PRESETS:
                rules = {**PRESETS[value], **rules}
            else:
                notes.append(f"preset={value!r} is not one of {', '.join(PRESETS)}: ignored")
        elif key in defaults:
            rules[key] = int(value) if isinstance(defaults[key], int) and value.isdigit() else (
                value.lower() == "true" if isinstance(defaults[key], bool) else value)
        else:
            notes.append(f"{key} is not a setting of this page: ignored")
    for name, value in list(rules.items()):
        try:
            RuleSet(**{name: value})
        except DosError as exc:
            notes.append(f"{exc}: ignored")
            del rules[name]
    return TableSetup(rules=rules, **fields), notes


def _title(notebook: Path) -> str:
    """The notebook's first Markdown heading, or its file name."""
    try:
        data = json.loads(notebook.read_text(encoding="utf-8"))
        for cell in data.get("cells", []):
            if cell.get("cell_type") == "markdown":
                source = "".join(cell.get("source", []))
                for line in source.splitlines():
                    if line.startswith("#"):
                        return line.lstrip("#").strip()
    except (OSError, ValueError, AttributeError):
        pass
    return notebook.stem.replace("-", " ").replace("_", " ")


def _repo_root(start: Path) -> Path | None:
    """The served root: ``DOS_LAB_ROOT`` (set by ``dos-lab``), else the nearest folder above with a
    ``pyproject.toml`` (a checkout served by Binder or JupyterHub)."""
    env = os.environ.get("DOS_LAB_ROOT")
    if env:
        return Path(env)
    for folder in [start, *start.parents][:4]:
        if (folder / "pyproject.toml").is_file():
            return folder
    return None


def find_lessons(page_dir: Path | None = None) -> dict[str, list[tuple[str, str]]]:
    """Notebooks in ``tutorials/`` and ``notebooks/`` of the served folder, as (title, link relative to
    the page); empty when the package is installed without the repository."""
    page_dir = (page_dir or Path.cwd()).absolute()
    root = _repo_root(page_dir)
    found: dict[str, list[tuple[str, str]]] = {}
    if root is None:
        return found
    for folder, heading in LESSON_FOLDERS:
        notebooks = sorted((root / folder).glob("*.ipynb")) if (root / folder).is_dir() else []
        links = [(_title(nb), os.path.relpath(nb.absolute(), page_dir).replace(os.sep, "/")) for nb in notebooks]
        if links:
            found[heading] = links
    return found


def lessons_html(lessons: dict[str, list[tuple[str, str]]]) -> str:
    """The links panel (a short note when there is nothing to link to)."""
    if not lessons:
        return ('<div class="dos-lessons" style="font-size:14px"><h3 style="margin:4px 0">Learn more</h3>'
                "The step-by-step rule tutorials and the probability lessons come with the source repository "
                "(folders <code>tutorials/</code> and <code>notebooks/</code>); run <code>dos-lab</code> from a "
                "checkout to get links to them here.</div>")
    parts = ['<div class="dos-lessons" style="font-size:14px"><h3 style="margin:4px 0">Learn more</h3>']
    for heading, links in lessons.items():
        items = "".join(f'<li><a href="{escape(href)}" target="_blank" rel="noopener">{escape(title)}</a></li>'
                        for title, href in links)
        parts.append(f"<b>{escape(heading)}</b><ul style='margin:2px 0 6px 0'>{items}</ul>")
    return "".join(parts) + "</div>"


def demo_page(query: str | None = None) -> widgets.VBox:
    """The whole demo page; ``query`` defaults to the page's URL query (``QUERY_STRING``)."""
    setup, notes = setup_from_query(query if query is not None else os.environ.get("QUERY_STRING", ""))
    table: TableView = play(setup)
    if notes:
        table.controller.message = "Page settings: " + "; ".join(notes)
        table.refresh()
    howto = widgets.HTML(HOW_TO_PLAY)
    howto.add_class("dos-howto")
    lessons = widgets.HTML(lessons_html(find_lessons()))
    lessons.add_class("dos-lessons")
    page = widgets.VBox([howto, table, lessons], layout=widgets.Layout(padding="0 4px"))
    page.add_class("dos-page")
    return page
