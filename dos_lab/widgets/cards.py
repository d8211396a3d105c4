"""Card faces as ipywidgets buttons: clickable, focusable, readable without colour vision.

A card button shows its colour letter and colour symbol (red ●, blue ■, green ▲,
yellow ★, the symbols of :mod:`dos_lab.render`) above its number; a Wild # has
a dashed frame and ``#``; a Wild DOS is black with a four-colour band and the
word WILD. The look comes from :data:`STYLESHEET` (shown once per table by
:func:`stylesheet`), the colours from :data:`dos_lab.render.PALETTE`.

>>> from dos_lab.engine.cards import Card
>>> face_text(Card.parse("R7")), face_text(Card.parse("G#")), face_text(Card.parse("W"))
('R ●\\n7', 'G ▲\\n#', 'WILD\\n2')
>>> card_tooltip(Card.parse("B#"), selected=True)
'blue Wild #, any number 1 to 10 — selected'
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable, Iterable
from html import escape
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from dos_lab.engine.cards import Card, Color, Kind
from dos_lab.i18n import card_codes, colour_letter, colour_name, gettext
from dos_lab.play.controller import Declaration
from dos_lab.play.observer import Pile
from dos_lab.render import PALETTE, SYMBOLS, card_html, card_name

__all__ = [
    "STYLESHEET",
    "DeclarationBox",
    "RowPile",
    "card_classes",
    "card_tooltip",
    "face_text",
    "fit_hand",
    "fit_row",
    "new_card_button",
    "safe",
    "set_classes",
    "set_trait",
    "show_card",
    "stylesheet",
]

log = logging.getLogger(__name__)

_WILD_BAND = "linear-gradient(90deg,#c62828 0 25%,#1565c0 25% 50%,#2e7d32 50% 75%,#fdd835 75% 100%)"


def _colour_rules() -> str:
    rules = []
    for color in Color:
        bg, fg = PALETTE[color]
        rules.append(f".dos-table .dos-c-{color.value}{{background:{bg} !important;color:{fg} !important;"
                     f"border-color:{bg} !important}}"
                     f".dos-table .dos-c-{color.value}::after"
                     f"{{content:'{SYMBOLS[color]} {colour_letter(color.value)}'}}")
    return "".join(rules)


_ENGLISH_CORNERS = _colour_rules()

#: the table's CSS; every rule is scoped under ``.dos-table`` (:func:`stylesheet` gives the current language's)
STYLESHEET = (
    ".dos-table{font-family:'DejaVu Sans',Verdana,sans-serif;color:#1a1a1a;max-width:1180px}"
    ".dos-table .dos-card-btn{position:relative;width:62px;height:90px;margin:6px 4px 2px 4px;padding:4px 5px;"
    "border-radius:9px;border:3px solid #1a1a1a;white-space:pre-line !important;text-align:left;"
    "font-size:30px;font-weight:700;line-height:1.05;overflow:visible;box-shadow:0 2px 4px rgba(0,0,0,.35);"
    "font-family:'DejaVu Sans',Verdana,sans-serif;opacity:1 !important}"
    ".dos-table .dos-card-btn::first-line{font-size:14px;line-height:1.4}"
    ".dos-table .dos-card-btn::after{position:absolute;right:5px;bottom:4px;font-size:12px;line-height:1}"
    ".dos-table .dos-card-btn:focus-visible{outline:4px solid #ff6f00;outline-offset:2px}"
    ".dos-table .dos-card-btn:disabled{cursor:default;filter:saturate(.75)}"
    + _colour_rules() +
    ".dos-table .dos-c-W{background:#1a1a1a !important;color:#fff !important;border-color:#1a1a1a !important;"
    f"background-image:{_WILD_BAND} !important;background-size:100% 12px !important;"
    "background-repeat:no-repeat !important;background-position:bottom !important}"
    ".dos-table .dos-c-W::after{content:''}"
    ".dos-table .dos-wildnum{border-style:dashed !important;border-color:currentColor !important}"
    ".dos-table .dos-wildnum::after{content:'1–10'}"
    ".dos-table .dos-selected{transform:translateY(-8px);outline:4px solid #000;outline-offset:2px;"
    "box-shadow:0 8px 12px rgba(0,0,0,.45)}"
    ".dos-table .dos-selected::before{content:'✓';position:absolute;top:-12px;left:-10px;width:24px;height:24px;"
    "border-radius:12px;background:#000;color:#fff;font-size:16px;line-height:24px;text-align:center;"
    "border:2px solid #fff}"
    ".dos-table .dos-targeted{outline:4px dashed #000;outline-offset:3px}"
    ".dos-table .dos-targeted::before{content:'◎';position:absolute;top:-12px;left:-10px;width:24px;height:24px;"
    "border-radius:12px;background:#fff;color:#000;font-size:18px;line-height:22px;text-align:center;"
    "border:2px solid #000}"
    ".dos-table .dos-prompt-text{font-size:17px;font-weight:700;background:#fff8e1;border:2px solid #1a1a1a;"
    "border-radius:8px;padding:8px 12px;margin:6px 0;line-height:1.35}"
    ".dos-table .dos-status-text{font-size:15px;min-height:24px;padding:4px 10px;border-radius:6px;line-height:1.35}"
    ".dos-table .dos-status-error{background:#ffebee;border-left:6px solid #b71c1c}"
    ".dos-table .dos-status-ok{background:#e8f5e9;border-left:6px solid #1b5e20}"
    ".dos-table .dos-status-info{background:#e3f2fd;border-left:6px solid #0d47a1}"
    ".dos-table .dos-section-title{font-size:14px;font-weight:700;margin:8px 0 0 2px}"
    ".dos-table .dos-panel{border:1px solid #9e9e9e;border-radius:8px;padding:4px 8px;margin:4px 6px 4px 0;"
    "background:#fafafa}"
    ".dos-table .dos-panel-current{border:3px solid #1a1a1a;background:#fff8e1}"
    ".dos-table .dos-stage{display:inline-block;padding:2px 6px;margin:2px;border:1px solid #9e9e9e;"
    "border-radius:5px;font-size:12px;color:#424242;background:#fff}"
    ".dos-table .dos-stage-now{border:2px solid #000;color:#000;font-weight:700;background:#ffe082}"
    ".dos-table .dos-action{height:38px;font-size:15px;font-weight:600;margin:3px 4px 3px 0;border-radius:6px}"
    ".dos-table .dos-log{max-height:230px;overflow-y:auto;font-size:13px;line-height:1.4;background:#fff;"
    "border:1px solid #bdbdbd;border-radius:6px;padding:4px 8px}"
    ".dos-table .dos-log li{margin:2px 0}"
    ".dos-table .dos-log .dos-new{font-weight:700}"
    ".dos-table .dos-badge{display:inline-block;min-width:22px;padding:0 4px;margin-right:4px;border-radius:4px;"
    "background:#424242;color:#fff;font-size:11px;text-align:center}"
    ".dos-table table.dos-scoring{border-collapse:collapse;font-size:14px}"
    ".dos-table table.dos-scoring td,.dos-table table.dos-scoring th{border:1px solid #bdbdbd;padding:3px 8px;"
    "vertical-align:middle}"
    ".dos-table .widget-dropdown>select{font-size:14px}"
    # the setup panel: a label column that wraps, and every control as wide as what it holds (a fixed width
    # squeezed a dropdown to one letter, and the deal-number box to nothing, under a long Polish label)
    ".dos-table .dos-setup-body .widget-inline-hbox{width:auto;max-width:100%;flex-wrap:wrap;align-items:center;"
    "height:auto;min-height:var(--jp-widgets-inline-height)}"
    ".dos-table .dos-setup-body .widget-inline-hbox>.widget-label{width:22em !important;max-width:100%;"
    "white-space:normal;overflow:visible;text-overflow:clip;line-height:1.3;height:auto}"
    ".dos-table .dos-setup-body .widget-dropdown>select{flex:0 0 auto;width:auto;max-width:100%}"
    ".dos-table .dos-setup-body .widget-text input,.dos-table .dos-setup-body .widget-inline-hbox input[type=number]"
    "{flex:0 0 auto;width:14ch;font-size:14px}"
    ".dos-table .dos-setup-body .widget-checkbox{width:auto;max-width:100%;height:auto}"
    ".dos-table .dos-setup-body .widget-checkbox label,.dos-table .dos-setup-body .widget-label-basic"
    "{white-space:normal;overflow:visible;text-overflow:clip;height:auto;line-height:1.3}"
    ".dos-table .widget-label{font-size:14px}"
)


def stylesheet() -> widgets.HTML:
    """An invisible widget carrying :data:`STYLESHEET` (a ``<style>`` element works in Jupyter and Voila), with the
    colour letters of the current language in the card corners."""
    sheet = STYLESHEET.replace(_ENGLISH_CORNERS, _colour_rules())
    return widgets.HTML(f"<style>{sheet}</style>", layout=widgets.Layout(height="0px", margin="0"))


def face_text(card: Card) -> str:
    """The text on a card button: colour letter and symbol, then the number (``"R ●\\n7"``)."""
    if card.kind is Kind.WILD_DOS:
        return "WILD\n2"
    assert card.color is not None
    centre = "#" if card.kind is Kind.WILD_NUMBER else str(card.number)
    return f"{colour_letter(card.color.value)} {SYMBOLS[card.color]}\n{centre}"


def card_tooltip(card: Card, *, selected: bool = False, extra: str = "") -> str:
    """The spoken/hover description in the current language: ``"red 7"``, ``"Wild DOS, counts as 2"``."""
    text = gettext("Wild DOS, counts as 2 in any colour") if card.kind is Kind.WILD_DOS else card_name(card)
    if extra:
        text += f" — {extra}"
    return text + (" — " + gettext("selected") if selected else "")


def card_classes(card: Card) -> list[str]:
    """CSS classes for a card face: colour (``dos-c-R``…, ``dos-c-W``) and ``dos-wildnum`` for a Wild #."""
    classes = ["dos-card-btn", f"dos-c-{card.color.value if card.color is not None else 'W'}"]
    if card.kind is Kind.WILD_NUMBER:
        classes.append("dos-wildnum")
    return classes


