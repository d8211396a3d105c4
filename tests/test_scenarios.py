"""Every worked scenario of RULES.md §5 (S01…S54), driven through the public API.

Where a scenario's draw pile ends in "…", a few real cards are added (deck copy limits respected).
Scenarios marked [D#] are tested under the default and under the rule option.
"""

from __future__ import annotations

from collections import Counter

import pytest

from dos_lab import Card, Color, Game, IllegalMove, Phase, RuleSet, full_deck

from helpers import all_cards, assert_illegal, assert_state, cards, codes, make_round

# ---------------------------------------------------------------------------------------------------------
# A. Number matches


def test_s01_single_number_match_no_bonus():
    r = make_round(["R7 B3 G9", "Y1 Y6 B8 G10 R3 R4 G5"], "B7 Y5", "G4 Y8 R1 B6 G3")
    total = all_cards(r)
    r.match(0, "R7")
    # matched cards stay listed in the row until the turn ends (R4.7)
    assert_state(r, center_row="B7 Y5", phase=Phase.MATCHING, current=0)
    r.end_turn()
    assert_state(r, hands={0: "B3 G9", 1: "Y1 Y6 B8 G10 R3 R4 G5"}, center_row="Y5 G4",
                 draw_pile="Y8 R1 B6 G3", discard_pile="B7 R7", phase=Phase.MATCHING, current=1,
                 bonuses_owed=0, winner=None)
    assert all_cards(r) == total
    # P1 holds exactly 2 cards at RP1 without calling: the DOS obligation is real (R11)
    assert r.catch_dos(1, 0) is True
    assert_state(r, hands={0: "B3 G9 Y8 R1"}, draw_pile="B6 G3", current=1, phase=Phase.MATCHING)


def test_s02_single_colour_match():
    r = make_round(["R7 B3 G9 Y1", "Y6 B8 G10 R3 R4 G5 B1"], "R7 Y5", "G4 B6 Y8 R1")
    r.match(0, "R7")
    r.end_turn()
    assert_state(r, center_row="Y5 G4", discard_pile="R7 R7", draw_pile="B6 Y8 R1", phase=Phase.BONUS,
                 bonuses_owed=1, current=0, hands={0: "B3 G9 Y1"})
    r.place("G9")
    assert_state(r, hands={0: "B3 Y1", 1: "Y6 B8 G10 R3 R4 G5 B1"}, center_row="Y5 G4 G9",
                 discard_pile="R7 R7", draw_pile="B6 Y8 R1", phase=Phase.MATCHING, current=1,
                 bonuses_owed=0, winner=None)
    # DOS obligation at RP4
    assert r.catch_dos(1, 0) is True
    assert_state(r, hands={0: "B3 Y1 B6 Y8"}, draw_pile="R1")


def test_s03_double_number_match_no_bonus():
    r = make_round(["G3 B4 Y9 R1", "Y6 B8 G10 R3 R4"], "R7 Y5", "B8 G4 Y6 R10")
    r.match(0, "G3", "B4")
    r.end_turn()
    assert_state(r, hands={0: "Y9 R1", 1: "Y6 B8 G10 R3 R4"}, center_row="Y5 B8", discard_pile="R7 G3 B4",
                 draw_pile="G4 Y6 R10", phase=Phase.MATCHING, current=1, bonuses_owed=0, winner=None)


def test_s04_double_colour_match_two_players_refill_before_opponent_draw():
    r = make_round(["R3 R4 B9 G1 Y6", "G10 B1 Y1 R8 G7 B5"], "R7 Y5", "G4 B6 Y10 R1 G3")
    r.match(0, "R3", "R4")
    r.end_turn()
    # E1 + E2 done, E3 pending; E4 has not happened yet
    assert_state(r, center_row="Y5 G4", discard_pile="R7 R3 R4", draw_pile="B6 Y10 R1 G3", phase=Phase.BONUS,
                 bonuses_owed=1, hand_sizes={1: 6})
    r.place("B9")
    assert_state(r, hands={0: "G1 Y6", 1: "G10 B1 Y1 R8 G7 B5 B6"}, center_row="Y5 G4 B9",
                 discard_pile="R7 R3 R4", draw_pile="Y10 R1 G3", phase=Phase.MATCHING, current=1,
                 bonuses_owed=0, winner=None)


