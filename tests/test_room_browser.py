"""Classmates at one table in headless Chromium (issue "The class plays together"): three students, each in their
own browser context, start and join a room on ``dos-lab``; one seat is a computer player. Each page shows only
its own hand; a move on one page reaches the others; a reload and a server restart bring a student back to the
same seat at the same move. Screenshots go to ``test-artifacts/``."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest
from page_waits import FIRST
from playwright.sync_api import Browser, Page, expect
from room_positions import catchable

from dos_lab.classroom import ClassStore
from dos_lab.engine.moves import Catch, Draw
from dos_lab.engine.round import Round
from dos_lab.widgets.cards import face_text

from conftest import Site, running_site

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

MOVE = 15_000


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    # two warm room pages, as `--class` keeps some (dos_lab.app.launch.pools); no other page is kept warm
    yield from running_site(tmp_path_factory.mktemp("rooms") / "class.db", "--VoilaKernelManager.kernel_pools_config="
                            '{"default": {"pool_size": 0}, "room.ipynb": {"pool_size": 2}}')


def student(browser: Browser) -> Page:
    page = browser.new_context(viewport={"width": 1100, "height": 1300}).new_page()
    page.set_default_timeout(MOVE)
    return page


def seat_token(page: Page) -> str:
    return parse_qs(urlparse(page.url).query)["seat"][0]


def shown_hand(page: Page) -> list[str]:
    return [b.inner_text() for b in page.locator(".dos-hand button").all()]


def own_hand(store: ClassStore, page: Page) -> list[str]:
    return [face_text(card) for card in store.view(seat_token(page)).hand]


def shows_own_hand(store: ClassStore, page: Page, timeout: float = 5_000) -> None:
    """The page shows exactly its seat's hand (once the table has been drawn, within ``timeout`` ms)."""
    hand = own_hand(store, page)
    expect(page.locator(".dos-hand button")).to_have_count(len(hand), timeout=timeout)
    assert shown_hand(page) == hand


