"""A class on one server: many students open the home page at once. Prints figures; asserts nothing.

    python bench/classroom.py                 # about 6 minutes; needs /usr/bin/chromium
    python bench/classroom.py --students 10 --wait 60 --skip-cold

What it does, on loopback only:

1. starts the site as a teacher would for the class: ``dos-lab --class N --no-browser``, and waits for its
   "DOS lab: open …" line (the home page's pool of N pre-heated kernels is warm then);
2. opens the home page in N separate browser contexts at once (one headless Chromium) and times each page
   from ``goto`` until the first hand card of the table is visible — a usable table;
3. measures the memory of every kernel (RSS) and of the server;
4. closes those pages as students close tabs, then opens N more at once (the pool refills meanwhile);
5. closes them and counts the kernels still running ``--wait`` seconds later (the warm pools stay: they are
   reported apart);
6. unless ``--skip-cold``, repeats step 2 against a server without a class pool (``dos-lab`` alone).

Targets (issue 8), on this 2-core machine: p95 time to table under 5 s with the pool sized for the class and
under 20 s without; an idle kernel under 100 MB; no page kernel left after the culling timeout.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import subprocess
import sys
import time
from pathlib import Path

import psutil
from playwright.async_api import Browser, async_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from conftest import CHROMIUM, CHROMIUM_ARGS, free_port

TIMEOUT_MS = 180_000


def start(*flags: str) -> tuple[subprocess.Popen[str], str, float]:
    """``dos-lab`` on a free port; returns once it printed its address (seconds it took)."""
    port = free_port()
    began = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "dos_lab", "--no-browser", f"--port={port}", *flags],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert proc.stdout is not None
    for line in proc.stdout:
        if line.startswith("DOS lab: open"):
            return proc, f"http://127.0.0.1:{port}", time.perf_counter() - began
    raise RuntimeError(f"dos-lab exited with {proc.wait()}")


def stop(proc: subprocess.Popen[str]) -> None:
    proc.terminate()
    try:
        proc.wait(30)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(10)


def kernels(proc: subprocess.Popen[str]) -> list[psutil.Process]:
    found = []
    for child in psutil.Process(proc.pid).children(recursive=True):
        try:
            if "ipykernel" in " ".join(child.cmdline()):
                found.append(child)
        except psutil.Error:  # gone, or a zombie not reaped yet
            pass
    return found


async def class_opens(browser: Browser, url: str, students: int) -> tuple[list[float], list]:  # type: ignore[type-arg]
    """Every student opens ``url`` at the same moment; seconds until each one's table is usable."""
    contexts = [await browser.new_context(viewport={"width": 1280, "height": 900}) for _ in range(students)]
    pages = [await context.new_page() for context in contexts]

    served: list[float] = []

    async def one(page) -> float:  # type: ignore[no-untyped-def]
        began = time.perf_counter()
        try:
            await page.goto(url, timeout=TIMEOUT_MS, wait_until="commit")
            await page.wait_for_load_state("domcontentloaded", timeout=TIMEOUT_MS)
            served.append(time.perf_counter() - began)
            await page.locator(".dos-hand-0").wait_for(state="visible", timeout=TIMEOUT_MS)
        except Exception:
            return float("nan")
        return time.perf_counter() - began

    times = await asyncio.gather(*(one(page) for page in pages))
    if served:
        print(f"  (the server had sent the whole page after median {statistics.median(served):.1f} s, "
              f"max {max(served):.1f} s; the rest is the browser starting the widgets)")
    return list(times), pages


async def close_all(pages: list) -> None:  # type: ignore[type-arg]
    for page in pages:  # as a student closes the tab: the page asks Voilà to stop its kernel
        await page.close(run_before_unload=True)
        await page.context.close()


def report(label: str, times: list[float]) -> None:
    done = sorted(t for t in times if t == t)
    failed = len(times) - len(done)
    if not done:
        print(f"{label}: no page showed a table")
        return
    p95 = done[min(len(done) - 1, round(0.95 * (len(done) - 1)))]
    print(f"{label}: median {statistics.median(done):5.1f} s · p95 {p95:5.1f} s · max {done[-1]:5.1f} s"
          + (f" · {failed} pages never showed a table" if failed else ""))


def memory(proc: subprocess.Popen[str]) -> None:
    """RSS of every kernel, by kind of page (a kernel's working folder is its notebook's folder)."""
    by_kind: dict[str, list[float]] = {}
    for kernel in kernels(proc):
        try:
            kind = {"tutorials": "tutorial", "lessons": "lesson"}.get(Path(kernel.cwd()).name, "home page")
            by_kind.setdefault(kind, []).append(kernel.memory_info().rss / 2**20)
        except psutil.Error:
            pass
    server = psutil.Process(proc.pid).memory_info().rss / 2**20
    total = sum(sum(sizes) for sizes in by_kind.values())
    parts = [f"{kind} median {statistics.median(sizes):.0f} MB (max {max(sizes):.0f}, {len(sizes)} kernels)"
             for kind, sizes in sorted(by_kind.items())]
    print(f"memory per kernel (RSS): {'; '.join(parts)}")
    print(f"memory in total: kernels {total / 1024:.2f} GB + server {server:.0f} MB")


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--wait", type=int, default=120, help="seconds after the pages close before counting kernels")
    parser.add_argument("--skip-cold", action="store_true", help="do not measure a server without a class pool")
    args = parser.parse_args()
    if not CHROMIUM.exists():
        sys.exit(f"{CHROMIUM} is missing: apt-get install -y chromium")
    n = args.students
    print(f"machine: {psutil.cpu_count()} cores, load average {psutil.getloadavg()[0]:.1f} (other work shares them)")
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        proc, base, warm = start("--class", str(n))
        try:
            print(f"dos-lab --class {n}: ready (pools warm) after {warm:.1f} s with {len(kernels(proc))} kernels")
            times, pages = await class_opens(browser, f"{base}/", n)
            report(f"{n} students at once, pool of {n}", times)
            memory(proc)
            await close_all(pages)
            times, pages = await class_opens(browser, f"{base}/", n)
            report(f"{n} more right after they closed", times)
            await close_all(pages)
            await asyncio.sleep(args.wait)
            pools = n + 13  # the home page's pool and one kernel for each tutorial and lesson
            left = len(kernels(proc))
            print(f"{args.wait} s after the last pages closed: {left} kernels running, "
                  f"{max(0, left - pools)} of them for pages (the other {min(left, pools)} are the warm pools)")
        finally:
            stop(proc)
        if not args.skip_cold:
            proc, base, _ = start()
            try:
                times, pages = await class_opens(browser, f"{base}/", n)
                report(f"{n} students at once, no class pool (dos-lab alone)", times)
                await close_all(pages)
            finally:
                stop(proc)
        await browser.close()


if __name__ == "__main__":
    asyncio.run(main())
