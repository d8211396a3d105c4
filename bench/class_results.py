"""A class sends its experiment at once: how soon every class panel shows the whole class. Prints; asserts nothing.

    python bench/class_results.py                     # 30 students, SQLite
    python bench/class_results.py --students 10       # a quick look
    python bench/class_results.py --store postgresql+psycopg://…   # a school's PostgreSQL instead

Each student's lesson page is its own process (as each page has its own kernel) holding the lesson's
:class:`~dos_lab.app.class_panel.ClassPanel`, which looks for classmates' results every 0.25 s. When every page is
open, ``--students`` protocol clients send their share of lesson 1 at the same moment. It prints, for every page,
the time from the last result's commit to the moment the page's panel says the class has sent them all (median,
p95, max; the target is 1 s p95), the store's size, and how long the teacher's page takes to draw the class in its
kernel.
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

EXPERIMENT = "lesson-01-hits"


def page(where: str, students: int, ready: Any, seen: Any) -> None:
    """One student's lesson page: report when its panel first shows ``students`` results."""
    from dos_lab.app.class_panel import ClassPanel
    from dos_lab.classroom import ClassStore
    from dos_lab.classroom.experiments import experiment

    panel = ClassPanel(ClassStore(where), experiment(EXPERIMENT))
    done = f"The class has sent {students} results."

    def look(change: dict[str, Any]) -> None:
        if done in change["new"]:
            seen.put(time.time())

    panel.reading.observe(look, names="value")
    ready.release()
    time.sleep(120)  # the parent ends the page


def send(where: str, student: str, go: Any, sent: Any) -> None:
    """One protocol client: wait for ``go``, then send ``student``'s share and report when it was stored."""
    from dos_lab.classroom import ClassStore
    from dos_lab.classroom.experiments import experiment, run_share

    store = ClassStore(where)
    share = run_share(experiment(EXPERIMENT), student)
    go.wait(120)
    store.submit(EXPERIMENT, student, share)
    sent.put(time.time())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--store", default="")
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="dos-class-results-")
    where = args.store or str(Path(folder) / "class.db")
    from dos_lab.classroom import ClassStore

    ClassStore(where).close()
    context = multiprocessing.get_context("spawn")
    ready, seen, sent, go = context.Semaphore(0), context.Queue(), context.Queue(), context.Event()
    started = time.perf_counter()
    pages = [context.Process(target=page, args=(where, args.students, ready, seen), daemon=True)
             for _ in range(args.students)]
    for p in pages:
        p.start()
    for _ in pages:
        ready.acquire(timeout=600)
    print(f"{args.students} lesson pages open (one process each) in {time.perf_counter() - started:.1f} s")
    senders = [context.Process(target=send, args=(where, f"Student {i + 1}", go, sent))
               for i in range(args.students)]
    for s in senders:
        s.start()
    time.sleep(5)  # every sender has opened the store and dealt its share
    go.set()
    stored = [sent.get(timeout=120) for _ in senders]
    shown = [seen.get(timeout=120) for _ in pages]
    last = max(stored)
    waits = sorted(t - last for t in shown)
    p95 = waits[min(len(waits) - 1, round(0.95 * (len(waits) - 1)))]
    print(f"all {args.students} results stored within {last - min(stored):.2f} s of each other")
    print(f"every panel shows n = {args.students} × 100 hands: median {statistics.median(waits):.2f} s, "
          f"p95 {p95:.2f} s, max {waits[-1]:.2f} s after the last result was stored (target: 1 s p95)")
    if not args.store:
        print(f"store size: {Path(where).stat().st_size / 1024:.0f} KiB (SQLite, WAL mode: "
              f"{sum(f.stat().st_size for f in Path(folder).iterdir()) / 1024:.0f} KiB with its journal)")
    for p in pages + senders:
        p.kill()
    from dos_lab.app.teacher import TeacherPage

    started = time.perf_counter()
    teacher = TeacherPage(ClassStore(where), "bench", "teacher=bench")
    drawn = time.perf_counter() - started
    shown = "The class has sent" in teacher.experiments.children[0].children[0].value
    teacher.close()
    print(f"the teacher's page draws the class ({args.students} results, rooms, CSV) in {drawn:.2f} s in its kernel"
          f"{'' if shown else ' (but it did not show the results!)'} (target: usable in under 3 s; a Voilà page "
          "adds its kernel's start, measured by bench/app.py)")


if __name__ == "__main__":
    main()
