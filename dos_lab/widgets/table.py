"""A playable DOS table: your hand, the Center Row, the opponents, the piles, the
buttons, the narrated log and the scoring table — a thin view over a
:class:`~dos_lab.play.controller.TableController`.

The view never decides what is legal: it enables the buttons the controller
(that is, the engine) allows and shows the engine's answer in the status line.
Every widget that a browser test needs carries a stable ``dos-…`` CSS class.

>>> from dos_lab.play.positions import staged_game
>>> view = TableView(TableController(staged_game("colour-match"), ["greedy"]))
>>> view.buttons["draw"].disabled, view.buttons["place"].disabled
(False, True)
>>> view.hand_buttons[0].click(); view.row_buttons[0].click(); view.buttons["match"].click()
>>> view.controller.message
'You played R7 on R7: single colour match. Press End turn: you will then place 1 bonus card (R6.1).'
"""

from __future__ import annotations

import functools
import logging
from html import escape
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from dos_lab.engine.cards import Card
from dos_lab.engine.events import Event, player_name
from dos_lab.i18n import gettext, ngettext, noop, pgettext
from dos_lab.play.controller import TableController, TableSetup
from dos_lab.play.observer import TableSnapshot
from dos_lab.play.stages import STAGES
from dos_lab.render import cards_html
from dos_lab.widgets.cards import (
    DeclarationBox,
    RowPile,
    fit_hand,
    fit_row,
    safe,
    set_trait,
    show_card,
    stylesheet,
)
from dos_lab.widgets.setup import SetupPanel

__all__ = ["TableView", "play"]

log = logging.getLogger(__name__)

#: (key, label, tooltip) of the action buttons, in keyboard (tab) order; translated when a table is built
ACTIONS: tuple[tuple[str, str, str], ...] = (
    ("match", noop("Match"), noop("Play the selected hand cards on the chosen row card")),
    ("draw", noop("Draw"), noop("Draw a card instead of matching (R7)")),
    ("place", noop("Place"), noop("Put the selected card into the Center Row (after a draw, or as a colour bonus)")),
    ("end_turn", noop("End turn"), noop("Finish your turn: discard the matched piles, refill the row, bonuses (R8)")),
    ("dos", noop("DOS!"),
     noop("Call DOS when you hold exactly two cards, or press it first to call with the move that leaves you two "
          "(R11)")),
    ("hint", noop("Hint"), noop("Select one legal match for me")),
    ("undo", noop("Undo"), noop("Take back your last action this turn")),
    ("next", noop("Next ▶"), noop("Show the next step of the computer players' turns")),
    ("skip", noop("Skip to my turn ▶▶"), noop("Show all the computer players' steps at once")),
)
LOG_LINES = 40


def _html(test_class: str, **layout: str) -> widgets.HTML:
    w = widgets.HTML(layout=widgets.Layout(**layout))
    w.add_class(test_class)
    return w


def stage_chips(current: str | None) -> str:
    """The stage bar E1–E6 with the current stage marked."""
    chips = "".join(
        f'<span class="dos-stage{" dos-stage-now" if current == code else ""}">'
        f'{"▶ " if current == code else ""}{code} ' + escape(gettext(label)) + '</span>' for code, label in STAGES)
    return ('<div style="margin:2px 0 0 2px"><span style="font-size:12px">' + escape(gettext("End of turn:"))
            + ' </span>'
            f"{chips}</div>")


def log_html(events: list[Event], viewer: int | None) -> str:
    """The narrated log, newest first; a stage the sentence does not name is shown as a badge (never twice)."""
    items = []
    for number, event in enumerate(reversed(events[-LOG_LINES:])):
        text = event.describe(viewer=viewer)
        named = event.stage is None or text.startswith(event.stage)
        badge = "" if named else f'<span class="dos-badge">{event.stage}</span>'
        css = ' class="dos-new"' if number == 0 else ""
        items.append(f"<li{css}>{badge}{escape(text)}</li>")
    return (f'<div class="dos-log" role="log"><ul style="list-style:none;padding-left:0;margin:0">'
            f'{"".join(items)}</ul></div>')


