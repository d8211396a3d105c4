"""The site from a real (non-editable) install, as Binder, JupyterHub images and most users get it: build the
wheel, install it into a fresh virtual environment (borrowing the dependencies already installed where pytest
runs, so nothing but the build backend is downloaded), start ``dos-lab`` from an empty
folder, and open the home page, a tutorial and a lesson in Chromium."""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import zipfile
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest
from page_waits import FIRST
from playwright.sync_api import Page, expect

from conftest import free_port, stop_app, wait_until_ready

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def venv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    work = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(work / "dist"), str(ROOT)],
                   check=True, timeout=600)
    (wheel,) = (work / "dist").glob("dos_lab-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert {"dos_lab/course/rules.md", "dos_lab/course/tutorials/01-setup.ipynb", "dos_lab/app/home.ipynb",
            "dos_lab/course/lessons/01-one-row-card.ipynb", "dos_lab/py.typed"} <= names
    assert not any(n.startswith(("tests/", "bench/", "scripts/", "dos_lab/course/tutorials/README")) for n in names)
    subprocess.run([sys.executable, "-m", "venv", str(work / "venv")], check=True)
    python = work / "venv" / "bin" / "python"
    borrow_packages(python)
    subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-deps", "--force-reinstall", str(wheel)],
                   check=True, timeout=600, env=clean_env())
    return work / "venv"


def borrow_packages(python: Path) -> None:
    """Let the new venv see the packages of the environment pytest runs in. ``--system-site-packages`` would not
    do: when pytest itself runs in a venv (as the README suggests), it lends the *base* interpreter's packages,
    not the test venv's. A ``.pth`` line adds a folder after the venv's own site-packages, so the wheel installed
    there still wins over this checkout's editable install (whose own ``.pth`` files a plain path line does not run)."""
    own = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                         capture_output=True, text=True, check=True).stdout.strip()
    lent = dict.fromkeys(sysconfig.get_paths()[key] for key in ("purelib", "platlib"))
    (Path(own) / "borrowed-test-packages.pth").write_text("".join(f"{folder}\n" for folder in lent))


