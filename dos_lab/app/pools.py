"""Keeping Voilà's pools of pre-heated kernels usable.

A pre-heated kernel waits in its page's pool, having run the page already. It can die while it waits: the
machine ran short of memory, or (under the load of a class arriving at once) it never came up. Voilà would
still hand it to the next visitor, and the page would be broken: a tutorial's text from the earlier run with
no exercise that answers, or the home page's "An exception occurred at the server". So before a page is
served, and every few seconds for every page, the site takes such kernels out of their pool, stops them, and
starts replacements; a visitor who arrives before a replacement is ready gets a kernel started for them, as
without a pool.

A kernel is only "dead" here if its process has ended: the site runs with Jupyter's automatic kernel restart
off (``voila.json``), because a restarted kernel has lost the page it ran and would look alive.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

__all__ = ["failed_to_start", "prune_pools", "unusable"]


async def unusable(manager: Any, item: asyncio.Future[dict[str, Any]]) -> bool:
    """Whether a pool entry can no longer serve a page: its kernel failed to start, its run of the page
    failed, or its kernel's process has ended. An entry still starting is not judged yet."""
    if not item.done():
        return False
    if failed_to_start(item):
        return True
    started = item.result()
    render: asyncio.Future[Any] = started["task"]
    if render.done() and (render.cancelled() or render.exception() is not None):
        return True
    kernel_id = started["kernel_id"]
    if kernel_id not in manager:
        return True
    return not await manager.get_kernel(kernel_id).is_alive()


def failed_to_start(item: asyncio.Future[dict[str, Any]]) -> bool:
    """Whether a pool entry ended without a kernel (an entry still starting has not failed)."""
    return item.done() and (item.cancelled() or item.exception() is not None)


async def prune_pools(manager: Any, notebooks: list[str] | None = None) -> int:
    """Take the unusable entries out of these pages' pools (default: every page's), stop their kernels, and
    start as many new ones (Voilà's own refill). Returns how many were taken out."""
    pools: dict[str, list[asyncio.Future[dict[str, Any]]]] = getattr(manager, "_pools", {})
    names = list(pools) if notebooks is None else [name for name in notebooks if name in pools]
    dead = {name: [item for item in list(pools[name]) if await unusable(manager, item)] for name in names}
    # Voilà's shutdown_kernel reads the result of every pool entry, so entries that failed to start leave
    # every pool before any kernel is stopped
    for name, pool in pools.items():
        dead.setdefault(name, []).extend(item for item in pool if failed_to_start(item) and item not in dead[name])
    taken = 0
    for name, items in dead.items():
        gone = [item for item in items if item in pools[name]]  # a visitor may have taken one while we looked
        for item in gone:
            if item in pools[name]:
                pools[name].remove(item)
            if not failed_to_start(item) and item.result()["kernel_id"] in manager:
                with contextlib.suppress(Exception):  # already gone is what we want
                    await manager.shutdown_kernel(item.result()["kernel_id"], now=True)
        if gone:
            manager.log.warning("%d pre-heated kernel(s) of %s died or failed to start; starting new ones",
                                len(gone), name)
            manager.fill_if_needed(delay=0, notebook_name=name)
            taken += len(gone)
    return taken
