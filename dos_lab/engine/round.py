"""One deal of DOS as a state machine (RULES.md R2–R14, DESIGN.md §3–4).

A turn starts in ``Phase.MATCHING``. The player either matches (``match()`` on
distinct Center Row cards, then ``end_turn()``) or draws (``draw()``; then the
match allowed after a draw and ``end_turn()``, or ``place()``). ``end_turn()``
runs E1 (discard) and E2 (refill); owed colour bonuses make the phase
``Phase.BONUS`` until they are placed; then E4–E6 run. Every refused action
raises :class:`IllegalMove` naming the rule and leaves the round unchanged.

>>> r = Round.from_position(hands=["R7 B3 G9", "Y1 Y5 B8"], center_row="B7 Y5", draw_pile="G4 Y8 R1")
>>> r.match(0, "R7").describe()
'R7 on B7: single number match'
>>> r.end_turn()
>>> r.center_row, r.discard_pile, r.current
([Card.parse('Y5'), Card.parse('G4')], [Card.parse('B7'), Card.parse('R7')], 1)
>>> r.match(0, "Y1")
Traceback (most recent call last):
...
dos_lab.errors.IllegalMove: Y1 is 1, but Y5 needs 5 (R4.1)
"""


from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Concatenate, ParamSpec, TypeVar

from dos_lab.engine import moves
from dos_lab.engine.cards import Card, Color
from dos_lab.engine.dealing import deal_state, position_state
from dos_lab.engine.dos_call import call, check_catch, hand_changed, rest_point, start_acting
from dos_lab.engine.events import (
    BonusForfeited,
    BonusPlaced,
    Discarded,
    DosCaught,
    DrawSkipped,
    Drew,
    Event,
    Matched,
    Placed,
    player_name,
)
from dos_lab.engine.guards import check_draw, check_end_turn, check_match, check_place
from dos_lab.engine.listeners import Listeners
from dos_lab.engine.log_replay import replay_log
from dos_lab.engine.match_options import Declaration, MatchOptions, list_matches
from dos_lab.engine.matching import Bonus, Match, Played
from dos_lab.engine.round_view import RoundView
from dos_lab.engine.rules import AfterDraw, EmptyDrawPile, RuleSet
from dos_lab.engine.saved_round import state_from_dict, state_to_dict
from dos_lab.engine.state import Phase, RoundState, UndoRecord
from dos_lab.engine.turns import Turns
from dos_lab.errors import IllegalMove, InvalidInput, check_seed
from dos_lab.i18n import gettext, noop

__all__ = ["Declaration", "Phase", "Round"]

#: the classic rules, shared: a RuleSet is immutable
CLASSIC = RuleSet()

P = ParamSpec("P")
R = TypeVar("R")


def _announced(method: Callable[Concatenate[Round, P], R]) -> Callable[Concatenate[Round, P], R]:
    """An action whose new events go to the round's listeners once it is complete."""

    @functools.wraps(method)
    def action(self: Round, /, *args: P.args, **kwargs: P.kwargs) -> R:
        if self._listeners is None:  # nobody ever listened: the common case, kept cheap
            return method(self, *args, **kwargs)
        since = len(self._s.log)
        result = method(self, *args, **kwargs)
        self._announce(since)
        return result

    return action


