"""Widgets and helpers for the rule tutorials in ``tutorials/``.

Three widgets, each a thin view over the engine (it never decides what is
legal; it asks :class:`~dos_lab.round.Round` and shows the answer):

* :class:`PlayableExample` — a staged position; the reader picks hand cards and
  a Center Row card, optionally declares wilds, and presses Match, Draw, Place
  or End turn. The engine's answer (or its :class:`~dos_lab.errors.IllegalMove`
  message with the rule number) is shown in a status line.
* :class:`Exercise` — a question, an answer box, a Check button driven by an
  answer checker, and a "Show me" button with the solution.
* :class:`TurnStepper` — plays a list of actions on a copy of a round and lets
  the reader step through the log one event at a time, through the end-of-turn
  stages E1 … E6 (RULES.md R8), with the Center Row as it stands after each step.

The same answers as printed text (which ``pytest --nbval`` compares strictly),
and the action texts the widgets take (``"match 0 R7"``, ``"draw"``, ``"place Y9"``,
…), live in :mod:`dos_lab.widgets.turn_steps`; the names notebooks use are
re-exported here.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence

import ipywidgets as widgets  # type: ignore[import-untyped]

from dos_lab.cards import COLORS, Card, Color, Kind, parse_cards
from dos_lab.errors import DosError
from dos_lab.events import (
    TurnStarted,
    player_name,
)
from dos_lab.game import Game
from dos_lab.matching import parse_played
from dos_lab.render import PALETTE, SYMBOLS, card_html, cards_html
from dos_lab.round import Round
from dos_lab.state import Phase
from dos_lab.widgets.turn_steps import (
    BAD_INK,
    OK_INK,
    STAGES,
    Action,
    Step,
    apply_action,
    bonus_order_html,
    bonus_order_rows,
    bonus_order_text,
    deck_table_html,
    deck_table_text,
    narrate,
    no_effect_message,
    try_action,
    turn_steps,
    turn_steps_text,
)

__all__ = [
    "STAGES",
    "Action",
    "Exercise",
    "PlayableExample",
    "Step",
    "TurnStepper",
    "apply_action",
    "board_html",
    "bonus_order_html",
    "bonus_order_rows",
    "bonus_order_text",
    "card_label",
    "deck_table_html",
    "deck_table_text",
    "narrate",
    "parse_hand",
    "try_action",
    "turn_steps",
    "turn_steps_text",
]

_INK = "#1a1a1a"
_WILD_COLORS = ("#1a1a1a", "#ffffff")


# ==================================================================================================== cards


def card_label(card: Card) -> str:
    """The text on a card button: colour letter, number and colour symbol.

    >>> card_label(Card.parse("R7")), card_label(Card.parse("G#")), card_label(Card.parse("W"))
    ('R7 ●', 'G# ▲', 'W 2')
    """
    if card.color is None:
        return "W 2"
    return f"{card.code} {SYMBOLS[card.color]}"


def _card_colors(card: Card) -> tuple[str, str]:
    return PALETTE[card.color] if card.color is not None else _WILD_COLORS


# ==================================================================================================== widgets


def _status(kind: str, text: str) -> str:
    colour = {"ok": OK_INK, "bad": BAD_INK, "info": _INK, "warn": "#e65100"}[kind]
    mark = {"ok": "✓ ", "bad": "✗ Not allowed: ", "info": "", "warn": "⚠ "}[kind]
    lines = html.escape(text).replace("\n", "<br>")
    return (f'<div class="dos-tut-status-{kind}" style="font:14px sans-serif;color:{colour};'
            f'border-left:5px solid {colour};padding:4px 8px;margin:4px 0;white-space:normal">'
            f"{html.escape(mark)}{lines}</div>")


def _card_button(card: Card, css: str, tooltip: str) -> widgets.Button:
    bg, fg = _card_colors(card)
    button = widgets.Button(description=card_label(card), tooltip=tooltip,
                            layout=widgets.Layout(width="auto", min_width="64px", height="40px", margin="2px",
                                                  border=f"3px solid {bg}"))
    button.style.button_color = bg
    button.style.text_color = fg
    button.style.font_weight = "bold"
    button.style.font_size = "15px"
    button.add_class("dos-tut-card")
    button.add_class(css)
    button.add_class("dos-tut-card-" + card.code.replace("#", "wild"))
    return button


def _mark(button: widgets.Button, card: Card, selected: bool, what: str, note: str = "") -> None:
    bg, _ = _card_colors(card)
    button.description = ("✓ " if selected else "") + card_label(card) + note
    button.layout.border = "4px solid #7b1fa2" if selected else f"3px solid {bg}"
    button.tooltip = f"{card.name} ({what}{', selected' if selected else ''})"
    if selected:
        button.add_class("dos-tut-selected")
    else:
        button.remove_class("dos-tut-selected")


def _action_button(text: str, css: str, tooltip: str) -> widgets.Button:
    button = widgets.Button(description=text, tooltip=tooltip, layout=widgets.Layout(width="auto", margin="2px"))
    button.add_class("dos-tut-action")
    button.add_class(css)
    return button


def board_html(r: Round, viewer: int, game: Game | None = None) -> str:
    """The table for a playable example: the Center Row (with the cards played on it
    this turn), the other players' hands, the piles, and the scores of a game.
    The viewer's own hand is left out: the example shows it as card buttons."""
    who = player_name(r.current) + (" (you)" if r.current == viewer else "")
    if r.over:
        head = (f"Round over: {player_name(r.winner)} has no cards left and scores {r.points} points."
                if r.winner is not None else "The round ended with no score.")
    elif r.phase is Phase.BONUS:
        head = f"Turn {r.turn}: {who} places {r.bonuses_owed} bonus card(s)."
    elif r.phase is Phase.DREW:
        head = f"Turn {r.turn}: {who} has drawn, and now matches with the drawn card or places a card."
    else:
        head = f"Turn {r.turn}: {who} to match or draw."
    parts = ['<div class="dos-tut-table" style="font-family:sans-serif">']
    if game is not None:
        scores = " · ".join(f"{player_name(p)}: {score}" for p, score in enumerate(game.scores))
        parts.append(f'<div style="font:600 14px sans-serif;margin-bottom:4px">Scores — {html.escape(scores)} '
                     f"(first to {game.rules.target_score} wins)</div>")
    parts.append(f'<div style="font:600 14px sans-serif">{html.escape(head)}</div>')
    plays = {m.target: m for m in r.matches_this_turn}
    piles = [_pile_html(index, card, plays[index].cards if index in plays else (),
                        plays[index].target_as if index in plays else None)
             for index, card in enumerate(r.center_row)]
    parts.append(f'<div style="font:600 13px sans-serif;margin-top:4px">Center Row ({len(r.center_row)} cards)'
                 f"</div><div>{''.join(piles) or cards_html([], empty='empty')}</div>")
    for p, hand in enumerate(r.hands):
        if p == viewer:
            continue
        turn = " ◀ to play" if p == r.current and not r.over else ""
        parts.append(f'<div style="font:13px sans-serif;margin-top:2px">{player_name(p)} — {len(hand)} '
                     f"card{'s' * (len(hand) != 1)}{turn}: {cards_html(hand, size='small')}</div>")
    mine = len(r.hands[viewer])
    parts.append(f'<div style="font:13px sans-serif;color:#333">You ({player_name(viewer)}) hold {mine} '
                 f"card{'s' * (mine != 1)} · Draw pile: {_count(len(r.draw_pile))} · Discard pile: "
                 f"{_count(len(r.discard_pile))}</div></div>")
    return "".join(parts)


