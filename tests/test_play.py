"""The headless table model (dos_lab/play): importable without the notebook stack, one observer that
agrees with the engine, typed intents, and a tutorial example that knows its goal."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from dos_lab import Game, Phase, Round
from dos_lab.bots import GreedyBot, RandomBot, TacticianBot
from dos_lab.cards import Card, Color
from dos_lab.errors import IllegalMove, InvalidInput
from dos_lab.events import Reflipped
from dos_lab.matching import Played
from dos_lab.play import (
    CallDos,
    Catch,
    Draw,
    EndTurn,
    ExampleModel,
    Place,
    PlayMatch,
    TableController,
    TableSetup,
    parse_action,
    perform,
    replay,
    snapshot_of,
    staged_game,
)
from dos_lab.play.stages import STAGES, stage_label
from dos_lab.play.steps import parse_hand, turn_steps

PACKAGE = Path(__file__).resolve().parents[1] / "dos_lab"

HEADLESS = textwrap.dedent("""
    import importlib, pkgutil, sys

    class Blocked:
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in ("ipywidgets", "traitlets", "IPython"):
                raise ImportError(f"{name} is blocked in this test")
            return None

    sys.meta_path.insert(0, Blocked())
    import dos_lab.play
    for info in pkgutil.iter_modules(dos_lab.play.__path__):
        importlib.import_module(f"dos_lab.play.{info.name}")

    from dos_lab.play import TableController, staged_game
    from dos_lab.events import TurnStarted

    table = TableController(staged_game("colour-match"), ["greedy"])
    hand = [c.code for c in table.round.hands[0]]
    table.toggle_card(hand.index("R7"))
    table.choose_target(0)
    table.match()
    assert table.message_kind == "ok", table.message
    table.end_turn()
    assert table.round.phase.value == "bonus", table.round.phase
    table.toggle_card([c.code for c in table.round.hands[0]].index("G9"))
    table.place()
    assert table.replaying, "the bot's turn waits to be stepped through"
    steps = 0
    while table.replaying:
        before = len(table.events)
        table.next_step()
        assert len(table.events) == before + 1
        assert table.message == table.events[-1].describe(viewer=0)
        steps += 1
    assert table.round.current == 0 and table.prompt.startswith("Your turn")
    bad = [m for m in ("ipywidgets", "traitlets", "IPython") if m in sys.modules]
    print(steps, ",".join(bad) or "clean")
