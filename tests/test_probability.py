"""Tests for dos_lab.probability: exact answers against brute force, hand calculations and the sampler.

The brute-force checks below re-derive the rule model from the cards themselves (RULES.md R4, R6, R9, R10) and
enumerate hands exhaustively, so they share nothing with the module's counting code.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dos_lab import probability as P
from dos_lab.cards import COLORS, Card, Kind, copies_in_deck, full_deck
from dos_lab.errors import InvalidInput

DECK = full_deck()
TYPES = sorted(set(DECK), key=lambda c: c.order)
TARGETS: list[int | str] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, "#"]
ROW_CARD = {**{v: Card.parse(f"Y{v}") for v in (1, 3, 4, 5, 6, 7, 8, 9, 10)}, 2: Card.parse("W"),
            "#": Card.parse("G#")}


# --- an independent statement of the rule model ------------------------------------------------------------------


def values(card: Card) -> set[int]:
    if card.kind is Kind.WILD_DOS:
        return {2}
    if card.kind is Kind.WILD_NUMBER:
        return set(range(1, 11))
    assert card.number is not None
    return {card.number}


def colours(card: Card) -> set[object]:
    return set(COLORS) if card.color is None else {card.color}


def single(h: Card, r: Card) -> bool:
    return bool(values(h) & values(r))


def double(a: Card, b: Card, r: Card) -> bool:
    return any(x + y in values(r) for x in values(a) for y in values(b))


def scm(h: Card, r: Card) -> bool:
    return single(h, r) and bool(colours(h) & colours(r))


def dcm(a: Card, b: Card, r: Card) -> bool:
    return double(a, b, r) and bool(colours(a) & colours(b) & colours(r))


def matches(hand: Sequence[Card], r: Card) -> list[set[int]]:
    """Every set of hand positions (1 or 2) that matches ``r``."""
    out = [{i} for i, h in enumerate(hand) if single(h, r)]
    out += [{i, j} for i, j in itertools.combinations(range(len(hand)), 2) if double(hand[i], hand[j], r)]
    return out


def most_matchable(hand: Sequence[Card], row: Sequence[Card]) -> int:
    a, b = matches(hand, row[0]), matches(hand, row[1])
    if any(x.isdisjoint(y) for x in a for y in b):
        return 2
    return int(bool(a or b))


def deal_by_brute_force(k: int) -> dict[str, Fraction]:
    """Every deal of a k-card hand and two row cards, enumerated as multisets of card types with their counts."""
    totals: Counter[str] = Counter()
    all_ways = 0
    rows = list(itertools.combinations_with_replacement(TYPES, 2))
    for hand in itertools.combinations_with_replacement(TYPES, k):
        in_hand = Counter(hand)
        hand_ways = math.prod(math.comb(copies_in_deck(c), n) for c, n in in_hand.items())
        pairs = list(itertools.combinations(hand, 2))
        fits = {r: matches(hand, r) for r in TYPES}
        colour_single = {r: any(scm(h, r) for h in hand) for r in TYPES}
        colour_double = {r: any(dcm(a, b, r) for a, b in pairs) for r in TYPES}
        for row in rows:
            in_row = Counter(row)
            ways = hand_ways * math.prod(math.comb(copies_in_deck(c) - in_hand[c], n) for c, n in in_row.items())
            if not ways:
                continue
            all_ways += ways
            a, b = fits[row[0]], fits[row[1]]
            best = 2 if any(x.isdisjoint(y) for x in a for y in b) else int(bool(a or b))
            totals["can_match"] += ways * (best >= 1)
            totals["match_both"] += ways * (best == 2)
            totals["matchable"] += ways * best
            totals["single_colour_match"] += ways * (colour_single[row[0]] or colour_single[row[1]])
            totals["double_colour_match"] += ways * (colour_double[row[0]] or colour_double[row[1]])
    assert all_ways == math.comb(108, k) * math.comb(108 - k, 2)
    return {name: Fraction(count, all_ways) for name, count in totals.items()}


def one_row_deck(v: int | str, exclude: bool) -> list[Card]:
    deck = list(DECK)
    if exclude:
        deck.remove(ROW_CARD[v])
    return deck


# --- the exact answers against brute force ----------------------------------------------------------------------


@pytest.mark.parametrize("exclude", [False, True])
@pytest.mark.parametrize("k", [1, 2])
@pytest.mark.parametrize("v", TARGETS)
def test_one_row_card_against_every_hand(v: int | str, k: int, exclude: bool) -> None:
    row = ROW_CARD[v]
    deck = one_row_deck(v, exclude)
    counts = Counter()
    hands = list(itertools.combinations(deck, k))
    for hand in hands:
        s = any(single(h, row) for h in hand)
        d = any(double(a, b, row) for a, b in itertools.combinations(hand, 2))
        counts["single"] += s
        counts["double"] += d
        counts["any"] += s or d
    n = len(hands)
    assert P.p_single_match(v, k, exclude) == Fraction(counts["single"], n)
    assert P.p_double_match(v, k, exclude) == Fraction(counts["double"], n)
    assert P.p_any_match(v, k, exclude) == Fraction(counts["any"], n)


@pytest.mark.parametrize("v", TARGETS)
def test_one_row_card_three_cards_by_card_types(v: int | str) -> None:
    row = ROW_CARD[v]
    found = Counter()
    for hand in itertools.combinations_with_replacement(TYPES, 3):
        ways = math.prod(math.comb(copies_in_deck(c), n) for c, n in Counter(hand).items())
        s = any(single(h, row) for h in hand)
        d = any(double(a, b, row) for a, b in itertools.combinations(hand, 2))
        found["single"] += ways * s
        found["double"] += ways * d
        found["any"] += ways * (s or d)
    total = math.comb(108, 3)
    assert P.p_single_match(v, 3) == Fraction(found["single"], total)
    assert P.p_double_match(v, 3) == Fraction(found["double"], total)
    assert P.p_any_match(v, 3) == Fraction(found["any"], total)


@pytest.fixture(scope="module")
def deal_one_card() -> dict[str, Fraction]:
    return deal_by_brute_force(1)


@pytest.fixture(scope="module")
def deal_two_cards() -> dict[str, Fraction]:
    return deal_by_brute_force(2)


DEAL_FUNCTIONS = {
    "can_match": P.p_can_match,
    "match_both": P.p_match_both,
    "matchable": P.expected_matchable,
    "single_colour_match": P.p_single_colour_match,
    "double_colour_match": P.p_double_colour_match,
}


@pytest.mark.parametrize("name", list(DEAL_FUNCTIONS))
def test_deal_one_card_hand_against_brute_force(name: str, deal_one_card: dict[str, Fraction]) -> None:
    assert DEAL_FUNCTIONS[name](1) == deal_one_card[name]


@pytest.mark.parametrize("name", list(DEAL_FUNCTIONS))
def test_deal_two_card_hand_against_brute_force(name: str, deal_two_cards: dict[str, Fraction]) -> None:
    assert DEAL_FUNCTIONS[name](2) == deal_two_cards[name]


def test_deal_three_card_hand_by_value_against_brute_force() -> None:
    # number questions ignore colour: enumerate hands and rows over the 11 values with their counts
    reps = [Card.parse(code) for code in ("R1", "W", "R3", "R4", "R5", "R6", "R7", "R8", "R9", "R10", "R#")]
    count = {c: sum(copies_in_deck(t) for t in TYPES if values(t) == values(c)) for c in reps}
    totals: Counter[str] = Counter()
    for hand in itertools.combinations_with_replacement(reps, 3):
        in_hand = Counter(hand)
        hand_ways = math.prod(math.comb(count[c], n) for c, n in in_hand.items())
        for row in itertools.combinations_with_replacement(reps, 2):
            ways = hand_ways * math.prod(math.comb(count[c] - in_hand[c], n) for c, n in Counter(row).items())
            best = most_matchable(hand, row)
            totals["one"] += ways * (best >= 1)
            totals["both"] += ways * (best == 2)
    total = math.comb(108, 3) * math.comb(105, 2)
    assert P.p_can_match(3) == Fraction(totals["one"], total)
    assert P.p_match_both(3) == Fraction(totals["both"], total)


@pytest.mark.parametrize("k", range(0, 9))
def test_can_match_two_methods_agree(k: int) -> None:
    # the independent-set count and the value-profile sum are different computations of the same chance
    assert P._both_counts(k)[0] == P.p_can_match(k)


def test_rule_model_agrees_with_the_engine() -> None:
    matching = pytest.importorskip("dos_lab.matching")
    for row in TYPES:
        for i, a in enumerate(TYPES):
            for b in TYPES[i:]:
                if a is b and copies_in_deck(a) < 2:
                    continue
                found = matching.legal_matches_for([a, b], [row])
                doubles = [m for m in found if len(m.cards) == 2]
                assert bool(doubles) == double(a, b, row), (a, b, row)
                assert any(m.bonus == "double_colour" for m in doubles) == dcm(a, b, row), (a, b, row)
        for h in TYPES:
            found = matching.legal_matches_for([h], [row])
            assert bool(found) == single(h, row), (h, row)
            assert any(m.bonus == "single_colour" for m in found) == scm(h, row), (h, row)


# --- answers worked out by hand ------------------------------------------------------------------------------------


def test_hand_worked_single_matches() -> None:
    # one card: a 10 is hit by the 8 tens and the 8 Wild # (played as 10)
    assert P.p_single_match(10, hand_size=1) == Fraction(8 + 8, 108)
    assert P.p_single_match(10, hand_size=1, exclude_target=True) == Fraction(7 + 8, 107)
    # a 1 by 12 ones and 8 Wild #; a Wild DOS in the row by 12 Wild DOS and 8 Wild # (played as 2)
    assert P.p_single_match(1, hand_size=1) == Fraction(20, 108)
    assert P.p_single_match(2, hand_size=1) == P.p_single_match("W", hand_size=1) == Fraction(20, 108)
    assert P.p_single_match(2, hand_size=1, exclude_target=True) == Fraction(19, 107)
    # a Wild # in the row takes any value 1-10: every card matches it
    assert P.p_single_match("#", hand_size=1) == 1
    assert P.p_single_match("#", hand_size=0) == 0
    # seven cards: the complement rule, drawing without replacement
    for v, hits in [(1, 20), (3, 20), (4, 20), (5, 20), (2, 20), (6, 16), (7, 16), (8, 16), (9, 16), (10, 16)]:
        assert P.p_single_match(v) == 1 - Fraction(math.comb(108 - hits, 7), math.comb(108, 7))
        assert P.p_single_match(v, exclude_target=True) == 1 - Fraction(math.comb(107 - (hits - 1), 7),
                                                                        math.comb(107, 7))


def test_hand_worked_double_matches() -> None:
    pairs = math.comb(108, 2)
    assert P.p_double_match(1, hand_size=5) == 0  # 1 + 1 is already 2
    # a Wild DOS in the row (2): 1+1, 1+#, #+#  -> two cards out of the 20 ones and Wild #
    assert P.p_double_match(2, hand_size=2) == Fraction(math.comb(20, 2), pairs)
    # 3 = 1+W, 1+#, W+#, #+#
    assert P.p_double_match(3, hand_size=2) == Fraction(12 * 12 + 12 * 8 + 12 * 8 + math.comb(8, 2), pairs)
    # 4 = 1+3, W+W, and # with 1, W or 3, and #+#
    assert P.p_double_match(4, hand_size=2) == Fraction(
        12 * 12 + math.comb(12, 2) + 8 * (12 + 12 + 12) + math.comb(8, 2), pairs)
    # a Wild # in the row: any two cards whose smallest total is at most 10
    smallest = {1: 12, 2: 12, 3: 12, 4: 12, 5: 12, 6: 8, 7: 8, 8: 8, 9: 8, 10: 8}
    good = sum(smallest[a] * smallest[b] for a in smallest for b in smallest if a < b and a + b <= 10)
    good += sum(math.comb(smallest[a], 2) for a in smallest if 2 * a <= 10)
    good += 8 * sum(n for a, n in smallest.items() if a <= 9) + math.comb(8, 2)  # Wild # counts as 1
    assert P.p_double_match("#", hand_size=2) == Fraction(good, pairs)


def test_deal_with_one_card_cannot_match_both() -> None:
    assert P.p_match_both(1) == 0
    assert P.expected_matchable(1) == P.p_can_match(1)


def test_deal_one_card_by_hand() -> None:
    # the single hand card misses both row cards: for a number card x (12 or 8 copies), a row card misses it
    # unless it is x itself, a Wild # (matched by anything), or a Wild DOS when... x is never 2, so W always misses
    # a number hand card; a Wild DOS in hand misses every row card but W and #; a Wild # hits every row card.
    def miss_set(card: str) -> int:  # how many of the other 107 cards the hand card cannot single-match
        if card == "#":
            return 0
        if card == "W":
            return 107 - (11 + 8)
        n = 12 if int(card) <= 5 else 8
        return 107 - (n - 1) - 8

    ways = 0
    for card, n in [("1", 12), ("3", 12), ("4", 12), ("5", 12), ("W", 12), ("6", 8), ("7", 8), ("8", 8),
                    ("9", 8), ("10", 8), ("#", 8)]:
        ways += n * math.comb(miss_set(card), 2)
    assert P.p_can_match(1) == 1 - Fraction(ways, 108 * math.comb(107, 2))


def test_pair_combinations() -> None:
    assert P.pair_combinations(10) == [
        (1, 9), (1, "#"), ("W", 8), ("W", "#"), (3, 7), (3, "#"), (4, 6), (4, "#"), (5, 5), (5, "#"),
        (6, "#"), (7, "#"), (8, "#"), (9, "#"), ("#", "#")]
    assert P.pair_combinations(4) == [(1, 3), (1, "#"), ("W", "W"), ("W", "#"), (3, "#"), ("#", "#")]
    assert P.pair_combinations(2) == P.pair_combinations("w") == [(1, 1), (1, "#"), ("#", "#")]
    assert P.pair_combinations(1) == []
    assert ("#", "#") in P.pair_combinations("#") and (5, 6) not in P.pair_combinations("#")
    assert (5, 5) in P.pair_combinations("#") and (1, 9) in P.pair_combinations("#")


@pytest.mark.parametrize("v", TARGETS)
def test_pairs_count_two_card_double_matches(v: int | str) -> None:
    count = {1: 12, "W": 12, 3: 12, 4: 12, 5: 12, 6: 8, 7: 8, 8: 8, 9: 8, 10: 8, "#": 8}
    ways = sum(math.comb(count[a], 2) if a == b else count[a] * count[b] for a, b in P.pair_combinations(v))
    assert P.p_double_match(v, hand_size=2) == Fraction(ways, math.comb(108, 2))


def test_hand_points_pmf() -> None:
    one = P.hand_points_pmf(1)
    assert one == {1: Fraction(12, 108), 3: Fraction(12, 108), 4: Fraction(12, 108), 5: Fraction(12, 108),
                   6: Fraction(8, 108), 7: Fraction(8, 108), 8: Fraction(8, 108), 9: Fraction(8, 108),
                   10: Fraction(8, 108), 20: Fraction(12, 108), 40: Fraction(8, 108)}
    two = Counter(a.points + b.points for a, b in itertools.combinations(DECK, 2))
    assert P.hand_points_pmf(2) == {p: Fraction(n, math.comb(108, 2)) for p, n in sorted(two.items())}
    assert P.hand_points_pmf(0) == {0: 1}
    assert P.hand_points_pmf(108) == {1036: 1}
    for n in (3, 7, 12):
        pmf = P.hand_points_pmf(n)
        assert sum(pmf.values()) == 1
        mean = sum(p * q for p, q in pmf.items())
        assert mean == P.expected_hand_points(n) == n * Fraction(1036, 108)
        # the variance of a sum drawn without replacement: n s^2 (N - n) / (N - 1)
        s2 = Fraction(sum(c.points ** 2 for c in DECK), 108) - Fraction(1036, 108) ** 2
        assert sum(q * (p - mean) ** 2 for p, q in pmf.items()) == n * s2 * Fraction(108 - n, 107)
    assert list(P.hand_points_pmf(7)) == sorted(P.hand_points_pmf(7))


# --- structure and properties ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("v", TARGETS)
def test_single_double_any_fit_together(v: int | str) -> None:
    for k in (0, 1, 4, 7, 15, 40):
        s, d, a = P.p_single_match(v, k), P.p_double_match(v, k), P.p_any_match(v, k)
        assert max(s, d) <= a <= s + d
        assert all(0 <= x <= 1 for x in (s, d, a))
    assert [P.p_any_match(v, k) for k in range(0, 12)] == sorted(P.p_any_match(v, k) for k in range(0, 12))
    assert P.p_any_match(v, 108) == 1


@settings(max_examples=60, deadline=None)
@given(counts=st.lists(st.integers(0, 3), min_size=1, max_size=5), data=st.data())
def test_count_avoiding_against_enumeration(counts: list[int], data: st.DataObject) -> None:
    n = len(counts)
    banned = data.draw(st.sets(st.integers(0, n - 1)))
    pairs = data.draw(st.sets(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)).map(lambda p: tuple(sorted(p)))))
    k = data.draw(st.integers(0, sum(counts)))
    cards = [c for c, m in enumerate(counts) for _ in range(m)]
    expected = 0
    for hand in itertools.combinations(range(len(cards)), k):
        kinds = [cards[i] for i in hand]
        if any(c in banned for c in kinds):
            continue
        if any(tuple(sorted((kinds[i], kinds[j]))) in pairs for i, j in itertools.combinations(range(k), 2)):
            continue
        expected += 1
    assert P._count_avoiding(counts, banned, pairs, k) == expected


def test_invalid_inputs() -> None:
    for bad in (0, 11, -3, "x", "R7", True, 2.0, None, "11"):
        with pytest.raises(InvalidInput):
            P.p_single_match(bad)  # type: ignore[arg-type]
        with pytest.raises(InvalidInput):
            P.pair_combinations(bad)  # type: ignore[arg-type]
    for size in (-1, 109, "7", 1.5):
        with pytest.raises(InvalidInput):
            P.p_any_match(5, size)  # type: ignore[arg-type]
    with pytest.raises(InvalidInput):
        P.p_single_match(5, 108, exclude_target=True)
    with pytest.raises(InvalidInput):
        P.p_match_both(13)
    with pytest.raises(InvalidInput):
        P.p_can_match(107)
    with pytest.raises(InvalidInput):
        P.hand_points_pmf(109)
    with pytest.raises(InvalidInput):
        P.sample("luck", 10)
    with pytest.raises(InvalidInput):
        P.sample("can_match", 0)
    with pytest.raises(InvalidInput):
        P.sample("single_match", 10)
    with pytest.raises(InvalidInput):
        P.exact("double_match")
    assert P.p_single_match(" w ") == P.p_single_match(2) and P.p_single_match("10") == P.p_single_match(10)


def test_exact_is_fast_enough_to_be_exact_fractions() -> None:
    for value in (P.p_can_match(), P.p_match_both(), P.p_double_colour_match(), P.p_any_match(9)):
        assert isinstance(value, Fraction)


# --- the sampler --------------------------------------------------------------------------------------------------


def close(estimate: P.Estimate, exact: Fraction) -> bool:
    """Within 4 standard errors; when every trial agreed (no spread), the exact chance must be within 3/n."""
    if estimate.stderr == 0:
        return abs(estimate.value - float(exact)) <= 3 / estimate.n
    return abs(estimate.value - float(exact)) <= 4 * estimate.stderr


@pytest.mark.parametrize("exclude", [False, True])
@pytest.mark.parametrize("question", ["single_match", "double_match", "any_match"])
@pytest.mark.parametrize("v", TARGETS)
def test_sampler_one_row_card(v: int | str, question: str, exclude: bool) -> None:
    seed = TARGETS.index(v) * 10 + exclude
    est = P.sample(question, 100_000, seed=seed, v=v, exclude_target=exclude)
    exact = P.exact(question, v=v, exclude_target=exclude)
    assert close(est, exact), (est, float(exact))
    if exact in (0, 1):
        assert est.value == exact and est.stderr == 0


@pytest.mark.parametrize("k", [3, 20])
def test_sampler_other_hand_sizes(k: int) -> None:
    for v in (2, 6, "#"):
        est = P.sample("double_match", 50_000, seed=k, v=v, hand_size=k)
        exact = P.p_double_match(v, k)
        assert close(est, exact), (v, est, float(exact))


@pytest.mark.parametrize("question", ["can_match", "match_both", "matchable", "single_colour_match",
                                      "double_colour_match", "hand_points"])
@pytest.mark.parametrize("k", [2, 7])
def test_sampler_deals(question: str, k: int) -> None:
    est = P.sample(question, 100_000, seed=k * 100 + len(question), hand_size=k)
    assert close(est, P.exact(question, hand_size=k)), (est, float(P.exact(question, hand_size=k)))


def test_sampler_would_notice_a_wrong_answer() -> None:
    # the test above can fail: a slightly wrong answer is far outside 4 standard errors
    est = P.sample("can_match", 100_000, seed=5)
    assert not close(est, P.p_can_match() - Fraction(1, 100))
    est = P.sample("single_match", 100_000, seed=5, v=10)
    assert not close(est, P.p_single_match(10, exclude_target=True))


def test_sampler_is_seeded() -> None:
    a = P.sample_outcomes("match_both", 300_000, seed=11)
    b = P.sample_outcomes("match_both", 300_000, seed=11)
    c = P.sample_outcomes("match_both", 300_000, seed=12)
    assert np.array_equal(a, b) and not np.array_equal(a, c)
    assert len(a) == 300_000 and set(np.unique(a)) <= {0.0, 1.0}
    assert set(np.unique(P.sample_outcomes("matchable", 1000, seed=1))) <= {0.0, 1.0, 2.0}


def test_sampled_hands_are_uniform_and_distinct() -> None:
    rng = np.random.default_rng(3)
    hands = P._draw(rng, 200_000, 9, 108)
    assert all(len(set(row)) == 9 for row in hands[:2000].tolist())
    # every position of every card is equally likely: 200000 * 9 / 108 per card
    per_card = np.bincount(hands.ravel(), minlength=108)
    expected = 200_000 * 9 / 108
    assert abs(per_card - expected).max() < 5 * math.sqrt(expected)
    long = P._draw(rng, 5_000, 30, 108)
    assert all(len(set(row)) == 30 for row in long.tolist())


def test_estimate_interval() -> None:
    est = P.sample("single_match", 10_000, seed=2, v=1)
    assert est.low < est.value < est.high and est.n == 10_000
    assert "95%" in str(est)
