"""A student's seat at a room's table (issue "The class plays together", items 2–4): moves reach the other seats,
a refusal reaches only the student who made it, and a seat opened again is at the same move."""

from __future__ import annotations

from pathlib import Path

import pytest

from dos_lab import Round
from dos_lab.classroom import ClassStore, RoomTable
from dos_lab.moves import perform


@pytest.fixture
def store(tmp_path: Path) -> ClassStore:
    return ClassStore(str(tmp_path / "class.db"))


def two_students(store: ClassStore, seed: int = 4) -> tuple[RoomTable, RoomTable]:
    code = store.create_room(players=2, seed=seed)
    ala, ola = store.join(code, "Ala"), store.join(code, "Ola")
    return RoomTable(store, ala), RoomTable(store, ola)


def whose_turn(tables: tuple[RoomTable, RoomTable]) -> tuple[RoomTable, RoomTable]:
    first = next(t for t in tables if t.round.current == t.human)
    return first, next(t for t in tables if t is not first)


def test_a_move_reaches_the_other_seat_to_be_watched_step_by_step(store: ClassStore) -> None:
    mover, watcher = whose_turn(two_students(store))
    assert watcher.prompt.startswith(f"It is {watcher.name(mover.human)}'s turn")
    mover.draw()
    assert mover.message and mover.message_kind != "error"
    assert watcher.catch_up() is True
    assert watcher.steps_left > 0 and watcher.replaying
    watcher.skip()
    assert watcher.round.to_dict() == mover.round.to_dict() == store.save(mover.code)
    assert watcher.catch_up() is False


def test_a_refused_move_is_told_only_to_its_student_and_changes_nothing(store: ClassStore) -> None:
    mover, watcher = whose_turn(two_students(store))
    before = store.history(mover.code), watcher.round.to_dict()
    watcher.draw()  # out of turn
    assert watcher.message == f"It is {watcher.name(mover.human)}'s turn."
    watcher.undo()
    assert "cannot be taken back" in watcher.message
    assert (store.history(mover.code), watcher.round.to_dict()) == before
    assert mover.message == "" and mover.catch_up() is False


def test_a_move_beaten_by_a_classmates_is_refused_by_the_store(store: ClassStore) -> None:
    """The page has not seen the classmate's move yet: the store checks against the table as it is."""
    mover, _ = whose_turn(two_students(store))
    stale = RoomTable(store, mover.token)  # a second tab on the same seat
    mover.draw()
    stale.draw()
    assert stale.message_kind == "error"
    stale.catch_up()
    stale.skip()
    assert stale.round.to_dict() == mover.round.to_dict()


def test_a_seat_opened_again_is_at_the_same_move(store: ClassStore) -> None:
    mover, _ = whose_turn(two_students(store))
    mover.draw()
    again = RoomTable(store, mover.token)
    assert again.human == mover.human and again.round.to_dict() == mover.round.to_dict()
    assert [str(e) for e in again.events] == [str(e) for e in mover.events]


def test_two_students_play_a_whole_round_through_their_tables(store: ClassStore) -> None:
    tables = two_students(store, seed=9)
    for _ in range(400):
        if tables[0].round.over:
            break
        for table in tables:
            table.catch_up()
            if table.replaying:
                table.skip()
        mover, _ = whose_turn(tables)
        mover.hint()
        if mover.selected and mover.target is not None:
            mover.match()
        elif mover.enabled()["draw"]:
            mover.draw()
        elif mover.enabled()["place"]:
            mover.toggle_card(0)
            mover.place()
        else:
            mover.end_turn()
    for table in tables:
        table.catch_up()
    assert tables[0].round.over and tables[1].round.over
    deal, moves = store.history(tables[0].code)
    assert deal is not None
    r = Round.from_dict(deal)
    for move in moves:
        perform(r, move)
    assert r.to_dict() == tables[0].round.to_dict() == tables[1].round.to_dict() == store.save(tables[0].code)
