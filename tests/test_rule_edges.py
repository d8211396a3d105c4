"""Edge cases for every rule R1–R15 and every rule option of RULES.md §3.

Written from RULES.md and DESIGN.md §3–4 alone, independently of the engine.
"""

from __future__ import annotations

import contextlib
import itertools
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dos_lab import (
    Card,
    Color,
    DosError,
    Game,
    InvalidInput,
    Kind,
    Phase,
    Round,
    RuleSet,
    full_deck,
    parse_cards,
)
from dos_lab.game import choose_first_dealer

from helpers import all_cards, assert_hand, assert_illegal, assert_state, bare, cards, codes, make_round

# =========================================================================================================
# R1 — components and deck


def test_r1_deck_composition_and_value():
    deck = full_deck()
    assert len(deck) == 108
    kinds = Counter(c.kind for c in deck)
    assert kinds == {Kind.NUMBER: 88, Kind.WILD_NUMBER: 8, Kind.WILD_DOS: 12}
    assert sum(c.points for c in deck) == 1036
    for colour in Color:
        mine = [c for c in deck if c.color == colour]
        assert len(mine) == 24
        per_number = Counter(c.number for c in mine if c.kind is Kind.NUMBER)
        assert per_number == {1: 3, 3: 3, 4: 3, 5: 3, 6: 2, 7: 2, 8: 2, 9: 2, 10: 2}
    assert not any(c.number == 2 for c in deck)


@pytest.mark.parametrize(
    ("hands", "row", "draw", "discard"),
    [
        (["R7 R7", "B3"], "R7 Y5", "G4", ""),  # 3 x R7 (max 2)
        (["R1 R1", "B3"], "R1 Y5", "G4", "R1"),  # 4 x R1 (max 3)
        (["Y# Y#", "B3"], "G4 Y5", "Y#", ""),  # 3 x Y# (max 2)
        (["W W W W W W", "W W W W W W"], "W Y5", "G4", ""),  # 13 x W (max 12)
    ],
)
def test_r1_from_position_with_more_copies_than_the_deck_is_invalid(hands, row, draw, discard):
    with pytest.raises(InvalidInput):
        make_round(hands, row, draw, discard)


@pytest.mark.parametrize("bad", ["R2", "X5", "R11", "Q", "G0", "#"])
def test_r1_malformed_codes_raise_invalid_input_naming_the_code(bad):
    with pytest.raises(InvalidInput, match=bad.replace("#", r"\#")):
        Card.parse(bad)
    with pytest.raises(InvalidInput, match=bad.replace("#", r"\#")):
        parse_cards(f"R7 {bad} B3")
    with pytest.raises(InvalidInput, match=bad.replace("#", r"\#")):
        make_round([f"R7 {bad}", "B3"], "B7 Y5", "G4")


@pytest.mark.parametrize("bad", ["Q7", "R2", "W=X", "Y#=Q", "W=7"])
def test_r1_malformed_code_in_a_match_is_invalid_input_and_changes_nothing(bad):
    r = make_round(["R7 W Y# B3", "Y6 B8"], "B7 Y5", "G4 R1")
    before = r.to_dict()
    with pytest.raises(InvalidInput) as info:
        r.match(0, bad)
    assert bad.split("=")[-1] in str(info.value) or bad in str(info.value)
    assert r.to_dict() == before


@pytest.mark.parametrize("index", [2, 5, -7])
def test_r1_target_index_out_of_range_is_invalid_input(index):
    r = make_round(["R7 B3", "Y6 B8"], "B7 Y5", "G4 R1")
    before = r.to_dict()
    with pytest.raises(InvalidInput):
        r.match(index, "R7")
    assert r.to_dict() == before


@pytest.mark.parametrize("players", [0, 1, 5])
def test_r1_6_player_count_two_to_four(players):
    with pytest.raises(DosError):
        Round.deal(players=players, seed=0, dealer=0)


def test_r1_6_from_position_with_one_hand_is_refused():
    with pytest.raises(DosError):
        make_round(["R7 B3"], "B7 Y5", "G4")


# =========================================================================================================
# R2 — setup


@pytest.mark.parametrize(("players", "dealer"), [(2, 0), (2, 1), (3, 0), (3, 2), (4, 3), (4, 1)])
def test_r2_deal_shape_and_first_player(players, dealer):
    r = Round.deal(players=players, seed=42, dealer=dealer)
    assert [len(h) for h in r.hands] == [7] * players
    assert len(r.center_row) == 2
    assert len(r.draw_pile) == 108 - 7 * players - 2
    assert list(r.discard_pile) == []
    assert r.current == (dealer + 1) % players  # R2.5
    assert r.phase == Phase.MATCHING
    assert r.winner is None
    assert all_cards(r) == Counter(codes(full_deck()))


def test_r2_deal_is_seeded():
    assert Round.deal(players=3, seed=7, dealer=0).to_dict() == Round.deal(players=3, seed=7, dealer=0).to_dict()
    deals = {str(Round.deal(players=3, seed=s, dealer=0).to_dict()) for s in range(6)}
    assert len(deals) > 1


def test_r2_hand_size_option():
    r = Round.deal(players=2, seed=3, dealer=0, rules=RuleSet(hand_size=5))
    assert [len(h) for h in r.hands] == [5, 5]
    assert len(r.draw_pile) == 108 - 10 - 2


def _wild(card):
    return card.kind is not Kind.NUMBER


def test_r2_4_wilds_turned_up_at_setup_stay_by_default():
    found = [s for s in range(200) if any(_wild(c) for c in Round.deal(players=2, seed=s, dealer=0).center_row)]
    assert found, "with 20 wilds in 108 cards some seed must turn up a wild"


def test_r2_4_option_reflip_wilds_in_initial_center():
    rules = RuleSet(reflip_wilds_in_initial_center=True)
    for s in range(200):
        r = Round.deal(players=2, seed=s, dealer=0, rules=rules)
        assert len(r.center_row) == 2
        assert not any(_wild(c) for c in r.center_row), f"seed {s}: {codes(r.center_row)}"
        assert all_cards(r) == Counter(codes(full_deck()))
        assert [len(h) for h in r.hands] == [7, 7]


def test_r2_4_wild_turned_up_by_a_refill_stays_by_default():
    r = make_round(["R7 B3 G9", "Y6 B8"], "B7 Y5", "W G4 R1")
    r.match(0, "R7")
    r.end_turn()
    assert_state(r, center_row="Y5 W", draw_pile="G4 R1", current=1)


def test_r2_1_first_dealer_single_round():
    assert choose_first_dealer([[(0, Card.parse("R3")), (1, Card.parse("B10"))]]) == 1
    # a 1 beats a wild (wilds count 0)
    assert choose_first_dealer([[(0, Card.parse("W")), (1, Card.parse("G1")), (2, Card.parse("Y#"))]]) == 1
    # a tie below the top does not matter
    draws = [(0, Card.parse("R9")), (1, Card.parse("B9")), (2, Card.parse("G10"))]
    assert choose_first_dealer([draws]) == 2


