"""A turn cut into steps, for the tutorials: play a short script on a copy of a round,
then walk through what happened, one event at a time, through the end-of-turn
stages E1 … E6 (RULES.md R8). The frames come from the one observer
(:mod:`dos_lab.play.observer`), so the stepper shows the table exactly as the
table view would.

Notebooks print these results, so ``pytest --nbval`` compares them strictly;
the widgets in :mod:`dos_lab.widgets.tutorial` show the same answers live.

>>> from dos_lab import Round
>>> r = Round.from_position(hands=["R7 B3 G9", "Y1 Y5 B8"], center_row="B7 Y5", draw_pile="G4 Y8 R1")
>>> print(try_action(r, "match 0 R7 B3"))
Not allowed: R7+B3 adds up to 10, but B7 needs 7 (R4.2)
>>> print(try_action(r, "match 0 R7"))
OK: P1 plays R7 on B7: a single match.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from dos_lab.engine.cards import COLORS, NUMBERS, Card, Color, Kind, full_deck
from dos_lab.engine.events import (
    BonusPlaced,
    Discarded,
    DosCalled,
    DosCaught,
    Event,
    PenaltyDrawn,
    Refilled,
    TurnStarted,
    player_name,
)
from dos_lab.engine.round import Round
from dos_lab.engine.rules import RULE_OPTIONS, RuleSet
from dos_lab.engine.state import Phase
from dos_lab.errors import DosError, IllegalMove, InvalidInput
from dos_lab.i18n import (
    SOURCE_LANGUAGE,
    card_codes,
    colour_letter,
    colour_name,
    get_language,
    gettext,
    ngettext,
    pgettext,
)
from dos_lab.play.intents import Action, CallDos, Catch, parse_action, perform
from dos_lab.play.observer import TableSnapshot, advance, snapshot_of
from dos_lab.play.stages import NOTHING_HAPPENS, STAGE_CODES
from dos_lab.render import SYMBOLS

__all__ = [
    "Step",
    "apply_action",
    "bonus_order_rows",
    "bonus_order_text",
    "deck_table_text",
    "narrate",
    "option_words",
    "parse_hand",
    "plain",
    "row_text",
    "scores_text",
    "try_action",
    "turn_steps",
    "turn_steps_text",
    "without_stage_code",
]


def apply_action(r: Round, action: Action) -> object:
    """Play one action (an intent, a script line such as ``"match 0 R7"``, or a function) on ``r``.

    Returns what the engine returns (a Match, the drawn card, True/False for a
    DOS call, or None). Illegal actions raise :class:`IllegalMove` and change nothing.

    >>> r = Round.from_position(hands=["B1 B1 R4 G10", "Y3"], center_row="W Y9", draw_pile="G5 R6")
    >>> apply_action(r, "match W B1 B1 as B").describe()
    'B1+B1 on W (as B): double colour match'
    """
    return perform(r, action)


# ==================================================================================================== words

def _letters() -> dict[str, str]:
    """The current language's colour letters (as the cards show them) -> the colour codes R, B, G, Y."""
    return {colour_letter(c.value): c.value for c in COLORS}


def plain(text: str) -> str:
    """Engine narration as a student reads it in the tutorials: wild declarations in words.

    >>> plain("P1 plays W=G + G5 and Y#=7")
    'P1 plays W (played as green) + G5 and Y# (played as 7)'
    """
    letters = _letters()
    either = "|".join(re.escape(letter) for letter in sorted(letters, key=len, reverse=True))
    text = re.sub(rf"(?<!\w)({either})#=(\d+)",
                  lambda m: gettext("{card} (played as {value})").format(card=m.group(1) + "#", value=m.group(2)), text)
    return re.sub(rf"(?<!\w)W=({either})(?!\w)",
                  lambda m: pgettext("a Wild DOS played with the colour declared for it",
                                     "{card} (played as {colour})").format(
                      card="W", colour=colour_name(letters[m.group(1)])), text)


