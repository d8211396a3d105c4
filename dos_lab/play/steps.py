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

from dos_lab.cards import COLORS, NUMBERS, Card, Color, Kind, full_deck, parse_cards
from dos_lab.errors import DosError, IllegalMove
from dos_lab.events import (
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
from dos_lab.play.intents import Action, CallDos, Catch, parse_action, perform
from dos_lab.play.observer import TableSnapshot, advance, snapshot_of
from dos_lab.play.stages import NOTHING_HAPPENS, STAGE_CODES
from dos_lab.render import SYMBOLS
from dos_lab.round import Round
from dos_lab.rules import _OPTIONS, RuleSet
from dos_lab.state import Phase

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

_COLOUR_WORDS = {c.value: c.label for c in COLORS}
_WILD_NUMBER = re.compile(r"\b([RBGY])#=(\d+)")
_WILD_DOS = re.compile(r"\bW=([RBGY])\b")


def plain(text: str) -> str:
    """Engine narration as a student reads it in the tutorials: wild declarations in words.

    >>> plain("P1 plays W=G + G5 and Y#=7")
    'P1 plays W (played as green) + G5 and Y# (played as 7)'
    """
    text = _WILD_NUMBER.sub(lambda m: f"{m.group(1)}# (played as {m.group(2)})", text)
    return _WILD_DOS.sub(lambda m: f"W (played as {_COLOUR_WORDS[m.group(1)]})", text)


_STAGE_LINE = re.compile(r"^E[1-6](?: [a-z ]+?)?: ", re.MULTILINE)


def _without_stage_codes(text: str) -> str:
    """End-of-turn lines without their stage codes (taught only in tutorial 5), under one heading."""
    ok = text.startswith("OK: ")
    out: list[str] = []
    for line in text.removeprefix("OK: ").split("\n"):
        if _STAGE_LINE.match(line):
            if "At the end of the turn:" not in out:
                out.append("At the end of the turn:")
            out.append("  - " + _STAGE_LINE.sub("", line))
        else:
            out.append(line)
    joined = "\n".join(out)
    if ok and joined.startswith("At the end"):
        joined = "a" + joined[1:]
    return "OK: " + joined if ok else joined


def without_stage_code(text: str) -> str:
    """One narrated line with its end-of-turn stage code (taught only in tutorial 5) said in words.

    >>> without_stage_code("E2 refill: only 1 card was left in the Center Row, so G4 is turned up to make two.")
    'End of turn: only 1 card was left in the Center Row, so G4 is turned up to make two.'
    """
    return _STAGE_LINE.sub("End of turn: ", text)


def option_words(rules: RuleSet) -> str:
    """The rule options that differ from classic DOS, in words with their rule numbers.

    >>> option_words(RuleSet.preset("polish"))
    'DOS is checked only at the end of your own turn (D5); the winner of a round deals the next one (D1)'
    >>> option_words(RuleSet())
    'classic DOS (no options changed)'
    """
    words = {
        "after_draw_matching": {"any_matches": "after a draw, any matches may be made"},
        "bonus_placement": {"optional": "placing bonus cards is optional"},
        "wild_number_in_center": {"declared_when_placed": "a Wild # placed in the Center Row keeps the number "
                                                          "said when it was placed"},
        "dos_checkpoints": {"end_of_own_turn": "DOS is checked only at the end of your own turn",
                            "every_card_movement": "DOS is checked after every card movement"},
        "dos_catch_window": {"until_next_turn_starts": "a missed DOS can be caught only until the next turn starts"},
        "penalty_vs_going_out": {"empty_hand_ends_round": "going out cancels a DOS penalty still owed"},
        "empty_draw_pile": {"skip_draw": "an empty draw pile is not refilled from the discards"},
        "dealer_rotation": {"winner_deals": "the winner of a round deals the next one"},
    }
    parts = []
    for name, value in rules.differences().items():
        rule = _OPTIONS[name][2]
        if name == "target_score":
            parts.append(f"the game is played to {value} points ({rule})")
        elif name == "reflip_wilds_in_initial_center":
            parts.append(f"wild cards turned up at the start are replaced ({rule})")
        elif name in words and value in words[name]:
            parts.append(f"{words[name][value]} ({rule})")
        else:
            parts.append(f"{name.replace('_', ' ')}: {str(value).replace('_', ' ')} ({rule})")
    return "; ".join(parts) or "classic DOS (no options changed)"


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
        intent = parse_action(action) if isinstance(action, str) else action
        refusal = (r.verify_call(intent.player) if isinstance(intent, CallDos) else
                   r.verify_catch(intent.caller, intent.target) if isinstance(intent, Catch) else None)
        if refusal is not None:
            return plain(f"No effect: {refusal}.")
        perform(r, intent)
    except DosError as err:
        return plain(f"Not allowed: {err}")
    told = "OK: " + (narrate(r.events_since(before)) or "done.")
    return told if stage_codes else _without_stage_codes(told)


_SEPARATORS = re.compile(r"\s*(?:,|\+|&|\band\b|\s)\s*", re.IGNORECASE)


def parse_hand(text: str) -> list[Card]:
    """Cards typed by a reader, in any case and spacing: ``"G3, B4"``, ``"y9+r1"``, ``"Y9 + R1"``, ``"B4 and B6"``.

    Raises :class:`~dos_lab.errors.InvalidInput` naming a code it cannot read.

    >>> [c.code for c in parse_hand(" y9+R1 ")], [c.code for c in parse_hand("b4 and b6")]
    (['Y9', 'R1'], ['B4', 'B6'])
    """
    codes = [code for code in _SEPARATORS.split(text.strip()) if code]
    return parse_cards(codes)


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
    steps = [Step(None, f"Before: it is {player_name(round_before.current)}'s turn.", frame)]
    next_stage = 0  # index into STAGE_CODES of the first stage not yet shown
    for event in r.log[start:]:
        if isinstance(event, TurnStarted):
            continue
        stage = event.stage
        if stage is not None:
            k = STAGE_CODES.index(stage)
            for missing in STAGE_CODES[next_stage:k]:
                steps.append(Step(missing, NOTHING_HAPPENS[missing], frame, quiet=True, context=missing))
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
        played = f" ({' + '.join(c.code for c in pile)} played on it)" if pile else ""
        parts.append(card.code + played)
    return ", ".join(parts) or "empty"


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
        perform(r, action)
    events = r.log[start:]
    after_e1 = next((list(e.center_row) for e in events if isinstance(e, Discarded)), None)
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
