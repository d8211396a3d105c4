"""Where a ``dos-lab`` site keeps its class: the class store's address, and this process's connection to it.

``dos-lab`` tells its kernels through the environment: ``DOS_LAB_STORE`` (``--store``) and ``DOS_LAB_AWAY_AFTER``
(``--away-after``); without them the store is ``class.db`` in Jupyter's data folder, under ``dos-lab``.
"""

from __future__ import annotations

import functools
import os
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from dos_lab.classroom.store import ClassStore

__all__ = ["AWAY_ENV", "CACHE_ENV", "SITE_ENV", "STORE_ENV", "class_store", "class_store_address", "data_folder",
           "on_a_site", "read_shared", "shared_path", "store_shared"]

#: how ``dos-lab --store`` tells its kernels where the class store is
STORE_ENV = "DOS_LAB_STORE"
#: how ``dos-lab --away-after`` tells them when a student who left is played for
AWAY_ENV = "DOS_LAB_AWAY_AFTER"
#: how ``dos-lab`` tells its kernels the folder it serves
SITE_ENV = "DOS_LAB_SITE"
#: how ``dos-lab`` tells its kernels the private folder where what one of them made waits for the others
CACHE_ENV = "DOS_LAB_CACHE"


def shared_path(name: str) -> Path | None:
    """Where the site's kernels share the file ``name`` (:data:`CACHE_ENV`), or None outside a site (nbval,
    JupyterLab), where nothing is shared."""
    folder = os.environ.get(CACHE_ENV)
    return Path(folder) / name if folder else None


def read_shared(path: Path) -> bytes | None:
    """A shared file's bytes, or None if no kernel has stored it (yet)."""
    try:
        return path.read_bytes()
    except OSError:
        return None


def store_shared(path: Path, data: bytes) -> None:
    """Store a shared file for the other kernels; nothing happens if the folder cannot take it.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     store_shared(Path(folder) / "count", b"15"); read_shared(Path(folder) / "count")
    b'15'
    """
    partial = path.with_suffix(f".{os.getpid()}")
    try:  # written aside and renamed: a kernel reading at the same moment sees all of it or nothing
        partial.write_bytes(data)
        os.replace(partial, path)
    except OSError:
        pass


def class_store_address() -> str:
    """Where the site keeps its rooms and the class's results: what ``dos-lab --store`` was given (the kernels
    hear it through ``DOS_LAB_STORE``), else ``class.db`` in Jupyter's data folder, under ``dos-lab``."""
    value = os.environ.get(STORE_ENV)
    if value:
        return value
    folder = data_folder()
    folder.mkdir(parents=True, exist_ok=True)
    return str(folder / "class.db")


def data_folder() -> Path:
    """``dos-lab`` in Jupyter's data folder: where the class store and the class token of ``--lan`` are kept."""
    from jupyter_core.paths import jupyter_data_dir

    return Path(jupyter_data_dir()) / "dos-lab"


@functools.cache
def class_store() -> ClassStore:
    """This kernel's connection to the class store (one per process)."""
    from dos_lab.classroom.store import AWAY_AFTER, ClassStore

    return ClassStore(class_store_address(), away_after=float(os.environ.get(AWAY_ENV) or AWAY_AFTER))


def on_a_site() -> bool:
    """True in a page that ``dos-lab`` serves (where there is a class to send to), False in plain Jupyter."""
    return bool(os.environ.get(SITE_ENV))
