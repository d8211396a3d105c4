"""The data of a round in progress, and its JSON save format.

:class:`RoundState` holds everything that changes during a round; ``Round``
(in ``round.py``) owns one and is the only code that changes it (itself, or through ``dos_call.py``). A save is
checked strictly on load: a corrupt or tampered save (cards beyond the deck's
copies, missing or unknown fields, a phase that cannot happen) raises
:class:`InvalidInput` and never builds a broken round.

>>> state_from_dict({"format": "dos_lab.round/1"})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
dos_lab.errors.InvalidInput: the saved round is missing acted, bonuses_earned, bonuses_owed, center_row, ...
"""

from __future__ import annotations

import reprlib
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from enum import Enum
from typing import Any

from dos_lab.engine.cards import Card, Color, Kind, check_supply, full_deck, parse_cards
from dos_lab.engine.events import (
    DrawSkipped,
    Drew,
    Event,
    Reflipped,
    RoundEnded,
    RoundStarted,
    TurnStarted,
    event_from_dict,
    event_to_dict,
    player_name,
)
from dos_lab.engine.matching import WILD_RANGE, Bonus, Match, parse_played, resolve
from dos_lab.engine.rules import RuleSet, WildNumberInCenter
from dos_lab.errors import SEED_LIMIT, DosError, InvalidInput, huge_number, whole_number

__all__ = ["SAVE_FORMAT", "Phase", "RoundState", "UndoRecord", "state_from_dict", "state_to_dict"]

SAVE_FORMAT = "dos_lab.round/1"


class Phase(str, Enum):
    """Where the current turn stands (DESIGN.md §4)."""

    MATCHING = "matching"
    DREW = "drew"
    BONUS = "bonus"
    OVER = "over"


def _kind(kind: str, **options: Any) -> dict[str, Any]:
    """Field metadata: how the save format writes and checks the field (see ``_DECODE``)."""
    return {"kind": kind, **options}


@dataclass(slots=True)
class RoundState:
    """Everything that changes during a round; cloned by copy(), and taken back by an :class:`UndoRecord`.

    Each field has the name it has in the save format (and, where there is one, the
    public property of ``Round``); its ``kind`` says how it is saved and checked.
    """

    hands: list[list[Card]] = field(metadata=_kind("hands"))
    center_row: list[Card] = field(metadata=_kind("cards"))
    #: for each row card, the number fixed when a Wild # was placed (declared_when_placed), else None
    center_row_values: list[int | None] = field(metadata=_kind("row_values"))
    #: top card LAST, so pop() is cheap; saved (and shown by ``Round.draw_pile``) top card first
    draw_pile: list[Card] = field(metadata=_kind("cards", reverse=True))
    discard_pile: list[Card] = field(metadata=_kind("cards"))  # bottom first
    current: int = field(metadata=_kind("player"))
    phase: Phase = field(default=Phase.MATCHING, metadata=_kind("phase"))
    turn: int = field(default=1, metadata=_kind("count", least=1))
    #: this turn's matches with the hand cards played on each (their piles stay in the row until E1)
    matches: list[tuple[Match, tuple[Card, ...]]] = field(default_factory=list, metadata=_kind("matches"))
    drawn: Card | None = field(default=None, metadata=_kind("card_or_none"))
    has_drawn: bool = field(default=False, metadata=_kind("bool"))
    #: the current player has acted this turn (a match or a draw)
    acted: bool = field(default=False, metadata=_kind("bool"))
    bonuses_earned: int = field(default=0, metadata=_kind("count"))
    double_colour_matches: int = field(default=0, metadata=_kind("count"))
    bonuses_owed: int = field(default=0, metadata=_kind("count"))
    #: called DOS since reaching two cards (R11.1)
    dos_called: list[bool] = field(default_factory=list, metadata=_kind("flags"))
    #: a catch on this player succeeds now (R11.4, R11.5)
    dos_exposed: list[bool] = field(default_factory=list, metadata=_kind("flags"))
    #: the catch window for these two cards closed (until_next_turn_starts): not exposed again until the
    #: hand leaves two cards (R11.5)
    dos_lapsed: list[bool] = field(default_factory=list, metadata=_kind("flags"))
    #: caught for these two cards: not caught again until the hand leaves two cards (R11.4)
    dos_caught: list[bool] = field(default_factory=list, metadata=_kind("flags", optional=True))
    #: the current player was caught this turn: E5 draws the penalty (R11.1)
    penalty_pending: bool = field(default=False, metadata=_kind("bool"))
    winner: int | None = field(default=None, metadata=_kind("player_or_none"))
    points: int = field(default=0, metadata=_kind("count"))
    #: turns passed in a row with both piles empty (R14.2)
    passes: int = field(default=0, metadata=_kind("count"))
    reshuffles: int = field(default=0, metadata=_kind("count"))
    log: list[Event] = field(default_factory=list, metadata=_kind("events"))
    #: dealt from the whole deck (all 108 cards are in the round), not a staged position
    dealt: bool = field(default=False, metadata=_kind("bool", optional=True))

    def clone(self) -> RoundState:
        """A copy that shares nothing mutable with this one.

        >>> s = RoundState([[]], [], [], [], [], 0)
        >>> twin = s.clone(); twin.hands[0].append(full_deck()[0]); s.hands
        [[]]
        """
        lists: dict[str, Any] = {name: list(getattr(self, name)) for name in _LISTS}
        return replace(self, hands=[list(h) for h in self.hands], **lists)

    def all_cards(self) -> list[Card]:
        """Every card in the round: hands, row, piles being matched, draw and discard piles."""
        cards = [c for h in self.hands for c in h] + self.center_row + self.draw_pile + self.discard_pile
        for _, played in self.matches:
            cards.extend(played)
        return cards


