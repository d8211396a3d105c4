"""The site in headless Chromium, with Voilà's pre-heated kernels on (``dos-lab --class 2``): the home page
shows the table, its deal number and the course; two seeds give two deals although the kernels ran the page
before anyone asked for it; a strange address gives a short note, not a broken page; every page links Home and
Rules; and kernels go away with the pages (shut down when a tab closes, culled when a browser vanishes).
Screenshots go to ``test-artifacts/``."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest
from page_waits import FIRST
from playwright.sync_api import Browser, Page, expect

from conftest import free_port, stop_app, wait_until_ready

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")



def start_site(*flags: str, env: dict[str, str] | None = None) -> tuple[subprocess.Popen[str], str]:
    """``dos-lab`` with ``flags``, once it says it is ready: as a teacher waits for "DOS lab: open …" before the
    class comes in (the warm kernels have run their pages by then; on a cold machine that takes a while)."""
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "dos_lab", "--no-browser", f"--port={port}", *flags],
                            stdout=subprocess.PIPE, text=True, env=None if env is None else {**os.environ, **env})
    ready = threading.Event()

    def relay() -> None:  # keeps the pipe drained for the server's whole life, and shows its lines in failures
        assert proc.stdout is not None
        for line in proc.stdout:
            sys.stdout.write(line)
            if line.startswith("DOS lab: open"):
                ready.set()

    threading.Thread(target=relay, daemon=True).start()
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_ready(proc, base)
        if not ready.wait(180):
            raise RuntimeError("dos-lab answered but never said it was ready")
    except RuntimeError:
        stop_app(proc)
        raise
    return proc, base


@pytest.fixture(scope="module")
def site() -> Iterator[str]:
    # two warm home pages; Voilà's own pool setting (given on the command line) overrides the shipped pools,
    # so no tutorial or lesson is pre-heated for these tests
    proc, base = start_site("--class", "2", '--VoilaKernelManager.kernel_pools_config='
                            '{"default": {"pool_size": 0}, "home.ipynb": {"pool_size": 2}}')
    try:
        yield base
    finally:
        stop_app(proc)


def open_home(page: Page, url: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 1000})
    page.goto(url)
    expect(page.locator(".dos-hand-0")).to_be_visible(timeout=FIRST)


def hand(page: Page) -> str:
    return " ".join(page.locator(f".dos-hand-{i}").inner_text().replace("\n", "") for i in range(7))


def test_home_page_has_the_table_the_deal_number_and_the_course(page: Page, site: str, artifacts: Path) -> None:
    open_home(page, f"{site}/")
    assert page.url.endswith("/voila/render/home.ipynb")
    seed = page.locator(".dos-seed b").inner_text()
    assert re.fullmatch(r"\d{1,6}", seed)
    expect(page.locator(".dos-course li")).to_have_count(13)
    expect(page.locator(".dos-course li").first).to_contain_text("What is in the box")
    expect(page.locator(".dos-course a[href='tutorials/02-matching.ipynb']")).to_be_visible()
    expect(page.locator(".dos-course a[href='lessons/05-greedy-vs-random.ipynb']")).to_be_visible()
    expect(page.locator("nav.dos-site-nav a.dos-nav-rules")).to_have_attribute("href", "/voila/files/rules.html")
    assert page.get_by_text("Traceback").count() == 0 and page.get_by_text("error when executing").count() == 0
    page.screenshot(path=str(artifacts / "site-home.png"), full_page=True)
    first = hand(page)
    # the deal number is a link that deals the same cards again, for the whole class
    page.locator(".dos-seed a").click()
    expect(page.locator(".dos-hand-0")).to_be_visible(timeout=FIRST)
    assert page.url.endswith(f"?seed={seed}") and hand(page) == first


def test_a_game_against_the_computer_survives_a_reload(browser: Browser, site: str, artifacts: Path) -> None:
    page = browser.new_context().new_page()
    open_home(page, f"{site}/voila/render/home.ipynb?seed=31&bots=random")
    expect(page.locator(".dos-kept")).to_have_text("")  # nothing is kept before the first move
    page.locator(".dos-draw").click()
    expect(page.locator(".dos-kept")).to_contain_text("This page's address keeps your game")
    page.wait_for_url(re.compile(r"\?seed=31&bots=random&game=[A-Za-z0-9_-]{16}$"))
    before, log = hand(page), page.locator(".dos-log-box").inner_text()
    page.reload()
    expect(page.locator(".dos-status")).to_contain_text("Welcome back: your game goes on where you left it.",
                                                        timeout=FIRST)
    assert hand(page) == before and page.locator(".dos-log-box").inner_text().startswith(log.split("\n")[0])
    assert "game=" not in (page.locator(".dos-seed a").get_attribute("href") or "")  # the deal's link, not the game
    page.screenshot(path=str(artifacts / "site-home-after-reload.png"), full_page=True)
    # an address whose game is gone (the teacher cleared the class) deals anew and says so
    page.goto(f"{site}/voila/render/home.ipynb?seed=31&game=NoSuchGame123456")
    expect(page.locator(".dos-status")).to_contain_text("No game is kept under this page's address: here is a new "
                                                        "deal.", timeout=FIRST)
    page.context.close()


def test_two_seeds_give_two_deals_with_preheated_kernels(browser: Browser, site: str) -> None:
    hands = {}
    for seed in (7, 8):
        context = browser.new_context()
        page = context.new_page()
        open_home(page, f"{site}/voila/render/home.ipynb?seed={seed}&bots=random,greedy")
        expect(page.locator(".dos-seed b")).to_have_text(str(seed))
        expect(page.locator(".dos-page.dos-preheated")).to_have_count(1)  # served from the warm pool
        expect(page.locator(".dos-header")).to_contain_text("P3 (greedy bot)")
        hands[seed] = hand(page)
        context.close()
    assert hands[7] != hands[8]


def test_strange_addresses_give_a_short_note(page: Page, site: str, artifacts: Path) -> None:
    many = "&".join(f"x{i}=1" for i in range(1_200))  # Tornado refused more than 1,000 with an empty page
    open_home(page, f"{site}/?hand_size=%C2%B2&seed={'9' * 5000}&forget=7&template=nonexistent&theme=dark&{many}")
    status = page.locator(".dos-status")
    expect(status).to_contain_text("hand_size=“²” is not a whole number")
    expect(status).to_contain_text("forget=“7” is outside 0 to 1: using 1")
    expect(status).to_contain_text("“template” is not a setting of this page")
    expect(status).to_contain_text("; and 1200 more such notes")  # the first five are listed, the rest counted
    assert "9" * 30 not in status.inner_text() and "x7" not in status.inner_text()
    assert page.get_by_text("There was an error").count() == 0
    page.screenshot(path=str(artifacts / "site-strange-address.png"))


def test_a_tutorial_and_a_lesson_name_the_address_settings_they_ignore(page: Page, site: str, artifacts: Path) -> None:
    page.set_viewport_size({"width": 1100, "height": 700})
    page.goto(f"{site}/voila/render/tutorials/02-matching.ipynb?seed=7&" + "&".join(f"x{i}=1" for i in range(9)))
    note = page.locator(".dos-settings-note")
    expect(note).to_have_text("Page settings: “seed” is not a setting of this page: ignored; “x0” is not a setting "
                              "of this page: ignored; “x1” is not a setting of this page: ignored; “x2” is not a "
                              "setting of this page: ignored; “x3” is not a setting of this page: ignored; …",
                              timeout=FIRST)
    page.screenshot(path=str(artifacts / "site-tutorial-settings-note.png"))
    page.goto(f"{site}/voila/render/pl/lessons/01-one-row-card.ipynb?name=Ala&{'q' * 40}=1")
    expect(note).to_have_text("Ustawienia strony: „" + "q" * 24 + "…” nie jest ustawieniem tej strony: pominięto",
                              timeout=FIRST)
    page.goto(f"{site}/voila/render/lessons/01-one-row-card.ipynb?name=Ala")  # a lesson's own setting: no note
    expect(page.locator(".dos-nav-rules")).to_have_text("Rules", timeout=FIRST)
    expect(page.locator(".dos-class-name input").first).to_have_value("Ala", timeout=FIRST)
    expect(note).to_have_count(0)


def test_every_page_links_home_and_the_rules(page: Page, site: str, artifacts: Path) -> None:
    page.set_viewport_size({"width": 1100, "height": 900})
    page.goto(f"{site}/voila/render/tutorials/02-matching.ipynb")
    nav = page.locator("nav.dos-site-nav")
    expect(nav.locator("a.dos-nav-home")).to_have_attribute("href", "/voila/render/home.ipynb", timeout=FIRST)
    expect(page.locator(".dos-tut-example").first).to_be_visible(timeout=FIRST)
    # the notebook's own links to docs/rules.md (right in JupyterLab) open the rendered reference on the site
    written = page.locator("#rendered_cells a:not(.dos-rule-link)", has_text="R4.2").first
    expect(written).to_have_attribute("href", "/voila/files/rules.html#R4.2")
    expect(written).to_have_attribute("target", "_blank")
    # so do the rule links that a widget writes later (the closing check's feedback)
    question = page.locator(".dos-tut-quiz .dos-q-t2-once")
    question.locator(".widget-toggle-button").filter(has_text=re.compile("^No$")).click()
    feedback_link = question.locator(".dos-feedback a").first
    expect(feedback_link).to_have_attribute("href", re.compile(r"^/voila/files/rules\.html#R\d"))
    with page.context.expect_page() as opened:  # a new tab: leaving a page would end its game
        nav.locator("a.dos-nav-rules").click()
    rules = opened.value
    expect(rules.locator("h1")).to_have_text("The rules of DOS")
    rules.goto(rules.url + "#R4.2")
    expect(rules.locator("#R4\\.2")).to_be_attached()
    rules.screenshot(path=str(artifacts / "site-rules.png"))
    rules.locator("a.dos-home-link").click()
    expect(rules.locator(".dos-hand-0")).to_be_visible(timeout=FIRST)
    rules.close()


def kernel_id(page: Page) -> str:
    config = json.loads(page.locator("#jupyter-config-data").inner_text())
    return str(config["kernelId"])


def kernel_alive(base: str, kernel: str) -> bool:
    try:
        with urllib.request.urlopen(f"{base}/api/kernels/{kernel}", timeout=10):
            return True
    except urllib.error.HTTPError as exc:
        if exc.code == 404:
            return False
        if exc.code == 403:  # running, and this test is not its page (only the page may ask: tests/test_site.py)
            return True
        raise


def wait_gone(base: str, kernel: str, deadline: float = 90) -> bool:
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        if not kernel_alive(base, kernel):
            return True
        time.sleep(1)
    return False


def test_kernels_go_away_with_their_pages(browser: Browser) -> None:
    # no pools (so every kernel belongs to a page), and a culler far quicker than the shipped one
    proc, base = start_site("--MappingKernelManager.cull_idle_timeout=6", "--MappingKernelManager.cull_interval=2",
                            "--VoilaConfiguration.preheat_kernel=False")
    try:
        kept, closed, vanished = (browser.new_context() for _ in range(3))
        pages = {}
        for name, context in (("kept", kept), ("closed", closed), ("vanished", vanished)):
            pages[name] = context.new_page()
            open_home(pages[name], f"{base}/?position=colour-match")
        kernels = {name: kernel_id(page) for name, page in pages.items()}
        assert len(set(kernels.values())) == 3 and all(kernel_alive(base, k) for k in kernels.values())
        pages["closed"].close(run_before_unload=True)  # a closed tab asks Voilà to stop its kernel
        vanished.close()  # a browser that crashed or lost the network: only the culler can tell
        assert wait_gone(base, kernels["closed"]) and wait_gone(base, kernels["vanished"])
        # a student still reading (page open, idle longer than the cull timeout) keeps the game
        assert kernel_alive(base, kernels["kept"])
        pages["kept"].locator(".dos-hand-0").click()
        expect(pages["kept"].locator(".dos-hand-0")).to_have_class(re.compile("dos-selected"))
        kept.close()
        closed.close()
    finally:
        stop_app(proc)


def site_kernels(proc: subprocess.Popen[str]) -> set[int]:
    """The process ids of the site's kernels (``dos-lab`` starts them as its children)."""
    return {child.pid for child in psutil.Process(proc.pid).children()
            if any("ipykernel" in part for part in child.cmdline())}


