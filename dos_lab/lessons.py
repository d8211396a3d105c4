"""Helpers for the probability lessons in ``notebooks/``: convergence plots, small explorers, answer checkers.

The lessons call these instead of repeating plotting code in every notebook. matplotlib and ipywidgets are
imported inside the functions that need them, so importing this module stays light.

The checkers take the student's answer (a whole number, a fraction such as ``Fraction(4, 27)`` or ``"4/27"``,
or a decimal) and print whether it is right, with a hint if it is not:

>>> check("1.hits_on_a_7", 16)
Correct! 16 cards can match a 7: 8 sevens and 8 Wild # cards.
True
>>> check("1.hits_on_a_7", 8)
Not quite. Hint: don't forget the Wild # cards: they can be any number from 1 to 10.
False
>>> as_fraction("4/27"), as_fraction(0.25)
(Fraction(4, 27), Fraction(1, 4))
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from statistics import NormalDist
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from dos_lab import probability as P
from dos_lab.errors import InvalidInput
from dos_lab.simulate import GameRecord, wilson_interval

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = [
    "EXERCISES",
    "ROW_VALUES",
    "as_fraction",
    "check",
    "compare_guess",
    "convergence_plot",
    "explore_one_row_card",
    "explore_pairs",
    "explore_points",
    "explore_tournament",
    "explore_two_row_cards",
    "normal_tail",
    "one_row_card_chance",
    "percent",
    "points_plot",
    "row_card_bars",
    "row_card_table",
    "win_rate_plot",
]

#: the row-card values in the order the lessons list them: 1, W (a Wild DOS, value 2), 3..10, # (a Wild #)
ROW_VALUES: tuple[int | str, ...] = (1, "W", 3, 4, 5, 6, 7, 8, 9, 10, "#")


def percent(x: Fraction | float) -> str:
    """A chance written as a percentage with one decimal.

    >>> percent(Fraction(1, 8))
    '12.5%'
    """
    return f"{float(x):.1%}"


def as_fraction(answer: object) -> Fraction:
    """A student's answer as a fraction: ``16``, ``Fraction(4, 27)``, ``"4/27"``, ``0.148`` or ``"14.8%"``."""
    if isinstance(answer, bool):
        raise InvalidInput("answer with a number, not True or False")
    if isinstance(answer, Fraction | int):
        return Fraction(answer)
    if isinstance(answer, float):
        return Fraction(answer).limit_denominator(1_000_000)
    if isinstance(answer, str):
        text = answer.strip()
        try:
            if text.endswith("%"):
                return Fraction(text[:-1].strip()) / 100
            return Fraction(text)
        except (ValueError, ZeroDivisionError):
            pass
    raise InvalidInput(f"{answer!r} is not a number; answer like 16, 4/27, 0.148 or '14.8%'")


@dataclass(frozen=True)
class Exercise:
    """One exercise: the exact answer, what to say when right, a hint when wrong, and how close is close enough."""

    answer: Fraction
    explain: str
    hint: str
    tolerance: float = 0.001


def _ex(answer: Fraction | int, explain: str, hint: str, tolerance: float = 0.001) -> Exercise:
    return Exercise(Fraction(answer), explain, hint, tolerance)


_ROW_COUNTS = {v: c.count for v, c in zip(ROW_VALUES, P.VALUE_CLASSES, strict=True)}


def one_row_card_chance(hand_size: int = 7) -> Fraction:
    """The chance of matching one random row card (dealt from the cards not in the hand).

    >>> percent(one_row_card_chance())
    '89.6%'
    """
    return sum((Fraction(n, 108) * P.p_any_match(v, hand_size, exclude_target=True)
                for v, n in _ROW_COUNTS.items()), Fraction(0))


