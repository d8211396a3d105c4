"""What one player may see of the table at one moment, and how each event changes it.

This is the one place that replays events: the table shows a bot's turn one
event at a time with it, the tutorial stepper walks through E1–E6 with it, and
narration reads the same frames. :func:`snapshot_of` takes a frame from the
round; :func:`advance` applies one event to a frame. A frame shows the hands its
viewer may see: the viewer's own (``viewer=None`` shows every hand, as a teacher
at the tutorial's table would), and for every player only the number of cards.

>>> from dos_lab.engine.round import Round
>>> r = Round.from_position(hands=["R7 B3 G9", "Y1 Y5"], center_row="B7 Y5", draw_pile="G4 Y8")
>>> s = snapshot_of(r, viewer=0)
>>> s.hand_sizes, [p.card.code for p in s.row], s.draw_count, s.your_turn, s.hands[1]
((3, 2), ['B7', 'Y5'], 2, True, None)
>>> _ = r.match(0, "R7"); r.end_turn()
>>> frames = replay(s, r.log[1:])
>>> [f.stage for f in frames], [p.card.code for p in frames[-1].row], frames[-1].current
([None, None, 'E1', 'E2', 'E6', None], ['Y5', 'G4'], 1)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from dos_lab.engine.cards import Card, Color
from dos_lab.engine.events import (
    BonusForfeited,
    BonusPlaced,
    Discarded,
    DosCalled,
    DrawSkipped,
    Drew,
    Event,
    Matched,
    OpponentDrew,
    PenaltyDrawn,
    Placed,
    Refilled,
    Reflipped,
    Reshuffled,
    RoundEnded,
    TurnStarted,
)
from dos_lab.engine.matching import Played, parse_played
from dos_lab.engine.round import Round
from dos_lab.engine.state import Phase

__all__ = ["Pile", "TableSnapshot", "advance", "replay", "snapshot_of"]


@dataclass(frozen=True)
class Pile:
    """A Center Row card and the hand cards played on it this turn."""

    card: Card
    #: the number a Wild # was given when placed (``declared_when_placed``), else None — the engine's
    #: ``Round.center_row_values`` entry for this card
    value: int | None = None
    #: what the matching player declared this row card to be this turn (a number or a colour)
    declared: int | Color | None = None
    #: codes of the cards played on it, with their declarations (``"W=R"``, ``"G#=4"``)
    played: tuple[str, ...] = ()

    @property
    def plays(self) -> tuple[Played, ...]:
        """The cards played on it, each with its declaration."""
        return tuple(parse_played(code) for code in self.played)

    @property
    def played_cards(self) -> tuple[Card, ...]:
        """The cards played on it, without their declarations."""
        return tuple(p.card for p in self.plays)

    @property
    def shown_as(self) -> int | Color | None:
        """What the row card stands for now: declared this turn, or given when it was placed."""
        return self.declared if self.declared is not None else self.value


@dataclass(frozen=True)
class TableSnapshot:
    """The table as ``viewer`` sees it: the hands they may see, everyone's card counts, the row and piles.

    ``phase`` and ``bonuses_owed`` are exact in a frame taken from the round and
    as far as the events tell in between.
    """

    players: int
    viewer: int | None
    #: each player's cards, or None for a hand the viewer may not see
    hands: tuple[tuple[Card, ...] | None, ...]
    hand_sizes: tuple[int, ...]
    row: tuple[Pile, ...]
    draw_count: int
    discard_count: int
    current: int
    phase: Phase
    turn: int
    bonuses_owed: int
    #: the card the current player drew this turn, if the viewer may see it
    drawn: Card | None
    called: tuple[bool, ...]
    winner: int | None
    points: int
    #: the end-of-turn stage (``"E1"`` … ``"E6"``) of the last event shown, if any
    stage: str | None = None

    @property
    def hand(self) -> tuple[Card, ...]:
        """The viewer's own hand (empty for an onlooker)."""
        mine = self.hands[self.viewer] if self.viewer is not None else None
        return mine if mine is not None else ()

    @property
    def over(self) -> bool:
        """True once the round has ended."""
        return self.phase is Phase.OVER

    @property
    def your_turn(self) -> bool:
        """True if it is the viewer's turn and the round is still on."""
        return self.current == self.viewer and not self.over


def _sees(viewer: int | None, player: int) -> bool:
    return viewer is None or viewer == player


def snapshot_of(r: Round, viewer: int | None) -> TableSnapshot:
    """The round as ``viewer`` sees it now (``None``: every hand shown)."""
    played = {m.target: m for m in r.matches_this_turn}
    values = r.center_row_values
    row = tuple(Pile(card, values[i], played[i].target_as if i in played else None,
                     played[i].cards if i in played else ())
                for i, card in enumerate(r.center_row))
    return TableSnapshot(
        players=r.players, viewer=viewer,
        hands=tuple(r.hand(p) if _sees(viewer, p) else None for p in range(r.players)),
        hand_sizes=r.hand_sizes, row=row, draw_count=len(r.draw_pile),
        discard_count=len(r.discard_pile), current=r.current, phase=r.phase, turn=r.turn,
        bonuses_owed=r.bonuses_owed, drawn=r.drawn_card if _sees(viewer, r.current) else None,
        called=tuple(r.has_called_dos(p) for p in range(r.players)), winner=r.winner, points=r.points)


