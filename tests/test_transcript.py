"""A golden transcript: one seeded 3-player game, narrated event by event, must not drift.

To accept a deliberate change of the narration or the bots, regenerate with
``DOS_LAB_REGOLD=1 pytest tests/test_transcript.py`` and review the diff.
"""

import os
from pathlib import Path

from dos_lab import Game
from dos_lab.bots import GreedyBot, RandomBot, TacticianBot

GOLDEN = Path(__file__).parent / "golden" / "game-3p-seed7.txt"


def transcript() -> str:
    game = Game(players=3, seed=7)
    bots = [GreedyBot(1), RandomBot(2), TacticianBot(3)]
    lines = [f"first dealer: P{game.dealer + 1} after {len(game.dealer_draws)} draw(s)"]
    while True:
        lines.append(f"== round {game.round_number}, dealer P{game.dealer + 1}")
        seen = 0
        while not game.round.over:
            bots[game.round.current].play_turn(game.round)
        for event in game.round.log[seen:]:
            lines.append(event.describe())
        lines.append(f"scores: {game.scores}")
        if game.over:
            lines.append(f"P{game.winner + 1} wins the game")  # type: ignore[operator]
            return "\n".join(lines) + "\n"
        game.next_round()


def test_seeded_three_player_game_matches_the_golden_transcript() -> None:
    text = transcript()
    if os.environ.get("DOS_LAB_REGOLD"):
        GOLDEN.write_text(text)
    assert text == GOLDEN.read_text()


def test_the_transcript_is_a_whole_game() -> None:
    text = GOLDEN.read_text()
    assert text.count("== round") >= 2 and "wins the game" in text and "E1 discard" in text
