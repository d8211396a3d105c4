"""The engine's move type: text and JSON that round-trip, a complete list of legal moves, and checked play.

The properties run random games under random rule mixes (``tests/playout.py``) and, at every moment, compare
``Round.legal_moves`` with every move that can be written down for that table: each listed move applies, each
move that applies is listed, and a move read back from its text or its JSON plays exactly as the original.
"""

from __future__ import annotations

import itertools
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dos_lab import DosError, IllegalMove, InvalidInput, Move, Round
from dos_lab.moves import CallDos, Catch, Draw, EndTurn, Place, PlayMatch

from playout import random_rules

FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def candidates(r: Round) -> list[Move]:
    """Every move that can be written down for this table now, legal or not."""
    found: list[Move] = []
    for player in range(r.players):
        hand = list(dict.fromkeys(c.code for c in r.hand(player)))
        pairs = [(a, b) for a, b in itertools.combinations_with_replacement(hand, 2)
                 if a != b or sum(c.code == a for c in r.hand(player)) >= 2]
        for call in (False, True):
            for target in range(len(r.center_row)):
                found += [PlayMatch(player, target, (code,), call_dos=call) for code in hand]
                found += [PlayMatch(player, target, pair, call_dos=call) for pair in pairs]
            found += [Draw(player, call), EndTurn(player, call)] + [Place(player, code, call) for code in hand]
        found.append(CallDos(player))
        found += [Catch(player, other) for other in range(r.players) if other != player]
    return found


def sameness(move: Move) -> tuple[object, ...]:
    """What identifies a move apart from the declarations the engine fills in for undeclared wild cards."""
    if isinstance(move, PlayMatch):
        return ("match", move.player, move.target, tuple(sorted(p.card.code for p in move.cards)), move.call_dos)
    return (str(move),)


def applies(r: Round, move: Move) -> bool:
    twin = r.copy()
    try:
        twin.apply(move)
    except DosError:
        assert twin.to_dict() == r.to_dict(), f"{move} was refused but changed the round"
        return False
    return True


def random_moment(seed: int, rules_seed: int, players: int) -> tuple[Round, random.Random]:
    rng = random.Random(seed)
    r = Round.deal(players, seed=seed, dealer=seed % players, rules=random_rules(random.Random(rules_seed)))
    return r, rng


@FAST
@given(seed=st.integers(0, 2**31), rules_seed=st.integers(0, 2**31), players=st.integers(2, 4))
def test_listed_moves_are_exactly_the_moves_that_apply(seed: int, rules_seed: int, players: int) -> None:
    r, rng = random_moment(seed, rules_seed, players)
    for _ in range(60):
        if r.over:
            assert all(r.legal_moves(p) == [] for p in range(r.players))
            break
        listed = {p: r.legal_moves(p) for p in range(r.players)}
        assert listed[r.current] == r.legal_moves()
        for player, moves in listed.items():
            assert all(m.player == player for m in moves)
            assert len(set(moves)) == len(moves), "a move is listed twice"
            for move in moves:
                assert applies(r, move), f"{move} is listed but refused"
        keys = {sameness(m) for moves in listed.values() for m in moves}
        for move in candidates(r):
            if applies(r, move):
                assert sameness(move) in keys, f"{move} applies but is not listed"
        everyone = [m for moves in listed.values() for m in moves]
        r.apply(rng.choice(everyone))


@FAST
@given(seed=st.integers(0, 2**31), rules_seed=st.integers(0, 2**31), players=st.integers(2, 4))
def test_a_move_read_back_plays_exactly_as_the_original(seed: int, rules_seed: int, players: int) -> None:
    r, rng = random_moment(seed, rules_seed, players)
    for _ in range(120):
        if r.over:
            break
        move = rng.choice([m for p in range(r.players) for m in r.legal_moves(p)])
        text, data = str(move), json.loads(json.dumps(move.to_dict()))
        assert Move.parse(text) == move and Move.from_dict(data) == move
        by_text, by_json = r.copy(), r.copy()
        r.apply(move)
        by_text.apply(Move.parse(text))
        by_json.apply(Move.from_dict(data))
        assert by_text.to_dict() == r.to_dict() == by_json.to_dict()


