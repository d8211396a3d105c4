"""Shared fixtures: the real ``dos-lab`` server and Playwright pointed at Debian's Chromium (TOOLCHAIN.md)."""

from __future__ import annotations

import importlib.util
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from dos_lab.app.launch import served_root

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
ARTIFACTS = Path(__file__).resolve().parents[1] / "test-artifacts"


def pytest_configure(config: pytest.Config) -> None:
    """The sites and notebooks the tests start keep their rooms in a class store of this run, never in the
    tester's own (Jupyter's data folder)."""
    if "DOS_LAB_STORE" not in os.environ:
        folder = Path(tempfile.mkdtemp(prefix="dos-lab-test-store-"))
        os.environ["DOS_LAB_STORE"] = str(folder / "class.db")


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_app(port: int, output: int | None = None) -> subprocess.Popen[bytes]:
    """Start ``dos-lab`` as a user would (``python -m`` so the test's interpreter is used). Its output
    goes to ours (pytest shows it when a test fails), never to an unread pipe, which would stall it."""
    return subprocess.Popen([sys.executable, "-m", "dos_lab.app.launch", "--no-browser", f"--port={port}"],
                            stdout=output, stderr=subprocess.STDOUT if output is not None else None)


def wait_until_ready(proc: subprocess.Popen[bytes], base: str, deadline: float = 60.0) -> None:
    """Poll ``/voila/static/voila.js`` (never ``/``: each GET of a page starts a kernel)."""
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        if proc.poll() is not None:
            raise RuntimeError(f"dos-lab exited with {proc.returncode} (its output is in the captured output)")
        try:
            with urllib.request.urlopen(f"{base}/voila/static/voila.js", timeout=2):
                return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"dos-lab did not answer within {deadline} s")


def stop_app(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    try:
        proc.wait(15)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(5)


def serving(proc: subprocess.Popen[bytes], base: str, page: str) -> Iterator[str]:
    """Wait until the server at ``base`` answers, yield ``base/page``, and stop it afterwards."""
    try:
        wait_until_ready(proc, base)
        yield f"{base}/{page}"
    finally:
        stop_app(proc)


def serve_site_without_pools() -> Iterator[str]:
    """``dos-lab`` with no pre-heated kernels (each page starts its own, so every page reads its own address);
    yields the site's address (for a module-scoped fixture)."""
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "dos_lab", "--no-browser", f"--port={port}",
                             '--VoilaKernelManager.kernel_pools_config={"default": {"pool_size": 0}}'])
    yield from (url.rstrip("/") for url in serving(proc, f"http://127.0.0.1:{port}", ""))


class Site:
    """``dos-lab`` on a free port with a class store of its own (and ``extra`` options); it can be stopped and
    started again."""

    def __init__(self, store: Path, *extra: str) -> None:
        self.store, self.extra, self.port = store, extra, free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "dos_lab", "--no-browser", f"--port={self.port}",
                                      f"--store={self.store}", *self.extra])
        wait_until_ready(self.proc, self.base)

    def stop(self) -> None:
        if self.proc is not None:
            stop_app(self.proc)
            self.proc = None


def running_site(store: Path, *extra: str) -> Iterator[Site]:
    """A started :class:`Site`, stopped afterwards (for a module-scoped fixture)."""
    site = Site(store, *extra)
    site.start()
    try:
        yield site
    finally:
        site.stop()


def serve_notebook(notebook: Path) -> Iterator[str]:
    """Voila on one notebook, on a free port; yields the page URL (for a module-scoped fixture)."""
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "voila", str(notebook), "--no-browser", f"--port={port}",
                             "--Voila.ip=127.0.0.1"])
    yield from serving(proc, f"http://127.0.0.1:{port}", "")


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Playwright's own browsers cannot be downloaded here: use Debian's Chromium.
    Missing Chromium skips the browser tests locally, and fails them in CI (CI is set)."""
    if not CHROMIUM.exists():
        message = f"{CHROMIUM} is missing: apt-get install -y chromium"
        if os.environ.get("CI"):
            pytest.fail(message + " (CI is set, so the browser tests must run)")
        pytest.skip(message)
    return {**browser_type_launch_args, "executable_path": str(CHROMIUM), "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def app_url() -> Iterator[str]:
    """The demo page of a freshly started ``dos-lab`` on a free port."""
    port = free_port()
    yield from serving(start_app(port), f"http://127.0.0.1:{port}", f"voila/render/{served_root()[1]}")


#: a page's "load" waits for Voilà to render the whole notebook in a kernel that may be starting cold while the
#: machine is busy (30 s, Playwright's default, was not always enough on 2 cores); what a test waits for after
#: the load keeps its own timeout
NAVIGATION_TIMEOUT = 120_000


@pytest.fixture(autouse=True)
def _patient_navigation(request: pytest.FixtureRequest) -> None:
    if "page" in request.fixturenames:
        page = request.getfixturevalue("page")
        if hasattr(page, "set_default_navigation_timeout"):  # Playwright's page, not a test's parameter named so
            page.set_default_navigation_timeout(NAVIGATION_TIMEOUT)


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """Where browser tests save their screenshots (gitignored)."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


def load_script(name: str) -> ModuleType:
    """A script of ``scripts/`` (not a package) loaded as a module, e.g. ``load_script("i18n")``."""
    path = Path(__file__).resolve().parents[1] / "scripts" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"scripts_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A real PostgreSQL server started for this test session (``tests/postgres_server.py``); skipped, with the
    reason, where none can start."""
    import postgres_server

    server, why = postgres_server.start()
    if server is None:
        pytest.skip(f"no PostgreSQL server: {why}")
    try:
        yield server.url
    finally:
        server.stop()
