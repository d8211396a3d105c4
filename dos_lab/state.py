"""The data of a round in progress, and its JSON save format.

:class:`RoundState` holds everything that changes during a round; ``Round``
(in ``round.py``) owns one and is the only code that changes it. A save is
checked strictly on load: a corrupt or tampered save (cards beyond the deck's
copies, missing or unknown fields, a phase that cannot happen) raises
:class:`InvalidInput` and never builds a broken round.

>>> state_from_dict({"format": "dos_lab.round/1"})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
dos_lab.errors.InvalidInput: the saved round is missing acted, bonuses_earned, bonuses_owed, center_row, ...
"""

from __future__ import annotations

import reprlib
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, TypeVar

from dos_lab.cards import Card, Color, Kind, check_supply, full_deck, parse_cards
from dos_lab.errors import DosError, InvalidInput
from dos_lab.events import Event, event_from_dict, event_to_dict
from dos_lab.matching import WILD_RANGE, Bonus, Match, parse_played, resolve
from dos_lab.rules import RuleSet, WildNumberInCenter

__all__ = ["SAVE_FORMAT", "Phase", "RoundState", "state_from_dict", "state_to_dict"]

SAVE_FORMAT = "dos_lab.round/1"
T = TypeVar("T")


class Phase(str, Enum):
    """Where the current turn stands (DESIGN.md §4)."""

    MATCHING = "matching"
    DREW = "drew"
    BONUS = "bonus"
    OVER = "over"


@dataclass
class RoundState:
    """Everything that changes during a round; cloned for undo and copy()."""

    hands: list[list[Card]]
    row: list[Card]
    row_fixed: list[int | None]
    draw: list[Card]  # top card LAST, so pop() is cheap; the public draw_pile is top first
    discard: list[Card]  # bottom first
    current: int
    phase: Phase = Phase.MATCHING
    turn: int = 1
    matches: list[tuple[Match, tuple[Card, ...]]] = field(default_factory=list)
    drawn: Card | None = None
    has_drawn: bool = False
    acted: bool = False
    bonuses_earned: int = 0
    double_colour: int = 0
    bonuses_owed: int = 0
    called: list[bool] = field(default_factory=list)
    exposed: list[bool] = field(default_factory=list)
    #: a missed call that can no longer be caught: it was caught already, or its window closed
    #: (until_next_turn_starts); not exposed again until the hand leaves two cards (R11.4, R11.5)
    lapsed: list[bool] = field(default_factory=list)
    penalty_pending: bool = False
    winner: int | None = None
    points: int = 0
    passes: int = 0
    reshuffles: int = 0
    log: list[Event] = field(default_factory=list)
    #: dealt from the whole deck (all 108 cards are in the round), not a staged position
    dealt: bool = False

    def clone(self) -> RoundState:
        """A copy that shares nothing mutable with this one."""
        return RoundState(
            [list(h) for h in self.hands], list(self.row), list(self.row_fixed), list(self.draw),
            list(self.discard), self.current, self.phase, self.turn, list(self.matches), self.drawn,
            self.has_drawn, self.acted, self.bonuses_earned, self.double_colour, self.bonuses_owed,
            list(self.called), list(self.exposed), list(self.lapsed), self.penalty_pending, self.winner,
            self.points, self.passes, self.reshuffles, list(self.log), self.dealt)

    def all_cards(self) -> list[Card]:
        """Every card in the round: hands, row, piles being matched, draw and discard piles."""
        cards = [c for h in self.hands for c in h] + self.row + self.draw + self.discard
        for _, played in self.matches:
            cards.extend(played)
        return cards