def test_s06_three_cards_summing_is_illegal():
    r = make_round(["G1 B3 Y3 R10", "Y6 B8 G10"], "R7 B9", "Y4 G6 B1 R5")
    assert_illegal(r, lambda: r.match(0, "G1", "B3", "Y3"), "R4.2")
    assert_state(r, hands={0: "G1 B3 Y3 R10"}, center_row="R7 B9", phase=Phase.MATCHING, current=0)
    # no card or pair makes 7 or 9: P1 has no legal match at all and must draw
    assert r.legal_matches() == []
    assert_illegal(r, r.end_turn, "R3.1", "R3.3")
    assert r.draw() == Card.parse("Y4")
    assert r.phase == Phase.DREW


def test_s07_same_center_card_targeted_twice_is_illegal():
    r = make_round(["Y8 G3 B5 R1", "Y6 B8 G10"], "R8 B6", "Y4 G10 R6 B3")
    r.match(0, "Y8")
    assert_illegal(r, lambda: r.match(0, "G3", "B5"), "R4.3")
    # the legal alternative
    r.match(1, "R1", "B5")
    r.end_turn()
    assert_state(r, hands={0: "G3"}, center_row="Y4 G10", discard_pile="R8 Y8 B6 R1 B5", draw_pile="R6 B3",
                 phase=Phase.MATCHING, current=1, bonuses_owed=0, winner=None)


def test_s07_double_then_single_on_same_card_is_illegal():
    r = make_round(["Y8 G3 B5 R1", "Y6 B8 G10"], "R8 B6", "Y4 G10 R6 B3")
    r.match(0, "G3", "B5")
    assert_illegal(r, lambda: r.match(0, "Y8"), "R4.3")


def test_s10_polish_example_corrected():
    r = make_round(["R7 W G3 B10 Y4", "Y6 B8 G10 R3"], "B7 Y5", "R1 G8 Y10 B6")
    r.match(0, "R7")
    r.match(1, "W=Y", "G3")
    r.end_turn()
    assert_state(r, hands={0: "B10 Y4", 1: "Y6 B8 G10 R3"}, center_row="R1 G8", discard_pile="B7 R7 Y5 W G3",
                 draw_pile="Y10 B6", phase=Phase.MATCHING, current=1, bonuses_owed=0, winner=None)


def test_s10_wild_undeclared_still_no_bonus():
    r = make_round(["R7 W G3 B10 Y4", "Y6 B8 G10 R3"], "B7 Y5", "R1 G8 Y10 B6")
    r.match(0, "R7")
    r.match(1, "W", "G3")
    r.end_turn()
    assert_state(r, hands={0: "B10 Y4"}, center_row="R1 G8", discard_pile="B7 R7 Y5 W G3",
                 phase=Phase.MATCHING, current=1, bonuses_owed=0)


def test_s10_with_y3_instead_of_g3_is_a_dcm():
    r = make_round(["R7 W Y3 B10 Y4", "Y6 B8 G10 R3"], "B7 Y5", "R1 G8 Y10 B6")
    r.match(0, "R7")
    r.match(1, "W=Y", "Y3")
    r.end_turn()
    assert_state(r, center_row="R1 G8", discard_pile="B7 R7 Y5 W Y3", phase=Phase.BONUS, bonuses_owed=1)
    r.place("B10")
    assert_state(r, hands={0: "Y4", 1: "Y6 B8 G10 R3 Y10"}, center_row="R1 G8 B10", draw_pile="B6",
                 phase=Phase.MATCHING, current=1, bonuses_owed=0)


# ---------------------------------------------------------------------------------------------------------
# B. Wild cards


def test_s12_wild_dos_from_hand_completes_dcm_three_players():
    r = make_round(["R5 W B8 G1", "G10 B1 Y1", "R8 G7 B5 Y6 R9"], "R7 Y9", "B3 G6 Y4 R1 G3")
    r.match(0, "R5", "W=R")
    r.end_turn()
    assert_state(r, center_row="Y9 B3", discard_pile="R7 R5 W", phase=Phase.BONUS, bonuses_owed=1,
                 hand_sizes={1: 3, 2: 5})
    r.place("B8")
    assert_state(r, hands={0: "G1", 1: "G10 B1 Y1 G6", 2: "R8 G7 B5 Y6 R9 Y4"}, center_row="Y9 B3 B8",
                 discard_pile="R7 R5 W", draw_pile="R1 G3", phase=Phase.MATCHING, current=1, bonuses_owed=0,
                 winner=None)


