"""Widgets for the rule tutorials in ``tutorials/``, thin views over :mod:`dos_lab.play`:

* :class:`PlayableExample` — a small table with a goal (:class:`~dos_lab.play.example.ExampleModel`):
  the same card buttons, row piles and declaration dropdowns as the game's table. The reader picks
  hand cards and a Center Row card, declares any wild card, and presses Match, Draw, Place or End
  turn; the engine's answer (or its refusal with the rule number) is shown, and the status says
  whether the goal is reached yet.
* :class:`Exercise` — a question, an answer box, a Check button driven by an answer checker, and a
  "Show me" button with the solution.
* :class:`ClosingCheck` — the short quiz with a score that ends every tutorial (the course's
  :class:`~dos_lab.widgets.answers.Quiz`, with its answer boxes and choice questions).
* :class:`TurnStepper` — a turn cut into steps (:func:`dos_lab.play.steps.turn_steps`), shown one
  step at a time through the end-of-turn stages E1 … E6 (RULES.md R8).

The text helpers notebooks print (``try_action``, ``turn_steps_text``, …) live in
:mod:`dos_lab.play.steps`; the names notebooks use are re-exported here.
"""

from __future__ import annotations

import functools
import html
import logging
import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import ipywidgets as widgets  # type: ignore[import-untyped]

from dos_lab.classroom.site import on_a_site
from dos_lab.engine.cards import parse_cards
from dos_lab.engine.events import player_name
from dos_lab.errors import DosError
from dos_lab.i18n import card_codes, gettext, ngettext, pgettext
from dos_lab.play.example import ExampleModel, Instruction, Position, control_for
from dos_lab.play.intents import Action, Catch
from dos_lab.play.observer import TableSnapshot, snapshot_of
from dos_lab.play.stages import STAGES
from dos_lab.play.steps import (
    Step,
    apply_action,
    bonus_order_rows,
    bonus_order_text,
    deck_table_text,
    narrate,
    parse_hand,
    plain,
    try_action,
    turn_steps,
    turn_steps_text,
    without_stage_code,
)
from dos_lab.render import cards_html
from dos_lab.widgets.answers import AnswerBox, ChoiceBox, Quiz, on_enter
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
from dos_lab.widgets.page_progress import example_item, page_item, this_page
from dos_lab.widgets.pictures import BAD_INK, OK_INK, bonus_order_html, count_text, deck_table_html, step_html

if TYPE_CHECKING:
    from dos_lab.engine.cards import Card
    from dos_lab.engine.game import Game
    from dos_lab.engine.round import Round
    from dos_lab.widgets.class_report import ClassReport

log = logging.getLogger(__name__)

__all__ = [
    "STAGES",
    "Action",
    "AnswerBox",
    "ChoiceBox",
    "ClosingCheck",
    "Exercise",
    "PlayableExample",
    "Step",
    "TurnStepper",
    "apply_action",
    "board_html",
    "bonus_order_html",
    "bonus_order_rows",
    "bonus_order_text",
    "deck_table_html",
    "deck_table_text",
    "narrate",
    "parse_hand",
    "position_html",
    "rule_links",
    "try_action",
    "turn_steps",
    "turn_steps_text",
]

_INK = "#1a1a1a"
_STATUS = {"ok": (OK_INK, "✓ "), "bad": (BAD_INK, "✗ "), "info": (_INK, ""), "warn": ("#e65100", "⚠ ")}


def _status(kind: str, text: str) -> str:
    colour, mark = _STATUS[kind]
    if kind == "bad":
        mark += gettext("Not allowed: {reason}").split("{reason}")[0]
    lines = html.escape(text).replace("\n", "<br>")
    return (f'<div class="dos-tut-status-{kind}" style="font:14px sans-serif;color:{colour};'
            f'border-left:5px solid {colour};padding:4px 8px;margin:4px 0;white-space:normal">'
            f"{html.escape(mark)}{lines}</div>")


def _action_button(text: str, css: str, tooltip: str) -> widgets.Button:
    button = widgets.Button(description=text, tooltip=tooltip, layout=widgets.Layout(width="auto", margin="2px"))
    button.add_class("dos-action")
    button.add_class("dos-tut-action")
    button.add_class(css)
    return button


