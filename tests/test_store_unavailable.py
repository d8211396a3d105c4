"""A class store that cannot write (issue "The class plays together", item 5): a read-only file or a full disk is
said to the student while playing, in words and not as a refusal of the rules, and nothing changes — the room's
game, the pooled results and a kept game stay as they were. Real SQLite: the file opened read-only, and a file
that may not grow."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event

from dos_lab.classroom import ClassStore, RoomTable
from dos_lab.errors import Unavailable

READ_ONLY = "data file is read-only"


def seated(path: Path) -> tuple[str, str]:
    """A started room of two students on the store at ``path``: its code and the token of the seat to play."""
    store = ClassStore(str(path))
    code = store.create_room(players=2, seed=4)
    tokens = [store.join(code, "Ala"), store.join(code, "Ola")]
    mover = next(t for t in tokens if store.view(t).player == store.view(t).current)
    store.close()
    return code, mover


def read_only(path: Path) -> ClassStore:
    """The same file, opened the way a store on a read-only disk or with a read-only file is."""
    return ClassStore(f"sqlite:///file:{path}?mode=ro&uri=true")


def test_a_move_on_a_read_only_store_is_told_and_changes_nothing(tmp_path: Path,
                                                                caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "class.db"
    code, mover = seated(path)
    writable = ClassStore(str(path))
    before = writable.history(code), writable.view(mover).version
    table = RoomTable(read_only(path), mover)
    seen = table.round.to_dict()
    with caplog.at_level(logging.WARNING, logger="dos_lab.classroom.database"):
        table.draw()
    assert table.message_kind == "error" and READ_ONLY in table.message
    assert not table.message.startswith("Not allowed")  # not a refusal of the rules
    assert table.round.to_dict() == seen
    assert (writable.history(code), writable.view(mover).version) == before
    assert "readonly" in caplog.text and "Traceback" not in caplog.text  # the teacher's terminal: one plain line
    with pytest.raises(Unavailable, match=READ_ONLY):
        read_only(path).play(mover, table.round.legal_moves()[0])


def test_results_and_kept_games_on_a_read_only_store_are_refused_whole(tmp_path: Path) -> None:
    path = tmp_path / "class.db"
    ClassStore(str(path)).close()
    store = read_only(path)
    with pytest.raises(Unavailable, match=READ_ONLY):
        store.submit("lesson-01-hits", "Ala", {"hits": 31, "trials": 100})
    with pytest.raises(Unavailable, match=READ_ONLY):
        store.keep_table("a" * 16, {"game": {}}, 0)
    assert ClassStore(str(path)).results("lesson-01-hits") == []


def test_a_store_whose_disk_is_full_says_so_and_keeps_what_it_had(tmp_path: Path) -> None:
    store = ClassStore(str(tmp_path / "class.db"))
    store.submit("lesson-01-hits", "Ala", {"hits": 31, "trials": 100})

    @event.listens_for(store.database.engine, "connect")
    def no_room_to_grow(dbapi: Any, _record: Any) -> None:
        pages = dbapi.execute("PRAGMA page_count").fetchone()[0]
        dbapi.execute(f"PRAGMA max_page_count = {pages}")  # SQLite's own limit: the file may not grow

    store.database.engine.dispose()  # new connections, each with the limit
    with pytest.raises(Unavailable, match="data is full"):
        for number in range(2000):  # until a page is needed that the file may not take
            store.submit("lesson-01-hits", f"Student {number}", {"hits": 31, "trials": 100})
    results = dict(store.results("lesson-01-hits"))
    assert results["Ala"] == {"hits": 31, "trials": 100} and 1 <= len(results) < 2000
