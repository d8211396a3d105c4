"""The guards of a round's actions: each raises the refusal, naming the rule, or returns what its action needs.

``Round.can_X()`` and ``verify_X()`` ask the same guard that ``Round.X()`` obeys, so asking and acting never
disagree. The guards read a :class:`~dos_lab.engine.state.RoundState` and change nothing.

>>> from dos_lab.engine.cards import parse_cards
>>> s = RoundState([parse_cards("R7 B3"), parse_cards("Y1")], parse_cards("B7 Y5"), [None, None], [], [], 0)
>>> check_end_turn(s, RuleSet())
Traceback (most recent call last):
...
dos_lab.errors.IllegalMove: P1 must match or draw; a turn cannot be passed (R3.1, R3.3)
>>> check_match(s, RuleSet(), 0, ["R7"], None)[0].describe()
'R7 on B7: single number match'
>>> refusal(check_draw, s) is None
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from dos_lab.engine.cards import Card, Color, Kind
from dos_lab.engine.events import player_name
from dos_lab.engine.match_options import DEFAULT_PLACED_WILD_VALUE, resolve_at
from dos_lab.engine.matching import Match, Played, check_card_count, parse_played
from dos_lab.engine.rules import AfterDraw, BonusPlacement, RuleSet, WildNumberInCenter
from dos_lab.engine.state import Phase, RoundState
from dos_lab.errors import DosError, IllegalMove, InvalidInput, NotThere, whole_number
from dos_lab.i18n import card_codes, gettext, ngettext

__all__ = ["check_draw", "check_end_turn", "check_in_hand", "check_match", "check_place", "check_player",
           "message", "phase_refusal", "refusal", "target_index"]


def refusal(guard: Callable[..., Any], *args: Any) -> DosError | None:
    """The error ``guard(*args)`` raises, or None if it accepts."""
    try:
        guard(*args)
    except DosError as error:
        return error
    return None


def message(error: DosError | None) -> str | None:
    """What a refusal says, or None for none."""
    return None if error is None else str(error)


def check_draw(s: RoundState) -> None:
    """Refuse ``draw()`` now, naming the rule."""
    if s.phase is Phase.MATCHING and s.matches:
        raise IllegalMove(gettext("{player} has matched this turn, so cannot draw: a turn is matching or drawing, "
                                  "not both (R3.1, R3.3)").format(player=player_name(s.current)))
    if s.phase is not Phase.MATCHING:
        raise IllegalMove(phase_refusal(s, "draw"))

def check_place(s: RoundState, rules: RuleSet, card: str | Card | Played | None) -> tuple[Card, int | None] | None:
    """The card to place and the number it carries (``declared_when_placed``); None when
    asked about a placement in general (no ``card``)."""
    if s.phase is Phase.DREW and s.matches:
        raise IllegalMove(gettext("{player} made a match after drawing, so there is no card to place; end the turn "
                                  "(R7.3)").format(player=player_name(s.current)))
    if s.phase is Phase.DREW and s.drawn is None:
        raise IllegalMove(gettext("{player} could not draw a card, so there is nothing to place; end the turn "
                                  "(R14.2)").format(player=player_name(s.current)))
    if s.phase is Phase.MATCHING:
        raise IllegalMove(gettext("{player} cannot put a card into the Center Row now: a card is placed only after "
                                  "drawing without a match (R7.3) or as a colour-match bonus (R6, R8 E3) "
                                  "(R3.3)").format(player=player_name(s.current)))
    if s.phase is Phase.OVER:
        raise IllegalMove(phase_refusal(s, "place a card"))
    if card is None:
        return None
    played = parse_played(card)
    if played.color is not None:
        raise InvalidInput(gettext("{card}: a Wild DOS in the Center Row gets its colour from the player who "
                                   "matches it, so place it as W (R9.2)").format(card=card_codes(played.code)))
    declared = played.value
    if played.card.kind is Kind.WILD_NUMBER and (
            rules.wild_number_in_center is WildNumberInCenter.DECLARED_WHEN_PLACED):
        declared = declared if declared is not None else DEFAULT_PLACED_WILD_VALUE
    elif declared is not None:
        raise InvalidInput(gettext("{card}: a Wild # in the Center Row gets its number from the player who "
                                   "matches it (R10.2, rule option D4); place it as {code}").format(
                                       card=card_codes(played.code), code=played.card.code))
    check_in_hand(s, [played.card], s.current, "R7.3" if s.phase is Phase.DREW else "R8 E3")
    return played.card, declared

def check_end_turn(s: RoundState, rules: RuleSet) -> None:
    """Refuse ``end_turn()`` now, naming the rule."""
    if s.phase is Phase.BONUS:
        if rules.bonus_placement is not BonusPlacement.OPTIONAL:
            raise IllegalMove(ngettext("{player} still owes {count} bonus card: placing it is compulsory "
                                       "(R8 E3, rule option D3)",
                                       "{player} still owes {count} bonus cards: placing them is compulsory "
                                       "(R8 E3, rule option D3)",
                                       s.bonuses_owed).format(player=player_name(s.current), count=s.bonuses_owed))
        return
    if s.phase is Phase.OVER:
        raise IllegalMove(phase_refusal(s, "end a turn"))
    if not s.matches:
        if s.phase is Phase.MATCHING:
            raise IllegalMove(gettext("{player} must match or draw; a turn cannot be passed (R3.1, R3.3)").format(
                player=player_name(s.current)))
        if s.drawn is not None:
            raise IllegalMove(gettext("{player} drew {card} and made no match, so must place one card into the "
                                      "Center Row (R7.3)").format(player=player_name(s.current),
                                                                  card=card_codes(s.drawn.code)))


def check_match(s: RoundState, rules: RuleSet, target: int | str | Card, cards: Sequence[str | Card | Played],
                 target_as: int | Color | str | None) -> tuple[Match, tuple[Played, ...]]:
    """The match as it will be played (declarations filled in) and the hand cards with theirs."""
    if s.phase is not Phase.MATCHING and s.phase is not Phase.DREW:
        raise IllegalMove(phase_refusal(s, "match"))
    played = tuple(map(parse_played, cards))
    check_card_count(played)
    drawn_only = s.phase is Phase.DREW and rules.after_draw_matching is AfterDraw.DRAWN_CARD_ONLY
    if drawn_only and s.matches:
        raise IllegalMove(gettext("after drawing, {player} may make only one match, and {player} has made it "
                                  "(R7.2)").format(player=player_name(s.current)))
    index = target_index(s, target)
    row_card = s.center_row[index]
    if s.matches and any(m.target == index for m, _ in s.matches):
        raise IllegalMove(gettext("{card} (Center Row card {number}) has already been matched this turn; each "
                                  "row card can be matched once per turn (R4.3)").format(
                                      card=card_codes(row_card.code), number=index + 1))
    check_in_hand(s, [p.card for p in played], s.current, "R4.1" if len(played) == 1 else "R4.2")
    if drawn_only and (s.drawn is None or all(p.card != s.drawn for p in played)):
        drawn = card_codes(s.drawn.code) if s.drawn is not None else gettext("no card")
        codes = card_codes("+".join(p.code for p in played))
        raise IllegalMove(gettext("after drawing, the one match allowed must use the drawn card ({drawn}); {cards} "
                                  "does not (R7.2, rule option D2)").format(drawn=drawn, cards=codes))
    if target_as is not None and (isinstance(target_as, bool) or not isinstance(target_as, (int, str))):
        raise InvalidInput(gettext("target_as={value!r}: give a number 1 to 10 for a Wild # in the row, or a "
                                   "colour R, B, G or Y for a Wild DOS in the row (R9.2, R10.2)").format(
                                       value=target_as))
    return resolve_at(row_card, played, s.center_row_values[index], target_as, index), played


# ------------------------------------------------------------------ actions

def check_player(players: int, player: int) -> int:
    """``player`` if such a player sits at a table of ``players``.

    >>> check_player(2, 1)
    1
    >>> check_player(2, 2)
    Traceback (most recent call last):
    ...
    dos_lab.errors.InvalidInput: player 2 does not exist; players are numbered 0 to 1
    """
    if not whole_number(player) or not 0 <= player < players:
        raise InvalidInput(f"player {player!r} does not exist; players are numbered 0 to {players - 1}")
    return player

def target_index(s: RoundState, target: int | str | Card) -> int:
    """The position of the row card ``target`` names (its index, or its code: the first one not matched yet)."""
    if isinstance(target, bool):
        raise InvalidInput(f"target={target!r} is not a row position")
    if isinstance(target, int):
        if not 0 <= target < len(s.center_row):
            raise NotThere(ngettext(
                "there is no row card at position {position}: the Center Row has {count} card ({row}), "
                "numbered 0 to {last} (R4.4)",
                "there is no row card at position {position}: the Center Row has {count} cards ({row}), "
                "numbered 0 to {last} (R4.4)", len(s.center_row)).format(
                    position=target, count=len(s.center_row), last=len(s.center_row) - 1,
                    row=card_codes(" ".join(c.code for c in s.center_row)) or gettext("empty")))
        return target
    card = Card.parse(target) if not isinstance(target, Card) else target
    matched = {m.target for m, _ in s.matches}
    for index, row_card in enumerate(s.center_row):
        if row_card == card and index not in matched:
            return index
    if card in s.center_row:
        raise IllegalMove(gettext("{card} has already been matched this turn; each row card can be matched once "
                                  "per turn (R4.3)").format(card=card_codes(card.code)))
    raise NotThere(gettext("{card} is not in the Center Row ({row}) (R4.1)").format(
        card=card_codes(card.code), row=card_codes(" ".join(c.code for c in s.center_row)) or gettext("empty")))

def check_in_hand(s: RoundState, cards: list[Card], player: int, rule: str) -> None:
    """Refuse, citing ``rule``, unless ``player`` holds ``cards`` (a card named twice must be held twice)."""
    hand = s.hands[player]
    if len(cards) == 1 and cards[0] in hand:
        return
    if len(cards) == 2 and (hand.count(cards[0]) >= 2 if cards[0] == cards[1] else
                            cards[0] in hand and cards[1] in hand):
        return
    for card in cards:
        need, have = cards.count(card), hand.count(card)
        if have < need:
            held = card_codes(" ".join(c.code for c in hand)) or gettext("no cards")
            if have:
                raise NotThere(gettext("{cards} needs {need} {card}, but {player} holds {have} (hand: {hand}) "
                                       "({rule})").format(cards=card_codes("+".join(c.code for c in cards)),
                                                          need=need, card=card_codes(card.code), have=have,
                                                          player=player_name(player), hand=held, rule=rule))
            raise NotThere(gettext("{player} has no {card} in hand (hand: {hand}) ({rule})").format(
                player=player_name(player), card=card_codes(card.code), hand=held, rule=rule))

def phase_refusal(s: RoundState, action: str) -> str:
    """Why ``action`` cannot be done in this phase of the turn."""
    who = player_name(s.current)
    if s.phase is Phase.OVER:
        return {"draw": gettext("the round is over, so nobody can draw (R12.1)"),
                "place a card": gettext("the round is over, so nobody can place a card (R12.1)"),
                "end a turn": gettext("the round is over, so nobody can end a turn (R12.1)"),
                "match": gettext("the round is over, so nobody can match (R12.1)")}[action]
    if s.phase is Phase.BONUS:
        if action == "draw":
            return ngettext("{player} must first place {count} bonus card into the Center Row, so cannot draw "
                            "now (R8 E3)",
                            "{player} must first place {count} bonus cards into the Center Row, so cannot draw "
                            "now (R8 E3)", s.bonuses_owed).format(player=who, count=s.bonuses_owed)
        return ngettext("{player} must first place {count} bonus card into the Center Row, so cannot match "
                        "now (R8 E3)",
                        "{player} must first place {count} bonus cards into the Center Row, so cannot match "
                        "now (R8 E3)", s.bonuses_owed).format(player=who, count=s.bonuses_owed)
    # the only other refusal by phase: drawing twice (matching after a draw is allowed)
    return gettext("{player} has already drawn this turn, so cannot draw now (R7.1, R7.2)").format(player=who)
