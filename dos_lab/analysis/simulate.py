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
  a ``ProcessPoolExecutor``, Dask's ``Client(...).get_executor()`` to go beyond one machine (see
  docs/simulate.md), or :class:`SerialExecutor` to run in the calling thread). Games are sent in chunks so the
  per-task overhead stays small.
* **Watching.** ``progress=True`` shows a bar, ``on_chunk`` and :func:`iter_games` hand over records as chunks
  finish, ``stop`` ends a batch between chunks, and :func:`start_games` runs one in the background with a
  Stop button.

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
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from functools import partial
from statistics import NormalDist
from typing import Any, Protocol, TypeVar

from dos_lab.bots import BOTS, Bot, make_bot, play_round
from dos_lab.engine.game import Game
from dos_lab.engine.listeners import Listeners
from dos_lab.engine.rules import RuleSet
from dos_lab.errors import InvalidInput, whole_number
from dos_lab.i18n import decimal, gettext, ngettext, number

__all__ = [
    "BotSpec",
    "GameRecord",
    "GamesRun",
    "SerialExecutor",
    "StopSignal",
    "WinRate",
    "game_seed",
    "iter_games",
    "play_game",
    "play_games",
    "played_text",
    "start_games",
    "summary",
    "summary_text",
    "wilson_centre_and_half", "wilson_interval",
    "win_rates",
]

#: a bot class, a functools.partial of one, a bot name ("random", "greedy", "tactician"), or seed -> bot
BotSpec = str | Callable[[int], Bot]
ProgressCallback = Callable[[int, int], None]
ChunkCallback = Callable[[list["GameRecord"]], None]
T = TypeVar("T")


