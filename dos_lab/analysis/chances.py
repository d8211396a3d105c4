"""Exact chances (as :class:`fractions.Fraction`) for DOS questions; :mod:`.sampling` estimates the same ones.

**The rule model** (RULES.md R1, R4, R6, R9, R10). Every card, in a hand or in the Center Row, stands for a
set of possible values and a set of possible colours:

* a number card: its printed value and colour (``R7`` is 7, red);
* a Wild # (``R#``): any value 1–10, its printed colour;
* a Wild DOS (``W``): the value 2, any colour (in hand its player names the colour; in the row the matcher does).

A *single match* is one hand card whose value can equal the row card's value; a *double match* is exactly two
hand cards whose values can add up to it (R4.1, R4.2). A *single colour match* (SCM) is a single match whose
card can also have the row card's colour; a *double colour match* (DCM) is a double match where both hand cards
and the row card can all have one colour (R6.1, R6.2). Wild values and colours are always chosen to make it work.

**One row card.** ``v`` names the row card: a number ``1`` or ``3``–``10``, ``2`` (or ``"W"``) for a Wild DOS,
``"#"`` for a Wild #. The hand is a random ``hand_size``-card hand from all 108 cards, or, with
``exclude_target=True``, from the 107 cards other than the row card (one card of the target's kind is removed:
for a number it does not matter which colour, since number matches ignore colour).

>>> p_single_match(10, hand_size=1)          # 8 tens + 8 Wild # out of 108 cards
Fraction(4, 27)
>>> p_single_match(10, hand_size=1, exclude_target=True)
Fraction(15, 107)
>>> p_double_match(1), p_any_match("#")       # a 1 has no double; any card hits a Wild #
(Fraction(0, 1), Fraction(1, 1))
>>> round(float(p_any_match(10)), 4)
0.9682

**A random deal**: a 7-card hand, then 2 row cards from the 101 cards left.

>>> round(float(p_can_match()), 4), round(float(p_match_both()), 4)
(0.9684, 0.7431)
>>> expected_matchable() == p_can_match() + p_match_both()
True

**How the exact answers are computed.** Nothing enumerates hands. Cards are grouped into *classes* (the 11
values 1, W, 3–10, # for number questions; the 41 card types for colour questions) with their multiplicities.
"No match" means the hand avoids some classes and never holds a pair of classes that works together: the number of
such hands is an independent-set count in a small graph of classes, computed as a polynomial whose coefficients
count hands by size (each class contributes ``sum C(m, h) x^h``). "Both row cards at once" needs disjoint cards,
so it sums multivariate hypergeometric weights ``prod C(m_c, h_c)`` over the 19,448 possible value profiles of a
7-card hand. Row cards are dealt first (by symmetry this gives the same deal), and pairs of row cards that differ
only by a renaming of colours are computed once.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Literal

import numpy as np
import numpy.typing as npt

from dos_lab.engine.cards import COLORS, Card, Color, copies_in_deck, full_deck
from dos_lab.engine.matching import stands_for
from dos_lab.errors import InvalidInput, whole_number

__all__ = [
    "QUESTIONS",
    "exact",
    "expected_hand_points",
    "expected_matchable",
    "hand_point_counts", "hand_points_pmf",
    "p_any_match",
    "p_can_match",
    "p_double_colour_match",
    "p_double_match",
    "p_match_both",
    "p_single_colour_match",
    "p_single_match",
    "pair_combinations",
]

Target = int | str
Label = int | str
Poly = list[int]

DECK_SIZE = 108
ROW_SIZE = 2
#: the largest hand for which :func:`p_match_both` enumerates value profiles
MAX_BOTH_HAND = 12


# ---------------------------------------------------------------------------------------------------------------
# The card model: classes of cards with their possible values and colours


@dataclass(frozen=True)
class _Class:
    """A group of interchangeable cards: how many, which values and colours each can stand for, its points."""

    label: Label
    count: int
    values: frozenset[int]
    colours: frozenset[Color]
    points: int


_ALL_COLOURS = frozenset(COLORS)


def _card_class(card: Card) -> _Class:
    values, colours = stands_for(card)  # the engine's own answer (R4.5, R9.1, R10.1)
    return _Class(card.code, copies_in_deck(card), frozenset(values), frozenset(colours), card.points)


#: the 41 card types in deck order (a type's index equals ``Card.order``)
_TYPE_CARDS: tuple[Card, ...] = tuple(sorted(set(full_deck()), key=lambda c: c.order))
TYPES: tuple[_Class, ...] = tuple(_card_class(card) for card in _TYPE_CARDS)
assert [c.order for c in _TYPE_CARDS] == list(range(len(_TYPE_CARDS)))


def _value_classes() -> tuple[_Class, ...]:
    """The 11 value classes 1, W, 3..10, # (colour ignored): class ``i < 10`` has value ``i + 1``."""
    out: list[_Class] = []
    for index in range(11):
        members = [t for t in TYPES if (t.values == frozenset({index + 1}) if index < 10 else len(t.values) > 1)]
        label: Label = "#" if index == 10 else "W" if index == 1 else index + 1
        out.append(_Class(label, sum(t.count for t in members), members[0].values, _ALL_COLOURS, members[0].points))
    return tuple(out)


