"""The hot path's shortcuts agree with the plain answers (issue 12)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dos_lab import Round
from dos_lab.bots import RandomBot, flexibility
from dos_lab.engine.match_options import list_matches

from playout import random_rules, step

FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(seed=st.integers(0, 2**31), rules_seed=st.integers(0, 2**31))
def test_the_kept_list_of_legal_matches_is_the_list_made_anew(seed: int, rules_seed: int) -> None:
    """legal_matches() is kept until the next action and worked out from the list before a match;
    at every moment it equals the list computed from scratch (order included)."""
    rng = random.Random(seed)
    r = Round.deal(2 + seed % 3, seed=seed, rules=random_rules(random.Random(rules_seed)))
    bot = RandomBot(seed)
    for _ in range(200):
        if r.over:
            break
        if rng.random() < 0.5:
            bot.play_turn(r)  # several matches in a row, each chosen from the kept list
        elif step(r, rng) and rng.random() < 0.3 and r.can_undo:
            r.undo()
        assert r.legal_matches() == list_matches(r._s, r.rules)
        listed = r.legal_matches()
        listed.clear()  # the caller's list is a copy
        assert r.legal_matches() == list_matches(r._s, r.rules)


def test_a_pair_of_alike_cards_lists_the_matches_anew() -> None:
    r = Round.from_position(hands=["R3 B4 R3 G7 B4", "Y1"], center_row="R6 G7 B10", draw_pile="Y5")
    r.legal_matches()
    r.match(0, "R3", "R3")
    assert r.legal_matches() == list_matches(r._s, r.rules)
    r.match(1, "G7")
    assert r.legal_matches() == list_matches(r._s, r.rules) == []


def test_flexibility_counts_the_values_one_or_two_cards_make() -> None:
    from dos_lab.cards import parse_cards

    assert flexibility(parse_cards("R3 B4")) == 3  # 3, 4, 7
    assert flexibility(parse_cards("W W")) == 2  # 2 and 4
    assert flexibility(parse_cards("R9 B8")) == 2  # 17 is no row value
    assert flexibility(parse_cards("R# G1")) == 10
    assert flexibility([]) == 0