def test_r2_1_first_dealer_ties_repeat_until_one_is_highest():
    rounds = [
        [(0, Card.parse("R5")), (1, Card.parse("B5")), (2, Card.parse("G5")), (3, Card.parse("Y1"))],
        [(0, Card.parse("R8")), (1, Card.parse("B8")), (2, Card.parse("G3"))],
        [(0, Card.parse("Y1")), (1, Card.parse("W"))],
    ]
    assert choose_first_dealer(rounds[:1]) is None
    assert choose_first_dealer(rounds[:2]) is None
    assert choose_first_dealer(rounds) == 0
    # two wilds tie at 0
    assert choose_first_dealer([[(0, Card.parse("W")), (1, Card.parse("R#"))]]) is None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_r2_game_start(players):
    for seed in range(5):
        game = Game(players=players, seed=seed)
        assert 0 <= game.dealer < players
        assert game.round.current == (game.dealer + 1) % players
        assert list(game.scores) == [0] * players
        assert game.over is False and game.winner is None
        assert [len(h) for h in game.round.hands] == [7] * players


# =========================================================================================================
# R3 — turn structure


def _s01(**options):
    return make_round(["R7 B3 G9", "Y6 B8 G10"], "B7 Y5", "G4 Y8 R1 B6", **options)


def test_r3_draw_allowed_although_a_match_exists():
    r = _s01()
    assert r.legal_matches()
    assert r.draw() == Card.parse("G4")
    assert_state(r, hands={0: "R7 B3 G9 G4"}, draw_pile="Y8 R1 B6", phase=Phase.DREW)


def test_r3_draw_twice_is_illegal():
    r = _s01()
    r.draw()
    assert_illegal(r, r.draw, "R3.1", "R3.3", "R7.1")


def test_r3_place_in_matching_phase_after_a_match_is_illegal():
    r = _s01()
    r.match(0, "R7")
    assert_illegal(r, lambda: r.place("B3"), "R3.3", "R7.3")


def test_r3_matching_acts_for_the_current_player_only():
    r = _s01()
    r.match(0, "R7")
    r.end_turn()
    assert r.current == 1
    # P1's cards cannot be played on P2's turn
    before = r.to_dict()
    with pytest.raises(DosError) as info:
        r.match(1, "B3")
    assert "B3" in str(info.value)
    assert r.to_dict() == before
    r.draw()
    assert_hand(r, 1, "Y6 B8 G10 Y8")


def test_r3_card_not_in_hand_is_refused():
    r = _s01()
    before = r.to_dict()
    with pytest.raises(DosError) as info:
        r.match(0, "Y7")
    assert "Y7" in str(info.value)
    assert r.to_dict() == before


# =========================================================================================================
# R4 — matching


def test_r4_1_single_with_wrong_value_names_rule_and_cards():
    r = _s01()
    msg = assert_illegal(r, lambda: r.match(0, "B3"), "R4.1")
    assert "B3" in msg


def test_r4_2_double_with_wrong_sum_names_rule_and_cards():
    r = make_round(["R3 Y4 B9", "Y6 B8"], "B5 G9", "G4 R1")
    msg = assert_illegal(r, lambda: r.match(0, "R3", "Y4"), "R4.2")
    assert "R3" in msg and "Y4" in msg


def test_r4_2_zero_cards_refused():
    r = _s01()
    assert_illegal(r, lambda: r.match(0), "R4.2")


def test_r4_2_three_cards_refused_even_with_two_wilds():
    r = make_round(["R1 W B# G3", "Y6 B8"], "R7 Y5", "G4 R1")
    assert_illegal(r, lambda: r.match(0, "R1", "W", "B#"), "R4.2")


def test_r4_3_each_row_card_at_most_once_two_singles():
    r = make_round(["R7 B7 G9", "Y6 B8"], "Y7 Y5", "G4 R1")
    r.match(0, "R7")
    assert_illegal(r, lambda: r.match(0, "B7"), "R4.3")


def test_r4_3_same_hand_card_cannot_be_used_twice():
    r = make_round(["R3 G9 B1", "Y6 B8"], "Y3 B3", "G4 R1")
    r.match(0, "R3")
    before = r.to_dict()
    with pytest.raises(DosError):
        r.match(1, "R3")
    assert r.to_dict() == before


def test_r4_pair_of_identical_cards_needs_two_copies():
    r = make_round(["B1 R4 G10", "Y6 B8"], "W Y9", "G4 R1")
    before = r.to_dict()
    with pytest.raises(DosError):
        r.match(0, "B1", "B1")
    assert r.to_dict() == before


def test_r4_4_all_row_cards_in_one_turn():
    r = make_round(["B7 G5 R9 G1 Y1", "Y6 B8"], "R7 B5 Y9", "G4 R1 B6")
    r.match(0, "B7")
    r.match(1, "G5")
    r.match(2, "R9")
    assert_state(r, center_row="R7 B5 Y9")
    r.end_turn()
    assert_state(r, hands={0: "G1 Y1"}, center_row="G4 R1", discard_pile="R7 B7 B5 G5 Y9 R9", draw_pile="B6",
                 phase=Phase.MATCHING, current=1, bonuses_owed=0)


def test_r4_6_a_one_can_only_be_single_matched():
    r = make_round(["Y# B# W R#", "Y6 B8"], "R1 G9", "G4 R1 B6")
    assert_illegal(r, lambda: r.match(0, "Y#", "B#"), "R4.6", "R4.2", "R10.4")
    assert_illegal(r, lambda: r.match(0, "Y#=1", "B#=1"), "R4.6", "R4.2")
    on_one = [m for m in r.legal_matches() if m.target == 0]
    assert on_one and all(len(m.cards) == 1 for m in on_one)
    # every wild # can single it, W (=2) cannot
    assert sorted(bare(m.cards[0]) for m in on_one) == ["B#", "R#", "Y#"]
    r.match(0, "R#")  # declaration chosen by the engine: 1, and it is red -> SCM
    r.end_turn()
    assert_state(r, phase=Phase.BONUS, bonuses_owed=1, discard_pile="R1 R#")


def test_r4_6_no_double_above_ten():
    r = make_round(["R5 G6 B4", "Y6 B8"], "G# Y3", "G4 R1 B6")
    assert_illegal(r, lambda: r.match(0, "R5", "G6"), "R4.2", "R4.6", "R10.4", "R10.1")
    assert_illegal(r, lambda: r.match(0, "R5", "G6", target_as=11), "R10.4", "R4.6")
    assert not any(m.target == 0 and sorted(map(bare, m.cards)) == ["G6", "R5"] for m in r.legal_matches())
    r.match(0, "G6", "B4")  # 6 + 4 = 10: fine
    r.end_turn()
    assert_state(r, discard_pile="G# G6 B4", hands={0: "R5"}, current=1, phase=Phase.MATCHING)


