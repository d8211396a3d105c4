"""The class store: rooms, seats and each room's game, kept in a real database that every page's kernel opens.

A room's game is kept as the engine's save at the deal plus the ordered list of moves since (the engine's
:class:`~dos_lab.engine.moves.Move`, as JSON). Every write is one transaction that raises the room's version by one,
on the condition that nobody raised it first: two moves at the same moment can never fork a game; the one that
loses the race is checked again against the table as it now is, and played or refused with the rule.

SQLite (the standard library's driver, WAL mode) is the default, a file in the site's data folder; a
``postgresql://`` URL selects PostgreSQL for a hub. Both go through SQLAlchemy Core, one code path.

>>> store = ClassStore(":memory:")
>>> code = store.create_room(players=2, seed=11)
>>> ala = store.join(code, "Ala")
>>> store.add_bot(code, "greedy")  # the room is full now, so the game starts
>>> view = store.view(ala)
>>> view.player, view.started, len(view.hand)
(0, True, 7)
"""

from __future__ import annotations

import functools
import json
import secrets
import threading
import time
import unicodedata
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass
from typing import Any, cast

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError, OperationalError

from dos_lab.bots import BOTS, make_bot
from dos_lab.engine.cards import Card
from dos_lab.engine.events import player_name
from dos_lab.engine.game import Game
from dos_lab.engine.matching import parse_played
from dos_lab.engine.moves import MAX_PLAYERS, CallDos, Catch, Draw, EndTurn, Move, Place, PlayMatch, perform
from dos_lab.engine.round import Round
from dos_lab.engine.rules import RuleSet
from dos_lab.engine.state import Phase
from dos_lab.errors import DosError, IllegalMove, InvalidInput, check_seed, whole_number
from dos_lab.i18n import gettext, ngettext
from dos_lab.play.controller import fresh_seed
from dos_lab.play.observer import TableSnapshot, snapshot_of

__all__ = ["CODE_LETTERS", "MAX_NAME", "ClassSettings", "ClassStore", "RoomSummary", "SeatView"]

#: room codes use letters a class cannot misread from the board (no I, L, O, Q, U, V)
CODE_LETTERS = "ABCDEFGHJKMNPRSTWXYZ"
CODE_LENGTH = 4
MAX_NAME = 24
#: a write that loses a race is tried again this many times before the student is asked to try again
ATTEMPTS = 50
#: a student whose page has said nothing for this many seconds is away: a computer player plays for them
AWAY_AFTER = 180.0
#: the computer player that plays for a student who is away
STAND_IN = "greedy"
#: a page that has not said for this many seconds that it shows its seat is closed (pages say so every 10 s)
TAB_SILENT = 30.0
#: one pooled result is at most this many characters of JSON
MAX_RESULT = 20_000

