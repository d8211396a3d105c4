"""Helpers for the probability lessons in ``notebooks/``: the exercises, tables, card pictures, plots,
simulations a student can run again, and quick explorers.

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

import hashlib
import html
import json
import math
import os
from collections.abc import Callable, Sequence
from dataclasses import astuple, dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path
from statistics import NormalDist
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from dos_lab import probability as P
from dos_lab.engine.cards import Card
from dos_lab.errors import InvalidInput
from dos_lab.i18n import decimal, get_language, gettext, language, ngettext, noop, number, percent
from dos_lab.render import cards_html, table_html, win_rate_table
from dos_lab.simulate import GameRecord, SerialExecutor, play_games, wilson_centre_and_half, wilson_interval
from dos_lab.widgets.charts import percent_axis, png

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = [
    "EXERCISES",
    "ROW_LABELS",
    "ROW_VALUES",
    "TWO_ROW_CHANCES",
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
    "run_simulation",
    "run_tournament",
    "show",
    "show_row_card_bars",
    "table",
    "wilson_band",
    "win_rate_plot",
]

#: the row-card values in the order the lessons list them: 1, W (a Wild DOS, value 2), 3..10, # (a Wild #)
ROW_VALUES: tuple[int | str, ...] = (1, "W", 3, 4, 5, 6, 7, 8, 9, 10, "#")
#: how a student reads each row-card value
ROW_LABELS: dict[int | str, str] = {v: str(v) for v in ROW_VALUES} | {"W": noop("Wild DOS (2)"), "#": noop("Wild #")}
_PICTURE = {1: "R1", "W": "W", 3: "B3", 4: "G4", 5: "Y5", 6: "R6", 7: "B7", 8: "G8", 9: "Y9", 10: "R10", "#": "B#"}


def row_label(value: int | str) -> str:
    """How a student reads a row-card value, in the current language (:data:`ROW_LABELS` holds the English).

    >>> row_label(7), row_label("W")
    ('7', 'Wild DOS (2)')
    """
    return gettext(ROW_LABELS[value]) if isinstance(value, str) else ROW_LABELS[value]


# --- what the page shows: HTML, tables, card pictures ----------------------------------------------------------


class Shown:
    """HTML for the page (Voila and JupyterLab show it as HTML; its plain text has no Python in it)."""

    def __init__(self, markup: str, text: str = "") -> None:
        self.markup = markup
        self.text = text or html.unescape(_strip_tags(markup))

    def _repr_html_(self) -> str:
        return self.markup

    def __repr__(self) -> str:
        return self.text


def _strip_tags(markup: str) -> str:
    import re

    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", markup)).strip()


def show(sentence: str) -> Shown:
    """A sentence (HTML allowed) shown as a paragraph on the page.

    >>> show("At least one hits: <b>66.4 %</b>.")
    At least one hits: 66.4 % .
    """
    return Shown(f"<p style='font-size:15px;margin:6px 0'>{sentence}</p>")


#: the page prints in full: Voila scrolls the lesson inside one panel, which a printer would cut to one page
_PRINT_CSS = """
@media print {
  html, body, #main, #rendered_cells, .lm-BoxPanel, .lm-Panel, .jp-OutputArea, .jp-Cell {
    position: static !important; height: auto !important; max-height: none !important; width: auto !important;
    overflow: visible !important; contain: none !important; }
  .dos-sim-run, .dos-check, .dos-show, .dos-lock { display: none !important; }
  img { max-width: 100% !important; height: auto !important; }
  .jp-Cell, .dos-question, table, img { break-inside: avoid; }
}
"""


def page_style() -> Shown:
    """The lessons' print stylesheet (nothing visible on screen): a printed lesson has every page."""
    return Shown(f"<style>{_PRINT_CSS}</style>", " ")


def table(header: Sequence[str], rows: Sequence[Sequence[object]], caption: str = "") -> Shown:
    """An HTML table with aligned columns (:func:`dos_lab.render.table_html`), shown on the page.

    >>> print(table(["row card", "chance"], [["7", "66.4 %"]]).markup.count("<tr"))
    2
    """
    return Shown(table_html(header, rows, caption))


def cards_picture(codes: str, caption: str = "", size: str = "normal") -> Shown:
    """Card pictures (the game's own card faces) with a caption, e.g. ``cards_picture("B7", "The row card")``."""
    cards = [Card.parse(code) for code in codes.split()]
    label = f"<div style='font-size:14px;color:#37474f'>{caption}</div>" if caption else ""
    return Shown(f"<div class='dos-cards' style='margin:6px 0'>{label}{cards_html(cards, size=size)}</div>",
                 caption or gettext("cards"))


def row_card_picture(value: int | str, size: str = "small") -> str:
    """One card face standing for a row-card value (any colour would do: matching numbers ignores colour)."""
    return cards_html([Card.parse(_PICTURE[value])], size=size)


# --- exercises --------------------------------------------------------------------------------------------------


def as_fraction(answer: object) -> Fraction:
    """A student's answer as a fraction: ``16``, ``Fraction(4, 27)``, ``"4/27"``, ``0.148``, ``"14.8 %"``."""
    from dos_lab.widgets.answers import read_number

    if isinstance(answer, bool):
        raise InvalidInput(gettext("answer with a number, not yes or no"))
    if isinstance(answer, Fraction | int):
        return Fraction(answer)
    if isinstance(answer, float):
        return Fraction(answer).limit_denominator(1_000_000)
    if isinstance(answer, np.integer | np.floating):
        return as_fraction(answer.item())
    try:
        return read_number(str(answer))
    except ValueError:
        raise InvalidInput(gettext("“{answer}” is not a number; answer like 16, 4/27, 0.148 or 14.8 %").format(
            answer=answer)) from None


@dataclass(frozen=True)
class Exercise:
    """One exercise: the question, its exact answer, how it is asked, a hint that does not give the answer
    away, and the worked answer."""

    question: str
    answer: Fraction
    kind: str  # "whole", "chance" or "number"
    hint: str
    explain: str
    decimals: int = 1


