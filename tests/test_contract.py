"""The public API contract of DESIGN.md §1, §3 and §4, checked name by name and behaviour by behaviour.

DESIGN.md says an external acceptance suite calls exactly these names; this file calls them the way that text
documents them (signatures, defaults, return types, exception classes, examples), so that a rename or a changed
behaviour fails here first. RULES.md §5 scenarios live in test_scenarios.py; the few further scenarios "of the same
kind" at the end of this file are played through the same public API.
"""

from __future__ import annotations

import dataclasses
import importlib
import importlib.metadata
import inspect
import itertools
import json
import math
import os
import random
import re
import subprocess
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from fractions import Fraction
from typing import Any

import pytest

import dos_lab
from dos_lab import (
    Card,
    Color,
    DosError,
    Game,
    IllegalMove,
    InvalidInput,
    Kind,
    Match,
    Phase,
    Round,
    RuleSet,
    full_deck,
    parse_cards,
)

from helpers import RULE_DEFAULTS as DEFAULTS

EMPTY = inspect.Parameter.empty
KW_ONLY = inspect.Parameter.KEYWORD_ONLY
VAR_POS = inspect.Parameter.VAR_POSITIONAL
VAR_KW = inspect.Parameter.VAR_KEYWORD


def params(func: Any) -> dict[str, inspect.Parameter]:
    return dict(inspect.signature(func).parameters)


def codes(cards: Any) -> list[str]:
    return [str(c) for c in cards]


def staged(hands: list[str], center_row: str, draw_pile: str = "", **options: Any) -> Round:
    return Round.from_position(hands=hands, center_row=center_row, draw_pile=draw_pile, rules=RuleSet(**options))


def refused(r: Round, action: Any, *needles: str, exc: type[Exception] = IllegalMove) -> str:
    """``action()`` raises ``exc`` whose message holds every needle; the round is exactly as it was."""
    before = r.to_dict()
    with pytest.raises(exc) as info:
        action()
    message = str(info.value)
    for needle in needles:
        assert needle in message, f"{needle!r} not in {message!r}"
    assert r.to_dict() == before, "a refused action changed the round"
    return message


# =====================================================================================================
# §1 the house: modules and import layers

MODULES = ["errors", "cards", "rules", "matching", "events", "round", "game", "bots", "simulate", "probability",
           "render", "i18n", "play", "widgets", "app"]


@pytest.mark.parametrize("module", MODULES)
def test_every_module_of_the_house_exists(module: str) -> None:
    importlib.import_module(f"dos_lab.{module}")


