"""What a player (or a tutorial script) asks the engine to do, as typed, frozen objects.

A click on the table becomes one of these objects and goes straight to the
engine with :func:`perform`; nothing is written out as text and read back.
Tutorials write short scripts (``"match 0 R7"``); :func:`parse_action` turns
such a line into the same objects, so both paths meet the engine in one place.

>>> from dos_lab.round import Round
>>> r = Round.from_position(hands=["B1 B1 R4 G10", "Y3"], center_row="W Y9", draw_pile="G5 R6")
>>> parse_action("match 0 B1 B1 as B")
PlayMatch(target=0, cards=(Played(card=Card.parse('B1'), value=None, color=None), \
Played(card=Card.parse('B1'), value=None, color=None)), target_as=<Color.BLUE: 'B'>, call_dos=False)
>>> perform(r, parse_action("match W B1 B1 as b")).describe()
'B1+B1 on W (as B): double colour match'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from dos_lab.cards import Card, Color
from dos_lab.errors import InvalidInput
from dos_lab.matching import Played, parse_played
from dos_lab.round import Round

__all__ = ["Action", "CallDos", "Catch", "Draw", "EndTurn", "Intent", "Place", "PlayMatch", "Undo", "parse_action",
           "parse_player", "perform", "played"]


@dataclass(frozen=True)
class PlayMatch:
    """Play one or two hand cards (with their declarations) on the row card at ``target``."""

    target: int | str
    cards: tuple[Played, ...]
    #: the number declared for a Wild # row card, or the colour for a Wild DOS row card
    target_as: int | Color | None = None
    #: call DOS as this move brings the player to two cards (R11.4); the engine ignores it otherwise
    call_dos: bool = False

    def apply(self, r: Round) -> object:
        return r.match(self.target, *self.cards, target_as=self.target_as, call_dos=self.call_dos)


@dataclass(frozen=True)
class Draw:
    """Draw a card instead of matching (R7.1)."""

    call_dos: bool = False

    def apply(self, r: Round) -> object:
        return r.draw(call_dos=self.call_dos)


@dataclass(frozen=True)
class Place:
    """Put one hand card into the Center Row (after a draw, or as a bonus card)."""

    card: Played
    call_dos: bool = False

    def apply(self, r: Round) -> object:
        r.place(self.card, call_dos=self.call_dos)
        return None


@dataclass(frozen=True)
class EndTurn:
    """Finish the matching part of the turn (E1, E2, then bonus cards if owed)."""

    call_dos: bool = False

    def apply(self, r: Round) -> object:
        r.end_turn(call_dos=self.call_dos)
        return None


@dataclass(frozen=True)
class CallDos:
    """``player`` calls "DOS!" for themselves (R11)."""

    player: int

    def apply(self, r: Round) -> object:
        return r.call_dos(self.player)


@dataclass(frozen=True)
class Catch:
    """``caller`` calls "DOS!" on ``target``, who forgot (R11.1)."""

    caller: int
    target: int

    def apply(self, r: Round) -> object:
        return r.catch_dos(self.caller, self.target)


@dataclass(frozen=True)
class Undo:
    """Take back the last action of this turn."""

    def apply(self, r: Round) -> object:
        r.undo()
        return None


Intent = PlayMatch | Draw | Place | EndTurn | CallDos | Catch | Undo
#: what a tutorial script may hold: an intent, a script line, or a function acting on the round
Action = Intent | str | Callable[[Round], object]


def perform(r: Round, action: Action) -> object:
    """Send one action to the engine and return its answer (a Match, the drawn card, a bool, or None).

    A refused action raises the engine's :class:`~dos_lab.errors.IllegalMove` and changes nothing.
    """
    if isinstance(action, str):
        action = parse_action(action)
    if isinstance(action, PlayMatch | Draw | Place | EndTurn | CallDos | Catch | Undo):
        return action.apply(r)
    if callable(action):
        return action(r)
    raise InvalidInput(f"{action!r} is not an action; write e.g. 'match 0 R7', 'draw' or 'place Y9'")


def parse_player(text: str) -> int:
    """``"P2"`` -> 1 (players are numbered from 1 in what people read)."""
    word = text.strip().upper()
    if len(word) >= 2 and word[0] == "P" and word[1:].isdigit() and int(word[1:]) >= 1:
        return int(word[1:]) - 1
    raise InvalidInput(f"{text!r} is not a player; write P1, P2, …")


def _target_as(text: str) -> int | Color:
    return int(text) if text.isdigit() else Color.parse(text)


def parse_action(line: str) -> Intent:
    """One line of a tutorial script as an intent.

    ``"match 0 R7"`` (row position from 0 or a row card code, then one or two hand
    cards; declarations ride on the codes, ``"match 1 W=Y Y3"``; ``"… as 9"`` or
    ``"… as B"`` declares a wild row card), ``"draw"``, ``"place Y9"``, ``"end turn"``,
    ``"call P1"`` (P1 calls DOS), ``"catch P2 P1"`` (P2 calls DOS on P1), ``"undo"``.

    >>> parse_action("catch P2 P1"), parse_action("place Y#=4")
    (Catch(caller=1, target=0), Place(card=Played(card=Card.parse('Y#'), value=4, color=None), call_dos=False))
    """
    words = line.replace(",", " ").split()
    if not words:
        raise InvalidInput("an empty action; write e.g. 'match 0 R7', 'draw' or 'place Y9'")
    verb, rest = words[0].lower(), words[1:]
    if verb == "match":
        target_as: int | Color | None = None
        if len(rest) >= 2 and rest[-2].lower() == "as":
            target_as = _target_as(rest[-1])
            rest = rest[:-2]
        if not rest:
            raise InvalidInput("match needs a row card: 'match 0 R7'")
        target: int | str = int(rest[0]) if rest[0].isdigit() else rest[0]
        return PlayMatch(target, tuple(parse_played(code) for code in rest[1:]), target_as)
    if verb == "draw" and not rest:
        return Draw()
    if verb == "place" and len(rest) == 1:
        return Place(parse_played(rest[0]))
    if verb in ("end", "end_turn") and rest in ([], ["turn"]):
        return EndTurn()
    if verb == "call" and len(rest) == 1:
        return CallDos(parse_player(rest[0]))
    if verb == "catch" and len(rest) == 2:
        return Catch(parse_player(rest[0]), parse_player(rest[1]))
    if verb == "undo" and not rest:
        return Undo()
    raise InvalidInput(f"{line!r} is not an action; write e.g. 'match 0 R7', 'draw', 'place Y9', 'end turn', "
                       "'call P1' or 'catch P2 P1'")


def played(card: Card, value: int | Color | None = None) -> Played:
    """A hand card with an optional declaration, as the engine takes it."""
    if isinstance(value, Color):
        return Played(card, None, value)
    return Played(card, value, None)