@cache
def one_row_card_chance(hand_size: int = 7) -> Fraction:
    """The chance of matching one random row card (dealt from the cards not in the hand).

    >>> percent(one_row_card_chance())
    '89.6 %'
    """
    counts = {v: c.count for v, c in zip(ROW_VALUES, P.VALUE_CLASSES, strict=True)}
    return sum((Fraction(n, 108) * P.p_any_match(v, hand_size, exclude_target=True) for v, n in counts.items()),
               Fraction(0))


def at_least(pmf: dict[int, Fraction], points: int) -> Fraction:
    """The exact chance of ``points`` or more.

    >>> percent(at_least(P.hand_points_pmf(7), 100))
    '11.9 %'
    """
    return sum((chance for total, chance in pmf.items() if total >= points), Fraction(0))


def _exercises() -> dict[str, Exercise]:
    """Every exercise, its texts in the current language."""
    both = percent(one_row_card_chance(), 2)
    low, high = wilson_interval(8, 10)
    points_100 = at_least(P.hand_points_pmf(7), 100)
    return {
        "1.hits_on_a_7": Exercise(
            gettext("A 7 lies in the row. How many of the <b>107 other cards</b> can match it on their own?"),
            Fraction(15), "whole",
            gettext("The 7 in the row is not among them. Count the 7s that are left, then the cards that can "
                    "stand for any number."),
            gettext("7 sevens are left (the eighth lies in the row) and 8 Wild # cards can be any number from 1 to "
                    "10: 7 + 8 = 15.")),
        "1.one_card_hits_a_7": Exercise(
            gettext("You hold just <b>one</b> card, dealt from the 107 cards that are not in the row. What is the "
                    "chance it matches the 7 on its own?"), Fraction(15, 107), "chance",
            gettext("A chance is (cards that work) ÷ (cards it could be). How many cards work, out of how many?"),
            gettext("15 of the 107 cards match: 15/107, about 14.0 %.")),
        "1.two_cards_miss_a_7": Exercise(
            gettext("You hold <b>two</b> cards. What is the chance that <b>both</b> miss the 7? (Cards are dealt "
                    "without putting them back.)"), Fraction(92 * 91, 107 * 106), "chance",
            gettext("Multiply two chances: the first card misses, then the second misses given that the first did. "
                    "After one miss, how many misses are left, and how many cards?"),
            gettext("(92/107) × (91/106) = 8372/11342, about 73.8 %: after one miss, 91 misses are left among 106 "
                    "cards.")),
        "1.wild_hash_one_card": Exercise(
            gettext("A <b>Wild #</b> lies in the row. You hold one card. What is the chance that it matches the "
                    "Wild # on its own?"), P.p_single_match("#", 1, exclude_target=True), "chance",
            gettext("The player who matches a Wild # in the row says which number it is, anything from one to ten. "
                    "Which cards can count as such a number?"),
            gettext("Every card can: a number card, a Wild DOS (2) and a Wild # all count as a number from 1 to 10, "
                    "so the chance is 1 (100 %).")),
        "2.pairs_for_6": Exercise(
            gettext("How many <b>kinds of pairs</b> of cards add up to <b>6</b>? (Count 1+5 and 5+1 once; a Wild "
                    "DOS counts 2, a Wild # any number 1–10.)"), Fraction(len(P.pair_combinations(6))), "whole",
            gettext("Go in order: 1 with something, then a Wild DOS (2) with something, then 3 with 3 — and do not "
                    "forget the pairs that use a Wild #, including two Wild # cards."),
            gettext("1+5, Wild DOS+4, 3+3, and with a Wild #: 1+#, Wild DOS+#, 3+#, 4+#, 5+#, #+# — 9 kinds.")),
        "2.double_on_w_two_cards": Exercise(
            gettext("You hold <b>two</b> cards. A <b>Wild DOS</b> (worth 2) lies in the row. What is the chance "
                    "your two cards make a double match on it?"), Fraction(math.comb(20, 2), math.comb(107, 2)),
            "chance",
            gettext("2 = 1 + 1, so both cards must be able to count as 1. Which cards can be a 1, and how many? "
                    "Then count the pairs of them, and all pairs of the 107 cards."),
            gettext("12 ones and 8 Wild # can be a 1: C(20, 2) / C(107, 2) = 190/5671, about 3.4 %.")),
        "2.pairs_for_5": Exercise(
            gettext("How many kinds of pairs add up to <b>5</b>?"), Fraction(len(P.pair_combinations(5))), "whole",
            gettext("Use the pairs explorer above, or go in order: 1+?, Wild DOS+?, then the pairs with a Wild #."),
            gettext("1+4, Wild DOS+3, 1+#, Wild DOS+#, 3+#, 4+#, #+# — 7 kinds.")),
        "3.naive_both": Exercise(
            gettext("If the two row cards were <b>independent</b>, what would the chance of matching <b>both</b> "
                    "be? One row card is matched with chance {chance}.").format(chance=both),
            one_row_card_chance() ** 2, "chance",
            gettext("For independent events, the chance that both happen is found with one operation on the two "
                    "chances."),
            f"{both} × {both} ≈ {percent(one_row_card_chance() ** 2)}."),
        "3.expected_cleared": Exercise(
            gettext("What is the <b>expected number</b> of row cards you can clear in one turn with 7 cards?"),
            P.expected_matchable(), "number",
            gettext("You clear 0, 1 or 2 cards. The expected number is P(at least one) + P(both): both chances are "
                    "in the table above."),
            gettext("{one} + {both} ≈ {expected} row cards.").format(
                one=decimal(P.p_can_match(), 4), both=decimal(P.p_match_both(), 4),
                expected=decimal(P.expected_matchable(), 2)), decimals=2),
        "3.exactly_one": Exercise(
            gettext("What is the chance you can match <b>exactly one</b> of the two row cards (one, but not both)?"),
            P.p_can_match() - P.p_match_both(), "chance",
            gettext("The deals where you can match at least one are split into two kinds: exactly one, and both."),
            gettext("P(at least one) − P(both) = {one} − {both} = {exactly_one}.").format(
                one=percent(P.p_can_match()), both=percent(P.p_match_both()),
                exactly_one=percent(P.p_can_match() - P.p_match_both()))),
        "4.mean_points": Exercise(
            gettext("What is the <b>average</b> number of points in a random 7-card hand?"),
            P.expected_hand_points(7), "number",
            gettext("The whole deck of 108 cards is worth 1036 points. What is one card worth on average? "
                    "And seven cards?"), gettext("7 × 1036/108 ≈ 67.1 points."), decimals=1),
        "4.points_below_100": Exercise(
            gettext("What is the exact chance that a 7-card hand is worth <b>less than 100</b> points?"),
            1 - points_100, "chance",
            gettext("Use the complement rule with the exact chance from the table above."),
            gettext("1 − P(100 or more) = 1 − {high} = {low}.").format(
                high=percent(points_100), low=percent(1 - points_100))),
        "5.wilson_low_8_of_10": Exercise(
            gettext("A bot won <b>8 of 10</b> games. What is the <b>lower end</b> of the 95 % Wilson interval for "
                    "its win rate?"), Fraction(low).limit_denominator(100_000), "chance",
            gettext("Set the interval calculator above to 8 wins in 10 games and read the lower end."),
            gettext("The interval runs from {low} to {high}: 8 wins in 10 games could still come from a player who "
                    "wins only half the time.").format(low=percent(low), high=percent(high))),
        "5.greedy_rate": Exercise(
            gettext("GreedyBot won 71 of the 150 games. What is its win rate?"), Fraction(71, 150), "chance",
            gettext("A win rate is wins ÷ games."), f"71/150 ≈ {percent(Fraction(71, 150))}."),
    }


