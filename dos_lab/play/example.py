"""A tutorial's playable example: a small table with a goal.

The example is a :class:`~dos_lab.play.controller.TableController` on a staged
position with no bots: the reader plays one turn (and may call or catch DOS),
and the model says after every move whether the goal is reached — a legal move
that misses the goal is not a success, and the status says what the goal still
needs. In an example the reader declares every wild card they play or match
(R9.1, R10.1): the engine does not choose for them.

>>> from dos_lab import Round
>>> ex = ExampleModel(lambda: Round.from_position(hands=["R7 B3 G9", "Y1"], center_row="B7 Y5",
...                   draw_pile="G4 Y8"), goal="Play R7 on B7, then end your turn.",
...                   check=lambda r: len(r.discard_pile) == 2)
>>> ex.select("R7", row=0); ex.match()
>>> ex.status
('info', 'P1 plays R7 on B7: a single match.\\nNot there yet. The goal: Play R7 on B7, then end your turn.')
>>> ex.end_turn(); ex.reached, ex.status[0]
(True, 'ok')
>>> ex.tries, ex.solved, ex.solved_first_try, ex.shown  # reached by the reader's own moves, at the first try
(1, True, True, False)
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import NamedTuple

from dos_lab.engine.cards import Card
from dos_lab.engine.game import Game
from dos_lab.engine.round import Round
from dos_lab.i18n import gettext, ngettext
from dos_lab.play.controller import TableController
from dos_lab.play.intents import (
    Action,
    CallDos,
    Catch,
    Draw,
    EndTurn,
    Intent,
    Place,
    PlayMatch,
    parse_action,
    perform,
)
from dos_lab.play.listeners import Observable
from dos_lab.play.steps import narrate

__all__ = ["CONTROLS", "ExampleModel", "Instruction", "control_for"]

log = logging.getLogger(__name__)

Position = Round | Callable[[], Round | Game]


class Instruction(NamedTuple):
    """One thing the page asks the reader to try in an example, as data next to it: a script line (the notation
    of ``solution``: ``"end turn"``, ``"match 1 R3 Y4"``, ``"place R10"``) and what the engine must answer: the
    rule its refusal cites (``"R3.1"``), or None when it takes the move. A test plays every step of every example
    in every language, through the buttons a student presses, and fails when a button the text names cannot be
    pressed then, or the answer differs: no page may ask for a press the page cannot take.

    >>> Instruction("end turn", refused="R3.1")
    Instruction(line='end turn', refused='R3.1')
    """

    line: str
    refused: str | None = None


#: the button a kind of move needs (the keys of :meth:`TableController.offered`; a catch has buttons of its own)
CONTROLS: dict[type, str] = {PlayMatch: "match", Draw: "draw", Place: "place", EndTurn: "end_turn", CallDos: "dos",
                             Catch: "catch"}


def control_for(line: str, player: int = 0) -> tuple[Intent, str]:
    """The move a script line stands for (for ``player``, the reader), and the button it needs.

    >>> control_for("place R10")[1], control_for("end turn")[1]
    ('place', 'end_turn')
    """
    intent = parse_action(line, player=player)
    return intent, CONTROLS[type(intent)]


class _ExampleTable(TableController):
    """The table of an example: its game is played again with "Start again" (it has no New game button)."""

    def _play_again(self) -> str:
        return gettext("Press “Start again” to play it again.")


class ExampleModel(Observable):
    """The state behind a playable example; ``status`` is ``(kind, text)`` with kind ``ok`` (goal
    reached), ``info`` (a legal step, or a choice still to make), ``bad`` (refused) or ``warn``."""

    def __init__(self, position: Position, goal: str = "", check: Callable[[Round], bool] | None = None, *,
                 success: str | None = None, solution: Sequence[Action] | None = None,
                 opponents_catch: bool = False, player: int | None = None, dos_buttons: bool = False,
                 instructions: Sequence[Instruction | tuple[str, str | None] | str] = ()) -> None:
        self._position = position
        #: what the page's text asks the reader to try, in order (see :class:`Instruction`)
        self.instructions = [Instruction(step) if isinstance(step, str) else Instruction(*step)
                             for step in instructions]
        self.goal = goal
        self._check = check
        self.success = gettext("Well done: goal reached!") if success is None else success
        self.solution = list(solution) if solution is not None else None
        self.opponents_catch = opponents_catch
        self.dos_buttons = dos_buttons
        self._player = player
        self.table = self._fresh()
        #: where this example's part of the round log starts (the narrated log shows what came after)
        self.start = self.round.event_count
        self.reached = False
        #: how the reader's tries went, for the teacher (:mod:`dos_lab.widgets.page_progress`): how many times the
        #: reader started playing (from the start, or after "Start again"), whether "Show me" was pressed, and
        #: whether the goal was reached by the reader's own moves (before any "Show me"), at the first try
        self.tries, self.shown, self.solved, self.solved_first_try = 0, False, False, False
        self._trying = False
        self.status: tuple[str, str] = ("info", gettext("Pick cards, then press a button. The game engine checks "
                                                        "every move."))

    # ---------------------------------------------------------------- reading

    @property
    def round(self) -> Round:
        """The round being played."""
        return self.table.round

    @property
    def game(self) -> Game | None:
        """The game, when the position is one (its scores are shown)."""
        return self.table.game

    @property
    def player(self) -> int:
        """The reader's seat."""
        return self.table.human

    @property
    def selected_cards(self) -> list[Card]:
        """The hand cards selected now."""
        hand = self.round.hands[self.player]
        return [hand[i] for i in self.table.selected if i < len(hand)]

    def narration(self) -> list[str]:
        """What has happened since the example started, one sentence per event (turn headers left out)."""
        told = narrate(self.round.events_since(self.start))
        return told.splitlines() if told else []

    # ---------------------------------------------------------------- starting

    def _fresh(self) -> TableController:
        made = self._position.copy() if isinstance(self._position, Round) else self._position()
        r = made.round if isinstance(made, Game) else made
        player = r.current if self._player is None else self._player
        table = _ExampleTable(made, (), human=player, engine_declares=False, select_drawn=False,
                                clear_after_refusal=True)
        table.offers_dos = self.dos_buttons
        return table

    def reset(self) -> None:
        """Go back to the starting position."""
        self.table = self._fresh()
        self.start = self.round.event_count
        self.reached = self._trying = False
        self.status = ("info", gettext("Back to the start. Pick cards, then press a button."))
        self._changed()

    def select(self, *cards: str, row: int | None = None) -> None:
        """Select hand cards by code (and a row card by position), as clicks would."""
        self.table.clear_selection()
        hand = self.round.hands[self.player]
        for code in cards:
            card = Card.parse(code)
            self.table.toggle_card(next(i for i, c in enumerate(hand) if c == card and i not in self.table.selected))
        if row is not None:
            self.table.choose_target(row)
        self._changed()

    def show_solution(self) -> None:
        """Start again and play the solution, narrating it."""
        if self.solution is None:
            return
        self.table = self._fresh()
        self.start = before = self.round.event_count
        self.reached = self._trying = False
        self.shown = self.shown or not self.solved  # as a question's: "Show me" before the goal was reached
        try:
            for action in self.solution:
                perform(self.round, action)
        except Exception as err:  # a wrong solution must not break the page
            self.status = ("bad", gettext("the solution could not be played: {problem}").format(problem=err))
        else:
            self.status = ("ok", gettext("Here is one way to do it:") + "\n" + narrate(self.round.events_since(before)))
        self.table.sync()
        self._check_goal()
        self._changed()

    def prepare(self, intent: Intent) -> None:
        """Click what a move needs before its button, as a reader would: its hand cards, its row card, and the
        declaration of every wild card in it (:class:`Instruction`)."""
        if isinstance(intent, PlayMatch):
            row = intent.target if isinstance(intent.target, int) else next(
                i for i, c in enumerate(self.round.center_row) if c.code == intent.target)
            self.select(*(p.card.code for p in intent.cards), row=row)
            for index, chosen in zip(self.table.selected, intent.cards, strict=False):
                self._declare_played("hand", index, chosen.value, chosen.color)
            if intent.target_as is not None:
                self._declare_played("row", row, *((intent.target_as, None) if isinstance(intent.target_as, int)
                                                    else (None, intent.target_as)))
        elif isinstance(intent, Place):
            self.select(intent.card.card.code)
            self._declare_played("hand", self.table.selected[0], intent.card.value, intent.card.color)

    def _declare_played(self, where: str, index: int, value: int | None, color: object) -> None:
        if value is not None or color is not None:
            self.declare(where, index, str(value) if value is not None else str(getattr(color, "value", color)))

    # ---------------------------------------------------------------- intents

    def choose_card(self, index: int) -> None:
        """Select or unselect a hand card."""
        self.table.toggle_card(index)
        self._changed()

    def choose_target(self, index: int) -> None:
        """Choose (or unchoose) a Center Row card."""
        self.table.choose_target(index)
        self._changed()

    def declare(self, where: str, index: int, value: str) -> None:
        """Declare a wild card's colour or number."""
        self.table.declare(where, index, value)
        self._changed()

    def match(self) -> None:
        """Press Match."""
        self._act(self.table.match)

    def draw(self) -> None:
        """Press Draw."""
        self._act(self.table.draw)

    def place(self) -> None:
        """Press Place."""
        picked = len(self.table.selected)
        if picked > 1:
            self.status = ("info", ngettext("You picked {count} card; click just one card to place.",
                                            "You picked {count} cards; click just one card to place.", picked
                                            ).format(count=picked))
            self._changed()
            return
        self._act(self.table.place)

    def end_turn(self) -> None:
        """Press End turn."""
        self._act(self.table.end_turn)

    def call_dos(self) -> None:
        """Press DOS!."""
        self._act(self.table.call_dos)

    def catch(self, player: int) -> None:
        """Press Catch for ``player``."""
        self._act(lambda: self.table.catch(player))

    def caught_by(self, player: int) -> None:
        """Play ``player``'s part: they call "DOS!" on the reader."""
        before = self.round.event_count
        try:
            refusal = self.round.verify_catch(player, self.player)
            if refusal is None:
                self.table.caught_by(player)
        except Exception as err:  # never let an exception escape a click handler
            log.exception("catch by %s failed", player)
            self.status = ("bad", gettext("unexpected problem: {problem}").format(problem=err))
        else:
            self.status = (("warn", narrate(self.round.events_since(before))) if refusal is None else
                           ("info", gettext("No effect: {reason}.").format(reason=refusal)))
        self._after(moved=False)

    def _act(self, intent: Callable[[], None]) -> None:
        before = self.round.event_count
        intent()
        t = self.table
        moved = self.round.event_count > before
        if t.message_kind == "error":
            self.status = ("bad", t.message.removeprefix(gettext("Not allowed: {reason}").split("{reason}")[0]))
        elif moved:
            self.status = ("info", narrate(self.round.events_since(before)) or t.message)
        else:
            self.status = ("info", t.message)
        self._after(moved)

    def _after(self, moved: bool) -> None:
        """Let the other players catch an exposed reader, check the goal, and say where the reader stands."""
        if self.opponents_catch and self.table.can_be_caught():
            before = self.round.event_count
            catcher = next(p for p in range(self.round.players) if p != self.player)
            self.table.caught_by(catcher)
            self.status = ("warn", self.status[1] + "\n" + narrate(self.round.events_since(before)))
        if not self._trying and self.round.event_count > self.start:  # the first move since the start
            self.tries, self._trying = self.tries + 1, True
        was = self.reached
        self._check_goal()
        if self.reached and not was and not self.shown and not self.solved:
            self.solved, self.solved_first_try = True, self.tries == 1
        kind, text = self.status
        if moved and kind != "bad":
            if self.reached and not was:
                self.status = ("ok" if kind == "info" else kind, text)
            elif not self.reached and self.goal:
                if self.table.my_turn:
                    self.status = (kind, text + "\n" + gettext("Not there yet. The goal: {goal}").format(
                        goal=self.goal))
                elif self.dos_buttons and self.table.dos_due():
                    self.status = (kind, text + "\n" + gettext(
                        "Your turn is over and you hold two cards: press DOS! now. The goal: {goal}").format(
                        goal=self.goal))
                else:
                    self.status = ("warn", text + "\n" + gettext(
                        "Your turn is over, but the goal is not reached: {goal} Press “Start again” to try again."
                    ).format(goal=self.goal))
        self._changed()

    def _check_goal(self) -> None:
        if self._check is None or self.reached:
            return
        try:
            self.reached = bool(self._check(self.round))
        except Exception:  # a broken goal check must not break the page
            log.exception("goal check failed")
            self.reached = False