_STATE_FIELDS = {f.name: f.metadata for f in fields(RoundState)}
#: the flat lists that clone() copies (``hands`` is copied one level deeper)
_LISTS = tuple(name for name, meta in _STATE_FIELDS.items()
               if meta["kind"] in ("cards", "row_values", "matches", "flags", "events"))
#: the lists that grow long during a round: an undo record keeps only their lengths (see UndoRecord)
_LONG = ("log", "draw_pile", "discard_pile")
#: the save format: the round's own fields, then every state field
_FIELDS = ["format", "rules", "seed", "dealer", *_STATE_FIELDS]
_DECK_SIZE = len(full_deck())
#: what an undo record copies and restores (hands are copied one level deeper; of _LONG only the lengths)
_RECORDED = tuple(name for name in _STATE_FIELDS if name not in _LONG and name != "hands")
#: the layout of ``UndoRecord.recorded``: these fields, then the lengths of _LONG, the matches, then the row,
#: its values and the flags, each list written out flat
_SCALARS = ("current", "phase", "turn", "drawn", "has_drawn", "acted", "bonuses_earned", "double_colour_matches",
            "bonuses_owed", "penalty_pending", "winner", "points", "passes", "reshuffles", "dealt")
_FLAGS = ("dos_called", "dos_exposed", "dos_lapsed", "dos_caught")
_LOG_AT = len(_SCALARS)
_DISCARD_AT = _LOG_AT + 2
_LISTS_AT = _LOG_AT + 4
assert set(_RECORDED) == {*_SCALARS, *_FLAGS, "matches", "center_row", "center_row_values"}


