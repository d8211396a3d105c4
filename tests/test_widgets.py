"""The table widgets without a browser: press buttons with ``.click()``, set values, and check the
engine state and the status line. Staged positions keep every test exact."""

from __future__ import annotations

import re

import ipywidgets as widgets  # type: ignore[import-untyped]
import pytest

from dos_lab import Game, Phase
from dos_lab.app.page import setup_from_query
from dos_lab.widgets import TableController, TableSetup, TableView, play, staged_game
from dos_lab.widgets.cards import face_text
from dos_lab.widgets.snapshot import snapshot_of


def table(position: str = "colour-match", bots: tuple[str, ...] = ("greedy",)) -> TableView:
    return TableView(TableController(staged_game(position), list(bots)))


def staged(scores: list[int], hands: list[str], center_row: str, draw_pile: str, **options: object) -> TableView:
    game = Game.from_position(scores=scores, dealer=len(hands) - 1, hands=hands, center_row=center_row,
                              draw_pile=draw_pile, seed=0, **options)
    return TableView(TableController(game, ["greedy"] * (len(hands) - 1)))


def hand_codes(view: TableView) -> list[str]:
    return [c.code for c in view.controller.round.hands[0]]


def click_cards(view: TableView, *codes: str) -> None:
    """Select hand cards by code (each code once, left to right)."""
    taken: list[int] = []
    for code in codes:
        index = next(i for i, c in enumerate(hand_codes(view)) if c == code and i not in taken)
        taken.append(index)
        view.hand_buttons[index].click()


def click_row(view: TableView, code: str) -> None:
    index = next(i for i, c in enumerate(view.controller.round.center_row) if c.code == code)
    view.row_buttons[index].click()


def status(view: TableView) -> str:
    return view.controller.message


# ---------------------------------------------------------------------------------------------- the start


def test_first_turn_prompt_and_buttons() -> None:
    view = table()
    c = view.controller
    assert c.prompt == "Your turn: select one or two cards and a row card, then Match — or Draw."
    assert "select one or two cards and a row card, then Match" in view.prompt.value
    enabled = {key: not button.disabled for key, button in view.buttons.items()}
    # DOS! is enabled only when a call would count: not with seven cards. End turn is pressable on your turn
    # although the rules refuse it now: pressing it explains why (R3.1, R3.3), as the tutorials ask students to try
    assert enabled == {"match": True, "draw": True, "place": False, "end_turn": True, "dos": False, "hint": True,
                       "undo": False, "next": False, "skip": False}
    before = c.round.to_dict()
    view.buttons["end_turn"].click()
    assert "(R3.1, R3.3)" in status(view) and c.round.to_dict() == before
    assert [b.description for b in view.hand_buttons] == [face_text(card) for card in c.round.hands[0]]
    assert view.hand_buttons[0].description == "R ●\n7"
    assert "dos-hand-0" in view.hand_buttons[0]._dom_classes and "dos-c-R" in view.hand_buttons[0]._dom_classes
    assert view.hand_buttons[5].description == "WILD\n2" and view.hand_buttons[5].tooltip.startswith("Wild DOS")
    assert "dos-wildnum" in view.hand_buttons[6]._dom_classes
    assert [b.description for b in view.row_buttons] == ["R ●\n7", "Y ★\n5"]


def test_selection_is_shown_without_colour() -> None:
    view = table()
    view.hand_buttons[0].click()
    assert view.controller.selected == [0]
    assert "dos-selected" in view.hand_buttons[0]._dom_classes
    assert view.hand_buttons[0].tooltip.endswith("selected")
    view.row_buttons[1].click()
    assert "dos-targeted" in view.row_buttons[1]._dom_classes
    view.hand_buttons[0].click()
    view.row_buttons[1].click()
    assert view.controller.selected == [] and view.controller.target is None
    assert "dos-selected" not in view.hand_buttons[0]._dom_classes


# ---------------------------------------------------------------------------------------------- refusals


def test_three_cards_refused_with_r4_2_and_nothing_changes() -> None:
    view = table()
    before = view.controller.round.to_dict()
    click_cards(view, "R7", "Y1", "Y4")
    click_row(view, "R7")
    view.buttons["match"].click()
    assert "R4.2" in status(view) and status(view).startswith("Not allowed:")
    assert view.controller.message_kind == "error"
    assert "dos-status-error" in view.status.value and "R4.2" in view.status.value
    assert view.controller.round.to_dict() == before
    assert view.controller.selected == [0, 1, 2]  # the player can fix the choice


