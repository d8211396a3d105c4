"""The model behind a playable table: one round (or a whole :class:`~dos_lab.engine.game.Game`), one human
seat, and a bot in every other seat that has one.

A view only reads this object and sends it the player's intents (select a card,
choose a row card, Match, Draw, Place, End turn, DOS!, Catch, Hint, Undo, Next,
Skip, Next round, New game). Every intent is safe to call at any moment: the
engine decides what is legal, a refusal becomes :attr:`message` (with the rule
number) and changes nothing, and no exception escapes — a
click handler in Voila has nobody to show a traceback to.

Bots play as soon as the human's turn ends; their turns are then shown one
event at a time (:meth:`TableController.next_step`, :meth:`TableController.skip`)
from :attr:`TableController.view`, the frame the observer
(:mod:`dos_lab.play.observer`) made for the last event shown.

This module holds the table's state and its intents. What a view reads — the round, whose turn, which buttons
the engine allows, the prompt — is the base class :class:`~dos_lab.play.table_state.TableState`; the rest are
functions of their own modules: how a table starts (:mod:`~dos_lab.play.table_setup`: :class:`TableSetup`,
:func:`fresh_seed`), the wild cards to declare (:mod:`~dos_lab.play.declarations`), the hint
(:mod:`~dos_lab.play.hints`) and the phase sentences (:mod:`~dos_lab.play.prompts`).

>>> from dos_lab.play.positions import staged_game
>>> table = TableController(staged_game("colour-match"), ["greedy"])
>>> table.prompt
'Your turn: select one or two cards and a row card, then Match — or Draw.'
>>> table.toggle_card(0); table.toggle_card(1); table.toggle_card(2); table.choose_target(0); table.match()
>>> table.message
'Not allowed: a match uses exactly one or two cards, but R7+Y1+Y4 is 3 cards (R4.2)'
>>> table.toggle_card(1); table.toggle_card(2); table.match()
>>> table.message
'You played R7 on R7: single colour match. Press End turn: you will then place 1 bonus card (R6.1).'
"""

from __future__ import annotations

import dataclasses
import functools
import logging
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from typing import Any, Concatenate, ParamSpec, TypeVar, cast

from dos_lab.bots import Bot
from dos_lab.engine.cards import Card, Color
from dos_lab.engine.events import DosCalled, player_name
from dos_lab.engine.game import Game
from dos_lab.engine.matching import Match, Played
from dos_lab.engine.round import Round
from dos_lab.engine.state import Phase
from dos_lab.errors import DosError, Unavailable
from dos_lab.i18n import card_codes, gettext, ngettext
from dos_lab.play.declarations import Declaration, NeedsInput, check_declared, played_as
from dos_lab.play.hints import choice_for, hinted_match
from dos_lab.play.intents import CallDos, Catch, Draw, EndTurn, Intent, Place, PlayMatch, Undo, perform
from dos_lab.play.listeners import Observable
from dos_lab.play.observer import replay, snapshot_of
from dos_lab.play.prompts import match_message
from dos_lab.play.table_setup import TableSetup, fresh_seed, game_for, seat_bots, with_seed
from dos_lab.play.table_state import TableState

__all__ = ["Declaration", "NeedsInput", "TableController", "TableSetup", "fresh_seed"]

log = logging.getLogger(__name__)
P = ParamSpec("P")
T = TypeVar("T")
#: a safety net only: the engine ends every round long before this many bot turns
MAX_BOT_TURNS = 5000


