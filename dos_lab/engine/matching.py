"""Pure matching logic: what a card can stand for, whether a match is legal,
which colour bonus it earns, and every legal match for a hand and a row.

RULES.md R4 (number matches), R6 (colour bonuses), R9 (Wild DOS), R10 (Wild #).

A hand card travels with its declaration as a :class:`Played` card, written
like a card code: ``"R#=4"`` is a red Wild # played as 4, ``"W=R"`` a Wild DOS
played as red.

>>> resolve(Card.parse("B5"), [parse_played("R3"), parse_played("Y4")])
Traceback (most recent call last):
...
dos_lab.errors.IllegalMove: R3+Y4 adds up to 7, but B5 needs 5 (R4.2)

Left out, a declaration is chosen by the engine: one that makes the match
legal and, if one exists, one that earns a colour bonus.

>>> m = resolve(Card.parse("R7"), [parse_played("R5"), parse_played("W")])
>>> m.cards, m.bonus
(('R5', 'W=R'), <Bonus.DOUBLE_COLOUR: 'double_colour'>)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from functools import lru_cache
from typing import NamedTuple

from dos_lab.engine.cards import COLORS, Card, Color, Kind, full_deck, parse_cards  # noqa: F401 (parse_cards: doctests)
from dos_lab.errors import IllegalDeclaration, IllegalMove, InvalidInput, whole_number
from dos_lab.i18n import card_codes, colour_letter, gettext, ngettext

__all__ = [
    "Bonus",
    "Match",
    "Played",
    "Stands",
    "check_card_count",
    "legal_matches_for",
    "parse_played",
    "reachable_values",
    "resolve",
    "stands_for",
    "target_values",
]

WILD_RANGE: tuple[int, ...] = tuple(range(1, 11))


class Bonus(str, Enum):
    """The colour bonus a match earns (R6): compare with the plain strings too."""

    SINGLE_COLOUR = "single_colour"
    DOUBLE_COLOUR = "double_colour"

    @property
    def label(self) -> str:
        """``"single colour match"`` or ``"double colour match"``."""
        if self is Bonus.SINGLE_COLOUR:
            return gettext("single colour match")
        return gettext("double colour match")


class Played(NamedTuple):
    """A hand card with its declaration, if any (an immutable named tuple: cheap to hash,
    which matters because matches are looked up in caches all the time).

    >>> parse_played("y#=7"), parse_played("w=g").code, parse_played("B3").code
    (Played(card=Card.parse('Y#'), value=7, color=None), 'W=G', 'B3')
    """

    card: Card
    value: int | None = None
    color: Color | None = None

    @property
    def code(self) -> str:
        """The card code with its declaration: ``R#=4``, ``W=R`` or ``R7``."""
        if self.value is not None:
            return f"{self.card.code}={self.value}"
        if self.color is not None:
            return f"{self.card.code}={self.color.value}"
        return self.card.code

    def __str__(self) -> str:
        return self.code


@dataclass(frozen=True, slots=True)
class Match:
    """One legal (or played) match: a row card and the one or two hand cards put on it.

    ``cards`` are codes carrying their declarations; ``target_as`` is the number
    declared for a Wild # row card or the colour declared for a Wild DOS row card;
    ``bonus`` is ``None``, ``"single_colour"`` or ``"double_colour"``.
    ``round.match(m.target, *m.cards, target_as=m.target_as)`` plays it.

    >>> m = Match(0, ("G3", "G6"), 9, Bonus.DOUBLE_COLOUR)
    >>> m.is_double, m.bonus == "double_colour", str(m)
    (True, True, 'G3+G6 on row card 0 (as 9): double colour match')
    """

    target: int
    cards: tuple[str, ...]
    target_as: int | Color | None = None
    bonus: Bonus | None = None
    #: the row card itself, for descriptions (not part of equality)
    target_card: Card | None = field(default=None, compare=False, repr=False)

    def at(self, index: int) -> Match:
        """The same match on the row card at position ``index``."""
        if index == self.target:
            return self
        return Match(index, self.cards, self.target_as, self.bonus, self.target_card)

    @property
    def is_double(self) -> bool:
        """True for a double number match (two hand cards)."""
        return len(self.cards) == 2

    def describe(self) -> str:
        """In words, in the current language: ``"R3+R4 on R7: double colour match"``."""
        where = card_codes(str(self.target_card)) if self.target_card is not None else gettext(
            "row card {index}").format(index=self.target)
        if self.target_as is not None:
            value = colour_letter(self.target_as.value) if isinstance(self.target_as, Color) else self.target_as
            where = gettext("{card} (as {value})").format(card=where, value=value)
        kind = self.bonus.label if self.bonus is not None else (
            gettext("double number match") if self.is_double else gettext("single number match"))
        return gettext("{cards} on {where}: {kind}").format(cards=card_codes("+".join(self.cards)), where=where,
                                                            kind=kind)

    def __str__(self) -> str:
        return self.describe()


