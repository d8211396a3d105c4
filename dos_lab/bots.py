"""Computer players. Each plays one complete legal turn for ``round.current``
with ``play_turn(round)``: it calls DOS as a careful player would, and catches
opponents who forgot, with a configurable reaction (a chance from 0 to 1).

* :class:`RandomBot` — uniform over the legal choices at every decision.
* :class:`GreedyBot` — sheds the most cards it can, values colour bonuses, keeps wilds unless they help.
* :class:`TacticianBot` — plans the whole turn: cards shed, bonuses, what the opponents must draw, and
  how flexible the cards it keeps are; places the cards it can spare most.

>>> from dos_lab.engine.round import Round
>>> r = Round.deal(players=2, seed=3, history=False)
>>> bots = [GreedyBot(), RandomBot(seed=1)]
>>> while not r.over:
...     bots[r.current].play_turn(r)
>>> r.winner, r.points
(1, 6)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache
from typing import Protocol, TypeVar, runtime_checkable

from dos_lab.engine.cards import Card, Kind, full_deck
from dos_lab.engine.matching import WILD_RANGE, Bonus, Match, parse_played, reachable_values, stands_for
from dos_lab.engine.round import Round
from dos_lab.engine.state import Phase
from dos_lab.errors import InvalidInput

G = TypeVar("G", int, float)

__all__ = ["BOTS", "Bot", "GreedyBot", "RandomBot", "TacticianBot", "make_bot", "play_round"]


@runtime_checkable
class Bot(Protocol):
    """Anything with a ``name`` and a ``play_turn(round)`` that plays one complete turn."""

    name: str

    def play_turn(self, round: Round) -> None:
        """Play one complete legal turn for ``round.current``."""


class _BaseBot:
    """The turn skeleton shared by every bot; subclasses make the choices."""

    name = "bot"

    def __init__(self, seed: int = 0, *, catch_reaction: float = 1.0, forget_dos: float = 0.0) -> None:
        for label, value in (("catch_reaction", catch_reaction), ("forget_dos", forget_dos)):
            if not 0.0 <= value <= 1.0:
                raise InvalidInput(f"{label}={value!r} must be a chance from 0 to 1")
        self.seed = seed
        self.catch_reaction = catch_reaction
        self.forget_dos = forget_dos
        self.rng = random.Random(seed)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"

    # --- the turn -----------------------------------------------------------------------------

    def play_turn(self, round: Round) -> None:
        """Catch forgetful opponents, then play one complete turn for ``round.current``,
        or finish the turn from wherever it stands (after some matches, a draw, or
        between bonus placements)."""
        r = round
        if r.over:
            return
        me = r.current
        self.catch_opponents(r, me)
        if r.phase is Phase.MATCHING:
            started = bool(r.matches_this_turn)  # matching began: no drawing now (R3.3)
            played = self._play(r, me, self.choose_matches(r))
            if played or started:
                if not played:
                    self._dos(r, me)  # the matches made before this bot took over may have left two cards
                r.end_turn()
            else:
                r.draw()
                self._dos(r, me)
        if r.phase is Phase.DREW and r.current == me:
            self._after_draw(r, me)
        while r.phase is Phase.BONUS and r.current == me:
            card = self.choose_bonus_card(r)
            if card is None:
                r.end_turn()
            else:
                r.place(card)
            self._dos(r, me)

    def _play(self, r: Round, me: int, plan: Iterable[Match]) -> bool:
        """Play the planned matches one by one (a generator may look at the round in between)."""
        played = False
        for m in plan:
            r.match(m.target, *m.cards, target_as=m.target_as)
            played = True
            self._dos(r, me)
        return played

    def _after_draw(self, r: Round, me: int) -> None:
        if self._play(r, me, self.choose_after_draw(r)):
            r.end_turn()
        elif r.can_place():
            r.place(self.choose_placement(r))
        else:
            r.end_turn()  # nothing was drawn (R14.2): pass
        self._dos(r, me)

    def _dos(self, r: Round, me: int) -> None:
        if r.hand_sizes[me] == 2 and not r.has_called_dos(me) and self.rng.random() >= self.forget_dos:
            r.call_dos(me)

    def catch_opponents(self, r: Round, me: int) -> None:
        """Call DOS on every exposed opponent, each with chance ``catch_reaction``."""
        for other in r.exposed_players:
            if other != me and self.rng.random() < self.catch_reaction:
                r.catch_dos(me, other)

    # --- the choices (override these) ---------------------------------------------------------

    def choose_matches(self, r: Round) -> Iterable[Match]:
        """The matches to play this turn (none: draw). May be a generator: the round
        is updated after each match it yields."""
        raise NotImplementedError

    def choose_after_draw(self, r: Round) -> Iterable[Match]:
        """The matches to play after drawing (none: place a card)."""
        raise NotImplementedError

    def choose_placement(self, r: Round) -> Card:
        """The card to place after drawing without a match (R7.3)."""
        raise NotImplementedError

    def choose_bonus_card(self, r: Round) -> Card | None:
        """The next bonus card to place, or None to decline (only under ``bonus_placement="optional"``)."""
        return self.choose_placement(r)


class RandomBot(_BaseBot):
    """Uniform over the legal choices at every decision: each listed match, drawing,
    ending the turn, placing, and which card to place."""

    name = "random"

    def choose_matches(self, r: Round) -> Iterator[Match]:
        # one decision at a time, each uniform over "every listed match, or stop"
        # (stopping before the first match means drawing)
        while True:
            options = r.legal_matches()
            pick = int(self.rng.random() * (len(options) + 1))
            if pick == len(options):
                return
            yield options[pick]

    def choose_after_draw(self, r: Round) -> Iterator[Match]:
        return self.choose_matches(r)

    def choose_placement(self, r: Round) -> Card:
        return self.rng.choice(list(dict.fromkeys(r.hand(r.current))))  # each distinct card once

    def choose_bonus_card(self, r: Round) -> Card | None:
        return self.choose_placement(r)


@lru_cache(maxsize=4096)
def _cards_of_codes(codes: tuple[str, ...]) -> tuple[Card, ...]:
    return tuple(parse_played(code).card for code in codes)


class _Plans(Protocol[G]):
    """How a bot weighs a plan (a set of matches): each match has a ``gain`` (a number, or facts packed
    into one), a plan's gain is the sum of its matches' gains, and what the plan is worth follows from it."""

    #: the gain of the empty plan
    nothing: G
    #: True if the worth is the gain itself (a float), which lets the search skip branches that cannot win
    additive: bool

    def gain(self, m: Match) -> G: ...

    def worth(self, total: G) -> float: ...


def _best_set(options: Sequence[Match], hand: Sequence[Card], plans: _Plans[G], *, limit: int = 4000) -> list[Match]:
    """The set of matches on distinct row cards, with disjoint hand cards, that is worth most
    (of plans worth the same, the first found). A depth-first search over the row cards, at most ``limit``
    steps; with additive gains it skips branches that cannot add enough to beat the best so far."""
    if not options:
        return []
    gain = plans.gain
    by_target: dict[int, list[tuple[Match, tuple[Card, ...], G]]] = {}
    for m in options:
        by_target.setdefault(m.target, []).append((m, _cards_of_codes(m.cards), gain(m)))
    groups = [by_target[t] for t in sorted(by_target)]
    last = len(groups)
    have: dict[Card, int] = {}
    for card in hand:
        have[card] = have.get(card, 0) + 1
    chosen: list[Match] = []
    nothing = plans.nothing
    worth, additive = plans.worth, plans.additive
    best_value = worth(nothing)
    best: list[Match] = []
    budget = limit
    # with additive gains, the most the row cards from i on can still add (to prune the search)
    still = [0.0] * (last + 1)
    if additive:
        for i in range(last - 1, -1, -1):
            still[i] = still[i + 1] + max(0.0, max(w for _, _, w in groups[i]))

    def search(i: int, running: G) -> None:
        nonlocal best_value, best, budget
        budget -= 1
        if additive and running + still[i] <= best_value:
            return
        if i == last or budget <= 0:
            value = running if additive else worth(running)
            if value > best_value:
                best_value, best = value, list(chosen)
            return
        for m, cards, w in groups[i]:
            first = cards[0]
            if len(cards) == 1:
                if have[first] <= 0:
                    continue
                have[first] -= 1
                chosen.append(m)
                search(i + 1, running + w)
                chosen.pop()
                have[first] += 1
            else:
                second = cards[1]
                if have[first] <= (second is first) or have[second] <= 0:
                    continue
                have[first] -= 1
                have[second] -= 1
                chosen.append(m)
                search(i + 1, running + w)
                chosen.pop()
                have[first] += 1
                have[second] += 1
        search(i + 1, running)

    search(0, nothing)
    return best


@lru_cache(maxsize=4096)
def _greedy_weight(codes: tuple[str, ...], bonus: Bonus | None, opponents: int, wild_cost: float) -> float:
    """GreedyBot's value of one match (the same few matches recur all the time)."""
    value = float(len(codes))
    if bonus is not None:
        value += 1
    if bonus is Bonus.DOUBLE_COLOUR:
        value += 0.5 * opponents
    return value - wild_cost * sum(1 for c in _cards_of_codes(codes) if c.is_wild)


