"""The tutorial widgets (dos_lab/widgets/tutorial.py), driven with ``.click()`` as a reader would."""

from __future__ import annotations

import pytest

from dos_lab import Card, Game, Phase, Round, RuleSet
from dos_lab.errors import InvalidInput
from dos_lab.events import BonusPlaced, DosCaught, Matched, PenaltyDrawn
from dos_lab.widgets.cards import face_text
from dos_lab.widgets.tutorial import (
    STAGES,
    Exercise,
    PlayableExample,
    TurnStepper,
    apply_action,
    board_html,
    bonus_order_rows,
    bonus_order_text,
    deck_table_html,
    deck_table_text,
    try_action,
    turn_steps,
    turn_steps_text,
)


def s01() -> Round:
    return Round.from_position(hands=["R7 B3 G9", "Y1 Y5 B8"], center_row="B7 Y5", draw_pile="G4 Y8 R1 B6")


def s06() -> Round:
    return Round.from_position(hands=["G1 B3 Y3 R10", "Y1 Y5 B8"], center_row="R7 B9", draw_pile="Y5 G4 R1")


def s32() -> Round:
    return Round.from_position(hands=["R5 B3 B5 Y9 G1 W", "R1 R3 R4 R6 B10"], center_row="R5 B8",
                               draw_pile="G7 Y4 R6 G3")


S32_TURN = ["match 0 R5", "match 1 B3 B5", "end turn", "place Y9", "place G1"]


def hand_button(ex: PlayableExample, code: str, nth: int = 0):  # type: ignore[no-untyped-def]
    found = [b for b in ex.hand_box.children if f"dos-tut-card-{code.replace('#', 'wild')}" in b._dom_classes]
    return found[nth]


def click_cards(ex: PlayableExample, *codes: str, row: int | None = None) -> None:
    seen: dict[str, int] = {}
    for code in codes:
        hand_button(ex, code, seen.get(code, 0)).click()
        seen[code] = seen.get(code, 0) + 1
    if row is not None:
        ex.row_buttons[row].click()


def declare(ex: PlayableExample, purpose: str, value: str) -> None:
    """Pick a value in the declaration dropdown for ``purpose`` (``hand-number``, ``row-colour``, …)."""
    dropdown = next(d for d in ex.declare_box.shown if f"dos-declare-{purpose}" in d._dom_classes)
    dropdown.value = value


# ---------------------------------------------------------------------------------------------- PlayableExample


def test_legal_match_is_applied_and_confirmed() -> None:
    ex = PlayableExample(s01(), goal="Play R7 on B7.", check=lambda r: bool(r.discard_pile))
    click_cards(ex, "R7", row=0)
    assert "dos-tut-selected" in hand_button(ex, "R7")._dom_classes
    assert hand_button(ex, "R7").description == face_text(Card.parse("R7"))  # the game's card face
    assert "dos-targeted" in ex.row_buttons[0]._dom_classes
    ex.match_button.click()
    assert [str(m) for m in ex.round.matches_this_turn] == ["R7 on B7: single number match"]
    # a legal move that does not reach the goal is no success: the status says what the goal still needs
    assert ex.status_text == "P1 plays R7 on B7: a single match.\nNot there yet. The goal: Play R7 on B7."
    assert "dos-tut-status-info" in ex.status.value and "✓" not in ex.status_text
    assert [c.code for c in ex.round.hands[0]] == ["B3", "G9"]
    assert not ex.reached
    ex.end_turn_button.click()
    assert ex.status_text.startswith("✓ E1 discard")
    assert [c.code for c in ex.round.center_row] == ["Y5", "G4"]
    assert ex.reached and "dos-tut-goal-done" in ex.goal.value
    assert ex.round.current == 1 and all(b.disabled for b in ex.hand_box.children)