VALUE_CLASSES: tuple[_Class, ...] = _value_classes()
_VALUE_OF_TYPE: tuple[int, ...] = tuple(
    next(i for i, vc in enumerate(VALUE_CLASSES) if vc.values == t.values) for t in TYPES)
_HASH, _WILD_DOS = 10, 1  # value-class indices of the Wild # and the Wild DOS
assert sum(c.count for c in TYPES) == sum(c.count for c in VALUE_CLASSES) == DECK_SIZE


def _single(card: _Class, row: _Class) -> bool:
    return not card.values.isdisjoint(row.values)


def _double(a: _Class, b: _Class, row: _Class) -> bool:
    return any(x + y in row.values for x in a.values for y in b.values)


def _scm(card: _Class, row: _Class) -> bool:
    return _single(card, row) and not card.colours.isdisjoint(row.colours)


def _dcm(a: _Class, b: _Class, row: _Class) -> bool:
    return _double(a, b, row) and bool(a.colours & b.colours & row.colours)


def _target_class(v: object) -> int:
    """The value-class index for a row-card value: 1, 3–10, 2 or ``"W"`` (Wild DOS), ``"#"`` (Wild #)."""
    if whole_number(v) and 1 <= v <= 10:
        return v - 1
    if isinstance(v, str):
        text = v.strip().upper()
        if text == "#":
            return _HASH
        if text == "W":
            return _WILD_DOS
        if text.isdigit() and 1 <= int(text) <= 10:
            return int(text) - 1
    raise InvalidInput(
        f"{v!r} is not a row-card value; use 1, 3-10, 2 or 'W' for a Wild DOS, or '#' for a Wild # (R4.5)")


def _hand_size(hand_size: object, pool: int, limit: int | None = None) -> int:
    top = pool if limit is None else min(pool, limit)
    if not whole_number(hand_size) or not 0 <= hand_size <= top:
        raise InvalidInput(f"hand_size={hand_size!r} must be a whole number from 0 to {top}")
    return hand_size


# ---------------------------------------------------------------------------------------------------------------
# Polynomials (lists of int coefficients, index = number of cards) and the independent-set count


def _binom_poly(m: int, k: int) -> Poly:
    return [math.comb(m, h) for h in range(min(m, k) + 1)]


def _mul(p: Poly, q: Poly, k: int) -> Poly:
    out = [0] * min(len(p) + len(q) - 1, k + 1)
    for i, a in enumerate(p):
        if a:
            for j, b in enumerate(q[: k + 1 - i]):
                out[i + j] += a * b
    return out


def _add(p: Poly, q: Poly) -> Poly:
    if len(p) < len(q):
        p, q = q, p
    return [a + (q[i] if i < len(q) else 0) for i, a in enumerate(p)]