def parse_played(code: str | Card | Played) -> Played:
    """A hand card with an optional declaration (``R#=4``, ``W=R``); see :class:`Played`.

    >>> parse_played("R#=11")
    Traceback (most recent call last):
    ...
    dos_lab.errors.IllegalDeclaration: R#=11: a Wild # can be declared 1 to 10 (R10.4)
    """
    if isinstance(code, str):
        return _parse_played_code(code)
    return _parse_played(code)


@lru_cache(maxsize=4096)
def _parse_played_code(code: str) -> Played:
    return _parse_played(code)


def _parse_played(code: str | Card | Played) -> Played:
    if isinstance(code, Played):
        return code
    if isinstance(code, Card):
        return Played(code)
    if not isinstance(code, str):
        raise InvalidInput(gettext("{code!r} is not a card code; write cards like R7, R#=4 or W=R").format(code=code))
    base, sep, declared = code.strip().partition("=")
    card = Card.parse(base)
    if not sep:
        return Played(card)
    declared = declared.strip()
    if card.kind is Kind.WILD_NUMBER:
        if not declared.lstrip("-").isdigit():
            raise InvalidInput(gettext("{code!r}: a Wild # is declared with a number, like {card}=4 (R10.1)").format(
                code=code, card=card.code))  # the code this parser reads, which is the engine's (R, B, G, Y)
        value = int(declared)
        if value not in WILD_RANGE:
            raise IllegalDeclaration(gettext("{card}: a Wild # can be declared 1 to 10 (R10.4)").format(
                card=card_codes(f"{card.code}={value}")))
        return Played(card, value=value)
    if card.kind is Kind.WILD_DOS:
        try:
            return Played(card, color=Color.parse(declared))
        except InvalidInput:
            raise InvalidInput(gettext("{code!r}: a Wild DOS is always 2 and is declared with a colour, like W=R "
                                       "(R9.1)").format(code=code)) from None
    raise InvalidInput(gettext("{code!r}: {card} is a number card; only W and # cards take a declaration (R9, "
                               "R10)").format(code=code, card=card.code))


class Stands(NamedTuple):
    """What a card can stand for: the values and the colours it may take (see :func:`stands_for`)."""

    values: tuple[int, ...]
    colors: tuple[Color, ...]


def _stands_table() -> dict[tuple[Card, int | Color | None], Stands]:
    table: dict[tuple[Card, int | Color | None], Stands] = {}
    for card in full_deck():
        if card.kind is Kind.NUMBER:
            assert card.number is not None and card.color is not None
            table[card, None] = Stands((card.number,), (card.color,))
        elif card.kind is Kind.WILD_NUMBER:
            assert card.color is not None
            table[card, None] = Stands(WILD_RANGE, (card.color,))
            for value in WILD_RANGE:
                table[card, value] = Stands((value,), (card.color,))
        else:
            table[card, None] = Stands((2,), COLORS)
            for color in COLORS:
                table[card, color] = Stands((2,), (color,))
    return table


_STANDS = _stands_table()


