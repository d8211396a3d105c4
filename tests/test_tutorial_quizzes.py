"""The closing checks of the tutorials teach what the game does: every fixed answer of a closing-check question
(one the page does not work out itself) is checked here against the engine, and every question is on its page."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

from dos_lab import Card, Game, Round, RuleSet, full_deck
from dos_lab.errors import DosError
from dos_lab.game import choose_first_dealer
from dos_lab.play.steps import try_action

TUTORIALS = Path(__file__).resolve().parents[1] / "tutorials"


def quiz_source(number: int) -> str:
    path = next(TUTORIALS.glob(f"{number:02d}-*.ipynb"))
    cells = [c for c in nbformat.read(path, as_version=4).cells if c.get("id") == f"quiz-{number:02d}"]
    assert len(cells) == 1, "one closing check per tutorial"
    return str(cells[0].source)


@pytest.mark.parametrize("number", range(1, 9))
def test_every_tutorial_ends_with_a_closing_check_of_three_to_five_questions(number: int) -> None:
    source = quiz_source(number)
    assert source.startswith("# NBVAL_IGNORE_OUTPUT")
    assert f"ClosingCheck({number}, [" in source
    assert 3 <= source.count("ChoiceBox(") + source.count("AnswerBox(") <= 5


def refused(r: Round, action: str) -> bool:
    return not try_action(r, action).startswith("OK")


def test_tutorial1_answers() -> None:
    assert len(full_deck()) == 108
    assert len(Round.deal(players=2, seed=3, dealer=0).draw_pile) == 92
    assert choose_first_dealer([[(0, Card.parse("W")), (1, Card.parse("G3"))]]) == 1
    assert Round.deal(players=4, seed=1, dealer=2).current == 3  # P3 deals, P4 starts
    r = Round.from_position(hands=["G1 B3 Y3 R10", "Y1 Y5 B8"], center_row="R7 B9", draw_pile="Y5 G4 R1")
    assert refused(r, "end turn") and not refused(r, "draw")


def test_tutorial2_answers() -> None:
    r = Round.from_position(hands=["Y8 G3 B5 R1", "Y1"], center_row="R8 B6", draw_pile="Y4 G10 R3")
    assert not refused(r, "match 0 Y8")
    assert refused(r, "match 0 G3 B5")  # a second match on the same Center Row card (R4.3)
    assert refused(r, "draw")  # matched, so no draw (R3.3)


def test_tutorial3_answers() -> None:
    assert Card.parse("W").value == 2
    r = Round.from_position(hands=["B6 Y# G1", "Y1"], center_row="R10 G3", draw_pile="G4")
    assert refused(r.copy(), "match 0 B6 Y#=3") and not refused(r.copy(), "match 0 B6 Y#=4")
    r = Round.from_position(hands=["Y# R9 G1", "Y1"], center_row="Y7 B4", draw_pile="R3 G6")
    assert refused(r.copy(), "match 0 Y#=11") and refused(r.copy(), "match 0 Y#=0")
    with pytest.raises(DosError):
        r.copy().match(0, "Y#=6")


def test_tutorial4_answers() -> None:
    r = Round.from_position(hands=["R7 G6 B1", "Y1"], center_row="Y7 B8", draw_pile="B8 R5 G4")
    assert not refused(r, "draw")  # drawing is allowed although R7 fits (R3.2)
    assert not refused(r, "match 1 B8")
    assert refused(r, "match 0 R7")  # one match after a draw (R7.2)
    r = Round.from_position(hands=["R3", "Y1 Y5"], center_row="Y9 B8", draw_pile="Y10 R5")
    assert not refused(r, "draw") and refused(r, "end turn")  # no match after a draw: place a card (R7.3)
    assert len(r.hands[0]) == 2  # one card + the draw: a placement cannot empty the hand (R7.4)


def test_tutorial6_answers() -> None:
    assert RuleSet().dos_penalty == 2
    r = Round.from_position(hands=["R7 B3 G9", "Y1 B8"], center_row="B7 Y5", draw_pile="G4 Y8", dos_called=[1])
    assert r.verify_catch(0, 1) is not None  # a catch on a player who called does nothing (R11.3, also tutorial 8)


def test_tutorial7_answers() -> None:
    assert Card.parse("W").points == 20 and Card.parse("R#").points == 40
    game = Game.from_position(scores=[190, 120], dealer=1, hands=["R7", "R9 B3 G3"], center_row="B7 Y5",
                              draw_pile="G4 Y8 R1")
    game.round.match(0, "R7")
    game.round.end_turn()
    assert game.scores[0] == 205 and game.over and game.winner == 0 and game.rules.target_score == 200


def test_tutorial8_answers() -> None:
    r = Round.from_position(hands=["G1 B3 Y3 R10", "Y1"], center_row="R7 B9", draw_pile="Y5")
    assert refused(r, "match 0 G1 B3 Y3")  # never three cards (R4.2)
    r = Round.from_position(hands=["Y8 R1 B5", "Y1"], center_row="R8 B6", draw_pile="Y4")
    assert not refused(r, "match 0 Y8") and not refused(r, "match 1 R1 B5")  # both Center Row cards (R4.4)


def test_a_closing_check_done_with_show_me_says_why_the_score_is_short() -> None:
    from dos_lab.widgets.answers import AnswerBox, ChoiceBox
    from dos_lab.widgets.tutorial import ClosingCheck

    boxes = [AnswerBox("Points of a Wild DOS?", 20, kind="whole", hint="R13.1", explain="20 points (R13.1)."),
             ChoiceBox("Cards in a match?", ["1 or 2", "3"], "1 or 2", hint="R4.", explain="R4.2.")]
    quiz = ClosingCheck(7, boxes)
    boxes[0].show_button.click()
    boxes[0].submit("20")
    boxes[1].choose("1 or 2")
    assert quiz.score_text() == ("Score: 1 of 2 right (1 at the first try). 1 answer was shown with “Show me”, so it "
                                 "does not count. Well done — you have finished tutorial 7!")
