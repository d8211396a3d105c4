"""The home page's game against computer players survives a reload (issue "The class plays together", item 4):
the table as data and back, and the home page that keeps it under the token in its address."""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dos_lab import InvalidInput, Round
from dos_lab.app.page import HomePage, home_page
from dos_lab.classroom import site
from dos_lab.play.controller import TableController, TableSetup
from dos_lab.play.kept import kept, resumed


def played_on(table: TableController, actions: int) -> None:
    """Play ``actions`` of the human's moves as Hint suggests them (Draw and Place when it has no match)."""
    for _ in range(actions):
        if table.round.over:
            return
        table.skip() if table.replaying else None
        moves = table.enabled()
        if moves["end_turn"]:
            table.end_turn()
        elif moves["draw"]:
            table.draw()
        elif moves["place"]:
            table.toggle_card(0)
            table.place()


def test_a_game_comes_back_as_it_was_and_goes_on_alike_after_every_reload() -> None:
    table = TableController.from_setup(TableSetup(bots=("tactician", "random"), seed=8, forget_dos=1.0,
                                                  rules={"after_draw_matching": "any_matches"}))
    played_on(table, 3)
    assert not table.round.over and table.round.event_count > 10
    data = kept(table)
    back, again = resumed(copy.deepcopy(data)), resumed(copy.deepcopy(data))
    assert back.round.to_dict() == table.round.to_dict() and back.game is not None and table.game is not None
    assert back.game.to_dict() == table.game.to_dict() and back.setup == table.setup
    assert back.live and not back.replaying and back.events == table.round.log
    played_on(back, 20)
    played_on(again, 20)
    assert back.round.to_dict() == again.round.to_dict()  # the computer players' dice come from the kept moment
    back.new_game()
    assert back.players == 3 and back.rules.after_draw_matching.value == "any_matches"


def test_a_tutorials_one_round_table_is_not_kept() -> None:
    with pytest.raises(InvalidInput, match="only a whole game"):
        kept(TableController(Round.deal(2, 1), ["greedy"]))


@pytest.mark.parametrize("spoil, reason", [
    (lambda d: d.update(format="dos_lab.table/0"), "a kept table is a dict"),
    (lambda d: d.pop("setup"), "a kept table is a dict"),
    (lambda d: d["setup"].update(bots=["greedy", "greedy"]), "needs 1 computer players, not 2"),
    (lambda d: d["setup"].update(bots=[]), "1 to 3 computer players"),
    (lambda d: d["setup"].update(bots=["__import__"]), "is not a computer player"),
    (lambda d: d["setup"].update(forget_dos=True), "forget_dos is a number"),
    (lambda d: d["setup"].update(forget_dos=7), "forget_dos is a number"),
    (lambda d: d["setup"].update(position="nowhere"), "is not a staged position"),
    (lambda d: d["setup"].update(password="x"), "its setup is a dict"),
    (lambda d: d["game"].update(scores=[1]), "saved game"),
    (lambda d: d["game"]["round"].update(hands=[["R1"], ["B3"]]), "the saved round holds"),
])
def test_a_corrupt_kept_table_is_refused(spoil: Any, reason: str) -> None:
    data = kept(TableController.from_setup(TableSetup(seed=3)))
    spoil(data)
    with pytest.raises(InvalidInput, match=re.escape(reason)):
        resumed(data)


@pytest.fixture
def on_a_site(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Path]:
    """Pages as ``dos-lab`` serves them, with a class store of this test."""
    monkeypatch.setenv(site.SITE_ENV, str(tmp_path))
    monkeypatch.setenv(site.STORE_ENV, str(tmp_path / "class.db"))
    site.class_store.cache_clear()
    yield tmp_path
    site.class_store.cache_clear()


def kept_line(page: HomePage) -> str:
    return next(str(w.value) for w in page.children if "dos-kept" in w._dom_classes)


def token_in(page: HomePage) -> str:
    found = re.search(r'data-dos-address="[^"]*game=([A-Za-z0-9_-]+)"', kept_line(page))
    assert found, kept_line(page)
    return found.group(1)


def test_the_home_page_keeps_its_game_under_the_token_in_its_address(on_a_site: Path) -> None:
    page = home_page("seed=21&bots=random")
    assert kept_line(page) == "" and "data-dos-address" not in kept_line(page)  # nothing kept before a move
    page.table.controller.draw()
    token = token_in(page)
    assert "keeps your game" in kept_line(page) and "seed=21&amp;bots=random&amp;game=" in kept_line(page)
    played_on(page.table.controller, 6)
    back = home_page(f"seed=21&bots=random&game={token}")
    assert back.table.controller.round.to_dict() == page.table.controller.round.to_dict()
    assert back.table.controller.message == "Welcome back: your game goes on where you left it."
    assert "keeps your game" in kept_line(back) and "data-dos-address" not in kept_line(back)
    assert f"game={token}" not in back.children[2].value  # the deal's link to share does not share the game
    # the first tab plays on: the second one, at the same address, is told that it keeps nothing
    played_on(page.table.controller, 3)
    played_on(back.table.controller, 3)
    assert "went on in another tab or window" in kept_line(back)
    assert home_page(f"game={token}").table.controller.round.to_dict() == page.table.controller.round.to_dict()


@pytest.mark.parametrize("token, note", [("Zz9Zz9Zz9Zz9Zz9Z", "No game is kept under this page's address"),
                                         ("<b>", "This page's address does not hold a kept game")])
def test_an_address_with_an_unknown_or_forged_game_deals_anew_and_says_so(on_a_site: Path, token: str,
                                                                          note: str) -> None:
    page = home_page(f"game={token}&seed=5")
    assert page.table.controller.message == f"{note}: here is a new deal."
    assert page.table.controller.seed == 5 and page.table.controller.round.event_count == \
        home_page("seed=5").table.controller.round.event_count


def test_outside_a_site_the_home_page_keeps_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(site.SITE_ENV, raising=False)
    page = home_page("seed=4")
    assert not any("dos-kept" in w._dom_classes for w in page.children)
    page.table.controller.draw()
