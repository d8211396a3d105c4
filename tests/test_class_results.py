"""The class's pooled experiments (issue "The class learns together"): results a whole class sends at once are all
kept, one per student; only what the lesson's own simulation deals counts; the statistics are the textbook ones.
"""

from __future__ import annotations

import json
import math
import multiprocessing
import threading
import time
from collections.abc import Iterator
from fractions import Fraction
from html import escape
from pathlib import Path

import pytest
from class_senders import STUDENTS, send_share
from page_waits import eventually

from dos_lab import InvalidInput
from dos_lab.classroom import ClassSettings, ClassStore
from dos_lab.classroom.experiments import (
    EXPERIMENTS,
    GUESS,
    check_guess,
    check_share,
    experiment,
    guesses,
    pool,
    reading,
    run_share,
    share_seed,
)
from dos_lab.probability import hand_points_pmf, p_single_match, sample_outcomes

pytest_plugins = ["test_classroom"]  # its fixture `where`: a SQLite file, or a database on a real PostgreSQL


def send_all_at_once(where: str, size: int) -> None:
    context = multiprocessing.get_context("spawn")
    go = context.Event()
    senders = [context.Process(target=send_share, args=(where, name, go, size)) for name in STUDENTS]
    for sender in senders:
        sender.start()
    time.sleep(3)  # let every process import and open the store, so the sends really come together
    go.set()
    for sender in senders:
        sender.join(120)
    assert [sender.exitcode for sender in senders] == [0] * len(senders)


def test_a_whole_class_sends_at_once_and_every_latest_result_is_kept(where: str) -> None:
    ClassStore(where).close()  # the tables exist before 30 processes race to open the store
    send_all_at_once(where, 1)
    send_all_at_once(where, 2)  # everybody sends again: the later result replaces the earlier
    again = ClassStore(where)  # a new store object (a restarted server) reads what was sent
    kept = again.results("lesson-01-hits")
    assert sorted(student for student, _ in kept) == sorted(STUDENTS)
    assert {result["size"] for _, result in kept} == {2}
    e = experiment("lesson-01-hits")
    assert all(result["hits"] == run_share(e, student)["hits"] for student, result in kept)
    again.close()