def _title(text: str) -> str:
    return f'<div style="font:700 16px sans-serif">{html.escape(text)}</div>' if text else ""


def _strip_tags(text: str) -> str:
    return html.unescape(re.sub(r"<[^>]*>", "", text.replace("<br>", "\n")))


def board_html(r: Round, viewer: int, game: Game | None = None, *, prompt: str = "") -> str:
    """What a playable example shows around the card buttons: the scores of a game, what to do now,
    the other players' hands (face up: a teaching table) and the piles. The reader's own hand and
    the Center Row are card buttons, so they are left out here."""
    return _board(snapshot_of(r, None), viewer, game, prompt)


def _board(s: TableSnapshot, viewer: int, game: Game | None, prompt: str) -> str:
    parts = ['<div class="dos-tut-table" style="font-family:sans-serif">']
    if game is not None:
        scores = " · ".join(f"{player_name(p)}: {score}" for p, score in enumerate(game.scores))
        said = gettext("Scores — {scores} (first to {target} wins)").format(scores=scores,
                                                                            target=game.rules.target_score)
        parts.append(f'<div style="font:600 14px sans-serif;margin-bottom:4px">{html.escape(said)}</div>')
    if prompt:
        parts.append(f'<div class="dos-tut-prompt" style="font:600 14px sans-serif">{html.escape(prompt)}</div>')
    for p, hand in enumerate(s.hands):
        if p == viewer or hand is None:
            continue
        turn = " " + gettext("◀ to play") if p == s.current and not s.over else ""
        called = " · " + gettext("called DOS ✓") if s.called[p] and len(hand) == 2 else ""
        parts.append(f'<div style="font:13px sans-serif;margin-top:2px">{player_name(p)} — {count_text(len(hand))}'
                     f"{turn}{called}: {cards_html(list(hand), size='small')}</div>")
    mine = s.hand_sizes[viewer]
    said = (gettext("You ({player}) hold {cards}").format(player=player_name(viewer), cards=count_text(mine)) + " · "
            + ngettext("Draw pile: {count} card", "Draw pile: {count} cards", s.draw_count).format(count=s.draw_count)
            + " · " + ngettext("Discard pile: {count} card", "Discard pile: {count} cards", s.discard_count).format(
                count=s.discard_count))
    parts.append(f'<div style="font:13px sans-serif;color:#333">{html.escape(said)}</div></div>')
    return "".join(parts)


