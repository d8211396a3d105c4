"""A fixed engine workload for counting instructions, so two versions of the engine can be compared on a busy
machine (a refactor must keep the engine within 3 % of the version before it). Prints nothing to measure itself.

    valgrind --tool=callgrind --callgrind-out-file=/dev/null python bench/engine_workload.py greedy 300
    valgrind --tool=callgrind --callgrind-out-file=/dev/null python bench/engine_workload.py greedy 0

The difference of the two "Collected" counts is the cost of 300 seeded 2-player rounds without the imports. Run
it with ``PYTHONPATH`` pointing at each checkout (a ``git worktree`` of the older commit), and with the real
interpreter (``python -c "import sys; print(sys.executable)"``), not a shell shim.
"""

from __future__ import annotations

import sys

from dos_lab import Round
from dos_lab.bots import GreedyBot, RandomBot, TacticianBot

PAIRINGS = {"random": (RandomBot, RandomBot), "greedy": (GreedyBot, GreedyBot), "tactician": (TacticianBot, GreedyBot)}


def play(pairing: str, rounds: int) -> int:
    """Play ``rounds`` seeded 2-player rounds between the pairing's bots; returns the turns played."""
    first, second = PAIRINGS[pairing]
    turns = 0
    for seed in range(rounds):
        r = Round.deal(players=2, seed=seed)
        bots = [first(seed=seed), second(seed=seed + 1)]
        while not r.over and turns < 2000 * (seed + 1):
            bots[r.current].play_turn(r)
            turns += 1
    return turns


if __name__ == "__main__":
    print(sys.argv[1], sys.argv[2], "rounds:", play(sys.argv[1], int(sys.argv[2])), "turns")