def test_three_students_and_a_computer_player_share_one_table(browser: Browser, site: Site,
                                                              artifacts: Path) -> None:
    ala, ola, ela = student(browser), student(browser), student(browser)
    ala.goto(f"{site.base}/voila/render/room.ipynb", timeout=FIRST)
    expect(ala.locator(".dos-create-room")).to_be_visible(timeout=FIRST)
    expect(ala.locator(".dos-preheated")).to_have_count(1)  # served from the warm pool
    ala.locator(".dos-create-room").click()
    expect(ala.locator(".dos-room-status")).to_contain_text("Please type your first name")
    ala.locator(".dos-create-name input").fill("Ala")
    ala.locator(".dos-room-players select").select_option("4")
    ala.locator(".dos-room-target select").select_option(label="100 points")  # a game for one lesson
    ala.locator(".dos-create-room").click()
    expect(ala.locator(".dos-room-code")).to_have_text(re.compile(r"^[A-Z]{4}$"))
    code = ala.locator(".dos-room-code").inner_text()
    expect(ala).to_have_url(re.compile(r"\?seat="))

    for page, name in ((ola, "Ola"), (ela, "ala")):
        page.goto(f"{site.base}/voila/render/room.ipynb?room={code}", timeout=FIRST)
        expect(page.locator(".dos-join-room")).to_be_visible(timeout=FIRST)
        expect(page.locator(".dos-join-code input")).to_have_value(code)
        if page is ola:  # the pool's second page: a warm page, too, reads its own address
            expect(page.locator(".dos-preheated")).to_have_count(1)
        page.locator(".dos-join-name input").fill(name)
        page.locator(".dos-join-room").click()
    expect(ela.locator(".dos-room-status")).to_contain_text("Ala is already at this table")
    ela.locator(".dos-join-name input").fill("Ela")
    ela.locator(".dos-join-room").click()
    expect(ela.locator(".dos-room-seats")).to_contain_text("Waiting for Ala to start the game")
    expect(ala.locator(".dos-room-seats")).to_contain_text("P3: Ela")
    ala.screenshot(path=str(artifacts / "room-lobby.png"), full_page=True)
    ala.locator(".dos-add-bot").click()  # the fourth seat: the room is full, so the game starts

    pages = (ala, ola, ela)
    store = ClassStore(str(site.store))
    for page in pages:
        expect(page.locator(".dos-table")).to_be_visible()
        expect(page.locator(".dos-opponents")).to_contain_text("greedy bot")
        shows_own_hand(store, page)  # only its own hand: the others are counts
    assert store.view(seat_token(ala)).target == 100
    hands = [own_hand(store, page) for page in pages]
    assert len({tuple(h) for h in hands}) == 3

    # whoever's turn it is draws; the others see the move to watch
    current = store.view(seat_token(ala)).current
    assert current is not None
    by_seat = {store.view(seat_token(p)).player: p for p in pages}
    if current not in by_seat:  # the computer player went first and is done: it is a student's turn now
        current = store.view(seat_token(ala)).current
        assert current is not None
    mover = by_seat[current]
    others = [p for p in pages if p is not mover]
    version = store.view(seat_token(mover)).version
    mover.locator(".dos-draw").click()
    expect(mover.locator(".dos-status")).to_contain_text("You drew")
    for page in others:
        expect(page.locator(".dos-next")).to_be_enabled()
        page.locator(".dos-skip").click()
        expect(page.locator(".dos-log-box")).to_contain_text("draws a card")
    assert store.view(seat_token(mover)).version > version
    for page in pages:
        page.screenshot(path=str(artifacts / f"room-{store.view(seat_token(page)).player + 1}.png"), full_page=True)

    # out of turn: the page offers no move (the store refuses one anyway: tests/test_room_table.py)
    waiting = next(p for p in others if store.view(seat_token(p)).player != store.view(seat_token(mover)).current)
    before = store.history(code)
    for action in ("match", "draw", "place", "end-turn"):
        expect(waiting.locator(f".dos-{action}")).to_be_disabled()
    expect(waiting.locator(".dos-prompt")).to_contain_text("turn: each of their moves appears here")

    # a reload: the same seat at the same move
    hand = own_hand(store, ola)
    ola.reload(timeout=FIRST)
    expect(ola.locator(".dos-table")).to_be_visible(timeout=FIRST)
    shows_own_hand(store, ola)
    assert own_hand(store, ola) == hand

    # a game against the computer on the home page, open beside the room during the restart below
    home = student(browser)
    home.goto(f"{site.base}/voila/render/home.ipynb?seed=31&bots=random", timeout=FIRST)
    home.locator(".dos-draw").click(timeout=FIRST)
    expect(home).to_have_url(re.compile(r"&game=[A-Za-z0-9_-]{16}$"))
    home_hand, home_address = shown_hand(home), home.url

    # a server restart: every open page says it is reconnecting and comes back by itself, the room's pages to
    # their seats and the home page to its game
    site.stop()
    for page in (*pages, home):
        expect(page.locator(".dos-reconnecting")).to_contain_text("reconnecting", timeout=FIRST)
        # the table is greyed out and takes no clicks; the navigation bar and the note do not
        assert page.locator(".dos-draw").evaluate("button => button.closest('[inert]') !== null")
        assert page.locator(".dos-reconnecting").evaluate("note => note.closest('[inert]') === null")
        assert page.locator("nav.dos-site-nav").evaluate("nav => nav.closest('[inert]') === null")
    ala.screenshot(path=str(artifacts / "room-reconnecting.png"), full_page=True)
    site.start()
    for page in pages:  # the note goes with the old page; the table then is the new page's
        expect(page.locator(".dos-reconnecting")).to_have_count(0, timeout=2 * FIRST)
        assert page.locator(".dos-draw").evaluate("button => button.closest('[inert]') === null")
        expect(page.locator(".dos-table")).to_be_visible(timeout=2 * FIRST)
        shows_own_hand(store, page, timeout=FIRST)
    assert store.history(code)[1] == before[1]
    expect(home.locator(".dos-reconnecting")).to_have_count(0, timeout=2 * FIRST)
    expect(home.locator(".dos-status")).to_contain_text("Welcome back: your game goes on where you left it.",
                                                        timeout=2 * FIRST)
    assert shown_hand(home) == home_hand and home.url == home_address
    home.screenshot(path=str(artifacts / "home-after-restart.png"), full_page=True)


def test_a_wrong_code_and_a_forged_seat_are_told(browser: Browser, site: Site) -> None:
    page = student(browser)
    page.goto(f"{site.base}/voila/render/room.ipynb?seat=forged-token-123", timeout=FIRST)
    expect(page.locator(".dos-room-status")).to_contain_text("This seat token is not known here", timeout=FIRST)
    expect(page.locator(".dos-join-room")).to_be_visible()
    page.locator(".dos-join-code input").fill("QQQQ")
    page.locator(".dos-join-name input").fill("Ala")
    page.locator(".dos-join-room").click()
    expect(page.locator(".dos-room-status")).to_contain_text("is not a room code")
    page.locator(".dos-join-code input").fill("ZZZZ")
    page.locator(".dos-join-room").click()
    expect(page.locator(".dos-room-status")).to_contain_text("There is no room with the code ZZZZ")
    text = page.locator("body").inner_text()
    assert "Traceback" not in text and "Error" not in text


