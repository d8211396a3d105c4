"""What the setup and tournament panels call a rule option, an option's value, a computer player and a staged
position, in the current language (the English names are translated when shown).

>>> value_label("greedy"), value_label("some_new_value")
('greedy', 'some new value')
"""

from __future__ import annotations

from dos_lab.i18n import gettext, noop

__all__ = ["RULE_LABELS", "VALUE_LABELS", "value_label"]

#: option name -> what the setup panel calls it (with its RULES.md reference; translated when shown)
RULE_LABELS: dict[str, str] = {
    "after_draw_matching": noop("After drawing, you may match (D2)"),
    "bonus_placement": noop("Colour-bonus placements are (D3)"),
    "wild_number_in_center": noop("A Wild # in the Center Row gets its number (D4)"),
    "dos_checkpoints": noop("DOS! must be called (D5)"),
    "dos_catch_window": noop("A missed DOS can be caught (D6)"),
    "penalty_vs_going_out": noop("Penalty vs empty hand (D7)"),
    "empty_draw_pile": noop("Empty draw pile (D8)"),
    "dealer_rotation": noop("Next dealer (D1)"),
    "reflip_wilds_in_initial_center": noop("Re-flip wilds turned up in the row (D10)"),
    "target_score": noop("Play to (R13.3)"),
    "hand_size": noop("Cards dealt (R2.2)"),
    "dos_penalty": noop("DOS penalty cards (R11.1)"),
}
#: what each value of a rule option, each computer player and each staged position is called on the panel
VALUE_LABELS: dict[str, str] = {
    "drawn_card_only": noop("the drawn card only"), "any_matches": noop("any matches"),
    "mandatory": noop("mandatory"), "optional": noop("optional"),
    "matcher_declares": noop("the matcher declares it"), "declared_when_placed": noop("declared when placed"),
    "rest_points": noop("at the fixed moments (R11.4)"), "end_of_own_turn": noop("at the end of your own turn"),
    "every_card_movement": noop("at every card movement"),
    "until_hand_size_changes": noop("until the hand size changes"),
    "until_next_turn_starts": noop("until the next turn starts"),
    "penalty_first": noop("penalty first"), "empty_hand_ends_round": noop("an empty hand ends the round"),
    "reshuffle_discards": noop("reshuffle the discards"), "skip_draw": noop("skip the draw"),
    "pass_left": noop("passes to the left"), "winner_deals": noop("the winner deals"),
    "random": noop("random"), "greedy": noop("greedy"), "tactician": noop("tactician"),
    "colour-match": noop("a colour match"), "dos-call": noop("a DOS call"), "going-out": noop("going out"),
}


def value_label(value: str) -> str:
    """What the panel calls an option value, a computer player or a position, in the current language."""
    return gettext(VALUE_LABELS[value]) if value in VALUE_LABELS else value.replace("_", " ")
