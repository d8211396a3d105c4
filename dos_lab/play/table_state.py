"""What a table shows and allows now: the base class of :class:`~dos_lab.play.controller.TableController` that
holds its questions — the round, whose turn, the frame to draw, which buttons the engine allows, which wild cards
to declare, the prompt — and changes nothing.

The table is one object to its views (DESIGN.md §4), and two ideas: what a view reads, here, and what the player
does (the intents, in :mod:`dos_lab.play.controller`, which set the state this class reads). A view or a test that
only reads needs this half alone to understand what it sees.

>>> from dos_lab.play.controller import TableController
>>> from dos_lab.play.positions import staged_game
>>> table = TableController(staged_game("colour-match"), ["greedy"])
>>> isinstance(table, TableState), table.my_turn, table.enabled()["draw"]
(True, True, True)
"""

from __future__ import annotations

from typing import cast

from dos_lab.bots import Bot
from dos_lab.engine.cards import Card
from dos_lab.engine.events import Event, player_name
from dos_lab.engine.game import Game
from dos_lab.engine.round import Round
from dos_lab.engine.rules import RuleSet
from dos_lab.errors import DosError
from dos_lab.i18n import gettext
from dos_lab.play.declarations import Declaration, offered_declarations
from dos_lab.play.intents import played
from dos_lab.play.observer import TableSnapshot, snapshot_of
from dos_lab.play.prompts import blocked_end, game_won, round_over, turn_prompt, watching

__all__ = ["TableState"]