#: every exercise of the lessons, by name: ``"<lesson>.<name>"``
EXERCISES: dict[str, Exercise] = {
    "1.hits_on_a_7": _ex(16, "16 cards can match a 7: 8 sevens and 8 Wild # cards.",
                         "don't forget the Wild # cards: they can be any number from 1 to 10."),
    "1.one_card_hits_a_7": _ex(Fraction(16, 108), "one card matches a 7 with chance 16/108 = 4/27, about 14.8%.",
                               "how many of the 108 cards can match a 7?"),
    "1.two_cards_miss_a_7": _ex(Fraction(92 * 91, 108 * 107),
                                "(92/108) x (91/107): the second card comes from the 107 cards left.",
                                "92 of the 108 cards miss a 7. After one miss, how many misses are left, "
                                "out of how many cards?"),
    "2.pairs_for_6": _ex(len(P.pair_combinations(6)), f"there are {len(P.pair_combinations(6))} kinds of pairs that "
                         "make 6.",
                         "list them with pair_combinations(6) and count, or write them out: 1+5, W+4, 3+3, ..."),
    "2.easiest_number": _ex(10, "10 is the easiest number card to hit: it has the most ways to make a sum.",
                            "look at the bar chart: which number card has the tallest bar?"),
    "2.double_on_w_two_cards": _ex(Fraction(math.comb(20, 2), math.comb(108, 2)),
                                   "C(20, 2) / C(108, 2) = 190/5778: both cards must be 1s or Wild # cards.",
                                   "a Wild DOS in the row is 2 = 1 + 1. Which cards can be a 1? How many pairs of "
                                   "them are there?"),
    "3.naive_both": _ex(one_row_card_chance() ** 2,
                        "multiplying treats the two row cards as if they were independent.",
                        "multiply the chance for one row card by itself."),
    "3.expected_cleared": _ex(P.expected_matchable(), "P(at least one) + P(both) = the expected number cleared.",
                              "the expected number is P(at least 1) + P(2)."),
    "4.mean_points": _ex(P.expected_hand_points(7), "7 x 1036/108 = 67.1 points on average.",
                         "the whole deck is worth 1036 points in 108 cards; each card is worth 1036/108 on average."),
    "4.points_at_least_100": _ex(sum(q for p, q in P.hand_points_pmf(7).items() if p >= 100),
                                 "add up the exact chances of every total from 100 up.",
                                 "sum(q for points, q in hand_points_pmf(7).items() if points >= 100)"),
    "5.greedy_games": _ex(0, "", ""),  # the answer comes from the lesson's own tournament (see check())
    "5.wilson_low_8_of_10": _ex(Fraction(wilson_interval(8, 10)[0]).limit_denominator(10_000),
                                "with only 10 games, 8 wins could still come from a 49% player.",
                                "wilson_interval(8, 10) gives (low, high); the answer is the low end."),
}


def check(name: str, answer: object, expected: object = None) -> bool:
    """Check a student's ``answer`` to the exercise ``name``; print a verdict and return True if it is right.

    ``expected`` overrides the stored answer (for exercises about the student's own simulation).

    >>> check("1.one_card_hits_a_7", "4/27")
    Correct! one card matches a 7 with chance 16/108 = 4/27, about 14.8%.
    True
    >>> check("5.greedy_games", 17, expected=17)
    Correct!
    True
    """
    if name not in EXERCISES:
        raise InvalidInput(f"there is no exercise {name!r}; the exercises are {', '.join(EXERCISES)}")
    exercise = EXERCISES[name]
    target = exercise.answer if expected is None else as_fraction(expected)
    try:
        given = as_fraction(answer)
    except InvalidInput as error:
        print(f"Not quite: {error}")
        return False
    right = given == target or abs(float(given) - float(target)) <= exercise.tolerance * max(1.0, abs(float(target)))
    if right:
        print(f"Correct! {exercise.explain}".rstrip())
    else:
        print(f"Not quite. Hint: {exercise.hint}" if exercise.hint else "Not quite. Try again!")
    return right


def compare_guess(guess: float | Fraction, exact: Fraction | float, what: str = "The exact answer") -> None:
    """Print a student's guess (a chance) next to the exact answer (or another result, named by ``what``).

    >>> compare_guess(0.5, Fraction(3, 4))
    Your guess: 50.0%. The exact answer: 75.0%. You were 25.0 percentage points too low.
    >>> compare_guess(0.7, 0.7, what="The tournament")
    Your guess: 70.0%. The tournament: 70.0%. You were spot on!
    """
    diff = float(guess) - float(exact)
    where = "spot on!" if abs(diff) < 0.005 else (
        f"{abs(diff) * 100:.1f} percentage points too {'high' if diff > 0 else 'low'}.")
    print(f"Your guess: {percent(guess)}. {what}: {percent(exact)}. You were {where}")


def row_card_table(hand_size: int = 7) -> list[tuple[str, str, str, str]]:
    """Rows of (row card, single, double, any) chances for every row-card value, as percentages.

    >>> row_card_table()[0]
    ('1', '77.2%', '0.0%', '77.2%')
    """
    return [(str(v), percent(P.p_single_match(v, hand_size)), percent(P.p_double_match(v, hand_size)),
             percent(P.p_any_match(v, hand_size))) for v in ROW_VALUES]


# --- plots -----------------------------------------------------------------------------------------------------


