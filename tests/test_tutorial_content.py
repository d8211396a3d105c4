"""What the tutorials tell a student is true, readable and free of code.

Each claim that issue 9 found wrong is checked here: against the engine where the claim is about play
(the position is built and played), and against the text where it is about wording. The student text is the
markdown cells; code-cell outputs are checked by the notebook tests.
"""

from __future__ import annotations

import enum
import re
from pathlib import Path
from typing import Any

import nbformat
import pytest

from dos_lab import Card, Round, RuleSet
from dos_lab.errors import DosError

ROOT = Path(__file__).resolve().parents[1]
TUTORIALS = ROOT / "tutorials"
NOTEBOOKS = sorted(TUTORIALS.glob("[0-9][0-9]-*.ipynb"))
RULE_LINK = re.compile(r"\[((?:R\d+(?:\.\d+)?)|(?:D\d+))\]\(([^)#]*)#([^)]*)\)")


def markdown_cells(number: int) -> list[str]:
    nb = nbformat.read(NOTEBOOKS[number - 1], as_version=4)  # type: ignore[no-untyped-call]
    return [cell.source for cell in nb.cells if cell.cell_type == "markdown"]


def markdown(number: int) -> str:
    return "\n\n".join(markdown_cells(number))


def plain(text: str) -> str:
    """The text as read: links reduced to their words, emphasis and line breaks removed."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    return re.sub(r"\s+", " ", text.replace("**", "").replace("*", ""))


def codes(cards: list[Card]) -> list[str]:
    return [card.code for card in cards]


def play(r: Round, *actions: str) -> Round:
    for action in actions:
        verb, _, rest = action.partition(" ")
        if verb == "match":
            target, *cards = rest.split()
            r.match(int(target), *cards)
        elif verb == "end":
            r.end_turn()
        elif verb == "place":
            r.place(rest)
        elif verb == "draw":
            r.draw()
        elif verb == "catch":
            caller, target = rest.split()
            assert r.catch_dos(int(caller), int(target))
        else:  # pragma: no cover - a typo in a test
            raise ValueError(action)
    return r


# --- tutorial 6 §5-6 and tutorial 5 §5: after a catch you may hold two cards again ------------------------

S46: dict[str, Any] = dict(hands=["R7 G6 Y1 B9", "R10 B#"], center_row="R7 G6 Y3", draw_pile="B10 R4 Y8",
                           dos_called=[1])
S46_TURN = ("match 0 R7", "match 1 G6", "end turn", "catch 1 0", "place Y1", "place B9")


def test_s46_the_penalty_leaves_two_cards_and_the_player_is_exposed_again() -> None:
    r = play(Round.from_position(**S46), *S46_TURN)
    assert codes(r.hands[0]) == ["R4", "Y8"]
    assert r.current == 1 and not r.has_called_dos(0)
    assert r.is_exposed(0)
    assert r.catch_dos(1, 0), "P2 can catch P1 a second time"
    assert len(r.hands[0]) == 4


def test_tutorial6_says_call_again_and_not_that_a_caught_player_is_safe() -> None:
    text = plain(markdown(6))
    assert "nobody can catch you again" not in text
    assert "After a catch you hold four cards" not in text
    r = play(Round.from_position(**S46), *S46_TURN)
    held = " and ".join(codes(r.hands[0]))
    assert f"{held} — exactly two cards" in text, "section 6 names the two penalty cards the engine deals"
    assert 'call "DOS!" again' in text
    assert "a catch does not make you safe" in text


ALL_SIX: dict[str, Any] = dict(hands=["R5 B3 B5 Y9 G1", "R1 R3 R4"], center_row="R5 B8", draw_pile="G7 Y4 R6 B1 B4 Y1")


def test_tutorial5_all_six_stages_states_the_hands_the_engine_gives() -> None:
    r = play(Round.from_position(**ALL_SIX), "match 0 R5", "match 1 B3 B5", "end turn")
    at_end_of_matching = codes(r.hands[0])
    assert r.is_exposed(0)
    play(r, "catch 1 0", "place Y9", "place G1")
    after_penalty = codes(r.hands[0])
    assert len(after_penalty) == 2 and r.is_exposed(0)

    text = plain(markdown(5))
    assert "ends the turn holding two cards without calling DOS" not in text
    assert "left with two cards ({} and {})".format(*at_end_of_matching) in text
    assert "the two penalty cards {} and {}".format(*after_penalty) in text
    assert 'must call "DOS!" again' in text


# --- tutorials 4 and 5: a match after a draw earns colour bonuses as usual (R7.2) -------------------------

def test_engine_gives_colour_bonuses_after_a_draw() -> None:
    single = Round.from_position(hands=["R9 B10 G6", "Y1 Y5 B6"], center_row="Y3 B5", draw_pile="B5 R4 B3")
    single.draw()
    assert single.match(1, "B5").bonus == "single_colour"
    double = Round.from_position(hands=["Y4 R9", "Y1 Y5 B6"], center_row="Y7 G10", draw_pile="Y3 R6 B3")
    double.draw()
    assert double.match(0, "Y3", "Y4").bonus == "double_colour"


@pytest.mark.parametrize("number", [4, 5])
def test_tutorials_4_and_5_say_bonuses_count_after_a_draw(number: int) -> None:
    text = plain(markdown(number))
    sentences = re.split(r"(?<=[.!?])\s", text)
    assert any("draw" in s and "bonus" in s and "as usual" in s and "R7.2" in s for s in sentences), \
        "a sentence says a match after a draw wins its bonus as usual (R7.2)"


# --- tutorial 3: the player announces a wild's colour or number (R9.1, R10.1) ---------------------------

def test_tutorial3_teaches_that_the_player_announces_wilds() -> None:
    text = plain(markdown(3))
    assert "the engine picks" not in text and "engine chooses" not in text
    assert "if you do not say a colour" not in text
    assert "the game never chooses for you" in text
    for rule in ("R9.1", "R10.1"):
        assert any(rule in s and "announc" in s for s in re.split(r"(?<=[.!?])\s", text)), rule


# --- tutorial 1: the colour symbols are this package's, not printed on the cards --------------------------

def test_tutorial1_does_not_present_the_symbols_as_printed() -> None:
    paragraphs = [p for cell in markdown_cells(1) for p in cell.split("\n\n")]
    about_symbols = [plain(p) for p in paragraphs if re.search(r"symbol|[●■▲★]", p)]
    assert about_symbols
    assert not any("has its own symbol" in p for p in about_symbols)
    for paragraph in about_symbols:
        if paragraph.startswith("|"):
            continue  # the table; its header says "symbol on these pages"
        assert re.search(r"these pages|this package|real cards", paragraph), paragraph
    assert any(re.search(r"real cards (only have the colours|do not have them)", p) for p in about_symbols)


# --- tutorial 8: the rules on one page ----------------------------------------------------------------------

def test_tutorial8_one_page_rules_are_complete_and_match_the_engine() -> None:
    page = plain(markdown_cells(8)[0])
    assert "The rules on one page" in page
    assert f"first player with {RuleSet().target_score} points or more wins" in page
    assert "never three cards" in page
    assert "each Center Row card once" in page
    points = {code: Card.parse(code).points for code in ("R7", "W", "B#")}
    assert points["R7"] == 7
    assert f"Wild DOS = {points['W']}" in page and f"Wild # = {points['B#']}" in page
    assert "number card = its number" in page
    assert "7 cards each" in page and RuleSet().hand_size == 7
    assert "call again" in page


# --- tutorial 7: the preset descriptions are the presets --------------------------------------------------------

def test_tutorial7_describes_the_presets_as_they_are() -> None:
    text = plain(markdown(7))
    assert RuleSet.preset("classic").differences() in ({}, None)
    assert RuleSet.preset("quick").target_score == 100 and "played to 100 points" in text
    polish = RuleSet.preset("polish").differences()
    assert set(polish) == {"dos_checkpoints", "dealer_rotation"}
    assert "polish — the Polish rule write-up: DOS is checked only at the end of your own turn, and the winner" in text
    family = RuleSet.preset("family").differences()
    assert set(family) == {"after_draw_matching", "bonus_placement", "dos_catch_window"}
    assert "family — any matches after a draw, bonus cards may be kept, and a forgotten DOS can be caught only " \
           "until the next turn starts" in text


# --- no code on student pages ----------------------------------------------------------------------------------------

def option_identifiers() -> set[str]:
    """Every rule-option name and enum value of the API that a student could mistake for words."""
    defaults = RuleSet()
    names = set(defaults.to_dict())
    values = set()
    for name in names:
        value = getattr(defaults, name)
        if isinstance(value, enum.Enum):
            values |= {str(member.value) for member in type(value)}
    return {n for n in names | values if "_" in n}


def test_option_identifiers_are_known() -> None:
    ids = option_identifiers()
    assert {"after_draw_matching", "drawn_card_only", "bonus_placement", "winner_deals"} <= ids


@pytest.mark.parametrize("number", range(1, 9))
def test_no_code_or_engine_notation_in_student_text(number: int) -> None:
    text = markdown(number)
    words = re.sub(r"\]\([^)]*\)", "]", text)  # link targets are not read
    for identifier in option_identifiers():
        assert identifier not in words, identifier
    assert "`" not in words, "no code formatting"
    assert not re.search(r"#\d", words), "row cards are not numbered from 0 (#0, #1)"
    assert not re.search(r"numbered from 0|card number 0|row card 0", words)
    assert not re.search(r"\w<\w", words), "no engine pile notation like R5<R5>"
    assert "RULES.md" not in words and "RuleSet" not in words
    assert not re.search(r"\bthe engine\b", words, re.I), "students meet 'the game', not 'the engine'"


@pytest.mark.parametrize("number", range(1, 5))
def test_stage_codes_only_from_tutorial_5(number: int) -> None:
    for sentence in re.split(r"(?<=[.!?:])\s", plain(markdown(number))):
        if re.search(r"\bE[1-6]\b", sentence):
            assert "tutorial 5" in sentence, sentence


# --- structure: goal, Tutorial n of 8, Previous/Next, Run all, rule links ------------------------------------------

@pytest.mark.parametrize("number", range(1, 9))
def test_each_tutorial_has_goal_navigation_and_run_all(number: int) -> None:
    cells = markdown_cells(number)
    first, last = cells[0], cells[-1]
    assert first.startswith(f"# {number} · ")
    assert "**Learning goal.**" in first
    assert "**Learning goal.**" in first
    note = next(c for c in cells if "Run → Run All Cells" in c)  # its own cell, which the site leaves out
    assert "JupyterLab" in note
    for cell in (first, last):
        assert f"**Tutorial {number} of 8**" in cell
        links = dict(re.findall(r"(Previous|Next): \[[^\]]*\]\(([^)]*)\)", cell))
        if number > 1:
            assert links.get("Previous") == NOTEBOOKS[number - 2].name
        else:
            assert "Previous" not in links
        if number < 8:
            assert links.get("Next") == NOTEBOOKS[number].name
        else:
            assert "Next" not in links
        for target in links.values():
            assert (TUTORIALS / target).exists()


@pytest.mark.parametrize("number", range(1, 9))
def test_rule_numbers_are_links_in_one_form(number: int) -> None:
    text = markdown(number)
    links = RULE_LINK.findall(text)
    assert links, "the tutorial cites rules"
    for token, target, anchor in links:
        assert target == "../docs/rules.md", target
        assert anchor == token.lower().replace(".", "-"), (token, anchor)
    unlinked = RULE_LINK.sub("", text)
    assert not re.search(r"\bR\d+\.\d+\b", unlinked), "a rule number with a part (R4.2) is always a link"
    assert not re.search(r"\bD\d+\b", unlinked), "an option number (D2) is always a link"


def test_lesson_link_in_tutorial8_points_to_a_lesson() -> None:
    for target in re.findall(r"\]\((\.\./notebooks/[^)]*)\)", markdown(8)):
        assert (TUTORIALS / target).resolve().exists(), target


# --- teacher material: notes, answer key, printable pages ---------------------------------------------------------

TEACHER = ROOT / "docs" / "teacher"
PRINTABLES = ["rules-card.html", "worksheet-02-matching.html", "worksheet-03-wild-cards.html",
              "worksheet-05-bonuses.html"]
SYMBOLS = {"r": "●", "b": "■", "g": "▲", "y": "★"}


def answer_key() -> str:
    return (TEACHER / "answer-key.md").read_text(encoding="utf-8")


def key_section(title: str) -> str:
    text = answer_key()
    start = text.index(f"## {title}")
    end = text.find("\n## ", start + 1)
    return text[start:end if end > 0 else None]


@pytest.mark.parametrize("number", range(1, 9))
def test_teacher_notes_cover_every_point(number: int) -> None:
    notes = (TEACHER / f"tutorial-{number:02d}.md").read_text(encoding="utf-8")
    for field in ("**Learning goal**", "**Age**", "**Time**", "**Prerequisites**", "## Common mistakes", "## Answers"):
        assert field in notes, field
    assert f"](../../tutorials/{NOTEBOOKS[number - 1].name})" in notes
    assert f"## Tutorial {number}\n" in answer_key()
    index = (TEACHER / "README.md").read_text(encoding="utf-8")
    assert f"(tutorial-{number:02d}.md)" in index


def test_student_pages_do_not_link_the_answer_key() -> None:
    for number in range(1, 9):
        assert "answer-key" not in markdown(number) and "docs/teacher" not in markdown(number)


@pytest.mark.parametrize("name", PRINTABLES)
def test_printable_page_is_a4_and_readable_in_black_and_white(name: str) -> None:
    html = (TEACHER / name).read_text(encoding="utf-8")
    assert '<link rel="stylesheet" href="print.css">' in html
    css = (TEACHER / "print.css").read_text(encoding="utf-8")
    assert re.search(r"@page\s*\{\s*size:\s*A4", css)
    cards = re.findall(r'<span class="card ([a-z]+)[^"]*"[^>]*>([^<]+)<span class="sym">([^<]+)</span></span>', html)
    assert len(cards) >= 10
    for kind, text, symbol in cards:
        if kind == "w":
            assert (text, symbol) == ("W", "2")
        else:
            assert text[0].lower() == kind and re.fullmatch(r"[RBGY](\d+|#)", text), text
            assert symbol == SYMBOLS[kind], (text, symbol)
            Card.parse(text)
    if name.startswith("worksheet"):
        assert '<div class="head"><span>Name</span><span>Class</span><span>Date</span></div>' in html
        assert "✓" not in html and "**" not in html, "no answers on the student sheet"


def described(r: Round) -> set[str]:
    """The legal matches, written as the answer key writes them: "B3 + G4 on B7"."""
    return {m.describe().split(":")[0].replace("+", " + ") for m in r.legal_matches()}


def most_cards_in_one_turn(r: Round) -> int:
    best = 0
    for m in r.legal_matches():
        after = r.copy()
        after.match(m.target, *m.cards, target_as=m.target_as)
        best = max(best, len(m.cards) + most_cards_in_one_turn(after))
    return best


def test_worksheet_2_answers_are_the_engine_answers() -> None:
    key = key_section("Worksheet 2 answers")
    r = Round.from_position(hands=["R7 B3 G9 Y1 G4", "Y1 Y5"], center_row="B7 Y5 G10", draw_pile="G4 Y8")
    matches = described(r)
    singles = {m for m in matches if "+" not in m}
    assert singles == {"R7 on B7"} and "**R7 on B7** (the only single match)" in key
    for double in matches - singles:
        assert f"**{double}**" in key, double
    assert most_cards_in_one_turn(r) == 4 and "**4 cards**" in key
    three = Round.from_position(hands=["G1 B3 Y3 R10", "Y1 Y5"], center_row="R7 B9", draw_pile="G4")
    assert three.legal_matches() == [] and "must **draw**" in key
    small = Round.from_position(hands=["Y1 B6 R4 G3", "Y1 Y5"], center_row="R1 Y4", draw_pile="G4")
    assert described(small) == {"Y1 on R1", "R4 on Y4", "Y1 + G3 on Y4"}
    turn = play(Round.from_position(hands=["Y8 G3 B5 R1", "Y1 Y5 B8"], center_row="R8 B6", draw_pile="Y4 G10 R3"),
                "match 0 Y8", "match 1 R1 B5", "end turn")
    assert f"Center Row **{' '.join(codes(r_ := turn.center_row))}**" in key and len(r_) == 2
    assert f"**{codes(turn.hands[0])[0]}** is left" in key


def test_worksheet_3_answers_are_the_engine_answers() -> None:
    key = key_section("Worksheet 3 answers")
    r = Round.from_position(hands=["G3 G6 R1 B5", "Y1 Y5"], center_row="G# Y10", draw_pile="B7 R8")
    numbers = {m.target_as for m in r.legal_matches() if m.target == 0}
    line = key[key.index("b) ✓ Any two of"):key.index("6. ✓")]
    stated = {int(n) for n in re.findall(r"(\d+) \(", line)}
    assert stated == numbers - {9}, "every other number, and only those"
    dcm = next(m for m in r.legal_matches() if m.bonus == "double_colour")
    assert dcm.target_as == 9 and set(dcm.cards) == {"G3", "G6"}
    allowed = []
    for n in (0, 1, 2, 7, 10, 11):
        wild_on_wild = Round.from_position(hands=["Y# R9", "Y1 Y5"], center_row="G# B9", draw_pile="R3")
        try:
            wild_on_wild.match(0, f"Y#={n}", target_as=n)
        except DosError:
            continue
        allowed.append(n)
    assert "**1, 2, 7 and 10**" in key and allowed == [1, 2, 7, 10]
    assert Card.parse("W").points == 20 and Card.parse("B#").points == 40 and "W **20**, B# **40**" in key


def test_worksheet_5_answers_are_the_engine_answers() -> None:
    key = key_section("Worksheet 5 answers")

    def bonus(hand: str, row: str, *cards: str) -> str:
        r = Round.from_position(hands=[hand, "Y1 Y5"], center_row=row, draw_pile="G4 Y8")
        found = r.match(0, *cards).bonus
        return {"single_colour": "S", "double_colour": "D"}.get(str(found.value) if found else "", "–")

    letters = [bonus("R7 B3", "R7 Y5", "R7"), bonus("R3 R4", "R7 Y5", "R3", "R4"),
               bonus("R3 B4", "R7 Y5", "R3", "B4"), bonus("Y# B1", "Y7 B4", "Y#=7"),
               bonus("R5 W", "R7 Y5", "R5", "W=R"), bonus("G3 G4", "B7 Y5", "G3", "G4")]
    stated = re.findall(r"[a-f]\) \*\*([SD–])\*\*", key)
    assert stated == letters
    s32 = play(Round.from_position(hands=["R5 B3 B5 Y9 G1 W", "R1 R3 R4 R6 B10"], center_row="R5 B8",
                                   draw_pile="G7 Y4 R6 G3"),
               "match 0 R5", "match 1 B3 B5", "end turn", "place Y9", "place G1")
    assert f"**{' '.join(codes(s32.center_row))} — {len(s32.center_row)} cards**" in key
    assert f"P2 holds **{len(s32.hands[1])}** cards" in key and f"P1 holds **{codes(s32.hands[0])[0]}**" in key
