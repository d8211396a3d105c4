"""HTML pictures for the tutorials (no widgets): the deck table, the right and the wrong bonus order,
and a step of a turn. Cards are drawn by :func:`dos_lab.render.card_html`, the same faces as the card
buttons."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import TYPE_CHECKING

from dos_lab.engine.cards import COLORS, NUMBERS, Card, Kind, full_deck
from dos_lab.engine.events import player_name
from dos_lab.i18n import colour_name, gettext, ngettext
from dos_lab.play.intents import Action
from dos_lab.play.observer import Pile
from dos_lab.play.steps import Step, bonus_order_rows
from dos_lab.render import SYMBOLS, card_html, cards_html

if TYPE_CHECKING:
    from dos_lab.engine.round import Round

__all__ = ["BAD_INK", "OK_INK", "bonus_order_html", "count_text", "deck_table_html", "pile_html", "step_html"]

OK_INK = "#1b5e20"
BAD_INK = "#b71c1c"


def count_text(n: int) -> str:
    """``"1 card"``, ``"3 cards"``."""
    return ngettext("{count} card", "{count} cards", n).format(count=n)


def deck_table_html() -> str:
    """The deck as a table with one row per colour and a column per number (R1.2, R1.3)."""
    deck = full_deck()
    cell = "padding:2px 6px;text-align:center;border:1px solid #bbb"
    head = "".join(f"<th style='{cell}'>{h}</th>" for h in
                   [gettext("colour"), "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", gettext("Wild #"),
                    gettext("total")])
    rows = []
    for color in COLORS:
        tds = [f"<td style='{cell}'>{colour_name(color.value)} {SYMBOLS[color]}</td>"]
        total = 0
        for number in (1, 2, *NUMBERS[1:]):
            copies = sum(1 for c in deck if c.color is color and c.number == number)
            total += copies
            tds.append(f"<td style='{cell}'>{copies if copies else '—'}</td>")
        wild = sum(1 for c in deck if c.color is color and c.kind is Kind.WILD_NUMBER)
        tds.append(f"<td style='{cell}'>{wild}</td><td style='{cell}'><b>{total + wild}</b></td>")
        rows.append("<tr>" + "".join(tds) + "</tr>")
    wild_dos = sum(1 for c in deck if c.kind is Kind.WILD_DOS)
    black = ngettext("{count} black card, each counts as a 2 of any colour (the only 2s in the game)",
                     "{count} black cards, each counts as a 2 of any colour (the only 2s in the game)",
                     wild_dos).format(count=wild_dos)
    rows.append(f"<tr><td style='{cell}'>" + html.escape(gettext('Wild DOS')) + f"</td><td style='{cell}' colspan='11'>"
                f"{html.escape(black)}</td><td style='{cell}'><b>{wild_dos}</b></td></tr>")
    rows.append(f"<tr><td style='{cell}' colspan='12'><b>" + html.escape(gettext('All cards')) + f"</b></td>"
                f"<td style='{cell}'><b>{len(deck)}</b></td></tr>")
    return (f'<table class="dos-tut-deck" style="border-collapse:collapse;font:13px sans-serif">'
            f"<tr>{head}</tr>{''.join(rows)}</table>")


def bonus_order_html(round_before: Round, actions: Sequence[Action]) -> str:
    """The right and the wrong order side by side (see :func:`dos_lab.play.steps.bonus_order_rows`)."""
    right, wrong = bonus_order_rows(round_before, actions)

    def panel(title: str, note: str, cards: list[Card], colour: str, css: str) -> str:
        return (f'<div class="{css}" style="flex:1;min-width:260px;border:3px solid {colour};border-radius:8px;'
                f'padding:8px"><div style="font:700 15px sans-serif;color:{colour}">{html.escape(title)}</div>'
                f'<div style="font:13px sans-serif;margin:4px 0">{html.escape(note)}</div>'
                f"<div>{cards_html(cards)}</div>"
                f'<div style="font:13px sans-serif">{html.escape(in_row(len(cards)))}</div></div>')

    def in_row(n: int) -> str:
        return ngettext("{count} card in the Center Row", "{count} cards in the Center Row", n).format(count=n)

    return ('<div class="dos-tut-compare" style="display:flex;gap:12px;flex-wrap:wrap">'
            + panel(gettext("✓ Right: refill first (E2), then bonus cards (E3)"),
                    gettext("The row is topped up to two from the draw pile, then the bonus cards join it."),
                    right, OK_INK, "dos-tut-order-right")
            + panel(gettext("✗ Wrong: bonus cards first, then refill"),
                    gettext("The bonus cards fill the gap, so no card is turned up: the row ends up too small."),
                    wrong, BAD_INK, "dos-tut-order-wrong")
            + "</div>")


def pile_html(index: int, pile: Pile) -> str:
    """A row card (numbered from 1) with the cards played on it this turn, declarations on the cards."""
    played = "".join(card_html(p.card, declared=p.value if p.value is not None else p.color, size="small")
                     for p in pile.plays)
    return ('<span class="dos-pile" style="display:inline-block;margin-right:10px">'
            '<span style="display:block;font:11px sans-serif;color:#555">'
            '' + html.escape(gettext("Card {number}").format(number=index + 1)) + f'</span>'
            f"{card_html(pile.card, declared=pile.shown_as)}{played}</span>")


def step_html(s: Step) -> str:
    """The table after one step: the Center Row with its piles, every hand, and the piles' sizes."""
    piles = [pile_html(index, pile) for index, pile in enumerate(s.frame.row)]
    hands = "".join(f'<div style="font:13px sans-serif">{player_name(p)} — {count_text(len(h))}: '
                    f"{cards_html(list(h), size='small')}</div>" for p, h in enumerate(s.hands))
    row = gettext("Center Row ({cards})").format(cards=count_text(len(s.row)))
    piles_said = (ngettext("Draw pile: {count} card", "Draw pile: {count} cards", s.draw_pile).format(count=s.draw_pile)
                  + " · " + ngettext("Discard pile: {count} card", "Discard pile: {count} cards", s.discard_pile
                                     ).format(count=s.discard_pile))
    return (f'<div style="font:600 13px sans-serif">{html.escape(row)}</div>'
            f"<div>{''.join(piles) or cards_html([])}</div>{hands}"
            f'<div style="font:13px sans-serif;color:#333">{html.escape(piles_said)}</div>')