def test_r4_6_cards_arriving_this_turn_cannot_be_matched():
    r = make_round(["R5 G9 B1 Y3", "Y6 B8"], "R5 G8", "Y10 R1 B6")
    r.match(0, "R5")
    r.end_turn()
    assert_state(r, phase=Phase.BONUS, center_row="G8 Y10")
    assert_illegal(r, lambda: r.match(1, "G9", "B1"), "R4.6", "R3.1", "R3.3", "R8", "E3")
    assert_illegal(r, r.draw, "R3.1", "R3.3", "R8", "R7.1", "E3")


def test_r4_5_wild_dos_in_hand_against_wild_dos_in_row():
    r = make_round(["W R9 G1", "Y6 B8"], "W Y5", "G4 R1 B6")
    r.match(0, "W=R", target_as="R")
    r.end_turn()
    assert_state(r, discard_pile="W W", phase=Phase.BONUS, bonuses_owed=1)


def test_r4_5_wild_dos_in_hand_against_wild_dos_in_row_undeclared_gets_bonus():
    r = make_round(["W R9 G1", "Y6 B8"], "W Y5", "G4 R1 B6")
    [m] = [m for m in r.legal_matches() if m.target == 0]
    assert m.bonus == "single_colour"
    r.match(0, "W")
    r.end_turn()
    assert_state(r, phase=Phase.BONUS, bonuses_owed=1)


def test_r4_5_wild_dos_in_hand_against_wild_dos_in_row_different_colours_no_bonus():
    r = make_round(["W R9 G1", "Y6 B8"], "W Y5", "G4 R1 B6")
    r.match(0, "W=R", target_as="B")
    r.end_turn()
    assert_state(r, phase=Phase.MATCHING, current=1, hands={0: "R9 G1"}, center_row="Y5 G4")


def test_r4_5_wild_dos_single_on_wild_number_declared_two():
    r = make_round(["W R9 G1", "Y6 B8"], "R# Y5", "G4 R1 B6")
    r.match(0, "W=R", target_as=2)
    r.end_turn()
    assert_state(r, discard_pile="R# W", phase=Phase.BONUS, bonuses_owed=1)


def test_r4_5_two_wild_dos_make_four_undeclared_dcm():
    r = make_round(["W W G9 B1", "Y6 B8"], "R4 Y5", "G4 R1 B6")
    r.match(0, "W", "W")
    r.end_turn()
    assert_state(r, phase=Phase.BONUS, bonuses_owed=1, discard_pile="R4 W W")
    r.place("G9")
    assert_state(r, hands={0: "B1", 1: "Y6 B8 R1"}, current=1)


# =========================================================================================================
# R6 — colour-match bonuses


def test_r6_3_double_with_one_card_of_target_colour_earns_nothing():
    r = make_round(["R3 B4 G9 Y1", "Y6 B8"], "R7 Y5", "G4 R1 B6")
    r.match(0, "R3", "B4")
    r.end_turn()
    assert_state(r, hands={0: "G9 Y1", 1: "Y6 B8"}, phase=Phase.MATCHING, current=1, bonuses_owed=0)


def test_r6_3_mixed_double_on_wild_dos_row_card_earns_nothing_whatever_declared():
    r = make_round(["B1 G1 R9 Y1", "Y6 B8"], "W Y5", "G4 R1 B6")
    r.match(0, "B1", "G1", target_as="B")
    r.end_turn()
    assert_state(r, hands={0: "R9 Y1", 1: "Y6 B8"}, phase=Phase.MATCHING, current=1)


@pytest.mark.parametrize(("card", "bonus"), [("R#=7", True), ("B#=7", False), ("R#", True)])
def test_r6_5_wild_number_keeps_its_printed_colour(card, bonus):
    r = make_round(["R# B# G9 Y1", "Y6 B8"], "R7 Y5", "G4 R1 B6")
    r.match(0, card)
    r.end_turn()
    assert r.phase == (Phase.BONUS if bonus else Phase.MATCHING)


def test_r6_5_wild_dos_declared_other_colour_gives_no_bonus():
    r = make_round(["R5 W G9 Y1", "Y6 B8"], "R7 Y5", "G4 R1 B6")
    r.match(0, "W=G", "R5")
    r.end_turn()
    assert_state(r, hands={0: "G9 Y1", 1: "Y6 B8"}, phase=Phase.MATCHING, current=1)


def test_r6_4_two_dcms_three_players_each_opponent_draws_two_in_order():
    r = make_round(["R3 R4 B1 B4 G9 Y6 G10", "Y1", "G1"], "R7 B5", "Y3 Y4 R1 B6 G3 Y8 R8")
    r.match(0, "R3", "R4")
    r.match(1, "B1", "B4")
    r.end_turn()
    assert_state(r, center_row="Y3 Y4", discard_pile="R7 R3 R4 B5 B1 B4", phase=Phase.BONUS, bonuses_owed=2,
                 hand_sizes={1: 1, 2: 1})
    r.place("G9")
    r.place("Y6")
    assert_state(r, hands={0: "G10", 1: "Y1 R1 B6", 2: "G1 G3 Y8"}, center_row="Y3 Y4 G9 Y6", draw_pile="R8",
                 phase=Phase.MATCHING, current=1, bonuses_owed=0)


def test_r6_4_scm_plus_dcm_two_bonuses_one_draw_each():
    r = make_round(["R7 B1 B4 G9 Y6 G10", "Y1 Y5", "G1"], "R7 B5 Y9", "Y3 R1 B6 G3")
    r.match(0, "R7")
    r.match(1, "B1", "B4")
    r.end_turn()
    # one row card left (Y9): refill to two
    assert_state(r, center_row="Y9 Y3", phase=Phase.BONUS, bonuses_owed=2)
    r.place("G9")
    r.place("Y6")
    assert_state(r, hands={0: "G10", 1: "Y1 Y5 R1", 2: "G1 B6"}, center_row="Y9 Y3 G9 Y6", draw_pile="G3",
                 current=1)


def test_r8_e4_order_starts_left_of_active_player_four_players():
    r = make_round(["Y1", "G1", "R3 R4 B9 G9", "B1"], "R7 Y5 B8", "Y3 R1 B6 G3", current=2)
    r.match(0, "R3", "R4")
    r.end_turn()  # two row cards left: no refill
    assert_state(r, center_row="Y5 B8", phase=Phase.BONUS, bonuses_owed=1, draw_pile="Y3 R1 B6 G3")
    r.place("B9")
    assert_state(r, hands={3: "B1 Y3", 0: "Y1 R1", 1: "G1 B6", 2: "G9"}, draw_pile="G3", center_row="Y5 B8 B9",
                 current=3, phase=Phase.MATCHING)


# =========================================================================================================
# R7 — drawing


def test_r7_2_default_only_one_match_after_drawing():
    r = make_round(["R3 G6 B1", "Y6 B8"], "Y3 B5", "G5 R4 Y8 B6")
    r.draw()
    r.match(1, "G5")
    assert_illegal(r, lambda: r.match(0, "R3"), "R7.2")
    r.end_turn()
    assert_state(r, hands={0: "R3 G6 B1"}, discard_pile="B5 G5", center_row="Y3 R4", current=1)


