"""A whole game: the draw for first dealer, rounds, dealer rotation and scores
to the target (RULES.md R2.1, R2.6, R13).

>>> game = Game(players=3, seed=1)
>>> game.dealer, game.round.current == (game.dealer + 1) % 3, game.scores
(0, True, [0, 0, 0])

A staged round inside a game, one match from winning (S50):

>>> g = Game.from_position(scores=[180, 120], dealer=1, hands=["R7", "R9 B#"], center_row="B7 Y5",
...                        draw_pile="G4 Y8")
>>> g.round.match(0, "R7"); g.round.end_turn()
Match(target=0, cards=('R7',), target_as=None, bonus=None)
>>> g.scores, g.over, g.winner
([229, 120], True, 0)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from dos_lab.engine import save
from dos_lab.engine.cards import Card, full_deck
from dos_lab.engine.events import player_name
from dos_lab.engine.round import Round
from dos_lab.engine.rules import DealerRotation, RuleSet
from dos_lab.errors import IllegalMove, InvalidInput, check_seed, whole_number
from dos_lab.i18n import gettext, ngettext

__all__ = ["BLOCKED_ROUNDS", "Game", "choose_first_dealer", "draw_for_dealer"]

GAME_FORMAT = "dos_lab.game/1"
#: the fields of a saved game
_GAME_FIELDS = ("format", "seed", "dealer", "round_number", "scores", "results", "round")
#: a game also ends when this many rounds in a row have ended with nobody going out (R14.2): under rules where
#: nobody can go out (very large hands, no reshuffle) it would otherwise never end. The lab's choice: no rule
#: book covers it.
BLOCKED_ROUNDS = 3


def _ends_blocked(winners: Sequence[int | None]) -> bool:
    """Do the rounds' winners, oldest first, end with :data:`BLOCKED_ROUNDS` rounds that nobody won?"""
    return len(winners) >= BLOCKED_ROUNDS and all(w is None for w in winners[-BLOCKED_ROUNDS:])


def choose_first_dealer(draws: Sequence[Sequence[tuple[int, Card]]]) -> int | None:
    """Who deals first, from the draws for dealer (R2.1): the highest number
    deals, wilds count 0, and on a tie only the tied players draw again.
    ``draws`` lists the draw rounds, each a list of ``(player, card)``. Returns
    ``None`` if the draws given still end in a tie.

    S52: P1 R#, P2 W, P3 B3, P4 G3 tie at 3; P3 Y8 and P4 R10 redraw; P4 deals.

    >>> from dos_lab.engine.cards import parse_cards as cards
    >>> first = list(zip(range(4), cards("R# W B3 G3")))
    >>> choose_first_dealer([first]) is None, choose_first_dealer([first, list(zip((2, 3), cards("Y8 R10")))])
    (True, 3)
    """
    contenders: set[int] | None = None
    for number, draw in enumerate(draws, 1):
        values = {player: card.dealer_value for player, card in draw}
        if len(values) != len(draw) or not values:
            raise InvalidInput(f"draw {number} must give each drawing player exactly one card (R2.1)")
        if contenders is not None and set(values) != contenders:
            raise InvalidInput(f"in draw {number} only the tied players {sorted(contenders)} draw again (R2.1)")
        best = max(values.values())
        top = {player for player, value in values.items() if value == best}
        if len(top) == 1:
            return top.pop()
        contenders = top
    return None


def draw_for_dealer(players: int, rng: random.Random) -> tuple[int, list[list[tuple[int, Card]]]]:
    """Shuffle, let each player draw one card, redraw ties (R2.1); returns the dealer and the draws."""
    deck = full_deck()
    rng.shuffle(deck)
    draws: list[list[tuple[int, Card]]] = []
    drawing = list(range(players))
    while True:
        if len(deck) < len(drawing):  # practically never: only wilds drawn again and again
            deck = full_deck()
            rng.shuffle(deck)
        draws.append([(player, deck.pop()) for player in drawing])
        dealer = choose_first_dealer(draws)
        if dealer is not None:
            return dealer, draws
        best = max(card.dealer_value for _, card in draws[-1])
        drawing = [player for player, card in draws[-1] if card.dealer_value == best]


def _bad(message: str) -> InvalidInput:
    return save.corrupt("game", message)


#: a finished round's result: [winner or null, points]; the points are checked against the winner below
_RESULT = save.Field("a [winner, points] pair of whole numbers (the winner null if nobody won)",
                     lambda v: isinstance(v, list) and len(v) == 2 and (v[0] is None or save.SEED.test(v[0]))
                     and save.SEED.test(v[1]), tuple, list)
_RESULTS = save.list_of(_RESULT, expect="a list of [winner, points] pairs, one for each round before this one")
_ROUND_NUMBER = save.whole(1)


