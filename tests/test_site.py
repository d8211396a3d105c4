"""The served site over HTTP, as a browser or a curious visitor sees it: ``/`` leads home, nothing outside the
course can be read (repository files, ``.git``, ``tests/``, traversal in every spelling), wrong Host headers are
refused, a busy port gives a clear message, and the command line explains itself. One server for the module."""

from __future__ import annotations

import asyncio
import http.client
import os
import re
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests
from tornado.httpclient import HTTPRequest

from dos_lab.app.course import build_site, catalogue, course_sources, site_languages

from conftest import free_port, start_app, stop_app, wait_until_ready

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def terminal(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """What the module's server prints in the teacher's terminal."""
    return tmp_path_factory.mktemp("terminal") / "dos-lab.log"


@pytest.fixture(scope="module")
def server(terminal: Path) -> Iterator[tuple[str, int]]:
    port = free_port()
    with terminal.open("wb") as output:
        proc = start_app(port, output=output.fileno())
        try:
            wait_until_ready(proc, f"http://127.0.0.1:{port}")
            yield "127.0.0.1", port
        finally:
            stop_app(proc)


def get(server: tuple[str, int], path: str, host: str | None = None,
        method: str = "GET") -> tuple[int, dict[str, str], str]:
    """One request without following redirects; ``path`` is sent exactly as written (no normalisation)."""
    conn = http.client.HTTPConnection(*server, timeout=30)
    conn.putrequest(method, path, skip_host=host is not None)
    if host is not None:
        conn.putheader("Host", host)
    conn.endheaders()
    response = conn.getresponse()
    body = response.read(200_000).decode("utf-8", "replace") if method != "HEAD" else ""
    conn.close()
    return response.status, {k.lower(): v for k, v in response.getheaders()}, body


def test_root_and_file_browser_lead_to_the_home_page(server: tuple[str, int]) -> None:
    for path, target in [("/", "/voila/render/home.ipynb"), ("/?seed=7", "/voila/render/home.ipynb?seed=7"),
                         ("/voila/tree", "/voila/render/home.ipynb"), ("/voila/", "/voila/render/home.ipynb")]:
        status, headers, _ = get(server, path)
        assert (status, headers.get("location")) == (302, target), path


def test_the_rules_reference_is_served_with_an_anchor_per_rule(server: tuple[str, int]) -> None:
    status, headers, _ = get(server, "/voila/render/rules.html")
    assert status == 302 and headers["location"].endswith("/voila/files/rules.html")
    status, _, body = get(server, "/voila/files/rules.html")
    assert status == 200
    anchors = set(re.findall(r'id="([^"]+)"', body))
    assert {f"R{n}" for n in range(1, 16)} <= anchors and {f"D{n}" for n in range(1, 14)} <= anchors
    assert {"R4.2", "R11.4", "E3", "glossary", "wild-dos", "catch"} <= anchors
    assert "<script src" not in body and "https://" not in body  # nothing fetched from the internet


def test_pages_load_no_front_end_extension_they_do_not_use(server: tuple[str, int]) -> None:
    # every page's browser loads each listed extension's scripts; no page shows code, so none needs highlighting
    status, _, body = get(server, "/voila/render/tutorials/01-setup.ipynb")
    assert status == 200
    assert "@voila-dashboards/widgets-manager8" in body and "@jupyter-widgets/jupyterlab-manager" in body
    assert "jupyterlab_pygments" not in body


def test_this_computer_alone_gets_plain_scripts(server: tuple[str, int]) -> None:
    conn = http.client.HTTPConnection(*server, timeout=30)
    conn.request("GET", "/voila/static/voila.js", headers={"Accept-Encoding": "gzip"})
    response = conn.getresponse()
    assert response.status == 200 and response.getheader("Content-Encoding") is None
    conn.close()


FORBIDDEN = [
    "/voila/files/pyproject.toml", "/voila/files/README.md", "/voila/files/.git/HEAD", "/voila/files/.git/config",
    "/voila/files/tests/conftest.py", "/voila/files/tutorials/README.md", "/voila/files/home.ipynb",
    "/voila/files/tutorials/01-setup.ipynb", "/voila/files/%2e%2e/config/voila.json",
    "/voila/files/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd", "/voila/files/..%2f..%2fpyproject.toml",
    "/voila/files/%2E%2E/site/rules.html", "/voila/files/.hidden/x.png", "/voila/files/tutorials/.x/y.png",
    "/voila/render/%2e%2e/config/voila.json", "/voila/render/pyproject.toml", "/voila/render/tests/conftest.py",
    "/voila/render/.git/HEAD", "/voila/render/..%2f..%2fREADME.md", "/voila/render/bench/app.py",
    "/voila/render/notebooks/01-one-row-card.ipynb", "/voila/render/dos_lab/app/home.ipynb",
    "/voila/api/contents", "/voila/api/contents/tutorials", "/voila/tree/.git", "/pyproject.toml", "/.git/HEAD",
]


@pytest.mark.parametrize("path", FORBIDDEN)
def test_nothing_outside_the_course_is_served(server: tuple[str, int], path: str) -> None:
    status, headers, body = get(server, path)
    for _ in range(3):  # follow the site's own redirects (a page that is not a notebook goes to /voila/files/)
        if status not in (301, 302):
            break
        location = headers["location"]
        if location.startswith("/voila/render/home.ipynb"):
            return  # the file browser leads home, listing nothing
        status, headers, body = get(server, location.split("127.0.0.1", 1)[-1].split(f":{server[1]}", 1)[-1])
    assert status in (403, 404), f"{path} answered {status}"
    assert "[build-system]" not in body and "root:" not in body and "Traceback" not in body


def test_a_foreign_host_header_is_refused(server: tuple[str, int]) -> None:
    status, _, body = get(server, "/voila/static/voila.js", host=f"rebind.example:{server[1]}")
    assert status == 403 and "host name" in body
    assert get(server, "/voila/static/voila.js", host=f"localhost:{server[1]}")[0] == 200


ODD_REQUESTS = [("HEAD", "/", 302), ("HEAD", "/voila/render/home.ipynb", 405), ("GET", "/robots.txt", 404),
                ("HEAD", "/robots.txt", 404), ("GET", "/logout", 404), ("GET", "/voila/templates/x/y", 404),
                ("GET", "/voila/templates/x", 404), ("HEAD", "/voila/templates/dos-lab/static/../../x", 404),
                ("GET", "/voila/templates/dos-lab/static/../../x", 404), ("GET", "/api/kernels", 404),
                ("GET", "/voila/templates/dos-lab/static/index.css", 200)]


@pytest.mark.parametrize(("method", "path", "expected"), ODD_REQUESTS)
def test_an_odd_request_gets_a_plain_answer(server: tuple[str, int], method: str, path: str, expected: int) -> None:
    status, _, body = get(server, path, method=method)
    assert status == expected, f"{method} {path} answered {status}"
    if status == 404 and method == "GET":
        assert "DOS lab has no page at this address" in body and 'href="/"' in body
        assert "Traceback" not in body and "host name" not in body


def test_an_address_of_many_settings_reaches_its_page(server: tuple[str, int]) -> None:
    """Tornado answered more than 1,000 fields with an empty 400 before any page could say what it ignores."""
    status, _, body = get(server, "/voila/render/home.ipynb?" + "&".join(f"x{i}=1" for i in range(1_500)))
    assert status == 200 and "DOS lab" in body


def test_the_teacher_s_terminal_shows_no_traceback_and_no_warning(server: tuple[str, int], terminal: Path) -> None:
    """After the odd requests above and a page whose websocket connects (Jupyter's default ping timeout made
    Tornado warn at the first websocket), the server has printed no traceback and no warning."""
    tornado_websocket = pytest.importorskip("tornado.websocket")
    for method, path, _ in ODD_REQUESTS:
        get(server, path, method=method)
    page = requests.get(f"http://{server[0]}:{server[1]}/voila/render/tutorials/01-setup.ipynb", timeout=120)
    found = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', page.text)
    assert found, "the page names no kernel"
    cookies = "; ".join(f"{c.name}={c.value}" for c in page.cookies)  # the page's key to its kernel among them

    async def connect() -> None:
        socket = await tornado_websocket.websocket_connect(HTTPRequest(
            f"ws://{server[0]}:{server[1]}/api/kernels/{found.group(1)}/channels", headers={"Cookie": cookies}))
        await asyncio.sleep(1)  # the server sets up its pings once the socket is open
        socket.close()

    failed: list[BaseException] = []

    def talk() -> None:  # in its own thread: Playwright's browser tests may leave an event loop running in this one
        try:
            asyncio.run(connect())
        except Exception as exc:
            failed.append(exc)

    talker = threading.Thread(target=talk)
    talker.start()
    talker.join(30)
    assert not failed and not talker.is_alive(), failed
    time.sleep(1)
    printed = terminal.read_text(encoding="utf-8", errors="replace")
    for sign in ("Traceback", "Uncaught exception", "websocket_ping_timeout", "WARNING"):
        assert sign not in printed, printed[-3000:]


def test_the_start_message_warms_a_small_group_and_says_how_to_prepare_a_class(server: tuple[str, int],
                                                                               terminal: Path) -> None:
    """A second and a third student arriving with the first find a warm home page (the report: one warm page,
    and the second student waited 11 s); the teacher reads how to get ready for a whole class."""
    printed = terminal.read_text(encoding="utf-8", errors="replace")
    assert "warming up 3 home pages" in printed
    assert "--class N" in printed and "--lan" in printed


@pytest.mark.parametrize("page", ["tutorials/02-matching.ipynb", "pl/lessons/01-one-row-card.ipynb"])
def test_a_page_on_the_site_leaves_out_the_note_for_jupyterlab(server: tuple[str, int], page: str) -> None:
    """The note "Using JupyterLab? Choose Run → Run All Cells" is for a reader of the notebook in JupyterLab; on the
    site everything runs already, and its English menu names stood on every Polish page."""
    source = ROOT / ("notebooks" if "lessons" in page else "tutorials") / page.rsplit("/", 1)[-1]
    assert "Run All Cells" in source.read_text(encoding="utf-8")
    status, _, body = get(server, f"/voila/render/{page}")
    assert status == 200 and "Run All Cells" not in body and "page setup" not in body
    assert "dos-site-nav" in body


def test_a_busy_port_gives_a_clear_message() -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = subprocess.run([sys.executable, "-m", "dos_lab", "--no-browser", f"--port={port}"],
                                capture_output=True, text=True, timeout=60)
    assert result.returncode != 0
    assert f"port {port} is already in use" in result.stderr and f"--port {port + 1}" in result.stderr


def test_help_lists_the_classroom_options_and_hands_the_rest_to_voila() -> None:
    out = subprocess.run([sys.executable, "-m", "dos_lab", "--help"], capture_output=True, text=True,
                         timeout=60, check=True).stdout
    for option in ("--port", "--no-browser", "--class N", "--lan", "--token", "--max-kernels", "--export",
                   "--store PATH_OR_URL"):
        assert option in out
    assert "Any other option goes to Voilà and overrides the shipped configuration" in out
    same = subprocess.run([sys.executable, "-m", "dos_lab.app.launch", "--help"], capture_output=True, text=True,
                          timeout=60, check=True).stdout
    assert same == out.replace("usage: dos-lab", "usage: dos-lab")


def test_the_site_folder_holds_only_the_course(tmp_path: Path) -> None:
    site = build_site(tmp_path / "site")
    files = sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())
    entries = catalogue()
    expected = ["home.ipynb", "room.ipynb", "teacher.ipynb", "rules.html",
                *(e.path for es in entries.values() for e in es)]
    for lang in site_languages():  # each language's folder: the same home and room pages, its rules, its course
        expected += [f"{lang}/home.ipynb", f"{lang}/room.ipynb", f"{lang}/teacher.ipynb", f"{lang}/rules.html",
                     *(f"{lang}/{e.path}" for es in
                                                                 catalogue(lang=lang).values() for e in es
                                                                 if not e.path.startswith("../"))]
    assert files == sorted(expected)
    assert [e.path for e in entries["tutorials"]][:3] == ["tutorials/01-setup.ipynb", "tutorials/02-matching.ipynb",
                                                          "tutorials/03-wild-cards.ipynb"]
    assert len(entries["tutorials"]) >= 8 and len(entries["lessons"]) >= 5
    assert all(e.summary and "(R" not in e.summary for es in entries.values() for e in es)
    # in a checkout the notebooks are links to their one source, not copies that could drift
    assert (site / "tutorials" / "01-setup.ipynb").resolve() == (ROOT / "tutorials" / "01-setup.ipynb").resolve()
    with pytest.raises(FileExistsError):
        build_site(site)


