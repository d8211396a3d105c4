"""When a player becomes exposed to a DOS catch, and what a catch does (R11.4 clarified; issue 13, cases 1–3).

Each case is a staged position followed by the actions, and the exact hands, piles, return values and log
afterwards. A Hypothesis property then checks the two rules on random positions under every option.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dos_lab import DosError, Phase, Round, RuleSet, full_deck
from dos_lab.events import (
    BonusPlaced,
    Discarded,
    DosCaught,
    Matched,
    OpponentDrew,
    PenaltyDrawn,
    Refilled,
    RoundStarted,
    TurnPassed,
    TurnStarted,
)
from dos_lab.matching import Bonus
from dos_lab.rules import AfterDraw, DosCheckpoints

from helpers import assert_state, cards
from playout import all_cards, random_rules


def _c(codes: str) -> tuple[Any, ...]:
    return tuple(cards(codes))


# ----------------------------------------------------------------- case 1: RP7 is about the player who drew


def test_an_out_of_turn_penalty_draw_does_not_expose_the_active_player_mid_matching() -> None:
    r = Round.from_position(hands=["R7 B3 G9", "Y1 Y5"], center_row="B7 Y4", draw_pile="G4 Y8 R1 B1 R3 G6",
                            current=0)
    r.match(0, "R7")  # P1 holds B3 G9; the matching phase is still open
    assert r.catch_dos(0, 1) is True  # P2 was exposed at the staged rest point: draws 2 at once (R11.1)
    assert not r.is_exposed(0)
    assert r.catch_dos(1, 0) is False  # P1 is mid-matching: not a rest point for P1 (R11.4)
    r.end_turn()
    assert_state(r, hands={0: "B3 G9", 1: "Y1 Y5 G4 Y8"}, center_row="Y4 R1", draw_pile="B1 R3 G6",
                 discard_pile="B7 R7", current=1, phase=Phase.MATCHING)
    assert r.log[2:] == [
        Matched(0, 0, cards("B7")[0], None, ("R7",), None),
        DosCaught(0, 1, False),
        PenaltyDrawn(1, _c("G4 Y8"), False),
        Discarded(_c("B7 R7"), _c("Y4")),
        Refilled(_c("R1"), _c("Y4 R1")),
        TurnPassed(0, 1, 2),
        TurnStarted(1, 2),
    ]
    assert r.is_exposed(0)  # RP1 came with end_turn(): now P1 can be caught, at once (not P1's turn)
    assert r.catch_dos(1, 0) is True
    assert_state(r, hands={0: "B3 G9 B1 R3"}, draw_pile="G6")


def test_the_same_catch_is_refused_without_the_other_penalty_too() -> None:
    r = Round.from_position(hands=["R7 B3 G9", "Y1 Y5"], center_row="B7 Y4", draw_pile="G4 Y8 R1 B1 R3 G6",
                            current=0)
    r.match(0, "R7")
    before = r.to_dict()
    assert r.catch_dos(1, 0) is False
    assert r.to_dict() == before


def test_an_out_of_turn_penalty_draw_does_not_expose_the_active_player_between_bonus_placements() -> None:
    r = Round.from_position(hands=["R7 G6 Y1 B9 B3", "Y3 Y5"], center_row="R7 G6 Y3",
                            draw_pile="B10 R4 Y8 R1 B1", current=0)
    r.match(0, "R7")
    r.match(1, "G6")
    r.end_turn()
    assert (r.phase, r.bonuses_owed) == (Phase.BONUS, 2)
    r.place("B3")  # P1 holds B9 Y1, one bonus still owed: not a rest point (RP4 comes after all of them)
    assert not r.is_exposed(0)
    assert r.catch_dos(0, 1) is True
    assert not r.is_exposed(0) and r.catch_dos(1, 0) is False
    r.place("Y1")
    assert_state(r, hands={0: "B9", 1: "Y3 Y5 R4 Y8"}, center_row="Y3 B10 B3 Y1", draw_pile="R1 B1", current=1)
    assert [type(e) for e in r.log[-5:]] == [DosCaught, PenaltyDrawn, BonusPlaced, TurnPassed, TurnStarted]


def test_under_any_matches_the_post_draw_rest_point_is_end_turn() -> None:
    r = Round.from_position(hands=["R3 G6 B1 Y9", "Y1 Y5"], center_row="Y3 B6 G9", draw_pile="G10 R4 Y8 R1",
                            current=0, rules=RuleSet(after_draw_matching="any_matches"))
    assert r.draw().code == "G10"
    r.match(0, "R3")
    r.match(1, "G6")
    r.match(2, "Y9")  # P1 holds B1 G10: two cards, the post-draw matches are still open
    assert r.catch_dos(0, 1) is True  # P2 (exposed at the staged rest point) draws R4 Y8 at once
    assert not r.is_exposed(0) and r.catch_dos(1, 0) is False
    r.end_turn()  # RP3: now P1 is exposed
    assert r.is_exposed(0)
    assert_state(r, hands={0: "B1 G10", 1: "Y1 Y5 R4 Y8"}, current=1)


# ----------------------------------------------------------------- case 2: a catch ends the exposure it punished


def test_a_caught_player_is_not_caught_again_while_holding_the_same_two_cards() -> None:
    r = Round.from_position(hands=["B1 W", "Y# B6"], center_row="R3 G9", draw_pile="Y5 Y1 R1 B4 G5 G6",
                            current=0)
    assert r.catch_dos(1, 0) is True  # P1's penalty waits for the end of P1's turn (E5)
    assert r.catch_dos(0, 1) is True  # P2 draws 2 at once
    before = r.to_dict()
    assert r.catch_dos(1, 0) is False  # P1 already owes the penalty (R11.2, R11.4)
    assert r.to_dict() == before
    assert r.log[2:] == [DosCaught(1, 0, True), DosCaught(0, 1, False), PenaltyDrawn(1, _c("Y5 Y1"), False)]
    assert_state(r, hands={0: "B1 W", 1: "Y# B6 Y5 Y1"}, draw_pile="R1 B4 G5 G6")


def test_with_empty_piles_a_catch_imposes_once() -> None:
    r = Round.from_position(hands=["G5 R9 B8", "B5 B3"], center_row="R3 G9")
    assert [r.catch_dos(0, 1) for _ in range(3)] == [True, False, False]
    assert r.log[2:] == [DosCaught(0, 1, False), PenaltyDrawn(1, (), False)]
    assert_state(r, hands={1: "B5 B3"}, draw_pile="", discard_pile="")
    assert not r.is_exposed(1)


def test_a_player_who_owes_the_penalty_is_not_caught_again_in_the_same_turn() -> None:
    r = Round.from_position(hands=["G10 R9", "Y1 Y5 B8"], center_row="Y3 G4", draw_pile="B4 Y8 R1 B1 G6")
    assert r.catch_dos(1, 0) is True  # exposed at the staged rest point; the penalty waits for E5
    r.draw()  # B4: three cards
    r.match(1, "B4")  # back at two cards (G10 R9), and RP3 comes with this match
    assert not r.is_exposed(0)
    assert r.verify_catch(1, 0) == ("P1 was already caught and owes the penalty; a missed call is punished once "
                                    "(R11.2, R11.4)")
    before = r.to_dict()
    assert r.catch_dos(1, 0) is False and r.to_dict() == before
    r.end_turn()
    assert_state(r, hands={0: "G10 R9 R1 B1"}, center_row="Y3 Y8", current=1)
    assert [type(e) for e in r.log].count(DosCaught) == 1 and [type(e) for e in r.log].count(PenaltyDrawn) == 1


def test_a_caught_player_is_exposed_anew_after_leaving_two_cards_and_coming_back() -> None:
    r = Round.from_position(hands=["R7 B3 G9", "Y1 R4"], center_row="B7 Y4", draw_pile="G4 Y8 R1 B1 R3 G6",
                            current=1)
    assert r.catch_dos(0, 1) is True  # deferred: P2 is on turn
    assert r.catch_dos(0, 1) is False
    r.match(1, "R4")  # P2 holds Y1; E5 then brings them to three
    r.end_turn()
    assert_state(r, hands={1: "Y1 Y8 R1"}, center_row="B7 G4", current=0)
    assert [type(e) for e in r.log[-4:]] == [Refilled, PenaltyDrawn, TurnPassed, TurnStarted]
    r.match(0, "R7")
    assert r.call_dos(0) is True
    r.end_turn()
    r.match(1, "Y1")  # P2 is back at two cards (Y8 R1), without a call
    r.end_turn()
    assert_state(r, hands={1: "Y8 R1"}, center_row="G4 R3", current=0)
    assert r.is_exposed(1) and r.catch_dos(0, 1) is True
    assert len(r.hands[1]) == 4


# ----------------------------------------------------------------- case 3: the re-flip and skipped draws


def test_the_reflip_keeps_a_wild_that_nothing_can_replace_under_skip_draw() -> None:
    rules = RuleSet(empty_draw_pile="skip_draw", reflip_wilds_in_initial_center=True)
    r = Round.from_position(hands=["R# B3", "Y10 B4"], center_row="G6 Y7", draw_pile="W", discard_pile="R9",
                            current=0, rules=rules)
    r.match(1, "R#=7")
    r.end_turn()
    assert_state(r, hands={0: "B3", 1: "Y10 B4"}, center_row="G6 W", draw_pile="", discard_pile="R9 Y7 R#",
                 current=1)
    assert r.log[-4:] == [Discarded(_c("Y7 R#"), _c("G6")), Refilled(_c("W"), _c("G6 W")), TurnPassed(0, 1, 1),
                          TurnStarted(1, 2)]


def test_the_reflip_still_replaces_the_wild_when_the_discards_can_be_reshuffled() -> None:
    rules = RuleSet(reflip_wilds_in_initial_center=True)
    r = Round.from_position(hands=["R# B3", "Y10 B4"], center_row="G6 Y7", draw_pile="W", discard_pile="R9",
                            current=0, rules=rules, seed=3)
    r.match(1, "R#=7")
    r.end_turn()
    row = r.center_row
    assert len(row) == 2 and row[0].code == "G6" and not row[1].is_wild


def test_a_skipped_double_colour_match_draw_does_not_expose_that_opponent() -> None:
    rules = RuleSet(empty_draw_pile="skip_draw", dos_checkpoints="end_of_own_turn")
    r = Round.from_position(hands=["R3 R4 B9 Y6", "G1 B5"], center_row="R7 Y5", draw_pile="G4", current=0,
                            rules=rules)
    assert not r.is_exposed(1)
    assert r.match(0, "R3", "R4").bonus is Bonus.DOUBLE_COLOUR
    r.end_turn()
    r.place("B9")
    assert_state(r, hands={0: "Y6", 1: "G1 B5"}, center_row="Y5 G4 B9", draw_pile="", current=1)
    assert not any(isinstance(e, OpponentDrew) for e in r.log)
    assert not r.is_exposed(1) and r.catch_dos(0, 1) is False


def test_a_double_colour_match_draw_that_happens_exposes_under_end_of_own_turn() -> None:
    rules = RuleSet(dos_checkpoints="end_of_own_turn")
    r = Round.from_position(hands=["R3 R4 B9 Y6", "G1"], center_row="R7 Y5", draw_pile="G4 B6", current=0,
                            rules=rules)
    r.match(0, "R3", "R4")
    r.end_turn()
    r.place("B9")
    assert_state(r, hands={1: "G1 B6"}, current=1)
    assert r.is_exposed(1)


# ----------------------------------------------------------------- the property


def _positions(seed: int) -> Round:
    """A small random position where hands of two cards are common: a dealt round with small hands, or a
    staged one with short piles (so skipped draws and empty piles happen too)."""
    rng = random.Random(seed)
    base = random_rules(rng)
    mode = rng.choice([DosCheckpoints.REST_POINTS, DosCheckpoints.END_OF_OWN_TURN])
    rules = RuleSet(**{**base.to_dict(), "dos_checkpoints": mode.value, "hand_size": rng.choice([3, 4, 7]),
                       "dos_penalty": rng.choice([0, 1, 2, 2])})
    players = rng.randrange(2, 5)
    if rng.random() < 0.5:
        return Round.deal(players, seed=seed, dealer=seed % players, rules=rules, history=False)
    deck = full_deck()
    rng.shuffle(deck)
    hands = [[deck.pop() for _ in range(rng.randrange(1, 5))] for _ in range(players)]
    return Round.from_position(hands=hands, center_row=[deck.pop() for _ in range(rng.randrange(2, 4))],
                               draw_pile=[deck.pop() for _ in range(rng.randrange(0, 10))],
                               discard_pile=[deck.pop() for _ in range(rng.randrange(0, 6))],
                               current=rng.randrange(players), rules=rules, seed=seed, history=False)


def _open(r: Round) -> bool:
    """True while the current player is in an open matching or bonus phase (no rest point yet)."""
    if r.phase in (Phase.MATCHING, Phase.BONUS):
        return True
    return (r.phase is Phase.DREW and r.rules.after_draw_matching is AfterDraw.ANY_MATCHES
            and bool(r.matches_this_turn))


def _exposed(r: Round) -> list[bool]:
    return [r.is_exposed(p) for p in range(r.players)]


def _act(r: Round, rng: random.Random) -> tuple[str, Any]:
    """One random action, legal most of the time; returns what was done and what it returned."""
    choice = rng.random()
    me = r.current
    if choice < 0.3:
        caller, target = rng.sample(range(r.players), 2)
        return "catch", (caller, target, r.catch_dos(caller, target))
    if choice < 0.4:
        return "call", r.call_dos(rng.randrange(r.players))
    if choice < 0.65:
        options = r.legal_matches()
        if options:
            m = rng.choice(options)
            return "match", r.match(m.target, *m.cards, target_as=m.target_as)
    if choice < 0.75 and r.can_draw():
        return "draw", r.draw()
    if r.can_place() and (choice < 0.9 or not r.can_end_turn()):
        return "place", r.place(rng.choice(r.hands[me]))
    if r.can_end_turn():
        return "end", r.end_turn()
    if r.can_draw():
        return "draw", r.draw()
    return "none", None


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31))
def test_exposure_waits_for_rest_points_and_a_catch_is_true_exactly_when_it_imposes(seed: int) -> None:
    rng = random.Random(seed)
    r = _positions(seed)
    start = all_cards(r)
    for _ in range(300):
        if r.over:
            break
        me, turn, phase, exposed, log_size = r.current, r.turn, r.phase, _exposed(r), len(r.log)
        before = r.to_dict()
        try:
            what, result = _act(r, rng)
        except DosError:
            assert r.to_dict() == before
            continue
        new = r.log[log_size:]
        caught = [e for e in new if isinstance(e, DosCaught)]
        if what == "catch":
            caller, target, imposed = result
            if imposed:
                assert caught == [DosCaught(caller, target, target == me)]
                assert target != me or not before["penalty_pending"], "a second penalty in one turn was promised"
                after = r.to_dict()
                drew = [e for e in new if isinstance(e, PenaltyDrawn) and e.player == target]
                assert after["penalty_pending"] if target == me else len(drew) == 1
                assert r.catch_dos(caller, target) is False, "caught twice for one exposure"
                assert r.to_dict() == after
            else:
                assert caught == [] and r.to_dict() == before, "a catch that imposes nothing changed the round"
        else:
            assert caught == []
        # a player's exposure never begins while that player is in their open matching or bonus phase
        # (end_turn() closing the matching phase is RP1, even when a bonus phase follows)
        if not r.over and r.current == me and r.turn == turn and r.phase is phase and _open(r):
            assert not (r.is_exposed(me) and not exposed[me]), (what, result, r.log[log_size:])
        assert all_cards(r) == start


def test_the_property_sees_catches() -> None:
    """The driver above is not vacuous: it makes catches that impose, and refused ones."""
    imposed = refused = 0
    for seed in range(60):
        rng = random.Random(seed)
        r = _positions(seed)
        for _ in range(200):
            if r.over:
                break
            try:
                what, result = _act(r, rng)
            except DosError:
                continue
            if what == "catch":
                imposed += result[2]
                refused += not result[2]
    assert imposed > 20 and refused > 100


def test_rest_point_rounds_include_every_players_rest_points() -> None:
    """The staged position itself is a rest point (RP0): two cards without a call are exposed."""
    r = Round.from_position(hands=["R7 B3", "Y1 Y5", "G4"], center_row="B7 Y4", draw_pile="G6")
    assert _exposed(r) == [True, True, False]
    assert isinstance(r.log[0], RoundStarted)
