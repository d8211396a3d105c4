"""The class store: rooms, seats and each room's game, kept in a real database that every page's kernel opens.

A room's game is kept as the engine's save at the deal plus the ordered list of moves since (the engine's
:class:`~dos_lab.engine.moves.Move`, as JSON). Every write is one transaction that raises the room's version by one,
on the condition that nobody raised it first: two moves at the same moment can never fork a game; the one that
loses the race is checked again against the table as it now is, and played or refused with the rule.

SQLite (the standard library's driver, WAL mode) is the default, a file in the site's data folder; a
``postgresql://`` URL selects PostgreSQL for a hub. Both go through SQLAlchemy Core, one code path.

This module holds the rooms, their seats and their moves; its parts live beside it: the tables
(:mod:`~dos_lab.classroom.schema`), the database and its versioned write (:mod:`~dos_lab.classroom.database`), the
checks of what the class types (:mod:`~dos_lab.classroom.inputs`), each room's game rebuilt from its moves and its
computer players (:mod:`~dos_lab.classroom.room_games`), what a seat and the teacher see
(:mod:`~dos_lab.classroom.room_views`), the pooled results (:mod:`~dos_lab.classroom.pooled_results`) and the
home page's kept games (:mod:`~dos_lab.classroom.kept_games`).

>>> store = ClassStore(":memory:")
>>> code = store.create_room(players=2, seed=11)
>>> ala = store.join(code, "Ala")
>>> store.add_bot(code, "greedy")  # the room is full now, so the game starts
>>> view = store.view(ala)
>>> view.player, view.started, len(view.hand)
(0, True, 7)
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Callable
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from dos_lab.bots import BOTS
from dos_lab.engine.events import player_name
from dos_lab.engine.game import Game
from dos_lab.engine.moves import MAX_PLAYERS, Move
from dos_lab.engine.rules import RuleSet
from dos_lab.errors import DosError, IllegalMove, InvalidInput, check_seed, whole_number
from dos_lab.i18n import gettext, ngettext
from dos_lab.play.observer import snapshot_of
from dos_lab.play.table_setup import fresh_seed

# `NAME as NAME`: a name this module held before its parts moved out, importable from here as before
from .database import ATTEMPTS as ATTEMPTS
from .database import Database, Done, room_row
from .inputs import CODE_LENGTH as CODE_LENGTH
from .inputs import CODE_LETTERS, MAX_NAME, bot_label, check_name, room_code
from .kept_games import MAX_TABLE as MAX_TABLE
from .kept_games import KeptGames
from .pooled_results import MAX_RESULT as MAX_RESULT
from .pooled_results import ClassSettings, PooledResults
from .room_games import STAND_IN as STAND_IN
from .room_games import RoomRounds, play_bots
from .room_views import RoomSummary, SeatView
from .schema import kept_tables, moves, results, rooms, seat_tabs, seats
from .schema import settings as settings

__all__ = ["CODE_LETTERS", "MAX_NAME", "ClassSettings", "ClassStore", "RoomSummary", "SeatView"]


#: a student whose page has said nothing for this many seconds is away: a computer player plays for them
AWAY_AFTER = 180.0
#: a page that has not said for this many seconds that it shows its seat is closed (pages say so every 10 s)
TAB_SILENT = 30.0


class ClassStore(PooledResults, KeptGames):
    """The site's shared, durable state (see the module's text). ``path_or_url`` is a file (SQLite), or a URL:
    ``"sqlite:///…"`` or ``"postgresql://…"``. Its pooled results and the teacher's settings
    (:class:`~dos_lab.classroom.pooled_results.PooledResults`) and the home page's kept games
    (:class:`~dos_lab.classroom.kept_games.KeptGames`) are methods of this one store, written in their own modules."""

    def __init__(self, path_or_url: str = "class.db", *, away_after: float = AWAY_AFTER,
                 clock: Callable[[], float] = time.time) -> None:
        if isinstance(away_after, bool) or not isinstance(away_after, int | float) or not 0 < away_after <= 86_400:
            raise InvalidInput(f"away_after={str(away_after)[:24]} must be a number of seconds up to a day")
        self.database = Database(path_or_url)
        self.engine, self.url = self.database.engine, self.database.url
        #: where the store is, as a terminal may show it (a database URL's password left out)
        self.address = self.database.address
        #: a student silent this long is away (a computer player plays their turns until they are back)
        self.away_after = float(away_after)
        self._clock = clock
        self._rounds = RoomRounds()

    def close(self) -> None:
        self.database.close()

    # ---------------------------------------------------------------- rooms

    def create_room(self, players: int = 2, seed: int = 0, rules: RuleSet | None = None) -> str:
        """A new room for ``players`` (2–4) with its rules; returns its code (four letters)."""
        if not whole_number(players) or not 2 <= players <= MAX_PLAYERS:
            raise InvalidInput(f"a table seats 2 to {MAX_PLAYERS} players, not {str(players)[:24]} (R1)")
        seed = check_seed(seed)
        rules = rules if rules is not None else RuleSet()
        if not isinstance(rules, RuleSet):
            raise InvalidInput(f"rules must be a RuleSet, not {type(rules).__name__}")
        for _ in range(100):
            code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
            try:
                with self.database.writing() as c:
                    c.execute(rooms.insert().values(code=code, players=players, seed=seed,
                                                    rules=json.dumps(rules.to_dict()), version=1, deal=None,
                                                    game=None, first_move=0, moves=0, created=time.time()))
                return code
            except IntegrityError:
                continue
        raise DosError("no free room code was found: clear old rooms first")

    def join(self, code: str, name: str) -> str:
        """Take the next empty seat under ``name`` (a first name); returns the seat's token. The game starts when
        the last seat is taken."""
        name = check_name(name)
        token = secrets.token_urlsafe(18)
        self._take_seat(code, name, None, token)
        return token

    def add_bot(self, code: str, kind: str = "greedy") -> None:
        """Fill the next empty seat with a computer player (``"greedy"``, ``"random"`` or ``"tactician"``)."""
        if kind not in BOTS:
            raise InvalidInput(f"there is no computer player {str(kind)[:24]!r}; choose one of {', '.join(BOTS)}")
        self._take_seat(code, kind, kind, None)

    def _take_seat(self, code: str, name: str, bot: str | None, token: str | None) -> None:
        def take(c: Connection, room: sa.Row[Any]) -> None:
            taken = c.execute(seats.select().where(seats.c.code == room.code)).all()
            if len(taken) >= room.players or room.deal is not None:
                raise InvalidInput(ngettext("room {code} is full: its {count} seat is taken",
                                             "room {code} is full: all {count} seats are taken",
                                             room.players).format(code=room.code, count=room.players))
            same = [s.name for s in taken if bot is None and s.bot is None and s.name.casefold() == name.casefold()]
            if same:
                raise InvalidInput(gettext("{name} is already at this table: add a letter to tell the names apart")
                                   .format(name=same[0]))
            label = name if bot is None else bot_label(bot, [s.name for s in taken])
            c.execute(seats.insert().values(code=room.code, seat=len(taken), name=label, bot=bot, token=token,
                                            seen=None if bot else self._clock()))
            if len(taken) + 1 == room.players:
                self._deal(c, room)

        self.database.write_room(code, take)

    def start(self, code: str) -> int:
        """Deal the game; empty seats get computer players (greedy). IllegalMove if it has already started.
        Returns the room's new version."""

        def deal(c: Connection, room: sa.Row[Any]) -> None:
            if room.deal is not None:
                raise IllegalMove(gettext("the game in room {code} has already started").format(code=room.code))
            taken = c.execute(seats.select().where(seats.c.code == room.code)).all()
            names = [s.name for s in taken]
            for seat in range(len(taken), room.players):
                label = bot_label("greedy", names)
                names.append(label)
                c.execute(seats.insert().values(code=room.code, seat=seat, name=label, bot="greedy", token=None))
            self._deal(c, room)

        return self.database.write_room(code, deal)

    def _deal(self, c: Connection, room: sa.Row[Any]) -> None:
        rules = RuleSet.from_dict(json.loads(room.rules))
        self._start_round(c, room.code, Game(room.players, seed=room.seed, rules=rules), 0)

    def _start_round(self, c: Connection, code: str, game: Game, first_move: int) -> None:
        """Keep ``game`` at the deal of its current round, whose moves are numbered after ``first_move``; the
        computer players whose turn it is play."""
        c.execute(rooms.update().where(rooms.c.code == code).values(
            deal=json.dumps(game.round.to_dict()), game=json.dumps(game.to_dict()), first_move=first_move))
        play_bots(c, code, game.round, first_move, self._away)

    def next_round(self, token: str, after: int) -> int:
        """Deal the round after round ``after`` once that round is over (R13.5); the room's new version. Every seat
        may ask: the first asking deals, and a seat asking for a round already dealt changes nothing. IllegalMove
        while the round is played, or when the game is over (R13.3)."""
        if not whole_number(after) or after < 1:
            raise InvalidInput(f"after={str(after)[:24]} is not a round number (1, 2, …)")
        with self.database.connect() as c:
            seat = self._seat(c, token)
            room = room_row(c, seat.code)
        if room.game is not None and json.loads(room.game)["round_number"] > after:
            return int(room.version)

        def deal(c: Connection, room: sa.Row[Any]) -> None:
            game = self._rounds.game(c, room)
            if game is None:
                raise IllegalMove(gettext("the game in room {code} has not started yet").format(code=room.code))
            if game.round_number > after:
                raise Done
            game.next_round()  # the engine's refusals: the round is still played, or the game is over
            self._start_round(c, room.code, game, room.moves)

        try:
            return self.database.write_room(seat.code, deal)
        except Done:
            return self.version(seat.code)

    # ---------------------------------------------------------------- the game

    def _seat(self, c: Connection, token: str) -> sa.Row[Any]:
        if not isinstance(token, str) or not token or len(token) > 64:
            raise InvalidInput(gettext("this is not a seat token: join the room again with its code"))
        seat = c.execute(seats.select().where(seats.c.token == token)).first()
        if seat is None:
            raise InvalidInput(gettext("this seat token is not known here: join the room again with its code"))
        return seat

    def view(self, token: str) -> SeatView:
        """The seat's view of its room now."""
        with self.database.connect() as c:
            seat = self._seat(c, token)
            room = room_row(c, seat.code)
            everyone = c.execute(seats.select().where(seats.c.code == room.code).order_by(seats.c.seat)).all()
            game = self._rounds.game(c, room)
        empty = room.players - len(everyone)
        names = tuple([s.name for s in everyone] + [""] * empty)
        bots = tuple([s.bot for s in everyone] + [None] * empty)
        away = tuple([s.bot is None and self._away(s.seen) for s in everyone] + [False] * empty)
        target = RuleSet.from_dict(json.loads(room.rules)).target_score
        if game is None:
            return SeatView(room.code, seat.seat, room.version, names, bots, room.players, None, 1,
                            (0,) * room.players, target, away)
        return SeatView(room.code, seat.seat, room.version, names, bots, room.players,
                        snapshot_of(game.round, seat.seat), game.round_number, tuple(game.scores), target, away)

    def legal_moves(self, token: str) -> list[Move]:
        """The moves this seat may make now (none before the deal, or after the round)."""
        with self.database.connect() as c:
            seat = self._seat(c, token)
            r = self._rounds.round(c, room_row(c, seat.code))
        return [] if r is None else r.legal_moves(seat.seat)

    def play(self, token: str, move: Move | str, version: int | None = None) -> int:
        """Play ``move`` (a Move, or its text; a line without its player is this seat's) for the seat; the
        computer players whose turn follows play theirs. Returns the room's new version. A refused move raises
        :class:`~dos_lab.errors.DosError` with the rule and writes nothing; so does a move made against an older
        ``version`` of the table than the one now, if one is given."""
        with self.database.connect() as c:
            seat = self._seat(c, token)
        if isinstance(move, str):
            move = Move.parse(move, player=seat.seat)
        if not isinstance(move, Move):
            raise InvalidInput(f"a move is a Move or its text, such as 'P1: draw', not {type(move).__name__}")
        if move.player != seat.seat:
            raise IllegalMove(gettext("this seat is {seat}, so it cannot make {player}'s move").format(
                seat=player_name(seat.seat), player=player_name(move.player)))

        def record(c: Connection, room: sa.Row[Any]) -> None:
            if version is not None and version != room.version:
                raise IllegalMove(gettext("the table has changed since this move was chosen: look again and choose "
                                          "anew"))
            r = self._rounds.round(c, room)
            if r is None:
                raise IllegalMove(gettext("the game in room {code} has not started yet").format(code=room.code))
            r.apply(move)  # raises the rule's refusal; the copy is thrown away then
            c.execute(seats.update().where(seats.c.token == token).values(seen=self._clock()))
            number = room.moves + 1
            c.execute(moves.insert().values(code=room.code, number=number, move=json.dumps(move.to_dict()),
                                            at=time.time()))
            play_bots(c, room.code, r, number, self._away)

        return self.database.write_room(seat.code, record)

    def _away(self, seen: float | None) -> bool:
        return seen is not None and seen < self._clock() - self.away_after

    def here(self, token: str, tab: str | None = None) -> int:
        """The seat's student is at the table (their page says so now and then): no computer player plays for
        them, or it stops. ``tab`` names the page that says so (each browser tab its own name); the answer is how
        many *other* pages have shown this seat since this one opened, and still do (0 without ``tab``). A page
        closed by a reload has said nothing since the new one opened, so a reload is not a second tab.

        >>> store = ClassStore(":memory:")
        >>> ala = store.join(store.create_room(players=2), "Ala")
        >>> store.here(ala, tab="first"), store.here(ala, tab="second"), store.here(ala, tab="first")
        (0, 0, 1)
        """
        if tab is not None and (not isinstance(tab, str) or not 0 < len(tab) <= 32):
            raise InvalidInput("a page's name (tab) is a text of 1 to 32 characters")
        now = self._clock()
        with self.database.writing() as c:
            seat = self._seat(c, token)
            c.execute(seats.update().where(seats.c.token == seat.token).values(seen=now))
            if tab is None:
                return 0
            c.execute(seat_tabs.delete().where(seat_tabs.c.token == seat.token, seat_tabs.c.seen < now - TAB_SILENT))
            mine = c.execute(sa.select(seat_tabs.c.first).where(seat_tabs.c.token == seat.token,
                                                                seat_tabs.c.tab == tab)).scalar()
            if mine is None:
                c.execute(seat_tabs.insert().values(token=seat.token, tab=tab, first=now, seen=now))
                mine = now
            else:
                c.execute(seat_tabs.update().where(seat_tabs.c.token == seat.token, seat_tabs.c.tab == tab)
                          .values(seen=now))
            return int(c.execute(sa.select(sa.func.count()).select_from(seat_tabs).where(
                seat_tabs.c.token == seat.token, seat_tabs.c.tab != tab, seat_tabs.c.seen > mine)).scalar_one())

    def cover(self, code: str) -> int:
        """If the student whose turn it is has been away for :attr:`away_after` seconds, a computer player plays
        their turn (and the computer players after it theirs); returns the room's version. Any seat's page may
        ask: the one that asks first plays it."""

        def stand_in(c: Connection, room: sa.Row[Any]) -> None:
            r = self._rounds.round(c, room)
            if r is None or r.over:
                raise Done
            seat = c.execute(seats.select().where(seats.c.code == room.code, seats.c.seat == r.current)).first()
            if seat is None or seat.bot is not None or not self._away(seat.seen):
                raise Done
            play_bots(c, room.code, r, room.moves, self._away)

        try:
            return self.database.write_room(code, stand_in)
        except Done:
            return self.version(code)

    def wait(self, code: str, version: int, timeout: float = 2.0) -> int:
        """Return the room's version once it is above ``version``, or when ``timeout`` seconds have passed."""
        deadline = time.monotonic() + max(0.0, min(float(timeout), 60.0))
        while True:
            now = self.version(code)
            if now > version or time.monotonic() >= deadline:
                return now
            time.sleep(0.02)

    def version(self, code: str) -> int:
        """The room's version now: it rises by one with every change (a seat taken, the deal, a move)."""
        code = room_code(code)
        with self.database.connect() as c:
            return int(room_row(c, code).version)

    def history(self, code: str) -> tuple[dict[str, Any] | None, list[Move]]:
        """The current round's save at the deal (None before it) and every move since, in order."""
        room, later = self._moves(code, None)
        return (json.loads(room.deal) if room.deal is not None else None), later

    def game_history(self, code: str) -> tuple[dict[str, Any] | None, int, list[Move]]:
        """The game's save at the current round's deal (:meth:`Game.to_dict`; None before the deal), how many moves
        the earlier rounds hold, and every move of the current round, in order."""
        room, later = self._moves(code, None)
        return (json.loads(room.game) if room.game is not None else None), int(room.first_move), later

    def moves_since(self, code: str, count: int) -> tuple[int, list[Move]]:
        """The room's version and its moves after the first ``count``, in order (a table that has played
        ``count`` moves catches up with these)."""
        if not whole_number(count) or count < 0:
            raise InvalidInput(f"count={str(count)[:24]} is not a number of moves (0, 1, …)")
        room, later = self._moves(code, count)
        return int(room.version), later

    def _moves(self, code: str, after: int | None) -> tuple[sa.Row[Any], list[Move]]:
        """The room and its moves after the first ``after`` (the current round's, if None)."""
        code = room_code(code)
        with self.database.connect() as c:
            room = room_row(c, code)
            after = room.first_move if after is None else after
            texts = c.execute(sa.select(moves.c.move).where(moves.c.code == code, moves.c.number > after,
                                                            moves.c.number <= room.moves)
                              .order_by(moves.c.number)).scalars().all()
        return room, [Move.from_dict(json.loads(t)) for t in texts]

    def save(self, code: str) -> dict[str, Any] | None:
        """The round now, as :meth:`Round.to_dict` writes it (None before the deal)."""
        code = room_code(code)
        with self.database.connect() as c:
            r = self._rounds.round(c, room_row(c, code))
        return None if r is None else r.to_dict()

    # ---------------------------------------------------------------- the teacher: a room reset, every room, clearing

    def reset_room(self, code: str) -> int:
        """Empty the room ``code`` for a new start (the teacher's Reset): its seats, its game and its moves are
        deleted, and its code, number of players and rules stay, so the class joins again with the code on the
        board; the next game is a new deal. A student's page sees that its seat is gone (:meth:`seated`) and says
        so. Returns the room's new version."""

        def empty(c: Connection, room: sa.Row[Any]) -> None:
            c.execute(moves.delete().where(moves.c.code == room.code))
            c.execute(seat_tabs.delete().where(seat_tabs.c.token.in_(
                sa.select(seats.c.token).where(seats.c.code == room.code))))
            c.execute(seats.delete().where(seats.c.code == room.code))
            c.execute(rooms.update().where(rooms.c.code == room.code).values(deal=None, game=None, first_move=0,
                                                                             moves=0, seed=fresh_seed()))
            self._rounds.forget(room.code)

        return self.database.write_room(code, empty)

    def seated(self, token: str) -> bool:
        """Does the seat token still hold a seat? (No, once the teacher has reset or cleared its room.)"""
        if not isinstance(token, str) or not token or len(token) > 64:
            return False
        with self.database.connect() as c:
            return c.execute(sa.select(seats.c.seat).where(seats.c.token == token)).first() is not None

    def rooms_now(self) -> list[RoomSummary]:
        """Every room as its teacher sees it: who sits where, and how far the game is, oldest room first."""
        found = []
        with self.database.connect() as c:
            for room in c.execute(sa.select(rooms).order_by(rooms.c.created, rooms.c.code)).all():
                names = c.execute(sa.select(seats.c.name).where(seats.c.code == room.code)
                                  .order_by(seats.c.seat)).scalars().all()
                game = self._rounds.game(c, room)
                found.append(RoomSummary(room.code, room.players, tuple(names), None if game is None else
                                         game.round_number, () if game is None else tuple(game.scores),
                                         game is not None and game.over))
        return found

    def clear(self) -> dict[str, int]:
        """Delete everything the class left: every room with its seats and moves, every result, and every game
        kept for the home page. Returns how many rooms and results there were."""
        with self.database.writing() as c:
            counted = {"rooms": c.execute(sa.select(sa.func.count()).select_from(rooms)).scalar_one(),
                       "results": c.execute(sa.select(sa.func.count()).select_from(results)).scalar_one()}
            for table in (moves, seat_tabs, seats, results, rooms, kept_tables):
                c.execute(table.delete())
        return counted

