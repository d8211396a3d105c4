"""Issue 11, step 2: the course in every language — one source per notebook, language versions written from it.

The tutorials' and lessons' markdown and the rules reference are translated paragraph by paragraph through the
``course`` catalogs; ``scripts/i18n.py course`` writes ``tutorials/<lang>/``, ``notebooks/<lang>/`` and
``docs/<lang>/rules.md``. These tests fail when a version's code drifts from its source, when a catalog lacks a
paragraph or loses a link, and when a page would speak another language than its folder's.
"""

from __future__ import annotations

import contextvars
import json
from pathlib import Path

import pytest

from dos_lab.i18n import folder_language, get_language, gettext, language, notebook_language

from conftest import load_script

pytest.importorskip("babel")

ROOT = Path(__file__).resolve().parents[1]
TRANSLATED = ("pl", "cs", "ru", "af")


TOOL = load_script("i18n")


def _cells(path: Path) -> list[dict[str, object]]:
    return list(json.loads(path.read_text(encoding="utf-8"))["cells"])


def _text(cell: dict[str, object]) -> str:
    source = cell["source"]
    return source if isinstance(source, str) else "".join(source)  # type: ignore[arg-type]


# ---------------------------------------------------------------- cutting and joining the text

def test_blocks_split_at_blank_lines_but_keep_a_fenced_block_whole() -> None:
    text = "# Title\n\nOne line,\ntwo lines.\n\n\n```\ncode\n\nmore code\n```\n\n* a\n* b\n"
    assert TOOL.blocks(text) == ["# Title", "One line,\ntwo lines.", "```\ncode\n\nmore code\n```", "* a\n* b"]


def test_a_block_without_words_is_not_a_message() -> None:
    assert not TOOL.translatable('<a id="R4"></a>')
    assert not TOOL.translatable("```\nprint(1)\n```")
    assert TOOL.translatable('<a id="R4.1"></a>**R4.1** A single match is one card.')


def test_translation_replaces_blocks_and_leaves_the_untranslated_ones() -> None:
    text = "# Matching\n\nPut one card on the row.\n\nA line we did not translate."
    got = TOOL.translate_markdown(text, {"# Matching": "# Dopasowanie", "Put one card on the row.": "Połóż kartę."})
    assert got == "# Dopasowanie\n\nPołóż kartę.\n\nA line we did not translate."


def test_links_of_a_version_point_one_folder_deeper_and_at_the_language_reference() -> None:
    text = "([R4.1](../docs/rules.md#r4-1)) [lesson 1](../notebooks/01-one-row-card.ipynb) [next](02-matching.ipynb)"
    assert TOOL.localise_links(text, "cs") == (
        "([R4.1](../../docs/cs/rules.md#r4-1)) [lesson 1](../../notebooks/cs/01-one-row-card.ipynb) "
        "[next](02-matching.ipynb)")


def test_the_checker_catches_a_lost_link_a_missing_and_an_empty_paragraph() -> None:
    from babel.messages.catalog import Catalog

    catalog = Catalog(locale="cs")
    catalog.add("See [R4.1](../docs/rules.md#r4-1).", "Viz [R4.1](../docs/rules.md#r4-2).")
    catalog.add("Kept.", "")
    found = TOOL.course_problems(catalog, "cs", [("See [R4.1](../docs/rules.md#r4-1).", None), ("Kept.", None),
                                                 ("Gone.", None)])
    assert len(found) == 3, found
    assert any("links" in problem for problem in found)


# ---------------------------------------------------------------- the catalogs and the versions

def test_the_course_template_holds_every_paragraph_of_the_course() -> None:
    fresh = {TOOL._key(m) for m in TOOL.extract(TOOL.COURSE) if m.id}
    stored = {TOOL._key(m) for m in TOOL._read(TOOL.COURSE.template) if m.id}
    assert fresh == stored, "run: python scripts/i18n.py extract && python scripts/i18n.py update"
    assert ("# 2 · Matching", None) in stored
    assert len(stored) > 400


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_paragraph_is_translated_and_keeps_its_links(lang: str) -> None:
    wanted = [TOOL._key(m) for m in TOOL._read(TOOL.COURSE.template) if m.id]
    catalog = TOOL._read(TOOL.COURSE.path(lang), locale=lang)
    assert TOOL.course_problems(catalog, lang, wanted) == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_each_version_has_its_source_code_cells_and_its_translated_text(lang: str) -> None:
    translations = TOOL.course_translations(lang)
    for source in TOOL.course_notebooks():
        version = source.parent / lang / source.name
        assert version.exists(), f"run: python scripts/i18n.py course {lang}"
        mine, theirs = _cells(version), _cells(source)
        assert [c["cell_type"] for c in mine] == [c["cell_type"] for c in theirs], version
        for ours, source_cell in zip(mine, theirs):
            if ours["cell_type"] == "code":
                assert _text(ours) == _text(source_cell), f"{version}: a code cell differs from its source"
            else:
                expected = TOOL.localise_links(TOOL.translate_markdown(_text(source_cell), translations), lang)
                assert _text(ours) == expected, f"{version}: stale text (run: python scripts/i18n.py course {lang})"
    assert (ROOT / "docs" / lang / "rules.md").read_text(encoding="utf-8") == TOOL.rules_version(lang, translations)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_version_carries_no_english_paragraph(lang: str) -> None:
    english = {block for _, _, block in TOOL.course_blocks() if len(block) > 40}
    for source in TOOL.course_notebooks():
        for cell in _cells(source.parent / lang / source.name):
            if cell["cell_type"] == "markdown":
                left = [block for block in TOOL.blocks(_text(cell)) if block in english]
                assert not left, f"{lang}/{source.name}: {left[0][:80]!r}"


def test_the_language_folders_are_exactly_the_catalogs() -> None:
    for folder in TOOL.COURSE_FOLDERS:
        subfolders = {p.name for p in folder.iterdir() if p.is_dir() and not p.name.startswith((".", "_"))}
        assert subfolders <= set(TRANSLATED), subfolders


# ---------------------------------------------------------------- a page speaks its folder's language

def test_the_folder_names_the_language() -> None:
    assert folder_language(ROOT / "tutorials" / "pl") == "pl"
    assert folder_language(Path("/srv/site/ru/lessons")) == "ru"
    assert folder_language(Path("/srv/site/af")) == "af"
    assert folder_language(ROOT / "tutorials") is None
    assert folder_language(Path("/srv/site/xx/tutorials")) is None


def test_a_notebook_language_holds_for_the_whole_kernel_but_a_block_may_borrow_another(tmp_path: Path) -> None:
    contextvars.Context().run(_kernel_language, tmp_path)  # a fresh context: no language chosen in it


def _kernel_language(tmp_path: Path) -> None:
    try:
        assert notebook_language(ROOT / "notebooks" / "cs") == "cs"
        assert get_language() == "cs"
        with language("ru"):
            assert get_language() == "ru"
        assert get_language() == "cs"
        message = "the round is over, so nobody can be caught (R11.5, R12.1)"
        assert gettext(message) != message
    finally:
        notebook_language(tmp_path)
    assert get_language() == "en"