@pytest.mark.parametrize("lang", ["en", *site_languages()])
def test_every_course_page_is_described_by_its_goal_or_contents_not_its_navigation(lang: str) -> None:
    for entries in catalogue(lang=lang).values():
        for entry in entries:
            assert entry.summary and "←" not in entry.summary and " · " not in entry.summary, entry
            assert not re.search(r"\s(and|a|i|oraz|и|en);", entry.summary), entry  # no list's dangling "and"
    # a lesson's goal in any language: its bold "…:" label is dropped
    assert catalogue(lang="cs")["lessons"][0].summary.startswith("Spočítat šanci na aspoň jeden úspěch")


def test_the_installed_layout_is_found(tmp_path: Path) -> None:
    package = tmp_path / "dos_lab"
    (package / "app").mkdir(parents=True)
    (package / "course" / "tutorials").mkdir(parents=True)
    (package / "course" / "rules.md").write_text("# Rules\n")
    sources = course_sources(package / "app")
    assert sources.rules == package / "course" / "rules.md"
    assert sources.folders == {"tutorials": package / "course" / "tutorials", "lessons": package / "course" / "lessons"}


def test_the_package_ships_its_licence_and_type_marker() -> None:
    assert (ROOT / "LICENSE").read_text().startswith("MIT License")
    assert (ROOT / "dos_lab" / "py.typed").exists()
    assert 'license-files = ["LICENSE"]' in (ROOT / "pyproject.toml").read_text()


