"""Classmates' pages at one table in Chromium: how long a move takes to reach the other seats' pages. Prints
figures; asserts nothing.

    python bench/room_pages.py                # 3 students in one room, 60 moves
    python bench/room_pages.py --moves 20     # a quick look

It starts ``dos-lab`` with a class store of its own, opens the room page in one browser context per student,
starts a room and joins it, and then lets the student whose turn it is act by clicking (Draw, or Place, or End
turn). Each other page records, in the browser, when its prompt first changes after the click; the latency is
that moment minus the moment of the click (one clock: all contexts run on this machine). It prints the median,
p95 and max over every move and every other seat, and the moves that never arrived (the target: none).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from playwright.sync_api import Page, expect, sync_playwright  # noqa: E402

from conftest import CHROMIUM, CHROMIUM_ARGS, free_port, stop_app, wait_until_ready  # noqa: E402

WATCH = """() => {
  window.dosChanges = [];
  const prompt = document.querySelector(".dos-prompt");
  new MutationObserver(() => window.dosChanges.push(Date.now()))
    .observe(prompt, {childList: true, subtree: true, characterData: true});
}"""


def act(page: Page) -> bool:
    """One action of the student whose turn it is; False if the page offers none."""
    for action in ("draw", "place", "end-turn"):
        button = page.locator(f".dos-{action}")
        if button.is_enabled():
            if action == "place" and page.locator(".dos-hand button.dos-selected").count() != 1:
                page.locator(".dos-hand button").first.click()  # the drawn card is selected already, if any
            button.click()
            return True
    return False


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--students", type=int, default=3, choices=(2, 3, 4))
    parser.add_argument("--verbose", action="store_true", help="say what happened to a move that did not arrive")
    args = parser.parse_args()
    store = Path(tempfile.mkdtemp(prefix="dos-lab-bench-")) / "class.db"
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "dos_lab", "--no-browser", f"--port={port}", f"--store={store}"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}/voila/render/room.ipynb"
    latencies: list[float] = []
    lost = refused = 0
    try:
        wait_until_ready(proc, f"http://127.0.0.1:{port}")
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            pages = [browser.new_context().new_page() for _ in range(args.students)]
            for page in pages:
                page.set_default_timeout(120_000)
            first = pages[0]
            first.goto(base)
            first.locator(".dos-create-name input").fill("Ala")
            first.locator(".dos-room-players select").select_option(str(args.students))
            first.locator(".dos-create-room").click()
            code = first.locator(".dos-room-code").inner_text()
            for n, page in enumerate(pages[1:], 2):
                page.goto(f"{base}?room={code}")
                page.locator(".dos-join-name input").fill(f"Student {n}")
                page.locator(".dos-join-room").click()
            for page in pages:
                page.locator(".dos-table").wait_for()
                page.evaluate(WATCH)
            started = time.monotonic()
            for _ in range(args.moves):
                for page in pages:  # everyone watches to the end first (that changes their own prompt)
                    if page.locator(".dos-skip").is_enabled():
                        page.locator(".dos-skip").click()
                        expect(page.locator(".dos-skip")).to_be_disabled()
                mover = next((pg for pg in pages if pg.locator(".dos-end-turn").is_enabled()), None)
                if mover is None:
                    time.sleep(0.2)
                    continue
                others = [pg for pg in pages if pg is not mover]
                counts = [pg.evaluate("window.dosChanges.length") for pg in others]
                clicked = mover.evaluate("Date.now()")
                if not act(mover):
                    continue
                deadline = time.monotonic() + 10
                arrived: list[float | None] = [None] * len(others)
                while time.monotonic() < deadline and None in arrived:
                    if "Not allowed" in mover.locator(".dos-status").inner_text():
                        break  # the rules refused the click: nothing is sent to the others
                    for n, (page, count) in enumerate(zip(others, counts, strict=True)):
                        changes = page.evaluate("window.dosChanges")
                        if arrived[n] is None and len(changes) > count:
                            arrived[n] = (changes[count] - clicked) / 1000
                    time.sleep(0.02)
                if None in arrived and "Not allowed" in mover.locator(".dos-status").inner_text():
                    refused += 1
                    continue
                latencies += [a for a in arrived if a is not None]
                lost += arrived.count(None)
                if None in arrived and args.verbose:
                    print("not arrived:", mover.locator(".dos-status").inner_text(), "|",
                          [pg.locator(".dos-prompt").inner_text() for pg in others])
                if "Round over" in mover.locator(".dos-prompt").inner_text():
                    break
            elapsed = time.monotonic() - started
            browser.close()
    finally:
        stop_app(proc)
    if not latencies:
        print("no move reached another page")
        return
    latencies.sort()
    p95 = latencies[min(len(latencies) - 1, int(0.95 * len(latencies)))]
    print(f"{args.students} students in one room, {len(latencies) + lost} move arrivals measured in "
          f"{elapsed:.0f} s")
    print(f"click on one page -> the other pages' prompt changes: median {statistics.median(latencies):.3f} s, "
          f"p95 {p95:.3f} s, max {latencies[-1]:.3f} s; never arrived: {lost}; clicks the rules refused: {refused}")


if __name__ == "__main__":
    main()