class PlayableExample(widgets.VBox):  # type: ignore[misc]
    """A staged position the reader plays with the game's card buttons; the engine confirms or refuses.

    ``position`` is a :class:`Round` (a copy is played; "Start again" goes back to
    it) or a function that builds a fresh :class:`Round` or :class:`Game`.
    ``goal`` says what to try; ``check(round)`` says whether it was reached (then
    ``success`` is shown). ``solution`` (a list of actions) adds a "Show me" button.
    ``dos_buttons`` adds "DOS!", Catch buttons and buttons that play another
    player's catch on the reader; ``opponents_catch`` makes the other players call
    DOS on the reader whenever the reader can be caught. ``stage_codes=False`` says the
    end-of-turn stages in words, for the tutorials before the stages E1 … E6 are taught.
    ``instructions`` are what the page's text asks the reader to try, each with the engine's expected answer
    (:class:`~dos_lab.play.example.Instruction`); :meth:`press` plays one as a student would.

    >>> from dos_lab import Round
    >>> ex = PlayableExample(Round.from_position(hands=["R7 B3 G9", "Y1"], center_row="B7 Y5", draw_pile="G4 Y8"),
    ...                      goal="Play R7 on B7.", check=lambda r: len(r.discard_pile) == 2)
    >>> ex.select("R7", row=0); ex.match_button.click(); ex.end_turn_button.click()
    >>> ex.reached, ex.round.center_row
    (True, [Card.parse('Y5'), Card.parse('G4')])
    """

    def __init__(self, position: Position, goal: str = "", check: Callable[[Round], bool] | None = None, *,
                 success: str | None = None, solution: Sequence[Action] | None = None,
                 title: str = "", dos_buttons: bool = False, opponents_catch: bool = False,
                 player: int | None = None, stage_codes: bool = True,
                 instructions: Sequence[Instruction | tuple[str, str | None] | str] = ()) -> None:
        super().__init__(layout=widgets.Layout(border="2px solid #90a4ae", padding="8px", margin="8px 0"))
        self.add_class("dos-tut-example")
        self.add_class("dos-table")
        self._words = plain if stage_codes else (lambda text: without_stage_code(plain(text)))
        self.model = ExampleModel(position, goal, check, success=success, solution=solution,
                                  opponents_catch=opponents_catch, player=player, dos_buttons=dos_buttons,
                                  instructions=instructions)
        m = self.model
        self.title_html = widgets.HTML(_title(title))
        self.goal = widgets.HTML()
        self.goal.add_class("dos-tut-goal")
        self.board = widgets.HTML()
        self.board.add_class("dos-tut-board")
        self.hand_label = widgets.HTML()
        self.hand_buttons: list[widgets.Button] = []
        self.hand_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap", padding="8px 0 0 6px"))
        self.hand_box.add_class("dos-tut-hand")
        self.row_piles: list[RowPile] = []
        self.row_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start"))
        self.row_box.add_class("dos-tut-row")
        self.declare_box = DeclarationBox(lambda: self.model.table.declarations_needed(), m.declare)

        self.match_button = _action_button(gettext("Match"), "dos-tut-match",
                                           gettext("play the chosen hand card(s) on the chosen Center Row card"))
        self.draw_button = _action_button(gettext("Draw"), "dos-tut-draw",
                                          gettext("draw one card instead of matching (R7)"))
        self.place_button = _action_button(gettext("Place"), "dos-tut-place",
                                           gettext("put the chosen hand card into the Center Row"))
        self.end_turn_button = _action_button(gettext("End turn"), "dos-tut-end-turn", gettext("finish the turn (R8)"))
        self.reset_button = _action_button(gettext("Start again"), "dos-tut-reset",
                                           gettext("go back to the starting position"))
        self.show_button = _action_button(gettext("Show me"), "dos-tut-show", gettext("play one right answer for me"))
        buttons = [self.match_button, self.draw_button, self.place_button, self.end_turn_button, self.reset_button]
        if m.solution is not None:
            buttons.append(self.show_button)
        self.dos_button = _action_button(gettext("DOS!"), "dos-tut-call", gettext("call DOS: you hold two cards (R11)"))
        self.catch_buttons: list[widgets.Button] = []
        self.caught_by_buttons: list[widgets.Button] = []
        dos_rows: list[widgets.Widget] = []
        if dos_buttons:
            for other in range(self.round.players):
                if other == self.player:
                    continue
                name = player_name(other)
                catch = _action_button(gettext("Catch {player}!").format(player=name), f"dos-tut-catch-P{other + 1}",
                                       gettext("you call DOS on {player}, who holds two cards and has not called "
                                               "(R11.1)").format(player=name))
                catch.on_click(safe(functools.partial(self._catch, other)))
                self.catch_buttons.append(catch)
                if m.opponents_catch:  # the other players call by themselves: nothing to play for them
                    continue
                caught = _action_button(gettext("{player} calls DOS on you").format(player=name),
                                        f"dos-tut-caught-by-P{other + 1}",
                                        gettext("play {player}'s part: {player} calls DOS on you (R11.1)").format(
                                            player=name))
                caught.on_click(safe(functools.partial(self._caught_by, other)))
                self.caught_by_buttons.append(caught)
            names = ", ".join(player_name(p) for p in range(self.round.players) if p != self.player)
            if m.opponents_catch:
                others = ngettext("Here {players} plays for real: the moment you can be caught holding two cards "
                                  "without a call, {players} calls DOS on you (R11.1).",
                                  "Here {players} play for real: the moment you can be caught holding two cards "
                                  "without a call, one of them calls DOS on you (R11.1).", self.round.players - 1)
            else:
                others = gettext("Nobody else plays at this table, so the “… calls DOS on you” buttons play the part "
                                 "of {players}: press one to see what happens when someone catches you holding two "
                                 "cards without a call (R11.1).")
            explain = widgets.HTML(
                '<div class="dos-tut-dos-help" style="font:13px sans-serif;color:#333;max-width:760px">'
                + gettext("<b>DOS!</b> is your own call when you hold two cards. <b>Catch</b> calls DOS on another "
                          "player who holds two cards and has not called.") + " "
                + others.format(players=html.escape(names)) + " "
                + gettext("The DOS! and Catch buttons can be pressed only when the rules allow it.") + "</div>")
            dos_rows = [widgets.HBox([self.dos_button, *self.catch_buttons, *self.caught_by_buttons],
                                     layout=widgets.Layout(flex_flow="row wrap")), explain]
        self.status = widgets.HTML()
        self.status.add_class("dos-tut-status")
        self.log_view = widgets.HTML()
        self.log_view.add_class("dos-tut-log")

        self.match_button.on_click(safe(m.match))
        self.draw_button.on_click(safe(m.draw))
        self.place_button.on_click(safe(m.place))
        self.end_turn_button.on_click(safe(m.end_turn))
        self.reset_button.on_click(safe(m.reset))
        self.show_button.on_click(safe(m.show_solution))
        self.dos_button.on_click(safe(m.call_dos))

        self.children = [stylesheet(), self.title_html, self.goal, self.board,
                         widgets.HTML('<div class="dos-section-title">'
                                      + html.escape(gettext("Center Row — click the card to match")) + "</div>"),
                         self.row_box, self.hand_label, self.hand_box, self.declare_box,
                         widgets.HBox(buttons, layout=widgets.Layout(flex_flow="row wrap")), *dos_rows,
                         self.status, self.log_view]
        m.on_change(self._refresh)
        self.progress = example_item(m, goal, m.success, title)  #: how the reader's tries went, for the teacher
        self._refresh()

    def __repr__(self) -> str:
        return "<" + gettext("Playable example: {goal}").format(goal=self.model.goal) + ">"

    # ---------------------------------------------------------------- reading (also for tests)

    @property
    def round(self) -> Round:
        """The round being played."""
        return self.model.round

    @property
    def game(self) -> Game | None:
        """The game, when the position is one."""
        return self.model.game

    @property
    def player(self) -> int:
        """The reader's seat."""
        return self.model.player

    @property
    def reached(self) -> bool:
        """True once the goal was reached."""
        return self.model.reached

    @property
    def selected_cards(self) -> list[Card]:
        """The hand cards selected now."""
        return self.model.selected_cards

    @property
    def row_buttons(self) -> list[widgets.Button]:
        """The Center Row card buttons, left to right."""
        return [pile.button for pile in self.row_piles[:len(self.row_box.children)]]

    @property
    def status_text(self) -> str:
        """The status line as plain text (for tests)."""
        return _strip_tags(self.status.value)

    def reset(self) -> None:
        """Go back to the starting position."""
        self.model.reset()

    def select(self, *cards: str, row: int | None = None) -> None:
        """Select hand cards by code (and a row card by position), as clicks would."""
        self.model.select(*cards, row=row)

    def show_solution(self) -> None:
        """Start again and play the solution, narrating it."""
        self.model.show_solution()

    def button_for(self, line: str) -> widgets.Button:
        """The button a script line's move is pressed with (:class:`~dos_lab.play.example.Instruction`)."""
        intent, key = control_for(line, self.player)
        if isinstance(intent, Catch):
            if intent.caller == self.player:
                return self.catch_buttons[[p for p in range(self.round.players) if p != self.player].index(
                    intent.target)]
            return self.caught_by_buttons[[p for p in range(self.round.players) if p != self.player].index(
                intent.caller)]
        return {"match": self.match_button, "draw": self.draw_button, "place": self.place_button,
                "end_turn": self.end_turn_button, "dos": self.dos_button}[key]

    def press(self, line: str) -> bool:
        """Play one script line as a student would: click its cards, its row card and its declarations, then its
        button. False, and nothing pressed, when the button cannot be pressed at that moment."""
        intent, _ = control_for(line, self.player)
        self.model.prepare(intent)
        button = self.button_for(line)
        if button.disabled or button not in self._shown_buttons():
            return False
        button.click()
        return True

    def _shown_buttons(self) -> list[widgets.Button]:
        shown = [self.match_button, self.draw_button, self.place_button, self.end_turn_button]
        if self.model.dos_buttons:
            shown += [self.dos_button, *self.catch_buttons, *self.caught_by_buttons]
        return shown

    # ---------------------------------------------------------------- clicks

    def _choose_card(self, index: int) -> None:
        self.model.choose_card(index)

    def _choose_target(self, index: int) -> None:
        self.model.choose_target(index)

    def _catch(self, player: int) -> None:
        self.model.catch(player)

    def _caught_by(self, player: int) -> None:
        self.model.caught_by(player)

    # ---------------------------------------------------------------- drawing

    def _refresh(self) -> None:
        m, t = self.model, self.model.table
        s = t.view
        set_trait(self.board, "value", _board(snapshot_of(m.round, None), m.player, m.game, t.prompt))
        fit_hand(self.hand_buttons, self.hand_box, len(s.hand), self._choose_card)
        for index, card in enumerate(s.hand):
            selected = index in t.selected
            marks = ["dos-tut-hand-card", f"dos-tut-card-{card.code.replace('#', 'wild')}"]
            show_card(self.hand_buttons[index], card, f"dos-hand-{index}", selected=selected,
                      marks=[*marks, *(["dos-tut-selected"] if selected else [])], disabled=not t.my_turn)
        fit_row(self.row_piles, self.row_box, len(s.row), self._choose_target,
                lambda index: ("dos-tut-row-card", f"dos-tut-row-{index}"))
        for index, pile in enumerate(s.row):
            self.row_piles[index].show(pile, targeted=t.target == index, live=t.my_turn)
        held = len(s.hand)
        called = " · " + gettext("DOS called ✓") if s.called[m.player] and held == 2 else ""
        title = gettext("Your hand ({player}) — {cards}").format(player=player_name(m.player), cards=count_text(held))
        set_trait(self.hand_label, "value",
                  f'<div class="dos-section-title">{html.escape(title + called)}<span style="font-weight:400"> '
                  f'' + html.escape(gettext("(click cards to select them)")) + '</span></div>')
        self.declare_box.refresh()
        enabled = t.offered()
        for key, button in (("match", self.match_button), ("draw", self.draw_button), ("place", self.place_button),
                            ("end_turn", self.end_turn_button), ("dos", self.dos_button)):
            set_trait(button, "disabled", not enabled[key])
        for other, button in zip((p for p in range(s.players) if p != m.player), self.catch_buttons, strict=False):
            set_trait(button, "disabled", not t.can_catch(other))
        for button in self.caught_by_buttons:
            set_trait(button, "disabled", not t.can_be_caught())
        self._goal()
        kind, said = m.status
        set_trait(self.status, "value", _status(kind, self._words(said)))
        told = [self._words(text) for text in m.narration()]
        items = "".join(f"<li>{html.escape(text)}</li>" for text in told)
        summary = html.escape(gettext("What has happened ({count})").format(count=len(told)))
        set_trait(self.log_view, "value", (f'<details open><summary style="font:600 13px sans-serif">{summary}'
                                           f'</summary><ol style="font:13px sans-serif;'
                                           f'margin:2px 0">{items}</ol></details>') if told else "")

    def _goal(self) -> None:
        m = self.model
        goal = html.escape(m.goal)
        if m.reached:
            value = (f'<div class="dos-tut-goal-done" style="font:15px sans-serif;background:#e8f5e9;'
                     f'border:2px solid {OK_INK};border-radius:6px;padding:6px 10px">'
                     f"<b>" + html.escape(gettext('Goal:')) + f"</b> {goal}<br>"
                     f"<b style='color:{OK_INK}'>✓ {html.escape(m.success)}</b></div>")
        elif goal:
            value = ('<div class="dos-tut-goal-open" style="font:15px sans-serif;background:#fff8e1;'
                     'border:2px solid #f9a825;border-radius:6px;padding:6px 10px">'
                     '<b>' + html.escape(gettext("Goal:")) + f'</b> {goal}</div>')
        else:
            value = ""
        set_trait(self.goal, "value", value)


