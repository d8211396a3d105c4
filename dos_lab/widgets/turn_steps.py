"""The tutorials' turn-by-turn helpers, without widgets: play short action texts on
a round, narrate the result, split a turn into its end-of-turn stages E1 … E6
(RULES.md R8), and compare the right bonus order with the common mistake.

Notebooks print these results, so ``pytest --nbval`` compares them strictly;
the widgets in :mod:`dos_lab.widgets.tutorial` show the same answers live.

>>> from dos_lab import Round
>>> r = Round.from_position(hands=["R7 B3 G9", "Y1 Y5 B8"], center_row="B7 Y5", draw_pile="G4 Y8 R1")
>>> print(try_action(r, "match 0 R7 B3"))
Not allowed: R7+B3 adds up to 10, but B7 needs 7 (R4.2)
>>> print(try_action(r, "match 0 R7"))
OK: P1 plays R7 on B7: a single match.

Actions are short texts (or callables taking the round):
``"match 0 R7"`` (row position or row card code, then one or two hand cards;
declarations ride on the codes, ``"match 1 W=Y Y3"``; ``"… as 9"`` or ``"… as B"``
declares a wild row card), ``"draw"``, ``"place Y9"``, ``"end turn"``,
``"call P1"`` (P1 calls DOS), ``"catch P2 P1"`` (P2 calls DOS on P1), ``"undo"``.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from dos_lab.cards import COLORS, NUMBERS, Card, Color, Kind, full_deck
from dos_lab.errors import DosError, IllegalMove, InvalidInput
from dos_lab.events import (
    BonusPlaced,
    Discarded,
    DosCalled,
    DosCaught,
    Drew,
    Event,
    Matched,
    OpponentDrew,
    PenaltyDrawn,
    Placed,
    Refilled,
    Reflipped,
    Reshuffled,
    TurnStarted,
    player_name,
)
from dos_lab.matching import parse_played
from dos_lab.render import SYMBOLS, cards_html
from dos_lab.round import Round
from dos_lab.state import Phase

__all__ = [
    "BAD_INK",
    "OK_INK",
    "STAGES",
    "Action",
    "Step",
    "apply_action",
    "bonus_order_html",
    "bonus_order_rows",
    "bonus_order_text",
    "deck_table_html",
    "deck_table_text",
    "narrate",
    "no_effect_message",
    "try_action",
    "turn_steps",
    "turn_steps_text",
]

#: an action: a short text such as ``"match 0 R7"``, or a function that acts on the round
Action = str | Callable[[Round], object]

#: the end-of-turn stages of RULES.md R8, in order, with a short name
STAGES: tuple[tuple[str, str], ...] = (
    ("E1", "discard"),
    ("E2", "refill"),
    ("E3", "bonus cards"),
    ("E4", "others draw"),
    ("E5", "DOS penalty"),
    ("E6", "going out?"),
)

_NOTHING_HAPPENS = {
    "E1": "E1 discard: no Center Row card was matched, so nothing goes to the discard pile.",
    "E2": "E2 refill: the Center Row still has two or more cards, so no card is turned up.",
    "E3": "E3 bonus: no colour match this turn, so there are no bonus cards to place.",
    "E4": "E4 others draw: no double colour match this turn, so nobody else draws.",
    "E5": "E5 penalty: nobody was caught without calling DOS, so there is no penalty.",
    "E6": "E6: the turn is over.",
}

OK_INK = "#1b5e20"
BAD_INK = "#b71c1c"


def _player(text: str) -> int:
    word = text.strip().upper()
    if len(word) >= 2 and word[0] == "P" and word[1:].isdigit() and int(word[1:]) >= 1:
        return int(word[1:]) - 1
    raise InvalidInput(f"{text!r} is not a player; write P1, P2, …")


# ==================================================================================================== actions


def apply_action(r: Round, action: Action) -> object:
    """Play one action on ``r`` (see the module docstring for the texts).

    Returns what the engine returns (a Match, the drawn card, True/False for a
    DOS call, or None). Illegal actions raise :class:`IllegalMove` and change nothing.

    >>> r = Round.from_position(hands=["B1 B1 R4 G10", "Y3"], center_row="W Y9", draw_pile="G5 R6")
    >>> apply_action(r, "match W B1 B1 as B").describe()
    'B1+B1 on W (as B): double colour match'
    """
    if callable(action):
        return action(r)
    if not isinstance(action, str):
        raise InvalidInput(f"{action!r} is not an action; write e.g. 'match 0 R7', 'draw' or 'place Y9'")
    words = action.replace(",", " ").split()
    if not words:
        raise InvalidInput("an empty action; write e.g. 'match 0 R7', 'draw' or 'place Y9'")
    verb, rest = words[0].lower(), words[1:]
    if verb == "match":
        target_as: str | int | None = None
        if len(rest) >= 2 and rest[-2].lower() == "as":
            declared = rest[-1]
            target_as = int(declared) if declared.isdigit() else declared
            rest = rest[:-2]
        if not rest:
            raise InvalidInput("match needs a row card: 'match 0 R7'")
        target: int | str = int(rest[0]) if rest[0].isdigit() else rest[0]
        return r.match(target, *rest[1:], target_as=target_as)
    if verb == "draw" and not rest:
        return r.draw()
    if verb == "place" and len(rest) == 1:
        r.place(rest[0])
        return None
    if verb in ("end", "end_turn") and rest in ([], ["turn"]):
        r.end_turn()
        return None
    if verb == "call" and len(rest) == 1:
        return r.call_dos(_player(rest[0]))
    if verb == "catch" and len(rest) == 2:
        return r.catch_dos(_player(rest[0]), _player(rest[1]))
    if verb == "undo" and not rest:
        r.undo()
        return None
    raise InvalidInput(f"{action!r} is not an action; write e.g. 'match 0 R7', 'draw', 'place Y9', 'end turn', "
                       "'call P1' or 'catch P2 P1'")


def narrate(events: Sequence[Event]) -> str:
    """The events' descriptions, one per line (turn headers left out)."""
    return "\n".join(e.describe() for e in events if not isinstance(e, TurnStarted))


