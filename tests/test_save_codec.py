"""The one save codec (issue 20, item 4): the round's, the events' and the game's saves refuse the same kinds of
corruption the same way — a bool where a whole number belongs, a count below 0 or out of range, a card code that
names no card, an event kind that does not exist, a missing field — each with an ``InvalidInput`` naming it; and
the formats stay as they were."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

from dos_lab import Game, InvalidInput, Round
from dos_lab.engine import save
from dos_lab.events import Drew, event_from_dict, event_to_dict

Change = Callable[[dict[str, Any]], Any]


def _round_save() -> dict[str, Any]:
    r = Round.from_position(hands=["R7 B3 G9", "Y1 Y5 B8"], center_row="B7 Y5", draw_pile="G4 Y8 R1")
    r.match(0, "R7")
    return r.to_dict()


def _game_save() -> dict[str, Any]:
    g = Game.from_position(scores=[0, 0], dealer=1, hands=["R7", "R9 B#"], center_row="B7 Y5", draw_pile="G4 Y8")
    g.round.match(0, "R7")
    g.round.end_turn()
    g.next_round()
    return g.to_dict()


def _drew_save() -> dict[str, Any]:
    return {"event": "Drew", "player": 1, "card": "G5"}


def _delete(key: str) -> Change:
    return lambda d: d.pop(key)


def _set(key: str, value: Any) -> Change:
    return lambda d: d.update({key: value})


ROUND: dict[str, tuple[Change, str]] = {
    "a bool for a whole number": (_set("turn", True), r"turn=True must be a whole number of 1 or more"),
    "a negative count": (_set("passes", -1), r"passes=-1 must be a whole number of 0 or more"),
    "a player out of range": (_set("current", 2), r"current=2 must be a player from 0 to 1"),
    "a count beyond 64 bits": (_set("points", 2**63), r"points=9223372036854775808 must be a whole number"),
    "an unknown card code": (lambda d: d["draw_pile"].append("Z9"), r"'Z9' is not a card code"),
    "a card code that is no text": (lambda d: d["hands"][1].append(7), r"hands=.* must be a list of 2 hands"),
    "an unknown event kind": (lambda d: d["log"].append({"event": "Teleported"}),
                              r"event='Teleported' must be the name of an event"),
    "a missing field": (_delete("phase"), r"the saved round is missing phase"),
    "an unknown phase": (_set("phase", "sleeping"), r"phase='sleeping' must be one of 'matching', 'drew'"),
    "a flag that is no bool": (_set("acted", 1), r"acted=1 must be true or false"),
}
EVENT: dict[str, tuple[Change, str]] = {
    "a bool for a whole number": (_set("player", True), r"Drew.player=True must be a player from 0 to 3"),
    "a negative count": (lambda d: (d.clear(), d.update(event="TurnStarted", player=0, turn=-1)),
                         r"TurnStarted.turn=-1 must be a whole number of 0 or more"),
    "a player out of range": (_set("player", 4), r"Drew.player=4 must be a player from 0 to 3"),
    "an unknown card code": (_set("card", "Z9"), r"'Z9' is not a card code"),
    "an unknown event kind": (_set("event", "Teleported"), r"event='Teleported' must be the name of an event"),
    "a missing field": (_delete("card"), r"the saved event Drew is missing card"),
    "an unknown field": (_set("cheat", 1), r"the saved event Drew has unknown fields: cheat"),
}
GAME: dict[str, tuple[Change, str]] = {
    "a bool for a whole number": (_set("round_number", True), r"round_number=True must be a whole number of 1"),
    "a negative count": (_set("scores", [-1, 0]), r"scores=\[-1, 0\] must be one whole number of 0 or more"),
    "a player out of range": (_set("dealer", 9), r"dealer=9 must be a player from 0 to 1"),
    "a bool in the results": (_set("results", [[0, True]]), r"results=\[\[0, True\]\] must be a list of \[winner"),
    "an unknown card code": (lambda d: d["round"]["draw_pile"].append("Z9"), r"'Z9' is not a card code"),
    "an unknown event kind": (lambda d: d["round"]["log"].append({"event": "Teleported"}),
                              r"event='Teleported' must be the name of an event"),
    "a missing field": (_delete("seed"), r"the saved game is missing seed"),
    "a missing field of its round": (lambda d: d["round"].pop("hands"), r"the saved round is missing hands"),
    "another format": (_set("format", "dos_lab.game/2"), r"format 'dos_lab.game/2' is not 'dos_lab.game/1'"),
}
CASES = [*(("round", name, *case) for name, case in ROUND.items()),
         *(("event", name, *case) for name, case in EVENT.items()),
         *(("game", name, *case) for name, case in GAME.items())]
LOAD: dict[str, tuple[Callable[[], dict[str, Any]], Callable[[Any], Any]]] = {
    "round": (_round_save, Round.from_dict), "event": (_drew_save, event_from_dict),
    "game": (_game_save, Game.from_dict)}


@pytest.mark.parametrize(("record", "name", "change", "message"), CASES, ids=[f"{c[0]}: {c[1]}" for c in CASES])
def test_each_save_refuses_the_same_corruptions(record: str, name: str, change: Change, message: str) -> None:
    make, load = LOAD[record]
    data = make()
    load(copy.deepcopy(data))  # untouched, it loads
    change(data)
    with pytest.raises(InvalidInput, match=message):
        load(data)


def test_a_refusal_names_the_record_the_field_and_what_it_must_be() -> None:
    with pytest.raises(InvalidInput) as refused:
        Round.from_dict({**_round_save(), "bonuses_owed": False})
    assert str(refused.value) == "corrupt saved round: bonuses_owed=False must be a whole number of 0 or more"


def test_the_saves_read_back_what_they_write_in_the_same_format() -> None:
    """The shape of ``dos_lab.round/1``, field by field, for a staged round after one match."""
    data = _round_save()
    assert json.loads(json.dumps(data)) == data
    assert {k: v for k, v in data.items() if k not in ("rules", "log")} == {
        "format": "dos_lab.round/1", "seed": 0, "dealer": None, "hands": [["B3", "G9"], ["Y1", "Y5", "B8"]],
        "center_row": ["B7", "Y5"], "center_row_values": [None, None], "draw_pile": ["G4", "Y8", "R1"],
        "discard_pile": [], "current": 0, "phase": "matching", "turn": 1,
        "matches": [{"target": 0, "cards": ["R7"], "target_as": None, "bonus": None}], "drawn": None,
        "has_drawn": False, "acted": True, "bonuses_earned": 0, "double_colour_matches": 0, "bonuses_owed": 0,
        "dos_called": [False, False], "dos_exposed": [False, False], "dos_lapsed": [False, False],
        "dos_caught": [False, False], "penalty_pending": False, "winner": None, "points": 0, "passes": 0,
        "reshuffles": 0, "dealt": False}
    assert data["log"][-1] == {"event": "Matched", "player": 0, "target": 0, "target_card": "B7", "target_as": None,
                               "cards": ["R7"], "bonus": None}
    assert Round.from_dict(data).to_dict() == data
    game = _game_save()
    assert {k: v for k, v in game.items() if k != "round"} == {
        "format": "dos_lab.game/1", "seed": 0, "dealer": 0, "round_number": 2, "scores": [49, 0],
        "results": [[0, 49]]}
    assert Game.from_dict(game).to_dict() == game
    assert event_to_dict(event_from_dict(_drew_save())) == _drew_save()
    assert event_from_dict({"event": "Matched", "player": 0, "target": 1, "target_card": "W",
                            "target_as": {"color": "B"}, "cards": ["B1", "B1"], "bonus": None}).target_as == "B"


def test_the_whole_number_check_is_the_errors_one() -> None:
    """A bool is never a whole number, at any bound; the codec's 64-bit bound holds at both ends."""
    assert not save.COUNT.test(True) and not save.whole(0, 1).test(False)
    assert save.SEED.test(-(2**63)) and save.SEED.test(2**63 - 1)
    assert not save.SEED.test(-(2**63) - 1) and not save.SEED.test(2**63)
    assert Drew(1, save.CARD.build("G5")) == event_from_dict(_drew_save())
