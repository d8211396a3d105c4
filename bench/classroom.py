"""A class on one server: many students open the home page at once. Prints figures; asserts nothing.

    python bench/classroom.py                 # about 10 minutes; needs /usr/bin/chromium
    python bench/classroom.py --students 10 --wait 60 --skip-cold
    python bench/classroom.py --server-only   # the server alone (protocol clients, no browser): 3 minutes
    python bench/classroom.py --pin           # server on one core, clients on the other
    python bench/classroom.py --one-page      # one student at a time: a page's CPU cost in Chromium, its downloads

In a real class every browser runs on the student's own device and only the server is shared; thirty headless
Chromiums on the server's own cores mostly measure Chromium. So the script measures both, labelled:
SERVER ONLY — protocol clients that do what the home page's JavaScript does (GET the page, connect to the kernel
it names, ``kernel_info_request``, ipywidgets 8's ``jupyter.widget.control`` ``request_states``) and time until
the widget state holding the table has arrived; BROWSERS — headless Chromium, until the table is visible.

What it does, on loopback only:

1. starts the site as a teacher would for the class: ``dos-lab --class N --no-browser``, and waits for its
   "DOS lab: open …" line (the home page's pool of N pre-heated kernels is warm then); N protocol clients
   open the home page at once (their pages are closed as a tab closes: the shutdown request), and the script
   waits until the pools are full and the server quiet again;
2. opens the home page in N separate browser contexts at once (one headless Chromium) and times each page
   from ``goto`` until the first hand card of the table is visible — a usable table;
3. measures the memory of every kernel (RSS) and of the server;
4. closes those pages as students close tabs, then opens N more at once (the pool refills meanwhile);
5. closes them and counts the kernels still running ``--wait`` seconds later (the warm pools stay: they are
   reported apart);
6. unless ``--skip-cold``, repeats the protocol clients and step 2 against a server without a class pool
   (``dos-lab`` alone).

``--one-page`` (also the first step of every run with browsers) opens the home page in a fresh browser context
five times, one after the other, and prints the time to the table, the CPU time Chromium spent on the page (by
process: renderer, browser, network, GPU) and what the page downloaded. ``students × CPU per page ÷ cores`` is
the least time the browsers of a class can take on this machine, however fast the server is.

Targets (issue 8), on this 2-core machine: p95 time to table under 5 s with the pool sized for the class and
under 20 s without; an idle kernel under 100 MB; no page kernel left after the culling timeout.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import statistics
import struct
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from pathlib import Path
from typing import Any

import psutil
from playwright.async_api import Browser, async_playwright
from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.websocket import WebSocketClientConnection, websocket_connect

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from conftest import CHROMIUM, CHROMIUM_ARGS, free_port

TIMEOUT_MS = 180_000


#: ``--pin``: the server (and its kernels) on this core, the clients (browsers, protocol clients) on the other
SERVER_CORE, CLIENT_CORE = 0, 1


def start(*flags: str, pin: bool = False) -> tuple[subprocess.Popen[str], str, float]:
    """``dos-lab`` on a free port; returns once it printed its address (seconds it took)."""
    port = free_port()
    began = time.perf_counter()
    taskset = ["taskset", "-c", str(SERVER_CORE)] if pin else []
    proc = subprocess.Popen([*taskset, sys.executable, "-m", "dos_lab", "--no-browser", f"--port={port}", *flags],
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


# --- the server alone: what a page's JavaScript asks of it, without a browser -----------------------------------

PROTOCOL = "v1.kernel.websocket.jupyter.org"  # the binary framing the page's kernel connection uses


def frame(channel: str, msg_type: str, content: dict[str, Any], session: str,
          metadata: dict[str, Any] | None = None) -> tuple[str, bytes]:
    """A message in the kernel websocket's v1 framing: offsets, then channel, header, parent, metadata, content."""
    msg_id = uuid.uuid4().hex
    header = {"msg_id": msg_id, "msg_type": msg_type, "username": "", "session": session, "date": "",
              "version": "5.3"}
    parts = [channel.encode(), *(json.dumps(part).encode() for part in (header, {}, metadata or {}, content))]
    offsets, at = [], 8 * (len(parts) + 2)
    for part in parts:
        offsets.append(at)
        at += len(part)
    offsets.append(at)
    return msg_id, struct.pack(f"<{len(offsets) + 1}Q", len(offsets), *offsets) + b"".join(parts)


