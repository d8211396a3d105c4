"""One student's seat at a room's table: the table model of :mod:`dos_lab.play` for a round the class store keeps.

The seat keeps its own copy of the round, replayed from the store's deal and moves. A move the student makes goes
to the store first: only a move the store recorded is played on the copy, so a refused move — out of turn, no
longer legal, beaten by a classmate's — changes nothing and is shown with its rule. Classmates' moves and the
computer players' arrive with :meth:`RoomTable.catch_up` and are shown one step at a time, as a table shows the
computer players' turns.

The copy holds every hand, as the store does: it lives in the page's kernel on the server. What the page shows
is the seat's snapshot (:func:`dos_lab.play.observer.snapshot_of`), which holds the seat's own hand and only the
sizes of the others.

>>> from dos_lab.classroom import ClassStore
>>> store = ClassStore(":memory:")
>>> code = store.create_room(players=2, seed=4)
>>> ala, ola = store.join(code, "Ala"), store.join(code, "Ola")
>>> tables = RoomTable(store, ala), RoomTable(store, ola)
>>> [t.name(1) for t in tables]
['P2 (Ola)', 'You (P2)']
>>> first = tables[0] if tables[0].my_turn else tables[1]
>>> other = tables[1] if first is tables[0] else tables[0]
>>> first.draw()
>>> other.catch_up()
True
>>> other.steps_left > 0
True
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import NamedTuple

from dos_lab.engine.events import player_name
from dos_lab.engine.game import Game
from dos_lab.engine.moves import Catch, Move, perform
from dos_lab.errors import DosError, IllegalMove, InvalidInput
from dos_lab.i18n import gettext, ngettext
from dos_lab.play.controller import TableController
from dos_lab.play.intents import Intent

from .store import ClassStore

__all__ = ["RoomTable"]


class _TurnCatch(NamedTuple):
    #: the round's number and the turn's, when the catch was made
    moment: tuple[int, int]
    move: Catch

    @property
    def player(self) -> int:
        return self.move.player


class RoomTable(TableController):
    """The table of the seat whose token is ``token`` in its room of ``store`` (the game must have started:
    :class:`~dos_lab.errors.InvalidInput` otherwise). Every intent of :class:`TableController` works, except Undo:
    a move the table has seen cannot be taken back."""

    def __init__(self, store: ClassStore, token: str, *, engine_declares: bool = True) -> None:
        view = store.view(token)
        if not view.started:
            raise InvalidInput(gettext("The game in room {code} has not started yet.").format(code=view.code))
        saved, first, moves = store.game_history(view.code)
        assert saved is not None  # the room has started, so it has its game
        game = Game.from_dict(saved)
        for move in moves:
            perform(game.round, move)
        self.store, self.token, self.code = store, token, view.code
        self.names: Sequence[str] = view.names
        self.kinds: Sequence[str | None] = view.bots
        self._moves_seen = first + len(moves)
        #: the last catch of each player that classmates made, with its round and turn (R11.2: the first call wins)
        self._catches: dict[int, _TurnCatch] = {}
        self.guard = threading.RLock()
        super().__init__(game, (), human=view.player, engine_declares=engine_declares)

    def name(self, player: int) -> str:
        """``"You (P1)"`` for this seat, ``"P2 (Ola)"`` for a classmate, ``"P3 (greedy bot)"`` for a computer
        player."""
        if player == self.human or not 0 <= player < len(self.names):
            return super().name(player)
        kind = self.kinds[player]
        if kind is not None:
            return gettext("{player} ({bot} bot)").format(player=player_name(player), bot=gettext(kind))
        return gettext("{player} ({name})").format(player=player_name(player), name=self.names[player])

    @property
    def prompt(self) -> str:
        """What the student should do next; while a classmate plays, whose turn it is."""
        r = self.round
        if not self.replaying and not r.over and r.current != self.human:
            return gettext("It is {player}'s turn: each of their moves appears here as it is made.").format(
                player=self.name(r.current))
        return super().prompt

    def _do(self, intent: Intent) -> object:
        if not isinstance(intent, Move):  # Undo: refused by undo() before it gets here
            raise DosError(gettext("At a shared table a move cannot be taken back: your classmates have seen it."))
        move = intent
        try:
            self.store.play(self.token, move)  # a refusal raises here, before the copy changes
        except DosError as refusal:
            if isinstance(move, Catch):  # a classmate's catch of the same player may have reached the store first
                _, later = self.store.moves_since(self.code, self._moves_seen)
                first = next((m for m in later if isinstance(m, Catch) and m.target == move.target), None)
                if first is not None:
                    raise self._too_late(first) from refusal
            raise
        _, later = self.store.moves_since(self.code, self._moves_seen)
        try:
            mine = next(i for i, m in enumerate(later) if m == move)
        except StopIteration:  # the store recorded it, so it is there; a store that lost it must not be trusted
            raise DosError(gettext("The table could not be read back: reload the page.")) from None
        r = self.round
        for earlier in later[:mine]:  # a classmate's DOS call or catch that came just before: shown at once
            perform(r, earlier)
        result = super()._do(move)
        self._undoable = 0
        self._moves_seen += mine + 1 + self._watch(lambda: self._play_along(later[mine + 1:]))
        return result

    def catch(self, player: int) -> None:
        """Call "DOS!" on ``player``. The DOS catch is a race (R11.2: the first valid call wins): a press that comes
        after a classmate's catch of the same player this turn, already on this copy but maybe not yet on the
        screen, is told who was first."""
        first = self._catches.get(player)
        if first is None or first.player == self.human or first.moment != self._moment():
            super().catch(player)
            return
        with self.guard:
            self._say(gettext("Not allowed: {reason}").format(reason=self._too_late(first.move)), "error")
            self._changed()

    def _moment(self) -> tuple[int, int]:
        return (self.game.round_number if self.game is not None else 1), self.round.turn

    def _too_late(self, first: Catch) -> IllegalMove:
        return IllegalMove(gettext("{catcher} caught {player} first: only the first call counts (R11.2)").format(
            catcher=self.name(first.player), player=self.name(first.target)))

    def undo(self) -> None:
        """At a shared table nothing is taken back: the student is told so."""
        with self.guard:
            self._say(gettext("At a shared table a move cannot be taken back: your classmates have seen it."))
            self._changed()

    def _play_along(self, moves: Sequence[Move]) -> int:
        """Play ``moves`` on the copy until the round ends (the rest belongs to the next round: it waits until
        this student deals it with Next round, or follows a classmate who did); how many were played."""
        for done, move in enumerate(moves):
            if self.round.over:
                return done
            if isinstance(move, Catch):
                self._catches[move.target] = _TurnCatch(self._moment(), move)
            perform(self.round, move)
        return len(moves)

    def _deal_next_round(self) -> None:
        """Deal the next round in the store (the first seat to ask deals it; a refusal raises before anything
        changes), then on this copy: the engine deals both the same way."""
        game = self.game
        if game is not None and self.round.over and not self.replaying and not game.over:
            self.store.next_round(self.token, game.round_number)
        super()._deal_next_round()
        self.catch_up()

    def _over_prompt(self) -> str:
        game = self.game
        if game is not None and game.blocked:
            return self._blocked_end(game)
        if game is not None and game.over and game.winner is not None:
            points = game.scores[game.winner]
            return ngettext("Game over: {player} wins the game with {points} point (target {target}).",
                            "Game over: {player} wins the game with {points} points (target {target}).",
                            points).format(player=self.name(game.winner), points=points,
                                           target=game.rules.target_score)
        return super()._over_prompt()

    def _play_bots(self) -> None:
        """The computer players of a room play in the store, as soon as the turn passes to them."""

    def catch_up(self) -> bool:
        """Play the moves the store holds beyond this copy (classmates' and computer players'), to be watched
        step by step; True if there were any. The view redraws."""
        with self.guard:
            _, later = self.store.moves_since(self.code, self._moves_seen)
            played = self._watch(lambda: self._play_along(later))
            if not played:
                return False
            self._moves_seen += played
            self._undoable = 0
            self._changed()
            return True