_metadata = sa.MetaData()
rooms = sa.Table(
    "rooms", _metadata,
    sa.Column("code", sa.String(8), primary_key=True),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("rules", sa.Text, nullable=False),
    sa.Column("version", sa.Integer, nullable=False),
    #: the current round's save at its deal (None before the game starts)
    sa.Column("deal", sa.Text),
    #: the game's save at the current round's deal: scores, dealer, round number (None before the game starts)
    sa.Column("game", sa.Text),
    #: how many moves the room's earlier rounds hold: the current round's moves are numbered after them
    sa.Column("first_move", sa.Integer, nullable=False, default=0),
    sa.Column("moves", sa.Integer, nullable=False),
    sa.Column("created", sa.Float, nullable=False),
)
seats = sa.Table(
    "seats", _metadata,
    sa.Column("code", sa.String(8), sa.ForeignKey("rooms.code", ondelete="CASCADE"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("bot", sa.String(16)),
    sa.Column("token", sa.String(64), unique=True),
    #: when the student's page last said it is open (None for a computer player)
    sa.Column("seen", sa.Float),
)
#: each page (browser tab) that shows a seat, and when it last said so: two at once are one student's two tabs
#: (or a classmate who was given the address), which the pages tell the student about
seat_tabs = sa.Table(
    "seat_tabs", _metadata,
    sa.Column("token", sa.String(64), primary_key=True),
    sa.Column("tab", sa.String(32), primary_key=True),
    #: when the page first said it shows the seat, and when it last did
    sa.Column("first", sa.Float, nullable=False),
    sa.Column("seen", sa.Float, nullable=False),
)
moves = sa.Table(
    "moves", _metadata,
    sa.Column("code", sa.String(8), sa.ForeignKey("rooms.code", ondelete="CASCADE"), primary_key=True),
    sa.Column("number", sa.Integer, primary_key=True),
    sa.Column("move", sa.Text, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)
results = sa.Table(
    "results", _metadata,
    sa.Column("experiment", sa.String(64), primary_key=True),
    sa.Column("student", sa.String(64), primary_key=True),
    sa.Column("result", sa.Text, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)

#: the teacher's choices for the class (see :class:`ClassSettings`): one row each, its value as JSON
settings = sa.Table(
    "settings", _metadata,
    sa.Column("name", sa.String(64), primary_key=True),
    sa.Column("value", sa.Text, nullable=False),
)

#: a game a visitor of the home page plays against computer players (:mod:`dos_lab.play.kept`), under the token in
#: that page's address; ``version`` goes up with every save, so a second tab with the same address cannot overwrite
#: a game that went on in the first
kept_tables = sa.Table(
    "kept_tables", _metadata,
    sa.Column("token", sa.String(64), primary_key=True),
    sa.Column("data", sa.Text, nullable=False),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("saved", sa.Float, nullable=False),
)
#: a kept table is at most this many characters of JSON (a long game's log included)
MAX_TABLE = 2_000_000


class _Lost(Exception):
    """Another write raised the room's version first."""


class _Done(Exception):
    """What the write would do is done already: nothing to write."""


@dataclass(frozen=True)
class ClassSettings:
    """What the teacher chose for the class's experiments: which are closed (no result is taken), whether a
    student's share is sent as soon as the student has typed a first name, and whether students see their
    classmates' first names (otherwise anonymous dots).

    >>> ClassSettings().closed, ClassSettings().send_automatically, ClassSettings().first_names
    (frozenset(), False, False)
    """

    closed: frozenset[str] = frozenset()
    send_automatically: bool = False
    first_names: bool = False


@dataclass(frozen=True)
class RoomSummary:
    """One room for the teacher: its code, its seats' names, and its game (None and () before the deal)."""

    code: str
    players: int
    names: tuple[str, ...]
    round_number: int | None
    scores: tuple[int, ...]
    over: bool


@dataclass(frozen=True)
class SeatView:
    """One seat's view of its room: its own hand and what everyone at the table sees, never another hand.

    Before the deal ``table`` is None and ``hand`` is empty.
    """

    code: str
    player: int
    version: int
    names: tuple[str, ...]
    #: the kind of computer player in each seat (``"greedy"``, …), or None for a student (or an empty seat)
    bots: tuple[str | None, ...]
    players: int
    table: TableSnapshot | None
    #: the round being played (1 before the deal), each player's total (with the round's points once it is over),
    #: and the total that ends the game (R13.3)
    round_number: int = 1
    scores: tuple[int, ...] = ()
    target: int = 200
    #: for each seat, True if its student is away and a computer player plays for them (AWAY_AFTER)
    away: tuple[bool, ...] = ()

    @property
    def started(self) -> bool:
        return self.table is not None

    @property
    def hand(self) -> tuple[Card, ...]:
        return self.table.hand if self.table is not None else ()

    @property
    def phase(self) -> Phase | None:
        return self.table.phase if self.table is not None else None

    @property
    def current(self) -> int | None:
        return self.table.current if self.table is not None else None

    @property
    def my_turn(self) -> bool:
        return self.table is not None and self.table.current == self.player and self.table.winner is None

    @property
    def over(self) -> bool:
        """The round is over."""
        return self.table is not None and self.table.phase is Phase.OVER


_IN_MEMORY = ("sqlite://", "sqlite:///:memory:")


def _url(path_or_url: str) -> str:
    if "://" in path_or_url:
        return path_or_url
    if path_or_url == ":memory:":
        return "sqlite://"
    return f"sqlite:///{path_or_url}"


def _shown(path_or_url: str) -> str:
    """A file name as it is; a URL without its password (``postgresql://ala:***@school/dos``)."""
    if "://" not in path_or_url:
        return path_or_url
    try:
        return sa.engine.make_url(path_or_url).render_as_string(hide_password=True)
    except (sa.exc.ArgumentError, ValueError):
        return path_or_url.split("://", 1)[0][:20] + "://…"


def _sqlite_engine(url: str) -> Engine:
    memory = url in _IN_MEMORY
    engine = sa.create_engine(url, connect_args={"timeout": 30, "check_same_thread": False},
                              poolclass=sa.pool.StaticPool if memory else None)

    @event.listens_for(engine, "connect")
    def _connect(dbapi: Any, _record: Any) -> None:
        dbapi.isolation_level = None  # the transactions below are begun by hand
        cursor = dbapi.cursor()
        if not memory:
            cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=30000")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(connection: Connection) -> None:
        # a write takes the file's write lock at once, so two writers queue instead of failing halfway
        connection.exec_driver_sql("BEGIN IMMEDIATE" if connection.info.get("dos_write") else "BEGIN")

    return engine


class ClassStore:
    """The site's shared, durable state (see the module's text). ``path_or_url`` is a file (SQLite), or a URL:
    ``"sqlite:///…"`` or ``"postgresql://…"``."""

    def __init__(self, path_or_url: str = "class.db", *, away_after: float = AWAY_AFTER,
                 clock: Callable[[], float] = time.time) -> None:
        if not isinstance(path_or_url, str) or not path_or_url.strip():
            raise InvalidInput("the class store is a file name or a database URL, such as class.db")
        if isinstance(away_after, bool) or not isinstance(away_after, int | float) or not 0 < away_after <= 86_400:
            raise InvalidInput(f"away_after={str(away_after)[:24]} must be a number of seconds up to a day")
        #: a student silent this long is away (a computer player plays their turns until they are back)
        self.away_after = float(away_after)
        self._clock = clock
        url = _url(path_or_url)
        try:
            self.engine = _sqlite_engine(url) if url.startswith("sqlite") else sa.create_engine(url)
            _metadata.create_all(self.engine)
        except (sa.exc.ArgumentError, sa.exc.NoSuchModuleError, OperationalError, ValueError) as error:
            raise InvalidInput(f"the class store {_shown(path_or_url)[:80]!r} cannot be opened: "
                               f"{str(error.orig if hasattr(error, 'orig') else error)[:200]}") from None
        self.url = url
        #: where the store is, as a terminal may show it (a database URL's password left out)
        self.address = _shown(path_or_url)
        #: each room's round as its moves left it: (its deal, its first move, the moves played, the round); the
        #: deal tells a room dealt again after a reset (the same code, a new game) from the one this kernel saw
        self._rounds: dict[str, tuple[str, int, int, Round]] = {}
        self._lock = threading.Lock()
        # an in-memory database is one connection: a page's polling thread and its clicks take turns on it
        self._one_connection: AbstractContextManager[Any] = threading.RLock() if url in _IN_MEMORY else nullcontext()

    def close(self) -> None:
        self.engine.dispose()

    # ---------------------------------------------------------------- transactions

    @contextmanager
    def _connect(self) -> Iterator[Connection]:
        with self._one_connection, self.engine.connect() as connection:
            yield connection

    @contextmanager
    def _writing(self) -> Iterator[Connection]:
        with self._connect() as connection:
            connection.info["dos_write"] = True
            try:
                with connection.begin():
                    yield connection
            finally:
                connection.info.pop("dos_write", None)

    def _write(self, code: str, change: Callable[[Connection, sa.Row[Any]], None]) -> int:
        """Run ``change`` in one transaction that raises the room's version by one; try again when another
        write got there first. Returns the new version."""
        code = _room_code(code)
        for attempt in range(ATTEMPTS):
            try:
                with self._writing() as c:
                    room = self._room(c, code)
                    change(c, room)
                    done = c.execute(rooms.update().where(rooms.c.code == code, rooms.c.version == room.version)
                                     .values(version=room.version + 1))
                    if done.rowcount != 1:
                        raise _Lost
                    return int(room.version) + 1
            except (_Lost, IntegrityError):
                pass
            except OperationalError as error:
                if "locked" not in str(error).lower() and "busy" not in str(error).lower():
                    raise DosError(f"the class store cannot be written: {str(error.orig)[:200]}") from None
            time.sleep(0.002 * (attempt + 1))
        raise DosError(gettext("the table is very busy right now: please try again"))

    def _room(self, c: Connection, code: str) -> sa.Row[Any]:
        room = c.execute(rooms.select().where(rooms.c.code == code)).first()
        if room is None:
            raise InvalidInput(gettext("there is no room with the code {code}: check the code on the board").format(
                code=code))
        return room

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
                with self._writing() as c:
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
        name = _check_name(name)
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
            label = name if bot is None else _bot_label(bot, [s.name for s in taken])
            c.execute(seats.insert().values(code=room.code, seat=len(taken), name=label, bot=bot, token=token,
                                            seen=None if bot else self._clock()))
            if len(taken) + 1 == room.players:
                self._deal(c, room)

        self._write(code, take)

    def start(self, code: str) -> int:
        """Deal the game; empty seats get computer players (greedy). IllegalMove if it has already started.
        Returns the room's new version."""

        def deal(c: Connection, room: sa.Row[Any]) -> None:
            if room.deal is not None:
                raise IllegalMove(gettext("the game in room {code} has already started").format(code=room.code))
            taken = c.execute(seats.select().where(seats.c.code == room.code)).all()
            names = [s.name for s in taken]
            for seat in range(len(taken), room.players):
                label = _bot_label("greedy", names)
                names.append(label)
                c.execute(seats.insert().values(code=room.code, seat=seat, name=label, bot="greedy", token=None))
            self._deal(c, room)

        return self._write(code, deal)

    def _deal(self, c: Connection, room: sa.Row[Any]) -> None:
        rules = RuleSet.from_dict(json.loads(room.rules))
        self._start_round(c, room.code, Game(room.players, seed=room.seed, rules=rules), 0)

    def _start_round(self, c: Connection, code: str, game: Game, first_move: int) -> None:
        """Keep ``game`` at the deal of its current round, whose moves are numbered after ``first_move``; the
        computer players whose turn it is play."""
        c.execute(rooms.update().where(rooms.c.code == code).values(
            deal=json.dumps(game.round.to_dict()), game=json.dumps(game.to_dict()), first_move=first_move))
        self._play_bots(c, code, game.round, first_move)

    def next_round(self, token: str, after: int) -> int:
        """Deal the round after round ``after`` once that round is over (R13.5); the room's new version. Every seat
        may ask: the first asking deals, and a seat asking for a round already dealt changes nothing. IllegalMove
        while the round is played, or when the game is over (R13.3)."""
        if not whole_number(after) or after < 1:
            raise InvalidInput(f"after={str(after)[:24]} is not a round number (1, 2, …)")
        with self._connect() as c:
            seat = self._seat(c, token)
            room = self._room(c, seat.code)
        if room.game is not None and json.loads(room.game)["round_number"] > after:
            return int(room.version)

        def deal(c: Connection, room: sa.Row[Any]) -> None:
            game = self._game(c, room)
            if game is None:
                raise IllegalMove(gettext("the game in room {code} has not started yet").format(code=room.code))
            if game.round_number > after:
                raise _Done
            game.next_round()  # the engine's refusals: the round is still played, or the game is over
            self._start_round(c, room.code, game, room.moves)

        try:
            return self._write(seat.code, deal)
        except _Done:
            return self.version(seat.code)

    # ---------------------------------------------------------------- the game

    def _seat(self, c: Connection, token: str) -> sa.Row[Any]:
        if not isinstance(token, str) or not token or len(token) > 64:
            raise InvalidInput(gettext("this is not a seat token: join the room again with its code"))
        seat = c.execute(seats.select().where(seats.c.token == token)).first()
        if seat is None:
            raise InvalidInput(gettext("this seat token is not known here: join the room again with its code"))
        return seat

    def _game(self, c: Connection, room: sa.Row[Any]) -> Game | None:
        """The room's game with its current round as the moves left it (None before the deal)."""
        r = self._round(c, room)
        if r is None:
            return None
        game = Game.from_dict(json.loads(room.game))
        game.round = r
        return game

    def _round(self, c: Connection, room: sa.Row[Any]) -> Round | None:
        """The room's round as its moves left it (a copy the caller may change)."""
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

    def view(self, token: str) -> SeatView:
        """The seat's view of its room now."""
        with self._connect() as c:
            seat = self._seat(c, token)
            room = self._room(c, seat.code)
            everyone = c.execute(seats.select().where(seats.c.code == room.code).order_by(seats.c.seat)).all()
            game = self._game(c, room)
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
        with self._connect() as c:
            seat = self._seat(c, token)
            r = self._round(c, self._room(c, seat.code))
        return [] if r is None else r.legal_moves(seat.seat)

    def play(self, token: str, move: Move | str, version: int | None = None) -> int:
        """Play ``move`` (a Move, or its text; a line without its player is this seat's) for the seat; the
        computer players whose turn follows play theirs. Returns the room's new version. A refused move raises
        :class:`~dos_lab.errors.DosError` with the rule and writes nothing; so does a move made against an older
        ``version`` of the table than the one now, if one is given."""
        with self._connect() as c:
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
            r = self._round(c, room)
            if r is None:
                raise IllegalMove(gettext("the game in room {code} has not started yet").format(code=room.code))
            r.apply(move)  # raises the rule's refusal; the copy is thrown away then
            c.execute(seats.update().where(seats.c.token == token).values(seen=self._clock()))
            number = room.moves + 1
            c.execute(moves.insert().values(code=room.code, number=number, move=json.dumps(move.to_dict()),
                                            at=time.time()))
            self._play_bots(c, room.code, r, number)

        return self._write(seat.code, record)

    def _play_bots(self, c: Connection, code: str, r: Round, number: int) -> None:
        """The computer players whose turn it is play their turns, and play for students who are away; every move
        is recorded."""
        bots = {s.seat: s.bot or STAND_IN for s in c.execute(seats.select().where(seats.c.code == code))
                if s.bot or self._away(s.seen)}
        played: list[Move] = []
        while not r.over and r.current in bots:
            player = r.current
            bot = make_bot(bots[player], seed=hash((r.seed, player, r.turn)) & 0xFFFF_FFFF)
            turn = r.turn
            bot.play_turn(cast(Round, _Recorder(r, played)))
            if r.turn == turn and r.current == player and not r.over:
                break  # a bot that could not finish its turn must not hold the table forever
        for move in played:
            number += 1
            c.execute(moves.insert().values(code=code, number=number, move=json.dumps(move.to_dict()),
                                            at=time.time()))
        c.execute(rooms.update().where(rooms.c.code == code).values(moves=number))

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
        with self._writing() as c:
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
            r = self._round(c, room)
            if r is None or r.over:
                raise _Done
            seat = c.execute(seats.select().where(seats.c.code == room.code, seats.c.seat == r.current)).first()
            if seat is None or seat.bot is not None or not self._away(seat.seen):
                raise _Done
            self._play_bots(c, room.code, r, room.moves)

        try:
            return self._write(code, stand_in)
        except _Done:
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
        code = _room_code(code)
        with self._connect() as c:
            return int(self._room(c, code).version)

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
        code = _room_code(code)
        with self._connect() as c:
            room = self._room(c, code)
            after = room.first_move if after is None else after
            texts = c.execute(sa.select(moves.c.move).where(moves.c.code == code, moves.c.number > after,
                                                            moves.c.number <= room.moves)
                              .order_by(moves.c.number)).scalars().all()
        return room, [Move.from_dict(json.loads(t)) for t in texts]

    def save(self, code: str) -> dict[str, Any] | None:
        """The round now, as :meth:`Round.to_dict` writes it (None before the deal)."""
        code = _room_code(code)
        with self._connect() as c:
            r = self._round(c, self._room(c, code))
        return None if r is None else r.to_dict()

    # ---------------------------------------------------------------- games against computer players

    def keep_table(self, token: str, data: dict[str, Any], version: int = 0) -> int:
        """Keep a home-page game (:func:`dos_lab.play.kept.kept`) under ``token``, replacing the save of
        ``version`` (0: a new token). Returns the new version; InvalidInput when the save kept now is not
        ``version`` — the game went on in another tab — and nothing is written."""
        token = _check_token(token)
        text = json.dumps(data, allow_nan=False)
        if len(text) > MAX_TABLE:
            raise InvalidInput(f"a kept game may be at most {MAX_TABLE} characters long as JSON")
        new = {"data": text, "version": version + 1, "saved": self._clock()}
        try:
            with self._writing() as c:
                if version == 0:
                    c.execute(kept_tables.insert().values(token=token, **new))
                    return 1
                done = c.execute(kept_tables.update().values(**new)
                                 .where(kept_tables.c.token == token, kept_tables.c.version == version))
                if done.rowcount == 1:
                    return version + 1
        except IntegrityError:
            pass
        except OperationalError as error:
            raise DosError(f"the class store cannot be written: {str(error.orig)[:200]}") from None
        raise InvalidInput(gettext("this game went on in another tab or window: reload this page to play it here"))

    def kept_table(self, token: str) -> tuple[dict[str, Any], int]:
        """The game kept under ``token`` and its version; InvalidInput if there is none."""
        token = _check_token(token)
        with self._connect() as c:
            row = c.execute(sa.select(kept_tables.c.data, kept_tables.c.version)
                            .where(kept_tables.c.token == token)).first()
        if row is None:
            raise InvalidInput(gettext("no game is kept under this page's address"))
        return json.loads(row.data), int(row.version)

    # ---------------------------------------------------------------- pooled results

    def submit(self, experiment: str, student: str, result: Any) -> None:
        """Keep ``student``'s result of ``experiment``; a later one replaces the earlier (one per student).
        InvalidInput if the teacher has closed the experiment (:meth:`close_experiment`; "lesson-01-hits" closes
        its guesses, "lesson-01-hits/guess", too)."""
        experiment, student = _check_experiment(experiment), _check_name(student)
        if experiment.split("/")[0] in self.settings().closed:
            raise InvalidInput(gettext("The teacher has closed this class experiment: it takes no more results."))
        try:
            text = json.dumps(result, allow_nan=False)
        except (TypeError, ValueError):
            raise InvalidInput("a result is numbers, texts, lists and tables (JSON), not "
                               f"{type(result).__name__}") from None
        if len(text) > MAX_RESULT:
            raise InvalidInput(f"a result may be at most {MAX_RESULT} characters long as JSON")
        for attempt in range(ATTEMPTS):
            try:
                with self._writing() as c:
                    c.execute(results.delete().where(results.c.experiment == experiment,
                                                     results.c.student == student))
                    c.execute(results.insert().values(experiment=experiment, student=student, result=text,
                                                      at=time.time()))
                return
            except IntegrityError:
                time.sleep(0.002 * (attempt + 1))
        raise DosError("the class store is very busy right now: please try again")

    def results_mark(self, *experiments: str) -> tuple[int, float]:
        """How many results the ``experiments`` have, and when the latest came: a cheap look for a page that
        shows them (it changes whenever a result is sent)."""
        with self._connect() as c:
            count, latest = c.execute(sa.select(sa.func.count(), sa.func.max(results.c.at))
                                      .where(results.c.experiment.in_(experiments))).one()
        return int(count), float(latest or 0.0)

    def results(self, experiment: str) -> list[tuple[str, Any]]:
        """Every student's result of ``experiment``, in the order they were sent."""
        with self._connect() as c:
            rows = c.execute(sa.select(results.c.student, results.c.result).where(results.c.experiment == experiment)
                             .order_by(results.c.at, results.c.student)).all()
        return [(row.student, json.loads(row.result)) for row in rows]

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
            with self._lock:
                self._rounds.pop(room.code, None)

        return self._write(code, empty)

    def seated(self, token: str) -> bool:
        """Does the seat token still hold a seat? (No, once the teacher has reset or cleared its room.)"""
        if not isinstance(token, str) or not token or len(token) > 64:
            return False
        with self._connect() as c:
            return c.execute(sa.select(seats.c.seat).where(seats.c.token == token)).first() is not None

    def rooms_now(self) -> list[RoomSummary]:
        """Every room as its teacher sees it: who sits where, and how far the game is, oldest room first."""
        found = []
        with self._connect() as c:
            for room in c.execute(sa.select(rooms).order_by(rooms.c.created, rooms.c.code)).all():
                names = c.execute(sa.select(seats.c.name).where(seats.c.code == room.code)
                                  .order_by(seats.c.seat)).scalars().all()
                game = self._game(c, room)
                found.append(RoomSummary(room.code, room.players, tuple(names), None if game is None else
                                         game.round_number, () if game is None else tuple(game.scores),
                                         game is not None and game.over))
        return found

    def sent(self) -> list[tuple[str, str, Any, float]]:
        """Every result of every experiment: (experiment, student, result, when it was sent), experiment by
        experiment in the order they were sent."""
        with self._connect() as c:
            rows = c.execute(sa.select(results).order_by(results.c.experiment, results.c.at,
                                                         results.c.student)).all()
        return [(row.experiment, row.student, json.loads(row.result), row.at) for row in rows]

    def settings(self) -> ClassSettings:
        """The teacher's choices for the class, as the store has them now."""
        with self._connect() as c:
            found = {row.name: json.loads(row.value) for row in c.execute(sa.select(settings)).all()}
        return ClassSettings(frozenset(found.get("closed", ())), bool(found.get("send_automatically", False)),
                             bool(found.get("first_names", False)))

    def change_settings(self, *, send_automatically: bool | None = None, first_names: bool | None = None) -> None:
        """Turn sending automatically or showing first names on or off; None leaves a setting as it is."""
        for name, value in (("send_automatically", send_automatically), ("first_names", first_names)):
            if value is not None:
                self._change(name, functools.partial(_replaced, bool(value)))

    def close_experiment(self, experiment: str) -> None:
        """Take no more results of ``experiment`` (and of its guesses) until it is opened again."""
        name = _check_experiment(experiment)
        self._change("closed", lambda closed: sorted({*(closed or ()), name}))

    def open_experiment(self, experiment: str) -> None:
        """Take results of ``experiment`` again."""
        name = _check_experiment(experiment)
        self._change("closed", lambda closed: sorted(set(closed or ()) - {name}))

    def _change(self, name: str, change: Callable[[Any], Any]) -> None:
        """Set the setting ``name`` to ``change(its value now)`` in one transaction (None if it was never set)."""
        with self._writing() as c:
            now = c.execute(sa.select(settings.c.value).where(settings.c.name == name)).scalar()
            value = change(None if now is None else json.loads(now))
            c.execute(settings.delete().where(settings.c.name == name))
            c.execute(settings.insert().values(name=name, value=json.dumps(value)))

    def clear(self) -> dict[str, int]:
        """Delete everything the class left: every room with its seats and moves, every result, and every game
        kept for the home page. Returns how many rooms and results there were."""
        with self._writing() as c:
            counted = {"rooms": c.execute(sa.select(sa.func.count()).select_from(rooms)).scalar_one(),
                       "results": c.execute(sa.select(sa.func.count()).select_from(results)).scalar_one()}
            for table in (moves, seat_tabs, seats, results, rooms, kept_tables):
                c.execute(table.delete())
        return counted


class _Recorder:
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


def _check_token(token: Any) -> str:
    if not isinstance(token, str) or not 8 <= len(token) <= 64 or not token.isascii() or \
            not all(ch.isalnum() or ch in "-_" for ch in token):
        raise InvalidInput(gettext("this page's address does not hold a kept game"))
    return token


def _room_code(code: Any) -> str:
    if not isinstance(code, str):
        raise InvalidInput(gettext("a room code is four letters, such as KBTM"))
    text = code.strip().upper()
    if len(text) != CODE_LENGTH or any(ch not in CODE_LETTERS for ch in text):
        raise InvalidInput(gettext("{code} is not a room code: a room code is four letters, such as KBTM").format(
            code=" ".join(code.split())[:12] or "—"))
    return text


def _replaced(value: Any, _old: Any) -> Any:
    return value


def _check_experiment(experiment: Any) -> str:
    if not isinstance(experiment, str) or not 0 < len(experiment) <= 64 or not experiment.isprintable():
        raise InvalidInput("an experiment is named by a short text, such as '2.easiest'")
    return experiment


def _check_name(name: Any) -> str:
    if not isinstance(name, str):
        raise InvalidInput(gettext("a name is a first name, such as Ala"))
    text = " ".join(name.split())
    if not text:
        raise InvalidInput(gettext("please type your first name"))
    if len(text) > MAX_NAME:
        raise InvalidInput(gettext("a name may be at most {count} letters long: a first name is enough").format(
            count=MAX_NAME))
    if any(unicodedata.category(ch).startswith("C") for ch in text):
        raise InvalidInput(gettext("a name may not hold control characters: type your first name"))
    return text


def _bot_label(kind: str, taken: list[str]) -> str:
    """``"greedy"``, or ``"greedy 2"`` when there is one already."""
    label, n = kind, 1
    while label in taken:
        n += 1
        label = f"{kind} {n}"
    return label
