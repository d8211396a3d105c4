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

from typing import Any, TypeGuard

#: seeds run from -SEED_LIMIT to SEED_LIMIT - 1 (64 bits): a round must be writable back as JSON, and Python will
#: not write an int of more than 4,300 digits, so a save with a seed of 10**5000 loaded but could never be saved
SEED_LIMIT = 2**63


class DosError(ValueError):
    """Base class of every error dos_lab raises on purpose."""


class InvalidInput(DosError):
    """Malformed text or objects: a bad card code, option, index or saved game."""


class IllegalMove(DosError):
    """A well-formed action that the rules of DOS forbid at this moment."""


class Unavailable(DosError):
    """Something an action needs cannot be used right now — the class store's file is read-only, its disk is full,
    its server is gone. Not a refusal of the rules: nothing was changed, and the same action may work later."""


class IllegalDeclaration(InvalidInput, IllegalMove):
    """A wild declaration outside the card's range, such as ``R#=11`` (R10.4).

    It is both: the code is readable, but no such declaration exists.
    """


class NotThere(InvalidInput, IllegalMove):
    """A card or position the action refers to is not there: a card that is not
    in the player's hand, or a row position past the end of the Center Row.

    It is both: the reference is readable, but it points at nothing on the table.
    """


def whole_number(value: Any) -> TypeGuard[int]:
    """True for an int that is not a bool (``True`` is an int in Python, but never a count of cards)."""
    return isinstance(value, int) and not isinstance(value, bool)


def huge_number(value: Any) -> str | None:
    """How a message names an int too long to print (repr() refuses more than 4,300 digits); None for others.

    >>> huge_number(10**5000), huge_number(7)
    ('a number of about 5000 digits', None)
    """
    if whole_number(value) and value.bit_length() > 128:
        return f"a number of about {round(value.bit_length() * 0.30103)} digits"
    return None


def check_seed(seed: Any) -> int:
    """A seed as the engine takes it: a whole number of at most 64 bits.

    >>> check_seed(7)
    7
    >>> check_seed(10**30)
    Traceback (most recent call last):
    ...
    dos_lab.errors.InvalidInput: seed=1000000000000000000000000000000 must be a whole number from -2**63 to 2**63 - 1
    """
    if not whole_number(seed) or not -SEED_LIMIT <= seed < SEED_LIMIT:
        shown = huge_number(seed) or repr(seed)
        raise InvalidInput(f"seed={shown} must be a whole number from -2**63 to 2**63 - 1")
    return int(seed)
