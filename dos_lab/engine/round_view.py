"""What anyone may ask a round without changing it: the table as it stands, and the answers before acting.

:class:`RoundView` is the read-only half of :class:`~dos_lab.engine.round.Round` (bots, the table model and the
analysis use only this half); the round adds the actions. Every ``can_X()`` / ``verify_X()`` asks the guard
(:mod:`dos_lab.engine.guards`) that the action ``X()`` obeys, so asking and acting never disagree.
"""

from __future__ import annotations

from dos_lab.engine import moves
from dos_lab.engine.cards import Card, Color
from dos_lab.engine.dos_call import call_refusal, check_catch
from dos_lab.engine.events import Event
from dos_lab.engine.guards import (
    check_draw,
    check_end_turn,
    check_match,
    check_place,
    check_player,
    message,
    refusal,
    target_index,
)
from dos_lab.engine.match_options import Declaration, MatchOptions, declarations_needed, placement_declarations
from dos_lab.engine.matching import Match, Played, parse_played
from dos_lab.engine.rules import RuleSet
from dos_lab.engine.state import Phase, RoundState
from dos_lab.errors import InvalidInput, whole_number
from dos_lab.i18n import gettext

__all__ = ["RoundView"]


class RoundView:
    """The read-only questions of a round; :class:`~dos_lab.engine.round.Round` holds the state they read."""

    rules: RuleSet
    _s: RoundState
    _n: int
    _options: MatchOptions

    # ------------------------------------------------------------------ reading the state

    @property
    def players(self) -> int:
        """How many players sit at the table."""
        return self._n

    @property
    def hands(self) -> list[list[Card]]:
        """One list of cards per player (a copy)."""
        return [list(h) for h in self._s.hands]

    @property
    def center_row(self) -> list[Card]:
        """The Center Row, left to right; cards matched this turn stay until the turn ends."""
        return list(self._s.center_row)

    @property
    def center_row_values(self) -> list[int | None]:
        """For each row card, the number fixed when a Wild # was placed (``declared_when_placed``), else None."""
        return list(self._s.center_row_values)

    @property
    def draw_pile(self) -> list[Card]:
        """The draw pile, top card first."""
        return self._s.draw_pile[::-1]

    @property
    def discard_pile(self) -> list[Card]:
        """The discard pile, bottom card first (the newest discards last)."""
        return list(self._s.discard_pile)

    @property
    def current(self) -> int:
        """Whose turn it is."""
        return self._s.current

    @property
    def phase(self) -> Phase:
        """``MATCHING``, ``DREW``, ``BONUS`` or ``OVER``."""
        return self._s.phase

    @property
    def turn(self) -> int:
        """The turn number, from 1."""
        return self._s.turn

    @property
    def bonuses_owed(self) -> int:
        """Bonus cards the current player still has to place (R8 E3)."""
        return self._s.bonuses_owed

    @property
    def winner(self) -> int | None:
        """The player who went out, once the round is over."""
        return self._s.winner

    @property
    def points(self) -> int:
        """What the winner scored (R13.1); 0 until the round ends."""
        return self._s.points

    @property
    def log(self) -> list[Event]:
        """Every event so far, oldest first (a copy)."""
        return list(self._s.log)

    @property
    def drawn_card(self) -> Card | None:
        """The card the current player drew this turn, if any."""
        return self._s.drawn

    @property
    def matches_this_turn(self) -> list[Match]:
        """The matches made so far this turn (their piles stay in the row until E1)."""
        return [m for m, _ in self._s.matches]

    @property
    def over(self) -> bool:
        """True once the round has ended."""
        return self._s.phase is Phase.OVER

    def played_on(self, index: int) -> list[Card]:
        """The hand cards played on row card ``index`` this turn."""
        return next((list(cards) for m, cards in self._s.matches if m.target == index), [])

    def hand_points(self, player: int) -> int:
        """The points in a player's hand (R13.1)."""
        return sum(card.points for card in self._s.hands[self._player(player)])

    def has_called_dos(self, player: int) -> bool:
        """True if the player called DOS since reaching two cards."""
        return self._s.dos_called[self._player(player)]

    def is_exposed(self, player: int) -> bool:
        """True if a catch on this player would succeed now (R11.4, R11.5)."""
        return self._s.dos_exposed[self._player(player)]

    def hand(self, player: int) -> tuple[Card, ...]:
        """One player's cards, as a tuple (cheaper than :attr:`hands`, which copies every hand).

        >>> from dos_lab.engine.round import Round
        >>> Round.from_position(hands=["R7 B3", "Y1"], center_row="B7 Y5").hand(0)
        (Card.parse('R7'), Card.parse('B3'))
        """
        return tuple(self._s.hands[self._player(player)])

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each player holds (what every player at the table can see)."""
        return tuple(map(len, self._s.hands))

    @property
    def exposed_players(self) -> tuple[int, ...]:
        """The players a catch would succeed on now (R11.4, R11.5), in seat order.

        >>> from dos_lab.engine.round import Round
        >>> Round.from_position(hands=["R7 B3", "Y1 Y5", "G4"], center_row="B7 Y4").exposed_players
        (0, 1)
        """
        exposed = self._s.dos_exposed
        return tuple(p for p, flag in enumerate(exposed) if flag) if True in exposed else ()

    @property
    def event_count(self) -> int:
        """How many events the log holds (``len(r.log)`` without copying it)."""
        return len(self._s.log)

    def events_since(self, count: int) -> list[Event]:
        """The events after the first ``count`` (a bookmark taken from :attr:`event_count`).

        >>> from dos_lab.engine.round import Round
        >>> r = Round.from_position(hands=["R7 B3 G9", "Y1 Y5 B8"], center_row="B7 Y5", draw_pile="G4 Y8")
        >>> mark = r.event_count; r.draw()
        Card.parse('G4')
        >>> [e.describe() for e in r.events_since(mark)]
        ['P1 draws G4.']
        """
        if not whole_number(count) or count < 0:
            raise InvalidInput(f"count={count!r} must be a whole number of 0 or more")
        return self._s.log[count:]

    # ------------------------------------------------------------------ asking before acting
    # ``can_…`` and ``verify_…`` ask the guard the action obeys (engine/guards.py)

    def can_draw(self) -> bool:
        """True if ``draw()`` is allowed now."""
        return refusal(check_draw, self._s) is None

    def verify_draw(self) -> str | None:
        """Why ``draw()`` would be refused now (the message, naming the rule), or None."""
        return message(refusal(check_draw, self._s))

    def can_place(self, card: str | Card | Played | None = None) -> bool:
        """True if ``place()`` is allowed now (after a draw without a match, or a bonus owed);
        with ``card``, True if placing that card is."""
        return refusal(check_place, self._s, self.rules, card) is None

    def verify_place(self, card: str | Card | Played | None = None) -> str | None:
        """Why ``place(card)`` (or any placement, without ``card``) would be refused now, or None.

        >>> from dos_lab.engine.round import Round
        >>> r = Round.from_position(hands=["R9 G10", "Y1"], center_row="Y3 G4", draw_pile="B8")
        >>> r.verify_place()[:60]
        'P1 cannot put a card into the Center Row now: a card is plac'
        >>> _ = r.draw(); r.verify_place(), r.verify_place("Y4")
        (None, 'P1 has no Y4 in hand (hand: R9 G10 B8) (R7.3)')
        """
        return message(refusal(check_place, self._s, self.rules, card))

    def can_end_turn(self) -> bool:
        """True if ``end_turn()`` is allowed now."""
        return refusal(check_end_turn, self._s, self.rules) is None

    def verify_end_turn(self) -> str | None:
        """Why ``end_turn()`` would be refused now, or None.

        >>> from dos_lab.engine.round import Round
        >>> Round.from_position(hands=["R9 G10", "Y1"], center_row="Y3 G4").verify_end_turn()
        'P1 must match or draw; a turn cannot be passed (R3.1, R3.3)'
        """
        return message(refusal(check_end_turn, self._s, self.rules))

    def can_match(self, target: int | str | Card | None = None, *cards: str | Card | Played,
                  target_as: int | Color | str | None = None) -> bool:
        """With no arguments: True if the current player has a legal match now. With a
        target and cards: True if ``match(target, *cards, target_as=...)`` is legal now.

        >>> from dos_lab.engine.round import Round
        >>> r = Round.from_position(hands=["R7 B3 G4", "Y1"], center_row="B7 Y5")
        >>> r.can_match(), r.can_match(0, "B3", "G4"), r.can_match(1, "B3")
        (True, True, False)
        """
        if target is None and not cards:
            return bool(self.legal_matches())
        return self.verify_match(target, *cards, target_as=target_as) is None

    def verify_match(self, target: int | str | Card | None, *cards: str | Card | Played,
                     target_as: int | Color | str | None = None) -> str | None:
        """Why ``match(target, *cards, target_as=...)`` would be refused now, or None.

        >>> from dos_lab.engine.round import Round
        >>> r = Round.from_position(hands=["R7 B3 G4", "Y1"], center_row="B7 Y5")
        >>> r.verify_match(1, "B3")
        'B3 is 3, but Y5 needs 5 (R4.1)'
        """
        if target is None:
            return gettext("choose a Center Row card to match (R4.1)")
        return message(refusal(check_match, self._s, self.rules, target, cards, target_as))

    def verify_call(self, player: int) -> str | None:
        """Why ``call_dos(player)`` would return False (not protect the player) now, or None.

        >>> from dos_lab.engine.round import Round
        >>> Round.from_position(hands=["R7 B3 G9", "Y1"], center_row="B7 Y5").verify_call(0)
        'P1 holds 3 cards: DOS! counts only with exactly two (R11.3)'
        """
        return call_refusal(self._s, self._player(player))

    def verify_catch(self, caller: int, target: int) -> str | None:
        """Why ``catch_dos(caller, target)`` would not impose the penalty now, or None.

        >>> from dos_lab.engine.round import Round
        >>> r = Round.from_position(hands=["R7 B3", "Y1 Y5 B8"], center_row="B7 Y5", dos_called=[0])
        >>> r.verify_catch(1, 0)
        'P1 already called DOS, so the catch has no effect (R11.3)'
        """
        return message(refusal(check_catch, self._s, self._player(caller), self._player(target)))

    def can_call_dos(self, player: int) -> bool:
        """True if ``player``'s "DOS!" would count now and they have not called yet: they hold exactly two cards
        (R11.1, R11.3). A player may call at any time, also in another player's turn.

        >>> from dos_lab.engine.round import Round
        >>> r = Round.from_position(hands=["R7 B3", "Y1 Y5 B8"], center_row="B7 Y5")
        >>> r.can_call_dos(0), r.can_call_dos(1)
        (True, False)
        """
        return self.verify_call(player) is None and not self.has_called_dos(player)

    def can_catch(self, caller: int, target: int) -> bool:
        """True if ``caller``'s catch of ``target`` would impose the penalty now (:meth:`verify_catch` says why
        not)."""
        return self.verify_catch(caller, target) is None

    def legal_moves(self, player: int | None = None) -> list[moves.Move]:
        """Every move ``player`` (the current player by default) may make now; the order is documented in
        :func:`dos_lab.engine.moves.legal_moves`.

        >>> from dos_lab.engine.round import Round
        >>> r = Round.from_position(hands=["R7 B3 G4", "Y1"], center_row="B7 Y5", draw_pile="G9")
        >>> [str(m) for m in r.legal_moves()]
        ['P1: match 0 R7', 'P1: match 0 R7 + call DOS', 'P1: match 0 B3 G4', 'P1: draw']
        >>> r.legal_moves(1)
        []
        """
        return moves.legal_moves(self, player)

    def declarations_needed(self, target: int | str | Card | None, *cards: str | Card | Played,
                            target_as: int | Color | str | None = None) -> list[Declaration]:
        """The wild cards of a proposed play that are still undeclared, each with the
        declarations that keep the play legal and the one the engine would choose.

        ``target`` is the row card of a match; ``None`` with one card asks about a
        placement (a Wild # placed under ``declared_when_placed`` takes a number).
        Declared cards (``"R#=4"``) and a given ``target_as`` need nothing.

        >>> from dos_lab.engine.round import Round
        >>> r = Round.from_position(hands=["R3 W B1 B1 R#", "Y1"], center_row="R5 W")
        >>> def show(needs):
        ...     return [(d.card.code, "row" if d.on_row else "hand", d.choices, d.default) for d in needs]
        >>> [(d.card.code, [c.value for c in d.choices], d.default) for d in r.declarations_needed(0, "R3", "W")]
        [('W', ['R', 'B', 'G', 'Y'], <Color.RED: 'R'>)]
        >>> show(r.declarations_needed(0, "R#", "B1"))  # only 4 makes 4 + 1 = 5
        [('R#', 'hand', (4,), 4)]
        >>> show(r.declarations_needed(1, "B1", "B1", target_as="B")), show(r.declarations_needed(0, "R#=4", "B1"))
        ([], [])
        >>> show(r.declarations_needed(1, "R3"))  # 3 is no 2, whatever colour the W is
        [('W', 'row', (), None)]
        """
        played = [parse_played(c) for c in cards]
        if target is None:
            if len(played) != 1:
                raise InvalidInput("a placement is one card: declarations_needed(None, card)")
            return placement_declarations(self.rules, played[0])
        index = target_index(self._s, target)
        s = self._s
        return declarations_needed(s.center_row[index], s.center_row_values[index], index, played, target_as)

    def legal_matches(self) -> list[Match]:
        """Every legal single and double match for the current player now.

        Ordered by row position; for each row card the singles first, then the
        doubles, cards in hand order; identical cards count once. After a draw
        under ``drawn_card_only`` only matches that use the drawn card are listed.

        >>> from dos_lab.engine.round import Round
        >>> r = Round.from_position(hands=["R7 B3 G4", "Y1"], center_row="B7 Y5")
        >>> [m.describe() for m in r.legal_matches()]
        ['R7 on B7: single number match', 'B3+G4 on B7: double number match']
        """
        known = self._options.known  # asked again and again by bots and simulations: no call when it is kept
        return list(known if known is not None else self._options.current(self._s, self.rules))

    def _player(self, player: int) -> int:
        return check_player(self._n, player)
