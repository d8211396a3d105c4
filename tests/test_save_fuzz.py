"""Saves that break an invariant are refused (issue 13, cases 4 and 5), and a save fuzzer.

Every load of a mutated save either raises ``InvalidInput`` or gives a round that conserves its
cards and that bots play to the end.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dos_lab import Game, InvalidInput, Round, RuleSet, full_deck
from dos_lab.bots import GreedyBot, RandomBot

from playout import all_cards, random_rules, step

DECK_SIZE = 108


def _nested(depth: int) -> list[Any]:
    x: list[Any] = []
    for _ in range(depth):
        x = [x]
    return x


# ----------------------------------------------------------------- the cases of the issue


def test_a_dealt_round_that_lost_a_card_is_refused() -> None:
    data = Round.deal(2, seed=1).to_dict()
    assert data["dealt"] is True
    data["draw_pile"].pop()
    with pytest.raises(InvalidInput, match=r"dealt round holds all 108 cards, but this one holds 107 \(R1.1\)"):
        Round.from_dict(data)


def test_a_staged_round_may_hold_part_of_the_deck_but_not_claim_to_be_dealt() -> None:
    staged = Round.from_position(hands=["R7 B3 G9", "Y1 Y5 B8"], center_row="B7 Y5", draw_pile="G4 Y8 R1")
    data = staged.to_dict()
    assert data["dealt"] is False
    assert Round.from_dict(data) == staged
    data["dealt"] = True
    with pytest.raises(InvalidInput, match="dealt round holds all 108 cards, but this one holds 11"):
        Round.from_dict(data)


def test_a_save_without_the_dealt_field_loads_as_a_staged_position() -> None:
    data = Round.from_position(hands=["R7 B3", "Y1 Y5"], center_row="B7 Y5").to_dict()
    del data["dealt"]
    assert Round.from_dict(data).to_dict()["dealt"] is False


def test_a_player_not_on_turn_without_cards_in_a_round_in_play_is_refused() -> None:
    r = Round.deal(2, seed=1)
    data = r.to_dict()
    other = 1 - r.current
    data["discard_pile"] += data["hands"][other]
    data["hands"][other] = []
    with pytest.raises(InvalidInput, match=rf"P{other + 1} holds no cards, so the round would be over \(R12.1\)"):
        Round.from_dict(data)
    with pytest.raises(InvalidInput, match=r"P2 holds no cards.*\(R12.1\)"):
        Round.from_position(hands=["R7 B3", ""], center_row="B7 Y5")


def test_a_dealt_round_whose_turn_belongs_to_someone_else_is_refused() -> None:
    data = Round.deal(3, seed=2, dealer=0).to_dict()
    data["current"] = 2
    with pytest.raises(InvalidInput, match="turn 1 belongs to the player 1 seats left of the dealer"):
        Round.from_dict(data)


@pytest.mark.parametrize("depth", [50, 3000])
@pytest.mark.parametrize("key", ["seed", "hands", "rules", "log", "matches", "dealer", "phase", "dos_called"])
def test_deeply_nested_objects_give_invalid_input_not_recursion_error(key: str, depth: int) -> None:
    data = Round.deal(2, seed=1).to_dict()
    data[key] = _nested(depth)
    with pytest.raises(InvalidInput):
        Round.from_dict(data)
    game = Game(2, seed=1).to_dict()
    game["round"][key] = _nested(depth)
    with pytest.raises(InvalidInput):
        Game.from_dict(game)
    game = Game(2, seed=1).to_dict()
    game["results"] = [[0, _nested(depth)]]
    with pytest.raises(InvalidInput):
        Game.from_dict(game)


def test_a_nested_event_in_the_log_gives_invalid_input() -> None:
    data = Round.deal(2, seed=1).to_dict()
    data["log"].append({"event": "Drew", "player": 0, "card": _nested(3000)})
    with pytest.raises(InvalidInput, match=r"Drew.card|nested too deeply"):
        Round.from_dict(data)


def _finished_game() -> Game:
    """A game in its second round: round 1 won by P1 with 46 points."""
    g = Game.from_position(scores=[0, 0], dealer=1, hands=["R7", "R9 B#"], center_row="B7 Y5", draw_pile="G4 Y8")
    g.round.match(0, "R7")
    g.round.end_turn()
    g.next_round()
    return g


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.update(dealer=1 - d["dealer"]), r"the game's dealer is P\d, but the round was dealt by P\d \(R2.6\)"),
    (lambda d: d.update(results=[]), "round 2 has 0 earlier result"),
    (lambda d: d.update(round_number=3), "round 3 has 1 earlier result"),
    (lambda d: d.update(results=[[0, -46]]), r"points of 0 or more"),
    (lambda d: d.update(results=[[7, 46]]), r"needs a player 0 to 1"),
    (lambda d: d.update(results=[[None, 5]]), r"without a winner scores nothing, not 5 \(R14.2\)"),
    (lambda d: d.update(results=[[1, 46]]), r"less than the rounds won"),
    (lambda d: d.update(scores=[246, 0], results=[[0, 246]]), r"reached 200 before this round"),
    (lambda d: d.update(scores=[-1, 0]), "one whole number of 0 or more"),
])
def test_game_saves_that_disagree_with_themselves_are_refused(change: Any, message: str) -> None:
    g = _finished_game()
    data = g.to_dict()
    assert Game.from_dict(data).to_dict() == data
    change(data)
    with pytest.raises(InvalidInput, match=message):
        Game.from_dict(data)


def test_game_from_position_refuses_totals_past_the_target() -> None:
    with pytest.raises(InvalidInput, match=r"200 or more ends the game.*\(R13.3\)"):
        Game.from_position(scores=[200, 0], hands=["R7", "R9"], center_row="B7 Y5")


# ----------------------------------------------------------------- the fuzzer

POOL: list[Any] = [None, True, False, 0, 1, 2, 7, -1, 10**12, "", "R7", "W", "R#=4", "matching", "bonus", [], {},
                   ["R7"], [None], {"color": "R"}, 1.5, _nested(3000)]


def _paths(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if len(path) > 6:  # do not walk into the deeply nested value of POOL
        return out
    if isinstance(node, dict):
        for key, value in node.items():
            out += _paths(value, (*path, key))
    elif isinstance(node, list) and len(node) < 200:
        for index, value in enumerate(node):
            out += _paths(value, (*path, index))
    return out


def _parent(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path[:-1]:
        data = data[key]
    return data


def mutate(data: dict[str, Any], rng: random.Random) -> None:
    """One random change: a value replaced, nudged or removed; a card moved, added or dropped."""
    paths = [p for p in _paths(data) if p and p[0] != "format"]
    path = rng.choice(paths)
    parent, key = _parent(data, path), path[-1]
    value = parent[key]
    kind = rng.random()
    hands = data.get("hands")
    piles = [("hands", i) for i in range(len(hands) if isinstance(hands, list) else 0)] + [
        ("center_row",), ("draw_pile",), ("discard_pile",)]
    if kind < 0.25:
        parent[key] = rng.choice(POOL)
    elif kind < 0.4 and isinstance(value, int) and not isinstance(value, bool):
        parent[key] = value + rng.choice([-2, -1, 1, 2])
    elif kind < 0.45 and isinstance(value, bool):
        parent[key] = not value
    elif kind < 0.55 and isinstance(parent, dict):
        del parent[key]
    elif kind < 0.6 and isinstance(parent, list):
        parent.pop(key)
    elif kind < 0.85:  # move a card between piles and hands: each pile stays well formed
        source, dest = rng.choice(piles), rng.choice(piles)
        src, dst = _pile(data, source), _pile(data, dest)
        if isinstance(src, list) and src and isinstance(dst, list):
            dst.insert(rng.randrange(len(dst) + 1), src.pop(rng.randrange(len(src))))
            if "center_row" in (source[0], dest[0]) and isinstance(data.get("center_row_values"), list):
                data["center_row_values"] = [None] * len(_pile(data, ("center_row",)) or [])
    else:  # a card appears or disappears
        pile = _pile(data, rng.choice(piles))
        if isinstance(pile, list):
            if pile and rng.random() < 0.5:
                pile.pop(rng.randrange(len(pile)))
            else:
                pile.append(rng.choice(full_deck()).code)


def _pile(data: dict[str, Any], where: tuple[Any, ...]) -> Any:
    try:
        node: Any = data
        for key in where:
            node = node[key]
        return node
    except (KeyError, IndexError, TypeError):
        return None


def random_save(seed: int, rng: random.Random) -> dict[str, Any]:
    """A save of a random mid-turn position: a dealt round or a small staged one, every option."""
    rules = random_rules(random.Random(seed))
    if rng.random() < 0.5:
        r = Round.deal(rng.randrange(2, 5), seed=seed, dealer=seed % 2, rules=rules)
    else:
        deck = full_deck()
        rng.shuffle(deck)
        players = rng.randrange(2, 5)
        hands = [[deck.pop().code for _ in range(rng.randrange(1, 5))] for _ in range(players)]
        row = [deck.pop().code for _ in range(rng.randrange(2, 4))]
        draw = [deck.pop().code for _ in range(rng.randrange(0, 8))]
        discard = [deck.pop().code for _ in range(rng.randrange(0, 6))]
        r = Round.from_position(hands=hands, center_row=row, draw_pile=draw, discard_pile=discard,
                                current=rng.randrange(players), rules=rules, seed=seed)
    for _ in range(rng.randrange(0, 80)):
        if r.over:
            break
        step(r, rng)
    return r.to_dict()


def play_out(r: Round, seed: int) -> None:
    """Bots play the round to the end; its cards are the same after every turn."""
    cards = all_cards(r)
    assert sum(cards.values()) <= DECK_SIZE and not (Counter(cards) - Counter(full_deck()))
    if r.to_dict().get("dealt"):
        assert sum(cards.values()) == DECK_SIZE
    bots = [RandomBot(seed, forget_dos=0.5), GreedyBot(seed + 1, forget_dos=0.5), RandomBot(seed + 2),
            GreedyBot(seed + 3)]
    while not r.over and r.turn < 3000:
        bots[r.current].play_turn(r)
        assert all_cards(r) == cards
    assert r.over


FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(seed=st.integers(0, 2**31), mutations=st.integers(1, 3))
def test_every_mutated_round_save_is_refused_or_plays_to_the_end(seed: int, mutations: int) -> None:
    rng = random.Random(seed)
    data = random_save(seed, rng)
    for _ in range(mutations):
        mutate(data, rng)
    try:
        original: Any = copy.deepcopy(data)
    except RecursionError:  # the deeply nested value of POOL: nothing to compare
        original = None
    try:
        r = Round.from_dict(data, history=False)
    except InvalidInput:
        return
    assert original is None or data == original, "loading changed the save"
    assert Round.from_dict(r.to_dict()) == r, "a loaded round saves and loads to itself"
    play_out(r, seed)


@FUZZ
@given(seed=st.integers(0, 2**31), mutations=st.integers(1, 2))
def test_every_mutated_game_save_is_refused_or_plays_on(seed: int, mutations: int) -> None:
    rng = random.Random(seed)
    g = Game(rng.randrange(2, 5), seed=seed, rules=RuleSet(target_score=rng.choice([30, 200])))
    bots = [GreedyBot(seed), RandomBot(seed), GreedyBot(seed + 1), RandomBot(seed + 1)]
    for _ in range(rng.randrange(0, 4)):
        while not g.round.over:
            bots[g.round.current].play_turn(g.round)
        if g.over:
            break
        g.next_round()
    data = g.to_dict()
    for _ in range(mutations):
        mutate(data if rng.random() < 0.5 or not isinstance(data.get("round"), dict) else data["round"], rng)
    try:
        loaded = Game.from_dict(data)
    except InvalidInput:
        return
    assert Game.from_dict(loaded.to_dict()).to_dict() == loaded.to_dict()
    target = loaded.rules.target_score
    assert loaded.round.over or not loaded.over, "scores past the target while a round is in play"
    assert all(s >= 0 for s in loaded.scores) and len(loaded.results) == loaded.round_number - 1
    assert all(w is None or 0 <= w < loaded.players for w, _ in loaded.results)
    play_out(loaded.round, seed)
    assert loaded.over or all(s < target for s in loaded.scores)
