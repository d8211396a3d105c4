"""Benchmarks for dos_lab.probability and dos_lab.simulate (never run as tests).

    python bench/probability.py            # all three figures
    python bench/probability.py --quick    # skip the tournament

1. the time for every exact function together, from a cold start (caches cleared);
2. the sampler's speed on the single-match question, in deals per second on one core;
3. a 10,000-game GreedyBot vs RandomBot tournament on both cores (dos_lab.simulate.play_games).
"""

from __future__ import annotations

import os

# one core for the sampler: keep numpy's helper libraries single-threaded (set before numpy loads)
for _name in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

import argparse  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dos_lab import probability as P  # noqa: E402

TARGETS: list[int | str] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, "#"]


def clear_caches() -> None:
    """Forget every cached exact answer, so the timing starts cold."""
    for name in dir(P):
        cache_clear = getattr(getattr(P, name), "cache_clear", None)
        if callable(cache_clear):
            cache_clear()


def exact_all() -> int:
    """Call every exact function once (all row-card values, with and without the target); returns the count."""
    calls = 0
    for v in TARGETS:
        for exclude in (False, True):
            for fn in (P.p_single_match, P.p_double_match, P.p_any_match):
                fn(v, 7, exclude)
                calls += 1
        P.pair_combinations(v)
        calls += 1
    for deal in (P.p_can_match, P.p_match_both, P.expected_matchable, P.p_single_colour_match,
                 P.p_double_colour_match):
        deal()
        calls += 1
    P.hand_points_pmf(7)
    P.expected_hand_points(7)
    return calls + 2


def exact_figure() -> float:
    """Seconds for all exact functions together, cold."""
    clear_caches()
    start = time.perf_counter()
    calls = exact_all()
    seconds = time.perf_counter() - start
    print(f"exact: {calls} exact answers (all functions, every row-card value) in {seconds:.3f} s")
    return seconds


def sampler_figure(n: int = 4_000_000) -> float:
    """Deals per second of the sampler on the single-match question (one row card of value 10, 7-card hands)."""
    P.sample("single_match", 10_000, seed=0, v=10)  # warm the tables
    start = time.perf_counter()
    est = P.sample("single_match", n, seed=1, v=10)
    seconds = time.perf_counter() - start
    rate = n / seconds
    print(f"sampler: {n:,} single-match deals in {seconds:.3f} s = {rate:,.0f} deals/s on one core "
          f"(estimate {est}, exact {float(P.p_single_match(10)):.4f})")
    return rate


def tournament_figure(games: int = 10_000, workers: int = 2) -> float:
    """Seconds for a ``games``-game GreedyBot vs RandomBot tournament on ``workers`` processes (simulate.play_games)."""
    from concurrent.futures import ProcessPoolExecutor

    from dos_lab.bots import GreedyBot, RandomBot
    from dos_lab.simulate import play_games, win_rates

    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=workers) as pool:
        records = play_games([GreedyBot, RandomBot], games, seed=2024, executor=pool)
    seconds = time.perf_counter() - start
    print(f"tournament: {games:,} GreedyBot vs RandomBot games on {workers} cores in {seconds:.2f} s "
          f"({games / seconds:,.0f} games/s)")
    for rate in win_rates(records, names=["GreedyBot", "RandomBot"]):
        print(f"  {rate}")
    return seconds


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="skip the tournament")
    parser.add_argument("--games", type=int, default=10_000, help="games in the tournament")
    args = parser.parse_args(argv)
    exact_figure()
    sampler_figure()
    if not args.quick:
        tournament_figure(args.games)


if __name__ == "__main__":
    main()
