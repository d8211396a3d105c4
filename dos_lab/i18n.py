"""The language dos_lab speaks: gettext catalogs, one per language, chosen per context.

English is the source language: every message is written in English in the code,
with named placeholders, and ``dos_lab/locale/<lang>/LC_MESSAGES/dos_lab.po``
holds its translation (compiled to ``dos_lab.mo`` beside it, with Babel; see
``scripts/i18n.py``). A new language is one more catalog and no code: the
languages are the catalogs that exist.

The current language is a context variable, so each thread, asyncio task or
kernel cell keeps its own; :func:`set_language` changes it for the current
context and :func:`language` for one block.

>>> with language("pl"):
...     ngettext("Draw pile: {count} card", "Draw pile: {count} cards", 5).format(count=5), card_codes("R3+Y4")
('Stos dobierania: 5 kart', 'C3+Ż4')
>>> get_language()
'en'

An unknown language is not an error: English is used, and :func:`set_language`
returns the language it actually chose, so a page can show :func:`language_note`.

>>> with language("xx") as used:
...     used, gettext("the round is over, so nobody can be caught (R11.5, R12.1)")
('en', 'the round is over, so nobody can be caught (R11.5, R12.1)')
>>> language_note("xx")
"dos_lab has no 'xx' translation, so it speaks English; languages: af, cs, en, pl, ru"
"""

from __future__ import annotations

import gettext as _gettext
import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from fractions import Fraction
from functools import cache
from pathlib import Path

from dos_lab.errors import InvalidInput

__all__ = [
    "SOURCE_LANGUAGE",
    "available_languages",
    "card_codes",
    "colour_letter",
    "colour_name",
    "decimal",
    "folder_language",
    "get_language",
    "gettext",
    "language",
    "language_note",
    "match_language",
    "ngettext",
    "noop",
    "noop_plural",
    "notebook_language",
    "ntr",
    "number",
    "percent",
    "pgettext",
    "sentence",
    "set_language",
    "tr",
]

#: the language the messages are written in, and the one used when a language is missing
SOURCE_LANGUAGE = "en"
DOMAIN = "dos_lab"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

_current: ContextVar[str | None] = ContextVar("dos_lab_language", default=None)
#: the language of a context that chose none; a notebook's kernel sets it once (see notebook_language),
#: because widget callbacks and later cells do not run in the context of the cell that chose
_process_language = SOURCE_LANGUAGE


