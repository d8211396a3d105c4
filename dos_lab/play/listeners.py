"""Models whose views redraw when they change: one small mixin for the table and the tutorial example."""

from __future__ import annotations

from collections.abc import Callable

from dos_lab.engine.listeners import Listeners

__all__ = ["Observable"]


class Observable:
    """``on_change(callback)`` registers a view; ``_changed()`` tells every one (with the one policy of
    :class:`~dos_lab.engine.listeners.Listeners`: a view that fails is logged, never allowed to break the game).

    >>> class Model(Observable):
    ...     pass
    >>> model, seen = Model(), []
    >>> model.on_change(lambda: seen.append("redrawn")); model._changed(); seen
    ['redrawn']
    """

    _views: Listeners[[]]

    def on_change(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` after every intent (the view redraws itself)."""
        if not hasattr(self, "_views"):  # a mixin has no __init__ of its own to make the list in
            self._views = Listeners()
        self._views.add(callback)

    def _changed(self) -> None:
        views = getattr(self, "_views", None)
        if views is not None:
            views.notify()
