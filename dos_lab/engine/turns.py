"""What happens to the cards and the seats between a round's actions: cards taken from the draw pile (with the
reshuffle of R14), the Center Row refilled (E2), the end of a turn (E4–E6), a pass (R14.2) and the round's end.

A :class:`Turns` works on one :class:`~dos_lab.engine.state.RoundState`; ``Round`` makes one for its state and calls
it after its guards have accepted an action.

>>> from dos_lab.engine.cards import parse_cards
>>> s = RoundState([parse_cards("R7 B3"), parse_cards("Y1")], [], [], parse_cards("G4 W Y8")[::-1], [], 0)
>>> Turns(s, RuleSet(), seed=0).refill(); s.center_row, s.draw_pile
([Card.parse('G4'), Card.parse('W')], [Card.parse('Y8')])
"""

from __future__ import annotations

import random

from dos_lab.engine.cards import Card
from dos_lab.engine.dos_call import hand_changed, rest_point
from dos_lab.engine.events import (
    OpponentDrew,
    Passed,
    PenaltyDrawn,
    PenaltyVoided,
    Refilled,
    Reflipped,
    Reshuffled,
    RoundEnded,
    TurnPassed,
    TurnStarted,
)
from dos_lab.engine.rules import EmptyDrawPile, PenaltyVsGoingOut, RuleSet
from dos_lab.engine.state import Phase, RoundState, UndoRecord

__all__ = ["Turns", "shuffled"]


def shuffled(cards: list[Card], rng: random.Random) -> list[Card]:
    """The cards in a random order drawn from ``rng``: sorted by independent random
    keys, a uniform shuffle that costs one C-level ``random()`` per card."""
    keys = [rng.random() for _ in cards]
    return [cards[i] for i in sorted(range(len(cards)), key=keys.__getitem__)]


class Turns:
    """The mechanics of one round's state: ``seed`` fixes every reshuffle, and ``record`` (the undo record of the
    action being played, if the round keeps history) notes each card taken from the draw pile."""

    __slots__ = ("record", "rules", "s", "seed")

    def __init__(self, s: RoundState, rules: RuleSet, seed: int) -> None:
        self.s = s
        self.rules = rules
        self.seed = seed
        self.record: UndoRecord | None = None

    def finish_turn(self) -> None:
        """E4 opponents draw, E5 deferred penalty, E6 going out or next player."""
        s = self.s
        n = len(s.hands)
        if s.double_colour_matches:
            for offset in range(1, n):
                player = (s.current + offset) % n
                drew = False
                for _ in range(s.double_colour_matches):
                    card = self.take_card()
                    if card is None:
                        break
                    drew = True
                    s.hands[player].append(card)
                    s.log.append(OpponentDrew(player, card, s.current))
                    hand_changed(s, self.rules, player)
                if drew:  # a skipped draw (R14.2) changed no hand: no rest point for it
                    rest_point(s, self.rules, "RP5", [player])
        if s.penalty_pending:
            s.penalty_pending = False
            if not s.hands[s.current] and self.rules.penalty_vs_going_out is PenaltyVsGoingOut.EMPTY_HAND_ENDS_ROUND:
                s.log.append(PenaltyVoided(s.current))
            else:
                self.draw_penalty(s.current, deferred=True)
        rest_point(s, self.rules, "RP6", [s.current])
        if not s.hands[s.current]:
            self.end_round(s.current)
            return
        self.next_player()

    def pass_turn(self) -> None:
        s = self.s
        s.log.append(Passed(s.current))
        s.passes += 1
        if s.passes >= len(s.hands):
            self.end_round(None)
            return
        self.finish_turn()

    def next_player(self) -> None:
        s = self.s
        nxt = (s.current + 1) % len(s.hands)
        s.log.append(TurnPassed(s.current, nxt, len(s.hands[s.current])))
        s.current = nxt
        s.turn += 1
        s.phase = Phase.MATCHING
        s.matches = []
        s.drawn = None
        s.has_drawn = False
        s.acted = False
        s.bonuses_earned = s.double_colour_matches = s.bonuses_owed = 0
        s.log.append(TurnStarted(nxt, s.turn))

    def end_round(self, winner: int | None) -> None:
        s = self.s
        totals = tuple(sum(c.points for c in hand) for hand in s.hands)
        s.winner = winner
        s.points = sum(totals) - totals[winner] if winner is not None else 0
        s.phase = Phase.OVER
        s.bonuses_owed = 0
        s.drawn = None
        s.penalty_pending = False
        s.dos_exposed = [False] * len(s.hands)
        s.log.append(RoundEnded(winner, s.points, totals))

    def reshuffle_next(self) -> bool:
        """True if the next card taken comes from the discards, shuffled into a new draw pile (R14)."""
        s = self.s
        return (not s.draw_pile and bool(s.discard_pile)
                and self.rules.empty_draw_pile is EmptyDrawPile.RESHUFFLE_DISCARDS)

    def take_card(self) -> Card | None:
        """The top card of the draw pile, reshuffling the discards if allowed (R14)."""
        s = self.s
        if not s.draw_pile:
            if not self.reshuffle_next():
                return None
            if self.record is not None:
                self.record.reshuffling(s)
            s.reshuffles += 1
            pile = shuffled(s.discard_pile, random.Random(f"{self.seed}/reshuffle/{s.reshuffles}"))
            s.draw_pile, s.discard_pile = pile, []
            s.log.append(Reshuffled(len(pile)))
        card = s.draw_pile.pop()
        if self.record is not None:
            self.record.took(card)
        return card

    def refill(self, *, initial: bool = False, log_always: bool = False) -> None:
        """E2: turn up cards until the row holds two (R2.3, R8 E2)."""
        s = self.s
        added: list[Card] = []
        while len(s.center_row) < 2:
            if added and not initial and self.reshuffle_next():
                # the cards turned up before the reshuffle are said first, in the order they happened (R14)
                s.log.append(Refilled(tuple(added), tuple(s.center_row)))
                added = []
            card = self.take_card()
            if card is None:
                break
            if card.is_wild and self.rules.reflip_wilds_in_initial_center and self.replacement_possible():
                s.discard_pile.append(card)
                s.log.append(Reflipped(card))
                continue
            s.center_row.append(card)
            s.center_row_values.append(None)
            added.append(card)
        if (added or log_always) and not initial:
            s.log.append(Refilled(tuple(added), tuple(s.center_row)))

    def replacement_possible(self) -> bool:
        """True if a card that is not wild can still be turned up (R2.4: re-flip only then)."""
        s = self.s
        if any(not c.is_wild for c in s.draw_pile):
            return True
        return self.rules.empty_draw_pile is EmptyDrawPile.RESHUFFLE_DISCARDS and any(
            not c.is_wild for c in s.discard_pile)

    def draw_penalty(self, player: int, *, deferred: bool) -> None:
        s = self.s
        cards = []
        for _ in range(self.rules.dos_penalty):
            card = self.take_card()
            if card is None:
                break
            cards.append(card)
        s.hands[player].extend(cards)
        s.log.append(PenaltyDrawn(player, tuple(cards), deferred))
        hand_changed(s, self.rules, player)
