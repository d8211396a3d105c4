"""Tests for dos_lab.matching: the fast listing agrees with a plain reading of the documented order."""

from __future__ import annotations

import contextlib
import random

import pytest

from dos_lab import Card, Color, Kind, full_deck
from dos_lab.errors import DosError, IllegalDeclaration
from dos_lab.matching import Match, Played, legal_matches_for, reachable_values, resolve, stands_for


def _reference(hand: list[Card], row: list[Card], fixed: list[int | None], skip: set[int],
               must_use: Card | None) -> list[Match]:
    """Every choice in the documented order, each kept if ``resolve`` accepts it (no tables, no caches)."""
    kinds = list(dict.fromkeys(hand))
    choices: list[tuple[Card, ...]] = [(c,) for c in kinds]
    for i, a in enumerate(kinds):
        for b in kinds[i:]:
            if b is not a or hand.count(a) > 1:
                choices.append((a, b))
    if must_use is not None:
        choices = [c for c in choices if must_use in c and must_use in hand]
    out = []
    for index, target in enumerate(row):
        if index in skip:
            continue
        for cards in choices:
            with contextlib.suppress(DosError):
                out.append(resolve(target, [Played(c) for c in cards], fixed=fixed[index], index=index))
    return out


@pytest.mark.parametrize("seed", range(8))
def test_listing_matches_the_reference_in_order(seed: int) -> None:
    rng = random.Random(seed)
    deck = full_deck()
    for _ in range(300):
        rng.shuffle(deck)
        size, width = rng.randrange(0, 14), rng.randrange(1, 6)
        hand, row = deck[:size], deck[size:size + width]
        fixed = [rng.choice([None, *range(1, 11)]) if c.code.endswith("#") else None for c in row]
        skip = {i for i in range(width) if rng.random() < 0.2}
        must_use = rng.choice([None, *hand, deck[-1]])
        listed = legal_matches_for(hand, row, fixed=fixed, skip=skip, must_use=must_use)
        expected = _reference(hand, row, fixed, skip, must_use)
        assert [(m.target, m.cards, m.target_as, m.bonus) for m in listed] == [
            (m.target, m.cards, m.target_as, m.bonus) for m in expected]


def test_number_cards_on_a_number_card() -> None:
    r7 = Card.parse("R7")
    same = resolve(r7, [Played(Card.parse("R3")), Played(Card.parse("R4"))], index=2)
    mixed = resolve(r7, [Played(Card.parse("R3")), Played(Card.parse("B4"))])
    assert (same.target, same.cards, same.bonus, same.target_card) == (2, ("R3", "R4"), "double_colour", r7)
    assert mixed.bonus is None and resolve(r7, [Played(Card.parse("Y7"))]).bonus is None
    assert resolve(r7, [Played(r7)]).bonus == "single_colour"
    with pytest.raises(DosError, match=r"R3\+R5 adds up to 8, but R7 needs 7 \(R4.2\)"):
        resolve(r7, [Played(Card.parse("R3")), Played(Card.parse("R5"))])


def test_a_free_wild_number_in_the_row_takes_any_sum_up_to_ten() -> None:
    hand = [Card.parse(c) for c in ("R5", "B6", "G4", "R#")]
    listed = legal_matches_for(hand, [Card.parse("Y#")])
    pairs = {m.cards for m in listed if m.is_double}
    assert ("B6", "G4") in pairs and ("R5", "G4") in pairs and ("R5", "B6") not in pairs  # 11 is too much
    nine = legal_matches_for(hand, [Card.parse("Y#")], fixed=[9])
    assert all(m.target_as == 9 for m in nine)
    assert {m.cards for m in nine if m.is_double} == {("R5", "G4"), ("R5", "R#=4"), ("B6", "R#=3"), ("G4", "R#=5")}


def test_what_each_card_stands_for() -> None:
    for card in set(full_deck()):
        values, colors = stands_for(card)
        if card.kind is Kind.NUMBER:
            assert (values, colors) == ((card.number,), (card.color,))
        elif card.kind is Kind.WILD_NUMBER:
            assert (values, colors) == (tuple(range(1, 11)), (card.color,))
            assert [stands_for(card, v).values for v in range(1, 11)] == [(v,) for v in range(1, 11)]
        else:
            assert (values, colors) == ((2,), tuple(Color))
            assert [stands_for(card, c).colors for c in Color] == [(c,) for c in Color]


@pytest.mark.parametrize(("code", "declared"), [("R7", 4), ("R#", 11), ("R#", Color.RED), ("W", 2), ("W", 0)])
def test_a_declaration_that_does_not_fit_is_refused(code: str, declared: int | Color) -> None:
    with pytest.raises(IllegalDeclaration, match=r"only a Wild # is declared with a number 1 to 10"):
        stands_for(Card.parse(code), declared)


def test_probability_uses_the_same_answer() -> None:
    from dos_lab import probability

    for card, kind in zip(probability._TYPE_CARDS, probability.TYPES):
        assert (kind.values, kind.colours) == tuple(frozenset(x) for x in stands_for(card))


def test_reachable_values_by_brute_force() -> None:
    rng = random.Random(5)
    deck = full_deck()
    for _ in range(500):
        rng.shuffle(deck)
        hand = deck[:rng.randrange(0, 9)]
        options = [stands_for(c).values for c in hand]
        expected = {v for o in options for v in o}
        for i, a in enumerate(options):
            for b in options[i + 1:]:
                expected |= {x + y for x in a for y in b if x + y <= 10}
        assert reachable_values(hand) == tuple(sorted(expected))
