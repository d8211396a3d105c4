"""Keep dos_lab's message catalogs in step with the code (Babel).

    python scripts/i18n.py extract        # the sources -> dos_lab/locale/dos_lab.pot
    python scripts/i18n.py update         # the template -> every dos_lab.po (new messages appear empty)
    python scripts/i18n.py init de        # a new language: one more catalog, no code
    python scripts/i18n.py compile        # every dos_lab.po -> dos_lab.mo (what the package reads)
    python scripts/i18n.py check          # template fresh, catalogs complete, placeholders kept, .mo not stale
    python scripts/i18n.py all            # extract, update, compile, check

What is extracted is set in ``babel.cfg``; the keywords are gettext, ngettext,
pgettext and ``noop`` (a message stored untranslated and translated when shown).
English is the source language: ``en/dos_lab.po`` repeats every message as it
is written in the code, so the English catalog is complete by construction.
"""

from __future__ import annotations

import io
import string
import sys
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "dos_lab" / "locale"
TEMPLATE = LOCALE / "dos_lab.pot"
SOURCE_LANGUAGE = "en"
KEYWORDS = {**DEFAULT_KEYWORDS, "noop": None}
HEADER = """\
# Messages of dos_lab, the DOS teaching package: the engine's refusals and narration, the table in text and HTML.
# This file is distributed under the same license as the dos_lab package (MIT).
#"""
_FIXED_DATE = datetime(2026, 12, 1, tzinfo=UTC)


def _write(path: Path, catalog: Catalog) -> None:
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=120, sort_by_file=True, include_lineno=False, ignore_obsolete=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(buffer.getvalue())


def _read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=locale)


def catalog_paths() -> dict[str, Path]:
    """Every language's ``dos_lab.po``, by language code."""
    return {path.parent.parent.name: path for path in sorted(LOCALE.glob("*/LC_MESSAGES/dos_lab.po"))}


def extract() -> Catalog:
    """The messages in the sources now, as a template catalog."""
    with (ROOT / "babel.cfg").open() as handle:
        method_map, options_map = parse_mapping_cfg(handle)  # type: ignore[no-untyped-call]
    catalog = Catalog(project="dos_lab", version="0.1", header_comment=HEADER, creation_date=_FIXED_DATE,
                      msgid_bugs_address="", copyright_holder="", fuzzy=False)
    for filename, lineno, message, comments, context in extract_from_dir(
            str(ROOT), method_map, options_map, keywords=KEYWORDS, comment_tags=("Translators:",),
            strip_comment_tags=True):
        text = message if isinstance(message, str) else message[0]
        flags = ("python-brace-format",) if "{" in text else ()
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context, flags=flags)
    return catalog


def write_template() -> Catalog:
    template = extract()
    _write(TEMPLATE, template)
    return template


def _new_catalog(lang: str) -> Catalog:
    return Catalog(locale=lang, project="dos_lab", version="0.1", header_comment=HEADER,
                   creation_date=_FIXED_DATE, revision_date=_FIXED_DATE, fuzzy=False,
                   language_team=f"dos_lab {lang}", last_translator="dos_lab")


def _fill_source(catalog: Catalog) -> None:
    """English repeats the code's words: msgstr is the msgid (both forms for plurals)."""
    for message in catalog:
        if not message.id:
            continue
        message.string = message.id if isinstance(message.id, str) else tuple(message.id)
        message.flags.discard("fuzzy")


def update() -> None:
    template = _read(TEMPLATE)
    for lang, path in catalog_paths().items():
        catalog = _read(path, locale=lang)
        catalog.update(template, update_creation_date=False)
        if lang == SOURCE_LANGUAGE:
            _fill_source(catalog)
        _write(path, catalog)


def init(lang: str) -> Path:
    path = LOCALE / lang / "LC_MESSAGES" / "dos_lab.po"
    if path.exists():
        raise SystemExit(f"{path} exists; use update")
    catalog = _new_catalog(lang)
    catalog.update(_read(TEMPLATE), update_creation_date=False)
    if lang == SOURCE_LANGUAGE:
        _fill_source(catalog)
    _write(path, catalog)
    return path