def test_illegal_match_shows_the_rule_and_changes_nothing() -> None:
    ex = PlayableExample(s06())
    before = ex.round.to_dict()
    click_cards(ex, "G1", "B3", "Y3", row=0)
    ex.match_button.click()
    assert ex.status_text == "✗ Not allowed: a match uses exactly one or two cards, but G1+B3+Y3 is 3 cards (R4.2)"
    assert "dos-tut-status-bad" in ex.status.value
    assert ex.round.to_dict() == before
    # a wrong sum names both numbers
    ex.reset()
    click_cards(ex, "B3", "R10", row=1)
    ex.match_button.click()
    assert "B3+R10 adds up to 13, but B9 needs 9 (R4.2)" in ex.status_text
    assert ex.round.to_dict() == before


@pytest.mark.parametrize(("button", "rule"), [("end_turn_button", "R3.1"), ("draw_button", None)])
def test_passing_is_refused_but_drawing_is_not(button: str, rule: str | None) -> None:
    ex = PlayableExample(s06())
    getattr(ex, button).click()
    if rule:
        assert rule in ex.status_text and ex.round.turn == 1 and ex.round.phase is Phase.MATCHING
        # the button stays pressable: its refusal teaches the rule (tutorial 1: "press End turn first")
        assert not getattr(ex, button).disabled
    else:
        assert ex.status_text == "P1 draws Y5." and ex.round.phase is Phase.DREW


def test_draw_then_forced_placement() -> None:
    ex = PlayableExample(s06(), check=lambda r: r.current == 1)
    ex.draw_button.click()
    ex.end_turn_button.click()
    assert "must place one card into the Center Row (R7.3)" in ex.status_text
    click_cards(ex, "R10", "G1")
    ex.place_button.click()  # two cards picked: the widget asks for one, nothing changes
    assert "click just one card" in ex.status_text and ex.round.phase is Phase.DREW
    ex.reset()
    ex.draw_button.click()
    click_cards(ex, "R10")
    ex.place_button.click()
    assert ex.round.center_row[-1] == Card.parse("R10") and ex.reached


def test_placing_without_drawing_is_refused() -> None:
    ex = PlayableExample(s01())
    click_cards(ex, "G9")
    ex.place_button.click()
    assert "(R3.3)" in ex.status_text and len(ex.round.center_row) == 2


def test_wild_number_declaration_from_the_dropdown() -> None:
    position = Round.from_position(hands=["Y# R9 G1", "Y1 Y5 B6"], center_row="Y7 B4", draw_pile="R3 G6")
    ex = PlayableExample(position)
    assert ex.declare_box.shown == []
    click_cards(ex, "Y#", row=0)
    assert [d.description for d in ex.declare_box.shown] == ["Number for your Y#:"]
    # the reader announces the number (R10.1): no "the engine chooses" in an example
    assert [v for _, v in ex.declare_box.shown[0].options] == [None, *map(str, range(1, 11))]
    ex.match_button.click()
    assert ex.status_text == "First say what your Y# stands for: choose its number (R10.1)."
    assert ex.round.matches_this_turn == []
    declare(ex, "hand-number", "6")
    ex.match_button.click()
    assert ex.status_text == "✗ Not allowed: Y# (played as 6) is 6, but Y7 needs 7 (R4.1)"
    assert ex.selected_cards == [] and ex.declare_box.shown == []  # a refusal clears the choice
    click_cards(ex, "Y#", row=0)
    declare(ex, "hand-number", "7")
    ex.match_button.click()
    assert ex.round.matches_this_turn[0].cards == ("Y#=7",)
    ex.end_turn_button.click()
    assert ex.round.phase is Phase.BONUS and "Colour bonus!" in ex.board.value
    click_cards(ex, "R9")
    ex.place_button.click()
    assert any(isinstance(e, BonusPlaced) for e in ex.round.log)


