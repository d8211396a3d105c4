"""A 10,000-game GreedyBot vs TacticianBot tournament on two cores. Prints figures; asserts nothing.

    python bench/tournament.py                 # 10,000 games on a 2-process pool (target: under 10 s)
    python bench/tournament.py --games 2000    # a shorter run
    python bench/tournament.py --pairings      # also games/s of each pairing on one core

Issue 12's target is wall time under 10 s for the whole tournament. Wall time is what a class waits;
CPU time (this process and its workers) is what the shared machine paid, and is steadier when the
machine is busy. Both are printed, with games per second.
"""

from __future__ import annotations

import argparse
import os
import time
from concurrent.futures import ProcessPoolExecutor

from dos_lab.bots import GreedyBot, TacticianBot
from dos_lab.simulate import SerialExecutor, play_games, summary


def cpu_seconds() -> float:
    """CPU time of this process and of its finished children (the pool's workers)."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def tournament(games: int, seed: int) -> None:
    """The tournament through ``play_games`` with a 2-process executor."""
    wall, cpu = time.perf_counter(), cpu_seconds()
    with ProcessPoolExecutor(max_workers=2) as pool:
        records = play_games([GreedyBot, TacticianBot], games, seed=seed, executor=pool)
    wall, cpu = time.perf_counter() - wall, cpu_seconds() - cpu  # the workers have exited: their time counts
    numbers = summary(records)
    greedy = sum(1 for r in records if r.winner == 0)
    print(f"GreedyBot vs TacticianBot, {games:,} games on 2 worker processes (seed {seed}):")
    print(f"  wall time {wall:6.2f} s   ({games / wall:7.0f} games/s)   target: under 10 s for 10,000 games")
    print(f"  CPU time  {cpu:6.2f} s   ({games / cpu:7.0f} games/s per core busy)")
    print(f"  {numbers['mean_rounds']:.1f} rounds and {numbers['mean_turns']:.1f} turns per game; "
          f"GreedyBot won {greedy:,}, TacticianBot {games - greedy - int(numbers['unfinished']):,}")


def pairings(games: int) -> None:
    """Games per second of each pairing, serially on one core (CPU time of this process)."""
    print(f"One core, {games:,} games per pairing (CPU time):")
    for pair in ([GreedyBot, GreedyBot], [TacticianBot, TacticianBot], [GreedyBot, TacticianBot]):
        start = time.process_time()
        play_games(pair, games, seed=1, executor=SerialExecutor())
        seconds = time.process_time() - start
        label = " vs ".join(kind.__name__ for kind in pair)
        print(f"  {label:<28} {games / seconds:7.1f} games/s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10_000, help="games in the tournament (default 10,000; 0: none)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pairings", type=int, nargs="?", const=300, default=0, metavar="GAMES",
                        help="also games/s of each pairing on one core (default 300 games each)")
    args = parser.parse_args()
    if args.pairings:
        pairings(args.pairings)
    if args.games:
        tournament(args.games, args.seed)


if __name__ == "__main__":
    main()
