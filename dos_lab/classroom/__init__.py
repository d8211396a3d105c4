"""The class as a group: rooms where classmates sit at one table, and the results a class pools.

Everything lives in :class:`ClassStore`, a real database (SQLite by default, PostgreSQL by URL); a student's seat
at a room's table is a :class:`RoomTable`. The names below are imported when first used, so a module that only
asks where the class store is (:mod:`dos_lab.classroom.site`) does not load the database toolkit.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from dos_lab.classroom.store import ClassSettings, ClassStore, SeatView
    from dos_lab.classroom.table import RoomTable

__all__ = ["ClassSettings", "ClassStore", "RoomTable", "SeatView"]

_HOMES = {"ClassSettings": "store", "ClassStore": "store", "SeatView": "store", "RoomTable": "table"}


def __getattr__(name: str) -> Any:
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"dos_lab.classroom.{_HOMES[name]}"), name)