#: an end-of-turn line: its stage code and, in any language, the stage's name ("E2 refill: ", "E2 uzupełnienie: ")
_STAGE_LINE = re.compile(r"^E[1-6](?: [^\W\d_][^:\n]*?)?: ", re.MULTILINE)


def _ok() -> str:
    """What starts the report of an accepted action."""
    return gettext("OK:") + " "


def _without_stage_codes(text: str) -> str:
    """End-of-turn lines without their stage codes (taught only in tutorial 5), under one heading."""
    ok = text.startswith(_ok())
    out: list[str] = []
    for line in text.removeprefix(_ok()).split("\n"):
        if _STAGE_LINE.match(line):
            if gettext("At the end of the turn:") not in out:
                out.append(gettext("At the end of the turn:"))
            out.append("  - " + _STAGE_LINE.sub("", line))
        else:
            out.append(line)
    joined = "\n".join(out)
    if ok and joined.startswith(gettext("At the end of the turn:")):
        joined = joined[0].lower() + joined[1:]
    return _ok() + joined if ok else joined


def without_stage_code(text: str) -> str:
    """One narrated line with its end-of-turn stage code (taught only in tutorial 5) said in words.

    >>> without_stage_code("E2 refill: only 1 card was left in the Center Row, so G4 is turned up to make two.")
    'End of turn: only 1 card was left in the Center Row, so G4 is turned up to make two.'
    """
    return _STAGE_LINE.sub(gettext("End of turn:") + " ", text)


def option_words(rules: RuleSet) -> str:
    """The rule options that differ from classic DOS, in words with their rule numbers (the sentences of
    :data:`~dos_lab.engine.rules.RULE_OPTIONS`).

    >>> option_words(RuleSet.preset("polish"))
    'DOS is checked only at the end of your own turn (D5); the winner of a round deals the next one (D1)'
    >>> option_words(RuleSet())
    'classic DOS (no options changed)'
    """
    parts = [RULE_OPTIONS[name].words(value) for name, value in rules.differences().items()]
    return "; ".join(parts) or gettext("classic DOS (no options changed)")


def scores_text(scores: Sequence[int]) -> str:
    """Scores by player name: ``"P1 229, P2 120"``.

    >>> scores_text([229, 120])
    'P1 229, P2 120'
    """
    return ", ".join(f"{player_name(p)} {s}" for p, s in enumerate(scores))


def narrate(events: Sequence[Event]) -> str:
    """The events' descriptions, one per line (turn headers left out), in plain words (:func:`plain`)."""
    return "\n".join(plain(e.describe()) for e in events if not isinstance(e, TurnStarted))


def try_action(r: Round, action: Action, *, stage_codes: bool = True) -> str:
    """Try one action on ``r`` and say what happened, as text for ``print``.

    A legal action is played (``r`` changes) and narrated after ``OK:``; a refused
    one changes nothing and returns the engine's reason after ``Not allowed:``.
    A DOS call or catch that would have no effect is not made; the engine's reason follows ``No effect:``.
    With ``stage_codes=False`` the end-of-turn stages are listed without their codes E1 … E6.

    >>> r = Round.from_position(hands=["R7 B3 G9", "Y1 Y5 B8"], center_row="B7 Y5", draw_pile="G4 Y8 R1")
    >>> _ = try_action(r, "match 0 R7")
    >>> print(try_action(r, "end turn", stage_codes=False))
    OK: at the end of the turn:
      - every matched row card goes to the discard pile with the cards played on it: B7, R7.
      - only 1 card was left in the Center Row, so G4 is turned up to make two.
      - P1 still holds 2 cards, so play passes to P2.
    """
    before = r.event_count
    try:
        intent = parse_action(action, player=r.current) if isinstance(action, str) else action
        refusal = (r.verify_call(intent.player) if isinstance(intent, CallDos) else
                   r.verify_catch(intent.caller, intent.target) if isinstance(intent, Catch) else None)
        if refusal is not None:
            return plain(gettext("No effect: {reason}.").format(reason=refusal))
        perform(r, intent)
    except DosError as err:
        return plain(gettext("Not allowed: {reason}").format(reason=err))
    told = _ok() + (narrate(r.events_since(before)) or gettext("done."))
    return told if stage_codes else _without_stage_codes(told)