def _count_avoiding(counts: Sequence[int], banned: Iterable[int], pairs: Iterable[tuple[int, int]], k: int) -> int:
    """How many ``k``-card hands hold no card of a ``banned`` class and no two cards forming one of ``pairs``.

    ``counts[c]`` cards belong to class ``c``; a pair ``(c, c)`` forbids two cards of class ``c``. The answer is
    the ``x**k`` coefficient of the independent-set polynomial of the graph whose vertices are the classes and
    whose edges are the pairs: a class present in the hand contributes ``sum_{h>=1} C(m, h) x^h`` (only ``m x``
    with a loop). It is computed by splitting the graph into connected components, and branching on a vertex of
    highest degree (in the hand, or not) when a component is connected.

    >>> _count_avoiding([3, 2], banned=[], pairs=[(0, 1)], k=2)   # two of class 0 or two of class 1
    4
    >>> _count_avoiding([3, 2], banned=[1], pairs=[(0, 0)], k=1)
    3
    """
    banned = set(banned)
    alive = frozenset(c for c, m in enumerate(counts) if m > 0 and c not in banned)
    nbrs: dict[int, set[int]] = {c: set() for c in alive}
    loops: set[int] = set()
    for a, b in pairs:
        if a in alive and b in alive:
            if a == b:
                loops.add(a)
            else:
                nbrs[a].add(b)
                nbrs[b].add(a)

    def present(c: int) -> Poly:  # the class is in the hand: at least one card of it
        return [0, counts[c]] if c in loops else [0, *_binom_poly(counts[c], k)[1:]]

    memo: dict[frozenset[int], Poly] = {}

    def gf(vs: frozenset[int]) -> Poly:
        if not vs:
            return [1]
        found = memo.get(vs)
        if found is not None:
            return found
        rest = set(vs)
        components: list[frozenset[int]] = []
        while rest:
            stack, seen = [rest.pop()], set()
            while stack:
                c = stack.pop()
                seen.add(c)
                for d in nbrs[c] & rest:
                    rest.discard(d)
                    stack.append(d)
            components.append(frozenset(seen))
        if len(components) > 1:
            out: Poly = [1]
            for comp in components:
                out = _mul(out, gf(comp), k)
        elif len(vs) == 1:
            (c,) = vs
            out = _add([1], present(c))
        else:
            pivot = max(vs, key=lambda c: (len(nbrs[c] & vs), -c))
            without = vs - {pivot}
            out = _add(gf(without), _mul(present(pivot), gf(without - nbrs[pivot]), k))
        memo[vs] = out
        return out

    poly = gf(alive)
    return poly[k] if k < len(poly) else 0


def _pairs(classes: Sequence[_Class], row: _Class, rule: Callable[[_Class, _Class, _Class], bool]) -> set[
        tuple[int, int]]:
    n = len(classes)
    return {(a, b) for a in range(n) for b in range(a, n) if rule(classes[a], classes[b], row)}


def _singles(classes: Sequence[_Class], row: _Class, rule: Callable[[_Class, _Class], bool]) -> set[int]:
    return {c for c, cls in enumerate(classes) if rule(cls, row)}


# ---------------------------------------------------------------------------------------------------------------
# One row card


def _one_row(v: object, hand_size: object, exclude_target: bool) -> tuple[_Class, list[int], int]:
    target = _target_class(v)
    counts = [c.count for c in VALUE_CLASSES]
    if exclude_target:
        counts[target] -= 1
    k = _hand_size(hand_size, sum(counts))
    return VALUE_CLASSES[target], counts, k


def _p_miss(counts: list[int], banned: Iterable[int], pairs: Iterable[tuple[int, int]], k: int) -> Fraction:
    return Fraction(_count_avoiding(counts, banned, pairs, k), math.comb(sum(counts), k))


