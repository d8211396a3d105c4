"""What the current player of a round may match now, and which declarations a proposed play still needs.

:func:`list_matches` applies the turn's phase and the after-draw rule (R7.2, D2) to
:func:`~dos_lab.engine.matching.legal_matches_for`. A :class:`MatchOptions` keeps the list of a round's current
state until the next action: simulations ask for it again and again, and after a match the choices left follow
from the list before it (:func:`matches_left`) without listing them anew.

>>> from dos_lab.engine.cards import parse_cards
>>> from dos_lab.engine.rules import RuleSet
>>> s = RoundState([parse_cards("R7 B3 G4"), parse_cards("Y1")], parse_cards("B7 Y5"), [None, None], [], [], 0)
>>> [m.describe() for m in MatchOptions().current(s, RuleSet())]
['R7 on B7: single number match', 'B3+G4 on B7: double number match']
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from dos_lab.engine.cards import COLORS, Card, Color, Kind
from dos_lab.engine.matching import WILD_RANGE, Match, Played, legal_matches_for, parse_played, resolve
from dos_lab.engine.rules import AfterDraw, RuleSet, WildNumberInCenter
from dos_lab.engine.state import Phase, RoundState
from dos_lab.errors import DosError

__all__ = ["DEFAULT_PLACED_WILD_VALUE", "Declaration", "MatchOptions", "declarations_needed", "list_matches",
           "matches_left", "placement_declarations", "resolve_at"]

#: the value the engine declares for a Wild # placed without one under ``declared_when_placed``
DEFAULT_PLACED_WILD_VALUE = 10


@dataclass(frozen=True, slots=True)
class Declaration:
    """A wild card of a proposed play that is still undeclared (:meth:`Round.declarations_needed`).

    ``on_row`` tells a Center Row card (``position`` is its row index) from a hand
    card (``position`` is its place among the cards of the play). ``choices`` are the
    declarations that keep the play legal — colours for a Wild DOS, numbers 1–10 for
    a Wild # — in a fixed order; ``default`` is the one the engine would choose if it
    is left out (``None`` if no declaration makes the play legal).
    """

    card: Card
    position: int
    on_row: bool
    choices: tuple[int | Color, ...]
    default: int | Color | None


def list_matches(s: RoundState, rules: RuleSet) -> list[Match]:
    """Every legal match for the current player of ``s`` now (see :meth:`Round.legal_matches`)."""
    must_use: Card | None = None
    if s.phase is Phase.DREW:
        if rules.after_draw_matching is AfterDraw.DRAWN_CARD_ONLY:
            if s.matches or s.drawn is None:
                return []
            must_use = s.drawn
    elif s.phase is not Phase.MATCHING:
        return []
    return legal_matches_for(s.hands[s.current], s.center_row, fixed=s.center_row_values,
                             skip=[m.target for m, _ in s.matches] if s.matches else (), must_use=must_use)


def matches_left(s: RoundState, rules: RuleSet, options: list[Match], found: Match,
                 played: tuple[Played, ...]) -> list[Match] | None:
    """The legal matches after ``found``, from the list before it, or None if they must be listed anew.

    While matching goes on, the row stays as it is and the hand only loses cards, so the choices
    left are the earlier ones on other row cards that use none of the cards just played, in the
    same order, unless a card just played is still in hand (two alike: the order can change).
    """
    if s.phase is Phase.DREW and rules.after_draw_matching is AfterDraw.DRAWN_CARD_ONLY:
        return []  # one match after a draw, and it is made (R7.2)
    hand = s.hands[s.current]
    used = {p.card.code for p in played}
    if any(p.card in hand for p in played):
        return None
    return [m for m in options if m.target != found.target
            and not any(code.partition("=")[0] in used for code in m.cards)]


class MatchOptions:
    """The legal matches of a round's current state, worked out once and kept until the round changes."""

    __slots__ = ("_before_match", "known")

    def __init__(self) -> None:
        #: the list for the current state, or None until it is asked for
        self.known: list[Match] | None = None
        #: after a match: the list before it, the match and its cards (see matches_left)
        self._before_match: tuple[list[Match], Match, tuple[Played, ...]] | None = None

    def current(self, s: RoundState, rules: RuleSet) -> list[Match]:
        """The list for ``s`` (the kept one: callers copy it before handing it out)."""
        if self.known is None:
            if self._before_match is not None:
                self.known = matches_left(s, rules, *self._before_match)
            if self.known is None:
                self.known = list_matches(s, rules)
        return self.known

    def matched(self, options: list[Match] | None, found: Match, played: tuple[Played, ...]) -> None:
        """``found`` was just played from a state whose list was ``options`` (None: never asked for)."""
        self.known = None
        self._before_match = (options, found, played) if options is not None else None

    def forget(self) -> None:
        """The round changed in a way no earlier list tells about."""
        self.known = self._before_match = None


