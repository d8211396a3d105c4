"""Every game ends (issue "What a tester broke", item 2): rounds in which nobody can go out end with no score
(R14.2), and after three of them in a row the game ends too, won by the most points (nobody, if tied)."""

from __future__ import annotations

import random

import pytest

from dos_lab import Game, IllegalMove, InvalidInput
from dos_lab.bots import GreedyBot, RandomBot
from dos_lab.game import BLOCKED_ROUNDS
from dos_lab.play.controller import TableController
from dos_lab.rules import PRESETS, RuleSet
from dos_lab.simulate import play_game

from playout import OPTION_VALUES


def blocked_round(scores: list[int], earlier: list[tuple[int | None, int]]) -> Game:
    """A game whose current round ends with nobody going out (both piles empty, everyone passes)."""
    g = Game.from_position(scores=scores, hands=["R7 B3", "Y5 G4"], center_row="G1 B1", draw_pile="")
    g.results = list(earlier)
    g.round_number = len(earlier) + 1
    g.round.draw()
    g.round.draw()
    assert g.round.over and g.round.winner is None
    return g


def test_three_rounds_in_a_row_without_a_winner_end_the_game_for_the_most_points() -> None:
    g = blocked_round([30, 12], [(0, 30), (None, 0), (None, 0)])
    assert BLOCKED_ROUNDS == 3 and g.blocked and g.over and g.winner == 0 and g.scores == [30, 12]
    with pytest.raises(IllegalMove, match=r"3 rounds in a row ended with nobody going out \(R14.2\)"):
        g.next_round()
    said = TableController(g, [RandomBot(seed=1)]).prompt
    assert said.startswith("Game over: 3 rounds in a row ended with nobody going out (R14.2). You win the game "
                           "with the most points: 30.")


def test_a_tie_at_the_top_after_blocked_rounds_has_no_winner() -> None:
    g = blocked_round([20, 20], [(0, 20), (1, 20), (None, 0), (None, 0)])
    assert g.over and g.blocked and g.winner is None
    assert "The highest totals are tied, so nobody wins the game." in TableController(g, [RandomBot(seed=1)]).prompt


@pytest.mark.parametrize("earlier", [[(None, 0)], [(None, 0), (1, 12), (None, 0)], []])
def test_fewer_blocked_rounds_in_a_row_let_the_game_go_on(earlier: list[tuple[int | None, int]]) -> None:
    g = blocked_round([0, 12] if (1, 12) in earlier else [0, 0], earlier)
    assert not g.blocked and not g.over and g.winner is None
    assert g.next_round().over is False


def test_a_save_made_after_the_game_ended_with_blocked_rounds_is_refused() -> None:
    g = blocked_round([0, 0], [(None, 0), (None, 0)])
    data = g.to_dict()
    data["results"] = [[None, 0]] * 3
    data["round_number"] = 4
    with pytest.raises(InvalidInput, match=r"the last 3 rounds before this one ended with nobody going out"):
        Game.from_dict(data)


def test_the_tester_s_never_ending_rules_now_end() -> None:
    """Twenty cards each, no reshuffle, target 500, four random players: the reliability review's games ran past
    300 rounds with scores like [0, 0, 0, 264]."""
    rules = RuleSet(hand_size=20, empty_draw_pile="skip_draw", target_score=500)
    for index in range(3):
        record = play_game([RandomBot] * 4, index, seed=9, rules=rules, max_rounds=300)
        assert record.finished and record.rounds < 300


#: a game to 200 points between computer players ends well within this many rounds (the soak below: at most 26)
SOAK_ROUNDS = 60


def soak_rules() -> list[tuple[str, RuleSet]]:
    """Every preset (six), and eight seeded mixes of every option with hand sizes of 3 to 20."""
    mixes = [(name, RuleSet(**PRESETS[name])) for name in PRESETS]
    rng = random.Random(24)
    for index in range(8):
        options = {name: rng.choice(values) for name, values in OPTION_VALUES.items()}
        mixes.append((f"mix {index}", RuleSet(hand_size=rng.choice([3, 7, 12, 20]), **options)))
    return mixes


@pytest.mark.parametrize(("name", "rules"), soak_rules(), ids=[name for name, _ in soak_rules()])
def test_every_preset_and_a_sample_of_option_mixes_ends_its_games(name: str, rules: RuleSet) -> None:
    """A seeded, bounded soak: three games of 2 to 4 computer players per rule set end within SOAK_ROUNDS
    rounds."""
    for players in (2, 3, 4):
        record = play_game([GreedyBot, RandomBot, GreedyBot, RandomBot][:players], players, seed=41, rules=rules,
                           max_rounds=SOAK_ROUNDS)
        assert record.finished and record.rounds < SOAK_ROUNDS, (name, players, record.rounds)
