"""The reliability review's soak and save fuzz again, longer than the suite runs them (issue "What a tester broke").

    python bench/reliability.py                # a 120 s soak, then 10,000 mutated saves
    python bench/reliability.py --soak 270 --saves 30000

1. **Soak**: games between computer players over every preset and seeded mixes of every option (hand sizes 3 to
   20), each round saved and loaded again when it ends; prints how many games, rounds and turns, the most rounds
   a game took, and any game that did not end within 200 rounds or any round that did not load again.
2. **Save fuzz**: saves of random positions (dealt and staged rounds, every option), changed by the suite's
   mutators (``tests/test_save_fuzz.py``: values replaced, nudged or removed, cards moved, added or dropped),
   plus log-only changes (events deleted, doubled, moved, swapped, the log reversed); each is either refused
   with ``InvalidInput`` or loads into a round that saves back identically and that bots play to the end.
   Prints how many were refused, how many loaded, and anything else (which would be a bug).

Seeded: the fuzz prints the same figures for the same arguments; the soak plays the same games in the same order,
and how many fit in its time depends on the machine.
"""

from __future__ import annotations

import argparse
import copy
import random
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from test_save_fuzz import mutate, play_out, random_save

from dos_lab import Game, InvalidInput, Round, RuleSet
from dos_lab.bots import GreedyBot, RandomBot
from dos_lab.engine.rules import PRESETS

from playout import OPTION_VALUES

MAX_ROUNDS = 200


def rule_sets(rng: random.Random) -> RuleSet:
    if rng.random() < 0.4:
        return RuleSet(**PRESETS[rng.choice(sorted(PRESETS))])
    options = {name: rng.choice(values) for name, values in OPTION_VALUES.items()}
    return RuleSet(hand_size=rng.choice([3, 5, 7, 10, 15, 20]), target_score=rng.choice([100, 200, 500]), **options)


def soak(seconds: float) -> None:
    rng = random.Random(1)
    games = rounds = turns = longest = 0
    stuck: list[str] = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        rules, players, seed = rule_sets(rng), rng.randrange(2, 5), rng.randrange(2**31)
        game = Game(players, seed=seed, rules=rules, history=False)
        bots = [(GreedyBot if (seat + seed) % 2 else RandomBot)(seed + seat) for seat in range(players)]
        while True:
            while not game.round.over:
                bots[game.round.current].play_turn(game.round)
            turns += game.round.turn
            if Round.from_dict(game.round.to_dict()) != game.round:
                stuck.append(f"seed {seed}: a finished round did not load again")
            if game.over or game.round_number >= MAX_ROUNDS:
                break
            game.next_round()
        games += 1
        rounds += game.round_number
        longest = max(longest, game.round_number)
        if not game.over:
            stuck.append(f"seed {seed}, {players} players, {rules!r}: no end within {MAX_ROUNDS} rounds")
    print(f"soak: {games:,} games, {rounds:,} rounds, {turns:,} turns in {seconds:.0f} s; the longest game took "
          f"{longest} rounds; {len(stuck)} problems")
    for problem in stuck[:10]:
        print("  ", problem)


def edit_log(log: list[Any], rng: random.Random) -> None:
    kind = rng.choice(["reverse", "double", "delete", "move", "swap"])
    if kind == "reverse":
        log.reverse()
    elif kind == "double":
        log.insert(rng.randrange(len(log) + 1), copy.deepcopy(rng.choice(log)))
    elif kind == "delete":
        del log[rng.randrange(len(log))]
    elif kind == "move":
        log.insert(rng.randrange(len(log)), log.pop(rng.randrange(len(log))))
    else:
        i, j = rng.randrange(len(log)), rng.randrange(len(log))
        log[i], log[j] = log[j], log[i]


def fuzz(saves: int) -> None:
    seen: Counter[str] = Counter()
    other: list[str] = []
    for index in range(saves):
        rng = random.Random(index)
        data = random_save(index, rng)
        original_log = copy.deepcopy(data.get("log"))
        log_only = index % 4 == 0 and isinstance(data.get("log"), list) and len(data["log"]) > 1
        if log_only:
            edit_log(data["log"], rng)
        else:
            for _ in range(rng.randrange(1, 4)):
                mutate(data, rng)
        kind = "log edited" if log_only else "mutated"
        if log_only and data["log"] == original_log:
            continue
        try:
            r = Round.from_dict(data, history=False)
        except InvalidInput:
            seen[f"{kind}: refused"] += 1
            continue
        except Exception as error:  # anything but a refusal is what this looks for
            other.append(f"save {index}: {type(error).__name__}: {str(error)[:120]}")
            continue
        try:
            assert Round.from_dict(r.to_dict()) == r, "a loaded round does not save and load to itself"
            play_out(r, index)
            seen[f"{kind}: loaded and played to the end"] += 1
        except Exception as error:  # anything but a refusal is what this looks for
            other.append(f"save {index}: loaded, then {type(error).__name__}: {str(error)[:120]}")
    print(f"save fuzz: {saves:,} saves; " + "; ".join(f"{n:,} {what}" for what, n in sorted(seen.items()))
          + f"; {len(other)} anything else")
    for problem in other[:10]:
        print("  ", problem)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--soak", type=float, default=120, metavar="SECONDS", help="how long to play (default 120)")
    parser.add_argument("--saves", type=int, default=10_000, help="how many mutated saves (default 10,000)")
    args = parser.parse_args()
    soak(args.soak)
    began = time.monotonic()
    fuzz(args.saves)
    print(f"   ({time.monotonic() - began:.0f} s)")


if __name__ == "__main__":
    main()
