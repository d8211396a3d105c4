"""A student's seat at a room's table (issue "The class plays together", items 2–4): moves reach the other seats,
a refusal reaches only the student who made it, and a seat opened again is at the same move."""

from __future__ import annotations

from pathlib import Path

import pytest
from room_positions import NAMES, catchable_room

from dos_lab import Round, RuleSet
from dos_lab.classroom import ClassStore, RoomTable
from dos_lab.classroom.table import _TurnCatch
from dos_lab.engine.moves import Catch
from dos_lab.errors import InvalidInput
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


def play_round(tables: tuple[RoomTable, ...]) -> None:
    """The students play by the table's own hint until the round ends; every page keeps up."""
    for _ in range(400):
        for table in tables:
            table.catch_up()
            if table.replaying:
                table.skip()
        if tables[0].round.over:
            break
        step(next(t for t in tables if t.round.current == t.human))
    assert all(t.round.over for t in tables)


def step(mover: RoomTable) -> None:
    """One action of the student whose turn it is, as the table's hint suggests."""
    mover.hint()
    if mover.selected and mover.target is not None:
        mover.match()
    elif mover.enabled()["draw"]:
        mover.draw()
    elif mover.enabled()["place"]:
        mover.clear_selection()
        mover.toggle_card(0)
        mover.place()
    else:
        mover.end_turn()


def finish_turn(mover: RoomTable) -> None:
    """The student watches what is left to watch, then plays until their turn is over."""
    if mover.replaying:
        mover.skip()
    turn = mover.round.turn
    for _ in range(40):
        if mover.round.turn != turn or mover.round.over:
            return
        step(mover)
    raise AssertionError(f"the turn did not end: {mover.message}")


def test_two_students_play_a_whole_round_through_their_tables(store: ClassStore) -> None:
    tables = two_students(store, seed=9)
    play_round(tables)
    deal, moves = store.history(tables[0].code)
    assert deal is not None
    r = Round.from_dict(deal)
    for move in moves:
        perform(r, move)
    assert r.to_dict() == tables[0].round.to_dict() == tables[1].round.to_dict() == store.save(tables[0].code)


def test_a_room_plays_a_game_of_rounds_to_its_target(store: ClassStore) -> None:
    """Each student deals the next round with Next round when ready; the first asking deals it, the other follows;
    the game ends at the target score (R13.3, R13.5)."""
    code = store.create_room(players=3, seed=5, rules=RuleSet(target_score=40))
    ala, ola = store.join(code, "Ala"), store.join(code, "Ola")
    store.add_bot(code, "greedy")
    tables = RoomTable(store, ala), RoomTable(store, ola)
    rounds = 0
    while True:
        play_round(tables)
        rounds += 1
        assert tables[0].game is not None and tables[1].game is not None
        assert tables[0].game.scores == tables[1].game.scores
        if tables[0].game.over:
            break
        assert tables[0].enabled()["next_round"]
        number = tables[0].game.round_number
        tables[1].next_round()  # the first to ask deals
        tables[0].next_round()  # the other follows: no second deal
        assert store.view(ala).round_number == number + 1 == tables[0].game.round_number
        assert tables[0].round.to_dict() == tables[1].round.to_dict() == store.save(code)
        assert rounds < 30
    winner = tables[0].game.winner
    assert winner is not None and tables[0].game.scores[winner] >= 40
    assert tables[1].prompt.startswith("Game over:") and "New game" not in tables[1].prompt
    tables[0].next_round()
    assert tables[0].game.round_number == store.view(ala).round_number  # nothing dealt after the end
    assert store.view(ola).scores == tuple(tables[0].game.scores)


class Clock:
    """A clock the test moves on by hand (the store asks it the time)."""

    def __init__(self) -> None:
        self.now = 1_000.0

    def __call__(self) -> float:
        return self.now


