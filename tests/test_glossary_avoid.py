"""Issue 19, item 5: each glossary names the forms to avoid, and no catalog uses one.

A glossary (`docs/glossary/<lang>.md`) may end with a section headed "## Forms to avoid": a table whose first
column holds one or more avoided forms, each in backticks. A form is matched in every translation of both
catalogs of that language, case-insensitively, at word boundaries (so `pas op` finds "Pas op die W" but not
"pas oplossings"). A form may hold `…` for "any words in between" (at most 40 characters), so `pas … op` finds
"pas die kaart op".
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

babel = pytest.importorskip("babel")
from babel.messages.pofile import read_po  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
TRANSLATED = ("pl", "cs", "ru", "af")
SECTION = "## Forms to avoid"


def avoided_forms(glossary: str) -> list[str]:
    """The backticked forms in the first column of the glossary's "Forms to avoid" table.

    >>> avoided_forms("## Forms to avoid\\n\\n| Avoid | Use |\\n|---|---|\\n| `pas op`, `gepas` | `pas by` |\\n")
    ['pas op', 'gepas']
    """
    if SECTION not in glossary:
        return []
    section = glossary.split(SECTION, 1)[1].split("\n## ", 1)[0]
    forms: list[str] = []
    for line in section.splitlines():
        cells = line.strip().strip("|").split("|")
        if not line.strip().startswith("|") or set(cells[0].strip()) <= {"-", ":", " "}:
            continue
        forms.extend(re.findall(r"`([^`]+)`", cells[0]))
    return forms


def form_pattern(form: str) -> re.Pattern[str]:
    """A form as a pattern: whole words at its ends, `…` for a short gap.

    >>> bool(form_pattern("pas op").search("Pas op die W!")), bool(form_pattern("pas op").search("pas oplossings"))
    (True, False)
    >>> bool(form_pattern("pas … op").search("pas die kaart op"))
    True
    """
    parts = [re.escape(part.strip()) for part in form.split("…")]
    body = r"\W(?:.{0,40}?\W)?".join(parts)
    return re.compile(rf"(?<!\w){body}(?!\w)", re.IGNORECASE | re.DOTALL)


def translations(lang: str) -> list[tuple[str, str]]:
    """(where, text) for every translation in the language's two catalogs, plural forms included."""
    found: list[tuple[str, str]] = []
    for domain in ("dos_lab", "course"):
        path = ROOT / "dos_lab" / "locale" / lang / "LC_MESSAGES" / f"{domain}.po"
        with path.open("rb") as handle:
            catalog = read_po(handle, locale=lang)
        for message in catalog:
            if not message.id:
                continue
            texts = message.string if isinstance(message.string, (list, tuple)) else [message.string]
            msgid = message.id[0] if isinstance(message.id, (list, tuple)) else message.id
            found.extend((f"{domain}.po: {msgid[:60]!r}", text) for text in texts if text)
    return found


def uses_of_avoided_forms(lang: str) -> list[str]:
    glossary = (ROOT / "docs" / "glossary" / f"{lang}.md").read_text(encoding="utf-8")
    patterns = [(form, form_pattern(form)) for form in avoided_forms(glossary)]
    return [f"{form!r} in {where}: {text[:120]!r}"
            for where, text in translations(lang) for form, pattern in patterns if pattern.search(text)]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_each_glossary_names_forms_to_avoid(lang: str) -> None:
    glossary = (ROOT / "docs" / "glossary" / f"{lang}.md").read_text(encoding="utf-8")
    assert avoided_forms(glossary), f"docs/glossary/{lang}.md has no '{SECTION}' table"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_catalog_uses_an_avoided_form(lang: str) -> None:
    assert uses_of_avoided_forms(lang) == []


def test_an_avoided_form_is_found_when_reintroduced(tmp_path: Path) -> None:
    """The check is able to fail: a slip the Afrikaans review found is caught in a translation."""
    pattern = form_pattern("pas op")
    assert pattern.search("Pas op ALBEI Sentrumry-kaarte in een beurt")
    assert not pattern.search("Pas by ALBEI Sentrumry-kaarte in een beurt")
