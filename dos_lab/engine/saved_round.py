"""A round's save, the ``dos_lab.round/1`` format: the :class:`~dos_lab.engine.state.RoundState` of a round, with
its rules, seed and dealer, as JSON-ready data, and back.

Each field is written and read with the save codec (:mod:`dos_lab.engine.save`), by the ``kind`` its
``RoundState`` field names. A save is checked strictly on load: a corrupt or tampered save (cards beyond the
deck's copies, missing or unknown fields, a phase that cannot happen, a log that does not lead to the round)
raises :class:`~dos_lab.errors.InvalidInput` and never builds a broken round.

>>> state_from_dict({"format": "dos_lab.round/1"})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
dos_lab.errors.InvalidInput: the saved round is missing acted, bonuses_earned, bonuses_owed, center_row, ...
>>> state = RoundState([[], []], [], [], [], [], 0, dos_called=[False] * 2, dos_exposed=[False] * 2,
...                    dos_lapsed=[False] * 2, dos_caught=[False] * 2)
>>> data = state_to_dict(state, RuleSet(), 7, None)
>>> data["current"] = True
>>> state_from_dict(data)
Traceback (most recent call last):
...
dos_lab.errors.InvalidInput: corrupt saved round: current=True must be a player from 0 to 1
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from dos_lab.engine import save
from dos_lab.engine.cards import Card, Color, Kind, check_supply, full_deck
from dos_lab.engine.events import (
    DrawSkipped,
    Drew,
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
from dos_lab.engine.save import show
from dos_lab.engine.state import Phase, RoundState
from dos_lab.errors import DosError, InvalidInput, whole_number

__all__ = ["SAVE_FORMAT", "state_from_dict", "state_to_dict"]

SAVE_FORMAT = "dos_lab.round/1"
#: each field of RoundState with its metadata (its ``kind``), in the dataclass's order
_STATE_FIELDS = {f.name: f.metadata for f in fields(RoundState)}
#: the save format: the round's own fields, then every state field
_FIELDS = ["format", "rules", "seed", "dealer", *_STATE_FIELDS]
_OPTIONAL = [name for name, meta in _STATE_FIELDS.items() if meta.get("optional")]
_DECK_SIZE = len(full_deck())


def _need(check: bool, message: str) -> None:
    if not check:
        raise save.corrupt("round", message)


class _Context:
    """What reading the fields needs to know besides each value: the rules, the players, the row."""

    def __init__(self, rules: RuleSet, players: int) -> None:
        self.rules = rules
        self.players = players
        self.row: list[Card] = []
        self.row_values: list[int | None] = []

    def check_row_values(self, values: list[Any]) -> list[int | None]:
        """The saved values of the row's cards: each None, or the number a Wild # was placed with (R10.2)."""
        for card, number in zip(self.row, values, strict=True):
            if number is not None:
                _need(card.kind is Kind.WILD_NUMBER and whole_number(number) and number in WILD_RANGE
                      and self.rules.wild_number_in_center is WildNumberInCenter.DECLARED_WHEN_PLACED,
                      f"{card} cannot carry the value {show(number)} (R10.2)")
        return list(values)


def _match_to_dict(match: Match) -> dict[str, Any]:
    target_as: Any = match.target_as.value if isinstance(match.target_as, Color) else match.target_as
    return {"target": match.target, "cards": list(match.cards), "target_as": target_as,
            "bonus": match.bonus.value if match.bonus is not None else None}


