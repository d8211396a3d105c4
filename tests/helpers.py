"""Shared helpers for the rule tests (RULES.md §5 scenarios and rule edges).

Conventions used by every test:

* hands are compared as multisets (the order of cards in a hand has no rules meaning);
* the Center Row, the draw pile (top first) and the discard pile (bottom first) are compared in order;
* an illegal action must raise ``IllegalMove`` naming the rule and leave ``round.to_dict()`` unchanged.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

import pytest

from dos_lab import Card, IllegalMove, Round, RuleSet, parse_cards

_UNSET: Any = object()


def cards(codes: str | Iterable[str | Card] | None) -> list[Card]:
    """A list of cards from codes, e.g. ``cards("R7 B3")``."""
    return parse_cards(codes)


def make_round(hands: list[str], center_row: str, draw_pile: str = "", discard_pile: str = "",
               current: int = 0, seed: int = 0, **options: Any) -> Round:
    """A staged round with the given rule options (defaults otherwise)."""
    return Round.from_position(hands=list(hands), center_row=center_row, draw_pile=draw_pile,
                               discard_pile=discard_pile, current=current, rules=RuleSet(**options), seed=seed)


def codes(seq: Iterable[Card]) -> list[str]:
    return [str(c) for c in seq]


def hand_of(r: Round, player: int) -> list[Card]:
    return list(r.hands[player])


def same_cards(actual: Iterable[Card], expected: str | Iterable[str | Card]) -> bool:
    return Counter(codes(actual)) == Counter(codes(cards(expected)))


def assert_hand(r: Round, player: int, expected: str) -> None:
    actual = sorted(codes(hand_of(r, player)))
    assert actual == sorted(codes(cards(expected))), f"P{player + 1} hand {actual} != {expected!r}"


def all_cards(r: Round) -> Counter[str]:
    """Every card in the round: hands, Center Row, draw pile, discard pile."""
    total: Counter[str] = Counter()
    for h in r.hands:
        total.update(codes(h))
    total.update(codes(r.center_row))
    total.update(codes(r.draw_pile))
    total.update(codes(r.discard_pile))
    return total


def assert_state(r: Round, *, hands: dict[int, str] | None = None, center_row: str | None = None,
                 draw_pile: str | None = None, discard_pile: str | None = None, phase: Any = _UNSET,
                 current: Any = _UNSET, bonuses_owed: Any = _UNSET, winner: Any = _UNSET,
                 points: Any = _UNSET, hand_sizes: dict[int, int] | None = None) -> None:
    """Assert the given parts of the round's state (only those passed)."""
    for player, expected in (hands or {}).items():
        assert_hand(r, player, expected)
    for player, size in (hand_sizes or {}).items():
        assert len(r.hands[player]) == size, f"P{player + 1} holds {codes(r.hands[player])}, expected {size} cards"
    if center_row is not None:
        assert codes(r.center_row) == codes(cards(center_row)), "center row"
    if draw_pile is not None:
        assert codes(r.draw_pile) == codes(cards(draw_pile)), "draw pile (top first)"
    if discard_pile is not None:
        assert codes(r.discard_pile) == codes(cards(discard_pile)), "discard pile (bottom first)"
    if phase is not _UNSET:
        assert r.phase == phase, f"phase {r.phase!r} != {phase!r}"
    if current is not _UNSET:
        assert r.current == current, f"current {r.current} != {current}"
    if bonuses_owed is not _UNSET:
        assert r.bonuses_owed == bonuses_owed, f"bonuses_owed {r.bonuses_owed} != {bonuses_owed}"
    if winner is not _UNSET:
        assert r.winner == winner, f"winner {r.winner} != {winner}"
    if points is not _UNSET:
        assert r.points == points, f"points {r.points} != {points}"


def assert_illegal(r: Round, action: Callable[[], Any], *rules: str, exc: type[Exception] = IllegalMove) -> str:
    """``action()`` must raise ``exc`` whose message names one of ``rules``; the round must be unchanged."""
    before = r.to_dict()
    with pytest.raises(exc) as info:
        action()
    message = str(info.value)
    if rules:
        pattern = "|".join(re.escape(rule) + r"(?![0-9])" for rule in rules)
        assert re.search(pattern, message), f"message {message!r} names none of {rules}"
    assert r.to_dict() == before, "a refused action changed the round"
    return message


def bare(code: str) -> str:
    """A card code without its declaration: ``"R#=4"`` -> ``"R#"``."""
    return code.split("=")[0].strip().upper()


#: every rule option's classic value, as RULES.md §3 gives it (and `RuleSet().to_dict()` must)
RULE_DEFAULTS: dict[str, object] = {
    "after_draw_matching": "drawn_card_only",
    "bonus_placement": "mandatory",
    "wild_number_in_center": "matcher_declares",
    "dos_checkpoints": "rest_points",
    "dos_catch_window": "until_hand_size_changes",
    "penalty_vs_going_out": "penalty_first",
    "empty_draw_pile": "reshuffle_discards",
    "dealer_rotation": "pass_left",
    "reflip_wilds_in_initial_center": False,
    "target_score": 200,
    "hand_size": 7,
    "dos_penalty": 2,
}