def _checked_game(data: dict[str, Any], rnd: Round) -> dict[str, Any]:
    """The fields of a saved game, checked against each other and its round."""
    players, target = rnd.players, rnd.rules.target_score
    scores = save.list_of(save.COUNT, length=players, expect="one whole number of 0 or more per player").read(
        data["scores"], "scores", "game")
    dealer = save.whole(0, players - 1, expect=f"a player from 0 to {players - 1}").read(data["dealer"], "dealer",
                                                                                         "game")
    number = _ROUND_NUMBER.read(data["round_number"], "round_number", "game")
    seed = save.SEED.read(data["seed"], "seed", "game")
    results = _RESULTS.read(data["results"], "results", "game")
    if rnd.dealer is not None and rnd.dealer != dealer:
        raise _bad(f"the game's dealer is {player_name(dealer)}, but the round was dealt by "
                   f"{player_name(rnd.dealer)} (R2.6)")
    if len(results) != number - 1:
        raise _bad(f"round {number} has {len(results)} earlier result(s), not {number - 1}")
    won = [0] * players
    for winner, points in results:
        if winner is None:
            if points != 0:
                raise _bad(f"a round without a winner scores nothing, not {points} (R14.2)")
            continue
        if not 0 <= winner < players or points < 0:
            raise _bad(f"result [{winner}, {points}] needs a player 0 to {players - 1} and points of 0 or more")
        won[winner] += points
    if any(w > s for w, s in zip(won, scores, strict=True)):
        raise _bad(f"the totals {scores} are less than the rounds won {won} (R13.3)")
    if any(v >= target for v in scores):
        raise _bad(f"a total in {scores} reached {target} before this round, so the game was over (R13.3)")
    if _ends_blocked([r[0] for r in results]):
        raise _bad(f"the last {BLOCKED_ROUNDS} rounds before this one ended with nobody going out, so the game was "
                   "over (R14.2)")
    return {"rules": rnd.rules, "seed": seed, "history": True, "dealer": dealer, "dealer_draws": [],
            "round_number": number, "banked": scores, "results": results, "round": rnd}


def _round_seed(seed: int, number: int) -> int:
    return random.Random(f"{seed}/round/{number}").getrandbits(62)


