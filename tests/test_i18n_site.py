"""The site in every language: its folders, ``?lang=`` (kept query, unknown languages), ``dos-lab --lang``, the
home page's language picker and title; cards typed in a language's letters; and no English word left on the
table, the tutorial widgets or the answer widgets when they speak another language."""

from __future__ import annotations

import html
import json
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from dos_lab import Round
from dos_lab.app.course import CourseSources, build_site, catalogue, site_languages, site_words
from dos_lab.app.page import home_page, language_picker, setup_from_query
from dos_lab.app.server import language_target
from dos_lab.errors import InvalidInput
from dos_lab.i18n import LOCALE_DIR, available_languages, language
from dos_lab.play.positions import staged_game
from dos_lab.play.steps import parse_hand
from dos_lab.widgets.answers import AnswerBox, ChoiceBox, Guess, Quiz
from dos_lab.widgets.controller import TableController
from dos_lab.widgets.table import TableView
from dos_lab.widgets.tutorial import ClosingCheck, Exercise, PlayableExample, TurnStepper

from conftest import free_port, stop_app, wait_until_ready

ROOT = Path(__file__).resolve().parents[1]
LANGUAGES = ("pl", "cs", "ru", "af")
#: each language's own name, as the picker shows it
OWN_NAMES = {"en": "English", "pl": "Polski", "cs": "Čeština", "ru": "Русский", "af": "Afrikaans"}


# ---------------------------------------------------------------- the site's folders


def _notebook(path: Path, heading: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"cells": [{"cell_type": "markdown", "metadata": {}, "source": f"# {heading}\n\nIn "
                                           "short."}], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))


@pytest.fixture
def course(tmp_path: Path) -> CourseSources:
    """A small course: two tutorials and a lesson in English, a Polish version of one tutorial and the rules."""
    src = tmp_path / "src"
    _notebook(src / "tutorials" / "01-setup.ipynb", "Setting up")
    _notebook(src / "tutorials" / "02-matching.ipynb", "Matching")
    _notebook(src / "tutorials" / "pl" / "01-setup.ipynb", "Przygotowanie")
    _notebook(src / "notebooks" / "01-one.ipynb", "Lesson one")
    (src / "docs" / "pl").mkdir(parents=True)
    (src / "docs" / "rules.md").write_text("# DOS rules\n\nMatch a card (R4.2).\n")
    (src / "docs" / "pl" / "rules.md").write_text("# Zasady DOS\n\nDopasuj kartę (R4.2).\n")
    return CourseSources(ROOT / "dos_lab" / "app" / "home.ipynb", src / "docs" / "rules.md",
                         {"tutorials": src / "tutorials", "lessons": src / "notebooks"})


def test_each_language_has_its_folder_with_home_rules_and_its_course_versions(course: CourseSources,
                                                                               tmp_path: Path) -> None:
    site = build_site(tmp_path / "site", course)
    files = {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}
    assert set(site_languages()) == set(LANGUAGES)
    for lang in LANGUAGES:
        assert {f"{lang}/home.ipynb", f"{lang}/rules.html"} <= files
        # the same home page source for every language: it reads its language from its folder
        assert (site / lang / "home.ipynb").resolve() == (ROOT / "dos_lab" / "app" / "home.ipynb").resolve()
    # the Polish version of a tutorial is served in pl/; the English folders do not carry the language folders
    assert (site / "pl" / "tutorials" / "01-setup.ipynb").resolve() == \
        (course.folders["tutorials"] / "pl" / "01-setup.ipynb").resolve()
    assert "pl/tutorials/02-matching.ipynb" not in files and "cs/tutorials/01-setup.ipynb" not in files
    assert not any(name.startswith("tutorials/pl") for name in files)
    # the rules: Polish from docs/pl/rules.md, Czech falls back to the English text but speaks Czech around it
    polish, czech = (site / "pl" / "rules.html").read_text(), (site / "cs" / "rules.html").read_text()
    assert "Zasady DOS" in polish and '<html lang="pl">' in polish and '<a href="#R4.2">R4.2</a>' in polish
    assert "DOS rules" in czech and '<html lang="cs">' in czech
    with language("cs"):
        assert f'<meta name="dos-home" content="{site_words()["dos-home"]}">' in czech
    assert site_words()["dos-home"] == "Home" and '<meta name="dos-home" content="Home">' in \
        (site / "rules.html").read_text()


