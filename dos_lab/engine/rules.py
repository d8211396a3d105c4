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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType
from typing import Any

from dos_lab.errors import InvalidInput, whole_number
from dos_lab.i18n import gettext, ngettext, noop, noop_plural

__all__ = [
    "INT_RANGES",
    "PRESETS",
    "RULE_OPTIONS",
    "AfterDraw",
    "BonusPlacement",
    "CatchWindow",
    "DealerRotation",
    "DosCheckpoints",
    "EmptyDrawPile",
    "PenaltyVsGoingOut",
    "RuleOption",
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


@dataclass(frozen=True, eq=False)
class RuleOption:
    """One rule option of RULES.md §3: its name, what it takes, its default, the point it cites, and its words.

    The words are English message ids of the ``dos_lab`` catalogs, translated when shown: ``label`` names the
    option on the setup panel, ``value_labels`` name each value of a choice there, and ``sentences`` say what a
    chosen value other than the default changes, for :func:`dos_lab.play.steps.option_words` (``{rule}`` is the
    point cited; a sentence without it gets ``(rule)`` after it). A whole-number option has ``count_sentence``,
    a singular and a plural with ``{count}``.

    >>> option = RULE_OPTIONS["dos_catch_window"]
    >>> option.ref, option.default.value, [value.value for value in option.values]
    ('D6', 'until_hand_size_changes', ['until_hand_size_changes', 'until_next_turn_starts'])
    >>> option.label, option.value_labels["until_next_turn_starts"]
    ('A missed DOS can be caught (D6)', 'until the next turn starts')
    >>> option.words("until_next_turn_starts")
    'a missed DOS can be caught only until the next turn starts (D6)'
    >>> RULE_OPTIONS["hand_size"].values, RULE_OPTIONS["target_score"].words(100)
    (range(1, 21), 'the game is played to 100 points (R13.3)')
    """

    name: str
    #: an ``Enum`` (a choice), ``bool`` (on or off) or ``int`` (a whole number)
    kind: type
    default: Any
    #: every value allowed: the enum's members, ``(False, True)``, or a ``range`` of whole numbers
    values: Sequence[Any]
    #: the RULES.md point it cites, e.g. ``"D2"`` or ``"R13.3"``
    ref: str
    label: str
    value_labels: Mapping[str, str] = field(default_factory=dict)
    sentences: Mapping[Any, str] = field(default_factory=dict)
    count_sentence: tuple[str, str] | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "value_labels", MappingProxyType(dict(self.value_labels)))
        object.__setattr__(self, "sentences", MappingProxyType(dict(self.sentences)))

    def words(self, value: Any) -> str:
        """What choosing ``value`` changes, in the current language, with the point it cites (a value with no
        words raises ``KeyError``: the table must word every value a rule set can differ in)."""
        if self.count_sentence is not None:
            text = ngettext(*self.count_sentence, value)
        else:
            text = gettext(self.sentences[_plain(value)])
        return (text if "{rule}" in text else text + " ({rule})").format(count=value, rule=self.ref)


def _choice(name: str, kind: type[Enum], ref: str, label: str,
            words: Mapping[str, tuple[str, str | None]]) -> RuleOption:
    """An option with one value of ``kind`` to choose; ``words`` gives each value's panel word and sentence, the
    default (the first member of ``kind``, classic DOS) first and without a sentence."""
    members = tuple(kind)
    return RuleOption(name, kind, members[0], members, ref, label,
                      value_labels={value: word for value, (word, _) in words.items()},
                      sentences={value: sentence for value, (_, sentence) in words.items() if sentence is not None})


def _whole(name: str, default: int, low: int, high: int, ref: str, label: str, words: tuple[str, str]) -> RuleOption:
    return RuleOption(name, int, default, range(low, high + 1), ref, label, count_sentence=words)