def p_single_match(v: Target, hand_size: int = 7, exclude_target: bool = False) -> Fraction:
    """The chance that a random hand holds a single match (R4.1) for a row card of value ``v``.

    >>> p_single_match(1, hand_size=1)          # 12 ones + 8 Wild # (played as 1)
    Fraction(5, 27)
    >>> p_single_match("W", hand_size=1)        # 12 Wild DOS + 8 Wild # (played as 2)
    Fraction(5, 27)
    >>> p_single_match(10) == 1 - Fraction(math.comb(92, 7), math.comb(108, 7))
    True
    """
    row, counts, k = _one_row(v, hand_size, exclude_target)
    return 1 - _p_miss(counts, _singles(VALUE_CLASSES, row, _single), (), k)


def p_double_match(v: Target, hand_size: int = 7, exclude_target: bool = False) -> Fraction:
    """The chance that a random hand holds two cards that add up to the row card ``v`` (R4.2).

    >>> p_double_match(2, hand_size=2)          # 1+1, 1+#, #+#: C(20, 2) of C(108, 2) pairs
    Fraction(95, 2889)
    >>> p_double_match(3, hand_size=2) == Fraction(12 * 12 + 8 * 12 + 8 * 12 + 28, math.comb(108, 2))
    True
    """
    row, counts, k = _one_row(v, hand_size, exclude_target)
    return 1 - _p_miss(counts, (), _pairs(VALUE_CLASSES, row, _double), k)


def p_any_match(v: Target, hand_size: int = 7, exclude_target: bool = False) -> Fraction:
    """The chance that a random hand can match the row card ``v`` at all (single or double).

    >>> p_any_match(1) == p_single_match(1)
    True
    >>> p_any_match("#", hand_size=0)
    Fraction(0, 1)
    """
    row, counts, k = _one_row(v, hand_size, exclude_target)
    singles = _singles(VALUE_CLASSES, row, _single)
    return 1 - _p_miss(counts, singles, _pairs(VALUE_CLASSES, row, _double), k)


def pair_combinations(target: Target) -> list[tuple[Label, Label]]:
    """The distinct unordered pairs of card values that make ``target`` in a double match (R4.2, R10.3).

    Card values are written ``1``, ``"W"`` (Wild DOS, 2), ``3``–``10`` and ``"#"`` (Wild #, any 1–10); each pair is
    a tuple in that order, and the list is sorted the same way. ``target`` is a row-card value as in
    :func:`p_single_match` (``2`` or ``"W"`` is a Wild DOS, ``"#"`` a Wild # in the row: any total 2–10 will do).

    >>> pair_combinations(5)
    [(1, 4), (1, '#'), ('W', 3), ('W', '#'), (3, '#'), (4, '#'), ('#', '#')]
    >>> pair_combinations("W")
    [(1, 1), (1, '#'), ('#', '#')]
    >>> pair_combinations(1)
    []
    """
    row = VALUE_CLASSES[_target_class(target)]
    return [(VALUE_CLASSES[a].label, VALUE_CLASSES[b].label) for a, b in sorted(_pairs(VALUE_CLASSES, row, _double))]


# ---------------------------------------------------------------------------------------------------------------
# A random deal: the hand, then two row cards. Row cards are dealt first (exchangeable), hand from the rest.


def _row_pairs(classes: Sequence[_Class], canon: Callable[[int, int], tuple[int, int]]) -> dict[
        tuple[int, int], int]:
    """Ordered row-card pairs grouped by ``canon`` → number of ordered ways to deal them as the two row cards."""
    groups: dict[tuple[int, int], int] = {}
    for a, ca in enumerate(classes):
        for b, cb in enumerate(classes):
            ways = ca.count * (cb.count - (a == b))
            if ways:
                key = canon(a, b)
                groups[key] = groups.get(key, 0) + ways
    return groups


def _recolour(a: int, b: int) -> tuple[int, int]:
    """Rename colours in order of appearance (first seen → red, second → blue) and sort the pair."""
    mapping: dict[Color, Color] = {}
    out: list[int] = []
    for t in (a, b):
        card = _TYPE_CARDS[t]
        if card.color is not None:
            new = mapping.setdefault(card.color, COLORS[len(mapping)])
            card = Card(card.kind, new, card.number)
        out.append(card.order)
    return (out[0], out[1])


