"""Cards, card codes and the 108-card classic DOS deck (RULES.md R1, R5).

A card is written as a short code:

* ``R7``, ``Y10`` — a number card: colour letter + printed value (1, 3–10);
* ``R#`` — a Wild # of a colour (its number is declared when it is used);
* ``W`` — a Wild DOS (always 2; its colour is declared when it is used).

>>> card = Card.parse("r7")
>>> card
Card.parse('R7')
>>> str(card), card.color, card.number, card.points
('R7', <Color.RED: 'R'>, 7, 7)
>>> [c.points for c in parse_cards("B# W Y10")]
[40, 20, 10]
>>> len(full_deck()), sum(c.points for c in full_deck())
(108, 1036)

Cards are immutable and interned: equal codes give the very same object, so
comparing and hashing cards is cheap.

>>> Card.parse("B3") is Card(Kind.NUMBER, Color.BLUE, 3)
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from enum import Enum
from typing import Any, ClassVar

from dos_lab.errors import InvalidInput, whole_number
from dos_lab.i18n import gettext

__all__ = [
    "COLORS",
    "NUMBERS",
    "WILD_DOS",
    "Card",
    "Color",
    "Kind",
    "copies_in_deck",
    "full_deck",
    "parse_cards",
]


class Color(str, Enum):
    """The four card colours; the value is the colour letter used in card codes."""

    RED = "R"
    BLUE = "B"
    GREEN = "G"
    YELLOW = "Y"

    @property
    def label(self) -> str:
        """The colour's English name, e.g. ``"red"``."""
        return self.name.lower()

    @classmethod
    def parse(cls, text: Color | str) -> Color:
        """A colour from a letter or a name, any case: ``"r"``, ``"Red"``, ``Color.RED``.

        >>> Color.parse("g"), Color.parse("yellow")
        (<Color.GREEN: 'G'>, <Color.YELLOW: 'Y'>)
        """
        if isinstance(text, Color):
            return text
        if isinstance(text, str):
            key = text.strip().upper()
            for color in cls:
                if key in (color.value, color.name):
                    return color
        raise InvalidInput(gettext("{text!r} is not a colour; use R, B, G or Y (R1.2)").format(text=text))


class Kind(str, Enum):
    """What sort of card it is."""

    NUMBER = "number"
    WILD_NUMBER = "wild_number"
    WILD_DOS = "wild_dos"


COLORS: tuple[Color, ...] = tuple(Color)
NUMBERS: tuple[int, ...] = (1, 3, 4, 5, 6, 7, 8, 9, 10)
#: Copies per colour of each number (R1.2); a coloured "2" does not exist.
_COPIES_PER_COLOR = {1: 3, 3: 3, 4: 3, 5: 3, 6: 2, 7: 2, 8: 2, 9: 2, 10: 2}
_WILD_NUMBER_COPIES = 2
_WILD_DOS_COPIES = 12
_INTERN: dict[tuple[Kind, Color | None, int | None], Card] = {}