def test_a_move_for_the_wrong_player_or_out_of_turn_is_refused_and_changes_nothing() -> None:
    r = Round.from_position(hands=["R7 B3 G4", "Y1 Y5 B8"], center_row="B7 Y5", draw_pile="G9 R1")
    before = r.to_dict()
    refusals = {
        "P2: draw": "it is P1's turn, so P2 cannot draw now (R3)",
        "P2: match 1 Y5": "it is P1's turn, so P2 cannot match now (R3)",
        "P1: call DOS": "P1 holds 3 cards: DOS! counts only with exactly two (R11.3)",
        "P2: catch P1": "P1 holds 3 cards: only a player with exactly two cards can be caught (R11.1)",
        "P1: catch P1": "P1 cannot catch themselves; only another player can (R11.2)",
        "P1: draw + call DOS": "a DOS call with this move would not count: P1 would hold 4 cards, and DOS! counts "
                               "only with exactly two (R11.3)",
        "P1: match 0 R7 B3": "R7+B3 adds up to 10, but B7 needs 7 (R4.2)",
        "P1: match 1 Y5": "P1 has no Y5 in hand (hand: R7 B3 G4) (R4.1)",
        "P1: match 0 B3 Y4": "P1 has no Y4 in hand (hand: R7 B3 G4) (R4.2)",
        "P1: match 0 G4 G4": "G4+G4 needs 2 G4, but P1 holds 1 (hand: R7 B3 G4) (R4.2)",
        "P1: place R7": "P1 cannot put a card into the Center Row now: a card is placed only after drawing without "
                        "a match (R7.3) or as a colour-match bonus (R6, R8 E3) (R3.3)",
    }
    for text, message in refusals.items():
        with pytest.raises(IllegalMove) as refused:
            r.apply(Move.parse(text))
        assert str(refused.value) == message
        assert r.to_dict() == before
    with pytest.raises(IllegalMove, match="no player .* at this table"):  # a NotThere: malformed and not legal alike
        r.apply(Move.parse("P3: draw"))
    assert r.to_dict() == before


def test_a_dos_call_and_a_catch_may_come_from_another_player() -> None:
    r = Round.from_position(hands=["R7 B3 G4", "Y1 Y5"], center_row="B7 Y5", draw_pile="G9 R1")
    assert r.can_catch(0, 1) and not r.can_call_dos(0) and r.can_call_dos(1)
    assert [str(m) for m in r.legal_moves(1)] == ["P2: call DOS"]
    assert "P1: catch P2" in [str(m) for m in r.legal_moves()]
    assert r.apply(Move.parse("P2: call DOS")) is True
    assert not r.can_call_dos(1) and not r.can_catch(0, 1)
    with pytest.raises(IllegalMove, match=r"P2 has already called DOS \(R11.1\)"):
        r.apply(CallDos(1))


def test_text_and_json_of_every_kind() -> None:
    moves = {
        "P1: match 1 R#=4 R3 as 7": {"move": "match", "player": 0, "target": 1, "cards": ["R#=4", "R3"],
                                     "target_as": 7},
        "P2: match W B1 B1 as B + call DOS": {"move": "match", "player": 1, "target": "W", "cards": ["B1", "B1"],
                                              "target_as": "B", "call_dos": True},
        "P3: draw": {"move": "draw", "player": 2},
        "P1: place G#=5": {"move": "place", "player": 0, "card": "G#=5"},
        "P4: end turn + call DOS": {"move": "end turn", "player": 3, "call_dos": True},
        "P2: call DOS": {"move": "call DOS", "player": 1},
        "P3: catch P1": {"move": "catch", "player": 2, "target": 0},
    }
    for text, data in moves.items():
        move = Move.parse(text)
        assert str(move) == text and move.to_dict() == data and Move.from_dict(data) == move
    assert Move.parse("call P2") == CallDos(1) and Move.parse("catch P2 P1") == Catch(1, 0)
    assert Move.parse("match 0 r7", player=2) == PlayMatch(2, 0, ("R7",))


@pytest.mark.parametrize("bad", [
    None, [], {"move": "fly", "player": 0}, {"move": "draw"}, {"move": "draw", "player": 4},
    {"move": "draw", "player": True}, {"move": "draw", "player": 0, "extra": 1}, {"move": "draw", "player": 10**5000},
    {"move": "match", "player": 0, "target": 0}, {"move": "match", "player": 0, "target": 0, "cards": "R7"},
    {"move": "match", "player": 0, "target": -1, "cards": ["R7"]}, {"move": "match", "player": 0, "target": 0,
                                                                    "cards": ["R2"]},
    {"move": "place", "player": 0}, {"move": "catch", "player": 0}, {"move": "draw", "player": 0, "call_dos": 1},
    {"move": "match", "player": 0, "target": 0, "cards": ["R7"], "target_as": 10**5000},
])
def test_a_malformed_move_is_refused_with_a_message(bad: object) -> None:
    with pytest.raises(InvalidInput) as refused:
        Move.from_dict(bad)
    assert len(str(refused.value)) < 200


@pytest.mark.parametrize("bad", ["", "P1:", "P1: jump", "P5: draw", "P1: draw P2", "P1: call P2", "draw",
                                 "P1: place", "P1: match", "P1: match 0 R7 as purple", "P1: draw + call"])
def test_malformed_text_is_refused(bad: str) -> None:
    with pytest.raises(InvalidInput):
        Move.parse(bad)