def state_to_dict(s: RoundState, rules: RuleSet, seed: int, dealer: int | None) -> dict[str, Any]:
    """The round as JSON-ready data (see :func:`state_from_dict`)."""
    return {
        "format": SAVE_FORMAT,
        "rules": rules.to_dict(),
        "seed": seed,
        "dealer": dealer,
        "hands": [[c.code for c in h] for h in s.hands],
        "center_row": [c.code for c in s.row],
        "center_row_values": list(s.row_fixed),
        "draw_pile": [c.code for c in reversed(s.draw)],
        "discard_pile": [c.code for c in s.discard],
        "current": s.current,
        "phase": s.phase.value,
        "turn": s.turn,
        "matches": [_match_to_dict(m) for m, _ in s.matches],
        "drawn": s.drawn.code if s.drawn is not None else None,
        "has_drawn": s.has_drawn,
        "acted": s.acted,
        "bonuses_earned": s.bonuses_earned,
        "double_colour_matches": s.double_colour,
        "bonuses_owed": s.bonuses_owed,
        "dos_called": list(s.called),
        "dos_exposed": list(s.exposed),
        "dos_lapsed": list(s.lapsed),
        "penalty_pending": s.penalty_pending,
        "winner": s.winner,
        "points": s.points,
        "passes": s.passes,
        "reshuffles": s.reshuffles,
        "log": [event_to_dict(e) for e in s.log],
        "dealt": s.dealt,
    }


_FIELDS = [
    "format", "rules", "seed", "dealer", "hands", "center_row", "center_row_values", "draw_pile", "discard_pile",
    "current", "phase", "turn", "matches", "drawn", "has_drawn", "acted", "bonuses_earned", "double_colour_matches",
    "bonuses_owed", "dos_called", "dos_exposed", "dos_lapsed", "penalty_pending", "winner", "points", "passes",
    "reshuffles", "log", "dealt",
]
#: fields a save may lack (saves written before the field existed): the value used then
_OPTIONAL = {"dealt": False}
_DECK_SIZE = len(full_deck())


def show(value: Any) -> str:
    """A short repr for messages about saves: deep or huge objects are abbreviated."""
    return reprlib.repr(value)


def _match_to_dict(match: Match) -> dict[str, Any]:
    target_as: Any = match.target_as.value if isinstance(match.target_as, Color) else match.target_as
    return {"target": match.target, "cards": list(match.cards), "target_as": target_as,
            "bonus": match.bonus.value if match.bonus is not None else None}


def _need(check: bool, message: str) -> None:
    if not check:
        raise InvalidInput(f"corrupt saved round: {message}")


def _typed(data: dict[str, Any], key: str, kind: type[T], test: Callable[[T], bool] = lambda _: True,
           what: str = "") -> T:
    value = data[key]
    ok = isinstance(value, kind) and not (kind is int and isinstance(value, bool)) and test(value)
    _need(ok, f"{key}={show(value)} {what or 'has the wrong type'}")
    return value  # type: ignore[no-any-return]


def _flags(data: dict[str, Any], key: str, players: int) -> list[bool]:
    value = data[key]
    _need(isinstance(value, list) and len(value) == players and all(isinstance(v, bool) for v in value),
          f"{key} must be a list of {players} true/false values")
    return list(value)


def _is_count(v: int) -> bool:
    return v >= 0


def state_from_dict(data: Any) -> tuple[RoundState, RuleSet, int, int | None]:
    """Check a save made by :func:`state_to_dict` and rebuild it (InvalidInput if anything is off)."""
    if not isinstance(data, dict):
        raise InvalidInput(f"a saved round is a dict, not {type(data).__name__}")
    missing = [k for k in _FIELDS if k not in data and k not in _OPTIONAL]
    unknown = sorted(k for k in data if k not in _FIELDS)
    if missing:
        raise InvalidInput(f"the saved round is missing {', '.join(sorted(missing))}")
    if unknown:
        raise InvalidInput(f"the saved round has unknown fields: {', '.join(unknown)}")
    _need(data["format"] == SAVE_FORMAT, f"format {show(data['format'])} is not {SAVE_FORMAT!r}")
    data = {**_OPTIONAL, **data}
    try:
        return _rebuild(data)
    except InvalidInput:
        raise
    except RecursionError:
        raise InvalidInput("corrupt saved round: it holds objects nested too deeply") from None
    except (DosError, TypeError, ValueError, KeyError, AttributeError) as err:
        raise InvalidInput(f"corrupt saved round: {err}") from None