def wilson(hits: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval, written out from its textbook formula."""
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return centre - half, centre + half


@pytest.mark.parametrize("name", sorted(EXPERIMENTS))
def test_the_pool_is_the_sum_of_the_stored_shares_with_its_wilson_interval(name: str, tmp_path: Path) -> None:
    store = ClassStore(str(tmp_path / "class.db"))
    e = experiment(name)
    for student in STUDENTS[:12]:
        store.submit(name, student, run_share(e, student))
    raw = [json.loads(json.dumps(result)) for _, result in store.results(name)]
    hits, n = sum(r["hits"] for r in raw), sum(r["trials"] for r in raw)
    p = pool(e, store.results(name))
    assert (p.students, p.hits, p.trials, p.refused) == (12, hits, n, 0)
    assert p.frequency == hits / n
    assert p.interval == pytest.approx(wilson(hits, n), abs=1e-12)
    assert [t for t, *_ in p.running()] == [e.size * k for k in range(1, 13)]
    assert p.running()[-1][1:] == pytest.approx((hits / n, *wilson(hits, n)), abs=1e-12)


def test_a_share_is_what_the_lesson_deals_for_its_student() -> None:
    e = experiment("lesson-01-hits")
    share = run_share(e, "Ala")
    outcomes = sample_outcomes("single_match", 100, share_seed(e.name, "Ala"), v=7, exclude_target=True)
    assert share == {"hits": int(outcomes.sum()), "trials": 100, "seed": share_seed(e.name, "Ala")}
    assert run_share(e, " ala ") == share != run_share(e, "Ola")
    assert e.exact == p_single_match(7, exclude_target=True)
    points = experiment("lesson-04-100-points")
    assert points.exact == sum((q for v, q in hand_points_pmf(7).items() if v >= 100), Fraction(0))
    dealt = sample_outcomes("hand_points", 100, share_seed(points.name, "Ala"))
    assert run_share(points, "Ala")["hits"] == int((dealt >= 100).sum())


@pytest.mark.parametrize(("change", "says"), [
    ({"hits": 100}, "gives"),  # a forged count
    ({"seed": 1}, "seed"),  # someone else's hands
    ({"trials": 1000}, "100 hands"),  # more hands than a share
    ({"extra": 1}, "not a result"),
])
def test_a_result_the_lesson_did_not_deal_is_refused_and_left_out(change: dict[str, int], says: str) -> None:
    e = experiment("lesson-01-hits")
    forged = run_share(e, "Ala") | change
    with pytest.raises(InvalidInput, match=says):
        check_share(e, "Ala", forged)
    p = pool(e, [("Ala", forged), ("Ola", run_share(e, "Ola"))])
    assert (p.students, p.refused) == (1, 1)
    assert "left out" in reading(e, p)[-1]


def test_one_share_per_student_whatever_the_capitals() -> None:
    e = experiment("lesson-01-hits")
    p = pool(e, [("Ala", run_share(e, "Ala")), ("Ola", run_share(e, "Ola")), ("ALA", run_share(e, "ALA"))])
    assert [student for student, _, _ in p.shares] == ["ALA", "Ola"]


@pytest.mark.parametrize("bad", [{"chance": 101}, {"chance": -1}, {"chance": True}, {"chance": "40"}, {"choice": 4},
                                 {"chance": 40, "choice": 1}, 40, None])
def test_a_guess_is_a_chance_or_one_of_the_options(bad: object) -> None:
    with pytest.raises(InvalidInput):
        check_guess(bad, 4 if isinstance(bad, dict) and "choice" in bad else 0)
    assert guesses([("Ala", bad), ("Ola", {"chance": 12})]) == [("Ola", 12.0)]


# ---------------------------------------------------------------- the panel on a lesson's page


@pytest.fixture
def two_pages(tmp_path: Path) -> Iterator[tuple[object, object, ClassStore]]:
    from dos_lab.app.class_panel import ClassPanel
    from dos_lab.widgets.answers import Guess

    store = ClassStore(str(tmp_path / "class.db"))
    e = experiment("lesson-01-hits")
    pages = [ClassPanel(store, e, "", Guess("?", name="1")), ClassPanel(store, e, "name=Ola", Guess("?", name="1"))]
    yield pages[0], pages[1], store
    for page in pages:
        page.close()
    store.close()


def test_a_student_sends_a_share_and_every_page_shows_it(two_pages: tuple[object, object, ClassStore]) -> None:
    from dos_lab.app.class_panel import ClassPanel

    ala, ola, store = two_pages
    assert isinstance(ala, ClassPanel) and isinstance(ola, ClassPanel)
    ala.send_share()  # no name yet
    assert "first name" in ala.status.value and store.results("lesson-01-hits") == []
    ala.name.value = "Ala"
    ala.send_share()
    assert [s for s, _ in store.results("lesson-01-hits")] == ["Ala"]
    assert "Lock in your guess" in ala.status.value
    assert ala.guess is not None
    ala.guess.control.value = 55
    ala.guess.lock_in()  # the share was sent first: the guess follows by itself
    assert store.results("lesson-01-hits" + GUESS) == [("Ala", {"chance": 55.0})]
    assert "name=Ala" in ala.address.value
    assert eventually(lambda: "sent 1 result." in ola.reading.value)
    assert ola.name.value == "Ola"
    ola.send_share()
    assert eventually(lambda: "sent 2 results." in ala.reading.value)
    assert ala.shares.value.count("<circle") == 2 and ala.running.value.count("<circle") == 2
    assert ala.guesses.value.count("<circle") == 1


def test_lesson_2_sends_the_picked_row_card_and_marks_the_easiest_one_right(tmp_path: Path) -> None:
    from dos_lab.app.class_panel import ClassPanel
    from dos_lab.lessons import row_label
    from dos_lab.probability import p_any_match
    from dos_lab.widgets.answers import Guess

    e = experiment("lesson-02-any-match")
    easiest = max(e.choices, key=p_any_match)
    store = ClassStore(str(tmp_path / "class.db"))
    guess = Guess("?", kind="choice", options=[row_label(v) for v in e.choices], name="2")
    page = ClassPanel(store, e, "name=Ala", guess)
    try:
        guess.control.value = row_label(easiest)
        guess.lock_in()
        page.send_share()
        assert store.results(e.name + GUESS) == [("Ala", {"choice": e.choices.index(easiest)})]
        assert e.right_choice == e.choices.index(easiest)
        right = page.guesses.value.split(escape(row_label(easiest)))[0].rsplit("<text", 1)[1]
        assert "bold" in right  # the right option is drawn in bold
    finally:
        page.close()
        store.close()


def test_the_panel_draws_in_a_thread_while_the_page_works(two_pages: tuple[object, object, ClassStore]) -> None:
    from dos_lab.app.class_panel import ClassPanel

    ala, _, store = two_pages
    assert isinstance(ala, ClassPanel)
    threads = [threading.Thread(target=store.submit, args=("lesson-01-hits", name, run_share(
        experiment("lesson-01-hits"), name))) for name in STUDENTS[:10]]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert eventually(lambda: "sent 10 results." in ala.reading.value)


# ---------------------------------------------------------------- the teacher's copy, and clearing the class


# ---------------------------------------------------------------- what the teacher chose


def test_a_closed_experiment_takes_nothing_until_it_is_opened_again(tmp_path: Path) -> None:
    store = ClassStore(str(tmp_path / "class.db"))
    share = run_share(experiment("lesson-01-hits"), "Ala")
    store.submit("lesson-01-hits", "Ala", share)
    store.close_experiment("lesson-01-hits")
    for name, result in (("lesson-01-hits", run_share(experiment("lesson-01-hits"), "Ola")),
                         ("lesson-01-hits" + GUESS, {"chance": 30})):
        with pytest.raises(InvalidInput, match="closed this class experiment"):
            store.submit(name, "Ola", result)
    store.submit("lesson-03-both", "Ola", run_share(experiment("lesson-03-both"), "Ola"))  # the others stay open
    assert store.results("lesson-01-hits") == [("Ala", share)] and store.results("lesson-01-hits" + GUESS) == []
    again = ClassStore(str(tmp_path / "class.db"))  # the teacher's choice is kept in the store
    assert again.settings().closed == {"lesson-01-hits"}
    again.open_experiment("lesson-01-hits")
    store.submit("lesson-01-hits", "Ola", run_share(experiment("lesson-01-hits"), "Ola"))
    assert [s for s, _ in store.results("lesson-01-hits")] == ["Ala", "Ola"]


def test_the_panel_follows_what_the_teacher_chose(tmp_path: Path) -> None:
    from dos_lab.app.class_panel import ClassPanel

    store = ClassStore(str(tmp_path / "class.db"))
    e = experiment("lesson-01-hits")
    store.submit(e.name, "Ola", run_share(e, "Ola"))
    page = ClassPanel(store, e)
    try:
        assert "Ola" not in page.names.value  # anonymous dots unless the teacher allows first names
        store.change_settings(first_names=True, send_automatically=True)
        assert eventually(lambda: "Ola" in page.names.value and "as soon as" in page.notice.value)
        page.name.value = "Ala"  # typed and Enter pressed: sent without the button
        assert [s for s, _ in store.results(e.name)] == ["Ola", "Ala"]
        store.close_experiment(e.name)
        assert eventually(lambda: page.send.disabled and "closed" in page.notice.value)
        page.name.value = "Ela"
        page.send_share()  # a click that reached a closed experiment anyway: told, nothing kept
        assert "closed" in page.status.value and len(store.results(e.name)) == 2
    finally:
        page.close()
        store.close()


def test_the_teacher_page_opens_and_closes_experiments_and_sets_the_class(tmp_path: Path) -> None:
    from dos_lab.app.teacher import TeacherPage

    store = ClassStore(str(tmp_path / "class.db"))
    page = TeacherPage(store, "KEY", "teacher=KEY")
    try:
        button = page.switches["lesson-03-both"]
        assert "Close lesson 3" in button.description
        button.click()
        assert store.settings().closed == {"lesson-03-both"} and "Open lesson 3" in button.description
        button.click()
        assert store.settings().closed == frozenset()
        page.first_names.value = True
        assert store.settings() == ClassSettings(first_names=True)
        store.change_settings(send_automatically=True)  # another teacher's page, or the same one reloaded
        assert eventually(lambda: page.auto.value)
        assert store.settings() == ClassSettings(send_automatically=True, first_names=True)
    finally:
        page.close()
        store.close()


# ---------------------------------------------------------------- tutorials' closing checks


def test_a_closing_check_reports_each_answer_and_the_teacher_sees_it_by_rule(tmp_path: Path) -> None:
    from dos_lab.app.teacher import TeacherPage
    from dos_lab.classroom.export import results_csv
    from dos_lab.widgets.answers import ChoiceBox
    from dos_lab.widgets.class_report import ClassReport

    store = ClassStore(str(tmp_path / "class.db"))
    pages = []
    for name, first in (("Ala", "1 or 2"), ("Ola", "3")):
        questions = [ChoiceBox("Cards in a match?", ["1 or 2", "3"], "1 or 2", hint="See R4.", explain="R4.2."),
                     ChoiceBox("Who deals?", ["P1", "P2"], "P2", hint="R1.3", explain="R1.3.")]
        report = ClassReport(3, questions, store)
        questions[0].choose(first)  # before a first name: nothing is kept
        assert store.results("tutorial-03") == [] if name == "Ala" else True
        report.name.value = name
        questions[0].choose("1 or 2")
        pages.append(report)
    assert "Your teacher sees your answers as Ola." in pages[1].status.value
    kept = dict(store.results("tutorial-03"))
    assert [a["first_try"] for a in kept["Ala"]["answers"]] == [True, False]
    assert [(a["tries"], a["rules"]) for a in kept["Ola"]["answers"]] == [(2, ["R4.2"]), (0, ["R1.3"])]
    store.submit("tutorial-05", "Ela", {"answers": [{"right": "yes"}]})  # not a closing check's: left out
    teacher = TeacherPage(store, "KEY", "teacher=KEY")
    try:
        shown = teacher.tutorials.value
        assert "Tutorial 3" in shown and "Tutorial 5" not in shown and "Ela" not in shown
        assert "1 of 2 right (1 at the first try)" in shown and "1 of 2 right (0 at the first try)" in shown
        assert "R4.2: 1 of 2" in shown and "R1.3" not in shown  # nobody answered the second question
    finally:
        teacher.close()
    rows = [line.split(",") for line in results_csv(store).splitlines()]
    assert [(r[1], r[9], r[10], r[11], r[12]) for r in rows if r[0] == "tutorial-03"] == [
        ("Ala", "1", "R4.2", "first_try", "2"), ("Ala", "2", "R1.3", "not_answered", "0"),
        ("Ola", "1", "R4.2", "right", "2"), ("Ola", "2", "R1.3", "not_answered", "0")]
    assert [r[7] for r in rows if r[0] == "tutorial-05"] == ["no: This is not a tutorial's closing check."]


def test_a_closing_check_has_a_name_box_only_on_a_site(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from dos_lab.classroom import site
    from dos_lab.widgets.answers import ChoiceBox
    from dos_lab.widgets.tutorial import ClosingCheck

    def check() -> ClosingCheck:
        return ClosingCheck(2, [ChoiceBox("?", ["a", "b"], "a", hint="R4.", explain="R4.")])

    assert check().report is None
    monkeypatch.setenv(site.SITE_ENV, str(tmp_path))
    monkeypatch.setenv(site.STORE_ENV, str(tmp_path / "class.db"))
    site.class_store.cache_clear()
    try:
        quiz = check()
        assert quiz.report is not None and quiz.children[1] is quiz.report
    finally:
        site.class_store.cache_clear()


def test_an_in_memory_store_takes_a_polling_thread_and_clicks_in_turn() -> None:
    # a page in a test or a lesson's notebook run outside the site keeps its class in memory: one connection
    store, failed = ClassStore(":memory:"), []

    def poll() -> None:
        for _ in range(300):
            try:
                store.results_mark("lesson-01-hits")
                store.rooms_now()
            except Exception as error:
                failed.append(error)

    looking = threading.Thread(target=poll)
    looking.start()
    for i in range(150):
        store.submit("lesson-01-hits", f"Student {i}", {"hits": 1, "trials": 100, "seed": 0})
    looking.join()
    assert failed == []
    assert len(store.results("lesson-01-hits")) == 150


def test_clearing_the_class_deletes_every_room_and_result(where: str) -> None:
    store = ClassStore(where)
    code = store.create_room(players=2, seed=3)
    store.join(code, "Ala")
    e = experiment("lesson-01-hits")
    store.submit(e.name, "Ala", run_share(e, "Ala"))
    assert store.clear() == {"rooms": 1, "results": 1}
    again = ClassStore(where)
    assert again.results(e.name) == [] and again.sent() == []
    with pytest.raises(InvalidInput):
        again.join(code, "Ola")  # the room is gone
    store.close()
    again.close()


def test_the_csv_has_one_row_per_student_per_experiment_and_says_what_is_left_out(tmp_path: Path) -> None:
    import csv
    import subprocess
    import sys

    where = str(tmp_path / "class.db")
    store = ClassStore(where)
    e = experiment("lesson-01-hits")
    for student in STUDENTS[:4]:
        store.submit(e.name, student, run_share(e, student))
        store.submit(e.name + GUESS, student, {"chance": 50})
    store.submit(e.name, STUDENTS[0], run_share(e, STUDENTS[0]))  # sent twice: one row
    store.submit(e.name, "Forger", run_share(e, "Forger") | {"hits": 100})
    store.submit("lesson-02-any-match" + GUESS, "Ala", {"choice": 3})  # a guess, no result yet
    out = tmp_path / "results.csv"
    said = subprocess.run([sys.executable, "-m", "dos_lab", f"--store={where}", f"--results-csv={out}"],
                          capture_output=True, text=True, check=True).stdout
    assert "Wrote 6 rows" in said
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    assert [(r["experiment"], r["student"]) for r in rows] == [
        *[(e.name, s) for s in STUDENTS[1:4]], (e.name, STUDENTS[0]), (e.name, "Forger"),
        ("lesson-02-any-match", "Ala")]
    assert {r["counted"] for r in rows[:4]} == {"yes"} and rows[4]["counted"].startswith("no: The lesson's")
    assert rows[0]["trials"] == "100" and rows[0]["guess"] == "50" and rows[0]["exact_percent"] == "66.40"
    assert rows[5]["guess"] == "4" and rows[5]["counted"] == "no: no result sent"

    kept = subprocess.run([sys.executable, "-m", "dos_lab", f"--store={where}", "--clear-class"], input="no\n",
                          capture_output=True, text=True, check=True).stdout
    assert "Nothing was deleted" in kept and len(ClassStore(where).sent()) == 10
    gone = subprocess.run([sys.executable, "-m", "dos_lab", f"--store={where}", "--clear-class"], input="yes\n",
                          capture_output=True, text=True, check=True).stdout
    assert "Deleted 0 rooms and 10 results." in gone and ClassStore(where).sent() == []
    store.close()
