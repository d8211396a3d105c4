"""How fast the lessons' controls answer: every setting of every explorer, and the simulations.

    python bench/lessons.py

Prints, per control, the slowest and the median time from a changed value to the redrawn answer (the
kernel's share of what a student waits for on the page), and how long a "Run again" takes. A control
should answer in under 300 ms at every setting.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterable
from functools import partial
from typing import Any

from dos_lab import lessons as L
from dos_lab import probability as P
from dos_lab.bots import GreedyBot, TacticianBot
from dos_lab.simulate import SerialExecutor, play_games


def _times(control: Any, values: Iterable[Any]) -> list[float]:
    out = []
    for value in values:
        start = time.perf_counter()
        control.value = value
        out.append(time.perf_counter() - start)
    return out


def _report(name: str, times: list[float]) -> None:
    print(f"{name:<46} {len(times):>4} settings   slowest {max(times) * 1000:7.1f} ms   "
          f"median {statistics.median(times) * 1000:7.1f} ms")


def _timed(name: str, action: Callable[[], object]) -> None:
    start = time.perf_counter()
    action()
    print(f"{name:<46} {time.perf_counter() - start:8.2f} s")


def main() -> None:
    print("control (lesson)                               settings   per change")
    one = L.explore_one_row_card()
    row_card, hand_size = one.children[0].children
    times = []
    for value in L.ROW_VALUES:
        times += _times(row_card, [value])
        times += _times(hand_size, range(1, 21))
    _report("row card x cards in hand (1)", times)
    pairs = L.explore_pairs()
    _report("pairs for a row card (2)", _times(pairs.children[0].children[0], L.ROW_VALUES))
    two = L.explore_two_row_cards()
    _report("two row cards, cards in hand (3)", _times(two.children[0].children[0], range(1, P.MAX_BOTH_HAND + 1)))
    start = time.perf_counter()
    points = L.explore_points()
    print(f"{'points explorer built, first picture (4)':<46} {time.perf_counter() - start:8.2f} s")
    slider = points.children[0].children[0]
    _report("points, cards in hand, first visit (4)", _times(slider, range(1, 31)))
    _report("points, cards in hand, again (4)", _times(slider, range(1, 31)))
    records = play_games([GreedyBot, TacticianBot], 60, seed=2024, executor=SerialExecutor())
    tournament = L.explore_tournament(records)
    _report("games counted (5)", _times(tournament.children[0].children[0], range(1, 61)))
    wilson = L.explore_wilson()
    _report("Wilson calculator, wins (5)", _times(wilson.children[0].children[0], range(0, 11)))
    print()
    exact = P.p_single_match(7, exclude_target=True)
    for n in (20_000, 200_000):
        _timed(f"Run again: {n:,} hands (1)", partial(L.run_simulation, "single_match", exact, v=7,
                                                       exclude_target=True, n=n, title="", label=""))
    both = P.p_match_both()
    for n in (20_000, 200_000):
        _timed(f"Run again: {n:,} deals (3)", partial(L.run_simulation, "match_both", both, n=n, title="",
                                                       label="", noun="deals"))
    _timed("Run again: 150 games (5)", lambda: L.run_tournament(
        [GreedyBot, TacticianBot], ["GreedyBot", "TacticianBot"], games=150))


if __name__ == "__main__":
    main()