@cache
def _exercises_in(lang: str) -> dict[str, Exercise]:
    """:data:`EXERCISES` with their texts in the language ``lang``."""
    with language(lang):
        return _exercises()


#: every exercise of the lessons, by name: ``"<lesson>.<name>"`` (texts in English; a page shows them in its language)
EXERCISES: dict[str, Exercise] = _exercises_in("en")


def exercise(name: str) -> Any:
    """The exercise ``name`` as an answer box for the page (see :mod:`dos_lab.widgets.answers`)."""
    from dos_lab.widgets.answers import AnswerBox

    if name not in EXERCISES:
        raise InvalidInput(gettext("there is no exercise “{name}”; the exercises are {names}").format(
            name=name, names=", ".join(EXERCISES)))
    ex = _exercises_in(get_language())[name]
    return AnswerBox(ex.question, ex.answer, kind=ex.kind, decimals=ex.decimals,  # type: ignore[arg-type]
                     hint=ex.hint, explain=ex.explain, name=name.replace(".", "-"))


def check(name: str, answer: object, expected: object = None) -> bool:
    """Check an answer typed in code to the exercise ``name``; print the verdict and return True if right.

    ``expected`` overrides the stored answer.

    >>> check("1.one_card_hits_a_7", "15/107")
    Right! 15 of the 107 cards match: 15/107, about 14.0 %.
    True
    """
    box = exercise(name)
    if expected is not None:
        box.answer = as_fraction(expected)
    if isinstance(answer, Fraction):
        answer = f"{answer.numerator}/{answer.denominator}"
    elif not isinstance(answer, str):
        try:
            answer = str(as_fraction(answer))
        except InvalidInput as error:
            print(gettext("Not yet: {error}").format(error=error))
            return False
    box.submit(answer)
    print(box.feedback_text())
    return bool(box.right)


def row_card_table(hand_size: int = 7) -> list[tuple[str, str, str, str]]:
    """Rows of (row card, single, double, any) chances for every row-card value, as percentages, with the row
    card not in the deck the hand is dealt from.

    >>> row_card_table()[0]
    ('1', '75.7 %', '0.0 %', '75.7 %')
    """
    return [(row_label(v), percent(P.p_single_match(v, hand_size, True)),
             percent(P.p_double_match(v, hand_size, True)), percent(P.p_any_match(v, hand_size, True)))
            for v in ROW_VALUES]


# --- statistics -------------------------------------------------------------------------------------------------


def wilson_band(successes: npt.NDArray[np.float64], trials: npt.NDArray[np.float64],
                confidence: float = 0.95) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """The Wilson interval (as in :func:`dos_lab.simulate.wilson_interval`) for many counts at once.

    >>> low, high = wilson_band(np.array([8.0]), np.array([10.0]))
    >>> round(float(low[0]), 4), round(float(high[0]), 4)
    (0.4902, 0.9433)
    """
    centre, half = wilson_centre_and_half(successes, trials, confidence)
    low = np.where(successes == 0, 0.0, np.maximum(0.0, centre - half))
    high = np.where(successes == trials, 1.0, np.minimum(1.0, centre + half))
    return low, high


def median(pmf: dict[int, Fraction]) -> int:
    """The smallest total whose running chance reaches one half.

    >>> median(P.hand_points_pmf(7))
    64
    """
    running = Fraction(0)
    for points, chance in pmf.items():
        running += chance
        if running >= Fraction(1, 2):
            return points
    raise InvalidInput(gettext("the chances do not add up to 1"))


def normal_tail(mean: float, sd: float, at_least: float) -> float:
    """The normal approximation of P(X ≥ at_least) for whole-number X, with the continuity correction:
    P(Y ≥ at_least − ½) for a normal Y of the same mean and spread.

    >>> round(normal_tail(0.0, 1.0, 0.5), 4)
    0.5
    """
    return 1 - NormalDist(mean, sd).cdf(at_least - 0.5)


#: groups of hands by their wild cards, as the lessons name them: (Wild DOS, Wild #) -> name
WILD_GROUPS: dict[tuple[int, int], str] = {
    (0, 0): noop("no wild card"), (1, 0): noop("one Wild DOS"), (0, 1): noop("one Wild #"),
    (2, 0): noop("two Wild DOS"), (1, 1): noop("one Wild DOS and one Wild #"), (0, 2): noop("two Wild #"),
}


def hands_with(group: tuple[int, int]) -> str:
    """The name of a group of hands (a key of :data:`WILD_GROUPS`) in the current language.

    >>> hands_with((1, 0))
    'hands with one Wild DOS'
    """
    return gettext("hands with {group}").format(group=gettext(WILD_GROUPS[group]))