def stands_for(card: Card, declared: int | Color | None = None) -> Stands:
    """What ``card`` can stand for, in a hand or in the Center Row (R4.5, R9.1, R10.1): a number card
    its number in its colour, a Wild # any number 1–10 in its colour, a Wild DOS a 2 of any colour.
    ``declared`` narrows a wild card to the choice made for it: a number for a Wild # (declared by the
    matcher, or fixed when it was placed), a colour for a Wild DOS.

    This is the one place that says it: matching, the probability lessons and the bots all ask here.

    >>> stands_for(Card.parse("R7"))
    Stands(values=(7,), colors=(<Color.RED: 'R'>,))
    >>> stands_for(Card.parse("B#")).values
    (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
    >>> stands_for(Card.parse("B#"), 4), stands_for(Card.parse("W")).values
    (Stands(values=(4,), colors=(<Color.BLUE: 'B'>,)), (2,))
    >>> [c.value for c in stands_for(Card.parse("W")).colors], stands_for(Card.parse("W"), Color.GREEN).colors
    (['R', 'B', 'G', 'Y'], (<Color.GREEN: 'G'>,))
    >>> stands_for(Card.parse("R7"), 4)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    dos_lab.errors.IllegalDeclaration: R7=4: only a Wild # is declared with a number 1 to 10, ... (R9.1, R10.1)
    """
    found = _STANDS.get((card, declared))
    if found is None:
        if not isinstance(card, Card):
            raise InvalidInput(f"{card!r} is not a card; write cards like R7, R# or W")
        shown = declared.value if isinstance(declared, Color) else declared
        raise IllegalDeclaration(f"{card.code}={shown}: only a Wild # is declared with a number 1 to 10, and "
                                 "only a Wild DOS with a colour (R9.1, R10.1)")
    return found


def target_values(target: Card, fixed: int | None = None) -> tuple[int, ...]:
    """The values a row card can stand for (R4.5, R10.2): a number card its
    number, a Wild DOS 2, a Wild # any of 1–10 unless its value was fixed.

    >>> target_values(Card.parse("G8")), target_values(Card.parse("W")), len(target_values(Card.parse("G#")))
    ((8,), (2,), 10)
    """
    return stands_for(target, fixed if target.kind is Kind.WILD_NUMBER else None).values


def _stands(played: Played) -> Stands:
    return stands_for(played.card, played.value if played.value is not None else played.color)


def _target_as(target: Card, fixed: int | None, target_as: int | Color | str | None) -> tuple[int | None, Color | None]:
    """Check a declaration for the row card; return (declared value, declared colour)."""
    if target_as is None:
        return None, None
    if target.kind is Kind.NUMBER:
        raise IllegalMove(gettext("{card} is a number card; only a Wild DOS or a Wild # in the row takes a "
                                  "declaration (R9.2, R10.2)").format(card=card_codes(target.code)))
    if target.kind is Kind.WILD_DOS:
        if isinstance(target_as, bool) or not isinstance(target_as, (str, Color)):
            raise InvalidInput(gettext("target_as={value!r}: a Wild DOS in the row is declared with a colour R, B, "
                                       "G or Y; it is always 2 (R9.2)").format(value=target_as))
        return None, Color.parse(target_as)
    if not whole_number(target_as):
        if isinstance(target_as, str) and target_as.strip().isdigit():
            target_as = int(target_as)
        else:
            raise InvalidInput(gettext("target_as={value!r}: a Wild # in the row is declared with a number 1 to "
                                       "10 (R10.2)").format(value=target_as))
    if target_as not in WILD_RANGE:
        raise IllegalDeclaration(gettext("{card}: a Wild # can be declared 1 to 10 (R10.4)").format(
            card=card_codes(f"{target}={target_as}")))
    if fixed is not None and target_as != fixed:
        raise IllegalMove(gettext("{card} was declared {fixed} when it was placed, so it cannot be {value} now "
                                  "(R10.2, rule option D4)").format(card=card_codes(target.code), fixed=fixed,
                                                                          value=target_as))
    return target_as, None


def _target_label(target: Card, fixed: int | None, value: int | None) -> str:
    if target.kind is Kind.WILD_NUMBER and (value or fixed):
        return gettext("{card} (as {value})").format(card=card_codes(target.code), value=value or fixed)
    return card_codes(target.code)



