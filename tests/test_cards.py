"""Cards, codes and the deck (R1, R5)."""

from collections import Counter

import pytest

from dos_lab import Card, Color, InvalidInput, Kind, full_deck, parse_cards
from dos_lab.cards import check_supply, copies_in_deck


def test_deck_has_108_cards_with_the_r1_composition() -> None:
    deck = full_deck()
    counts = Counter(deck)
    assert len(deck) == 108
    assert sum(1 for c in deck if c.kind is Kind.NUMBER) == 88
    assert counts[Card.parse("W")] == 12
    for color in Color:
        per_color = [c for c in deck if c.color is color]
        assert len(per_color) == 24
        for number, copies in {1: 3, 3: 3, 4: 3, 5: 3, 6: 2, 7: 2, 8: 2, 9: 2, 10: 2}.items():
            assert counts[Card(Kind.NUMBER, color, number)] == copies
        assert counts[Card(Kind.WILD_NUMBER, color)] == 2


def test_deck_total_value_is_1036() -> None:
    assert sum(c.points for c in full_deck()) == 4 * 119 + 8 * 40 + 12 * 20 == 1036


def test_full_deck_order_is_fixed_and_a_fresh_list() -> None:
    first, second = full_deck(), full_deck()
    assert first == second and first is not second
    first.pop()
    assert len(full_deck()) == 108


@pytest.mark.parametrize("code, kind, color, number, points", [
    ("R7", Kind.NUMBER, Color.RED, 7, 7),
    ("y10", Kind.NUMBER, Color.YELLOW, 10, 10),
    ("B#", Kind.WILD_NUMBER, Color.BLUE, None, 40),
    ("w", Kind.WILD_DOS, None, None, 20),
    (" g1 ", Kind.NUMBER, Color.GREEN, 1, 1),
])
def test_parse_reads_every_kind_of_code(code: str, kind: Kind, color: Color | None, number: int | None,
                                        points: int) -> None:
    card = Card.parse(code)
    assert (card.kind, card.color, card.number, card.points) == (kind, color, number, points)
    assert Card.parse(str(card)) is card
    assert eval(repr(card), {"Card": Card}) is card


@pytest.mark.parametrize("bad", ["R2", "X7", "R11", "R0", "", "W2", "#", "R#4", "7R", "RR", None, 7])
def test_malformed_codes_raise_invalid_input_naming_the_code(bad: object) -> None:
    with pytest.raises(InvalidInput) as err:
        Card.parse(bad)  # type: ignore[arg-type]
    assert repr(bad) in str(err.value)


def test_cards_are_immutable_and_interned() -> None:
    card = Card.parse("R7")
    with pytest.raises(AttributeError):
        card.number = 8  # type: ignore[misc]
    assert Card(Kind.NUMBER, "R", 7) is card  # type: ignore[arg-type]
    assert {card: 1}[Card.parse("r7")] == 1


def test_constructor_validates() -> None:
    with pytest.raises(InvalidInput):
        Card(Kind.NUMBER, Color.RED, 2)
    with pytest.raises(InvalidInput):
        Card(Kind.WILD_DOS, Color.RED)
    with pytest.raises(InvalidInput):
        Card(Kind.WILD_NUMBER, Color.RED, 4)


def test_parse_cards_accepts_strings_lists_and_cards() -> None:
    expected = [Card.parse("R7"), Card.parse("B#"), Card.parse("W")]
    assert parse_cards("R7 B# W") == expected
    assert parse_cards("R7,B#,W") == expected
    assert parse_cards(["R7", Card.parse("B#"), "w"]) == expected
    assert parse_cards("") == [] and parse_cards([]) == []
    with pytest.raises(InvalidInput, match="Q3"):
        parse_cards("R7 Q3")


def test_dealer_values_count_wilds_as_zero() -> None:
    assert [c.dealer_value for c in parse_cards("R# W B3 Y10")] == [0, 0, 3, 10]


def test_copies_and_supply_check() -> None:
    assert copies_in_deck(Card.parse("G5")) == 3 and copies_in_deck(Card.parse("G6")) == 2
    check_supply(parse_cards("W " * 12))
    with pytest.raises(InvalidInput, match="13 copies of W"):
        check_supply(parse_cards("W " * 13))


def test_sorting_follows_deck_order() -> None:
    assert sorted(parse_cards("W Y1 R10 B# R1")) == parse_cards("R1 R10 B# Y1 W")


def test_pickle_keeps_interning() -> None:
    import pickle

    card = Card.parse("Y#")
    assert pickle.loads(pickle.dumps(card)) is card
