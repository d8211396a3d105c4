"""Rule options: every disputed or unstated point of RULES.md §3, with its default.

``RuleSet()`` is classic DOS (FRM36) with the documented defaults. Options are
keyword fields; their values are lower-case strings (``str`` enums), so both
``RuleSet(after_draw_matching="any_matches")`` and the enum member work.

>>> rules = RuleSet(after_draw_matching="any_matches")
>>> rules.after_draw_matching
<AfterDraw.ANY_MATCHES: 'any_matches'>
>>> rules == RuleSet(after_draw_matching=AfterDraw.ANY_MATCHES), rules.target_score
(True, 200)
>>> rules
RuleSet(after_draw_matching='any_matches')
>>> RuleSet(bonus_placement="sometimes")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
dos_lab.errors.InvalidInput: bonus_placement='sometimes' is not an option value; choose one of 'mandatory', ...
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import Any

from dos_lab.errors import InvalidInput, whole_number

__all__ = [
    "INT_RANGES",
    "PRESETS",
    "AfterDraw",
    "BonusPlacement",
    "CatchWindow",
    "DealerRotation",
    "DosCheckpoints",
    "EmptyDrawPile",
    "PenaltyVsGoingOut",
    "RuleSet",
    "WildNumberInCenter",
]


class AfterDraw(str, Enum):
    """D2 — what may be done after drawing (R7.2)."""

    DRAWN_CARD_ONLY = "drawn_card_only"
    ANY_MATCHES = "any_matches"


class BonusPlacement(str, Enum):
    """D3 — must colour-match bonus cards be placed (R8 E3)?"""

    MANDATORY = "mandatory"
    OPTIONAL = "optional"


class WildNumberInCenter(str, Enum):
    """D4 — who fixes the number of a Wild # lying in the Center Row (R10.2)."""

    MATCHER_DECLARES = "matcher_declares"
    DECLARED_WHEN_PLACED = "declared_when_placed"


class DosCheckpoints(str, Enum):
    """D5 — when the obligation to call DOS arises (R11.4)."""

    REST_POINTS = "rest_points"
    END_OF_OWN_TURN = "end_of_own_turn"
    EVERY_CARD_MOVEMENT = "every_card_movement"


class CatchWindow(str, Enum):
    """D6 — how long a missed DOS call can be caught (R11.5)."""

    UNTIL_HAND_SIZE_CHANGES = "until_hand_size_changes"
    UNTIL_NEXT_TURN_STARTS = "until_next_turn_starts"


class PenaltyVsGoingOut(str, Enum):
    """D7 — a pending DOS penalty against an emptied hand (R11.6)."""

    PENALTY_FIRST = "penalty_first"
    EMPTY_HAND_ENDS_ROUND = "empty_hand_ends_round"


class EmptyDrawPile(str, Enum):
    """D8 — what happens when a card must be drawn from an empty draw pile (R14)."""

    RESHUFFLE_DISCARDS = "reshuffle_discards"
    SKIP_DRAW = "skip_draw"


class DealerRotation(str, Enum):
    """D1 — who deals the next round (R2.6)."""

    PASS_LEFT = "pass_left"
    WINNER_DEALS = "winner_deals"


#: option name -> (enum type or python type, default, RULES.md reference)
_OPTIONS: dict[str, tuple[type, Any, str]] = {
    "after_draw_matching": (AfterDraw, AfterDraw.DRAWN_CARD_ONLY, "D2"),
    "bonus_placement": (BonusPlacement, BonusPlacement.MANDATORY, "D3"),
    "wild_number_in_center": (WildNumberInCenter, WildNumberInCenter.MATCHER_DECLARES, "D4"),
    "dos_checkpoints": (DosCheckpoints, DosCheckpoints.REST_POINTS, "D5"),
    "dos_catch_window": (CatchWindow, CatchWindow.UNTIL_HAND_SIZE_CHANGES, "D6"),
    "penalty_vs_going_out": (PenaltyVsGoingOut, PenaltyVsGoingOut.PENALTY_FIRST, "D7"),
    "empty_draw_pile": (EmptyDrawPile, EmptyDrawPile.RESHUFFLE_DISCARDS, "D8"),
    "dealer_rotation": (DealerRotation, DealerRotation.PASS_LEFT, "D1"),
    "reflip_wilds_in_initial_center": (bool, False, "D10"),
    "target_score": (int, 200, "R13.3"),
    "hand_size": (int, 7, "R2.2"),
    "dos_penalty": (int, 2, "R11.1"),
}
#: the smallest and largest value of each whole-number option (a setup form offers no other)
INT_RANGES: dict[str, tuple[int, int]] = {"target_score": (1, 100_000), "hand_size": (1, 20), "dos_penalty": (0, 10)}