def mo_bytes(path: Path, lang: str) -> bytes:
    """The compiled catalog for one ``.po``, as bytes (deterministic)."""
    buffer = io.BytesIO()
    write_mo(buffer, _read(path, locale=lang), use_fuzzy=False)
    return buffer.getvalue()


def compile_all() -> None:
    for lang, path in catalog_paths().items():
        path.with_suffix(".mo").write_bytes(mo_bytes(path, lang))


def placeholders(text: str) -> set[str]:
    """The named fields of a ``str.format`` template: ``"{card} is {value!r}"`` → ``{"card", "value"}``."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def _key(message: Message) -> tuple[str, str | None]:
    return (message.id if isinstance(message.id, str) else message.id[0], message.context)


def problems() -> list[str]:
    """Everything that makes the catalogs wrong or stale; empty when all is well."""
    found: list[str] = []
    fresh = extract()
    template = _read(TEMPLATE)
    wanted = {_key(m) for m in fresh if m.id}
    have = {_key(m) for m in template if m.id}
    found += [f"dos_lab.pot lacks {key!r} (run: python scripts/i18n.py extract)" for key in sorted(
        wanted - have, key=str)]
    found += [f"dos_lab.pot still has {key!r}, no longer in the code" for key in sorted(have - wanted, key=str)]
    for lang, path in catalog_paths().items():
        catalog = _read(path, locale=lang)
        found += [f"{lang}: {problem}" for problem in catalog_problems(catalog, lang, wanted)]
        mo = path.with_suffix(".mo")
        if not mo.exists() or mo.read_bytes() != mo_bytes(path, lang):
            found.append(f"{lang}: dos_lab.mo is stale or missing (run: python scripts/i18n.py compile)")
    return found


def catalog_problems(catalog: Catalog, lang: str, wanted: Iterable[tuple[str, str | None]]) -> list[str]:
    """Missing, empty, fuzzy or placeholder-changing translations in one catalog, and a wrong plural rule."""
    found: list[str] = []
    expected_plurals = get_plural(lang).num_plurals
    if catalog.num_plurals != expected_plurals or f"nplurals={expected_plurals}" not in catalog.plural_forms:
        found.append(f"Plural-Forms declares {catalog.plural_forms!r}, expected {expected_plurals} forms")
    messages = {_key(m): m for m in catalog if m.id}
    for key in wanted:
        message = messages.get(key)
        if message is None:
            found.append(f"no entry for {key!r} (run: python scripts/i18n.py update)")
            continue
        if message.fuzzy:
            found.append(f"fuzzy translation of {key[0]!r}")
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        forms = [message.string] if isinstance(message.string, str) else list(message.string or ())
        if len(ids) > 1 and len(forms) != catalog.num_plurals:
            found.append(f"{key[0]!r} has {len(forms)} plural forms, not {catalog.num_plurals}")
        if not forms or any(not form.strip() for form in forms):
            found.append(f"no translation of {key[0]!r}")
            continue
        names = set().union(*(placeholders(i) for i in ids))
        for form in forms:
            try:
                got = placeholders(form)
            except ValueError as err:
                found.append(f"{key[0]!r}: the translation {form!r} is not a valid template ({err})")
                continue
            # every form keeps every placeholder: in Russian the "one" form also serves 21, 31, …
            if got != names:
                found.append(f"{key[0]!r}: placeholders {sorted(got)} in {form!r}, expected {sorted(names)}")
    return found


def check() -> int:
    found = problems()
    for problem in found:
        print(problem)
    print("catalogs OK" if not found else f"{len(found)} problem(s)")
    return 1 if found else 0


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "check"
    if command == "extract":
        write_template()
    elif command == "update":
        update()
    elif command == "init" and len(argv) == 2:
        print(init(argv[1]))
    elif command == "compile":
        compile_all()
    elif command == "check":
        return check()
    elif command == "all":
        write_template()
        update()
        compile_all()
        return check()
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