@dataclass(frozen=True)
class GameRecord:
    """The result of one simulated game.

    ``seats[s]`` is the entrant (index into the ``bots`` list) who sat in seat ``s``; ``winner`` and ``scores``
    refer to entrants, not seats. ``winner`` is ``None`` for an unfinished game (``finished`` is False), and for a
    game that ended with the highest totals tied after rounds with nobody going out (:attr:`Game.blocked`).
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


class StopSignal(Protocol):
    """Anything with ``is_set()``, such as a :class:`threading.Event`: set it to stop a batch between chunks."""

    def is_set(self) -> bool: ...


def _checked(bots: Sequence[BotSpec], n: int, seed: int, workers: int, max_turns: int, max_rounds: int,
             chunk_size: int | None) -> int:
    """Refuse bad arguments with a clear message; return the chunk size to use."""
    if len(bots) < 2 or len(bots) > 4:
        raise InvalidInput(f"give one bot per seat, 2 to 4 of them, not {len(bots)} (R1.6)")
    for name, value, low in (("n", n, 0), ("workers", workers, 1), ("max_turns", max_turns, 1),
                             ("max_rounds", max_rounds, 1), ("chunk_size", chunk_size or 1, 1)):
        if not whole_number(value) or value < low:
            raise InvalidInput(f"{name}={value!r} must be a whole number of at least {low}")
    if not whole_number(seed):
        raise InvalidInput(f"seed={seed!r} must be a whole number")
    for spec in bots:
        if (spec not in BOTS) if isinstance(spec, str) else not callable(spec):
            raise InvalidInput(f"{spec!r} is not a bot: give a bot class, a partial of one, a function of a seed, "
                               f"or one of the names {', '.join(BOTS)}")
    # small enough that progress moves and a stop is quick, large enough that sending a task costs little
    return chunk_size or max(1, min(MAX_CHUNK, math.ceil(n / (8 * workers))))


#: the largest default chunk, in games (see :func:`iter_games`)
MAX_CHUNK = 50


def iter_games(bots: Sequence[BotSpec], n: int, seed: int = 0, executor: Executor | None = None, *,
               rules: RuleSet | None = None, rotate_seats: bool = True, max_turns: int = 2000,
               max_rounds: int = 200, chunk_size: int | None = None, workers: int = 2,
               stop: StopSignal | None = None) -> Iterator[list[GameRecord]]:
    """Play the games of :func:`play_games` and yield each chunk's records as soon as the chunk is finished.

    Chunks arrive in the order they finish (records within a chunk are in game order; sort by
    ``record.index`` for the whole batch in game order). The records are the same as in a serial run with the
    same ``seed``, whatever the executor and the chunking. At most two chunks per worker are running or
    waiting at any time (``workers``, or the size of a given thread or process pool), so ``stop`` (e.g. a
    :class:`threading.Event`), checked between chunks, ends the batch quickly: no new chunk starts and
    waiting chunks are cancelled. Leaving the loop early does the same.

    >>> from dos_lab.bots import GreedyBot, RandomBot
    >>> sizes = [len(chunk) for chunk in iter_games([GreedyBot, RandomBot], 5, seed=1, chunk_size=2,
    ...                                               executor=SerialExecutor())]
    >>> sizes
    [2, 2, 1]
    """
    size = _checked(bots, n, seed, workers, max_turns, max_rounds, chunk_size)
    options: dict[str, Any] = {"rules": rules, "rotate_seats": rotate_seats, "max_turns": max_turns,
                               "max_rounds": max_rounds}
    own = executor is None
    pool: Executor = ProcessPoolExecutor(max_workers=workers) if executor is None else executor
    ahead = 1 if isinstance(pool, SerialExecutor) else 2 * _pool_size(pool, workers)
    task = partial(_play_chunk, list(bots))
    chunks = _chunks(n, size)
    pending: set[Future[list[GameRecord]]] = set()
    stopped = False
    try:
        while True:
            stopped = stop is not None and stop.is_set()
            while not stopped and len(pending) < ahead:
                chunk = next(chunks, None)
                if chunk is None:
                    break
                pending.add(pool.submit(task, chunk, seed, options))
            if stopped or not pending:
                return
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in sorted(done, key=_first_game):
                yield future.result()
    finally:
        stopped = stopped or bool(pending)
        for future in pending:
            future.cancel()
        if own:  # a stopped batch does not wait for the chunks still running
            pool.shutdown(wait=not stopped, cancel_futures=True)


def _pool_size(pool: Executor, workers: int) -> int:
    """How many tasks the executor runs at once: what a thread or process pool says, else ``workers``."""
    size = getattr(pool, "_max_workers", None)
    return size if whole_number(size) and size > 0 else workers


def _first_game(future: Future[list[GameRecord]]) -> int:
    records = future.result() if not future.exception() else []
    return records[0].index if records else -1


def play_games(bots: Sequence[BotSpec], n: int, seed: int = 0, executor: Executor | None = None, *,
               rules: RuleSet | None = None, rotate_seats: bool = True, max_turns: int = 2000,
               max_rounds: int = 200, chunk_size: int | None = None, workers: int = 2,
               progress: bool | ProgressCallback | None = None, on_chunk: ChunkCallback | None = None,
               stop: StopSignal | None = None) -> list[GameRecord]:
    """Play ``n`` seeded games between ``bots`` (one entry per seat) and return their records in game order.

    ``executor`` defaults to a process pool of ``workers`` processes, created and shut down here; any
    :class:`concurrent.futures.Executor` works, e.g. Dask's ``Client(...).get_executor()`` (docs/simulate.md).
    ``progress`` may be a callback ``(games_done, n)`` or ``True`` for a progress bar: an ipywidgets bar in
    a notebook or Voila page, tqdm in a terminal if it is installed, else a line of text. ``on_chunk``
    receives each chunk's records as soon as the chunk finishes (see :func:`iter_games`), so a table can
    fill in while the batch runs; ``stop`` ends the batch between chunks, and then only the games finished
    so far are returned. To run a batch in the background with a Stop button, see :func:`start_games`.

    >>> from functools import partial
    >>> from dos_lab.bots import RandomBot
    >>> done = []
    >>> records = play_games([RandomBot, partial(RandomBot, catch_reaction=0.0)], 3, seed=2,
    ...                      executor=SerialExecutor(), progress=lambda k, n: done.append(k))
    >>> len(records), done[-1], all(r.finished for r in records)
    (3, 3, True)
    """
    _checked(bots, n, seed, workers, max_turns, max_rounds, chunk_size)
    report, close = _progress_bar(progress, n)
    records: list[GameRecord] = []
    try:
        for chunk in iter_games(bots, n, seed, executor, rules=rules, rotate_seats=rotate_seats,
                                max_turns=max_turns, max_rounds=max_rounds, chunk_size=chunk_size,
                                workers=workers, stop=stop):
            records.extend(chunk)
            if on_chunk is not None:
                on_chunk(chunk)
            if report is not None:
                report(len(records), n)
    finally:
        close()
    records.sort(key=lambda r: r.index)
    return records


class GamesRun:
    """A batch of games playing in a background thread (see :func:`start_games`).

    ``records`` are the games finished so far, in game order; ``stop()`` ends the batch between chunks;
    ``result()`` waits for the end and returns the records (or raises what went wrong). In a notebook or a
    Voila page the run shows itself as a progress bar, a line that fills in with the win counts, and a Stop
    button.
    """

    def __init__(self, n: int, names: Sequence[str]) -> None:
        self.n = n
        self.names = list(names)
        self._records: list[GameRecord] = []
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._finished = threading.Event()
        self._error: BaseException | None = None
        self._listeners: Listeners[[]] = Listeners()

    @property
    def records(self) -> list[GameRecord]:
        """The games finished so far, in game order (a copy)."""
        with self._lock:
            return sorted(self._records, key=lambda r: r.index)

    @property
    def done(self) -> bool:
        """True once the batch has ended: all games played, stopped, or failed."""
        return self._finished.is_set()

    @property
    def stopped(self) -> bool:
        """True if :meth:`stop` was called."""
        return self._stop.is_set()

    def stop(self) -> None:
        """Stop the batch: no new chunk starts; the games finished so far are kept."""
        self._stop.set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the batch to end (at most ``timeout`` seconds); True if it has ended."""
        return self._finished.wait(timeout)

    def result(self, timeout: float | None = None) -> list[GameRecord]:
        """Wait for the end and return the records in game order; re-raises an error from the batch."""
        if not self._finished.wait(timeout):
            raise TimeoutError(f"the batch is still running ({len(self._records)} of {self.n} games played)")
        if self._error is not None:
            raise self._error
        return self.records

    def status(self) -> str:
        """One line for a student: games played, wins so far, and how the batch ended.

        >>> from dos_lab.bots import GreedyBot, RandomBot
        >>> run = start_games([GreedyBot, RandomBot], 4, seed=1, executor=SerialExecutor())
        >>> records = run.result()
        >>> print(run.status())
        4 of 4 games played: greedy 4 wins, random 0 wins. Finished.
        """
        with self._lock:
            records = list(self._records)
        wins = [sum(1 for r in records if r.winner == e) for e in range(len(self.names))]
        line = played_text(len(records), self.n)
        if records:
            line += ": " + ", ".join(ngettext("{name} {count} win", "{name} {count} wins", w).format(
                name=gettext(name), count=number(w)) for name, w in zip(self.names, wins, strict=True))
        if self._error is not None:
            return line + ". " + gettext("Stopped by an error: {error}").format(error=self._error)
        if self.done:
            ended = gettext("Stopped.") if self.stopped and len(records) < self.n else gettext("Finished.")
            return line + ". " + ended
        return line + "…"

    def _add(self, chunk: list[GameRecord]) -> None:
        with self._lock:
            self._records.extend(chunk)
        self._notify()

    def _notify(self) -> None:
        self._listeners.notify()

    @property
    def played(self) -> int:
        """How many games have finished so far."""
        with self._lock:
            return len(self._records)

    @property
    def error(self) -> BaseException | None:
        """What stopped the batch with an error, if anything did."""
        return self._error

    def watch(self, listener: Callable[[], None]) -> Callable[[], None]:
        """Call ``listener()`` whenever a chunk of records arrives and when the batch ends (on the thread that
        played the chunk); returns a function that stops it. A listener that fails is logged and stops neither the
        batch nor the others."""
        return self._listeners.add(listener)