def test_r7_2_option_any_matches_allows_several_matches():
    r = make_round(["R3 G6 B1", "Y6 B8"], "Y3 B5", "G5 R4 Y8 B6", after_draw_matching="any_matches")
    r.draw()
    r.match(1, "G5")
    r.match(0, "R3")
    r.end_turn()
    assert_state(r, hands={0: "G6 B1"}, discard_pile="Y3 R3 B5 G5", center_row="R4 Y8", current=1)


def test_r7_2_legal_matches_after_drawing_use_the_drawn_card():
    position = (["R3 B4", "Y6 B8"], "Y3 B7 G8", "G5 R4 Y8 B6")
    r = make_round(*position)
    r.draw()
    listed = {(m.target, tuple(sorted(map(bare, m.cards)))) for m in r.legal_matches()}
    assert listed == {(2, ("G5", "R3"))}
    r2 = make_round(*position, after_draw_matching="any_matches")
    r2.draw()
    listed2 = {(m.target, tuple(sorted(map(bare, m.cards)))) for m in r2.legal_matches()}
    assert listed2 == {(0, ("R3",)), (1, ("B4", "R3")), (2, ("G5", "R3"))}


def test_r7_2_default_post_draw_match_must_use_the_drawn_card():
    r = make_round(["G6 B1", "Y6 B8"], "Y3 R7", "R3 B6 Y8 G3", current=0)
    assert r.draw() == Card.parse("R3")
    assert_illegal(r, lambda: r.match(1, "G6", "B1"), "R7.2")  # 6 + 1 = 7, but no drawn card
    r.match(0, "R3")
    r.end_turn()
    assert_state(r, phase=Phase.MATCHING, current=1, hands={0: "G6 B1"})


def test_r7_2_dcm_after_drawing():
    r = make_round(["R4 B1 G9", "Y6 B8"], "R7 Y5", "R3 B6 Y8 G3")
    assert r.draw() == Card.parse("R3")
    r.match(0, "R3", "R4")
    r.end_turn()
    assert_state(r, phase=Phase.BONUS, bonuses_owed=1, center_row="Y5 B6")
    r.place("G9")
    assert_state(r, hands={0: "B1", 1: "Y6 B8 Y8"}, center_row="Y5 B6 G9", draw_pile="G3", current=1)


def test_r7_3_after_drawing_without_match_a_placement_is_required():
    r = _s01()
    r.draw()
    assert_illegal(r, r.end_turn, "R7.3")


def test_r7_3_no_placement_after_a_post_draw_match():
    r = make_round(["R9 B10 G6", "Y6 B8"], "Y3 B5", "G5 R4 Y8 B1")
    r.draw()
    r.match(1, "G5")
    assert_illegal(r, lambda: r.place("R9"), "R7.3", "R3.3")


def test_r7_3_placing_a_card_not_in_hand_is_refused():
    r = _s01()
    r.draw()
    before = r.to_dict()
    with pytest.raises(DosError):
        r.place("Y10")
    assert r.to_dict() == before


def test_r7_4_placed_wild_dos_takes_the_colour_its_matcher_declares():
    r = make_round(["W G10", "B1 B1 R4 G9"], "Y3 G4", "B8 R1 Y5 B6")
    r.draw()
    r.place("W")
    assert_state(r, center_row="Y3 G4 W", current=1, hands={0: "G10 B8"})
    r.match(2, "B1", "B1", target_as="B")
    r.end_turn()
    assert_state(r, phase=Phase.BONUS, bonuses_owed=1, discard_pile="W B1 B1", center_row="Y3 G4")
    r.place("R4")
    assert_state(r, hands={0: "G10 B8 R1", 1: "G9"}, current=0)


# =========================================================================================================
# R8 — end of turn


def test_r8_e2_no_refill_when_two_remain():
    r = make_round(["R7 B3 G9", "Y6 B8"], "B7 Y5 G8", "G4 Y8 R1")
    r.match(0, "R7")
    r.end_turn()
    assert_state(r, center_row="Y5 G8", draw_pile="G4 Y8 R1", discard_pile="B7 R7", current=1)


def test_r8_e3_bonus_card_must_come_from_hand():
    r = make_round(["R5 G9 B1", "Y6 B8"], "R5 G8", "Y10 R1 B6")
    r.match(0, "R5")
    r.end_turn()
    before = r.to_dict()
    with pytest.raises(DosError):
        r.place("Y7")
    assert r.to_dict() == before


def test_r8_e3_remaining_placements_forfeited_when_hand_empties():
    r = make_round(["R7 B5", "Y6 B8 G1"], "R7 B5", "G4 Y8 R1")
    r.match(0, "R7")
    r.match(1, "B5")
    r.end_turn()
    assert_state(r, hands={0: ""}, phase=Phase.OVER, winner=0, points=6 + 8 + 1, bonuses_owed=0,
                 center_row="G4 Y8", discard_pile="R7 R7 B5 B5")


def test_r8_e6_turn_passes_left_with_wraparound():
    r = make_round(["Y6 B8", "G1 Y1", "R7 B3 G9"], "B7 Y5", "G4 Y8 R1", current=2)
    r.match(0, "R7")
    r.end_turn()
    assert_state(r, current=0, phase=Phase.MATCHING)


def test_r8_e3_bonus_placement_of_a_wild_number_matcher_declares_later():
    r = make_round(["R5 G# B1", "G3 G6 Y1"], "R5 Y8", "Y10 R1 B6 G4")
    r.match(0, "R5")
    r.end_turn()
    r.place("G#")
    assert_state(r, center_row="Y8 Y10 G#", current=1)
    r.match(2, "G3", "G6", target_as=9)
    r.end_turn()
    assert_state(r, phase=Phase.BONUS, bonuses_owed=1, discard_pile="R5 R5 G# G3 G6")


# =========================================================================================================
# R9 / R10 — wild cards


@pytest.mark.parametrize("bad", ["Y#=0", "Y#=11", "Y#=13"])
def test_r10_4_wild_number_declared_out_of_range_is_refused(bad):
    r = make_round(["Y# R9 G1", "Y6 B8"], "Y7 B4", "R3 G4")
    assert_illegal(r, lambda: r.match(0, bad), "R10.4")


@pytest.mark.parametrize("value", [0, 11])
def test_r10_4_row_wild_number_declared_out_of_range_is_refused(value):
    r = make_round(["G3 G6 R1 B5", "Y6 B8"], "G# Y10", "B7 R8")
    assert_illegal(r, lambda: r.match(0, "R1", target_as=value), "R10.4")


def test_r10_undeclared_wild_numbers_get_values_that_fit_and_earn_a_bonus():
    r = make_round(["Y# Y# R9 G1", "Y6 B8"], "Y7 B4", "R3 G4 B6")
    [m] = [m for m in r.legal_matches() if m.target == 0 and [bare(c) for c in m.cards] == ["Y#", "Y#"]]
    assert m.bonus == "double_colour"
    values = sorted(int(c.split("=")[1]) for c in m.cards)
    assert sum(values) == 7 and all(1 <= v <= 10 for v in values)
    # replay the listed match exactly
    r.match(m.target, *m.cards, target_as=m.target_as)
    r.end_turn()
    r.place("R9")
    assert_state(r, hands={0: "G1", 1: "Y6 B8 G4"}, center_row="B4 R3 R9", current=1)