class RuleSet:
    """An immutable, hashable set of rule options (RULES.md §3).

    Options not given keep their classic default. ``replace()`` returns a copy
    with some options changed; ``to_dict()``/``from_dict()`` round-trip.
    """

    __slots__ = tuple(_OPTIONS)

    after_draw_matching: AfterDraw
    bonus_placement: BonusPlacement
    wild_number_in_center: WildNumberInCenter
    dos_checkpoints: DosCheckpoints
    dos_catch_window: CatchWindow
    penalty_vs_going_out: PenaltyVsGoingOut
    empty_draw_pile: EmptyDrawPile
    dealer_rotation: DealerRotation
    reflip_wilds_in_initial_center: bool
    target_score: int
    hand_size: int
    dos_penalty: int

    def __init__(self, **options: Any) -> None:
        unknown = sorted(set(options) - set(_OPTIONS))
        if unknown:
            raise InvalidInput(
                f"unknown rule option {unknown[0]!r}; the options are {', '.join(_OPTIONS)} (RULES.md §3)")
        for name, (kind, default, ref) in _OPTIONS.items():
            object.__setattr__(self, name, _coerce(name, kind, options.get(name, default), ref))

    def replace(self, **changes: Any) -> RuleSet:
        """A copy with some options changed.

        >>> RuleSet().replace(target_score=100).target_score
        100
        """
        return RuleSet(**{**self.to_dict(), **changes})

    def to_dict(self) -> dict[str, Any]:
        """Every option as plain JSON values.

        >>> RuleSet().to_dict()["dos_checkpoints"]
        'rest_points'
        """
        return {name: _plain(getattr(self, name)) for name in _OPTIONS}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RuleSet:
        """The rule set saved by :meth:`to_dict` (missing options take their defaults)."""
        if not isinstance(data, Mapping):
            raise InvalidInput(f"rules must be a mapping of option names to values, not {type(data).__name__}")
        return cls(**dict(data))

    @classmethod
    def preset(cls, name: str) -> RuleSet:
        """A named preset from :data:`PRESETS`, e.g. ``RuleSet.preset("polish")``.

        >>> RuleSet.preset("polish").dealer_rotation.value
        'winner_deals'
        """
        try:
            return cls(**PRESETS[name])
        except KeyError:
            raise InvalidInput(f"unknown preset {name!r}; choose one of {', '.join(PRESETS)}") from None

    def differences(self) -> dict[str, Any]:
        """The options that differ from classic DOS, as plain values."""
        return {name: value for name, value in self.to_dict().items() if value != _plain(_OPTIONS[name][1])}

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("RuleSet is immutable; use rules.replace(...)")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RuleSet):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in _OPTIONS)

    def __hash__(self) -> int:
        return hash(tuple(getattr(self, name) for name in _OPTIONS))

    def __reduce__(self) -> tuple[Any, tuple[dict[str, Any]]]:
        return (RuleSet.from_dict, (self.to_dict(),))

    def __repr__(self) -> str:
        args = ", ".join(f"{name}={value!r}" for name, value in self.differences().items())
        return f"RuleSet({args})"


def _plain(value: Any) -> Any:
    return value.value if isinstance(value, Enum) else value


def _coerce(name: str, kind: type, value: Any, ref: str) -> Any:
    if kind is bool:
        if isinstance(value, bool):
            return value
        raise InvalidInput(f"{name}={value!r} must be True or False (RULES.md §3, {ref})")
    if kind is int:
        low, high = INT_RANGES[name]
        if not whole_number(value) or not low <= value <= high:
            raise InvalidInput(f"{name}={value!r} must be a whole number from {low} to {high} ({ref})")
        return value
    assert issubclass(kind, Enum)
    if isinstance(value, kind):
        return value
    if isinstance(value, str):
        try:
            return kind(value.strip().lower())
        except ValueError:
            pass
    choices = ", ".join(repr(member.value) for member in kind)
    raise InvalidInput(f"{name}={value!r} is not an option value; choose one of {choices} (RULES.md §3, {ref})")


#: Named rule sets for the readings of the main sources (RULES.md §3).
PRESETS: dict[str, dict[str, Any]] = {
    # the defaults: the official sheet as closely as the sources allow
    "classic": {},
    # S-PL: the winner deals; the DOS obligation is checked after your turn
    "polish": {"dealer_rotation": "winner_deals", "dos_checkpoints": "end_of_own_turn"},
    # NAGS and JM: any match after a draw
    "any_match_after_draw": {"after_draw_matching": "any_matches"},
    # a gentle table for first games: any match after drawing, bonus cards optional,
    # missed DOS calls can be caught only until the next turn starts
    "family": {"after_draw_matching": "any_matches", "bonus_placement": "optional",
               "dos_catch_window": "until_next_turn_starts"},
    # the literal reading of the sheet: any moment with two cards counts
    "strict_dos": {"dos_checkpoints": "every_card_movement"},
    # a shorter game for a lesson
    "quick": {"target_score": 100},
}
