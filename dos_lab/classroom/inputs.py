"""What the class types into the store, checked: room codes, first names, seat tokens of kept games and experiment
names; and the label a computer player gets at its seat.

>>> room_code(" kbtm ")
'KBTM'
>>> check_name("  Ala  ")
'Ala'
>>> bot_label("greedy", ["Ala", "greedy"])
'greedy 2'
"""

from __future__ import annotations

import unicodedata
from typing import Any

from dos_lab.errors import InvalidInput
from dos_lab.i18n import gettext

__all__ = ["CODE_LENGTH", "CODE_LETTERS", "MAX_NAME", "bot_label", "check_experiment", "check_name", "check_token",
           "room_code"]

#: room codes use letters a class cannot misread from the board (no I, L, O, Q, U, V)
CODE_LETTERS = "ABCDEFGHJKMNPRSTWXYZ"
CODE_LENGTH = 4
MAX_NAME = 24


def check_token(token: Any) -> str:
    """The token in a home page's address under which its game is kept."""
    if not isinstance(token, str) or not 8 <= len(token) <= 64 or not token.isascii() or \
            not all(ch.isalnum() or ch in "-_" for ch in token):
        raise InvalidInput(gettext("this page's address does not hold a kept game"))
    return token


def room_code(code: Any) -> str:
    """A room code as the store keeps it (upper case, no spaces around it)."""
    if not isinstance(code, str):
        raise InvalidInput(gettext("a room code is four letters, such as KBTM"))
    text = code.strip().upper()
    if len(text) != CODE_LENGTH or any(ch not in CODE_LETTERS for ch in text):
        raise InvalidInput(gettext("{code} is not a room code: a room code is four letters, such as KBTM").format(
            code=" ".join(code.split())[:12] or "—"))
    return text


def check_experiment(experiment: Any) -> str:
    if not isinstance(experiment, str) or not 0 < len(experiment) <= 64 or not experiment.isprintable():
        raise InvalidInput("an experiment is named by a short text, such as '2.easiest'")
    return experiment


def check_name(name: Any) -> str:
    """A student's first name, its spaces made single."""
    if not isinstance(name, str):
        raise InvalidInput(gettext("a name is a first name, such as Ala"))
    text = " ".join(name.split())
    if not text:
        raise InvalidInput(gettext("please type your first name"))
    if len(text) > MAX_NAME:
        raise InvalidInput(gettext("a name may be at most {count} letters long: a first name is enough").format(
            count=MAX_NAME))
    if any(unicodedata.category(ch).startswith("C") for ch in text):
        raise InvalidInput(gettext("a name may not hold control characters: type your first name"))
    return text


def bot_label(kind: str, taken: list[str]) -> str:
    """``"greedy"``, or ``"greedy 2"`` when there is one already."""
    label, n = kind, 1
    while label in taken:
        n += 1
        label = f"{kind} {n}"
    return label
