"""Lesson 5's class experiment (issue 22): each student plays a small seeded tournament between GreedyBot and
TacticianBot and sends GreedyBot's wins; only what the lesson's own games give counts; the class's interval is read
as an estimate of the long-run win rate, as a question with no exact answer must be."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from page_waits import eventually

from dos_lab import InvalidInput
from dos_lab.analysis.simulate import SerialExecutor, play_games, wilson_interval
from dos_lab.bots import GreedyBot, TacticianBot
from dos_lab.classroom import ClassStore
from dos_lab.classroom import experiments as X
from dos_lab.classroom.experiments import (
    GUESS,
    Pool,
    check_share,
    experiment,
    pool,
    reading,
    run_share,
    share_seed,
)

NAME = "lesson-05-greedy-wins"


def shares(*wins: int, games: int = 50) -> list[tuple[str, dict[str, int]]]:
    return [(f"Student {i}", {"hits": w, "trials": games, "seed": i}) for i, w in enumerate(wins)]


def test_the_lesson_s_own_tournament_is_the_reference_the_experiment_quotes() -> None:
    e = experiment(NAME)
    records = play_games([GreedyBot, TacticianBot], 150, 2024, SerialExecutor())
    assert e.reference == (sum(1 for r in records if r.winner == 0), 150) == (71, 150)
    assert e.exact is None and e.lesson == 5 and e.size == 50


def test_a_share_is_the_students_own_seeded_games() -> None:
    e = experiment(NAME)
    share = run_share(e, "Ala")
    played = play_games([GreedyBot, TacticianBot], 50, share_seed(NAME, "Ala"), SerialExecutor())
    assert share == {"hits": sum(1 for r in played if r.winner == 0), "trials": 50, "seed": share_seed(NAME, "Ala")}
    assert run_share(e, " ALA ") == share != run_share(e, "Ola")
    assert check_share(e, "Ala", share) == share


@pytest.mark.parametrize(("change", "says"), [
    ({"hits": 49}, "tournament with this seed gives GreedyBot"),  # a forged count
    ({"hits": "20"}, "tournament with this seed gives GreedyBot"),
    ({"seed": 1}, "played with Ala's seed and 50 games"),  # someone else's games
    ({"trials": 500}, "played with Ala's seed and 50 games"),  # more games than a share
    ({"extra": 1}, "not a result"),
])
def test_a_result_the_lesson_did_not_play_is_refused_and_left_out(change: dict[str, object], says: str) -> None:
    e = experiment(NAME)
    forged = run_share(e, "Ala") | change
    with pytest.raises(InvalidInput, match=says):
        check_share(e, "Ala", forged)
    p = pool(e, [("Ala", forged), ("Ola", run_share(e, "Ola"))])
    assert (p.students, p.refused) == (1, 1)
    assert "left out" in reading(e, p)[-1]


def test_a_result_sent_twice_replaces_and_a_closed_experiment_keeps_nothing(tmp_path: Path) -> None:
    e = experiment(NAME)
    store = ClassStore(str(tmp_path / "class.db"))
    forged = {"hits": 50, "trials": 50, "seed": share_seed(NAME, "Ala")}
    store.submit(NAME, "Ala", forged)
    assert pool(e, store.results(NAME)).refused == 1
    store.submit(NAME, "ala", run_share(e, "Ala"))  # the same student again (any capitals): the later one counts
    p = pool(e, store.results(NAME))
    assert (p.students, p.refused, p.hits) == (1, 0, run_share(e, "Ala")["hits"])
    store.close_experiment(NAME)
    with pytest.raises(InvalidInput, match="closed this class experiment"):
        store.submit(NAME, "Ola", run_share(e, "Ola"))
    with pytest.raises(InvalidInput, match="closed this class experiment"):
        store.submit(NAME + GUESS, "Ola", {"chance": 40})
    assert [s for s, _ in store.results(NAME)] == ["Ala", "ala"] and store.results(NAME + GUESS) == []
    store.close()


def test_the_pool_adds_the_games_and_gives_their_wilson_interval() -> None:
    e = experiment(NAME)
    p = pool(e, shares(20, 29, 23), checked=False)
    assert (p.students, p.hits, p.trials) == (3, 72, 150)
    assert p.interval == wilson_interval(72, 150)
    assert [n for n, *_ in p.running()] == [50, 100, 150]


def test_the_reading_never_claims_an_exact_answer() -> None:
    e = experiment(NAME)
    for p in (pool(e, shares(20), checked=False), pool(e, shares(20, 29, 23, 24), checked=False),
              pool(e, shares(*[21] * 30), checked=False), pool(e, shares(*[29] * 30), checked=False)):
        said = " ".join(reading(e, p))
        assert "exact chance" not in said and "estimate of GreedyBot's long-run win rate" in said
        assert "95 % Wilson interval" in said and "lesson's own tournament of 150 games gave 47.3 %" in said
    one = reading(e, pool(e, shares(20), checked=False))
    assert "When classmates send their results, the class's interval narrows." in one
    assert "not played more games than that yet" in " ".join(one)


def test_the_reading_says_what_the_class_s_interval_shows_about_the_even_contest() -> None:
    e = experiment(NAME)
    even = " ".join(reading(e, pool(e, shares(20, 29, 23, 24), checked=False)))
    assert "50 % is inside the interval" in even and "do not show that either bot is the better player" in even
    below = " ".join(reading(e, pool(e, shares(*[21] * 30), checked=False)))  # 630 of 1,500: 42 %
    assert "lies below 50 %" in below and "TacticianBot wins more than half" in below
    assert "10.0 times as many games" in below and "(√10.0 ≈ 3.2)" in below
    above = " ".join(reading(e, pool(e, shares(*[29] * 30), checked=False)))
    assert "lies above 50 %" in above and "GreedyBot wins more than half" in above


def test_single_students_scatter_more_than_the_class() -> None:
    e = experiment(NAME)
    p = pool(e, shares(15, 20, 25, 30, 35), checked=False)  # 30 % … 70 %; the class: 50 %, about ±6 points
    said = reading(e, p)
    assert "their shares run from 30.0 % to 70.0 %, and 4 of 5 lie outside the class's interval" in said[-1]
    assert "(√5 ≈ 2.2)" in said[-2]


def test_a_played_share_is_kept_for_the_site_s_other_pages(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    e = experiment(NAME)
    monkeypatch.setenv("DOS_LAB_CACHE", str(tmp_path))
    X._hits.cache_clear()
    share = run_share(e, "Kuba")  # the student's own page plays the games
    assert (tmp_path / f"class-share-{NAME}-{share['seed']}-50").read_text() == str(share["hits"])
    X._hits.cache_clear()  # another page of the site: it must not play the class's games again

    def no_games(*_: object, **__: object) -> None:
        raise AssertionError("played again")

    monkeypatch.setattr(X, "play_games", no_games)
    assert check_share(e, "Kuba", share) == share
    with pytest.raises(InvalidInput, match="gives GreedyBot"):
        check_share(e, "Kuba", share | {"hits": share["hits"] + 1})
    X._hits.cache_clear()


def test_the_panel_plays_sends_and_shows_the_class_without_an_exact_line(tmp_path: Path) -> None:
    from dos_lab.app.class_panel import ClassPanel
    from dos_lab.widgets.answers import Guess

    store = ClassStore(str(tmp_path / "class.db"))
    e = experiment(NAME)
    ala, ola = ClassPanel(store, e, "", Guess("?", name="5")), ClassPanel(store, e, "name=Ola", Guess("?", name="5"))
    try:
        assert ala.send.description == "Play and send to the class"
        ala.send_share()  # no name: told, nothing played or kept
        assert "first name" in ala.status.value and store.results(NAME) == []
        ala.name.value = "Ala"
        assert ala.guess is not None
        ala.guess.control.value = 40
        ala.guess.lock_in()
        ala.send_share()
        hits = run_share(e, "Ala")["hits"]
        assert f"Sent: {hits} of your 50 tournament games were won by GreedyBot" in ala.status.value
        assert store.results(NAME + GUESS) == [("Ala", {"chance": 40.0})]
        ola.send_share()
        assert eventually(lambda: "The class has sent 2 results." in ala.reading.value)
        assert "100 tournament games were won by GreedyBot" in ala.reading.value
        assert "exact chance" not in ala.reading.value + ala.shares.value + ala.running.value + ala.guesses.value
        assert "an even contest (50 %)" in ala.shares.value and "an even contest (50 %)" in ala.running.value
        assert ala.shares.value.count("<circle") == 2 and ala.shares.value.count("#e65100") >= 1
        assert "the class&#x27;s share and its 95 % interval" in ala.guesses.value
    finally:
        ala.close()
        ola.close()
        store.close()


def test_the_teacher_sees_lesson_5_closes_it_and_exports_it(tmp_path: Path) -> None:
    from dos_lab.app.teacher import TeacherPage
    from dos_lab.classroom.export import results_csv

    store = ClassStore(str(tmp_path / "class.db"))
    e = experiment(NAME)
    for name in ("Ala", "Ola"):
        store.submit(NAME, name, run_share(e, name))
    store.submit(NAME + GUESS, "Ala", {"chance": 45})
    page = TeacherPage(store, "KEY", "teacher=KEY")
    try:
        board = next(w for w in page.experiments.children if f"dos-teacher-{NAME}" in w._dom_classes)
        shown = "".join(child.value for child in board.children)
        assert "Lesson 5" in shown and "The class has sent 2 results." in shown and "an even contest" in shown
        assert "wins" in shown and "Ala" in shown and "45 %" in shown
        button = page.switches[NAME]
        assert "Close lesson 5" in button.description
        button.click()
        assert store.settings().closed == {NAME} and "Open lesson 5" in button.description
    finally:
        page.close()
    rows = [r for r in csv.DictReader(io.StringIO(results_csv(store))) if r["experiment"] == NAME]
    assert [(r["student"], r["trials"], r["exact_percent"], r["counted"]) for r in rows] == [
        ("Ala", "50", "", "yes"), ("Ola", "50", "", "yes")]
    assert rows[0]["guess"] == "45" and rows[0]["hits"] == str(run_share(e, "Ala")["hits"])
    store.close()


def test_pool_of_a_tournament_is_a_plain_pool() -> None:
    assert isinstance(pool(experiment(NAME), []), Pool)
    assert reading(experiment(NAME), pool(experiment(NAME), [])) == ["Nobody has sent a result yet."]
