"""The table model and its views in one process, without a browser. Prints figures; asserts nothing.

    python bench/table.py             # a few seconds

What a click costs on the Python side: toggling a hand card (the controller's intent and the
view's redraw of only the changed traits), and stepping through a bot's turn with Next (one
observer frame per event). ``bench/app.py`` measures the same clicks in Chromium, where the
browser's share is added; this script isolates the model and the views, so it is steady on a busy
machine.
"""

from __future__ import annotations

import statistics
import time

from dos_lab.play import TableController, staged_game
from dos_lab.widgets.table import TableView

DEALS = 5
TOGGLES = 40


def one_pass() -> tuple[list[float], list[float]]:
    toggles: list[float] = []
    steps: list[float] = []
    for seed in range(DEALS):
        view = TableView(TableController(staged_game("colour-match", seed=seed), ["greedy"]))
        c = view.controller
        for _ in range(TOGGLES):
            start = time.perf_counter()
            view.hand_buttons[0].click()
            toggles.append(time.perf_counter() - start)
        c.clear_selection()
        view.hand_buttons[0].click()  # R7 on R7, End turn, G9 as the bonus card
        view.row_buttons[0].click()
        view.buttons["match"].click()
        view.buttons["end_turn"].click()
        view.hand_buttons[[card.code for card in c.hand].index("G9")].click()
        view.buttons["place"].click()
        while c.replaying:
            start = time.perf_counter()
            view.buttons["next"].click()
            steps.append(time.perf_counter() - start)
    return toggles, steps


def main() -> None:
    one_pass()  # warm-up: imports, caches
    toggles, steps = zip(*(one_pass() for _ in range(3)), strict=True)
    toggle = min(statistics.median(t) for t in toggles) * 1000
    step = min(statistics.median(s) for s in steps) * 1000
    print(f"toggle a hand card (intent + redraw), median: {toggle:.2f} ms  ({DEALS * TOGGLES} clicks, best of 3)")
    print(f"Next (one bot event shown), median:           {step:.2f} ms  ({len(steps[0])} clicks, best of 3)")


if __name__ == "__main__":
    main()