def test_wild_dos_in_the_row_takes_the_declared_colour() -> None:
    position = Round.from_position(hands=["B1 B1 R4 G10", "Y1 Y5 B6 G3"], center_row="W Y9", draw_pile="G5 R6")
    ex = PlayableExample(position)
    click_cards(ex, "B1", "B1", row=0)
    shown = ex.declare_box.shown
    assert len(shown) == 1 and ("red ●", "R") in shown[0].options
    ex.match_button.click()
    assert "choose its colour (R9.2)" in ex.status_text and ex.round.matches_this_turn == []
    declare(ex, "row-colour", "R")
    ex.match_button.click()
    assert ex.round.matches_this_turn[0].bonus is None
    ex.reset()
    click_cards(ex, "B1", "B1", row=0)
    declare(ex, "row-colour", "B")
    ex.match_button.click()
    assert ex.round.matches_this_turn[0].bonus == "double_colour"


def test_wild_dos_from_hand_colour() -> None:
    position = Round.from_position(hands=["R5 W B8 G1", "Y1 Y5 B6", "G3 G4 B1 R3 Y7"], center_row="R7 Y9",
                                   draw_pile="B3 G6 Y4")
    ex = PlayableExample(position)
    click_cards(ex, "R5", "W", row=0)
    declare(ex, "hand-colour", "B")
    ex.match_button.click()
    assert ex.round.matches_this_turn[0].cards == ("R5", "W=B")


def test_match_without_choices_only_asks() -> None:
    ex = PlayableExample(s01())
    before = ex.round.to_dict()
    ex.match_button.click()
    assert ex.status_text == "Select one or two cards from your hand first, then a row card, then Match."
    ex.row_buttons[0].click()
    ex.match_button.click()
    assert "one or two cards" in ex.status_text
    assert ex.round.to_dict() == before


def test_clicking_a_selected_card_unselects_it() -> None:
    ex = PlayableExample(s01())
    click_cards(ex, "R7")
    click_cards(ex, "R7")
    assert ex.selected_cards == []
    ex.row_buttons[1].click()
    assert "dos-targeted" in ex.row_buttons[1]._dom_classes
    ex.row_buttons[1].click()
    assert "dos-targeted" not in ex.row_buttons[1]._dom_classes


def test_reset_and_show_me() -> None:
    ex = PlayableExample(s01(), check=lambda r: r.current == 1, solution=["match 0 R7", "end turn"])
    click_cards(ex, "R7", row=0)
    ex.match_button.click()
    ex.reset_button.click()
    assert ex.round.matches_this_turn == [] and ex.round.to_dict() == s01().to_dict()
    ex.show_button.click()
    assert ex.reached and ex.status_text.startswith("✓ Here is one way to do it:")
    assert "P1 plays R7 on B7" in ex.status_text


def test_a_broken_solution_or_check_does_not_escape() -> None:
    ex = PlayableExample(s01(), check=lambda r: 1 / 0 > 0, solution=["match 0 G9"])
    ex.show_button.click()
    assert "the solution could not be played" in ex.status_text
    ex.reset()
    click_cards(ex, "R7", row=0)
    ex.match_button.click()
    assert not ex.reached and ex.status_text.startswith("P1 plays R7 on B7")


def test_dos_call_protects_and_forgetting_is_caught() -> None:
    ex = PlayableExample(s01(), dos_buttons=True, opponents_catch=True)
    click_cards(ex, "R7", row=0)
    ex.match_button.click()
    ex.dos_button.click()
    ex.end_turn_button.click()
    assert len(ex.round.hands[0]) == 2 and ex.round.has_called_dos(0)
    ex.reset()
    click_cards(ex, "R7", row=0)
    ex.match_button.click()
    ex.end_turn_button.click()
    assert len(ex.round.hands[0]) == 4
    assert "P2 calls \"DOS!\" on P1" in ex.status_text and "dos-tut-status-warn" in ex.status.value