def _type_canon(a: int, b: int) -> tuple[int, int]:
    return min(_recolour(a, b), _recolour(b, a))


def _value_canon(a: int, b: int) -> tuple[int, int]:
    return (min(a, b), max(a, b))


def _over_deals(classes: Sequence[_Class], canon: Callable[[int, int], tuple[int, int]], k: int,
                misses: Callable[[list[int], int, int], int]) -> Fraction:
    """The chance over random deals that ``misses(counts_left, row_a, row_b)`` counts the hand (of ``k`` cards)."""
    total = 0
    for (a, b), ways in _row_pairs(classes, canon).items():
        counts = [c.count for c in classes]
        counts[a] -= 1
        counts[b] -= 1
        total += ways * misses(counts, a, b)
    return Fraction(total, DECK_SIZE * (DECK_SIZE - 1) * math.comb(DECK_SIZE - ROW_SIZE, k))


@cache
def _rules_for(kind: str, classes_name: str, row: int) -> tuple[frozenset[int], frozenset[tuple[int, int]]]:
    classes = VALUE_CLASSES if classes_name == "value" else TYPES
    r = classes[row]
    if kind == "match":
        return frozenset(_singles(classes, r, _single)), frozenset(_pairs(classes, r, _double))
    if kind == "scm":
        return frozenset(_singles(classes, r, _scm)), frozenset()
    return frozenset(), frozenset(_pairs(classes, r, _dcm))


def _deal_miss(kind: str, classes_name: str, k: int) -> Fraction:
    classes = VALUE_CLASSES if classes_name == "value" else TYPES
    canon = _value_canon if classes_name == "value" else _type_canon

    def misses(counts: list[int], a: int, b: int) -> int:
        sa, pa = _rules_for(kind, classes_name, a)
        sb, pb = _rules_for(kind, classes_name, b)
        return _count_avoiding(counts, sa | sb, pa | pb, k)

    return _over_deals(classes, canon, k, misses)


@cache
def p_can_match(hand_size: int = 7) -> Fraction:
    """The chance that a random deal lets the player match at least one of the two row cards.

    >>> p_can_match(hand_size=0)
    Fraction(0, 1)
    >>> f"{float(p_can_match()):.4f}"
    '0.9684'
    """
    k = _hand_size(hand_size, DECK_SIZE - ROW_SIZE)
    return 1 - _deal_miss("match", "value", k)


@cache
def p_single_colour_match(hand_size: int = 7) -> Fraction:
    """The chance that some row card of a random deal offers this hand a single colour match (R6.1).

    >>> f"{float(p_single_colour_match()):.4f}"
    '0.5334'
    """
    k = _hand_size(hand_size, DECK_SIZE - ROW_SIZE)
    return 1 - _deal_miss("scm", "type", k)


@cache
def p_double_colour_match(hand_size: int = 7) -> Fraction:
    """The chance that some row card of a random deal offers this hand a double colour match (R6.2).

    >>> f"{float(p_double_colour_match()):.4f}"
    '0.3736'
    """
    k = _hand_size(hand_size, DECK_SIZE - ROW_SIZE)
    return 1 - _deal_miss("dcm", "type", k)


# --- both row cards at once: value profiles of the hand --------------------------------------------------------


@cache
def _profiles(k: int) -> npt.NDArray[np.int64]:
    """Every way to split ``k`` cards over the 11 value classes: an array of shape (profiles, 11)."""
    combos = np.array(list(itertools.combinations_with_replacement(range(11), k)), dtype=np.int64)
    combos = combos.reshape(len(combos), k)
    counts: npt.NDArray[np.int64] = (combos[:, :, None] == np.arange(11)).sum(axis=1).astype(np.int64)
    return counts