def _fields(ctx: _Context) -> dict[str, save.Field]:
    """How each field of RoundState is saved and read back, for a round of ``ctx.players`` players (the row's
    values and the matches are read against ``ctx.row``, which is read before them)."""
    n = ctx.players
    player = save.whole(0, n - 1, expect=f"a player from 0 to {n - 1}")
    by_kind = {
        "hands": save.list_of(save.CARDS, length=n, expect=f"a list of {n} hands, each a list of card codes"),
        "cards": save.CARDS,
        "row_values": save.Field(f"a list of {len(ctx.row)} values, one for each card of the center row",
                                 lambda v: isinstance(v, list) and len(v) == len(ctx.row), ctx.check_row_values, list),
        "card_or_none": save.or_none(save.CARD),
        "phase": save.one_of(Phase),
        "matches": save.Field("a list of this turn's matches", lambda v: isinstance(v, list),
                              lambda v: _matches(v, ctx.row, ctx.row_values),
                              lambda v: [_match_to_dict(m) for m, _ in v]),
        "events": save.list_of(save.Field("an event", lambda v: True, event_from_dict, event_to_dict),
                               expect="a list of events"),
        "flags": save.list_of(save.BOOL, length=n, expect=f"a list of {n} true/false values"),
        "bool": save.BOOL,
        "player": player,
        "player_or_none": save.or_none(player),
        "count": save.COUNT,
    }
    codecs = {}
    for name, meta in _STATE_FIELDS.items():
        codec = save.whole(meta["least"]) if "least" in meta else by_kind[meta["kind"]]
        codecs[name] = save.reversed_cards(codec) if meta.get("reverse") else codec
    return codecs


#: how each field is written (what it holds does not depend on the players)
_WRITE = tuple((name, field.write) for name, field in _fields(_Context(RuleSet(), 2)).items())


def state_to_dict(s: RoundState, rules: RuleSet, seed: int, dealer: int | None) -> dict[str, Any]:
    """The round as JSON-ready data (see :func:`state_from_dict`)."""
    data: dict[str, Any] = {"format": SAVE_FORMAT, "rules": rules.to_dict(), "seed": seed, "dealer": dealer}
    for name, write in _WRITE:
        data[name] = write(getattr(s, name))
    return data


def state_from_dict(data: Any) -> tuple[RoundState, RuleSet, int, int | None]:
    """Check a save made by :func:`state_to_dict` and rebuild it (InvalidInput if anything is off)."""
    save.check_keys(data, "round", [k for k in _FIELDS if k not in _OPTIONAL], _OPTIONAL)
    save.check_format(data, "round", SAVE_FORMAT)
    try:
        return _rebuild(data)
    except InvalidInput:
        raise
    except RecursionError:
        raise InvalidInput("corrupt saved round: it holds objects nested too deeply") from None
    except (DosError, TypeError, ValueError, KeyError, AttributeError) as err:
        raise InvalidInput(f"corrupt saved round: {err}") from None


def _rebuild(data: dict[str, Any]) -> tuple[RoundState, RuleSet, int, int | None]:
    rules = RuleSet.from_dict(data["rules"])
    seed = save.SEED.read(data["seed"], "seed", "round")
    hands = data["hands"]
    _need(isinstance(hands, list) and 2 <= len(hands) <= 4, "hands must list 2 to 4 hands (R1.6)")
    ctx = _Context(rules, len(hands))
    codecs = _fields(ctx)
    dealer = save.or_none(codecs["current"]).read(data["dealer"], "dealer", "round")
    values: dict[str, Any] = {}
    for name, codec in codecs.items():  # in field order: the row before its values and the matches
        if name not in data:  # an optional field missing from an older save
            values[name] = [False] * ctx.players if _STATE_FIELDS[name]["kind"] == "flags" else False
            continue
        values[name] = codec.read(data[name], name, "round")
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


def _matches(raw: list[Any], row: list[Card], fixed: list[int | None]) -> list[tuple[Match, tuple[Card, ...]]]:
    out: list[tuple[Match, tuple[Card, ...]]] = []
    target_field = save.whole(0, len(row) - 1, expect=f"a row position from 0 to {len(row) - 1}" if row
                              else "a row position, and the center row is empty")
    for item in raw:
        save.check_keys(item, "match", ["target", "cards", "target_as", "bonus"])
        target = target_field.read(item["target"], "target", "round")
        _need(all(m.target != target for m, _ in out), f"row card {target} is matched twice (R4.3)")
        cards = save.CODES.read(item["cards"], "cards", "round")
        played = [parse_played(c) for c in cards]
        match = resolve(row[target], played, fixed=fixed[target], target_as=item["target_as"], index=target)
        saved_bonus = item["bonus"]
        _need(match.cards == cards and (match.bonus.value if match.bonus else None) == saved_bonus,
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