@cache
def hand_points_by_wilds(n: int = 7) -> dict[tuple[int, int], dict[int, Fraction]]:
    """The exact chances of each points total in an ``n``-card hand, split by how many Wild DOS and Wild #
    cards the hand holds: ``{(wild_dos, wild_hash): {points: chance}}``. Added up, they give
    :func:`dos_lab.probability.hand_points_pmf`.

    >>> split = hand_points_by_wilds(7)
    >>> group = split[1, 0]                       # exactly one Wild DOS, no Wild #
    >>> round(float(group[50] / P.hand_points_pmf(7)[50]), 2)
    0.8
    """
    numbers = [c for c in P.VALUE_CLASSES if c.label not in ("W", "#")]
    wild_dos, wild_hash = (next(c for c in P.VALUE_CLASSES if c.label == label) for label in ("W", "#"))
    ways = P.hand_point_counts(n, numbers)
    total = math.comb(P.DECK_SIZE, n)
    split: dict[tuple[int, int], dict[int, Fraction]] = {}
    for w in range(min(n, wild_dos.count) + 1):
        for h in range(min(n - w, wild_hash.count) + 1):
            hands = math.comb(wild_dos.count, w) * math.comb(wild_hash.count, h)
            split[w, h] = {points + w * wild_dos.points + h * wild_hash.points: Fraction(count * hands, total)
                           for points, count in sorted(ways[n - w - h].items())}
    return split


@cache
def _pmf_from_groups(n: int) -> dict[int, Fraction]:
    """:func:`dos_lab.probability.hand_points_pmf`, added up from the groups (one computation serves both)."""
    total: dict[int, Fraction] = {}
    for group in hand_points_by_wilds(n).values():
        for points, chance in group.items():
            total[points] = total.get(points, Fraction(0)) + chance
    return dict(sorted(total.items()))


# --- plots ------------------------------------------------------------------------------------------------------


def show_row_card_bars(hand_size: int = 7) -> None:
    """Show :func:`row_card_bars` as a picture, drawn once per site (a page need not load matplotlib)."""
    from IPython.core.display import Image
    from IPython.display import display

    def draw() -> tuple[str, bytes]:
        import matplotlib.pyplot as plt

        figure, ax = plt.subplots(figsize=(8, 3.5), layout="constrained")
        row_card_bars(hand_size, ax=ax)
        return "", png(figure, tight=False)

    display(Image(data=_site_picture(("row card bars", hand_size), draw)[1]))  # type: ignore[no-untyped-call]


def convergence_plot(outcomes: npt.NDArray[np.float64], exact: Fraction | float, title: str = "",
                     label: str = noop("share of deals"), ax: Axes | None = None,
                     unit: str = noop("random deals")) -> Axes:
    """The running share of yes-outcomes (1.0/0.0), its 95 % Wilson interval, and the exact chance (dashed)."""
    import matplotlib.pyplot as plt

    if ax is None:
        _, ax = plt.subplots(figsize=(7, 3.5))
    n = np.arange(1, len(outcomes) + 1, dtype=np.float64)
    hits = np.cumsum(outcomes)
    low, high = wilson_band(hits, n)
    ax.plot(n, hits / n, color="tab:blue", label=gettext("simulation: share so far"))
    ax.fill_between(n, low, high, color="tab:blue", alpha=0.2, label=gettext("95 % Wilson interval"))
    ax.axhline(float(exact), color="black", linestyle="--",
               label=gettext("exact: {chance}").format(chance=percent(exact)))
    ax.set_xscale("log")
    ax.set_xlabel(gettext("number of {unit} (log scale)").format(unit=gettext(unit)))
    ax.set_ylabel(gettext("{label} (%)").format(label=gettext(label)))
    ax.set_ylim(0, 1.02)
    percent_axis(ax)
    ax.set_title(title)
    ax.legend(loc="best")
    return ax


def row_card_bars(hand_size: int = 7, ax: Axes | None = None) -> Axes:
    """Bars: the exact chance of a single, a double and any match for each row card."""
    import matplotlib.pyplot as plt

    if ax is None:
        _, ax = plt.subplots(figsize=(8, 3.5), layout="constrained")
    x = np.arange(len(ROW_VALUES))
    for shift, (name, fn) in zip((-0.27, 0.0, 0.27), ((gettext("single match"), P.p_single_match),
                                                      (gettext("double match"), P.p_double_match),
                                                      (gettext("any match"), P.p_any_match)), strict=True):
        ax.bar(x + shift, [float(fn(v, hand_size, True)) for v in ROW_VALUES], width=0.27, label=name)
    # Translators: the labels under the bars of the two wild cards, on two lines
    ax.set_xticks(x, ["1", gettext("Wild\nDOS"), *map(str, range(3, 11)), gettext("Wild\n#")])
    ax.set_xlabel(gettext("row card"))
    ax.set_ylabel(ngettext("chance with {count} card (%)", "chance with {count} cards (%)", hand_size).format(
        count=hand_size))
    ax.set_title(ngettext("Chance to match each row card with {count} card in hand",
                          "Chance to match each row card with {count} cards in hand", hand_size).format(
        count=hand_size))
    ax.set_ylim(0, 1.05)
    percent_axis(ax)
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0))
    return ax


_GROUP_COLOURS = {(0, 0): "#90a4ae", (1, 0): "#ef6c00", (0, 1): "#1565c0", (2, 0): "#f9a825"}