def set_classes(widget: widgets.DOMWidget, keep: Iterable[str], wanted: Iterable[str]) -> None:
    """Give ``widget`` exactly the classes ``keep`` + ``wanted`` (one trait change, none if already so)."""
    classes = tuple(dict.fromkeys([*keep, *wanted]))
    if tuple(widget._dom_classes) != classes:
        widget._dom_classes = classes


def new_card_button(test_class: str) -> widgets.Button:
    """An empty card button with a stable test class (``dos-hand-3``, ``dos-row-0``)."""
    button = widgets.Button(layout=widgets.Layout(width="62px", height="90px"))
    button.add_class(test_class)
    button.add_class("dos-card-btn")
    return button


def show_card(button: widgets.Button, card: Card, test_class: str, *, selected: bool = False,
              marks: Iterable[str] = (), extra: str = "", disabled: bool = False) -> None:
    """Make ``button`` show ``card`` (only changed traits are sent to the browser)."""
    text = face_text(card)
    if button.description != text:
        button.description = text
    tip = card_tooltip(card, selected=selected, extra=extra)
    if button.tooltip != tip:
        button.tooltip = tip
    if button.disabled != disabled:
        button.disabled = disabled
    set_classes(button, [test_class, *card_classes(card)], [*(["dos-selected"] if selected else []), *marks])
    if button.layout.display is not None:
        button.layout.display = None