def placement_declarations(rules: RuleSet, played: Played) -> list[Declaration]:
    """What a placement of ``played`` still needs declared: a Wild # placed under ``declared_when_placed`` takes a
    number (see :meth:`Round.declarations_needed`)."""
    if (played.card.kind is Kind.WILD_NUMBER and played.value is None
            and rules.wild_number_in_center is WildNumberInCenter.DECLARED_WHEN_PLACED):
        return [Declaration(played.card, 0, False, WILD_RANGE, DEFAULT_PLACED_WILD_VALUE)]
    return []


def declarations_needed(row_card: Card, fixed: int | None, index: int, played: list[Played],
                        target_as: int | Color | str | None) -> list[Declaration]:
    """The wild cards of a match of ``played`` on ``row_card`` (at row ``index``, its number ``fixed`` if one was
    declared when it was placed) that are still undeclared (see :meth:`Round.declarations_needed`)."""

    def legal(options: list[Played], as_: int | Color | str | None) -> Match | None:
        try:
            return resolve_at(row_card, tuple(options), fixed, as_, index)
        except DosError:
            return None

    chosen = legal(played, target_as)
    needs: list[Declaration] = []
    if target_as is None and (row_card.kind is Kind.WILD_DOS or (
            row_card.kind is Kind.WILD_NUMBER and fixed is None)):
        options: tuple[int | Color, ...] = COLORS if row_card.kind is Kind.WILD_DOS else WILD_RANGE
        choices = tuple(o for o in options if legal(played, o) is not None)
        needs.append(Declaration(row_card, index, True, choices, chosen.target_as if chosen else None))
    for position, p in enumerate(played):
        if not p.card.is_wild or p.value is not None or p.color is not None:
            continue
        dos = p.card.kind is Kind.WILD_DOS
        opts: tuple[int | Color, ...] = COLORS if dos else WILD_RANGE
        choices = tuple(o for o in opts if legal(
            [*played[:position], Played(p.card, None if dos else o, o if dos else None),  # type: ignore[arg-type]
             *played[position + 1:]], target_as) is not None)
        default = parse_played(chosen.cards[position]) if chosen else None
        needs.append(Declaration(p.card, position, False, choices,
                                 None if default is None else default.color if dos else default.value))
    return needs


@lru_cache(maxsize=1 << 16)
def resolve_at(target: Card, played: tuple[Played, ...], fixed: int | None, target_as: int | Color | str | None,
               index: int) -> Match:
    """:func:`~dos_lab.engine.matching.resolve` for the row card at ``index``, remembered."""
    return _resolve_anywhere(target, played, fixed, target_as).at(index)


@lru_cache(maxsize=1 << 15)
def _resolve_anywhere(target: Card, played: tuple[Played, ...], fixed: int | None,
                      target_as: int | Color | str | None) -> Match:
    # the same few matches recur all the time in simulations; refusals raise and are not cached
    return resolve(target, played, fixed=fixed, target_as=target_as)
