"""The wild cards of the move a player is preparing, as the table offers them to declare (R9.1, R10.1): the engine
names them (:meth:`~dos_lab.engine.round.Round.declarations_needed`); this module adds where each card is, the
values offered as codes, what the player chose so far, and the sentence that says which declaration a move still
lacks (:class:`NeedsInput`).

>>> from dos_lab.engine.cards import Card
>>> str(played_as(Card.parse("B#"), "7")), str(played_as(Card.parse("R3"), "7"))
('B#=7', 'R3')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from dos_lab.engine.cards import COLORS, Card, Color, Kind
from dos_lab.engine.matching import WILD_RANGE, Played
from dos_lab.i18n import card_codes, gettext
from dos_lab.play.intents import played

if TYPE_CHECKING:
    from dos_lab.engine.match_options import Declaration as Undeclared

__all__ = ["Declaration", "NeedsInput", "check_declared", "code_of", "offered_declarations", "played_as"]


class NeedsInput(Exception):
    """The player has not said enough yet (no card selected, no row card chosen); not a rule."""


@dataclass(frozen=True)
class Declaration:
    """A wild card of the move being prepared that the player declares: ``where`` is ``"hand"`` or
    ``"row"``, ``index`` its position there, ``choices`` the values offered as codes (``"R"``, ``"7"``;
    ``""`` = let the engine choose), ``value`` the player's choice so far."""

    where: str
    index: int
    card: Card
    choices: tuple[str, ...]
    value: str


def code_of(value: int | Color) -> str:
    """A declared value as the player chooses it: a colour's letter, or a number's digits."""
    return value.value if isinstance(value, Color) else str(value)


def offered_declarations(needs: Sequence[Undeclared], selected: Sequence[int], declarations: Mapping[int, str],
                         target_declaration: str, engine_declares: bool) -> list[Declaration]:
    """The engine's undeclared wild cards (``needs``) of a move of the ``selected`` hand cards, as the player is
    offered them, with what the player declared so far (``declarations`` by hand index, ``target_declaration``
    for the row card). When the engine declares, a card with one choice only is not offered, and "let the engine
    choose" (``""``) is; otherwise the player announces any value (R9.1, R10.1)."""
    shown = []
    for need in needs:
        if need.on_row:
            where, index, value = "row", need.position, target_declaration
        else:
            where, index = "hand", selected[need.position]
            value = declarations.get(index, "")
        if engine_declares:
            if len(need.choices) <= 1:  # nothing to choose: the engine's choice is the only one
                continue
            choices = ("", *(code_of(c) for c in need.choices))
        else:  # the player announces it (R9.1, R10.1), and may announce a value that does not fit
            choices = tuple(code_of(c) for c in (COLORS if need.card.kind is Kind.WILD_DOS else WILD_RANGE))
        shown.append(Declaration(where, index, need.card, choices, value))
    return shown


def check_declared(offered: Sequence[Declaration]) -> None:
    """Raise :class:`NeedsInput` naming the first ``offered`` wild card the player has not declared yet."""
    for need in offered:
        if need.value:
            continue
        what = "colour" if need.card.kind is Kind.WILD_DOS else "number"
        rule = ("R9.1" if need.card.kind is Kind.WILD_DOS else "R10.1") if need.where == "hand" else (
            "R9.2" if need.card.kind is Kind.WILD_DOS else "R10.2")
        text = {("hand", "colour"): gettext("First say what your {card} stands for: choose its colour ({rule})."),
                ("hand", "number"): gettext("First say what your {card} stands for: choose its number ({rule})."),
                ("row", "colour"): gettext("First say what the Center Row's {card} stands for: choose its colour "
                                           "({rule})."),
                ("row", "number"): gettext("First say what the Center Row's {card} stands for: choose its number "
                                           "({rule}).")}[need.where, what]
        raise NeedsInput(text.format(card=card_codes(need.card.code), rule=rule))


def played_as(card: Card, value: str) -> Played:
    """A hand card with the player's declaration (``""``: none; a card that is not wild ignores it)."""
    if not value or not card.is_wild:
        return played(card)
    return played(card, Color.parse(value) if card.kind is Kind.WILD_DOS else int(value))
