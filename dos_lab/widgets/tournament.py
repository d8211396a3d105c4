"""The setup panel's tournament: the computer players play many games with the rules on the panel, and the
student watches the wins and their intervals fill in (:mod:`dos_lab.play.tournament` plays them).

>>> from dos_lab.play.controller import TableSetup
>>> panel = TournamentPanel(lambda: TableSetup(bots=("random",), seed=1))
>>> [option for option, _ in panel.games.options], panel.first.value
(['100', '500', '1,000'], 'greedy')
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from concurrent.futures import Executor
from html import escape
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from dos_lab.bots import BOTS
from dos_lab.errors import DosError
from dos_lab.events import player_name
from dos_lab.i18n import gettext, number
from dos_lab.play.controller import TableSetup

__all__ = ["TournamentPanel"]

log = logging.getLogger(__name__)
#: a paragraph of explanation (a widget's own line height is meant for one line of controls)
_PROSE = "font-size:13px;line-height:1.45;max-width:640px;margin:2px 0 6px"


class TournamentPanel(widgets.VBox):  # type: ignore[misc]
    """A computer player for P1's seat, a number of games, and "Play the games"; below, the progress bar with
    its Stop button and a table of wins with 95 % Wilson intervals, redrawn as games finish.

    ``setup`` gives the setup panel's choices at the moment the button is pressed; ``executor`` plays the
    games (default: one at a time in a background thread)."""

    def __init__(self, setup: Callable[[], TableSetup], executor: Executor | None = None) -> None:
        from dos_lab.play.tournament import GAME_COUNTS
        from dos_lab.widgets.setup import value_label

        self._setup, self._executor = setup, executor
        self.run: Any = None
        wide = {"description_width": "initial"}
        self.first = widgets.Dropdown(options=[(value_label(kind), kind) for kind in BOTS], value="greedy",
                                      description=gettext("In the tournament, {player} plays like:").format(
                                          player=player_name(0)), style=wide, layout=widgets.Layout(width="auto"))
        self.first.add_class("dos-tournament-first")
        self.games = widgets.Dropdown(options=[(number(n), n) for n in GAME_COUNTS], value=GAME_COUNTS[0],
                                      description=gettext("Games:"), style=wide, layout=widgets.Layout(width="160px"))
        self.games.add_class("dos-tournament-games")
        self.play = widgets.Button(description=gettext("Play the games"), icon="play",
                                   tooltip=gettext("The computer players play these games with the rules above"),
                                   layout=widgets.Layout(width="auto"))
        self.play.add_class("dos-action")
        self.play.add_class("dos-tournament-play")
        self.play.on_click(self._play)
        self.message = widgets.HTML().add_class("dos-tournament-message")
        self.results = widgets.HTML().add_class("dos-tournament-results")
        self.progress = widgets.VBox([])
        explain = gettext("Try the rules above without playing: the computer players play whole games with them, one "
                          "game after another. Seats take turns from game to game, so every player deals and starts "
                          "equally often. The same seed gives the same games.")
        super().__init__([
            widgets.HTML('<div class="dos-section-title">' + escape(gettext("A computer tournament with these rules"))
                         + "</div>"),
            widgets.HTML(f'<div style="{_PROSE}">{escape(explain)}</div>'),
            widgets.HBox([self.first, self.games, self.play]), self.message, self.progress, self.results])
        self.add_class("dos-tournament")

    def _play(self, _: Any) -> None:
        from dos_lab.play.tournament import start_tournament
        from dos_lab.widgets.progress import games_run_view

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
        self.results.value = ""
        self.play.disabled = True
        self.progress.children = [games_run_view(run)]
        run.watch(self._show)
        self._show()  # the run may have finished before it was watched

    def _show(self) -> None:
        """Redraw the table of wins (called after every chunk, from the thread that plays the games)."""
        from dos_lab.render import win_rate_table

        run = self.run
        records = run.records
        if records:
            note = gettext("Each range is a 95 % Wilson interval for that player's chance of winning a game like "
                           "these: the method catches the true chance in about 95 tournaments out of 100. More games "
                           "give narrower ranges.")
            self.results.value = win_rate_table(records, run.names) + (
                f'<div style="{_PROSE}">{escape(note)}</div>' if run.done else "")
        if run.done:
            self.play.disabled = False
