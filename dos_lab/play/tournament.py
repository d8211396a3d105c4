"""A tournament from the table's setup: the computer players play many whole games with the rules chosen
on the setup panel, in the background, and the wins fill in as the games finish.

The human's seat (P1) is taken by a computer player of the student's choice, since nobody plays a thousand
games by hand. Seats take turns from game to game (:func:`dos_lab.analysis.simulate.play_games` rotates them),
so each entrant sits in every seat equally often (who deals first is still drawn by cards); the entrants keep the
names of their seats at the table.

>>> from dos_lab.play.controller import TableSetup
>>> from dos_lab.analysis.simulate import SerialExecutor
>>> setup = TableSetup(bots=("tactician",), seed=3, rules={"target_score": 100})
>>> run = start_tournament(setup, "greedy", 4, executor=SerialExecutor())
>>> records = run.result()
>>> print(run.status())
4 of 4 games played: P1 (greedy) 3 wins, P2 (tactician) 1 win. Finished.
"""

from __future__ import annotations

import functools
from concurrent.futures import Executor
from typing import TYPE_CHECKING

from dos_lab.bots import BOTS, make_bot
from dos_lab.engine.events import player_name
from dos_lab.engine.rules import RuleSet
from dos_lab.errors import InvalidInput, whole_number
from dos_lab.i18n import gettext
from dos_lab.play.controller import TableSetup, fresh_seed

if TYPE_CHECKING:
    from dos_lab.analysis.simulate import GamesRun

__all__ = ["GAME_COUNTS", "entrant_names", "entrants", "start_tournament"]

#: the tournament sizes a student can choose: a quick look, a steadier answer, a narrow interval
GAME_COUNTS = (100, 500, 1_000)
#: games per chunk: the progress bar and the wins move on after every chunk
CHUNK = 10


def entrants(setup: TableSetup, first: str) -> list[str]:
    """The bot kind in each seat: ``first`` in the human's seat (P1), then the setup's opponents.

    >>> entrants(TableSetup(bots=("greedy", "random")), "tactician")
    ['tactician', 'greedy', 'random']
    """
    kinds = [first, *setup.bots]
    for kind in kinds:
        if kind not in BOTS:
            raise InvalidInput(gettext("{kind!r} is not a computer player; choose one of {kinds}").format(
                kind=kind, kinds=", ".join(BOTS)))
    if not 2 <= len(kinds) <= 4:
        raise InvalidInput(gettext("a game of DOS has 2 to 4 players, not {count} (R1.6)").format(count=len(kinds)))
    return kinds


def entrant_names(kinds: list[str]) -> list[str]:
    """Each entrant named by its seat and how it plays, in the current language: ``P1 (greedy)``."""
    return [gettext("{player} ({kind})").format(player=player_name(seat), kind=gettext(kind))
            for seat, kind in enumerate(kinds)]


def start_tournament(setup: TableSetup, first: str, games: int, *, executor: Executor | None = None) -> GamesRun:
    """Start ``games`` games between the setup's computer players (``first`` in P1's seat) under the setup's
    rule options and seed, and return at once: the run fills in, chunk by chunk, in a background thread.

    The games are those :func:`dos_lab.simulate.play_games` plays for the same bots, rules and seed, so a
    teacher can give the seed and the class sees the same tournament. One game at a time by default: a
    class shares the server's cores. Bad rule options are refused before any game starts.
    """
    from dos_lab.analysis.simulate import SerialExecutor, start_games  # late: a table's page loads this module

    kinds = entrants(setup, first)
    rules = RuleSet(**setup.rules)  # refuses a bad option with its rule number
    if not whole_number(games) or not 1 <= games <= max(GAME_COUNTS):
        raise InvalidInput(gettext("a tournament has 1 to {most} games, not {games}").format(
            most=max(GAME_COUNTS), games=games))
    seed = setup.seed if setup.seed is not None else fresh_seed()
    bots = [functools.partial(make_bot, kind, forget_dos=setup.forget_dos) for kind in kinds]
    return start_games(bots, games, seed, executor if executor is not None else SerialExecutor(), rules=rules,
                       chunk_size=CHUNK, names=entrant_names(kinds))
