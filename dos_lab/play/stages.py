"""The end-of-turn stages E1–E6 (RULES.md R8) and the sentences that say what a phase asks for.

Defined once here: the table's stage bar, the tutorial stepper, narration and
the log all read these names.

>>> [f"{code} {name}" for code, name in STAGES][:3]
['E1 discard', 'E2 refill', 'E3 bonus cards']
>>> stage_label("E4")
'E4 others draw'
"""

from __future__ import annotations

from dos_lab.i18n import gettext, noop

__all__ = ["NOTHING_HAPPENS", "STAGES", "STAGE_CODES", "stage_label"]

#: the end-of-turn stages of RULES.md R8, in order, with a short name (English; ``gettext(name)`` translates it)
STAGES: tuple[tuple[str, str], ...] = (
    ("E1", noop("discard")),
    ("E2", noop("refill")),
    ("E3", noop("bonus cards")),
    ("E4", noop("others draw")),
    ("E5", noop("DOS penalty")),
    ("E6", noop("going out?")),
)
STAGE_CODES: tuple[str, ...] = tuple(code for code, _ in STAGES)

#: what each stage says when it has nothing to do (English; ``gettext(sentence)`` translates it)
NOTHING_HAPPENS: dict[str, str] = {
    "E1": noop("E1 discard: no Center Row card was matched, so nothing goes to the discard pile."),
    "E2": noop("E2 refill: the Center Row still has two or more cards, so no card is turned up."),
    "E3": noop("E3 bonus: no colour match this turn, so there are no bonus cards to place."),
    "E4": noop("E4 others draw: no double colour match this turn, so nobody else draws."),
    "E5": noop("E5 penalty: nobody was caught without calling DOS, so there is no penalty."),
    "E6": noop("E6: the turn is over."),
}


def stage_label(code: str) -> str:
    """``"E2"`` -> ``"E2 refill"`` (in the current language)."""
    return f"{code} " + gettext(dict(STAGES)[code]) + ""