def try_action(r: Round, action: Action) -> str:
    """Try one action on ``r`` and say what happened, as text for ``print``.

    A legal action is played (``r`` changes) and narrated after ``OK:``; a refused
    one changes nothing and returns the engine's reason after ``Not allowed:``.
    A DOS call or catch that has no effect says so.
    """
    before = len(r.log)
    try:
        result = apply_action(r, action)
    except DosError as err:
        return f"Not allowed: {err}"
    told = narrate(r.log[before:])
    if result is False:
        return "No effect: " + no_effect_message(action)
    return "OK: " + (told or "done.")


def no_effect_message(action: Action) -> str:
    text = action if isinstance(action, str) else ""
    if text.lower().startswith("call"):
        return "a DOS call only counts when the caller holds exactly two cards (R11.3)."
    return "that player is not exposed: they called DOS already, or do not hold exactly two cards (R11.3)."


# ==================================================================================================== the deck


def deck_table_text() -> str:
    """How many of each card the 108-card deck holds (R1.2, R1.3), as a text table.

    >>> print(deck_table_text().splitlines()[1])
    R ●     3  -  3  3  3  2  2  2  2   2   2 |  24
    """
    deck = full_deck()
    heads = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "#"]
    lines = ["colour " + " ".join(f"{h:>2}" for h in heads) + " | all"]
    for color in COLORS:
        counts = [sum(1 for c in deck if c.color is color and c.number == n) for n in (1, 2, *NUMBERS[1:])]
        wild = sum(1 for c in deck if c.color is color and c.kind is Kind.WILD_NUMBER)
        cells = [f"{n:>2}" if n else " -" for n in counts]
        cells[-1] = f"{counts[-1]:>3}"
        lines.append(f"{color.value} {SYMBOLS[color]}    " + " ".join(cells) + f" {wild:>3} | {sum(counts) + wild:>3}")
    wild_dos = sum(1 for c in deck if c.kind is Kind.WILD_DOS)
    lines.append(f"Wild DOS (W, counts as 2): {wild_dos}")
    lines.append(f"All cards: {len(deck)}; points in the whole deck: {sum(c.points for c in deck)}")
    return "\n".join(lines)


