"""The lessons' explorers answer when a control changes (no Output capture: they render in Voila reliably)."""

from dos_lab import lessons as L


def test_one_row_card_explorer_redraws_its_answer() -> None:
    box = L.explore_one_row_card()
    row_card, hand_size, answer = box.children
    assert "Row card 7, 7 cards in hand" in answer.children[0].value
    hand_size.value = 1
    assert "Row card 7, 1 cards in hand" in answer.children[0].value
    assert "14.8%" in answer.children[0].value  # 16 of the 108 cards match a 7 on their own
    row_card.value = 10
    assert "Row card 10" in answer.children[0].value


def test_points_explorer_draws_a_picture() -> None:
    box = L.explore_points()
    picture = box.children[-1].children[0]
    first = bytes(picture.value)
    assert first.startswith(b"\x89PNG")
    box.children[0].value = 3
    assert bytes(picture.value) != first
