"""Hypothesis properties of the engine (DESIGN.md §7)."""

from __future__ import annotations

import itertools
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dos_lab import Card, Color, DosError, Kind, Round, full_deck
from dos_lab.matching import Played, legal_matches_for, resolve

from playout import DECK, all_cards, random_rules, step

FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(seed=st.integers(0, 2**31), rules_seed=st.integers(0, 2**31), players=st.integers(2, 4))
def test_cards_are_conserved_and_refusals_change_nothing(seed: int, rules_seed: int, players: int) -> None:
    rng = random.Random(seed)
    r = Round.deal(players, seed=seed, dealer=seed % players, rules=random_rules(random.Random(rules_seed)))
    for _ in range(250):
        if r.over:
            break
        step(r, rng)
        assert all_cards(r) == DECK


@FAST
@given(seed=st.integers(0, 2**31), rules_seed=st.integers(0, 2**31))
def test_save_and_load_round_trip_at_any_moment(seed: int, rules_seed: int) -> None:
    rng = random.Random(seed)
    r = Round.deal(3, seed=seed, rules=random_rules(random.Random(rules_seed)))
    for _ in range(rng.randrange(1, 120)):
        if r.over:
            break
        step(r, rng)
    data = r.to_dict()
    again = Round.from_dict(data)
    assert again.to_dict() == data
    assert again.legal_matches() == r.legal_matches()


@FAST
@given(seed=st.integers(0, 2**31))
def test_undo_restores_the_previous_state(seed: int) -> None:
    rng = random.Random(seed)
    r = Round.deal(2, seed=seed)
    for _ in range(60):
        if r.over:
            break
        before = r.to_dict()
        if step(r, rng) and r.to_dict() != before:
            r.undo()
            assert r.to_dict() == before
            step(r, rng)


@FAST
@given(seed=st.integers(0, 2**31), rules_seed=st.integers(0, 2**31))
def test_seeded_playouts_are_reproducible(seed: int, rules_seed: int) -> None:
    def play() -> dict[str, object]:
        rng = random.Random(seed)
        r = Round.deal(2, seed=seed, rules=random_rules(random.Random(rules_seed)))
        for _ in range(150):
            if r.over:
                break
            step(r, rng)
        return r.to_dict()

    assert play() == play()


# ----------------------------------------------------------------- listed == accepted

hands_and_rows = st.permutations(full_deck()).flatmap(
    lambda deck: st.tuples(st.integers(0, 9), st.integers(1, 5)).map(
        lambda sizes: (deck[: sizes[0]], deck[sizes[0]: sizes[0] + sizes[1]])))


def _options(card: Card) -> list[tuple[int, Color]]:
    """Every (value, colour) a card can stand for, by brute force from R4.5, R9, R10."""
    values = [card.number] if card.kind is Kind.NUMBER else [2] if card.kind is Kind.WILD_DOS else range(1, 11)
    colors = [card.color] if card.color is not None else list(Color)
    return [(v, c) for v in values for c in colors]  # type: ignore[misc]


def _brute(target: Card, cards: tuple[Card, ...]) -> str | None:
    """'none' / 'bonus' if some declaration makes the match legal (with a bonus), None if illegal."""
    best = None
    for t_value, t_color in _options(target):
        for combo in itertools.product(*(_options(c) for c in cards)):
            if sum(v for v, _ in combo) == t_value:
                if all(c == t_color for _, c in combo):
                    return "bonus"
                best = "none"
    return best


@settings(max_examples=150, deadline=None)
@given(hands_and_rows)
def test_listed_matches_are_exactly_the_legal_ones(position: tuple[list[Card], list[Card]]) -> None:
    hand, row = position
    listed = {(m.target, tuple(sorted(c.split("=")[0] for c in m.cards))): m
              for m in legal_matches_for(hand, row)}
    assert len(listed) == len(legal_matches_for(hand, row)), "a choice is listed twice"
    expected = {}
    kinds = sorted(set(hand), key=hand.index)
    choices = [(c,) for c in kinds] + [
        (a, b) for a, b in itertools.combinations_with_replacement(kinds, 2) if a is not b or hand.count(a) > 1]
    for index, target in enumerate(row):
        for cards in choices:
            verdict = _brute(target, cards)
            if verdict is not None:
                expected[(index, tuple(sorted(c.code for c in cards)))] = verdict
    assert set(listed) == set(expected)
    for key, m in listed.items():
        assert (m.bonus is not None) == (expected[key] == "bonus"), m


@settings(max_examples=150, deadline=None)
@given(hands_and_rows, st.data())
def test_every_listed_match_is_accepted_and_every_accepted_match_is_listed(
        position: tuple[list[Card], list[Card]], data: st.DataObject) -> None:
    hand, row = position
    rest = [c for c in full_deck()]
    for c in hand + row:
        rest.remove(c)
    r = Round.from_position(hands=[hand, rest[:3]], center_row=row, draw_pile=rest[3:10])
    listed = r.legal_matches()
    for m in listed:
        trial = r.copy()
        trial.match(m.target, *m.cards, target_as=m.target_as)
    keys = {(m.target, tuple(sorted(c.split("=")[0] for c in m.cards))) for m in listed}
    if hand:
        cards = data.draw(st.lists(st.sampled_from(hand), min_size=1, max_size=2))
        target = data.draw(st.integers(0, len(row) - 1))
        trial = r.copy()
        try:
            trial.match(target, *cards)
        except DosError:
            return
        assert (target, tuple(sorted(c.code for c in cards))) in keys


def test_resolve_prefers_a_bonus_when_one_exists() -> None:
    # W on a W target: any colour works, so the bonus must be taken
    m = resolve(Card.parse("W"), [Played(Card.parse("B1")), Played(Card.parse("B1"))])
    assert m.bonus == "double_colour" and m.target_as is Color.BLUE


def test_every_combination_of_rule_options_plays_to_the_end() -> None:
    """768 combinations of the §3 options; one bot round each, cards conserved turn by turn."""
    import itertools

    from dos_lab import RuleSet
    from dos_lab.bots import GreedyBot, RandomBot

    from playout import OPTION_VALUES

    names = list(OPTION_VALUES)
    for number, values in enumerate(itertools.product(*OPTION_VALUES.values())):
        rules = RuleSet(**dict(zip(names, values, strict=True)))
        r = Round.deal(2 + number % 3, seed=number, rules=rules, history=False)
        bots = [RandomBot(number, forget_dos=0.5, catch_reaction=0.5), GreedyBot(number, forget_dos=0.3),
                RandomBot(number + 1), GreedyBot(number + 2)][: r.players]
        while not r.over and r.turn < 3000:
            bots[r.current].play_turn(r)
            assert all_cards(r) == DECK, rules
        assert r.over, rules


@settings(max_examples=150, deadline=None)
@given(hands_and_rows, st.data())
def test_after_a_draw_the_list_is_the_full_list_filtered_to_the_drawn_card(
        position: tuple[list[Card], list[Card]], data: st.DataObject) -> None:
    hand, row = position
    if not hand:
        return
    drawn = data.draw(st.sampled_from(hand))
    full = legal_matches_for(hand, row)
    expected = [m for m in full if any(code.split("=")[0] == drawn.code for code in m.cards)]
    assert legal_matches_for(hand, row, must_use=drawn) == expected