def _cards(data: dict[str, Any], key: str) -> list[Card]:
    value = data[key]
    _need(isinstance(value, list) and all(isinstance(v, str) for v in value), f"{key} must be a list of card codes")
    return parse_cards(value)


def _rebuild(data: dict[str, Any]) -> tuple[RoundState, RuleSet, int, int | None]:
    rules = RuleSet.from_dict(data["rules"])
    seed = _typed(data, "seed", int)
    hands_raw = data["hands"]
    _need(isinstance(hands_raw, list) and 2 <= len(hands_raw) <= 4, "hands must list 2 to 4 hands (R1.6)")
    players = len(hands_raw)
    hands = [parse_cards(_typed({"hand": h}, "hand", list)) for h in hands_raw]
    dealer = data["dealer"]
    _need(dealer is None or (isinstance(dealer, int) and not isinstance(dealer, bool) and 0 <= dealer < players),
          f"dealer={show(dealer)} is not a player")
    row = _cards(data, "center_row")
    fixed = data["center_row_values"]
    _need(isinstance(fixed, list) and len(fixed) == len(row), "center_row_values must match the center row")
    for card, value in zip(row, fixed, strict=True):
        if value is not None:
            _need(card.kind is Kind.WILD_NUMBER and value in WILD_RANGE
                  and rules.wild_number_in_center is WildNumberInCenter.DECLARED_WHEN_PLACED,
                  f"{card} cannot carry the value {show(value)} (R10.2)")
    draw = _cards(data, "draw_pile")[::-1]
    discard = _cards(data, "discard_pile")
    current = _typed(data, "current", int, lambda v: 0 <= v < players, "is not a player")
    phase_raw = data["phase"]
    _need(isinstance(phase_raw, str) and phase_raw in {p.value for p in Phase},
          f"phase {show(phase_raw)} does not exist")
    phase = Phase(phase_raw)
    matches = _matches(data["matches"], row, fixed)
    drawn = None if data["drawn"] is None else parse_cards([_typed(data, "drawn", str)])[0]
    state = RoundState(
        hands, row, list(fixed), draw, discard, current, phase,
        turn=_typed(data, "turn", int, lambda v: v >= 1, "must be 1 or more"),
        matches=matches, drawn=drawn,
        has_drawn=_typed(data, "has_drawn", bool), acted=_typed(data, "acted", bool),
        bonuses_earned=_typed(data, "bonuses_earned", int, _is_count),
        double_colour=_typed(data, "double_colour_matches", int, _is_count),
        bonuses_owed=_typed(data, "bonuses_owed", int, _is_count),
        called=_flags(data, "dos_called", players), exposed=_flags(data, "dos_exposed", players),
        lapsed=_flags(data, "dos_lapsed", players),
        penalty_pending=_typed(data, "penalty_pending", bool),
        winner=data["winner"], points=_typed(data, "points", int, _is_count),
        passes=_typed(data, "passes", int, lambda v: 0 <= v < players, "is out of range"),
        reshuffles=_typed(data, "reshuffles", int, _is_count),
        log=[event_from_dict(e) for e in _typed(data, "log", list)],
        dealt=_typed(data, "dealt", bool),
    )
    everything = state.all_cards()
    check_supply(everything, "the saved round")
    _need(not state.dealt or len(everything) == _DECK_SIZE,
          f"a dealt round holds all {_DECK_SIZE} cards, but this one holds {len(everything)} (R1.1)")
    _check_phase(state, players)
    if state.dealt:  # play passes left one player a turn, starting left of the dealer (R2.5)
        _need(dealer is not None and state.current == (dealer + state.turn) % players,
              f"in a dealt round turn {state.turn} belongs to the player {state.turn} seats left of the dealer")
    return state, rules, seed, dealer


