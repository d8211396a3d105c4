"""The exceptions dos_lab raises.

Both kinds are ``ValueError`` so that callers who only care about "bad input"
can catch one thing, while tutorials and the app can tell the two apart:

* :class:`InvalidInput` — the text or object itself is malformed (``"Z9"`` is no
  card, an unknown rule option, a corrupt saved game).
* :class:`IllegalMove` — the input is well formed, but the rules forbid it now
  (three cards in one match, a sum that does not fit, drawing after matching).

Every message names the rule (``R4.2``) and the actual cards and numbers.

>>> issubclass(IllegalMove, DosError) and issubclass(InvalidInput, ValueError)
True
"""

from __future__ import annotations


class DosError(ValueError):
    """Base class of every error dos_lab raises on purpose."""


class InvalidInput(DosError):
    """Malformed text or objects: a bad card code, option, index or saved game."""


class IllegalMove(DosError):
    """A well-formed action that the rules of DOS forbid at this moment."""


class IllegalDeclaration(InvalidInput, IllegalMove):
    """A wild declaration outside the card's range, such as ``R#=11`` (R10.4).

    It is both: the code is readable, but no such declaration exists.
    """


class NotThere(InvalidInput, IllegalMove):
    """A card or position the action refers to is not there: a card that is not
    in the player's hand, or a row position past the end of the Center Row.

    It is both: the reference is readable, but it points at nothing on the table.
    """