def test_the_course_panel_lists_the_language_versions_and_falls_back_to_english(course: CourseSources) -> None:
    polish = catalogue(course, "pl")["tutorials"]
    assert [(e.title, e.path) for e in polish] == [("Przygotowanie", "tutorials/01-setup.ipynb"),
                                                     ("Matching", "../tutorials/02-matching.ipynb")]
    assert [e.path for e in catalogue(course)["tutorials"]] == ["tutorials/01-setup.ipynb",
                                                                  "tutorials/02-matching.ipynb"]


def test_the_template_takes_its_words_from_the_rules_page_and_holds_no_language() -> None:
    template = (ROOT / "dos_lab/app/share/voila/templates/dos-lab/index.html.j2").read_text()
    assert 'meta[name^="dos-"]' in template and "words[\"dos-rule-title\"]" in template
    assert 'a.title = ruleTitle(ref)' in template
    for lang in LANGUAGES:
        with language(lang):
            words = site_words()
        assert "Home" not in words["dos-home"] and "{rule}" in words["dos-rule-title"], lang
        assert "{requested!r}" in words["dos-language-note"], lang


# ---------------------------------------------------------------- ?lang= and --lang


@pytest.mark.parametrize(("path", "query", "target"), [
    ("home.ipynb", "lang=pl&seed=7&bots=random", "pl/home.ipynb?seed=7&bots=random"),
    ("tutorials/03-wild-cards.ipynb", "lang=RU", "ru/tutorials/03-wild-cards.ipynb"),
    ("pl/lessons/01-one-row-card.ipynb", "seed=1&lang=cs-CZ", "cs/lessons/01-one-row-card.ipynb?seed=1"),
    ("af/home.ipynb", "lang=en&position=dos-call", "home.ipynb?position=dos-call"),
    ("pl/home.ipynb", "lang=xx&seed=2", "home.ipynb?lang=xx&seed=2"),  # unknown: the English page says so
    ("home.ipynb", "lang=xx", None),
    ("pl/home.ipynb", "seed=2", None),
])
def test_lang_in_the_query_leads_to_the_page_in_that_language(path: str, query: str, target: str | None) -> None:
    assert language_target(path, query) == target


def test_an_unknown_language_gives_the_english_home_page_with_a_note() -> None:
    page = home_page("lang=xx&seed=4")
    title = html.unescape(page.children[0].value)
    assert "dos-language-note" in title and "'xx'" in title and "languages: af, cs, en, pl, ru" in title
    assert "dos-language-note" not in home_page("seed=4").children[0].value
    assert setup_from_query("lang=pl&seed=3")[1] == []  # lang is a setting of the page, not an ignored one


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_home_page_speaks_its_language_and_picks_languages_keeping_the_query(lang: str) -> None:
    with language(lang):
        page = home_page(f"seed=12&bots=random&lang={lang}")
        picker = language_picker("seed=12&bots=random&lang=en")
    title = html.unescape(page.children[0].value)
    assert "Play the card game DOS" not in title
    links = dict(re.findall(r'<a class="dos-lang-link" lang="(\w+)" hreflang="\w+" href="([^"]+)">', picker))
    current = re.search(r'<b class="dos-lang-current" lang="(\w+)"[^>]*>([^<]+)</b>', picker)
    assert current is not None and current.groups() == (lang, OWN_NAMES[lang])
    assert set(links) == set(available_languages()) - {lang}
    for other, href in links.items():  # straight to the language's folder: works on Binder too (no ?lang= redirect)
        folder = "" if other == "en" else f"{other}/"
        assert html.unescape(href) == ("" if lang == "en" else "../") + f"{folder}home.ipynb?seed=12&bots=random"
        assert f'lang="{other}" hreflang="{other}" href="{href}">{OWN_NAMES[other]}</a>' in picker
    assert "Play DOS against the computer" not in page.children[1].value


