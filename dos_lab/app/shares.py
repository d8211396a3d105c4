"""Each page's kernel: the device it serves, that device's share of a class server's pages, and the page's own key
to stop it.

A page's kernel is what a class server has least of (``--max-kernels``). Without shares, one device (a student's
script, a browser reloading in a loop) could open every allowed page and every classmate would be refused. So:

- every kernel is noted with the address of the device whose page it runs, and a device that already has
  ``per_device`` pages open is refused another one with a short note, while other devices are still served;
  the computer the server runs on (the teacher's, on loopback) has no limit;
- a page whose browser has not connected to its kernel ``connect_within`` seconds after the page was sent is
  stopped: a real browser connects at once, and a script that only asks for pages must not keep kernels waiting
  for Jupyter's culler (a minute or two). A page that was connected and is closed is left to the culler. Pages
  of the server's own computer are not stopped so (as they have no limit, a script there gains nothing by it,
  and a teacher's busy laptop may be slow to connect);
- a kernel handed to a page counts as active at that moment, so Jupyter's culler cannot take a pre-heated kernel
  that waited idle in its pool before the page's browser has connected.

Only the page that a kernel serves may connect to it (its widgets show a student's hand), stop it, or read its
state: with the page, its browser gets a key in cookies that it sends only to that kernel's addresses (Voilà's
"shut my kernel down" on closing the tab, ``/voila/api/shutdown/<id>``, and Jupyter's ``/api/kernels/<id>`` with
its ``/channels``); a visitor who has learnt another page's kernel id, but not its key, is refused (403).

Kernels are noted while a page handler runs (a context variable holds its device and handler), by wrapping the
kernel manager's two ways of giving a page its kernel: starting one, or handing out a pre-heated one.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import secrets
import time
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from typing import Any

from jupyter_server._tz import utcnow

__all__ = ["KernelShares", "is_this_computer"]

#: the device whose page the running handler serves, the handler, and the kernels given to the page so far
_SERVING: ContextVar[tuple[str, Any, list[str]] | None] = ContextVar("dos_lab_serving", default=None)
#: the cookies that carry a page's key to its kernel's two addresses (a cookie name holds one path)
KEY_COOKIES = {"voila/api/shutdown": "dos_page_stop", "api/kernels": "dos_page"}


def is_this_computer(address: str) -> bool:
    """Whether a request comes from the computer the server runs on (loopback).

    >>> is_this_computer("127.0.0.1"), is_this_computer("::1"), is_this_computer("192.168.1.20")
    (True, True, False)
    """
    try:
        return ipaddress.ip_address(address.split("%")[0]).is_loopback
    except ValueError:
        return False


class KernelShares:
    """Which device each page's kernel serves; see the module's text."""

    def __init__(self, manager: Any, per_device: int = 0, connect_within: float = 0.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.manager = manager
        #: the most pages one device may have open (0: no limit)
        self.per_device = per_device
        #: seconds a page's browser has to connect to its kernel (0: as long as the culler allows)
        self.connect_within = connect_within
        self._clock = clock
        #: kernel id → the device's address
        self.device: dict[str, str] = {}
        #: kernel id → when its page was sent, for kernels whose browser has not connected yet
        self.waiting: dict[str, float] = {}
        #: kernel id → its page's key
        self.keys: dict[str, str] = {}
        self._wrap()

    def _wrap(self) -> None:
        manager = self.manager
        start, connected = manager.start_kernel, manager.notify_connect

        async def start_kernel(*args: Any, **kwargs: Any) -> str:
            kernel_id: str = await start(*args, **kwargs)
            self._given(kernel_id)
            return kernel_id

        def notify_connect(kernel_id: str) -> None:
            self.waiting.pop(kernel_id, None)
            connected(kernel_id)

        manager.start_kernel = start_kernel
        manager.notify_connect = notify_connect
        rendered = getattr(manager, "get_rendered_notebook", None)
        if rendered is not None:  # Voilà's pools of pre-heated kernels

            async def get_rendered_notebook(*args: Any, **kwargs: Any) -> Any:
                serving = _SERVING.set(None)  # the pool's refill, started in here, serves no device yet
                try:
                    handed = await rendered(*args, **kwargs)
                finally:
                    _SERVING.reset(serving)
                self._given(handed[2])  # (render task, rendered cells, kernel id)
                return handed

            manager.get_rendered_notebook = get_rendered_notebook

    def _given(self, kernel_id: str) -> None:
        serving = _SERVING.get()
        if serving is None:
            return
        address, handler, given = serving
        given.append(kernel_id)
        # a pre-heated kernel may have waited idle in its pool long enough for Jupyter's culler to take it in the
        # moment between being handed to this page and the page's browser connecting: from now on it is in use
        with contextlib.suppress(KeyError):
            self.manager.get_kernel(kernel_id).last_activity = utcnow()
        self.device[kernel_id] = address
        key = self.keys[kernel_id] = secrets.token_urlsafe(18)
        base = handler.base_url.rstrip("/")
        for path, name in KEY_COOKIES.items():
            handler.set_cookie(name, key, path=f"{base}/{path}/{kernel_id}", httponly=True, samesite="Strict")

    def owns(self, handler: Any, kernel_id: str) -> bool:
        """Whether a request about a running kernel comes from the page it serves (it carries the page's key).
        A kernel waiting in a pool serves no page yet, so no request owns it; one that is not running is for the
        request's own handler to answer (404)."""
        if kernel_id not in self._running():
            return True
        key = self.keys.get(kernel_id)
        return key is not None and any(secrets.compare_digest(handler.get_cookie(name) or "", key)
                                       for name in KEY_COOKIES.values())

    def _running(self) -> set[str]:
        """The kernels running now; what was noted of the others is forgotten."""
        running = set(self.manager.list_kernel_ids())
        for gone in [k for k in self.device if k not in running]:
            self.device.pop(gone, None)
            self.waiting.pop(gone, None)
            self.keys.pop(gone, None)
        return running

    def open_pages(self, address: str) -> int:
        """How many pages of this device have a running kernel."""
        self._running()
        return sum(1 for device in self.device.values() if device == address)

    def full(self, address: str) -> bool:
        """Whether this device has as many pages open as one device may."""
        return bool(self.per_device) and not is_this_computer(address) and self.open_pages(address) >= self.per_device

    @contextlib.contextmanager
    def serving(self, handler: Any) -> Iterator[list[str]]:
        """While ``handler`` serves a page: the kernels it is given are noted as its device's, its browser gets
        each one's key, and (with a cap) each waits for its browser from the moment the page has been sent."""
        given: list[str] = []
        token = _SERVING.set((handler.request.remote_ip or "", handler, given))
        try:
            yield given
        finally:
            _SERVING.reset(token)
            sent = self._clock()
            for kernel_id in given:
                if self.connect_within and not is_this_computer(self.device.get(kernel_id, "")) \
                        and self.manager._kernel_connections.get(kernel_id, 0) == 0:
                    self.waiting[kernel_id] = sent

    async def let_go_unconnected(self) -> list[str]:
        """Stop the kernels whose browser has not connected ``connect_within`` seconds after their page was sent;
        returns their ids."""
        now, running = self._clock(), self._running()
        late = [k for k, sent in self.waiting.items() if now - sent >= self.connect_within]
        stopped = []
        for kernel_id in late:
            self.waiting.pop(kernel_id, None)
            if kernel_id in running and self.manager._kernel_connections.get(kernel_id, 0) == 0:
                with contextlib.suppress(Exception):  # already gone is what we want
                    await self.manager.shutdown_kernel(kernel_id, now=True)
                    stopped.append(kernel_id)
        return stopped

    async def watch(self, interval: float = 5.0) -> None:
        """Let unconnected pages go every ``interval`` seconds, for the server's life."""
        while True:
            await asyncio.sleep(interval)
            with contextlib.suppress(Exception):  # the next look tries again; the server must go on serving
                await self.let_go_unconnected()
