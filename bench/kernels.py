"""The memory of each page's kernel when it sits idle. Prints figures; asserts nothing.

    python bench/kernels.py                    # every page, English and one language version: about 3 minutes
    python bench/kernels.py --pages lessons/05-greedy-vs-random.ipynb --cells   # RSS after every cell

For each page of the site (the home page, a tutorial, every lesson; and the same in a language folder) it lays
out the site as ``dos-lab`` does (:func:`dos_lab.app.course.build_site`), starts a kernel in the page's folder
with the environment the site gives its kernels, runs the page's code cells one after the other as Voilà does,
waits a moment, and prints the kernel's resident memory (RSS, and USS: the part no other process shares).

Each page runs twice: with an empty ``DOS_LAB_CACHE`` (the first kernel of a lesson on a new site: it draws the
site's shared pictures and plays the reference games in a short-lived child process) and with the cache that run
left (every later kernel of that lesson). Target (issue 8): an idle kernel under 100 MB.
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import subprocess
import tempfile
import time
from pathlib import Path

import psutil
from jupyter_client.manager import KernelManager

from dos_lab.app.course import build_site

#: the pages measured by default: (path in the site, what it is)
PAGES = (
    ("home.ipynb", "home page"),
    ("tutorials/01-setup.ipynb", "tutorial 1"),
    ("lessons/01-one-row-card.ipynb", "lesson 1"),
    ("lessons/02-easiest-row-card.ipynb", "lesson 2"),
    ("lessons/03-two-row-cards.ipynb", "lesson 3"),
    ("lessons/04-points-in-hand.ipynb", "lesson 4"),
    ("lessons/05-greedy-vs-random.ipynb", "lesson 5"),
    ("pl/lessons/05-greedy-vs-random.ipynb", "lesson 5 in Polish"),
)

MB = 1024 * 1024


def code_cells(notebook: Path) -> list[str]:
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return ["".join(cell["source"]) for cell in cells if cell["cell_type"] == "code"]


def memory(pid: int) -> tuple[float, float]:
    """RSS and USS of a process, in MB."""
    info = psutil.Process(pid).memory_full_info()
    return info.rss / MB, info.uss / MB


def run_page(site: Path, page: str, cache: Path, per_cell: bool) -> tuple[float, float, float]:
    """Run one page in a fresh kernel; its idle (RSS, USS) in MB and the seconds its cells took."""
    notebook = site / page
    env = dict(os.environ, DOS_LAB_CACHE=str(cache), DOS_LAB_SITE=str(site), QUERY_STRING="", SCRIPT_NAME="",
               PATH_INFO="", SERVER_NAME="localhost", SERVER_PORT="8866", SERVER_PROTOCOL="HTTP/1.1")
    manager = KernelManager(kernel_name="python3")
    manager.start_kernel(cwd=str(notebook.parent), env=env, stderr=subprocess.DEVNULL)
    client = manager.client()
    client.start_channels()
    try:
        client.wait_for_ready(timeout=60)
        pid = manager.provisioner.pid  # type: ignore[union-attr]
        began = time.perf_counter()
        for number, source in enumerate(code_cells(notebook), 1):
            reply = client.execute_interactive(source, timeout=600, output_hook=lambda _msg: None)
            if reply["content"]["status"] != "ok":
                print(f"    cell {number} failed: {reply['content'].get('ename')}: {reply['content'].get('evalue')}")
            if per_cell:
                rss, uss = memory(pid)
                first = source.strip().splitlines()[-1][:70] if source.strip() else ""
                print(f"    after cell {number:2}: RSS {rss:6.1f} MB  USS {uss:6.1f} MB   {first}")
        took = time.perf_counter() - began
        time.sleep(2)  # idle: let the kernel finish sending and collect garbage
        with_drain(client)
        rss, uss = memory(pid)
        return rss, uss, took
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)


def with_drain(client: object) -> None:
    """Read away the messages the cells sent (a kernel that cannot send keeps its buffers)."""
    for channel in ("get_iopub_msg", "get_shell_msg"):
        while True:
            try:
                getattr(client, channel)(timeout=0.2)
            except queue.Empty:
                break


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pages", nargs="*", help="site paths to measure (default: a set covering every kind)")
    parser.add_argument("--cells", action="store_true", help="also print the memory after every cell")
    args = parser.parse_args()
    pages = [(page, page) for page in args.pages] if args.pages else list(PAGES)
    load = os.getloadavg()
    print(f"{psutil.cpu_count()} cores, load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}")
    print(f"{'page':<40} {'site cache':<10} {'RSS':>8} {'USS':>8} {'cells':>8}")
    with tempfile.TemporaryDirectory(prefix="dos-lab-kernels-") as work:
        site = build_site(Path(work) / "site")
        for page, label in pages:
            cache = Path(work) / ("cache-" + page.replace("/", "-"))
            cache.mkdir(mode=0o700)
            for state in ("empty", "warm"):
                if args.cells:
                    print(f"  {label}, {state} cache:")
                rss, uss, took = run_page(site, page, cache, args.cells)
                print(f"{label:<40} {state:<10} {rss:6.1f}MB {uss:6.1f}MB {took:7.1f}s", flush=True)


if __name__ == "__main__":
    main()
