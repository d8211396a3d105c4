"""Helpers for the probability lessons in ``notebooks/``: the exercises, tables, card pictures, plots,
simulations a student can run again, and quick explorers.

One module per idea, and the pages use them all through this one name (``from dos_lab import lessons as L``):
:mod:`~dos_lab.lessons.page` (what a page shows), :mod:`~dos_lab.lessons.exercises`,
:mod:`~dos_lab.lessons.analysis` (the numbers behind the statements), :mod:`~dos_lab.lessons.plots`,
:mod:`~dos_lab.lessons.runs` (simulations and tournaments run again), :mod:`~dos_lab.lessons.explorers` and
:mod:`~dos_lab.lessons.shared` (what one site draws once for all its kernels).

Every exercise is defined once in :data:`EXERCISES`; :func:`exercise` turns it into an answer box for the
page, and :func:`check` checks an answer typed in code (for JupyterLab users):

>>> check("1.hits_on_a_7", 8)
Not yet. The 7 in the row is not among them. Count the 7s that are left, then the cards that can stand for any number.
False
>>> check("1.hits_on_a_7", "15")
Right! 7 sevens are left (the eighth lies in the row) and 8 Wild # cards can be any number from 1 to 10: 7 + 8 = 15.
True

**The model of lessons 1–2**: a row card lies face up in the Center Row, so it is not in your hand; your hand is
dealt from the other 107 cards (``exclude_target=True`` in :mod:`dos_lab.probability`).

>>> percent(P.p_single_match(7, exclude_target=True))
'66.4 %'
"""

from __future__ import annotations

from dos_lab import probability as P  # noqa: F401  (the doctests above)
from dos_lab.analysis.simulate import wilson_interval
from dos_lab.i18n import percent
from dos_lab.lessons.analysis import (
    WILD_GROUPS,
    at_least,
    hand_points_by_wilds,
    hands_with,
    median,
    normal_tail,
    wilson_band,
)
from dos_lab.lessons.exercises import (
    EXERCISES,
    Exercise,
    as_fraction,
    check,
    exercise,
    one_row_card_chance,
    row_card_table,
)
from dos_lab.lessons.explorers import (
    TWO_ROW_CHANCES,
    explore_one_row_card,
    explore_pairs,
    explore_points,
    explore_tournament,
    explore_two_row_cards,
    explore_wilson,
)
from dos_lab.lessons.page import ROW_LABELS, ROW_VALUES, cards_picture, page_style, row_label, show, table
from dos_lab.lessons.plots import convergence_plot, points_plot, show_row_card_bars, win_rate_plot
from dos_lab.lessons.runs import play_tournament, run_simulation, run_tournament, simulate_chance, tournament_table

__all__ = [
    "EXERCISES",
    "ROW_LABELS",
    "ROW_VALUES",
    "TWO_ROW_CHANCES",
    "WILD_GROUPS",
    "Exercise",
    "as_fraction",
    "at_least",
    "cards_picture",
    "check",
    "convergence_plot",
    "exercise",
    "explore_one_row_card",
    "explore_pairs",
    "explore_points",
    "explore_tournament",
    "explore_two_row_cards",
    "explore_wilson",
    "hand_points_by_wilds",
    "hands_with",
    "median",
    "normal_tail",
    "one_row_card_chance",
    "page_style",
    "percent",
    "play_tournament",
    "points_plot",
    "row_card_table",
    "row_label",
    "run_simulation",
    "run_tournament",
    "show",
    "show_row_card_bars",
    "simulate_chance",
    "table",
    "tournament_table",
    "wilson_band",
    "wilson_interval",
    "win_rate_plot",
]
