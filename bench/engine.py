"""Engine speed, on one core. Prints figures; asserts nothing.

    python bench/engine.py            # about 20 s

Targets (issue 2): at least 3,000 random 2-player rounds per second, and
legal_matches() on a crowded table (20-card hand with three wilds against
8 row cards, two of them wild) under 5 ms.
"""

from __future__ import annotations

import statistics
import time

from dos_lab import Round
from dos_lab.bots import GreedyBot, RandomBot, TacticianBot, _BaseBot


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


def main() -> None:
    print("dos_lab engine benchmark (one core; 1 s warm-up per pairing, then 4 s measured)")
    for kind in (RandomBot, GreedyBot, TacticianBot):
        rate, per_round, decisions = rounds_per_second(kind)
        print(f"  {kind.__name__:>13} vs {kind.__name__:<13} {rate:8.0f} rounds/s  "
              f"({per_round:.1f} turns per round, {decisions:,.0f} turns/s)")
    ms, cold, found = crowded_legal_matches()
    print(f"  legal_matches() on a crowded table: {ms:.2f} ms median, {cold:.2f} ms for the first call "
          f"with an empty declaration cache ({found} matches listed)")


if __name__ == "__main__":
    main()