_NUMBER = re.compile(r"[+-]?\d+")


class Exercise(widgets.VBox):  # type: ignore[misc]
    """A question with an answer box, a Check button and a "Show me" button.

    ``answer_checker(answer)`` gets the reader's answer as text and returns
    ``True``/``False`` or ``(ok, feedback)``. ``solution`` is shown by "Show me".
    With ``options`` the answer is picked from a list instead of typed. A
    ``placeholder`` that asks for "a number" makes the box accept whole numbers
    only, with a plain message for anything else.

    >>> ex = Exercise("2 + 3?", lambda a: a.strip() == "5", "5, because 2 + 3 = 5.")
    >>> ex.answer.value = "6"; ex.check_button.click(); ex.correct
    False
    >>> ex.answer.value = "5"; ex.check_button.click(); ex.correct
    True
    >>> Exercise("How many?", lambda a: int(a) == 3, "3", placeholder="a number").check("three")
    '“three” is not a whole number: type it in digits, for example 4.'
    """

    def __init__(self, question: str, answer_checker: Callable[[str], bool | tuple[bool, str]], solution: str,
                 *, options: Sequence[str] | None = None, placeholder: str | None = None,
                 title: str | None = None) -> None:
        super().__init__(layout=widgets.Layout(border="2px solid #5c6bc0", padding="8px", margin="8px 0"))
        self.add_class("dos-tut-exercise")
        self._checker = answer_checker
        self._solution = solution
        self.progress = page_item("exercise", question, solution)  #: how the answers went, for the teacher
        placeholder = gettext("type your answer") if placeholder is None else placeholder
        title = gettext("Exercise") if title is None else title
        wanted = placeholder.lower()
        self._wants_number = any(word in wanted for word in (
            "number", pgettext("a word in an exercise's placeholder when it wants a number", "number").lower()))
        self._wants_cards = any(word in wanted for word in (
            "card", pgettext("a word in an exercise's placeholder when it wants cards", "card").lower()))
        self.correct: bool | None = None
        self.question = widgets.HTML(f'<div style="font:15px sans-serif"><b>{html.escape(title)}:</b> '
                                     f"{question}</div>")
        self.question.add_class("dos-tut-question")
        if options is not None:
            self.answer: widgets.ValueWidget = widgets.RadioButtons(options=list(options), value=None,
                                                                    layout=widgets.Layout(width="auto"))
        else:
            self.answer = widgets.Text(placeholder=placeholder, layout=widgets.Layout(width="320px"))
        self.answer.add_class("dos-tut-answer")
        self.check_button = _action_button(gettext("Check"), "dos-tut-check", gettext("check my answer"))
        self.check_button.button_style = "primary"
        self.show_button = _action_button(gettext("Show me"), "dos-tut-show", gettext("show the solution"))
        self.feedback = widgets.HTML()
        self.feedback.add_class("dos-tut-feedback")
        self.solution = widgets.HTML()
        self.solution.add_class("dos-tut-solution")
        self.check_button.on_click(safe(self.check))
        self.show_button.on_click(safe(self.show))
        if isinstance(self.answer, widgets.Text):
            on_enter(self.answer, lambda: safe(self.check)(None))
        self.children = [self.question, self.answer,
                         widgets.HBox([self.check_button, self.show_button]), self.feedback, self.solution]

    def __repr__(self) -> str:
        return f"<{_strip_tags(self.question.value)}>"  # the question begins with its title ("Exercise: …")

    def _unreadable(self, answer: str) -> str:
        if self._wants_number:
            return gettext("“{answer}” is not a whole number: type it in digits, for example 4.").format(answer=answer)
        if self._wants_cards:
            return gettext("I could not read “{answer}” as cards: type card codes such as {example} (or {plus})."
                           ).format(answer=answer, example=card_codes("G3 B4"), plus=card_codes("G3+B4"))
        return gettext("I could not read “{answer}”: check the spelling and try again.").format(answer=answer)

    def _say(self, kind: str, text: str) -> str:
        css = {"right": OK_INK, "wrong": BAD_INK, "unread": _INK}[kind]
        mark = {"right": "✓ ", "wrong": "✗ ", "unread": ""}[kind]
        text = plain(text)
        self.feedback.value = (f'<div class="dos-tut-{kind}" style="font:14px sans-serif;color:{css};'
                               f'border-left:5px solid {css};padding:4px 8px">{mark}{html.escape(text)}</div>')
        return text

    def check(self, answer: str | None = None) -> str:
        """Check ``answer`` (or what the reader entered); show and return the verdict. Never raises."""
        if answer is None:
            value = self.answer.value
            answer = "" if value is None else str(value)
        answer = answer.strip()
        if not answer:
            self.correct = None
            text = gettext("Type or pick an answer first.")
            self.feedback.value = _status("info", text)
            return text
        if self._wants_number and not _NUMBER.fullmatch(answer):
            self.correct = None
            return self._say("unread", self._unreadable(answer))
        try:
            verdict = self._checker(answer)
        except Exception:  # an answer the checker cannot read: say so plainly, never with Python's words
            self.correct = None
            return self._say("unread", self._unreadable(answer))
        ok, note = verdict if isinstance(verdict, tuple) else (bool(verdict), "")
        self.correct = bool(ok)
        self.progress.checked(self.correct)
        text = ((gettext("Right!") if ok else gettext("Not yet.")) + " " + note).strip()
        return self._say("right" if ok else "wrong", text)

    def show(self) -> None:
        """Reveal the solution."""
        self.progress.showed()
        self.solution.value = ('<div style="font:14px sans-serif;background:#e8eaf6;border-radius:6px;'
                               'padding:6px 10px"><b>' + html.escape(gettext("Solution:"))
                               + f"</b> {self._solution}</div>")


