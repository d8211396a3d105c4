"""ipywidgets views over the headless table model in :mod:`dos_lab.play`.

``play()`` returns a table (you against a bot); :class:`TableController` is the
model behind it (in :mod:`dos_lab.play`, usable and testable without a browser).
The views are imported on first use, so the model names here cost no ipywidgets.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from dos_lab.play.controller import TableController, TableSetup
from dos_lab.play.positions import POSITIONS, staged_game

if TYPE_CHECKING:
    from dos_lab.widgets.table import TableView, play

__all__ = ["POSITIONS", "TableController", "TableSetup", "TableView", "play", "staged_game"]

_VIEWS = {"TableView": "dos_lab.widgets.table", "play": "dos_lab.widgets.table"}


def __getattr__(name: str) -> Any:
    if name in _VIEWS:
        return getattr(importlib.import_module(_VIEWS[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
