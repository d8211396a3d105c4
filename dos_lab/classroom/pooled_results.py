"""The class's pooled experiment results in the class store: one result per student and experiment, and the
teacher's settings for them (which experiments are closed, whether a share is sent automatically, whether students
see each other's first names).

:class:`PooledResults` is a base class of :class:`~dos_lab.classroom.store.ClassStore`, not a store of its own:
the pages open one store and call every method on it, and these methods share nothing with the rooms but the
database, so they live apart from them and need only the store's ``database``.

>>> from dos_lab.classroom.store import ClassStore
>>> store = ClassStore(":memory:")
>>> store.submit("lesson-01-hits", "Ala", [3, 10])
>>> store.close_experiment("lesson-01-hits")
>>> store.results("lesson-01-hits"), store.settings().closed
([('Ala', [3, 10])], frozenset({'lesson-01-hits'}))
"""

from __future__ import annotations

import functools
import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from dos_lab.errors import DosError, InvalidInput
from dos_lab.i18n import gettext

from .database import ATTEMPTS, Database
from .inputs import check_experiment, check_name
from .schema import results, settings

__all__ = ["MAX_RESULT", "ClassSettings", "PooledResults"]

#: one pooled result is at most this many characters of JSON
MAX_RESULT = 20_000


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


class PooledResults:
    """The store's pooled results and the teacher's settings (see the module's text)."""

    database: Database

    def submit(self, experiment: str, student: str, result: Any) -> None:
        """Keep ``student``'s result of ``experiment``; a later one replaces the earlier (one per student).
        InvalidInput if the teacher has closed the experiment (:meth:`close_experiment`; "lesson-01-hits" closes
        its guesses, "lesson-01-hits/guess", too)."""
        experiment, student = check_experiment(experiment), check_name(student)
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
                with self.database.writing() as c:
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
        with self.database.connect() as c:
            count, latest = c.execute(sa.select(sa.func.count(), sa.func.max(results.c.at))
                                      .where(results.c.experiment.in_(experiments))).one()
        return int(count), float(latest or 0.0)

    def results(self, experiment: str) -> list[tuple[str, Any]]:
        """Every student's result of ``experiment``, in the order they were sent."""
        with self.database.connect() as c:
            rows = c.execute(sa.select(results.c.student, results.c.result).where(results.c.experiment == experiment)
                             .order_by(results.c.at, results.c.student)).all()
        return [(row.student, json.loads(row.result)) for row in rows]

    def sent(self) -> list[tuple[str, str, Any, float]]:
        """Every result of every experiment: (experiment, student, result, when it was sent), experiment by
        experiment in the order they were sent."""
        with self.database.connect() as c:
            rows = c.execute(sa.select(results).order_by(results.c.experiment, results.c.at,
                                                         results.c.student)).all()
        return [(row.experiment, row.student, json.loads(row.result), row.at) for row in rows]

    def settings(self) -> ClassSettings:
        """The teacher's choices for the class, as the store has them now."""
        with self.database.connect() as c:
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
        name = check_experiment(experiment)
        self._change("closed", lambda closed: sorted({*(closed or ()), name}))

    def open_experiment(self, experiment: str) -> None:
        """Take results of ``experiment`` again."""
        name = check_experiment(experiment)
        self._change("closed", lambda closed: sorted(set(closed or ()) - {name}))

    def _change(self, name: str, change: Callable[[Any], Any]) -> None:
        """Set the setting ``name`` to ``change(its value now)`` in one transaction (None if it was never set)."""
        with self.database.writing() as c:
            now = c.execute(sa.select(settings.c.value).where(settings.c.name == name)).scalar()
            value = change(None if now is None else json.loads(now))
            c.execute(settings.delete().where(settings.c.name == name))
            c.execute(settings.insert().values(name=name, value=json.dumps(value)))


def _replaced(value: Any, _old: Any) -> Any:
    return value