class UndoRecord:
    """What one action may change, so that :meth:`restore` can take it back. It costs what an action
    can change, not the whole state (a clone copies the long draw pile, discard pile and log).

    Open a record before an action changes ``state``. It copies the short parts (hands, row, flags,
    the counters), and of the long parts only their lengths: the log and the discard pile only grow
    during an action, and the draw pile only loses its top cards, which :meth:`took` notes. A
    reshuffle (R14.1) replaces both piles, so :meth:`reshuffling` keeps them as they were first.
    A record is never changed once its action is over, so copies of a round can share it.

    >>> from dos_lab.engine.events import DosCalled
    >>> s = RoundState([[]], [], [], list(full_deck()[:3]), [], 0, dos_called=[False], dos_exposed=[False],
    ...                dos_lapsed=[False], dos_caught=[False])
    >>> before = state_to_dict(s, RuleSet(), 0, None)
    >>> record = UndoRecord(s); card = s.draw_pile.pop(); record.took(card); s.hands[0].append(card)
    >>> s.log.append(DosCalled(0)); s.phase = Phase.DREW; s.dos_called[0] = True
    >>> record.restore(s); state_to_dict(s, RuleSet(), 0, None) == before
    True
    """

    __slots__ = ("hands", "piles", "recorded", "taken")

    def __init__(self, s: RoundState) -> None:
        self.hands = tuple(map(tuple, s.hands))
        # one flat tuple, written out field by field: this runs before every action, and one tuple
        # display is several times faster than a generic getattr loop or a tuple per list
        # (the layout is _SCALARS, the three lengths, the matches, the row, its values, and the flags,
        # one per player each)
        self.recorded: tuple[Any, ...] = (
            s.current, s.phase, s.turn, s.drawn, s.has_drawn, s.acted, s.bonuses_earned,
            s.double_colour_matches, s.bonuses_owed, s.penalty_pending, s.winner, s.points, s.passes,
            s.reshuffles, s.dealt, len(s.log), len(s.draw_pile), len(s.discard_pile),
            tuple(s.matches) if s.matches else (), *s.center_row, *s.center_row_values,
            *s.dos_called, *s.dos_exposed, *s.dos_lapsed, *s.dos_caught)
        #: the cards taken from the top of the draw pile, in the order taken (most actions take none)
        self.taken: list[Card] | None = None
        #: the draw and discard piles as they were, once a reshuffle has replaced them
        self.piles: tuple[list[Card], list[Card]] | None = None

    def took(self, card: Card) -> None:
        """``card`` was taken from the top of the draw pile."""
        if self.taken is None:
            self.taken = [card]
        else:
            self.taken.append(card)

    def reshuffling(self, state: RoundState) -> None:
        """The discard pile is about to become the new draw pile (R14.1): keep both piles as they were."""
        if self.piles is None:
            discard = self.recorded[_DISCARD_AT]
            self.piles = (state.draw_pile + (self.taken or [])[::-1], state.discard_pile[:discard])

    def restore(self, state: RoundState) -> None:
        """Put ``state`` back as it was when the record was opened (the record itself stays as it is)."""
        state.hands = [list(h) for h in self.hands]
        recorded = self.recorded
        for name, value in zip(_SCALARS, recorded, strict=False):
            setattr(state, name, value)
        log, draw, discard, matches = recorded[_LOG_AT:_LISTS_AT]
        state.matches = list(matches)
        n = len(self.hands)
        row = (len(recorded) - _LISTS_AT - len(_FLAGS) * n) // 2
        at = _LISTS_AT
        for name, size in (("center_row", row), ("center_row_values", row), *((f, n) for f in _FLAGS)):
            setattr(state, name, list(recorded[at:at + size]))
            at += size
        del state.log[log:]
        if self.piles is not None:
            state.draw_pile, state.discard_pile = list(self.piles[0]), list(self.piles[1])
            return
        if self.taken:
            state.draw_pile.extend(reversed(self.taken))
        del state.discard_pile[discard:]
        assert len(state.draw_pile) == draw, "an undo record missed a card taken from the draw pile"


def show(value: Any) -> str:
    """A short repr for messages about saves: deep or huge objects are abbreviated.

    >>> show(10**5000)
    'a number of about 5000 digits'
    """
    return huge_number(value) or reprlib.repr(value)


def _encode(kind: str, value: Any, meta: Mapping[str, Any]) -> Any:
    if kind == "hands":
        return [[c.code for c in h] for h in value]
    if kind == "cards":
        codes = [c.code for c in value]
        return codes[::-1] if meta.get("reverse") else codes
    if kind == "card_or_none":
        return value.code if value is not None else None
    if kind == "phase":
        return value.value
    if kind == "matches":
        return [_match_to_dict(m) for m, _ in value]
    if kind == "events":
        return [event_to_dict(e) for e in value]
    if kind in ("row_values", "flags"):
        return list(value)
    return value  # player, player_or_none, count, bool


def state_to_dict(s: RoundState, rules: RuleSet, seed: int, dealer: int | None) -> dict[str, Any]:
    """The round as JSON-ready data (see :func:`state_from_dict`)."""
    data: dict[str, Any] = {"format": SAVE_FORMAT, "rules": rules.to_dict(), "seed": seed, "dealer": dealer}
    for name, meta in _STATE_FIELDS.items():
        data[name] = _encode(meta["kind"], getattr(s, name), meta)
    return data


def _match_to_dict(match: Match) -> dict[str, Any]:
    target_as: Any = match.target_as.value if isinstance(match.target_as, Color) else match.target_as
    return {"target": match.target, "cards": list(match.cards), "target_as": target_as,
            "bonus": match.bonus.value if match.bonus is not None else None}


def _need(check: bool, message: str) -> None:
    if not check:
        raise InvalidInput(f"corrupt saved round: {message}")


