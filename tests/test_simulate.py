"""Tests for dos_lab.simulate: seeded, executor-independent tournaments of bots."""

from __future__ import annotations

import sys
import threading
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from functools import partial

import pytest

from dos_lab.bots import GreedyBot, RandomBot
from dos_lab.errors import InvalidInput
from dos_lab.rules import RuleSet
from dos_lab.simulate import (
    GameRecord,
    SerialExecutor,
    _pool_size,
    game_seed,
    iter_games,
    play_game,
    play_games,
    start_games,
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


# --- watching a batch: chunks as they finish, progress, stopping ------------------------------------------------


def test_iter_games_yields_every_record_once() -> None:
    serial = play_games(BOTS, 9, seed=5, executor=SerialExecutor(), rules=QUICK)
    with ThreadPoolExecutor(max_workers=2) as threads:
        chunks = list(iter_games(BOTS, 9, seed=5, executor=threads, rules=QUICK, chunk_size=2))
    assert sorted(len(c) for c in chunks) == [1, 2, 2, 2, 2]
    assert all([r.index for r in c] == sorted(r.index for r in c) for c in chunks)
    assert sorted((r for c in chunks for r in c), key=lambda r: r.index) == serial


def test_on_chunk_sees_the_table_fill_in() -> None:
    seen: list[list[int]] = []
    records = play_games(BOTS, 7, seed=1, executor=SerialExecutor(), rules=QUICK, chunk_size=3,
                         on_chunk=lambda chunk: seen.append([r.index for r in chunk]))
    assert seen == [[0, 1, 2], [3, 4, 5], [6]]
    assert records == play_games(BOTS, 7, seed=1, executor=SerialExecutor(), rules=QUICK)


def test_a_stop_between_chunks_keeps_the_finished_games() -> None:
    stop = threading.Event()
    records = play_games(BOTS, 20, seed=2, executor=SerialExecutor(), rules=QUICK, chunk_size=4,
                         on_chunk=lambda chunk: stop.set(), stop=stop)
    full = play_games(BOTS, 20, seed=2, executor=SerialExecutor(), rules=QUICK)
    assert records == full[:4]
    with ProcessPoolExecutor(max_workers=2) as processes:
        stop.clear()
        early = play_games(BOTS, 40, seed=2, executor=processes, rules=QUICK, chunk_size=2, workers=2,
                           on_chunk=lambda chunk: stop.set(), stop=stop)
    assert 2 <= len(early) < 40 and all(r == full[r.index] for r in early if r.index < 20)


def test_leaving_the_loop_early_stops_the_batch() -> None:
    games = iter_games(BOTS, 30, seed=2, rules=QUICK, chunk_size=2)  # its own process pool
    first = next(games)
    games.close()  # shuts the pool down without waiting for the remaining chunks
    assert len(first) == 2


def test_progress_true_shows_something_outside_a_notebook(capsys: pytest.CaptureFixture[str],
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    play_games(BOTS, 3, seed=0, executor=SerialExecutor(), rules=QUICK, progress=True)
    assert "3/3" in capsys.readouterr().err  # tqdm's bar
    monkeypatch.setitem(sys.modules, "tqdm.auto", None)  # tqdm not installed: a line of text
    play_games(BOTS, 3, seed=0, executor=SerialExecutor(), rules=QUICK, progress=True)
    assert "3 of 3 games played" in capsys.readouterr().err


def test_start_games_runs_in_the_background_and_matches_the_serial_run() -> None:
    chunks: list[int] = []
    run = start_games(BOTS, 6, seed=4, executor=SerialExecutor(), rules=QUICK, chunk_size=2,
                      on_chunk=lambda chunk: chunks.append(len(chunk)), names=["greedy", "random"])
    assert run.result(timeout=60) == play_games(BOTS, 6, seed=4, executor=SerialExecutor(), rules=QUICK)
    assert chunks == [2, 2, 2] and run.done and not run.stopped
    assert run.status().startswith("6 of 6 games played: greedy ") and run.status().endswith("Finished.")


def test_the_stop_button_stops_a_background_run() -> None:
    go_on = threading.Event()
    run = start_games(BOTS, 30, seed=4, executor=SerialExecutor(), rules=QUICK, chunk_size=3,
                      on_chunk=lambda chunk: go_on.wait(30))
    from dos_lab.widgets.progress import games_run_view

    view = games_run_view(run)
    bar, button = view.children[0].children
    button.click()  # as a student would, while the first chunk waits
    assert button.disabled and button.description == "Stopping…"
    go_on.set()
    records = run.result(timeout=60)
    assert len(records) == 3 and run.stopped
    assert bar.value == 3 and bar.bar_style == "warning" and button.description == "Stopped"
    assert view.children[1].value == "3 of 30 games played: " + run.status().split(": ", 1)[1]
    assert run.status().endswith("Stopped.")


def test_an_error_in_a_background_run_is_kept_for_result() -> None:
    def broken(seed: int) -> GreedyBot:
        raise ValueError("no bot today")

    run = start_games([broken, GreedyBot], 2, seed=4, executor=SerialExecutor())
    with pytest.raises(RuntimeError, match=r"game 0 of the batch seeded 4"):
        run.result(timeout=60)
    assert "Stopped by an error" in run.status() and "Traceback" not in run.status()


def test_a_pool_says_how_many_chunks_to_keep_in_flight() -> None:
    with ThreadPoolExecutor(max_workers=3) as threads, ProcessPoolExecutor(max_workers=1) as processes:
        assert _pool_size(threads, 2) == 3 and _pool_size(processes, 2) == 1
    assert _pool_size(SerialExecutor(), 5) == 5  # an executor that does not say: the workers given


def test_the_notebook_progress_bar_fills_and_shows_how_the_batch_ended(monkeypatch: pytest.MonkeyPatch) -> None:
    from dos_lab.widgets import progress

    shown: list[object] = []
    monkeypatch.setattr("IPython.display.display", shown.append)
    update, close = progress.progress_bar(4)
    (box,) = shown
    bar, line = box.children  # type: ignore[attr-defined]
    update(3, 4)
    close()
    assert bar.value == 3 and line.value == "3 of 4 games played" and bar.bar_style == "warning"


def test_simulate_leaves_the_widgets_to_dos_lab_widgets() -> None:
    """The views of a batch live in dos_lab.widgets.progress; simulate names no ipywidgets (DESIGN.md §1)."""
    import inspect

    from dos_lab import simulate

    assert "import ipywidgets" not in inspect.getsource(simulate)
