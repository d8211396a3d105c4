"""Keep dos_lab's message catalogs, and the course's language versions, in step with their sources (Babel).

    python scripts/i18n.py extract        # the sources -> dos_lab/locale/{dos_lab,course}.pot
    python scripts/i18n.py update [LANG…] # the templates -> the languages' .po (new messages appear empty)
    python scripts/i18n.py init de        # a new language: one more catalog pair, no code
    python scripts/i18n.py compile        # every dos_lab.po -> dos_lab.mo (what the package reads)
    python scripts/i18n.py course [LANG…] # write the language versions of the course; execute changed notebooks
    python scripts/i18n.py check          # templates fresh, catalogs complete, .mo and course versions not stale
    python scripts/i18n.py all            # extract, update, compile, course, check

Two domains:

* ``dos_lab`` — what the package says while it runs: the engine, the table, the site, and the strings of
  the notebooks' code cells (``tr(...)``/``ntr(...)``; ``babel.cfg`` lists the Python files). Compiled to
  ``dos_lab.mo``, which the package reads.
* ``course`` — the course's written text: each paragraph (block) of the tutorials' and lessons' markdown
  cells and of ``docs/rules.md``. It is not read at run time: ``course`` writes the language versions from
  it — ``tutorials/<lang>/``, ``notebooks/<lang>/`` (same file names, the same code cells, the markdown
  translated) and ``docs/<lang>/rules.md`` — and ``check`` fails when one of them is stale.

English is the source language: the ``en`` catalogs repeat every message as it is written, so they are
complete by construction.
"""

from __future__ import annotations

import io
import json
import re
import string
import sys
from collections.abc import Iterable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, NamedTuple

import nbformat
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir, extract_python
from babel.messages.extract import extract as babel_extract
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "dos_lab" / "locale"
SOURCE_LANGUAGE = "en"
#: ``tr`` and ``ntr`` are the names the notebooks' code cells use (IPython owns ``_`` there)
KEYWORDS = {**DEFAULT_KEYWORDS, "noop": None, "noop_plural": (1, 2), "tr": None, "ntr": (1, 2)}
#: the course's source folders (English); each language's version is the subfolder named by its code
COURSE_FOLDERS = (ROOT / "tutorials", ROOT / "notebooks")
RULES = ROOT / "docs" / "rules.md"
NOTEBOOK_NAME = re.compile(r"\d\d-[a-z0-9-]+\.ipynb")
_FIXED_DATE = datetime(2026, 12, 1, tzinfo=UTC)


class Domain(NamedTuple):
    """One catalog per language: ``locale/<lang>/LC_MESSAGES/<name>.po``, from the template ``locale/<name>.pot``."""

    name: str
    header: str
    compiled: bool

    @property
    def template(self) -> Path:
        return LOCALE / f"{self.name}.pot"

    def path(self, lang: str) -> Path:
        return LOCALE / lang / "LC_MESSAGES" / f"{self.name}.po"


RUNTIME = Domain("dos_lab", """\
# Messages of dos_lab, the DOS teaching package: what it says while it runs — the engine's refusals and
# narration, the table, the site, and the strings in the course notebooks' code cells.
# This file is distributed under the same license as the dos_lab package (MIT).
#""", compiled=True)
COURSE = Domain("course", """\
# The written text of dos_lab's course: each paragraph of the tutorials, the lessons and the rules reference.
# Keep the markdown, the links and the rule numbers (R4.2, D2) as they are; write card codes with the colour
# letters of the language (as the table shows them). scripts/i18n.py writes the language versions from it.
# This file is distributed under the same license as the dos_lab package (MIT).
#""", compiled=False)
DOMAINS = (RUNTIME, COURSE)
#: the runtime template, under the name the tests have always used
TEMPLATE = RUNTIME.template


def _write(path: Path, catalog: Catalog) -> None:
    # The package formats with str.format, never with %. Babel flags a text such as "a 95 % chance" as a %-format,
    # and `msgfmt -c` then demands the same "% c" in every translation, which no language can write naturally.
    for message in catalog:
        message.flags.discard("python-format")
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=120, sort_by_file=True, include_lineno=False, ignore_obsolete=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(buffer.getvalue())


def _read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=locale)


def catalog_paths(domain: Domain = RUNTIME) -> dict[str, Path]:
    """Every language's catalog of ``domain``, by language code."""
    return {path.parent.parent.name: path for path in sorted(LOCALE.glob(f"*/LC_MESSAGES/{domain.name}.po"))}


