"""The lessons' plots: chance bars, a running estimate with its band, the points distribution, win rates."""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from statistics import NormalDist
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from dos_lab import probability as P
from dos_lab.analysis.simulate import GameRecord
from dos_lab.i18n import gettext, ngettext, noop, percent
from dos_lab.lessons.analysis import hand_points_by_wilds, hands_with, pmf_from_groups, wilson_band
from dos_lab.lessons.page import ROW_VALUES
from dos_lab.lessons.shared import site_picture
from dos_lab.widgets.charts import percent_axis, png

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = ["convergence_plot", "points_plot", "show_row_card_bars", "win_rate_plot"]


def show_row_card_bars(hand_size: int = 7) -> None:
    """Show :func:`row_card_bars` as a picture, drawn once per site (a page need not load matplotlib)."""
    from IPython.core.display import Image
    from IPython.display import display

    def draw() -> tuple[str, bytes]:
        import matplotlib.pyplot as plt

        figure, ax = plt.subplots(figsize=(8, 3.5), layout="constrained")
        row_card_bars(hand_size, ax=ax)
        return "", png(figure, tight=False)

    display(Image(data=site_picture(("row card bars", hand_size), draw)[1]))  # type: ignore[no-untyped-call]


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
    pmf = pmf_from_groups(hand_size)
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