def test_wrong_number_refused_with_explanation() -> None:
    view = table()
    before = view.controller.round.to_dict()
    click_cards(view, "R7")
    click_row(view, "Y5")
    view.buttons["match"].click()
    assert status(view) == "Not allowed: R7 is 7, but Y5 needs 5 (R4.1)"
    assert view.controller.round.to_dict() == before


def test_double_clicks_and_wrong_phase_do_no_harm() -> None:
    view = table()
    c = view.controller
    click_cards(view, "R7")
    click_row(view, "R7")
    view.buttons["match"].click()
    after_match = c.round.to_dict()
    view.buttons["match"].click()  # a double click: nothing is selected any more
    assert c.message_kind == "info" and "Select one or two cards" in status(view)
    view.buttons["draw"].click()  # a disabled button still runs its handler in Python
    assert "R3.1" in status(view) or "R7" in status(view)
    assert c.round.to_dict() == after_match
    view.buttons["place"].click()
    assert c.message_kind == "info"
    view.buttons["next"].click()
    view.buttons["skip"].click()
    view.next_round.click()
    assert c.round.to_dict() == after_match
    view.buttons["end_turn"].click()
    assert c.round.phase is Phase.BONUS
    view.buttons["end_turn"].click()  # the bonus card is compulsory
    assert "R8 E3" in status(view) and c.round.phase is Phase.BONUS


def test_place_and_end_turn_refused_before_acting() -> None:
    view = table()
    before = view.controller.round.to_dict()
    click_cards(view, "G9")
    view.buttons["place"].click()
    assert "R3.3" in status(view)
    view.buttons["end_turn"].click()
    assert status(view) == "Not allowed: P1 must match or draw; a turn cannot be passed (R3.1, R3.3)"
    assert view.controller.round.to_dict() == before


def test_no_exception_escapes_a_handler(monkeypatch: pytest.MonkeyPatch) -> None:
    view = table()
    r = view.controller.round

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(r, "draw", broken)
    view.buttons["draw"].click()
    assert status(view).startswith("Something went wrong (RuntimeError: boom)")


# ---------------------------------------------------------------------------------------------- a whole turn


def test_match_end_turn_bonus_and_bot_steps() -> None:
    view = table()
    c = view.controller
    click_cards(view, "Y1", "Y4")
    click_row(view, "Y5")
    view.buttons["match"].click()
    assert status(view).startswith("You played Y1+Y4 on Y5: double colour match")
    assert c.view.row[1].played == ("Y1", "Y4")
    assert "played on it" in view.row_piles[1].caption.value
    assert not view.buttons["end_turn"].disabled and view.buttons["draw"].disabled
    view.buttons["end_turn"].click()
    assert c.round.phase is Phase.BONUS and c.prompt.startswith("Colour bonus!")
    assert [e.stage for e in c.events[-2:]] == ["E1", "E2"]
    assert not view.buttons["place"].disabled
    click_cards(view, "G9")
    view.buttons["place"].click()
    assert status(view) == "You put G9 into the Center Row as a bonus card."
    # the bot has played; its turn is shown one event at a time
    assert c.replaying and not view.buttons["next"].disabled
    assert view.buttons["match"].disabled and view.buttons["draw"].disabled
    assert "is playing" in c.prompt
    shown = len(c.events)
    stages = []
    while c.replaying:
        view.buttons["next"].click()
        assert len(c.events) == shown + 1
        shown += 1
        stages.append(c.view.stage)
        assert status(view) == c.events[-1].describe(viewer=0)
    assert c.round.current == 0 and c.prompt.startswith("Your turn")
    assert "E1" in stages or "E2" in stages or "E6" in stages
    assert view.buttons["next"].disabled and not view.buttons["draw"].disabled


def single_colour_turn(view: TableView) -> None:
    """colour-match: R7 on R7, End turn, G9 as the bonus card; the bot then plays."""
    click_cards(view, "R7")
    click_row(view, "R7")
    view.buttons["match"].click()
    view.buttons["end_turn"].click()
    click_cards(view, "G9")
    view.buttons["place"].click()