def test_a_student_who_is_away_is_played_for_and_takes_the_seat_back(tmp_path: Path) -> None:
    clock = Clock()
    store = ClassStore(str(tmp_path / "class.db"), away_after=180, clock=clock)
    code = store.create_room(players=2, seed=4)
    ala, ola = store.join(code, "Ala"), store.join(code, "Ola")
    tables = RoomTable(store, ala), RoomTable(store, ola)
    mover, watcher = whose_turn(tables)
    before = store.history(code)
    clock.now += 100
    store.here(watcher.token)
    assert store.cover(code) == store.version(code) and store.history(code) == before  # not away yet
    clock.now += 100  # the mover's page has said nothing for 200 s; the watcher's for 100 s
    assert store.view(watcher.token).away[mover.human] is True
    assert store.view(watcher.token).away[watcher.human] is False
    store.cover(code)
    assert len(store.history(code)[1]) > len(before[1])  # a computer player played the mover's turn
    assert store.view(watcher.token).current == watcher.human
    watcher.catch_up()
    watcher.skip()
    finish_turn(watcher)
    # while the mover is away, their turns are played as soon as the turn passes to them
    assert watcher.round.over or store.view(watcher.token).current == watcher.human
    # back: the seat is the student's again, and their page catches up with what was played for them
    store.here(mover.token)
    assert store.view(mover.token).away[mover.human] is False
    mover.catch_up()
    mover.skip()
    assert mover.round.to_dict() == store.save(code)
    if not mover.round.over:
        finish_turn(watcher)
        assert watcher.round.over or store.view(mover.token).current == mover.human


def test_a_second_tab_on_a_seat_is_told_and_a_reload_is_not(tmp_path: Path) -> None:
    clock = Clock()
    store = ClassStore(str(tmp_path / "class.db"), clock=clock)
    code = store.create_room(players=2, seed=4)
    ala, ola = store.join(code, "Ala"), store.join(code, "Ola")
    assert store.here(ala, tab="first") == 0
    clock.now += 10
    assert store.here(ala, tab="reloaded") == 0  # the first page said nothing since: it was closed by a reload
    clock.now += 10
    assert store.here(ala, tab="reloaded") == 0
    assert store.here(ala, tab="second") == 0
    clock.now += 10
    assert store.here(ala, tab="reloaded") == 1  # the second tab has spoken since this one opened
    assert store.here(ala, tab="second") == 1
    assert store.here(ola, tab="third") == 0  # another seat's page is not a second tab
    clock.now += 40  # the second tab closed: it has said nothing for 40 s
    assert store.here(ala, tab="reloaded") == 0
    with pytest.raises(InvalidInput, match="1 to 32 characters"):
        store.here(ala, tab="x" * 33)
    store.reset_room(code)
    with pytest.raises(InvalidInput, match="not known"):
        store.here(ala, tab="reloaded")



def test_the_second_of_two_catchers_is_told_who_was_first(store: ClassStore) -> None:
    """R11.2: the first valid call wins. The second catcher's press is refused whether the first catch reached the
    store before it (the store refuses it) or reached the second catcher's table first (the table refuses it)."""
    names = NAMES
    code, tokens, target, (one, other) = catchable_room(store)
    first = RoomTable(store, tokens[one])
    late, looked = RoomTable(store, tokens[other]), RoomTable(store, tokens[other])  # two tabs of one seat
    first.catch(target)
    assert first.message.startswith(f"Caught! P{target + 1} ({names[target]}) forgot to call DOS")
    recorded = store.history(code)[1]
    told = (f"Not allowed: P{one + 1} ({names[one]}) caught P{target + 1} ({names[target]}) first: only the first "
            "call counts (R11.2)")
    late.catch(target)  # this table has not looked at the store since: the store refuses the catch
    assert late.message == told
    assert looked.catch_up() and looked.replaying  # this one has, and shows the catch step by step
    looked.catch(target)
    assert looked.message == told
    assert store.history(code)[1] == recorded


def test_a_catch_of_the_same_turn_number_in_an_earlier_round_stands_in_no_one_s_way(store: ClassStore) -> None:
    names = NAMES
    _, tokens, target, (one, other) = catchable_room(store)
    table = RoomTable(store, tokens[other])
    assert table.game is not None
    earlier = (table.game.round_number - 1, table.round.turn)  # what this table saw in the round before
    table._catches[target] = _TurnCatch(earlier, Catch(one, target))
    table.catch(target)
    assert table.message.startswith(f"Caught! P{target + 1} ({names[target]}) forgot to call DOS")