def check_card_count(played: Sequence[Played]) -> None:
    """Refuse a match of no card or of more than two (R4.2).

    >>> check_card_count([parse_played("R1"), parse_played("R3"), parse_played("R4")])
    Traceback (most recent call last):
    ...
    dos_lab.errors.IllegalMove: a match uses exactly one or two cards, but R1+R3+R4 is 3 cards (R4.2)
    """
    if not played:
        raise IllegalMove(gettext("a match uses one or two cards from the hand, and no card was given (R4.2)"))
    if len(played) > 2:
        codes = card_codes("+".join(p.code for p in played))
        raise IllegalMove(ngettext("a match uses exactly one or two cards, but {cards} is {count} card (R4.2)",
                                   "a match uses exactly one or two cards, but {cards} is {count} cards (R4.2)",
                                   len(played)).format(cards=codes, count=len(played)))

def resolve(target: Card, played: Sequence[Played], *, fixed: int | None = None,
            target_as: int | Color | str | None = None, index: int = 0) -> Match:
    """Check one match against one row card and fill in every missing declaration.

    ``fixed`` is the value of a Wild # row card that was declared when it was
    placed (option ``declared_when_placed``). Raises :class:`IllegalMove` with
    the rule and the numbers when the match is not legal. Counting and
    ownership of the cards is the caller's business.

    >>> resolve(Card.parse("G#"), [parse_played("G3"), parse_played("G6")]).target_as
    9
    >>> resolve(Card.parse("Y7"), [parse_played("R6")])
    Traceback (most recent call last):
    ...
    dos_lab.errors.IllegalMove: R6 is 6, but Y7 needs 7 (R4.1)
    """
    check_card_count(played)
    plain = _plain_match(target, played, index) if target_as is None else None
    if plain is not None:
        return plain
    t_value, t_color = _target_as(target, fixed, target_as)
    t_values = (t_value,) if t_value is not None else target_values(target, fixed)
    t_colors = stands_for(target, t_color).colors
    if len(played) == 1:
        chosen = _single_values(target, fixed, t_value, t_values, played[0])
    else:
        chosen = _double_values(target, fixed, t_value, t_values, played[0], played[1])
    final_target, values = chosen
    colors, bonus = _choose_colors(t_colors, [p for p in played])
    return _build(index, target, played, final_target, values, colors, bonus)


def _plain_match(target: Card, played: Sequence[Played], index: int) -> Match | None:
    """The common case, number cards that add up on a number card: nothing to declare or choose.
    None for anything else (the general path then decides, and words any refusal)."""
    if target.kind is not Kind.NUMBER:
        return None
    total = 0
    for p in played:
        if p.card.kind is not Kind.NUMBER:
            return None
        total += p.card.value or 0
    if total != target.value:
        return None
    same = all(p.card.color is target.color for p in played)
    bonus = (Bonus.SINGLE_COLOUR if len(played) == 1 else Bonus.DOUBLE_COLOUR) if same else None
    return Match(index, tuple(p.card.code for p in played), None, bonus, target)


def _single_values(target: Card, fixed: int | None, t_value: int | None, t_values: tuple[int, ...],
                   card: Played) -> tuple[int, tuple[int, ...]]:
    options = _stands(card).values
    for value in t_values:
        if value in options:
            return value, (value,)
    shown = options[0] if len(options) == 1 else gettext("1 to 10")
    needs = t_values[0] if len(t_values) == 1 else gettext("1 to 10")
    raise IllegalMove(gettext("{card} is {value}, but {target} needs {needs} (R4.1)").format(
        card=card_codes(card.code), value=shown, target=_target_label(target, fixed, t_value), needs=needs))


