"""Saves the reliability review broke (issue 24, items 1, 3 and 4), as named regression tests: a round that ended
with no winner could not be loaded again, a save holding a huge whole number loaded but could never be
written back, and a save whose log was tampered with (reversed, an extra round start, an extra draw) loaded as
sound."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from dos_lab import Game, InvalidInput, Round, RuleSet
from dos_lab.bots import GreedyBot

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


def played_a_while(seed: int = 5) -> Round:
    """A dealt round some turns in, its player on turn having drawn."""
    r = Round.deal(3, seed=seed, dealer=0)
    bots = [GreedyBot(seed + i) for i in range(3)]
    for _ in range(3):
        bots[r.current].play_turn(r)
    assert not r.over and r.turn == 4
    r.draw()
    return r


def reverse(log: list[Any]) -> None:
    log.reverse()


def second_start(log: list[Any]) -> None:
    log.insert(3, copy.deepcopy(log[0]))


def draw_again_now(log: list[Any]) -> None:
    log.append({"event": "Drew", "player": log[-1]["player"], "card": "W"})


def another_card_drawn(log: list[Any]) -> None:
    log[-1] = {**log[-1], "card": "R1" if log[-1]["card"] != "R1" else "B1"}


def draw_twice_earlier(log: list[Any]) -> None:
    first_draw = next(i for i, e in enumerate(log) if e["event"] == "Drew")
    log.insert(first_draw, copy.deepcopy(log[first_draw]))


def drop_a_turn(log: list[Any]) -> None:
    turns = [i for i, e in enumerate(log) if e["event"] == "TurnStarted"]
    del log[turns[1]]


def another_row_card(log: list[Any]) -> None:
    """The same events in the same order, but the first match made on another row card: only a replay of the
    round from its deal tells."""
    first = next(i for i, e in enumerate(log) if e["event"] == "Matched")
    log[first] = {**log[first], "target_card": "G1" if log[first]["target_card"] != "G1" else "B1"}


def swap_two_turns_matches(log: list[Any]) -> None:
    """Two matches of different players change places (within one turn the order of matches may differ)."""
    first = next(i for i, e in enumerate(log) if e["event"] == "Matched")
    other = next(i for i, e in enumerate(log) if e["event"] == "Matched" and e["player"] != log[first]["player"])
    log[first], log[other] = log[other], log[first]


def end_the_round(log: list[Any]) -> None:
    log.append({"event": "RoundEnded", "winner": 0, "points": 10, "hand_points": [0, 5, 5]})


@pytest.mark.parametrize(("tamper", "message"), [
    (reverse, "start the round once, at its beginning"),
    (second_start, "start the round once, at its beginning"),
    (draw_again_now, "draw twice"),
    (another_card_drawn, "draw this turn does not agree"),
    (draw_twice_earlier, "draw twice"),
    (drop_a_turn, "turns do not lead to turn"),
    (end_the_round, "end of the round does not agree"),
    (another_row_card, "does not follow from its deal: event 3"),
    (swap_two_turns_matches, "does not follow from its deal"),
])
def test_a_save_whose_log_disagrees_with_its_state_is_refused(tamper: Callable[[list[Any]], None],
                                                              message: str) -> None:
    saved = played_a_while().to_dict()
    assert Round.from_dict(copy.deepcopy(saved)).to_dict() == saved  # untouched, it loads
    tamper(saved["log"])
    with pytest.raises(InvalidInput, match=message):
        Round.from_dict(saved)


def test_a_finished_round_whose_log_lost_its_end_is_refused() -> None:
    r = Round.deal(2, seed=8, dealer=1)
    bots = [GreedyBot(8), GreedyBot(9)]
    while not r.over:
        bots[r.current].play_turn(r)
    saved = r.to_dict()
    assert saved["log"][-1]["event"] == "RoundEnded"
    saved["log"].pop()
    with pytest.raises(InvalidInput, match="end of the round does not agree"):
        Round.from_dict(saved)


def test_every_save_of_random_play_agrees_with_its_log() -> None:
    """The check refuses nothing the engine writes: every position of a few seeded rounds, undos included."""
    loaded = 0
    for seed in range(30):
        rng = random.Random(seed)
        r = Round.deal(2 + seed % 3, seed=seed, dealer=seed % 2, rules=RuleSet(empty_draw_pile="skip_draw")
                       if seed % 4 == 0 else RuleSet())
        bots = [GreedyBot(seed + i) for i in range(4)]
        while not r.over and r.turn < 400:
            bots[r.current].play_turn(r)
            if rng.random() < 0.2 and r.can_undo:
                r.undo()
            Round.from_dict(r.to_dict())
            loaded += 1
    assert loaded > 200


def test_a_round_whose_draw_pile_was_reshuffled_loads_again() -> None:
    """A draw from an empty pile first shuffles the discards into a new one (R14.1): the log's Reshuffled event
    comes before the draw, and the replay from the deal must find that draw (it once refused this save)."""
    r = Round.deal(4, seed=15, dealer=0, rules=RuleSet(hand_size=20))
    bots = [GreedyBot(15 + i) for i in range(4)]
    while not r.over:
        bots[r.current].play_turn(r)
    assert any(e.__class__.__name__ == "Reshuffled" for e in r.log)
    assert Round.from_dict(r.to_dict()) == r
