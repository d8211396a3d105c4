"""Seeded batches of DOS games between bots, on any :mod:`concurrent.futures` executor.

``play_games(bots, n, seed)`` plays ``n`` games and returns one :class:`GameRecord` per game, in game order.

* **Bots** are given as one entry per seat of the table: a bot class (``GreedyBot``), a
  ``functools.partial`` of one (``partial(RandomBot, catch_reaction=0.5)``), a name (``"greedy"``), or any
  callable that takes one argument, a seed, and returns a bot. Classes, partials and names can be pickled to
  worker processes; lambdas only work with threads or serially.
* **Seeds.** Game ``i`` gets its own seed derived from ``(seed, i)`` alone, and each bot a seed derived from
  ``(seed, i, entrant)``; so the records do not depend on the executor, the number of workers or the chunking.
* **Fair seating.** The entrants (the bots in the order given) swap seats from game to game: in game ``i``,
  seat ``s`` is taken by entrant ``(i + s) % players``. Over every ``players`` games each entrant sits in each seat
  once (and the first dealer is drawn by the game itself, R2.1). Pass ``rotate_seats=False`` to keep the order.
* **Never-ending games.** A round that reaches ``max_turns`` turns, or a game that reaches ``max_rounds`` rounds,
  is stopped and the game is recorded as unfinished (``winner is None``).
* **Executors.** By default a process pool with two workers; pass any ``Executor`` (a ``ThreadPoolExecutor``,
  a ``ProcessPoolExecutor``, or :class:`SerialExecutor` to run in the calling thread). Games are sent in chunks
  so the per-task overhead stays small.

>>> from dos_lab.bots import GreedyBot, RandomBot
>>> records = play_games([GreedyBot, RandomBot], 4, seed=1, executor=SerialExecutor())
>>> [(r.index, r.seats, r.winner) for r in records]
[(0, (0, 1), 0), (1, (1, 0), 0), (2, (0, 1), 0), (3, (1, 0), 0)]
>>> for rate in win_rates(records, ["greedy", "random"]):
...     print(rate)
greedy: 4 wins of 4 games = 100.0% (95% CI 51.0%–100.0%)
random: 0 wins of 4 games = 0.0% (95% CI 0.0%–49.0%)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from functools import partial
from statistics import NormalDist
from typing import Any, TypeVar

from dos_lab.bots import BOTS, Bot, make_bot, play_round
from dos_lab.errors import InvalidInput
from dos_lab.game import Game
from dos_lab.rules import RuleSet

__all__ = [
    "BotSpec",
    "GameRecord",
    "SerialExecutor",
    "WinRate",
    "game_seed",
    "play_game",
    "play_games",
    "summary",
    "summary_text",
    "wilson_interval",
    "win_rates",
]

#: a bot class, a functools.partial of one, a bot name ("random", "greedy", "tactician"), or seed -> bot
BotSpec = str | Callable[[int], Bot]
ProgressCallback = Callable[[int, int], None]
T = TypeVar("T")


@dataclass(frozen=True)
class GameRecord:
    """The result of one simulated game.

    ``seats[s]`` is the entrant (index into the ``bots`` list) who sat in seat ``s``; ``winner`` and ``scores``
    refer to entrants, not seats. ``winner`` is ``None`` for an unfinished game (``finished`` is False).
    """

    index: int
    seed: int
    seats: tuple[int, ...]
    winner: int | None
    scores: tuple[int, ...]
    rounds: int
    turns: int
    finished: bool


def game_seed(seed: int, index: int, *extra: int) -> int:
    """A 62-bit seed that depends only on ``seed``, the game ``index`` and any ``extra`` numbers.

    >>> game_seed(1, 0) == game_seed(1, 0), game_seed(1, 0) == game_seed(1, 1)
    (True, False)
    """
    key = "/".join(str(part) for part in (seed, "game", index, *extra))
    return random.Random(key).getrandbits(62)


def _make(spec: BotSpec, seed: int) -> Bot:
    if isinstance(spec, str):
        return make_bot(spec, seed)
    return spec(seed)


def play_game(bots: Sequence[BotSpec], index: int, seed: int = 0, *, rules: RuleSet | None = None,
              rotate_seats: bool = True, max_turns: int = 2000, max_rounds: int = 200) -> GameRecord:
    """Play game number ``index`` of the batch seeded ``seed`` (see the module docstring) and record it.

    >>> from dos_lab.bots import GreedyBot, RandomBot
    >>> play_game([GreedyBot, RandomBot], 5, seed=1) == play_game([GreedyBot, RandomBot], 5, seed=1)
    True
    """
    players = len(bots)
    seats = tuple((index + s) % players if rotate_seats else s for s in range(players))
    this_seed = game_seed(seed, index)
    table = [_make(bots[entrant], game_seed(seed, index, entrant)) for entrant in seats]
    game = Game(players, this_seed, rules, history=False)
    rounds = turns = 0
    finished = False
    while True:
        completed = play_round(game.round, table, max_turns)
        rounds += 1
        turns += game.round.turn
        if not completed:
            break
        if game.over:
            finished = True
            break
        if rounds >= max_rounds:
            break
        game.next_round()
    by_seat = game.scores
    scores = [0] * players
    for seat, entrant in enumerate(seats):
        scores[entrant] = by_seat[seat]
    winner = seats[game.winner] if finished and game.winner is not None else None
    return GameRecord(index, this_seed, seats, winner, tuple(scores), rounds, turns, finished)


def _play_chunk(bots: Sequence[BotSpec], indices: range, seed: int, options: dict[str, Any]) -> list[GameRecord]:
    out = []
    for index in indices:
        try:
            out.append(play_game(bots, index, seed, **options))
        except Exception as error:  # name the game so it can be replayed alone
            raise RuntimeError(f"game {index} of the batch seeded {seed} failed: {error!r}") from error
    return out


class SerialExecutor(Executor):
    """An executor that runs each task at once in the calling thread (no pool, no pickling).

    >>> SerialExecutor().submit(pow, 2, 5).result()
    32
    """

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        future: Future[T] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as error:
            future.set_exception(error)
        return future


def _chunks(n: int, size: int) -> Iterator[range]:
    for start in range(0, n, size):
        yield range(start, min(n, start + size))


def _progress_bar(progress: bool | ProgressCallback | None, n: int) -> tuple[ProgressCallback | None,
                                                                             Callable[[], None]]:
    if progress is None or progress is False:
        return None, lambda: None
    if callable(progress):
        return progress, lambda: None
    try:
        from tqdm.auto import tqdm  # type: ignore[import-untyped,unused-ignore]
    except ImportError:  # tqdm is optional: without it there is simply no bar
        return None, lambda: None
    bar = tqdm(total=n, unit="game")

    def update(done: int, total: int) -> None:
        bar.update(done - bar.n)

    return update, bar.close


def play_games(bots: Sequence[BotSpec], n: int, seed: int = 0, executor: Executor | None = None, *,
               rules: RuleSet | None = None, rotate_seats: bool = True, max_turns: int = 2000,
               max_rounds: int = 200, chunk_size: int | None = None, workers: int = 2,
               progress: bool | ProgressCallback | None = None) -> list[GameRecord]:
    """Play ``n`` seeded games between ``bots`` (one entry per seat) and return their records in game order.

    ``executor`` defaults to a process pool of ``workers`` processes, created and shut down here. ``progress``
    may be a callback ``(games_done, n)`` or ``True`` for a tqdm bar (only if tqdm is installed).

    >>> from functools import partial
    >>> from dos_lab.bots import RandomBot
    >>> done = []
    >>> records = play_games([RandomBot, partial(RandomBot, catch_reaction=0.0)], 3, seed=2,
    ...                      executor=SerialExecutor(), progress=lambda k, n: done.append(k))
    >>> len(records), done[-1], all(r.finished for r in records)
    (3, 3, True)
    """
    if len(bots) < 2 or len(bots) > 4:
        raise InvalidInput(f"give one bot per seat, 2 to 4 of them, not {len(bots)} (R1.6)")
    for name, value, low in (("n", n, 0), ("workers", workers, 1), ("max_turns", max_turns, 1),
                             ("max_rounds", max_rounds, 1), ("chunk_size", chunk_size or 1, 1)):
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            raise InvalidInput(f"{name}={value!r} must be a whole number of at least {low}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidInput(f"seed={seed!r} must be a whole number")
    for spec in bots:
        if (spec not in BOTS) if isinstance(spec, str) else not callable(spec):
            raise InvalidInput(f"{spec!r} is not a bot: give a bot class, a partial of one, a function of a seed, "
                               f"or one of the names {', '.join(BOTS)}")
    options: dict[str, Any] = {"rules": rules, "rotate_seats": rotate_seats, "max_turns": max_turns,
                               "max_rounds": max_rounds}
    size = chunk_size or max(1, min(250, math.ceil(n / (8 * workers))))
    own = executor is None
    pool: Executor = ProcessPoolExecutor(max_workers=workers) if executor is None else executor
    report, close = _progress_bar(progress, n)
    records: list[GameRecord] = []
    try:
        task = partial(_play_chunk, list(bots))
        futures = [pool.submit(task, chunk, seed, options) for chunk in _chunks(n, size)]
        for future in as_completed(futures):
            records.extend(future.result())
            if report is not None:
                report(len(records), n)
    finally:
        close()
        if own:
            pool.shutdown(cancel_futures=True)
    records.sort(key=lambda r: r.index)
    return records


# --- win rates -------------------------------------------------------------------------------------------------


def wilson_interval(wins: int, games: int, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval for a win rate: it stays inside 0–1 and works for 0 or all wins.

    >>> [round(x, 4) for x in wilson_interval(8, 10)]
    [0.4902, 0.9433]
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    """
    if games == 0:
        return (0.0, 1.0)
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    low = 0.0 if wins == 0 else max(0.0, centre - half)
    high = 1.0 if wins == games else min(1.0, centre + half)
    return (low, high)