@pytest.mark.parametrize("colour", ["B", "G", "Y"])
def test_s12_wild_declared_other_colour_gives_plain_double(colour):
    r = make_round(["R5 W B8 G1", "G10 B1 Y1", "R8 G7 B5 Y6 R9"], "R7 Y9", "B3 G6 Y4 R1 G3")
    r.match(0, "R5", f"W={colour}")
    r.end_turn()
    assert_state(r, hands={0: "B8 G1", 1: "G10 B1 Y1", 2: "R8 G7 B5 Y6 R9"}, center_row="Y9 B3",
                 discard_pile="R7 R5 W", draw_pile="G6 Y4 R1 G3", phase=Phase.MATCHING, current=1,
                 bonuses_owed=0)


@pytest.mark.parametrize("declared", ["B", Color.BLUE])
def test_s14_wild_dos_in_row_colour_chosen_by_matcher(declared):
    r = make_round(["B1 B1 R4 G10", "Y1 R8 G7 B5"], "W Y9", "G5 R6 Y4 B3")
    r.match(0, "B1", "B1", target_as=declared)
    r.end_turn()
    assert_state(r, center_row="Y9 G5", discard_pile="W B1 B1", phase=Phase.BONUS, bonuses_owed=1)
    r.place("R4")
    assert_state(r, hands={0: "G10", 1: "Y1 R8 G7 B5 R6"}, center_row="Y9 G5 R4", draw_pile="Y4 B3",
                 discard_pile="W B1 B1", phase=Phase.MATCHING, current=1, bonuses_owed=0)


def test_s14_wild_in_row_declared_red_is_plain_double():
    r = make_round(["B1 B1 R4 G10", "Y1 R8 G7 B5"], "W Y9", "G5 R6 Y4 B3")
    r.match(0, "B1", "B1", target_as="R")
    r.end_turn()
    assert_state(r, hands={0: "R4 G10", 1: "Y1 R8 G7 B5"}, center_row="Y9 G5", draw_pile="R6 Y4 B3",
                 phase=Phase.MATCHING, current=1)


def test_s16_wild_number_single_colour_match():
    r = make_round(["Y# R9 G1", "Y6 B8 G10"], "Y7 B4", "R3 G4 B6")
    r.match(0, "Y#=7")
    r.end_turn()
    assert_state(r, center_row="B4 R3", discard_pile="Y7 Y#", phase=Phase.BONUS, bonuses_owed=1)
    r.place("R9")
    assert_state(r, hands={0: "G1", 1: "Y6 B8 G10"}, center_row="B4 R3 R9", discard_pile="Y7 Y#",
                 draw_pile="G4 B6", phase=Phase.MATCHING, current=1, bonuses_owed=0)


def test_s16_wild_number_as_4_on_blue_4_is_plain_single():
    r = make_round(["Y# R9 G1", "Y6 B8 G10"], "Y7 B4", "R3 G4 B6")
    r.match(1, "Y#=4")
    r.end_turn()
    assert_state(r, hands={0: "R9 G1"}, center_row="Y7 R3", discard_pile="B4 Y#", draw_pile="G4 B6",
                 phase=Phase.MATCHING, current=1, bonuses_owed=0)


def test_s17_wild_number_plus_number_no_bonus():
    r = make_round(["B3 Y# R10", "Y6 B8 G10"], "R7 G8", "G1 R4 B6")
    r.match(0, "B3", "Y#=4")
    r.end_turn()
    assert_state(r, hands={0: "R10"}, center_row="G8 G1", discard_pile="R7 B3 Y#", draw_pile="R4 B6",
                 phase=Phase.MATCHING, current=1, bonuses_owed=0, winner=None)