def open_widgets() -> set[str]:
    from ipywidgets.widgets.widget import _instances  # type: ignore[import-untyped]

    return set(_instances)


def test_the_home_page_reads_its_query_and_links_the_course(monkeypatch: pytest.MonkeyPatch) -> None:
    from dos_lab.app.page import home_page
    from dos_lab.widgets import TableView

    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.setenv("QUERY_STRING", "position=going-out&bots=random")
    page = home_page()
    view = next(child for child in page.children if isinstance(child, TableView))
    assert view.controller.setup.position == "going-out" and set(view.controller.setup.bots) == {"random"}
    course = page.children[-1].value
    assert "Learn more" in course and 'href="rules.html"' in course
    assert 'href="tutorials/01-setup.ipynb"' in course and 'href="lessons/05-greedy-vs-random.ipynb"' in course
    view.close_all()


@pytest.mark.parametrize("query", ["seed=7", "bots=random,greedy", "hand_size=x"])
def test_a_preheated_home_page_with_settings_keeps_only_its_own_table(monkeypatch: pytest.MonkeyPatch,
                                                                      query: str) -> None:
    # a pre-heated kernel deals the plain table before the visitor comes; settings in the URL replace it, and the
    # plain table's widgets must not linger in the kernel (they would travel with the page's widget state)
    import ipywidgets

    from dos_lab.app import page as home

    ipywidgets.Widget.close_all()
    expected_page = home.home_page(query)
    expected = len(open_widgets())
    ipywidgets.Widget.close_all()
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setattr(home, "wait_for_request", lambda: None)
    monkeypatch.setenv("QUERY_STRING", query)
    shown = home.home_page()
    assert len(open_widgets()) == expected
    assert "dos-preheated" in shown._dom_classes
    if query == "seed=7":
        assert shown.children[1].value == expected_page.children[1].value  # the asked deal, not the ready one
    ipywidgets.Widget.close_all()