def test_catch_buttons() -> None:
    position = Round.from_position(hands=["R7 B3 G9", "Y1 B8"], center_row="B7 Y5", draw_pile="G4 Y8 R1 B6")
    ex = PlayableExample(position, dos_buttons=True)
    assert [b.description for b in ex.catch_buttons] == ["Catch P2!"]
    # three cards, and R7 on B7 would leave two: DOS! can ride on that match (R11.4)
    assert not ex.dos_button.disabled and not ex.catch_buttons[0].disabled
    ex.dos_button.click()
    assert ex.status_text == "DOS! will be called with your move that leaves you two cards (R11.4)."
    ex.catch_buttons[0].click()
    assert ex.catch_buttons[0].disabled  # P2 holds four now
    assert any(isinstance(e, DosCaught) for e in ex.round.log) and len(ex.round.hands[1]) == 4


def test_a_game_position_shows_the_scores() -> None:
    def last_round() -> Game:
        return Game.from_position(scores=[180, 120], dealer=1, hands=["R7", "R9 B#"], center_row="B7 Y5",
                                  draw_pile="G4 Y8 R1", dos_called=[1])

    ex = PlayableExample(last_round, check=lambda r: r.winner == 0)
    assert "P1: 180" in ex.board.value
    click_cards(ex, "R7", row=0)
    ex.match_button.click()
    ex.end_turn_button.click()
    assert ex.reached and "P1: 229" in ex.board.value and ex.game is not None and ex.game.over
    assert all(b.disabled for b in (ex.match_button, ex.draw_button, ex.place_button, ex.end_turn_button))


def test_card_buttons_are_the_games_card_buttons() -> None:
    ex = PlayableExample(Round.from_position(hands=["R7 B# W", "Y1"], center_row="G4 Y10", draw_pile="B1"))
    labels = [b.description for b in ex.hand_box.children]
    assert labels == [face_text(Card.parse(c)) for c in ("R7", "B#", "W")]
    assert {"dos-card-btn", "dos-c-B", "dos-wildnum", "dos-tut-card-Bwild"} <= set(ex.hand_box.children[1]._dom_classes)
    assert {"dos-card-btn", "dos-tut-row-card", "dos-tut-row-1"} <= set(ex.row_buttons[1]._dom_classes)
    assert "Card 2" in ex.row_piles[1].caption.value  # row cards are numbered from 1 for the reader
    assert "dos-table" in ex._dom_classes  # the table's stylesheet applies
    assert repr(ex) == "<Playable example: >"


def test_board_leaves_out_the_readers_hand() -> None:
    text = board_html(s01(), 0)
    assert "P2 — 3 cards" in text and "You (P1) hold 3 cards" in text and "red 7" not in text


# ---------------------------------------------------------------------------------------------- Exercise


def test_exercise_accepts_the_right_answer_and_rejects_a_wrong_one() -> None:
    ex = Exercise("3 + 4?", lambda a: (int(a) == 7, "3 + 4 = 7."), "7.")
    ex.check_button.click()
    assert ex.correct is None and "answer first" in ex.feedback.value
    ex.answer.value = "8"
    ex.check_button.click()
    assert ex.correct is False and "Not yet" in ex.feedback.value and "dos-tut-wrong" in ex.feedback.value
    ex.answer.value = "7"
    ex.check_button.click()
    assert ex.correct is True and "Right!" in ex.feedback.value
    assert ex.solution.value == ""
    ex.show_button.click()
    assert "Solution:" in ex.solution.value and "7." in ex.solution.value


def test_exercise_with_options_and_a_failing_checker() -> None:
    ex = Exercise("Pick", lambda a: a == "b", "b", options=["a", "b"])
    ex.answer.value = "a"
    ex.check_button.click()
    assert ex.correct is False
    ex.answer.value = "b"
    ex.check_button.click()
    assert ex.correct is True
    broken = Exercise("Number?", lambda a: int(a) == 3, "3")
    broken.answer.value = "three"
    broken.check_button.click()
    assert broken.correct is None and "could not read" in broken.feedback.value
    assert "invalid literal" not in broken.feedback.value