def test_replay_frames_follow_the_row_stage_by_stage() -> None:
    view = table()
    c = view.controller
    single_colour_turn(view)
    frames = []
    while c.replaying:
        c.next_step()
        frames.append((type(c.events[-1]).__name__, c.view))
    names = [name for name, _ in frames]
    assert names[0] == "TurnStarted" or "Matched" in names or "Drew" in names
    for name, frame in frames:
        if name == "Discarded":
            assert all(not pile.played for pile in frame.row) and frame.stage == "E1"
        if name == "Refilled":
            assert frame.stage == "E2" and len(frame.row) >= 2
    assert c.view == snapshot_of(c.round, 0)


def test_skip_jumps_to_your_turn_and_log_hides_bot_cards() -> None:
    view = table()
    c = view.controller
    view.buttons["draw"].click()
    assert c.round.phase is Phase.DREW and c.selected == [7]  # the drawn card is selected for you
    assert "just drawn" in view.hand_buttons[7].tooltip
    view.buttons["place"].click()
    assert c.replaying
    view.buttons["skip"].click()
    assert not c.replaying and c.round.current == 0
    assert "Skipped" in status(view)
    for event in c.events:
        if type(event).__name__ == "Drew" and event.player == 1:  # type: ignore[attr-defined]
            assert event.describe(viewer=0) == "P2 draws a card."
            assert event.describe(viewer=0) in view.log_box.value


def test_hint_selects_a_legal_match() -> None:
    view = table()
    c = view.controller
    view.buttons["hint"].click()
    assert status(view).startswith("Hint: Y1+Y4 on Y5: double colour match")
    assert sorted(hand_codes(view)[i] for i in c.selected) == ["Y1", "Y4"] and c.target == 1
    view.buttons["match"].click()
    assert c.message_kind == "ok"


def test_undo_takes_back_your_own_actions_only() -> None:
    view = table()
    c = view.controller
    start = c.round.to_dict()
    click_cards(view, "R7")
    click_row(view, "R7")
    view.buttons["match"].click()
    assert not view.buttons["undo"].disabled
    view.buttons["undo"].click()
    assert c.round.to_dict() == start and status(view) == "Took back your last action."
    view.buttons["undo"].click()
    assert c.message_kind == "info" and c.round.to_dict() == start
    view.buttons["draw"].click()
    view.buttons["place"].click()  # the turn passes; the bot plays
    view.buttons["skip"].click()
    after = c.round.to_dict()
    view.buttons["undo"].click()
    assert "Nothing of yours" in status(view) and c.round.to_dict() == after


# ---------------------------------------------------------------------------------------------- wild cards


def test_declarations_offered_only_when_needed() -> None:
    view = table()
    c = view.controller
    assert view.declare_box.children == () or all(d.layout.display == "none" for d in view.declare_box.children)
    click_cards(view, "B3", "W")
    assert view.declare_box.shown == []  # which declarations a match needs depends on its row card
    click_row(view, "Y5")
    shown = [d for d in view.declare_box.children if d.layout.display != "none"]
    assert len(shown) == 1 and shown[0].description == "Colour for your W:"
    assert shown[0].value == "" and shown[0].options[0] == ("let the engine choose", "")
    assert [value for _, value in shown[0].options] == ["", "R", "B", "G", "Y"]
    shown[0].value = "G"
    assert c.declarations == {3: "G"} or c.declarations == {5: "G"}
    view.buttons["match"].click()
    assert status(view) == "You played B3+W=G on Y5: double number match."
    played = c.view.row[1].played
    assert played == ("B3", "W=G")
    assert "played as green" in view.row_piles[1].caption.value  # the declared colour is on the played card


def test_wild_number_in_the_row_offers_a_number_when_there_is_a_choice() -> None:
    view = staged([0, 0], ["Y# R1 B5", "Y1 Y3 B8"], "G# Y10", "B7 R8 Y4")
    click_cards(view, "Y#")
    click_row(view, "G#")
    shown = view.declare_box.shown
    assert [d.description for d in shown] == ["Number for the Center Row's G#:", "Number for your Y#:"]
    assert [v for _, v in shown[0].options] == ["", *map(str, range(1, 11))]
    assert shown[0].options[0] == ("let the engine choose", "")
    shown[0].value = "6"
    shown[1].value = "6"
    view.buttons["match"].click()
    assert status(view).startswith("You played Y#=6 on G# (as 6)")