def kill_kernels(pids: set[int]) -> None:
    """What running out of memory does to a kernel: it is killed, with no goodbye to the server."""
    for pid in pids:
        os.kill(pid, signal.SIGKILL)
    psutil.wait_procs([psutil.Process(pid) for pid in pids if psutil.pid_exists(pid)], timeout=10)


TWO_POOLS = ('--VoilaKernelManager.kernel_pools_config={"default": {"pool_size": 0}, '
             '"home.ipynb": {"pool_size": 1}, "tutorials/02-matching.ipynb": {"pool_size": 1}}')


def test_a_kernel_that_died_in_its_pool_is_never_given_to_a_student(browser: Browser, artifacts: Path) -> None:
    # the periodic check is off: the page request alone must notice; Voilà would hand the dead kernel out (the home
    # page then says "An exception occurred at the server", a tutorial shows its text with no exercise)
    proc, base = start_site("--DosLabServer.pool_check_interval=0", TWO_POOLS)
    try:
        warm = site_kernels(proc)
        assert len(warm) == 2
        kill_kernels(warm)
        page = browser.new_page()
        open_home(page, f"{base}/?position=colour-match")  # P1 to play
        expect(page.locator("body")).not_to_contain_text("exception")
        page.locator(".dos-hand-0").click()
        expect(page.locator(".dos-hand-0")).to_have_class(re.compile("dos-selected"))
        page.goto(f"{base}/voila/render/tutorials/02-matching.ipynb")
        exercise = page.locator(".dos-tut-exercise").first
        expect(exercise).to_be_visible(timeout=FIRST)
        exercise.locator(".dos-tut-answer input").fill("y9+r1")
        exercise.locator(".dos-tut-check").click()
        expect(exercise.locator(".dos-tut-feedback")).to_contain_text("Right!")
        exercise.screenshot(path=str(artifacts / "site-after-dead-pool-kernel.png"))
        assert not site_kernels(proc) & warm
        page.close()
    finally:
        stop_app(proc)