def test_exercise_checker_can_use_the_engine() -> None:
    r = Round.from_position(hands=["G3 B4 Y9 R1 B6", "Y1 Y5"], center_row="R7 Y10", draw_pile="G4 Y8")

    def checker(answer: str) -> tuple[bool, str]:
        outcome = try_action(r.copy(), "match 1 " + answer)
        return outcome.startswith("OK"), outcome

    ex = Exercise("Double on Y10?", checker, "Y9 R1")
    assert ex.check("G3 B4").startswith("Not yet. Not allowed: G3+B4 adds up to 7, but Y10 needs 10 (R4.2)")
    assert ex.check("B4 B6").startswith("Right!")


# ---------------------------------------------------------------------------------------------- TurnStepper


def test_stepper_walks_the_stages_in_order() -> None:
    st = TurnStepper(s32(), S32_TURN)
    assert st.back_button.disabled and st.step.stage is None
    seen = []
    while not st.next_button.disabled:
        st.next_button.click()
        seen.append(st.step.stage)
        assert "dos-tut-stage-now" in st.stages.value
    stages = [s for s in seen if s is not None]
    assert [s for i, s in enumerate(stages) if s not in stages[:i]] == [code for code, _ in STAGES]
    assert st.step.stage == "E6" and "play passes to P2" in st.step.text
    # the row as it stands after each stage
    by_stage = {s.stage: s for s in st.steps if s.stage}
    assert [c.code for c in by_stage["E1"].row] == []
    assert [c.code for c in by_stage["E2"].row] == ["G7", "Y4"]
    assert by_stage["E5"].quiet and "no penalty" in by_stage["E5"].text
    st.back_button.click()
    assert st.step.stage == "E5"
    st.restart_button.click()
    assert st.index == 0


def test_stepper_shows_piles_during_the_matching_phase() -> None:
    steps = turn_steps(s32(), S32_TURN)
    second = steps[2]
    assert [[c.code for c in p] for p in second.piles] == [["R5"], ["B3", "B5"]]
    assert "E2 refill" in TurnStepper(s32(), S32_TURN).steps[4].text


def test_turn_steps_follow_the_cards_exactly() -> None:
    for position, actions in [
        (s32(), S32_TURN),
        (Round.from_position(hands=["R5 B3 B5 Y9 G1", "R1 R3 R4"], center_row="R5 B8",
                             draw_pile="G7 Y4 R6 B1 B4 Y1"),
         ["match 0 R5", "match 1 B3 B5", "end turn", "catch P2 P1", "place Y9", "place G1"]),
        (Round.from_position(hands=["G10", "Y6 B8 G1"], center_row="Y3 G4", draw_pile="B8 R1 Y5 B6"),
         ["draw", "catch P2 P1", "place G10"]),
    ]:
        after = position.copy()
        for action in actions:
            apply_action(after, action)
        last = turn_steps(position, actions)[-1]
        assert [list(h) for h in last.hands] == after.hands
        assert list(last.row) == after.center_row
        assert (last.draw_pile, last.discard_pile) == (len(after.draw_pile), len(after.discard_pile))
    assert position.turn == 1  # the original is not played


def test_all_six_stages_with_a_deferred_penalty() -> None:
    position = Round.from_position(hands=["R5 B3 B5 Y9 G1", "R1 R3 R4"], center_row="R5 B8",
                                   draw_pile="G7 Y4 R6 B1 B4 Y1")
    steps = turn_steps(position, ["match 0 R5", "match 1 B3 B5", "end turn", "catch P2 P1", "place Y9",
                                  "place G1"])
    assert not any(s.quiet for s in steps)
    penalty = next(s for s in steps if isinstance(s.event, PenaltyDrawn))
    assert penalty.stage == "E5" and [c.code for c in penalty.hands[0]] == ["B1", "B4"]
    catch = next(s for s in steps if isinstance(s.event, DosCaught))
    assert catch.context == "E2"