def test_r10_undeclared_row_wild_number_engine_chooses_value():
    r = make_round(["G3 G6 R1 B5", "Y6 B8"], "G# Y10", "B7 R8 Y4")
    r.match(0, "G3", "G6")  # engine must declare G# = 9 -> DCM
    r.end_turn()
    assert_state(r, phase=Phase.BONUS, bonuses_owed=1, discard_pile="G# G3 G6")


def test_r10_3_wild_number_in_a_double_undeclared():
    r = make_round(["B3 Y# R10", "Y6 B8"], "R7 G8", "G1 R4")
    r.match(0, "B3", "Y#")
    r.end_turn()
    assert_state(r, hands={0: "R10"}, discard_pile="R7 B3 Y#", phase=Phase.MATCHING, current=1)


def test_r9_wild_dos_declared_colour_must_be_a_colour():
    r = make_round(["R5 W G9", "Y6 B8"], "R7 Y5", "G4 R1")
    before = r.to_dict()
    with pytest.raises(DosError):
        r.match(0, "R5", "W=P")
    with pytest.raises(DosError):
        r.match(0, "R5", "W=2")
    with pytest.raises(DosError):
        make_round(["R5 W G9", "B1 B1"], "W Y5", "G4 R1").match(0, "B1", "B1", target_as="P")
    assert r.to_dict() == before


def test_r10_2_option_declared_when_placed_bonus_placement_fixes_the_value():
    r = make_round(["R5 G# B1", "G1 G4 G6 Y1"], "R5 Y8", "Y10 R1 B6 G3", wild_number_in_center="declared_when_placed")
    r.match(0, "R5")
    r.end_turn()
    r.place("G#=5")
    assert_state(r, center_row="Y8 Y10 G#", current=1)
    assert_illegal(r, lambda: r.match(2, "G6", target_as=6), "R10.2", "R4.1", "D4")
    r.match(2, "G1", "G4")
    r.end_turn()
    assert_state(r, phase=Phase.BONUS, bonuses_owed=1, discard_pile="R5 R5 G# G1 G4")


def test_r10_2_default_placer_declaration_does_not_bind_the_matcher():
    r = make_round(["R5 G# B1", "G3 G6 Y1"], "R5 Y8", "Y10 R1 B6 G4")
    r.match(0, "R5")
    r.end_turn()
    try:
        r.place("G#=5")
    except DosError:
        r.place("G#")
    r.match(2, "G3", "G6", target_as=9)
    r.end_turn()
    assert_state(r, phase=Phase.BONUS, bonuses_owed=1)


# =========================================================================================================
# R11 — DOS call


def test_r11_3_call_only_counts_with_exactly_two_cards():
    r = make_round(["R7 B3 G9", "Y6", "B8 G10"], "B7 Y5", "G4 Y8 R1")
    assert r.call_dos(0) is False
    assert r.call_dos(1) is False
    assert r.call_dos(2) is True
    assert r.catch_dos(0, 2) is False  # already called
    assert_state(r, hands={2: "B8 G10"}, draw_pile="G4 Y8 R1")


def test_r11_3_catch_on_a_player_without_two_cards_has_no_effect():
    r = make_round(["R7 B3 G9", "Y6 B8 G1"], "B7 Y5", "G4 Y8 R1")
    assert r.catch_dos(1, 0) is False
    assert_state(r, hands={0: "R7 B3 G9"}, draw_pile="G4 Y8 R1")


def test_r11_1_dos_penalty_option():
    r = _s01(dos_penalty=3)
    r.match(0, "R7")
    r.end_turn()
    assert r.catch_dos(1, 0) is True
    assert_state(r, hands={0: "B3 G9 Y8 R1 B6"}, draw_pile="")


def test_r11_4_rest_point_after_draw_catch_is_deferred_to_e5():
    r = make_round(["G10", "Y6 B8 G1"], "Y3 G4", "B8 R1 Y5 B6")
    r.draw()
    assert_state(r, phase=Phase.DREW, hands={0: "G10 B8"})
    assert r.catch_dos(1, 0) is True
    assert_state(r, hands={0: "G10 B8"}, draw_pile="R1 Y5 B6")  # own turn: deferred
    r.place("G10")
    assert_state(r, hands={0: "B8 R1 Y5"}, draw_pile="B6", center_row="Y3 G4 G10", current=1)


def test_r11_4_calling_right_after_the_draw_protects():
    r = make_round(["G10", "Y6 B8 G1"], "Y3 G4", "B8 R1 Y5 B6")
    r.draw()
    assert r.call_dos(0) is True
    assert r.catch_dos(1, 0) is False
    r.place("G10")
    assert_state(r, hands={0: "B8"}, draw_pile="R1 Y5 B6", current=1)


def test_r11_4_rest_point_after_dcm_draws_catch_is_immediate():
    r = make_round(["R3 R4 B9 G1 Y6", "Y1 Y4 Y9", "G7"], "R7 Y5", "G4 B6 Y10 R1 G3 B3")
    r.match(0, "R3", "R4")
    r.end_turn()
    r.place("B9")
    # P3 went from 1 to 2 cards by the E4 draw (RP5) and has not called
    assert_state(r, hands={1: "Y1 Y4 Y9 B6", 2: "G7 Y10"}, current=1, draw_pile="R1 G3 B3")
    assert r.catch_dos(0, 2) is True
    assert_state(r, hands={2: "G7 Y10 R1 G3"}, draw_pile="B3", current=1)


def test_r11_4_option_end_of_own_turn_no_exposure_during_bonus_phase():
    r = make_round(["R7 G6 Y1 B9", "R10 B#"], "R7 G6 Y3", "B10 R4 Y8 G1 B3", dos_checkpoints="end_of_own_turn")
    r.match(0, "R7")
    r.match(1, "G6")
    r.end_turn()
    assert r.phase == Phase.BONUS
    assert r.catch_dos(1, 0) is False
    r.place("Y1")
    r.place("B9")
    assert_state(r, hands={0: ""}, phase=Phase.OVER, winner=0, points=50, draw_pile="R4 Y8 G1 B3")


def test_r11_4_option_end_of_own_turn_exposed_after_the_turn():
    r = _s01(dos_checkpoints="end_of_own_turn")
    r.match(0, "R7")
    assert r.catch_dos(1, 0) is False
    r.end_turn()
    assert r.catch_dos(1, 0) is True
    assert_state(r, hands={0: "B3 G9 Y8 R1"})


def test_r11_4_default_mid_matching_phase_is_not_a_rest_point():
    r = make_round(["R7 B3 Y1", "Y6 B8"], "B7 Y5 G1", "G4 Y8 R1")
    r.match(0, "R7")  # two cards left mid-phase
    assert r.catch_dos(1, 0) is False
    r.match(2, "Y1")  # one card left at commit: never exposed
    r.end_turn()
    assert r.catch_dos(1, 0) is False
    assert_state(r, hands={0: "B3"}, center_row="Y5 G4", current=1, draw_pile="Y8 R1")