class Game:
    """Rounds of DOS until a player's total reaches ``rules.target_score`` (200).

    ``Game(players, seed, rules)`` draws for the first dealer and deals round 1;
    when ``game.round`` is over, ``game.next_round()`` deals the next one.
    """

    def __init__(self, players: int = 2, seed: int = 0, rules: RuleSet | None = None, *,
                 history: bool = True) -> None:
        check_seed(seed)
        if not whole_number(players) or not 2 <= players <= 4:
            raise InvalidInput(f"DOS is for 2 to 4 players, not {players!r} (R1.6)")
        rules = rules if rules is not None else RuleSet()
        dealer, draws = draw_for_dealer(players, random.Random(f"{seed}/first-dealer"))
        self._set(rules=rules, seed=seed, history=history, dealer=dealer, dealer_draws=draws, round_number=1,
                  banked=[0] * players, results=[],
                  round=Round.deal(players, _round_seed(seed, 1), dealer, rules, history=history))

    def _set(self, *, rules: RuleSet, seed: int, history: bool, dealer: int,
             dealer_draws: list[list[tuple[int, Card]]], round_number: int, banked: list[int],
             results: list[tuple[int | None, int]], round: Round) -> None:
        """The one place a game's fields are set (``__init__``, :meth:`from_position`, :meth:`from_dict`)."""
        self.rules = rules
        self.seed = seed
        self._history = history
        self.dealer = dealer
        #: the draws for the first dealer (R2.1): one list of (player, card) per draw round
        self.dealer_draws = dealer_draws
        self.round_number = round_number
        #: each player's total before the current round
        self._banked = banked
        #: (winner, points) of every finished round before the current one
        self.results = results
        self.round = round

    @classmethod
    def _assemble(cls, **fields: Any) -> Game:
        game = cls.__new__(cls)
        game._set(**fields)
        return game

    @classmethod
    def from_position(cls, scores: Sequence[int], dealer: int | None = None, **round_position: Any) -> Game:
        """A game resumed from a staged round with the given totals before it.
        ``round_position`` takes the arguments of :meth:`Round.from_position`;
        ``current`` defaults to the player left of ``dealer``. Totals must be below
        the target: a game whose total reached it is over (R13.3)."""
        rules = round_position.get("rules") or RuleSet()
        hands = round_position.get("hands")
        if not isinstance(scores, Sequence) or isinstance(scores, str) or not all(
                whole_number(v) and v >= 0 for v in scores):
            raise InvalidInput(f"scores={scores!r} must be a list of whole numbers, one per player")
        if not isinstance(hands, Sequence) or len(hands) != len(scores):
            raise InvalidInput("give one score per hand")
        if isinstance(rules, RuleSet) and any(v >= rules.target_score for v in scores):
            raise InvalidInput(f"scores={list(scores)!r}: a total of {rules.target_score} or more ends the game, "
                               "so no round is played after it (R13.3)")
        if dealer is not None and "current" not in round_position:
            if not whole_number(dealer) or not 0 <= dealer < len(scores):
                raise InvalidInput(f"dealer={dealer!r} must be a player number")
            round_position["current"] = (dealer + 1) % len(scores)
        round_position["rules"] = rules
        round_position.setdefault("seed", 0)
        rnd = Round.from_position(dealer=dealer, **round_position)
        return cls._assemble(rules=rnd.rules, seed=rnd.seed, history=round_position.get("history", True),
                             dealer=dealer if dealer is not None else (rnd.current - 1) % len(scores),
                             dealer_draws=[], round_number=1, banked=list(scores), results=[], round=rnd)

    @property
    def players(self) -> int:
        """How many players."""
        return len(self._banked)

    @property
    def scores(self) -> list[int]:
        """Each player's total, including the current round's points once it is over."""
        totals = list(self._banked)
        if self.round.over and self.round.winner is not None:
            totals[self.round.winner] += self.round.points
        return totals

    @property
    def over(self) -> bool:
        """True once a total reaches the target score (R13.3), or once :data:`BLOCKED_ROUNDS` rounds in a row have
        ended with nobody going out (R14.2)."""
        return any(score >= self.rules.target_score for score in self.scores) or self.blocked

    @property
    def blocked(self) -> bool:
        """True when the game ended because :data:`BLOCKED_ROUNDS` rounds in a row ended with nobody going out
        (R14.2): then the player with the most points wins, and nobody if the highest totals are tied.

        >>> g = Game.from_position(scores=[30, 12], hands=["R7 B3", "Y5 G4"], center_row="G1 B1", draw_pile="")
        >>> g.results = [(0, 30), (None, 0), (None, 0)]
        >>> g.round.draw(); g.round.draw()  # both piles are empty: each player passes
        >>> g.round.winner, g.blocked, g.over, g.winner
        (None, True, True, 0)
        """
        finished = [winner for winner, _ in self.results]
        return _ends_blocked([*finished, self.round.winner] if self.round.over else finished)

    @property
    def winner(self) -> int | None:
        """The player who reached the target first (only one can, R13.4); in a :attr:`blocked` game, the one with
        the most points (None if the highest totals are tied)."""
        scores = self.scores
        reached = next((p for p, score in enumerate(scores) if score >= self.rules.target_score), None)
        if reached is not None or not self.blocked:
            return reached
        best = max(scores)
        return scores.index(best) if scores.count(best) == 1 else None

    def next_round(self) -> Round:
        """Deal the next round with the next dealer (R2.6, R13.5)."""
        if not self.round.over:
            raise IllegalMove(gettext("round {number} is still being played; it ends when a player has no cards "
                                      "(R12.1)").format(number=self.round_number))
        if self.blocked:
            raise IllegalMove(ngettext("the game is over: {count} round in a row ended with nobody going out (R14.2)",
                                       "the game is over: {count} rounds in a row ended with nobody going out (R14.2)",
                                       BLOCKED_ROUNDS).format(count=BLOCKED_ROUNDS))
        if self.over:
            raise IllegalMove(gettext("the game is over: {player} reached {target} (R13.3)").format(
                player=player_name(self.winner or 0), target=self.rules.target_score))
        winner = self.round.winner
        self._banked = self.scores
        self.results.append((winner, self.round.points))
        if self.rules.dealer_rotation is DealerRotation.WINNER_DEALS and winner is not None:
            self.dealer = winner
        else:
            self.dealer = (self.dealer + 1) % self.players
        self.round_number += 1
        self.round = Round.deal(self.players, _round_seed(self.seed, self.round_number), self.dealer, self.rules,
                                history=self._history)
        return self.round

    def to_dict(self) -> dict[str, Any]:
        """The game as JSON-ready data, the current round included."""
        return {"format": GAME_FORMAT, "seed": self.seed, "dealer": self.dealer, "round_number": self.round_number,
                "scores": list(self._banked), "results": _RESULTS.write(self.results), "round": self.round.to_dict()}

    @classmethod
    def from_dict(cls, data: Any) -> Game:
        """Rebuild a saved game; a corrupt save raises :class:`InvalidInput`.

        >>> g = Game(players=2, seed=4)
        >>> Game.from_dict(g.to_dict()).to_dict() == g.to_dict()
        True
        >>> data = g.to_dict(); data["results"] = [[7, 30]]
        >>> Game.from_dict(data)
        Traceback (most recent call last):
        ...
        dos_lab.errors.InvalidInput: corrupt saved game: round 1 has 1 earlier result(s), not 0
        """
        save.check_keys(data, "game", _GAME_FIELDS)
        save.check_format(data, "game", GAME_FORMAT)
        rnd = Round.from_dict(data["round"])
        try:
            return cls._assemble(**_checked_game(data, rnd))
        except RecursionError:
            raise InvalidInput("corrupt saved game: it holds objects nested too deeply") from None

    def __str__(self) -> str:
        from dos_lab.render import game_text

        return game_text(self)

    def __repr__(self) -> str:
        return f"<Game {self.players} players, round {self.round_number}, scores {self.scores}>"

    def _repr_html_(self) -> str:
        from dos_lab.render import game_html

        return game_html(self)