def _gain(s: TableSnapshot, player: int, cards: Sequence[Card]) -> dict[str, object]:
    """The fields that change when ``player`` takes ``cards`` (a call of DOS covers two cards only)."""
    hands = list(s.hands)
    held = hands[player]
    if held is not None:
        hands[player] = (*held, *cards)
    sizes = tuple(n + len(cards) if p == player else n for p, n in enumerate(s.hand_sizes))
    called = tuple(c and p != player for p, c in enumerate(s.called))
    return {"hands": tuple(hands), "hand_sizes": sizes, "called": called}


def _lose(s: TableSnapshot, player: int, cards: Sequence[Card]) -> dict[str, object]:
    hands = list(s.hands)
    held = hands[player]
    if held is not None:
        rest = list(held)
        for card in cards:
            rest.remove(card)
        hands[player] = tuple(rest)
    sizes = tuple(n - len(cards) if p == player else n for p, n in enumerate(s.hand_sizes))
    called = tuple(c and p != player for p, c in enumerate(s.called))
    return {"hands": tuple(hands), "hand_sizes": sizes, "called": called}


def _row_after(s: TableSnapshot, cards: tuple[Card, ...], added: Iterable[Pile] = ()) -> tuple[Pile, ...]:
    """The row the event reports (``cards``), keeping what the frame knew about the cards still there."""
    kept = [p for p in s.row if not p.played]
    extra = list(added)
    if [p.card for p in kept] == list(cards[:len(kept)]):
        tail = list(cards[len(kept):])
        rebuilt = kept + [extra.pop(0) if extra and extra[0].card == card else Pile(card) for card in tail]
        return tuple(rebuilt)
    return tuple(Pile(card) for card in cards)


def advance(s: TableSnapshot, event: Event) -> TableSnapshot:
    """The frame after ``event``: cards move between the hands, the row and the piles as it says."""
    change = dataclasses.replace
    stage = event.stage
    if isinstance(event, TurnStarted):
        return change(s, current=event.player, turn=event.turn, phase=Phase.MATCHING, drawn=None,
                      bonuses_owed=0, stage=None)
    if isinstance(event, Matched):
        cards = [parse_played(code).card for code in event.cards]
        row = tuple(change(p, declared=event.target_as, played=event.cards) if i == event.target else p
                    for i, p in enumerate(s.row))
        return change(s, row=row, stage=None, **_lose(s, event.player, cards))
    if isinstance(event, Drew):
        seen = event.card if _sees(s.viewer, event.player) else None
        return change(s, draw_count=s.draw_count - 1, phase=Phase.DREW, drawn=seen, stage=None,
                      **_gain(s, event.player, [event.card]))
    if isinstance(event, DrawSkipped):
        return change(s, phase=Phase.DREW, drawn=None, stage=None)
    if isinstance(event, Placed | BonusPlaced):
        row = _row_after(s, event.center_row, [Pile(event.card, event.declared)])
        bonus = isinstance(event, BonusPlaced)
        return change(s, row=row, stage=stage, phase=Phase.BONUS if bonus else s.phase,
                      bonuses_owed=max(0, s.bonuses_owed - 1) if bonus else s.bonuses_owed,
                      **_lose(s, event.player, [event.card]))
    if isinstance(event, Discarded):
        return change(s, row=_row_after(s, event.center_row), discard_count=s.discard_count + len(event.cards),
                      stage=stage)
    if isinstance(event, Refilled):
        return change(s, row=_row_after(s, event.center_row), draw_count=s.draw_count - len(event.cards), stage=stage)
    if isinstance(event, Reshuffled):
        return change(s, draw_count=s.draw_count + event.count, discard_count=0, stage=stage)
    if isinstance(event, Reflipped):
        return change(s, draw_count=s.draw_count - 1, discard_count=s.discard_count + 1, stage=stage)
    if isinstance(event, OpponentDrew | PenaltyDrawn):
        cards = [event.card] if isinstance(event, OpponentDrew) else list(event.cards)
        return change(s, draw_count=s.draw_count - len(cards), stage=event.stage,
                      **_gain(s, event.player, cards))
    if isinstance(event, DosCalled):
        return change(s, called=tuple(c or p == event.player for p, c in enumerate(s.called)), stage=stage)
    if isinstance(event, BonusForfeited):
        return change(s, bonuses_owed=0, stage=stage)
    if isinstance(event, RoundEnded):
        return change(s, phase=Phase.OVER, winner=event.winner, points=event.points, drawn=None, stage=stage)
    return change(s, stage=stage)


def replay(start: TableSnapshot, events: Iterable[Event]) -> list[TableSnapshot]:
    """The frame after each event, in order."""
    frames = []
    frame = start
    for event in events:
        frame = advance(frame, event)
        frames.append(frame)
    return frames
