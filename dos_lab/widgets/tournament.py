"""The setup panel's tournament: the computer players play many games with the rules on the panel, and the
student watches the wins and their intervals fill in (:mod:`dos_lab.play.tournament` plays them).

>>> from dos_lab.play.controller import TableSetup
>>> panel = TournamentPanel(lambda: TableSetup(bots=("random",), seed=1))
>>> [option for option, _ in panel.games.options], panel.first.value
(['100', '500', '1,000'], 'greedy')
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from concurrent.futures import Executor
from html import escape
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from dos_lab.bots import BOTS
from dos_lab.engine.events import player_name
from dos_lab.errors import DosError
from dos_lab.i18n import gettext, number
from dos_lab.play.controller import TableSetup
from dos_lab.play.tournament import GAME_COUNTS, start_tournament
from dos_lab.widgets.labels import value_label

if TYPE_CHECKING:
    from dos_lab.analysis.simulate import GamesRun

__all__ = ["TournamentPanel", "live_results", "watch_results"]

log = logging.getLogger(__name__)
#: a paragraph of explanation (a widget's own line height is meant for one line of controls)
_PROSE = "font-size:13px;line-height:1.45;max-width:640px;margin:2px 0 6px"


class TournamentPanel(widgets.VBox):  # type: ignore[misc]
    """A computer player for P1's seat, a number of games, and "Play the games"; below, the games as they
    play (:func:`live_results`).

    ``setup`` gives the setup panel's choices at the moment the button is pressed; ``executor`` plays the
    games (default: one at a time in a background thread)."""

    def __init__(self, setup: Callable[[], TableSetup], executor: Executor | None = None) -> None:

        self._setup, self._executor = setup, executor
        self.run: GamesRun | None = None
        wide = {"description_width": "initial"}
        self.first = widgets.Dropdown(options=[(value_label(kind), kind) for kind in BOTS], value="greedy",
                                      description=gettext("In the tournament, {player} plays like:").format(
                                          player=player_name(0)), style=wide, layout=widgets.Layout(width="auto"))
        self.first.add_class("dos-tournament-first")
        self.games = widgets.Dropdown(options=[(number(n), n) for n in GAME_COUNTS], value=GAME_COUNTS[0],
                                      description=gettext("Games:"), style=wide,
                                      layout=widgets.Layout(width="auto", margin="2px 12px 2px 4px"))
        self.games.add_class("dos-tournament-games")
        self.play = widgets.Button(description=gettext("Play the games"), icon="play",
                                   tooltip=gettext("The computer players play these games with the rules above"),
                                   layout=widgets.Layout(width="auto"))
        self.play.add_class("dos-action")
        self.play.add_class("dos-tournament-play")
        self.play.on_click(self._play)
        self.message = widgets.HTML().add_class("dos-tournament-message")
        self.progress = widgets.VBox([])
        explain = gettext("Try the rules above without playing: the computer players play whole games with them, one "
                          "game after another. Seats take turns from game to game, so every player sits in every "
                          "seat about equally often (who deals first is still drawn by cards, so that evens out only "
                          "over many games). The same seed gives the same games.")
        super().__init__([
            widgets.HTML('<div class="dos-section-title">' + escape(gettext("A computer tournament with these rules"))
                         + "</div>"),
            widgets.HTML(f'<div style="{_PROSE}">{escape(explain)}</div>'),
            widgets.HBox([self.first, self.games, self.play],
                         layout=widgets.Layout(flex_flow="row wrap", align_items="center")),
            self.message, self.progress])
        self.add_class("dos-tournament")

    def _play(self, _: Any) -> None:
        if self.run is not None and not self.run.done:
            return
        try:
            run = start_tournament(self._setup(), self.first.value, self.games.value, executor=self._executor)
        except DosError as error:
            self.message.value = escape(gettext("Not started: {reason}").format(reason=error))
            return
        except Exception:  # a safety net: a click handler has nobody to show a traceback to
            log.exception("starting a tournament failed")
            self.message.value = escape(gettext("Not started: something went wrong."))
            return
        self.run = run
        self.message.value = ""
        self.play.disabled = True
        self.progress.children = [live_results(run, done=self._done)]

    def _done(self) -> None:
        self.play.disabled = False

    @property
    def results(self) -> widgets.HTML:
        """The table of wins of the last tournament (empty before the first)."""
        return self.progress.children[0].children[1] if self.progress.children else widgets.HTML()


def live_results(run: GamesRun, *, done: Callable[[], None] | None = None) -> widgets.VBox:
    """A batch of games as it plays: the progress bar with its Stop button and status line, then the table of
    wins with 95 % Wilson intervals (:func:`watch_results`)."""
    from dos_lab.widgets.progress import games_run_view

    table = widgets.HTML().add_class("dos-tournament-results")
    view = games_run_view(run)
    watch_results(run, table, done=done)
    return widgets.VBox([view, table]).add_class("dos-games-run")


def watch_results(run: GamesRun, table: widgets.HTML, *, explain: bool = True,
                  done: Callable[[], None] | None = None) -> None:
    """Keep ``table`` showing the wins of ``run`` with 95 % Wilson intervals: redrawn after every chunk, and
    with ``explain`` a sentence on what the intervals mean once the batch has ended. ``done()`` is called once,
    when the batch ends (from the thread that plays the games)."""
    from dos_lab.render import win_rate_table

    ending = threading.Lock()  # the playing thread and the first redraw may both see the end
    ended = False
    note = gettext("Each range is a 95 % Wilson interval for that player's chance of winning a game like these: the "
                   "method catches the true chance in about 95 tournaments out of 100. More games give narrower "
                   "ranges.")

    def redraw() -> None:
        nonlocal ended
        records = run.records
        if records:
            table.value = win_rate_table(records, run.names) + (
                f'<div style="{_PROSE}">{escape(note)}</div>' if run.done and explain else "")
        with ending:
            first_end, ended = run.done and not ended, ended or run.done
        if first_end and done is not None:
            done()

    run.watch(redraw)
    redraw()  # the batch may have ended before it was watched
