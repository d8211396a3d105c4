"""How a round begins: a shuffled deal (R2) or a staged position, each as a fresh
:class:`~dos_lab.engine.state.RoundState` whose log starts with the round.

>>> s = deal_state(3, seed=42, dealer=0, rules=RuleSet())
>>> [len(h) for h in s.hands], len(s.center_row), len(s.draw_pile), s.current
([7, 7, 7], 2, 85, 1)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from dos_lab.engine.cards import Card, check_supply, full_deck, parse_cards
from dos_lab.engine.dos_call import rest_point
from dos_lab.engine.events import RoundStarted, TurnStarted, player_name
from dos_lab.engine.guards import check_player
from dos_lab.engine.rules import RuleSet
from dos_lab.engine.state import RoundState
from dos_lab.engine.turns import Turns, shuffled
from dos_lab.errors import InvalidInput, check_seed, whole_number

__all__ = ["check_players", "deal_state", "position_state"]


def check_players(players: Any) -> int:
    """``players`` if DOS can be played by that many (R1.6)."""
    if not whole_number(players) or not 2 <= players <= 4:
        raise InvalidInput(f"DOS is for 2 to 4 players, not {players!r} (R1.6)")
    return players


def _check_seat(name: str, value: Any, players: int) -> None:
    if not whole_number(value) or not 0 <= value < players:
        raise InvalidInput(f"{name}={value!r} must be a player number from 0 to {players - 1}")


def _fresh(hands: list[list[Card]], row: list[Card], draw: list[Card], discard: list[Card], current: int,
           **flags: Any) -> RoundState:
    players = len(hands)
    return RoundState(hands, row, [None] * len(row), draw, discard, current, dos_called=[False] * players,
                      dos_exposed=[False] * players, dos_lapsed=[False] * players, dos_caught=[False] * players,
                      **flags)


def deal_state(players: int, seed: int, dealer: int, rules: RuleSet) -> RoundState:
    """Shuffle the 108 cards with ``seed``, deal ``rules.hand_size`` cards to each player, turn up two Center Row
    cards; the player left of ``dealer`` starts (R2)."""
    players = check_players(players)
    seed = check_seed(seed)
    _check_seat("dealer", dealer, players)
    deck = shuffled(full_deck(), random.Random(seed))
    deck.reverse()  # internal draw pile: top card last
    hands: list[list[Card]] = [[] for _ in range(players)]
    for _ in range(rules.hand_size):
        for offset in range(1, players + 1):
            hands[(dealer + offset) % players].append(deck.pop())
    s = _fresh(hands, [], deck, [], (dealer + 1) % players, dealt=True)
    Turns(s, rules, seed).refill(initial=True)
    s.log.append(RoundStarted(players, dealer, s.current, tuple(s.center_row)))
    s.log.append(TurnStarted(s.current, s.turn))
    return s


def position_state(hands: Sequence[str | Sequence[str | Card]], center_row: str | Sequence[str | Card],
                   draw_pile: str | Sequence[str | Card], discard_pile: str | Sequence[str | Card], current: int,
                   rules: RuleSet, dealer: int | None, dos_called: Iterable[int]) -> RoundState:
    """A staged position (any cards the deck can supply); ``draw_pile`` top card first, ``discard_pile`` bottom
    card first. The position is a rest point (R11.4): a player holding two cards who is not in ``dos_called`` is
    exposed to a catch."""
    if not isinstance(rules, RuleSet):
        raise InvalidInput(f"rules must be a RuleSet, not {type(rules).__name__}")
    if isinstance(hands, str) or not isinstance(hands, Sequence):
        raise InvalidInput("hands must be a list with one hand per player, e.g. ['R7 B3', 'Y1 G4']")
    hand_lists = [parse_cards(h) for h in hands]
    players = check_players(len(hand_lists))
    row = parse_cards(center_row)
    draw = parse_cards(draw_pile)
    discard = parse_cards(discard_pile)
    check_supply([c for h in hand_lists for c in h] + row + draw + discard)
    _check_seat("current", current, players)
    if dealer is not None:
        _check_seat("dealer", dealer, players)
    for player, hand in enumerate(hand_lists):
        if not hand and player != current:
            raise InvalidInput(f"{player_name(player)} holds no cards: a player without cards has gone out, so "
                               "the round would be over (R12.1); give every player but the one to play a card")
    draw.reverse()
    s = _fresh(hand_lists, row, draw, discard, current)
    s.log.append(RoundStarted(players, dealer, current, tuple(row)))
    s.log.append(TurnStarted(current, s.turn))
    for player in dos_called:
        if len(hand_lists[check_player(players, player)]) != 2:
            raise InvalidInput(f"{player_name(player)} cannot have called DOS without holding two cards (R11.3)")
        s.dos_called[player] = True
    rest_point(s, rules, "RP0")
    return s