def points_plot(hand_size: int = 7, ax: Axes | None = None, split: bool = True) -> Axes:
    """The exact distribution of points in a hand as stacked bars (split by the wild cards in the hand),
    with the normal curve of the same mean and spread."""
    import matplotlib.pyplot as plt

    if ax is None:
        _, ax = plt.subplots(figsize=(8, 3.8))
    pmf = _pmf_from_groups(hand_size)
    points = np.array(list(pmf))
    chances = np.array([float(q) for q in pmf.values()])
    mean = float(np.sum(points * chances))
    sd = math.sqrt(float(np.sum((points - mean) ** 2 * chances)))
    # step outlines filled with fill_between: one polygon per group draws far faster than a bar per total
    dense = np.zeros(points.max() - points.min() + 1)
    dense[points - points.min()] = chances
    xs_step = np.repeat(np.arange(points.min(), points.max() + 1), 2) + np.tile([-0.5, 0.5], len(dense))
    if split:
        bottom = np.zeros(len(dense))
        for key, colour in _GROUP_COLOURS.items():
            heights = np.zeros(len(dense))
            for p, q in hand_points_by_wilds(hand_size).get(key, {}).items():
                heights[p - points.min()] = float(q)
            ax.fill_between(xs_step, np.repeat(bottom, 2), np.repeat(bottom + heights, 2), color=colour,
                            linewidth=0, label=hands_with(key))
            bottom += heights
        ax.fill_between(xs_step, np.repeat(bottom, 2), np.repeat(np.maximum(dense, bottom), 2), color="#6a1b9a",
                        linewidth=0, label=gettext("hands with other wild cards"))
    else:
        ax.fill_between(xs_step, 0, np.repeat(dense, 2), color="tab:orange", linewidth=0,
                        label=gettext("exact chance of each total"))
    xs = np.linspace(max(0, points.min() - 10), min(points.max(), mean + 5 * sd), 400)
    ax.plot(xs, [NormalDist(mean, sd).pdf(x) for x in xs], color="black",
            label=gettext("normal curve (same mean, spread)"))
    ax.set_xlim(0, min(points.max(), mean + 5 * sd))
    ax.set_xlabel(ngettext("points in a {count}-card hand", "points in a {count}-card hand", hand_size).format(
        count=hand_size))
    ax.set_ylabel(gettext("chance of each total (%)"))
    percent_axis(ax, 1)
    ax.set_title(ngettext("Points left in a random {count}-card hand", "Points left in a random {count}-card hand",
                          hand_size).format(count=hand_size))
    ax.legend(loc="upper right", fontsize=8)
    return ax


def win_rate_plot(records: Sequence[GameRecord], entrant: int = 0, name: str = "GreedyBot",
                  ax: Axes | None = None) -> Axes:
    """The running win rate of one entrant over the finished games, with its 95 % Wilson band."""
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    if ax is None:
        _, ax = plt.subplots(figsize=(7, 3.5))
    wins = np.cumsum([r.winner == entrant for r in records if r.finished]).astype(np.float64)
    games = np.arange(1, len(wins) + 1, dtype=np.float64)
    low, high = wilson_band(wins, games)
    ax.plot(games, wins / games, color="tab:green", linewidth=2,
            label=gettext("{name}'s win rate so far").format(name=name))
    ax.fill_between(games, low, high, color="tab:green", alpha=0.2, label=gettext("95 % Wilson interval"))
    ax.axhline(0.5, color="black", linestyle="--", label=gettext("an even contest: 50 %"))
    ax.set_ylim(0, 1.02)
    percent_axis(ax)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))  # games are counted whole, even for a short run
    ax.set_xlabel(gettext("games played"))
    ax.set_ylabel(gettext("win rate (%)"))
    ax.set_title(gettext("{name}'s win rate as the games add up").format(name=name))
    ax.legend(loc="lower right")
    return ax


# --- simulations a student can run again ------------------------------------------------------------------------

_CHUNK = 2_000


def _chunk_seed(seed: int, index: int) -> int:
    return int(np.random.SeedSequence([seed, index]).generate_state(1)[0])


def simulate_chance(question: str, n: int, seed: int, *, v: int | str | None = None, hand_size: int = 7,
                    exclude_target: bool = False, at_least: int | None = None,
                    progress: Callable[[int], None] | None = None) -> npt.NDArray[np.float64]:
    """``n`` seeded yes/no outcomes (1.0/0.0) of a question, dealt in chunks so a progress bar can follow.

    For ``hand_points``, ``at_least`` turns the points into "worth at least this many points".

    >>> simulate_chance("single_match", 5, 1, v=7, exclude_target=True).tolist()
    [1.0, 0.0, 1.0, 0.0, 1.0]
    """
    parts = []
    for index, start in enumerate(range(0, n, _CHUNK)):
        size = min(_CHUNK, n - start)
        part = P.sample_outcomes(question, size, _chunk_seed(seed, index), v=v, hand_size=hand_size,
                                 exclude_target=exclude_target)
        if at_least is not None:
            part = (part >= at_least).astype(np.float64)
        parts.append(part)
        if progress is not None:
            progress(start + size)
    return np.concatenate(parts)


