"""Issue 11, step 1: the message catalogs, the language switch, and the engine speaking every language.

The golden lines below were written by hand (and read in each language) for staged positions:
a refusal, narration, a Wild DOS match, a catch, a hidden penalty, a round's end and the table.
"""

from __future__ import annotations

import contextvars
import re
import threading
from pathlib import Path

import pytest

from dos_lab import Card, Color, IllegalMove, InvalidInput, Round
from dos_lab.events import DosCaught, Matched, PenaltyDrawn, RoundEnded, TurnPassed
from dos_lab.i18n import (
    available_languages,
    card_codes,
    get_language,
    gettext,
    language,
    language_note,
    match_language,
    set_language,
)
from dos_lab.render import card_html, card_text, round_text

from conftest import load_script

pytest.importorskip("babel")

ROOT = Path(__file__).resolve().parents[1]
LANGUAGES = ("en", "pl", "cs", "ru", "af")


TOOL = load_script("i18n")


# ---------------------------------------------------------------- the catalogs

def test_every_language_has_a_catalog() -> None:
    assert available_languages() == tuple(sorted(LANGUAGES))
    assert set(TOOL.catalog_paths()) == set(LANGUAGES)


def test_the_template_holds_exactly_the_messages_in_the_code() -> None:
    fresh = {TOOL._key(m) for m in TOOL.extract() if m.id}
    stored = {TOOL._key(m) for m in TOOL._read(TOOL.TEMPLATE) if m.id}
    assert fresh == stored, "run: python scripts/i18n.py extract && python scripts/i18n.py update"
    assert len(fresh) > 150


@pytest.mark.parametrize("lang", LANGUAGES)
def test_catalog_is_complete_with_placeholders_and_plural_forms(lang: str) -> None:
    wanted = [TOOL._key(m) for m in TOOL._read(TOOL.TEMPLATE) if m.id]
    catalog = TOOL._read(TOOL.catalog_paths()[lang], locale=lang)
    assert TOOL.catalog_problems(catalog, lang, wanted) == []
    forms = 2 if lang in ("en", "af") else 3
    assert catalog.num_plurals == forms and catalog.plural_forms.startswith(f"nplurals={forms};")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_compiled_catalog_is_not_stale(lang: str) -> None:
    po = TOOL.catalog_paths()[lang]
    assert po.with_suffix(".mo").read_bytes() == TOOL.mo_bytes(po, lang), "run: python scripts/i18n.py compile"


def test_the_checker_catches_a_lost_placeholder_an_empty_and_a_fuzzy_translation() -> None:
    from babel.messages.catalog import Catalog

    catalog = Catalog(locale="pl")
    catalog.add("{card} is {value}", "{card} to coś")
    catalog.add("Center Row", "")
    catalog.add(("{count} card", "{count} cards"), ("{count} karta", "{count} karty", "kart"))
    catalog.add("Turn {turn}", "Kolejka {turn}", flags=("fuzzy",))
    problems = TOOL.catalog_problems(catalog, "pl", [("{card} is {value}", None), ("Center Row", None),
                                                     ("{count} card", None), ("Turn {turn}", None), ("gone", None)])
    assert len(problems) == 5, problems
    assert any("placeholders" in p and "value" in p for p in problems)
    assert any("no translation of 'Center Row'" in p for p in problems)
    assert any("'kart'" in p for p in problems)
    assert any("fuzzy" in p for p in problems)
    assert any("no entry" in p for p in problems)


_RULES = re.compile(r"\b(?:R\d+(?:\.\d+)?|E\d)\b|\b[a-z]+(?:_[a-z]+)+(?:=[a-z_]+)?\b")


@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_rule_numbers_and_option_names_survive_translation(lang: str) -> None:
    catalog = TOOL._read(TOOL.catalog_paths()[lang], locale=lang)
    for message in catalog:
        if not message.id:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        forms = [message.string] if isinstance(message.string, str) else list(message.string)
        wanted = sorted(_RULES.findall(re.sub(r"\{[^}]*\}", "", ids[-1])))
        for form in forms:
            assert sorted(_RULES.findall(re.sub(r"\{[^}]*\}", "", form))) == wanted, (ids[0], form)