class _GreedyPlans:
    """GreedyBot's plans: the worth is the sum of the matches' weights."""

    nothing = 0.0
    additive = True

    def __init__(self, opponents: int, wild_cost: float) -> None:
        self.opponents, self.wild_cost = opponents, wild_cost

    def gain(self, m: Match) -> float:
        return _greedy_weight(m.cards, m.bonus, self.opponents, self.wild_cost)

    def worth(self, total: float) -> float:
        return total


class GreedyBot(_BaseBot):
    """Sheds as many cards as it can: each card played counts 1, each bonus
    placement 1 more, each card the opponents must draw ½; using a wild card
    costs a little, so wilds are kept unless they let it shed more."""

    name = "greedy"
    wild_cost = 0.3

    def choose_matches(self, r: Round) -> list[Match]:
        return _best_set(r.legal_matches(), r.hand(r.current), _GreedyPlans(r.players - 1, self.wild_cost))

    def choose_after_draw(self, r: Round) -> list[Match]:
        return self.choose_matches(r)

    def choose_placement(self, r: Round) -> Card:
        """The highest-scoring number card (to cut the points it could lose); wilds last."""
        hand = r.hand(r.current)
        return max(hand, key=lambda c: (not c.is_wild, c.points, -c.order))


def flexibility(hand: Sequence[Card]) -> int:
    """How many of the values 1–10 the hand can make with one card or two (a rough
    measure of how easy the hand is to play next turn).

    >>> from dos_lab.engine.cards import parse_cards
    >>> flexibility(parse_cards("R3 B4")), flexibility(parse_cards("R#"))
    (3, 10)
    """
    return len(reachable_values(hand))  # what each card stands for: matching.stands_for (issue 10)


