"""A student's browser tab reduced to its protocol: play random legal moves for one seat until the round ends.

Used by ``tests/test_classroom.py`` in separate processes that race on one class store.
"""

from __future__ import annotations

import random

from dos_lab.classroom import ClassStore
from dos_lab.errors import DosError


def play_seat(path: str, token: str, seed: int, limit: int = 3000) -> tuple[int, int]:
    """Play until the round is over (or ``limit`` tries); returns (moves played, moves refused)."""
    store = ClassStore(path)
    rng = random.Random(seed)
    played = refused = 0
    for _ in range(limit):
        view = store.view(token)
        if view.over:
            break
        options = store.legal_moves(token)
        if not options:
            store.wait(view.code, view.version, timeout=0.5)
            continue
        try:
            store.play(token, rng.choice(options), version=view.version if rng.random() < 0.5 else None)
            played += 1
        except DosError:
            refused += 1  # another seat moved first: the move is stale, or no longer legal
    store.close()
    return played, refused
