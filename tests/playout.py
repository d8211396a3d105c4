"""A random action driver for property tests: legal moves mixed with garbage."""

from __future__ import annotations

import random
from collections import Counter

from dos_lab import DosError, Round, RuleSet, full_deck
from dos_lab.rules import (
    AfterDraw,
    BonusPlacement,
    CatchWindow,
    DosCheckpoints,
    EmptyDrawPile,
    PenaltyVsGoingOut,
    WildNumberInCenter,
)

OPTION_VALUES: dict[str, list[object]] = {
    "after_draw_matching": list(AfterDraw),
    "bonus_placement": list(BonusPlacement),
    "wild_number_in_center": list(WildNumberInCenter),
    "dos_checkpoints": list(DosCheckpoints),
    "dos_catch_window": list(CatchWindow),
    "penalty_vs_going_out": list(PenaltyVsGoingOut),
    "empty_draw_pile": list(EmptyDrawPile),
    "reflip_wilds_in_initial_center": [False, True],
}
DECK = Counter(full_deck())
GARBAGE = ["R2", "Z9", "", "W=Q", "R#=0", "R#=11", "B7=3", "R7 B3", "#", "W=2"]


def all_cards(r: Round) -> Counter:
    cards = [c for h in r.hands for c in h] + r.center_row + r.draw_pile + r.discard_pile
    for index in range(len(r.center_row)):
        cards += r.played_on(index)
    return Counter(cards)


def random_action(r: Round, rng: random.Random) -> None:
    """One random action: legal most of the time, refused some of the time. May raise DosError."""
    hand = r.hands[r.current]
    choice = rng.random()
    if choice < 0.35:
        options = r.legal_matches()
        if options:
            m = rng.choice(options)
            r.match(m.target, *m.cards, target_as=m.target_as)
            return
    if choice < 0.45 and hand:
        cards = rng.sample(hand, min(len(hand), rng.choice([1, 2, 2, 3])))
        target = rng.randrange(-1, len(r.center_row) + 1)
        r.match(target, *cards)
        return
    if choice < 0.6:
        r.draw()
        return
    if choice < 0.75 and hand:
        r.place(rng.choice(hand))
        return
    if choice < 0.85:
        r.end_turn()
        return
    if choice < 0.9:
        r.call_dos(rng.randrange(r.players))
        return
    if choice < 0.95:
        r.catch_dos(rng.randrange(r.players), rng.randrange(r.players))
        return
    action = rng.choice(["match", "place", "target"])
    if action == "match":
        r.match(0, rng.choice(GARBAGE))
    elif action == "place":
        r.place(rng.choice(GARBAGE))
    else:
        r.match(rng.choice([99, -5, "Q3"]), "R7")  # type: ignore[arg-type]


def random_rules(rng: random.Random) -> RuleSet:
    return RuleSet(**{name: rng.choice(values) for name, values in OPTION_VALUES.items()})


def step(r: Round, rng: random.Random) -> bool:
    """Try one random action; on refusal check nothing changed. True if it was accepted."""
    before = r.to_dict()
    try:
        random_action(r, rng)
    except DosError:
        assert r.to_dict() == before, "a refused action changed the round"
        return False
    return True
