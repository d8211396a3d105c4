"""Who to tell when something happens: the one listener helper of the package.

A round tells its listeners its new events, a batch of games tells its progress views that records arrived, a
table model tells its views to redraw, an answer box tells the quiz that a student answered. They all keep their
listeners in a :class:`Listeners` and share its one error policy: **every listener hears, and one that fails is
logged with its traceback and stops neither the others nor what caused the notice.** Whoever caused it — a move
that is already complete, a click handler, a worker thread — has nobody to show the traceback to and must not be
undone by a broken view (ipywidgets' own callback lists do the same).

>>> heard = []
>>> listeners: Listeners[[str]] = Listeners()
>>> stop = listeners.add(heard.append)
>>> listeners.notify("R7 on B7"); stop(); listeners.notify("never heard")
>>> heard, bool(listeners)
(['R7 on B7'], False)
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Generic, ParamSpec

from dos_lab.errors import InvalidInput

__all__ = ["Listeners"]

P = ParamSpec("P")

log = logging.getLogger(__name__)


class Listeners(Generic[P]):
    """Functions to call with the same arguments when something happens, in the order they were added.

    Adding or removing one while a notice is being sent (from a listener, or from another thread) is safe: a
    notice goes to the listeners there were when it began.

    >>> def broken(event: str) -> None:
    ...     raise RuntimeError("a view broke")
    >>> heard = []
    >>> listeners: Listeners[[str]] = Listeners()
    >>> _ = listeners.add(broken); _ = listeners.add(heard.append)
    >>> listeners.notify("Drew")  # the failure goes to the log; the second listener still hears
    >>> heard
    ['Drew']
    """

    __slots__ = ("_each",)

    def __init__(self) -> None:
        self._each: tuple[Callable[P, object], ...] = ()

    def add(self, listener: Callable[P, object]) -> Callable[[], None]:
        """Call ``listener`` at every notice from now on; returns a function that stops it."""
        if not callable(listener):
            raise InvalidInput(f"{listener!r} is not callable")
        self._each = (*self._each, listener)
        return lambda: self.remove(listener)

    def remove(self, listener: Callable[P, object]) -> None:
        """Stop calling ``listener`` (nothing happens if it is not listening)."""
        if listener in self._each:
            each = list(self._each)
            each.remove(listener)
            self._each = tuple(each)

    def notify(self, *args: P.args, **kwargs: P.kwargs) -> None:
        """Call every listener with these arguments."""
        for listener in self._each:
            try:
                listener(*args, **kwargs)
            except Exception:
                log.exception("a listener failed: %r", listener)

    def __bool__(self) -> bool:
        return bool(self._each)

    def __len__(self) -> int:
        return len(self._each)
