"""Game: first dealer, rounds, dealer rotation, scores to the target (R2.1, R2.6, R13)."""

import random

import pytest

from dos_lab import Card, Game, IllegalMove, InvalidInput, Phase, RuleSet, parse_cards
from dos_lab.bots import GreedyBot, RandomBot
from dos_lab.game import choose_first_dealer, draw_for_dealer


def finish_round(game: Game) -> None:
    bots = [GreedyBot(i) for i in range(game.players)]
    while not game.round.over:
        bots[game.round.current].play_turn(game.round)


def test_first_dealer_draw_counts_wilds_as_zero_and_redraws_ties() -> None:
    draws = [list(zip(range(4), parse_cards("R# W B3 G3"))), list(zip((2, 3), parse_cards("Y8 R10")))]
    assert choose_first_dealer(draws[:1]) is None
    assert choose_first_dealer(draws) == 3
    assert choose_first_dealer([list(zip(range(2), parse_cards("W R1")))]) == 1


def test_only_tied_players_may_redraw() -> None:
    draws = [list(zip(range(3), parse_cards("R5 B5 G1"))), list(zip((0, 2), parse_cards("Y8 R10")))]
    with pytest.raises(InvalidInput, match="only the tied players"):
        choose_first_dealer(draws)


def test_draw_for_dealer_is_seeded_and_consistent() -> None:
    for seed in range(40):
        dealer, draws = draw_for_dealer(4, random.Random(seed))
        assert choose_first_dealer(draws) == dealer
        assert draw_for_dealer(4, random.Random(seed)) == (dealer, draws)


def test_new_game_deals_round_one_left_of_the_dealer() -> None:
    game = Game(players=4, seed=11)
    assert game.round.current == (game.dealer + 1) % 4
    assert [len(h) for h in game.round.hands] == [7, 7, 7, 7]
    assert game.scores == [0, 0, 0, 0] and not game.over and game.winner is None
    assert Game(players=4, seed=11).to_dict() == game.to_dict()


def test_s50_game_end_at_200() -> None:
    game = Game.from_position(scores=[180, 120], dealer=1, hands=["R7", "R9 B#"], center_row="B7 Y5",
                              draw_pile="G4 Y8 R1")
    assert game.round.current == 0
    game.round.match(0, "R7")
    game.round.end_turn()
    assert game.round.winner == 0 and game.round.points == 49
    assert game.scores == [229, 120] and game.over and game.winner == 0
    with pytest.raises(IllegalMove, match="R13.3"):
        game.next_round()


@pytest.mark.parametrize("rotation, dealer, first", [("pass_left", 0, 1), ("winner_deals", 2, 3)])
def test_s53_dealer_rotation(rotation: str, dealer: int, first: int) -> None:
    game = Game.from_position(scores=[0, 0, 0, 0], dealer=3, hands=["R9 B3", "Y1 Y5", "R7", "G1 G3"],
                              center_row="B7 Y5", draw_pile="G4 Y8 R1", rules=RuleSet(dealer_rotation=rotation),
                              current=2)
    with pytest.raises(IllegalMove, match="R12.1"):
        game.next_round()
    game.round.match(0, "R7")
    game.round.end_turn()
    assert game.round.winner == 2
    game.next_round()
    assert game.dealer == dealer and game.round.current == first and game.round_number == 2
    assert game.scores[2] == 9 + 3 + 1 + 5 + 1 + 3
    assert game.results == [(2, 22)]


def test_game_plays_to_the_target_and_scores_add_up() -> None:
    game = Game(players=3, seed=5, rules=RuleSet(target_score=120))
    total = 0
    while True:
        finish_round(game)
        total += game.round.points
        assert sum(game.scores) == total
        if game.over:
            break
        game.next_round()
    assert game.winner is not None and game.scores[game.winner] >= 120
    assert sum(1 for s in game.scores if s >= 120) == 1


def test_game_save_round_trip_and_corrupt_saves() -> None:
    game = Game(players=2, seed=3)
    RandomBot(1).play_turn(game.round)
    data = game.to_dict()
    assert Game.from_dict(data).to_dict() == data
    for broken in ({**data, "scores": [1]}, {**data, "dealer": 9}, {k: v for k, v in data.items() if k != "seed"},
                   {**data, "round": {**data["round"], "hands": [["W"] * 13, []]}}, "nonsense"):
        with pytest.raises(InvalidInput):
            Game.from_dict(broken)


def test_game_rejects_bad_arguments() -> None:
    with pytest.raises(InvalidInput):
        Game(players=5)
    with pytest.raises(InvalidInput):
        Game(seed="x")  # type: ignore[arg-type]


def test_game_text_and_html() -> None:
    game = Game(players=2, seed=1)
    assert str(game).startswith("Round 1 · dealer P")
    html = game._repr_html_()
    assert "dos-game" in html and game._repr_html_() == html
    assert isinstance(game.round.hands[0][0], Card) and game.round.phase is Phase.MATCHING