# --- flexibility as a number: TacticianBot asks it for every plan it weighs ------------------------------------
# Which values a hand reaches depends only on how many cards of each value it holds (a Wild DOS is a 2,
# a Wild # any value). A hand is summed up as one integer key holding those counts, 7 bits per value
# (more than the 108 cards need), so the hand left after a plan is its key minus the plan's cards' keys.

_KEY_BITS = 7
#: the key of one card of each type (indexed by ``Card.order``); slot 0 counts the Wild # cards
_KEY_UNIT: tuple[int, ...] = tuple(
    1 << _KEY_BITS * (0 if len(stands_for(c).values) > 1 else stands_for(c).values[0])
    for c in sorted(set(full_deck()), key=lambda c: c.order))


def _hand_key(cards: Iterable[Card]) -> int:
    """The counts of each value among ``cards``, as one integer (see ``_KEY_UNIT``)."""
    return sum(_KEY_UNIT[c.order] for c in cards)


@lru_cache(maxsize=1 << 16)
def _key_flexibility(key: int) -> int:
    """:func:`flexibility` of any hand with this key.

    >>> from dos_lab.engine.cards import parse_cards
    >>> all(_key_flexibility(_hand_key(parse_cards(h))) == flexibility(parse_cards(h)) for h in ("R3 B4", "R#", "W W"))
    True
    """
    mask = (1 << _KEY_BITS) - 1
    counts = [key >> _KEY_BITS * v & mask for v in range(11)]
    if counts[0]:
        return len(WILD_RANGE)  # a Wild # alone makes every value
    held = [v for v in WILD_RANGE if counts[v]]
    reach = set(held)
    for i, a in enumerate(held):
        reach.update(a + b for b in held[i if counts[a] > 1 else i + 1:] if a + b <= 10)
    return len(reach)


# A plan's facts, summed over its matches, packed into one integer so that the search adds them with one
# addition: the key of the cards used (the low bits), then how many cards, bonuses, double colour
# matches, Wild # cards, Wild DOS cards, and their points. Each field is wide enough for a whole deck.
_FACT_BITS = 11 * _KEY_BITS
_FACT_WIDTH = 12


def _pack(spent: int, *counts: int) -> int:
    facts = spent
    for field, count in enumerate(counts):
        facts |= count << (_FACT_BITS + field * _FACT_WIDTH)
    return facts


def _unpack(facts: int) -> tuple[int, int, int, int, int, int, int]:
    """``(cards, bonuses, double colour matches, Wild # cards, Wild DOS cards, points, key of the cards)``."""
    low = (1 << _FACT_WIDTH) - 1
    counts = facts >> _FACT_BITS
    return (counts & low, counts >> _FACT_WIDTH & low, counts >> 2 * _FACT_WIDTH & low,
            counts >> 3 * _FACT_WIDTH & low, counts >> 4 * _FACT_WIDTH & low, counts >> 5 * _FACT_WIDTH,
            facts & ((1 << _FACT_BITS) - 1))


