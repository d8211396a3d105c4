"""Round API beyond the rules: saving, corrupt saves, undo, copy, pictures, the log."""

import json

import pytest

from dos_lab import Card, IllegalMove, InvalidInput, Phase, Round, RuleSet
from dos_lab.bots import GreedyBot
from dos_lab.events import BonusPlaced, Discarded, OpponentDrew, Refilled, TurnPassed


def s04() -> Round:
    return Round.from_position(hands=["R3 R4 B9 G1 Y6", "Y1 Y3 B8 G4 G5 R10"], center_row="R7 Y5",
                               draw_pile="G4 B6 Y10 R1")


def test_save_is_json_and_round_trips_mid_turn() -> None:
    r = s04()
    r.match(0, "R3", "R4")
    r.end_turn()
    assert r.phase is Phase.BONUS
    text = json.dumps(r.to_dict())
    again = Round.from_dict(json.loads(text))
    assert again == r
    again.place("B9")
    assert again.hands[1][-1] == Card.parse("B6") and r.phase is Phase.BONUS


CORRUPTIONS = {
    "beyond the deck": lambda d: d["hands"][0].extend(["W"] * 13),
    "missing field": lambda d: d.pop("phase"),
    "unknown field": lambda d: d.update(cheat=True),
    "impossible phase": lambda d: d.update(phase="sleeping"),
    "bonus with nothing owed": lambda d: d.update(phase="bonus", bonuses_owed=0),
    "winner with cards": lambda d: d.update(phase="over", winner=0, points=5),
    "bad card code": lambda d: d["center_row"].append("R2"),
    "current out of range": lambda d: d.update(current=7),
    "fake match": lambda d: d["matches"].append({"target": 0, "cards": ["G1"], "target_as": None, "bonus": None}),
    "wrong bonus claimed": lambda d: d["matches"].append(
        {"target": 0, "cards": ["R3", "R4"], "target_as": None, "bonus": None}),
    "bad rules": lambda d: d["rules"].update(bonus_placement="never"),
    "flags wrong length": lambda d: d.update(dos_called=[False]),
    "broken log": lambda d: d["log"].append({"event": "Teleported"}),
    "called without two cards": lambda d: d.update(dos_called=[True, False]),
    "not a dict": lambda d: None,
}


@pytest.mark.parametrize("name", sorted(CORRUPTIONS))
def test_corrupt_saves_raise_invalid_input(name: str) -> None:
    data = s04().to_dict()
    CORRUPTIONS[name](data)
    with pytest.raises(InvalidInput):
        Round.from_dict(data if name != "not a dict" else [data])


def test_undo_takes_back_actions_one_by_one() -> None:
    r = s04()
    start = r.to_dict()
    r.match(0, "R3", "R4")
    after_match = r.to_dict()
    r.end_turn()
    r.place("B9")
    assert r.current == 1
    r.undo()
    assert r.phase is Phase.BONUS
    r.undo()
    assert r.to_dict() == after_match
    r.undo()
    assert r.to_dict() == start and not r.can_undo
    with pytest.raises(IllegalMove, match="nothing to undo"):
        r.undo()


def test_copy_is_independent() -> None:
    r = s04()
    twin = r.copy()
    twin.match(0, "R3", "R4")
    assert r.matches_this_turn == [] and len(twin.matches_this_turn) == 1
    assert r.hands[0] == s04().hands[0]


def test_state_views_are_copies() -> None:
    r = s04()
    r.hands[0].clear()
    r.center_row.clear()
    assert len(r.hands[0]) == 5 and len(r.center_row) == 2


def test_the_end_of_a_turn_replays_stage_by_stage() -> None:
    r = s04()
    r.match(0, "R3", "R4")
    r.end_turn()
    r.place("B9")
    staged = [e for e in r.log if e.stage]
    assert [e.stage for e in staged] == ["E1", "E2", "E3", "E4", "E6"]
    assert isinstance(staged[0], Discarded) and [c.code for c in staged[0].row] == ["Y5"]
    assert isinstance(staged[1], Refilled) and [c.code for c in staged[1].row] == ["Y5", "G4"]
    assert isinstance(staged[2], BonusPlaced) and [c.code for c in staged[2].row] == ["Y5", "G4", "B9"]
    assert isinstance(staged[3], OpponentDrew) and staged[3].card.code == "B6"
    assert isinstance(staged[4], TurnPassed)
    assert staged[3].describe(viewer=0) == "E4 double colour match: P2 draws a card (R6.2)."


def test_every_event_describes_itself() -> None:
    r = Round.deal(3, seed=4)
    bots = [GreedyBot(i) for i in range(3)]
    while not r.over:
        bots[r.current].play_turn(r)
    for event in r.log:
        text = event.describe()
        assert (text and text[0].isupper()) or text.startswith("E")


def test_text_and_html_pictures_are_deterministic() -> None:
    r = s04()
    assert str(r) == str(s04())
    assert r._repr_html_() == s04()._repr_html_()
    assert "Center Row: [R7●] [Y5★]" in str(r)
    assert "<script" not in r._repr_html_()


def test_a_refused_action_names_the_rule_and_the_cards() -> None:
    r = Round.from_position(hands=["R3 Y4 G1", "B1"], center_row="B5 R9", draw_pile="G4")
    with pytest.raises(IllegalMove) as err:
        r.match(0, "R3", "Y4")
    assert str(err.value) == "R3+Y4 adds up to 7, but B5 needs 5 (R4.2)"
    with pytest.raises(IllegalMove, match=r"R3\+Y4\+G1 is 3 \(R4.2\)"):
        r.match(1, "R3", "Y4", "G1")


def test_rules_are_kept_and_reported() -> None:
    rules = RuleSet(after_draw_matching="any_matches")
    r = Round.deal(2, seed=1, rules=rules)
    assert r.rules is rules and Round.from_dict(r.to_dict()).rules == rules


def test_a_staged_position_is_a_rest_point_for_the_dos_call() -> None:
    r = Round.from_position(hands=["R7 B3 G9", "Y1 Y5"], center_row="B7 Y6", draw_pile="G4 Y8 R1 B1")
    assert r.is_exposed(1) and not r.is_exposed(0)
    assert r.catch_dos(0, 1) is True  # not P2's turn: P2 draws two at once (R11.1)
    assert [c.code for c in r.hands[1]] == ["Y1", "Y5", "G4", "Y8"]
    called = Round.from_position(hands=["R7 B3 G9", "Y1 Y5"], center_row="B7 Y6", dos_called=[1])
    assert called.has_called_dos(1) and called.catch_dos(0, 1) is False
    with pytest.raises(InvalidInput, match="R11.3"):
        Round.from_position(hands=["R7 B3 G9", "Y1 Y5"], center_row="B7 Y6", dos_called=[0])