def safe(handler: Callable[[], object]) -> Callable[[Any], None]:
    """A widget callback that never raises (ipywidgets would swallow it, Voila would hide it)."""

    def callback(_: Any) -> None:
        try:
            handler()
        except Exception:
            log.exception("widget callback failed")

    return callback


def set_trait(widget: Any, name: str, value: Any) -> None:
    """Set a trait only if it changes (so nothing is sent to the browser for nothing)."""
    if getattr(widget, name) != value:
        setattr(widget, name, value)


def shown_as_text(pile: Pile) -> str:
    """What a wild row card stands for, in words: ``"as 9"``, ``"as B ■"``."""
    value = pile.shown_as
    if value is None:
        return ""
    if isinstance(value, Color):
        return gettext("as {value}").format(value=f"{colour_letter(value.value)} {SYMBOLS[value]}")
    return gettext("as {value}").format(value=value)


class RowPile(widgets.VBox):  # type: ignore[misc]
    """One Center Row card (a card button to choose as the target) with the cards played on it this turn.

    ``classes`` are extra test classes for the button (a tutorial adds its own)."""

    def __init__(self, index: int, on_click: Callable[[], None], classes: Iterable[str] = ()) -> None:
        self.index = index
        self.classes = (f"dos-row-{index}", *classes)
        self.button = new_card_button(self.classes[0])
        for css in self.classes[1:]:
            self.button.add_class(css)
        self.button.on_click(safe(on_click))
        self.caption = widgets.HTML(layout=widgets.Layout(min_height="20px"))
        self.caption.add_class(f"dos-pile-{index}")
        super().__init__([self.button, self.caption], layout=widgets.Layout(align_items="center", margin="0 6px"))
        self.add_class("dos-pile")

    def show(self, pile: Pile, *, targeted: bool, live: bool, marks: Iterable[str] = ()) -> None:
        """Draw ``pile``: the card, whether it is the target, and what was played on it."""
        wanted = [*marks, *(["dos-targeted"] if targeted else []), *(["dos-matched"] if pile.played else [])]
        extra = gettext("your target") if targeted else (gettext("matched this turn") if pile.played else
                                                         gettext("click to target") if live else "")
        show_card(self.button, pile.card, self.classes[0], marks=[*self.classes[1:], *wanted], extra=extra)
        label = gettext("Card {number}").format(number=self.index + 1)
        parts = [f'<div style="font-size:12px;font-weight:700">{escape(label)}</div>']
        declared = shown_as_text(pile)
        if declared:
            parts.append(f'<div style="font-size:12px;font-weight:700">{escape(declared)}</div>')
        if pile.played:
            parts.append('<div style="font-size:11px">' + escape(gettext("played on it:")) + '</div>'
                         + "".join(card_html(p.card, declared=p.color or p.value, size="small") for p in pile.plays))
        set_trait(self.caption, "value", f'<div style="text-align:center;max-width:120px">{"".join(parts)}</div>')


