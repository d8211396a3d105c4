"""The numbers behind the lessons' statements: the Wilson band of a running estimate, medians and normal
tails of a points distribution, hands grouped by their wild cards."""

from __future__ import annotations

import math
from fractions import Fraction
from functools import cache
from statistics import NormalDist

import numpy as np
import numpy.typing as npt

from dos_lab import probability as P
from dos_lab.analysis.simulate import wilson_centre_and_half
from dos_lab.errors import InvalidInput
from dos_lab.i18n import gettext, noop

__all__ = ["WILD_GROUPS", "at_least", "hand_points_by_wilds", "hands_with", "median", "normal_tail", "pmf_from_groups",
           "wilson_band"]


def wilson_band(successes: npt.NDArray[np.float64], trials: npt.NDArray[np.float64],
                confidence: float = 0.95) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """The Wilson interval (as in :func:`dos_lab.simulate.wilson_interval`) for many counts at once.

    >>> low, high = wilson_band(np.array([8.0]), np.array([10.0]))
    >>> round(float(low[0]), 4), round(float(high[0]), 4)
    (0.4902, 0.9433)
    """
    centre, half = wilson_centre_and_half(successes, trials, confidence)
    low = np.where(successes == 0, 0.0, np.maximum(0.0, centre - half))
    high = np.where(successes == trials, 1.0, np.minimum(1.0, centre + half))
    return low, high


def median(pmf: dict[int, Fraction]) -> int:
    """The smallest total whose running chance reaches one half.

    >>> median(P.hand_points_pmf(7))
    64
    """
    running = Fraction(0)
    for points, chance in pmf.items():
        running += chance
        if running >= Fraction(1, 2):
            return points
    raise InvalidInput(gettext("the chances do not add up to 1"))


def normal_tail(mean: float, sd: float, at_least: float) -> float:
    """The normal approximation of P(X ≥ at_least) for whole-number X, with the continuity correction:
    P(Y ≥ at_least − ½) for a normal Y of the same mean and spread.

    >>> round(normal_tail(0.0, 1.0, 0.5), 4)
    0.5
    """
    return 1 - NormalDist(mean, sd).cdf(at_least - 0.5)


#: groups of hands by their wild cards, as the lessons name them: (Wild DOS, Wild #) -> name
WILD_GROUPS: dict[tuple[int, int], str] = {
    (0, 0): noop("no wild card"), (1, 0): noop("one Wild DOS"), (0, 1): noop("one Wild #"),
    (2, 0): noop("two Wild DOS"), (1, 1): noop("one Wild DOS and one Wild #"), (0, 2): noop("two Wild #"),
}


def hands_with(group: tuple[int, int]) -> str:
    """The name of a group of hands (a key of :data:`WILD_GROUPS`) in the current language.

    >>> hands_with((1, 0))
    'hands with one Wild DOS'
    """
    return gettext("hands with {group}").format(group=gettext(WILD_GROUPS[group]))


@cache
def hand_points_by_wilds(n: int = 7) -> dict[tuple[int, int], dict[int, Fraction]]:
    """The exact chances of each points total in an ``n``-card hand, split by how many Wild DOS and Wild #
    cards the hand holds: ``{(wild_dos, wild_hash): {points: chance}}``. Added up, they give
    :func:`dos_lab.probability.hand_points_pmf`.

    >>> split = hand_points_by_wilds(7)
    >>> group = split[1, 0]                       # exactly one Wild DOS, no Wild #
    >>> round(float(group[50] / P.hand_points_pmf(7)[50]), 2)
    0.8
    """
    numbers = [c for c in P.VALUE_CLASSES if c.label not in ("W", "#")]
    wild_dos, wild_hash = (next(c for c in P.VALUE_CLASSES if c.label == label) for label in ("W", "#"))
    ways = P.hand_point_counts(n, numbers)
    total = math.comb(P.DECK_SIZE, n)
    split: dict[tuple[int, int], dict[int, Fraction]] = {}
    for w in range(min(n, wild_dos.count) + 1):
        for h in range(min(n - w, wild_hash.count) + 1):
            hands = math.comb(wild_dos.count, w) * math.comb(wild_hash.count, h)
            split[w, h] = {points + w * wild_dos.points + h * wild_hash.points: Fraction(count * hands, total)
                           for points, count in sorted(ways[n - w - h].items())}
    return split


@cache
def pmf_from_groups(n: int) -> dict[int, Fraction]:
    """:func:`dos_lab.probability.hand_points_pmf`, added up from the groups (one computation serves both)."""
    total: dict[int, Fraction] = {}
    for group in hand_points_by_wilds(n).values():
        for points, chance in group.items():
            total[points] = total.get(points, Fraction(0)) + chance
    return dict(sorted(total.items()))


def at_least(pmf: dict[int, Fraction], points: int) -> Fraction:
    """The exact chance of ``points`` or more.

    >>> from dos_lab.i18n import percent
    >>> percent(at_least(P.hand_points_pmf(7), 100))
    '11.9 %'
    """
    return sum((chance for total, chance in pmf.items() if total >= points), Fraction(0))