def test_dead_pool_kernels_are_replaced_before_anyone_asks() -> None:
    proc, base = start_site("--DosLabServer.pool_check_interval=1", TWO_POOLS)
    try:
        warm = site_kernels(proc)
        assert len(warm) == 2
        kill_kernels(warm)
        end = time.monotonic() + 90
        while time.monotonic() < end and len(site_kernels(proc) - warm) < 2:
            time.sleep(1)
        fresh = site_kernels(proc) - warm
        assert len(fresh) == 2  # started by the check alone: nobody asked for a page
        with urllib.request.urlopen(f"{base}/voila/render/tutorials/02-matching.ipynb", timeout=60) as response:
            html = response.read().decode()
        served = re.search(r'"kernelId": "([0-9a-f-]+)"', html)
        assert served is not None
        # the page came from one of the replacements (a kernel's command line names its connection file)
        assert any(f"kernel-{served[1]}.json" in " ".join(psutil.Process(pid).cmdline()) for pid in fresh)
    finally:
        stop_app(proc)


@pytest.mark.skipif(os.name != "posix", reason="Unix sockets are for POSIX systems; Windows keeps TCP")
def test_kernels_talk_over_unix_sockets_in_a_short_private_folder(page: Page, tmp_path: Path) -> None:
    # no TCP port that a starting kernel could lose to another connection on a busy machine; and a socket path
    # has a length limit (104 bytes on macOS), which a long temporary folder alone would pass
    long_temp = tmp_path / ("t" * 60) / ("e" * 60)
    long_temp.mkdir(parents=True)
    proc, base = start_site(env={"TMPDIR": str(long_temp)})
    try:
        kernel = min(site_kernels(proc))  # every pre-heated home page is started alike
        connection = Path(next(arg for arg in psutil.Process(kernel).cmdline() if arg.endswith(".json")))
        info = json.loads(connection.read_text())
        assert info["transport"] == "ipc"
        assert all(len(os.fsencode(f"{info['ip']}-{info[name]}")) <= 103 for name in info if name.endswith("_port"))
        assert connection.parent.stat().st_mode & 0o077 == 0  # only the teacher's account can reach the sockets
        open_home(page, f"{base}/?position=colour-match")
        page.locator(".dos-hand-0").click()
        expect(page.locator(".dos-hand-0")).to_have_class(re.compile("dos-selected"))
    finally:
        stop_app(proc)


