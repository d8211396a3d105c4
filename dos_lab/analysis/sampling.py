"""A seeded Monte Carlo sampler for the questions :mod:`.chances` answers exactly: it plays random deals,
vectorised with numpy, and gives each answer with its standard error.

>>> from dos_lab.analysis.chances import p_single_match
>>> est = sample("single_match", 200_000, seed=1, v=10)
>>> abs(est.value - float(p_single_match(10))) < 4 * est.stderr
True

"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from dos_lab.analysis.chances import (
    _HASH,
    _ONE_ROW,
    _TYPE_CARDS,
    _WILD_DOS,
    DECK_SIZE,
    MAX_BOTH_HAND,
    ROW_SIZE,
    TYPES,
    Target,
    _dcm,
    _double,
    _hand_size,
    _question,
    _scm,
    _single,
    _target_class,
)
from dos_lab.engine.cards import Card, full_deck
from dos_lab.errors import InvalidInput, whole_number

__all__ = ["Estimate", "sample", "sample_outcomes"]


@dataclass(frozen=True)
class Estimate:
    """A Monte Carlo estimate: the mean of ``n`` random trials and its standard error.

    >>> est = Estimate(0.25, 0.01, 10_000)
    >>> est.low, est.high
    (0.2304, 0.2696)
    >>> print(est)
    0.2500 ± 0.0196 (95%, n=10,000)
    """

    value: float
    stderr: float
    n: int

    @property
    def low(self) -> float:
        """The lower end of the 95% interval ``value - 1.96 stderr``."""
        return round(self.value - 1.96 * self.stderr, 12)

    @property
    def high(self) -> float:
        """The upper end of the 95% interval ``value + 1.96 stderr``."""
        return round(self.value + 1.96 * self.stderr, 12)

    def __str__(self) -> str:
        return f"{self.value:.4f} ± {1.96 * self.stderr:.4f} (95%, n={self.n:,})"


# --- the sampler's tables, over the 41 card types --------------------------------------------------------------

_DECK_TYPES: npt.NDArray[np.int64] = np.array([card.order for card in full_deck()], dtype=np.int64)
_TYPE_POINTS: npt.NDArray[np.int64] = np.array([t.points for t in TYPES], dtype=np.int64)
_BATCH = 1 << 17


@cache
def _tables(kind: str) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_]]:
    """Per row type: which hand types make a single (or SCM), which type pairs a double (or DCM)."""
    single_rule, double_rule = (_single, _double) if kind == "match" else (_scm, _dcm)
    n = len(TYPES)
    singles = np.zeros((n, n), dtype=bool)
    doubles = np.zeros((n, n, n), dtype=bool)
    for r, row in enumerate(TYPES):
        for a, ta in enumerate(TYPES):
            singles[r, a] = single_rule(ta, row)
            for b in range(a, n):
                doubles[r, a, b] = doubles[r, b, a] = double_rule(ta, TYPES[b], row)
    return singles, doubles


def _draw(rng: np.random.Generator, n: int, size: int, pool: int) -> npt.NDArray[np.int64]:
    """``n`` rows of ``size`` distinct card positions in ``range(pool)``, each ordered tuple equally likely."""
    if size == 0:
        return np.zeros((n, 0), dtype=np.int64)
    if size > 16:  # a full shuffle of each row; the first ``size`` positions
        keys = rng.random((n, pool))
        return np.argsort(keys, axis=1)[:, :size].astype(np.int64)
    out = rng.integers(0, pool, size=(n, size), dtype=np.int64)
    while True:  # redraw the rows with a repeated card (rejection keeps every ordered tuple equally likely)
        bad = np.zeros(len(out), dtype=bool)
        for i in range(size):
            for j in range(i + 1, size):
                bad |= out[:, i] == out[:, j]
        if not bad.any():
            return out
        idx = np.flatnonzero(bad)
        out[idx] = rng.integers(0, pool, size=(len(idx), size), dtype=np.int64)


def _any_pair(table: npt.NDArray[np.bool_], hand: npt.NDArray[np.int64],
              rows: npt.NDArray[np.int64] | None = None) -> npt.NDArray[np.bool_]:
    """Does some pair of hand cards fit ``table[a, b]`` (or ``table[row, a, b]``, one row type per hand)?"""
    hit = np.zeros(len(hand), dtype=bool)
    for i in range(hand.shape[1]):
        for j in range(i + 1, hand.shape[1]):
            if rows is None:
                hit |= table[hand[:, i], hand[:, j]]
            else:
                hit |= table[rows, hand[:, i], hand[:, j]]
    return hit


def _one_row_trials(question: str, rng: np.random.Generator, n: int, row: int, deck: npt.NDArray[np.int64],
                    k: int) -> npt.NDArray[np.bool_]:
    singles, doubles = _tables("match")
    hand = deck[_draw(rng, n, k, len(deck))]
    hit = np.zeros(n, dtype=bool)
    if question != "double_match":
        hit |= singles[row][hand].any(axis=1)
    if question != "single_match":
        hit |= _any_pair(doubles[row], hand)
    return hit


def _matchable(hand: npt.NDArray[np.int64], rows: npt.NDArray[np.int64]) -> npt.NDArray[np.int8]:
    """0, 1 or 2: the most row cards matchable at once with different hand cards."""
    singles, doubles = _tables("match")
    k = hand.shape[1]
    subsets = [(i,) for i in range(k)] + list(itertools.combinations(range(k), 2))
    fits: list[list[npt.NDArray[np.bool_]]] = [[], []]
    for s in subsets:
        for side in (0, 1):
            r = rows[:, side]
            fits[side].append(singles[r, hand[:, s[0]]] if len(s) == 1 else doubles[r, hand[:, s[0]], hand[:, s[1]]])
    one = np.zeros(len(hand), dtype=bool)
    for f in fits[0] + fits[1]:
        one |= f
    both = np.zeros(len(hand), dtype=bool)
    for a, sa in enumerate(subsets):
        other = np.zeros(len(hand), dtype=bool)
        for b, sb in enumerate(subsets):
            if set(sa).isdisjoint(sb):
                other |= fits[1][b]
        both |= fits[0][a] & other
    count: npt.NDArray[np.int8] = one.astype(np.int8) + both.astype(np.int8)
    return count


def _deal_trials(question: str, rng: np.random.Generator, n: int, k: int) -> npt.NDArray[np.float64]:
    if question == "hand_points":
        points = np.asarray(_TYPE_POINTS[_DECK_TYPES[_draw(rng, n, k, DECK_SIZE)]].sum(axis=1))
        return points.astype(np.float64)
    cards = _DECK_TYPES[_draw(rng, n, k + ROW_SIZE, DECK_SIZE)]
    hand, rows = cards[:, :k], cards[:, k:]
    if question == "single_colour_match":
        singles = _tables("colour")[0]
        hit = np.asarray((singles[rows[:, :1], hand] | singles[rows[:, 1:], hand]).any(axis=1))
        return hit.astype(np.float64)
    if question == "double_colour_match":
        doubles = _tables("colour")[1]
        return (_any_pair(doubles, hand, rows[:, 0]) | _any_pair(doubles, hand, rows[:, 1])).astype(np.float64)
    count = _matchable(hand, rows)
    if question == "can_match":
        return (count >= 1).astype(np.float64)
    if question == "match_both":
        return np.equal(count, 2).astype(np.float64)
    return count.astype(np.float64)


def sample_outcomes(question: str, n: int, seed: int = 0, *, v: Target | None = None, hand_size: int = 7,
                    exclude_target: bool = False) -> npt.NDArray[np.float64]:
    """The outcomes of ``n`` random trials of a question, in order: 1.0/0.0 for yes/no, or the count or points.

    The same ``seed`` gives the same outcomes; the running mean of these is what a convergence plot shows.

    >>> sample_outcomes("single_match", 8, seed=3, v=10)
    array([1., 1., 0., 1., 0., 1., 0., 1.])
    """
    question = _question(question)
    if not whole_number(n) or n < 1:
        raise InvalidInput(f"n={n!r} must be a positive whole number of trials")
    rng = np.random.default_rng(seed)
    parts: list[npt.NDArray[np.float64]] = []
    if question in _ONE_ROW:
        if v is None:
            raise InvalidInput(f"the question {question!r} needs a row-card value v")
        target = _target_class(v)
        row = _TYPE_CARDS.index(Card.parse({_HASH: "R#", _WILD_DOS: "W"}.get(target, f"R{target + 1}")))
        deck = _DECK_TYPES
        if exclude_target:
            deck = np.delete(deck, int(np.flatnonzero(deck == row)[0]))
        k = _hand_size(hand_size, len(deck))
        for start in range(0, n, _BATCH):
            size = min(_BATCH, n - start)
            parts.append(_one_row_trials(question, rng, size, row, deck, k).astype(np.float64))
    else:
        limit = DECK_SIZE if question == "hand_points" else DECK_SIZE - ROW_SIZE
        k = _hand_size(hand_size, limit, MAX_BOTH_HAND if question in ("match_both", "matchable") else None)
        for start in range(0, n, _BATCH):
            size = min(_BATCH, n - start)
            parts.append(_deal_trials(question, rng, size, k).astype(np.float64))
    return np.concatenate(parts)


def sample(question: str, n: int = 100_000, seed: int = 0, *, v: Target | None = None, hand_size: int = 7,
           exclude_target: bool = False) -> Estimate:
    """Estimate a named question (see :data:`QUESTIONS`) from ``n`` random deals: mean and standard error.

    >>> from dos_lab.analysis.chances import p_can_match
    >>> est = sample("can_match", 20_000, seed=7)
    >>> abs(est.value - float(p_can_match())) < 4 * est.stderr
    True
    """
    outcomes = sample_outcomes(question, n, seed, v=v, hand_size=hand_size, exclude_target=exclude_target)
    spread = float(outcomes.std(ddof=1)) if n > 1 else 0.0
    return Estimate(float(outcomes.mean()), spread / math.sqrt(n), n)
