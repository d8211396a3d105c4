"""The Voila app's speed in headless Chromium. Prints figures; asserts nothing.

    python bench/app.py               # about 20 s; needs /usr/bin/chromium

Targets (issue 3): the table is visible within 5 s of starting ``dos-lab``
(server start, kernel start, first render), and the median click-to-update
latency over 50 clicks is under 150 ms. A click is timed in the page, from
``click()`` until the widget's classes change in the DOM: toggling a hand
card, and stepping through a bot's turn with Next.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from dos_lab.app.launch import served_root

from conftest import CHROMIUM, CHROMIUM_ARGS, free_port, start_app, stop_app

CLICKS = 50

#: click an element, then wait for an attribute or text change anywhere in the table (ms)
TIME_CLICK = """async ([selector, watch]) => {
  const target = document.querySelector(watch);
  const changed = new Promise(resolve => {
    const observer = new MutationObserver(() => { observer.disconnect(); resolve(performance.now()); });
    observer.observe(target, {attributes: true, childList: true, subtree: true, characterData: true});
  });
  const timeout = new Promise(resolve => setTimeout(() => resolve(NaN), 5000));
  const start = performance.now();
  document.querySelector(selector).click();
  return (await Promise.race([changed, timeout])) - start;
}"""


def wait_for_server(port: int, proc: subprocess.Popen[bytes]) -> None:
    import urllib.request

    while True:
        if proc.poll() is not None:
            raise RuntimeError("dos-lab exited")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/voila/static/voila.js", timeout=1):
                return
        except OSError:
            time.sleep(0.05)


def clicks(page: Page, selector: str, watch: str, n: int) -> list[float]:
    times = []
    for _ in range(n):
        times.append(float(page.evaluate(TIME_CLICK, [selector, watch])))
        page.wait_for_timeout(30)  # let the rest of the update arrive before the next click
    return times


def main() -> None:
    if not CHROMIUM.exists():
        sys.exit(f"{CHROMIUM} is missing: apt-get install -y chromium")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 1000})
        port = free_port()
        started = time.perf_counter()
        proc = start_app(port, subprocess.DEVNULL)
        try:
            wait_for_server(port, proc)
            served = time.perf_counter() - started
            page.goto(f"http://127.0.0.1:{port}/voila/render/{served_root()[1]}?position=colour-match")
            # the staged position has one bot; later rounds would deal a shuffled game
            page.locator(".dos-hand-0").wait_for(state="visible", timeout=60_000)
            visible = time.perf_counter() - started
            toggles = clicks(page, ".dos-hand-0", ".dos-hand-0", CLICKS)
            # step through the bots' turns: draw and place on your turns, Next on theirs
            steps: list[float] = []
            steps: list[float] = []
            for _ in range(500):
                text = page.locator(".dos-prompt").inner_text()
                if len(steps) >= CLICKS or "Game over" in text:
                    break
                if "to watch" in text:
                    steps.append(float(page.evaluate(TIME_CLICK, [".dos-next", ".dos-prompt"])))
                    page.wait_for_timeout(30)
                    continue
                if "Next round" in text:
                    page.locator(".dos-next-round").click()
                elif "Your turn" in text or "You drew" in text:
                    if "Your turn" in text:
                        page.locator(".dos-draw:not([disabled])").wait_for(timeout=10_000)
                        page.locator(".dos-draw").click()
                    page.locator(".dos-place:not([disabled])").wait_for(timeout=10_000)
                    page.locator(".dos-place").click()
                page.wait_for_timeout(100)
        finally:
            stop_app(proc)
            browser.close()
    toggles = [t for t in toggles if t == t]  # NaN: no update within 5 s (counted separately below)
    missed = CLICKS - len(toggles)
    steps = [t for t in steps if t == t]
    print(f"server answering:            {served:6.2f} s")
    print(f"table visible after start:   {visible:6.2f} s   (target < 5 s)")
    print(f"toggle a hand card, median:  {statistics.median(toggles):6.1f} ms over {len(toggles)} clicks "
          f"(max {max(toggles):.0f} ms; target < 150 ms)")
    print(f"Next (bot step), median:     {statistics.median(steps):6.1f} ms over {len(steps)} clicks "
          f"(max {max(steps):.0f} ms)")
    if missed:
        print(f"{missed} toggle clicks got no update within 5 s")


if __name__ == "__main__":
    main()