def _double_values(target: Card, fixed: int | None, t_value: int | None, t_values: tuple[int, ...],
                   a: Played, b: Played) -> tuple[int, tuple[int, ...]]:
    va, vb = _stands(a).values, _stands(b).values
    for total in t_values:
        for x in va:
            y = total - x
            if y in vb:
                return total, (x, y)
    label = _target_label(target, fixed, t_value)
    pair = card_codes(f"{a.code}+{b.code}")
    if len(va) == 1 and len(vb) == 1:
        total = va[0] + vb[0]
        if len(t_values) == 1:
            return _raise(gettext("{cards} adds up to {total}, but {target} needs {needs} (R4.2)").format(
                cards=pair, total=total, target=label, needs=t_values[0]))
        return _raise(gettext("{cards} adds up to {total}, but a Wild # in the row can only be 1 to 10 (R4.6, "
                              "R10.1)").format(cards=pair, total=total))
    fixed_part = va[0] if len(va) == 1 else vb[0] if len(vb) == 1 else None
    if fixed_part is not None and len(t_values) == 1:
        wild = card_codes(b.code if len(va) == 1 else a.code)
        return _raise(gettext("{cards} cannot make {needs}: {wild} would have to be {value}, but a Wild # is 1 to "
                              "10 (R4.2, R10.1)").format(cards=pair, needs=t_values[0], wild=wild,
                                                         value=t_values[0] - fixed_part))
    return _raise(gettext("{cards} cannot add up to what {target} needs (R4.2)").format(cards=pair, target=label))


def _raise(message: str) -> tuple[int, tuple[int, ...]]:
    raise IllegalMove(message)


def _choose_colors(t_colors: tuple[Color, ...], played: list[Played]) -> tuple[tuple[Color, ...], Bonus | None]:
    """Pick colours for every wild involved, earning the colour bonus if one can be had (R6)."""
    options = [_stands(p).colors for p in played]
    common = [c for c in t_colors if all(c in o for o in options)]
    if common:
        # prefer a printed colour, so a lone Wild DOS takes its partner's or the target's colour
        printed = [o[0] for o in options if len(o) == 1] + ([t_colors[0]] if len(t_colors) == 1 else [])
        color = next((c for c in printed if c in common), common[0])
        bonus = Bonus.SINGLE_COLOUR if len(played) == 1 else Bonus.DOUBLE_COLOUR
        return (color, *(color for _ in played)), bonus
    # no bonus: keep declared colours; an undeclared wild copies the row card or its partner
    fallback = next((o[0] for o in [t_colors, *options] if len(o) == 1), COLORS[0])
    target_color = t_colors[0] if len(t_colors) == 1 else next(
        (o[0] for o in options if len(o) == 1), COLORS[0])
    hand = tuple(o[0] if len(o) == 1 else fallback for o in options)
    return (target_color, *hand), None


def _build(index: int, target: Card, played: Sequence[Played], target_value: int, values: tuple[int, ...],
           colors: tuple[Color, ...], bonus: Bonus | None) -> Match:
    codes = []
    for p, value, color in zip(played, values, colors[1:], strict=True):
        if p.card.kind is Kind.WILD_NUMBER:
            codes.append(Played(p.card, value=value).code)
        elif p.card.kind is Kind.WILD_DOS:
            codes.append(Played(p.card, color=color).code)
        else:
            codes.append(p.card.code)
    target_as: int | Color | None = None
    if target.kind is Kind.WILD_DOS:
        target_as = colors[0]
    elif target.kind is Kind.WILD_NUMBER:
        target_as = target_value
    return Match(index, tuple(codes), target_as, bonus, target)


def _value_tables() -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """The row values each card type, and each pair of card types, can make, as bitmasks.

    Bit ``t`` (1–10) is set when the card (or the pair) can make ``t``; bit 0 when it can make any
    value 1–10, which is what a Wild # in the row whose value is still free asks for. Tables are indexed
    by ``Card.order`` (0–40), so a lookup is two list indexings, not a sum over declarations.
    """
    types = sorted(set(full_deck()), key=lambda c: c.order)
    singles = [0] * len(types)
    pairs = [[0] * len(types) for _ in types]
    for a in types:
        for x in stands_for(a).values:
            singles[a.order] |= 1 << x | 1
        for b in types:
            for x in stands_for(a).values:
                for y in stands_for(b).values:
                    if x + y <= 10:
                        pairs[a.order][b.order] |= 1 << (x + y) | 1
    return tuple(singles), tuple(tuple(row) for row in pairs)


_SINGLE_VALUES, _PAIR_VALUES = _value_tables()


#: the values 1–10 whose bits are set in a row-value bitmask, for every bitmask
_VALUES_IN_MASK: tuple[tuple[int, ...], ...] = tuple(
    tuple(v for v in WILD_RANGE if mask >> v & 1) for mask in range(1 << 11))


