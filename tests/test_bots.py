"""Bots play complete legal turns, call DOS, catch others, and finish rounds."""

import pytest

from dos_lab import InvalidInput, Phase, Round, RuleSet
from dos_lab.bots import BOTS, Bot, GreedyBot, RandomBot, TacticianBot, flexibility, make_bot, play_round
from dos_lab.cards import parse_cards

from playout import DECK, all_cards


@pytest.mark.parametrize("kind", sorted(BOTS))
@pytest.mark.parametrize("rules", [RuleSet(), RuleSet.preset("family"), RuleSet.preset("polish"),
                                   RuleSet(empty_draw_pile="skip_draw", wild_number_in_center="declared_when_placed")])
def test_each_bot_plays_whole_turns_to_the_end_of_a_round(kind: str, rules: RuleSet) -> None:
    for seed in range(15):
        r = Round.deal(3, seed=seed, rules=rules)
        bots = [make_bot(kind, seed + p) for p in range(3)]
        while not r.over and r.turn < 2000:
            before = r.current
            bots[r.current].play_turn(r)
            assert r.over or r.current != before, "a bot's turn must end"
            assert r.over or r.phase is Phase.MATCHING
            assert all_cards(r) == DECK
        assert r.over


def test_bots_follow_the_protocol() -> None:
    for kind in BOTS:
        assert isinstance(make_bot(kind), Bot)
    with pytest.raises(InvalidInput):
        make_bot("perfect")
    with pytest.raises(InvalidInput):
        RandomBot(catch_reaction=2.0)


def test_careful_bot_calls_dos_when_it_reaches_two_cards() -> None:
    r = Round.from_position(hands=["R7 B3 G9", "Y1 Y5 B8 G4"], center_row="B7 Y5", draw_pile="G4 Y8 R1 B1")
    GreedyBot().play_turn(r)
    assert len(r.hands[0]) == 2 and r.has_called_dos(0) and not r.is_exposed(0)
    assert r.catch_dos(1, 0) is False


def test_forgetful_bot_is_caught_by_a_watchful_one() -> None:
    r = Round.from_position(hands=["R7 B3 G9", "Y1 Y5 B8 G4"], center_row="B7 Y5", draw_pile="G4 Y8 R1 B1 R4")
    GreedyBot(forget_dos=1.0).play_turn(r)
    assert r.is_exposed(0)
    GreedyBot(catch_reaction=1.0).play_turn(r)
    assert len(r.hands[0]) == 4  # caught: two penalty cards


def test_greedy_sheds_the_most_cards() -> None:
    r = Round.from_position(hands=["R3 B4 G7 Y5 G1", "Y1"], center_row="R7 Y5", draw_pile="G4 Y8 R1 B1")
    plan = GreedyBot().choose_matches(r)
    assert sorted(len(m.cards) for m in plan) == [1, 2]  # R3+B4 on R7 and Y5 on Y5 (a bonus too)


def test_tactician_goes_out_when_it_can() -> None:
    r = Round.from_position(hands=["R3 R4 B9", "Y1 G1 B1"], center_row="R7 B5", draw_pile="G4 Y8 R1 B3")
    TacticianBot().play_turn(r)
    assert r.over and r.winner == 0


def test_flexibility_counts_reachable_values() -> None:
    assert flexibility(parse_cards("R1 B1")) == 2  # 1 and 1+1
    assert flexibility(parse_cards("W")) == 1


def test_play_round_has_a_safety_cap() -> None:
    r = Round.deal(2, seed=1)
    assert play_round(r, [RandomBot(1), RandomBot(2)], max_turns=1) is False
    with pytest.raises(InvalidInput):
        play_round(r, [RandomBot(1)])


def _started(phase: str, rules: RuleSet) -> Round:
    """P1's turn, started and left: after one match, after a draw (with and without the match it allows),
    or between two bonus placements (issue 13, case 6)."""
    if phase == "bonus":
        r = Round.from_position(hands=["R7 R3 B3 G9", "Y1 Y5 B8"], center_row="R7 R3", draw_pile="G4 Y8 R1",
                                rules=rules)
        r.match(0, "R7")
        r.match(1, "R3")
        r.end_turn()
        r.place("G9")
        assert r.phase is Phase.BONUS and r.bonuses_owed == 1
        return r
    r = Round.from_position(hands=["R7 B3 G9 Y4", "Y1 Y5 B8"], center_row="B7 Y5 G3", draw_pile="G4 Y8 R1 B1",
                            rules=rules)
    if phase == "matching":
        r.match(0, "R7")
    elif phase == "drew":
        assert r.draw().code == "G4"
    elif phase == "drew-matched":
        r.draw()
        r.match(2, "B3")  # under any_matches: more matches may follow, or end_turn()
    return r


@pytest.mark.parametrize("kind", sorted(BOTS))
@pytest.mark.parametrize("phase", ["matching", "drew", "drew-matched", "bonus"])
def test_a_bot_finishes_a_turn_that_was_started(kind: str, phase: str) -> None:
    rules = RuleSet(after_draw_matching="any_matches") if phase == "drew-matched" else RuleSet()
    r = _started(phase, rules)
    matched_before, cards = len(r.matches_this_turn), all_cards(r)
    make_bot(kind, 1).play_turn(r)
    assert r.over or (r.current == 1 and r.phase is Phase.MATCHING and r.turn == 2)
    assert all_cards(r) == cards
    if phase == "matching":  # the match made stays made: B7 and R7 are discarded
        assert [c.code for c in r.discard_pile[:2]] == ["B7", "R7"] and matched_before == 1
    if phase == "bonus":
        assert r.over and r.winner == 0  # the last card goes as the owed bonus


def test_the_issue_position_mid_matching() -> None:
    """The exact position of issue 13 (case 6): every bot ends the turn instead of trying to draw."""
    for kind in BOTS:
        r = Round.from_position(hands=["R7 B3 G9", "Y1 Y5 B8"], center_row="B7 Y5", draw_pile="G4 Y8 R1")
        r.match(0, "R7")
        make_bot(kind).play_turn(r)
        assert [c.code for c in r.hands[0]] == ["B3", "G9"] and r.current == 1
        assert [c.code for c in r.center_row] == ["Y5", "G4"] and r.has_called_dos(0)
