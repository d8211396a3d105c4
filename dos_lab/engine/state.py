"""The data of a round in progress: :class:`RoundState`, the :class:`Phase` of its turn, and the
:class:`UndoRecord` that takes an action back.

:class:`RoundState` holds everything that changes during a round; ``Round``
(in ``round.py``) owns one and is the only code that changes it (itself, or through ``dos_call.py``). Its JSON
save format (``dos_lab.round/1``) is :mod:`dos_lab.engine.saved_round`, read with the save codec
:mod:`dos_lab.engine.save`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from enum import Enum
from typing import Any

from dos_lab.engine.cards import Card
from dos_lab.engine.events import Event
from dos_lab.engine.matching import Match
from dos_lab.engine.save import show as show  # its earlier home: messages about saves used it here

__all__ = ["Phase", "RoundState", "UndoRecord"]


class Phase(str, Enum):
    """Where the current turn stands (DESIGN.md §4)."""

    MATCHING = "matching"
    DREW = "drew"
    BONUS = "bonus"
    OVER = "over"


def _kind(kind: str, **options: Any) -> dict[str, Any]:
    """Field metadata: what the field holds, which says how the save format writes and checks it (see
    :mod:`dos_lab.engine.saved_round`) and how :meth:`RoundState.clone` copies it."""
    return {"kind": kind, **options}


@dataclass(slots=True)
class RoundState:
    """Everything that changes during a round; cloned by copy(), and taken back by an :class:`UndoRecord`.

    Each field has the name it has in the save format (and, where there is one, the
    public property of ``Round``); its ``kind`` says how it is saved and checked.
    """

    hands: list[list[Card]] = field(metadata=_kind("hands"))
    center_row: list[Card] = field(metadata=_kind("cards"))
    #: for each row card, the number fixed when a Wild # was placed (declared_when_placed), else None
    center_row_values: list[int | None] = field(metadata=_kind("row_values"))
    #: top card LAST, so pop() is cheap; saved (and shown by ``Round.draw_pile``) top card first
    draw_pile: list[Card] = field(metadata=_kind("cards", reverse=True))
    discard_pile: list[Card] = field(metadata=_kind("cards"))  # bottom first
    current: int = field(metadata=_kind("player"))
    phase: Phase = field(default=Phase.MATCHING, metadata=_kind("phase"))
    turn: int = field(default=1, metadata=_kind("count", least=1))
    #: this turn's matches with the hand cards played on each (their piles stay in the row until E1)
    matches: list[tuple[Match, tuple[Card, ...]]] = field(default_factory=list, metadata=_kind("matches"))
    drawn: Card | None = field(default=None, metadata=_kind("card_or_none"))
    has_drawn: bool = field(default=False, metadata=_kind("bool"))
    #: the current player has acted this turn (a match or a draw)
    acted: bool = field(default=False, metadata=_kind("bool"))
    bonuses_earned: int = field(default=0, metadata=_kind("count"))
    double_colour_matches: int = field(default=0, metadata=_kind("count"))
    bonuses_owed: int = field(default=0, metadata=_kind("count"))
    #: called DOS since reaching two cards (R11.1)
    dos_called: list[bool] = field(default_factory=list, metadata=_kind("flags"))
    #: a catch on this player succeeds now (R11.4, R11.5)
    dos_exposed: list[bool] = field(default_factory=list, metadata=_kind("flags"))
    #: the catch window for these two cards closed (until_next_turn_starts): not exposed again until the
    #: hand leaves two cards (R11.5)
    dos_lapsed: list[bool] = field(default_factory=list, metadata=_kind("flags"))
    #: caught for these two cards: not caught again until the hand leaves two cards (R11.4)
    dos_caught: list[bool] = field(default_factory=list, metadata=_kind("flags", optional=True))
    #: the current player was caught this turn: E5 draws the penalty (R11.1)
    penalty_pending: bool = field(default=False, metadata=_kind("bool"))
    winner: int | None = field(default=None, metadata=_kind("player_or_none"))
    points: int = field(default=0, metadata=_kind("count"))
    #: turns passed in a row with both piles empty (R14.2)
    passes: int = field(default=0, metadata=_kind("count"))
    reshuffles: int = field(default=0, metadata=_kind("count"))
    log: list[Event] = field(default_factory=list, metadata=_kind("events"))
    #: dealt from the whole deck (all 108 cards are in the round), not a staged position
    dealt: bool = field(default=False, metadata=_kind("bool", optional=True))

    def clone(self) -> RoundState:
        """A copy that shares nothing mutable with this one.

        >>> from dos_lab.engine.cards import full_deck
        >>> s = RoundState([[]], [], [], [], [], 0)
        >>> twin = s.clone(); twin.hands[0].append(full_deck()[0]); s.hands
        [[]]
        """
        lists: dict[str, Any] = {name: list(getattr(self, name)) for name in _LISTS}
        return replace(self, hands=[list(h) for h in self.hands], **lists)

    def all_cards(self) -> list[Card]:
        """Every card in the round: hands, row, piles being matched, draw and discard piles."""
        cards = [c for h in self.hands for c in h] + self.center_row + self.draw_pile + self.discard_pile
        for _, played in self.matches:
            cards.extend(played)
        return cards


_STATE_FIELDS = {f.name: f.metadata for f in fields(RoundState)}
#: the flat lists that clone() copies (``hands`` is copied one level deeper)
_LISTS = tuple(name for name, meta in _STATE_FIELDS.items()
               if meta["kind"] in ("cards", "row_values", "matches", "flags", "events"))
#: the lists that grow long during a round: an undo record keeps only their lengths (see UndoRecord)
_LONG = ("log", "draw_pile", "discard_pile")
#: what an undo record copies and restores (hands are copied one level deeper; of _LONG only the lengths)
_RECORDED = tuple(name for name in _STATE_FIELDS if name not in _LONG and name != "hands")
#: the layout of ``UndoRecord.recorded``: these fields, then the lengths of _LONG, the matches, then the row,
#: its values and the flags, each list written out flat
_SCALARS = ("current", "phase", "turn", "drawn", "has_drawn", "acted", "bonuses_earned", "double_colour_matches",
            "bonuses_owed", "penalty_pending", "winner", "points", "passes", "reshuffles", "dealt")
_FLAGS = ("dos_called", "dos_exposed", "dos_lapsed", "dos_caught")
_LOG_AT = len(_SCALARS)
_DISCARD_AT = _LOG_AT + 2
_LISTS_AT = _LOG_AT + 4
assert set(_RECORDED) == {*_SCALARS, *_FLAGS, "matches", "center_row", "center_row_values"}


class UndoRecord:
    """What one action may change, so that :meth:`restore` can take it back. It costs what an action
    can change, not the whole state (a clone copies the long draw pile, discard pile and log).

    Open a record before an action changes ``state``. It copies the short parts (hands, row, flags,
    the counters), and of the long parts only their lengths: the log and the discard pile only grow
    during an action, and the draw pile only loses its top cards, which :meth:`took` notes. A
    reshuffle (R14.1) replaces both piles, so :meth:`reshuffling` keeps them as they were first.
    A record is never changed once its action is over, so copies of a round can share it.

    >>> from dos_lab.engine.cards import full_deck
    >>> from dos_lab.engine.events import DosCalled
    >>> s = RoundState([[]], [], [], list(full_deck()[:3]), [], 0, dos_called=[False], dos_exposed=[False],
    ...                dos_lapsed=[False], dos_caught=[False])
    >>> before = s.clone()
    >>> record = UndoRecord(s); card = s.draw_pile.pop(); record.took(card); s.hands[0].append(card)
    >>> s.log.append(DosCalled(0)); s.phase = Phase.DREW; s.dos_called[0] = True
    >>> s == before, (record.restore(s), s == before)
    (False, (None, True))
    """

    __slots__ = ("hands", "piles", "recorded", "taken")

    def __init__(self, s: RoundState) -> None:
        self.hands = tuple(map(tuple, s.hands))
        # one flat tuple, written out field by field: this runs before every action, and one tuple
        # display is several times faster than a generic getattr loop or a tuple per list
        # (the layout is _SCALARS, the three lengths, the matches, the row, its values, and the flags,
        # one per player each)
        self.recorded: tuple[Any, ...] = (
            s.current, s.phase, s.turn, s.drawn, s.has_drawn, s.acted, s.bonuses_earned,
            s.double_colour_matches, s.bonuses_owed, s.penalty_pending, s.winner, s.points, s.passes,
            s.reshuffles, s.dealt, len(s.log), len(s.draw_pile), len(s.discard_pile),
            tuple(s.matches) if s.matches else (), *s.center_row, *s.center_row_values,
            *s.dos_called, *s.dos_exposed, *s.dos_lapsed, *s.dos_caught)
        #: the cards taken from the top of the draw pile, in the order taken (most actions take none)
        self.taken: list[Card] | None = None
        #: the draw and discard piles as they were, once a reshuffle has replaced them
        self.piles: tuple[list[Card], list[Card]] | None = None

    def took(self, card: Card) -> None:
        """``card`` was taken from the top of the draw pile."""
        if self.taken is None:
            self.taken = [card]
        else:
            self.taken.append(card)

    def reshuffling(self, state: RoundState) -> None:
        """The discard pile is about to become the new draw pile (R14.1): keep both piles as they were."""
        if self.piles is None:
            discard = self.recorded[_DISCARD_AT]
            self.piles = (state.draw_pile + (self.taken or [])[::-1], state.discard_pile[:discard])

    def restore(self, state: RoundState) -> None:
        """Put ``state`` back as it was when the record was opened (the record itself stays as it is)."""
        state.hands = [list(h) for h in self.hands]
        recorded = self.recorded
        for name, value in zip(_SCALARS, recorded, strict=False):
            setattr(state, name, value)
        log, draw, discard, matches = recorded[_LOG_AT:_LISTS_AT]
        state.matches = list(matches)
        n = len(self.hands)
        row = (len(recorded) - _LISTS_AT - len(_FLAGS) * n) // 2
        at = _LISTS_AT
        for name, size in (("center_row", row), ("center_row_values", row), *((f, n) for f in _FLAGS)):
            setattr(state, name, list(recorded[at:at + size]))
            at += size
        del state.log[log:]
        if self.piles is not None:
            state.draw_pile, state.discard_pile = list(self.piles[0]), list(self.piles[1])
            return
        if self.taken:
            state.draw_pile.extend(reversed(self.taken))
        del state.discard_pile[discard:]
        assert len(state.draw_pile) == draw, "an undo record missed a card taken from the draw pile"