def _matches(raw: Any, row: list[Card], fixed: list[int | None]) -> list[tuple[Match, tuple[Card, ...]]]:
    _need(isinstance(raw, list), "matches must be a list")
    out: list[tuple[Match, tuple[Card, ...]]] = []
    for item in raw:
        _need(isinstance(item, dict) and set(item) == {"target", "cards", "target_as", "bonus"},
              f"match {show(item)} must have target, cards, target_as and bonus")
        target = _typed(item, "target", int, lambda v: 0 <= v < len(row), "is not a row position")
        _need(all(m.target != target for m, _ in out), f"row card {target} is matched twice (R4.3)")
        cards = _typed(item, "cards", list)
        played = [parse_played(c) for c in cards]
        match = resolve(row[target], played, fixed=fixed[target], target_as=item["target_as"], index=target)
        saved_bonus = item["bonus"]
        _need(list(match.cards) == cards and (match.bonus.value if match.bonus else None) == saved_bonus,
              f"match {show(item)} does not agree with the rules (R4, R6)")
        out.append((match, tuple(p.card for p in played)))
    return out


def _check_phase(s: RoundState, players: int) -> None:
    hand = s.hands[s.current]
    bonus_matches = sum(1 for m, _ in s.matches if m.bonus is not None)
    double_matches = sum(1 for m, _ in s.matches if m.bonus is Bonus.DOUBLE_COLOUR)
    if s.matches:
        _need(s.bonuses_earned == bonus_matches and s.double_colour == double_matches,
              "the bonus counts do not agree with the matches made (R6.4)")
    _need(s.double_colour <= s.bonuses_earned, "more double colour matches than bonuses (R6.4)")
    if s.phase is Phase.MATCHING:
        _need(not s.has_drawn and s.drawn is None and s.bonuses_owed == 0,
              "a turn in the matching phase cannot have drawn or owe bonuses")
    elif s.phase is Phase.DREW:
        _need(s.has_drawn and s.bonuses_owed == 0, "the drew phase needs a draw and no owed bonuses")
        if s.drawn is not None:
            in_match = any(s.drawn in cards for _, cards in s.matches)
            _need(s.drawn in hand or in_match, f"the drawn card {s.drawn} is neither in hand nor matched")
    elif s.phase is Phase.BONUS:
        _need(not s.matches and 1 <= s.bonuses_owed <= s.bonuses_earned and bool(hand),
              "the bonus phase needs owed bonuses, a hand, and no open matches (R8 E3)")
    else:
        _need(not s.matches and s.bonuses_owed == 0 and not s.penalty_pending, "a finished round has open actions")
    if s.phase is not Phase.MATCHING:
        _need(s.acted or s.phase is Phase.OVER, "an action was taken, so acted must be true")
    if s.drawn is not None:
        _need(s.has_drawn and s.phase in (Phase.DREW, Phase.BONUS), "only a turn that drew keeps a drawn card")
    if s.phase is Phase.OVER:
        if s.winner is not None:
            _need(isinstance(s.winner, int) and not isinstance(s.winner, bool) and 0 <= s.winner < players
                  and not s.hands[s.winner], f"winner {show(s.winner)} still holds cards (R12.1)")
            expected = sum(c.points for p, h in enumerate(s.hands) if p != s.winner for c in h)
            _need(s.points == expected, f"points {s.points} should be {expected} (R13.1)")
        else:
            _need(s.points == 0, "a round with no winner scores nothing (R14.2)")
    else:
        _need(s.winner is None and s.points == 0, "a round in play has no winner yet")
        for p in range(players):
            _need(p == s.current or bool(s.hands[p]),
                  f"P{p + 1} holds no cards, so the round would be over (R12.1)")
    for p in range(players):
        _need(not (s.called[p] and len(s.hands[p]) != 2), f"P{p + 1} cannot have called DOS without two cards")
        _need(not (s.lapsed[p] and (s.exposed[p] or len(s.hands[p]) != 2)),
              f"P{p + 1} cannot have a lapsed DOS call (R11.5)")
        _need(not (s.exposed[p] and (s.called[p] or len(s.hands[p]) != 2)),
              f"P{p + 1} cannot be exposed (R11.3)")
    _need(not s.penalty_pending or s.phase is not Phase.OVER, "a penalty is pending in a finished round")