""")


def test_play_imports_and_plays_a_turn_without_the_notebook_stack() -> None:
    out = subprocess.run([sys.executable, "-c", HEADLESS], capture_output=True, text=True, cwd=PACKAGE.parent)
    assert out.returncode == 0, out.stderr
    steps, modules = out.stdout.split()
    assert int(steps) > 3 and modules == "clean"


# ---------------------------------------------------------------------------------------------- the observer


@pytest.mark.parametrize("seed", range(12))
def test_replaying_the_log_gives_what_the_engine_shows(seed: int) -> None:
    """After every bot turn the replayed frame equals a fresh frame of the round, for a player and for all."""
    game = Game(players=3, seed=seed)
    bots = [GreedyBot(1), RandomBot(seed), TacticianBot(3)]
    r = game.round
    start = {viewer: snapshot_of(r, viewer) for viewer in (None, 0, 2)}
    first = len(r.log)
    while not r.over:
        bots[r.current].play_turn(r)
        for viewer, frame in start.items():
            replayed = replay(frame, r.log[first:])[-1]
            fresh = snapshot_of(r, viewer)
            assert dataclasses.replace(replayed, stage=None, bonuses_owed=fresh.bonuses_owed) == fresh


def test_a_reflip_moves_a_card_from_the_draw_pile_to_the_discard_pile() -> None:
    r = Round.from_position(hands=["R7", "B3"], center_row="Y5", draw_pile="W G4 B6", discard_pile="G1")
    frame = snapshot_of(r, 0)
    after = replay(frame, [Reflipped(Card.parse("W"))])[-1]
    assert (after.draw_count, after.discard_count) == (frame.draw_count - 1, frame.discard_count + 1)


def test_a_viewer_sees_only_their_own_hand() -> None:
    r = Round.from_position(hands=["R7 B3", "Y1 Y5 B8"], center_row="B7 Y5", draw_pile="G4 Y8")
    s = snapshot_of(r, 1)
    assert s.hands[0] is None and [c.code for c in s.hand] == ["Y1", "Y5", "B8"] and s.hand_sizes == (2, 3)
    assert s.drawn is None and not s.your_turn


def test_stages_are_defined_once() -> None:
    assert [code for code, _ in STAGES] == ["E1", "E2", "E3", "E4", "E5", "E6"]
    assert stage_label("E6") == "E6 going out?"


# ---------------------------------------------------------------------------------------------- intents


def test_script_lines_become_the_engines_moves() -> None:
    assert parse_action("match 1 W=y Y3 as 9", player=0) == PlayMatch(
        0, 1, (Played(Card.parse("W"), None, Color.YELLOW), Played(Card.parse("Y3"))), 9)
    assert parse_action("draw", player=1) == Draw(1) and parse_action("end turn", player=0) == EndTurn(0)
    assert parse_action("call p1") == CallDos(0) and parse_action("catch P2 P1") == Catch(1, 0)
    assert parse_action("place G#=4", player=0) == Place(0, Played(Card.parse("G#"), 4))
    assert parse_action("catch P2", player=0) == Catch(0, 1)
    for bad in ["", "jump", "place", "catch", "call X1", "match", "match 0 R7 as purple", "P9: draw",
                "P2: catch P1 P2"]:
        with pytest.raises(InvalidInput):
            parse_action(bad, player=0)
    for needs_player in ["draw", "catch P2"]:
        with pytest.raises(InvalidInput, match="needs its player"):
            parse_action(needs_player)


def test_a_refused_intent_changes_nothing() -> None:
    r = Round.from_position(hands=["R7 B3 G9", "Y1 Y5 B8"], center_row="B7 Y5", draw_pile="G4 Y8 R1")
    before = r.to_dict()
    with pytest.raises(IllegalMove, match=r"R4\.2"):
        perform(r, PlayMatch(0, 0, (Played(Card.parse("R7")), Played(Card.parse("B3")))))
    with pytest.raises(IllegalMove, match=r"it is P1's turn, so P2 cannot draw now \(R3\)"):
        perform(r, Draw(1))
    assert r.to_dict() == before
    assert perform(r, "match 0 R7").describe() == "R7 on B7: single number match"


def test_typed_answers_in_the_tutorials_notation() -> None:
    for text in ("Y9+R1", "y9 + r1", " Y9, R1 ", "y9 and r1", "Y9 & R1"):
        assert [c.code for c in parse_hand(text)] == ["Y9", "R1"], text
    with pytest.raises(InvalidInput):
        parse_hand("Y9+R11")


# ---------------------------------------------------------------------------------------------- the table model


def test_dos_is_allowed_only_when_a_call_counts() -> None:
    table = TableController(staged_game("colour-match"), ["greedy"])
    assert not table.enabled()["dos"]  # seven cards
    two = TableController(Game.from_position(scores=[0, 0], dealer=1, hands=["R7 B3", "Y1 Y5 B8"],
                                             center_row="G7 Y6", draw_pile="G4 Y8 R1"), ["greedy"])
    assert two.enabled()["dos"]
    two.call_dos()
    assert two.round.has_called_dos(0) and not two.enabled()["dos"]


def test_catch_is_allowed_only_while_the_engine_says_the_player_is_exposed() -> None:
    game = Game.from_position(scores=[0, 0], dealer=1, hands=["R7 B3 G9", "Y1 Y5"], center_row="B8 Y3",
                              draw_pile="G4 Y8 R1 B5", dos_called=[1])
    table = TableController(game, ["greedy"])
    assert not table.can_catch(1)  # P2 holds two cards but has called DOS
    uncalled = TableController(Game.from_position(scores=[0, 0], dealer=1, hands=["R7 B3 G9", "Y1 Y5"],
                                                  center_row="B8 Y3", draw_pile="G4 Y8 R1 B5"), ["greedy"])
    assert uncalled.can_catch(1)


def test_a_setup_without_a_seed_gets_a_fresh_one_that_is_kept() -> None:
    seeds = {TableController.from_setup(TableSetup(seed=None)).seed for _ in range(4)}
    assert len(seeds) > 1
    table = TableController.from_setup(TableSetup(seed=None))
    assert table.setup.seed == table.seed == table.game.seed  # type: ignore[union-attr]
    again = TableController.from_setup(TableSetup(seed=table.seed))
    assert again.round.hands == table.round.hands


def test_next_round_on_a_single_round_table_is_explained() -> None:
    table = TableController(Round.from_position(hands=["R7", "B3 Y4"], center_row="B7 Y5", draw_pile="G4"))
    table.toggle_card(0)
    table.choose_target(0)
    table.match()
    table.end_turn()
    assert table.round.over and not table.enabled()["next_round"]
    table.next_round()
    assert table.message == "This table plays one round only."


# ---------------------------------------------------------------------------------------------- the example


def s01() -> Round:
    return Round.from_position(hands=["R7 B3 G9", "Y1 Y5 B8"], center_row="B7 Y5", draw_pile="G4 Y8 R1 B6")


def test_a_legal_move_that_misses_the_goal_is_not_a_success() -> None:
    ex = ExampleModel(s01(), goal="Draw a card.", check=lambda r: r.phase is Phase.DREW)
    ex.select("R7", row=0)
    ex.match()
    kind, text = ex.status
    assert kind == "info" and text.endswith("Not there yet. The goal: Draw a card.")
    ex.end_turn()
    assert ex.status[0] == "warn" and "Your turn is over, but the goal is not reached" in ex.status[1]
    ex.reset()
    ex.draw()
    assert ex.reached and ex.status == ("ok", "P1 draws G4.")


def test_the_reader_declares_wild_cards_in_an_example() -> None:
    ex = ExampleModel(Round.from_position(hands=["R5 W B8", "Y1 Y5 B6"], center_row="R7 Y9", draw_pile="B3"))
    ex.select("R5", "W", row=0)
    [need] = ex.table.declarations_needed()
    assert need.choices == ("R", "B", "G", "Y")  # no "let the engine choose"
    ex.match()
    assert ex.status == ("info", "First say what your W stands for: choose its colour (R9.1).")
    assert ex.round.matches_this_turn == []
    ex.declare("hand", need.index, "R")
    ex.match()
    assert ex.round.matches_this_turn[0].cards == ("R5", "W=R")


def test_a_refusal_clears_the_selection() -> None:
    ex = ExampleModel(s01())
    ex.select("R7", "B3", row=0)
    ex.match()
    assert ex.status[0] == "bad" and ex.selected_cards == [] and ex.table.target is None


def test_other_players_catch_an_exposed_reader() -> None:
    ex = ExampleModel(s01(), opponents_catch=True)
    ex.select("R7", row=0)
    ex.match()
    ex.end_turn()
    assert len(ex.round.hands[0]) == 4 and ex.status[0] == "warn" and 'P2 calls "DOS!" on P1' in ex.status[1]


def test_turn_steps_use_the_observer_frames() -> None:
    steps = turn_steps(s01(), ["match 0 R7", "end turn"])
    assert steps[-1].frame == replay(steps[0].frame, [s.event for s in steps if s.event is not None])[-1]