def test_engine_needs_nothing_beyond_the_standard_library_and_no_notebook_stack() -> None:
    code = ("import sys, dos_lab, dos_lab.round, dos_lab.game, dos_lab.bots, dos_lab.play; "
            "print(sorted(m for m in ('numpy', 'ipywidgets', 'traitlets', 'IPython') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == "[]"


def test_repr_html_imports_render_lazily() -> None:
    code = ("import sys, dos_lab; from dos_lab import Card; a = 'dos_lab.render' in sys.modules; "
            "Card.parse('R7')._repr_html_(); print(a, 'dos_lab.render' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == "False True"


# =====================================================================================================
# §3 the two import lines and the error classes

PUBLIC = ["Card", "Color", "Kind", "Match", "RuleSet", "Round", "Game", "Phase", "DosError", "IllegalMove",
          "InvalidInput", "full_deck", "parse_cards"]


@pytest.mark.parametrize("name", PUBLIC)
def test_public_names_are_importable_and_listed_in_all(name: str) -> None:
    assert hasattr(dos_lab, name)
    assert name in dos_lab.__all__


def test_error_hierarchy() -> None:
    assert issubclass(DosError, ValueError)
    assert issubclass(IllegalMove, DosError) and issubclass(InvalidInput, DosError)
    assert not issubclass(IllegalMove, InvalidInput) and not issubclass(InvalidInput, IllegalMove)


# =====================================================================================================
# §3 Cards

def test_card_parse_signature_and_case_insensitivity() -> None:
    assert list(params(Card.parse)) == ["code"]
    card = Card.parse("r7")
    assert isinstance(card, Card)
    assert card == Card.parse("R7")
    assert str(card) == "R7"
    assert repr(card) == "Card.parse('R7')"
    assert eval(repr(card)) == card  # the repr is documented as a rebuilding expression


@pytest.mark.parametrize("code", ["R7", "Y10", "B1", "G3", "R#", "Y#", "W"])
def test_card_repr_rebuilds_and_str_round_trips(code: str) -> None:
    card = Card.parse(code)
    assert str(card) == code
    assert eval(repr(card)) == card
    assert Card.parse(code.lower()) == card


def test_card_is_frozen_and_hashable() -> None:
    card = Card.parse("R7")
    with pytest.raises((AttributeError, TypeError)):
        card.color = Color.BLUE  # type: ignore[misc]
    assert card.color is Color.RED
    assert len({Card.parse("R7"), Card.parse("r7"), Card.parse("B7")}) == 2
    assert {card: 1}[Card.parse("R7")] == 1


@pytest.mark.parametrize("code, kind, color, number, points", [
    ("R7", Kind.NUMBER, Color.RED, 7, 7),
    ("Y10", Kind.NUMBER, Color.YELLOW, 10, 10),
    ("B1", Kind.NUMBER, Color.BLUE, 1, 1),
    ("G#", Kind.WILD_NUMBER, Color.GREEN, None, 40),
    ("R#", Kind.WILD_NUMBER, Color.RED, None, 40),
    ("W", Kind.WILD_DOS, None, None, 20),
])
def test_card_fields(code: str, kind: Kind, color: Color | None, number: int | None, points: int) -> None:
    card = Card.parse(code)
    assert (card.kind, card.color, card.number, card.points) == (kind, color, number, points)


def test_color_and_kind_members() -> None:
    assert list(Color) == [Color.RED, Color.BLUE, Color.GREEN, Color.YELLOW]
    assert set(Kind) == {Kind.NUMBER, Kind.WILD_NUMBER, Kind.WILD_DOS}


@pytest.mark.parametrize("bad", ["R2", "R11", "X7", "R0", "B", "WW", "R 7", "Z9", ""])
def test_bad_card_code_raises_invalid_input_naming_the_code(bad: str) -> None:
    with pytest.raises(InvalidInput) as info:
        Card.parse(bad)
    assert repr(bad) in str(info.value)


def test_parse_cards_accepts_text_codes_and_cards() -> None:
    expected = [Card.parse("R7"), Card.parse("B#"), Card.parse("W")]
    assert parse_cards("R7 B# W") == expected
    assert parse_cards(["R7", "B#", "W"]) == expected
    assert parse_cards([Card.parse("R7"), "b#", Card.parse("W")]) == expected
    assert isinstance(parse_cards("R7 B# W"), list)
    with pytest.raises(InvalidInput, match="Z9"):
        parse_cards("R7 Z9")


def test_full_deck_is_108_cards_in_a_fixed_order() -> None:
    deck = full_deck()
    assert isinstance(deck, list) and len(deck) == 108
    assert deck == full_deck()
    counts = Counter(str(c) for c in deck)
    assert counts["W"] == 12
    for colour in "RBGY":
        assert counts[f"{colour}#"] == 2
        for n, copies in {1: 3, 3: 3, 4: 3, 5: 3, 6: 2, 7: 2, 8: 2, 9: 2, 10: 2}.items():
            assert counts[f"{colour}{n}"] == copies
    assert sum(c.points for c in deck) == 1036
    deck.pop()
    assert len(full_deck()) == 108  # a fresh list each time


# =====================================================================================================
# §3 Rules

ALTERNATIVES = {
    "after_draw_matching": ["any_matches"],
    "bonus_placement": ["optional"],
    "wild_number_in_center": ["declared_when_placed"],
    "dos_checkpoints": ["end_of_own_turn", "every_card_movement"],
    "dos_catch_window": ["until_next_turn_starts"],
    "penalty_vs_going_out": ["empty_hand_ends_round"],
    "empty_draw_pile": ["skip_draw"],
    "dealer_rotation": ["winner_deals"],
    "reflip_wilds_in_initial_center": [True],
    "target_score": [100],
    "hand_size": [5],
    "dos_penalty": [3],
}


@pytest.mark.parametrize("option", list(DEFAULTS))
def test_ruleset_default(option: str) -> None:
    value = getattr(RuleSet(), option)
    assert value == DEFAULTS[option]
    if isinstance(DEFAULTS[option], str):
        assert isinstance(value, str)  # a str enum


@pytest.mark.parametrize("option, value", [(o, v) for o, vs in ALTERNATIVES.items() for v in vs])
def test_ruleset_accepts_every_documented_value(option: str, value: Any) -> None:
    rules = RuleSet(**{option: value})
    assert getattr(rules, option) == value
    assert rules != RuleSet()


@pytest.mark.parametrize("options", [
    {"no_such_option": 1},
    {"after_draw_matching": "anything"},
    {"bonus_placement": "sometimes"},
    {"dos_checkpoints": "never"},
    {"dealer_rotation": "pass_right"},
    {"target_score": "lots"},
])
def test_ruleset_unknown_option_or_value_raises_invalid_input(options: dict[str, Any]) -> None:
    with pytest.raises(InvalidInput):
        RuleSet(**options)


def test_ruleset_options_are_keywords_and_has_presets() -> None:
    assert [p.kind for p in params(RuleSet).values()] == [VAR_KW]
    assert isinstance(RuleSet.preset("classic"), RuleSet)
    assert RuleSet.preset("classic") == RuleSet()


# =====================================================================================================
# §3 A round: signatures

def test_round_signatures() -> None:
    fp = params(Round.from_position)
    assert list(fp)[:7] == ["hands", "center_row", "draw_pile", "discard_pile", "current", "rules", "seed"]
    assert fp["discard_pile"].default == "" and fp["current"].default == 0 and fp["seed"].default == 0
    assert fp["rules"].default is None
    deal = params(Round.deal)
    assert list(deal)[:3] == ["players", "seed", "dealer"]
    match = params(Round.match)
    assert list(match)[:3] == ["self", "target", "cards"] and match["cards"].kind is VAR_POS
    assert match["target_as"].kind is KW_ONLY and match["target_as"].default is None
    assert [n for n, p in params(Round.end_turn).items() if p.default is EMPTY] == ["self"]
    assert [n for n, p in params(Round.draw).items() if p.default is EMPTY] == ["self"]
    assert [n for n, p in params(Round.place).items() if p.default is EMPTY] == ["self", "card"]
    assert list(params(Round.call_dos)) == ["self", "player"]
    assert list(params(Round.catch_dos)) == ["self", "caller", "target"]
    assert list(params(Round.legal_matches)) == ["self"]
    for name in ["hands", "center_row", "draw_pile", "discard_pile", "current", "phase", "bonuses_owed", "winner",
                 "points", "log"]:
        assert isinstance(inspect.getattr_static(Round, name), property), name
    for name in ["copy", "undo", "to_dict", "from_dict"]:
        assert callable(getattr(Round, name)), name


def test_design_example_position() -> None:
    r = Round.from_position(
        hands=["R7 B3 G9", "Y1 Y5 B8"],
        center_row="B7 Y5",
        draw_pile="G4 Y8 R1",
        discard_pile="",
        current=0, rules=RuleSet(), seed=0)
    assert codes(r.hands[0]) == ["R7", "B3", "G9"] and codes(r.hands[1]) == ["Y1", "Y5", "B8"]
    assert isinstance(r.hands, list) and all(isinstance(h, list) for h in r.hands)
    assert codes(r.center_row) == ["B7", "Y5"]
    assert codes(r.draw_pile) == ["G4", "Y8", "R1"]  # top first
    assert r.discard_pile == []
    assert (r.current, r.phase, r.bonuses_owed, r.winner) == (0, Phase.MATCHING, 0, None)
    assert isinstance(r.log, list)


def test_from_position_accepts_lists_of_cards_and_codes() -> None:
    a = Round.from_position(hands=["R7 B3 G9", "Y1 Y5 B8"], center_row="B7 Y5", draw_pile="G4 Y8 R1")
    b = Round.from_position(hands=[parse_cards("R7 B3 G9"), ["Y1", "Y5", "B8"]], center_row=parse_cards("B7 Y5"),
                            draw_pile=["G4", "Y8", "R1"])
    assert a.to_dict() == b.to_dict()


def test_from_position_current_and_seed() -> None:
    r = Round.from_position(hands=["R7 B3", "Y1 Y5 B8"], center_row="B7 Y5", draw_pile="G4", current=1, seed=5)
    assert r.current == 1
    with pytest.raises(InvalidInput):
        Round.from_position(hands=["R7 R7 R7"], center_row="B7 Y5")


def test_from_position_refuses_an_impossible_position_with_invalid_input() -> None:
    with pytest.raises(InvalidInput):
        Round.from_position(hands=["R7 R7 R7", "B3"], center_row="B7 Y5")  # three R7 in a deck of two


def test_deal_three_players() -> None:
    r = Round.deal(players=3, seed=42, dealer=0)
    assert [len(h) for h in r.hands] == [7, 7, 7]
    assert len(r.center_row) == 2 and r.discard_pile == []
    assert len(r.draw_pile) == 108 - 21 - 2
    assert r.current == 1  # left of the dealer
    assert r.phase is Phase.MATCHING
    everything = [c for h in r.hands for c in h] + r.center_row + r.draw_pile
    assert Counter(everything) == Counter(full_deck())
    assert Round.deal(players=3, seed=42, dealer=0).to_dict() == r.to_dict()
    assert Round.deal(players=3, seed=43, dealer=0).to_dict() != r.to_dict()
    assert Round.deal(players=3, seed=42, dealer=2).current == 0


# =====================================================================================================
# §3 A round: actions

def test_match_single_then_end_turn_runs_e1_e2() -> None:
    r = staged(["R7 B3 G9", "Y1 Y5 B8"], "B7 Y5", "G4 Y8 R1")
    r.match(0, "R7")
    assert codes(r.center_row) == ["B7", "Y5"]  # matched cards stay listed until the turn ends
    assert codes(r.hands[0]) == ["B3", "G9"]
    r.end_turn()
    assert codes(r.center_row) == ["Y5", "G4"]  # refill appended on the right
    assert codes(r.discard_pile) == ["B7", "R7"]
    assert codes(r.draw_pile) == ["Y8", "R1"]
    assert (r.current, r.phase) == (1, Phase.MATCHING)


def test_match_declarations_optional_and_wild_dos_from_hand() -> None:
    r = staged(["R7 B3 G9", "W Y3 B8 G1"], "B7 Y5", "G4 Y8 R1 B6")
    r.match(0, "R7")
    r.end_turn()
    assert r.current == 1
    r.match(0, "W=Y", "Y3")  # W as 2 plus Y3 = Y5 (now at index 0): a double colour match
    r.end_turn()
    assert r.phase is Phase.BONUS and r.bonuses_owed == 1


def test_target_as_number_for_a_wild_number_target() -> None:
    r = staged(["G3 G6 R1 B5", "Y1 Y5 B8"], "G# Y10", "B7 R8 Y4")
    r.match(0, "G3", "G6", target_as=9)
    r.end_turn()
    assert r.phase is Phase.BONUS and r.bonuses_owed == 1
    r2 = staged(["G3 G6 R1 B5", "Y1 Y5 B8"], "G# Y10", "B7 R8 Y4")
    refused(r2, lambda: r2.match(0, "G3", "G6", target_as=8), "R4.2")


@pytest.mark.parametrize("colour", [Color.BLUE, "B", "b"])
def test_target_as_colour_or_letter_for_a_wild_dos_target(colour: Any) -> None:
    r = staged(["B1 B1 R4 G10", "Y1 Y5 B8 G4"], "W Y9", "G5 R6 Y4")
    m = r.match(0, "B1", "B1", target_as=colour)
    assert m.bonus == "double_colour" and m.target_as is Color.BLUE


def test_engine_chooses_declarations_that_earn_a_bonus_and_logs_them() -> None:
    r = staged(["R5 W B8 G1", "Y1 Y5 B8"], "R7 Y9", "B3 G6 Y4")
    r.match(0, "R5", "W")
    assert r.matches_this_turn[-1].bonus == "double_colour"
    assert "W=R" in r.matches_this_turn[-1].cards
    assert any("W=R" in getattr(event, "cards", ()) for event in r.log)
    r2 = staged(["B1 B1 R4 G10", "Y1 Y5 B8 G4"], "W Y9", "G5 R6 Y4")
    r2.match(0, "B1", "B1")  # the row W's colour left out: blue makes a double colour match
    assert any(getattr(event, "target_as", None) is Color.BLUE for event in r2.log)
    r3 = staged(["Y# R9 G1", "Y1 Y5 B8"], "Y7 B4", "R3 G5")
    r3.match(0, "Y#")
    assert any("Y#=7" in getattr(event, "cards", ()) for event in r3.log)


def test_draw_returns_the_card_only_at_the_start_of_a_turn() -> None:
    r = staged(["R9 B10 G6", "Y1 Y5 B8"], "Y3 B5", "G5 R4 B1")
    card = r.draw()
    assert card == Card.parse("G5") and isinstance(card, Card)
    assert r.phase is Phase.DREW
    refused(r, r.draw, "R7.1")
    r2 = staged(["R7 B3 G9", "Y1 Y5 B8"], "B7 Y5", "G4 Y8 R1")
    r2.match(0, "R7")
    refused(r2, r2.draw, "R3.3")


def test_place_after_a_draw_ends_the_turn() -> None:
    r = staged(["R9 G10", "Y1 Y5 B8"], "Y3 G4", "B8 R1 B1")
    r.draw()
    r.place("R9")
    assert codes(r.center_row) == ["Y3", "G4", "R9"]  # placed on the right
    assert (r.current, r.phase) == (1, Phase.MATCHING)
    assert sorted(codes(r.hands[0])) == ["B8", "G10"]


def test_drawn_card_only_refuses_an_old_card_after_a_draw() -> None:
    r = staged(["R3 G6 B1", "Y1 Y5 B8"], "Y3 B8", "Y10 R5 B1")
    r.draw()
    refused(r, lambda: r.match(0, "R3"), "R7.2")
    refused(r, r.end_turn, "R7.3")
    r.place("Y10")
    assert r.current == 1


def test_bonus_placements_then_the_last_one_completes_the_turn() -> None:
    r = staged(["R5 B3 B5 Y9 G1 W", "Y6 B8 G10"], "R5 B8", "G7 Y4 R6 B1")
    r.match(0, "R5")
    r.match(1, "B3", "B5")
    r.end_turn()
    assert (r.phase, r.bonuses_owed, r.current) == (Phase.BONUS, 2, 0)
    assert codes(r.center_row) == ["G7", "Y4"]  # E2 before E3
    r.place("Y9")
    assert (r.phase, r.bonuses_owed, r.current) == (Phase.BONUS, 1, 0)
    assert len(r.hands[1]) == 3  # E4 waits for the last placement
    r.place("G1")
    assert codes(r.center_row) == ["G7", "Y4", "Y9", "G1"]
    assert (r.phase, r.bonuses_owed, r.current) == (Phase.MATCHING, 0, 1)
    assert codes(r.hands[1])[-1] == "R6"


@pytest.mark.parametrize("cards", [(), ("G1", "B3", "Y3")])
def test_match_takes_any_number_of_cards_but_refuses_all_but_one_or_two(cards: tuple[str, ...]) -> None:
    assert params(Round.match)["cards"].kind is VAR_POS
    r = staged(["G1 B3 Y3 R10", "Y6 B8 G10"], "R7 B9", "Y4 G6")
    refused(r, lambda: r.match(0, *cards), "R4.2")


def test_documented_illegal_move_message() -> None:
    r = staged(["R3 Y4 G9", "Y1 Y5 B8"], "B5 Y5", "G4 Y8 R1")
    message = refused(r, lambda: r.match(0, "R3", "Y4"))
    assert message == "R3+Y4 adds up to 7, but B5 needs 5 (R4.2)"


@pytest.mark.parametrize("action, rule", [
    (lambda r: r.end_turn(), "R3.1"),                 # no passing
    (lambda r: r.place("G9"), "R3.3"),                # no placing without a draw or bonus
    (lambda r: r.match(0, "R7", "B3"), "R4.2"),       # 7 + 3 is not 7
    (lambda r: r.match(0, "G9"), "R4.1"),             # 9 is not 7
    (lambda r: r.catch_dos(0, 0), "R11.2"),           # nobody catches themselves
])
def test_every_illegal_action_names_a_rule_and_changes_nothing(action: Any, rule: str) -> None:
    r = staged(["R7 B3 G9", "Y1 Y5 B8"], "B7 Y5", "G4 Y8 R1")
    message = refused(r, lambda: action(r))
    assert re.search(re.escape(rule) + r"(?![0-9])", message), message


def test_illegal_match_message_names_the_actual_cards() -> None:
    r = staged(["R7 B3 G9", "Y1 Y5 B8"], "B7 Y5", "G4 Y8 R1")
    message = refused(r, lambda: r.match(1, "G9"), "G9", "Y5", "R4.1")
    assert "9" in message and "5" in message


def test_same_row_card_twice_is_refused() -> None:
    r = staged(["Y8 G3 B5 R1", "Y6 B8 G10"], "R8 B6", "Y4 G10")
    r.match(0, "Y8")
    refused(r, lambda: r.match(0, "G3", "B5"), "R4.3")


def test_bad_references_raise_a_dos_error() -> None:
    r = staged(["R7 B3 G9", "Y1 Y5 B8"], "B7 Y5", "G4 Y8 R1")
    refused(r, lambda: r.match(5, "R7"), exc=DosError)
    refused(r, lambda: r.match(0, "B8"), "B8", exc=DosError)  # not in P1's hand
    refused(r, lambda: r.match(0, "Z9"), "Z9", exc=InvalidInput)
    refused(r, lambda: r.call_dos(7), exc=InvalidInput)


# =====================================================================================================
# §3/§4 DOS calls and catches

def test_call_dos_is_true_only_with_exactly_two_cards() -> None:
    r = staged(["R7 B3 G9", "Y1 Y5 B8"], "B7 Y5", "G4 Y8 R1 B6")
    assert r.call_dos(0) is False  # three cards
    r.match(0, "R7")
    assert r.call_dos(0) is True  # at any time with two cards, even mid-matching
    r.end_turn()
    assert r.catch_dos(1, 0) is False
    assert len(r.hands[0]) == 2


def test_catch_of_another_player_takes_effect_at_once() -> None:
    r = staged(["R7 B3 G9", "Y1 Y5 B8"], "B7 Y5", "G4 Y8 R1 B6")
    r.match(0, "R7")
    r.end_turn()
    assert r.current == 1
    assert r.catch_dos(1, 0) is True
    assert sorted(codes(r.hands[0])) == ["B3", "G9", "R1", "Y8"]
    assert codes(r.draw_pile) == ["B6"]
    assert r.catch_dos(1, 0) is False  # already caught


def test_catch_of_the_current_player_takes_effect_at_the_end_of_their_turn() -> None:
    r = staged(["R7 B3", "Y1 Y5 B8"], "B7 Y5", "G4 Y8 R1 G3")
    assert r.catch_dos(1, 0) is True
    assert codes(r.hands[0]) == ["R7", "B3"]  # deferred to E5
    r.draw()
    r.place("B3")
    assert sorted(codes(r.hands[0])) == ["G4", "R1", "R7", "Y8"]
    assert r.current == 1


def test_no_exposure_during_the_matching_phase() -> None:
    r = staged(["R7 B3 G9", "Y1 Y5 B8"], "B7 Y5", "G4 Y8 R1 B6")
    r.match(0, "R7")
    assert r.catch_dos(1, 0) is False  # matching counts as committed only at end_turn()
    assert len(r.hands[0]) == 2 and len(r.draw_pile) == 4
    r.end_turn()
    assert r.catch_dos(1, 0) is True


def test_no_exposure_between_two_bonus_placements() -> None:
    r = staged(["R7 Y5 G9 B3 Y1", "Y1 Y6 B8 G4"], "R7 Y5", "G5 R6 Y4 B3 R1")
    r.match(0, "R7")
    r.match(1, "Y5")
    r.end_turn()
    r.place("G9")
    assert len(r.hands[0]) == 2 and r.phase is Phase.BONUS
    assert r.catch_dos(1, 0) is False
    r2 = staged(["R7 Y5 G9 B3 Y1 B8", "Y1 Y6 B8 G4"], "R7 Y5", "G5 R6 Y4 B3 R1")
    r2.match(0, "R7")
    r2.match(1, "Y5")
    r2.end_turn()
    r2.place("G9")
    r2.place("B3")  # the last bonus: RP4
    assert r2.current == 1 and len(r2.hands[0]) == 2
    assert r2.catch_dos(1, 0) is True


def test_another_players_penalty_draw_does_not_expose_the_active_player() -> None:
    r = staged(["R7 B3 G9", "Y1 Y6", "G3 G4 G5"], "B7 Y5", "G5 R6 Y4 B3 R1 R3")
    r.match(0, "R7")
    assert r.catch_dos(0, 1) is True  # P2 is not active: draws at once
    assert len(r.hands[1]) == 4
    assert r.catch_dos(2, 0) is False  # P1's open matching phase is not a rest point for P1
    r.end_turn()
    assert r.catch_dos(2, 0) is True


# =====================================================================================================
# §3 legal_matches and Match

def test_match_is_a_frozen_record_with_the_documented_fields() -> None:
    r = staged(["R# R3 R4 R5", "Y1 Y5 B8 G4"], "R7 G#", "G5 R6")
    found = r.legal_matches()
    assert isinstance(found, list) and all(isinstance(m, Match) for m in found)
    m = found[0]
    for field in ["target", "cards", "target_as", "bonus"]:
        assert hasattr(m, field)
    with pytest.raises(dataclasses.FrozenInstanceError):
        m.target = 1  # type: ignore[misc]
    assert ("R#=4", "R3") in [x.cards for x in found]
    assert {x.bonus for x in found} <= {None, "single_colour", "double_colour"}
    assert all(isinstance(x.cards, tuple) for x in found)


def test_legal_matches_documented_order_and_identical_cards_count_once() -> None:
    r = staged(["R7 B3 G4", "Y1"], "B7 Y5")
    assert [(m.target, m.cards) for m in r.legal_matches()] == [(0, ("R7",)), (0, ("B3", "G4"))]
    r2 = staged(["B1 B1 R4 G10", "Y1 Y5 B8 G4"], "W Y9", "G5 R6 Y4")
    listed = r2.legal_matches()
    assert [(m.target, m.cards, m.target_as, m.bonus) for m in listed] == [
        (0, ("B1", "B1"), Color.BLUE, "double_colour")]
    r3 = staged(["R3 R3 R4 Y9", "Y1"], "R7 B9")
    pairs = [m.cards for m in r3.legal_matches() if m.target == 0]
    assert pairs.count(("R3", "R4")) == 1 and len(pairs) == 1


def test_legal_matches_carry_the_chosen_declarations() -> None:
    r = staged(["R5 W B8 G1", "Y1 Y5 B8"], "R7 Y9", "B3 G6 Y4")
    by_cards = {tuple(sorted(m.cards)): m for m in r.legal_matches() if m.target == 0}
    m = by_cards[("R5", "W=R")]
    assert m.bonus == "double_colour"
    r4 = staged(["G3 G6 R1 B5", "Y1 Y5 B8"], "G# Y10", "B7 R8 Y4")
    m4 = next(m for m in r4.legal_matches() if m.cards == ("G3", "G6"))
    assert (m4.target_as, m4.bonus) == (9, "double_colour")


def _play(r: Round, m: Match) -> Match:
    return r.match(m.target, *m.cards, target_as=m.target_as)


def test_every_listed_match_plays_with_the_documented_call() -> None:
    rng = random.Random(7)
    for i in range(12):
        r = Round.deal(players=2 + i % 3, seed=rng.randrange(10**6))
        for m in r.legal_matches():
            trial = r.copy()
            played = _play(trial, m)
            assert played.bonus == m.bonus
            assert trial.matches_this_turn[-1].cards == m.cards


def test_matched_row_cards_stay_until_the_turn_ends() -> None:
    r = staged(["R7 W G3 B10 Y4", "Y6 B8 G10 R3"], "B7 Y5", "R1 G8 Y10 B6")
    r.match(0, "R7")
    r.match(1, "W=Y", "G3")
    assert codes(r.center_row) == ["B7", "Y5"]
    r.end_turn()
    assert codes(r.center_row) == ["R1", "G8"]
    assert codes(r.discard_pile) == ["B7", "R7", "Y5", "W", "G3"]


# =====================================================================================================
# §1 copy / undo / to_dict / from_dict; events

def test_copy_is_independent() -> None:
    r = staged(["R7 B3 G9", "Y1 Y5 B8"], "B7 Y5", "G4 Y8 R1")
    c = r.copy()
    assert isinstance(c, Round) and c.to_dict() == r.to_dict()
    c.match(0, "R7")
    c.end_turn()
    assert codes(r.hands[0]) == ["R7", "B3", "G9"] and r.current == 0 and codes(r.center_row) == ["B7", "Y5"]


def test_undo_steps_back_one_action_at_a_time() -> None:
    r = staged(["R7 B3 G9", "Y1 Y5 B8"], "B7 Y5", "G4 Y8 R1")
    start = r.to_dict()
    r.match(0, "R7")
    matched = r.to_dict()
    r.end_turn()
    r.undo()
    assert r.to_dict() == matched
    r.undo()
    assert r.to_dict() == start
    with pytest.raises(DosError):
        r.undo()


def test_save_load_round_trip_through_json_continues_identically() -> None:
    r = Round.deal(players=3, seed=11, dealer=1)
    for _ in range(3):
        r.draw()
        r.place(r.hands[r.current][0])
    saved = json.loads(json.dumps(r.to_dict()))
    back = Round.from_dict(saved)
    assert back.to_dict() == r.to_dict()
    assert back.legal_matches() == r.legal_matches()
    for x in (r, back):
        x.draw()
        x.place(x.hands[x.current][-1])
    assert back.to_dict() == r.to_dict()


@pytest.mark.parametrize("corrupt", [None, "text", {}, {"format": "nonsense"}])
def test_corrupt_save_raises_invalid_input(corrupt: Any) -> None:
    with pytest.raises(InvalidInput):
        Round.from_dict(corrupt)


def test_save_with_too_many_copies_is_refused() -> None:
    data = staged(["R7 B3 G9", "Y1 Y5 B8"], "B7 Y5", "G4 Y8 R1").to_dict()
    data["hands"] = [["R7", "R7", "R7"], ["Y1"]]
    with pytest.raises(InvalidInput, match="R7"):
        Round.from_dict(data)


EVENT_NAMES = ["Matched", "Drew", "Placed", "Refilled", "BonusPlaced", "PenaltyDrawn"]


@pytest.mark.parametrize("name", EVENT_NAMES)
def test_event_records_exist_frozen_with_describe(name: str) -> None:
    from dos_lab import events

    cls = getattr(events, name)
    assert dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen  # type: ignore[attr-defined]
    assert callable(cls.describe)


def test_the_log_narrates_a_turn_in_english() -> None:
    from dos_lab import events

    r = staged(["R7 B3 G9 Y1", "Y6 B8 G10 R3"], "R7 Y5", "G4 B6 Y8 R1")
    r.match(0, "R7")
    r.end_turn()
    r.place("G9")
    kinds = {type(e).__name__ for e in r.log}
    assert {"Matched", "Refilled", "BonusPlaced"} <= kinds
    text = [e.describe() for e in r.log]
    assert all(isinstance(t, str) and t for t in text)
    assert any("R7" in t and "single colour match" in t for t in text)
    assert all(isinstance(e, events.Event) for e in r.log)


# =====================================================================================================
# §3 A game

def test_game_signature_and_start() -> None:
    p = params(Game)
    assert list(p)[:3] == ["players", "seed", "rules"]
    assert (p["players"].default, p["seed"].default, p["rules"].default) == (2, 0, None)
    g = Game(players=2, seed=0, rules=None)
    assert isinstance(g.round, Round) and g.scores == [0, 0] and not g.over and g.winner is None
    assert g.round.current == (g.dealer + 1) % 2
    assert [len(h) for h in g.round.hands] == [7, 7]
    assert Game(players=2, seed=0).round.to_dict() == g.round.to_dict()
    with pytest.raises(IllegalMove):
        g.next_round()  # the round is still being played


def test_game_from_position_s50_to_the_target() -> None:
    g = Game.from_position(scores=[180, 120], dealer=1, hands=["R7", "R9 B#"], center_row="B7 Y5",
                           draw_pile="G4 Y8 R1")
    assert (g.dealer, g.scores, g.round.current) == (1, [180, 120], 0)
    g.round.match(0, "R7")
    g.round.end_turn()
    assert (g.round.phase, g.round.winner, g.round.points) == (Phase.OVER, 0, 49)
    assert g.scores == [229, 120]  # including the current round's points once it is over
    assert g.over and g.winner == 0
    with pytest.raises(IllegalMove):
        g.next_round()


def test_game_next_round_rotates_the_dealer_and_keeps_scores() -> None:
    g = Game.from_position(scores=[10, 20], dealer=1, hands=["R7", "R9 B#"], center_row="B7 Y5",
                           draw_pile="G4 Y8 R1")
    g.round.match(0, "R7")
    g.round.end_turn()
    assert g.scores == [59, 20] and not g.over and g.winner is None
    new = g.next_round()
    assert new is g.round and isinstance(new, Round)
    assert g.dealer == 0 and new.current == 1
    assert [len(h) for h in new.hands] == [7, 7] and g.scores == [59, 20]


def test_game_from_position_takes_rules() -> None:
    g = Game.from_position(scores=[60, 0], dealer=1, hands=["R7", "R9 B#"], center_row="B7 Y5",
                           draw_pile="G4", rules=RuleSet(target_score=100))
    g.round.match(0, "R7")
    g.round.end_turn()
    assert g.over and g.winner == 0


# =====================================================================================================
# §3 Bots and simulation

def test_bot_classes_and_signatures() -> None:
    from dos_lab import bots

    assert bots.RandomBot(seed=3) is not None and bots.GreedyBot() is not None
    assert list(params(bots.GreedyBot.play_turn)) == ["self", "round"]
    assert "seed" in params(bots.RandomBot)
    assert hasattr(bots, "Bot")
    stronger = [c for c in vars(bots).values() if isinstance(c, type) and issubclass(c, bots.GreedyBot)
                and c is not bots.GreedyBot]
    assert stronger, "at least one bot stronger than GreedyBot"


@pytest.mark.parametrize("kind", ["RandomBot", "GreedyBot", "TacticianBot"])
def test_bot_plays_one_complete_legal_turn_and_calls_dos(kind: str) -> None:
    from dos_lab import bots

    make = getattr(bots, kind)
    for seed in range(3):
        r = Round.deal(players=3, seed=seed)
        players = [make(seed=seed + p) for p in range(3)]
        for _ in range(200):
            if r.over:
                break
            me = r.current
            players[me].play_turn(r)
            assert r.over or (r.current != me and r.phase is Phase.MATCHING)
            if not r.over and len(r.hands[me]) == 2:
                assert r.catch_dos(r.current, me) is False, "the bot did not call DOS"
        assert r.over
        assert Counter([c for h in r.hands for c in h] + r.center_row + r.draw_pile + r.discard_pile) == \
            Counter(full_deck())


@pytest.mark.parametrize("reaction, p2_cards", [(1.0, 4), (0.0, 2)])
def test_bot_catch_reaction_is_configurable(reaction: float, p2_cards: int) -> None:
    from dos_lab.bots import GreedyBot

    r = staged(["R7 B3 G9", "Y1 Y6"], "B7 Y5", "G5 R6 Y4 B3")
    GreedyBot(catch_reaction=reaction).play_turn(r)
    assert len(r.hands[1]) == p2_cards


def test_simulate_play_games_with_and_without_executors() -> None:
    from dos_lab import simulate
    from dos_lab.bots import GreedyBot, RandomBot

    plain = simulate.play_games(["random", "greedy"], 6, seed=3)
    assert isinstance(plain, list) and len(plain) == 6
    assert all(rec.finished and rec.winner in (0, 1) for rec in plain)
    assert all(max(rec.scores) >= 200 for rec in plain)
    assert simulate.play_games([RandomBot, GreedyBot], 6, seed=3) == plain
    with ThreadPoolExecutor(2) as pool:
        assert simulate.play_games(["random", "greedy"], 6, seed=3, executor=pool) == plain
    assert simulate.play_games(["random", "greedy"], 6, seed=3, executor=simulate.SerialExecutor()) == plain
    with ProcessPoolExecutor(2) as pool:
        assert simulate.play_games(["random", "greedy"], 6, seed=3, executor=pool) == plain
    assert simulate.play_games(["random", "greedy"], 6, seed=4) != plain


# =====================================================================================================
# probability: exact Fractions with the documented values, checked independently

def test_probability_documented_values() -> None:
    from dos_lab import probability as p

    assert p.p_single_match(10, hand_size=1) == Fraction(16, 108)  # 8 tens + 8 Wild #
    assert p.p_single_match(10, hand_size=1, exclude_target=True) == Fraction(15, 107)
    assert p.p_single_match(10) == 1 - Fraction(math.comb(92, 7), math.comb(108, 7))
    assert p.p_single_match(1, hand_size=1) == Fraction(12 + 8, 108)
    assert p.p_single_match("W", hand_size=1) == Fraction(12 + 8, 108)
    assert p.p_double_match(1) == 0 and p.p_any_match("#") == 1
    assert p.p_double_match(2, hand_size=2) == Fraction(math.comb(20, 2), math.comb(108, 2))
    assert p.expected_hand_points(7) == Fraction(7 * 1036, 108)
    pmf = p.hand_points_pmf(1)
    assert (pmf[1], pmf[20], pmf[40], sum(pmf.values())) == (Fraction(12, 108), Fraction(12, 108), Fraction(8, 108), 1)
    assert isinstance(p.p_can_match(), Fraction)
    assert f"{float(p.p_can_match()):.4f}" == "0.9684"
    assert p.expected_matchable() == p.p_can_match() + p.p_match_both()


def test_p_can_match_agrees_with_the_engine() -> None:
    from dos_lab import probability as p

    rng = random.Random(5)
    deck = full_deck()
    n, hits = 1500, 0
    for _ in range(n):
        cards = rng.sample(deck, 10)
        r = Round.from_position(hands=[cards[:7], cards[9:]], center_row=cards[7:9])
        hits += bool(r.legal_matches())
    expected = float(p.p_can_match())
    assert abs(hits / n - expected) < 4 * math.sqrt(expected * (1 - expected) / n)


def test_sampler_agrees_with_the_exact_answer() -> None:
    from dos_lab import probability as p

    est = p.sample("single_match", 50_000, seed=1, v=10)
    assert abs(est.value - float(p.p_single_match(10))) < 4 * est.stderr
    assert p.sample("single_match", 20_000, seed=1, v=10).value == p.sample("single_match", 20_000, seed=1,
                                                                            v=10).value


# =====================================================================================================
# §5 presentation; widgets and app entry points

def test_str_is_plain_and_repr_html_is_html() -> None:
    r = staged(["R7 B3 G9", "Y1 Y5 B8"], "B7 Y5", "G4 Y8 R1")
    g = Game(players=2, seed=1)
    for obj in (Card.parse("R7"), r, g):
        text, html = str(obj), obj._repr_html_()
        assert "<" not in text and text.strip()
        assert html.lstrip().startswith("<")


def test_render_is_deterministic() -> None:
    from dos_lab import render

    r = Round.deal(players=3, seed=9)
    assert render.round_html(r) == render.round_html(Round.from_dict(r.to_dict()))
    assert render.round_text(r) == render.round_text(r.copy())
    assert r._repr_html_() == r.copy()._repr_html_()


def test_cards_are_readable_without_colour() -> None:
    from dos_lab import render

    def visible(html: str) -> str:
        return re.sub(r"<[^>]*>", " ", html)

    symbols = []
    for letter in "RBGY":
        text = visible(render.card_html(Card.parse(f"{letter}7")))
        assert letter in text and "7" in text
        symbols.append(set(text) - set(f"{letter}7 \n"))
    for i, a in enumerate(symbols):
        assert a, "no colour symbol"
        for b in symbols[i + 1:]:
            assert a != b
    wild = visible(render.card_html(Card.parse("W")))
    assert "W" in wild or "DOS" in wild


def test_widgets_and_app_entry_points() -> None:
    widgets = importlib.import_module("dos_lab.widgets")
    assert callable(widgets.play)
    assert hasattr(widgets, "TableController")
    view = widgets.play(seed=1)
    assert view is not None
    from dos_lab.app import launch

    assert callable(launch.main)
    scripts = {ep.name: ep.value for ep in importlib.metadata.entry_points(group="console_scripts")}
    assert scripts.get("dos-lab") == "dos_lab.app.launch:main"
    with pytest.raises(SystemExit) as info:
        launch.main(["--help"])
    assert info.value.code == 0


def test_i18n_set_language_exists_and_english_is_the_default() -> None:
    from dos_lab import i18n

    assert callable(i18n.set_language)
    assert i18n.get_language() == "en"
    r = staged(["R3 Y4 G9", "Y1 Y5 B8"], "B5 Y5", "G4")
    with i18n.language("pl"):
        message = refused(r, lambda: r.match(0, "R3", "Y4"), "(R4.2)")
        assert "adds up" not in message
    assert refused(r, lambda: r.match(0, "R3", "Y4")) == "R3+Y4 adds up to 7, but B5 needs 5 (R4.2)"


# =====================================================================================================
# Further RULES.md §5 scenarios of the same kind, through the public API

def test_going_out_through_the_last_bonus_placement() -> None:
    # R12.2 / D12: the last card leaves the hand as a colour-match bonus
    r = staged(["R7 G9", "Y6 B#"], "R7 Y5", "G4 B6 Y8")
    r.match(0, "R7")
    r.end_turn()
    assert r.phase is Phase.BONUS
    r.place("G9")
    assert (r.phase, r.winner, r.points) == (Phase.OVER, 0, 46)
    assert codes(r.center_row) == ["Y5", "G4", "G9"]


def test_dcm_draws_go_clockwise_from_the_left_with_four_players() -> None:
    # like S04/S12 with four players: E4 after E3, P2 then P3 then P4
    r = staged(["R3 R4 B9 G1 Y6", "G10 B1", "Y1 R8", "G7 B5"], "R7 Y5", "G4 B6 Y10 R1 G3")
    r.match(0, "R3", "R4")
    r.end_turn()
    r.place("B9")
    assert codes(r.center_row) == ["Y5", "G4", "B9"]
    assert [codes(h)[-1] for h in r.hands[1:]] == ["B6", "Y10", "R1"]
    assert codes(r.draw_pile) == ["G3"] and r.current == 1


def test_two_dcms_in_one_turn_each_opponent_takes_both_cards_in_turn() -> None:
    # R6.4 / E4: m DCMs -> each other player draws m cards, one player after the other
    r = staged(["R3 R4 B1 B4 Y9 G1 G10", "Y6 R8", "G7 B5"], "R7 B5", "Y3 Y4 G5 R6 B8 R10")
    r.match(0, "R3", "R4")
    r.match(1, "B1", "B4")
    r.end_turn()
    assert codes(r.center_row) == ["Y3", "Y4"] and r.bonuses_owed == 2
    r.place("Y9")
    r.place("G1")
    assert codes(r.hands[1])[2:] == ["G5", "R6"]
    assert codes(r.hands[2])[2:] == ["B8", "R10"]
    assert (r.current, r.phase) == (1, Phase.MATCHING)


def test_post_draw_double_with_the_drawn_card_earns_a_bonus() -> None:
    # like S25, but the colours agree: a DCM after a draw (R7.2 "colour bonuses apply normally")
    r = staged(["Y4 R9 G1", "Y6 B8 G10"], "Y7 G10", "Y3 R6 B1")
    r.draw()
    m = r.match(0, "Y3", "Y4")
    assert m.bonus == "double_colour"
    r.end_turn()
    assert r.phase is Phase.BONUS
    r.place("R9")
    assert codes(r.hands[1])[-1] == "B1" and r.current == 1
    assert sorted(codes(r.hands[0])) == ["G1"]


# =====================================================================================================
# §4 more of the turn, and two invariants of §7 that the contract relies on

def test_drawn_card_only_allows_one_match_then_end_turn() -> None:
    r = staged(["R9 B10 G6 Y3", "Y1 Y5 B8"], "Y3 B5 B10", "G5 R4 B1")
    r.draw()
    r.match(1, "G5")
    assert r.phase is Phase.DREW and r.current == 0
    refused(r, lambda: r.match(0, "Y3"), "R7.2")
    r.end_turn()
    assert (r.current, r.phase) == (1, Phase.MATCHING)


def test_a_player_may_call_dos_out_of_turn() -> None:
    r = staged(["R9 B10 G6", "Y1 Y5"], "Y3 B5", "G5 R4 B1")
    assert r.current == 0
    assert r.call_dos(1) is True
    assert r.catch_dos(0, 1) is False
    assert len(r.hands[1]) == 2


def test_english_is_the_default_whatever_the_environment_says() -> None:
    code = ("from dos_lab import Round, IllegalMove\n"
            "r = Round.from_position(hands=['R3 Y4 G9', 'Y1'], center_row='B5 Y5')\n"
            "try:\n    r.match(0, 'R3', 'Y4')\nexcept IllegalMove as e:\n    print(e)\n")
    env = {**os.environ, "LANGUAGE": "pl", "LANG": "pl_PL.UTF-8", "LC_MESSAGES": "pl_PL.UTF-8"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
    assert out.stdout.strip() == "R3+Y4 adds up to 7, but B5 needs 5 (R4.2)"


def _hand_choices(hand: list[str]) -> set[tuple[str, ...]]:
    return {tuple(sorted(hand[j] for j in idx)) for k in (1, 2) for idx in itertools.combinations(range(len(hand)), k)}


def _accepted(r: Round, target: int, cards: tuple[str, ...]) -> bool:
    row = r.center_row[target]
    declarations: list[Any] = [None]
    if row.kind is Kind.WILD_NUMBER:
        declarations += list(range(1, 11))
    elif row.kind is Kind.WILD_DOS:
        declarations += list(Color)
    for target_as in declarations:
        try:
            r.copy().match(target, *cards, target_as=target_as)
            return True
        except DosError:
            continue
    return False


def test_every_listed_match_is_accepted_and_every_accepted_match_is_listed() -> None:
    from dos_lab.bots import RandomBot

    rng = random.Random(3)
    checked = 0
    for i in range(40):
        rules = RuleSet(**rng.choice([{}, {"after_draw_matching": "any_matches"},
                                      {"wild_number_in_center": "declared_when_placed"}]))
        r = Round.deal(players=2 + i % 3, seed=rng.randrange(10**9), rules=rules)
        bots = [RandomBot(seed=p) for p in range(r.players)]
        for _ in range(rng.randrange(6)):
            if not r.over:
                bots[r.current].play_turn(r)
        if r.over:
            continue
        if rng.random() < 0.3:
            r.draw()
        elif r.legal_matches() and rng.random() < 0.5:
            _play(r, rng.choice(r.legal_matches()))
        listed = {(m.target, tuple(sorted(c.split("=")[0] for c in m.cards))) for m in r.legal_matches()}
        for target in range(len(r.center_row)):
            for cards in _hand_choices(codes(r.hands[r.current])):
                checked += 1
                assert _accepted(r, target, cards) == ((target, cards) in listed), (r.to_dict(), target, cards)
    assert checked > 500


def test_undo_takes_back_every_bot_turn_exactly() -> None:
    from dos_lab.bots import GreedyBot

    for seed in range(3):
        r = Round.deal(players=3, seed=seed)
        bots = [GreedyBot(seed=p) for p in range(3)]
        while not r.over:
            before = r.to_dict()
            bots[r.current].play_turn(r)
            after = r.to_dict()
            while r.to_dict() != before:
                r.undo()
            assert r.to_dict() == before
            r = Round.from_dict(after)


def test_seed_drives_reshuffles() -> None:
    discards = "R1 R1 B1 B1 G1 G1 Y1 Y1 R6 R6 B6 B6 G6 G6 Y6 Y6 R9 R9 B9 B9"

    def after_reshuffle(seed: int) -> list[str]:
        r = Round.from_position(hands=["R7 B3 G9", "Y1 Y5 B8"], center_row="B7 Y5", draw_pile="",
                                discard_pile=discards, seed=seed)
        r.draw()
        return codes(r.hands[0])[-1:] + codes(r.draw_pile)

    first = after_reshuffle(0)
    assert sorted(first) == sorted(discards.split())
    assert after_reshuffle(0) == first
    assert any(after_reshuffle(seed) != first for seed in (1, 2, 3))


def test_exposed_after_the_draw_caught_then_penalty_at_the_end_of_the_turn() -> None:
    # RP2: one card plus the drawn card is two; the catch of the active player waits for E5
    r = staged(["R9", "Y1 Y6 B8"], "Y3 G4", "B8 R1 G5 Y4")
    r.draw()
    assert r.phase is Phase.DREW
    assert r.catch_dos(1, 0) is True
    assert len(r.hands[0]) == 2
    r.place("R9")
    assert r.current == 1 and codes(r.hands[0]) == ["B8", "R1", "G5"]


def test_a_dcm_draw_can_expose_the_next_player() -> None:
    # RP5: P2 reaches two cards through an E4 draw; P2 is to play next, so the catch waits for P2's E5
    r = staged(["R3 R4 B9 G1 Y6", "G10"], "R7 Y5", "G4 B6 Y10 R1 G3")
    r.match(0, "R3", "R4")
    r.end_turn()
    r.place("B9")
    assert r.current == 1 and codes(r.hands[1]) == ["G10", "B6"]
    assert r.catch_dos(0, 1) is True
    assert codes(r.hands[1]) == ["G10", "B6"]
    r.draw()
    r.place("G10")
    assert sorted(codes(r.hands[1])) == sorted(["B6", "Y10", "R1", "G3"])


def test_the_site_ships_its_home_page_and_voila_configuration() -> None:
    from importlib.resources import files

    app = files("dos_lab.app")
    assert app.joinpath("home.ipynb").is_file()
    assert json.loads(app.joinpath("voila.json").read_text())
