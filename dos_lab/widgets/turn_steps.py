"""The tutorials' turn helpers moved to :mod:`dos_lab.play.steps` (text) and
:mod:`dos_lab.widgets.pictures` (HTML); this old path re-exports them."""

from dos_lab.play.intents import Action
from dos_lab.play.stages import STAGES
from dos_lab.play.steps import (
    Step,
    apply_action,
    bonus_order_rows,
    bonus_order_text,
    deck_table_text,
    narrate,
    try_action,
    turn_steps,
    turn_steps_text,
)
from dos_lab.widgets.pictures import BAD_INK, OK_INK, bonus_order_html, deck_table_html

__all__ = ["BAD_INK", "OK_INK", "STAGES", "Action", "Step", "apply_action", "bonus_order_html", "bonus_order_rows",
           "bonus_order_text", "deck_table_html", "deck_table_text", "narrate", "try_action",
           "turn_steps", "turn_steps_text"]