def unframe(data: bytes) -> tuple[str, dict[str, Any], dict[str, Any], dict[str, Any]]:
    """channel, header, parent header, content of a v1 frame."""
    count = struct.unpack_from("<Q", data)[0]
    offsets = struct.unpack_from(f"<{count}Q", data, 8)
    part = [data[offsets[i]:offsets[i + 1]] for i in range(min(5, count - 1))]
    return part[0].decode(), json.loads(part[1]), json.loads(part[2]), json.loads(part[4])


async def reply_to(ws: WebSocketClientConnection, msg_id: str, wanted: str) -> dict[str, Any]:
    while True:
        data = await ws.read_message()
        if data is None:
            raise ConnectionError("the kernel's websocket closed")
        if isinstance(data, bytes):
            _, header, parent, content = unframe(data)
            if parent.get("msg_id") == msg_id and header["msg_type"] == wanted:
                return content


async def protocol_student(url: str) -> tuple[float, float, int]:
    """What the home page does in a browser, as a browser's network log shows it: GET the page (following ``/``
    to it), connect to the kernel it names, ``kernel_info_request``, then ipywidgets 8's
    ``jupyter.widget.control`` comm asks for every widget's state (``request_states``). Returns the seconds until
    the page's HTML had arrived and until the widget state with the table had arrived, and its size in bytes;
    then closes the page as a tab does (the shutdown request)."""
    began = time.perf_counter()
    response = await AsyncHTTPClient().fetch(url, request_timeout=TIMEOUT_MS / 1000, follow_redirects=True)
    served = time.perf_counter() - began
    found = re.search(r'"kernelId":\s*"([0-9a-f-]+)"', response.body.decode())
    if found is None:
        raise RuntimeError("the page names no kernel")
    kernel = found.group(1)
    base = url.split("/voila/")[0].rstrip("/")
    session = uuid.uuid4().hex
    # the page's cookies carry its key to its kernel: only the page a kernel serves may connect (dos_lab.app.shares)
    cookies = "; ".join(c.split(";")[0] for c in response.headers.get_list("Set-Cookie"))
    ws = await websocket_connect(HTTPRequest(base.replace("http", "ws", 1) + f"/api/kernels/{kernel}/channels?"
                                             f"session_id={session}", headers={"Cookie": cookies}),
                                 subprotocols=[PROTOCOL], max_message_size=64 * 2**20)
    try:
        msg_id, data = frame("shell", "kernel_info_request", {}, session)
        await ws.write_message(data, binary=True)
        await reply_to(ws, msg_id, "kernel_info_reply")
        comm = uuid.uuid4().hex
        _, data = frame("shell", "comm_open", {"comm_id": comm, "target_name": "jupyter.widget.control",
                                               "data": {}}, session, {"version": "1.0.0"})
        await ws.write_message(data, binary=True)
        msg_id, data = frame("shell", "comm_msg", {"comm_id": comm, "data": {"method": "request_states"}}, session)
        await ws.write_message(data, binary=True)
        content = await reply_to(ws, msg_id, "comm_msg")
        states = json.dumps(content["data"].get("states", {}))
        if "dos-hand-0" not in states:
            raise RuntimeError("the widget state holds no table")
        table = time.perf_counter() - began
    finally:
        ws.close()
    xsrf = re.search(r"_xsrf=([^;]+)", cookies)
    await AsyncHTTPClient().fetch(HTTPRequest(f"{base}/voila/api/shutdown/{kernel}", method="POST", body=b"",
                                              headers={"Cookie": cookies,
                                                       "X-XSRFToken": xsrf.group(1) if xsrf else ""}),
                                  raise_error=False)
    return served, table, len(states)


async def protocol_class(url: str, students: int) -> list[float]:
    """Every student's page at the same moment, without browsers: seconds until each one's table state arrived."""
    AsyncHTTPClient.configure(None, max_clients=students + 10)  # tornado queues beyond 10 by default

    async def one() -> tuple[float, float, int]:
        try:
            return await protocol_student(url)
        except Exception as exc:  # a failed page counts as "never"
            print(f"  a page failed: {type(exc).__name__}: {exc}")
            return float("nan"), float("nan"), 0

    results = await asyncio.gather(*(one() for _ in range(students)))
    served = [r[0] for r in results if r[0] == r[0]]
    sizes = [r[2] for r in results if r[2]]
    if served:
        print(f"  (the page's HTML had arrived after median {statistics.median(served):.1f} s, max {max(served):.1f} s;"
              f" widget state {statistics.median(sizes) / 1024:.0f} kB a page)")
    return [r[1] for r in results]


