"""The class store (issue "The class plays together", item 1): rooms, seats, moves and their history, on SQLite.

Each room's history must replay to exactly the round the store saves, also when several processes race on one
room; every refusal must leave the store as it was.
"""

from __future__ import annotations

import multiprocessing
import random
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from room_players import play_seat

from dos_lab import DosError, IllegalMove, InvalidInput, Move, Round
from dos_lab.classroom import ClassStore
from dos_lab.moves import perform


def replayed(store: ClassStore, code: str) -> dict[str, object]:
    deal, moves = store.history(code)
    assert deal is not None
    r = Round.from_dict(deal)
    for move in moves:
        perform(r, move)
    return r.to_dict()


def everything(store: ClassStore, code: str) -> tuple[object, ...]:
    """What a refusal must leave unchanged: the room's version, its history and its round."""
    return store.wait(code, 10**9, timeout=0), store.history(code), store.save(code)


@pytest.fixture(params=["sqlite", "postgresql"])
def where(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh class store: a SQLite file, or a new database on the real PostgreSQL server of the session."""
    if request.param == "sqlite":
        yield str(tmp_path / "class.db")
        return
    url = request.getfixturevalue("postgres_url")
    name = f"class_{uuid.uuid4().hex[:12]}"
    admin = sa.create_engine(url, isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.exec_driver_sql(f"CREATE DATABASE {name}")
    yield url.replace("/postgres?", f"/{name}?")
    with admin.connect() as c:
        c.exec_driver_sql(f"DROP DATABASE {name} WITH (FORCE)")
    admin.dispose()


@pytest.fixture
def store(where: str) -> Iterator[ClassStore]:
    opened = ClassStore(where)
    yield opened
    opened.close()


def test_a_room_plays_a_whole_round_and_its_history_replays_to_the_saved_round(store: ClassStore) -> None:
    code = store.create_room(players=3, seed=11)
    ala, olek = store.join(code, "Ala"), store.join(code, "Olek")
    store.add_bot(code, "greedy")
    with pytest.raises(IllegalMove, match="already started"):
        store.start(code)
    rng = random.Random(5)
    for _ in range(2000):
        views = {t: store.view(t) for t in (ala, olek)}
        if views[ala].over:
            break
        for token in (ala, olek):
            options = store.legal_moves(token)
            if options:
                store.play(token, rng.choice(options))
                break
    assert store.view(ala).over
    assert replayed(store, code) == store.save(code)
    view = store.view(olek)
    assert view.player == 1 and view.names == ("Ala", "Olek", "greedy") and view.bots == (None, None, "greedy")


def test_a_seat_sees_only_its_own_hand(store: ClassStore) -> None:
    code = store.create_room(players=3, seed=2)
    tokens = [store.join(code, name) for name in ("Ala", "Olek")]
    store.start(code)
    saved = Round.from_dict(store.save(code))
    for seat, token in enumerate(tokens):
        table = store.view(token).table
        assert table is not None
        assert [hand is not None for hand in table.hands] == [p == seat for p in range(3)]
        assert store.view(token).hand == saved.hand(seat)


def test_the_computer_players_play_as_soon_as_the_turn_is_theirs(store: ClassStore) -> None:
    code = store.create_room(players=2, seed=3)  # the dealer is P2, so P1 starts
    token = store.join(code, "Ala")
    store.add_bot(code, "random")
    view = store.view(token)
    assert view.started and view.current == 0
    for _ in range(50):  # end the student's turn as fast as the rules allow
        if any(m.player == 1 for m in store.history(code)[1]) or store.view(token).over:
            break
        options = store.legal_moves(token)
        quick = [m for m in options if str(m) in ("P1: end turn", "P1: draw") or str(m).startswith("P1: place")]
        store.play(token, (quick or options)[0])
    _, moves = store.history(code)
    assert any(m.player == 1 for m in moves), "the computer player's moves are recorded"
    assert replayed(store, code) == store.save(code)


def test_nothing_is_lost_when_the_server_starts_again(where: str) -> None:
    path = where
    first = ClassStore(path)
    code = first.create_room(players=2, seed=4)
    token = first.join(code, "Ala")
    first.add_bot(code, "greedy")
    first.play(token, first.legal_moves(token)[0])
    before = first.save(code)
    first.close()
    again = ClassStore(path)
    assert again.save(code) == before and again.view(token).player == 0


def test_refusals_name_the_reason_and_change_nothing(store: ClassStore) -> None:
    code = store.create_room(players=2, seed=6)
    ala = store.join(code, "Ala")
    for bad, message in [("", "type your first name"), ("x" * 25, "at most 24"), ("A\x07la", "control"),
                         ("ala", "already at this table"), (7, "first name")]:
        with pytest.raises(InvalidInput, match=message):
            store.join(code, bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidInput, match="no room with the code"):
        store.join("ZZZZ", "Ola")
    with pytest.raises(InvalidInput, match="not a room code"):
        store.join("AB", "Ola")
    with pytest.raises(IllegalMove, match="not started"):
        store.play(ala, "draw")
    olek = store.join(code, "Olek")  # the room is full: the game starts
    with pytest.raises(InvalidInput, match="already started|full"):
        store.join(code, "Ewa")
    before = everything(store, code)
    first = store.view(ala)
    mine, other = (ala, olek) if first.current == 0 else (olek, ala)
    for token, move, error, message in [
        (other, "draw", IllegalMove, "turn"),                                    # out of turn
        (mine, "P2: draw" if mine == ala else "P1: draw", IllegalMove, "cannot make"),  # the wrong seat
        ("forged-token", "draw", InvalidInput, "not known"),
        (mine, "jump", InvalidInput, "not a move"),
        (mine, "place R7", IllegalMove, "R3.3|R7.3|hand"),
    ]:
        with pytest.raises(error, match=message):
            store.play(token, move)
        assert everything(store, code) == before
    with pytest.raises(IllegalMove, match="changed since"):
        store.play(mine, store.legal_moves(mine)[0], version=first.version - 1)
    assert everything(store, code) == before
    with pytest.raises(DosError):
        ClassStore("")


def test_pooled_results_keep_one_per_student(store: ClassStore) -> None:
    store.submit("2.easiest", "Ala", {"hits": 3, "n": 10})
    store.submit("2.easiest", "Olek", {"hits": 5, "n": 10})
    store.submit("2.easiest", "Ala", {"hits": 4, "n": 10})
    assert sorted(store.results("2.easiest")) == [("Ala", {"hits": 4, "n": 10}), ("Olek", {"hits": 5, "n": 10})]
    with pytest.raises(InvalidInput):
        store.submit("2.easiest", "Ala", float("nan"))
    assert len(store.results("2.easiest")) == 2


def test_racing_writers_never_fork_a_game(where: str) -> None:
    """Two students, a second tab on one seat and a computer player, in four processes on one store."""
    path = where
    store = ClassStore(path)
    code = store.create_room(players=3, seed=21)
    ala, olek = store.join(code, "Ala"), store.join(code, "Olek")
    store.add_bot(code, "greedy")
    context = multiprocessing.get_context("spawn")
    with context.Pool(3) as pool:
        outcomes = pool.starmap_async(play_seat, [(path, ala, 1), (path, ala, 2), (path, olek, 3)]).get(600)
    assert store.view(ala).over
    assert sum(played for played, _ in outcomes) > 0
    deal, moves = store.history(code)
    assert replayed(store, code) == store.save(code)
    r = Round.from_dict(deal)
    for move in moves:  # every recorded move was legal at its moment: nothing forked
        assert move in r.legal_moves(move.player) or move.player == 2, str(move)
        perform(r, move)
    assert [Move.from_dict(m.to_dict()) for m in moves] == moves


# --- games the home page keeps for its visitors (issue "The class plays together", item 4) ----------------------

def test_a_kept_game_is_read_back_and_a_stale_tab_cannot_overwrite_it(store: ClassStore) -> None:
    token = "abcdefgh12345678"
    first = {"format": "x", "moves": [1, 2]}
    assert store.keep_table(token, first) == 1
    assert store.kept_table(token) == (first, 1)
    later = {"format": "x", "moves": [1, 2, 3]}
    assert store.keep_table(token, later, 1) == 2
    # a second tab still holding version 1, and a page that thinks its new token is unused: both refused
    for version in (1, 0):
        with pytest.raises(InvalidInput, match="went on in another tab"):
            store.keep_table(token, {"format": "stale"}, version)
    assert store.kept_table(token) == (later, 2)
    with pytest.raises(InvalidInput, match="no game is kept"):
        store.kept_table("nobodyhasthis123")
    for forged in ("short", "x" * 65, "abc/../defghij", "абвгдеёжзий", "<script>alert</script>", 12345678):
        with pytest.raises(InvalidInput, match="does not hold a kept game"):
            store.kept_table(forged)  # type: ignore[arg-type]
        with pytest.raises(InvalidInput, match="does not hold a kept game"):
            store.keep_table(forged, first)  # type: ignore[arg-type]
    store.clear()
    with pytest.raises(InvalidInput, match="no game is kept"):
        store.kept_table(token)


def test_a_reset_room_is_empty_for_a_new_game_and_no_kernel_plays_on_its_old_one(where: str) -> None:
    """The teacher's Reset: the room keeps its code, players and rules; its seats, game and moves go. Another
    page's kernel (a second store on the same database) that had the old game in memory follows the new one."""
    teacher, student, watcher = ClassStore(where), ClassStore(where), ClassStore(where)
    try:
        code = teacher.create_room(players=2, seed=6)
        ala = student.join(code, "Ala")
        student.add_bot(code, "greedy")
        rng = random.Random(1)
        for _ in range(12):
            if not student.view(ala).over:
                student.play(ala, rng.choice(student.legal_moves(ala)))
        old_moves, old_seed = len(student.history(code)[1]), Round.from_dict(student.save(code)).seed
        assert old_moves >= 12 and student.seated(ala)
        assert watcher.save(code) == student.save(code)  # a third page's kernel now holds the old game in memory
        version = teacher.version(code)
        assert teacher.reset_room(code) == version + 1
        assert not student.seated(ala) and not student.seated("no such token")
        assert student.history(code) == (None, []) and student.save(code) is None
        with pytest.raises(InvalidInput, match="seat token is not known"):
            student.view(ala)
        (room,) = teacher.rooms_now()
        assert (room.code, room.names, room.round_number) == (code, (), None)
        ola = student.join(code, "Ola")  # both seats are free again, and so is the first game's name
        ala = student.join(code, "Ala")
        rng = random.Random(2)
        for _ in range(4 * old_moves):  # past the old game's length: a kernel replaying the old moves would show
            if len(student.history(code)[1]) > old_moves + 5 or student.view(ola).over:
                break
            token = next(t for t in (ola, ala) if student.legal_moves(t))
            student.play(token, rng.choice(student.legal_moves(token)))
        assert len(student.history(code)[1]) > old_moves or student.view(ola).over
        assert Round.from_dict(student.save(code)).seed != old_seed  # a new deal
        assert replayed(student, code) == student.save(code) == teacher.save(code) == watcher.save(code)
        with pytest.raises(InvalidInput, match="no room with the code"):
            teacher.reset_room("ZZZZ")
    finally:
        for store in (teacher, student, watcher):
            store.close()