def test_a_seat_open_in_two_tabs_plays_in_both_and_says_so(browser: Browser, site: Site, artifacts: Path) -> None:
    ala = student(browser)
    ala.goto(f"{site.base}/voila/render/room.ipynb", timeout=FIRST)
    expect(ala.locator(".dos-create-room")).to_be_visible(timeout=FIRST)
    ala.locator(".dos-create-name input").fill("Ala")
    ala.locator(".dos-create-room").click()
    expect(ala).to_have_url(re.compile(r"\?seat="))
    ala.locator(".dos-add-bot").click()  # two seats, full: the game starts
    expect(ala.locator(".dos-table")).to_be_visible()
    # a reload is not a second tab
    ala.reload(timeout=FIRST)
    expect(ala.locator(".dos-table")).to_be_visible(timeout=FIRST)
    again = ala.context.new_page()
    again.set_default_timeout(MOVE)
    again.goto(ala.url, timeout=FIRST)
    expect(again.locator(".dos-table")).to_be_visible(timeout=FIRST)
    notice = "This seat is open in another tab or window too"
    for page in (ala, again):  # each page says it is here every 10 s: within two of them both know
        expect(page.locator(".dos-room-other-tab")).to_contain_text(notice, timeout=30_000)
    store = ClassStore(str(site.store))
    # a move in one tab appears in the other
    for page in (ala, again):  # a page that shows the computer player's turn to watch skips it
        if page.locator(".dos-skip").is_enabled():
            page.locator(".dos-skip").click()
    expect(again.locator(".dos-draw")).to_be_enabled()
    again.locator(".dos-draw").click()
    expect(again.locator(".dos-status")).to_contain_text("You drew")
    expect(ala.locator(".dos-skip")).to_be_enabled()  # the draw, to be watched as any move made elsewhere
    ala.locator(".dos-skip").click()
    expect(ala.locator(".dos-log-box")).to_contain_text("P1 draws")
    expect(ala.locator(".dos-hand button")).to_have_count(len(own_hand(store, ala)))
    assert shown_hand(ala) == shown_hand(again) == own_hand(store, ala)
    ala.screenshot(path=str(artifacts / "room-second-tab.png"), full_page=True)
    again.goto("about:blank")  # leaving the page stops its kernel, as closing the tab does
    again.close()  # the notice goes once the closed page has said nothing for 30 s
    expect(ala.locator(".dos-room-other-tab")).not_to_contain_text(notice, timeout=60_000)


def test_two_catchers_at_once_and_two_tabs_drawing_at_once_are_decided_by_the_store(browser: Browser, site: Site,
                                                                                    artifacts: Path) -> None:
    """Races through the pages: two classmates press Catch on the same seat at the same moment, and two tabs of one
    seat press Draw at the same moment. The store takes the first of each; the other page is told why not, and
    every page then shows the same table."""
    store = ClassStore(str(site.store))
    code = store.create_room(players=3, seed=23)
    tokens = [store.join(code, name) for name in ("Ala", "Ola", "Ela")]  # three students: the room starts
    target = catchable(store, code, tokens, seed=23)
    catchers = [student(browser) for _ in range(2)]
    for page, token in zip(catchers, [t for seat, t in enumerate(tokens) if seat != target]):
        page.goto(f"{site.base}/voila/render/room.ipynb?seat={token}", timeout=FIRST)
        expect(page.locator(f".dos-catch-{target}")).to_be_enabled(timeout=FIRST)
    moves = len(store.history(code)[1])
    for page in catchers:  # no waiting between the two presses: both reach their kernels before either is shown
        page.locator(f".dos-catch-{target}").dispatch_event("click")
    told = f"caught P{target + 1} (.*) first: only the first call counts"
    for page in catchers:  # each is told how its press went: caught, or too late
        expect(page.locator(".dos-status")).to_contain_text(re.compile(f"Caught! P{target + 1}|{told}"))
        expect(page.locator(f".dos-catch-{target}")).to_be_disabled()
    statuses = [page.locator(".dos-status").inner_text() for page in catchers]
    assert sum(bool(re.search(told, status)) for status in statuses) == 1, statuses
    recorded = store.history(code)[1][moves:]
    assert [type(m) for m in recorded] == [Catch] and recorded[0].target == target, recorded
    for number, page in enumerate(catchers, 1):
        page.screenshot(path=str(artifacts / f"room-catch-race-{number}.png"), full_page=True)

    # the seat to play, open in two tabs, presses Draw in both at once: one card is drawn
    mover = Round.from_dict(store.save(code)).current
    tabs = [student(browser) for _ in range(2)]
    for page in tabs:
        page.goto(f"{site.base}/voila/render/room.ipynb?seat={tokens[mover]}", timeout=FIRST)
        expect(page.locator(".dos-draw")).to_be_enabled(timeout=FIRST)
    moves = len(store.history(code)[1])
    for page in tabs:
        page.locator(".dos-draw").dispatch_event("click")
    for page in tabs:
        expect(page.locator(".dos-draw")).to_be_disabled()
    recorded = store.history(code)[1][moves:]
    assert [type(m) for m in recorded] == [Draw], recorded
    for page in tabs:  # the other is refused by the store, or has seen the draw arrive and asks to watch it first
        expect(page.locator(".dos-status")).to_contain_text(re.compile("You drew|Not allowed: |steps to watch"))
    statuses = [page.locator(".dos-status").inner_text() for page in tabs]
    assert sum("You drew" in status for status in statuses) == 1, statuses
    for page in tabs:
        if page.locator(".dos-skip").is_enabled():  # the draw made in the other tab, to be watched
            page.locator(".dos-skip").click()
        shows_own_hand(store, page)
    for number, page in enumerate(tabs, 1):
        page.screenshot(path=str(artifacts / f"room-draw-race-{number}.png"), full_page=True)
    text = " ".join(page.locator("body").inner_text() for page in (*catchers, *tabs))
    assert "Traceback" not in text and "Error" not in text