def test_s19_wild_number_in_row_matcher_declares_dcm():
    r = make_round(["G3 G6 R1 B5", "Y6 B8 G10"], "G# Y10", "B7 R8 Y4 B3")
    r.match(0, "G3", "G6", target_as=9)
    r.end_turn()
    assert_state(r, center_row="Y10 B7", discard_pile="G# G3 G6", phase=Phase.BONUS, bonuses_owed=1)
    r.place("R1")
    assert_state(r, hands={0: "B5", 1: "Y6 B8 G10 R8"}, center_row="Y10 B7 R1", draw_pile="Y4 B3",
                 discard_pile="G# G3 G6", phase=Phase.MATCHING, current=1, bonuses_owed=0)


def test_s19_also_legal_g3_alone_as_scm():
    r = make_round(["G3 G6 R1 B5", "Y6 B8 G10"], "G# Y10", "B7 R8 Y4 B3")
    r.match(0, "G3", target_as=3)
    r.end_turn()
    assert_state(r, center_row="Y10 B7", discard_pile="G# G3", phase=Phase.BONUS, bonuses_owed=1)
    r.place("R1")
    assert_state(r, hands={0: "G6 B5", 1: "Y6 B8 G10"}, center_row="Y10 B7 R1", draw_pile="R8 Y4 B3",
                 current=1, phase=Phase.MATCHING)


def test_s19_also_legal_b5_as_plain_single():
    r = make_round(["G3 G6 R1 B5", "Y6 B8 G10"], "G# Y10", "B7 R8 Y4 B3")
    r.match(0, "B5", target_as=5)
    r.end_turn()
    assert_state(r, hands={0: "G3 G6 R1"}, center_row="Y10 B7", discard_pile="G# B5", draw_pile="R8 Y4 B3",
                 phase=Phase.MATCHING, current=1, bonuses_owed=0)


def _s19_fixed_at_5():
    """P2 draws and places G# declared 5 into the row; then it is P1's turn (option D4)."""
    r = make_round(["G3 G6 R1 B5", "G# Y1 R3"], "Y10 R9", "Y4 B7 R8 B3", current=1,
                   wild_number_in_center="declared_when_placed")
    assert r.draw() == Card.parse("Y4")
    r.place("G#=5")
    assert_state(r, center_row="Y10 R9 G#", current=0, phase=Phase.MATCHING, hands={1: "Y1 R3 Y4"})
    return r


def test_s19_option_declared_when_placed_value_is_fixed():
    r = _s19_fixed_at_5()
    assert_illegal(r, lambda: r.match(2, "G3", "G6", target_as=9), "R10.2", "R4.2", "R4.1", "D4")
    assert_illegal(r, lambda: r.match(2, "G3", "G6"), "R10.2", "R4.2", "R4.1", "D4")
    assert_illegal(r, lambda: r.match(2, "G3"), "R10.2", "R4.1", "D4")
    # only B5 -> G# (plain single) is legal on the fixed G#
    on_wild = [m for m in r.legal_matches() if m.target == 2]
    assert [tuple(c.split("=")[0] for c in m.cards) for m in on_wild] == [("B5",)]
    assert on_wild[0].bonus is None
    r.match(2, "B5")
    r.end_turn()
    assert_state(r, hands={0: "G3 G6 R1"}, center_row="Y10 R9", discard_pile="G# B5", phase=Phase.MATCHING,
                 current=1, bonuses_owed=0)


# ---------------------------------------------------------------------------------------------------------
# C. Drawing


@pytest.mark.parametrize("after_draw", ["drawn_card_only", "any_matches"])
def test_s24_drawn_card_single_matches(after_draw):
    r = make_round(["R9 B10 G6", "Y6 B8 G10"], "Y3 B5", "G5 R4 Y8 B1", after_draw_matching=after_draw)
    assert r.draw() == Card.parse("G5")
    assert_state(r, hands={0: "R9 B10 G6 G5"}, draw_pile="R4 Y8 B1", phase=Phase.DREW, current=0)
    r.match(1, "G5")
    r.end_turn()
    assert_state(r, hands={0: "R9 B10 G6", 1: "Y6 B8 G10"}, center_row="Y3 R4", discard_pile="B5 G5",
                 draw_pile="Y8 B1", phase=Phase.MATCHING, current=1, bonuses_owed=0, winner=None)