def _rerun_controls(n: int, seed: int, what: str, maximum: int) -> tuple[Any, Any, Any]:
    """The size and seed boxes and the "Run again" button of a simulation a student can run again."""
    import ipywidgets as widgets  # type: ignore[import-untyped,unused-ignore]

    style = {"description_width": "initial"}
    size = widgets.BoundedIntText(value=n, min=10, max=maximum, step=max(10, n // 10), description=f"{what}:",
                                  style=style, layout=widgets.Layout(width="16em")).add_class("dos-sim-size")
    seed_box = widgets.BoundedIntText(value=seed, min=0, max=10**9, description=gettext("seed:"), style=style,
                                      layout=widgets.Layout(width="12em")).add_class("dos-sim-seed")
    run = widgets.Button(description=gettext("Run again"), button_style="primary").add_class("dos-sim-run")
    return size, seed_box, run


def _rerunnable(n: int, seed: int, what: str, maximum: int, busy: str,
                work: Callable[[int, int, Callable[[int], None]], tuple[str, bytes]],
                first: tuple[str, bytes] | None = None) -> Any:
    """Size and seed boxes, "Run again", a progress bar, and the result (text and a picture) of
    ``work(size, seed, progress)``; ``first`` is shown at the start instead of running ``work``."""
    import ipywidgets as widgets  # type: ignore[import-untyped,unused-ignore]

    style = {"description_width": "initial"}
    size, seed_box, run = _rerun_controls(n, seed, what, maximum)
    bar = widgets.IntProgress(value=0, min=0, max=n, description=f"{busy.lower()}:",
                              style=style).add_class("dos-sim-progress")
    result = widgets.HTML().add_class("dos-sim-result")
    picture = widgets.Image(format="png")

    def show(text: str, image: bytes) -> None:
        result.value, picture.value = text, image

    def go(_: object = None) -> None:
        total, chosen = int(size.value), int(seed_box.value)
        run.disabled = True
        bar.max, bar.value = total, 0
        result.value = f"<i>{busy}…</i>"
        try:
            show(*work(total, chosen, lambda done: setattr(bar, "value", done)))
        finally:
            run.disabled = False

    run.on_click(go)
    if first is None:
        go()
    else:
        bar.value = n
        show(*first)
    return widgets.VBox([widgets.HBox([size, seed_box, run]), bar, result, picture]).add_class("dos-simulation")


def run_simulation(question: str, exact: Fraction | float, *, title: str, label: str, n: int = 20_000,
                   seed: int = 1, v: int | str | None = None, hand_size: int = 7, exclude_target: bool = False,
                   at_least: int | None = None, noun: str = noop("hands"), verb: str = noop("could match")) -> Any:
    """A simulation a student can run again: size, seed, "Run again", a progress bar, the result in words
    and a convergence plot with its Wilson interval."""

    def work(total: int, chosen: int, progress: Callable[[int], None]) -> tuple[str, bytes]:
        import matplotlib.pyplot as plt

        outcomes = simulate_chance(question, total, chosen, v=v, hand_size=hand_size,
                                   exclude_target=exclude_target, at_least=at_least, progress=progress)
        hits = int(outcomes.sum())
        low, high = wilson_interval(hits, total)
        inside = (gettext("is inside the interval.") if low <= float(exact) <= high else
                  gettext("is outside the interval this time: a 95 % interval misses in about 1 run of 20."))
        figure, ax = plt.subplots(figsize=(7, 3.3))
        convergence_plot(outcomes, exact, title=title, label=label, ax=ax, unit=noun)
        said = gettext("{hits} of {total} {noun} {verb}: <b>{share}</b> (95 % Wilson interval {low} to {high}). "
                       "The exact chance, {exact}, {inside}").format(
            hits=number(hits), total=number(total), noun=gettext(noun), verb=gettext(verb),
            share=percent(hits / total), low=percent(low, 2), high=percent(high, 2), exact=percent(exact, 2),
            inside=inside)
        return f"<p style='font-size:15px'>{said}</p>", png(figure)

    first = _site_picture(("simulation", question, exact, title, label, n, seed, v, hand_size, exclude_target,
                           at_least, noun, verb), lambda: work(n, seed, lambda _: None))
    return _rerunnable(n, seed, gettext("how many {noun}").format(noun=gettext(noun)), 200_000, gettext("Dealing"),
                       work, first)


def play_tournament(bots: Sequence[Any], games: int = 150, seed: int = 2024) -> list[GameRecord]:
    """The records of ``games`` seeded games between ``bots``, one game after the other: what
    ``play_games(bots, games, seed, SerialExecutor())`` returns. On a ``dos-lab`` site the games are played once,
    outside the page's kernel, and every kernel of the class reads the same records back (:func:`_site_shared`).

    >>> from dos_lab.bots import GreedyBot, TacticianBot
    >>> play_tournament([GreedyBot, TacticianBot], 3, seed=1) == play_games([GreedyBot, TacticianBot], 3, 1,
    ...                                                                      SerialExecutor())
    True
    """

    def played() -> bytes:
        records = play_games(list(bots), games, seed, SerialExecutor())
        return json.dumps([astuple(record) for record in records]).encode()

    names = tuple(f"{getattr(bot, '__module__', '')}.{getattr(bot, '__qualname__', repr(bot))}" for bot in bots)
    stored = json.loads(_site_shared(("tournament games", names, games, seed), played))
    return [GameRecord(index, game_seed, tuple(seats), winner, tuple(scores), rounds, turns, finished)
            for index, game_seed, seats, winner, scores, rounds, turns, finished in stored]


def run_tournament(bots: Sequence[Any], names: Sequence[str], *, games: int = 150, seed: int = 2024,
                   records: Sequence[GameRecord] | None = None) -> Any:
    """A tournament a student can run again (number of games, seed): the games play in the background with a
    progress bar and a Stop button, the table of win rates with 95 % Wilson intervals fills in as they finish,
    and the first bot's running win rate is drawn at the end. ``records`` of the same games and seed, if given,
    are shown first instead of playing them again."""
    import ipywidgets as widgets  # type: ignore[import-untyped,unused-ignore]

    from dos_lab.simulate import start_games
    from dos_lab.widgets.progress import games_run_view
    from dos_lab.widgets.tournament import watch_results

    def draw(played: Sequence[GameRecord]) -> bytes:
        from matplotlib.figure import Figure

        figure = Figure(figsize=(7, 3.3))  # not pyplot's: the picture of a rerun is drawn in the playing thread
        win_rate_plot(played, 0, names[0], ax=figure.subplots())
        return png(figure)

    size, seed_box, again = _rerun_controls(games, seed, gettext("how many games"), 2_000)
    progress = widgets.Box([])
    result = widgets.HTML().add_class("dos-sim-result")
    picture = widgets.Image(format="png")

    def play(_: object = None) -> None:
        again.disabled = True
        picture.value = b""
        # in this kernel, one game at a time: a class shares the server's cores
        run = start_games(list(bots), int(size.value), int(seed_box.value), SerialExecutor(), chunk_size=5,
                          names=names)
        progress.children = [games_run_view(run)]

        def ended() -> None:
            try:
                if run.records:
                    picture.value = draw(run.records)
            finally:
                again.disabled = False

        watch_results(run, result, explain=False, done=ended)

    again.on_click(play)
    if records is not None and len(records) == games:
        result.value, picture.value = _site_picture(
            ("tournament", tuple(names), games, seed, tuple(str(r) for r in records)),
            lambda: (tournament_table(records, names).markup, draw(records)))
    else:
        play()
    return widgets.VBox([widgets.HBox([size, seed_box, again]), progress, result, picture]).add_class(
        "dos-simulation")


def tournament_table(records: Sequence[GameRecord], names: Sequence[str]) -> Shown:
    """The win rates of a tournament as a table, with 95 % Wilson intervals (:func:`dos_lab.render.win_rate_table`)."""
    return Shown(win_rate_table(records, names))


# --- quick explorers (every answer is exact, cached or precomputed) ---------------------------------------------

#: hand size -> (at least one, both, single colour match offered, double colour match offered) for a deal of two
#: row cards. :func:`dos_lab.probability.p_match_both` takes seconds for big hands, so the explorer reads this
#: table; a test checks every entry against the exact functions.
TWO_ROW_CHANCES: dict[int, tuple[float, float, float, float]] = {
    1: (0.3516069410973308, 0.0, 0.13012924756885258, 0.0),
    2: (0.5660794717516048, 0.08336762083896627, 0.2325015075617556, 0.03458519271133154),
    3: (0.7338835123352845, 0.2037890438877919, 0.31511050911509386, 0.09023278686477416),
    4: (0.8439206201704211, 0.35283286398019337, 0.3833437286142499, 0.1574391413402016),
    5: (0.9095104301690873, 0.5065361692691356, 0.44088636774201273, 0.2297027959384857),
    6: (0.9470778009889238, 0.6398644442217473, 0.49029709894937323, 0.30269576013613775),
    7: (0.9684141581334647, 0.7430831569563822, 0.5333801371606269, 0.3736300796578457),
    8: (0.9806532564776214, 0.8180244509742249, 0.5714286762872304, 0.4407919949477175),
    9: (0.9878180934159706, 0.870772692648044, 0.6053858512439416, 0.5032076532055267),
    10: (0.992120692488032, 0.9075168945158564, 0.6359521632117041, 0.5604069041496381),
    11: (0.994775776787226, 0.933157216158716, 0.6636578032621961, 0.6122578884763193),
    12: (0.9964587297193447, 0.951196358584001, 0.6889117725771513, 0.6588516749150427),
}


def _explorer(render: Callable[..., str | bytes], name: str, **controls: Any) -> Any:
    """Controls above a live answer (HTML, or a PNG picture as bytes), redrawn when a control changes.

    Built from plain widgets, without the Output capture of ``ipywidgets.interactive``, which now and then
    stalled a Voila page while it was being rendered."""
    import ipywidgets as widgets  # type: ignore[import-untyped,unused-ignore]

    text = widgets.HTML().add_class("dos-explorer-answer")
    picture = widgets.Image(format="png")
    answer = widgets.Box([])

    def redraw(_: object = None) -> None:
        result = render(**{key: control.value for key, control in controls.items()})
        if isinstance(result, bytes):
            picture.value = result
            answer.children = [picture]
        else:
            text.value = result
            answer.children = [text]

    for control in controls.values():
        control.style = {"description_width": "initial"}
        control.observe(redraw, names="value")
    redraw()
    return widgets.VBox([widgets.HBox(list(controls.values())), answer]).add_class(f"dos-explorer-{name}")


def _row_card_dropdown(value: int | str) -> Any:
    import ipywidgets as widgets  # type: ignore[import-untyped,unused-ignore]

    return widgets.Dropdown(options=[(row_label(v), v) for v in ROW_VALUES], value=value,
                            description=gettext("row card"))


def explore_one_row_card() -> Any:
    """Pick a row card and a hand size, see the exact chances of a single, a double and any match."""
    import ipywidgets as widgets  # type: ignore[import-untyped,unused-ignore]

    def show_chances(row_card: int | str, hand_size: int) -> str:
        rows = [[name, percent(fn(row_card, hand_size, True))] for name, fn in
                ((gettext("single match"), P.p_single_match), (gettext("double match"), P.p_double_match),
                 (gettext("any match"), P.p_any_match))]
        header = ngettext("with {count} card in hand", "with {count} cards in hand", hand_size).format(count=hand_size)
        return (f"<div style='display:flex;gap:18px;align-items:center'>{row_card_picture(row_card, 'normal')}"
                + table([header, gettext("chance")], rows,
                        gettext("Row card {card}").format(card=row_label(row_card))).markup + "</div>")

    return _explorer(show_chances, "one-row-card", row_card=_row_card_dropdown(7),
                     hand_size=widgets.IntSlider(value=7, min=1, max=20, description=gettext("cards in hand")))


def explore_pairs() -> Any:
    """A drop-down of row cards: every kind of pair of cards that adds up to it, as card pictures."""

    def show_pairs(row_card: int | str) -> str:
        pairs = P.pair_combinations(row_card)
        if not pairs:
            return "<p style='font-size:15px'>{}</p>".format(gettext(
                "No pair of cards adds up to {card}: the smallest pair is 1 + 1 = 2.").format(card=row_label(row_card)))
        faces = "".join(f"<span style='display:inline-block;margin:2px 10px 2px 0;white-space:nowrap'>"
                        f"{row_card_picture(a)}<b> + </b>{row_card_picture(b)}</span>" for a, b in pairs)
        said = ngettext("<b>{count}</b> kind of pair makes {card} (the colours shown do not matter):",
                        "<b>{count}</b> kinds of pairs make {card} (the colours shown do not matter):",
                        len(pairs)).format(count=len(pairs), card=row_label(row_card))
        return f"<p style='font-size:15px'>{said}</p><div>{faces}</div>"

    return _explorer(show_pairs, "pairs", row_card=_row_card_dropdown(6))


def explore_two_row_cards() -> Any:
    """A slider for the hand size: the exact chances for a deal of two row cards (precomputed)."""
    import ipywidgets as widgets  # type: ignore[import-untyped,unused-ignore]

    def show_deal(hand_size: int) -> str:
        one, both, scm, dcm = TWO_ROW_CHANCES[hand_size]
        rows = [[gettext("match at least one row card"), percent(one)],
                [gettext("match both row cards"), percent(both)],
                [gettext("expected number of row cards cleared"), decimal(one + both, 2)],
                [gettext("a single colour match is offered"), percent(scm)],
                [gettext("a double colour match is offered"), percent(dcm)]]
        return table(["", gettext("exact")], rows, ngettext(
            "{count} card in hand, two row cards", "{count} cards in hand, two row cards", hand_size).format(
            count=hand_size)).markup

    return _explorer(show_deal, "two-row-cards", hand_size=widgets.IntSlider(
        value=7, min=1, max=P.MAX_BOTH_HAND, description=gettext("cards in hand")))


@cache
def _points_png(hand_size: int, lang: str = "en") -> bytes:
    def draw() -> tuple[str, bytes]:
        import matplotlib.pyplot as plt

        figure, ax = plt.subplots(figsize=(8, 3.8))
        figure.subplots_adjust(left=0.09, right=0.98, top=0.91, bottom=0.14)
        points_plot(hand_size, ax=ax)
        return "", png(figure, tight=False)

    with language(lang):
        return _site_picture(("points", hand_size), draw)[1]


def explore_points() -> Any:
    """A slider for the hand size: the exact points distribution against the normal curve (pictures cached)."""
    import ipywidgets as widgets  # type: ignore[import-untyped,unused-ignore]

    # each hand size is worked out when chosen (0.1 s at most): working out all 30 ahead cost a page 40 MB
    lang = get_language()
    return _explorer(lambda hand_size: _points_png(hand_size, lang), "points", hand_size=widgets.IntSlider(
        value=7, min=1, max=30, description=gettext("cards in hand"), continuous_update=False))


def explore_tournament(records: Sequence[GameRecord], name: str = "GreedyBot") -> Any:
    """A slider for how many of the tournament's games to count: the win rate and its interval change."""
    import ipywidgets as widgets  # type: ignore[import-untyped,unused-ignore]

    def show_games(games: int) -> str:
        chosen = [r for r in records[:games] if r.finished]
        wins = sum(1 for r in chosen if r.winner == 0)
        low, high = wilson_interval(wins, len(chosen))
        said = ngettext("In the first {count} game {name} won {wins}: <b>{share}</b>, 95 % Wilson interval {low} "
                        "to {high}.",
                        "In the first {count} games {name} won {wins}: <b>{share}</b>, 95 % Wilson interval {low} "
                        "to {high}.", len(chosen)).format(
            count=len(chosen), name=name, wins=wins, share=percent(wins / max(1, len(chosen))), low=percent(low),
            high=percent(high))
        return f"<p style='font-size:15px'>{said}</p>"

    return _explorer(show_games, "tournament", games=widgets.IntSlider(
        value=min(20, len(records)), min=1, max=len(records), description=gettext("games counted")))


def explore_wilson() -> Any:
    """An interval calculator: wins and games in, the 95 % Wilson interval out."""
    import ipywidgets as widgets  # type: ignore[import-untyped,unused-ignore]

    def show_interval(wins: int, games: int) -> str:
        if wins > games:
            return "<p style='font-size:15px;color:#b71c1c'>{}</p>".format(
                gettext("A bot cannot win more games than it plays."))
        low, high = wilson_interval(wins, games)
        # Translators: {wins} wins in {games} games; the forms follow the number of games
        said = ngettext("{wins} wins in {games} game: win rate <b>{share}</b>, 95 % Wilson interval <b>{low}</b> to "
                        "<b>{high}</b>.",
                        "{wins} wins in {games} games: win rate <b>{share}</b>, 95 % Wilson interval <b>{low}</b> to "
                        "<b>{high}</b>.", games).format(wins=wins, games=games, share=percent(wins / games),
                                                        low=percent(low), high=percent(high))
        return f"<p style='font-size:15px'>{said}</p>"

    return _explorer(show_interval, "wilson",
                     wins=widgets.BoundedIntText(value=5, min=0, max=5000, description=gettext("wins")),
                     games=widgets.BoundedIntText(value=10, min=1, max=5000, description=gettext("games")))


# --- pictures the site's pages share --------------------------------------------------------------------------


def _site_shared(key: tuple[Any, ...], make: Callable[[], bytes]) -> bytes:
    """``make()``, remembered for the other kernels of the same ``dos-lab`` site.

    A class opens the same lesson with the same seeded first pictures and reference games. They are made once
    per site, in a short-lived child process where the system can fork, and every kernel reads them back: no
    page's kernel loads matplotlib (about 35 MB of memory) or fills the engine's caches (about 15 MB for a
    150-game tournament) for them. The site names a private folder in ``DOS_LAB_CACHE`` and removes it when it
    stops; elsewhere (nbval, JupyterLab) this is just ``make()``.
    """
    folder = os.environ.get("DOS_LAB_CACHE")
    if not folder:
        return make()
    code = sorted((f.name, f.stat().st_mtime_ns) for f in Path(__file__).parent.glob("*.py"))
    path = Path(folder) / hashlib.sha256(repr((key, get_language(), code)).encode()).hexdigest()
    stored = _read_shared(path)
    if stored is None and hasattr(os, "fork"):
        child = os.fork()
        if child == 0:  # the child makes, stores and leaves at once (no clean-up of the kernel's state)
            try:
                _store_shared(path, make())
            finally:
                os._exit(0)
        os.waitpid(child, 0)
        stored = _read_shared(path)
    if stored is not None:
        return stored
    made = make()
    _store_shared(path, made)
    return made


def _read_shared(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except OSError:
        return None


def _store_shared(path: Path, data: bytes) -> None:
    partial = path.with_suffix(f".{os.getpid()}")
    try:  # written aside and renamed: a kernel reading at the same moment sees all of it or nothing
        partial.write_bytes(data)
        os.replace(partial, path)
    except OSError:
        pass


def _site_picture(key: tuple[Any, ...], make: Callable[[], tuple[str, bytes]]) -> tuple[str, bytes]:
    """``make()`` (a text and a PNG picture), drawn once per site (:func:`_site_shared`)."""

    def encoded() -> bytes:
        text, image = make()
        said = text.encode()
        return len(said).to_bytes(4, "big") + said + image

    stored = _site_shared(("picture", *key), encoded)
    size = int.from_bytes(stored[:4], "big")
    return stored[4:4 + size].decode(), stored[4 + size:]