def _options(row: _Class) -> list[tuple[int, ...]]:
    """The minimal multisets of value classes (1 or 2 cards, as count vectors) that match ``row``."""
    found: list[tuple[int, ...]] = []
    for c in _singles(VALUE_CLASSES, row, _single):
        found.append(tuple(int(i == c) for i in range(11)))
    for a, b in _pairs(VALUE_CLASSES, row, _double):
        found.append(tuple(int(i == a) + int(i == b) for i in range(11)))
    return [u for u in found if not any(w != u and all(x <= y for x, y in zip(w, u, strict=True)) for w in found)]


@cache
def _both_counts(k: int) -> tuple[Fraction, Fraction]:
    """(P(at least one row card matchable), P(both matchable with different hand cards)) by value profiles."""
    profiles = _profiles(k)
    packed_ge: dict[tuple[int, int], npt.NDArray[np.uint8]] = {}

    def ge(c: int, j: int) -> npt.NDArray[np.uint8]:
        if (c, j) not in packed_ge:
            packed_ge[c, j] = np.packbits(profiles[:, c] >= j)
        return packed_ge[c, j]

    holds: dict[tuple[int, ...], npt.NDArray[np.uint8]] = {}

    def has(u: tuple[int, ...]) -> npt.NDArray[np.uint8]:  # packed: profile >= u
        if u not in holds:
            acc = np.full_like(ge(0, 0), 255)
            for c, j in enumerate(u):
                if j:
                    acc &= ge(c, j)
            holds[u] = acc
        return holds[u]

    options = [_options(row) for row in VALUE_CLASSES]
    table = np.array([[math.comb(m, h) for h in range(k + 1)] for m in range(13)], dtype=np.int64)
    one_total = both_total = 0
    for (a, b), ways in _row_pairs(VALUE_CLASSES, _value_canon).items():
        left = [c.count for c in VALUE_CLASSES]
        left[a] -= 1
        left[b] -= 1
        weight = np.ones(len(profiles), dtype=np.int64)
        for c in range(11):
            weight *= table[left[c], profiles[:, c]]
        one = np.zeros_like(ge(0, 0))
        for u in options[a] + options[b]:
            one |= has(u)
        both = np.zeros_like(one)
        for ua in options[a]:
            for ub in options[b]:
                both |= has(tuple(x + y for x, y in zip(ua, ub, strict=True)))
        n = len(profiles)
        one_total += ways * int(weight[np.unpackbits(one)[:n].astype(bool)].sum())
        both_total += ways * int(weight[np.unpackbits(both)[:n].astype(bool)].sum())
    denominator = DECK_SIZE * (DECK_SIZE - 1) * math.comb(DECK_SIZE - ROW_SIZE, k)
    return Fraction(one_total, denominator), Fraction(both_total, denominator)


@cache
def p_match_both(hand_size: int = 7) -> Fraction:
    """The chance that a random deal lets the player match *both* row cards in one turn (different hand cards).

    ``hand_size`` may be 0 to 12 (:data:`MAX_BOTH_HAND`).

    >>> p_match_both(hand_size=1)               # one card can never match two row cards
    Fraction(0, 1)
    >>> f"{float(p_match_both()):.4f}"
    '0.7431'
    """
    k = _hand_size(hand_size, DECK_SIZE - ROW_SIZE, MAX_BOTH_HAND)
    return _both_counts(k)[1]


def expected_matchable(hand_size: int = 7) -> Fraction:
    """The expected number of row cards (0, 1 or 2) a random deal lets the player match in one turn.

    It is ``P(at least one) + P(both)``, since the count is at least 1 and at least 2 with those chances.

    >>> f"{float(expected_matchable()):.4f}"
    '1.7115'
    """
    return p_can_match(hand_size) + p_match_both(hand_size)


# ---------------------------------------------------------------------------------------------------------------
# Points in a hand


