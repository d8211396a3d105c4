"""Round API beyond the rules: saving, corrupt saves, undo, copy, pictures, the log."""

import json
import logging

import pytest

from dos_lab import Card, IllegalMove, InvalidInput, Phase, Round, RuleSet
from dos_lab.bots import GreedyBot
from dos_lab.events import BonusPlaced, Discarded, Event, OpponentDrew, Refilled, TurnPassed


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
    with pytest.raises(IllegalMove, match=r"R3\+Y4\+G1 is 3 cards \(R4.2\)"):
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


# ----------------------------------------------------------------- asking the engine before acting (issue 10)

import random  # noqa: E402

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from dos_lab import Color, DosError  # noqa: E402
from dos_lab.events import DosCalled, Drew, Matched, Placed, event_from_dict, event_to_dict  # noqa: E402

from playout import random_rules, step  # noqa: E402


def _outcome(r: Round, action: str, *args: object) -> str | None:
    """Do the action on a copy: None if accepted, else the refusal message."""
    trial = r.copy()
    try:
        getattr(trial, action)(*args)
    except DosError as error:
        return str(error)
    return None


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31))
def test_can_and_verify_agree_with_the_action_at_every_moment(seed: int) -> None:
    rng = random.Random(seed)
    r = Round.deal(rng.randrange(2, 5), seed=seed, rules=random_rules(rng))
    for _ in range(120):
        if r.over:
            break
        assert r.verify_draw() == _outcome(r, "draw") and r.can_draw() == (r.verify_draw() is None)
        assert r.verify_end_turn() == _outcome(r, "end_turn") and r.can_end_turn() == (r.verify_end_turn() is None)
        hand = r.hand(r.current)
        card = rng.choice(hand) if hand else Card.parse("R7")
        assert r.verify_place(card) == _outcome(r, "place", card)
        assert r.can_place(card) == (r.verify_place(card) is None)
        assert r.can_place() == (r.verify_place() is None)
        if r.can_place(card):
            assert r.can_place()
        if hand and r.center_row:
            target = rng.randrange(len(r.center_row))
            cards = rng.sample(hand, min(len(hand), rng.choice([1, 2])))
            message = _outcome(r, "match", target, *cards)
            assert r.verify_match(target, *cards) == message
            assert r.can_match(target, *cards) == (message is None)
        assert r.can_match() == bool(r.legal_matches())
        for m in r.legal_matches()[:3]:
            assert r.can_match(m.target, *m.cards, target_as=m.target_as)
        caller, target = rng.sample(range(r.players), 2)
        trial = r.copy()
        assert (r.verify_catch(caller, target) is None) == trial.catch_dos(caller, target)
        player = rng.randrange(r.players)
        assert (r.verify_call(player) is None) == r.copy().call_dos(player)
        step(r, rng)


def test_a_refusal_names_the_rule_and_the_action_raises_the_same() -> None:
    r = Round.from_position(hands=["R7 B3 G9", "Y1 Y5 B8"], center_row="B7 Y5", draw_pile="G4 Y8 R1")
    r.match(0, "R7")
    assert r.verify_draw() == ("P1 has matched this turn, so cannot draw: a turn is matching or drawing, not both "
                               "(R3.1, R3.3)")
    with pytest.raises(IllegalMove) as info:
        r.draw()
    assert str(info.value) == r.verify_draw()
    assert r.verify_place("B3") is not None and "(R7.3)" in r.verify_place("B3")  # type: ignore[operator]
    assert r.verify_end_turn() is None and r.verify_match(1, "G9") == "G9 is 9, but Y5 needs 5 (R4.1)"
    assert r.verify_match(0, "B3") is not None and "(R4.3)" in r.verify_match(0, "B3")  # type: ignore[operator]
    assert r.verify_match(1, "Z9") == _outcome(r, "match", 1, "Z9")  # malformed input: InvalidInput's message