def test_a_plain_preheated_home_page_shows_the_table_dealt_before_the_visitor(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from dos_lab.app import page as home

    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setenv("QUERY_STRING", "")
    dealt = []
    play = home.play
    monkeypatch.setattr(home, "play", lambda setup: dealt.append(setup) or play(setup))
    monkeypatch.setattr(home, "wait_for_request", lambda: dealt.append("request"))
    shown = home.home_page()
    assert dealt[1] == "request" and len(dealt) == 2  # dealt once, before the request
    texts = [getattr(child, "value", "") for child in shown.children]
    assert any(f"number <b>{dealt[0].seed}</b>" in str(text) for text in texts), texts


LESSON_PAGE = """
import sys
from dos_lab import lessons as L
L.run_simulation("single_match", 0.5, v=7, exclude_target=True, n=2_000, seed=1, title="t", label="l")
L.explore_points()
L.show_row_card_bars()
print("matplotlib" in sys.modules)
"""


def test_the_site_s_lesson_kernels_share_their_first_pictures(tmp_path: Path) -> None:
    # a lesson's seeded opening pictures are drawn once per site, in a child process, and every kernel reads them
    # back without loading matplotlib (about 35 MB each); without the site's folder every kernel draws as before
    def kernel(cache: Path | None) -> str:
        env = {k: v for k, v in os.environ.items() if k != "DOS_LAB_CACHE"}
        if cache is not None:
            env["DOS_LAB_CACHE"] = str(cache)
        done = subprocess.run([sys.executable, "-c", LESSON_PAGE], env=env, capture_output=True, text=True,
                              timeout=120, check=True)
        return done.stdout.strip().splitlines()[-1]

    assert kernel(tmp_path) == "False"  # drawn in a child process: the page's own process never loads it
    assert len(list(tmp_path.iterdir())) == 3
    assert kernel(tmp_path) == "False"
    assert kernel(None) == "True"


LESSON_5 = """
import json, os, sys
from dos_lab import simulate
from dos_lab.lessons import runs

played = simulate.play_games
def marked(*args, **kwargs):  # leaves the id of the process that plays in a file
    with open(sys.argv[1], "a") as marks:
        marks.write(f"{os.getpid()}\\n")
    return played(*args, **kwargs)

simulate.play_games = runs.play_games = marked
cells = json.load(open(sys.argv[2]))["cells"]
for cell in cells:
    if cell["cell_type"] == "code":
        exec("".join(cell["source"]))
print(os.getpid(), wins, len(records))
"""


def test_lesson_5_s_page_kernels_read_the_site_s_reference_games(tmp_path: Path) -> None:
    # the 150 reference games fill the engine's caches (about 15 MB): a site plays them once, in a child process,
    # and the page's kernels read the records back; without the site's folder the page plays them itself
    notebook = course_sources().folders["lessons"] / "05-greedy-vs-random.ipynb"
    cache, marks = tmp_path / "cache", tmp_path / "played"
    cache.mkdir()

    def kernel(cache: Path | None) -> tuple[list[str], str, list[str]]:
        env = {k: v for k, v in os.environ.items() if k != "DOS_LAB_CACHE"}
        if cache is not None:
            env["DOS_LAB_CACHE"] = str(cache)
        marks.write_text("")
        done = subprocess.run([sys.executable, "-c", LESSON_5, str(marks), str(notebook)], env=env,
                              capture_output=True, text=True, timeout=300, check=True, cwd=notebook.parent)
        pid, wins, games = done.stdout.strip().splitlines()[-1].split()
        return marks.read_text().split(), pid, [wins, games]

    players, page, result = kernel(cache)
    assert len(players) == 1 and players != [page] and result == ["71", "150"]  # played in a child process
    players, page, result = kernel(cache)
    assert players == [] and result == ["71", "150"]  # not played again
    players, page, result = kernel(None)
    assert players == [page] and result == ["71", "150"]


def test_a_site_s_tournament_is_the_one_played(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from dos_lab import lessons
    from dos_lab.bots import GreedyBot, RandomBot, TacticianBot
    from dos_lab.simulate import SerialExecutor, play_games

    monkeypatch.setenv("DOS_LAB_CACHE", str(tmp_path))
    games = play_games([GreedyBot, TacticianBot], 6, 3, SerialExecutor())
    assert lessons.play_tournament([GreedyBot, TacticianBot], 6, seed=3) == games
    assert lessons.play_tournament([GreedyBot, TacticianBot], 6, seed=3) == games
    assert len(list(tmp_path.iterdir())) == 1
    assert lessons.play_tournament([GreedyBot, RandomBot], 6, seed=3) != games  # other bots: other games
    assert lessons.play_tournament([GreedyBot, TacticianBot], 5, seed=3) == games[:5]
    assert len(list(tmp_path.iterdir())) == 3


def test_a_shared_picture_is_the_one_drawn(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from dos_lab.lessons.shared import site_picture

    cache, log = tmp_path / "cache", tmp_path / "drawn"
    cache.mkdir()
    monkeypatch.setenv("DOS_LAB_CACHE", str(cache))

    def draw(n: int) -> tuple[str, bytes]:  # it may run in a child process: it leaves its mark in a file
        with log.open("a") as marks:
            marks.write(f"{n}\n")
        return f"<p>{n} é</p>", bytes([n, 0, 255])

    assert site_picture(("a", 1), lambda: draw(1)) == ("<p>1 é</p>", bytes([1, 0, 255]))
    assert site_picture(("a", 1), lambda: draw(9)) == ("<p>1 é</p>", bytes([1, 0, 255]))
    assert site_picture(("a", 2), lambda: draw(2)) == ("<p>2 é</p>", bytes([2, 0, 255]))
    assert log.read_text().split() == ["1", "2"]



def test_long_address_values_are_cut_in_the_notes() -> None:
    """The reliability review: a 10,000-character rule value and a 3,000-character ?lang= were echoed in full."""
    from dos_lab.app.page import settings_note, setup_from_query
    from dos_lab.i18n import language_note

    (note,) = setup_from_query("dos_checkpoints=" + "x" * 10_000)[1]
    assert len(note) < 120 and "x" * 25 not in note
    notes = setup_from_query("&".join(f"x{i}=1" for i in range(1_200)))[1]
    line = settings_note(notes)
    assert len(notes) == 1_200 and len(line) < 300 and line.endswith("; and 1195 more such notes")
    assert settings_note(notes[:5]) == "Page settings: " + "; ".join(notes[:5])
    told = language_note("q" * 3_000)
    assert told is not None and len(told) < 200 and "q" * 25 not in told


def websocket_status(url: str, session: requests.Session) -> int:
    """101 if a websocket to ``url`` opens with the session's cookies, else the HTTP status it was refused with."""
    from tornado.httpclient import HTTPClientError
    from tornado.websocket import websocket_connect

    cookies = "; ".join(f"{c.name}={c.value}" for c in session.cookies if url.split("/", 3)[3].startswith(
        c.path.lstrip("/")))
    answer: list[int] = []

    async def connect() -> None:
        try:
            socket = await websocket_connect(HTTPRequest(url, headers={"Cookie": cookies}))
            socket.close()
            answer.append(101)
        except HTTPClientError as refused:
            answer.append(refused.code)

    talker = threading.Thread(target=lambda: asyncio.run(connect()))  # Playwright may run a loop in this thread
    talker.start()
    talker.join(30)
    return answer[0]


def test_only_the_page_a_kernel_serves_may_read_or_stop_it(server: tuple[str, int]) -> None:
    """Another visitor who learnt a page's kernel id cannot connect to it, read its state or stop it (403); the page
    itself can, with the key its browser got in a cookie, through its websocket, Voila's "shut my kernel down" and
    Jupyter's kernel API."""
    base = f"http://{server[0]}:{server[1]}"
    student, other = requests.Session(), requests.Session()
    page = student.get(f"{base}/voila/render/tutorials/01-setup.ipynb", timeout=120)
    kernel = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', page.text)
    assert page.status_code == 200 and kernel, "the page names no kernel"
    kernel_id = kernel.group(1)
    other.get(f"{base}/voila/render/tutorials/01-setup.ipynb", timeout=120)  # the other visitor's own cookies

    def shutdown(session: requests.Session) -> int:
        xsrf = session.cookies.get("_xsrf", "")
        return session.post(f"{base}/voila/api/shutdown/{kernel_id}", headers={"X-XSRFToken": xsrf},
                            timeout=30).status_code

    assert other.get(f"{base}/api/kernels/{kernel_id}", timeout=30).status_code == 403
    assert websocket_status(f"ws://{server[0]}:{server[1]}/api/kernels/{kernel_id}/channels", other) == 403
    assert websocket_status(f"ws://{server[0]}:{server[1]}/api/kernels/{kernel_id}/channels", student) == 101
    assert other.delete(f"{base}/api/kernels/{kernel_id}", timeout=30,
                        headers={"X-XSRFToken": other.cookies.get("_xsrf", "")}).status_code == 403
    assert shutdown(other) == 403
    assert student.get(f"{base}/api/kernels/{kernel_id}", timeout=30).status_code == 200  # still running
    assert shutdown(student) == 204
    assert student.get(f"{base}/api/kernels/{kernel_id}", timeout=30).status_code == 404


def test_a_class_server_says_it_is_ready_once_its_pages_are_warm() -> None:
    """``dos-lab --class 2`` keeps a kernel of every page warm; pages that wait for their visitor's address (the
    home page, a lesson's class experiment) are warm once they wait, so "ready" comes within minutes, not after
    five minutes per lesson. Every page then opens."""
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "dos_lab", "--no-browser", f"--port={port}", "--class", "2"],
                            stdout=subprocess.PIPE, text=True)
    try:
        began, printed = time.monotonic(), []
        assert proc.stdout is not None
        while not printed or not printed[-1].startswith("DOS lab: open"):
            printed.append(proc.stdout.readline())
            assert printed[-1] or proc.poll() is None, printed
            assert time.monotonic() - began < 240, printed
        lesson = requests.get(f"http://127.0.0.1:{port}/voila/render/lessons/01-one-row-card.ipynb", timeout=120)
        assert lesson.status_code == 200 and "kernelId" in lesson.text
    finally:
        stop_app(proc)  # type: ignore[arg-type]
