"""Tests for dos_lab.simulate: seeded, executor-independent tournaments of bots."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from functools import partial

import pytest

from dos_lab.bots import GreedyBot, RandomBot
from dos_lab.errors import InvalidInput
from dos_lab.rules import RuleSet
from dos_lab.simulate import (
    GameRecord,
    SerialExecutor,
    game_seed,
    play_game,
    play_games,
    summary,
    wilson_interval,
    win_rates,
)

BOTS = [GreedyBot, partial(RandomBot, catch_reaction=0.5)]
QUICK = RuleSet(target_score=60)


def test_same_records_serial_threads_and_processes() -> None:
    serial = play_games(BOTS, 12, seed=7, executor=SerialExecutor(), rules=QUICK)
    with ThreadPoolExecutor(max_workers=3) as threads:
        threaded = play_games(BOTS, 12, seed=7, executor=threads, rules=QUICK, chunk_size=1)
    with ProcessPoolExecutor(max_workers=2) as processes:
        processed = play_games(BOTS, 12, seed=7, executor=processes, rules=QUICK, chunk_size=5)
    default = play_games(BOTS, 12, seed=7, rules=QUICK)  # the default process pool
    assert serial == threaded == processed == default
    assert [r.index for r in serial] == list(range(12))
    assert play_games(BOTS, 12, seed=8, executor=SerialExecutor(), rules=QUICK) != serial


def test_records_do_not_depend_on_the_batch() -> None:
    batch = play_games(BOTS, 6, seed=3, executor=SerialExecutor(), rules=QUICK)
    alone = play_game(BOTS, 4, seed=3, rules=QUICK)
    assert batch[4] == alone
    assert play_games(BOTS, 5, seed=3, executor=SerialExecutor(), rules=QUICK) == batch[:5]


def test_records_make_sense() -> None:
    records = play_games(["greedy", "random", "greedy"], 9, seed=1, executor=SerialExecutor(), rules=QUICK)
    for r in records:
        assert isinstance(r, GameRecord)
        assert sorted(r.seats) == [0, 1, 2]
        assert r.finished and r.winner is not None
        assert r.scores[r.winner] >= 60 and max(r.scores) == r.scores[r.winner]
        assert r.rounds >= 1 and r.turns >= r.rounds
        assert r.seed == game_seed(1, r.index)
    # seats rotate: each entrant takes each seat equally often
    for seat in range(3):
        assert sorted(r.seats[seat] for r in records) == [0, 0, 0, 1, 1, 1, 2, 2, 2]
    fixed = play_games(["greedy", "random"], 4, seed=1, executor=SerialExecutor(), rules=QUICK, rotate_seats=False)
    assert all(r.seats == (0, 1) for r in fixed)


def test_never_ending_games_are_unfinished() -> None:
    records = play_games(BOTS, 3, seed=2, executor=SerialExecutor(), max_turns=2)
    assert all(not r.finished and r.winner is None for r in records)
    capped = play_games(BOTS, 3, seed=2, executor=SerialExecutor(), max_rounds=1)
    assert all(r.rounds == 1 for r in capped) and not any(r.finished for r in capped)
    assert summary(records)["unfinished"] == 3
    assert all(rate.games == 0 for rate in win_rates(records))


def test_progress_callback() -> None:
    seen: list[tuple[int, int]] = []
    play_games(BOTS, 5, seed=0, executor=SerialExecutor(), rules=QUICK, chunk_size=2,
               progress=lambda done, n: seen.append((done, n)))
    assert [done for done, _ in seen] == sorted(done for done, _ in seen) and seen[-1] == (5, 5)
    assert len(seen) == 3 and all(n == 5 for _, n in seen)


def test_a_failing_game_is_named() -> None:
    def broken(seed: int) -> GreedyBot:
        raise ValueError("no bot today")

    with pytest.raises(RuntimeError, match=r"game \d of the batch seeded 4"):
        play_games([broken, GreedyBot], 2, seed=4, executor=SerialExecutor())


def test_wilson_interval() -> None:
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(10, 10)[1] == 1.0
    assert wilson_interval(0, 10)[1] == pytest.approx(0.2775, abs=1e-4)
    wide = wilson_interval(50, 100, confidence=0.99)
    assert wide[0] < low and wide[1] > high


def test_greedy_beats_random() -> None:
    records = play_games([GreedyBot, RandomBot], 40, seed=5, executor=SerialExecutor(), rules=QUICK)
    greedy, random_bot = win_rates(records, ["greedy", "random"])
    assert greedy.wins + random_bot.wins == greedy.games == 40
    assert greedy.low > 0.5
    assert "greedy:" in str(greedy) and "95% CI" in str(greedy)


def test_bad_arguments() -> None:
    with pytest.raises(InvalidInput):
        play_games([GreedyBot], 3)
    with pytest.raises(InvalidInput):
        play_games(BOTS, -1, executor=SerialExecutor())
    with pytest.raises(InvalidInput):
        play_games(BOTS, 2, seed="x", executor=SerialExecutor())  # type: ignore[arg-type]
    with pytest.raises(InvalidInput):
        play_games(["clever", "greedy"], 1, executor=SerialExecutor())
    assert play_games(BOTS, 0, executor=SerialExecutor()) == []