@pytest.mark.parametrize("after_draw", ["drawn_card_only", "any_matches"])
def test_s25_drawn_card_plus_hand_card_double(after_draw):
    r = make_round(["B4 R9", "Y6 B8 G10"], "Y7 G10", "Y3 R6 G4 B1", after_draw_matching=after_draw)
    assert r.draw() == Card.parse("Y3")
    r.match(0, "Y3", "B4")
    r.end_turn()
    assert_state(r, hands={0: "R9", 1: "Y6 B8 G10"}, center_row="G10 R6", discard_pile="Y7 Y3 B4",
                 draw_pile="G4 B1", phase=Phase.MATCHING, current=1, bonuses_owed=0)


def test_s27_draw_then_old_card_default_drawn_card_only():
    r = make_round(["R3 G6 B1", "Y6 B8 G10"], "Y3 B8", "Y10 R5 G4 B6")
    assert any(m.target == 0 for m in r.legal_matches())  # R3 -> Y3 was available
    assert r.draw() == Card.parse("Y10")
    assert r.legal_matches() == []
    assert_illegal(r, lambda: r.match(0, "R3"), "R7.2")
    r.place("Y10")
    assert_state(r, hands={0: "R3 G6 B1", 1: "Y6 B8 G10"}, center_row="Y3 B8 Y10", discard_pile="",
                 draw_pile="R5 G4 B6", phase=Phase.MATCHING, current=1, bonuses_owed=0)


def test_s27_option_any_matches():
    r = make_round(["R3 G6 B1", "Y6 B8 G10"], "Y3 B8", "Y10 R5 G4 B6", after_draw_matching="any_matches")
    assert r.draw() == Card.parse("Y10")
    r.match(0, "R3")
    r.end_turn()
    assert_state(r, hands={0: "G6 B1 Y10"}, center_row="B8 R5", discard_pile="Y3 R3", draw_pile="G4 B6",
                 phase=Phase.MATCHING, current=1, bonuses_owed=0)


def test_s28_draw_no_match_placement_dos_arises():
    r = make_round(["R9 G10", "Y6 B8 G1"], "Y3 G4", "B8 R1 Y5 B6")
    assert r.draw() == Card.parse("B8")
    assert r.legal_matches() == []
    r.place("R9")
    assert_state(r, hands={0: "G10 B8", 1: "Y6 B8 G1"}, center_row="Y3 G4 R9", discard_pile="",
                 draw_pile="R1 Y5 B6", phase=Phase.MATCHING, current=1, bonuses_owed=0)
    # exposed at RP3: a catch by P2 makes P1 draw 2 at once
    assert r.catch_dos(1, 0) is True
    assert_state(r, hands={0: "G10 B8 R1 Y5"}, draw_pile="B6", current=1)


def test_s31a_no_passing():
    r = make_round(["R7 B3 G9", "Y6 B8 G10"], "B7 Y5", "G4 Y8 R1")
    assert_illegal(r, r.end_turn, "R3.1", "R3.3")


def test_s31b_match_then_draw_is_illegal():
    r = make_round(["R7 B3 G9", "Y6 B8 G10"], "B7 Y5", "G4 Y8 R1")
    r.match(0, "R7")
    assert_illegal(r, r.draw, "R3.1", "R3.3")


def test_s31c_place_without_draw_or_bonus_is_illegal():
    r = make_round(["R7 B3 G9", "Y6 B8 G10"], "B7 Y5", "G4 Y8 R1")
    assert_illegal(r, lambda: r.place("B3"), "R3.3", "R3.1", "R7.3")


# ---------------------------------------------------------------------------------------------------------
# D. End-of-turn order and bonuses


def test_s32_refill_happens_before_bonus_placement():
    r = make_round(["R5 B3 B5 Y9 G1 W", "Y6 B8 G10"], "R5 B8", "G7 Y4 R6 B1 G3")
    r.match(0, "R5")
    r.match(1, "B3", "B5")
    r.end_turn()
    assert_state(r, center_row="G7 Y4", discard_pile="R5 R5 B8 B3 B5", draw_pile="R6 B1 G3", phase=Phase.BONUS,
                 bonuses_owed=2, hand_sizes={1: 3})
    r.place("Y9")
    assert_state(r, center_row="G7 Y4 Y9", phase=Phase.BONUS, bonuses_owed=1, current=0, hand_sizes={1: 3})
    r.place("G1")
    assert_state(r, hands={0: "W", 1: "Y6 B8 G10 R6"}, center_row="G7 Y4 Y9 G1", draw_pile="B1 G3",
                 discard_pile="R5 R5 B8 B3 B5", phase=Phase.MATCHING, current=1, bonuses_owed=0, winner=None)


