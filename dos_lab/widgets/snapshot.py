"""What one player may see of the table at one moment, as plain frozen data.

The table view draws a :class:`TableSnapshot`, never the round itself, so a
bot's turn can be shown step by step: :func:`advance` applies one narrated
event to a snapshot (the Center Row after E1/E2/E3, card counts after draws),
and the controller takes a fresh :func:`snapshot_of` the round after each bot
action, so the frames never drift from the engine.

>>> from dos_lab.round import Round
>>> r = Round.from_position(hands=["R7 B3 G9", "Y1 Y5"], center_row="B7 Y5", draw_pile="G4 Y8")
>>> s = snapshot_of(r, viewer=0)
>>> s.hand_sizes, [p.card.code for p in s.row], s.draw_count, s.your_turn
((3, 2), ['B7', 'Y5'], 2, True)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from dos_lab.cards import Card, Color
from dos_lab.events import (
    BonusPlaced,
    Discarded,
    DosCalled,
    Drew,
    Event,
    Matched,
    OpponentDrew,
    PenaltyDrawn,
    Placed,
    Refilled,
    Reshuffled,
    TurnPassed,
)
from dos_lab.round import Round
from dos_lab.state import Phase

__all__ = ["Pile", "TableSnapshot", "advance", "snapshot_of"]


@dataclass(frozen=True)
class Pile:
    """A Center Row card and the hand cards played on it this turn."""

    card: Card
    #: the number a Wild # was given when placed (``declared_when_placed``), else None
    fixed: int | None = None
    #: what the matching player declared this row card to be this turn (a number or a colour)
    declared: int | Color | None = None
    #: codes of the cards played on it, with their declarations (``"W=R"``, ``"G#=4"``)
    played: tuple[str, ...] = ()


@dataclass(frozen=True)
class TableSnapshot:
    """The table as ``viewer`` sees it: their own hand, everyone's card counts, the row and piles."""

    players: int
    viewer: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    row: tuple[Pile, ...]
    draw_count: int
    discard_count: int
    current: int
    phase: Phase
    turn: int
    bonuses_owed: int
    drawn: Card | None
    called: tuple[bool, ...]
    exposed: tuple[bool, ...]
    winner: int | None
    points: int
    #: the end-of-turn stage (``"E1"`` … ``"E6"``) the last shown event belongs to, if any
    stage: str | None = None

    @property
    def over(self) -> bool:
        """True once the round has ended."""
        return self.phase is Phase.OVER

    @property
    def your_turn(self) -> bool:
        """True if it is the viewer's turn and the round is still on."""
        return self.current == self.viewer and not self.over


def snapshot_of(r: Round, viewer: int) -> TableSnapshot:
    """The round as ``viewer`` sees it now."""
    played = {m.target: m for m in r.matches_this_turn}
    fixed = r.center_row_values
    row = tuple(
        Pile(card, fixed[i], played[i].target_as if i in played else None,
             played[i].cards if i in played else ())
        for i, card in enumerate(r.center_row))
    hands = r.hands
    return TableSnapshot(
        players=r.players, viewer=viewer, hand=tuple(hands[viewer]), hand_sizes=tuple(len(h) for h in hands),
        row=row, draw_count=len(r.draw_pile), discard_count=len(r.discard_pile), current=r.current,
        phase=r.phase, turn=r.turn, bonuses_owed=r.bonuses_owed,
        drawn=r.drawn_card if r.current == viewer else None,
        called=tuple(r.has_called_dos(p) for p in range(r.players)),
        exposed=tuple(r.is_exposed(p) for p in range(r.players)),
        winner=r.winner, points=r.points)


def _count(sizes: tuple[int, ...], player: int, change: int) -> tuple[int, ...]:
    return tuple(n + change if p == player else n for p, n in enumerate(sizes))


def advance(s: TableSnapshot, event: Event) -> TableSnapshot:
    """The snapshot after ``event``, as far as the event tells (an in-between frame).

    The viewer's own hand is not changed here; the next full snapshot brings it up to date.
    """
    stage = event.stage if event.stage is not None else s.stage
    change = dataclasses.replace
    if isinstance(event, Matched):
        row = tuple(change(p, declared=event.target_as, played=event.cards) if i == event.target else p
                    for i, p in enumerate(s.row))
        return change(s, row=row, hand_sizes=_count(s.hand_sizes, event.player, -len(event.cards)), stage=None)
    if isinstance(event, Discarded):
        kept = [p for p in s.row if not p.played]
        return change(s, row=tuple(change(p, declared=None) for p in kept),
                      discard_count=s.discard_count + len(event.cards), stage=stage)
    if isinstance(event, Refilled):
        row = s.row + tuple(Pile(card) for card in event.cards)
        return change(s, row=row, draw_count=s.draw_count - len(event.cards), stage=stage)
    if isinstance(event, Reshuffled):
        return change(s, draw_count=s.draw_count + event.count, discard_count=0, stage=stage)
    if isinstance(event, (Placed, BonusPlaced)):
        row = (*s.row, Pile(event.card, event.declared))
        return change(s, row=row, hand_sizes=_count(s.hand_sizes, event.player, -1), stage=stage)
    if isinstance(event, (Drew, OpponentDrew)):
        return change(s, hand_sizes=_count(s.hand_sizes, event.player, 1), draw_count=s.draw_count - 1, stage=stage)
    if isinstance(event, PenaltyDrawn):
        return change(s, hand_sizes=_count(s.hand_sizes, event.player, len(event.cards)),
                      draw_count=s.draw_count - len(event.cards), stage=stage)
    if isinstance(event, DosCalled):
        called = tuple(c or p == event.player for p, c in enumerate(s.called))
        return change(s, called=called, stage=stage)
    if isinstance(event, TurnPassed):
        return change(s, stage=stage)
    return change(s, stage=stage)