class TableState:
    """The questions of a table (see the module's text); :class:`~dos_lab.play.controller.TableController` sets
    the state they read."""

    game: Game | None
    _round: Round | None
    human: int
    engine_declares: bool
    offers_dos: bool
    bots: dict[int, Bot]
    selected: list[int]
    target: int | None
    declarations: dict[int, str]
    target_declaration: str
    call_with_move: bool
    #: how many of the round's events the human has watched, the frame after each event, and how many of the
    #: human's actions this turn Undo may take back
    _shown: int
    _frames: dict[int, TableSnapshot]
    _undoable: int

    @property
    def round(self) -> Round:
        """The round being played."""
        return self.game.round if self.game is not None else cast(Round, self._round)

    @property
    def players(self) -> int:
        """How many seats the table has."""
        return self.game.players if self.game is not None else cast(Round, self._round).players

    @property
    def seed(self) -> int:
        """The seed of the deal (shown, so a deal can be played again)."""
        return self.game.seed if self.game is not None else 0

    @property
    def rules(self) -> RuleSet:
        """The rule options."""
        return self.round.rules

    @property
    def replaying(self) -> bool:
        """True while bot events are waiting to be shown (press Next or Skip)."""
        return self._shown < self.round.event_count

    @property
    def steps_left(self) -> int:
        """How many bot events are still to be shown."""
        return self.round.event_count - self._shown

    @property
    def view(self) -> TableSnapshot:
        """The table as it should be drawn now: mid-replay, the frame after the last shown event."""
        if self.replaying and self._shown - 1 in self._frames:
            return self._frames[self._shown - 1]
        return snapshot_of(self.round, self.human)

    @property
    def events(self) -> list[Event]:
        """The events of this round shown so far, oldest first."""
        return self.round.log[:self._shown]

    @property
    def live(self) -> bool:
        """True when the human may act: every bot event shown and the round still on."""
        return not self.replaying and not self.round.over

    @property
    def my_turn(self) -> bool:
        """True when the human may act and it is their turn."""
        return self.live and self.round.current == self.human

    @property
    def hand(self) -> tuple[Card, ...]:
        """The human's cards."""
        return self.round.hand(self.human)

    def name(self, player: int) -> str:
        """``"You (P1)"`` for the human, ``"P2 (greedy bot)"`` for a bot, ``"P2"`` for an empty seat."""
        if player == self.human:
            return gettext("You ({player})").format(player=player_name(player))
        if player not in self.bots:
            return player_name(player)
        # the bots' names are marked for the catalogs where the setup panel names them (widgets/setup.py)
        return gettext("{player} ({bot} bot)").format(player=player_name(player),
                                                      bot=gettext(getattr(self.bots[player], "name", "?")))

    def enabled(self) -> dict[str, bool]:
        """Which action buttons the engine allows now (the view enables exactly these)."""
        r = self.round
        mine = self.my_turn
        game_over = self.game is None or self.game.over
        return {
            "match": mine and r.can_match(),
            "draw": mine and r.can_draw(),
            "place": mine and r.can_place(),
            "end_turn": mine and r.can_end_turn(),
            "dos": self.dos_due(),
            "hint": mine,
            "undo": self.live and self._undoable > 0 and r.can_undo,
            "next": self.replaying,
            "skip": self.replaying,
            "next_round": not self.replaying and r.over and not game_over,
        }

    def offered(self) -> dict[str, bool]:
        """Which action buttons a student may press now: those :meth:`enabled` allows and, on the student's own
        turn, Match and End turn whatever the engine would say. Pressing one the rules refuse shows the refusal
        with its rule ("match or draw first (R3.1)"), and a greyed-out button teaches nothing: the tutorials ask
        students to try exactly that. Draw and Place stay as the engine allows them."""
        offered = self.enabled()
        if self.my_turn and not self.round.over:
            offered["match"] = offered["end_turn"] = True
        return offered

    def dos_due(self) -> bool:
        """True if DOS! would count now: the engine accepts your call and you have not called yet, or a
        move you may make now leaves you two cards, so the call can ride on it (R11.1, R11.4)."""
        r = self.round
        if not self.live:
            return False
        if r.verify_call(self.human) is None:
            return not r.has_called_dos(self.human)
        return self.my_turn and not self.call_with_move and self._move_can_leave_two()

    def _move_can_leave_two(self) -> bool:
        """True if one of the moves the engine offers now leaves the human holding two cards."""
        r = self.round
        held = len(r.hand(self.human))
        if r.can_place() and held == 3:
            return True
        return 3 <= held <= 4 and any(held - len(m.cards) == 2 for m in r.legal_matches())

    def can_catch(self, player: int) -> bool:
        """True if a catch of ``player`` would succeed now (the engine's answer, R11.4)."""
        return self.live and player != self.human and self.round.verify_catch(self.human, player) is None

    def can_be_caught(self) -> bool:
        """True if another player could catch the human now."""
        return not self.replaying and not self.round.over and self.human in self.round.exposed_players

    def declarations_needed(self) -> list[Declaration]:
        """The wild cards of the move being prepared that the player may (or, when the engine does not
        declare, must) declare: the engine names them; a match needs a row card chosen first."""
        r = self.round
        if not self.my_turn or not self.selected:
            return []
        hand = r.hand(self.human)
        cards = [played(hand[i]) for i in self.selected if i < len(hand)]
        try:
            if self.target is not None:
                needs = r.declarations_needed(self.target, *cards)
            elif len(cards) == 1 and r.can_place():
                needs = r.declarations_needed(None, *cards)
            else:
                return []
        except DosError:
            return []
        return offered_declarations(needs, self.selected, self.declarations, self.target_declaration,
                                    self.engine_declares)

    @property
    def prompt(self) -> str:
        """What the human should do next, in one sentence or two (the sentences: :mod:`dos_lab.play.prompts`)."""
        r, s = self.round, self.view
        if self.replaying:
            return watching(self.name(s.current) if s.current != self.human else gettext("The table"),
                            self.steps_left)
        if r.over:
            return self._over_prompt()
        if r.current != self.human:
            return gettext("Your turn is over: it is {player}'s turn.").format(player=self.name(r.current))
        return turn_prompt(r, self._dos_reminder())

    def _dos_reminder(self) -> str:
        """The prompt's DOS sentence (two spaces first), or "" when no call is due or the view has no DOS!."""
        r = self.round
        if self.offers_dos and r.verify_call(self.human) is None and not r.has_called_dos(self.human):
            return "  " + gettext("You hold two cards: press DOS!")
        if self.offers_dos and self.call_with_move:
            return "  " + gettext("DOS! goes with your move that leaves you two cards.")
        if self.offers_dos and self._move_can_leave_two() and not r.has_called_dos(self.human):
            return "  " + gettext("A move can leave you two cards: press DOS! first to call it with that move "
                                  "(R11.4).")
        return ""

    def _play_again(self) -> str:
        """What the student presses to play again once the game is over (the table's New game button)."""
        return gettext("Press New game to play again.")

    def _blocked_end(self, g: Game) -> str:
        """Why a :attr:`~dos_lab.engine.game.Game.blocked` game is over, and who wins it."""
        return blocked_end(g, self.human, self.name)

    def _over_prompt(self) -> str:
        r, g = self.round, self.game
        if g is not None and g.blocked:
            return self._blocked_end(g) + " " + self._play_again()
        if g is not None and g.over and g.winner is not None:
            return game_won(g, g.winner, self.human, self.name) + " " + self._play_again()
        return round_over(r, self.human, self.name, " " + gettext("Press Next round.") if g is not None else "")

    def round_summary(self) -> list[tuple[int, list[Card], int]]:
        """For the scoring table: each player, the cards they hold and their points (R13.1)."""
        r = self.round
        return [(p, hand, r.hand_points(p)) for p, hand in enumerate(r.hands)]