class Round(RoundView):
    """One deal: hands, Center Row, draw and discard piles, and whose turn it is.

    Build one with :meth:`deal` (shuffled) or :meth:`from_position` (staged).
    Player numbers start at 0; the narration calls player 0 "P1".
    """

    def __init__(self, state: RoundState, rules: RuleSet, seed: int, dealer: int | None, history: bool) -> None:
        self.rules = rules
        self.seed = seed
        self.dealer = dealer
        self._s = state
        self._n = len(state.hands)
        #: one record per action, the newest last (None: no history kept)
        self._history: list[UndoRecord] | None = [] if history else None
        #: the mechanics between actions; its ``record`` is the undo record of the action being played
        self._turns = Turns(state, rules, seed)
        #: legal_matches() of the current state, until the next action or undo
        self._options = MatchOptions()
        self._listeners: Listeners[[Event]] | None = None


    # ------------------------------------------------------------------ construction

    @classmethod
    def deal(cls, players: int = 2, seed: int = 0, dealer: int = 0, rules: RuleSet | None = None,
             *, history: bool = True) -> Round:
        """Shuffle the 108 cards with ``seed``, deal ``rules.hand_size`` cards to each
        player, turn up two Center Row cards; the player left of ``dealer`` starts (R2).

        >>> r = Round.deal(players=3, seed=42, dealer=0)
        >>> [len(h) for h in r.hands], len(r.center_row), len(r.draw_pile), r.current
        ([7, 7, 7], 2, 85, 1)
        """
        rules = rules if rules is not None else CLASSIC
        return cls(deal_state(players, seed, dealer, rules), rules, seed, dealer, history)

    @classmethod
    def from_position(cls, hands: Sequence[str | Sequence[str | Card]], center_row: str | Sequence[str | Card] = "",
                      draw_pile: str | Sequence[str | Card] = "", discard_pile: str | Sequence[str | Card] = "",
                      current: int = 0, rules: RuleSet | None = None, seed: int = 0, *,
                      dealer: int | None = None, dos_called: Iterable[int] = (),
                      history: bool = True) -> Round:
        """A staged position (any cards the deck can supply). ``draw_pile`` is
        listed top card first, ``discard_pile`` bottom card first.

        The position is a rest point (R11.4): a player who holds exactly two
        cards is exposed to a catch unless listed in ``dos_called`` (players
        who have already called DOS).

        >>> r = Round.from_position(hands=["B1 B1 R4 G10", "Y3"], center_row="W Y9", draw_pile="G5 R6")
        >>> r.match(0, "B1", "B1", target_as="B").bonus
        <Bonus.DOUBLE_COLOUR: 'double_colour'>
        """
        rules = rules if rules is not None else CLASSIC
        state = position_state(hands, center_row, draw_pile, discard_pile, current, rules, dealer, dos_called)
        return cls(state, rules, check_seed(seed), dealer, history)

    # ------------------------------------------------------------------ listening

    def subscribe(self, listener: Callable[[Event], None]) -> Callable[[], None]:
        """Call ``listener(event)`` for each new event; returns a function that unsubscribes.

        Listeners hear an action's events once the action is complete; a listener that fails is
        logged and never undoes or stops the move (:mod:`dos_lab.engine.listeners`). :meth:`undo`
        takes events back without a notice: compare :attr:`event_count` with a bookmark. Copies
        and saves do not keep listeners.

        >>> r = Round.from_position(hands=["R7 B3 G9", "Y1 Y5 B8"], center_row="B7 Y5", draw_pile="G4 Y8")
        >>> heard = []; stop = r.subscribe(heard.append)
        >>> _ = r.match(0, "R7"); r.end_turn(); stop()
        >>> [type(e).__name__ for e in heard]
        ['Matched', 'Discarded', 'Refilled', 'TurnPassed', 'TurnStarted']
        """
        if self._listeners is None:
            self._listeners = Listeners()
        return self._listeners.add(listener)

    def unsubscribe(self, listener: Callable[[Event], None]) -> None:
        """Stop calling ``listener`` (nothing happens if it is not subscribed)."""
        if self._listeners is not None:
            self._listeners.remove(listener)

    def _announce(self, since: int) -> None:
        listeners = self._listeners
        if listeners is not None:
            for event in self._s.log[since:]:
                listeners.notify(event)

    def apply(self, move: moves.Move) -> object:
        """Play one move with the same guards as the methods; anything not legal now (the wrong player, out of
        turn, a call or catch without effect) raises :class:`IllegalMove` and changes nothing.

        >>> from dos_lab.engine.round import Round
        >>> r = Round.from_position(hands=["R7 B3 G4", "Y1"], center_row="B7 Y5", draw_pile="G9")
        >>> r.apply(moves.Move.parse("P1: match 0 R7")).describe()
        'R7 on B7: single number match'
        >>> r.apply(moves.Move.parse("P2: draw"))
        Traceback (most recent call last):
        ...
        dos_lab.errors.IllegalMove: it is P1's turn, so P2 cannot draw now (R3)
        """
        return moves.apply(self, move)

    # ------------------------------------------------------------------ actions

    @_announced
    def match(self, target: int | str | Card, *cards: str | Card | Played,
              target_as: int | Color | str | None = None, call_dos: bool = False) -> Match:
        """Play one or two hand cards on row card ``target`` (its index, or its code).

        Declarations ride on the codes (``"Y#=7"``, ``"W=R"``); ``target_as`` is the
        number for a Wild # in the row or the colour for a Wild DOS in the row.
        Returns the match with every declaration filled in. ``call_dos=True`` calls
        DOS with the match if it leaves the player two cards (R11.4).
        """
        found, played = check_match(self._s, self.rules, target, cards, target_as)
        s = self._s
        options = self._options.known
        self._save()
        start_acting(s, self.rules)
        hand = s.hands[s.current]
        for p in played:
            hand.remove(p.card)
        s.matches.append((found, tuple(p.card for p in played)))
        self._options.matched(options, found, played)
        if found.bonus is not None:
            s.bonuses_earned += 1
            if found.bonus is Bonus.DOUBLE_COLOUR:
                s.double_colour_matches += 1
        s.log.append(Matched(s.current, found.target, s.center_row[found.target], found.target_as, found.cards,
                             found.bonus.value if found.bonus is not None else None))
        hand_changed(s, self.rules, s.current, call_dos=call_dos)
        if s.phase is Phase.DREW and self.rules.after_draw_matching is AfterDraw.DRAWN_CARD_ONLY:
            rest_point(s, self.rules, "RP3")
        return found

    @_announced
    def draw(self, *, call_dos: bool = False) -> Card | None:
        """Draw one card instead of matching (R7.1). Returns it (``None`` if no card can be drawn, R14.2).
        ``call_dos=True`` calls DOS with the draw if it brings the player to two cards."""
        check_draw(self._s)
        s = self._s
        self._save()
        start_acting(s, self.rules)
        card = self._turns.take_card()
        s.phase = Phase.DREW
        s.has_drawn = True
        s.drawn = card
        if card is None:
            s.log.append(DrawSkipped(s.current, noop("the draw pile and the discard pile are empty")
                                     if self.rules.empty_draw_pile is EmptyDrawPile.RESHUFFLE_DISCARDS
                                     else noop("the draw pile is empty (skip_draw)")))
            if not list_matches(s, self.rules):
                self._turns.pass_turn()
            return None
        s.hands[s.current].append(card)
        s.log.append(Drew(s.current, card))
        hand_changed(s, self.rules, s.current, call_dos=call_dos)
        rest_point(s, self.rules, "RP2")
        return card

    @_announced
    def place(self, card: str | Card | Played, *, call_dos: bool = False) -> None:
        """Put one hand card into the Center Row: after a draw without a match
        (R7.3; ends the turn), or as one owed colour-match bonus (R8 E3).

        Under ``declared_when_placed`` a Wild # may carry its value: ``place("G#=5")``.
        ``call_dos=True`` calls DOS with the placement if it leaves two cards (R11.4).
        """
        checked = check_place(self._s, self.rules, card)
        if checked is None:
            raise InvalidInput("place() needs the card to place, e.g. place('R7')")
        placed, declared = checked
        s = self._s
        self._save()
        s.hands[s.current].remove(placed)
        s.center_row.append(placed)
        s.center_row_values.append(declared)
        if s.phase is Phase.DREW:
            s.log.append(Placed(s.current, placed, declared, tuple(s.center_row)))
            hand_changed(s, self.rules, s.current, call_dos=call_dos)
            rest_point(s, self.rules, "RP3")
            s.passes = 0
            self._turns.refill()
            self._turns.finish_turn()
            return
        s.bonuses_owed -= 1
        s.log.append(BonusPlaced(s.current, placed, declared, tuple(s.center_row)))
        hand_changed(s, self.rules, s.current, call_dos=call_dos)
        if s.bonuses_owed and not s.hands[s.current]:
            s.log.append(BonusForfeited(s.current, s.bonuses_owed, "hand_empty"))
            s.bonuses_owed = 0
        if not s.bonuses_owed:
            rest_point(s, self.rules, "RP4")
            self._turns.finish_turn()

    @_announced
    def end_turn(self, *, call_dos: bool = False) -> None:
        """Close the matching phase: E1 discard, E2 refill, then bonus placements
        if owed (``Phase.BONUS``), else E4–E6 at once. In ``Phase.BONUS`` under
        ``bonus_placement="optional"`` it declines the remaining placements.
        ``call_dos=True`` calls DOS first if the player holds two cards (R11.4).
        """
        check_end_turn(self._s, self.rules)
        s = self._s
        self._save()
        if call_dos:
            call(s, s.current)
        if s.phase is Phase.BONUS:
            s.log.append(BonusForfeited(s.current, s.bonuses_owed, "declined"))
            s.bonuses_owed = 0
            rest_point(s, self.rules, "RP4")
            self._turns.finish_turn()
            return
        if not s.matches:  # nothing could be drawn and nothing matched (R14.2)
            self._turns.pass_turn()
            return
        s.passes = 0
        discarded: list[Card] = []
        piles = {m.target: cards for m, cards in s.matches}
        keep_row, keep_values = [], []
        for index, (card, value) in enumerate(zip(s.center_row, s.center_row_values, strict=True)):
            if index in piles:
                discarded.append(card)
                discarded.extend(piles[index])
            else:
                keep_row.append(card)
                keep_values.append(value)
        s.center_row, s.center_row_values = keep_row, keep_values
        s.discard_pile.extend(discarded)
        s.matches = []
        s.log.append(Discarded(tuple(discarded), tuple(s.center_row)))
        self._turns.refill(log_always=True)
        rest_point(s, self.rules, "RP1")
        if s.bonuses_earned and s.hands[s.current]:
            s.phase = Phase.BONUS
            s.bonuses_owed = s.bonuses_earned
            return
        if s.bonuses_earned:
            s.log.append(BonusForfeited(s.current, s.bonuses_earned, "hand_empty"))
        self._turns.finish_turn()

    @_announced
    def call_dos(self, player: int) -> bool:
        """``player`` calls "DOS!". True if it protects them: they hold exactly two cards (R11.1, R11.3)."""
        player = self._player(player)
        if self.verify_call(player) is not None:
            return False
        if not self._s.dos_called[player]:
            self._save()
            call(self._s, player)
        return True

    @_announced
    def catch_dos(self, caller: int, target: int) -> bool:
        """``caller`` calls "DOS!" on ``target``. True if it imposes the penalty:
        at once, or at the end of ``target``'s own turn (E5) if it is their turn (R11.1).
        :meth:`verify_catch` says why a catch would not."""
        caller, target = self._player(caller), self._player(target)
        if caller == target:
            check_catch(self._s, caller, target)  # raises: nobody catches themselves (R11.2)
        s = self._s
        if not s.dos_exposed[target]:
            return False
        self._save()
        # the catch ends the exposure it punished: not caught again until exposed anew (R11.4)
        s.dos_exposed[target] = False
        s.dos_caught[target] = True
        deferred = target == s.current
        s.log.append(DosCaught(caller, target, deferred))
        if deferred:
            s.penalty_pending = True
        else:
            self._turns.draw_penalty(target, deferred=False)
            rest_point(s, self.rules, "RP7", [target])
        return True

    def undo(self) -> None:
        """Take back the last action (match, draw, place, end_turn, call or catch)."""
        if not self._history:
            raise IllegalMove(gettext("there is nothing to undo") if self._history is not None
                              else gettext("this round keeps no history (history=False)"))
        self._history.pop().restore(self._s)
        self._turns.record = None
        self._options.forget()

    @property
    def can_undo(self) -> bool:
        """True if :meth:`undo` has something to take back."""
        return bool(self._history)

    def copy(self) -> Round:
        """An independent copy (with its own undo history)."""
        twin = Round(self._s.clone(), self.rules, self.seed, self.dealer, self._history is not None)
        if self._history is not None and twin._history is not None:
            twin._history.extend(self._history)  # a closed record is never changed, so sharing it is safe
        return twin

    def _save(self) -> None:
        """Open the undo record of the action about to change the round; what was worked out
        for the state before it (the legal matches) no longer holds."""
        self._options.forget()
        if self._history is not None:
            self._turns.record = UndoRecord(self._s)
            self._history.append(self._turns.record)

    # ------------------------------------------------------------------ saving

    def to_dict(self) -> dict[str, Any]:
        """The whole round as JSON-ready data; :meth:`from_dict` rebuilds it exactly."""
        return state_to_dict(self._s, self.rules, self.seed, self.dealer)

    @classmethod
    def from_dict(cls, data: Any, *, history: bool = True) -> Round:
        """Rebuild a round saved by :meth:`to_dict`. A corrupt or tampered save
        raises :class:`InvalidInput` and never builds a broken round."""
        state, rules, seed, dealer = state_from_dict(data)
        r = cls(state, rules, seed, dealer, history)
        if state.dealt and state.log and dealer is not None:  # a staged position's start is not in its log
            again = replay_log(cls.deal(len(state.hands), seed, dealer, rules, history=False), state.log)
            if again.to_dict() != r.to_dict():
                raise InvalidInput("corrupt saved round: its log, played from its deal, leads to another position")
        return r

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Round):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def __str__(self) -> str:
        from dos_lab.render import round_text

        return round_text(self)

    def __repr__(self) -> str:
        s = self._s
        return (f"<Round {self._n} players, turn {s.turn}, {player_name(s.current)} to play, "
                f"phase {s.phase.value}, row {' '.join(c.code for c in s.center_row)}>")

    def _repr_html_(self) -> str:
        from dos_lab.render import round_html

        return round_html(self)