def deck_table_html() -> str:
    """The deck as a table with one row per colour and a card picture per column (R1.2, R1.3)."""
    deck = full_deck()
    cell = "padding:2px 6px;text-align:center;border:1px solid #bbb"
    head = "".join(f"<th style='{cell}'>{h}</th>" for h in
                   ["colour", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Wild #", "total"])
    rows = []
    for color in COLORS:
        tds = [f"<td style='{cell}'>{color.label} {SYMBOLS[color]}</td>"]
        total = 0
        for number in (1, 2, *NUMBERS[1:]):
            copies = sum(1 for c in deck if c.color is color and c.number == number)
            total += copies
            tds.append(f"<td style='{cell}'>{copies if copies else '—'}</td>")
        wild = sum(1 for c in deck if c.color is color and c.kind is Kind.WILD_NUMBER)
        tds.append(f"<td style='{cell}'>{wild}</td><td style='{cell}'><b>{total + wild}</b></td>")
        rows.append("<tr>" + "".join(tds) + "</tr>")
    wild_dos = sum(1 for c in deck if c.kind is Kind.WILD_DOS)
    rows.append(f"<tr><td style='{cell}'>Wild DOS</td><td style='{cell}' colspan='11'>{wild_dos} black cards, "
                f"each counts as a 2 of any colour (the only 2s in the game)</td>"
                f"<td style='{cell}'><b>{wild_dos}</b></td></tr>")
    rows.append(f"<tr><td style='{cell}' colspan='12'><b>All cards</b></td>"
                f"<td style='{cell}'><b>{len(deck)}</b></td></tr>")
    return (f'<table class="dos-tut-deck" style="border-collapse:collapse;font:13px sans-serif">'
            f"<tr>{head}</tr>{''.join(rows)}</table>")


# ==================================================================================================== steps


@dataclass(frozen=True)
class Step:
    """One step of a turn: what happened and the table right after it."""

    stage: str | None  #: "E1" … "E6", or None for the player's own actions
    text: str
    row: tuple[Card, ...]
    piles: tuple[tuple[Card, ...], ...]  #: cards played on each row card this turn
    hands: tuple[tuple[Card, ...], ...]
    draw_pile: int
    discard_pile: int
    quiet: bool = False  #: True when the stage had nothing to do
    event: Event | None = field(default=None, compare=False)
    #: where in the turn this happens: the stage, or the last stage reached before it, or "turn"
    context: str = "turn"
    #: the played cards with their declarations (``"Y#=7"``, ``"W=R"``), per row card
    pile_codes: tuple[tuple[str, ...], ...] = ()
    #: what a wild row card was declared as when it was matched, per row card
    row_declared: tuple[int | Color | None, ...] = ()


class _Tracker:
    """Follows the cards through a list of events (to show the table after each one)."""

    def __init__(self, r: Round) -> None:
        self.row = list(r.center_row)
        self.piles: dict[int, list[Card]] = {i: r.played_on(i) for i in range(len(self.row)) if r.played_on(i)}
        self.plays: dict[int, tuple[tuple[str, ...], int | Color | None]] = {
            m.target: (m.cards, m.target_as) for m in r.matches_this_turn}
        self.hands = [list(h) for h in r.hands]
        self.draw = len(r.draw_pile)
        self.discard = len(r.discard_pile)

    def apply(self, e: Event) -> None:
        if isinstance(e, Matched):
            for code in e.cards:
                self.hands[e.player].remove(parse_played(code).card)
            self.piles[e.target] = [parse_played(code).card for code in e.cards]
            self.plays[e.target] = (e.cards, e.target_as)
        elif isinstance(e, Drew):
            self.hands[e.player].append(e.card)
            self.draw -= 1
        elif isinstance(e, Placed | BonusPlaced):
            self.hands[e.player].remove(e.card)
            self.row = list(e.row)
        elif isinstance(e, Discarded):
            self.row = list(e.row)
            self.piles = {}
            self.plays = {}
            self.discard += len(e.cards)
        elif isinstance(e, Refilled):
            self.row = list(e.row)
            self.draw -= len(e.cards)
        elif isinstance(e, Reshuffled):
            self.draw += e.count
            self.discard = 0
        elif isinstance(e, Reflipped):
            self.draw -= 1
            self.discard += 1
        elif isinstance(e, OpponentDrew):
            self.hands[e.player].append(e.card)
            self.draw -= 1
        elif isinstance(e, PenaltyDrawn):
            self.hands[e.player].extend(e.cards)
            self.draw -= len(e.cards)

    def step(self, stage: str | None, text: str, *, quiet: bool = False, event: Event | None = None,
             context: str = "turn") -> Step:
        count = range(len(self.row))
        piles = tuple(tuple(self.piles.get(i, ())) for i in count)
        codes = tuple(self.plays[i][0] if i in self.plays else () for i in count)
        declared = tuple(self.plays[i][1] if i in self.plays else None for i in count)
        return Step(stage, text, tuple(self.row), piles, tuple(tuple(h) for h in self.hands), self.draw,
                    self.discard, quiet, event, stage or context, codes, declared)


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
        apply_action(r, action)
    track = _Tracker(round_before)
    steps = [track.step(None, f"Before: it is {player_name(round_before.current)}'s turn.")]
    next_stage = 0  # index into STAGES of the first stage not yet shown
    for event in r.log[start:]:
        if isinstance(event, TurnStarted):
            continue
        stage = event.stage
        if stage is not None:
            k = [s for s, _ in STAGES].index(stage)
            for missing in range(next_stage, k):
                code = STAGES[missing][0]
                steps.append(track.step(code, _NOTHING_HAPPENS[code], quiet=True))
            next_stage = max(next_stage, k + 1)
        track.apply(event)
        context = STAGES[next_stage - 1][0] if next_stage else "turn"
        steps.append(track.step(stage, event.describe(), event=event, context=context))
    return steps


def turn_steps_text(round_before: Round, actions: Sequence[Action]) -> str:
    """:func:`turn_steps` as text: one line per step, and the Center Row whenever it changed
    (cards played on a row card this turn in ``<…>``).

    >>> r = Round.from_position(hands=["R7 B3 G9", "Y1 Y5 B8"], center_row="B7 Y5", draw_pile="G4 Y8 R1")
    >>> print(turn_steps_text(r, ["match 0 R7", "end turn"]))
    Before: it is P1's turn.
        Center Row: B7 Y5
    Move: P1 plays R7 on B7: a single match.
        Center Row: B7<R7> Y5
    E1 discard: every matched row card goes to the discard pile with the cards played on it: B7, R7.
        Center Row: Y5
    E2 refill: only 1 card was left in the Center Row, so G4 is turned up to make two.
        Center Row: Y5 G4
    E3 bonus: no colour match this turn, so there are no bonus cards to place.
    E4 others draw: no double colour match this turn, so nobody else draws.
    E5 penalty: nobody was caught without calling DOS, so there is no penalty.
    E6: P1 still holds 2 cards, so play passes to P2.
    """
    lines = []
    shown = None
    for s in turn_steps(round_before, actions):
        row = " ".join(c.code + ("<" + "+".join(p.code for p in pile) + ">" if pile else "")
                       for c, pile in zip(s.row, s.piles, strict=True)) or "(empty)"
        if s.stage or s.event is None:
            label = ""
        elif isinstance(s.event, DosCalled | DosCaught | PenaltyDrawn):
            label = "DOS call: "
        else:
            label = "Move: " if s.context == "turn" else "Meanwhile: "
        lines.append(label + s.text)
        if row != shown:
            lines.append(f"    Center Row: {row}")
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
        apply_action(r, action)
    events = r.log[start:]
    after_e1 = next((list(e.row) for e in events if isinstance(e, Discarded)), None)
    if after_e1 is None:
        raise IllegalMove("these actions never reach the end of the turn (R8 E1), so there is no order to compare")
    bonus = [e.card for e in events if isinstance(e, BonusPlaced)]
    right = after_e1 + [c for e in events if isinstance(e, Refilled) for c in e.cards] + bonus
    wrong = after_e1 + bonus
    wrong += draw_before_end[:max(0, 2 - len(wrong))]
    return right, wrong


def bonus_order_text(round_before: Round, actions: Sequence[Action]) -> str:
    """:func:`bonus_order_rows` as two lines of text."""
    right, wrong = bonus_order_rows(round_before, actions)
    return (f"Right (E2 refill, then E3 bonus): {' '.join(c.code for c in right)}  ({len(right)} cards)\n"
            f"Wrong (bonus first, then refill): {' '.join(c.code for c in wrong)}  ({len(wrong)} cards)")


def bonus_order_html(round_before: Round, actions: Sequence[Action]) -> str:
    """The right and the wrong order side by side, as HTML."""
    right, wrong = bonus_order_rows(round_before, actions)

    def panel(title: str, note: str, cards: list[Card], colour: str, css: str) -> str:
        return (f'<div class="{css}" style="flex:1;min-width:260px;border:3px solid {colour};border-radius:8px;'
                f'padding:8px"><div style="font:700 15px sans-serif;color:{colour}">{html.escape(title)}</div>'
                f'<div style="font:13px sans-serif;margin:4px 0">{html.escape(note)}</div>'
                f"<div>{cards_html(cards)}</div>"
                f'<div style="font:13px sans-serif">{len(cards)} cards in the Center Row</div></div>')

    return ('<div class="dos-tut-compare" style="display:flex;gap:12px;flex-wrap:wrap">'
            + panel("✓ Right: refill first (E2), then bonus cards (E3)",
                    "The row is topped up to two from the draw pile, then the bonus cards join it.",
                    right, OK_INK, "dos-tut-order-right")
            + panel("✗ Wrong: bonus cards first, then refill",
                    "The bonus cards fill the gap, so no card is turned up: the row ends up too small.",
                    wrong, BAD_INK, "dos-tut-order-wrong")
            + "</div>")
