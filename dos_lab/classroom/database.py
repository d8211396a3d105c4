"""The class store's database: opened from a file name or a URL (SQLite, the standard library's driver in WAL
mode, by default; PostgreSQL by a ``postgresql://`` URL), a failure to open or to write told in words, and the one
kind of write that changes a room: a transaction that raises the room's version by one, on the condition that
nobody raised it first, tried again when another write got there first.

>>> database = Database(":memory:")
>>> database.url, database.address
('sqlite://', ':memory:')
>>> shown("postgresql://ala:secret@school/dos")
'postgresql://ala:***@school/dos'
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from typing import Any

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError, OperationalError

from dos_lab.errors import DosError, InvalidInput, Unavailable
from dos_lab.i18n import gettext

from .inputs import room_code
from .schema import metadata, rooms

__all__ = ["ATTEMPTS", "Database", "Done", "Lost", "room_row", "shown", "unwritable"]

log = logging.getLogger(__name__)

#: a write that loses a race is tried again this many times before the student is asked to try again
ATTEMPTS = 50
IN_MEMORY = ("sqlite://", "sqlite:///:memory:")


class Lost(Exception):
    """Another write raised the room's version first."""


class Done(Exception):
    """What the write would do is done already: nothing to write."""


def url_of(path_or_url: str) -> str:
    """The database URL of a file name (SQLite) or of a URL, as it is."""
    if "://" in path_or_url:
        return path_or_url
    if path_or_url == ":memory:":
        return "sqlite://"
    return f"sqlite:///{path_or_url}"


def shown(path_or_url: str) -> str:
    """A file name as it is; a URL without its password (``postgresql://ala:***@school/dos``)."""
    if "://" not in path_or_url:
        return path_or_url
    try:
        return sa.engine.make_url(path_or_url).render_as_string(hide_password=True)
    except (sa.exc.ArgumentError, ValueError):
        return path_or_url.split("://", 1)[0][:20] + "://…"


def sqlite_engine(url: str) -> Engine:
    memory = url in IN_MEMORY
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


def _busy(error: OperationalError) -> bool:
    """True for a write that waited too long for another one (tried again), not for a store that cannot write."""
    said = str(error).lower()
    return "locked" in said or "busy" in said


def unwritable(error: OperationalError) -> Unavailable:
    """What a student reads when the class store cannot write (the teacher's terminal gets the database's own
    words, once per failure, without a traceback: nothing in the program is broken).

    >>> from sqlite3 import OperationalError as Raw
    >>> print(unwritable(OperationalError("INSERT", {}, Raw("attempt to write a readonly database"))))
    Nothing can be saved right now (the class's data file is read-only), so nothing was changed. Tell your teacher.
    """
    said = str(error.orig if error.orig is not None else error)
    log.warning("the class store cannot be written: %s", said[:200])
    if "readonly" in said.lower() or "read-only" in said.lower():
        why = gettext("the class's data file is read-only")
    elif "full" in said.lower():
        why = gettext("the disk holding the class's data is full")
    else:
        why = gettext("the class's data cannot be written")
    return Unavailable(gettext("Nothing can be saved right now ({why}), so nothing was changed. Tell your "
                               "teacher.").format(why=why))


def room_row(c: Connection, code: str) -> sa.Row[Any]:
    """The room ``code`` (checked already), or InvalidInput telling the student to check the code."""
    room = c.execute(rooms.select().where(rooms.c.code == code)).first()
    if room is None:
        raise InvalidInput(gettext("there is no room with the code {code}: check the code on the board").format(
            code=code))
    return room


class Database:
    """The store's tables in the database at ``path_or_url`` (a file name, or a URL), created if they are not
    there; InvalidInput, with the reason, if it cannot be opened."""

    def __init__(self, path_or_url: str) -> None:
        if not isinstance(path_or_url, str) or not path_or_url.strip():
            raise InvalidInput("the class store is a file name or a database URL, such as class.db")
        url = url_of(path_or_url)
        try:
            self.engine = sqlite_engine(url) if url.startswith("sqlite") else sa.create_engine(url)
            metadata.create_all(self.engine)
        except (sa.exc.ArgumentError, sa.exc.NoSuchModuleError, OperationalError, ValueError) as error:
            raise InvalidInput(f"the class store {shown(path_or_url)[:80]!r} cannot be opened: "
                               f"{str(error.orig if hasattr(error, 'orig') else error)[:200]}") from None
        self.url = url
        #: where the store is, as a terminal may show it (a database URL's password left out)
        self.address = shown(path_or_url)
        # an in-memory database is one connection: a page's polling thread and its clicks take turns on it
        self._one_connection: AbstractContextManager[Any] = threading.RLock() if url in IN_MEMORY else nullcontext()

    def close(self) -> None:
        self.engine.dispose()

    @contextmanager
    def connect(self) -> Iterator[Connection]:
        """A connection for reading (each statement its own transaction, or one the caller begins)."""
        with self._one_connection, self.engine.connect() as connection:
            yield connection

    @contextmanager
    def writing(self) -> Iterator[Connection]:
        """One transaction that writes (SQLite: it holds the file's write lock from its start). A store that cannot
        write — a read-only file, a full disk, a server gone — raises :class:`~dos_lab.errors.Unavailable` with
        nothing written; a write that waited too long for another one raises the database's own error, to try
        again."""
        try:
            with self.connect() as connection:
                connection.info["dos_write"] = True
                try:
                    with connection.begin():
                        yield connection
                finally:
                    connection.info.pop("dos_write", None)
        except OperationalError as error:
            if _busy(error):
                raise
            raise unwritable(error) from None

    def write_room(self, code: str, change: Callable[[Connection, sa.Row[Any]], None]) -> int:
        """Run ``change`` in one transaction that raises the room's version by one; try again when another
        write got there first. Returns the new version."""
        code = room_code(code)
        for attempt in range(ATTEMPTS):
            try:
                with self.writing() as c:
                    room = room_row(c, code)
                    change(c, room)
                    done = c.execute(rooms.update().where(rooms.c.code == code, rooms.c.version == room.version)
                                     .values(version=room.version + 1))
                    if done.rowcount != 1:
                        raise Lost
                    return int(room.version) + 1
            except (Lost, IntegrityError, OperationalError):  # another write first, or still writing
                pass
            time.sleep(0.002 * (attempt + 1))
        raise DosError(gettext("the table is very busy right now: please try again"))