class TurnStepper(widgets.VBox):  # type: ignore[misc]
    """Step through a turn one event at a time, through the stages E1 … E6.

    ``actions`` are played on a copy of ``round_before`` (see :func:`turn_steps`).

    >>> from dos_lab import Round
    >>> r = Round.from_position(hands=["R7 B3 G9", "Y1 Y5 B8"], center_row="B7 Y5", draw_pile="G4 Y8 R1")
    >>> st = TurnStepper(r, ["match 0 R7", "end turn"])
    >>> st.next_button.click(); st.next_button.click(); st.step.stage
    'E1'
    """

    def __init__(self, round_before: Round, actions: Sequence[Action], *, title: str = "") -> None:
        super().__init__(layout=widgets.Layout(border="2px solid #00897b", padding="8px", margin="8px 0"))
        self.add_class("dos-tut-stepper")
        self.steps = turn_steps(round_before, actions)
        self.index = 0
        self.title_html = widgets.HTML(_title(title))
        self.stages = widgets.HTML()
        self.stages.add_class("dos-tut-stages")
        self.text = widgets.HTML()
        self.text.add_class("dos-tut-step-text")
        self.board = widgets.HTML()
        self.board.add_class("dos-tut-step-board")
        self.back_button = _action_button(gettext("◀ Back"), "dos-tut-step-back", gettext("one step back"))
        self.next_button = _action_button(gettext("Next step ▶"), "dos-tut-step-next",
                                          gettext("show what happens next"))
        self.next_button.button_style = "primary"
        self.restart_button = _action_button(gettext("Start over"), "dos-tut-step-restart",
                                             gettext("back to the start of the turn"))
        self.back_button.on_click(safe(lambda: self.go(self.index - 1)))
        self.next_button.on_click(safe(lambda: self.go(self.index + 1)))
        self.restart_button.on_click(safe(lambda: self.go(0)))
        self.children = [self.title_html, self.stages, self.text, self.board,
                         widgets.HBox([self.back_button, self.next_button, self.restart_button])]
        self.go(0)

    def __repr__(self) -> str:
        return "<" + ngettext("Step by step: {count} step", "Step by step: {count} steps", len(self.steps)).format(
            count=len(self.steps)) + ">"

    @property
    def step(self) -> Step:
        """The step shown now."""
        return self.steps[self.index]

    def go(self, index: int) -> None:
        """Show step ``index`` (clamped to the steps there are)."""
        self.index = max(0, min(index, len(self.steps) - 1))
        s = self.step
        self.back_button.disabled = self.index == 0
        self.next_button.disabled = self.index == len(self.steps) - 1
        self.stages.value = _stage_bar(s.context)
        counter = html.escape(gettext("Step {number} of {count}").format(number=self.index + 1, count=len(self.steps)))
        tone = "#555" if s.quiet else _INK
        self.text.value = (f'<div style="font:13px sans-serif;color:#555">{counter}</div>'
                           f'<div class="dos-tut-step-{s.stage or "turn"}" style="font:15px sans-serif;color:{tone};'
                           f'min-height:40px;padding:4px 0">{html.escape(s.text)}</div>')
        self.board.value = step_html(s)


