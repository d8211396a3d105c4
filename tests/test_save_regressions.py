"""Saves the reliability review broke (issue 24, items 1 and 3), as named regression tests: a round that ended
with no winner could not be loaded again, and a save holding a huge whole number loaded but could never be
written back."""

from __future__ import annotations

import json

import pytest

from dos_lab import Game, InvalidInput, Round, RuleSet

SKIP_DRAW = RuleSet(empty_draw_pile="skip_draw")


def ended_by_passing() -> Round:
    """Nobody can match and both piles are empty: each player's draw is skipped, a pass (R14.2), and the round
    ends with no winner when every player has passed in a row."""
    r = Round.from_position(hands=["R9 B10", "G9 Y10"], center_row="R1 B1", draw_pile="", rules=SKIP_DRAW)
    r.draw()
    r.draw()
    assert r.over and r.winner is None
    return r


def test_a_round_that_ended_with_no_winner_loads_again() -> None:
    saved = ended_by_passing().to_dict()
    again = Round.from_dict(json.loads(json.dumps(saved)))
    assert again.over and again.winner is None and again.to_dict() == saved


def test_a_game_saved_when_its_round_ended_with_no_winner_loads_again() -> None:
    game = Game.from_position(scores=[0, 0], dealer=1, hands=["R9 B10", "G9 Y10"], center_row="R1 B1",
                              draw_pile="", seed=3, rules=SKIP_DRAW)
    game.round.draw()
    game.round.draw()
    assert game.round.over and game.round.winner is None
    saved = game.to_dict()
    assert Game.from_dict(json.loads(json.dumps(saved))).to_dict() == saved


def test_a_round_saved_mid_play_still_refuses_a_pass_count_out_of_range() -> None:
    r = Round.from_position(hands=["R9 B10", "G9 Y10"], center_row="R1 B1", draw_pile="", rules=SKIP_DRAW)
    saved = r.to_dict()
    saved["passes"] = 2  # two passes in a row end a two-player round: a round still in play cannot hold them
    with pytest.raises(InvalidInput, match="passes=2 is out of range"):
        Round.from_dict(saved)


@pytest.mark.parametrize("seed", [10**5000, 2**63, -(2**63) - 1], ids=["5000 digits", "2**63", "-2**63-1"])
def test_a_seed_beyond_64_bits_is_refused_everywhere(seed: int) -> None:
    with pytest.raises(InvalidInput, match="seed="):
        Round.deal(2, seed=seed)
    with pytest.raises(InvalidInput, match="seed="):
        Game(2, seed=seed)
    round_save = Round.deal(2, seed=1).to_dict()
    round_save["seed"] = seed
    with pytest.raises(InvalidInput, match="seed="):
        Round.from_dict(round_save)
    game_save = Game(2, seed=1).to_dict()
    game_save["seed"] = seed
    with pytest.raises(InvalidInput, match="seed="):
        Game.from_dict(game_save)


def test_a_huge_number_inside_the_history_is_refused() -> None:
    r = Round.deal(2, seed=4)
    r.draw()
    saved = r.to_dict()
    events = saved["log"]
    first = next(e for e in events if e.get("event") == "RoundStarted")
    first["players"] = 10**5000
    with pytest.raises(InvalidInput):
        Round.from_dict(saved)


def test_the_largest_seed_saves_and_loads() -> None:
    r = Round.deal(2, seed=2**63 - 1)
    assert Round.from_dict(json.loads(json.dumps(r.to_dict()))).to_dict() == r.to_dict()