@pytest.fixture(scope="module")
def polish_site() -> Iterator[tuple[str, str]]:
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "dos_lab", "--no-browser", f"--port={port}", "--lang", "pl-PL"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_ready(proc, base)  # type: ignore[arg-type]
        yield base, _printed_address(proc)
    finally:
        stop_app(proc)  # type: ignore[arg-type]


def _printed_address(proc: subprocess.Popen[str]) -> str:
    end = time.monotonic() + 120
    assert proc.stdout is not None
    while time.monotonic() < end:
        line = proc.stdout.readline()
        if line.startswith("DOS lab: open "):
            return line.removeprefix("DOS lab: open ").strip()
    raise AssertionError("dos-lab printed no address")


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any) -> None:
        return None


def _location(url: str) -> str:
    try:
        urllib.request.build_opener(_NoRedirect).open(url, timeout=30)
    except urllib.error.HTTPError as err:
        assert err.code in (301, 302), err.code
        return str(err.headers["Location"])
    raise AssertionError(f"{url} did not redirect")


def test_dos_lab_lang_opens_the_language_home_page_and_redirects_lang(polish_site: tuple[str, str]) -> None:
    base, printed = polish_site
    assert printed == f"{base}/voila/render/pl/home.ipynb"
    assert _location(f"{base}/?seed=5") == "/voila/render/pl/home.ipynb?seed=5"
    assert _location(f"{base}/?lang=en&seed=5") == "/voila/render/home.ipynb?seed=5"
    assert _location(f"{base}/voila/render/tutorials/02-matching.ipynb?seed=1&lang=cs&x=%C3%A9") == \
        "/voila/render/cs/tutorials/02-matching.ipynb?seed=1&x=%C3%A9"
    assert _location(f"{base}/voila/render/ru/home.ipynb?lang=zz&bots=random") == \
        "/voila/render/home.ipynb?lang=zz&bots=random"
    with urllib.request.urlopen(f"{base}/voila/files/pl/rules.html", timeout=30) as reply:
        rules = reply.read().decode()
    assert '<html lang="pl">' in rules and '<meta name="dos-home" content="Strona główna">' in rules


