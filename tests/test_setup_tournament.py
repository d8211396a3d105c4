"""The setup panel's computer tournament: the games are play_games' games for the setup's bots, rules and
seed; bad choices are refused before any game starts; the panel shows progress, the wins with Wilson
intervals, and lets a student stop; the form offers only the whole numbers the rules accept."""

from __future__ import annotations

import functools
import threading
import time

import pytest

from dos_lab.bots import make_bot
from dos_lab.errors import InvalidInput
from dos_lab.i18n import language
from dos_lab.play.controller import TableSetup
from dos_lab.play.tournament import GAME_COUNTS, entrant_names, entrants, start_tournament
from dos_lab.rules import INT_RANGES, RuleSet
from dos_lab.simulate import SerialExecutor, play_games, win_rates
from dos_lab.widgets.setup import SetupPanel
from dos_lab.widgets.tournament import TournamentPanel

SETUP = TableSetup(bots=("tactician", "random"), seed=8, rules={"after_draw_matching": "any_matches"},
                   forget_dos=0.25)


def test_the_games_are_play_games_games_for_the_same_bots_rules_and_seed() -> None:
    run = start_tournament(SETUP, "greedy", 12, executor=SerialExecutor())
    bots = [functools.partial(make_bot, kind, forget_dos=0.25) for kind in ("greedy", "tactician", "random")]
    expected = play_games(bots, 12, seed=8, executor=SerialExecutor(),
                          rules=RuleSet(after_draw_matching="any_matches"))
    assert run.result(timeout=120) == expected
    # the rule option counts: the classic rules give other games
    assert expected != play_games(bots, 12, seed=8, executor=SerialExecutor())


def test_entrants_take_the_human_seat_first_and_are_named_by_seat() -> None:
    assert entrants(SETUP, "random") == ["random", "tactician", "random"]
    assert entrant_names(["greedy", "tactician"]) == ["P1 (greedy)", "P2 (tactician)"]
    with language("pl"):
        assert entrant_names(["greedy"]) == ["G1 (zachłanny)"]


@pytest.mark.parametrize(("setup", "first", "games", "words"), [
    (SETUP, "cheater", 100, "'cheater' is not a computer player"),
    (TableSetup(bots=("greedy",) * 4), "greedy", 100, "2 to 4 players, not 5 (R1.6)"),
    (SETUP, "greedy", 0, "1 to 1000 games, not 0"),
    (SETUP, "greedy", 5000, "1 to 1000 games, not 5000"),
    (TableSetup(bots=("greedy",), rules={"hand_size": 0}), "greedy", 100, "(R2.2)"),
    (TableSetup(bots=("greedy",), rules={"after_draw_matching": "sometimes"}), "greedy", 100, "after_draw_matching"),
])
def test_bad_choices_are_refused_before_any_game_starts(setup: TableSetup, first: str, games: int,
                                                        words: str) -> None:
    threads = threading.active_count()
    with pytest.raises(InvalidInput, match=words.replace("(", r"\(").replace(")", r"\)")):
        start_tournament(setup, first, games, executor=SerialExecutor())
    assert threading.active_count() == threads


def wait_for(panel: TournamentPanel) -> None:
    assert panel.run.wait(120)
    deadline = time.monotonic() + 30
    while panel.play.disabled and time.monotonic() < deadline:  # the last redraw runs in the playing thread
        time.sleep(0.01)


def test_the_panel_plays_shows_wins_with_intervals_and_can_play_again() -> None:
    setup = SetupPanel(TableSetup(bots=("random",), seed=5), lambda _: None)
    panel = setup.tournament
    assert panel in setup.body.children
    panel.first.value = "tactician"
    panel.play.click()
    first = panel.run
    assert panel.play.disabled
    panel.play.click()  # pressing again while it runs starts nothing new
    assert panel.run is first
    wait_for(panel)
    records = first.result()
    assert len(records) == GAME_COUNTS[0] and not panel.play.disabled
    html = panel.results.value
    for rate in win_rates(records, first.names):
        assert f">{rate.name}<" in html and f">{rate.wins}<" in html
    assert "P1 (tactician)" in html and "P2 (random)" in html and "95 % Wilson interval" in html
    assert "catches the true chance in about 95 tournaments out of 100" in html
    status = panel.progress.children[0].children[0].children[1].value
    assert status.startswith("100 of 100 games played: P1 (tactician)") and status.endswith("Finished.")
    panel.play.click()
    assert panel.run is not first
    wait_for(panel)


def test_a_student_can_stop_the_tournament() -> None:
    panel = TournamentPanel(lambda: TableSetup(bots=("tactician",), seed=2))
    panel.games.value = 1_000
    panel.play.click()
    _bar, stop = panel.progress.children[0].children[0].children[0].children
    stop.click()
    wait_for(panel)
    assert panel.run.stopped and len(panel.run.records) < 1_000
    assert stop.description == "Stopped" and not panel.play.disabled
    assert panel.results.value == "" or "games" in panel.results.value


def test_a_refusal_is_a_sentence_and_nothing_starts() -> None:
    panel = TournamentPanel(lambda: TableSetup(bots=("greedy",), rules={"dos_penalty": 99}))
    panel.play.click()
    assert panel.run is None and panel.progress.children == ()
    assert panel.message.value.startswith("Not started: ") and "(R11.1)" in panel.message.value


def test_the_form_offers_only_whole_numbers_the_rules_accept() -> None:
    setup = SetupPanel(TableSetup(), lambda _: None)
    for name, (low, high) in INT_RANGES.items():
        control = setup.rules[name]
        assert (control.min, control.max) == (low, high)
        control.value = high + 1
        assert control.value == high
    setup.rules["hand_size"].value = 0
    RuleSet(**setup.current_setup().rules)  # accepted: the form clamped it to 1
    assert setup.current_setup().rules["hand_size"] == 1


def test_the_panel_speaks_the_page_language() -> None:
    with language("cs"):
        panel = TournamentPanel(lambda: TableSetup(bots=("greedy",)))
        words = [panel.play.description, panel.games.description, panel.first.description, panel.children[0].value]
    for english in ("Play the games", "Games:", "plays like", "A computer tournament"):
        assert not any(english in w for w in words), (english, words)