_SEPARATORS = re.compile(r"\s*(?:,|\+|&|\band\b|\s)\s*", re.IGNORECASE)


def parse_hand(text: str) -> list[Card]:
    """Cards typed by a reader, in any case and spacing: ``"G3, B4"``, ``"y9+r1"``, ``"Y9 + R1"``, ``"B4 and B6"``.

    The colour letters of the current language work as well as the English codes (Polish ``"ż9 C1"`` is
    ``Y9 R1``). Raises :class:`~dos_lab.errors.InvalidInput` naming, in the current language, a code it cannot read.

    >>> [c.code for c in parse_hand(" y9+R1 ")], [c.code for c in parse_hand("b4 and b6")]
    (['Y9', 'R1'], ['B4', 'B6'])
    >>> from dos_lab.i18n import language
    >>> with language("af"):
    ...     [c.code for c in parse_hand("gr3, Ge10 r#")]
    ['G3', 'Y10', 'R#']
    """
    text = text.strip()
    if get_language() != SOURCE_LANGUAGE:
        text = re.sub(r"\band\b", " ", text, flags=re.IGNORECASE)
        for word in pgettext("the word between two cards a reader types, as in 'B4 and B6'", "and").split():
            text = re.sub(rf"(?<!\w){re.escape(word)}(?!\w)", " ", text, flags=re.IGNORECASE)
    codes = [code for code in _SEPARATORS.split(text) if code]
    return [_typed_card(code) for code in codes]


def _typed_card(code: str) -> Card:
    """One typed code: the page language's colour letters first (longest first), then the English code."""
    letters = _letters()
    for letter in sorted(letters, key=len, reverse=True):
        rest = code[len(letter):]
        if code[:len(letter)].upper() == letter.upper() and rest[:1] and (rest[0].isdigit() or rest[0] == "#"):
            code = letters[letter] + rest
            break
    try:
        return Card.parse(code)
    except InvalidInput:
        examples = " ".join(card_codes(example) for example in ("R7", "Y10", "B#"))
        raise InvalidInput(gettext("{code!r} is not a card code; write a colour {letters} and a number 1, 3-10 or #, "
                                   "like {examples}, or W for a Wild DOS (R1.2)").format(
            code=code, letters=", ".join(_letters()), examples=examples)) from None


# ==================================================================================================== the deck


def deck_table_text() -> str:
    """How many of each card the 108-card deck holds (R1.2, R1.3), as a text table.

    >>> print(deck_table_text().splitlines()[1])
    R ●     3  -  3  3  3  2  2  2  2   2   2 |  24
    """
    deck = full_deck()
    heads = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "#"]
    colour = gettext("colour")
    lines = [f"{colour:<7}" + " ".join(f"{h:>2}" for h in heads) + " | " + gettext("all")]
    for color in COLORS:
        counts = [sum(1 for c in deck if c.color is color and c.number == n) for n in (1, 2, *NUMBERS[1:])]
        wild = sum(1 for c in deck if c.color is color and c.kind is Kind.WILD_NUMBER)
        cells = [f"{n:>2}" if n else " -" for n in counts]
        cells[-1] = f"{counts[-1]:>3}"
        lines.append(f"{colour_letter(color.value) + ' ' + SYMBOLS[color]:<7}" + " ".join(cells)
                     + f" {wild:>3} | {sum(counts) + wild:>3}")
    wild_dos = sum(1 for c in deck if c.kind is Kind.WILD_DOS)
    lines.append(gettext("Wild DOS (W, counts as 2): {count}").format(count=wild_dos))
    lines.append(gettext("All cards: {count}; points in the whole deck: {points}").format(
        count=len(deck), points=sum(c.points for c in deck)))
    return "\n".join(lines)


# ==================================================================================================== steps