def test_s36_declining_a_bonus_default_mandatory():
    r = make_round(["R5 G9 B1", "Y6 B8 G10"], "R5 G8", "Y10 R1 B6")
    r.match(0, "R5")
    r.end_turn()
    assert_state(r, center_row="G8 Y10", phase=Phase.BONUS, bonuses_owed=1)
    assert_illegal(r, r.end_turn, "E3", "R8", "D3", "R6.1")
    r.place("G9")
    assert_state(r, hands={0: "B1"}, center_row="G8 Y10 G9", phase=Phase.MATCHING, current=1, bonuses_owed=0)


def test_s36_option_optional_bonus_may_be_declined():
    r = make_round(["R5 G9 B1", "Y6 B8 G10"], "R5 G8", "Y10 R1 B6", bonus_placement="optional")
    r.match(0, "R5")
    r.end_turn()
    assert_state(r, center_row="G8 Y10", phase=Phase.BONUS, bonuses_owed=1)
    r.end_turn()
    assert_state(r, hands={0: "G9 B1", 1: "Y6 B8 G10"}, center_row="G8 Y10", discard_pile="R5 R5",
                 draw_pile="R1 B6", phase=Phase.MATCHING, current=1, bonuses_owed=0, winner=None)
    # exposed at RP4 with two cards
    assert r.catch_dos(1, 0) is True
    assert_state(r, hands={0: "G9 B1 R1 B6"}, draw_pile="")


# ---------------------------------------------------------------------------------------------------------
# E. Going out


def test_s38_out_by_matches_three_players():
    r = make_round(["B3 G4", "R10 W B#", "Y5 Y5"], "R7 Y9", "G1 R4 B6")
    r.match(0, "B3", "G4")
    r.end_turn()
    assert_state(r, hands={0: "", 1: "R10 W B#", 2: "Y5 Y5"}, center_row="Y9 G1", discard_pile="R7 B3 G4",
                 draw_pile="R4 B6", phase=Phase.OVER, winner=0, points=80, bonuses_owed=0)


def test_s39_out_with_dcm_others_draw_first():
    r = make_round(["R3 R4", "G1 B9", "W Y# R10"], "R7 B5", "B6 G8 Y3 R1 G4")
    r.match(0, "R3", "R4")
    r.end_turn()
    assert_state(r, hands={0: "", 1: "G1 B9 G8", 2: "W Y# R10 Y3"}, center_row="B5 B6", discard_pile="R7 R3 R4",
                 draw_pile="R1 G4", phase=Phase.OVER, winner=0, points=91, bonuses_owed=0)


# ---------------------------------------------------------------------------------------------------------
# F. DOS call


def test_s42_correct_call():
    r = make_round(["R7 B3 G9", "Y6 B8 G10"], "B7 Y5", "G4 Y8 R1 B6")
    assert r.call_dos(0) is False  # three cards: not a DOS position
    r.match(0, "R7")
    assert r.call_dos(0) is True
    r.end_turn()
    assert r.catch_dos(1, 0) is False
    assert_state(r, hands={0: "B3 G9"}, center_row="Y5 G4", draw_pile="Y8 R1 B6", current=1)


def test_s43_caught_after_matching_phase_penalty_immediately_on_p2s_turn():
    r = make_round(["R7 B3 G9", "Y6 B8 G10"], "B7 Y5", "G4 Y8 R1 B6 G3")
    r.match(0, "R7")
    # the matching phase is not yet committed (rest points): no exposure yet
    assert r.catch_dos(1, 0) is False
    r.end_turn()
    assert_state(r, current=1, phase=Phase.MATCHING, hands={0: "B3 G9"})
    assert r.catch_dos(1, 0) is True
    assert_state(r, hands={0: "B3 G9 Y8 R1", 1: "Y6 B8 G10"}, center_row="Y5 G4", discard_pile="B7 R7",
                 draw_pile="B6 G3", current=1, phase=Phase.MATCHING)
    # a second catch has no effect (four cards now)
    assert r.catch_dos(1, 0) is False
    assert_state(r, hand_sizes={0: 4}, draw_pile="B6 G3")