def test_dos_lab_refuses_a_language_it_does_not_have() -> None:
    done = subprocess.run([sys.executable, "-m", "dos_lab", "--lang", "xx", "--no-browser"], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode != 0 and "no 'xx' translation" in done.stderr and "af, cs, en, pl, ru" in done.stderr


# ---------------------------------------------------------------- typed cards


@pytest.mark.parametrize(("lang", "typed", "codes"), [
    ("pl", "c7, ż10 + n# i Z3", ["R7", "Y10", "B#", "G3"]),
    ("cs", "Č7 m3, ž# a z10", ["R7", "B3", "Y#", "G10"]),
    ("ru", "к7+С3 ж# и з10", ["R7", "B3", "Y#", "G10"]),
    ("af", "r7 b3 ge# en GR10", ["R7", "B3", "Y#", "G10"]),
    ("pl", "R7 y9 and W", ["R7", "Y9", "W"]),  # the English codes work in every language
])
def test_a_reader_types_cards_in_the_letters_of_the_page(lang: str, typed: str, codes: list[str]) -> None:
    with language(lang):
        assert [card.code for card in parse_hand(typed)] == codes


@pytest.mark.parametrize(("lang", "letters"), [("pl", "C, N, Z, Ż"), ("cs", "Č, M, Z, Ž"), ("ru", "К, С, З, Ж"),
                                                ("af", "R, B, Gr, Ge")])
def test_a_malformed_card_is_refused_in_the_page_language(lang: str, letters: str) -> None:
    with language(lang), pytest.raises(InvalidInput) as refused:
        parse_hand("Q7")
    assert "'Q7'" in str(refused.value) and letters in str(refused.value) and "(R1.2)" in str(refused.value)
    assert "is not a card code" not in str(refused.value)


# ---------------------------------------------------------------- no English left


def _english_words(lang: str) -> tuple[set[str], set[str]]:
    """The runtime catalog's English labels (whole texts) and phrases (two words or more) that ``lang``
    translates differently: none of them may be left on a widget speaking ``lang``."""
    with (LOCALE_DIR / lang / "LC_MESSAGES" / "dos_lab.po").open("rb") as handle:
        catalog = read_po(handle)
    labels, phrases = set(), set()
    for message in catalog:
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        for english in ids:
            if not english or english in strings:
                continue
            text = re.sub(r"<[^>]+>", "", english)
            for part in re.split(r"\{[^}]*\}", text):
                part = part.strip(" .,:;—()!?\"“”")
                if len(part.split()) >= 3:
                    phrases.add(part)
            if "{" not in text:
                labels.add(text.strip())
    return labels, phrases


def _texts(widget: Any) -> Iterator[tuple[str, str]]:
    """Every text a reader sees or hears on a widget and its children: (what, text)."""
    for trait in ("description", "tooltip", "placeholder"):
        value = getattr(widget, trait, None)
        if isinstance(value, str) and value:
            yield trait, value
    options = getattr(widget, "_options_labels", None)
    if options:
        for label in options:
            yield "option", str(label)
    value = getattr(widget, "value", None)
    if type(widget).__name__ == "HTML" and isinstance(value, str):
        text = re.sub(r"<style>.*?</style>", "", value, flags=re.S)
        yield "html", html.unescape(re.sub(r"<[^>]+>", "\n", text))
    for child in getattr(widget, "children", ()):
        yield from _texts(child)


def _widgets_for(lang: str) -> list[Any]:
    with language(lang):
        table = TableView(TableController(staged_game("colour-match"), ["greedy"]))
        table.hand_buttons[0].click()
        table.hand_buttons[1].click()
        table.row_buttons[0].click()
        table.buttons["match"].click()  # a refusal: the status line speaks too
        table.buttons["hint"].click()
        table.setup_panel.toggle.click()
        round_ = Round.from_position(hands=["R7 B3 G9", "Y1 Y5 B8"], center_row="B7 Y5", draw_pile="G4 Y8 R1")
        example = PlayableExample(round_.copy(), "…", lambda r: False, solution=["match 0 R7"], dos_buttons=True)
        example.match_button.click()
        example.show_button.click()
        stepper = TurnStepper(round_.copy(), ["match 0 R7", "end turn"])
        stepper.next_button.click()
        exercise = Exercise("…", lambda a: a == "3", "3", placeholder="…")
        exercise.check("x")
        box = AnswerBox("…", 3, kind="whole", hint="…", explain="…")
        box.submit("x")
        choice = ChoiceBox("…", ["a", "b"], "a", hint="…", explain="…")
        choice.choose("b")
        quiz = Quiz([AnswerBox("…", 1, kind="chance", hint="…", explain="…")], title="…")
        check = ClosingCheck(2, [ChoiceBox("…", ["a"], "a", hint="…", explain="…")])
        check.questions[0].choose("a")
        guess = Guess("…", kind="chance")
        guess.lock.click()
        compared = guess.compare(0.25)
        return [table, example, stepper, exercise, box, choice, quiz, check, guess, compared]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_english_word_is_left_on_the_widgets(lang: str) -> None:
    labels, phrases = _english_words(lang)
    found = []
    for widget in _widgets_for(lang):
        for what, text in _texts(widget):
            if what != "html" and text.strip() in labels:
                found.append((what, text))
            found += [(what, phrase) for phrase in phrases if phrase in text]
    assert not found, found[:10]


def test_the_english_check_would_find_an_english_word() -> None:
    """The test above can fail: an English table is full of the catalog's words."""
    labels, phrases = _english_words("pl")
    english = [text for widget in _widgets_for("en") for what, text in _texts(widget)
               if (what != "html" and text.strip() in labels) or any(p in text for p in phrases)]
    assert len(english) > 40


def test_a_sixth_language_needs_no_code() -> None:
    """The site's languages are the catalogs: no language is named in the site's or the widgets' code."""
    template = ROOT / "dos_lab/app/share/voila/templates/dos-lab/index.html.j2"
    for module in [*(ROOT / "dos_lab" / "app").glob("*.py"), *(ROOT / "dos_lab" / "widgets").glob("*.py"),
                   *(ROOT / "dos_lab" / "play").glob("*.py"), template]:
        source = re.sub(r'""".*?"""', "", module.read_text(), flags=re.S)
        assert not re.search(r"[\"'](pl|cs|ru|af)[\"/]", source), module
