"""What the class store shows of a room: one seat's view of its table (:class:`SeatView`), and every room as the
teacher sees it (:class:`RoomSummary`)."""

from __future__ import annotations

from dataclasses import dataclass

from dos_lab.engine.cards import Card
from dos_lab.engine.state import Phase
from dos_lab.play.observer import TableSnapshot

__all__ = ["RoomSummary", "SeatView"]


@dataclass(frozen=True)
class RoomSummary:
    """One room for the teacher: its code, its seats' names, and its game (None and () before the deal)."""

    code: str
    players: int
    names: tuple[str, ...]
    round_number: int | None
    scores: tuple[int, ...]
    over: bool


@dataclass(frozen=True)
class SeatView:
    """One seat's view of its room: its own hand and what everyone at the table sees, never another hand.

    Before the deal ``table`` is None and ``hand`` is empty.
    """

    code: str
    player: int
    version: int
    names: tuple[str, ...]
    #: the kind of computer player in each seat (``"greedy"``, …), or None for a student (or an empty seat)
    bots: tuple[str | None, ...]
    players: int
    table: TableSnapshot | None
    #: the round being played (1 before the deal), each player's total (with the round's points once it is over),
    #: and the total that ends the game (R13.3)
    round_number: int = 1
    scores: tuple[int, ...] = ()
    target: int = 200
    #: for each seat, True if its student is away and a computer player plays for them (AWAY_AFTER)
    away: tuple[bool, ...] = ()

    @property
    def started(self) -> bool:
        return self.table is not None

    @property
    def hand(self) -> tuple[Card, ...]:
        return self.table.hand if self.table is not None else ()

    @property
    def phase(self) -> Phase | None:
        return self.table.phase if self.table is not None else None

    @property
    def current(self) -> int | None:
        return self.table.current if self.table is not None else None

    @property
    def my_turn(self) -> bool:
        return self.table is not None and self.table.current == self.player and self.table.winner is None

    @property
    def over(self) -> bool:
        """The round is over."""
        return self.table is not None and self.table.phase is Phase.OVER