def test_wild_number_in_the_row_is_left_to_the_engine_when_one_number_fits() -> None:
    view = staged([0, 0], ["G3 G6 R1 B5", "Y1 Y3 B8"], "G# Y10", "B7 R8 Y4")
    click_cards(view, "G3", "G6")
    click_row(view, "G#")
    assert view.declare_box.shown == []  # only 9 fits 3 + 6: nothing to choose, the engine says so
    view.buttons["match"].click()  # the engine declares 9: a double colour match (S19)
    assert status(view).startswith("You played G3+G6 on G# (as 9): double colour match")
    assert "as 9" in view.row_piles[0].caption.value


# ---------------------------------------------------------------------------------------------- DOS


def _down_to_three(view: TableView) -> None:
    """dos-call: R5 on R5 (single colour match) and G6 on Y6, End turn: one bonus card to place, three held."""
    view.buttons["dos"].click()
    assert status(view) == "No call: P1 holds 5 cards: DOS! counts only with exactly two (R11.3)."
    click_cards(view, "R5")
    click_row(view, "R5")
    view.buttons["match"].click()
    click_cards(view, "G6")
    click_row(view, "Y6")
    view.buttons["match"].click()
    view.buttons["end_turn"].click()
    assert view.controller.prompt.endswith(
        "A move can leave you two cards: press DOS! first to call it with that move (R11.4).")
    assert not view.buttons["dos"].disabled


def test_dos_called_with_the_placement() -> None:
    view = table("dos-call", ("greedy", "greedy"))
    c = view.controller
    _down_to_three(view)
    view.buttons["dos"].click()
    assert c.call_with_move and "R11.4" in status(view) and view.buttons["dos"].disabled
    click_cards(view, "B9")
    view.buttons["place"].click()
    assert status(view) == "You put B9 into the Center Row as a bonus card and called DOS!."
    assert c.round.has_called_dos(0) or len(c.round.hands[0]) != 2
    view.buttons["skip"].click()
    assert not any(type(e).__name__ == "DosCaught" and e.target == 0 for e in c.events)  # type: ignore[attr-defined]


def test_forgotten_dos_is_caught_by_the_bot() -> None:
    view = table("dos-call", ("greedy", "greedy"))
    c = view.controller
    _down_to_three(view)
    click_cards(view, "B9")
    view.buttons["place"].click()
    view.buttons["skip"].click()
    caught = [e for e in c.events if type(e).__name__ == "DosCaught"]
    assert caught and caught[0].target == 0  # type: ignore[attr-defined]
    assert "P2 calls \"DOS!\" on P1" in view.log_box.value.replace("&quot;", '"')
    assert len(c.round.hands[0]) >= 4


def test_catch_an_opponent_who_forgot() -> None:
    view = staged([0, 0], ["R7 B3 G9", "Y1 Y5"], "B8 Y3", "G4 Y8 R1 B5")
    c = view.controller
    assert view._catch[1].layout.display is None  # P2 visibly holds two cards
    view.buttons["draw"].click()  # a rest point (RP2): P2 is now exposed (R11.4)
    assert c.round.is_exposed(1)
    view._catch[1].click()
    assert status(view) == "Caught! P2 (greedy bot) forgot to call DOS and draws 2 penalty cards now (R11.1)."
    assert len(c.round.hands[1]) == 4
    view._catch[1].click()
    assert "holds 4 cards" in status(view) and len(c.round.hands[1]) == 4


# ---------------------------------------------------------------------------------------------- round and game end


def test_round_end_scoring_and_next_round() -> None:
    view = table("going-out", ("greedy", "random"))
    c = view.controller
    assert view.round_end.layout.display == "none"
    click_cards(view, "B3", "G4")
    click_row(view, "R7")
    view.buttons["match"].click()
    view.buttons["end_turn"].click()
    assert c.round.over and c.round.points == 80  # S38
    assert view.round_end.layout.display is None
    assert "went out: scores <b>80</b>" in view.scoring.value
    assert "70 points to the winner" in view.scoring.value and "10 points to the winner" in view.scoring.value
    assert c.prompt == "Round over: You went out and score 80 points. Press Next round."
    assert not view.next_round.disabled and view.buttons["draw"].disabled
    view.next_round.click()
    assert c.game.round_number == 2 and not c.round.over and c.game.scores == [80, 0, 0]
    assert "Round 2" in status(view)