#: Every rule option, by name, in the order the setup panel shows them: what ``RuleSet`` takes, validates and
#: saves, what the panel offers, and how ``option_words`` and the docs word it.
RULE_OPTIONS: Mapping[str, RuleOption] = MappingProxyType({option.name: option for option in (
    _choice("after_draw_matching", AfterDraw, "D2", noop("After drawing, you may match (D2)"), {
        "drawn_card_only": (noop("the drawn card only"), None),
        "any_matches": (noop("any matches"), noop("after a draw, any matches may be made"))}),
    _choice("bonus_placement", BonusPlacement, "D3", noop("Colour-bonus placements are (D3)"), {
        "mandatory": (noop("mandatory"), None),
        "optional": (noop("optional"), noop("placing bonus cards is optional"))}),
    _choice("wild_number_in_center", WildNumberInCenter, "D4",
            noop("A Wild # in the Center Row gets its number (D4)"), {
        "matcher_declares": (noop("the matcher declares it"), None),
        "declared_when_placed": (noop("declared when placed"),
                                 noop("a Wild # placed in the Center Row keeps the number said when it was placed"))}),
    _choice("dos_checkpoints", DosCheckpoints, "D5", noop("DOS! must be called (D5)"), {
        "rest_points": (noop("at the fixed moments (R11.4)"), None),
        "end_of_own_turn": (noop("at the end of your own turn"),
                            noop("DOS is checked only at the end of your own turn")),
        "every_card_movement": (noop("at every card movement"), noop("DOS is checked after every card movement"))}),
    _choice("dos_catch_window", CatchWindow, "D6", noop("A missed DOS can be caught (D6)"), {
        "until_hand_size_changes": (noop("until the hand size changes"), None),
        "until_next_turn_starts": (noop("until the next turn starts"),
                                   noop("a missed DOS can be caught only until the next turn starts"))}),
    _choice("penalty_vs_going_out", PenaltyVsGoingOut, "D7", noop("Penalty vs empty hand (D7)"), {
        "penalty_first": (noop("penalty first"), None),
        "empty_hand_ends_round": (noop("an empty hand ends the round"),
                                  noop("going out cancels a DOS penalty still owed"))}),
    _choice("empty_draw_pile", EmptyDrawPile, "D8", noop("Empty draw pile (D8)"), {
        "reshuffle_discards": (noop("reshuffle the discards"), None),
        "skip_draw": (noop("skip the draw"), noop("an empty draw pile is not refilled from the discards"))}),
    _choice("dealer_rotation", DealerRotation, "D1", noop("Next dealer (D1)"), {
        "pass_left": (noop("passes to the left"), None),
        "winner_deals": (noop("the winner deals"), noop("the winner of a round deals the next one"))}),
    RuleOption("reflip_wilds_in_initial_center", bool, False, (False, True), "D10",
               noop("Re-flip wilds turned up in the row (D10)"),
               sentences={True: noop("wild cards turned up for the Center Row, at the start or in a refill, are "
                                     "replaced ({rule})")}),
    _whole("target_score", 200, 1, 100_000, "R13.3", noop("Play to (R13.3)"),
           noop_plural("the game is played to {count} point ({rule})",
                       "the game is played to {count} points ({rule})")),
    _whole("hand_size", 7, 1, 20, "R2.2", noop("Cards dealt (R2.2)"),
           noop_plural("each player is dealt {count} card ({rule})", "each player is dealt {count} cards ({rule})")),
    _whole("dos_penalty", 2, 0, 10, "R11.1", noop("DOS penalty cards (R11.1)"),
           noop_plural("a player caught without a DOS call draws {count} penalty card ({rule})",
                       "a player caught without a DOS call draws {count} penalty cards ({rule})")),
)})
#: the smallest and largest value of each whole-number option (a setup form offers no other)
INT_RANGES: dict[str, tuple[int, int]] = {
    name: (option.values[0], option.values[-1]) for name, option in RULE_OPTIONS.items() if option.kind is int}
#: the old private form of :data:`RULE_OPTIONS`: option name -> (kind, default, RULES.md reference)
_OPTIONS: dict[str, tuple[type, Any, str]] = {
    name: (option.kind, option.default, option.ref) for name, option in RULE_OPTIONS.items()}


class RuleSet:
    """An immutable, hashable set of rule options (RULES.md §3).

    Options not given keep their classic default. ``replace()`` returns a copy
    with some options changed; ``to_dict()``/``from_dict()`` round-trip.
    """

    __slots__ = tuple(RULE_OPTIONS)

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
        unknown = sorted(set(options) - set(RULE_OPTIONS))
        if unknown:
            raise InvalidInput(
                f"unknown rule option {unknown[0]!r}; the options are {', '.join(RULE_OPTIONS)} (RULES.md §3)")
        for name, option in RULE_OPTIONS.items():
            object.__setattr__(self, name, _coerce(option, options.get(name, option.default)))

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
        return {name: _plain(getattr(self, name)) for name in RULE_OPTIONS}

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
        return {name: value for name, value in self.to_dict().items() if value != _plain(RULE_OPTIONS[name].default)}

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("RuleSet is immutable; use rules.replace(...)")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RuleSet):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in RULE_OPTIONS)

    def __hash__(self) -> int:
        return hash(tuple(getattr(self, name) for name in RULE_OPTIONS))

    def __reduce__(self) -> tuple[Any, tuple[dict[str, Any]]]:
        return (RuleSet.from_dict, (self.to_dict(),))

    def __repr__(self) -> str:
        args = ", ".join(f"{name}={value!r}" for name, value in self.differences().items())
        return f"RuleSet({args})"


def _plain(value: Any) -> Any:
    return value.value if isinstance(value, Enum) else value


def _coerce(option: RuleOption, value: Any) -> Any:
    name, kind, ref = option.name, option.kind, option.ref
    if kind is bool:
        if isinstance(value, bool):
            return value
        raise InvalidInput(f"{name}={value!r} must be True or False (RULES.md §3, {ref})")
    if kind is int:
        low, high = option.values[0], option.values[-1]
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
