"""The goals of the tutorials' playable examples, by name: each helper gives a check that reads the round's log
and says whether the reader has done what the goal asks. A notebook cell then says ``check=matched(times=2)``
instead of spelling out a search through the events, and a fix lands once for the five languages.

>>> from dos_lab.engine.round import Round
>>> r = Round.from_position(hands=["R3 R4 B9 G1 Y6", "Y1 Y3 B8"], center_row="R7 Y5", draw_pile="G4 B6 Y10")
>>> goal = matched(bonus="double_colour", card="R4")
>>> goal(r)
False
>>> _ = r.match(0, "R3", "R4")
>>> goal(r), matched(times=2)(r), matched(turn_over=True)(r)
(True, False, False)
>>> r.end_turn(); r.place("B9")
>>> placed_bonus()(r), opponent_drew()(r), matched(turn_over=True)(r)
(True, True, True)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from dos_lab.engine.cards import Card
from dos_lab.engine.events import BonusPlaced, DosCaught, Drew, Event, Matched, OpponentDrew, Placed
from dos_lab.engine.round import Round

__all__ = ["Goal", "caught", "first", "matched", "opponent_drew", "placed", "placed_bonus"]

#: what a playable example's ``check`` is: does this round show the goal reached?
Goal = Callable[[Round], bool]
E = TypeVar("E", bound=Event)


def first(r: Round, kind: type[E]) -> E | None:
    """The first event of this kind in the round's log, or None.

    >>> r = Round.from_position(hands=["R7 B3", "Y1"], center_row="B7 Y5", draw_pile="G4")
    >>> _ = r.match(0, "R7")
    >>> first(r, Matched).cards, first(r, Drew)
    (('R7',), None)
    """
    return next((event for event in r.log if isinstance(event, kind)), None)


def _plays(played: tuple[str, ...], card: str) -> bool:
    """Whether a match's cards (``Y#=7``, ``W=R``, ``R5``) include ``card``: the same code, or the same card
    with any declaration when ``card`` names none."""
    return any(code == card or code.split("=")[0] == card for code in played)


def matched(times: int = 1, *, player: int = 0, on: str | None = None, card: str | None = None,
            bonus: str | None = None, after_draw: bool = False, turn_over: bool = False) -> Goal:
    """``player`` made at least ``times`` matches like this: on the row card ``on``, with ``card`` among the cards
    played (``"Y#"`` for any declared value, ``"W=R"`` for a Wild DOS called red), winning ``bonus``
    (``"single_colour"``, ``"double_colour"``), with a card drawn first this round (``after_draw``); and, with
    ``turn_over``, the player's turn has passed."""
    target = None if on is None else Card.parse(on)

    def check(r: Round) -> bool:
        drawn = False
        found = 0
        for event in r.log:
            if isinstance(event, Drew) and event.player == player:
                drawn = True
            if (isinstance(event, Matched) and event.player == player
                    and (target is None or event.target_card == target)
                    and (card is None or _plays(event.cards, card))
                    and (bonus is None or event.bonus == bonus) and (drawn or not after_draw)):
                found += 1
        return found >= times and (not turn_over or r.current != player)

    return check


def placed(player: int = 0) -> Goal:
    """``player`` put a card into the Center Row after a draw (R7.3)."""
    return lambda r: any(isinstance(event, Placed) and event.player == player for event in r.log)


def placed_bonus(times: int = 1, *, player: int = 0) -> Goal:
    """``player`` placed at least ``times`` bonus cards (R6, stage E3)."""
    return lambda r: sum(isinstance(event, BonusPlaced) and event.player == player for event in r.log) >= times


def opponent_drew(by: int = 0) -> Goal:
    """Another player drew a card for ``by``'s double colour match (R6.2, stage E4)."""
    return lambda r: any(isinstance(event, OpponentDrew) and event.by == by for event in r.log)


def caught(target: int, *, caller: int | None = None) -> Goal:
    """``target`` was caught without a DOS call (R11.1), by ``caller`` if given."""
    return lambda r: any(isinstance(event, DosCaught) and event.target == target
                         and (caller is None or event.caller == caller) for event in r.log)
