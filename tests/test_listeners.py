"""The one listener helper (issue 20, item 4): every listener hears, one that fails is logged and stops neither
the others nor what caused the notice — for a round, a batch of games, a table model and the answer boxes alike."""

from __future__ import annotations

import logging
import re
from pathlib import Path

import pytest

from dos_lab.analysis.simulate import SerialExecutor, start_games
from dos_lab.bots import GreedyBot, RandomBot
from dos_lab.engine.events import Drew
from dos_lab.engine.listeners import Listeners
from dos_lab.errors import InvalidInput
from dos_lab.play import TableController, TableSetup

PACKAGE = Path(__file__).resolve().parents[1] / "dos_lab"


def _broken(*_: object) -> None:
    raise RuntimeError("a view broke")


def test_every_listener_hears_and_a_failure_is_logged(caplog: pytest.LogCaptureFixture) -> None:
    heard: list[str] = []
    listeners: Listeners[[str]] = Listeners()
    listeners.add(_broken)
    stop = listeners.add(heard.append)
    with caplog.at_level(logging.ERROR, logger="dos_lab.engine.listeners"):
        listeners.notify("first")
    assert heard == ["first"] and "a view broke" in (caplog.records[0].exc_text or "")
    stop()
    listeners.notify("second")
    assert heard == ["first"] and len(listeners) == 1
    with pytest.raises(InvalidInput):
        listeners.add("print")  # type: ignore[arg-type]


def test_a_listener_added_during_a_notice_hears_the_next_one() -> None:
    heard: list[str] = []
    listeners: Listeners[[str]] = Listeners()
    listeners.add(lambda word: listeners.add(lambda later: heard.append(later)) if word == "add" else None)
    listeners.notify("add")
    assert heard == []
    listeners.notify("now")
    assert heard == ["now"]


def test_a_broken_progress_view_does_not_stop_a_batch_of_games() -> None:
    run = start_games([GreedyBot, RandomBot], 3, seed=1, executor=SerialExecutor())
    run.watch(_broken)
    assert len(run.result()) == 3 and run.error is None


def test_a_broken_view_does_not_break_the_table() -> None:
    table = TableController.from_setup(TableSetup(seed=3))
    seen: list[int] = []
    table.on_change(_broken)
    table.on_change(lambda: seen.append(table.round.event_count))
    table.skip()  # through the bot's turn to the student's
    before = table.round.event_count
    table.draw()
    assert seen and any(isinstance(event, Drew) and event.player == 0 for event in table.round.events_since(before))


def test_no_module_keeps_a_listener_list_of_its_own() -> None:
    loops = re.compile(r"for (listener|callback|watcher) in|_listeners: list|_callbacks: list")
    offenders = [f"{path.relative_to(PACKAGE)}:{number}" for path in PACKAGE.rglob("*.py")
                 if path.name != "listeners.py"
                 for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                 if loops.search(line)]
    assert offenders == []