def test_can_match_without_arguments_asks_whether_any_match_exists() -> None:
    r = Round.from_position(hands=["G1 B3 Y3 R10", "Y1"], center_row="R7 B9", draw_pile="R5 G4")  # S06
    assert not r.can_match() and r.legal_matches() == []
    r.draw()
    assert not r.can_match()


def test_verify_catch_says_why_a_catch_fails() -> None:
    r = Round.from_position(hands=["R7 B3 G9", "Y1 Y5", "G4 G5 G6"], center_row="B7 Y4",
                            draw_pile="G4 Y8 R1 B1 R3 G6", dos_called=[1])
    assert r.verify_catch(0, 2) == "P3 holds 3 cards: only a player with exactly two cards can be caught (R11.1)"
    assert r.verify_catch(0, 1) == "P2 already called DOS, so the catch has no effect (R11.3)"
    assert r.verify_catch(0, 0) == "P1 cannot catch themselves; only another player can (R11.2)"
    r.match(0, "R7")
    assert "still playing their turn" in (r.verify_catch(1, 0) or "") and "(R11.4)" in (r.verify_catch(1, 0) or "")
    r.end_turn()
    assert r.verify_catch(1, 0) is None
    assert r.catch_dos(1, 0) is True
    assert r.verify_catch(2, 0) == "P1 holds 4 cards: only a player with exactly two cards can be caught (R11.1)"
    empty = Round.from_position(hands=["G5 R9 B8", "B5 B3"], center_row="R3 G9")
    assert empty.catch_dos(0, 1) is True
    assert "already caught" in (empty.verify_catch(0, 1) or "")
    lapsed = Round.from_position(hands=["R7 B3 G9", "Y1 Y5"], center_row="B7 Y4", draw_pile="G4 Y8",
                                 rules=RuleSet(dos_catch_window="until_next_turn_starts"))
    lapsed.match(0, "R7")
    assert lapsed.verify_catch(0, 1) == "the chance to catch P2 ended when the next turn began (R11.5)"


def test_verify_call() -> None:
    r = Round.from_position(hands=["R7 B3 G9", "Y1 Y5"], center_row="B7 Y4", draw_pile="G4")
    assert r.verify_call(0) == "P1 holds 3 cards: DOS! counts only with exactly two (R11.3)"
    assert r.verify_call(1) is None and r.call_dos(1) is True
    with pytest.raises(InvalidInput):
        r.verify_call(5)


@pytest.mark.parametrize("action", ["match", "place", "draw", "end_turn"])
def test_the_dos_call_rides_on_the_action_that_leaves_two_cards(action: str) -> None:
    if action == "match":
        r = Round.from_position(hands=["R7 B3 G9", "Y1 Y5 B8"], center_row="B7 Y5", draw_pile="G4 Y8 R1")
        r.match(0, "R7", call_dos=True)
        expected = [Matched, DosCalled]
    elif action == "place":
        r = Round.from_position(hands=["R9 G10", "Y1 Y5 B8"], center_row="Y3 G4", draw_pile="B8 Y8 R1")  # S28
        r.draw()
        r.place("R9", call_dos=True)
        expected = [Placed, DosCalled]
    elif action == "draw":
        r = Round.from_position(hands=["R9", "Y1 Y5 B8"], center_row="Y3 G4", draw_pile="B8 Y8 R1")
        r.draw(call_dos=True)
        expected = [Drew, DosCalled]
    else:
        r = Round.from_position(hands=["R7 B3 G9", "Y1 Y5 B8"], center_row="B7 Y5", draw_pile="G4 Y8 R1")
        r.match(0, "R7")
        r.end_turn(call_dos=True)
        expected = [Matched, DosCalled]
    assert r.has_called_dos(0) and not r.is_exposed(0) and r.catch_dos(1, 0) is False
    (call,) = [i for i, e in enumerate(r.log) if isinstance(e, DosCalled)]
    assert [type(e) for e in r.log[call - 1: call + 1]] == expected