def _is_int(value: Any) -> bool:
    """A whole number a save can hold: every count and seed the game makes fits in 64 bits, and a bigger one could
    be loaded but never written back (JSON and Python refuse ints of thousands of digits)."""
    return whole_number(value) and -SEED_LIMIT <= value < SEED_LIMIT


def state_from_dict(data: Any) -> tuple[RoundState, RuleSet, int, int | None]:
    """Check a save made by :func:`state_to_dict` and rebuild it (InvalidInput if anything is off)."""
    if not isinstance(data, dict):
        raise InvalidInput(f"a saved round is a dict, not {type(data).__name__}")
    missing = [k for k in _FIELDS if k not in data and not (k in _STATE_FIELDS and _STATE_FIELDS[k].get("optional"))]
    unknown = sorted(str(k) for k in data if k not in _FIELDS)
    if missing:
        raise InvalidInput(f"the saved round is missing {', '.join(sorted(missing))}")
    if unknown:
        raise InvalidInput(f"the saved round has unknown fields: {', '.join(unknown)}")
    _need(data["format"] == SAVE_FORMAT, f"format {show(data['format'])} is not {SAVE_FORMAT!r}")
    try:
        return _rebuild(data)
    except InvalidInput:
        raise
    except RecursionError:
        raise InvalidInput("corrupt saved round: it holds objects nested too deeply") from None
    except (DosError, TypeError, ValueError, KeyError, AttributeError) as err:
        raise InvalidInput(f"corrupt saved round: {err}") from None


class _Context:
    """What the field decoders need to know besides the value: the rules, the players, the row."""

    def __init__(self, rules: RuleSet, players: int) -> None:
        self.rules = rules
        self.players = players
        self.row: list[Card] = []
        self.row_values: list[int | None] = []


def _codes(key: str, value: Any) -> list[Card]:
    _need(isinstance(value, list) and all(isinstance(v, str) for v in value), f"{key} must be a list of card codes")
    return parse_cards(value)


def _decode(key: str, meta: Mapping[str, Any], value: Any, ctx: _Context) -> Any:
    kind = meta["kind"]
    if kind == "hands":
        _need(isinstance(value, list) and len(value) == ctx.players, f"{key} must list {ctx.players} hands")
        return [_codes(key, h) for h in value]
    if kind == "cards":
        cards = _codes(key, value)
        return cards[::-1] if meta.get("reverse") else cards
    if kind == "row_values":
        _need(isinstance(value, list) and len(value) == len(ctx.row), f"{key} must match the center row")
        for card, number in zip(ctx.row, value, strict=True):
            if number is not None:
                _need(card.kind is Kind.WILD_NUMBER and _is_int(number) and number in WILD_RANGE
                      and ctx.rules.wild_number_in_center is WildNumberInCenter.DECLARED_WHEN_PLACED,
                      f"{card} cannot carry the value {show(number)} (R10.2)")
        return list(value)
    if kind == "card_or_none":
        _need(value is None or isinstance(value, str), f"{key}={show(value)} must be a card code or null")
        return None if value is None else Card.parse(value)
    if kind == "phase":
        _need(isinstance(value, str) and value in {p.value for p in Phase}, f"phase {show(value)} does not exist")
        return Phase(value)
    if kind == "matches":
        return _matches(value, ctx.row, ctx.row_values)
    if kind == "events":
        _need(isinstance(value, list), f"{key} must be a list of events")
        return [event_from_dict(e) for e in value]
    if kind == "flags":
        _need(isinstance(value, list) and len(value) == ctx.players and all(isinstance(v, bool) for v in value),
              f"{key} must be a list of {ctx.players} true/false values")
        return list(value)
    if kind == "bool":
        _need(isinstance(value, bool), f"{key}={show(value)} must be true or false")
        return value
    if kind == "player":
        _need(_is_int(value) and 0 <= value < ctx.players, f"{key}={show(value)} is not a player")
        return value
    if kind == "player_or_none":
        _need(value is None or (_is_int(value) and 0 <= value < ctx.players), f"{key}={show(value)} is not a player")
        return value
    assert kind == "count", kind
    least = meta.get("least", 0)
    _need(_is_int(value) and value >= least, f"{key}={show(value)} must be a whole number of {least} or more")
    return value