def cpu_seconds(proc: subprocess.Popen[str]) -> float:
    """CPU time used so far by the server and its kernels."""
    total = 0.0
    for process in [psutil.Process(proc.pid), *psutil.Process(proc.pid).children(recursive=True)]:
        with contextlib.suppress(psutil.Error):
            total += sum(process.cpu_times()[:2])
    return total


async def wait_quiet(proc: subprocess.Popen[str], kernels_at_least: int, limit: float = 300) -> float:
    """Wait until the server and its idle kernels use under a fifth of a core for 3 s running, with the pools
    full again."""
    began = time.perf_counter()
    quiet = 0
    while time.perf_counter() - began < limit and quiet < 3:
        before = cpu_seconds(proc)
        await asyncio.sleep(1)
        quiet = quiet + 1 if cpu_seconds(proc) - before < 0.2 and len(kernels(proc)) >= kernels_at_least else 0
    return time.perf_counter() - began


async def class_opens(browser: Browser, url: str, students: int) -> tuple[list[float], list]:  # type: ignore[type-arg]
    """Every student opens ``url`` at the same moment; seconds until each one's table is usable."""
    contexts = [await browser.new_context(viewport={"width": 1280, "height": 900}) for _ in range(students)]
    pages = [await context.new_page() for context in contexts]

    served: list[float] = []
    errors: list[str] = []

    async def one(page) -> float:  # type: ignore[no-untyped-def]
        began = time.perf_counter()
        try:
            await page.goto(url, timeout=TIMEOUT_MS, wait_until="commit")
            await page.wait_for_load_state("domcontentloaded", timeout=TIMEOUT_MS)
            served.append(time.perf_counter() - began)
            await page.locator(".dos-hand-0").wait_for(state="visible", timeout=TIMEOUT_MS)
        except Exception as exc:
            errors.append(f"{type(exc).__name__}: {str(exc).splitlines()[0][:160]}")
            return float("nan")
        return time.perf_counter() - began

    times = await asyncio.gather(*(one(page) for page in pages))
    for error in sorted(set(errors)):
        print(f"  {errors.count(error)} pages failed: {error}")
    if served:
        print(f"  (the server had sent the whole page after median {statistics.median(served):.1f} s, "
              f"max {max(served):.1f} s; the rest is the browser starting the widgets)")
    return list(times), pages


# --- one page in one browser: what it costs the browser ------------------------------------------------------------

def chromium_cpu() -> dict[str, float]:
    """CPU seconds used so far by this script's Chromium processes, by kind (renderer, browser, network, GPU)."""
    used: dict[str, float] = {}
    for process in psutil.Process().children(recursive=True):
        with contextlib.suppress(psutil.Error):
            if "chrom" not in process.name():
                continue
            kind = "browser"
            for part in process.cmdline():
                if part.startswith("--type="):
                    kind = part.removeprefix("--type=")
                if part.startswith("--utility-sub-type="):
                    kind = part.rsplit(".", 1)[-1]
            times = process.cpu_times()
            used[kind] = used.get(kind, 0.0) + times.user + times.system
    return used


def download_kind(path: str) -> str:
    if path.startswith("/voila/static/"):
        return "Voila's application (/voila/static)"
    if path.startswith("/voila/labextensions/"):
        return "front-end extensions (/voila/labextensions: " + path.split("/")[3].split("@")[-1] + ")"
    if path.startswith("/voila/templates/"):
        return "template styles (/voila/templates)"
    if path.startswith("/voila/render/"):
        return "the page (HTML)"
    return "other (" + path.split("?")[0][:40] + ")"