def test_rule_numbers_link_to_the_rules(page: Page, site: str, artifacts: Path) -> None:
    open_home(page, f"{site}/?position=colour-match")
    expect(page.locator(".dos-howto a.dos-rule-link", has_text="R9")).to_have_attribute(
        "href", "/voila/files/rules.html#R9")
    page.locator(".dos-hand-0").click()
    page.locator(".dos-row-1").click()
    page.locator(".dos-match").click()
    status = page.locator(".dos-status")
    expect(status).to_have_text("Not allowed: R7 is 7, but Y5 needs 5 (R4.1)")
    link = status.locator("a.dos-rule-link")
    expect(link).to_have_count(1)  # the card R7 stays text; the rule (R4.1) becomes a link
    expect(link).to_have_attribute("href", "/voila/files/rules.html#R4.1")
    expect(link).to_have_attribute("target", "_blank")
    status.screenshot(path=str(artifacts / "site-rule-link.png"))
    with page.context.expect_page() as opened:
        link.click()
    rules = opened.value
    expect(rules.locator("#R4\\.1")).to_be_attached()
    assert rules.url.endswith("rules.html#R4.1")
    rules.close()


def test_pages_ask_nothing_of_the_internet(page: Page, site: str) -> None:
    # a classroom may have no internet: every file a page loads comes from the site (no CDN fonts or scripts)
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    open_home(page, f"{site}/")
    assert asked
    outside = [url for url in asked if not url.startswith((site, site.replace("http", "ws", 1), "data:"))]
    assert outside == []