def convergence_plot(outcomes: npt.NDArray[np.float64], exact: Fraction | float, title: str = "",
                     label: str = "chance", ax: Axes | None = None) -> Axes:
    """The running average of simulated outcomes, its 95% band, and the exact answer as a dashed line."""
    import matplotlib.pyplot as plt

    if ax is None:
        _, ax = plt.subplots(figsize=(7, 3.5))
    n = np.arange(1, len(outcomes) + 1)
    running = np.cumsum(outcomes) / n
    spread = np.sqrt(np.maximum(np.cumsum(outcomes ** 2) / n - running ** 2, 0.0) / n)
    low, high = running - 1.96 * spread, running + 1.96 * spread
    if outcomes.min() >= 0 and outcomes.max() <= 1:  # a chance: the band stays between 0 and 1
        low, high = np.clip(low, 0, 1), np.clip(high, 0, 1)
    ax.plot(n, running, color="tab:blue", label="simulation (running average)")
    ax.fill_between(n, low, high, color="tab:blue", alpha=0.2, label="95% band")
    ax.axhline(float(exact), color="black", linestyle="--", label=f"exact = {float(exact):.4f}")
    ax.set_xscale("log")
    ax.set_xlabel("number of random deals")
    ax.set_ylabel(label)
    ax.set_title(title)
    ax.legend(loc="best")
    return ax


def row_card_bars(hand_size: int = 7, ax: Axes | None = None) -> Axes:
    """Bars: the exact chance of a single, a double and any match for each row card."""
    import matplotlib.pyplot as plt

    if ax is None:
        _, ax = plt.subplots(figsize=(8, 3.5), layout="constrained")
    x = np.arange(len(ROW_VALUES))
    for shift, (name, fn) in zip((-0.27, 0.0, 0.27), (("single", P.p_single_match), ("double", P.p_double_match),
                                                      ("any match", P.p_any_match)), strict=True):
        ax.bar(x + shift, [float(fn(v, hand_size)) for v in ROW_VALUES], width=0.27, label=name)
    ax.set_xticks(x, [str(v) for v in ROW_VALUES])
    ax.set_xlabel("row card")
    ax.set_ylabel(f"chance with {hand_size} cards")
    ax.set_ylim(0, 1.05)
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0))
    return ax


def normal_tail(mean: float, sd: float, at_least: float) -> float:
    """The normal approximation of P(X >= at_least), with a continuity correction of 1/2.

    >>> round(normal_tail(0.0, 1.0, 0.5), 4)
    0.5
    """
    return 1 - NormalDist(mean, sd).cdf(at_least - 0.5)


def points_plot(hand_size: int = 7, ax: Axes | None = None) -> Axes:
    """The exact distribution of points in a hand as bars, with the normal curve of the same mean and spread."""
    import matplotlib.pyplot as plt

    if ax is None:
        _, ax = plt.subplots(figsize=(7, 3.5))
    pmf = P.hand_points_pmf(hand_size)
    points = np.array(list(pmf))
    chances = np.array([float(q) for q in pmf.values()])
    mean = float(np.sum(points * chances))
    sd = math.sqrt(float(np.sum((points - mean) ** 2 * chances)))
    ax.bar(points, chances, width=1.0, color="tab:orange", label="exact chance of each total")
    xs = np.linspace(max(0, points.min() - 10), points.max(), 400)
    ax.plot(xs, [NormalDist(mean, sd).pdf(x) for x in xs], color="black", label="normal curve (same mean, spread)")
    ax.set_xlabel(f"points in a {hand_size}-card hand")
    ax.set_ylabel("chance")
    ax.legend(loc="best")
    return ax


def win_rate_plot(records: Sequence[GameRecord], entrant: int = 0, name: str = "GreedyBot",
                  ax: Axes | None = None) -> Axes:
    """The running win rate of one entrant over the finished games, with its 95% Wilson band."""
    import matplotlib.pyplot as plt

    if ax is None:
        _, ax = plt.subplots(figsize=(7, 3.5))
    wins = np.cumsum([r.winner == entrant for r in records if r.finished])
    games = np.arange(1, len(wins) + 1)
    bands = np.array([wilson_interval(int(w), int(g)) for w, g in zip(wins, games, strict=True)])
    ax.plot(games, wins / games, color="tab:green", linewidth=2, label=f"{name}'s win rate so far")
    ax.fill_between(games, bands[:, 0], bands[:, 1], color="tab:green", alpha=0.2, label="95% interval (Wilson)")
    ax.axhline(0.5, color="black", linestyle="--", label="a fair coin: 50%")
    ax.set_ylim(0, 1.05)
    ax.set_xlabel("games played")
    ax.set_ylabel("win rate")
    ax.legend(loc="lower right")
    return ax


# --- interactive explorers (ipywidgets) -------------------------------------------------------------------------