async def one_page(browser: Browser, url: str, loads: int = 5, ready: str = ".dos-hand-0",
                   label: str = "ONE PAGE") -> float:
    """Open ``url`` in ``loads`` fresh contexts one after the other, each until ``ready`` shows; print what one
    page costs the browser and return Chromium's median CPU seconds per page."""
    times, cpus, kinds = [], [], []
    downloads: dict[str, list[int]] = {}
    headers: dict[str, str] = {}
    for load in range(loads):
        context = await browser.new_context(viewport={"width": 1280, "height": 900})
        page = await context.new_page()
        fetched: list[Any] = []
        page.on("requestfinished", lambda request, into=fetched: into.append(request))
        before, began = chromium_cpu(), time.perf_counter()
        await page.goto(url, timeout=TIMEOUT_MS, wait_until="commit")
        await page.locator(ready).wait_for(state="visible", timeout=TIMEOUT_MS)
        times.append(time.perf_counter() - began)
        await asyncio.sleep(0.5)  # the page settles (the last widgets, the navigation bar's rule links)
        after = chromium_cpu()
        used = {kind: after.get(kind, 0.0) - before.get(kind, 0.0) for kind in after}
        cpus.append(sum(used.values()))
        kinds.append(used)
        if load == 0:
            for request in fetched:
                path = "/" + request.url.split("/", 3)[-1]
                sizes = await request.sizes()
                downloads.setdefault(download_kind(path), []).append(sizes["responseBodySize"])
                response = await request.response()
                if response is not None:
                    headers.setdefault(download_kind(path), (await response.all_headers()).get("cache-control", "-"))
        await page.close(run_before_unload=True)
        await context.close()
        await asyncio.sleep(3)
    median = statistics.median(cpus)
    middle = kinds[cpus.index(sorted(cpus)[len(cpus) // 2])]
    print(f"{label} at a time ({loads} fresh browser contexts): ready after median {statistics.median(times):.1f} s "
          f"(max {max(times):.1f} s); Chromium CPU per page median {median:.1f} s "
          f"({', '.join(f'{kind} {used:.1f}' for kind, used in sorted(middle.items(), key=lambda kv: -kv[1]))})")
    total = sum(sum(sizes) for sizes in downloads.values())
    print(f"  the page downloads {sum(len(s) for s in downloads.values())} files, {total / 2**20:.1f} MB:")
    for kind, sizes in sorted(downloads.items(), key=lambda kv: -sum(kv[1])):
        print(f"    {sum(sizes) / 1024:7.0f} kB in {len(sizes):2} files   {kind}   "
              f"(Cache-Control: {headers.get(kind, '-')})")
    return median


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
    parser.add_argument("--server-only", action="store_true", help="protocol clients only, no browsers")
    parser.add_argument("--one-page", action="store_true", help="only what one page costs the browser")
    parser.add_argument("--pin", action="store_true",
                        help=f"server and kernels on core {SERVER_CORE}, browsers and protocol clients on core "
                             f"{CLIENT_CORE} (as if the students' devices were separate)")
    args = parser.parse_args()
    if not args.server_only and not CHROMIUM.exists():
        sys.exit(f"{CHROMIUM} is missing: apt-get install -y chromium")
    n = args.students
    print(f"machine: {psutil.cpu_count()} cores, load average {psutil.getloadavg()[0]:.1f} (other work shares them)"
          + (f"; pinned: server on core {SERVER_CORE}, clients on core {CLIENT_CORE}" if args.pin else ""))
    if args.pin:
        os.sched_setaffinity(0, {CLIENT_CORE})
    with tempfile.TemporaryDirectory() as wrapper_dir:
        chromium = Path(wrapper_dir) / "chromium"  # Playwright starts the browser: pin it through a wrapper
        chromium.write_text(f"#!/bin/sh\nexec taskset -c {CLIENT_CORE} {CHROMIUM} \"$@\"\n")
        chromium.chmod(0o755)
        async with async_playwright() as p:
            browser = None
            if not args.server_only:
                browser = await p.chromium.launch(executable_path=str(chromium if args.pin else CHROMIUM),
                                                  args=CHROMIUM_ARGS)
            if args.one_page:
                assert browser is not None
                await page_cost(browser, args, n)
            else:
                await classroom(browser, args, n)
            if not args.skip_cold and not args.one_page:
                await cold(browser, args, n)
            if browser is not None:
                await browser.close()


async def server_then_browsers(browser: Browser | None, proc: subprocess.Popen[bytes], base: str, n: int,
                               pools: int, pool: str) -> list[Any] | None:
    """``n`` protocol clients at once, then (with a browser, once the pools are full and the server is quiet)
    ``n`` browser pages at once; returns the open pages (None without a browser)."""
    report(f"SERVER ONLY (protocol clients): {n} students at once, {pool}", await protocol_class(f"{base}/", n))
    if browser is None:
        return None
    print(f"  (pools full and the server quiet again after {await wait_quiet(proc, pools):.0f} s)")
    times, pages = await class_opens(browser, f"{base}/", n)
    report(f"BROWSERS (headless Chromium on this machine): {n} students at once, {pool}", times)
    return pages


async def classroom(browser: Browser | None, args: argparse.Namespace, n: int) -> None:
    proc, base, warm = start("--class", str(n), pin=args.pin)
    try:
        pools = n + 13  # the home page's pool and one kernel for each tutorial and lesson
        print(f"dos-lab --class {n}: ready (pools warm) after {warm:.1f} s with {len(kernels(proc))} kernels")
        if browser is not None:
            least(n, await one_page(browser, f"{base}/"), args.pin)
            await wait_quiet(proc, pools)
        pages = await server_then_browsers(browser, proc, base, n, pools, f"pool of {n}")
        if browser is None or pages is None:
            return
        memory(proc)
        await close_all(pages)
        times, pages = await class_opens(browser, f"{base}/", n)
        report(f"BROWSERS: {n} more right after they closed", times)
        await close_all(pages)
        await asyncio.sleep(args.wait)
        left = len(kernels(proc))
        print(f"{args.wait} s after the last pages closed: {left} kernels running, "
              f"{max(0, left - pools)} of them for pages (the other {min(left, pools)} are the warm pools)")
    finally:
        stop(proc)


def least(n: int, cpu: float, pin: bool) -> None:
    cores = 1 if pin else psutil.cpu_count()
    print(f"  so {n} pages at once need about {n * cpu:.0f} s of Chromium CPU: at least {n * cpu / cores:.0f} s on "
          f"{cores} core{'s' if cores > 1 else ''} before the last table shows, however fast the server is")


async def page_cost(browser: Browser, args: argparse.Namespace, n: int) -> None:
    """``--one-page``: a site with a warm home page, one student at a time; then the floor of any Voilà page."""
    proc, base, _ = start("--class", "2", pin=args.pin)
    try:
        least(n, await one_page(browser, f"{base}/"), args.pin)
    finally:
        stop(proc)
    await voila_floor(browser, args, n)


#: the least a Voilà page can be: one line of text and one button
FLOOR_NOTEBOOK = {"cells": [{"cell_type": "code", "execution_count": None, "id": "button", "metadata": {},
                             "outputs": [], "source": "import ipywidgets\nipywidgets.Button(description='OK')"}],
                  "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
                  "nbformat": 4, "nbformat_minor": 5}


async def voila_floor(browser: Browser, args: argparse.Namespace, n: int) -> None:
    """What the browser spends on a Voilà page with a single button, served by plain Voilà: no page of the site
    can cost less, so ``students × this ÷ cores`` bounds any Voilà site's time for a class on this machine."""
    with tempfile.TemporaryDirectory() as folder:
        notebook = Path(folder) / "floor.ipynb"
        notebook.write_text(json.dumps(FLOOR_NOTEBOOK), encoding="utf-8")
        port = free_port()
        command = [sys.executable, "-m", "voila", str(notebook), "--no-browser", f"--port={port}"]
        if args.pin:
            command = ["taskset", "-c", str(SERVER_CORE), *command]
        proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, text=True)
        try:
            for _ in range(300):
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}/voila/static/voila.js", timeout=2):
                        break
                except OSError:
                    await asyncio.sleep(0.2)
            least(n, await one_page(browser, f"http://127.0.0.1:{port}/", ready=".widget-button",
                                    label="A ONE-BUTTON VOILA PAGE (the floor of any Voila page)"), args.pin)
        finally:
            stop(proc)


async def cold(browser: Browser | None, args: argparse.Namespace, n: int) -> None:
    """A server without a class pool (``dos-lab`` alone: one warm home page)."""
    proc, base, _ = start(pin=args.pin)
    try:
        pages = await server_then_browsers(browser, proc, base, n, 1, "no class pool")
        if pages is not None:
            await close_all(pages)
    finally:
        stop(proc)


if __name__ == "__main__":
    asyncio.run(main())