def test_s43_literal_every_card_movement_penalty_deferred_to_e5():
    r = make_round(["R7 B3 G9", "Y6 B8 G10"], "B7 Y5", "G4 Y8 R1 B6 G3", dos_checkpoints="every_card_movement")
    r.match(0, "R7")
    assert r.catch_dos(1, 0) is True
    assert_state(r, hands={0: "B3 G9"}, draw_pile="G4 Y8 R1 B6 G3", current=0)  # deferred
    r.end_turn()
    assert_state(r, hands={0: "B3 G9 Y8 R1"}, center_row="Y5 G4", discard_pile="B7 R7", draw_pile="B6 G3",
                 current=1, phase=Phase.MATCHING)


def _s46(**options):
    r = make_round(["R7 G6 Y1 B9", "R10 B#"], "R7 G6 Y3", "B10 R4 Y8 G1 B3", **options)
    r.match(0, "R7")
    r.match(1, "G6")
    r.end_turn()
    assert_state(r, hands={0: "Y1 B9"}, center_row="Y3 B10", discard_pile="R7 R7 G6 G6", phase=Phase.BONUS,
                 bonuses_owed=2, current=0)
    assert r.catch_dos(1, 0) is True  # caught during own turn: deferred to E5
    assert_state(r, hands={0: "Y1 B9"}, draw_pile="R4 Y8 G1 B3", phase=Phase.BONUS, bonuses_owed=2)
    r.place("Y1")
    r.place("B9")
    return r


def test_s46_pending_penalty_vs_emptied_hand_default_penalty_first():
    r = _s46()
    assert_state(r, hands={0: "R4 Y8", 1: "R10 B#"}, center_row="Y3 B10 Y1 B9", discard_pile="R7 R7 G6 G6",
                 draw_pile="G1 B3", phase=Phase.MATCHING, current=1, winner=None, bonuses_owed=0)
    # exposed again at RP6 with [R4, Y8]; P1 is no longer the active player: penalty at once
    assert r.catch_dos(1, 0) is True
    assert_state(r, hands={0: "R4 Y8 G1 B3"}, draw_pile="", current=1)


def test_s46_option_empty_hand_ends_round():
    r = _s46(penalty_vs_going_out="empty_hand_ends_round")
    assert_state(r, hands={0: "", 1: "R10 B#"}, center_row="Y3 B10 Y1 B9", draw_pile="R4 Y8 G1 B3",
                 phase=Phase.OVER, winner=0, points=50)


# ---------------------------------------------------------------------------------------------------------
# G. Scoring, game end, setup, dealer, reshuffle


def test_s49_scoring_example():
    r = make_round(["R7", "R3 B4 G#", "Y1 G4 W"], "B7 Y5", "G1 R4 B6")
    r.match(0, "R7")
    r.end_turn()
    assert_state(r, hands={0: "", 1: "R3 B4 G#", 2: "Y1 G4 W"}, phase=Phase.OVER, winner=0, points=72)


def _game(scores, **options):
    return Game.from_position(scores=scores, dealer=1, hands=["R7", "R9 B#"], center_row="B7 Y5",
                              draw_pile="G1 R4 B6", discard_pile="", current=0, rules=RuleSet(**options), seed=0)


def test_s50_game_end():
    game = _game([180, 120])
    assert game.over is False and game.winner is None
    game.round.match(0, "R7")
    game.round.end_turn()
    assert game.round.phase == Phase.OVER and game.round.points == 49
    assert list(game.scores) == [229, 120]
    assert game.over is True
    assert game.winner == 0


def test_s50_below_target_game_goes_on():
    game = _game([100, 120])
    game.round.match(0, "R7")
    game.round.end_turn()
    assert list(game.scores) == [149, 120]
    assert game.over is False
    assert game.winner is None


def test_s52_first_dealer_with_wilds_and_a_tie():
    from dos_lab.game import choose_first_dealer

    first = [(0, Card.parse("R#")), (1, Card.parse("W")), (2, Card.parse("B3")), (3, Card.parse("G3"))]
    second = [(2, Card.parse("Y8")), (3, Card.parse("R10"))]
    assert choose_first_dealer([first]) is None  # still tied at 3
    assert choose_first_dealer([first, second]) == 3  # P4 deals; P1 (left of P4) starts