def _intent(method: Callable[Concatenate[TableController, P], None]) -> Callable[Concatenate[TableController, P], None]:
    """Run an intent; turn every refusal or failure into the status message, then tell the view."""

    @functools.wraps(method)
    def wrapper(self: TableController, *args: P.args, **kwargs: P.kwargs) -> None:
        with self.guard:
            try:
                method(self, *args, **kwargs)
            except NeedsInput as exc:
                self._say(str(exc), "info")
            except Unavailable as exc:  # not a refusal of the rules: the move simply could not be kept
                self._say(str(exc), "error")
            except DosError as exc:
                if self.clear_after_refusal:
                    self._clear()
                self._say(gettext("Not allowed: {reason}").format(reason=exc), "error")
            except Exception as exc:  # a click handler must never raise: Voila would show nothing at all
                log.exception("table intent %s failed", method.__name__)
                self._say(gettext("Something went wrong ({problem}). Try Undo or New game.").format(
                    problem=f"{type(exc).__name__}: {exc}"), "error")
            self._changed()

    return cast("Callable[Concatenate[TableController, P], None]", wrapper)


class TableController(TableState, Observable):
    """A table with one human seat (``human``, player 0 by default) and bots in the others.

    ``table`` is a :class:`Game` (rounds, scores, Next round, New game) or a single
    :class:`Round` (a tutorial position). ``bots`` gives one bot per other seat, or
    none at all: then the other seats wait (a tutorial's example ends with the
    human's turn). With ``engine_declares=False`` the human must declare every wild
    card they play or match (R9.1, R10.1); otherwise "let the engine choose" is offered.
    ``select_drawn`` selects a freshly drawn card, ready to match or place. A refused move leaves the
    choice standing, so the player can fix it; ``clear_after_refusal`` clears it instead (a tutorial's
    reader then sees that nothing happened and starts the choice afresh).
    """

    #: held while an intent runs and the view redraws; a table that also changes from elsewhere (a shared
    #: table's moves arriving from the class store) holds a real lock here
    guard: AbstractContextManager[Any] = nullcontext()

    def __init__(self, table: Game | Round, bots: Sequence[Bot | str] = (), human: int = 0, *,
                 forget_dos: float = 0.25, engine_declares: bool = True, select_drawn: bool = True,
                 clear_after_refusal: bool = False) -> None:
        self.game = table if isinstance(table, Game) else None
        self._round = table if isinstance(table, Round) else None
        self.human = human
        self.engine_declares = engine_declares
        self.select_drawn = select_drawn
        self.clear_after_refusal = clear_after_refusal
        #: the view has a DOS! button (a tutorial example may not): the prompt mentions DOS only then
        self.offers_dos = True
        self.bots = seat_bots(self.players, bots, human, self.seed, forget_dos) if bots else {}
        self.selected = []
        self.target = None
        self.declarations = {}
        self.target_declaration = ""
        #: DOS! was pressed before the move that leaves two cards: the call rides on that move (R11.4)
        self.call_with_move = False
        self.message = ""
        self.message_kind = "info"
        self.setup = TableSetup(bots=tuple(getattr(b, "name", "bot") for b in self.bots.values()), seed=self.seed)
        self._shown = 0
        self._frames = {}
        self._undoable = 0
        self._called_with_move = False
        self._begin_round()

    @classmethod
    def from_setup(cls, setup: TableSetup) -> TableController:
        """A new table from a :class:`TableSetup` (raises :class:`~dos_lab.errors.InvalidInput` if it is bad)."""
        setup = with_seed(setup)
        game, kinds = game_for(setup)
        table = cls(game, kinds, forget_dos=setup.forget_dos)
        table.setup = dataclasses.replace(setup, bots=tuple(kinds))
        return table

    def _say(self, text: str, kind: str = "info") -> None:
        self.message, self.message_kind = text, kind

    # ------------------------------------------------------------------ choosing (no engine action)

    @_intent
    def toggle_card(self, index: int) -> None:
        """Select or unselect the hand card at ``index``."""
        if not 0 <= index < len(self.hand):
            return
        if index in self.selected:
            self.selected.remove(index)
            self.declarations.pop(index, None)
        else:
            self.selected.append(index)

    @_intent
    def choose_target(self, index: int) -> None:
        """Choose the row card at ``index`` as the target (again to unchoose it)."""
        if not 0 <= index < len(self.round.center_row):
            return
        self.target = None if self.target == index else index
        self.target_declaration = ""

    @_intent
    def declare(self, where: str, index: int, value: str) -> None:
        """Set a wild card's declaration ("" lets the engine choose): ``where`` is ``"hand"`` or ``"row"``."""
        if where == "row":
            self.target_declaration = value
        elif value:
            self.declarations[index] = value
        else:
            self.declarations.pop(index, None)

    @_intent
    def clear_selection(self) -> None:
        """Unselect every card."""
        self._clear()

    def _clear(self) -> None:
        self.selected, self.target, self.declarations, self.target_declaration = [], None, {}, ""
        self.call_with_move = False

    # ------------------------------------------------------------------ playing

    def _require_turn(self) -> Round:
        r = self.round
        if self.replaying and self.view.current == self.human:  # at a shared table: a classmate's call or catch
            raise NeedsInput(gettext("There are still steps to watch: press Next to see each one, or Skip."))
        if self.replaying:
            raise NeedsInput(gettext("{player} is still playing: press Next to watch, or Skip to jump to your "
                                     "turn.").format(player=self.name(self.view.current)))
        if r.over:
            raise NeedsInput(self._over_prompt())
        if r.current != self.human:
            raise NeedsInput(gettext("It is {player}'s turn.").format(player=self.name(r.current)))
        return r

    def _played(self, index: int) -> Played:
        """The hand card at ``index`` with the player's declaration, if they made one."""
        return played_as(self.hand[index], self.declarations.get(index, ""))

    def _missing_declaration(self) -> None:
        """When the human must declare wilds themselves, say which declaration is still missing."""
        if not self.engine_declares:
            check_declared(self.declarations_needed())

    def _do(self, intent: Intent) -> object:
        """Send one intent to the engine; note it for Undo, show its events, and let the bots play."""
        r = self.round
        before = r.event_count
        result = perform(r, intent)
        new = r.events_since(before)
        self._called_with_move = any(isinstance(e, DosCalled) and e.player == self.human for e in new)
        if new and r.current == self.human:
            self._undoable += 1
        self._shown = r.event_count
        if isinstance(intent, CallDos | Catch):
            return result
        self._clear()
        if r.current != self.human or r.over:
            self._undoable = 0
            self._play_bots()
        return result

    def _called(self) -> str:
        return " " + gettext("and called DOS!") if self._called_with_move else ""

    @_intent
    def match(self) -> None:
        """Play the selected hand cards on the chosen row card."""
        self._require_turn()
        if not self.selected:
            raise NeedsInput(gettext("Select one or two cards from your hand first, then a row card, then Match."))
        if self.target is None:
            raise NeedsInput(gettext("Now click the row card you want to match, then Match."))
        self._missing_declaration()
        declared = self.target_declaration
        target_as: int | Color | None = None
        if declared:
            target_as = int(declared) if declared.isdigit() else Color.parse(declared)
        intent = PlayMatch(self.human, self.target, tuple(self._played(i) for i in self.selected), target_as,
                           call_dos=self.call_with_move)
        m = cast(Match, self._do(intent))
        self._say(match_message(m, self._called()), "ok")

    @_intent
    def draw(self) -> None:
        """Draw a card instead of matching (R7.1)."""
        r = self._require_turn()
        card = cast("Card | None", self._do(Draw(self.human, call_dos=self.call_with_move)))
        if card is None:
            self._say(gettext("The draw pile is empty and nothing can be reshuffled: press End turn (R14.2)."))
            return
        self._say(gettext("You drew {card}{called}.").format(card=card_codes(card.code), called=self._called()), "ok")
        hand = r.hand(self.human)
        if self.select_drawn and r.phase is Phase.DREW and r.current == self.human and card in hand:
            self.selected = [len(hand) - 1 - hand[::-1].index(card)]

    @_intent
    def place(self) -> None:
        """Put the one selected card into the Center Row (after a draw, or as a colour bonus)."""
        r = self._require_turn()
        if len(self.selected) != 1:
            raise NeedsInput(gettext("Select exactly one card from your hand, then press Place."))
        self._missing_declaration()
        card = self._played(self.selected[0])
        bonus = r.phase is Phase.BONUS
        self._do(Place(self.human, card, call_dos=self.call_with_move))
        said = (gettext("You put {card} into the Center Row as a bonus card{called}.") if bonus
                else gettext("You put {card} into the Center Row{called}."))
        self._say(said.format(card=card_codes(card.code), called=self._called()), "ok")

    @_intent
    def end_turn(self) -> None:
        """End the turn: E1 discard, E2 refill, then bonus placements or the next player (R8)."""
        r = self._require_turn()
        self._do(EndTurn(self.human, call_dos=self.call_with_move))
        if r.phase is Phase.BONUS and r.current == self.human:
            self._say(ngettext("E1 discard and E2 refill done. Now place {count} bonus card: select a card and press "
                               "Place (R8 E3).",
                               "E1 discard and E2 refill done. Now place {count} bonus cards: select a card and press "
                               "Place (R8 E3).", r.bonuses_owed).format(count=r.bonuses_owed), "ok")
        else:
            self._say(gettext("Turn over: E1–E6 done (see the log)."), "ok")

    @_intent
    def call_dos(self) -> None:
        """Call "DOS!" for yourself (R11). Before the move that leaves you two cards, the call is made
        with that move (R11.4: a player may call as they play down to two)."""
        r = self.round
        if self.replaying or r.over:
            self._require_turn()
        refusal = r.verify_call(self.human)
        if refusal is None:
            already = r.has_called_dos(self.human)
            self._do(CallDos(self.human))
            self._say(gettext("You have already called DOS.") if already else
                      gettext("DOS! You called in time: nobody can catch you while you hold these two cards (R11.1)."),
                      "ok")
        elif self.my_turn and self._move_can_leave_two():
            self.call_with_move = True
            self._say(gettext("DOS! will be called with your move that leaves you two cards (R11.4)."), "ok")
        else:
            self._say(gettext("No call: {reason}.").format(reason=refusal), "info")

    @_intent
    def catch(self, player: int) -> None:
        """Call "DOS!" on another player who forgot to (R11.1); the engine says why a catch fails."""
        r = self.round
        if self.replaying or r.over:
            self._require_turn()
        refusal = r.verify_catch(self.human, player)
        if refusal is not None:
            self._say(gettext("No catch: {reason}.").format(reason=refusal), "info")
            return
        self._do(Catch(self.human, player))
        n = r.rules.dos_penalty
        said = (ngettext("Caught! {player} forgot to call DOS and draws {count} penalty card at the end of their "
                         "turn (E5) (R11.1).",
                         "Caught! {player} forgot to call DOS and draws {count} penalty cards at the end of their "
                         "turn (E5) (R11.1).", n) if player == r.current else
                ngettext("Caught! {player} forgot to call DOS and draws {count} penalty card now (R11.1).",
                         "Caught! {player} forgot to call DOS and draws {count} penalty cards now (R11.1).", n))
        self._say(said.format(player=self.name(player), count=n), "ok")

    def caught_by(self, player: int) -> bool:
        """Another seat (``player``) calls "DOS!" on the human, as a tutorial plays it; True if it counts."""
        return bool(self._do(Catch(player, self.human)))

    @_intent
    def hint(self) -> None:
        """Select one legal match (a colour match if there is one), or say why there is none."""
        r = self._require_turn()
        m = hinted_match(r)
        self._clear()
        self.selected, self.declarations, self.target, self.target_declaration = choice_for(m, self.hand)
        self._say(gettext("Hint: {match}. The cards are selected: press Match.").format(match=m.describe()), "info")

    @_intent
    def undo(self) -> None:
        """Take back your last action this turn."""
        r = self.round
        if self.replaying or self._undoable <= 0 or not r.can_undo:
            raise NeedsInput(gettext("Nothing of yours to take back this turn."))
        perform(r, Undo())
        self._undoable -= 1
        self._shown = r.event_count
        self._clear()
        self._say(gettext("Took back your last action."), "ok")

    def sync(self) -> None:
        """Catch up after the round was played outside the table (a tutorial's solution): show its events,
        clear the selection and let the bots move."""
        self._shown = self.round.event_count
        self._undoable = 0
        self._clear()
        self._play_bots()

    # ------------------------------------------------------------------ bots and rounds

    @_intent
    def next_step(self) -> None:
        """Show the next bot event."""
        if not self.replaying:
            raise NeedsInput(gettext("Nothing to watch: it is your move."))
        self._shown += 1
        self._say(self.round.events_since(self._shown - 1)[0].describe(viewer=self.human))
        if not self.replaying:
            self._clear()

    @_intent
    def skip(self) -> None:
        """Show every remaining bot event at once and jump to your turn."""
        if not self.replaying:
            raise NeedsInput(gettext("Nothing to skip: it is your move."))
        skipped = self.steps_left
        self._shown = self.round.event_count
        self._clear()
        self._say(ngettext("Skipped {count} step (all in the log).", "Skipped {count} steps (all in the log).",
                           skipped).format(count=skipped))

    @_intent
    def next_round(self) -> None:
        """Deal the next round (R13.5)."""
        self._deal_next_round()

    def _deal_next_round(self) -> None:
        """What Next round does, for a table to extend (a shared table deals in its store first)."""
        if self.replaying:
            raise NeedsInput(gettext("Watch the end of the round first: press Next or Skip."))
        if self.game is None:
            raise NeedsInput(gettext("This table plays one round only."))
        self.game.next_round()
        self._begin_round()
        self._say(gettext("Round {round}: {player} deals.").format(round=self.game.round_number,
                                                                    player=player_name(self.game.dealer)), "ok")

    @_intent
    def new_game(self, setup: TableSetup | None = None) -> None:
        """Start again with ``setup`` (or the same setup and a fresh seed)."""
        setup = with_seed(setup or dataclasses.replace(self.setup, seed=None))
        game, kinds = game_for(setup)
        self.bots = seat_bots(game.players, kinds, self.human, game.seed, setup.forget_dos)
        self.game, self._round, self.setup = game, None, dataclasses.replace(setup, bots=tuple(kinds))
        self._begin_round()
        self._say(gettext("New game: you against {players}; seed {seed}.").format(
            players=", ".join(self.name(p) for p in self.bots), seed=setup.seed), "ok")

    def _begin_round(self) -> None:
        self._clear()
        self._undoable = 0
        self._shown = self.round.event_count
        self._play_bots()

    def _play_bots(self) -> None:
        """Let the bots play until it is the human's turn; the observer makes a frame for every event."""
        r = self.round

        def bots_play() -> None:
            turns = 0
            while not r.over and r.current != self.human and r.current in self.bots and turns < MAX_BOT_TURNS:
                self.bots[r.current].play_turn(r)
                turns += 1

        self._watch(bots_play)

    def _watch(self, advance: Callable[[], T]) -> T:
        """Run ``advance`` (others play on) and keep a frame for every event it adds, to be shown one by one
        after the events still to be watched; returns what ``advance`` returns."""
        r = self.round
        start = r.event_count
        first = self._frames.get(start - 1) if self.replaying else None
        earlier = self._frames if first is not None else {}
        first = first or snapshot_of(r, self.human)
        result = advance()
        frames = replay(first, r.events_since(start))
        self._frames = earlier | {start - 1: first} | {start + i: frame for i, frame in enumerate(frames)}
        return result