def test_r11_4_option_every_card_movement_mid_phase_exposure():
    r = make_round(["R7 B3 Y1", "Y6 B8"], "B7 Y5 G1", "G4 Y8 R1 B6", dos_checkpoints="every_card_movement")
    r.match(0, "R7")
    assert r.catch_dos(1, 0) is True  # two cards in hand now: caught, penalty deferred to E5
    assert_state(r, hands={0: "B3 Y1"}, draw_pile="G4 Y8 R1 B6")
    r.match(2, "Y1")
    r.end_turn()
    # E1 discards B7 R7 G1 Y1; E2 refills G4; E5 P1 draws Y8 R1
    assert_state(r, center_row="Y5 G4", discard_pile="B7 R7 G1 Y1", hands={0: "B3 Y8 R1"}, draw_pile="B6",
                 current=1, phase=Phase.MATCHING)


def test_r11_5_default_window_lasts_while_hand_size_stays_two():
    r = make_round(["R7 B3 G9", "Y6 B8 G1", "R9 G5 Y4"], "B7 Y5", "G4 Y8 R1 B6 G3")
    r.match(0, "R7")
    r.end_turn()
    r.draw()  # P2 draws Y8
    r.place("Y8")
    assert r.current == 2
    assert r.catch_dos(2, 0) is True
    assert_state(r, hands={0: "B3 G9 R1 B6"}, draw_pile="G3")


def test_r11_5_option_until_next_turn_starts():
    r = make_round(["R7 B3 G9", "Y6 B8 G1", "R9 G5 Y4"], "B7 Y5", "G4 Y8 R1 B6 G3",
                   dos_catch_window="until_next_turn_starts")
    r.match(0, "R7")
    r.end_turn()
    r.draw()
    r.place("Y8")
    assert r.current == 2
    assert r.catch_dos(2, 0) is False
    assert_state(r, hands={0: "B3 G9"}, draw_pile="R1 B6 G3")


def test_r11_5_exposure_ends_when_hand_size_changes():
    r = make_round(["R7 B3 G9", "R3 R4 Y6 G1 B8"], "B7 Y5", "R7 Y8 R1 B6 G3")
    r.match(0, "R7")
    r.end_turn()
    assert_state(r, center_row="Y5 R7", current=1)
    r.match(1, "R3", "R4")  # P2: DCM on the refilled R7
    r.end_turn()
    r.place("Y6")
    assert_state(r, hands={0: "B3 G9 R1"}, current=0)
    assert r.catch_dos(1, 0) is False
    assert_state(r, hands={0: "B3 G9 R1"}, draw_pile="B6 G3")


def test_r11_5_round_end_ends_all_exposure():
    r = make_round(["B3 G4", "R10 W B#", "Y5 Y5"], "R7 Y9", "G1 R4 B6")
    r.match(0, "B3", "G4")
    r.end_turn()
    assert r.phase == Phase.OVER
    assert r.catch_dos(0, 2) is False
    assert_state(r, hands={2: "Y5 Y5"}, draw_pile="R4 B6", points=80)


def test_r11_1_catch_of_non_active_player_is_immediate_even_mid_turn():
    r = make_round(["R7 B3 G9", "Y6 B8 G1 R4", "R9 G5 Y4"], "B7 Y5", "G4 Y8 R1 B6 G3")
    r.match(0, "R7")
    r.end_turn()  # P1 exposed with [B3 G9]
    r.match(1, "R4")  # P2 is in the middle of the matching phase (R4 on G4)
    assert r.catch_dos(2, 0) is True  # P1 is not the active player: penalty at once
    assert_state(r, hands={0: "B3 G9 Y8 R1", 1: "Y6 B8 G1"}, draw_pile="B6 G3", current=1, phase=Phase.MATCHING)
    r.end_turn()
    assert_state(r, hands={0: "B3 G9 Y8 R1"}, discard_pile="B7 R7 G4 R4", center_row="Y5 B6", current=2)


def test_r11_5_option_until_next_turn_starts_window_closed_once_next_player_drew():
    r = make_round(["R7 B3 G9", "Y6 B8 G1", "R9 G5 Y4"], "B7 Y5", "G4 Y8 R1 B6 G3",
                   dos_catch_window="until_next_turn_starts")
    r.match(0, "R7")
    r.end_turn()
    r.draw()  # P2's turn has started
    assert r.catch_dos(2, 0) is False
    assert_state(r, hands={0: "B3 G9"}, draw_pile="R1 B6 G3", phase=Phase.DREW, current=1)


# =========================================================================================================
# R12 / R13 — end of round, scoring, game end


def test_r12_2_going_out_with_a_bonus_placement():
    r = make_round(["R7 B3", "Y6 B8 G#"], "R7 Y5", "G4 Y8 R1")
    r.match(0, "R7")
    r.end_turn()
    assert_state(r, phase=Phase.BONUS, bonuses_owed=1, hands={0: "B3"})
    r.place("B3")
    assert_state(r, hands={0: ""}, center_row="Y5 G4 B3", phase=Phase.OVER, winner=0, points=6 + 8 + 40)


def test_r12_no_actions_after_the_round_is_over():
    r = make_round(["B3 G4", "R10 W B#"], "R7 Y9", "G1 R4 B6")
    r.match(0, "B3", "G4")
    r.end_turn()
    assert r.phase == Phase.OVER
    assert_illegal(r, r.draw, "R12.1", "R12", "R13")
    assert_illegal(r, r.end_turn, "R12.1", "R12", "R13")
    with contextlib.suppress(DosError):
        assert r.legal_matches() == []


def test_r13_3_reaching_the_target_exactly_ends_the_game():
    game = Game.from_position(scores=[190, 150], dealer=1, hands=["R7", "R9 B1"], center_row="B7 Y5",
                              draw_pile="G1 R4 B6", discard_pile="", current=0, rules=RuleSet(), seed=0)
    game.round.match(0, "R7")
    game.round.end_turn()
    assert list(game.scores) == [200, 150]
    assert game.over is True and game.winner == 0


def test_r13_3_target_score_option():
    game = Game.from_position(scores=[0, 90], dealer=0, hands=["R9 B1", "R7"], center_row="B7 Y5",
                              draw_pile="G1 R4 B6", discard_pile="", current=1, rules=RuleSet(target_score=100),
                              seed=0)
    game.round.match(0, "R7")
    game.round.end_turn()
    assert list(game.scores) == [0, 100]
    assert game.over is True and game.winner == 1


# =========================================================================================================
# R14 — draw pile exhausted


def test_r14_1_player_draw_reshuffles_the_discards():
    r = make_round(["R9 G10", "Y6 B8"], "Y3 G4", "", "B1 G1 Y6")
    card = r.draw()
    assert str(card) in {"B1", "G1", "Y6"}
    assert list(r.discard_pile) == []
    assert len(r.draw_pile) == 2
    assert Counter(codes(r.draw_pile)) + Counter([str(card)]) == Counter(["B1", "G1", "Y6"])
    assert_hand(r, 0, f"R9 G10 {card}")


