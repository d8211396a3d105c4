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
import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Concatenate, ParamSpec, TypeVar

from dos_lab.engine import moves
from dos_lab.engine.cards import Card, Color, Kind, check_supply, full_deck, parse_cards
from dos_lab.engine.dos_call import call, call_refusal, check_catch, hand_changed, rest_point, start_acting
from dos_lab.engine.events import (
    BonusForfeited,
    BonusPlaced,
    Discarded,
    DosCaught,
    DrawSkipped,
    Drew,
    Event,
    Matched,
    OpponentDrew,
    Passed,
    PenaltyDrawn,
    PenaltyVoided,
    Placed,
    Refilled,
    Reflipped,
    Reshuffled,
    RoundEnded,
    RoundStarted,
    TurnPassed,
    TurnStarted,
    player_name,
)
from dos_lab.engine.log_replay import replay_log
from dos_lab.engine.match_options import (
    DEFAULT_PLACED_WILD_VALUE,
    Declaration,
    MatchOptions,
    declarations_needed,
    list_matches,
    placement_declarations,
    resolve_at,
)
from dos_lab.engine.matching import Bonus, Match, Played, parse_played
from dos_lab.engine.rules import (
    AfterDraw,
    BonusPlacement,
    EmptyDrawPile,
    PenaltyVsGoingOut,
    RuleSet,
    WildNumberInCenter,
)
from dos_lab.engine.saved_round import state_from_dict, state_to_dict
from dos_lab.engine.state import Phase, RoundState, UndoRecord
from dos_lab.errors import DosError, IllegalMove, InvalidInput, NotThere, check_seed, whole_number
from dos_lab.i18n import card_codes, gettext, ngettext, noop

__all__ = ["Declaration", "Phase", "Round"]

#: the classic rules, shared: a RuleSet is immutable
CLASSIC = RuleSet()

P = ParamSpec("P")
R = TypeVar("R")


def _announced(method: Callable[Concatenate[Round, P], R]) -> Callable[Concatenate[Round, P], R]:
    """An action whose new events go to the round's listeners once it is complete."""

    @functools.wraps(method)
    def action(self: Round, /, *args: P.args, **kwargs: P.kwargs) -> R:
        if not self._listeners:
            return method(self, *args, **kwargs)
        since = len(self._s.log)
        result = method(self, *args, **kwargs)
        self._announce(since)
        return result

    return action


def _refusal(guard: Callable[..., Any], *args: Any) -> DosError | None:
    """The error ``guard(*args)`` raises, or None if it accepts."""
    try:
        guard(*args)
    except DosError as error:
        return error
    return None


def _message(error: DosError | None) -> str | None:
    return None if error is None else str(error)


