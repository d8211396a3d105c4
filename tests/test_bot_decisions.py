"""The bots decide exactly as they did before the speed work of issue 12.

Each fingerprint is a hash of every event of every round of a few seeded games (what was played, drawn,
placed, called), recorded with the bots as they were before they were made faster. A faster bot must
make the very same moves: the tutorials' and lessons' stored outputs depend on them.
"""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from dos_lab.bots import GreedyBot, TacticianBot, play_round
from dos_lab.events import event_to_dict
from dos_lab.game import Game
from dos_lab.rules import RuleSet
from dos_lab.simulate import SerialExecutor, play_games

from playout import random_rules

KINDS = {"greedy": GreedyBot, "tactician": TacticianBot}


def rules_named(name: str) -> RuleSet:
    """A preset by name, or ``random<N>``: the options drawn at random with seed N."""
    if name.startswith("random"):
        return random_rules(random.Random(int(name.removeprefix("random"))))
    return RuleSet.preset(name)


def fingerprint(bots: list[str], seed: int, rules: str = "classic", games: int = 2) -> str:
    """A hash of every event of ``games`` seeded games between ``bots`` (one name per seat)."""
    digest = hashlib.sha256()
    for g in range(games):
        game = Game(len(bots), seed * 100 + g, rules_named(rules), history=False)
        table = [KINDS[name](seed + g + 7 * seat) for seat, name in enumerate(bots)]
        while True:
            assert play_round(game.round, table)
            for event in game.round.log:
                digest.update(json.dumps(event_to_dict(event), sort_keys=True).encode())
            if game.over:
                break
            game.next_round()
    return digest.hexdigest()[:16]


RECORDED = {
    # recorded before the speed work (bots as of commit c973646)
    "greedy+greedy/1/classic": "b03ca25510d44387",
    "greedy+greedy/2/classic": "e95eafcee200818e",
    "tactician+tactician/1/classic": "9bbc0f74b2d2bc45",
    "tactician+tactician/2/classic": "93fe08672c50146a",
    "greedy+tactician/1/classic": "c5dde2a10df14854",
    "greedy+tactician/2/classic": "7bdf92b1a319c784",
    "tactician+greedy+tactician/1/classic": "b6eb5f5b2dbb027e",
    "tactician+greedy+tactician/2/classic": "6a8aad44fedf47d5",
    "greedy+tactician+greedy+tactician/1/classic": "2ed354ff80a404a4",
    "greedy+tactician+greedy+tactician/2/classic": "f97911c60736ae9f",
    "tactician+greedy/3/polish": "46ef7301cd8321a6",
    "tactician+tactician+greedy/4/polish": "d90e21a5ae31cd6a",
    "tactician+greedy/3/quick": "0bd7b0f2f9de0d39",
    "tactician+tactician+greedy/4/quick": "bd7f2c9a10d0d1f3",
    "tactician+greedy/3/random1": "2e61f7b753f86450",
    "tactician+tactician+greedy/4/random1": "e35f3e672a550651",
    "tactician+greedy/3/random2": "2446411e5b0ec2d8",
    "tactician+tactician+greedy/4/random2": "cfdc1360707fb695",
}

TOURNAMENT = "2e1e579c78d05e06"


@pytest.mark.parametrize("case", sorted(RECORDED))
def test_the_bots_play_the_moves_they_always_played(case: str) -> None:
    bots, seed, rules = case.split("/")
    assert fingerprint(bots.split("+"), int(seed), rules) == RECORDED[case]


def test_a_tournament_keeps_its_records() -> None:
    records = play_games([GreedyBot, TacticianBot], 30, seed=5, executor=SerialExecutor())
    digest = hashlib.sha256(repr(records).encode()).hexdigest()[:16]
    assert digest == TOURNAMENT


def test_the_fingerprint_sees_a_different_move() -> None:
    """The fingerprint can fail: other bots, or other seeds, play other games."""
    assert fingerprint(["greedy", "greedy"], 1) != fingerprint(["tactician", "greedy"], 1)
    assert fingerprint(["greedy", "greedy"], 1) != fingerprint(["greedy", "greedy"], 2)