def clean_env() -> dict[str, str]:
    """The environment without this checkout on the path (the tests set PYTHONPATH to it). A venv that borrows
    the system's packages does not borrow their data files (Voilà's templates in ``<prefix>/share/jupyter``),
    which a full install would put into the venv: point Jupyter at the system's."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "DOS_LAB_SITE")}
    env["JUPYTER_PATH"] = os.pathsep.join(filter(None, [env.get("JUPYTER_PATH"),
                                                        str(Path(sys.prefix) / "share" / "jupyter")]))
    return env


@pytest.fixture(scope="module")
def installed_site(venv: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path, int]]:
    empty = tmp_path_factory.mktemp("empty-folder")
    where = subprocess.run([str(venv / "bin" / "python"), "-c", "import dos_lab; print(dos_lab.__file__)"],
                           cwd=empty, env=clean_env(), capture_output=True, text=True, check=True).stdout
    assert where.startswith(str(venv)), f"dos_lab imported from {where}, not from the fresh install"
    port = free_port()
    proc = subprocess.Popen([str(venv / "bin" / "dos-lab"), "--no-browser", f"--port={port}"], cwd=empty,
                            env=clean_env())
    try:
        wait_until_ready(proc, f"http://127.0.0.1:{port}")
        yield f"http://127.0.0.1:{port}", venv, proc.pid
    finally:
        stop_app(proc)
    assert list(empty.iterdir()) == []  # nothing written where the teacher started it


def no_errors(page: Page) -> None:
    assert page.locator("[data-mime-type='application/vnd.jupyter.stderr']").count() == 0
    for text in ("Traceback", "There was an error", "An exception occurred", "ModuleNotFoundError"):
        assert page.get_by_text(text).count() == 0, text


def test_installed_site_serves_home_tutorial_and_lesson(page: Page, installed_site: tuple[str, Path, int],
                                                        artifacts: Path) -> None:
    base, venv, pid = installed_site
    page.set_viewport_size({"width": 1100, "height": 1000})
    page.goto(f"{base}/")
    expect(page.locator(".dos-hand-0")).to_be_visible(timeout=FIRST)
    expect(page.locator(".dos-course li")).to_have_count(13)
    no_errors(page)
    # the page's kernel runs the installed package, with the environment's own Python
    server = psutil.Process(pid)
    kernels = [p for p in server.children(recursive=True) if "ipykernel" in " ".join(p.cmdline())]
    assert kernels and all(p.cmdline()[0].startswith(str(venv)) for p in kernels)

    page.locator(".dos-course a", has_text="Matching").click()
    expect(page.locator(".dos-tut-example").first).to_be_visible(timeout=FIRST)
    no_errors(page)
    page.screenshot(path=str(artifacts / "installed-tutorial.png"))

    page.locator("nav.dos-site-nav a.dos-nav-home").click()
    expect(page.locator(".dos-hand-0")).to_be_visible(timeout=FIRST)
    page.locator(".dos-course a", has_text="Lesson 2").click()
    expect(page.locator("h1").first).to_contain_text("Lesson 2", timeout=FIRST)
    expect(page.locator(".widget-slider, .widget-dropdown, .widget-button").first).to_be_visible(timeout=FIRST)
    no_errors(page)
    page.screenshot(path=str(artifacts / "installed-lesson.png"))
    with page.context.expect_page() as opened:
        page.locator("nav.dos-site-nav a.dos-nav-rules").click()
    expect(opened.value.locator("#R4\\.2")).to_be_attached()


def test_binder_and_jupyterhub_route(page: Page, venv: Path, tmp_path: Path, artifacts: Path) -> None:
    """What binder/postBuild does (a user's home folder, a Jupyter server with Voilà's extension): export the
    site with the installed package, then open it through the Jupyter server's Voilà routes."""
    home = tmp_path / "home"
    home.mkdir()
    env = clean_env() | {"HOME": str(home), "JUPYTER_CONFIG_DIR": str(home / ".jupyter"),
                         "JUPYTER_DATA_DIR": str(home / ".local" / "share" / "jupyter"),
                         "JUPYTER_CONFIG_PATH": str(Path(sys.prefix) / "etc" / "jupyter")}
    out = subprocess.run([str(venv / "bin" / "dos-lab"), "--export", "site", "--jupyter-config", "~/.jupyter"],
                         cwd=home, env=env, capture_output=True, text=True, check=True).stdout
    assert "home.ipynb" in out and (home / ".jupyter" / "voila.json").is_file()
    assert not (home / "site" / "tutorials" / "01-setup.ipynb").is_symlink()  # an export holds copies
    port = free_port()
    proc = subprocess.Popen([str(venv / "bin" / "python"), "-m", "jupyter_server", "--no-browser", "--allow-root",
                             f"--port={port}", "--ServerApp.token=", "--ServerApp.password=",
                             f"--ServerApp.root_dir={home}"], cwd=home, env=env)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_ready(proc, base)
        page.set_viewport_size({"width": 1100, "height": 1000})
        page.goto(f"{base}/voila/render/site/home.ipynb?seed=5")
        expect(page.locator(".dos-hand-0")).to_be_visible(timeout=FIRST)
        expect(page.locator(".dos-seed b")).to_have_text("5")
        no_errors(page)
        rules = page.locator("nav.dos-site-nav a.dos-nav-rules")
        expect(rules).to_have_attribute("href", "/voila/files/site/rules.html")
        page.screenshot(path=str(artifacts / "binder-home.png"))
        page.goto(f"{base}/voila/files/site/rules.html#R11.4")
        expect(page.locator("#R11\\.4")).to_be_attached()
        page.locator("a.dos-home-link").click()
        expect(page.locator(".dos-hand-0")).to_be_visible(timeout=FIRST)
    finally:
        stop_app(proc)
