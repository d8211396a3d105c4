"""What a player at a table (or a tutorial script) asks for: the engine's moves, and Undo.

A click on the table becomes one of the engine's :mod:`~dos_lab.engine.moves` (``PlayMatch``, ``Draw``, ``Place``,
``EndTurn``, ``CallDos``, ``Catch``, each naming its player) and goes to the engine with :func:`perform`;
nothing is written out as text and read back. Tutorials write short scripts (``"match 0 R7"``) without the
player, because the line is for whoever's turn it is; :func:`parse_action` turns such a line into the same
move, so both paths meet the engine in one place. Undo is the table's, not a move of the game: it takes back
what the student did.

>>> from dos_lab.engine.round import Round
>>> r = Round.from_position(hands=["B1 B1 R4 G10", "Y3"], center_row="W Y9", draw_pile="G5 R6")
>>> print(parse_action("match 0 B1 B1 as B", player=0))
P1: match 0 B1 B1 as B
>>> perform(r, "match W B1 B1 as b").describe()
'B1+B1 on W (as B): double colour match'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from dos_lab.engine.cards import Card, Color
from dos_lab.engine.matching import Played
from dos_lab.engine.moves import CallDos, Catch, Draw, EndTurn, Move, Place, PlayMatch, parse_player
from dos_lab.engine.moves import perform as perform_move
from dos_lab.engine.round import Round
from dos_lab.errors import InvalidInput

__all__ = ["Action", "CallDos", "Catch", "Draw", "EndTurn", "Intent", "Move", "Place", "PlayMatch", "Undo",
           "parse_action", "parse_player", "perform", "played"]


@dataclass(frozen=True)
class Undo:
    """Take back the last action of this turn."""

    def apply(self, r: Round) -> object:
        r.undo()
        return None


Intent = Move | Undo
#: what a tutorial script may hold: an intent, a script line, or a function acting on the round
Action = Intent | str | Callable[[Round], object]


def perform(r: Round, action: Action) -> object:
    """Send one action to the engine and return its answer (a Match, the drawn card, a bool, or None).

    A script line is for the player whose turn it is (``"call P1"`` and ``"catch P2 P1"`` name their own). A
    refused action raises the engine's :class:`~dos_lab.errors.IllegalMove` and changes nothing.
    """
    if isinstance(action, str):
        action = parse_action(action, player=r.current)
    if isinstance(action, Undo):
        return action.apply(r)
    if isinstance(action, Move):
        return perform_move(r, action)
    if callable(action):
        return action(r)
    raise InvalidInput(f"{action!r} is not an action; write e.g. 'match 0 R7', 'draw' or 'place Y9'")


def parse_action(line: str, player: int | None = None) -> Intent:
    """One line of a tutorial script as a move for ``player`` (or Undo).

    ``"match 0 R7"`` (row position from 0 or a row card code, then one or two hand
    cards; declarations ride on the codes, ``"match 1 W=Y Y3"``; ``"… as 9"`` or
    ``"… as B"`` declares a wild row card), ``"draw"``, ``"place Y9"``, ``"end turn"``,
    ``"call P1"`` (P1 calls DOS), ``"catch P2 P1"`` (P2 calls DOS on P1), ``"undo"``.
    A line may also be a move's own text (``"P1: draw"``).

    >>> parse_action("catch P2 P1"), parse_action("place Y#=4", player=0)
    (Catch(player=1, target=0), Place(player=0, card=Played(card=Card.parse('Y#'), value=4, color=None), \
call_dos=False))
    """
    if isinstance(line, str) and line.split() == ["undo"]:
        return Undo()
    return Move.parse(line, player=player)


def played(card: Card, value: int | Color | None = None) -> Played:
    """A hand card with an optional declaration, as the engine takes it."""
    if isinstance(value, Color):
        return Played(card, None, value)
    return Played(card, value, None)
