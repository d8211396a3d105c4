"""The moment a page gets its kernel, when a loaded machine makes everything slow: a pre-heated kernel keeps
waiting for its visitor's address through a dropped connection, a kernel handed to a page is not culled before the
page's browser connects, and the server's own computer is never treated as a script that asks for pages without a
browser (:mod:`dos_lab.app.page`, :mod:`dos_lab.app.shares`)."""

from __future__ import annotations

import asyncio
import contextvars
import json
import os
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace
from typing import Any

import pytest
from websockets.sync.server import Server, ServerConnection, serve

from dos_lab.app.page import wait_for_request
from dos_lab.app.shares import KernelShares

from conftest import free_port


@pytest.fixture
def request_server() -> Iterator[tuple[int, list[str]]]:
    """Voilà's ``/voila/query/<kernel>`` socket as a busy server may behave: the first connection closes without
    a word, the next one hands over the visitor's request."""
    port, seen = free_port(), []

    def answer(connection: ServerConnection) -> None:
        seen.append(connection.request.path if connection.request else "")
        if len(seen) == 1:
            connection.close()
            return
        connection.send(json.dumps({"QUERY_STRING": "seed=7&position=colour-match"}))
        connection.recv()  # the kernel closes once it has read the request

    server: Server = serve(answer, "127.0.0.1", port)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield port, seen
    finally:
        server.shutdown()


def test_a_waiting_kernel_listens_again_when_its_connection_drops(request_server: tuple[int, list[str]],
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    port, seen = request_server
    monkeypatch.setenv("VOILA_APP_PORT", str(port))
    monkeypatch.setenv("VOILA_KERNEL_ID", "k1")
    monkeypatch.setenv("QUERY_STRING", "")
    wait_for_request()
    assert seen == ["/voila/query/k1", "/voila/query/k1"]
    assert os.environ["QUERY_STRING"] == "seed=7&position=colour-match"


def test_a_server_that_cannot_be_reached_leaves_the_page_its_defaults(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VOILA_APP_PORT", str(free_port()))  # nobody listens there
    monkeypatch.setenv("QUERY_STRING", "")
    wait_for_request(give_up_after=1.5)
    assert os.environ["QUERY_STRING"] == ""


class Kernels:
    """The part of Jupyter's kernel manager that :class:`KernelShares` uses, with kernels that are only records."""

    def __init__(self) -> None:
        self.kernels: dict[str, SimpleNamespace] = {}
        self._kernel_connections: dict[str, int] = {}

    async def start_kernel(self, **_: Any) -> str:
        kernel_id = f"k{len(self.kernels) + 1}"
        self.kernels[kernel_id] = SimpleNamespace(last_activity=datetime(2026, 1, 1, tzinfo=UTC))
        return kernel_id

    def get_kernel(self, kernel_id: str) -> SimpleNamespace:
        return self.kernels[kernel_id]

    def notify_connect(self, kernel_id: str) -> None:
        self._kernel_connections[kernel_id] = self._kernel_connections.get(kernel_id, 0) + 1

    def list_kernel_ids(self) -> list[str]:
        return list(self.kernels)


def page_request(address: str) -> SimpleNamespace:
    return SimpleNamespace(request=SimpleNamespace(remote_ip=address), base_url="/",
                           set_cookie=lambda *_, **__: None)


def serve_page(shares: KernelShares, address: str) -> str:
    with shares.serving(page_request(address)) as given:
        started = contextvars.copy_context()  # the page being served, as the server's own loop would carry it
        # a loop of its own in a thread: an earlier test (Playwright's) may leave a loop running in this one
        with ThreadPoolExecutor(1) as thread:
            thread.submit(started.run, asyncio.run, shares.manager.start_kernel()).result()
    return given[0]


@pytest.mark.parametrize("address, waits", [("192.168.1.20", True), ("127.0.0.1", False), ("::1", False)])
def test_only_another_device_s_page_must_connect_within_the_limit(address: str, waits: bool) -> None:
    shares = KernelShares(Kernels(), per_device=6, connect_within=60)
    kernel = serve_page(shares, address)
    assert (kernel in shares.waiting) is waits


def test_a_kernel_handed_to_a_page_counts_as_active_then() -> None:
    shares = KernelShares(Kernels(), connect_within=60)
    kernel = serve_page(shares, "192.168.1.20")
    idle = datetime.now(UTC) - shares.manager.get_kernel(kernel).last_activity
    assert idle < timedelta(minutes=1)
