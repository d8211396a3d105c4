"""The home page's games against computer players, kept in the class store under the token in each page's
address (:mod:`dos_lab.play.kept` makes and reads the save), so that a reload, or the same address opened later,
finds the game where it was.

:class:`KeptGames` is a base class of :class:`~dos_lab.classroom.store.ClassStore`, not a store of its own: the
pages open one store, and these methods share nothing with the rooms but the database, so they live apart from
them and need only the store's ``database``.

>>> from dos_lab.classroom.store import ClassStore
>>> store = ClassStore(":memory:")
>>> store.keep_table("a-page-token", {"moves": []})
1
>>> store.kept_table("a-page-token")
({'moves': []}, 1)
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from dos_lab.errors import InvalidInput
from dos_lab.i18n import gettext

from .database import Database
from .inputs import check_token
from .schema import kept_tables

__all__ = ["MAX_TABLE", "KeptGames"]

#: a kept table is at most this many characters of JSON (a long game's log included)
MAX_TABLE = 2_000_000


class KeptGames:
    """The store's kept home-page games (see the module's text)."""

    database: Database
    _clock: Callable[[], float]

    def keep_table(self, token: str, data: dict[str, Any], version: int = 0) -> int:
        """Keep a home-page game (:func:`dos_lab.play.kept.kept`) under ``token``, replacing the save of
        ``version`` (0: a new token). Returns the new version; InvalidInput when the save kept now is not
        ``version`` — the game went on in another tab — and nothing is written."""
        token = check_token(token)
        text = json.dumps(data, allow_nan=False)
        if len(text) > MAX_TABLE:
            raise InvalidInput(f"a kept game may be at most {MAX_TABLE} characters long as JSON")
        new = {"data": text, "version": version + 1, "saved": self._clock()}
        try:
            with self.database.writing() as c:
                if version == 0:
                    c.execute(kept_tables.insert().values(token=token, **new))
                    return 1
                done = c.execute(kept_tables.update().values(**new)
                                 .where(kept_tables.c.token == token, kept_tables.c.version == version))
                if done.rowcount == 1:
                    return version + 1
        except IntegrityError:
            pass
        raise InvalidInput(gettext("this game went on in another tab or window: reload this page to play it here"))

    def kept_table(self, token: str) -> tuple[dict[str, Any], int]:
        """The game kept under ``token`` and its version; InvalidInput if there is none."""
        token = check_token(token)
        with self.database.connect() as c:
            row = c.execute(sa.select(kept_tables.c.data, kept_tables.c.version)
                            .where(kept_tables.c.token == token)).first()
        if row is None:
            raise InvalidInput(gettext("no game is kept under this page's address"))
        return json.loads(row.data), int(row.version)