def test_turn_steps_text_and_illegal_actions() -> None:
    text = turn_steps_text(s01(), ["match 0 R7", "end turn"])
    assert "Move: P1 plays R7 on B7: a single match." in text
    assert "E3 bonus: no colour match this turn, so there are no bonus cards to place." in text
    with pytest.raises(Exception, match=r"R4\.2"):
        turn_steps(s01(), ["match 0 R7 B3"])


# ---------------------------------------------------------------------------------------------- plain functions


def test_try_action_reports_and_leaves_a_refused_round_unchanged() -> None:
    r = s01()
    before = r.to_dict()
    assert try_action(r, "match 0 R7 B3") == "Not allowed: R7+B3 adds up to 10, but B7 needs 7 (R4.2)"
    assert r.to_dict() == before
    assert try_action(r, "call P1") == "No effect: P1 holds 3 cards: DOS! counts only with exactly two (R11.3)."
    assert try_action(r, "catch P1 P2") == "No effect: P2 holds 3 cards: only a player with exactly two cards can " \
        "be caught (R11.1)." or try_action(r, "catch P1 P2").startswith("No effect: P2 holds 3 cards")
    assert try_action(r, "match 0 R7") == "OK: P1 plays R7 on B7: a single match."


def test_apply_action_texts() -> None:
    r = Round.from_position(hands=["B1 B1 R4 G10", "Y3 G4 Y5"], center_row="W Y9", draw_pile="G5 R6 B3")
    assert apply_action(r, "match W B1 B1 as B").bonus == "double_colour"
    apply_action(r, "end turn")
    apply_action(r, "place R4")
    assert r.current == 1
    assert apply_action(r, "draw") == Card.parse("B3")
    apply_action(r, "undo")
    assert r.phase is Phase.MATCHING
    apply_action(r, lambda rr: rr.draw())
    assert r.phase is Phase.DREW
    for bad in ["", "jump", "place", "catch", "call X1", "match"]:
        with pytest.raises(InvalidInput):
            apply_action(r, bad)


def test_bonus_order_comparison() -> None:
    right, wrong = bonus_order_rows(s32(), S32_TURN)
    assert [c.code for c in right] == ["G7", "Y4", "Y9", "G1"] and [c.code for c in wrong] == ["Y9", "G1"]
    assert "(4 cards)" in bonus_order_text(s32(), S32_TURN)
    # one bonus card: the wrong order still refills one card
    r = Round.from_position(hands=["R7 B3 G9 Y1", "B1 Y4"], center_row="R7 Y5", draw_pile="G4 B6")
    right, wrong = bonus_order_rows(r, ["match 0 R7", "end turn", "place G9"])
    assert [c.code for c in right] == ["Y5", "G4", "G9"] and [c.code for c in wrong] == ["Y5", "G9"]
    with pytest.raises(Exception, match="never reach"):
        bonus_order_rows(s06(), ["draw", "place R10"])


def test_deck_tables() -> None:
    text = deck_table_text()
    assert "All cards: 108; points in the whole deck: 1036" in text and "Wild DOS (W, counts as 2): 12" in text
    html = deck_table_html()
    assert html.count("<b>24</b>") == 4 and "<b>108</b>" in html


def test_rule_options_reach_the_widget() -> None:
    position = Round.from_position(hands=["R3 G6 B1", "Y1 Y5 B6"], center_row="Y3 B8", draw_pile="Y10 R5",
                                   rules=RuleSet(after_draw_matching="any_matches"))
    ex = PlayableExample(position)
    ex.draw_button.click()
    click_cards(ex, "R3", row=0)
    ex.match_button.click()
    assert any(isinstance(e, Matched) for e in ex.round.log)


def test_a_matched_row_card_can_be_tried_again_and_the_engine_says_why_not() -> None:
    ex = PlayableExample(Round.from_position(hands=["Y8 G3 B5 R1", "Y1 Y5 B8"], center_row="R8 B6",
                                             draw_pile="Y4 G10 R3"))
    click_cards(ex, "Y8", row=0)
    ex.match_button.click()
    assert "dos-matched" in ex.row_buttons[0]._dom_classes and not ex.row_buttons[0].disabled
    assert "matched this turn" in ex.row_buttons[0].tooltip
    before = ex.round.to_dict()
    click_cards(ex, "G3", "B5", row=0)
    ex.match_button.click()
    assert ex.status_text.endswith("each row card can be matched once per turn (R4.3)")
    assert ex.round.to_dict() == before