class Card:
    """One DOS card: immutable, hashable and interned (see the module docstring).

    Build cards with :meth:`parse` or :func:`parse_cards`; the constructor
    ``Card(kind, color, number)`` validates its arguments the same way.
    """

    __slots__ = ("code", "color", "kind", "number", "order", "points", "value")

    kind: Kind
    color: Color | None
    number: int | None
    #: the fixed matching value: the number, 2 for a Wild DOS, None for a Wild # (declared when used)
    value: int | None
    code: str
    points: int
    #: position of this card type in :func:`full_deck`; a stable sort key
    order: int
    _frozen: ClassVar[bool] = True

    def __new__(cls, kind: Kind, color: Color | None = None, number: int | None = None) -> Card:
        key = (kind, color, number)
        cached = _INTERN.get(key)
        if cached is not None:
            return cached
        kind, color, number = _checked_fields(kind, color, number)
        key = (kind, color, number)
        cached = _INTERN.get(key)
        if cached is not None:
            return cached
        self = object.__new__(cls)
        if kind is Kind.NUMBER:
            assert color is not None and number is not None
            code, points = f"{color.value}{number}", number
            order = COLORS.index(color) * 10 + NUMBERS.index(number)
        elif kind is Kind.WILD_NUMBER:
            assert color is not None
            code, points, order = f"{color.value}#", 40, COLORS.index(color) * 10 + 9
        else:
            code, points, order = "W", 20, 40
        value = number if kind is Kind.NUMBER else 2 if kind is Kind.WILD_DOS else None
        for name, field_value in (("kind", kind), ("color", color), ("number", number), ("value", value),
                                  ("code", code), ("points", points), ("order", order)):
            object.__setattr__(self, name, field_value)
        _INTERN[key] = self
        return self

    @classmethod
    def parse(cls, code: str | Card) -> Card:
        """The card for a code such as ``"R7"``, ``"y10"``, ``"B#"`` or ``"W"`` (any case).

        >>> Card.parse(" g# ")
        Card.parse('G#')
        >>> Card.parse("R2")
        Traceback (most recent call last):
        ...
        dos_lab.errors.InvalidInput: 'R2' is not a card code: there is no coloured 2 in DOS, only the Wild DOS W (R1.3)
        """
        if isinstance(code, Card):
            return code
        if not isinstance(code, str):
            raise InvalidInput(
                gettext("{code!r} is not a card code; write cards like R7, Y10, B# or W (R1)").format(code=code))
        cached = _BY_CODE.get(code)
        if cached is not None:
            return cached
        text = code.strip().upper()
        cached = _BY_CODE.get(text)
        if cached is not None:
            return cached
        if "=" in text:
            raise InvalidInput(
                gettext("{code!r} carries a declaration; a card code alone is written like R#, W or R7 "
                        "(declarations such as R#=4 or W=R go with a match or a placement)").format(code=code))
        if text[:1] in "RBGY" and text[1:] == "2":
            raise InvalidInput(
                gettext("{code!r} is not a card code: there is no coloured 2 in DOS, only the Wild DOS W "
                        "(R1.3)").format(code=code))
        raise InvalidInput(
            gettext("{code!r} is not a card code; write a colour R, B, G or Y and a number 1, 3-10 or #, "
                    "like R7, Y10 or B#, or W for a Wild DOS (R1.2)").format(code=code))

    @property
    def is_wild(self) -> bool:
        """True for Wild DOS and Wild # cards."""
        return self.kind is not Kind.NUMBER

    @property
    def dealer_value(self) -> int:
        """The value when drawing for first dealer: wilds count 0 (R2.1)."""
        return self.number if self.number is not None else 0

    @property
    def name(self) -> str:
        """A plain-English name: ``"red 7"``, ``"blue Wild #"``, ``"Wild DOS"``."""
        if self.kind is Kind.WILD_DOS:
            return "Wild DOS"
        assert self.color is not None
        if self.kind is Kind.WILD_NUMBER:
            return f"{self.color.label} Wild #"
        return f"{self.color.label} {self.number}"

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Card is immutable; cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"Card is immutable; cannot delete {name!r}")

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (Card.parse, (self.code,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Card:
        return self

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.order < other.order

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"

    def _repr_html_(self) -> str:
        from dos_lab.render import card_html

        return card_html(self)


def _checked_fields(kind: Any, color: Any, number: Any) -> tuple[Kind, Color | None, int | None]:
    try:
        kind = Kind(kind)
    except ValueError:
        raise InvalidInput(f"{kind!r} is not a card kind; use Kind.NUMBER, Kind.WILD_NUMBER or Kind.WILD_DOS")
    if kind is Kind.WILD_DOS:
        if color is not None or number is not None:
            raise InvalidInput("a Wild DOS has no printed colour or number; write it as W (R1.3)")
        return kind, None, None
    if color is None:
        raise InvalidInput(f"a {kind.value} card needs a colour R, B, G or Y (R1.2)")
    color = Color.parse(color)
    if kind is Kind.WILD_NUMBER:
        if number is not None:
            raise InvalidInput("a Wild # has no printed number; its value is declared when it is used (R10.1)")
        return kind, color, None
    if not whole_number(number) or number not in _COPIES_PER_COLOR:
        raise InvalidInput(f"{number!r} is not a printed number; number cards show 1 or 3-10 (R1.2)")
    return kind, color, number


def _build_deck() -> tuple[Card, ...]:
    cards: list[Card] = []
    for color in COLORS:
        for number in NUMBERS:
            cards += [Card(Kind.NUMBER, color, number)] * _COPIES_PER_COLOR[number]
        cards += [Card(Kind.WILD_NUMBER, color)] * _WILD_NUMBER_COPIES
    cards += [Card(Kind.WILD_DOS)] * _WILD_DOS_COPIES
    return tuple(cards)


_DECK = _build_deck()
_BY_CODE: dict[str, Card] = {card.code: card for card in _DECK}
_COPIES: Counter[Card] = Counter(_DECK)
WILD_DOS: Card = _BY_CODE["W"]


def full_deck() -> list[Card]:
    """The 108 cards of classic DOS (R1.2, R1.3) in a fixed order: by colour
    (R, B, G, Y), numbers ascending, then the Wild #s; the 12 Wild DOS last.

    >>> deck = full_deck()
    >>> len(deck), deck[0], deck[-1], sum(1 for c in deck if c.kind is Kind.WILD_NUMBER)
    (108, Card.parse('R1'), Card.parse('W'), 8)
    """
    return list(_DECK)


def copies_in_deck(card: Card) -> int:
    """How many copies of ``card`` the deck holds (R1.2): 3, 2 or, for ``W``, 12.

    >>> copies_in_deck(Card.parse("R1")), copies_in_deck(Card.parse("Y#")), copies_in_deck(WILD_DOS)
    (3, 2, 12)
    """
    return _COPIES[card]


def parse_cards(cards: str | Card | Iterable[str | Card] | None) -> list[Card]:
    """A list of cards from a space- or comma-separated string, or from a list of codes or cards.

    >>> parse_cards("R7 b# w")
    [Card.parse('R7'), Card.parse('B#'), Card.parse('W')]
    >>> parse_cards(["Y10", Card.parse("G1")]), parse_cards("")
    ([Card.parse('Y10'), Card.parse('G1')], [])
    """
    if cards is None:
        return []
    if isinstance(cards, Card):
        return [cards]
    if isinstance(cards, str):
        return [Card.parse(code) for code in cards.replace(",", " ").split()]
    try:
        items = list(cards)
    except TypeError:
        raise InvalidInput(f"{cards!r} is not a list of cards; pass a string like 'R7 B#' or a list of codes")
    return [Card.parse(item) for item in items]


def check_supply(cards: Iterable[Card], where: str = "the position") -> None:
    """Raise :class:`InvalidInput` if ``cards`` hold more copies of a card than the deck (R1.2, R1.3).

    >>> check_supply(parse_cards("R7 R7 R7"))
    Traceback (most recent call last):
    ...
    dos_lab.errors.InvalidInput: the position holds 3 copies of R7, but the deck has only 2 (R1.2)
    """
    for card, count in Counter(cards).items():
        if count > _COPIES[card]:
            rule = "R1.3" if card.kind is Kind.WILD_DOS else "R1.2"
            raise InvalidInput(
                f"{where} holds {count} copies of {card}, but the deck has only {_COPIES[card]} ({rule})")