def start_games(bots: Sequence[BotSpec], n: int, seed: int = 0, executor: Executor | None = None, *,
                rules: RuleSet | None = None, rotate_seats: bool = True, max_turns: int = 2000,
                max_rounds: int = 200, chunk_size: int | None = None, workers: int = 2,
                on_chunk: ChunkCallback | None = None, names: Sequence[str] | None = None) -> GamesRun:
    """Start :func:`play_games` in a background thread and return at once with a :class:`GamesRun`.

    The run's records fill in as chunks finish (``on_chunk`` is called with each chunk, in the background
    thread); ``run.stop()`` — or the Stop button of its notebook view — ends it between chunks. The records
    are the same as :func:`play_games` gives for the same seed. ``names`` label the entrants in the status
    line (default: the bots' names).

    >>> from dos_lab.bots import GreedyBot, TacticianBot
    >>> run = start_games([GreedyBot, TacticianBot], 6, seed=3, executor=SerialExecutor())
    >>> run.result() == play_games([GreedyBot, TacticianBot], 6, seed=3, executor=SerialExecutor())
    True
    """
    _checked(bots, n, seed, workers, max_turns, max_rounds, chunk_size)
    run = GamesRun(n, list(names) if names is not None else [_name(spec) for spec in bots])

    def play() -> None:
        try:
            for chunk in iter_games(bots, n, seed, executor, rules=rules, rotate_seats=rotate_seats,
                                    max_turns=max_turns, max_rounds=max_rounds, chunk_size=chunk_size,
                                    workers=workers, stop=run._stop):
                run._add(chunk)
                if on_chunk is not None:
                    on_chunk(chunk)
        except BaseException as error:  # kept for result(); the view shows it as a sentence
            run._error = error
        finally:
            run._finished.set()
            run._notify()

    threading.Thread(target=play, name="dos_lab games", daemon=True).start()
    return run


