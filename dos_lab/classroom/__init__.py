"""The class as a group: rooms where classmates sit at one table, and the results a class pools.

Everything lives in :class:`ClassStore`, a real database (SQLite by default, PostgreSQL by URL).
"""

from dos_lab.classroom.store import ClassStore, SeatView

__all__ = ["ClassStore", "SeatView"]
