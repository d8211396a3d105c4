"""Simulations and tournaments a student can run again with other numbers, with the controls that do it."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import astuple
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from dos_lab import probability as P
from dos_lab.analysis.simulate import GameRecord, SerialExecutor, play_games, wilson_interval
from dos_lab.i18n import gettext, noop, number, percent
from dos_lab.lessons.page import Shown
from dos_lab.lessons.plots import convergence_plot, win_rate_plot
from dos_lab.lessons.shared import site_picture, site_shared
from dos_lab.render import win_rate_table
from dos_lab.widgets.charts import png

__all__ = ["play_tournament", "run_simulation", "run_tournament", "simulate_chance", "tournament_table"]


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

    first = site_picture(("simulation", question, exact, title, label, n, seed, v, hand_size, exclude_target,
                           at_least, noun, verb), lambda: work(n, seed, lambda _: None))
    return _rerunnable(n, seed, gettext("how many {noun}").format(noun=gettext(noun)), 200_000, gettext("Dealing"),
                       work, first)


def play_tournament(bots: Sequence[Any], games: int = 150, seed: int = 2024) -> list[GameRecord]:
    """The records of ``games`` seeded games between ``bots``, one game after the other: what
    ``play_games(bots, games, seed, SerialExecutor())`` returns. On a ``dos-lab`` site the games are played once,
    outside the page's kernel, and every kernel of the class reads the same records back (:func:`site_shared`).

    >>> from dos_lab.bots import GreedyBot, TacticianBot
    >>> play_tournament([GreedyBot, TacticianBot], 3, seed=1) == play_games([GreedyBot, TacticianBot], 3, 1,
    ...                                                                      SerialExecutor())
    True
    """

    def played() -> bytes:
        records = play_games(list(bots), games, seed, SerialExecutor())
        return json.dumps([astuple(record) for record in records]).encode()

    names = tuple(f"{getattr(bot, '__module__', '')}.{getattr(bot, '__qualname__', repr(bot))}" for bot in bots)
    stored = json.loads(site_shared(("tournament games", names, games, seed), played))
    return [GameRecord(index, game_seed, tuple(seats), winner, tuple(scores), rounds, turns, finished)
            for index, game_seed, seats, winner, scores, rounds, turns, finished in stored]


def run_tournament(bots: Sequence[Any], names: Sequence[str], *, games: int = 150, seed: int = 2024,
                   records: Sequence[GameRecord] | None = None) -> Any:
    """A tournament a student can run again (number of games, seed): the games play in the background with a
    progress bar and a Stop button, the table of win rates with 95 % Wilson intervals fills in as they finish,
    and the first bot's running win rate is drawn at the end. ``records`` of the same games and seed, if given,
    are shown first instead of playing them again."""
    import ipywidgets as widgets  # type: ignore[import-untyped,unused-ignore]

    from dos_lab.analysis.simulate import start_games
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
        result.value, picture.value = site_picture(
            ("tournament", tuple(names), games, seed, tuple(str(r) for r in records)),
            lambda: (tournament_table(records, names).markup, draw(records)))
    else:
        play()
    return widgets.VBox([widgets.HBox([size, seed_box, again]), progress, result, picture]).add_class(
        "dos-simulation")


def tournament_table(records: Sequence[GameRecord], names: Sequence[str]) -> Shown:
    """The win rates of a tournament as a table, with 95 % Wilson intervals (:func:`dos_lab.render.win_rate_table`)."""
    return Shown(win_rate_table(records, names))