def course_notebooks() -> list[Path]:
    """The English course notebooks (the sources of every language version), in order."""
    return [notebook for folder in COURSE_FOLDERS for notebook in sorted(folder.glob("*.ipynb"))
            if NOTEBOOK_NAME.fullmatch(notebook.name)]


def _cells(notebook: Path) -> list[dict[str, Any]]:
    return list(json.loads(notebook.read_text(encoding="utf-8"))["cells"])


def _source(cell: dict[str, Any]) -> str:
    source = cell.get("source", "")
    return source if isinstance(source, str) else "".join(source)


def _relative(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def _empty_template(domain: Domain) -> Catalog:
    return Catalog(project="dos_lab", version="0.1", header_comment=domain.header, creation_date=_FIXED_DATE,
                   msgid_bugs_address="", copyright_holder="", fuzzy=False)


def _add(catalog: Catalog, message: str | tuple[str, ...], where: tuple[str, int], comments: Iterable[str] = (),
         context: str | None = None) -> None:
    text = message if isinstance(message, str) else message[0]
    flags = ("python-brace-format",) if "{" in text else ()
    catalog.add(message, None, [where], auto_comments=list(comments), context=context, flags=flags)


def extract(domain: Domain = RUNTIME) -> Catalog:
    """The messages in the sources now, as a template catalog of ``domain``."""
    catalog = _empty_template(domain)
    if domain is COURSE:
        for path, number, block in course_blocks():
            _add(catalog, block, (path, number))
        return catalog
    with (ROOT / "babel.cfg").open() as handle:
        method_map, options_map = parse_mapping_cfg(handle)  # type: ignore[no-untyped-call]
    for filename, lineno, message, comments, context in extract_from_dir(
            str(ROOT), method_map, options_map, keywords=KEYWORDS, comment_tags=("Translators:",),
            strip_comment_tags=True):
        _add(catalog, message, (filename, lineno), comments, context)
    for notebook in course_notebooks():
        for number, cell in enumerate(_cells(notebook), start=1):
            if cell.get("cell_type") != "code":
                continue
            for _lineno, message, notes, context in babel_extract(
                    extract_python, io.BytesIO(_source(cell).encode()), keywords=KEYWORDS,
                    comment_tags=("Translators:",), strip_comment_tags=True):
                _add(catalog, message, (_relative(notebook), number), notes, context)
    return catalog


def write_template(domain: Domain = RUNTIME) -> Catalog:
    template = extract(domain)
    _write(domain.template, template)
    return template


def _new_catalog(lang: str, domain: Domain = RUNTIME) -> Catalog:
    return Catalog(locale=lang, project="dos_lab", version="0.1", header_comment=domain.header,
                   creation_date=_FIXED_DATE, revision_date=_FIXED_DATE, fuzzy=False,
                   language_team=f"dos_lab {lang}", last_translator="dos_lab")


# ---------------------------------------------------------------- the course's written text

_FENCE = re.compile(r"^\s*(```|~~~)")
_WORDS = re.compile(r"[^\W\d_]{2,}")


def blocks(markdown: str) -> list[str]:
    """``markdown`` cut into its blocks (paragraphs, headings, lists, tables), at blank lines outside fences.

    >>> blocks("# Title\\n\\nOne line,\\ntwo lines.\\n\\n```\\na\\n\\nb\\n```")
    ['# Title', 'One line,\\ntwo lines.', '```\\na\\n\\nb\\n```']
    """
    found: list[str] = []
    current: list[str] = []
    fenced = False
    for line in markdown.split("\n"):
        if _FENCE.match(line):
            fenced = not fenced
        if not line.strip() and not fenced:
            if current:
                found.append("\n".join(current))
            current = []
            continue
        current.append(line)
    if current:
        found.append("\n".join(current))
    return found


def translatable(block: str) -> bool:
    """Does a block hold words to translate (not only an anchor, a rule or a code fence)?"""
    text = re.sub(r"<[^>]*>|\]\([^)]*\)|https?://\S+", " ", block)
    return not _FENCE.match(block) and _WORDS.search(text) is not None


def course_blocks() -> Iterator[tuple[str, int, str]]:
    """Every translatable block of the course text: (source file, cell or line number, block)."""
    for notebook in course_notebooks():
        data = json.loads(notebook.read_text(encoding="utf-8"))
        title = data.get("metadata", {}).get("title")
        if isinstance(title, str) and title:
            yield _relative(notebook), 0, title
        for number, cell in enumerate(data["cells"], start=1):
            if cell.get("cell_type") == "markdown":
                for block in blocks(_source(cell)):
                    if translatable(block):
                        yield _relative(notebook), number, block
    text = RULES.read_text(encoding="utf-8")
    for block in blocks(text):
        if translatable(block):
            yield _relative(RULES), text[: text.index(block)].count("\n") + 1, block


def translate_markdown(markdown: str, translations: dict[str, str]) -> str:
    """``markdown`` with each block replaced by its translation (a block without one stays as it is)."""
    return "\n\n".join(translations.get(block, block) for block in blocks(markdown))


def _fill_source(catalog: Catalog) -> None:
    """English repeats the code's words: msgstr is the msgid (both forms for plurals)."""
    for message in catalog:
        if not message.id:
            continue
        message.string = message.id if isinstance(message.id, str) else tuple(message.id)
        message.flags.discard("fuzzy")


def update(langs: Iterable[str] = ()) -> None:
    """Bring the languages' catalogs (all, or ``langs``) in step with the templates."""
    for domain in DOMAINS:
        for lang in list(langs) or list(catalog_paths(RUNTIME)):
            template = _read(domain.template)  # read afresh: Catalog.update shares the template's messages
            path = domain.path(lang)
            catalog = _read(path, locale=lang) if path.exists() else _new_catalog(lang, domain)
            catalog.update(template, no_fuzzy_matching=True, update_creation_date=False)
            if lang == SOURCE_LANGUAGE:
                _fill_source(catalog)
            _write(path, catalog)


def init(lang: str) -> Path:
    path = RUNTIME.path(lang)
    if path.exists():
        raise SystemExit(f"{path} exists; use update")
    update([lang])
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
    """Everything that makes the catalogs or the course's language versions wrong or stale; empty when all is well."""
    found: list[str] = []
    for domain in DOMAINS:
        wanted = {_key(m) for m in extract(domain) if m.id}
        have = {_key(m) for m in _read(domain.template) if m.id}
        found += [f"{domain.name}.pot lacks {key!r} (run: python scripts/i18n.py extract)"
                  for key in sorted(wanted - have, key=str)]
        found += [f"{domain.name}.pot still has {key!r}, no longer in the sources"
                  for key in sorted(have - wanted, key=str)]
        for lang, path in catalog_paths(domain).items():
            catalog = _read(path, locale=lang)
            check = catalog_problems if domain is RUNTIME else course_problems
            found += [f"{lang} {domain.name}: {problem}" for problem in check(catalog, lang, wanted)]
            mo = path.with_suffix(".mo")
            if domain.compiled and (not mo.exists() or mo.read_bytes() != mo_bytes(path, lang)):
                found.append(f"{lang}: {domain.name}.mo is stale or missing (run: python scripts/i18n.py compile)")
    found += stale_course_versions()
    return found


_LINK_TARGETS = re.compile(r"\]\(([^)\s]+)\)|\bid=\"([^\"]+)\"")


def link_targets(block: str) -> list[str]:
    """The link targets and anchors of a markdown block, which a translation keeps."""
    return sorted(a or b for a, b in _LINK_TARGETS.findall(block))


def course_problems(catalog: Catalog, lang: str, wanted: Iterable[tuple[str, str | None]]) -> list[str]:
    """Missing, empty or fuzzy translations of course text, and translations that lose a link or an anchor."""
    found: list[str] = []
    messages = {_key(m): m for m in catalog if m.id}
    for key in sorted(wanted, key=str):
        message = messages.get(key)
        if message is None:
            found.append(f"no entry for {key[0][:60]!r} (run: python scripts/i18n.py update)")
        elif message.fuzzy:
            found.append(f"fuzzy translation of {key[0][:60]!r}")
        elif not isinstance(message.string, str) or not message.string.strip():
            found.append(f"no translation of {key[0][:60]!r}")
        elif link_targets(message.string) != link_targets(key[0]):
            found.append(f"{key[0][:60]!r}: links {link_targets(message.string)}, expected {link_targets(key[0])}")
    return found


# ---------------------------------------------------------------- the language versions of the course

def course_translations(lang: str) -> dict[str, str]:
    """The course text's translations into ``lang`` (block → translated block); untranslated blocks are left out."""
    path = COURSE.path(lang)
    if lang == SOURCE_LANGUAGE or not path.exists():
        return {}
    return {m.id: m.string for m in _read(path, locale=lang)
            if m.id and isinstance(m.id, str) and isinstance(m.string, str) and m.string.strip() and not m.fuzzy}


def localise_links(markdown: str, lang: str) -> str:
    """Relative links of a source one folder deeper: ``../docs/rules.md`` → ``../../docs/<lang>/rules.md``,
    ``../notebooks/x.ipynb`` → ``../../notebooks/<lang>/x.ipynb``; links within the folder stay."""
    def deeper(match: re.Match[str]) -> str:
        target = match.group(1)
        for folder in ("docs/rules.md", "notebooks/", "tutorials/"):
            if target.startswith("../" + folder):
                head, _, rest = folder.rpartition("/")
                inner = f"{head}/{lang}/{rest}" if head else folder
                return f"](../../{inner}{target[len('../' + folder):]}"
        return f"](../{target}" if target.startswith("../") else match.group(0)
    return re.sub(r"\]\((\.\./[^)\s]*)", deeper, markdown)


def language_version(source: Path, lang: str, translations: dict[str, str]) -> dict[str, Any]:
    """The ``lang`` version of one course notebook: the same cells, the markdown translated, no outputs."""
    data = json.loads(source.read_text(encoding="utf-8"))
    for cell in data["cells"]:
        if cell.get("cell_type") == "markdown":
            cell["source"] = localise_links(translate_markdown(_source(cell), translations), lang)
        elif cell.get("cell_type") == "code":
            cell["outputs"], cell["execution_count"] = [], None
    metadata = data.setdefault("metadata", {})
    if isinstance(metadata.get("title"), str):
        metadata["title"] = translations.get(metadata["title"], metadata["title"])
    metadata["dos_lab"] = {**metadata.get("dos_lab", {}), "language": lang, "source": f"../{source.name}"}
    return dict(data)


def _same_cells(a: dict[str, Any], b: dict[str, Any]) -> bool:
    def text(nb: dict[str, Any]) -> list[tuple[Any, str, Any]]:
        return [(c.get("cell_type"), _source(c), c.get("metadata", {}).get("tags")) for c in nb["cells"]]
    return text(a) == text(b) and a.get("metadata", {}).get("dos_lab") == b.get("metadata", {}).get("dos_lab")


def target_languages() -> list[str]:
    return [lang for lang in catalog_paths(RUNTIME) if lang != SOURCE_LANGUAGE]


def stale_course_versions() -> list[str]:
    """Language versions missing, or whose cells differ from what their source and catalog give."""
    found: list[str] = []
    for lang in target_languages():
        translations = course_translations(lang)
        for source in course_notebooks():
            target = source.parent / lang / source.name
            if not target.exists():
                found.append(f"{_relative(target)} is missing (run: python scripts/i18n.py course)")
            elif not _same_cells(json.loads(target.read_text(encoding="utf-8")),
                                 language_version(source, lang, translations)):
                found.append(f"{_relative(target)} is stale (run: python scripts/i18n.py course)")
        rules = RULES.parent / lang / RULES.name
        if not rules.exists() or rules.read_text(encoding="utf-8") != rules_version(lang, translations):
            found.append(f"{_relative(rules)} is stale or missing (run: python scripts/i18n.py course)")
    return found


def rules_version(lang: str, translations: dict[str, str]) -> str:
    return translate_markdown(RULES.read_text(encoding="utf-8"), translations) + "\n"


def write_course(langs: Iterable[str] = (), execute: bool = True) -> list[Path]:
    """Write the language versions that are missing or stale; execute the notebooks among them."""
    changed: list[Path] = []
    for lang in list(langs) or target_languages():
        translations = course_translations(lang)
        for source in course_notebooks():
            target = source.parent / lang / source.name
            fresh = language_version(source, lang, translations)
            if target.exists() and _same_cells(json.loads(target.read_text(encoding="utf-8")), fresh):
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            nbformat.write(nbformat.from_dict(fresh), target)  # type: ignore[no-untyped-call]
            changed.append(target)
        rules = RULES.parent / lang / RULES.name
        rules.parent.mkdir(parents=True, exist_ok=True)
        rules.write_text(rules_version(lang, translations), encoding="utf-8")
    if execute and changed:
        sys.path.insert(0, str(ROOT / "scripts"))
        from refresh_notebooks import refresh

        for target in changed:
            refresh(target)
    return changed


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
        # a separator may be a (no-break) space; a message with words may not be blank
        blank = (lambda form: not form) if not any(ch.isalnum() for ch in ids[0]) else (lambda form: not form.strip())
        if not forms or any(blank(form) for form in forms):
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
    command, args = (argv[0], argv[1:]) if argv else ("check", [])
    if command == "extract":
        for domain in DOMAINS:
            write_template(domain)
    elif command == "update":
        update(args)
    elif command == "init" and len(args) == 1:
        print(init(args[0]))
    elif command == "compile":
        compile_all()
    elif command == "course":
        for path in write_course(args):
            print(f"wrote {_relative(path)}")
    elif command == "check":
        return check()
    elif command == "all":
        for domain in DOMAINS:
            write_template(domain)
        update()
        compile_all()
        write_course()
        return check()
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
