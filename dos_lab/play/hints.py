"""The table's Hint: which legal match it shows (a double colour match first, then any with a bonus), the choice
that selects it, and what to do when no match is possible.

>>> from dos_lab.play.positions import staged_game
>>> r = staged_game("colour-match").round
>>> m = hinted_match(r)
>>> m.describe()
'Y1+Y4 on Y5: double colour match'
>>> choice_for(m, r.hand(r.current))  # the hand's 2nd and 3rd cards on the row's 2nd
([1, 2], {}, 1, '')
"""

from __future__ import annotations

from collections.abc import Sequence

from dos_lab.engine.cards import Card, Color
from dos_lab.engine.matching import Bonus, Match, parse_played
from dos_lab.engine.round import Round
from dos_lab.engine.state import Phase
from dos_lab.i18n import gettext
from dos_lab.play.declarations import NeedsInput

__all__ = ["choice_for", "hinted_match"]


def hinted_match(r: Round) -> Match:
    """The legal match the Hint shows to the player whose turn it is (a colour match if there is one); if there is
    none, :class:`~dos_lab.play.declarations.NeedsInput` says what to do instead."""
    matches = r.legal_matches()
    if not matches:
        if r.phase is Phase.BONUS:
            raise NeedsInput(gettext("Hint: select any card and press Place: it becomes a new Center Row card."))
        if r.phase is Phase.DREW:
            raise NeedsInput(gettext("Hint: no match is possible now: select a card and press Place (R7.3)."))
        if r.matches_this_turn:
            raise NeedsInput(gettext("Hint: no other match is possible: press End turn."))
        raise NeedsInput(gettext("Hint: no match is possible: press Draw (R3.1)."))
    return next((m for m in matches if m.bonus is Bonus.DOUBLE_COLOUR), None) or next(
        (m for m in matches if m.bonus is not None), matches[0])


def choice_for(m: Match, hand: Sequence[Card]) -> tuple[list[int], dict[int, str], int, str]:
    """The choice that prepares ``m`` from ``hand``: the selected hand indexes, their declarations, the row card,
    and the row card's declaration (``""``: none)."""
    selected: list[int] = []
    declarations: dict[int, str] = {}
    for code in m.cards:
        chosen = parse_played(code)
        index = next(i for i, c in enumerate(hand) if c == chosen.card and i not in selected)
        selected.append(index)
        value = chosen.value if chosen.value is not None else chosen.color
        if value is not None:
            declarations[index] = value.value if isinstance(value, Color) else str(value)
    target_declaration = ""
    if m.target_as is not None:
        target_declaration = m.target_as.value if isinstance(m.target_as, Color) else str(m.target_as)
    return selected, declarations, m.target, target_declaration