@dataclass(frozen=True)
class Step:
    """One step of a turn: what happened and the table right after it (seen by everyone)."""

    stage: str | None  #: "E1" … "E6", or None for the player's own actions
    text: str
    frame: TableSnapshot
    quiet: bool = False  #: True when the stage had nothing to do
    event: Event | None = field(default=None, compare=False)
    #: where in the turn this happens: the stage, or the last stage reached before it, or "turn"
    context: str = "turn"

    @property
    def row(self) -> tuple[Card, ...]:
        """The Center Row cards."""
        return tuple(p.card for p in self.frame.row)

    @property
    def piles(self) -> tuple[tuple[Card, ...], ...]:
        """The cards played on each row card this turn."""
        return tuple(p.played_cards for p in self.frame.row)

    @property
    def pile_codes(self) -> tuple[tuple[str, ...], ...]:
        """The played cards with their declarations (``"Y#=7"``, ``"W=R"``), per row card."""
        return tuple(p.played for p in self.frame.row)

    @property
    def row_declared(self) -> tuple[int | Color | None, ...]:
        """What a wild row card was declared as when it was matched, per row card."""
        return tuple(p.declared for p in self.frame.row)

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every player's hand."""
        return tuple(h or () for h in self.frame.hands)

    @property
    def draw_pile(self) -> int:
        """Cards in the draw pile."""
        return self.frame.draw_count

    @property
    def discard_pile(self) -> int:
        """Cards in the discard pile."""
        return self.frame.discard_count


def turn_steps(round_before: Round, actions: Sequence[Action]) -> list[Step]:
    """Play ``actions`` on a copy of ``round_before`` and cut what happens into steps.

    The first step is the position before the turn; then one step per log event
    (the next turn's header left out). Once the end of the turn has started, each
    stage E1 … E6 that had nothing to do gets a step that says so, so the reader
    always walks through all six stages in order. ``round_before`` is not changed.
    An illegal action raises :class:`IllegalMove`.

    >>> r = Round.from_position(hands=["R7 B3 G9", "Y1 Y5 B8"], center_row="B7 Y5", draw_pile="G4 Y8 R1")
    >>> [s.stage for s in turn_steps(r, ["match 0 R7", "end turn"])]
    [None, None, 'E1', 'E2', 'E3', 'E4', 'E5', 'E6']
    """
    r = round_before.copy()
    start = len(r.log)
    for action in actions:
        perform(r, action)
    frame = snapshot_of(round_before, viewer=None)
    steps = [Step(None, gettext("Before: it is {player}'s turn.").format(player=player_name(round_before.current)),
                  frame)]
    next_stage = 0  # index into STAGE_CODES of the first stage not yet shown
    for event in r.log[start:]:
        if isinstance(event, TurnStarted):
            continue
        stage = event.stage
        if stage is not None:
            k = STAGE_CODES.index(stage)
            for missing in STAGE_CODES[next_stage:k]:
                steps.append(Step(missing, gettext(NOTHING_HAPPENS[missing]), frame, quiet=True, context=missing))
            next_stage = max(next_stage, k + 1)
        frame = advance(frame, event)
        context = STAGE_CODES[next_stage - 1] if next_stage else "turn"
        steps.append(Step(stage, plain(event.describe()), frame, event=event, context=stage or context))
    return steps


def row_text(step: Step) -> str:
    """The Center Row in words, with the cards played on each row card this turn.

    >>> r = Round.from_position(hands=["R7 B3 G9", "Y1 Y5 B8"], center_row="B7 Y5", draw_pile="G4 Y8 R1")
    >>> row_text(turn_steps(r, ["match 0 R7"])[-1])
    'B7 (R7 played on it), Y5'
    """
    parts = []
    for card, pile in zip(step.row, step.piles, strict=True):
        played = gettext("{card} ({cards} played on it)") if pile else "{card}"
        parts.append(played.format(card=card_codes(card.code), cards=card_codes(" + ".join(c.code for c in pile))))
    return ", ".join(parts) or gettext("empty")


