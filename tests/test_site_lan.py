"""``dos-lab --lan``: the classroom network mode is safe by default — the printed link carries a token and is
the last line printed, nothing but static course files answers without it, only this computer's names are
accepted in the Host header, and new pages are refused with a short note when the kernel cap is reached."""

from __future__ import annotations

import gzip
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
import requests

from conftest import free_port, stop_app, wait_until_ready

TOKEN = "classroom7"


def serve_lan(*options: str, env: dict[str, str] | None = None, port: int | None = None) -> Iterator[tuple[str, str]]:
    """``dos-lab --lan`` with ``options`` (on ``port``, else a free one): yields its address on this computer and
    the link it printed."""
    port = port or free_port()
    proc = subprocess.Popen([sys.executable, "-m", "dos_lab", "--no-browser", "--lan", f"--port={port}", *options],
                            stdout=subprocess.PIPE, text=True, env=env)
    try:
        wait_until_ready(proc, f"http://127.0.0.1:{port}")
        assert proc.stdout is not None
        lines = []
        while not lines or not lines[-1].startswith("DOS lab: open"):
            lines.append(proc.stdout.readline().strip())
            assert lines[-1] or proc.poll() is None, lines
        assert "anyone with the link below" in lines[-2]
        yield f"http://127.0.0.1:{port}", lines[-1].removeprefix("DOS lab: open ")
    finally:
        stop_app(proc)  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def lan() -> Iterator[tuple[str, str]]:
    yield from serve_lan(f"--token={TOKEN}", "--max-kernels=1")


def test_a_restart_keeps_the_class_token_and_the_login_unless_a_new_token_is_asked_for(tmp_path: Path) -> None:
    env = {**os.environ, "JUPYTER_DATA_DIR": str(tmp_path)}
    port, student = free_port(), requests.Session()  # the student logs in at the first start only
    links, logged_in = [], []
    for options in ((), (), ("--new-token",)):
        served = serve_lan(*options, env=env, port=port)
        base, link = next(served)
        token = parse_qs(urlsplit(link).query)["token"][0]
        if not links:
            assert student.get(f"{base}/?token={token}", allow_redirects=False, timeout=30).status_code == 302
        assert requests.get(f"{base}/?token={token}", allow_redirects=False, timeout=30).status_code == 302
        # a kernel that does not exist: "not found" to a visitor who is logged in, "forbidden" to one who is not
        asked = student.get(f"{base}/api/kernels/00000000-0000-0000-0000-000000000000", timeout=30)
        logged_in.append(asked.status_code == 404)
        assert asked.status_code in (403, 404)
        served.close()
        links.append(token)
    assert links[0] == links[1] != links[2]
    assert logged_in == [True, True, False]  # the login cookie still works after a restart; a new token ends it
    for name, length in (("class-token", 8), ("cookie-secret", 64)):
        kept = tmp_path / "dos-lab" / name
        assert len(kept.read_text().strip()) == length and kept.stat().st_mode & 0o077 == 0
    assert (tmp_path / "dos-lab" / "class-token").read_text().strip() == links[2]


def test_the_printed_link_has_the_token_and_this_computers_address(lan: tuple[str, str]) -> None:
    _, link = lan
    parts = urlsplit(link)
    assert parts.path == "/" and parts.query == f"token={TOKEN}" and parts.scheme == "http"
    assert parts.hostname and parts.hostname != "0.0.0.0"


def test_without_the_token_no_page_is_served(lan: tuple[str, str]) -> None:
    base, _ = lan
    for path in ("/", "/voila/render/home.ipynb", "/voila/render/tutorials/01-setup.ipynb", "/?token=wrong"):
        response = requests.get(base + path, allow_redirects=False, timeout=30)
        assert response.status_code in (302, 403), path
        assert "home.ipynb" not in response.headers.get("location", "").split("?")[0], path
    response = requests.get(f"{base}/api/kernels/00000000-0000-0000-0000-000000000000", timeout=30)
    assert response.status_code == 403


def test_the_printed_link_works_from_the_network_name_and_sets_a_login_cookie(lan: tuple[str, str]) -> None:
    base, link = lan
    host = urlsplit(link).netloc
    session = requests.Session()
    response = session.get(f"{base}/?token={TOKEN}", headers={"Host": host}, allow_redirects=False, timeout=30)
    assert response.status_code == 302 and response.headers["location"] == "/voila/render/home.ipynb"
    assert session.cookies, "no login cookie: students would need the token on every page"
    foreign = requests.get(f"{base}/?token={TOKEN}", headers={"Host": "attacker.example"}, timeout=30)
    assert foreign.status_code == 403


def test_the_kernel_cap_refuses_a_page_with_a_short_note(lan: tuple[str, str]) -> None:
    base, _ = lan
    session = requests.Session()
    session.get(f"{base}/?token={TOKEN}", allow_redirects=False, timeout=30)
    first = session.get(f"{base}/voila/render/home.ipynb?seed=3", timeout=120)
    assert first.status_code == 200 and "kernelId" in first.text
    second = session.get(f"{base}/voila/render/tutorials/01-setup.ipynb", timeout=120)
    assert second.status_code == 503
    assert "The class server is full right now: 1 page is open, as many as it allows" in second.text
    assert "Traceback" not in second.text


def test_the_network_gets_compressed_scripts(lan: tuple[str, str]) -> None:
    # every student's browser fetches Voila's scripts (about 5 MB a page): over a classroom's Wi-Fi they travel
    # compressed (on this computer alone, compressing would only cost time)
    base, _ = lan
    response = requests.get(f"{base}/voila/static/voila.js", headers={"Accept-Encoding": "gzip"}, timeout=30,
                            stream=True)
    assert response.status_code == 200 and response.headers.get("Content-Encoding") == "gzip"
    sent = response.raw.read(decode_content=False)
    assert 0 < len(sent) < len(gzip.decompress(sent)) / 2


def test_one_device_cannot_fill_the_class_and_pages_that_never_connect_go_quickly() -> None:
    """A device (here this computer's network address, as a student's device would be) that has its share of
    pages open is refused another, while another device is still served; a page whose browser never connects to
    its kernel lets it go soon after it was sent, and the device can open a page again."""
    served = serve_lan(f"--token={TOKEN}", "--max-kernels=6", "--pages-per-device=2", "--DosLabServer.connect_within=5")
    loopback, link = next(served)
    try:
        device = f"http://{urlsplit(link).netloc}"
        assert urlsplit(link).hostname not in ("127.0.0.1", "localhost", "::1")
        student = requests.Session()
        student.get(f"{device}/?token={TOKEN}", allow_redirects=False, timeout=30)
        for page in ("home.ipynb?seed=3", "tutorials/01-setup.ipynb"):
            assert student.get(f"{device}/voila/render/{page}", timeout=120).status_code == 200, page
        refused = student.get(f"{device}/voila/render/tutorials/02-matching.ipynb", timeout=120)
        assert refused.status_code == 503
        assert "This device already has 2 pages of DOS lab open, as many as one device may" in refused.text
        teacher = requests.Session()  # another device: still served
        teacher.get(f"{loopback}/?token={TOKEN}", allow_redirects=False, timeout=30)
        assert teacher.get(f"{loopback}/voila/render/tutorials/02-matching.ipynb", timeout=120).status_code == 200
        # no browser ever connected to the student's two kernels: within about 10 s they are stopped
        for _ in range(60):
            again = student.get(f"{device}/voila/render/tutorials/02-matching.ipynb", timeout=120)
            if again.status_code == 200:
                break
            time.sleep(1)
        assert again.status_code == 200, again.text[:200]
    finally:
        served.close()
