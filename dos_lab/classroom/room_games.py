"""Each room's game in the class store: rebuilt from its deal and the moves since (kept by each kernel, so that
reading a room again plays only the moves made since), and the computer players' turns played and written down as
the engine's moves."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from typing import Any, cast

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from dos_lab.bots import make_bot
from dos_lab.engine.game import Game
from dos_lab.engine.matching import parse_played
from dos_lab.engine.moves import CallDos, Catch, Draw, EndTurn, Move, Place, PlayMatch, perform
from dos_lab.engine.round import Round

from .schema import moves, rooms, seats

__all__ = ["STAND_IN", "Recorder", "RoomRounds", "play_bots"]

#: the computer player that plays for a student who is away
STAND_IN = "greedy"


class RoomRounds:
    """Each room's round as its moves left it, as this kernel last read it: (its deal, its first move, the moves
    played, the round). The deal tells a room dealt again after a reset (the same code, a new game) from the one
    this kernel saw."""

    def __init__(self) -> None:
        self._rounds: dict[str, tuple[str, int, int, Round]] = {}
        self._lock = threading.Lock()

    def round(self, c: Connection, room: sa.Row[Any]) -> Round | None:
        """The room's round as its moves left it (a copy the caller may change; None before the deal)."""
        if room.deal is None:
            return None
        with self._lock:
            cached = self._rounds.get(room.code)
        if cached is not None and cached[:2] == (room.deal, room.first_move) and cached[2] <= room.moves:
            done, r = cached[2], cached[3].copy()
        else:
            done, r = room.first_move, Round.from_dict(json.loads(room.deal), history=False)
        if done < room.moves:
            # bounded by the room's count: under READ COMMITTED a later statement may see moves committed since
            later = c.execute(sa.select(moves.c.move).where(moves.c.code == room.code, moves.c.number > done,
                                                            moves.c.number <= room.moves)
                              .order_by(moves.c.number)).scalars().all()
            for text in later:
                perform(r, Move.from_dict(json.loads(text)))
            with self._lock:
                self._rounds[room.code] = (room.deal, room.first_move, room.moves, r.copy())
        return r

    def game(self, c: Connection, room: sa.Row[Any]) -> Game | None:
        """The room's game with its current round as the moves left it (None before the deal)."""
        r = self.round(c, room)
        if r is None:
            return None
        game = Game.from_dict(json.loads(room.game))
        game.round = r
        return game

    def forget(self, code: str) -> None:
        """Read the room ``code`` afresh next time (its game is gone)."""
        with self._lock:
            self._rounds.pop(code, None)


def play_bots(c: Connection, code: str, r: Round, number: int, away: Callable[[float | None], bool]) -> None:
    """The computer players whose turn it is play their turns on ``r``, the round of room ``code`` after its move
    ``number``, and play for students who are ``away`` (by when their page last spoke); every move is written
    down, and the room's count of moves with them."""
    bots = {s.seat: s.bot or STAND_IN for s in c.execute(seats.select().where(seats.c.code == code))
            if s.bot or away(s.seen)}
    played: list[Move] = []
    while not r.over and r.current in bots:
        player = r.current
        bot = make_bot(bots[player], seed=hash((r.seed, player, r.turn)) & 0xFFFF_FFFF)
        turn = r.turn
        bot.play_turn(cast(Round, Recorder(r, played)))
        if r.turn == turn and r.current == player and not r.over:
            break  # a bot that could not finish its turn must not hold the table forever
    for move in played:
        number += 1
        c.execute(moves.insert().values(code=code, number=number, move=json.dumps(move.to_dict()),
                                        at=time.time()))
    c.execute(rooms.update().where(rooms.c.code == code).values(moves=number))


class Recorder:
    """A round as a computer player sees it, writing down each of its actions as the engine's move."""

    def __init__(self, r: Round, played: list[Move]) -> None:
        self._r = r
        self._played = played

    def __getattr__(self, name: str) -> Any:
        return getattr(self._r, name)

    def _do(self, move: Move) -> Any:
        result = perform(self._r, move)
        self._played.append(move)
        return result

    def match(self, target: Any, *cards: Any, target_as: Any = None, call_dos: bool = False) -> Any:
        player = self._r.current
        found = self._r.match(target, *cards, target_as=target_as, call_dos=call_dos)
        self._played.append(PlayMatch(player, found.target, tuple(map(parse_played, found.cards)), found.target_as,
                                      call_dos))
        return found

    def draw(self, *, call_dos: bool = False) -> Any:
        return self._do(Draw(self._r.current, call_dos))

    def place(self, card: Any, *, call_dos: bool = False) -> None:
        self._do(Place(self._r.current, parse_played(card), call_dos))

    def end_turn(self, *, call_dos: bool = False) -> None:
        self._do(EndTurn(self._r.current, call_dos))

    def call_dos(self, player: int) -> bool:
        return bool(self._do(CallDos(player)))

    def catch_dos(self, caller: int, target: int) -> bool:
        return bool(self._do(Catch(caller, target)))