def _rebuild(data: dict[str, Any]) -> tuple[RoundState, RuleSet, int, int | None]:
    rules = RuleSet.from_dict(data["rules"])
    seed, dealer, hands = data["seed"], data["dealer"], data["hands"]
    _need(_is_int(seed), f"seed={show(seed)} must be a whole number from -2**63 to 2**63 - 1")
    _need(isinstance(hands, list) and 2 <= len(hands) <= 4, "hands must list 2 to 4 hands (R1.6)")
    ctx = _Context(rules, len(hands))
    _need(dealer is None or (_is_int(dealer) and 0 <= dealer < ctx.players), f"dealer={show(dealer)} is not a player")
    values: dict[str, Any] = {}
    for name, meta in _STATE_FIELDS.items():  # in field order: the row before its values and the matches
        if name not in data:  # an optional field missing from an older save
            values[name] = [False] * ctx.players if meta["kind"] == "flags" else False
            continue
        values[name] = _decode(name, meta, data[name], ctx)
        if name == "center_row":
            ctx.row = values[name]
        elif name == "center_row_values":
            ctx.row_values = values[name]
    state = RoundState(**values)
    everything = state.all_cards()
    check_supply(everything, "the saved round")
    _need(not state.dealt or len(everything) == _DECK_SIZE,
          f"a dealt round holds all {_DECK_SIZE} cards, but this one holds {len(everything)} (R1.1)")
    # every player passing in a row ends the round with no winner (R14.2): the finished round holds n passes
    ended_by_passing = state.phase is Phase.OVER and state.winner is None
    _need(state.passes < ctx.players or (ended_by_passing and state.passes == ctx.players),
          f"passes={state.passes} is out of range")
    _check_phase(state, ctx.players)
    if state.dealt:  # play passes left one player a turn, starting left of the dealer (R2.5)
        _need(dealer is not None and state.current == (dealer + state.turn) % ctx.players,
              f"in a dealt round turn {state.turn} belongs to the player {state.turn} seats left of the dealer")
    _check_log(state, ctx.players)
    return state, rules, seed, dealer


def _matches(raw: Any, row: list[Card], fixed: list[int | None]) -> list[tuple[Match, tuple[Card, ...]]]:
    _need(isinstance(raw, list), "matches must be a list")
    out: list[tuple[Match, tuple[Card, ...]]] = []
    for item in raw:
        _need(isinstance(item, dict) and set(item) == {"target", "cards", "target_as", "bonus"},
              f"match {show(item)} must have target, cards, target_as and bonus")
        target = item["target"]
        _need(_is_int(target) and 0 <= target < len(row), f"target={show(target)} is not a row position")
        _need(all(m.target != target for m, _ in out), f"row card {target} is matched twice (R4.3)")
        cards = item["cards"]
        _need(isinstance(cards, list) and all(isinstance(c, str) for c in cards),
              f"match {show(item)} must list card codes")
        played = [parse_played(c) for c in cards]
        match = resolve(row[target], played, fixed=fixed[target], target_as=item["target_as"], index=target)
        saved_bonus = item["bonus"]
        _need(list(match.cards) == cards and (match.bonus.value if match.bonus else None) == saved_bonus,
              f"match {show(item)} does not agree with the rules (R4, R6)")
        out.append((match, tuple(p.card for p in played)))
    return out


def _check_log(s: RoundState, players: int) -> None:
    """The log must tell how the round came to be as it is: one start (after any wild cards turned over again,
    R2.3), turns numbered 1, 2, … up to this one and going round the table, one draw at most in each turn, this
    turn's draw the one the state holds, and an end exactly when the round is over. A reordered log, or one with
    an extra start or draw, would show the class a game that was not played. A save without a log (an older
    one) has nothing to compare."""
    log = s.log
    if not log:
        return
    start = next((i for i, e in enumerate(log) if not isinstance(e, Reflipped)), len(log))
    _need(start < len(log) and isinstance(log[start], RoundStarted)
          and sum(isinstance(e, RoundStarted) for e in log) == 1,
          "the log must start the round once, at its beginning")
    _need(all(getattr(e, "player", 0) < players for e in log), f"the log names a player beyond the {players} seated")
    turns = [(i, e) for i, e in enumerate(log) if isinstance(e, TurnStarted)]
    _need([e.turn for _, e in turns] == list(range(1, s.turn + 1)) and bool(turns)
          and all(e.player == (turns[0][1].player + k) % players for k, (_, e) in enumerate(turns))
          and turns[-1][1].player == s.current,
          f"the log's turns do not lead to turn {s.turn} with {player_name(s.current)} to play")
    bounds = [i for i, _ in turns] + [len(log)]
    for k, (first, turn) in enumerate(turns):
        draws = [e.player for e in log[first + 1:bounds[k + 1]] if isinstance(e, Drew)]
        _need(draws in ([], [turn.player]), f"the log has turn {turn.turn} draw twice, or by another player (R7.1)")
    ends = [i for i, e in enumerate(log) if isinstance(e, RoundEnded)]
    _need(ends == ([len(log) - 1] if s.phase is Phase.OVER else []), "the log's end of the round does not agree "
          "with the round's phase")
    if s.phase is not Phase.OVER:
        now = log[turns[-1][0] + 1:]
        drew = [e.card for e in now if isinstance(e, Drew)]
        skipped = sum(isinstance(e, DrawSkipped) for e in now)
        _need(drew == ([s.drawn] if s.has_drawn and s.drawn is not None else [])
              and skipped == (1 if s.has_drawn and s.drawn is None else 0),
              "the log's draw this turn does not agree with the card drawn (R7.1)")