@lru_cache(maxsize=4096)
def _match_facts(codes: tuple[str, ...], bonus: Bonus | None) -> int:
    """What TacticianBot counts of one match, packed (see ``_pack``)."""
    cards = _cards_of_codes(codes)
    return _pack(_hand_key(cards), len(cards), bonus is not None, bonus is Bonus.DOUBLE_COLOUR,
                 sum(c.kind is Kind.WILD_NUMBER for c in cards), sum(c.kind is Kind.WILD_DOS for c in cards),
                 sum(c.points for c in cards))


def _repeated(cost: float, most: int = len(full_deck())) -> tuple[float, ...]:
    """``cost`` summed k times, for every k: the same floating-point sums as adding it card by card."""
    return tuple(sum(cost for _ in range(k)) for k in range(most + 1))


#: what TacticianBot charges for the wild cards a plan uses (summed card by card, as it always was)
_REPEATED_WILD_NUMBER_COST = _repeated(0.8)
_REPEATED_WILD_DOS_COST = _repeated(0.4)


class _TacticianPlans:
    """TacticianBot's plans: the gain is the plan's facts packed into one integer (see ``_pack``)."""

    nothing = 0
    additive = False

    def __init__(self, hand: Sequence[Card], opponents: int, danger: int) -> None:
        self.size, self.key = len(hand), _hand_key(hand)
        self.opponents, self.danger = opponents, danger
        #: the worth of each sum of facts met so far (many plans sum to the same facts)
        self.known: dict[int, float] = {}

    def gain(self, m: Match) -> int:
        return _match_facts(m.cards, m.bonus)

    def worth(self, total: int) -> float:
        value = self.known.get(total)
        if value is None:
            value = self.known[total] = self._worth(total)
        return value

    def _worth(self, facts: int) -> float:
        used, bonuses, dcm, wild_numbers, wild_dos, points, spent = _unpack(facts)
        after = max(0, self.size - used - bonuses)
        if after == 0:
            return 1000.0 + dcm  # going out beats everything
        total = 3.0 * (self.size - after)
        total += dcm * self.opponents * (2.5 if self.danger <= 3 else 1.5)
        total += 0.15 * _key_flexibility(self.key - spent)
        total -= _REPEATED_WILD_NUMBER_COST[wild_numbers]
        total -= _REPEATED_WILD_DOS_COST[wild_dos]
        if self.danger <= 2:  # an opponent may go out soon: shed points
            total += 0.02 * points
        return total


class TacticianBot(GreedyBot):
    """Plans the whole turn. Besides the cards shed and bonuses, it weighs the
    opponents' forced draws more when they are close to going out, keeps the
    hand it leaves flexible (many values reachable), saves its wild cards for
    when they finish the round, and places the card it can spare most."""

    name = "tactician"

    def choose_matches(self, r: Round) -> list[Match]:
        me = r.current
        hand = r.hand(me)
        danger = min(n for p, n in enumerate(r.hand_sizes) if p != me)
        return _best_set(r.legal_matches(), hand, _TacticianPlans(hand, r.players - 1, danger))

    def choose_placement(self, r: Round) -> Card:
        """The card whose loss keeps the rest most flexible; ties go to the higher points, wilds kept."""
        hand = r.hand(r.current)
        key = _hand_key(hand)

        def spare(card: Card) -> tuple[bool, int, int, int]:
            rest = key - _KEY_UNIT[card.order]  # the hand without this card
            return (not card.is_wild, _key_flexibility(rest), card.points, -card.order)

        return max(set(hand), key=spare)


BOTS: dict[str, type[_BaseBot]] = {"random": RandomBot, "greedy": GreedyBot, "tactician": TacticianBot}


def make_bot(kind: str, seed: int = 0, **options: float) -> _BaseBot:
    """A bot by name: ``"random"``, ``"greedy"`` or ``"tactician"``.

    >>> make_bot("greedy").name
    'greedy'
    """
    try:
        return BOTS[kind](seed, **options)
    except KeyError:
        raise InvalidInput(f"unknown bot {kind!r}; choose one of {', '.join(BOTS)}") from None


def play_round(r: Round, bots: Sequence[Bot], max_turns: int = 2000) -> bool:
    """Let the bots play ``r`` to the end; False if it hit the ``max_turns`` safety cap
    (counted as an unfinished round)."""
    if len(bots) != r.players:
        raise InvalidInput(f"give one bot per player: {r.players} players, {len(bots)} bots")
    while not r.over:
        if r.turn > max_turns:
            return False
        bots[r.current].play_turn(r)
    return True
