"""Positions at a room's table that tests reach by playing through the class store."""

from __future__ import annotations

import random
from typing import NamedTuple

from dos_lab import Round
from dos_lab.classroom import ClassStore
from dos_lab.engine.moves import CallDos, Catch


def catchable(store: ClassStore, code: str, tokens: list[str], seed: int) -> int:
    """Play seeded moves of the room's three seats through the store, none of them a DOS call or a catch, until a
    seat that is not the one to play may be caught by both others (R11.1); that seat."""
    rng = random.Random(seed)
    for _ in range(400):
        r = Round.from_dict(store.save(code))
        assert not r.over, "the round ended before anyone could be caught: try another seed"
        for target in range(3):
            if target != r.current and all(r.can_catch(c, target) for c in range(3) if c != target):
                return target
        mover = tokens[r.current]
        store.play(mover, rng.choice([m for m in store.legal_moves(mover) if not isinstance(m, (CallDos, Catch))
                                      and not getattr(m, "call_dos", False)]))
    raise AssertionError("nobody could be caught within 400 moves: try another seed")


#: the students of :func:`catchable_room`, seat by seat
NAMES = ("Ala", "Ola", "Ela")


class CatchableRoom(NamedTuple):
    code: str
    tokens: list[str]
    target: int
    catchers: tuple[int, int]


def catchable_room(store: ClassStore, seed: int = 23) -> CatchableRoom:
    """A room of three students (:data:`NAMES`) played on until one seat may be caught by both others."""
    code = store.create_room(players=3, seed=seed)
    tokens = [store.join(code, name) for name in NAMES]
    target = catchable(store, code, tokens, seed=seed)
    one, other = (seat for seat in range(3) if seat != target)
    return CatchableRoom(code, tokens, target, (one, other))