def _stage_bar(current: str) -> str:
    chips = []
    for code, name in (("turn", gettext("the player's moves")), *STAGES):
        on = current == code
        style = ("background:#00897b;color:#fff;border:2px solid #00695c" if on
                 else "background:#eceff1;color:#37474f;border:2px solid #cfd8dc")
        label = name if code == "turn" else f"{code} " + gettext(name) + ""
        chips.append(f'<span class="dos-tut-stage{" dos-tut-stage-now" if on else ""}" style="{style};'
                     f'border-radius:12px;padding:2px 8px;margin:2px;font:600 12px sans-serif;display:inline-block">'
                     f"{'▶ ' if on else ''}{html.escape(label)}</span>")
    return '<div style="margin:4px 0">' + "→".join(chips) + "</div>"


def position_html(question: str, *, row: str = "", hand: str = "", hand_label: str | None = None) -> str:
    """A question about a position, with the position as card pictures under it (for the closing checks).

    >>> html_text = position_html("Which card fits?", row="B8", hand="B7 R8")
    >>> html_text.startswith("Which card fits?") and html_text.count('role="img"')
    3
    """
    parts = [question]
    hand_label = gettext("{player}'s hand").format(player=player_name(0)) if hand_label is None else hand_label
    for label, codes in ((gettext("Center Row"), row), (hand_label, hand)):
        if codes:
            parts.append(f'<div style="font:13px sans-serif;color:#333;margin:2px 0">{html.escape(label)}: '
                         f'{cards_html(parse_cards(codes), size="small")}</div>')
    return "".join(parts)


