"""ipywidgets views of a batch of simulated games (:mod:`dos_lab.simulate`): a progress bar for
``play_games(progress=True)`` in a notebook, and the view of a background :class:`~dos_lab.simulate.GamesRun`
with its Stop button. ``simulate`` imports this module only when a notebook asks for a view.

>>> from dos_lab.bots import GreedyBot, RandomBot
>>> from dos_lab.analysis.simulate import SerialExecutor, start_games
>>> run = start_games([GreedyBot, RandomBot], 2, seed=1, executor=SerialExecutor())
>>> _ = run.result()
>>> view = games_run_view(run)
>>> bar, button = view.children[0].children
>>> bar.value, button.description, button.disabled
(2, 'Finished', True)
"""

from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as widgets  # type: ignore[import-untyped]

from dos_lab.analysis.simulate import GamesRun, played_text
from dos_lab.i18n import gettext

__all__ = ["games_run_view", "progress_bar"]


def games_run_view(run: GamesRun) -> widgets.VBox:
    """A progress bar, the run's status line, and a Stop button, kept up to date as chunks finish."""
    bar = widgets.IntProgress(value=0, min=0, max=max(run.n, 1), description=gettext("Games"), bar_style="info")
    button = widgets.Button(description=gettext("Stop"), icon="stop",
                            tooltip=gettext("Stop after the games being played now"))
    line = widgets.HTML()

    def refresh() -> None:
        bar.value = run.played
        line.value = html.escape(run.status())
        if run.done:
            button.disabled = True
            button.description = gettext("Stopped") if run.stopped else gettext("Finished")
            bar.bar_style = "danger" if run.error else "warning" if run.stopped else "success"

    def stop(_: object) -> None:
        run.stop()
        button.disabled = True
        button.description = gettext("Stopping…")

    button.on_click(stop)
    run.watch(refresh)
    refresh()
    return widgets.VBox([widgets.HBox([bar, button]), line])


def progress_bar(n: int) -> tuple[Callable[[int, int], None], Callable[[], None]]:
    """Show a progress bar for ``n`` games; returns ``update(done, total)`` and ``close()``."""
    from IPython.display import display

    bar = widgets.IntProgress(value=0, min=0, max=max(n, 1), description=gettext("Games"), bar_style="info")
    line = widgets.HTML(played_text(0, n))
    display(widgets.HBox([bar, line]))  # type: ignore[no-untyped-call]

    def update(done: int, total: int) -> None:
        bar.value = done
        line.value = played_text(done, total)

    def close() -> None:
        bar.bar_style = "success" if bar.value >= n else "warning"

    return update, close