def test_r14_1_dcm_draw_reshuffles_the_cards_just_discarded():
    r = make_round(["R3 R4 B9 G1", "Y6 B8"], "R7 Y5 G8", "", "")
    r.match(0, "R3", "R4")
    r.end_turn()
    assert_state(r, center_row="Y5 G8", discard_pile="R7 R3 R4", draw_pile="")
    r.place("B9")
    p2 = codes(r.hands[1])
    assert len(p2) == 3
    extra = (Counter(p2) - Counter(["Y6", "B8"])).most_common()
    assert len(extra) == 1 and extra[0][0] in {"R7", "R3", "R4"}
    assert list(r.discard_pile) == []
    assert len(r.draw_pile) == 2


def test_r14_2_both_piles_empty_penalty_is_skipped():
    r = make_round(["R7 B3 G9", "Y6 B8"], "B7 Y5 G8", "", "")
    assert r.catch_dos(0, 1) in (True, False)
    assert_state(r, hands={1: "Y6 B8"}, draw_pile="", discard_pile="")


def test_r14_3_option_skip_draw_penalty_draws_nothing():
    r = make_round(["R7 B3 G9", "Y6 B8"], "B7 Y5", "", "G1 R4", empty_draw_pile="skip_draw")
    r.catch_dos(0, 1)
    assert_state(r, hands={1: "Y6 B8"}, draw_pile="", discard_pile="G1 R4")


def test_r14_3_option_skip_draw_dcm_draw_skipped():
    r = make_round(["R3 R4 B9 G1", "Y6 B8"], "R7 Y5 G8", "", "", empty_draw_pile="skip_draw")
    r.match(0, "R3", "R4")
    r.end_turn()
    r.place("B9")
    assert_state(r, hands={0: "G1", 1: "Y6 B8"}, draw_pile="", discard_pile="R7 R3 R4", current=1)


# =========================================================================================================
# Options: parsing


def test_rule_options_unknown_values_are_invalid():
    with pytest.raises(InvalidInput):
        RuleSet(empty_draw_pile="panic")
    with pytest.raises(InvalidInput):
        RuleSet(no_such_option=True)


# =========================================================================================================
# legal_matches(): listing, replay, declarations chosen by the engine


def _oracle_options(card, in_row):
    if card.kind is Kind.NUMBER:
        return {card.number}, {card.color}
    if card.kind is Kind.WILD_NUMBER:
        return set(range(1, 11)), {card.color}
    return {2}, set(Color)


def _oracle(target, hand_cards):
    """(legal, bonus) for a match, from RULES.md R4–R6, R9, R10 (matcher declares)."""
    tv, tc = _oracle_options(target, True)
    opts = [_oracle_options(c, False) for c in hand_cards]
    if len(hand_cards) == 1:
        (v, c), = opts
        if not v & tv:
            return False, None
        return True, ("single_colour" if c & tc else None)
    (v1, c1), (v2, c2) = opts
    if not any(a + b in tv for a in v1 for b in v2):
        return False, None
    return True, ("double_colour" if c1 & c2 & tc else None)


def _expected_listing(row, hand):
    expected = {}
    distinct = sorted(set(codes(hand)))
    counts = Counter(codes(hand))
    combos = [(c,) for c in distinct]
    combos += [tuple(sorted(p)) for p in itertools.combinations(distinct, 2)]
    combos += [(c, c) for c in distinct if counts[c] >= 2]
    for t, target in enumerate(row):
        for combo in combos:
            legal, bonus = _oracle(target, cards(combo))
            if legal:
                expected[(t, combo)] = bonus
    return expected


def _listing(r):
    result = {}
    for m in r.legal_matches():
        key = (m.target, tuple(sorted(map(bare, m.cards))))
        assert key not in result, f"listed twice: {key}"
        result[key] = m.bonus
    return result


def _check_position(hands, row, draw):
    r = make_round(hands, row, draw)
    expected = _expected_listing(cards(row), cards(hands[0]))
    listed = _listing(r)
    assert set(listed) == set(expected)
    for key, bonus in expected.items():
        assert listed[key] == bonus, f"{key}: listed bonus {listed[key]!r}, rules say {bonus!r}"
    for m in r.legal_matches():
        fresh = make_round(hands, row, draw)
        fresh.match(m.target, *m.cards, target_as=m.target_as)
        fresh.end_turn()
        if m.bonus is None:
            assert fresh.phase != Phase.BONUS
        else:
            assert fresh.phase == Phase.BONUS and fresh.bonuses_owed == 1
            before = len(fresh.hands[1])
            fresh.place(str(fresh.hands[0][0]))
            assert len(fresh.hands[1]) - before == (1 if m.bonus == "double_colour" else 0)
    # not listed => refused, and refused changes nothing
    distinct = sorted(set(codes(cards(hands[0]))))
    for t in range(len(row.split())):
        for combo in [(c,) for c in distinct] + list(itertools.combinations(distinct, 2)):
            if (t, tuple(sorted(combo))) in expected:
                continue
            fresh = make_round(hands, row, draw)
            assert_illegal(fresh, lambda f=fresh, t=t, combo=combo: f.match(t, *combo))


def test_legal_matches_agree_with_the_rules_on_a_wild_heavy_position():
    _check_position(["R5 W Y# B1 B1 R3", "Y6 B8"], "R7 W G# Y4", "G4 R1 B6 Y8 G3")


def test_legal_matches_identical_cards_listed_once():
    r = make_round(["B1 B1 R3 R3 G10", "Y6 B8"], "W Y3", "G4 R1 B6")
    listed = _listing(r)
    assert listed[(0, ("B1", "B1"))] == "double_colour"
    assert listed[(1, ("R3",))] is None
    assert sum(1 for m in r.legal_matches() if m.target == 1) == 1


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.permutations(list(range(108))))
def test_legal_matches_agree_with_the_rules_on_random_positions(order):
    deck = full_deck()
    shuffled = [deck[i] for i in order]
    hand, other, row, draw = shuffled[:5], shuffled[5:8], shuffled[8:11], shuffled[11:20]
    position = ([" ".join(codes(hand)), " ".join(codes(other))], " ".join(codes(row)), " ".join(codes(draw)))
    _check_position(*position)
    # after a draw (default drawn_card_only): exactly the legal matches that use the drawn card
    r = make_round(*position)
    drawn = str(r.draw())
    expected = {key: bonus for key, bonus in _expected_listing(cards(position[1]), list(r.hands[0])).items()
                if drawn in key[1]}
    listed = _listing(r)
    assert listed == expected


# =========================================================================================================
# More edges: declarations, DOS re-arming, E4 with an exhausted pile, playouts


def test_r4_1_declared_wild_number_that_does_not_fit_is_refused():
    r = make_round(["Y# R9 G1", "Y6 B8"], "Y7 B4", "R3 G4")
    msg = assert_illegal(r, lambda: r.match(0, "Y#=5"), "R4.1")
    assert "Y#" in msg