@cache
def available_languages() -> tuple[str, ...]:
    """The languages dos_lab has a catalog for, sorted: ``('af', 'cs', 'en', 'pl', 'ru')``."""
    found = {path.parent.parent.name for path in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.mo")}
    return tuple(sorted(found | {SOURCE_LANGUAGE}))


def match_language(code: str) -> str | None:
    """The available language for a code such as ``"pl"``, ``"PL"``, ``"pl-PL"`` or ``"pl_PL.UTF-8"``, or None.

    >>> match_language("cs-CZ"), match_language("de")
    ('cs', None)
    """
    if not isinstance(code, str):
        raise InvalidInput(f"a language is a code like 'pl', not {code!r}")
    base = re.split(r"[-_.@]", code.strip().lower(), maxsplit=1)[0]
    return base if base in available_languages() else None


def set_language(code: str) -> str:
    """Speak ``code`` in the current context (thread, task, kernel) from now on.

    Returns the language used: ``code`` itself (normalised: ``"pl-PL"`` → ``"pl"``), or
    ``"en"`` when dos_lab has no catalog for it, a case the caller can report with
    :func:`language_note`. Only a code that is not text at all raises :class:`InvalidInput`.
    """
    used = match_language(code) or SOURCE_LANGUAGE
    _current.set(used)
    return used


def get_language() -> str:
    """The language of the current context."""
    return _current.get() or _process_language


@contextmanager
def language(code: str) -> Iterator[str]:
    """Speak ``code`` inside a ``with`` block only; yields the language used (see :func:`set_language`)."""
    token = _current.set(match_language(code) or SOURCE_LANGUAGE)
    try:
        yield get_language()
    finally:
        _current.reset(token)


def language_note(requested: str) -> str | None:
    """A sentence for a page when ``requested`` has no catalog (in the current language), else None."""
    if match_language(requested) is not None:
        return None
    return gettext("dos_lab has no {requested!r} translation, so it speaks English; languages: {languages}").format(
        requested=requested if len(requested) <= 24 else requested[:24] + "…",
        languages=", ".join(available_languages()))


@cache
def _catalog(lang: str) -> _gettext.NullTranslations:
    path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
    if lang == SOURCE_LANGUAGE or not path.exists():
        return _gettext.NullTranslations()
    with path.open("rb") as handle:
        return _gettext.GNUTranslations(handle)


def gettext(message: str) -> str:
    """``message`` in the current language (itself in English or where a catalog lacks it)."""
    lang = get_language()
    return message if lang == SOURCE_LANGUAGE else _catalog(lang).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the number ``n``, by the current language's plural rule.

    Polish, Czech and Russian have three forms; format the result with ``n`` yourself.
    """
    lang = get_language()
    if lang == SOURCE_LANGUAGE:
        return singular if n == 1 else plural
    return _catalog(lang).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, told apart from the same English words by ``context``."""
    lang = get_language()
    return message if lang == SOURCE_LANGUAGE else _catalog(lang).pgettext(context, message)


def number(n: int) -> str:
    """A whole number as the current language groups its digits: 20,000 in English, 20 000 in Polish.

    >>> number(20000), number(7)
    ('20,000', '7')
    """
    # Translators: what separates groups of three digits in a number like 20,000 (write a space as U+00A0)
    return f"{n:,}".replace(",", pgettext("thousands separator", ","))


def decimal(x: float | Fraction, digits: int | None = None, signed: bool = False) -> str:
    """``x`` rounded to ``digits`` decimal places (or as short as it is exact, with None), with the current
    language's decimal mark; ``signed`` writes a plus sign before a positive number, and a minus sign (U+2212,
    as wide as the plus, so a column of differences lines up) before a negative one.

    >>> decimal(Fraction(2, 3), 2), decimal(12.5), decimal(5.678, 2, signed=True), decimal(-0.24, 2, signed=True)
    ('0.67', '12.5', '+5.68', '−0.24')
    >>> with language("pl"):
    ...     decimal(0.5, 1), percent(Fraction(1, 8))
    ('0,5', '12,5 %')
    """
    # Translators: the mark between the whole part and the decimals of a number like 0.5
    sign = "+" if signed else ""
    written = f"{float(x):{sign}g}" if digits is None else f"{float(x):{sign}.{digits}f}"
    if signed:
        written = written.replace("-", "\u2212")
    return written.replace(".", pgettext("decimal mark", "."))


def percent(x: float | Fraction, digits: int = 1) -> str:
    """A chance written as a percentage in the current language: ``percent(Fraction(1, 8))`` is ``'12.5 %'``."""
    return f"{decimal(float(x) * 100, digits)} %"


def sentence(text: str, end: str = ".") -> str:
    """A message (the engine's refusals start small, to follow a colon) as a sentence of its own: a capital first
    letter, and ``end`` unless it already ends a sentence.

    >>> sentence("it is P1's turn, so P2 cannot draw now (R3)")
    "It is P1's turn, so P2 cannot draw now (R3)."
    >>> sentence("already said."), sentence("no card", end="")
    ('Already said.', 'No card')
    """
    text = text[:1].upper() + text[1:]
    return text if not end or text.endswith((".", "!", "?")) else text + end


#: the short names a notebook's code cells use; ``_`` is taken there by IPython (the last output)
tr = gettext
ntr = ngettext


def folder_language(folder: Path) -> str | None:
    """The language a course folder is written in: ``tutorials/pl`` and ``pl/tutorials`` are Polish.

    The language versions of the course live in a folder named by the language code, so a notebook's
    own folder (a kernel's working directory) says which language its page speaks.

    >>> [folder_language(Path(folder)) for folder in ("tutorials/cs", "site/ru/lessons", "tutorials")]
    ['cs', 'ru', None]
    """
    for name in (folder.name, folder.parent.name):
        if name != SOURCE_LANGUAGE and name in available_languages():
            return name
    return None


def notebook_language(folder: Path | None = None) -> str:
    """Speak the language of the notebook running in ``folder`` (default: the working directory).

    Every course notebook calls this in its first code cell, so the code cells of all language
    versions are the same: Jupyter, Voila and nbval start a notebook's kernel in the notebook's folder.
    Unlike :func:`set_language`, this sets the whole process's language (a kernel runs one notebook):
    widget callbacks and later cells need not run in the context of the cell that chose.
    Returns the language used (English for the source notebooks).
    """
    global _process_language
    _process_language = folder_language(Path.cwd() if folder is None else folder) or SOURCE_LANGUAGE
    return _process_language


def noop(message: str) -> str:
    """Mark ``message`` for the catalogs without translating it now (it is stored, and translated when shown)."""
    return message


def noop_plural(singular: str, plural: str) -> tuple[str, str]:
    """Mark a message with a plural for the catalogs without translating it now; pass the pair to
    :func:`ngettext` when it is shown.

    >>> ngettext(*noop_plural("{count} card", "{count} cards"), 2).format(count=2)
    '2 cards'
    """
    return singular, plural


_CODE = re.compile(r"(?<![A-Za-z])([RBGY])(?=10|[1-9]|#)|(?<=W=)([RBGY])(?![A-Za-z0-9])")


def colour_letter(letter: str) -> str:
    """The letter a reader of the current language sees on a card for the colour with code ``letter``.

    >>> with language("cs"):
    ...     [colour_letter(c) for c in "RBGY"]
    ['Č', 'M', 'Z', 'Ž']
    """
    if get_language() == SOURCE_LANGUAGE:
        return letter
    return _by_colour(letter, pgettext("colour letter on a card: red", "R"),
                      pgettext("colour letter on a card: blue", "B"), pgettext("colour letter on a card: green", "G"),
                      pgettext("colour letter on a card: yellow", "Y"))


def colour_name(letter: str) -> str:
    """The name of the colour with code ``letter`` (``"R"`` → ``"red"``) in the current language.

    >>> with language("af"):
    ...     colour_name("Y")
    'geel'
    """
    return _by_colour(letter, pgettext("colour name", "red"), pgettext("colour name", "blue"),
                      pgettext("colour name", "green"), pgettext("colour name", "yellow"))


def _by_colour(letter: str, red: str, blue: str, green: str, yellow: str) -> str:
    return {"R": red, "B": blue, "G": green, "Y": yellow}[letter]


def card_codes(text: str) -> str:
    """Card codes in ``text`` (only codes and separators: ``"R3+Y4"``, ``"B7 Y5"``, ``"W=R"``) written with
    the colour letters of the current language, as on the card faces. The Python API keeps ``R7``.

    >>> with language("ru"):
    ...     card_codes("R3+Y4 B#=4 W=G W")
    'К3+Ж4 С#=4 W=З W'
    """
    if get_language() == SOURCE_LANGUAGE:
        return text
    return _CODE.sub(lambda m: colour_letter(m.group(1) or m.group(2)), text)