def test_a_dos_call_with_an_action_that_does_not_leave_two_cards_has_no_effect() -> None:
    r = Round.from_position(hands=["R7 B3 G9 Y4", "Y1 Y5 B8"], center_row="B7 Y5", draw_pile="G4 Y8 R1")
    r.match(0, "R7", call_dos=True)
    assert not r.has_called_dos(0) and not any(isinstance(e, DosCalled) for e in r.log)


def test_the_call_with_a_placement_beats_the_rest_point_under_every_card_movement() -> None:
    r = Round.from_position(hands=["R9 G10", "Y1 Y5 B8"], center_row="Y3 G4", draw_pile="B8 Y8 R1",
                            rules=RuleSet(dos_checkpoints="every_card_movement"))
    r.draw()
    r.place("R9", call_dos=True)
    assert r.exposed_players == ()


def test_declarations_needed_lists_the_undeclared_wilds_and_their_legal_choices() -> None:
    r = Round.from_position(hands=["Y# R9 G1 W", "Y1"], center_row="Y7 B4 G#",
                            rules=RuleSet())
    (need,) = r.declarations_needed(0, "Y#")  # S16: Y# = 7 on Y7
    assert (need.card.code, need.on_row, need.position, need.choices, need.default) == ("Y#", False, 0, (7,), 7)
    needs = r.declarations_needed(2, "G1")  # the G# in the row: only 1 fits G1
    assert [(n.card.code, n.on_row, n.position, n.choices) for n in needs] == [("G#", True, 2, (1,))]
    needs = r.declarations_needed(2, "W", "G1")
    assert [(n.on_row, n.choices, n.default) for n in needs] == [
        (True, (3,), 3), (False, tuple(Color), Color.GREEN)]
    assert r.declarations_needed(2, "W=G", "G1", target_as=3) == []
    assert r.declarations_needed(None, "Y#") == []  # matcher_declares: placed without a number
    placing = Round.from_position(hands=["Y# R9", "Y1"], center_row="Y7 B4",
                                  rules=RuleSet(wild_number_in_center="declared_when_placed"))
    (need,) = placing.declarations_needed(None, "Y#")
    assert need.choices == tuple(range(1, 11)) and need.default == 10
    with pytest.raises(InvalidInput):
        r.declarations_needed(None, "Y#", "R9")


def test_read_only_views_and_the_listener() -> None:
    r = Round.from_position(hands=["R7 B3 G9", "Y1 Y5"], center_row="B7 Y4", draw_pile="G4 Y8 R1 B1")
    assert r.hand(0) == tuple(r.hands[0]) and r.hand_sizes == (3, 2) and r.exposed_players == (1,)
    heard: list[object] = []
    stop = r.subscribe(heard.append)
    mark = r.event_count
    r.match(0, "R7")
    assert heard == r.events_since(mark) == r.log[mark:]
    r.undo()
    assert r.event_count == mark
    r.match(0, "R7")
    r.catch_dos(0, 1)
    stop()
    r.end_turn()
    assert [type(e).__name__ for e in heard] == ["Matched", "Matched", "DosCaught", "PenaltyDrawn"]
    with pytest.raises(InvalidInput):
        r.events_since(-1)
    with pytest.raises(InvalidInput):
        r.subscribe("print")  # type: ignore[arg-type]


def test_a_listener_that_raises_leaves_a_whole_move(caplog: pytest.LogCaptureFixture) -> None:
    r = Round.from_position(hands=["R7 B3 G9", "Y1 Y5"], center_row="B7 Y4", draw_pile="G4 Y8 R1 B1")

    def broken(event: object) -> None:
        raise RuntimeError("a view broke")

    heard: list[object] = []
    r.subscribe(broken)
    r.subscribe(heard.append)
    with caplog.at_level(logging.ERROR, logger="dos_lab.engine.listeners"):
        r.match(0, "R7")
        assert r.matches_this_turn and r.hand(0) == tuple(Card.parse(c) for c in ("B3", "G9"))
        r.end_turn()
    assert r.current == 1 and r.phase is Phase.MATCHING  # the whole turn was played, and nothing raised
    assert [type(e).__name__ for e in heard][:2] == ["Matched", "Discarded"]  # the next listener still heard
    assert caplog.records and all("a view broke" in (record.exc_text or "") for record in caplog.records)