def test_game_over_and_new_game() -> None:
    view = staged([180, 120], ["R7", "R9 B#"], "B7 Y5", "G4 Y8")
    c = view.controller
    click_cards(view, "R7")
    click_row(view, "B7")
    view.buttons["match"].click()
    view.buttons["end_turn"].click()
    assert c.game.over and c.game.scores == [229, 120]  # S50
    assert c.prompt.startswith("Game over: You win the game with 229 points")
    assert view.next_round.layout.display == "none"
    view.next_round.click()
    assert "game is over" in status(view) and c.game.scores == [229, 120]
    panel = view.setup_panel
    assert panel is not None
    panel.toggle.click()
    assert panel.body.layout.display is None
    panel.opponents.value = 2
    panel.bot_kinds[1].value = "random"
    panel.seed.value = "5"
    panel.rules["after_draw_matching"].value = "any_matches"
    panel.rules["target_score"].value = 100
    panel.start.click()
    assert c.game.players == 3 and c.game.seed == 5 and not c.game.over
    assert c.rules.after_draw_matching == "any_matches" and c.rules.target_score == 100
    assert [b.name for b in c.bots.values()] == ["greedy", "random"]
    assert "first to 100" in view.header.value


def test_bad_rule_option_in_setup_is_reported() -> None:
    view = table()
    c = view.controller
    before = c.round.to_dict()
    c.new_game(TableSetup(rules={"target_score": 0}))
    assert "target_score" in status(view) and c.message_kind == "error"
    assert c.round.to_dict() == before


def test_bot_first_turns_are_stepped_and_a_whole_game_plays() -> None:
    c = TableController.from_setup(TableSetup(bots=("greedy", "random", "tactician"), seed=3))
    steps = 0
    while not c.game.over and steps < 5000:
        steps += 1
        r = c.round
        if c.replaying:
            c.next_step()
        elif r.over:
            c.next_round()
        elif r.phase is Phase.BONUS or (r.can_place() and not r.legal_matches()):
            c.toggle_card(0)
            c.place()
        elif c.enabled()["match"]:
            c.hint()
            c.match()
            assert c.message_kind == "ok", c.message
            if not r.legal_matches():
                c.end_turn()
        else:
            c.draw()
        assert c.message_kind != "error", c.message
    assert c.game.over


def test_play_builds_a_view() -> None:
    view = play(bots=("random", "greedy"), seed=2)
    assert isinstance(view, widgets.VBox) and view.controller.game.players == 3
    assert "dos-table" in view._dom_classes


# ---------------------------------------------------------------------------------------------- the demo page


def test_setup_from_query() -> None:
    setup, notes = setup_from_query("seed=3&bots=random,tactician&preset=family&target_score=150")
    assert setup.seed == 3 and setup.bots == ("random", "tactician") and notes == []
    assert setup.rules["after_draw_matching"] == "any_matches" and setup.rules["target_score"] == 150
    setup, notes = setup_from_query("bots=robot&position=nowhere&dos_penalty=99")
    assert setup == TableSetup() and len(notes) == 3


def test_the_log_names_each_stage_once_and_the_header_shows_the_seed() -> None:
    view = table()
    c = view.controller
    single_colour_turn(view)
    view.buttons["skip"].click()
    lines = [re.sub(r"<[^>]+>", " ", line) for line in re.findall(r"<li[^>]*>(.*?)</li>", view.log_box.value)]
    staged = [line for line in lines if re.search(r"\bE[1-6]\b", line)]
    assert staged and all(len(re.findall(r"\bE[1-6]\b", line.split(":")[0])) == 1 for line in staged), staged
    assert not any(re.search(r"E([1-6])\s*E\1", line) for line in lines)  # never "[E6] E6: …"
    assert f"deal number (seed) {c.seed}" in view.header.value


def test_dos_button_follows_the_rules() -> None:
    view = table()
    assert view.buttons["dos"].disabled  # seven cards: a call would not count (R11.3)
    two = staged([0, 0], ["R7 B3", "Y1 Y5 B8"], "G7 Y6", "G4 Y8 R1")
    assert not two.buttons["dos"].disabled and two.buttons["dos"].button_style == "warning"
    two.buttons["dos"].click()
    assert two.controller.round.has_called_dos(0) and two.buttons["dos"].disabled


def test_catch_button_is_disabled_while_the_bot_has_called() -> None:
    game = Game.from_position(scores=[0, 0], dealer=1, hands=["R7 B3 G9", "Y1 Y5"], center_row="B8 Y3",
                              draw_pile="G4 Y8 R1 B5", dos_called=[1])
    view = TableView(TableController(game, ["greedy"]))
    assert view._catch[1].layout.display is None and view._catch[1].disabled
    assert "called DOS ✓" in view._opponent_info[1].value