class Round:
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
        #: the record of the action being played, which notes the cards it takes from the draw pile
        self._record: UndoRecord | None = None
        #: legal_matches() of the current state, until the next action or undo
        self._options = MatchOptions()
        self._listeners: list[Callable[[Event], None]] = []

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
        players = _check_players(players)
        seed = check_seed(seed)
        if not whole_number(dealer) or not 0 <= dealer < players:
            raise InvalidInput(f"dealer={dealer!r} must be a player number from 0 to {players - 1}")
        deck = shuffled(full_deck(), random.Random(seed))
        deck.reverse()  # internal draw pile: top card last
        hands: list[list[Card]] = [[] for _ in range(players)]
        for _ in range(rules.hand_size):
            for offset in range(1, players + 1):
                hands[(dealer + offset) % players].append(deck.pop())
        state = RoundState(hands, [], [], deck, [], (dealer + 1) % players,
                           dos_called=[False] * players, dos_exposed=[False] * players,
                           dos_lapsed=[False] * players, dos_caught=[False] * players,
                           dealt=True)
        r = cls(state, rules, seed, dealer, history)
        r._refill(initial=True)
        state.log.append(RoundStarted(players, dealer, state.current, tuple(state.center_row)))
        state.log.append(TurnStarted(state.current, state.turn))
        return r

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
        if not isinstance(rules, RuleSet):
            raise InvalidInput(f"rules must be a RuleSet, not {type(rules).__name__}")
        if isinstance(hands, str) or not isinstance(hands, Sequence):
            raise InvalidInput("hands must be a list with one hand per player, e.g. ['R7 B3', 'Y1 G4']")
        hand_lists = [parse_cards(h) for h in hands]
        players = _check_players(len(hand_lists))
        row = parse_cards(center_row)
        draw = parse_cards(draw_pile)
        discard = parse_cards(discard_pile)
        check_supply([c for h in hand_lists for c in h] + row + draw + discard)
        if not whole_number(current) or not 0 <= current < players:
            raise InvalidInput(f"current={current!r} must be a player number from 0 to {players - 1}")
        if dealer is not None and (not whole_number(dealer)
                                   or not 0 <= dealer < players):
            raise InvalidInput(f"dealer={dealer!r} must be a player number from 0 to {players - 1}")
        for player, hand in enumerate(hand_lists):
            if not hand and player != current:
                raise InvalidInput(f"{player_name(player)} holds no cards: a player without cards has gone out, so "
                                   "the round would be over (R12.1); give every player but the one to play a card")
        draw.reverse()
        state = RoundState(hand_lists, row, [None] * len(row), draw, discard, current,
                           dos_called=[False] * players, dos_exposed=[False] * players,
                           dos_lapsed=[False] * players, dos_caught=[False] * players)
        r = cls(state, rules, check_seed(seed), dealer, history)
        state.log.append(RoundStarted(players, dealer, current, tuple(row)))
        state.log.append(TurnStarted(current, state.turn))
        for player in dos_called:
            if len(hand_lists[r._player(player)]) != 2:
                raise InvalidInput(f"{player_name(player)} cannot have called DOS without holding two cards (R11.3)")
            state.dos_called[player] = True
        rest_point(state, rules, "RP0")
        return r

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

        >>> r = Round.from_position(hands=["R7 B3 G9", "Y1 Y5 B8"], center_row="B7 Y5", draw_pile="G4 Y8")
        >>> mark = r.event_count; r.draw()
        Card.parse('G4')
        >>> [e.describe() for e in r.events_since(mark)]
        ['P1 draws G4.']
        """
        if not whole_number(count) or count < 0:
            raise InvalidInput(f"count={count!r} must be a whole number of 0 or more")
        return self._s.log[count:]

    def subscribe(self, listener: Callable[[Event], None]) -> Callable[[], None]:
        """Call ``listener(event)`` for each new event; returns a function that unsubscribes.

        Listeners hear an action's events once the action is complete (a listener that
        raises cannot leave a half-applied move). :meth:`undo` takes events back without
        a notice: compare :attr:`event_count` with a bookmark. Copies and saves do not
        keep listeners.

        >>> r = Round.from_position(hands=["R7 B3 G9", "Y1 Y5 B8"], center_row="B7 Y5", draw_pile="G4 Y8")
        >>> heard = []; stop = r.subscribe(heard.append)
        >>> _ = r.match(0, "R7"); r.end_turn(); stop()
        >>> [type(e).__name__ for e in heard]
        ['Matched', 'Discarded', 'Refilled', 'TurnPassed', 'TurnStarted']
        """
        if not callable(listener):
            raise InvalidInput(f"{listener!r} is not callable")
        self._listeners.append(listener)
        return lambda: self.unsubscribe(listener)

    def unsubscribe(self, listener: Callable[[Event], None]) -> None:
        """Stop calling ``listener`` (nothing happens if it is not subscribed)."""
        if listener in self._listeners:
            self._listeners.remove(listener)

    def _announce(self, since: int) -> None:
        for event in self._s.log[since:]:
            for listener in list(self._listeners):
                listener(event)

    # ------------------------------------------------------------------ asking before acting
    # Each action has one guard (``_check_…``) that raises the refusal or returns what the
    # action needs; ``can_…`` and ``verify_…`` ask the same guard, and the action obeys it.

    def can_draw(self) -> bool:
        """True if ``draw()`` is allowed now."""
        return _refusal(self._check_draw) is None

    def verify_draw(self) -> str | None:
        """Why ``draw()`` would be refused now (the message, naming the rule), or None."""
        return _message(_refusal(self._check_draw))

    def can_place(self, card: str | Card | Played | None = None) -> bool:
        """True if ``place()`` is allowed now (after a draw without a match, or a bonus owed);
        with ``card``, True if placing that card is."""
        return _refusal(self._check_place, card) is None

    def verify_place(self, card: str | Card | Played | None = None) -> str | None:
        """Why ``place(card)`` (or any placement, without ``card``) would be refused now, or None.

        >>> r = Round.from_position(hands=["R9 G10", "Y1"], center_row="Y3 G4", draw_pile="B8")
        >>> r.verify_place()[:60]
        'P1 cannot put a card into the Center Row now: a card is plac'
        >>> _ = r.draw(); r.verify_place(), r.verify_place("Y4")
        (None, 'P1 has no Y4 in hand (hand: R9 G10 B8) (R7.3)')
        """
        return _message(_refusal(self._check_place, card))

    def can_end_turn(self) -> bool:
        """True if ``end_turn()`` is allowed now."""
        return _refusal(self._check_end_turn) is None

    def verify_end_turn(self) -> str | None:
        """Why ``end_turn()`` would be refused now, or None.

        >>> Round.from_position(hands=["R9 G10", "Y1"], center_row="Y3 G4").verify_end_turn()
        'P1 must match or draw; a turn cannot be passed (R3.1, R3.3)'
        """
        return _message(_refusal(self._check_end_turn))

    def can_match(self, target: int | str | Card | None = None, *cards: str | Card | Played,
                  target_as: int | Color | str | None = None) -> bool:
        """With no arguments: True if the current player has a legal match now. With a
        target and cards: True if ``match(target, *cards, target_as=...)`` is legal now.

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

        >>> r = Round.from_position(hands=["R7 B3 G4", "Y1"], center_row="B7 Y5")
        >>> r.verify_match(1, "B3")
        'B3 is 3, but Y5 needs 5 (R4.1)'
        """
        if target is None:
            return gettext("choose a Center Row card to match (R4.1)")
        return _message(_refusal(self._check_match, target, cards, target_as))

    def verify_call(self, player: int) -> str | None:
        """Why ``call_dos(player)`` would return False (not protect the player) now, or None.

        >>> Round.from_position(hands=["R7 B3 G9", "Y1"], center_row="B7 Y5").verify_call(0)
        'P1 holds 3 cards: DOS! counts only with exactly two (R11.3)'
        """
        return call_refusal(self._s, self._player(player))

    def verify_catch(self, caller: int, target: int) -> str | None:
        """Why ``catch_dos(caller, target)`` would not impose the penalty now, or None.

        >>> r = Round.from_position(hands=["R7 B3", "Y1 Y5 B8"], center_row="B7 Y5", dos_called=[0])
        >>> r.verify_catch(1, 0)
        'P1 already called DOS, so the catch has no effect (R11.3)'
        """
        return _message(_refusal(self._check_catch, caller, target))

    def can_call_dos(self, player: int) -> bool:
        """True if ``player``'s "DOS!" would count now and they have not called yet: they hold exactly two cards
        (R11.1, R11.3). A player may call at any time, also in another player's turn.

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

        >>> r = Round.from_position(hands=["R7 B3 G4", "Y1"], center_row="B7 Y5", draw_pile="G9")
        >>> [str(m) for m in r.legal_moves()]
        ['P1: match 0 R7', 'P1: match 0 R7 + call DOS', 'P1: match 0 B3 G4', 'P1: draw']
        >>> r.legal_moves(1)
        []
        """
        return moves.legal_moves(self, player)

    def apply(self, move: moves.Move) -> object:
        """Play one move with the same guards as the methods; anything not legal now (the wrong player, out of
        turn, a call or catch without effect) raises :class:`IllegalMove` and changes nothing.

        >>> r = Round.from_position(hands=["R7 B3 G4", "Y1"], center_row="B7 Y5", draw_pile="G9")
        >>> r.apply(moves.Move.parse("P1: match 0 R7")).describe()
        'R7 on B7: single number match'
        >>> r.apply(moves.Move.parse("P2: draw"))
        Traceback (most recent call last):
        ...
        dos_lab.errors.IllegalMove: it is P1's turn, so P2 cannot draw now (R3)
        """
        return moves.apply(self, move)

    def declarations_needed(self, target: int | str | Card | None, *cards: str | Card | Played,
                            target_as: int | Color | str | None = None) -> list[Declaration]:
        """The wild cards of a proposed play that are still undeclared, each with the
        declarations that keep the play legal and the one the engine would choose.

        ``target`` is the row card of a match; ``None`` with one card asks about a
        placement (a Wild # placed under ``declared_when_placed`` takes a number).
        Declared cards (``"R#=4"``) and a given ``target_as`` need nothing.

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
        index = self._target_index(target)
        s = self._s
        return declarations_needed(s.center_row[index], s.center_row_values[index], index, played, target_as)

    def legal_matches(self) -> list[Match]:
        """Every legal single and double match for the current player now.

        Ordered by row position; for each row card the singles first, then the
        doubles, cards in hand order; identical cards count once. After a draw
        under ``drawn_card_only`` only matches that use the drawn card are listed.

        >>> r = Round.from_position(hands=["R7 B3 G4", "Y1"], center_row="B7 Y5")
        >>> [m.describe() for m in r.legal_matches()]
        ['R7 on B7: single number match', 'B3+G4 on B7: double number match']
        """
        known = self._options.known  # asked again and again by bots and simulations: no call when it is kept
        return list(known if known is not None else self._options.current(self._s, self.rules))

    # ------------------------------------------------------------------ the guards

    def _check_draw(self) -> None:
        s = self._s
        if s.phase is Phase.MATCHING and s.matches:
            raise IllegalMove(gettext("{player} has matched this turn, so cannot draw: a turn is matching or drawing, "
                                      "not both (R3.1, R3.3)").format(player=player_name(s.current)))
        if s.phase is not Phase.MATCHING:
            raise IllegalMove(self._phase_refusal("draw"))

    def _check_place(self, card: str | Card | Played | None) -> tuple[Card, int | None] | None:
        """The card to place and the number it carries (``declared_when_placed``); None when
        asked about a placement in general (no ``card``)."""
        s = self._s
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
            raise IllegalMove(self._phase_refusal("place a card"))
        if card is None:
            return None
        played = parse_played(card)
        if played.color is not None:
            raise InvalidInput(gettext("{card}: a Wild DOS in the Center Row gets its colour from the player who "
                                       "matches it, so place it as W (R9.2)").format(card=card_codes(played.code)))
        declared = played.value
        if played.card.kind is Kind.WILD_NUMBER and (
                self.rules.wild_number_in_center is WildNumberInCenter.DECLARED_WHEN_PLACED):
            declared = declared if declared is not None else DEFAULT_PLACED_WILD_VALUE
        elif declared is not None:
            raise InvalidInput(gettext("{card}: a Wild # in the Center Row gets its number from the player who "
                                       "matches it (R10.2, rule option D4); place it as {code}").format(
                                           card=card_codes(played.code), code=played.card.code))
        self._check_in_hand([played.card], s.current, "R7.3" if s.phase is Phase.DREW else "R8 E3")
        return played.card, declared

    def _check_end_turn(self) -> None:
        s = self._s
        if s.phase is Phase.BONUS:
            if self.rules.bonus_placement is not BonusPlacement.OPTIONAL:
                raise IllegalMove(ngettext("{player} still owes {count} bonus card: placing it is compulsory "
                                           "(R8 E3, rule option D3)",
                                           "{player} still owes {count} bonus cards: placing them is compulsory "
                                           "(R8 E3, rule option D3)",
                                           s.bonuses_owed).format(player=player_name(s.current), count=s.bonuses_owed))
            return
        if s.phase is Phase.OVER:
            raise IllegalMove(self._phase_refusal("end a turn"))
        if not s.matches:
            if s.phase is Phase.MATCHING:
                raise IllegalMove(gettext("{player} must match or draw; a turn cannot be passed (R3.1, R3.3)").format(
                    player=player_name(s.current)))
            if s.drawn is not None:
                raise IllegalMove(gettext("{player} drew {card} and made no match, so must place one card into the "
                                          "Center Row (R7.3)").format(player=player_name(s.current),
                                                                      card=card_codes(s.drawn.code)))

    def _check_match(self, target: int | str | Card, cards: Sequence[str | Card | Played],
                     target_as: int | Color | str | None) -> tuple[Match, tuple[Played, ...]]:
        """The match as it will be played (declarations filled in) and the hand cards with theirs."""
        s = self._s
        if s.phase is not Phase.MATCHING and s.phase is not Phase.DREW:
            raise IllegalMove(self._phase_refusal("match"))
        played = tuple(map(parse_played, cards))
        if not played:
            raise IllegalMove(gettext("a match uses one or two cards from the hand, and no card was given (R4.2)"))
        if len(played) > 2:
            codes = card_codes("+".join(p.code for p in played))
            raise IllegalMove(ngettext("a match uses exactly one or two cards, but {cards} is {count} card (R4.2)",
                                         "a match uses exactly one or two cards, but {cards} is {count} cards (R4.2)",
                                         len(played)).format(cards=codes, count=len(played)))
        drawn_only = s.phase is Phase.DREW and self.rules.after_draw_matching is AfterDraw.DRAWN_CARD_ONLY
        if drawn_only and s.matches:
            raise IllegalMove(gettext("after drawing, {player} may make only one match, and {player} has made it "
                                      "(R7.2)").format(player=player_name(s.current)))
        index = self._target_index(target)
        row_card = s.center_row[index]
        if s.matches and any(m.target == index for m, _ in s.matches):
            raise IllegalMove(gettext("{card} (Center Row card {number}) has already been matched this turn; each "
                                      "row card can be matched once per turn (R4.3)").format(
                                          card=card_codes(row_card.code), number=index + 1))
        self._check_in_hand([p.card for p in played], s.current, "R4.1" if len(played) == 1 else "R4.2")
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

    def _check_catch(self, caller: int, target: int) -> None:
        check_catch(self._s, self._player(caller), self._player(target))

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
        found, played = self._check_match(target, cards, target_as)
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
        self._check_draw()
        s = self._s
        self._save()
        start_acting(s, self.rules)
        card = self._take_card()
        s.phase = Phase.DREW
        s.has_drawn = True
        s.drawn = card
        if card is None:
            s.log.append(DrawSkipped(s.current, noop("the draw pile and the discard pile are empty")
                                     if self.rules.empty_draw_pile is EmptyDrawPile.RESHUFFLE_DISCARDS
                                     else noop("the draw pile is empty (skip_draw)")))
            if not list_matches(s, self.rules):
                self._pass_turn()
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
        checked = self._check_place(card)
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
            self._refill()
            self._finish_turn()
            return
        s.bonuses_owed -= 1
        s.log.append(BonusPlaced(s.current, placed, declared, tuple(s.center_row)))
        hand_changed(s, self.rules, s.current, call_dos=call_dos)
        if s.bonuses_owed and not s.hands[s.current]:
            s.log.append(BonusForfeited(s.current, s.bonuses_owed, "hand_empty"))
            s.bonuses_owed = 0
        if not s.bonuses_owed:
            rest_point(s, self.rules, "RP4")
            self._finish_turn()

    @_announced
    def end_turn(self, *, call_dos: bool = False) -> None:
        """Close the matching phase: E1 discard, E2 refill, then bonus placements
        if owed (``Phase.BONUS``), else E4–E6 at once. In ``Phase.BONUS`` under
        ``bonus_placement="optional"`` it declines the remaining placements.
        ``call_dos=True`` calls DOS first if the player holds two cards (R11.4).
        """
        self._check_end_turn()
        s = self._s
        self._save()
        if call_dos:
            call(s, s.current)
        if s.phase is Phase.BONUS:
            s.log.append(BonusForfeited(s.current, s.bonuses_owed, "declined"))
            s.bonuses_owed = 0
            rest_point(s, self.rules, "RP4")
            self._finish_turn()
            return
        if not s.matches:  # nothing could be drawn and nothing matched (R14.2)
            self._pass_turn()
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
        self._refill(log_always=True)
        rest_point(s, self.rules, "RP1")
        if s.bonuses_earned and s.hands[s.current]:
            s.phase = Phase.BONUS
            s.bonuses_owed = s.bonuses_earned
            return
        if s.bonuses_earned:
            s.log.append(BonusForfeited(s.current, s.bonuses_earned, "hand_empty"))
        self._finish_turn()

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
            self._check_catch(caller, target)  # raises: nobody catches themselves (R11.2)
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
            self._draw_penalty(target, deferred=False)
            rest_point(s, self.rules, "RP7", [target])
        return True

    def undo(self) -> None:
        """Take back the last action (match, draw, place, end_turn, call or catch)."""
        if not self._history:
            raise IllegalMove(gettext("there is nothing to undo") if self._history is not None
                              else gettext("this round keeps no history (history=False)"))
        self._history.pop().restore(self._s)
        self._record = None
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

    # ------------------------------------------------------------------ end of turn

    def _finish_turn(self) -> None:
        """E4 opponents draw, E5 deferred penalty, E6 going out or next player."""
        s = self._s
        n = self._n
        if s.double_colour_matches:
            for offset in range(1, n):
                player = (s.current + offset) % n
                drew = False
                for _ in range(s.double_colour_matches):
                    card = self._take_card()
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
                self._draw_penalty(s.current, deferred=True)
        rest_point(s, self.rules, "RP6", [s.current])
        if not s.hands[s.current]:
            self._end_round(s.current)
            return
        self._next_player()

    def _pass_turn(self) -> None:
        s = self._s
        s.log.append(Passed(s.current))
        s.passes += 1
        if s.passes >= self._n:
            self._end_round(None)
            return
        self._finish_turn()

    def _next_player(self) -> None:
        s = self._s
        nxt = (s.current + 1) % self._n
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

    def _end_round(self, winner: int | None) -> None:
        s = self._s
        totals = tuple(sum(c.points for c in hand) for hand in s.hands)
        s.winner = winner
        s.points = sum(totals) - totals[winner] if winner is not None else 0
        s.phase = Phase.OVER
        s.bonuses_owed = 0
        s.drawn = None
        s.penalty_pending = False
        s.dos_exposed = [False] * self._n
        s.log.append(RoundEnded(winner, s.points, totals))

    # ------------------------------------------------------------------ cards moving

    def _reshuffle_next(self) -> bool:
        """True if the next card taken comes from the discards, shuffled into a new draw pile (R14)."""
        s = self._s
        return (not s.draw_pile and bool(s.discard_pile)
                and self.rules.empty_draw_pile is EmptyDrawPile.RESHUFFLE_DISCARDS)

    def _take_card(self) -> Card | None:
        """The top card of the draw pile, reshuffling the discards if allowed (R14)."""
        s = self._s
        if not s.draw_pile:
            if not self._reshuffle_next():
                return None
            if self._record is not None:
                self._record.reshuffling(s)
            s.reshuffles += 1
            pile = shuffled(s.discard_pile, random.Random(f"{self.seed}/reshuffle/{s.reshuffles}"))
            s.draw_pile, s.discard_pile = pile, []
            s.log.append(Reshuffled(len(pile)))
        card = s.draw_pile.pop()
        if self._record is not None:
            self._record.took(card)
        return card

    def _refill(self, *, initial: bool = False, log_always: bool = False) -> None:
        """E2: turn up cards until the row holds two (R2.3, R8 E2)."""
        s = self._s
        added: list[Card] = []
        while len(s.center_row) < 2:
            if added and not initial and self._reshuffle_next():
                # the cards turned up before the reshuffle are said first, in the order they happened (R14)
                s.log.append(Refilled(tuple(added), tuple(s.center_row)))
                added = []
            card = self._take_card()
            if card is None:
                break
            if card.is_wild and self.rules.reflip_wilds_in_initial_center and self._replacement_possible():
                s.discard_pile.append(card)
                s.log.append(Reflipped(card))
                continue
            s.center_row.append(card)
            s.center_row_values.append(None)
            added.append(card)
        if (added or log_always) and not initial:
            s.log.append(Refilled(tuple(added), tuple(s.center_row)))

    def _replacement_possible(self) -> bool:
        """True if a card that is not wild can still be turned up (R2.4: re-flip only then)."""
        s = self._s
        if any(not c.is_wild for c in s.draw_pile):
            return True
        return self.rules.empty_draw_pile is EmptyDrawPile.RESHUFFLE_DISCARDS and any(
            not c.is_wild for c in s.discard_pile)

    def _draw_penalty(self, player: int, *, deferred: bool) -> None:
        s = self._s
        cards = []
        for _ in range(self.rules.dos_penalty):
            card = self._take_card()
            if card is None:
                break
            cards.append(card)
        s.hands[player].extend(cards)
        s.log.append(PenaltyDrawn(player, tuple(cards), deferred))
        hand_changed(s, self.rules, player)

    # ------------------------------------------------------------------ helpers

    def _save(self) -> None:
        """Open the undo record of the action about to change the round; what was worked out
        for the state before it (the legal matches) no longer holds."""
        self._options.forget()
        if self._history is not None:
            self._record = UndoRecord(self._s)
            self._history.append(self._record)

    def _player(self, player: int) -> int:
        if not whole_number(player) or not 0 <= player < self._n:
            raise InvalidInput(f"player {player!r} does not exist; players are numbered 0 to {self._n - 1}")
        return player

    def _target_index(self, target: int | str | Card) -> int:
        s = self._s
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

    def _check_in_hand(self, cards: list[Card], player: int, rule: str) -> None:
        hand = self._s.hands[player]
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

    def _phase_refusal(self, action: str) -> str:
        s = self._s
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


def shuffled(cards: list[Card], rng: random.Random) -> list[Card]:
    """The cards in a random order drawn from ``rng``: sorted by independent random
    keys, a uniform shuffle that costs one C-level ``random()`` per card."""
    keys = [rng.random() for _ in cards]
    return [cards[i] for i in sorted(range(len(cards)), key=keys.__getitem__)]


def _check_players(players: Any) -> int:
    if not whole_number(players) or not 2 <= players <= 4:
        raise InvalidInput(f"DOS is for 2 to 4 players, not {players!r} (R1.6)")
    return players