def reachable_values(hand: Iterable[Card]) -> tuple[int, ...]:
    """The row values 1–10 that ``hand`` can match with one card or two (a measure of how easy the
    hand is to play next turn; two identical cards make a pair).

    >>> reachable_values(parse_cards("R3 B4")), len(reachable_values(parse_cards("R#")))
    ((3, 4, 7), 10)
    >>> reachable_values(parse_cards("W W"))
    (2, 4)
    """
    reach = 0
    seen: list[Card] = []
    for card in hand:
        reach |= _SINGLE_VALUES[card.order]
        with_card = _PAIR_VALUES[card.order]
        for other in seen:
            reach |= with_card[other.order]
        seen.append(card)
    return _VALUES_IN_MASK[reach]


def legal_matches_for(hand: Sequence[Card], row: Sequence[Card], *, fixed: Sequence[int | None] = (),
                      skip: Iterable[int] = (), must_use: Card | None = None) -> list[Match]:
    """Every legal single and double match of ``hand`` against ``row``.

    Order (documented, stable): by row position left to right; for each row card
    the single matches first, then the doubles; cards in the order they first
    appear in the hand, pairs by the position of their first card, then their
    second. Identical cards count once. ``skip`` lists row positions already
    matched this turn; ``must_use`` keeps only matches containing that card
    (after a draw, R7.2). Declarations are the engine's choice (bonus first).

    >>> [m.describe() for m in legal_matches_for(parse_cards("R7 G3 B4"), parse_cards("B7 Y5"))]
    ['R7 on B7: single number match', 'G3+B4 on B7: double number match']
    """
    kinds: list[Card] = []  # each card once, in the order of first appearance
    held = twice = 0  # bitmasks of card types (bit ``card.order``): held, and held at least twice
    for card in hand:
        bit = 1 << card.order
        if held & bit:
            twice |= bit
        else:
            held |= bit
            kinds.append(card)
    # every pair once, in the documented order, with the row values it can make (a bitmask)
    pairs: list[tuple[Card, Card, int]] = []
    if must_use is None:
        singles = kinds
        for i, a in enumerate(kinds):
            with_a = _PAIR_VALUES[a.order]
            for b in kinds[i if twice >> a.order & 1 else i + 1:]:
                if with_a[b.order]:
                    pairs.append((a, b, with_a[b.order]))
    elif held >> must_use.order & 1:  # after a draw: only the drawn card, and pairs with it
        singles = [must_use]
        at = kinds.index(must_use)
        for a in kinds[:at]:
            if _PAIR_VALUES[a.order][must_use.order]:
                pairs.append((a, must_use, _PAIR_VALUES[a.order][must_use.order]))
        with_drawn = _PAIR_VALUES[must_use.order]
        for b in kinds[at if twice >> must_use.order & 1 else at + 1:]:
            if with_drawn[b.order]:
                pairs.append((must_use, b, with_drawn[b.order]))
    else:
        return []
    skipped = set(skip) if skip else ()
    out: list[Match] = []
    for index, target in enumerate(row):
        if index in skipped:
            continue
        f = fixed[index] if index < len(fixed) else None
        wanted = 1 << (target.value if target.value is not None else f or 0)
        for card in singles:
            if _SINGLE_VALUES[card.order] & wanted:
                out.append(_default_match(index, target, f, card, None))
        for a, b, values in pairs:
            if values & wanted:
                out.append(_default_match(index, target, f, a, b))
    return out


@lru_cache(maxsize=1 << 17)
def _default_match(index: int, target: Card, fixed: int | None, a: Card, b: Card | None) -> Match:
    """The engine's declarations for a legal match at row position ``index``."""
    return _default_resolution(target, fixed, a, b).at(index)


@lru_cache(maxsize=1 << 15)
def _default_resolution(target: Card, fixed: int | None, a: Card, b: Card | None) -> Match:
    # cached without the row position: the few distinct cases recur in every simulation
    played = [Played(a)] if b is None else [Played(a), Played(b)]
    return resolve(target, played, fixed=fixed)