class TableView(widgets.VBox):  # type: ignore[misc]
    """The whole table for one :class:`TableController`; redraws itself after every intent."""

    def __init__(self, controller: TableController, *, setup: bool = True) -> None:
        self.controller = controller
        c = controller
        self.header = _html("dos-header")
        self.prompt = _html("dos-prompt")
        self.status = _html("dos-status")
        self.opponents = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.opponents.add_class("dos-opponents")
        self._opponent_info: dict[int, widgets.HTML] = {}
        self._catch: dict[int, widgets.Button] = {}
        self.row_piles: list[RowPile] = []
        self.row_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start",
                                                          min_height="130px"))
        self.row_box.add_class("dos-row")
        self.piles = _html("dos-piles")
        self.stages = _html("dos-stages")
        self.hand_title = _html("dos-hand-title")
        self.hand_buttons: list[widgets.Button] = []
        self.hand_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap", min_height="112px",
                                                           padding="8px 0 0 6px"))
        self.hand_box.add_class("dos-hand")
        self.declare_box = DeclarationBox(c.declarations_needed, c.declare)
        self.buttons: dict[str, widgets.Button] = {}
        for key, label, tip in ACTIONS:
            button = widgets.Button(description=gettext(label), tooltip=gettext(tip),
                                    layout=widgets.Layout(width="auto", min_width="84px"))
            button.add_class("dos-action")
            button.add_class(f"dos-{key.replace('_', '-')}")
            button.on_click(safe(getattr(c, {"dos": "call_dos", "next": "next_step"}.get(key, key))))
            self.buttons[key] = button
        self.scoring = _html("dos-scoring")
        self.next_round = widgets.Button(description=gettext("Next round"),
                                         tooltip=gettext("Deal the next round (R13.5)"),
                                         layout=widgets.Layout(width="auto"))
        self.next_round.add_class("dos-action")
        self.next_round.add_class("dos-next-round")
        self.next_round.on_click(safe(c.next_round))
        self.round_end = widgets.VBox([self.scoring, self.next_round])
        self.round_end.add_class("dos-round-end")
        self.log_box = _html("dos-log-box")
        self.setup_panel = SetupPanel(c.setup, self._start) if setup else None
        actions = widgets.HBox([self.buttons[k] for k, _, _ in ACTIONS[:7]],
                               layout=widgets.Layout(flex_flow="row wrap"))
        actions.add_class("dos-actions")
        replay = widgets.HBox([self.buttons["next"], self.buttons["skip"]], layout=widgets.Layout(flex_flow="row wrap"))
        replay.add_class("dos-replay")
        row_title = self._title(gettext("Center Row — click a card to make it your target"))
        shown: list[widgets.Widget] = [
            stylesheet(), self.header, self.prompt, self.status, replay,
            self._title(gettext("Opponents")), self.opponents, row_title, self.row_box, self.piles,
            self.stages, self.hand_title, self.hand_box, self.declare_box, actions, self.round_end,
            self._title(gettext("What happened (newest first)")), self.log_box]
        if self.setup_panel is not None:
            shown.append(self.setup_panel)
        for place, child in enumerate(shown):
            child.layout.order = str(place)
        # The keyboard reaches the hand before the Center Row, in the order of a move (cards, then the row card,
        # then Match): the page keeps the row above the hand, but the hand comes first in the page's order.
        # Tab then goes hand → row → Match in a few presses (from the hand round the whole page to the row before).
        hand_part = [self.hand_title, self.hand_box, self.declare_box]
        before_row = shown.index(row_title)
        children = [*shown[:before_row], *hand_part, *(w for w in shown[before_row:] if w not in hand_part)]
        super().__init__(children, layout=widgets.Layout(padding="4px 8px"))
        self._replaying = c.replaying
        self.add_class("dos-table")
        c.on_change(self.refresh)
        self.refresh()

    @property
    def row_buttons(self) -> list[widgets.Button]:
        """The Center Row card buttons, left to right."""
        return [pile.button for pile in self.row_piles[:len(self.row_box.children)]]

    @staticmethod
    def _title(text: str) -> widgets.HTML:
        return widgets.HTML(f'<div class="dos-section-title">{escape(text)}</div>')

    def _start(self, setup: TableSetup) -> None:
        self.controller.new_game(setup)

    # ------------------------------------------------------------------ drawing

    def refresh(self) -> None:
        """Redraw everything from the controller (only changed traits travel to the browser)."""
        c = self.controller
        s = c.view
        self._header(s)
        set_trait(self.prompt, "value", f'<div class="dos-prompt-text" role="status">➜ {escape(c.prompt)}</div>')
        kind = c.message_kind if c.message else "info"
        text = escape(c.message) if c.message else "&nbsp;"
        set_trait(self.status, "value",
                  f'<div class="dos-status-text dos-status-{kind}" role="status" aria-live="polite">{text}</div>')
        self._opponents(s)
        self._row(s)
        self._hand(s)
        self.declare_box.refresh()
        enabled = c.offered()
        for key, button in self.buttons.items():
            set_trait(button, "disabled", not enabled[key])
        set_trait(self.buttons["dos"], "button_style", "warning" if enabled["dos"] else "")
        self._round_end(s)
        set_trait(self.log_box, "value", log_html(c.events, c.human))
        if self._replaying and not c.replaying and c.my_turn and self.hand_buttons:
            # Next ▶ has just greyed out under the keyboard's focus, which would fall back to the top of the page
            self.hand_buttons[0].focus()
        self._replaying = c.replaying

    def _header(self, s: TableSnapshot) -> None:
        c, g = self.controller, self.controller.game
        scores = g.scores if g is not None else [0] * s.players
        cells = []
        for p in range(s.players):
            now = " " + escape(gettext("◀ to play")) if p == s.current and not s.over else ""
            points = ngettext("{count} point", "{count} points", scores[p]).format(count=scores[p])
            cells.append(f"<td><b>{escape(c.name(p))}</b>{now}</td><td>{escape(points)}</td>")
        rows = "".join(f"<tr>{cell}</tr>" for cell in cells)
        about = (escape(gettext("Dealer {player} · first to {target} points wins").format(
                     player=player_name(g.dealer), target=g.rules.target_score)) + " · "
                 '<span class="dos-seed">' + escape(gettext("deal number (seed) {seed}").format(seed=c.seed))
                 + '</span>'
                 if g is not None else "")
        title = (gettext("DOS — round {round}, turn {turn}").format(round=g.round_number, turn=s.turn)
                 if g is not None else gettext("DOS — turn {turn}").format(turn=s.turn))
        set_trait(self.header, "value",
                  f'<div style="display:flex;flex-wrap:wrap;gap:8px 24px;align-items:flex-start">'
                  f'<div><div style="font-size:20px;font-weight:700">{escape(title)}</div>'
                  f'<div style="font-size:13px">{about}</div></div>'
                  f'<table class="dos-scoring dos-scores">{rows}</table></div>')

    def _opponents(self, s: TableSnapshot) -> None:
        c = self.controller
        others = [p for p in range(s.players) if p != c.human]
        if sorted(self._opponent_info) != others:
            self._opponent_info, self._catch, boxes = {}, {}, []
            for p in others:
                info = _html(f"dos-opponent-{p}")
                catch = widgets.Button(description=gettext("Catch {player}!").format(player=player_name(p)),
                                       tooltip=gettext("Call DOS on {player}: they hold two cards and forgot to call "
                                                       "(R11.1)").format(player=player_name(p)),
                                       layout=widgets.Layout(width="auto"))
                catch.add_class("dos-action")
                catch.add_class(f"dos-catch-{p}")
                catch.on_click(safe(functools.partial(c.catch, p)))
                self._opponent_info[p], self._catch[p] = info, catch
                boxes.append(widgets.VBox([info, catch]))
            self.opponents.children = boxes
        for p in others:
            n = s.hand_sizes[p]
            playing = p == s.current and not s.over
            notes = []
            if playing:
                notes.append(gettext("◀ playing now"))
            if n == 2:
                notes.append(gettext("called DOS ✓") if s.called[p] else gettext("two cards, no DOS call yet"))
            count = escape(ngettext("{count} card", "{count} cards", n)).replace(
                "{count}", f'<span style="font-size:20px;font-weight:700">{n}</span>')
            backs = "▮" * min(n, 20) + ("…" if n > 20 else "")
            set_trait(self._opponent_info[p], "value",
                      f'<div class="dos-panel{" dos-panel-current" if playing else ""}" style="min-width:190px">'
                      f'<b>{escape(c.name(p))}</b><br>{count} '
                      f'<span aria-hidden="true" style="color:#5d4037">{backs}</span>'
                      f'<br><span style="font-size:13px">{escape(" · ".join(notes)) or "&nbsp;"}</span></div>')
            set_trait(self._catch[p], "disabled", not c.can_catch(p))
            set_trait(self._catch[p].layout, "display", None if n == 2 else "none")

    def _row(self, s: TableSnapshot) -> None:
        c = self.controller
        fit_row(self.row_piles, self.row_box, len(s.row), c.choose_target)
        live = c.live and s.your_turn
        for index, pile in enumerate(s.row):
            self.row_piles[index].show(pile, targeted=live and c.target == index, live=live)
        draw = escape(ngettext("Draw pile: {count} card", "Draw pile: {count} cards", s.draw_count)).replace(
            "{count}", f"<b>{s.draw_count}</b>")
        discard = escape(ngettext("Discard pile: {count} card", "Discard pile: {count} cards", s.discard_count)
                         ).replace("{count}", f"<b>{s.discard_count}</b>")
        set_trait(self.piles, "value", f'<div style="font-size:14px;margin:2px 0 0 4px">{draw} · {discard}</div>')
        set_trait(self.stages, "value", stage_chips(s.stage))

    def _hand(self, s: TableSnapshot) -> None:
        c = self.controller
        fit_hand(self.hand_buttons, self.hand_box, len(s.hand), c.toggle_card)
        for index, card in enumerate(s.hand):
            selected = index in c.selected and not c.replaying
            drawn = s.drawn == card and index == _last_index(s.hand, card)
            show_card(self.hand_buttons[index], card, f"dos-hand-{index}", selected=selected,
                      extra=gettext("just drawn") if drawn else "", disabled=s.over)
        called = " · " + gettext("DOS called ✓") if s.called[c.human] else ""
        title = ngettext("Your hand — {count} card", "Your hand — {count} cards", len(s.hand)).format(
            count=len(s.hand))
        set_trait(self.hand_title, "value",
                  f'<div class="dos-section-title">{escape(title + called)}<span style="font-weight:400"> '
                  f'' + escape(gettext("(click cards to select them)")) + '</span></div>')

    def _round_end(self, s: TableSnapshot) -> None:
        c = self.controller
        show = s.over and not c.replaying
        set_trait(self.round_end.layout, "display", None if show else "none")
        set_trait(self.next_round, "disabled", not c.enabled()["next_round"])
        g = c.game
        set_trait(self.next_round.layout, "display", None if show and g is not None and not g.over else "none")
        if not show:
            set_trait(self.scoring, "value", "")
            return
        r = c.round
        rows = []
        for p, hand, points in c.round_summary():
            lost = ngettext("{count} point to the winner", "{count} points to the winner", points).format(count=points)
            result = (escape(gettext("went out: scores {points}")).replace("{points}", f"<b>{r.points}</b>")
                      if p == r.winner else escape(lost))
            total = g.scores[p] if g is not None else ""
            left = cards_html(hand, size='small', empty=pgettext('no cards left in a hand', 'none'))
            rows.append(f"<tr><td><b>{escape(c.name(p))}</b></td><td>{left}"
                        f"</td><td>{result}</td><td><b>{total}</b></td></tr>")
        set_trait(self.scoring, "value",
                  f'<div class="dos-panel" style="background:#fff"><div class="dos-section-title">'
                  f'{escape(c.prompt)}</div><table class="dos-scoring"><tr><th>' + escape(gettext("Player")) + '</th>'
                  '<th>' + escape(gettext("Cards left")) + '</th><th>' + escape(gettext("This round (R13.1)")) + '</th>'
                  '<th>' + escape(gettext("Total")) + f'</th></tr>{"".join(rows)}</table></div>')


def _last_index(hand: tuple[Card, ...], card: Card) -> int:
    return len(hand) - 1 - hand[::-1].index(card)


def play(setup: TableSetup | None = None, **options: Any) -> TableView:
    """A new table: ``play()`` (you against a greedy bot), ``play(bots=("greedy", "random"), seed=3)``,
    ``play(position="colour-match")``, ``play(seed=None)`` (a fresh deal) or ``play(TableSetup(...))``."""
    setup = setup or TableSetup(**options)
    return TableView(TableController.from_setup(setup))
