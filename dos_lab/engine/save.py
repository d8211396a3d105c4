"""The one save codec: how each field of a save is checked, read back and written.

A save is JSON: a round (``dos_lab.round/1``, :mod:`dos_lab.engine.saved_round`), the events of its log
(:mod:`dos_lab.engine.events`) and a game (``dos_lab.game/1``, :mod:`dos_lab.engine.game`). Each names its fields
and gives each a :class:`Field`: what the saved value must be, a test of it, how the engine's value is built from
it, and how the engine's value is written. A value that fails its test is refused with one kind of message,
``corrupt saved <record>: <key>=<value> must be <what it must be>``, as an :class:`~dos_lab.errors.InvalidInput`.

>>> COUNT.read(3, "passes", "round")
3
>>> COUNT.read(True, "passes", "round")
Traceback (most recent call last):
...
dos_lab.errors.InvalidInput: corrupt saved round: passes=True must be a whole number of 0 or more
>>> hands = list_of(CARDS, length=2, expect="a list of 2 hands")
>>> hands.read([["R7", "W"], []], "hands", "round")
[[Card.parse('R7'), Card.parse('W')], []]
>>> hands.write([[Card.parse("B#")], []])
[['B#'], []]

The save formats never change here: a field reads exactly what it writes. None of this runs while a round is
played, only when one is saved or loaded.
"""

from __future__ import annotations

import reprlib
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from dos_lab.engine.cards import Card, Color
from dos_lab.errors import SEED_LIMIT, InvalidInput, huge_number, whole_number

__all__ = ["BOOL", "CARD", "CARDS", "CODE", "CODES", "COLOUR", "COUNT", "SEED", "TEXT", "Field", "check_format",
           "check_keys", "corrupt", "list_of", "one_of", "or_none", "reversed_cards", "show", "whole"]


def show(value: Any) -> str:
    """A short repr for messages about saves: deep or huge objects are abbreviated.

    >>> show(10**5000), show(list(range(100)))
    ('a number of about 5000 digits', '[0, 1, 2, 3, 4, 5, ...]')
    """
    return huge_number(value) or reprlib.repr(value)


def corrupt(record: str, message: str) -> InvalidInput:
    """The error for a save that is off: ``record`` names what was saved (``"round"``, ``"game"``, ``"event"``).

    >>> corrupt("game", "dealer=9 must be a player from 0 to 1")
    InvalidInput('corrupt saved game: dealer=9 must be a player from 0 to 1')
    """
    return InvalidInput(f"corrupt saved {record}: {message}")


def _same(value: Any) -> Any:
    return value


@dataclass(frozen=True, slots=True)
class Field:
    """How one field of a save is read and written.

    ``expect`` says what the saved value must be (it ends the message of a refusal), ``test`` checks a saved
    value, ``build`` makes the engine's value from one that passed (it may refuse too, like ``Card.parse`` does
    for a code that names no card), and ``write`` makes the saved value from the engine's.

    >>> BOOL.read("yes", "acted", "round")
    Traceback (most recent call last):
    ...
    dos_lab.errors.InvalidInput: corrupt saved round: acted='yes' must be true or false
    """

    expect: str
    test: Callable[[Any], bool]
    build: Callable[[Any], Any] = _same
    write: Callable[[Any], Any] = _same

    def read(self, value: Any, key: str, record: str) -> Any:
        """The engine's value of the saved ``value`` of field ``key`` of a saved ``record``."""
        if not self.test(value):
            raise corrupt(record, f"{key}={show(value)} must be {self.expect}")
        return self.build(value)


def whole(low: int = -SEED_LIMIT, high: int = SEED_LIMIT - 1, *, expect: str | None = None) -> Field:
    """A whole number from ``low`` to ``high`` (:func:`~dos_lab.errors.whole_number`: never a bool). A save holds
    64 bits at most: every count and seed the game makes fits, and a bigger number could be loaded but never
    written back (JSON and Python refuse ints of thousands of digits).

    >>> whole(1, 10).read(11, "declared", "event")
    Traceback (most recent call last):
    ...
    dos_lab.errors.InvalidInput: corrupt saved event: declared=11 must be a whole number from 1 to 10
    >>> whole(1).expect, whole().test(2**63)
    ('a whole number of 1 or more', False)
    """
    if expect is None:
        if low == -SEED_LIMIT:
            expect = "a whole number from -2**63 to 2**63 - 1"
        elif high == SEED_LIMIT - 1:
            expect = f"a whole number of {low} or more"
        else:
            expect = f"a whole number from {low} to {high}"
    return Field(expect, lambda v: whole_number(v) and low <= v <= high)


def or_none(field: Field) -> Field:
    """``field``, or null (None).

    >>> or_none(CARD).read(None, "drawn", "round"), or_none(CARD).write(Card.parse("G4"))
    (None, 'G4')
    >>> or_none(CARD).expect
    'a card code or null'
    """
    test, build, write = field.test, field.build, field.write
    return Field(f"{field.expect} or null", lambda v: v is None or test(v),
                 lambda v: None if v is None else build(v), lambda v: None if v is None else write(v))


