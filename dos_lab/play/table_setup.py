"""How a table starts: a :class:`TableSetup` (the bots, the seed, the rule options, a staged position), the game
it asks for, and a bot in each seat that is not the human's.

>>> game, kinds = game_for(TableSetup(bots=("greedy", "random"), seed=5))
>>> game.players, game.seed, kinds
(3, 5, ['greedy', 'random'])
>>> sorted(seat_bots(3, kinds, 0, seed=5, forget_dos=0.25))
[1, 2]
"""

from __future__ import annotations

import dataclasses
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from dos_lab.bots import Bot, make_bot
from dos_lab.engine.game import Game
from dos_lab.engine.rules import RuleSet
from dos_lab.errors import InvalidInput
from dos_lab.play.positions import staged_game

__all__ = ["TableSetup", "fresh_seed", "game_for", "seat_bots", "with_seed"]


def fresh_seed() -> int:
    """A new seed for a visitor who did not ask for one (shown on the table, so the deal can be replayed)."""
    return secrets.randbelow(1_000_000)


@dataclass(frozen=True)
class TableSetup:
    """How to start a game: the bots (one kind per seat after the human's), the seed (None: a fresh
    one), rule options, and optionally a named staged position (:data:`dos_lab.play.positions.POSITIONS`)."""

    bots: tuple[str, ...] = ("greedy",)
    seed: int | None = 0
    rules: dict[str, Any] = field(default_factory=dict)
    position: str | None = None
    #: the chance that a bot forgets to call DOS, so there is someone to catch
    forget_dos: float = 0.25


def with_seed(setup: TableSetup) -> TableSetup:
    """``setup`` with a fresh seed if it has none."""
    return setup if setup.seed is not None else dataclasses.replace(setup, seed=fresh_seed())


def game_for(setup: TableSetup) -> tuple[Game, list[str]]:
    """The game a setup asks for, and one bot kind per other seat (the last kind repeated if short)."""
    rules = RuleSet(**setup.rules)
    seed = setup.seed if setup.seed is not None else fresh_seed()
    if setup.position:
        game = staged_game(setup.position, seed=seed, rules=rules)
    else:
        game = Game(players=len(setup.bots) + 1, seed=seed, rules=rules)
    kinds = list(setup.bots[:game.players - 1])
    kinds += [kinds[-1] if kinds else "greedy"] * (game.players - 1 - len(kinds))
    return game, kinds


def seat_bots(players: int, bots: Sequence[Bot | str], human: int, seed: int, forget_dos: float) -> dict[int, Bot]:
    """One bot for each seat but the ``human``'s, in seat order: a kind's name is made into its bot."""
    seats = [p for p in range(players) if p != human]
    if len(bots) != len(seats):
        raise InvalidInput(f"give one bot for each of the {len(seats)} other seats, not {len(bots)}")
    return {seat: make_bot(bot, seed=seed * 10 + seat, forget_dos=forget_dos) if isinstance(bot, str) else bot
            for seat, bot in zip(seats, bots, strict=True)}