def turn_steps_text(round_before: Round, actions: Sequence[Action]) -> str:
    """:func:`turn_steps` as text: one line per step, and the Center Row whenever it changed.

    >>> r = Round.from_position(hands=["R7 B3 G9", "Y1 Y5 B8"], center_row="B7 Y5", draw_pile="G4 Y8 R1")
    >>> print(turn_steps_text(r, ["match 0 R7", "end turn"]))
    Before: it is P1's turn.
        Center Row: B7, Y5
    Move: P1 plays R7 on B7: a single match.
        Center Row: B7 (R7 played on it), Y5
    E1 discard: every matched row card goes to the discard pile with the cards played on it: B7, R7.
        Center Row: Y5
    E2 refill: only 1 card was left in the Center Row, so G4 is turned up to make two.
        Center Row: Y5, G4
    E3 bonus: no colour match this turn, so there are no bonus cards to place.
    E4 others draw: no double colour match this turn, so nobody else draws.
    E5 penalty: nobody was caught without calling DOS, so there is no penalty.
    E6: P1 still holds 2 cards, so play passes to P2.
    """
    lines = []
    shown = None
    for s in turn_steps(round_before, actions):
        row = row_text(s)
        if s.stage or s.event is None:
            label = ""
        elif isinstance(s.event, DosCalled | DosCaught | PenaltyDrawn):
            label = gettext("DOS call:") + " "
        else:
            label = (gettext("Move:") if s.context == "turn" else gettext("Meanwhile:")) + " "
        lines.append(label + s.text)
        if row != shown:
            lines.append("    " + gettext("Center Row: {cards}").format(cards=row))
            shown = row
    return "\n".join(lines)


def bonus_order_rows(round_before: Round, actions: Sequence[Action]) -> tuple[list[Card], list[Card]]:
    """The Center Row after a turn with bonus cards: the right way (E2 refill, then
    E3 bonus cards) and the common mistake (bonus cards first, then a refill only
    if the row is still short). Returns ``(right, wrong)``.

    >>> r = Round.from_position(hands=["R5 B3 B5 Y9 G1 W", "R1"], center_row="R5 B8", draw_pile="G7 Y4 R6")
    >>> right, wrong = bonus_order_rows(r, ["match 0 R5", "match 1 B3 B5", "end turn", "place Y9", "place G1"])
    >>> [c.code for c in right], [c.code for c in wrong]
    (['G7', 'Y4', 'Y9', 'G1'], ['Y9', 'G1'])
    """
    r = round_before.copy()
    start = len(r.log)
    draw_before_end: list[Card] = r.draw_pile
    for action in actions:
        if r.phase in (Phase.MATCHING, Phase.DREW):
            draw_before_end = r.draw_pile
        perform(r, action)
    events = r.log[start:]
    after_e1 = next((list(e.center_row) for e in events if isinstance(e, Discarded)), None)
    if after_e1 is None:
        raise IllegalMove(gettext("these actions never reach the end of the turn (R8 E1), so there is no order to "
                                  "compare"))
    bonus = [e.card for e in events if isinstance(e, BonusPlaced)]
    right = after_e1 + [c for e in events if isinstance(e, Refilled) for c in e.cards] + bonus
    wrong = after_e1 + bonus
    wrong += draw_before_end[:max(0, 2 - len(wrong))]
    return right, wrong


def bonus_order_text(round_before: Round, actions: Sequence[Action]) -> str:
    """:func:`bonus_order_rows` as two lines of text."""
    right, wrong = bonus_order_rows(round_before, actions)
    def cards(row: list[Card]) -> str:
        return card_codes(" ".join(c.code for c in row)) + "  (" + ngettext(
            "{count} card", "{count} cards", len(row)).format(count=len(row)) + ")"

    return (gettext("Right (E2 refill, then E3 bonus): {cards}").format(cards=cards(right)) + "\n"
            + gettext("Wrong (bonus first, then refill): {cards}").format(cards=cards(wrong)))
