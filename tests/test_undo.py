"""Undo records (issue 12): each action keeps what it may change, and undo restores the round exactly."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dos_lab import IllegalMove, Round, full_deck
from dos_lab.state import _RECORDED, RoundState, UndoRecord

from playout import DECK, all_cards, random_rules, step

FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def staged_short_piles(seed: int, rules_seed: int) -> Round:
    """Three players, a draw pile of a few cards and the rest discarded: reshuffles come soon (R14.1)."""
    deck = list(full_deck())
    random.Random(seed).shuffle(deck)
    hands = [deck[0:5], deck[5:10], deck[10:15]]
    return Round.from_position(hands=hands, center_row=deck[15:17], draw_pile=deck[17:21], discard_pile=deck[21:],
                               seed=seed, rules=random_rules(random.Random(rules_seed)))


def play_and_check_undo(r: Round, rng: random.Random, steps: int) -> list[dict[str, object]]:
    """Random actions; after each one that changed the round, undo it (to_dict exactly as before),
    then play it again (the same round as the first time). Returns the states before each change."""
    changes: list[dict[str, object]] = []
    for _ in range(steps):
        if r.over:
            break
        before = r.to_dict()
        rng_state = rng.getstate()
        step(r, rng)
        after = r.to_dict()
        if after == before:
            continue
        r.undo()
        assert r.to_dict() == before
        rng.setstate(rng_state)
        step(r, rng)
        assert r.to_dict() == after
        assert all_cards(r) == DECK
        changes.append(before)
    return changes


@FAST
@given(seed=st.integers(0, 2**31), rules_seed=st.integers(0, 2**31), staged=st.booleans())
def test_undo_after_each_action_restores_the_save_exactly(seed: int, rules_seed: int, staged: bool) -> None:
    rng = random.Random(seed)
    r = (staged_short_piles(seed, rules_seed) if staged
         else Round.deal(3, seed=seed, rules=random_rules(random.Random(rules_seed))))
    changes = play_and_check_undo(r, rng, 150)
    # refused actions and actions that changed nothing left no record: undoing walks back change by change
    for before in reversed(changes):
        assert r.can_undo
        r.undo()
        assert r.to_dict() == before
    assert not r.can_undo


@FAST
@given(seed=st.integers(0, 2**31), rules_seed=st.integers(0, 2**31))
def test_a_copy_shares_the_history_but_undoes_on_its_own(seed: int, rules_seed: int) -> None:
    rng = random.Random(seed)
    r = staged_short_piles(seed, rules_seed)
    changes = play_and_check_undo(r, rng, 60)
    twin = r.copy()
    saved = r.to_dict()
    for before in reversed(changes):
        twin.undo()
        assert twin.to_dict() == before
    assert r.to_dict() == saved
    if changes:
        r.undo()
        assert r.to_dict() == changes[-1]


def test_undo_takes_back_a_reshuffle() -> None:
    r = Round.from_position(hands=["R1 B4 G3", "Y4 Y5 B6"], center_row="G9 B9", draw_pile="R8",
                            discard_pile="R5 R3 R4 B7 G7")
    r.draw()  # the last card of the draw pile
    r.place("R1")
    before = r.to_dict()
    r.draw()  # the draw pile is empty: the discards are reshuffled (R14.1)
    assert r.to_dict()["reshuffles"] == 1
    r.undo()
    assert r.to_dict() == before
    r.draw()
    assert r.to_dict()["reshuffles"] == 1


def test_refused_actions_and_calls_without_effect_leave_no_record() -> None:
    r = Round.from_position(hands=["R7 B3", "Y1 Y5 B8"], center_row="B7 Y5", draw_pile="G4 Y8")
    assert not r.can_undo
    with pytest.raises(IllegalMove):
        r.match(1, "B3")
    assert r.call_dos(1) is False
    assert r.catch_dos(1, 0) is True  # P1 holds two cards and has not called: exposed at the start (RP0)
    assert r.can_undo
    r.undo()
    assert not r.can_undo
    with pytest.raises(IllegalMove, match="nothing to undo"):
        r.undo()


def test_every_recorded_field_is_restored() -> None:
    """The record copies each field written out by hand: a field it forgets or mixes up fails here."""
    state = RoundState([[], []], [], [], [], [], 0, dos_called=[False] * 2, dos_exposed=[False] * 2,
                       dos_lapsed=[False] * 2, dos_caught=[False] * 2)
    for name in _RECORDED:
        original = getattr(state, name)
        record = UndoRecord(state)
        setattr(state, name, ["changed"] if isinstance(original, list) else object())
        record.restore(state)
        assert getattr(state, name) == original, name