@dataclass(frozen=True)
class WinRate:
    """How often one entrant won the finished games, with a Wilson confidence interval."""

    name: str
    wins: int
    games: int
    low: float
    high: float
    confidence: float = 0.95

    @property
    def rate(self) -> float:
        """Wins divided by finished games (0 when there are none)."""
        return self.wins / self.games if self.games else 0.0

    def __str__(self) -> str:
        return (f"{self.name}: {self.wins} wins of {self.games} games = {self.rate:.1%} "
                f"({self.confidence:.0%} CI {self.low:.1%}–{self.high:.1%})")


def win_rates(records: Sequence[GameRecord], names: Sequence[str] | None = None,
              confidence: float = 0.95) -> list[WinRate]:
    """Each entrant's win rate over the finished games, with a Wilson interval (unfinished games left out)."""
    if not records:
        return []
    players = len(records[0].seats)
    labels = list(names) if names is not None else [f"bot {e}" for e in range(players)]
    finished = [r for r in records if r.finished]
    out = []
    for entrant in range(players):
        wins = sum(1 for r in finished if r.winner == entrant)
        low, high = wilson_interval(wins, len(finished), confidence)
        out.append(WinRate(labels[entrant], wins, len(finished), low, high, confidence))
    return out


def summary(records: Sequence[GameRecord]) -> dict[str, float]:
    """Games, unfinished games, and the mean rounds and turns per finished game.

    >>> from dos_lab.bots import GreedyBot
    >>> summary(play_games([GreedyBot, GreedyBot], 2, seed=3, executor=SerialExecutor()))["unfinished"]
    0
    """
    finished = [r for r in records if r.finished]
    count = len(finished) or 1
    return {
        "games": len(records),
        "unfinished": len(records) - len(finished),
        "mean_rounds": sum(r.rounds for r in finished) / count,
        "mean_turns": sum(r.turns for r in finished) / count,
    }



def summary_text(records: Sequence[GameRecord]) -> str:
    """:func:`summary` as a sentence for a lesson.

    >>> from dos_lab.bots import GreedyBot
    >>> print(summary_text(play_games([GreedyBot, GreedyBot], 2, seed=3, executor=SerialExecutor())))
    2 games, all finished; a game lasted 22.0 rounds and 131.5 turns on average.
    """
    numbers = summary(records)
    games, unfinished = int(numbers["games"]), int(numbers["unfinished"])
    finished = "all finished" if not unfinished else f"{unfinished} stopped by the safety cap"
    return (f"{games} games, {finished}; a game lasted {numbers['mean_rounds']:.1f} rounds and "
            f"{numbers['mean_turns']:.1f} turns on average.")