def test_dos_can_be_called_after_the_turn_has_passed() -> None:
    position = Round.from_position(hands=["R5 B9 G6 G3 B1", "R3 B4 G8 Y9 W", "B6 G10 R1 Y7 B#"],
                                   center_row="R5 Y6", draw_pile="G5 R4 B3")
    ex = PlayableExample(position, dos_buttons=True, check=lambda r: r.current != 0 and r.has_called_dos(0))
    for action in ["match 0 R5", "match 1 G6", "end turn", "place B9"]:
        apply_action(ex.round, action)
    ex.reset_button.click()  # the same, by clicks
    click_cards(ex, "R5", row=0)
    ex.match_button.click()
    click_cards(ex, "G6", row=1)
    ex.match_button.click()
    ex.end_turn_button.click()
    click_cards(ex, "B9")
    ex.place_button.click()
    assert ex.round.current == 1 and ex.match_button.disabled and not ex.dos_button.disabled
    ex.dos_button.click()
    assert ex.reached and ex.round.has_called_dos(0)


def test_wild_declarations_are_shown_on_the_played_cards() -> None:
    position = Round.from_position(hands=["Y# B1 B1 G10", "Y1 Y5 B6"], center_row="Y7 W", draw_pile="R3 G6")
    ex = PlayableExample(position)
    click_cards(ex, "Y#", row=0)
    declare(ex, "hand-number", "7")
    ex.match_button.click()
    assert "yellow Wild #, any number 1 to 10, played as 7" in ex.row_piles[0].caption.value
    steps = turn_steps(position, ["match 0 Y#=7", "match 1 B1 B1 as B"])
    assert steps[-1].pile_codes == (("Y#=7",), ("B1", "B1")) and steps[-1].row_declared[1] == "B"
    from dos_lab.widgets.pictures import step_html

    assert "Wild DOS, counts as 2, played as blue" in step_html(steps[-1])


def test_after_the_last_bonus_card_the_dos_warm_up_asks_for_the_call_not_a_restart() -> None:
    """Tutorial 8, warm-up 2: with two uncalled cards left, pressing DOS! still reaches the goal (review #19)."""
    from dos_lab.play.positions import staged_game
    from dos_lab.widgets.tutorial import PlayableExample

    ex = PlayableExample(lambda: staged_game("dos-call", seed=8), goal="End your turn holding two cards, and call DOS.",
                         check=lambda r: r.current != 0 and len(r.hands[0]) == 2 and r.has_called_dos(0),
                         dos_buttons=True)
    for line in ("match 0 R5", "match 1 G6", "end turn", "place B9"):
        assert ex.press(line), line
    assert "press DOS! now" in ex.status_text
    assert "Start again" not in ex.status_text
    assert ex.press("call P1")
    assert ex.reached


def test_a_won_game_in_an_example_names_the_button_the_example_has() -> None:
    # tutorial 7's last round: winning it wins the game; the example has "Start again", not New game
    def last_round() -> Game:
        return Game.from_position(scores=[180, 120], dealer=1, hands=["R7", "R9 B#"], center_row="B7 Y5",
                                  draw_pile="G4 Y8 R1", dos_called=[1])

    ex = PlayableExample(last_round, goal="Win the game.", check=lambda r: r.winner == 0)
    click_cards(ex, "R7", row=0)
    ex.match_button.click()
    ex.end_turn_button.click()
    shown = ex.board.value + ex.status_text
    assert "Game over: You win the game with 229 points (target 200)." in shown
    assert "Press “Start again” to play it again." in shown and "New game" not in shown