def _explorer(render: Callable[..., str | bytes], **controls: Any) -> Any:
    """Controls above a live answer. ``render(**values)`` returns text, or a PNG picture as bytes.

    The answer is redrawn when a control changes. It is built from plain widgets, without the
    Output capture of ``ipywidgets.interactive``, which now and then stalled a Voila page while
    it was being rendered."""
    import ipywidgets as widgets  # type: ignore[import-untyped,unused-ignore]

    text = widgets.HTML()
    picture = widgets.Image(format="png")
    answer = widgets.Box([])

    def redraw(_: object = None) -> None:
        result = render(**{name: control.value for name, control in controls.items()})
        if isinstance(result, bytes):
            picture.value = result
            answer.children = [picture]
        else:
            text.value = f"<pre style='margin:4px 0'>{html.escape(result)}</pre>"
            answer.children = [text]

    for control in controls.values():
        control.description = control.description or ""
        control.observe(redraw, names="value")
    redraw()
    return widgets.VBox([*controls.values(), answer])


def _labelled(widget: Any, label: str) -> Any:
    widget.description = label
    widget.style = {"description_width": "initial"}
    return widget


def explore_one_row_card() -> Any:
    """Pick a row card and a hand size, see the exact chances of a single, a double and any match."""
    import ipywidgets as widgets  # type: ignore[import-untyped,unused-ignore]

    def show(row_card: int | str, hand_size: int) -> str:
        return "\n".join([f"Row card {row_card}, {hand_size} cards in hand:",
                          f"  single match  {percent(P.p_single_match(row_card, hand_size))}",
                          f"  double match  {percent(P.p_double_match(row_card, hand_size))}",
                          f"  any match     {percent(P.p_any_match(row_card, hand_size))}"])

    return _explorer(show, row_card=_labelled(widgets.Dropdown(options=list(ROW_VALUES), value=7), "row card"),
                     hand_size=_labelled(widgets.IntSlider(value=7, min=1, max=20), "cards in hand"))


def explore_pairs() -> Any:
    """A drop-down of row cards: every pair of card values that adds up to it."""
    import ipywidgets as widgets  # type: ignore[import-untyped,unused-ignore]

    def show(row_card: int | str) -> str:
        pairs = P.pair_combinations(row_card)
        return f"{len(pairs)} kinds of pairs can match {row_card}:\n  " + "  ".join(f"{a}+{b}" for a, b in pairs)

    return _explorer(show, row_card=_labelled(widgets.Dropdown(options=list(ROW_VALUES), value=6), "row card"))


def explore_two_row_cards() -> Any:
    """A slider for the hand size: the exact chances for a deal of two row cards."""
    import ipywidgets as widgets  # type: ignore[import-untyped,unused-ignore]

    def show(hand_size: int) -> str:
        return "\n".join([f"{hand_size} cards in hand, two row cards:",
                          f"  match at least one      {percent(P.p_can_match(hand_size))}",
                          f"  match both              {percent(P.p_match_both(hand_size))}",
                          f"  expected cards cleared  {float(P.expected_matchable(hand_size)):.2f}",
                          f"  single colour match     {percent(P.p_single_colour_match(hand_size))}",
                          f"  double colour match     {percent(P.p_double_colour_match(hand_size))}"])

    return _explorer(show, hand_size=_labelled(widgets.IntSlider(value=7, min=1, max=P.MAX_BOTH_HAND),
                                               "cards in hand"))


def explore_points() -> Any:
    """A slider for the hand size: the exact points distribution against the normal curve."""
    import io

    import ipywidgets as widgets  # type: ignore[import-untyped,unused-ignore]
    import matplotlib.pyplot as plt

    def show(hand_size: int) -> bytes:
        figure, ax = plt.subplots(figsize=(7, 3.5))
        points_plot(hand_size, ax=ax)
        buffer = io.BytesIO()
        figure.savefig(buffer, format="png", dpi=80, bbox_inches="tight")
        plt.close(figure)
        return buffer.getvalue()

    return _explorer(show, hand_size=_labelled(widgets.IntSlider(value=7, min=1, max=30), "cards in hand"))


def explore_tournament(records: Sequence[GameRecord], name: str = "GreedyBot") -> Any:
    """A slider for how many of the tournament's games to count: the win rate and its interval change."""
    import ipywidgets as widgets  # type: ignore[import-untyped,unused-ignore]

    def show(games: int) -> str:
        chosen = [r for r in records[:games] if r.finished]
        wins = sum(1 for r in chosen if r.winner == 0)
        low, high = wilson_interval(wins, len(chosen))
        return (f"{name} won {wins} of {len(chosen)} games: {wins / max(1, len(chosen)):.1%}, "
                f"95% interval {low:.1%} to {high:.1%}")

    return _explorer(show, games=_labelled(widgets.IntSlider(value=min(20, len(records)), min=1,
                                                             max=len(records)), "games counted"))