def test_lesson_5_on_the_site_shows_the_reference_tournament_and_runs_again(browser: Browser, site: str,
                                                                            artifacts: Path) -> None:
    # two students: the first page's kernel has the site play the 150 reference games in a child process, the
    # second reads them back; both see the numbers the lesson's text quotes, and "Run again" still plays
    for student in (1, 2):
        context = browser.new_context(viewport={"width": 1100, "height": 1000})
        page = context.new_page()
        page.goto(f"{site}/voila/render/lessons/05-greedy-vs-random.ipynb", timeout=FIRST)
        expect(page.locator(".dos-quiz-score")).to_be_visible(timeout=120_000)
        expect(page.get_by_text("150 games, all finished").first).to_be_visible()
        row = page.locator("tr", has_text="GreedyBot").first
        for text in ("71", "150", "47.3 %", "39.5 % to 55.3 %"):
            expect(row).to_contain_text(text)
        question = page.locator(".dos-q-5-greedy_rate")
        question.locator(".dos-answer-input input").fill("79/150")
        question.locator(".dos-check").click()
        expect(question.locator(".dos-feedback")).to_contain_text("wins ÷ games")
        question.locator(".dos-answer-input input").fill("71/150")
        question.locator(".dos-check").click()
        expect(question.locator(".dos-feedback")).to_contain_text("Right!")
        sim = page.locator(".dos-simulation").first
        expect(sim.locator(".dos-sim-result")).to_contain_text("150 games")
        if student == 2:
            sim.locator(".dos-sim-size input").fill("20")
            sim.locator(".dos-sim-seed input").fill("7")
            sim.locator(".dos-sim-run").click()
            expect(sim.locator(".dos-sim-result")).to_contain_text("20 games", timeout=60_000)
            expect(sim.locator(".dos-sim-run")).to_be_enabled(timeout=60_000)
        assert page.get_by_text("Traceback").count() == 0 and page.get_by_text("error when executing").count() == 0
        tall = page.evaluate("Math.max(...Array.from(document.querySelectorAll('*'), e => e.scrollHeight))")
        page.set_viewport_size({"width": 1100, "height": min(int(tall) + 50, 16_000)})
        page.screenshot(path=str(artifacts / f"site-lesson-05-student-{student}.png"))
        context.close()