_RULE = re.compile(r"R\d+(?:\.\d+)?")
_CITATION = re.compile(r"\((R\d+(?:\.\d+)?(?:, R\d+(?:\.\d+)?)*)\)")


def rule_links(text: str) -> str:
    """Rule citations in brackets as links to the rules reference, in the form the tutorials' text uses.
    Card codes such as R7 outside a citation stay as they are.

    >>> rule_links("R7 on R7: once per turn (R4.3, R8).").count("<a href="), rule_links("R7 on R7.")
    (2, 'R7 on R7.')
    """
    def link(rule: re.Match[str]) -> str:
        token = rule.group(0)
        return (f'<a href="../docs/rules.md#{token.lower().replace(".", "-")}" target="_blank" '
                f'style="color:inherit;text-decoration:underline">{token}</a>')

    return _CITATION.sub(lambda m: "(" + _RULE.sub(link, m.group(1)) + ")", text)


class ClosingCheck(Quiz):
    """The closing check of a tutorial: a few questions (answer boxes or choices) and a running score.

    >>> quiz = ClosingCheck(3, [ChoiceBox("Cards in a match?", ["1 or 2", "3"], "1 or 2", hint="R4.", explain="R4.2.")])
    >>> quiz.questions[0].choose("1 or 2"); quiz.score_text()
    'Score: 1 of 1 right (1 at the first try). Well done — you have finished tutorial 3!'
    """

    def __init__(self, number: int, questions: Sequence[AnswerBox | ChoiceBox]) -> None:
        self.number = number
        for question in questions:  # rule numbers link to the rules reference, as in the tutorial's text
            question.hint, question.explain = rule_links(question.hint), rule_links(question.explain)
        #: on a dos-lab site: the first-name box that reports the answers to the teacher (None elsewhere)
        self.report: ClassReport | None = None
        if on_a_site():
            from dos_lab.classroom.site import class_store
            from dos_lab.widgets.class_report import ClassReport

            try:
                self.report = ClassReport(number, questions, class_store(), page=this_page())
            except DosError:  # no class store today: the check works as it does in plain Jupyter
                log.exception("tutorial %s: the class store cannot be opened", number)
        super().__init__(questions, title=gettext("Closing check — tutorial {number}").format(number=number),
                         above=[self.report] if self.report is not None else [])
        self.add_class("dos-tut-quiz")

    def _finished(self) -> str:
        return gettext("Well done — you have finished tutorial {number}!").format(number=getattr(self, "number", 0))

    def __repr__(self) -> str:
        return "<" + ngettext("Closing check of tutorial {number}: {count} question",
                             "Closing check of tutorial {number}: {count} questions", len(self.questions)).format(
            number=self.number, count=len(self.questions)) + ">"
