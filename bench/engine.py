"""Engine speed. Prints figures; asserts nothing.

    python bench/engine.py                   # bots on one core, crowded table, RLCard side by side (~50 s)
    python bench/engine.py --tournament 400  # also a GreedyBot vs TacticianBot tournament on two cores
    python bench/tournament.py               # the full 10,000-game tournament, wall and CPU time
    pip install "dos_lab[bench]"             # RLCard, for the side-by-side comparison

Targets (issue 12; benchmarks print, tests never time anything):
* random 2-player rounds/s at least 1.5x RLCard's random 2-player UNO games/s, measured side by side in one
  process (alternating 1.5 s slices, so both see the same machine load), with Round.deal's defaults;
* GreedyBot and TacticianBot rounds/s at least 1.5x the figures before issue 12;
* a 10,000-game GreedyBot vs TacticianBot tournament on two cores in under 10 s.
The machine is shared: compare figures from one run, or count instructions (valgrind --tool=callgrind).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from dos_lab import Round
from dos_lab.bots import GreedyBot, RandomBot, TacticianBot, _BaseBot
from dos_lab.simulate import play_games


class Counting:
    """Wraps a bot and counts decisions (turns played)."""

    def __init__(self, bot: _BaseBot) -> None:
        self.bot, self.name, self.turns = bot, bot.name, 0

    def play_turn(self, r: Round) -> None:
        self.turns += 1
        self.bot.play_turn(r)


def rounds_per_second(kind: type[_BaseBot], seconds: float = 4.0, warm_up: float = 1.0) -> tuple[float, float, float]:
    """Finished 2-player rounds per second, turns per round, and turns (decisions) per second.

    The first ``warm_up`` seconds are played but not counted: they fill the declaration caches,
    as the first games of any classroom simulation do (steady state is what a long run sees)."""
    start = time.perf_counter()
    warm = 0
    while time.perf_counter() - start < warm_up:
        r = Round.deal(2, seed=10**6 + warm, history=False)
        bots_warm = [kind(warm), kind(warm + 1)]
        while not r.over:
            bots_warm[r.current].play_turn(r)
        warm += 1
    rounds = turns = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        r = Round.deal(2, seed=rounds, history=False)
        bots = [Counting(kind(2 * rounds)), Counting(kind(2 * rounds + 1))]
        while not r.over:
            bots[r.current].play_turn(r)
        rounds += 1
        turns += bots[0].turns + bots[1].turns
    elapsed = time.perf_counter() - start
    return rounds / elapsed, turns / rounds, turns / elapsed


def crowded_legal_matches(repeats: int = 200) -> tuple[float, float, int]:
    """Milliseconds of legal_matches() on a crowded table (median warm, and the first call with an
    empty declaration cache), and how many matches it lists."""
    hand = "R1 R3 R4 R5 R6 B1 B3 B4 B7 B9 G1 G5 G8 G10 Y3 Y6 Y10 R# G# W"
    r = Round.from_position(hands=[hand, "Y1"], center_row="R7 B5 G9 Y4 W B10 Y# R8", history=False)
    from dos_lab.matching import _default_match, _default_resolution

    _default_match.cache_clear()
    _default_resolution.cache_clear()
    start = time.perf_counter()
    r.legal_matches()
    cold = time.perf_counter() - start
    times = []
    found = 0
    for _ in range(repeats):
        start = time.perf_counter()
        found = len(r.legal_matches())
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000, cold * 1000, found


def random_round(history: bool) -> Callable[[int], None]:
    """One dos_lab random 2-player round (Round.deal, two RandomBots), seeded by the game number."""

    def play(i: int) -> None:
        r = Round.deal(2, seed=i, history=history)
        bots = [RandomBot(2 * i), RandomBot(2 * i + 1)]
        while not r.over:
            bots[r.current].play_turn(r)

    return play


def rlcard_players() -> dict[str, Callable[[int], None]]:
    """RLCard's random 2-player UNO: as RLCard runs it (the environment with two RandomAgents, which also
    encodes every state for learning), and the bare game with uniformly random legal actions."""
    import numpy as np
    import rlcard  # type: ignore[import-untyped]
    from rlcard.agents import RandomAgent  # type: ignore[import-untyped]
    from rlcard.games.uno.game import UnoGame  # type: ignore[import-untyped]

    env = rlcard.make("uno", config={"seed": 0})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    game = UnoGame(num_players=2)
    rng = random.Random(0)
    game.np_random = np.random.RandomState(0)

    def env_game(i: int) -> None:
        env.run(is_training=False)

    def bare_game(i: int) -> None:
        game.init_game()
        while not game.is_over():
            game.step(rng.choice(game.get_legal_actions()))

    return {"RLCard UNO, env.run with RandomAgents": env_game, "RLCard UNO, bare game, random legal actions": bare_game}


def side_by_side(players: dict[str, Callable[[int], None]], slices: int = 4,
                 slice_seconds: float = 1.5) -> dict[str, float]:
    """Games per second of each player, measured in alternating slices in this one process."""
    done = dict.fromkeys(players, 0)
    spent = dict.fromkeys(players, 0.0)
    for play in players.values():  # warm up: imports, caches
        for i in range(20):
            play(10**6 + i)
    for _ in range(slices):
        for name, play in players.items():
            start = time.perf_counter()
            while time.perf_counter() - start < slice_seconds:
                play(done[name])
                done[name] += 1
            spent[name] += time.perf_counter() - start
    return {name: done[name] / spent[name] for name in players}


def tournament(games: int) -> float:
    """Seconds for a GreedyBot vs TacticianBot tournament of ``games`` games on two worker processes."""
    start = time.perf_counter()
    play_games([GreedyBot, TacticianBot], games, seed=1, workers=2)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tournament", type=int, default=0, metavar="GAMES",
                        help="also time a GreedyBot vs TacticianBot tournament of GAMES games on two cores")
    parser.add_argument("--slices", type=int, default=4, help="alternating 1.5 s slices per player (RLCard)")
    args = parser.parse_args()
    print("dos_lab engine benchmark (one core; 1 s warm-up per pairing, then 4 s measured; history=False)")
    for kind in (RandomBot, GreedyBot, TacticianBot):
        rate, per_round, decisions = rounds_per_second(kind)
        print(f"  {kind.__name__:>13} vs {kind.__name__:<13} {rate:8.0f} rounds/s  "
              f"({per_round:.1f} turns per round, {decisions:,.0f} turns/s)")
    ms, cold, found = crowded_legal_matches()
    print(f"  legal_matches() on a crowded table: {ms:.2f} ms median, {cold:.2f} ms for the first call "
          f"with an empty declaration cache ({found} matches listed)")
    try:
        others = rlcard_players()
    except ImportError:
        print("  (RLCard is not installed: pip install 'dos_lab[bench]' for the side-by-side comparison)")
    else:
        ours = {"dos_lab random round, Round.deal defaults (history on)": random_round(True),
                "dos_lab random round, history=False": random_round(False)}
        print(f"Side by side in one process, alternating {args.slices} slices of 1.5 s each (games per second):")
        rates = side_by_side({**ours, **others}, slices=args.slices)
        for name, rate in rates.items():
            print(f"  {name:<52} {rate:8.0f}")
        for mine in ours:
            ratios = ", ".join(f"{rates[mine] / rates[other]:.2f}x {other.split(', ')[1]}" for other in others)
            print(f"  {mine.split(', ', 1)[1]}: {ratios}")
    if args.tournament:
        seconds = tournament(args.tournament)
        print(f"GreedyBot vs TacticianBot, {args.tournament:,} games on two worker processes: {seconds:.1f} s "
              f"(10,000 games at this pace: {seconds * 10_000 / args.tournament:.0f} s)")


if __name__ == "__main__":
    main()
