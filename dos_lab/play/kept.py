"""A game against computer players as JSON-ready data, and back: what lets the home page's game survive a reload.

The data is the game's own save (:meth:`Game.to_dict`, its rule options included), the computer players (their
kinds, how often they forget DOS) and the staged position New game deals again, if any. A table comes back at the
player's move with every event of the round in its log. The computer players' dice are seeded from the deal and
the number of events so far: a reload brings back the same game, and it goes on the same way after every reload
at the same moment.

>>> from dos_lab.play.controller import TableController, TableSetup
>>> setup = TableSetup(("random", "greedy"), 5, {"target_score": 100}, "colour-match", forget_dos=0.5)
>>> table = TableController.from_setup(setup)
>>> table.draw()
>>> back = resumed(kept(table))
>>> back.round.to_dict() == table.round.to_dict(), back.setup == table.setup
(True, True)
>>> resumed({"format": KEPT_FORMAT, "setup": {"bots": ["chess"]}, "game": {}})
Traceback (most recent call last):
...
dos_lab.errors.InvalidInput: corrupt kept table: "chess" is not a computer player (random, greedy, tactician)
"""

from __future__ import annotations

import dataclasses
from typing import Any

from dos_lab.bots import BOTS
from dos_lab.engine.game import Game
from dos_lab.errors import InvalidInput
from dos_lab.play.controller import TableController, TableSetup
from dos_lab.play.positions import POSITIONS

__all__ = ["KEPT_FORMAT", "kept", "resumed"]

KEPT_FORMAT = "dos_lab.table/1"


def kept(table: TableController) -> dict[str, Any]:
    """``table`` as JSON-ready data (a whole game against computer players; a one-round table cannot be kept)."""
    if table.game is None:
        raise InvalidInput("only a whole game against computer players can be kept, not a tutorial's position")
    setup = table.setup
    return {"format": KEPT_FORMAT,
            "setup": {"bots": list(setup.bots), "forget_dos": setup.forget_dos,
                      "position": setup.position},
            "game": table.game.to_dict()}


def _bad(reason: str) -> InvalidInput:
    return InvalidInput(f"corrupt kept table: {reason}")


def _setup(data: Any) -> TableSetup:
    if not isinstance(data, dict) or set(data) - {"bots", "forget_dos", "position"}:
        raise _bad("its setup is a dict of bots, forget_dos and position")
    bots, forget, position = data.get("bots"), data.get("forget_dos", 0.25), data.get("position")
    if not isinstance(bots, list) or not 1 <= len(bots) <= 3:
        raise _bad("it names 1 to 3 computer players")
    for bot in bots:
        if bot not in BOTS:
            raise _bad(f'"{str(bot)[:24]}" is not a computer player ({", ".join(BOTS)})')
    if isinstance(forget, bool) or not isinstance(forget, int | float) or not 0 <= forget <= 1:
        raise _bad("forget_dos is a number from 0 to 1")
    if position is not None and position not in POSITIONS:
        raise _bad(f'"{str(position)[:24]}" is not a staged position')
    return TableSetup(bots=tuple(bots), forget_dos=float(forget), position=position)


def resumed(data: Any) -> TableController:
    """The table ``data`` (from :func:`kept`) describes, at the player's move; InvalidInput if it is corrupt."""
    if not isinstance(data, dict) or set(data) != {"format", "setup", "game"} or data["format"] != KEPT_FORMAT:
        raise _bad(f"a kept table is a dict of format ({KEPT_FORMAT}), setup and game")
    setup = _setup(data["setup"])
    game = Game.from_dict(data["game"])
    if game.players != len(setup.bots) + 1:
        raise _bad(f"a game of {game.players} players needs {game.players - 1} computer players, "
                   f"not {len(setup.bots)}")
    table = TableController(game, list(setup.bots), forget_dos=setup.forget_dos)
    table.setup = dataclasses.replace(setup, seed=game.seed, rules=game.rules.differences())
    r = game.round
    for seat, bot in table.bots.items():
        rng = getattr(bot, "rng", None)
        if rng is not None:
            rng.seed(f"{game.seed}/{game.round_number}/{r.event_count}/{seat}")
    return table
