"""Pure, deterministic pictures of cards, rows, hands, rounds and games.

HTML (for notebooks, Voila and the widgets) and plain text. Equal input gives
the same bytes. Every card shows its colour letter and a colour symbol as well
as its colour, so no card depends on colour vision: red ●, blue ■, green ▲,
yellow ★; the Wild DOS is black with a four-colour band and the word WILD.

>>> from dos_lab.engine.cards import Card
>>> card_text(Card.parse("R7")), card_text(Card.parse("G#")), card_text(Card.parse("W"))
('[R7●]', '[G#▲]', '[W 2]')
>>> 'aria-label="red 7"' in card_html(Card.parse("R7"))
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape
from typing import TYPE_CHECKING

from dos_lab.engine.cards import Card, Color, Kind
from dos_lab.engine.events import player_name
from dos_lab.i18n import card_codes, colour_letter, colour_name, gettext, ngettext, number, percent, pgettext

if TYPE_CHECKING:
    from dos_lab.analysis.simulate import GameRecord
    from dos_lab.engine.game import Game
    from dos_lab.engine.round import Round

__all__ = [
    "SYMBOLS",
    "card_html",
    "card_name",
    "card_text",
    "cards_html",
    "cards_text",
    "game_html",
    "game_text",
    "log_html",
    "round_html",
    "round_text",
    "table_html",
    "win_rate_table",
]

SYMBOLS: dict[Color, str] = {Color.RED: "●", Color.BLUE: "■", Color.GREEN: "▲", Color.YELLOW: "★"}
#: background and text colours with a contrast ratio of at least 4.5:1
PALETTE: dict[Color, tuple[str, str]] = {
    Color.RED: ("#c62828", "#ffffff"),
    Color.BLUE: ("#1565c0", "#ffffff"),
    Color.GREEN: ("#2e7d32", "#ffffff"),
    Color.YELLOW: ("#fdd835", "#1a1a1a"),
}
_WILD_BAND = "linear-gradient(90deg,#c62828 0 25%,#1565c0 25% 50%,#2e7d32 50% 75%,#fdd835 75% 100%)"


def card_name(card: Card) -> str:
    """What a screen reader says for a card, in the current language: ``"red 7"``, ``"blue Wild #, any number 1
    to 10"``, ``"Wild DOS, counts as 2"`` (:attr:`Card.name` stays the English name of the API).

    >>> card_name(Card.parse("R7")), card_name(Card.parse("B#"))
    ('red 7', 'blue Wild #, any number 1 to 10')
    """
    if card.kind is Kind.WILD_DOS:
        return gettext("Wild DOS, counts as 2")
    if card.kind is Kind.WILD_NUMBER:
        return {Color.RED: pgettext("card name", "red Wild #, any number 1 to 10"),
                Color.BLUE: pgettext("card name", "blue Wild #, any number 1 to 10"),
                Color.GREEN: pgettext("card name", "green Wild #, any number 1 to 10"),
                Color.YELLOW: pgettext("card name", "yellow Wild #, any number 1 to 10")}[card.color or Color.RED]
    return {Color.RED: pgettext("card name", "red {number}"), Color.BLUE: pgettext("card name", "blue {number}"),
            Color.GREEN: pgettext("card name", "green {number}"),
            Color.YELLOW: pgettext("card name", "yellow {number}")}[card.color or Color.RED].format(number=card.number)


def card_text(card: Card, declared: int | Color | None = None) -> str:
    """A card in brackets with its colour symbol: ``[R7●]``; a declaration follows ``=``.

    >>> card_text(Card.parse("B#"), 4), card_text(Card.parse("W"), Color.YELLOW)
    ('[B#=4■]', '[W=Y★]')
    """
    if card.kind is Kind.WILD_DOS:
        if isinstance(declared, Color):
            return f"[W={colour_letter(declared.value)}{SYMBOLS[declared]}]"
        return "[W 2]"
    assert card.color is not None
    shown = card_codes(card.code if declared is None else f"{card.code}={declared}")
    return f"[{shown}{SYMBOLS[card.color]}]"


def cards_text(cards: Iterable[Card]) -> str:
    """Cards side by side, or ``(none)``."""
    text = " ".join(card_text(c) for c in cards)
    return text or gettext("(none)")


def card_html(card: Card, *, declared: int | Color | None = None, size: str = "normal",
              extra_class: str = "") -> str:
    """One card face as self-contained HTML (inline styles, no scripts).

    ``declared`` shows a wild card's chosen number or colour; ``size`` is
    ``"normal"`` or ``"small"``.
    """
    width, height, big, small = (58, 84, 28, 13) if size == "normal" else (40, 58, 19, 11)
    classes = f"dos-card dos-card-{card.code.replace('#', 'wild')}" + (f" {extra_class}" if extra_class else "")
    base = (f"display:inline-flex;flex-direction:column;justify-content:space-between;box-sizing:border-box;"
            f"width:{width}px;height:{height}px;margin:3px;padding:3px 4px;border-radius:8px;"
            f"font-family:'DejaVu Sans',Verdana,sans-serif;font-weight:700;vertical-align:top;"
            f"box-shadow:0 1px 3px rgba(0,0,0,.35);")
    if card.kind is Kind.WILD_DOS:
        label = gettext("Wild DOS, counts as 2")
        corner = "WILD"
        centre = "2"
        if isinstance(declared, Color):
            label = gettext("Wild DOS, counts as 2, played as {colour}").format(colour=colour_name(declared.value))
            corner = f"W={colour_letter(declared.value)}{SYMBOLS[declared]}"
        style = (base + f"background:#1a1a1a;color:#ffffff;border:3px solid #1a1a1a;"
                 f"background-image:{_WILD_BAND};background-size:100% 9px;background-repeat:no-repeat;"
                 f"background-position:bottom;")
    else:
        assert card.color is not None
        bg, fg = PALETTE[card.color]
        symbol = SYMBOLS[card.color]
        corner = pgettext("card corner: the colour letter and the colour symbol", "{letter} {symbol}").format(
            letter=colour_letter(card.color.value), symbol=symbol)
        if card.kind is Kind.WILD_NUMBER:
            label = card_name(card)
            centre = "#" if declared is None else f"#={declared}"
            if declared is not None:
                label = gettext("{card}, played as {value}").format(card=label, value=declared)
            style = base + f"background:{bg};color:{fg};border:3px dashed {fg};"
        else:
            label = card_name(card)
            centre = str(card.number)
            style = base + f"background:{bg};color:{fg};border:3px solid {bg};"
    return (f'<span class="{escape(classes)}" role="img" aria-label="{escape(label)}" title="{escape(label)}" '
            f'style="{style}"><span style="font-size:{small}px;line-height:1">{escape(corner)}</span>'
            f'<span style="font-size:{big if len(centre) <= 2 else big * 2 // 3}px;line-height:1;'
            f'text-align:center">{escape(centre)}</span>'
            f'<span style="font-size:{small}px;line-height:1;text-align:right">'
            f'{escape(corner if card.kind is not Kind.WILD_DOS else "")}</span></span>')


def cards_html(cards: Sequence[Card], *, size: str = "normal", empty: str | None = None) -> str:
    """A row of card faces, or a short note when there are none (``empty``, by default "no cards")."""
    if not cards:
        note = gettext("no cards") if empty is None else empty
        return f'<span class="dos-empty" style="color:#555;font-style:italic">{escape(note)}</span>'
    return "".join(card_html(c, size=size) for c in cards)


def _section(title: str, body: str) -> str:
    return (f'<div class="dos-section" style="margin:4px 0"><div style="font:600 13px sans-serif;color:#333">'
            f'{escape(title)}</div><div>{body}</div></div>')


def round_html(r: Round) -> str:
    """The whole table: row (with cards played this turn), every hand, piles, phase."""
    row_parts = []
    for index, card in enumerate(r.center_row):
        played = r.played_on(index)
        pile = card_html(card) + "".join(card_html(c, size="small") for c in played)
        number = gettext("Card {number}").format(number=index + 1)
        label = f'<span style="display:block;font:11px sans-serif;color:#555">{escape(number)}</span>'
        row_parts.append(f'<span class="dos-pile" style="display:inline-block;margin-right:10px">{label}{pile}</span>')
    parts = [f'<div class="dos-round" style="font-family:sans-serif">'
             f'<div style="font:600 14px sans-serif">{escape(_status(r))}</div>',
             _section(gettext("Center Row"), "".join(row_parts) or cards_html([]))]
    for player, hand in enumerate(r.hands):
        title = ngettext("{player} — {count} card", "{player} — {count} cards", len(hand)).format(
            player=player_name(player), count=len(hand))
        if player == r.current and not r.over:
            title = gettext("{title} ◀ to play").format(title=title)
        parts.append(_section(title, cards_html(hand, size="small")))
    piles = gettext("{draw} · {discard}").format(
        draw=ngettext("Draw pile: {count} card", "Draw pile: {count} cards", len(r.draw_pile)).format(
            count=len(r.draw_pile)),
        discard=ngettext("Discard pile: {count} card", "Discard pile: {count} cards", len(r.discard_pile)).format(
            count=len(r.discard_pile)))
    parts.append(f'<div style="font:13px sans-serif;color:#333">{escape(piles)}</div></div>')
    return "".join(parts)


def _status(r: Round) -> str:
    if r.over:
        if r.winner is None:
            return gettext("The round ended with no score.")
        return gettext("Round over: {player} went out and scores {points}.").format(
            player=player_name(r.winner), points=r.points)
    who = player_name(r.current)
    if r.phase.value == "matching":
        return gettext("Turn {turn}: {player} to match or draw.").format(turn=r.turn, player=who)
    if r.phase.value == "drew":
        return gettext("Turn {turn}: {player} to match the drawn card or place a card.").format(turn=r.turn,
                                                                                               player=who)
    return ngettext("Turn {turn}: {player} to place {count} bonus card.",
                    "Turn {turn}: {player} to place {count} bonus cards.", r.bonuses_owed).format(
                        turn=r.turn, player=who, count=r.bonuses_owed)


def round_text(r: Round) -> str:
    """A plain-text picture of the table.

    >>> from dos_lab.engine.round import Round
    >>> print(round_text(Round.from_position(hands=["R7 B3", "W"], center_row="B7 Y5", draw_pile="G4")))
    Turn 1: P1 to match or draw.
    Center Row: [B7■] [Y5★]
    P1 (to play): [R7●] [B3■]
    P2: [W 2]
    Draw pile: 1 card · Discard pile: 0 cards
    """
    lines = [_status(r)]
    row = []
    for index, card in enumerate(r.center_row):
        played = r.played_on(index)
        row.append(card_text(card) + ("<" + card_codes("+".join(c.code for c in played)) + ">" if played else ""))
    lines.append(gettext("Center Row: {row}").format(row=" ".join(row) or gettext("(empty)")))
    for player, hand in enumerate(r.hands):
        if player == r.current and not r.over:
            lines.append(gettext("{player} (to play): {hand}").format(player=player_name(player),
                                                                      hand=cards_text(hand)))
        else:
            lines.append(f"{player_name(player)}: {cards_text(hand)}")
    draw, discard = len(r.draw_pile), len(r.discard_pile)
    lines.append(gettext("{draw} · {discard}").format(
        draw=ngettext("Draw pile: {count} card", "Draw pile: {count} cards", draw).format(count=draw),
        discard=ngettext("Discard pile: {count} card", "Discard pile: {count} cards", discard).format(count=discard)))
    return "\n".join(lines)


def log_html(events: Iterable[object], viewer: int | None = None) -> str:
    """The narrated log as an HTML list (newest last)."""
    items = "".join(f"<li>{escape(e.describe(viewer))}</li>" for e in events)  # type: ignore[attr-defined]
    return f'<ol class="dos-log" style="font:13px sans-serif;margin:0;padding-left:22px">{items}</ol>'


def _scores_table(game: Game) -> str:
    cells = "".join(f"<th style='padding:2px 8px'>{player_name(p)}</th>" for p in range(game.players))
    scores = "".join(f"<td style='padding:2px 8px;text-align:center'>{s}</td>" for s in game.scores)
    return (f'<table class="dos-scores" style="border-collapse:collapse;font:13px sans-serif">'
            f"<tr>{cells}</tr><tr>{scores}</tr></table>")


def game_text(game: Game) -> str:
    """Scores, dealer and the current round, as text."""
    scores = ", ".join(f"{player_name(p)} {s}" for p, s in enumerate(game.scores))
    head = gettext("Round {number} · dealer {dealer} · scores: {scores}").format(
        number=game.round_number, dealer=player_name(game.dealer), scores=scores)
    if game.over and game.winner is not None:
        head = gettext("{head} · {player} wins the game").format(head=head, player=player_name(game.winner))
    return head + "\n" + round_text(game.round)


def game_html(game: Game) -> str:
    """Scores, dealer and the current round, as HTML."""
    title = gettext("Round {number} · dealer {dealer} · playing to {target}").format(
        number=game.round_number, dealer=player_name(game.dealer), target=game.rules.target_score)
    head = f'<div style="font:600 14px sans-serif">{escape(title)}</div>'
    return f'<div class="dos-game">{head}{_scores_table(game)}{round_html(game.round)}</div>'


def table_html(header: Sequence[str], rows: Sequence[Sequence[object]], caption: str = "") -> str:
    """An HTML table with aligned columns: the first column left, the others right (numbers line up).

    >>> table_html(["row card", "chance"], [["7", "66.4 %"]]).count("<tr")
    2
    """
    cell = "padding:3px 12px;border-bottom:1px solid #ddd;"
    head = "".join(f"<th style='{cell}text-align:{'left' if i == 0 else 'right'}'>{h}</th>"
                   for i, h in enumerate(header))
    body = "".join("<tr>" + "".join(
        f"<td style='{cell}text-align:{'left' if i == 0 else 'right'};font-variant-numeric:tabular-nums'>{v}</td>"
        for i, v in enumerate(row)) + "</tr>" for row in rows)
    cap = f"<caption style='caption-side:top;text-align:left;font-weight:bold;padding:4px 0'>{caption}</caption>"
    return (f"<table class='dos-table' style='border-collapse:collapse;font-size:14px;margin:6px 0'>"
            f"{cap if caption else ''}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>")


def win_rate_table(records: Sequence[GameRecord], names: Sequence[str]) -> str:
    """The win rates of a batch of games as a table, with 95 % Wilson intervals (games stopped by the
    safety cap are counted in the caption and left out of the rates)."""
    from dos_lab.analysis.simulate import win_rates  # only pages that simulate need it

    rows = [[escape(rate.name), number(rate.wins), number(rate.games), percent(rate.rate),
             gettext("{low} to {high}").format(low=percent(rate.low), high=percent(rate.high))]
            for rate in win_rates(records, names)]
    stopped = sum(1 for r in records if not r.finished)
    caption = ngettext("{count} game", "{count} games", len(records)).format(count=number(len(records)))
    if stopped:
        caption = ngettext("{games} ({count} stopped by the safety cap)", "{games} ({count} stopped by the safety cap)",
                           stopped).format(games=caption, count=number(stopped))
    return table_html([gettext("bot"), gettext("wins"), gettext("games"), gettext("win rate"),
                       gettext("95 % Wilson interval")], rows, caption)