def test_english_catalog_repeats_the_code() -> None:
    catalog = TOOL._read(TOOL.catalog_paths()["en"], locale="en")
    for message in catalog:
        if message.id:
            assert message.string == message.id


# ---------------------------------------------------------------- plural forms

CARDS_LEFT = {
    "en": ["1 card", "2 cards", "5 cards", "22 cards"],
    "pl": ["1 kartę", "2 karty", "5 kart", "22 karty"],
    "cs": ["1 kartu", "2 karty", "5 karet", "22 karet"],
    "ru": ["1 карта", "2 карты", "5 карт", "22 карты"],
    "af": ["1 kaart", "2 kaarte", "5 kaarte", "22 kaarte"],
}
DRAW_PILE = {
    "en": "Draw pile: {} card", "pl": "Stos dobierania: {} kart", "cs": "Dobírací balíček: {} karet",
    "ru": "Стопка добора: {} карт", "af": "Trekstapel: {} kaarte",
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_one_two_five_and_twenty_two_cards(lang: str) -> None:
    with language(lang):
        said = [TurnPassed(player=0, to=1, cards_left=n).describe() for n in (1, 2, 5, 22)]
    for sentence, expected in zip(said, CARDS_LEFT[lang]):
        assert f" {expected}," in sentence, sentence


def test_russian_one_form_serves_twenty_one_and_polish_twelve_to_fourteen_take_many() -> None:
    with language("ru"):
        assert " 21 карта," in TurnPassed(player=0, to=1, cards_left=21).describe()
        assert " 11 карт," in TurnPassed(player=0, to=1, cards_left=11).describe()
    with language("pl"):
        assert " 12 kart," in TurnPassed(player=0, to=1, cards_left=12).describe()
        assert " 24 karty," in TurnPassed(player=0, to=1, cards_left=24).describe()


@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_the_table_counts_a_pile_in_the_language(lang: str) -> None:
    r = Round.from_position(hands=["R7", "Y1"], center_row="B5 G4", draw_pile=" ".join(["G1"] * 3 + ["Y3"] * 2))
    with language(lang):
        assert round_text(r).splitlines()[-1].startswith(DRAW_PILE[lang].format(5))


# ---------------------------------------------------------------- the engine in every language

def _staged() -> Round:
    return Round.from_position(hands=["R3 Y4 G7 R7", "Y1 B3"], center_row="B5 R7", draw_pile="G4 Y8")


def _said() -> list[str]:
    r = _staged()
    lines = [str(r.verify_match(0, "R3", "Y4")), str(r.verify_match(0, "G9"))]
    r.match(1, "R7")
    lines.append(r.log[-1].describe())
    with pytest.raises(IllegalMove) as refused:
        r.draw()
    lines.append(str(refused.value))
    lines.append(Matched(player=1, target=0, target_card=Card.parse("W"), target_as=Color.GREEN, cards=("G3", "W=G"),
                         bonus="double_colour").describe())
    lines.append(DosCaught(caller=1, target=0, deferred=True).describe())
    lines.append(PenaltyDrawn(player=0, cards=(Card.parse("B3"), Card.parse("Y8")), deferred=False).describe(viewer=1))
    lines.append(RoundEnded(winner=0, points=22, hand_points=(0, 12, 10)).describe())
    lines += round_text(Round.from_position(hands=["R7 B#", "W"], center_row="G4 Y5", draw_pile="G1")).splitlines()
    return lines


GOLDEN = {
    "en": [
        "R3+Y4 adds up to 7, but B5 needs 5 (R4.2)",
        "P1 has no G9 in hand (hand: R3 Y4 G7 R7) (R4.1)",
        "P1 plays R7 on R7: a single match, and the colours match: single colour match, 1 bonus card to place (R6.1).",
        "P1 has matched this turn, so cannot draw: a turn is matching or drawing, not both (R3.1, R3.3)",
        "P2 plays G3 + W=G on W (a 2, called green): a double match, both cards the same colour as the row card: "
        "double colour match, 1 bonus card to place and every other player draws a card (R6.2).",
        'P2 calls "DOS!" on P1, who forgot to call: P1 draws the penalty cards at the end of their turn (E5) (R11.1).',
        "P1 draws 2 cards for the missed DOS call (R11.1).",
        "E6: P1 has no cards left and wins the round, scoring 22 points (P2 holds 12; P3 holds 10) (R12, R13).",
        "Turn 1: P1 to match or draw.",
        "Center Row: [G4▲] [Y5★]",
        "P1 (to play): [R7●] [B#■]",
        "P2: [W 2]",
        "Draw pile: 1 card · Discard pile: 0 cards",
    ],
    "pl": [
        "C3+Ż4 daje razem 7, a N5 wymaga 5 (R4.2)",
        "G1 nie ma w ręce Z9 (ręka: C3 Ż4 Z7 C7) (R4.1)",
        "G1 zagrywa C7 na C7: pojedyncze dopasowanie, a kolory się zgadzają: pojedyncze dopasowanie koloru, "
        "1 karta bonusowa do wyłożenia (R6.1).",
        "G1 ma już dopasowanie w tej kolejce, więc nie może dobierać: w kolejce się dopasowuje albo dobiera, "
        "nie jedno i drugie (R3.1, R3.3)",
        "G2 zagrywa Z3 + W=Z na W (jako 2, kolor: zielony): podwójne dopasowanie, obie karty w kolorze karty z rzędu: "
        "podwójne dopasowanie koloru, 1 karta bonusowa do wyłożenia, a każdy inny gracz dobiera kartę (R6.2).",
        "G2 woła „DOS!” i przyłapuje gracza G1, który nie powiedział „DOS!”: G1 dobiera karty karne na koniec swojej "
        "kolejki (E5) (R11.1).",
        "G1 dobiera 2 karty za brak „DOS!” (R11.1).",
        "E6: G1 nie ma już kart i wygrywa rundę, zdobywając 22 punkty (G2 ma 12; G3 ma 10) (R12, R13).",
        "Kolejka 1: G1 dopasowuje albo dobiera.",
        "Środkowy rząd: [Z4▲] [Ż5★]",
        "G1 (teraz gra): [C7●] [N#■]",
        "G2: [W 2]",
        "Stos dobierania: 1 karta · Stos odrzuconych kart: 0 kart",
    ],
    "cs": [
        "Č3+Ž4 dává součet 7, ale M5 potřebuje 5 (R4.2)",
        "H1 nemá v ruce Z9 (ruka: Č3 Ž4 Z7 Č7) (R4.1)",
        "H1 přikládá Č7 k Č7: jednoduchá shoda, a barvy se shodují: jednoduchá barevná shoda, 1 bonusová karta "
        "k položení (R6.1).",
        "H1 už má v tomto tahu shodu, a tak si nemůže dobrat kartu: v tahu se buď přiřazuje, nebo dobírá, ne obojí "
        "(R3.1, R3.3)",
        "H2 přikládá Z3 + W=Z k W (jako 2, barva: zelená): dvojitá shoda, obě karty mají barvu karty z řady: dvojitá "
        "barevná shoda, 1 bonusová karta k položení a každý z ostatních hráčů si dobírá kartu (R6.2).",
        "H2 volá „DOS!“ a přistihne H1 bez zvolání „DOS!“: H1 si trestné karty dobere na konci svého tahu (E5) "
        "(R11.1).",
        "H1 si dobírá 2 karty za nezvolané „DOS!“ (R11.1).",
        "E6: H1 už nemá žádné karty a vyhrává kolo: získává 22 bodů (H2 má 12; H3 má 10) (R12, R13).",
        "Tah 1: H1 má přiřadit, nebo si dobrat kartu.",
        "Středová řada: [Z4▲] [Ž5★]",
        "H1 (na tahu): [Č7●] [M#■]",
        "H2: [W 2]",
        "Dobírací balíček: 1 karta · Odkládací balíček: 0 karet",
    ],
    "ru": [
        "К3+Ж4 в сумме дают 7, а для С5 нужно 5 (R4.2)",
        "у И1 нет З9 в руке (рука: К3 Ж4 З7 К7) (R4.1)",
        "И1 кладёт К7 на К7: одиночное совпадение, и цвета совпадают: одиночное совпадение по цвету, предстоит "
        "выложить 1 бонусную карту (R6.1).",
        "у И1 уже есть совпадение в этом ходу, поэтому брать карту нельзя: за ход либо делают совпадения, либо берут "
        "карту, но не то и другое (R3.1, R3.3)",
        "И2 кладёт З3 + W=З на W (как 2, цвет: зелёный): двойное совпадение, обе карты того же цвета, что и карта в "
        "ряду: двойное совпадение по цвету, предстоит выложить 1 бонусную карту, а каждый другой игрок берёт карту "
        "(R6.2).",
        "И2 кричит «DOS!» и ловит игрока И1, который забыл крикнуть «DOS!»: И1 берёт штрафные карты в конце своего "
        "хода (E5) (R11.1).",
        "И1 берёт 2 карты за пропущенный «DOS!» (R11.1).",
        "E6: И1 избавляется от всех карт и выигрывает раунд, получая 22 очка (И2: 12; И3: 10) (R12, R13).",
        "Ход 1: И1 делает совпадение или берёт карту.",
        "Центральный ряд: [З4▲] [Ж5★]",
        "И1 (ходит): [К7●] [С#■]",
        "И2: [W 2]",
        "Стопка добора: 1 карта · Стопка сброса: 0 карт",
    ],
    "af": [
        "R3+Ge4 tel op tot 7, maar B5 het 5 nodig (R4.2)",
        "S1 het geen Gr9 in die hand nie (hand: R3 Ge4 Gr7 R7) (R4.1)",
        "S1 speel R7 op R7: 'n enkelpassing, en die kleure pas: enkelkleurpassing, 1 bonuskaart om te plaas (R6.1).",
        "S1 het hierdie beurt al 'n passing gemaak en kan dus nie trek nie: in 'n beurt maak jy passings óf trek jy, "
        "nie albei nie (R3.1, R3.3)",
        "S2 speel Gr3 + W=Gr op W ('n 2, as groen verklaar): 'n dubbelpassing, albei kaarte in die kleur van die "
        "rykaart: dubbelkleurpassing, 1 bonuskaart om te plaas en elke ander speler trek 'n kaart (R6.2).",
        "S2 roep “DOS!” en betrap S1, wat vergeet het om te roep: S1 trek die strafkaarte aan die einde van sy of "
        "haar beurt (E5) (R11.1).",
        "S1 trek 2 kaarte vir die gemiste DOS-roep (R11.1).",
        "E6: S1 het geen kaarte oor nie en wen die rondte met 22 punte (S2 hou 12; S3 hou 10) (R12, R13).",
        "Beurt 1: S1 moet 'n passing maak of trek.",
        "Sentrumry: [Gr4▲] [Ge5★]",
        "S1 (aan die beurt): [R7●] [B#■]",
        "S2: [W 2]",
        "Trekstapel: 1 kaart · Weggooistapel: 0 kaarte",
    ],
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_staged_position_in_each_language(lang: str) -> None:
    with language(lang):
        assert _said() == GOLDEN[lang]


def test_english_is_the_default_and_the_same_as_asking_for_it() -> None:
    assert get_language() == "en"
    default = _said()
    with language("en"):
        assert _said() == default == GOLDEN["en"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_illegal_move_in_any_language_keeps_its_rule_and_changes_nothing(lang: str) -> None:
    r = _staged()
    before = r.to_dict()
    with language(lang), pytest.raises(IllegalMove, match=r"\(R4\.2\)"):
        r.match(0, "R3", "Y4")
    assert r.to_dict() == before


@pytest.mark.parametrize("lang", LANGUAGES)
def test_typed_card_codes_are_echoed_as_typed(lang: str) -> None:
    with language(lang), pytest.raises(InvalidInput) as refused:
        Card.parse("R2")
    assert str(refused.value).startswith("'R2'")
    assert "(R1.3)" in str(refused.value)


# ---------------------------------------------------------------- cards in the reader's letters

FACES = {"en": ("R ●", "red 7"), "pl": ("C ●", "czerwona 7"), "cs": ("Č ●", "červená 7"),
         "ru": ("К●", "красная 7"), "af": ("R●", "rooi 7")}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_card_face_letter_is_the_colour_initial_and_the_symbol_stays(lang: str) -> None:
    corner, label = FACES[lang]
    with language(lang):
        html = card_html(Card.parse("R7"))
    assert f">{corner}<" in html
    assert f'aria-label="{label}"' in html


def test_letters_of_every_colour_are_distinct_in_every_language() -> None:
    for lang in LANGUAGES:
        with language(lang):
            faces = {card_text(Card.parse(code)) for code in ("R7", "B7", "G7", "Y7")}
            letters = {card_codes(code) for code in ("R7", "B7", "G7", "Y7")}
        assert len(faces) == 4 and len(letters) == 4, lang


def test_card_codes_rewrites_only_card_codes() -> None:
    with language("pl"):
        assert card_codes("R3+Y4") == "C3+Ż4"
        assert card_codes("B#=4 W=G W Y10") == "N#=4 W=Z W Ż10"
    assert card_codes("R3+Y4") == "R3+Y4"


def test_the_python_api_keeps_its_codes_in_any_language() -> None:
    with language("ru"):
        r = _staged()
        assert ("G7",) in [m.cards for m in r.legal_matches()] and ("R7",) in [m.cards for m in r.legal_matches()]
        assert Card.parse("R7").code == "R7" and Card.parse("R7").name == "red 7"
        assert r.to_dict()["hands"][0] == ["R3", "Y4", "G7", "R7"]


# ---------------------------------------------------------------- choosing the language

def test_set_language_normalises_and_returns_the_language_used() -> None:
    def run() -> tuple[str, str, str]:
        used = set_language("pl-PL")
        return used, get_language(), gettext("Center Row")

    assert contextvars.copy_context().run(run) == ("pl", "pl", "Środkowy rząd")
    assert get_language() == "en"


def test_an_unknown_language_falls_back_to_english_with_a_note() -> None:
    def run() -> tuple[str, str]:
        return set_language("de"), gettext("Center Row")

    assert contextvars.copy_context().run(run) == ("en", "Center Row")
    assert match_language("de") is None and match_language("RU") == "ru"
    assert language_note("pl") is None
    assert language_note("de") == "dos_lab has no 'de' translation, so it speaks English; languages: af, cs, en, pl, ru"
    with language("cs"):
        assert language_note("de") == "dos_lab nemá překlad 'de', a proto mluví anglicky; jazyky: af, cs, en, pl, ru"


def test_a_language_that_is_not_text_is_invalid_input() -> None:
    with pytest.raises(InvalidInput, match="a language is a code like 'pl'"):
        set_language(7)  # type: ignore[arg-type]


def test_the_context_manager_restores_the_language_even_after_an_error() -> None:
    with pytest.raises(IllegalMove), language("pl") as used:
        assert used == "pl"
        with language("ru"):
            assert gettext("Center Row") == "Центральный ряд"
        assert gettext("Center Row") == "Środkowy rząd"
        _staged().match(0, "R3", "Y4")
    assert get_language() == "en"


def test_each_thread_keeps_its_own_language() -> None:
    seen: dict[str, str] = {}
    ready = threading.Barrier(2)

    def speak(lang: str) -> None:
        set_language(lang)
        ready.wait()
        seen[lang] = gettext("Center Row")

    threads = [threading.Thread(target=speak, args=(lang,)) for lang in ("cs", "af")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert seen == {"cs": "Středová řada", "af": "Sentrumry"}
    assert get_language() == "en"


# ---------------------------------------------------------------- the glossaries

GLOSSARY_TERMS = ("Center Row", "single colour match", "double colour match", "single number match",
                  "double number match")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_glossary_words_are_the_catalog_words(lang: str) -> None:
    text = (ROOT / "docs" / "glossary" / f"{lang}.md").read_text(encoding="utf-8")
    rows = {}
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 3 and cells[0] and not set(cells[0]) <= set("-: "):
            rows[cells[0].strip("*")] = cells[1].strip("*")
    with language(lang):
        for term in GLOSSARY_TERMS:
            assert term in rows, f"{lang} glossary lacks {term}"
            assert gettext(term).lower() == rows[term].lower(), (term, rows[term])


def test_match_names_read_as_phrases() -> None:
    from dos_lab.matching import Bonus, Match

    match = Match(0, ("G3", "G6"), 9, Bonus.DOUBLE_COLOUR)
    said = {}
    for lang in LANGUAGES:
        with language(lang):
            said[lang] = str(match)
    assert said == {
        "en": "G3+G6 on row card 0 (as 9): double colour match",
        "pl": "Z3+Z6 na kartę z rzędu nr 0 (jako 9): podwójne dopasowanie koloru",
        "cs": "Z3+Z6 na kartu v řadě č. 0 (jako 9): dvojitá barevná shoda",
        "ru": "З3+З6 на карту ряда № 0 (как 9): двойное совпадение по цвету",
        "af": "Gr3+Gr6 op rykaart 0 (as 9): dubbelkleurpassing",
    }


def test_the_check_command_passes() -> None:
    assert TOOL.main(["check"]) == 0


def test_a_language_set_in_one_notebook_cell_holds_in_the_next() -> None:
    manager = pytest.importorskip("jupyter_client.manager")
    km, kc = manager.start_new_kernel(kernel_name="python3")

    def run(code: str) -> str:
        msg_id = kc.execute(code)
        out = []
        while True:
            msg = kc.get_iopub_msg(timeout=60)
            if msg["parent_header"].get("msg_id") != msg_id:
                continue
            if msg["msg_type"] == "stream":
                out.append(msg["content"]["text"])
            elif msg["msg_type"] == "error":
                out.append("error: " + msg["content"]["evalue"])
            elif msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
                return "".join(out).strip()

    try:
        assert run("import dos_lab\nprint(dos_lab.set_language('pl'))") == "pl"
        assert run("from dos_lab.i18n import gettext\nprint(gettext('Center Row'))") == "Środkowy rząd"
        assert run("with dos_lab.language('ru'):\n    print(gettext('Center Row'))") == "Центральный ряд"
        assert run("print(gettext('Center Row'))") == "Środkowy rząd"
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


@pytest.mark.parametrize(("lang", "shown"), [("pl", "Ż#=11"), ("cs", "Ž#=11"), ("ru", "Ж#=11"), ("af", "Ge#=11")])
def test_a_wild_number_declared_out_of_range_is_named_with_the_language_s_card_code(lang: str, shown: str) -> None:
    """Tutorial 3's refusal wrote the English colour letter (Y#=11) on a page that writes Ż#, Ž#, Ж#, Ge#."""
    from dos_lab.errors import IllegalDeclaration
    from dos_lab.matching import parse_played

    with language(lang), pytest.raises(IllegalDeclaration) as refused:
        parse_played("Y#=11")
    assert str(refused.value).startswith(shown)