def fit_hand(buttons: list[widgets.Button], box: widgets.Box, count: int,
             on_click: Callable[[int], None]) -> None:
    """Make ``box`` show ``count`` hand card buttons (``dos-hand-N``), reusing the ones made before."""
    while len(buttons) < count:
        index = len(buttons)
        button = new_card_button(f"dos-hand-{index}")
        button.on_click(safe(functools.partial(on_click, index)))
        buttons.append(button)
    if len(box.children) != count:
        box.children = buttons[:count]


def fit_row(piles: list[RowPile], box: widgets.Box, count: int, on_click: Callable[[int], None],
            classes: Callable[[int], Iterable[str]] = lambda index: ()) -> None:
    """Make ``box`` show ``count`` row piles, reusing the ones made before."""
    while len(piles) < count:
        index = len(piles)
        piles.append(RowPile(index, functools.partial(on_click, index), classes(index)))
    if len(box.children) != count:
        box.children = piles[:count]


def _choice_label(need: Declaration, value: str) -> str:
    if not value:
        return gettext("let the engine choose")
    if need.card.kind is Kind.WILD_DOS:
        color = Color.parse(value)
        return f"{colour_name(color.value)} {SYMBOLS[color]}"
    return value


class DeclarationBox(widgets.HBox):  # type: ignore[misc]
    """One dropdown per wild card that needs a declaration for the move being prepared.

    ``needs()`` lists them (the model asks the engine); ``on_declare(where, index, value)`` is called
    when the player picks a value. Each dropdown carries ``dos-declare-N`` and a class saying what it is
    for: ``dos-declare-hand-colour``, ``dos-declare-hand-number``, ``dos-declare-row-colour`` or
    ``dos-declare-row-number``."""

    def __init__(self, needs: Callable[[], list[Declaration]], on_declare: Callable[[str, int, str], None]) -> None:
        super().__init__(layout=widgets.Layout(flex_flow="row wrap"))
        self.add_class("dos-declarations")
        self._needs = needs
        self._on_declare = on_declare
        self._dropdowns: list[tuple[widgets.Dropdown, list[Declaration]]] = []
        self._syncing = False

    @property
    def shown(self) -> list[widgets.Dropdown]:
        """The dropdowns on show now."""
        return [d for d, holder in self._dropdowns if holder and d.layout.display != "none"]

    def refresh(self) -> None:
        """Show exactly the dropdowns the move being prepared needs."""
        needs = self._needs()
        self._syncing = True
        try:
            while len(self._dropdowns) < len(needs):
                holder: list[Declaration] = []
                dropdown = widgets.Dropdown(style={"description_width": "initial"},
                                            layout=widgets.Layout(width="auto", margin="2px 12px 2px 0"))
                dropdown.add_class(f"dos-declare-{len(self._dropdowns)}")
                dropdown.observe(self._changed(holder), names="value")
                self._dropdowns.append((dropdown, holder))
            for number, (dropdown, holder) in enumerate(self._dropdowns):
                if number >= len(needs):
                    holder.clear()
                    set_trait(dropdown.layout, "display", "none")
                    continue
                need = needs[number]
                holder[:] = [need]
                what = "colour" if need.card.kind is Kind.WILD_DOS else "number"
                purpose = f"dos-declare-{need.where}-{what}"
                keep = [c for c in dropdown._dom_classes if not c.startswith("dos-declare-hand-")
                        and not c.startswith("dos-declare-row-")]
                set_classes(dropdown, keep, [purpose])
                options: tuple[tuple[str, str | None], ...] = tuple(
                    (_choice_label(need, value), value) for value in need.choices)
                if "" not in need.choices:
                    options = ((gettext("choose…"), None), *options)
                set_trait(dropdown, "options", options)
                set_trait(dropdown, "value", need.value or (None if "" not in need.choices else ""))
                code = card_codes(need.card.code)
                described = {("hand", "colour"): gettext("Colour for your {card}:"),
                             ("hand", "number"): gettext("Number for your {card}:"),
                             ("row", "colour"): gettext("Colour for the Center Row's {card}:"),
                             ("row", "number"): gettext("Number for the Center Row's {card}:")}
                set_trait(dropdown, "description", described[need.where, what].format(card=code))
                tip = (gettext("Say what your {card} stands for") if need.where == "hand"
                       else gettext("Say what the Center Row's {card} stands for")).format(card=code)
                if "" in need.choices:
                    tip += gettext(", or let the engine choose one that makes the match legal")
                set_trait(dropdown, "tooltip", tip)
                set_trait(dropdown.layout, "display", None)
            children = tuple(d for d, _ in self._dropdowns)
            if tuple(getattr(self, "children", ())) != children:
                self.children = children
        finally:
            self._syncing = False

    def _changed(self, holder: list[Declaration]) -> Callable[[Any], None]:
        def changed(change: Any) -> None:
            if self._syncing or not holder:
                return
            need = holder[0]
            try:
                self._on_declare(need.where, need.index, str(change["new"] or ""))
            except Exception:
                log.exception("declaration callback failed")

        return changed
