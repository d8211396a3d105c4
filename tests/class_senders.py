"""A student's lesson page reduced to its protocol: deal the student's share and send it, all at one moment.

Used by ``tests/test_class_results.py`` in separate processes that send to one class store at once.
"""

from __future__ import annotations

from typing import Any

from dos_lab.classroom import ClassStore
from dos_lab.classroom.experiments import experiment, run_share

STUDENTS = [f"Student {i + 1}" for i in range(30)]


def send_share(where: str, student: str, go: Any, size: int) -> None:
    """Wait for ``go``, then send ``student``'s share of lesson 1 (``size`` hands)."""
    store = ClassStore(where)
    share = run_share(experiment("lesson-01-hits"), student) | {"size": size}
    go.wait(60)
    store.submit("lesson-01-hits", student, share)
    store.close()