def test_r4_2_declared_wild_dos_pair_that_does_not_fit_is_refused():
    r = make_round(["W R4 G9", "Y6 B8"], "R7 Y5", "R3 G4")
    assert_illegal(r, lambda: r.match(0, "W=R", "R4"), "R4.2")


def test_r11_2_catching_yourself_has_no_effect():
    r = make_round(["R7 B3 G9", "Y6 B8 G1"], "B7 Y5", "G4 Y8 R1 B6")
    r.match(0, "R7")
    r.end_turn()
    before = codes(r.hands[0])
    with contextlib.suppress(DosError):
        assert r.catch_dos(0, 0) is False
    assert codes(r.hands[0]) == before and len(r.draw_pile) == 3


def test_r11_3_a_call_is_needed_again_after_reaching_two_anew():
    r = make_round(["R7 B3 G9", "R3 R4 B8 G1 Y6 W", "Y10 G10 Y3"], "B7 Y5 R7", "G4 Y8 R1 B6 G3 B3 R8")
    r.match(0, "R7")
    assert r.call_dos(0) is True
    r.end_turn()  # P1 [B3 G9], called; two row cards left, no refill
    assert_state(r, center_row="Y5 R7", current=1)
    assert r.catch_dos(2, 0) is False
    r.match(1, "R3", "R4")  # P2: DCM on R7
    r.end_turn()
    r.place("B8")  # E4 from P2's left: P3 draws Y8, then P1 draws R1
    assert_state(r, hands={0: "B3 G9 R1", 2: "Y10 G10 Y3 Y8"}, center_row="Y5 G4 B8", current=2)
    r.draw()  # P3 draws B6 and places Y3
    r.place("Y3")
    assert_state(r, current=0, center_row="Y5 G4 B8 Y3")
    r.match(3, "B3")  # P1 back to two cards, no new call
    r.end_turn()
    assert_state(r, hands={0: "G9 R1"}, current=1)
    assert r.catch_dos(1, 0) is True
    assert_state(r, hands={0: "G9 R1 G3 B3"}, draw_pile="R8")


def test_r8_e4_draw_pile_runs_out_midway_reshuffles():
    r = make_round(["R3 R4 B9 G1", "Y6", "G10"], "R7 Y5 G8", "Y3", "B1 G5")
    r.match(0, "R3", "R4")
    r.end_turn()
    r.place("B9")
    assert_state(r, hands={1: "Y6 Y3"}, current=1)
    extra = (Counter(codes(r.hands[2])) - Counter(["G10"])).most_common()
    assert len(extra) == 1 and extra[0][0] in {"B1", "G5", "R7", "R3", "R4"}
    assert list(r.discard_pile) == []
    assert len(r.draw_pile) == 4
    assert Counter(codes(r.draw_pile)) + Counter([extra[0][0]]) == Counter(["B1", "G5", "R7", "R3", "R4"])


def test_r11_1_penalty_reshuffles_when_draw_pile_is_short():
    r = make_round(["R7 B3 G9", "Y6 B8"], "B7 Y5", "G4", "R1 R1")
    r.match(0, "R7")
    r.end_turn()  # refill takes G4: draw pile empty
    assert_state(r, draw_pile="", discard_pile="R1 R1 B7 R7")
    assert r.catch_dos(1, 0) is True
    assert len(r.hands[0]) == 4
    assert len(r.draw_pile) == 2 and list(r.discard_pile) == []
    assert all_cards(r) == Counter(codes(cards("R7 B3 G9 Y6 B8 B7 Y5 G4 R1 R1")))


def test_from_position_rejects_a_bad_current_player():
    with pytest.raises(InvalidInput):
        make_round(["R7 B3", "Y6 B8"], "B7 Y5", "G4", current=2)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4), options=st.sampled_from([
    {}, {"after_draw_matching": "any_matches"}, {"bonus_placement": "optional"},
    {"empty_draw_pile": "skip_draw"}, {"penalty_vs_going_out": "empty_hand_ends_round"},
    {"dos_checkpoints": "every_card_movement"}, {"wild_number_in_center": "declared_when_placed"}]))
def test_random_playouts_keep_the_invariants(seed, players, options):
    import random

    rng = random.Random(seed)
    r = Round.deal(players=players, seed=seed, dealer=rng.randrange(players), rules=RuleSet(**options))
    deck = Counter(codes(full_deck()))
    for _ in range(400):
        assert all_cards(r) == deck
        if r.phase == Phase.OVER:
            assert list(r.hands[r.winner]) == []
            assert r.points == sum(c.points for p, h in enumerate(r.hands) if p != r.winner for c in h)
            break
        if rng.random() < 0.2:
            caller, target = rng.sample(range(players), 2)
            r.catch_dos(caller, target)
        if rng.random() < 0.5:
            for p in range(players):
                if len(r.hands[p]) == 2 and rng.random() < 0.7:
                    assert r.call_dos(p) is True
        hand = [str(c) for c in r.hands[r.current]]
        if r.phase == Phase.MATCHING:
            if options.get("empty_draw_pile") != "skip_draw" and len(r.draw_pile) + len(r.discard_pile) > 0:
                assert len(r.center_row) >= 2  # R15.3
            # refused: placing without drawing, passing
            assert_illegal(r, lambda h=hand: r.place(h[0]))
            matches = r.legal_matches()
            if matches and rng.random() < 0.8:
                while matches:
                    m = rng.choice(matches)
                    r.match(m.target, *m.cards, target_as=m.target_as)
                    if rng.random() < 0.5:
                        break
                    matches = r.legal_matches()
                r.end_turn()
            else:
                r.draw()
        elif r.phase == Phase.DREW:
            matches = r.legal_matches()
            if matches and rng.random() < 0.6:
                m = rng.choice(matches)
                r.match(m.target, *m.cards, target_as=m.target_as)
                r.end_turn()
            else:
                card = rng.choice(hand)
                if card.endswith("#") and options.get("wild_number_in_center") == "declared_when_placed":
                    card += f"={rng.randint(1, 10)}"
                r.place(card)
        elif r.phase == Phase.BONUS:
            assert r.bonuses_owed > 0
            card = rng.choice(hand)
            if card.endswith("#") and options.get("wild_number_in_center") == "declared_when_placed":
                card += f"={rng.randint(1, 10)}"
            r.place(card)


def test_r14_2_both_piles_empty_draw_is_skipped_and_all_passing_ends_the_round():
    r = make_round(["R9 G10", "Y6 B8 G1"], "Y3 G4", "", "")
    assert r.draw() is None
    assert_state(r, hands={0: "R9 G10"}, center_row="Y3 G4", current=1, phase=Phase.MATCHING)  # passed
    assert r.draw() is None
    assert_state(r, hands={0: "R9 G10", 1: "Y6 B8 G1"}, center_row="Y3 G4", phase=Phase.OVER, winner=None)
    assert r.points in (0, None)