def _check_phase(s: RoundState, players: int) -> None:
    hand = s.hands[s.current]
    bonus_matches = sum(1 for m, _ in s.matches if m.bonus is not None)
    double_matches = sum(1 for m, _ in s.matches if m.bonus is Bonus.DOUBLE_COLOUR)
    if s.matches:
        _need(s.bonuses_earned == bonus_matches and s.double_colour_matches == double_matches,
              "the bonus counts do not agree with the matches made (R6.4)")
    _need(s.double_colour_matches <= s.bonuses_earned, "more double colour matches than bonuses (R6.4)")
    if s.phase is Phase.MATCHING:
        _need(not s.has_drawn and s.drawn is None and s.bonuses_owed == 0,
              "a turn in the matching phase cannot have drawn or owe bonuses")
    elif s.phase is Phase.DREW:
        _need(s.has_drawn and s.bonuses_owed == 0, "the drew phase needs a draw and no owed bonuses")
        if s.drawn is not None:
            in_match = any(s.drawn in cards for _, cards in s.matches)
            _need(s.drawn in hand or in_match, f"the drawn card {s.drawn} is neither in hand nor matched")
    elif s.phase is Phase.BONUS:
        _need(not s.matches and 1 <= s.bonuses_owed <= s.bonuses_earned and bool(hand),
              "the bonus phase needs owed bonuses, a hand, and no open matches (R8 E3)")
    else:
        _need(not s.matches and s.bonuses_owed == 0 and not s.penalty_pending, "a finished round has open actions")
    if s.phase is not Phase.MATCHING:
        _need(s.acted or s.phase is Phase.OVER, "an action was taken, so acted must be true")
    if s.drawn is not None:
        _need(s.has_drawn and s.phase in (Phase.DREW, Phase.BONUS), "only a turn that drew keeps a drawn card")
    if s.phase is Phase.OVER:
        if s.winner is not None:
            _need(whole_number(s.winner) and 0 <= s.winner < players
                  and not s.hands[s.winner], f"winner {show(s.winner)} still holds cards (R12.1)")
            expected = sum(c.points for p, h in enumerate(s.hands) if p != s.winner for c in h)
            _need(s.points == expected, f"points {s.points} should be {expected} (R13.1)")
        else:
            _need(s.points == 0, "a round with no winner scores nothing (R14.2)")
    else:
        _need(s.winner is None and s.points == 0, "a round in play has no winner yet")
        for p in range(players):
            _need(p == s.current or bool(s.hands[p]),
                  f"P{p + 1} holds no cards, so the round would be over (R12.1)")
    for p in range(players):
        two = len(s.hands[p]) == 2
        _need(not (s.dos_called[p] and not two), f"P{p + 1} cannot have called DOS without two cards")
        _need(not (s.dos_lapsed[p] and (s.dos_exposed[p] or not two)),
              f"P{p + 1} cannot have a lapsed DOS call (R11.5)")
        _need(not (s.dos_caught[p] and (s.dos_exposed[p] or not two)),
              f"P{p + 1} cannot have been caught for these two cards (R11.4)")
        _need(not (s.dos_exposed[p] and (s.dos_called[p] or not two)), f"P{p + 1} cannot be exposed (R11.3)")
        _need(not (s.dos_exposed[p] and p == s.current and s.penalty_pending),
              f"P{p + 1} already owes a DOS penalty, so cannot be exposed (R11.1)")
    _need(not s.penalty_pending or s.phase is not Phase.OVER, "a penalty is pending in a finished round")