@pytest.mark.parametrize(("rotation", "dealer", "leader"), [("pass_left", 0, 1), ("winner_deals", 2, 3)])
def test_s53_dealer_rotation(rotation, dealer, leader):
    game = Game.from_position(scores=[0, 0, 0, 0], dealer=3, hands=["R1 B1", "G3", "R7", "Y4 Y5"],
                              center_row="B7 Y5", draw_pile="G1 R4 B6", discard_pile="", current=2,
                              rules=RuleSet(dealer_rotation=rotation), seed=0)
    assert game.dealer == 3
    game.round.match(0, "R7")
    game.round.end_turn()
    assert game.round.winner == 2 and game.round.points == 14
    assert list(game.scores) == [0, 0, 14, 0]
    game.next_round()
    assert game.dealer == dealer
    r = game.round
    assert r.current == leader
    assert r.phase == Phase.MATCHING and r.winner is None
    assert [len(h) for h in r.hands] == [7, 7, 7, 7]
    assert len(r.center_row) == 2 and len(r.draw_pile) == 108 - 28 - 2 and len(r.discard_pile) == 0
    assert all_cards(r) == Counter(codes(full_deck()))
    assert list(game.scores) == [0, 0, 14, 0]


_S54_DISCARD = "R1 R1 B1 B1 G1 G1 Y1 Y1 R6 R6 B6 B6 G6 G6 Y6 Y6 R9 R9 B9 B9"


def _s54(**options):
    r = make_round(["R3 R4 B5 G8 W Y10", "G10 G10 Y9 Y9 B10 B10"], "R7 B5", "Y3", _S54_DISCARD, **options)
    total = all_cards(r)
    r.match(0, "R3", "R4")
    r.match(1, "B5")
    r.end_turn()
    return r, total


def test_s54_reshuffle_during_refill():
    r, total = _s54()
    reshuffled = Counter(codes(cards(_S54_DISCARD + " R7 R3 R4 B5 B5")))
    assert sum(reshuffled.values()) == 25
    assert_state(r, phase=Phase.BONUS, bonuses_owed=2, discard_pile="")
    row = list(r.center_row)
    assert len(row) == 2 and str(row[0]) == "Y3"
    x1 = str(row[1])
    assert len(r.draw_pile) == 24
    assert Counter(codes(r.draw_pile)) + Counter([x1]) == reshuffled
    r.place("G8")
    r.place("Y10")
    p2 = codes(r.hands[1])
    assert len(p2) == 7
    x2 = (Counter(p2) - Counter(codes(cards("G10 G10 Y9 Y9 B10 B10")))).most_common()
    assert len(x2) == 1
    assert codes(r.center_row) == ["Y3", x1, "G8", "Y10"]
    assert len(r.draw_pile) == 23
    assert Counter(codes(r.draw_pile)) + Counter([x1, x2[0][0]]) == reshuffled
    assert_state(r, hands={0: "W"}, discard_pile="", phase=Phase.MATCHING, current=1, bonuses_owed=0)
    assert all_cards(r) == total


def test_s54_option_skip_draw():
    r, total = _s54(empty_draw_pile="skip_draw")
    assert_state(r, center_row="Y3", draw_pile="", discard_pile=_S54_DISCARD + " R7 R3 R4 B5 B5",
                 phase=Phase.BONUS, bonuses_owed=2)
    r.place("G8")
    r.place("Y10")
    assert_state(r, hands={0: "W", 1: "G10 G10 Y9 Y9 B10 B10"}, center_row="Y3 G8 Y10", draw_pile="",
                 discard_pile=_S54_DISCARD + " R7 R3 R4 B5 B5", phase=Phase.MATCHING, current=1, bonuses_owed=0)
    assert all_cards(r) == total


def test_all_scenario_positions_are_rejected_when_overfull():
    # sanity of the staging API used above: a 3rd R7 does not exist (R1.2)
    from dos_lab import InvalidInput

    with pytest.raises(InvalidInput):
        make_round(["R7 R7", "Y6"], "R7 Y5", "G4")


def test_illegal_move_is_a_dos_error():
    assert issubclass(IllegalMove, ValueError)
