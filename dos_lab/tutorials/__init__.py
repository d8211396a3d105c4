"""What the rule tutorials in ``tutorials/`` use, under one name: their code cells import from here and nowhere
else in dos_lab's own modules, so a cell reads as one line and a fix lands once for all five languages.

The tutorials' helpers live on the floor where they belong — the widgets a reader answers and plays with in
:mod:`dos_lab.widgets.tutorial` and :mod:`dos_lab.widgets.answers`, the pictures in :mod:`dos_lab.widgets.pictures`,
the text a cell prints in :mod:`dos_lab.play.steps`, an example's goals in :mod:`dos_lab.play.goals` — and this
package, on the top floor beside :mod:`dos_lab.lessons`, gathers them for the pages.

>>> from dos_lab import Round
>>> print(try_action(Round.from_position(hands=["R7 B3", "Y1"], center_row="B7 Y5"), "match 0 R7"))
OK: P1 plays R7 on B7: a single match.
>>> goal = matched(on="B7")
>>> r = Round.from_position(hands=["R7 B3", "Y1"], center_row="B7 Y5"); _ = r.match(0, "R7"); goal(r)
True
"""

from __future__ import annotations

from dos_lab.play.goals import caught, first, matched, opponent_drew, placed, placed_bonus
from dos_lab.play.stages import STAGES
from dos_lab.play.steps import (
    bonus_order_text,
    option_words,
    parse_hand,
    scores_text,
    try_action,
    turn_steps,
    turn_steps_text,
)
from dos_lab.widgets.answers import AnswerBox, ChoiceBox
from dos_lab.widgets.pictures import bonus_order_html, deck_table_html
from dos_lab.widgets.tutorial import ClosingCheck, Exercise, PlayableExample, TurnStepper, position_html

__all__ = ["STAGES", "AnswerBox", "ChoiceBox", "ClosingCheck", "Exercise", "PlayableExample", "TurnStepper",
           "bonus_order_html", "bonus_order_text", "caught", "deck_table_html", "first", "matched", "opponent_drew",
           "option_words", "parse_hand", "placed", "placed_bonus", "position_html", "scores_text", "try_action",
           "turn_steps", "turn_steps_text"]
