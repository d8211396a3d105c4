"""Views that redraw when a model changes: one small mixin for the table and the tutorial example."""

from __future__ import annotations

import logging
from collections.abc import Callable

__all__ = ["Listeners"]

log = logging.getLogger(__name__)


class Listeners:
    """``on_change(callback)`` registers a view; ``_changed()`` calls every one, and a view that fails
    is logged, never allowed to break the game (a click handler has nobody to show a traceback to)."""

    _listeners: list[Callable[[], None]]

    def on_change(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` after every intent (the view redraws itself)."""
        self._listeners = [*getattr(self, "_listeners", []), callback]

    def _changed(self) -> None:
        for callback in getattr(self, "_listeners", []):
            try:
                callback()
            except Exception:
                log.exception("a view failed to update")
