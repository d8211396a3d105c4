"""RuleSet: every option of RULES.md §3 with its default."""

import pickle

import pytest

from dos_lab import InvalidInput, RuleSet
from dos_lab.rules import PRESETS, AfterDraw

from helpers import RULE_DEFAULTS as DEFAULTS


def test_defaults_are_classic_dos() -> None:
    rules = RuleSet()
    assert rules.to_dict() == DEFAULTS
    for name, value in DEFAULTS.items():
        assert getattr(rules, name) == value  # str enums compare equal to their values


@pytest.mark.parametrize("name, value", [
    ("after_draw_matching", "any_matches"), ("bonus_placement", "optional"),
    ("wild_number_in_center", "declared_when_placed"), ("dos_checkpoints", "end_of_own_turn"),
    ("dos_checkpoints", "every_card_movement"), ("dos_catch_window", "until_next_turn_starts"),
    ("penalty_vs_going_out", "empty_hand_ends_round"), ("empty_draw_pile", "skip_draw"),
    ("dealer_rotation", "winner_deals"), ("reflip_wilds_in_initial_center", True), ("target_score", 100),
    ("hand_size", 5), ("dos_penalty", 4),
])
def test_every_alternative_is_accepted(name: str, value: object) -> None:
    rules = RuleSet(**{name: value})
    assert getattr(rules, name) == value
    assert rules.differences() == {name: value}
    assert RuleSet.from_dict(rules.to_dict()) == rules


@pytest.mark.parametrize("options", [
    {"after_draw": "any_matches"}, {"bonus_placement": "sometimes"}, {"target_score": 0},
    {"target_score": "200"}, {"reflip_wilds_in_initial_center": "yes"}, {"hand_size": True},
])
def test_unknown_options_and_values_raise_invalid_input(options: dict[str, object]) -> None:
    with pytest.raises(InvalidInput):
        RuleSet(**options)


def test_enum_members_and_case_are_accepted() -> None:
    assert RuleSet(after_draw_matching=AfterDraw.ANY_MATCHES) == RuleSet(after_draw_matching="ANY_MATCHES")


def test_rulesets_are_immutable_hashable_and_picklable() -> None:
    rules = RuleSet(bonus_placement="optional")
    with pytest.raises(AttributeError):
        rules.target_score = 5  # type: ignore[misc]
    assert len({rules, RuleSet(bonus_placement="optional"), RuleSet()}) == 2
    assert pickle.loads(pickle.dumps(rules)) == rules
    assert rules.replace(target_score=50).target_score == 50 and rules.target_score == 200
    assert repr(rules) == "RuleSet(bonus_placement='optional')"


def test_presets_build_and_unknown_preset_is_refused() -> None:
    for name in PRESETS:
        assert isinstance(RuleSet.preset(name), RuleSet)
    assert RuleSet.preset("classic") == RuleSet()
    with pytest.raises(InvalidInput, match="nope"):
        RuleSet.preset("nope")