def _name(spec: BotSpec) -> str:
    """A bot's name for a status line: ``"greedy"`` for ``GreedyBot``, a partial of it, or ``"greedy"``."""
    if isinstance(spec, str):
        return spec
    target = spec.func if isinstance(spec, partial) else spec
    name = getattr(target, "name", None)
    return name if isinstance(name, str) else getattr(target, "__name__", "bot")


def _progress_bar(progress: bool | ProgressCallback | None, n: int) -> tuple[ProgressCallback | None,
                                                                             Callable[[], None]]:
    """A callback ``(done, n)`` that shows progress, and a function that closes the display."""
    if progress is None or progress is False:
        return None, lambda: None
    if callable(progress):  # a page's own bar, e.g. dos_lab.widgets.progress.progress_bar(n)
        return progress, lambda: None
    try:  # tqdm draws a widget in a notebook and a line in a terminal
        from tqdm.auto import tqdm  # type: ignore[import-untyped,unused-ignore]
    except ImportError:  # no tqdm: a line of text, rewritten in place
        return _text_progress(n)
    bar = tqdm(total=n, unit="game")

    def update(done: int, total: int) -> None:
        bar.update(done - bar.n)

    return update, bar.close


def _text_progress(n: int) -> tuple[ProgressCallback, Callable[[], None]]:
    def update(done: int, total: int) -> None:
        print(f"\r{done:,} of {total:,} games played", end="", file=sys.stderr, flush=True)

    return update, lambda: print(file=sys.stderr)


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
    centre, half = wilson_centre_and_half(wins, games, confidence)
    low = 0.0 if wins == 0 else max(0.0, centre - half)
    high = 1.0 if wins == games else min(1.0, centre + half)
    return (low, high)


W = TypeVar("W")


def wilson_centre_and_half(successes: W, trials: W, confidence: float = 0.95) -> tuple[W, W]:
    """The centre and the half-width of the Wilson score interval: the one formula, for numbers or for numpy
    arrays of counts alike (:func:`wilson_interval` clips it to 0–1 and handles 0 and all successes).

    >>> [round(x, 4) for x in wilson_centre_and_half(8, 10)]
    [0.7167, 0.2266]
    """
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    n: Any = trials
    p: Any = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * (p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5 / (1 + z * z / n)
    return centre, half


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



def played_text(done: int, total: int) -> str:
    """How far a batch has come, in the page's language: ``played_text(3, 150)`` is ``'3 of 150 games played'``."""
    return ngettext("{done} of {total} game played", "{done} of {total} games played", total).format(
        done=number(done), total=number(total))


def summary_text(records: Sequence[GameRecord]) -> str:
    """:func:`summary` as a sentence for a lesson.

    >>> from dos_lab.bots import GreedyBot
    >>> print(summary_text(play_games([GreedyBot, GreedyBot], 2, seed=3, executor=SerialExecutor())))
    2 games, all finished; a game lasted 22.0 rounds and 131.5 turns on average.
    """
    numbers = summary(records)
    games, unfinished = int(numbers["games"]), int(numbers["unfinished"])
    finished = gettext("all finished") if not unfinished else ngettext(
        "{count} stopped by the safety cap", "{count} stopped by the safety cap", unfinished).format(count=unfinished)
    return ngettext("{games} game, {finished}; a game lasted {rounds} rounds and {turns} turns on average.",
                    "{games} games, {finished}; a game lasted {rounds} rounds and {turns} turns on average.",
                    games).format(games=games, finished=finished, rounds=decimal(numbers["mean_rounds"], 1),
                                  turns=decimal(numbers["mean_turns"], 1))
