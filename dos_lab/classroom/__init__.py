"""The class as a group: rooms where classmates sit at one table, and the results a class pools.

Everything lives in :class:`ClassStore`, a real database (SQLite by default, PostgreSQL by URL); a student's seat
at a room's table is a :class:`RoomTable`.
"""

from dos_lab.classroom.store import ClassSettings, ClassStore, SeatView
from dos_lab.classroom.table import RoomTable

__all__ = ["ClassSettings", "ClassStore", "RoomTable", "SeatView"]
