"""The site in each language, in headless Chromium as a student uses it: ``?lang=`` on the home page, the table
and the navigation bar in that language, a move played by clicking, the language picker (keeping the deal), an
unknown language's note, and one tutorial per language where its language version exists. Screenshots go to
``test-artifacts/``."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from page_waits import FIRST
from playwright.sync_api import Page, expect
from test_i18n_site import LANGUAGES, _english_words

from dos_lab.app.course import site_words
from dos_lab.i18n import colour_letter, gettext, language, pgettext

from conftest import serve_site_without_pools

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

ROOT = Path(__file__).resolve().parents[1]
#: the page's parts that speak the page's language (the course panel lists English pages not yet translated)
TRANSLATED = (".dos-title", ".dos-howto", ".dos-seed", ".dos-table")


@pytest.fixture(scope="module")
def site() -> Iterator[str]:
    yield from serve_site_without_pools()


def _own_name(lang: str) -> str:
    with language(lang):
        return pgettext("the name of this language, in this language", "English")


def _open(page: Page, url: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 1100})
    page.goto(url)
    expect(page.locator(".dos-hand-0")).to_be_visible(timeout=FIRST)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_home_page_and_its_table_in_the_language(site: str, page: Page, artifacts: Path, lang: str) -> None:
    _open(page, f"{site}/?lang={lang}&seed=7&position=colour-match")
    assert re.search(rf"/voila/render/{lang}/home\.ipynb\?seed=7&position=colour-match$", page.url)
    with language(lang):
        words = site_words()
        played = gettext("You played {match}{called}.").split("{match}")[0].strip()
        match_label = gettext("Match")
        red = colour_letter("R")
    expect(page.locator("a.dos-nav-home")).to_have_text(words["dos-home"], timeout=15_000)
    expect(page.locator("a.dos-nav-rules")).to_have_text(words["dos-rules"])
    expect(page.locator(".dos-lang-current")).to_have_text(_own_name(lang))
    expect(page.locator(".dos-match")).to_have_text(match_label)
    # the colour-match position: R7 in hand on the row's R7, shown with the language's letter
    first = page.locator(".dos-hand-0").inner_text().replace("\n", " ")
    assert first.startswith(red), first
    labels, phrases = _english_words(lang)
    for part in TRANSLATED:
        text = page.locator(part).first.inner_text()
        left = [p for p in phrases if p in text] + [line for line in text.splitlines() if line.strip() in labels]
        assert not left, (part, left[:5])
    page.screenshot(path=str(artifacts / f"i18n-{lang}-home.png"), full_page=True)
    # play a move by clicking: the status line answers in the language
    page.locator(".dos-hand-0").click()
    page.locator(".dos-row-0").click()
    page.locator(".dos-match").click()
    expect(page.locator(".dos-status-text")).to_contain_text(played)
    page.locator(".dos-table").screenshot(path=str(artifacts / f"i18n-{lang}-table-after-match.png"))


def test_the_language_picker_keeps_the_deal(site: str, page: Page, artifacts: Path) -> None:
    _open(page, f"{site}/voila/render/pl/home.ipynb?seed=4242&bots=random")
    page.locator(".dos-lang-link[lang=cs]").click()
    expect(page.locator(".dos-lang-current")).to_have_text(_own_name("cs"), timeout=FIRST)
    assert re.search(r"/voila/render/cs/home\.ipynb\?seed=4242&bots=random$", page.url)
    expect(page.locator(".dos-seed").first).to_contain_text("4242")
    page.locator(".dos-lang-link[lang=en]").click()
    expect(page.locator(".dos-lang-current")).to_have_text("English", timeout=FIRST)
    assert re.search(r"/voila/render/home\.ipynb\?seed=4242&bots=random$", page.url)
    expect(page.locator("a.dos-nav-home")).to_have_text("Home")
    page.screenshot(path=str(artifacts / "i18n-picker-back-to-english.png"))


def test_an_unknown_language_shows_the_english_page_with_a_note(site: str, page: Page, artifacts: Path) -> None:
    _open(page, f"{site}/voila/render/ru/home.ipynb?lang=tlh&seed=3")
    assert re.search(r"/voila/render/home\.ipynb\?lang=tlh&seed=3$", page.url)
    expect(page.locator(".dos-language-note")).to_contain_text("dos_lab has no 'tlh' translation")
    expect(page.locator(".dos-match")).to_have_text("Match")
    page.screenshot(path=str(artifacts / "i18n-unknown-language.png"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_tutorial_in_the_language(site: str, page: Page, artifacts: Path, lang: str) -> None:
    tutorials = sorted((ROOT / "tutorials" / lang).glob("0[1-8]-*.ipynb"))
    if not tutorials:
        pytest.skip(f"tutorials/{lang}/ has no language version yet: `python scripts/i18n.py course {lang}` "
                    "writes it (the translators' work)")
    notebook = tutorials[1 if len(tutorials) > 1 else 0]
    code = [cell for cell in json.loads(notebook.read_text())["cells"] if cell["cell_type"] == "code"]
    if not code or "notebook_language(" not in "".join(code[0]["source"]):
        pytest.skip(f"{notebook.relative_to(ROOT)} does not choose its language yet: its first code cell must call "
                    "notebook_language() (the course notebooks' code cells are another engineer's work)")
    name = notebook.name
    page.set_viewport_size({"width": 1280, "height": 1100})
    page.goto(f"{site}/voila/render/tutorials/{name}?lang={lang}")
    assert f"/voila/render/{lang}/tutorials/{name}" in page.url
    expect(page.locator(".dos-tut-example, .dos-tut-stepper, .dos-tut-exercise, .dos-quiz").first).to_be_visible(
        timeout=FIRST)
    with language(lang):
        words = site_words()
        check = gettext("Check")
    expect(page.locator("a.dos-nav-home")).to_have_text(words["dos-home"], timeout=15_000)
    buttons = page.locator("button.dos-tut-check")
    if buttons.count():
        expect(buttons.first).to_have_text(check)
    page.screenshot(path=str(artifacts / f"i18n-{lang}-tutorial.png"), full_page=True)
