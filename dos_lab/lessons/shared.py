"""Pictures and records the kernels of one site draw once and share (a folder the site names in
``DOS_LAB_CACHE``): the first kernel to need one makes it, the others read it."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from dos_lab.classroom.site import read_shared, shared_path, store_shared
from dos_lab.i18n import get_language

__all__ = ["site_picture", "site_shared"]


def site_shared(key: tuple[Any, ...], make: Callable[[], bytes]) -> bytes:
    """``make()``, remembered for the other kernels of the same ``dos-lab`` site.

    A class opens the same lesson with the same seeded first pictures and reference games. They are made once
    per site, in a short-lived child process where the system can fork, and every kernel reads them back: no
    page's kernel loads matplotlib (about 35 MB of memory) or fills the engine's caches (about 15 MB for a
    150-game tournament) for them. The site names a private folder in ``DOS_LAB_CACHE`` and removes it when it
    stops; elsewhere (nbval, JupyterLab) this is just ``make()``.
    """
    code = sorted((f.name, f.stat().st_mtime_ns) for f in Path(__file__).parent.glob("*.py"))
    path = shared_path(hashlib.sha256(repr((key, get_language(), code)).encode()).hexdigest())
    if path is None:
        return make()
    stored = read_shared(path)
    if stored is None and hasattr(os, "fork"):
        child = os.fork()
        if child == 0:  # the child makes, stores and leaves at once (no clean-up of the kernel's state)
            try:
                store_shared(path, make())
            finally:
                os._exit(0)
        os.waitpid(child, 0)
        stored = read_shared(path)
    if stored is not None:
        return stored
    made = make()
    store_shared(path, made)
    return made


def site_picture(key: tuple[Any, ...], make: Callable[[], tuple[str, bytes]]) -> tuple[str, bytes]:
    """``make()`` (a text and a PNG picture), drawn once per site (:func:`site_shared`)."""

    def encoded() -> bytes:
        text, image = make()
        said = text.encode()
        return len(said).to_bytes(4, "big") + said + image

    stored = site_shared(("picture", *key), encoded)
    size = int.from_bytes(stored[:4], "big")
    return stored[4:4 + size].decode(), stored[4 + size:]