def list_of(item: Field, *, length: int | None = None, build: Callable[[Any], Any] = list,
            expect: str | None = None) -> Field:
    """A list of ``item`` (of ``length`` items, if given); ``build`` makes the engine's list or tuple of them.

    >>> flags = list_of(BOOL, length=2, expect="a list of 2 true/false values")
    >>> flags.read([True, False], "dos_called", "round")
    [True, False]
    >>> flags.read([True, 0], "dos_called", "round")
    Traceback (most recent call last):
    ...
    dos_lab.errors.InvalidInput: corrupt saved round: dos_called=[True, 0] must be a list of 2 true/false values
    """
    test, build_item, write_item = item.test, item.build, item.write
    if expect is None:
        expect = f"a list of {length} items, each {item.expect}" if length is not None else \
            f"a list, each item {item.expect}"

    def test_list(value: Any) -> bool:
        return isinstance(value, list) and (length is None or len(value) == length) and all(map(test, value))

    if build_item is _same:
        return Field(expect, test_list, build, list if write_item is _same else
                     lambda v: [write_item(x) for x in v])
    return Field(expect, test_list, lambda v: build(map(build_item, v)), lambda v: [write_item(x) for x in v])


def one_of(enum: type[Enum]) -> Field:
    """The value of a member of ``enum``.

    >>> from dos_lab.engine.cards import Kind
    >>> one_of(Kind).read("wild_dos", "kind", "round")
    <Kind.WILD_DOS: 'wild_dos'>
    >>> one_of(Kind).expect
    "one of 'number', 'wild_number', 'wild_dos'"
    """
    values = {member.value: member for member in enum}
    return Field("one of " + ", ".join(map(repr, values)), lambda v: isinstance(v, str) and v in values,
                 values.__getitem__, lambda member: member.value)


def reversed_cards(field: Field) -> Field:
    """``field`` (a list) saved in the other order: the draw pile is held top card last, saved top card first.

    >>> pile = reversed_cards(CARDS)
    >>> pile.read(["G4", "Y8"], "draw_pile", "round"), pile.write([Card.parse("Y8"), Card.parse("G4")])
    ([Card.parse('Y8'), Card.parse('G4')], ['G4', 'Y8'])
    """
    build, write = field.build, field.write
    return Field(field.expect, field.test, lambda v: build(v)[::-1], lambda v: write(v)[::-1])


#: true or false
BOOL = Field("true or false", lambda v: isinstance(v, bool))
#: text
TEXT = Field("text", lambda v: isinstance(v, str))
#: a whole number of 0 or more (every count of a save)
COUNT = whole(0)
#: a seed (64 bits, like :func:`~dos_lab.errors.check_seed`)
SEED = whole()
#: a card code kept as text (a match's cards, with their declarations)
CODE = Field("a card code", lambda v: isinstance(v, str))
#: a card, saved as its code (``Card.parse`` refuses a code that names no card, such as R2)
CARD = Field("a card code", lambda v: isinstance(v, str), Card.parse, lambda card: card.code)
#: cards, saved as a list of codes
CARDS = list_of(CARD, expect="a list of card codes")
#: card codes kept as text, in a tuple
CODES = list_of(CODE, build=tuple, expect="a list of card codes")
#: a colour, saved as ``{"color": "B"}``
COLOUR = Field('{"color": <a colour R, B, G or Y>}',
               lambda v: isinstance(v, dict) and set(v) == {"color"} and isinstance(v["color"], str),
               lambda v: Color.parse(v["color"]), lambda colour: {"color": colour.value})


def check_keys(data: Any, record: str, required: Collection[str], optional: Collection[str] | None = ()) -> None:
    """Is ``data`` a dict with every ``required`` key, and no key that is neither required nor ``optional``
    (``optional=None``: the other keys are checked later)?

    >>> check_keys({"seed": 1, "cheat": 2}, "game", ["seed", "dealer"])
    Traceback (most recent call last):
    ...
    dos_lab.errors.InvalidInput: the saved game is missing dealer
    >>> check_keys({"seed": 1, "cheat": 2}, "game", ["seed"])
    Traceback (most recent call last):
    ...
    dos_lab.errors.InvalidInput: the saved game has unknown fields: cheat
    """
    if not isinstance(data, dict):
        raise InvalidInput(f"a saved {record} is a dict, not {type(data).__name__}")
    missing = [k for k in required if k not in data]
    if missing:
        raise InvalidInput(f"the saved {record} is missing {', '.join(sorted(missing))}")
    unknown = [] if optional is None else sorted(str(k) for k in data if k not in required and k not in optional)
    if unknown:
        raise InvalidInput(f"the saved {record} has unknown fields: {', '.join(unknown)}")


def check_format(data: Mapping[str, Any], record: str, name: str) -> None:
    """Does the save name its format ``name``?

    >>> check_format({"format": "dos_lab.round/2"}, "round", "dos_lab.round/1")
    Traceback (most recent call last):
    ...
    dos_lab.errors.InvalidInput: corrupt saved round: format 'dos_lab.round/2' is not 'dos_lab.round/1'
    """
    if data["format"] != name:
        raise corrupt(record, f"format {show(data['format'])} is not {name!r}")