def test_copies_and_undo_share_nothing_mutable() -> None:
    r = Round.from_position(hands=["R7 B3 G9", "Y1 Y5"], center_row="B7 Y4", draw_pile="G4 Y8 R1 B1")
    twin = r.copy()
    r.match(0, "R7")
    r.end_turn()
    assert twin.hand(0) == tuple(Card.parse(c) for c in ("R7", "B3", "G9")) and twin.center_row[0].code == "B7"


def test_events_save_their_fields_by_kind_and_read_the_old_row_name() -> None:
    r = Round.deal(3, seed=5)
    bots = [GreedyBot(1), GreedyBot(2), GreedyBot(3)]
    while not r.over:
        bots[r.current].play_turn(r)
    for event in r.log:
        assert event_from_dict(event_to_dict(event)) == event
    refill = next(e for e in r.log if isinstance(e, Refilled))
    old = event_to_dict(refill)
    old["row"] = old.pop("center_row")
    assert event_from_dict(old) == refill and refill.row == refill.center_row
    with pytest.raises(AttributeError):
        _ = TurnPassed(0, 1, 3).row
    with pytest.raises(InvalidInput, match=r"Refilled.cards=\['R2'\]|R2"):
        event_from_dict({**event_to_dict(refill), "cards": ["R2"]})
    with pytest.raises(InvalidInput, match="Matched.target_as"):
        event_from_dict({"event": "Matched", "player": 0, "target": 0, "target_card": "W", "target_as": {"x": 1},
                         "cards": ["B1", "B1"], "bonus": None})


def test_a_match_without_cards_says_so() -> None:
    r = Round.from_position(hands=["R7 B3", "Y1"], center_row="B7 Y5")
    before = r.to_dict()
    with pytest.raises(IllegalMove, match=r"one or two cards from the hand, and no card was given \(R4\.2\)"):
        r.match(0)
    assert r.to_dict() == before


def _refill_with_one_card_left() -> tuple[Round, list[Event]]:
    """P1 matches both row cards and ends the turn with one card in the draw pile: the refill needs a reshuffle."""
    r = Round.from_position(hands=["R7 B5 G4 Y9", "Y8 Y6 G9"], center_row="Y7 G5", draw_pile="Y3",
                            discard_pile="G1 G3 G4")
    r.match(0, "R7")
    r.match(1, "B5")
    before = r.event_count
    r.end_turn()
    return r, list(r.events_since(before))


def test_a_reshuffle_during_the_refill_is_told_between_the_cards_it_separates() -> None:
    """The draw pile holds one card when E2 starts: it is turned up first, then the discards are shuffled (R14)."""
    r, events = _refill_with_one_card_left()
    kinds = [type(e).__name__ for e in events]
    refills = [e for e in events if isinstance(e, Refilled)]
    assert kinds.index("Refilled") < kinds.index("Reshuffled") < len(kinds) - 1 - kinds[::-1].index("Refilled")
    assert [str(c) for c in refills[0].cards] == ["Y3"]
    assert [len(e.cards) for e in refills] == [1, 1]
    assert len(r.center_row) == 2


def test_a_refill_cut_short_by_an_empty_draw_pile_does_not_say_it_made_two() -> None:
    _, events = _refill_with_one_card_left()
    first = next(e for e in events if isinstance(e, Refilled))
    assert first.describe() == ("E2 refill: no cards were left in the Center Row, so Y3 is turned up. It was the last "
                                "card of the draw pile.")