@cache
def hand_points_pmf(n: int) -> dict[int, Fraction]:
    """The exact distribution of the points in a random ``n``-card hand (R13.1): ``{points: chance}``, sorted.

    Number cards score their face value, a Wild DOS 20, a Wild # 40.

    >>> pmf = hand_points_pmf(1)
    >>> pmf[1], pmf[20], pmf[40], sum(pmf.values())
    (Fraction(1, 9), Fraction(1, 9), Fraction(2, 27), Fraction(1, 1))
    >>> min(hand_points_pmf(7)), max(hand_points_pmf(7))
    (7, 280)
    """
    n = _hand_size(n, DECK_SIZE)
    total = math.comb(DECK_SIZE, n)
    return {points: Fraction(count, total) for points, count in sorted(hand_point_counts(n)[n].items())}


def hand_point_counts(n: int, classes: Sequence[_Class] = VALUE_CLASSES) -> list[dict[int, int]]:
    """How many hands of ``k`` cards (k = 0 … n) drawn from ``classes`` score each total: ``ways[k][points]``.

    >>> hand_point_counts(1)[1][40]  # the eight Wild # cards
    8
    """
    ways: list[dict[int, int]] = [{0: 1}] + [{} for _ in range(n)]
    for cls in classes:
        new: list[dict[int, int]] = [{} for _ in range(n + 1)]
        for size, table in enumerate(ways):
            for points, count in table.items():
                for h in range(min(cls.count, n - size) + 1):
                    slot = new[size + h]
                    key = points + h * cls.points
                    slot[key] = slot.get(key, 0) + count * math.comb(cls.count, h)
        ways = new
    return ways


def expected_hand_points(n: int) -> Fraction:
    """The mean points in a random ``n``-card hand: ``n`` times the deck's average 1036/108.

    >>> expected_hand_points(7)
    Fraction(1813, 27)
    """
    return _hand_size(n, DECK_SIZE) * Fraction(1036, DECK_SIZE)


# ---------------------------------------------------------------------------------------------------------------
# Questions by name, exact and sampled

Question = Literal["single_match", "double_match", "any_match", "can_match", "match_both", "matchable",
                   "single_colour_match", "double_colour_match", "hand_points"]

#: the questions :func:`exact` and :func:`sample` answer, with a plain-English description
QUESTIONS: dict[str, str] = {
    "single_match": "one row card of value v: the hand has a card of the same value",
    "double_match": "one row card of value v: the hand has two cards that add up to it",
    "any_match": "one row card of value v: the hand can match it at all",
    "can_match": "a deal: at least one of the two row cards can be matched",
    "match_both": "a deal: both row cards can be matched in one turn",
    "matchable": "a deal: how many row cards can be matched in one turn (mean)",
    "single_colour_match": "a deal: some row card offers a single colour match",
    "double_colour_match": "a deal: some row card offers a double colour match",
    "hand_points": "a hand of hand_size cards: its points (mean)",
}
_ONE_ROW = ("single_match", "double_match", "any_match")


def _question(question: object) -> str:
    if not isinstance(question, str) or question not in QUESTIONS:
        raise InvalidInput(f"{question!r} is not a question; choose one of {', '.join(QUESTIONS)}")
    return question


def exact(question: str, *, v: Target | None = None, hand_size: int = 7, exclude_target: bool = False) -> Fraction:
    """The exact answer to a named question (see :data:`QUESTIONS`); a mean for ``matchable`` and ``hand_points``.

    >>> exact("single_match", v=10, hand_size=1)
    Fraction(4, 27)
    >>> exact("hand_points", hand_size=1)
    Fraction(259, 27)
    """
    question = _question(question)
    if question in _ONE_ROW:
        if v is None:
            raise InvalidInput(f"the question {question!r} needs a row-card value v")
        fn = {"single_match": p_single_match, "double_match": p_double_match, "any_match": p_any_match}[question]
        return fn(v, hand_size, exclude_target)
    deal: dict[str, Callable[[int], Fraction]] = {
        "can_match": p_can_match, "match_both": p_match_both, "matchable": expected_matchable,
        "single_colour_match": p_single_colour_match, "double_colour_match": p_double_colour_match,
        "hand_points": expected_hand_points,
    }
    return deal[question](hand_size)


