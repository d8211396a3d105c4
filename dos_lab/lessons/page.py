"""What a lesson page shows: row-card labels, sentences, tables and card pictures, as HTML the page and
nbval both read."""

from __future__ import annotations

import html
from collections.abc import Sequence

from dos_lab.engine.cards import Card
from dos_lab.i18n import gettext, noop
from dos_lab.render import cards_html, table_html

__all__ = ["ROW_LABELS", "ROW_VALUES", "cards_picture", "page_style", "row_label", "show", "table"]


#: the row-card values in the order the lessons list them: 1, W (a Wild DOS, value 2), 3..10, # (a Wild #)
ROW_VALUES: tuple[int | str, ...] = (1, "W", 3, 4, 5, 6, 7, 8, 9, 10, "#")
#: how a student reads each row-card value
ROW_LABELS: dict[int | str, str] = {v: str(v) for v in ROW_VALUES} | {"W": noop("Wild DOS (2)"), "#": noop("Wild #")}
_PICTURE = {1: "R1", "W": "W", 3: "B3", 4: "G4", 5: "Y5", 6: "R6", 7: "B7", 8: "G8", 9: "Y9", 10: "R10", "#": "B#"}


def row_label(value: int | str) -> str:
    """How a student reads a row-card value, in the current language (:data:`ROW_LABELS` holds the English).

    >>> row_label(7), row_label("W")
    ('7', 'Wild DOS (2)')
    """
    return gettext(ROW_LABELS[value]) if isinstance(value, str) else ROW_LABELS[value]


class Shown:
    """HTML for the page (Voila and JupyterLab show it as HTML; its plain text has no Python in it)."""

    def __init__(self, markup: str, text: str = "") -> None:
        self.markup = markup
        self.text = text or html.unescape(_strip_tags(markup))

    def _repr_html_(self) -> str:
        return self.markup

    def __repr__(self) -> str:
        return self.text


def _strip_tags(markup: str) -> str:
    import re

    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", markup)).strip()


def show(sentence: str) -> Shown:
    """A sentence (HTML allowed) shown as a paragraph on the page.

    >>> show("At least one hits: <b>66.4 %</b>.")
    At least one hits: 66.4 % .
    """
    return Shown(f"<p style='font-size:15px;margin:6px 0'>{sentence}</p>")


#: the page prints in full: Voila scrolls the lesson inside one panel, which a printer would cut to one page
_PRINT_CSS = """
@media print {
  html, body, #main, #rendered_cells, .lm-BoxPanel, .lm-Panel, .jp-OutputArea, .jp-Cell {
    position: static !important; height: auto !important; max-height: none !important; width: auto !important;
    overflow: visible !important; contain: none !important; }
  .dos-sim-run, .dos-check, .dos-show, .dos-lock { display: none !important; }
  img { max-width: 100% !important; height: auto !important; }
  .jp-Cell, .dos-question, table, img { break-inside: avoid; }
}
"""


def page_style() -> Shown:
    """The lessons' print stylesheet (nothing visible on screen): a printed lesson has every page."""
    return Shown(f"<style>{_PRINT_CSS}</style>", " ")


def table(header: Sequence[str], rows: Sequence[Sequence[object]], caption: str = "") -> Shown:
    """An HTML table with aligned columns (:func:`dos_lab.render.table_html`), shown on the page.

    >>> print(table(["row card", "chance"], [["7", "66.4 %"]]).markup.count("<tr"))
    2
    """
    return Shown(table_html(header, rows, caption))


def cards_picture(codes: str, caption: str = "", size: str = "normal") -> Shown:
    """Card pictures (the game's own card faces) with a caption, e.g. ``cards_picture("B7", "The row card")``."""
    cards = [Card.parse(code) for code in codes.split()]
    label = f"<div style='font-size:14px;color:#37474f'>{caption}</div>" if caption else ""
    return Shown(f"<div class='dos-cards' style='margin:6px 0'>{label}{cards_html(cards, size=size)}</div>",
                 caption or gettext("cards"))


def row_card_picture(value: int | str, size: str = "small") -> str:
    """One card face standing for a row-card value (any colour would do: matching numbers ignores colour)."""
    return cards_html([Card.parse(_PICTURE[value])], size=size)
