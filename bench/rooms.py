"""A class playing in rooms: protocol clients on one class store. Prints figures; asserts nothing.

    python bench/rooms.py                        # 30 students in 10 rooms for 3 minutes, SQLite
    python bench/rooms.py --seconds 20           # a quick look
    python bench/rooms.py --store postgresql+psycopg://…   # a school's PostgreSQL instead

Each student is a client that does what a seat's page does: look at its seat (``view``), and when it may move,
choose one of its legal moves at random and play it; otherwise wait for the room's next version. Clients run as
threads in ``--processes`` processes (the server side of a class: every page's kernel is its own process).

It prints the move-to-other-seats latency (from the commit of a move to the moment each other seat of the room
has seen the new version: median, p95, max), moves per second, refusals by kind (a stale move, a move no longer
legal after another seat moved first), the store's size, and whether every room's history replays to exactly
its saved round (0 forked or lost moves is the target).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from dos_lab import DosError, Round  # noqa: E402
from dos_lab.classroom import ClassStore  # noqa: E402
from dos_lab.moves import perform  # noqa: E402


def student(store: ClassStore, token: str, seed: int, until: float, out: dict[str, Any]) -> None:
    """One seat's client: play random legal moves, and note when each new version of the room is seen."""
    rng = random.Random(seed)
    seen: list[tuple[int, float]] = []
    played: list[tuple[int, float]] = []
    refusals: Counter[str] = Counter()
    while time.time() < until:
        view = store.view(token)
        seen.append((view.version, time.time()))
        if view.over:
            break
        options = store.legal_moves(token) if view.my_turn or rng.random() < 0.2 else []
        if options:
            try:
                version = store.play(token, rng.choice(options), version=view.version)
                played.append((version, time.time()))
            except DosError as error:
                refusals["stale" if "changed since" in str(error) else "no longer legal"] += 1
            continue
        got = store.wait(view.code, view.version, timeout=1.0)
        if got > view.version:
            seen.append((got, time.time()))
    out[token] = {"seen": seen, "played": played, "refusals": refusals}


def process(path: str, clients: list[tuple[str, int]], until: float, queue: Any) -> None:
    store = ClassStore(path)
    out: dict[str, Any] = {}
    threads = [threading.Thread(target=student, args=(store, token, seed, until, out)) for token, seed in clients]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    queue.put(out)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rooms", type=int, default=10)
    parser.add_argument("--seats", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=180.0)
    parser.add_argument("--processes", type=int, default=6)
    parser.add_argument("--store", default="")
    args = parser.parse_args(argv)
    folder = tempfile.mkdtemp(prefix="dos-rooms-")
    path = args.store or str(Path(folder) / "class.db")
    store = ClassStore(path)
    until = time.time() + args.seconds
    context = multiprocessing.get_context("spawn")
    latencies: list[float] = []
    refusals: Counter[str] = Counter()
    moves = recorded = forked = waves = 0
    codes: list[str] = []
    started = time.time()
    while time.time() < until:  # a wave: every room plays one round to its end (or until the time is up)
        waves += 1
        tokens: list[tuple[str, str, int]] = []  # (room, token, seed)
        wave: list[str] = []
        for room in range(args.rooms):
            code = store.create_room(players=args.seats, seed=waves * 1000 + room)
            wave.append(code)
            tokens += [(code, store.join(code, f"S{room}-{seat}"), waves * 1000 + room * 10 + seat)
                       for seat in range(args.seats)]
        codes += wave
        queue = context.Queue()
        shares = [[(t, s) for i, (_, t, s) in enumerate(tokens) if i % args.processes == p]
                  for p in range(args.processes)]
        workers = [context.Process(target=process, args=(path, share, until, queue)) for share in shares if share]
        for worker in workers:
            worker.start()
        outs: dict[str, Any] = {}
        for _ in workers:
            outs.update(queue.get())
        for worker in workers:
            worker.join()
        room_of = {token: code for code, token, _ in tokens}
        for token, data in outs.items():
            refusals.update(data["refusals"])
            moves += len(data["played"])
            others = [t for t in outs if t != token and room_of[t] == room_of[token]]
            for version, at in data["played"]:
                for other in others:
                    first = next((when for v, when in outs[other]["seen"] if v >= version), None)
                    if first is not None:
                        latencies.append(max(0.0, first - at))
        for code in wave:
            deal, history = store.history(code)
            recorded += len(history)
            if deal is None:
                continue
            r = Round.from_dict(deal)
            try:
                for move in history:
                    perform(r, move)
            except DosError:
                forked += 1
                continue
            forked += r.to_dict() != store.save(code)
    elapsed = time.time() - started
    size = sum(f.stat().st_size for f in Path(folder).glob("class.db*")) if not args.store else 0
    latencies.sort()
    print(f"rooms {args.rooms} × {args.seats} seats at once, {args.rooms * args.seats} clients in "
          f"{args.processes} processes, {elapsed:.0f} s, {waves} waves ({len(codes)} rounds), store "
          f"{args.store or 'SQLite'} (cpu count {os.cpu_count()})")
    print(f"moves played: {moves} ({moves / elapsed:.1f}/s); moves recorded: {recorded}")
    if latencies:
        p95 = latencies[int(0.95 * (len(latencies) - 1))]
        print(f"move → other seats: median {statistics.median(latencies) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, "
              f"max {latencies[-1] * 1000:.0f} ms ({len(latencies)} deliveries)")
    print(f"refusals: {dict(refusals) or 'none'}")
    if size:
        print(f"store size: {size / 1024:.0f} KiB")
    print(f"forked or lost games: {forked} of {len(codes)} rounds (a history that does not replay to its saved round)")


if __name__ == "__main__":
    main()