def _count(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def _title(text: str) -> str:
    return f'<div style="font:700 16px sans-serif">{html.escape(text)}</div>' if text else ""


def _label(text: str) -> widgets.HTML:
    return widgets.HTML(f'<b style="font:600 14px sans-serif">{html.escape(text)}</b>')


class PlayableExample(widgets.VBox):  # type: ignore[misc]
    """A staged position the reader plays with card buttons; the engine confirms or refuses.

    ``position`` is a :class:`Round` (a copy is played; "Start again" goes back to
    it) or a function that builds a fresh :class:`Round` or :class:`Game`.
    ``goal`` says what to try; ``check(round)`` says whether it was reached (then
    ``success`` is shown). ``solution`` (a list of actions) adds a "Show me" button.
    ``dos_buttons`` adds "DOS!" and catch buttons; ``opponents_catch`` makes the
    other players call DOS on the reader whenever the reader can be caught.

    >>> from dos_lab import Round
    >>> ex = PlayableExample(Round.from_position(hands=["R7 B3 G9", "Y1"], center_row="B7 Y5", draw_pile="G4 Y8"),
    ...                      goal="Play R7 on B7.", check=lambda r: len(r.discard_pile) == 2)
    >>> ex.select("R7", row=0); ex.match_button.click(); ex.end_turn_button.click()
    >>> ex.reached, ex.round.center_row
    (True, [Card.parse('Y5'), Card.parse('G4')])
    """

    def __init__(self, position: Round | Callable[[], Round | Game], goal: str = "",
                 check: Callable[[Round], bool] | None = None, *, success: str = "Well done: goal reached!",
                 solution: Sequence[Action] | None = None, title: str = "", dos_buttons: bool = False,
                 opponents_catch: bool = False, player: int | None = None) -> None:
        super().__init__(layout=widgets.Layout(border="2px solid #90a4ae", padding="8px", margin="8px 0"))
        self.add_class("dos-tut-example")
        self._position = position
        self._check = check
        self._success = success
        self._solution = list(solution) if solution is not None else None
        self._opponents_catch = opponents_catch
        self._goal_text = goal
        self.game: Game | None = None
        self.round: Round = self._fresh()
        self.player = self.round.current if player is None else player
        self.reached = False
        self._hand_selected: list[int] = []
        self._row_selected: int | None = None

        self.title_html = widgets.HTML(_title(title))
        self.goal = widgets.HTML()
        self.goal.add_class("dos-tut-goal")
        self.board = widgets.HTML()
        self.board.add_class("dos-tut-board")
        self.hand_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.hand_box.add_class("dos-tut-hand")
        self.row_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.row_box.add_class("dos-tut-row")
        no_choice: list[tuple[str, str]] = [("the engine chooses", "")]
        colours = [(f"{c.label} {SYMBOLS[c]}", c.value) for c in COLORS]
        numbers = [(str(n), str(n)) for n in range(1, 11)]
        style = {"description_width": "initial"}
        self.wild_colour = widgets.Dropdown(options=no_choice + colours, value="", style=style,
                                            description="Your Wild DOS (W) is the colour:")
        self.wild_colour.add_class("dos-tut-wild-colour")
        self.wild_number = widgets.Dropdown(options=no_choice + numbers, value="", style=style,
                                            description="Your Wild # is the number:")
        self.wild_number.add_class("dos-tut-wild-number")
        self.row_wild = widgets.Dropdown(options=no_choice, value="", style=style,
                                         description="The wild Center Row card is:")
        self.row_wild.add_class("dos-tut-row-wild")
        self._colour_options = no_choice + colours
        self._number_options = no_choice + numbers
        self.declare_box = widgets.VBox([self.wild_colour, self.wild_number, self.row_wild])

        self.match_button = _action_button("Match", "dos-tut-match", "play the chosen hand card(s) on the chosen "
                                           "Center Row card")
        self.draw_button = _action_button("Draw", "dos-tut-draw", "draw one card instead of matching")
        self.place_button = _action_button("Place", "dos-tut-place", "put the chosen hand card into the Center Row")
        self.end_turn_button = _action_button("End turn", "dos-tut-end-turn", "finish the turn")
        self.reset_button = _action_button("Start again", "dos-tut-reset", "go back to the starting position")
        self.match_button.button_style = "primary"
        buttons = [self.match_button, self.draw_button, self.place_button, self.end_turn_button, self.reset_button]
        self.show_button = _action_button("Show me", "dos-tut-show", "play one right answer for me")
        if self._solution is not None:
            buttons.append(self.show_button)
        self.dos_button = _action_button("Call DOS!", "dos-tut-call", "you call DOS (you hold two cards)")
        self.catch_buttons: list[widgets.Button] = []
        self.caught_by_buttons: list[widgets.Button] = []
        dos_row: list[widgets.Widget] = []
        if dos_buttons:
            dos_row.append(self.dos_button)
            for other in range(self.round.players):
                if other == self.player:
                    continue
                catch = _action_button(f"Catch {player_name(other)}", f"dos-tut-catch-{player_name(other)}",
                                       f"you call DOS on {player_name(other)}")
                catch.on_click(lambda _b, o=other: self._act(f"catch {player_name(self.player)} {player_name(o)}"))
                self.catch_buttons.append(catch)
                caught = _action_button(f"{player_name(other)} calls DOS on you", f"dos-tut-caught-by-"
                                        f"{player_name(other)}", f"{player_name(other)} calls DOS on you")
                caught.on_click(lambda _b, o=other: self._act(f"catch {player_name(o)} {player_name(self.player)}"))
                self.caught_by_buttons.append(caught)
            dos_row += self.catch_buttons + self.caught_by_buttons
        self.status = widgets.HTML()
        self.status.add_class("dos-tut-status")
        self.log_view = widgets.HTML()
        self.log_view.add_class("dos-tut-log")

        self.match_button.on_click(lambda _b: self._on_match())
        self.draw_button.on_click(lambda _b: self._act("draw"))
        self.place_button.on_click(lambda _b: self._on_place())
        self.end_turn_button.on_click(lambda _b: self._act("end turn"))
        self.reset_button.on_click(lambda _b: self.reset())
        self.show_button.on_click(lambda _b: self.show_solution())
        self.dos_button.on_click(lambda _b: self._act(f"call {player_name(self.player)}"))

        self.hand_label = _label("Your hand — click one or two cards:")
        children = [self.title_html, self.goal, self.board, self.hand_label, self.hand_box,
                    _label("Center Row — click the card to match:"), self.row_box, self.declare_box,
                    widgets.HBox(buttons, layout=widgets.Layout(flex_flow="row wrap"))]
        if dos_row:
            children.append(widgets.HBox(dos_row, layout=widgets.Layout(flex_flow="row wrap")))
        self.children = [*children, self.status, self.log_view]
        self._start_log = len(self.round.log)
        self._say("info", "Pick cards, then press a button. The game engine checks every move.")
        self._refresh()

    def __repr__(self) -> str:
        return f"<PlayableExample: {self._goal_text}>"

    # ---------------------------------------------------------------- public helpers (also for tests)

    def _fresh(self) -> Round:
        made = self._position.copy() if isinstance(self._position, Round) else self._position()
        if isinstance(made, Game):
            self.game = made
            return made.round
        self.game = None
        return made

    def reset(self) -> None:
        """Go back to the starting position."""
        self.round = self._fresh()
        self.reached = False
        self._hand_selected = []
        self._row_selected = None
        self.wild_colour.value = self.wild_number.value = ""
        self._start_log = len(self.round.log)
        self._say("info", "Back to the start. Pick cards, then press a button.")
        self._refresh()

    def select(self, *cards: str, row: int | None = None) -> None:
        """Select hand cards by code (and a row card by position), as clicks would."""
        self._hand_selected = []
        hand = self.round.hands[self.player]
        for code in cards:
            card = Card.parse(code)
            index = next(i for i, c in enumerate(hand) if c is card and i not in self._hand_selected)
            self._hand_selected.append(index)
        self._row_selected = row
        self._refresh()

    @property
    def selected_cards(self) -> list[Card]:
        """The hand cards selected now."""
        hand = self.round.hands[self.player]
        return [hand[i] for i in self._hand_selected if i < len(hand)]

    @property
    def status_text(self) -> str:
        """The status line as plain text (for tests)."""
        return html.unescape(_strip_tags(self.status.value))

    def show_solution(self) -> None:
        """Start again and play the solution, narrating it."""
        if self._solution is None:
            return
        self.reset()
        before = len(self.round.log)
        try:
            for action in self._solution:
                apply_action(self.round, action)
        except Exception as err:  # a wrong solution must not break the page
            self._say("bad", f"the solution could not be played: {err}")
        else:
            self._say("ok", "Here is one way to do it:\n" + narrate(self.round.log[before:]))
        self._after_change()

    # ---------------------------------------------------------------- clicks

    def _on_match(self) -> None:
        if self._row_selected is None:
            self._say("info", "First click a Center Row card to match.")
            return
        cards = self.selected_cards
        if not cards:
            self._say("info", "First click one or two cards in your hand.")
            return
        codes = []
        for card in cards:
            if card.kind is Kind.WILD_DOS and self.wild_colour.value:
                codes.append(f"W={self.wild_colour.value}")
            elif card.kind is Kind.WILD_NUMBER and self.wild_number.value:
                codes.append(f"{card.code}={self.wild_number.value}")
            else:
                codes.append(card.code)
        action = f"match {self._row_selected} {' '.join(codes)}"
        if self.row_wild.value:
            action += f" as {self.row_wild.value}"
        self._act(action)

    def _on_place(self) -> None:
        cards = self.selected_cards
        if len(cards) != 1:
            self._say("info", "Click exactly one card in your hand to place." if not cards
                      else f"You picked {len(cards)} cards; click just one card to place.")
            return
        self._act(f"place {cards[0].code}")

    def _act(self, action: str) -> None:
        """Send one action to the engine; show its answer. Never raises."""
        before = len(self.round.log)
        try:
            result = apply_action(self.round, action)
        except DosError as err:
            self._say("bad", str(err))
            self._refresh()
            return
        except Exception as err:  # never let an exception escape a click handler
            self._say("bad", f"unexpected problem: {err!r}")
            self._refresh()
            return
        told = narrate(self.round.log[before:])
        if result is False:
            self._say("info", "No effect: " + no_effect_message(action))
        else:
            self._say("ok", told or "Done.")
        self._after_change()

    def _after_change(self) -> None:
        if self._opponents_catch:
            before = len(self.round.log)
            for other in range(self.round.players):
                if other != self.player and self.round.is_exposed(self.player):
                    self.round.catch_dos(other, self.player)
            if len(self.round.log) > before:
                self._say("warn", self._status_plain() + "\n" + narrate(self.round.log[before:]))
        self._hand_selected = []
        self._row_selected = None
        self.wild_colour.value = self.wild_number.value = ""
        if self._check is not None and not self.reached:
            try:
                self.reached = bool(self._check(self.round))
            except Exception:
                self.reached = False
        self._refresh()

    def _status_plain(self) -> str:
        return self.status_text.removeprefix("✓ ").removeprefix("✗ Not allowed: ")

    def _say(self, kind: str, text: str) -> None:
        self.status.value = _status(kind, text)

    # ---------------------------------------------------------------- drawing the widget

    def _toggle_hand(self, index: int) -> None:
        if index in self._hand_selected:
            self._hand_selected.remove(index)
        else:
            self._hand_selected.append(index)
        self._refresh(rebuild=False)

    def _toggle_row(self, index: int) -> None:
        self._row_selected = None if self._row_selected == index else index
        self._refresh(rebuild=False)

    def _refresh(self, rebuild: bool = True) -> None:
        r = self.round
        self.board.value = board_html(r, self.player, self.game)
        mine = not r.over and r.current == self.player
        hand = r.hands[self.player]
        if rebuild or len(self.hand_box.children) != len(hand) or len(self.row_box.children) != len(r.center_row):
            hand_buttons = []
            for i, card in enumerate(hand):
                b = _card_button(card, "dos-tut-hand-card", card.name)
                b.on_click(lambda _b, i=i: self._toggle_hand(i))
                hand_buttons.append(b)
            self.hand_box.children = hand_buttons
            row_buttons = []
            for i, card in enumerate(r.center_row):
                b = _card_button(card, "dos-tut-row-card", card.name)
                b.add_class(f"dos-tut-row-{i}")
                b.on_click(lambda _b, i=i: self._toggle_row(i))
                row_buttons.append(b)
            self.row_box.children = row_buttons
        matched = {m.target for m in r.matches_this_turn}
        for i, (b, card) in enumerate(zip(self.hand_box.children, hand, strict=True)):
            _mark(b, card, i in self._hand_selected, "in your hand")
            b.disabled = not mine
        for i, (b, card) in enumerate(zip(self.row_box.children, r.center_row, strict=True)):
            # a matched row card stays clickable: trying it again gets the engine's reason (R4.3)
            _mark(b, card, i == self._row_selected, "matched this turn" if i in matched else "in the Center Row",
                  note=" · matched" if i in matched else "")
            b.disabled = not mine or r.phase not in (Phase.MATCHING, Phase.DREW)
        chosen = self.selected_cards
        self.wild_colour.layout.display = "" if any(c.kind is Kind.WILD_DOS for c in chosen) else "none"
        self.wild_number.layout.display = "" if any(c.kind is Kind.WILD_NUMBER for c in chosen) else "none"
        target = r.center_row[self._row_selected] if self._row_selected is not None and self._row_selected < len(
            r.center_row) else None
        if target is not None and target.kind is Kind.WILD_DOS:
            options = self._colour_options
        elif target is not None and target.kind is Kind.WILD_NUMBER:
            options = self._number_options
        else:
            options = [("the engine chooses", "")]
        if list(self.row_wild.options) != options:
            self.row_wild.options = options
            self.row_wild.value = ""
        self.row_wild.layout.display = "" if len(options) > 1 else "none"
        for b in (self.match_button, self.draw_button, self.place_button, self.end_turn_button):
            b.disabled = not mine
        for b in (self.dos_button, *self.catch_buttons, *self.caught_by_buttons):
            b.disabled = r.over  # DOS can be called (and caught) at any time, not only on your turn (R11)
        self.hand_label.value = _label(self._hand_prompt(mine)).value
        goal = html.escape(self._goal_text)
        if self.reached:
            self.goal.value = (f'<div class="dos-tut-goal-done" style="font:15px sans-serif;background:#e8f5e9;'
                               f'border:2px solid {OK_INK};border-radius:6px;padding:6px 10px">'
                               f"<b>Goal:</b> {goal}<br><b style='color:{OK_INK}'>✓ {html.escape(self._success)}"
                               f"</b></div>")
        else:
            self.goal.value = (f'<div class="dos-tut-goal-open" style="font:15px sans-serif;background:#fff8e1;'
                               f'border:2px solid #f9a825;border-radius:6px;padding:6px 10px">'
                               f"<b>Goal:</b> {goal}</div>") if goal else ""
        told = [e.describe() for e in r.log[self._start_log:] if not isinstance(e, TurnStarted)]
        items = "".join(f"<li>{html.escape(t)}</li>" for t in told)
        self.log_view.value = (f'<details open><summary style="font:600 13px sans-serif">What has happened '
                          f'({len(told)})</summary><ol style="font:13px sans-serif;margin:2px 0">{items}</ol>'
                          f"</details>") if told else ""

    def _hand_prompt(self, mine: bool) -> str:
        r = self.round
        who = player_name(self.player)
        if r.over:
            return "The round is over. Press “Start again” to play it again."
        if not mine:
            return f"Your turn ({who}) is over. Press “Start again” to try something else."
        if r.phase is Phase.BONUS:
            return f"Your hand ({who}) — you owe {r.bonuses_owed} bonus card(s): click one card, then Place:"
        if r.phase is Phase.DREW:
            return (f"Your hand ({who}) — you drew {r.drawn_card}: match with it, or click one card and press "
                    "Place:") if r.drawn_card is not None else f"Your hand ({who}):"
        return f"Your hand ({who}) — click one or two cards:"


def _strip_tags(text: str) -> str:
    out, inside = [], False
    for ch in text.replace("<br>", "\n"):
        if ch == "<":
            inside = True
        elif ch == ">":
            inside = False
        elif not inside:
            out.append(ch)
    return "".join(out)


class Exercise(widgets.VBox):  # type: ignore[misc]
    """A question with an answer box, a Check button and a "Show me" button.

    ``answer_checker(answer)`` gets the reader's answer as text and returns
    ``True``/``False`` or ``(ok, feedback)``. ``solution`` is shown by "Show me".
    With ``options`` the answer is picked from a list instead of typed.

    >>> ex = Exercise("2 + 3?", lambda a: a.strip() == "5", "5, because 2 + 3 = 5.")
    >>> ex.answer.value = "6"; ex.check_button.click(); ex.correct
    False
    >>> ex.answer.value = "5"; ex.check_button.click(); ex.correct
    True
    """

    def __init__(self, question: str, answer_checker: Callable[[str], bool | tuple[bool, str]], solution: str,
                 *, options: Sequence[str] | None = None, placeholder: str = "type your answer",
                 title: str = "Exercise") -> None:
        super().__init__(layout=widgets.Layout(border="2px solid #5c6bc0", padding="8px", margin="8px 0"))
        self.add_class("dos-tut-exercise")
        self._checker = answer_checker
        self._solution = solution
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
        self.check_button = _action_button("Check", "dos-tut-check", "check my answer")
        self.check_button.button_style = "primary"
        self.show_button = _action_button("Show me", "dos-tut-show", "show the solution")
        self.feedback = widgets.HTML()
        self.feedback.add_class("dos-tut-feedback")
        self.solution = widgets.HTML()
        self.solution.add_class("dos-tut-solution")
        self.check_button.on_click(lambda _b: self.check())
        self.show_button.on_click(lambda _b: self.show())
        self.children = [self.question, self.answer,
                         widgets.HBox([self.check_button, self.show_button]), self.feedback, self.solution]

    def __repr__(self) -> str:
        return f"<Exercise: {_strip_tags(self.question.value)}>"

    def check(self, answer: str | None = None) -> str:
        """Check ``answer`` (or what the reader entered); show and return the verdict. Never raises."""
        if answer is None:
            value = self.answer.value
            answer = "" if value is None else str(value)
        if not answer.strip():
            self.correct = None
            text = "Type or pick an answer first."
            self.feedback.value = _status("info", text)
            return text
        try:
            verdict = self._checker(answer)
        except Exception as err:  # the checker must not break the page
            verdict = (False, f"I could not read that answer ({err}).")
        ok, note = verdict if isinstance(verdict, tuple) else (bool(verdict), "")
        self.correct = bool(ok)
        text = ("Right! " if ok else "Not yet. ") + note
        self.feedback.value = (f'<div class="dos-tut-{"right" if ok else "wrong"}" style="font:14px sans-serif;'
                               f'color:{OK_INK if ok else BAD_INK};border-left:5px solid {OK_INK if ok else BAD_INK};'
                               f'padding:4px 8px">{"✓ " if ok else "✗ "}{html.escape(text.strip())}</div>')
        return text.strip()

    def show(self) -> None:
        """Reveal the solution."""
        self.solution.value = (f'<div style="font:14px sans-serif;background:#e8eaf6;border-radius:6px;'
                               f'padding:6px 10px"><b>Solution:</b> {self._solution}</div>')


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
        self.back_button = _action_button("◀ Back", "dos-tut-step-back", "one step back")
        self.next_button = _action_button("Next step ▶", "dos-tut-step-next", "show what happens next")
        self.next_button.button_style = "primary"
        self.restart_button = _action_button("Start over", "dos-tut-step-restart", "back to the start of the turn")
        self.back_button.on_click(lambda _b: self.go(self.index - 1))
        self.next_button.on_click(lambda _b: self.go(self.index + 1))
        self.restart_button.on_click(lambda _b: self.go(0))
        self.children = [self.title_html, self.stages, self.text, self.board,
                         widgets.HBox([self.back_button, self.next_button, self.restart_button])]
        self.go(0)

    def __repr__(self) -> str:
        return f"<TurnStepper: {len(self.steps)} steps>"

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
        counter = f"Step {self.index + 1} of {len(self.steps)}"
        tone = "#555" if s.quiet else _INK
        self.text.value = (f'<div style="font:13px sans-serif;color:#555">{counter}</div>'
                           f'<div class="dos-tut-step-{s.stage or "turn"}" style="font:15px sans-serif;color:{tone};'
                           f'min-height:40px;padding:4px 0">{html.escape(s.text)}</div>')
        self.board.value = _step_html(s)


def _stage_bar(current: str) -> str:
    chips = []
    for code, name in (("turn", "the player's moves"), *STAGES):
        on = current == code
        style = ("background:#00897b;color:#fff;border:2px solid #00695c" if on
                 else "background:#eceff1;color:#37474f;border:2px solid #cfd8dc")
        label = name if code == "turn" else f"{code} {name}"
        chips.append(f'<span class="dos-tut-stage{" dos-tut-stage-now" if on else ""}" style="{style};'
                     f'border-radius:12px;padding:2px 8px;margin:2px;font:600 12px sans-serif;display:inline-block">'
                     f"{'▶ ' if on else ''}{html.escape(label)}</span>")
    return '<div style="margin:4px 0">' + "→".join(chips) + "</div>"


def _pile_html(index: int, card: Card, codes: Sequence[str], declared: int | Color | None) -> str:
    """A row card with the cards played on it this turn, wild declarations shown on the cards."""
    played = []
    for code in codes:
        p = parse_played(code)
        played.append(card_html(p.card, declared=p.value if p.value is not None else p.color, size="small"))
    return (f'<span class="dos-pile" style="display:inline-block;margin-right:10px">'
            f'<span style="display:block;font:11px sans-serif;color:#555">#{index}</span>'
            f"{card_html(card, declared=declared)}{''.join(played)}</span>")


def _step_html(s: Step) -> str:
    piles = [_pile_html(index, card, s.pile_codes[index] if index < len(s.pile_codes) else (),
                        s.row_declared[index] if index < len(s.row_declared) else None)
             for index, card in enumerate(s.row)]
    hands = "".join(f'<div style="font:13px sans-serif">{player_name(p)} — {_count(len(h))}: '
                    f"{cards_html(list(h), size='small')}</div>" for p, h in enumerate(s.hands))
    return (f'<div style="font:600 13px sans-serif">Center Row ({len(s.row)} cards)</div>'
            f"<div>{''.join(piles) or cards_html([])}</div>{hands}"
            f'<div style="font:13px sans-serif;color:#333">Draw pile: {_count(s.draw_pile)} · '
            f"Discard pile: {_count(s.discard_pile)}</div>")


def parse_hand(text: str) -> list[Card]:
    """Cards typed by a reader (``"G3, B4"``), for answer checkers; raises InvalidInput if unreadable."""
    return parse_cards(text)

